"""A Pre-LN Transformer block, every intermediate kept: seed 000 ("03b4", the worked example with
positional encoding) and its P = 0 twin, lesson 03b3 (docs/design.md §3, "Lesson parameters for the
Pre-LN worked example").

    X_in = X + P                          P = sinusoidal(positions, d_model), or 0
    X̃    = LayerNorm(X_in)                per row, population variance, then γ ⊙ · + β (γ = 1, β = 0)
    head h:  Q = X̃ W_Q[h], K = X̃ W_K[h], V = X̃ W_V[h]
             S = Q Kᵀ,  E = S / √d_k,  A = row-softmax(E),  C = A V
    O    = Concat(C_1, …, C_H) W_O
    Z′   = X_in + O                       the residual adds back X_in, not X̃ (seed 000 §5)
    Z̃    = LayerNorm(Z′)
    F    = ReLU(Z̃ W_1 + b_1) W_2 + b_2
    Y    = Z′ + F

Seed 000 prints "variance 0.0637, std 0.2524" for row 1 of X_in; the correct values are 0.0697 and
0.2640 (the normalised row printed beside them is right). The record carries the correct values
(ln1_var, ln1_std) and, for the lesson's inputs, the printed ones read from
engine/golden/seed000.toml (erratum_*), so numbers.json documents the erratum and no scene reads
the golden table.

The swap test (docs/design.md §3, "a true contrast"): run the block again with the two
tokens' rows of X exchanged while the positions stay where they are. With P = 0 the block is
permutation-equivariant (LayerNorm, the FFN and the residuals act row by row, attention without a
mask permutes with its rows), so the outputs only swap: Y_swapped = Y with its rows exchanged,
exactly. With P the tokens meet different position rows, so the outputs change.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from engine.attention import softmax
from engine.positional import sinusoidal


# -- the lesson's parameters (docs/design.md §3) ---------------------------------------------------
LESSON_X = np.array([[1.0, 0.0, 0.0, 1.0],
                     [0.0, 1.0, 1.0, 0.0]])  # (T=2, d_model=4) two tokens
LESSON_POSITIONS = (0, 1)


def _select(d_model: int, dims) -> np.ndarray:
    """The (d_model, len(dims)) matrix that picks columns `dims` of a row vector."""
    w = np.zeros((d_model, len(dims)))  # (d, d_k)
    for k, j in enumerate(dims):
        w[j, k] = 1.0
    return w


@dataclass(frozen=True, eq=False)
class BlockWeights:
    """The block's parameters. W_Q, W_K, W_V stack one (d_model, d_k) matrix per head."""

    W_Q: np.ndarray  # (H, d, d_k)
    W_K: np.ndarray  # (H, d, d_k)
    W_V: np.ndarray  # (H, d, d_k)
    W_O: np.ndarray  # (H*d_k, d)
    W_1: np.ndarray  # (d, d_ff)
    W_2: np.ndarray  # (d_ff, d)
    b_1: np.ndarray  # (d_ff,)
    b_2: np.ndarray  # (d,)
    head_dims: tuple = ()  # for display: which X̃ columns each head selects, if it is a selection

    @property
    def n_heads(self) -> int:
        return self.W_Q.shape[0]

    @property
    def d_k(self) -> int:
        return self.W_Q.shape[2]

    @property
    def d_model(self) -> int:
        return self.W_O.shape[1]

    @property
    def d_ff(self) -> int:
        return self.W_1.shape[1]

    @classmethod
    def from_head_split(cls, head_dims, W_O, W_1, W_2, b_1=None, b_2=None) -> "BlockWeights":
        """W_Q = W_K = W_V = the column selection `head_dims[h]` for head h (the lesson's heads)."""
        W_1 = np.asarray(W_1, dtype=float)  # (d, d_ff)
        W_2 = np.asarray(W_2, dtype=float)  # (d_ff, d)
        d_model, d_ff = W_1.shape
        sel = np.stack([_select(d_model, dims) for dims in head_dims])  # (H, d, d_k)
        return cls(
            W_Q=sel, W_K=sel.copy(), W_V=sel.copy(),
            W_O=np.asarray(W_O, dtype=float),
            W_1=W_1, W_2=W_2,
            b_1=np.zeros(d_ff) if b_1 is None else np.asarray(b_1, dtype=float),
            b_2=np.zeros(d_model) if b_2 is None else np.asarray(b_2, dtype=float),
            head_dims=tuple(tuple(int(j) for j in dims) for dims in head_dims),
        )


