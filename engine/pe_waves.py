"""Seed 002's positional-encoding figures: the waves, the dot product against the gap, and why
counting positions fails (the records of pe_waves, pe_dot_distance and seq_number_problems).

Seed 002 §03 (图 4, the counting encoding P_i = [i, …, i]), §04 (图 5 and 6: d_model = 8, pos = 3)
and §05 (图 7: PE(p) · PE(p + k) = Σ_i cos(k / D_i)). Conventions: docs/design.md §3.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.positional import (
    DEFAULT_BASE, _check_d_model, denominators, dot_by_gap, hand_speeds, pe_dot_product, sinusoidal,
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
    n_positions: int = 64
    denominators_rounded: np.ndarray = None  # (d/2,) D_i to 2 decimals, as a formula writes them (1, 10, 3.16)
    dims: np.ndarray = None  # (d,) the dimension indices 0 .. d-1 the figure labels
    pairs: np.ndarray = None  # (d/2,) the pair indices i = 0 .. d/2-1
    periods_rounded: np.ndarray = None  # (d/2,) the periods to two significant digits (6.3, 63, 630, 6,300)


def significant(x, digits: int = 2) -> np.ndarray:
    """`x` rounded to `digits` significant digits, element-wise (6283.19 → 6300.0, 6.2832 → 6.3)."""
    x = np.asarray(x, dtype=float)
    mag = np.floor(np.log10(np.where(x == 0, 1.0, np.abs(x))))
    scale = 10.0 ** (digits - 1 - mag)
    return np.round(x * scale) / scale


def wave_samples(d_model: int = 8, position: int = 3, n_positions: int = 64, base: float = DEFAULT_BASE,
                 fine_step: float = 0.05) -> WaveSamples:
    """The pe_waves figure's record (seed 002 §04, d_model = 8, pos = 3).

    A marked position beyond the last plotted one is moved to the last (n_positions − 1)."""
    position = int(min(position, n_positions - 1))
    fine = np.arange(0.0, n_positions - 1 + fine_step / 2, fine_step)  # (m,)
    pos = np.arange(n_positions)  # (n,)
    dens = denominators(d_model, base)  # (d/2,)
    return WaveSamples(
        d_model=d_model, base=base, denominators=dens, speeds=hand_speeds(d_model, base),
        periods=2 * np.pi * dens, fine_positions=fine, fine_values=sinusoidal(fine, d_model, base),
        positions=pos, values=sinusoidal(pos, d_model, base), position=int(position),
        angles=position / dens, pe_at=sinusoidal([position], d_model, base)[0],
        n_positions=int(n_positions), denominators_rounded=np.round(dens, 2),
        dims=np.arange(d_model), pairs=np.arange(d_model // 2), periods_rounded=significant(2 * np.pi * dens),
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
    denominators_rounded: np.ndarray = None  # (d/2,) D_i to 2 decimals, as a formula writes them


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
        denominators_rounded=np.round(denominators(d_model, base), 2),
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
       content_norm = rms·√d); the sinusoidal ratio is (1/√2) / rms at every position.
    """

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
    fine_gaps: np.ndarray  # (m,) real k, for the smooth curve of the sinusoidal dot product
    fine_sinusoidal_dot: np.ndarray  # (m,) Σ cos(k/Dᵢ) at fine_gaps (the same for every start)
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
    """The seq_number_problems figure's record (seed 002 §03 图 4; seat 12 is seed 001's example).

    An example position beyond the last one is moved to the last (n_positions − 1)."""
    example_position = int(min(example_position, n_positions - 1))
    pos = np.arange(n_positions)  # (T,)
    naive = counting_encoding(pos, d_model)  # (T, d)
    pe = sinusoidal(pos, d_model, base)  # (T, d)
    gaps = np.arange(n_gaps)  # (K,)
    dot_starts = tuple(int(p) for p in dot_starts)
    c_dots = np.array([(counting_encoding([p], d_model) * counting_encoding(p + gaps, d_model)).sum(axis=1)
                       for p in dot_starts])  # (P, K)
    s_dots = np.array([pe_dot_product(p, gaps, d_model, base) for p in dot_starts])  # (P, K)
    fine = np.arange(0.0, n_gaps - 1 + 0.025, 0.05)  # (m,) real k, as dot_distance's fine_gaps
    e_norm = content_rms * np.sqrt(d_model)
    c_norm = np.linalg.norm(naive, axis=1)  # (T,)
    s_norm = np.linalg.norm(pe, axis=1)  # (T,)
    ex_c = float(np.linalg.norm(counting_encoding([example_position], d_model)) / e_norm)
    ex_s = float(np.linalg.norm(sinusoidal([example_position], d_model, base)) / e_norm)
    return SeqNumberProblems(
        d_model=d_model, base=base, positions=pos, counting_value=naive[:, 0], sinusoidal_values=pe,
        sinusoidal_max_abs=float(np.abs(pe).max()), counting_norm=c_norm, sinusoidal_norm=s_norm,
        dot_starts=dot_starts, gaps=gaps, counting_dots=c_dots, sinusoidal_dots=s_dots,
        fine_gaps=fine, fine_sinusoidal_dot=dot_by_gap(fine, d_model, base),
        content_rms=float(content_rms), content_norm=float(e_norm), dot_bound=d_model // 2,
        counting_ratio=c_norm / e_norm, sinusoidal_ratio=s_norm / e_norm,
        example_position=int(example_position), example_counting_ratio=ex_c, example_sinusoidal_ratio=ex_s,
    )
