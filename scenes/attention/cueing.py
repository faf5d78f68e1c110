"""attention_heatmap: a change that lands as the cue stating it comes up (the teaching rule of seed 003's lecture: the
caption never states a value before the picture shows it). Used by the √d aside (scenes.attention.sqrt) and the
ending's residual sum (scenes.attention.mix).
"""
from __future__ import annotations

from manim import Indicate, config


def into_cue(scene, k: int, *anims, run_time: float = 0.8, point=None, color=None, shown: dict | None = None) -> None:
    """Cue k-1 (indices in scene.cues_log) read, `point` lit once halfway when that cue is long, `anims` played in its
    last `run_time` seconds, then cue k shown: what cue k states is on screen as it comes up. `shown` enters the frame
    record as `anims` start, not while cue k-1 is still read."""
    while len(scene.cues_log) - 1 < k - 1:
        scene.until_next_cue()
    frame = 1 / config.frame_rate  # the anims start a frame before cue k is due: play() shows a due cue first
    run_time = max(0.3, min(run_time, scene.cue_left() - frame))  # a short cue k-1 (zh): done by cue k
    left = scene.cue_left() - run_time - frame
    if left > 3.5 and point is not None:
        scene.wait(left / 2 - 0.5)
        scene.play(Indicate(point, color=color or scene.pal.accent, scale_factor=1.04), run_time=1.0)
        left = scene.cue_left() - run_time - frame
    if left > 1e-6:
        scene.wait(left)
    scene.shown.update(shown or {})
    scene.play(*anims, run_time=run_time)
    while len(scene.cues_log) - 1 < k:
        scene.until_next_cue()