LESSON_WEIGHTS = BlockWeights.from_head_split(
    head_dims=((0, 1), (2, 3)),  # head 1: dims 0–1 of X̃, head 2: dims 2–3
    W_O=0.5 * np.array([[1, 0, 1, 0],
                        [0, 1, 0, 1],
                        [1, 0, -1, 0],
                        [0, 1, 0, -1]]),  # (4, 4)
    W_1=0.5 * np.array([[1, -1, 0, 1, 1, 0, -1, 0],
                        [0, 1, 1, -1, 0, 1, 0, -1],
                        [1, 0, -1, 0, 1, -1, 0, 1],
                        [-1, 1, 0, 1, 0, 0, 1, -1]]),  # (4, 8)
    W_2=0.5 * np.array([[1, 0, 1, -1],
                        [0, 1, -1, 0],
                        [1, -1, 0, 1],
                        [-1, 0, 1, 0],
                        [0, 1, 0, 1],
                        [1, 0, -1, 0],
                        [0, -1, 0, 1],
                        [-1, 0, 1, 0]]),  # (8, 4)
)


# -- the pieces -------------------------------------------------------------------------------
def row_layer_norm(x, eps: float = 0.0, gamma=None, beta=None):
    """LayerNorm of each row (population variance), then the scale γ and shift β (default γ = 1,
    β = 0, the lesson's): (γ ⊙ normed + β, mean, var, std).

    Kept minimal on purpose: the lesson's variant only (engine.norms has the general one).
    """
    x = np.asarray(x, dtype=float)  # (T, d)
    gamma = np.ones(x.shape[1]) if gamma is None else np.asarray(gamma, dtype=float)  # (d,)
    beta = np.zeros(x.shape[1]) if beta is None else np.asarray(beta, dtype=float)  # (d,)
    mean = x.mean(axis=1)  # (T,)
    var = ((x - mean[:, None]) ** 2).mean(axis=1)  # (T,) population variance
    std = np.sqrt(var + eps)  # (T,)
    return gamma * (x - mean[:, None]) / std[:, None] + beta, mean, var, std


def attention_sublayer(x, weights: BlockWeights, causal: bool = False) -> tuple:
    """Multi-head attention on the rows of x (T, d), every intermediate kept:
    (Q, K, V, S, E, A, C) each (H, T, ·), concat (T, H*d_k), O = concat W_O (T, d)."""
    Q = np.einsum("td,hdk->htk", x, weights.W_Q)  # (H, T, d_k)
    K = np.einsum("td,hdk->htk", x, weights.W_K)  # (H, T, d_k)
    V = np.einsum("td,hdk->htk", x, weights.W_V)  # (H, T, d_k)
    S = Q @ K.transpose(0, 2, 1)  # (H, T, T)
    E = S * (1.0 / np.sqrt(Q.shape[2]))  # (H, T, T) scaled by 1/√d_k
    if causal:
        T = x.shape[0]
        future = np.triu(np.ones((T, T), dtype=bool), k=1)  # (T, T)
        A = softmax(np.where(future, -np.inf, E))  # (H, T, T)
    else:
        A = softmax(E)  # (H, T, T)
    C = A @ V  # (H, T, d_k)
    concat = np.concatenate(list(C), axis=1)  # (T, H*d_k)
    return Q, K, V, S, E, A, C, concat, concat @ weights.W_O


def ffn_sublayer(x, weights: BlockWeights) -> tuple:
    """The feed-forward layer on the rows of x (T, d): (H = x W_1 + b_1, R = ReLU(H), F = R W_2 + b_2)."""
    H = x @ weights.W_1 + weights.b_1  # (T, d_ff)
    R = np.maximum(H, 0.0)  # (T, d_ff)
    return H, R, R @ weights.W_2 + weights.b_2


