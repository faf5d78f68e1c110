"""Why a reorder only permutes the score table, shown on one cell (scenes.perm.ending's summary): the
cell is the dot of one word's query q and another's key k, drawn as two arrows in the plane they span
(engine PermutationDemo.query_key: lengths and angle exact, so the arrows' dot is the cell's number):
the score depends on those two vectors alone, wherever the words stand. Then softmax turns the table
on screen into its weights one row at a time, each row adding to 1 (no new swap: the words and the
table stay in the order the outputs section left them)."""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, Angle, BackgroundRectangle, Create, FadeIn, FadeOut, GrowArrow, Line, SurroundingRectangle,
                   TransformFromCopy, VGroup)

from engine.attention import rounded_to_total
from look import fmt_num
from scenes.perm.inset import padded_box
from scenes.perm.inset import TABLE_TEXT
from scenes.perm.layout import INSET, TEX, TEXT
from scenes.perm.row import arrow

LONGEST = 1.3  # scene units: the longer of q and k as drawn
BISECTOR = np.deg2rad(50)  # the two arrows drawn either side of this direction


def rotated(v: np.ndarray, turn: float) -> np.ndarray:
    c, s = np.cos(turn), np.sin(turn)
    return np.array([c * v[0] - s * v[1], s * v[0] + c * v[1]])


