"""pe_clock's reading frame: while one cue is read, a frame travels from one of the things it names to the next (the
values it states, the matrices it names), so the picture moves with what is read rather than standing still under a
caption that changes (docs/design.md §5 "Readable"; studio.gates.teaching, rule "stillness"). Unlike
scenes.parts.emphasis.read_with, which washes an object in a colour (unseen on an object already in that colour),
the frame is seen on anything.

Used by scenes.clock.use and scenes.clock.why.
"""
from __future__ import annotations

from manim import SurroundingRectangle

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

STEP = 0.9  # seconds a move from one object to the next takes
DWELL = 0.9  # seconds the frame rests on each object
TAIL = 1.0  # the cue's last seconds: the frame has gone


def walk_cue(scene, *mobs, color=None, step: float = STEP, dwell: float = DWELL, tail: float = TAIL) -> None:
    """Read the cue on screen while a frame walks over `mobs` in turn (back to the first after the last), then show
    the next cue (the caption's last cue: read it to its end)."""
    mobs = [m for m in mobs if m is not None]
    last = not scene._queue
    if mobs and scene.cue_left() > tail + 0.6 + dwell:
        color = color or scene.pal.accent
        frame = SurroundingRectangle(mobs[0], color=color, buff=0.08, stroke_width=4)
        scene.play(QuickFadeIn(frame), run_time=0.3)
        k = 0
        while True:
            scene.wait(max(0.0, min(dwell, scene.cue_left() - tail - 0.3)))
            if len(mobs) < 2 or scene.cue_left() <= tail + 0.3 + step:
                break
            k += 1
            # the frame fades from one object to the next rather than sliding: a sliding edge swept through what
            # lies between them (the ≠ between two scores)
            nxt = SurroundingRectangle(mobs[k % len(mobs)], color=color, buff=0.08, stroke_width=4)
            scene.play(QuickFadeOut(frame), QuickFadeIn(nxt), run_time=step)
            scene.remove(frame)
            frame = nxt
        scene.play(QuickFadeOut(frame), run_time=0.3)
        scene.remove(frame)
    if last:
        scene.read_caption()
    else:
        scene.until_next_cue()