@dataclass(frozen=True, eq=False)
class BlockRecord:
    """Every intermediate of one pass through the Pre-LN block (shapes for T tokens, H heads)."""

    X: np.ndarray  # (T, d) token embeddings
    positions: tuple | None  # None: P = 0
    P: np.ndarray  # (T, d)
    X_in: np.ndarray  # (T, d) = X + P
    ln1_mean: np.ndarray  # (T,)
    ln1_var: np.ndarray  # (T,) population variance
    ln1_std: np.ndarray  # (T,) sqrt(var + eps)
    X_tilde: np.ndarray  # (T, d)
    ln1_centred: np.ndarray  # (T, d) = X_in − μ per row: LayerNorm's first half (seed 000 §1)
    Q: np.ndarray  # (H, T, d_k)
    K: np.ndarray  # (H, T, d_k)
    V: np.ndarray  # (H, T, d_k)
    S: np.ndarray  # (H, T, T) = Q Kᵀ
    E: np.ndarray  # (H, T, T) = S / √d_k
    A: np.ndarray  # (H, T, T) row softmax of E
    C: np.ndarray  # (H, T, d_k) = A V
    concat: np.ndarray  # (T, H*d_k)
    O: np.ndarray  # (T, d) = concat W_O
    Z_prime: np.ndarray  # (T, d) = X_in + O
    ln2_mean: np.ndarray  # (T,)
    ln2_var: np.ndarray  # (T,)
    ln2_std: np.ndarray  # (T,)
    Z_tilde: np.ndarray  # (T, d)
    H: np.ndarray  # (T, d_ff) = Z̃ W_1 + b_1
    R: np.ndarray  # (T, d_ff) = ReLU(H)
    died: np.ndarray  # (T, d_ff) bool: entries the ReLU set to 0 (H < 0)
    ffn_entries: int  # T·d_ff: the entries of H the ReLU looks at
    relu_zeros: int  # how many of them it set to 0 (= died.sum())
    F: np.ndarray  # (T, d) = R W_2 + b_2
    Y: np.ndarray  # (T, d) = Z′ + F
    scale: float  # 1/√d_k
    d_k: int
    eps: float
    causal: bool
    head_dims: tuple
    W_Q: np.ndarray  # (H, d, d_k) each head's query weights: every head reads all d columns of X̃
    W_O: np.ndarray  # (H*d_k, d)
    W_1: np.ndarray  # (d, d_ff)
    W_2: np.ndarray  # (d_ff, d)
    ln_gamma: np.ndarray  # (d,) both LayerNorms' scale γ (all 1 in the lesson)
    ln_beta: np.ndarray  # (d,) both LayerNorms' shift β (all 0 in the lesson)


