"""pe_angles: the hand-angle table (seed 001, "angle table" station).

Each cell is the angle one hand turns between position s and position s + gap, read back from the
(sin, cos) numbers, to two decimals, on the sequential scale starting at the paper in use. Starts 2 → 5,
11 → 14 and 28 → 31 give the same number in every row: the angle depends on the gap and the hand, never
on the start. Below, the fastest hand on small dials (first position light grey and dashed, second
solid): three starts, one angle; and one position = 1 rad. The same angle from the speed alone
(gap × ωᵢ), the rows' floating-point spread and the setting are in the caption.

Any width, positions and base (studio.catalogue.accepts.clock): the starts and the gap come from the
record, which keeps them inside the positions (engine.positional.angle_plan); more than 8 hands are
shown as 8 of them, from the fastest to the slowest, and the figure says so.
"""
from __future__ import annotations

import numpy as np
from matplotlib.colors import to_rgb
from matplotlib.patches import Arc, Circle, Rectangle

from figures.common import new_figure, sequential_cmap
from look import Look, fmt_num
from look.formats import fmt_sci

STRINGS = {
    "en": {
        "title": "Move {gap} positions from anywhere: each hand turns by the same angle",
        "title_one": "Move 1 position from anywhere: each hand turns by the same angle",
        "subtitle": "angle the hand turns, in degrees",
        "start": "{a} → {b}",
        "hand": "hand {i}",
        "speed": "ω = {w}°/position",
        "some_hands": "{k} of the {h} hands, from the fastest to the slowest",
        "cbar": "angle (°)",
        "dials_title": "Hand 0, the fastest: dashed grey = at the first position, solid = at the second; last two: one position = 1 rad",
        "dial_turn": "{a} → {b}",
        "cap": ("Sinusoidal positional encoding with {d} = {dm}, base {base}, {n} positions: each dimension "
                "pair (sin, cos) is drawn as one hand of a clock, hand i turning ω = base^(−2i/{d}) radians per position. "
                "Each cell is the angle between the hand at the first position and at the second (0° to "
                "180°), read back from the encoding's (sin, cos) values. {rows}{pred} The dials draw hand 0: "
                "{gap} positions from {ns} starts, and one position ({step}°, i.e. 1 rad) from {ne}."),
        "same_rows": "The {n} starts agree in every row (to floating-point rounding: at most {spread}°). ",
        "one_start": "Only one start fits in {n} positions. ",
        "pred": "The speed alone gives the same angles, {gap} × ω folded into 0°–180°: {values}.",
        "d": "d_model",
    },
    "zh-Hant": {
        "title": "從哪裡出發都一樣：挪 {gap} 個位置，每根指針轉過同樣的角度",
        "title_one": "從哪裡出發都一樣：挪 1 個位置，每根指針轉過同樣的角度",
        "subtitle": "指針轉過的角度（度）",
        "start": "{a} → {b}",
        "hand": "指針 {i}",
        "speed": "ω = {w}°/位置",
        "some_hands": "{h} 根指針中的 {k} 根，從最快到最慢",
        "cbar": "角度（°）",
        "dials_title": "指針 0（最快的那根）：灰色虛線 = 在第一個位置，實線 = 在第二個位置；最後兩個：一個位置 = 1 弧度",
        "dial_turn": "{a} → {b}",
        "cap": ("正弦位置編碼，{d} = {dm}，底數 {base}，{n} 個位置：每對維度 (sin, cos) 是一根指針，指針 i "
                "每個位置轉 ω = base^(−2i/{d}) 弧度。每格是指針在第一個位置與第二個位置之間的夾角（0° 到 180°），"
                "由編碼的 (sin, cos) 值反推。{rows}{pred}鐘面畫的是指針 0：從 {ns} 個起點挪 {gap} 個位置，"
                "以及從 {ne} 個起點挪一個位置（{step}°，即 1 弧度）。"),
        "same_rows": "每一列的 {n} 個起點都相同（只差浮點捨入，最多 {spread}°）。",
        "one_start": "{n} 個位置只放得下一個起點。",
        "pred": "只用轉速也得到同樣的角度，即 {gap} × ω 折回 0°–180°：{values}。",
        "d": "d_model",
    },
    "zh-Hans": {
        "title": "从哪里出发都一样：挪 {gap} 个位置，每根指针转过同样的角度",
        "title_one": "从哪里出发都一样：挪 1 个位置，每根指针转过同样的角度",
        "subtitle": "指针转过的角度（度）",
        "start": "{a} → {b}",
        "hand": "指针 {i}",
        "speed": "ω = {w}°/位置",
        "some_hands": "{h} 根指针中的 {k} 根，从最快到最慢",
        "cbar": "角度（°）",
        "dials_title": "指针 0（最快的那根）：灰色虚线 = 在第一个位置，实线 = 在第二个位置；最后两个：一个位置 = 1 弧度",
        "dial_turn": "{a} → {b}",
        "cap": ("正弦位置编码，{d} = {dm}，底数 {base}，{n} 个位置：每对维度 (sin, cos) 是一根指针，指针 i "
                "每个位置转 ω = base^(−2i/{d}) 弧度。每格是指针在第一个位置与第二个位置之间的夹角（0° 到 180°），"
                "由编码的 (sin, cos) 值反推。{rows}{pred}钟面画的是指针 0：从 {ns} 个起点挪 {gap} 个位置，"
                "以及从 {ne} 个起点挪一个位置（{step}°，即 1 弧度）。"),
        "same_rows": "每一行的 {n} 个起点都相同（只差浮点舍入，最多 {spread}°）。",
        "one_start": "{n} 个位置只放得下一个起点。",
        "pred": "只用转速也得到同样的角度，即 {gap} × ω 折回 0°–180°：{values}。",
        "d": "d_model",
    },
}

