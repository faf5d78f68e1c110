"""Human labels for the numbers a handout page lists (studio.publish.deck.handout): one entry per
record field of a scene's frames table (docs/numbers.md), in the deck's three languages. A column
`FIELD_K` (one per hand, row, plane or layer) takes FIELD_K's label with {k} filled in. A column
with no label is left out of the page: flags that say what is drawn (scores_a_shown), layout
values and internal names are not numbers for a student, and a raw key is never printed. A column
of DRAWN_UNTIL is listed only for the layers the picture draws it at (`drawn`): signal_decay's rms_ln_K
(LayerNorm after every layer) is what its folded line shows at layer K once the fold has passed K
(ln_layers ≥ K, LayerNorm after layers 1 … K: the same values), and nothing before.
"""
from __future__ import annotations

import re

# field: (English, Traditional Chinese, Simplified Chinese)
_FIELDS = {
    # pe_clock (seed 001: the clock of sine and cosine hands)
    "position": ("seat (position)", "座位（位置）", "座位（位置）"),
    "sin_K": ("sin, hand {k}", "sin，第 {k} 根指針", "sin，第 {k} 根指针"),
    "cos_K": ("cos, hand {k}", "cos，第 {k} 根指針", "cos，第 {k} 根指针"),
    "angle_deg_K": ("angle of hand {k} (°)", "第 {k} 根指針的角度（°）", "第 {k} 根指针的角度（°）"),
    "order_words_a": ("五 looks at 十 in 十五, words only", "十五 裡「五」看「十」，只有詞向量", "十五 里「五」看「十」，只有词向量"),
    "order_words_b": ("五 looks at 十 in 五十, words only", "五十 裡「五」看「十」，只有詞向量", "五十 里「五」看「十」，只有词向量"),
    "order_pe_a": ("五 looks at 十 in 十五, words + PE", "十五 裡「五」看「十」，詞向量 + PE", "十五 里「五」看「十」，词向量 + PE"),
    "order_pe_b": ("五 looks at 十 in 五十, words + PE", "五十 裡「五」看「十」，詞向量 + PE", "五十 里「五」看「十」，词向量 + PE"),
    "split_a_K": ("十五: part {k} of the score (word·word, word·seat, seat·word, seat·seat)",
                  "十五：分數的第 {k} 項（詞·詞、詞·座位、座位·詞、座位·座位）",
                  "十五：分数的第 {k} 项（词·词、词·座位、座位·词、座位·座位）"),
    "split_b_K": ("五十: part {k} of the score (word·word, word·seat, seat·word, seat·seat)",
                  "五十：分數的第 {k} 項（詞·詞、詞·座位、座位·詞、座位·座位）",
                  "五十：分数的第 {k} 项（词·词、词·座位、座位·词、座位·座位）"),
    "pe_dot": ("PE(0)·PE(1) without the head", "PE(0)·PE(1)，不經注意力頭", "PE(0)·PE(1)，不经注意力头"),
    # permutation
    "example": ("example", "例子", "例子"),
    "score_deviation": ("scores: largest change after reordering", "分數：重排後的最大差", "分数：重排后的最大差"),
    "output_deviation": ("outputs: largest change after reordering", "輸出：重排後的最大差",
                         "输出：重排后的最大差"),
    "score_pe_deviation": ("scores with positions: largest change", "加上位置後的分數：最大差",
                           "加上位置后的分数：最大差"),
    "pe_deviation": ("outputs with positions: largest change", "加上位置後的輸出：最大差",
                     "加上位置后的输出：最大差"),
    # naive_position
    "word": ("word", "詞", "词"),
    "p": ("position p", "位置 p", "位置 p"),
    "q": ("position q", "位置 q", "位置 q"),
    "p_minus_q": ("p − q", "p − q", "p − q"),
    "content_share_pct": ("share of the word's content (%)", "詞義所佔比例（%）", "词义所占比例（%）"),
    "total": ("total", "總和", "总和"),
    # rope_rotation
    "m": ("position m", "位置 m", "位置 m"),
    "n": ("position n", "位置 n", "位置 n"),
    "gap": ("gap m − n", "距離 m − n", "距离 m − n"),
    "score": ("score", "分數", "分数"),
    "q_turn_deg_K": ("q turned, plane {k} (°)", "q 的旋轉角，第 {k} 個平面（°）", "q 的旋转角，第 {k} 个平面（°）"),
    "k_turn_deg_K": ("k turned, plane {k} (°)", "k 的旋轉角，第 {k} 個平面（°）", "k 的旋转角，第 {k} 个平面（°）"),
    # signal_decay
    "s": ("scale per layer s", "每層的縮放 s", "每层的缩放 s"),
    "layers_passed": ("layers passed", "已經過的層數", "已经过的层数"),
    "rms_plain_K": ("RMS without LayerNorm, layer {k}", "沒有 LayerNorm 的 RMS，第 {k} 層",
                    "没有 LayerNorm 的 RMS，第 {k} 层"),
    "rms_ln_K": ("RMS of the folded line (LayerNorm after layers 1 … {k}), layer {k}",
                 "摺下來的線的 RMS（第 1 … {k} 層之後加 LayerNorm），第 {k} 層",
                 "折下来的线的 RMS（第 1 … {k} 层之后加 LayerNorm），第 {k} 层"),
    "ln_layers": ("layers the line is folded over (LayerNorm after each)", "線已摺下的層數（每層之後加 LayerNorm）",
                  "线已折下的层数（每层之后加 LayerNorm）"),
    # softmax_bars
    "p_K": ("probability {k}", "機率 {k}", "概率 {k}"),
    # layernorm_steps
    "mean_K": ("mean, row {k}", "平均，第 {k} 列", "均值，第 {k} 行"),
    "variance_K": ("variance, row {k}", "變異數，第 {k} 列", "方差，第 {k} 行"),
    "sigma_K": ("σ, row {k}", "σ，第 {k} 列", "σ，第 {k} 行"),
    "batch_col_mean_K": ("batch: mean of feature {k}", "批次：特徵 {k} 的平均", "批次：特征 {k} 的均值"),
    "batch_col_sigma_K": ("batch: σ of feature {k}", "批次：特徵 {k} 的 σ", "批次：特征 {k} 的 σ"),
    "sum_sq_K": ("sum of squares, row {k}", "平方和，第 {k} 列", "平方和，第 {k} 行"),
    "divisor_K": ("divisor √(σ² + ε), row {k}", "除數 √(σ² + ε)，第 {k} 列", "除数 √(σ² + ε)，第 {k} 行"),
    # naive_position: (E+p)·(E′+q) as four terms
    "term_K": ("term {k} of (E+p)·(E′+q)", "(E+p)·(E′+q) 的第 {k} 項", "(E+p)·(E′+q) 的第 {k} 项"),
    # pe_clock
    "speed_ratio": ("fastest hand's speed over the slowest's", "最快與最慢指針的速度比", "最快与最慢指针的速度比"),
    "pair_distance": ("distance between the two seats", "兩個座位之間的距離", "两个座位之间的距离"),
    "min_distance": ("smallest distance between two seats", "兩個座位之間的最小距離", "两个座位之间的最小距离"),
    # rope_rotation
    "q_len_K": ("length of q, plane {k}", "q 的長度，第 {k} 個平面", "q 的长度，第 {k} 个平面"),
    # attention_heatmap
    "masked_cells": ("cells the mask hides", "遮罩蓋住的格子", "掩码盖住的格子"),
    "unpacked": ("one cell worked out", "算開的一格", "算开的一格"),
    "same_weights": ("equal weights", "相等的權重", "相等的权重"),
    "same_scores": ("equal scores", "相等的分數", "相等的分数"),
    "heads_concat": ("the heads' outputs side by side", "各頭的輸出並排", "各头的输出并排"),
    "layer_out": ("the layer's output", "這一層的輸出", "这一层的输出"),
    # backprop_small (values as the scene writes them)
    "target_shown": ("target y", "目標 y", "目标 y"),
    "y_hat_shown": ("output ŷ", "輸出 ŷ", "输出 ŷ"),
    "loss_shown": ("loss L", "損失 L", "损失 L"),
    "x_shown": ("at the inputs", "輸入節點上", "输入节点上"),
    "hidden_shown": ("at the hidden nodes", "隱藏節點上", "隐藏节点上"),
    "dx_shown": ("∂L/∂x₁", "∂L/∂x₁", "∂L/∂x₁"),
    "dloss_shown": ("change in the loss", "損失的變化", "损失的变化"),
    "w1_grads_shown": ("first layer's weight gradients", "第一層權重的梯度", "第一层权重的梯度"),
    "lr_shown": ("learning rate", "學習率", "学习率"),
    "losses_shown": ("loss after each step", "每一步後的損失", "每一步后的损失"),
    # prenorm_block
    "ln1_var_row1": ("LayerNorm 1: variance of row 1", "LayerNorm 1：第 1 列的變異數", "LayerNorm 1：第 1 行的方差"),
    "ln1_std_row1": ("LayerNorm 1: σ of row 1", "LayerNorm 1：第 1 列的 σ", "LayerNorm 1：第 1 行的 σ"),
    "swap_change_max": ("largest change after the swap", "交換後的最大變化", "交换后的最大变化"),
}
_LANGS = ("en", "zh-Hant", "zh-Hans")
FIELD_LABELS = {lang: {f: v[i] for f, v in _FIELDS.items()} for i, lang in enumerate(_LANGS)}


def field_label(column: str, lang: str) -> str | None:
    """The label of a frames-table column in `lang`, or None when it has none (leave it out)."""
    table = FIELD_LABELS[lang]
    if column in table:
        return table[column]
    m = re.fullmatch(r"(.+)_(\d+)", column)
    if m and f"{m.group(1)}_K" in table:
        return table[f"{m.group(1)}_K"].format(k=m.group(2))
    return None


# FIELD_K: the frames-table column whose value k the picture must have reached for FIELD_K to be drawn
DRAWN_UNTIL = {"rms_ln_K": "ln_layers"}


def drawn(column: str, row: dict) -> bool:
    """Whether the value in `column` of frames-table `row` is drawn at that frame (DRAWN_UNTIL)."""
    m = re.fullmatch(r"(.+)_(\d+)", column)
    until = DRAWN_UNTIL.get(f"{m.group(1)}_K") if m else None
    if until is None:
        return True
    try:
        return int(m.group(2)) <= float(row.get(until, ""))
    except ValueError:
        return False