def prenorm_block(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                  eps: float = 0.0, causal: bool = False, base: float = 10000.0, residual: bool = True) -> BlockRecord:
    """One Pre-LN block on X (T, d_model) with P = sinusoidal(positions, d_model) (None: P = 0).

    Works for any X of the weights' width and any (real) positions; `causal` masks future keys
    (seed 000 does not mask: its A rows both span the two tokens). residual=False drops both shortcuts
    (Z′ = O, Y = F), seed 004 §4.4's use_shortcut=False applied to §4.5's block.
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))  # (T, d)
    T, d_model = X.shape
    if d_model != weights.d_model:
        raise ValueError(f"X has width {d_model}, the weights expect d_model = {weights.d_model}")
    if positions is None:
        P = np.zeros_like(X)  # (T, d)
    else:
        positions = tuple(float(p) if not float(p).is_integer() else int(p) for p in positions)
        if len(positions) != T:
            raise ValueError(f"{len(positions)} positions for {T} tokens")
        P = sinusoidal(positions, d_model, base)  # (T, d)
    X_in = X + P  # (T, d)
    gamma, beta = np.ones(d_model), np.zeros(d_model)  # (d,) ×2: LayerNorm's scale and shift, not learned here
    X_tilde, m1, v1, s1 = row_layer_norm(X_in, eps, gamma, beta)  # (T, d), (T,) ×3
    centred = X_in - m1[:, None]  # (T, d) x − μ, before the division by σ

    Q, K, V, S, E, A, C, concat, O = attention_sublayer(X_tilde, weights, causal)  # (H, T, ·) ×7, (T, H*d_k), (T, d)
    d_k = Q.shape[2]
    scale = 1.0 / np.sqrt(d_k)
    Z_prime = X_in + O if residual else O  # (T, d) residual around attention: X_in, not X̃
    Z_tilde, m2, v2, s2 = row_layer_norm(Z_prime, eps, gamma, beta)  # (T, d)
    H, R, F = ffn_sublayer(Z_tilde, weights)  # (T, d_ff) ×2, (T, d)
    died = H < 0  # (T, d_ff)
    Y = Z_prime + F if residual else F  # (T, d)
    return BlockRecord(
        X=X, positions=positions, P=P, X_in=X_in, ln1_mean=m1, ln1_var=v1, ln1_std=s1,
        X_tilde=X_tilde, ln1_centred=centred, Q=Q, K=K, V=V, S=S, E=E, A=A, C=C, concat=concat, O=O, Z_prime=Z_prime,
        ln2_mean=m2, ln2_var=v2, ln2_std=s2, Z_tilde=Z_tilde, H=H, R=R, died=died, F=F, Y=Y,
        ffn_entries=int(H.size), relu_zeros=int(died.sum()),
        scale=float(scale), d_k=int(d_k), eps=float(eps), causal=bool(causal),
        head_dims=weights.head_dims, W_Q=weights.W_Q, W_O=weights.W_O, W_1=weights.W_1, W_2=weights.W_2,
        ln_gamma=gamma, ln_beta=beta,
    )


# -- the lesson: seed 000 with P, beside lesson 03b3 with P = 0 --------------------------------
MIRROR_STEPS = ("X_tilde", "C", "O", "Z_prime", "Z_tilde", "H", "R", "F", "Y")


def row_mirror(a) -> bool:
    """True if the last two axes hold two rows with row 1 = −row 0 (to 1e-12)."""
    a = np.asarray(a, dtype=float)
    if a.ndim == 3:  # (H, T, k): every head
        return all(row_mirror(x) for x in a)
    return a.shape[0] == 2 and bool(np.allclose(a[1], -a[0], atol=1e-12, rtol=0))


@dataclass(frozen=True, eq=False)
class PrenormLesson(BlockRecord):
    """Seed 000's pass (with P) and every matrix of the same block with P = 0 (zero_*)."""

    zero_X_tilde: np.ndarray  # (T, d)
    zero_ln1_var: np.ndarray  # (T,)
    zero_S: np.ndarray  # (H, T, T)
    zero_A: np.ndarray  # (H, T, T)
    zero_C: np.ndarray  # (H, T, d_k)
    zero_O: np.ndarray  # (T, d)
    zero_Z_prime: np.ndarray  # (T, d)
    zero_Z_tilde: np.ndarray  # (T, d)
    zero_H: np.ndarray  # (T, d_ff)
    zero_R: np.ndarray  # (T, d_ff)
    zero_F: np.ndarray  # (T, d)
    zero_Y: np.ndarray  # (T, d)
    mirror_with_p: dict  # step -> row 1 = −row 0 ?
    mirror_zero: dict  # the same with P = 0
    uniform_rows: tuple  # (head, row) pairs whose attention row is uniform with P (a zero query)
    swap_order: tuple  # the swap test's token order (positions stay): (1, 0) for two tokens
    X_swapped: np.ndarray  # (T, d) = X[swap_order]
    Y_swapped: np.ndarray  # (T, d) the block's output for X_swapped, with P
    swap_change: np.ndarray  # (T, d) = Y_swapped − Y[swap_order]: nonzero, P makes order matter
    swap_change_max: float  # max |swap_change|
    zero_Y_swapped: np.ndarray  # (T, d) the same with P = 0
    zero_swap_change: np.ndarray  # (T, d) = zero_Y_swapped − zero_Y[swap_order]: exactly 0
    zero_swap_change_max: float  # max |zero_swap_change| (0.0)
    erratum_row: int | None  # seed 000 §1: the row of X_in whose statistics it prints wrongly
    erratum_printed_var: float | None  # printed 0.0637 (correct: ln1_var[1] = 0.0697)
    erratum_printed_std: float | None  # printed 0.2524 (correct: ln1_std[1] = 0.2640)
    erratum_note: str | None  # the erratum as engine/golden/seed000.toml states it
    with_p: bool = True  # the step-by-step pass adds P (True) or is the P = 0 pass (False)
    swap_positions: tuple = ()  # the positions of the swap test's pass with P
    p_Y: np.ndarray | None = None  # (T, d) the output with P (= Y when with_p), the swap test's reference
    Y_mean: np.ndarray | None = None; Y_std: np.ndarray | None = None; Z_tilde_mean: np.ndarray | None = None; Z_tilde_var: np.ndarray | None = None  # (T,) Y's rows' mean, std (not normalised); LN(Z′)'s: 0, var/(var + ε)
    post_Y: np.ndarray | None = None  # (T, d) Post-LN's output for the same inputs and weights (engine.postln)
    post_Y_mean: np.ndarray | None = None; post_Y_std: np.ndarray | None = None  # (T,) 0, and 1 when ε = 0: Post-LN normalises the sum
    post_sum1: np.ndarray | None = None  # (T, d) X_in + attention(X_in), Post-LN's first sum (its sublayer acts on the raw x)
    post_sum1_mean: np.ndarray | None = None; post_sum1_std: np.ndarray | None = None  # (T,) its rows' mean, std: its LN divides by the std
    post_Z: np.ndarray | None = None; post_F: np.ndarray | None = None  # (T, d) Post-LN's LN(X_in + O), and the FFN on it
    post_sum: np.ndarray | None = None  # (T, d) = post_Z + post_F, the second add before its LayerNorm (post_Y = LN(post_sum))
    post_sum_mean: np.ndarray | None = None; post_sum_std: np.ndarray | None = None  # (T,) its rows' mean, std: LN takes them to 0, 1

    @property
    def Y_swapped_by_token(self) -> np.ndarray:
        """(T, d) Y_swapped with its rows put back in the tokens' first order (row t: token t's output
        in the reordered pass), so it lines up row for row with p_Y: a token whose output moved
        differs in its own row."""
        return self.Y_swapped[np.argsort(self.swap_order)]  # (T, d)

    @property
    def zero_Y_swapped_by_token(self) -> np.ndarray:
        """(T, d) the same with P = 0: equal to zero_Y row for row (the outputs only trade places)."""
        return self.zero_Y_swapped[np.argsort(self.swap_order)]  # (T, d)