DECIMALS = {"table": 2, "predicted": 2, "speeds_degrees": 2, "step_degrees": 4, "step_angles": 2,
            "row_spread": 12, "start_angles": 4, "end_angles": 4}
SHOWN = DECIMALS["table"]


def _luminance(color) -> float:
    r, g, b = to_rgb(color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _text_on(color, look: Look) -> str:
    """Ink or background, whichever reads better on `color`."""
    pal = look.palette
    lum = _luminance(color)
    return max((pal.ink, pal.background), key=lambda c: abs(_luminance(c) - lum))


def paper_cmap(look: Look):
    """The sequential scale from the paper in use (light: the paper colour or white) to its top: a
    0° cell is the page itself."""
    from matplotlib.colors import LinearSegmentedColormap

    stops = list(look.palette.sequential)
    if look.theme == "light":
        stops[0] = look.palette.background
    return LinearSegmentedColormap.from_list(f"tf-paper-{look.theme}", stops)


def draw_table(ax, data, look: Look):
    pal = look.palette
    cmap = paper_cmap(look)  # angles 0..180°: a non-negative quantity
    n_h, n_s = data.table.shape
    im = ax.imshow(data.table, cmap=cmap, vmin=0.0, vmax=180.0, aspect="auto", interpolation="nearest",
                   extent=(-0.5, n_s - 0.5, n_h - 0.5, -0.5))
    for r in range(n_h):
        for c in range(n_s):
            v = data.table[r, c]
            ax.text(c, r, fmt_num(v, SHOWN) + "°", ha="center", va="center", fontsize=10,
                    color=_text_on(cmap(v / 180.0), look))
    for r in range(1, n_h):  # thin separators between rows
        ax.axhline(r - 0.5, xmin=0, xmax=1, color=pal.background, linewidth=1.0)
    headers = [look.t(STRINGS, "start", a=a, b=b) for a, b in zip(data.starts, data.ends)]
    ax.set_xticks(list(range(n_s)), headers)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.tick_params(axis="x", length=0, labelsize=10, pad=4)
    ax.set_xlabel(look.t(STRINGS, "subtitle"), fontsize=9, color=pal.muted, loc="left", labelpad=8)
    labels = [look.t(STRINGS, "hand", i=h) + "   " + look.t(STRINGS, "speed", w=fmt_num(w, DECIMALS["speeds_degrees"]))
              for h, w in zip(data.hands, data.speeds_degrees)]
    ax.set_yticks(range(n_h), labels)
    ax.tick_params(axis="y", length=0, labelsize=9)
    ax.set_xlim(-0.5, n_s - 0.5)
    ax.set_ylim(n_h - 0.5, -0.5)
    ax.spines[:].set_visible(False)
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.04, pad=0.02, ticks=[0, 45, 90, 135, 180])
    cb.outline.set_edgecolor(pal.muted)
    cb.set_label(look.t(STRINGS, "cbar"))
    ax.set_title(look.t(STRINGS, "title_one" if data.gap == 1 else "title", gap=data.gap), loc="left", fontsize=12)
    if len(data.hands) < data.n_hands:
        ax.text(0.0, -0.03, look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands),
                transform=ax.transAxes, fontsize=9, color=pal.muted, va="top")


