"""pe_waves: the d_model = 8 encoding as four waves of different speed (seed 002 §04, 图 5 + 图 6).

Pair i uses the denominator D_i = 10000^(2i/8) = 1, 10, 100, 1000, sin in the even dimension, cos in the
odd one (图 5, the eight numbers of PE(3) beside PE(4), is pe_waves_vector). 图 6: each pair as a sin and a cos wave
over positions 0..63, and nothing else: the one point is the speeds. That the encoding takes the curves' values at
whole positions, and position 3's values, are the caption's (drawn as dots and a marked position they crowded the
fast pair's panel). The fast
pair turns a full circle every 6.28 positions; the slowest needs 6,283. Every pair is drawn at one weight, and its row label gives its angle
p/D_i, so D is defined where it is read. The title
states d = 8, since pe_table and pe_angles draw seed 001's d = 16, whose pair 1 has D = 3.16, not 10.

Any width up to 16 (8 pairs, one panel each), positions, marked position and base
(studio.catalogue.accepts.clock): the figure grows with the pairs, the
ticks thin out, and a denominator that is not whole is written to two decimals.
"""
from __future__ import annotations

import numpy as np

from figures.common import base_text, new_figure, nice_step, title_x
from look import Look, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "ok")  # the look.palette.ROLES it draws
MEANINGS = ("position_encoding",)  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title": "With d = {d}, position p becomes {h} sin/cos pairs, each turning at its own speed",
        "dim": "dim {j}",
        "pair": "pair i = {i}",
        "den": "angle p/{den}",
        "period": "a full turn every\n≈ {period} positions",
        "sin": "sin (dim {j})",
        "cos": "cos (dim {j})",
        "position": "position",
        "cap": ("Sinusoidal positional encoding with d_model = {d} and base {base}: dimension pair i uses the denominator "
                "D_i = {base}^(2i/{d}) = {dens}; PE(p, 2i) = sin(p/D_i) and PE(p, 2i+1) = cos(p/D_i). The curves are "
                "the two functions over positions 0 to {last}; the encoding itself is their values at whole "
                "positions only, and the {d} values PE({pos}) at p = {pos} are written out in pe_waves_vector. Small i, small D: the angle p/D grows fast (a full turn about every {p0} positions) and "
                "the pair tells neighbours apart. Large i: it barely moves (a full turn about every {p1} positions) "
                "and tells far positions apart."),
    },
    "zh-Hant": {
        "title": "d = {d} 時，位置 p 變成 {h} 組 sin、cos，每組轉得快慢不同",
        "dim": "第 {j} 維",
        "pair": "第 i = {i} 組",
        "den": "角度 p/{den}",
        "period": "約每 {period} 個位置\n轉一整圈",
        "sin": "sin（第 {j} 維）",
        "cos": "cos（第 {j} 維）",
        "position": "位置",
        "cap": ("正弦位置編碼，d_model = {d}，底數 {base}：第 i 組用分母 D_i = {base}^(2i/{d}) = {dens}，"
                "PE(p, 2i) = sin(p/D_i)，PE(p, 2i+1) = cos(p/D_i)。曲線是兩個函數在位置 0 到 {last} 上的樣子；編碼本身只取"
                "整數位置上的值，p = {pos} 的 {d} 個值 PE({pos}) 寫在 pe_waves_vector 裡。i 小、分母小：角度 p/D "
                "漲得快（約每 {p0} 個位置轉一整圈），這一組分辨相鄰位置。i 大：幾乎不動（約每 {p1} 個位置才轉一圈），"
                "專門分辨遠處的位置。"),
    },
    "zh-Hans": {
        "title": "d = {d} 时，位置 p 变成 {h} 组 sin、cos，每组转得快慢不同",
        "dim": "第 {j} 维",
        "pair": "第 i = {i} 组",
        "den": "角度 p/{den}",
        "period": "约每 {period} 个位置\n转一整圈",
        "sin": "sin（第 {j} 维）",
        "cos": "cos（第 {j} 维）",
        "position": "位置",
        "cap": ("正弦位置编码，d_model = {d}，底数 {base}：第 i 组用分母 D_i = {base}^(2i/{d}) = {dens}，"
                "PE(p, 2i) = sin(p/D_i)，PE(p, 2i+1) = cos(p/D_i)。曲线是两个函数在位置 0 到 {last} 上的样子；编码本身只取"
                "整数位置上的值，p = {pos} 的 {d} 个值 PE({pos}) 写在 pe_waves_vector 里。i 小、分母小：角度 p/D "
                "涨得快（约每 {p0} 个位置转一整圈），这一组分辨相邻位置。i 大：几乎不动（约每 {p1} 个位置才转一圈），"
                "专门分辨远处的位置。"),
    },
}

CELLS_PER_ROW = 8  # PE(pos) wraps after 8 cells (d_model 16: two rows)
ROW_STEP = 2.75  # the height of one row of cells with its labels and brackets

DECIMALS = {"base": 2, "pe_at": 4, "values": 4, "fine_values": 4, "periods": 2, "periods_rounded": 1, "angles": 4, "denominators": 0,
            "speeds": 4}


