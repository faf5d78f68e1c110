"""attention_heatmap, head 1's table beside head 2's (seed 003, "Dot products → attention weights", "Optional:
edit the query, key and value matrices"): while the caption compares the two heads ("head 1 used one matrix,
I, for queries and for keys, so its table was symmetric"), head 1's scores come back small in the panel beside
the second head's table, a heat map of its own colours with its diagonal dashed (the mirror line), the pair's
two cells boxed in the colours the second head's table boxes them in, and their one value under it
(z_ij = z_ji). Mixed into scenes.attention_heatmap.AttentionHeatmap, in the second head's table.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, DashedLine, SurroundingRectangle, VGroup

from scenes.attention.strings import tnum
from scenes.attention.table import NOTE, PANEL_RIGHT, TEX
from scenes.parts.heatmap import HeatmapGrid

MIRROR_CELL = 0.3  # a cell's height in head 1's small table (its width 1.4 times that)


class AttentionMirror:
    """Needs from the scene: d1 (the record), pal, s, txt, tex, panel_left (scenes.attention.table)."""

    def head1_mirror(self, top: float) -> VGroup:
        """Head 1's score table, small, in the panel from `top` down: (name, map, boxes, diagonal, equal
        line); built, not shown. The map's colours are head 1's scores (every cell, none masked yet, as
        the caption speaks of the whole table); the boxed pair is the second head's asymmetric one."""
        d1, pal = self.d1, self.pal
        i, j = d1.asking_pair
        n = len(d1.tokens)
        room = PANEL_RIGHT - self.panel_left
        name = self.txt(self.s("head_1"), size=NOTE, color=pal.ink)
        h = min(MIRROR_CELL, room / (1.4 * n))
        vmax = float(np.abs(d1.scores).max()) or 1.0
        grid = HeatmapGrid(d1.scores, cell_w=1.4 * h, cell_h=h, palette=pal, vmax=vmax).show_rows(n)  # (n, n)
        boxes = VGroup(*(SurroundingRectangle(grid.cell(r, c), buff=0.0, color=color, stroke_width=4)
                         for (r, c), color in (((i, j), pal.accent), ((j, i), pal.cool))))
        corner = grid.outline.get_corner(np.array([-1, 1, 0]))
        diag = DashedLine(corner, grid.outline.get_corner(np.array([1, -1, 0])), color=pal.muted, stroke_width=3,
                          dash_length=0.08)
        value = tnum(d1.scores[i, j])
        pair = rf"z_{{\textstyle {i + 1},{j + 1}}} = z_{{\textstyle {j + 1},{i + 1}}}"  # indices at full size, set low
        equal = self.tex(rf"{pair} = {value}", size=TEX, color=pal.ink)
        if equal.width > room:  # two lines: the mirror pair, then its value
            equal = VGroup(self.tex(pair, size=TEX, color=pal.ink),
                           self.tex(rf"= {value}", size=TEX, color=pal.ink)).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        block = VGroup(name, VGroup(grid, boxes, diag), equal).arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        return block.move_to([self.panel_left + block.width / 2, top - block.height / 2, 0]).align_to(
            [self.panel_left, 0, 0], LEFT)
