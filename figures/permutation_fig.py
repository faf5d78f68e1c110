"""permutation_fig: the same tokens in two orders give the same score table, only permuted
(seed 001, lesson 5 first station "十五" vs "五十"; seed 002 §01 图 2 "dog bites man" vs "man bites dog").

One example, drawn large (the record's last: dog bites man / man bites dog): the score table
S = QKᵀ/√d of order a (left) and of order b (right), each cell written to 4 decimals (at 3, two
different cells of the default draw print alike: −0.2552 and −0.2546) on one fixed symmetric colour scale (scores can be negative), with one colour
bar under both rows; every cell prints its number with its sign, so the sign survives greyscale print
(the bar carries no minus key: no cell here wears pe_table's − mark, figures.parts_minus). The title states the punchline with the example's tokens. One cell, whose
number appears once in its table, is outlined in ink in both tables: the number moves with its row
token and its column token.

The word vectors and W_Q, W_K, W_V are fixed random values (engine.attention.permutation_demo,
default_rng(seed 1)); the lessons do not print theirs and the permutation holds for any values. The
caption says so and gives the largest deviation |S_b − P S_a Pᵀ| (float rounding, 0 to 2.2×10⁻¹⁶).
"""
from __future__ import annotations

import numpy as np
from matplotlib.colors import to_hex, to_rgb
from matplotlib.patches import FancyArrowPatch, Rectangle

from figures.common import diverging_cmap, estimated_width_pt, ink_on, new_figure, titled, wrap_tokens
from look.gloss import gloss
from look import Look, fmt_num
from look.colour import contrast
from look.formats import fmt_sci

TEXT_CONTRAST = 4.75  # every number on a cell: WCAG AA (4.5:1) with a margin

COLOUR_ROLES = ("ink", "muted", "background", "diverging")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        # no tokens in the English title: Chinese ones would set the whole line, maths and all, in the CJK face
        "title": r"Without positions, reordering the tokens only permutes the score table: $S_b = P\,S_a\,P^\top$",
        "title_n": r"Without positions, reordering the tokens only permutes the score table: $S_b = P\,S_a\,P^\top$",
        "weights": "word vectors, $W_Q$, $W_K$: fixed random (d = {d}, seed {seed}); holds for any values",
        "order_a": "order a: {t}",
        "order_b": "order b: {t}",
        "query": "query (row)",
        "key": "key (column)",
        "cbar": r"score $QK^{\top}\!/\sqrt{d}$",
        "reversed": "the same rows\nand columns,\nreversed",
        "moves": "the same rows\nand columns,\nreordered",
        "cap": ("Scores S = QKᵀ/√d of one attention head with no positional encoding (no mask), for one "
                "sentence in two orders. Word vectors and the query, key and value matrices are fixed random values (seed {seed}, "
                "d = {d}), the same in both orders: attention sees the same bag of vectors. Order b's table "
                "holds order a's numbers, its rows and columns reordered as the tokens are (order b's table = P · order a's table · Pᵀ, "
                "P the permutation); the outlined cell ({cells}) shows one number moving with its row token "
                "and its column token. Largest deviation from the permuted table, floating-point rounding: "
                "{dev}."),
    },
    "zh-Hant": {
        "title": r"沒有位置資訊時，{a} 與 {b} 的分數相同，只是換了位置：$S_b = P\,S_a\,P^\top$",
        "title_n": r"沒有位置資訊時，換了詞元的順序，分數表只是跟著換位：$S_b = P\,S_a\,P^\top$",
        "weights": "字向量與 $W_Q$、$W_K$：固定的隨機值（d = {d}，種子 {seed}）；換位對任何值都成立",
        "order_a": "語序 a：{t}",
        "order_b": "語序 b：{t}",
        "query": "查詢（列）",
        "key": "鍵（行）",
        "cbar": r"分數 $QK^{\top}\!/\sqrt{d}$",
        "reversed": "同樣的列與行，\n順序倒過來",
        "moves": "同樣的列與行，\n換了順序",
        "cap": ("一個注意力頭的分數 S = QKᵀ/√d，沒有位置編碼（也沒有遮罩），一個句子取兩種語序。字向量與查詢、鍵、值矩陣"
                "是固定的隨機值（種子 {seed}，d = {d}），兩種語序相同：注意力看到的是同一袋向量。語序 b 的表裝的是語序 a "
                "的數，列與行跟著詞元換了順序（語序 b 的表 = P · 語序 a 的表 · Pᵀ，P 為置換矩陣）；框起來的格子（{cells}）是同一個數，"
                "隨著它的列詞元與行詞元移動。與置換後的表最大的差距，只是浮點捨入：{dev}。"),
    },
    "zh-Hans": {
        "title": r"没有位置信息时，{a} 与 {b} 的分数相同，只是换了位置：$S_b = P\,S_a\,P^\top$",
        "title_n": r"没有位置信息时，换了词元的顺序，分数表只是跟着换位：$S_b = P\,S_a\,P^\top$",
        "weights": "词向量与 $W_Q$、$W_K$：固定的随机值（d = {d}，种子 {seed}）；换位对任何值都成立",
        "order_a": "语序 a：{t}",
        "order_b": "语序 b：{t}",
        "query": "查询（行）",
        "key": "键（列）",
        "cbar": r"分数 $QK^{\top}\!/\sqrt{d}$",
        "reversed": "同样的行与列，\n顺序倒过来",
        "moves": "同样的行与列，\n换了顺序",
        "cap": ("一个注意力头的分数 S = QKᵀ/√d，没有位置编码（也没有掩码），一个句子取两种语序。词向量与查询、键、值矩阵"
                "是固定的随机值（种子 {seed}，d = {d}），两种语序相同：注意力看到的是同一袋向量。语序 b 的表装的是语序 a "
                "的数，行与列跟着词元换了顺序（语序 b 的表 = P · 语序 a 的表 · Pᵀ，P 为置换矩阵）；框起来的格子（{cells}）是同一个数，"
                "随着它的行词元与列词元移动。与置换后的表最大的差距，只是浮点舍入：{dev}。"),
    },
}

