"""signal_decay's words in en, zh-Hant and zh-Hans (the same keys in each language) and its captions as
shown (seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？").

`caption_args` picks, for each moment, the wording whose claim the record bears out ("vanishes",
"explodes", "looks harmless, yet") and its numbers; `captions` fills them in one language
(tests/test_params_depth.py checks the claims at other depths and draws).
"""
import numpy as np

from look import fmt_num
from look.formats import fmt_sci, sci_parts

STRINGS = {
    "en": {
        "title": "A signal through {L} layers",
        "s_label": "s =",
        "rms_def": "RMS = √mean(y²)",
        "row_plain": "no LayerNorm",
        "row_ln": "LayerNorm after\nevery layer",
        "legend_ln": "with LayerNorm",
        "layer": "layer",
        "at30": "layer {L} RMS",
        "power": "s{Lsup} =",
        "strip": "layer-{L} RMS against s (log scale)",
        "exploded": "red: RMS above {v}",
        "title_one": "A signal through 1 layer",
        "cap_intro": "A {d}-number signal passes {L} layers, each computing y = (s·W)·x with {w}. "
                     "Dot l is the RMS of layer l's output.",
        "cap_intro_one": "A {d}-number signal passes 1 layer, y = (s·W)·x with {w}. "
                         "The dot's size is the RMS of its output.",
        "w_gaussian": "a random W that keeps the size on average",
        "w_orthogonal": "a random orthogonal W that keeps the size exactly",
        "w_over": "more than 10 to the power {e}",
        "cap_sweep": "s scales every layer's weights. Below 1 the signal shrinks a little at every "
                     "layer, and {L} layers multiply it away.",
        "cap_sweep_mild": "s scales every layer's weights. Below 1 the signal shrinks at every layer, "
                          "yet at s = {s} the last layer's RMS is still {v}.",
        "cap_09": "s = {s} looks harmless, yet {s} to the power {L} ≈ {p}: this draw ends at {v}.",
        "cap_09_mild": "s = {s}: {s} to the power {L} ≈ {p}, and this draw ends at {v}.",
        "cap_10": "s = 1.0: the size survives only on average; this draw ends at {v}.",
        "cap_10_orthogonal": "s = 1.0: an orthogonal W keeps the size exactly; this draw ends at {v}.",
        "cap_11": "s = {s} looks harmless too, yet {s} to the power {L} ≈ {p}: this draw ends at {v}.",
        "cap_11_mild": "s = {s}: {s} to the power {L} ≈ {p}, and this draw ends at {v}.",
        "cap_up": "Above 1 it explodes: at s = {s} the last layer's RMS is {v}.",
        "cap_up_grows": "Above 1 it grows: at s = {s} the last layer's RMS is {v}.",
        "cap_up_shrinks": "At s = {s} the last layer's RMS is {v}: this draw of W shrinks the signal more "
                          "than s lifts it.",
        "cap_ln": "With LayerNorm after every layer each output is rescaled to mean 0, variance 1: "
                  "the row stays level for every s (RMS between {lo} and {hi}).",
        "cap_ln_dips": "With LayerNorm after every layer each output is rescaled to mean 0, variance 1. "
                       "Where an output is nearly flat, ε keeps its RMS lower: down to {lo}.",
        "cap_summary": "Nobody can keep every layer's s at exactly 1. LayerNorm does not need to: "
                       "it recalibrates the signal at every layer.",
    },
    "zh-Hant": {
        "title": "訊號穿過 {L} 層",
        "s_label": "s =",
        "rms_def": "RMS = √平均(y²)",
        "row_plain": "無 LayerNorm",
        "row_ln": "每層之後\n加 LayerNorm",
        "legend_ln": "加 LayerNorm",
        "layer": "第幾層",
        "at30": "第 {L} 層 RMS",
        "power": "s{Lsup} =",
        "strip": "第 {L} 層 RMS 隨 s 的變化（對數刻度）",
        "exploded": "紅色：RMS 超過 {v}",
        "title_one": "訊號穿過 1 層",
        "cap_intro": "{d} 個數字組成的訊號穿過 {L} 層，每層算 y = (s·W)·x，W 是{w}。"
                     "第 l 顆點的大小是第 l 層輸出的 RMS。",
        "cap_intro_one": "{d} 個數字組成的訊號穿過 1 層 y = (s·W)·x，W 是{w}。點的大小是這一層輸出的 RMS。",
        "w_gaussian": "平均而言保持大小的隨機矩陣",
        "w_orthogonal": "完全保持大小的隨機正交矩陣",
        "w_over": "10 的 {e} 次方以上",
        "cap_sweep": "s 是每層權重的整體倍率。小於 1 時，訊號每過一層縮一點，連乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 是每層權重的整體倍率。小於 1 時訊號每過一層都會縮小，但 s = {s} 時最後一層的 RMS 仍有 {v}。",
        "cap_09": "s = {s} 看似無害，但 {s} 的 {L} 次方 ≈ {p}：這組隨機權重最後剩 {v}。",
        "cap_09_mild": "s = {s}：{s} 的 {L} 次方 ≈ {p}，這組隨機權重最後是 {v}。",
        "cap_10": "s = 1.0：大小只在平均意義上保住；這組權重最後是 {v}。",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；這組權重最後是 {v}。",
        "cap_11": "s = {s} 也看似無害，但 {s} 的 {L} 次方 ≈ {p}：這組權重最後到 {v}。",
        "cap_11_mild": "s = {s}：{s} 的 {L} 次方 ≈ {p}，這組權重最後是 {v}。",
        "cap_up": "大於 1 就爆掉：s = {s} 時，最後一層的 RMS 達到 {v}。",
        "cap_up_grows": "大於 1 就變大：s = {s} 時最後一層的 RMS 是 {v}。",
        "cap_up_shrinks": "s = {s} 時最後一層的 RMS 是 {v}：這組 W 把訊號縮小的幅度比 s 放大的還多。",
        "cap_ln": "每層之後加 LayerNorm，輸出都被調回平均 0、變異數 1：不管 s 多少，這一列都維持水平"
                  "（RMS 介於 {lo} 與 {hi}）。",
        "cap_ln_dips": "每層之後加 LayerNorm，輸出都被調回平均 0、變異數 1。某層輸出幾乎沒有起伏時，"
                       "ε 讓 RMS 低一些（介於 {lo} 與 {hi}）。",
        "cap_summary": "沒人能保證每層的 s 剛好停在 1。LayerNorm 不需要這個保證：它在每一層把訊號校準回來。",
    },
    "zh-Hans": {
        "title": "信号穿过 {L} 层",
        "s_label": "s =",
        "rms_def": "RMS = √平均(y²)",
        "row_plain": "无 LayerNorm",
        "row_ln": "每层之后\n加 LayerNorm",
        "legend_ln": "加 LayerNorm",
        "layer": "第几层",
        "at30": "第 {L} 层 RMS",
        "power": "s{Lsup} =",
        "strip": "第 {L} 层 RMS 随 s 的变化（对数刻度）",
        "exploded": "红色：RMS 超过 {v}",
        "title_one": "信号穿过 1 层",
        "cap_intro": "{d} 个数字组成的信号穿过 {L} 层，每层算 y = (s·W)·x，W 是{w}。"
                     "第 l 颗点的大小是第 l 层输出的 RMS。",
        "cap_intro_one": "{d} 个数字组成的信号穿过 1 层 y = (s·W)·x，W 是{w}。点的大小是这一层输出的 RMS。",
        "w_gaussian": "平均而言保持大小的随机矩阵",
        "w_orthogonal": "完全保持大小的随机正交矩阵",
        "w_over": "10 的 {e} 次方以上",
        "cap_sweep": "s 是每层权重的整体倍率。小于 1 时，信号每过一层缩一点，连乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 是每层权重的整体倍率。小于 1 时信号每过一层都会缩小，但 s = {s} 时最后一层的 RMS 仍有 {v}。",
        "cap_09": "s = {s} 看似无害，但 {s} 的 {L} 次方 ≈ {p}：这组随机权重最后剩 {v}。",
        "cap_09_mild": "s = {s}：{s} 的 {L} 次方 ≈ {p}，这组随机权重最后是 {v}。",
        "cap_10": "s = 1.0：大小只在平均意义上保住；这组权重最后是 {v}。",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；这组权重最后是 {v}。",
        "cap_11": "s = {s} 也看似无害，但 {s} 的 {L} 次方 ≈ {p}：这组权重最后到 {v}。",
        "cap_11_mild": "s = {s}：{s} 的 {L} 次方 ≈ {p}，这组权重最后是 {v}。",
        "cap_up": "大于 1 就爆掉：s = {s} 时，最后一层的 RMS 达到 {v}。",
        "cap_up_grows": "大于 1 就变大：s = {s} 时最后一层的 RMS 是 {v}。",
        "cap_up_shrinks": "s = {s} 时最后一层的 RMS 是 {v}：这组 W 把信号缩小的幅度比 s 放大的还多。",
        "cap_ln": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1：不管 s 多少，这一行都保持水平"
                  "（RMS 介于 {lo} 与 {hi}）。",
        "cap_ln_dips": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1。某层输出几乎没有起伏时，"
                       "ε 让 RMS 低一些（介于 {lo} 与 {hi}）。",
        "cap_summary": "没人能保证每层的 s 刚好停在 1。LayerNorm 不需要这个保证：它在每一层把信号校准回来。",
    },
}


