"""attention_heatmap, the scores (seed 003, "Dot products → attention weights"): the words move to the table's
rows, E moves aside (still readable), the projections are said and written under it (W = I: why q and k are E's
columns, before any q is shown), then the empty table's first cell is worked out beside it from the two columns
of E it uses, and a copy of its "= z" moves into the cell; then every other cell fills with z_ij = q_iᵀk_j/√2. Mixed into scenes.attention_heatmap.AttentionHeatmap, after the tokens.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, Create, FadeIn, FadeTransform, Indicate, LaggedStart, ReplacementTransform, SurroundingRectangle, Transform,
    VGroup,
)

from scenes.attention.cueing import into_cue
from scenes.attention.strings import par, places, projections_tex, short, tnum
from scenes.attention.table import LABEL, NOTE, PANEL_RIGHT, TEX
from scenes.parts.emphasis import read_with
from scenes.parts.matrix import MatrixTable
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


LINES_LOW = -2.45  # the worked cell's lowest line stays over the caption band


class AttentionScores:
    """Needs from the scene: d (the record), pal, look, s, txt, tex, section, caption, play, shown, the table
    (scenes.attention.table) and tokens_view (scenes.attention.tokens)."""

    def scores(self):
        d, pal = self.d, self.pal
        i, j = d.cell
        I, J = i + 1, j + 1
        q, k = d.Q[:, i], d.K[:, j]
        rest, words = self.tokens_view
        same = all(np.allclose(m, np.eye(2)) for m in (d.A_Q, d.A_K, d.A_V))  # q = k = v = the token's vector
        self.section("scores", self.s("cap_scores"), keep=[rest, words])
        inputs = self.inputs_aside()
        proj = self.projections_under(inputs)
        E = rest[1]
        # with the cue: formulas and boxes go first; each word moves to its row (a query) as E steps down out of
        # its way; E moves up and aside, still readable; then the table's frame comes
        self.play(QuickFadeOut(VGroup(rest[0], rest[2], rest[3], rest[4], *(w[0] for w in words),
                                      *(w[2] for w in words))), QuickFadeIn(self.table_name), run_time=0.4)  # √2 with "d = 2"
        # each word becomes its row label's word; the label's position number fades in beside it, never over it
        moves, digits = [], VGroup()
        for t, tok in enumerate(d.tokens):
            label, nd = self.row_labels[t], len(str(t + 1))
            whole = len(label) != nd + len(tok.replace(" ", ""))  # glyphs not one per character: the label as one
            moves.append(Transform(words[t][1], label.copy() if whole else label[nd:].copy()))
            if not whole:
                digits.add(label[:nd].copy())
        self.play(E.animate.shift(1.5 * DOWN), *moves, run_time=1.0)
        if len(digits):
            self.play(QuickFadeIn(digits), run_time=0.3)
        self.remove(*(w[1] for w in words), *digits)
        self.add(self.row_labels)
        self.play(ReplacementTransform(E, inputs[1]), QuickFadeIn(inputs[0]), run_time=0.7)
        self.add(self.grid)  # cells start empty (fill 0); show_rows fills them during the softmax
        self.play(QuickFadeIn(VGroup(self.grid.outline, self.col_labels, self.keys_label, self.queries_label)),
                  run_time=0.5)
        self.shown["showing"] = "scores,empty"
        inputs.add(proj)  # its room kept under E: the matrices come after the worked cell, with the cue naming them
        box = SurroundingRectangle(self.grid.cell(i, j), buff=0.0, color=pal.accent, stroke_width=5)
        named = [VGroup(self.tex(rf"{sym} = ({short(v[0])},\ {short(v[1])})^{{\top}}", size=TEX),
                        self.txt(word, size=NOTE)).arrange(RIGHT, buff=0.25)
                 for sym, v, word in ((f"q_{{{I}}}", q, d.tokens[i]), (f"k_{{{J}}}", k, d.tokens[j]))]
        for group in named:  # the word on the formula's baseline
            group[1].align_to(group[0], DOWN)
        z_line = VGroup(self.tex(rf"z_{{{I},{J}}} = {tnum(d.dots[i, j])} / \sqrt{{2}}", size=TEX, color=pal.accent),
                        self.tex(rf"= {tnum(d.scores[i, j])}", size=TEX, color=pal.accent)).arrange(RIGHT, buff=0.15)
        if z_line.width > PANEL_RIGHT - self.panel_left:  # "= z" on its own line where one does not fit
            z_line.arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        lines = VGroup(
            *named,
            *self.dot_lines(I, J, q, k, d.dots[i, j]),
            z_line,
        ).arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        self.panel(lines, y=0.45)
        if lines.get_top()[1] > inputs.get_bottom()[1] - 0.15:  # the worked cell needs the room
            lines.shift(DOWN * (lines.get_top()[1] - inputs.get_bottom()[1] + 0.15))
        if lines.get_bottom()[1] < LINES_LOW:  # projections written out in full take the room: not drawn
            inputs.remove(proj)
            proj = None
            self.panel(lines, y=0.45)
            if lines.get_top()[1] > inputs.get_bottom()[1] - 0.15:
                lines.shift(DOWN * (lines.get_top()[1] - inputs.get_bottom()[1] + 0.15))
        # first why q_I and k_J will be columns of E: the projections (W = I) said and written before any q is shown
        later = same and proj is not None  # "= I" written as the cue saying so comes up, not under "learned"
        self.caption(self.s("proj_same" if same else "proj_own").lstrip(),
                     with_=[FadeIn(proj, shift=0.1 * DOWN)] if proj is not None and not later else [], run_time=0.5,
                     shown=None if later else {"projections": "I" if same else "own"})
        more = bool(self._queue)  # "So q, k and v are each token's own vector" still to come
        if later and more:  # "learned" read over the table's name; then "Here they … are all the identity I"
            into_cue(self, len(self.cues_log), FadeIn(proj, shift=0.1 * DOWN), run_time=0.5, point=self.table_name,
                     shown={"projections": "I"})
        else:
            if later:
                self.play(FadeIn(proj, shift=0.1 * DOWN), run_time=0.5)
                self.shown["projections"] = "I"
            read_with(self, *([proj] if proj is not None else []), self.table_name, cue=more)
        if more and self._queue:  # "Here they … are all the identity I": the matrices lit while it is read
            read_with(self, *([proj] if proj is not None else [self.table_name]), cue=True)
        if more:  # each token's own vector, its column of E, lit with its row and its column of the table
            own = [VGroup(inputs[1].col(t), self.row_labels[t], self.col_labels[t]) for t in range(len(d.tokens))]
            self.play(LaggedStart(*(Indicate(g, color=pal.accent, scale_factor=1.0) for g in own), lag_ratio=0.4),
                      run_time=2.0)  # colour only: E's columns stand close together
            read_with(self, *own, grow=1.0)
        # then the cell is worked out into the empty table, q_I and k_J read off E's columns
        picked = VGroup(*(SurroundingRectangle(inputs[1].col(c), buff=0.08, color=pal.accent, stroke_width=3)
                          for c in sorted({i, j})))  # q_I and k_J are made from these columns of E
        self.play(Create(box), Create(picked), run_time=0.5)
        self.caption(self.s("cap_cell", i=I, j=J, qi=d.tokens[i], kj=d.tokens[j]))
        for ln in lines:
            self.play(FadeIn(ln, shift=0.1 * RIGHT), run_time=0.6)
        self.shown["unpacked"] = f"z[{I},{J}]={d.scores[i, j]:.6f}"
        # its value "= z" stays written in the worked lines; a copy is carried into its cell, the table's first number
        self.shown["score_cells"] = 1
        self.play(FadeTransform(z_line[1].copy(), self.score_nums[i][j], stretch=False), run_time=0.8)
        self.play(Indicate(self.score_nums[i][j], color=pal.accent, scale_factor=1.15), run_time=0.7)
        read_with(self, *lines)
        # then every other cell, each from its own query and key, with the cue that says so (and why √d)
        rest = VGroup(*(m for r, row in enumerate(self.score_nums) for c, m in enumerate(row) if (r, c) != (i, j)))
        self.tint = self.score_tint()  # each cell's heat, on the weights' scale, under its number
        self.add(self.tint)
        self.bring_to_back(self.tint)
        self.caption(self.s("cap_fill"), with_=[FadeIn(rest, lag_ratio=0.02), FadeIn(self.tint)], run_time=1.2,
                     shown={"showing": "scores", "score_cells": len(d.tokens) ** 2})
        nums = VGroup(*(m for row in self.score_nums for m in row))
        read_with(self, nums, box, grow=1.0)  # colour only: the numbers stay inside their cells
        self.unpack_box, self.unpack_lines = box, VGroup(lines, inputs, picked)

    def inputs_aside(self) -> VGroup:
        """E, named, over the right part of the frame at the labels' size (digits 3 % of the frame height)."""
        d, pal = self.d, self.pal
        E = MatrixTable(d.E, font=self.look.font, decimals=places(d.E.ravel()), font_size=LABEL, color=pal.ink,
                        bracket_color=pal.muted, col_gap=0.3)  # room for two neighbouring columns' boxes
        inputs = VGroup(self.tex("E =", size=TEX), E).arrange(RIGHT, buff=0.12)
        inputs.move_to([(self.panel_left + PANEL_RIGHT) / 2, 2.45, 0])
        return inputs.set_x(min(inputs.get_x(), PANEL_RIGHT - inputs.width / 2))  # inside the safe area

    def projections_under(self, inputs) -> VGroup:
        """A_Q, A_K, A_V as the record has them (equal ones joined, I for the identity) under E, left-aligned with
        it: on one line where it fits the panel, else one matrix a line."""
        d = self.d
        parts = [self.tex(t, size=TEX, color=self.pal.ink) for t in projections_tex(d.A_Q, d.A_K, d.A_V)]
        proj = VGroup(*parts).arrange(RIGHT, buff=0.4)
        if proj.width > PANEL_RIGHT - self.panel_left:
            proj.arrange(DOWN, buff=0.15, aligned_edge=LEFT)
        proj.next_to(inputs, DOWN, buff=0.2, aligned_edge=LEFT)
        return proj.shift(LEFT * max(0.0, proj.get_right()[0] - PANEL_RIGHT))

    def dot_lines(self, I, J, q, k, dot) -> list:
        """q_Iᵀk_J written out and its value: one line where it fits the panel, else two."""
        prod = rf"q_{I}^{{\top}} k_{J} = {par(q[0])}\cdot{par(k[0])} + {par(q[1])}\cdot{par(k[1])}"
        one = self.tex(prod + rf" = {tnum(dot)}", size=TEX)
        if one.width <= PANEL_RIGHT - self.panel_left:
            return [one]
        return [self.tex(prod, size=TEX), self.tex(rf"= {tnum(dot)}", size=TEX)]
