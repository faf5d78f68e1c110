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
from scenes.perm.shuffle import MARGIN, OPEN_SECONDS, Lines, fitted, glide, lane_edges, moves, shift_into, spread

READABLE = TEXT - 0.5  # points: the smallest table text the scene draws (digits above 3 % of the frame height)
TABLE_TOP = 1.7  # the table's top (its column names) in the inset, under the line that names rows and columns
SAFE_LEFT, SAFE_RIGHT = 1.1, 6.35  # scene units: the opened table, clear of the arrows and title-safe (x ≤ 6.4)
NAME_GAP = 0.16  # scene units: from a row's name to its first number while the rows move (a thin bracket between)
HEAD_LIFT = 0.12  # scene units: the column names step up while the rows move, clear of a name riding in
DIGITS = 22 / 720 * 8  # scene units: the least digit height while the rows move (22 px at 720p)
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


PAD = 0.13  # scene units: the clearance between a highlight frame and the digits above and below it
PAD_X = 0.08  # and beside them (a table's bracket and row names stand close to its first column)


def padded_box(mob, color, stroke_width: float = 4):
    """A frame around `mob` that clears its digits by PAD above and below and PAD_X beside, its
    stroke wholly outside that clearance."""
    from manim import Rectangle

    half = stroke_width / 200  # half the stroke in scene units (a stroke width of 4 is about 0.03)
    return Rectangle(width=mob.width + 2 * (PAD_X + half), height=mob.height + 2 * (PAD + half), color=color,
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

    def __init__(self, scene, case, colors, height: float = 2.0, precisions=None,
                 top: float = TABLE_TOP, col_gap: float = 0.6, rigid: bool = False):
        """`height`: the most a table may take (scene units); `precisions`: decimals
        tried in turn until the table's text is readable (by default three up to three tokens, as the
        tables with positions: a value compared across tables reads at one precision; a longer table
        may fall to two); `top`: where the tables' column names start;
        `rigid`: its columns move as whole strips under the table (reorder_columns)."""
        if precisions is None:
            precisions = (3,) if len(case.tokens_a) <= 3 else (3, 2)
        self.scene, self.case, self.rigid = scene, case, rigid
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

    def reorder_rows(self, below=()) -> list:
        """Animation steps, P S (scenes.perm.shuffle): the brackets step away and the columns spread
        apart (a row is never drawn outside a bracket), then for each row
        that has to move, column by column (every other one at once, the names as one more column),
        its number steps half aside to the right, the numbers of the rows between half to the left,
        they pass and step back; the columns close up again with every row where order b's own table
        has it. Steps are (function, seconds, slot filled or None)."""
        from manim import FadeIn, FadeOut

        whole = self._whole_rows(below)
        if whole is not None:
            return whole
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m = ta.matrix

        def opened_at(lines):  # each line's right edge in the opened table, and its span
            rights = [max(x.get_right()[0] for x in ln) for ln in lines]
            widths = [max(x.width for x in ln) for ln in lines]
            steps = [w + MARGIN for w in widths]  # how far a travelling entry and a sliding one part
            opened = [rights[0]]
            for k in range(1, len(lines)):  # room for the lanes
                need = max(steps[k - 1], steps[k]) / 2 + MARGIN
                opened.append(opened[-1] + max(rights[k] - widths[k] - rights[k - 1], need) + widths[k])
            return rights, steps, opened, (opened[0] - widths[0] - steps[0] / 2, opened[-1] + steps[-1] / 2)

        lines = [list(ta.rows)] + [list(m.col(j)) for j in range(t)]  # the names, then each column
        rights, steps, opened, (low, high) = opened_at(lines)
        named = high - low <= SAFE_RIGHT - SAFE_LEFT  # else the names wait, faded, while the numbers move
        if not named:
            rights, steps, opened, (low, high) = opened_at(lines[1:])
            lines, rights, steps, opened = [[]] + lines[1:], [0.0] + rights, [0.0] + steps, [0.0] + opened
            low = min(low, min(n.get_left()[0] for n in ta.rows))
        dx = shift_into(low, high, SAFE_LEFT, SAFE_RIGHT)
        opened = [r + dx for r in opened]
        ys = [tb.matrix.row(s).get_y() for s in range(t)]
        lane, slide, beat, home_x = {}, {}, {}, {}
        for k, ln in enumerate(lines):
            for x in ln:
                lane[id(x)], slide[id(x)] = np.array([steps[k] / 2, 0, 0]), np.array([-steps[k] / 2, 0, 0])
                beat[id(x)], home_x[id(x)] = k % 2, x.get_x() - rights[k] + opened[k]
        members = [[*m.row(i), *([ta.rows[i]] if named else [])] for i in range(t)]

        def home(i, slot):  # in the opened table
            return [np.array([home_x[id(x)], ys[slot], 0.0]) for x in members[i]]

        cols = [(n, n.get_center() + np.array([opened[j + 1] - rights[j + 1], 0, 0])) for j, n in enumerate(ta.cols)]
        names = [(ta.rows[i], tb.rows[inv[i]].get_center()) for i in range(t)]
        opening = glide([(x, p) for i in range(t) for x, p in zip(members[i], home(i, i))] + cols
                        + ([] if named else [(n, n.get_center() + dx * RIGHT) for n in ta.rows]),
                        FadeOut(m.brackets), *([] if named else [FadeOut(ta.rows)]))
        back = glide([(x, np.array([x.get_x(), ys[inv[i]], 0.0])) for i in range(t) for x in m.row(i)]
                     + (names if named else []) + [(n, n.get_center()) for n in ta.cols], FadeIn(m.brackets))

        def closing():
            if not named:  # the names come back at their new places
                for n, p in names:
                    n.move_to(p)
            return back() + ([] if named else [FadeIn(ta.rows)])
        moving = Lines(members, lane, home, slide=slide, beat=beat, beats=2 if t > 1 else 1)
        return [(opening, OPEN_SECONDS, None), *moving.steps(moves(self.case.perm)), (closing, OPEN_SECONDS, None)]

    def _whole_rows(self, below=()):
        """reorder_rows() with whole rows, when the opened table fits (its digits at least DIGITS tall
        meanwhile): the columns spread apart and the brackets widen with them, then each row
        that has to move steps aside (every number into the gap after its own column, its name
        riding just above the gap after the first), passes the rows between, which slide one place
        over where they stand, and steps in; the table closes. No number or name of one row ever
        meets one of another. None if it does not fit."""
        from manim import Transform

        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        rights = [max(x.get_right()[0] for x in m.col(j)) for j in range(t)]
        widths = [max(x.width for x in m.col(j)) for j in range(t)]
        name_w = max(n.width for n in ta.rows)
        steps = [w + MARGIN for w in widths]  # how far each number steps aside: clear of its column
        opened = lane_edges(rights, widths, steps, first_gap=name_w + 2 * MARGIN)
        pad = 0.02  # the brackets' clearance while the table is open
        closer = m.body.get_left()[0] - max(n.get_right()[0] for n in ta.rows) - NAME_GAP  # names step in
        low, high = min(n.get_left()[0] for n in ta.rows) + closer, opened[-1] + steps[-1] + pad
        k = min(1.0, (SAFE_RIGHT - SAFE_LEFT) / (high - low))
        self.shrink = k
        if k * min(x.height for x in m.body) < DIGITS:
            return None
        tallest = max(x.height for x in m.body)
        pitch_open = max(pitch(mb), tallest + 2 * MARGIN + max(n.height for n in ta.rows))  # a name fits between
        ys = [mb.row(0).get_y() - s * pitch_open for s in range(t)]  # the rows spread down from the first
        mid = ys[0]
        dx = shift_into(low, low + k * (high - low), SAFE_LEFT, SAFE_RIGHT)

        def f(x, y):  # a point of the opened table (unshrunk) on screen
            return np.array([low + dx + k * (x - low), mid + k * (y - mid), 0.0])
        gap_x = opened[1] - widths[1] - MARGIN - name_w / 2 if t > 1 else opened[0] + steps[0] / 2  # far from col 0
        members = [[*m.row(i), ta.rows[i]] for i in range(t)]
        lane = {id(x): k * np.array([steps[j], 0.0, 0.0]) for i in range(t) for j, x in enumerate(m.row(i))}
        for n in ta.rows:  # the name rides above the gap after the first column
            lane[id(n)] = k * np.array([gap_x - n.get_x() - closer, tallest / 2 + MARGIN + n.height / 2, 0.0])

        xs = [[x.get_x() - rights[j] + opened[j] for j, x in enumerate(m.row(i))] + [ta.rows[i].get_x()]
              for i in range(t)]  # where each member stands across the opened table, as drawn now
        for row in xs:
            row[-1] += closer

        def home(i, slot):  # in the opened table
            return [f(x, ys[slot]) for x in xs[i]]

        top, bottom = m.body.get_top()[1], ys[-1] - tallest / 2
        (l, b), (r, tp) = f(opened[0] - widths[0], bottom)[:2], f(opened[-1] + steps[-1], top)[:2]
        wide = m.brackets.copy().stretch_to_fit_width(r - l + 2 * k * pad)
        wide.stretch_to_fit_height(tp - b + k * (m.brackets.height - m.body.height))
        growth = max(0.0, m.body.get_bottom()[1] - b)  # what stands under the table steps down meanwhile
        wide.move_to([(l + r) / 2, (b + tp) / 2, 0])  # around the open table
        heads = [(n, f(n.get_x() + opened[j] - rights[j], n.get_y()) + HEAD_LIFT * UP) for j, n in enumerate(ta.cols)]
        back = [(x, np.array([x.get_x(), mb.row(inv[i]).get_y(), 0.0])) for i in range(t) for x in m.row(i)] \
            + [(ta.rows[i], tb.rows[inv[i]].get_center()) for i in range(t)] + [(n, n.get_center()) for n in ta.cols]
        under = [(x, x.get_center()) for x in below]
        shut = m.brackets.copy()

        def opening():
            return [x.animate.scale(k).move_to(p) for i in range(t) for x, p in zip(members[i], home(i, i))] \
                + [n.animate.scale(k).move_to(p) for n, p in heads] + [Transform(m.brackets, wide)] \
                + [x.animate.move_to(p + growth * DOWN) for x, p in under]

        def closing():
            return [x.animate.scale(1 / k).move_to(p) for x, p in back] + [Transform(m.brackets, shut)] \
                + [x.animate.move_to(p) for x, p in under]
        moving = Lines(members, lane, home).steps(moves(self.case.perm))
        return [(opening, OPEN_SECONDS, None), *moving, (closing, OPEN_SECONDS, None)]

    def reorder_columns(self, below=()) -> list:
        """Animation steps (call after reorder_rows() has played), (P S) Pᵀ: the rows spread apart
        (`below`: what stands under the table steps down meanwhile), then each column that has to
        move steps half a row down (its name up over the names), the columns between slide one place
        and it drops into its slot; the rows close up with every cell where order b's own table has it."""
        from manim import Transform

        if self.rigid:
            return self._strip_columns()
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        ys = [mb.row(s).get_y() for s in range(t)]
        tallest = max(c.height for c in m.body)
        step = spread(min(-np.diff(ys), default=tallest), tallest)
        names_top, tallest_name = max(n.get_top()[1] for n in ta.cols), max(n.height for n in ta.cols)
        dy = min(0.0, self.axes.get_bottom()[1] - MARGIN - (names_top + MARGIN + tallest_name))
        opened = [ys[0] + dy - s * step for s in range(t)]
        bottom = opened[-1] - step / 2 - tallest / 2  # the last lane, inside the bracket
        growth = max(0.0, mb.body.get_bottom()[1] - bottom)
        lane, dx = {}, {}
        for j in range(t):
            for c in m.col(j):
                lane[id(c)], dx[id(c)] = np.array([0.0, -step / 2, 0.0]), c.get_x() - m.col(j).get_right()[0]
            n = ta.cols[j]
            lane[id(n)] = np.array([0.0, names_top + dy + MARGIN + n.height / 2 - (n.get_y() + dy), 0.0])
        members = [[*m.col(j), ta.cols[j]] for j in range(t)]
        name_y = [n.get_y() + dy for n in ta.cols]

        def home(j, slot):  # in the opened table; right edges on order b's columns, names over them
            return [np.array([mb.col(slot).get_right()[0] + dx[id(c)], opened[inv[i]], 0.0])
                    for i, c in enumerate(m.col(j))] + [np.array([tb.cols[slot].get_x(), name_y[j], 0.0])]

        rows = [(n, np.array([n.get_x(), opened[inv[i]], 0.0])) for i, n in enumerate(ta.rows)]
        tall = fitted(m.brackets, m.body, m.body.get_left()[0], m.body.get_right()[0],
                      m.body.get_top()[1] + dy, bottom)
        shut = mb.brackets.copy()
        opening = glide([(x, p) for j in range(t) for x, p in zip(members[j], home(j, j))] + rows
                        + [(b, b.get_center() + growth * DOWN) for b in below], Transform(m.brackets, tall))
        closing = glide([(m.cell(i, j), mb.cell(inv[i], inv[j]).get_center()) for i in range(t) for j in range(t)]
                        + [(ta.cols[j], tb.cols[inv[j]].get_center()) for j in range(t)]
                        + [(ta.rows[i], tb.rows[inv[i]].get_center()) for i in range(t)]
                        + [(b, b.get_center()) for b in below], Transform(m.brackets, shut))
        moving = Lines(members, lane, home).steps(moves(self.case.perm))
        return [(opening, OPEN_SECONDS, None), *moving, (closing, OPEN_SECONDS, None)]

    def _strip_columns(self) -> list:
        """reorder_columns() with whole columns: the brackets and the row names stay; each column that
        has to move drops, its name with it, below the brackets, slides under the table while the
        columns between slide one place over, and rises into its slot (no path crosses a number)."""
        inv, ta, tb, t = self._check(), self.a, self.b, len(self.case.tokens_a)
        m, mb = ta.matrix, tb.matrix
        members = [[*m.col(j), ta.cols[j]] for j in range(t)]
        drop = max(n.get_top()[1] for n in ta.cols) - m.brackets.get_bottom()[1] + MARGIN
        lane = {id(x): np.array([0.0, -drop, 0.0]) for ln in members for x in ln}
        dx = {id(c): c.get_x() - m.col(j).get_right()[0] for j in range(t) for c in m.col(j)}

        def home(j, slot):  # right edges on order b's column at `slot`, rows where they stand, name over it
            return [np.array([mb.col(slot).get_right()[0] + dx[id(c)], c.get_y(), 0.0]) for c in m.col(j)] \
                + [np.array([tb.cols[slot].get_x(), ta.cols[j].get_y(), 0.0])]

        settle = glide([(m.cell(i, j), mb.cell(inv[i], inv[j]).get_center()) for i in range(t) for j in range(t)]
                       + [(ta.cols[j], tb.cols[inv[j]].get_center()) for j in range(t)])
        moving = Lines(members, lane, home).steps(moves(self.case.perm))
        return [(glide([(m.brackets, m.brackets.get_center())]), 0.2, None), *moving, (settle, 0.3, None)]

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


__all__ = ["ScoreInset", "cell_frame", "named_table", "padded_box", "pitch", "snug_box"]
