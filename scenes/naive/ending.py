"""naive_position's ending (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the
same two words at the same seats with sinusoidal position rows PE(p), PE(q) added instead of the seat
numbers. In one move each bar turns from its seat-number term into its sin/cos term
(engine.naive.sincos_terms) while its formula (E⋅PE(q), PE(p)⋅E′, PE(p)⋅PE(q)) and its number change
in the same frames; a dashed line marks the most PE(p)⋅PE(q) can be, ⌈d/2⌉, with the sum of cosines
it is written beside it, and p − q beside ④'s row. Then the seats walk the same stops again (the record's sincos_stop_terms):
no bar grows with the seat, and ④ is at the line wherever p = q and below it when the seats part (it
depends on p − q only): the chart keeps its scale throughout, only the decades no bar reaches any
more fade away to give the gap plot room as the bound's line comes (the scale itself unchanged); the negative key stays on
the chart, shortened, once the sliders' line gives way. The rows PE(p), PE(q) stay above the chart through the walk, their
entries following the seats. The content term's share is read off and said to be the pair's, not sin/cos's. The
conclusion is scenes.naive.summary.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (DOWN, LEFT, RIGHT, UP, BackgroundRectangle, Create, DashedLine, FadeIn, FadeOut, Indicate,
                   LaggedStart, ValueTracker, VGroup, linear, smooth)

from engine.naive import sincos_rows, sincos_terms
from look import fmt_num
from scenes.naive.bars import GRID_BOTTOM, GRID_TOP, ROW_YS, SMALL
from scenes.naive.values import fmt_point, share, shown_entries, slots
from scenes.naive.gapplot import BESIDE_DIAL, BOX, MANY_D
from scenes.naive.pairdials import BIG_AT, BIG_R, MAX_DIAL_D
from scenes.naive.ghost import NARROW_X1
from scenes.naive.walk import seat_at_gap
from scenes.parts.glyphs import GlyphNumber

PE = r"\mathrm{PE}"
PE_TOP = 3.0  # the PE rows' card stays under the title
LEFT_OF_BOUND = NARROW_X1 + 0.1  # the bound's formula starts right of the folded axis


def half_d(d_model: int, bound: int) -> str:
    """How the bound is written: d/2 = 4, or (d + 1)/2 = 5 for an odd width."""
    return f"d/2 = {bound}" if d_model % 2 == 0 else f"(d + 1)/2 = {bound}"


def bound_tex(d_model: int, bound: int) -> str:
    """The bound as a formula: PE(p)⋅PE(q) = Σ_i cos(ω_i (p − q)) ≤ d/2 (a sum of d/2 cosines; an odd
    width adds one sin² term, so only the bound is written)."""
    if d_model % 2:
        return rf"{PE}(p)\cdot {PE}(q)\le {bound}"
    return rf"{PE}(p)\cdot {PE}(q)=\sum\nolimits_i \cos(\omega_i(p-q))\le {bound}"


class NaiveEnding:
    """Needs from the scene: the bar machine (scenes.naive.bars.NaiveBars) after the swap."""

    def bound_line(self):
        """A dashed line at ⌈d/2⌉ on the bar chart, and over the gap plot the sum of cosines
        PE(p)⋅PE(q) is, at a size read from the back row."""
        pal, d = self.pal, self.data
        x = self.x_of(float(d.sincos_bound))
        dash = DashedLine([x, GRID_TOP, 0], [x, GRID_BOTTOM, 0], color=pal.accent, stroke_width=3, dash_length=0.12)
        # the line named where it stands: "max ④ / = 4", right of its top (under the fast pair's ω, left of the dial's
        # rim), on a card over the gridlines
        name = VGroup(*(self.txt(t.strip(), size=SMALL, color=pal.accent)
                        for t in self.s("bound_line", b=d.sincos_bound).split("\n"))).arrange(DOWN, aligned_edge=LEFT, buff=0.08)
        name.move_to([x + 0.25, (ROW_YS[0] + ROW_YS[1]) / 2 - 0.05, 0], aligned_edge=LEFT)
        card = BackgroundRectangle(name, color=pal.background, fill_opacity=1.0, buff=0.05)
        for m in name:
            self.label_on(m, card, self.axis[0])
        named = d.d_model % 2 == 0 and d.d_model <= MAX_DIAL_D  # at a wide d the bound's formula and the gap plot
        #   come beside the line's top: the formula names it there
        line = VGroup(dash, VGroup(card, name) if named else VGroup(VGroup(), VGroup()))
        formula = bound_tex(d.d_model, d.sincos_bound)
        if "=" in formula:  # "PE(p)⋅PE(q) =" over the sum and its bound: each line narrow enough for size 34
            head, _, rest = formula.partition("=")
            head, rest = head + "=", rest
        else:
            head, _, rest = formula.partition(r"\le")
            rest = r"\le" + rest
        label = VGroup(self.tex(head, size=40, color=pal.accent), self.tex(rest, size=40, color=pal.accent))
        label.arrange(DOWN, aligned_edge=LEFT, buff=0.12)  # two lines: whole formulas, as large as the room allows
        if label.width > 6.3 - LEFT_OF_BOUND:
            label.scale_to_fit_width(6.3 - LEFT_OF_BOUND)
        room = GRID_TOP - (BOX[3] + 0.5)  # under the PE rows' card, over the gap plot's d/2 label
        if label.height > room:
            label.scale_to_fit_height(room)
        label.move_to([LEFT_OF_BOUND, GRID_TOP, 0], aligned_edge=LEFT + UP)  # right of the short sin/cos bars, over the gap plot
        return line, label

    def gap_readout(self) -> VGroup:
        """p − q beside ④'s row, on a card in the chart's empty right half (sin/cos bars end near d)."""
        pal, d = self.pal, self.data
        color = self.term_colors[3]
        self.gap_num = GlyphNumber(0, decimals=0, width=slots(self.vmax_seat, 0), font=self.look.font,
                                   font_size=28, color=color, align="left")
        lab = self.tex("p-q=", size=34, color=color)
        group = VGroup(lab, self.gap_num).arrange(RIGHT, buff=0.14)
        lab.align_to(self.gap_num, DOWN)
        group.move_to([BOX[0] - 0.05, -2.3, 0], aligned_edge=LEFT)  # under the gap plot, clear of the axis values
        if d.d_model % 2 == 0 and d.d_model <= MAX_DIAL_D:  # the plot comes beside the fast pair's dial: under the dial
            group.move_to([BESIDE_DIAL[0] - 0.35, -2.3, 0], aligned_edge=LEFT)  # it names the plot's axis there
        group.shift(min(0.0, 6.3 - 0.05 - group.get_right()[0]) * RIGHT)  # a four-digit gap stays in the safe area
        card = BackgroundRectangle(group, color=pal.background, fill_opacity=1.0, buff=0.1)
        self.label_on(lab, card, self.axis[0])
        self.label_on(self.gap_num, card, self.axis[0])
        p, q = self.seats_now
        self.gap_num.set_value(p - q)
        self.shown["p_minus_q"] = p - q
        self.gap_card = VGroup(card, group)
        return self.gap_card

    def pe_rows(self) -> VGroup:
        """PE(p) and PE(q) at the seats on screen as rows of their d sines and cosines (engine.naive.sincos_rows),
        each after its seat, on a card in the sliders' place above the chart (they grow out of the sliders:
        scenes.naive.growrows.rows_from_sliders), so that no bar, number or gridline is covered. The rows stay through
        the walk: `set_pe_rows` rewrites their entries at every seat (scenes.naive.bars.set_seats)."""
        pal, d = self.pal, self.data
        font = self.look.font
        shown = shown_entries(range(d.d_model))  # the columns shown, "…" for the ones left out
        lines, self.pe_cells, self.pe_seats = [], [], []
        for name, color in (("p", pal.accent), ("q", pal.ok)):
            seat = GlyphNumber(0, decimals=0, width=slots(self.vmax_seat, 0), font=font, font_size=26, color=color,
                               align="left")
            cells = [GlyphNumber(0.0, decimals=2, width=5, font=font, font_size=26, color=color) if c != "…"
                     else self.txt("…", size=26, color=color) for c in shown]
            lab = self.tex(rf"{PE}({name})=", size=34, color=color)
            head = VGroup(self.tex(f"{name}=", size=34, color=color), seat).arrange(RIGHT, buff=0.1)
            seat.align_to(head[0], DOWN)
            row = VGroup(*cells).arrange(RIGHT, buff=0.18)
            line = VGroup(head, lab, row).arrange(RIGHT, buff=0.3)
            for m in (head, lab):
                m.align_to(row, DOWN)
            lines.append(line)
            self.pe_seats.append(seat)
            self.pe_cells.append([(c, cell) for c, cell in zip(shown, cells) if c != "…"])
        block = VGroup(*lines).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        if block.width > 12.4:
            block.scale_to_fit_width(12.4)
        block.move_to([0, (PE_TOP + GRID_TOP) / 2 + 0.05, 0])  # between the title and the chart's top
        card = BackgroundRectangle(block, color=pal.background, fill_opacity=1.0, buff=0.1)
        for m in block.get_family():
            self.label_on(m, card)
        self.set_pe_rows(*self.seats_now)
        return VGroup(card, block)

    def set_pe_rows(self, p: int, q: int) -> None:
        """The PE rows' entries and seats at whole seats p, q (engine.naive.sincos_rows), and the record."""
        pe = sincos_rows([p, q], self.data.d_model)  # (2, d)
        for seat, cells, v, row in zip(self.pe_seats, self.pe_cells, (p, q), pe):
            seat.set_value(v)
            for c, cell in cells:
                cell.set_value(float(row[c]))
        self.shown["pe_rows"] = {"p": p, "q": q, "pe_p": [round(float(v), 2) for v in pe[0]],
                                 "pe_q": [round(float(v), 2) for v in pe[1]]}

    def slider_line(self) -> list:
        """What sits above the chart: both sliders, their knobs and numbers, the words and the legend (each
        animated on its own: a new group holding them would take the knobs out of the bars' live group)."""
        return [*self.bar_statics[:2], self.p_knob, self.q_knob, self.p_num, self.q_num, self.word_label, self.d_label,
                self.axis[2]]  # the axis' title on the line above the chart: it comes back under the chart with the fold

    def key_in_chart(self) -> VGroup:
        """The legend "hollow = negative" leaves the line above the chart (the PE rows take it), but stays on
        screen while hollow bars can be drawn: the hollow swatch and "negative", framed as a key, on ①'s row, between ①'s bar and the
        dashed line (never across it, nor on the share's line under the total), right of the line when ①'s bar leaves
        no room left of it."""
        pal = self.pal
        swatch = self.hollow[0].copy()
        word = self.s("hollow").partition(" = ")[2] or self.s("hollow")  # "negative": the swatch is the "hollow"
        key = VGroup(swatch, self.txt(word, size=SMALL, color=pal.ink)).arrange(RIGHT, buff=0.12)
        line_x = self.x_of(float(self.data.sincos_bound))
        x = self.bars[0].get_right()[0] + 0.2
        if x + key.width > line_x - 0.15:  # no room left of the dashed line: right of it
            x = max(line_x, self.bars[0].get_right()[0]) + 0.2
        key.move_to([x, ROW_YS[0], 0], aligned_edge=LEFT)
        card = BackgroundRectangle(key, color=pal.background, fill_opacity=1.0, buff=0.06)
        card.set_stroke(pal.muted, width=1.5, opacity=1.0)  # framed: a key, not a word about ①'s bar beside it
        for m in key.get_family():
            self.label_on(m, card, self.axis[0])
        return VGroup(card, key)

    def to_sincos(self, *others, run_time: float = 2.6) -> None:
        """One slow move: every bar from its seat-number term to its sin/cos term on the fixed log scale, the old
        numbers gone at its start (the record switching then, the PE rows with it) and the new numbers in at its end.
        The rows keep their short names: what each term now is, the rows PE(p), PE(q) above the chart say."""
        d = self.data

        def switch():
            self.encoding = "sin/cos"
            self.shown["encoding"] = "sin/cos"  # the terms in `shown` are the sin/cos ones from here on
            self.pe_shown = True  # the rows, logged from the frame the seat-number numbers are gone
            self.set_pe_rows(*self.seats_now)

        # the numbers cross-fade as the bars move, ④ with 3 decimals from here on (a sum of cosines)
        self.morph_terms(d.swap_terms, d.sincos_terms, *others, run_time=run_time, at_half=switch,
                         crossfade=True, decimals=[self.c_dec, 3, 3, 3, 3], switch=0.5, numbers_in=0.5,
                         rate_func=lambda s: 1.0 - (1.0 - s) ** 2)  # moving from its first frame, as the cue comes

    def ending(self):
        pal, d = self.pal, self.data
        hb = half_d(d.d_model, d.sincos_bound)
        if self.swap_note in self.mobjects:  # gone before the bound's formula comes
            self.play(FadeOut(self.swap_note), run_time=0.5)
            self.remove(self.swap_note)
        # swamped: the swap's last cue has just said it, so the section starts with the fix
        intro = "" if self.swamped else self.s("cap_sincos_later")
        t1, t2 = fmt_num(d.swap_terms[3], 0), fmt_point(d.sincos_terms[3], 3)  # ④ before and after, as drawn
        self.section("sincos", intro + self.s("cap_sincos", hb=hb, d=d.d_model, t1=t1, t2=t2),
                     keep=[*self.kept_bars])
        self.fraction_away(between=self.chapter_card)  # the p/N number lines go, the chapter's card, then the chart
        if intro:  # the raw seats' ④, as they are judged
            self.walk(self.bars[3], self.bars[4], every=1.6, until_read=False)
        # "so positions are encoded with sin and cos": each slider becomes its row (scenes.naive.growrows); then,
        # in one slow move while "with sin/cos rows in place of p and q, ④ falls from 1152 to 4.000" is read, the
        # title changes and every bar turns to its sin/cos term, ④ leaving a ghost of its 1152 bar
        above = self.slider_line()
        key = self.key_in_chart()
        # the old legend gone before the new one comes (never two on screen); the words and seats stay until the rows come
        self.play(FadeOut(self.hollow, rate_func=lambda t: smooth(min(1.0, 2.0 * t))),
                  FadeIn(key, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=0.8)
        statics = self.bar_statics.submobjects
        statics[statics.index(self.hollow)] = self.hollow = key
        # "so positions are encoded with sin and cos": each slider becomes its row PE(p), PE(q) at the seat it
        # shows (scenes.naive.growrows), the words and d above the chart making way; the bars are still the
        # seat-number terms until the next cue. Before it, "values that stay bounded …": ④'s bar, which has no
        # bound, and the seat numbers that feed it, lit while the need is read
        #   ("… one seat apart the same step": the two seat numbers, one seat apart on the slider, lit next)
        lit = ((self.bars[3], self.p_num, self.q_num), (self.p_knob, self.q_knob, self.p_num, self.q_num))
        k = 0
        while self.cues_log and self.s("mark_encoded") not in self.cues_log[-1]["text"]:
            if self.cue_left() > 1.3:
                self.play(*(Indicate(m, color=self.emph, scale_factor=1.05 if m is self.bars[3] else 1.3)
                            for m in lit[min(k, 1)]), run_time=min(2.0, self.cue_left() - 0.3))
            k += 1
            if not self.next_cue():
                break
        self.until_cue(self.s("mark_encoded"))
        rows = self.pe_rows()
        self.shown.pop("pe_rows", None)  # logged from the frame the rows' numbers come in
        self.pe_card = rows
        self.rows_from_sliders(rows, *(m.animate(rate_func=lambda t: smooth(min(1.0, t / 0.3))).fade(1.0)
                                       for m in above[-3:]), run_time=max(2.0, min(3.0, self.cue_left() - 0.1)))
        self.until_cue(t1)
        ghost = self.seat_ghost(t1)
        # as slowly as the cue allows: 4.000 is in by its middle, and within 1.5 s of it (the teaching gate's
        # SYNC_LAG), a frame to spare
        fall = max(1.0, min(1.4, 0.5 * self.cue_left() - 0.45))
        self.to_sincos(*self.new_title("title_sincos"), FadeIn(ghost[1], rate_func=lambda t: smooth(min(1.0, 3.0 * t))),
                       run_time=fall)
        self.title_done()
        # "… and ② and ③ change with it": their new numbers lit in turn while the rest of the cue is read (a long
        # cue, as at wide d, would otherwise stand still)
        k = 0
        while self.cue_left() > 3.0:
            self.play(Indicate(self.values[1 + k % 2], color=self.emph, scale_factor=1.15),
                      run_time=min(2.0, self.cue_left() - 1.0))
            k += 1
        self.until_cue("PE(p)")  # "the rows PE(p) and PE(q) hold d numbers each": each row pointed at
        self.play(*(Indicate(line[1], color=self.emph, scale_factor=1.15) for line in rows[1]), run_time=1.2)
        self.until_cue("−1")  # "between −1 and 1": read with the rows' numbers pulsing
        cells = [cell for line in self.pe_cells for _, cell in line]  # PE(p)'s sines and cosines, then PE(q)'s
        self.play(LaggedStart(*(Indicate(c, color=self.emph, scale_factor=1.2) for c in cells), lag_ratio=0.15),
                  run_time=2.6)
        self.until_cue("p − q")  # "a sum of cosines of p − q, never above d/2 = 4": the decades no bar reaches fade
        # (the scale itself unchanged, the ghost broken at the fold) as the bound's line and formula come
        gap = self.gap_readout()
        dials_now = d.d_model % 2 == 0 and d.d_model <= MAX_DIAL_D  # the line's name would stand on the formula
        line, bound = self.bound_line()
        self.bound_dash, self.bound_formula = line, bound
        self.on_fold = list(line[1][1])  # the line's name, on its card, over the folded axis' gridlines too
        key = self.hollow  # at a wide d the key stands where the bound's formula comes: it gives way for good
        key_off = key.get_right()[0] > bound.get_left()[0] - 0.05 and key.get_top()[1] > bound.get_bottom()[1] - 0.05
        if key_off:
            self.play(FadeOut(key), run_time=0.3)
            self.bar_statics.remove(key)
            self.remove(key)
        self.fold_chart(FadeIn(gap, shift=0.1 * LEFT), Create(line[0]), FadeIn(bound, shift=0.1 * DOWN),
                        *([] if dials_now else [FadeIn(line[1])]))  # with the dials: named when the formula leaves
        self.label_on(bound, self.axis[0])
        self.label_on(self.ghost[1][1], line)  # the ghost's value, on its card, may stand across the dashed line
        tag = self.ghost[1]
        if tag.get_left()[0] < line[0].get_x() < tag.get_right()[0]:  # (a wide d): its card drawn over the line
            self.bring_to_front(tag)
        dials = d.d_model % 2 == 0 and d.d_model <= MAX_DIAL_D
        if dials:
            self.read_caption()
        p_t, q_t = ValueTracker(float(self.seats_now[0])), ValueTracker(float(self.seats_now[1]))

        def bring_plot():  # ④ against p − q, its curve traced: the dot follows the seats from here on
            self.gap_plot = self.build_gap_plot()
            curve = self.gap_curve
            curve.set_stroke(opacity=0.0)
            trace = curve.copy().set_stroke(opacity=1.0)
            self._gap_trace = trace
            return [FadeIn(self.gap_plot), Create(trace, rate_func=linear)]

        if dials:  # why it is a function of p − q: one dial per (sin, cos) pair
            self.explain_pairs(p_t, q_t, bring_plot, hb)
        else:  # the curve traced while "a sum of cosines of p − q" is read
            self.play(*bring_plot(), run_time=max(1.0, self.caption_left() - 0.3))
            self.read_caption()
        self.remove(self._gap_trace)
        self.gap_curve.set_stroke(opacity=1.0)
        # a section of its own (a pause for the deck on ④'s bar, the dial and the curve): the same walk again, with
        # sin/cos; the seats go back to (0, 0) in one quick move before its first words are read, then walk the stops
        # "at p − q = 6 it is back at 3.78" only where the sweep dips and rises and the walk shows that gap
        # (GapPlot.gap_back): the cue names the gap and the value drawn when it is read
        returns = self.gap_back
        g_back, back = (returns[0], fmt_num(returns[1], 2)) if returns else (None, None)
        why = self.s("why_full_turn", g=abs(g_back)) if self.back_is_full_turn else ""
        self.read_caption()
        self.snap_seats(p_t, q_t)  # back at seat 0 before the cue "from seat 0" is read
        many_k = int(round((MANY_D // 2) / float(d.sincos_bound)))  # the many pairs' curve divided to fit (256 / 4)
        walk_text = (self.s("cap_sincos_walk", back=back, g=fmt_num(g_back, 0), why=why, n=d.sincos_bound,
                            step=self.step_caption(), mp=MANY_D // 2, mk=many_k) if returns
                     else self.s("cap_sincos_walk_plain"))
        self.section("walk", walk_text, keep=[m for m in self.mobjects if id(m) not in self._captions])
        self.stage_in()  # the dial and ④ against p − q take the stage while the seats walk (scenes.naive.stage)
        # the stops up to the first seats with p − q = g_back, then the rest with "it rises again, to 3.78 at
        # p − q = 6"; its last cue ("④ depends only on p − q; ② and ③ on the seats") is left for
        # both seats moving together
        def need_from(mark):
            at = next((k for k, cue in enumerate(self._queue) if mark in cue[0]), None)
            return sum(self._need(*cue) for cue in self._queue[at:]) if at is not None else 0.0

        together, climbing = need_from("②"), (need_from(back) if returns else 0.0)
        stops = [tuple(int(v) for v in s) for s in d.stops[1:]]
        # the walk stops at the first seats showing p − q = g_back (the move there passes one seat at a time),
        # and "it rises again, to 3.78 at p − q = 6" starts only then
        at = [(0, 0), *stops]
        k = next((i for i in range(len(stops)) if returns and seat_at_gap(at[i], stops[i], g_back)), None)
        if k is not None and climbing > together and together:
            there = seat_at_gap(at[k], stops[k], g_back)
            self.walk_parting(p_t, q_t, stops[:k], at[k], stops[k], there, back, climbing)
            self.until_cue(back)
            # held at p − q = g_back until "… 6 ≈ 2π, almost a full circle. So ④ is not a distance" has been read:
            # the fast pair's two points, almost together again, pulse (not the numbers, whose group drives them)
            self.draw_many_pairs(self.s("mark_many"), "p/N", self.held_points())  # "with hundreds of pairs …": that curve drawn
            self.pulse_until("p/N", self.held_points())
            self.step_same(p_t, q_t)  # unlike p/N, one seat apart is one step at every seat (scenes.naive.fixedstep)
            self.pulse_until("②", self.held_points())
            self.stage_out()  # the chart back for ② and ③
            # "④ depends only on p − q; ② and ③ on the seats": the last stop, then both seats together (p − q kept:
            # ④ holds, ② and ③ move)
            p, q = stops[-1]
            k = min(p, q) // 2
            self.walk_seats(p_t, q_t, [(p, q), (p - k, q - k), (p, q)], tail=0.5)
        else:
            if stops:  # the step's cues (scenes.naive.fixedstep), then the last, left for after the walk
                self.walk_seats(p_t, q_t, stops, tail=(need_from("p/N") or together) + 0.3 if together else 1.0)
            if together:
                self.step_same(p_t, q_t)
                self.pulse_until("②")
                self.stage_out()
                p, q = self.seats_now
                k = min(p, q) // 2
                self.walk_seats(p_t, q_t, [(p - k, q - k), (p, q)], tail=0.5)  # p − q kept: ④ holds, ② and ③ move
        raw = fmt_num(100.0 * d.swap_content_share, 2)  # ①'s share at the same seats with seat numbers
        self.shown["share_with_seat_numbers_pct"] = 100.0 * d.swap_content_share
        first = 100.0 * share(sincos_terms(d.e, d.e2, *d.stops[-1]))  # the first pair at the same seats, sin/cos
        self.shown["first_pair_sincos_share_pct"] = first
        c = fmt_num(d.sincos_terms[0], self.c_dec)
        helped = d.sincos_content_share > d.swap_content_share  # "only its share grew: ① itself is still …"
        text = self.s("cap_sincos_end", share=fmt_num(100.0 * d.sincos_content_share, 2), a=d.words[2], b=d.words[1],
                      raw=raw, helps=self.s("sincos_helps", c=c) if helped else self.s("sincos_small"))
        # one picture for the one sentence: ①'s share with seat numbers beside its share now, then ①'s bar, which
        # stays small because this pair's words are nearly orthogonal
        self.caption(text)
        was = self.share_before(raw)
        self.point_at_marks(("%", self.share_group), (d.words[2], self.bars[0]), hop=True, dwell=1.2, pulse=True)
        self.play(FadeOut(was), run_time=0.3)  # gone before the axis' words come back on its line
        self.remove(was)
        self.softmax_again()  # the opening's harm closed: the same attention row with sin/cos (scenes.naive.softmax)
        self.conclusion(gap)
