"""naive_position's ending (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the
same two words at the same seats with sinusoidal position rows PE(p), PE(q) added instead of the seat
numbers. The bars shrink from the raw-seat terms to the sin/cos terms of the record
(engine.naive.sincos_terms), the rows' formulas become E⋅PE(q), PE(p)⋅E′, PE(p)⋅PE(q), and a dashed
line marks the most PE(p)⋅PE(q) can be (⌈d/2⌉: a sum of d/2 cosines). What it shows is what sin/cos
does: no term grows with the seat; the content term's share is read off, not claimed to be large.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, Create, DashedLine, FadeIn, FadeOut, ReplacementTransform, VGroup

from look import fmt_num
from scenes.naive.bars import GRID_BOTTOM, GRID_TOP, LABEL_X

SINCOS_TEX = (r"E\cdot E'", r"E\cdot PE(q)", r"PE(p)\cdot E'", r"PE(p)\cdot PE(q)")


def half_d(d_model: int, bound: int) -> str:
    """How the bound is written: d/2 = 4, or (d + 1)/2 = 5 for an odd width."""
    return f"d/2 = {bound}" if d_model % 2 == 0 else f"(d + 1)/2 = {bound}"


class NaiveEnding:
    """Needs from the scene: the bar machine (scenes.naive.bars.NaiveBars) after the swap."""

    def bound_line(self):
        """A dashed line at ⌈d/2⌉: the most PE(p)⋅PE(q) can be."""
        pal, d = self.pal, self.data
        x = self.x_of(float(d.sincos_bound))
        line = DashedLine([x, GRID_TOP, 0], [x, GRID_BOTTOM, 0], color=pal.accent, stroke_width=3, dash_length=0.12)
        label = self.txt(self.s("bound", hb=half_d(d.d_model, d.sincos_bound)), size=22, color=pal.accent)
        label.move_to([x, 1.95, 0])
        lo, hi = max(-3.3, self.word_label.get_right()[0] + 0.3) + label.width / 2, 6.3 - label.width / 2
        label.set_x(float(np.clip(x, lo, hi)))
        return line, label

    def ending(self):
        pal, d = self.pal, self.data
        hb = half_d(d.d_model, d.sincos_bound)
        self.play(FadeOut(self.swap_note), run_time=0.5)  # gone before the bound's label comes
        self.remove(self.swap_note)
        self.section("sincos", self.s("cap_sincos", hb=hb), keep=[*self.kept_bars])
        # the seat numbers are replaced by sin/cos: the formulas first, then the bars
        moves = []
        for k in range(1, 5):
            old = self.row_labels[k]
            tex = SINCOS_TEX[k] if k < 4 else r"(E+PE(p))\cdot(E'+PE(q))"
            new = VGroup(old[0].copy(), self.tex(tex, size=30, color=self.term_colors[k] if k < 4 else pal.ink))
            new.arrange(RIGHT, buff=0.16)
            if new.width > LABEL_X + 6.3:  # the long total: the whole label shrinks to the column
                new.scale_to_fit_width(LABEL_X + 6.3)
            new.move_to(old, aligned_edge=RIGHT)
            moves.append(ReplacementTransform(old, new))
            self.row_labels[k] = new
        old_value = self.values[3]  # ④ with sin/cos is no longer a whole number: its 3-decimal number
        self.play(*moves, FadeOut(old_value), run_time=1.4)
        self.live.remove(old_value)
        self.remove(old_value)
        self.values[3] = self.sincos_value
        line, bound = self.bound_line()
        before = d.swap_terms
        after = d.sincos_terms
        self.morph_terms(before, after, run_time=2.6)
        self.shown["encoding"] = "sin/cos"  # the terms in `shown` are the sin/cos ones from here on
        self.play(FadeIn(self.sincos_value), run_time=0.4)
        self.live.add(self.sincos_value)
        self.play(Create(line), FadeIn(bound, shift=0.1 * DOWN), run_time=1.2)
        self.label_on(bound, self.axis[0])
        self.walk(VGroup(self.bars[3], line), bound, every=2.2)
        text = self.s("cap_sincos_end", t4=fmt_num(before[3], 0), u4=fmt_num(after[3], 3), u2=fmt_num(after[1], 3),
                      u3=fmt_num(after[2], 3), share=fmt_num(100.0 * d.sincos_content_share, 2))
        self.caption(text)
        self.point_per_cue(VGroup(self.bars[1], self.bars[2], self.bars[3]), self.share_group, self.bars[0])
