"""attention_heatmap, why the mask writes −∞ and not 0 (seed 003, "Dot products → attention weights"), on the
table's row with one masked cell (row 4, 'on', in the five-token lesson): the score that cell had, set to −∞, and
e^−∞ = 0 beside the row (its weight will be exactly 0); then a score of 0 in its place and e^0 = 1 > 0 (the masked word
would keep a weight). The row stays scores: softmax itself comes in the next section, so no weight is shown before
it. `zero_row` keeps the row's softmax both ways (engine.attention.softmax over the record's scores) for the tests. Mixed into
scenes.attention_heatmap.AttentionHeatmap, in the mask section.
"""
from __future__ import annotations

import numpy as np
from manim import RIGHT, Create, Indicate, LaggedStart, SurroundingRectangle, VGroup

from engine.attention import softmax
from look import fmt_num
from scenes.attention.table import LABEL, TEX
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, fade_swap


def zero_row(d) -> tuple:
    """(row, its masked column, the row's weights under the mask (score −∞ there), the row's weights with a score
    of 0 in the masked cell instead): the second-last row, the one with exactly one masked cell."""
    n = len(d.tokens)
    r, m = n - 2, n - 1
    masked = softmax(np.where(d.mask[r], -np.inf, d.scores[r]))
    zero = softmax(np.where(d.mask[r], 0.0, d.scores[r]))
    return r, m, masked, zero


class AttentionZero:
    """Needs from the scene: d (the record), pal, s, txt, play, wait, shown, cue_left, until_next_cue, the table
    (scenes.attention.table) and the mask's crosses, over the cues of the mask's caption that name −∞, weight 0
    and a score of 0."""

    def swap(self, pairs, run_time: float = 0.6) -> list:
        """Each old mobject faded out and its new one faded in at once (never morphed: a number becomes another
        text, with its own glyphs): the news, in order."""
        self.play(*(QuickFadeOut(old) for old, _ in pairs), *(QuickFadeIn(new) for _, new in pairs), run_time=run_time)
        self.remove(*(old for old, _ in pairs))
        return [new for _, new in pairs]

    def why_not_zero(self) -> None:
        d, pal = self.d, self.pal
        n = len(d.tokens)
        if n < 2:
            return
        r, m, masked, zero = zero_row(d)
        at = [(i, j) for i in range(n) for j in range(n) if d.mask[i, j]].index((r, m))
        cross = self.crosses[at]  # the cell's paper, hatch and ×: its own score shows in the open cell meanwhile
        size = self.score_size
        cell = lambda s, color=pal.accent: self.txt(s, size=size, color=color).move_to(self.cell_center(r, m))  # noqa: E731
        beside = lambda mob: mob.next_to(self.grid, RIGHT, buff=0.15).set_y(self.cell_center(r, m)[1])  # noqa: E731
        kind = lambda key: beside(self.txt(self.s(key), size=LABEL, color=pal.accent))  # noqa: E731
        power = lambda tex: beside(self.tex(tex, size=TEX, color=pal.accent))  # noqa: E731
        box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.accent, stroke_width=4)
        # the row stays scores throughout (softmax is the next section): only the masked cell and what e does to it
        # "sets those scores to −∞": the score the masked cell had, then −∞ in its place
        [had, label] = self.swap([(cross, cell(fmt_num(d.scores[r, m], self.score_dec), pal.ink)),
                                  (VGroup(), kind("zero_scores"))])
        self.play(Create(box), run_time=0.4)
        self.wait(min(0.6, max(0.0, self.cue_left() - 1.0)))
        self.shown["zero_row"] = f"{r + 1}:{d.scores[r, m]:.6f}->-inf"
        [had] = self.swap([(had, cell("\u2212\u221e"))])
        self.until_next_cue()
        # "e to the power −∞ is 0, so the weight is exactly 0": e^−∞ = 0 beside the row, the cell lit
        self.shown["zero_row_exp"] = f"{r + 1}:exp(-inf)=0"
        [label] = self.swap([(label, power(r"e^{-\infty} = 0"))])
        self.play(Indicate(had, color=pal.accent), run_time=0.8)
        # "so their weight is exactly 0": every masked cell's × lit in turn, row by row, while the cue is read
        marks = [c[-1] for k, c in enumerate(self.crosses) if k != at]
        left = self.cue_left() - 0.8
        if marks and left > 1.5:
            self.play(LaggedStart(*(Indicate(x, color=pal.accent, scale_factor=1.3) for x in marks), lag_ratio=0.3),
                      run_time=left)
        self.until_next_cue()
        # "a score of 0 would not do": 0 in the masked cell, and e^0 = 1, not 0: the word would keep a weight
        [had] = self.swap([(had, cell(fmt_num(0.0, 0)))])
        self.wait(0.5)
        self.shown["zero_row_exp"] = f"{r + 1}:exp(0)=1"
        [label] = self.swap([(label, power(r"e^{0} = 1 > 0"))])
        self.play(Indicate(VGroup(had, label), color=pal.accent), run_time=0.8)
        self.wait(max(0.0, self.cue_left() - 0.6))
        # the row back to its ×, as the softmax section takes it
        self.swap([(had, cross), (label, VGroup()), (box, VGroup())], run_time=0.5)
        self.shown.pop("zero_row", None)
        self.shown.pop("zero_row_exp", None)
