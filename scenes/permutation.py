"""permutation: attention cannot see order (seed 001, lesson 5 first station "十五" vs "五十";
seed 002 §01 图 2 "dog bites man" vs "man bites dog").

The main picture is one row of positions; each token stands on one with its word vector drawn as a
2-D arrow (each d-number vector seen through a linear map onto one plane per row, so sums of arrows
are the arrows of sums) and its attention output, built as an arrow and then drawn as itself: a strip
of d bars, one per number (scenes.perm.strips), that travels with its token. The score table S = QKᵀ/√d is an inset beside it,
rows = queries, columns = keys.
Sections, one caption sentence per step: intro (十五 = fifteen, 五十 = fifty; the tokens are placed while
the first cue is read, their arrows grow with the second) → scores (a frame walks down the query rows,
then across the key columns; the mirror cells framed, then the query row and key column at 0.232 and
0.201: W_Q ≠ W_K; each output built from the value vectors v = x W_V, scaled by its softmax weight and
laid tip to tail; the weights written over the outputs, which look alike, so each arrow turns into its
strip of d numbers: alike, not equal) → swap (五十: the tokens travel with their arrow and strip, then
the table's rows, then its columns; the travelled strips fade to ghosts and order b computed afresh comes down
over them as ink outlines, as at the end) → sentence (dog bites man, 狗咬人 in Chinese: 五十's row leaves once its last cue
is read, its table turning into the new sentence's; the new positions and words come in with the cue
that names them) → outputs (man bites dog: P beside
the table while its rows and columns move, P S_a Pᵀ = S_b; then P O_a = O_b and max |P O_a − O_b| (the engine's value)
measured, the fresh outputs having been shown landing on the travelled ones for 五十) → summary (no position information, no causal mask: the
orders cannot be told apart; one score drawn as the dot of its query and key arrows: it depends on those two vectors alone;
then the table's softmax row by row (scenes.perm.dot); dog's
output framed where it travelled, the table beside it in the same order: the same whether it bites or is
bitten; then bites kept in the middle while the words around it swap, man bites dog and dog bites man: its
output the same to every digit, so who bit whom is lost (scenes.perm.who_bit))
→ positions
(scenes.perm.ending: dog bites man was drawn from its start in the plane that also fits p and x + p,
its strips at the scale the ending keeps, so nothing turns or rescales: x + p tip to tail at every
place, each strip turning into the output with p) → pe_swap (the words swapped back with p
staying at its place, the old table moved, the new one computed afresh under it with every changed cell
coloured; the position numbers and every x + p stay in view to the end (scenes.perm.close): the old
table leaves, each carried strip fades to a ghost with the fresh output drawn over it, each word's
largest change framed and written, a scale tick at the outputs' largest number; an aside on the
causal mask with the table's blocked cells crossed; last, a card states what was shown, held to the end).
Every table reorder moves the numbers themselves (scenes.perm.shuffle): rows, then columns (one
motion when the reorder is made of swaps: the two columns of a pair trade places at once, on plates
over the others, one arcing up and the other down; otherwise one insertion at a time).
One colour per meaning: each token a colour of the palette's token set (look.palette: far from the
accent, cool, ok, bad and the signed scale's ends; the series sit on those roles), highlights ink, the position vectors p the accent, whatever is computed afresh an ink outline.
Every number is read from the engine record (engine.attention.PermutationDemo).
"""
from __future__ import annotations

import re

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, ReplacementTransform, Succession, SurroundingRectangle, \
    VGroup

from engine.attention import DEFAULT_EXAMPLES
from look import fmt_num
from scenes.parts.lecture import LectureScene
from scenes.perm.close import one_then_other
from scenes.perm.ending import Ending, one_view
from scenes.perm.layout import INSET, TEX, TEXT
from scenes.perm.steps import Steps, asymmetric_pair  # noqa: F401 (asymmetric_pair: tests)
from scenes.perm.strings import STRINGS
from scenes.perm.strips import Strips, strip_unit
from scenes.perm.who_bit import WhoBit

DECIMALS = {"embeddings": 2, "w_q": 4, "w_k": 4, "w_v": 4}
SHOWN_DECIMALS = {"scores": 3}  # nested example fields, as drawn (2 when a long table must shrink)
TOKEN_SLOTS = (0, 1, 2, 3)  # palette.tokens of the tokens, in order of first appearance (a fifth repeats the first)
LONG = 24  # characters: a longer sentence of your own is shown, not quoted in the caption


