"""Seed 003's toy attention simulator: 2-D embeddings, one causal head, and the output scores Wx.

Seed 003 ("Tokens → vectors", "Attention → weighted sum", "Wx → scores → probabilities" and the
exercises 01–04). Conventions as the seed states them (vectors are COLUMNS, docs/design.md §3):

    E = [e(t_1) … e(t_n)] ∈ ℝ^{2×n}
    Q = A_Q E,  K = A_K E,  V = A_V E
    Z = QᵀK / √2 ∈ ℝ^{n×n}                   (z_ij = q_iᵀ k_j / √2; 2 = the query/key dimension)
    A = row-softmax(causal-mask(Z))           (α_ij = 0 exactly for j > i; each row sums to 1)
    C = V Aᵀ ∈ ℝ^{2×n},  x = C[:, n]           (the context vector is the last column)
    s = W x,  p_i = exp(s_i) / Σ_j exp(s_j)    (three candidates: mat, rug, moon)

Embeddings: the = (0, 1), cat = (2, 1), sat = (1, 0.4), on = (0, 0.2). A_Q = A_K = A_V = I by default.
The lecture's W = [(1, 2); (1, −1); (−1, 1)] and x = (2, 1) give s = [4, 1, −1].

Seed 003 starts with A_Q = A_K = A_V = I, so z_ij = e_iᵀe_j/√2 = z_ji: asking and answering look
alike. attention_lesson's second head (`asking`) keeps the tokens and A_V but gives queries and keys
matrices of their own (ASK_Q ≠ ASK_K, fixed here; the seed's editor lets a reader type any), so
z_ij = e_iᵀ A_Qᵀ A_K e_j differs from z_ji wherever A_QᵀA_K is not symmetric and e_i, e_j are not parallel.
The two heads run side by side in one layer (they do not replace each other): the last position's
outputs x (first head) and x′ (second head) are stacked into [x; x′] ∈ ℝ⁴ and mixed by the output
projection, o = W_O [x; x′] (engine.attention.concat_heads; W_O = MIX_W_O, small and fixed, not trained).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.attention import concat_heads, head_weights, softmax
from engine.scaling import DotStrips, ScaleSpread, dot_strips, scale_spread

EMBEDDINGS = {
    "the": (0.0, 1.0),
    "cat": (2.0, 1.0),
    "sat": (1.0, 0.4),
    "on": (0.0, 0.2),
}
LECTURE_PREFIX = ("the", "cat", "sat", "on", "the")  # "The cat sat on the"
PERMUTED_PREFIX = ("on", "sat", "cat", "the", "the")  # exercise 04
LECTURE_W = ((1.0, 2.0), (1.0, -1.0), (-1.0, 1.0))  # (3, 2) rows: mat, rug, moon
LECTURE_X = (2.0, 1.0)
CANDIDATES = ("mat", "rug", "moon")
ASK_Q = ((0.0, 1.0), (1.0, 1.0))  # the second head's query matrix: q = (e₂, e₁ + e₂)
ASK_K = ((1.0, 0.0), (0.0, -1.0))  # its key matrix: k = (e₁, −e₂); A_QᵀA_K is not symmetric
MIX_W_O = ((0.5, 0.0, 0.5, 0.0), (0.0, 0.5, 0.0, 0.5))  # (2, 4) the layer's W_O: o = W_O [x; y], a small fixed matrix


def tokenize(text: str) -> tuple:
    """Seed 003's toy tokenization: lowercase, split at spaces; each word is one token."""
    return tuple(text.lower().split())


def embed(tokens, embeddings=None) -> np.ndarray:
    """E = [e(t_1) … e(t_n)]: the embeddings as COLUMNS, shape (2, n)."""
    table = EMBEDDINGS if embeddings is None else embeddings
    unknown = [t for t in tokens if t not in table]
    if unknown:
        raise ValueError(f"unknown token(s) {unknown}; the toy knows {', '.join(table)}")
    return np.array([table[t] for t in tokens], dtype=float).T  # (2, n)


