"""signal_decay: a 24-dim signal through 30 layers y = s·W_l·x, with and without LayerNorm
(seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？" and its "量級 ≈ s^l"); any depth 1–100, width, seed
and sweep (studio.catalogue.accepts.depth).

log₁₀ RMS against the layer. Sections: intro (the set-up drawn as the first cue names it: x with the first
cue, then W_1 (d × d) times x gives y, s defined beside the formula; W leaves, the axis comes in, x shrinks
into the line's layer-0 point and y into its layer-1 point (its RMS), and on a zoomed axis the line for
s = 0.9 grows on as the signal passes each layer; its layer-L RMS is shown when the line reaches layer L)
→ slope (every layer is linear, so RMS_ℓ(s) = s^ℓ · RMS_ℓ(1): the band labelled s^ℓ with slope log₁₀ s,
the line's largest distance from it written on the plot (record.wobble_max), s moved so line and band
tilt together) → sweep (the axis zooms out to every RMS of the record; s runs 0.9 → s_min → 1.0 → 1.1 →
s_max, the line tilting continuously, lines left behind at the ends; at s = 1 the axis zooms back in on
a faint fan of other draws of W (record.fan_s1) and the dashed median path over 200 of them ending at
record.typical_last_s1; then why it drifts down: this draw's 30 layer gains as bars in the panel
(scenes.decay.gains), the mean gain² over the draws (record.gain_sq_mean ≈ 1) and the typical, geometric-mean
gain (10^record.log_gain_mean < 1) whose running product a dot rides down beside the dashed median, and this
draw's own product, near 1 by luck; the line left at s_min and its name step aside meanwhile) → layernorm (the
panel keeps s, y = sWx and LayerNorm's step; the line folds down layer by layer, LayerNorm after layers
1 … k with k running to L (engine.signal.signal_rms), ÷σ_ℓ named above the folded part where it fits;
then σ_L and σ_L / s with the cue that says s cancels, while s runs to s_min and back to s_max (where the two
read-outs differ) and the line stays level at 1, thin
and marked over the wide grey s = 1 line, named right of its end) → summary (the lines left at the ends
and the LayerNorm line, each conclusion a whole row in its colour; each regime, below 1, at 1 and above 1,
run along its line as its cue names it, then the LayerNorm line: it fixes each layer's scale, not every
problem of depth).

One ValueTracker holds s; every frame runs the layers for it (scenes.decay.apparatus.update_all) and
sets the counter, the lines and the panel from that one value. The words: scenes.decay.strings.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Create, Dot, FadeIn, FadeOut, ShowPassingFlash, Transform, VGroup, VectorizedPoint,
                   linear, smooth)

from look import fmt_num
from scenes.decay.apparatus import MATH_LETTER, PANEL_X, DecayApparatus
from scenes.decay.axis import LABEL, layer_ticks
from scenes.decay.strings import STRINGS, captions
from scenes.decay.typical import regimes, typical_gain
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene

__all__ = ["DECIMALS", "SCENE", "STRINGS", "SignalDecay", "captions", "layer_ticks", "PANEL_X"]

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": 4, "reference_rms_plain": 4,
            "s_values": 2, "last_plain_s1": 4, "log_slope": 3, "wobble": 2, "wobble_max": 2, "ln_divisor": 3,
            "layer_gain": 2, "typical_last_s1": 2, "typical_s1": 2, "fan_s1": 4, "gain_sq_mean": 2,
            "log_gain_mean": 4}


class SignalDecay(DecayApparatus, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    zh_every_char = True  # a cue here is half formulas and numbers, read as slowly as the characters around them

    def construct(self):
        d = self.data
        self.L = d.n_layers
        self.caps = captions(d, self.look.lang)
        title = self.s("title", L=self.L) if self.L > 1 else self.s("title_one")
        self.add_title(title, align="left")
        self.build()
        self.driver = VectorizedPoint()
        self.s09, self.s11 = (float(v) for v in d.reference_s)
        self.tracker.set_value(self.s09)
        self.update_all()
        self.intro()
        self.slope_section()
        self.sweep()
        self.layernorm()
        self.summary()

    def grow(self, front, run_time: float):
        """The signal passes the layers at an even pace, in pieces of at most 2.5 s (a cue due meanwhile
        is shown at the next piece)."""
        pieces = max(1, int(np.ceil(run_time / 2.5)))
        for k in range(1, pieces + 1):
            self.play(front.animate.set_value(self.L * k / pieces), run_time=run_time / pieces, rate_func=linear)

    def move_s(self, target: float, run_time: float, rate=smooth):
        self.play(self.tracker.animate.set_value(float(target)), run_time=run_time, rate_func=rate)

    def tilt_onto(self, *lines, run_time: float = 2.5) -> None:
        """Copies of the grey s = 1 line tilt onto `lines` (each the line for its s) and leave: the line for s
        is the s = 1 line tilted by l·log₁₀ s."""
        copies = [self.tilted_copy() for _ in lines]
        self.add(*copies)
        self.play(*(Transform(c, line.copy()) for c, line in zip(copies, lines)), run_time=run_time)
        self.remove(*copies)

    # -- sections ------------------------------------------------------------------------------------
    def intro(self):
        self.section("intro")
        # the set-up drawn as the first cue names it: W times the d numbers of x gives y; s beside the formula
        pic, labels, signs = self.setup_pic
        self.caption(self.caps["cap_intro"], with_=[FadeIn(pic[1]), FadeIn(labels[1])], run_time=0.6)  # x with the cue
        read_with(self, pic[1], cue=True)
        self.play(FadeIn(pic[0]), FadeIn(labels[0]), FadeIn(signs), FadeIn(pic[2]), FadeIn(labels[2]),
                  FadeIn(self.formula), run_time=1.0)  # "each layer computes y = sWx"
        read_with(self, pic[0], pic[2], cue=True)
        self.play(FadeIn(self.s_row), FadeIn(self.s_def), run_time=0.6)  # "where s scales the weights and W is …"
        read_with(self, signs[0], self.s_def, pic[0])
        # W leaves, the axis comes in beside x and y; then x becomes the line's first point (layer 0, RMS 1)
        # and y its second (layer 1, its RMS), and the line joins them
        self.play(FadeOut(VGroup(pic[0], labels, signs)), run_time=0.5)
        self.play(FadeIn(self.frame_lines), FadeIn(self.grid_zoom), run_time=0.8)  # whole: no stub growing
        k09 = int(np.argmin(np.abs(self.data.s_values - self.s09)))
        ends = [Dot([float(self.x_of(j)), float(self.y_of(self.data.rms_plain[k09, j])), 0.0], radius=0.07,
                    color=self.color["plain"]) for j in (0, min(1, self.L))]
        self.play(*(strip.animate.scale(0.06).move_to(dot).set_opacity(0) for strip, dot in zip((pic[1], pic[2]), ends)),
                  *(FadeIn(dot, scale=4.0) for dot in ends), run_time=1.0)
        self.remove(pic[1], pic[2])
        # the updater sits on an empty driver below everything it sets: Manim redraws every mobject
        # after the first one that moves, so the counter, the lines and the panel are drawn every frame
        # at the same s (an updater on a group would stop when Manim splits a group sharing a number)
        self.driver.add_updater(lambda _m: self.update_all())
        self.add(self.line_plain, self.dot_plain, self.driver)
        self.bring_to_back(self.driver)
        self.play(self.front.animate.set_value(1.0 if self.L > 1 else 0.0), FadeIn(self.legend[0]), run_time=0.6)
        self.remove(*ends)
        self.add(self.s_num)
        self.persist(self.frame_lines, self.grid_zoom, self.formula, self.s_row, self.slope, self.power, self.readouts,
                     self.legend, self.live, self.ghosts, self.ln_step, self.driver)
        self.caption(self.caps["cap_grow"])
        self.grow(self.front, min(2.0 + 0.15 * self.L, 6.0) if self.L > 1 else 2.0)
        self.play(FadeIn(self.readouts), run_time=0.5)  # the layer-L RMS once the signal is there
        self.show_readouts("rms_last_plain_shown")
        read_with(self, self.out_plain, self.line_plain)

    def slope_section(self):
        self.section("slope", self.caps["cap_slope"])
        # the grey s = 1 line stays from here to the end; a copy of it tilts onto the line for s
        self.play(Create(self.ref_line), FadeIn(self.ref_label), FadeOut(self.s_def), run_time=1.2)
        self.persist(self.ref)
        self.shown["s1_line_shown"] = 1.0  # the grey s = 1 line is on screen from here to the end
        self.until_next_cue(last=True)  # "… the grey line with one more factor s at every layer"
        self.tilt_onto(self.line_plain)
        read_with(self, self.ref_line, self.line_plain)
        # the band: that tilt alone (l·log₁₀ s), with its slope; s to 1 and back, the grey line staying
        self.caption(self.caps["cap_band"], with_=[FadeIn(self.band), FadeIn(self.band_label), FadeIn(self.slope)],
                     run_time=1.0)
        self.show_readouts("slope_shown")
        self.tilt_onto(self.line_plain, run_time=2.0)  # the product as a sum: the grey line tilted onto the line
        read_with(self, self.band, cue=True)
        read_with(self, self.slope_num, self.band_label, cue=True)  # the slope stated: s holds still meanwhile
        # s stays at 0.9 under "the pale band is that tilt alone": the tilt it names stays on screen (s moves
        # with "Change s, and band and line tilt together")
        read_with(self, self.band_label, self.slope_num)
        # one layer alone: the smallest and the largest gain written on their steps of the grey line
        g = self.data.layer_gain
        self.gains = self.gain_marks()
        self.caption(self.caps["cap_wobble"], with_=[FadeIn(self.gains)], run_time=0.8,
                     shown={"layer_gain_min_shown": fmt_num(float(g.min()), 2),
                            "layer_gain_max_shown": fmt_num(float(g.max()), 2)})
        self.persist(self.gains)
        read_with(self, *self.gains, cue=True)  # each gain pointed at on its step while it is said: no still stretch
        self.play(Create(self.wobble_bar), FadeIn(self.wobble_label), run_time=0.8)
        self.label_on(self.wobble_label, self.grid_zoom[0])  # it moves with s across the faint decade lines
        read_with(self, *self.gains, self.wobble_mark)
        self.caption(self.caps["cap_tilt"], with_=[FadeOut(self.gains)], run_time=0.5)  # the grey line's steps are said
        for key in ("layer_gain_min_shown", "layer_gain_max_shown"):  # the marks have left
            self.shown.pop(key, None)
        for target in ((self.s09 + 1.0) / 2, 1.0, self.s09):
            self.move_s(target, 2.0)
            if target == 1.0:
                self.wait(0.6)  # a beat at exactly 1: the counter's 1.00 beside the s = 1 line's own RMS
        read_with(self, self.wobble_mark, self.band_label)
        self.play(FadeIn(self.power), run_time=0.6)  # s^L on screen before the cue that states it
        self.show_readouts("s_pow_L_shown")
        self.caption(self.caps["cap_09"])
        read_with(self, self.power_num, self.out_plain)

    def sweep(self):
        d = self.data
        self.section("sweep", self.caps["cap_sweep"])
        lo, hi, _ = self.full
        # the axis zooms out (every line follows), its decades riding the scale: the new ones come in before
        # the old ones leave, and crowded labels fade (scenes.decay.axis.LogAxis.rescale)
        zoom, done = self.rescale(self.grid_zoom, self.grid_full, lo, hi)
        self.play(*zoom, FadeOut(self.wobble_mark), run_time=1.6)
        done()
        self.persist(self.grid_full)
        self.move_s(d.s_values[0], 5.0, linear)
        self.play(FadeIn(self.ghost()), run_time=0.5)
        read_with(self, self.slope_num, self.out_plain)
        self.move_s(1.0, 2.5)
        if "cap_10_why" in self.caps:
            self.typical_draws()
        else:
            self.caption(self.caps["cap_10"])
            read_with(self, self.out_plain, self.line_plain)
        if "cap_10_why" in self.caps:  # the fan leaves before the axis zooms back out (it is drawn on the
            # zoomed scale), then s moves on; its cue comes once s^L and the read-out show its numbers
            fan, ghost = self.fan, self.ghosts[-1]
            self.clear_caption()
            self.play(FadeOut(fan), run_time=0.4)
            zoom, done = self.rescale(self.grid_zoom, self.grid_full, lo, hi)
            self.play(self.tracker.animate.set_value(self.s11), *zoom, run_time=1.3)
            done()
            self.caption(self.caps["cap_11"], with_=[FadeIn(ghost)], run_time=0.4)
        else:
            self.move_s(self.s11, 1.5)
            self.caption(self.caps["cap_11"])
        read_with(self, self.out_plain)
        self.clear_caption()  # "this draw ends at …" leaves before s climbs past it
        self.move_s(d.s_values[-1], 1.5)  # at the stated s before its cue
        self.caption(self.caps["cap_up"])
        read_with(self, self.out_plain, self.slope_num, cue=True)
        # the second line left behind, and both named: they stay to the summary
        self.caption(self.caps["cap_ends"], with_=[FadeIn(self.ghost())], run_time=0.5)
        read_with(self, *self.ghosts)

    def typical_draws(self):
        """At s = 1: the line left at s_min leaves (its name is a 0.50 too), the axis zooms in, other draws of W
        fan out faintly around this one and the median over all of them ends near the record's
        typical_last_s1; the next cue says why the typical path drifts down. The fan leaves with the cue after."""
        lo, hi, _ = self.full
        ghost = self.ghosts[-1]
        zoom, done = self.rescale(self.grid_full, self.grid_zoom, self.zoom[0], self.zoom[1])
        self.play(*zoom, FadeOut(ghost), run_time=1.4)
        done()
        fan = self.typical_fan()
        self.caption(self.caps["cap_10"], with_=[Create(fan[0], lag_ratio=0.05)], run_time=1.0)
        self.play(Create(fan[1]), FadeIn(fan[4]), run_time=1.0)
        self.play(FadeIn(fan[2]), FadeIn(fan[3]), run_time=0.4)
        self.shown["typical_last_s1_shown"] = fmt_num(float(self.data.typical_last_s1), 2)
        read_with(self, fan[3], self.out_plain)
        self.why_drift(fan)
        self.shown.pop("typical_last_s1_shown", None)
        self.fan = fan  # it leaves with the next cue (SignalDecay.sweep)

    def why_drift(self, fan: VGroup) -> None:
        """The why, cue by cue: this draw's gains as bars in the panel (slope and s^L leave, the read-outs step
        down); the mean gain² over the draws; the typical gain and its L-th power, a dot riding that running
        product down beside the dashed median; then this draw's own product, near 1 by luck."""
        head, level, bars, sq, geo, power = strip = self.gain_strip()
        dot, t = self.product_dot()
        self.strip = VGroup(strip, dot)  # it leaves with the next cue (SignalDecay.sweep)
        self.caption(self.caps["cap_10_bars"], with_=[FadeOut(self.slope), FadeOut(self.power), FadeIn(head), FadeIn(level),
                                                      self.readouts.animate.shift(DOWN * 0.75),
                                                      FadeIn(bars, lag_ratio=0.08)], run_time=1.5)
        self.hide_readouts("slope_shown", "s_pow_L_shown")
        read_with(self, bars, self.line_plain)  # "the bars are this draw's 30 gains, one per layer"
        self.caption(self.caps["cap_10_why"], with_=[FadeIn(sq)], run_time=0.5,
                     shown={"gain_sq_mean_shown": fmt_num(float(self.data.gain_sq_mean), 2)})  # "mean square 1.00"
        read_with(self, sq, *fan[0][::4])
        g = typical_gain(self.data)
        self.caption(self.caps["cap_10_geo"], with_=[FadeIn(geo), FadeIn(power), FadeIn(dot, scale=2.0)], run_time=0.6,
                     shown={"typical_gain_shown": fmt_num(g, 3), "typical_power_shown": fmt_num(g ** self.L, 2)})
        self.add(t)
        self.play(t.animate.set_value(self.L), run_time=3.0, rate_func=linear)  # the running product rides down
        read_with(self, power, dot, fan[1], fan[3])
        if "cap_10_luck" in self.caps:  # "this draw's gains happen to multiply to 1.0173: … by luck"
            self.caption(self.caps["cap_10_luck"])
            read_with(self, bars, self.out_plain, self.line_plain)
        # the gain strip leaves, the slope, s^L and the read-outs come back to their places (s holds still: the
        # panel's numbers keep their glyphs while they fade)
        self.play(FadeOut(self.strip), FadeIn(self.slope), FadeIn(self.power), self.readouts.animate.shift(UP * 0.75),
                  run_time=0.6)
        self.show_readouts("slope_shown", "s_pow_L_shown")
        for key in ("gain_sq_mean_shown", "typical_gain_shown", "typical_power_shown"):
            self.shown.pop(key, None)

    def layernorm(self):
        d = self.data
        self.section("layernorm", self.caps["cap_ln"])
        # the old read-outs leave before the new ones come (no two in one place); the grey s = 1 line widens
        # beneath: the thin LayerNorm line with its markers runs along it and both stay visible
        # the lines left behind keep their lines; their names step aside while the fold passes them
        names = VGroup(*(g[1] for g in self.ghosts if len(g) > 1))
        # the panel keeps only what the cues use: s, y = sWx, LayerNorm's step (σ once a cue names it) and the
        # orange line's name; the lines' ends are named beside them, right of the plot
        self.band_label_alpha = 0.0
        self.play(FadeOut(self.slope), FadeOut(self.power), FadeOut(self.readouts), FadeOut(self.band),
                  FadeOut(self.band_label), names.animate.set_opacity(0), run_time=0.4)
        self.hide_readouts("slope_shown", "s_pow_L_shown", "rms_last_plain_shown")
        self.play(FadeIn(self.ln_formula), self.ref_line.animate.set_stroke(width=12, opacity=0.45), run_time=0.6)
        self.add(self.line_ln, self.dot_ln, self.hinge_label)
        # the orange line stays on top: where the LayerNorm line still lies on it (the fold not there yet) it
        # keeps its legend colour
        self.bring_to_front(self.line_plain, self.dot_plain)
        read_with(self, self.ln_step[0], color=self.color["ln"], cue=True)  # "With LayerNorm after every layer,"
        # the fold: LayerNorm after layers 1 … k, k running to L; each division takes back that layer's
        # growth, so the line folds down onto 1 layer by layer (the blue line starts on the orange one)
        self.grow(self.front_ln, min(2.0 + 0.2 * self.L, 8.0) if self.L > 1 else 2.0)  # on into "the line folds down"
        self.remove(self.hinge_label)  # faded out as the fold reached the last layers
        self.play(FadeIn(self.marks_ln), names.animate.set_opacity(1), run_time=0.5)
        self.place_ln_label()  # the line named beside its end: LayerNorm, any s; "s = 1" goes below it
        self.play(FadeIn(self.ln_label), run_time=0.5)
        self.persist(self.ln_label, self.marks_ln)
        read_with(self, self.ln_formula, self.line_ln, color=self.color["ln"])
        self.show_readouts("ln_divisor_L_shown", "ln_divisor_over_s_shown")  # listed as they start to fade in
        self.caption(self.caps["cap_ln_cancel"], with_=[FadeIn(self.ln_sigma)], run_time=0.6)
        # s runs down to s_min and back up to s_max, where it stays: σ_L and σ_L / s part (1.921 and 0.961 by
        # default), so the reading proves s cancels (at s = 1 the two would read the same)
        self.move_s(d.s_values[0], 4.0)
        self.move_s(d.s_values[-1], 4.0)
        if "cap_ln_read" in self.caps:  # the two read-outs at s_max, said while they hold still
            self.caption(self.caps["cap_ln_read"])
        read_with(self, self.sigma_num, self.ratio_num, color=self.color["ln"])  # σ moves with s, σ/s stays

    def summary(self):
        self.section("summary", self.caps["cap_summary"])
        self.driver.clear_updaters()
        ln_key = "conc_ln" if self.data.ln_level else "conc_ln_near"
        # each conclusion a whole row (its swatch and its words), below the formula and clear of the line names
        conclusions = VGroup()
        for row, key, top in zip(self.legend, ("conc_plain", ln_key), (2.2, -0.4)):  # the second below "s = 1"
            label = self.mtxt(self.s(key), size=LABEL, color=row[1].color, line_spacing=0.8)
            swatch = row[0].copy()
            label.move_to([row[1].get_left()[0], top, 0], aligned_edge=LEFT).shift(0.5 * label.height * DOWN)
            swatch.set_y(label.get_top()[1] - 0.17)
            conclusions.add(VGroup(swatch, label))
        # the live line and the counter leave (no s is current any more); the lines left at the sweep's
        # ends and the LayerNorm line hold the conclusion
        gone = VGroup(self.s_row, self.ln_formula, self.ln_sigma, self.line_plain, self.dot_plain, self.legend[0],
                      self.ln_label)  # the LayerNorm conclusion names the blue line now
        lines = [g[0] for g in self.ghosts]
        # the legend leaves whole before the conclusions come as whole rows (no swatch without its words)
        self.play(FadeOut(gone), *(line.animate.set_stroke(opacity=1.0, width=4) for line in lines), run_time=0.5)
        self.hide_readouts("ln_divisor_L_shown", "ln_divisor_over_s_shown")
        self.play(*(FadeIn(row) for row in conclusions), run_time=0.6)
        self.persistent = [m for m in self.persistent if m is not self.s_row]
        self.persist(conclusions)
        # the conclusion moves: the grey s = 1 line tilts onto the lines left at s_min and s_max
        self.tilt_onto(*lines)
        own = lambda m: m.get_color()  # each object pulses in its own colour: the colour code holds
        read_with(self, *lines, color=own)
        if regimes(self.data):  # each regime run along as its cue names it: below 1, at 1, above 1
            # the dashed median path over the draws, on the axis as it is now, named above its end (clear of "s = 1")
            median = self.typical_fan()[1:3]
            median.add(self.txt(self.s("median_end", m=fmt_num(float(self.data.typical_last_s1), 2)), size=LABEL,
                                color=self.color["plain"]).next_to(median[1], RIGHT, buff=0.15).shift(UP * 0.32))
            for key, regime in zip(("cap_below", "cap_at1", "cap_above"), (self.ghosts[0], self.ref, self.ghosts[-1])):
                extra = [Create(median[0]), FadeIn(median[1:])] if key == "cap_at1" else []
                self.caption(self.caps[key], with_=[self.trace(regime[0]), *extra], run_time=1.2)
                if extra:
                    self.persist(median)  # the drift it names stays on screen to the end
                    read_with(self, *regime, median, conclusions[0], color=own)
                else:
                    read_with(self, *regime, conclusions[0], color=own)
        # LayerNorm fixes each layer's scale, not every problem of depth; then the conclusion, last
        self.caption(self.caps["cap_caveat"], with_=[self.trace(self.line_ln)], run_time=1.2)
        read_with(self, self.line_ln, self.dot_ln, conclusions[1], color=self.color["ln"])
        self.caption(self.caps["cap_scope"], with_=[*(self.trace(line) for line in lines)], run_time=1.2)
        read_with(self, *lines, conclusions[0], self.line_ln, conclusions[1], color=own)

    def trace(self, line) -> ShowPassingFlash:
        """A bright stroke running along `line` from layer 0 to its end, in the line's colour."""
        flash = line.copy().clear_updaters().set_stroke(width=10, opacity=1.0)
        flash.drawn_as = None
        return ShowPassingFlash(flash, time_width=0.6)


SCENE = SignalDecay
