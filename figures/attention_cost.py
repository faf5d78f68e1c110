"""attention_cost: the two bills a longer sentence runs up (seed 001, "two costs" station and summary).

Log-log: the T × T attention score table grows as T² (slope 2), the T × d position table as T
(slope 1, by default d_model = 16 numbers per position as in the lesson). The curves start four
octaves below the crossing T = d_model, which is marked with its count, so the side where the position
table is the larger one shows; the caption says the T² count assumes the whole score table is kept. By default from T = 1,024 to 32,768
(32× longer) the score table grows 1,024×, the position table 32×, and one float32 score table (one
head, one layer) goes from 4 MiB to 4 GiB. Any two lengths (short < long) and any width d: the curves
span the powers of two around them (engine.costs.curve_exponents); the two marked lengths are named on
the length axis under their guides (length_ticks keeps every tick label clear of its neighbours), and
their products are caption text: the growth arrows carry the point. A real model's width (engine.costs.REAL_WIDTHS: GPT-2 small, d_model = 768)
adds its position table as a thin dotted line up to its rows (engine: real_rows, GPT-2's learned table has 1,024:
a bar and "1,024 rows" mark the end, the caption says why) and a diamond where the score table passes it,
T = d_model = 768, named beside it on a paper box (gridlines stop at the labels), whenever the drawn d is narrower and that length is on the axis; the caption names every
real width's crossing. Both crossings share one marker, and the toy one says the width is a toy's. The two
growth arrows stand in a margin right of the axes, outside the data area, with their factors as their labels
and, under each, the growth law (∝ T², ×4 per doubling; ∝ T, ×2): the slopes 2 and 1 in words.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure, place_at, spread
from figures.placing import crossings, drawn_segments
from look import Look, fmt_int

COLOUR_ROLES = ("ink", "muted", "background", "ok")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": r"Past T = $d_{\mathrm{model}}$, the score table outgrows the position table",
        "length": "sequence length T (tokens, log scale)",
        "entries": "numbers stored (log scale)",
        "scores": "attention scores T × T per head × layer (×{k} in {name}: {L} × {H})",
        "positions": r"position table T × $d_{{\mathrm{{model}}}}$ at a {toy}width $d_{{\mathrm{{model}}}}$ = {d}, one for the whole model",
        "growth_scores": "score table\n{r}×",
        "growth_positions": "position table\n{r}×",
        "cap": ("Numbers stored for a sequence of T tokens, both axes on log scales. The attention score table "
                "holds T × T numbers for every head in every layer: activations, computed anew for each "
                "sequence, not parameters. The position table holds one position vector of d_model numbers "
                "per token, T × d_model; this example takes d_model = {d}, and the two lines meet where "
                "T = d_model, so a wider model moves the meeting point right by as much. {growth}: the score "
                "table grows {sr}×, the position table {pr}×; one score table in float32 (4 bytes a number) "
                "for one head and one layer goes from {a} to {b}. The T × T count assumes the full score table is "
                "kept in memory; fused attention kernels compute it tile by tile and never store it whole."),
        "crossing": "equal at T = {t},\nthe {toy}width:\n{v} each",
        "cap_points": " At T = {short}: {ss} scores against {sp} position numbers; at T = {long}: {ls} against {lp}.",
        "cap_growth": "From T = {short} to {long} ({lr}× longer)",
        "cap_real_item": "{name} (d_model = {d}) at T = {t}",
        "real": "{name}'s position table T × {w} (dotted), to its {rows} rows",
        "rows_end": "{rows} rows",
        "cap_rows": (" {name}'s position table is learned, one row per position, and has {rows} rows: its dotted "
                     "line stops at T = {rows}, the longest input it takes."),
        "real_cross": "{name}: equal\nat T = {t}",
        "toy": "toy ",
        "slope_scores": "∝ T², so ×4\nper doubling of T",
        "slope_positions": "∝ T, so ×2\nper doubling of T",
        "cap_real": " At a real width the lines meet at T = d_model as well: {list}.",
    },
    "zh-Hant": {
        "title": r"T 超過 $d_{\mathrm{model}}$ 之後，分數表就比位置表大",
        "length": "序列長度 T（token 數，對數刻度）",
        "entries": "要存的數（對數刻度）",
        "scores": "注意力分數表 T × T：每個頭、每一層各一張（{name} 有 {L} 層 × {H} 個頭，共 ×{k}）",
        "positions": r"位置表：T × $d_{{\mathrm{{model}}}}$，{toy}寬度 $d_{{\mathrm{{model}}}}$ = {d}，整個模型只有一張",
        "growth_scores": "分數表\n{r} 倍",
        "growth_positions": "位置表\n{r} 倍",
        "cap": ("一個 T 個 token 的句子要存的數，兩軸都是對數刻度。注意力分數表在每一層的每個頭都有 T × T 個數："
                "這是激活值，每個句子重新算一次，不是參數。位置表為每個 token 存一個 d_model 維的位置向量，共 "
                "T × d_model；本例取 d_model = {d}，兩條線在 T = d_model 處相交，模型越寬，交點就往右移同樣的倍數。"
                "{growth}：分數表漲 {sr} 倍，位置表漲 {pr} 倍；一個頭、一層的一張 float32 分數表（每個數 4 位元組）"
                "從 {a} 變成 {b}。T × T 這個數假設整張分數表都存在記憶體裡；融合的注意力核心一塊一塊地算，從不把整張表存下。"),
        "crossing": "T = {t} 時相等\n（{toy}寬度）：\n各 {v} 個數",
        "cap_points": "T = {short} 時：分數 {ss} 個，位置表 {sp} 個數；T = {long} 時：{ls} 對 {lp}。",
        "cap_growth": "從 T = {short} 到 {long}（長了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name} 的位置表 T × {w}（點線），到它的 {rows} 列為止",
        "rows_end": "{rows} 列",
        "cap_rows": "{name} 的位置表是學出來的，每個位置一列，共 {rows} 列：它的點線停在 T = {rows}，也就是它能接受的最長輸入。",
        "real_cross": "{name}：\nT = {t} 時相等",
        "toy": "玩具",
        "slope_scores": "∝ T²：\nT 加倍就 ×4",
        "slope_positions": "∝ T：\nT 加倍就 ×2",
        "cap_real": "真實模型的寬度下，兩條線同樣在 T = d_model 處相交：{list}。",
    },
    "zh-Hans": {
        "title": r"T 超过 $d_{\mathrm{model}}$ 之后，分数表就比位置表大",
        "length": "序列长度 T（token 数，对数刻度）",
        "entries": "要存的数（对数刻度）",
        "scores": "注意力分数表 T × T：每个头、每一层各一张（{name} 有 {L} 层 × {H} 个头，共 ×{k}）",
        "positions": r"位置表：T × $d_{{\mathrm{{model}}}}$，{toy}宽度 $d_{{\mathrm{{model}}}}$ = {d}，整个模型只有一张",
        "growth_scores": "分数表\n{r} 倍",
        "growth_positions": "位置表\n{r} 倍",
        "cap": ("一个 T 个 token 的句子要存的数，两轴都是对数刻度。注意力分数表在每一层的每个头都有 T × T 个数："
                "这是激活值，每个句子重新算一次，不是参数。位置表为每个 token 存一个 d_model 维的位置向量，共 "
                "T × d_model；本例取 d_model = {d}，两条线在 T = d_model 处相交，模型越宽，交点就往右移同样的倍数。"
                "{growth}：分数表涨 {sr} 倍，位置表涨 {pr} 倍；一个头、一层的一张 float32 分数表（每个数 4 字节）"
                "从 {a} 变成 {b}。T × T 这个数假设整张分数表都存在内存里；融合的注意力内核一块一块地算，从不把整张表存下。"),
        "crossing": "T = {t} 时相等\n（{toy}宽度）：\n各 {v} 个数",
        "cap_points": "T = {short} 时：分数 {ss} 个，位置表 {sp} 个数；T = {long} 时：{ls} 对 {lp}。",
        "cap_growth": "从 T = {short} 到 {long}（长了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name} 的位置表 T × {w}（点线），到它的 {rows} 行为止",
        "rows_end": "{rows} 行",
        "cap_rows": "{name} 的位置表是学出来的，每个位置一行，共 {rows} 行：它的点线停在 T = {rows}，也就是它能接受的最长输入。",
        "real_cross": "{name}：\nT = {t} 时相等",
        "toy": "玩具",
        "slope_scores": "∝ T²：\nT 加倍就 ×4",
        "slope_positions": "∝ T：\nT 加倍就 ×2",
        "cap_real": "真实模型的宽度下，两条线同样在 T = d_model 处相交：{list}。",
    },
}

DECIMALS = {"length_ratio": 2, "score_ratio": 2, "position_ratio": 2, "short_score_size": 2,
            "long_score_size": 2}
def PAPER(look: Look) -> dict:
    """A label's paper-coloured box: the gridlines under it stop at its edge."""
    return {"boxstyle": "square,pad=0.15", "facecolor": look.palette.background, "edgecolor": "none"}


