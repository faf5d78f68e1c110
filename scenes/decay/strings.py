"""signal_decay's words in en, zh-Hant and zh-Hans (the same keys in each language) and its captions as
shown (seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？").

`caption_args` picks, for each moment, the wording whose claim the record bears out ("vanishes",
"explodes", "looks harmless, yet") and its numbers; `captions` fills them in one language
(tests/test_params_depth.py checks the claims at other depths and draws).
"""
import numpy as np

from look import fmt_num
from engine.signal import TYPICAL_DRAWS
from scenes.decay.typical import gain_args, lucky, regimes, typical_drifts
from look.formats import fmt_sci, sci_parts

STRINGS = {
    "en": {
        "title": "A signal through {L} layers",
        "title_one": "A signal through 1 layer",
        "row_plain": "no LayerNorm",
        "row_ln": "with LayerNorm",
        "ln_any": "with LayerNorm, any s",
        "ref": "s = 1",
        "s_def": "s scales every W",
        "pic_w": "W: {d} × {d}, random",
        "pic_x": "x: {d} numbers",
        "pic_y": "y: {d} numbers",
        "layer": "layer",
        "y_title": "RMS (log scale)",
        "slope": "slope per layer",
        "at_l": "layer {L} RMS",
        "conc_plain": "no LayerNorm:\nthe s = 1 line\n× s per layer",
        "conc_ln": "with LayerNorm:\nlevel at 1,\nfor any s",
        "conc_ln_near": "with LayerNorm:\nnear 1,\nfor any s",
        "w_gaussian": "random and keeps the size only on average",
        "w_orthogonal": "random and orthogonal, keeping the size exactly",
        "w_over": "more than 10 to the power {e}",
        "big_units": "3 thousand, 6 million, 9 billion",
        "cap_intro": "A signal x of {d} numbers passes {L} layers. Each layer computes y = sWx, where s scales "
                     "the weights and W is {w}.",
        "cap_intro_one": "A signal x of {d} numbers passes 1 layer, y = sWx, where s scales the weights and "
                         "W is {w}.",
        "cap_grow": "First s = {s}: the line extends one layer at a time; its height is the RMS of that "
                    "layer's output, on a log scale.",
        "cap_grow_one": "First s = {s}: the line extends as the signal passes the layer; its height is the "
                        "RMS, on a log scale.",
        "cap_slope": "In grey, the s = 1 line: the same signal through the same layers. Every layer is "
                     "linear, so the line for s is exactly the grey line with one more factor s at every layer.",
        "cap_band": "On a log axis, multiplying becomes adding. "
                    "The s = {s} line is the grey line tilted by {slope} per layer, the panel's slope. "
                    "The pale band is that tilt alone, one factor s per layer, as if every W kept the size exactly.",
        "cap_wobble": "The s = 1 line is not flat: one layer alone scales the RMS by {fmin} to {fmax}, so the "
                      "line strays from the band, by about {w} decades at most (layer {l}).",
        "cap_wobble_big": "The s = 1 line is far from flat: one layer alone scales the RMS by {fmin} to {fmax}, "
                          "and by layer {l} the line is {w} decades from the band.",
        "cap_wobble_orthogonal": "An orthogonal W keeps the size exactly, so the line lies exactly on the band.",
        "cap_tilt": "Change s, and band and line tilt together: the gap is the same at every s.",
        "cap_09": "s = {s} looks harmless: {f}, and this draw ends at {v}.",
        "cap_09_mild": "s = {s}: {f}, and this draw ends at {v}.",
        "factors": "{L} factors of {s} multiply to about {p}",
        "factor_one": "one factor of {s} is {p}",
        "cap_sweep": "Below 1 the signal shrinks by about s per layer, and {L} layers multiply it away.",
        "cap_sweep_mild": "Below 1 the signal shrinks by about s per layer, "
                          "yet at s = {s} the last layer's RMS is still {v}.",
        "cap_10": "s = 1.0 keeps the size only on average: over {n} other draws of W the median path ends "
                  "near {m}, this draw at {v}.",
        "cap_10_bars": "The bars are this draw's {L} gains, one per layer, on a log scale.",
        "cap_10_why": "Over the {n} draws a gain has mean square {q}: the size is kept on average.",
        "cap_10_geo": "But the typical gain, the geometric mean, is {g}, and {L} of them multiply to {p}: "
                      "the dashed median sinks with that product.",
        "cap_10_luck": "This draw ends near 1 by luck: its {L} gains happen to multiply to {v}.",
        "fan_key": "median of {m} draws ({n} shown)",
        "median_end": "median {m}",
        "gains_head": "this draw's gains",
        "gain_sq": "mean gain² = {q}",
        "gain_geo": "typical gain = {g}",
        "cap_10_orthogonal": "s = 1.0: an orthogonal W keeps the size exactly; this draw ends at {v}.",
        "cap_11": "s = {s} looks harmless too: {f}, and this draw ends at {v}.",
        "cap_11_mild": "s = {s}: {f}, and this draw ends at {v}.",
        "cap_up": "Above 1 it explodes: at s = {s} the last layer's RMS is {v}.",
        "cap_up_grows": "Above 1 it grows: at s = {s} the last layer's RMS is {v}.",
        "cap_ends": "Faint lines stay where s = {lo} and s = {hi} ended.",
        "cap_up_shrinks": "At s = {s} the last layer's RMS is {v}: this draw of W shrinks the signal more "
                          "than s lifts it.",
        "cap_ln": "With LayerNorm after every layer, each output loses its mean and is divided by its own "
                  "σ. Layer by layer, the line folds down to 1.",
        "cap_ln_cancel": "That σ is exactly s times its value at s = 1, so s cancels: the line stays level "
                         "at 1 for every s.",
        "cap_ln_read": "At s = {s}, σ is {sig} and σ/s is {r}, the same as at s = 1.",
        "cap_ln_dips": "Where an output is nearly flat, ε keeps its RMS below 1, so the line dips.",
        "cap_summary": "Without LayerNorm, every layer multiplies the s = 1 line by s (adds log s on this axis): depth shrinks or grows the size geometrically.",
        "cap_summary_lead": "Without LayerNorm, every layer multiplies the s = 1 line by s (adds log s on this axis).",
        "cap_below": "Below 1 depth shrinks the size geometrically: the line for s = {lo} falls away.",
        "cap_at1": "At s = 1 the size is kept only on average: a typical draw drifts down, along the dashed median. That drift is this narrow toy's ({d} numbers wide): wider layers drift less.",
        "cap_above": "Above 1 depth grows it geometrically: the line for s = {hi} climbs away.",
        "cap_caveat": "LayerNorm fixes the scale, not every problem of depth: this stack is linear, and real "
                      "deep networks also need residual paths and careful initialisation to train.",
        "cap_scope": "So without LayerNorm the size shrinks or grows with depth; with LayerNorm s drops out, "
                     "and every layer's output is brought back to scale 1.",
    },
    "zh-Hant": {
        "title": "訊號穿過 {L} 層",
        "title_one": "訊號穿過 1 層",
        "row_plain": "無 LayerNorm",
        "row_ln": "加 LayerNorm",
        "ln_any": "加 LayerNorm，任何 s",
        "ref": "s = 1",
        "s_def": "s：每個 W 的倍率",
        "pic_w": "W：{d} × {d} 隨機",
        "pic_x": "x：{d} 個數字",
        "pic_y": "y：{d} 個數字",
        "layer": "層",
        "y_title": "RMS（對數刻度）",
        "slope": "每層的斜率",
        "at_l": "第 {L} 層的 RMS",
        "conc_plain": "無 LayerNorm：\ns = 1 的線\n每層乘上 s",
        "conc_ln": "加 LayerNorm：\n維持在 1，\n與 s 無關",
        "conc_ln_near": "加 LayerNorm：\n維持在 1 附近，\n與 s 無關",
        "w_gaussian": "隨機矩陣，只在平均上保持大小",
        "w_orthogonal": "完全保持大小的隨機正交矩陣",
        "w_over": "10 的 {e} 次方以上",
        "big_units": "4 萬, 8 億",
        "cap_intro": "訊號 x 由 {d} 個數字組成，要穿過 {L} 層。每層都算 y = sWx。s 是權重的整體倍率；W 是{w}。",
        "cap_intro_one": "訊號 x 由 {d} 個數字組成，要穿過 1 層 y = sWx：s 是權重的整體倍率，W 是{w}。",
        "cap_grow": "先看 s = {s}：每過一層，線就往右長一段；線的高度是該層輸出的 RMS，取對數刻度。",
        "cap_grow_one": "先看 s = {s}：訊號穿過這一層，線就往右長；高度是輸出的 RMS，取對數刻度。",
        "cap_slope": "灰線是 s = 1：同一個訊號穿過同樣的層。每一層都是線性的，"
                     "所以每過一層，s 的線就比灰線多乘一個 s。",
        "cap_band": "在對數刻度上，連乘變成相加。"
                    "灰線每層再傾斜 {slope}，也就是面板上的斜率，就得到 s = {s} 的線。"
                    "淡色帶就是這個傾斜本身，每層只乘上 s，好像每個 W 都完全保持大小。",
        "cap_wobble": "s = 1 那條線並不平：單獨一層會把 RMS 乘上 {fmin} 到 {fmax}，"
                      "所以線會偏離色帶，在第 {l} 層最遠，約 {w} 個數量級。",
        "cap_wobble_big": "s = 1 那條線很不平：單獨一層會把 RMS 乘上 {fmin} 到 {fmax}，"
                          "到第 {l} 層線離色帶 {w} 個數量級。",
        "cap_wobble_orthogonal": "正交的 W 完全保持大小，所以線正好落在色帶上。",
        "cap_tilt": "改變 s，色帶和線一起傾斜：偏差在每個 s 都一樣。",
        "cap_09": "s = {s} 看似無害，但{f}；這組隨機權重，最後剩 {v}。",
        "cap_09_mild": "s = {s}：{f}，這組隨機權重最後是 {v}。",
        "factors": " {L} 個 {s} 連乘，大約是 {p}",
        "factor_one": "只乘一個 {s}，就是 {p}",
        "cap_sweep": "s 小於 1 時，訊號每過一層大約乘上 s 而縮小，連乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 小於 1 時，訊號每過一層大約乘上 s 而縮小，但 s = {s} 時，最後一層的 RMS 仍有 {v}。",
        "cap_10": "s = 1.0 時，大小只在平均上保住：另外 {n} 組 W 的中位數，最後約為 {m}；這組則是 {v}。",
        "cap_10_bars": "長條是這組 W 每層的增益，共 {L} 個，取對數刻度。",
        "cap_10_why": "在 {n} 組裡，增益平方的平均是 {q}：平均來說大小保住了。",
        "cap_10_geo": "但典型的增益，也就是幾何平均，只有 {g}；{L} 個連乘只剩 {p}，虛線的中位數就跟著這個乘積往下沉。",
        "cap_10_luck": "這組的增益連乘，剛好是 {v}。它停在 1 附近，只是運氣好。",
        "fan_key": "{m} 組的中位數（畫出 {n} 組）",
        "median_end": "中位數 {m}",
        "gains_head": "這組每層的增益",
        "gain_sq": "增益² 的平均 = {q}",
        "gain_geo": "典型增益 = {g}",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；這組權重最後是 {v}。",
        "cap_11": "s = {s} 也看似無害，但{f}：這組權重最後到 {v}。",
        "cap_11_mild": "s = {s}：{f}，這組權重最後是 {v}。",
        "cap_up": "大於 1 就爆掉：s = {s} 時，最後一層 RMS = {v}。",
        "cap_up_grows": "大於 1 就變大：s = {s} 時最後一層的 RMS 是 {v}。",
        "cap_ends": "淡色的線留在 s = {lo} 和 s = {hi} 結束的地方。",
        "cap_up_shrinks": "s = {s} 時最後一層的 RMS 是 {v}：這組 W 把訊號縮小的幅度比 s 放大的還多。",
        "cap_ln": "每層之後加 LayerNorm：每個輸出先減去平均，再除以自己的 σ，線就一層一層折回 1。",
        "cap_ln_cancel": "這個 σ 正好是 s 乘上 s = 1 時的 σ，所以 s 被約掉了：這條線維持在 1，與 s 無關。",
        "cap_ln_read": "s = {s}：σ 是 {sig}，但 σ/s 仍是 {r}，和 s = 1 時一樣。",
        "cap_ln_dips": "某層輸出幾乎沒有起伏時，ε 讓 RMS 低於 1，線就往下凹。",
        "cap_summary": "沒有 LayerNorm 時，每過一層，s 的線就比灰線多乘一個 s：訊號隨深度等比縮小或放大。",
        "cap_summary_lead": "沒有 LayerNorm 時，每過一層，s 的線就比灰線多乘一個 s。",
        "cap_below": "s 小於 1，訊號隨深度等比縮小：s = {lo} 的線一路往下掉。",
        "cap_at1": "s = 1 只在平均上保住大小：典型的一組會沿著虛線的中位數往下漂。"
                   "這是只有 {d} 個數字寬的小例子才漂得這麼多：層越寬，漂得越少。",
        "cap_above": "s 大於 1，訊號隨深度等比放大：s = {hi} 的線一路往上衝。",
        "cap_caveat": "LayerNorm 只固定大小，深度的其他問題還在：這疊層是線性的；"
                      "真正的深層網路，還要靠殘差連接和細心的初始化，才訓練得起來。",
        "cap_scope": "所以沒有 LayerNorm，大小隨深度縮小或放大；加上 LayerNorm，s 就被約掉，每層的輸出都被拉回大小 1。",
    },
    "zh-Hans": {
        "title": "信号穿过 {L} 层",
        "title_one": "信号穿过 1 层",
        "row_plain": "无 LayerNorm",
        "row_ln": "加 LayerNorm",
        "ln_any": "加 LayerNorm，任何 s",
        "ref": "s = 1",
        "s_def": "s：每个 W 的倍率",
        "pic_w": "W：{d} × {d} 随机",
        "pic_x": "x：{d} 个数字",
        "pic_y": "y：{d} 个数字",
        "layer": "层",
        "y_title": "RMS（对数坐标）",
        "slope": "每层的斜率",
        "at_l": "第 {L} 层的 RMS",
        "conc_plain": "无 LayerNorm：\ns = 1 的线\n每层乘上 s",
        "conc_ln": "加 LayerNorm：\n保持在 1，\n与 s 无关",
        "conc_ln_near": "加 LayerNorm：\n保持在 1 附近，\n与 s 无关",
        "w_gaussian": "随机矩阵，只在平均上保持大小",
        "w_orthogonal": "完全保持大小的随机正交矩阵",
        "w_over": "10 的 {e} 次方以上",
        "big_units": "4 万, 8 亿",
        "cap_intro": "信号 x 由 {d} 个数字组成，要穿过 {L} 层。每层都算 y = sWx。s 是权重的整体倍率；W 是{w}。",
        "cap_intro_one": "信号 x 由 {d} 个数字组成，要穿过 1 层 y = sWx：s 是权重的整体倍率，W 是{w}。",
        "cap_grow": "先看 s = {s}：每过一层，线就往右长一段；线的高度是该层输出的 RMS，取对数坐标。",
        "cap_grow_one": "先看 s = {s}：信号穿过这一层，线就往右长；高度是输出的 RMS，取对数坐标。",
        "cap_slope": "灰线是 s = 1：同一个信号穿过同样的层。每一层都是线性的，"
                     "所以每过一层，s 的线就比灰线多乘一个 s。",
        "cap_band": "在对数坐标上，连乘变成相加。"
                    "灰线每层再倾斜 {slope}，也就是面板上的斜率，就得到 s = {s} 的线。"
                    "淡色带就是这个倾斜本身，每层只乘上 s，好像每个 W 都完全保持大小。",
        "cap_wobble": "s = 1 那条线并不平：单独一层会把 RMS 乘上 {fmin} 到 {fmax}，"
                      "所以线会偏离色带，在第 {l} 层最远，约 {w} 个数量级。",
        "cap_wobble_big": "s = 1 那条线很不平：单独一层会把 RMS 乘上 {fmin} 到 {fmax}，"
                          "到第 {l} 层线离色带 {w} 个数量级。",
        "cap_wobble_orthogonal": "正交的 W 完全保持大小，所以线正好落在色带上。",
        "cap_tilt": "改变 s，色带和线一起倾斜：偏差在每个 s 都一样。",
        "cap_09": "s = {s} 看似无害，但{f}；这组随机权重，最后剩 {v}。",
        "cap_09_mild": "s = {s}：{f}，这组随机权重最后是 {v}。",
        "factors": " {L} 个 {s} 连乘，大约是 {p}",
        "factor_one": "只乘一个 {s}，就是 {p}",
        "cap_sweep": "s 小于 1 时，信号每过一层大约乘上 s 而缩小，连乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 小于 1 时，信号每过一层大约乘上 s 而缩小，但 s = {s} 时，最后一层的 RMS 仍有 {v}。",
        "cap_10": "s = 1.0 时，大小只在平均上保住：另外 {n} 组 W 的中位数，最后约为 {m}；这组则是 {v}。",
        "cap_10_bars": "长条是这组 W 每层的增益，共 {L} 个，取对数坐标。",
        "cap_10_why": "在 {n} 组里，增益平方的平均是 {q}：平均来说大小保住了。",
        "cap_10_geo": "但典型的增益，也就是几何平均，只有 {g}；{L} 个连乘只剩 {p}，虚线的中位数就跟着这个乘积往下沉。",
        "cap_10_luck": "这组的增益连乘，刚好是 {v}。它停在 1 附近，只是运气好。",
        "fan_key": "{m} 组的中位数（画出 {n} 组）",
        "median_end": "中位数 {m}",
        "gains_head": "这组每层的增益",
        "gain_sq": "增益² 的平均 = {q}",
        "gain_geo": "典型增益 = {g}",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；这组权重最后是 {v}。",
        "cap_11": "s = {s} 也看似无害，但{f}：这组权重最后到 {v}。",
        "cap_11_mild": "s = {s}：{f}，这组权重最后是 {v}。",
        "cap_up": "大于 1 就爆掉：s = {s} 时，最后一层 RMS = {v}。",
        "cap_up_grows": "大于 1 就变大：s = {s} 时最后一层的 RMS 是 {v}。",
        "cap_ends": "淡色的线留在 s = {lo} 和 s = {hi} 结束的地方。",
        "cap_up_shrinks": "s = {s} 时最后一层的 RMS 是 {v}：这组 W 把信号缩小的幅度比 s 放大的还多。",
        "cap_ln": "每层之后加 LayerNorm：每个输出先减去平均，再除以自己的 σ，线就一层一层折回 1。",
        "cap_ln_cancel": "这个 σ 正好是 s 乘上 s = 1 时的 σ，所以 s 被约掉了：这条线保持在 1，与 s 无关。",
        "cap_ln_read": "s = {s}：σ 是 {sig}，但 σ/s 仍是 {r}，和 s = 1 时一样。",
        "cap_ln_dips": "某层输出几乎没有起伏时，ε 让 RMS 低于 1，线就往下凹。",
        "cap_summary": "没有 LayerNorm 时，每过一层，s 的线就比灰线多乘一个 s：信号随深度等比缩小或放大。",
        "cap_summary_lead": "没有 LayerNorm 时，每过一层，s 的线就比灰线多乘一个 s。",
        "cap_below": "s 小于 1，信号随深度等比缩小：s = {lo} 的线一路往下掉。",
        "cap_at1": "s = 1 只在平均上保住大小：典型的一组会沿着虚线的中位数往下漂。"
                   "这是只有 {d} 个数字宽的小例子才漂得这么多：层越宽，漂得越少。",
        "cap_above": "s 大于 1，信号随深度等比放大：s = {hi} 的线一路往上冲。",
        "cap_caveat": "LayerNorm 只固定大小，深度的其他问题还在：这叠层是线性的；"
                      "真正的深层网络，还要靠残差连接和细心的初始化，才训练得起来。",
        "cap_scope": "所以没有 LayerNorm，大小随深度缩小或放大；加上 LayerNorm，s 就被约掉，每层的输出都被拉回大小 1。",
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
    """An RMS in a caption, as the panel shows it: 4 decimals below 10, 1 decimal up to 10,000; from there
    the panel's 3 significant digits in words ("1.09 billion" for 1.09×10⁹, "10.9 億"), so the cue and the
    screen say the same number; beyond 10¹² "more than 10 to the power n"; below 0.001 3 significant
    digits."""
    if v >= 1e12 and not caption_glyphs(fmt_sci(v, 3)):
        return ("w_over", {"e": sci_parts(v, 3)[1]})  # "more than 10 to the power 29", in words
    if v < 1e-3 or v >= 1e12:
        return fmt_sci(v, 3) if caption_glyphs(fmt_sci(v, 3)) else plain(v)
    if v >= 1e4:
        return ("big", v)
    return fmt_num(v, 4 if v < 10 else 1)


def big_words(v: float, lang: str) -> str:
    """10⁴ ≤ v < 10¹² in words with the panel's 3 significant digits: thousand/million/billion in
    English, 萬/億 (万/亿) in Chinese."""
    e = sci_parts(v, 3)[1]
    units = dict(item.split(" ") for item in STRINGS[lang]["big_units"].split(", "))  # {"9": "billion"}
    unit = max(int(u) for u in units if int(u) <= e)
    return f"{fmt_num(v / 10**unit, max(0, 2 - (e - unit)))} {units[str(unit)]}"


def power_text(p: float) -> str:
    """s^L in a caption: 2 decimals (1 from 10 on), m.mm×10ⁿ when that would read 0.00 or be long."""
    if p < 0.01 or p >= 1e4:
        return fmt_sci(p, 3) if caption_glyphs(fmt_sci(p, 3)) else plain(p)
    return fmt_num(p, 1 if p >= 10 else 2)


def rms_at(d, s: float) -> float:
    """The record's layer-L RMS (no LayerNorm) at slider value s."""
    k = int(np.argmin(np.abs(d.s_values - s)))
    return float(d.rms_plain[k, -1])


WOBBLE_SMALL = 0.5  # decades: a line this close to the band is said to stray "by about" its distance


def layer_factors(d) -> np.ndarray:
    """RMS_ℓ / RMS_ℓ₋₁ at s = 1 (no LayerNorm), shape (L,): what one layer alone does to the size
    (engine.signal.signal_layer_gain; the scene marks the smallest and the largest on the s = 1 line)."""
    return d.layer_gain


def wobble_args(d) -> tuple:
    """How far the lines lie from the band, as the engine measured: not at all (orthogonal W), by a
    small number of decades (written on the plot at its layer), or far, bent the same way for every s."""
    if d.wobble_max < 1e-9:
        return "cap_wobble_orthogonal", {}
    layer = int(np.argmax(np.abs(d.wobble)))
    f = layer_factors(d)
    span = {"fmin": fmt_num(float(f.min()), 2), "fmax": fmt_num(float(f.max()), 2), "l": layer}
    if d.wobble_max < WOBBLE_SMALL:
        return "cap_wobble", {"w": fmt_num(d.wobble_max, 2), **span}
    return "cap_wobble_big", {"w": fmt_num(d.wobble_max, 1), **span}


def factors(L: int, s: float, p: float) -> tuple:
    """s^L in words a caption font can set whole (it has no superscript 0 or 5–9): "30 factors of 0.9
    multiply to about 0.04", the number the panel typesets as s³⁰ = 0.0424."""
    return ("factors" if L > 1 else "factor_one", {"L": L, "s": fmt_num(s, 1), "p": power_text(p)})


def caption_args(d) -> dict:
    """{caption key: (string key, placeholders)}: which wording each moment uses and its numbers, all
    read from the record (SignalDecay). A claim that does not hold at these numbers ("vanishes",
    "explodes", "looks harmless, yet", "s cancels") gives way to a plain statement of the numbers."""
    L = d.n_layers
    (s09, s11), (p09, p11) = d.reference_s, d.reference_power
    k09 = int(np.argmin(np.abs(d.s_values - s09)))
    # "0.9 looks harmless, yet …": only when depth makes s^L matter and this draw goes the same way
    low = p09 < 0.5 and rms_at(d, s09) < 0.5
    high = low and p11 > 2.0 and rms_at(d, s11) > 2.0
    last_top = float(d.rms_plain[-1, -1])
    up = "cap_up" if d.explodes else "cap_up_grows" if last_top > 1.0 else "cap_up_shrinks"
    return {
        "cap_intro": ("cap_intro" if L > 1 else "cap_intro_one", {"d": d.d, "L": L, "w": ("w_" + d.init)}),
        "cap_grow": ("cap_grow" if L > 1 else "cap_grow_one", {"s": fmt_num(s09, 1)}),
        "cap_slope": ("cap_slope", {}),
        "cap_band": ("cap_band", {"s": fmt_num(s09, 1), "slope": fmt_num(float(d.log_slope[k09]), 3)}),
        "cap_wobble": wobble_args(d),
        "cap_tilt": ("cap_tilt" if d.wobble_max >= 1e-9 else "cap_wobble_orthogonal", {}),
        "cap_sweep": ("cap_sweep" if d.vanishes else "cap_sweep_mild",
                      {"L": L, "s": fmt_num(d.s_values[0], 2), "v": value_text(float(d.rms_plain[0, -1]))}),
        "cap_09": ("cap_09" if low else "cap_09_mild", {"s": fmt_num(s09, 1), "f": factors(L, s09, p09),
                                                        "v": value_text(rms_at(d, s09))}),
        "cap_10": ("cap_10" if d.init == "gaussian" else "cap_10_orthogonal",
                   {"v": value_text(rms_at(d, 1.0)), "m": fmt_num(float(d.typical_last_s1), 2), "n": TYPICAL_DRAWS}),
        # only when the draws bear it out: mean square within 5 % of 1, a negative mean log
        "cap_10_bars": ("cap_10_bars" if typical_drifts(d) else None, gain_args(d)),
        "cap_10_why": ("cap_10_why" if typical_drifts(d) else None, gain_args(d)),
        "cap_10_geo": ("cap_10_geo" if typical_drifts(d) else None, gain_args(d)),
        "cap_10_luck": ("cap_10_luck" if lucky(d) else None, {"L": L, "v": value_text(rms_at(d, 1.0))}),
        "cap_11": ("cap_11" if high else "cap_11_mild", {"s": fmt_num(s11, 1), "f": factors(L, s11, p11),
                                                         "v": value_text(rms_at(d, s11))}),
        "cap_up": (up, {"s": fmt_num(d.s_values[-1], 2 if round(d.s_values[-1], 1) != d.s_values[-1] else 1),
                        "v": value_text(last_top)}),
        "cap_ln": ("cap_ln", {}),
        "cap_ln_cancel": ("cap_ln_cancel" if d.ln_level else "cap_ln_dips", {}),
        "cap_ln_read": ln_read(d),
        "cap_summary": ("cap_summary_lead" if regimes(d) else "cap_summary", {}),
        **{key: (key if regimes(d) else None, {"lo": fmt_num(float(d.s_values[0]), 2), "hi": fmt_num(float(d.s_values[-1]), 2),
                                               "d": d.d})
           for key in ("cap_below", "cap_at1", "cap_above")},
        # the lines left at the sweep's ends, named as the second one is left
        "cap_ends": ("cap_ends", {"lo": fmt_num(float(d.s_values[0]), 2), "hi": fmt_num(float(d.s_values[-1]), 2 if round(d.s_values[-1], 1) != d.s_values[-1] else 1)}),
        "cap_caveat": ("cap_caveat", {}),
        "cap_scope": ("cap_scope", {}),
    }


def ln_read(d) -> tuple:
    """The σ read-outs where the LayerNorm section leaves s (s_max): σ_L and σ_L / s as the panel rounds
    them (3 decimals), said only when σ_L / s reads as at s = 1 (record.ln_divisor: s cancels)."""
    k1 = int(np.argmin(np.abs(d.s_values - 1.0)))
    s, sig = float(d.s_values[-1]), float(d.ln_divisor[-1, -1])
    same = fmt_num(sig / s, 3) == fmt_num(float(d.ln_divisor[k1, -1]), 3) and abs(s - 1.0) > 0.05
    return ("cap_ln_read" if same else None,
            {"s": fmt_num(s, 2 if round(s, 1) != s else 1), "sig": fmt_num(sig, 3), "r": fmt_num(sig / s, 3)})


def captions(d, lang: str) -> dict:
    """Every caption the scene shows in `lang`, as shown: {moment: text}."""
    table = STRINGS[lang]

    def word(v):
        if isinstance(v, str) and v.startswith("w_"):
            return table[v]
        if isinstance(v, tuple) and v[0] == "big":
            return big_words(v[1], lang)
        if isinstance(v, tuple):
            return table[v[0]].format(**v[1])
        return v

    return {moment: table[key].format(**{k: word(v) for k, v in fmt.items()})
            for moment, (key, fmt) in caption_args(d).items() if key is not None}
