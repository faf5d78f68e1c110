"""toy_permutation: "The cat sat on the" and "on sat cat the the" give the last word the same output x
(seed 003, exercise 04 "Critique the model").

The two causal weight tables on the 0–1 weight scale (no colourbar), each last row framed in ink, its weights
printed and its output x written under it: the same weights in another order, the same x. The rows above are
shade alone (the tables row by row are the caption's, for the note); the key under them names the × cells, the
shade and the rounding. Row and column labels sit on chips of
their token, all one style (parts_toy_text.chip_style: no hue, an outline in the token's dash); each last-row weight's twin in the other order is found
by its column's word, on the key chip above it (one label per column). The other rows differ. The weights print at two decimals, each its nearest hundredth
(plain rounding: a row may add to 0.99 or 1.01, which the caption says). The reason
and the set-up are the numbers file's caption (caption()): the last token (the query) is the same,
the earlier tokens are the same collection, and the toy has no positional information, so reordering
only permutes the terms of the last weighted sum. toy_permutation_sums draws those terms tip to tail
(make_sums, same record). The largest |x_a − x_b| (a float residual) is exported as x_difference, not
drawn. Every number comes from engine.toy.toy_permutation.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from engine.toy import sentence
from figures.attention_heatmap_fig import STRINGS as HEATMAP_STRINGS
from figures.parts_chains import chain_view, draw_chain, place_chain_labels, zoom_tiny
from figures.common import (cell_fontsize, draw_weights, new_figure,
                            upright_keys, wrap_tokens)
from figures.parts_fit import fitted_title as fit_title, trim_top_band
from figures.parts_toy_text import join, plain_rounding_note, setup, token_chips
from look import Look, fmt_num
from look.formats import subscript

COLOUR_ROLES = ("ink", "muted", "background", "panel", "sequential")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Without position information, the last word “{last}” gets the same x in either word order",
        "mask_key": "× a future position (weight exactly 0); shade: the weight, 0 to 1, faded above the framed row\n"
                    "framed weights rounded to {d} decimals",
        "title_sep": ", ",
        "table": "“{text}”",
        "xlabel": "key position j",
        "ylabel": "query position i",
        "x_under": "x = Σ α·v over this row\n= ({a}, {b})",
        "x": "x = ({a}, {b})",
        "same": "The last word's output, term by term: the same arrows, reordered, end at the same x",
        "why": "Why: the last token (the query) is “{last}” in both; the earlier tokens are the same "
               "collection; no position information enters. So the last row pairs the same weights with "
               "the same values, only in another order, and a sum does not depend on order.",
        "others": " The other rows do change: the toy model does see which words came before each earlier word.",
        "c_tables": ("Each table holds the causal attention weights αᵢⱼ of one order (row: query position i; "
                     "column: key position j; × marks a future cell, whose weight is exactly 0; each row sums "
                     "to 1 before rounding). The framed last rows hold the same weights in another order, and the last "
                     "word's output is x = ({a}, {b}) in both."),
        "c_rows": "The weights of “{text}”, row by row (query: weights over keys 1, 2, …): {rows}.",
        "c_chains": ("Each arrow is one term α{n},ⱼ vⱼ of the last row, in its word's colour and stroke and named "
                     "beside it, laid tip to tail from the origin; a term shorter than an arrow head ends in a dot. "
                     "Both chains end at the dot x = ({a}, {b})."),
        "why_short": "Why: the query “{last}” and the earlier words are the same and no position enters, so the "
                     "same terms are only reordered, and a sum does not depend on order.",
    },
    "zh-Hant": {
        "title": "沒有位置資訊、最後一詞同為「{last}」時，打亂它之前的詞序，它的 x 不變",
        "mask_key": "×：未來的位置（權重恰為 0）；深淺：權重 0 到 1，框上方各列已淡化\n框內權重四捨五入到 {d} 位小數",
        "title_sep": "，",
        "table": "「{text}」",
        "xlabel": "鍵位置 j",
        "ylabel": "查詢位置 i",
        "x_under": "x = Σ α·v（這一列）\n= ({a}, {b})",
        "x": "x = ({a}, {b})",
        "same": "最後一個詞的輸出逐項畫出：同樣的箭頭換個順序，終點是同一個 x",
        "why": "原因：兩句最後一個詞元（查詢）都是「{last}」；前面的詞元是同一組；"
               "模型沒有任何位置資訊。所以最後一列把同樣的權重配上同樣的值向量，只是順序不同，"
               "而加總與順序無關。",
        "others": "其他列確實會變：較早的詞看得到的前文不同。",
        "c_tables": ("每張表是一種詞序的因果注意力權重 αᵢⱼ（列：查詢位置 i；行：鍵位置 j；× 是未來位置，"
                     "權重恰為 0；每一列在四捨五入前加總為 1）。框起來的最後一列是同一組權重換了順序，"
                     "兩種詞序下最後一個詞的輸出都是 x = ({a}, {b})。"),
        "c_rows": "「{text}」的權重逐列列出（查詢：對鍵 1、2、… 的權重）：{rows}。",
        "c_chains": ("每個箭頭是最後一列的一項 α{n},ⱼ vⱼ，用該詞的顏色與線型並在旁邊標出詞，從原點頭尾相接；"
                     "比箭頭尖還短的一項以一個點結尾。兩條鏈都停在同一點 x = ({a}, {b})。"),
        "why_short": "原因：查詢「{last}」與前面的詞都相同，又沒有位置資訊，所以只是同樣的各項換了順序，而加總與順序無關。",
    },
    "zh-Hans": {
        "title": "没有位置信息、最后一词同为“{last}”时，打乱它之前的词序，它的 x 不变",
        "mask_key": "×：未来的位置（权重恰为 0）；深浅：权重 0 到 1，框上方各行已淡化\n框内权重四舍五入到 {d} 位小数",
        "title_sep": "，",
        "table": "“{text}”",
        "xlabel": "键位置 j",
        "ylabel": "查询位置 i",
        "x_under": "x = Σ α·v（这一行）\n= ({a}, {b})",
        "x": "x = ({a}, {b})",
        "same": "最后一个词的输出逐项画出：同样的箭头换个顺序，终点是同一个 x",
        "why": "原因：两句最后一个词元（查询）都是“{last}”；前面的词元是同一组；"
               "模型没有任何位置信息。所以最后一行把同样的权重配上同样的值向量，只是顺序不同，"
               "而求和与顺序无关。",
        "others": "其他行确实会变：较早的词看得到的前文不同。",
        "c_tables": ("每张表是一种词序的因果注意力权重 αᵢⱼ（行：查询位置 i；列：键位置 j；× 是未来位置，"
                     "权重恰为 0；每一行在四舍五入前加总为 1）。框起来的最后一行是同一组权重换了顺序，"
                     "两种词序下最后一个词的输出都是 x = ({a}, {b})。"),
        "c_rows": "“{text}”的权重逐行列出（查询：对键 1、2、… 的权重）：{rows}。",
        "c_chains": ("每个箭头是最后一行的一项 α{n},ⱼ vⱼ，用该词的颜色与线型并在旁边标出词，从原点头尾相接；"
                     "比箭头尖还短的一项以一个点结尾。两条链都停在同一点 x = ({a}, {b})。"),
        "why_short": "原因：查询“{last}”与前面的词都相同，又没有位置信息，所以只是同样的各项换了顺序，而求和与顺序无关。",
    },
}

DECIMALS = {"A_a": 4, "A_b": 4, "A_a_printed": 2, "A_b_printed": 2, "x_a": 4, "x_b": 4, "last_weights_a": 4, "last_weights_b": 4,
            "x_difference": 4, "scores_a": 4, "scores_b": 4, "terms_a": 4, "terms_b": 4, "V_a": 1, "V_b": 1}


FADE = 0.6  # a veil over the rows above the last: the claim is the last row's, the others are context
FADE_VEIL = {"light": "background", "dark": "muted"}  # light: paper; dark: grey, since a paper veil there left the
# faded cells at 1.2-1.4:1 against the dark paper and the triangle vanished; grey keeps them at 3:1 or more


def draw_table(ax, A, mask, tokens, x, look: Look, *, width: float = 2.6, shown=None) -> None:
    """One order's weight table, its last row framed and printed as `shown` (the record's plain rounding), the rows
    above it shade alone (the caption lists them); no colourbar: the key under the tables says what a shade is."""
    pal = look.palette
    n = A.shape[0]
    draw_weights(ax, A, mask, tokens, look, fontsize=cell_fontsize(n, width, 8.5),
                 fmt=lambda v: fmt_num(v, DECIMALS["A_a_printed"]), shown=shown, printed_rows=(n - 1,),
                 outlines=True)  # small weights' cells keep an edge on dark paper
    upright_keys(ax, n, width)
    token_chips(ax, tokens, look)  # keys and queries on their token's chips, all filled
    ax.set_xlabel(look.t(STRINGS, "xlabel"), fontsize=9, labelpad=9)  # clear of the key chips under it and their outline
    ax.set_ylabel(look.t(STRINGS, "ylabel"), fontsize=9, labelpad=7)  # clear of the query chips beside it
    ax.add_patch(Rectangle((-0.5, -0.5), n, n - 1, facecolor=getattr(pal, FADE_VEIL[look.theme]),
                           alpha=FADE, lw=0, zorder=4))  # rows 1 … n − 1
    ax.add_patch(Rectangle((-0.5, n - 1.5), n, 1, fill=False, edgecolor=pal.ink, linewidth=2.0, clip_on=False))
    ax.text(-0.5, n - 0.5 + 0.12, look.t(STRINGS, "x_under", a=fmt_num(x[0], 4), b=fmt_num(x[1], 4)),
            ha="left", va="top", fontsize=9.5, color=pal.ink, fontweight=look.figure_bold)  # one face in CJK


def _why(data, look: Look) -> str:
    why = look.t(STRINGS, "why", last=data.tokens_a[-1])
    C_a, C_b = data.V_a @ data.A_a.T, data.V_b @ data.A_b.T  # (2, n) every position's output
    if not np.allclose(C_a[:, :-1], C_b[:, :-1]):
        why += look.t(STRINGS, "others")
    return why


def _setup(data, look: Look) -> str:
    return setup(data.tokens_a, data.E_a, data.A_Q, data.A_K, data.A_V, look)


def caption(data, look: Look) -> str:
    """What the tables hold, the set-up and why the two orders give the same x (the numbers file)."""
    x = data.x_a
    return join(look, look.t(STRINGS, "c_tables", a=fmt_num(x[0], 4), b=fmt_num(x[1], 4)),
                _rows_text(data.tokens_a, data.A_a_printed, data.mask, look),
                _rows_text(data.tokens_b, data.A_b_printed, data.mask, look),
                plain_rounding_note(data.A_a_printed, look), _setup(data, look), _why(data, look))


def _rows_text(tokens, shown, mask, look: Look) -> str:
    """One order's weight table as text, a row per query (its unmasked weights as printed), for the note."""
    sep, rows_sep, colon = (", ", "; ", ": ") if look.lang == "en" else ("、", "；", "：")
    rows = [f"{i + 1} {t}{colon}" + sep.join(fmt_num(shown[i][j], DECIMALS["A_a_printed"]) for j in range(len(tokens))
                                         if not mask[i][j]) for i, t in enumerate(tokens)]
    joiner = "" if sentence(tokens) == "".join(tokens) else " "
    return look.t(STRINGS, "c_rows", text=joiner.join(tokens), rows=rows_sep.join(rows))