def caption_glyphs(text: str) -> bool:
    """Whether the caption font (Noto Sans CJK) has every character: of the superscripts only ¹²³⁴."""
    return not any(c in text for c in "⁻⁰⁵⁶⁷⁸⁹")


def plain(x: float) -> str:
    """3 significant digits without a power of ten: 0.00417, 0.0000123; whole with separators when large."""
    if abs(x) >= 1e3:
        return f"{round(x):,}"
    return fmt_num(x, max(0, 2 - sci_parts(x, 3)[1]))


def value_text(v: float):
    """An RMS in a caption: 4 decimals below 10, 1 decimal up to 10,000, whole with thousands
    separators up to 10¹² (1,091,345,223: the caption font has no superscript digits beyond ³),
    else m.mm×10ⁿ."""
    if v >= 1e12 and not caption_glyphs(fmt_sci(v, 3)):
        return ("w_over", {"e": sci_parts(v, 3)[1]})  # "more than 10 to the power 29", in words
    if v < 1e-3 or v >= 1e12:
        return fmt_sci(v, 3) if caption_glyphs(fmt_sci(v, 3)) else plain(v)
    if v >= 1e4:
        return f"{round(v):,}"
    return fmt_num(v, 4 if v < 10 else 1)


def power_text(p: float) -> str:
    """s^L in a caption: 2 decimals (1 from 10 on), m.mm×10ⁿ when that would read 0.00 or be long."""
    if p < 0.01 or p >= 1e4:
        return fmt_sci(p, 3) if caption_glyphs(fmt_sci(p, 3)) else plain(p)
    return fmt_num(p, 1 if p >= 10 else 2)


