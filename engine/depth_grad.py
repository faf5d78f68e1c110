"""The gradient through the lesson's block stacked three deep (engine.depth), as Pre-LN and as Post-LN: what the skip
line does to a gradient on its way back to the first block (Xiong et al. 2020, "On Layer Normalization in the
Transformer Architecture", §3: Pre-LN keeps an identity term per block, Post-LN passes LayerNorm's Jacobian).

The loss is one number of the output, token a's first entry, so the gradient at the output is the unit vector e_{a,0}.
The output is where each stack ends: Post-LN's last block ends in a LayerNorm (out = x_3), Pre-LN's stack in one final
LayerNorm (out = LN(x_3), GPT-2's ln_f), so both start from 1.00 at out and Pre-LN pays LayerNorm's factor once, there:
for a unit gradient on entry i of a row with std σ and normalised entries y (d of them),

    ‖J e_i‖ = √(1 − 1/d − y_i²/d) / σ          (J = (I − 11ᵀ/d − y yᵀ/d) / σ, symmetric; ε = 0)

(the gradient divided by σ, its mean and its part along y removed). Going back one block:

    Pre-LN  x_{k+1} = x_k + F(LN(x_k)):  ∂L/∂x_k = (I + ∂F/∂x)ᵀ ∂L/∂x_{k+1}  — the skip line's share is the identity
    Post-LN x_{k+1} = LN(z + F(z)), z = LN(x_k + A(x_k)):  the skip line passes both LayerNorms' Jacobians

`skip` follows only the skip line's share back (Pre-LN: the gradient itself; Post-LN: through each LN's Jacobian,
J = (I − 11ᵀ/d)/σ − (x − μ)(x − μ)ᵀ/(d σ³) per row); `total` is the whole gradient, by central differences on the
stack (tests/test_depth_grad.py checks both against torch autograd). Index 0 is the stream's end x_3 (Post-LN: the
output itself; Pre-LN: the final LayerNorm's input, after that LayerNorm's factor), index k the input of block 4 − k
(index 3: block 1's input).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.block import LESSON_POSITIONS, LESSON_WEIGHTS, LESSON_X, BlockWeights, attention_sublayer, ffn_sublayer, row_layer_norm
from engine.depth import DEPTH, stacked_blocks


@dataclass(frozen=True, eq=False)
class DepthGradRecord:
    """Gradient norms of L = out[0, 0], from the stream's end x_3 (index 0) back to block 1's input (index `blocks`);
    at out itself both are 1.00 (Pre-LN's out = LN(x_3), its final LayerNorm)."""

    pre_skip: np.ndarray  # (blocks + 1,) Pre-LN: the skip line's share (the final LN's factor, then the identity every block)
    post_skip: np.ndarray  # (blocks + 1,) Post-LN: the skip line's share, through two LN Jacobians a block
    pre_total: np.ndarray  # (blocks + 1,) the whole gradient
    post_total: np.ndarray  # (blocks + 1,)
    blocks: int
    final_gain: float  # Pre-LN's final LayerNorm: ‖∂out[a, 0]/∂x_3‖ (= pre_skip[0])
    final_sigma: float  # token a's std at the final LayerNorm's input (√(var + ε))
    final_y: float  # token a's entry 0 after the final LayerNorm (y_0)
    d: int  # the model width


def ln_unit_gain(sigma: float, y_i: float, d: int) -> float:
    """‖J e_i‖ = √(1 − 1/d − y_i²/d) / σ: the length a unit gradient on entry i keeps through LayerNorm (ε = 0)."""
    return float(np.sqrt(1.0 - 1.0 / d - y_i ** 2 / d) / sigma)


def ln_jacobian(x, eps: float = 0.0) -> np.ndarray:
    """∂LN(x)/∂x for x (T, d), rows normalised one by one (γ = 1, β = 0): (T·d, T·d), block-diagonal by row."""
    x = np.asarray(x, dtype=float)  # (T, d)
    T, d = x.shape
    J = np.zeros((T * d, T * d))
    for t in range(T):
        c = x[t] - x[t].mean()  # (d,)
        s = np.sqrt((c ** 2).mean() + eps)
        J[t * d:(t + 1) * d, t * d:(t + 1) * d] = (np.eye(d) - 1.0 / d) / s - np.outer(c, c) / (d * s ** 3)
    return J


def pre_step(x, weights: BlockWeights = LESSON_WEIGHTS, eps: float = 0.0) -> np.ndarray:
    """One Pre-LN block: x + A(LN(x)), then + F(LN(·))."""
    z = x + attention_sublayer(row_layer_norm(x, eps)[0], weights)[-1]
    return z + ffn_sublayer(row_layer_norm(z, eps)[0], weights)[-1]


def post_step(x, weights: BlockWeights = LESSON_WEIGHTS, eps: float = 0.0) -> np.ndarray:
    """One Post-LN block: LN(x + A(x)), then LN(· + F(·))."""
    z = row_layer_norm(x + attention_sublayer(x, weights)[-1], eps)[0]
    return row_layer_norm(z + ffn_sublayer(z, weights)[-1], eps)[0]


def _jacobian(f, x, h: float = 1e-6) -> np.ndarray:
    """∂f(x)/∂x by central differences: (T·d, T·d)."""
    n = x.size
    J = np.zeros((n, n))
    for i in range(n):
        e = np.zeros(n)
        e[i] = h
        J[:, i] = (f(x + e.reshape(x.shape)) - f(x - e.reshape(x.shape))).ravel() / (2 * h)
    return J


def depth_gradients(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                    eps: float = 0.0, blocks: int = DEPTH) -> DepthGradRecord:
    """The gradient of token a's first output entry, back through `blocks` blocks of each variant (engine.depth's
    streams: the same weights in every block, P once at the input)."""
    r = stacked_blocks(X, positions, weights, eps, blocks)
    e = np.zeros(r.pre[0].size)
    e[0] = 1.0  # ∂L/∂out for L = out[a, 0]
    final = ln_jacobian(r.pre[-1], eps).T @ e  # Pre-LN: back through its final LayerNorm, out = LN(x_3)
    out = {}
    for name, stream, step in (("pre", r.pre, pre_step), ("post", r.post, post_step)):
        g = final if name == "pre" else e
        total, skip = [g], [g]
        for k in range(blocks - 1, -1, -1):  # from the last block back to the first
            x = stream[k]
            total.append(_jacobian(lambda v: step(v, weights, eps), x).T @ total[-1])
            if name == "pre":
                skip.append(skip[-1])  # the identity: the skip line hands the gradient on unchanged
            else:
                s1 = x + attention_sublayer(x, weights)[-1]
                z = row_layer_norm(s1, eps)[0]
                s2 = z + ffn_sublayer(z, weights)[-1]
                skip.append(ln_jacobian(s1, eps).T @ (ln_jacobian(s2, eps).T @ skip[-1]))
        out[name] = (np.linalg.norm(skip, axis=1), np.linalg.norm(total, axis=1))
    row = r.pre[-1][0]
    sigma = float(np.sqrt(row.var() + eps))
    return DepthGradRecord(pre_skip=out["pre"][0], post_skip=out["post"][0], pre_total=out["pre"][1],
                           post_total=out["post"][1], blocks=int(blocks), final_gain=float(np.linalg.norm(final)),
                           final_sigma=sigma, final_y=float((row[0] - row.mean()) / sigma), d=int(row.size))
