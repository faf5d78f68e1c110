"""pe_angles: the hand-angle table (seed 001, "angle table" station) as small multiples.

One dial per hand for the four fastest (a 2 × 2 grid); the slower hands barely move in a few positions,
so their angles are a line of text under the dials and in the caption. Each start's move (2 → 5, 11 → 14,
28 → 31) is an arc on its own ring, from the hand at the first position (hollow ring) to the hand at the
second (ink dot), both ink on the dial,
drawn where on the clock it happens; the angle, read back from the (sin, cos) numbers, is written under
the dial to two significant digits (172°, 5.4°, 0.17°), so a slow hand's small turn never reads 0°.
The arcs sit in different places and have one length: the angle depends on the gap and the hand, never
on the start. The same angle from the speed alone (gap × ωᵢ), the
starts' floating-point spread, the 1 rad per position of hand 0 and the setting are in the caption.

Any width, positions and base (studio.catalogue.accepts.clock): the starts and the gap come from the
record, which keeps them inside the positions (engine.positional.angle_plan); more than 8 hands are
shown as 8 of them, from the fastest to the slowest, and the figure says so.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Circle

from figures.common import new_mosaic, titled
from look import Look, fmt_num
from look.formats import fmt_sci

COLOUR_ROLES = ("ink", "muted", "panel", "background", "sequential")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Move {gap} positions from anywhere: each hand turns by the same angle",
        "title_one": "Move 1 position from anywhere: each hand turns by the same angle",
        "subtitle": "One dial per hand; each ring is one move, drawn where it happens on the clock",
        "start": "{a} → {b}",
        "hand": "hand {i}",
        "some_hands": "{k} of the {h} hands, from the fastest to the slowest",
        "fast": "hand 0, the fastest, turns 1 rad = {step}° per position",
        "from": "first position",
        "to": "second position",
        "cap": ("Sinusoidal positional encoding with {d} = {dm}, base {base}, {n} positions: each dimension "
                "pair (sin, cos) is drawn as one hand of a clock, hand i turning ω = base^(−2i/{d}) radians per "
                "position. Each dial is one hand; its rings are the moves from {ns} starts, each arc running from "
                "the hand at the first position to the hand at the second. The angle (0° to 180°) is read back "
                "from the encoding's (sin, cos) values and written under the dial to two significant digits, whole degrees from 10°. {rows}{pred} "
                "Hand 0 turns 1 rad ({step}°) per position."),
        "same_rows": "The {n} starts agree for every hand (to floating-point rounding: at most {spread}°). ",
        "one_start": "Only one start fits in {n} positions. ",
        "pred": "The speed alone gives the same angles, {gap} × ω folded into 0°–180°: {values}.",
        "slow": "too slow to see on a dial in {gap} positions: {values}",
        "cap_slow": "The dials show the {k} fastest hands; the slower ones barely move in {gap} positions (the next sentence gives every hand's angle). ",
        "d": "d_model",
    },
    "zh-Hant": {
        "title": "從哪裡出發都一樣：挪 {gap} 個位置，每根指針轉過同樣的角度",
        "title_one": "從哪裡出發都一樣：挪 1 個位置，每根指針轉過同樣的角度",
        "subtitle": "每個鐘面是一根指針；每一圈是一次挪動，畫在它在鐘面上實際發生的地方",
        "start": "{a} → {b}",
        "hand": "指針 {i}",
        "some_hands": "{h} 根指針中的 {k} 根，從最快到最慢",
        "fast": "最快的指針 0 每個位置轉 1 弧度 = {step}°",
        "from": "第一個位置",
        "to": "第二個位置",
        "cap": ("正弦位置編碼，{d} = {dm}，底數 {base}，{n} 個位置：每對維度 (sin, cos) 畫成時鐘的一根指針，指針 i "
                "每個位置轉 ω = base^(−2i/{d}) 弧度。每個鐘面是一根指針；每一圈是從 {ns} 個起點之一出發的一次挪動，"
                "弧線從第一個位置的指針畫到第二個位置的指針。夾角（0° 到 180°）由編碼的 (sin, cos) 值反推，"
                "以兩位有效數字寫在鐘面下方（10° 以上寫到整數度）。{rows}{pred}指針 0 每個位置轉 1 弧度（{step}°）。"),
        "same_rows": "每根指針的 {n} 個起點都相同（只差浮點捨入，最多 {spread}°）。",
        "one_start": "{n} 個位置只放得下一個起點。",
        "pred": "只用轉速也得到同樣的角度，即 {gap} × ω 折回 0°–180°：{values}。",
        "slow": "{gap} 個位置內轉得太少、鐘面上看不出來：{values}",
        "cap_slow": "鐘面只畫最快的 {k} 根指針；較慢的指針在 {gap} 個位置內幾乎不動（下一句列出每根指針的角度）。",
        "d": "d_model",
    },
    "zh-Hans": {
        "title": "从哪里出发都一样：挪 {gap} 个位置，每根指针转过同样的角度",
        "title_one": "从哪里出发都一样：挪 1 个位置，每根指针转过同样的角度",
        "subtitle": "每个钟面是一根指针；每一圈是一次挪动，画在它在钟面上实际发生的地方",
        "start": "{a} → {b}",
        "hand": "指针 {i}",
        "some_hands": "{h} 根指针中的 {k} 根，从最快到最慢",
        "fast": "最快的指针 0 每个位置转 1 弧度 = {step}°",
        "from": "第一个位置",
        "to": "第二个位置",
        "cap": ("正弦位置编码，{d} = {dm}，底数 {base}，{n} 个位置：每对维度 (sin, cos) 画成时钟的一根指针，指针 i "
                "每个位置转 ω = base^(−2i/{d}) 弧度。每个钟面是一根指针；每一圈是从 {ns} 个起点之一出发的一次挪动，"
                "弧线从第一个位置的指针画到第二个位置的指针。夹角（0° 到 180°）由编码的 (sin, cos) 值反推，"
                "以两位有效数字写在钟面下方（10° 以上写到整数度）。{rows}{pred}指针 0 每个位置转 1 弧度（{step}°）。"),
        "same_rows": "每根指针的 {n} 个起点都相同（只差浮点舍入，最多 {spread}°）。",
        "one_start": "{n} 个位置只放得下一个起点。",
        "pred": "只用转速也得到同样的角度，即 {gap} × ω 折回 0°–180°：{values}。",
        "slow": "{gap} 个位置内转得太少、钟面上看不出来：{values}",
        "cap_slow": "钟面只画最快的 {k} 根指针；较慢的指针在 {gap} 个位置内几乎不动（下一句列出每根指针的角度）。",
        "d": "d_model",
    },
}

DECIMALS = {"table": "2s", "predicted": 2, "speeds_degrees": 2, "step_degrees": 1, "step_angles": 2,
            "row_spread": 12, "start_angles": 4, "end_angles": 4}
SHOWN = DECIMALS["table"]  # two significant digits: whole degrees from 10°, 0.54° and 0.17° below (never 0°)
PER_ROW = 2  # dials in a row
DIALS = 4  # the fastest hands drawn as dials; slower ones barely move in a few positions
RINGS = (0.48, 0.66, 0.84)  # radius of each start's ring, inside out
DASHES = ("-", (0, (3.5, 1.6)), (0, (1, 1.4)))  # each start's ring: solid, dashed, dotted


def draw_dial(ax, data, look: Look, row: int) -> None:
    """One hand's clock face: each start's move as an arc on its own ring, from the hand at the first
    position (a hollow ink ring) to the hand at the second (a filled ink dot), where on the clock it happens.
    Both marks are ink on the dial's panel, so each keeps the contrast of the text."""
    pal = look.palette
    ax.add_patch(Circle((0, 0), 1.0, facecolor=pal.panel, edgecolor=pal.ink, linewidth=1.2))
    for k in range(12):
        a = 2 * np.pi * k / 12
        ax.plot([0.92 * np.cos(a), 0.99 * np.cos(a)], [0.92 * np.sin(a), 0.99 * np.sin(a)],
                color=pal.ink, linewidth=0.8, alpha=0.6)
    ax.plot([0], [0], "o", color=pal.ink, markersize=2.5)
    for c in range(len(data.starts)):
        start, end = float(data.start_angles[row, c]), float(data.end_angles[row, c])
        delta = (end - start + np.pi) % (2 * np.pi) - np.pi  # signed, the shorter way round
        r = RINGS[c % len(RINGS)]
        t = np.linspace(start, start + delta, max(2, int(abs(np.degrees(delta)) / 3) + 2))
        ax.plot(r * np.cos(t), r * np.sin(t), color=pal.ink, linewidth=2.2, linestyle=DASHES[c % len(DASHES)],
                solid_capstyle="butt", dash_capstyle="butt")
        ax.plot([r * np.cos(start)], [r * np.sin(start)], "o", markerfacecolor=pal.panel, markeredgecolor=pal.ink,
                markeredgewidth=1.3, markersize=6.5, zorder=4)
        ax.plot([r * np.cos(end)], [r * np.sin(end)], "o", color=pal.ink, markersize=4.5, zorder=5)
    ax.set_xlim(-1.08, 1.08)
    ax.set_ylim(-1.08, 1.08)
    ax.set_aspect("equal")
    ax.axis("off")
    h = int(data.hands[row])
    values = {fmt_num(v, SHOWN) for v in data.table[row]}  # the starts agree to rounding: one number
    ax.set_title(look.t(STRINGS, "hand", i=h), fontsize=10.5, pad=3)
    ax.text(0, -1.12, " / ".join(sorted(values)) + "°", ha="center", va="top", fontsize=12, color=pal.ink,
            fontweight="bold")


