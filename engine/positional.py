"""Sinusoidal positional encoding: the "clock hands" fingerprint.

Implements seed 001 (lesson 5, "fingerprint", "distance" and "angle table" stations) and
seed 002 §04 (the sin/cos formula, d_model = 8, pos = 3). Convention (design.md §3): interleaved
pairs, PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)).

A "hand" i is the 2-D pointer (sin, cos) of pair i; it turns base^(-2i/d) radians per position.
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


def fingerprint(
    n_positions: int = 32,
    d_model: int = 16,
    base: float = DEFAULT_BASE,
    angle_starts=(2, 11, 28),
    angle_gap: int = 3,
    angle_hands=(0, 1, 2),
) -> Fingerprint:
    """Everything seed 001 says about the 32-seat, 8-hand fingerprint, computed."""
    table = sinusoidal(np.arange(n_positions), d_model, base)  # (n, d)
    dist = distance_matrix(n_positions, d_model, base)  # (n, n)
    upper = np.triu_indices(n_positions, k=1)
    max_d = float(dist[upper].max())
    max_pairs = tuple(
        (int(p), int(q)) for p, q in zip(*upper) if abs(dist[p, q] - max_d) < 1e-9
    )
    gaps = {q - p for p, q in max_pairs}
    speeds = hand_speeds(d_model, base)
    angle_table = np.array(
        [[hand_angle(s, s + angle_gap, h, d_model, base) for s in angle_starts] for h in angle_hands]
    )  # (hands, starts)
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
    )


# --------------------------------------------------------------------------------------------
# Records for the positional-encoding figures (design.md §4 "Positional encoding").
# One engine function per catalogue entry; each returns a frozen record the figure draws and
# the numbers file exports.
# --------------------------------------------------------------------------------------------


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


@dataclass(frozen=True)
class DistanceProfile:
    """Seed 001 "distance" station: every seat against every seat, and distance as a function of the gap.

    distance(p, q)² = d − 2 Σ_i cos((q − p) / D_i), so it depends only on the gap |q − p|.
    """

    d_model: int
    base: float
    n_positions: int
    matrix: np.ndarray  # (n, n) Euclidean distance between PE rows
    gaps: np.ndarray  # (n,) 0 .. n-1
    by_gap: np.ndarray  # (n,) the distance at each integer gap (every pair with that gap ties)
    fine_gaps: np.ndarray  # (m,) real-valued gaps 0 .. n-1 for the smooth curve
    fine_distance: np.ndarray  # (m,) sqrt(d − 2 Σ cos(gap / D_i))
    by_gap_spread: float  # largest spread among the pairs sharing one gap (0 up to rounding)
    adjacent_distance: float  # the minimum over distinct seats
    adjacent_pairs: tuple  # every (p, p+1)
    max_distance: float
    max_gap: int
    max_pairs: tuple  # every (p, q), p < q, at the maximum (ties within 1e-9)
    second_distance: float  # the runner-up gap's distance (to show how close it is)
    second_gap: int
    max_over_adjacent: float  # max / min ("more than 3 times", seed 001)
    max_distance_truncated: float  # cut (not rounded) to 4 decimals: how seed 001 prints it (3.5090)


def distance_profile(n_positions: int = 32, d_model: int = 16, base: float = DEFAULT_BASE,
                     fine_step: float = 0.05) -> DistanceProfile:
    """The pe_distance figure's record (seed 001, "distance" station; design.md §3)."""
    dist = distance_matrix(n_positions, d_model, base)  # (n, n)
    gaps = np.arange(n_positions)  # (n,)
    by_gap = np.array([np.diag(dist, g).mean() for g in gaps])  # (n,)
    spread = max(float(np.ptp(np.diag(dist, g))) for g in gaps)
    fine = np.arange(0.0, n_positions - 1 + fine_step / 2, fine_step)  # (m,)
    fine_d = np.sqrt(np.maximum(d_model - 2.0 * dot_by_gap(fine, d_model, base), 0.0))  # (m,)
    upper = np.triu_indices(n_positions, k=1)
    max_d = float(dist[upper].max())
    max_pairs = tuple((int(p), int(q)) for p, q in zip(*upper) if abs(dist[p, q] - max_d) < 1e-9)
    max_gap = min(q - p for p, q in max_pairs)
    order = np.argsort(by_gap[1:])[::-1] + 1  # gaps by distance, largest first
    second = int(next(g for g in order if g != max_gap))
    adjacent = float(by_gap[1])
    return DistanceProfile(
        d_model=d_model, base=base, n_positions=n_positions, matrix=dist, gaps=gaps, by_gap=by_gap,
        fine_gaps=fine, fine_distance=fine_d, by_gap_spread=spread, adjacent_distance=adjacent,
        adjacent_pairs=tuple((p, p + 1) for p in range(n_positions - 1)),
        max_distance=max_d, max_gap=int(max_gap), max_pairs=max_pairs,
        second_distance=float(by_gap[second]), second_gap=second,
        max_over_adjacent=max_d / adjacent, max_distance_truncated=float(np.floor(max_d * 1e4) / 1e4),
    )