def caption_sums(data, look: Look) -> str:
    """toy_permutation_sums' text: what the arrows are and, in one sentence, why they end at one x (the
    terms written out and the set-up are toy_permutation's caption and the note's text)."""
    x = data.x_a
    a, b = fmt_num(x[0], 4), fmt_num(x[1], 4)
    return join(look, look.t(STRINGS, "c_chains", n=subscript(len(data.tokens_a)), a=a, b=b),
                look.t(STRINGS, "why_short", last=data.tokens_a[-1]))


def make(data, look: Look):
    """The weights of both orders side by side; the sums are toy_permutation_sums (same record)."""
    n = len(data.tokens_a)
    if n <= 5:  # the tables side by side
        fig, _ = new_figure(7.2, 4.6)
        fig.clear()
        axd = fig.subplot_mosaic([["ta", "tb"]])
    else:  # many tokens: each table across the width, one above the other
        fig, _ = new_figure(7.2, 8.2)
        fig.clear()
        axd = fig.subplot_mosaic([["ta"], ["tb"]])
    fig.get_layout_engine().set(h_pad=0.1, w_pad=0.1)  # the x under the last row keeps 0.1 in from the edge
    width = 2.6 if n <= 5 else 5.2
    ta, tb = axd["ta"], axd["tb"]
    fig.suptitle(fitted_title(fig, data, look), x=0.01, ha="left", fontsize=11)
    fig.supxlabel(look.t(STRINGS, "mask_key", d=DECIMALS["A_a_printed"]), x=0.99, ha="right", fontsize=9.5, ma="right",
                  color=look.palette.muted)  # the key to the × cells, in their colour, under the tables
    for ax, tokens, A, shown, x in ((ta, data.tokens_a, data.A_a, data.A_a_printed, data.x_a),
                                    (tb, data.tokens_b, data.A_b, data.A_b_printed, data.x_b)):
        draw_table(ax, A, data.mask, tokens, x, look, width=width, shown=shown)
        joiner = "" if sentence(tokens) == "".join(tokens) else " "
        text = wrap_tokens(tokens, joiner, 200 if n <= 5 else 450, 10)  # the tokens as written, as the sums name them
        ax.set_title(look.t(STRINGS, "table", text=text), loc="left", fontsize=10, pad=10)
    return fig


