"""The marks prenorm_block's closing chart (scenes.prenorm.curve) draws on its lines as the cues name them: Pre-LN's
largest one-block step, Post-LN's mean factor a block, Post-LN's value at block 1, σ's label placed between Pre-LN's
two lines, and markers walking the lines while a cue is read. Every value from scenes.prenorm.curve_numbers."""
from __future__ import annotations

import math

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Arrow, DashedLine, Dot, Indicate, MoveAlongPath, VGroup

from scenes.prenorm.curve_numbers import curve_args, percent_text, value
from scenes.prenorm.steps import LABEL_TXT

def between_pre_lines(label, plot, c, pad: float = 0.06) -> bool:
    """Put label in the band between Pre-LN's solid line and its dashed line, right-aligned to the last depth, when every
    line drawn leaves that band free over the label's width (Post-LN's lines included); False (label not moved) if not."""
    right = plot.c2p(c.depths[-1], 0)[0]
    x_of = [plot.c2p(L, 0)[0] for L in c.depths]
    span = [i for i, x in enumerate(x_of) if right - label.width - 0.3 <= x <= right + 0.01]
    y = lambda L, v: plot.c2p(L, math.log10(v))[1]  # noqa: E731
    top = min(y(c.depths[i], c.pre[i]) for i in span)  # under Pre-LN's solid line ...
    low = [c.pre_skip, c.post, c.post_skip]  # ... over every other line
    bottom = max(y(c.depths[i], v[i]) for i in span for v in low if v is not None)
    if top - bottom < label.height + 2 * pad:
        return False
    label.move_to([right - label.width / 2, (top + bottom) / 2, 0])
    return True


def step_bar(scene, plot, pre, c) -> VGroup:
    """Pre-LN's largest one-block change, drawn as the cue states its percentage: a dashed guide from block i's point
    across to block i + 1, a bar down to its point, the values and the share under them (1.54 → 0.63: −59 %)."""
    color = pre.line.get_stroke_color()
    i = int(np.argmax(np.abs(np.diff(c.pre)) / c.pre[:-1]))
    a, b = float(c.pre[i]), float(c.pre[i + 1])
    x = plot.c2p(c.depths[i + 1], 0)[0]
    ya, yb = plot.c2p(0, math.log10(a))[1], plot.c2p(0, math.log10(b))[1]
    guide = DashedLine(pre.dots[i].get_center(), [x, ya, 0], dash_length=0.06).set_stroke(color, width=2.5)
    bar = Arrow([x, ya, 0], [x, yb, 0], buff=0, color=scene.pal.ink, stroke_width=3.5, tip_length=0.16,  # a small tip, no cap:
                max_tip_length_to_length_ratio=0.5, max_stroke_width_to_length_ratio=40)  # not read as a letter
    sign = "−" if b < a else "+"
    pct = percent_text(c.pre)
    label = scene.txt(f"{value(a)} → {value(b)}: {sign}{pct} %", size=LABEL_TXT, color=color)
    x0, x1 = pre.dots[i].get_x(), pre.dots[i].get_x() + label.width  # under the bar and under Pre-LN's dashed line (drawn later) over its width
    near = [j for j in range(len(c.depths)) if x0 - 0.6 <= plot.c2p(c.depths[j], 0)[0] <= x1 + 0.6] if c.pre_skip is not None else []
    floor = min(ya, yb, *(plot.c2p(0, math.log10(c.pre_skip[j]))[1] for j in near))
    label.next_to([x0, floor, 0], DOWN, buff=0.2).align_to(pre.dots[i], LEFT)
    g = VGroup(guide, bar, label)
    g.values = (a, b, pct)
    return g


def walk_lines(scene, lines, run_time: float) -> None:
    """A marker in each line's colour walks it as drawn (block N back to block 1) while a cue is read."""
    dots = [Dot(line.get_start(), radius=0.09, color=line.get_stroke_color()).set_z_index(5) for line in lines]
    scene.play(*(MoveAlongPath(d, line, rate_func=lambda t: t, remover=True) for d, line in zip(dots, lines)), run_time=run_time)


def decay_label(scene, plot, post, c, low):
    """Post-LN's mean factor a block (curve_args' qr) under its line, a few blocks right of its smallest value."""
    label = scene.txt(f"×{curve_args(scene.data)['qr']} / {scene.s('curve_x')}", size=LABEL_TXT, color=post.line.get_stroke_color())
    lo, k = int(np.argmin(c.post)), c.peak
    start = min(lo + 3, k)
    span = range(start, min(len(c.post), start + 6))
    floor = min(plot.c2p(0, math.log10(c.post[j]))[1] for j in span)
    label.next_to([plot.c2p(c.depths[start], 0)[0], floor, 0], DOWN, buff=0.14).align_to(post.dots[start], LEFT)
    return label.shift(RIGHT * max(0.0, low.get_right()[0] + 0.2 - label.get_left()[0]))  # clear of the smallest's label


def cue_up(scene, fragment) -> bool:
    """The caption's cue on screen holds `fragment` (spaces and line breaks ignored)."""
    return bool(scene.cues_log) and str(fragment).replace(" ", "") in scene.cues_log[-1]["text"].replace("\n", "").replace(" ", "")


def put_lit(scene, label, dot, color, share: int = 1) -> None:
    """A value label put beside its point, then both lit in the line's colour (over what is left of the cue, shared
    among `share` values, 1 to 2.5 s)."""
    if label not in scene.panel:
        scene.put(label, run_time=0.6)
    scene.play(Indicate(VGroup(dot, label), color=color, scale_factor=1.4),
               run_time=max(1.0, min(2.5, (scene.cue_left() - 0.3) / share)))


def put_values(scene, items) -> None:
    """Values put as the cues say them: items [(label, its point, colour, the number as the cue writes it)], in the
    caption's order. Each waits for the cue holding its number; the values one cue states all come as it comes up
    (one fade), then each is lit in turn over the cue's time."""
    i = 0
    while i < len(items):
        if not cue_up(scene, items[i][3]):
            scene.until_cue(str(items[i][3]))
        same = [items[i]] + [it for it in items[i + 1:] if cue_up(scene, it[3])]
        new = [lab for lab, *_ in same if lab not in scene.panel]
        if new:
            scene.put(*new, run_time=0.6)
        for lab, dot, color, _ in same:
            put_lit(scene, lab, dot, color, share=len(same))
        i += len(same)


def block1_label(scene, plot, c, post, low, text: str):
    """Post-LN's value at block 1 (the cue's "twenty-four leave it 0.00096") over its point, clear of the y axis, of the
    smallest value's label beside it and of Post-LN's dashed line (drawn later) over the label's width."""
    label = scene.txt(text, size=LABEL_TXT, color=post.line.get_stroke_color()).next_to(post.dots[0], UP, buff=0.14)
    label.align_to(post.dots[0], LEFT).shift(RIGHT * 0.05)
    floor = low.get_top()[1] + 0.06 if label.get_right()[0] > low.get_left()[0] else -np.inf
    if c.post_skip is not None:  # the dashed line under it, wherever the label spans
        near = [j for j in range(len(c.depths)) if plot.c2p(c.depths[j], 0)[0] <= label.get_right()[0] + 0.3]
        floor = max(floor, *(plot.c2p(0, math.log10(c.post_skip[j]))[1] + 0.1 for j in near))
    return label.shift(UP * max(0.0, floor - label.get_bottom()[1]))
