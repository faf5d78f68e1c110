"""attention_heatmap, the two heads' rules side by side (seed 003, "Optional: edit the query, key and value matrices"):
a query e_n scores a key e_j as e_nᵀ W_Qᵀ W_K e_j / √d, so its scores weigh the keys' dimensions by e_nᵀ W_Qᵀ W_K, the
rows of the record's product W_Qᵀ W_K that e_n's own entries pick. With 'the' asking (e_5 = (0, 1)) that is the
product's second row, (1, −1): dim 1 minus dim 2, written beside head 2's row 5; head 1's matrices are I, so its rule,
e_5ᵀ I = (0, 1) (dim 2 alone), is written beside head 1's row under it: the same query, two rankings of the keys.
The block is built here and shown by scenes.attention.rows as the cues name each rule. Mixed into
scenes.attention_heatmap.AttentionHeatmap.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Matrix, SurroundingRectangle, VGroup

from scenes.attention.strings import short
from scenes.attention.table import PANEL_RIGHT, TEX


def rule_weights(e, A_Q, A_K) -> np.ndarray:
    """(2,) e_nᵀ W_Qᵀ W_K: how the query e_n weighs a key's two dimensions (before the division by √d)."""
    return np.asarray(e, float) @ np.asarray(A_Q, float).T @ np.asarray(A_K, float)


class AttentionRule:
    """Needs from the scene: pal, tex, shown."""

    def rule_mat(self, rows):
        """A matrix in parentheses, as the product was written under the table, in the ink (Matrix draws them white)."""
        out = Matrix([[short(v) for v in row] for row in rows], element_to_mobject=lambda s: self.tex(s, size=TEX, color=self.pal.ink),
                     h_buff=0.75, v_buff=0.5, bracket_h_buff=0.1, left_bracket="(", right_bracket=")")
        out.get_brackets().set_color(self.pal.ink)
        if len(rows) == 1:  # one row: parentheses as tall as its entries, so two such rows stacked stay apart
            for b in out.get_brackets():
                b.stretch_to_fit_height(out.get_entries().height + 0.2)
        return out

    def rule_block(self, e, A_Q, A_K, first_qk, n: int, left: float, top: float, rows: tuple) -> tuple:
        """The two heads' rules, each beside its row of weights. `rows`: the heights of head 2's row n and of head 1's
        row under it. (block, frames, first, first_frame): block is 'W_Qᵀ W_K = (…)' and 'e_nᵀ = (…)' stacked from `top`
        down, left-aligned at `left`, and beside head 2's row 'e_nᵀ W_Qᵀ W_K = (…)'; frames: the product's rows picked by
        e_n's nonzero entries, those entries and the result, in the accent colour; first: beside head 1's row 'e_nᵀ I = (…)'
        (`first_qk`: head 1's query and key matrices, both I, so its rule is e_n itself), first_frame its result framed in the cool
        colour. Everything moved in to the safe area's edge if wider. Built, not shown."""
        pal = self.pal
        m = np.asarray(A_Q, float).T @ np.asarray(A_K, float)
        w = rule_weights(e, A_Q, A_K)
        prod, e_row, result, own = self.rule_mat(m), self.rule_mat([np.asarray(e, float)]), self.rule_mat([w]), self.rule_mat([rule_weights(e, *first_qk)])
        wqk = r"W_{\textstyle Q}^{\top} W_{\textstyle K}"
        upper = VGroup(VGroup(self.tex(wqk + " =", size=TEX, color=pal.ink), prod).arrange(RIGHT, buff=0.12),
                       VGroup(self.tex(rf"e_{{\textstyle {n}}}^{{\top}} =", size=TEX, color=pal.ink), e_row).arrange(RIGHT, buff=0.12))
        upper.arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        upper.move_to([left, top - upper.height / 2, 0], aligned_edge=LEFT)
        second = VGroup(self.tex(rf"e_{{\textstyle {n}}}^{{\top}} {wqk} =", size=TEX, color=pal.ink), result).arrange(RIGHT, buff=0.12)
        same = np.allclose(np.asarray(first_qk[0], float).T @ np.asarray(first_qk[1], float), np.eye(len(e)))
        first = VGroup(self.tex(rf"e_{{\textstyle {n}}}^{{\top}} {'I' if same else wqk} =", size=TEX, color=pal.ink), own).arrange(RIGHT, buff=0.12)
        for line, y in zip((second, first), rows):  # aligned at '=' (their results one under the other)
            line.move_to([left, y, 0], aligned_edge=LEFT)
        first.shift(RIGHT * (second[1].get_left()[0] - first[1].get_left()[0]))
        block = VGroup(upper, second)
        over = max(0.0, max(block.get_right()[0], first.get_right()[0]) - PANEL_RIGHT)
        block.shift(LEFT * over)
        first.shift(LEFT * over)
        picked = [i for i in range(len(e)) if abs(float(e[i])) > 1e-12]
        frames = VGroup(*(SurroundingRectangle(prod.get_rows()[i], buff=0.08, color=pal.accent, stroke_width=4) for i in picked),
                        *(SurroundingRectangle(e_row.get_entries()[i], buff=0.08, color=pal.accent, stroke_width=4) for i in picked),
                        SurroundingRectangle(result.get_entries(), buff=0.08, color=pal.accent, stroke_width=4))
        first_frame = SurroundingRectangle(own.get_entries(), buff=0.08, color=pal.cool, stroke_width=4)
        return block, frames, first, first_frame
