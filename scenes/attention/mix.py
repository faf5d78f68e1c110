"""attention_heatmap, the two heads of one layer combined (docs/design.md §3, "two heads ... concat → W_O";
seed 003's simulator has one head, so the step is the worked example's, on the toy's numbers): the ending
stays on the plane of the second head's sum, where both heads' outputs are drawn, x (the first head) and x′
(the second), and each head's weights come back as a heat map in the free left half, the last row (the one that
made that x) boxed. Then, as motion in the free left half: both read-outs slide together into one column of
four numbers, [x; x′] (the record's heads_concat); the output projection W_O (engine.toy.MIX_W_O, small and
fixed) comes in front of it, each of its rows acts on the column and gives one number of o = W_O [x; x′]
(engine.attention.concat_heads, the record's layer_out), and o grows on the plane. This W_O is [½I | ½I] (the
record's head_mix, engine.attention.head_weights), so o = (x + x′)/2, typeset under the product and drawn as
the midpoint of the two arrows. The scene ends on the heat maps with the pipeline lit in order on what is
drawn: both heat maps, their last rows, [x; x′], W_O and o.
Mixed into scenes.attention_heatmap.AttentionHeatmap, last.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, ORIGIN, RIGHT, UP, AnimationGroup, Arrow, Brace, Create, DashedLine, FadeIn, GrowArrow, Indicate, ReplacementTransform,
    MoveToTarget, Rectangle, SurroundingRectangle, VGroup, VMobject, config, there_and_back,
)

from look import fmt_num
from scenes.attention.arrows import arrow, box_overlap, place_past
from scenes.attention.cueing import into_cue
from scenes.attention.asksum import VEC_NAME
from scenes.attention.placing import box_of
from scenes.attention.repeats import touches
from scenes.attention.strings import places, short
from scenes.attention.table import LABEL, NOTE, TEX
from scenes.parts.cues import cues
from scenes.parts.emphasis import beat_with, read_with
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.titles import SAFE, TITLE_SIZE

NUM = 30  # the column's numbers: digits 3.8 % of the frame height
HEAD_NOTE_BOTTOM = -2.45  # the note on the heads' width, bottom left: above the captions
HEAD_NOTE_WIDTH = 6.6  # left of the plane
VEC_TEX = 60  # o on the plane, typeset: its x-height as x and x′ beside it
BIG = 44  # the product's matrices and names, typeset: digits 3.4 % of the frame height
PRODUCT_Y = 0.55  # the product's middle, in the left half
DIM_GAP = 0.5  # the sum's name in the row ends this far left of the plane's "dim 2"
MAP_FIRST_X, MAP_FIRST_Y = (-4.6, -1.5), 1.2  # the two maps' middles as they come, in the free left half
MAP_GROWN, MAP_X, MAP_Y = 0.27, (2.45, 5.1), 1.8  # then: a cell's height, the two maps' middles, side by side


def mix_formula(head_mix) -> str:
    """How o is made from h₁ and h₂ (the heads' outputs), as the record's W_O computes it: '(h₁ + h₂)/2' for the
    average (a caption's words, in the caption face's own digits; the captions draw h1, h2 as the picture sets h₁, h₂:
    scenes.attention.captions)."""
    if head_mix is None:
        return "W_O [h1; h2]"
    c1, c2 = head_mix
    if c1 == c2 == 0.5:
        return "(h1 + h2)/2"
    return f"{fmt_num(c1, 2)} h1 + {fmt_num(c2, 2)} h2"


def mix_tex(head_mix) -> str:
    """`mix_formula` in TeX: o = (h_1 + h_2)/2 typeset, as the picture writes it."""
    if head_mix is None:
        return r"o = W_O \begin{bmatrix} h_1 \\ h_2 \end{bmatrix}"
    c1, c2 = head_mix
    if c1 == c2 == 0.5:
        return r"o = \frac{h_1 + h_2}{2}"
    return rf"o = {short(c1)}\,h_1 + {short(c2)}\,h_2"


def pop(mob, factor: float):
    """`mob` grown by `factor` and back, in place and in its own colours: a beat that hides nothing."""
    return mob.animate(rate_func=there_and_back).scale(factor)


def bracket(mob, side, pad: float = 0.1, hook: float = 0.12, color=None, width: float = 3) -> VMobject:
    """A square bracket at `side` (LEFT or RIGHT) of `mob`."""
    s = -1 if side is LEFT else 1
    x = (mob.get_left() if s < 0 else mob.get_right())[0] + s * pad
    top, bot = mob.get_top()[1] + 0.08, mob.get_bottom()[1] - 0.08
    pts = [[x - s * hook, top, 0], [x, top, 0], [x, bot, 0], [x - s * hook, bot, 0]]
    return VMobject(stroke_color=color, stroke_width=width).set_points_as_corners(pts)


class AttentionMix:
    """Needs from the scene: d (the record), pal, s, txt, tex, section, caption, play, shown, title_mob, and
    what the second head leaves: ask_view, ask_at (the plane's map), ask_final / ask_before (x′ and x drawn),
    ask_chain, ask_formula (the last row's scores in both heads; the sum's formula left with its key), x_first and ask_readout (both heads' x)."""

    def named(self, key: str, name: str, index: str, color, **words) -> VGroup:
        """The string `key` with `name + index` in it (e5), the index's digits set low and small, as e₅: drawn from
        the line's own glyphs, since the CJK faces have no subscript digits."""
        line = self.s(key, xn=name + index, **words)
        mob = self.txt(line, size=NOTE, color=color)
        at = "".join(line.split()).index(name + index) + len(name)  # the glyphs, spaces left out
        digits = VGroup(*mob[at:at + len(index)])
        low = digits.height * 0.3
        digits.scale(0.7, about_edge=DOWN + LEFT).shift(DOWN * low)
        return mob

    def column(self, values, colors) -> VGroup:
        """Numbers one under another, right-aligned, in brackets: (entries, brackets), built, not shown."""
        nums = VGroup(*(self.txt(fmt_num(v, 4), size=NUM, color=c) for v, c in zip(values, colors)))
        nums.arrange(DOWN, buff=0.16, aligned_edge=RIGHT)
        return VGroup(nums, VGroup(bracket(nums, LEFT, color=self.pal.ink), bracket(nums, RIGHT, color=self.pal.ink)))

    def head_maps(self, heads) -> VGroup:
        """Each head's weights α (the record's A, and asking.A) as a heat map in the free left half (cells MAP_GROWN
        tall), its last row boxed in the colour of that head's read-out: the row whose weights made its output.
        (grids, boxes), built, not shown."""
        d, pal = self.d, self.pal
        grids, boxes = VGroup(), VGroup()
        for weights, mask, head, color in ((d.A, d.mask, heads[0], pal.ink), (d.asking.A, d.asking.mask, heads[1], pal.accent)):
            n = weights.shape[0]  # (n, n)
            h = MAP_GROWN  # at the size they keep: a thumbnail beside the read-out would be too small to read
            grid = HeatmapGrid(weights, cell_w=h * 1.4, cell_h=h, palette=pal, vmax=1.0).show_rows(n)
            masked = [Rectangle(width=h * 1.4, height=h, stroke_width=0, fill_color=pal.background, fill_opacity=1)
                      .move_to(grid.cell_center(r, c)) for r, c in zip(*np.nonzero(mask))]  # masked: the paper, as in the table
            grid.add(*masked)
            grid.add(grid.outline.copy())  # the frame over the masked cells
            grid.move_to([MAP_FIRST_X[len(grids)], MAP_FIRST_Y, 0])
            grids.add(grid)
            boxes.add(SurroundingRectangle(grid.row_group(n - 1), buff=0.03, color=color, stroke_width=4))
        return VGroup(grids, boxes)

    def maps_grow(self, maps, names) -> tuple:
        """Once the read-outs have left for the column, the two heat maps grow side by side into the free top
        right (cells MAP_GROWN tall); each head's name ("head 1, row 5") becomes the map's own name over it ("head 1
        weights": the map is the whole table, its row n boxed): (the animations, the maps' names)."""
        grids, boxes = maps
        anims, labels = [], VGroup()
        for k, (grid, box, name) in enumerate(zip(grids, boxes, names)):
            pair = VGroup(grid, box)
            pair.generate_target()
            pair.target.scale(MAP_GROWN / (grid.outline.height / grid.n_rows))
            pair.target.move_to([MAP_X[k], MAP_Y, 0])
            label = self.map_labels[k]  # named since it came: it moves with its map; the read-out's name leaves
            labels.add(label)
            anims += [MoveToTarget(pair), label.animate.next_to(pair.target, UP, buff=0.12), QuickFadeOut(name)]
        return anims, labels

    def mix(self):
        d, pal = self.d, self.pal
        o, cat = d.layer_out, d.heads_concat
        words = dict(o1=fmt_num(o[0], 4), o2=fmt_num(o[1], 4), how=mix_formula(d.head_mix))
        self.section("mix", self.s("cap_mix"), keep=[self.ask_view])
        # the chain and the formulas step out: x and x′ stay drawn, the segment between their tips comes
        self.play(QuickFadeOut(self.ask_chain), QuickFadeOut(self.ask_formula), run_time=0.5)
        at = self.ask_at  # the same plane, at the same scale: nothing moves
        seg = DashedLine(at(d.x), at(d.asking.x), color=pal.muted, stroke_width=3, dash_length=0.12)
        heads = self.ask_readout  # (x_first, x′): each a (name, value) pair
        maps = self.head_maps(heads)  # each head's weights, the last row boxed in its colour
        self.shown.update({"showing": "mix,heads", "head_maps": ";".join(",".join(f"{v:.6f}" for v in w[-1])
                                                                        for w in (d.A, d.asking.A))})
        # the plane keeps only what the cues speak of: the value arrows' names go, and every value arrow but token n's
        # own (the residual adds o to it); the heads' names over their maps say whose row n they are
        own = self.d1.residual_in
        labels = [lab for _, _, lab in self.plane_values]
        idle = [drawn for v, drawn, _ in self.plane_values if not np.allclose(v, own)]
        tips = self.ask_view[5]  # the names (h₂, h₁)
        self.play(*(QuickFadeOut(m) for m in (*labels, *idle)), run_time=0.5)
        self.remove(*labels, *idle)
        self.ask_view.submobjects = [m for m in self.ask_view.submobjects if not any(m is i for i in idle)
                                     and not (len(m.submobjects) and all(any(x is lab for lab in labels) for x in m))]
        self.shown["plane_values_named"] = 0
        # the names apart before o comes between them: x past its tip away from x′, x′ past its own tip
        x_spot = tips[1].copy()
        place_past(x_spot, at(d.asking.x), at(d.x), buff=0.2)
        # each map named as it comes ("head 1 weights"), in its head's colour
        self.map_labels = VGroup(*(self.txt(self.s("map_name", k=k + 1), size=LABEL, color=heads[k][0].get_color())
                                   .next_to(grid, UP, buff=0.12) for k, grid in enumerate(maps[0])))
        self.play(Create(seg), FadeIn(maps[0]), QuickFadeIn(self.map_labels), Indicate(self.ask_before, color=pal.ink, scale_factor=1.0),
                  Indicate(self.ask_final, color=pal.ink, scale_factor=1.0), tips[1].animate.move_to(x_spot),
                  run_time=1.0)
        self.play(Create(maps[1]), run_time=0.6)
        read_with(self, *self.ask_view[5], color=pal.ink)  # the names h₂ and h₁
        # 1. concat: both read-outs slide into one column of four numbers, x on top
        stack = self.column(cat, [pal.ink, pal.ink, pal.accent, pal.accent])
        names = VGroup(self.tex("h_1", size=BIG, color=pal.ink), self.tex("h_2", size=BIG, color=pal.accent))
        # W_O's entries in the columns' face and size: every digit of the equation in one face
        entries = VGroup(*(self.txt(short(v).replace("-", "\u2212"), size=NUM, color=pal.ink) for r in d.W_O for v in r))
        # as a matrix is set: each column centred, the columns evenly apart (never "0.5   0 0.5   0")
        entries.arrange_in_grid(rows=len(d.W_O), cols=len(d.W_O[0]), buff=(0.3, 0.16), cell_alignment=ORIGIN)
        w_o = VGroup(entries, VGroup(bracket(entries, LEFT, color=pal.ink), bracket(entries, RIGHT, color=pal.ink)))
        w_name = self.tex(r"W_{\textstyle O}", size=BIG, color=pal.ink)  # O at full size, set low: over 3 % of the frame
        eq = self.tex("=", size=BIG, color=pal.ink)
        out = self.column(o, [pal.ok, pal.ok])
        product = VGroup(w_o, stack, eq, out).arrange(RIGHT, buff=0.15)
        for k, name in enumerate(names):  # each head's name beside its half of the column, before "="
            name.next_to(VGroup(*stack[0][2 * k:2 * k + 2]), RIGHT, buff=0.04).shift(RIGHT * 0.16)
        VGroup(eq, out).shift(RIGHT * (names.get_right()[0] + 0.24 - eq.get_left()[0]))
        whole = VGroup(product, names)
        whole.move_to([-6.2 + whole.width / 2, PRODUCT_Y, 0])
        w_name.next_to(w_o, UP, buff=0.15)
        rule = self.tex(mix_tex(d.head_mix), size=BIG, color=pal.ok).next_to(product, DOWN, buff=0.45)
        rule.align_to(product, LEFT)
        concat = self.s("cap_concat", d=len(d.x))
        grow, map_names = self.maps_grow(maps, VGroup(heads[0][0], heads[1][0]))
        self.caption(concat, run_time=1.0, shown={"heads_concat": ",".join(f"{v:.6f}" for v in cat),
                                                                "showing": "mix,concat"},
                     with_=[ReplacementTransform(heads[0][1], VGroup(*stack[0][:2])),
                            ReplacementTransform(heads[1][1], VGroup(*stack[0][2:])), *grow])
        self.map_names = list(map_names)  # each map's name over it
        # on screen with the stack: in a real model the heads share the width, so the stack is back to d
        width = self.txt(self.s("head_width", d=len(d.x), h=len(cat) // len(d.x), w=len(cat)), size=NOTE, color=pal.ink)
        if width.width > HEAD_NOTE_WIDTH:
            width.scale_to_fit_width(HEAD_NOTE_WIDTH)
        # under where o = … comes, else beside it, else under the title: the first spot clear of what is drawn
        gone = {id(m) for m in (*self.ask_chain, *self.ask_formula, self.ask_chain, self.ask_formula)}  # faded above
        drawn = [box_of(m) for m in (product, w_name, rule, *maps, *self.ask_view)
                 if id(m) not in gone and len(m.get_family()) and m.width]
        spots = [width.copy().next_to(rule, DOWN, buff=0.3).align_to(product, LEFT),
                 width.copy().next_to(rule, RIGHT, buff=0.5).align_to(rule, UP),
                 width.copy().move_to([-6.2 + width.width / 2, 2.85 - width.height / 2, 0])]
        hits = [sum(box_overlap(box_of(m), b) for b in drawn) + 100 * (box_of(m)[1] < HEAD_NOTE_BOTTOM) for m in spots]
        width.move_to(spots[int(np.argmin(hits))])
        if min(hits):  # no clear spot in this layout: the note stays off rather than cover the picture
            width = VGroup()
        self.shown["head_width_note"] = f"d={len(d.x)},h={len(cat) // len(d.x)},concat={len(cat)}" if len(width) else ""
        self.play(Create(stack[1]), QuickFadeIn(names), *([QuickFadeIn(width)] if len(width) else []), run_time=0.6)
        # while the cues on real models are read, a frame round each head's half in turn (never a still picture);
        # with the last ('this toy keeps each head at width d'), a brace on each half says its width
        halves = [VGroup(*stack[0][2 * k:2 * k + 2]) for k in range(2)]
        last = len(self.cues_log) - 1 + len(cues(concat, self.look.lang)) - 1
        while len(self.cues_log) - 1 < last and self._queue:
            read_with(self, *halves, *([width] if len(width) else []), color=lambda m: pal.ink if m is halves[0] else pal.accent,
                      outline=True, whole=True, cue=True)
        braces = VGroup(*(Brace(h, LEFT, buff=0.12, color=c) for h, c in zip(halves, (pal.ink, pal.accent))))
        widths = VGroup(*(self.tex(f"d_h = {len(d.x)}", size=TEX, color=c).next_to(b, LEFT, buff=0.1)
                          for b, c in zip(braces, (pal.ink, pal.accent))))
        self.play(*(Create(b) for b in braces), FadeIn(widths), run_time=0.6)
        self.shown["head_widths"] = ",".join([str(len(d.x))] * 2)
        read_with(self, *widths, color=pal.ok)
        # 2. W_O in front of the column; each row of it meets the column and gives one number of o
        text = self.s("cap_project", **words)
        mix = "" if d.head_mix is None else ",".join(f"{c:.6f}" for c in d.head_mix)
        self.play(QuickFadeOut(braces), QuickFadeOut(widths), run_time=0.3)  # gone before W_O comes where they were
        self.caption(text, with_=[FadeIn(w_o, shift=0.2 * RIGHT), QuickFadeIn(w_name)], run_time=0.5,
                     shown={"W_O": ";".join(",".join(f"{v:g}" for v in r) for r in d.W_O)})
        self.shown["head_widths"] = ""
        said = cues(text, self.look.lang)
        first, count = len(self.cues_log) - 1, len(said)
        states = next((k for k, c in enumerate(said) if "=" in c), count - 1)  # the cue that gives o's value
        self.play(Create(out[1]), QuickFadeIn(eq), run_time=0.4)
        cols = len(d.W_O[0])
        w_rows = [VGroup(*entries[r * cols:(r + 1) * cols]) for r in range(len(d.W_O))]  # row-major, as arranged
        for r in range(len(w_rows)):  # row r of W_O meets the column: o's number r
            lit = [Indicate(stack[0], color=pal.ok, scale_factor=1.0), Indicate(w_rows[r], color=pal.ok, scale_factor=1.0)]
            self.play(*lit, FadeIn(out[0][r]), run_time=0.7)  # in place: a number sliding in would cross the '='
        # until the cue that states o: each row of W_O lit again with the number it gives, in turn (never a still
        # picture while the cues on the projection are read)
        makers = [lambda r=r: AnimationGroup(Indicate(w_rows[r], color=pal.ok, scale_factor=1.0),
                                             Indicate(out[0][r], color=pal.ok, scale_factor=1.0))
                  for r in range(len(w_rows))]
        while len(self.cues_log) - 1 < first + states and self._queue:
            beat_with(self, *makers, every=2.5, tail=0.8)
        self.to_cue(first + states)  # o on the plane with the cue that states it
        o_arrow = arrow(at((0, 0)), at(o), pal.ok, width=7, tip=0.12)
        along = at(d.asking.x) - at(d.x)
        side = np.array([-along[1], along[0], 0.0]) / max(np.linalg.norm(along), 1e-9)
        if np.dot(side, at(o) - at((0, 0))) < 0:
            side = -side  # away from the origin: clear of o's own arrow
        o_name = self.tex("o", size=VEC_TEX, color=pal.ok)  # x-height 3.2 % of the frame, as x and x′
        reach = 0.28 + 0.5 * (o_name.width * abs(side[0]) + o_name.height * abs(side[1]))
        o_name.move_to(at(o) + reach * side)  # off the dashed x–x′ segment, on the side away from the origin
        self.shown.update({"layer_out": f"{o[0]:.6f},{o[1]:.6f}", "head_mix": mix, "showing": "mix,out"})
        self.play(ReplacementTransform(out[0].copy(), o_name), (GrowArrow(o_arrow) if isinstance(o_arrow, Arrow) else Create(o_arrow)), FadeIn(rule, shift=0.1 * UP),
                  run_time=1.0)
        if states < count - 1:  # "o lies halfway between x and x′": its arrow and the segment from x to x′ lit
            read_with(self, rule, o_arrow, color=pal.ok, cue=True)
            self.play(Indicate(seg, color=pal.ok, scale_factor=1.0), Indicate(o_arrow, color=pal.ok, scale_factor=1.0),
                      run_time=1.0)
        read_with(self, rule, o_arrow, color=pal.ok)
        # 3. the conclusion, one cue: the title says what attention computed, o with the record's numbers
        grids, boxes = maps
        self.bring_to_front(*boxes)  # the boxes over the cells they frame
        # the ending: one line in the title's place says what attention computed, o with the record's numbers,
        # and its cue; the picture stays, held still only while that cue is read
        o = [fmt_num(v, 4) for v in self.d1.layer_out]
        n = len(self.d1.tokens)
        swap = self.new_title("close", n=n)  # no numbers: o and then e_n + o are stated in the cues, on the plane
        full = self.txt(self.s("close", n=n), size=TITLE_SIZE, weight="BOLD")
        if full.width <= SAFE * config.frame_width - 0.2:  # at the section titles' size
            self._titles[1].scale(full.height / self._titles[1].height)
        rs = [fmt_num(v, 4) for v in self.d1.residual_out]
        self.caption(self.s("cap_close", o1=o[0], o2=o[1], n=n, r1=rs[0], r2=rs[1]), with_=swap, run_time=1.0,
                     shown={"showing": "mix,close"})
        first = len(self.cues_log) - 1
        self.title_done()
        # "each head turned the same tokens into its own weighted mix": each head's map, its boxed last row
        beat_with(self, lambda: pop(VGroup(grids[0], boxes[0]), 1.12), lambda: pop(VGroup(grids[1], boxes[1]), 1.12),
                  every=1.0)
        # "then o is added back to token n's own vector e_n": token n's row, e_n named above it; with the next cue
        # o's column is lit as e_n + o (the record's residual_out) comes into the row's cells, named beside it
        own = self.d1.residual_in
        row = VGroup(*(Rectangle(width=1.5, height=0.55, stroke_color=pal.ok, stroke_width=3) for _ in range(2)))
        row.arrange(RIGHT, buff=0)
        label = self.txt(f"{n} {self.d1.tokens[-1]}", size=NOTE, color=pal.ink).next_to(row, LEFT, buff=0.2)
        k = places(self.d1.E.ravel())
        note = self.named("own_vec", "e", str(n), pal.ink, n=n, a=fmt_num(own[0], k), b=fmt_num(own[1], k))
        note.next_to(VGroup(label, row), UP, buff=0.15).align_to(label, LEFT)
        head = self.named("next_in", "e", str(n), pal.ok).next_to(row, RIGHT, buff=0.2)
        layer = VGroup(note, label, row, head).move_to([-6.2, 0, 0], aligned_edge=LEFT)
        # between the closing title and W_O's name: as far from each as the room allows
        layer.set_y((self._titles[1].get_bottom()[1] + w_name.get_top()[1]) / 2)
        dim2 = self.ask_view[1][1]  # the plane's vertical axis name, right of the row: the sum's name keeps clear
        room = min(grids.get_left()[0] - 0.2, dim2.get_left()[0] - DIM_GAP) - head.get_left()[0]
        if head.width > room:
            head.scale_to_fit_width(room, about_edge=LEFT)
        sums = VGroup(*(self.txt(fmt_num(v, 4), size=NUM, color=pal.ok).move_to(row[r])
                        for r, v in enumerate(self.d1.residual_out)))
        # "then o is added back to token n's own vector": token n's row, e_n named above it
        # e_n is its own value arrow only because this toy's value matrix is I: said beside o's rule, with the row
        wv = self.value_note()  # "e5 = v5 (W_V = I)", in the face of e5 on the plane and in token n's row
        wv.next_to(rule, RIGHT, buff=0.45).align_to(rule, DOWN)
        if any(touches(wv, m, pad=0.1) for m in (*self.texts_on_screen(), layer)):
            wv.next_to(rule, DOWN, buff=0.2).align_to(rule, LEFT)
        # the row stays empty until o moves into it as the sum: one box, one quantity (e_n + o)
        self.play(QuickFadeIn(label), Create(row), QuickFadeIn(note), QuickFadeIn(wv), run_time=0.9)
        self.shown.update({"residual_in": f"{own[0]:.6f},{own[1]:.6f}", "value_matrix": "I"})
        # on the plane: e_n named on its arrow, o moves head to tail onto its tip (the heat maps and the heads' names,
        # read, make room: the sum's arrow would cross h₁'s name); all of it inside the cue that says so (2.7 s: the
        # Chinese cue is read in 3.4 s), so the sum comes with the start of the cue that states it
        moved = self.residual_moves(o_arrow, [grids, boxes, *self.map_names, *self.ask_view[5]],
                                    [product, names, rule, w_name, layer, wv])
        last = first + len(cues(self.captions_log[-1]["text"], self.look.lang)) - 1  # "they add up to (…)"
        # "they add up to": the row's numbers become e_n + o (the record's residual_out), named, and the sum drawn, in
        # the last second of the cue before, so the sum is on screen as its cue states it
        total = self.residual_sum() if moved else VGroup()  # the sum on the plane, where it fits there
        # the sums come in their cells as o's column is lit: no number travels across the row's borders
        into_cue(self, last, QuickFadeIn(head), Indicate(out[0], color=pal.ok), QuickFadeIn(sums),
                 *((GrowArrow(total[0]), QuickFadeIn(total[1])) if moved else ()), run_time=1.0, point=row, color=pal.ok,
                 shown={"next_input": ",".join(f"{v:.6f}" for v in self.d1.residual_out)})
        read_with(self, VGroup(row, sums), head, *([total] if moved else []), *moved, color=pal.ok)
        # the conclusion, said and written: token n's new vector is itself plus each head's own mix of the values
        # written where the product stood (read by now: o is on the plane and in token n's row)
        said = self.s("verdict", n=n, r1=fmt_num(self.d1.residual_out[0], 4), r2=fmt_num(self.d1.residual_out[1], 4))
        verdict = self.txt(said, size=NOTE, color=pal.ok)  # the result, not the cue's words again
        verdict.move_to(VGroup(product, names, w_name)).align_to(product, LEFT)
        verdict.set_y(max(verdict.get_y(), layer.get_bottom()[1] - 0.3 - verdict.height / 2))  # up under the row: room below
        self.play(QuickFadeOut(VGroup(product, names, w_name)), run_time=0.3)  # gone before the verdict comes: never a text on a text
        self.caption(self.s("cap_conclude", n=n), with_=[QuickFadeIn(verdict)],
                     shown={"verdict": said.replace("\n", " ")})
        # every arrow on the plane named again: h₁, h₂ (their names left for the sum), o's moved copy, e_n at its tip
        # o's own name is placed again with them (where it stood it lay nearer h₁'s tip than o's), after h₁ and h₂: its
        # tip, the midpoint of theirs, has room between their names
        # o is named once: where it was moved head to tail onto e_n (its first arrow, from the origin, leaves with its
        # name), else where it was drawn; no name lies on the dashed h₁–h₂ segment
        named = [(self.head_name(1, size=VEC_NAME, color=pal.muted), self.ask_before),
                 (self.head_name(2, size=VEC_NAME, color=pal.accent), self.ask_final)]
        first_o = [o_name, o_arrow] if moved else [o_name]
        if moved:
            named.append((self.tex("o", size=VEC_TEX, color=pal.ok), moved[0]))
            self.o_moved = moved[0]  # where it needs a key, the key says in words what this arrow is
        else:
            named.append((o_name.copy(), o_arrow))
        shows = self.end_names(named, [verdict, row, layer, rule, wv, seg], ignore=[product, names, w_name, *first_o])
        self.play(*(QuickFadeOut(m) for m in first_o), *shows, run_time=0.6)
        self.remove(*first_o)
        self.shown["end_names"] = len(named)
        read_with(self, *([total] if moved else [VGroup(row, sums)]), verdict, color=pal.ok)
        done = VGroup(rule, wv)  # read: row n's weights in both heads take their place
        got = self.gather(done, self.gather_room(done, verdict), aside=verdict)
        if got is not None:  # token n's dim 1 filled by the words it attended to, up to its new value in the row
            self.payoff(*got, cell=sums[0])
