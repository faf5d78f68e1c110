"""attention_heatmap, head 2's rule drawn (seed 003, "Optional: edit the query, key and value matrices"): a query
e_n scores a key e_j as e_nᵀ W_Qᵀ W_K e_j / √d, so its scores weigh the keys' dimensions by e_nᵀ W_Qᵀ W_K, the
rows of the record's product W_Qᵀ W_K that e_n's own entries pick. With 'the' asking (e_5 = (0, 1)) that is the
product's second row, (1, −1): dim 1 minus dim 2. The block (the product with the picked rows framed, e_nᵀ, and
their weighted sum framed the same) is built here and shown by scenes.attention.rows as the cue names the rule.
Mixed into scenes.attention_heatmap.AttentionHeatmap.
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

    def rule_block(self, e, A_Q, A_K, n: int, left: float, y: float) -> tuple:
        """(block, frames): 'W_Qᵀ W_K' over its matrix, 'e_nᵀ = (…)' and '⇒ (…)' (e_nᵀ W_Qᵀ W_K) stacked, left-aligned at
        `left` (moved in to the safe area's edge if wider) around height y; frames: the product's rows picked by
        e_n's nonzero entries and the result, framed in the accent colour. Built, not shown."""
        pal = self.pal
        m = np.asarray(A_Q, float).T @ np.asarray(A_K, float)
        w = rule_weights(e, A_Q, A_K)

        def mat(rows):  # parentheses, as the product was written under the table, in the ink (Matrix draws them white)
            out = Matrix([[short(v) for v in row] for row in rows], element_to_mobject=lambda s: self.tex(s, size=TEX, color=pal.ink),
                         h_buff=0.75, v_buff=0.5, bracket_h_buff=0.1, left_bracket="(", right_bracket=")")
            out.get_brackets().set_color(pal.ink)
            return out

        prod = mat(m)
        e_row, result = mat([np.asarray(e, float)]), mat([w])
        block = VGroup(self.tex(r"W_{\textstyle Q}^{\top} W_{\textstyle K}", size=TEX, color=pal.ink), prod,
                       VGroup(self.tex(rf"e_{n}^{{\top}} =", size=TEX, color=pal.ink), e_row).arrange(RIGHT, buff=0.12),
                       VGroup(self.tex(r"\Rightarrow", size=TEX, color=pal.ink), result).arrange(RIGHT, buff=0.12))
        block.arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        block.move_to([left, y, 0], aligned_edge=LEFT)
        block.shift(LEFT * max(0.0, block.get_right()[0] - PANEL_RIGHT))
        picked = [i for i in range(len(e)) if abs(float(e[i])) > 1e-12]
        frames = VGroup(*(SurroundingRectangle(prod.get_rows()[i], buff=0.08, color=pal.accent, stroke_width=4) for i in picked),
                        *(SurroundingRectangle(e_row.get_entries()[i], buff=0.08, color=pal.accent, stroke_width=4) for i in picked),
                        SurroundingRectangle(result.get_entries(), buff=0.08, color=pal.accent, stroke_width=4))
        return block, frames
