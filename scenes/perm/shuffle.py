"""The score table reordered cell by cell (scenes/permutation.py, seed 002 §01 图 2: S_b = P S_a Pᵀ
shown as the same numbers moved): rows first, then columns, every number visible all the way.

A permutation is played as a sequence of swaps of two lines (rows or columns) A and B. A line that
has to pass others first steps into the lanes: each of its numbers shrinks into the gap beside its
own place (its name into the free strip outside the names), so it runs between the lines it passes
and never over a digit. One swap: A steps into the lanes and runs to B's place; the lines between
them step into the lanes too; B runs straight to A's place; then everything in the lanes steps back.
When A and B are neighbours, B runs while A does (A in the lanes, B in the line)."""
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


class Lines:
    """The lines of one phase. members[k]: the mobjects of line k (its numbers, then its name);
    lane[id]: the shift (3,) that takes a member into its lane (after shrinking it by its own factor
    shrink[id]); home(k, slot): where each member of line k stands when line k is at `slot`."""

    def __init__(self, members, lane: dict, shrink: dict, home):
        self.members, self.lane, self.shrink, self.home = members, lane, shrink, home
        self.at = list(range(len(members)))  # at[slot] = line standing there
        self.inside = set()  # lines in the lanes

    def _step_in(self, lines):
        for k in lines:
            self.inside.add(k)
        return [m.animate.scale(self.shrink[id(m)]).shift(self.lane[id(m)]) for k in lines for m in self.members[k]]

    def _step_out(self, placed):
        """Lines (line, slot) step out of their lanes onto their places there."""
        out = []
        for k, slot in placed:
            self.inside.discard(k)
            out += [m.animate.shift(target - m.get_center()).scale(1 / self.shrink[id(m)])
                    for m, target in zip(self.members[k], self.home(k, slot))]
        return out

    def _run(self, k, slot):
        """Line k to `slot` (in its lane if it is in one)."""
        anims = []
        for m, target in zip(self.members[k], self.home(k, slot)):
            off = self.lane[id(m)] if k in self.inside else 0.0
            anims.append(m.animate.shift(target + off - m.get_center()))
        return anims

    def steps(self, pairs) -> list:
        """Animation steps (functions giving a list of animations, called as each step starts) and
        whether each is a run (longer) or a step into or out of the lanes."""
        out = []
        for a, b in pairs:
            def swap(a=a, b=b):
                first, second = self.at[a], self.at[b]
                between = [self.at[s] for s in range(a + 1, b)]
                self.at[a], self.at[b] = second, first
                if between:
                    return [(lambda: self._step_in([first]), False), (lambda: self._run(first, b), True),
                            (lambda: self._step_in(between), False), (lambda: self._run(second, a), True),
                            (lambda: self._step_out([(first, b), *((k, a + 1 + n) for n, k in enumerate(between))]), False)]
                return [(lambda: self._step_in([first]), False),
                        (lambda: self._run(first, b) + self._run(second, a), True),
                        (lambda: self._step_out([(first, b)]), False)]
            out += swap()
        return out


def fit(gap: float, size: float) -> float:
    """How much a number of `size` (its extent across the lane) shrinks to run in a lane `gap` wide."""
    return float(np.clip((gap - 2 * MARGIN) / max(size, 1e-9), 0.2, MOST))


__all__ = ["Lines", "fit", "swaps"]
