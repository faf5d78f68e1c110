"""signal_decay's gain strip (seed 004 §4.2): at s = 1, this draw's per-layer gains (record.layer_gain) as
bars about a level at 1 on a log scale in the panel, the mean gain² and the typical (geometric-mean) gain
over the other draws of W (scenes.decay.typical), and a dot riding the typical gain's running product
gᵗ along the dashed median path on the plot. Mixed into scenes.decay.apparatus.DecayApparatus."""
from __future__ import annotations

import numpy as np
from manim import LEFT, Dot, Line, Rectangle, ValueTracker, VGroup

from look import fmt_num
from scenes.decay.axis import LABEL
from scenes.decay.typical import typical_gain

STRIP_X0, STRIP_X1 = 3.2, 6.3  # the panel's width (scenes.decay.apparatus.PANEL_X … the safe area)
BASE_Y = 1.4  # the strip's level: a gain of 1
DECADE = 3.2  # the strip's height of one decade of gain (log scale: the bars add up as the line does)
REACH = 0.5  # at most this far from the level (a draw with wilder gains gets a smaller decade)


class GainStrip:
    """Needs from the scene: data, L, pal, color, txt, tex, s, x_of, y_of (scenes.decay.apparatus)."""

    def gain_strip(self) -> VGroup:
        """VGroup(head, level, bars, mean gain², typical gain, typical gain to the L-th power), in the panel
        above the read-outs (which step down meanwhile): every value from the record."""
        d, pal, plain = self.data, self.pal, self.color["plain"]
        g = np.asarray(d.layer_gain, dtype=float)  # (L,)
        head = self.txt(self.s("gains_head"), size=LABEL, color=pal.muted).move_to([STRIP_X0, 2.1, 0], aligned_edge=LEFT)
        one = self.txt("1", size=LABEL, color=pal.muted).move_to([STRIP_X0, BASE_Y, 0], aligned_edge=LEFT)
        x0 = one.get_right()[0] + 0.12
        level = VGroup(one, Line([x0, BASE_Y, 0], [STRIP_X1, BASE_Y, 0], stroke_color=pal.muted, stroke_width=2))
        pitch = (STRIP_X1 - x0) / len(g)
        scale = min(DECADE, REACH / max(float(np.max(np.abs(np.log10(g)))), 1e-9))  # the tallest bar within reach
        bars = VGroup()
        for k, gain in enumerate(g):
            h = max(abs(float(np.log10(gain))) * scale, 0.01)
            bar = Rectangle(width=0.7 * pitch, height=h, stroke_width=0, fill_color=plain, fill_opacity=0.85)
            bars.add(bar.move_to([x0 + (k + 0.5) * pitch, BASE_Y + np.sign(np.log10(gain)) * h / 2, 0]))
        q, t = fmt_num(float(d.gain_sq_mean), 2), typical_gain(d)
        sq = self.txt(self.s("gain_sq", q=q), size=LABEL, color=pal.ink).move_to([STRIP_X0, 0.72, 0], aligned_edge=LEFT)
        geo = self.txt(self.s("gain_geo", g=fmt_num(t, 3)), size=LABEL, color=pal.ink)
        geo.move_to([STRIP_X0, 0.3, 0], aligned_edge=LEFT)
        power = self.tex(rf"{fmt_num(t, 3)}^{{\textstyle {self.L}}}={fmt_num(t ** self.L, 2)}", size=40, color=plain)
        power.move_to([STRIP_X0, -0.16, 0], aligned_edge=LEFT)  # its exponent as large as a label
        for mob in (head, sq, geo, power):  # within the panel
            if mob.get_right()[0] > STRIP_X1:
                mob.scale((STRIP_X1 - STRIP_X0) / mob.width, about_edge=LEFT)
        return VGroup(head, level, bars, sq, geo, power)

    def product_dot(self) -> tuple[Dot, ValueTracker]:
        """A dot at gᵗ (g the typical gain, t a tracker running 0 … L along the layers): the running product
        of the typical gain, on the plot's scale, riding down beside the dashed median path."""
        t, g = ValueTracker(0.0), typical_gain(self.data)
        dot = Dot(radius=0.09, color=self.pal.ink)
        dot.add_updater(lambda m: m.move_to([float(self.x_of(t.get_value())), float(self.y_of(g ** t.get_value())), 0.0]))
        return dot, t