CLOSE = 8  # lengths closer than this ratio get their labels on opposite sides


def _bytes(value: float, unit: str) -> str:
    """A size as the record holds it, in binary units as memory is counted: 4 MiB, 3.81 MiB."""
    return f"{value:,.0f} {unit}" if abs(value - round(value)) < 1e-9 else f"{value:,.2f} {unit}"


def _ratio(r: float) -> str:
    return fmt_int(int(round(r))) if abs(r - round(r)) < 1e-9 else f"{r:,.2f}"


def _pow2(v, _pos=None) -> str:
    return fmt_int(int(v)) if v >= 1 else ""




GAP = 0.75  # decades between the two growth labels at least


def length_ticks(t, marked, axes_pt: float = 340.0, size: float = 8.5) -> tuple[list, list]:
    """The labelled lengths (t: the drawn lengths, a power-of-two series): whole powers of two evenly spaced
    on the log axis, every `step`-th octave, with the step chosen to divide the octaves between the two
    marked lengths so both sit on the series and are named under their guides; the smallest such step whose
    labels keep clear of their neighbours (a label's width from its digits at `size` pt). Returns
    (ticks, lowered): when the two marked lengths are too close for any shared step, the even series runs
    through the long one and the short one is lowered one line, where it has the row to itself."""
    octave_pt = axes_pt / max(1.0, np.log2(t[-1] / t[0]) + 0.8)  # the axes' width over its octaves
    width = lambda v: 0.62 * size * len(fmt_int(int(v))) + 10  # noqa: E731 (a label's width in points)
    sep = lambda a, b: abs(np.log2(a / b)) * octave_pt >= (width(a) + width(b)) / 2  # noqa: E731
    short, long = sorted(int(m) for m in marked)
    first, last = int(round(np.log2(t[0]))), int(round(np.log2(t[-1])))
    anchor, gap = int(round(np.log2(long))), int(round(np.log2(long / short)))

    def series(step: int) -> list:  # every step-th octave through the long length, within the drawn ones
        return [2 ** e for e in range(first, last + 1) if (e - anchor) % step == 0]

    def clear(ticks: list) -> bool:
        return all(sep(a, b) for a, b in zip(ticks, ticks[1:]))

    for step in range(1, gap + 1):
        if gap % step == 0 and clear(series(step)):
            return series(step), []
    step = max(gap, 1)
    while not clear(series(step)):
        step += 1
    ticks = series(step)
    return ticks, ([short] if short not in ticks else [])


