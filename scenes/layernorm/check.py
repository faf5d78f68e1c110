"""The per-token check of layernorm_steps (seed 004 §4.2: each row is normalised with its own numbers only;
engine.norms.row_shift): row 1's input + c goes through the steps again while row 0's output stays.

Row 1 is shown on a scale of its own sized to its input (`check_view`, ticks in the gap between the rows),
as in steps 1–2, so that its ±0.2 bars are seen; a faint ghost of its earlier centred bars waits where
subtracting μ puts the new ones, and a ghost of its earlier output where γ and β put them. Dividing by
√(σ² + ε) zooms row 1 back to the shared axis (`column_rescaler`), the check's ticks handing over to the
shared grid.
"""
from __future__ import annotations

from manim import VGroup

from look import fmt_num
from scenes.layernorm.axis import Axis, View, Zoom, around, fit
from scenes.layernorm.marks import before_tag
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

CHECK_TICKS = 8  # at most: the check's axis keeps the 0.2 step of steps 1–2 over the shifted input


def check_view(cols, row: int, steps: list, top_of, bottom_of, room: float) -> View:
    """Row `row`'s own view over its states in `steps` (one list of States per step, one per column): every
    value, the band μ ± σ and 0, widened to ticks, with room for the numbers at the tips."""
    every = [s[row] for s in steps]
    lo = min(min(s.values.min(), s.mean - s.half) for s in every)
    hi = max(max(s.values.max(), s.mean + s.half) for s in every)
    return fit([cols[row]], [[s] for s in every], *around(lo, hi, CHECK_TICKS), top_of=top_of, bottom_of=bottom_of,
               room=room)


def check_axis(scene, view: View, size: float) -> Axis:
    """Row 1's own axis: its ticks in the gap between the rows, clear of row 0's faint lines, its lines across row 1."""
    axis = Axis(scene, scene.cols[1:], view, size)
    c0 = scene.cols[0].bars
    axis.ticks.shift([max(0.0, c0.x_left + c0.span + 0.04 - axis.ticks.get_left()[0]), 0, 0])
    return axis


def ghost(scene, col, values) -> VGroup:
    """Outlines of bars with `values` on the column's current scale, drawn over the bars: where earlier bars
    stood (a bar that lands there fills its outline)."""
    pal = scene.pal
    out = col.bars.targets(values, color=pal.ink, fill_opacity=0.0, stroke_width=2.5)
    out.set_stroke(color=pal.ink, opacity=0.6)
    for label in col.labels:
        scene.label_on(label, out)
    return out


def grid_lines(axis: Axis, row: int) -> list:
    """The shared axis's faint lines across column `row` (the zero line has none)."""
    return [lines[row] for _v, _label, _tick, lines in axis.items if lines]


def column_rescaler(scene, row: int, old: View, new: View, axis: Axis, lines: list, into: bool = False) -> tuple:
    """(rescale(a), what it moves): column `row` alone going from view `old` to `new`. `axis` is the column's own
    (the check's): its ticks fade out early in the move and the shared axis's `lines` across the column come in at
    the moving scale; with `into`, the other way round (the column zooms into its own scale)."""
    col, zero = scene.cols[row], scene.zero[row]
    zoom = Zoom(old, new)
    clip = zoom.clip
    values = [v for v, _label, _tick, lines_ in scene.axes[scene.view].items if lines_]
    if into:
        axis.place(old.y0, old.unit, 0.0, clip)
        scene.add(axis.grid, axis.ticks)
        scene.bring_to_back(axis.grid, scene.grid)

    def rescale(a: float) -> None:
        y0, unit = zoom.at(a)
        col.set_scale(y0, unit)
        zero.shift([0, y0 - zero.get_center()[1], 0])
        # the ticks that bunch up at the small end of a zoom are the ones hidden then (late in, early out)
        own, shared = (max(0.0, 3 * a - 2.0), max(0.0, 1.0 - 3 * a)) if into else (max(0.0, 1.0 - 3 * a), min(1.0, 3 * a))
        axis.place(y0, unit, own, clip)
        for v, line in zip(values, lines):
            y = y0 + unit * v
            line.shift([0, y - line.get_center()[1], 0])
            line.set_stroke(opacity=0.45 * shared if clip[0] - 1e-6 <= y <= clip[1] + 1e-6 else 0.0)

    return rescale, [zero, axis.ticks, axis.grid, *lines]


