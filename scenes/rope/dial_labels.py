"""rope_rotation: the labels that move with the dials' hands (q, k, and the angle between them)."""
from __future__ import annotations

import numpy as np
from manim import Polygon

from scenes.parts.geometry import unit

LABEL_GAP = 0.36  # q and k labels closer than this are spread apart around their circle (0.6 with two planes)


class DialLabels:
    """Mixed into PlanesStage: where the q, k and angle labels stand for the hands' directions."""

    def arc_tip(self, color) -> Polygon:
        """A small arrowhead for the end of the angle's arc: the arc runs from k to q."""
        return Polygon(*[np.zeros(3)] * 3, stroke_width=0, fill_color=color, fill_opacity=1.0)

    def place_angle(self, plane, ak: float, delta: float) -> None:
        """The signed angle from k to q (degrees, in (−180°, 180°]) on its arc's bisector, just beyond the arc;
        when q and k stand so close that the hands would cross it, it moves out along the bisector past the
        hands' reach. The arrowhead at the arc's end points the way the angle is counted."""
        lab, c = plane["angle"], plane["centre"]
        lab.set_value(float(np.degrees(delta)))
        ra = 0.32 * self.plane_r
        w, h = lab.width / 2, lab.height / 2
        mid = ak + delta / 2
        half = abs(delta) / 2
        radial = w * abs(np.cos(mid)) + h * abs(np.sin(mid))  # the label's half extent along the bisector
        r = ra + radial + 0.08  # next to the arc, outside it
        # each hand's normal: the label's half extent along it, so its box stays clear of both hands
        reach = max(w * abs(np.sin(a)) + h * abs(np.cos(a)) for a in (mid + half, mid - half))
        if half < np.pi / 2 - 1e-9:
            r = max(r, (reach + 0.06) / max(np.sin(half), 1e-6))
        if r > self.plane_r - 0.1:  # too narrow a wedge to hold it inside the dial: just inside the arc's centre
            mid += np.pi
            r = 0.12 * self.plane_r + radial
        lab.move_to(c + r * unit(mid))
        end = ak + delta  # the arrowhead at q's end of the arc, pointing along it
        size = min(0.16, 0.6 * ra * abs(delta)) if abs(delta) > 1e-3 else 0.0
        sign = 1.0 if delta >= 0 else -1.0
        tip = c + ra * unit(end)
        along = sign * unit(end + np.pi / 2)
        out = unit(end)
        plane["arc_tip"].set_points_as_corners([tip, tip - size * along + 0.5 * size * out,
                                                tip - size * along - 0.5 * size * out, tip])

    def place_labels(self, plane, aq: float, ak: float, rq: float, rk: float) -> None:
        """q and k just beyond their tips; when the tips are close the labels move apart around the
        circle (q on its side of k), so they never overlap."""
        c = plane["centre"]
        off, gap = getattr(self, "label_off", 0.2), getattr(self, "label_gap", LABEL_GAP)
        r = max(rq, rk) + off
        spread = (aq - ak + np.pi) % (2 * np.pi) - np.pi  # signed angle from k to q
        pq, pk = c + (rq + off) * unit(aq), c + (rk + off) * unit(ak)
        if np.linalg.norm(pq - pk) < gap:
            half = gap / r / 2 + 0.05
            mid = ak + spread / 2
            side = 1.0 if spread >= 0 else -1.0
            pq, pk = c + r * unit(mid + side * half), c + r * unit(mid - side * half)
        plane["q_lab"].move_to(pq)
        plane["k_lab"].move_to(pk)
