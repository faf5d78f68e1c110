"""signal_decay's words in en, zh-Hant and zh-Hans (the same keys in each language) and its captions as
shown (seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？").

`caption_args` picks, for each moment, the wording whose claim the record bears out ("vanishes",
"explodes", "looks harmless, yet") and its numbers; `captions` fills them in one language
(tests/test_params_depth.py checks the claims at other depths and draws).
"""
import math

import numpy as np

from look import fmt_num
from look.formats import fmt_sci, sci_parts

STRINGS = {
    "en": {
        "title": "A signal through {L} layers",
        "row_ln": "with LayerNorm",
        "slope": "slope per layer",
        "at_l": "layer {L} RMS",
        "conc_plain": "no LayerNorm:\n× s per layer",
        "conc_ln": "with LayerNorm:\nlevel at 1",
        "conc_ln_near": "with LayerNorm:\nnear 1",
        "cap_intro": "A {d}-number signal passes {L} layers, each computing y = (s·W)·x with {w}. "
                     "First s = {s}: the line grows as the signal passes each layer, its height the RMS of "
                     "that layer's output on a log scale.",
        "cap_intro_one": "A {d}-number signal passes 1 layer, y = (s·W)·x with {w}. First s = {s}: the line "
                         "grows as the signal passes the layer, its height the RMS on a log scale.",
        "cap_slope": "s multiplies every layer, so after l layers the RMS carries s to the power l. "
                     "A log axis (base 10) turns that product into a sum: a straight line, log s = {slope} "
                     "per layer.",
        "cap_wobble": "This W keeps the size only on average: the line strays from the straight one by "
                      "at most {w} decades, and by the same amount at every s.",
        "cap_wobble_big": "This W changes the size by itself, by {w} decades at layer {l}: every line bends "
                          "the same way, the s = 1 line tilted by log s per layer.",
        "cap_wobble_orthogonal": "An orthogonal W keeps the size exactly, so the line is exactly straight.",
        "cap_summary": "Without LayerNorm the RMS is multiplied by s at every layer: it shrinks or grows "
                       "geometrically with depth, a straight line on a log axis. With LayerNorm it stays "
                       "level, whatever s is.",
        "row_plain": "no LayerNorm",
        "layer": "layer",
        "title_one": "A signal through 1 layer",
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
                  "the line stays level at 1 for every s.",
        "cap_ln_dips": "With LayerNorm after every layer each output is rescaled to mean 0, variance 1. "
                       "Where an output is nearly flat, ε keeps its RMS below 1, so the line dips.",
    },
    "zh-Hant": {
        "title": "訊號穿過 {L} 層",
        "row_ln": "加 LayerNorm",
        "slope": "每層的斜率",
        "at_l": "第 {L} 層的 RMS",
        "conc_plain": "無 LayerNorm：\n每層乘上 s",
        "conc_ln": "加 LayerNorm：\n維持在 1",
        "conc_ln_near": "加 LayerNorm：\n維持在 1 附近",
        "cap_intro": "{d} 個數字組成的訊號穿過 {L} 層，每層算 y = (s·W)·x，W 是{w}。"
                     "先看 s = {s}：訊號每過一層，線就往右長一段，高度是該層輸出的 RMS，取對數刻度。",
        "cap_intro_one": "{d} 個數字組成的訊號穿過 1 層 y = (s·W)·x，W 是{w}。先看 s = {s}：訊號穿過這一層，"
                         "線就往右長，高度是輸出的 RMS，取對數刻度。",
        "cap_slope": "s 乘在每一層上，所以過了 l 層，RMS 裡就帶著 s 的 l 次方。"
                     "以 10 為底的對數刻度把連乘變成相加：一條直線，每層升降 log s = {slope}。",
        "cap_wobble": "這個 W 只在平均上保持大小：線偏離直線最多 {w} 個數量級，而且每個 s 偏得一樣。",
        "cap_wobble_big": "這個 W 本身就會改變大小，到第 {l} 層差了 {w} 個數量級；每條線都彎得一樣，"
                          "都是 s = 1 那條線每層再傾斜 log s。",
        "cap_wobble_orthogonal": "正交的 W 完全保持大小，所以這條線完全是直的。",
        "cap_summary": "沒有 LayerNorm，RMS 每過一層就乘上 s：隨深度等比縮小或放大，在對數刻度上是一條直線。"
                       "加上 LayerNorm，不管 s 多少都維持水平。",
        "row_plain": "無 LayerNorm",
        "layer": "層",
        "title_one": "訊號穿過 1 層",
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
        "cap_ln": "每層之後加 LayerNorm，輸出都被調回平均 0、變異數 1：不管 s 多少，這條線都維持在 1 的水平。"
                  "",
        "cap_ln_dips": "每層之後加 LayerNorm，輸出都被調回平均 0、變異數 1。某層輸出幾乎沒有起伏時，"
                       "ε 讓 RMS 低於 1，線就往下凹。",
    },
    "zh-Hans": {
        "title": "信号穿过 {L} 层",
        "row_ln": "加 LayerNorm",
        "slope": "每层的斜率",
        "at_l": "第 {L} 层的 RMS",
        "conc_plain": "无 LayerNorm：\n每层乘上 s",
        "conc_ln": "加 LayerNorm：\n保持在 1",
        "conc_ln_near": "加 LayerNorm：\n保持在 1 附近",
        "cap_intro": "{d} 个数字组成的信号穿过 {L} 层，每层算 y = (s·W)·x，W 是{w}。"
                     "先看 s = {s}：信号每过一层，线就往右长一段，高度是该层输出的 RMS，取对数坐标。",
        "cap_intro_one": "{d} 个数字组成的信号穿过 1 层 y = (s·W)·x，W 是{w}。先看 s = {s}：信号穿过这一层，"
                         "线就往右长，高度是输出的 RMS，取对数坐标。",
        "cap_slope": "s 乘在每一层上，所以过了 l 层，RMS 里就带着 s 的 l 次方。"
                     "以 10 为底的对数坐标把连乘变成相加：一条直线，每层升降 log s = {slope}。",
        "cap_wobble": "这个 W 只在平均上保持大小：线偏离直线最多 {w} 个数量级，而且每个 s 偏得一样。",
        "cap_wobble_big": "这个 W 本身就会改变大小，到第 {l} 层差了 {w} 个数量级；每条线都弯得一样，"
                          "都是 s = 1 那条线每层再倾斜 log s。",
        "cap_wobble_orthogonal": "正交的 W 完全保持大小，所以这条线完全是直的。",
        "cap_summary": "没有 LayerNorm，RMS 每过一层就乘上 s：随深度等比缩小或放大，在对数坐标上是一条直线。"
                       "加上 LayerNorm，不管 s 多少都保持水平。",
        "row_plain": "无 LayerNorm",
        "layer": "层",
        "title_one": "信号穿过 1 层",
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
        "cap_ln": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1：不管 s 多少，这条线都保持在 1 的水平。"
                  "",
        "cap_ln_dips": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1。某层输出几乎没有起伏时，"
                       "ε 让 RMS 低于 1，线就往下凹。",
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


WOBBLE_SMALL = 0.5  # decades: a line this close to straight is called straight "to within" it


def wobble_limit(d) -> float:
    """The record's largest distance (decades) of a line from straight, rounded up to 2 decimals, so that
    "at most {w} decades" is true as printed."""
    return math.ceil(d.wobble_max * 100 - 1e-9) / 100


def wobble_args(d) -> tuple:
    """How straight the lines are, as the engine measured: exactly (orthogonal W), to within a small
    number of decades, or bent the same way for every s by the draw of W."""
    if d.wobble_max < 1e-9:
        return "cap_wobble_orthogonal", {}
    layer = int(np.argmax(np.abs(d.wobble)))
    if d.wobble_max < WOBBLE_SMALL:
        return "cap_wobble", {"w": fmt_num(wobble_limit(d), 2)}
    return "cap_wobble_big", {"w": fmt_num(d.wobble_max, 1), "l": layer}


def caption_args(d) -> dict:
    """{caption key: (string key, placeholders)}: which wording each moment uses and its numbers, all
    read from the record (SignalDecay). A claim that does not hold at these numbers ("vanishes",
    "explodes", "looks harmless, yet") gives way to a plain statement of the numbers."""
    L = d.n_layers
    (s09, s11), (p09, p11) = d.reference_s, d.reference_power
    k09 = int(np.argmin(np.abs(d.s_values - s09)))
    # "0.9 looks harmless, yet …": only when depth makes s^L matter and this draw goes the same way
    low = p09 < 0.5 and rms_at(d, s09) < 0.5
    high = low and p11 > 2.0 and rms_at(d, s11) > 2.0
    last_top = float(d.rms_plain[-1, -1])
    up = "cap_up" if d.explodes else "cap_up_grows" if last_top > 1.0 else "cap_up_shrinks"
    inner = d.rms_ln[:, 1:]
    return {
        "cap_intro": ("cap_intro" if L > 1 else "cap_intro_one",
                      {"d": d.d, "L": L, "w": ("w_" + d.init), "s": fmt_num(s09, 1)}),
        "cap_slope": ("cap_slope", {"slope": fmt_num(float(d.log_slope[k09]), 3)}),
        "cap_wobble": wobble_args(d),
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

