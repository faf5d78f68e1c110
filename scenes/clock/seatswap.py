"""pe_clock's cue steps: read the caption cue by cue, a frame walking over what each cue names, until the cue that
holds given words is on screen (at_cue, used by the wrap beat), and a weight as the weight rows print it (weight_text).
Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

from look import fmt_num
from scenes.clock.walk import walk_cue

VALUE_DECIMALS = 2  # the look-back scores as its bars print them (24.00, 19.10)


class SeatSwapBeat:
    """Needs from the scene: cues_log, _queue, until_next_cue (scenes.pe_clock)."""

    def at_cue(self, words: str, *mobs) -> None:
        """Read cue after cue (a frame walking over `mobs`, if any) until the one holding `words` is on screen."""
        while self._queue and words not in self.cues_log[-1]["text"].replace("\n", " ") \
                and words not in self.cues_log[-1]["text"].replace("\n", ""):
            if mobs:
                walk_cue(self, *mobs)
            else:
                self.until_next_cue()


def weight_text(w: float) -> str:
    """A weight at two decimals, or three when two would round it to 0.00 or 0.01 (0.005 stays 0.005)."""
    return fmt_num(w, VALUE_DECIMALS if w >= 0.015 else 3)
