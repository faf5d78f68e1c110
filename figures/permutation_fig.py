"""permutation_fig: the same tokens in two orders give the same score table, only permuted
(seed 001, lesson 5 first station "十五" vs "五十"; seed 002 §01 图 2 "dog bites man" vs "man bites dog").

One row per example: the score table S = QKᵀ/√d of order a (left) and of order b (right), each cell
written to 3 decimals on one fixed symmetric colour scale. One pair of cells is boxed and joined by an
arrow: the number moves with its row token and its column token. Under each row: the bag of vectors
(the same), the reordering and the recorded largest deviation of S_b from P S_a Pᵀ.
Every number comes from engine.attention.permutation_demo.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import ConnectionPatch, Rectangle

from figures.common import diverging_cmap, new_figure
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
        "dev": r"largest $|S_b - P\,S_a\,P^\top|$ = {s};  largest $|\mathrm{{out}}_b - P\,\mathrm{{out}}_a|$ = {o}",
        "note": "Word vectors and the projections $W_Q, W_K, W_V$: fixed random values (seed {seed}); the lessons do\n"
                "not print theirs. The permutation holds for any values.",
    },
    "zh-Hant": {
        "title": r"換了 token 的順序，分數表只是跟著換位：$S_b = P\,S_a\,P^\top$",
        "order_a": "語序 a：{t}",
        "order_b": "語序 b：{t}",
        "query": "query（列）",
        "key": "key（行）",
        "cbar": "分數 QKᵀ/√d",
        "perm": "語序 b = {perm}",
        "bag": "兩種語序用的是同樣 {n} 個字向量（d = {d}）",
        "dev": r"$|S_b - P\,S_a\,P^\top|$ 最大 = {s}；$|\mathrm{{out}}_b - P\,\mathrm{{out}}_a|$ 最大 = {o}",
        "note": "字向量與投影 $W_Q$、$W_K$、$W_V$ 取固定的隨機值（seed {seed}）；原文沒有列出它們的數值。\n"
                "換位關係對任何數值都成立。",
    },
    "zh-Hans": {
        "title": r"换了 token 的顺序，分数表只是跟着换位：$S_b = P\,S_a\,P^\top$",
        "order_a": "语序 a：{t}",
        "order_b": "语序 b：{t}",
        "query": "query（行）",
        "key": "key（列）",
        "cbar": "分数 QKᵀ/√d",
        "perm": "语序 b = {perm}",
        "bag": "两种语序用的是同样 {n} 个字向量（d = {d}）",
        "dev": r"$|S_b - P\,S_a\,P^\top|$ 最大 = {s}；$|\mathrm{{out}}_b - P\,\mathrm{{out}}_a|$ 最大 = {o}",
        "note": "字向量与投影 $W_Q$、$W_K$、$W_V$ 取固定的随机值（seed {seed}）；原文没有给出它们的数值。\n"
                "换位关系对任何数值都成立。",
    },
}

DECIMALS = {"embeddings": 4, "w_q": 4, "w_k": 4, "w_v": 4}
SHOWN_DECIMALS = {"scores": 3}  # the example fields, as written in the cells


def sci(x: float) -> str:
    if x == 0:
        return "0"
    mant, exp = f"{x:.1e}".split("e")
    return rf"${mant}\times 10^{{{int(exp)}}}$"


def joined(tokens) -> str:
    return ("" if all(len(t) == 1 and ord(t) > 0x2E80 for t in tokens) else " ").join(tokens)


def draw_table(ax, scores, tokens, look: Look, vmax: float, title: str, ylabel: bool = True):
    pal = look.palette
    im = ax.imshow(scores, cmap=diverging_cmap(look), vmin=-vmax, vmax=vmax, interpolation="nearest")
    t = len(tokens)
    for i in range(t):
        for j in range(t):
            v = scores[i, j]
            ax.text(j, i, fmt_num(v, SHOWN_DECIMALS["scores"]), ha="center", va="center", fontsize=11,
                    color=pal.ink)
    ax.set_xticks(range(t), tokens, fontsize=11)
    ax.set_yticks(range(t), tokens, fontsize=11)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    ax.spines[:].set_visible(False)
    ax.set_xlabel(look.t(STRINGS, "key"), fontsize=9, color=pal.muted)
    if ylabel:
        ax.set_ylabel(look.t(STRINGS, "query"), fontsize=9, color=pal.muted)
    ax.set_title(title, loc="left", fontsize=12, pad=8)
    return im


def make(data, look: Look):
    pal = look.palette
    cases = data.examples
    vmax = float(max(np.abs(c.scores_a).max() for c in cases))
    vmax = float(np.ceil(vmax * 10) / 10)
    fig, axes = new_figure(8.6, 3.9 * len(cases) + 0.9, nrows=len(cases), ncols=2, squeeze=False)
    im = None
    for r, case in enumerate(cases):
        ax_a, ax_b = axes[r]
        im = draw_table(ax_a, case.scores_a, case.tokens_a, look, vmax,
                        look.t(STRINGS, "order_a", t=joined(case.tokens_a)))
        draw_table(ax_b, case.scores_b, case.tokens_b, look, vmax,
                   look.t(STRINGS, "order_b", t=joined(case.tokens_b)), ylabel=False)
        # one pair of cells: where (a_0, a_last) goes in order b
        inv = np.argsort(case.perm)
        i, j = 0, len(case.tokens_a) - 1
        bi, bj = inv[i], inv[j]
        for ax, (y, x) in ((ax_a, (i, j)), (ax_b, (bi, bj))):
            ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor=pal.accent, linewidth=2.4))
        arrow = ConnectionPatch(xyA=(j + 0.5, i), coordsA=ax_a.transData, xyB=(bj - 0.5, bi),
                                coordsB=ax_b.transData, arrowstyle="->", color=pal.accent, linewidth=1.6,
                                connectionstyle="arc3,rad=-0.15")
        fig.add_artist(arrow)
        lines = [
            look.t(STRINGS, "bag", n=len(case.tokens_a), d=data.d_model),
            look.t(STRINGS, "perm", perm="$(" + ", ".join(f"a_{{{int(p)}}}" for p in case.perm) + ")$"),
            look.t(STRINGS, "dev", s=sci(case.score_deviation), o=sci(case.output_deviation)),
        ]
        if r == len(cases) - 1:
            lines += ["", look.t(STRINGS, "note", seed=data.seed)]
        ax_a.text(0.0, -0.06, "\n".join(lines), transform=ax_a.transAxes, fontsize=9, color=pal.muted,
                  va="top", linespacing=1.5)
    cb = fig.colorbar(im, ax=axes, fraction=0.03, pad=0.02, shrink=0.6)
    cb.outline.set_edgecolor(pal.muted)
    cb.set_label(look.t(STRINGS, "cbar"))
    fig.suptitle(look.t(STRINGS, "title"), x=0.02, ha="left", fontsize=13)
    return fig