def rms_at(d, s: float) -> float:
    """The record's layer-L RMS (no LayerNorm) at slider value s."""
    k = int(np.argmin(np.abs(d.s_values - s)))
    return float(d.rms_plain[k, -1])


def caption_args(d) -> dict:
    """{caption key: (string key, placeholders)}: which wording each moment uses and its numbers, all
    read from the record (SignalDecay). A claim that does not hold at these numbers ("vanishes",
    "explodes", "looks harmless, yet") gives way to a plain statement of the numbers."""
    L = d.n_layers
    (s09, s11), (p09, p11) = d.reference_s, d.reference_power
    # "0.9 looks harmless, yet …": only when depth makes s^L matter and this draw goes the same way
    low = p09 < 0.5 and rms_at(d, s09) < 0.5
    high = low and p11 > 2.0 and rms_at(d, s11) > 2.0
    last_top = float(d.rms_plain[-1, -1])
    up = "cap_up" if d.explodes else "cap_up_grows" if last_top > 1.0 else "cap_up_shrinks"
    inner = d.rms_ln[:, 1:]
    return {
        "cap_intro": ("cap_intro" if L > 1 else "cap_intro_one", {"d": d.d, "L": L, "w": ("w_" + d.init)}),
        "cap_sweep": ("cap_sweep" if d.vanishes else "cap_sweep_mild",
                      {"L": L, "s": fmt_num(d.s_values[0], 2), "v": value_text(float(d.rms_plain[0, -1]))}),
        "cap_09": ("cap_09" if low else "cap_09_mild", {"s": fmt_num(s09, 1), "L": L, "p": power_text(p09),
                                     "v": value_text(rms_at(d, s09))}),
        "cap_10": ("cap_10" if d.init == "gaussian" else "cap_10_orthogonal", {"v": value_text(rms_at(d, 1.0))}),
        "cap_11": ("cap_11" if high else "cap_11_mild", {"s": fmt_num(s11, 1), "L": L, "p": power_text(p11),
                                     "v": value_text(rms_at(d, s11))}),
        "cap_up": (up, {"s": fmt_num(d.s_values[-1], 2 if round(d.s_values[-1], 1) != d.s_values[-1] else 1),
                        "v": value_text(last_top)}),
        "cap_ln": ("cap_ln" if d.ln_level else "cap_ln_dips",
                   {"lo": fmt_num(inner.min(), 5), "hi": fmt_num(inner.max(), 5)}),
    }


def captions(d, lang: str) -> dict:
    """Every caption the scene shows in `lang`, as shown: {moment: text}."""
    table = STRINGS[lang]
    out = {}
    for moment, (key, fmt) in caption_args(d).items():
        fmt = {k: table[v] if isinstance(v, str) and v.startswith("w_") else
               table[v[0]].format(**v[1]) if isinstance(v, tuple) else v for k, v in fmt.items()}
        out[moment] = table[key].format(**fmt)
    out["cap_summary"] = table["cap_summary"]
    return out

