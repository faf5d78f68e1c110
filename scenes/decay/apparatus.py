"""signal_decay's apparatus (seed 004 §4.2): the two rows of dots (a dot's size is its layer's RMS), the
layer-L read-outs, the log-scale strip of the layer-L RMS against s, and `update_all`, which runs the
layers for the current s every frame (engine.signal.signal_rms on the record's x0 and weights); mixed
into scenes.signal_decay.SignalDecay.

The layer ticks (`layer_ticks`), the strip's decades (`log_range`) and its s labels (`s_ticks`) follow
the record; a read-out too large or small for fixed decimals is a `SciNumber`.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Line, ValueTracker, VGroup, VMobject

from engine.signal import signal_closed_form, signal_rms
from look import fmt_num
from look.formats import sci_parts as look_sci_parts, superscript
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.lecture import LectureScene

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


class SciNumber(VGroup):
    """mantissa × 10^exponent from two GlyphNumbers and one static "×10", set every frame."""

    def __init__(self, scene: LectureScene, size: float, color: str):
        super().__init__()
        font = scene.look.font
        self.mant = GlyphNumber(1.0, decimals=2, width=4, font=font, font_size=size, color=color)
        self.times = scene.txt("×10", size=size, color=color)
        self.exp = GlyphNumber(0.0, decimals=0, width=4, font=font, font_size=max(size * 0.68, 18), color=color,
                               align="left")
        self.times.next_to(self.mant, RIGHT, buff=0.06).align_to(self.mant, DOWN)
        self.exp.next_to(self.times, RIGHT, buff=0.03).align_to(self.times, UP).shift(UP * 0.1)
        self.add(self.mant, self.times, self.exp)

    def set_value(self, v: float) -> str:
        m, e = sci_parts(v)
        self.mant.set_value(m)
        self.exp.set_value(float(e))  # left-aligned: its first glyph stays against "×10"
        return f"{self.mant.shown}×10^{self.exp.shown}"



class DecayApparatus:
    """Needs from the scene: data, L, log_min, log_max, r_unit, r_max, title_mob, pal, look, s, txt, tex,
    shown (scenes.signal_decay)."""

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
            ticks.add(self.txt(str(layer), size=18, color=pal.muted).move_to([self.dot_x(layer), Y_LN - 0.62, 0]))
        layer_word = self.txt(self.s("layer"), size=18, color=pal.muted)
        ticks.add(layer_word.move_to([-6.3 + layer_word.width / 2, Y_LN - 0.62, 0]))
        self.ticks = ticks

        # layer-30 read-outs
        x_out = 4.68
        at30 = self.txt(self.s("at30", L=self.L), size=18, color=pal.muted).move_to([x_out + 0.55, Y_PLAIN + 0.72, 0])
        self.out_plain = SciNumber(self, 26, pal.ink)
        self.out_ln = SciNumber(self, 26, pal.ink)
        self.out_plain.move_to([x_out + 0.55, Y_PLAIN, 0])
        self.out_ln.move_to([x_out + 0.55, Y_LN, 0])
        power = self.txt(self.s("power", Lsup=superscript(self.L)), size=18, color=pal.muted)
        self.power_num = SciNumber(self, 22, pal.muted)
        power_row = VGroup(power, self.power_num).arrange(RIGHT, buff=0.12)
        self.power_num.align_to(power, DOWN)
        power_row.move_to([x_out + 0.55, Y_PLAIN - 0.5, 0])
        self.readouts = VGroup(at30, power)  # static labels; the numbers live in self.live
        self.red_note = VGroup()  # the note on red dots, only when some dot turns red in the sweep
        if np.nanmax(d.rms_plain[:, 1:]) > d.explode_at:
            red = self.txt(self.s("exploded", v=fmt_num(d.explode_at, 0)), size=18, color=pal.bad)
            self.red_note.add(red.move_to([x_out + 0.55, Y_LN - 0.62, 0]))

        # the log strip: layer-30 RMS against s
        x0, x1 = self.strip_x(d.s_values[0]), self.strip_x(d.s_values[-1])
        axis = VGroup(Line([x0, STRIP_Y0, 0], [x1, STRIP_Y0, 0], stroke_color=pal.muted, stroke_width=1.5),
                      Line([x0, STRIP_Y0, 0], [x0, STRIP_Y0 + STRIP_H, 0], stroke_color=pal.muted,
                           stroke_width=1.5))
        one = Line([x0, self.strip_y(1.0), 0], [x1, self.strip_y(1.0), 0], stroke_color=pal.muted,
                   stroke_width=1, stroke_opacity=0.5)
        lo, hi = int(self.log_min), int(self.log_max)
        ylabels = VGroup(*(self.tex(t, size=24, color=pal.muted).next_to([x0, self.strip_y(v), 0], LEFT, buff=0.1)
                           for t, v in ((rf"10^{{{lo}}}", 10.0**lo), (r"1", 1.0), (rf"10^{{{hi}}}", 10.0**hi))))
        xlabels = VGroup(*(self.txt(fmt_num(v, 1), size=18, color=pal.muted).move_to(
            [self.strip_x(v), STRIP_Y0 - 0.2, 0]) for v in s_ticks(d.s_values[0], d.s_values[-1])))
        strip_title = self.txt(self.s("strip", L=self.L), size=18, color=pal.muted)
        strip_title.move_to([x0 + 0.2, STRIP_Y0 + STRIP_H + 0.02, 0], aligned_edge=LEFT)
        self.strip = VGroup(axis, one, ylabels, xlabels, strip_title)
        legend = VGroup()
        for k, (key, text) in enumerate((("plain", self.s("row_plain")), ("ln", self.s("legend_ln")))):
            swatch = Line([0, 0, 0], [0.45, 0, 0], stroke_color=self.curve_color[key], stroke_width=4)
            legend.add(VGroup(swatch, self.txt(text, size=17.5, color=self.curve_color[key]).next_to(swatch, RIGHT,
                                                                                                   buff=0.12)))
        legend.arrange(DOWN, aligned_edge=LEFT, buff=0.15).move_to([x1 + 0.14, STRIP_Y0 + STRIP_H * 0.55, 0],
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
