"""attention_heatmap's arrows on the vector planes (seed 003, the Wx direction view): an arrow that keeps a
readable tip however short, its dashed twin, a name just past its tip, and whether two boxes overlap."""
from __future__ import annotations

import numpy as np
from manim import RIGHT, Arrow, DashedVMobject, Line, VGroup


def box_overlap(p, q) -> bool:
    """Whether two boxes (left, bottom, right, top) overlap."""
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def arrow(a, b, color, width=6, tip=0.2):
    """An arrow from a to b (a plain line when it is too short to carry a tip)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if np.linalg.norm(b - a) < 0.12:
        return Line(a, b + 1e-4 * RIGHT, stroke_color=color, stroke_width=width)
    tip = max(tip, min(0.5, 0.18 / np.linalg.norm(b - a)))  # a short arrow keeps a tip that reads
    return Arrow(a, b, buff=0, stroke_width=width, color=color, max_tip_length_to_length_ratio=tip,
                 max_stroke_width_to_length_ratio=40)


def place_past(name, origin, tip, buff: float = 0.15):
    """Put a label just past an arrow's tip, along the arrow (clear of its head)."""
    u = np.asarray(tip, float) - np.asarray(origin, float)
    u = u / max(np.linalg.norm(u), 1e-9)
    reach = buff + 0.5 * (name.width * abs(u[0]) + name.height * abs(u[1]))
    name.move_to(np.asarray(tip, float) + reach * u)


def dashed(drawn):
    """The same arrow with a dashed shaft (a key beside its word's solid query)."""
    if not isinstance(drawn, Arrow):
        return DashedVMobject(drawn, num_dashes=4)
    tips = drawn.pop_tips()
    return VGroup(DashedVMobject(drawn, num_dashes=max(3, int(drawn.get_length() / 0.18))), tips)


def to_box(box, point) -> float:
    """The distance from a point to a box (left, bottom, right, top): 0 inside it."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return float(np.hypot(dx, dy))


def nearer_other(box, own_tip, tips) -> bool:
    """Whether a name's box lies nearer another arrow's tip than its own arrow's: it would read as that arrow's name
    (an arrow sharing the tip, as o's moved copy and the sum do, is not another)."""
    mine = to_box(box, own_tip)
    return any(to_box(box, t) < mine - 1e-3 for t in tips if np.linalg.norm(np.asarray(t)[:2] - np.asarray(own_tip)[:2]) > 0.05)