def _matrix(a, name) -> np.ndarray:
    m = np.eye(2) if a is None else np.asarray(a, dtype=float)  # (2, 2)
    if m.shape != (2, 2):
        raise ValueError(f"{name} must be 2×2, got shape {m.shape}")
    return m


@dataclass(frozen=True, eq=False)
class ToyAttention:
    """One causal attention head over a toy prefix (column convention, as seed 003)."""

    tokens: tuple
    E: np.ndarray  # (2, n) embeddings as columns
    A_Q: np.ndarray  # (2, 2)
    A_K: np.ndarray  # (2, 2)
    A_V: np.ndarray  # (2, 2)
    Q: np.ndarray  # (2, n) = A_Q E
    K: np.ndarray  # (2, n) = A_K E
    V: np.ndarray  # (2, n) = A_V E
    dots: np.ndarray  # (n, n) q_iᵀ k_j, before scaling, every pair (also the masked ones)
    scores: np.ndarray  # (n, n) z_ij = q_iᵀ k_j / √2, every pair
    mask: np.ndarray  # (n, n) bool, True where j > i (future: weight exactly 0)
    A: np.ndarray  # (n, n) attention weights α_ij; masked entries exactly 0
    row_sums: np.ndarray  # (n,) each 1
    C: np.ndarray  # (2, n) = V Aᵀ, column i is position i's output
    x: np.ndarray  # (2,) = C[:, n-1], the context vector
    terms: np.ndarray  # (n, 2) α_nj v_j: the weighted terms that add up to x
    scale: float  # 1/√2
    A_printed: np.ndarray  # (n, n) α_ij as a table prints them: each weight its nearest hundredth (plain
    #                        rounding, as toy_permutation's tables; a printed row may add to 0.99 or 1.01)


PRINTED_DECIMALS = 2  # the weight tables' cells (attention_heatmap_fig, toy_permutation)


def toy_attention(tokens=LECTURE_PREFIX, A_Q=None, A_K=None, A_V=None, embeddings=None) -> ToyAttention:
    """Causal attention over `tokens` (a prefix of the toy's words, or a string) with 2×2 A_Q, A_K, A_V."""
    if isinstance(tokens, str):
        tokens = tokenize(tokens)
    tokens = tuple(tokens)
    if not tokens:
        raise ValueError("need at least one token")
    A_Q, A_K, A_V = _matrix(A_Q, "A_Q"), _matrix(A_K, "A_K"), _matrix(A_V, "A_V")
    E = embed(tokens, embeddings)  # (2, n)
    n = E.shape[1]
    Q, K, V = A_Q @ E, A_K @ E, A_V @ E  # (2, n) each
    scale = 1.0 / np.sqrt(Q.shape[0])
    dots = Q.T @ K  # (n, n)
    scores = dots * scale  # (n, n)
    mask = np.triu(np.ones((n, n), dtype=bool), k=1)  # (n, n) j > i
    A = np.zeros((n, n))  # (n, n)
    for i in range(n):
        A[i, : i + 1] = softmax(scores[i, : i + 1])  # future entries stay exactly 0
    C = V @ A.T  # (2, n)
    x = C[:, -1].copy()  # (2,)
    terms = (A[-1][:, None] * V.T)  # (n, 2) α_nj v_j
    return ToyAttention(
        tokens=tokens, E=E, A_Q=A_Q, A_K=A_K, A_V=A_V, Q=Q, K=K, V=V, dots=dots, scores=scores,
        mask=mask, A=A, row_sums=A.sum(axis=1), C=C, x=x, terms=terms, scale=float(scale),
        A_printed=np.round(A, PRINTED_DECIMALS),
    )


