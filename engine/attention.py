"""Scaled dot-product attention, and why it cannot see order.

Implements the attention of docs/design.md §3 (scores = QKᵀ/√d_k, causal mask sets future weights to
exactly 0, row softmax) and the permutation lesson of
seed 001 (lesson 5, first station: "十五" vs "五十", the bag of vectors and the pairwise score table) and
seed 002 §01 (图 2: "dog bites man" vs "man bites dog"; permutation equivariance: reordering the input
only reorders the score matrix's rows and columns, every number stays the same).

Neither seed prints the vectors it uses (seed 001's E is a trained [20, 8] matrix that is not given),
so the embeddings and the projections W_Q, W_K, W_V here are small fixed random matrices drawn from
`np.random.default_rng(seed)`; the property shown holds for any values.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from engine.positional import sinusoidal


class AttentionResult(NamedTuple):
    """What `scaled_dot_product_attention` returns (a tuple: weights, output, scores)."""

    weights: np.ndarray  # (T_q, T_k) for one head, (n_heads, T_q, T_k) for several; rows sum to 1
    output: np.ndarray  # (T_q, d_v): the heads' outputs side by side
    scores: np.ndarray  # same shape as weights: QKᵀ/√d_k before the mask


def softmax(x, axis: int = -1) -> np.ndarray:
    """Softmax along `axis`, numerically stable: exp(x − max) / Σ exp(x − max), same shape as `x`.

    The one softmax of the engine (attention rows, the Pre-LN block's heads, the toy simulator's
    candidates, the causal-mask table). Entries equal to −inf (masked) get weight exactly 0, since
    exp(−inf) = 0; subtracting the maximum first keeps large scores from overflowing. A slice that
    is −inf everywhere has no distribution and gives NaN, as torch.softmax does.
    """
    x = np.asarray(x, dtype=float)
    e = np.exp(x - x.max(axis=axis, keepdims=True))  # same shape as x
    return e / e.sum(axis=axis, keepdims=True)


def rounded_to_total(values, decimals: int = 2) -> np.ndarray:
    """`values` rounded to `decimals` places so that the rounded values add up to their sum rounded to
    the same places (largest-remainder rounding): a printed row of attention weights then adds to
    exactly 1.00, as the softmax's row does (docs/design.md §3, "each row sums to 1").

    Each value is first cut down to a multiple of 10^−decimals; the units the cut lost go one each to
    the values that lost the most (ties: the earlier value). A value is never moved by a unit or more,
    and one already at `decimals` places stays as it is. Same shape as `values` (one row, 1-D).
    """
    v = np.asarray(values, dtype=float)  # (n,)
    scaled = np.round(v * 10.0 ** decimals, 9)  # (n,) in units of the last place; float noise cleared
    floor = np.floor(scaled)  # (n,)
    short = int(round(float(scaled.sum()) - float(floor.sum())))  # units the cut lost, 0 ≤ short < n
    order = np.argsort(-(scaled - floor), kind="stable")  # (n,) largest remainder first
    floor[order[:short]] += 1.0
    return floor / 10.0 ** decimals


def causal_mask(t_q: int, t_k: int) -> np.ndarray:
    """True where query i may NOT look at key j (j > i), shape (t_q, t_k).

    Aligned at the top-left, as torch's `is_causal=True`.
    """
    return np.triu(np.ones((t_q, t_k), dtype=bool), k=1)  # (T_q, T_k)


def scaled_dot_product_attention(q, k, v, causal: bool = False, n_heads: int = 1) -> AttentionResult:
    """Attention of queries `q` (T_q, d) over keys `k` (T_k, d) and values `v` (T_k, d_v).

    With n_heads > 1 the last dimension of q, k and v is split into n_heads equal slices (head h
    takes columns h·d/n .. (h+1)·d/n − 1), each head scales by 1/√(d/n_heads), and the heads'
    outputs are put side by side again (no output projection). With causal=True, query i sees keys
    0..i only: the other weights are exactly 0.

    Returns AttentionResult(weights, output, scores); weights and scores are (T_q, T_k) for one
    head and (n_heads, T_q, T_k) for several.
    """
    q = np.asarray(q, dtype=float)  # (T_q, d)
    k = np.asarray(k, dtype=float)  # (T_k, d)
    v = np.asarray(v, dtype=float)  # (T_k, d_v)
    if q.ndim != 2 or k.ndim != 2 or v.ndim != 2:
        raise ValueError("q, k and v must be 2-D arrays (tokens, features)")
    if q.shape[1] != k.shape[1]:
        raise ValueError(f"q and k need the same width, got {q.shape[1]} and {k.shape[1]}")
    if k.shape[0] != v.shape[0]:
        raise ValueError(f"k and v need the same number of rows, got {k.shape[0]} and {v.shape[0]}")
    if int(n_heads) != n_heads or n_heads < 1:
        raise ValueError(f"n_heads must be a positive integer, got {n_heads!r}")
    if q.shape[1] % n_heads or v.shape[1] % n_heads:
        raise ValueError(f"n_heads = {n_heads} must divide the widths {q.shape[1]} and {v.shape[1]}")
    t_q, d = q.shape
    t_k, d_v = v.shape
    d_h, dv_h = d // n_heads, d_v // n_heads
    qh = q.reshape(t_q, n_heads, d_h).transpose(1, 0, 2)  # (h, T_q, d_h)
    kh = k.reshape(t_k, n_heads, d_h).transpose(1, 0, 2)  # (h, T_k, d_h)
    vh = v.reshape(t_k, n_heads, dv_h).transpose(1, 0, 2)  # (h, T_k, d_v/h)
    scores = qh @ kh.transpose(0, 2, 1) / np.sqrt(d_h)  # (h, T_q, T_k)
    mask = causal_mask(t_q, t_k) if causal else None  # (T_q, T_k)
    weights = softmax(scores if mask is None else np.where(mask, -np.inf, scores))  # (h, T_q, T_k)
    out = weights @ vh  # (h, T_q, d_v/h)
    output = out.transpose(1, 0, 2).reshape(t_q, d_v)  # (T_q, d_v)
    if n_heads == 1:
        return AttentionResult(weights[0], output, scores[0])
    return AttentionResult(weights, output, scores)


def concat_heads(head_outputs, w_o):
    """Several heads side by side, mixed by the output projection: o = W_O [h_1; h_2; …].

    `head_outputs`: a sequence of H vectors (d_v,) each (one position's output per head, column
    convention as seed 003); `w_o`: (d_model, H·d_v). Returns (concat (H·d_v,), o (d_model,)). This is
    the step the heads of one layer share (docs/design.md §3, "two heads ... concat → W_O"): the heads
    run in parallel on the same tokens and nothing of one head replaces another.
    """
    parts = [np.asarray(h, dtype=float).ravel() for h in head_outputs]  # H × (d_v,)
    if not parts:
        raise ValueError("need at least one head output")
    concat = np.concatenate(parts)  # (H·d_v,)
    w_o = np.asarray(w_o, dtype=float)  # (d_model, H·d_v)
    if w_o.ndim != 2 or w_o.shape[1] != concat.size:
        raise ValueError(f"W_O must have {concat.size} columns (the heads side by side), got shape {w_o.shape}")
    return concat, w_o @ concat  # (H·d_v,), (d_model,)


def head_weights(w_o, d_v: int):
    """(c_1, …, c_H) when W_O = [c_1 I | … | c_H I] (each head's block a multiple of the identity), so
    o = Σ c_h h_h is a combination drawn on the heads' own plane; None for any other W_O. With
    c = (½, ½) the output is the midpoint of the two heads' outputs (docs/design.md §3)."""
    w_o = np.asarray(w_o, dtype=float)  # (d_model, H·d_v)
    if w_o.ndim != 2 or w_o.shape[0] != d_v or w_o.shape[1] % d_v:
        return None
    blocks = [w_o[:, h * d_v:(h + 1) * d_v] for h in range(w_o.shape[1] // d_v)]  # H × (d_v, d_v)
    cs = tuple(float(b[0, 0]) for b in blocks)
    if not all(np.allclose(b, c * np.eye(d_v)) for b, c in zip(blocks, cs)):
        return None
    return cs


def permutation_matrix(perm) -> np.ndarray:
    """P with P[i, perm[i]] = 1, so (P @ x)[i] = x[perm[i]], shape (T, T)."""
    perm = np.asarray(perm, dtype=int)  # (T,)
    p = np.zeros((perm.size, perm.size))  # (T, T)
    p[np.arange(perm.size), perm] = 1.0
    return p


def find_permutation(tokens_a, tokens_b) -> np.ndarray:
    """perm with tokens_b[i] == tokens_a[perm[i]] (repeated tokens matched left to right)."""
    a, b = list(tokens_a), list(tokens_b)
    if sorted(a) != sorted(b):
        raise ValueError(f"{b} is not a reordering of {a}")
    used: set[int] = set()
    perm = []
    for tok in b:
        j = next(j for j, t in enumerate(a) if t == tok and j not in used)
        used.add(j)
        perm.append(j)
    return np.array(perm, dtype=int)  # (T,)


@dataclass(frozen=True)
class PermutationCase:
    """One sentence in two orders: same bag of vectors, same numbers, rows and columns swapped."""

    tokens_a: tuple
    tokens_b: tuple
    perm: np.ndarray  # (T,) int: tokens_b[i] is tokens_a[perm[i]]
    p_matrix: np.ndarray  # (T, T): X_b = P X_a
    x_a: np.ndarray  # (T, d) embeddings in order a
    x_b: np.ndarray  # (T, d) embeddings in order b
    scores_a: np.ndarray  # (T, T) QKᵀ/√d in order a
    scores_b: np.ndarray  # (T, T) QKᵀ/√d in order b
    weights_a: np.ndarray  # (T, T) row softmax
    weights_b: np.ndarray  # (T, T)
    out_a: np.ndarray  # (T, d) attention output
    out_b: np.ndarray  # (T, d)
    score_deviation: float  # max |scores_b − P scores_a Pᵀ|
    output_deviation: float  # max |out_b − P out_a|
    same_bag: bool  # the rows of x_a and x_b are the same vectors
    view_in: np.ndarray  # (2, d) orthonormal rows: the plane that best fits x_a's rows (identity when d = 2)
    view_out: np.ndarray  # (2, d) the same for out_a's rows
    arrows_in_a: np.ndarray  # (T, 2) x_a seen in view_in: x_a @ view_inᵀ
    arrows_in_b: np.ndarray  # (T, 2) x_b @ view_inᵀ
    arrows_out_a: np.ndarray  # (T, 2) out_a @ view_outᵀ
    arrows_out_b: np.ndarray  # (T, 2) out_b @ view_outᵀ (order b's own outputs, not moved ones)
    values_a: np.ndarray  # (T, d) value vectors v = x W_V, order a
    arrows_val_a: np.ndarray  # (T, 2) values_a @ view_outᵀ: in the outputs' plane, so (linear view)
    #   Σ_j weights_a[i, j] · arrows_val_a[j] = arrows_out_a[i] exactly (up to rounding)
    pe: np.ndarray  # (T, d) sinusoidal position vectors of positions 0 … T−1 (engine.positional)
    out_pe_a: np.ndarray  # (T, d) attention output of x_a + pe
    out_pe_b: np.ndarray  # (T, d) attention output of x_b + pe (order b computed afresh, positions added)
    pe_deviation: float  # max |out_pe_b − P out_pe_a|: no longer 0 once positions are added
    scores_pe_a: np.ndarray  # (T, T) QKᵀ/√d of x_a + pe
    scores_pe_b: np.ndarray  # (T, T) QKᵀ/√d of x_b + pe (order b computed afresh, positions added)
    score_pe_deviation: float  # max |scores_pe_b − P scores_pe_a Pᵀ|: the table is no longer only permuted
    view_pos: np.ndarray  # (2, d) position_plane: fits the word vectors, the position vectors, both
    #   orders' sums x + p and how the p differ (the word vectors' own plane keeps too little of p)
    arrows_word_pos: np.ndarray  # (T, 2) x_a @ view_posᵀ (order b's: P times these)
    arrows_pos: np.ndarray  # (T, 2) pe @ view_posᵀ: one per place, whichever word stands there
    causal_deviation: float  # max |out_b − P out_a| with a causal mask and no positions: each token sees itself and
    #   the ones before it, so a reorder changes what it sees and the outputs no longer just reorder
    causal_weights_a: np.ndarray  # (T, T) softmax rows of scores_a under the causal mask (0 above the diagonal)
    causal_weights_b: np.ndarray  # (T, T) the same for order b, computed afresh
    causal_out_a: np.ndarray  # (T, d) outputs of order a under the mask, no p (row 0 = its own value vector)
    causal_out_b: np.ndarray  # (T, d) outputs of order b under the mask, no p


@dataclass(frozen=True)
class PermutationDemo:
    """Seed 001 station 1 and seed 002 图 2: attention sees a bag of vectors, not a sequence."""

    seed: int
    d_model: int
    emb_scale: float
    vocab: tuple  # every token of the examples, first-seen order
    embeddings: np.ndarray  # (V, d) one row per vocab token
    w_q: np.ndarray  # (d, d)
    w_k: np.ndarray  # (d, d)
    w_v: np.ndarray  # (d, d)
    examples: tuple  # PermutationCase per example

    def back(self, k: int = -1) -> PermutationCase:
        """Example k the other way round (order b first, then order a), through the same layer: the
        ending swaps the words back once positions are added."""
        case = self.examples[k]
        return permutation_case(case.tokens_b, case.tokens_a, dict(zip(self.vocab, self.embeddings)),
                                self.w_q, self.w_k, self.w_v)

    def query_key(self, query: str, key: str) -> "QueryKey":
        """One score cell taken apart: `query`'s q = x W_Q and `key`'s k = x W_K, and their dot over
        √d, the same wherever the two words stand."""
        x = dict(zip(self.vocab, self.embeddings))
        q, k = x[query] @ self.w_q, x[key] @ self.w_k  # (d,) each
        return QueryKey(query, key, q, k, pair_plane(q, k), float(q @ k / np.sqrt(self.d_model)))


class QueryKey(NamedTuple):
    query: str
    key: str
    q: np.ndarray  # (d,)
    k: np.ndarray  # (d,)
    arrows: np.ndarray  # (2, 2): q and k in the plane they span (pair_plane): the 2-D dot is q · k
    score: float  # q · k / √d


def pair_plane(q: np.ndarray, k: np.ndarray) -> np.ndarray:
    """(2, 2): q and k written in the plane they span (first axis along q, the second along k's part
    across it), so both lengths and the angle between them, hence q · k, are exactly the d-D ones."""
    e1 = q / max(np.linalg.norm(q), 1e-300)
    across = k - (k @ e1) * e1
    e2 = across / np.linalg.norm(across) if np.linalg.norm(across) > 1e-12 else np.zeros_like(q)
    return np.array([[q @ e1, q @ e2], [k @ e1, k @ e2]])


DEFAULT_EXAMPLES = (
    (("十", "五"), ("五", "十")),  # seed 001: fifteen vs fifty
    (("dog", "bites", "man"), ("man", "bites", "dog")),  # seed 002 图 2
)


def best_plane(rows: np.ndarray) -> np.ndarray:
    """(2, d): orthonormal rows spanning the plane through 0 closest to the directions of `rows`
    (T, d) in least squares (the two leading right singular vectors of the rows scaled to length 1, so
    a long vector does not take the plane from a short one; the identity when d = 2): the rows drawn
    as 2-D arrows keep as much of their directions as one plane can."""
    d = rows.shape[1]
    if d == 2:
        return np.eye(2)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)  # (T, 1)
    _, _, vt = np.linalg.svd(rows / np.where(norms > 0, norms, 1.0), full_matrices=True)  # vt (d, d)
    basis = vt[:2].copy()  # (2, d)
    for k in range(2):  # a fixed sign: the largest entry of each direction positive
        if basis[k, np.argmax(np.abs(basis[k]))] < 0:
            basis[k] = -basis[k]
    return basis


SPREAD_WEIGHT = 1.2  # how much the rows of how the positions differ count in position_plane


def position_plane(x, pe, *sums) -> np.ndarray:
    """(2, d): the plane for x, p and x + p drawn together (the ending of seed 002 §01 图 2's scene):
    the one that best fits the word vectors, the position vectors, the sums and how the position
    vectors differ from their mean (each row scaled to length 1, those differences counting
    SPREAD_WEIGHT times). The sinusoidal p share a large common part, so a plane fitted without their
    differences draws p_1, p_2, p_3 as near-parallel arrows of one length; with them (weight 1.2 in
    the default example) p_1 and p_3 lie about 43 degrees apart while every p keeps over 85 % of its
    length. The identity when d = 2."""
    d = x.shape[1]
    if d == 2:
        return np.eye(2)
    spread = pe - pe.mean(axis=0)  # (T, d)

    def unit(rows):
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms > 0, norms, 1.0)

    rows = np.vstack([unit(np.vstack([x, pe, *sums])), SPREAD_WEIGHT * unit(spread)])
    _, _, vt = np.linalg.svd(rows, full_matrices=True)  # vt (d, d)
    basis = vt[:2].copy()  # (2, d)
    for k in range(2):  # a fixed sign: the largest entry of each direction positive
        if basis[k, np.argmax(np.abs(basis[k]))] < 0:
            basis[k] = -basis[k]
    return basis


def permutation_case(tokens_a, tokens_b, embeddings: dict, w_q, w_k, w_v) -> PermutationCase:
    """Both orders through one attention layer (no mask, one head) and the permutation between them."""
    x_a = np.array([embeddings[t] for t in tokens_a])  # (T, d)
    x_b = np.array([embeddings[t] for t in tokens_b])  # (T, d)
    perm = find_permutation(tokens_a, tokens_b)  # (T,)
    p = permutation_matrix(perm)  # (T, T)
    res_a = scaled_dot_product_attention(x_a @ w_q, x_a @ w_k, x_a @ w_v)
    res_b = scaled_dot_product_attention(x_b @ w_q, x_b @ w_k, x_b @ w_v)
    same_bag = sorted(map(tuple, x_a.tolist())) == sorted(map(tuple, x_b.tolist()))
    view_in, view_out = best_plane(x_a), best_plane(res_a.output)  # (2, d) each
    d = x_a.shape[1]
    pe = sinusoidal(np.arange(len(tokens_a)), d + d % 2)[:, :d]  # (T, d) an odd width keeps the first d
    pe_a, pe_b = x_a + pe, x_b + pe  # (T, d) each: the same position vectors, other words on them
    res_pe_a = scaled_dot_product_attention(pe_a @ w_q, pe_a @ w_k, pe_a @ w_v)
    res_pe_b = scaled_dot_product_attention(pe_b @ w_q, pe_b @ w_k, pe_b @ w_v)
    out_pe_a, out_pe_b = res_pe_a.output, res_pe_b.output  # (T, d) each
    values_a = x_a @ w_v  # (T, d)
    view_pos = position_plane(x_a, pe, pe_a, pe_b)  # (2, d)
    masked_a = scaled_dot_product_attention(x_a @ w_q, x_a @ w_k, x_a @ w_v, causal=True)  # scores as res_a's
    masked_b = scaled_dot_product_attention(x_b @ w_q, x_b @ w_k, x_b @ w_v, causal=True)
    causal_a, causal_b = masked_a.output, masked_b.output  # (T, d) each
    return PermutationCase(
        tokens_a=tuple(tokens_a),
        tokens_b=tuple(tokens_b),
        perm=perm,
        p_matrix=p,
        x_a=x_a,
        x_b=x_b,
        scores_a=res_a.scores,
        scores_b=res_b.scores,
        weights_a=res_a.weights,
        weights_b=res_b.weights,
        out_a=res_a.output,
        out_b=res_b.output,
        score_deviation=float(np.max(np.abs(res_b.scores - p @ res_a.scores @ p.T))),
        output_deviation=float(np.max(np.abs(res_b.output - p @ res_a.output))),
        same_bag=bool(same_bag),
        view_in=view_in,
        view_out=view_out,
        arrows_in_a=x_a @ view_in.T,
        arrows_in_b=x_b @ view_in.T,
        arrows_out_a=res_a.output @ view_out.T,
        arrows_out_b=res_b.output @ view_out.T,
        values_a=values_a,
        arrows_val_a=values_a @ view_out.T,
        pe=pe,
        out_pe_a=out_pe_a,
        out_pe_b=out_pe_b,
        pe_deviation=float(np.max(np.abs(out_pe_b - p @ out_pe_a))),
        scores_pe_a=res_pe_a.scores,
        scores_pe_b=res_pe_b.scores,
        score_pe_deviation=float(np.max(np.abs(res_pe_b.scores - p @ res_pe_a.scores @ p.T))),
        view_pos=view_pos,
        arrows_word_pos=x_a @ view_pos.T,
        arrows_pos=pe @ view_pos.T,
        causal_deviation=float(np.max(np.abs(causal_b - p @ causal_a))),
        causal_weights_a=masked_a.weights,
        causal_weights_b=masked_b.weights,
        causal_out_a=causal_a,
        causal_out_b=causal_b,
    )


def permutation_demo(examples=DEFAULT_EXAMPLES, d_model: int = 8, seed: int = 1,
                     emb_scale: float = 1.0) -> PermutationDemo:
    """Every example (tokens in order a, tokens in order b) through the same attention layer.

    Embeddings: one row per token, N(0, emb_scale²) from default_rng(seed) (seed 001 uses 8-number
    word vectors, d_model = 8); W_Q, W_K, W_V: N(0, 1/d) from the same generator. The check
    scores_b == P scores_a Pᵀ and out_b == P out_a is recorded as the largest deviation.
    """
    if int(d_model) != d_model or d_model < 1:
        raise ValueError(f"d_model must be a positive integer, got {d_model!r}")
    vocab: list = []
    for tokens_a, tokens_b in examples:
        for t in (*tokens_a, *tokens_b):
            if t not in vocab:
                vocab.append(t)
    rng = np.random.default_rng(seed)
    emb = emb_scale * rng.standard_normal((len(vocab), d_model))  # (V, d)
    w_q, w_k, w_v = (rng.standard_normal((d_model, d_model)) / np.sqrt(d_model) for _ in range(3))  # (d, d)
    table = dict(zip(vocab, emb))
    cases = tuple(permutation_case(a, b, table, w_q, w_k, w_v) for a, b in examples)
    return PermutationDemo(seed=seed, d_model=d_model, emb_scale=emb_scale, vocab=tuple(vocab),
                           embeddings=emb, w_q=w_q, w_k=w_k, w_v=w_v, examples=cases)

