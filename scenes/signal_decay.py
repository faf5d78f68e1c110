"""signal_decay: a 24-dim signal through 30 layers y = (s·W_l)·x, with and without LayerNorm
(seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？"); any depth 1–100, width, seed and sweep
(studio.accepts.depth): the layer ticks, dot sizes and the strip's decades follow the record, and a
caption's claim ("vanishes", "explodes", "looks harmless, yet") is made only when the numbers bear it out.

Sections: intro (the two rows of 30 dots, a dot's size is that layer's RMS) → sweep (s runs 0.5 → 2.0:
the plain row vanishes, then explodes; holds at 0.9, 1.0, 1.1 beside the page's 0.9³⁰ ≈ 0.04 and
1.1³⁰ ≈ 17.4) → layernorm (s runs back: the LayerNorm row never moves) → summary.
Every frame runs the 30 layers for the current s with engine.signal.signal_rms on the record's x0 and
weights; the bottom strip traces the layer-30 RMS against s on a log scale.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, Create, FadeIn, FadeOut, Indicate, Line, SurroundingRectangle,
    ValueTracker, VGroup, VMobject, linear, smooth,
)

from engine.signal import signal_closed_form, signal_rms
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.lecture import LectureScene
from look import fmt_num
from look.formats import fmt_sci, sci_parts as look_sci_parts, superscript

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": 4, "reference_rms_plain": 4,
            "s_values": 2, "last_plain_s1": 4}

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
        "cap_sweep": "s scales every layer's weights. Below 1 the signal shrinks a little at every "
                     "layer, and {L} layers multiply it away.",
        "cap_sweep_mild": "s scales every layer's weights. Below 1 the signal shrinks at every layer, "
                          "yet at s = {s} the last layer's RMS is still {v}.",
        "cap_09": "s = {s} looks harmless, yet {s}{Lsup} ≈ {p}: this draw ends at {v}.",
        "cap_09_mild": "s = {s}: {s}{Lsup} ≈ {p}, and this draw ends at {v}.",
        "cap_10": "s = 1.0: the size survives only on average; this draw ends at {v}.",
        "cap_10_orthogonal": "s = 1.0: an orthogonal W keeps the size exactly; this draw ends at {v}.",
        "cap_11": "s = {s} looks harmless too, yet {s}{Lsup} ≈ {p}: this draw ends at {v}.",
        "cap_11_mild": "s = {s}: {s}{Lsup} ≈ {p}, and this draw ends at {v}.",
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
        "cap_sweep": "s 是每層權重的整體倍率。小於 1 時，訊號每過一層縮一點，連乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 是每層權重的整體倍率。小於 1 時訊號每過一層都會縮小，但 s = {s} 時最後一層的 RMS 仍有 {v}。",
        "cap_09": "s = {s} 看似無害，但 {s}{Lsup} ≈ {p}：這組隨機權重最後剩 {v}。",
        "cap_09_mild": "s = {s}：{s}{Lsup} ≈ {p}，這組隨機權重最後是 {v}。",
        "cap_10": "s = 1.0：大小只在平均意義上保住；這組權重最後是 {v}。",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；這組權重最後是 {v}。",
        "cap_11": "s = {s} 也看似無害，但 {s}{Lsup} ≈ {p}：這組權重最後到 {v}。",
        "cap_11_mild": "s = {s}：{s}{Lsup} ≈ {p}，這組權重最後是 {v}。",
        "cap_up": "大於 1 就爆掉：s = {s} 時最後一層的 RMS 是 {v}。",
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
        "cap_sweep": "s 是每层权重的整体倍率。小于 1 时，信号每过一层缩一点，连乘 {L} 次就消失了。",
        "cap_sweep_mild": "s 是每层权重的整体倍率。小于 1 时信号每过一层都会缩小，但 s = {s} 时最后一层的 RMS 仍有 {v}。",
        "cap_09": "s = {s} 看似无害，但 {s}{Lsup} ≈ {p}：这组随机权重最后剩 {v}。",
        "cap_09_mild": "s = {s}：{s}{Lsup} ≈ {p}，这组随机权重最后是 {v}。",
        "cap_10": "s = 1.0：大小只在平均意义上保住；这组权重最后是 {v}。",
        "cap_10_orthogonal": "s = 1.0：正交的 W 完全保住大小；这组权重最后是 {v}。",
        "cap_11": "s = {s} 也看似无害，但 {s}{Lsup} ≈ {p}：这组权重最后到 {v}。",
        "cap_11_mild": "s = {s}：{s}{Lsup} ≈ {p}，这组权重最后是 {v}。",
        "cap_up": "大于 1 就爆掉：s = {s} 时最后一层的 RMS 是 {v}。",
        "cap_up_grows": "大于 1 就变大：s = {s} 时最后一层的 RMS 是 {v}。",
        "cap_up_shrinks": "s = {s} 时最后一层的 RMS 是 {v}：这组 W 把信号缩小的幅度比 s 放大的还多。",
        "cap_ln": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1：不管 s 多少，这一行都保持水平"
                  "（RMS 介于 {lo} 与 {hi}）。",
        "cap_ln_dips": "每层之后加 LayerNorm，输出都被调回平均 0、方差 1。某层输出几乎没有起伏时，"
                       "ε 让 RMS 低一些（介于 {lo} 与 {hi}）。",
        "cap_summary": "没人能保证每层的 s 刚好停在 1。LayerNorm 不需要这个保证：它在每一层把信号校准回来。",
    },
}

X_FIRST, X_LAST = -3.75, 3.85  # dot 1 and the last dot; the others evenly between (one layer: centred)
Y_PLAIN, Y_LN = 1.65, 0.4
R_UNIT = 0.06  # radius of a dot with RMS 1; radius ∝ √RMS, capped at explode_at
R_MAX = 0.105  # under half the dot spacing: exploded dots stay apart
R_SHARE = 0.42  # with many layers the radii shrink to this share of the dot spacing
STRIP_Y0, STRIP_H = -2.15, 1.2  # the log-scale strip: bottom and height
UNIT_CIRCLE = Circle(radius=1.0).points.copy()  # (n, 3)
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50)


def layer_ticks(n_layers: int) -> list[int]:
    """The layers labelled under the dots: 1, every `step`-th layer (at most about 5 of them) and the
    last; a multiple too close to the last layer is left out (30 and 31 would collide)."""
    step = next(k for k in TICK_STEPS if n_layers / k <= 5)
    ticks = {1, n_layers, *(m for m in range(step, n_layers, step) if n_layers - m >= step / 2)}
    return sorted(ticks)


def log_range(d) -> tuple[float, float]:
    """The strip's decades: whole powers of ten around every layer-L RMS of the record, at least ±1."""
    values = np.concatenate([d.rms_plain[:, -1], d.rms_ln[:, -1]])
    values = values[np.isfinite(values) & (values > 0)]
    lo = min(np.floor(np.log10(values.min())), -1.0) if len(values) else -1.0
    hi = max(np.ceil(np.log10(values.max())), 1.0) if len(values) else 1.0
    return float(lo), float(hi)


