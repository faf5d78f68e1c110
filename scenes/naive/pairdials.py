"""Why ④ = PE(p)⋅PE(q) depends only on p − q (seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): each (sin, cos) pair i of PE(p) and PE(q) is a point on a unit circle at angle ωᵢp and ωᵢq
(ωᵢ = 1/10000^(2i/d): 1, 1/10, 1/100, 1/1000 for d = 8, engine.positional.hand_speeds), drawn as two hands
on one dial (scenes.parts.dial); sin(a)sin(b) + cos(a)cos(b) = cos(a − b), so the pair's share of the dot
product is the cosine of the angle between the hands, cos(ωᵢ(p − q)); the d/2 cosines add up to ④. The
dials sit in the chart's empty right half, where the gap plot comes next, and follow the seats.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, BackgroundRectangle, FadeIn, FadeOut, Indicate, LaggedStart, UpdateFromAlphaFunc,
                   VGroup)

from engine.positional import denominators, hand_speeds
from look import fmt_num
from scenes.naive.bars import SMALL
from scenes.parts.dial import Dial
from scenes.parts.glyphs import GlyphNumber

X0, X1 = 2.0, 6.3  # the dials and their names: right of the folded chart (its last gridline, 10, is at 1.5)
RADIUS = 0.4
TOP = 0.5  # under the bound's formula


def omega_text(denominator: float) -> str:
    """ωᵢ as written under its dial: 1, 1/10, 1/100, 1/1000."""
    n = int(round(float(denominator)))
    return "1" if n == 1 else f"1/{n}"


def pair_cosines(p: int, q: int, d_model: int) -> np.ndarray:
    """cos(ωᵢ(p − q)) for each (sin, cos) pair, shape (d/2,): the pairs' shares of PE(p)⋅PE(q)."""
    return np.cos(hand_speeds(d_model + d_model % 2) * (p - q))  # (d/2,)


