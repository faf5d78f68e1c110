"""After step 3 of layernorm_steps: the band μ ± σ is at about ±1, but that is the spread, not a bound. The value
furthest from 0 (past 1 whenever a row has one) is framed as its cue names it, so no one leaves believing that
LayerNorm puts every value within ±1."""
from __future__ import annotations

import numpy as np
from manim import Rectangle

from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


def furthest(d) -> tuple:
    """(row, feature, value) of the normalised value (before γ and β) furthest from 0."""
    r, k = np.unravel_index(int(np.argmax(np.abs(d.scaled_class))), d.scaled_class.shape)
    return int(r), int(k), float(d.scaled_class[r, k])


def past_one(scene) -> None:
    """The cue that the band is not a limit, with the value past ±1 framed on its bar (nothing when none is)."""
    r, k, v = furthest(scene.data)
    if abs(v) <= 1.0 or "cap_past" not in scene.cap:
        return
    label = scene.cols[r].labels[k]
    lo, hi = label.text_edges()  # round the digits shown (the number's box is as wide as its widest value)
    box = label.box
    frame = Rectangle(width=hi - lo + 0.16, height=box.height + 0.1, color=scene.pal.bad, stroke_width=4)
    frame.move_to([(lo + hi) / 2, box.get_center()[1], 0])
    scene.label_on(label, frame)
    scene.caption(scene.cap["cap_past"], with_=[QuickFadeIn(frame)], run_time=0.5, shown={"past_one": v})
    read_with(scene, label, scene.cols[r].bars.bars[k], color=scene.pal.bad, every=2.5)
    scene.play(QuickFadeOut(frame), run_time=0.3)
    scene.remove(frame)
    scene.shown.pop("past_one", None)
