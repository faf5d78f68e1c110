"""Loudness of a narration track: measured and normalised to one target.

Integrated loudness is ITU-R BS.1770-4 (K-weighting, 400 ms blocks, absolute and relative gates),
measured with pyloudnorm; true peak is the BS.1770-4 Annex 2 estimate, the peak of the signal
oversampled four times. The target follows EBU R128 practice for speech on the web: -16 LUFS
integrated with true peaks at most -1 dBTP (EBU Tech 3343 allows the ceiling to be lowered for
lossy encoding; the limiter here aims 0.5 dB under it, room for the AAC encoder's overshoot).
"""
from __future__ import annotations

import numpy as np
import pyloudnorm
from scipy.ndimage import minimum_filter1d, uniform_filter1d
from scipy.signal import resample_poly

from studio.voice.audio import RATE

TARGET_LUFS = -16.0
PEAK_CEILING_DBTP = -1.0
ENCODER_MARGIN_DB = 0.5  # the limiter aims this far under PEAK_CEILING_DBTP
TOLERANCE_LU = 0.2  # normalise stops once the integrated loudness is this close to TARGET_LUFS
ROUNDS = 5  # at most this many gain-and-limit rounds
OVERSAMPLE = 4  # true peak: the peak of the signal upsampled this many times
MIN_LENGTH_S = 0.4  # one BS.1770 gating block; shorter signals have no integrated loudness
LIMITER_WINDOW_S = 0.005  # the limiter's gain is the minimum of the required gain over this window


def measure(x: np.ndarray) -> dict:
    """{"integrated_lufs", "true_peak_dbtp"} of a (n,) mono track at RATE, unrounded; a value is
    None when it cannot be measured (shorter than 0.4 s, or silent)."""
    x = np.asarray(x, dtype=np.float64)  # (n,) float64 mono, 48 kHz
    return {"integrated_lufs": _integrated(x), "true_peak_dbtp": _true_peak_db(x)}


def normalise(x: np.ndarray) -> tuple[np.ndarray, dict]:
    """`x` brought to TARGET_LUFS integrated with its true peak under the ceiling less the encoder
    margin, and what the result measures: {"integrated_lufs", "true_peak_dbtp", "gain_db",
    "limited"} rounded to 0.01 ("gain_db" is the gain applied before the limiter).

    The whole track is gained, then a look-ahead limiter holds the oversampled peaks down; since
    limiting lowers the loudness, the gain is measured again and corrected, for at most ROUNDS
    rounds. A track too short or too quiet to measure comes back unchanged with None values.
    Deterministic: the same input gives the same output, sample for sample.
    """
    source = np.asarray(x, dtype=np.float64)  # (n,) float64 mono, 48 kHz
    lufs = _integrated(source)
    if lufs is None:
        return np.asarray(x, dtype=np.float32), {"integrated_lufs": None, "true_peak_dbtp": None,
                                                 "gain_db": None, "limited": False}
    gain_db = TARGET_LUFS - lufs
    ceiling_db = PEAK_CEILING_DBTP - ENCODER_MARGIN_DB
    aim_db = ceiling_db  # the limiter's ceiling, lowered if a round's output still overshoots
    for _ in range(ROUNDS):
        y, limited = _limit(source * 10.0 ** (gain_db / 20.0), 10.0 ** (aim_db / 20.0))
        y = y.astype(np.float32)  # (n,) float32 mono, 48 kHz: measured as it will be written
        lufs, peak = _integrated(y), _true_peak_db(y)
        if lufs is None:  # limited to nothing; cannot happen for a measurable input
            break
        if abs(lufs - TARGET_LUFS) <= TOLERANCE_LU and peak <= ceiling_db:
            break
        gain_db += TARGET_LUFS - lufs
        if peak > ceiling_db:
            aim_db -= peak - ceiling_db
    return y, {"integrated_lufs": _round(lufs), "true_peak_dbtp": _round(peak),
               "gain_db": _round(gain_db), "limited": bool(limited)}


def _limit(x: np.ndarray, ceiling: float) -> tuple[np.ndarray, bool]:
    """`x` with a gain that keeps its oversampled peaks at or under `ceiling` (linear), and
    whether any gain under 1 was needed.

    Required gain per sample: ceiling / (the oversampled peak around that sample), at most 1. Its
    running minimum over LIMITER_WINDOW_S, centred, reaches each peak half a window early (the
    look-ahead); a moving average half as long smooths it. Every sample the average covers is a
    window minimum that includes the current sample, so the smoothed gain never exceeds the
    required gain anywhere.
    """
    peaks = _peak_around(x)  # (n,) float64 oversampled |x| near each sample
    required = np.ones_like(x)  # (n,) float64 gain each sample needs, <= 1
    over = peaks > ceiling
    if not np.any(over):
        return x, False
    required[over] = ceiling / peaks[over]
    window = 2 * round(LIMITER_WINDOW_S * RATE / 2) + 1  # odd, so the minimum is centred
    smooth = 2 * (window // 4) + 1  # odd, about half the window
    gain = minimum_filter1d(required, size=window, mode="nearest")  # (n,) float64
    gain = uniform_filter1d(gain, size=smooth, mode="nearest")  # (n,) float64
    gain = np.minimum(gain, required)  # the bound holds exactly, not just up to rounding
    return x * gain, True


def _peak_around(x: np.ndarray) -> np.ndarray:
    """(n,) the largest |value| of `x` oversampled OVERSAMPLE times over the span from the
    previous sample to the next one."""
    up = np.abs(resample_poly(x, OVERSAMPLE, 1))  # (OVERSAMPLE*n,) float64
    per_sample = up[:OVERSAMPLE * x.size].reshape(x.size, OVERSAMPLE).max(axis=1)  # (n,) float64
    per_sample = np.maximum(per_sample, np.abs(x))
    wide = per_sample.copy()  # (n,) float64
    wide[1:] = np.maximum(wide[1:], per_sample[:-1])
    wide[:-1] = np.maximum(wide[:-1], per_sample[1:])
    return wide


def _integrated(x: np.ndarray) -> float | None:
    if x.size < MIN_LENGTH_S * RATE or not np.any(x):
        return None
    value = pyloudnorm.Meter(RATE).integrated_loudness(np.asarray(x, dtype=np.float64))
    return float(value) if np.isfinite(value) else None


def _true_peak_db(x: np.ndarray) -> float | None:
    if x.size == 0:
        return None
    peak = float(np.max(np.abs(resample_poly(np.asarray(x, dtype=np.float64), OVERSAMPLE, 1))))
    return float(20.0 * np.log10(peak)) if peak > 0 else None


def _round(value):
    return None if value is None else round(float(value), 2)
