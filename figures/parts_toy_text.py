"""The toy attention model's set-up as a caption states it (attention_heatmap_fig, attention_sum_fig,
toy_permutation, toy_permutation_sums): the hand-picked 2-D embeddings, the projections, d_k and the
causal mask, every value from the record, in the look's language; and the token chips (a grey graded
in lightness per word, look.tokens.token_fill) the weight tables and the sum chains label tokens with."""
from __future__ import annotations

import numpy as np

from look import Look, fmt_num
from look.tokens import token_dash

SETUP = {
    "en": ("The toy model: hand-picked 2-D embeddings {emb}; {proj}; dₖ = {dk}, so each dot product is "
           "divided by √{dk} = {sqrt}; a causal mask (a query sees only keys j ≤ i) and no position "
           "information."),
    "zh-Hant": ("玩具模型：手選的二維嵌入 {emb}；{proj}；dₖ = {dk}，所以每個內積都除以 √{dk} = {sqrt}；"
                "用因果遮罩（查詢只看得到 j ≤ i 的鍵），沒有任何位置資訊。"),
    "zh-Hans": ("玩具模型：手选的二维嵌入 {emb}；{proj}；dₖ = {dk}，所以每个内积都除以 √{dk} = {sqrt}；"
                "用因果遮罩（查询只看得到 j ≤ i 的键），没有任何位置信息。"),
}
IDENTITY = {
    "en": "the query, key and value matrices are all the identity I, so q = k = v = e (Q = K = V = E)",
    "zh-Hant": "查詢、鍵、值矩陣都是單位矩陣 I，所以 q = k = v = e（Q = K = V = E）",
    "zh-Hans": "查询、键、值矩阵都是单位矩阵 I，所以 q = k = v = e（Q = K = V = E）",
}
GIVEN = {
    "en": "query matrix {q}, key matrix {k}, value matrix {v} (by rows)",
    "zh-Hant": "查詢矩陣 {q}、鍵矩陣 {k}、值矩陣 {v}（逐列寫出）",
    "zh-Hans": "查询矩阵 {q}、键矩阵 {k}、值矩阵 {v}（逐行写出）",
}


def short(v: float) -> str:
    """An input number as given: 2, 0.4, −1; at most four decimals."""
    text = fmt_num(float(v), 4).rstrip("0").rstrip(".")
    return "0" if text in ("", "\u2212", "\u22120") else text


def vec(v) -> str:
    return "(" + ", ".join(short(c) for c in v) + ")"


def matrix(m) -> str:
    return "[" + "; ".join(", ".join(short(c) for c in row) for row in np.asarray(m)) + "]"


def setup(tokens, E, A_Q, A_K, A_V, look: Look) -> str:
    """One paragraph: the embeddings of the distinct tokens, the projections, d_k and the mask."""
    sep = ", " if look.lang == "en" else "、"
    seen = {}
    for j, t in enumerate(tokens):
        seen.setdefault(t, E[:, j])
    emb = sep.join(f"e({t}) = {vec(e)}" for t, e in seen.items())
    mats = [np.eye(2) if m is None else np.asarray(m) for m in (A_Q, A_K, A_V)]
    if all(np.array_equal(m, np.eye(m.shape[0])) for m in mats):
        proj = IDENTITY[look.lang]
    else:
        proj = GIVEN[look.lang].format(q=matrix(mats[0]), k=matrix(mats[1]), v=matrix(mats[2]))
    dk = E.shape[0]
    return SETUP[look.lang].format(emb=emb, proj=proj, dk=dk, sqrt=fmt_num(np.sqrt(dk), 4))


