"""The BatchNorm column's own small panel in layernorm_steps (seed 004 §4.2, engine.norms.row_shift): one feature's
input in every row drawn as a real bar on an input axis, in row 1's place while the contrast runs, with the
column's box around them, its μ as a dashed line with a tick on the axis, and its band μ ± σ behind the bars.
Numbers are the engine's; the tip numbers are swapped, never counted through values no row has.
"""
from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, UP, DashedLine, Line, Rectangle, VGroup

from look import fmt_num
from scenes.layernorm.axis import step_decimals, tick_step

BAR_W = 0.8  # scene units: the width of an input bar
BAND_EDGE = 2.5  # stroke width of the band μ ± σ's edges


class InputPanel:
    """Feature k's inputs over the region (left, right, top, bottom): `frame` (axis, ticks, faint lines, the rows'
    names), `bars`, `nums` (their values, 3 decimals), `box` (the column), and per statistics `stats(mean, sigma)`
    its μ line, tick and band."""

    def __init__(self, scene, values, most: float, region: tuple, colour):
        pal, size = scene.pal, scene.label_size
        left, right, top, bottom = region
        self.scene, self.colour = scene, colour
        step = tick_step(most, 5)
        hi = float(np.ceil(most / step - 1e-9) * step)
        dec = step_decimals(step)
        names = VGroup(*(scene.txt(scene.s("row", r=r), size=size, color=pal.muted) for r in range(len(values))))
        self.y0 = bottom + names.height + 0.2
        head = scene.txt("μ", size=size).height + 0.12  # room over the box for the column's header
        self.unit = (top - head - 0.4 - self.y0) / hi  # and over the highest bar for its number
        ticks = [scene.txt(fmt_num(k * step, dec), size=size + 2, color=pal.muted) for k in range(int(round(hi / step)) + 1)]
        self.x_axis = left + max(t.width for t in ticks) + 0.16
        inner = (self.x_axis + 0.3, right - 0.55)  # room right of the bars for the name μ
        self.xs = [inner[0] + (inner[1] - inner[0]) * (r + 0.5) / len(values) for r in range(len(values))]
        self.frame = VGroup(Line([self.x_axis, self.y0, 0], [self.x_axis, self.level(hi) + 0.05, 0], color=pal.muted,
                                 stroke_width=2),
                            Line([self.x_axis, self.y0, 0], [inner[1], self.y0, 0], color=pal.muted, stroke_width=2))
        for k, t in enumerate(ticks):
            y = self.level(k * step)
            t.next_to([self.x_axis - 0.1, y, 0], LEFT, buff=0.06)
            self.frame.add(t, Line([self.x_axis - 0.1, y, 0], [self.x_axis, y, 0], color=pal.muted, stroke_width=2))
            if k:
                self.frame.add(Line([self.x_axis, y, 0], [inner[1], y, 0], color=pal.muted, stroke_width=1,
                                    stroke_opacity=0.45))
        for x, name in zip(self.xs, names):
            name.move_to([x, bottom + name.height / 2, 0])
        self.frame.add(names)
        self.bars = VGroup(*(self.bar(x, v) for x, v in zip(self.xs, values)))
        self.nums = VGroup(*(self.num(r, v) for r, v in enumerate(values)))
        pad = 0.22
        self.box = Rectangle(width=self.xs[-1] - self.xs[0] + BAR_W + 2 * pad, height=self.level(hi) + 0.4 - self.y0 + 0.1,
                             stroke_color=colour, stroke_width=3, fill_opacity=0.0)
        self.box.move_to([(self.xs[0] + self.xs[-1]) / 2, (self.level(hi) + 0.4 + self.y0 - 0.1) / 2, 0])
        self.inner = inner

    def level(self, v: float) -> float:
        return self.y0 + self.unit * v

    def bar(self, x: float, v: float) -> Rectangle:
        pal = self.scene.pal
        h = max(abs(v) * self.unit, 0.02)
        return Rectangle(width=BAR_W, height=h, stroke_width=0, fill_color=pal.cool,
                         fill_opacity=1.0).move_to([x, self.y0 + np.sign(v) * h / 2, 0]).set_z_index(1)  # over the band

    def num(self, r: int, v: float):
        t = self.scene.txt(fmt_num(float(v), 3), size=self.scene.label_size, color=self.scene.pal.ink)
        return t.next_to([self.xs[r], self.level(max(v, 0.0)), 0], UP, buff=0.08).set_z_index(1)

    def stats(self, mean: float, sigma: float) -> VGroup:
        """(band, line, tick, name): the band μ ± σ across the column's box, the dashed μ from the axis across it,
        a tick on the axis at μ and the name μ right of the line."""
        c, box = self.colour, self.box
        x0, x1 = box.get_left()[0], box.get_right()[0]
        # its edges drawn in the column's colour: the band stands out on either paper (its fill alone is faint)
        band = Rectangle(width=x1 - x0, height=max(2 * sigma * self.unit, 0.02), stroke_color=c, stroke_width=BAND_EDGE,
                         fill_color=c, fill_opacity=0.2).move_to([(x0 + x1) / 2, self.level(mean), 0])
        y = self.level(mean)
        line = DashedLine([self.x_axis, y, 0], [x1 + 0.05, y, 0], color=c, stroke_width=3)
        tick = Line([self.x_axis - 0.14, y, 0], [self.x_axis + 0.14, y, 0], color=c, stroke_width=6)
        name = self.scene.txt("μ", size=self.scene.label_size, color=c).next_to([x1 + 0.05, y, 0], RIGHT, buff=0.08)
        return VGroup(band, line, tick, name)

    def header(self, mob):
        """`mob` centred over the panel's plot, above its highest bar's number."""
        return mob.move_to([(self.x_axis + self.inner[1]) / 2, self.box.get_top()[1] + 0.12 + mob.height / 2, 0])

