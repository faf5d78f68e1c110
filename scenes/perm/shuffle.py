"""The score table reordered as whole lines (scenes/permutation.py, seed 002 §01 图 2: S_b = P S_a Pᵀ
shown as the same numbers moved): all the rows in one motion (rigid_move), then the columns one
insertion at a time in a lane half a row off the table's rows (lane_moves).

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


def rigid_move(units, shifts, bulges, plate_color: str, last=None, seconds: float = 1.6, shrink: float = 0.0,
               turn: float | None = None, still=(), bare=(), name_bulges=None):
    """One play moving each unit (a list of mobjects: a line's numbers, then its name) by its shift
    (3,) along arc(), every member of a unit by the same displacement (`last`: another shift for each
    unit's last member, its name, which may centre on a column of another width). Returns (function
    giving the animations, called as the play starts; seconds; function to call after the play, which
    takes the plates away and puts the lines back at the table's depth). `shrink`: how much smaller a
    moving line is at half way (sin-shaped, about its own centre), so lines passing side by side fit
    beside each other; full size at both ends. `turn`: the lines step out (to their bulge, shrunk)
    in that share of the time, travel along while out, and step back in the last share (lane_profile),
    so two lines passing each other are apart all the while they overlap side to side. `still`: the
    lines that keep their place (set on it in the new table at once, however their glyphs differ).
    `bare`: the lines that move without a plate, drawn over every other (a line passing the others
    half a row off their rows, between their digits, covers nothing); `name_bulges[k]`: line k's name's
    own bulge (a name passing over the names' line rises higher than its numbers)."""
    from manim import Rectangle, UpdateFromAlphaFunc, VGroup, linear, smooth

    moving = [k for k, s in enumerate(shifts) if np.any(np.abs(s) > STILL) and k not in still]
    moving.sort(key=lambda k: k in bare)  # the bare lines drawn last, over the plated ones
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
            for m in members:
                m.set_z_index(Z_LINE + 2 * n)
            mobs = list(members)
            if k not in bare:
                plate = Rectangle(width=group.width + 2 * PLATE_PAD, height=group.height + 2 * PLATE_PAD,
                                  stroke_width=0, fill_color=plate_color, fill_opacity=1).move_to(group)
                plate.set_z_index(Z_PLATE + 2 * n)  # a later line passes over an earlier one
                plates.append(plate)
                mobs.append(plate)
            starts = [m.get_center() for m in mobs]
            ends = [shifts[k]] * len(mobs)
            if last is not None:
                ends[len(members) - 1] = last[k]
            outs = [bulges[k]] * len(mobs)
            if name_bulges is not None:
                outs[len(members) - 1] = name_bulges[k]

            centre, state = group.get_center().copy(), {"k": 1.0}

            def update(_, alpha, mobs=mobs, starts=starts, ends=ends, outs=outs, centre=centre, state=state):
                if turn is None:
                    u = smooth(alpha)
                    out, along = np.sin(np.pi * u), u
                else:
                    out, along = lane_profile(alpha, turn)
                size = 1.0 - shrink * out
                for mob, p0, end, bulge in zip(mobs, starts, ends, outs):
                    if size != state["k"]:
                        mob.scale(size / state["k"])
                    mob.move_to(centre + size * (p0 - centre) + end * along + bulge * out)
                state["k"] = size
            out.append(UpdateFromAlphaFunc(VGroup(*mobs), update, rate_func=linear))
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




def lane_profile(alpha: float, turn: float = 0.25) -> tuple[float, float]:
    """(how far out on its lane, how far along its shift), each in [0, 1], of a line moving in a lane
    at `alpha` in [0, 1]: out in the first `turn` of the time, along in the middle, back in the last
    `turn`; so it only travels sideways while it is out on the lane."""
    from manim import smooth

    out = smooth(min(alpha / turn, 1.0)) - smooth(max((alpha - 1 + turn) / turn, 0.0))
    along = smooth(min(max((alpha - turn) / (1 - 2 * turn), 0.0), 1.0))
    return out, along


def lane_path(shift: np.ndarray, lane: np.ndarray, alpha: float, turn: float = 0.25) -> np.ndarray:
    """The displacement (3,) of a line moving in a lane at `alpha` (lane_profile)."""
    out, along = lane_profile(alpha, turn)
    return lane * out + shift * along


def insertions(perm, widths, left: float, gap: float) -> list[tuple[int, list[float]]]:
    """The insertion moves (scenes.perm.shuffle.moves) that bring the lines of order a into order b
    (`perm`), each as (the line that moves, the right edge of every line of order a after it); the
    lines are laid left to right from `left`, `gap` apart, each `widths[k]` wide (k: its line in
    order a), as a table lays its columns out."""
    at = list(range(len(perm)))  # at[s]: the line of order a standing at slot s
    out = []
    for u, s in moves(perm):
        line = at[u]
        at.insert(s, at.pop(u))
        rights, x = [0.0] * len(at), left
        for k in at:
            x += widths[k]
            rights[k] = x
            x += gap
        out.append((line, rights))
    return out


def lane_moves(units, steps, lane: np.ndarray, last_centres=None, name_lanes=None, seconds: float = 1.3,
               plate_color: str | None = None, plate_margin: float = PLATE_PAD):
    """Columns reordered one insertion at a time (`steps` from insertions(); `units[k]`: the members
    of line k, its numbers then its name; each unit's numbers are right-aligned on its right edge):
    the line that moves steps out into `lane` (3,), half a row off its own, where its digits stand
    between the rows of the lines it passes, and back in at its new place; the lines it passes shift
    over by its width meanwhile, in their own rows. No two lines ever share a row where they meet,
    so no plate is needed and nothing is covered. `name_lanes[k]` (3,): line k's name's own lane when
    it moves (a name may be taller than half a row: it goes up a little further). `last_centres`: for the last member of each unit
    (its name), a function (k, right edge) -> where its centre's x goes. `plate_color`: the line that
    moves rides on a plate of that colour drawn over the lines it passes (as rigid_move's rows do),
    so a zero `lane` keeps it inside the table's rows and brackets; `plate_margin`: the plate's margin
    left and right of the line, so the digits it passes are covered before they touch its own. Returns one (function giving
    the animations, seconds, function to call after: the plates to take away) per insertion."""
    from manim import Rectangle, UpdateFromAlphaFunc, VGroup, linear

    def right_of(k):
        return max(m.get_right()[0] for m in units[k][:-1])

    phases = []
    for line, rights in steps:
        plates = []

        def anims(line=line, rights=rights, plates=plates):
            out = []
            for k, members in enumerate(units):
                dx = rights[k] - right_of(k)
                ends = [np.array([dx, 0.0, 0.0])] * len(members)
                if last_centres is not None:
                    name = members[-1]
                    ends[-1] = np.array([last_centres(k, rights[k]) - name.get_x(), 0.0, 0.0])
                if k != line and max(abs(e[0]) for e in ends) < STILL:
                    for m, e in zip(members, ends):
                        m.shift(e)
                    continue
                out_lane = lane if k == line else np.zeros(3)

                lanes = [out_lane] * len(members)
                if k == line and name_lanes is not None:  # its name passes just over the names it meets
                    lanes[-1] = name_lanes[k]
                if k == line and plate_color is not None:  # over the lines it passes, on its own plate
                    group = VGroup(*members)
                    plate = Rectangle(width=group.width + 2 * plate_margin, height=group.height + 2 * PLATE_PAD,
                                      stroke_width=0, fill_color=plate_color, fill_opacity=1).move_to(group)
                    plate.set_z_index(Z_PLATE)
                    for m in members:
                        m.set_z_index(Z_LINE)
                    plates.append(plate)
                    members = [*members, plate]
                    ends = [*ends, ends[0]]
                    lanes = [*lanes, lanes[0]]
                starts = [m.get_center() for m in members]

                def update(_, alpha, members=members, starts=starts, ends=ends, lanes=lanes):
                    for m, p0, e, w in zip(members, starts, ends, lanes):
                        m.move_to(p0 + lane_path(e, w, linear(alpha)))
                out.append(UpdateFromAlphaFunc(VGroup(*members), update, rate_func=linear))
            return out
        def done(line=line, plates=plates):
            for m in units[line]:
                m.set_z_index(0)
            return list(plates)

        phases.append((anims, seconds, done))
    return phases


__all__ = ["arc", "insertions", "lane_moves", "lane_path", "lane_profile", "moves", "rigid_move"]
