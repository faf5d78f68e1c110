"""The BatchNorm contrast of layernorm_steps (seed 004 §4.2: LayerNorm is per token; engine.norms.batch_norm
and batch_stats): BatchNorm's statistics run down a feature's column instead, across the rows.

One feature's column is bracketed: its bar in row 0 and its bar in row 1 in one band, joined above the plots,
with that column's own μ and σ, and in each band the row's input to that feature (a tick either side of the bar at
its level, its value at the band's foot): the μ and σ are those of the two values seen. Row 1's header says it is
unshifted until the + c reaches the column. Row 0's output under BatchNorm (with the same γ, β as the
LayerNorm bars) is drawn as outlines over its bars, each with a mark at its value (a value at 0 still shows).
Row 1's + c then moves the column's μ and σ, and with them the outlines, while the LayerNorm bars stay.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, Indicate, Line, Rectangle, ReplacementTransform, VGroup

from look import fmt_num
from scenes.layernorm.check import ghost
from scenes.layernorm.columns import Clear
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


def input_marks(scene, strips, values, colour) -> VGroup:
    """Feature k's input in every row inside its band `strips[r]`: a short tick on either edge of the band at the
    input's level and its value (3 decimals, as step 1 shows it) at the band's foot."""
    k, out = BATCH_FEATURE, VGroup()
    for c, strip, v in zip(scene.cols, strips, values):
        b, y = c.bars, c.bars.level(float(v))
        x, outer = b.x(k), strip.width / 2
        inner = max(b.bar_w / 2 + 0.03, outer - 0.1)  # on the band's edges: clear of the number over the bar
        ticks = VGroup(*(Line([x + side * outer, y, 0], [x + side * inner, y, 0], color=colour, stroke_width=6)
                         for side in (-1, 1)))
        num = scene.txt(fmt_num(float(v), 3), size=scene.label_size, color=colour)
        if num.width > strip.width - 0.08:
            num.scale_to_fit_width(strip.width - 0.08)
        num.move_to([x, strip.get_bottom()[1] + 0.08 + num.height / 2, 0])
        scene.label_on(num, strip, *(a.grid for a in scene.axes.values()))
        out.add(VGroup(ticks, num))
    return out


def row_tag(scene, key: str, like) -> VGroup:
    """Row 1's header, `key` ("shifted" or "unshifted"), right-aligned where `like` is."""
    tag = scene.txt(scene.s(key, c=fmt_num(scene.shift.shift, 2)), size=scene.label_size + 1, color=scene.pal.accent)
    return tag.move_to(like).shift([like.get_right()[0] - tag.get_right()[0], 0, 0])


def bracket(scene, top: float, bottom: float, colour) -> tuple:
    """(strips, joint): a band around feature k's bar in every row, from `bottom` to `top`, and the line joining
    them above the plots."""
    k = BATCH_FEATURE
    strips = VGroup()
    for c in scene.cols:
        b = c.bars
        strips.add(Rectangle(width=b.step * 0.92, height=top - bottom, stroke_color=colour, stroke_width=3,
                             fill_color=colour, fill_opacity=0.12).move_to([b.x(k), (top + bottom) / 2, 0]))
    xs = [s.get_center()[0] for s in strips]
    joint = VGroup(*(Line([x, top, 0], [x, top + 0.2, 0], color=colour, stroke_width=3) for x in xs),
                   Line([xs[0], top + 0.2, 0], [xs[-1], top + 0.2, 0], color=colour, stroke_width=3))
    return strips, joint


def outline_key(scene, col, header, colour) -> VGroup:
    """The outlines' key, "▭ BatchNorm, same γ, β", at the top right of `col`'s plot, clear under the column's
    `header`, on the paper's colour (its violet keeps 4.5:1 over the band and the column's tint)."""
    pal = scene.pal
    swatch = Rectangle(width=0.2, height=0.28, stroke_color=colour, stroke_width=3.5, fill_opacity=0)
    words = scene.txt(scene.s("batch_tag"), size=scene.label_size, color=colour)
    out = VGroup(swatch, words).arrange(RIGHT, buff=0.12)
    out.add_background_rectangle(color=pal.background, opacity=1.0, buff=0.06)
    b = col.bars
    out.move_to([b.x_left + b.span - out.width / 2, header.get_bottom()[1] - 0.16 - out.height / 2, 0])
    scene.label_on(out, *(a.grid for a in scene.axes.values()), *(a.ticks for a in scene.axes.values()))
    return out


