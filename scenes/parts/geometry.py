"""Small geometry shared by scenes: unit vectors and arcs reshaped in place."""
from __future__ import annotations

import numpy as np


def unit(a: float) -> np.ndarray:
    """The unit vector at angle `a` (radians), as a scene point (3,)."""
    return np.array([np.cos(a), np.sin(a), 0.0])


def arc_points(centre: np.ndarray, radius: float, start: float, angle: float, n: int = 9) -> np.ndarray:
    """The Bézier points of Manim's Arc(radius, start_angle=start, angle=angle, arc_center=centre),
    computed as Arc does, so an existing arc can be reshaped every frame without building a new one."""
    a = np.linspace(start, start + angle, n)  # (n,)
    anchors = np.column_stack([np.cos(a), np.sin(a), np.zeros(n)])  # (n, 3) on the unit circle
    tangents = np.column_stack([-anchors[:, 1], anchors[:, 0], np.zeros(n)])  # (n, 3) turned 90°
    factor = 4 / 3 * np.tan(angle / (n - 1.0) / 4)
    points = np.empty((4 * (n - 1), 3))  # (4·(n − 1), 3): anchor, handle, handle, anchor per curve
    points[0::4] = anchors[:-1]
    points[1::4] = anchors[:-1] + factor * tangents[:-1]
    points[2::4] = anchors[1:] - factor * tangents[1:]
    points[3::4] = anchors[1:]
    return points * radius + centre
