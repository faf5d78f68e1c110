"""pe_table: the [32, 16] fingerprint heatmap (seed 001, "fingerprint" station).

Rows are seats 0..31, columns the 16 numbers: hand i gives sin (column 2i) and cos (column 2i+1).
The colour scale is fixed at ±1, not normalised to the table's range, as the seed insists.
Any width, seats and base (studio.catalogue.accepts.clock): beyond 32 columns the hands are numbered under
their pairs instead of every column being named; seat labels thin out as the rows get thin.
"""
from __future__ import annotations

import numpy as np

from figures.common import heatmap, new_figure, nice_step
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Each seat's fingerprint: {n} positions × {d} numbers ({h} hands: sin, cos)",
        "xlabel": "dimension: hand i's sin and cos columns",
        "ylabel": "seat (position)",
        "cbar": "value (scale fixed at ±1)",
        "note": "fastest hand: {deg}° per seat · slowest is {ratio}× slower",
        "note_fast": "fastest hand: {deg}° per seat",
        "xlabel_hands": "hand i (its sin and cos columns side by side)",
    },
    "zh-Hant": {
        "title": "每個座位的指紋：{n} 個位置 × {d} 個數（{h} 根指針的 sin、cos）",
        "xlabel": "維度（第 i 根指針的 sin、cos）",
        "ylabel": "座位（位置）",
        "cbar": "數值（色階固定在 ±1）",
        "note": "最快的指針每個座位轉 {deg}°，最慢的慢 {ratio} 倍",
        "note_fast": "最快的指針每個座位轉 {deg}°",
        "xlabel_hands": "第 i 根指針（sin、cos 兩欄並排）",
    },
    "zh-Hans": {
        "title": "每个座位的指纹：{n} 个位置 × {d} 个数（{h} 根指针的 sin、cos）",
        "xlabel": "维度（第 i 根指针的 sin、cos）",
        "ylabel": "座位（位置）",
        "cbar": "数值（色阶固定在 ±1）",
        "note": "最快的指针每个座位转 {deg}°，最慢的慢 {ratio} 倍",
        "note_fast": "最快的指针每个座位转 {deg}°",
        "xlabel_hands": "第 i 根指针（sin、cos 两列并排）",
    },
}

DECIMALS = {"table": 4, "adjacent_distance": 4, "max_distance": 4, "fastest_step_degrees": 4, "speed_ratio": 0}


def draw(ax, data, look: Look) -> None:
    n, d = data.table.shape
    heatmap(ax, data.table, look, vmax=1.0, colorbar_label=look.t(STRINGS, "cbar"))
    if d <= 32:  # every column named, horizontally: sin / cos under it, the hand's number under its pair
        size = 8.5 if d <= 16 else 6.5
        ax.set_xticks(np.arange(d), ["sin" if j % 2 == 0 else "cos" for j in range(d)], fontsize=size)
        ax.set_xticks(np.arange(0, d, 2) + 0.5, [str(i) for i in range(d // 2)], minor=True)
        ax.tick_params(axis="x", which="minor", length=0, pad=4 + 1.6 * size, labelsize=size + 0.5)
        ax.set_xlabel(look.t(STRINGS, "xlabel"))
    else:  # too many columns to name: the hand's number under its pair
        hands = np.arange(0, d // 2, nice_step(d / 32))
        ax.set_xticks(2 * hands + 0.5, [str(i) for i in hands], fontsize=8)
        ax.set_xlabel(look.t(STRINGS, "xlabel_hands"))
    ax.set_yticks(np.arange(0, n, max(2, nice_step(n / 32))))
    ax.tick_params(axis="y", labelsize=8)
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title", n=n, d=d, h=d // 2), loc="left")
    # pair separators: each hand is two adjacent columns
    for j in range(2, d, 2):
        ax.axvline(j - 0.5, color=look.palette.background, linewidth=1.2 if d <= 16 else 0.6)
    ax.spines[:].set_visible(False)
    deg = fmt_num(data.fastest_step_degrees, 4)
    if data.speed_ratio >= 10:  # a ratio shown whole is worth reading from 10 up
        note = look.t(STRINGS, "note", deg=deg, ratio=fmt_num(data.speed_ratio, 0))
    else:
        note = look.t(STRINGS, "note_fast", deg=deg)
    ax.text(0, -0.115, note, transform=ax.transAxes, fontsize=9, color=look.palette.muted,
            va="top")


def make(data, look: Look):
    fig, ax = new_figure(7.2, 8.0)
    draw(ax, data, look)
    return fig
