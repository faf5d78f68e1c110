"""pe_clock: clock hands give every seat a fingerprint (seed 001 "fingerprint", "distance" and
"angle table" stations; seed 002 §04).

Sections: intro → hands (57.3° per seat, 3162×; the dials turn 0 → 3 → 0) → run (seat 0 → 31,
the [32, 16] table fills; the slow hands' dials and columns lit as they are named) → compare (1.0147 for neighbours, 3.5091 the largest, seats 0 and 28) →
relative (moving 3 seats turns each hand by its own fixed angle, so PE(p)·PE(p + 3) = 5.5431 from starts 2,
11 and 28 while the rows PE(p), lifted out of the table, differ; seed 002 §05) → rotate (R_3 turns seat 2's hands onto
seat 5's and seat 11's onto 14's, scenes.clock.rotate) → lookback (a query matrix W_Q = 12·R_{-1}, applied to the row PE(p) (PE(p) R_{-1} = PE(p − 1)) after the dials turn back one seat: its scores ÷ √d, then their
softmax, give seats 5 and 20's weight to seats 4 and 19, 0.68 and 0.67; on the same rows, from seat 5, seat 4 scores 24.00 and
seat 6, also one seat away, 19.10: M = 12 R_{-1} is not symmetric, scenes.clock.lookback) → use (seed 001 station 1 answered: PE(p)
added to the word at seat p, the same look-back head (W_Q = 12 R_{-1}, W_K = I) on word vector + fingerprint: 五 asks,
十 is looked at; words only −10.24 in both orders, with the fingerprints 10.02 in 十五 (十 one seat back, where the
head looks) and 3.12 in 五十, engine.word_order.look_back_order) → summary; the numbers quoted are the seeds' (8 hands,
32 seats, base 10,000).

Any width, number of seats and base (studio.catalogue.accepts.clock): up to 8 hands each dial has its name, its
speed and its sin/cos; from 9 to 32 hands the dials are small, in a compact grid of 8 columns, with
their index only (the numbers are in the table). The table's cells shrink to fit, and its hand and
seat labels thin out. Every number, and every claim of a caption (ties, "the same angles", the largest
distance and its seats, the 十五 and 五十 scores), is read from the engine record (engine.positional.Fingerprint) for the values given.

The pieces: scenes.clock.strings (the words) and scenes.clock.apparatus (the dials, the fingerprint
table and set_seat), scenes.clock.summary (the closing picture); this module holds the framing, the run, the comparison, the relative angles and
the order of the scene.
"""
from __future__ import annotations

import re

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circumscribe, Create, FadeIn, FadeTransform, Indicate, Line, Rectangle, ReplacementTransform,
    SurroundingRectangle, TexTemplate, FadeOut, ValueTracker, VGroup, config, linear, smooth,
)

from look import fmt_num
from scenes.clock.apparatus import ClockApparatus
from scenes.clock.compare import CompareSection
from scenes.clock.dotsum import DotSumBeat
from scenes.clock.lookback import LookBackBeat
from scenes.clock.rotate import RotateBeat, turn_arc
from scenes.clock.seatswap import SeatSwapBeat
from scenes.clock.strings import STRINGS
from scenes.clock.summary import SummaryBeat
from scenes.clock.use import UseSection
from scenes.clock.wrap import WrapBeat
from scenes.parts.emphasis import read_with
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.lecture import LectureScene
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.textcache import math_tex

DECIMALS = {"table": 4, "adjacent_distance": 4, "max_distance": 4, "fastest_step_degrees": 1,
            "angle_table": 1, "speeds": 4, "max_over_adjacent": 2, "words_only": 4, "with_pe": 4,
            "angle_dots": 4, "angle_start_gaps": 4, "gap_distances": 4, "min_distance": 4,
            "terms": 4, "pe_dot": 4, "dot_terms": 4, "dot_terms_total": 4}
