"""Why ④ = PE(p)⋅PE(q) depends only on p − q (seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): each (sin, cos) pair i of PE(p) and PE(q) is a point on a unit circle at angle ωᵢp and ωᵢq
(ωᵢ = 1/10000^(2i/d): 1, 1/10, 1/100, 1/1000 for d = 8, engine.positional.hand_speeds), drawn as two hands
on one dial (scenes.parts.dial) ending in two points, p's and q's; sin(a)sin(b) + cos(a)cos(b) = cos(a − b), so
the pair's share of the dot product is the cosine of the angle between the points, cos(ωᵢ(p − q)), worked out
under the dial ((sin a, cos a)⋅(sin b, cos b) → sin(a)sin(b) + cos(a)cos(b) → cos(a − b)); the d/2 cosines add up
to ④. The bar chart stays on screen throughout, folded to the left, ④'s bar and number with it: the dials make
the sum, which is then lit with ④'s number, the same value. The fast pair (ω = 1) is one large dial, a quarter
of the frame tall, right of the chart, that stays through the walk that follows (at p − q = 6 its two points are
almost together again, 6 ≈ 2π); the slower pairs are small dials in a column beside it while the sum is made,
and the sum then moves into the gap plot's dot, the curve growing from there. All follow the seats. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Arc, Create, Dot, FadeIn, FadeOut, Indicate, LaggedStart, MathTex,
                   ReplacementTransform, SingleStringMathTex, Text, UpdateFromAlphaFunc, VGroup)

from engine.positional import denominators, hand_speeds
from look import fmt_num
from scenes.naive.gapplot import BESIDE_DIAL
from scenes.parts.dial import Dial, omega_text
from scenes.naive.values import PointNumber, fmt_point
from scenes.parts.glyphs import GlyphNumber

MAX_DIAL_D = 12  # up to 6 (sin, cos) pairs drawn as dials; a wider PE goes straight to the gap curve
X0 = 2.0  # the dials' column starts right of this (the ghost of ④'s seat-number bar breaks left of it)
BIG_R = 1.0  # the fast pair's dial: 2 units of the frame's 8, a quarter of its height
COS_LEFT, COS_RIGHT = 2.15, 4.4  # the fast pair's cosine (and where its worked dot product starts): right of the
#   chart's rule, left of the gap plot beside the dial
SMALL_NAME = 42  # the slower pairs' ω: one line of the column, its digits ≥ 3.2 % of the frame height
IDENTITY = 36  # the worked dot product: one line across the frame, never shrunk
IDENTITY_Y = -2.15  # its line: over the caption band, under the chart's bars
SAFE_RIGHT = 6.3  # the title-safe area's right edge, as the bars' labels keep it
BIG_AT = (3.4, 0.4)  # right of the folded chart (its rule ends at 2.3), under the PE rows
SMALL_R = 0.24  # the slower pairs' dials, in a column right of the fast pair's
SMALL_COL = (4.55, 6.3, -1.45, 1.72)  # x0, x1, y0, y1 of that column (under the PE rows, over the sum)
LABEL = 30  # the dials' names and cosines: digits ≥ 3.5 % of the frame height
NAME_AT, NAME_OFF = 0.66, 0.5  # the points' names inside the dial, each turned off its hand (radians), away from the other


def pair_cosines(p: int, q: int, d_model: int) -> np.ndarray:
    """cos(ωᵢ(p − q)) for each (sin, cos) pair, shape (d/2,): the pairs' shares of PE(p)⋅PE(q)."""
    return np.cos(hand_speeds(d_model + d_model % 2) * (p - q))  # (d/2,)