PLAIN = {
    "en": ("The printed weights are each rounded to the nearest hundredth, so a printed row may add to a "
           "hundredth more or less than 1{example}."),
    "zh-Hant": "表中每個權重各自四捨五入到兩位小數，所以印出的一列加起來可能比 1 多或少 0.01{example}。",
    "zh-Hans": "表中每个权重各自四舍五入到两位小数，所以印出的一行加起来可能比 1 多或少 0.01{example}。",
}
PLAIN_EXAMPLE = {
    "en": " (row {i} adds to {s})",
    "zh-Hant": "（第 {i} 列加起來是 {s}）",
    "zh-Hans": "（第 {i} 行加起来是 {s}）",
}


def plain_rounding_note(A_printed, look: Look) -> str:
    """How a table printed by plain rounding to two decimals (A_printed) reads: each cell its nearest
    hundredth, with the first row whose printed cells do not add to 1.00, if any."""
    sums = np.round(np.asarray(A_printed).sum(axis=1), 2)  # (n,) each printed row's sum
    off = np.flatnonzero(np.abs(sums - 1.0) > 1e-9)
    example = PLAIN_EXAMPLE[look.lang].format(i=int(off[0]) + 1, s=fmt_num(sums[off[0]], 2)) if len(off) else ""
    return PLAIN[look.lang].format(example=example)


def join(look: Look, *parts: str) -> str:
    """Caption paragraphs joined by a space (English) or nothing (Chinese)."""
    return (" " if look.lang == "en" else "").join(p for p in parts if p)


CHIP_EDGE = 1.1  # points: the chip outline, thick enough for its dash pattern to read at print size
CHIP_PAD_PT = 3.0  # points of panel between the word and the inside of its outline, each side, in every language
TICK_GAP_PT = 2.0  # points between a chip's outline and the table it labels
CHIP_PAD = 0.22  # the least pad, as a share of the font size (matplotlib's bbox pad), for text larger than 16 pt
CHAIN_LABEL_PT = 9.0  # the sum chains' chip labels (parts_chains): the same chip_pad as the weight tables' chips


def chip_pad(fontsize: float) -> float:
    """The bbox pad (a share of the font size) that leaves CHIP_PAD_PT of panel between the text's extent, as the
    renderer lays it out, and the inner edge of the CHIP_EDGE outline: at 9 pt 0.39, not 0.22 (2 pt, which the
    narrower CJK-font labels of zh-Hans and zh-Hant made touch the dashes)."""
    return max(CHIP_PAD, (CHIP_PAD_PT + CHIP_EDGE / 2) / fontsize)


def chip_style(token: str, look: Look, fontsize: float) -> dict:
    """A token chip as a matplotlib bbox (plus "color" for its text): the panel colour under the word in ink,
    outlined in ink with the token's dash pattern (look.tokens.token_dash, the dash of its arrow in the sum
    chains). No hue and no grade of grey: the word names the token, the dash tells two words apart where the
    word is small, and no chip can read as a meaning colour or an amount of another figure. `fontsize`: the
    word's, so the pad (chip_pad) is CHIP_PAD_PT at any size: a weight table's chips and the sum chains' alike."""
    pal = look.palette
    return dict(color=pal.ink, bbox=dict(boxstyle=f"round,pad={chip_pad(fontsize):.3f}", facecolor=pal.panel, edgecolor=pal.ink,
                                         linewidth=CHIP_EDGE, linestyle=token_dash(token)))


def token_chips(ax, tokens, look: Look) -> None:
    """A weight table's key and query labels ("2 cat") set on their token's chips (chip_style)."""
    for axis, labels in (("x", ax.get_xticklabels()), ("y", ax.get_yticklabels())):
        size = max((label.get_fontsize() for label in labels), default=10.0)
        # the labels stand off the table by their chip's pad and outline, so a chip stays clear of the cells
        ax.tick_params(axis=axis, pad=TICK_GAP_PT + chip_pad(size) * size + CHIP_EDGE)
        for label, token in zip(labels, tokens):
            style = chip_style(token, look, label.get_fontsize())
            label.set_color(style["color"])
            label.set_bbox(style["bbox"])
