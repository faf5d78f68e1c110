"""Row 1's own axis in layernorm_steps' scale check (row 1 × k): only row 1's panel zooms out to hold the large
values, with its own ticks in the gap left of its bars; row 0's panel, its axis and its bars never move.

`own_axes(scene)` builds row 1's ticks for the shared view and for the zoomed-out one; `own_rescaler(scene, a, b)`
is the zoom of row 1's panel alone from view `a` to view `b` (names in scene.views), handed to scene.go as `rescale`.
"""
from __future__ import annotations

from scenes.layernorm.axis import Axis, Zoom, around, fit
from scenes.parts.quickfade import QuickFadeIn

OWN = "big"  # the zoomed-out view of row 1 alone


def own_view(scene, keys, top_of, bottom_of, room: float):
    """The view of row 1 alone holding its values in the steps `keys`, between the same top and bottom as the
    shared plot (fit sets the column's scale; the caller puts it back)."""
    c1 = scene.cols[1]
    every = [scene.states[k][1] for k in keys]
    bounds = around(min(min(s.values.min(), s.mean - s.half) for s in every),
                    max(max(s.values.max(), s.mean + s.half) for s in every))
    return fit([c1], [[s] for s in every], *bounds, top_of=top_of, bottom_of=bottom_of, room=room)


def own_axes(scene, size: float) -> dict:
    """{view name: Axis over row 1's panel only}, for the shared view and row 1's own zoomed-out one."""
    return {name: Axis(scene, [scene.cols[1]], scene.views[name], size) for name in ("fixed", OWN)}


def own_rescaler(scene, old: str, new: str) -> tuple:
    """(rescale(a), what it moves): row 1's panel alone zooming from view `old` to `new`; its old ticks fade out,
    the new ones in (own_ticks_in has put row 1's ticks of the shared view on screen)."""
    zoom = Zoom(scene.views[old], scene.views[new])
    clip = zoom.clip
    axis_old, axis_new = scene.own_axes[old], scene.own_axes[new]
    c1, line = scene.cols[1], scene.zero[1]
    axis_new.place(*(zoom.at(0.0)), 0.0, clip)
    scene.add(axis_new.grid, axis_new.ticks)
    scene.bring_to_back(axis_old.grid, axis_new.grid)
    scene.bring_to_back(*(c.band for c in scene.cols))
    def rescale(a: float) -> None:
        y0, unit = zoom.at(a) if a < 1.0 else (zoom.new.y0, zoom.new.unit)  # landing exactly on the new view
        c1.set_scale(y0, unit)
        line.shift([0, y0 - line.get_center()[1], 0])
        axis_old.place(y0, unit, max(0.0, 1.0 - 3 * a), clip)
        axis_new.place(y0, unit, min(1.0, 3 * a), clip)

    return rescale, [line, axis_old.ticks, axis_old.grid, axis_new.ticks, axis_new.grid]


def own_ticks_in(scene) -> list:
    """The animations that give row 1's panel its own values (of the shared view): the shared axis's lines across
    row 1 give way to row 1's own at once (the same lines), and its values fade in left of its bars."""
    axis = scene.own_axes["fixed"]
    for _v, _label, _tick, lines in scene.axes["fixed"].items:
        if lines:
            lines[1].set_stroke(opacity=0.0)
    scene.add(axis.grid)
    scene.bring_to_back(axis.grid)
    scene.bring_to_back(*(c.band for c in scene.cols))
    return [QuickFadeIn(axis.ticks)]
