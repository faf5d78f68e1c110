"""gelu_relu_dying's lower panel: what GELU's count rests on (seed 004 §4.3, "GELU 的好處——神經元不會「死掉」").

For every drift of the slider's grid (record.shifts, −3 to 3 in steps of 0.1) the smallest |GELU′(z)| over the
neurons (engine.activations.gelu_relu: min_abs_gelu_grad_per_shift) on a log axis, and the cut-off grad_floor
(0.001) as a labelled line: a diamond under the line is a drift where GELU's count above is 1, so the count is
read from this curve. Diamonds under the cut-off are filled (a second channel beside their height), the rest open,
as the count panel's diamonds are. Its title says what a dip is: GELU′ is 0 at one point only, its minimum
(z = −0.75), so a diamond under the cut-off away from the far-left tail is a neuron sitting there at that drift, not
a dead one; ReLU′ is 0 for every z < 0.
"""
from __future__ import annotations

import numpy as np
from matplotlib.ticker import FixedLocator, NullFormatter

from look import Look, fmt_num

STRINGS = {
    "en": {
        "floor_y": "smallest |GELU′|\nover the {n} neurons",
        "floor_line": "cut-off {floor}",
        "title": "GELU′ is 0 at one point only, its minimum z = {mx}; ReLU′ is 0 for every z < 0",
        "title_close": "\nthe dips at drifts {drifts}: neurons sitting at GELU's minimum, not dead ones",
    },
    "zh-Hant": {
        "floor_y": "{n} 個神經元中\n最小的 |GELU′|",
        "floor_line": "門檻 {floor}",
        "title": "GELU′ 只在一點為 0，即最小值 z = {mx}；ReLU′ 在每個 z < 0 都是 0",
        "title_close": "\n漂移 {drifts} 的低谷：神經元正好落在 GELU 的最小值，不是死掉的神經元",
    },
    "zh-Hans": {
        "floor_y": "{n} 个神经元中\n最小的 |GELU′|",
        "floor_line": "门槛 {floor}",
        "title": "GELU′ 只在一点为 0，即最小值 z = {mx}；ReLU′ 在每个 z < 0 都是 0",
        "title_close": "\n漂移 {drifts} 的低谷：神经元正好落在 GELU 的最小值，不是死掉的神经元",
    },
}

FLOOR_DECIMALS = 3  # the cut-off as the count panel writes it (0.001)


def floor_decades(data) -> tuple[int, int]:
    """The log axis in whole decades around the smallest |GELU′| and the cut-off: (−4, 0) by default."""
    v = np.asarray(data.min_abs_gelu_grad_per_shift, dtype=float)
    v = v[np.isfinite(v) & (v > 0)]
    lo = min(np.log10(v.min()) if v.size else 0.0, np.log10(data.grad_floor)) - 0.3
    hi = max(np.log10(v.max()) if v.size else 0.0, np.log10(data.grad_floor)) - 0.05  # 1.0002 labels 10⁰, no empty decade
    return int(np.floor(lo)), int(np.ceil(hi))


def draw_floor(ax, data, look: Look) -> None:
    """The smallest |GELU′| per drift (diamonds on a thin line) against the cut-off line, named on it."""
    pal = look.palette
    x = np.asarray(data.shifts, dtype=float)
    y = np.maximum(np.asarray(data.min_abs_gelu_grad_per_shift, dtype=float), 1e-300)
    below = y < data.grad_floor  # the drifts GELU's count above is 1 (or more) at
    ax.plot(x, y, color=pal.ink, lw=0.8, zorder=3)
    ax.plot(x[~below], y[~below], "D", color=pal.ink, ms=3.8, mfc=pal.background, mew=1.1, ls="none", zorder=4)
    ax.plot(x[below], y[below], "D", color=pal.ink, ms=4.4, mfc=pal.ink, mew=1.1, ls="none", zorder=5)
    ax.axhline(data.grad_floor, color=pal.muted, lw=1.2, zorder=2)
    ax.annotate(look.t(STRINGS, "floor_line", floor=fmt_num(data.grad_floor, FLOOR_DECIMALS)),
                (1.0, data.grad_floor), xycoords=("axes fraction", "data"), xytext=(0, -4), textcoords="offset points",
                ha="right", va="top", fontsize=8.5, color=pal.ink)
    lo, hi = floor_decades(data)
    ax.set_yscale("log")
    ax.set_ylim(10.0 ** lo, 10.0 ** (hi + 0.2))  # a margin over the top decade: the diamonds at 1 stay whole
    ax.yaxis.set_major_locator(FixedLocator([10.0 ** e for e in range(lo, hi + 1)]))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_ylabel(look.t(STRINGS, "floor_y", n=data.n_neurons), linespacing=1.3)
    ax.grid(True, axis="y")
    ax.set_title(floor_title(data, look), loc="left", fontsize=10, linespacing=1.3)


def floor_title(data, look: Look) -> str:
    """What a dip under the cut-off is: GELU′ is 0 at its minimum alone (record.gelu_min_x), ReLU′ at every z < 0;
    the drifts where a neuron sits near that minimum (below the cut-off, not on the far-left tail, as the caption
    counts them) are neurons at GELU's minimum, not dead ones."""
    close = data.n_gelu_below_floor > data.n_neurons - data.n_gelu_trainable  # (S,) below it near the minimum
    sep = ", " if look.lang == "en" else "、"
    drifts = sep.join(fmt_num(v, 1, signed=True) for v in np.asarray(data.shifts)[close])
    return look.t(STRINGS, "title", mx=fmt_num(data.gelu_min_x, 2)) + (
        look.t(STRINGS, "title_close", drifts=drifts) if close.any() else "")
