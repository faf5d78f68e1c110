"""attention_heatmap, what W_Q ≠ W_K changes where the student can see it (seed 003, "Optional: edit the
query, key and value matrices"): under the causal mask a cell's mirror is hidden, so the second head's
asymmetry is shown on one visible row instead, the last one (the row whose x the scene follows). The
same word asks in both heads, but through other query and key matrices, so its weights differ: the first
head's row beside the second's, the word that gains most boxed. Mixed into
scenes.attention_heatmap.AttentionHeatmap, at the end of the second head's softmax.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Create, FadeIn, SurroundingRectangle, TransformFromCopy, VGroup

from look import fmt_num
from scenes.attention.table import LABEL
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

COL_GAP = 0.25  # between the word and the two heads' columns


def row_gain(first_row, second_row) -> int:
    """The column whose weight grows most from the first head's row to the second's."""
    return int(np.argmax(np.asarray(second_row, float) - np.asarray(first_row, float)))


class AttentionRows:
    """Needs from the scene: d1 (the record), pal, s, txt, caption, play, shown, panel, grid, score_nums
    (now the second head's weights) and ask_pair_lines (replaced by the comparison)."""

    def ask_row_compare(self):
        d1, pal = self.d1, self.pal
        a = d1.asking
        n = len(a.tokens)
        r = n - 1
        k = row_gain(d1.A[r], a.A[r])
        head = self.txt(self.s("row_asks", r=r + 1, w=a.tokens[r]), size=LABEL, color=pal.ink)
        cols = [[self.txt(t, size=LABEL, color=pal.muted) for t in ("", self.s("head_1"), self.s("head_2"))]]
        for c in range(n):
            cols.append([self.txt(a.tokens[c], size=LABEL, color=pal.muted),
                         self.txt(fmt_num(d1.A[r, c], 4), size=LABEL, color=pal.ink),
                         self.txt(fmt_num(a.A[r, c], 4), size=LABEL, color=pal.accent)])
        widths = [max(row[m].width for row in cols) for m in range(3)]
        xs = np.concatenate([[0.0], np.cumsum([w + COL_GAP for w in widths[:-1]])])  # left edges
        rows = VGroup()
        for y, row in enumerate(cols):
            for m, t in enumerate(row):
                t.move_to([xs[m] + widths[m] / 2, -0.45 * y, 0])
            rows.add(VGroup(*row))
        group = VGroup(head, rows).arrange(DOWN, buff=0.25, aligned_edge=LEFT)
        self.panel(group, y=0.1)
        box = SurroundingRectangle(rows[k + 1], buff=0.08, color=pal.ok, stroke_width=4)
        row_box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.ok, stroke_width=4)
        cell_box = SurroundingRectangle(self.grid.cell(r, k), buff=0.0, color=pal.ok, stroke_width=6)
        words = dict(r=r + 1, w=a.tokens[r], kw=a.tokens[k], a1=fmt_num(d1.A[r, k], 4), a2=fmt_num(a.A[r, k], 4))
        # the row in question boxed; the first head's weights come back, the second's move out of the table
        self.play(QuickFadeOut(self.ask_pair_lines), Create(row_box), run_time=0.5)
        self.play(QuickFadeIn(head), QuickFadeIn(VGroup(*(rw[0] for rw in rows), rows[0])),
                  FadeIn(VGroup(*(rw[1] for rw in rows[1:])), lag_ratio=0.1), run_time=0.9)
        self.play(*(TransformFromCopy(self.score_nums[r][c], rows[c + 1][2]) for c in range(n)), run_time=0.9)
        self.shown["showing"] = "asking,row"
        read_with(self, rows)
        self.caption(self.s("cap_ask_row", **words))  # the pair is boxed as the cue names it
        self.play(Create(box), Create(cell_box), run_time=0.5)
        self.shown["row_compare"] = f"{a.tokens[k]}:{d1.A[r, k]:.6f},{a.A[r, k]:.6f}"
        read_with(self, box, cell_box)
        self.play(QuickFadeOut(row_box), run_time=0.3)
        self.ask_pair_lines = VGroup(group, box, cell_box)  # leaves with the table
