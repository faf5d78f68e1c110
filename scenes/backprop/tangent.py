"""tanh's slope as a slope (seed 004 "補充：前向傳播 × 反向傳播", the backward pass): as the chain rule multiplies by
tanh'(z) = 1 − tanh²(z), a tanh curve under the panel's work, a quarter of the frame high, shows the tangent line at
the node's z (the engine's z₁, a₁ and slope), so the factor the caption names is seen as the local steepness of tanh
there. Its axes are marked at tanh = 1 and −1; a dashed line drops from the point to the z axis, and the slope, worked
as 1 − a² from the point's height a (slope 0.56 = 1 − 0.664²), is written in the plot's empty lower-right quarter
(tanh > 0 right of 0, and no tangent line reaches it).
The other two nodes move the point and the line to their own z. Mixed into scenes.backprop_small.BackpropSmall.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, DashedLine, Dot, Line, VGroup, VMobject

from scenes.backprop.net import LABEL, PANEL_ROOM, PANEL_X, TEX
from scenes.backprop.strings import f2, square_a

Z_MAX = 2.5  # the curve's z runs from −Z_MAX to Z_MAX; tanh from −1 to 1
WIDTH, HEIGHT = 3.4, 1.6  # the plot's size in scene units: 1.7 with its axis's arrow (at 1.9 its −1 came within 0.2
# of the caption under the sans formulas' taller work lines, at 1.7 under the chain rule's formula at full size)
HALF = 0.8  # the tangent line's half-length in z
TICK = 0.07  # half-length of a tick mark on the tanh axis


class Tangent:
    """Needs BackpropNet (pal, txt, mtex) and the record (data)."""

    def tangent_frame(self, top: float) -> VGroup:
        """tanh's curve with its axes (z, tanh z) in the panel, its top (the tanh axis's end) at `top`."""
        pal = self.pal
        x0, y_mid = PANEL_X + 0.1, top - 0.1 - HEIGHT / 2
        self.tangent_at = lambda z, a: np.array([x0 + WIDTH / 2 * (1 + z / Z_MAX), y_mid + HEIGHT / 2 * a, 0.0])  # noqa: E731
        zs = np.linspace(-Z_MAX, Z_MAX, 81)
        curve = VMobject(stroke_color=pal.accent, stroke_width=3).set_points_smoothly(
            [self.tangent_at(z, np.tanh(z)) for z in zs])
        axes = VGroup(Line(self.tangent_at(-Z_MAX, 0), self.tangent_at(Z_MAX, 0) + 0.15 * RIGHT,
                           stroke_color=pal.muted, stroke_width=2),
                      Line(self.tangent_at(0, -1), self.tangent_at(0, 1) + 0.1 * UP, stroke_color=pal.muted, stroke_width=2))
        # tanh's two limits marked on its axis: 1 right of the axis (over the curve's start), −1 left of it (under it)
        ticks = VGroup(*(Line(self.tangent_at(0, a) + TICK * LEFT, self.tangent_at(0, a) + TICK * RIGHT,
                              stroke_color=pal.muted, stroke_width=2) for a in (1, -1)))
        # (each hangs from its tick into the plot, so nothing lies outside the axes' ends)
        marks = VGroup(self.txt("1", size=LABEL, color=pal.ink).next_to(ticks[0], RIGHT, buff=0.06).align_to(ticks[0], UP),
                       # −1 sitting on its tick's level, left of the axis: never level with the slope's "= 1 − a²"
                       # right of the axis (it read "−1 = 1 − 0.653²")
                       self.txt("−1", size=LABEL, color=pal.ink).next_to(ticks[1], LEFT, buff=0.06)
                       .align_to(ticks[1], DOWN).shift(0.04 * UP))
        # the axes' names at the formulas' size (digits and capitals at least 3 % of the frame height)
        # z over its axis's end (the lower-right quarter under it holds the slope's lines; the curve is 0.8 higher there)
        names = VGroup(self.mtex("z", pal.ink, TEX).move_to(axes[0].get_end() + 0.06 * UP, aligned_edge=DOWN + RIGHT),
                       # left of the axis's top (0.18 off: at 0.08 the axis ran through the z), hanging from it into the
                       # empty upper-left quarter (tanh < 0 there)
                       self.mtex(r"\tanh z", pal.accent, TEX).next_to(axes[1].get_end(), LEFT, buff=0.18)
                       .align_to(axes[1].get_end(), UP).shift(0.12 * DOWN))  # clear of the panel's last line
        return VGroup(axes, curve, names, ticks, marks)

    def tangent_mark(self, i: int) -> VGroup:
        """Node i's point (z₁, a₁) on the curve, the tangent line there with the engine's slope 1 − a₁², a dashed
        drop to the z axis, and the point's z and slope written in the lower-right quarter."""
        d, pal = self.data, self.pal
        z, a, s = float(d.z1[i]), float(d.a1[i]), float(d.slope[i])
        c = self.tangent_at(z, a)
        # HALF along z either side of the point (less where it would leave the plot's tanh range, −1.05 to 1.05),
        # rising by the engine's slope per unit of z, in the plot's scales
        half = min(HALF, (1.05 - abs(a)) / s) if s > 0 else HALF
        u = half * np.array([WIDTH / (2 * Z_MAX), s * HEIGHT / 2, 0.0])
        line = Line(c - u, c + u, stroke_color=pal.cool, stroke_width=4)
        dot = Dot(c, radius=0.07, color=pal.cool)
        drop = DashedLine(c, self.tangent_at(z, 0), stroke_color=pal.cool, stroke_width=2, dash_length=0.06)
        # the slope, and under it the slope worked as 1 − a² with the node's a, right of the tanh axis from the plot's
        # bottom up, out to the title-safe edge (the z axis's name over it)
        # a at the node's two decimals ((−0.65)² written 0.65²: the same square, a line short enough for the quarter);
        # when the square of the rounded a does not round to the slope (1 − 0.45² = 0.7975 beside 0.79), the work
        # says ≈ rather than giving a a third decimal the node does not show
        a_text = f2(abs(a))
        exact = square_a(abs(a), s) == a_text
        # the square set by LaTeX at full size (a text's ² glyph is 7 px high at 480p, under 3 % of the frame)
        head, work = self.s("tangent", a=a_text, s=f2(s)).split("\n")
        work = (work if exact else work.replace("=", "≈", 1)).replace("≈", r"\approx ")
        work = work.replace("−", "-").replace("²", "^2")
        # the slope in ink: the tangent's blue through a blue "slope" left it faint
        say = VGroup(self.txt(head, size=LABEL, color=pal.ink), self.tex(work, size=TEX * 0.9, color=pal.cool))
        say.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        say.move_to([PANEL_X + PANEL_ROOM, self.tangent_at(0, -1)[1] - 0.05, 0], aligned_edge=DOWN + RIGHT)
        tick = self.tangent_at(0, -1)[0] + TICK + 0.1  # the work's "=" clear of the −1 tick
        say.shift(min(0.12, max(0.0, tick - say.get_left()[0])) * RIGHT)  # (0.12 at most: the safe edge)
        self.shown["tangent_shown"] = f"{f2(s)} {'=' if exact else '≈'} 1 − {a_text}²"
        return VGroup(line, dot, say, drop)


assert PANEL_ROOM > WIDTH + 0.5  # the plot and its z axis's name fit the panel
