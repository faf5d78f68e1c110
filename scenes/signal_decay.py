"""signal_decay: a 24-dim signal through 30 layers y = (s·W_l)·x, with and without LayerNorm
(seed 004 §4.2 "互動①：訊號穿過 30 層，會發生什麼事？"); any depth 1–100, width, seed and sweep
(studio.catalogue.accepts.depth): the layer ticks, dot sizes and the strip's decades follow the record, and a
caption's claim ("vanishes", "explodes", "looks harmless, yet") is made only when the numbers bear it out.

Sections: intro (the two rows of 30 dots, a dot's size is that layer's RMS) → sweep (s runs 0.5 → 2.0:
the plain row vanishes, then explodes; holds at 0.9, 1.0, 1.1 beside the page's 0.9³⁰ ≈ 0.04 and
1.1³⁰ ≈ 17.4) → layernorm (s runs back: the LayerNorm row never moves) → summary.
Every frame runs the 30 layers for the current s with engine.signal.signal_rms on the record's x0 and
weights; the bottom strip traces the layer-30 RMS against s on a log scale.

The pieces: scenes.decay.strings (the words and the captions whose claims the numbers bear out) and
scenes.decay.apparatus (the dots, read-outs and strip, updated every frame); this module holds the
sections and the order of the scene, and names what other code reads from it (__all__).
"""
from __future__ import annotations

import numpy as np
from manim import Create, FadeIn, FadeOut, Indicate, SurroundingRectangle, VGroup, linear, smooth

from scenes.decay.apparatus import R_MAX, R_SHARE, R_UNIT, X_FIRST, X_LAST, DecayApparatus, layer_ticks, log_range
from scenes.decay.strings import STRINGS, captions
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene

__all__ = ["DECIMALS", "SCENE", "STRINGS", "SignalDecay", "captions", "layer_ticks"]

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": 4, "reference_rms_plain": 4,
            "s_values": 2, "last_plain_s1": 4}


class SignalDecay(DecayApparatus, LectureScene):
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
        read_with(self, self.row_labels[1], self.out_ln, self.out_plain)

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
        read_with(self, self.row_labels, self.strip)

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
        read_with(self, self.out_plain)
        self.move_s(1.0, 1.5)
        self.caption(self.caps["cap_10"])
        read_with(self, self.out_plain)
        self.move_s(float(s11), 1.5)
        self.caption(self.caps["cap_11"])
        read_with(self, self.out_plain)
        self.play(FadeOut(box), run_time=0.3)
        self.caption(self.caps["cap_up"])
        self.move_s(float(d.s_values[-1]), 0.6)  # at the stated s before the middle of its cue
        read_with(self, self.out_plain)

    def layernorm(self):
        d = self.data
        self.section("layernorm", self.caps["cap_ln"])
        box = SurroundingRectangle(VGroup(self.row_labels[1], *self.rows["ln"][1], self.out_ln), buff=0.08,
                                   color=self.pal.cool, corner_radius=0.1)
        self.play(Create(box), run_time=0.8)
        self.move_s(float(d.s_values[0]), 6.0)
        # back to the page's starting value, or the sweep's nearest end when the sweep does not reach it
        self.move_s(float(np.clip(d.s_page_default, d.s_values[0], d.s_values[-1])), 2.5)
        read_with(self, self.out_ln)  # a longer caption (other numbers) is read to its end before the box goes
        self.live.remove_updater(self.update_all)
        self.play(FadeOut(box), Indicate(self.row_labels[1], color=self.pal.cool), run_time=1.0)


SCENE = SignalDecay
