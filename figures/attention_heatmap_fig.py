"""attention_heatmap_fig: the causal weight table of "The cat sat on the" (seed 003, "Dot products →
attention weights" and "The last position supplies our context vector").

Top left: α_ij on a sequential 0–1 scale (weights are never negative), × on the masked (future) cells,
each row's sum, and one cell's dot product and softmax unpacked below. Top right: the value vectors v_j and the
weighted terms α_nj v_j laid head to tail up to x, and the same sum written out. Every number comes
from engine.toy.attention_lesson, e^{z} and Σe^{z} of the unpacked cell included.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import FancyArrowPatch, Rectangle

from engine.toy import sentence, text_columns
from figures.common import cell_fontsize, draw_weights, new_mosaic, place_labels, upright_keys
from look import Look, fmt_num, token_colour

TITLE_CHARS = 32  # a longer sentence is named by its length in the title (the table names the tokens)

STRINGS = {
    "en": {
        "title": "Causal attention on \"{text}\": each row sums to 1, × = future (weight exactly 0)",
        "title_n": "Causal attention on {n} tokens: each row sums to 1, × = future (weight exactly 0)",
        "xlabel": "key position j (what is looked at)",
        "ylabel": "query position i (who looks)",
        "cbar": "weight α",
        "sum": "row sum",
        "cell_title": "One cell unpacked (row {i}, column {j})",
        "softmax": "softmax over row {i}, only the keys j ≤ {i}",
        "vec_title": "x = weighted sum of the value vectors\n(last row's weights)",
        "vec_x": "dimension 1",
        "vec_y": "dimension 2",
        "terms_title": "The same sum, term by term",
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力：每一列加總為 1，× 為未來位置（權重恰為 0）",
        "title_n": "{n} 個詞元上的因果注意力：每一列加總為 1，× 為未來位置（權重恰為 0）",
        "xlabel": "鍵位置 j（被看的位置）",
        "ylabel": "查詢位置 i（去看的位置）",
        "cbar": "權重 α",
        "sum": "列總和",
        "cell_title": "拆開一格（第 {i} 列、第 {j} 行）",
        "softmax": "在第 {i} 列做 softmax，只用 j ≤ {i} 的鍵",
        "vec_title": "x = 值向量的加權和\n（用最後一列的權重）",
        "vec_x": "第 1 維",
        "vec_y": "第 2 維",
        "terms_title": "同一個加總，逐項寫出",
    },
    "zh-Hans": {
        "title": "“{text}”的因果注意力：每一行加总为 1，× 为未来位置（权重恰为 0）",
        "title_n": "{n} 个词元上的因果注意力：每一行加总为 1，× 为未来位置（权重恰为 0）",
        "xlabel": "键位置 j（被看的位置）",
        "ylabel": "查询位置 i（去看的位置）",
        "cbar": "权重 α",
        "sum": "行总和",
        "cell_title": "拆开一格（第 {i} 行、第 {j} 列）",
        "softmax": "在第 {i} 行做 softmax，只用 j ≤ {i} 的键",
        "vec_title": "x = 值向量的加权和\n（用最后一行的权重）",
        "vec_x": "第 1 维",
        "vec_y": "第 2 维",
        "terms_title": "同一个加总，逐项写出",
    },
}

DECIMALS = {"A": 4, "scores": 4, "dots": 4, "row_sums": 4, "x": 4, "terms": 4, "C": 4, "cell_products": 4,
            "scale": 4, "sqrt_dk": 4, "exp_scores": 4, "exp_row_sums": 4, "E": 1, "Q": 1, "K": 1, "V": 1}


def draw_table(ax, data, look: Look) -> None:
    """The weight table with ×, row sums and the unpacked cell boxed."""
    pal = look.palette
    n = data.A.shape[0]
    size = cell_fontsize(n, 2.9, 8)
    draw_weights(ax, data.A, data.mask, data.tokens, look, fontsize=size, cbar_label=look.t(STRINGS, "cbar"),
                 cbar_location="bottom")
    upright_keys(ax, n, 2.9)
    for i in range(n):
        ax.text(n - 0.4, i, fmt_num(data.row_sums[i], 4), ha="left", va="center", fontsize=size,
                color=pal.muted, clip_on=False)
    ax.text(n - 0.4, -0.75, look.t(STRINGS, "sum"), ha="left", va="center", fontsize=8,
            color=pal.muted, clip_on=False)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ci, cj = data.cell
    ax.add_patch(Rectangle((cj - 0.5, ci - 0.5), 1, 1, fill=False, edgecolor=pal.accent, linewidth=2.5))


def cell_lines(data) -> list[str]:
    """The unpacked dot product and softmax of data.cell, as mathtext lines (1-based indices)."""
    i, j = data.cell
    q, k = data.Q[:, i], data.K[:, j]
    I, J = data.cell_counted  # rows and columns counted from 1, as the table's labels
    f = lambda v: fmt_num(v, 4)  # noqa: E731
    g = vec_num  # noqa: E731  (Q, K, V: one decimal, as numbers.json, or exact as given)
    z = f(data.scores[i, j])
    return [
        rf"$q_{{{I}}} = ({g(q[0])},\ {g(q[1])})$  ({data.tokens[i]}),   "
        rf"$k_{{{J}}} = ({g(k[0])},\ {g(k[1])})$  ({data.tokens[j]})",
        rf"$q_{{{I}}}^{{\top}} k_{{{J}}} = {g(q[0])}\times{g(k[0])} + {g(q[1])}\times{g(k[1])}"
        rf" = {f(data.cell_products[0])} + {f(data.cell_products[1])} = {f(data.dots[i, j])}$",
        rf"$z_{{{I},{J}}} = {f(data.dots[i, j])}\ /\ \sqrt{{d_k}} = {f(data.dots[i, j])}\ /\ {f(data.sqrt_dk)}"
        rf" = {z}$",
        rf"$\alpha_{{{I},{J}}} = \exp(z_{{{I},{J}}})\ /\ \sum_{{\ell \leq {I}}} \exp(z_{{{I},\ell}})"
        rf" = {f(data.exp_scores[i, j])}\ /\ {f(data.exp_row_sums[i])} = {f(data.A[i, j])}$",
    ]


def vec_num(v: float) -> str:
    """A coordinate of e, q, k or v: one decimal (numbers.json's rounding), or the exact value when one
    decimal would change it and it has at most four (0.25 stays 0.25, not 0.3)."""
    one = fmt_num(v, DECIMALS["V"])
    if abs(round(float(v), 1) - v) < 1e-12:
        return one
    exact = fmt_num(v, 4).rstrip("0").rstrip(".")
    return exact if float(exact.replace("\u2212", "-")) == float(v) else one


def _term_colours(look: Look, tokens) -> list[str]:
    """Each term in its token's colour (look.tokens): a word keeps its colour in every figure."""
    return [token_colour(t, look.palette) for t in tokens]


def _view(data) -> tuple:
    """Axis limits around the chain of terms and the value vectors that fit near it."""
    chain = np.vstack([np.zeros(2), np.cumsum(data.terms, axis=0)])  # (n+1, 2) partial sums
    reach = np.abs(chain).max() * 1.45
    pts = [chain] + [data.V[:, [j]].T for j in range(data.V.shape[1]) if np.abs(data.V[:, j]).max() <= reach]
    pts = np.vstack(pts)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return (lo[0] - 0.42, hi[0] + 0.42), (lo[1] - 0.06, hi[1] + 0.1)  # room left for labels of vertical arrows


def _into_view(v, xlim, ylim) -> tuple:
    """The point where the ray 0 → v leaves the view (v itself when it ends inside)."""
    t = 1.0
    for k, (lo, hi) in enumerate((xlim, ylim)):
        if v[k] > hi:
            t = min(t, hi / v[k])
        elif v[k] < lo:
            t = min(t, lo / v[k])
    return tuple(np.asarray(v) * t * (0.96 if t < 1 else 1.0)), t < 1


def draw_vectors(ax, data, look: Look) -> None:
    """Values v_j from the origin (grey), the terms α_nj v_j head to tail (coloured), and x (dashed)."""
    pal = look.palette
    n = len(data.tokens)
    V, terms, x = data.V, data.terms, data.x  # (2, n), (n, 2), (2,)
    colours = _term_colours(look, data.tokens)
    xlim, ylim = _view(data)
    # what a label must not cross: the axes and the value arrows (the muted lines)
    labels, segments = [], [((xlim[0], 0), (xlim[1], 0)), ((0, ylim[0]), (0, ylim[1]))]
    seen: dict = {}
    for j in range(n):
        seen.setdefault(tuple(V[:, j]), []).append(j + 1)  # a repeated token: one arrow, both positions
    for key, js in seen.items():
        end, cut = _into_view(key, xlim, ylim)
        ax.add_patch(FancyArrowPatch((0, 0), end, arrowstyle="-" if cut else "-|>", mutation_scale=12,
                                     color=pal.muted, linewidth=1.3, linestyle=(0, (1, 0))))
        name = data.tokens[js[0] - 1] if n <= 5 and len(data.tokens[js[0] - 1]) <= 6 else ""  # else: the terms name it
        label = rf"$v_{{{','.join(map(str, js))}}}$ {name}" + (" →" if cut else "")
        on_axis = abs(key[0]) < 1e-9  # labels of vertical arrows left of their tip, off the chain of terms
        labels.append(ax.annotate(label, end, xytext=(-4, 1) if on_axis else ((-2, 6) if cut else (5, 2)),
                                  textcoords="offset points", ha="right" if on_axis or cut else "left",
                                  va="bottom", fontsize=9.5, color=pal.muted))
        segments.append(((0, 0), tuple(end)))  # (kept clear where possible, as the reference lines)
    start = np.zeros(2)
    for j in range(n):
        end = start + terms[j]
        if np.linalg.norm(terms[j]) > 1e-12:
            ax.add_patch(FancyArrowPatch(tuple(start), tuple(end), arrowstyle="-|>", mutation_scale=14,
                                         color=colours[j], linewidth=2.6, shrinkA=0, shrinkB=0))

        start = end
    ax.add_patch(FancyArrowPatch((0, 0), tuple(x), arrowstyle="-|>", mutation_scale=16, color=pal.ink,
                                 linewidth=1.8, shrinkA=0, shrinkB=0, linestyle=(0, (5, 3))))
    labels.append(ax.annotate(f"x = ({fmt_num(x[0], 4)}, {fmt_num(x[1], 4)})", tuple(x), xytext=(0, 8),
                              ha="center", va="bottom", textcoords="offset points", fontsize=9, color=pal.ink,
                              fontweight="bold"))
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.axhline(0, color=pal.muted, linewidth=0.8)
    ax.axvline(0, color=pal.muted, linewidth=0.8)
    ax.grid(True)
    ax.set_xlabel(look.t(STRINGS, "vec_x"))
    ax.set_ylabel(look.t(STRINGS, "vec_y"))
    ax.set_title(look.t(STRINGS, "vec_title"), loc="left", fontsize=9.5)
    ax.labels_to_place = (labels, segments)  # placed once the figure is laid out (make)


def draw_terms(ax, data, look: Look) -> None:
    """x written out as the sum of its terms α_nj v_j, each in its arrow's colour with a swatch."""
    pal = look.palette
    n = len(data.tokens)
    V, terms, x = data.V, data.terms, data.x
    colours = _term_colours(look, data.tokens)
    g = vec_num
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.0, 1.0, look.t(STRINGS, "terms_title"), fontsize=10, va="top", fontweight="bold")
    step = 0.8 / (n + 1)
    for j in range(n):
        y = 0.8 - step * j
        ax.plot([0.005, 0.035], [y, y], color=colours[j], lw=3, solid_capstyle="butt")
        line = (rf"$\alpha_{{{n},{j + 1}}}\,v_{{{j + 1}}}$ = {fmt_num(data.A[-1, j], 4)} × "
                f"({g(V[0, j])}, {g(V[1, j])}) = ({fmt_num(terms[j, 0], 4)}, {fmt_num(terms[j, 1], 4)})"
                f"   {data.tokens[j]}")
        ax.text(0.05, y, line, fontsize=9.5, va="center", color=pal.ink)
    ax.text(0.05, 0.8 - step * n, f"Σ = x = ({fmt_num(x[0], 4)}, {fmt_num(x[1], 4)})", fontsize=10,
            color=pal.ink, va="center", fontweight="bold")