DECIMALS = {"embeddings": 4, "w_q": 4, "w_k": 4, "w_v": 4, "scores_a": 4, "scores_b": 4}  # 4: no two cells alike


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
            cell = im.cmap(im.norm(scores[i, j]))
            ink, under = readable_plate(cell, look)
            plate = {"boxstyle": "square,pad=0.15", "facecolor": under, "edgecolor": "none"} \
                if under != to_hex(cell) else None  # a plate only where the cell's colour is too weak for text
            ax.text(j, i, fmt_num(scores[i, j], DECIMALS["scores_a"]), ha="center", va="center", fontsize=size,
                    color=ink, bbox=plate, zorder=3)  # a negative number's own − is its mark
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


def readable_plate(cell, look: Look, target: float = TEXT_CONTRAST) -> tuple[str, str]:
    """(text colour, plate colour) for a number on `cell`: ink_on's choice, on the cell's own colour where
    that reaches `target` (WCAG), else on the cell's colour moved toward the other of ink and background
    just far enough (the dark theme's mid scale reaches only about 4.3:1 with either)."""
    text, base = ink_on(cell, look), np.asarray(to_rgb(cell))
    away = np.asarray(to_rgb(look.palette.background if text == look.palette.ink else look.palette.ink))
    for t in np.linspace(0.0, 1.0, 41):
        plate = to_hex(base + t * (away - base))
        if contrast(text, plate) >= target:
            return text, plate
    return text, to_hex(away)


def fit_cells(fig, tables) -> None:
    """Once laid out: each table's numbers at a size that fits its cells (at most 10 pt, at least 6.5)."""
    fig.canvas.draw()
    for ax, t in tables:
        cell_pt = ax.get_window_extent().width * 72 / fig.dpi / t
        size = max(6.5, min(10.0, 0.85 * cell_pt / (0.6 * 6)))
        for text in ax.texts:
            text.set_fontsize(size)


