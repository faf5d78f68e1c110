"""scores_wx: s = W x as three row-times-column dot products, as arrows, and as probabilities
(seed 003, "One row, one candidate", "A score is a dot product: think in directions", "Scores and
probabilities", exercises 01 and 02).

The rows of W as arrows with x (a line style per candidate besides its colour), the angle θ_i to
x named on its arc, and each score written at its arrow's tip, one panel drawn large; the view fits the arrows. What the arrows are and
the score as ‖w‖ ‖x‖ cos θ, in three sentences, are the numbers file's caption (caption()); the softmax is scores_wx_probs
(make_probs, the same record). Every number comes from engine.toy.output_scores.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Arc, FancyArrowPatch

from figures.common import estimated_width_pt, new_mosaic, place_labels, text_width_pt, titled
from figures.parts_type import SUB_PT, TITLE_PT
from look import Look, fmt_num
from look.core import LATIN_FONT

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Both length and angle decide each score: w · x = ‖w‖ ‖x‖ cos θ\ns = W x = ({s}): each row w of W an arrow, its angle θ to x at the origin",
        "title_n": "Both length and angle decide each score: w · x = ‖w‖ ‖x‖ cos θ\ns = W x: each row w of W an arrow, its angle θ to x at the origin",
        "tip": "{name}: s = {s}\n‖w‖ = {n}",
        "x_tip": "x = {x}\n‖x‖ = {n}",
        "theta": "θ = {t}°",
        "dim1": "coordinate 1",
        "dim2": "coordinate 2",
        "c_arrows": ("The arrows are the rows wᵢ of W, one per candidate, drawn with the input x = {x}; the arc "
                     "at the origin marks each row's angle θ to x, and each tip carries its score and length ‖w‖. "
                     "A score is w · x = ‖w‖ ‖x‖ cos θ, so length and angle decide it together ({scores})."),
        "probs_title": "softmax over these {k} candidates",
        "c_probs": "The softmax then runs over these {k} candidates only.",
        "prob": "probability",
        "sum": "sum = {s}",
        "sum_rounded": "sum = 1 before rounding",
        "probs_head": "Softmax turns the scores {s} into the probabilities {p}",
        "probs_head_short": "Softmax turns {n} scores into probabilities: the largest score, {s}, takes {p}",
        "probs_caption": ("The scores s = W x = ({s}) become the probabilities {p} (sum {t}); the softmax "
                          "runs over these {k} candidates only."),
        "score_tick": "{name}\ns = {s}",
    },
    "zh-Hant": {
        "title": "長度和夾角一起決定分數：w · x = ‖w‖ ‖x‖ cos θ\ns = W x = ({s})：W 的每一列畫成箭頭，原點處標出它與 x 的夾角 θ",
        "title_n": "長度和夾角一起決定分數：w · x = ‖w‖ ‖x‖ cos θ\ns = W x：W 的每一列畫成箭頭，原點處標出它與 x 的夾角 θ",
        "tip": "{name}: s = {s}\n‖w‖ = {n}",
        "x_tip": "x = {x}\n‖x‖ = {n}",
        "theta": "θ = {t}°",
        "dim1": "座標 1",
        "dim2": "座標 2",
        "c_arrows": ("箭頭是 W 的各列 wᵢ，每個候選詞元一列，和輸入 x = {x} 畫在一起；原點的弧標出每一列與 x 的夾角 θ，"
                     "箭頭尖端寫著分數和長度 ‖w‖。分數是 w · x = ‖w‖ ‖x‖ cos θ，長度和夾角一起決定分數（{scores}）。"),
        "probs_title": "只在這{k}個候選詞元之間做 softmax",
        "c_probs": "接著 softmax 只在這{k}個候選詞元之間做。",
        "prob": "機率",
        "sum": "總和 = {s}",
        "sum_rounded": "四捨五入前總和 = 1",
        "probs_head": "Softmax 把分數 {s} 變成機率 {p}",
        "probs_head_short": "Softmax 把 {n} 個分數變成機率：最大的分數 {s} 拿到 {p}",
        "probs_caption": "分數 s = W x = ({s}) 變成機率 {p}（總和 {t}）；softmax 只在這{k}個候選詞元之間做。",
        "score_tick": "{name}\ns = {s}",
    },
    "zh-Hans": {
        "title": "长度和夹角一起决定分数：w · x = ‖w‖ ‖x‖ cos θ\ns = W x = ({s})：W 的每一行画成箭头，原点处标出它与 x 的夹角 θ",
        "title_n": "长度和夹角一起决定分数：w · x = ‖w‖ ‖x‖ cos θ\ns = W x：W 的每一行画成箭头，原点处标出它与 x 的夹角 θ",
        "tip": "{name}: s = {s}\n‖w‖ = {n}",
        "x_tip": "x = {x}\n‖x‖ = {n}",
        "theta": "θ = {t}°",
        "dim1": "坐标 1",
        "dim2": "坐标 2",
        "c_arrows": ("箭头是 W 的各行 wᵢ，每个候选词元一行，和输入 x = {x} 画在一起；原点的弧标出每一行与 x 的夹角 θ，"
                     "箭头尖端写着分数和长度 ‖w‖。分数是 w · x = ‖w‖ ‖x‖ cos θ，长度和夹角一起决定分数（{scores}）。"),
        "probs_title": "只在这{k}个候选词元之间做 softmax",
        "c_probs": "接着 softmax 只在这{k}个候选词元之间做。",
        "prob": "概率",
        "sum": "总和 = {s}",
        "sum_rounded": "四舍五入前总和 = 1",
        "probs_head": "Softmax 把分数 {s} 变成概率 {p}",
        "probs_head_short": "Softmax 把 {n} 个分数变成概率：最大的分数 {s} 拿到 {p}",
        "probs_caption": "分数 s = W x = ({s}) 变成概率 {p}（总和 {t}）；softmax 只在这{k}个候选词元之间做。",
        "score_tick": "{name}\ns = {s}",
    },
}

DECIMALS = {"products": 4, "scores": 4, "probs": 4, "row_norms": 4, "x_norm": 4, "angles_deg": 0, "cosines": 4,
            "prob_sum": 4}
PROB_DECIMALS = 2  # scores_wx_probs draws each probability to 2 decimals, as a bar is read: 0.95, 0.05, 0.01; their
# printed parts add to 1.01, so the sum beside the bars says "sum = 1 before rounding" (sum_text), never "1.00"
# beside parts that miss it, and prints no 1.01 (no such number in the record); the caption keeps 4


COUNT = {"en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"},
         "zh-Hant": {2: "兩", 3: "三", 4: "四", 5: "五", 6: "六"},
         "zh-Hans": {2: "两", 3: "三", 4: "四", 5: "五", 6: "六"}}


def short(v: float) -> str:
    """An input number as the seed writes it: 2, 0.4, −1 (exact); a computed one that needs more than
    four decimals at numbers.json's 4 decimals (0.1 × 3 = 0.3000, not 0.3)."""
    text = fmt_num(v, 4).rstrip("0").rstrip(".")
    text = text if text not in ("", "\u2212") else "0"
    return text if float(text.replace("\u2212", "-")) == float(v) else fmt_num(v, 4)


