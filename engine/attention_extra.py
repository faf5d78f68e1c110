"""Where one number of the attention output comes from: each earlier token's share of it.

For position n, head h's output is h_h = Σ_j α_h[n, j] v_j and the attention output is o = W_O [h_1; …; h_H]
(engine.attention.concat_heads). Both steps are linear in the value vectors, so o's entry k splits exactly into
one share per token j: share_j = Σ_h α_h[n, j] · (W_O[k, block h] · v_j). With the residual, token n's new
vector in dimension k is x_n[k] + Σ_j share_j (docs/design.md §3, "concat → W_O", then the residual add).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np


class OutputShares(NamedTuple):
    """What `output_shares` returns: where o's entry `dim` comes from."""

    dim: int  # the entry of o (0-based)
    before: float  # x_n[dim]: token n's own vector, before attention
    shares: np.ndarray  # (T,) token j's share of o[dim]
    total: float  # o[dim] = Σ_j shares[j]
    after: float  # before + total: token n's new vector (the residual sum) in `dim`


def output_shares(weights_by_head, values, w_o, own, dim: int = 0) -> OutputShares:
    """Each token's share of o[dim] for one query position.

    `weights_by_head`: H rows of weights (T,) (that position's α in each head); `values`: (d_v, T), the value
    vectors as columns (one matrix the heads share, as in engine.toy); `w_o`: (d_model, H·d_v); `own`: token n's
    own vector (d_model,), the residual's input.
    """
    rows = [np.asarray(a, dtype=float).ravel() for a in weights_by_head]  # H × (T,)
    v = np.asarray(values, dtype=float)  # (d_v, T)
    w_o = np.asarray(w_o, dtype=float)  # (d_model, H·d_v)
    d_v, t = v.shape
    if not rows or any(r.size != t for r in rows):
        raise ValueError(f"each head needs {t} weights, one per value vector")
    if w_o.ndim != 2 or w_o.shape[1] != len(rows) * d_v or not 0 <= dim < w_o.shape[0]:
        raise ValueError(f"W_O of shape {w_o.shape} does not take {len(rows)} heads of width {d_v} to entry {dim}")
    shares = np.zeros(t)  # (T,)
    for h, a in enumerate(rows):
        through = w_o[dim, h * d_v:(h + 1) * d_v] @ v  # (T,) what each value vector gives o[dim] through head h
        shares += a * through
    before = float(np.asarray(own, dtype=float).ravel()[dim])
    total = float(shares.sum())
    return OutputShares(dim, before, shares, total, before + total)


def vector_lengths(vectors) -> np.ndarray:
    """The length |e_j| of each column of `vectors` (d, T): (T,). With W_Q = W_K = I a token's score with itself is
    its length squared, so the longest vector scores itself highest."""
    return np.linalg.norm(np.asarray(vectors, dtype=float), axis=0)
