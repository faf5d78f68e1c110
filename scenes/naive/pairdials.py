"""Why ④ = PE(p)⋅PE(q) depends only on p − q (seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): each (sin, cos) pair i of PE(p) and PE(q) is a point on a unit circle at angle ωᵢp and ωᵢq
(ωᵢ = 1/10000^(2i/d): 1, 1/10, 1/100, 1/1000 for d = 8, engine.positional.hand_speeds), drawn as two hands
on one dial (scenes.parts.dial) ending in two points, p's and q's; sin(a)sin(b) + cos(a)cos(b) = cos(a − b), so
the pair's share of the dot product is the cosine of the angle between the points, cos(ωᵢ(p − q)); the d/2
cosines add up to ④. The fast pair (ω = 1) is one large dial, a quarter of the frame tall, that stays through
the walk that follows (at p − q = 6 its two points are almost together again, 6 ≈ 2π); the slower pairs are
small dials beside it while the sum is made, and the sum then moves into the gap plot's dot, the curve growing
from there. All follow the seats. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, BackgroundRectangle, Dot, FadeIn, FadeOut, Indicate, LaggedStart, smooth,
                   ReplacementTransform, UpdateFromAlphaFunc, VGroup)

from engine.positional import denominators, hand_speeds
from look import fmt_num
from scenes.naive.gapplot import BESIDE_DIAL
from scenes.parts.dial import Dial, omega_text
from scenes.parts.glyphs import GlyphNumber

X0 = 2.0  # the dials' column starts right of this (the ghost of ④'s seat-number bar breaks left of it)
BIG_R = 1.0  # the fast pair's dial: 2 units of the frame's 8, a quarter of its height
SAFE_RIGHT = 6.3  # the title-safe area's right edge, as the bars' labels keep it
BIG_AT = (3.4, 0.4)  # right of the folded chart (its rule ends at 2.3), under the PE rows
SMALL_R = 0.55  # the slower pairs' dials, a row of them right of the fast pair's on the clean screen
SMALL_ROW = (-1.3, 6.3, 0.35)  # x0, x1 and the dials' height of that row
LABEL = 30  # the dials' names and cosines: digits ≥ 3.5 % of the frame height
NAME_AT, NAME_SPREAD = 0.62, 0.9  # the points' names inside the dial, beside the hands (radians either side)
CLEAN_K, CLEAN_AT = 1.3, (-3.7, -0.2)  # on the clean screen: the fast pair's dial 1.3 × as large, left
SUM_AT = (2.5, -1.55)  # the cosines' sum on the clean screen, under the slower pairs


def pair_cosines(p: int, q: int, d_model: int) -> np.ndarray:
    """cos(ωᵢ(p − q)) for each (sin, cos) pair, shape (d/2,): the pairs' shares of PE(p)⋅PE(q)."""
    return np.cos(hand_speeds(d_model + d_model % 2) * (p - q))  # (d/2,)


def label_angles(a: float, b: float, least: float = 0.55) -> tuple:
    """Where the names of two points at angles a and b go around the dial: at their points, pushed apart
    (about their middle) when closer than `least` radians, so the names never meet."""
    gap = np.angle(np.exp(1j * (a - b)))  # a − b in (−π, π]
    if abs(gap) >= least:
        return a, b
    mid = b + gap / 2
    side = 1.0 if gap >= 0 else -1.0
    return mid + side * least / 2, mid - side * least / 2


