"""Worked examples: the catalogue rows of topic "worked",
seeds 000 and 003: the toy causal attention, the output scores, the Pre-LN block.

One `_e(...)` per entry (docs/adding-an-entry.md §2), in the order `render.py list` shows them."""
from __future__ import annotations

from studio.catalogue.entry import Accepts, Param, _e  # noqa: F401 (Accepts, Param: for a row's parameters)

ROWS = (
    _e(
        "attention_heatmap", "scene", "scenes.attention_heatmap", "engine.toy:attention_lesson",
        "Causal attention on 'The cat sat on the', animated: scores, × on the future, row softmax, x as a weighted sum.",
        "「The cat sat on the」的因果注意力動畫：分數、未來位置標 ×、逐列 softmax、x 是加權和。",
        "「The cat sat on the」的因果注意力动画：分数、未来位置标 ×、逐行 softmax、x 是加权和。",
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
        "Causal attention on 'The cat sat on the': weights with × on future cells, one of them computed step by step.",
        "「The cat sat on the」的因果注意力：權重表（未來位置標 ×），其中一格逐步算出。",
        "「The cat sat on the」的因果注意力：权重表（未来位置标 ×），其中一格逐步算出。",
        "worked",
    ),
    _e(
        "attention_sum_fig", "figure", "figures.attention_sum_fig", "engine.toy:attention_lesson",
        "Attention's output for the last word of 'The cat sat on the': x as the weighted sum of "
        "the value vectors, drawn and term by term.",
        "「The cat sat on the」最後一個詞的注意力輸出：x 是值向量的加權和，畫出來並逐項寫出。",
        "「The cat sat on the」最后一个词的注意力输出：x 是值向量的加权和，画出来并逐项写出。",
        "worked",
    ),
    _e(
        "scores_wx", "figure", "figures.scores_wx", "engine.toy:output_scores",
        "W x = [4, 1, −1]: row-by-column dot products, and the rows of W as arrows with x.",
        "W x = [4, 1, −1]：列乘行的內積，以及把 W 的各列畫成箭頭與 x 比較角度。",
        "W x = [4, 1, −1]：行乘列的内积，以及把 W 的各行画成箭头与 x 比较角度。",
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
        "'The cat sat on the' and 'on sat cat the the' give the same context vector x, and why.",
        "「The cat sat on the」與「on sat cat the the」得到相同的上下文向量 x，以及原因。",
        "「The cat sat on the」与「on sat cat the the」得到相同的上下文向量 x，以及原因。",
        "worked",
    ),
    _e(
        "toy_permutation_sums", "figure", "figures.toy_permutation_sums", "engine.toy:toy_permutation",
        "The last word's output in both orders, term by term: the same terms, summed in another "
        "order.",
        "兩種語序下最後一個詞的輸出逐項寫出：同樣的項，換個順序相加。",
        "两种语序下最后一个词的输出逐项写出：同样的项，换个顺序相加。",
        "worked",
    ),
)