class DotPair:
    """Mixin (with Steps): the summary's score cell taken apart, then the table's softmax row by row."""

    def dot_pair(self, row, inset):
        """One score cell of the table on screen (order b): the first and last places that moved, as
        query and key."""
        case, t = row.case, len(row.columns)
        moved = [i for i in range(t) if case.perm[i] != i] or [0, t - 1]
        r, c = moved[0], moved[-1]
        qk = self.data.query_key(case.tokens_b[r], case.tokens_b[c])
        shown = inset.b.matrix.cell(r, c).text
        assert fmt_num(qk.score, inset.decimals) == shown, (qk.score, shown)  # the arrows' dot is the cell
        return r, c, qk

    def dot_diagram(self, row, inset, qk) -> VGroup:
        """q and k from one origin (each in its word's colour, named), the angle between them, and
        q · k / √d = the cell's number, under the table."""
        pal = self.pal
        colors = row.colors
        a = np.asarray(qk.arrows)  # (2, 2): q, k
        k_draw = LONGEST / max(np.linalg.norm(a, axis=1).max(), 1e-12)
        mid = (np.arctan2(a[0, 1], a[0, 0]) + np.arctan2(a[1, 1], a[1, 0])) / 2
        q2, k2 = (rotated(v, BISECTOR - mid) * k_draw for v in a)
        if q2[0] > k2[0]:  # the query's arrow the upper one
            q2, k2 = (np.array([v[0], -v[1]]) for v in (q2, k2))
            q2, k2 = (rotated(v, 2 * BISECTOR) for v in (q2, k2))
        origin = np.zeros(2)
        q_arrow = arrow(origin, q2, colors[qk.query], 7)
        k_arrow = arrow(origin, k2, colors[qk.key], 7)
        o3 = np.array([0.0, 0.0, 0.0])
        angle = Angle(Line(o3, [*k2, 0]), Line(o3, [*q2, 0]), radius=0.35, color=pal.muted, stroke_width=2.5)
        def name(letter, word, tip, color):
            lab = VGroup(self.tex(letter, size=TEX, color=color),
                         self.txt(self.word(word), size=TEXT, color=color)).arrange(RIGHT, buff=0.08)
            lab[1].align_to(lab[0], DOWN)
            direction = np.array([*tip, 0.0]) / max(np.linalg.norm(tip), 1e-12)
            return lab.next_to(np.array([*tip, 0.0]), direction if abs(direction[0]) < 0.5 else RIGHT, buff=0.1)
        q_name = name("q", qk.query, q2, colors[qk.query])
        k_name = name("k", qk.key, k2, colors[qk.key])
        value = fmt_num(qk.score, inset.decimals)
        formula = VGroup(self.tex(r"q\cdot k/\sqrt{d}", size=TEX), self.tex("=", value, size=TEX))
        formula.arrange(DOWN, buff=0.2, aligned_edge=LEFT)
        picture = VGroup(VGroup(q_arrow, k_arrow, angle), q_name, k_name)
        diagram = VGroup(picture, formula).arrange(RIGHT, buff=0.45)
        self.under_table(diagram, inset, gap=0.3)
        self.shown["dot_diagram_scale"] = round(q_name[0].height / self.tex("q", size=TEX).height, 2)
        return diagram

    def score_cell(self, row, inset):
        """The summary's why, shown: one cell of the table on screen as the dot of its q and k (the
        words' query and key arrows framed, then drawn from one origin with q · k / √d = the cell's
        number); returns what softmax_rows() and scores_back() need."""
        from types import SimpleNamespace

        pal, case = self.pal, row.case
        r, c, qk = self.dot_pair(row, inset)
        query, key = self.word(qk.query), self.word(qk.key)
        cols = [row.columns[int(case.perm[i])] for i in dict.fromkeys((r, c))]  # standing at r and c
        cell = padded_box(inset.b.matrix.cell(r, c), pal.ink)
        vecs = VGroup(*(padded_box(col[1], pal.ink, stroke_width=3) for col in cols))
        self.play(Create(cell), Create(vecs), run_time=0.7)
        self.shown["dot_cell"] = [qk.query, qk.key, inset.b.matrix.cell(r, c).text]
        self.read(inset.b.matrix.cell(r, c), *(col[1] for col in cols))

        diagram = self.dot_diagram(row, inset, qk)
        value = fmt_num(qk.score, inset.decimals)
        self.caption(self.s("cap_why_dot", q=query, k=key, s=value, d=self.data.d_model))
        (arrows, q_name, k_name), formula = diagram
        self.play(FadeOut(vecs), GrowArrow(arrows[0][0]), GrowArrow(arrows[1][0]), FadeIn(q_name), FadeIn(k_name),
                  run_time=0.8)
        self.add(arrows[0], arrows[1])
        self.play(Create(arrows[2]), FadeIn(formula[0]), FadeIn(formula[1][0]), run_time=0.5)
        self.play(FadeIn(formula[1][1]), run_time=0.4)
        self.shown["dot_value"] = value
        self.read(formula[1][1], inset.b.matrix.cell(r, c))
        self.play(FadeOut(cell), run_time=0.3)
        return SimpleNamespace(there=inset, diagram=diagram)

    def weights_name(self, name, axes) -> VGroup:
        """The heading the table goes by while any of its rows shows weights, on two lines at the
        labels' size: "weights A = softmax(S)" where `name` (the score table's heading) stands, "row by
        row" where `axes` (the line naming rows and columns, which steps out meanwhile) stands."""
        top = VGroup(self.txt(self.s("weights_name"), size=TEXT, color=self.pal.muted),
                     self.tex(r"A=\mathrm{softmax}(S)", size=TEX)).arrange(RIGHT, buff=0.2)
        top.move_to(name)
        rest = self.txt(self.s("by_row"), size=TEXT, color=self.pal.muted)
        rest.move_to([top.get_x(), axes.get_y(), 0])
        head = VGroup(top, rest)
        if head.width > INSET.width:
            head.scale(INSET.width / head.width)
        return head

    def softmax_rows(self, away, name, caption: str) -> VGroup:
        """Softmax on the table on screen (`away.there.b`, the words' order now), one row at a time: the
        row framed, its scores turning into its weights (the engine's softmax, printed to add to
        exactly 1: engine.attention.rounded_to_total) and the row's sum written under the table, where
        the dot diagram stood (it steps aside meanwhile). Returns the weights and sums, left over the
        table (its scores hidden under them until scores_back()), each turned row on a tinted band, the
        heading `name` swapped for the weights' one as `caption`, which names the weights, starts (the
        dot diagram gone before it; the heading returns in scores_back())."""
        from types import SimpleNamespace

        table, rev, decimals = away.there.b, away.there.case, away.there.decimals
        m, pal = table.matrix, self.pal
        weights = rev.weights_b  # (T, T): the table's order is rev's order b
        printed = [rounded_to_total(w, decimals) for w in weights]  # each (T,)
        # one line a row, in the table's row order, at the table's size (each comes as its row is framed)
        sums = VGroup(*(self.txt(" + ".join(fmt_num(w, decimals) for w in ws) + " = " + fmt_num(float(ws.sum()), decimals),
                                 size=TABLE_TEXT, color=pal.ink) for ws in printed))
        sums.arrange(DOWN, buff=0.2, aligned_edge=RIGHT)
        self.under_table(sums, SimpleNamespace(b=table), gap=0.3)
        self.shown["rowwise_weights"] = [[float(w) for w in ws] for ws in printed]  # as written, each row adding to 1
        self.read_caption()  # the dot product's cue read to its end while its diagram is up
        self.play(FadeOut(away.diagram), run_time=0.3)
        heading = self.weights_name(name, away.there.axes)
        # the heading "weights A" comes with the first row's weights, never ahead of its values
        self.caption(caption, shown={"table_heading": "weights"})
        drawn, frame = VGroup(sums, heading), None
        for r, ws in enumerate(printed):
            cells = VGroup(*(self.txt(fmt_num(w, decimals), size=TEXT, color=pal.ink) for w in ws))
            for c, cell in enumerate(cells):
                cell.scale(m.cell(r, c).height / cell.height).move_to(m.cell(r, c))
            lit = SurroundingRectangle(VGroup(m.row(r), table.rows[r]), buff=0.06, color=pal.ink, stroke_width=3)
            band = BackgroundRectangle(m.row(r), color=pal.panel, fill_opacity=1.0, buff=0.05)
            self.add(band)
            self.bring_to_back(band)
            band.set_opacity(0)
            self.play(Create(lit), *([FadeOut(frame)] if frame else []), run_time=0.3)
            retitle = [FadeOut(name), FadeOut(away.there.axes), FadeIn(heading)] if r == 0 else []
            self.play(*(m.cell(r, c).animate.set_opacity(0) for c in range(len(cells))), FadeIn(cells),
                      band.animate.set_fill(opacity=1.0), *retitle, run_time=0.5 if retitle else 0.4)
            self.play(FadeIn(sums[r], shift=0.1 * DOWN), run_time=0.3)
            self.wait(0.2)
            frame = lit
            drawn.add(band, cells)
        self.play(FadeOut(frame), run_time=0.3)
        self.shown["rowwise_sums"] = [fmt_num(float(ws.sum()), decimals) for ws in printed]
        return drawn

    def weighted_sum(self, row, there, weights) -> VGroup:
        """One output built as the sum of A·v, under the table where the row sums stood (`weights`:
        what softmax_rows() returned): the first row's weights travel one by one out of the table, each
        becoming the weight of its word's value vector v, one term a line; the output it makes, that
        word's strip, framed. With the next cue the terms trade places into the other order's (the
        words' order before the swap): the same weights on the same vectors, the sum the same. With
        the last cue the sum and the strip are framed together. Returns what is left on screen."""
        if len(self._queue) > 2:  # the softmax cue still up: the sum is built with the cue that names it
            self.until_next_cue()
        table, case, decimals = there.b, there.case, there.decimals
        pal, r = self.pal, 0  # the first row: the word standing first now
        toks = case.tokens_b
        printed = rounded_to_total(case.weights_b[r], decimals)  # (T,), as the table writes them
        cells = weights[3 + 2 * r]  # the row's weights as written over the table (softmax_rows: sums, heading, then band and cells a row)
        col = row.columns[int(case.perm[r])]  # the column standing at place r now
        word = toks[r]

        def sub(formula, at, tok):
            return self.word_subscripts(formula, at, tok)

        head = sub(self.tex("o", self.x_sub(word), "=", size=TEX), (1,), word)
        head[:2].set_color(row.colors[word])
        lines = VGroup()
        for c, w in enumerate(printed):  # one term a line: the weight, then its word's value vector
            term = sub(self.tex(fmt_num(float(w), decimals), r"\,v", self.x_sub(toks[c]), size=TEX), (2,), toks[c])
            term[1:].set_color(row.colors[toks[c]])
            lines.add(term)
        lines.arrange(DOWN, buff=0.14, aligned_edge=LEFT)
        signs = VGroup(*(self.tex("+", size=TEX).next_to(lines[c], LEFT, buff=0.12) for c in range(1, len(lines))))
        head.next_to(lines[0], LEFT, buff=0.15)
        eq = VGroup(head, signs, lines)
        self.under_table(eq, there, gap=0.3)
        lit = SurroundingRectangle(VGroup(table.matrix.row(r), table.rows[r]), buff=0.06, color=pal.ink, stroke_width=3)
        self.play(Create(lit), FadeOut(weights[0]), run_time=0.4)  # the row sums leave: the sum takes their place
        self.play(FadeIn(head), run_time=0.3)
        for c, term in enumerate(lines):  # each weight leaves its cell for its term (the signs stay in their lines)
            self.play(TransformFromCopy(cells[c], term[0]), FadeIn(term[1:]), *([FadeIn(signs[c - 1])] if c else []),
                      run_time=0.6)
        out = SurroundingRectangle(col[2], buff=0.08, color=pal.ink, stroke_width=3)
        self.play(Create(out), head[:2].animate.scale(1.15), run_time=0.5)
        self.play(head[:2].animate.scale(1 / 1.15), run_time=0.3)
        self.shown["sum_terms"] = [word, [[t, fmt_num(float(w), decimals)] for t, w in zip(toks, printed)]]
        self.until_next_cue()
        # the other order (before the swap): each term goes to its word's place there, the signs staying
        slots = [ln.get_y() for ln in lines]
        moved = [int(case.perm[c]) for c in range(len(lines))]  # term c (word at place c now) stood at place perm[c]
        if moved != list(range(len(lines))):
            self.play(*(ln.animate(path_arc=0.6).shift((slots[moved[c]] - slots[c]) * UP) for c, ln in enumerate(lines)),
                      run_time=1.4)
            self.shown["sum_terms_reordered"] = [toks[moved.index(k)] for k in range(len(lines))]
        self.until_next_cue()
        both = SurroundingRectangle(eq, buff=0.15, color=pal.ink, stroke_width=3)
        self.play(Create(both), run_time=0.5)
        self.shown["sum_same"] = 1
        self.read(eq, col[2])
        self.play(FadeOut(VGroup(both, lit, out, eq)), run_time=0.5)
        for key in ("sum_terms", "sum_terms_reordered", "sum_same"):
            self.shown.pop(key, None)
        return weights

    def scores_back(self, inset, weights) -> None:
        """The weights written by softmax_rows() give way to the scores again, the score table's
        heading with them: the weights rise away as the scores under them come back, over a second (never
        a cut back to the scores)."""
        body = inset.b.matrix.body
        self.play(FadeOut(weights, shift=0.1 * UP), body.animate.set_opacity(1), FadeIn(inset.name), FadeIn(inset.axes),
                  run_time=1.0)
        for key_ in ("table_heading", "rowwise_sums", "rowwise_weights", "dot_cell", "dot_value"):
            self.shown.pop(key_, None)


__all__ = ["DotPair"]
