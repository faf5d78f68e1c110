"""attention_heatmap, why the mask writes −∞ and not 0 (seed 003, "Dot products → attention weights"), on the
table's row with one masked cell (row 4, 'on', in the five-token lesson): the score that cell had, set to −∞; the
row's softmax with it (its weight exactly 0); then a score of 0 in its place and the row's softmax again, the masked
word still weighted (0.1855 for 'the'); the row back to its scores and its × before the softmax section. The
weights come from engine.attention.softmax over the record's scores. Mixed into
scenes.attention_heatmap.AttentionHeatmap, in the mask section.
"""
from __future__ import annotations

import numpy as np
from manim import RIGHT, Create, Indicate, SurroundingRectangle, VGroup

from engine.attention import softmax
from look import fmt_num
from scenes.attention.table import LABEL
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
        seen = [c for c in range(n) if not d.mask[r, c]]
        at = [(i, j) for i in range(n) for j in range(n) if d.mask[i, j]].index((r, m))
        cross = self.crosses[at]  # the cell's paper, hatch and ×: its own score shows in the open cell meanwhile
        size = self.score_size
        nums = lambda vals, dec: [self.txt(fmt_num(vals[c], dec), size=size, color=pal.ink)  # noqa: E731
                                  .move_to(self.cell_center(r, c)) for c in seen]
        cell = lambda s, color=pal.accent: self.txt(s, size=size, color=color).move_to(self.cell_center(r, m))  # noqa: E731
        kind = lambda key: self.txt(self.s(key), size=LABEL, color=pal.accent).move_to(  # noqa: E731
            self.cell_center(r, n) + RIGHT * 0.2)
        box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.accent, stroke_width=4)
        # "sets those scores to −∞": the score the masked cell had, then −∞ in its place
        [had, label] = self.swap([(cross, cell(fmt_num(d.scores[r, m], self.score_dec), pal.ink)),
                                  (VGroup(), kind("zero_scores"))])
        self.play(Create(box), run_time=0.4)
        self.wait(min(0.6, max(0.0, self.cue_left() - 1.0)))
        self.shown["zero_row"] = f"{r + 1}:{d.scores[r, m]:.6f}->-inf"
        [had] = self.swap([(had, cell("\u2212\u221e"))])
        self.until_next_cue()
        # "weight exactly 0": the row's softmax with −∞ in the masked cell
        live = [self.score_nums[r][c] for c in seen]
        self.shown["zero_row_masked"] = ",".join(f"{v:.6f}" for v in masked)  # recorded as the numbers come
        *live, had, label = self.swap([*zip(live, nums(masked, self.num_dec)), (had, cell(fmt_num(0.0, 0))),
                                       (label, kind("zero_weights"))])
        self.play(Indicate(had, color=pal.accent), run_time=0.8)
        self.until_next_cue()
        # "a score of 0 would not do": 0 in the masked cell, and the row's softmax again
        *live, had, label = self.swap([*zip(live, nums(d.scores[r], self.score_dec)), (had, cell(fmt_num(0.0, 0))),
                                       (label, kind("zero_scores"))])
        self.wait(0.5)
        self.shown["zero_row_zero"] = ",".join(f"{v:.6f}" for v in zero)
        *live, had, label = self.swap([*zip(live, nums(zero, self.num_dec)), (had, cell(fmt_num(zero[m], self.num_dec))),
                                       (label, kind("zero_weights"))])
        self.play(Indicate(had, color=pal.accent), run_time=0.8)
        self.wait(max(0.0, self.cue_left() - 0.6))
        # the row back to its scores and its ×, as the softmax section takes it
        self.swap([*zip(live, (self.score_nums[r][c] for c in seen)), (had, cross), (label, VGroup()), (box, VGroup())],
                  run_time=0.5)
        self.shown.pop("zero_row", None)
