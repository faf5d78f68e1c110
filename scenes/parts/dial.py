"""A clock dial whose hand is the 2-D pointer (cos θ, sin θ) of one positional-encoding pair.

Seed 001: every hand starts pointing right and turns anticlockwise; its x and y coordinates are the
pair's numbers. The hand is moved in place (put_start_and_end_on), never rebuilt.
"""
from __future__ import annotations

import numpy as np
from manim import Circle, Dot, Line, VGroup, VMobject


class Dial(VGroup):
    def __init__(self, radius: float, *, ink: str, face: str, hand_color: str, ticks: int = 12,
                 second_hand: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.radius = radius
        self.face = Circle(radius=radius, stroke_color=ink, stroke_width=2.5,
                           fill_color=face, fill_opacity=1.0)
        # All ticks in one VMobject with several subpaths (performance.md pattern 4).
        self.ticks = VMobject(stroke_color=ink, stroke_width=1.5, stroke_opacity=0.6)
        for k in range(ticks):
            a = 2 * np.pi * k / ticks
            u = np.array([np.cos(a), np.sin(a), 0.0])
            self.ticks.start_new_path(u * radius * 0.86)
            self.ticks.add_line_to(u * radius * 0.98)
        self.axis = Line([-radius, 0, 0], [radius, 0, 0], stroke_color=ink, stroke_width=1,
                         stroke_opacity=0.25)
        self.hand = Line([0, 0, 0], [radius * 0.85, 0, 0], stroke_color=hand_color, stroke_width=5)
        self.hub = Dot(radius=0.045, color=hand_color)
        hands = [self.hand]
        self.hand2 = None  # a second hand (two positions' pairs on one dial), drawn under the first
        if second_hand is not None:
            self.hand2 = Line([0, 0, 0], [radius * 0.85, 0, 0], stroke_color=second_hand, stroke_width=5)
            hands.insert(0, self.hand2)
        self.add(self.face, self.axis, self.ticks, *hands, self.hub)
        self.angle = 0.0
        self.angle2 = 0.0
        self.reach2 = 0.85  # the second hand's length, a share of the radius (longer: a target seen past the first)

    def add_second_hand(self, color: str) -> "Dial":
        """Give a dial built with one hand its second (another seat's pair on the same dial), under the first and
        pointing where the first does: the dial is kept, never rebuilt, when a later step needs two hands."""
        if self.hand2 is None:
            self.hand2 = self.hand.copy().set_stroke(color=color)
            self.submobjects.insert(self.submobjects.index(self.hand), self.hand2)
            self.angle2 = self.angle
        return self

    def target_hand(self, reach: float = 1.0, width: float = 12.0) -> "Dial":
        """The second hand as a target the first lands on: longer and wider than the first, so that it shows before
        and around it (a grey hand under a same-sized coloured one would be hidden on a small dial)."""
        self.reach2 = reach
        self.hand2.set_stroke(width=width)
        return self.set_angle2(self.angle2)

    def set_angle(self, theta: float) -> "Dial":
        """Point the hand at angle θ (radians, anticlockwise from the right)."""
        c = self.face.get_center()
        radius = self.face.width / 2  # as drawn now: a scaled dial keeps a full-length hand
        tip = c + radius * 0.85 * np.array([np.cos(theta), np.sin(theta), 0.0])
        self.hand.put_start_and_end_on(c, tip)
        self.angle = theta
        return self

    def set_angle2(self, theta: float) -> "Dial":
        """Point the second hand at angle θ (a dial built with `second_hand`)."""
        c = self.face.get_center()
        tip = c + self.face.width / 2 * self.reach2 * np.array([np.cos(theta), np.sin(theta), 0.0])
        self.hand2.put_start_and_end_on(c, tip)
        self.angle2 = theta
        return self


def omega_text(denominator: float) -> str:
    """A hand's speed ωᵢ = 1 / denominator as written beside its dial: "1" for the fastest, then
    "1/10", "1/100" for whole denominators and three significant digits otherwise ("1/3.16",
    "1/31.6"; from 1,000 up whole: "1/3162")."""
    den = float(denominator)
    if abs(den - 1.0) < 5e-4:
        return "1"
    if abs(den - round(den)) < 1e-6 * den or den >= 999.5:
        return f"1/{den:.0f}"
    return f"1/{den:.3g}"