def slow_text(data, look: Look, shown: int) -> str:
    """The hands not drawn (they barely move in `gap` positions), each with its angle as the table reads it."""
    sep = ", " if look.lang == "en" else "、"
    values = sep.join(f"{look.t(STRINGS, 'hand', i=int(h))} {'/'.join(sorted({fmt_num(v, SHOWN) for v in row}))}°"
                      for h, row in zip(data.hands[shown:], data.table[shown:]))
    return look.t(STRINGS, "slow", gap=data.gap, values=values)


def make(data, look: Look):
    """Small multiples: the DIALS fastest hands shown (a 2 × 2 grid of large dials), each with the moves
    from every start; the slower hands' angles, too small to see on a dial, are a line of text."""
    from matplotlib.lines import Line2D

    pal = look.palette
    n_h = min(len(data.hands), DIALS)
    cols = min(PER_ROW, n_h)
    rows = -(-n_h // cols)
    mosaic = [["key"] * cols] + [[f"d{r * cols + c}" for c in range(cols)] for r in range(rows)]
    fig, axd = new_mosaic(7.2, 1.5 + 2.55 * rows, mosaic, height_ratios=[0.12] + [1.0] * rows)
    for k in range(rows * cols):
        if k < n_h:
            draw_dial(axd[f"d{k}"], data, look, k)
        else:
            axd[f"d{k}"].axis("off")
    key = axd["key"]
    key.axis("off")
    title = look.t(STRINGS, "title_one" if data.gap == 1 else "title", gap=data.gap)
    titled(fig, title + "\n" + look.t(STRINGS, "subtitle"), look, x=0.01, ha="left", fontsize=11)
    handles = [Line2D([], [], color=pal.ink, linewidth=2.2, linestyle=DASHES[c % len(DASHES)])
               for c in range(len(data.starts))]
    labels = [look.t(STRINGS, "start", a=a, b=b) for a, b in zip(data.starts, data.ends)]
    handles.append(Line2D([], [], ls="none", marker="o", markerfacecolor=pal.panel, markeredgecolor=pal.ink,
                          markeredgewidth=1.3, markersize=6.5))
    handles.append(Line2D([], [], ls="none", marker="o", color=pal.ink, markersize=4.5))
    labels += [look.t(STRINGS, "from"), look.t(STRINGS, "to")]
    key.legend(handles, labels, loc="center", ncol=len(handles), fontsize=9.5, handlelength=2.4, columnspacing=1.4,
               borderaxespad=0.0)
    foot = look.t(STRINGS, "fast", step=fmt_num(data.step_degrees, DECIMALS["step_degrees"]))
    if n_h < len(data.hands):
        foot += "\n" + slow_text(data, look, n_h)
    if len(data.hands) < data.n_hands:
        foot += ("; " if look.lang == "en" else "；") + look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands)
    fig.supxlabel(foot, fontsize=9.5, color=pal.muted)
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
    if len(data.hands) > DIALS:
        rows += look.t(STRINGS, "cap_slow", k=DIALS, gap=data.gap)
    if len(data.hands) < data.n_hands:
        rows += look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands) + ("; " if look.lang == "en" else "；")
    from figures.common import base_text

    return look.t(STRINGS, "cap", d=look.t(STRINGS, "d"), dm=data.d_model, base=base_text(data.base),
                  n=data.n_positions, rows=rows, pred=look.t(STRINGS, "pred", gap=data.gap, values=values),
                  gap=data.gap, ns=n_s, ne=len(data.step_examples), step=fmt_num(data.step_degrees, DECIMALS["step_degrees"]))
