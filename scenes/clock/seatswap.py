"""pe_clock's "why" section, its last beat: the one term that carries order (seed pe_clock, "why the scores differ";
seed 002 §05; engine word_order: m_qk, terms, with_pe). With M = W_Q W_Kᵀ, seat · seat is PE(p_q) M PE(p_k)ᵀ / √d, and
M ≠ Mᵀ: in the random head's two orders it is −0.4173 and −0.6166 (the table's row, each value lit as its cue states
it). The look-back head's own case (M = 12 · R_{-1}: from seat 5, seat 4 scores 24.00 and seat 6 19.10, both one seat
away) is told on its score rows, scenes.clock.lookback.look_back_ahead; look_back_pair gives those two scores.
Mixed into scenes.pe_clock.PeClock through scenes.clock.why.WhySection.
"""
from __future__ import annotations

from manim import LEFT, UP, FadeIn, Indicate, VGroup

from look import fmt_num
from scenes.clock.use import SCORE_DECIMALS
from scenes.clock.walk import walk_cue

LINE_LEFT = -6.3  # the head's name and M, left, where the dial stood
HEAD_Y = (-1.38, -2.02)  # the head's name over its M (the random head's M ≠ Mᵀ)
LINE_TEX, LINE_TXT = 36, 28  # the lines' sizes
VALUE_DECIMALS = 2  # the look-back scores as its bars print them (24.00, 19.10)


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
        pal = self.pal
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
        # "in 五十, the seats swapped, M gives −0.62": the first order's value framed while its cue is read, the swapped one
        # lit as its cue comes in and framed to the scores' cue (the look-back head's two scores one seat away were told
        # on its own score rows, scenes.clock.lookback.look_back_ahead)
        self.at_cue(sb, seat_row[-2])
        self.play(Indicate(seat_row[-1], color=pal.bad, scale_factor=1.0), run_time=0.8)
        self.at_cue(fmt_num(o.with_pe[0], SCORE_DECIMALS), seat_row[-1])
        left = VGroup(m_line)
        return left


def weight_text(w: float) -> str:
    """A weight at two decimals, or three when two would round it to 0.00 or 0.01 (0.005 stays 0.005)."""
    return fmt_num(w, VALUE_DECIMALS if w >= 0.015 else 3)
