"""permutation: attention cannot see order (seed 001, lesson 5 first station "十五" vs "五十";
seed 002 §01 图 2 "dog bites man" vs "man bites dog").

The main picture is one row of positions; each token stands on one with its word vector and its
attention output drawn as 2-D arrows (each d-number vector seen through a linear map onto one plane
per row, so sums of arrows are the arrows of sums). The score table S = QKᵀ/√d is an inset beside it,
rows = queries, columns = keys.
Sections, one caption sentence per step: intro (十五 = fifteen, 五十 = fifty; each character enters as
an arrow) → scores (the table; the query row and key column framed at 0.232, then at 0.201: W_Q ≠ W_K;
each output built from the value vectors v = x W_V, each scaled by its softmax weight and laid tip to
tail, ending exactly on the output) → swap (五十: the tokens travel with their arrows, then the table's
rows, then its columns; order b computed afresh drops in from the table and lands on the travelled
arrows) → sentence (dog bites man, 狗咬人 on screen in Chinese) → outputs (man bites dog: P beside the
table while it reorders, S_b = P S_a Pᵀ, and max |S_b − P S_a Pᵀ|, max |O_b − P O_a| from the record) →
summary (no position information, no causal mask: the same outputs, permuted; then the engine's
sinusoidal position vectors added and the swap repeated: order b's fresh outputs no longer match).
Every number is read from the engine record (engine.attention.PermutationDemo).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Create, FadeIn, FadeOut, Flash, GrowArrow, ReplacementTransform, \
    SurroundingRectangle, Transform, VGroup, smooth

from engine.attention import DEFAULT_EXAMPLES
from engine.toy import sentence
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.perm.inset import ARC, ScoreInset
from scenes.perm.layout import INSET, MAIN, Y_IN, Y_NOTE, Y_OUT
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

    def token_colors(self, case) -> dict:
        tokens = list(dict.fromkeys(case.tokens_a))
        return {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}

    def view_note(self, row: ArrowRow):
        """What the arrows draw, one line under them."""
        d = self.data.d_model
        note = self.txt(self.s("view", d=d) if d > 2 else self.s("view_all"), size=20, color=self.pal.muted)
        return note.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])

    def under_table(self, mob, inset: ScoreInset, gap: float = 0.3):
        """`mob` fitted into the inset under the table (at most its width), top at the table's bottom."""
        top = inset.a.get_bottom()[1] - gap
        if mob.width > INSET.width:
            mob.scale(INSET.width / mob.width)
        if mob.height > top - INSET.bottom:
            mob.scale((top - INSET.bottom) / mob.height)
        return mob.move_to([INSET.center[0], top - mob.height / 2, 0])

    def show_row(self, row: ArrowRow, note, run_time: float = 1.0, arrive=None):
        """The positions and row names (`arrive`: how they come, by default a fade), then the tokens
        drop in and their word vectors grow."""
        self.play(*(arrive or (FadeIn(row.frame), FadeIn(note))), run_time=0.8 if arrive else 0.6)
        self.play(*(FadeIn(c, shift=0.25 * DOWN) for c in row.boxes), run_time=0.7)
        self.play(*(GrowArrow(v[0]) if hasattr(v[0], "tip") else FadeIn(v) for v in row.inputs), run_time=run_time)
        self.shown["order"] = " ".join(row.case.tokens_a)

    def mix(self, row: ArrowRow, run_time: float = 1.0):
        """Each output from the value vectors: copies of every word vector go down to each output, turn
        into their value vectors v = x W_V, shrink to their softmax weight and line up tip to tail; the
        chain ends exactly at the output (the arrows are a linear view of the d-number vectors)."""
        t = len(row.columns)
        label = self.tex(r"v = x\,W_V", size=34).move_to([row.names.get_center()[0], (Y_IN + Y_OUT) / 2, 0])
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

    def travel(self, row: ArrowRow):
        """Every token walks to its order-b position with its two arrows."""
        moves = [col.animate(path_arc=ARC).shift(s) for col, s in zip(row.columns, row.targets()) if np.any(s)]
        self.play(*moves, run_time=SWAP_TIME, rate_func=smooth)
        self.shown["order"] = " ".join(row.case.tokens_b)

    def reorder(self, inset: ScoreInset, extra=()):
        """The table's rows go with their tokens (P S), then its columns (P S Pᵀ)."""
        self.play(*inset.reorder_rows(), *extra, run_time=1.4, rate_func=smooth)
        self.play(*inset.reorder_columns(), run_time=1.2, rate_func=smooth)
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
        self.caption(self.s("cap_enter_own" if own else "cap_enter"))
        self.show_row(row, note)
        read_with(self, *row.inputs)

        pair = asymmetric_pair(case.scores_a, inset.decimals)
        order = self.txt(self.s("order_a", a=a), size=22, color=self.pal.ink)
        self.section("scores", self.s("cap_scores"), keep=[row.frame, note, row.boxes, row.inputs, gloss])
        self.under_table(order, inset)
        self.play(FadeOut(gloss), FadeIn(inset.name), FadeIn(inset.axes), FadeIn(inset.a), FadeIn(order), run_time=0.9)
        self.shown["scores_a_shown"] = 1
        read_with(self, inset.a.rows, inset.a.cols)
        if pair is not None:
            i, j = pair
            self.caption(self.s("cap_asym"))
            read_with(self, inset.a.matrix)
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

        self.section("swap", self.s("cap_swap"), keep=[row.frame, note, *row.columns, inset.name, inset.axes, inset.a, order])
        self.caption(self.s("cap_carry", unit=unit))
        self.travel(row)
        self.read_caption()
        self.caption(self.s("cap_table"))
        order_b = self.txt(self.s("order_b", b=b), size=22, color=self.pal.ink).move_to(order)
        self.reorder(inset, extra=[Transform(order, order_b)])
        self.read_caption()
        self.caption(self.s("cap_fresh", b=b))
        self.drop_fresh(row, inset, row.case.arrows_out_b)
        read_with(self, *(c[2] for c in row.columns))
        self.leaving = (row.frame, note, VGroup(*row.columns, inset.b, inset.axes, order), inset.name)

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
        self.show_row(row, note, run_time=0.8, arrive=[ReplacementTransform(frame, row.frame),
                                                       ReplacementTransform(old_note, note),
                                                       ReplacementTransform(name, inset.name)])
        order = self.under_table(self.txt(self.s("order_a", a=a), size=22, color=self.pal.ink), inset)
        self.play(FadeIn(inset.axes), FadeIn(inset.a), FadeIn(order), run_time=0.7)
        self.mix(row, run_time=0.8)
        self.caption(self.s("cap_watch_own" if self.own else "cap_watch"))
        self.travel(row)
        self.read_caption()

        self.section("outputs", self.s("cap_equal"),
                     keep=[row.frame, note, *row.columns, inset.name, inset.axes, inset.a, order])
        self.drop_fresh(row, inset, row.case.arrows_out_b)
        self.read_caption()
        self.caption(self.s("cap_perm"))
        pm = VGroup(inset.p_matrix(), self.tex(r"S_b = P\,S_a\,P^{\top}", size=36)).arrange(RIGHT, buff=0.35)
        pm = self.under_table(pm, inset, gap=0.9)
        pm.scale(min(1.0, 1.3 / pm.height)).next_to(order, DOWN, buff=0.25)
        order_b = self.txt(self.s("order_b", b=b), size=22, color=self.pal.ink).move_to(order)
        self.play(FadeIn(pm), run_time=0.6)
        self.reorder(inset, extra=[Transform(order, order_b)])
        lines = VGroup(*(self.tex(rf"{f} = {tex_sci(v)}", size=40) for f, v in (
            (r"\max\,|S_b-P\,S_a\,P^{\top}|", case.score_deviation),
            (r"\max\,|O_b-P\,O_a|", case.output_deviation))),
            self.txt(self.s("float_note"), size=24, color=self.pal.muted)).arrange(DOWN, buff=0.18)
        self.under_table(lines, inset, gap=0.3)  # the table's row names say the order now
        self.play(FadeOut(pm), FadeOut(order), FadeIn(lines, shift=0.1 * UP), run_time=0.8)
        self.shown["score_deviation"] = case.score_deviation
        self.shown["output_deviation"] = case.output_deviation
        read_with(self, *lines[:2])
        self.final = (row, note, inset, order, lines)

    # -- 6. what it proved, and what positions change ---------------------------------------------
    def summary(self):
        row, note, inset, order, lines = self.final
        pal = self.pal
        proved = self.txt(self.s("proved"), size=22, color=pal.ink, weight="BOLD", line_spacing=0.9)
        case = row.case
        pe_line = self.tex(rf"\max\,|O_b-P\,O_a| = {case.pe_deviation:.2f}", size=34, color=pal.accent)
        self.under_table(proved, inset, gap=0.5 + order.height)
        pe_line.move_to(order)  # takes the order's place once positions are added
        if pe_line.width > INSET.width:
            pe_line.scale(INSET.width / pe_line.width)
        frame = SurroundingRectangle(proved, buff=0.12, color=pal.accent, stroke_width=3)
        self.label_on(proved, frame)
        self.section("summary", self.s("cap_summary"),
                     keep=[row.frame, note, *row.columns, inset.name, inset.axes, inset.b, lines])
        self.play(ReplacementTransform(lines, VGroup(proved, frame)), run_time=1.0)
        self.shown["proved"] = 1
        read_with(self, *(c[2] for c in row.columns))

        self.caption(self.s("cap_pe"))
        plus = VGroup(*(self.tex(rf"+\,p_{{{k + 1}}}", size=30, color=pal.accent).next_to(pos, RIGHT, buff=0.12)
                        for k, pos in enumerate(row.positions)))
        inv = np.argsort(case.perm)  # token a_i stands at place inv[i] in order b
        moved = [arrow([row.xs[inv[i]], Y_OUT], row.k_pe * case.arrows_pe_moved[inv[i]], row.colors[tok], 7)
                 for i, tok in enumerate(case.tokens_a)]
        self.play(FadeIn(plus, shift=0.1 * DOWN), *(Transform(c[2], m) for c, m in zip(row.columns, moved)), run_time=1.2)
        fresh = self.drop_fresh(row, inset, case.arrows_pe_b, keep=True, k=row.k_pe)
        self.play(FadeIn(pe_line), run_time=0.6)
        self.shown["pe_deviation"] = case.pe_deviation
        read_with(self, *fresh)


SCENE = Permutation
