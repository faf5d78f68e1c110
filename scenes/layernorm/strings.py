"""The words of layernorm_steps and the captions whose claims the record bears out.

`caption_args(record)` picks, for every caption, the wording the numbers support (a row of small
values is "stretched", ε makes the variance "just under 1", the output "is not 0 and 1") and fills
in its numbers from the record (engine.norms.LayerNormSteps); `captions(record, lang)` formats them.
"""
from __future__ import annotations

import numpy as np

from look import fmt_num

STRINGS = {
    "en": {
        "title": "LayerNorm, step by step",
        "row": "row {r}",
        "row_one": "one sample, {n} features",
        "mean": "mean",
        "variance": "variance",
        "zoom": "bar heights ×",
        "aside": "Aside",
        "aside_not": "not ÷ (n − 1)",
        "which_0": "Row 0",
        "which_one": "The row",
        "cap_input": "A layer's output: {r} samples × {n} features, one row per sample. LayerNorm normalises "
                     "each row on its own, over its {n} features.",
        "cap_input_one": "A layer's output for one sample: {n} features, drawn as {n} bars. LayerNorm "
                         "normalises them together.",
        "cap_stats": "Step 1: each row's mean μ (dashed line) and spread σ (the band μ ± σ). The variance σ² "
                     "is the average squared distance from μ.",
        "cap_aside": "Aside: nn.LayerNorm uses this population variance, ÷ n, with ε.",
        "cap_centre": "Step 2: subtract μ. Every bar drops by the same amount: the mean becomes 0, the "
                      "variance does not change.",
        "cap_scale": "Step 3: divide by √(σ² + ε). The band becomes nearly ±1: a row of small "
                     "values is stretched to unit scale.",
        "cap_scale_shrink": "Step 3: divide by √(σ² + ε). The band becomes nearly ±1: a row of "
                            "large values is shrunk to unit scale.",
        "cap_scale_both": "Step 3: divide by √(σ² + ε). The band becomes nearly ±1: small rows "
                          "are stretched, large ones shrunk.",
        "cap_scale_eps": "Step 3: divide by √(σ² + ε). Where ε is not small next to σ², the "
                         "band stays inside ±1.",
        "cap_check": "{which} now has mean {m} and variance {v}: just under 1, because ε is added to σ².",
        "cap_check_exact": "{which} now has mean {m} and variance {v}: exactly 1, since ε = 0.",
        "cap_check_negligible": "{which} now has mean {m} and variance {v}: ε is negligible next to σ².",
        "cap_check_large": "{which} now has mean {m} and variance {v}: well under 1, because ε is large "
                           "next to σ².",
        "cap_affine": "Step 4: multiply by γ, then add β. Both are learned, one pair per feature, shared by "
                      "every row.",
        "cap_affine_one": "Step 4: multiply by γ, then add β. Both are learned, one pair per feature.",
        "cap_result": "{which} ends with mean {m} and variance {v}, not 0 and 1: γ and β decide them.",
        "cap_result_plain": "{which} ends with mean {m} and variance {v}: γ and β decide them.",
        "cap_conclusion": "So LayerNorm normalises each row, then scales by γ and shifts by β. "
                          "Training learns both, from 1 and 0.",
    },
    "zh-Hant": {
        "title": "LayerNorm，一步一步做",
        "row": "第 {r} 列",
        "row_one": "一個樣本，{n} 個特徵",
        "mean": "均值",
        "variance": "變異數",
        "zoom": "長條放大 ×",
        "aside": "題外話",
        "aside_not": "不是 ÷ (n − 1)",
        "which_0": "第 0 列",
        "which_one": "這一列",
        "cap_input": "某一層的輸出：{r} 個樣本 × {n} 個特徵，每個樣本一列。LayerNorm 對每一列各自正規化，"
                     "只看這一列的 {n} 個特徵。",
        "cap_input_one": "某一層對一個樣本的輸出：{n} 個特徵，畫成 {n} 根長條。LayerNorm 把它們放在一起正規化。",
        "cap_stats": "第 1 步：均值 μ 是虛線，標準差 σ 是 μ ± σ 的色帶。變異數 σ² 是各值與 μ 之差平方的平均。",
        "cap_aside": "題外話：nn.LayerNorm 用母體變異數（除以 n）加上 ε。",
        "cap_centre": "第 2 步：減去 μ。每根長條都降低同樣的量。於是均值變成 0，變異數不變。",
        "cap_scale": "第 3 步：除以 √(σ² + ε)。色帶變成幾乎 ±1：一列很小的數值被拉到單位尺度。",
        "cap_scale_shrink": "第 3 步：除以 √(σ² + ε)。色帶變成幾乎 ±1：一列很大的數值被壓回單位尺度。",
        "cap_scale_both": "第 3 步：除以 √(σ² + ε)。色帶變成幾乎 ±1：小的列拉大，大的列壓小。",
        "cap_scale_eps": "第 3 步：除以 √(σ² + ε)。ε 和 σ² 比起來不算小的那一列，色帶停在 ±1 以內。",
        "cap_check": "{which}的均值變成 {m}，變異數 {v}：略小於 1，因為 σ² 先加上了 ε。",
        "cap_check_exact": "{which}的均值變成 {m}，變異數 {v}：剛好是 1，因為這裡 ε = 0。",
        "cap_check_negligible": "{which}的均值變成 {m}，變異數 {v}：ε 和 σ² 比起來微不足道。",
        "cap_check_large": "{which}的均值變成 {m}，變異數 {v}：遠小於 1，因為 ε 和 σ² 比起來很大。",
        "cap_affine": "第 4 步：先乘上 γ，再加上 β。兩者都是學出來的，每個特徵一組，所有列共用。",
        "cap_affine_one": "第 4 步：先乘上 γ，再加上 β。兩者都是學出來的，每個特徵一組。",
        "cap_result": "{which}現在均值 {m}、變異數 {v}。不再是 0 和 1，而是由 γ 和 β 決定。",
        "cap_result_plain": "{which}現在均值 {m}、變異數 {v}，由 γ 和 β 決定。",
        "cap_conclusion": "總結：LayerNorm 把每一列正規化之後，再乘上 γ、加上 β。γ 從 1、β 從 0 開始，由訓練學出來。",
    },
    "zh-Hans": {
        "title": "LayerNorm，一步一步做",
        "row": "第 {r} 行",
        "row_one": "一个样本，{n} 个特征",
        "mean": "均值",
        "variance": "方差",
        "zoom": "柱子放大 ×",
        "aside": "题外话",
        "aside_not": "不是 ÷ (n − 1)",
        "which_0": "第 0 行",
        "which_one": "这一行",
        "cap_input": "某一层的输出：{r} 个样本 × {n} 个特征，每个样本一行。LayerNorm 对每一行各自归一化，"
                     "只看这一行的 {n} 个特征。",
        "cap_input_one": "某一层对一个样本的输出：{n} 个特征，画成 {n} 根柱子。LayerNorm 把它们放在一起归一化。",
        "cap_stats": "第 1 步：均值 μ 是虚线，标准差 σ 是 μ ± σ 的色带。方差 σ² 是各值与 μ 之差平方的平均。",
        "cap_aside": "题外话：nn.LayerNorm 用总体方差（除以 n）加上 ε。",
        "cap_centre": "第 2 步：减去 μ。每根柱子都降低同样的量。于是均值变成 0，方差不变。",
        "cap_scale": "第 3 步：除以 √(σ² + ε)。色带变成几乎 ±1：一行很小的数值被拉到单位尺度。",
        "cap_scale_shrink": "第 3 步：除以 √(σ² + ε)。色带变成几乎 ±1：一行很大的数值被压回单位尺度。",
        "cap_scale_both": "第 3 步：除以 √(σ² + ε)。色带变成几乎 ±1：小的行拉大，大的行压小。",
        "cap_scale_eps": "第 3 步：除以 √(σ² + ε)。ε 和 σ² 相比不算小的那一行，色带停在 ±1 以内。",
        "cap_check": "{which}的均值变成 {m}，方差 {v}：略小于 1，因为 σ² 先加上了 ε。",
        "cap_check_exact": "{which}的均值变成 {m}，方差 {v}：刚好是 1，因为这里 ε = 0。",
        "cap_check_negligible": "{which}的均值变成 {m}，方差 {v}：ε 和 σ² 相比微不足道。",
        "cap_check_large": "{which}的均值变成 {m}，方差 {v}：远小于 1，因为 ε 和 σ² 相比很大。",
        "cap_affine": "第 4 步：先乘上 γ，再加上 β。两者都是学出来的，每个特征一组，所有行共用。",
        "cap_affine_one": "第 4 步：先乘上 γ，再加上 β。两者都是学出来的，每个特征一组。",
        "cap_result": "{which}现在均值 {m}、方差 {v}。不再是 0 和 1，而是由 γ 和 β 决定。",
        "cap_result_plain": "{which}现在均值 {m}、方差 {v}，由 γ 和 β 决定。",
        "cap_conclusion": "总结：LayerNorm 把每一行归一化之后，再乘上 γ、加上 β。γ 从 1、β 从 0 开始，由训练学出来。",
    },
}


