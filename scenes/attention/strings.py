"""attention_heatmap's words in en, zh-Hant and zh-Hans (the same keys in each language), and how its
TeX lines write numbers (seed 003, "Tokens → vectors", "Dot products → attention weights", "The last
position supplies our context vector").

`tnum` (fixed decimals) and `short` (as given: 2, 0.5, −1) write numbers for TeX with an ASCII minus;
`pmatrix` a 2×2 projection; `places` the fewest decimals that write every embedding exactly.
"""
import numpy as np

from look import fmt_num

STRINGS = {
    "en": {
        "title": "Causal attention on \"{text}\"",
        "title_n": "Causal attention on {n} tokens",
        "embeddings": "embeddings as columns",
        "keys": "key j",
        "queries": "query i",
        "scores": "scores z_ij",
        "weights": "weights α_ij",
        "rowsum": "row sum",
        "future": "× = future position: weight exactly 0",
        "dim": "dim {k}",
        "running": "running sum",
        "tokenize": "Toy tokenization: lowercase, split at spaces. ",
        "cap_tokens": "Each token is a 2-D vector, stored as a column.",
        "shared_2": " Both '{w}' tokens share one vector.",
        "shared_k": " All {k} '{w}' tokens share one vector.",
        "cap_scores": "Every query is compared with every key: z = q·k / √2. Cell ({i}, {j}): '{qi}' asks, "
                      "'{kj}' answers.",
        "cap_mask": "Causal mask: position i may not look at j > i. Those cells get × and weight exactly 0, "
                    "not a small number.",
        "cap_softmax": "Softmax along each row, only over the visible cells: the weights are positive and "
                       "every row sums to 1.",
        "cap_context": "The last row gives the context vector x: each value vector is scaled by its weight "
                       "in that row, and the pieces are added head to tail.",
        "cap_summary": "Scores → mask → softmax → weighted sum. Here x = ({x1}, {x2}), computed, not guessed.",
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 個詞元上的因果注意力",
        "embeddings": "嵌入向量寫成欄向量",
        "keys": "鍵 j",
        "queries": "查詢 i",
        "scores": "分數 z_ij",
        "weights": "權重 α_ij",
        "rowsum": "列總和",
        "future": "× = 未來位置：權重恰為 0",
        "dim": "維度 {k}",
        "running": "累加中",
        "tokenize": "玩具斷詞：全部小寫、以空格切開。",
        "cap_tokens": "每個詞元是一個二維向量，寫成欄向量。",
        "shared_2": "兩個 {w} 共用同一個向量。",
        "shared_k": "{k} 個 {w} 共用同一個向量。",
        "cap_scores": "每個查詢都和每個鍵比較：z = q·k / √2。第 ({i}, {j}) 格：{qi} 去問，{kj} 回答。",
        "cap_mask": "因果遮罩：位置 i 不能看 j > i。這些格子標 ×，權重恰好是 0，不是很小的數。",
        "cap_softmax": "每一列只在看得到的格子上做 softmax：權重都是正的，每一列加總為 1。",
        "cap_context": "最後一列給出上下文向量 x：每個值向量乘上最後一列的權重，再首尾相接加起來。",
        "cap_summary": "分數 → 遮罩 → softmax → 加權和。上下文向量是算出來的，不是猜的：x = ({x1}, {x2})。",
    },
    "zh-Hans": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 个词元上的因果注意力",
        "embeddings": "嵌入向量写成列向量",
        "keys": "键 j",
        "queries": "查询 i",
        "scores": "分数 z_ij",
        "weights": "权重 α_ij",
        "rowsum": "行总和",
        "future": "× = 未来位置：权重恰为 0",
        "dim": "维度 {k}",
        "running": "累加中",
        "tokenize": "玩具分词：全部小写、以空格切开。",
        "cap_tokens": "每个词元是一个二维向量，写成列向量。",
        "shared_2": "两个 {w} 共用同一个向量。",
        "shared_k": "{k} 个 {w} 共用同一个向量。",
        "cap_scores": "每个查询都和每个键比较：z = q·k / √2。第 ({i}, {j}) 格：{qi} 去问，{kj} 回答。",
        "cap_mask": "因果遮罩：位置 i 不能看 j > i。这些格子标 ×，权重恰好是 0，不是很小的数。",
        "cap_softmax": "每一行只在看得到的格子上做 softmax：权重都是正的，每一行加总为 1。",
        "cap_context": "最后一行给出上下文向量 x：每个值向量乘上最后一行的权重，再首尾相接加起来。",
        "cap_summary": "分数 → 遮罩 → softmax → 加权和。上下文向量是算出来的，不是猜的：x = ({x1}, {x2})。",
    },
}


def tnum(v: float, decimals: int = 4) -> str:
    return fmt_num(float(v), decimals).replace("\u2212", "-")


def short(v: float) -> str:
    t = fmt_num(float(v), 4).rstrip("0").rstrip(".").replace("\u2212", "-")
    return t if t not in ("", "-") else "0"


def pmatrix(m) -> str:
    """A 2×2 matrix in TeX, entries as given (2, 0.5, −1)."""
    return (r"\begin{pmatrix}" + r"\\".join("&".join(short(v) for v in row) for row in np.asarray(m))
            + r"\end{pmatrix}")


def places(values) -> int:
    """The fewest decimals (1 to 4) that write every value exactly (up to 4 decimals)."""
    return next((k for k in range(1, 4) if all(abs(round(float(v), k) - float(v)) < 1e-9 for v in values)), 4)
