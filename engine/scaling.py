"""Why attention divides its scores by √d (docs/design.md §3, scores = QKᵀ/√d_k; seed 003 "Dot products →
attention weights"): with query and key entries drawn independently, mean 0 and variance 1, a dot product q·k
of width d is a sum of d products of variance 1, so its spread (standard deviation) grows as √d, while
q·k/√d keeps a spread near 1 at every width. A softmax over one row of unscaled scores at a large width gives
nearly all the weight to one key; over the same row divided by √d the weights stay spread out.

The sweep over d keeps one row fixed: its divided scores z = q·k/√d stay the same at every width, and its
undivided scores are z·√d, as large as the spread at that width. The row is the drawn one's (at the largest width),
or one given (a lesson's own row of scores, `row_z`). softmax(z·√d) hardens as d grows (the weights of all but the
top scores → 0; with one top score its weight → 1); softmax(z) is the same at every width.

Computed on seeded samples (np.random.default_rng), so every number the lecture shows is reproducible.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.attention import softmax


@dataclass(frozen=True, eq=False)
class ScaleSpread:
    widths: np.ndarray  # (m,) the widths d compared
    dot_std: np.ndarray  # (m,) the spread (standard deviation) of q·k over the samples, ≈ √d
    scaled_std: np.ndarray  # (m,) the spread of q·k/√d, ≈ 1 at every width
    top_weight: np.ndarray  # (m,) the mean, over sample rows of `keys` scores, of the largest softmax weight of q·k
    top_weight_scaled: np.ndarray  # (m,) the same for q·k/√d
    keys: int  # the keys in one row
    row_width: int  # the width of the one row drawn (the largest)
    row_dots: np.ndarray  # (keys,) q·k of that row (the median row by its top weight), one query against `keys` keys
    row_weights: np.ndarray  # (keys,) softmax(q·k): nearly all on one key
    row_weights_scaled: np.ndarray  # (keys,) softmax(q·k/√d): spread out
    row_z: np.ndarray  # (keys,) the fixed row of the sweep, divided by √d: the drawn row's, or the one given
    sweep_top: np.ndarray  # (m,) the largest weight of softmax(row_z·√d) at each width: → 1 / (the top scores' count)
    sweep_top_scaled: np.ndarray  # (m,) the largest weight of softmax(row_z) at each width: the same
    spread_ticks: np.ndarray  # the spread chart's axis values: 0 up to the first round step at or above dot_std.max()
    weight_ticks: np.ndarray  # the weight chart's axis values: 0, 0.5, 1 (a weight lies in [0, 1])

    @property
    def sweep_weights(self) -> np.ndarray:
        """(m, keys) softmax(row_z·√d), one row per width."""
        return softmax(self.row_z[None, :] * np.sqrt(self.widths.astype(float))[:, None], axis=-1)

    @property
    def divided_weights(self) -> np.ndarray:
        """(keys,) softmax(row_z): the fixed row's weights divided by √d, the same at every width."""
        return softmax(self.row_z)


def round_ticks(top: float) -> np.ndarray:
    """Axis values from 0 to the first multiple of a round step (1, 2 or 5 times a power of ten) at or above
    `top`, the step the smallest that gives at most three steps."""
    for step in (10.0 ** e * m for e in range(-2, 4) for m in (1, 2, 5)):
        if np.ceil(top / step) <= 3:
            return step * np.arange(int(np.ceil(top / step)) + 1)
    return np.array([0.0, float(top)])


