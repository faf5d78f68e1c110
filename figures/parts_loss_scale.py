"""loss_curves' log scale, where a run leaves it (seed 004 §4.2, "互動②"): the parts of a curve inside the
panel's band, cut at its edge, and where a diverging run's off-scale arrow starts."""
from __future__ import annotations

import numpy as np


def inside(x, v, lo: float, hi: float) -> tuple:
    """(x, y) of the curve's parts within [lo, hi] on a log axis: a segment that leaves the band ends at its
    edge (where it crosses it, in log space) and the outside stretch is a gap (NaN), so no line runs on
    beyond the axes it belongs to."""
    xs, ys = [], []
    ok = np.isfinite(v) & (v > 0)
    lv = np.where(ok, np.log10(np.where(ok, v, 1.0)), np.nan)  # (steps,)
    a, b = np.log10(lo), np.log10(hi)
    for k in range(len(v)):
        inside = ok[k] and a <= lv[k] <= b
        if k and ok[k] and ok[k - 1]:
            for edge in (a, b):  # the crossing of an edge between step k-1 and k
                if (lv[k - 1] - edge) * (lv[k] - edge) < 0:
                    t = (edge - lv[k - 1]) / (lv[k] - lv[k - 1])
                    xs.append(x[k - 1] + t * (x[k] - x[k - 1]))
                    ys.append(10 ** edge)
                    if not inside:
                        xs.append(np.nan)
                        ys.append(np.nan)
        if inside:
            xs.append(x[k])
            ys.append(v[k])
    return np.array(xs), np.array(ys)


def leaves_from(x, v, lo: float, hi: float):
    """(step, value) of a run's last value on the scale before its first value above it, or None when the first
    value above comes first: where the off-scale arrow starts."""
    ok = np.isfinite(v) & (v > 0)
    above = np.flatnonzero(ok & (np.where(ok, v, 0) > hi))
    if not above.size or above[0] == 0 or not ok[above[0] - 1] or not lo <= v[above[0] - 1] <= hi:
        return None
    return float(x[above[0] - 1]), float(v[above[0] - 1])


# -- labels beside the curves, where no line runs through them (figures.common.place_at) -------


def dotted_in_a(data, r: int) -> bool:
    """Whether loss_curves' panel (a) draws run r's values as dots too (fewer than 10 finite steps: the diverging run),
    and so whether its key shows the run's marker."""
    v = np.asarray(data.loss[r], float)
    return int((np.isfinite(v) & (v > 0)).sum()) < 10
