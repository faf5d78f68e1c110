"""pe_clock's "why" section, its last beat: the one term that carries order, made concrete on the look-back head
(seed pe_clock, "why the scores differ"; seed 002 §05; engine word_order: m_qk, terms, with_pe; engine positional:
look_back_rows). With M = W_Q W_Kᵀ, seat · seat is PE(p_q) M PE(p_k)ᵀ / √d, and M ≠ Mᵀ: in the random head's two
orders it is −0.4173 and −0.6166 (the table's row, lit as its cue states them). The look-back head already shown has
M = W_Q W_Kᵀ = 12 · R_{-1}ᵀ (W_K = I): from the query at seat 5, PE(5) M PE(4)ᵀ / √16 = 24.00 for the seat before and,
as the line moves down and its key seat turns 4 → 6, PE(5) M PE(6)ᵀ / √16 = 19.10 for the seat after, although
PE(5) · PE(4) = PE(5) · PE(6) (the gap dial's 7.4852): one seat away either way, two scores, because M is not
symmetric. Both values are the engine's look-back score row (look_back_rows, already divided by √d).
Mixed into scenes.pe_clock.PeClock through scenes.clock.why.WhySection.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeTransform, Indicate, VGroup

from look import fmt_num
from scenes.clock.use import SCORE_DECIMALS
from scenes.clock.walk import walk_cue
from scenes.parts.quickfade import QuickFadeOut

LINE_LEFT = -6.3  # the head's name and M, left, where the dial stood
HEAD_Y = (-1.38, -2.02)  # each head's name over its M (the random head's M ≠ Mᵀ, then the look-back head's M)
LINES_X = -2.3  # the two score lines' left edge, right of M's formula (which ends near x = −2.7)
LINE_Y = (-1.38, -2.08)  # the seat before, the seat after (under the score row, over the caption band, frames clear)
LINE_TEX, LINE_TXT = 36, 28  # the lines' sizes
LINE_RIGHT = 6.3  # inside the title-safe area
VALUE_DECIMALS = 2  # the look-back scores as its bars printed them (24.00, 19.10)


def look_back_pair(data) -> tuple | None:
    """(p, before, after): the look-back head's first query seat p and its scores / √d for the key one seat before
    and one seat after (engine look_back_rows); None when seat p has no seat after it."""
    seats = tuple(data.look_back_seats)
    if not seats or seats[0] + 1 >= data.n_positions or seats[0] < 1:
        return None
    p, row = seats[0], data.look_back_rows[0]
    return p, float(row[p - 1]), float(row[p + 1])


class SeatSwapBeat:
    """Needs from the scene: data, pal, s, txt, tex, play, wait, shown, cues_log, _queue, before_cue_with,
    until_next_cue (scenes.pe_clock)."""

    def seat_line(self, q: int, k: int, value: float, decimals: int = 4, width: float = LINE_RIGHT - LINES_X) -> VGroup:
        """PE(q) M PE(k)ᵀ / √d = value, the seats in the accent colour: [formula (pieces PE(, q, ) M PE(, k, )ᵀ/√d,
        =), value]."""
        pal, d = self.pal, self.data
        formula = self.tex(r"PE(", str(q), r")\,M\,PE(", str(k), r")^{\top}/\sqrt{%d}" % d.d_model, "=", size=LINE_TEX)
        for i in (1, 3):
            formula[i].set_color(pal.accent)
        line = VGroup(formula, self.txt(fmt_num(value, decimals), size=LINE_TXT)).arrange(RIGHT, buff=0.14)
        line[1].align_to(line[0], DOWN)
        if line.width > width:
            line.scale_to_fit_width(width)
        return line

    def at_cue(self, words: str, *mobs) -> None:
        """Read cue after cue (a frame walking over `mobs`, if any) until the one holding `words` is on screen."""
        while self._queue and words not in self.cues_log[-1]["text"].replace("\n", " ") \
                and words not in self.cues_log[-1]["text"].replace("\n", ""):
            if mobs:
                walk_cue(self, *mobs)
            else:
                self.until_next_cue()

    def seat_swap(self, o, term_rows, marks) -> VGroup:
        """The beat, with the cues of the caption on screen (each picture is up as the cue that states it comes in).
        Returns what it leaves on screen."""
        pal, d = self.pal, self.data
        seat_row = term_rows[3]
        sa, sb = fmt_num(o.terms[0, 3], SCORE_DECIMALS), fmt_num(o.terms[1, 3], SCORE_DECIMALS)
        # "seat · seat changes too, as M is not symmetric": its row goes red, M = W_Q W_Kᵀ ≠ Mᵀ where the dial was
        m_line = VGroup(self.tex(r"M=W_Q W_K^{\top}", r"\neq M^{\top}", size=LINE_TEX),
                        self.txt(self.s("why_random"), size=LINE_TXT, color=pal.muted))  # which head's M: the random one
        for part, y in zip(m_line, HEAD_Y[::-1]):
            part.move_to([0, y, 0]).align_to([LINE_LEFT, 0, 0], LEFT)
        self.play(seat_row[-1].animate.set_color(pal.bad), Indicate(marks[3], color=pal.bad),
                  FadeIn(m_line, shift=0.1 * UP), run_time=0.8)
        self.at_cue(sa, seat_row[-2:], m_line)
        self.shown["seat_swap_a"] = float(o.terms[0, 3])
        self.shown["seat_swap_b"] = float(o.terms[1, 3])
        pair = look_back_pair(d)
        left = self.look_back_lines(pair, seat_row, m_line) if pair else VGroup(m_line)
        # the random head's swapped value lit with its cell in the table, then the two scores it goes into
        score_a = fmt_num(o.with_pe[0], SCORE_DECIMALS)
        pending = self.before_cue_with(score_a, 0.8)
        self.play(Indicate(seat_row[-1], color=pal.bad, scale_factor=1.0), run_time=0.8)
        if pending:
            self.until_next_cue()
        return left

    def look_back_lines(self, pair: tuple, seat_row: VGroup, m_line) -> VGroup:
        """The look-back head's M where M ≠ Mᵀ stood, then its scores one seat before and one seat after the query,
        the second line moving out of the first; what it leaves on screen."""
        pal, d = self.pal, self.data
        c = fmt_num(d.look_back_scale, 0)
        p, before, after = pair
        hb, ha = fmt_num(before, VALUE_DECIMALS), fmt_num(after, VALUE_DECIMALS)
        # the look-back head's M: its query matrix 12 R_{-1}ᵀ as the look-back wrote it (the key matrix is the identity)
        head = VGroup(self.txt(self.s("why_lookback"), size=LINE_TXT, color=pal.accent),
                      self.tex(r"M=W_Q W_K^{\top}", rf"={c}\,R_{{-1}}^{{\top}}", size=LINE_TEX))
        for part, y in zip(head, HEAD_Y):
            part.move_to([0, y, 0]).align_to([LINE_LEFT, 0, 0], LEFT)
        # M ≠ Mᵀ becomes the look-back head's M = W_Q W_Kᵀ = 12 R_{-1}ᵀ, up as the cue naming it comes in
        key = self.s("why_lookback_key")
        while self._queue and key not in self._queue[0][0] + self.cues_log[-1]["text"]:
            walk_cue(self, seat_row[-2], seat_row[-1])  # "in 五十, the seats swapped, −0.62": a frame from one to the other
        pending = self.before_cue_with(key, 0.8)
        # the random head's M and its name leave before the look-back head's come: two heads, never one morphing
        # into the other
        self.play(QuickFadeOut(m_line), run_time=0.4)
        self.play(FadeIn(head, shift=0.1 * UP), run_time=0.6)
        self.shown["seat_swap_scale"] = float(d.look_back_scale)
        if pending:
            self.until_next_cue()
        # the seat before: PE(p) M PE(p − 1)ᵀ / √d, up as the cue stating its score comes in
        line_b = self.seat_line(p, p - 1, before, VALUE_DECIMALS).move_to([0, LINE_Y[0], 0]).align_to([LINES_X, 0, 0], LEFT)
        line_a = self.seat_line(p, p + 1, after, VALUE_DECIMALS).move_to([0, LINE_Y[1], 0]).align_to([LINES_X, 0, 0], LEFT)
        line_a[1].set_color(pal.bad)
        pending = self.before_cue_with(hb, 2.6)
        self.play(FadeIn(line_b, shift=0.1 * UP), run_time=0.7)
        self.shown["seat_swap_seats"] = [p, p - 1]
        self.shown["seat_swap_before"] = before
        # the seat after: the line moves down, its key seat turns p − 1 → p + 1 and its value becomes the other score
        copy = line_b.copy()
        self.play(copy.animate.move_to(line_a, aligned_edge=LEFT), run_time=0.6)
        self.play(FadeTransform(copy[0][3], line_a[0][3]), FadeTransform(copy[1], line_a[1]), run_time=0.8)
        self.remove(*copy.get_family())
        self.add(line_a)
        self.shown["seat_swap_seats"] = [p, p - 1, p + 1]
        self.shown["seat_swap_after"] = after
        if pending:
            self.until_next_cue()
        walk_cue(self, line_b, line_a)  # "though both are one seat away"
        return VGroup(head, line_b, line_a)
