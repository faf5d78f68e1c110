"""attention_heatmap, head 1's table beside the second head's (seed 003, "Dot products → attention weights",
"Optional: edit the query, key and value matrices"): while the caption says "head 1 used I for queries and keys
alike, so its table was symmetric", head 1's scores of the pair's two rows and columns come in the panel beside the
second head's table (which keeps its own numbers and its 'head 2' tag), at the same decimals, its mirror pair boxed in the colours of
the second head's pair, under that pair's equation (z_ij = z_ji = value) and 'head 1'. With the cue that says the
second head's product is not symmetric, the product comes under the second head's table, the two heads' numbers
for the same pair read together. Mixed into scenes.attention_heatmap.AttentionHeatmap, in the second head's table.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.attention.strings import tnum
from scenes.attention.table import LABEL, NOTE, PANEL_RIGHT, READOUT


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
        pair = rf"z_{{{i + 1},{j + 1}}} = z_{{{j + 1},{i + 1}}}"  # plain indices, as every z_ij and α_ij on screen
        equal = self.tex(rf"{pair} = {value}", size=READOUT, color=pal.ink)  # its script indices near 3 %
        if equal.width > room:  # two lines of one formula, aligned at '=': the mirror pair, then its value
            left, right = pair.split(" = ")
            equal = self.tex(rf"{left} &= {right} \\ &= {value}", size=READOUT, color=pal.ink)
        block = VGroup(name, equal).arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        return block.move_to([self.panel_left + block.width / 2, top - block.height / 2, 0])

    def head1_table(self, note, bottom: float) -> VGroup:
        """Head 1's scores where its mirror pair lies (the pair's two rows and columns, named by their tokens), small,
        under its note in the panel (`note`: head1_note, which names it), right-aligned to the panel, the pair boxed
        in the colours of head 2's pair: the two heads' tables side by side, head 2's grid never emptied; built,
        not shown."""
        d1, pal = self.d1, self.pal
        (i, j) = d1.asking_pair
        ks = sorted((i, j))
        name = lambda k: self.txt(f"{k + 1} {d1.tokens[k]}", size=LABEL, color=pal.muted)  # noqa: E731
        cells = [VGroup()] + [name(c) for c in ks]
        for r in ks:
            cells += [name(r)] + [self.txt(fmt_num(d1.scores[r][c], self.score_dec), size=LABEL, color=pal.ink) for c in ks]
        grid = VGroup(*cells).arrange_in_grid(rows=3, cols=3, buff=(0.25, 0.2), cell_alignment=RIGHT)
        at = {(r, c): grid[3 * (1 + a) + 1 + b] for a, r in enumerate(ks) for b, c in enumerate(ks)}
        boxes = VGroup(*(SurroundingRectangle(at[rc], buff=0.07, color=color, stroke_width=3)
                         for rc, color in (((i, j), pal.accent), ((j, i), pal.cool))))
        mini = VGroup(grid, boxes)
        if mini.height > note.get_bottom()[1] - 0.25 - bottom:  # only ever shorter: its digits keep the labels' size
            mini.scale_to_fit_height(note.get_bottom()[1] - 0.25 - bottom)
        return mini.move_to([PANEL_RIGHT - mini.width / 2, note.get_bottom()[1] - 0.25 - mini.height / 2, 0])
