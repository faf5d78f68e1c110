"""backprop_small's ending (seed 004 "補充：前向傳播 × 反向傳播"): the loss after each of a few repeated
update steps (engine.smallnet.loss_curve), a small plot in the panel: step 0 is the loss the scene
started from, step 1 the loss after its one update; every step is named on its axis and the loss axis has a
scale of round values (0, 0.2, 0.4, 0.6); the last step's value is written under the axis.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, Line, VGroup, VMobject

from look import fmt_num
from scenes.backprop.net import PANEL_ROOM, PANEL_X

HEIGHT = 1.6  # the plot's height in scene units
SCALE_BUFF = 0.24  # the loss scale's gap to the axis


MAX_SCALE_DECIMALS = 3  # finer round marks (0.0005 …) are not written: the scale keeps its 0


def scale_step(hi: float) -> tuple[float, int]:
    """A round step for the loss scale (1, 2 or 5 times a power of ten) that gives two to four marks above 0 up to
    `hi`, and the decimals it is written with."""
    for e in range(int(np.floor(np.log10(hi))) - 1, int(np.floor(np.log10(hi))) + 2):
        for m in (1, 2, 5):
            if hi / (m * 10.0**e) <= 4:
                return m * 10.0**e, max(0, -e)
    return hi, 1


def loss_curve(scene, losses, top: float) -> SimpleNamespace:
    """The plot of `losses` (steps + 1,) under `top`: frame (title, axes, step ticks), line, marks (dots and
    the last step's value)."""
    pal = scene.pal
    title = scene.txt(scene.s("curve_title"), size=24, color=pal.ink)
    title.move_to([PANEL_X, top, 0], aligned_edge=UP + LEFT)
    x0, x1 = PANEL_X + 0.65, PANEL_X + PANEL_ROOM - 0.95  # room on the left for the loss scale
    y1 = title.get_bottom()[1] - 0.3
    y0 = y1 - HEIGHT
    hi = float(np.max(losses)) or 1.0
    n = len(losses) - 1
    pts = [np.array([x0 + (x1 - x0) * k / n, y0 + HEIGHT * float(v) / hi, 0.0]) for k, v in enumerate(losses)]
    axes = VGroup(Line([x0, y0, 0], [x1 + 0.2, y0, 0], stroke_color=pal.muted, stroke_width=2),
                  Line([x0, y0, 0], [x0, y1 + 0.1, 0], stroke_color=pal.muted, stroke_width=2))
    ticks = VGroup(*(scene.txt(str(k), size=24, color=pal.ink).next_to([p[0], y0, 0], DOWN, buff=0.1)
                     for k, p in enumerate(pts)))  # every step named: a loss can be read at each
    # the loss scale: 0 at the axis and round values every `step` up to the largest loss (0, 0.2, 0.4, 0.6), far
    # enough left of the axis that its 0 stays clear of the step axis's 0 under the origin
    step_v, dec = scale_step(hi)
    marks = [k * step_v for k in range(int(hi / step_v + 1e-9) + 1)]
    if dec > MAX_SCALE_DECIMALS:  # losses too small for round marks the reader could read: 0 only
        marks = [0.0]
    scale = VGroup(*(scene.txt(fmt_num(v, dec) if v else "0", size=24, color=pal.ink)
                     .next_to([x0, y0 + HEIGHT * v / hi, 0], LEFT, buff=SCALE_BUFF) for v in marks))
    scale.add(*(Line([x0 - 0.06, y0 + HEIGHT * v / hi, 0], [x0 + 0.06, y0 + HEIGHT * v / hi, 0],
                             stroke_color=pal.muted, stroke_width=2) for v in marks))
    step = scene.txt(scene.s("curve_step"), size=24, color=pal.ink).next_to([x1 + 0.2, y0, 0], RIGHT, buff=0.1)
    line = VMobject(stroke_color=pal.ok, stroke_width=4).set_points_as_corners(pts)
    dots = VGroup(*(Dot(p, radius=0.06, color=pal.ok) for p in pts))
    # the last step's loss under the step axis, clear of the curve whatever its shape
    last = scene.txt(scene.s("curve_last", n=n, v=fmt_num(losses[-1], 3)), size=24, color=pal.ok)
    last.next_to(ticks, DOWN, buff=0.15).set_x(PANEL_X + last.width / 2)
    labels = VGroup(last)
    return SimpleNamespace(frame=VGroup(title, axes, ticks, step, scale), line=line, marks=VGroup(*dots, *labels),
                           zeros=(scale[0], ticks[0]))



