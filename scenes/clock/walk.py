"""pe_clock's reading frame: while one cue is read, a frame travels from one of the things it names to the next (the
values it states, the matrices it names), so the picture moves with what is read rather than standing still under a
caption that changes (docs/design.md §5 "Readable"; studio.gates.teaching, rule "stillness"). Unlike
scenes.parts.emphasis.read_with, which washes an object in a colour (unseen on an object already in that colour),
the frame is seen on anything.

light_cue lights what a cue names instead, one thing after the other, in a colour it does not have (recoloured in
place and restored: nothing is rebuilt), for names inside a formula (a frame round a glyph reads as a box).

hand_over fades one text out before the next comes in where both stand.

Used by scenes.clock.use, scenes.clock.seatswap, scenes.clock.rotate, scenes.clock.lookback and scenes.pe_clock.
"""
from __future__ import annotations

from manim import Restore, SurroundingRectangle, smooth

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

STEP = 0.9  # seconds a move from one object to the next takes
DWELL = 0.9  # seconds the frame rests on each object
TAIL = 1.0  # the cue's last seconds: the frame has gone
HOLD = 1.6  # seconds at most a lit step stays lit before the next (light_cue)


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


def light_cue(scene, *steps, color=None, turn: float = 0.35, tail: float = TAIL, hold: float = HOLD) -> None:
    """Read the cue on screen while `steps` (disjoint groups, in the order the cue names them) light in `color` one
    after the other, each back to its own colours as the next lights, at most `hold` seconds each and round again
    while the cue is read (a lone step goes back to its colours for a beat and lights again): the picture changes every
    second or two, never a still while a long cue is read. All are back before the cue's last `tail` seconds. Then the
    next cue (the caption's last cue: read to its end)."""
    steps = [m for m in steps if m is not None]
    last = not scene._queue
    if steps and scene.cue_left() > tail + turn * 2:
        color = color or scene.pal.cool
        share = min(hold, (scene.cue_left() - tail - turn) / len(steps))
        for mob in steps:
            mob.save_state()
        prev, k = None, 0
        while scene.cue_left() > tail + turn * 2 + 1e-6:
            mob = steps[k % len(steps)]
            if mob is prev:  # one step only: back to its colours for a beat
                scene.play(Restore(prev), run_time=turn)
                prev = None
            else:
                scene.play(mob.animate.set_color(color), *([Restore(prev)] if prev is not None else []), run_time=turn)
                prev = mob
            k += 1
            scene.wait(max(0.0, min(share - turn, scene.cue_left() - tail - turn)))
        if prev is not None:
            scene.play(Restore(prev), run_time=turn)
    if last:
        scene.read_caption()
    else:
        scene.until_next_cue()


def _first_half(t: float) -> float:
    return smooth(min(1.0, 2.0 * t))


def _second_half(t: float) -> float:
    return smooth(max(0.0, 2.0 * t - 1.0))


def hand_over(old, new, shift=None, clear=None) -> list:
    """`old` fades out in the first half of the animation, `new` fades in over the second: two texts in one place are
    never drawn over each other (a cross-fade superimposes them for half its time). `clear`, new pieces that share no
    place with `old`, come in over the first half as it leaves: the screen is never blank between the two."""
    anims = [QuickFadeOut(old, rate_func=_first_half), QuickFadeIn(new, rate_func=_second_half, shift=shift)]
    if clear is not None:
        anims.append(QuickFadeIn(clear, rate_func=_first_half, shift=shift))
    return anims
