"""The BatchNorm contrast of layernorm_steps (seed 004 §4.2: LayerNorm is per token; engine.norms.batch_contrast):
on the layer output as a table (scenes.layernorm.table), a box along row 0 is what LayerNorm normalises, then a box
down feature k's column what BatchNorm normalises. Two more tokens of the batch join (with only two rows every
normalised value would be ±1), each column's μ and σ are written under it, then row 0's output under both, with
the same γ and β. Row 1 + c changes its cells, every column's μ and σ and row 0's BatchNorm output; row 0's
LayerNorm output keeps its values.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, FadeIn, FadeOut, ReplacementTransform, SurroundingRectangle, VGroup, smooth

from engine.norms import batch_contrast as batch_numbers
from look import fmt_num
from scenes.layernorm.check import big_leaves
from scenes.layernorm.columns import exact_decimals
from scenes.layernorm.strings import BATCH_FEATURE
from scenes.layernorm.table import Table
from scenes.parts.emphasis import read_with
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

STAT_DEC, OUT_DEC = 3, 2  # the columns' μ and σ, the outputs (as the bars)
DIM = 0.5  # the other columns' cells while one column is normalised: seen, but not read
NAME_W = 3.5  # the names' column: "BatchNorm before", clear of its first value


def batch_colour(pal) -> str:
    """BatchNorm's own colour: the rose of the series, apart from β's `bad` and the bars' `cool`, and readable as
    text on both themes (the violet was too dark on black)."""
    return pal.series[6]


def swap(old: VGroup, new: VGroup) -> list:
    """Each cell of `old` replaced in place by the one of `new` (only the cells whose text differs move)."""
    return [ReplacementTransform(a, b) for a, b in zip(old, new)]


def batch_contrast(scene, out_ghost) -> None:
    """The charts give way to the table of the inputs; row, then column; the batch grows to four rows; the columns'
    μ and σ; row 0's two outputs; row 1 + c, and what moves."""
    d, pal, s = scene.data, scene.pal, scene.s
    b = batch_numbers(d)
    k, colour, rows = BATCH_FEATURE, batch_colour(pal), b.rows.shape[0]
    # the inputs as step 1 shows them (at least its precision; the other tokens' at their own)
    in_dec = max(scene.states["input"][0].decimals, exact_decimals(b.rows, 4), exact_decimals(b.shifted, 4))
    # (the earlier BatchNorm output's row goes right under the new one: clear of the caption band)
    # as large as the frame allows: the full safe width, down to just over the caption band when every row is in
    table = Table(scene, d.n, left=-SAFE_HALF_WIDTH + 0.1, right=SAFE_HALF_WIDTH - 0.05, name_w=NAME_W, top=2.6,
                  pitch=0.47, size=scene.label_size + 4, gaps=(rows, rows + 2))
    ins = [table.row(r, s("row", r=r), b.rows[r], in_dec) for r in range(rows)]
    stats = [table.row(rows, s("col_mu"), b.col_mean, STAT_DEC, colour),
             table.row(rows + 1, s("col_sigma"), b.col_std, STAT_DEC, colour)]
    outs = [table.row(rows + 2, s("ln_out"), b.layer_out[0], OUT_DEC, pal.cool),
            table.row(rows + 3, s("bn_out"), b.batch_out[0], OUT_DEC, colour)]
    # the charts' marks leave first; then each row's bars slide into its row of the table, flattening as they go,
    # and the row's inputs come in where they land (never a chart faded over the table)
    charts = [m for m in scene.mobjects if id(m) not in scene._captions and m is not scene.title_mob]
    bars = [c.bars.copy() for c in scene.cols]  # the columns' own bars come back at the end (batch_leave)
    scene.hidden = charts
    # (the ×k line and the row's name stay up with the bars until its caption ends, and leave as they slide)
    last = [m for m in (getattr(scene, "big_line", None), scene.tag) if m is not None]
    scene.read_caption()
    scene.remove(*(c.bars for c in scene.cols))
    scene.add(*bars)
    scene.play(*(QuickFadeOut(m) for m in charts if all(m is not x for x in (*(c.bars for c in scene.cols), *last))),
               run_time=0.4)
    big_leaves(scene)  # the ×k line's values leave the record as the next caption comes in
    slid = [c.bars.copy().stretch_to_fit_height(0.06).stretch_to_fit_width(table.step * d.n - 0.3)
            .move_to([table.x0 + table.step * d.n / 2, table.y(r) - 0.2, 0]) for r, c in enumerate(scene.cols)]
    shown = {"batch_rows": [[*map(float, r)] for r in b.rows[:2]]}
    scene.caption(scene.cap["cap_batch_table"], run_time=1.2, shown=shown,
                  with_=[*(ReplacementTransform(a, z) for a, z in zip(bars, slid)), QuickFadeIn(table.heads),
                         *(QuickFadeOut(m) for m in last),
                         *(FadeIn(g, shift=0.2 * DOWN, rate_func=lambda a: smooth(max(0.0, 2 * a - 1))) for g in ins[:2])])
    scene.play(*(FadeOut(z) for z in slid), run_time=0.4)
    scene.remove(*slid)
    box = table.frame_row(0, pal.accent)
    scene.play(QuickFadeIn(box), run_time=0.4)
    read_with(scene, table.cells[0], color=pal.accent, grow=1.0)
    # BatchNorm: down a column instead
    col = table.frame_col(k, 1, colour)
    others = [j for j in range(d.n) if j != k]  # dimmed while column k is the one normalised
    scene.caption(scene.cap["cap_batch"], run_time=0.8, with_=[ReplacementTransform(box, col),
                                                              *(table.cells[r][j].animate.set_opacity(DIM)
                                                                for r in range(2) for j in others)])
    read_with(scene, VGroup(*(table.cells[r][k] for r in range(2))), color=colour, grow=1.0)
    # the batch: more tokens, from other sequences
    tall = table.frame_col(k, rows - 1, colour)
    for g in (*ins[2:], *stats):  # the new rows come in dimmed but for column k
        for j in others:
            g[1][j].set_opacity(DIM)
    scene.shown["batch_rows"] = [[*map(float, r)] for r in b.rows]
    scene.caption(scene.cap["cap_batch_more"], with_=[*(FadeIn(g, shift=0.3 * DOWN) for g in ins[2:]),
                                                      ReplacementTransform(col, tall)], run_time=0.8)
    read_with(scene, *(table.cells[r] for r in range(2, rows)), grow=1.0)
    # each column's μ and σ, under it
    stat_keys = {"batch_col_mean": [*map(float, b.col_mean)], "batch_col_sigma": [*map(float, b.col_std)]}
    scene.caption(scene.cap["cap_batch_col"], with_=[QuickFadeIn(g) for g in stats], run_time=0.6, shown=stat_keys)
    read_with(scene, VGroup(table.cells[rows][k], table.cells[rows + 1][k]), color=colour, grow=1.0)
    # row 0's output under each, the same γ and β
    out_keys = {"layernorm_row_0": [*map(float, b.layer_out[0])], "batchnorm_row_0": [*map(float, b.batch_out[0])]}
    row0 = table.frame_row(0, pal.accent)
    scene.caption(scene.cap["cap_batch_out"], run_time=0.6, shown=out_keys,
                  with_=[*(QuickFadeIn(g) for g in outs), QuickFadeIn(row0),
                         *(table.cells[0][j].animate.set_opacity(1.0) for j in others)])  # row 0 read whole again
    read_with(scene, table.cells[rows + 2], table.cells[rows + 3], grow=1.0,
              color=lambda m: pal.cool if m is table.cells[rows + 2] else colour)
    # row 1 + c: its cells, every column's μ and σ and, with them, row 0's BatchNorm output change in one move (the
    # output shown always follows from the statistics shown); its earlier output stays under it, faint and labelled
    new_in = VGroup(*(table.cell(1, j, v, in_dec, pal.accent) for j, v in enumerate(b.shifted[1])))
    new_mu = VGroup(*(table.cell(rows, j, v, STAT_DEC, colour) for j, v in enumerate(b.col_mean_after)))
    new_sd = VGroup(*(table.cell(rows + 1, j, v, STAT_DEC, colour) for j, v in enumerate(b.col_std_after)))
    new_bn = VGroup(*(table.cell(rows + 3, j, v, OUT_DEC, colour) for j, v in enumerate(b.batch_out_after[0])))
    ghost = table.row(rows + 4, s("bn_before"), b.batch_out[0], OUT_DEC, pal.muted).set_opacity(0.8)
    name1 = scene.txt(s("shifted", c=fmt_num(b.shift, 2)), size=scene.label_size, color=pal.accent)
    name1.move_to([table.left + name1.width / 2, table.y(1), 0])
    moved = {"batch_rows": [[*map(float, r)] for r in b.shifted], "row_1_shifted": True,
             "batch_col_mean": [*map(float, b.col_mean_after)], "batch_col_sigma": [*map(float, b.col_std_after)],
             "batchnorm_row_0": [*map(float, b.batch_out_after[0])],
             "batchnorm_row_0_before": [*map(float, b.batch_out[0])]}
    # in order, each as its cue says it: row 1's cells tick up by c (the columns' μ and σ and row 0's BatchNorm
    # output fade back, out of date and out of the record); then the columns' μ and σ tick to their new values; then
    # row 0's BatchNorm output slides to its new values, the old ones down into a faint labelled row, while its
    # LayerNorm output stays pinned
    stale = [table.cells[rows], table.cells[rows + 1], table.cells[rows + 3]]
    faded = {f"{key}_stale": scene.shown.pop(key) for key in ("batch_col_mean", "batch_col_sigma", "batchnorm_row_0")}
    scene.caption(scene.cap["cap_batch_move"], run_time=0.8,
                  shown={"batch_rows": moved["batch_rows"], "row_1_shifted": True, **faded},
                  with_=[*swap(table.cells[1], new_in), ReplacementTransform(table.names[1], name1),
                         *(m.animate.set_opacity(0.5) for m in stale)])
    table.cells[1], table.names[1] = new_in, name1
    read_with(scene, new_in, grow=1.0, cue=True)
    scene.shown.update({k: moved[k] for k in ("batch_col_mean", "batch_col_sigma")})
    [scene.shown.pop(f"{k}_stale") for k in ("batch_col_mean", "batch_col_sigma")]  # replaced by this play
    scene.play(*swap(table.cells[rows], new_mu), *swap(table.cells[rows + 1], new_sd), run_time=0.8)
    table.cells[rows], table.cells[rows + 1] = new_mu, new_sd
    read_with(scene, new_mu, new_sd, grow=1.0, color=colour)
    old_bn = table.cells[rows + 3]
    pin = SurroundingRectangle(table.cells[rows + 2], color=pal.cool, buff=0.06, stroke_width=4)
    scene.shown.pop("batchnorm_row_0_stale")  # in the record below as the earlier output
    scene.caption(scene.cap["cap_batch_row0"], run_time=1.2,
                  shown={k: moved[k] for k in ("batchnorm_row_0", "batchnorm_row_0_before")},
                  with_=[*(FadeIn(m, shift=0.35 * DOWN) for m in new_bn), ReplacementTransform(old_bn, ghost[1]),
                         FadeIn(ghost[0], shift=0.2 * DOWN), QuickFadeIn(pin)])
    table.cells[rows + 3] = new_bn
    # row 0's BatchNorm output has changed; its LayerNorm output has not
    read_with(scene, new_bn, table.cells[rows + 2], grow=1.0,
              color=lambda m: colour if m is new_bn else pal.cool)
    scene.batch = {"out": [table.heads, row0, tall, pin, ghost, *(table.names[r] for r in table.names),
                           *(table.cells[r] for r in table.cells)], "ln_row": table.cells[rows + 2],
                   "keys": ("batch_rows", "row_1_shifted", "batchnorm_row_0_before", *stat_keys, *out_keys)}


