"""The teaching gate's sync rule (studio.gates.teaching, "sync"): a caption never runs ahead of the
picture nor contradicts it. Three checks over the samples a `Teaching` observer collected: numbers with
decimals a cue states are on screen from the cue's middle (at the latest SYNC_LAG seconds after it
appears) to its end; a readout (a text holding one
number that changes) is never passing through a number the cue states; a value the cue gives a drawn
name ("q = 10") is what the picture draws for that name while the cue is up.
"""
from __future__ import annotations

import math
import re

SYNC_MIN_HALF = 0.5  # numbers shown with decimals (half a unit of the last digit below this) are claims
TOLERANCE = 0.25  # seconds: a value may leave this long before its cue does (the fade to the next step)
SYNC_LAG = 1.5  # seconds: a stated value is on screen this long after its cue appears, however long the cue


class SyncRules:
    """The sync rule's checks, for `Teaching` (which holds .samples, .held, .named, .numbers_in, .add)."""

    def _state_at(self, t: float) -> list:
        numbers = []
        for when, nums, _ in self.samples:
            if when > t + 1e-9:
                break
            numbers = nums
        return numbers

    def _sync(self, scene) -> None:
        drawn = [x for _, nums, _ in self.samples for x in nums]

        def has(nums, x, h):  # the same value at either rounding; a shown 0.00 is not a small non-zero value
            return any(abs(y - x) <= max(h, k) * (1 + 1e-9) + 1e-12 and (x == 0) == (y == 0) for y, k in nums)

        for cue in scene.cues_log:
            start, stop = cue["start_s"], cue.get("end_s", scene.now)
            due = min((start + stop) / 2, start + SYNC_LAG)
            for readings in self.numbers_in(cue["text"]):
                x, h = readings[0]
                if h >= SYNC_MIN_HALF or not has(drawn, x, h):
                    continue
                times = [due] + [t for t, _, _ in self.samples if due < t <= stop - TOLERANCE]
                missing = next((t for t in times if not has(self._state_at(t), x, h)), None)
                if missing is not None:
                    text = " ".join(cue["text"].split())
                    self.add(self._where(start, cue.get("section", "")), "sync", (start, x),
                             f"caption {text[:50]!r} ({start:.2f}-{stop:.2f} s) states {_fmt(x, h)}, "
                             f"not on screen at {missing:.2f} s")
        self._sync_named(scene)

    def _named_at(self, t: float) -> dict:
        state = {}
        for when, names in self.named:
            if when > t + 1e-9:
                break
            state = names
        return state

    def _sync_named(self, scene) -> None:
        """A whole number the cue gives a drawn name ("q = 10") is what the picture draws for that name all the
        while the cue is up."""
        names = {k for _, state in self.named for k in state}
        for cue in scene.cues_log:
            start, stop = cue["start_s"], cue.get("end_s", scene.now)
            first = start + TOLERANCE
            if stop - TOLERANCE < first:
                continue
            times = [first] + [t for t, _ in self.named if first < t <= stop - TOLERANCE]
            for name, value in stated_names(cue["text"], names):
                for t in times:
                    drawn = self._named_at(t).get(name)
                    if drawn is not None and drawn != value:
                        text = " ".join(cue["text"].split())
                        self.add(self._where(start, cue.get("section", "")), "sync", (start, name, value),
                                 f"caption {text[:50]!r} ({start:.2f}-{stop:.2f} s) states {name} = {value}, "
                                 f"the picture draws {name} = {drawn} at {t:.2f} s")
                        break

    def _readouts(self, scene) -> None:
        """Readouts: texts holding one number that takes more than one value. A readout passing through a
        number a cue states (whole ones too) while the cue is up must be at it, or at another number the
        cue states, TOLERANCE after the cue appears."""
        values: dict[int, set] = {}
        for _, held in self.held:
            for key, v in held.items():
                values.setdefault(key, set()).add(v)
        readouts = {key for key, vs in values.items() if len(vs) > 1}

        def agree(x, h, y, k):  # a whole number stated agrees only with the readout at it (11.0, not 10.6)
            return abs(y - x) <= (k if h >= SYNC_MIN_HALF else max(h, k)) * (1 + 1e-9) + 1e-12

        def held_at(t):
            state = {}
            for when, held in self.held:
                if when > t + 1e-9:
                    break
                state = held
            return state

        for cue in scene.cues_log:
            start, stop = cue["start_s"], cue.get("end_s", scene.now)
            stated = [r[0] for r in self.numbers_in(cue["text"])]
            during = [held for when, held in self.held if start < when <= stop - TOLERANCE]
            first = held_at(start + TOLERANCE)
            for key in readouts:
                if key not in first:
                    continue  # the readout appears later: nothing on screen contradicts the cue
                if any(agree(x2, h2, *first[key]) for x2, h2 in stated):
                    continue  # at a number the cue states when it appears ("from 0 to 31")
                for x, h in stated:
                    at = next((i for i, held in enumerate(during) if key in held and agree(x, h, *held[key])), None)
                    if at is None or not any(key in held and not any(agree(x2, h2, *held[key]) for x2, h2 in stated)
                                             for held in during[at + 1:]):
                        continue  # never there, or there to the end: the cue told where the motion goes
                    text = " ".join(cue["text"].split())
                    self.add(self._where(start, cue.get("section", "")), "sync", (start, "readout", x),
                             f"caption {text[:50]!r} ({start:.2f}-{stop:.2f} s) states {_fmt(x, h)} while a "
                             f"readout still shows {_fmt(*first[key])} at {start + TOLERANCE:.2f} s")


def stated_names(text: str, names) -> list[tuple[str, int]]:
    """(name, whole number) for each "NAME = N" in a cue, for the given names (the longest first, so "p − q = 6"
    is p − q's, not q's; in "p = q = 0" it is q's)."""
    found, text = [], text.replace("\n", " ")
    for name in sorted(names, key=len, reverse=True):
        pattern = re.compile(r"(?<![\w′])" + re.escape(name) + r"\s*=\s*([−-]?\d+)(?![\d′]|[.,]\d)")
        for m in pattern.finditer(text):
            found.append((name, int(m.group(1).replace("−", "-"))))
        text = re.sub(r"(?<![\w′])" + re.escape(name) + r"(?![\w′])", lambda m: " " * len(m.group()), text)
    return found


def _fmt(x: float, half: float) -> str:
    digits = max(0, round(-math.log10(2 * half)))
    return f"{x:.{digits}f}"