def step_why(scene) -> None:
    """Row 1's input + c on its own scale: μ rises with the bars, the variance stays, subtracting μ lands the bars
    on the ghost of the earlier centred ones, then division, γ and β land them on the ghost of the earlier output."""
    c1, sh, d = scene.cols[1], scene.shift, scene.data
    shared, check = scene.axes[scene.view], scene.axes["check"]
    view = scene.views["check"]
    lines1 = grid_lines(shared, 1)
    scene.tag = scene.txt(scene.s("shifted", c=fmt_num(sh.shift, 2)), size=scene.label_size + 1, color=scene.pal.accent)
    head = scene.heads[1]  # the row's name becomes "row 1: input + c", in its place: not a part of the title
    scene.tag.move_to(head).shift([head.get_right()[0] - scene.tag.get_right()[0], 0, 0])
    # row 1's output turns back into its input, in place, as row 1 zooms to a scale of its own (as in steps 1–2)
    out_ghost = ghost(scene, c1, d.affine[1]).set_stroke(opacity=1.0, width=3)  # the output, kept as its outline
    scene.go("why_raw", run_time=1.5, rescale=column_rescaler(scene, 1, scene.views[scene.view], view, check, lines1,
                                                              into=True), cue=scene.cap["cap_shift_in"])
    scene.shown["shifted_row_1"] = [*map(float, sh.out[1]), float(sh.mean[1])]
    scene.bring_to_back(c1.band)
    scene.bring_to_back(check.grid, scene.grid)
    read_with(scene, c1.bars)
    # every value up by c, μ with them, as the cue that says so comes in
    scene.go("why_in", run_time=1.0, extra=[QuickFadeIn(scene.tag), QuickFadeOut(head)], cue=scene.cap["cap_shift_mean"])
    read_with(scene, c1.mean_line, c1.mean_num)
    # row 1's variance before the +c, last seen long ago, beside the one now: the same
    was = float(d.var_biased[1])
    before = before_tag(scene, c1, scene.s("before", c=fmt_num(sh.shift, 2), v=fmt_num(was, 4)), scene.label_size)
    scene.caption(scene.cap["cap_shift_var"], with_=[QuickFadeIn(before)], run_time=0.5,
                  shown={"variance_1_before_shift": was})
    read_with(scene, c1.var_num, before)
    scene.play(QuickFadeOut(before), run_time=0.4)
    scene.shown.pop("variance_1_before_shift")
    # where the centred bars stood before: subtracting μ lands the new ones there
    centred_ghost = ghost(scene, c1, d.centred[1])
    scene.caption(scene.cap["cap_shift_centre"], with_=[QuickFadeIn(centred_ghost)], run_time=0.5)
    scene.go("why_centre")
    scene.caption(scene.cap["cap_shift_same"])
    read_with(scene, c1.bars)
    # the same division (row 1 back on the shared axis), then γ and β: onto the ghost of the earlier output
    scene.caption(scene.cap["cap_shift_rest"])
    scene.go("why_scale", run_time=1.5, rescale=column_rescaler(scene, 1, view, scene.views[scene.view], check, lines1),
             extra=[QuickFadeOut(centred_ghost), QuickFadeIn(out_ghost)])
    scene.remove(check.ticks, check.grid)
    scene.go("why_out", run_time=1.5)
    scene.shown.pop("shifted_row_1")
    scene.caption(scene.cap["cap_shift_out"])  # only once the output has landed
    if scene._queue:  # row 1 under its cue, row 0 under its own
        read_with(scene, c1.bars, cue=True)
        read_with(scene, scene.cols[0].bars)
    else:
        read_with(scene, c1.bars, scene.cols[0].bars)
    scene.out_ghost = out_ghost  # where row 1's output stood: the BatchNorm contrast takes it away

