"""pe_clock's "why" section, its last beat: the one term that carries order, made concrete on the look-back head
(seed pe_clock, "why the scores differ"; seed 002 §05; engine word_order: m_qk, terms, with_pe; engine positional:
look_back_rows). With M = W_Q W_Kᵀ, seat · seat is PE(p_q) M PE(p_k)ᵀ / √d, and M ≠ Mᵀ: in the random head's two
orders it is −0.4173 and −0.6166 (the table's row, lit as its cue states them). The look-back head already shown has
M = W_Q W_Kᵀ = 12 · R_{-1} (W_K = I): from the query at seat 5, PE(5) M PE(4)ᵀ / √16 = 24.00 for the seat before and,
as the line moves down and its key seat turns 4 → 6, PE(5) M PE(6)ᵀ / √16 = 19.10 for the seat after, although
PE(5) · PE(4) = PE(5) · PE(6) (the gap dial's 7.4852): one seat away either way, two scores, because M is not
symmetric. Both values are the engine's look-back score row (look_back_rows, already divided by √d).
Mixed into scenes.pe_clock.PeClock through scenes.clock.why.WhySection.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeTransform, Indicate, Line, Transform, VGroup

from look import fmt_num
from scenes.clock.use import SCORE_DECIMALS
from scenes.clock.walk import walk_cue
from scenes.parts.bars import BarRow
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, on_screen

LINE_LEFT = -6.3  # the head's name and M, left, where the dial stood
HEAD_Y = (-1.38, -2.02)  # each head's name over its M (the random head's M ≠ Mᵀ, then the look-back head's M)
LINE_TEX, LINE_TXT = 36, 28  # the lines' sizes
VALUE_DECIMALS = 2  # the look-back scores as its bars printed them (24.00, 19.10)
# the look-back head's bars, where the random head's table stood (it steps aside for them): M on top, left; the bars'
# formula under it, centred; one bar per seat on a zero line over the caption band
HEAD_TOP, BAR_FORMULA_Y = 2.45, 1.7
BAR_LEFT, BAR_W, BAR_Y0, BAR_H = -5.6, 11.2, -1.75, 2.4


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
        table = on_screen(self, self.why_stage)  # what the look-back head's bars take the place of
        left = self.look_back_bars(pair, seat_row, m_line, table) if pair else VGroup(m_line)
        # the random head's swapped value lit with its cell in the table, then the two scores it goes into
        score_a = fmt_num(o.with_pe[0], SCORE_DECIMALS)
        # the weights stay to the end of the cue that states them; with the scores' cue the bars leave, then the random
        # head's table comes back (never the two over each other)
        pending = self.before_cue_with(score_a, 0.0 if pair else 0.8)
        if pair and pending:
            self.until_next_cue()
            pending = False
        if pair:
            self.play(QuickFadeOut(on_screen(self, left)), run_time=0.4)
            self.play(QuickFadeIn(table), run_time=0.5)
        self.play(Indicate(seat_row[-1], color=pal.bad, scale_factor=1.0), run_time=0.8)
        if pending:
            self.until_next_cue()
        return left

    def look_back_bars(self, pair: tuple, seat_row: VGroup, m_line, table: VGroup) -> VGroup:
        """The look-back head's argument on its score bars, one bar per seat j, each step moving into the next: the
        head's M comes in with its cue (the table steps aside); with the next cue its formula PE(p) M PE(j)ᵀ and the
        bars grow from the zero line, the seat one back tallest; then ÷ √d scales them (p − 1 and p + 1 valued, one
        seat away either way); then softmax turns them into weights. Returns the chart (it leaves as the table
        comes back)."""
        pal, d = self.pal, self.data
        c = fmt_num(d.look_back_scale, 0)
        p, before, after = pair
        r = float(d.d_model) ** 0.5
        row = [float(v) for v in d.look_back_rows[0]]
        weights = [float(v) for v in d.look_back_weights[0]]
        hb, ha = fmt_num(before, VALUE_DECIMALS), fmt_num(after, VALUE_DECIMALS)
        wb, wa = weight_text(weights[p - 1]), weight_text(weights[p + 1])
        head = VGroup(self.txt(self.s("why_lookback"), size=LINE_TXT, color=pal.accent),
                      self.tex(r"M=W_Q W_K^{\top}", rf"={c}\,R_{{-1}}", size=LINE_TEX)).arrange(RIGHT, buff=0.2)
        head.move_to([0, HEAD_TOP, 0]).align_to([LINE_LEFT, 0, 0], LEFT)
        score = rf"PE({p})\,M\,PE(j)^{{\top}}"
        formulas = [self.tex(t, size=LINE_TEX, color=pal.ink).move_to([0, BAR_FORMULA_Y, 0]) for t in (
            rf"s(j)={score}", rf"s(j)={score}/\sqrt{{{d.d_model}}}",
            rf"w(j)=\mathrm{{softmax}}_j\big({score}/\sqrt{{{d.d_model}}}\big)")]
        unit = BAR_H / (max(row) * r)  # the unscaled scores fill BAR_H
        raw = BarRow([v * r for v in row], left=BAR_LEFT, width=BAR_W, y0=BAR_Y0, unit=unit, color=pal.muted,
                     bar_share=0.7, fill_opacity=0.8)
        colors = {p - 1: pal.accent, p + 1: pal.bad}
        steps = [raw.targets([v * r for v in row]), raw.targets(row),
                 BarRow(weights, left=BAR_LEFT, width=BAR_W, y0=BAR_Y0, unit=BAR_H, color=pal.muted, bar_share=0.7,
                        fill_opacity=0.8).bars]
        for bars in steps:
            for j, col in colors.items():
                bars[j].set_fill(col, opacity=1.0)
        grow = raw.targets([0.0] * len(row))
        base = Line([BAR_LEFT, BAR_Y0, 0], [BAR_LEFT + BAR_W, BAR_Y0, 0], stroke_color=pal.ink, stroke_width=2)
        ticks = VGroup(*(self.txt(str(j), size=26, color=colors.get(j, pal.ink)).next_to([raw.x(j), BAR_Y0, 0], DOWN, buff=0.08)
                         for j in (0, p - 1, p, p + 1, len(row) - 1)))
        name = self.txt(self.s("look_query", p=p), size=26, color=pal.ink).next_to(
            [BAR_LEFT, BAR_Y0 + BAR_H, 0], UP, buff=0.2).align_to([BAR_LEFT, 0, 0], LEFT)

        def values(texts: tuple, heights: VGroup) -> VGroup:
            """The seat before's value and the seat after's, side by side over seat p, each with a line to its bar."""
            labels = VGroup(*(self.txt(t, size=26, color=colors[j]) for t, j in zip(texts, (p - 1, p + 1))))
            labels.arrange(RIGHT, buff=0.45)
            top = max(heights[j].get_top()[1] for j in (p - 1, p + 1))
            labels.move_to([raw.x(p), top + 0.45, 0])
            out = VGroup()
            for label, j in zip(labels, (p - 1, p + 1)):
                out.add(VGroup(label, Line(label.get_bottom() + DOWN * 0.04, heights[j].get_top() + UP * 0.04,
                                           stroke_color=colors[j], stroke_width=2)))
            return out

        scaled_values, weight_values = values((hb, ha), steps[1]), values((wb, wa), steps[2])
        # "the look-back head makes it plain": the random head's table steps aside, the look-back head's M comes in
        key = self.s("why_lookback_key")
        # "in 五十, the seats swapped, −0.62": a frame from one value to the other, to the end of the cue that states it;
        # the table leaves as the head's cue comes in
        self.at_cue(key, seat_row[-2], seat_row[-1])
        self.play(QuickFadeOut(m_line), QuickFadeOut(table), run_time=0.4)
        self.play(FadeIn(head, shift=0.1 * UP), run_time=0.6)
        self.shown["seat_swap_scale"] = float(d.look_back_scale)
        self.at_cue(self.s("why_bars_key"), head)
        # "from seat p, every seat j scores PE(p) M PE(j)ᵀ": the formula, then the bars grow, the seat one back tallest
        self.play(FadeIn(formulas[0], shift=0.1 * UP), QuickFadeIn(VGroup(base, ticks, name)), run_time=0.6)
        self.add(grow)
        self.play(Transform(grow, steps[0]), run_time=1.6)
        self.shown["seat_swap_seats"] = [p]
        self.at_cue(self.s("why_bars_tallest_key"), formulas[0])
        self.play(Indicate(VGroup(grow[p - 1], ticks[1]), color=pal.accent, scale_factor=1.0), run_time=0.8)
        # "divided by √d": the same bars shrink by √d, the seat before's and after's values come with the cue stating them
        pending = self.before_cue_with(hb, 1.4)
        self.play(FadeTransform(formulas[0], formulas[1]), Transform(grow, steps[1]), run_time=1.0)
        self.play(FadeIn(scaled_values, shift=0.1 * DOWN), run_time=0.4)
        self.shown["seat_swap_seats"] = [p, p - 1, p + 1]
        self.shown["seat_swap_before"] = before
        self.shown["seat_swap_after"] = after
        if pending:
            self.until_next_cue()
        walk_cue(self, scaled_values[0], scaled_values[1])  # the two values (a frame round a bar would cross its seat's tick)
        # "softmax turns them into weights": the same bars become the weights, the values theirs
        pending = self.before_cue_with(wb, 1.0)
        self.play(FadeTransform(formulas[1], formulas[2]), Transform(grow, steps[2]),
                  FadeTransform(scaled_values, weight_values), run_time=1.0)
        self.shown["seat_swap_weights"] = [weights[p - 1], weights[p + 1]]
        if pending:
            self.until_next_cue()
        self.why_bar_values = (scaled_values, weight_values)
        return VGroup(head, formulas[2], grow, base, ticks, name, weight_values)


def weight_text(w: float) -> str:
    """A weight at two decimals, or three when two would round it to 0.00 or 0.01 (0.005 stays 0.005)."""
    return fmt_num(w, VALUE_DECIMALS if w >= 0.015 else 3)