def batch_leave(scene, also=()) -> list:
    """The table gives way to the charts in one move (with `also`, that section's own fade-outs): row 0's LayerNorm
    output, the table's row, flies into the numbers at its bars' tips as the bars rise out of that row (the same
    values: 2 decimals in both); the rest of the table fades as row 1's bars, the feature names, the axes and the row
    names come back in their places. Never an empty frame. Returns what came back."""
    b = scene.batch
    c0, ln = scene.cols[0], b["ln_row"]
    own = getattr(scene, "own_axes", {}).get("fixed")  # row 1's own values, from the scale check on
    back = [m for c in scene.cols[1:] for m in (c.bars, c.labels)]
    back += [scene.zero, *scene.fnames, scene.ticks, scene.grid, *scene.heads, *((own.ticks, own.grid) if own else ())]
    for key in b["keys"]:  # gone by the end of the play
        scene.shown.pop(key, None)
    flying = []
    lines = [scene.zero, *(a.grid for a in (*scene.axes.values(), *getattr(scene, "own_axes", {}).values()))]
    for k, label in enumerate(c0.labels):
        lo, hi = label.text_edges()
        flying.append((ln[k], scene.txt(label.shown, size=scene.label_size)
                       .move_to([(lo + hi) / 2, label.box.get_center()[1], 0])))
        for m in flying[-1]:  # on their way they cross the axes' faint lines: drawn over them
            scene.label_on(m, *lines)
    flat = c0.bars.copy().stretch_to_fit_height(0.06).move_to([c0.bars.x_left + c0.bars.span / 2, ln.get_y(), 0])
    risen = c0.bars.copy()
    scene.play(*(QuickFadeOut(m) for m in b["out"] if m is not ln), *(ReplacementTransform(a, z) for a, z in flying),
               ReplacementTransform(flat, risen), *(QuickFadeIn(m) for m in back), *also, run_time=1.2)
    scene.remove(*(z for _a, z in flying), risen)
    scene.add(c0.bars, c0.labels)
    scene.tag = VGroup()
    scene.batch = None
    return [*back, c0.bars, c0.labels]  # what the charts show again, for the next section to keep
