"""pe_angles: the hand-angle table (seed 001, "angle table" station).

Each cell is the angle between one hand's two pointers, at seat s and at seat s + 3, read back from
the (sin, cos) numbers. Starts 2 → 5, 11 → 14 and 28 → 31 give the same number in every row: the
angle depends on the gap and the hand, never on the start. The last column is the same angle from
the speed alone (gap × ωᵢ). Below, the fastest hand on small dials: three different starts, one
angle; and one seat = 1 rad = 57.2958°. The rows' floating-point spread stays in numbers.json
(row_spread), not on the figure.

Any width, seats and base (studio.catalogue.accepts.clock): the starts and the gap come from the record, which
keeps them inside the seats (engine.positional.angle_plan); more than 8 hands are shown as 8 of them,
from the fastest to the slowest, and the figure says so. "Each row is one number" is written only
when the row's cells agree at the rounding shown and there is more than one start.
"""
from __future__ import annotations

import numpy as np
from matplotlib.colors import to_rgb
from matplotlib.patches import Arc, Circle, Rectangle

from figures.common import new_figure, sequential_cmap
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Move {gap} seats from anywhere: each hand turns by the same angle",
        "subtitle": "angle between the hand's two pointers (sin, cos), in degrees, read back from the table",
        "start": "{a} → {b}",
        "predicted": "{gap} × ω\n(speed alone)",
        "hand": "hand {i}",
        "speed": "ω = {w}°/seat",
        "same_rows": "Each row is one number: the {n} starts agree up to floating-point rounding.",
        "one_start": "One start fits in {seats} seats: the last column gives the same angle from the speed alone.",
        "title_one": "Move 1 seat from anywhere: each hand turns by the same angle",
        "some_hands": "{k} of the {h} hands, from the fastest to the slowest",
        "cbar": "angle (°)",
        "dials_title": "Hand 0 (the fastest) on the clock: grey = start seat, colour = end seat; blue dials: one seat = 1 rad",
        "dials_title_one": "Hand 0 (the fastest) on the clock: grey = start seat, colour = end seat (one seat = 1 rad)",
        "dial_turn": "{a} → {b}",
    },
    "zh-Hant": {
        "title": "從哪裡出發都一樣：挪 {gap} 步，每根指針轉過同樣的角度",
        "subtitle": "同一根指針兩個指向 (sin, cos) 之間的夾角（度），由指紋表反推",
        "start": "{a} → {b}",
        "predicted": "{gap} × ω\n（只用轉速）",
        "hand": "指針 {i}",
        "speed": "ω = {w}°/座位",
        "same_rows": "每一列只有一個數：{n} 個起點只差浮點運算的捨入。",
        "one_start": "{seats} 個座位只放得下一個起點：最後一欄只用轉速算出同樣的角度。",
        "title_one": "從哪裡出發都一樣：挪 1 步，每根指針轉過同樣的角度",
        "some_hands": "{h} 根指針中的 {k} 根，從最快到最慢",
        "cbar": "夾角（°）",
        "dials_title": "指針 0（最快的那根）畫在鐘面上：灰色 = 起點座位，彩色 = 終點座位；藍色鐘面：一個座位 = 1 弧度",
        "dials_title_one": "指針 0（最快的那根）畫在鐘面上：灰色 = 起點座位，彩色 = 終點座位（一個座位 = 1 弧度）",
        "dial_turn": "{a} → {b}",
    },
    "zh-Hans": {
        "title": "从哪里出发都一样：挪 {gap} 步，每根指针转过同样的角度",
        "subtitle": "同一根指针两个指向 (sin, cos) 之间的夹角（度），由指纹表反推",
        "start": "{a} → {b}",
        "predicted": "{gap} × ω\n（只用转速）",
        "hand": "指针 {i}",
        "speed": "ω = {w}°/座位",
        "same_rows": "每一行只有一个数：{n} 个起点只差浮点运算的舍入。",
        "one_start": "{seats} 个座位只放得下一个起点：最后一列只用转速算出同样的角度。",
        "title_one": "从哪里出发都一样：挪 1 步，每根指针转过同样的角度",
        "some_hands": "{h} 根指针中的 {k} 根，从最快到最慢",
        "cbar": "夹角（°）",
        "dials_title": "指针 0（最快的那根）画在钟面上：灰色 = 起点座位，彩色 = 终点座位；蓝色钟面：一个座位 = 1 弧度",
        "dials_title_one": "指针 0（最快的那根）画在钟面上：灰色 = 起点座位，彩色 = 终点座位（一个座位 = 1 弧度）",
        "dial_turn": "{a} → {b}",
    },
}

DECIMALS = {"table": 4, "predicted": 4, "speeds_degrees": 4, "step_degrees": 4, "step_angles": 4,
            "row_spread": 12, "start_angles": 4, "end_angles": 4}