@dataclass(frozen=True, eq=False)
class OutputScores:
    """s = W x, read row by row (s_i = W_i1 x_1 + W_i2 x_2), and the softmax over the candidates."""

    W: np.ndarray  # (m, 2)
    x: np.ndarray  # (2,)
    candidates: tuple
    products: np.ndarray  # (m, 2) W_ij x_j: the two products of each row
    scores: np.ndarray  # (m,)
    probs: np.ndarray  # (m,) softmax over these candidates only
    row_norms: np.ndarray  # (m,) ‖w_i‖
    x_norm: float  # ‖x‖
    angles_deg: np.ndarray  # (m,) angle between w_i and x, degrees
    column_2: np.ndarray  # (m,) W[:, 1]: the change of s when x_2 grows by 1 (exercise 02)
    cosines: np.ndarray  # (m,) cos θ_i = s_i / (‖w_i‖ ‖x‖)
    prob_sum: float  # Σ p_i (1 up to rounding)
    row_norms_sq: np.ndarray  # (m,) ‖w_i‖²: a length is written √(this) when it is a whole number
    x_norm_sq: float  # ‖x‖²


def output_scores(W=LECTURE_W, x=LECTURE_X, candidates=CANDIDATES) -> OutputScores:
    """Seed 003 step 3: scores s = W x and probabilities, for any (m, 2) W and 2-vector x."""
    W = np.asarray(W, dtype=float)  # (m, 2)
    x = np.asarray(x, dtype=float).reshape(-1)  # (2,)
    if W.ndim != 2 or W.shape[1] != x.size:
        raise ValueError(f"W must be (m, {x.size}), got {W.shape}")
    candidates = tuple(candidates)[: W.shape[0]]
    products = W * x[None, :]  # (m, 2)
    scores = products.sum(axis=1)  # (m,)
    norms = np.linalg.norm(W, axis=1)  # (m,)
    x_norm = float(np.linalg.norm(x))
    with np.errstate(invalid="ignore", divide="ignore"):
        cos = np.clip(scores / (norms * x_norm), -1.0, 1.0)  # (m,)
    return OutputScores(
        W=W, x=x, candidates=candidates, products=products, scores=scores, probs=softmax(scores),
        row_norms=norms, x_norm=x_norm, angles_deg=np.degrees(np.arccos(cos)),
        cosines=cos, prob_sum=float(softmax(scores).sum()),
        column_2=W[:, 1].copy(), row_norms_sq=(W * W).sum(axis=1), x_norm_sq=float(x @ x),
    )


# -- the records the catalogue entries draw ---------------------------------------------------
@dataclass(frozen=True, eq=False)
class AttentionLesson(ToyAttention):
    """toy_attention on the lecture prefix plus the cell whose dot product is unpacked.

    The softmax of that cell written out (seed 003, "Dot products → attention weights"):
    α_ij = e^{z_ij} / Σ_{ℓ ≤ i} e^{z_iℓ}, with the numerator and the row's denominator as numbers.
    """

    cell: tuple  # (i, j) the unpacked cell
    cell_counted: tuple  # (i + 1, j + 1): the same cell as a reader names it, rows and columns from 1
    cell_products: np.ndarray  # (2,) q_i[k] k_j[k]: the two products of that dot product
    sqrt_dk: float  # √d_k = 1 / scale, the divisor of the dot product
    exp_scores: np.ndarray  # (T, T) e^z per cell, 0 where masked: the softmax numerators
    exp_row_sums: np.ndarray  # (T,) Σ_ℓ e^z over each row's visible cells: the denominators
    asking: ToyAttention  # the same tokens and A_V with A_Q = ASK_Q ≠ A_K = ASK_K: an asymmetric table
    asking_pair: tuple  # (i, j), j < i: the visible cell of `asking` whose score differs most from (j, i)
    asking_pair_counted: tuple  # (i + 1, j + 1)
    asking_gap: float  # asking.scores[i, j] − asking.scores[j, i] (0 only if every pair is symmetric)
    W_O: np.ndarray  # (2, 4) the output projection that mixes the two heads
    heads_concat: np.ndarray  # (4,) [x; asking.x]: both heads' outputs at the last position, stacked
    layer_out: np.ndarray  # (2,) W_O [x; asking.x]: the attention output o at the last position (the residual and feed-forward block follow)
    residual_in: np.ndarray  # (2,) E[:, n-1]: the last token's own vector x_n, as it enters the layer
    residual_out: np.ndarray  # (2,) residual_in + layer_out: x_n + o, what the residual connection passes on
    head_mix: tuple | None  # (c1, c2) when W_O = [c1 I | c2 I]: o = c1 x + c2 x′ on the plane (None otherwise)
    why_sqrt: ScaleSpread  # why the scores are divided by √d: q·k's spread against the width, and the last row of scores (every key visible) swept over d
    sqrt_strips: DotStrips  # why √d, as the scene draws it: random q·k at d = 4, 16, 64, undivided and divided, and one row's softmax


