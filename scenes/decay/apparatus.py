"""signal_decay's apparatus (seed 004 §4.2): on the axis of scenes.decay.axis, the line for the current
s growing as the signal passes each layer, the straight line l·log₁₀ s under it (a pale band labelled
s^ℓ), the wobble marker (the line's largest distance from the band, in decades), the LayerNorm line,
lines left behind at chosen s, and the panel (the formula, s, the slope log₁₀ s per layer, s^L, the
layer-L read-outs, LayerNorm's divisor, the legend). Mixed into scenes.signal_decay.SignalDecay.

One ValueTracker holds s. `update_all` runs the layers for it every frame (engine.signal.signal_rms and
signal_ln_divisor on the record's x0 and weights) and sets every line and number from that one value,
tagging each drawn part with the s it shows (`drawn_s`, read by the tests); the scene keeps the driver
of this updater below everything it sets, so Manim redraws all of them every frame (a part left in
Manim's static layer would keep showing an old s).
"""
from __future__ import annotations

import re

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circle, DashedVMobject, Dot, Line, ValueTracker, VGroup, VMobject

from engine.signal import signal_closed_form, signal_ln_divisor, signal_log_slope, signal_rms
from look import fmt_num
from scenes.decay.axis import AX_X0, AX_X1, LABEL, LogAxis
from scenes.decay.gains import GainStrip
from scenes.decay.sci_number import SciNumber
from engine.signal import TYPICAL_DRAWS
from scenes.parts.cues import italic_letters
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid

PANEL_X = 3.2  # the panel's left edge (the safe area ends at 6.4)
MATH_LETTER = re.compile(r"(?<![A-Za-z'’])(?:sWx|[sxyW])(?![A-Za-z'’])")  # s, x, y, W and y = sWx: slanted as in TeX


def MATH_STYLE(text: str) -> dict:
    """Text settings that slant a text's maths letters (scenes.parts.cues.italic_letters)."""
    return italic_letters(text, MATH_LETTER)
UNIT_CIRCLE = Circle(radius=1.0).points.copy()  # (n, 3)


