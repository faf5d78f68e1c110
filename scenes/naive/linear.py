"""naive_position's linear step (seed 001, lesson 5 second station, the bar machine, before its log scale):
the four terms of (E + p)⋅(E′ + q) at two pairs of different seats (the record's linear_stops: p = 2,
q = 3, then both doubled) as bars on ONE fixed linear axis (the record's linear_ticks; at the end it is stretched to linear_ticks_wide, which holds ④),
each bar's value written at its end. ① stays where it is, ② and ③ double, ④ = p⋅q⋅d grows four times and
runs off the axis: as its bar reaches the axis' end an arrow carries it on, its value at the arrow's tip; the
bars move with the seats (none is left at the old seats' length) and each new value is written as its cue states it. The chart is left on screen (`lin_parts`): the log chart is
made from it, the same bars at the same seats (the scale is never switched to log in silence: the next section
says so). Every number is the record's
(engine.naive.naive_position). The bars' colours and the hollow style of a negative term are the log
chart's (scenes.naive.bars). Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (LEFT, RIGHT, UP, Arrow, FadeIn, FadeOut, GrowArrow, Indicate, LaggedStart, Line, Rectangle,
                   ReplacementTransform, UpdateFromAlphaFunc, ValueTracker, VGroup, VMobject, linear, smooth,
                   there_and_back)

from look import fmt_num
from scenes.naive.bars import BAR_H, FORMULA, LABEL, SMALL, TERM_TEX

LIN_X0, LIN_X1 = -1.9, 4.5  # x of the axis' 0 and of its last tick
LIN_YS = (1.0, 0.35, -0.3, -0.95)  # ① ② ③ ④
LIN_AXIS_Y = -1.38  # the axis line; its values under it, its title under them
LIN_LABEL_X = -2.1  # the rows' names end here
OFF = 0.65  # length of the arrow that carries a bar past the axis' end
FORMULA_Y = 2.55  # the expanded formula moves up here, over the chart


class LinearBars:
    """Needs from the scene: data, pal, c_dec, term_colors, emph, formula, term_marks, factor_rows, d_label, s,
    txt, tex, section, caption, play, remove, add, shown, point_at_marks, read_caption (scenes.naive_position)."""

    lin_parts = None  # the linear chart, left on screen for the log chart to be made from it
    lin_top = None  # the axis' end now: the record's linear_ticks[-1] until it is stretched to hold ④

    def lin_end(self) -> float:
        return float(self.data.linear_ticks[-1]) if self.lin_top is None else float(self.lin_top)

    def lin_x(self, v: float) -> float:
        """x of the end of a bar of size |v| on the fixed linear axis (its end for a size past it)."""
        top = self.lin_end()
        return LIN_X0 + (LIN_X1 - LIN_X0) * min(abs(float(v)) / top, 1.0)

    def lin_decimals(self, k: int) -> int:
        return (self.c_dec, 3, 3, 0)[k]  # ④ = p⋅q⋅d is whole at whole seats

    def lin_value(self, k: int, v: float):
        """Row k's value at the end of its bar, or past the arrow when the bar runs off the axis."""
        top = self.lin_end()
        mob = self.txt(fmt_num(v, self.lin_decimals(k)), size=SMALL, color=self.term_colors[k])
        x = self.lin_x(v) + (OFF + 0.05 if abs(v) > top else 0.0) + 0.14
        mob.move_to([x, LIN_YS[k], 0], aligned_edge=LEFT)
        mob.shift(min(0.0, 6.3 - mob.get_right()[0]) * RIGHT)  # inside the safe area
        return mob

    def lin_place(self, bar, k: int, v: float) -> None:
        """Bar k drawn for the value v: filled when positive, hollow when negative."""
        width = max(self.lin_x(v) - LIN_X0, 1e-3)
        bar.stretch_to_fit_width(width)
        bar.move_to([LIN_X0 + width / 2, LIN_YS[k], 0])
        bar.set_fill(opacity=0.0 if v < 0 else 0.9)
        bar.set_stroke(opacity=1.0 if v < 0 else 0.0)

    def lin_axis(self, ticks=None) -> VGroup:
        pal = self.pal
        ticks = self.data.linear_ticks if ticks is None else ticks
        line = Line([LIN_X0, LIN_AXIS_Y, 0], [LIN_X1, LIN_AXIS_Y, 0], stroke_color=pal.muted, stroke_width=2)
        zero = Line([LIN_X0, LIN_YS[0] + 0.3, 0], [LIN_X0, LIN_AXIS_Y, 0], stroke_color=pal.muted, stroke_width=2)
        marks = VMobject(stroke_color=pal.muted, stroke_width=2)
        values = VGroup()
        dec = 0 if np.allclose(ticks, np.round(ticks)) else 1
        for v in ticks:
            x = self.lin_x(v)
            marks.start_new_path(np.array([x, LIN_AXIS_Y, 0.0]))
            marks.add_line_to(np.array([x, LIN_AXIS_Y - 0.1, 0.0]))
            values.add(self.txt(fmt_num(float(v), dec), size=SMALL, color=pal.muted).move_to([x, LIN_AXIS_Y - 0.32, 0]))
        title = self.txt(self.s("axis_linear"), size=LABEL, color=pal.muted)
        title.move_to([(LIN_X0 + LIN_X1) / 2, LIN_AXIS_Y - 0.78, 0])
        return VGroup(line, zero, marks, values, title)

    def lin_seats(self, p: float, q: float):
        mob = self.tex(f"p={int(p)}", r",\;\;", f"q={int(q)}", size=FORMULA)
        mob[0].set_color(self.pal.accent)
        mob[2].set_color(self.pal.ok)
        mob.move_to([-6.3, LIN_YS[0] + 0.62, 0], aligned_edge=LEFT)
        return mob

    def linear(self):
        pal, d = self.pal, self.data
        (p0, q0), (p1, q1) = d.linear_stops
        t0, t1 = d.linear_terms
        top = float(d.linear_ticks[-1])
        f, marks = self.formula, self.term_marks
        self.section("linear", self.s("cap_linear", p=int(p0), q=int(q0)),
                     keep=[f, marks, self.factor_rows, self.d_label])
        # the factor rows go; the formula and its marks move up over the chart, d's value beside ④'s mark
        up = FORMULA_Y - f.get_y()
        self.play(FadeOut(self.factor_rows), VGroup(f, marks).animate.shift(up * UP),
                  self.d_label.animate.next_to(marks[3].copy().shift(up * UP), RIGHT, buff=0.3), run_time=1.0)
        self.remove(self.factor_rows)
        self.factor_rows = VGroup()
        colors = self.term_colors
        labels = VGroup(*(self.txt(self.s(f"t{k + 1}"), size=LABEL, color=colors[k])
                          .move_to([LIN_LABEL_X, y, 0], aligned_edge=RIGHT) for k, y in enumerate(LIN_YS)))
        bars = [Rectangle(width=1e-3, height=BAR_H, stroke_width=0, fill_color=c, fill_opacity=0.9)
                .set_stroke(c, width=2.5, opacity=0).move_to([LIN_X0, y, 0]) for c, y in zip(colors, LIN_YS)]
        axis = self.lin_axis()
        seats = self.lin_seats(p0, q0)
        legend = VGroup()
        if (d.linear_terms < 0).any():  # the log chart's legend: a hollow bar is a negative term
            swatch = Rectangle(width=0.35, height=BAR_H * 0.8, stroke_width=2.5, stroke_color=pal.ink, fill_opacity=0)
            legend = VGroup(swatch, self.txt(self.s("hollow"), size=SMALL, color=pal.ink)).arrange(RIGHT, buff=0.12)
            legend.move_to([-6.3, axis[-1].get_y(), 0], aligned_edge=LEFT)  # on the axis title's line, left of it
        axis.add(legend)
        self.play(FadeIn(axis), FadeIn(labels), FadeIn(seats), run_time=0.8)
        group = VGroup(*bars)
        self.add(group)  # the bars' updater runs while they are on screen
        # as the seats are named the bars grow from 0 to their terms; the values come with "its value at its end"
        self.until_cue("p =")
        vals = [self.lin_value(k, v) for k, v in enumerate(t0)]
        grow = ValueTracker(0.0)
        group.add_updater(lambda _: [self.lin_place(b, k, grow.get_value() * v) for k, (b, v) in enumerate(zip(bars, t0))])
        self.play(grow.animate.set_value(1.0), run_time=1.6, rate_func=smooth)
        group.clear_updaters()
        self.until_next_cue(last=True)
        self.play(LaggedStart(*(FadeIn(v, shift=0.15 * LEFT) for v in vals), lag_ratio=0.3), run_time=1.2)
        self.shown.update(linear_p=int(p0), linear_q=int(q0), linear_terms=[float(v) for v in t0])
        self.read_caption()
        sums = dict(c=fmt_num(t0[0], self.c_dec), s2=fmt_num(t0[1], 3), s3=fmt_num(t0[2], 3), t4=fmt_num(t0[3], 0))
        self.caption(self.s("cap_linear_terms", **sums))
        self.point_at_marks(("①", VGroup(bars[0], vals[0])), ("②", VGroup(bars[1], vals[1], bars[2], vals[2])),
                            ("④", VGroup(bars[3], vals[3])))
        # both seats move on and the axis stays: the seats' names change as the move is said and the bars move
        # with them, their old values gone (no value on screen belongs to seats no longer shown)
        news = [self.lin_value(k, v) for k, v in enumerate(t1)]
        over = [k for k, v in enumerate(t1) if abs(v) > top]
        arrows = VGroup(*(Arrow([LIN_X1 - 0.05, LIN_YS[k], 0], [LIN_X1 + OFF, LIN_YS[k], 0], buff=0, color=colors[k],
                                stroke_width=5, max_tip_length_to_length_ratio=0.4) for k in over))
        changed = [k for k in range(4) if fmt_num(t0[k], self.lin_decimals(k)) != fmt_num(t1[k], self.lin_decimals(k))]
        self.caption(self.s("cap_linear_move", p=int(p1), q=int(q1)))
        new_seats = self.lin_seats(p1, q1)
        early = lambda s: smooth(min(1.0, 2.0 * s))  # noqa: E731  (the old seats gone before the new come)
        late = lambda s: smooth(max(0.0, 2.0 * s - 1.0))  # noqa: E731
        # the bars move to the new seats' terms with the seats' names, never left standing at the old ones: ④ stops at
        # the axis' end and an arrow carries it on; the old values go, and each new value comes with the cue that
        # states it
        end = [float(np.sign(v)) * top if k in over else v for k, v in enumerate(t1)]  # ④ stops at the axis' end
        grow = [UpdateFromAlphaFunc(bars[k], lambda m, a, k=k: self.lin_place(m, k, t0[k] + smooth(a) * (end[k] - t0[k])),
                                    rate_func=linear) for k in changed]
        self.play(FadeOut(seats, rate_func=early), FadeIn(new_seats, rate_func=late), *grow,
                  *(FadeOut(vals[k], rate_func=early) for k in changed), run_time=1.4)
        self.remove(seats, *(vals[k] for k in changed))
        self.shown.update(linear_p=int(p1), linear_q=int(q1), linear_terms=[float(v) for v in t1])  # the bars' terms
        if over:
            self.play(*(GrowArrow(a) for a in arrows), run_time=0.5)
        if self.next_cue():  # "the axis stays as it was": its line and ticks pulse where they have always been
            self.play(VGroup(*axis[:3]).animate.set_stroke(width=5), rate_func=there_and_back, run_time=1.0)
        self.read_caption()

        def move(ks):  # rows ks: their new values written at their bars' ends (past the arrow for ④)
            inside = [k for k in ks if k not in over]
            for k in ks:
                vals[k] = news[k]
            self.play(*(FadeIn(news[k], shift=0.15 * LEFT) for k in inside),
                      *(FadeIn(news[k], shift=0.2 * RIGHT) for k in ks if k in over), run_time=0.6)
            return VGroup(*(VGroup(bars[k], vals[k]) for k in ks), *(arrows[over.index(k)] for k in ks if k in over))

        grew = dict(c=fmt_num(t1[0], self.c_dec), s2=fmt_num(t1[1], 3), s3=fmt_num(t1[2], 3), t4=fmt_num(t1[3], 0))
        self.caption(self.s("cap_linear_off" if over == [3] else "cap_linear_big", **grew))

        stated = {1: grew["s2"], 2: grew["s3"], 3: grew["t4"]}  # each row's new value, as its cue states it
        moved = set()

        def row(k):  # as the cue stating row k's new value comes, every row whose value that cue states moves at once
            def go():
                text = self.cues_log[-1]["text"]
                ks = [j for j in stated if j in changed and j not in moved and stated[j] in text]
                ks = ks or ([k] if k in changed and k not in moved else [])
                moved.update(ks)
                return move(ks) if ks else VGroup(bars[k], vals[k])
            return go

        def carried():  # "an arrow carries it on": the arrow and its value lit as that is read
            self.play(Indicate(VGroup(arrows, *(news[k] for k in over)), color=self.emph, scale_factor=1.1), run_time=1.0)
            return VGroup(bars[3], arrows, vals[3])

        # each row's cue is found by the value it states (the same in every language), so a value is never written
        # before the cue that gives it is up
        self.point_at_marks(("①", row(0)), (grew["s2"], row(1)), (grew["s3"], row(2)), (grew["t4"], row(3)),
                            (None, carried), dwell=0.3)
        for k in range(4):  # none left dimmed
            VGroup(bars[k], vals[k]).set_opacity(1.0)
            self.lin_place(bars[k], k, t1[k])
        # a linear axis cannot hold ① and ④ together: the two rows lit; the chart stays, to be turned into the log one
        # (scenes.naive.bars.run_bars: the same bars at the same seats, their axis made logarithmic)
        sliver = abs(float(t1[3]) / float(t1[0]))  # ① as a fraction of ④: the bar it would be on an axis that holds ④
        self.shown.update(linear_sliver=sliver)
        self.caption(self.s("cap_linear_log", t4=grew["t4"], c=grew["c"], r=fmt_num(sliver, 0)))
        self.play(Indicate(labels[3], color=self.emph, scale_factor=1.1), run_time=1.2)  # "④ = 192"
        # the axis stretches until ④ fits: its ticks become the record's wide ones, ④'s arrow goes, every bar and
        # value follows the axis, and ① shrinks to a hairline with its fraction of ④ beside it
        axis, vals, arrows, over = self.lin_stretch(axis, bars, vals, arrows, t1, over, sliver)
        while self.next_cue():  # "1/242 of ④'s bar": the two bars lit together
            self.play(Indicate(VGroup(bars[0], vals[0], axis[-1]), color=self.emph, scale_factor=1.1),
                      Indicate(VGroup(bars[3], vals[3]), color=self.emph, scale_factor=1.05), run_time=1.2)
        self.read_caption()
        self.lin_parts = dict(axis=axis, labels=labels, seats=new_seats, bars=bars, group=group, vals=vals, arrows=arrows,
                              over=over)
        self.lin_seats_now = (int(p1), int(q1))

    def lin_stretch(self, axis, bars, vals, arrows, t1, over, sliver):
        """The linear axis animated from its end to the record's wide end (linear_ticks_wide), which holds ④: the
        bars and their values follow, ④'s arrow goes (its bar now fits) and "1/242" is written beside ①'s hairline.
        Returns the new axis (the note in it), values, arrows and the rows still over the axis' end (none)."""
        d = self.data
        start, end = self.lin_end(), float(d.linear_ticks_wide[-1])
        self.lin_top = end  # the wide axis' ticks and the values' places at its end
        wide = self.lin_axis(d.linear_ticks_wide)
        news = [self.lin_value(k, v) for k, v in enumerate(t1)]
        self.lin_top = start

        def follow(_m, a):
            self.lin_top = start + smooth(a) * (end - start)
            for k in range(4):
                self.lin_place(bars[k], k, t1[k])
        # the old tick values gone in the first third, the new in over the last: never two sets printed together
        self.play(UpdateFromAlphaFunc(VGroup(*bars), follow, rate_func=linear),
                  ReplacementTransform(axis[2], wide[2], rate_func=linear),
                  FadeOut(axis[3], rate_func=lambda t: smooth(min(1.0, 3.0 * t))),
                  FadeIn(wide[3], rate_func=lambda t: smooth(max(0.0, 3.0 * t - 2.0))), FadeOut(arrows, rate_func=linear),
                  *(ReplacementTransform(vals[k], news[k], rate_func=linear) for k in range(4)), run_time=2.4)
        self.lin_top = end
        self.remove(axis[3], arrows)
        axis.submobjects[2], axis.submobjects[3] = wide[2], wide[3]
        note = self.txt(f"1/{fmt_num(sliver, 0)}", size=LABEL, color=self.emph)
        note.next_to(news[0], RIGHT, buff=0.3)
        self.play(FadeIn(note, shift=0.15 * LEFT), run_time=0.6)
        axis.add(note)
        self.shown.update(linear_top=end, linear_sliver=sliver)
        return axis, news, VGroup(), []

    def lin_on_screen(self) -> list:
        """What of the linear chart is still on screen (the log chart's section keeps it, to turn it into its own)."""
        lin = self.lin_parts
        return [] if lin is None else [lin["axis"], lin["labels"], lin["seats"], lin["group"], *lin["vals"], lin["arrows"]]

    def lin_to_log(self) -> list:
        """The animations that turn the linear chart into the log one at the same seats: each bar moves to its row
        and its log length (an arrow that carried a bar on becomes part of its bar, which now fits), the seats'
        names become the sliders' knobs and numbers (the linear axis, its row names and values have gone: lin_fade)."""
        lin = self.lin_parts
        bars, arrows, over = lin["bars"], lin["arrows"], lin["over"]
        self.remove(lin["group"])
        self.add(*bars, arrows)
        moves = [ReplacementTransform(VGroup(b, arrows[over.index(k)]) if k in over else b, self.bars[k])
                 for k, b in enumerate(bars)]
        return [*moves, FadeIn(VGroup(self.p_knob, self.q_knob, self.p_num, self.q_num))]

    def lin_fade(self) -> list:
        """The linear chart's words and numbers (its axis with its ticks and "1/242", row names, seats, values) going,
        as "now on one log scale" comes and before the log chart's come in: never two sets of labels at once."""
        lin = self.lin_parts
        return [] if lin is None else [FadeOut(VGroup(lin["axis"], lin["labels"], lin["seats"], *lin["vals"]))]

    def lin_done(self) -> None:
        """After lin_to_log: the linear chart's leftovers gone, the log chart's bars drawn as part of its live group."""
        lin = self.lin_parts
        self.remove(lin["axis"], lin["labels"], lin["seats"], *lin["vals"], lin["arrows"], *self.bars[:4])
        self.add(self.live)
        self.lin_parts = None
