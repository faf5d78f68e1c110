"""permutation_fig: the same tokens in two orders give the same score table, only permuted
(seed 001, lesson 5 first station "十五" vs "五十"; seed 002 §01 图 2 "dog bites man" vs "man bites dog").

One row per example: the score table S = QKᵀ/√d of order a (left) and of order b (right), each cell
written to 3 decimals on one fixed symmetric colour scale (scores can be negative), with one colour
bar under both rows. One pair of cells is boxed in both tables: the number moves with its row token
and its column token. Under each row: the bag of vectors (the same) and the reordering.

The word vectors and W_Q, W_K, W_V are fixed random values (engine.attention.permutation_demo,
default_rng(seed 1)); the lessons do not print theirs and the permutation holds for any values. The
largest deviations |S_b − P S_a Pᵀ| and |out_b − P out_a| (float rounding, 0 to 2.2×10⁻¹⁶) are
exported as score_deviation and output_deviation, not drawn.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import FancyArrowPatch, Rectangle

from figures.common import diverging_cmap, new_figure, estimated_width_pt, wrap_tokens
from look.gloss import gloss
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": r"Reorder the tokens and the score table is only permuted: $S_b = P\,S_a\,P^\top$",
        "order_a": "order a: {t}",
        "order_b": "order b: {t}",
        "query": "query (row)",
        "key": "key (column)",
        "cbar": "score QKᵀ/√d",
        "perm": "order b = {perm}",
        "bag": "the same {n} word vectors in both orders (d = {d})",
        "moves": "rows and columns\nreordered",
    },
    "zh-Hant": {
        "title": r"換了詞元的順序，分數表只是跟著換位：$S_b = P\,S_a\,P^\top$",
        "order_a": "語序 a：{t}",
        "order_b": "語序 b：{t}",
        "query": "查詢（列）",
        "key": "鍵（行）",
        "cbar": "分數 QKᵀ/√d",
        "perm": "語序 b = {perm}",
        "bag": "兩種語序用的是同樣 {n} 個字向量（d = {d}）",
        "moves": "列與行\n跟著換位",
    },
    "zh-Hans": {
        "title": r"换了词元的顺序，分数表只是跟着换位：$S_b = P\,S_a\,P^\top$",
        "order_a": "语序 a：{t}",
        "order_b": "语序 b：{t}",
        "query": "查询（行）",
        "key": "键（列）",
        "cbar": "分数 QKᵀ/√d",
        "perm": "语序 b = {perm}",
        "bag": "两种语序用的是同样 {n} 个字向量（d = {d}）",
        "moves": "行与列\n跟着换位",
    },
}

DECIMALS = {"embeddings": 4, "w_q": 4, "w_k": 4, "w_v": 4, "scores_a": 3, "scores_b": 3}


def joined(tokens, width_pt: float = 120, size: float = 11) -> str:
    """The tokens as written (Chinese characters run together), in lines no wider than width_pt."""
    joiner = "" if all(len(t) == 1 and ord(t) > 0x2E80 for t in tokens) else " "
    return wrap_tokens(tokens, joiner, width_pt, size)


def draw_table(ax, scores, tokens, look: Look, vmax: float, title: str, ylabel: bool = True):
    pal = look.palette
    im = ax.imshow(scores, cmap=diverging_cmap(look), vmin=-vmax, vmax=vmax, interpolation="nearest")
    t = len(tokens)
    size = 10 if t <= 4 else 8.5
    for i in range(t):
        for j in range(t):
            ax.text(j, i, fmt_num(scores[i, j], DECIMALS["scores_a"]), ha="center", va="center", fontsize=size,
                    color=pal.ink)
    ax.set_xticks(range(t), tokens, fontsize=10.5)
    ax.set_yticks(range(t), tokens, fontsize=10.5)
    ax.xaxis.set_ticks_position("top")
    if any(estimated_width_pt(tok, 10.5) > 0.9 * 2.3 * 72 / t for tok in tokens):  # upright keys when they would touch
        ax.tick_params(axis="x", labelrotation=90)
        ax.set_aspect("auto")  # the cells keep their width; the table gives up its square
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    ax.spines[:].set_visible(False)
    ax.set_xlabel(look.t(STRINGS, "key"), fontsize=8.5, color=pal.muted)
    ax.set_ylabel(look.t(STRINGS, "query") if ylabel else "", fontsize=8.5, color=pal.muted)
    ax.set_title(title, loc="left", fontsize=11, pad=6)
    return im


def fit_cells(fig, tables) -> None:
    """Once laid out: each table's numbers at a size that fits its cells (at most 10 pt, at least 6.5)."""
    fig.canvas.draw()
    for ax, t in tables:
        cell_pt = ax.get_window_extent().width * 72 / fig.dpi / t
        size = max(6.5, min(10.0, 0.85 * cell_pt / (0.6 * 6)))
        for text in ax.texts:
            text.set_fontsize(size)


