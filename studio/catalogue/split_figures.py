"""The catalogue rows of figures split from a stacked one (issue 26: one point per figure, at most
9 in tall at 7.2 in wide). Each reads the same engine record as the figure it was split from (same
engine function, same parameters: its numbers file names the others under "record_shared_with") and
is listed right after the figure it follows: (that figure's name, the row as studio.catalogue._e takes it).
"""
from __future__ import annotations

PARTS = (
    ("pe_distance", (
            "pe_distance_gap", "figure", "figures.pe_distance_gap", "engine.pe_geometry:distance_profile",
            "The fingerprint distance depends only on the gap: distance vs gap, 1.0147 at gap 1, 3.5091 at "
            "gap 28.",
            "指紋距離只看相隔幾步：距離對相隔步數的曲線，相隔 1 是 1.0147，相隔 28 是 3.5091。",
            "指纹距离只看相隔几步：距离随相隔步数的曲线，相隔 1 是 1.0147，相隔 28 是 3.5091。",
            "positional",
    )),
    ("pe_waves", (
            "pe_waves_vector", "figure", "figures.pe_waves_vector", "engine.pe_waves:wave_samples",
            "The 8 values of PE(3) as boxes on the fixed ±1 scale, each from its wave.",
            "PE(3) 的 8 個值畫成方格，色階固定在 ±1，每個值來自它的波。",
            "PE(3) 的 8 个值画成方格，色阶固定在 ±1，每个值来自它的波。",
            "positional",
    )),
    ("seq_number_problems", (
            "seq_number_dots", "figure", "figures.seq_number_dots", "engine.pe_waves:seq_number_problems",
            "Why P_i = [i, …, i] fails, problem 2: its dot products have no bounded relative structure; "
            "sin/cos give one curve for every start.",
            "為什麼 P_i = [i, …, i] 不行之二：點積沒有有界的相對結構；正餘弦編碼每個起點都是同一條曲線。",
            "为什么 P_i = [i, …, i] 不行之二：点积没有有界的相对结构；正余弦编码每个起点都是同一条曲线。",
            "positional",
    )),
    ("seq_number_dots", (
            "seq_number_ratio", "figure", "figures.seq_number_ratio", "engine.pe_waves:seq_number_problems",
            "Why P_i = [i, …, i] fails, problem 3: the position drowns the content; sin/cos stay below it.",
            "為什麼 P_i = [i, …, i] 不行之三：位置蓋過內容；正餘弦編碼比內容小。",
            "为什么 P_i = [i, …, i] 不行之三：位置盖过内容；正余弦编码比内容小。",
            "positional",
    )),
    ("param_count", (
            "param_count_sizes", "figure", "figures.param_count_sizes", "engine.gpt2:gpt2_sizes",
            "The four GPT-2 sizes, tied, with the output head stacked on top for the untied count.",
            "GPT-2 的四種尺寸（綁定），上方疊上輸出頭即為不綁的參數量。",
            "GPT-2 的四种尺寸（绑定），上方叠上输出头即为不绑的参数量。",
            "depth",
    )),
    ("attention_heatmap_fig", (
        "attention_sum_fig", "figure", "figures.attention_sum_fig", "engine.toy:attention_lesson",
        "Attention's output for the last word of 'The cat sat on the': x as the weighted sum of the value "
        "vectors, drawn and term by term.",
        "「The cat sat on the」最後一個詞的注意力輸出：x 是值向量的加權和，畫出來並逐項寫出。",
        "「The cat sat on the」最后一个词的注意力输出：x 是值向量的加权和，画出来并逐项写出。",
        "worked",
    )),
    ("toy_permutation", (
        "toy_permutation_sums", "figure", "figures.toy_permutation_sums", "engine.toy:toy_permutation",
        "The last word's output in both orders, term by term: the same terms, summed in another order.",
        "兩種語序下最後一個詞的輸出逐項寫出：同樣的項，換個順序相加。",
        "两种语序下最后一个词的输出逐项写出：同样的项，换个顺序相加。",
        "worked",
    )),
    ("scores_wx", (
        "scores_wx_probs", "figure", "figures.scores_wx_probs", "engine.toy:output_scores",
        "W x = [4, 1, −1] read by columns, and the softmax of the three scores as bars.",
        "以行來讀 W x = [4, 1, −1]，以及三個分數的 softmax 長條圖。",
        "按列来读 W x = [4, 1, −1]，以及三个分数的 softmax 条形图。",
        "worked",
    )),
)
