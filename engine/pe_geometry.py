"""Distances and angles between seats: the records of the pe_distance and pe_angles figures.

Seed 001, lesson 5, "distance" and "angle table" stations (conventions: docs/design.md §3). The
fingerprint distance is the Euclidean distance between PE rows; it depends only on the gap between
the seats. A hand's angle between two seats is the unsigned angle between its two (sin, cos)
pointers, 0..180 degrees.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.positional import DEFAULT_BASE, angle_plan, distance_matrix, dot_by_gap, hand_angle, hand_speeds


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
    second_distance: float  # the runner-up gap's distance (to show how close it is); = max with two seats
    second_gap: int  # = max_gap when there is no other gap (two seats)
    max_over_adjacent: float  # max / min ("more than 3 times", seed 001)
    max_distance_truncated: float  # cut (not rounded) to 4 decimals: how seed 001 prints it (3.5090)
    adjacent_spread: float = 0.0  # max − min over the adjacent pairs (0 up to rounding: they all tie)


def distance_profile(n_positions: int = 32, d_model: int = 16, base: float = DEFAULT_BASE,
                     fine_step: float = 0.05) -> DistanceProfile:
    """The pe_distance figure's record (seed 001, "distance" station; docs/design.md §3)."""
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
    second = int(next((g for g in order if g != max_gap), max_gap))  # two seats: no runner-up
    adjacent = float(by_gap[1])
    adjacent_d = np.diag(dist, 1)  # (n-1,)
    return DistanceProfile(
        d_model=d_model, base=base, n_positions=n_positions, matrix=dist, gaps=gaps, by_gap=by_gap,
        fine_gaps=fine, fine_distance=fine_d, by_gap_spread=spread, adjacent_distance=adjacent,
        adjacent_pairs=tuple((p, p + 1) for p in range(n_positions - 1)),
        max_distance=max_d, max_gap=int(max_gap), max_pairs=max_pairs,
        second_distance=float(by_gap[second]), second_gap=second,
        max_over_adjacent=max_d / adjacent, max_distance_truncated=float(np.floor(max_d * 1e4) / 1e4),
        adjacent_spread=float(adjacent_d.max() - adjacent_d.min()),
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
    n_positions: int = 32  # the seats the starts and ends stay inside
    n_hands: int = 8  # d_model // 2: the hands there are (`hands` may list a selection)


def _fold_degrees(theta_rad: np.ndarray) -> np.ndarray:
    """An anticlockwise turn as the unsigned angle between the two pointers, 0..180 degrees."""
    deg = np.degrees(theta_rad) % 360.0
    return np.minimum(deg, 360.0 - deg)


def angle_table(starts=None, gap: int | None = None, hands=None, d_model: int = 16,
                base: float = DEFAULT_BASE, step_examples=None, n_positions: int = 32) -> AngleTable:
    """The pe_angles figure's record: any starts, any gap, any hands (seed 001 "angle table").

    Defaults: starts 2, 11, 28 and gap 3 while they fit inside `n_positions` seats, else starts spread
    over the seats (engine.positional.angle_plan); every hand up to 8, else 8 spread from the fastest
    to the slowest; one-seat examples at the first and the last start.
    """
    if starts is None:
        starts, gap = angle_plan(n_positions, gap=3 if gap is None else gap)
    elif gap is None:
        gap = 3
    n_hands = d_model // 2
    if hands is None:
        hands = range(n_hands) if n_hands <= 8 else sorted({int(round(x)) for x in np.linspace(0, n_hands - 1, 8)})
    starts, hands = tuple(int(s) for s in starts), tuple(int(h) for h in hands)
    if step_examples is None:  # with a gap of 1 the table's own columns are the one-seat turns
        step_examples = () if gap == 1 else tuple(dict.fromkeys((s, s + 1) for s in (starts[0], starts[-1])))
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
        n_positions=int(n_positions), n_hands=n_hands,
    )
