"""causal_mask: the causal mask of a sentence (by default the 4 tokens "Every effort moves you") — what
each position may see and the next token it is trained to predict (seed 004 §4.1, "深入：為什麼能一次算
4 個位置，又不會「偷看未來」？").

Left: the query × key table: an allowed cell in one tone of the sequential scale (allowed vs masked, no
weights), a masked cell the heatmaps' × on the background (weight exactly 0); the query rows name their
tokens by position and word (their GPT-2 ids, when given, are the caption's).
A key under the title says how to read a cell (shaded: may attend, weight > 0; ×: masked, score −∞, weight
0); the longer reading is the numbers file's caption (caption()). Right: per position, its training target; the
tokens each hidden state is built from and the cell counts are the caption's, not drawn. 2 to 8 tokens
of any words: beyond 4 tokens, or with long words, the key columns are numbered instead of named.
All values come from engine.causal.causal_mask_table.
"""
from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from figures.common import new_mosaic, ordered_on_paper, text_width_pt
from figures.parts_fit import centre_box
from look import Look, fmt_num
from look.formats import subscript

COLOUR_ROLES = ("ink", "muted", "background", "sequential")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Causal mask: {T} positions computed at once, none sees the future",
        "query": "query position i",
        "key": "key position j (the token it may look at)",
        "side_title": "trained to predict",
        "k_allowed": "may attend (j ≤ i): weight > 0",
        "k_masked": "masked (j > i): score −∞, weight 0",
        "sees": "h{i} = Transformer({seen})",
        "target": "→ \"{t}\"",
        "target_open": "→ the token after the sentence",
        "c_sees": "h{i} = Transformer({seen}) predicts \"{t}\"",
        "c_sees_open": "h{i} = Transformer({seen}) predicts the token after the sentence",
        "c_rows": " Position by position: {rows}.",
        "key_index": "key position j (the token it may look at)",
        "c_table": ("Rows are query positions i, columns key positions j. A shaded cell is allowed (j ≤ i): "
                    "position i may attend to position j; × marks a masked cell (j > i): its score is set to −∞ before "
                    "the softmax, so its weight is exactly 0, as in the attention heatmaps."),
        "c_ids": " The number before each token is its position, not its id; the GPT-2 token ids are {ids}.",
        "c_side": ("Right: the next token each position is trained to predict (the input shifted left by one); "
                   "no position's hidden state hᵢ is built from a later token. {allowed} cells are visible and {masked} "
                   "masked, so one forward pass over {T} tokens gives {T} training examples."),
    },
    "zh-Hant": {
        "title": "因果遮罩：{T} 個位置一次算完，沒有位置看得到未來",
        "query": "查詢位置 i",
        "key": "鍵位置 j（可以看的詞元）",
        "side_title": "訓練去預測",
        "k_allowed": "可以注意（j ≤ i）：權重 > 0",
        "k_masked": "遮住（j > i）：分數 −∞，權重 0",
        "sees": "h{i} = Transformer({seen})",
        "target": "→「{t}」",
        "target_open": "→ 句子之後的詞元",
        "c_sees": "h{i} = Transformer({seen}) 預測「{t}」",
        "c_sees_open": "h{i} = Transformer({seen}) 預測句子之後的下一個詞元",
        "c_rows": "逐個位置：{rows}。",
        "key_index": "鍵位置 j（可以看的詞元）",
        "c_table": ("列是查詢位置 i，行是鍵位置 j。有底色的格子是允許的（j ≤ i）：位置 i 可以注意位置 j；"
                    "× 是遮住的格子（j > i）：softmax 之前分數設為 −∞，所以權重恰為 0，"
                    "和注意力熱圖的標法相同。"),
        "c_ids": "每個詞元前的數字是它的位置，不是 id；它們在 GPT-2 詞彙表中的詞元 id 是 {ids}。",
        "c_side": ("右側：每個位置被訓練去預測的下一個詞元（輸入往左移一格）；任何位置的隱藏狀態 hᵢ 都不用到後面的詞元。"
                   "{allowed} 格可見、{masked} 格遮住，所以對 {T} 個詞元做一次前向傳播就得到 {T} 筆訓練樣本。"),
    },
    "zh-Hans": {
        "title": "因果遮罩：{T} 个位置一次算完，没有位置看得到未来",
        "query": "查询位置 i",
        "key": "键位置 j（可以看的词元）",
        "side_title": "训练去预测",
        "k_allowed": "可以注意（j ≤ i）：权重 > 0",
        "k_masked": "遮住（j > i）：分数 −∞，权重 0",
        "sees": "h{i} = Transformer({seen})",
        "target": "→ “{t}”",
        "target_open": "→ 句子之后的词元",
        "c_sees": "h{i} = Transformer({seen}) 预测“{t}”",
        "c_sees_open": "h{i} = Transformer({seen}) 预测句子之后的下一个词元",
        "c_rows": "逐个位置：{rows}。",
        "key_index": "键位置 j（可以看的词元）",
        "c_table": ("行是查询位置 i，列是键位置 j。有底色的格子是允许的（j ≤ i）：位置 i 可以注意位置 j；"
                    "× 是遮住的格子（j > i）：softmax 之前分数设为 −∞，所以权重恰为 0，"
                    "和注意力热图的标法相同。"),
        "c_ids": "每个词元前的数字是它的位置，不是 id；它们在 GPT-2 词表中的词元 id 是 {ids}。",
        "c_side": ("右侧：每个位置被训练去预测的下一个词元（输入往左移一格）；任何位置的隐藏状态 hᵢ 都不用到后面的词元。"
                   "{allowed} 格可见、{masked} 格遮住，所以对 {T} 个词元做一次前向传播就得到 {T} 个训练样本。"),
    },
}

