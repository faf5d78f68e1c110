"""naive_position's readings of the bar chart (seed 001, lesson 5 second station, the bar machine): an
arc with "× 10" hopping from gridline to gridline (how the fixed log scale is read), and the arrow from
①'s tip to ④'s with how many times ① it is (the record's ratio_last). Mixed into
scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

from manim import (RIGHT, UP, ArcBetweenPoints, Arrow, BackgroundRectangle, Create, FadeIn, FadeOut, GrowArrow,
                   LaggedStart, VGroup)

from look import fmt_num
from scenes.naive.bars import ROW_YS, SMALL, VALUE


class BarReadings:
    """Needs from the scene: data, pal, emph, txt, s, play, remove, label_on, axis, bars, x_of, kept_bars
    (scenes.naive.bars)."""

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
        label = self.txt(self.s("ratio", r=fmt_num(d.ratio_last, 0)), size=VALUE, color=pal.bad)
        label.next_to(self.bars[3], RIGHT, buff=0.12)
        if label.get_right()[0] > 6.3:
            label.next_to(self.bars[3], UP, buff=0.06).align_to(self.bars[3], RIGHT)
            label.shift(max(0.0, self.bars[2].get_right()[0] + 0.2 - label.get_left()[0]) * RIGHT)  # clear of ③'s bar
            label.shift(min(0.0, 6.3 - label.get_right()[0]) * RIGHT)
        card = BackgroundRectangle(label, color=pal.background, fill_opacity=1.0, buff=0.06)
        self.label_on(label, self.axis[0], arrow, card)
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