def batch_contrast(scene, out_ghost) -> None:
    """Feature k's column bracketed with its μ and σ; row 0 under BatchNorm as outlines; row 1's + c moves the
    column's statistics and the outlines, the LayerNorm bars stay."""
    c0, c1, sh, pal = scene.cols[0], scene.cols[1], scene.shift, scene.pal
    k, colour = BATCH_FEATURE, batch_colour(pal)
    readouts = [c.readout for c in scene.cols]
    top = min(r.get_bottom()[1] for r in readouts) - 0.2  # the joint runs where the read-outs were
    bottom = min(c.bars.y0 for c in scene.cols) - 0.1
    lowest = min(min(c.bars.level(v) for v in (*c.state.values, *sh.batch_before[0], *sh.batch_after[0]))
                 for c in scene.cols)
    bottom = min(bottom, lowest - scene.room)
    strips, joint = bracket(scene, top, bottom, colour)
    text = column_text(scene, sh.batch_mean_before[k], sh.batch_var_before[k], colour)
    text.move_to([(strips[0].get_x() + strips[-1].get_x()) / 2, top + 0.2, 0])
    text.add_background_rectangle(color=pal.background, opacity=1.0, buff=0.08)
    scene.label_on(text, joint, *(a.grid for a in scene.axes.values()))
    for c in scene.cols:
        for label in c.labels:
            scene.label_on(label, strips)
    # the column, as the cue says BatchNorm works down it; the rows' read-outs make room; row 1 is unshifted again
    plain = row_tag(scene, "unshifted", scene.tag)
    scene.caption(scene.cap["cap_batch"], with_=[QuickFadeOut(out_ghost), *(QuickFadeOut(r) for r in readouts),
                                                 QuickFadeIn(strips), QuickFadeIn(joint),
                                                 ReplacementTransform(scene.tag, plain)], run_time=0.6)
    scene.tag = plain
    scene.shown["row_1_shifted"] = False
    read_with(scene, strips, color=colour)
    # the column's inputs, then their μ and σ over them
    ins = [float(sh.out[0][k]), float(scene.data.out[1][k])]
    marks = input_marks(scene, strips, ins, colour)
    stats = {"batch_column": k, "batch_column_inputs": ins, "batch_column_mean": float(sh.batch_mean_before[k]),
             "batch_column_sigma": float(np.sqrt(sh.batch_var_before[k]))}
    scene.caption(scene.cap["cap_batch_col"], with_=[QuickFadeIn(marks), QuickFadeIn(text)], run_time=0.6, shown=stats)
    read_with(scene, *(m[1] for m in marks), text, color=colour)
    # row 0 under BatchNorm, with the same γ and β: outlines over its LayerNorm bars
    before = outlines(scene, c0, sh.batch_before[0], colour)
    after = outlines(scene, c0, sh.batch_after[0], colour)
    name = outline_key(scene, c0, text, colour)
    scene.caption(scene.cap["cap_batch_out"], with_=[QuickFadeIn(before), QuickFadeIn(name),
                                                     Clear(c0, None, sh.batch_before[0], c0.labels)], run_time=0.6,
                  shown={"batchnorm_row_0": [*map(float, sh.batch_before[0])]})
    scene.bring_to_front(c0.labels)  # the numbers at the tips over the outlines
    read_with(scene, before, color=colour)
    if "cap_batch_two" in scene.cap:  # two rows: every column normalises to ±σ/√(σ² + ε) (or 0)
        scene.caption(scene.cap["cap_batch_two"], with_=[Indicate(before[1], color=colour)], run_time=0.8)
        read_with(scene, *before[1], color=colour)
    # row 1's + c: the column's μ and σ move ...
    moved = column_text(scene, sh.batch_mean_after[k], sh.batch_var_after[k], colour).move_to(text.get_center())
    moved.add_background_rectangle(color=pal.background, opacity=1.0, buff=0.08)
    scene.label_on(moved, joint, *(a.grid for a in scene.axes.values()))
    shifted = row_tag(scene, "shifted", scene.tag)
    ins_after = [float(sh.out[0][k]), float(sh.out[1][k])]
    marks_after = input_marks(scene, strips, ins_after, colour)
    scene.caption(scene.cap["cap_batch_move"], with_=[ReplacementTransform(text, moved), ReplacementTransform(marks, marks_after),
                                                      ReplacementTransform(scene.tag, shifted)], run_time=1.0,
                  shown={"batch_column_mean": float(sh.batch_mean_after[k]), "batch_column_inputs": ins_after,
                         "row_1_shifted": True, "batch_column_sigma": float(np.sqrt(sh.batch_var_after[k]))})
    scene.tag = shifted
    read_with(scene, strips, color=colour)
    # ... and row 0's BatchNorm output with them; its LayerNorm bars stay
    scene.caption(scene.cap["cap_batch_row0"], with_=[ReplacementTransform(before, after),
                                                        Clear(c0, sh.batch_before[0], sh.batch_after[0], c0.labels)],
                  run_time=1.5,
                  shown={"batchnorm_row_0": [*map(float, sh.batch_after[0])]})
    scene.bring_to_front(c0.labels)
    read_with(scene, after, c0.bars, color=lambda m: colour if m is after else pal.accent)
    scene.play(*(QuickFadeOut(m) for m in (scene.tag, after, name, moved, strips, joint, marks_after)),
               *(QuickFadeIn(r) for r in (*readouts, scene.heads[1])), Clear(c0, sh.batch_after[0], None, c0.labels),
               run_time=0.5)
    for key in ("batchnorm_row_0", "row_1_shifted", *stats):
        scene.shown.pop(key, None)
    scene.tag = VGroup()