def start_grey(look: Look) -> str:
    """The hand at the first position: a grey lighter than the muted one (halfway to the paper), dashed."""
    from matplotlib.colors import to_hex

    m, b = np.array(to_rgb(look.palette.muted)), np.array(to_rgb(look.palette.background))
    return to_hex(m + 0.45 * (b - m))


def draw_dial(ax, look: Look, start: float, end: float, title: str, value: str, color: str):
    """One clock face: the hand at the first position (light grey, dashed) and at the second (solid
    `color`), the turn as an arc."""
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
    ax.plot([0, 0.82 * np.cos(start)], [0, 0.82 * np.sin(start)], color=start_grey(look), linewidth=2.4,
            ls=(0, (2.2, 1.2)), dash_capstyle="butt")
    ax.plot([0, 0.82 * np.cos(end)], [0, 0.82 * np.sin(end)], color=color, linewidth=2.8, solid_capstyle="round")
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
    fig, axes = new_figure(7.2, 6.4, nrows=2, ncols=n_dials, height_ratios=[3.0, 1.0], squeeze=False)
    gs = axes[0, 0].get_gridspec()
    for a in axes[0]:
        a.remove()
    table_ax = fig.add_subplot(gs[0, :])
    draw_table(table_ax, data, look)
    hand0 = 0
    for c, (s, e) in enumerate(zip(data.starts, data.ends)):
        draw_dial(axes[1, c], look, data.start_angles[hand0, c], data.end_angles[hand0, c],
                  look.t(STRINGS, "dial_turn", a=s, b=e), fmt_num(data.table[hand0, c], SHOWN) + "°", pal.ink)
    w0 = data.speeds[hand0]
    for j, (a, b) in enumerate(data.step_examples):
        title = look.t(STRINGS, "dial_turn", a=a, b=b)
        draw_dial(axes[1, len(data.starts) + j], look, a * w0, b * w0, title,
                  fmt_num(data.step_angles[j], DECIMALS["step_angles"]) + "°", pal.ink)
    fig.supxlabel(look.t(STRINGS, "dials_title"), fontsize=9, color=pal.muted)
    return fig


def caption(data, look: Look) -> str:
    n_s = data.table.shape[1]
    agree = all(len({fmt_num(v, SHOWN) for v in row}) == 1 for row in data.table)
    if n_s == 1:
        rows = look.t(STRINGS, "one_start", n=data.n_positions)
    elif agree:
        rows = look.t(STRINGS, "same_rows", n=n_s, spread=fmt_sci(float(np.max(data.row_spread)), 2))
    else:
        rows = ""
    sep = ", " if look.lang == "en" else "、"
    values = sep.join(f"{look.t(STRINGS, 'hand', i=h)} {fmt_num(v, SHOWN)}°" for h, v in zip(data.hands, data.predicted))
    if len(data.hands) < data.n_hands:
        rows += look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands) + ("; " if look.lang == "en" else "；")
    from figures.common import base_text

    return look.t(STRINGS, "cap", d=look.t(STRINGS, "d"), dm=data.d_model, base=base_text(data.base),
                  n=data.n_positions, rows=rows, pred=look.t(STRINGS, "pred", gap=data.gap, values=values),
                  gap=data.gap, ns=n_s, ne=len(data.step_examples), step=fmt_num(data.step_degrees, DECIMALS["step_degrees"]))
