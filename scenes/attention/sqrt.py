"""attention_heatmap, why the scores are divided by √d: a short aside (seed 003, "Dot products → attention weights";
the engine's numbers, engine.scaling.dot_strips, in the record's `sqrt_strips`). One sentence beside the weight table:
one strip of dots per width d = 4, 16, 64, each dot q·k for a random query and key whose entries have variance 1,
comes up with a bracket of ±σ and σ written under each strip (≈ √d) as the sentence's first clause is read; for its
second clause a copy of every dot crosses a ÷√d arrow (its factor 2, 4, 8 written over it) to q·k/√d on a strip of
its own at the same scale, beside the undivided one, and the three divided strips are equally narrow (σ ≈ 1). Then
the panel leaves and the main line (scores → mask → softmax → context) goes on.
Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the softmax section.
"""
from __future__ import annotations

import numpy as np
from manim import LEFT, UP, Arrow, Dot, FadeIn, Line, TransformFromCopy, VGroup

from look import fmt_num
from look.colour import legible
from scenes.attention.cueing import into_cue
from scenes.attention.table import NOTE, TEX
from scenes.parts.quickfade import QuickFadeOut

LEFT_X = 1.35  # the panel's left edge, beside the table; its right edge is the safe area's (6.3)
RIGHT_X = 6.25
AXIS = (2.75, 4.85)  # the undivided strips' axis: q·k = 0 at its middle
GAP = 0.9  # between the undivided and the divided strips: the factor √d (÷2, ÷4, ÷8) and an arrow, on the strip's line
STRIP_Y = (1.35, 0.15, -1.05)  # one strip per width, top to bottom: room under each for σ, over the next for its factor
SIGMA = 40  # σ under each strip: its x-height (the σ itself) over 3 % of the frame height, not only its digits
LANE = 0.07  # the dots of one row's keys sit on 5 lanes this far apart, so dots of equal value stay apart
RADIUS = 0.035


