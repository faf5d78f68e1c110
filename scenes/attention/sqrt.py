"""attention_heatmap, why the scores are divided by √d (seed 003, "Dot products → attention weights"; the engine's
numbers, engine.scaling.scale_spread, in the record's `why_sqrt`): one picture, two charts over one axis of the
width d (2 → 512, the engine's widths, evenly spaced by doublings). Above, the spread σ of q·k for random queries
and keys (it grows like √d) and of q·k/√d (it stays near 1); below, the largest softmax weight of one fixed row
of scores, undivided (it saturates towards 1) and divided (the same at every width). A marker sweeps d across
both charts while the undivided curves are traced; each value is on screen when the cue that states it starts;
a band marks the saturated widths with the cue that says why saturation stalls learning (the softmax's gradient
is near 0 when one weight is near 1).
Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the scores section.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circumscribe, Create, DashedLine, Dot, FadeIn, Line, Rectangle, Transform, \
    VGroup, VMobject

from look import fmt_num
from scenes.attention.strings import tnum
from scenes.attention.table import LABEL, NOTE, READOUT, TEX, WORDS
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeOut

TOP = (0.75, 2.5)  # the spread chart's plot area (bottom, top)
LOW = (-1.8, -0.3)  # the weight chart's plot area
PICTURE = (-6.0, 5.9)  # the picture's left and right: the whole width, the table set aside meanwhile
AXIS_ROOM = 0.7  # left of the plot areas: the y ticks
STEP = 0.32  # seconds per doubling of d in the sweep


class AttentionSqrt:
    """Needs from the scene: d (the record), pal, s, txt, tex, caption, play, shown, title_mob, to_cue, and the
    scores section's unpack_lines (faded here; the picture drawn here takes their place for the mask to fade)."""

    def why_sqrt(self):
        r, pal = self.d.why_sqrt, self.pal
        if r is None:
            return
        widths = [int(w) for w in r.widths]
        m = len(widths)
        c, w2 = fmt_num(float(r.scaled_std.mean()), 1), fmt_num(float(r.sweep_top_scaled[0]), 3)
        t1, t2 = fmt_num(float(r.sweep_top[0]), 3), fmt_num(float(r.sweep_top[-1]), 3)
        s1, s2 = fmt_num(r.dot_std[0], 1), fmt_num(r.dot_std[-1], 1)
        text = self.s("cap_why_sqrt", d1=widths[0], d2=widths[-1], s1=s1, s2=s2, c=c, k=r.keys, t1=t1, t2=t2, w2=w2)
        left, right = PICTURE[0] + AXIS_ROOM, PICTURE[1]
        xs = [left + (right - left) * k / (m - 1) for k in range(m)]
        s_top = float(r.spread_ticks[-1])  # the axes' values are the engine's (its record's ticks)

        def at(k, v, area, top):
            return np.array([xs[k], area[0] + (area[1] - area[0]) * float(v) / top, 0.0])

        def chart(area, values, name, digits):  # each tick written with its engine value
            top = float(values[-1])
            axes = VGroup(Line([left, area[0], 0], [right, area[0], 0], stroke_color=pal.muted, stroke_width=2),
                          Line([left, area[0], 0], [left, area[1], 0], stroke_color=pal.muted, stroke_width=2))
            for v in values:
                y = area[0] + (area[1] - area[0]) * float(v) / top
                axes.add(Line([left - 0.06, y, 0], [left, y, 0], stroke_color=pal.muted, stroke_width=2))
                axes.add(self.txt(fmt_num(float(v), digits(float(v))), size=LABEL, color=pal.muted)
                         .move_to([left - 0.12, y, 0], aligned_edge=RIGHT))
            title = self.txt(self.s(name), size=WORDS, color=pal.ink)
            title.move_to([left + 0.1, area[1] + 0.05, 0], aligned_edge=DOWN + LEFT)
            return VGroup(axes, title)

        upper = chart(TOP, r.spread_ticks, "spread", lambda v: 0)
        lower = chart(LOW, r.weight_ticks, "largest", lambda v: 1 if 0 < v < 1 else 0)
        self.shown["sqrt_ticks"] = ";".join(",".join(f"{v:g}" for v in t) for t in (r.spread_ticks, r.weight_ticks))
        ticks = VGroup(*(VGroup(Line([xs[k], LOW[0], 0], [xs[k], LOW[0] - 0.06, 0], stroke_color=pal.muted, stroke_width=2),
                                *([self.txt(str(w), size=LABEL, color=pal.muted).move_to([xs[k], LOW[0] - 0.24, 0])]
                                  if k % 2 == 0 else []))
                         for k, w in enumerate(widths)))
        d_name = self.tex("d", size=TEX).next_to(ticks, DOWN, buff=0.05).set_x(xs[m // 2 - 1] + (xs[1] - xs[0]) / 2)
        frame = VGroup(upper, lower, ticks, d_name)

        def trace(values, area, top, color, n):
            pts = [at(k, values[k], area, top) for k in range(n)]
            line = VMobject(stroke_color=color, stroke_width=4).set_points_as_corners(pts if n > 1 else pts * 2)
            return VGroup(line, *(Dot(p, radius=0.05, color=color) for p in pts))

        spread = trace(r.dot_std, TOP, s_top, pal.accent, 1)
        weight = trace(r.sweep_top, LOW, 1.0, pal.accent, 1)
        marker = VGroup(*(DashedLine([xs[0], a[0], 0], [xs[0], a[1], 0], stroke_color=pal.muted, stroke_width=2,
                                     dash_length=0.08) for a in (TOP, LOW)))  # inside the plot areas, clear of the names
        corner = np.array([right, TOP[1] + 0.3, 0.0])  # the readout's place: top right, clear of the chart's name

        def read_d(k):
            return self.tex(f"d = {widths[k]}", size=READOUT, color=pal.ink).move_to(corner, aligned_edge=RIGHT)

        readout = read_d(0)

        def value(s, point, color, side=UP):
            return self.txt(s, size=NOTE, color=color).next_to(point, side, buff=0.1)

        # which curve is which, in a row after the spread chart's name: q·k (accent) and q·k/√d (cool), each with
        # the cue that first draws it; the weight chart below keeps the same colours
        y_key = upper[1].get_y()

        def key(name, color, x):
            swatch = Line([x, y_key, 0], [x + 0.5, y_key, 0], stroke_color=color, stroke_width=4)
            return VGroup(swatch, self.tex(name, size=TEX, color=color).next_to(swatch, RIGHT, buff=0.15))

        first_key = key(r"q\cdot k", pal.accent, upper[1].get_right()[0] + 0.6)
        keys = VGroup(first_key, key(r"q\cdot k/\sqrt{d}", pal.cool, first_key.get_right()[0] + 0.5))
        # the values each cue states, built now and shown as their cue starts
        s_marks = VGroup(value(s1, at(0, r.dot_std[0], TOP, s_top), pal.accent, UP + RIGHT * 0.2),
                         value(s2, at(m - 1, r.dot_std[-1], TOP, s_top), pal.accent, UP + LEFT * 0.6))
        scaled = trace(r.scaled_std, TOP, s_top, pal.cool, m)
        c_mark = value(c, at(m - 1, r.scaled_std[-1], TOP, s_top), pal.cool).shift(0.1 * LEFT)
        t_marks = VGroup(value(t1, at(0, r.sweep_top[0], LOW, 1.0), pal.accent, UP + RIGHT * 0.2),
                         value(t2, at(m - 1, r.sweep_top[-1], LOW, 1.0), pal.accent, UP).shift(0.2 * LEFT))
        sat = next(k for k in range(m) if r.sweep_top[k] >= 0.99)  # where the top weight rounds to 1 at 2 decimals
        # the saturated widths: a band along the flat top of the curve, its words under it, above the divided line
        band = Rectangle(width=xs[-1] - xs[sat] + 0.24, height=0.24, stroke_width=0, fill_color=pal.accent,
                         fill_opacity=0.2).move_to([(xs[sat] + xs[-1]) / 2, LOW[1], 0])
        stalls = self.txt(self.s("stalls"), size=LABEL, color=pal.ink)
        stalls.next_to(band, DOWN, buff=0.08).set_x(min((xs[sat] + xs[-1]) / 2, right - stalls.width / 2))
        flat = trace(r.sweep_top_scaled, LOW, 1.0, pal.cool, m)
        # undivided, the fixed row's scores are z·√d (z: the row divided, the engine's): in the weight chart's name row
        z_row = ",\\ ".join(tnum(v, 2) for v in r.row_z)
        grow = self.tex(rf"z\sqrt{{d}},\ \ z = ({z_row})", size=TEX, color=pal.accent)
        grow.move_to([lower[1].get_right()[0] + 0.5 + grow.width / 2, lower[1].get_y(), 0])
        w_mark = value(w2, at(m - 1, r.sweep_top_scaled[-1], LOW, 1.0), pal.cool, DOWN).shift(0.2 * LEFT)

        self.caption(text)
        first = len(self.cues_log) - 1
        said = cues(text, self.look.lang)

        def cue_with(mark, after=0):
            return first + next(k for k, t in enumerate(said) if k > after and mark in t)

        self.play(QuickFadeOut(self.unpack_lines), run_time=0.4)
        self.remove(self.unpack_lines)
        # the question first, "why divide by √d?", with the table's formula lit
        self.shown["why_sqrt"] = "question"
        self.play(Circumscribe(self.table_name, color=pal.accent, buff=0.1), run_time=1.2)
        self.until_next_cue()
        # the picture takes the whole width: the table and its formula step aside until it is over
        aside = [m for m in self.mobjects if id(m) not in self._captions and m is not self.title_mob]
        self.play(*(QuickFadeOut(m) for m in aside), run_time=0.4)
        self.remove(*aside)
        # "sweep the width d from 2 to 512": the two charts, and the marker sweeping d while q·k's spread and the
        # fixed row's largest weight are traced
        self.shown["why_sqrt"] = "sweep"
        self.play(FadeIn(frame), FadeIn(marker), FadeIn(readout), FadeIn(spread), FadeIn(keys[0]), run_time=0.6)
        for k in range(1, m):
            mark = read_d(k)
            self.play(Transform(spread, trace(r.dot_std, TOP, s_top, pal.accent, k + 1)),
                      marker.animate.set_x(xs[k]), run_time=STEP)
            readout.become(mark)  # the new width at once, never two numbers blended
        # each value appears as the cue that states it starts, and stays
        self.read_to(cue_with(s2), spread)
        self.add(s_marks)
        self.shown["why_sqrt"] = "sweep,spread"
        self.play(QuickFadeOut(VGroup(marker, readout)), run_time=0.3)
        self.remove(marker, readout)
        self.read_to(cue_with(c, cue_with(s2) - first), s_marks[1], spread[0])
        self.add(c_mark, keys[1])
        self.shown["why_sqrt"] = "sweep,spread,scaled"
        self.play(Create(scaled), run_time=0.8)
        self.read_to(cue_with(t1) - 1, c_mark, scaled[0], color=pal.cool)
        self.add(grow)  # the cue before the weights': "undivided, the row's scores are z times √d"
        self.read_to(cue_with(t1), grow)
        # "its largest weight climbs from t1 to t2": the weight curve traced with its cue, a marker sweeping d below
        self.add(t_marks[0])
        self.shown["why_sqrt"] = "sweep,spread,scaled,softmax"
        low_marker = DashedLine([xs[0], LOW[0], 0], [xs[0], LOW[1], 0], stroke_color=pal.muted, stroke_width=2,
                                dash_length=0.08)
        self.play(FadeIn(weight), FadeIn(low_marker), run_time=0.3)
        for k in range(1, m):
            self.play(Transform(weight, trace(r.sweep_top, LOW, 1.0, pal.accent, k + 1)),
                      low_marker.animate.set_x(xs[k]), run_time=STEP)
        self.add(t_marks[1])
        self.play(QuickFadeOut(low_marker), run_time=0.3)
        self.remove(low_marker)
        self.read_to(cue_with(t2) + 1, t_marks, weight[0])
        self.add(band, stalls)  # "a weight near 1: gradient near 0, learning stalls", with its cue
        self.bring_to_back(band)
        self.play(FadeIn(band), run_time=0.3)
        self.read_to(cue_with(w2), stalls, band)
        self.add(w_mark)  # "divided, the largest weight stays w2"
        self.shown["why_sqrt"] = "sweep,spread,scaled,softmax,divided"
        self.play(Create(flat), run_time=0.8)
        read_with(self, w_mark, flat[0], color=pal.cool)  # the divided line lit in its own colour
        picture = VGroup(frame, keys, spread, weight, s_marks, scaled, c_mark, grow, t_marks, band, stalls, flat, w_mark)
        self.play(QuickFadeOut(picture), *(FadeIn(m) for m in aside), run_time=0.6)  # the table back, for the mask
        self.remove(picture)
        self.unpack_lines = VGroup()

    def read_to(self, k: int, *mobs, color=None) -> None:
        """Read the cues, `mobs` pointed at in turn (lit in `color`), until cue k (its index in cues_log) is on screen."""
        while len(self.cues_log) - 1 < k and self._queue:
            read_with(self, *mobs, color=color, cue=True)
