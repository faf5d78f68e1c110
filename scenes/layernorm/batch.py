"""The BatchNorm contrast of layernorm_steps (seed 004 §4.2: LayerNorm is per token; engine.norms.batch_norm
and batch_stats): BatchNorm's statistics run down a feature's column instead, across the rows.

One feature's input in every row is drawn as a real bar in a panel of its own (scenes.layernorm.inset), in row 1's
place while the contrast runs; the column's box, its μ (a dashed line with its tick on the input axis) and its band
μ ± σ are drawn on those bars. Row 1's header says it is unshifted until the + c reaches the column. Row 0's output
under BatchNorm (with the same γ, β as the LayerNorm bars) is drawn as outlines over its bars, each with a mark at
its value (a value at 0 still shows). Row 1's + c raises its input bar and moves the column's μ and σ, and in the
same motion the outlines, while the LayerNorm bars stay.
"""
from __future__ import annotations

import numpy as np
from manim import RIGHT, Line, Rectangle, ReplacementTransform, Transform, VGroup

from look import fmt_num
from scenes.layernorm.check import ghost, grid_lines
from scenes.layernorm.columns import Clear
from scenes.layernorm.inset import InputPanel
from scenes.layernorm.strings import BATCH_FEATURE
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


def batch_colour(pal) -> str:
    """BatchNorm's own colour: the violet of the series, apart from β's `bad` and the bars' `cool`, bright on dark."""
    return pal.series[5]


def outlines(scene, col, values, colour) -> VGroup:
    """Outlines of bars with `values` over `col`'s bars, and at each one's value a mark wider than the bar."""
    out = ghost(scene, col, values).set_stroke(color=colour, opacity=1.0, width=3.5)
    bars = col.bars
    marks = VGroup(*(Line([bars.x(k) - 0.6 * bars.bar_w, bars.level(v), 0], [bars.x(k) + 0.6 * bars.bar_w, bars.level(v), 0],
                          color=colour, stroke_width=6) for k, v in enumerate(values)))
    for label in col.labels:
        scene.label_on(label, marks)
    return VGroup(out, marks)


def column_text(scene, mean: float, var: float, colour):
    k = BATCH_FEATURE
    return scene.txt(scene.s("batch_col", k=k, m=fmt_num(float(mean), 4), s=fmt_num(float(np.sqrt(var)), 4)),
                     size=scene.label_size, color=colour)


def row_tag(scene, key: str, like) -> VGroup:
    """Row 1's header, `key` ("shifted" or "unshifted"), right-aligned where `like` is."""
    tag = scene.txt(scene.s(key, c=fmt_num(scene.shift.shift, 2)), size=scene.label_size + 1, color=scene.pal.accent)
    return tag.move_to(like).shift([like.get_right()[0] - tag.get_right()[0], 0, 0])


def outline_key(scene, col, header, colour, y: float | None = None) -> VGroup:
    """The outlines' key, "▭ BatchNorm, same γ, β", at the top right of `col`'s plot, clear under the column's
    `header`, on the paper's colour (its violet keeps 4.5:1 over the band and the column's tint)."""
    pal = scene.pal
    swatch = Rectangle(width=0.2, height=0.28, stroke_color=colour, stroke_width=3.5, fill_opacity=0)
    words = scene.txt(scene.s("batch_tag"), size=scene.label_size, color=colour)
    out = VGroup(swatch, words).arrange(RIGHT, buff=0.12)
    out.add_background_rectangle(color=pal.background, opacity=1.0, buff=0.06)
    b = col.bars
    top = header.get_bottom()[1] - 0.16 - out.height / 2 if y is None else y  # `y`: centred there instead
    out.move_to([b.x_left + b.span - out.width / 2, top, 0])
    scene.label_on(out, *(a.grid for a in scene.axes.values()), *(a.ticks for a in scene.axes.values()))
    return out


def row_one(scene) -> list:
    """Row 1's picture (bars, numbers, band, mean line, zero line, faint lines, feature names, γ and β values): it
    gives its place to the column's panel while the contrast runs."""
    c1 = scene.cols[1]
    lines = grid_lines(scene.axes[scene.view], 1)
    params = [m for pair in scene.params[1].values() for m in pair if m is not None]
    return [c1.bars, c1.labels, c1.band, c1.mean_line, scene.zero[1], scene.fnames[1], *lines, *params]