ZH_CPS = 6.5  # Chinese characters a second in this scene's cues (the pace rule's 7, with a margin)
# the captions' maths letters, slanted as the picture's TeX sets them: p, k, q, x, d and M ("PE(p + 3)", "q · k",
# "d = 16") and the PE of PE(·), never a letter of a word ("a", "hand's", "e.g.", the PE of "x + PE")
MATH_LETTER = re.compile(r"(?<![A-Za-z'’.])(?:[pkqxdM]|PE(?=\())(?![A-Za-z'’.])")
STRIP_H = 0.34  # a lifted row of the table: its cells read as numbers
RUN_S = 11.0  # seconds for the seats after the first slow ones: the table fills at about 2.5 rows a second
# the formulas' sub- and superscripts (ω_i, R_3, W_Q, p_q) at 9/10 of the formula's size instead of TeX's 7/10: at 36
# points a script digit stands about 3.5 % of the frame high, legible from the back row
SCRIPT_TEX = TexTemplate()
SCRIPT_TEX.add_to_preamble(r"\DeclareMathSizes{10}{10}{9}{7}")
PARK_CENTER, PARK_W, PARK_H = (-5.5, -1.55, 0.0), 1.7, 1.55  # the fingerprint table, small, under the dials, its name to its right


class PeClock(ClockApparatus, CompareSection, DotSumBeat, RotateBeat, LookBackBeat, WrapBeat, SummaryBeat, UseSection, SeatSwapBeat, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    caption_size = 28  # points: the captions stand above every label on the picture (26), lines ≥ 4.5 % of the frame
    min_cue_hold = 2.0  # seconds: a short cue ("相鄰座位差 1.0147。") stays long enough to find its number
    zh_every_char = True  # in Chinese, its numbers and formulas read at 7 characters a second too
    measure_scripts = True  # the teaching gate's size rule holds its formulas' subscripts to 3 % of the frame too

    def construct(self):
        d = self.data
        self.n_hands = d.d_model // 2
        self.add_title()
        self.intro()
        self.build_dials()
        self.build_table()
        self.run_seats()
        self.compare()
        self.relative()
        self.rotate_demo()
        self.look_back()
        self.use_fingerprint()
        self.summary()

    def tex(self, *s: str, size: float = 36, color: str | None = None):
        """A formula as LectureScene.tex draws it, its scripts at 9/10 of its size (SCRIPT_TEX)."""
        return math_tex(*s, font_size=size, color=color or self.pal.ink, tex_template=SCRIPT_TEX)

    def _need(self, text: str, mob, cue_id: str) -> float:
        """A cue's time; in Chinese, without a voice, every character (digits and punctuation too) at
        ZH_CPS a second, a margin under the 7 a second the cues must not exceed while the dials move."""
        need = super()._need(text, mob, cue_id)
        if self.voice is None and self.look.lang != "en":
            need = max(need, len("".join(text.split())) / ZH_CPS + 0.15)
        return need

    def until_cue_with(self, words: str) -> None:
        """Wait until the cue on screen holds `words` (at once if it does, or when no cue left does)."""
        while self.cues_log and words not in self.cues_log[-1]["text"] and self.caption_left() > self.cue_left():
            self.until_next_cue()

    def before_cue_with(self, words: str, run_time: float) -> bool:
        """Wait until `run_time` s before the caption's cue holding `words` comes in, so the animation that
        shows what it states is over as it starts; True when that cue is still to come (the caller then
        shows it with until_next_cue), False when it is on screen or no cue left holds it."""
        while self._queue and words not in self.cues_log[-1]["text"] and words not in self._queue[0][0]:
            self.until_next_cue()
        if self._queue and words in self._queue[0][0]:
            self.wait(max(0.0, self.cue_left() - run_time))
            return True
        return False

    def before_caption_read(self, run_time: float) -> None:
        """Wait until `run_time` s before the caption on screen has been read: what the next caption states is
        drawn by the time it comes in."""
        self.wait(max(0.0, self.caption_left() - run_time))

    # -- 1. framing --------------------------------------------------------------------------
    def intro(self):
        pal = self.pal
        left = self.token_strip("十", "五")
        right = self.token_strip("五", "十")
        pair = VGroup(left, right).arrange(RIGHT, buff=2.6).move_to(UP * 1.5)
        bag = self.token_strip("五", "十", boxed=False)
        bag[0].shift(UP * 0.22)  # a bag, not a word: the two characters at different heights
        bag[1].shift(DOWN * 0.22)
        bag_box = SurroundingRectangle(bag, buff=0.25, corner_radius=0.3, color=pal.accent)
        bag_group = VGroup(bag, bag_box).move_to(DOWN * 0.5)
        arrows = VGroup(
            *(Line(s.get_bottom() + DOWN * 0.1, bag_box.get_top() + UP * 0.1, stroke_color=pal.muted,
                   stroke_width=3).add_tip(tip_length=0.2) for s in (left, right)))
        same = self.txt(self.s("same"), size=26, color=pal.accent).next_to(bag_box, DOWN, buff=0.25)
        self.add(pair)  # the two orders are up before the caption that names them
        self.section("intro", self.s("cap_intro"), keep=[pair])
        self.play(Create(arrows), QuickFadeIn(bag_group), run_time=1.2)
        # "cannot tell 十五 from 五十": the two orders framed in turn; "same two vectors, same scores" is written as
        # the cue that says it comes in (a frame round each, never a wash: a washed box hides its characters)
        read_with(self, left, right, bag_group, outline=True, whole=True, cue=True)
        self.play(QuickFadeIn(same), run_time=0.6)
        read_with(self, same, bag_group, outline=True, whole=True)
        self.intro_group = VGroup(pair, bag_group, arrows, same)  # leaves as the formula is written (build_dials)

    def token_strip(self, *chars, boxed=True):
        pal = self.pal
        cells = VGroup()
        for ch in chars:
            t = self.txt(ch, size=56)
            if boxed:
                box = Rectangle(width=1.0, height=1.0, stroke_color=pal.ink, stroke_width=2.5,
                                fill_color=pal.panel, fill_opacity=1)
                cells.add(VGroup(box, t.move_to(box)))
            else:
                cells.add(t)
        return cells.arrange(RIGHT, buff=0.15 if boxed else 0.5)

    # -- 3. the run ------------------------------------------------------------------------
    def run_seats(self):
        pal, d = self.pal, self.data
        seat = ValueTracker(0.0)
        grid, marker = self.grid, self.marker
        first_row_y = grid.cell(0, 0).get_center()[1]
        cell_h = grid.cell(0, 0).height

        def follow(group):
            p = seat.get_value()
            self.set_seat(p)
            filled = int(np.floor(p + 1e-9)) + 1
            grid.show_rows(filled)
            marker.set_y(first_row_y - (filled - 1) * cell_h)
            self.shown["rows_filled"] = filled
            if frame_at:  # the slow hands' frame reaches down to the last filled row, never round empty ones
                top = frame_at[0].get_top()[1]
                bottom = min(grid.cell(filled - 1, 0).get_bottom()[1] - 0.03, top - 0.05)
                frame_at[0].stretch_to_fit_height(top - bottom).align_to([0, top, 0], UP)

        frame_at = []  # the frame round the slow hands' columns, once it is drawn

        live = VGroup(self.dial_group, self.number_group, grid, marker, self.seat_num)
        last = d.n_positions - 1
        self.section("run", self.s("cap_run", last=last, d=d.d_model),
                     keep=[self.formula, self.dial_group, self.number_group, self.speed_labels,
                           self.dial_statics, grid, self.table_labels, self.seat_label, self.seat_num])
        live.add_updater(follow)
        self.add(live)
        self.play(QuickFadeIn(marker), run_time=0.3)
        slow_n = min(4, last)  # the first seats slowly, one and a half seconds each
        self.play(seat.animate.set_value(slow_n), run_time=1.5 * slow_n, rate_func=linear)
        if last > slow_n:  # halfway, the slow hands are pointed out while the seat runs on
            mid = (slow_n + last) // 2
            self.play(seat.animate.set_value(mid), run_time=RUN_S * (mid - slow_n) / (last - slow_n), rate_func=linear)
            slow = self.slow_hands(last) if self.n_hands > 2 else []
            rims = [self.dials[h].face for h in slow]
            frame = self.hand_columns(slow, pal.accent) if slow else None
            if frame is not None:
                frame_at.append(frame)
                follow(live)  # sized to the rows filled so far before it is drawn
            if self.n_hands > 2:  # "the slow hands barely move": their dials' rims and their columns lit as it is said
                lit = [FadeIn(frame), *(r.animate.set_stroke(pal.accent, width=6) for r in rims)] if slow else []
                self.caption(self.s("cap_run_slow"), with_=lit, run_time=0.5)
            self.play(seat.animate.set_value(last), run_time=RUN_S * (last - mid) / (last - slow_n), rate_func=linear)
            self.wait(1)
            live.remove_updater(follow)
            if slow:
                self.play(QuickFadeOut(frame), *(r.animate.set_stroke(pal.ink, width=2.5) for r in rims), run_time=0.4)
            return
        self.wait(1)
        live.remove_updater(follow)

    def slow_hands(self, last: int) -> list:
        """The hands that turn under half a radian over the whole run (engine speeds): what "the slow hands barely move"
        points at. Empty when none is, or every hand is (then the caption would name them all)."""
        slow = [h for h in range(self.n_hands) if float(self.data.speeds[h]) * last < 0.5]
        return slow if len(slow) < self.n_hands else []

    # -- 5. the angle depends only on the gap ----------------------------------------------
    def lift_row(self, r: int, width: float, height: float, to, vmax: float = 1.0) -> tuple:
        """Row r of the fingerprint table as a strip of its own, first lying on the table's row, and
        the animation that lifts it to `to` at width × height (a copy moves out: the table stays); with `vmax`,
        it takes that colour scale on the way (the scale of the vectors it joins)."""
        cell = self.grid.row_group(r)
        strip = HeatmapGrid(self.data.table[r:r + 1], cell_w=width / self.data.d_model, cell_h=height,
                            palette=self.pal).show_rows(1)
        target = HeatmapGrid(self.data.table[r:r + 1], cell_w=width / self.data.d_model, cell_h=height,
                             palette=self.pal, vmax=vmax).show_rows(1).move_to(to)
        strip.stretch_to_fit_width(cell.width).stretch_to_fit_height(cell.height).move_to(cell)
        return strip, strip.animate.become(target)

    def relative(self):
        """Equal turns from every start (the angle table), then what they mean: PE(p + gap) is PE(p)
        turned by a fixed rotation, so PE(p)·PE(p + gap) is one number (engine angle_dots) while the
        rows PE(p), lifted out of the table, differ."""
        pal, d = self.pal, self.data
        gap = d.angle_gap
        hands = d.angle_hands
        n_starts = len(d.angle_starts)
        shown_dials = [self.dials[h] for h in hands]
        self.relative_dials = shown_dials
        xs = (-5.5, -3.3, -1.1)
        # each dial comes back from where it stood among the hands and grows into its place here
        was = [dial.copy().set_opacity(0) for dial in shown_dials]
        carried = []
        for j, h in enumerate(hands):  # the wrap beat's small dial of a hand moves into its place here, not faded
            if h < len(getattr(self, "wrap_small", ())):
                pic, small = self.wrap_small[h]
                pic.remove(small)  # out of the chart's leftovers, which fade
                self.add(small)
                was[j] = small  # cross-faded as it moves: a morph between two dials scattered their ticks
                carried.append(small)
        for dial, x in zip(shown_dials, xs):
            dial.scale(0.85 / (dial.face.width / 2)).move_to([x, 0.45, 0])
            dial.hub.scale(0.0765 / (dial.hub.width / 2))  # the hub as big dials have it, whatever the layout
            dial.hand.set_stroke(width=5)
        names = VGroup(*(self.txt(self.s("hand", i=h), size=28, color=pal.series[h]).next_to(
            dial, UP, buff=0.12) for h, dial in zip(hands, shown_dials)))
        title = self.txt(self.s("angles", gap=gap), size=28)
        header = [self.txt(self.s("start", a=s0, b=s0 + gap), size=26, color=pal.ink) for s0 in d.angle_starts]
        row_names = [self.txt(self.s("hand", i=h), size=28, color=pal.series[h]) for h in hands]
        cells = [[self.txt(fmt_num(d.angle_table[r, c], 1) + "°", size=26) for c in range(n_starts)]
                 for r in range(len(hands))]
        col_x = [2.3 + 1.65 * c for c in range(n_starts)]
        row_y = [0.95 - 0.55 * r for r in range(len(hands))]
        for c, h in enumerate(header):
            h.move_to([col_x[c], 1.75, 0])
        for r, nm in enumerate(row_names):
            nm.move_to([0.85, row_y[r], 0])
            for c in range(n_starts):
                cells[r][c].move_to([col_x[c], row_y[r], 0])
        title.move_to([sum(col_x) / n_starts, 2.4, 0])
        rule = Line([0.2, 1.4, 0], [6.3, 1.4, 0], stroke_color=pal.muted, stroke_width=1.5)
        strip_y = (row_y[-1] - 0.6, row_y[-1] - 1.0)  # PE(p) and PE(p + gap) under each column
        dot_y = strip_y[1] - 0.55
        strip_names = [self.tex(t, size=38, color=pal.accent).move_to([1.45, y, 0], aligned_edge=RIGHT)
                       for t, y in ((r"PE(p)", strip_y[0]), (rf"PE(p{{+}}{gap})", strip_y[1]))]
        dot_name = self.tex(rf"PE(p)\cdot PE(p{{+}}{gap})", size=38, color=pal.ok).move_to([1.45, dot_y, 0], aligned_edge=RIGHT)
        dots = [self.txt(fmt_num(v, 4), size=26, color=pal.ok).move_to([col_x[c], dot_y, 0])
                for c, v in enumerate(d.angle_dots)]
        self.clear_caption()  # the comparison's last cue leaves, read, before its chart and before the new layout is built
        self.section("relative", None, keep=[self.grid, self.table_labels, self.formula])
        leftover = getattr(self, "compare_leftover", None)  # the comparison's chart leaves first: the new layout is
        # built before the caption that reads it comes in (never a new caption over the old chart)
        seat_w = VGroup(self.seat_label, self.seat_num).width  # three-digit seats are wider
        seat_to = [max(-5.0, -6.25 + seat_w / 2), 2.5, 0]
        seat = ValueTracker(float(d.angle_starts[0]))
        self.seat_num.decimals = 0  # whole seats from here: the counter names the starts and ends as the captions do (11, not 11.0)
        self.set_seat(seat.get_value())
        grid = self.grid
        park = min(PARK_W / grid.width, PARK_H / grid.height)
        # the table shrinks under the dials, keeping its name (its rows are lifted out below and in
        # "use"); the formula and the table's labels leave before the seat counter crosses their place
        self.park_label = self.txt(self.s("table", n=d.n_positions, d=d.d_model), size=26, color=pal.ink)
        park_top = PARK_CENTER[1] + grid.height * park / 2  # level with the parked table's top: clear of PE(p)·PE(p+3) below
        self.park_label.move_to(PARK_CENTER).align_to([PARK_CENTER[0] + PARK_W / 2 + 0.15, park_top, 0], LEFT + UP)
        VGroup(self.seat_label, self.seat_num).move_to(seat_to)  # back over the dials, at the first start
        # with the caption: the formula and the table's labels leave first (the table, moving, slid over its own
        # labels), then the table parks as the dials and the seat come in: the screen is never empty between the two
        # the chart fades as the table parks (never an empty stage); the table's name once it has parked, with the
        # dials; the table parks before the dials come in where it passed: it never slides over a dial
        self.play(QuickFadeOut(self.table_labels), QuickFadeOut(self.formula),
                  *([FadeOut(leftover)] if leftover is not None else []), grid.animate.scale(park).move_to(PARK_CENTER),
                  QuickFadeIn(VGroup(self.seat_label, self.seat_num)), run_time=0.7)
        self.shown.pop("min_distance", None)  # gone with the chart
        self.play(*((FadeTransform if w in carried else ReplacementTransform)(w, dial) for w, dial in zip(was, shown_dials)), QuickFadeIn(names),
                  QuickFadeIn(self.park_label), QuickFadeIn(title), QuickFadeIn(rule), *(QuickFadeIn(h) for h in header),
                  *(QuickFadeIn(n) for n in row_names), *(QuickFadeIn(n) for n in strip_names), run_time=0.7)
        self.caption(self.relative_caption())  # the layout is up: its cue comes in

        def follow(group):
            self.set_seat(seat.get_value())

        live = VGroup(*shown_dials, self.seat_num)
        live.add_updater(follow)
        self.add(live)
        strips = VGroup()
        for c, s0 in enumerate(d.angle_starts):
            first, lift = self.lift_row(s0, 1.5, STRIP_H, [col_x[c], strip_y[0], 0])
            self.add(first)
            if c > 0:  # each later start comes with the cue that names it, never ahead of it: the hands and the counter
                # stand at it from the cue's first frame, the row lifting out as the cue is read; its turn is quicker
                # than the first (the same arcs again), so its angles are up by the cue's middle
                self.read_caption()  # the last cue read, the hands go to the start in one frame as its cue comes in
                self.play(seat.animate.set_value(float(s0)), run_time=1 / config.frame_rate)
                self.caption(self.s("cap_relative_again" if c == 1 else "cap_relative_last", b=s0), with_=[lift],
                             run_time=0.8)
            else:
                self.play(seat.animate.set_value(float(s0)), lift, run_time=0.8, rate_func=smooth)
            arcs = VGroup()
            for h, dial in zip(hands, shown_dials):
                start = s0 * d.speeds[h]
                arcs.add(turn_arc(pal, dial, h, start, gap * d.speeds[h], share=0.36))
            self.play(seat.animate.set_value(float(s0 + gap)), Create(arcs), run_time=2.4 if c == 0 else 1.2,
                      rate_func=linear)
            second, lift = self.lift_row(s0 + gap, 1.5, STRIP_H, [col_x[c], strip_y[1], 0])
            self.add(second)
            self.shown["angle_table_column"] = c  # from the frame its angles start to come in
            self.play(*(FadeIn(cells[r][c], shift=0.1 * UP) for r in range(len(hands))), lift, run_time=0.7)
            strips.add(first, second)
            self.wait(0.6 if c == 0 else 1.5)  # a later column stands to its cue's end
            self.play(QuickFadeOut(arcs), run_time=0.3)
        live.remove_updater(follow)
        view = VGroup(*shown_dials, names, title, rule, *header, *row_names, *(c for row in cells for c in row),
                      *strip_names, strips, dot_name, *dots)
        self.read_caption()
        same_caption = self.same_angles_caption()
        if same_caption is not None:  # stated when every column is up, with the boxes round the equal rows
            same = VGroup(*(SurroundingRectangle(VGroup(*cells[r]), buff=0.1, color=pal.ok)
                            for r in range(len(hands))))
            # faded in whole: drawn stroke by stroke, a box starts as a lone dash beside the first cell
            self.caption(same_caption, with_=[FadeIn(same)], run_time=0.8, shown={"angle_same": 1})
            self.play(Indicate(VGroup(*cells[0]), color=pal.ok, scale_factor=1.0), run_time=1.0)  # recoloured in place: a row scaled up ran into its name and out of its box
            view.add(same)
            self.read_caption()
        agree = len({fmt_num(v, 4) for v in d.angle_dots}) == 1
        show_dots = [FadeIn(VGroup(dot_name, *dots), shift=0.1 * UP)]
        dot_shown = {"angle_dots": float(d.angle_dots[0])}
        if agree and n_starts > 1:
            # "turned by fixed angles": the last start's turn again, its arcs drawn; "the rows differ": the
            # PE(p) strips pointed at; the dot product comes with the cue that states it
            v_text = fmt_num(d.angle_dots[0], 4)
            self.caption(self.s("cap_relative_dot", gap=gap, v=v_text))
            s0 = float(d.angle_starts[-1])
            live.add_updater(follow)
            self.play(seat.animate.set_value(s0), run_time=1.0, rate_func=smooth)
            arcs = VGroup(*(turn_arc(pal, dial, h, s0 * d.speeds[h], gap * d.speeds[h], share=0.36)
                            for h, dial in zip(hands, shown_dials)))
            self.play(seat.animate.set_value(s0 + gap), Create(arcs), run_time=2.0, rate_func=linear)
            live.remove_updater(follow)
            self.until_next_cue()
            self.play(QuickFadeOut(arcs), *(Circumscribe(st, color=pal.accent, buff=0.05, fade_in=True, fade_out=True) for st in strips[0::2]),
                      run_time=1.0)
            pending = self.before_cue_with(v_text, 0.8)  # the value is up as its cue comes in
            self.shown.update(dot_shown)
            self.play(*show_dots, run_time=0.8)
            if pending:
                self.until_next_cue()
        else:
            self.shown.update(dot_shown)
            self.play(*show_dots, run_time=0.8)
        self.relative_view = view
        self.relative_rows = [VGroup(*strips[0::2]), VGroup(dot_name, *dots)]
        read_with(self, *self.relative_rows, outline=True, whole=True)
        self.dot_by_hand(view, strips, strip_names, names, hands, col_x, strip_y)  # where the one number comes from


SCENE = PeClock
