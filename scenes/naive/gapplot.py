"""naive_position's gap plot (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint):
with sin/cos, term ④ = PE(p)⋅PE(q) drawn against the gap p − q, the record's sweep (engine.naive.gap_sweep),
in the chart's empty right half. While the seats walk, a dot sits at (p − q, ④) of the seats on screen and
leaves a mark at every pair it passes: different seats with the same gap land on the same point of one
curve, so "④ depends only on p − q" is seen, not only said. Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import BackgroundRectangle, Create, Dot, DashedLine, FadeIn, FadeOut, Line, VGroup, VMobject, linear

from engine.naive import gap_sweep, sincos_terms
from scenes.naive.bars import SMALL

BOX = (3.3, 6.1, -1.45, 0.1)  # x0, x1, y0, y1 of the plot area (under the bound's formula)
BESIDE_DIAL = (4.95, 6.1, -1.5, 0.45)  # beside the fast pair's dial (scenes.naive.pairdials), which stays
NARROW = 2.0  # a plot narrower than this names its axes above and below their values
TICK_SIZE = 30  # the plot's values and ④: digits over 3.2 % of the frame height, on the stage and beside the dial
MANY_D = 512  # "with hundreds of pairs": the width whose ④ the plot draws beside this one's (256 pairs)


class GapPlot:
    """Needs from the scene: data, pal, txt, tex, term_colors, label_on, axis, shown."""

    gap_box = BOX

    def plot_xy(self, gap: float, value: float) -> np.ndarray:
        d = self.data
        x0, x1, y0, y1 = self.gap_box
        g = float(np.abs(d.gaps).max())
        lo, hi = min(0.0, float(d.gap_term4.min())), float(d.sincos_bound)
        return np.array([x0 + (x1 - x0) * (gap + g) / (2 * g), y0 + (y1 - y0) * (value - lo) / (hi - lo), 0.0])

    def build_gap_plot(self) -> VGroup:
        """Axes (p − q across, ④ up), the bound's dashed line, the curve and a dot for the seats on screen."""
        pal, d = self.pal, self.data
        color = self.term_colors[3]
        g = int(round(float(np.abs(d.gaps).max())))
        zero_l, zero_r = self.plot_xy(-g, 0.0), self.plot_xy(g, 0.0)
        x_axis = Line(zero_l, zero_r, stroke_color=pal.muted, stroke_width=2)
        y_axis = Line(self.plot_xy(0, min(0.0, float(d.gap_term4.min()))), self.plot_xy(0, d.sincos_bound),
                      stroke_color=pal.muted, stroke_width=2)
        top = DashedLine(self.plot_xy(-g, d.sincos_bound), self.plot_xy(g, d.sincos_bound), color=pal.accent,
                         stroke_width=2.5, dash_length=0.1)
        curve = VMobject(stroke_color=color, stroke_width=4)
        curve.set_points_smoothly([self.plot_xy(a, b) for a, b in zip(d.gaps, d.gap_term4)])
        lo = min(0.0, float(d.gap_term4.min()))
        narrow = self.gap_box[1] - self.gap_box[0] < NARROW
        # wide: the axis' name between 0 (the vertical axis there) and g, so 0 is not written
        ticks = VGroup(*(self.txt(str(v).replace("-", "−"), size=TICK_SIZE, color=pal.muted)
                         .next_to(self.plot_xy(v, lo), np.array([0, -1, 0]), buff=0.12)
                         for v in ((-g, 0, g) if narrow else (-g, g))))
        for tick in ticks:  # a wide gap's value ("1000") stays in the title-safe area
            tick.shift(min(0.0, 6.3 - tick.get_right()[0]) * np.array([1, 0, 0]))
        x_lab = self.tex("p-q", size=38, color=pal.ink).move_to([self.plot_xy(g / 2, lo)[0], ticks[0].get_y(), 0])
        x_lab.shift(min(0.0, ticks[-1].get_left()[0] - 0.25 - x_lab.get_right()[0]) * np.array([1, 0, 0]))  # clear of g
        if narrow:  # no room between the values: the "p − q = …" readout under them names the axis
            x_lab = VGroup()
        # a vertical scale: 2, 4 up to the bound, left of the plot, ④ named beside them
        bound = int(d.sincos_bound)
        step = 2 if bound <= 6 else 2 * -(-bound // 4)  # at most three marks, whatever d is
        marks = range(step, bound + 1, step)  # 0 is the axis itself (its label would meet −12's)
        y_ticks = VGroup(*(self.txt(str(v), size=TICK_SIZE, color=pal.muted)
                           .next_to(self.plot_xy(-g, v), np.array([-1, 0, 0]), buff=0.14) for v in marks))
        notches = VGroup(*(Line(self.plot_xy(-g, v), self.plot_xy(-g, v) + np.array([0.1, 0, 0]),
                                stroke_color=pal.muted, stroke_width=2) for v in marks))
        y_lab = self.txt("④", size=TICK_SIZE, color=color).next_to(y_ticks, np.array([0, 1, 0] if narrow else [-1, 0, 0]),
                                                             buff=0.12)
        ticks.add(*y_ticks)
        x_axis = VGroup(x_axis, notches)
        bound_lab = self.tex(self.bound_name(), size=38, color=pal.accent)  # the dashed line is the bound
        bound_lab.next_to(self.plot_xy(g, d.sincos_bound), np.array([0, 1, 0]), buff=0.1).align_to(top, np.array([1, 0, 0]))
        if self.staged:  # large on the stage: right of the dashed line's end, clear of the dot's value over it
            bound_lab.next_to(self.plot_xy(g, d.sincos_bound), np.array([1, 0, 0]), buff=0.12)
        if narrow:  # beside the dial: its top value names the dashed line, no room for the words over it
            bound_lab = VGroup()
        self.gap_curve = curve
        self.gap_dot = Dot(radius=0.09, color=color)
        self.gap_marks = VGroup()
        self.gap_seen = set()
        drawn = VGroup(x_axis, y_axis, top, curve, ticks, x_lab, y_lab, bound_lab)
        card = BackgroundRectangle(drawn, color=pal.background, fill_opacity=1.0, buff=0.12)  # not the empty marks
        inner = VGroup(drawn, self.gap_marks, self.gap_dot)
        for m in (*ticks, x_lab, y_lab, bound_lab):
            self.label_on(m, card, self.axis[0], x_axis, y_axis, top, curve)
        self.place_gap_dot(*self.seats_now)
        return VGroup(card, inner)

    @property
    def gap_back(self) -> tuple | None:
        """(gap, ④) at a whole gap where ④ comes back after a dip (6 and 3.78 for d = 8): the record's sweep, the
        highest such return that the walk's stops pass (scenes.naive.walk.seat_at_gap), its sign the side the walk
        reaches it from (④ is the same at g and −g). None when the sweep never dips and rises (many pairs: ④ falls
        almost steadily) or the walk never shows the gap: then no cue names it."""
        from scenes.naive.walk import seat_at_gap

        d = self.data
        whole = {int(round(g)): float(v) for g, v in zip(d.gaps, d.gap_term4) if g >= 0 and abs(g - round(g)) < 1e-9}
        back = [(g, v) for g, v in whole.items()
                if g > 1 and min(whole[k] for k in range(1, g)) < v - 0.05 * abs(d.sincos_bound)]
        at = [(0, 0), *(tuple(int(x) for x in s) for s in d.stops)]
        for g, v in sorted(back, key=lambda gv: -gv[1]):
            for a, b in zip(at, at[1:]):
                shown = [sg for sg in (g, -g) if seat_at_gap(a, b, sg) is not None]
                if shown:
                    return shown[0], v
        return None

    @property
    def back_is_full_turn(self) -> bool:
        """Why ④ is back near the bound at gap g: the fast pair (ω = 1) has turned almost a full circle, |g| ≈ 2π
        (6 for d = 8: cos 6 = 0.96). Said only when it holds: |g| within 0.3 of 2π and the fast pair's cosine above
        0.9."""
        if self.gap_back is None:
            return False
        g = abs(self.gap_back[0])
        return bool(abs(g - 2.0 * np.pi) < 0.3 and np.cos(g) > 0.9)

    def bound_name(self) -> str:
        """The bound as the dashed line is named: d/2 = 4 (or (d+1)/2 = 5 for an odd width)."""
        d = self.data
        return (rf"d/2={d.sincos_bound}" if d.d_model % 2 == 0 else rf"(d+1)/2={d.sincos_bound}")

    def place_gap_dot(self, p: int, q: int) -> None:
        """The dot at (p − q, ④) for whole seats p, q (④ from engine.naive.sincos_terms), and a mark left there."""
        t4 = float(sincos_terms(self.e_now, self.data.e2, p, q)[3])
        at = self.plot_xy(p - q, t4)
        self.gap_dot.move_to(at)
        if (p, q) not in self.gap_seen:
            self.gap_seen.add((p, q))
            self.gap_marks.add(Dot(at, radius=0.05, color=self.term_colors[3], fill_opacity=0.5))
        self.shown["gap_plot"] = {"p_minus_q": p - q, "term_4": t4}
        self.place_dot_value(t4, (p, q))  # its value beside it, while the plot has the stage (scenes.naive.stage)

    def many_pairs_curve(self) -> VGroup:
        """④ against p − q for MANY_D (its sin/cos pairs: engine.naive.gap_sweep) over the plot's gaps, divided so its
        top (p = q) is this plot's bound, and its name with the divisor: with hundreds of pairs ④ falls over the
        first few gaps, then levels off."""
        d, pal = self.data, self.pal
        g = int(round(float(np.abs(d.gaps).max())))
        gaps, values = gap_sweep(MANY_D, g)  # (N,), (N,)
        k = int(round(float(values.max()) / float(d.sincos_bound)))  # 256 / 4 = 64
        curve = VMobject(stroke_color=pal.ink, stroke_width=4)
        curve.set_points_smoothly([self.plot_xy(a, b / k) for a, b in zip(gaps, values)])
        label = VGroup(*(self.txt(self.s(key, n=MANY_D // 2, k=k), size=SMALL, color=pal.ink)
                         for key in ("many_pairs", "many_pairs_scale"))).arrange(np.array([0, -1, 0]), aligned_edge=np.array([1, 0, 0]), buff=0.06)
        top = self.plot_xy(g, d.sincos_bound)[1] + 0.72  # over the plot's ④, right of the dial beside it
        label.move_to([min(6.3, self.gap_box[1] + 0.2), top, 0], aligned_edge=np.array([1, -1, 0]))
        if self.staged:  # the plot large on the stage: right of its end, under the bound's name
            label.move_to([6.3, self.plot_xy(g, d.sincos_bound)[1] - 0.35, 0], aligned_edge=np.array([1, 1, 0]))
        self.shown["many_pairs"] = {"d": MANY_D, "pairs": MANY_D // 2, "divisor": k, "term_4_at_0": float(values[len(values) // 2]),
                                    "term_4_at_max_gap": float(values[-1])}
        return VGroup(curve, label)

    def draw_many_pairs(self, start: str, mark: str, target=None) -> None:
        """The cues read up to the one holding `start` ("with hundreds of pairs, ④ falls, then levels off"), `target`
        pulsing (scenes.naive.walk.pulse_dot); as that cue comes this plot's curve dims and MANY_D's is drawn across
        every gap; it stays up through the cues after it and goes as the one holding `mark` comes."""
        if self.gap_plot is None or not any(start in cue[0] for cue in self._queue):
            return
        while self._queue and start not in self.cues_log[-1]["text"]:
            self.pulse_dot(target)
            if not self.next_cue():
                break
        many = self.many_pairs_curve()
        self.play(self.gap_curve.animate.set_stroke(opacity=0.3), FadeIn(many[1]), run_time=0.5)
        self.play(Create(many[0], rate_func=linear), run_time=float(np.clip(self.cue_left() - 0.6, 1.0, 1.8)))
        while True:  # the rest of that sentence, the curve still up and `target` pulsing (never a still picture)
            self.pulse_dot(target)
            if not self._queue or mark in self._queue[0][0]:
                break
            self.next_cue()
        self.next_cue()
        self.play(FadeOut(many), self.gap_curve.animate.set_stroke(opacity=1.0), run_time=0.5)
        self.remove(many)
        self.shown.pop("many_pairs", None)
