"""toy_permutation: "The cat sat on the" and "on sat cat the the" give the same context vector x
(seed 003, exercise 04 "Critique the model").

Top: the two causal weight tables on the 0–1 weight scale; their last rows hold the same weights in
another order. Below, one under the other: the terms α_nj v_j of each order, each marked with its word's colour, and the
same sum x. The reason, written in the numbers file's caption (caption()), not drawn: the last token (the query) is the same, the earlier tokens are the same
collection, and the toy has no positional information, so reordering only permutes the terms of the
last weighted sum. The largest |x_a − x_b| (a float residual) is exported as x_difference, not drawn.
Every number comes from engine.toy.toy_permutation.
"""
from __future__ import annotations

from matplotlib.patches import Rectangle

import numpy as np

from engine.toy import sentence
from figures.common import cell_fontsize, draw_weights, new_figure, estimated_width_pt, upright_keys, wrap_tokens
from look import Look, fmt_num, token_colour

STRINGS = {
    "en": {
        "title": "Reordering the words leaves x unchanged: the toy model cannot read word order",
        "table": "\"{text}\"",
        "xlabel": "key position j",
        "ylabel": "query position i",
        "cbar": "weight α",
        "terms": r"last row: x = Σ $\alpha_{{{n},j}}\,v_j$",
        "term": r"$\alpha_{{{n},{j}}}$ = {w}  ×  v({tok}) = {w} × ({v0}, {v1}) = ({t0}, {t1})",
        "x": "x = ({a}, {b})",
        "same": "the same x in both orders",
        "why": "Why: the last token (the query) is \"{last}\" in both; the earlier tokens are the same "
               "collection; no position information enters. So the last row pairs the same weights with "
               "the same values, only in another order, and a sum does not depend on order.",
        "others": " (The other rows do change.)",
    },
    "zh-Hant": {
        "title": "詞序打亂，x 卻不變：這個玩具模型讀不出語序",
        "table": "「{text}」",
        "xlabel": "鍵位置 j",
        "ylabel": "查詢位置 i",
        "cbar": "權重 α",
        "terms": r"最後一列：x = Σ $\alpha_{{{n},j}}\,v_j$",
        "term": r"$\alpha_{{{n},{j}}}$ = {w}  ×  v({tok}) = {w} × ({v0}, {v1}) = ({t0}, {t1})",
        "x": "x = ({a}, {b})",
        "same": "兩種語序得到同一個 x",
        "why": "原因：兩句最後一個詞元（查詢）都是「{last}」；前面的詞元是同一組；"
               "模型沒有任何位置資訊。所以最後一列把同樣的權重配上同樣的值向量，只是順序不同，"
               "而加總與順序無關。",
        "others": "（其他列確實會變。）",
    },
    "zh-Hans": {
        "title": "词序打乱，x 却不变：这个玩具模型读不出语序",
        "table": "“{text}”",
        "xlabel": "键位置 j",
        "ylabel": "查询位置 i",
        "cbar": "权重 α",
        "terms": r"最后一行：x = Σ $\alpha_{{{n},j}}\,v_j$",
        "term": r"$\alpha_{{{n},{j}}}$ = {w}  ×  v({tok}) = {w} × ({v0}, {v1}) = ({t0}, {t1})",
        "x": "x = ({a}, {b})",
        "same": "两种语序得到同一个 x",
        "why": "原因：两句最后一个词元（查询）都是“{last}”；前面的词元是同一组；"
               "模型没有任何位置信息。所以最后一行把同样的权重配上同样的值向量，只是顺序不同，"
               "而求和与顺序无关。",
        "others": "（其他行确实会变。）",
    },
}

DECIMALS = {"A_a": 4, "A_b": 4, "x_a": 4, "x_b": 4, "last_weights_a": 4, "last_weights_b": 4,
            "x_difference": 4, "scores_a": 4, "scores_b": 4, "terms_a": 4, "terms_b": 4, "V_a": 1, "V_b": 1}


def draw_table(ax, A, mask, tokens, look: Look, *, cbar: bool, width: float = 2.6) -> None:
    pal = look.palette
    n = A.shape[0]
    draw_weights(ax, A, mask, tokens, look, fontsize=cell_fontsize(n, width, 8.5),
                 cbar_label=look.t(STRINGS, "cbar") if cbar else None)
    upright_keys(ax, n, width)
    ax.set_xlabel(look.t(STRINGS, "xlabel"), fontsize=9)
    ax.set_ylabel(look.t(STRINGS, "ylabel"), fontsize=9)
    ax.add_patch(Rectangle((-0.5, n - 1.5), n, 1, fill=False, edgecolor=pal.accent, linewidth=2.5))


