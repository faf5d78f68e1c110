"""Reading a caption over a picture that moves: while the cues are read, the objects they talk about
are pointed at one after another (a short Indicate), so no stretch of a section stands still for
more than a few seconds and the last frame is held only briefly (docs/design.md §5 "Readable";
studio.gates.teaching, rule "stillness").
"""
from __future__ import annotations

from manim import Indicate

EVERY = 4.0  # seconds between the starts of two emphases
RUN = 1.0  # seconds an emphasis takes
TAIL = 1.5  # the caption's last seconds are read over a still picture


def read_with(scene, *mobs, color=None, every: float = EVERY, tail: float = TAIL) -> None:
    """Wait until the caption on screen has been read, indicating `mobs` in turn every `every`
    seconds (in place: the objects are not rebuilt); the last `tail` seconds are still."""
    mobs = [m for m in mobs if m is not None]
    color = color or scene.pal.accent
    k = 0
    while mobs:
        left = scene.caption_left()
        if left <= tail:
            break
        pause = min(every - RUN, left - tail - RUN)
        if pause > 1e-6:
            scene.wait(pause)
        scene.play(Indicate(mobs[k % len(mobs)], color=color, scale_factor=1.06), run_time=RUN)
        k += 1
    scene.read_caption()
