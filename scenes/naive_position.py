"""naive_position: adding the seat number to every dimension (seed 001, lesson 5 second station,
"最笨的塞法" and the bar machine).

Sections: idea (E(加) + 12: every one of the 8 numbers raised by 12) → expand ((E + p)·(E′ + q) in
four terms) → bars (the formula's terms become the rows of a bar chart on one fixed log scale; the
seats move one whole seat at a time and ④ = p·q·d grows while the content term ① stays put) → swap
(another word in place of 加: ① changes, ④ does not) → summary (raw seat numbers swamp the word
vectors; sin/cos numbers stay within [−1, 1], so their seat × seat term never passes d: a dashed line
at d on the same axis). Every number is read from the engine record (engine.naive.NaivePosition) or
computed by engine.naive.naive_terms from the record's vectors at the whole seats on screen.

The pieces: scenes.naive.strings (the words) and scenes.naive.bars (the bar machine); this module holds
the idea, the expansion, the swap and the order of the scene.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Flash, Indicate, ReplacementTransform, Transform, VGroup,
                   Write)

from look import fmt_num
from scenes.naive.bars import NaiveBars
from scenes.naive.strings import STRINGS
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.parts.matrix import MatrixTable

DECIMALS = {"e": 2, "e2": 2, "e_swap": 2, "e_plus_seat": 2, "e_sum": 4, "e2_sum": 4, "stop_terms": 3,
            "stop_totals": 3, "stop_content_share": 4, "swap_terms": 3, "seat_terms": 3, "ratio_last": 0,
            "stop_percent": 2}

ROW_MAX = 8  # numbers of a word vector shown in full; a wider one shows its first and last ones around "…"
ROW_WIDTH = 12.2  # the "E + p" rows never get wider than this (the safe area is 12.8)


def shown_entries(v) -> list:
    """A word vector as its row shows it: every number up to ROW_MAX, else the first ROW_MAX − 2, "…"
    and the last one."""
    v = list(v)
    return v if len(v) <= ROW_MAX else v[:ROW_MAX - 2] + ["…"] + v[-1:]


def content_decimals(x: float) -> int:
    """Decimals for the content term: 3 (the lesson's), more when it is tiny (small embeddings)."""
    if x <= 0 or x >= 0.05:
        return 3
    return int(min(6, 2 - np.floor(np.log10(x))))


class NaivePosition(NaiveBars, LectureScene):
    strings = STRINGS

    def construct(self):
        d = self.data
        self.swamped = bool(d.stop_percent[-1, 3] > 50.0)  # ④ is most of the last bar
        self.add_title(None if self.swamped else self.s("title_plain"))
        self.vmax_seat = float(d.stops.max())
        self.c_dec = content_decimals(float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))))
        self.idea()
        self.expand()
        self.build_bars()
        self.run_bars()
        self.swap()
        summary = self.s("cap_summary" if self.swamped else "cap_summary_later", d=d.d_model)
        self.section("summary", summary, keep=[*self.kept_bars, self.swap_note])
        self.show_bound()

    # -- 1. E(加) + 12 ---------------------------------------------------------------------
    def idea(self):
        pal, d = self.pal, self.data
        w = d.words[0]
        p = d.demo_seat
        row_e = MatrixTable(shown_entries(d.e), font=self.look.font, decimals=2, font_size=24, color=pal.ink,
                            bracket_color=pal.muted)
        row_p = MatrixTable(shown_entries(d.e_plus_seat), font=self.look.font, decimals=2, font_size=24,
                            color=pal.bad, bracket_color=pal.muted)
        lab_e = self.txt(self.s("word", w=w), size=24, color=pal.cool)
        lab_p = self.txt(self.s("result", w=w, p=p), size=24, color=pal.bad)
        plus = self.txt(self.s("plus", p=p, d=d.d_model), size=22, color=pal.bad)
        VGroup(lab_e, row_e).arrange(RIGHT, buff=0.3).move_to(UP * 1.3)
        plus.move_to(UP * 0.35)
        VGroup(lab_p, row_p).arrange(RIGHT, buff=0.3).move_to(DOWN * 0.6)
        lab_p.align_to(lab_e, RIGHT)
        row_p.next_to(lab_p, RIGHT, buff=0.3)
        row_e.align_to(row_p, LEFT)
        block = VGroup(lab_e, row_e, lab_p, row_p)
        if block.width > ROW_WIDTH:  # wide numbers (a far seat): the two rows shrink together
            block.scale_to_fit_width(ROW_WIDTH)
        if block.get_left()[0] < -ROW_WIDTH / 2 or block.get_right()[0] > ROW_WIDTH / 2:
            block.set_x(0)  # the wider lower row stays on screen
        self.section("idea", self.s("cap_idea", p=p, w=w, d=d.d_model))
        self.play(FadeIn(lab_e), FadeIn(row_e), run_time=1.0)
        self.wait(1.5)
        self.play(FadeIn(plus, shift=0.1 * DOWN), run_time=0.8)
        copies = [row_e.cell(0, c).copy() for c in range(row_e.shape[1])]
        self.play(FadeIn(lab_p), FadeIn(row_p.brackets),
                  *(Transform(cp, row_p.cell(0, c)) for c, cp in enumerate(copies)), run_time=1.6)
        self.remove(*copies)
        self.add(row_p)
        read_with(self, row_p, plus)
        self.play(FadeOut(VGroup(lab_e, row_e, row_p, plus)), run_time=0.6)
        self.placed = lab_p  # E(加) + 12 becomes the formula's left side

    # -- 2. four terms -----------------------------------------------------------------------
    def expand(self):
        pal = self.pal
        self.term_colors = (pal.cool, pal.series[4], pal.series[2], pal.bad)
        f = self.tex(r"(E+p\mathbf{1})\cdot(E'+q\mathbf{1})", "=", r"E\cdot E'", "+", r"q\textstyle\sum_j E_j",
                     "+", r"p\textstyle\sum_j E'_j", "+", r"p\,q\,d", size=34)
        for part, color in zip((2, 4, 6, 8), self.term_colors):
            f[part].set_color(color)
        f.move_to(UP * 0.9)
        nums = VGroup(*(self.txt(ch, size=24, color=c).next_to(f[part], DOWN, buff=0.2)
                        for ch, part, c in zip("①②③④", (2, 4, 6, 8), self.term_colors)))
        self.section("expand", self.s("cap_expand"), keep=[self.placed])
        self.play(ReplacementTransform(self.placed, f[0]), run_time=1.2)
        self.play(Write(VGroup(*f[1:])), run_time=1.6)
        self.play(FadeIn(nums, lag_ratio=0.2), run_time=1.0)
        self.play(Indicate(f[2], color=pal.cool), run_time=1.0)
        read_with(self, f[2], f[8], nums)
        self.formula, self.term_marks = f, nums  # handed on to the bars' rows

    # -- 4. another word --------------------------------------------------------------------
    def swap(self):
        pal, d = self.pal, self.data
        p, q = (int(v) for v in d.stops[-1])
        before = d.stop_terms[-1]
        after = d.swap_terms
        c1, c2 = fmt_num(before[0], self.c_dec), fmt_num(after[0], self.c_dec)
        text = self.s("cap_swap", c1=c1, c2=c2, t4=fmt_num(after[3], 0))
        text += self.s("cap_swap_most" if self.swamped else "cap_swap_small")
        self.section("swap", self.s("cap_swap_intro"), keep=self.kept_bars)
        new_label = self.txt(self.s("words", a=d.words[2], b=d.words[1]), size=18, color=pal.accent)
        new_label.move_to(self.word_label, aligned_edge=LEFT)
        self.e_now = d.e_swap
        self.word_now = d.words[2]
        ratio = getattr(self, "ratio", None)  # it measured the first word's ①
        if ratio is not None:
            self.kept_bars.remove(ratio)
        self.play(Transform(self.word_label, new_label), *([FadeOut(ratio)] if ratio is not None else []),
                  run_time=0.8)
        if ratio is not None:
            self.remove(ratio)
        self.set_seats(p, q)
        self.play(Flash(self.values[0], color=pal.cool), Indicate(self.bars[0], color=pal.cool), run_time=1.0)
        note = self.txt(self.s("swap_note", a=d.words[0], b=d.words[2], c1=c1, c2=c2, t1=fmt_num(before[3], 0),
                               t2=fmt_num(after[3], 0)), size=19, color=pal.accent).move_to([6.3, 1.95, 0],
                                                                                         aligned_edge=RIGHT)
        self.play(FadeIn(note, shift=0.1 * UP), run_time=0.8)
        self.swap_note = note
        self.caption(text)  # once the new ① is drawn
        read_with(self, note, self.values[0], self.values[3])


SCENE = NaivePosition
