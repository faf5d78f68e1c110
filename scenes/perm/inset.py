"""The score table as an inset beside the arrows: S = QKᵀ/√d of one order, queries down the side,
keys along the top, each row and column named by its token; `reorder()` moves every cell, row name and
column name to where order b's own table has it (rows and columns permuted, numbers identical)."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from look import fmt_num
from scenes.parts.matrix import MatrixTable
from scenes.perm.layout import INSET

READABLE = 19.0  # points: the smallest table text the scene draws (3 % of the frame height, with a margin)
TABLE_TOP = 1.95  # the table's top (its column names) in the inset
ARC = -0.9  # radians: the arc every moving token follows


def named_table(scene, values, decimals, tokens, colors, size=24, short=False):
    """A MatrixTable with token names left of the rows and above the columns; `short`: names of more
    than four letters cut to three and a full stop."""
    m = MatrixTable(values, font=scene.look.font, decimals=decimals, font_size=size, color=scene.pal.ink,
                    bracket_color=scene.pal.muted, col_gap=0.3)
    cut = (lambda t: t[:3] + "." if len(t) > 4 else t) if short else (lambda t: t)  # noqa: E731
    rows = VGroup(*(scene.txt(cut(t), size=size, color=colors[t]).next_to(m, LEFT, buff=0.15)
                    .set_y(m.row(r).get_center()[1]) for r, t in enumerate(tokens)))
    cols = VGroup(*(scene.txt(cut(t), size=size, color=colors[t]).next_to(m, UP, buff=0.1)
                    .set_x(m.col(c).get_center()[0]) for c, t in enumerate(tokens)))
    centres = [m.col(c).get_center()[0] for c in range(len(tokens))]
    spacing = min((b - a for a, b in zip(centres, centres[1:])), default=np.inf)
    k = min(1.0, (spacing - 0.12) / max(c.width for c in cols))
    for c in cols:  # long words above narrow columns: smaller, on the same baseline
        c.scale(k, about_edge=DOWN)
    group = VGroup(m, rows, cols)
    group.matrix, group.rows, group.cols = m, rows, cols
    group.smallest = size * min(1.0, k)
    return group


class ScoreInset:
    """Both orders' score tables built at one place and one scale; order a's is shown first."""

    def __init__(self, scene, case, colors):
        self.scene, self.case = scene, case
        pal = scene.pal
        width, height = INSET.width - 0.1, 2.3
        for decimals, short in ((3, False), (2, False), (2, True)):  # until its text is readable
            ta, tb = (named_table(scene, sc, decimals, tok, colors, short=short)
                      for sc, tok in ((case.scores_a, case.tokens_a), (case.scores_b, case.tokens_b)))
            k = min(1.0, *(min(width / t.width, height / t.height) for t in (ta, tb)))
            if min(ta.smallest, tb.smallest) * k >= READABLE:
                break
        for t in (ta, tb):
            t.scale(k)
            t.move_to([INSET.center[0], TABLE_TOP - t.height / 2, 0])
        self.decimals, self.a, self.b = decimals, ta, tb
        self.name = VGroup(scene.txt(scene.s("scores"), size=20, color=pal.muted),
                           scene.tex(r"S=QK^{\top}/\sqrt{d}", size=30)).arrange(RIGHT, buff=0.2)
        self.name.move_to([INSET.center[0], 2.55, 0])
        if self.name.width > INSET.width:
            self.name.scale(INSET.width / self.name.width)

    def value(self, i: int, j: int) -> str:
        """S_a[i, j] as the table shows it."""
        return fmt_num(self.case.scores_a[i, j], self.decimals)

    def _check(self) -> np.ndarray:
        """The numbers really are the same: every cell of order a is in order b, moved (checked before drawing)."""
        inv = np.argsort(self.case.perm)  # token a_i stands at place inv[i] in order b
        t = len(self.case.tokens_a)
        for i in range(t):
            for j in range(t):
                assert fmt_num(self.case.scores_a[i, j], self.decimals) == fmt_num(
                    self.case.scores_b[inv[i], inv[j]], self.decimals)
        return inv

    def reorder_rows(self) -> list:
        """Animations: each row (a query) moves to its token's new place, P S; the columns stay."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        dy = [tb.rows[inv[i]].get_y() - ta.rows[i].get_y() for i in range(t)]
        moves = [ta.matrix.cell(i, j).animate.shift([0, dy[i], 0]) for i in range(t) for j in range(t)]
        return moves + [ta.rows[i].animate.move_to(tb.rows[inv[i]]) for i in range(t)]

    def reorder_columns(self) -> list:
        """Animations, after reorder_rows(): each column (a key) moves too, (P S) Pᵀ; the cells land
        where order b's own table has them."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        moves = [ta.matrix.cell(i, j).animate.move_to(tb.matrix.cell(inv[i], inv[j]))
                 for i in range(t) for j in range(t)]
        return moves + [ta.cols[j].animate.move_to(tb.cols[inv[j]]) for j in range(t)]

    def settle(self) -> None:
        """After reorder(): order b's own table takes the place of the moved cells."""
        self.scene.remove(self.a)
        self.scene.add(self.b)


__all__ = ["ScoreInset", "named_table"]
