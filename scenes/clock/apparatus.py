"""pe_clock's apparatus (seed 001 "fingerprint" station; seed 002 §04): the hands section (one dial
per hand, with its speed and sin/cos up to ROOMY_HANDS hands, a compact grid of small dials beyond),
the [n, d] fingerprint table and `set_seat`, which puts every dial, number and the seat counter at a
seat; mixed into scenes.pe_clock.PeClock.

The table's cells shrink to fit TABLE_W × TABLE_H, and its hand and seat labels thin out to every
`nice_step`-th. The values at a seat are engine.positional.sinusoidal of the record's width and base.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, Rectangle, VGroup, Write

from engine.positional import sinusoidal
from look.formats import fmt_sig
from scenes.clock.strings import base_text, ratio_text
from scenes.parts.dial import Dial
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn

DIAL_RADIUS = 0.5
DIAL_XS = (-5.55, -3.85, -2.15, -0.45)
DIAL_YS = (1.35, -0.95)
ROOMY_HANDS = 8  # up to this many hands: big dials with their speed and sin/cos; beyond: a compact grid
COMPACT_COLS = 8
COMPACT_DX = 0.8  # column spacing of the compact grid (8 columns: x from -5.9 to -0.3)
TABLE_W, TABLE_H = 4.48, 4.1  # the fingerprint table's largest size; cells shrink to fit
TABLE_X, TABLE_TOP = 4.1, 1.85


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
    def speed_label(self, i: int, color: str):
        """ω of one roomy dial: as TeX while every speed reads without an exponent, else as text
        with ×10ⁿ (the same form for every dial of the scene; its name above says which hand)."""
        w = self.data.speeds[i]
        if self.data.speeds.min() >= 1e-4:
            return self.tex(rf"\omega_{i}={w:.4g}", size=24, color=color)
        return self.txt(f"ω = {fmt_sig(w, 4)}", size=18, color=color)

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
                labels.add(self.txt(str(i), size=18, color=color).next_to(dial, UP, buff=0.06))
                continue
            name = self.txt(self.s("hand", i=i), size=18, color=color)
            speed = self.speed_label(i, pal.muted)
            VGroup(name, speed).arrange(DOWN, buff=0.06).next_to(dial, UP, buff=0.08)
            labels.add(name, speed)
            for row, (tag, store) in enumerate((("sin", self.sin_nums), ("cos", self.cos_nums))):
                y = cy - DIAL_RADIUS - 0.3 - 0.27 * row
                tag_text = self.txt(tag, size=18, color=pal.muted).move_to([cx - 0.6, y + 0.06, 0])
                num = GlyphNumber(0.0, decimals=4, font=self.look.font, font_size=18, color=pal.ink)
                num.move_to([cx + 0.2, y, 0], aligned_edge=DOWN)
                statics.add(tag_text)
                store.append(num)
        self.speed_labels = labels
        slots = len(f"{d.n_positions - 1:.2f}")  # the last seat's digits: 31.00, 127.00
        self.seat_num = GlyphNumber(0.0, decimals=2, width=slots, font=self.look.font, font_size=30,
                                    color=pal.accent, align="left")
        self.dial_statics = statics
        formula = self.tex(r"PE(p,2i)=\sin(p\,\omega_i)\quad PE(p,2i+1)=\cos(p\,\omega_i)\quad"
                           rf"\omega_i={base_text(d.base)}^{{-2i/{d.d_model}}}", size=24)
        if formula.width > 8.3:  # a long base: keep clear of the seat counter on the right
            formula.scale_to_fit_width(8.3)
        formula.move_to([0, 2.75, 0]).align_to([-6.3, 0, 0], LEFT)
        self.formula = formula
        self.dial_group = VGroup(*self.dials)
        self.number_group = VGroup(*self.sin_nums, *self.cos_nums)
        self.section("hands", self.s("cap_hands", ratio=ratio_text(d.speed_ratio), base=base_text(d.base),
                                     d=d.d_model))
        ratio = self.txt(self.s("ratio", ratio=ratio_text(d.speed_ratio)), size=20, color=pal.muted)
        ratio.next_to(formula, DOWN, buff=0.12).align_to(formula, LEFT)
        self.ratio_note = ratio  # leaves with the first seats of the run
        if d.speed_ratio < 100:  # the caption states it with decimals: on screen while it is read
            self.play(Write(formula), QuickFadeIn(ratio), run_time=1.5)
        else:  # a whole count, and the room under the formula is the hands' names
            self.play(Write(formula), run_time=1.5)
        self.play(FadeIn(self.dial_group, lag_ratio=0.1), FadeIn(labels, lag_ratio=0.05), run_time=2.0)
        if not compact:  # compact: no sin/cos under the dials, the table holds the numbers
            self.play(QuickFadeIn(statics), QuickFadeIn(self.number_group), run_time=0.8)
        self.set_seat(0.0)
        self.wait(4)

    # -- the table -------------------------------------------------------------------------
    def build_table(self):
        pal, d = self.pal, self.data
        n, dm = d.table.shape
        cell_h = min(0.3, TABLE_H / n)
        cell_w = min(0.28, TABLE_W / dm)
        grid = HeatmapGrid(d.table, cell_w=cell_w, cell_h=cell_h, palette=pal)
        grid.move_to([TABLE_X, 0, 0]).align_to([0, TABLE_TOP, 0], UP)
        self.grid = grid
        every_hand = nice_step(0.34 / (2 * cell_w))  # hand numbers at least 0.34 apart
        heads = VGroup(*(self.txt(str(i), size=18, color=pal.series[i % len(pal.series)]).move_to(
            (grid.cell(0, 2 * i).get_center() + grid.cell(0, 2 * i + 1).get_center()) / 2 + UP * 0.25)
            for i in range(0, dm // 2, every_hand)))
        every_row = nice_step(0.3 / cell_h)  # seat numbers at least 0.3 apart
        rows = VGroup(*(self.txt(str(r), size=18, color=pal.muted).next_to(grid.cell(r, 0), LEFT, buff=0.12)
                        for r in range(0, n, every_row)))
        title = self.txt(self.s("table", n=n, d=dm), size=22).next_to(heads, UP, buff=0.12)
        seat_label = self.txt(self.s("seat"), size=26, color=pal.accent)
        seat_label.move_to([3.1, 2.8, 0])
        self.seat_label = seat_label
        self.seat_num.next_to(seat_label, RIGHT, buff=0.15).align_to(seat_label, DOWN)
        title.next_to(heads, UP, buff=0.12).set_x(grid.get_center()[0])
        self.marker = Rectangle(width=grid.width + 0.08, height=cell_h + 0.04, stroke_color=pal.accent,
                                stroke_width=3).move_to(grid.cell(0, 0).get_center()).align_to(grid, LEFT).shift(LEFT * 0.04)
        self.table_labels = VGroup(title, heads, rows)
        self.play(QuickFadeIn(grid), QuickFadeIn(self.table_labels), QuickFadeIn(seat_label), QuickFadeIn(self.seat_num),
                  run_time=1.0)

    def set_seat(self, p: float) -> None:
        """Put everything at seat p (fractional while moving) and log what is shown."""
        d = self.data
        angles = p * d.speeds  # (d/2,)
        row = sinusoidal([p], d.d_model, d.base)[0]  # (d,)
        self.shown["position"] = p
        for i, dial in enumerate(self.dials):
            dial.set_angle(angles[i])
            if i < len(self.sin_nums):
                self.sin_nums[i].set_value(row[2 * i])
                self.cos_nums[i].set_value(row[2 * i + 1])
            self.shown[f"angle_deg_{i}"] = float(np.degrees(angles[i]) % 360.0)
            self.shown[f"sin_{i}"] = float(row[2 * i])
            self.shown[f"cos_{i}"] = float(row[2 * i + 1])
        self.seat_num.set_value(p)
