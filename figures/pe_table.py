"""pe_table: the [32, 16] fingerprint heatmap (seed 001, "fingerprint" station).

Rows are seats 0..31, columns the 16 numbers: hand i gives sin (column 2i) and cos (column 2i+1).
The colour scale is fixed at ±1, not normalised to the table's range, as the seed insists. The
diverging scale is nearly as light at −1 as at +1, so every negative cell also carries a short minus bar
(and the colour bar's negative half one of them, the key): the sign survives greyscale print. The minus is
the set's one mark for a negative value (figures.parts_minus; pe_waves_vector and permutation_fig print
their numbers' own sign). Each bar is drawn in ink or paper colour, whichever stands out on its cell.
Any width, seats and base (studio.catalogue.accepts.clock): beyond 32 columns the hands are numbered under
their pairs instead of every column being named; seat labels thin out as the rows get thin.
"""
from __future__ import annotations

import numpy as np

from figures.common import heatmap, new_figure, nice_step
from figures.parts_minus import minus_colour_bar, minus_negative
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "diverging")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "caption": ("Row p is position p's fingerprint PE(p): {d} numbers, the sine and cosine of {h} dimension pairs, pair i at "
                    "angle p/Dᵢ with Dᵢ = {base}^(2i/{d}). The colour scale is fixed at ±1 and every negative cell carries a minus bar. The fastest pair turns {deg}° per position, the slowest {ratio} times slower. Under each "
                    "pair's number, its turn per position in degrees; its whole turn from position 0 to {last}: {turns}."),
        "title": "Pairs on the left change fast with position, those on the right slowly",
        "setup": "d = {d}: {n} positions × {d} numbers ({h} pairs: sin, cos); cells marked − are negative",
        "xlabel": "pair i (sin, cos) · turn per position",
        "ylabel": "position",
        "cbar": "value (fixed scale); − marks the negative half",
        "xlabel_hands": "pair i · turn per position",
        "turn": "pair {i}: {t} rad",
    },
    "zh-Hant": {
        "caption": ("第 p 列是位置 p 的指紋 PE(p)：{d} 個數，是 {h} 組維度的 sin 與 cos；第 i 組的角度是 p/Dᵢ，"
                    "Dᵢ = {base}^(2i/{d})。色階固定在 ±1，負數的格子都標上一條短橫線（−）。最快的一組每個位置轉 {deg}°，"
                    "最慢的慢 {ratio} 倍。每組編號下方寫著它每個位置轉過的角度（度）；從位置 0 到 {last} 一共轉了：{turns}。"),
        "title": "左邊的組每過一個位置就變很多，右邊的變得很慢",
        "setup": "d = {d}，每個位置的指紋：{n} 個位置 × {d} 個數（{h} 組 sin、cos）；標 − 的格子是負數",
        "xlabel": "第 i 組（sin、cos）· 每個位置轉過的角度",
        "ylabel": "位置",
        "cbar": "數值（固定色階）；− 標出負的一半",
        "xlabel_hands": "第 i 組 · 每個位置轉過的角度",
        "turn": "第 {i} 組 {t} 弧度",
    },
    "zh-Hans": {
        "caption": ("第 p 行是位置 p 的指纹 PE(p)：{d} 个数，是 {h} 组维度的 sin 与 cos；第 i 组的角度是 p/Dᵢ，"
                    "Dᵢ = {base}^(2i/{d})。色阶固定在 ±1，负数的格子都标上一条短横线（−）。最快的一组每个位置转 {deg}°，"
                    "最慢的慢 {ratio} 倍。每组编号下方写着它每个位置转过的角度（度）；从位置 0 到 {last} 一共转了：{turns}。"),
        "title": "左边的组每过一个位置就变很多，右边的变得很慢",
        "setup": "d = {d}，每个位置的指纹：{n} 个位置 × {d} 个数（{h} 组 sin、cos）；标 − 的格子是负数",
        "xlabel": "第 i 组（sin、cos）· 每个位置转过的角度",
        "ylabel": "位置",
        "cbar": "数值（固定色阶）；− 标出负的一半",
        "xlabel_hands": "第 i 组 · 每个位置转过的角度",
        "turn": "第 {i} 组 {t} 弧度",
    },
}