def draw_cell(ax, data, look: Look) -> None:
    pal = look.palette
    I, J = data.cell_counted
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.0, 1.0, look.t(STRINGS, "cell_title", i=I, j=J), fontsize=10, va="top",
            fontweight="bold", color=pal.accent)
    lines = cell_lines(data)
    for k, line in enumerate(lines):
        ax.text(0.0, 0.78 - 0.17 * k, line, fontsize=10, va="center")
    ax.text(0.0, 0.78 - 0.17 * len(lines), look.t(STRINGS, "softmax", i=I), fontsize=9, va="center",
            color=pal.muted)


def make(data, look: Look):
    """The weights and how one of them is computed; the weighted sum is attention_sum_fig (same record)."""
    fig, axd = new_mosaic(7.2, 7.2, [["table", "."], ["cell", "cell"]], width_ratios=[1.15, 0.85],
                          height_ratios=[3.6, 1.75])
    table, cell_ax = axd["table"], axd["cell"]
    draw_table(table, data, look)
    text = sentence(data.tokens)
    text = text[:1].upper() + text[1:]
    title = (look.t(STRINGS, "title", text=text) if text_columns(text) <= TITLE_CHARS
             else look.t(STRINGS, "title_n", n=len(data.tokens)))
    fig.suptitle(title, x=0.01, ha="left", fontsize=10.5)
    draw_cell(cell_ax, data, look)
    return fig


def make_sum(data, look: Look):
    """attention_sum_fig: the last row's output x as the weighted sum of the value vectors, drawn and
    written term by term."""
    extra = 0.28 * max(0, len(data.tokens) - 5)  # a line per term
    fig, axd = new_mosaic(7.2, 5.2 + extra, [["vec", "."], ["terms", "terms"]], width_ratios=[1.2, 0.8],
                          height_ratios=[3.2, 1.55 + extra])
    vec, terms_ax = axd["vec"], axd["terms"]
    draw_vectors(vec, data, look)
    draw_terms(terms_ax, data, look)
    labels, segments = vec.labels_to_place
    crowded = place_labels(vec, labels, segments, avoid=(vec.title, vec._left_title))
    if labels[-1] in crowded:  # no room for x's label by its arrow: the terms below write x out
        labels[-1].set_visible(False)
    return fig
