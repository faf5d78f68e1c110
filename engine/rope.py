"""RoPE: rotary position embedding, position rotated into q and k after the projection.

Implements seed 002 §06 (图 8: where position enters, added to the input vs rotated into Q and K;
图 9: one pair of adjacent dimensions is a 2-D plane and the position sets its rotation angle).
Convention (docs/design.md §3): pairs (0, 1), (2, 3), …; pair i at position m is rotated by m·θ_i with
θ_i = base^(−2i/d) and the matrix [[cos, −sin], [sin, cos]]. The score q_m·k_n then depends only on
m − n: the common rotation cancels in the dot product.

`rope_score` is the plain dot product of the rotated vectors (no 1/√d); attention would divide it by
√d afterwards, which changes nothing about its dependence on m − n.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.positional import hand_speeds, sinusoidal

DEFAULT_BASE = 10000.0


def _check_width(d: int) -> None:
    if d < 2 or d % 2:
        raise ValueError(f"RoPE needs an even width (pairs of dimensions), got {d}")


def rope_thetas(d: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """θ_i = base^(−2i/d), radians per position for pair i, shape (d // 2,)."""
    _check_width(d)
    return hand_speeds(d, base)  # (d/2,)


def rope_rotate(x, position=None, base: float = DEFAULT_BASE) -> np.ndarray:
    """Rotate each pair (2i, 2i+1) of `x` by position·θ_i.

    x: a vector (d,) with `position` a number (required), or a matrix (T, d) with `position` a
    number (every row there), a sequence of T numbers, or None (row t at position t).
    Positions may be fractional. Returns an array of x's shape.
    """
    x = np.asarray(x, dtype=float)
    if x.ndim not in (1, 2):
        raise ValueError("x must be a vector (d,) or a matrix (T, d)")
    d = x.shape[-1]
    _check_width(d)
    if x.ndim == 1:
        if position is None:
            raise ValueError("a single vector needs its position (None means 'row t at t' for a matrix)")
        pos = np.asarray(position, dtype=float)
        if pos.ndim != 0:
            raise ValueError("a single vector takes one position")
        pos = pos[None]  # (1,)
        rows = x[None, :]  # (1, d)
    else:
        rows = x  # (T, d)
        t = rows.shape[0]
        pos = np.arange(t, dtype=float) if position is None else np.asarray(position, dtype=float)
        pos = np.broadcast_to(pos, (t,)) if pos.ndim == 0 else pos  # (T,)
        if pos.shape != (t,):
            raise ValueError(f"{t} rows need {t} positions, got shape {pos.shape}")
    angles = np.outer(pos, rope_thetas(d, base))  # (T, d/2)
    c, s = np.cos(angles), np.sin(angles)  # (T, d/2)
    a, b = rows[:, 0::2], rows[:, 1::2]  # (T, d/2) each: the pair's two coordinates
    out = np.empty_like(rows)  # (T, d)
    out[:, 0::2] = c * a - s * b
    out[:, 1::2] = s * a + c * b
    return out[0] if x.ndim == 1 else out


def rope_score(q, k, m, n, base: float = DEFAULT_BASE) -> float:
    """q rotated to position m, dotted with k rotated to position n (no 1/√d)."""
    return float(rope_rotate(q, m, base) @ rope_rotate(k, n, base))


def absolute_pe_score(q, k, m, n, base: float = DEFAULT_BASE) -> float:
    """The score with the position added instead of rotated: (q + PE(m))·(k + PE(n)), PE the
    sinusoidal table of the same width and base. It changes when m and n move together."""
    q = np.asarray(q, dtype=float)  # (d,)
    k = np.asarray(k, dtype=float)  # (d,)
    pe = sinusoidal([m, n], q.size, base)  # (2, d)
    return float((q + pe[0]) @ (k + pe[1]))


def plane_contributions(q, k, m, n, base: float = DEFAULT_BASE) -> np.ndarray:
    """Each plane's share of rope_score: q'_pair · k'_pair, shape (d // 2,); they sum to the score."""
    qr, kr = rope_rotate(q, m, base), rope_rotate(k, n, base)  # (d,), (d,)
    return (qr * kr).reshape(-1, 2).sum(axis=1)  # (d/2,)


def plane_angles(x, position, base: float = DEFAULT_BASE) -> np.ndarray:
    """Direction (radians, atan2) of each rotated 2-D piece of x at `position`, shape (d // 2,)."""
    r = rope_rotate(x, position, base).reshape(-1, 2)  # (d/2, 2)
    return np.arctan2(r[:, 1], r[:, 0])  # (d/2,)


@dataclass(frozen=True)
class RopeLesson:
    """Everything the rope_rotation scene shows (seed 002 §06, 图 8 and 图 9)."""

    d_model: int
    base: float
    thetas: np.ndarray  # (d/2,) radians per position, fast plane first
    thetas_deg: np.ndarray  # (d/2,) the same in degrees
    q: np.ndarray  # (d,) a query after projection, before rotation
    k: np.ndarray  # (d,) a key after projection, before rotation
    q_norms: np.ndarray  # (d/2,) length of each 2-D piece of q (rotation keeps it)
    k_norms: np.ndarray  # (d/2,)
    q_angles0: np.ndarray  # (d/2,) radians, direction of each piece of q at position 0
    k_angles0: np.ndarray  # (d/2,)
    keyframes: np.ndarray  # (K, 2) the (m, n) stops the scene moves through
    keyframe_scores: np.ndarray  # (K,) rope_score at each stop
    keyframe_planes: np.ndarray  # (K, d/2) each plane's contribution at each stop
    keyframe_q_angles: np.ndarray  # (K, d/2) radians, rotated q pieces
    keyframe_k_angles: np.ndarray  # (K, d/2) radians, rotated k pieces
    grid_positions: np.ndarray  # (G,) positions 0..G-1
    score_grid: np.ndarray  # (G, G) rope_score(q, k, m, n), m = row, n = column
    diagonal_spread: float  # max over gaps of (max − min) along a diagonal m − n = const
    gaps: np.ndarray  # (2G−1,) m − n from −(G−1) to G−1
    score_by_gap: np.ndarray  # (2G−1,) the score for each gap (read from the grid)
    absolute_scores: np.ndarray  # (K,) (q + PE(m))·(k + PE(n)) at the same stops: position added
    absolute_grid: np.ndarray  # (G, G) absolute_pe_score(q, k, m, n): its diagonals are not constant
    plain_score: float  # q·k with no position at all (m = n = 0 for RoPE)
    slow_turn_deg: float  # degrees the slowest plane turns from position 0 to the table's last position


def rope_keyframes(m: int = 4, n: int = 0) -> tuple:
    """The (m, n) stops of the rope_rotation scene for a query at m and a key at n (gap g = m − n).

    (0, 0); (m, n), where q and k are put; (m+3, n+3) and (m+5, n+5), both moved by the same amount
    (same gap); (m+5, n+3), gap g + 2; then two stops with a third gap g₂ (1, or 2 when 1 is taken),
    one shifted along its diagonal. For m = 4, n = 0 these are the lesson's stops
    (0, 0), (4, 0), (7, 3), (9, 5), (9, 3), (9, 8), (5, 4). Every stop is distinct and ≥ 0.
    """
    m, n = int(m), int(n)
    if m < 0 or n < 0 or (m, n) == (0, 0):
        raise ValueError(f"positions must be ≥ 0 and not both 0, got m={m}, n={n}")
    g = m - n
    g2 = next(c for c in (1, 2, -1, 3) if c not in (g, g + 2))
    j = max(0, g2 - m - 1)  # keeps the last stop's key position ≥ 0
    return ((0, 0), (m, n), (m + 3, n + 3), (m + 5, n + 5), (m + 5, n + 3),
            (m + 5, m + 5 - g2), (m + 1 + j, m + 1 + j - g2))


def rope_lesson(q=(1.0, 0.2, 0.6, 0.8), k=(0.3, 1.0, 0.9, 0.1), base: float = 100.0,
                keyframes=None, grid_size: int | None = None, m: int = 4, n: int = 0) -> RopeLesson:
    """A query and a key of width d = len(q) (default 4: a fast and a slow plane) through RoPE.

    base = 100 (not 10000) so that with d = 4 the slow plane turns 0.1 rad per position and its
    rotation is visible within ten positions; the identities shown hold for any base.
    `keyframes` are the (m, n) stops of the scene; None: rope_keyframes(m, n) (the query at m, the
    key at n). The (m, n) table covers positions 0 … grid_size − 1 (None: at least 10, and every
    stop). The absolute-PE comparison adds the sinusoidal PE of the same d and base to q and k and
    shows that its score changes when m and n move together.
    """
    if keyframes is None:
        keyframes = rope_keyframes(m, n)
    if grid_size is None:
        grid_size = max(10, int(np.max(keyframes)) + 1)
    q = np.asarray(q, dtype=float)  # (d,)
    k = np.asarray(k, dtype=float)  # (d,)
    if q.shape != k.shape or q.ndim != 1:
        raise ValueError("q and k must be vectors of the same width")
    d = q.size
    thetas = rope_thetas(d, base)  # (d/2,)
    stops = np.asarray(keyframes, dtype=float).reshape(-1, 2)  # (K, 2)
    grid = np.arange(grid_size)  # (G,)
    score_grid = np.array([[rope_score(q, k, m, n, base) for n in grid] for m in grid])  # (G, G)
    gaps = np.arange(-(grid_size - 1), grid_size)  # (2G-1,)
    diagonals = [np.diagonal(score_grid, offset=-g) for g in gaps]  # m - n = g  <->  offset -g
    return RopeLesson(
        d_model=d,
        base=float(base),
        thetas=thetas,
        thetas_deg=np.degrees(thetas),
        q=q,
        k=k,
        q_norms=np.linalg.norm(q.reshape(-1, 2), axis=1),
        k_norms=np.linalg.norm(k.reshape(-1, 2), axis=1),
        q_angles0=plane_angles(q, 0, base),
        k_angles0=plane_angles(k, 0, base),
        keyframes=stops,
        keyframe_scores=np.array([rope_score(q, k, m, n, base) for m, n in stops]),
        keyframe_planes=np.array([plane_contributions(q, k, m, n, base) for m, n in stops]),
        keyframe_q_angles=np.array([plane_angles(q, m, base) for m, _ in stops]),
        keyframe_k_angles=np.array([plane_angles(k, n, base) for _, n in stops]),
        grid_positions=grid,
        score_grid=score_grid,
        diagonal_spread=float(max(np.ptp(dg) for dg in diagonals)),
        gaps=gaps,
        score_by_gap=np.array([dg[0] for dg in diagonals]),
        absolute_scores=np.array([absolute_pe_score(q, k, m, n, base) for m, n in stops]),
        absolute_grid=np.array([[absolute_pe_score(q, k, m, n, base) for n in grid] for m in grid]),  # (G, G)
        plain_score=float(q @ k),
        slow_turn_deg=float(np.degrees(thetas[-1] * grid[-1])),
    )
