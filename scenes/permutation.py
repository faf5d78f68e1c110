"""permutation: attention cannot see order (seed 001, lesson 5 first station "十五" vs "五十";
seed 002 §01 图 2 "dog bites man" vs "man bites dog").

The main picture is one row of positions; each token stands on one with its word vector and its
attention output drawn as 2-D arrows (numbers 1 and 2 of each d-number vector). The score table
S = QKᵀ/√d is an inset beside it.
Sections: intro (十五: each character enters as an arrow) → scores (the inset table, not symmetric
because W_Q ≠ W_K; each output mixes every vector) → swap (五十: every token moves to its new position
carrying its vector and its output, the table's rows and columns move with them, and order b's outputs
computed afresh land on the arrows that travelled) → sentence (dog bites man) → outputs (man bites
dog: the same, with max |S_b − P S_a Pᵀ| and max |O_b − P O_a| from the record) → summary (without
position information the two orders give the same outputs, only permuted).
Every number is read from the engine record (engine.attention.PermutationDemo).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Create, FadeIn, FadeOut, GrowArrow, ReplacementTransform, \
    SurroundingRectangle, VGroup, smooth

from engine.attention import DEFAULT_EXAMPLES
from engine.toy import sentence
from look.formats import fmt_sci
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.perm.inset import ARC, ScoreInset
from scenes.perm.layout import INSET, MAIN, Y_NOTE, Y_OUT
from scenes.perm.row import ArrowRow, arrow
from scenes.perm.strings import STRINGS

DECIMALS = {"embeddings": 2, "w_q": 4, "w_k": 4, "w_v": 4}
SHOWN_DECIMALS = {"scores": 3}  # nested example fields, as drawn (2 when a long table must shrink)
SWAP_TIME = 2.6  # seconds the tokens take to reach their new positions
LONG = 24  # characters: a longer sentence of your own is shown, not quoted in the caption


def sci(x: float) -> str:
    """A deviation as on screen: 0, or 2.2 × 10⁻¹⁶."""
    return "0" if x == 0 else fmt_sci(x, 2, spaced=True)


def legend_lines(say: str, short: str) -> list[str]:
    """The legend of the fresh outputs as tried, widest first: one line; the order, then what was
    computed; "order b =", the order, then what; and the short form that leaves the order to the caption."""
    cut = max(say.rfind(":"), say.rfind("："))
    head, rest = say[:cut + 1], say[cut + 1:].strip()
    eq = head.find("=")
    two = head + "\n" + rest
    three = head[:eq + 1] + "\n" + head[eq + 1:].strip() + "\n" + rest
    cut = max(short.rfind(":"), short.rfind("："))
    return [say, two, three, short[:cut + 1] + "\n" + short[cut + 1:].strip()]


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
    def token_colors(self, case) -> dict:
        tokens = list(dict.fromkeys(case.tokens_a))
        return {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}

    def view_note(self, row: ArrowRow):
        """What the arrows draw, one line under them."""
        d = self.data.d_model
        note = self.txt(self.s("view", d=d) if d > 2 else self.s("view_all"), size=20, color=self.pal.muted)
        return note.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])

    def show_row(self, row: ArrowRow, note, run_time: float = 1.0, arrive=None):
        """The positions and row names (`arrive`: how they come, by default a fade), then the tokens
        drop in and their word vectors grow."""
        self.play(*(arrive or (FadeIn(row.frame), FadeIn(note))), run_time=0.8 if arrive else 0.6)
        self.play(*(FadeIn(c, shift=0.25 * DOWN) for c in row.boxes), run_time=0.7)
        self.play(*(GrowArrow(v[0]) if hasattr(v[0], "tip") else FadeIn(v) for v in row.inputs), run_time=run_time)
        self.shown["order"] = " ".join(row.case.tokens_a)

    def mix(self, row: ArrowRow, run_time: float = 1.6):
        """Each output grows from copies of every input arrow: an output mixes all the vectors."""
        sources = [row.mix_sources() for _ in row.columns]
        self.play(*(v.animate.shift(np.array([row.xs[i], Y_OUT, 0]) - tail(v))
                    for i, src in enumerate(sources) for v in src), run_time=run_time * 0.55)
        self.play(*(ReplacementTransform(src, out) for src, out in zip(sources, row.outputs)), run_time=run_time * 0.45)
        self.shown["outputs_shown"] = 1

    def swap(self, row: ArrowRow, inset: ScoreInset):
        """Every token walks to its order-b position with its two arrows and its row of the table goes
        with it (P S); then the table's columns follow (P S Pᵀ)."""
        shifts = row.targets()
        moves = [col.animate(path_arc=ARC).shift(s) for col, s in zip(row.columns, shifts) if np.any(s)]
        self.play(*moves, *inset.reorder_rows(), run_time=SWAP_TIME, rate_func=smooth)
        self.play(*inset.reorder_columns(), run_time=1.0, rate_func=smooth)
        inset.settle()
        self.shown["order"] = " ".join(row.case.tokens_b)
        self.shown["scores_b_shown"] = 1

    def check(self, row: ArrowRow, inset: ScoreInset, deviations: bool):
        """Order b computed afresh: thin arrows land on the ones that travelled; the inset says so."""
        pal = self.pal
        fresh = row.fresh(pal.accent)
        sample = arrow([0, 0], [0.5, 0], pal.accent, 3)
        words = None
        for say in legend_lines(self.s("fresh", b=sentence(row.case.tokens_b)), self.s("fresh_short")):
            words = self.txt(say, size=20, color=pal.accent, line_spacing=0.8)
            if words.width <= INSET.width - 0.7:
                break
        legend = VGroup(sample, words).arrange(RIGHT, buff=0.15)
        lines = [legend]
        if deviations:
            case = row.case
            for formula, value in ((r"\max\,|S_b-P\,S_a\,P^{\top}| =", case.score_deviation),
                                   (r"\max\,|O_b-P\,O_a| =", case.output_deviation)):
                lines.append(VGroup(self.tex(formula, size=26), self.txt(sci(value), size=20)).arrange(RIGHT, buff=0.15))
            lines.append(self.txt(self.s("float_note"), size=18, color=pal.muted))
        block = VGroup(*lines).arrange(DOWN, buff=0.18)
        top = inset.b.get_bottom()[1] - 0.3
        if deviations and block.height > top - INSET.bottom:  # a tall table: the note on floats goes
            lines.pop()
            block = VGroup(*lines).arrange(DOWN, buff=0.18)
        if block.width > INSET.width:
            block.scale(INSET.width / block.width)
        if block.height > top - INSET.bottom:
            block.scale((top - INSET.bottom) / block.height)
        block.move_to([INSET.center[0], top - block.height / 2, 0])
        self.play(*(Create(f) for f in fresh), FadeIn(legend), run_time=1.4)
        if deviations:
            self.play(FadeIn(VGroup(*lines[1:]), shift=0.1 * UP), run_time=0.8)
            self.shown["score_deviation"] = row.case.score_deviation
            self.shown["output_deviation"] = row.case.output_deviation
        return fresh, block

    def pieces(self, case):
        colors = self.token_colors(case)
        row = ArrowRow(self, case, colors)
        return row, self.view_note(row), ScoreInset(self, case, colors)

    # -- 1.-3. 十五 vs 五十 ----------------------------------------------------------------------
    def first(self, case):
        self.shown["example"] = "".join(case.tokens_a) + "/" + "".join(case.tokens_b)
        row, note, inset = self.pieces(case)
        unit = self.s("character" if all(len(t) == 1 and ord(t) > 0x2E80 for t in case.tokens_a) else "token")
        intro = (self.s("cap_intro_own", a=sentence(case.tokens_a), b=sentence(case.tokens_b), n=len(case.tokens_a))
                 if self.own else self.s("cap_intro"))
        self.section("intro", intro)
        self.show_row(row, note)
        read_with(self, *row.inputs)

        pair = asymmetric_pair(case.scores_a, inset.decimals)
        cap = self.s("cap_scores")
        boxes = VGroup()
        if pair is not None:
            i, j = pair
            cap += self.s("cap_asym", i=case.tokens_a[i], j=case.tokens_a[j], sij=inset.value(i, j),
                          sji=inset.value(j, i))
            boxes = VGroup(*(SurroundingRectangle(inset.a.matrix.cell(r, c), buff=0.06, color=self.pal.accent)
                             for r, c in (pair, pair[::-1])))
        self.section("scores", cap, keep=[row.frame, note, row.boxes, row.inputs])
        self.play(FadeIn(inset.name), FadeIn(inset.a), run_time=0.9)
        self.shown["scores_a_shown"] = 1
        self.mix(row)
        if len(boxes):
            self.play(Create(boxes), run_time=0.8)
        read_with(self, *(row.outputs[i] for i in range(len(row.columns))), *boxes)

        self.section("swap", self.s("cap_swap", unit=unit, b=sentence(case.tokens_b)),
                     keep=[row.frame, note, *row.columns, inset.name, inset.a])
        self.play(FadeOut(boxes), run_time=0.3)
        self.wait(0.6)
        self.swap(row, inset)
        fresh, block = self.check(row, inset, deviations=False)
        read_with(self, *fresh)
        self.leaving = (row.frame, note, VGroup(*row.columns, inset.b, fresh, block), inset.name)

    # -- 4.-5. dog bites man --------------------------------------------------------------------
    def second(self, case):
        self.shown["example"] = " ".join(case.tokens_a) + "/" + " ".join(case.tokens_b)
        for key in ("scores_b_shown", "outputs_shown"):
            self.shown.pop(key, None)
        row, note, inset = self.pieces(case)
        a, b, n = sentence(case.tokens_a), sentence(case.tokens_b), len(case.tokens_a)
        own = "cap_sentence_long" if max(len(a), len(b)) > LONG else "cap_sentence_own"  # long: on screen only
        cap = self.s(own, a=a, b=b, n=n) if self.own else self.s("cap_sentence")
        frame, old_note, rest, name = self.leaving
        self.section("sentence", cap, keep=[frame, old_note, rest, name])
        # the positions, the row names and the inset's name stay and make room for the new tokens
        self.play(FadeOut(rest), run_time=0.5)
        self.show_row(row, note, run_time=0.8, arrive=[ReplacementTransform(frame, row.frame),
                                                       ReplacementTransform(old_note, note),
                                                       ReplacementTransform(name, inset.name)])
        self.play(FadeIn(inset.a), run_time=0.7)
        self.mix(row, run_time=1.4)
        read_with(self, *row.outputs)

        self.section("outputs", self.s("cap_equal"), keep=[row.frame, note, *row.columns, inset.name, inset.a])
        self.swap(row, inset)
        fresh, block = self.check(row, inset, deviations=True)
        read_with(self, *fresh, *block[1:3])
        self.final = (row, note, inset, fresh, block)

    # -- 6. what it proved ------------------------------------------------------------------------
    def summary(self):
        row, note, inset, fresh, block = self.final
        pal = self.pal
        proved = self.txt(self.s("proved"), size=22, color=pal.ink, weight="BOLD", line_spacing=0.9)
        if proved.width > INSET.width - 0.3:
            proved.scale((INSET.width - 0.3) / proved.width)
        top = inset.b.get_bottom()[1] - 0.3
        if proved.height > top - INSET.bottom - 0.2:
            proved.scale((top - INSET.bottom - 0.2) / proved.height)
        proved.move_to([INSET.center[0], top - 0.1 - proved.height / 2, 0])
        frame = SurroundingRectangle(proved, buff=0.12, color=pal.accent, stroke_width=3)
        self.label_on(proved, frame)
        self.section("summary", self.s("cap_summary"),
                     keep=[row.frame, note, *row.columns, inset.name, inset.b, fresh, block])
        self.play(ReplacementTransform(block, VGroup(proved, frame)), run_time=1.0)
        self.shown["proved"] = 1
        read_with(self, *(VGroup(c[2], f) for c, f in zip(row.columns, self.fresh_by_token(row, fresh))))

    def fresh_by_token(self, row: ArrowRow, fresh) -> list:
        """Order b's fresh output arrows, listed by token of order a (where each token now stands)."""
        inv = np.argsort(row.case.perm)
        return [fresh[inv[i]] for i in range(len(row.columns))]

    def lines(self, s: str, n: float) -> str:
        """`s` broken into ceil(n) lines at spaces (Latin) or at its clause marks (Chinese)."""
        k = int(np.ceil(n))
        marks = [i + 1 for i, c in enumerate(s) if c in "，：、 "]
        if not marks:
            marks = list(range(1, len(s)))
        cuts = sorted({min(marks, key=lambda m: abs(m - len(s) * q / k)) for q in range(1, k)})
        parts, start = [], 0
        for c in cuts:
            parts.append(s[start:c].strip())
            start = c
        parts.append(s[start:].strip())
        return "\n".join(p for p in parts if p)


SCENE = Permutation
