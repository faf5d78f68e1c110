"""naive_position's sin/cos scores split into their four terms (seed 001, lesson 5): why seat 12 still gets the most
weight under sin/cos. After the row with sin/cos rows (scenes.naive.softmax.softmax_again), the seat-number panel gives
way to the same five keys' sin/cos scores, each first drawn whole, then growing out into its four terms side by side
(① E⋅K, ② E⋅PE(q), ③ PE(p)⋅K, ④ PE(p)⋅PE(q), each over √d, engine.naive.sincos_score_terms in the record's
att_terms_sincos): ④ peaks at the query's own seat, and seat 12's lead comes from the cross term ③.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, GrowFromEdge, Indicate, Line, Rectangle, ReplacementTransform,
                   SurroundingRectangle, Transform, VGroup)

from look import fmt_num
from scenes.naive.values import fmt_point
from scenes.naive.bars import LABEL, SMALL

ZERO_Y = -0.55  # the scores' zero line in the split panel
TOTALS_Y = 1.95  # the row of whole scores, over the tallest bar
FILL = 0.86  # the four bars of one key fill this much of its slot
SEATS_Y = -1.73  # the keys' seats, on the line of the weights panel's
VALUE_H = 0.3  # a value's height at SMALL, with room: a term's value over its bar stays under the whole scores' row


def _meet(a, b, pad: float = 0.02) -> bool:
    """Whether two mobjects' boxes come within `pad` of each other."""
    return bool(a.get_left()[0] < b.get_right()[0] + pad and b.get_left()[0] < a.get_right()[0] + pad
                and a.get_bottom()[1] < b.get_top()[1] + pad and b.get_bottom()[1] < a.get_top()[1] + pad)