@dataclass(frozen=True)
class AngleTable:
    """Seed 001 "angle table": the angle each hand turns between seat s and seat s + gap.

    Every cell is read back from the two (sin, cos) pointers (hand_angle); `predicted` is the same
    angle from the speed alone, gap · speed_i folded into 0..180°, with no start in it.
    """

    d_model: int
    base: float
    starts: tuple
    ends: tuple  # start + gap
    gap: int
    hands: tuple
    speeds: np.ndarray  # (len(hands),) rad per seat
    speeds_degrees: np.ndarray  # (len(hands),) the same speeds in degrees per seat
    table: np.ndarray  # (len(hands), len(starts)) degrees, from the pointers
    predicted: np.ndarray  # (len(hands),) degrees, gap * speed folded into [0, 180]
    row_spread: np.ndarray  # (len(hands),) max − min within each row
    start_angles: np.ndarray  # (len(hands), len(starts)) absolute hand angle at the start, rad
    end_angles: np.ndarray  # (len(hands), len(starts)) absolute hand angle at the end, rad
    step_degrees: float  # the fastest listed hand's turn for one seat (1 rad = 57.2958° for hand 0)
    step_examples: tuple  # ((a, a+1), ...) pairs whose one-step angle the figure shows
    step_angles: np.ndarray  # (len(step_examples),) degrees, from the pointers


def _fold_degrees(theta_rad: np.ndarray) -> np.ndarray:
    """An anticlockwise turn as the unsigned angle between the two pointers, 0..180 degrees."""
    deg = np.degrees(theta_rad) % 360.0
    return np.minimum(deg, 360.0 - deg)


def angle_table(starts=(2, 11, 28), gap: int = 3, hands=tuple(range(8)), d_model: int = 16,
                base: float = DEFAULT_BASE, step_examples=((2, 3), (28, 29))) -> AngleTable:
    """The pe_angles figure's record: any starts, any gap, any hands (seed 001 "angle table")."""
    starts, hands = tuple(int(s) for s in starts), tuple(int(h) for h in hands)
    speeds = hand_speeds(d_model, base)[list(hands)]  # (H,)
    table = np.array([[hand_angle(s, s + gap, h, d_model, base) for s in starts] for h in hands])  # (H, S)
    s_arr = np.array(starts, dtype=float)  # (S,)
    steps = tuple((int(a), int(b)) for a, b in step_examples)
    return AngleTable(
        d_model=d_model, base=base, starts=starts, ends=tuple(s + gap for s in starts), gap=gap,
        hands=hands, speeds=speeds, speeds_degrees=np.degrees(speeds), table=table, predicted=_fold_degrees(gap * speeds),
        row_spread=table.max(axis=1) - table.min(axis=1),
        start_angles=np.outer(speeds, s_arr), end_angles=np.outer(speeds, s_arr + gap),
        step_degrees=float(np.degrees(speeds[0])), step_examples=steps,
        step_angles=np.array([hand_angle(a, b, hands[0], d_model, base) for a, b in steps]),
    )