def _luminance(color) -> float:
    r, g, b = to_rgb(color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _text_on(color, look: Look) -> str:
    """Ink or background, whichever reads better on `color`."""
    pal = look.palette
    lum = _luminance(color)
    return max((pal.ink, pal.background), key=lambda c: abs(_luminance(c) - lum))


def draw_table(ax, data, look: Look):
    pal = look.palette
    cmap = sequential_cmap(look)  # angles 0..180°: a non-negative quantity
    n_h, n_s = data.table.shape
    im = ax.imshow(data.table, cmap=cmap, vmin=0.0, vmax=180.0, aspect="auto", interpolation="nearest",
                   extent=(-0.5, n_s - 0.5, n_h - 0.5, -0.5))
    for r in range(n_h):
        for c in range(n_s):
            v = data.table[r, c]
            ax.text(c, r, fmt_num(v, 4) + "°", ha="center", va="center", fontsize=10,
                    color=_text_on(cmap(v / 180.0), look))
        # the predicted column, set apart on the panel colour
        ax.add_patch(Rectangle((n_s - 0.5 + 0.15, r - 0.5), 1.1, 1.0, facecolor=pal.panel, edgecolor="none"))
        ax.text(n_s + 0.1, r, fmt_num(data.predicted[r], 4) + "°", ha="center", va="center", fontsize=10,
                color=pal.ink)
    for r in range(1, n_h):  # thin separators between rows
        ax.axhline(r - 0.5, xmin=0, xmax=1, color=pal.background, linewidth=1.0)
    headers = [look.t(STRINGS, "start", a=a, b=b) for a, b in zip(data.starts, data.ends)]
    ax.set_xticks(list(range(n_s)) + [n_s + 0.1],
                  headers + [look.t(STRINGS, "predicted", gap=data.gap)])
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.tick_params(axis="x", length=0, labelsize=10, pad=4)
    ax.set_xlabel(look.t(STRINGS, "subtitle"), fontsize=9, color=pal.muted, loc="left", labelpad=8)
    labels = [look.t(STRINGS, "hand", i=h) + "   " + look.t(STRINGS, "speed", w=fmt_num(w, 4))
              for h, w in zip(data.hands, data.speeds_degrees)]
    ax.set_yticks(range(n_h), labels)
    ax.tick_params(axis="y", length=0, labelsize=9)
    ax.set_xlim(-0.5, n_s + 0.75)
    ax.set_ylim(n_h - 0.5, -0.5)
    ax.spines[:].set_visible(False)
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.04, pad=0.02, ticks=[0, 45, 90, 135, 180])
    cb.outline.set_edgecolor(pal.muted)
    cb.set_label(look.t(STRINGS, "cbar"))
    ax.set_title(look.t(STRINGS, "title_one" if data.gap == 1 else "title", gap=data.gap), loc="left", fontsize=12)
    agree = all(len({fmt_num(v, 4) for v in row}) == 1 for row in data.table)  # at the rounding shown
    notes, color = [], pal.muted
    if n_s == 1:
        notes.append(look.t(STRINGS, "one_start", seats=data.n_positions))
    elif agree:  # the spread itself: row_spread in numbers.json
        notes.append(look.t(STRINGS, "same_rows", n=n_s))
        color = pal.ok
    if len(data.hands) < data.n_hands:
        notes.append(look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands))
    if notes:
        ax.text(0.0, -0.03, "\n".join(notes), transform=ax.transAxes, fontsize=9, color=color, va="top")


def draw_dial(ax, look: Look, start: float, end: float, title: str, value: str, color: str):
    """One clock face: the hand at the first seat (muted) and at the second (colour), the turn as an arc."""
    pal = look.palette
    ax.add_patch(Circle((0, 0), 1.0, facecolor=pal.panel, edgecolor=pal.ink, linewidth=1.2))
    for k in range(12):
        a = 2 * np.pi * k / 12
        ax.plot([0.86 * np.cos(a), 0.98 * np.cos(a)], [0.86 * np.sin(a), 0.98 * np.sin(a)],
                color=pal.ink, linewidth=0.8, alpha=0.6)
    ax.plot([-1, 1], [0, 0], color=pal.ink, linewidth=0.6, alpha=0.25)
    delta = (end - start + np.pi) % (2 * np.pi) - np.pi  # signed, the shorter way round
    t0, t1 = np.degrees(start), np.degrees(start + delta)
    ax.add_patch(Arc((0, 0), 0.9, 0.9, theta1=min(t0, t1), theta2=max(t0, t1), color=color, linewidth=1.6))
    for theta, c, w in ((start, pal.muted, 2.4), (end, color, 2.8)):
        ax.plot([0, 0.82 * np.cos(theta)], [0, 0.82 * np.sin(theta)], color=c, linewidth=w,
                solid_capstyle="round")
    ax.plot([0], [0], "o", color=pal.ink, markersize=3)
    ax.set_xlim(-1.12, 1.12)
    ax.set_ylim(-1.12, 1.12)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title, fontsize=10, pad=3)
    ax.text(0, -1.22, value, ha="center", va="top", fontsize=10, color=color)


def make(data, look: Look):
    pal = look.palette
    n_dials = len(data.starts) + len(data.step_examples)
    fig, axes = new_figure(7.2, 7.2, nrows=2, ncols=n_dials, height_ratios=[3.3, 1.0], squeeze=False)
    gs = axes[0, 0].get_gridspec()
    for a in axes[0]:
        a.remove()
    table_ax = fig.add_subplot(gs[0, :])
    draw_table(table_ax, data, look)
    hand0 = 0
    for c, (s, e) in enumerate(zip(data.starts, data.ends)):
        draw_dial(axes[1, c], look, data.start_angles[hand0, c], data.end_angles[hand0, c],
                  look.t(STRINGS, "dial_turn", a=s, b=e), fmt_num(data.table[hand0, c], 4) + "°", pal.accent)
    w0 = data.speeds[hand0]
    for j, (a, b) in enumerate(data.step_examples):
        draw_dial(axes[1, len(data.starts) + j], look, a * w0, b * w0, look.t(STRINGS, "dial_turn", a=a, b=b),
                  fmt_num(data.step_angles[j], 4) + "°", pal.cool)
    fig.supxlabel(look.t(STRINGS, "dials_title" if data.step_examples else "dials_title_one"), fontsize=9,
                  color=pal.muted)
    return fig
