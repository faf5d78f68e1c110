"""rope_rotation, stage 6: where position enters. Absolute PE is added to the input before the
projection and changes the score when both positions move; RoPE rotates q and k after it and keeps
the score. The scores are the record's (engine.rope.RopeLesson.absolute_scores, keyframe_scores)."""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, Create, FadeIn, FadeOut, Indicate, Line, Rectangle, ReplacementTransform, \
    SurroundingRectangle, TransformFromCopy, VGroup

from engine.rope import rope_score

from scenes.parts.emphasis import read_with
from scenes.parts.flow import flow_box, flow_chain
from look import fmt_num


class ContrastStage:
    """Mixed into RopeRotation (a LectureScene): the contrast section."""

    # -- 6. where position enters ------------------------------------------------------------
    def contrast(self):
        """Three cells of the (m, n) table with one gap fly out of it into the RoPE row of a small
        table; the absolute-PE row below it gets three different scores at the same three pairs."""
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

        def box(text, color, width=1.7, math=False):
            return flow_box(self, text, color, width, math)

        def chain(items, y):
            return flow_chain(self, items, 0.9, y)

        ink = pal.ink
        abs_boxes, abs_arrows = chain([box(self.s("token"), ink), box(self.s("add_pe"), pal.bad),
                                       box("W_Q", ink, 1.2, True), box("q", pal.accent, 0.9, True), box(self.s("dot"), ink)], 2.45)
        rope_boxes, rope_arrows = chain([box(self.s("token"), ink), box("W_Q", ink, 1.2, True), box("q", pal.accent, 0.9, True),
                                         box(self.s("rotate"), pal.ok), box(self.s("dot"), ink)], 0.95)
        abs_name = self.txt(self.s("abs_row"), size=22, color=pal.bad).next_to(abs_boxes, LEFT, buff=0.3)
        rope_name = self.txt(self.s("rope_row"), size=22, color=pal.ok).next_to(rope_boxes, LEFT, buff=0.3)
        left_edge = min(abs_name.get_left()[0], rope_name.get_left()[0])
        if left_edge < -6.3:
            shift = -6.3 - left_edge
            for m in (abs_boxes, abs_arrows, rope_boxes, rope_arrows, abs_name, rope_name):
                m.shift(RIGHT * shift)
        enter_abs = self.txt(self.s("enters_abs"), size=20, color=pal.bad).next_to(abs_boxes[1], DOWN, buff=0.1)
        enter_rope = self.txt(self.s("enters_rope"), size=20, color=pal.ok).next_to(rope_boxes[3], DOWN, buff=0.1)

        # the numbers: three stops with the same gap
        col_x = [0.9 + 1.8 * c for c in range(len(stops))]
        label_x = -0.5
        y_head, y_rope, y_abs = -0.3, -0.92, -1.54  # RoPE first: its row comes out of the table
        head = VGroup(self.tex("(m, n)", size=30, color=pal.muted).move_to([label_x, y_head, 0], aligned_edge=RIGHT),
                      *(self.txt(f"({m}, {n})", size=24, color=pal.muted).move_to([x, y_head, 0])
                        for (m, n), x in zip(stops, col_x)))
        abs_lab = VGroup(self.txt(self.s("abs_scores"), size=20, color=pal.bad),
                         self.tex(r"(q+\mathrm{PE}(m))\cdot(k+\mathrm{PE}(n))", size=30, color=pal.bad)).arrange(RIGHT, buff=0.2)
        rope_lab = VGroup(self.txt(self.s("rope_scores"), size=20, color=pal.ok),
                          self.tex(r"R_{m}q\cdot R_{n}k", size=30, color=pal.ok)).arrange(RIGHT, buff=0.2)
        abs_lab.move_to([label_x, y_abs, 0], aligned_edge=RIGHT)
        rope_lab.move_to([label_x, y_rope, 0], aligned_edge=RIGHT)
        abs_vals = VGroup(*(self.txt(fmt_num(d.absolute_scores[self.kf[s]], 4), size=26).move_to([x, y_abs, 0])
                            for s, x in zip(stops, col_x)))
        rope_vals = VGroup(*(self.txt(fmt_num(d.keyframe_scores[self.kf[s]], 4), size=26).move_to([x, y_rope, 0])
                             for s, x in zip(stops, col_x)))
        left = min(abs_lab.get_left()[0], rope_lab.get_left()[0]) - 0.1
        rule = Line([left, (y_head + y_rope) / 2, 0], [col_x[-1] + 0.8, (y_head + y_rope) / 2, 0],
                    stroke_color=pal.muted, stroke_width=1.2)
        same = self.txt(self.s("same_gap", g=gap), size=20, color=pal.muted).move_to([col_x[1], -2.0, 0])
        note = self.txt(self.s("identity").replace("; ", ";\n").replace("，", "，\n"), size=20, color=pal.muted)
        note.move_to([label_x - 0.1, -2.0, 0], aligned_edge=RIGHT)

        # 1. the three cells leave the table and become the RoPE row
        rings = VGroup(*(Rectangle(width=self.cell, height=self.cell, stroke_color=pal.ok, stroke_width=5)
                         .move_to(self.grid.cell(m, n)) for m, n in stops))
        self.play(FadeOut(side), FadeOut(self.marker), Create(rings), run_time=0.5)
        cells = [self.grid.cell(m, n).copy() for m, n in stops]
        self.play(*(ReplacementTransform(VGroup(c, r), v) for c, r, v in zip(cells, rings, rope_vals)),
                  FadeOut(self.grid), FadeOut(self.grid_labels), FadeIn(head), Create(rule), FadeIn(rope_lab),
                  run_time=1.0)  # the scores stand in the row before the middle of the cue that states them
        read_with(self, rope_vals, cue=True)
        # 2. absolute PE: position added to the input, three different scores at the same pairs
        self.play(FadeIn(abs_name), FadeIn(abs_boxes, lag_ratio=0.15), Create(abs_arrows), run_time=1.6)
        self.play(Indicate(abs_boxes[1], color=pal.bad), FadeIn(enter_abs), run_time=1.0)
        if moved:  # "so the same three pairs get three different scores": said as they appear
            self.until_next_cue()
        self.play(FadeIn(abs_lab), FadeIn(abs_vals, lag_ratio=0.3), FadeIn(note), run_time=1.2)
        read_with(self, abs_vals, cue=True)
        # 3. RoPE: position turned into q and k after the projection
        self.play(FadeIn(rope_name), FadeIn(rope_boxes, lag_ratio=0.15), Create(rope_arrows), run_time=1.6)
        self.play(Indicate(rope_boxes[3], color=pal.ok), FadeIn(enter_rope), run_time=1.0)
        ring = SurroundingRectangle(rope_vals, buff=0.12, color=pal.ok)
        self.play(FadeIn(same), Create(ring), run_time=0.8)
        self.pipelines = VGroup(abs_name, abs_boxes, abs_arrows, rope_name, rope_boxes, rope_arrows, enter_abs,
                                enter_rope)
        self.contrast_view = VGroup(self.pipelines, head, rule, note, abs_lab, abs_vals, rope_lab, rope_vals,
                                    same, ring)
        self.contrast_rope_vals, self.contrast_rope_lab, self.contrast_stops = rope_vals, rope_lab, stops
        read_with(self, abs_vals, rope_vals)

    # -- 7. why: the rotations combine --------------------------------------------------------
    def summary(self):
        """The identity (R_m q)·(R_n k) = q·(R_{n−m} k) drawn where the pipelines were, and tied to the
        table: q·(R_{n−m} k) computed by engine.rope (q unturned, k turned by n − m) is the RoPE row's score."""
        pal, d = self.pal, self.data
        m, n = self.contrast_stops[0]
        value = rope_score(d.q, d.k, 0, n - m, d.base)  # q·(R_{n−m} k): q at 0, k turned by n − m
        self.section("summary", self.s("cap_summary"), keep=[self.contrast_view])
        law = self.tex(r"(R_m q)\cdot(R_n k)", "=", r"q\cdot(R_{n-m}\,k)", size=48, color=pal.ok)
        law.move_to([0.0, 2.2, 0])
        case = self.tex(rf"(R_{{{m}}} q)\cdot(R_{{{n}}} k)", "=", rf"q\cdot(R_{{{n - m}}}\,k)", "=",
                        fmt_num(value, 4).replace("−", "-"), size=40, color=pal.ink)  # TeX's minus
        case.next_to(law, DOWN, buff=0.35)
        case[-1].set_color(pal.ok)
        self.play(FadeOut(self.pipelines), run_time=0.6)
        self.play(TransformFromCopy(self.contrast_rope_lab[1], law[0]), run_time=1.2)
        self.play(FadeIn(law[1]), FadeIn(law[2], shift=RIGHT * 0.3), run_time=1.0)
        self.until_next_cue()
        self.shown["identity_m"], self.shown["identity_n"] = float(m), float(n)
        self.shown["identity_score"] = value
        self.play(FadeIn(case[:4]), TransformFromCopy(self.contrast_rope_vals[0], case[4]), run_time=1.4)
        read_with(self, case[4], self.contrast_rope_vals, law[2])
