"""The words of prenorm_block's Post-LN section (scenes.prenorm.postln) in en, zh-Hant and zh-Hans, merged into
scenes.prenorm.strings.STRINGS; the numbers of its caption come from the record (postln_args)."""
import numpy as np

from look import fmt_num

POSTLN_STRINGS = {
    "en": {
        "pre_ln": "Pre-LN", "post_ln": "Post-LN",
        "cap_postln": "Post-LN, LN(x + F(x)), on the same input and weights: LayerNorm comes after each add. "
                      "The last add, Z + F, goes row by row; token a's sum has mean {am} and std {as_}. "
                      "Then LayerNorm normalises row by row. Every row now has mean {m} and std {s}, so the sum itself is normalised. "
                      "Pre-LN never normalises its skip line, so its Y is a raw sum: token a's row has "
                      "mean {pm} and std {ps}.",
        "cap_postln_eps": "Post-LN, LN(x + F(x)), on the same input and weights: LayerNorm comes after each add. "
                          "The last add, Z + F, goes row by row; token a's sum has mean {am} and std {as_}. "
                          "Then LayerNorm normalises row by row. Every row now has mean {m}, and ε keeps its std under 1 (token a: {s}). "
                          "Pre-LN never normalises its skip line, so its Y is a raw sum: token a's row has "
                          "mean {pm} and std {ps}.",
        "cue_post_add": "Thelastadd", "cue_post_rows": "ThenLayerNorm", "cue_post_claim": "Everyrownow",
        "cue_post_pre": "Pre-LNnever",
    },
    "zh-Hant": {
        "pre_ln": "Pre-LN", "post_ln": "Post-LN",
        "cap_postln": "換成 Post-LN，也就是 LN(x + F(x))：輸入和權重都不變，只是 LayerNorm 移到每次相加之後。"
                      "最後的 Z + F 逐列相加：詞元 a 那一列的和，均值是 {am}，標準差是 {as_}。"
                      "接著逐列做 LayerNorm。現在每一列的均值都是 {m}，標準差都是 {s}，整個和都被正規化了。"
                      "Pre-LN 從不正規化跳線，所以它的 Y 是沒有正規化的和：詞元 a 那一列，均值 {pm}，標準差 {ps}。",
        "cap_postln_eps": "換成 Post-LN，也就是 LN(x + F(x))：輸入和權重都不變，只是 LayerNorm 移到每次相加之後。"
                          "最後的 Z + F 逐列相加：詞元 a 那一列的和，均值是 {am}，標準差是 {as_}。"
                          "接著逐列做 LayerNorm。現在每一列的均值都是 {m}；ε 讓標準差略小於 1（詞元 a 是 {s}）。"
                          "Pre-LN 從不正規化跳線，所以它的 Y 是沒有正規化的和：詞元 a 那一列，均值 {pm}，標準差 {ps}。",
        "cue_post_add": "最後的Z+F", "cue_post_rows": "接著逐列做", "cue_post_claim": "現在每一列",
        "cue_post_pre": "Pre-LN從不",
    },
    "zh-Hans": {
        "pre_ln": "Pre-LN", "post_ln": "Post-LN",
        "cap_postln": "换成 Post-LN，也就是 LN(x + F(x))：输入和权重都不变，只是 LayerNorm 移到每次相加之后。"
                      "最后的 Z + F 逐行相加：词元 a 那一行的和，均值是 {am}，标准差是 {as_}。"
                      "接着逐行做 LayerNorm。现在每一行的均值都是 {m}，标准差都是 {s}，整个和都被归一化了。"
                      "Pre-LN 从不归一化跳线，所以它的 Y 是没有归一化的和：词元 a 那一行，均值 {pm}，标准差 {ps}。",
        "cap_postln_eps": "换成 Post-LN，也就是 LN(x + F(x))：输入和权重都不变，只是 LayerNorm 移到每次相加之后。"
                          "最后的 Z + F 逐行相加：词元 a 那一行的和，均值是 {am}，标准差是 {as_}。"
                          "接着逐行做 LayerNorm。现在每一行的均值都是 {m}；ε 让标准差略小于 1（词元 a 是 {s}）。"
                          "Pre-LN 从不归一化跳线，所以它的 Y 是没有归一化的和：词元 a 那一行，均值 {pm}，标准差 {ps}。",
        "cue_post_add": "最后的Z+F", "cue_post_rows": "接着逐行做", "cue_post_claim": "现在每一行",
        "cue_post_pre": "Pre-LN从不",
    },
}


def postln_args(d) -> dict:
    """The Post-LN caption's numbers, as the screen rounds them: token a's mean and std of Post-LN's output (every row
    has the same at 2 decimals when ε is too small to show: post_rows_normalised), and of Pre-LN's Y."""
    return {"m": fmt_num(abs(d.post_Y_mean[0]), 2), "s": fmt_num(d.post_Y_std[0], 2),  # abs: a mean of −1e-17 reads 0.00
            "pm": fmt_num(d.Y_mean[0], 2), "ps": fmt_num(d.Y_std[0], 2),
            "am": fmt_num(d.post_sum_mean[0], 2), "as_": fmt_num(d.post_sum_std[0], 2)}  # the last add's sum, before its LayerNorm


def post_rows_normalised(d) -> bool:
    """Whether every row of Post-LN's output has mean 0 and std 1 at the 2 decimals shown (cap_postln's claim; else
    cap_postln_eps: a visible ε keeps the std under 1)."""
    return bool(np.all([fmt_num(abs(m), 2) == "0.00" and fmt_num(s, 2) == "1.00"
                        for m, s in zip(d.post_Y_mean, d.post_Y_std)]))
