"""layernorm_steps: LayerNorm on a 2×6 layer output, shown as bars that centre, rescale, then take the
learned scale γ and shift β (seed 004 §4.2 "一步步做正規化" and its `class LayerNorm`: mean, var with
unbiased=False, (x − mean)/√(var + eps), then scale · norm_x + shift; numbers from
engine.norms.layernorm_example).

Sections: input (each row as bars growing from 0) → stats (the mean as a dashed line, the band μ ± σ
grows from it, a read-out "mean … variance …" per row) → aside (a short one: this population
variance, ÷ n, is what nn.LayerNorm uses, with ε) → centre (the bars drop by μ: the read-out's mean
counts to 0) → scale (÷ √(σ² + ε): the band becomes nearly ±1, the variance counts to just under 1)
→ affine (the bars are multiplied by γ, then shifted by β, one pair per feature: the read-out
counts to the output's own mean and variance) → conclusion (the formula, its γ and β the rows'
names moved into it). The seed's class starts γ at 1 and β at 0; the scene uses the small
non-trivial γ, β of engine.norms.GAMMA_EXAMPLE / BETA_EXAMPLE, which the record carries.

Every step moves the same bars and numbers (scenes.layernorm.columns.Drive): one step's result is
the next step's input. All steps share one scale, except that small raw rows are drawn up to 3×
taller until step 3 (large raw rows: the normalised ones up to 10× taller from step 3 on), with a
label "bar heights ×3.0" that counts along. The words and the claims they make:
scenes.layernorm.strings.
"""
from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, Indicate, Line, ReplacementTransform, SurroundingRectangle, VGroup

from scenes.layernorm.columns import Column, State, drive, label_decimals, magnify
from scenes.layernorm.strings import STRINGS, captions
from scenes.parts.emphasis import read_with
from scenes.parts.glyphmatrix import FixedNumber
from scenes.parts.glyphs import GlyphNumber
from scenes.parts.lecture import LectureScene
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

__all__ = ["DECIMALS", "SCENE", "STRINGS", "LayerNormSteps", "captions", "label_decimals"]

DECIMALS = {"out": 2, "centred": 2, "scaled_class": 2, "scaled_gamma": 2, "affine": 2, "gamma": 2, "beta": 2,
            "mean": 4, "var_biased": 4, "mean_centred": 4, "check_mean_class": 4, "check_var_class": 4,
            "mean_scaled_gamma": 4, "var_scaled_gamma": 4, "mean_affine": 4, "var_affine": 4}

CONTENT = Box(-SAFE_HALF_WIDTH + 0.1, SAFE_HALF_WIDTH - 0.1, 2.85, CONTENT_BOTTOM)
LABEL_ROOM = 0.3  # above the highest and below the lowest bar, for the numbers at the tips
NAME_W = 0.45  # left of each row's bars: the names γ and β of the rows of parameters
BOTTOM = 1.0  # below the bars: the rows γ and β (the aside, then the formula, in their place)
MOVE = 2.0  # seconds a step takes to re-shape the bars