def make(data, look: Look):
    pal = look.palette
    fig, ax = new_figure(7.2, 5.6)
    t = data.lengths
    d = data.position_width
    # the score table is no failure and no position: `ink`, dashed; the position table `ok` (a position encoding, as in every figure), solid
    ax.loglog(t, data.score_entries, color=pal.ink, linewidth=2.0, linestyle=(0, (5, 2)), marker="o", markersize=3,
              label=look.t(STRINGS, "scores", name=data.real_names[0], L=int(data.real_layers[0]),
                           H=int(data.real_heads[0]), k=int(data.real_score_tables[0])), base=2)
    ax.loglog(t, data.position_entries, color=pal.ok, linewidth=2.0, marker="o", markersize=3,
              label=look.t(STRINGS, "positions", d=fmt_int(d), toy=_toy(data, look)), base=2)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=10)
    real = shown_real(data)[:1]  # one real model drawn (the caption names every one on the drawn lengths)
    ends = []  # (where a real model's position table ends, its note), placed once the lines are all drawn
    for r in real:  # a real model's position table: the same `ok`, thin and dotted, up to its rows (a bar there)
        rows = int(data.real_rows[r])
        upto = t <= rows
        ax.plot(np.append(t[upto], rows), np.append(data.real_positions[r][upto], rows * data.real_widths[r]),
                color=pal.ok, linewidth=1.1, linestyle=(0, (1, 1.6)),
                label=look.t(STRINGS, "real", name=model_name(data.real_names[r]), w=fmt_int(data.real_widths[r]),
                             rows=fmt_int(rows)))
        end = (rows, rows * data.real_widths[r])
        ax.plot(*end, ls="none", marker="|", ms=11, mew=2.0, color=pal.ok, zorder=6)
        ends.append((end, look.t(STRINGS, "rows_end", rows=fmt_int(rows))))
    marks = ((data.short, data.short_scores, data.short_positions),
             (data.long, data.long_scores, data.long_positions))
    bottom = min(t[0] * d, t[0] * t[0]) / 8
    for T, s, p in marks:  # a dashed line from the axis up to the higher of the two points
        ax.plot([T, T], [bottom, max(s, p)], color=pal.muted, linewidth=0.8, linestyle=(0, (3, 2)))
        ax.plot([T], [s], "o", color=pal.ink, markersize=7, zorder=5)
        ax.plot([T], [p], "o", color=pal.ok, markersize=7, zorder=5)
    # growth arrows in a margin right of the axes (axes x, data y): beside the data, never read as data
    edge = ax.get_yaxis_transform()
    arrows = ((data.short_scores, data.long_scores, pal.ink, "growth_scores", data.score_ratio, 1.04),
              (data.short_positions, data.long_positions, pal.ok, "growth_positions", data.position_ratio, 1.08))
    mid_scores = np.sqrt(float(data.short_scores) * float(data.long_scores))  # floats: 4,194,304⁴ is no int64
    mid_positions = np.sqrt(float(data.short_positions) * float(data.long_positions))
    top = max(data.score_entries[-1], data.position_entries[-1]) * 6
    lo, hi = np.log10(bottom), np.log10(top)
    # at least GAP decades apart, and at least four label lines (about 60 pt of the axes' 4 in) however
    # many decades the axis spans
    heights = 10 ** spread(np.log10([mid_scores, mid_positions]), lo, hi, max(GAP / (hi - lo), 60 / (4.0 * 72)))
    for (lo, hi, color, key, r, x), y in zip(arrows, heights):
        # drawn to the axis scale: from the short length's value exactly to the long length's value
        ax.annotate("", xy=(x, hi), xytext=(x, lo), xycoords=edge, textcoords=edge, annotation_clip=False,
                    arrowprops=dict(arrowstyle="-|>", color=color, linewidth=1.6, mutation_scale=12,
                                    shrinkA=0, shrinkB=0))
        for level in (lo, hi):  # the old level and the new one, so the span reads against the gridlines
            ax.plot([x - 0.015, x + 0.015], [level, level], color=color, linewidth=1.2, transform=edge,
                    clip_on=False)
        ax.text(1.11, y, look.t(STRINGS, key, r=_ratio(r)), color=color, fontsize=10, fontweight="bold",
                va="bottom", ha="left", transform=edge)
        ax.annotate(look.t(STRINGS, "slope_" + key.split("_")[1]), (1.11, y), xycoords=edge, xytext=(0, -3),
                    textcoords="offset points", color=color, fontsize=10, va="top", ha="left",
                    annotation_clip=False)  # the slope on the log-log axes, under the growth it makes
    # just past the last length, with air right of the growth labels; score labels of 11 digits and more
    # need the room beside the curves instead
    short_labels = len(str(int(data.long_scores))) <= 10
    ax.set_xlim(t[0] / 1.3, t[-1] * (1.3 if short_labels else 8))
    if short_labels:
        fig.get_layout_engine().set(rect=(0, 0, 0.985, 1))
    ax.set_ylim(bottom, top)
    ticks, lowered = length_ticks(t, (data.short, data.long))
    ax.set_xticks(ticks)
    ax.xaxis.set_major_formatter(_pow2)
    ax.xaxis.set_minor_formatter(lambda v, _: "")
    if lowered:  # the marked length too close to the other: its label one line lower, a minor tick
        ax.set_xticks(lowered, [fmt_int(v) for v in lowered], minor=True)
        ax.tick_params(axis="x", which="minor", pad=14, labelsize=8.5)
    ax.tick_params(axis="x", labelsize=8.5)
    ax.set_xlabel(look.t(STRINGS, "length"))
    ax.set_ylabel(look.t(STRINGS, "entries"))
    ax.grid(True, which="major")
    # the key above the axes, under the title: the corners inside stay free for the points' labels
    legend = ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), fontsize=10, borderaxespad=0.3)
    ax.set_title(look.t(STRINGS, "title"), loc="left", fontsize=11, pad=44 + (17 if real else 0))  # over the key
    # every crossing one marker: a paper-filled diamond edged in ink, each named beside it
    diamond = dict(color=pal.background, markeredgecolor=pal.ink, markeredgewidth=1.4, markersize=8, zorder=6)
    for r in real:  # where the score table passes a real model's position table (T = d_model): named above
        # left, where the three lines are all below the label
        cross = (data.real_crossings[r], data.real_crossing_entries[r])
        ax.plot(*cross, "D", **diamond)
        ax.annotate(look.t(STRINGS, "real_cross", name=model_name(data.real_names[r]), t=fmt_int(cross[0])), cross,
                    xytext=(-9, 7), textcoords="offset points", ha="right", va="bottom", fontsize=9, color=pal.ink,
                    bbox=PAPER(look))  # gridlines stop at the label
    placed: list = []
    if ends:
        fig.canvas.draw()
    for end, note in ends:  # below right of the end, or below left, where no line runs
        spots = [(end, (dx, dy), ha, "top", "data") for dx, dy, ha in
                 ((7, -5, "left"), (-8, -9, "right"), (16, -1, "left"), (28, 3, "left"), (7, -16, "left"),
                  (-8, -20, "right"), (12, -28, "left"))]
        label = place_at(ax, note, spots, placed, pad=1.0, color=pal.ok, bbox=PAPER(look))
        if crossings(*drawn_segments(ax), placed[-1]):  # no free spot (a crowded length range): the key says it
            label.remove()
            placed.pop()
    if t[0] <= data.crossing <= t[-1]:  # where the two lines meet: T = d, d² numbers in each table
        cross = (data.crossing, data.crossing_entries)
        ax.plot(*cross, "D", **diamond)
        fig.canvas.draw()
        spots = [((cross), (dx, dy), ha, va, "data") for dx, dy, ha, va in
                 ((9, -7, "left", "top"), (-9, 7, "right", "bottom"), (9, -30, "left", "top"),
                  (-9, 30, "right", "bottom"), (40, -7, "left", "top"), (-40, 7, "right", "bottom"))]
        place_at(ax, look.t(STRINGS, "crossing", t=fmt_int(data.crossing), v=fmt_int(data.crossing_entries),
                            toy=_toy(data, look)), spots, placed, pad=1.0, color=pal.ink,
                 bbox=PAPER(look))  # clear of the lines; gridlines stop at it
    return fig


