"""The ghost of ④'s seat-number bar (naive_position, seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): as ④ falls from p q d (1152) to PE(p)⋅PE(q) (4.000), a faint copy of its old bar stays on the fixed
log scale, labelled with its value, through the rest of the scene; the conclusion sets the two side by side.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import RIGHT, VGroup

from scenes.naive.bars import SMALL
from scenes.naive.pairdials import X0 as DIALS_X0

SAFE_RIGHT = 6.3  # the title-safe area's right edge, as the bars' own labels keep it


class SeatGhost:
    """Needs from the scene: bars, term_colors, txt, label_on, axis, kept_bars, x_of, data, shown."""

    def seat_ghost(self, t1: str) -> VGroup:
        """A faint copy of ④'s seat-number bar, labelled with its value, left on the fixed log scale as ④
        falls (and kept: what sin/cos took away stays in sight); its label comes in with the fall."""
        bar = self.bars[3].copy().set_fill(opacity=0.18).set_stroke(opacity=0.0)
        label = self.txt(t1, size=SMALL, color=self.term_colors[3]).set_opacity(0.75)
        label.move_to(self.ghost_home(label, bar))
        self.add(bar)
        self.bring_to_back(bar)
        self.label_on(label, self.axis[0], bar)
        self.ghost = VGroup(bar, label)
        self.kept_bars.append(self.ghost)
        self.shown["ghost_seat_term"] = float(self.data.swap_terms[3])
        return self.ghost

    @staticmethod
    def ghost_home(label, bar) -> np.ndarray:
        """Where the ghost's value stands: just right of its bar, or inside the bar's right end when the bar
        runs to the scale's end (the title-safe area's edge)."""
        x = bar.get_right()[0] + 0.1 + label.width / 2
        if x + label.width / 2 > SAFE_RIGHT:
            x = bar.get_right()[0] - 0.1 - label.width / 2
        return np.array([x, bar.get_y(), 0.0])

    def ghost_label_in(self) -> list:
        """The ghost's value moves onto the ghost, just right of the dashed line at d/2 (the most ④ can now
        be), left of where the dials and the gap plot come; nothing when it would not fit there."""
        lab, bar = self.ghost[1], self.ghost[0]
        bound = float(self.data.sincos_bound)
        room = min(DIALS_X0, bar.get_right()[0]) - 0.1
        x = self.x_of(bound) + 0.2
        past = self.x_of(10.0 ** np.ceil(np.log10(bound))) + 0.12  # clear of the next gridline when there is room
        if past + lab.width <= room:
            x = max(x, past)
        if x + lab.width > room:  # no room left of the dials: the value waits, hidden, for the conclusion
            return [lab.animate.set_opacity(0.0)]
        return [lab.animate.move_to([x + lab.width / 2, lab.get_y(), 0])]
