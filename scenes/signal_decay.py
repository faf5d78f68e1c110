"""signal_decay: a 24-dim signal through 30 layers y = (s·W_l)·x, with and without LayerNorm
(seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？" and its "量級 ≈ s^l"); any depth 1–100, width, seed
and sweep (studio.catalogue.accepts.depth).

log₁₀ RMS against the layer on one fixed axis. Sections: intro (the line for s = 0.9 grows as the
signal passes each layer) → slope (every layer is linear, so RMS_l(s) = s^l · RMS_l(1): the line is the
straight line l·log₁₀ s, the pale band, plus this W's wobble, the same for every s; its size measured by
the engine, record.wobble_max) → sweep (s runs 0.9 → s_min → 1.0 → 1.1 → s_max: the line tilts
continuously, lines are left behind at the ends) → layernorm (the LayerNorm line grows, flat at 1, and
stays flat while s runs back) → summary (the fan and the flat line, each named with its conclusion).
Every frame runs the layers for the current s with engine.signal.signal_rms on the record's x0 and weights.

The pieces: scenes.decay.strings (the words and the captions whose claims the numbers bear out) and
scenes.decay.apparatus (the axis, the lines and the panel); this module holds the sections.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Create, FadeIn, FadeOut, Indicate, ReplacementTransform, SurroundingRectangle, VGroup, \
    VectorizedPoint,     linear, smooth

from scenes.decay.apparatus import PANEL_X, DecayApparatus, layer_ticks
from scenes.decay.strings import STRINGS, captions
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene

__all__ = ["DECIMALS", "SCENE", "STRINGS", "SignalDecay", "captions", "layer_ticks"]

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": 4, "reference_rms_plain": 4,
            "s_values": 2, "last_plain_s1": 4, "log_slope": 3, "wobble": 2, "wobble_max": 2}


class SignalDecay(DecayApparatus, LectureScene):
    strings = STRINGS

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

    # -- sections ------------------------------------------------------------------------------------
    def intro(self):
        self.section("intro", self.caps["cap_intro"])
        self.play(Create(self.axes[1]), FadeIn(self.axes[0]), FadeIn(self.axes[2:]), FadeIn(self.formula),
                  FadeIn(self.s_row), run_time=1.2)
        self.play(FadeIn(self.slope), FadeIn(self.power), FadeIn(self.readouts), FadeIn(self.legend[0]), run_time=0.8)
        # the updater sits on an empty driver, not on a group: groups that share a number are split by
        # Manim when one of them is animated, and an updater on a split group stops
        self.driver.add_updater(lambda _m: self.update_all())
        self.live.remove(self.out_ln)  # updated from the start, shown with its line (layernorm)
        self.add(self.live, self.driver)
        self.persist(self.axes, self.formula, self.s_row, self.slope, self.power, self.readouts, self.legend, self.live,
                     self.ghosts)
        self.grow(self.front, min(1.0 + 0.12 * self.L, 6.0) if self.L > 1 else 1.5)
        read_with(self, self.line_plain, self.s_row)

    def slope_section(self):
        self.section("slope", self.caps["cap_slope"])
        box = SurroundingRectangle(self.slope, buff=0.1, color=self.pal.accent)
        self.play(Create(box), Indicate(self.band, color=self.color["plain"], scale_factor=1.0), run_time=1.0)
        read_with(self, self.slope_num, self.band)
        self.play(FadeOut(box), run_time=0.3)
        self.caption(self.caps["cap_wobble"])
        read_with(self, self.line_plain, self.band)
        self.caption(self.caps["cap_09"])
        read_with(self, self.power_num, self.out_plain)

    def sweep(self):
        d = self.data
        self.section("sweep", self.caps["cap_sweep"])
        self.move_s(d.s_values[0], 5.0, linear)
        self.play(FadeIn(self.ghost()), run_time=0.5)
        read_with(self, self.slope_num, self.out_plain)
        self.move_s(1.0, 2.5)
        self.caption(self.caps["cap_10"])
        read_with(self, self.out_plain, self.line_plain)
        self.move_s(self.s11, 1.5)
        self.caption(self.caps["cap_11"])
        read_with(self, self.out_plain)
        self.move_s(d.s_values[-1], 1.5)  # at the stated s before its cue
        self.caption(self.caps["cap_up"])
        self.play(FadeIn(self.ghost()), run_time=0.5)
        read_with(self, self.out_plain, self.slope_num)

    def layernorm(self):
        d = self.data
        self.section("layernorm", self.caps["cap_ln"])
        self.play(FadeIn(self.legend[1]), FadeIn(self.out_ln), run_time=0.6)
        self.grow(self.front_ln, min(1.0 + 0.08 * self.L, 4.0) if self.L > 1 else 1.5)
        self.move_s(d.s_values[0], 5.0)
        self.move_s(1.0, 2.5)
        read_with(self, self.line_ln, self.out_ln, color=self.color["ln"])

    def summary(self):
        self.section("summary", self.caps["cap_summary"])
        self.driver.clear_updaters()
        ln_key = "conc_ln" if self.data.ln_level else "conc_ln_near"
        conclusions, top, moves = VGroup(), 0.45, []
        for row, key in zip(self.legend, ("conc_plain", ln_key)):
            label = self.txt(self.s(key), size=24, color=row[1].color, line_spacing=0.8)
            label.move_to([row[1].get_left()[0], top, 0], aligned_edge=LEFT).shift(0.5 * label.height * DOWN)
            moves.append(row[0].animate.set_y(label.get_top()[1] - 0.17))
            conclusions.add(label)
            top = label.get_bottom()[1] - 0.15
        # the live line leaves; the lines left at the sweep's ends and the LayerNorm line hold the conclusion
        gone = VGroup(self.power, self.readouts, self.out_ln, self.slope, self.line_plain, self.band, self.dot_plain)
        lines = [g[0] for g in self.ghosts]
        self.play(FadeOut(gone), *(line.animate.set_stroke(opacity=1.0, width=4) for line in lines), *moves, *(ReplacementTransform(row[1], label) for row, label in zip(self.legend, conclusions)),
                  run_time=1.0)
        self.persist(conclusions)
        read_with(self, self.ghosts, self.line_ln, conclusions)


SCENE = SignalDecay
