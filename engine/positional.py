"""Sinusoidal positional encoding: the "clock hands" fingerprint.

Implements seed 001 (lesson 5, "fingerprint", "distance" and "angle table" stations) and
seed 002 §04 (the sin/cos formula, d_model = 8, pos = 3). Convention (docs/design.md §3): interleaved
pairs, PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)).

A "hand" i is the 2-D pointer (sin, cos) of pair i; it turns base^(-2i/d) radians per position.

The figure records built on this table live in engine.pe_geometry (distances, angles) and
engine.pe_waves (waves, dot products, the counting encoding).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

DEFAULT_BASE = 10000.0


def _check_d_model(d_model: int) -> None:
    if int(d_model) != d_model or d_model < 2 or d_model % 2:
        raise ValueError(f"d_model must be a positive even integer, got {d_model!r}")


def hand_speeds(d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """Angular speed of each hand in radians per position: base^(-2i/d), shape (d_model // 2,)."""
    _check_d_model(d_model)
    i = np.arange(d_model // 2)  # (d/2,)
    return base ** (-2.0 * i / d_model)  # (d/2,)


def denominators(d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """The D_i = base^(2i/d) that divide the position (seed 002: 1, 10, 100, 1000 for d = 8)."""
    return 1.0 / hand_speeds(d_model, base)  # (d/2,)


def sinusoidal(positions, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """The PE rows for `positions` (any real numbers), shape (len(positions), d_model).

    Column 2i is sin(p * speed_i), column 2i+1 is cos(p * speed_i).
    """
    p = np.atleast_1d(np.asarray(positions, dtype=float))  # (T,)
    if p.ndim != 1:
        raise ValueError("positions must be a scalar or a 1-D sequence")
    angles = np.outer(p, hand_speeds(d_model, base))  # (T, d/2)
    pe = np.empty((p.size, d_model))  # (T, d)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe


def hand_angles(positions, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """Angle of every hand (radians, unwrapped: p * speed_i), shape (len(positions), d_model // 2)."""
    p = np.atleast_1d(np.asarray(positions, dtype=float))  # (T,)
    return np.outer(p, hand_speeds(d_model, base))  # (T, d/2)


def distance(p: float, q: float, d_model: int, base: float = DEFAULT_BASE) -> float:
    """Euclidean distance between the PE rows of positions p and q (depends only on |p - q|)."""
    rows = sinusoidal([p, q], d_model, base)  # (2, d)
    return float(np.linalg.norm(rows[0] - rows[1]))


def distance_matrix(n_positions: int, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """Distances between every pair of positions 0..n-1, shape (n, n)."""
    pe = sinusoidal(np.arange(n_positions), d_model, base)  # (n, d)
    diff = pe[:, None, :] - pe[None, :, :]  # (n, n, d)
    return np.sqrt((diff**2).sum(axis=-1))  # (n, n)


def hand_angle(p: float, q: float, hand: int, d_model: int, base: float = DEFAULT_BASE) -> float:
    """Unsigned angle in degrees (0..180) between hand `hand`'s pointers at positions p and q.

    Read back from the two (sin, cos) pairs, as seed 001's angle table does.
    """
    if not 0 <= hand < d_model // 2:
        raise ValueError(f"hand must be in 0..{d_model // 2 - 1}, got {hand}")
    rows = sinusoidal([p, q], d_model, base)  # (2, d)
    a, b = rows[:, 2 * hand : 2 * hand + 2]  # (2,), (2,)
    cos_angle = np.clip(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)), -1.0, 1.0)
    return float(np.degrees(np.arccos(cos_angle)))


def angle_plan(n_positions: int, starts=(2, 11, 28), gap: int = 3) -> tuple[tuple, int]:
    """Starts and gap of an angle table that stay inside seats 0 .. n_positions − 1.

    Seed 001's 2 → 5, 11 → 14, 28 → 31 are kept whenever they fit (32 seats or more); otherwise the
    gap is cut to at most n_positions − 2 (at least 1) and up to three starts are spread evenly over
    0 .. n_positions − 1 − gap (one start when there are only two seats).
    """
    gap = int(max(1, min(gap, n_positions - 2)))
    starts = tuple(int(s) for s in starts)
    if starts and all(0 <= s and s + gap <= n_positions - 1 for s in starts):
        return starts, gap
    last = max(0, n_positions - 1 - gap)
    return tuple(sorted({int(round(x)) for x in np.linspace(0, last, 3)})), gap


@dataclass(frozen=True)
class Fingerprint:
    """Seed 001's fingerprint lesson: the [n_positions, d_model] table and what it shows."""

    d_model: int
    base: float
    n_positions: int
    speeds: np.ndarray  # (d/2,) rad per position
    table: np.ndarray  # (n, d) PE rows
    adjacent_distance: float  # every |p - q| = 1 pair ties at this value
    adjacent_pairs: int  # how many adjacent pairs there are (all tie)
    max_distance: float
    max_gap: int  # the gap at which the maximum is reached
    max_pairs: tuple  # every (p, q), p < q, reaching the maximum (ties within 1e-9)
    fastest_step_degrees: float  # the fastest hand's turn per position
    speed_ratio: float  # fastest / slowest
    angle_starts: tuple  # starting positions of the angle table
    angle_gap: int
    angle_hands: tuple
    angle_table: np.ndarray  # (len(angle_hands), len(angle_starts)) degrees
    n_hands: int = 0  # d_model // 2
    adjacent_spread: float = 0.0  # max − min over the adjacent pairs' distances (0 up to rounding)
    max_over_adjacent: float = 0.0  # max_distance / adjacent_distance
    total_turns: tuple = ()  # (d/2,) each hand's whole turn from the first position to the last, rad
    step_degrees: tuple = ()  # (d/2,) each hand's turn for one position, degrees (57.2958° for hand 0)
    denominators: tuple = ()  # (d/2,) base^(2i/d): hand i turns 1 / denominator rad per position
    order: object = None  # engine.word_order.WordOrderScores (pe_clock's record, clock_lesson), else None
    look_order: object = None  # the same through the look-back head (engine.word_order.look_back_order), else None
    angle_dots: tuple = ()  # (len(angle_starts),) PE(s)·PE(s + angle_gap) for each start: one value (a rotation)
    angle_start_gaps: tuple = ()  # (len(angle_starts) - 1,) |PE(s_j) − PE(s_0)|: the rows themselves differ
    gap_distances: tuple = ()  # (n - 1,) |PE(p + g) − PE(p)| for g = 1 … n − 1: the same for every p (seed 001 "distance")
    min_distance: float = 0.0  # the smallest distance between two different seats (> 0: no two rows are equal)
    min_gap: int = 0  # the smallest gap at which min_distance is reached
    min_pair: tuple = ()  # the first seats (p, p + min_gap) that close: every pair min_gap apart ties with it
    wrap_gap: int = 0  # the gap at which hand 0 (1 rad a seat) comes nearest a full turn (6); 0 if the seats or hands are too few
    wrap_hand_distances: tuple = ()  # (d/2,) each hand's |(sin, cos)| difference between seats 0 and wrap_gap
    wrap_turn_degrees: tuple = ()  # (d/2,) each hand's turn from seat 0 to wrap_gap, degrees (343.8° for hand 0)
    wrap_short_degrees: float = 0.0  # how far hand 0 stops short of a full turn at wrap_gap, degrees
    wrap_peak_gap: int = 0  # the gap under wrap_gap with the largest distance: the bars rise, then fall back
    rotate_turn_degrees: tuple = ()  # (d/2,) R_angle_gap's turn of each hand, angle_gap · ω_i in degrees (171.9° … 0.05°)
    rotate_misses: tuple = ()  # (len(angle_starts),) max |R_gap PE(s) − PE(s + gap)| per start: rounding error only
    look_back_seats: tuple = ()  # query seats p of the look-back head (row vectors: q = PE(p) W_Q, W_Q = c·R_1, W_K = I): 5 and 20
    look_back_scale: float = 0.0  # c in W_Q = c·R_1 (12): it sharpens the softmax without moving the peak
    look_back_rows: tuple = ()  # (len(look_back_seats), n) their scores q(p) · k(j) / √d over every seat j
    look_back_weights: tuple = ()  # (len(look_back_seats), n) softmax of each score row: the attention weights
    look_back_peaks: tuple = ()  # (n,) argmax_j of every row (p − 1 for p ≥ 1): one matrix looks one seat back everywhere
    look_back_top: float = 0.0  # the peak score, c · PE(p − 1) · PE(p − 1) / √d = c · (d/2) / √d (24 for c = 12, d = 16)


def fingerprint(
    n_positions: int = 32,
    d_model: int = 16,
    base: float = DEFAULT_BASE,
    angle_starts=(2, 11, 28),
    angle_gap: int = 3,
    angle_hands=(0, 1, 2),
) -> Fingerprint:
    """Everything seed 001 says about the 32-seat, 8-hand fingerprint, computed.

    Any width, number of seats and base: angle starts that would leave the seats are replaced by
    ones spread over them (angle_plan), and hands the width does not have are dropped.
    """
    _check_d_model(d_model)
    if n_positions < 2:
        raise ValueError(f"n_positions must be at least 2, got {n_positions!r}")
    angle_starts, angle_gap = angle_plan(n_positions, angle_starts, angle_gap)
    angle_hands = tuple(int(h) for h in angle_hands if 0 <= h < d_model // 2)
    table = sinusoidal(np.arange(n_positions), d_model, base)  # (n, d)
    dist = distance_matrix(n_positions, d_model, base)  # (n, n)
    upper = np.triu_indices(n_positions, k=1)
    max_d = float(dist[upper].max())
    max_pairs = tuple(
        (int(p), int(q)) for p, q in zip(*upper) if abs(dist[p, q] - max_d) < 1e-9
    )
    gaps = {q - p for p, q in max_pairs}
    min_d = float(dist[upper].min())
    min_gap = int(min(q - p for p, q in zip(*upper) if abs(dist[p, q] - min_d) < 1e-9))
    speeds = hand_speeds(d_model, base)
    angle_table = np.array(
        [[hand_angle(s, s + angle_gap, h, d_model, base) for s in angle_starts] for h in angle_hands]
    )  # (hands, starts)
    adjacent = np.diag(dist, k=1)  # (n-1,)
    starts = np.array(angle_starts)  # (S,)
    pe_start = sinusoidal(starts, d_model, base)  # (S, d) PE(s)
    pe_later = sinusoidal(starts + angle_gap, d_model, base)  # (S, d) PE(s + gap)
    angle_dots = np.einsum("sd,sd->s", pe_start, pe_later)  # (S,) the same for every start
    wrap = wrap_plan(n_positions, speeds)
    return Fingerprint(
        d_model=d_model,
        base=base,
        n_positions=n_positions,
        speeds=speeds,
        table=table,
        adjacent_distance=float(dist[0, 1]),
        adjacent_pairs=n_positions - 1,
        max_distance=max_d,
        max_gap=min(gaps),
        max_pairs=max_pairs,
        fastest_step_degrees=float(np.degrees(speeds[0])),
        speed_ratio=float(speeds[0] / speeds[-1]),
        angle_starts=tuple(angle_starts),
        angle_gap=angle_gap,
        angle_hands=tuple(angle_hands),
        angle_table=angle_table,
        n_hands=d_model // 2,
        adjacent_spread=float(adjacent.max() - adjacent.min()),
        max_over_adjacent=max_d / float(dist[0, 1]),
        total_turns=tuple(float(w) * (n_positions - 1) for w in speeds),
        step_degrees=tuple(float(np.degrees(w)) for w in speeds),
        denominators=tuple(float(x) for x in denominators(d_model, base)),
        angle_dots=tuple(float(v) for v in angle_dots),
        angle_start_gaps=tuple(float(np.linalg.norm(r - pe_start[0])) for r in pe_start[1:]),
        gap_distances=tuple(float(v) for v in dist[0, 1:]),
        min_distance=min_d,
        min_gap=min_gap,
        min_pair=(0, min_gap),
        rotate_turn_degrees=tuple(float(np.degrees(w * angle_gap)) for w in speeds),
        rotate_misses=tuple(float(v) for v in rotation_misses(starts, angle_gap, d_model, base)),
        **look_back_record(n_positions, d_model, base),
        **wrap,
    )


def wrap_plan(n_positions: int, speeds: np.ndarray) -> dict:
    """Why one hand is not enough: hand 0 comes back near its start after round(2π / ω₀) seats, so two seats
    that far apart differ little on it, while slower hands tell them apart. Every hand's difference between
    seat 0 and that seat (2 |sin(ω g / 2)|), and the gap under it where the distance peaks."""
    gap = int(round(2 * np.pi / float(speeds[0])))
    if len(speeds) < 2 or gap < 3 or gap > n_positions - 1:
        return {}
    hand_d = 2 * np.abs(np.sin(speeds * gap / 2))  # (d/2,)
    dist = [float(np.linalg.norm(2 * np.sin(speeds * g / 2))) for g in range(1, gap)]  # gaps 1 … gap − 1
    return {"wrap_gap": gap, "wrap_hand_distances": tuple(float(v) for v in hand_d),
            "wrap_turn_degrees": tuple(float(np.degrees(w * gap)) for w in speeds),
            "wrap_short_degrees": float(360.0 - np.degrees(speeds[0] * gap) % 360.0),
            "wrap_peak_gap": int(np.argmax(dist)) + 1}


# The dot product between two rows has no p in it: the identity the seed-002 figures and the
# distance-by-gap curve rest on.
def pe_dot_product(p, k, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """PE(p) · PE(p + k), computed from the two PE rows (seed 002 §05 图 7).

    `p` and `k` broadcast against each other (scalars or arrays); the result has their broadcast shape.
    """
    p_arr, k_arr = np.broadcast_arrays(np.asarray(p, dtype=float), np.asarray(k, dtype=float))
    a = sinusoidal(p_arr.ravel(), d_model, base)  # (n, d)
    b = sinusoidal((p_arr + k_arr).ravel(), d_model, base)  # (n, d)
    out = (a * b).sum(axis=1)  # (n,)
    return out.reshape(p_arr.shape) if p_arr.ndim else np.asarray(float(out[0]))


def dot_by_gap(k, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """Σ_i cos(k / D_i): the closed form of PE(p) · PE(p + k), which has no p in it (seed 002 §05)."""
    k_arr = np.asarray(k, dtype=float)
    terms = np.cos(np.multiply.outer(k_arr, hand_speeds(d_model, base)))  # (..., d/2)
    return terms.sum(axis=-1)


def rotation(k: float, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """R_k, the (d, d) block-diagonal matrix with PE(p + k) = R_k PE(p) for every p: on pair i, the
    (sin, cos) pointer turned by k · ω_i, [[cos kω, sin kω], [−sin kω, cos kω]]."""
    w = float(k) * hand_speeds(d_model, base)  # (d/2,)
    r = np.zeros((d_model, d_model))  # (d, d)
    c, s = np.cos(w), np.sin(w)
    r[0::2, 0::2] = np.diag(c)
    r[0::2, 1::2] = np.diag(s)
    r[1::2, 0::2] = np.diag(-s)
    r[1::2, 1::2] = np.diag(c)
    return r


def rotation_misses(starts, k: float, d_model: int, base: float = DEFAULT_BASE) -> np.ndarray:
    """max_j |(R_k PE(s))_j − PE(s + k)_j| for each start s, shape (len(starts),): one matrix R_k takes
    every start to the seat k further (rounding error only)."""
    s = np.atleast_1d(np.asarray(starts, dtype=float))  # (S,)
    turned = sinusoidal(s, d_model, base) @ rotation(k, d_model, base).T  # (S, d) rows R_k PE(s)
    return np.abs(turned - sinusoidal(s + k, d_model, base)).max(axis=1)  # (S,)


def look_back_scores(n_positions: int, d_model: int, base: float = DEFAULT_BASE, back: int = 1,
                     scale: float = 1.0) -> np.ndarray:
    """The (n, n) raw score table of a head written with row vectors, q = PE(p) W_Q and k = PE(j) W_K, whose query
    matrix is W_Q = scale · R_{−back}ᵀ (the turn back by `back` seats, transposed for a row vector; the same matrix as
    scale · R_back) and whose key matrix is the identity: q(p) = scale · PE(p) R_{−back}ᵀ = scale · PE(p − back),
    every hand turned back by back · ω_i, so row p is q(p) · k(j) = scale · PE(p − back) · PE(j) over the seats j. One
    matrix for every seat; each row peaks at j = p − back, at scale · d/2 (|PE|² = d/2)."""
    table = sinusoidal(np.arange(n_positions), d_model, base)  # (n, d)
    queries = table @ (scale * rotation(-back, d_model, base).T)  # (n, d) rows PE(p) W_Q = scale · PE(p − back)
    return queries @ table.T  # (n, n) [p, j] = q(p) · k(j)


LOOK_BACK_SCALE = 12.0  # c in W_Q = c · R_{−1}ᵀ: the seat before takes about 68 % of the weight, each neighbour about 14 %


def look_back_plan(n_positions: int, seats=(5, 20), back: int = 1) -> tuple:
    """The query seats whose score rows are shown: those of `seats` that have a seat `back` before them,
    else the middle seat (empty when there are no more than `back` seats)."""
    kept = tuple(int(s) for s in seats if back <= s < n_positions)
    if kept or n_positions <= back:
        return kept
    return (max(back, n_positions // 2),)


def look_back_record(n_positions: int, d_model: int, base: float = DEFAULT_BASE, scale: float = LOOK_BACK_SCALE) -> dict:
    """The look-back head's numbers for the Fingerprint record (look_back_* fields): its scores divided by √d, as
    every score in the course is, and their softmax. With W_Q = R_1 the peak (d/2 / √d = 2 at d = 16) stands 0.13
    above its neighbours and softmax gives seat p − 1 about 6 % of the attention; W_Q = 12 · R_1 multiplies every
    score by 12, the peak stands 1.54 above them and takes about two thirds of the weight."""
    scores = look_back_scores(n_positions, d_model, base, scale=scale) / np.sqrt(d_model)  # (n, n)
    # engine.attention.softmax along each row, written out: engine.attention imports this module (sinusoidal), so
    # this one cannot import it back; tests/test_pe_clock_lookback_values.py checks it against that softmax
    e = np.exp(scores - scores.max(axis=1, keepdims=True))  # (n, n)
    weights = e / e.sum(axis=1, keepdims=True)  # (n, n) each row sums to 1
    seats = look_back_plan(n_positions)
    return {"look_back_seats": seats,
            "look_back_scale": float(scale),
            "look_back_rows": tuple(tuple(float(v) for v in scores[p]) for p in seats),
            "look_back_weights": tuple(tuple(float(v) for v in weights[p]) for p in seats),
            "look_back_peaks": tuple(int(j) for j in scores.argmax(axis=1)),
            "look_back_top": float(scores.max())}