def colour(look: Look, name: str) -> str:
    """A candidate's colour: ink. The candidates are not words of the running sentence, so they take no
    token colour (a token colour would name "sat" on one page and "mat" on the next); each has its own
    dash pattern and a direct label instead."""
    return look.palette.ink


def length(n: float, sq: float) -> str:
    """A length as exactly as it can be written: √5 when its square is a whole number and it is not,
    else its value at numbers.json's decimals."""
    whole = round(float(sq))
    if abs(sq - whole) < 1e-9 and abs(n - round(n)) > 1e-9:
        return f"√{whole}"
    return fmt_num(n, DECIMALS["row_norms"])


def arc_order(angles) -> list:
    """The candidates' arcs from the outermost in: narrowest angle first (its wedge is wide enough for its
    θ only far out), the widest innermost, so a wide arc passing under a narrower candidate's arrow runs
    well inside that candidate's own arc instead of beside it."""
    return [int(k) for k in np.argsort(angles, kind="stable")]

TOP_ROOM = 0.06  # of the view's height, above the highest tip

LINESTYLES = ("solid", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2)), (0, (3, 3)), (0, (8, 3)))


PAD = 0.3  # data units of view around the drawn arrows


def arc_pieces(lo: float, hi: float, crossing, r: float, gap: float = 0.09) -> list:
    """The angle arc lo → hi (degrees) in pieces, broken where another arrow (its angle in `crossing`)
    runs through it: a gap of `gap` data units either side, so the arc reads as passing under that arrow."""
    half = np.degrees(gap / max(r, 1e-9))
    cuts = sorted(c + k * 360 for c in crossing for k in (-1, 0, 1) if lo + half < c + k * 360 < hi - half)
    pieces, start = [], lo
    for c in cuts:
        pieces.append((start, c - half))
        start = c + half
    pieces.append((start, hi))
    return [(a, b) for a, b in pieces if b > a]