def fitted_title(fig, data, look: Look) -> str:
    """The title with its condition (no position information, the same last word): one line when it
    fits the figure's width, else two lines of about one length."""
    return fit_title(fig, look.t(STRINGS, "title", last=data.tokens_a[-1]), look, 7.0)


def make_sums(data, look: Look):
    """toy_permutation_sums: each order's last-row terms as arrows laid tip to tail, ending at the same x
    (the weights table: toy_permutation, same record)."""
    pal = look.palette
    xlim, ylim = chain_view([data.terms_a, data.terms_b], pad=0.1)
    span_x, span_y = xlim[1] - xlim[0], ylim[1] - ylim[0]
    lines = max(wrap_tokens(t, " ", 210, 10).count("\n") + 1 for t in (data.tokens_a, data.tokens_b))
    height = min(6.0, max(2.6, 3.3 * span_y / span_x)) + 0.9 + 0.2 * lines  # square-scaled panels, their titles
    fig, _ = new_figure(7.2, height)
    fig.get_layout_engine().set(h_pad=0.08)
    fig.clear()
    axd = fig.subplot_mosaic([["a", "b"]], sharex=True, sharey=True)
    todo = []
    for key, tokens, terms, x in (("a", data.tokens_a, data.terms_a, data.x_a),
                                  ("b", data.tokens_b, data.terms_b, data.x_b)):
        ax = axd[key]
        ax.set_xlim(*xlim)
        ax.set_ylim(*ylim)
        ax.set_aspect("equal")
        labels, segments = draw_chain(ax, terms, tokens, look, width=span_x)
        labels.append(ax.annotate(look.t(STRINGS, "x", a=fmt_num(x[0], 4), b=fmt_num(x[1], 4)), tuple(x),
                                  xytext=(6, 4), textcoords="offset points", fontsize=9.5, color=pal.ink,
                                  fontweight=look.figure_bold, ha="left", va="bottom"))
        ax.grid(True)
        ax.set_xlabel(look.t(HEATMAP_STRINGS, "vec_x"))
        ax.set_ylabel(look.t(HEATMAP_STRINGS, "vec_y"))
        joiner = "" if sentence(tokens) == "".join(tokens) else " "
        ax.set_title(look.t(STRINGS, "table", text=wrap_tokens(tokens, joiner, 210, 10)), loc="left",
                     fontsize=10)
        todo.append((ax, labels, segments))
    axd["b"].tick_params(labelleft=True)
    fig.suptitle(look.t(STRINGS, "same"), x=0.01, ha="left", fontsize=10.5)
    for ax, labels, segments in todo:
        place_chain_labels(ax, labels, segments, avoid=(ax.title, ax._left_title))
    for key, tokens, terms in (("a", data.tokens_a, data.terms_a), ("b", data.tokens_b, data.terms_b)):
        zoom_tiny(axd[key], terms, tokens, look, width=span_x,  # a term too short to see, enlarged with its head
                  scale_label=look.t(HEATMAP_STRINGS, "zoom"))
    trim_top_band(fig)
    return fig