def f4(v) -> str:
    """A mean or variance as the read-outs show it: 4 decimals."""
    return fmt_num(float(v), 4)


def caption_args(d) -> dict:
    """{moment: (string key, placeholders)}: which wording each step uses and its numbers, every number
    read from the record (LayerNormSteps). A claim ("just under 1", "stretched", "not 0 and 1") is made
    only where the numbers bear it out; otherwise the caption says what they do show."""
    rows = d.out.shape[0]
    one = "_one" if rows == 1 else ""
    which = "which" + (one or "_0")
    if np.min(d.check_std_class) < 0.95:
        scale = "cap_scale_eps"  # ε is not small next to σ²: the band stays well inside ±1
    elif np.all(d.std_biased < 1):
        scale = "cap_scale"
    elif np.all(d.std_biased > 1):
        scale = "cap_scale_shrink"
    else:
        scale = "cap_scale_both"
    v0 = f4(d.check_var_class[0])
    if d.eps == 0:
        check = "cap_check_exact"
    elif v0 == f4(1.0):
        check = "cap_check_negligible"
    elif d.check_var_class[0] >= 0.9:
        check = "cap_check"
    else:
        check = "cap_check_large"
    m, v = f4(d.mean_affine[0]), f4(d.var_affine[0])
    moved = m != f4(0.0) and v != f4(1.0)  # "not 0 and 1" only when neither rounds to them
    return {
        "cap_input": ("cap_input" + one, {"r": rows, "n": d.n}),
        "cap_stats": ("cap_stats", {}),
        "cap_aside": ("cap_aside", {}),
        "cap_centre": ("cap_centre", {}),
        "cap_scale": (scale, {}),
        "cap_check": (check, {"which": which, "m": f4(d.check_mean_class[0]), "v": v0}),
        "cap_affine": ("cap_affine" + one, {}),
        "cap_result": ("cap_result" if moved else "cap_result_plain", {"which": which, "m": m, "v": v}),
        "cap_conclusion": ("cap_conclusion", {}),
    }


def captions(d, lang: str) -> dict:
    """Every caption of the scene in `lang`, as shown: {moment: text}."""
    table = STRINGS[lang]
    out = {}
    for moment, (key, fmt) in caption_args(d).items():
        fmt = {k: table[v] if k == "which" else v for k, v in fmt.items()}
        out[moment] = table[key].format(**fmt)
    return out
