"""rope_rotation: the labels that move with the dials' hands (q, k, and the angle between them)."""
from __future__ import annotations

import numpy as np

from scenes.parts.geometry import unit

LABEL_GAP = 0.36  # q and k labels closer than this are spread apart around their circle (0.6 with two planes)


class DialLabels:
    """Mixed into PlanesStage: where the q, k and angle labels stand for the hands' directions."""

    def place_angle(self, plane, ak: float, delta: float) -> None:
        """The angle between k and q (degrees, the shorter way) at the middle of its arc, beyond the arc;
        when q and k stand close it moves out along their bisector, past the arc, so no hand crosses it."""
        lab, c = plane["angle"], plane["centre"]
        lab.set_value(float(np.degrees(abs(delta))))
        w, h = lab.width / 2, lab.height / 2
        mid = ak + delta / 2
        half = abs(delta) / 2
        # each hand's normal: the label's half extent along it, so its box stays clear of both hands
        reach = max(w * abs(np.sin(a)) + h * abs(np.cos(a)) for a in (mid + half, mid - half))
        r = max(0.32 * self.plane_r + 0.08 + np.hypot(w, h) * 0.8, (reach + 0.06) / max(np.sin(half), 1e-6))
        if half > np.pi / 2 - 1e-9:  # a wide angle: the hands point away from the label's side
            r = 0.32 * self.plane_r + 0.08 + np.hypot(w, h) * 0.8
        if r > self.plane_r - 0.1:  # too narrow a wedge to hold it inside the dial: on the far side
            mid += np.pi
            r = 0.18 * self.plane_r + np.hypot(w, h)
        lab.move_to(c + r * unit(mid))

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
