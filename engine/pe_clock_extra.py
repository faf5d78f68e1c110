"""The dot product PE(p)·PE(p + k) hand by hand (seed 001 "angle table" station): each hand's pair
(sin, cos) at p and at p + k contributes sin·sin + cos·cos = cos(k·ω_i), whatever p is, and the
terms add up to the fingerprint's angle_dots. Never imports manim or matplotlib.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.positional import hand_speeds, sinusoidal


@dataclass(frozen=True)
class DotTerms:
    """Per start s, each hand's share of PE(s)·PE(s + gap), and their running sums."""

    gap: int
    starts: tuple
    terms: np.ndarray  # (S, d/2) hand i's sin·sin + cos·cos at start s
    cos_terms: np.ndarray  # (d/2,) cos(gap · ω_i): the same terms from the gap alone
    running: np.ndarray  # (S, d/2) cumulative sums of terms: the last column is the dot product
    totals: tuple  # (S,) PE(s)·PE(s + gap)


def dot_terms(starts, gap: int, d_model: int, base: float) -> DotTerms:
    """Each hand's term of PE(s)·PE(s + gap) for every start s, read off the fingerprint rows."""
    starts = np.asarray(starts, dtype=int)  # (S,)
    if starts.ndim != 1 or len(starts) == 0:
        raise ValueError("starts must be a non-empty 1-d list of seats")
    a = sinusoidal(starts, d_model, base)  # (S, d)
    b = sinusoidal(starts + int(gap), d_model, base)  # (S, d)
    terms = a[:, 0::2] * b[:, 0::2] + a[:, 1::2] * b[:, 1::2]  # (S, d/2)
    omega = np.asarray(hand_speeds(d_model, base), dtype=float)  # (d/2,) rad per seat
    running = np.cumsum(terms, axis=1)
    return DotTerms(gap=int(gap), starts=tuple(int(s) for s in starts), terms=terms,
                    cos_terms=np.cos(int(gap) * omega), running=running,
                    totals=tuple(float(v) for v in running[:, -1]))
