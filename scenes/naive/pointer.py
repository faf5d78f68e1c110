"""A box that walks over what a caption is talking about (naive_position): while a cue is read, a
rectangle moves from one object to the next, so the picture keeps moving in a way that says where to
look, instead of standing still behind a long caption (docs/design.md §5 "Motion carries the
argument"). The box is built once per target (one play each), never per frame.
"""
from __future__ import annotations

from manim import Create, FadeOut, Indicate, Rectangle, SurroundingRectangle, Transform, VGroup

from scenes.parts.glyphs import GlyphNumber

MOVE = 0.8  # seconds the box takes from one object to the next
TAIL = 1.2  # the caption's last seconds are read with the box still
JUMP = 1.0  # a target further up or down than this: the box fades out and in there instead of crossing rows
HOLD = 4.0  # on the last target, a caption with more than this left: the target is lit again (never 6 s still)


class Pointer:
    """Needs from the scene: emph, play, wait, caption_left, read_caption, label_on."""

    def _box(self, mob):
        if isinstance(mob, VGroup) and len(mob.submobjects) == 1 and isinstance(mob[0], GlyphNumber):
            # a number alone: round the digits it shows, not the free slots kept for longer ones (they may reach a
            # neighbour's words)
            g = mob[0]
            x0, x1 = g.text_edges()
            return Rectangle(width=x1 - x0 + 0.14, height=g.height + 0.14, color=self.emph,
                             stroke_width=3).move_to([(x0 + x1) / 2, g.get_y(), 0])
        return SurroundingRectangle(mob, color=self.emph, buff=0.07, stroke_width=3)

    def walk(self, *targets, every: float = 2.6, until_read: bool = True):
        """Point at `targets` in turn, one every `every` seconds, until the caption has been read (or once
        round, when `until_read` is False); the box is gone at the end."""
        targets = [t for t in targets if t is not None]
        box = self._box(targets[0])
        self.play(Create(box), run_time=0.5)
        k = 1
        while k < len(targets) or (until_read and self.caption_left() > TAIL + MOVE):
            pause = min(every - MOVE, self.caption_left() - TAIL - MOVE) if until_read else every - MOVE
            if pause > 1e-6:
                self.wait(pause)
            self.play(Transform(box, self._box(targets[k % len(targets)])), run_time=MOVE)
            k += 1
            if not until_read and k >= len(targets):
                break
        if until_read:
            self.read_caption()
        self.play(FadeOut(box), run_time=0.3)
        self.remove(box)

    def next_cue(self) -> bool:
        """Wait until the cue on screen has been read; False when it is the caption's last cue."""
        if not self._queue:
            return False
        due = self._cue_start + self._cue_need - self.now
        if due > 1e-6:
            self.wait(due)
        self._next_cue_if_due(force=True)
        return True

    def until_cue(self, mark: str) -> None:
        """Wait for the cue that holds `mark` (now, if the cue on screen does; else as the cues are read)."""
        while mark not in self.cues_log[-1]["text"] and self.next_cue():
            pass

    def point_per_cue(self, *targets, skip_first_cue: bool = False):
        """The box on targets[0] now (or from the next cue, with `skip_first_cue`), then on the next
        target as each further cue starts (round again when there are more cues); gone once the caption
        has been read."""
        if skip_first_cue:
            self.next_cue()
        box = self._box(targets[0])
        self.play(Create(box), run_time=0.5)
        k = 1
        while self.next_cue():  # a caption cut into more cues than targets goes round them again
            self.play(Transform(box, self._box(targets[k % len(targets)])), run_time=MOVE)
            k += 1
        self.read_caption()
        self.play(FadeOut(box), run_time=0.3)
        self.remove(box)

    def point_at_marks(self, *pairs, dwell: float = 1.6, hop: bool = False, pulse: bool = False):
        """(mark, target) pairs: the box goes to each target once a cue that holds its mark ("①") is on
        screen (a later cue of the same caption, or the one being read; mark None: the next cue), staying at least `dwell`
        seconds on each; gone once the caption has been read. Works in every language: the marks are
        the symbols the captions share. A callable target is called when its cue comes (it brings its
        object in and returns it); with `hop` the box never travels: it fades out and in at the next target; with `pulse`
        the box round the target pulses while the rest of its cue is read (the picture moves with every cue)."""
        box = None
        for k, (mark, target) in enumerate(pairs):
            if mark is None:  # the next cue, whatever it says
                self.next_cue()
            while mark is not None and mark not in self.cues_log[-1]["text"] and self.next_cue():
                pass
            if callable(target):
                target = target()
            if box is not None and (hop or abs(target.get_y() - box.get_y()) > JUMP):  # never across other rows
                self.play(FadeOut(box), run_time=0.3)
                self.remove(box)
                box = None
            if box is None:
                box = self._box(target)
                self.play(Create(box), run_time=0.5)
            else:
                self.play(Transform(box, self._box(target)), run_time=MOVE)
            # hopping from cue to cue, the box never outstays its cue (the next thing is named on time)
            self.wait(min(dwell, max(0.0, self._cue_start + self._cue_need - self.now)) if hop else dwell)
            after = pairs[k + 1][0] if k + 1 < len(pairs) else None  # the next target named in this cue: no pulse
            while pulse and self.cue_left() > 1.0 and (after is None or after not in self.cues_log[-1]["text"]):
                # the box pulses, not the target: lighting a group made for the box would lift its parts out of the
                # groups that hold them on screen
                self.play(Indicate(box, color=self.emph, scale_factor=1.04), run_time=min(1.4, self.cue_left() - 0.3))
        while self.caption_left() > HOLD:  # the last target's cues still being read: it is lit again meanwhile
            self.wait(min(1.2, self.caption_left() - HOLD))
            self.play(Indicate(target, color=self.emph, scale_factor=1.08), run_time=1.0)
        self.read_caption()
        self.play(FadeOut(box), run_time=0.3)
        self.remove(box)

    def light_until(self, mark, *targets) -> None:
        """Light `targets` in turn (a tuple of them together), one about every 2 s, until a cue holding `mark` is on
        screen (None: until the caption has been read): the picture never stands still while a cue is read."""
        k = 0
        while mark is None or mark not in self.cues_log[-1]["text"]:
            if self.cue_left() > 2.2:
                each = targets[k % len(targets)]  # a tuple: its parts lit together, each about its own centre
                parts = each if isinstance(each, tuple) else (each,)
                self.play(*(Indicate(m, color=self.emph, scale_factor=1.12) for m in parts), run_time=1.0)
                self.wait(0.8)
                k += 1
            elif not self.next_cue():
                self.read_caption()
                return
