"""attention_heatmap: a change that lands as the cue stating it comes up (the teaching rule of seed 003's lecture: the
caption never states a value before the picture shows it). Used by the √d aside (scenes.attention.sqrt) and the
ending's residual sum (scenes.attention.mix).
"""
from __future__ import annotations

from manim import Indicate, SurroundingRectangle, config

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


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


def fade_walk(scene, *mobs, step: float = 0.7, tail: float = 1.0) -> None:
    """While the caption on screen is read, a frame goes from one of `mobs` to the next in turn: it fades off one
    row and onto the next (never sliding across a row, where a moving frame's edge reads as a strike-through); the
    frame leaves before the last `tail` seconds, then the caption is read to its end."""
    mobs = [m for m in mobs if m is not None]
    if not mobs or scene.caption_left() <= tail + 0.6:
        scene.read_caption()
        return
    frames = [SurroundingRectangle(m, color=scene.pal.accent, buff=0.06, stroke_width=4) for m in mobs]
    k = 0
    scene.play(QuickFadeIn(frames[0]), run_time=0.3)
    while scene.caption_left() > tail + 0.3 + step:
        old, k = frames[k % len(frames)], k + 1
        scene.play(QuickFadeOut(old), run_time=0.25 * step)
        scene.remove(old)
        scene.play(QuickFadeIn(frames[k % len(frames)]), run_time=0.25 * step)
        scene.wait(0.5 * step)
    scene.play(QuickFadeOut(frames[k % len(frames)]), run_time=0.3)
    scene.remove(frames[k % len(frames)])
    scene.read_caption()
