"""permutation: attention cannot see order (seed 001, lesson 5 first station "十五" vs "五十";
seed 002 §01 图 2 "dog bites man" vs "man bites dog").

The main picture is one row of positions; each token stands on one with its word vector and its
attention output drawn as 2-D arrows (each d-number vector seen through a linear map onto one plane
per row, so sums of arrows are the arrows of sums). The score table S = QKᵀ/√d is an inset beside it,
rows = queries, columns = keys.
Sections, one caption sentence per step: intro (十五 = fifteen, 五十 = fifty; the tokens are placed while
the first cue is read, their arrows grow with the second) → scores (a frame walks down the query rows,
then across the key columns; the mirror cells framed, then the query row and key column at 0.232 and
0.201: W_Q ≠ W_K; each output built from the value vectors v = x W_V, scaled by its softmax weight and
laid tip to tail; the outputs look alike, so they are redrawn as their differences from their average,
enlarged) → swap (五十: the tokens travel with their arrows, then the table's rows, then its columns;
order b computed afresh lands on the travelled arrows) → sentence (dog bites man, 狗咬人 in Chinese) →
outputs (man bites dog: P beside the table while it reorders, S_b = P S_a Pᵀ, then O_b = P O_a and
max |O_b − P O_a|) → summary (no position information, no causal mask: the same outputs, permuted;
then the engine's sinusoidal position vectors added: the table renumbered in place with order a's
scores carried, then with order b's own, the changed cells coloured, and the outputs no longer match).
Every number is read from the engine record (engine.attention.PermutationDemo).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Flash, GrowArrow, \
    ReplacementTransform, SurroundingRectangle, Transform, VGroup, smooth

from engine.attention import DEFAULT_EXAMPLES
from engine.toy import sentence
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.perm.inset import ARC, ScoreInset
from scenes.perm.layout import INSET, MAIN, TEX, TEXT, Y_IN, Y_NOTE, Y_OUT
from scenes.perm.row import ArrowRow, arrow
from scenes.perm.strings import STRINGS, WORDS

DECIMALS = {"embeddings": 2, "w_q": 4, "w_k": 4, "w_v": 4}
SHOWN_DECIMALS = {"scores": 3}  # nested example fields, as drawn (2 when a long table must shrink)
SWAP_TIME = 2.6  # seconds the tokens take to reach their new positions
LONG = 24  # characters: a longer sentence of your own is shown, not quoted in the caption


def tex_sci(x: float) -> str:
    """A deviation typeset: 0, or 2.2\\times 10^{-16} (two significant digits)."""
    if x == 0:
        return "0"
    m, e = f"{x:.1e}".split("e")
    return rf"{m}\times 10^{{{int(e)}}}"


def tail(v) -> np.ndarray:
    """Where an arrow (or the dot of a vector too short for one) starts, (3,)."""
    return v[0].get_start() if hasattr(v[0], "tip") else v[0].get_center()


def asymmetric_pair(scores: np.ndarray, decimals: int):
    """(i, j) with S[i, j] ≠ S[j, i] at the shown rounding, the larger first; None if the table reads
    symmetric."""
    best = None
    t = len(scores)
    for i in range(t):
        for j in range(i + 1, t):
            if round(scores[i, j], decimals) != round(scores[j, i], decimals):
                pair = (i, j) if scores[i, j] > scores[j, i] else (j, i)
                if best is None or abs(scores[i, j] - scores[j, i]) > abs(scores[best] - scores[best[::-1]]):
                    best = pair
    return best


class Permutation(LectureScene):
    strings = STRINGS

    def construct(self):
        self.add_title()
        self.colors = [self.pal.series[k] for k in (0, 5, 3, 6, 1)]
        first, second = self.data.examples[:2]
        self.own = tuple((c.tokens_a, c.tokens_b) for c in self.data.examples[:2]) != DEFAULT_EXAMPLES
        self.first(first)
        self.second(second)
        self.summary()

    # -- building blocks -----------------------------------------------------------------------
    def word(self, tok: str) -> str:
        """A token as this language writes it on screen (狗 for dog in Chinese); the engine keeps its key."""
        return WORDS.get(self.look.lang, {}).get(tok, tok)

    def said(self, tokens) -> str:
        return sentence([self.word(t) for t in tokens])

    def small(self, key: str, **fmt):
        """A secondary text of the scene (legends, notes) at the legible size."""
        return self.txt(self.s(key, **fmt), size=TEXT, color=self.pal.muted, line_spacing=0.8)

    def token_colors(self, case) -> dict:
        tokens = list(dict.fromkeys(case.tokens_a))
        return {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}

    def view_note(self, row: ArrowRow):
        """What the arrows draw, one line under them."""
        d = self.data.d_model
        note = self.small("view", d=d) if d > 2 else self.small("view_all")
        if note.width > MAIN.width:
            note.scale(MAIN.width / note.width)
        return note.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])

    def under_table(self, mob, inset: ScoreInset, gap: float = 0.3):
        """`mob` fitted into the inset under the table (at most its width), top at the table's bottom."""
        top = inset.b.get_bottom()[1] - gap
        if mob.width > INSET.width:
            mob.scale(INSET.width / mob.width)
        if mob.height > top - INSET.bottom:
            mob.scale((top - INSET.bottom) / mob.height)
        return mob.move_to([INSET.center[0], top - mob.height / 2, 0])

    def fade_swap(self, old, new, run_time: float = 0.6):
        """One text gives way to another: the old fades out, then the new fades in (never a morph)."""
        self.play(FadeOut(old), run_time=run_time / 2)
        self.play(FadeIn(new), run_time=run_time / 2)

    def show_frame(self, row: ArrowRow, note, arrive=None):
        """The positions and row names (`arrive`: how they come, by default a fade), then the tokens
        drop in one after another."""
        self.play(*(arrive or (FadeIn(row.frame), FadeIn(note))), run_time=0.8 if arrive else 0.6)
        for c in row.boxes:
            self.play(FadeIn(c, shift=0.25 * DOWN), run_time=0.5)
        self.shown["order"] = " ".join(row.case.tokens_a)

    def grow_inputs(self, row: ArrowRow, run_time: float = 0.7):
        for v in row.inputs:
            self.play(GrowArrow(v[0]) if hasattr(v[0], "tip") else FadeIn(v), run_time=run_time)

    def mix(self, row: ArrowRow, run_time: float = 1.0):
        """Each output from the value vectors: copies of every word vector go down to each output, turn
        into their value vectors v = x W_V, shrink to their softmax weight and line up tip to tail; the
        chain ends exactly at the output (the arrows are a linear view of the d-number vectors)."""
        t = len(row.columns)
        label = self.tex(r"v = x\,W_V", size=TEX).move_to([row.names.get_center()[0], (Y_IN + Y_OUT) / 2, 0])
        sources = [row.mix_sources() for _ in range(t)]
        note = self.note  # the line under the arrows steps aside while the value vectors are drawn
        self.play(*(v.animate.shift(np.array([row.xs[i], Y_OUT, 0]) - tail(v))
                    for i, src in enumerate(sources) for v in src), note.animate.set_opacity(0), run_time=run_time)
        values = [row.values_at(i) for i in range(t)]
        self.play(*(ReplacementTransform(s, v) for s, v in zip(sources, values)), FadeIn(label), run_time=run_time)
        chains = [row.chain_at(i) for i in range(t)]
        self.play(*(ReplacementTransform(v, c) for v, c in zip(values, chains)), run_time=run_time * 1.4)
        self.wait(0.5)
        self.play(*(ReplacementTransform(c, out) for c, out in zip(chains, row.outputs)), FadeOut(label),
                  note.animate.set_opacity(1), run_time=run_time * 0.8)
        self.shown["outputs_shown"] = 1

    def zoom(self, row: ArrowRow):
        """The outputs redrawn as their differences from their average, enlarged (row.outputs_at); a
        line under the row's name says so. Returns that line."""
        k = row.k_dev / row.k_out
        label = self.small("dev_label", k=f"{k:.0f}")
        label.next_to(row.names[2], UP, buff=0.25).align_to(row.names[2], RIGHT)
        new = row.outputs_at(row.case.arrows_dev_a, row.k_dev)
        self.shown["outputs_enlarged"] = round(k)
        self.play(*(Transform(c[2], a) for c, a in zip(row.columns, new)), FadeIn(label), run_time=1.4)
        return label

    def travel(self, row: ArrowRow):
        """Every token walks to its order-b position with its two arrows."""
        moves = [col.animate(path_arc=ARC).shift(s) for col, s in zip(row.columns, row.targets()) if np.any(s)]
        self.play(*moves, run_time=SWAP_TIME, rate_func=smooth)
        self.shown["order"] = " ".join(row.case.tokens_b)

    def reorder(self, inset: ScoreInset, order=None, order_b=None):
        """The table's rows go with their tokens (P S), then its columns (P S Pᵀ); the line naming the
        order gives way to the new one meanwhile."""
        if order is not None:
            self.play(*inset.reorder_rows(), FadeOut(order), run_time=1.4, rate_func=smooth)
        else:
            self.play(*inset.reorder_rows(), run_time=1.4, rate_func=smooth)
        self.play(*inset.reorder_columns(), *([FadeIn(order_b)] if order_b is not None else []),
                  run_time=1.2, rate_func=smooth)
        inset.settle()
        self.shown["scores_b_shown"] = 1

    def drop_fresh(self, row: ArrowRow, inset: ScoreInset, arrows, keep: bool = False, k=None):
        """Order b computed afresh: arrows drop in from the table onto the positions and flash where
        they land; they leave again when they only repeat the travelled ones (`keep` = False)."""
        fresh = row.fresh_b(arrows, self.pal.accent, width=5, k=k)
        start = fresh.copy().scale(0.6).move_to(inset.b.get_center())
        self.play(ReplacementTransform(start, fresh), run_time=1.2)
        self.play(*(Flash(f[0].get_end() if hasattr(f[0], "tip") else f[0].get_center(), color=self.pal.accent,
                          flash_radius=0.25) for f in fresh), run_time=0.6)
        if not keep:
            self.play(FadeOut(fresh), run_time=0.4)
        return fresh

    def pieces(self, case):
        colors = self.token_colors(case)
        row = ArrowRow(self, case, colors)
        self.note = self.view_note(row)
        return row, self.note, ScoreInset(self, case, colors)

    def sweep(self, inset: ScoreInset, axis: str):
        """A frame walks down the table's rows (each a query) or across its columns (each a key)."""
        m, t = inset.a.matrix, len(inset.case.tokens_a)
        names = inset.a.rows if axis == "rows" else inset.a.cols
        part = (lambda k: VGroup(names[k], m.row(k))) if axis == "rows" else (lambda k: VGroup(names[k], m.col(k)))
        boxes = [SurroundingRectangle(part(k), buff=0.06, color=self.pal.accent, stroke_width=4) for k in range(t)]
        self.play(Create(boxes[0]), run_time=0.6)
        for a, b in zip(boxes, boxes[1:]):
            self.wait(0.4)
            self.play(Transform(boxes[0], b), run_time=0.7)
        self.wait(0.4)
        self.play(FadeOut(boxes[0]), run_time=0.4)

    def mirror(self, inset: ScoreInset, pair):
        """The two cells that mirror each other across the diagonal, framed one after the other."""
        i, j = pair
        m = inset.a.matrix
        frames = VGroup(m.box_cell(i, j, self.pal.accent, stroke_width=4), m.box_cell(j, i, self.pal.accent, stroke_width=4))
        for f in frames:
            self.play(Create(f), run_time=0.7)
        return frames

    # -- 1.-3. 十五 vs 五十 ----------------------------------------------------------------------
    def first(self, case):
        self.shown["example"] = "".join(case.tokens_a) + "/" + "".join(case.tokens_b)
        row, note, inset = self.pieces(case)
        unit = self.s("character" if all(len(t) == 1 and ord(t) > 0x2E80 for t in case.tokens_a) else "token")
        a, b = self.said(case.tokens_a), self.said(case.tokens_b)
        own = self.own
        self.section("intro", self.s("cap_intro_own", a=a, b=b, n=len(case.tokens_a)) if own else self.s("cap_intro"))
        gloss = self.txt(f"{a}\n{b}" if own else self.s("gloss"), size=34, color=self.pal.ink, line_spacing=1.0)
        gloss.move_to([INSET.center[0], 0.8, 0])
        self.play(FadeIn(gloss, shift=0.2 * DOWN), run_time=0.8)
        self.show_frame(row, note)  # the inputs are built while the first cue is read
        read_with(self, *row.boxes, gloss)
        self.caption(self.s("cap_enter_own" if own else "cap_enter"))
        self.grow_inputs(row)
        read_with(self, *row.inputs)

        pair = asymmetric_pair(case.scores_a, inset.decimals)
        order = self.under_table(self.txt(self.s("order_a", a=a), size=TEXT, color=self.pal.ink), inset)
        self.section("scores", self.s("cap_rows"), keep=[row.frame, note, row.boxes, row.inputs, gloss])
        self.play(FadeOut(gloss), FadeIn(inset.name), FadeIn(inset.axes), FadeIn(inset.a), FadeIn(order), run_time=0.9)
        self.shown["scores_a_shown"] = 1
        self.sweep(inset, "rows")
        self.read_caption()
        self.caption(self.s("cap_cols"))
        self.sweep(inset, "cols")
        self.read_caption()
        if pair is not None:
            i, j = pair
            self.caption(self.s("cap_asym"))
            link = self.mirror(inset, pair)
            read_with(self, link)
            self.play(FadeOut(link), run_time=0.4)
            self.caption(self.s("cap_asym_values", i=self.word(case.tokens_a[i]), j=self.word(case.tokens_a[j]),
                                sij=inset.value(i, j), sji=inset.value(j, i)))
            first_lines, back = inset.lines_to(i, j, self.pal.accent), inset.lines_to(j, i, self.pal.accent)
            self.play(Create(first_lines), run_time=1.0)
            self.wait(1.2)
            self.play(ReplacementTransform(first_lines, back), run_time=1.0)
            self.read_caption()
            self.play(FadeOut(back), run_time=0.3)
        self.caption(self.s("cap_mix"))
        self.mix(row)
        self.read_caption()
        self.caption(self.s("cap_close"))
        read_with(self, *(c[2] for c in row.columns))
        self.caption(self.s("cap_zoom"))
        dev = self.zoom(row)
        read_with(self, *(c[2] for c in row.columns))

        self.section("swap", self.s("cap_swap"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.a, order])
        self.caption(self.s("cap_carry", unit=unit))
        self.travel(row)
        self.read_caption()
        self.caption(self.s("cap_table"))
        order_b = self.txt(self.s("order_b", b=b), size=TEXT, color=self.pal.ink).move_to(order)
        self.reorder(inset, order, order_b)
        self.read_caption()
        self.caption(self.s("cap_fresh", b=b))
        self.drop_fresh(row, inset, row.case.arrows_dev_b, k=row.k_dev)
        read_with(self, *(c[2] for c in row.columns))
        self.leaving = (row.frame, note, VGroup(*row.columns, inset.b, inset.axes, order_b, dev), inset.name)

    # -- 4.-5. dog bites man --------------------------------------------------------------------
    def second(self, case):
        self.shown["example"] = " ".join(case.tokens_a) + "/" + " ".join(case.tokens_b)
        for key in ("scores_b_shown", "outputs_shown"):
            self.shown.pop(key, None)
        row, note, inset = self.pieces(case)
        a, b, n = self.said(case.tokens_a), self.said(case.tokens_b), len(case.tokens_a)
        own = "cap_sentence_long" if max(len(a), len(b)) > LONG else "cap_sentence_own"  # long: on screen only
        cap = self.s(own, a=a, b=b, n=n) if self.own else self.s("cap_sentence")
        frame, old_note, rest, name = self.leaving
        self.section("sentence", cap, keep=[frame, old_note, rest, name])
        self.play(FadeOut(rest), run_time=0.5)
        self.shown.pop("outputs_enlarged", None)
        self.show_frame(row, note, arrive=[ReplacementTransform(frame, row.frame), ReplacementTransform(old_note, note),
                                           ReplacementTransform(name, inset.name)])
        self.grow_inputs(row, run_time=0.4)
        order = self.under_table(self.txt(self.s("order_a", a=a), size=TEXT, color=self.pal.ink), inset)
        self.play(FadeIn(inset.axes), FadeIn(inset.a), FadeIn(order), run_time=0.7)
        self.mix(row, run_time=0.8)
        dev = self.zoom(row)
        self.caption(self.s("cap_watch_own" if self.own else "cap_watch"))
        self.travel(row)
        self.read_caption()

        self.section("outputs", self.s("cap_equal"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.a, order])
        self.drop_fresh(row, inset, row.case.arrows_dev_b, k=row.k_dev)
        self.read_caption()
        self.caption(self.s("cap_perm"))
        eq_s, eq_o = self.tex(r"S_b = P\,S_a\,P^{\top}", size=TEX), self.tex(r"O_b = P\,O_a", size=TEX)
        pm = VGroup(inset.p_matrix(), eq_s).arrange(RIGHT, buff=0.35)
        self.play(FadeOut(order), run_time=0.4)
        self.under_table(pm, inset, gap=0.2)
        self.play(FadeIn(pm), run_time=0.6)
        self.reorder(inset)
        read_with(self, pm[1], inset.b.matrix)
        self.caption(self.s("cap_perm_out"))
        # the same P moves on to the outputs: the table's equation steps up, the outputs' comes under it
        eqs = VGroup(eq_s.copy(), eq_o).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        eqs.next_to(pm[0], RIGHT, buff=0.35).set_y(pm[0].get_y())
        check = VGroup(self.tex(r"\max\,|O_b-P\,O_a| = " + tex_sci(case.output_deviation), size=TEX))
        check.next_to(pm, DOWN, buff=0.15)
        if check.width > INSET.width:
            check.scale(INSET.width / check.width)
        check.set_x(INSET.center[0])
        self.play(eq_s.animate.move_to(eqs[0]), run_time=0.6)
        self.play(FadeIn(eqs[1], shift=0.15 * DOWN), run_time=0.6)
        self.shown["score_deviation"] = case.score_deviation
        self.shown["output_deviation"] = case.output_deviation
        self.shown["output_deviation_mantissa"] = float(f"{case.output_deviation:.1e}".split("e")[0])  # as typeset
        self.play(FadeIn(check, shift=0.1 * UP), run_time=0.6)
        read_with(self, *(c[2] for c in row.columns), eqs[1], check)
        self.final = (row, note, dev, inset, VGroup(pm, eq_o, check))

    # -- 6. what it proved, and what positions change ---------------------------------------------
    def summary(self):
        row, note, dev, inset, shown = self.final
        pal = self.pal
        case = row.case
        proved = self.txt(self.s("proved"), size=TEXT, color=pal.ink, weight="BOLD", line_spacing=0.9)
        if proved.width > INSET.width - 0.3:
            proved.scale((INSET.width - 0.3) / proved.width)
        self.under_table(proved, inset, gap=0.35)
        frame = SurroundingRectangle(proved, buff=0.12, color=pal.accent, stroke_width=3)
        self.label_on(proved, frame)
        self.section("summary", self.s("cap_summary"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.b, shown])
        self.fade_swap(shown, VGroup(proved, frame), run_time=1.0)
        self.shown["proved"] = 1
        read_with(self, *(c[2] for c in row.columns))

        self.caption(self.s("cap_pe"))
        plus = VGroup(*(self.tex(rf"+\,p_{{{k + 1}}}", size=TEX, color=pal.accent).next_to(pos, RIGHT, buff=0.1)
                        for k, pos in enumerate(row.positions)))
        self.play(FadeIn(plus, shift=0.1 * DOWN), run_time=0.8)
        read_with(self, *plus)

        self.caption(self.s("cap_pe_carry"))
        inv = np.argsort(case.perm)  # token a_i stands at place inv[i] in order b
        moved = row.outputs_at(case.arrows_pe_moved, row.k_pe, places=inv)
        k = row.k_pe / row.k_out
        dev_pe = self.small("dev_label", k=f"{k:.0f}").move_to(dev, aligned_edge=RIGHT)
        self.shown["outputs_enlarged"] = round(k)
        cells = inset.renumber(inset.pe_moved)
        self.play(FadeOut(inset.cells), FadeOut(dev), run_time=0.4)
        self.play(FadeIn(cells), *(Transform(c[2], m) for c, m in zip(row.columns, moved)), FadeIn(dev_pe), run_time=1.2)
        inset.cells = cells
        self.shown["scores_pe_moved_shown"] = 1
        read_with(self, cells, *(c[2] for c in row.columns))

        self.caption(self.s("cap_pe_fresh"))
        cells = inset.renumber(inset.pe_b, color=pal.accent)
        lines = VGroup(*(self.tex(rf"{f} = {v:.2f}", size=TEX, color=pal.accent) for f, v in (
            (r"\max\,|S_b-P\,S_a\,P^{\top}|", case.score_pe_deviation),
            (r"\max\,|O_b-P\,O_a|", case.pe_deviation)))).arrange(DOWN, buff=0.2)
        if lines.width > INSET.width:
            lines.scale(INSET.width / lines.width)
        lines.move_to(frame).align_to(frame, UP)
        self.play(FadeOut(inset.cells), FadeOut(VGroup(proved, frame)), run_time=0.4)
        self.shown["scores_pe_b_shown"] = 1
        self.play(FadeIn(cells), run_time=0.8)
        inset.cells = cells
        fresh = self.drop_fresh(row, inset, case.arrows_pe_b, keep=True, k=row.k_pe)
        self.shown["score_pe_deviation"] = case.score_pe_deviation
        self.shown["pe_deviation"] = case.pe_deviation
        self.play(FadeIn(lines, shift=0.1 * UP), run_time=0.6)
        read_with(self, *(cells[r * len(row.xs) + c] for r, c in inset.changed()), *fresh)
        self.caption(self.s("cap_pe_end"))
        read_with(self, *lines)


SCENE = Permutation
