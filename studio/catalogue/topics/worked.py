"""Worked examples: the catalogue rows of topic "worked",
seeds 000 and 003: the toy causal attention, the output scores, the Pre-LN block.

One `_e(...)` per entry (docs/adding-an-entry.md §2), in the order `render.py list` shows them."""
from __future__ import annotations

from studio.catalogue.entry import Accepts, Param, _e  # noqa: F401 (Accepts, Param: for a row's parameters)

ROWS = (
    _e(
        "attention_heatmap", "scene", "scenes.attention_heatmap", "engine.toy:attention_lesson",
        "Causal attention on 'The cat sat on the', animated: scores, × on the future, row softmax, x as a weighted "
        "sum; a second head beside it, both mixed by the output projection.",
        "「The cat sat on the」的因果注意力動畫：分數、未來位置標 ×、逐列 softmax、x 是加權和；並排的第二個頭，兩者由輸出投影混合。",
        "「The cat sat on the」的因果注意力动画：分数、未来位置标 ×、逐行 softmax、x 是加权和；并排的第二个头，两者由输出投影混合。",
        "worked",
    ),
    _e(
        "prenorm_block", "scene", "scenes.prenorm_block", "engine.block:prenorm_lesson",
        "The Pre-LN block with positional encoding as a data path, step by step; swapping the two tokens "
        "only swaps the outputs when P = 0.",
        "加入位置編碼的 Pre-LN 區塊沿著資料路徑逐步計算；P = 0 時交換兩個詞元只會交換輸出。",
        "加入位置编码的 Pre-LN 区块沿着数据路径逐步计算；P = 0 时交换两个词元只会交换输出。",
        "worked",
    ),
    _e(
        "attention_heatmap_fig", "figure", "figures.attention_heatmap_fig", "engine.toy:attention_lesson",
        "Causal attention on 'The cat sat on the': each row of weights sums to 1, every future cell is exactly 0, and the cell of sat looking at cat works out to 0.6027.",
        "「The cat sat on the」的因果注意力：每一列權重加總為 1，未來位置恰為 0；sat 看 cat 的那一格算出來是 0.6027。",
        "“The cat sat on the”的因果注意力：每一行权重加总为 1，未来位置恰为 0；sat 看 cat 的那一格算出来是 0.6027。",
        "worked",
    ),
    _e(
        "attention_sum_fig", "figure", "figures.attention_sum_fig", "engine.toy:attention_lesson",
        "The last word's attention output: x = (0.6286, 0.7994) is the value vectors weighted by the last row, the terms laid tip to tail.",
        "最後一個詞的注意力輸出：x = (0.6286, 0.7994) 是用最後一列權重加權的值向量和，各項頭尾相接畫出。",
        "最后一个词的注意力输出：x = (0.6286, 0.7994) 是用最后一行权重加权的值向量和，各项头尾相接画出。",
        "worked",
    ),
    _e(
        "scores_wx", "figure", "figures.scores_wx", "engine.toy:output_scores",
        "Output scores as arrows: s = W x = (4, 1, −1), each ‖w‖ ‖x‖ cos θ; mat scores highest, its row both the longest (√5 against √2) and the closest in angle to x.",
        "輸出分數畫成向量箭頭：s = W x = (4, 1, −1)，每個都是 ‖w‖ ‖x‖ cos θ；mat 分數最高，它那一列最長（√5，其他是 √2），與 x 的夾角也最小。",
        "输出分数画成向量箭头：s = W x = (4, 1, −1)，每个都是 ‖w‖ ‖x‖ cos θ；mat 分数最高，它那一行最长（√5，其他是 √2），与 x 的夹角也最小。",
        "worked",
    ),
    _e(
        "scores_wx_probs", "figure", "figures.scores_wx_probs", "engine.toy:output_scores",
        "Softmax turns the scores W x = [4, 1, −1] into 0.9465, 0.0471, 0.0064: bars that sum to 1, each "
        "labelled with its probability.",
        "Softmax 把分數 W x = [4, 1, −1] 變成 0.9465、0.0471、0.0064：長條加起來是 1，每條都標出機率。",
        "Softmax 把分数 W x = [4, 1, −1] 变成 0.9465、0.0471、0.0064：条形加起来是 1，每条都标出概率。",
        "worked",
    ),
    _e(
        "toy_permutation", "figure", "figures.toy_permutation", "engine.toy:toy_permutation",
        "Word order in the toy attention: “the cat sat on the” and “on sat cat the the” give the last word the same x = (0.6286, 0.7994), while the other rows differ.",
        "玩具注意力與詞序：「the cat sat on the」與「on sat cat the the」讓最後一個詞得到相同的 x = (0.6286, 0.7994)，其他列則不同。",
        "玩具注意力与词序：“the cat sat on the”与“on sat cat the the”让最后一个词得到相同的 x = (0.6286, 0.7994)，其他行则不同。",
        "worked",
    ),
    _e(
        "toy_permutation_sums", "figure", "figures.toy_permutation_sums", "engine.toy:toy_permutation",
        "The last word's output in both orders: the same five terms, laid tip to tail in another order, end at the same x.",
        "兩種詞序下最後一個詞的輸出：同樣的五項換個順序頭尾相接，終點是同一個 x。",
        "两种词序下最后一个词的输出：同样的五项换个顺序头尾相接，终点是同一个 x。",
        "worked",
    ),
)

# The teaching order, used by the lesson page and the deck (studio.catalogue.order): "scene@section"
# is the scene up to the pause that holds that section, a bare scene name the rest of it; a figure or
# a widget comes right after the scene pause it illustrates. A widget that asks for a prediction comes
# before the figure that states its answer (studio.publish.pages.text.REVEALED_BY).
LESSON = (
    "attention_heatmap@softmax", "attention_heatmap_fig", "attention_heatmap@summary", "attention_sum_fig", "toy",
    "attention_heatmap", "wx", "scores_wx", "scores_wx_probs",
    "reorder", "toy_permutation", "toy_permutation_sums", "prenorm_block", "block", "exercises", "guide",
)