def swap_order(T: int, order=None) -> tuple:
    """The token order of the swap test: `order` as a tuple, by default the reversed sequence."""
    order = tuple(range(T))[::-1] if order is None else tuple(int(k) for k in order)
    if sorted(order) != list(range(T)):
        raise ValueError(f"{order} is not a reordering of {T} tokens")
    return order


def swapped_outputs(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                    eps: float = 0.0, order=None) -> tuple:
    """Y, the output for the reordered tokens X[order] at the same positions, and how far that
    output is from Y[order] (the rows of Y reordered): (Y, Y_swapped, change), each (T, d).

    change == 0 everywhere means the block only reorders its outputs when the tokens are reordered.
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))  # (T, d)
    order = list(swap_order(X.shape[0], order))
    Y = prenorm_block(X, positions, weights, eps).Y  # (T, d)
    Y_swapped = prenorm_block(X[order], positions, weights, eps).Y  # (T, d)
    return Y, Y_swapped, Y_swapped - Y[order]  # (T, d) ×3


def _is_lesson(X, positions, weights, eps) -> bool:
    X = np.asarray(X, dtype=float)
    return (X.shape == LESSON_X.shape and bool(np.array_equal(X, LESSON_X)) and positions is not None
            and tuple(positions) == LESSON_POSITIONS and weights is LESSON_WEIGHTS and eps == 0.0)


def printed_ln1_erratum() -> dict:
    """Seed 000's printed (wrong) row-1 variance and std, from engine/golden/seed000.toml."""
    from engine.golden import load_table

    rows = {r["id"]: r for r in load_table() if r["file"] == "seed000"}
    var, std = rows["ln1_row1_variance"], rows["ln1_row1_std"]
    return {"row": 1, "var": float(var["printed"]), "std": float(std["printed"]),
            "note": f"{var['erratum']}; {std['erratum']}"}


