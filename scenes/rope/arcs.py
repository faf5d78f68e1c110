"""rope_rotation: how speeds are written, stepping through whole positions, and numbers written on the arcs they measure.

Positions are integers, so the dials turn one whole position at a time (whole_steps). A number that
measures an arc (a gap in degrees, a lap in positions) is written at the arc, at the first spot near its
middle that stays inside the safe area and clear of the labels, numbers and hands around it (arc_label)."""
from __future__ import annotations

import numpy as np
from manim import smooth

from scenes.parts.geometry import unit
from look import fmt_num
from look.formats import fmt_sig

SAFE = (-6.35, 6.35, -2.35, 3.1)  # x, x, y, y: labels stay clear of the caption and inside the frame


def angle_text(deg: float) -> str:
    """A speed in degrees: 2 decimals (the lesson's 57.30°, 5.73°), 3 significant digits when small."""
    return fmt_num(deg, 2) if deg >= 0.1 else fmt_sig(deg, 3)


def radian_text(rad: float) -> str:
    """A speed in radians: the lesson's 1 and 0.1 as they are, else 3 significant digits."""
    return f"{rad:.3g}" if rad >= 1e-2 else fmt_sig(rad, 3)


def whole_steps(count: float, move: float = 0.55):
    """A rate function that goes through `count` whole positions one at a time: each step turns in the first
    `move` of its share of the time and rests on the whole position for the rest."""
    n = max(1, int(round(abs(count))))

    def rate(t: float) -> float:
        k = min(int(t * n), n - 1)
        return (k + smooth(min(1.0, (t * n - k) / move))) / n
    return rate


def passed(readout, v: float) -> int:
    """The whole position a readout shows for position `v`: `v` itself at a whole position, else the last whole
    position the moving value has passed (kept on the readout), so a number ticks as each position is reached and
    never shows a fraction or rounds ahead of the dial."""
    last = getattr(readout, "passed_at", None)
    if last is None or abs(v - round(v)) < 1e-6:
        last = int(round(v))
    elif v >= last + 1:
        last = int(np.floor(v))
    elif v <= last - 1:
        last = int(np.ceil(v))
    readout.passed_at = last
    return last


def step_goals(cues: int, top: int) -> list[int]:
    """Where the planes stand after each of `cues` cues (the last one keeps the way back): whole positions
    from 1 up to `top`, spread evenly (3 cues, top 3: 2, 3; 4 cues: 1, 2, 3)."""
    turning = max(1, cues - 1)
    return [min(top, max(k, round(top * k / turning))) for k in range(1, turning + 1)]


def _box(mob, pad: float = 0.0):
    return (mob.get_left()[0] - pad, mob.get_right()[0] + pad, mob.get_bottom()[1] - pad, mob.get_top()[1] + pad)


def _overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


NEAR = (0.0, 0.18, -0.18, 0.36, -0.36, 0.55, -0.55, 0.8, -0.8)
ROUND = tuple(sorted(np.linspace(-np.pi, np.pi, 25)[:-1], key=abs))  # anywhere on a whole circle, nearest first


def arc_label(label, centre, angle: float, radii, avoid=(), segments=(), turns=NEAR):
    """Move `label` near the point at `angle` (rad) from `centre`: the first of `radii`, then angles either side
    (`turns`), where it is inside SAFE, overlaps none of `avoid` and crosses no segment (start, end)."""
    avoid = [mob for mob in avoid if mob is not None]  # a label not placed is not in the way
    for turn in turns:
        for r in radii:
            label.move_to(np.asarray(centre) + r * unit(angle + turn))
            box = _box(label, 0.04)
            if box[0] < SAFE[0] or box[1] > SAFE[1] or box[2] < SAFE[2] or box[3] > SAFE[3]:
                continue
            if any(_overlap(box, _box(mob)) for mob in avoid):
                continue
            if any(box[0] < x < box[1] and box[2] < y < box[3]
                   for a, b in segments for x, y, _ in np.linspace(a, b, 8)):
                continue
            return label
    return None  # nowhere clear: the cue alone says it
