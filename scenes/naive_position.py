"""naive_position: adding the seat number to every dimension (seed 001, lesson 5 second station,
"最笨的塞法" and the bar machine).

Sections: idea (E(加) + 12 and, for E′ = E(法), E(法) + 12: every one of the 8 numbers raised by the seat, E′'s own
numbers shown first and raised as it is said; p and q named under their rows; the two
shifted vectors then move up with their names, and their dot product is written under them, each factor as it is named)
→ expand ((E + p)⋅(E′ + q) in four terms: only ① is free of the seats, ② and ③ let a word in only through its
coordinate sum (ΣE, ΣE′ lit) times a seat (q, p lit), ④ = p⋅q⋅d is seats alone (p, q, d lit in turn)) → linear (scenes.naive.linear: the four terms at p = 2, q = 3 and then both seats doubled, on one
fixed linear axis, each value at its bar's end: ① stays, ② and ③ double, ④ grows four times and runs off the axis,
an arrow carrying it on) → bars (the terms travel to the rows of a bar chart on one fixed log
scale; the seats only move forward and ④ grows while ① stays put and ①'s share of the four sizes
falls, said while it falls; ④'s bar carries its ratio to ①) → swap (another word in place of 加: ①
and ② change, ④ does not) → softmax (scenes.naive.softmax: one query's row of attention weights over five
keys, the words alone and then with the seat numbers, the row piling onto the farthest seat) → sincos (raw
seats swamp the words, as the swap has just said; each slider grows into its row PE(p), PE(q)
(scenes.naive.growrows); then, in one move, each bar turns
into its term with sinusoidal rows PE(p), PE(q), its formula and number changing with it; a dashed
line at the most PE(p)⋅PE(q) can be, ⌈d/2⌉, the sum of cosines it is, and p − q beside ④; the
stops are walked again: nothing grows with the seat, ④ is at the line wherever p = q and below it
when the seats part; the content's share is read off, not claimed large) → softmax_sincos (the opening's softmax row shown again: with seat numbers seat 12 takes
1.000 of the weight, with the sin/cos rows the weights spread, 0.052 to 0.453 at d = 8; scenes.naive.softmax,
engine.naive.sincos_attention_row; then each sin/cos score split into its four terms, scenes.naive.scoresplit: ④ peaks at
the query's own seat, and the cross term ③ puts seat 12 first). Every number is read
from the engine record (engine.naive.NaivePosition) or computed by engine.naive.naive_terms /
sincos_terms from the record's vectors at the whole seats on screen. Caption maths letters are set
in italic, as the picture's TeX sets them.

The pieces: scenes.naive.strings (the words), scenes.naive.bars (the bar machine) and
scenes.naive.ending (sin/cos), scenes.naive.shares (the shares and |E|, |PE| after it), scenes.naive.ghost (④'s seat-number bar kept as a ghost), scenes.naive.pairdials (why ④ depends on p − q only), scenes.naive.summary (the conclusion), scenes.naive.readings (the chart read), scenes.naive.walk (the seats' walk), scenes.naive.stage (the dial and the gap plot on the main stage during it, ②, ③ and ④ kept beside the dial),
scenes.naive.fixedstep (unlike p/N, one seat apart is the same step at every seat, for any N); this module holds the idea, the expansion, the swap and the order of
the scene.
"""
from __future__ import annotations

import re

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, AnimationGroup, BackgroundRectangle, Create, FadeIn, FadeOut, Indicate, LaggedStart,
                   Transform, VGroup, VMobject, Write, smooth)