class PairDials:
    """Needs from the scene: data, pal, txt, tex, term_colors, label_on, axis, seats_now, shown."""

    pair_dials = None

    def build_pair_dials(self) -> tuple:
        """The fast pair's large dial with p's and q's points, its ω and cosine; the slower pairs as small dials in
        a column beside it, each with its ω and cosine; the cosines' sum = ④ under them. Returns (big, small, total)
        for the scene to bring in step by step."""
        pal, d = self.pal, self.data
        dens = denominators(d.d_model + d.d_model % 2)  # (d/2,)
        color = self.term_colors[3]
        dials = [Dial(BIG_R if k == 0 else SMALL_R, ink=pal.muted, face=pal.background, hand_color=pal.accent,
                      ticks=12 if k == 0 else 8, second_hand=pal.ok) for k in range(len(dens))]
        dials[0].move_to([*BIG_AT, 0])
        self.pair_cos = [GlyphNumber(1.0, decimals=2, width=5, font=self.look.font, font_size=LABEL,
                                     color=color, align="left") for k in range(len(dens))]
        # the fast pair: two points on its rim with their names, ω = 1 over it, cos(p − q) under it
        self.pair_points = [Dot(radius=0.11, color=pal.accent), Dot(radius=0.11, color=pal.ok)]
        self.pair_names = [self.tex("p", size=36, color=pal.accent), self.tex("q", size=36, color=pal.ok)]
        name = self.tex(rf"\omega={omega_text(dens[0])}", size=38, color=pal.ink)
        name.move_to([BIG_AT[0], BIG_AT[1] + BIG_R + 0.24, 0])  # over the dial, under the PE rows
        cos_big = VGroup(self.tex(r"\cos=", size=38, color=color), self.pair_cos[0]).arrange(RIGHT, buff=0.12)
        self.pair_cos[0].align_to(cos_big[0], DOWN).shift(0.02 * DOWN)
        cos_big.next_to(dials[0], DOWN, buff=0.45)  # under the names of the points when they are at the bottom
        big = VGroup(name, dials[0], *self.pair_points, *self.pair_names, cos_big)
        # the slower pairs (on the clean screen only): a row of dials, each with its ω over it and cosine under it
        rows = []
        for k in range(1, len(dens)):
            rows.append(VGroup(self.tex(rf"\omega={omega_text(dens[k])}", size=38, color=pal.ink), dials[k],
                               self.pair_cos[k]).arrange(DOWN, buff=0.14))
        small = VGroup(*rows).arrange(RIGHT, buff=0.45, aligned_edge=UP)
        if small.width > SMALL_ROW[1] - SMALL_ROW[0]:
            small.scale_to_fit_width(SMALL_ROW[1] - SMALL_ROW[0])
        small.move_to([(SMALL_ROW[0] + SMALL_ROW[1]) / 2, 0, 0])
        small.shift((SMALL_ROW[2] - dials[1].get_y()) * UP)
        widest = len(f"{len(dens):.3f}") + 1  # the sum lies in [−d/2, d/2]: its sign and digits
        self.pair_sum = GlyphNumber(0.0, decimals=3, width=max(6, widest), font=self.look.font, font_size=30,
                                    color=color, align="left")
        total = VGroup(self.tex(r"\textstyle\sum_i \cos =", size=40, color=color), self.pair_sum,
                       self.txt("= ④", size=30, color=color)).arrange(RIGHT, buff=0.12)
        total[1].align_to(total[0], DOWN)
        # under the fast pair's cosine, right of it, clear of the p − q readout under it
        total.move_to([SAFE_RIGHT, cos_big.get_bottom()[1] - 0.2 - total.height / 2, 0], aligned_edge=RIGHT)
        for m in (*big, *small, *total):
            self.label_on(m, self.axis[0])
        for name in self.pair_names:  # written on the dial's face, beside the hands
            self.label_on(name, dials[0], *self.pair_points)
        self.pair_dials = dials
        self.set_pair_dials(*self.seats_now)
        return big, small, total

    def set_pair_dials(self, p: int, q: int) -> None:
        """Hands at ωᵢp (PE(p)) and ωᵢq (PE(q)), the fast pair's points and names at its hands' ends, the
        cosines of the angles between them and their sum, logged."""
        d = self.data
        speeds = hand_speeds(d.d_model + d.d_model % 2)  # (d/2,)
        cosines = pair_cosines(p, q, d.d_model)  # (d/2,)
        for dial, w, c, num in zip(self.pair_dials, speeds, cosines, self.pair_cos):
            dial.set_angle(float(w * p))
            dial.set_angle2(float(w * q))
            num.set_value(float(c))
        self.place_points(float(speeds[0] * p), float(speeds[0] * q))
        self.pair_sum.set_value(float(cosines.sum()))
        self.shown["pair_dials"] = {"p": p, "q": q, "omega": [float(w) for w in speeds],
                                    "cos": [round(float(c), 2) for c in cosines[:len(self.pair_dials)]], "sum": round(float(cosines.sum()), 3),
                                    "big_dial_height": round(float(self.pair_dials[0].face.width), 2)}

    def place_points(self, a: float, b: float) -> None:
        """The fast pair's two points on its rim at angles a (p's) and b (q's), their names inside, at the dial's
        size as drawn (it is larger on the clean screen)."""
        face = self.pair_dials[0].face
        centre, r = face.get_center(), face.width / 2
        for dot, angle in zip(self.pair_points, (a, b)):
            dot.move_to(centre + r * np.array([np.cos(angle), np.sin(angle), 0.0]))
        for name, angle in zip(self.pair_names, label_angles(a, b, NAME_SPREAD)):
            name.move_to(centre + NAME_AT * r * np.array([np.cos(angle), np.sin(angle), 0.0]))

    def explain_pairs(self, p_t, q_t, bring_plot, half_d) -> None:
        """The caption "why only p − q", cue by cue, on a clean screen: the chart steps aside (only the PE rows and
        p − q stay) and the fast pair's dial comes in large, the slower pairs' dials in a row beside it; q moves two
        seats so the points part, the cosines, their sum = ④. Then the chart comes back, the dial shrinks to its
        place beside it and the sum moves into the gap plot's dot, the curve growing from it (`bring_plot()`
        returns the animations that bring the plot in; `half_d` is the bound as written, "d/2 = 4")."""
        d = self.data
        p, q = self.seats_now
        q2 = max(0, q - 2)
        cosines = pair_cosines(p, q2, d.d_model)  # (d/2,)
        omegas = [omega_text(v) for v in denominators(d.d_model + d.d_model % 2)]
        listed = ", ".join(omegas[:-1]) + " and " + omegas[-1] if len(omegas) > 1 else omegas[0]
        self.caption(self.s("cap_pairs", q2=q2, s=fmt_num(float(cosines.sum()), 3), hb=half_d,
                            bound=d.sincos_bound, omegas=listed, omegas_zh="、".join(omegas)))
        big, small, total = self.build_pair_dials()
        self.fast_dial = big  # it stays through the walk (scenes.naive.shares takes it away)
        home = total.get_center()
        total.move_to([*SUM_AT, 0])
        big.scale(CLEAN_K, about_point=np.array([*BIG_AT, 0.0])).shift([CLEAN_AT[0] - BIG_AT[0], CLEAN_AT[1] - BIG_AT[1], 0])
        speeds = hand_speeds(d.d_model + d.d_model % 2)  # (d/2,)

        def turn(_, a):  # the hands from seat 0 to ωᵢp, ωᵢq as the angles are named
            for dial, w in zip(self.pair_dials, speeds):
                dial.set_angle(float(a * w * p))
                dial.set_angle2(float(a * w * q))
            self.place_points(float(a * speeds[0] * p), float(a * speeds[0] * q))

        turn(None, 0.0)
        # the clean screen: everything but the title, the PE rows, p − q and the caption steps aside (the bars
        # still follow the seats, unseen: an empty group carries the walk's updater meanwhile)
        keep = {id(m) for k in (self.title_mob, self.pe_card, self.gap_card) for m in k.get_family()} | self._captions
        chart = [m for m in self.mobjects  # (a group an earlier play left holding a kept part stays too)
                 if m is not self.bound_formula and not keep & {id(x) for x in m.get_family()}]
        live, self.live = self.live, VGroup()
        self.play(FadeOut(self.bound_formula), *(FadeOut(m) for m in chart), run_time=0.6)
        self.add(self.live)
        self.bring_to_back(self.live)  # first in the list: everything drawn over it is redrawn as the seats move
        self.play(FadeIn(VGroup(*big[:2], *big[-1:])), run_time=0.6)
        # "take one (sin, cos) pair of PE(p) and of PE(q) as two points on a circle": the pair in each row, then
        # its two points on the fast pair's dial
        first = [cell for line in self.pe_cells for c, cell in line if c < 2]  # the first (sin, cos) pair of each row
        self.play(LaggedStart(*(Indicate(c, color=self.emph, scale_factor=1.2) for c in first), lag_ratio=0.2),
                  run_time=1.6)
        self.play(FadeIn(VGroup(*big[2:6]), scale=1.5), run_time=0.8)
        self.until_cue("ωp")  # "at angles ωp and ωq": the points turn there
        self.play(UpdateFromAlphaFunc(VGroup(self.pair_dials[0], *big[2:6]), turn), run_time=2.0)  # all turn, one shown
        self.until_cue("1/1000")  # "ωᵢ = 1, 1/10, 1/100, 1/1000": the slower pairs come in beside it
        self.play(FadeIn(small, shift=0.1 * LEFT), run_time=1.0)
        self.play(LaggedStart(*(Indicate(row[0], color=self.emph, scale_factor=1.2) for row in small),
                              lag_ratio=0.3), run_time=1.2)
        self.until_cue(f"q = {q2}")  # "let q = 10: the points part by ω(p − q)"
        self.walk_seats(p_t, q_t, [(p, q2)], tail=max(0.0, self.caption_left() - 1.6))
        self.until_cue("cos(ω")  # "their dot product is the cosine of that angle"
        self.play(Indicate(big[-1], color=self.emph, scale_factor=1.1),
                  *(Indicate(row[2], color=self.emph, scale_factor=1.15) for row in small), run_time=1.0)
        self.until_cue("④ =")  # "the d/2 = 4 pairs add up to ④ = 2.564, the length of ④'s bar"
        self.play(FadeIn(total, shift=0.1 * DOWN), run_time=0.8)
        self.play(Indicate(total, color=self.emph, scale_factor=1.1), run_time=1.0)
        # the chart comes back as the bar is named: the slower pairs leave, the fast pair's dial shrinks to its
        # place beside the chart, the sum first to its place under its cosine; then the chart fades in around them
        self.remove(self.live)
        self.live = live
        # the sum first, to its place under where the cosine comes (the two never cross), then the dial
        self.play(FadeOut(small, rate_func=lambda t: smooth(min(1.0, 2.0 * t))), total.animate.move_to(home),
                  run_time=0.6)
        self.play(big.animate.scale(1.0 / CLEAN_K, about_point=self.pair_dials[0].face.get_center())
                  .shift([BIG_AT[0] - CLEAN_AT[0], BIG_AT[1] - CLEAN_AT[1], 0]), run_time=0.9)
        self.remove(small)
        self.play(*(FadeIn(m) for m in chart), run_time=0.6)
        self.play(Indicate(self.bars[3], color=self.emph, scale_factor=1.05), Indicate(self.pair_sum, color=self.emph),
                  run_time=1.0)
        self.next_cue()  # "over every gap p − q they trace one curve": the sum becomes the plot's dot, the curve
        # grows from it; the fast pair's dial stays for the walk
        fade = [m for m in total if m is not self.pair_sum]
        self.play(*(FadeOut(m) for m in fade), run_time=0.5)
        self.remove(*fade)
        self.pair_dials = self.pair_dials[:1]
        self.pair_cos = self.pair_cos[:1]
        self.gap_box = BESIDE_DIAL
        plot_in = bring_plot()
        dot = self.gap_dot.copy()
        self.play(ReplacementTransform(self.pair_sum, dot), plot_in[0], run_time=0.8)
        self.remove(dot)
        self.play(*plot_in[1:], run_time=1.6)
        self.read_caption()