class LayerNormSteps(LectureScene):
    strings = STRINGS

    def construct(self):
        d, pal = self.data, self.pal
        self.cap = captions(d, self.look.lang)
        self.n_rows = rows = d.out.shape[0]
        self.add_title()
        if rows == 1:  # one row: one column, as wide as its bars need
            width = min(CONTENT.width, max(5.5, 1.3 * d.n + NAME_W))
            mid = (CONTENT.left + CONTENT.right) / 2
            boxes = [Box(mid - width / 2, mid + width / 2, CONTENT.top, CONTENT.bottom)]
            heads = [self.txt(self.s("row_one", n=d.n), size=22, color=pal.muted)]
        else:
            boxes = CONTENT.split(rows, gap=0.8)
            heads = [self.txt(self.s("row", r=k), size=22, color=pal.muted) for k in range(rows)]
        # each step's state per row; one scale for all of them, so the bars grow from step to step, the raw
        # and centred rows (or, for large rows, the normalised ones) drawn taller, a label saying by how much
        table = {"zero": (np.zeros_like(d.out), d.mean, np.zeros(rows), d.var_biased),
                 "input": (d.out, d.mean, np.zeros(rows), d.var_biased),
                 "stats": (d.out, d.mean, d.std_biased, d.var_biased),
                 "centre": (d.centred, d.mean_centred, d.std_biased, d.var_biased),
                 "scale": (d.scaled_class, d.check_mean_class, d.check_std_class, d.check_var_class),
                 "gamma": (d.scaled_gamma, d.mean_scaled_gamma, d.std_scaled_gamma, d.var_scaled_gamma),
                 "affine": (d.affine, d.mean_affine, d.std_affine, d.var_affine)}
        early = ("zero", "input", "stats", "centre")

        def states(z_early, z_late):
            return {k: [State(v[r], m[r], h[r], var[r], z_early if k in early else z_late) for r in range(rows)]
                    for k, (v, m, h, var) in table.items()}

        plain = states(1.0, 1.0)
        before = [s for k in early for s in plain[k]]
        after = [s for k in table if k not in early for s in plain[k]]
        # small raw rows are magnified (at most 3×, so step 3 still stretches them); or, for large raw rows,
        # the normalised ones (up to 10×, so step 3 still shrinks them)
        self.z_early = magnify(before, after)
        self.z_late = magnify(after, before, steps=(10.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.5)) if self.z_early == 1 else 1.0
        self.zoom = max(self.z_early, self.z_late)
        self.states = states(self.z_early, self.z_late)
        every = [s for states_ in self.states.values() for s in states_]
        hi = max(0.0, *(s.zoom * max(s.values.max(), s.mean + s.half) for s in every))
        lo = min(0.0, *(s.zoom * min(s.values.min(), s.mean - s.half) for s in every))
        readout_y = CONTENT.top - heads[0].height - 0.32
        top = readout_y - 0.2 - LABEL_ROOM
        bottom = CONTENT.bottom + BOTTOM + LABEL_ROOM
        unit = (top - bottom) / (hi - lo)
        y0 = top - hi * unit
        label_size = 17  # the smallest legible from the back row (3 % of the frame height)
        self.cols = [Column(self, d.out[r], left=b.left + NAME_W, width=b.width - NAME_W, y0=y0, unit=unit,
                            states=[s[r] for s in self.states.values()], size=label_size, readout_y=readout_y)
                     for r, b in enumerate(boxes)]
        for c in self.cols:
            c.set_state(self.states["zero"][self.cols.index(c)])
        axes = VGroup(*(Line([c.bars.x_left, y0, 0], [c.bars.x_left + c.bars.span, y0, 0], color=pal.muted,
                             stroke_width=2) for c in self.cols))
        for c, h in zip(self.cols, heads):
            h.move_to([c.bars.x_left + c.bars.span / 2, CONTENT.top - h.height / 2, 0])
        self.params = [self.param_rows(c) for c in self.cols]
        self.zoom_label = self.zoom_readout() if self.zoom > 1 else None
        self.step_input(axes, heads)
        self.step_stats()
        self.step_aside()
        self.step_centre()
        self.step_scale()
        self.step_affine()
        self.step_conclusion()  # LectureScene waits out the last caption, then holds the last frame

    # -- pieces ---------------------------------------------------------------------------------
    def param_rows(self, c: Column) -> dict:
        """The rows γ and β under a column's bars: each value under its feature's bar, the name at the left."""
        d, pal = self.data, self.pal
        ys = (CONTENT.bottom + 0.72, CONTENT.bottom + 0.25)
        out = {}
        for key, values, y, color in (("gamma", d.gamma, ys[0], pal.ok), ("beta", d.beta, ys[1], pal.bad)):
            name = self.tex(r"\gamma" if key == "gamma" else r"\beta", size=34, color=color)
            name.move_to([c.bars.x_left - NAME_W / 2, y, 0])
            nums = VGroup()
            for k, v in enumerate(values):
                num = FixedNumber(f"{v:.2f}".replace("-", "\u2212"), font=self.look.font, font_size=18, color=color)
                num.move_to([c.bars.x(k), y, 0])
                nums.add(num)
            out[key] = (name, nums)
        return out

    def zoom_readout(self) -> VGroup:
        """"bar heights ×3.0" at the top left: how much taller than the common scale the bars are drawn."""
        words = self.txt(self.s("zoom"), size=20, color=self.pal.muted)
        num = GlyphNumber(self.z_early, decimals=1, font=self.look.font, font_size=20, color=self.pal.muted,
                          align="left", width=4)
        num.next_to(words, RIGHT, buff=0.1)
        num.shift([0, words[0].get_bottom()[1] - num.box.get_bottom()[1], 0])  # on the first letter's baseline
        group = VGroup(words, num)
        group.move_to([CONTENT.left + group.width / 2, self.title_mob.get_center()[1], 0])  # beside the title
        group.number = num
        return group

    def go(self, state: str, run_time: float = MOVE, extra=()) -> None:
        """Re-shape every column to the step `state` (with `extra` animations alongside)."""
        zoom = self.zoom_label.number if self.zoom_label is not None else None
        self.shown["moving_to"] = state  # the frames of a move: from "showing" towards this step
        self.play(*drive(self, self.cols, self.states[state], zoom=zoom), *extra, run_time=run_time)
        self.shown["showing"] = state
        self.shown.pop("moving_to")

    # -- the steps ------------------------------------------------------------------------------
    def step_input(self, axes, heads):
        self.section("input", self.cap["cap_input"])
        self.play(QuickFadeIn(axes), *(QuickFadeIn(h) for h in heads), run_time=0.5)
        if self.zoom_label is not None:
            self.persist(self.zoom_label)
        if self.z_early > 1:
            self.shown["bar_zoom"] = self.z_early
            self.play(QuickFadeIn(self.zoom_label), run_time=0.4)
        for c in self.cols:
            self.add(c.bars, c.labels)
        self.go("input", run_time=1.5)  # the bars grow from 0, their numbers count up
        self.persist(axes, *heads, *(m for c in self.cols for m in (c.bars, c.labels)))
        read_with(self, *(c.bars for c in self.cols))

    def step_stats(self):
        self.section("stats", self.cap["cap_stats"])
        cols = self.cols
        self.add(*(c.band for c in cols))
        self.bring_to_back(*(c.band for c in cols))  # behind the bars
        self.play(*(QuickFadeIn(c.mean_line) for c in cols), *(QuickFadeIn(c.readout) for c in cols), run_time=0.8)
        self.bring_to_front(*(c.labels for c in cols))  # the numbers over the mean line
        self.go("stats", run_time=1.2)  # the band μ ± σ opens from the mean line
        self.persist(*(m for c in cols for m in (c.band, c.mean_line, c.readout)))
        read_with(self, *(c.mean_line for c in cols), *(c.band for c in cols), *(c.var_num for c in cols))

    def step_aside(self):
        pal = self.pal
        self.section("aside", self.cap["cap_aside"])
        tag = self.txt(self.s("aside"), size=20, color=pal.accent, weight="BOLD")
        frame = SurroundingRectangle(tag, color=pal.accent, buff=0.1, stroke_width=2)
        self.label_on(tag, frame)
        formula = self.tex(r"\sigma^2 = \frac{1}{n}\sum_i (x_i - \mu)^2", size=30)
        other = self.txt(self.s("aside_not"), size=20, color=pal.muted)
        self.aside = VGroup(VGroup(frame, tag), formula, other).arrange(buff=0.35)
        self.aside.move_to([0, CONTENT.bottom + BOTTOM / 2, 0])
        self.play(QuickFadeIn(self.aside), run_time=0.5)
        read_with(self, formula, other)

    def step_centre(self):
        self.section("centre", self.cap["cap_centre"], keep=[self.aside])
        self.go("centre", extra=[QuickFadeOut(self.aside)])  # the bars drop by μ; the mean counts to 0
        read_with(self, *(c.mean_num for c in self.cols), *(c.bars for c in self.cols))

    def step_scale(self):
        self.section("scale", self.cap["cap_scale"])
        if self.z_late > 1:  # from here on the bars are drawn taller: say so before they change
            self.shown["bar_zoom"] = 1.0
            self.play(QuickFadeIn(self.zoom_label), run_time=0.4)
        self.go("scale")  # ÷ √(σ² + ε): the band opens to nearly ±1 (and the zoom changes with it)
        if self.z_early > 1:  # back to the common scale: nothing magnified any more
            self.play(QuickFadeOut(self.zoom_label), run_time=0.4)
            self.shown.pop("bar_zoom", None)
        read_with(self, *(c.band for c in self.cols))
        self.caption(self.cap["cap_check"])
        read_with(self, *(m for c in self.cols for m in (c.mean_num, c.var_num)))

    def step_affine(self):
        self.section("affine", self.cap["cap_affine"])
        gammas = [m for p in self.params for m in p["gamma"]]
        betas = [m for p in self.params for m in p["beta"]]
        self.play(*(QuickFadeIn(m) for m in gammas), run_time=0.6)
        self.go("gamma", extra=[Indicate(m, color=self.pal.accent, scale_factor=1.08) for m in gammas])
        self.play(*(QuickFadeIn(m) for m in betas), run_time=0.6)
        self.go("affine", extra=[Indicate(m, color=self.pal.accent, scale_factor=1.08) for m in betas])
        self.caption(self.cap["cap_result"])
        read_with(self, *(m for c in self.cols for m in (c.mean_num, c.var_num)), *(c.band for c in self.cols))

    def step_conclusion(self):
        pal = self.pal
        self.section("conclusion", self.cap["cap_conclusion"],
                     keep=[m for p in self.params for pair in p.values() for m in pair])
        formula = self.tex("y", "=", r"\gamma", r"\cdot", r"\frac{x-\mu}{\sqrt{\sigma^2+\varepsilon}}", "+",
                           r"\beta", size=42)
        formula[2].set_color(pal.ok)
        formula[6].set_color(pal.bad)
        formula.move_to([0, CONTENT.bottom + BOTTOM / 2, 0])
        (g_name, g_nums), (b_name, b_nums) = self.params[0]["gamma"], self.params[0]["beta"]
        rest = [m for p in self.params[1:] for pair in p.values() for m in pair]
        self.play(ReplacementTransform(g_name, formula[2]), ReplacementTransform(b_name, formula[6]),
                  *(QuickFadeIn(formula[k]) for k in (0, 1, 3, 4, 5)),
                  *(QuickFadeOut(m) for m in (g_nums, b_nums, *rest)), run_time=1.2)
        self.remove(*formula.submobjects)
        self.add(formula)  # one formula from here on, not its parts
        read_with(self, formula, *(c.readout for c in self.cols))


SCENE = LayerNormSteps
