"""gelu_relu_dying's lower panel: what GELU's count rests on (seed 004 §4.3, "GELU 的好處——神經元不會「死掉」").

On a fine drift grid (record.fine_shifts: −3 to 3 every 0.001, and each drift where a neuron sits at GELU's
minimum) the smallest |GELU′(z)| over the neurons (engine.activations.drift_floor_fine: min_abs_gelu_grad_fine) on
a log axis, one line, and the cut-off grad_floor (0.001) as a labelled line: where the line is under the cut-off,
GELU's count above is at least 1. Its short title says where it reaches 0: only at the drifts marked ▲
(record.gelu_min_drifts), where a neuron sits at GELU's minimum (z = −0.75); why those are not dead neurons is the
caption's.
"""
from __future__ import annotations

import numpy as np
from matplotlib.ticker import FixedLocator, NullFormatter

from look import Look, fmt_num

STRINGS = {
    "en": {
        "floor_y": "smallest |GELU′|\nover the {n} neurons",
        "floor_line": "cut-off {floor}",
        "title": "It reaches 0 only at the drifts ▲, where a neuron sits at GELU's minimum z = {mx}",
    },
    "zh-Hant": {
        "floor_y": "{n} 個神經元中\n最小的 |GELU′|",
        "floor_line": "門檻 {floor}",
        "title": "只在 ▲ 的漂移量降到 0：那裡有神經元正好落在 GELU 的最小值 z = {mx}",
    },
    "zh-Hans": {
        "floor_y": "{n} 个神经元中\n最小的 |GELU′|",
        "floor_line": "门槛 {floor}",
        "title": "只在 ▲ 的漂移量降到 0：那里有神经元正好落在 GELU 的最小值 z = {mx}",
    },
}

FLOOR_DECIMALS = 3  # the cut-off as the count panel writes it (0.001)


def floor_decades(data) -> tuple[int, int]:
    """The log axis in whole decades: one under the cut-off up to 10⁰ ((−4, 0) for 0.001). The curve reaches 0
    at the marked drifts, which no log axis holds: it runs off the bottom there, onto a ▲."""
    lo = int(np.floor(np.log10(data.grad_floor))) - 1
    v = np.asarray(data.min_abs_gelu_grad_fine, dtype=float)
    hi = max(0, int(np.ceil(np.log10(v.max()) - 0.05)))  # 1.0002 labels 10⁰, no empty decade
    return lo, hi


def draw_floor(ax, data, look: Look) -> None:
    """The smallest |GELU′| over the neurons on the fine drift grid (record.fine_shifts, every 0.001 and each drift
    where a neuron sits at GELU's minimum) as one thin line, held at the axis bottom where it goes to 0 (drawn there, not past it under a clip); a ▲ on
    the bottom at each of those drifts (record.gelu_min_drifts); the cut-off grad_floor as a labelled line."""
    pal = look.palette
    lo, hi = floor_decades(data)
    bottom = 10.0 ** lo
    x = np.asarray(data.fine_shifts, dtype=float)
    y = np.maximum(np.asarray(data.min_abs_gelu_grad_fine, dtype=float), bottom)  # 0 meets the bottom, at its ▲
    ax.plot(x, y, color=pal.ink, lw=0.9, zorder=3)
    m = np.asarray(data.gelu_min_drifts, dtype=float)
    ax.plot(m, np.full(m.shape, bottom), "^", color=pal.ink, ms=5, ls="none", zorder=5, clip_on=False)
    ax.axhline(data.grad_floor, color=pal.muted, lw=1.2, zorder=2)
    ax.annotate(look.t(STRINGS, "floor_line", floor=fmt_num(data.grad_floor, FLOOR_DECIMALS)),
                (1.0, data.grad_floor), xycoords=("axes fraction", "data"), xytext=(0, -4), textcoords="offset points",
                ha="right", va="top", fontsize=8.5, color=pal.ink,
                bbox=dict(boxstyle="square,pad=0.15", facecolor=pal.background, edgecolor="none"))
    ax.set_yscale("log")
    ax.set_ylim(bottom, 10.0 ** (hi + 0.2))  # a margin over the top decade
    ax.yaxis.set_major_locator(FixedLocator([10.0 ** e for e in range(lo, hi + 1)]))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_ylabel(look.t(STRINGS, "floor_y", n=data.n_neurons), linespacing=1.3)
    ax.grid(True, axis="y")
    ax.set_title(look.t(STRINGS, "title", mx=fmt_num(data.gelu_min_x, 2)), loc="left", fontsize=10)