from look import fmt_num
from scenes.naive.bars import LABEL, NaiveBars
from scenes.naive.chapter import ChapterCard
from scenes.naive.values import shown_entries
from scenes.naive.ending import NaiveEnding
from scenes.naive.fixedstep import FixedStep
from scenes.naive.fraction import FractionSeats
from scenes.naive.gapplot import GapPlot
from scenes.naive.growrows import RowsFromSliders
from scenes.naive.linear import LinearBars
from scenes.naive.ghost import SeatGhost
from scenes.naive.pairdials import PairDials
from scenes.naive.pointer import Pointer
from scenes.naive.readings import BarReadings
from scenes.naive.scoresplit import ScoreSplit
from scenes.naive.shares import NaiveShares
from scenes.naive.softmax import SoftmaxRow
from scenes.naive.summary import NaiveSummary
from scenes.naive.walk import SeatWalk
from scenes.naive.stage import WalkStage
from scenes.naive.strings import STRINGS
from scenes.parts.cues import italic_letters
from scenes.parts.lecture import LectureScene
from scenes.parts.matrix import MatrixTable

DECIMALS = {"e": 2, "e2": 2, "e_swap": 2, "e_plus_seat": 2, "e2_plus_seat": 2, "e_sum": 4, "e2_sum": 4,
            "stop_terms": 3, "stop_totals": 3, "stop_content_share": 4, "swap_terms": 3, "seat_terms": 3,
            "ratio_last": 0, "stop_percent": 2, "sincos_terms": 3, "sincos_content_share": 4,
            "sincos_stop_terms": 3,
            "swap_content_share": 4, "att_keys": 2, "att_query_seat": 0, "att_scores_words": 3, "att_weights_words": 3,
            "att_scores_seats": 1, "att_weights_seats": 3,
            "frac_steps": 2, "frac_values": 2}

ROW_WIDTH = 12.2  # the "E + p" rows never get wider than this (the safe area is 12.8)
ROW_Y = (1.55, 0.05, -1.0)  # E, E + p, E′ + q


def content_decimals(x: float) -> int:
    """Decimals for the content term: 3 (the lesson's), more when it is tiny (small embeddings)."""
    if x <= 0 or x >= 0.05:
        return 3
    return int(min(6, 2 - np.floor(np.log10(x))))


def brackets(row, color: str, pad: float = 0.12) -> VMobject:
    """Square brackets around one row of a table."""
    x0, x1 = row.get_left()[0] - pad, row.get_right()[0] + pad
    y0, y1 = row.get_bottom()[1] - pad, row.get_top()[1] + pad
    path = VMobject(stroke_color=color, stroke_width=2.5)
    for x, tick in ((x0, 0.1), (x1, -0.1)):
        path.start_new_path(np.array([x + tick, y1, 0.0]))
        path.add_line_to(np.array([x, y1, 0.0]))
        path.add_line_to(np.array([x, y0, 0.0]))
        path.add_line_to(np.array([x + tick, y0, 0.0]))
    return path


def stagger(chips, cells=None) -> None:
    """Every other "+ p" one line up (or, given `cells`, under its number) when neighbours would touch (a wide "+1000"
    over narrow columns)."""
    if any(a.get_right()[0] + 0.05 > b.get_left()[0] for a, b in zip(chips, chips[1:])):
        for k, chip in enumerate(chips):
            if k % 2 and cells is None:
                chip.shift((chip.height + 0.08) * UP)
            elif k % 2:
                chip.next_to(cells[k], DOWN, buff=0.12)


def boxes_meet(a, b, pad: float = 0.04) -> bool:
    """Whether two mobjects' boxes come within `pad` of each other."""
    return bool(a.get_left()[0] < b.get_right()[0] + pad and b.get_left()[0] < a.get_right()[0] + pad
                and a.get_bottom()[1] < b.get_top()[1] + pad and b.get_bottom()[1] < a.get_top()[1] + pad)


# E, E′, p, q, d (not the E of PE(p)); ω and π; the angles a and b where they are maths ("sin(a)", "a = ωp",
# "a − b"), never the article "a"
MATH_LETTER = re.compile(r"(?<![A-Za-z])(?:E′|[EpqdN])(?![A-Za-z])|[ωπ]"
                         r"|(?<![A-Za-z])[ab](?=\)|\s*[=−])|(?<=[(−] )[ab](?![A-Za-z])|(?<=\()[ab](?![A-Za-z])")