class AttentionSqrt:
    """Needs from the scene: d (the record), pal, s, txt, tex, caption, play, wait, shown, title_mob, table_view,
    crosses, and the softmax section's alpha_view (the worked weight, faded here)."""

    def why_sqrt(self):
        r, pal = self.d.sqrt_strips, self.pal
        if r is None:
            return
        widths, m, n = [int(w) for w in r.widths], len(r.widths), r.keys
        mid, half = sum(AXIS) / 2, (AXIS[1] - AXIS[0]) / 2
        unit = half / float(abs(r.dots).max())  # one scale for both sides: the widest undivided dot at the axis' end
        half_s = float(abs(r.scaled).max()) * unit + 0.08  # the divided strips at the same scale: narrow
        mid_s = AXIS[1] + GAP + half_s

        def place(values, k, color, at=mid):  # the dots of width k at these values, each row's keys on their lanes
            return VGroup(*(Dot([at + float(v) * unit, STRIP_Y[k] + (i % n - (n - 1) / 2) * LANE, 0],
                                radius=RADIUS, color=color) for i, v in enumerate(values)))

        def bracket(sd, k, color, at=mid):  # ±σ under the strip
            y = STRIP_Y[k] - (n / 2) * LANE - 0.12
            a, b = at - float(sd) * unit, at + float(sd) * unit
            return VGroup(Line([a, y, 0], [b, y, 0], stroke_color=color, stroke_width=4),
                          *(Line([x, y - 0.07, 0], [x, y + 0.07, 0], stroke_color=color, stroke_width=4) for x in (a, b)))

        def sigma(sd, k, color, at=mid):  # under its bracket, inside the panel
            mob = self.tex(rf"\sigma = {fmt_num(float(sd), 1)}", size=SIGMA, color=color)
            x = min(max(at, LEFT_X + 1.3 + mob.width / 2), RIGHT_X - mob.width / 2)
            return mob.move_to([x, STRIP_Y[k] - (n / 2) * LANE - 0.26 - mob.height / 2, 0])

        def axis(k, at, h):  # a strip's line and its zero mark
            y = STRIP_Y[k]
            return VGroup(Line([at - h, y, 0], [at + h, y, 0], stroke_color=pal.muted, stroke_width=1.5),
                          Line([at, y - 0.2, 0], [at, y + 0.2, 0], stroke_color=pal.muted, stroke_width=1.5))

        heading = self.txt(self.s("sqrt_each"), size=NOTE, color=pal.ink).move_to([LEFT_X, 2.65, 0], aligned_edge=LEFT)
        name = self.tex(r"q\cdot k", size=SIGMA, color=pal.accent).move_to([mid, 2.15, 0])  # x-height 3 % of the frame
        axes = VGroup(*(axis(k, mid, half) for k in range(m)))
        d_names = VGroup(*(self.tex(f"d = {w}", size=TEX, color=pal.ink).move_to([LEFT_X, STRIP_Y[k], 0],
                                                                                  aligned_edge=LEFT)
                           for k, w in enumerate(widths)))
        strips = [place(r.dots[k], k, pal.accent) for k in range(m)]
        brackets = [bracket(r.dot_std[k], k, pal.accent) for k in range(m)]
        sigmas = [sigma(r.dot_std[k], k, pal.accent) for k in range(m)]

        # the worked weight and the row sums step aside; the table stays
        self.play(QuickFadeOut(self.alpha_view), run_time=0.4)
        self.remove(self.alpha_view)
        self.alpha_view = VGroup()
        keep = {id(x) for x in VGroup(self.table_view(), self.crosses).get_family()}
        aside = [x for x in self.mobjects if id(x) not in self._captions and x is not self.title_mob
                 and not any(id(f) in keep for f in x.get_family())]
        if aside:
            self.play(*(QuickFadeOut(x) for x in aside), run_time=0.4)
            self.remove(*aside)
        # the first clause, "the spread of random q·k grows as √d": the strips, their brackets and σ come up with it
        undivided = ",".join(fmt_num(float(v), 1) for v in r.dot_std)
        self.shown.update(why_sqrt="dots,spread", sqrt_sigma=undivided)
        self.caption(self.s("cap_why_sqrt"), with_=[FadeIn(VGroup(heading, name, axes, d_names, *strips, *brackets, *sigmas))],
                     run_time=0.8)
        first = len(self.cues_log) - 1
        # the second clause, "divided by it, each spread is near 1": a copy of every dot moves right, across the
        # ÷√d arrow (its factor, 2, 4, 8, over it), to q·k/√d on a strip at the same scale; the undivided stay
        cool = legible(pal.cool, pal.background, pal.ink)  # the divided values: readable on either theme
        divided = self.tex(r"q\cdot k/\sqrt{d}", size=SIGMA, color=cool)
        divided.move_to([min(mid_s, RIGHT_X - divided.width / 2), 2.15, 0])
        axes_s = VGroup(*(axis(k, mid_s, half_s) for k in range(m)))
        factors = VGroup(*(self.tex(rf"\div {fmt_num(float(np.sqrt(w)), 0)}", size=TEX, color=cool) for w in widths))
        for k, f in enumerate(factors):
            f.move_to([AXIS[1] + 0.1 + f.width / 2, STRIP_Y[k], 0])
        across = VGroup(*(Arrow([f.get_right()[0] + 0.05, STRIP_Y[k], 0], [AXIS[1] + GAP - 0.04, STRIP_Y[k], 0], buff=0,
                                color=cool, stroke_width=4, max_tip_length_to_length_ratio=0.45)
                          for k, f in enumerate(factors)))
        scaled_sg = [sigma(r.scaled_std[k], k, cool, mid_s) for k in range(m)]
        moved = [place(r.scaled[k], k, cool, mid_s) for k in range(m)]
        brackets_s = [bracket(r.scaled_std[k], k, cool, mid_s) for k in range(m)]
        into_cue(self, first + 1, TransformFromCopy(name, divided), FadeIn(axes_s), FadeIn(across), FadeIn(factors),
                 *(TransformFromCopy(strips[k], moved[k]) for k in range(m)),
                 *(TransformFromCopy(brackets[k], brackets_s[k]) for k in range(m)),
                 *(FadeIn(b) for b in scaled_sg), run_time=1.2,
                 color=pal.accent, shown=dict(why_sqrt="dots,spread,scaled", sqrt_sigma_undivided=undivided,
                                              sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.scaled_std)))
        self.pointing_until_read(factors, VGroup(*brackets_s), VGroup(*scaled_sg))
        picture = VGroup(heading, name, axes, d_names, *strips, *brackets, *sigmas, divided, axes_s, across, factors,
                         *moved, *brackets_s, *scaled_sg)
        self.play(QuickFadeOut(picture), run_time=0.5)
        self.remove(picture)
        for key in ("why_sqrt", "sqrt_sigma", "sqrt_sigma_undivided"):
            self.shown[key] = ""

    def pointing_until_read(self, *mobs) -> None:
        """The caption's last cue read, `mobs` lit in turn (never a still picture for long)."""
        from scenes.parts.emphasis import read_with

        read_with(self, *mobs, color=self.pal.cool)