def draw_arrows(ax, data, look: Look) -> None:
    """The rows of W as arrows (a line style per candidate besides its colour), the angle arcs, x, and
    each candidate's name and score at its tip."""
    pal = look.palette
    W, x = data.W, data.x
    pts = np.vstack([W, x, np.zeros((1, 2))])  # the view fits the drawn arrows, the origin included
    lo, hi = pts.min(axis=0) - PAD, pts.max(axis=0) + PAD
    hi[1] += TOP_ROOM * (hi[1] - lo[1])  # a name and score above the highest tip stay under the title
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_aspect("equal")
    ax.axhline(0, color=pal.muted, linewidth=0.8)
    ax.axvline(0, color=pal.muted, linewidth=0.8)
    ax.grid(True)
    x_angle = np.degrees(np.arctan2(x[1], x[0]))
    m = len(data.candidates)
    reach = 0.95 * min(np.linalg.norm(x), np.linalg.norm(W, axis=1).min())
    tips, arrows, thetas = [], [((0, 0), tuple(x))], []
    for i, name in enumerate(data.candidates):
        color = colour(look, name)
        style = "solid"  # no dash: a dash pattern is a word's in the set (look.tokens.token_dash); each row is named at
        # its tip, and x is the heavier arrow (3 pt against 2.2)
        w = W[i]
        ax.add_patch(FancyArrowPatch((0, 0), tuple(w), arrowstyle="-|>", mutation_scale=14,
                                     color=color, linewidth=2.2, linestyle=style))
        w_angle = np.degrees(np.arctan2(w[1], w[0]))
        lo, hi = sorted((x_angle, w_angle))
        if hi - lo > 180:
            lo, hi = hi, lo + 360
        r = (0.8 - 0.4 * arc_order(data.angles_deg).index(i) / max(m - 1, 1)) * reach  # inside the shortest arrow
        for a0, a1 in arc_pieces(lo, hi, [np.degrees(np.arctan2(v[1], v[0])) for k, v in enumerate(W) if k != i], r):
            ax.add_patch(Arc((0, 0), 2 * r, 2 * r, theta1=a0, theta2=a1, color=pal.muted, linewidth=1.4,
                             linestyle=style))  # an angle: a reference mark, muted, named by its θ label
        t = np.radians(np.linspace(lo, hi, 12))  # the arc as segments, for the labels to keep clear of
        pts = np.stack([r * np.cos(t), r * np.sin(t)], axis=1)  # (12, 2)
        arrows += [(tuple(a), tuple(b)) for a, b in zip(pts[:-1], pts[1:])]
        mid = np.radians(w_angle + 0.35 * ((x_angle - w_angle + 180) % 360 - 180))  # named near its own arrow's end
        out = np.array([np.cos(mid), np.sin(mid)])
        thetas.append(ax.annotate(look.t(STRINGS, "theta", t=fmt_num(data.angles_deg[i], DECIMALS["angles_deg"])),
                                tuple(r * out), xytext=tuple(8 * out), textcoords="offset points", fontsize=9,
                                color=color, ha="left" if out[0] > 0.3 else "right",  # a steep bisector: beside it, not across it
                                va=("center", "bottom", "top")[int(np.sign(round(out[1], 1)))],
                                arrowprops=dict(arrowstyle="-", color=color, linewidth=0.8, shrinkA=1, shrinkB=1)))
        offset = np.array(w) / np.linalg.norm(w) * 0.12
        tips.append(ax.annotate(look.t(STRINGS, "tip", name=name, s=short(data.scores[i]),
                                       n=length(data.row_norms[i], data.row_norms_sq[i])), tuple(w),
                                xytext=(5, 2), textcoords="offset points", fontsize=10, color=color,
                                ha="left", va="bottom", fontweight="bold"))  # in its arrow's colour: a direct label
        arrows.append(((0, 0), tuple(w)))
    ax.add_patch(FancyArrowPatch((0, 0), tuple(x), arrowstyle="-|>", mutation_scale=16,
                                 color=pal.ink, linewidth=3.0))
    tips.insert(0, ax.annotate(look.t(STRINGS, "x_tip", x=f"({short(x[0])}, {short(x[1])})",
                                      n=length(data.x_norm, data.x_norm_sq)),
                               tuple(x), xytext=(0, -10), ha="center",
                               va="top", textcoords="offset points", fontsize=10, color=pal.ink, fontweight="bold"))
    ax.set_xlabel(look.t(STRINGS, "dim1"))
    ax.set_ylabel(look.t(STRINGS, "dim2"))
    ax.tips_to_place = (tips + thetas, arrows)  # the θ labels placed last: the tips keep their places