# x, p, P, Q, K, q, k, d, and A after "weights"/權重/权重 (never the article "A"): slanted as the picture's TeX
MATH_LETTER = re.compile(r"(?<![A-Za-z'’])[xpPQKqkd](?![A-Za-z])|(?<=weights )A(?![A-Za-z])|(?<=[權权]重 )A(?![A-Za-z])")


class Permutation(Steps, Strips, Ending, WhoBit, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    caption_size = 28  # points: the captions stand above every label on the picture (TEXT, 26), lines ≥ 4.5 % of the frame
    zh_every_char = True  # its cues carry many numbers: in Chinese every character reads at 7 a second (scenes.parts.lecture)
    min_cue_hold = 2.6  # seconds (2.5 and a frame): a short clause (Chinese above all) is not gone while its picture moves

    def construct(self):
        self.add_title()
        # one colour per meaning: each token a token colour (never a series colour: series 0 sits on
        # `bad`, what fails); highlights are ink; a position vector p is the accent; what is computed
        # afresh is an ink outline
        self.colors = [self.pal.tokens[k] for k in TOKEN_SLOTS]
        first, second = self.data.examples[:2]
        self.own = tuple((c.tokens_a, c.tokens_b) for c in self.data.examples[:2]) != DEFAULT_EXAMPLES
        self.first(first)
        self.second(second)
        self.summary()

    # -- 1.-3. 十五 vs 五十 ----------------------------------------------------------------------
    def first(self, case):
        self.shown["example"] = "".join(case.tokens_a) + "/" + "".join(case.tokens_b)
        row, note, inset = self.pieces(case)
        unit = self.s("character" if all(len(t) == 1 and ord(t) > 0x2E80 for t in case.tokens_a) else "token")
        a, b = self.said(case.tokens_a), self.said(case.tokens_b)
        own = self.own
        gloss = self.txt(f"{a}\n{b}" if own else self.s("gloss"), size=TEXT, color=self.pal.ink, line_spacing=1.0)
        gloss.move_to([INSET.center[0], 0.8, 0])
        self.section("intro")
        # the picture comes in with the title and the first cue: never a blank opening
        self.caption(self.s("cap_intro_own", a=a, b=b, n=len(case.tokens_a)) if own else self.s("cap_intro"),
                     with_=[FadeIn(gloss, shift=0.2 * DOWN), FadeIn(row.frame), FadeIn(note)], run_time=0.6)
        self.show_frame(row, note, arrive=())  # the inputs are built while the first cue is read
        self.read(*(b[1] for b in row.boxes), gloss)  # the letters: a filled box would hide them
        self.caption(self.s("cap_enter_own" if own else "cap_enter"))
        self.grow_inputs(row)
        self.read(*row.inputs)

        pair = asymmetric_pair(case.scores_a, inset.decimals)
        order = self.under_table(self.txt(self.s("order_a", a=a), size=TEXT, color=self.pal.ink), inset)
        self.section("scores", self.s("cap_rows"), keep=[row.frame, note, row.boxes, row.inputs, gloss])
        leave, come = one_then_other()  # the gloss is gone before the table comes where it stood
        self.play(FadeOut(gloss, rate_func=leave), *(FadeIn(m, rate_func=come) for m in (inset.name, inset.axes, inset.a, order)),
                  run_time=1.0)
        self.shown["scores_a_shown"] = 1
        frame = self.sweep(inset, "rows")
        self.read_caption()
        self.play(FadeOut(frame), run_time=0.3)
        self.caption(self.s("cap_cols"))
        frame = self.sweep(inset, "cols")
        self.read_caption()
        self.play(FadeOut(frame), run_time=0.3)
        if pair is not None:
            i, j = pair
            self.caption(self.s("cap_asym"))
            link = self.mirror(inset, pair)
            self.read(*link)
            self.play(FadeOut(link), run_time=0.4)
            self.caption(self.s("cap_asym_values", i=self.word(case.tokens_a[i]), j=self.word(case.tokens_a[j]),
                                sij=inset.value(i, j), sji=inset.value(j, i)))
            first_lines, back = inset.lines_to(i, j, self.pal.ink), inset.lines_to(j, i, self.pal.ink)
            self.play(Create(first_lines), run_time=1.0)
            self.wait(1.2)
            # the frames leave, then the mirror pair's come: never a frame sliding across the digits
            self.play(FadeOut(first_lines), run_time=0.3)
            self.until_next_cue()  # the mirror value framed with the cue that says it (Chinese: its own cue)
            self.play(Create(back), run_time=0.7)
            self.read_caption()
            self.play(FadeOut(back), run_time=0.3)
        two = len(case.tokens_a) == 2
        # the two weight rows over each output: written as they shrink the value vectors, then read
        weights = self.weight_labels(row) if two else VGroup()
        self.caption(self.s("cap_mix"))
        self.mix(row, weights=weights if two else None)
        self.read_caption()
        if two:
            w0, w1 = ("/".join(fmt_num(w, 2) for w in r) for r in case.weights_a)
            self.caption(self.s("cap_close_w", w0=w0, w1=w1))
            self.look_alike(row, weights)
        else:
            self.caption(self.s("cap_close"))
        self.read(*(c[2] for c in row.columns))
        self.caption(self.s("cap_zoom", d=self.data.d_model))
        if two:
            self.play(FadeOut(weights), run_time=0.3)
            self.shown.pop("weights_named", None)
        scale = strip_unit(row.radius, case.out_a, case.out_b)  # one scale for both orders' outputs
        self.to_strips(row, case.out_a, scale)  # each output as its d numbers, travelling with its token
        dev = VGroup()
        marks = self.mark_differing(row, case.out_a)
        self.read(*(c[2] for c in row.columns), marks)
        self.play(FadeOut(marks), run_time=0.3)

        self.section("swap", self.s("cap_swap"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.a, order])
        self.caption(self.s("cap_carry", unit=unit))
        order_b = self.txt(self.s("order_b", b=b), size=TEXT, color=self.pal.ink).move_to(order)
        self.travel(row)  # the line under the table names the table's order: still order a
        self.read_caption()
        self.caption(self.s("cap_table"))
        self.reorder(inset, self.s("cap_table_cols"))
        self.play(relabel(order, order_b), run_time=0.6)  # the table now holds order b: so does its line
        self.read_caption()
        self.caption(self.s("cap_fresh", b=b))
        fresh = self.drop_fresh(row, inset, case.out_b, scale)  # solid bars over the travelled strips' ghosts
        self.read(*(c[2] for c in row.columns), fresh)
        # 五十 is cleared once its last cue is read, before the next sentence is named: its arrows and
        # numbers first, then its positions, boxes and crosses (the line naming rows and columns stays)
        # the table and its heading stay: the next sentence's table grows out of them (second())
        arrows = VGroup(*(VGroup(c[1], c[2]) for c in row.columns))
        self.play(FadeOut(VGroup(arrows, dev, fresh)), run_time=0.5)
        self.play(FadeOut(row.frame), FadeOut(VGroup(*(c[0] for c in row.columns))), run_time=0.4)
        self.leaving = inset.axes
        self.carried_table = (inset.name, inset.b, order_b)

    def mark_differing(self, row, outputs, count: int = 2) -> VGroup:
        """The `count` numbers where the first two outputs (`outputs` (T, d), order a) differ most, their
        bars framed in both strips: where "alike, not equal" can be seen."""
        gap = np.abs(outputs[0] - outputs[1])
        top = [int(j) for j in np.argsort(-gap)[:count]]
        marks = VGroup(*(SurroundingRectangle(row.columns[i][2].bars[j], buff=0.05, color=self.pal.ink, stroke_width=2.5)
                         for i in (0, 1) for j in top))
        self.play(Create(marks), run_time=0.6)
        self.shown["differing_bars"] = [[j + 1, fmt_num(gap[j], 2)] for j in top]
        return marks

    # -- 4.-5. dog bites man --------------------------------------------------------------------
    def second(self, case):
        self.shown["example"] = " ".join(case.tokens_a) + "/" + " ".join(case.tokens_b)
        for key in ("scores_b_shown", "outputs_shown"):
            self.shown.pop(key, None)
        drawn, scales = one_view(self, self.data, case)  # one plane and one scale to the end
        row, note, inset = self.pieces(case, drawn, **scales)
        a, b, n = self.said(case.tokens_a), self.said(case.tokens_b), len(case.tokens_a)
        own = "cap_sentence_long" if max(len(a), len(b)) > LONG else "cap_sentence_own"  # long: on screen only
        cap = self.s(own, a=a, b=b, n=n) if self.own else self.s("cap_sentence")
        axes = self.leaving
        name, table, line = self.carried_table
        # 五十's row has left the screen (first()); with the new cue the positions and the words of the
        # new sentence come in, each piece in place (never a morph that smears words or shears axes);
        # its table stays until the new one grows out of it
        # the line saying what the arrows draw is not brought back: the outputs come as bars at once
        self.section("sentence", cap, keep=[axes, row.frame, row.boxes, inset.name, name, table, line])
        self.play(FadeIn(row.frame), ReplacementTransform(name, inset.name), FadeIn(row.boxes), run_time=0.6)
        self.shown["order"] = " ".join(row.case.tokens_a)
        inset.axes = axes  # the same line naming rows and columns
        self.grow_inputs(row, run_time=0.3)
        order = self.under_table(self.txt(self.s("order_a", a=a), size=TEXT, color=self.pal.ink), inset)
        # the old sentence's table turns into the new one's, its order line into the new order's
        self.play(ReplacementTransform(table, inset.a), ReplacementTransform(line, order), run_time=0.9)
        # the mixing was shown on the first example: here the outputs simply come, as their strips,
        # at one scale to the end (with positions added too)
        rev = self.data.back(next(k for k, c in enumerate(self.data.examples) if c is case))
        self.unit_out = strip_unit(row.radius, case.out_a, rev.out_pe_a, rev.out_pe_b)
        self.to_strips(row, case.out_a, self.unit_out, grow=True)
        self.shown["outputs_shown"] = 1
        dev = VGroup()
        self.caption(self.s("cap_watch_own" if self.own else "cap_watch"))
        self.travel(row)  # the table still holds order a: its line stays until P takes its place
        self.read_caption()

        # the table is reordered first (as for 五十)
        # P comes in under the table before the cue says what it does
        eq_s, eq_o = (self.tex(f, size=TEX * 1.15) for f in (r"P\,S_{\textstyle a}\,P^{\top} = S_{\textstyle b}", r"P\,O_{\textstyle a} = O_{\textstyle b}"))
        pm = VGroup(inset.p_matrix(), eq_s).arrange(RIGHT, buff=0.35)
        self.play(FadeOut(order), run_time=0.4)
        self.under_table(pm, inset, gap=0.2)
        self.play(FadeIn(pm), run_time=0.6)
        self.section("outputs", self.s("cap_perm"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.a, pm])
        # the outputs' scale moves into the names' column while the open table's row names pass by the
        # end of its line (the enlarged arrows are never left unnamed), and back after
        self.reorder(inset, self.s("cap_perm_cols"), p=pm[0][1])  # the outputs' scale already in the names' column
        self.read(pm[1], inset.b.matrix)
        # the fresh computation landing on the travelled outputs was shown for 五十: here the same check
        # is measured (max |P O_a − O_b|), not redrawn
        self.caption(self.s("cap_perm_out"))
        # the same P moves on to the outputs: P stays where it stood while the cue applies it, the
        # outputs' equation taking the table's place beside it; with the next cue ("equal up to
        # rounding") P has done its work: it leaves, the equation steps under the table and the
        # measured check comes under it
        leave, come = one_then_other()
        eq_o.move_to(eq_s, aligned_edge=LEFT)
        self.play(FadeOut(eq_s, rate_func=leave), FadeIn(eq_o, shift=0.15 * DOWN, rate_func=come), run_time=0.8)
        self.shown["p_beside_outputs"] = 1
        self.wait(0.4)  # P beside the outputs' equation it has just produced
        self.shown.pop("p_beside_outputs", None)
        placed = eq_o.copy()
        self.under_table(placed, inset, gap=0.3)
        placed.set_x(INSET.center[0])
        room = placed.get_bottom()[1] - 0.25 - (INSET.bottom + 0.05)  # clear of the caption under the inset
        check = self.deviation_check(case.output_deviation, room).next_to(placed, DOWN, buff=0.25)
        check.set_x(INSET.center[0])
        # "equal up to rounding" is measured while this cue is up: P leaves, the equation steps under
        # the table and the measured check comes under it, in ink, read to the cue's end
        self.play(FadeOut(pm[0]), eq_o.animate.move_to(placed), run_time=0.5)
        self.shown["score_deviation"] = case.score_deviation
        self.shown["output_deviation"] = case.output_deviation
        self.shown["output_deviation_mantissa"] = float(f"{case.output_deviation:.1e}".split("e")[0])  # as typeset
        self.play(FadeIn(check, shift=0.1 * UP), run_time=0.5)
        self.read(*(c[2] for c in row.columns), eq_o, check)
        self.final = (row, note, dev, inset, VGroup(eq_o, check))


def relabel(old, new) -> Succession:
    """The line naming the order gives way to the new one while the words travel: the old gone in the
    first half, the new in the second (never both on screen half-faded)."""
    return Succession(FadeOut(old), FadeIn(new))


SCENE = Permutation
