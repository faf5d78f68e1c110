"""rope_rotation, stage 6: where position enters. Absolute PE is added to the input before the
projection and changes the score when both positions move; RoPE rotates q and k after it and keeps
the score. The RoPE table of the earlier stages stays on screen: it moves aside, three cells with one
gap are lifted out of it, and the absolute-PE table (engine.rope.RopeLesson.absolute_grid) is drawn
beside it at the same size, so one sees its diagonals change colour where
RoPE's do not (seed 002 §06). Each table has its own symmetric colour scale and its own colour bar:
RoPE's scores reach ±1.90, absolute PE's ±6.53, and on one scale RoPE's constant diagonals would be
too pale to see."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Line, Rectangle, ReplacementTransform, \
    SurroundingRectangle, TransformFromCopy, UpdateFromAlphaFunc, VGroup

from engine.rope import rope_score

from scenes.parts.emphasis import read_with
from scenes.parts.flow import flow_box, flow_chain
from scenes.parts.heatmap import HeatmapGrid
from look import diverging_color, fmt_num

MAP = 2.6  # both tables' side
MAP_TOP = 0.72
ROPE_X, ABS_X = -3.68, 3.3  # the tables' centres: each with its colour bar on its outer side
COLS = (-1.8, -0.34, 1.24)  # the lifted cells' table between them: (m, n), RoPE, absolute PE
NOTE = 26  # every label reaches 3.2 % of the frame height in cap height
PIPE_Y = (2.5, 1.72)  # absolute PE's path, RoPE's path


class ContrastStage:
    """Mixed into RopeRotation (a LectureScene): the contrast section."""

    # -- 6. where position enters ------------------------------------------------------------
    def contrast(self):
        """The RoPE table moves aside and three of its cells with one gap are lifted into a small
        table; the absolute-PE table grows beside it on one colour scale and gives three scores."""
        pal, d = self.pal, self.data
        stops = [tuple(int(v) for v in s) for s in d.keyframes[1:4]]  # three stops with the same gap
        moved = len({fmt_num(d.absolute_scores[self.kf[s]], 4) for s in stops}) > 1
        gap = stops[0][0] - stops[0][1]
        rope_s = fmt_num(d.keyframe_scores[self.kf[stops[0]]], 4)
        table = [self.grid, self.grid_labels, self.marker]
        side = VGroup(self.plane_statics, self.plane_labels, self.plane_live, self.setup_note, self.score_statics,
                      self.m_num, self.n_num, self.gap_num, self.score_num)
        self.section("contrast", self.s("cap_contrast" if moved else "cap_contrast_same", g=gap, s=rope_s),
                     keep=[side, *table])
        g = len(d.grid_positions)
        cell = MAP / g
        centre_y = MAP_TOP - MAP / 2
        rope_max = float(np.abs(d.score_grid).max())  # each table its own symmetric scale
        abs_max = float(np.abs(d.absolute_grid).max())
        abs_map = HeatmapGrid(d.absolute_grid, cell_w=cell, cell_h=cell, palette=pal, vmax=abs_max).show_rows(g)
        abs_map.move_to([ABS_X, centre_y, 0])
        abs_map.show_rows(0)
        rope_box = Rectangle(width=MAP, height=MAP).move_to([ROPE_X, centre_y, 0])  # where the RoPE table goes
        rope_lab = VGroup(self.txt(self.s("rope_scores"), size=NOTE, color=pal.ok),
                          self.tex(r"R_{m}q\cdot R_{n}k", size=34, color=pal.ok)).arrange(RIGHT, buff=0.2)
        abs_lab = VGroup(self.txt(self.s("abs_scores"), size=NOTE, color=pal.bad),
                         self.tex(r"(x+\mathrm{PE}(m))\cdot(x^{\prime}+\mathrm{PE}(n))", size=34, color=pal.bad)
                         ).arrange(RIGHT, buff=0.15)
        rope_lab.next_to(rope_box, UP, buff=0.12)
        if abs_lab.width > MAP + 1.9:  # kept over its map
            abs_lab.scale_to_fit_width(MAP + 1.9)
        abs_lab.next_to(abs_map, UP, buff=0.12)
        if abs_lab.get_right()[0] > 6.3:
            abs_lab.shift(LEFT * (abs_lab.get_right()[0] - 6.3))
        rope_legend = self.colour_bar(rope_max, rope_box, LEFT)
        legend = self.colour_bar(abs_max, abs_map, RIGHT)
        self.shown["contrast_scale_rope"], self.shown["contrast_scale_abs"] = rope_max, abs_max

        # the lifted cells' table: (m, n), RoPE, absolute PE
        ys = [MAP_TOP - 0.45 - 0.62 * (i + 1) for i in range(len(stops))]
        head = self.txt("(m, n)", size=NOTE).move_to([COLS[0], MAP_TOP - 0.45, 0])
        pairs = VGroup(*(self.txt(f"({m}, {n})", size=NOTE).move_to([COLS[0], y, 0]) for (m, n), y in zip(stops, ys)))
        rope_vals = VGroup(*(self.txt(fmt_num(d.keyframe_scores[self.kf[s]], 4), size=NOTE, color=pal.ok)
                             .move_to([COLS[1], y, 0]) for s, y in zip(stops, ys)))
        abs_vals = VGroup(*(self.txt(fmt_num(d.absolute_scores[self.kf[s]], 4), size=NOTE, color=pal.bad)
                            .move_to([COLS[2], y, 0]) for s, y in zip(stops, ys)))
        rule = Line([COLS[0] - 0.5, MAP_TOP - 0.76, 0], [COLS[2] + 0.55, MAP_TOP - 0.76, 0],
                    stroke_color=pal.muted, stroke_width=1.5)
        same = self.txt(self.s("same_gap", g=gap), size=NOTE).next_to(VGroup(pairs, rope_vals, abs_vals), DOWN,
                                                                       buff=0.3)

        def chain(items, y):
            return flow_chain(self, items, 1.0, y, buff=0.42)

        def box(text, color, width=1.5, math=False):
            return flow_box(self, text, color, width, math, size=NOTE)

        ink = pal.ink
        abs_boxes, abs_arrows = chain([box(self.s("token"), ink), box(self.s("add_pe"), pal.bad),
                                       box("W_Q", ink, 1.0, True), box("q", pal.accent, 0.8, True),
                                       box(self.s("dot"), ink)], PIPE_Y[0])
        rope_boxes, rope_arrows = chain([box(self.s("token"), ink), box("W_Q", ink, 1.0, True),
                                         box("q", pal.accent, 0.8, True), box(self.s("rotate"), pal.ok),
                                         box(self.s("dot"), ink)], PIPE_Y[1])
        abs_name = self.txt(self.s("abs_row"), size=NOTE, color=pal.bad).next_to(abs_boxes, LEFT, buff=0.3)
        rope_name = self.txt(self.s("rope_row"), size=NOTE, color=pal.ok).next_to(rope_boxes, LEFT, buff=0.3)
        left_edge = min(abs_name.get_left()[0], rope_name.get_left()[0])
        right_edge = max(abs_boxes.get_right()[0], rope_boxes.get_right()[0])
        shift = max(0.0, -6.3 - left_edge) - max(0.0, right_edge - 6.3)
        for m in (abs_boxes, abs_arrows, rope_boxes, rope_arrows, abs_name, rope_name):
            m.shift(RIGHT * shift)

        # 1. the RoPE table moves aside; three cells with one gap leave it for the RoPE column
        lo0, sw0, hi0 = self.grid_labels[4]  # the table's own scale, lying under it, stands up beside it
        self.play(FadeOut(side), FadeOut(self.marker), FadeOut(self.grid_labels[:4]),
                  self.grid.animate.scale(MAP / self.grid.outline.width).move_to(rope_box), FadeIn(rope_lab),
                  *(ReplacementTransform(a, b) for a, b in zip(sw0[::-1], rope_legend[0])),
                  ReplacementTransform(hi0, rope_legend[1]), ReplacementTransform(lo0, rope_legend[2]),
                  FadeIn(head), FadeIn(pairs), Create(rule), run_time=0.7)
        rope_map = self.grid  # the RoPE table of the earlier steps, on its own scale as before
        rings = VGroup(*(Rectangle(width=cell, height=cell, stroke_color=pal.ink, stroke_width=4)
                         .move_to(self.grid.cell(m, n)) for m, n in stops))
        self.play(Create(rings), *(TransformFromCopy(r, v) for r, v in zip(rings, rope_vals)), run_time=0.8)
        read_with(self, rope_vals, cue=True)
        # 2. absolute PE: the position added to the input
        self.play(FadeIn(abs_name), FadeIn(abs_boxes, lag_ratio=0.15), Create(abs_arrows), run_time=1.4)
        pe_mark = SurroundingRectangle(abs_boxes[1], buff=0.08, color=pal.bad, stroke_width=4)  # framed: its text stays
        self.play(Create(pe_mark), run_time=0.8)
        # 3. the absolute-PE table, on its own scale, fills row by row under the cue that adds PE
        self.play(FadeIn(legend), FadeIn(abs_lab), run_time=0.8)
        self.add(abs_map)
        self.play(UpdateFromAlphaFunc(abs_map, lambda mob, a: mob.show_rows(int(round(a * g)))), run_time=1.6)
        abs_rings = VGroup(*(Rectangle(width=cell, height=cell, stroke_color=pal.ink, stroke_width=4)
                             .move_to(abs_map.cell(m, n)) for m, n in stops))
        self.play(Create(abs_rings), run_time=0.5)
        said = self.s("differ").replace(" ", "")
        if moved and any(said in text.replace("\n", "").replace(" ", "") for text, *_ in self._queue):
            while said not in self.cues_log[-1]["text"].replace("\n", "").replace(" ", ""):
                self.until_next_cue()  # "the same three pairs get three different scores": as they arrive
        self.play(*(TransformFromCopy(r, v) for r, v in zip(abs_rings, abs_vals)), run_time=1.0)
        read_with(self, abs_vals, cue=True)
        # "each map has its own colour scale": both bars framed, never recoloured
        scale_marks = VGroup(*(SurroundingRectangle(b, buff=0.08, color=pal.ink, stroke_width=3)
                               for b in (rope_legend, legend)))
        self.play(Create(scale_marks), run_time=0.8)
        self.until_next_cue()
        # 4. RoPE: the same path grows out of absolute PE's, the position turned into q after the
        # projection; each diagonal keeps one colour. No box fades in empty: the shared ones move down.
        shared = [(0, 0), (2, 1), (3, 2), (4, 4)]  # absolute PE's box -> RoPE's box
        self.play(FadeIn(rope_name), *(TransformFromCopy(abs_boxes[a], rope_boxes[b]) for a, b in shared),
                  FadeOut(scale_marks), run_time=1.0)
        self.play(FadeIn(rope_boxes[3], scale=0.8), Create(rope_arrows), run_time=0.8)
        rope_mark = SurroundingRectangle(rope_boxes[3], buff=0.08, color=pal.ok, stroke_width=4)
        self.play(Create(rope_mark), run_time=0.8)
        self.until_next_cue()
        diags = VGroup(self.diagonal_line(gap, pal.ink, rope_map), self.diagonal_line(gap, pal.ink, abs_map))
        ring = SurroundingRectangle(rope_vals, buff=0.1, color=pal.ok)
        self.play(Create(diags), FadeIn(same), Create(ring), run_time=1.0)
        self.pipelines = VGroup(abs_name, abs_boxes, abs_arrows, rope_name, rope_boxes, rope_arrows, pe_mark, rope_mark)
        self.contrast_view = VGroup(self.pipelines, rope_map, abs_map, rope_lab, abs_lab, rope_legend, legend, rings,
                                    abs_rings,
                                    head, pairs, rule, rope_vals, abs_vals, same, ring, diags)
        self.contrast_rope_vals, self.contrast_rope_lab, self.contrast_stops = rope_vals, rope_lab, stops
        read_with(self, diags, rope_vals, abs_vals)

    def colour_bar(self, vmax: float, beside, side) -> VGroup:
        """An upright bar of the symmetric scale ±vmax (the engine's largest |score| of its table), its
        ends labelled, on the `side` (LEFT or RIGHT) of `beside`."""
        pal = self.pal
        h = beside.height
        bar = VGroup(*(Rectangle(width=0.26, height=h / 9, stroke_width=0.6, stroke_color=pal.muted,
                                 fill_color=diverging_color(v * vmax, pal, vmax), fill_opacity=1)
                       for v in np.linspace(1, -1, 9))).arrange(DOWN, buff=0).next_to(beside, side, buff=0.15)
        hi = self.txt(fmt_num(vmax, 2), size=NOTE).next_to(bar, side, buff=0.1).align_to(bar, UP)
        lo = self.txt(fmt_num(-vmax, 2), size=NOTE).next_to(bar, side, buff=0.1).align_to(bar, DOWN)
        return VGroup(bar, hi, lo)

    # -- 7. why: the rotations combine --------------------------------------------------------
    def summary(self):
        """The identity (R_m q)·(R_n k) = q·(R_{n−m} k) drawn where the pipelines were, and tied to the
        table: q·(R_{n−m} k) computed by engine.rope (q unturned, k turned by n − m) is the RoPE row's score."""
        pal, d = self.pal, self.data
        m, n = self.contrast_stops[0]
        value = rope_score(d.q, d.k, 0, n - m, d.base)  # q·(R_{n−m} k): q at 0, k turned by n − m
        self.section("summary", self.s("cap_summary", ng=fmt_num(n - m, 0), g=fmt_num(m - n, 0)), keep=[self.contrast_view])
        law = self.tex(r"(R_m q)\cdot(R_n k)", "=", r"q\cdot(R_{n-m}\,k)", size=44, color=pal.ok)
        law.move_to([0.0, 2.45, 0])
        case = self.tex(rf"(R_{{{m}}} q)\cdot(R_{{{n}}} k)", "=", rf"q\cdot(R_{{{n - m}}}\,k)", "=",
                        fmt_num(value, 4).replace("−", "-"), size=38, color=pal.ink)  # TeX's minus
        case.next_to(law, DOWN, buff=0.25)
        case[-1].set_color(pal.ok)
        self.play(FadeOut(self.pipelines), run_time=0.6)
        self.play(TransformFromCopy(self.contrast_rope_lab[1], law[0]), run_time=1.2)
        self.play(FadeIn(law[1]), FadeIn(law[2], shift=RIGHT * 0.3), run_time=1.0)
        self.until_next_cue()
        self.shown["identity_m"], self.shown["identity_n"] = float(m), float(n)
        self.shown["identity_score"] = value
        self.play(FadeIn(case[:4]), TransformFromCopy(self.contrast_rope_vals[0], case[4]), run_time=1.4)
        read_with(self, case[4], self.contrast_rope_vals, law[2])