def name_angles(a: float, b: float, off: float = NAME_OFF) -> tuple:
    """Where the names of the hands at angles a and b go: each `off` radians off its own hand, on the side away
    from the other hand (beside the hand, never on it); two hands together: their names either side of both."""
    gap = float(np.angle(np.exp(1j * (a - b))))  # a − b in (−π, π]
    side = 1.0 if gap >= 0 else -1.0
    return a + side * off, b - side * off


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
        self.pair_names = [self.tex("p", size=46, color=pal.accent), self.tex("q", size=46, color=pal.ok)]
        name = self.tex(rf"\omega={omega_text(dens[0])}", size=38, color=pal.ink)
        name.move_to([BIG_AT[0], BIG_AT[1] + BIG_R + 0.24, 0])  # over the dial, under the PE rows
        cos_big = VGroup(self.tex(r"\cos=", size=38, color=color), self.pair_cos[0]).arrange(RIGHT, buff=0.12)
        self.pair_cos[0].align_to(cos_big[0], DOWN).shift(0.02 * DOWN)
        cos_big.next_to(dials[0], DOWN, buff=0.15)  # under the dial, above the chart's rule (never on its line)
        cos_big.shift(max(0.0, COS_LEFT - cos_big.get_left()[0]) * RIGHT)
        cos_big.shift(min(0.0, COS_RIGHT - cos_big.get_right()[0]) * RIGHT)  # clear of the gap plot's card
        big = VGroup(name, dials[0], *self.pair_points, *self.pair_names, cos_big)
        # the slower pairs: a column right of the fast pair's dial (where the gap plot comes later), each its ω on
        # one line and under it its dial with its cosine beside it; the chart stays on screen left of both
        rows = []
        for k in range(1, len(dens)):
            name_k = self.tex(rf"\omega={omega_text(dens[k])}", size=SMALL_NAME, color=pal.ink)
            face = VGroup(dials[k], self.pair_cos[k]).arrange(RIGHT, buff=0.12)
            rows.append(VGroup(name_k, face).arrange(DOWN, aligned_edge=LEFT, buff=0.03))
        small = VGroup(*rows).arrange(DOWN, aligned_edge=LEFT, buff=0.06)  # tight: never shrunk to fit
        if small.height > SMALL_COL[3] - SMALL_COL[2]:
            small.scale_to_fit_height(SMALL_COL[3] - SMALL_COL[2])
        if small.width > SMALL_COL[1] - SMALL_COL[0]:
            small.scale_to_fit_width(SMALL_COL[1] - SMALL_COL[0])
        small.move_to([SMALL_COL[0], SMALL_COL[3], 0], aligned_edge=LEFT + UP)
        widest = len(f"{len(dens):.3f}") + 1  # the sum lies in [−d/2, d/2]: its sign and digits
        self.pair_sum = PointNumber(0.0, decimals=3, width=max(6, widest), font=self.look.font, font_size=30,
                                    color=color, align="left")
        total = VGroup(self.tex(r"\textstyle\sum_i \cos =", size=40, color=color), self.pair_sum,
                       self.txt("= ④", size=30, color=color)).arrange(RIGHT, buff=0.12)
        total[1].align_to(total[0], DOWN)
        self.pair_sum_tail = total[2]  # "= ④" kept against the sum's digits (set_pair_dials), not its spare slot
        self.pair_sum_gap = total[1].get_left()[0] - total[0].get_right()[0]
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
        tail = getattr(self, "pair_sum_tail", None)
        if tail is not None:  # the same space on either side of the sum, whatever its width
            tail.set_x(self.pair_sum.text_edges()[1] + self.pair_sum_gap + tail.width / 2)
        self.shown["pair_dials"] = {"p": p, "q": q, "omega": [float(w) for w in speeds],
                                    "cos": [round(float(c), 2) for c in cosines[:len(self.pair_dials)]], "sum": round(float(cosines.sum()), 3),
                                    "big_dial_height": round(float(self.pair_dials[0].face.width), 2)}

    def place_points(self, a: float, b: float) -> None:
        """The fast pair's two points on its rim at angles a (p's) and b (q's), their names inside, at the dial's
        size as drawn."""
        face = self.pair_dials[0].face
        centre, r = face.get_center(), face.width / 2
        for dot, angle in zip(self.pair_points, (a, b)):
            dot.move_to(centre + r * np.array([np.cos(angle), np.sin(angle), 0.0]))
        for name, angle in zip(self.pair_names, name_angles(a, b)):
            name.move_to(centre + NAME_AT * r * np.array([np.cos(angle), np.sin(angle), 0.0]))

    def identity_line(self) -> VGroup:
        """(sin a, cos a)⋅(sin b, cos b) = sin(a)sin(b) + cos(a)cos(b) = cos(a − b): the fast pair's dot product in
        one full-size line across the frame over the caption band (never shrunk), a in p's colour and b in q's; its
        four pieces come in as the cues name them."""
        pal = self.pal
        line = VGroup(self.tex(r"(\sin", "a", r",\cos", "a", r")\cdot(\sin", "b", r",\cos", "b", ")", size=IDENTITY),
                      self.tex(r"=\sin(", "a", r")\sin(", "b", ")", size=IDENTITY),
                      self.tex(r"+\cos(", "a", r")\cos(", "b", ")", size=IDENTITY),
                      self.tex(r"=\cos(", "a", "-", "b", ")", size=IDENTITY))
        for piece in line:
            piece.set_color(pal.ink)
            for part in piece:
                if part.tex_string in ("a", "b"):
                    part.set_color(pal.accent if part.tex_string == "a" else pal.ok)
        line.arrange(RIGHT, buff=0.2)
        line.move_to([0.0, IDENTITY_Y, 0])
        return line

    def clear_under(self, line) -> list:
        """What the identity's line would be drawn over (numbers, words and short shapes there; the long gridlines
        and dashed line pass behind it), with their opacities: faded out while it stands, back after."""
        x0, x1 = -8.0, 8.0  # the whole band across the frame: a readout beside the line's end goes with it
        y0, y1 = line.get_bottom()[1] - 0.1, line.get_top()[1] + 0.1
        out, seen = [], set()

        def visit(m):
            unit = isinstance(m, (Text, MathTex, SingleStringMathTex, GlyphNumber)) or not m.submobjects
            if not unit:
                for sub in m.submobjects:
                    visit(sub)
                return
            if id(m) in seen or not any(len(x.points) for x in m.get_family()):
                return
            seen.add(id(m))
            (ax, ay), (bx, by) = m.get_corner(DOWN + LEFT)[:2], m.get_corner(UP + RIGHT)[:2]
            if bx < x0 or ax > x1 or by < y0 or ay > y1:
                return
            if by - ay > 1.5:  # a gridline or the bound's dashed line: behind the line
                self.label_on(line, m)
                return
            # a word or number as a whole, never cut at the line's edge
            out.extend((x, x.get_fill_opacity(), x.get_stroke_opacity()) for x in m.get_family() if len(x.points))

        for top in self.mobjects:
            if id(top) not in self._captions and top not in self.persistent:
                visit(top)
        return out

    def fade_under(self, under, back: bool) -> UpdateFromAlphaFunc:
        def go(_m, a):
            k = a if back else 1.0 - a
            for m, fill, stroke in under:
                m.set_fill(opacity=fill * k, family=False)
                m.set_stroke(opacity=stroke * k, family=False)
        return UpdateFromAlphaFunc(VGroup(), go)

    def explain_pairs(self, p_t, q_t, bring_plot, half_d) -> None:
        """The caption "why only p − q", cue by cue, beside the chart (which stays, folded, on the left, ④'s bar and
        number too), the fast pair's dial comes in right of the chart with p's and q's points at angles a = ωp and
        b = ωq (q has stepped back two seats as "why only p − q?" is asked, before any cue names it), an arc for
        a − b; their dot product is worked out under the dial, three lines standing while the cue says them,
        (sin a, cos a)⋅(sin b, cos b) = sin(a)sin(b) + cos(a)cos(b) = cos(a − b), which then gives way to the pair's cosine; the
        slower pairs' dials come in a column beside it; the cosines' sum = ④ is made and flies to ④'s row, where
        the bar grows from it to its length; then the sum becomes the gap plot's dot, the curve growing from it
        (`bring_plot()` returns the animations that bring the plot in; `half_d` is the bound as written)."""
        d = self.data
        p, q = self.seats_now
        q2 = max(0, q - 2)
        cosines = pair_cosines(p, q2, d.d_model)  # (d/2,)
        omegas = [omega_text(v) for v in denominators(d.d_model + d.d_model % 2)]
        listed = ", ".join(omegas[:-1]) + " and " + omegas[-1] if len(omegas) > 1 else omegas[0]
        self.caption(self.s("cap_pairs", q2=q2, s=fmt_point(float(cosines.sum()), 3), hb=half_d,
                            bound=d.sincos_bound, omegas=listed, omegas_zh="、".join(omegas)))
        # "why only p − q?": q steps back two seats first, so p and q part, and is there before any cue says
        # "q = 10" (the teaching gate holds a cue's q to the slider's all the while it is up)
        self.walk_seats(p_t, q_t, [(p, q2)], tail=max(0.0, self.caption_left() - 1.4), pause=0.0)
        big, small, total = self.build_pair_dials()
        self.fast_dial = big  # it stays through the walk (scenes.naive.shares takes it away)
        speeds = hand_speeds(d.d_model + d.d_model % 2)  # (d/2,)

        def turn(_, a):  # the hands from seat 0 to ωᵢp, ωᵢq as the angles are named
            for dial, w in zip(self.pair_dials, speeds):
                dial.set_angle(float(a * w * p))
                dial.set_angle2(float(a * w * q2))
            self.place_points(float(a * speeds[0] * p), float(a * speeds[0] * q2))

        turn(None, 0.0)
        # the chart stays, ④'s bar and number with it (the dials' sum is read onto them later); the bound's formula
        # gives the dial its place, and the fast pair's dial comes in right of the chart
        # the line's name ("max ④ = 4") comes as the formula that stated the bound leaves (never the two together)
        self.play(FadeOut(self.bound_formula), FadeIn(self.bound_dash[1]), run_time=0.6)
        self.remove(self.bound_formula)
        self.play(FadeIn(VGroup(*big[:2])), run_time=0.6)
        # "take one (sin, cos) pair of PE(p) and of PE(q) as two points on a circle": the pair in each row, then
        # its two points on the fast pair's dial
        first = [cell for line in self.pe_cells for c, cell in line if c < 2]  # the first (sin, cos) pair of each row
        self.play(LaggedStart(*(Indicate(c, color=self.emph, scale_factor=1.2) for c in first), lag_ratio=0.2),
                  run_time=1.6)
        self.play(FadeIn(VGroup(*big[2:6]), scale=1.5), run_time=0.8)
        self.until_cue("ωp")  # "at angles a = ωp and b = ωq": the points turn there
        self.play(UpdateFromAlphaFunc(VGroup(self.pair_dials[0], *big[2:6]), turn), run_time=2.0)  # all turn, one shown
        # "here q = 10: they part by the angle a − b between them": an arc between the two hands for a − b
        self.until_cue(f"q = {q2}")
        face = self.pair_dials[0].face
        a, b = float(speeds[0] * p), float(speeds[0] * q2)
        gap = float(np.angle(np.exp(1j * (a - b))))  # a − b as drawn, in (−π, π]
        arc = Arc(radius=0.32 * face.width / 2, start_angle=b, angle=gap, arc_center=face.get_center(),
                  stroke_color=self.emph, stroke_width=5)
        self.play(Create(arc), Indicate(self.pair_names[1], color=self.emph, scale_factor=1.3), run_time=1.0)
        self.play(Indicate(arc, color=self.emph), run_time=1.0)
        # "their dot product is sin(a)sin(b) + cos(a)cos(b)": one full-size line over the caption band (what stood
        # there faded while it is up), its left side as the dot product is named, then the two products of the sum;
        # "that sum is exactly cos(a − b)": its last piece, the arc lit with it; it stands while both cues are read
        self.until_cue("sin(a)sin(b)")
        line = self.identity_line()
        under = self.clear_under(line)
        for piece in line:
            self.label_on(piece, self.axis[0])
        beat = float(np.clip((self.cue_left() - 0.4) / 3.0, 0.6, 1.2))
        self.play(self.fade_under(under, back=False), FadeIn(line[0], shift=0.1 * UP), run_time=beat)
        self.play(FadeIn(line[1], shift=0.1 * UP), run_time=beat)
        self.play(FadeIn(line[2], shift=0.1 * UP), run_time=beat)
        self.until_cue("cos(a − b)")
        self.play(FadeIn(line[3], shift=0.1 * UP), Indicate(arc, color=self.emph), run_time=1.0)
        self.shown["identity_drawn"] = True
        self.play(Indicate(line[3], color=self.emph, scale_factor=1.1), Indicate(arc, color=self.emph),
                  run_time=max(0.8, min(1.4, self.cue_left() - 0.2)))
        cos_big = big[-1]
        self.until_cue("cos(ω")  # "so the pair gives cos(ω(p − q))": the line gives way to the pair's cosine under the dial
        title = self.axis[2]  # the folded axis' words right of the fold give the pair's cosine and the sum their room
        self.play(FadeOut(line, shift=0.1 * DOWN), self.fade_under(under, back=True), FadeIn(cos_big, shift=0.1 * DOWN),
                  FadeOut(arc), run_time=0.6)
        self.play(title.animate.set_opacity(0.0), run_time=0.3)
        self.remove(line, arc)
        self.shown["identity_drawn"] = False
        self.until_cue("cos(ω")  # "so the pair gives cos(ω(p − q)), whatever p and q are": its cosine pointed at
        self.play(Indicate(cos_big, color=self.emph, scale_factor=1.1), run_time=1.0)
        self.until_cue(omegas[-1])  # "each pair has its own ω: 1, 1/10, 1/100, 1/1000": the slower pairs beside it
        if len(small):  # d = 2 has one pair: no slower pairs to bring
            self.play(FadeIn(small, shift=0.1 * LEFT), run_time=1.0)
            self.play(LaggedStart(*(Indicate(row[0], color=self.emph, scale_factor=1.2) for row in small),
                                  lag_ratio=0.3), run_time=1.2)
        self.until_cue("④ =")  # "the d/2 = 4 pairs add up to ④ = 2.564: that sum is ④'s bar"
        self.play(FadeIn(total, shift=0.1 * DOWN), run_time=0.8)
        # the sum and ④'s number, the same value, lit together with ④'s bar: that sum is ④'s bar
        self.play(Indicate(self.pair_sum, color=self.emph), Indicate(self.values[3], color=self.emph),
                  Indicate(self.bars[3], color=self.emph, scale_factor=1.05), run_time=1.2)
        self.play(Indicate(self.pair_sum, color=self.emph), Indicate(self.values[3], color=self.emph), run_time=1.0)
        self.next_cue()  # "over every gap p − q they trace one curve": the sum becomes the plot's dot, the curve
        # grows from it; the fast pair's dial stays for the walk, the slower ones leave for the plot
        fade = [m for m in total if m is not self.pair_sum]
        self.play(*(FadeOut(m) for m in fade), FadeOut(small), run_time=0.5)
        self.remove(*fade, small)
        self.pair_dials = self.pair_dials[:1]
        self.pair_cos = self.pair_cos[:1]
        self.gap_box = BESIDE_DIAL
        plot_in = bring_plot()
        dot = self.gap_dot.copy()
        self.play(ReplacementTransform(self.pair_sum, dot), plot_in[0], run_time=0.8)
        self.remove(dot)
        self.play(*plot_in[1:], title.animate.set_opacity(1.0), run_time=1.6)
        self.read_caption()
