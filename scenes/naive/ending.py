"""naive_position's ending (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the
same two words at the same seats with sinusoidal position rows PE(p), PE(q) added instead of the seat
numbers. In one move each bar turns from its seat-number term into its sin/cos term
(engine.naive.sincos_terms) while its formula (E⋅PE(q), PE(p)⋅E′, PE(p)⋅PE(q)) and its number change
in the same frames; a dashed line marks the most PE(p)⋅PE(q) can be, ⌈d/2⌉, with the sum of cosines
it is written beside it, and p − q beside ④'s row. Then the seats walk the same stops again (the record's sincos_stop_terms):
no bar grows with the seat, and ④ is at the line wherever p = q and below it when the seats part (it
depends on p − q only). The content term's share is read off, not claimed to be large.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, BackgroundRectangle, Create, DashedLine, FadeIn, FadeOut, MoveAlongPath, ValueTracker,
                   VGroup, linear, smooth)

from look import fmt_num
from scenes.naive.bars import GRID_BOTTOM, GRID_TOP, LABEL_X, slots
from scenes.naive.gapplot import BOX
from scenes.parts.glyphs import GlyphNumber

PE = r"\mathrm{PE}"
SINCOS_TEX = (r"E\cdot E'", rf"E\cdot {PE}(q)", rf"{PE}(p)\cdot E'", rf"{PE}(p)\cdot {PE}(q)")
TOTAL_TEX = rf"(E+{PE}(p))\cdot(E'+{PE}(q))"


def half_d(d_model: int, bound: int) -> str:
    """How the bound is written: d/2 = 4, or (d + 1)/2 = 5 for an odd width."""
    return f"d/2 = {bound}" if d_model % 2 == 0 else f"(d + 1)/2 = {bound}"


def bound_tex(d_model: int, bound: int) -> str:
    """The bound as a formula: PE(p)⋅PE(q) = Σ_i cos(ω_i (p − q)) ≤ d/2 (a sum of d/2 cosines; an odd
    width adds one sin² term, so only the bound is written)."""
    if d_model % 2:
        return rf"{PE}(p)\cdot {PE}(q)\le {bound}"
    return rf"{PE}(p)\cdot {PE}(q)=\sum_i \cos(\omega_i\,(p-q))\le {bound}"


class NaiveEnding:
    """Needs from the scene: the bar machine (scenes.naive.bars.NaiveBars) after the swap."""

    def bound_line(self):
        """A dashed line at ⌈d/2⌉ and the sum of cosines PE(p)⋅PE(q) is, above the chart."""
        pal, d = self.pal, self.data
        x = self.x_of(float(d.sincos_bound))
        line = DashedLine([x, GRID_TOP, 0], [x, GRID_BOTTOM, 0], color=pal.accent, stroke_width=3, dash_length=0.12)
        label = self.tex(bound_tex(d.d_model, d.sincos_bound), size=26, color=pal.accent)
        left = self.hollow.get_right()[0] + 0.4  # after the words and the legend on the same line
        if label.width > 6.3 - left:
            label.scale_to_fit_width(6.3 - left)
        label.move_to([x, 1.93, 0])
        lo, hi = left + label.width / 2, 6.3 - label.width / 2
        label.set_x(float(np.clip(x, lo, hi)))
        return line, label

    def gap_readout(self) -> VGroup:
        """p − q beside ④'s row, on a card in the chart's empty right half (sin/cos bars end near d)."""
        pal = self.pal
        color = self.term_colors[3]
        self.gap_num = GlyphNumber(0, decimals=0, width=slots(self.vmax_seat, 0), font=self.look.font,
                                   font_size=28, color=color, align="left")
        lab = self.tex("p-q=", size=34, color=color)
        group = VGroup(lab, self.gap_num).arrange(RIGHT, buff=0.14)
        lab.align_to(self.gap_num, DOWN)
        group.move_to([BOX[0], BOX[3] + 0.5, 0], aligned_edge=LEFT)  # over the gap plot
        card = BackgroundRectangle(group, color=pal.background, fill_opacity=1.0, buff=0.1)
        self.label_on(lab, card, self.axis[0])
        self.label_on(self.gap_num, card, self.axis[0])
        p, q = self.seats_now
        self.gap_num.set_value(p - q)
        self.shown["p_minus_q"] = p - q
        return VGroup(card, group)

    def to_sincos(self, run_time: float = 2.6) -> None:
        """One move: every bar from its seat-number term to its sin/cos term, its formula and its number
        changing together halfway (the record too)."""
        pal, d = self.pal, self.data
        olds = [self.row_labels[k][1] for k in range(1, 5)]
        news = [self.tex(SINCOS_TEX[k] if k < 4 else TOTAL_TEX, size=30, color=self.term_colors[k] if k < 4 else pal.ink)
                for k in range(1, 5)]
        total_word = self.row_labels[4][0]
        room = LABEL_X + 6.3 - 0.16 - total_word.width  # the long total's formula shrinks to its column
        if news[3].width > room:
            news[3].scale_to_fit_width(room)
        for o, n in zip(olds, news):
            n.move_to(o, aligned_edge=RIGHT)
        words = [self.row_labels[k][0] for k in range(1, 5)]
        # where each row's words go to make room for the longer formula
        word_to = [w.copy().next_to(n, LEFT, buff=0.16).get_center() for w, n in zip(words, news)]
        word_from = [w.get_center() for w in words]
        old_at = [o.get_center() for o in olds]
        new_at = [n.get_center() for n in news]
        lift = 0.25 * UP
        for n in news:
            n.set_opacity(0.0)
        self.add(*news)

        def each(s):  # old formulas rise and fade in the first half, the new rise in during the second
            a, b = smooth(min(1.0, 2.0 * s)), smooth(max(0.0, 2.0 * s - 1.0))
            for o, n, p0, p1 in zip(olds, news, old_at, new_at):
                o.move_to(p0 + a * lift).set_opacity(1.0 - a)
                n.move_to(p1 - (1.0 - b) * lift).set_opacity(b)
            for w, p0, p1 in zip(words, word_from, word_to):
                w.move_to(p0 + a * (p1 - p0))

        def switch():
            self.encoding = "sin/cos"
            self.shown["encoding"] = "sin/cos"  # the terms in `shown` are the sin/cos ones from here on

        self.morph_terms(d.swap_terms, d.sincos_terms, run_time=run_time, at_half=switch, each=each)
        each(1.0)
        self.remove(*news)  # from here on drawn as part of their rows' labels
        for k, (o, n) in enumerate(zip(olds, news), start=1):
            self.row_labels[k].remove(o)
            self.remove(o)
            self.row_labels[k].add(n)

    def ending(self):
        pal, d = self.pal, self.data
        hb = half_d(d.d_model, d.sincos_bound)
        self.play(FadeOut(self.swap_note), run_time=0.5)  # gone before the bound's formula comes
        self.remove(self.swap_note)
        intro = self.s("cap_sincos_swamped" if self.swamped else "cap_sincos_later")
        self.section("sincos", intro + self.s("cap_sincos", hb=hb), keep=[*self.kept_bars])
        self.walk(self.bars[3], self.bars[4], every=1.6, until_read=False)  # the raw seats' ④, as they are judged
        self.until_cue("PE(p)")  # "PE(p) and PE(q) take the place of p and q": the one move
        self.to_sincos()
        self.until_cue("p − q")  # "a sum of cosines of p − q, never above d/2 = 4"
        line, bound = self.bound_line()
        self.play(Create(line), FadeIn(bound, shift=0.1 * DOWN), run_time=1.2)
        self.label_on(bound, self.axis[0])
        gap = self.gap_readout()
        self.gap_plot = self.build_gap_plot()  # ④ against p − q: the dot follows the seats from here on
        self.play(FadeIn(gap, shift=0.1 * LEFT), FadeIn(self.gap_plot), run_time=1.0)
        self.read_caption()
        # the same walk again: from (0, 0) through the stops, with sin/cos
        p_t, q_t = ValueTracker(float(self.seats_now[0])), ValueTracker(float(self.seats_now[1]))
        self.caption(self.s("cap_sincos_walk"))
        self.walk_seats(p_t, q_t, [(0, 0), *d.stops[1:]])
        text = self.s("cap_sincos_end", u4=fmt_num(d.sincos_terms[3], 3), u2=fmt_num(d.sincos_terms[1], 3),
                      u3=fmt_num(d.sincos_terms[2], 3), share=fmt_num(100.0 * d.sincos_content_share, 2),
                      p=int(d.stops[-1, 0]), q=int(d.stops[-1, 1]))
        self.caption(text)
        self.point_per_cue(self.bars[3], self.share_group)
        self.conclusion(gap)

    def conclusion(self, gap) -> None:
        """The conclusion on a card: seat numbers (④ grows with p⋅q, ≈ r × ①) against sin/cos (bounded,
        ④ a function of p − q), the gap plot moving in beside its line."""
        pal, d = self.pal, self.data
        p, q = int(d.stops[-1, 0]), int(d.stops[-1, 1])
        hb = half_d(d.d_model, d.sincos_bound)
        plot = self.gap_plot
        self.section("conclusion", self.s("cap_conclusion"), keep=[plot])
        head = [self.txt(self.s(k), size=30, color=c, weight="BOLD") for k, c in
                (("concl_seat_head", self.term_colors[3]), ("concl_sincos_head", pal.accent))]
        body = [self.txt(self.s("concl_seat", p=p, q=q, r=fmt_num(d.ratio_last, 0)), size=26, color=pal.ink),
                self.txt(self.s("concl_sincos", hb=hb), size=26, color=pal.ink)]
        blocks = [VGroup(h, b).arrange(DOWN, aligned_edge=LEFT, buff=0.14) for h, b in zip(head, body)]
        card = VGroup(*blocks).arrange(DOWN, aligned_edge=LEFT, buff=0.5)
        if card.width > 6.2:
            card.scale_to_fit_width(6.2)
        card.move_to([-6.3, 0.2, 0], aligned_edge=LEFT)
        leaving = [m for m in self.mobjects if m is not plot and m is not self.title_mob and id(m) not in self._captions]
        self.play(*(FadeOut(m) for m in leaving), plot.animate.scale(1.15).move_to([3.7, -0.1, 0]), run_time=1.0)
        self.remove(*leaving)
        self.play(FadeIn(blocks[0], shift=0.1 * UP), run_time=0.7)
        self.next_cue()  # "with sin and cos ..."
        self.play(FadeIn(blocks[1], shift=0.1 * UP), run_time=0.7)
        # the dot runs the whole curve: one value of ④ for each gap, whatever the seats
        self.play(MoveAlongPath(self.gap_dot, self.gap_curve), run_time=max(1.0, self.caption_left() - 2.5),
                  rate_func=linear)
        self.read_caption()