DECIMALS = {"uniform_weights": 2}

ROOMY_TOKENS = 4  # up to this many tokens (of short words) the key columns carry their words
ROOMY_WIDTH_PT = 44  # a key column's word must print at most this wide (9 pt) to stand over its column


CELL_CONTRAST = 3.4  # an allowed cell against the paper: 3:1 for graphics, with room for antialiased edges
BOTTOM_IN = 0.12  # inches under the table: 24 px at 200 dpi


def _label(i: int, token: str) -> str:
    return f"{i + 1} {token}"  # as the attention heatmaps write a token


def roomy(data, fig, look: Look) -> bool:
    """Whether the key columns can carry their words (few, short tokens) rather than numbers."""
    if len(data.tokens) > ROOMY_TOKENS:
        return False
    return all(text_width_pt(fig, _label(i, t), 9, list(look.figure_fonts)) <= ROOMY_WIDTH_PT
               for i, t in enumerate(data.tokens))


def draw(ax, data, look: Look) -> None:
    """The mask table."""
    pal = look.palette
    T = len(data.tokens)
    tone = ordered_on_paper(1, look, min_contrast=CELL_CONTRAST)[0]
    mark_size = 12 if T <= 5 else 11
    for q in range(T):
        for k in range(T):
            ok = bool(data.allowed[q, k])
            if ok:  # allowed: one tone (allowed vs masked, nothing more), CELL_CONTRAST against the paper
                ax.add_patch(Rectangle((k - 0.5, q - 0.5), 1, 1, facecolor=tone, edgecolor=pal.background,
                                       linewidth=2.5 if T <= 5 else 1.8))
            else:  # masked: the heatmaps' ×, on the background
                ax.text(k, q, "×", ha="center", va="center", fontsize=mark_size, color=pal.muted)
    ax.set_xlim(-0.5, T - 0.5)
    ax.set_ylim(T - 0.5, -0.5)
    wide = roomy(data, ax.figure, look)
    if wide:
        ax.set_aspect("equal")
    rows = [_label(i, t) for i, t in enumerate(data.tokens)]  # the token ids are the caption's
    ax.set_xticks(np.arange(T), [_label(i, t) for i, t in enumerate(data.tokens)] if wide
                  else [str(i + 1) for i in range(T)])
    ax.set_yticks(np.arange(T), rows)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0, labelsize=9 if T <= 5 else 8.5)
    ax.spines[:].set_visible(False)
    ax.set_xlabel(look.t(STRINGS, "key" if wide else "key_index"), labelpad=10)
    ax.set_ylabel(look.t(STRINGS, "query"), labelpad=8)


