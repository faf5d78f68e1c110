"""The score table reordered line by line (scenes/permutation.py, seed 002 §01 图 2: S_b = P S_a Pᵀ
shown as the same numbers moved): rows first, then columns, every number at full size all the way.

A permutation is played as a sequence of moves: the line that belongs at slot s (counting from the
first) is lifted out into its lane, the lines between it and slot s slide one slot along, and it
drops into slot s. Columns: the travelling column steps half a row down (its name up over the
names). Rows: the table is too narrow for a whole row beside itself, so each of its columns (and the
names) does the move in turn, every other one at once: the travelling number steps half its width to
the right, the sliding ones half to the left, past each other. Before the moves the table opens (its
lines spread apart until the lanes clear every number, the brackets widen with them) and afterwards
it closes again, so nothing is ever shrunk and no two numbers ever overlap. Each move is one play,
so between plays every line stands on a slot."""
from __future__ import annotations

import numpy as np

MARGIN = 0.06  # scene units: the least clearance between a number in a lane and its neighbours
OPEN_SECONDS = 0.7  # the table opening (or closing) around the moves

# one move's timetable (fractions of its play): (time, which slot, in the lane?)
TRAVELLER = ((0, "from", 0), (0.25, "from", 1), (0.75, "to", 1), (1, "to", 0))
SLIDER = ((0, "own", 0), (0.25, "own", 1), (0.75, "next", 1), (1, "next", 0))  # its lane: `slide`


def moves(perm) -> list[tuple[int, int]]:
    """Moves (from slot u, to slot s < u) that bring line perm[s] to slot s for every s (perm: order
    b as indices into order a), in the order they are played; the lines at s..u-1 slide one on."""
    at = list(range(len(perm)))  # at[s]: the line of order a standing at slot s
    out = []
    for s, want in enumerate(perm):
        u = at.index(int(want))
        if u != s:
            out.append((u, s))
            at.insert(s, at.pop(u))
    return out


def seconds(u: int, s: int, beats: int = 1) -> float:
    """A move's play: longer when more lines slide, and per beat (rows: two)."""
    return (2.0 if beats == 1 else 1.3 * beats) + 0.5 * (u - s - 1)


def spread(step: float, size: float) -> float:
    """The spacing lines need so that a number in the lane between two of them clears both: at least
    twice its `size` (across the lane) plus the margins; never closer than `step`, as drawn."""
    return max(step, 2 * (size + MARGIN))


def shift_into(low: float, high: float, lo: float, hi: float) -> float:
    """The shift that brings the span [low, high] inside [lo, hi] (the low side wins if it cannot)."""
    d = min(0.0, hi - high)
    return d + max(0.0, lo - (low + d))


def glide(targets, *extra):
    """A step (function giving its animations) moving each mobject to its point, plus `extra`."""
    def step():
        return [m.animate.move_to(p) for m, p in targets] + list(extra)
    return step


def fitted(brackets, body, left: float, right: float, top: float, bottom: float):
    """A copy of `brackets` (drawn around `body`) stretched to stand around the box given, with the
    same padding."""
    out = brackets.copy()
    pad_x, pad_y = brackets.width - body.width, brackets.height - body.height
    out.stretch_to_fit_width(right - left + pad_x).stretch_to_fit_height(top - bottom + pad_y)
    return out.move_to([(left + right) / 2, (top + bottom) / 2, 0])


class Lines:
    """The lines of one phase. members[k]: the mobjects of line k (its numbers, then its name);
    lane[id]: the shift (3,) that takes a member into its lane; home(k, slot): where each member of
    line k stands (in the opened table) when line k is at `slot`; slide[id]: the shift of a sliding
    member (none if not given); beat[id]: which of `beats` equal parts of a move it moves in."""

    def __init__(self, members, lane: dict, home, slide=None, beat=None, beats: int = 1):
        self.members, self.lane, self.home = members, lane, home
        self.slide, self.beat, self.beats = slide or {}, beat or {}, beats
        self.at = list(range(len(members)))  # at[slot] = line standing there

    def _follow(self, k, places: dict, table, sliding: bool = False):
        """Animations moving line k along `table` ((time, place key, in lane), ...); places: key -> slot."""
        from manim import UpdateFromAlphaFunc, smooth

        anims = []
        for n, m in enumerate(self.members[k]):
            lane = self.slide.get(id(m), 0.0) if sliding else self.lane[id(m)]
            b = self.beat.get(id(m), 0)
            keys = {key: self.home(k, slot)[n] for key, slot in places.items()}
            frames = [((b + t) / self.beats, keys[key] + (lane if inside else 0.0)) for t, key, inside in table]
            frames = [(0.0, frames[0][1]), *frames, (1.0, frames[-1][1])]

            def update(mob, alpha, frames=frames):
                for (t0, p0), (t1, p1) in zip(frames, frames[1:]):
                    if alpha <= t1 or t1 == 1:
                        u = smooth(min(max((alpha - t0) / max(t1 - t0, 1e-9), 0.0), 1.0))
                        mob.move_to(p0 + (p1 - p0) * u)
                        break
            anims.append(UpdateFromAlphaFunc(m, update))
        return anims

    def steps(self, pairs) -> list:
        """One play per move: (function giving its animations, called as it starts; its seconds; the
        slot it fills)."""
        out = []
        for u, s in pairs:
            first, between = self.at[u], [(self.at[q], q) for q in range(s, u)]
            self.at.insert(s, self.at.pop(u))

            def move(u=u, s=s, first=first, between=between):
                anims = self._follow(first, {"from": u, "to": s}, TRAVELLER)
                for k, q in between:
                    anims += self._follow(k, {"own": q, "next": q + 1}, SLIDER, sliding=True)
                return anims
            out.append((move, seconds(u, s, self.beats), s))
        return out




def lane_edges(rights, widths, steps, first_gap: float = 0.0) -> list[float]:
    """Right edges of the columns of an opened table (given their `rights` and `widths` as drawn) so
    that a whole row standing aside (each number `steps`[k] to the right of its place, in the gap
    after its own column) clears every number of the rows at their places by MARGIN; the gap after
    the first column at least `first_gap` wide."""
    out = [rights[0]]
    for k in range(1, len(rights)):
        gap = max(steps[k - 1] + MARGIN, first_gap if k == 1 else 0.0)
        out.append(out[-1] + max(rights[k] - rights[k - 1], gap + widths[k]))
    return out


__all__ = ["Lines", "fitted", "glide", "lane_edges", "moves", "shift_into", "spread"]
