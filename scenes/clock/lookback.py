"""pe_clock's look-back step, right after the rotation: R_k is the same matrix at every seat, so a query matrix can
hold it. A head with W_Q = R_1ᵀ (every hand turned back one seat) and W_K = I scores q(p) · k(j) = PE(p − 1) · PE(j);
its score rows for two query seats (engine look_back_seats, look_back_rows), one bar per seat j, peak at j = p − 1
(engine look_back_peaks), each at d/2 (look_back_top): one matrix looks one seat back at every position.

Mixed into scenes.pe_clock.PeClock; the bars are scenes.parts.bars.BarRow.
"""
from __future__ import annotations

from manim import DOWN, LEFT, UP, FadeIn, Indicate, Line, VGroup

from scenes.parts.bars import BarRow
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

ROW_LEFT, ROW_W = -1.0, 7.2  # the bar rows, right of the parked table and its name
ROW_Y0 = (0.55, -1.55)  # each row's zero line
ROW_H = 1.0  # the tallest bar (the peak, d/2)
FORMULA_Y = 2.55


class LookBackBeat:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, shown, relative_view, grid, park_label,
    before_caption_read, read_caption (scenes.pe_clock)."""

    def look_back_row(self, p: int, row: tuple, y0: float) -> dict:
        """Seat p's score row as bars on a zero line, its name above, seats 0 and n − 1 under it; the peak's bar and
        seat number to be shown in the accent colour."""
        pal, d = self.pal, self.data
        bars = BarRow(row, left=ROW_LEFT, width=ROW_W, y0=y0, unit=ROW_H / d.look_back_top, color=pal.muted,
                      bar_share=0.7, fill_opacity=0.8)
        base = Line([ROW_LEFT, y0, 0], [ROW_LEFT + ROW_W, y0, 0], stroke_color=pal.ink, stroke_width=2)
        name = self.txt(self.s("look_query", p=p), size=26, color=pal.ink).next_to(
            [ROW_LEFT, y0 + ROW_H, 0], UP, buff=0.12).align_to([ROW_LEFT, 0, 0], LEFT)
        last = len(row) - 1
        ticks = VGroup(*(self.txt(str(j), size=26, color=pal.ink).next_to([bars.x(j), y0, 0], DOWN, buff=0.08)
                         for j in (0, last)))
        peak = d.look_back_peaks[p]
        peak_bar = bars.bars[peak].copy().set_fill(pal.accent, opacity=1.0)
        peak_tick = self.txt(str(peak), size=26, color=pal.accent).next_to([bars.x(peak), y0, 0], DOWN, buff=0.08)
        return {"static": VGroup(base, name, ticks), "bars": bars, "peak": VGroup(peak_bar, peak_tick)}

    def look_back(self):
        d = self.data
        seats = d.look_back_seats[:len(ROW_Y0)]
        if not seats:
            return
        formula = self.tex(r"W_Q=R_1^{\top},\ W_K=I:\ \ q(p)\cdot k(j)=PE(p-1)\cdot PE(j)", size=36,
                           color=self.pal.accent).move_to([0, FORMULA_Y, 0])
        rows = [self.look_back_row(p, row, y0) for p, row, y0 in zip(seats, d.look_back_rows, ROW_Y0)]
        self.section("lookback", self.s("cap_look"), keep=[self.grid, self.park_label])
        self.play(QuickFadeOut(self.relative_view), FadeIn(formula), run_time=0.6)
        for key in ("rotate_seat", "rotate_turn_degrees", "rotate_misses"):
            self.shown.pop(key, None)
        for i, r in enumerate(rows):  # one row, then the other while the caption is read
            if i:
                self.wait(max(0.0, min(2.5, self.caption_left() / 2 - 0.4)))
            self.play(QuickFadeIn(r["static"]), FadeIn(r["bars"], shift=0.1 * UP), run_time=0.8)
        self.before_caption_read(0.6)
        peaks = [d.look_back_peaks[p] for p in seats]
        names = {"a": seats[0], "a1": peaks[0]}
        key = "cap_look_one"
        if len(seats) > 1:
            names.update(b=seats[1], b1=peaks[1])
            key = "cap_look_rows"
        self.caption(self.s(key, **names), with_=[FadeIn(r["peak"]) for r in rows], run_time=0.6,
                     shown={"look_back_seats": list(seats), "look_back_peaks": peaks,
                            "look_back_top": float(d.look_back_top)})
        self.play(*(Indicate(r["peak"], color=self.pal.accent) for r in rows), run_time=0.8)
        self.read_caption()
        self.relative_view = VGroup(formula, *(VGroup(r["static"], r["bars"], r["peak"]) for r in rows))  # leaves as "use" opens
