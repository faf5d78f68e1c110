"""naive_position's bar machine (seed 001, lesson 5 second station, the bar machine: "每一长条都按同一个
刻度尺画"): the p and q sliders, the four terms of (E + p)⋅(E′ + q) and their total as bars on ONE
fixed log scale (the record's `decades`: the axis never rescales, so ④ = p⋅q⋅d is seen to grow while
① stays where it is), a hollow bar for a negative term (its legend above the chart), "< 0.1" on a row whose
size is under the lowest gridline (never read as zero), and ①'s share of the four sizes under the labels,
named as a share of |①|+|②|+|③|+|④| (not of the total printed beside it). The seats only move forward (engine.naive.naive_stops), in whole seats:
`set_seats` draws the terms at whole seats p, q (engine.naive.naive_terms on the record's vectors): every number is
the engine's for that seat; `morph_terms` carries the bars from one set of engine values to another (another word,
sin/cos). The readings (× 10 per gridline, ④ as a multiple of ①): scenes.naive.readings. Mixed into NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, Dot, FadeIn, FadeOut, Line, Rectangle, ValueTracker, VGroup,
                   VMobject, smooth, there_and_back)

from engine.naive import naive_terms, sincos_terms
from look import fmt_num
from scenes.naive.values import PointNumber, decade_label, share, slots
from scenes.parts.glyphs import GlyphNumber

AX_X0, AX_X1 = -1.5, 6.0  # the log axis: x of its lowest and highest gridline
LABEL_X = -1.7  # the row labels' right edge
ROW_YS = (1.42, 0.66, -0.1, -0.86, -1.62)  # ① ② ③ ④, then the total: each row's name and number a clear gap apart
SMALL = 26  # the smallest words of the bars (the slider's seats, the legend, the share's words)
SHARE = 28  # ①'s share's words (its number at VALUE): its "100.00%" ends left of the axis' first value
VALUE = 32  # the chart's numbers: each row's value, the gridlines' values, the ghost's and the ratio's (digits over 3 %
#   of the frame height as read off a still)
LABEL = 26  # the rows' names, the words compared, the swap's notes: digits ≈ 25 px at 720p (28 pushes the
#   Chinese sin/cos row names out of the safe area)
FORMULA = 34  # the linear chart's seats (TeX size)
ROW_NAME = 28  # the rows' short names ("① content"): digits over 3 % of the frame height
TERM_TEX = (r"E\cdot E'", r"q\,\Sigma E", r"p\,\Sigma E'", r"p\,q\,d")  # the terms as the formula writes them
BAR_H = 0.34
GRID_TOP, GRID_BOTTOM = 1.76, -1.8
TICK_Y, AXIS_Y = -2.03, -2.4  # the gridlines' values; the folded axis' short title under them (sin/cos)
SHARE_Y = -2.25  # the share's line, left of the axis: under the total's number, over the captions
WORDS_Y = 2.03  # the line above the chart: the words compared, the legend and, right, what the axis measures
SLIDER = {"p": (-5.4, -1.9), "q": (1.9, 5.1)}  # "d = 8" between them, clear of both
SLIDER_Y = 2.72
LABEL_STEPS = (1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500)


class NaiveBars:
    """Needs from the scene: data, vmax_seat, c_dec, term_colors, pal, look, s, txt, tex, section, caption,
    play, wait, shown, formula, term_marks, emph (scenes.naive_position)."""

    def slider(self, name, color):
        pal = self.pal
        x0, x1 = SLIDER[name]
        n_slots = max(2, slots(self.vmax_seat, 0) - 1)
        if name == "q":  # a wider number (a far seat) keeps the right edge: the track gives way
            x1 -= 0.22 * max(0, n_slots - 4)
        self.slider_x[name] = (x0, x1)
        track = Line([x0, SLIDER_Y, 0], [x1, SLIDER_Y, 0], stroke_color=pal.muted, stroke_width=3)
        ticks = VMobject(stroke_color=pal.muted, stroke_width=2)
        labels = VGroup()
        top = int(self.vmax_seat)
        if top <= 12:
            label_step = 3 if top >= 6 else 1  # the lesson's 0, 3, 6, 9, 12
        else:
            label_step = next((s for s in LABEL_STEPS if top / s <= 5), LABEL_STEPS[-1])
        tick_step = 1 if top <= 40 else label_step
        for v in range(0, top + 1, tick_step):
            x = x0 + (x1 - x0) * v / top
            ticks.start_new_path(np.array([x, SLIDER_Y - 0.06, 0.0]))
            ticks.add_line_to(np.array([x, SLIDER_Y + 0.06, 0.0]))
            if v % label_step == 0:
                labels.add(self.txt(str(v), size=SMALL, color=pal.muted).move_to([x, SLIDER_Y - 0.3, 0]))
        knob = Dot(radius=0.1, color=color).move_to([x0, SLIDER_Y, 0])
        lab = self.tex(f"{name} =", size=34, color=color)
        num = GlyphNumber(0, decimals=0, width=n_slots, font=self.look.font, font_size=28, color=color,
                          align="left")
        lab.next_to(track, LEFT, buff=0.25)
        num.next_to(track, RIGHT, buff=0.2)
        lab.align_to(num, DOWN)
        return VGroup(track, ticks, labels, lab), knob, num

    def x_of(self, v: float) -> float:
        """x of |v| on the fixed log axis (the axis' left end for values below its lowest gridline)."""
        lo, hi = float(self.data.decades[0]), float(self.data.decades[-1])
        if v <= 0:
            return AX_X0
        return AX_X0 + (self.ax_x1 - AX_X0) * float(np.clip((np.log10(v) - lo) / (hi - lo), 0.0, 1.0))

    ax_x1 = AX_X1  # the axis' right end: narrower once the gap plot takes the right half (scenes.naive.ending)

    def build_axis(self, title_key: str = "axis", upto: float | None = None, beside: bool = False) -> VGroup:
        """Gridlines at the record's decades, their values below, and what the axis measures; with `upto`
        only the gridlines left of that x, at the same places (the scale never changes)."""
        pal, d = self.pal, self.data
        x_end = self.ax_x1 if upto is None else upto
        grid = VMobject(stroke_color=pal.muted, stroke_width=1.5, stroke_opacity=0.55)
        labels = VGroup()
        # every gridline named when they stand well apart (else every other, from the lowest); the lowest, the
        #   bars' left edge, always: a bar's length is read from there
        spacing = (self.ax_x1 - AX_X0) / max(1, len(d.decades) - 1)
        every = 1 if spacing >= 1.1 or len(d.decades) <= 3 else 2
        crowded = False
        for j, k in enumerate(d.decades):
            x = self.x_of(10.0 ** int(k))
            if x > x_end + 1e-6:
                continue
            grid.start_new_path(np.array([x, GRID_TOP, 0.0]))
            grid.add_line_to(np.array([x, GRID_BOTTOM, 0.0]))
            if j % every == 0 and not (j == 0 and crowded):
                plain = decade_label(int(k))
                lab = (self.txt(plain, size=VALUE, color=pal.muted) if plain is not None
                       else self.tex(f"10^{{{int(k)}}}", size=40, color=pal.muted))
                lab.move_to([x, TICK_Y - 0.02, 0])
                if j == 0:  # the left edge's value starts at the edge: clear of the total's number over it
                    lab.shift((x - 0.08 - lab.get_left()[0]) * RIGHT)
                lab.shift(min(0.0, 6.3 - lab.get_right()[0]) * RIGHT)  # the last value stays in the safe area
                labels.add(lab)
        kept = [int(k) for k in d.decades if self.x_of(10.0 ** int(k)) <= x_end + 1e-6]
        top = decade_label(kept[-1]) or f"10^{kept[-1]}"  # the highest gridline drawn: a folded axis says where it stops
        text = self.s(title_key, top=top)  # read from the back row, though grey; "\n" splits it beside the dial
        title = (VGroup(*(self.txt(t.strip(), size=LABEL, color=pal.muted) for t in text.split("\n"))).arrange(
            DOWN, aligned_edge=LEFT, buff=0.08) if beside else self.txt(text.replace("\n", ""), size=LABEL, color=pal.muted))
        if upto is None:  # the whole axis: its short title on the line above the chart, right (under it: values, share)
            title.move_to([6.3, WORDS_Y, 0], aligned_edge=RIGHT)
        elif beside:  # folded, the dial right of the fold: where the axis now stops, right of the fold, over its values'
            #   line (clear of the values under the gridlines and of the share's line)
            title.move_to([x_end - 0.2, TICK_Y + 0.28, 0], aligned_edge=LEFT)
        else:  # folded (sin/cos: the PE rows are above the chart): under the gridlines' values, from the axis' start
            title.move_to([AX_X0 - 0.1, AXIS_Y, 0], aligned_edge=LEFT).shift(min(0.0, 6.3 - title.get_right()[0]) * RIGHT)
        return VGroup(grid, labels, title)

    def build_bars(self):
        pal, d = self.pal, self.data
        self.slider_x = {}
        sp_static, self.p_knob, self.p_num = self.slider("p", pal.accent)
        sq_static, self.q_knob, self.q_num = self.slider("q", pal.ok)
        self.bars, self.values, self.row_labels, self.floor_marks = [], [], [], []
        # the largest value each number can show (|ΣE| of either first word; sin/cos terms are smaller)
        top_p, top_q = d.stops[:, 0].max(), d.stops[:, 1].max()
        sum_e = max(abs(d.e_sum), abs(float(d.e_swap.sum())))
        bounds = (float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))),
                  max(top_q * sum_e, abs(d.sincos_terms[1])), max(top_p * abs(d.e2_sum), abs(d.sincos_terms[2])),
                  top_p * top_q * d.d_model)
        bounds = bounds + (max(sum(bounds), float(np.abs(d.sincos_terms).sum())),)
        colors = tuple(self.term_colors) + (pal.ink,)
        decimals = (self.c_dec, 3, 3, 0, 3)  # ④ = p⋅q⋅d is whole at whole seats: "1152", not "1152.000"
        for k, y in enumerate(ROW_YS):
            # one short name a row: the terms' formulas were written once, in the expansion over the chart
            lab = VGroup(self.txt(self.s(f"t{k + 1}" if k < 4 else "total"), size=ROW_NAME,
                                  color=colors[k] if k < 4 else pal.ink))
            lab.move_to([LABEL_X, y + 0.215, 0], aligned_edge=RIGHT)
            n = max(6, slots(bounds[k], decimals[k]))  # a far seat's long number is set smaller: never past 9 slots' width
            val = PointNumber(0.0, decimals=decimals[k], width=n, font=self.look.font, font_size=min(VALUE, VALUE * 9 / n),
                              color=colors[k])
            val.move_to([LABEL_X, y - 0.165, 0], aligned_edge=RIGHT)  # under its own name, a gap apart, clear of the next
            bar = Rectangle(width=0.01, height=BAR_H, stroke_width=0, fill_color=colors[k], fill_opacity=0.9)
            bar.set_stroke(colors[k], width=2.5, opacity=0)
            bar.move_to([AX_X0, y, 0])
            self.row_labels.append(lab)
            self.bars.append(bar)
            self.values.append(val)
            # a size under the axis' lowest gridline has no bar: "< 0.1" there, so it never reads as zero
            low = self.txt("< " + (decade_label(int(d.decades[0])) or "min"), size=SMALL, color=colors[k])
            self.floor_marks.append(low.move_to([AX_X0 + 0.12, y, 0], aligned_edge=LEFT).set_opacity(0.0))
        # the sum's rule runs across the chart only: over the labels it would read as an overline of the formula
        rule = self.rule = Line([AX_X0 - 0.1, (ROW_YS[3] + ROW_YS[4]) / 2 - 0.02, 0],
                                [AX_X1, (ROW_YS[3] + ROW_YS[4]) / 2 - 0.02, 0], stroke_color=pal.muted, stroke_width=1.5)
        self.axis = self.build_axis("axis_short")
        self.shown["axis_top"] = float(10.0 ** d.decades[-1])  # the last gridline on screen (scenes.naive.ghost folds it)
        swatch = Rectangle(width=0.35, height=BAR_H * 0.8, stroke_width=2.5, stroke_color=pal.ink, fill_opacity=0)
        self.hollow = VGroup(swatch, self.txt(self.s("hollow"), size=SMALL, color=pal.ink)).arrange(RIGHT, buff=0.12)
        # "①'s share of |①| + |②| + |③| + |④|": what it is a share of, on screen (not of the total beside it)
        share_lab = self.txt(self.s("share"), size=SHARE, color=colors[0])  # one line: the caption names the four sizes
        self.share = GlyphNumber(1.0, decimals=2, width=7, suffix="%", font=self.look.font, font_size=VALUE,
                                 color=colors[0], align="left")
        # one line under the axis' values' line, left of the axis: clear under the total's number, over the captions
        share_lab.move_to([-6.3, SHARE_Y, 0], aligned_edge=LEFT)
        self.share.next_to(share_lab, RIGHT, buff=0.15).align_to(share_lab, DOWN)
        self.share_group = VGroup(self.share)  # what is pointed at: the share itself (a box round its words would cross
        #   the line over them or the caption band under them)
        self.word_label = self.txt(self.s("words", a=d.words[0], b=d.words[1]), size=LABEL, color=pal.muted)
        self.word_label.move_to([-6.3, WORDS_Y, 0], aligned_edge=LEFT)
        # the legend on the line above the chart, after the words: clear of every row and number
        self.hollow.move_to([self.word_label.get_right()[0] + 0.4, WORDS_Y, 0], aligned_edge=LEFT)
        self.bar_statics = VGroup(sp_static, sq_static, self.axis, rule, self.hollow, share_lab)
        self.live = VGroup(*self.bars, *self.values, *self.floor_marks, self.p_knob, self.q_knob, self.p_num, self.q_num, self.share)
        self.kept_bars = [self.bar_statics, self.word_label, self.live]  # what the later sections keep
        self.e_now = d.e
        self.word_now = d.words[0]
        self.seats_now = None
        self.gap_num = None  # p − q, shown with sin/cos (scenes.naive.ending)
        self.gap_plot = None  # ④ against p − q, shown with sin/cos (scenes.naive.gapplot)
        self.pe_shown = False  # the PE(p), PE(q) rows above the chart, with sin/cos (scenes.naive.ending)
        self.encoding = "seat numbers"  # or "sin/cos": which terms set_seats draws
        self.shown["encoding"] = self.encoding
        self.set_seats(*getattr(self, "lin_seats_now", (0, 0)))  # the linear chart's seats: it becomes this chart

    def draw_terms(self, terms, numbers: bool = True) -> None:
        """Bars (and, with `numbers`, the values) of the four terms and their total."""
        total = float(np.sum(terms))
        for k, (bar, val, y, v) in enumerate(zip(self.bars, self.values, ROW_YS, list(terms) + [total])):
            width = self.x_of(abs(v)) - AX_X0
            bar.stretch_to_fit_width(max(width, 1e-4))
            bar.move_to([AX_X0 + width / 2, y, 0])
            negative = v < 0 and width > 0
            bar.set_fill(opacity=0.0 if negative else (0.9 if width > 0 else 0.0))
            bar.set_stroke(opacity=1.0 if negative else 0.0)
            if numbers:
                val.decimals = 0 if v == 0.0 else self.term_decimals(k)  # a zero term reads "0" on every row
                val.set_value(v)
        self.mark_floor(list(terms) + [total])
        if numbers:
            self.share.set_value(100.0 * share(terms))
            self.log_terms(terms)

    def mark_floor(self, values) -> None:
        """"< 0.1" on each row whose size is above zero but under the axis' lowest gridline."""
        floor = 10.0 ** float(self.data.decades[0])
        for mark, v in zip(self.floor_marks, values):
            mark.set_opacity(1.0 if 0.0 < abs(v) < floor else 0.0)

    def log_terms(self, terms) -> None:
        """The record: the four terms, their total and ①'s share now on screen."""
        self.shown.update({f"term_{k + 1}": float(v) for k, v in enumerate(terms)}, total=float(np.sum(terms)),
                          content_share_pct=100.0 * share(terms))
        self.note_drawn()  # the readouts as drawn (scenes.naive.walk)

    def term_decimals(self, k: int) -> int:
        """Decimals of row k's number: ④ = p⋅q⋅d is whole with raw seats (none); with sin/cos 3 (a sum of cosines)."""
        if k == 3:
            return 0 if self.encoding == "seat numbers" else 3
        return self.c_dec if k == 0 else 3

    def set_seats(self, p: int, q: int) -> None:
        """Draw the four terms and the total for whole seats p, q on the fixed log axis; log them (the bars last)."""
        for name, v, knob in (("p", p, self.p_knob), ("q", q, self.q_knob)):
            x0, x1 = self.slider_x[name]
            knob.move_to([x0 + (x1 - x0) * v / self.vmax_seat, SLIDER_Y, 0])
        self.p_num.set_value(p)
        self.q_num.set_value(q)
        if self.gap_num is not None:  # with sin/cos: the gap ④ depends on
            self.gap_num.set_value(p - q)
            self.shown["p_minus_q"] = p - q
        if self.gap_plot is not None:
            self.place_gap_dot(p, q)
        if self.pe_shown:
            self.set_pe_rows(p, q)
        if self.pair_dials is not None:  # why ④ depends on p − q only (scenes.naive.pairdials)
            self.set_pair_dials(p, q)
        self.seats_now = (p, q)
        self.shown.update({"p": p, "q": q, "word": self.word_now})
        terms = naive_terms if self.encoding == "seat numbers" else sincos_terms
        self.draw_terms(terms(self.e_now, self.data.e2, p, q))  # (4,), last: the record then logs all as drawn

    def morph_terms(self, before, after, *others, run_time: float = 2.0, at_half=None, each=None,
                    crossfade: bool = False, decimals=None, switch: float = 0.5, numbers_in: float = 0.5,
                    rate_func=smooth) -> None:
        """The bars grow or shrink from the terms `before` to `after` (each size moving on the log axis),
        with `others` played alongside; the numbers (and the record) change to `after` halfway, in the
        same frame as `at_half()` is called (what else changes with them); `each(s)` is called every frame
        with the move's progress s (0 → 1). With `crossfade` the old numbers fade out in the move's first
        half and the new fade in during its second, as the bars move (the record still switches halfway);
        `decimals` gives the new numbers theirs (the four terms and the total) when they are written
        differently. With `crossfade`, `switch` is where the old numbers are gone and the record switches
        (`at_half` then) and `numbers_in` where the new start to fade in (a slow fall: old out early, the
        bars falling with no number beside them, the new in at the end); `rate_func` paces the move (a fall
        that starts moving in its first frame, as its cue comes, takes an ease-out). A term changing sign: its bar
        shrinks away in the first half (old style) and grows in the second (new style)."""
        a, b = np.asarray(before, dtype=float), np.asarray(after, dtype=float)  # (4,), (4,)
        a, b = np.append(a, a.sum()), np.append(b, b.sum())  # (5,)
        floor = 10.0 ** float(self.data.decades[0])
        la, lb = np.log10(np.maximum(np.abs(a), floor)), np.log10(np.maximum(np.abs(b), floor))  # (5,)
        t = ValueTracker(0.0)
        switched = []
        olds = [*self.values, self.share] if crossfade else []
        news = [n.copy() for n in olds]
        for n, dec in zip(news, decimals or ()):
            n.decimals = dec
        for n, v in zip(news, [*b, 100.0 * share(b[:4])]):
            n.set_value(v)
        self.add(*news)

        def fade(s):  # the old numbers out in the first half, the new in during the second: never overprinted
            gone, come = min(1.0, s / switch), max(0.0, (s - numbers_in) / (1.0 - numbers_in))
            for o, n in zip(olds, news):
                for g, h in zip(o.slots, n.slots):
                    g.set_fill(opacity=1.0 - gone)
                    h.set_fill(opacity=come)

        fade(0.0)

        def grow(_):
            s = t.get_value()
            if each is not None:
                each(s)
            fade(s)
            if s >= switch and not switched:
                switched.append(True)
                if at_half is not None:
                    at_half()
                if crossfade:  # the new numbers are already fading in: only the record switches
                    self.log_terms(b[:4])
                else:
                    self.draw_terms(b[:4])  # the numbers now; the bars are redrawn below
            for k, (bar, y) in enumerate(zip(self.bars, ROW_YS)):
                v = (a[k] if s < switch else b[k])
                size = 0.0 if (a[k] == 0 and b[k] == 0) else 10.0 ** ((1 - s) * la[k] + s * lb[k])
                if a[k] * b[k] < 0:  # a change of sign goes through zero, never a filled bar at a size neither has
                    lf = np.log10(floor)
                    size = 10.0 ** ((1 - 2 * s) * la[k] + 2 * s * lf if s < 0.5 else (2 - 2 * s) * lf + (2 * s - 1) * lb[k])
                    v = a[k] if s < 0.5 else b[k]
                width = self.x_of(size) - AX_X0
                bar.stretch_to_fit_width(max(width, 1e-4))
                bar.move_to([AX_X0 + width / 2, y, 0])
                negative = v < 0
                bar.set_fill(opacity=0.0 if negative else 0.9)
                bar.set_stroke(opacity=1.0 if negative else 0.0)
            self.mark_floor(a if s < switch else b)

        self.live.add_updater(grow)
        # the pace is the move's own: `others` keep theirs (play's rate_func would override every one)
        self.play(t.animate(rate_func=rate_func).set_value(1.0), *others, run_time=run_time)
        self.live.remove_updater(grow)
        self.draw_terms(b[:4])
        fade(1.0)
        for o in olds:  # the numbers themselves take over from their faded-in copies
            for g in o.slots:
                g.set_fill(opacity=1.0)
        self.remove(*news)

    def run_bars(self):
        d, pal = self.data, self.pal
        p_t, q_t = ValueTracker(0.0), ValueTracker(0.0)
        self.section("bars", self.s("cap_bars"),
                     keep=[self.formula, self.term_marks, self.factor_rows, self.d_label, *self.lin_on_screen()])
        f = self.formula
        # the formula's four terms travel to the rows and become their names (the same formula, moved and
        # scaled; each mark onto its label's mark); the rest of the formula (its + and =, the left side whose
        # path would cross every row, the factor rows) is gone first, and the rows' words, bars and numbers come
        # in once the terms have arrived: nothing is printed over anything on the way
        hand, arrived, words = [], [], []
        for k in range(4):  # each mark onto its row's mark; the formula itself is not repeated on every row
            lab = self.row_labels[k]
            mark = self.term_marks[k]
            hand.append(mark.animate.scale(lab[0][0].height / mark.height).move_to(lab[0][0]))
            arrived.append(mark)
            words.append(VGroup(*lab[0][1:]))
        rest = VGroup(*f, self.factor_rows)
        self.play(FadeOut(rest), *self.lin_fade(), run_time=0.5)  # the linear chart's labels gone with "log scale"
        # d on the sliders' line, between p's seat and q's name (the line above the chart names the axis)
        d_x = (self.p_num.get_right()[0] + self.bar_statics[1][3].get_left()[0]) / 2
        hand.append(self.d_label.animate.move_to([d_x, SLIDER_Y, 0]))
        if (from_linear := self.lin_parts is not None):  # the linear chart turns into this one: same bars, same seats
            self.play(*hand, FadeIn(self.bar_statics), FadeIn(self.word_label), *self.lin_to_log(), run_time=1.6)
            moved = (*self.bars[:4], self.p_knob, self.q_knob, self.p_num, self.q_num)
            self.play(*(FadeIn(w) for w in words), FadeIn(self.row_labels[4]),
                      *(FadeIn(m) for m in self.live if all(m is not x for x in moved)), run_time=0.6)
            self.lin_done()
            self.carry_ratio()  # "1/242" on the linear chart, "≈ 242 × ①" on ④'s bar while the log scale is read
        else:
            self.play(*hand, FadeIn(self.bar_statics), FadeIn(self.word_label), run_time=1.2)
            self.play(*(FadeIn(w) for w in words), FadeIn(self.row_labels[4]), FadeIn(self.live), run_time=0.6)
        self.remove(rest, *arrived)
        self.add(*self.row_labels)
        self.kept_bars += [*self.row_labels, self.d_label]
        # the log scale, read: each gridline's value in turn, the lines themselves pulsing
        grid, marks = self.axis[0], self.axis[1]
        self.play(grid.animate.set_stroke(width=4, opacity=1.0), rate_func=there_and_back, run_time=1.2)
        self.next_cue()  # "each gridline is ten times the one before": a ×10 arc hops from line to line
        if from_linear:  # the seats go back to where the walk starts once "the same seats" has been read, before "p = q = 0"
            self.drop_carried()
            self.snap_seats(p_t, q_t)
        self.hop_tens(marks)
        self.next_cue()  # "back at p = q = 0, only ① has a bar: the other three are zero" (scenes.naive.readings)
        self.read_zero_seats()

        self.caption(self.s("cap_move"))
        # the share falls while every cue of the caption is read; its last seconds point at ①'s share, then ④
        self.walk_seats(p_t, q_t, d.stops[1:], tail=2.0)
        p, q = (int(v) for v in d.stops[-1])
        self.walk(self.share_group, self.bars[3])
        self.seat_step()  # why that hurts: ④ grows by p × d per key seat (scenes.naive.readings)
        # the numbers are stated once the bars show them
        terms = d.stop_terms[-1]
        text = self.s("cap_bars_end", p=p, q=q, t4=fmt_num(terms[3], 0), c=fmt_num(terms[0], self.c_dec))
        if self.swamped:
            text += self.s("cap_bars_most", tot=fmt_num(d.stop_totals[-1], 3))
        self.caption(text)
        if self.swamped:
            self.show_ratio()  # ① to ④, measured on ①'s row
            if self.next_cue():  # "most of the total is ④": ④'s bar laid over the total's
                copy = self.bars[3].copy()
                self.play(copy.animate.move_to(self.bars[4], aligned_edge=LEFT).set_fill(opacity=0.6), run_time=1.4)
                self.wait(0.6)
                self.play(FadeOut(copy), run_time=0.5)
                self.remove(copy)
                self.read_caption()
                return
        self.walk(self.bars[3], self.bars[4])  # ①'s row holds the ratio's label: not boxed
