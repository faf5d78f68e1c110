"""attention_heatmap_fig: the causal weight table of "The cat sat on the" (seed 003, "Dot products →
attention weights" and "The last position supplies our context vector").

Left: αᵢⱼ at two decimals, each its nearest hundredth (engine A_printed, plain rounding as toy_permutation's
tables), on a sequential 0–1 scale, × on the masked (future) cells, one "each row sums to 1 before rounding"
note, key and query labels on their token's chips (parts_toy_text.token_chips), and one cell outlined in ink (the caption works its α out to four decimals), the table alone across the page. The set-up (embeddings,
W_Q = W_K = W_V = I, d_k) and the outlined cell's dot product and softmax, written out, are the
numbers file's caption (caption()), for the note's text. attention_sum_fig (make_sum, same record) draws the last row's
output x as the value vectors' weighted sum: one chart, each term named by its word, weight and value
vector ("cat 0.2368 × (2, 1)"). Every number comes from engine.toy.attention_lesson, e^z
and Σe^z of the unpacked cell included.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from engine.toy import sentence, text_columns
from figures.parts_chains import chain_view, draw_chain, place_chain_labels, zoom_tiny
from figures.common import cell_fontsize, draw_weights, footnote, new_figure, new_mosaic, title_x, upright_keys
from figures.parts_fit import fitted_title, trim_bands, trim_top_band
from figures.parts_toy_text import join, plain_rounding_note, setup, token_chips, vec
from look import Look, fmt_num
from look.formats import subscript

COLOUR_ROLES = ("ink", "muted", "background", "panel", "sequential")  # the look.palette.ROLES it draws
# the record (engine.toy.attention_lesson) also feeds the scene's asking head and W_O mix: the numbers file
# names the parameters this figure draws and those it does not (studio.build.numbers)
PARAMS_DRAWN = ("tokens", "A_Q", "A_K", "A_V", "cell", "embeddings")

TITLE_CHARS = 32  # a longer sentence is named by its length in the title (the table names the tokens)

STRINGS = {
    "en": {
        "title": "Causal attention on “{text}”: × = future, weight exactly 0",
        "title_n": "Causal attention on {n} tokens: × = future, weight exactly 0",
        "xlabel": "key position j (what is looked at)",
        "ylabel": "query position i (who looks)",
        "cbar": "weight α",
        "sum": "each row\nsums to 1\nbefore\nrounding",
        "outlined": "Outlined: “{qt}” looking at “{kt}”, α = {a}",
        "sum_title": "The last word’s output x is the weighted sum of the value vectors",
        "vec_x": "dimension 1",
        "vec_y": "dimension 2",
        "sum_key": "each arrow: a word's α × v (see the caption)",
        "zoom": "zoom ×{n}",
        "c_table": ("Each cell is the attention weight αᵢⱼ of query position i (row) on key position j "
                    "(column), on a 0–1 scale; × marks a future cell (j > i), whose weight is exactly 0, and "
                    "each row sums to 1 before rounding."),
        "c_cell": ("The outlined cell, row {i} ({qt}) and column {j} ({kt}): q{I} = {q}, k{J} = {k}; "
                   "q{I}·k{J} = {prods} = {dot}; z{IJ} = {dot} / √dₖ = {dot} / {sq} = {z}; "
                   "α{IJ} = exp(z{IJ}) / Σ(ℓ ≤ {i}) exp(z{I},ℓ) = {ez} / {sez} = {a} (the softmax runs "
                   "over row {i}'s visible keys j ≤ {i} only)."),
        "c_sum": ("The arrows are the last row's terms α{n},ⱼ vⱼ, each in its word's stroke and named by its word, "
                  "laid tip to tail from the origin to the dot x: {terms} = ({x0}, {x1}). A term shorter than an "
                  "arrow head ends in a dot."),
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力：× 為未來位置，權重恰為 0",
        "title_n": "{n} 個詞元上的因果注意力：× 為未來位置，權重恰為 0",
        "xlabel": "鍵位置 j（被看的位置）",
        "ylabel": "查詢位置 i（去看的位置）",
        "cbar": "權重 α",
        "sum": "每一列在\n四捨五入前\n加總為 1",
        "outlined": "框起來的一格：「{qt}」看「{kt}」，α = {a}",
        "sum_title": "最後一個詞的輸出 x 是值向量的加權和",
        "vec_x": "第 1 維",
        "vec_y": "第 2 維",
        "sum_key": "每支箭頭是一個詞的 α × v（圖說逐項寫出）",
        "zoom": "放大 {n} 倍",
        "c_table": ("每一格是查詢位置 i（列）對鍵位置 j（行）的注意力權重 αᵢⱼ，刻度 0–1；× 是未來位置（j > i），"
                    "權重恰為 0；每一列在四捨五入前加總為 1。"),
        "c_cell": ("框起來的一格，第 {i} 列（{qt}）、第 {j} 行（{kt}）：q{I} = {q}，k{J} = {k}；"
                   "q{I}·k{J} = {prods} = {dot}；z{IJ} = {dot} / √dₖ = {dot} / {sq} = {z}；"
                   "α{IJ} = exp(z{IJ}) / Σ(ℓ ≤ {i}) exp(z{I},ℓ) = {ez} / {sez} = {a}"
                   "（softmax 只在第 {i} 列看得到的鍵 j ≤ {i} 之間做）。"),
        "c_sum": ("箭頭是最後一列的各項 α{n},ⱼ vⱼ，用該詞的線型並標出該詞，從原點頭尾相接，停在點 x："
                  "{terms} = ({x0}, {x1})。比箭頭尖還短的一項以一個點結尾。"),
    },
    "zh-Hans": {
        "title": "“{text}”的因果注意力：× 为未来位置，权重恰为 0",
        "title_n": "{n} 个词元上的因果注意力：× 为未来位置，权重恰为 0",
        "xlabel": "键位置 j（被看的位置）",
        "ylabel": "查询位置 i（去看的位置）",
        "cbar": "权重 α",
        "sum": "每一行在\n四舍五入前\n加总为 1",
        "outlined": "框起来的一格：“{qt}”看“{kt}”，α = {a}",
        "sum_title": "最后一个词的输出 x 是值向量的加权和",
        "vec_x": "第 1 维",
        "vec_y": "第 2 维",
        "sum_key": "每支箭头是一个词的 α × v（图说逐项写出）",
        "zoom": "放大 {n} 倍",
        "c_table": ("每一格是查询位置 i（行）对键位置 j（列）的注意力权重 αᵢⱼ，刻度 0–1；× 是未来位置（j > i），"
                    "权重恰为 0；每一行在四舍五入前加总为 1。"),
        "c_cell": ("框起来的一格，第 {i} 行（{qt}）、第 {j} 列（{kt}）：q{I} = {q}，k{J} = {k}；"
                   "q{I}·k{J} = {prods} = {dot}；z{IJ} = {dot} / √dₖ = {dot} / {sq} = {z}；"
                   "α{IJ} = exp(z{IJ}) / Σ(ℓ ≤ {i}) exp(z{I},ℓ) = {ez} / {sez} = {a}"
                   "（softmax 只在第 {i} 行看得到的键 j ≤ {i} 之间做）。"),
        "c_sum": ("箭头是最后一行的各项 α{n},ⱼ vⱼ，用该词的线型并标出该词，从原点头尾相接，停在点 x："
                  "{terms} = ({x0}, {x1})。比箭头尖还短的一项以一个点结尾。"),
    },
}

CELL_DECIMALS = 2  # the table's cells and the outlined cell's label; the caption works it out to four
DECIMALS = {"A": 4, "A_printed": CELL_DECIMALS, "scores": 4, "dots": 4, "row_sums": 4, "x": 4, "terms": 4, "C": 4, "cell_products": 4,
            "scale": 4, "sqrt_dk": 4, "exp_scores": 4, "exp_row_sums": 4, "E": 1, "Q": 1, "K": 1, "V": 1}


def vec_num(v: float) -> str:
    """A coordinate of e, q, k or v: one decimal (numbers.json's rounding), or the exact value when one
    decimal would change it and it has at most four (0.25 stays 0.25, not 0.3)."""
    one = fmt_num(v, DECIMALS["V"])
    if abs(round(float(v), 1) - v) < 1e-12:
        return one
    exact = fmt_num(v, 4).rstrip("0").rstrip(".")
    return exact if float(exact.replace("\u2212", "-")) == float(v) else one


def _factor(v: float) -> str:
    text = vec_num(v)
    return f"({text})" if text.startswith("\u2212") else text


def _cell_parts(data) -> dict:
    """Every piece of the unpacked cell, as text (indices as subscripts, counted from 1)."""
    i, j = data.cell
    I, J = data.cell_counted
    q, k = data.Q[:, i], data.K[:, j]
    f = lambda v: fmt_num(v, 4)  # noqa: E731
    return dict(i=I, j=J, qt=data.tokens[i], kt=data.tokens[j], I=subscript(I), J=subscript(J),
                IJ=f"{subscript(I)},{subscript(J)}", q=f"({vec_num(q[0])}, {vec_num(q[1])})",
                k=f"({vec_num(k[0])}, {vec_num(k[1])})",
                prods=f"{_factor(q[0])}×{_factor(k[0])} + {_factor(q[1])}×{_factor(k[1])}",
                p0=f(data.cell_products[0]), p1=f(data.cell_products[1]), dot=f(data.dots[i, j]),
                sq=f(data.sqrt_dk), z=f(data.scores[i, j]), ez=f(data.exp_scores[i, j]),
                sez=f(data.exp_row_sums[i]), a=f(data.A[i, j]))


def draw_table(ax, data, look: Look, width: float = 2.9) -> None:
    """The weight table with ×, row sums and the unpacked cell outlined in ink; `width`: about how wide
    the table prints, in inches."""
    pal = look.palette
    n = data.A.shape[0]
    size = cell_fontsize(n, width, 10)  # 10 pt where the cells allow (at least 6.5)
    draw_weights(ax, data.A, data.mask, data.tokens, look, fontsize=size, cbar_label=look.t(STRINGS, "cbar"),
                 cbar_location="bottom", fmt=lambda v: fmt_num(v, CELL_DECIMALS), shown=data.A_printed)
    upright_keys(ax, n, width)
    token_chips(ax, data.tokens, look)  # the tokens on the chips every figure gives them
    if np.allclose(data.row_sums, 1.0):  # one note for the whole table, not a column of 1.0000
        ax.text(n - 0.4, n - 1, look.t(STRINGS, "sum"), ha="left", va="center", fontsize=9, color=pal.muted,
                clip_on=False)
    ax.set_xlabel(look.t(STRINGS, "xlabel"), labelpad=8)  # past the chips' pad and edge, as the ylabel
    ax.set_ylabel(look.t(STRINGS, "ylabel"), labelpad=10)  # past the chips' pad and edge: ≥ 1 mm clear of "2 cat"
    ci, cj = data.cell
    ax.add_patch(Rectangle((cj - 0.5, ci - 0.5), 1, 1, fill=False, edgecolor=pal.ink, linewidth=2.5))


def caption(data, look: Look) -> str:
    """The table's reading, the toy set-up and the outlined cell's derivation, for the numbers file."""
    return join(look, look.t(STRINGS, "c_table"), plain_rounding_note(data.A_printed, look), setup(data.tokens, data.E, data.A_Q, data.A_K, data.A_V, look),
                look.t(STRINGS, "c_cell", **_cell_parts(data)))


def make(data, look: Look):
    """The weights alone, drawn large: how the outlined cell is computed is the caption (caption()); the
    weighted sum is attention_sum_fig (same record)."""
    n = len(data.tokens)
    fig, axd = new_mosaic(7.2, 4.6 + 0.3 * max(0, n - 5), [["table"]])
    table = axd["table"]
    draw_table(table, data, look, 5.0)
    text = sentence(data.tokens)
    title = (look.t(STRINGS, "title", text=text) if text_columns(text) <= TITLE_CHARS
             else look.t(STRINGS, "title_n", n=n))
    i, j = data.cell  # the outlined cell named under the title: why it is outlined
    outlined = look.t(STRINGS, "outlined", qt=data.tokens[i], kt=data.tokens[j], a=fmt_num(data.A_printed[i, j], CELL_DECIMALS))
    fig.suptitle(title + "\n" + outlined, x=0.01, ha="left", fontsize=10.5, linespacing=1.5)
    return fig


# -- attention_sum_fig ------------------------------------------------------------------------------
def caption_sum(data, look: Look) -> str:
    """attention_sum_fig's text: what the arrows are, in two sentences (the terms written out and the toy
    set-up are attention_heatmap_fig's caption and the note's text)."""
    terms = " + ".join(f"{tok} {fmt_num(a, DECIMALS_SUM)} × {vec(v)}" for tok, a, v in zip(data.tokens, data.A[-1], data.V.T))
    return look.t(STRINGS, "c_sum", n=subscript(len(data.tokens)), x0=fmt_num(data.x[0], 4), x1=fmt_num(data.x[1], 4),
                  terms=terms)  # each arrow's α × v, off the chart: word, weight, value vector


DECIMALS_SUM = 4  # each term's α in the caption, as the heat map's caption writes α


SUM_AXES_IN = 4.4  # attention_sum_fig's plot at most this tall (inches): room enough that the one-column width,
# not the height, sets the chart's size, so the chart fills the width; trim_bands takes what is left over
SUM_PAD = 0.05  # the view round the chain (share of its span): the arrows, named by their words alone, take the
# plane (0.1 when each carried its α × v box); the shortest visible one, 0.24 long, reads an inch
SUM_WIDTH_IN = 3.5  # one column: the chain and its labels fill it, with no band of empty x


def make_sum(data, look: Look):
    """attention_sum_fig: the last row's output x as the weighted sum of the value vectors, the terms
    laid tip to tail in their words' colours and strokes, each arrow named by its word, weight and value
    vector ("cat  0.2368 × (2, 1)"), a footnote saying once that this reads weight α × value v; one chart at one scale. The chart at equal aspect is at most
    SUM_AXES_IN tall, its x range the chain's and its pad (the labels go beside the arrows inside it), in a
    one-column figure (SUM_WIDTH_IN) whose width the chart fills: no empty band beside it, the bands above
    and below it and under the title trimmed. The 0.027-long "on" term ends in a dot, too short for a head, in the chart; an inset in a free corner
    shows it enlarged, with its head and its scale ("zoom ×N", zoom_tiny)."""
    xlim, ylim = chain_view([data.terms], pad=SUM_PAD)
    span_x, span_y = xlim[1] - xlim[0], ylim[1] - ylim[0]
    view = xlim  # the chain and its pad: no band of empty x on either side
    fig, ax = new_figure(SUM_WIDTH_IN, SUM_AXES_IN + 0.8)  # the width sets the chart's size; trim_bands the height
    ax.set_xlim(*view)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    labels, segments = draw_chain(ax, data.terms, data.tokens, look, width=span_x)  # each arrow named by its word
    # alone (its α × v is the caption's); a term "tiny" against the chain, not the view
    x = data.x
    labels.append(ax.annotate(f"x = ({fmt_num(x[0], 4)}, {fmt_num(x[1], 4)})", tuple(x), xytext=(6, 4),
                              textcoords="offset points", fontsize=9.5, color=look.palette.ink,
                              fontweight="bold", ha="left", va="bottom", zorder=5))
    ax.grid(True)
    ax.set_xlabel(look.t(STRINGS, "vec_x"))
    ax.set_ylabel(look.t(STRINGS, "vec_y"))
    fig.suptitle(fitted_title(fig, look.t(STRINGS, "sum_title"), look, SUM_WIDTH_IN - 0.15), x=title_x(fig), ha="left",
                 fontsize=11)
    footnote(fig, look.t(STRINGS, "sum_key"), look)  # what an arrow is, once; its terms are the caption's
    for label in labels:  # every label out of the layout before any is placed: the axes keep the place
        label.set_in_layout(False)  # they are measured in, and no label is placed across an arrow
    trim_bands(fig)
    trim_top_band(fig)  # the band between the title and the chart, which the width left
    place_chain_labels(ax, labels, segments)
    zoom_tiny(ax, data.terms, data.tokens, look, width=span_x,  # the tiny term enlarged, with its head
              scale_label=look.t(STRINGS, "zoom"))
    return fig
