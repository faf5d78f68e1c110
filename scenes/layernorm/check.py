"""The per-token check of layernorm_steps (seed 004 §4.2: each row is normalised with its own numbers only;
engine.norms.row_shift): row 1's input + c goes through the steps again while row 0's output stays.

Row 1's output gives way to its input in a swap (no in-between statistics), then both rows zoom to one scale
that holds the check's values (one axis, at the left: equal heights are equal values in both rows), so that the
+ c and row 1's ±0.2 bars are seen; a faint ghost of its earlier centred bars waits where subtracting μ puts the
new ones, and a ghost of its earlier output where γ and β put them. Dividing by √(σ² + ε) zooms both rows back
out to the shared axis.
"""
from __future__ import annotations

from manim import ReplacementTransform, VGroup

from look import fmt_num
from scenes.layernorm.axis import Axis
from scenes.layernorm.columns import Avoid, Clear
from scenes.layernorm.learned import discard_and_restore
from scenes.layernorm.marks import before_tag
from scenes.layernorm.own_axis import OWN, own_rescaler, own_ticks_in
from scenes.layernorm.strings import BIG_FACTOR, big_sigma
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


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


def step_why(scene) -> None:
    """Row 1's input + c, both rows on one zoomed scale: μ rises with the bars, the variance stays, subtracting μ lands the bars
    on the ghost of the earlier centred ones, then division, γ and β land them on the ghost of the earlier output."""
    c1, sh, d = scene.cols[1], scene.shift, scene.data
    scene.tag = scene.txt(scene.s("shifted", c=fmt_num(sh.shift, 2)), size=scene.label_size + 1, color=scene.pal.accent)
    head = scene.heads[1]  # the row's name becomes "row 1: input + c", in its place: not a part of the title
    scene.tag.move_to(head).shift([head.get_right()[0] - scene.tag.get_right()[0], 0, 0])
    # row 1's output gives way to its input (a swap: no in-between statistics are shown), its γ and β rows away
    # until they are used again; both rows zoom to one scale that holds the values of the check; then every value
    # up by c, μ with them, all while the cue that says so is read
    out_ghost = ghost(scene, c1, d.affine[1]).set_stroke(opacity=1.0, width=3)  # the output, kept as its outline
    params = [m for pair in scene.params[1].values() for m in pair if m is not None]
    parts = [c1.bars, c1.labels, c1.band, c1.mean_line, c1.readout]
    scene.read_caption()
    scene.caption(scene.cap["cap_shift_in"], with_=[*(QuickFadeOut(m) for m in (*parts, *params, head))], run_time=0.4)
    c1.use_decimals(scene.states["why_raw"][1].values, scene.states["why_raw"][1].decimals)
    c1.set_state(scene.states["why_raw"][1])
    scene.shown["showing"] = "why_raw"
    scene.play(*(QuickFadeIn(m) for m in parts), run_time=0.4)
    scene.bring_to_back(c1.band)
    scene.go("why_raw", run_time=1.0, view="check")
    scene.shown["shifted_row_1"] = [*map(float, sh.out[1]), float(sh.mean[1])]
    # the name "row 1 + c" as the + c lands; a number the risen μ line would run through moves off it
    scene.go("why_in", run_time=1.2, extra=[QuickFadeIn(scene.tag), Avoid(c1, (float(sh.mean[1]),), True, c1.labels)])
    scene.caption(scene.cap["cap_shift_mean"])
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
    scene.go("why_centre", extra=[Avoid(c1, (float(sh.mean[1]),), False, c1.labels)])
    scene.caption(scene.cap["cap_shift_same"])
    cool = scene.pal.cool  # the bars keep their colour as they are pointed at: it means nothing new
    read_with(scene, c1.bars, color=cool)
    # the same division (row 1 back on the shared axis), then γ and β: onto the ghost of the earlier output
    scene.caption(scene.cap["cap_shift_rest"], with_=[QuickFadeIn(m) for m in params], run_time=0.5)
    scene.go("why_scale", run_time=1.5, view="fixed", extra=[QuickFadeOut(centred_ghost), QuickFadeIn(out_ghost)])
    # on the shared axis the numbers at the tips keep clear of the earlier output's outline as the bars move onto it
    scene.go("why_out", run_time=1.5, extra=[Clear(c1, d.affine[1], d.affine[1], c1.labels)])
    scene.shown.pop("shifted_row_1")
    scene.caption(scene.cap["cap_shift_out"])  # only once the output has landed
    if scene._queue:  # row 1 under its cue, then γ and β under the offset-and-scale cue, row 0 under its own
        read_with(scene, c1.bars, cue=True, color=cool)
        if scene._queue:  # the row drops to mean 0, variance 1, then γ and β put it back (scenes.layernorm.learned)
            discard_and_restore(scene)
        read_with(scene, scene.cols[0].bars, color=cool)
    else:
        read_with(scene, c1.bars, scene.cols[0].bars, color=cool)
    # why normalise, and the scale discarded too: row 1 × k grows to k times its input on an axis zoomed out to hold
    # it on its own axis (row 0's panel and axis never change), then LayerNorm collapses it back onto the outline of its own output
    sigma = big_sigma(d)
    big = scene.txt(scene.s("times", k=BIG_FACTOR, s=fmt_num(sigma, 3)), size=scene.label_size, color=scene.pal.accent)
    big.move_to(c1.readout).shift([c1.readout.get_right()[0] - big.get_right()[0], 0, 0])
    # the read-out leaves before the cue, so the cue's σ comes in on a settled line; the row's name says "row 1 × k"
    # as the cue does
    name = scene.txt(scene.s("big_row", k=BIG_FACTOR), size=scene.label_size + 1, color=scene.pal.accent)
    name.move_to(scene.tag).shift([scene.tag.get_right()[0] - name.get_right()[0], 0, 0])
    scene.read_caption()
    scene.play(QuickFadeOut(c1.readout), QuickFadeOut(out_ghost), *own_ticks_in(scene), run_time=0.4)
    scene.shown.update({"row_1_big_sigma": sigma, "row_1_big_factor": BIG_FACTOR,
                        "row_1_big": [*map(float, scene.states["big_in"][1].values)]})  # the bars' tip numbers
    # the σ line and the row's new name come in whole with the cue, then the row grows on its own axis
    scene.caption(scene.cap["cap_shift_big"], with_=[QuickFadeIn(big), ReplacementTransform(scene.tag, name)],
                  run_time=0.4)
    scene.go("big_in", run_time=2.0, rescale=own_rescaler(scene, "fixed", OWN),
             extra=[Clear(c1, d.affine[1], None, c1.labels)])
    scene.tag, scene.big_line = name, big
    read_with(scene, big, cue=True)  # σ, as the first cue states it
    while scene._queue and "LayerNorm" not in scene.cues_log[-1]["text"]:  # ten times row 0's, until LayerNorm's cue
        read_with(scene, c1.bars, scene.cols[0].bars, cue=True, color=cool)
    # its last cue: LayerNorm collapses the bars onto the outline of row 1's own output, the axis back to the shared one
    scene.go("why_out", run_time=2.0, rescale=own_rescaler(scene, OWN, "fixed"), extra=[QuickFadeIn(out_ghost), Clear(c1, None, d.affine[1], c1.labels)])
    scene.shown.pop("row_1_big")
    read_with(scene, c1.bars, out_ghost, color=cool)
    # the line stays up as long as its cue: it leaves with the charts as the next caption comes in
    # (scenes.layernorm.batch), and its values leave the record as that cue ends (big_leaves)
    scene.big_keys = ("row_1_big_sigma", "row_1_big_factor")
    scene.out_ghost = out_ghost  # where row 1's output stood: the BatchNorm contrast takes it away


def big_leaves(scene) -> None:
    """The ×k line's values out of the record: call just before the caption that replaces its cue."""
    for key in getattr(scene, "big_keys", ()):
        scene.shown.pop(key, None)