class ScoreSplit:
    """Needs from the scene: data, pal, term_colors, emph, s, txt, play, remove, until_cue, light_until, shown."""

    def split_panel(self, x: float, width: float):
        """The split panel's pieces at centre x: heading and key, zero line, whole-score bars, their values, and for
        every key its four term bars (each grown later out of the whole score)."""
        d, pal = self.data, self.pal
        terms, totals = d.att_terms_sincos, d.att_scores_sincos  # (K, 4), (K,)
        n = len(totals)
        step = width / n
        left = x - width / 2
        # the tallest bar (a score or a term) reaches just under the row of whole scores
        unit = (TOTALS_Y - 0.35 - ZERO_Y) / float(max(np.abs(terms).max(), np.abs(totals).max()))
        # ④'s peak has its value over its bar: under the row of whole scores (a peak as tall as the scores, at a wide d)
        peak = float(terms[:, 3].max())
        if peak > 0:
            unit = min(unit, (TOTALS_Y - 2 * VALUE_H - 0.13 - ZERO_Y) / peak)
        # the heading's ①②③④ in the terms' colours: the key of the bars under it
        head = self.txt(self.s("split_head"), size=LABEL, color=pal.ink, t2c=dict(zip("①②③④", self.term_colors)))
        head.move_to([x, 2.7, 0])
        if head.width > width:
            head.scale_to_fit_width(width)
        zero = Line([left, ZERO_Y, 0], [left + width, ZERO_Y, 0], stroke_width=2, color=pal.muted)

        def bar(cx, w, v, color, opacity=0.9):
            h = max(abs(v) * unit, 0.02)
            r = Rectangle(width=w, height=h, stroke_width=0, fill_color=color, fill_opacity=opacity)
            return r.move_to([cx, ZERO_Y + np.sign(v) * h / 2, 0])

        whole = VGroup(*(bar(left + (k + 0.5) * step, FILL * step, v, pal.accent, 0.55) for k, v in enumerate(totals)))
        values = VGroup(*(self.txt(fmt_point(float(v), 3), size=SMALL, color=pal.ink).move_to([left + (k + 0.5) * step, TOTALS_Y, 0])
                          for k, v in enumerate(totals)))
        w = FILL * step / 4
        parts = VGroup(*(VGroup(*(bar(left + k * step + (1 - FILL) * step / 2 + (j + 0.5) * w, 0.8 * w, float(t[j]),
                                      self.term_colors[j]) for j in range(4)))
                         for k, t in enumerate(terms)))
        level = VGroup(*(Line([b.get_left()[0], ZERO_Y + unit * float(v), 0], [b.get_right()[0], ZERO_Y + unit * float(v), 0],
                              stroke_width=3, color=pal.accent) for b, v in zip(whole, totals)))
        # the keys' seats under the slots, as under the weights beside it
        seats = VGroup(*(self.txt(fmt_num(float(q), 0), size=SMALL, color=pal.muted).move_to([left + (k + 0.5) * step, SEATS_Y, 0])
                         for k, q in enumerate(d.att_seats)))
        axis = self.txt(self.s("att_seat"), size=SMALL, color=pal.muted).move_to([x, SEATS_Y - 0.4, 0])
        return VGroup(head, seats, axis), zero, whole, values, parts, level

    @staticmethod
    def over_levels(lab, levels):
        """A term's value moved up over any whole score's level line that runs through it (a wide d's tall scores)."""
        for line in levels:
            if _meet(lab, line):
                lab.shift((line.get_top()[1] + 0.08 - lab.get_bottom()[1]) * UP)
        return lab

    def term_value(self, bar, value: float, side=UP):
        """One term's value by its bar: over it (UP), over it ending at its right edge (LEFT: clear of the taller bar
        right of it), or beside its top (RIGHT)."""
        lab = self.txt(fmt_point(float(value), 3), size=SMALL, color=self.pal.ink)
        if side is RIGHT:
            return lab.next_to(bar, RIGHT, buff=0.06).align_to(bar, UP)
        if side is LEFT:  # over the neighbouring key's level line too
            return lab.next_to(bar, UP, buff=0.2).align_to(bar, RIGHT)
        return lab.next_to(bar, UP if value >= 0 else DOWN, buff=0.08)

    def split_scores(self, x: float, width: float, leaving, weights) -> VGroup:
        """While its cues are read: the seat-number panel (`leaving`) gives way to the sin/cos scores, each grown whole,
        then each splits into its four terms; ④'s bars lit (largest at the query's own seat), then seat 12's ④ and its
        cross term ③, and last that key's slot with its weight in the sin/cos panel (`weights`: bar and value)."""
        d = self.data
        terms, seats = d.att_terms_sincos, [int(s) for s in d.att_seats]
        top = int(np.argmax(d.att_weights_sincos))  # seat 12 at the defaults
        own = int(np.argmax(terms[:, 3]))  # where ④ peaks: the query's own seat
        cross = 1 + int(np.argmax(terms[top, 1:3]))  # the cross term that lifts the leader (③ at the defaults)
        header, zero, whole, values, parts, level = self.split_panel(x, width)
        self.until_cue(self.s("mark_split"))
        self.shown.pop("softmax_seats", None)
        self.shown["sincos_scores"] = [round(float(v), 3) for v in d.att_scores_sincos]
        self.play(FadeOut(leaving), run_time=0.5)
        self.remove(leaving)
        self.play(FadeIn(header), FadeIn(zero), *(GrowFromEdge(b, DOWN if v >= 0 else UP)
                                                  for b, v in zip(whole, d.att_scores_sincos)),
                  FadeIn(values, shift=0.1 * DOWN), run_time=1.2)
        # each whole score grows out into its four terms: copies of it become the four bars, it stays as a line at its level
        self.shown["sincos_score_terms"] = [[round(float(v), 3) for v in row] for row in terms]
        self.play(*(ReplacementTransform(VGroup(*(b.copy() for _ in range(4))), p) for b, p in zip(whole, parts)),
                  *(Transform(b, lv) for b, lv in zip(whole, level)), run_time=1.6)
        self.until_cue("④")
        peak = self.over_levels(self.term_value(parts[own][3], terms[own, 3]), whole)
        self.play(*(Indicate(p[3], color=self.emph, scale_factor=1.2) for p in parts), FadeIn(peak, shift=0.1 * DOWN),
                  run_time=1.0)
        self.light_until(fmt_point(float(terms[top, 3]), 3), (parts[own][3], peak))
        if top == own:  # the leader is the query's own seat: its ④ already has its value over it
            low = peak
            self.play(Indicate(parts[top][3], color=self.emph, scale_factor=1.2), run_time=0.8)
        else:
            low = self.over_levels(self.term_value(parts[top][3], terms[top, 3], RIGHT), whole)
            self.play(FadeIn(low), Indicate(parts[top][3], color=self.emph, scale_factor=1.2), run_time=0.8)
        # the cross term's value as the term is named (zh names it a cue before its value): on screen as it is said
        self.light_until("①②③④"[cross], (parts[top][3], low))
        lift = self.over_levels(self.term_value(parts[top][cross], terms[top, cross], LEFT), whole)
        box = SurroundingRectangle(VGroup(parts[top][cross], lift), color=self.emph, buff=0.07, stroke_width=3)
        self.play(FadeIn(lift), FadeIn(box), run_time=0.5)
        self.light_until(fmt_num(float(d.att_weights_sincos[top]), 3), (parts[top][cross], lift))
        slot = VGroup(parts[top], whole[top], values[top], *{id(m): m for m in (low, lift)}.values())
        around = SurroundingRectangle(slot, color=self.emph, buff=0.08, stroke_width=3)
        gone = [FadeOut(peak)] if peak is not low and _meet(peak, around) else []  # another key's ④ value: never boxed in
        self.play(box.animate.become(around), Indicate(weights, color=self.emph, scale_factor=1.15), *gone, run_time=1.0)
        if gone:
            self.remove(peak)
        self.light_until(None, (slot, weights))
        return VGroup(header, zero, whole, values, parts, *{id(m): m for m in (peak, low)}.values(), lift, box)