def scale_spread(widths=(2, 4, 8, 16, 32, 64, 128, 256, 512), samples: int = 4000, keys: int = 5, seed: int = 3,
                 row_z=None) -> ScaleSpread:
    """q·k and q·k/√d for `samples` rows of `keys` random keys against a random query at each width; one row at
    the largest width kept whole for drawing: the median row by its largest unscaled weight (a typical one).
    `row_z`: the sweep's fixed row of divided scores (a lesson's own row, `keys` long), instead of the drawn row's."""
    rng = np.random.default_rng(seed)
    widths = np.asarray(widths, dtype=int)  # (m,)
    dot_std, scaled_std, top, top_scaled = [], [], [], []
    row = None
    for d in widths:
        q = rng.standard_normal((samples, 1, d))  # (S, 1, d)
        k = rng.standard_normal((samples, keys, d))  # (S, keys, d)
        dots = (q * k).sum(axis=-1)  # (S, keys)
        scaled = dots / np.sqrt(d)  # (S, keys)
        dot_std.append(float(dots.std()))
        scaled_std.append(float(scaled.std()))
        top.append(float(softmax(dots, axis=-1).max(axis=-1).mean()))
        top_scaled.append(float(softmax(scaled, axis=-1).max(axis=-1).mean()))
        tops = softmax(dots, axis=-1).max(axis=-1)  # (S,)
        row = dots[int(np.argsort(tops)[len(tops) // 2])]  # (keys,): the last width's median row by its top weight
    d = int(widths[-1])
    z = row / np.sqrt(d) if row_z is None else np.asarray(row_z, dtype=float)  # (keys,)
    if z.shape != (keys,):
        raise ValueError(f"row_z has shape {z.shape}, expected ({keys},)")
    sweep = softmax(z[None, :] * np.sqrt(widths.astype(float))[:, None], axis=-1)  # (m, keys)
    return ScaleSpread(widths=widths, dot_std=np.array(dot_std), scaled_std=np.array(scaled_std),
                       top_weight=np.array(top), top_weight_scaled=np.array(top_scaled), keys=keys, row_width=d,
                       row_dots=row, row_weights=softmax(row), row_weights_scaled=softmax(row / np.sqrt(d)),
                       row_z=z, sweep_top=sweep.max(axis=-1), sweep_top_scaled=np.full(len(widths), softmax(z).max()),
                       spread_ticks=round_ticks(max(dot_std)), weight_ticks=np.array([0.0, 0.5, 1.0]))


@dataclass(frozen=True, eq=False)
class DotStrips:
    """Samples of q·k drawn as one strip of dots per width d: `rows` rows of `keys` keys, each row against its own
    random query, every entry of q and k drawn independently with mean 0 and variance 1. Their spread is ≈ √d; the
    same dots divided by √d have a spread ≈ 1 at every width. One row at the largest width (the median one by its
    largest softmax weight, a typical row) is kept for the softmax: undivided nearly one-hot, divided spread out."""
    widths: np.ndarray  # (m,) the widths d
    dots: np.ndarray  # (m, rows * keys) q·k, row by row (keys of one row next to each other)
    dot_std: np.ndarray  # (m,) the spread (standard deviation) of each width's dots, ≈ √d
    scaled: np.ndarray  # (m, rows * keys) q·k/√d
    scaled_std: np.ndarray  # (m,) the spread of q·k/√d, ≈ 1
    keys: int  # keys in one row
    row: int  # the row kept at the largest width (its dots are dots[-1, row*keys:(row+1)*keys])
    row_dots: np.ndarray  # (keys,) that row's q·k
    row_weights: np.ndarray  # (keys,) softmax(q·k): nearly one-hot
    row_weights_scaled: np.ndarray  # (keys,) softmax(q·k/√d): spread out

    @property
    def row_scaled(self) -> np.ndarray:
        """(keys,) the kept row divided by √d."""
        return self.row_dots / np.sqrt(float(self.widths[-1]))


def dot_strips(widths=(4, 16, 64), rows: int = 40, keys: int = 5, seed: int = 5) -> DotStrips:
    """q·k for `rows` × `keys` random unit-variance query–key pairs at each width (seeded, so every number drawn is
    reproducible), their spreads undivided and divided by √d, and one typical row of the largest width."""
    widths = np.asarray(widths, dtype=int)  # (m,)
    if widths.ndim != 1 or len(widths) == 0 or (widths < 1).any() or rows < 1 or keys < 2:
        raise ValueError(f"dot_strips needs widths ≥ 1, rows ≥ 1 and keys ≥ 2 (got {list(widths)}, {rows}, {keys})")
    rng = np.random.default_rng(seed)
    dots = []
    for d in widths:
        q = rng.standard_normal((rows, 1, d))  # (R, 1, d)
        k = rng.standard_normal((rows, keys, d))  # (R, keys, d)
        dots.append((q * k).sum(axis=-1).reshape(-1))  # (R * keys,)
    dots = np.array(dots)  # (m, R * keys)
    scaled = dots / np.sqrt(widths.astype(float))[:, None]
    last = dots[-1].reshape(rows, keys)  # (R, keys)
    tops = softmax(last, axis=-1).max(axis=-1)  # (R,)
    row = int(np.argsort(tops, kind="stable")[rows // 2])
    rd = last[row].copy()
    return DotStrips(widths=widths, dots=dots, dot_std=dots.std(axis=1), scaled=scaled, scaled_std=scaled.std(axis=1),
                     keys=keys, row=row, row_dots=rd, row_weights=softmax(rd),
                     row_weights_scaled=softmax(rd / np.sqrt(float(widths[-1]))))
