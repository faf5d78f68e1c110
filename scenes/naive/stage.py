"""naive_position's walk on the main stage (seed 001, lesson 5, the clock-hand fingerprint): while the seats walk
with sin/cos, ④ against p − q and the fast pair's dial are what is read, so the folded bar chart steps off and
the two take the stage below the PE rows, the dial on the left and the gap plot, drawn large, on the right; the
dot at (p − q, ④) travels along the curve as the seats move, ④'s value (engine.naive.sincos_terms) written
beside it. The seat terms the chart named, ② word × seat, ③ seat × word and ④ seat × seat, do not leave with the
chart: their names and numbers move to a column between the dial and the plot and follow the seats there, so the
walk is read against the terms it is about (and they move back onto their rows when the chart returns). When the cue turns back to ② and ③ the chart comes back, the dial and the plot return to their
places beside it, and the walk goes on there. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, BackgroundRectangle, FadeIn, FadeOut, ReplacementTransform, VGroup

from engine.naive import sincos_terms
from scenes.naive.values import PointNumber

STAGE_BOX = (1.0, 4.7, -1.3, 0.65)  # x0, x1, y0, y1 of the gap plot on the stage (its bound's name right of it), under the step card
STAGE_DIAL_X = -4.55  # the fast pair's dial, its ω over it and its cosine under it, centred here
STAGE_TOP, STAGE_BOTTOM = 1.75, -2.4  # under the PE rows' card, over the caption band
STAGE_DIAL_H = 3.5  # the dial's height on the stage: the seat terms' column stands right of it
TERMS_X = -2.65  # the column's left edge (②, ③, ④ with their numbers), between the dial and the plot
TERMS_YS = (1.15, -0.05, -1.25)  # each term's name; its number under it
STAGE_GAP_Y = -2.15  # the p − q readout, under the plot's axis values
VALUE_SIZE = 30
SAFE_RIGHT = 6.3


class WalkStage:
    """Needs from the scene: the sin/cos ending's parts (fast_dial, gap_plot, gap_card, pe_card, title_mob)."""

    staged = False
    dot_value = None  # ④'s value beside the dot, while the plot is on the stage
    stage_terms = None  # ②, ③, ④'s names and numbers beside the dial, while the plot is on the stage

    def stage_parts(self) -> list:
        """What stays on the stage: the title, the PE rows, the fast pair's dial, the gap plot and p − q."""
        return [m for m in (self.title_mob, self.pe_card, self.fast_dial, self.gap_plot, self.gap_card) if m is not None]

    def rebuild_gap_plot(self, box) -> VGroup:
        """The gap plot drawn again in `box`, the marks of the seats it has passed kept and its dot at the seats now."""
        seen = sorted(self.gap_seen)
        self.gap_box = box
        plot = self.build_gap_plot()
        for pq in seen:
            self.place_gap_dot(*pq)
        self.place_gap_dot(*self.seats_now)
        return plot

    def terms_column(self) -> tuple:
        """②, ③ and ④ as the chart names them (its words, "② word × seat" …) with their numbers, copies of the rows'
        that start where the rows are; returns (the copies, where each goes on the stage)."""
        names, numbers, targets = [], [], []
        for k, y in zip((1, 2, 3), TERMS_YS):
            name, number = self.row_labels[k][0].copy(), self.values[k].copy()
            names.append(name)
            numbers.append(number)
            to_name = name.copy().move_to([TERMS_X, y, 0], aligned_edge=LEFT)
            to_number = number.copy().next_to(to_name, DOWN, buff=0.1).align_to(to_name, LEFT)
            targets += [to_name.get_center(), to_number.get_center()]
        self.stage_terms = numbers
        return VGroup(*(m for pair in zip(names, numbers) for m in pair)), targets

    def set_stage_terms(self, p: int, q: int) -> None:
        """The column's numbers at whole seats p, q (engine.naive.sincos_terms), as the rows' are."""
        if self.stage_terms is None:
            return
        terms = sincos_terms(self.e_now, self.data.e2, p, q)  # (4,)
        for number, v in zip(self.stage_terms, terms[1:]):
            number.set_value(float(v))
        self.shown["stage_terms"] = [round(float(v), 3) for v in terms[1:]]

    def place_dot_value(self, t4: float, seats: tuple | None = None) -> None:
        """④'s value just over the dot, moving with it (inside the safe area, clear of the bound's name right of
        the plot); the column of seat terms beside the dial at `seats`."""
        if seats is not None:
            self.set_stage_terms(*seats)
        value = self.dot_value
        if value is None:
            return
        value[1][1].set_value(t4)
        dot = self.gap_dot.get_center()
        half = value.width / 2
        x = float(np.clip(dot[0], STAGE_BOX[0] - 0.4 + half, STAGE_BOX[1] + 0.1 - half))
        line_y = self.plot_xy(0, float(self.data.sincos_bound))[1]  # the dashed line: the value stays over it
        value.move_to([x, max(dot[1] + 0.14, line_y + 0.22) + value.height / 2, 0])

    def stage_in(self, run_time: float = 1.2) -> None:
        """The chart steps off (faded and taken from the screen; the seats still drive its bars), the dial and the gap
        plot grow into its place, ④'s value comes beside the dot."""
        if self.gap_plot is None or self.staged or getattr(self, "fast_dial", None) is None:
            return  # no dial (an odd or wide d: the plot alone beside the chart) or no plot: the walk stays beside the chart
        pal = self.pal
        keep = {id(m) for part in self.stage_parts() for m in part.get_family()}
        chart = [m for m in self.mobjects
                 if id(m) not in self._captions and not any(id(k) in keep for k in m.get_family())]
        self.off_stage = chart
        dial = self.fast_dial
        self.remove(*dial)  # one group from here on: it moves as one
        self.add(dial)
        self.dial_home = (dial.height, dial.get_center())
        old_plot = self.gap_plot
        self.gap_home = (self.gap_box, self.gap_card.get_center())
        self.staged = True  # the plot is drawn for the stage from here on
        self.gap_plot = self.rebuild_gap_plot(STAGE_BOX)
        number = PointNumber(0.0, decimals=3, width=6, font=self.look.font, font_size=VALUE_SIZE,
                             color=self.term_colors[3], align="left")
        text = VGroup(self.txt("④ =", size=VALUE_SIZE, color=self.term_colors[3]), number).arrange(RIGHT, buff=0.12)
        number.align_to(text[0], DOWN)
        card = BackgroundRectangle(text, color=pal.background, fill_opacity=1.0, buff=0.06)
        self.dot_value = VGroup(card, text)
        plot_parts = self.gap_plot[1][0]  # axes, dashed line, curve, values, names
        for m in text:
            self.label_on(m, card, plot_parts, self.gap_plot[1][1])
        self.gap_plot[1].add(self.dot_value)
        self.place_dot_value(float(self.shown["gap_plot"]["term_4"]))
        x0, x1 = STAGE_BOX[0], STAGE_BOX[1]
        gap_to = [(x0 + x1) / 2 + 0.6 + self.gap_card.width / 2, STAGE_GAP_Y, 0]
        column, targets = self.terms_column()  # ②, ③, ④ move from their rows to beside the dial
        self.terms_group = column
        self.add(column)
        self.play(*(FadeOut(m) for m in chart), dial.animate.scale_to_fit_height(STAGE_DIAL_H).move_to(
                      [STAGE_DIAL_X, (STAGE_TOP + STAGE_BOTTOM) / 2, 0]),
                  *(m.animate.move_to(at) for m, at in zip(column, targets)),
                  ReplacementTransform(old_plot, self.gap_plot), self.gap_card.animate.move_to(gap_to), run_time=run_time)
        self.set_stage_terms(*self.seats_now)
        self.set_pair_dials(*self.seats_now)  # the points on the grown rim
        self.shown["walk_stage"] = True

    def stage_out(self, run_time: float = 1.2) -> None:
        """The chart back, the dial and the gap plot (without ④'s value) back to their places beside it."""
        if not self.staged:
            return
        dial = self.fast_dial
        height, centre = self.dial_home
        box, card_at = self.gap_home
        old_plot = self.gap_plot
        self.dot_value = None
        self.staged = False
        self.gap_plot = self.rebuild_gap_plot(box)
        chart = self.off_stage
        column = self.terms_group  # back onto their rows, as the chart comes
        homes = [m.get_center() for k in (1, 2, 3) for m in (self.row_labels[k][0], self.values[k])]
        self.stage_terms = None
        self.play(*(FadeIn(m) for m in chart), dial.animate.scale_to_fit_height(height).move_to(centre),
                  *(m.animate.move_to(at).set_opacity(0.0) for m, at in zip(column, homes)),  # onto the rows fading in
                  ReplacementTransform(old_plot, self.gap_plot), self.gap_card.animate.move_to(card_at), run_time=run_time)
        self.remove(column)
        self.bring_to_back(*chart)
        self.set_pair_dials(*self.seats_now)
        self.shown["walk_stage"] = False

    def beat_target(self):
        """What is lit between the walk's stops: ①'s share with the chart on screen, else ④'s value by the dot."""
        return self.dot_value if self.staged else self.share

    def seat_driver(self):
        """The mobject on screen whose updater moves the seats: the bars' live group, or the plot on the stage."""
        return self.gap_plot if self.staged else self.live