def probs_title(fig, data, look: Look) -> str:
    """The result in words: every score and its probability when the line fits the figure's width,
    else the largest score and its probability."""
    sep = ", " if look.lang == "en" else "、"
    text = look.t(STRINGS, "probs_head", s=sep.join(short(v) for v in data.scores),
                  p=sep.join(fmt_num(v, PROB_DECIMALS) for v in data.probs))
    if text_width_pt(fig, text, 12, list(look.figure_fonts)) <= 6.3 * 72:  # the axes start ~0.6 in in
        return text
    top = int(np.argmax(data.probs))
    return look.t(STRINGS, "probs_head_short", n=len(data.scores), s=short(data.scores[top]),
                  p=fmt_num(data.probs[top], PROB_DECIMALS))


def printed_parts_sum(probs, decimals: int = PROB_DECIMALS) -> str:
    """What the printed probabilities add to, digit for digit (decimal arithmetic on the printed strings,
    so no binary rounding enters): the sum a reader gets by adding the bar labels."""
    from decimal import Decimal

    return str(sum((Decimal(f"{v:.{decimals}f}") for v in probs), Decimal(0)))


def sum_text(data, look: Look) -> str:
    """The sum beside the bars: "sum = 1.00" when the printed parts add to exactly that; when rounding
    leaves them short or over, the label says so instead of printing a total they do not reach."""
    total = fmt_num(data.prob_sum, PROB_DECIMALS)
    parts = printed_parts_sum(data.probs)
    if parts == f"{data.prob_sum:.{PROB_DECIMALS}f}":
        return look.t(STRINGS, "sum", s=total)
    return look.t(STRINGS, "sum_rounded", r=parts)


def draw_probs(ax, data, look: Look) -> None:
    """Each bar carries its probability above it, so a bar a few pixels tall still reads; each
    candidate's score sits under its name."""
    pal = look.palette
    n = len(data.candidates)
    colors = [colour(look, name) for name in data.candidates]
    ax.bar(range(n), data.probs, color=colors, width=0.6)
    size = 11 if n <= 4 else 8.5
    for i in range(n):
        ax.text(i, data.probs[i] + 0.02, fmt_num(data.probs[i], PROB_DECIMALS), ha="center", va="bottom", fontsize=size,
                fontweight="bold")
    ax.set_xticks(range(n), [look.t(STRINGS, "score_tick", name=name, s=short(data.scores[i]))
                             for i, name in enumerate(data.candidates)])
    for tick, c in zip(ax.get_xticklabels(), colors):  # each name in its bar's colour: a direct label
        tick.set_color(c)
    if any(estimated_width_pt(c, 9) > 0.9 * 3.0 * 72 / n for c in data.candidates):
        ax.tick_params(axis="x", labelrotation=90)
    ax.set_ylim(0, 1.12)
    ax.set_ylabel(look.t(STRINGS, "prob"))
    ax.text(0.98, 0.97, sum_text(data, look),
            transform=ax.transAxes, ha="right", va="top", fontsize=9, color=pal.muted)
    ax.set_title(probs_title(ax.figure, data, look), loc="left", fontsize=12, pad=20)
    ax.annotate(r"$p_i = \exp(s_i) \,/\, \Sigma_j \exp(s_j)$", (0, 1), xycoords="axes fraction", xytext=(0, 5),
                textcoords="offset points", ha="left", va="bottom", fontsize=10, color=pal.muted)


