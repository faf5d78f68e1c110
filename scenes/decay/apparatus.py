"""signal_decay's apparatus (seed 004 §4.2): log₁₀ RMS against the layer on one fixed axis, the line for
the current s growing as the signal passes each layer, the straight line l·log₁₀ s under it (a pale
band), the LayerNorm line, lines left behind at chosen s, and the panel (the formula, the slope
log₁₀ s per layer, the layer-L read-outs, the legend). `update_all` runs the layers for the current s
every frame (engine.signal.signal_rms on the record's x0 and weights); mixed into
scenes.signal_decay.SignalDecay.

The axis' decades (`log_range`, `log_ticks`) and the layer ticks (`layer_ticks`) follow the record, so
the axis never moves while s does.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, Line, ValueTracker, VGroup, VMobject

from engine.signal import signal_closed_form, signal_log_slope, signal_rms
from look import fmt_num
from look.formats import sci_parts as look_sci_parts, superscript
from scenes.parts.glyphs import GlyphNumber

AX_X0, AX_X1 = -4.7, 2.0  # layer 0 (the input) and layer L
AX_Y0, AX_Y1 = -1.9, 2.35  # the axis' lowest and highest decade
PANEL_X = 3.2  # the panel's left edge (the safe area ends at 6.4)
LABEL = 24  # every label's size: digits at least 3 % of the frame height
UNIT_CIRCLE = Circle(radius=1.0).points.copy()  # (n, 3)
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100)


def layer_ticks(n_layers: int) -> list[int]:
    """The layers labelled under the axis: 1, every `step`-th layer (at most about 5 of them) and the
    last; a multiple too close to the last layer is left out (30 and 31 would collide)."""
    step = next(k for k in TICK_STEPS if n_layers / k <= 5)
    ticks = {1, n_layers, *(m for m in range(step, n_layers, step) if n_layers - m >= step / 2)}
    return sorted(ticks)


def log_range(d) -> tuple[float, float, int]:
    """The axis: (lowest, highest decade, step between labelled decades), around every RMS of the
    record (every layer, every s, with and without LayerNorm), at least −1 … 1."""
    values = np.concatenate([d.rms_plain.ravel(), d.rms_ln.ravel()])
    values = np.log10(values[np.isfinite(values) & (values > 0)])  # (n,)
    lo, hi = min(float(values.min()), -1.0), max(float(values.max()), 1.0)
    step = next(k for k in TICK_STEPS if (np.ceil(hi / k) - np.floor(lo / k)) <= 5)
    return float(np.floor(lo / step) * step), float(np.ceil(hi / step) * step), step


def sci_parts(v: float) -> tuple[float, int]:
    """v = mantissa × 10^exponent with 1 ≤ mantissa < 10 at 2 decimals; (0, 0) for no positive value."""
    return look_sci_parts(v, 3) if np.isfinite(v) and v > 0 else (0.0, 0)


class SciNumber(VGroup):
    """An RMS read-out set every frame, written as the captions write it (scenes.decay.strings.value_text):
    4 decimals below 10, 1 decimal up to 10,000, else mantissa × 10^exponent from two GlyphNumbers and one
    "×10" (the exponent as large as a label: its digits at least 3 % of the frame height)."""

    def __init__(self, scene, size: float, color: str):
        super().__init__()
        font = scene.look.font
        self.plain = GlyphNumber(0.0, decimals=4, width=9, font=font, font_size=size, color=color, align="left")
        self.mant = GlyphNumber(1.0, decimals=2, width=4, font=font, font_size=size, color=color)
        self.times = scene.txt("×10", size=size, color=color)
        self.exp = GlyphNumber(0.0, decimals=0, width=4, font=font, font_size=LABEL, color=color, align="left")
        self.times.next_to(self.mant, RIGHT, buff=0.06).align_to(self.mant, DOWN)
        self.exp.next_to(self.times, RIGHT, buff=0.03).align_to(self.times, UP).shift(UP * 0.12)
        self.plain.align_to(self.mant, LEFT).align_to(self.mant, DOWN)
        self.add(self.plain, self.mant, self.times, self.exp)
        self.sci = None

    def set_value(self, v: float) -> str:
        sci = not (np.isfinite(v) and 1e-3 <= v < 1e4)
        if sci != self.sci:
            self.times.set_opacity(1.0 if sci else 0.0)
            self.sci = sci
        if not sci:
            self.plain.decimals = 4 if v < 10 else 1
            self.plain.set_value(v)
            self.mant.set_value(1.0), self.exp.set_value(0.0)
            for slot in (*self.mant.slots, *self.exp.slots):
                slot.clear_points()
            self.mant.shown = self.exp.shown = ""
            return self.plain.shown
        m, e = sci_parts(v)
        self.plain.set_value(0.0)
        for slot in self.plain.slots:
            slot.clear_points()
        self.plain.shown = ""
        self.mant.set_value(m)
        self.exp.set_value(float(e))
        return f"{self.mant.shown}×10^{self.exp.shown}"


class DecayApparatus:
    """Needs from the scene: data, L, pal, look, s, txt, tex, shown, title_mob (scenes.signal_decay)."""

    # -- where things are --------------------------------------------------------------------------
    def x_of(self, layer):
        return AX_X0 + np.asarray(layer, dtype=float) / max(self.L, 1) * (AX_X1 - AX_X0)

    def y_of_log(self, lg):
        lg = np.clip(lg, self.lo, self.hi)
        return AX_Y0 + (lg - self.lo) / (self.hi - self.lo) * (AX_Y1 - AX_Y0)

    def y_of(self, v):
        with np.errstate(divide="ignore"):
            return self.y_of_log(np.log10(np.maximum(v, 1e-300)))

    # -- building once -------------------------------------------------------------------------------
    def build(self):
        pal, d = self.pal, self.data
        self.lo, self.hi, step = log_range(d)
        self.color = {"plain": pal.accent, "ln": pal.cool}
        axes = VGroup(Line([AX_X0, AX_Y0, 0], [AX_X1, AX_Y0, 0], stroke_color=pal.muted, stroke_width=2),
                      Line([AX_X0, AX_Y0, 0], [AX_X0, AX_Y1, 0], stroke_color=pal.muted, stroke_width=2))
        grid, ylabels = VGroup(), VGroup()
        for v in np.arange(self.lo, self.hi + 1e-9, step):
            y = float(self.y_of_log(v))
            grid.add(Line([AX_X0, y, 0], [AX_X1, y, 0], stroke_color=pal.muted, stroke_width=1,
                          stroke_opacity=0.6 if v == 0 else 0.25))
            ylabels.add(self.txt(fmt_num(v, 0), size=LABEL, color=pal.muted).next_to([AX_X0, y, 0], LEFT, buff=0.15))
        y_title = self.tex(r"\log_{10}\mathrm{RMS}", size=36, color=pal.muted)
        y_title.move_to([AX_X0 - 0.9, AX_Y1 + 0.45, 0], aligned_edge=LEFT)
        xlabels = VGroup()
        ticks = [0] + [t for t in layer_ticks(self.L) if t != 1 or self.L < 5]
        for layer in ticks:
            xlabels.add(self.txt(str(layer), size=LABEL, color=pal.muted).move_to([self.x_of(layer), AX_Y0 - 0.34, 0]))
        word = self.txt(self.s("layer"), size=LABEL, color=pal.muted)
        xlabels.add(word.move_to([AX_X0 - 0.3, AX_Y0 - 0.34, 0], aligned_edge=RIGHT))
        self.axes = VGroup(grid, axes, ylabels, y_title, xlabels)

        # the panel
        self.formula = self.tex(r"y=(s\cdot W)\cdot x", size=40).move_to([PANEL_X, 2.6, 0], aligned_edge=LEFT)
        s_label = self.txt("s =", size=36)
        self.s_num = GlyphNumber(1.0, decimals=2, width=4, font=self.look.font, font_size=36, color=pal.ink)
        s_label.move_to([PANEL_X + 0.3, self.title_mob.get_y(), 0])
        self.s_num.next_to(s_label, RIGHT, buff=0.18).align_to(s_label, DOWN)
        self.s_row = VGroup(s_label, self.s_num)
        slope_word = self.txt(self.s("slope"), size=LABEL, color=pal.muted).move_to([PANEL_X, 1.85, 0], aligned_edge=LEFT)
        slope_tex = self.tex(r"\log_{10}s=", size=36, color=self.color["plain"])
        self.slope_num = GlyphNumber(0.0, decimals=3, width=6, font=self.look.font, font_size=30,
                                     color=self.color["plain"], align="left")
        slope_tex.move_to([PANEL_X, 1.3, 0], aligned_edge=LEFT)
        self.slope_num.next_to(slope_tex, RIGHT, buff=0.12).align_to(slope_tex, DOWN).shift(UP * 0.02)
        self.slope = VGroup(slope_word, slope_tex, self.slope_num)
        power = self.txt(f"s{superscript(self.L)} =", size=26, color=self.color["plain"])
        self.power_num = SciNumber(self, 26, self.color["plain"])
        self.power = VGroup(power, self.power_num).arrange(RIGHT, buff=0.1)
        self.power_num.align_to(power, DOWN)
        if self.power.width > 6.3 - PANEL_X:  # s¹⁰⁰ = 1.00×10⁻¹⁰⁰
            self.power.scale_to_fit_width(6.3 - PANEL_X)
        self.power.move_to([PANEL_X, 0.75, 0], aligned_edge=LEFT)
        at_l = self.txt(self.s("at_l", L=self.L), size=LABEL, color=pal.muted).move_to([PANEL_X, 0.15, 0],
                                                                                      aligned_edge=LEFT)
        self.out_plain = SciNumber(self, 30, self.color["plain"])
        self.out_ln = SciNumber(self, 30, self.color["ln"])
        self.out_plain.move_to([PANEL_X, -0.35, 0], aligned_edge=LEFT)
        self.out_ln.move_to([PANEL_X, -0.92, 0], aligned_edge=LEFT)
        self.readouts = VGroup(at_l, self.out_plain)
        self.legend = VGroup()
        for key, text, y in (("plain", self.s("row_plain"), -1.55), ("ln", self.s("row_ln"), -2.05)):
            swatch = Line([0, 0, 0], [0.3, 0, 0], stroke_color=self.color[key], stroke_width=5)
            label = self.txt(text, size=LABEL, color=self.color[key], line_spacing=0.8)
            row = VGroup(swatch, label.next_to(swatch, RIGHT, buff=0.1))
            self.legend.add(row.move_to([PANEL_X, y, 0], aligned_edge=LEFT))

        # the lines: the band l·log₁₀ s (pale, wide), the simulated line, the LayerNorm line, their fronts
        self.band = VMobject(stroke_color=self.color["plain"], stroke_width=14, stroke_opacity=0.22)
        self.line_plain = VMobject(stroke_color=self.color["plain"], stroke_width=4)
        self.line_ln = VMobject(stroke_color=self.color["ln"], stroke_width=4)
        self.dot_plain = VMobject(stroke_width=0, fill_color=self.color["plain"], fill_opacity=1)
        self.dot_ln = VMobject(stroke_width=0, fill_color=self.color["ln"], fill_opacity=1)
        self.tracker = ValueTracker(1.0)  # s
        self.front = ValueTracker(0.0)  # how many layers the plain signal has passed (fractional)
        self.front_ln = ValueTracker(0.0)
        self.live = VGroup(self.band, self.line_plain, self.line_ln, self.dot_plain, self.dot_ln, self.s_num,
                           self.slope_num, self.out_plain, self.out_ln, self.power_num)
        self.ghosts = VGroup()
        self.ghost_ys: list[float] = []

    # -- every frame -----------------------------------------------------------------------------------
    def polyline(self, mob: VMobject, values: np.ndarray, front: float) -> tuple[float, float]:
        """The line through layers 0 … front (the last piece part of a layer, in log space); its tip."""
        lg = np.log10(np.maximum(values, 1e-300))  # (L + 1,)
        whole = int(np.floor(front))
        xs, ys = list(range(whole + 1)), list(lg[:whole + 1])
        if front > whole and whole < self.L:
            f = front - whole
            xs.append(front)
            ys.append(lg[whole] + f * (lg[whole + 1] - lg[whole]))
        px, py = self.x_of(np.array(xs)), self.y_of_log(np.array(ys))
        if len(xs) >= 2:
            mob.set_points_as_corners(np.column_stack([px, py, np.zeros_like(px)]))  # (n, 3)
        else:
            mob.clear_points()
        return float(px[-1]), float(py[-1])

    def update_all(self, _group=None):
        d = self.data
        s = float(self.tracker.get_value())
        plain = signal_rms(s, d.x0, d.weights, layer_norm_after=False, eps=d.eps)  # (L + 1,)
        ln = signal_rms(s, d.x0, d.weights, layer_norm_after=True, eps=d.eps)  # (L + 1,)
        slope = float(signal_log_slope(s))
        front, front_ln = float(self.front.get_value()), float(self.front_ln.get_value())
        straight = 10.0 ** (slope * np.arange(self.L + 1))  # (L + 1,) the line l·log₁₀ s, as an RMS
        self.polyline(self.band, straight, front)
        for mob, dot, values, f in ((self.line_plain, self.dot_plain, plain, front),
                                    (self.line_ln, self.dot_ln, ln, front_ln)):
            x, y = self.polyline(mob, values, f)
            dot.points = UNIT_CIRCLE * (0.07 if f > 0 else 1e-4) + np.array([x, y, 0.0])
        self.s_num.set_value(s)
        self.slope_num.set_value(slope)
        self.shown.update({"s": s, "slope_shown": self.slope_num.shown, "layers_passed": front,
                           "layers_passed_ln": front_ln,
                           "rms_last_plain_shown": self.out_plain.set_value(plain[-1]),
                           "rms_last_ln_shown": self.out_ln.set_value(ln[-1]),
                           "s_pow_L_shown": self.power_num.set_value(float(signal_closed_form(s, self.L)[-1]))})
        for layer in range(1, self.L + 1):
            self.shown[f"rms_plain_{layer}"] = float(plain[layer])
        for layer in range(1, self.L + 1):
            self.shown[f"rms_ln_{layer}"] = float(ln[layer])

    def ghost(self) -> VGroup:
        """A copy of the plain line as it is now, pale, named by its s at its end when there is room."""
        line = self.line_plain.copy().clear_updaters().set_stroke(opacity=0.45, width=3)
        end = line.points[-1]
        group = VGroup(line)
        if all(abs(end[1] - y) > 0.34 for y in self.ghost_ys + [float(self.y_of(1.0))]):
            label = self.txt(f"s={self.s_num.shown}", size=LABEL, color=self.color["plain"])
            group.add(label.next_to(end, RIGHT, buff=0.1))
            self.ghost_ys.append(float(end[1]))
        self.ghosts.add(group)
        return group
