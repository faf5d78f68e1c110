"""naive_position's readings of the bar chart (seed 001, lesson 5 second station, the bar machine): an
arc with "× 10" hopping from gridline to gridline (how the fixed log scale is read), and the arrow from
①'s tip to ④'s with how many times ① it is (the record's ratio_last). Mixed into
scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, UP, ArcBetweenPoints, Arrow, BackgroundRectangle, Create, FadeIn, FadeOut, GrowArrow,
                   Indicate, LaggedStart, VGroup)

from engine.naive import naive_terms
from look import fmt_num
from scenes.naive.bars import LABEL, ROW_YS, SMALL, VALUE
from scenes.naive.values import short_whole


class BarReadings:
    """Needs from the scene: data, pal, emph, txt, s, play, remove, label_on, axis, bars, x_of, kept_bars
    (scenes.naive.bars)."""

    def read_zero_seats(self) -> None:
        """"Back at p = q = 0, only ① has a bar: the other three are zero", read in the picture while the cue is up:
        the two seats at 0 lit, then a box on ①'s bar, then the three zeros under ②, ③ and ④ lit in turn."""
        # each mobject lit on its own: a group made here around parts of the live chart would be added to the scene
        # and split the chart's live group, whose updater moves the seats
        left = self.cue_left()
        beat = max(0.6, min(1.2, (left - 1.6) / 5))
        self.play(*(Indicate(m, color=self.emph, scale_factor=1.3) for m in (self.p_knob, self.p_num, self.q_knob,
                                                                               self.q_num)), run_time=beat)
        box = self._box(self.bars[0])  # the bar alone: the numbers' glyph boxes reach under the rows' names
        self.play(Create(box), run_time=0.4)
        self.wait(beat)
        self.play(FadeOut(box), run_time=0.3)
        self.remove(box)
        for z in self.values[1:4]:  # "the other three are zero": each zero lit in turn
            self.play(Indicate(z, color=self.emph, scale_factor=1.3), run_time=beat)
        self.wait(max(0.0, self.cue_left()))

    def hop_tens(self, marks) -> None:
        """An arc with "× 10" over it hops from each gridline to the next."""
        pal, d = self.pal, self.data
        y = (ROW_YS[2] + ROW_YS[3]) / 2

        def arc(k):
            x0, x1 = self.x_of(10.0 ** int(d.decades[k])), self.x_of(10.0 ** int(d.decades[k + 1]))
            return ArcBetweenPoints([x0, y, 0], [x1, y, 0], angle=-1.6, color=self.emph, stroke_width=4)

        first = arc(0)
        tag = self.txt("× 10", size=SMALL, color=self.emph).next_to(first, UP, buff=0.08)
        self.label_on(tag, self.axis[0])
        self.play(Create(first), FadeIn(tag), run_time=0.7)
        for k in range(1, len(d.decades) - 1):  # a hop: the old arc fades as the next is drawn, gridline to gridline
            new = arc(k)
            self.play(FadeOut(first), Create(new), tag.animate.next_to(new, UP, buff=0.08), run_time=0.7)
            self.remove(first)
            first = new
        self.play(FadeOut(first), FadeOut(tag), run_time=0.4)
        self.remove(first, tag)

    def show_ratio(self):
        """On ①'s row: an arrow from ①'s tip to where ④ ends; on ④'s bar: how many times ① it is."""
        pal, d = self.pal, self.data
        x0, x1 = self.x_of(abs(d.stop_terms[-1, 0])), self.x_of(abs(d.stop_terms[-1, 3]))
        y = ROW_YS[0]
        arrow = Arrow([x0, y, 0], [x1, y, 0], buff=0.05, color=pal.bad, stroke_width=4,
                      max_tip_length_to_length_ratio=0.08)
        # on the log axis ④ looks a few times ①: its bar says how many times it is
        label, card = self.ratio_on_four(d.ratio_last)
        self.label_on(label, arrow)
        # "× 10" over each whole decade the arrow crosses: on the log axis the gap is read in gridlines
        tens = VGroup(*(self.txt("× 10", size=SMALL, color=pal.bad).move_to(
            [(self.x_of(10.0 ** k) + self.x_of(10.0 ** (k + 1))) / 2, y + 0.3, 0]) for k in d.decades[:-1]
            if 10.0 ** k >= abs(d.stop_terms[-1, 0]) and 10.0 ** (k + 1) <= abs(d.stop_terms[-1, 3])))
        for m in tens:
            self.label_on(m, self.axis[0])
        self.shown["ratio_decades"] = len(tens)
        self.play(GrowArrow(arrow), LaggedStart(*(FadeIn(m, shift=0.1 * UP) for m in tens), lag_ratio=0.4),
                  run_time=1.4)
        self.play(FadeIn(card), FadeIn(label, shift=0.1 * RIGHT), run_time=0.8)
        self.ratio = VGroup(arrow, tens, card, label)
        self.kept_bars.append(self.ratio)  # it stays until the word changes

    def ratio_on_four(self, ratio: float):
        """"≈ 242 × ①" on ④'s bar (right of it, or over its end when that runs out of the safe area, clear of ③'s
        bar), on its card: the log scale's short bars do not hide how many times ① ④ is. Returns (label, card)."""
        pal = self.pal
        label = self.txt(self.s("ratio", r=fmt_num(ratio, 0)), size=VALUE, color=pal.bad)
        label.next_to(self.bars[3], RIGHT, buff=0.12)
        if label.get_right()[0] > 6.3:
            label.next_to(self.bars[3], UP, buff=0.06).align_to(self.bars[3], RIGHT)
            label.shift(max(0.0, self.bars[2].get_right()[0] + 0.2 - label.get_left()[0]) * RIGHT)  # clear of ③'s bar
            label.shift(min(0.0, 6.3 - label.get_right()[0]) * RIGHT)
        card = BackgroundRectangle(label, color=pal.background, fill_opacity=1.0, buff=0.06)
        self.label_on(label, self.axis[0], card)
        return label, card

    def carry_ratio(self) -> None:
        """The linear chart's "1/242" (the record's linear_sliver) carried onto the log chart as "≈ 242 × ①" on ④'s
        bar: at the same seats its log bar is still that many times ①'s. `drop_carried` takes it away."""
        sliver = float(self.shown.get("linear_sliver", 0.0))
        self._carried = VGroup(*reversed(self.ratio_on_four(sliver))) if sliver > 0 else VGroup()
        self.play(FadeIn(self._carried), run_time=0.5)

    def drop_carried(self) -> None:
        self.play(FadeOut(self._carried), run_time=0.3)
        self.remove(self._carried)

    def seat_step(self) -> None:
        """Why a large ④ hurts: with p held, each seat the key word moves on adds p × d to ④ (the engine's terms one
        seat apart: 1056 at q = 11, 1152 at q = 12, p = 12) while ① stays put, so the seats' term swamps the word's.
        The two seats' ④ and their difference come in on a card in the chart's empty top right (the seats stay: they
        only move forward); then ①'s bar and ④'s are pointed at in turn."""
        pal, d = self.pal, self.data
        p, q = (int(v) for v in d.stops[-1])
        if q < 1:
            return
        before, after = naive_terms(self.e_now, d.e2, p, q - 1), naive_terms(self.e_now, d.e2, p, q)  # (4,) each
        step = float(after[3] - before[3])  # p × d
        self.shown["seat_step"] = {"p": p, "q_from": q - 1, "q_to": q, "term_4_from": float(before[3]),
                                   "term_4_to": float(after[3]), "step": step}
        pd, t_from, t_to = fmt_num(step, 0), fmt_num(before[3], 0), fmt_num(after[3], 0)
        self.caption(self.s("cap_step", pd=pd, a=t_from))
        short = [short_whole(float(v)) for v in (before[3], after[3], step)]  # narrow enough for the card at any seat
        lines = [self.txt(self.s("step_seat", q=q - 1, t=short[0]), size=LABEL, color=pal.bad),
                 self.txt(self.s("step_seat", q=q, t=short[1]), size=LABEL, color=pal.bad),
                 self.txt(self.s("step_each", pd=short[2]), size=LABEL, color=pal.bad)]
        note = VGroup(*lines).arrange(DOWN, aligned_edge=LEFT, buff=0.07)
        note.move_to([6.3, 1.5, 0], aligned_edge=RIGHT + UP)  # over the short bars of ①, ② and ③
        card = BackgroundRectangle(note, color=pal.background, fill_opacity=1.0, buff=0.12)
        for m in lines:
            self.label_on(m, self.axis[0], card)
        self.play(Indicate(self.p_num, color=self.emph, scale_factor=1.3), run_time=1.0)  # "with p held"
        self.until_cue("p × d")  # "each seat the key word moves on adds p × d = 96 to ④": ④ at this seat, and the step
        self.play(FadeIn(card), FadeIn(lines[1], shift=0.1 * UP), Indicate(self.values[3], color=self.emph), run_time=0.8)
        self.play(FadeIn(lines[2], shift=0.1 * UP), run_time=0.6)
        self.until_cue(t_from)  # "one seat earlier it was 1056": the seat before's ④ over this seat's
        self.play(FadeIn(lines[0], shift=0.1 * UP), run_time=0.6)
        self.walk(self.bars[0], self.bars[3], every=2.0)  # ① stays small, ④ runs away, while the rest is read
        self.play(FadeOut(card), FadeOut(note), run_time=0.4)
        self.remove(card, note)
        self.shown.pop("seat_step", None)