def s_ticks(s_min: float, s_max: float) -> list[float]:
    """Labels under the strip: multiples of 0.5, 0.2 or 0.1 inside the sweep (0.5 … 2.0 by default)."""
    span = s_max - s_min
    step = 0.5 if span >= 1.5 else 0.2 if span >= 0.6 else 0.1
    first = np.ceil(s_min / step - 1e-9) * step
    return [round(float(v), 10) for v in np.arange(first, s_max + 1e-9, step)]


def sci_parts(v: float) -> tuple[float, int]:
    """v = mantissa × 10^exponent with 1 ≤ mantissa < 10 at 2 decimals; (0, 0) for no positive value."""
    return look_sci_parts(v, 3) if np.isfinite(v) and v > 0 else (0.0, 0)


def sup(n: int) -> str:
    return superscript(n)


def sci_text(v: float) -> str:
    """v as "9.47×10⁻¹⁰" for a caption."""
    return fmt_sci(v, 3)


def value_text(v: float) -> str:
    """An RMS in a caption: 4 decimals below 10, 1 decimal up to 10,000, else m.mm×10ⁿ."""
    if v < 1e-3 or v >= 1e4:
        return sci_text(v)
    return fmt_num(v, 4 if v < 10 else 1)


def power_text(p: float) -> str:
    """s^L in a caption: 2 decimals (1 from 10 on), m.mm×10ⁿ when that would read 0.00 or be long."""
    if p < 0.01 or p >= 1e4:
        return sci_text(p)
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
    sup_l = sup(L)
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
        "cap_09": ("cap_09" if low else "cap_09_mild", {"s": fmt_num(s09, 1), "Lsup": sup_l, "p": power_text(p09),
                                     "v": value_text(rms_at(d, s09))}),
        "cap_10": ("cap_10" if d.init == "gaussian" else "cap_10_orthogonal", {"v": value_text(rms_at(d, 1.0))}),
        "cap_11": ("cap_11" if high else "cap_11_mild", {"s": fmt_num(s11, 1), "Lsup": sup_l, "p": power_text(p11),
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
        fmt = {k: table[v] if isinstance(v, str) and v.startswith("w_") else v for k, v in fmt.items()}
        out[moment] = table[key].format(**fmt)
    out["cap_summary"] = table["cap_summary"]
    return out


class SciNumber(VGroup):
    """mantissa × 10^exponent from two GlyphNumbers and one static "×10", set every frame."""

    def __init__(self, scene: LectureScene, size: float, color: str):
        super().__init__()
        font = scene.look.font
        self.mant = GlyphNumber(1.0, decimals=2, width=4, font=font, font_size=size, color=color)
        self.times = scene.txt("×10", size=size, color=color)
        self.exp = GlyphNumber(0.0, decimals=0, width=4, font=font, font_size=size * 0.68, color=color,
                               align="left")
        self.times.next_to(self.mant, RIGHT, buff=0.06).align_to(self.mant, DOWN)
        self.exp.next_to(self.times, RIGHT, buff=0.03).align_to(self.times, UP).shift(UP * 0.1)
        self.add(self.mant, self.times, self.exp)

    def set_value(self, v: float) -> str:
        m, e = sci_parts(v)
        self.mant.set_value(m)
        self.exp.set_value(float(e))  # left-aligned: its first glyph stays against "×10"
        return f"{self.mant.shown}×10^{self.exp.shown}"


class SignalDecay(LectureScene):
    strings = STRINGS

    def construct(self):
        d = self.data
        self.L = d.n_layers
        self.caps = captions(d, self.look.lang)
        self.log_min, self.log_max = log_range(d)
        spacing = (X_LAST - X_FIRST) / max(self.L - 1, 1)
        self.r_max = min(R_MAX, R_SHARE * spacing)
        self.r_unit = R_UNIT * self.r_max / R_MAX
        title = self.s("title", L=self.L) if self.L > 1 else self.s("title_one")
        self.title_mob = self.add_title(title, align="left")
        self.build()
        self.intro()
        self.sweep()
        self.layernorm()
        self.section("summary", self.caps["cap_summary"])
        self.wait(4)

    # -- pieces ----------------------------------------------------------------------------------
    def dot_x(self, layer: int) -> float:
        if self.L == 1:
            return (X_FIRST + X_LAST) / 2
        return X_FIRST + (layer - 1) * (X_LAST - X_FIRST) / (self.L - 1)

    def strip_x(self, s):
        s0, s1 = self.data.s_values[0], self.data.s_values[-1]
        return X_FIRST + (s - s0) / (s1 - s0) * (X_LAST - X_FIRST)

    def strip_y(self, v):
        """Height on the log strip of an RMS value (or an array of them)."""
        lg = np.clip(np.log10(np.maximum(v, 1e-300)), self.log_min, self.log_max)
        return STRIP_Y0 + (lg - self.log_min) / (self.log_max - self.log_min) * STRIP_H

    def build(self):
        pal, d = self.pal, self.data
        formula = VGroup(self.tex(r"y=(s\cdot W)\cdot x", size=30), self.txt(self.s("rms_def"), size=24))
        formula.arrange(RIGHT, buff=0.8).move_to([0, 2.7, 0]).align_to([-6.3, 0, 0], LEFT)
        s_label = self.txt(self.s("s_label"), size=32, color=pal.ink)
        self.s_num = GlyphNumber(d.s_values[0], decimals=2, width=4, font=self.look.font, font_size=36,
                                 color=pal.ink)
        s_label.move_to([4.4, self.title_mob.get_y(), 0])
        self.s_num.next_to(s_label, RIGHT, buff=0.18).align_to(s_label, DOWN)
        self.header = VGroup(formula, s_label)  # s_num lives in self.live

        # two rows of dots
        self.rows = {}
        labels = VGroup()
        self.curve_color = {"plain": pal.accent, "ln": pal.cool}  # one colour per curve: dots, trace, legend
        for key, y, text in (("plain", Y_PLAIN, self.s("row_plain")), ("ln", Y_LN, self.s("row_ln"))):
            pad = 0.6 if self.L == 1 else 0.0  # one layer: a short guide around its dot
            guide = Line([self.dot_x(1) - pad, y, 0], [self.dot_x(self.L) + pad, y, 0], stroke_color=pal.muted,
                         stroke_width=1.2, stroke_opacity=0.5)
            dots = [VMobject(stroke_width=0, fill_color=self.curve_color[key], fill_opacity=1.0)
                    for _ in range(self.L)]
            lab = self.txt(text, size=19, color=self.curve_color[key], line_spacing=0.8)
            lab.move_to([-6.3 + lab.width / 2, y, 0])
            labels.add(lab)
            self.rows[key] = (guide, dots, y)
        self.row_labels = labels
        ticks = VGroup()
        for layer in layer_ticks(self.L):
            ticks.add(self.txt(str(layer), size=16, color=pal.muted).move_to([self.dot_x(layer), Y_LN - 0.62, 0]))
        layer_word = self.txt(self.s("layer"), size=16, color=pal.muted)
        ticks.add(layer_word.move_to([-6.3 + layer_word.width / 2, Y_LN - 0.62, 0]))
        self.ticks = ticks

        # layer-30 read-outs
        x_out = 4.75
        at30 = self.txt(self.s("at30", L=self.L), size=18, color=pal.muted).move_to([x_out + 0.55, Y_PLAIN + 0.72, 0])
        self.out_plain = SciNumber(self, 26, pal.ink)
        self.out_ln = SciNumber(self, 26, pal.ink)
        self.out_plain.move_to([x_out + 0.55, Y_PLAIN, 0])
        self.out_ln.move_to([x_out + 0.55, Y_LN, 0])
        power = self.txt(self.s("power", Lsup=sup(self.L)), size=18, color=pal.muted)
        self.power_num = SciNumber(self, 18, pal.muted)
        power_row = VGroup(power, self.power_num).arrange(RIGHT, buff=0.12)
        self.power_num.align_to(power, DOWN)
        power_row.move_to([x_out + 0.55, Y_PLAIN - 0.5, 0])
        self.readouts = VGroup(at30, power)  # static labels; the numbers live in self.live
        self.red_note = VGroup()  # the note on red dots, only when some dot turns red in the sweep
        if np.nanmax(d.rms_plain[:, 1:]) > d.explode_at:
            red = self.txt(self.s("exploded", v=fmt_num(d.explode_at, 0)), size=16, color=pal.bad)
            self.red_note.add(red.move_to([x_out + 0.55, Y_LN - 0.62, 0]))

        # the log strip: layer-30 RMS against s
        x0, x1 = self.strip_x(d.s_values[0]), self.strip_x(d.s_values[-1])
        axis = VGroup(Line([x0, STRIP_Y0, 0], [x1, STRIP_Y0, 0], stroke_color=pal.muted, stroke_width=1.5),
                      Line([x0, STRIP_Y0, 0], [x0, STRIP_Y0 + STRIP_H, 0], stroke_color=pal.muted,
                           stroke_width=1.5))
        one = Line([x0, self.strip_y(1.0), 0], [x1, self.strip_y(1.0), 0], stroke_color=pal.muted,
                   stroke_width=1, stroke_opacity=0.5)
        lo, hi = int(self.log_min), int(self.log_max)
        ylabels = VGroup(*(self.tex(t, size=20, color=pal.muted).next_to([x0, self.strip_y(v), 0], LEFT, buff=0.1)
                           for t, v in ((rf"10^{{{lo}}}", 10.0**lo), (r"1", 1.0), (rf"10^{{{hi}}}", 10.0**hi))))
        xlabels = VGroup(*(self.txt(fmt_num(v, 1), size=16, color=pal.muted).move_to(
            [self.strip_x(v), STRIP_Y0 - 0.2, 0]) for v in s_ticks(d.s_values[0], d.s_values[-1])))
        strip_title = self.txt(self.s("strip", L=self.L), size=18, color=pal.muted)
        strip_title.move_to([x0 + 0.2, STRIP_Y0 + STRIP_H + 0.02, 0], aligned_edge=LEFT)
        self.strip = VGroup(axis, one, ylabels, xlabels, strip_title)
        legend = VGroup()
        for k, (key, text) in enumerate((("plain", self.s("row_plain")), ("ln", self.s("legend_ln")))):
            swatch = Line([0, 0, 0], [0.45, 0, 0], stroke_color=self.curve_color[key], stroke_width=4)
            legend.add(VGroup(swatch, self.txt(text, size=16, color=self.curve_color[key]).next_to(swatch, RIGHT,
                                                                                                   buff=0.12)))
        legend.arrange(DOWN, aligned_edge=LEFT, buff=0.15).move_to([x1 + 0.2, STRIP_Y0 + STRIP_H * 0.55, 0],
                                                                     aligned_edge=LEFT)
        self.strip.add(legend)
        self.trace_plain = VMobject(stroke_color=self.curve_color["plain"], stroke_width=3)
        self.trace_ln = VMobject(stroke_color=self.curve_color["ln"], stroke_width=3)
        self.marker_plain = VMobject(stroke_width=0, fill_color=self.curve_color["plain"], fill_opacity=1)
        self.marker_ln = VMobject(stroke_width=0, fill_color=self.curve_color["ln"], fill_opacity=1)
        self.visited: list[tuple[float, float, float]] = []
        self.dot_colors: dict[int, str] = {}

        self.tracker = ValueTracker(float(d.s_values[0]))
        self.live = VGroup(*self.rows["plain"][1], *self.rows["ln"][1], self.s_num, self.out_plain,
                           self.out_ln, self.power_num, self.trace_plain, self.trace_ln, self.marker_plain,
                           self.marker_ln)
        self.update_all(self.live)

    def set_dot(self, dot: VMobject, x: float, y: float, rms: float, base: str):
        d, pal = self.data, self.pal
        r = min(self.r_unit * np.sqrt(min(max(rms, 0.0), d.explode_at)), self.r_max) if np.isfinite(rms) else self.r_max
        dot.points = UNIT_CIRCLE * max(r, 1e-4) + np.array([x, y, 0.0])
        color = pal.bad if (not np.isfinite(rms) or rms > d.explode_at) else base
        if self.dot_colors.get(id(dot)) != color:  # recolour only when the dot crosses explode_at
            dot.set_fill(color, opacity=1.0)
            self.dot_colors[id(dot)] = color

    def polyline(self, mob: VMobject, xs: np.ndarray, ys: np.ndarray):
        if len(xs) >= 2:
            mob.set_points_as_corners(np.column_stack([xs, ys, np.zeros_like(xs)]))  # (n, 3)
        else:
            mob.clear_points()

    def update_all(self, group):
        d = self.data
        s = float(self.tracker.get_value())
        plain = signal_rms(s, d.x0, d.weights, layer_norm_after=False, eps=d.eps)  # (L + 1,)
        ln = signal_rms(s, d.x0, d.weights, layer_norm_after=True, eps=d.eps)  # (L + 1,)
        for key, values in (("plain", plain), ("ln", ln)):
            _, dots, y = self.rows[key]
            for layer in range(1, self.L + 1):
                self.set_dot(dots[layer - 1], self.dot_x(layer), y, values[layer], self.curve_color[key])
        self.s_num.set_value(s)
        self.shown["s"] = s
        self.shown["rms30_plain_shown"] = self.out_plain.set_value(plain[-1])
        self.shown["rms30_ln_shown"] = self.out_ln.set_value(ln[-1])
        self.shown["s_pow_30_shown"] = self.power_num.set_value(signal_closed_form(s, self.L)[-1])
        for layer in range(1, self.L + 1):
            self.shown[f"rms_plain_{layer}"] = float(plain[layer])
        for layer in range(1, self.L + 1):
            self.shown[f"rms_ln_{layer}"] = float(ln[layer])
        if not self.visited or abs(self.visited[-1][0] - s) > 1e-9:
            self.visited.append((s, float(plain[-1]), float(ln[-1])))
        visited = np.array(sorted(self.visited))  # (n, 3): s, layer-30 RMS plain, with LN
        xs = self.strip_x(visited[:, 0])  # (n,)
        self.polyline(self.trace_plain, xs, self.strip_y(visited[:, 1]))
        self.polyline(self.trace_ln, xs, self.strip_y(visited[:, 2]))
        for mob, v in ((self.marker_plain, plain[-1]), (self.marker_ln, ln[-1])):
            mob.points = UNIT_CIRCLE * 0.06 + np.array([self.strip_x(s), self.strip_y(v), 0.0])

    # -- sections ------------------------------------------------------------------------------------
    def intro(self):
        self.section("intro", self.caps["cap_intro"])
        guides = VGroup(self.rows["plain"][0], self.rows["ln"][0])
        self.play(FadeIn(self.header), FadeIn(self.s_num), run_time=1.0)
        self.play(Create(guides), FadeIn(self.row_labels), FadeIn(self.ticks), run_time=1.0)
        rest = VGroup(*(m for m in self.live if m is not self.s_num))
        self.play(FadeIn(rest), FadeIn(self.readouts), FadeIn(self.strip), FadeIn(self.red_note),
                  run_time=1.2)
        # the apparatus stays for the whole scene; the sections move s
        self.persist(self.header, self.s_num, guides, self.row_labels, self.ticks, rest, self.readouts, self.strip,
                     self.red_note)
        self.wait(4)

    def move_s(self, target: float, run_time: float, rate=smooth):
        self.play(self.tracker.animate.set_value(target), run_time=run_time, rate_func=rate)

    def sweep(self):
        d = self.data
        self.section("sweep", self.caps["cap_sweep"])
        self.live.add_updater(self.update_all)
        self.add(self.live)
        self.wait(3)
        s09, s11 = d.reference_s
        self.move_s(float(s09), 5.0, linear)
        self.caption(self.caps["cap_09"])
        box = SurroundingRectangle(self.out_plain, buff=0.1, color=self.pal.accent)
        self.play(Create(box), run_time=0.5)
        self.wait(3)
        self.move_s(1.0, 1.5)
        self.caption(self.caps["cap_10"])
        self.wait(3)
        self.move_s(float(s11), 1.5)
        self.caption(self.caps["cap_11"])
        self.wait(3)
        self.play(FadeOut(box), run_time=0.3)
        self.caption(self.caps["cap_up"])
        self.move_s(float(d.s_values[-1]), 6.0, linear)
        self.wait(3)

    def layernorm(self):
        d = self.data
        self.section("layernorm", self.caps["cap_ln"])
        box = SurroundingRectangle(VGroup(self.row_labels[1], *self.rows["ln"][1], self.out_ln), buff=0.08,
                                   color=self.pal.cool, corner_radius=0.1)
        self.play(Create(box), run_time=0.8)
        self.move_s(float(d.s_values[0]), 6.0)
        # back to the page's starting value, or the sweep's nearest end when the sweep does not reach it
        self.move_s(float(np.clip(d.s_page_default, d.s_values[0], d.s_values[-1])), 2.5)
        self.wait(3)
        self.read_caption()  # a longer caption (other numbers) is read to its end before the box goes
        self.live.remove_updater(self.update_all)
        self.play(FadeOut(box), Indicate(self.row_labels[1], color=self.pal.cool), run_time=1.0)


SCENE = SignalDecay