class DecayApparatus(LogAxis, GainStrip):
    """Needs from the scene: data, L, pal, look, s, txt, tex, shown, title_mob (scenes.signal_decay)."""

    def build(self):
        pal, d = self.pal, self.data
        self.color = {"plain": pal.accent, "ln": pal.cool}
        self.build_axis(d)
        plain, ln = self.color["plain"], self.color["ln"]
        font = self.look.font

        # the panel
        self.formula = self.tex(r"y=s\,W\,x", size=40).move_to([PANEL_X, 2.6, 0], aligned_edge=LEFT)
        s_label = self.tex(r"s=", size=40).move_to([PANEL_X + 0.3, self.title_mob.get_y(), 0])
        self.s_num = GlyphNumber(1.0, decimals=2, width=4, font=font, font_size=36, color=pal.ink, align="left")
        self.s_num.next_to(s_label, RIGHT, buff=0.12).align_to(s_label, DOWN)
        self.s_row = VGroup(s_label, self.s_num)
        # what s is, beside the formula where s is first used
        self.s_def = self.mtxt(self.s("s_def"), size=LABEL, color=pal.ink).move_to([PANEL_X, 1.95, 0], aligned_edge=LEFT)
        self.setup_pic = self.setup_picture()
        slope_word = self.txt(self.s("slope"), size=LABEL, color=pal.muted).move_to([PANEL_X, 1.85, 0], aligned_edge=LEFT)
        slope_tex = self.tex(r"\log_{10}s=", size=42, color=plain).move_to([PANEL_X, 1.3, 0], aligned_edge=LEFT)
        self.slope_num = GlyphNumber(0.0, decimals=3, width=6, font=font, font_size=30, color=plain, align="left")
        self.slope_num.next_to(slope_tex, RIGHT, buff=0.12).align_to(slope_tex, DOWN).shift(UP * 0.02)
        self.slope = VGroup(slope_word, slope_tex, self.slope_num)
        power = self.tex(rf"s^{{{self.L}}}=", size=42, color=plain)
        self.power_num = SciNumber(self, 30, plain)
        self.power = VGroup(power, self.power_num).arrange(RIGHT, buff=0.12)
        self.power_num.align_to(power, DOWN)
        widest = max(self.power_num.drawn_right(float(signal_closed_form(v, self.L)[-1]))
                     for v in (d.s_values[0], d.s_values[-1]))  # s_min^L and s_max^L: what it will show
        if widest - power.get_left()[0] > 6.3 - PANEL_X:  # only what is drawn counts, not the empty slots
            self.power.scale((6.3 - PANEL_X) / (widest - power.get_left()[0]), about_edge=LEFT)
        self.power.move_to([PANEL_X, 0.7, 0], aligned_edge=LEFT)
        at_l = self.txt(self.s("at_l", L=self.L), size=LABEL, color=pal.muted).move_to([PANEL_X, 0.0, 0], aligned_edge=LEFT)
        self.out_plain = SciNumber(self, 30, plain).move_to([PANEL_X, -0.46, 0], aligned_edge=LEFT)
        self.out_ln = SciNumber(self, 30, ln).move_to([PANEL_X, -0.98, 0], aligned_edge=LEFT)
        self.readouts = VGroup(at_l, self.out_plain)
        # LayerNorm's step, shown in the place of the slope and s^L: what it divides layer L's output by
        ln_formula = self.tex(r"\mathrm{LN}(y)=\frac{y-\bar y}{\sigma}", size=36, color=ln)
        ln_formula.move_to([PANEL_X, 1.8, 0], aligned_edge=LEFT)
        sigma = self.tex(rf"\sigma_{{\textstyle {self.L}}}=", size=40, color=ln).move_to([PANEL_X, -0.52, 0], aligned_edge=LEFT)
        self.sigma_num = GlyphNumber(0.0, decimals=3, width=8, font=font, font_size=30, color=ln, align="left")
        self.sigma_num.next_to(sigma, RIGHT, buff=0.12).align_to(sigma, DOWN)
        # σ_L divided by s, live: it stays at its s = 1 value while s runs ("σ is exactly s times …")
        ratio = self.tex(rf"\sigma_{{\textstyle {self.L}}}/s=", size=40, color=ln).move_to([PANEL_X, -1.0, 0], aligned_edge=LEFT)
        self.ratio_num = GlyphNumber(0.0, decimals=3, width=8, font=font, font_size=30, color=ln, align="left")
        self.ratio_num.next_to(ratio, RIGHT, buff=0.12).align_to(ratio, DOWN)
        self.ln_step = VGroup(ln_formula, sigma, self.sigma_num, ratio, self.ratio_num)
        self.ln_formula, self.ln_sigma = ln_formula, VGroup(sigma, self.sigma_num, ratio, self.ratio_num)
        self.legend = VGroup()
        for key, text, y in (("plain", self.s("row_plain"), -1.72), ("ln", self.s("row_ln"), -2.2)):
            swatch = Line([0, 0, 0], [0.3, 0, 0], stroke_color=self.color[key], stroke_width=5)
            label = self.txt(text, size=LABEL, color=self.color[key], line_spacing=0.8)
            row = VGroup(swatch, label.next_to(swatch, RIGHT, buff=0.1))
            self.legend.add(row.move_to([PANEL_X - 0.25, y, 0], aligned_edge=LEFT))  # room for its words at 28

        # the lines: the band l·log₁₀ s (pale, wide) and its label, the simulated line, the LayerNorm line
        self.band = VMobject(stroke_color=plain, stroke_width=14, stroke_opacity=0.3)
        self.band_label = self.tex(r"s^{\textstyle\ell}", size=36, color=plain)  # ℓ as large as a label
        self.line_plain = VMobject(stroke_color=plain, stroke_width=4)
        # thin, with a marker at every layer, over the grey s = 1 line (which widens beneath it): where the
        # two lie together both stay visible
        self.line_ln = VMobject(stroke_color=ln, stroke_width=3)
        self.marks_ln = VGroup(*(Dot(radius=0.05, color=ln) for _ in range(self.L)))
        self.marks_on = False
        self.band_label_alpha = 1.0  # the s^ℓ label's opacity when clear of "s = 1" (0 once the band has left)
        # at the fold: the layer whose output LayerNorm is dividing by its own σ
        self.hinge_label = self.tex(r"\div\,\sigma_{\ell}", size=58, color=ln)  # its ℓ above 3 % of the frame
        self.dot_plain = VMobject(stroke_width=0, fill_color=plain, fill_opacity=1)
        self.dot_ln = VMobject(stroke_width=0, fill_color=ln, fill_opacity=1)
        # the wobble: the largest distance of the line from the band, at its layer, in decades
        w = np.abs(d.wobble)
        self.wobble_layer = int(np.argmax(w))
        self.wobble_bar = Line([0, 0, 0], [0, 1, 0], stroke_color=pal.ink, stroke_width=3)
        self.wobble_label = self.txt(fmt_num(float(w[self.wobble_layer]), 2), size=LABEL, color=pal.ink)
        self.wobble_mark = VGroup(self.wobble_bar, self.wobble_label)
        # the s = 1 line (grey, labelled): every line for s is it tilted by l·log₁₀ s (record.wobble is its
        # log₁₀ RMS); it stays from the slope section to the end
        self.ref_values = 10.0 ** np.asarray(d.wobble, dtype=float)  # (L + 1,)
        self.ref_line = VMobject(stroke_color=pal.muted, stroke_width=3)
        self.ref_label = self.mtxt(self.s("ref"), size=LABEL, color=pal.muted)
        self.ref = VGroup(self.ref_line, self.ref_label)
        # the LayerNorm line's own name, right of its end just above it ("s = 1" goes just below, for the grey
        # line): outside the plot, where no moving line passes; placed once the LayerNorm line is drawn
        self.ln_label = self.mtxt(self.s("ln_any"), size=LABEL, color=ln)
        self.ln_label_on = False
        self.tracker = ValueTracker(1.0)  # s: the one value every line and number on screen is set from
        self.front = ValueTracker(0.0)  # how many layers the plain signal has passed (fractional)
        self.front_ln = ValueTracker(0.0)  # LayerNorm after layers 1 … k (fractional): the line folds down
        self.live = VGroup(self.band, self.band_label, self.line_plain, self.line_ln, self.dot_plain, self.dot_ln,
                           self.s_num, self.slope_num, self.out_plain, self.out_ln, self.power_num, self.sigma_num,
                           self.ratio_num, self.marks_ln, self.hinge_label,
                           self.wobble_mark)
        self.on_screen: set[str] = set()  # read-outs shown so far: the record lists only those
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

    def update_all(self, _mob=None):
        d = self.data
        s = round(float(self.tracker.get_value()), 2)  # the s the counter shows: every part is drawn at it
        plain = signal_rms(s, d.x0, d.weights, layer_norm_after=False, eps=d.eps)  # (L + 1,)
        ln = signal_rms(s, d.x0, d.weights, layer_norm_after=True, eps=d.eps)  # (L + 1,)
        fold = self.folded(s, float(self.front_ln.get_value()), plain, ln)  # (L + 1,) LayerNorm after layers 1 … k
        sigma = signal_ln_divisor(s, d.x0, d.weights, eps=d.eps)  # (L,)
        slope = float(signal_log_slope(s))
        front, front_ln = float(self.front.get_value()), float(self.front_ln.get_value())
        straight = 10.0 ** (slope * np.arange(self.L + 1))  # (L + 1,) the line l·log₁₀ s, as an RMS
        bx, by = self.polyline(self.band, straight, front)
        rx, ry = self.polyline(self.ref_line, self.ref_values, self.L)
        # the two end labels (s^ℓ at the band's end, "s = 1" at the grey line's) at least 0.42 apart
        mid, half = (by + ry) / 2, max(abs(by - ry) / 2, 0.21)
        below = by <= ry
        self.band_label.move_to([bx + 0.2, mid - half if below else mid + half, 0], aligned_edge=LEFT)
        self.ref_label.move_to([rx + 0.2, mid + half if below else mid - half, 0], aligned_edge=LEFT)
        # near s = 1 band and grey line end together: one name ("s = 1") instead of two stacked
        self.band_label.set_opacity(float(np.clip((abs(by - ry) - 0.2) / 0.25, 0.0, 1.0)) * self.band_label_alpha)
        if self.ln_label_on:  # the LayerNorm line's end is named just above it: "s = 1" just below, right of the end
            self.ref_label.next_to([rx, ry, 0], RIGHT, buff=0.2).align_to([0, ry - 0.12, 0], UP)
        x, y = self.polyline(self.line_plain, plain, front)
        self.dot_plain.points = UNIT_CIRCLE * (0.07 if front > 0 else 1e-4) + np.array([x, y, 0.0])
        self.polyline(self.line_ln, fold, self.L)
        # the dot at the fold: layer k, the last output divided so far
        k_lo = int(np.floor(front_ln))
        lg_k = np.log10(max(fold[k_lo], 1e-300))
        if k_lo < self.L:
            lg_k += (front_ln - k_lo) * (np.log10(max(fold[k_lo + 1], 1e-300)) - lg_k)
        hx, hy = float(self.x_of(front_ln)), float(self.y_of_log(lg_k))
        self.dot_ln.points = UNIT_CIRCLE * (0.07 if front_ln > 0 else 1e-4) + np.array([hx, hy, 0.0])
        # above the level part it has left behind: clear of the line still rising ahead and of the grey s = 1 label
        self.hinge_label.next_to([hx, hy, 0], UP + LEFT, buff=0.12)
        # named while the fold is under way and there is room for it between the level part and the unfolded
        # line above it (in and out over a layer): never across a line
        per_layer = (AX_X1 - AX_X0) / max(self.L, 1)
        left = max(front_ln - (self.hinge_label.width + 0.12) / per_layer, 0.0)  # the label's left edge, in layers
        j = min(int(np.floor(left)), self.L - 1)
        lg = np.log10(np.maximum(plain[j:j + 2], 1e-300))  # the unfolded line above the label's left edge
        room = float(self.y_of_log(lg[0] + (left - j) * (lg[-1] - lg[0]))) - self.hinge_label.get_top()[1]
        self.hinge_label.set_opacity(float(np.clip(min(room / 0.2, self.L - 1.0 - front_ln), 0.0, 1.0)))
        for layer, mark in enumerate(self.marks_ln, start=1):
            mark.move_to([float(self.x_of(layer)), float(self.y_of(fold[layer])), 0.0])
        k = self.wobble_layer
        x = float(self.x_of(k))
        y0, y1 = float(self.y_of(straight[k])), float(self.y_of(plain[k]))
        self.wobble_bar.put_start_and_end_on([x, y0, 0], [x, y1 + (1e-3 if y1 == y0 else 0), 0])
        # beyond the band's end of the bar, away from the line and the grey s = 1 line (which lies on the
        # line's side of the band while s < 1)
        self.wobble_label.next_to([x, y0, 0], DOWN if y1 >= y0 else UP, buff=0.3)
        self.s_num.set_value(s)
        self.slope_num.set_value(slope)
        self.sigma_num.set_value(float(sigma[-1]))
        self.ratio_num.set_value(float(sigma[-1]) / s)
        shown = {"s": s, "layers_passed": front, "layers_passed_ln": front_ln, "ln_layers": front_ln,
                 "slope_shown": self.slope_num.shown, "s_pow_L_shown": self.power_num.set_value(float(signal_closed_form(s, self.L)[-1])),
                 "rms_last_plain_shown": self.out_plain.set_value(plain[-1]),
                 "rms_last_ln_shown": self.out_ln.set_value(fold[-1]), "ln_divisor_L_shown": self.sigma_num.shown,
                 "ln_divisor_over_s_shown": self.ratio_num.shown}
        self.shown.update({k: v for k, v in shown.items() if k in ("s", "layers_passed", "layers_passed_ln", "ln_layers")
                           or k in self.on_screen})
        for name, mob in self.drawn_parts().items():
            mob.drawn_s, mob.drawn_as = s, name  # the s this part shows (tests read it where the camera draws it)
        for layer in range(1, self.L + 1):
            self.shown[f"rms_plain_{layer}"] = float(plain[layer])
        for layer in range(1, self.L + 1):
            self.shown[f"rms_ln_{layer}"] = float(fold[layer])

    def folded(self, s: float, k: float, plain: np.ndarray, ln: np.ndarray) -> np.ndarray:
        """RMS per layer with LayerNorm after layers 1 … k only (engine.signal.signal_rms), shape (L + 1,);
        a fractional k lies between the stacks for ⌊k⌋ and ⌈k⌉ on the log axis. k = 0 is the plain
        line, k = L the LayerNorm line: as k runs the line folds onto the LayerNorm line layer by layer."""
        d, lo = self.data, int(np.floor(k))
        stacks = {0: plain, self.L: ln}
        pick = lambda j: stacks[j] if j in stacks else signal_rms(s, d.x0, d.weights, layer_norm_after=j, eps=d.eps)
        a = pick(lo)  # (L + 1,)
        if k == lo or lo >= self.L:
            return a
        b, f = pick(lo + 1), k - lo  # (L + 1,)
        with np.errstate(divide="ignore"):
            return 10.0 ** ((1 - f) * np.log10(np.maximum(a, 1e-300)) + f * np.log10(np.maximum(b, 1e-300)))

    def setup_picture(self) -> VGroup:
        """The set-up as drawn in the intro: the first layer's W (d × d) times the signal x (d numbers)
        gives y, each a grid of cells on a diverging scale (the record's x0 and W_1; y at the first s)."""
        d, pal = self.data, self.pal
        n = d.d
        cell = min(0.12, 2.9 / n)
        w1 = np.asarray(d.weights[0], dtype=float)  # (d, d)
        x = np.asarray(d.x0, dtype=float)[:, None]  # (d, 1)
        y = float(d.reference_s[0]) * (w1 @ x)  # (d, 1)
        vx = 2.5  # the colour scale: 2.5 standard deviations (x has RMS 1, W's entries 1/√d)
        grids = [HeatmapGrid(w1, cell_w=cell, cell_h=cell, palette=pal, vmax=vx / np.sqrt(n)),
                 HeatmapGrid(x, cell_w=cell, cell_h=cell, palette=pal, vmax=vx),
                 HeatmapGrid(y, cell_w=cell, cell_h=cell, palette=pal, vmax=vx)]
        parts = VGroup()
        for grid, xc in zip(grids, (-2.6, -0.5, 1.1)):
            parts.add(grid.move_to([xc, 0.45, 0]).show_rows(grid.n_rows))
        names = (self.s("pic_w", d=n), self.s("pic_x", d=n), self.s("pic_y", d=n))
        labels = VGroup(*(self.txt(name, size=LABEL, color=pal.ink).next_to(g, UP if g is grids[1] else DOWN, buff=0.2)
                          for name, g in zip(names, grids)))  # x's name above its strip: clear of y's below
        signs = VGroup(self.tex(r"s\,\times", size=36, color=pal.ink).next_to(grids[0], LEFT, buff=0.15),
                       self.tex(r"=", size=36, color=pal.ink).move_to([(grids[1].get_right()[0] + grids[2].get_left()[0]) / 2, 0.45, 0]))
        self.pic_x = grids[1]
        return VGroup(parts, labels, signs)

    def drawn_parts(self) -> dict:
        """The parts set from s every frame, by name: each line and the first glyph of each number."""
        return {"line": self.line_plain, "band": self.band, "line_ln": self.line_ln, "counter": self.s_num.slots[0],
                "slope": self.slope_num.slots[0], "power": self.power_num.plain.slots[0],
                "power_sci": self.power_num.mant.slots[0], "rms": self.out_plain.plain.slots[0],
                "rms_sci": self.out_plain.mant.slots[0], "sigma": self.sigma_num.slots[0],
                "sigma_over_s": self.ratio_num.slots[0]}

    def gain_marks(self) -> VGroup:
        """The smallest and the largest single-layer gain at s = 1 (record.layer_gain), each written on its
        step of the grey s = 1 line: a rising step labelled above, a falling one below."""
        g, marks = self.data.layer_gain, VGroup()
        for k in sorted({int(np.argmin(g)), int(np.argmax(g))}):
            a, b = ([float(self.x_of(j)), float(self.y_of(self.ref_values[j])), 0.0] for j in (k, k + 1))  # layer k → k + 1
            step = Line(a, b, stroke_color=self.pal.ink, stroke_width=6)
            label = self.txt("×" + fmt_num(float(g[k]), 2), size=LABEL, color=self.pal.ink)
            label.next_to(step, UP if g[k] >= 1 else DOWN, buff=0.12)
            marks.add(VGroup(step, label))
        return marks

    def tilted_copy(self) -> VMobject:
        """A copy of the grey s = 1 line to tilt onto a line for some s (a Transform between lines of the same
        corners moves every layer's point straight up or down by the same share: l·log₁₀ s at the end)."""
        line = self.ref_line.copy().clear_updaters().set_stroke(color=self.color["plain"], width=4, opacity=0.8)
        line.drawn_as = None
        return line

    def place_ln_label(self) -> None:
        """The LayerNorm line's name right of its end, just above it (outside the plot, where no line moves);
        the grey "s = 1" goes just below it."""
        end = [float(self.x_of(self.L)), float(self.y_of(self.data.rms_ln[0, -1])), 0.0]
        self.ln_label.next_to(end, RIGHT, buff=0.2).align_to([0, end[1] + 0.12, 0], DOWN)
        self.ln_label_on = True

    def mtxt(self, s: str, size: float = LABEL, color: str | None = None, **kwargs):
        """A label whose maths letters (s, x, y, W) are slanted as the TeX beside it sets them."""
        return self.txt(s, size=size, color=color, **MATH_STYLE(s), **kwargs)

    def hide_readouts(self, *keys: str) -> None:
        """The record stops listing these read-outs (they have left the screen)."""
        for key in keys:
            self.on_screen.discard(key)
            self.shown.pop(key, None)

    def typical_fan(self) -> VGroup:
        """Other draws of W at s = 1 (record.fan_s1), faint, and the median path over all of them
        (record.typical_s1) dashed with its end value, on the axis as it is now: VGroup(fan, median, end
        dot, end value, key). The key (a dashed swatch and its words) sits inside the plot below the fan."""
        d, plain, L = self.data, self.color["plain"], self.L
        xs = self.x_of(np.arange(L + 1))  # (L + 1,)

        def path(values, **style):
            line = VMobject(**style)
            line.set_points_as_corners(np.column_stack([xs, self.y_of(values), np.zeros(L + 1)]))  # (L + 1, 3)
            return line

        fan = VGroup(*(path(row, stroke_color=plain, stroke_width=2, stroke_opacity=0.35) for row in d.fan_s1))
        median = DashedVMobject(path(d.typical_s1, stroke_color=plain, stroke_width=5), num_dashes=3 * L)
        end = [float(xs[-1]), float(self.y_of(d.typical_s1[-1])), 0.0]
        dot = Dot(end, radius=0.07, color=plain)
        value = self.txt(fmt_num(float(d.typical_last_s1), 2), size=LABEL, color=plain).next_to(end, RIGHT, buff=0.2)
        swatch = DashedVMobject(Line([0, 0, 0], [0.45, 0, 0], stroke_color=plain, stroke_width=5), num_dashes=3)
        words = self.txt(self.s("fan_key", n=len(d.fan_s1), m=TYPICAL_DRAWS), size=LABEL, color=plain)
        key = VGroup(swatch, words.next_to(swatch, RIGHT, buff=0.12))
        low = float(np.min(d.fan_s1[:, 1:]))
        key.move_to([AX_X1 - 0.1, float(self.y_of(low)) - 0.3, 0], aligned_edge=RIGHT + UP)
        if key.get_left()[0] < AX_X0 + 0.1:
            key.scale_to_fit_width(AX_X1 - AX_X0 - 0.3).move_to([AX_X1 - 0.1, key.get_y(), 0], aligned_edge=RIGHT)
        return VGroup(fan, median, dot, value, key)

    def show_readouts(self, *keys: str) -> None:
        """From now on the record lists these read-outs (they are on screen)."""
        self.on_screen.update(keys)
        self.update_all()

    def ghost(self) -> VGroup:
        """A copy of the plain line as it is now, pale, named by its s inside the plot at its end: above
        a falling line, below a rising one (so the label never meets the panel's legend)."""
        line = self.line_plain.copy().clear_updaters().set_stroke(opacity=0.45, width=3)
        line.drawn_as = None  # a line left behind keeps its own s; it is not the live line
        end = line.points[-1]
        group = VGroup(line)
        if all(abs(end[1] - y) > 0.5 for y in self.ghost_ys + [float(self.y_of(1.0))]):
            label = self.mtxt(f"s = {self.s_num.shown}", size=LABEL, color=self.color["plain"])
            rising = line.points[0][1] < end[1]
            label.next_to(end, DOWN if rising else UP, buff=0.5).align_to([AX_X1, 0, 0], RIGHT)
            group.add(label)
            self.ghost_ys.append(float(end[1]))
        self.ghosts.add(group)
        return group