def default_cell(n: int) -> tuple:
    """The cell unpacked when none is chosen: row 3, column 2 (counted from 1), or row 2, column 1
    for a two-word prefix; as (i, j) counted from 0."""
    i = min(2, n - 1)
    return (i, i - 1)


def asymmetric_pair(scores: np.ndarray) -> tuple:
    """(i, j) with j < i whose |z_ij − z_ji| is largest (the first such in row order)."""
    n = scores.shape[0]
    gap = np.abs(scores - scores.T)  # (n, n)
    pairs = [(i, j) for i in range(1, n) for j in range(i)]
    return max(pairs, key=lambda p: (round(float(gap[p]), 12), -p[0], -p[1]))


def attention_lesson(tokens=LECTURE_PREFIX, A_Q=None, A_K=None, A_V=None, cell=(2, 1),
                     embeddings=None, ask_Q=ASK_Q, ask_K=ASK_K, W_O=MIX_W_O) -> AttentionLesson:
    """The attention_heatmap record: seed 003's prefix (or any tokens with `embeddings`, a dict word ->
    (x, y)), and cell (i, j) unpacked as q_iᵀk_j/√2; with the softmax's numerators e^z and row
    denominators Σe^z, which the scene shows for that cell. cell=None: default_cell(n). `asking`: the
    same head with A_Q = ask_Q, A_K = ask_K (A_V unchanged), and its most asymmetric pair; both heads'
    last outputs stacked and mixed by W_O (2×4), the attention output o."""
    t = toy_attention(tokens, A_Q, A_K, A_V, embeddings)
    ask = toy_attention(t.tokens, ask_Q, ask_K, t.A_V, embeddings)
    ai, aj = asymmetric_pair(ask.scores)
    concat, out = concat_heads((t.x, ask.x), W_O)  # (4,), (2,)
    i, j = default_cell(len(t.tokens)) if cell is None else cell
    if not (0 <= j <= i < len(t.tokens)):
        raise ValueError(f"cell {cell} must satisfy 0 ≤ j ≤ i < {len(t.tokens)} (an unmasked cell)")
    base = {name: getattr(t, name) for name in ToyAttention.__dataclass_fields__}
    exp_scores = np.where(t.mask, 0.0, np.exp(np.where(t.mask, 0.0, t.scores)))  # (T, T)
    return AttentionLesson(**base, cell=(int(i), int(j)), cell_counted=(int(i) + 1, int(j) + 1),
                           cell_products=t.Q[:, i] * t.K[:, j],
                           sqrt_dk=float(1.0 / t.scale), exp_scores=exp_scores,
                           exp_row_sums=exp_scores.sum(axis=1), asking=ask, asking_pair=(ai, aj),
                           asking_pair_counted=(ai + 1, aj + 1),
                           asking_gap=float(ask.scores[ai, aj] - ask.scores[aj, ai]),
                           W_O=np.asarray(W_O, dtype=float), heads_concat=concat, layer_out=out,
                           residual_in=t.E[:, -1].copy(), residual_out=t.E[:, -1] + out,
                           head_mix=head_weights(W_O, 2),
                           why_sqrt=scale_spread(keys=len(t.tokens), row_z=t.scores[-1]),
                           sqrt_strips=dot_strips(keys=len(t.tokens)))