@dataclass(frozen=True)
class WaveSamples:
    """Seed 002 §04 图 5 + 图 6: the d_model = 8 encoding as four waves over position, and PE(pos)."""

    d_model: int
    base: float
    denominators: np.ndarray  # (d/2,) D_i = base^(2i/d)
    speeds: np.ndarray  # (d/2,) 1 / D_i rad per position
    periods: np.ndarray  # (d/2,) 2π D_i positions per full turn
    fine_positions: np.ndarray  # (m,) for the smooth curves
    fine_values: np.ndarray  # (m, d) PE at fine_positions
    positions: np.ndarray  # (n,) integer positions 0 .. n-1
    values: np.ndarray  # (n, d) PE rows at the integer positions
    position: int  # the marked position (seed 002: 3)
    angles: np.ndarray  # (d/2,) position / D_i, rad
    pe_at: np.ndarray  # (d,) PE(position): sin, cos per pair


def wave_samples(d_model: int = 8, position: int = 3, n_positions: int = 64, base: float = DEFAULT_BASE,
                 fine_step: float = 0.05) -> WaveSamples:
    """The pe_waves figure's record (seed 002 §04, d_model = 8, pos = 3)."""
    fine = np.arange(0.0, n_positions - 1 + fine_step / 2, fine_step)  # (m,)
    pos = np.arange(n_positions)  # (n,)
    dens = denominators(d_model, base)  # (d/2,)
    return WaveSamples(
        d_model=d_model, base=base, denominators=dens, speeds=hand_speeds(d_model, base),
        periods=2 * np.pi * dens, fine_positions=fine, fine_values=sinusoidal(fine, d_model, base),
        positions=pos, values=sinusoidal(pos, d_model, base), position=int(position),
        angles=position / dens, pe_at=sinusoidal([position], d_model, base)[0],
    )


@dataclass(frozen=True)
class DotDistance:
    """Seed 002 §05 图 7: PE(p) · PE(p + k) = Σ_i cos(k / D_i), the same curve for every p."""

    d_model: int
    base: float
    denominators: np.ndarray  # (d/2,)
    starts: tuple  # the p values plotted on top of each other
    gaps: np.ndarray  # (K,) integer k
    dots: np.ndarray  # (len(starts), K) PE(p) · PE(p + k), from the rows
    closed_form: np.ndarray  # (K,) Σ cos(k / D_i)
    fine_gaps: np.ndarray  # (m,) real k for the smooth curve
    fine_closed_form: np.ndarray  # (m,)
    max_deviation: float  # max |dots − closed_form| over all p, k
    spread_over_p: float  # max over k of (max_p − min_p) of the dots
    example_gap: int  # a k whose value the figure writes out
    example_terms: np.ndarray  # (d/2,) cos(k / D_i) for the example k
    example_value: float  # their sum


def dot_distance(d_model: int = 8, starts=(0, 3, 17, 100), n_gaps: int = 41, base: float = DEFAULT_BASE,
                 example_gap: int = 1, fine_step: float = 0.05) -> DotDistance:
    """The pe_dot_distance figure's record (seed 002 §05; d_model = 8 as in §04)."""
    starts = tuple(int(p) for p in starts)
    gaps = np.arange(n_gaps)  # (K,)
    dots = np.array([pe_dot_product(p, gaps, d_model, base) for p in starts])  # (P, K)
    closed = dot_by_gap(gaps, d_model, base)  # (K,)
    fine = np.arange(0.0, n_gaps - 1 + fine_step / 2, fine_step)  # (m,)
    terms = np.cos(example_gap / denominators(d_model, base))  # (d/2,)
    return DotDistance(
        d_model=d_model, base=base, denominators=denominators(d_model, base), starts=starts, gaps=gaps,
        dots=dots, closed_form=closed, fine_gaps=fine, fine_closed_form=dot_by_gap(fine, d_model, base),
        max_deviation=float(np.abs(dots - closed).max()), spread_over_p=float(np.ptp(dots, axis=0).max()),
        example_gap=int(example_gap), example_terms=terms, example_value=float(terms.sum()),
    )


def counting_encoding(positions, d_model: int) -> np.ndarray:
    """The naive "copy the index into every dimension" encoding P_i = [i, i, …, i] (seed 002 §03).

    Shape (len(positions), d_model).
    """
    _check_d_model(d_model)
    p = np.atleast_1d(np.asarray(positions, dtype=float))  # (T,)
    return np.repeat(p[:, None], d_model, axis=1)  # (T, d)


