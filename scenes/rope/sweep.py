"""rope_rotation, end of the gap section: the query holds its row and the key walks along it.

m stays at the row of the gap stops (m = 9 in the lesson); n steps from m down to 0, one whole position at a
time, while the dials turn and a curve of the score q·k against the gap m − n is drawn beside them from
engine.rope (rope_score at every frame's n, so between two whole positions the curve is the engine's too).
A dot drops at each whole gap. Then the cue says what the curve shows: closer is not simply higher (the
highest score, the lowest after it and the rise after that, each written at its dot), why (few planes, the
angles keep turning), and what holds with many planes: RoFormer's long-term decay (Su et al., 2021), an upper
bound on the size of the score that shrinks with the distance, a bound on a sum of planes, not every score."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, DashedLine, Dot, FadeIn, FadeOut, Indicate, VGroup, VMobject, smooth

from engine.rope import DEFAULT_BASE
from engine.rope_extra import ROFORMER_YEAR, row_turns
from scenes.parts.emphasis import read_with
from look import fmt_num

NOTE = 26  # labels at 3.2 % of the frame height in cap height
SWEEP_X = (-5.25, -0.75)  # gap 0 and the last gap
SWEEP_Y = (-1.65, -0.8)  # the lowest and the highest score of the row
TICK_Y = -2.24  # the gaps' numbers under the curve
CITE_AT = (0.1, -1.7)  # the reference, under d and base
LEFT_EDGE = -6.3  # the axes' names start at the safe area's left edge


class SweepStage:
    """Mixed into RopeRotation (a LectureScene): the key walks the query's row; the score-vs-gap curve."""

    def sweep_row(self, m_t, n_t, m_row: int) -> None:
        pal, d = self.pal, self.data
        m_row = int(m_row)
        gaps = np.arange(m_row + 1)  # m − n for n = m_row … 0
        row = np.array([float(d.score_grid[m_row, m_row - g]) for g in gaps])  # (gaps,) the table's row m
        lo, hi = min(0.0, float(row.min())), max(0.0, float(row.max()))

        x_name = self.txt("m − n", size=NOTE, color=pal.ink)
        x_name.move_to([LEFT_EDGE, TICK_Y, 0], aligned_edge=LEFT)
        x0 = max(SWEEP_X[0], x_name.get_right()[0] + 0.45)  # gap 0 right of the axis' name

        def pt(g: float, v: float) -> np.ndarray:
            x = x0 + g / max(m_row, 1) * (SWEEP_X[1] - x0)
            y = SWEEP_Y[0] + (v - lo) / max(hi - lo, 1e-9) * (SWEEP_Y[1] - SWEEP_Y[0])
            return np.array([x, y, 0.0])

        step = next(s for s in (1, 2, 5, 10) if s * (SWEEP_X[1] - x0) / max(m_row, 1) >= 0.42)
        ticks = VGroup(*(self.txt(str(int(g)), size=NOTE, color=pal.muted).move_to([pt(g, 0)[0], TICK_Y, 0])
                         for g in gaps[::step]))
        zero = DashedLine(pt(0, 0) + LEFT * 0.2, pt(m_row, 0) + RIGHT * 0.2, stroke_color=pal.muted, stroke_width=2)
        y_name = self.txt("q·k", size=NOTE, color=pal.ok).move_to([LEFT_EDGE, SWEEP_Y[1], 0], aligned_edge=LEFT)
        axes = VGroup(zero, ticks, x_name, y_name)
        curve = VMobject(stroke_color=pal.ok, stroke_width=5)
        curve.set_points_as_corners([pt(0, row[0]), pt(0, row[0]) + RIGHT * 1e-4])
        dots = VGroup(*(Dot(pt(g, v), radius=0.08, color=pal.ok) for g, v in zip(gaps, row)))
        dots.set_opacity(0)

        def grow(_mob):  # the curve follows the key: the engine's score at every n passed so far
            gone = m_row - n_t.get_value()
            gs = np.linspace(0.0, max(gone, 1e-4), max(2, int(gone * 8) + 2))
            vs = [self.score_between(m_row, m_row - g) for g in gs]
            curve.set_points_as_corners([pt(g, v) for g, v in zip(gs, vs)])
            for g, dot in zip(gaps, dots):
                dot.set_opacity(1.0 if gone >= g - 1e-6 else 0.0)

        # the rows under the dials give their room to the curve (they stay hidden to the end of the scene)
        self.plane_live.remove(self.plane_nums)
        self.add(self.plane_nums)
        self.rows_hidden = True
        gone = VGroup(self.plane_tags, self.plane_nums)
        if self.setup_note.get_top()[1] > TICK_Y - 0.2 and self.setup_note.get_left()[0] < SWEEP_X[1]:
            gone.add(self.setup_note)  # d and base on one line under the dials: they give the curve its room
            self.note_hidden = True
        said = self.s("cap_sweep", m=m_row, n1=max(m_row - 1, 0))
        self.play(FadeOut(gone), run_time=0.4)
        self.caption(said, with_=[FadeIn(axes)], run_time=0.6)
        self.play(m_t.animate.set_value(float(m_row)), n_t.animate.set_value(float(m_row)), run_time=1.6,
                  rate_func=smooth)
        self.add(curve, dots)
        curve.add_updater(grow)
        self.until_next_cue()
        per = min(0.8, max(0.3, 7.0 / max(m_row, 1)))  # a whole position at a time, the row in about 7 s
        for n in range(m_row - 1, -1, -1):
            self.play(n_t.animate.set_value(float(n)), run_time=per, rate_func=smooth)
            self.wait(0.15)
        curve.remove_updater(grow)
        grow(curve)
        self.shown["sweep_row"] = float(m_row)
        # what the curve shows: the highest score, the lowest after it, and the rise after that
        turns = row_turns(row)
        marks = VGroup()
        if turns is not None:
            g_hi, g_lo, g_back = turns
            for g, side in ((g_hi, UP), (g_lo, DOWN), (g_back, UP)):  # over a peak, under the trough
                lab = self.txt(fmt_num(row[g], 4), size=NOTE, color=pal.ok).next_to(dots[g], side, buff=0.06)
                marks.add(lab)
            text = self.s("cap_sweep_read", g_hi=g_hi, s_hi=fmt_num(row[g_hi], 4), g_lo=g_lo,
                          s_lo=fmt_num(row[g_lo], 4), g_back=g_back, s_back=fmt_num(row[g_back], 4))
            self.caption(text, with_=[FadeIn(marks), *(Indicate(dots[g], color=pal.ok, scale_factor=1.8)
                                                        for g in turns)], run_time=1.2)
            read_with(self, *(VGroup(dots[g], lab) for g, lab in zip(turns, marks)), color=pal.ok)
        else:
            g_far = int(gaps[-1])
            lab = self.txt(fmt_num(row[g_far], 4), size=NOTE, color=pal.ok).next_to(dots[g_far], UP, buff=0.12)
            marks.add(lab)
            self.caption(self.s("cap_sweep_plain", s0=fmt_num(row[0], 4), g=g_far, s=fmt_num(row[g_far], 4)),
                         with_=[FadeIn(marks)], run_time=1.0)
            read_with(self, curve, color=pal.ok)
        angles = VGroup(*(p["angle"] for p in self.planes))
        self.caption(self.s("cap_gap_cos", d=d.d_model, p=self.n_planes),
                     with_=[Indicate(angles, color=pal.accent)], run_time=1.0)
        self.add(self.plane_live)  # emphasis lifts the labels out of the live group: back in whole
        read_with(self, angles, curve, color=pal.accent)
        self.add(self.plane_live)
        # many planes: RoFormer's bound, stated as what it is
        self.shown["usual_base"] = DEFAULT_BASE  # the base models usually take (engine.rope), said in the cue
        cite = VGroup(self.txt("RoFormer", size=NOTE, color=pal.muted),
                      self.txt(self.s("cite", year=ROFORMER_YEAR), size=NOTE, color=pal.muted)).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        cite.move_to([*CITE_AT, 0], aligned_edge=UP + LEFT)
        self.caption(self.s("cap_gap_decay", usual=f"{round(DEFAULT_BASE):,}", year=ROFORMER_YEAR), with_=[FadeIn(cite)], run_time=0.8,
                     shown={"reference_year": float(ROFORMER_YEAR)})  # the paper's year, in the cue and on screen
        read_with(self, curve, cite, color=pal.ok)
        self.play(FadeOut(VGroup(axes, curve, dots, marks, cite)), run_time=0.5)

    def score_between(self, m: float, n: float) -> float:
        from engine.rope import rope_score

        d = self.data
        return rope_score(d.q, d.k, m, n, d.base)
