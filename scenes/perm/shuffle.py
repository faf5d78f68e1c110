"""The score table reordered cell by cell (scenes/permutation.py, seed 002 §01 图 2: S_b = P S_a Pᵀ
shown as the same numbers moved): rows first, then columns, every number visible all the way.

A permutation is played as a sequence of swaps of two lines (rows or columns) A and B. A line that
has to pass others first steps into the lanes: each of its numbers shrinks into the gap beside its
own place (its name into the free strip outside the names), so it runs between the lines it passes
and never over a digit. One swap: A steps into the lanes and runs to B's place; the lines between
them step into the lanes too; B runs straight to A's place; then everything in the lanes steps back.
When A and B are neighbours, B runs while A does (A in the lanes, B in the line). Each swap is one
play, so between plays every number stands full size on its place."""
from __future__ import annotations

import numpy as np

MARGIN = 0.05  # scene units: the least clearance between a number in a lane and its neighbours
MOST = 0.85  # a number in a lane is drawn at most this large (so the step into the lane is seen)


def swaps(perm) -> list[tuple[int, int]]:
    """Swaps (slot a < slot b) that bring line perm[s] to slot s for every s (perm: order b as indices
    into order a), in the order they are played."""
    at = list(range(len(perm)))  # at[s]: the line of order a standing at slot s
    out = []
    for s, want in enumerate(perm):
        u = at.index(int(want))
        if u != s:
            out.append((s, u))
            at[s], at[u] = at[u], at[s]
    return out


# one swap's timetable (fractions of its play): (time, where, in the lane?) for A, the lines between, B
ADJACENT = {"a": ((0, "a", 0), (0.25, "a", 1), (0.75, "b", 1), (1, "b", 0)),
            "b": ((0, "b", 0), (0.25, "b", 0), (0.75, "a", 0), (1, "a", 0))}
APART = {"a": ((0, "a", 0), (0.15, "a", 1), (0.42, "b", 1), (0.82, "b", 1), (1, "b", 0)),
         "mid": ((0, "m", 0), (0.45, "m", 0), (0.55, "m", 1), (0.82, "m", 1), (1, "m", 0)),
         "b": ((0, "b", 0), (0.55, "b", 0), (0.82, "a", 0), (1, "a", 0))}
SECONDS = {False: 2.0, True: 3.2}  # a swap of neighbours, of lines with others between them


class Lines:
    """The lines of one phase. members[k]: the mobjects of line k (its numbers, then its name);
    lane[id]: the shift (3,) that takes a member into its lane (after shrinking it by its own factor
    shrink[id]); home(k, slot): where each member of line k stands when line k is at `slot`.
    Each swap is one play: every line starts and ends it at full size on its place."""

    def __init__(self, members, lane: dict, shrink: dict, home):
        self.members, self.lane, self.shrink, self.home = members, lane, shrink, home
        self.at = list(range(len(members)))  # at[slot] = line standing there

    def _follow(self, k, places: dict, table):
        """Animations moving line k along `table` ((time, place key, in lane), ...); places: key -> slot."""
        from manim import UpdateFromAlphaFunc, smooth

        anims = []
        for n, m in enumerate(self.members[k]):
            lane, shrink = self.lane[id(m)], self.shrink[id(m)]
            keys = {key: (m.get_center() if slot is None else self.home(k, slot)[n]) for key, slot in places.items()}
            frames = [(t, keys[key] + (lane if inside else 0.0), shrink if inside else 1.0) for t, key, inside in table]
            state = {"scale": 1.0}

            def update(mob, alpha, frames=frames, state=state):
                for (t0, p0, s0), (t1, p1, s1) in zip(frames, frames[1:]):
                    if alpha <= t1 or t1 == 1:
                        u = smooth(min(max((alpha - t0) / max(t1 - t0, 1e-9), 0.0), 1.0))
                        size, where = s0 + (s1 - s0) * u, p0 + (p1 - p0) * u
                        break
                mob.scale(size / state["scale"])
                state["scale"] = size
                mob.move_to(where)
            anims.append(UpdateFromAlphaFunc(m, update))
        return anims

    def steps(self, pairs) -> list:
        """One play per swap: (function giving its animations, called as it starts; its seconds)."""
        out = []
        for a, b in pairs:
            first, second = self.at[a], self.at[b]
            between = [(self.at[s], s) for s in range(a + 1, b)]
            self.at[a], self.at[b] = second, first

            def swap(a=a, b=b, first=first, second=second, between=between):
                table = APART if between else ADJACENT
                anims = self._follow(first, {"a": None, "b": b}, table["a"])
                anims += self._follow(second, {"b": None, "a": a}, table["b"])
                for k, slot in between:
                    anims += self._follow(k, {"m": slot}, table["mid"])
                return anims
            out.append((swap, SECONDS[bool(between)]))
        return out


def fit(gap: float, size: float) -> float:
    """How much a number of `size` (its extent across the lane) shrinks to run in a lane `gap` wide."""
    return float(np.clip((gap - 2 * MARGIN) / max(size, 1e-9), 0.2, MOST))


__all__ = ["Lines", "fit", "swaps"]