def caption(data, look: Look) -> str:
    """What the arrows show, the score as lengths and angle with the three scores, and what the softmax runs
    over: three sentences for the numbers file (the row-by-row arithmetic is the note's text)."""
    k = COUNT[look.lang if look.lang in COUNT else "en"][len(data.candidates)]
    x = data.x
    xs = f"({short(x[0])}, {short(x[1])})"
    sep = "; " if look.lang == "en" else "；"
    scores = sep.join(f"{name} {short(data.scores[i])}" for i, name in enumerate(data.candidates))
    parts = (look.t(STRINGS, "c_arrows", x=xs, scores=scores), look.t(STRINGS, "c_probs", k=k))
    return (" " if look.lang == "en" else "").join(parts)


FIG_WIDTH_IN = 7.2  # two columns; the equal-aspect plane takes its size from the height (PLANE_IN), tall enough
PLANE_IN = 6.8  # that the plane and its tip labels fill the width: no empty band right of it


def make(data, look: Look):
    """The rows of W as arrows with x and each score at its tip, drawn large; the scores as lengths
    and angles are the caption; the probabilities are scores_wx_probs (the same record)."""
    m = len(data.candidates)
    fig, ax = new_mosaic(FIG_WIDTH_IN, PLANE_IN + 0.3 * max(0, m - 3), [["arrows"]])
    title = look.t(STRINGS, "title", s=", ".join(short(v) for v in data.scores))
    if max(text_width_pt(fig, line, TITLE_PT if k == 0 else SUB_PT, list(look.figure_fonts))
           for k, line in enumerate(title.split("\n"))) > (FIG_WIDTH_IN - 0.2) * 72:  # each line at its own size
        title = look.t(STRINGS, "title_n")  # many or long scores: at the tips only
    titled(fig, title, look, x=0.01, ha="left", fontsize=TITLE_PT, sub_size=SUB_PT)  # the claim, then the setting
    draw_arrows(ax["arrows"], data, look)
    tips, arrows = ax["arrows"].tips_to_place
    place_labels(ax["arrows"], tips, arrows)
    one_face(fig, look)
    return fig


def one_face(fig, look: Look) -> None:
    """Every text of the figure (title, tips, θ labels, axis labels, ticks) in one stack, the Latin face
    first: ‖, √ and · keep their Latin widths (the CJK face sets them full width), and a Chinese
    character falls back to the CJK face, so no label is set in a different face from its neighbour."""
    from matplotlib.text import Text

    family = [LATIN_FONT, *(f for f in look.figure_fonts if f != LATIN_FONT)]
    for text in fig.findobj(Text):
        text.set_fontfamily(family)


def caption_probs(data, look: Look) -> str:
    """scores_wx_probs' text for the numbers file: the scores, their probabilities and what the
    softmax runs over."""
    k = COUNT[look.lang if look.lang in COUNT else "en"][len(data.candidates)]
    sep = ", " if look.lang == "en" else "、"
    return look.t(STRINGS, "probs_caption", s=", ".join(short(v) for v in data.scores),
                  p=sep.join(fmt_num(v, 4) for v in data.probs), t=fmt_num(data.prob_sum, 4), k=k)


def make_probs(data, look: Look):
    """scores_wx_probs: the softmax of the scores as bars, the result in the title."""
    fig, ax = new_mosaic(7.2, 3.3, [["probs"]])
    fig.get_layout_engine().set(rect=(0, 0, 0.975, 1))  # the x axis ends clear of the right edge
    draw_probs(ax["probs"], data, look)
    return fig