def lift_column(scene, panel, colour) -> VGroup:
    """Feature k's bar in every row panel is framed with its name, then carried into the column's panel: row 1's
    panel leaves around its bar, the panel's axis comes in, and the two bars move into it as its input bars.
    Returns the frame left on row 0's bar (it leaves once the column stands)."""
    k, cols = BATCH_FEATURE, scene.cols
    frames = VGroup()
    for c, f in zip(cols, scene.fnames):  # as wide as the bar (clear of the axis's values), its number to its name
        parts = VGroup(c.bars.bars[k], c.labels[k], f[k])
        top, bottom = parts.get_top()[1] + 0.06, parts.get_bottom()[1] - 0.06
        frames.add(Rectangle(width=c.bars.bar_w + 0.14, height=top - bottom, color=colour, stroke_width=4)
                   .move_to([c.bars.x(k), (top + bottom) / 2, 0]))
    for c, f in zip(cols, scene.fnames):
        scene.label_on(f[k], frames)
        scene.label_on(c.labels[k], frames)
    scene.play(*(QuickFadeIn(f) for f in frames), *(f[k].animate.set_color(colour) for f in scene.fnames),
               run_time=0.5)
    carried = [c.bars.bars[k].copy() for c in cols]
    scene.add(*carried)
    scene.play(*(QuickFadeOut(m) for m in (*row_one(scene), frames[1], scene.tag)), run_time=0.5)  # row 1 leaves
    scene.fnames[1][k].set_color(scene.pal.muted)  # as it will come back
    # the column's own axis comes in, alone in row 1's place, as the bars move into it
    scene.play(QuickFadeIn(panel.frame), *(ReplacementTransform(m, b) for m, b in zip(carried, panel.bars)),
               run_time=1.0)
    return frames[0]


