"""toy_permutation: "The cat sat on the" and "on sat cat the the" give the same context vector x
(seed 003, exercise 04 "Critique the model").

Top: the two causal weight tables; their last rows hold the same weights in another order. Bottom: the
terms α_nj v_j of each order, coloured by the word they come from, and the same sum x. The reason:
the last token (the query) is the same, the earlier tokens are the same collection, and the toy has
no positional information, so reordering only permutes the terms of the last weighted sum.
Every number comes from engine.toy.toy_permutation.
"""
from __future__ import annotations

from matplotlib.patches import Rectangle

from figures.common import heatmap, new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Reordering the words leaves x unchanged: the toy model cannot read word order",
        "table": "\"{text}\"",
        "xlabel": "key position j",
        "ylabel": "query position i",
        "cbar": "weight α (±1 scale)",
        "terms": "last row: x = Σ α_nj v_j",
        "x": "x = ({a}, {b})",
        "diff": "largest difference between the two x: {d}",
        "why": "Why: the last token (the query) is \"{last}\" in both; the earlier tokens are the same "
               "collection; no position information enters. So the last row pairs the same weights with "
               "the same values, only in another order, and a sum does not depend on order. "
               "(The other rows do change.)",
    },
    "zh-Hant": {
        "title": "詞序打亂，x 卻不變：這個玩具模型讀不出語序",
        "table": "「{text}」",
        "xlabel": "鍵位置 j",
        "ylabel": "查詢位置 i",
        "cbar": "權重 α（色階 ±1）",
        "terms": "最後一列：x = Σ α_nj v_j",
        "x": "x = ({a}, {b})",
        "diff": "兩個 x 的最大差：{d}",
        "why": "原因：兩句最後一個詞元（查詢）都是「{last}」；前面的詞元是同一組；"
               "模型沒有任何位置資訊。所以最後一列把同樣的權重配上同樣的值向量，只是順序不同，"
               "而加總與順序無關。（其他列確實會變。）",
    },
    "zh-Hans": {
        "title": "词序打乱，x 却不变：这个玩具模型读不出语序",
        "table": "「{text}」",
        "xlabel": "键位置 j",
        "ylabel": "查询位置 i",
        "cbar": "权重 α（色阶 ±1）",
        "terms": "最后一行：x = Σ α_nj v_j",
        "x": "x = ({a}, {b})",
        "diff": "两个 x 的最大差：{d}",
        "why": "原因：两句最后一个词元（查询）都是「{last}」；前面的词元是同一组；"
               "模型没有任何位置信息。所以最后一行把同样的权重配上同样的值向量，只是顺序不同，"
               "而求和与顺序无关。（其他行确实会变。）",
    },
}

DECIMALS = {"A_a": 4, "A_b": 4, "x_a": 4, "x_b": 4, "last_weights_a": 4, "last_weights_b": 4,
            "x_difference": 4, "scores_a": 4, "scores_b": 4}


def short(v: float) -> str:
    text = fmt_num(v, 4).rstrip("0").rstrip(".")
    return text if text not in ("", "\u2212") else "0"


def _terms_math(s: str) -> str:
    return s.replace("α_nj v_j", r"$\alpha_{nj}\,v_j$")


def draw_table(ax, A, mask, tokens, look: Look, *, colors) -> None:
    pal = look.palette
    n = A.shape[0]
    heatmap(ax, A, look, vmax=1.0, colorbar_label=look.t(STRINGS, "cbar"))
    for i in range(n):
        for j in range(n):
            if mask[i, j]:
                ax.text(j, i, "×", ha="center", va="center", fontsize=12, color=pal.muted)
            else:
                ink = pal.background if A[i, j] > 0.62 else pal.ink
                ax.text(j, i, fmt_num(A[i, j], 4), ha="center", va="center", fontsize=8, color=ink)
    labels = [f"{k + 1} {t}" for k, t in enumerate(tokens)]
    ax.set_xticks(range(n), labels, fontsize=9)
    ax.set_yticks(range(n), labels, fontsize=9)
    for k, tick in enumerate(ax.get_xticklabels()):
        tick.set_color(colors[k])
    ax.tick_params(length=0)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.set_xlabel(look.t(STRINGS, "xlabel"), fontsize=9)
    ax.set_ylabel(look.t(STRINGS, "ylabel"), fontsize=9)
    ax.spines[:].set_visible(False)
    ax.add_patch(Rectangle((-0.5, n - 1.5), n, 1, fill=False, edgecolor=pal.accent, linewidth=2.5))