@dataclass(frozen=True, eq=False)
class PermutationLesson:
    """Exercise 04: two orders of the same words; the last token and the bag of earlier ones agree."""

    tokens_a: tuple
    tokens_b: tuple
    A_a: np.ndarray  # (n, n)
    A_b: np.ndarray  # (n, n)
    A_a_printed: np.ndarray  # (n, n) A_a as printed: each weight its nearest hundredth (plain rounding; a row
    A_b_printed: np.ndarray  # (n, n)  may add to 0.99 or 1.01)
    x_a: np.ndarray  # (2,)
    x_b: np.ndarray  # (2,)
    mask: np.ndarray  # (n, n) bool, True where j > i (weight exactly 0)
    V_a: np.ndarray  # (2, n) value vectors, columns, order a
    V_b: np.ndarray  # (2, n)
    last_weights_a: np.ndarray  # (n,) α_nj for order a
    last_weights_b: np.ndarray  # (n,)
    terms_a: np.ndarray  # (n, 2) α_nj v_j, order a
    terms_b: np.ndarray  # (n, 2)
    permutation: tuple  # order b's position k holds order a's position permutation[k]
    x_difference: float  # max |x_a − x_b|
    scores_a: np.ndarray  # (3,) W x_a
    scores_b: np.ndarray  # (3,) W x_b
    A_Q: np.ndarray = None  # (2, 2) the projections both orders use (identity by default: q = k = v = e)
    A_K: np.ndarray = None  # (2, 2)
    A_V: np.ndarray = None  # (2, 2)
    E_a: np.ndarray = None  # (2, n) embeddings as columns, order a


def _permutation(a, b) -> tuple:
    """For each position of b, a position of a with the same token (each used once)."""
    free = list(range(len(a)))
    out = []
    for tok in b:
        k = next(k for k in free if a[k] == tok)
        free.remove(k)
        out.append(k)
    return tuple(out)


def toy_permutation(tokens_a=LECTURE_PREFIX, tokens_b=PERMUTED_PREFIX, A_Q=None, A_K=None, A_V=None,
                    W=LECTURE_W, embeddings=None) -> PermutationLesson:
    """Seed 003 exercise 04: "The cat sat on the" vs "on sat cat the the" give the same x (any two
    orders of the same tokens with the same last token do; `embeddings`: a dict word -> (x, y))."""
    a = toy_attention(tokens_a, A_Q, A_K, A_V, embeddings)
    b = toy_attention(tokens_b, A_Q, A_K, A_V, embeddings)
    if sorted(a.tokens) != sorted(b.tokens):
        raise ValueError("the two orders must hold the same tokens")
    return PermutationLesson(
        tokens_a=a.tokens, tokens_b=b.tokens, A_a=a.A, A_b=b.A, A_a_printed=a.A_printed,
        A_b_printed=b.A_printed, x_a=a.x, x_b=b.x, mask=a.mask,
        V_a=a.V, V_b=b.V, last_weights_a=a.A[-1], last_weights_b=b.A[-1], terms_a=a.terms,
        terms_b=b.terms, permutation=_permutation(a.tokens, b.tokens),
        x_difference=float(np.max(np.abs(a.x - b.x))),
        scores_a=output_scores(W, a.x).scores, scores_b=output_scores(W, b.x).scores,
        A_Q=a.A_Q, A_K=a.A_K, A_V=a.A_V, E_a=a.E,
    )


def sentence(tokens) -> str:
    """The tokens as a reader writes them: with spaces ("the cat sat"), or run together when every
    token is Chinese or Japanese script ("我愛貓咪", as 十五 and 五十 are written)."""
    tokens = tuple(tokens)
    cjk = all(t and all(ord(ch) >= 0x2E80 for ch in t) for t in tokens)
    return ("" if cjk else " ").join(tokens)


def text_columns(text: str) -> int:
    """How many columns `text` takes in a fixed-width font: 2 for a Chinese or Japanese character, 1
    otherwise (a title names a sentence up to some width, then only its length)."""
    return sum(2 if ord(ch) >= 0x2E80 else 1 for ch in text)