def _den(data, i: int) -> str:
    """Denominator D_i as the formula writes it: 1, 10, 100, 1000 (no thousands separator), or to two
    decimals (3.16) when it is not whole: the record's denominators_rounded."""
    x = float(data.denominators_rounded[i])
    return f"{x:.0f}" if x.is_integer() else repr(x)


def about(data, i: int) -> str:
    """Pair i's period as the record rounds it, two significant digits (6.3, 63, 630, 6,300 positions)."""
    x = float(data.periods_rounded[i])
    return f"{x:,.0f}" if x >= 10 else f"{x:.1f}"


LABEL_PT = 9  # the pair's name and denominator beside its panel


def draw_pair(ax, data, look: Look, i: int, show_legend: bool, split_den: bool = False) -> None:
    pal = look.palette
    j_sin, j_cos = 2 * i, 2 * i + 1
    colour = pal.ok  # sinusoidal PE in every figure (seq_number_*, pe_dot_distance); the dash tells sin (solid)
    # from cos (dashed)
    ax.axhline(0, color=pal.muted, linewidth=0.6, alpha=0.5)
    # at most ~320 points a curve (still over 16 a turn of the fastest pair): the layout gate walks them
    every = max(1, len(data.fine_positions) // 320)
    fine_x, fine_y = data.fine_positions[::every], data.fine_values[::every]
    # every pair at one weight: the fastest pair's curves matter most, its dots alone look scattered
    ax.plot(fine_x, fine_y[:, j_sin], color=colour, linewidth=1.4)
    ax.plot(fine_x, fine_y[:, j_cos], color=colour, linewidth=1.2, linestyle=(0, (5, 2.5)))
    ax.set_ylim(-1.2, 1.2)
    ax.set_yticks([-1, 0, 1])
    ax.set_xlim(data.positions[0] - 0.5, data.positions[-1] + 0.5)
    den = look.t(STRINGS, "den", den=_den(data, i))
    if split_den:  # "angle" over p/D: the label's longest line stays within its panel's height
        den = den.replace(" ", "\n", 1)
    ax.set_ylabel(look.t(STRINGS, "pair", i=i) + "\n" + den, fontsize=LABEL_PT)
    ax.text(1.02, 0.5, look.t(STRINGS, "period", period=about(data, i)), transform=ax.transAxes,
            fontsize=8.5, va="center", ha="left")  # one rounded period: PE(p)'s values are pe_waves_vector
    if show_legend:
        from matplotlib.lines import Line2D

        handles = [Line2D([], [], color=colour, linewidth=1.4),  # the curves as every pair draws them
                   Line2D([], [], color=colour, linewidth=1.2, linestyle=(0, (5, 2.5)))]
        labels = [look.t(STRINGS, "sin", j="2i"), look.t(STRINGS, "cos", j="2i+1")]
        ax.legend(handles, labels, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=2, fontsize=8.5,
                  borderaxespad=0.1)  # one row: the two curves every panel draws




def longest_den_pt(fig, data, look: Look) -> float:
    """The length in points of the longest "D = …" line of the pairs' labels, as the figure sets it."""
    renderer = fig.canvas.get_renderer()
    longest = 0.0
    for i in range(data.d_model // 2):
        t = fig.text(0, 0, look.t(STRINGS, "den", den=_den(data, i)), fontsize=LABEL_PT)
        longest = max(longest, t.get_window_extent(renderer).width * 72 / fig.dpi)
        t.remove()
    return longest


def make(data, look: Look):
    pal = look.palette
    h = data.d_model // 2
    # 0.9 in a pair (5.5 in for the 4 pairs of d = 8: one text block), never under 0.7 in, where the 4 lines of
    # its side note still fit
    panel = max(0.7, min(0.9, 3.6 / h))
    fig, axes = new_figure(7.2, 1.6 + panel * h, nrows=h)  # a one-row key above the first pair
    axes = [None, *np.atleast_1d(axes)]
    split = longest_den_pt(fig, data, look) > panel * 72  # a long D (1333521.43): "angle" over p/D
    ticks = np.arange(0, data.positions[-1] + 1, nice_step(len(data.positions) / 8))
    for i in range(h):
        draw_pair(axes[i + 1], data, look, i, show_legend=(i == 0), split_den=split)
        axes[i + 1].set_xticks(ticks)
        if i < h - 1:
            axes[i + 1].tick_params(labelbottom=False)
    axes[h].set_xlabel(look.t(STRINGS, "position"))
    fig.suptitle(look.t(STRINGS, "title", d=data.d_model, h=h), x=title_x(fig), ha="left", fontsize=12)  # formula: caption
    fig.get_layout_engine().set(rect=(0, 0, 0.985, 1))  # the side notes' longest period stays on the page
    return fig


def _caption_fields(data, look: Look) -> dict:
    sep = ", " if look.lang == "en" else "、"
    return dict(d=data.d_model, base=base_text(data.base), pos=data.position, last=int(data.positions[-1]),
                dens=sep.join(_den(data, i) for i in range(data.d_model // 2)),
                p0=about(data, 0), p1=about(data, len(data.periods) - 1))


def caption(data, look: Look) -> str:
    return look.t(STRINGS, "cap", **_caption_fields(data, look))
