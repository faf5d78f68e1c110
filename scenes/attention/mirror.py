"""attention_heatmap, head 1's table beside the second head's (seed 003, "Dot products → attention weights",
"Optional: edit the query, key and value matrices"): while the caption says "head 1 used I for queries and keys
alike, so its table was symmetric", head 1's scores come, small, in the panel beside the second head's table
(which keeps its own numbers and its 'head 2' tag), at the same decimals, its mirror pair boxed in the colours of
the second head's pair, under that pair's equation (z_ij = z_ji = value) and 'head 1'. With the cue that says the
second head's product is not symmetric, the product comes under the second head's table, the two heads' numbers
for the same pair read together. Mixed into scenes.attention_heatmap.AttentionHeatmap, in the second head's table.
"""
from __future__ import annotations

from manim import DOWN, LEFT, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.attention.strings import tnum
from scenes.attention.table import LABEL, NOTE, PANEL_RIGHT, TEX


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

    def head1_table(self, note, bottom: float) -> VGroup:
        """Head 1's score table, small, under its note in the panel (`note`: head1_note, which names it), its
        mirror pair boxed in the colours of head 2's pair: the two heads' tables side by side, head 2's grid
        never emptied; built, not shown."""
        d1, pal = self.d1, self.pal
        n = len(d1.tokens)
        (i, j) = d1.asking_pair
        cells = VGroup(*(self.txt(fmt_num(d1.scores[r][c], self.score_dec), size=LABEL, color=pal.ink)
                         for r in range(n) for c in range(n)))
        cells.arrange_in_grid(rows=n, cols=n, buff=(0.15, 0.08))
        frame = SurroundingRectangle(cells, buff=0.08, color=pal.muted, stroke_width=2)
        boxes = VGroup(*(SurroundingRectangle(cells[r * n + c], buff=0.04, color=color, stroke_width=3)
                         for (r, c), color in (((i, j), pal.accent), ((j, i), pal.cool))))
        mini = VGroup(frame, cells, boxes)
        left = self.grid.get_right()[0] + 0.3  # from past head 2's grid to the panel's right edge
        room_w, room_h = PANEL_RIGHT - left, note.get_bottom()[1] - 0.25 - bottom
        if mini.width > room_w or mini.height > room_h:
            mini.scale(min(room_w / mini.width, room_h / mini.height))
        return mini.move_to([PANEL_RIGHT - mini.width / 2, note.get_bottom()[1] - 0.25 - mini.height / 2, 0])