def batch_contrast(scene, out_ghost) -> None:
    """Feature k's inputs as bars in a panel of their own, in row 1's place, bracketed as one column with its μ and
    σ drawn on them; row 0 under BatchNorm as outlines; row 1's + c raises its input bar, moves the column's μ and
    σ and, in the same motion, the outlines, while the LayerNorm bars stay."""
    c0, c1, sh, pal, d = scene.cols[0], scene.cols[1], scene.shift, scene.pal, scene.data
    k, colour = BATCH_FEATURE, batch_colour(pal)
    readouts = [c.readout for c in scene.cols]
    hidden = row_one(scene)
    params = [m for pair in scene.params[1].values() for m in pair if m is not None]
    region = (c1.bars.x_left - 0.35, c1.bars.x_left + c1.bars.span, c1.readout.get_top()[1],
              min(m.get_bottom()[1] for m in params))
    ins = [float(d.out[0][k]), float(d.out[1][k])]
    ins_after = [float(sh.out[0][k]), float(sh.out[1][k])]
    panel = InputPanel(scene, ins, max(*ins, *ins_after), region, colour)
    title = panel.header(scene.txt(scene.s("batch_inputs", k=k), size=scene.label_size, color=colour))
    # the column, as the cue says BatchNorm works down it: feature k's bar in each row carried into a panel of its own
    plain = row_tag(scene, "unshifted", scene.tag)
    scene.caption(scene.cap["cap_batch"], with_=[QuickFadeOut(out_ghost), *(QuickFadeOut(r) for r in readouts)],
                  run_time=0.4)
    frame0 = lift_column(scene, panel, colour)
    scene.play(QuickFadeIn(panel.nums), QuickFadeIn(panel.box), QuickFadeIn(title), QuickFadeIn(plain), run_time=0.4)
    scene.tag = plain
    scene.shown["row_1_shifted"] = False
    read_with(scene, panel.box, color=colour)
    # μ and σ of those two bars, drawn on them
    stats = {"batch_column": k, "batch_column_inputs": ins, "batch_column_mean": float(sh.batch_mean_before[k]),
             "batch_column_sigma": float(np.sqrt(sh.batch_var_before[k]))}
    text = panel.header(column_text(scene, sh.batch_mean_before[k], sh.batch_var_before[k], colour))
    marks = panel.stats(stats["batch_column_mean"], stats["batch_column_sigma"])
    scene.add(marks[0])
    scene.bring_to_back(marks[0])
    scene.caption(scene.cap["cap_batch_col"], with_=[QuickFadeOut(title), QuickFadeOut(frame0)], run_time=0.3,
                  shown=stats)
    scene.play(QuickFadeIn(text), QuickFadeIn(marks), run_time=0.4)
    read_with(scene, *panel.nums, text, color=colour)
    # row 0 under BatchNorm, with the same γ and β: outlines over its LayerNorm bars
    before = outlines(scene, c0, sh.batch_before[0], colour)
    after = outlines(scene, c0, sh.batch_after[0], colour)
    name = outline_key(scene, c0, c0.readout, colour, y=c0.readout.get_y())  # where row 0's read-out was
    scene.caption(scene.cap["cap_batch_out"], with_=[QuickFadeIn(before), QuickFadeIn(name),
                                                     Clear(c0, None, sh.batch_before[0], c0.labels)], run_time=0.6,
                  shown={"batchnorm_row_0": [*map(float, sh.batch_before[0])]})
    scene.bring_to_front(c0.labels)  # the numbers at the tips over the outlines, as these move too
    read_with(scene, before, color=colour)
    # row 1's + c lands: its input bar rises, the column's μ and σ move, and row 0's outlines with them (the old
    # header, row name and number leave first: never faded across the new ones, never inside the rising bar)
    moved = panel.header(column_text(scene, sh.batch_mean_after[k], sh.batch_var_after[k], colour))
    marks_after = panel.stats(float(sh.batch_mean_after[k]), float(np.sqrt(sh.batch_var_after[k])))
    risen = panel.bar(panel.xs[1], ins_after[1])
    num_after = panel.num(1, ins_after[1])
    shifted = row_tag(scene, "shifted", scene.tag)
    scene.caption(scene.cap["cap_batch_move"], with_=[QuickFadeOut(m) for m in (text, panel.nums[1], scene.tag)],
                  run_time=0.25,
                  shown={"batch_column_mean": float(sh.batch_mean_after[k]), "batch_column_inputs": ins_after,
                         "row_1_shifted": True, "batch_column_sigma": float(np.sqrt(sh.batch_var_after[k])),
                         "batchnorm_row_0": [*map(float, sh.batch_after[0])]})
    scene.play(ReplacementTransform(marks, marks_after), panel.bars[1].animate.become(risen), Transform(before, after),
               Clear(c0, sh.batch_before[0], sh.batch_after[0], c0.labels),
               *(QuickFadeIn(m) for m in (moved, num_after, shifted)), run_time=0.7)  # done before its cue's middle
    after = before  # the outlines, moved in place (under the numbers)
    scene.tag = shifted
    scene.bring_to_front(c0.labels)
    read_with(scene, panel.bars, num_after, moved, color=colour)
    # row 0's BatchNorm output has moved; its LayerNorm bars stay
    scene.caption(scene.cap["cap_batch_row0"])
    read_with(scene, after, c0.bars, color=lambda m: colour if m is after else pal.cool)  # the bars keep their colour
    # the outlines stay until that cue has been read: the next section takes the contrast away (batch_leave)
    lines = grid_lines(scene.axes[scene.view], 1)
    scene.batch = {"out": [scene.tag, after, name, moved, marks_after, panel.frame, panel.bars, panel.nums[0], num_after,
                           panel.box],
                   "back": [c1.bars, c1.labels, scene.zero[1], scene.fnames[1], *lines, scene.heads[1]],
                   "clear": sh.batch_after[0], "keys": ("batchnorm_row_0", "row_1_shifted", *stats)}


def batch_leave(scene, also=()) -> None:
    """The contrast leaves as the next section starts (with `also`, that section's own fade-outs): the column's
    panel, row 0's outlines and their key go, and only then row 1's bars, numbers and feature names come back in
    its place (never two axes on one place); feature k's name takes its colour back."""
    b = scene.batch
    c0, k = scene.cols[0], BATCH_FEATURE
    scene.play(*(QuickFadeOut(m) for m in b["out"]), *also, scene.fnames[0][k].animate.set_color(scene.pal.muted),
               Clear(c0, b["clear"], None, c0.labels), run_time=0.5)
    for key in b["keys"]:
        scene.shown.pop(key, None)
    scene.play(*(QuickFadeIn(m) for m in b["back"]), run_time=0.5)
    scene.tag = VGroup()
    scene.batch = None
