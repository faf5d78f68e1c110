"""The score table as an inset beside the arrows: S = QKᵀ/√d of one order, queries down the side,
keys along the top, each row and column named by its token; `reorder_rows()` then `reorder_columns()`
move every cell, row name and column name to where order b's own table has it (rows and columns
permuted, numbers identical), every number visible on its way (scenes.perm.shuffle).
With positions added (`renumber()`), the cells on screen are renumbered in place: first
with order a's table carried along (P S_a Pᵀ of x + p), then with order b's own (S_b of x + p), whose
cells no longer match."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from look import fmt_num
from scenes.parts.matrix import MatrixTable
from scenes.perm.layout import INSET, TEX, TEXT
from scenes.perm.shuffle import MARGIN, Lines, fit, swaps

READABLE = TEXT - 0.5  # points: the smallest table text the scene draws (digits above 3 % of the frame height)
TABLE_TOP = 1.7  # the table's top (its column names) in the inset, under the line that names rows and columns
NAME_LANE = 0.6  # a name stepping out of the names' line is drawn at most this large
LIFT = 0.45  # scene units: how far a travelling token's path leaves the row (clear of the title and the note)


def travel_path(dx: float):
    """The path for a move of `dx` along the row (no turning: the arrows keep their direction):
    tokens going right pass above the row, tokens going left below it, so no two travelling tiles meet."""
    return bulged(np.array([0.0, LIFT if dx > 0 else -LIFT, 0.0]))


def bulged(offset: np.ndarray):
    """A path for Transform: straight from start to end, pushed out by `offset` (3,) at half way
    (sin-shaped), so a travelling name leaves its line sideways and comes back to it."""
    def path(start, end, alpha):
        return start + (end - start) * alpha + offset * np.sin(np.pi * alpha)
    return path


def named_table(scene, values, decimals, tokens, colors, size=TEXT, col_gap=0.45):
    """A MatrixTable with token names (written in full) left of the rows and above the columns."""
    m = MatrixTable(values, font=scene.look.font, decimals=decimals, font_size=size, color=scene.pal.ink,
                    bracket_color=scene.pal.muted, col_gap=col_gap)
    rows = VGroup(*(scene.txt(scene.word(t), size=size, color=colors[t]).next_to(m, LEFT, buff=0.15)
                    .set_y(m.row(r).get_center()[1]) for r, t in enumerate(tokens)))
    cols = VGroup(*(scene.txt(scene.word(t), size=size, color=colors[t]).next_to(m, UP, buff=0.1)
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

    def __init__(self, scene, case, colors, height: float = 2.0, precisions=(3, 2),
                 top: float = TABLE_TOP, col_gap: float = 0.6):
        """`height`: the most a table may take (scene units); `precisions`: decimals
        tried in turn until the table's text is readable; `top`: where the tables' column names start."""
        self.scene, self.case = scene, case
        pal = scene.pal
        self.colors = colors
        width = INSET.width - 0.1
        p = case.p_matrix
        tables = ((case.scores_a, case.tokens_a), (case.scores_b, case.tokens_b),
                  (p @ case.scores_pe_a @ p.T, case.tokens_b), (case.scores_pe_b, case.tokens_b))
        for decimals in precisions:  # until its text is readable
            drawn = [named_table(scene, sc, decimals, tok, colors, col_gap=col_gap) for sc, tok in tables]
            k = min(1.0, *(min(width / t.width, height / t.height) for t in drawn))
            if min(t.smallest for t in drawn) * k >= READABLE:
                break
        for t in drawn:
            t.scale(k)
            t.move_to([INSET.center[0], top - t.height / 2, 0])
        self.decimals, (self.a, self.b, self.pe_moved, self.pe_b) = decimals, drawn
        self.name = VGroup(scene.txt(scene.s("scores"), size=TEXT, color=pal.muted),
                           scene.tex(r"S=QK^{\top}/\sqrt{d}", size=TEX)).arrange(RIGHT, buff=0.2)
        self.name.move_to([INSET.center[0], 2.62, 0])
        if self.name.width > INSET.width:
            self.name.scale(INSET.width / self.name.width)
        self.axes = scene.txt(scene.s("axes"), size=TEXT, color=pal.muted).move_to([INSET.center[0], 2.2, 0])
        if self.axes.width > INSET.width:
            self.axes.scale(INSET.width / self.axes.width)

    def p_matrix(self):
        """P as the engine has it (X_b = P X_a), named, for beside the table while it is reordered."""
        m = MatrixTable(self.case.p_matrix, font=self.scene.look.font, decimals=0, font_size=TEXT,
                        color=self.scene.pal.ink, bracket_color=self.scene.pal.muted, col_gap=0.3)
        return VGroup(self.scene.tex("P =", size=TEX), m).arrange(RIGHT, buff=0.15)

    def lines_to(self, i: int, j: int, color):
        """Query i's row and key j's column, each framed, the two frames crossing at cell (i, j)."""
        from manim import SurroundingRectangle
        m, t = self.a.matrix, len(self.case.tokens_a)
        row = VGroup(self.a.rows[i], *(m.cell(i, c) for c in range(t)))
        col = VGroup(self.a.cols[j], *(m.cell(r, j) for r in range(t)))
        return VGroup(SurroundingRectangle(row, buff=0.05, color=color, stroke_width=4),
                      SurroundingRectangle(col, buff=0.05, color=color, stroke_width=4))

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
        """Animation steps, P S: the rows swap, every number running in the gaps between the
        columns while it passes other rows (scenes.perm.shuffle), each name beside the names; the
        rows land where order b's own table has them."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m = ta.matrix
        lefts = [m.col(j).get_left()[0] for j in range(t)]
        rights = [m.col(j).get_right()[0] for j in range(t)]
        widest = max(c.width for c in m.body)
        k = fit(min((lefts[j + 1] - rights[j] for j in range(t - 1)), default=1.0), widest)
        lane_x = [(rights[j] + lefts[j + 1]) / 2 for j in range(t - 1)]
        lane_x.append(m.brackets.get_right()[0] + MARGIN + k * widest / 2)  # past the last column: outside the bracket
        names_left = min(n.get_left()[0] for n in ta.rows)
        lane, shrink = {}, {}
        for i in range(t):
            for j in range(t):
                c = m.cell(i, j)
                lane[id(c)], shrink[id(c)] = np.array([lane_x[j] - c.get_x(), 0.0, 0.0]), k
            n = ta.rows[i]
            kn = min(k, NAME_LANE)
            lane[id(n)] = np.array([names_left - MARGIN - (n.get_x() + kn * n.width / 2), 0.0, 0.0])
            shrink[id(n)] = kn
        xs = {id(c): c.get_x() for c in m.body}
        name_x = [n.get_x() for n in ta.rows]

        def home(i, slot):  # the numbers keep their column; the name takes order b's name's place
            y = tb.matrix.row(slot).get_y()
            name = tb.rows[slot].get_center() if slot == inv[i] else np.array([name_x[i], y, 0.0])
            return [np.array([xs[id(m.cell(i, j))], y, 0.0]) for j in range(t)] + [name]

        members = [[*m.row(i), ta.rows[i]] for i in range(t)]
        return Lines(members, lane, shrink, home).steps(swaps(self.case.perm))

    def reorder_columns(self) -> list:
        """Animation steps (call after reorder_rows() has played), (P S) Pᵀ: the columns swap the
        same way, their numbers running in the gaps between the rows, each name above the names; the
        cells land where order b's own table has them."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        tops = [mb.row(s).get_top()[1] for s in range(t)]
        bottoms = [mb.row(s).get_bottom()[1] for s in range(t)]
        tallest = max(c.height for c in m.body)
        k = fit(min((bottoms[s] - tops[s + 1] for s in range(t - 1)), default=1.0), tallest)
        lane_y = [(bottoms[s] + tops[s + 1]) / 2 for s in range(t - 1)]
        lane_y.append(mb.brackets.get_bottom()[1] - MARGIN - k * tallest / 2)  # under the last row: below the bracket
        names_top = max(n.get_top()[1] for n in ta.cols)
        lane, shrink = {}, {}
        for i in range(t):
            for j in range(t):
                c = m.cell(i, j)
                lane[id(c)], shrink[id(c)] = np.array([0.0, lane_y[inv[i]] - c.get_y(), 0.0]), k
        for n in ta.cols:
            kn = min(k, NAME_LANE)
            lane[id(n)] = np.array([0.0, names_top + MARGIN - (n.get_y() - kn * n.height / 2), 0.0])
            shrink[id(n)] = kn
        offset = {id(c): c.get_x() - ta.cols[j].get_x() for j in range(t) for c in m.col(j)}
        name_y = [n.get_y() for n in ta.cols]

        def home(j, slot):  # the numbers keep their row; at the last slot exactly where order b has them
            if slot == inv[j]:
                return [mb.cell(inv[i], slot).get_center() for i in range(t)] + [tb.cols[slot].get_center()]
            x = tb.cols[slot].get_x()
            return [np.array([x + offset[id(m.cell(i, j))], mb.row(inv[i]).get_y(), 0.0]) for i in range(t)] \
                + [np.array([x, name_y[j], 0.0])]

        members = [[*m.col(j), ta.cols[j]] for j in range(t)]
        return Lines(members, lane, shrink, home).steps(swaps(self.case.perm))

    def settle(self) -> None:
        """After reorder(): order b's own table takes the place of the moved cells."""
        self.scene.remove(self.a)
        self.scene.add(self.b)
        self.cells = self.b.matrix.body  # the numbers on screen (renumber() gives the next ones)

    def changed(self) -> list[tuple[int, int]]:
        """Cells whose shown number differs between the carried table and order b's own (positions added)."""
        t = len(self.case.tokens_a)
        old, new = self.pe_moved.matrix, self.pe_b.matrix
        return [(r, c) for r in range(t) for c in range(t) if old.cell(r, c).text != new.cell(r, c).text]

    def renumber(self, new, color=None) -> VGroup:
        """The numbers of the table `new`, each right-aligned in its cell of the table on screen (order
        b's: same names, same brackets), to fade in where the shown ones (`cells`) fade out. `color`:
        the cells whose shown number differs from the carried table's are drawn in it."""
        t, on = len(self.case.tokens_a), self.b.matrix
        changed = set(self.changed()) if color is not None else set()
        cells = VGroup()
        for r in range(t):
            for c in range(t):
                cell = new.matrix.cell(r, c).copy()
                cell.move_to(on.cell(r, c), aligned_edge=RIGHT).set_y(on.cell(r, c).get_y())
                cells.add(cell.set_color(color) if (r, c) in changed else cell)
        return cells


__all__ = ["ScoreInset", "named_table"]