class PairDials:
    """Needs from the scene: data, pal, txt, tex, term_colors, label_on, axis, seats_now, shown."""

    pair_dials = None

    def build_pair_dials(self) -> VGroup:
        """Rows: ωᵢ, a dial per pair (PE(p)'s hand in p's colour, PE(q)'s in q's), cos(ωᵢ(p − q)), and
        their sum = ④. Returns (card, omegas, dials, cosines, sum) for the scene to bring in row by row."""
        pal, d = self.pal, self.data
        dens = denominators(d.d_model + d.d_model % 2)  # (d/2,)
        dials = [Dial(RADIUS, ink=pal.muted, face=pal.background, hand_color=pal.accent, ticks=8,
                      second_hand=pal.ok) for _ in dens]
        omegas = [self.txt(omega_text(v), size=SMALL, color=pal.ink) for v in dens]
        self.pair_cos = [GlyphNumber(1.0, decimals=2, width=5, font=self.look.font, font_size=SMALL,
                                     color=self.term_colors[3]) for _ in dens]
        cols = VGroup(*(VGroup(o, dl, c).arrange(DOWN, buff=0.1) for o, dl, c in zip(omegas, dials, self.pair_cos)))
        cols.arrange(RIGHT, buff=0.1)
        # the rows' names at a size read from the back row (ω and cos are small letters: larger than the digits)
        heads = VGroup(self.tex(r"\omega_i", size=46, color=pal.ink), self.tex(r"\cos", size=44,
                                                                             color=self.term_colors[3]))
        heads[0].next_to(cols, LEFT, buff=0.14).set_y(omegas[0].get_y())
        heads[1].next_to(cols, LEFT, buff=0.14).set_y(self.pair_cos[0].get_y())
        widest = len(f"{len(dens):.3f}") + 1  # the sum lies in [−d/2, d/2]: its sign and digits
        self.pair_sum = GlyphNumber(0.0, decimals=3, width=max(6, widest), font=self.look.font, font_size=28,
                                    color=self.term_colors[3], align="left")
        total = VGroup(self.tex(r"\textstyle\sum_i \cos =", size=42, color=self.term_colors[3]), self.pair_sum,
                       self.txt("= ④", size=28, color=self.term_colors[3])).arrange(RIGHT, buff=0.12)
        total[1].align_to(total[0], DOWN)
        total.next_to(cols, DOWN, buff=0.2).align_to(cols, RIGHT)
        block = VGroup(heads, cols, total)
        if block.width > X1 - X0:
            block.scale_to_fit_width(X1 - X0)
        block.move_to([X1, TOP, 0], aligned_edge=RIGHT + np.array([0, 1, 0]))
        card = BackgroundRectangle(block, color=pal.background, fill_opacity=1.0, buff=0.08)
        for m in (*omegas, *self.pair_cos, *heads, *total):
            self.label_on(m, card, self.axis[0])
        self.pair_dials = dials
        self.set_pair_dials(*self.seats_now)
        return VGroup(card, VGroup(heads[0], *omegas), VGroup(*dials), VGroup(heads[1], *self.pair_cos), total)

    def set_pair_dials(self, p: int, q: int) -> None:
        """Hands at ωᵢp (PE(p)) and ωᵢq (PE(q)), the cosines of the angles between them and their sum, logged."""
        d = self.data
        speeds = hand_speeds(d.d_model + d.d_model % 2)  # (d/2,)
        cosines = pair_cosines(p, q, d.d_model)  # (d/2,)
        for dial, w, c, num in zip(self.pair_dials, speeds, cosines, self.pair_cos):
            dial.set_angle(float(w * p))
            dial.set_angle2(float(w * q))
            num.set_value(float(c))
        self.pair_sum.set_value(float(cosines.sum()))
        self.shown["pair_dials"] = {"p": p, "q": q, "omega": [float(w) for w in speeds],
                                    "cos": [round(float(c), 2) for c in cosines], "sum": round(float(cosines.sum()), 3)}

    def explain_pairs(self, p_t, q_t, bring_plot, half_d) -> None:
        """The caption "why only p − q", cue by cue: the dials and ωᵢ, q moved two seats so the hands part,
        the cosines, their sum = ④, then the dials give way to the gap plot, its curve traced
        (`bring_plot()` returns the animations that bring it in; `half_d` is the bound as written, "d/2 = 4")."""
        d = self.data
        p, q = self.seats_now
        q2 = max(0, q - 2)
        cosines = pair_cosines(p, q2, d.d_model)  # (d/2,)
        omegas = [omega_text(v) for v in denominators(d.d_model + d.d_model % 2)]
        listed = ", ".join(omegas[:-1]) + " and " + omegas[-1] if len(omegas) > 1 else omegas[0]
        self.caption(self.s("cap_pairs", q2=q2, s=fmt_num(float(cosines.sum()), 3), hb=half_d,
                            bound=d.sincos_bound, omegas=listed, omegas_zh="、".join(omegas)))
        card, omegas, dials, cos_row, total = self.build_pair_dials()
        for dial in dials:  # the hands start at seat 0 and turn to ωᵢp, ωᵢq as the angles are named
            dial.set_angle(0.0)
            dial.set_angle2(0.0)
        self.play(FadeIn(card), FadeIn(omegas), FadeIn(dials), run_time=0.8)  # "(sin, cos) pair … two points"
        first = [cell for line in self.pe_cells for c, cell in line if c < 2]  # the first (sin, cos) pair of each row
        self.play(LaggedStart(*(Indicate(c, color=self.emph, scale_factor=1.2) for c in first), lag_ratio=0.2),
                  run_time=1.6)
        self.until_cue("ωp")  # "at angles ωp and ωq"
        speeds = hand_speeds(d.d_model + d.d_model % 2)  # (d/2,)

        def turn(_, a):
            for dial, w in zip(dials, speeds):
                dial.set_angle(float(a * w * p))
                dial.set_angle2(float(a * w * q))

        self.play(UpdateFromAlphaFunc(VGroup(*dials), turn), run_time=2.0)
        self.until_cue("1/1000")  # "ωᵢ = 1, 1/10, 1/100, 1/1000"
        self.play(LaggedStart(*(Indicate(o, color=self.emph, scale_factor=1.2) for o in omegas[1:]), lag_ratio=0.3),
                  run_time=1.6)
        self.until_cue(f"q = {q2}")  # "let q = 10: the hands part by ω(p − q)"
        self.walk_seats(p_t, q_t, [(p, q2)], tail=max(0.0, self.caption_left() - 1.6))
        self.until_cue("cos(ω")  # "their dot product is the cosine of that angle"
        self.play(FadeIn(cos_row, shift=0.1 * DOWN), run_time=0.8)
        self.until_cue("④ =")  # "the d/2 = 4 pairs add up to ④ = 2.564"
        self.play(FadeIn(total, shift=0.1 * DOWN), Indicate(self.bars[3], color=self.emph, scale_factor=1.05),
                  run_time=1.0)
        self.next_cue()  # "over every gap p − q they trace one curve, never above 4"
        self.play(FadeOut(VGroup(card, omegas, dials, cos_row, total)), run_time=0.5)
        self.remove(card, omegas, dials, cos_row, total)
        self.pair_dials = None
        self.shown.pop("pair_dials", None)
        self.play(*bring_plot(), run_time=2.0)
        self.read_caption()