def draw_terms(ax, tokens, A, V, terms, x, look: Look, *, colors) -> None:
    """The last row's terms α_nj v_j, one line each, with a swatch in the colour of its word."""
    pal = look.palette
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    n = len(tokens)
    head = look.t(STRINGS, "table", text=sentence(tokens)) + ("，" if look.lang != "en" else ", ")
    if estimated_width_pt(head, 10) > 380:  # a long sentence: its table's title names it, each line its word
        head = ""
    ax.text(0.0, 1.0, head + look.t(STRINGS, "terms", n=n), fontsize=10, va="top", fontweight="bold")
    step = 0.78 / (n + 1)
    for j in range(n):
        y = 0.8 - step * j
        ax.plot([0.0, 0.03], [y, y], color=colors[j], lw=4, solid_capstyle="butt")
        w = fmt_num(A[-1, j], 4)
        ax.text(0.045, y, look.t(STRINGS, "term", n=n, j=j + 1, w=w, tok=tokens[j], v0=fmt_num(V[0, j], 1),
                                 v1=fmt_num(V[1, j], 1), t0=fmt_num(terms[j, 0], 4), t1=fmt_num(terms[j, 1], 4)),
                fontsize=9.5, va="center", color=colors[j])  # in its word's colour: the line names its swatch
    ax.text(0.045, 0.8 - step * n, look.t(STRINGS, "x", a=fmt_num(x[0], 4), b=fmt_num(x[1], 4)),
            fontsize=11, va="center", color=pal.ink, fontweight="bold")


def caption(data, look: Look) -> str:
    """Why the two orders give the same x, as text for the numbers file (the figures leave it out)."""
    why = look.t(STRINGS, "why", last=data.tokens_a[-1])
    C_a, C_b = data.V_a @ data.A_a.T, data.V_b @ data.A_b.T  # (2, n) every position's output
    if not np.allclose(C_a[:, :-1], C_b[:, :-1]):
        why += look.t(STRINGS, "others")
    return why


def make(data, look: Look):
    """The weights of both orders side by side; the sums are toy_permutation_sums (same record)."""
    n = len(data.tokens_a)
    if n <= 5:  # the tables side by side
        fig, _ = new_figure(7.2, 4.4)
        fig.clear()
        axd = fig.subplot_mosaic([["ta", "tb"]])
    else:  # many tokens: each table across the width, one above the other
        fig, _ = new_figure(7.2, 7.8)
        fig.clear()
        axd = fig.subplot_mosaic([["ta"], ["tb"]])
    width = 2.6 if n <= 5 else 5.2
    ta, tb = axd["ta"], axd["tb"]
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=11)
    for ax, tokens, A, cbar in ((ta, data.tokens_a, data.A_a, n > 5), (tb, data.tokens_b, data.A_b, True)):
        draw_table(ax, A, data.mask, tokens, look, cbar=cbar, width=width)
        joiner = "" if sentence(tokens) == "".join(tokens) else " "
        ax.set_title(look.t(STRINGS, "table", text=wrap_tokens(tokens, joiner, 200 if n <= 5 else 450, 10)),
                     loc="left",
                     fontsize=10, pad=8)
    return fig


def make_sums(data, look: Look):
    """toy_permutation_sums: each order's output for the last word, term by term, and why they match
    (the weights table: toy_permutation, same record)."""
    pal = look.palette
    word_color = {w: token_colour(w, pal) for w in dict.fromkeys(data.tokens_a)}
    colors_a = [word_color[t] for t in data.tokens_a]
    colors_b = [word_color[t] for t in data.tokens_b]
    n = len(data.tokens_a)
    more = 0.24 * max(0, n - 5)  # a line per term
    fig, _ = new_figure(7.2, 3.9 + 2 * more)
    fig.clear()
    axd = fig.subplot_mosaic([["xa"], ["xb"]])
    xa, xb = axd["xa"], axd["xb"]
    draw_terms(xa, data.tokens_a, data.A_a, data.V_a, data.terms_a, data.x_a, look, colors=colors_a)
    draw_terms(xb, data.tokens_b, data.A_b, data.V_b, data.terms_b, data.x_b, look, colors=colors_b)
    fig.suptitle(look.t(STRINGS, "same"), x=0.01, ha="left", fontsize=10.5, fontweight="bold")
    return fig
