"""scores_wx: s = W x as three row-times-column dot products, as arrows, and as probabilities
(seed 003, "One row, one candidate", "A score is a dot product: think in directions", "Scores and
probabilities", exercises 01 and 02).

Left: each row of W times x, written as the sum of two products (the column reading, x₂ + 1 adds
column 2, and how an angle reads as a score are the numbers file's caption: caption()). Middle: the rows of W as arrows with x; the angle θ_i and w·x = ‖w‖‖x‖cos θ. Right: the
softmax over the three candidates. Every number comes from engine.toy.output_scores.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Arc, FancyArrowPatch

from figures.common import estimated_width_pt, new_mosaic, text_width_pt
from look import Look, fmt_num, token_colour

STRINGS = {
    "en": {
        "title": "Output scores: s = W x, one row of W per candidate token",
        "rows_title": "row × column: s_i = W_i1 x_1 + W_i2 x_2",
        "column_note": "read by columns: W x = x₁·(column 1) + x₂·(column 2); raising x₂ by 1 adds column 2 = ({c})",
        "arrows_title": "w · x = ‖w‖ ‖x‖ cos θ",
        "arrow_note": "smaller angle → larger score (for equal lengths); a right angle gives zero, an obtuse one a negative score",
        "dim1": "coordinate 1",
        "dim2": "coordinate 2",
        "probs_title": "softmax over these {k} candidates",
        "prob": "probability",
        "sum": "sum = {s}",
        "probs_head": "Softmax turns the scores {s} into the probabilities {p}",
        "probs_head_short": "Softmax turns {n} scores into probabilities: the largest score, {s}, takes {p}",
        "probs_caption": ("The scores s = W x = ({s}) become the probabilities {p} (sum {t}); the softmax "
                          "runs over these {k} candidates only."),
        "score_tick": "{name}\ns = {s}",
    },
    "zh-Hant": {
        "title": "輸出分數：s = W x，每個候選詞元對應 W 的一列",
        "rows_title": "列 × 行：s_i = W_i1 x_1 + W_i2 x_2",
        "column_note": "用行來讀：W x = x₁·（第 1 行）+ x₂·（第 2 行）；x₂ 加 1，分數就加上第 2 行 = ({c})",
        "arrows_title": "w · x = ‖w‖ ‖x‖ cos θ",
        "arrow_note": "長度相同時，夾角越小分數越大；垂直時分數為零，鈍角為負",
        "dim1": "座標 1",
        "dim2": "座標 2",
        "probs_title": "只在這{k}個候選詞元之間做 softmax",
        "prob": "機率",
        "sum": "總和 = {s}",
        "probs_head": "Softmax 把分數 {s} 變成機率 {p}",
        "probs_head_short": "Softmax 把 {n} 個分數變成機率：最大的分數 {s} 拿到 {p}",
        "probs_caption": "分數 s = W x = ({s}) 變成機率 {p}（總和 {t}）；softmax 只在這{k}個候選詞元之間做。",
        "score_tick": "{name}\ns = {s}",
    },
    "zh-Hans": {
        "title": "输出分数：s = W x，每个候选词元对应 W 的一行",
        "rows_title": "行 × 列：s_i = W_i1 x_1 + W_i2 x_2",
        "column_note": "按列来读：W x = x₁·（第 1 列）+ x₂·（第 2 列）；x₂ 加 1，分数就加上第 2 列 = ({c})",
        "arrows_title": "w · x = ‖w‖ ‖x‖ cos θ",
        "arrow_note": "长度相同时，夹角越小分数越大；垂直时分数为零，钝角为负",
        "dim1": "坐标 1",
        "dim2": "坐标 2",
        "probs_title": "只在这{k}个候选词元之间做 softmax",
        "prob": "概率",
        "sum": "总和 = {s}",
        "probs_head": "Softmax 把分数 {s} 变成概率 {p}",
        "probs_head_short": "Softmax 把 {n} 个分数变成概率：最大的分数 {s} 拿到 {p}",
        "probs_caption": "分数 s = W x = ({s}) 变成概率 {p}（总和 {t}）；softmax 只在这{k}个候选词元之间做。",
        "score_tick": "{name}\ns = {s}",
    },
}

DECIMALS = {"products": 4, "scores": 4, "probs": 4, "row_norms": 4, "x_norm": 4, "angles_deg": 2, "cosines": 4,
            "prob_sum": 4}


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
    """A candidate's colour: its word's colour in every figure (look.tokens)."""
    return token_colour(name, look.palette)


ROWS, ANGLES = 3.3, 1.1  # height ratios of the two panels that hold a line per candidate (three of them)


def ratios(data) -> tuple[float, float]:
    """The height ratios of the rows and angles panels: the same height per candidate as for three."""
    more = max(0, len(data.candidates) - 3)
    return ROWS + 0.25 * ROWS * more, ANGLES + 0.24 * ANGLES * more


def paren(v: float) -> str:
    """A factor or term inside a sum: negatives in parentheses, 1×2 + (−1)×1."""
    text = short(v)
    return f"({text})" if text.startswith("\u2212") else text


def _mathtext(s: str) -> str:
    """Subscripts such as s_i, W_i1 as mathtext (the CJK face has no subscript digits)."""
    import re

    return re.sub(r"\b([sWx])_(i1|i2|i|1|2)\b", lambda m: rf"${m.group(1)}_{{{m.group(2)}}}$", s)


def draw_rows(ax, data, look: Look) -> None:
    pal = look.palette
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.0, 0.98, _mathtext(look.t(STRINGS, "rows_title")), fontsize=10, va="top", fontweight="bold")
    W, x = data.W, data.x
    ax.text(0.0, 0.84, rf"$x = ({short(x[0])},\ {short(x[1])})^{{\top}}$", fontsize=11, va="top",
            color=pal.accent)
    y = 0.64
    step = 0.25 * ROWS / ratios(data)[0]  # the same height per candidate as for three
    widest = max(estimated_width_pt(name, 10.5) for name in data.candidates) / (3.3 * 72)  # of the axes' width
    col = max(0.2, widest + 0.04)  # the products start right of the longest name
    for i, name in enumerate(data.candidates):
        color = colour(look, name)
        p1, p2 = data.products[i]
        ax.text(0.0, y, name, fontsize=10.5, va="center", color=color, fontweight="bold")
        ax.text(col, y, f"({short(W[i, 0])}, {short(W[i, 1])}) · ({short(x[0])}, {short(x[1])})",
                fontsize=9.5, va="center")
        ax.text(col, y - 0.34 * step, f"= {paren(W[i, 0])}×{paren(x[0])} + {paren(W[i, 1])}×{paren(x[1])}"
                f" = {short(p1)} + {paren(p2)} = {short(data.scores[i])}",
                fontsize=9.5, va="center", color=pal.ink)
        y -= step


def draw_arrows(ax, data, look: Look) -> None:
    pal = look.palette
    W, x = data.W, data.x
    lim = max(np.abs(W).max(), np.abs(x).max()) + 0.6
    ax.set_xlim(-lim, lim)
    ax.set_ylim(-lim, lim)
    ax.set_aspect("equal")
    ax.axhline(0, color=pal.muted, linewidth=0.8)
    ax.axvline(0, color=pal.muted, linewidth=0.8)
    ax.grid(True)
    x_angle = np.degrees(np.arctan2(x[1], x[0]))
    for i, name in enumerate(data.candidates):
        color = colour(look, name)
        w = W[i]
        ax.add_patch(FancyArrowPatch((0, 0), tuple(w), arrowstyle="-|>", mutation_scale=14,
                                     color=color, linewidth=2.2))
        w_angle = np.degrees(np.arctan2(w[1], w[0]))
        lo, hi = sorted((x_angle, w_angle))
        if hi - lo > 180:
            lo, hi = hi, lo + 360
        r = (0.45 + 0.22 * i) * lim / 2.6  # the lesson's radii at its own scale (lim = 2.6)
        ax.add_patch(Arc((0, 0), 2 * r, 2 * r, theta1=lo, theta2=hi, color=color, linewidth=1.4))
        offset = np.array(w) / np.linalg.norm(w) * 0.12
        ax.annotate(name, tuple(w), xytext=tuple(w + offset), textcoords="data", fontsize=10,
                    color=color, ha="left" if w[0] >= 0 else "right",
                    va="bottom" if w[1] >= 0 else "top", fontweight="bold")
    ax.add_patch(FancyArrowPatch((0, 0), tuple(x), arrowstyle="-|>", mutation_scale=16,
                                 color=pal.accent, linewidth=3.0))
    ax.annotate(f"x = ({short(x[0])}, {short(x[1])})", tuple(x), xytext=(6, -12) if x[0] >= 0 else (-6, -12),
                ha="left" if x[0] >= 0 else "right", textcoords="offset points", fontsize=10, color=pal.accent,
                fontweight="bold")
    ax.set_xlabel(look.t(STRINGS, "dim1"))
    ax.set_ylabel(look.t(STRINGS, "dim2"))
    ax.set_title(r"$w \cdot x = \|w\|\,\|x\|\,\cos\theta$", loc="left", fontsize=12)


def draw_angles(ax, data, look: Look) -> None:
    """Each row's angle to x and the length-angle reading of its score."""
    ax.axis("off")
    step = 0.24 * ANGLES / ratios(data)[1]
    for i, name in enumerate(data.candidates):
        color = colour(look, name)
        line = (f"{name}:  θ = {fmt_num(data.angles_deg[i], 2)}°,   "
                f"{fmt_num(data.row_norms[i], 4)} × {fmt_num(data.x_norm, 4)} × {fmt_num(data.cosines[i], 4)}"
                f" = {short(data.scores[i])}")
        ax.text(0.0, 0.95 - step * i, line, transform=ax.transAxes, fontsize=9.5, color=color, va="top")