def maths_italic(cue: str) -> dict:
    """t2s for a cue: its maths letters slanted, as the picture's TeX sets them (PE stays upright)."""
    return italic_letters(cue, MATH_LETTER)


class NaivePosition(LinearBars, NaiveBars, BarReadings, SeatWalk, NaiveEnding, NaiveShares, ScoreSplit, SoftmaxRow, FractionSeats, RowsFromSliders, SeatGhost, NaiveSummary, GapPlot, PairDials,
                    WalkStage, FixedStep, ChapterCard, Pointer, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    zh_every_char = True  # its cues are dense with numbers (scenes.parts.lecture)

    def _cue_mobject(self, cue: str):
        """A cue as the captions draw it, each "√" moved up against the letter after it: the caption face's radical
        is wide and leaves a gap before the slanted d ("√ d"); the space before the radical takes up the move."""
        mob = super()._cue_mobject(cue)
        glyphs = "".join(cue.split())  # the Text's glyphs: every character but spaces and line breaks
        if len(glyphs) == len(mob.submobjects):
            for k, ch in enumerate(glyphs[:-1]):
                if ch == "√":
                    root, nxt = mob.submobjects[k], mob.submobjects[k + 1]
                    root.shift((nxt.get_left()[0] - root.get_right()[0] + 0.12 * nxt.height) * RIGHT)  # over the slant
        return mob

    def gloss(self, word: str) -> str:
        """What an example word means, for the English caption the first time it is named (加 "add", 法
        "law/method", 十 "ten"); nothing in Chinese, or for a word without a gloss."""
        return self.strings[self.look.lang].get(f"gloss_{word}", "")

    def construct(self):
        d = self.data
        self.swamped = bool(d.stop_percent[-1, 3] > 50.0)  # ④ is most of the last bar
        self.add_title(None if self.swamped else self.s("title_plain"))
        self.vmax_seat = float(d.stops.max())
        self.c_dec = content_decimals(float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))))
        pal = self.pal
        self.term_colors = (pal.cool, pal.series[5], pal.series[2], pal.bad)
        self.emph = pal.series[3]  # pointing at things: not the colour of p (accent) or q (ok)
        self.idea()
        self.expand()
        self.linear()
        self.build_bars()
        self.run_bars()
        self.swap()
        self.softmax_row()
        self.fraction_step()  # its number lines stay until sin/cos's first cue, which brings the chart back
        self.ending()

    # -- 1. E(加) + 12 and E(法) + 12 (E′ = E(法), as the chart names it) ------------------------
    def idea(self):
        pal, d = self.pal, self.data
        w, w2 = d.words[0], d.words[1]
        p, q = d.demo_seat, int(d.stops[-1, 1])
        # one table, so the columns of E and E + p line up; its rows are then spread apart
        # E′'s own numbers (a fourth row, on the third row's line) come before its shifted row
        table = MatrixTable([shown_entries(d.e), shown_entries(d.e_plus_seat), shown_entries(d.e2_plus_seat),
                             shown_entries(d.e2)],
                            font=self.look.font, decimals=2, font_size=26, color=pal.ink, bracket_color=pal.muted)
        rows = [table.row(r) for r in range(4)]
        for r, y in enumerate((*ROW_Y, ROW_Y[2])):
            rows[r].set_y(y)
        rows[1].set_color(pal.accent)
        rows[2].set_color(pal.ok)
        labs = [self.txt(self.s("word", w=w), size=26, color=pal.cool),
                self.txt(self.s("result", w=w, p=p), size=26, color=pal.accent),
                self.txt(self.s("result", w=w2, p=q), size=26, color=pal.ok),
                self.txt(self.s("word", w=w2), size=26, color=pal.cool)]
        plus = self.txt(self.s("plus", p=p, d=d.d_model), size=24, color=pal.accent)
        block = VGroup(*labs, *rows)
        for lab, row in zip(labs, rows):
            lab.move_to([row.get_left()[0] - 0.35 - lab.width / 2, row.get_y(), 0])
        block.move_to([0, block.get_y(), 0])
        if block.width > ROW_WIDTH:  # wide numbers (a far seat): the rows shrink together
            block.scale_to_fit_width(ROW_WIDTH)
        # under the row it makes, clear of the path the numbers take down to it
        plus.move_to([rows[1].get_x(), (ROW_Y[1] + ROW_Y[2]) / 2, 0])
        brs = [brackets(row, pal.muted) for row in rows]
        seats = self.s("cap_idea_same" if p == q else "cap_idea_seats", p=p, q=q)  # two words, two seats p and q
        self.add(labs[0], rows[0], brs[0])  # the word's vector from the first frame: never an empty screen
        self.section("idea", self.s("cap_idea", p=p, q=q, w=w, w2=w2, d=d.d_model, gw=self.gloss(w),
                                              gw2=self.gloss(w2)) + seats,
                     keep=[labs[0], rows[0], brs[0]])
        shifted = self.s("result", w=w, p=p)
        if self._queue and shifted not in self._queue[0][0]:
            self.next_cue()  # "add it to every dimension": the numbers one by one
        # "add it to every dimension": a "+ 12" comes to each of the numbers in turn, as it is said
        chips = VGroup(*(self.txt(f"+{p}", size=24, color=pal.accent).next_to(cell, UP, buff=0.12)
                         for cell in rows[0]))
        stagger(chips)
        self.play(LaggedStart(*(AnimationGroup(FadeIn(chip, shift=0.25 * DOWN),
                                               Indicate(cell, color=self.emph, scale_factor=1.2))
                                for chip, cell in zip(chips, rows[0])), lag_ratio=0.35),
                  run_time=max(2.6, min(4.5, self.cue_left() - 0.5)))
        self.until_cue(shifted)  # "E(加) + 12: each number goes up by 12", the row coming with it
        self.play(FadeIn(plus, shift=0.1 * DOWN), run_time=0.8)
        # each number goes down with its "+ 12" to the new row (moved, never morphed over the old one), and there
        # becomes its sum
        copies = VGroup(*(VGroup(rows[0][c].copy(), chip) for c, chip in enumerate(chips)))
        self.play(*(cp.animate.shift(rows[1][c].get_center() - cp[0].get_center()) for c, cp in enumerate(copies)),
                  FadeIn(labs[1]), FadeIn(brs[1]), run_time=1.0)
        # the old numbers and their "+ 12" gone before the sums come: never one printed over the other
        self.play(FadeOut(copies, rate_func=lambda t: smooth(min(1.0, 2.0 * t))),
                  FadeIn(rows[1], rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=0.8)
        self.remove(copies)
        self.until_cue("E′ =")  # "the second word, E′ = E(法), is moved by its own seat q": its own numbers first,
        # a "+ q" comes to each of them, and they become the sums, as the first word's did
        self.play(FadeIn(labs[3]), FadeIn(rows[3]), FadeIn(brs[2]), FadeOut(plus), run_time=0.8)
        chips2 = VGroup(*(self.txt(f"+{q}", size=24, color=pal.ok).next_to(cell, UP, buff=0.12) for cell in rows[3]))
        stagger(chips2, rows[3])  # the row above is near: every other one under its number
        self.play(LaggedStart(*(AnimationGroup(FadeIn(chip, shift=0.25 * DOWN), Indicate(cell, color=self.emph, scale_factor=1.2))
                                for chip, cell in zip(chips2, rows[3])), lag_ratio=0.35),
                  run_time=max(1.6, min(2.6, self.cue_left() - 1.4)))
        self.play(FadeOut(VGroup(rows[3], chips2, labs[3]), rate_func=lambda t: smooth(min(1.0, 2.0 * t))),
                  FadeIn(VGroup(rows[2], labs[2]), rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=0.9)
        self.remove(rows[3], chips2, labs[3])
        self.next_cue()  # "the query word at seat p, the key word at seat q: here both are 12": each word's role and
        # seat named under its row as it is said (the query 加 at p, the key 法 at q), then the two seats' numbers lit
        tags = [VGroup(self.txt(self.s(key, w=word), size=LABEL, color=c), self.tex(f"{name}={v}", size=30, color=c))
                .arrange(RIGHT, buff=0.15)
                for key, word, name, v, c in (("role_query", w, "p", p, pal.accent), ("role_key", w2, "q", q, pal.ok))]
        for tag, lab in zip(tags, labs[1:3]):  # under its row's name, running on under the numbers (clear of them)
            tag.next_to(lab, DOWN, buff=0.2).align_to(lab, LEFT)
        if boxes_meet(tags[0], VGroup(rows[2], brs[2])):  # shrunk rows (a wide d): the query's tag ends under its name
            tags[0].align_to(labs[1], RIGHT)
            tags[0].shift(max(0.0, -6.3 - tags[0].get_left()[0]) * RIGHT)
            tags[0].shift(max(0.0, brs[2].get_top()[1] + 0.06 - tags[0].get_bottom()[1]) * UP)  # and over its brackets
        third = max(1.0, (self.cue_left() - 0.6) / 3)
        for tag, lab in zip(tags, labs[1:3]):
            self.play(Indicate(lab, color=self.emph, scale_factor=1.15), FadeIn(tag, shift=0.1 * DOWN),
                      run_time=min(1.2, third))
            self.wait(max(0.0, third - 1.2))
        digits = [VGroup(*lab[-len(str(v)):]) for lab, v in zip(labs[1:3], (p, q))]  # the "12" of "E(加) + 12"
        self.play(*(Indicate(m, color=self.emph, scale_factor=1.3) for m in (*digits, *tags)), run_time=min(1.2, third))
        # "so that the two rows differ only in their words; the seats part later": the two words, then the seats, lit
        self.light_until(None, (labs[1], labs[2]), tuple(tags))
        self.idea_parts = (labs[:3], rows[:3], brs[:3])
        self.seat_tags = VGroup(*tags)

    # -- 2. four terms -----------------------------------------------------------------------
    def expand(self):
        pal = self.pal
        labs, rows, brs = self.idea_parts
        # the = and + stand well apart from the terms: a box round a term never cuts them
        f = self.tex("(E+p)", r"\cdot", "(E'+q)", r"\;\;=\;\;", r"E\cdot E'", r"\;\;+\;\;", r"q\,\Sigma E",
                     r"\;\;+\;\;", r"p\,\Sigma E'", r"\;\;+\;\;", r"p\,q\,d", size=36)
        f[0].set_color(pal.accent)
        f[2].set_color(pal.ok)
        for part, color in zip((4, 6, 8, 10), self.term_colors):
            f[part].set_color(color)
        f.move_to(UP * 0.9)
        nums = VGroup(*(self.txt(ch, size=26, color=c).next_to(f[part], DOWN, buff=0.2)
                        for ch, part, c in zip("①②③④", (4, 6, 8, 10), self.term_colors)))
        for mark in nums:  # one line under the formula, whatever each term's descender
            mark.set_y(min(m.get_y() for m in nums))
        # d is named where p q d is first written: the vectors' 8 numbers
        self.d_label = self.tex(rf"d={self.data.d_model}", size=34, color=self.term_colors[3])
        self.d_label.next_to(nums[3], DOWN, buff=0.2)
        self.section("expand", self.s("cap_expand", d=self.data.d_model), keep=[*labs, *rows, *brs])
        # the two shifted vectors move up over the formula with their names and stay there, at their size;
        # then the product of the two is written under them
        first, second = VGroup(labs[1], rows[1], brs[1]), VGroup(labs[2], rows[2], brs[2])
        dx = -VGroup(first, second).get_x()  # both together: the names and the columns stay aligned
        # the word's own row and the seat tags gone first: the rows never pass over them as they fade
        self.play(FadeOut(VGroup(labs[0], rows[0], brs[0], self.seat_tags)), run_time=0.5)
        self.remove(labs[0], rows[0], brs[0], self.seat_tags)
        self.play(first.animate.shift([dx, 2.5 - rows[1].get_y(), 0]), second.animate.shift([dx, 1.9 - rows[2].get_y(), 0]),
                  run_time=1.0)
        self.factor_rows = VGroup(first, second)
        # "the dot product of E + p and E′ + q": each factor written under its row as it is named, the row lit
        self.until_cue("E + p")
        self.play(FadeIn(f[0], shift=0.1 * DOWN), Indicate(first, color=self.emph, scale_factor=1.05), run_time=1.0)
        self.play(FadeIn(VGroup(f[1], f[2]), shift=0.1 * DOWN), Indicate(second, color=self.emph, scale_factor=1.05),
                  run_time=1.0)
        self.next_cue()  # "which expands into four terms": the right side written, its four marks under it
        self.play(Write(VGroup(*f[3:])), run_time=1.4)
        self.play(FadeIn(nums, lag_ratio=0.2), FadeIn(self.d_label, shift=0.1 * DOWN), run_time=1.0)
        self.formula, self.term_marks = f, nums  # handed on to the bars' rows
        self.point_terms(f, nums)

    def point_terms(self, f, nums) -> None:
        """Each term framed while its cue is read: ① alone; ② and ③ together, their coordinate sums ΣE, ΣE′ lit and
        then the seats q, p that multiply them; ④ with its p, q and d lit in turn (d's value with it)."""
        self.until_cue("①")
        box = self._box(VGroup(f[4], nums[0]))
        self.play(Create(box), run_time=0.5)
        self.until_cue("②")
        self.play(Transform(box, self._box(VGroup(f[6], f[8], nums[1], nums[2]))), run_time=0.5)
        beat = max(0.8, min(1.4, (self.cue_left() - 0.2) / 2))
        self.play(Indicate(VGroup(f[6][1:], f[8][1:]), color=self.emph, scale_factor=1.1), run_time=beat)  # ΣE, ΣE′
        self.play(Indicate(VGroup(f[6][0], f[8][0]), color=self.emph, scale_factor=1.15), run_time=beat)  # q, p
        self.until_cue("④")
        self.play(Transform(box, self._box(VGroup(f[10], nums[3]))), run_time=0.5)
        self.play(LaggedStart(*(Indicate(m, color=self.emph, scale_factor=1.15)
                                for m in (f[10][0], f[10][1], VGroup(f[10][2], self.d_label))), lag_ratio=0.6),
                  run_time=max(1.2, min(2.0, self.cue_left() - 0.3)))
        # "this is the raw dot product: real attention first multiplies each side by a learned matrix": the box
        # leaves ④ and goes round the whole product, its dot lit
        self.until_cue(self.s("mark_raw"))
        self.play(Transform(box, self._box(VGroup(*f[:3]))), run_time=0.5)
        self.play(Indicate(f[1], color=self.emph, scale_factor=1.6), run_time=1.0)
        # "… each side by a learned query or key matrix": each side lit in turn, E + p (query) then E′ + q (key)
        beat = max(0.8, min(2.0, (self.caption_left() - 0.4) / 2))
        for side in (VGroup(f[0], self.factor_rows[0]), VGroup(f[2], self.factor_rows[1])):
            self.play(Indicate(side, color=self.emph, scale_factor=1.05), run_time=beat)
        self.read_caption()
        self.play(FadeOut(box), run_time=0.3)
        self.remove(box)

    # -- 4. another word --------------------------------------------------------------------
    def swap(self):
        pal, d = self.pal, self.data
        before = d.stop_terms[-1]
        after = d.swap_terms
        c1, c2 = fmt_num(before[0], self.c_dec), fmt_num(after[0], self.c_dec)
        s1, s2 = fmt_num(before[1], 3), fmt_num(after[1], 3)
        text = self.s("cap_swap", c1=c1, c2=c2, s1=s1, s2=s2, t4=fmt_num(after[3], 0))
        text += self.s("cap_swap_most" if self.swamped else "cap_swap_small")
        self.section("swap", self.s("cap_swap_intro", a=d.words[2], ga=self.gloss(d.words[2])), keep=self.kept_bars)
        new_label = self.txt(self.s("words", a=d.words[2], b=d.words[1]), size=LABEL, color=pal.accent)
        new_label.move_to(self.word_label, aligned_edge=LEFT)
        self.e_now = d.e_swap
        self.word_now = d.words[2]
        ratio = getattr(self, "ratio", None)  # it measured the first word's ①
        if ratio is not None:
            self.kept_bars.remove(ratio)
        # the word's coordinate sum beside ②'s change: ② = q ΣE, so the jump is read off the new word's ΣE
        e1, e2 = fmt_num(float(d.e.sum()), 2), fmt_num(float(d.e_swap.sum()), 2)
        self.shown["e_sum_before_after"] = [float(d.e.sum()), float(d.e_swap.sum())]
        lines = [self.txt(self.s(key, a=d.words[0], b=d.words[2], c1=c1, c2=c2, s1=s1, s2=s2, t1=fmt_num(before[3], 0),
                                 t2=fmt_num(after[3], 0), e1=e1, e2=e2), size=LABEL, color=pal.accent)
                 for key in ("swap_note", "swap_note_1", "swap_note_sum", "swap_note_2", "swap_note_4")]
        note = VGroup(*lines).arrange(DOWN, aligned_edge=LEFT, buff=0.07)  # five lines over ④'s row
        note.move_to([6.3, 1.5, 0], aligned_edge=RIGHT + UP)
        # in the chart's empty top-right corner, on a card of its own (the gridlines pass behind it)
        card = BackgroundRectangle(note, color=pal.background, fill_opacity=1.0, buff=0.12)
        for m in lines:
            self.label_on(m, self.axis[0], card)
        note = VGroup(card, note)
        old_label = self.word_label
        # one move as the swap is said: the old words leave upwards while the new come in from below, the old
        # numbers fade out as the new fade in, the bars move and the note of what changed comes in; the record
        # names the new word and its numbers in the same frame, halfway
        if ratio is not None:  # the first word's arrow and "× 10"s gone before the note comes over their row
            self.play(FadeOut(ratio), run_time=0.4)
            self.remove(ratio)
        first, second = (lambda t: smooth(min(1.0, 2.0 * t))), (lambda t: smooth(max(0.0, 2.0 * t - 1.0)))
        self.morph_terms(before, after, FadeOut(old_label, shift=0.2 * UP, rate_func=first),
                         FadeIn(new_label, shift=0.2 * UP, rate_func=second), FadeIn(note, shift=0.1 * UP, rate_func=second),
                         run_time=1.6, crossfade=True, at_half=lambda: self.shown.update(word=self.word_now))
        self.remove(old_label)
        self.kept_bars[self.kept_bars.index(old_label)] = new_label
        self.word_label = new_label
        self.swap_note = note
        self.caption(text)  # once the new ① and ② are drawn
        # ① and ②, then ④ (the box fades in there: it does not pass ③ on the way), then ④ with the total it is
        # most of
        self.point_at_marks(("①", self.bars[0]), ("②", self.bars[1]), ("④", self.bars[3]),
                            (None, VGroup(self.bars[3], self.bars[4])))


SCENE = NaivePosition
