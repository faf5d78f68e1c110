"""The score table as an inset beside the arrows: S = QKᵀ/√d of one order, queries down the side,
keys along the top, each row and column named by its token; `reorder_rows()` then `reorder_columns()`
move every cell, row name and column name to where order b's own table has it (rows and columns
permuted, numbers identical), each line whole, in one motion per phase (scenes.perm.shuffle).
With positions added (`renumber()`), the cells on screen are renumbered in place: first
with order a's table carried along (P S_a Pᵀ of x + p), then with order b's own (S_b of x + p), whose
cells no longer match."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Rectangle, VGroup

from look import fmt_num
from scenes.parts.matrix import MatrixTable
from scenes.perm.layout import INSET, TEX, TEXT
from scenes.perm.shuffle import insertions, lane_moves, rigid_move

TABLE_TEXT = 36  # points: the tables' numbers and names as set (digits 4.8 % of the frame height before a table is fitted;
# fitted into the inset, a three-word table keeps them over 3.4 %, 16 px at 480p)
ROW_GAP = 0.2  # scene units between the tables' rows: a column passing half a row up clears the digits
READABLE = 28  # points: the smallest table text the scene draws (digits at 3.1 % of the frame height)
TABLE_TOP = 1.42  # the table's top (its column names) in the inset, under the line that names rows and columns (a rising column name, at the tables' size, clears that line)
TABLE_HEIGHT = 2.6  # scene units: the most a table may take, column names to last row (the P matrix and checks fit under it)
TABLE_GAP = 0.3  # scene units between two columns as set (0.25 and more once fitted: columns clearly apart)
SAFE_LEFT, SAFE_RIGHT = 1.4, 6.35  # scene units: a row passing aside stays clear of the arrows and title-safe (x ≤ 6.4)


TABLE_WIDTH = 2 * min(INSET.center[0] - SAFE_LEFT, SAFE_RIGHT - INSET.center[0])  # the widest a table centred in the inset may be
COLUMN_MARGIN = 0.15  # scene units: a moving column's plate beside its digits, so passed digits never touch them
PASS_GAP = 0.4  # scene units: between two rows passing side by side, when the room beside the table allows
LANE_CLEAR = 0.04  # scene units: between a passing column's digits and the names above them

PAD = 0.13  # scene units: the clearance between a highlight frame and the digits above and below it
PAD_X = 0.08  # and beside them (a table's bracket and row names stand close to its first column)
PAD_COL = 0.03  # beside a whole column: its frame stays inside the bracket's lips (0.1 to 0.2 past the digits)


def padded_box(mob, color, stroke_width: float = 4, pad_x: float = PAD_X):
    """A frame around `mob` that clears its digits by PAD above and below and `pad_x` beside, its
    stroke wholly outside that clearance."""
    from manim import Rectangle

    half = stroke_width / 200  # half the stroke in scene units (a stroke width of 4 is about 0.03)
    return Rectangle(width=mob.width + 2 * (pad_x + half), height=mob.height + 2 * (PAD + half), color=color,
                     stroke_width=stroke_width).move_to(mob)


def pitch(matrix) -> float:
    """The distance between two rows of a MatrixTable (scene units)."""
    if matrix.shape[0] < 2:
        return float("inf")
    return abs(matrix.cell(0, 0).get_y() - matrix.cell(1, 0).get_y())


def snug_box(mob, color, room: float, stroke_width: float = 3):
    """padded_box, no taller than `room` less a hair: a frame in a table that never runs across the
    numbers of the rows above and below."""
    box = padded_box(mob, color, stroke_width=stroke_width)
    if box.height > room - 0.04:
        box.stretch_to_fit_height(room - 0.04)
    if box.width < 0.42:  # a lone narrow digit ("1") keeps clear room beside it
        box.stretch_to_fit_width(0.42)
    return box.move_to(mob)


def cell_frame(matrix, r: int, c: int, color):
    """A frame around one cell, inside its row's pitch (snug_box)."""
    return snug_box(matrix.cell(r, c), color, pitch(matrix))