@dataclass(frozen=True)
class SeqNumberProblems:
    """Seed 002 §03 图 4: why P_i = [i, …, i] fails, against the sinusoidal encoding of the same width.

    1. magnitude: every entry of P_i is i, unbounded; sinusoidal entries stay in [−1, 1].
    2. relative structure: P_p · P_(p+k) = d · p (p + k) changes with p and grows without bound;
       PE(p) · PE(p + k) = Σ cos(k / D_i) is one curve for every p, bounded by d/2 (dot_bound).
    3. dominance: ‖P_i‖ / ‖E‖ = i / rms for content of per-dimension RMS `content_rms` (‖E‖ =
       content_norm = rms·√d); the sinusoidal ratio is (1/√2) / rms at every position."""

    d_model: int
    base: float
    positions: np.ndarray  # (T,) 0 .. T-1
    counting_value: np.ndarray  # (T,) the entry of P_i (the same in every dimension): i
    sinusoidal_values: np.ndarray  # (T, d) PE rows
    sinusoidal_max_abs: float  # max |PE| over the table (≤ 1)
    counting_norm: np.ndarray  # (T,) ‖P_i‖ = i √d
    sinusoidal_norm: np.ndarray  # (T,) ‖PE_i‖ = √(d/2)
    dot_starts: tuple  # p values for the relative-structure panels
    gaps: np.ndarray  # (K,) k
    counting_dots: np.ndarray  # (len(dot_starts), K) P_p · P_(p+k)
    sinusoidal_dots: np.ndarray  # (len(dot_starts), K) PE(p) · PE(p+k)
    content_rms: float  # per-dimension RMS of the content vector E the position is added to
    content_norm: float  # ‖E‖ = content_rms · √d
    dot_bound: int  # d/2: |PE(p) · PE(p + k)| never exceeds it (d/2 cosines)
    counting_ratio: np.ndarray  # (T,) ‖P_i‖ / ‖E‖
    sinusoidal_ratio: np.ndarray  # (T,) ‖PE_i‖ / ‖E‖
    example_position: int  # a position whose ratio the figure writes out
    example_counting_ratio: float
    example_sinusoidal_ratio: float


def seq_number_problems(d_model: int = 8, n_positions: int = 64, dot_starts=(1, 8, 16), n_gaps: int = 33,
                        content_rms: float = 1.0, example_position: int = 12,
                        base: float = DEFAULT_BASE) -> SeqNumberProblems:
    """The seq_number_problems figure's record (seed 002 §03 图 4; seat 12 is seed 001's example)."""
    pos = np.arange(n_positions)  # (T,)
    naive = counting_encoding(pos, d_model)  # (T, d)
    pe = sinusoidal(pos, d_model, base)  # (T, d)
    gaps = np.arange(n_gaps)  # (K,)
    dot_starts = tuple(int(p) for p in dot_starts)
    c_dots = np.array([(counting_encoding([p], d_model) * counting_encoding(p + gaps, d_model)).sum(axis=1)
                       for p in dot_starts])  # (P, K)
    s_dots = np.array([pe_dot_product(p, gaps, d_model, base) for p in dot_starts])  # (P, K)
    e_norm = content_rms * np.sqrt(d_model)
    c_norm, s_norm = np.linalg.norm(naive, axis=1), np.linalg.norm(pe, axis=1)  # (T,), (T,)
    ex_c = float(np.linalg.norm(counting_encoding([example_position], d_model)) / e_norm)
    ex_s = float(np.linalg.norm(sinusoidal([example_position], d_model, base)) / e_norm)
    return SeqNumberProblems(
        d_model=d_model, base=base, positions=pos, counting_value=naive[:, 0], sinusoidal_values=pe,
        sinusoidal_max_abs=float(np.abs(pe).max()), counting_norm=c_norm, sinusoidal_norm=s_norm,
        dot_starts=dot_starts, gaps=gaps, counting_dots=c_dots, sinusoidal_dots=s_dots,
        content_rms=float(content_rms), content_norm=float(e_norm), dot_bound=d_model // 2,
        counting_ratio=c_norm / e_norm, sinusoidal_ratio=s_norm / e_norm, example_position=int(example_position),
        example_counting_ratio=ex_c, example_sinusoidal_ratio=ex_s)
