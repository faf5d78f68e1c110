"""pe_clock's "why" section, its last beat: the one term that carries order (seed pe_clock, "why the scores differ";
engine word_order: m_qk, terms, with_pe). With M = W_Q W_Kᵀ, seat · seat is PE(p_q) M PE(p_k)ᵀ / √d. M is shown
as numbers (its top-left 2 × 2 of 16 × 16, labelled so), its entries cross the diagonal into Mᵀ (0.17 and 0.29 trade
places: not the same matrix); PE(0) M PE(1)ᵀ / √d is written with its engine value, a copy of it moves down and
its two seats swap places, turning into PE(1) M PE(0)ᵀ / √d with the other engine value, which is PE(0) Mᵀ PE(1)ᵀ / √d
(a number is its own transpose): swapping the seats is using Mᵀ for M. The swapped value is then lit with its cell
in the table, before the two scores it goes into.
Mixed into scenes.pe_clock.PeClock through scenes.clock.why.WhySection.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, PI, RIGHT, UP, FadeIn, FadeTransform, Indicate, ReplacementTransform, \
    SurroundingRectangle, VGroup, VMobject

from look import fmt_num
from scenes.clock.walk import walk_cue
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

CORNER = 2  # the entries shown: M's top-left 2 × 2 (a wider corner leaves the seat · seat lines too small beside it)
COL_GAP, ROW_H = 0.3, 0.4  # entries right-aligned in columns, the widest 0.3 apart; rows 0.4 apart
MAT_Y = -1.55  # the matrices' middle, under the table's score row (y −0.78) and clear of the caption band (−2.62)
MAT_LEFT = -6.3  # M's name's left edge; Mᵀ follows GAP to its right, the lines LINES_GAP right of Mᵀ
GAP, LINES_GAP = 0.35, 0.55  # the lines clear of the label under the matrices, which reaches x ≈ 0.1
LABEL_BOTTOM = -2.58  # "M = W_Q W_Kᵀ (top-left 2 × 2 of 16 × 16)" under the matrices, over the caption band
LINE_Y = (-1.24, -1.72, -2.2)  # seat · seat in 十五, the swapped one, and the same through Mᵀ (0.03 apart)
LINE_TEX, LINE_TXT = 34, 26  # the lines' sizes: three fit between the score row and the caption band
LINE_RIGHT = 6.3  # inside the title-safe area


class SeatSwapBeat:
    """Needs from the scene: data, pal, s, txt, tex, play, wait, shown, cues_log, _queue, before_cue_with,
    until_next_cue (scenes.pe_clock)."""

    def corner_matrix(self, values: np.ndarray, name: str, left: float) -> dict:
        """The top-left CORNER × CORNER entries of `values` (2 decimals) between brackets, named `name =` on the
        left: {"group", "name", "entries" (row by row), "brackets"}."""
        pal = self.pal
        entries = VGroup(*(self.txt(fmt_num(values[r, c], 2), size=26).move_to([0, -r * ROW_H, 0])
                           for r in range(CORNER) for c in range(CORNER)))
        col_w = max(e.width for e in entries) + COL_GAP
        for i, e in enumerate(entries):
            e.align_to([(i % CORNER) * col_w, 0, 0], RIGHT)
        top, bottom = entries.get_top()[1] + 0.08, entries.get_bottom()[1] - 0.08
        x0, x1 = entries.get_left()[0] - 0.08, entries.get_right()[0] + 0.08
        brackets = VGroup(*(VMobject(stroke_color=pal.ink, stroke_width=2.5).set_points_as_corners(
            np.array([[x + s * 0.08, top, 0], [x, top, 0], [x, bottom, 0], [x + s * 0.08, bottom, 0]]))
            for x, s in ((x0, 1), (x1, -1))))
        label = self.tex(name, "=", size=36).next_to(brackets[0], LEFT, buff=0.1)
        group = VGroup(label, brackets, entries)
        group.shift([left - group.get_left()[0], MAT_Y - entries.get_center()[1], 0])
        return {"group": group, "name": label, "entries": entries, "brackets": brackets}

    def seat_line(self, q: int, k: int, value: float | None = None, width: float = LINE_RIGHT) -> VGroup:
        """PE(q) M PE(k)ᵀ / √d = value, the seats in the accent colour: [formula (pieces PE(, q, ) M PE(, k, )ᵀ/√d,
        =), value]; without a value, "= PE(q) Mᵀ PE(k)ᵀ / √d" ([formula (pieces =, PE(, q, ) Mᵀ PE(, k, )ᵀ/√d)])."""
        pal, d = self.pal, self.data
        tail = r")^{\top}/\sqrt{%d}" % d.d_model
        if value is None:
            formula, seats = self.tex("=", r"PE(", str(q), r")\,M^{\top}\,PE(", str(k), tail, size=LINE_TEX), (2, 4)
        else:
            formula, seats = self.tex(r"PE(", str(q), r")\,M\,PE(", str(k), tail, "=", size=LINE_TEX), (1, 3)
        for i in seats:
            formula[i].set_color(pal.accent)
        line = VGroup(formula)
        if value is not None:
            line.add(self.txt(fmt_num(value, 4), size=LINE_TXT))
            line.arrange(RIGHT, buff=0.14)
            line[1].align_to(line[0], DOWN)
        if line.width > width:
            line.scale_to_fit_width(width)
        return line

    def at_cue(self, words: str, *mobs) -> None:
        """Read cue after cue (a frame walking over `mobs`, if any) until the one holding `words` is on screen."""
        while self._queue and words not in self.cues_log[-1]["text"].replace("\n", " ") \
                and words not in self.cues_log[-1]["text"].replace("\n", ""):
            if mobs:
                walk_cue(self, *mobs)
            else:
                self.until_next_cue()

    def seat_swap(self, o, term_rows, marks) -> VGroup:
        """The beat, with the cues of the caption on screen (each picture is up as the cue that states it comes in).
        Returns what it leaves on screen."""
        pal, d = self.pal, self.data
        (qa, ka), (qb, kb) = o.seats
        m = np.asarray(o.m_qk)
        seat_row = term_rows[3]
        mat = self.corner_matrix(m, "M", MAT_LEFT)
        mat_t = self.corner_matrix(m.T, r"M^{\top}", mat["group"].get_right()[0] + GAP)
        line_x = mat_t["group"].get_right()[0] + LINES_GAP
        width = LINE_RIGHT - line_x
        label = VGroup(self.tex(r"M=W_Q W_K^{\top}", size=36),
                       self.txt(self.s("why_corner", n=CORNER, d=d.d_model), size=26)).arrange(RIGHT, buff=0.2)
        label[1].align_to(label[0][0][0], DOWN)
        label.align_to([MAT_LEFT, LABEL_BOTTOM, 0], LEFT + DOWN)
        # "seat · seat is the one term ...": its row goes red as M comes in where the dial was
        self.play(seat_row[-1].animate.set_color(pal.bad), Indicate(marks[3], color=pal.bad),
                  FadeIn(VGroup(mat["group"], label), shift=0.1 * UP), run_time=0.8)
        self.shown["seat_swap_m01"] = float(m[0, 1])  # M's entry at row 0, column 1 (0.17)
        e = mat["entries"]
        self.at_cue(self.s("why_product"), seat_row[-2:], mat["group"])  # "M is the product ...; not symmetric"
        pair = [e[1], e[CORNER]]  # M[0, 1] and M[1, 0]
        boxes = VGroup(*(SurroundingRectangle(x, buff=0.06, color=c, stroke_width=3) for x, c in zip(pair, (pal.accent, pal.bad))))
        self.play(FadeIn(boxes), run_time=0.5)
        self.wait(0.6)
        self.play(QuickFadeOut(boxes), run_time=0.3)
        self.at_cue(self.s("why_transpose"), *pair)  # "so its transpose is another matrix": the entries cross the diagonal
        moving = mat["group"].copy()
        mt_e = mat_t["entries"]
        moves = [moving[2][r * CORNER + c].animate(path_arc=-PI / 3 if r != c else 0).move_to(mt_e[c * CORNER + r])
                 for r in range(CORNER) for c in range(CORNER)]
        self.play(*moves, ReplacementTransform(moving[1], mat_t["brackets"]),
                  FadeTransform(moving[0], mat_t["name"]), run_time=1.4)
        self.remove(*moving[2])
        self.add(mat_t["group"])
        # the same place in each: 0.17 in M, 0.29 in Mᵀ
        boxes = VGroup(*(SurroundingRectangle(x[1], buff=0.06, color=pal.bad, stroke_width=3) for x in (e, mt_e)))
        self.play(FadeIn(boxes), run_time=0.4)
        self.shown["seat_swap_mt01"] = float(m[1, 0])  # Mᵀ's at the same place (0.29)
        # seat · seat in the first order, with its value, up as its cue comes in
        line_a = self.seat_line(qa, ka, o.terms[0, 3], width).move_to([0, LINE_Y[0], 0]).align_to([line_x, 0, 0], LEFT)
        line_b = self.seat_line(qb, kb, o.terms[1, 3], width).move_to([0, LINE_Y[1], 0]).align_to([line_x, 0, 0], LEFT)
        line_b[1].set_color(pal.bad)
        # = PE(qa) Mᵀ PE(ka)ᵀ / √d: (qb, kb) = (ka, qa), and a number is its own transpose
        line_t = self.seat_line(qa, ka, width=width).move_to([0, LINE_Y[2], 0]).align_to([line_x, 0, 0], LEFT)
        sa, sb = fmt_num(o.terms[0, 3], 4), fmt_num(o.terms[1, 3], 4)
        pending = self.before_cue_with(sa, 0.7)
        self.play(QuickFadeOut(boxes), FadeIn(line_a, shift=0.1 * UP), Indicate(seat_row[-2], color=pal.accent, scale_factor=1.0),
                  run_time=0.7)
        self.shown["seat_swap_a"] = float(o.terms[0, 3])
        if pending:
            self.until_next_cue()
        # the seats swap: a copy of the line moves down and its 0 and 1 trade places; the value becomes 五十's
        pending = self.before_cue_with(sb, 2.2)
        copy = line_a.copy()
        self.play(copy.animate.move_to(line_b, aligned_edge=LEFT), run_time=0.6)
        f = copy[0]
        self.play(f[1].animate(path_arc=PI).move_to(line_b[0][3]), f[3].animate(path_arc=PI).move_to(line_b[0][1]),
                  run_time=1.0)
        self.play(FadeTransform(copy[1], line_b[1]), run_time=0.6)
        self.remove(*copy.get_family())  # every piece the moves put on the scene, so none is left behind
        self.add(line_b)
        self.shown["seat_swap_b"] = float(o.terms[1, 3])
        if pending:
            self.until_next_cue()
        # PE(1) M PE(0)ᵀ is the same number as PE(0) Mᵀ PE(1)ᵀ: swapping the seats is using Mᵀ for M
        pending = self.before_cue_with(self.s("why_swap_key"), 0.8)
        self.play(FadeIn(line_t, shift=0.1 * UP), Indicate(mat_t["name"], color=pal.bad), run_time=0.8)
        self.shown["seat_swap_t"] = float(o.terms[1, 3])
        if pending:
            self.until_next_cue()
        read_with(self, line_t, mat_t["group"], grow=1.0, cue=True)  # a wash, not a frame: the lines are 0.03 apart
        # the swapped value lit with its cell in the table, then the two scores it goes into
        score_a = fmt_num(o.with_pe[0], 4)
        pending = self.before_cue_with(score_a, 0.8)
        self.play(Indicate(VGroup(line_b[1], seat_row[-1]), color=pal.bad, scale_factor=1.0), run_time=0.8)
        if pending:
            self.until_next_cue()
        return VGroup(mat["group"], mat_t["group"], label, line_a, line_b, line_t)