def draw_terms(ax, tokens, A, V, terms, x, look: Look, *, colors) -> None:
    """The last row's terms α_nj v_j, one line each, coloured by the word of order a."""
    pal = look.palette
    ax.axis("off")
    n = len(tokens)
    ax.text(0.0, 1.0, _terms_math(look.t(STRINGS, "terms")), transform=ax.transAxes, fontsize=10,
            va="top", fontweight="bold")
    for j in range(n):
        w = A[-1, j]
        line = (rf"$\alpha_{{{n}{j + 1}}}$ = {fmt_num(w, 4)}  × v({tokens[j]}) = {fmt_num(w, 4)} × "
                f"({short(V[0, j])}, {short(V[1, j])}) = ({fmt_num(terms[j, 0], 4)}, {fmt_num(terms[j, 1], 4)})")
        ax.text(0.0, 0.84 - 0.13 * j, line, transform=ax.transAxes, fontsize=9.5, va="top", color=colors[j])
    ax.text(0.0, 0.84 - 0.13 * n, look.t(STRINGS, "x", a=fmt_num(x[0], 4), b=fmt_num(x[1], 4)),
            transform=ax.transAxes, fontsize=11, va="top", color=pal.accent, fontweight="bold")


def make(data, look: Look):
    pal = look.palette
    words = list(dict.fromkeys(data.tokens_a))  # one colour per word, the same in both orders
    word_color = {w: pal.series[(2 * k + 1) % len(pal.series)] for k, w in enumerate(words)}
    colors_a = [word_color[t] for t in data.tokens_a]
    colors_b = [word_color[t] for t in data.tokens_b]
    fig, axes = new_figure(13.0, 8.6, nrows=3, ncols=2, gridspec_kw={"height_ratios": [3.2, 1.7, 0.55]})
    (ta, tb), (xa, xb), (why_l, why_r) = axes
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=13)
    for ax, tokens, A, colors in ((ta, data.tokens_a, data.A_a, colors_a), (tb, data.tokens_b, data.A_b, colors_b)):
        draw_table(ax, A, data.mask, tokens, look, colors=colors)
        ax.set_title(look.t(STRINGS, "table", text=" ".join(tokens)), loc="left", fontsize=11.5, pad=28)
    draw_terms(xa, data.tokens_a, data.A_a, data.V_a, data.terms_a, data.x_a, look, colors=colors_a)
    draw_terms(xb, data.tokens_b, data.A_b, data.V_b, data.terms_b, data.x_b, look, colors=colors_b)
    for ax in (why_l, why_r):
        ax.axis("off")
    why_r.remove()
    why_l.text(0.0, 1.0, look.t(STRINGS, "diff", d=fmt_num(data.x_difference, 4)), transform=why_l.transAxes,
               fontsize=10.5, va="top", color=pal.ok, fontweight="bold")
    why = look.t(STRINGS, "why", last=data.tokens_a[-1])
    fig.text(0.01, 0.055, _wrap(why, look.lang), fontsize=9.5, va="top", color=pal.ink)
    return fig


def _wrap(text: str, lang: str) -> str:
    import textwrap

    if lang == "en":
        return "\n".join(textwrap.wrap(text, 150))
    return "\n".join(text[k:k + 92] for k in range(0, len(text), 92))
