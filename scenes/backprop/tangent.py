"""tanh's slope as a slope (seed 004 "補充：前向傳播 × 反向傳播", the backward pass): as the chain rule multiplies by
tanh'(z) = 1 − tanh²(z), a small tanh curve under the panel's work shows the tangent line at the node's z (the
engine's z₁, a₁ and slope), so the factor the caption names is seen as the local steepness of tanh there. The other
two nodes move the point and the line to their own z. Mixed into scenes.backprop_small.BackpropSmall.
"""
from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, UP, Dot, Line, VGroup, VMobject

from scenes.backprop.net import LABEL, PANEL_ROOM, PANEL_X, TEX, fit_panel
from scenes.backprop.strings import f2

Z_MAX = 2.5  # the curve's z runs from −Z_MAX to Z_MAX; tanh from −1 to 1
WIDTH, HEIGHT = 2.4, 1.0  # the plot's size in scene units
HALF = 0.8  # the tangent line's half-length in z


class Tangent:
    """Needs BackpropNet (pal, txt, mtex) and the record (data)."""

    def tangent_frame(self, top: float) -> VGroup:
        """tanh's curve with its axes (z, tanh z) in the panel, its top at `top`."""
        pal = self.pal
        x0, y_mid = PANEL_X + 0.35, top - 0.1 - HEIGHT / 2
        self.tangent_at = lambda z, a: np.array([x0 + WIDTH / 2 * (1 + z / Z_MAX), y_mid + HEIGHT / 2 * a, 0.0])  # noqa: E731
        zs = np.linspace(-Z_MAX, Z_MAX, 81)
        curve = VMobject(stroke_color=pal.accent, stroke_width=3).set_points_smoothly(
            [self.tangent_at(z, np.tanh(z)) for z in zs])
        axes = VGroup(Line(self.tangent_at(-Z_MAX, 0), self.tangent_at(Z_MAX, 0) + 0.15 * RIGHT,
                           stroke_color=pal.muted, stroke_width=2),
                      Line(self.tangent_at(0, -1), self.tangent_at(0, 1) + 0.1 * UP, stroke_color=pal.muted, stroke_width=2))
        # the axes' names at the formulas' size (digits and capitals at least 3 % of the frame height)
        names = VGroup(self.mtex("z", pal.ink, TEX).next_to(axes[0].get_end(), RIGHT, buff=0.06),
                       # left of the axis's top, hanging from it into the empty upper-left quarter (tanh < 0 there),
                       # clear of the line over the plot
                       self.mtex(r"\tanh z", pal.accent, TEX).next_to(axes[1].get_end(), LEFT, buff=0.08)
                       .align_to(axes[1].get_end(), UP))
        return VGroup(axes, curve, names)

    def tangent_mark(self, i: int, top: float) -> VGroup:
        """Node i's point (z₁, a₁) on the curve, the tangent line there with the engine's slope 1 − a₁², and a line
        over the plot that says so."""
        d, pal = self.data, self.pal
        z, a, s = float(d.z1[i]), float(d.a1[i]), float(d.slope[i])
        c = self.tangent_at(z, a)
        # HALF along z either side of the point, rising by the engine's slope per unit of z, in the plot's scales
        u = HALF * np.array([WIDTH / (2 * Z_MAX), s * HEIGHT / 2, 0.0])
        line = Line(c - u, c + u, stroke_color=pal.cool, stroke_width=4)
        dot = Dot(c, radius=0.06, color=pal.cool)
        say = fit_panel(self.txt(self.s("tangent", z=f2(z), s=f2(s)), size=LABEL, color=pal.cool))
        say.move_to([PANEL_X, top, 0], aligned_edge=UP + LEFT)
        self.shown["tangent_shown"] = f"z = {f2(z)}, {f2(s)}"
        return VGroup(line, dot, say)


assert PANEL_ROOM > WIDTH + 0.8  # the plot and its names fit the panel