def tracked_cell(case) -> tuple[int, int]:
    """The cell of order a whose number the figure follows into order b: the first off-diagonal cell whose
    value, as shown, appears nowhere else in the table (so a reader can find it again); (0, last) when
    none is unique."""
    shown = [[fmt_num(v, DECIMALS["scores_a"]) for v in row] for row in case.scores_a]
    flat = [v for row in shown for v in row]
    t = len(shown)
    cells = [(0, t - 1)] + [(i, j) for i in range(t) for j in range(t) if i != j and (i, j) != (0, t - 1)]
    return next((c for c in cells if flat.count(shown[c[0]][c[1]]) == 1), (0, t - 1))


def draw_gap(ax, look: Look, key: str = "moves") -> None:
    """Between the two tables: one arrow and what it does (it touches no label)."""
    pal = look.palette
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.add_patch(FancyArrowPatch((0.1, 0.55), (0.9, 0.55), arrowstyle="-|>", mutation_scale=16,
                                 color=pal.ink, linewidth=1.8))
    ax.text(0.5, 0.45, look.t(STRINGS, key), ha="center", va="top", fontsize=8.5, color=pal.ink,
            linespacing=1.3)


def make(data, look: Look):
    """One example, drawn large: the last of the record's examples (dog bites man / man bites dog by
    default); the record keeps both, so the scene and the figure share one draw of the vectors."""
    pal = look.palette
    case = data.examples[-1]
    vmax = float(np.ceil(float(np.abs(case.scores_a).max()) * 10) / 10)
    fig, _ = new_figure(7.2, 4.3)
    fig.clear()
    axd = fig.subplot_mosaic([["a", "g", "b"], ["cb", "cb", "cb"]], width_ratios=[1, 0.42, 1],
                             height_ratios=[1, 0.06])
    ax_a, gap, ax_b = axd["a"], axd["g"], axd["b"]
    im = draw_table(ax_a, case.scores_a, case.tokens_a, look, vmax,
                    look.t(STRINGS, "order_a", t=joined(case.tokens_a) + gloss(case.tokens_a, look.lang)))
    draw_table(ax_b, case.scores_b, case.tokens_b, look, vmax,
               look.t(STRINGS, "order_b", t=joined(case.tokens_b) + gloss(case.tokens_b, look.lang)), ylabel=False)
    reverse = list(case.perm) == list(range(len(case.perm)))[::-1]
    draw_gap(gap, look, "reversed" if reverse else "moves")
    inv = np.argsort(case.perm)  # the followed cell: where (i, j) of order a goes in order b
    i, j = tracked_cell(case)
    for ax, (y, x) in ((ax_a, (i, j)), (ax_b, (inv[i], inv[j]))):  # over the cells: its edge stays solid
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fill=False, edgecolor=pal.ink, linewidth=2.4, zorder=4))
    fit_cells(fig, [(ax_a, len(case.tokens_a)), (ax_b, len(case.tokens_a))])
    cb = fig.colorbar(im, cax=axd["cb"], orientation="horizontal")
    cb.outline.set_edgecolor(pal.muted)
    cb.set_ticks(np.linspace(-vmax, vmax, 5))  # the scale's own ends (±vmax) are ticked
    cb.set_label(look.t(STRINGS, "cbar"), fontsize=10)
    # no minus key on the bar: the cells print their signed values, so nothing here wears pe_table's − mark
    title = look.t(STRINGS, "title", a=joined(case.tokens_a, 400), b=joined(case.tokens_b, 400)) \
        if len(case.tokens_a) <= 3 else look.t(STRINGS, "title_n")
    titled(fig, title + "\n" + look.t(STRINGS, "weights", d=data.d_model, seed=data.seed), look, x=0.02, ha="left",
           fontsize=11.5)  # the one draw the printed scores come from
    fig.get_layout_engine().set(h_pad=0.1)  # air between the title and the tables' own titles
    return fig


def caption(data, look: Look) -> str:
    case = data.examples[-1]
    i, j = tracked_cell(case)
    cell = f"{case.tokens_a[i]}→{case.tokens_a[j]}: {fmt_num(case.scores_a[i, j], DECIMALS['scores_a'])}"
    dev = float(case.score_deviation)
    return look.t(STRINGS, "cap", seed=data.seed, d=data.d_model, cells=cell, dev=fmt_sci(dev, 2) if dev else "0")