def baseline(label) -> float:
    """The y a word's letters stand on: the highest bottom among its letters (a descender's g or p
    hangs below it, a round letter's overshoot a hair), marks shorter than 40 % of the word left out."""
    letters = [g for g in label.submobjects if g.height > 0.4 * label.height] or [label]
    return max(g.get_bottom()[1] for g in letters)


def named_table(scene, values, decimals, tokens, colors, size=TABLE_TEXT, col_gap=0.45):
    """A MatrixTable with token names (written in full) left of the rows and above the columns."""
    m = MatrixTable(values, font=scene.look.font, decimals=decimals, font_size=size, color=scene.pal.ink,
                    bracket_color=scene.pal.muted, col_gap=col_gap, row_gap=ROW_GAP)
    rows = VGroup(*(scene.txt(scene.word(t), size=size, color=colors[t]).next_to(m, LEFT, buff=0.15)
                    .set_y(m.row(r).get_center()[1]) for r, t in enumerate(tokens)))
    cols = VGroup(*(scene.txt(scene.word(t), size=size, color=colors[t]).next_to(m, UP, buff=0.1)
                    .set_x(m.col(c).get_center()[0]) for c, t in enumerate(tokens)))
    line = max(baseline(c) for c in cols)  # one baseline for every name ("dog" no higher than "bites")
    for c in cols:
        c.shift((line - baseline(c)) * UP)
    if m.shape[0] > 1:  # room under the names for a column passing half a row up (reorder_columns)
        lane_top = m.cell(0, 0).get_y() + pitch(m) / 2 + max(c.height for c in m.body) / 2 + LANE_CLEAR
        lift = lane_top - min(c.get_bottom()[1] for c in cols)
        if lift > 0:
            cols.shift(lift * UP)
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

    def __init__(self, scene, case, colors, height: float = TABLE_HEIGHT, precisions=None,
                 top: float = TABLE_TOP, col_gap: float = TABLE_GAP):
        """`height`: the most a table may take (scene units); `precisions`: decimals
        tried in turn until the table's text is readable (by default three up to three tokens, as the
        tables with positions: a value compared across tables reads at one precision; a longer table
        may fall to two); `top`: where the tables' column names start."""
        if precisions is None:
            precisions = (3,) if len(case.tokens_a) <= 3 else (3, 2)
        self.scene, self.case = scene, case
        pal = scene.pal
        self.colors = colors
        width = TABLE_WIDTH
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
        """Cell (i, j) framed with the two names it pairs: query i's row name and key j's column name."""
        m = self.a.matrix
        room = pitch(m)
        return VGroup(cell_frame(m, i, j, color), snug_box(self.a.rows[i], color, room),
                      snug_box(self.a.cols[j], color, room))

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

    def reorder_rows(self) -> tuple:
        """P S as one motion (scenes.perm.shuffle.rigid_move): every row that moves goes whole, its
        name with it, at full size, to the slot order b's own table gives it, on a plate of the page's
        colour (rows going down pass on the right, rows going up on the left; the brackets and column
        names stay). Returns (function giving the animations, called as it starts; its seconds;
        the plates to take away after it)."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        units = [[*m.row(i), ta.rows[i]] for i in range(t)]
        shifts = [np.array([0.0, mb.row(inv[i]).get_y() - m.row(i).get_y(), 0.0]) for i in range(t)]
        width = max(VGroup(*u).width for u in units)
        left, right = min(VGroup(*u).get_left()[0] for u in units), max(VGroup(*u).get_right()[0] for u in units)
        # every row at full size all the way: the rows going down step right, those going up step left,
        # as far apart as the room beside the table allows (side by side if it does), travel while
        # out, and step back in; where they still overlap, the later row's plate passes over the other
        half = width / 2
        centre = (left + right) / 2
        apart = width + PASS_GAP
        go_right = float(np.clip(SAFE_RIGHT - half - centre, 0.0, apart / 2))
        go_left = float(np.clip(centre - half - SAFE_LEFT, 0.0, apart - go_right))
        bulge = [np.array([go_right if s[1] < 0 else -go_left, 0.0, 0.0]) for s in shifts]
        return rigid_move(units, shifts, bulge, self.scene.pal.background, turn=0.3)

    def reorder_columns(self) -> list:
        """(P S) Pᵀ after reorder_rows(): swapped pairs trade places in one motion (exchange_columns);
        any other order one insertion at a time (scenes.perm.shuffle.lane_moves):
        the column that moves slides in its own rows, on a plate of the page's colour over the columns
        it passes, which shift over by its width meanwhile. Every column ends where order b's own table has it (the brackets and row names
        stay). Returns the phases, one per insertion."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        units = [[*m.col(j), ta.cols[j]] for j in range(t)]
        if all(int(self.case.perm[int(self.case.perm[j])]) == j for j in range(t)):  # pairs trading places
            return [self.exchange_columns(units, inv)]
        widths = [mb.col(inv[j]).width for j in range(t)]  # as order b's table lays each column out
        left = mb.col(0).get_left()[0]
        gap = (mb.col(1).get_left()[0] - mb.col(0).get_right()[0]) if t > 1 else 0.0
        steps = insertions(self.case.perm, widths, left, gap)
        # the names: centred on their column, as order b's table has them
        offset = [tb.cols[inv[j]].get_x() - mb.col(inv[j]).get_right()[0] for j in range(t)]
        # in its own rows, on a plate over the columns it passes: never out of the brackets or over the
        # line naming rows and columns
        return lane_moves(units, steps, np.zeros(3), last_centres=lambda k, right: right + offset[k],
                          plate_color=self.scene.pal.background, plate_margin=COLUMN_MARGIN)

    def exchange_columns(self, units, inv) -> tuple:
        """A reorder made of swaps only (dog bites man -> man bites dog): the columns of each pair trade
        places at once, one motion (scenes.perm.shuffle.rigid_move), every number at full size all the
        way. The one going left slides in its own rows on a plate over the columns it passes; the one
        going right steps half a row up, its digits between the rows of the others (nothing covered,
        nothing covering it), its name rising over the names' line, and steps back in at its new place;
        no order that neither table has is ever shown."""
        ta, tb, m, mb = self.a, self.b, self.a.matrix, self.b.matrix
        t = len(units)
        shifts = [np.array([mb.col(inv[j]).get_right()[0] - m.col(j).get_right()[0], 0.0, 0.0]) for j in range(t)]
        names = [np.array([tb.cols[inv[j]].get_x() - ta.cols[j].get_x(), 0.0, 0.0]) for j in range(t)]
        lane = pitch(m) / 2 if t > 1 else 0.0
        rise = max(c.height for c in ta.cols) + LANE_CLEAR  # a name passes just over the other names
        right = {j for j in range(t) if shifts[j][0] > 0}
        bulge = [np.array([0.0, lane if j in right else 0.0, 0.0]) for j in range(t)]
        name_bulge = [np.array([0.0, rise if j in right else 0.0, 0.0]) for j in range(t)]
        return rigid_move(units, shifts, bulge, self.scene.pal.background, last=names, seconds=1.8, turn=0.3,
                          still={j for j in range(t) if int(self.case.perm[j]) == j}, bare=right,
                          name_bulges=name_bulge)

    def settle(self) -> None:
        """After reorder(): order b's own table takes the place of the moved cells."""
        self.scene.remove(*self.a.get_family())  # its pieces may stand on their own after the moves
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


def blocked_shade(matrix, i: int, j: int, color) -> Rectangle:
    """A grey cell behind (i, j) of a score table, inside its row's pitch: a key the query of row i
    cannot see under a causal mask."""
    cell = matrix.cell(i, j)
    shade = Rectangle(width=cell.width + 0.1, height=min(pitch(matrix) - 0.06, cell.height + 0.14),
                      stroke_width=0, fill_color=color, fill_opacity=0.35).move_to(cell)
    return shade.set_z_index(-1)


__all__ = ["ScoreInset", "blocked_shade", "cell_frame", "named_table", "padded_box", "pitch", "snug_box"]