def draw_key(fig, look: Look, top: float) -> None:
    """The key under the title, left-aligned with it: an allowed cell's tone and the masked cells' ×, each
    with what it means for the score and the weight (the numbers file holds the mask and the weights)."""
    pal = look.palette
    tone = ordered_on_paper(1, look, min_contrast=CELL_CONTRAST)[0]
    handles = [Patch(facecolor=tone, edgecolor="none", label=look.t(STRINGS, "k_allowed")),
               Line2D([], [], linestyle="none", marker=r"$\times$", markersize=7, markeredgewidth=0, color=pal.muted,
                      label=look.t(STRINGS, "k_masked"))]
    fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.005, top), ncol=2, frameon=False, fontsize=9,
               labelcolor=pal.muted, handlelength=1.4, handleheight=1.0, columnspacing=2.0, handletextpad=0.6,
               borderaxespad=0.0, borderpad=0.0)


def draw_targets(ax, data, look: Look) -> None:
    """Per position: the next token it is trained to predict, right of its row of the table `ax`."""
    pal = look.palette
    T = len(data.tokens)
    x = T - 0.5 + 0.25
    ax.text(x, -0.55, look.t(STRINGS, "side_title"), ha="left", va="bottom", fontsize=9, color=pal.muted,
            clip_on=False)
    for q in range(T):
        target = data.targets[q]
        ax.text(x, q, look.t(STRINGS, "target", t=target) if target else look.t(STRINGS, "target_open"),
                ha="left", va="center", fontsize=9.5, color=pal.ink, clip_on=False)


def caption(data, look: Look) -> str:
    """How to read the table and the side, with the counts and the token ids, for the numbers file."""
    T = len(data.tokens)
    sep = ", " if look.lang == "en" else "、"
    ids = look.t(STRINGS, "c_ids", ids=sep.join(f"{t} = {i}" for t, i in zip(data.tokens, data.token_ids))) \
        if data.token_ids else ""
    rows = []
    for q in range(T):
        seen = ", ".join(t for t, ok in zip(data.tokens, data.allowed[q]) if ok)
        target = data.targets[q]
        rows.append(look.t(STRINGS, "c_sees", i=subscript(q + 1), seen=seen, t=target) if target
                    else look.t(STRINGS, "c_sees_open", i=subscript(q + 1), seen=seen))
    return (" " if look.lang == "en" else "").join(
        (look.t(STRINGS, "c_table") + ids, look.t(STRINGS, "c_side", allowed=data.n_allowed, masked=data.n_masked, T=T)
         + look.t(STRINGS, "c_rows", rows=("; " if look.lang == "en" else "；").join(rows))))


def make(data, look: Look):
    T = len(data.tokens)
    height = 3.85 + 0.4 * max(0, T - ROOMY_TOKENS)
    fig, axes = new_mosaic(7.2, height, [["table"]])
    draw(axes["table"], data, look)
    draw_targets(axes["table"], data, look)
    # the key labels sit on top of the table: keep the title in its own band above the layout
    bottom = BOTTOM_IN / height  # the last row keeps off the bottom edge
    fig.get_layout_engine().set(rect=(0, bottom, 1, 1 - 0.62 / height - bottom))
    fig.text(0.01, 0.99, look.t(STRINGS, "title", T=T), ha="left", va="top", fontsize=11,
             color=look.palette.ink)
    draw_key(fig, look, 1 - 0.30 / height)  # a line under the title, above the key labels
    centre_box(fig, axes["table"], whole=True)  # the drawing centred on the page: row names, grid and targets as one
    return fig