def probs_title(fig, data, look: Look) -> str:
    """The result in words: every score and its probability when the line fits the figure's width,
    else the largest score and its probability."""
    sep = ", " if look.lang == "en" else "、"
    text = look.t(STRINGS, "probs_head", s=sep.join(short(v) for v in data.scores),
                  p=sep.join(fmt_num(v, 4) for v in data.probs))
    if text_width_pt(fig, text, 12, [look.font, "DejaVu Sans"]) <= 6.3 * 72:  # the axes start ~0.6 in in
        return text
    top = int(np.argmax(data.probs))
    return look.t(STRINGS, "probs_head_short", n=len(data.scores), s=short(data.scores[top]),
                  p=fmt_num(data.probs[top], 4))


def draw_probs(ax, data, look: Look) -> None:
    """Each bar carries its probability above it, so a bar a few pixels tall still reads; each
    candidate's score sits under its name."""
    pal = look.palette
    n = len(data.candidates)
    colors = [colour(look, name) for name in data.candidates]
    ax.bar(range(n), data.probs, color=colors, width=0.6)
    size = 11 if n <= 4 else 8.5
    for i in range(n):
        ax.text(i, data.probs[i] + 0.02, fmt_num(data.probs[i], 4), ha="center", va="bottom", fontsize=size,
                fontweight="bold")
    ax.set_xticks(range(n), [look.t(STRINGS, "score_tick", name=name, s=short(data.scores[i]))
                             for i, name in enumerate(data.candidates)])
    for tick, c in zip(ax.get_xticklabels(), colors):  # each name in its bar's colour: a direct label
        tick.set_color(c)
    if any(estimated_width_pt(c, 9) > 0.9 * 3.0 * 72 / n for c in data.candidates):
        ax.tick_params(axis="x", labelrotation=90)
    ax.set_ylim(0, 1.12)
    ax.set_ylabel(look.t(STRINGS, "prob"))
    ax.text(0.98, 0.97, look.t(STRINGS, "sum", s=fmt_num(data.prob_sum, 4)),
            transform=ax.transAxes, ha="right", va="top", fontsize=9, color=pal.muted)
    ax.set_title(probs_title(ax.figure, data, look), loc="left", fontsize=12, pad=20)
    ax.annotate(r"$p_i = \exp(s_i) \,/\, \Sigma_j \exp(s_j)$", (0, 1), xycoords="axes fraction", xytext=(0, 5),
                textcoords="offset points", ha="left", va="bottom", fontsize=10, color=pal.muted)


def caption(data, look: Look) -> str:
    """The notes the figures leave to the text (numbers file): how an angle reads as a score, W x read
    by columns, and what the softmax runs over."""
    k = COUNT[look.lang if look.lang in COUNT else "en"][len(data.candidates)]
    stop = ". " if look.lang == "en" else "。"
    return stop.join((look.t(STRINGS, "arrow_note"),
                      look.t(STRINGS, "column_note", c=", ".join(short(c) for c in data.column_2)),
                      look.t(STRINGS, "probs_title", k=k))) + stop.strip()


def make(data, look: Look):
    """W x as dot products, the rows of W as arrows and their angles to x; the probabilities are
    scores_wx_probs (the same record)."""
    rows, angles = ratios(data)
    inches = min(9.0, 6.6 * (rows + angles) / (ROWS + ANGLES))
    fig, ax = new_mosaic(7.2, inches, [["rows", "arrows"], ["angles", "angles"]], height_ratios=[rows, angles])
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    draw_rows(ax["rows"], data, look)
    draw_arrows(ax["arrows"], data, look)
    draw_angles(ax["angles"], data, look)
    return fig


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
    draw_probs(ax["probs"], data, look)
    return fig
