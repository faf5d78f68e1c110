"""One deep stack whose blocks have their own weights, Pre-LN beside Post-LN: the gradient that reaches each block's
input (after Xiong et al. 2020, "On Layer Normalization in the Transformer Architecture", §3).

Block 1 is the lesson's block (engine.block.LESSON_WEIGHTS); blocks 2 … N draw their own weights from
numpy.random.default_rng(SEED), each matrix Gaussian with the root-mean-square entry of the lesson's matrix of the
same name (W_Q, W_K, W_V 0.50, W_O 0.35, W_1 0.40, W_2 0.38; biases 0 like the lesson's), so every block has the
lesson block's scale but not its numbers. P is added once, at block 1's input. The same weights serve both variants:

    Pre-LN  x_k = x_{k-1} + F(LN(x_{k-1}))   (twice a block), out = LN(x_N)   (one final LayerNorm, GPT-2's ln_f)
    Post-LN x_k = LN(x_{k-1} + F(x_{k-1}))   (twice a block), out = x_N

L = out[a, 0], token a's first output entry. For block k the record holds ‖∂L/∂x_{k-1}‖, the gradient reaching that
block's input: `total` is the whole gradient (every path, by the blocks' Jacobians from central differences), `skip`
the skip line's share alone (Pre-LN: its final LayerNorm's factor, then the identity through every block, so one value
for every k; Post-LN: through both LayerNorms' Jacobians of each block from N down to k). tests/test_depth_layers.py
checks both against torch autograd.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.block import LESSON_POSITIONS, LESSON_WEIGHTS, LESSON_X, BlockWeights, attention_sublayer, ffn_sublayer, prenorm_block, row_layer_norm
from engine.depth_grad import _jacobian, ln_jacobian, post_step, pre_step

SEED = 24  # numpy.random.default_rng(SEED) draws blocks 2 … N's weights
LAYERS = 24  # blocks in the stack


def rms(a) -> float:
    return float(np.sqrt(np.mean(np.square(a))))


@lru_cache(maxsize=4)
def stack_weights(blocks: int = LAYERS, seed: int = SEED) -> tuple:
    """(blocks,) BlockWeights: the lesson's block first, then blocks with their own seeded weights at its scale."""
    rng, W = np.random.default_rng(seed), LESSON_WEIGHTS
    out = [W]
    for _ in range(blocks - 1):
        draw = {n: rng.normal(0.0, rms(getattr(W, n)), getattr(W, n).shape) for n in ("W_Q", "W_K", "W_V", "W_O", "W_1", "W_2")}
        out.append(BlockWeights(**draw, b_1=np.zeros(W.d_ff), b_2=np.zeros(W.d_model)))
    return tuple(out)


@dataclass(frozen=True, eq=False)
class LayerGradRecord:
    """Index k − 1 is block k's input (k = 1 … blocks): ‖∂out[a, 0]/∂x_{k-1}‖."""

    pre_total: np.ndarray  # (blocks,) Pre-LN, every path
    post_total: np.ndarray  # (blocks,) Post-LN, every path
    pre_skip: np.ndarray  # (blocks,) Pre-LN, the skip line alone (its final LayerNorm's factor at every block)
    post_skip: np.ndarray  # (blocks,) Post-LN, the skip line alone (two LayerNorm Jacobians a block)
    pre_std: np.ndarray  # (blocks + 1,) token a's std in Pre-LN's stream, at block 1's input … after block N
    blocks: int
    seed: int


def layer_gradients(X=LESSON_X, positions=LESSON_POSITIONS, eps: float = 0.0, blocks: int = LAYERS,
                    seed: int = SEED) -> LayerGradRecord:
    """The gradient of token a's first output entry at every block's input of one `blocks`-deep stack (module doc)."""
    ws = stack_weights(blocks, seed)
    x0 = prenorm_block(X, positions, ws[0], eps).X_in  # X + P
    pre, post = [x0], [x0]
    for w in ws:
        pre.append(pre_step(pre[-1], w, eps))
        post.append(post_step(post[-1], w, eps))
    e = np.zeros(x0.size)
    e[0] = 1.0
    res = {}
    for name, stream, step in (("pre", pre, pre_step), ("post", post, post_step)):
        g = ln_jacobian(stream[-1], eps).T @ e if name == "pre" else e
        total, skip = [], []
        t, s = g, g
        for k in range(blocks - 1, -1, -1):
            x, w = stream[k], ws[k]
            t = _jacobian(lambda v: step(v, w, eps), x).T @ t
            if name == "post":
                s1 = x + attention_sublayer(x, w)[-1]
                z = row_layer_norm(s1, eps)[0]
                s = ln_jacobian(s1, eps).T @ (ln_jacobian(z + ffn_sublayer(z, w)[-1], eps).T @ s)
            total.append(np.linalg.norm(t))
            skip.append(np.linalg.norm(s))
        res[name] = (np.array(total[::-1]), np.array(skip[::-1]))
    return LayerGradRecord(pre_total=res["pre"][0], post_total=res["post"][0], pre_skip=res["pre"][1],
                           post_skip=res["post"][1], pre_std=np.array([x[0].std() for x in pre]), blocks=int(blocks),
                           seed=int(seed))
