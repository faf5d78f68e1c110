"""rope_rotation, stages 6-7: where position enters, and why only the gap is left (seed 002 §06).

The dials, the score box and the (m, n) table of the earlier stages stay on screen throughout.

Contrast: m and n go back to the first cell of the diagonal through three stops with one gap and slide
along it. Under the dials a small plot traces the score along that diagonal: RoPE's
(engine.rope.rope_score, the table's diagonal) stays flat; absolute PE's, (x + PE(m))·(x′ + PE(n)) with
x = q and x′ = k (identity projections: RopeLesson.absolute_grid), changes from cell to cell.

Summary: the identity (R_m q)·(R_n k) = q·(R_{n−m} k) played on the dials. q's turn is undone and given
to k, so q ends unturned and k turned by (n − m)·θ, while the score box keeps its value (engine.rope
per frame); the formula and its case, with the value q·(R_{n−m} k) from engine.rope, are written under
the dials, and for the last cue stand alone, large and centred."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, DashedLine, Dot, FadeIn, FadeOut, Indicate, Line, Rectangle, \
    Transform, ValueTracker, VGroup, VMobject, linear, smooth

from engine.rope import rope_score

from scenes.parts.emphasis import read_with
from look import fmt_num

NOTE = 26  # every label reaches 3.2 % of the frame height in cap height
PLOT_X = (-5.85, -3.35)  # the plot's first and last cell of the diagonal
PLOT_Y = (-2.08, -0.98)  # the plot's lowest and highest score
PE_ROW = (-6.3, -0.6)  # absolute PE's score and what x, x′ are here (left end, centre height)
COLS = (-2.4, -1.0, 0.6)  # the stops' table right of the plot: (m, n), RoPE, PE added
ROWS = (-0.98, -1.33, -1.68, -2.03)  # its heading and three rows
LAW_Y = (-0.85, -1.75)  # the identity and its case, under the dials

class ContrastStage:
    """Mixed into RopeRotation (a LectureScene): the contrast and the summary."""

    def live_positions(self, where) -> VGroup:
        """The dials, m, n and the score follow `where()` -> (m, n) every frame (engine.rope per frame)."""
        live = VGroup(self.plane_hands, self.m_num, self.n_num, self.gap_num, self.score_num)
        live.add_updater(lambda _g: self.set_positions(*where()))
        self.add(live)
        return live

    # -- 6. where position enters ------------------------------------------------------------
    def contrast(self):
        pal, d = self.pal, self.data
        stops = [tuple(int(v) for v in s) for s in d.keyframes[1:4]]  # three stops with the same gap
        gap = stops[0][0] - stops[0][1]
        g = len(d.grid_positions)
        ms = [m for m in range(g) if 0 <= m - gap < g]  # the diagonal's cells (m, m − gap)
        rope_line = np.array([d.score_grid[m, m - gap] for m in ms])  # (cells,) all one value
        abs_line = np.array([d.absolute_grid[m, m - gap] for m in ms])  # (cells,) (q + PE(m))·(k + PE(n))
        abs_at = [float(d.absolute_scores[self.kf[s]]) for s in stops]
        moved = len({fmt_num(v, 4) for v in abs_at}) > 1
        rope_s = fmt_num(d.keyframe_scores[self.kf[stops[0]]], 4)
        said = self.s("sep").join(self.s("pe_at", m=m, n=n, v=fmt_num(v, 4)) for (m, n), v in zip(stops, abs_at))

        keep = [self.plane_statics, self.plane_tags, self.plane_labels, self.plane_live, self.setup_note,
                self.score_statics, self.m_num, self.n_num, self.gap_num, self.score_num, self.grid,
                self.grid_labels, self.marker]
        self.section("contrast", self.s("cap_contrast", g=gap, s=rope_s), keep=keep)
        lo = min(0.0, float(rope_line.min()), float(abs_line.min()))
        hi = max(0.0, float(rope_line.max()), float(abs_line.max()))

        def pt(m, v):
            x = PLOT_X[0] + (m - ms[0]) / max(ms[-1] - ms[0], 1) * (PLOT_X[1] - PLOT_X[0])
            y = PLOT_Y[0] + (v - lo) / max(hi - lo, 1e-9) * (PLOT_Y[1] - PLOT_Y[0])
            return np.array([x, y, 0.0])

        zero = DashedLine(pt(ms[0], 0) + LEFT * 0.15, pt(ms[-1], 0) + RIGHT * 0.15, stroke_color=pal.muted,
                          stroke_width=2)
        zero_lab = self.txt("0", size=NOTE, color=pal.muted).next_to(zero, LEFT, buff=0.1)
        ticks = VGroup(*(self.txt(f"({m}, {n})", size=NOTE, color=pal.muted).move_to(pt(m, lo) + DOWN * 0.3)
                         for m, n in stops))
        for a, b in zip(ticks[:-1], ticks[1:]):  # neighbouring stops: their labels keep apart
            if b.get_left()[0] < a.get_right()[0] + 0.25:
                b.shift(RIGHT * (a.get_right()[0] + 0.25 - b.get_left()[0]))
        frame = VGroup(zero, zero_lab, ticks)

        def polyline(values, color):
            line = VMobject(stroke_color=color, stroke_width=5)
            line.set_points_as_corners([pt(m, v) for m, v in zip(ms, values)])
            return line

        rope_path = polyline(rope_line, pal.ok)
        abs_path = polyline(abs_line, pal.bad)
        rope_dots = VGroup(*(Dot(pt(m, d.score_grid[m, n]), radius=0.07, color=pal.ok) for m, n in stops))
        abs_dots = VGroup(*(Dot(pt(m, v), radius=0.07, color=pal.bad) for (m, _), v in zip(stops, abs_at)))
        # the stops' table: the lines' names head its columns (the legend), each stop's two scores
        def cell(text, col, row, color=pal.ink):
            return self.txt(text, size=NOTE, color=color).move_to([COLS[col], ROWS[row], 0])

        stop_names = VGroup(cell("(m, n)", 0, 0, pal.muted), *(cell(f"({m}, {n})", 0, r + 1) for r, (m, n) in
                                                               enumerate(stops)))
        rope_col = VGroup(cell(self.s("rope_line"), 1, 0, pal.ok),
                          *(cell(fmt_num(d.score_grid[s_], 4), 1, r + 1, pal.ok) for r, s_ in enumerate(stops)))
        abs_col = VGroup(cell(self.s("pe_line"), 2, 0, pal.bad),
                         *(cell(fmt_num(v, 4), 2, r + 1, pal.bad) for r, v in enumerate(abs_at)))
        abs_law = self.tex(r"(x+\mathrm{PE}(m))\cdot(x^{\prime}+\mathrm{PE}(n))", size=34, color=pal.bad)
        which = self.txt(self.s("xq"), size=NOTE, color=pal.muted)
        pe_note = VGroup(abs_law, which).arrange(RIGHT, buff=0.25)
        room = self.mn_column.get_left()[0] - 0.45 - PE_ROW[0]  # over the plot, well left of the m, n column
        if pe_note.width > room:
            pe_note.scale_to_fit_width(room)
        pe_note.move_to([PE_ROW[0], PE_ROW[1], 0], aligned_edge=LEFT)
        rings = VGroup(*(Rectangle(width=self.cell, height=self.cell, stroke_color=pal.ink, stroke_width=4)
                         .move_to(self.grid.cell(m, n)) for m, n in stops))
        diag = self.diagonal_line(gap, pal.ok)

        # 1. back to the diagonal's first cell; the per-plane numbers and the d, base note give their room
        # to the plot and its table
        m_t, n_t = ValueTracker(self.shown["m"]), ValueTracker(self.shown["n"])
        live = self.live_positions(lambda: (m_t.get_value(), n_t.get_value()))
        self.plane_live.remove(self.plane_nums)
        rows = [] if getattr(self, "rows_hidden", False) else [self.plane_tags, self.plane_nums]  # gone with the curve
        self.add(*rows[1:])
        note = [] if getattr(self, "note_hidden", False) else [self.setup_note]
        self.play(FadeOut(VGroup(*rows, *note)), FadeIn(frame),
                  m_t.animate.set_value(float(ms[0])), n_t.animate.set_value(float(ms[0] - gap)),
                  Create(rings), Create(diag), run_time=1.8, rate_func=smooth)
        read_with(self, rings, cue=True)
        # 2. slide along it: the RoPE line is drawn as m and n move, flat, the score box unchanged
        self.until_next_cue()
        self.play(m_t.animate.set_value(float(ms[-1])), n_t.animate.set_value(float(ms[-1] - gap)),
                  Create(rope_path), run_time=3.2, rate_func=linear)
        self.play(FadeIn(rope_dots), FadeIn(stop_names), FadeIn(rope_col), Indicate(self.score_num, color=pal.ok),
                  run_time=0.8)
        read_with(self, rope_path, self.score_num, color=pal.ok)  # RoPE's line keeps its colour
        # 3. absolute PE: the position added to the input (x = q, x′ = k here)
        self.caption(self.s("cap_pe"), with_=[FadeIn(pe_note), FadeIn(abs_col[0])], run_time=1.0)
        read_with(self, abs_law, cue=True)
        # 4. its score along the same diagonal: the line and the three stops' values come with the cue
        reveal = [Create(abs_path, rate_func=linear), FadeIn(abs_dots), FadeIn(abs_col[1:])]
        if moved:
            self.caption(self.s("cap_pe_line", a=said), with_=reveal, run_time=1.4, shown={"pe_line": 1.0})
        else:
            self.shown["pe_line"] = 1.0
            self.play(*reveal, run_time=1.4)
        # two dots ride the lines while m and n slide back down the diagonal and up again: PE's climbs and
        # falls, RoPE's keeps its height (the score box with it)
        def rider(values, color):
            dot = Dot(radius=0.1, color=color)
            return dot.add_updater(lambda mob: mob.move_to(pt(m_t.get_value(), np.interp(m_t.get_value(), ms, values))))

        riders = VGroup(rider(abs_line, pal.bad), rider(rope_line, pal.ok))
        def slide(m_to, frag):  # once the cue holding `frag` is up, m and n slide to (m_to, m_to − gap) under it
            while self._queue and frag not in self.cues_log[-1]["text"].replace("\n", ""):
                self.until_next_cue()
            self.play(m_t.animate.set_value(float(m_to)), n_t.animate.set_value(float(m_to - gap)),
                      run_time=max(2.0, self.cue_left() - 0.3), rate_func=smooth)

        if moved:  # while the terms are named: down the diagonal, a stop at a time, the PE dot climbing and falling
            j = 0  # first, while the three values are said, each stop's value and its dot in turn
            while self._queue and "PE(m)·PE(n)" not in self.cues_log[-1]["text"].replace("\n", ""):
                if self.cue_left() > 1.6:
                    self.play(Indicate(abs_col[1 + j % 3], color=pal.bad),
                              Indicate(abs_dots[j % 3], color=pal.bad, scale_factor=1.6), run_time=1.5)
                    j += 1
                else:
                    self.until_next_cue()
            self.add(*riders)
            slide(stops[1][0], "PE(m)·PE(n)")
            slide(ms[0], "q·PE(n)")
        read_with(self, abs_col[1:], abs_path, color=pal.bad)
        # 5. RoPE turns q and k after the projection, lengths kept: moving m and n together changes no angle, the line stays flat
        self.caption(self.s("cap_flat"), with_=[Indicate(rope_path, color=pal.ok, scale_factor=1.05),
                                                Indicate(diag, color=pal.ok)], run_time=1.0)
        if not moved:
            self.add(*riders)
        read_with(self, rope_path, color=pal.ok, cue=True)  # the move comes with "moving m and n together"
        self.play(m_t.animate.set_value(float(ms[-1])), n_t.animate.set_value(float(ms[-1] - gap)),
                  run_time=max(2.5, self.cue_left() - 1.0), rate_func=smooth)
        read_with(self, rope_path, VGroup(*(p["angle"] for p in self.planes)), color=pal.ok)
        live.clear_updaters()
        for dot in riders:
            dot.clear_updaters()
        self.diag_stop = (ms[-1], ms[-1] - gap)
        # the plot has made its point: it leaves once its last cue is read, and the identity takes its room
        self.read_caption()
        self.shown["pe_line"] = 0.0
        self.play(FadeOut(VGroup(frame, abs_path, abs_dots, rope_path, rope_dots, stop_names, abs_col, pe_note,
                                 rope_col, riders)), run_time=0.6)
        self.contrast_marks = VGroup(rings, diag)

    # -- 7. why: the rotations combine --------------------------------------------------------
    def summary(self):
        """On the dials: q's turn m·θ is undone and given to k, so k ends turned by (n − m)·θ; the score box
        keeps its value, which is q·(R_{n−m} k) computed by engine.rope (q unturned, k turned by n − m)."""
        pal, d = self.pal, self.data
        m, n = self.diag_stop
        value = rope_score(d.q, d.k, 0, n - m, d.base)  # q·(R_{n−m} k): q at 0, k turned by n − m
        keep = [self.plane_statics, self.plane_labels, self.plane_live, self.score_statics, self.m_num, self.n_num,
                self.gap_num, self.score_num, self.grid, self.grid_labels, self.marker, self.contrast_marks]
        self.section("summary", self.s("cap_summary"), keep=keep)
        law = self.tex(r"(R_m q)\cdot(R_n k)", "=", r"q\cdot(R_{n-m}\,k)", size=40, color=pal.ok)
        law.move_to([-3.1, LAW_Y[0], 0])
        case = self.tex(rf"(R_{{{m}}} q)\cdot(R_{{{n}}} k)", "=", rf"q\cdot(R_{{{n - m}}}\,k)", "=",
                        fmt_num(value, 4).replace("−", "-"), size=36, color=pal.ink)  # TeX's minus
        case.move_to([-3.1, LAW_Y[1], 0])
        case[-1].set_color(pal.ok)
        # after the undo the column shows where q and k now stand: q's position (0) and k's (n − m), in q's and
        # k's colours; m − n below them is unchanged. The names fade across (a glyph morph garbles them)
        turns = [self.txt(self.s("q_pos"), size=30, color=pal.accent), self.txt(self.s("k_pos"), size=30, color=pal.cool)]
        dials_right = max(p["face"].get_right()[0] for p in self.planes) + 0.12
        for lab, num in zip(turns, (self.m_num, self.n_num)):
            lab.next_to(num, LEFT, buff=0.15).align_to(num, DOWN)
            if lab.get_left()[0] < dials_right:  # a long name keeps clear of the dials
                lab.scale_to_fit_width(num.get_left()[0] - 0.15 - dials_right).next_to(num, LEFT, buff=0.15).align_to(num, DOWN)
        column_left = min(self.mn_column.get_left()[0], *(lab.get_left()[0] for lab in turns))
        for mob in (law, case):  # kept left of the m, n column
            room = column_left - 0.2 + 6.3
            if mob.width > room:
                mob.scale_to_fit_width(room)
            mob.move_to([-6.3 + room / 2, mob.get_center()[1], 0])
        self.play(FadeIn(law[0], shift=UP * 0.2), run_time=1.0)
        self.play(FadeIn(law[1]), FadeIn(law[2], shift=RIGHT * 0.3), run_time=0.8)
        # undo q's turn and give it to k: m → 0 and n → n − m together, the gap and the score unchanged
        self.until_next_cue()
        t = ValueTracker(0.0)
        self.marker_held = True  # the table's square stays on (m, n): the cell whose score this is
        live = self.live_positions(lambda: (m * (1 - t.get_value()), n - m * t.get_value()))
        self.play(t.animate(rate_func=smooth).set_value(1.0),  # the old names go, then the new come
                  *(FadeOut(old, rate_func=lambda a: smooth(min(1.0, 2 * a))) for old in self.mn_column[:2]),
                  *(FadeIn(new, rate_func=lambda a: smooth(max(0.0, 2 * a - 1))) for new in turns), run_time=3.0)
        for old, new in zip(self.mn_column[:2], turns):  # the column's own labels take the new names
            old.become(new)
            self.remove(new)
            self.add(old)
        live.clear_updaters()
        self.shown["identity_m"], self.shown["identity_n"] = float(m), float(n)
        self.shown["identity_score"] = value
        self.caption(self.s("cap_summary_turn"), with_=[Indicate(self.score_num, color=pal.ok)], run_time=0.8)
        read_with(self, self.score_num, cue=True)
        # k turned by (n − m)·θ alone gives the score the box has kept
        self.caption(self.s("cap_summary_case", ng=fmt_num(n - m, 0), s=fmt_num(value, 4)),
                     with_=[FadeIn(case), Indicate(self.score_num, color=pal.ok)], run_time=1.2)  # in place: the
        # value is the score box's, which keeps it; nothing flies across the dials' headings
        read_with(self, case[4], self.score_num, law[2])
        # the conclusion on the picture: the dials' angle from k to q, the table's diagonal of one colour, the
        # identity beside them; one cue, then the end
        angles = VGroup(*(VGroup(p["arc"], p["angle"]) for p in self.planes))
        self.caption(self.s("cap_summary_end"), with_=[Indicate(law, color=pal.ok, scale_factor=1.08)], run_time=1.0)
        read_with(self, self.contrast_marks, angles, law, color=pal.ok, grow=1.04)