DECIMALS = {"table": 4, "adjacent_distance": 4, "max_distance": 4, "fastest_step_degrees": 1, "speed_ratio": 0,
            "total_turns": "2s", "step_degrees": "2s"}


def two_digits(t: float) -> str:
    """A positive amount to two significant digits, never in powers of ten: 31, 9.8, 0.0098, 57, 0.018."""
    return fmt_num(t, max(0, 1 - int(np.floor(np.log10(t)))) if t > 0 else 0)


def step_text(data, i: int) -> str:
    """Pair i's turn for one position (engine: step_degrees), in degrees to two significant digits."""
    return two_digits(float(data.step_degrees[i])) + "°"


def turn_text(data, i: int) -> str:
    """Pair i's whole turn over the drawn positions (engine: total_turns), to two significant digits."""
    return two_digits(float(data.total_turns[i]))


def draw(ax, data, look: Look) -> None:
    n, d = data.table.shape
    im = heatmap(ax, data.table, look, vmax=1.0, colorbar_label=look.t(STRINGS, "cbar"))
    minus_negative(ax, data.table, look)
    minus_colour_bar(im.colorbar.ax, look)
    if d <= 32:  # every column named, horizontally: sin / cos under it, the hand's number under its pair
        size = 8.5 if d <= 16 else 6.5
        ax.set_xticks(np.arange(d), ["sin" if j % 2 == 0 else "cos" for j in range(d)], fontsize=size)
        ax.set_xticks(np.arange(0, d, 2) + 0.5, [f"{i}\n{step_text(data, i)}" for i in range(d // 2)], minor=True)
        ax.tick_params(axis="x", which="minor", length=0, pad=4 + 1.6 * size, labelsize=size + 0.5)
        ax.set_xlabel(look.t(STRINGS, "xlabel"))
    else:  # too many columns to name: the hand's number under its pair
        hands = np.arange(0, d // 2, nice_step(d / 16))
        ax.set_xticks(2 * hands + 0.5, [f"{i}\n{step_text(data, i)}" for i in hands], fontsize=8)
        ax.set_xlabel(look.t(STRINGS, "xlabel_hands"))
    ax.set_yticks(np.arange(0, n, max(2, nice_step(n / 32))))
    ax.tick_params(axis="y", labelsize=8)
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title"), loc="left", pad=20)
    ax.annotate(look.t(STRINGS, "setup", n=n, d=d, h=d // 2), (0, 1), xycoords="axes fraction",
                xytext=(0, 5),
                textcoords="offset points", ha="left", va="bottom", fontsize=9, color=look.palette.muted)
    # pair separators: each hand is two adjacent columns
    for j in range(2, d, 2):
        ax.axvline(j - 0.5, color=look.palette.background, linewidth=1.2 if d <= 16 else 0.6)
    ax.spines[:].set_visible(False)
    # each pair's turn per position is under its number; the fastest-to-slowest ratio is in the caption

def caption(data, look: Look) -> str:
    """The table's construction and what its columns show, as text for the numbers file."""
    d, n = data.d_model, data.n_positions
    sep = ", " if look.lang == "en" else "、"
    turns = sep.join(look.t(STRINGS, "turn", i=i, t=turn_text(data, i)) for i in range(d // 2))
    return look.t(STRINGS, "caption", d=d, h=d // 2, base=fmt_num(data.base, 0), deg=fmt_num(data.fastest_step_degrees, 1),
                  ratio=fmt_int(int(round(float(data.speed_ratio)))), last=n - 1, turns=turns)


def make(data, look: Look):
    fig, ax = new_figure(7.2, 6.2)
    draw(ax, data, look)
    return fig
