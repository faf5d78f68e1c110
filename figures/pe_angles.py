"""pe_angles: the hand-angle table (seed 001, "angle table" station) as small multiples.

Each move (2 → 5, 11 → 14, 28 → 31) is a wedge (on the big dials an arrow on its arc shows the turning way): spokes from the centre to the hand at the start (hollow
ring) and at the end (ink dot), the opening lightly filled, drawn where on the clock it happens. The two
fastest hands get one large dial per move (rows: hands, columns: starts), so equal openings sit side by
side; the slower hands are written in a strip as their angle alone (the same from every start): their
wedges would be slivers that no reader can tell apart. Every large dial carries a
heavy 0° tick (the key names it); the top-right one also its "0°" and turning arrow. The angle, read back from
the (sin, cos) numbers, is written under each dial to two significant digits (172°, 5.4°, 0.054°), so a
slow hand's small turn never reads 0°. The same angle from the speed alone (gap × ωᵢ), the starts'
floating-point spread, the 1 rad per position of hand 0 and the setting are in the caption; the
subtitle states d = 16 (seed 001's table), since pe_waves draws seed 002's d = 8.

Any width, positions and base (studio.catalogue.accepts.clock): the starts and the gap come from the
record, which keeps them inside the positions (engine.positional.angle_plan); more than 8 hands are
shown as 8 of them, from the fastest to the slowest, and the figure says so.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Circle

from figures.common import new_mosaic, titled
from figures.parts_fit import trim_bands
from look import Look, fmt_num
from look.formats import fmt_sci

COLOUR_ROLES = ("ink", "muted", "panel", "background", "sequential")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Move {gap} positions from anywhere: each pair turns by its own fixed angle",
        "title_one": "Move 1 position from anywhere: each pair turns by its own fixed angle",
        "subtitle": "d = {d}, {h} pairs; each wedge is one move; the slower pairs are shown by their angle alone",
        "zero": "0°, angles turn anticlockwise",
        "start": "{a} → {b}",
        "hand": "pair {i}",
        "some_hands": "{k} of the {h} pairs, from the fastest to the slowest",
        "from": "start of a move",
        "to": "end of a move",
        "colon": ": ",
        "cap": ("Sinusoidal positional encoding with {d} = {dm}, base {base}, {n} positions: each dimension "
                "pair (sin, cos) is drawn as one hand of a clock, pair i turning ω = base^(−2i/{d}) radians per "
                "position. The {nb} fastest pairs get one dial per move (rows: pairs; columns: the {ns} starts), each move a wedge "
                "from the hand at the start to the hand at the end, turning anticlockwise from 0° at 3 o'clock; each slower pair is given as its angle alone, which every start shares. The angle (0° to 180°) is read back "
                "from the encoding's (sin, cos) values and written under the dial to two significant digits, whole degrees from 10°. {rows}{pred} "
                "Pair 0 turns 1 rad ({step}°) per position."),
        "same_rows": "The {n} starts agree for every pair (to floating-point rounding: at most {spread}°). ",
        "one_start": "Only one start fits in {n} positions. ",
        "pred": "The speed alone gives the same angles, {gap} × ω folded into 0°–180°: {values}.",
                        "d": "d_model",
    },
    "zh-Hant": {
        "title": "從哪裡出發都一樣：挪 {gap} 個位置，每組轉過它自己固定的角度",
        "title_one": "從哪裡出發都一樣：挪 1 個位置，每組轉過它自己固定的角度",
        "subtitle": "d = {d}，{h} 組；每個扇形是一次挪動；較慢的組只寫角度",
        "zero": "0°，角度逆時針轉",
        "start": "{a} → {b}",
        "hand": "第 {i} 組",
        "some_hands": "{h} 組中的 {k} 組，從最快到最慢",
        "from": "挪動的起點",
        "to": "挪動的終點",
        "colon": "：",
        "cap": ("正弦位置編碼，{d} = {dm}，底數 {base}，{n} 個位置：每對維度 (sin, cos) 畫成時鐘的一根指針，第 i 組 "
                "每個位置轉 ω = base^(−2i/{d}) 弧度。最快的 {nb} 組每次挪動一個鐘面（每列一組，每欄是 {ns} 個起點之一），"
                "每次挪動畫成一個扇形，從起點的指針張到終點的指針，從 3 點鐘方向的 0° 逆時針轉；較慢的組只寫角度，每個起點都一樣。夾角（0° 到 180°）由編碼的 (sin, cos) 值反推，"
                "以兩位有效數字寫在鐘面下方（10° 以上寫到整數度）。{rows}{pred}第 0 組每個位置轉 1 弧度（{step}°）。"),
        "same_rows": "每組的 {n} 個起點都相同（只差浮點捨入，最多 {spread}°）。",
        "one_start": "{n} 個位置只放得下一個起點。",
        "pred": "只用轉速也得到同樣的角度，即 {gap} × ω 折回 0°–180°：{values}。",
                        "d": "d_model",
    },
    "zh-Hans": {
        "title": "从哪里出发都一样：挪 {gap} 个位置，每组转过它自己固定的角度",
        "title_one": "从哪里出发都一样：挪 1 个位置，每组转过它自己固定的角度",
        "subtitle": "d = {d}，{h} 组；每个扇形是一次挪动；较慢的组只写角度",
        "zero": "0°，角度逆时针转",
        "start": "{a} → {b}",
        "hand": "第 {i} 组",
        "some_hands": "{h} 组中的 {k} 组，从最快到最慢",
        "from": "挪动的起点",
        "to": "挪动的终点",
        "colon": "：",
        "cap": ("正弦位置编码，{d} = {dm}，底数 {base}，{n} 个位置：每对维度 (sin, cos) 画成时钟的一根指针，第 i 组 "
                "每个位置转 ω = base^(−2i/{d}) 弧度。最快的 {nb} 组每次挪动一个钟面（每行一组，每列是 {ns} 个起点之一），"
                "每次挪动画成一个扇形，从起点的指针张到终点的指针，从 3 点钟方向的 0° 逆时针转；较慢的组只写角度，每个起点都一样。夹角（0° 到 180°）由编码的 (sin, cos) 值反推，"
                "以两位有效数字写在钟面下方（10° 以上写到整数度）。{rows}{pred}第 0 组每个位置转 1 弧度（{step}°）。"),
        "same_rows": "每组的 {n} 个起点都相同（只差浮点舍入，最多 {spread}°）。",
        "one_start": "{n} 个位置只放得下一个起点。",
        "pred": "只用转速也得到同样的角度，即 {gap} × ω 折回 0°–180°：{values}。",
                        "d": "d_model",
    },
}

DECIMALS = {"table": "2s", "predicted": 2, "speeds_degrees": 2, "step_degrees": 1, "step_angles": 2,
            "row_spread": 12, "start_angles": 4, "end_angles": 4}
SHOWN = DECIMALS["table"]  # two significant digits: whole degrees from 10°, 0.54° and 0.17° below (never 0°)
BIG = 2  # the fastest hands drawn large, one dial per move; the slower ones in a strip, every move on one dial
STRIP = 6  # at most this many small dials in the strip
RIM = 0.86  # the wedge's radius inside the unit dial
WEDGE_CONTRAST = 3.0  # the wedge's fill against the dial face (WCAG), so it prints and reads in both themes


ZERO_TICK = dict(linewidth=2.2, solid_capstyle="butt")  # every dial's 0° direction (3 o'clock), in ink


def draw_face(ax, look: Look, ticks: bool = True) -> None:
    """An empty clock face on the dial's panel: the rim and, on a large dial, twelve ticks (the 0° one
    heavy, in ink, on every large dial)."""
    pal = look.palette
    ax.add_patch(Circle((0, 0), 1.0, facecolor=pal.panel, edgecolor=pal.ink, linewidth=1.0))
    if ticks:
        for k in range(1, 12):
            a = 2 * np.pi * k / 12
            ax.plot([0.92 * np.cos(a), 0.99 * np.cos(a)], [0.92 * np.sin(a), 0.99 * np.sin(a)],
                    color=pal.muted, linewidth=0.7)
        ax.plot([0.84, 1.0], [0, 0], color=pal.ink, **ZERO_TICK)
    ax.set_xlim(-1.06, 1.06)
    ax.set_ylim(-1.06, 1.06)
    ax.set_aspect("equal")
    ax.axis("off")


def wedge_tone(look: Look) -> str:
    """The wedge's fill: the lightest point of the sequential scale at WEDGE_CONTRAST or more against
    the dial face (the panel), so the opening prints on white paper and shows on the dark face."""
    from look import sequential_color
    from look.colour import contrast

    pal = look.palette
    return next((c for c in (sequential_color(t / 100, pal) for t in range(101))
                 if contrast(c, pal.panel) >= WEDGE_CONTRAST), pal.sequential[-1])


def draw_zero(ax, look: Look, fontsize: float) -> None:
    """The dial's reference, outside the rim: 0° at 3 o'clock and an arrow turning anticlockwise."""
    from matplotlib.patches import FancyArrowPatch

    pal = look.palette
    ax.plot([1.0, 1.1], [0, 0], color=pal.ink, linewidth=1.2, solid_capstyle="butt", clip_on=False)
    ax.text(1.13, 0, "0°", ha="left", va="center", fontsize=fontsize, color=pal.ink, clip_on=False)
    a0, a1 = np.radians(8), np.radians(40)
    ax.add_patch(FancyArrowPatch((1.12 * np.cos(a0), 1.12 * np.sin(a0)), (1.12 * np.cos(a1), 1.12 * np.sin(a1)),
                                 connectionstyle="arc3,rad=0.18", arrowstyle="-|>,head_length=4,head_width=2.5",
                                 color=pal.ink, linewidth=1.1, clip_on=False))


def draw_wedge(ax, data, look: Look, row: int, col: int, marks: float, arrow: bool = True,
               rim: float = RIM) -> None:
    """One move as a wedge: spokes from the centre to the hand at the start (a hollow ring at radius `rim`)
    and at the end (a filled dot), the opening between them lightly filled, where on the clock it happens."""
    pal = look.palette
    RIM = rim  # noqa: N806 (the wedge's radius: the module's RIM unless a strip dial nests its moves)
    start, end = float(data.start_angles[row, col]), float(data.end_angles[row, col])
    delta = (end - start + np.pi) % (2 * np.pi) - np.pi  # signed, the shorter way round
    t = np.linspace(start, start + delta, max(2, int(abs(np.degrees(delta)) / 2) + 2))
    ax.fill(np.r_[0, RIM * np.cos(t), 0], np.r_[0, RIM * np.sin(t), 0], facecolor=wedge_tone(look),
            edgecolor="none", zorder=2)
    for a in (start, end):
        ax.plot([0, RIM * np.cos(a)], [0, RIM * np.sin(a)], color=pal.ink, linewidth=1.4, solid_capstyle="round",
                zorder=3)
    if marks:  # the ring on top with a clear middle, so a turn too small to open shows as a dot inside a ring
        ax.plot([RIM * np.cos(end)], [RIM * np.sin(end)], "o", color=pal.ink, markersize=marks * 0.5, zorder=5)
        ax.plot([RIM * np.cos(start)], [RIM * np.sin(start)], "o", markerfacecolor="none", markeredgecolor=pal.ink,
                markeredgewidth=1.1, markersize=marks, zorder=6)
    ax.plot([0], [0], "o", color=pal.ink, markersize=2.2, zorder=7)
    if arrow and abs(delta) > np.radians(12):  # the turning direction on the wedge's own arc, head at the end
        arc = 0.58 * RIM
        ta = np.linspace(start + 0.12 * delta, start + 0.88 * delta, 40)
        ax.plot(arc * np.cos(ta[:-1]), arc * np.sin(ta[:-1]), color=pal.ink, linewidth=1.0, zorder=4)
        ax.annotate("", xy=(arc * np.cos(ta[-1]), arc * np.sin(ta[-1])), xytext=(arc * np.cos(ta[-3]), arc * np.sin(ta[-3])),
                    arrowprops=dict(arrowstyle="-|>,head_length=0.5,head_width=0.25", color=pal.ink, lw=1.0,
                                    shrinkA=0, shrinkB=0), zorder=4)


def angle_text(values) -> str:
    """The angles the starts give, as drawn: one number when they agree to two significant digits."""
    return " / ".join(sorted({fmt_num(float(v), SHOWN) for v in values})) + "°"


def make(data, look: Look):
    """The BIG fastest hands large, one dial per move (rows: hands, columns: starts), so equal openings
    sit side by side; the next STRIP hands as their angle alone."""
    from math import lcm

    from matplotlib.lines import Line2D

    pal = look.palette
    n_s = len(data.starts)
    n_big = min(len(data.hands), BIG)
    n_strip = min(len(data.hands) - n_big, STRIP)
    cols = lcm(n_s, n_strip) if n_strip else n_s
    span = cols // n_s
    mosaic = [["key"] * cols] + [[f"b{r}_{c // span}" for c in range(cols)] for r in range(n_big)]
    ratios = [0.1] + [1.0] * n_big
    if n_strip:
        mosaic.append([f"s{c // (cols // n_strip)}" for c in range(cols)])
        ratios.append(0.28)  # a title and one number
    fig, axd = new_mosaic(7.2, 1.0 + 2.0 * n_big + (0.6 if n_strip else 0), mosaic, height_ratios=ratios)
    for r in range(n_big):
        for c in range(n_s):
            ax = axd[f"b{r}_{c}"]
            draw_face(ax, look)
            draw_wedge(ax, data, look, r, c, marks=6.5)
            ax.text(0, -1.08, angle_text(data.table[r, c:c + 1]), ha="center", va="top", fontsize=12,
                    color=pal.ink, fontweight="bold")
            if r == 0:
                ax.set_title(look.t(STRINGS, "start", a=data.starts[c], b=data.ends[c]), fontsize=10.5, pad=2)
            if r == 0 and c == n_s - 1:
                draw_zero(ax, look, fontsize=10)
            if c == 0:
                ax.text(-1.12, 0, look.t(STRINGS, "hand", i=int(data.hands[r])), ha="right", va="center",
                        fontsize=10.5, color=pal.ink)
    for k in range(n_strip):  # a slower pair's wedges would be slivers: its angle alone, the same from every start
        row = n_big + k
        ax = axd[f"s{k}"]
        ax.axis("off")
        ax.set_title(look.t(STRINGS, "hand", i=int(data.hands[row])), fontsize=9.5, pad=2)
        ax.text(0.5, 0.85, angle_text(data.table[row]), transform=ax.transAxes, ha="center", va="top", fontsize=12,
                color=pal.ink, fontweight="bold")
    key = axd["key"]
    key.axis("off")
    title = look.t(STRINGS, "title_one" if data.gap == 1 else "title", gap=data.gap)
    titled(fig, title + "\n" + look.t(STRINGS, "subtitle", d=data.d_model, h=data.n_hands), look, x=0.01, ha="left",
           fontsize=11)
    handles = [Line2D([], [], ls="none", marker="o", markerfacecolor="none", markeredgecolor=pal.ink,
                      markeredgewidth=1.1, markersize=6.5),
               Line2D([], [], ls="none", marker="o", color=pal.ink, markersize=3.25),
               Line2D([], [], color=pal.ink, **ZERO_TICK)]  # the heavy tick every dial carries
    labels = [look.t(STRINGS, "from"), look.t(STRINGS, "to"), look.t(STRINGS, "zero")]
    key.legend(handles, labels, loc="center", ncol=len(handles), fontsize=9.5, handlelength=1.2, columnspacing=1.6,
               borderaxespad=0.0, frameon=False)
    if len(data.hands) < data.n_hands:  # the only note under the dials: which pairs are shown
        fig.supxlabel(look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands), fontsize=9.5, color=pal.muted)
    trim_bands(fig)  # the equal-aspect dials leave empty bands once the footer is gone
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
    values = sep.join(f"{look.t(STRINGS, 'hand', i=h)}{look.t(STRINGS, 'colon')}{fmt_num(v, SHOWN)}°"
                      for h, v in zip(data.hands, data.predicted))
    if len(data.hands) < data.n_hands:
        rows += look.t(STRINGS, "some_hands", k=len(data.hands), h=data.n_hands) + ("; " if look.lang == "en" else "；")
    from figures.common import base_text

    return look.t(STRINGS, "cap", d=look.t(STRINGS, "d"), dm=data.d_model, base=base_text(data.base),
                  n=data.n_positions, rows=rows, pred=look.t(STRINGS, "pred", gap=data.gap, values=values),
                  gap=data.gap, ns=n_s, nb=min(BIG, len(data.hands)), ne=len(data.step_examples), step=fmt_num(data.step_degrees, DECIMALS["step_degrees"]))
