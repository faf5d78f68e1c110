"""The value axis of layernorm_steps and its two views (seed 004 §4.2, the scene's steps 1–3).

Steps 1 and 2 (the mean, the spread, the centring) are drawn zoomed to their data, whose values lie
within about ±0.5: the mean line, the band μ ± σ and the squares are large. Step 3 first zooms back,
as one motion, to the fixed view that holds every value the scene shows (ending on a tick), so that
dividing by σ is then seen on that grid as the band stretching to ±1. A `View` is a range of values
mapped onto the same height; an `Axis` is one view's ticks, values and faint lines, moved to any
scale (`place`) and faded out where it leaves the plot.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from manim import LEFT, Line, VGroup

from look import fmt_num
from scenes.layernorm.columns import value_decimals


def tick_step(span: float, most: int = 6) -> float:
    """The axis's step: …, 0.1, 0.2, 0.5, 1, 2, 5, 10, … whichever first gives at most `most` intervals
    over `span`."""
    base = 10.0 ** (np.floor(np.log10(span)) - 1) if span > 0 else 1.0
    while True:
        for m in (1, 2, 5):
            if span / (m * base) <= most + 1e-9:
                return float(m * base)
        base *= 10


def step_decimals(step: float) -> int:
    """Decimals a tick value needs at `step`: 0 for whole steps, 1 for 0.1, 0.2, 0.5, …"""
    return max(0, int(-np.floor(np.log10(step) + 1e-9)))


@dataclass(frozen=True)
class View:
    """The values lo…hi (multiples of `step`) over the plot's height; `y0`, `unit` place the value 0 and
    scale one unit; `room` is kept above and below the bars for their numbers."""

    lo: float
    hi: float
    step: float
    room: float
    y0: float
    unit: float


def around(values_lo: float, values_hi: float, most: int = 6) -> tuple:
    """(lo, hi, step): the range from the lowest to the highest value shown (and 0), widened to ticks (at most
    `most` intervals)."""
    lo, hi = min(0.0, values_lo), max(0.0, values_hi)
    step = tick_step(hi - lo, most)
    return step * np.floor(lo / step + 1e-9), step * np.ceil(hi / step - 1e-9), step


def fit(cols, states, lo: float, hi: float, step: float, top_of, bottom_of, room: float) -> View:
    """The view lo…hi between top_of(room) and bottom_of(room), with room enough for the numbers at the bars'
    tips in every state of `states` (one list of States per step, one State per column): measured, then
    laid out again with that room (at most 3 times)."""
    for _ in range(4):
        top, bottom = top_of(room), bottom_of(room)
        unit = (top - bottom) / (hi - lo)
        y0 = top - hi * unit
        for c in cols:
            c.set_scale(y0, unit)
        over = 0.0
        for states_ in states:
            dec = value_decimals(*(s.values for s in states_))
            for c, state in zip(cols, states_):
                c.use_decimals(state.values, dec)
                c.set_state(state)
                for label in c.labels:
                    over = max(over, label.box.get_top()[1] - (top + room), bottom - room - label.box.get_bottom()[1])
        if over <= 1e-6:
            break
        room += over + 0.02
    return View(lo, hi, step, room, y0, unit)


class Axis:
    """One view's ticks and values left of the first column and its faint lines across every column (the
    zero line is drawn by the scene). `ticks` and `grid` are what the scene draws."""

    def __init__(self, scene, cols, view: View, size: float):
        pal, self.cols = scene.pal, cols
        self.items = []  # (value, label, tick, [faint lines])
        self.ticks, self.grid = VGroup(), VGroup()
        labels, marks = VGroup(), VGroup()
        dec = step_decimals(view.step)
        for k in range(int(round(view.lo / view.step)), int(round(view.hi / view.step)) + 1):
            v = k * view.step
            x0 = cols[0].bars.x_left - 0.14
            tick = Line([x0, 0, 0], [cols[0].bars.x_left - 0.02, 0, 0], color=pal.muted, stroke_width=2)
            label = scene.txt(fmt_num(v, dec), size=size, color=pal.muted)
            label.next_to([x0, 0, 0], LEFT, buff=0.06)
            lines = [] if k == 0 else [Line([c.bars.x_left, 0, 0], [c.bars.x_left + c.bars.span, 0, 0], color=pal.muted,
                                            stroke_width=1, stroke_opacity=0.45) for c in cols]
            labels.add(label)
            marks.add(tick)
            self.grid.add(*lines)
            self.items.append((v, label, tick, lines))
        self.ticks.add(labels, marks)
        self.place(view.y0, view.unit)

    def place(self, y0: float, unit: float, fade: float = 1.0, clip: tuple | None = None) -> None:
        """Every tick at its value on the scale (y0, unit), at opacity `fade`; hidden outside `clip` (lo, hi)."""
        for v, label, tick, lines in self.items:
            y = y0 + unit * v
            dy = y - tick.get_center()[1]
            for m in (label, tick, *lines):
                m.shift([0, dy, 0])
            seen = fade if clip is None or clip[0] - 1e-6 <= y <= clip[1] + 1e-6 else 0.0
            label.set_fill(opacity=seen)
            tick.set_stroke(opacity=seen)
            for line in lines:
                line.set_stroke(opacity=0.45 * seen)


class Zoom:
    """The scale between two views at a point a ∈ [0, 1] of a move: the values' range and the plot's height
    interpolated. `clip`: (bottom, top) of the two plots together."""

    def __init__(self, old: View, new: View):
        self.old, self.new = old, new
        self.ends = [(v.y0 + v.unit * v.lo, v.y0 + v.unit * v.hi) for v in (old, new)]  # (bottom, top) of each
        self.clip = (min(e[0] for e in self.ends), max(e[1] for e in self.ends))

    def at(self, a: float) -> tuple:
        """(y0, unit) a of the way from the old view to the new one."""
        old, new, ends = self.old, self.new, self.ends
        lo, hi = old.lo + a * (new.lo - old.lo), old.hi + a * (new.hi - old.hi)
        bottom, top = (ends[0][k] + a * (ends[1][k] - ends[0][k]) for k in (0, 1))
        unit = (top - bottom) / (hi - lo)
        return top - hi * unit, unit


def rescaler(scene, view: str) -> tuple:
    """(rescale(a), what it moves): the scale of `scene` (layernorm_steps) going from the view on screen to
    `view`, the values' range and the plot's height interpolated; the old ticks fade out, the new ones in, none
    outside the plot."""
    old, new, axis_old, axis_new = scene.views[scene.view], scene.views[view], scene.axes[scene.view], scene.axes[view]
    zoom = Zoom(old, new)
    clip = zoom.clip
    axis_new.place(old.y0, old.unit, 0.0, clip)
    scene.add(axis_new.grid, axis_new.ticks)
    scene.bring_to_back(axis_new.grid)
    scene.bring_to_back(*(c.band for c in scene.cols))

    def rescale(a: float) -> None:
        y0, unit = zoom.at(a)
        for c, line in zip(scene.cols, scene.zero):
            c.set_scale(y0, unit)
            line.shift([0, y0 - line.get_center()[1], 0])
        axis_old.place(y0, unit, max(0.0, 1.0 - 3 * a), clip)  # the old ticks hand over to the new ones
        axis_new.place(y0, unit, min(1.0, 3 * a), clip)  # early in the move, before they bunch: never without an axis

    return rescale, [scene.zero, axis_old.ticks, axis_old.grid, axis_new.ticks, axis_new.grid]