def draw_gap(ax, look: Look) -> None:
    """Between the two tables: one arrow and what it does (it touches no label)."""
    pal = look.palette
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.add_patch(FancyArrowPatch((0.1, 0.55), (0.9, 0.55), arrowstyle="-|>", mutation_scale=16,
                                 color=pal.accent, linewidth=1.8))
    ax.text(0.5, 0.45, look.t(STRINGS, "moves"), ha="center", va="top", fontsize=8, color=pal.ink,
            linespacing=1.3)


def make(data, look: Look):
    pal = look.palette
    cases = data.examples
    vmax = float(max(np.abs(c.scores_a).max() for c in cases))
    vmax = float(np.ceil(vmax * 10) / 10)
    fig, _ = new_figure(7.2, 3.7 * len(cases) + 1.0)
    fig.clear()
    layout = []
    for r in range(len(cases)):  # the tables, then a row for the lines under them
        layout += [[f"a{r}", f"g{r}", f"b{r}"], [f"t{r}", f"t{r}", f"t{r}"]]
    axd = fig.subplot_mosaic(layout, width_ratios=[1, 0.42, 1], height_ratios=[1, 0.2] * len(cases))
    im = None
    for r, case in enumerate(cases):
        ax_a, gap, ax_b, under = axd[f"a{r}"], axd[f"g{r}"], axd[f"b{r}"], axd[f"t{r}"]
        im = draw_table(ax_a, case.scores_a, case.tokens_a, look, vmax,
                        look.t(STRINGS, "order_a", t=joined(case.tokens_a) + gloss(case.tokens_a, look.lang)))
        draw_table(ax_b, case.scores_b, case.tokens_b, look, vmax,
                   look.t(STRINGS, "order_b", t=joined(case.tokens_b) + gloss(case.tokens_b, look.lang)), ylabel=False)
        draw_gap(gap, look)
        inv = np.argsort(case.perm)  # one pair of cells: where (a_0, a_last) goes in order b
        i, j = 0, len(case.tokens_a) - 1
        for ax, (y, x) in ((ax_a, (i, j)), (ax_b, (inv[i], inv[j]))):
            ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor=pal.accent, linewidth=2.4))
        perm = "$(" + ",\\ ".join(f"a_{{{int(p)}}}" for p in case.perm) + ")$"
        lines = [look.t(STRINGS, "bag", n=len(case.tokens_a), d=data.d_model), look.t(STRINGS, "perm", perm=perm)]
        under.axis("off")
        under.text(0.0, 1.0, "\n".join(lines), transform=under.transAxes, fontsize=9.5, color=pal.ink,
                   va="top", linespacing=1.5).set_in_layout(False)
    fit_cells(fig, [(axd[f"{k}{r}"], len(c.tokens_a)) for r, c in enumerate(cases) for k in "ab"])
    cb = fig.colorbar(im, ax=axd[f"t{len(cases) - 1}"], orientation="horizontal", fraction=0.5, pad=0.0,
                      aspect=40, shrink=0.8, location="bottom")
    cb.outline.set_edgecolor(pal.muted)
    cb.set_label(look.t(STRINGS, "cbar"), fontsize=9)
    fig.suptitle(look.t(STRINGS, "title"), x=0.02, ha="left", fontsize=11.5)
    return fig