def prenorm_lesson(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                   eps: float = 0.0, order=None, with_p: bool = True) -> PrenormLesson:
    """The record of the prenorm_block scene: prenorm_block with P and with P = 0, and the swap
    test for both (the tokens reordered by `order`, default reversed, positions kept).

    with_p=False makes the step-by-step pass the P = 0 one (lesson 03b3): the BlockRecord fields
    then hold the P = 0 pass (positions None), and the swap test still compares P = 0 with P at
    `positions` (p_Y, Y_swapped, swap_change)."""
    p_pass = prenorm_block(X, positions, weights, eps)  # with P
    zero = prenorm_block(X, None, weights, eps)  # P = 0
    walk = p_pass if with_p else zero  # the record's main fields: the step-by-step pass
    # the same pass with LayerNorm after each add instead (as engine.postln.postln_block, which builds on this module)
    post_sum1 = walk.X_in + attention_sublayer(walk.X_in, weights, False)[-1]  # (T, d) the first add, before its LayerNorm
    post_Z = row_layer_norm(post_sum1, eps)[0]  # (T, d)
    post_F = ffn_sublayer(post_Z, weights)[-1]  # (T, d)
    post_sum = post_Z + post_F  # (T, d)
    post_Y = row_layer_norm(post_sum, eps)[0]  # (T, d)
    T = walk.X.shape[0]
    order = swap_order(T, order)
    _, Y_swapped, change = swapped_outputs(X, positions, weights, eps, order)
    _, zero_Y_swapped, zero_change = swapped_outputs(X, None, weights, eps, order)
    erratum = printed_ln1_erratum() if with_p and _is_lesson(X, positions, weights, eps) else None
    base = {f.name: getattr(walk, f.name) for f in fields(BlockRecord)}
    uniform = tuple((h, r) for h in range(walk.A.shape[0]) for r in range(T)
                    if np.allclose(walk.A[h, r], 1.0 / T, atol=1e-12, rtol=0))
    return PrenormLesson(
        **base,
        zero_X_tilde=zero.X_tilde, zero_ln1_var=zero.ln1_var, zero_S=zero.S, zero_A=zero.A,
        zero_C=zero.C, zero_O=zero.O, zero_Z_prime=zero.Z_prime, zero_Z_tilde=zero.Z_tilde,
        zero_H=zero.H, zero_R=zero.R, zero_F=zero.F, zero_Y=zero.Y,
        mirror_with_p={k: row_mirror(getattr(p_pass, k)) for k in MIRROR_STEPS},
        mirror_zero={k: row_mirror(getattr(zero, k)) for k in MIRROR_STEPS},
        uniform_rows=uniform,
        swap_order=order, X_swapped=walk.X[list(order)],
        Y_swapped=Y_swapped, swap_change=change, swap_change_max=float(np.abs(change).max()),
        zero_Y_swapped=zero_Y_swapped, zero_swap_change=zero_change,
        zero_swap_change_max=float(np.abs(zero_change).max()),
        erratum_row=(erratum or {}).get("row"), erratum_printed_var=(erratum or {}).get("var"),
        erratum_printed_std=(erratum or {}).get("std"), erratum_note=(erratum or {}).get("note"),
        with_p=bool(with_p), swap_positions=p_pass.positions, p_Y=p_pass.Y, Z_tilde_mean=walk.Z_tilde.mean(axis=1),
        Y_mean=walk.Y.mean(axis=1), Y_std=walk.Y.std(axis=1), Z_tilde_var=walk.Z_tilde.var(axis=1), post_Y=post_Y, post_Y_mean=post_Y.mean(axis=1),
        post_Y_std=post_Y.std(axis=1), post_Z=post_Z, post_F=post_F, post_sum=post_sum, post_sum_mean=post_sum.mean(axis=1),
        post_sum_std=post_sum.std(axis=1), post_sum1=post_sum1, post_sum1_mean=post_sum1.mean(axis=1), post_sum1_std=post_sum1.std(axis=1),
    )
