"""The score table reordered as whole lines (scenes/permutation.py, seed 002 §01 图 2: S_b = P S_a Pᵀ
shown as the same numbers moved): all the rows in one motion, then all the columns in another.

A line is a rigid unit: its numbers and its name keep their places relative to one another all the
way, so every frame shows rows (or columns) that exist in one of the two tables. Each line that moves
goes straight to its new slot, pushed aside at half way (sin-shaped) so the lines passing each other
are offset, and rides on a plate of the page's colour above the lines standing still: where two meet,
one passes in front of the other, as cards do, never a mix of both."""
from __future__ import annotations

import numpy as np

PLATE_PAD = 0.06  # scene units: a plate's margin round the line it carries
Z_PLATE, Z_LINE = 6, 7  # drawn over the table while they move
STILL = 1e-3  # scene units: a line shifted less than this stays (the two tables' glyphs differ by a hair)


def arc(shift: np.ndarray, bulge: np.ndarray, alpha: float) -> np.ndarray:
    """The displacement (3,) of a moving line at `alpha` in [0, 1] of its move: along `shift`, pushed
    out by `bulge` at half way and back on its line at both ends."""
    return shift * alpha + bulge * np.sin(np.pi * alpha)


def rigid_move(units, shifts, bulges, plate_color: str, last=None, seconds: float = 1.6):
    """One play moving each unit (a list of mobjects: a line's numbers, then its name) by its shift
    (3,) along arc(), every member of a unit by the same displacement (`last`: another shift for each
    unit's last member, its name, which may centre on a column of another width). Returns (function
    giving the animations, called as the play starts; seconds; function to call after the play, which
    takes the plates away and puts the lines back at the table's depth)."""
    from manim import Rectangle, UpdateFromAlphaFunc, VGroup, linear, smooth

    moving = [k for k, s in enumerate(shifts) if np.any(np.abs(s) > STILL)]
    plates = []

    def anims():
        for k, s in enumerate(shifts):  # a line that stays is set exactly on its place in the new table
            if k not in moving:
                for n, m in enumerate(units[k]):
                    m.shift(last[k] if last is not None and n == len(units[k]) - 1 else s)
        out = []
        for n, k in enumerate(moving):
            members = units[k]
            group = VGroup(*members)
            plate = Rectangle(width=group.width + 2 * PLATE_PAD, height=group.height + 2 * PLATE_PAD,
                              stroke_width=0, fill_color=plate_color, fill_opacity=1).move_to(group)
            plate.set_z_index(Z_PLATE + 2 * n)  # a later line passes over an earlier one
            for m in members:
                m.set_z_index(Z_LINE + 2 * n)
            plates.append(plate)
            starts = [m.get_center() for m in members] + [plate.get_center()]
            ends = [shifts[k]] * (len(members) + 1)
            if last is not None:
                ends[len(members) - 1] = last[k]
            mobs = [*members, plate]

            def update(_, alpha, mobs=mobs, starts=starts, ends=ends, bulge=bulges[k]):
                u = smooth(alpha)
                for mob, p0, end in zip(mobs, starts, ends):
                    mob.move_to(p0 + arc(end, bulge, u))
            out.append(UpdateFromAlphaFunc(VGroup(plate, *members), update, rate_func=linear))
        return out

    def done():
        """The lines back at the table's depth; the plates, to be taken off the screen."""
        for k in moving:
            for m in units[k]:
                m.set_z_index(0)
        return list(plates)

    return anims, seconds, done


def moves(perm) -> list[tuple[int, int]]:
    """Moves (from slot u, to slot s < u) that bring line perm[s] to slot s for every s (perm: order
    b as indices into order a), in the order a one-at-a-time reorder would play them."""
    at = list(range(len(perm)))  # at[s]: the line of order a standing at slot s
    out = []
    for s, want in enumerate(perm):
        u = at.index(int(want))
        if u != s:
            out.append((u, s))
            at.insert(s, at.pop(u))
    return out


__all__ = ["arc", "moves", "rigid_move"]
