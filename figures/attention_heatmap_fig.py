"""attention_heatmap_fig: the causal weight table of "The cat sat on the" (seed 003, "Dot products →
attention weights" and "The last position supplies our context vector").

Left: α_ij with × on the masked (future) cells, each row's sum, and one cell's dot product unpacked.
Right: the value vectors v_j and the weighted terms α_nj v_j laid head to tail up to x.
Every number comes from engine.toy.attention_lesson.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import FancyArrowPatch, Rectangle

from figures.common import heatmap, new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Causal attention on \"{text}\": each row sums to 1, × = future (weight exactly 0)",
        "xlabel": "key position j (what is looked at)",
        "ylabel": "query position i (who looks)",
        "cbar": "weight α (scale fixed at ±1)",
        "sum": "row sum",
        "cell_title": "one cell unpacked (row {i}, column {j})",
        "softmax": "softmax over row {i}, only j ≤ {i}",
        "vec_title": "x = weighted sum of the values, last row's weights",
        "vec_x": "dim 1",
        "vec_y": "dim 2",
        "values": "value vectors v_j",
        "terms": "terms α_{n}j v_j, head to tail",
        "x": "context vector x",
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力：每一列加總為 1，× 為未來位置（權重恰為 0）",
        "xlabel": "鍵位置 j（被看的位置）",
        "ylabel": "查詢位置 i（去看的位置）",
        "cbar": "權重 α（色階固定在 ±1）",
        "sum": "列總和",
        "cell_title": "拆開一格（第 {i} 列、第 {j} 行）",
        "softmax": "在第 {i} 列做 softmax，只用 j ≤ {i}",
        "vec_title": "x = 值向量的加權和，用最後一列的權重",
        "vec_x": "維度 1",
        "vec_y": "維度 2",
        "values": "值向量 v_j",
        "terms": "各項 α_{n}j v_j，首尾相接",
        "x": "上下文向量 x",
    },
    "zh-Hans": {
        "title": "「{text}」的因果注意力：每一行加总为 1，× 为未来位置（权重恰为 0）",
        "xlabel": "键位置 j（被看的位置）",
        "ylabel": "查询位置 i（去看的位置）",
        "cbar": "权重 α（色阶固定在 ±1）",
        "sum": "行总和",
        "cell_title": "拆开一格（第 {i} 行、第 {j} 列）",
        "softmax": "在第 {i} 行做 softmax，只用 j ≤ {i}",
        "vec_title": "x = 值向量的加权和，用最后一行的权重",
        "vec_x": "维度 1",
        "vec_y": "维度 2",
        "values": "值向量 v_j",
        "terms": "各项 α_{n}j v_j，首尾相接",
        "x": "上下文向量 x",
    },
}

DECIMALS = {"A": 4, "scores": 4, "dots": 4, "row_sums": 4, "x": 4, "terms": 4, "C": 4,
            "cell_products": 4, "scale": 4}


def short(v: float) -> str:
    """An input number as the seed writes it: 2, 0.4, −1 (up to 4 decimals, no trailing zeros)."""
    text = fmt_num(v, 4).rstrip("0").rstrip(".")
    return text if text not in ("", "\u2212") else "0"


def token_labels(tokens) -> list[str]:
    return [f"{k + 1} {t}" for k, t in enumerate(tokens)]


def draw_table(ax, data, look: Look) -> None:
    """The weight table with ×, row sums and the unpacked cell boxed."""
    pal = look.palette
    A = data.A  # (n, n)
    n = A.shape[0]
    heatmap(ax, A, look, vmax=1.0, colorbar_label=look.t(STRINGS, "cbar"))
    for i in range(n):
        for j in range(n):
            if data.mask[i, j]:
                ax.text(j, i, "×", ha="center", va="center", fontsize=15, color=pal.muted)
            else:
                ink = pal.background if A[i, j] > 0.62 else pal.ink
                ax.text(j, i, fmt_num(A[i, j], 4), ha="center", va="center", fontsize=9, color=ink)
        ax.text(n - 0.35, i, fmt_num(data.row_sums[i], 4), ha="left", va="center", fontsize=9,
                color=pal.ok, clip_on=False)
    ax.text(n - 0.35, -0.75, look.t(STRINGS, "sum"), ha="left", va="center", fontsize=9,
            color=pal.ok, clip_on=False)
    labels = token_labels(data.tokens)
    ax.set_xticks(range(n), labels)
    ax.set_yticks(range(n), labels)
    ax.tick_params(length=0)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.spines[:].set_visible(False)
    ci, cj = data.cell
    ax.add_patch(Rectangle((cj - 0.5, ci - 0.5), 1, 1, fill=False, edgecolor=pal.accent, linewidth=2.5))


def cell_lines(data) -> list[str]:
    """The unpacked dot product of data.cell, as mathtext lines (1-based indices)."""
    i, j = data.cell
    q, k = data.Q[:, i], data.K[:, j]
    I, J = i + 1, j + 1
    f = lambda v: fmt_num(v, 4)  # noqa: E731
    g = short
    dot = data.dots[i, j]
    denom = sum(np.exp(data.scores[i, : i + 1]))
    return [
        rf"$q_{{{I}}} = ({g(q[0])},\ {g(q[1])})$  ({data.tokens[i]}),   "
        rf"$k_{{{J}}} = ({g(k[0])},\ {g(k[1])})$  ({data.tokens[j]})",
        rf"$q_{{{I}}}^{{\top}} k_{{{J}}} = {g(q[0])}\times{g(k[0])} + {g(q[1])}\times{g(k[1])}"
        rf" = {f(data.cell_products[0])} + {f(data.cell_products[1])} = {f(dot)}$",
        rf"$z_{{{I}{J}}} = {f(dot)}\ /\ \sqrt{{2}} = {f(dot)}\ /\ {f(1 / data.scale)} = {f(data.scores[i, j])}$",
        rf"$\alpha_{{{I}{J}}} = e^{{{f(data.scores[i, j])}}}\ /\ \sum_{{\ell \leq {I}}} e^{{z_{{{I}\ell}}}}"
        rf" = {f(np.exp(data.scores[i, j]))}\ /\ {f(denom)} = {f(data.A[i, j])}$",
    ]


def draw_vectors(ax, data, look: Look) -> None:
    """Values v_j from the origin, the terms α_nj v_j head to tail, and x."""
    pal = look.palette
    n = len(data.tokens)
    V, terms, x = data.V, data.terms, data.x  # (2, n), (n, 2), (2,)
    seen = {}
    for j in range(n):
        key = tuple(V[:, j])
        if key in seen:  # a repeated token: one arrow, both positions named
            seen[key].append(j + 1)
            continue
        seen[key] = [j + 1]
    for key, js in seen.items():
        ax.add_patch(FancyArrowPatch((0, 0), key, arrowstyle="-|>", mutation_scale=11,
                                     color=pal.muted, linewidth=1.2, alpha=0.8))
        name = data.tokens[js[0] - 1]
        on_axis = abs(key[0]) < 1e-9  # keep labels of vertical arrows off the chain of terms
        ax.annotate(rf"$v_{{{','.join(map(str, js))}}}$ {name}", key,
                    xytext=(-5, -3) if on_axis else (4, 3), textcoords="offset points",
                    ha="right" if on_axis else "left", fontsize=9, color=pal.muted)
    start = np.zeros(2)
    for j in range(n):
        end = start + terms[j]
        if np.linalg.norm(terms[j]) > 1e-12:
            ax.add_patch(FancyArrowPatch(tuple(start), tuple(end), arrowstyle="-|>", mutation_scale=9,
                                         color=pal.series[j % len(pal.series)], linewidth=2.0))
        start = end
    ax.add_patch(FancyArrowPatch((0, 0), tuple(x), arrowstyle="-|>", mutation_scale=14,
                                 color=pal.accent, linewidth=2.6))
    ax.annotate(f"x = ({fmt_num(x[0], 4)}, {fmt_num(x[1], 4)})", tuple(x), xytext=(22, 4),
                textcoords="offset points", fontsize=10, color=pal.accent, fontweight="bold")
    lo = min(0.0, V.min()) - 0.55
    hi = max(V.max(), x.max()) + 0.35
    ax.set_xlim(lo, hi)
    ax.set_ylim(min(0.0, V[1].min()) - 0.15, max(V[1].max(), x[1]) + 0.3)
    ax.set_aspect("equal")
    ax.axhline(0, color=pal.muted, linewidth=0.8)
    ax.axvline(0, color=pal.muted, linewidth=0.8)
    ax.grid(True)
    ax.set_xlabel(look.t(STRINGS, "vec_x"))
    ax.set_ylabel(look.t(STRINGS, "vec_y"))
    ax.set_title(look.t(STRINGS, "vec_title"), loc="left", fontsize=10.5)


def draw_terms(ax, data, look: Look) -> None:
    """x written out as the sum of its terms α_nj v_j."""
    pal = look.palette
    n = len(data.tokens)
    V, terms, x = data.V, data.terms, data.x
    ax.axis("off")
    for j in range(n):
        line = (rf"$\alpha_{{{n}{j + 1}}} v_{{{j + 1}}}$ = {fmt_num(data.A[-1, j], 4)} × "
                f"({short(V[0, j])}, {short(V[1, j])}) = "
                f"({fmt_num(terms[j, 0], 4)}, {fmt_num(terms[j, 1], 4)})   {data.tokens[j]}")
        ax.text(0.0, 1.0 - 0.16 * j, line, transform=ax.transAxes, fontsize=10, va="top",
                color=pal.series[j % len(pal.series)])
    ax.text(0.0, 1.0 - 0.16 * n, f"Σ = x = ({fmt_num(x[0], 4)}, {fmt_num(x[1], 4)})",
            transform=ax.transAxes, fontsize=10.5, color=pal.accent, va="top", fontweight="bold")


def make(data, look: Look):
    fig, axes = new_figure(12.0, 8.2, nrows=2, ncols=2,
                           gridspec_kw={"width_ratios": [1.1, 1.0], "height_ratios": [3.0, 1.25]})
    (table, vec), (cell_ax, terms_ax) = axes
    pal = look.palette
    draw_table(table, data, look)
    text = " ".join(data.tokens).capitalize()
    fig.suptitle(look.t(STRINGS, "title", text=text), x=0.01, ha="left", fontsize=12.5)
    draw_vectors(vec, data, look)
    # the unpacked cell
    i, j = data.cell
    cell_ax.axis("off")
    cell_ax.text(0.0, 1.0, look.t(STRINGS, "cell_title", i=i + 1, j=j + 1), transform=cell_ax.transAxes,
                 fontsize=10.5, color=pal.accent, va="top", fontweight="bold")
    lines = cell_lines(data)
    for k, line in enumerate(lines):
        cell_ax.text(0.0, 0.80 - 0.19 * k, line, transform=cell_ax.transAxes, fontsize=10.5, va="top")
    cell_ax.text(0.0, 0.80 - 0.19 * len(lines), look.t(STRINGS, "softmax", i=i + 1),
                 transform=cell_ax.transAxes, fontsize=9.5, va="top", color=pal.muted)
    draw_terms(terms_ax, data, look)
    return fig
