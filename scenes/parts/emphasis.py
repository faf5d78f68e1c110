"""Reading a caption over a picture that moves: while the cues are read, the objects they talk about
are pointed at one after another (a short Indicate), so no stretch of a section stands still for
more than a few seconds and the last frame is held only briefly (docs/design.md §5 "Readable";
studio.gates.teaching, rule "stillness").
"""
from __future__ import annotations

from manim import Circumscribe, Indicate, SurroundingRectangle

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

EVERY = 4.0  # seconds between the starts of two emphases
RUN = 1.0  # seconds an emphasis takes
TAIL = 1.5  # the caption's last seconds are read over a still picture


def read_with(scene, *mobs, color=None, every: float = EVERY, tail: float = TAIL, cue: bool = False,
              grow: float = 1.06, outline: bool = False, whole: bool = False) -> None:
    """Wait until the caption on screen has been read, indicating `mobs` in turn every `every`
    seconds (in place: the objects are not rebuilt); the last `tail` seconds are still. `color`: the
    highlight, or a function of the object giving it (to keep a colour that carries a meaning). With
    `cue`, only the cue on screen is read and the next one is shown (what follows starts with it).
    `grow`: how much an emphasis scales its object (1.0: colour only, for a group whose members must
    stay where they are, such as the numbers in a table's cells). `outline`: a frame is drawn round each object
    and fades, instead of the colour wash (a heat map, a dial: a wash would hide what it points at); with `whole`, the
    frame fades in whole rather than being drawn round (drawn, it starts as a lone dash at a corner, which reads as a
    stray mark where the object's corner is blank, as at the end of a short text line)."""
    mobs = [m for m in mobs if m is not None]
    left_of = scene.cue_left if cue else scene.caption_left
    color = color or scene.pal.accent
    tint = color if callable(color) else (lambda _m: color)  # a function: each object's own highlight
    k = 0
    while mobs:
        left = left_of()
        if left <= tail:
            break
        pause = min(every - RUN, left - tail - RUN)
        if pause > 1e-6:
            scene.wait(pause)
        mob = mobs[k % len(mobs)]
        if outline:
            scene.play(Circumscribe(mob, color=tint(mob), buff=0.06, fade_in=whole, fade_out=True), run_time=RUN)
        else:
            scene.play(Indicate(mob, color=tint(mob), scale_factor=grow), run_time=RUN)
        k += 1
    if cue:
        scene.until_next_cue()
    else:
        scene.read_caption()


def walk_with(scene, *mobs, color=None, step: float = 1.2, tail: float = TAIL, dwell: float = 0.0) -> None:
    """Wait until the caption on screen has been read while a frame walks from one of `mobs` to the next
    (in turn, without stopping: each move takes `step` seconds), so the eye follows what the caption
    counts over; the frame leaves before the last `tail` seconds. With `dwell`, the frame rests that long on
    each object (framing it exactly) before it moves on."""
    mobs = [m for m in mobs if m is not None]
    if not mobs or scene.caption_left() <= tail + 0.6:
        scene.read_caption()
        return
    color = color or scene.pal.accent
    frame = SurroundingRectangle(mobs[0], color=color, buff=0.06, stroke_width=4)
    scene.play(QuickFadeIn(frame), run_time=0.3)
    k = 0
    while True:
        if dwell > 0:
            scene.wait(max(0.0, min(dwell, scene.caption_left() - tail - 0.3)))
        if scene.caption_left() <= tail + 0.3 + step:
            break
        k += 1
        target = SurroundingRectangle(mobs[k % len(mobs)], color=color, buff=0.06, stroke_width=4)
        scene.play(frame.animate.become(target), run_time=step)
    scene.play(QuickFadeOut(frame), run_time=0.3)
    scene.remove(frame)
    scene.read_caption()


def beat_with(scene, *makers, every: float = EVERY, tail: float = TAIL) -> None:
    """While the cue on screen is read, play one of `makers` (each a function giving a fresh animation, so an
    object can be moved, scaled or framed in its own colours rather than washed over) every `every` seconds,
    in turn; the last `tail` seconds are still; then the next cue is shown."""
    last = not scene._queue  # the caption's last cue: read to its end
    k = 0
    while makers and scene.cue_left() > tail + RUN:
        pause = min(every - RUN, scene.cue_left() - tail - RUN)
        if pause > 1e-6:
            scene.wait(pause)
        scene.play(makers[k % len(makers)](), run_time=RUN)
        k += 1
    if last:
        scene.read_caption()
    else:
        scene.until_next_cue()