def _toy(data, look: Look) -> str:
    """"toy " before the drawn width unless it is a real model's (engine.costs.REAL_WIDTHS)."""
    return "" if int(data.position_width) in {int(w) for w in data.real_widths} else look.t(STRINGS, "toy")


def model_name(name: str) -> str:
    """A GPT-2 size as the literature writes it: small, medium, large, XL."""
    return name[:-2] + "XL" if name.endswith(" xl") else name


def shown_real(data) -> list:
    """The real widths the figure marks: wider than the drawn d (a toy width's crossing comes early; a real
    model's later) and crossing within the drawn lengths."""
    t = data.lengths
    return [r for r, w in enumerate(data.real_widths) if t[0] <= w <= t[-1] and w > data.position_width]


def caption(data, look: Look) -> str:
    growth = look.t(STRINGS, "cap_growth", short=fmt_int(data.short), long=fmt_int(data.long),
                    lr=_ratio(data.length_ratio))
    text = look.t(STRINGS, "cap", d=fmt_int(data.position_width), growth=growth, sr=_ratio(data.score_ratio),
                  pr=_ratio(data.position_ratio), a=_bytes(data.short_score_size, data.short_score_unit),
                  b=_bytes(data.long_score_size, data.long_score_unit))
    text += look.t(STRINGS, "cap_points", short=fmt_int(data.short), long=fmt_int(data.long),
                   ss=fmt_int(data.short_scores), sp=fmt_int(data.short_positions), ls=fmt_int(data.long_scores),
                   lp=fmt_int(data.long_positions))  # the marked points' counts: no call-outs on the plot
    real = shown_real(data)
    if real:
        sep = "; " if look.lang == "en" else "；"
        text += look.t(STRINGS, "cap_real", list=sep.join(
            look.t(STRINGS, "cap_real_item", name=model_name(data.real_names[r]), d=fmt_int(data.real_widths[r]),
                   t=fmt_int(data.real_crossings[r])) for r in real))
        text += look.t(STRINGS, "cap_rows", name=model_name(data.real_names[real[0]]),
                       rows=fmt_int(data.real_rows[real[0]]))  # the one drawn
    return text
