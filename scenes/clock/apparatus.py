"""pe_clock's apparatus (seed 001 "fingerprint" station; seed 002 §04): the hands section (one dial
per hand, with its speed and sin/cos up to ROOMY_HANDS hands, a compact grid of small dials beyond),
the [n, d] fingerprint table and `set_seat`, which puts every dial, number and the seat counter at a
seat; mixed into scenes.pe_clock.PeClock.

The table's cells shrink to fit TABLE_W × TABLE_H, and its hand and seat labels thin out to every
`nice_step`-th. The values at a seat are engine.positional.sinusoidal of the record's width and base.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Rectangle, ValueTracker, VGroup, Write, linear, smooth

from engine.positional import sinusoidal
from look import fmt_num
from look.formats import fmt_sig
from scenes.clock.strings import base_text, ratio_text
from scenes.parts.dial import Dial, omega_text
from scenes.parts.emphasis import read_with
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

DIAL_RADIUS = 0.46  # a little under half a unit: the room under each dial holds its sin and cos apart
NUM_PITCH = 0.37  # from the sin's baseline to the cos's: a clear line of space between the two rows of digits
DIAL_XS = (-5.3, -3.3, -1.3, 0.7)  # 2.0 apart: room for each ω label and its sin, cos at 26 points
DIAL_YS = (1.17, -1.42)  # the top row's names end below the formula line; the bottom row's clear of the cos above
OMEGA_SIZE = 54  # points: a lowercase ω stands 3 % of the frame high from about 52
SPEED_W = 1.8  # an ω label's widest (its digits at 3 % of the frame height): 0.2 clear of the next dial's label
ROOMY_HANDS = 8  # up to this many hands: big dials with their speed and sin/cos; beyond: a compact grid
COMPACT_COLS = 8
COMPACT_DX = 0.8  # column spacing of the compact grid (8 columns: x from -5.9 to -0.3)
TABLE_W, TABLE_H = 4.0, 3.4  # the fingerprint table's largest size; cells shrink to fit
SCALE_Y = -2.05  # the colour scale under the table (its labels end above the caption band)
TURN_TO = 3  # the hands section turns the dials from seat 0 to this seat and back
TABLE_X, TABLE_TOP = 4.35, 1.7  # its seat labels clear of the last dials' labels and numbers
SEAT_Y = 2.76  # the seat counter, between the title and the table's name
FORMULA_GAP = 0.2  # between the title and the formula line
NUM_SIZE = 26  # the sin and cos under each dial, and their names
LABEL_SIZE = 26  # the table's hand and seat numbers, its name, the colour scale: digits 3.3 % of the frame height
SEAT_SIZE = 26  # "seat p =" and its number, one size


def baseline(text) -> float:
    """The y a line of text sits on: the median bottom of its glyphs but the last ("=" floats above,
    "p" hangs below; the middle of the rest is where the letters stand)."""
    bottoms = sorted(g.get_bottom()[1] for g in text[:-1]) or [text.get_bottom()[1]]
    return bottoms[len(bottoms) // 2]


def dial_layout(n_hands: int) -> tuple[list, float, bool]:
    """Where each hand's dial goes: ([(x, y)], radius, compact). Up to ROOMY_HANDS the four-column
    layout with room for labels and numbers; beyond it, COMPACT_COLS columns of small dials."""
    if n_hands <= ROOMY_HANDS:
        return [(DIAL_XS[i % 4], DIAL_YS[i // 4]) for i in range(n_hands)], DIAL_RADIUS, False
    rows = -(-n_hands // COMPACT_COLS)
    cols = -(-n_hands // rows)  # rows as even as they can be: 9 hands are 5 + 4, not 8 + 1
    radius = 0.36 if rows <= 2 else 0.3
    ys = (0.9, -0.7) if rows <= 2 else tuple(1.75 - 1.2 * r for r in range(rows))
    xs = [-3.1 + COMPACT_DX * (c - (cols - 1) / 2) for c in range(cols)]  # centred on x = -3.1
    return [(xs[i % cols], ys[i // cols]) for i in range(n_hands)], radius, True


def nice_step(raw: float) -> int:
    """The smallest of 1, 2, 4, 8, … that is at least `raw` (label every k-th row or column)."""
    step = 1
    while step < raw:
        step *= 2
    return step



class ClockApparatus:
    """Needs from the scene: data, n_hands, pal, look, s, txt, tex, section, play, wait, shown (scenes.pe_clock)."""

    # -- 2. the hands ----------------------------------------------------------------------
    def speed_label(self, i: int, color: str, bare: bool = False):
        """ω of one roomy dial: as TeX (1, then 1 / its denominator) while every denominator reads without an exponent, else as text
        with ×10ⁿ (the same form for every dial of the scene; its name above says which hand). `bare`: the value alone,
        the row's ω written once, large, left of it (omega_head)."""
        w = self.data.speeds[i]
        if self.data.speeds.min() >= 1e-4:  # 1 / base^(2i/d): 1, 1/3.16, 1/10, … 1/3162 (the engine's denominators)
            value = omega_text(self.data.denominators[i])
            return self.tex(value if bare else rf"\omega={value}", size=40 if bare else 36, color=color)
        return self.txt(fmt_sig(w, 4) if bare else f"ω = {fmt_sig(w, 4)}", size=28, color=color)

    def omega_head(self, first_label, color: str):
        """The row's ω once, left of its first dial's speed (as "sin" and "cos" name the rows of numbers), at
        OMEGA_SIZE: 3 % of the frame high; the two rows' ω one above the other."""
        head = self.tex(r"\omega", size=OMEGA_SIZE, color=color)
        right = min(DIAL_XS[0] - 0.57, first_label.get_left()[0] - 0.08)
        return head.move_to(first_label).align_to([right, 0, 0], RIGHT)

    def build_dials(self):
        pal, d = self.pal, self.data
        self.dials, self.sin_nums, self.cos_nums, labels = [], [], [], VGroup()
        statics = VGroup()
        places, radius, compact = dial_layout(self.n_hands)
        self.compact = compact
        for i, (cx, cy) in enumerate(places):
            color = pal.series[i % len(pal.series)]
            dial = Dial(radius, ink=pal.ink, face=pal.panel, hand_color=color).move_to([cx, cy, 0])
            self.dials.append(dial)
            if compact:  # the index only; the speeds are in the formula, the numbers in the table
                dial.hand.set_stroke(width=3.5)
                labels.add(self.txt(str(i), size=26, color=color).next_to(dial, UP, buff=0.06))
                continue
            name = self.txt(self.s("hand", i=i), size=26, color=color)
            speed = self.speed_label(i, pal.ink, bare=True)  # full contrast: the speed is read, not decoration
            if speed.width > SPEED_W:  # neighbours' labels keep a gap between them
                speed.scale_to_fit_width(SPEED_W)
            VGroup(name, speed).arrange(DOWN, buff=0.06).next_to(dial, UP, buff=0.08)
            labels.add(name, speed)
            if i % len(DIAL_XS) == 0:  # ω once per row, large, left of the row's first speed
                labels.add(self.omega_head(speed, pal.ink))
            for row, (tag, store) in enumerate((("sin", self.sin_nums), ("cos", self.cos_nums))):
                y = cy - DIAL_RADIUS - 0.27 - NUM_PITCH * row
                num = GlyphNumber(0.0, decimals=4, font=self.look.font, font_size=NUM_SIZE, color=pal.ink)
                num.move_to([cx + 0.2, y, 0], aligned_edge=DOWN)
                if i % len(DIAL_XS) == 0:  # "sin" and "cos" name the rows once, left of the first dial's numbers
                    tag_text = self.txt(tag, size=NUM_SIZE, color=pal.ink)
                    tag_text.next_to(num, LEFT, buff=0.06).align_to(num, DOWN)  # clear of a minus sign's slot
                    statics.add(tag_text)
                store.append(num)
        self.speed_labels = labels
        slots = len(f"{d.n_positions - 1}.0")  # the last seat to a tenth: 31.0, 127.0
        self.seat_num = GlyphNumber(0.0, decimals=1, width=slots, font=self.look.font, font_size=SEAT_SIZE,
                                    color=pal.accent, align="left")
        self.seat_label = self.txt(self.s("seat"), size=SEAT_SIZE, color=pal.accent).move_to([3.75, SEAT_Y, 0])
        self.seat_num.next_to(self.seat_label, RIGHT, buff=0.15)
        self.seat_num.shift(UP * (baseline(self.seat_label) - self.seat_num.get_bottom()[1]))  # on the words' baseline
        self.dial_statics = statics
        formula = self.tex(r"PE(p,2i)=\sin(p\,\omega_i)\qquad PE(p,2i+1)=\cos(p\,\omega_i)", size=36)
        if formula.width > 8.6:  # keep clear of the seat counter on the right
            formula.scale_to_fit_width(8.6)
        title = getattr(self, "title_mob", None)
        top = (title.get_bottom()[1] if title is not None else 3.05) - FORMULA_GAP  # a clear gap under the title
        formula.move_to([0, top - formula.height / 2, 0]).align_to([-6.3, 0, 0], LEFT)
        self.formula = formula
        self.dial_group = VGroup(*self.dials)
        self.number_group = VGroup(*self.sin_nums, *self.cos_nums)
        intro = getattr(self, "intro_group", None)  # the 十五 / 五十 picture, leaving as the formula comes
        self.section("hands", self.s("cap_hands", h=self.n_hands, ratio=ratio_text(d.speed_ratio),
                                     base=base_text(d.base), d=d.d_model), keep=[intro] if intro else [])
        speeds = self.tex(rf"\omega_i={base_text(d.base)}^{{-2i/{d.d_model}}}", size=40)  # the formula's ω
        fastest = self.txt(self.s("fastest", deg=fmt_num(d.fastest_step_degrees, 1)), size=28)
        ratio = self.txt(self.s("ratio", ratio=ratio_text(d.speed_ratio)), size=28)
        convention = self.txt(self.s("convention"), size=28, color=pal.ink, line_spacing=1.2)  # the angle as maths measures it
        facts = VGroup(fastest, ratio, convention).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        if facts.width > 4.5:
            facts.scale_to_fit_width(4.5)
        facts.move_to([0, 0.5, 0]).align_to([1.8, 0, 0], LEFT)  # where the table comes next, clear of the ω labels
        speeds.next_to(facts, UP, buff=0.45).align_to(facts, LEFT).shift(RIGHT * 0.3)  # clear of hand 3's ω = 1/31.6
        facts.add_to_back(speeds)
        clear = formula.get_bottom()[1] - 0.12  # the facts start under the formula line
        if facts.get_top()[1] > clear:
            facts.shift(DOWN * (facts.get_top()[1] - clear))
        self.hand_facts = facts
        if intro:  # the two orders' picture cross-fades into the formula that tells them apart (the answer to its
            # question); a morph of the tiles into the formula's glyphs smeared, and ω's line would land on a tile
            self.play(FadeOut(intro), FadeIn(formula), run_time=0.6)
        else:
            self.play(Write(formula), run_time=0.6)
        self.set_seat(0.0)
        self.play(FadeIn(self.dial_group, lag_ratio=0.1), FadeIn(labels, lag_ratio=0.05), Write(speeds),
                  QuickFadeIn(VGroup(self.seat_label, self.seat_num)), run_time=1.0)  # the seat the hands show  # the hands are up by the middle of their cue
        self.shown["dials_shown"] = self.n_hands  # every dial drawn (until the comparison clears them)
        self.set_seat(0.0)
        seat = ValueTracker(0.0)

        def follow(group):
            self.set_seat(seat.get_value())

        live = VGroup(self.dial_group, self.seat_num)  # the hands and the seat they show, from one value
        live.add_updater(follow)
        self.add(live)
        turn_to = min(TURN_TO, d.n_positions - 1)
        ratio_s = ratio_text(d.speed_ratio)  # the ratio as the cue writes it (`ratio` is its line on screen)

        def show_facts():
            """The facts at full strength by the time the cue that states the ratio comes in."""
            pending = self.before_cue_with(ratio_s, 0.5)
            self.shown["speed_ratio"], self.shown["fastest_step_degrees"] = d.speed_ratio, d.fastest_step_degrees
            self.play(FadeIn(VGroup(*facts[1:]), shift=0.1 * RIGHT), run_time=0.5)
            if pending:
                self.until_next_cue()

        told = bool(self._queue) and ratio_s in self._queue[0][0]  # the ratio comes with "the higher, the slower"
        if told:
            show_facts()
        else:
            self.until_next_cue()  # "the higher the number, the slower": every hand turns at once
        self.play(seat.animate.set_value(float(turn_to)), run_time=3.0, rate_func=linear)
        if not told:  # the ratio comes in a later cue: the facts just before it
            show_facts()
        self.until_cue_with("(sin, cos)")
        if not compact:  # the (sin, cos) come in where the hands stand, at seat turn_to
            self.play(QuickFadeIn(statics), QuickFadeIn(self.number_group), run_time=0.6)
        # "each hand's (sin, cos)": the numbers under the dials pointed at
        read_with(self, *([self.number_group] if not compact else [fastest, ratio, convention]), grow=1.0)
        # then the hands turn back to seat 0 for the run, the counter and the numbers following them: a visible
        # turn, never a cut
        self.play(seat.animate.set_value(0.0), run_time=2.5, rate_func=smooth)
        live.remove_updater(follow)
        self.set_seat(0.0)

    # -- the table -------------------------------------------------------------------------
    def build_table(self):
        pal, d = self.pal, self.data
        n, dm = d.table.shape
        cell_h = min(0.3, TABLE_H / n)
        cell_w = min(0.28, TABLE_W / dm)
        grid = HeatmapGrid(d.table, cell_w=cell_w, cell_h=cell_h, palette=pal)
        grid.move_to([TABLE_X, 0, 0]).align_to([0, TABLE_TOP, 0], UP)
        self.grid = grid
        scale = self.colour_scale(grid)
        every_hand = nice_step(0.34 / (2 * cell_w))  # hand numbers at least 0.34 apart
        heads = VGroup(*(self.txt(str(i), size=LABEL_SIZE, color=pal.series[i % len(pal.series)]).move_to(
            (grid.cell(0, 2 * i).get_center() + grid.cell(0, 2 * i + 1).get_center()) / 2 + UP * 0.25)
            for i in range(0, dm // 2, every_hand)))
        every_row = nice_step(0.3 / cell_h)  # seat numbers at least 0.3 apart
        rows = VGroup(*(self.txt(str(r), size=LABEL_SIZE, color=pal.ink).next_to(grid.cell(r, 0), LEFT, buff=0.12)
                        for r in range(0, n, every_row)))
        title = self.txt(self.s("table", n=n, d=dm), size=LABEL_SIZE).next_to(heads, UP, buff=0.12)
        title.next_to(heads, UP, buff=0.12).set_x(grid.get_center()[0])
        self.marker = Rectangle(width=grid.width + 0.08, height=cell_h + 0.04, stroke_color=pal.accent,
                                stroke_width=3).move_to(grid.cell(0, 0).get_center()).align_to(grid, LEFT).shift(LEFT * 0.04)
        self.table_labels = VGroup(title, heads, rows, scale)
        self.play(QuickFadeOut(self.hand_facts), run_time=0.4)
        for key in ("speed_ratio", "fastest_step_degrees"):
            self.shown.pop(key, None)
        self.play(QuickFadeIn(grid), QuickFadeIn(self.table_labels), run_time=1.0)

    def hand_columns(self, hands: list, color: str) -> Rectangle:
        """A frame round the table's columns of `hands` (consecutive: each hand's sin and cos), over every seat: where
        a caption points at how much those hands turn. Its top edge runs just inside the first row, under the hands'
        numbers over the columns."""
        grid, rows = self.grid, self.data.n_positions
        first, last = grid.cell(0, 2 * hands[0]), grid.cell(rows - 1, 2 * hands[-1] + 1)
        left, right = first.get_left()[0] - 0.03, last.get_right()[0] + 0.03
        top, bottom = first.get_top()[1] - 0.03, last.get_bottom()[1] - 0.03
        return Rectangle(width=right - left, height=top - bottom, stroke_color=color, stroke_width=3).move_to(
            [(left + right) / 2, (top + bottom) / 2, 0])

    def colour_scale(self, grid) -> VGroup:
        """The table's colour scale under it: the fixed ±1 of every cell, with −1, 0 and +1 written."""
        pal = self.pal
        steps = np.linspace(-1.0, 1.0, 25)[None, :]  # (1, 25)
        bar = HeatmapGrid(steps, cell_w=2.4 / 25, cell_h=0.16, palette=pal)
        bar.move_to([grid.get_center()[0], SCALE_Y, 0])
        ends = VGroup(*(self.txt(t, size=LABEL_SIZE, color=pal.ink).next_to(bar.cell(0, c), DOWN, buff=0.08)
                        for t, c in (("−1", 0), ("0", 12), ("+1", 24))))
        return VGroup(bar.show_rows(1), ends)

    def set_seat(self, p: float) -> None:
        """Put the hands at seat p (fractional while moving, so they turn smoothly) and every number at the seat
        the counter prints: to a tenth in the run (24.8 between seats 24 and 25), whole seats in the angle table.
        The sin and cos under the dials, and the record, are the engine's values at that printed seat (at
        p = 3.04 the counter reads 3.0 and the numbers are PE(3.0)'s), so every number on screen belongs to the
        seat written beside it."""
        d = self.data
        shown = round(p, self.seat_num.decimals) if self.seat_num.decimals else round(p)
        row = sinusoidal([float(shown)], d.d_model, d.base)[0]  # (d,)
        angles = float(shown) * d.speeds  # (d/2,) the printed seat's angles
        self.shown["position"] = float(shown)
        for i, dial in enumerate(self.dials):
            dial.set_angle(p * d.speeds[i])
            if i < len(self.sin_nums):
                self.sin_nums[i].set_value(row[2 * i])
                self.cos_nums[i].set_value(row[2 * i + 1])
            self.shown[f"angle_deg_{i}"] = float(np.degrees(angles[i]) % 360.0)
            self.shown[f"sin_{i}"] = float(row[2 * i])
            self.shown[f"cos_{i}"] = float(row[2 * i + 1])
        self.seat_num.set_value(shown)
        self.shown["seat_shown"] = shown
