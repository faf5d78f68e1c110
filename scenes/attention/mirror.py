"""attention_heatmap, head 1's scores in the second head's table (seed 003, "Dot products → attention weights",
"Optional: edit the query, key and value matrices"): while the caption says "head 1 used I for queries and keys
alike, so its table was symmetric", the table shows head 1's scores with their numbers, in the same cells and
at the same decimals (its tag reads 'head 1'), the pair's two boxed cells holding one value; beside it, that pair's equation (z_ij = z_ji = value) under 'head 1'. With the
cue that says the second head's product is not symmetric, the second head's scores come back into the table
and the equation stays beside it, so the two heads' numbers for the same pair are read together. Mixed into
scenes.attention_heatmap.AttentionHeatmap, in the second head's table.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

from look import fmt_num
from scenes.attention.strings import tnum
from scenes.attention.table import LABEL, NOTE, PANEL_RIGHT, TEX
from scenes.parts.quickfade import fade_swap


class AttentionMirror:
    """Needs from the scene: d1 (the record), pal, s, txt, tex, panel_left, grid, score_nums, score_dec,
    head_tag, _decimals (scenes.attention.table)."""

    def head1_note(self, top: float) -> VGroup:
        """'head 1' over its mirror pair's one value, z_ij = z_ji = value, in the panel from `top` down; built,
        not shown."""
        d1, pal = self.d1, self.pal
        i, j = d1.asking_pair
        room = PANEL_RIGHT - self.panel_left
        name = self.txt(self.s("head_1"), size=NOTE, color=pal.ink)
        value = tnum(d1.scores[i, j])
        pair = rf"z_{{\textstyle {i + 1},{j + 1}}} = z_{{\textstyle {j + 1},{i + 1}}}"  # indices at full size, set low
        equal = self.tex(rf"{pair} = {value}", size=TEX, color=pal.ink)
        if equal.width > room:  # two lines: the mirror pair, then its value
            equal = VGroup(self.tex(pair, size=TEX, color=pal.ink),
                           self.tex(rf"= {value}", size=TEX, color=pal.ink)).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        block = VGroup(name, equal).arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        return block.move_to([self.panel_left + block.width / 2, top - block.height / 2, 0])

    def head1_in_table(self) -> tuple:
        """Head 1's scores into the table's cells (the second head's numbers, their tag kept
        for the way back): returns (the second head's numbers, its tag)."""
        d1, pal = self.d1, self.pal
        n = len(d1.tokens)
        _, size = self._decimals((d1.asking.scores.min(), d1.asking.scores.max(), 0.5))  # the table's own size
        first = [[self.txt(fmt_num(d1.scores[r][c], self.score_dec), size=size, color=pal.ink)
                  .move_to(self.score_nums[r][c]) for c in range(n)] for r in range(n)]
        second = [[m.copy() for m in row] for row in self.score_nums]
        tag2 = self.head_tag.copy()
        tag1 = self.txt(self.s("head_1"), size=LABEL, color=pal.ink).move_to(self.head_tag).align_to(self.head_tag, RIGHT)
        fade_swap(self, [(self.score_nums[r][c], first[r][c]) for r in range(n) for c in range(n)]
                  + [(self.head_tag, tag1)], out=0.3, run_in=0.5)
        return second, tag2

    def head2_back(self, second, tag2) -> None:
        """The second head's scores and tag back into the table."""
        n = len(second)
        fade_swap(self, [(self.score_nums[r][c], second[r][c]) for r in range(n) for c in range(n)]
                  + [(self.head_tag, tag2)], out=0.3, run_in=0.5)
