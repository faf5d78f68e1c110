"""layernorm_steps: LayerNorm on a 2×6 layer output (2 tokens, 6 features each), shown as bars that
centre, rescale, then take the learned scale γ and shift β (seed 004 §4.2 "一步步做正規化" and its
`class LayerNorm`: mean, var with unbiased=False, (x − mean)/√(var + eps), then scale · norm_x + shift;
numbers from engine.norms.layernorm_example).

Sections: input (the output as a 2 × 6 table, rows tokens and columns features, that unfolds into each row's bars
with their numbers at 2 decimals, on a value axis zoomed to the data) → stats (the mean as a dashed line, each
distance xᵢ − μ turned into a square under its bar; the squares line up, melt into one bar of their total area beside
the sum n·σ², the bar is cut into n equal parts and one rises into the read-out as σ²; only then σ, its root, as the
band μ ± σ opens; scenes.layernorm.stats) → aside (nn.LayerNorm's population variance, ÷ n, with ε) → centre (the
bars drop by μ) → scale (the axis zooms out to every value shown; ÷ √(σ² + ε) under each row; the bars stretch on
that fixed axis, the band opens to the dashed ±1; the read-out keeps the input's σ² until the cue states the new
Var, written under it as σ²/(σ² + ε)) → affine (× γ, then + β, one value per feature, the same for every token) →
why (a toy residual stream whose layers grow while each LayerNorm copy stays at RMS 1, scenes.layernorm.residual;
row 1's input + c through the steps again lands on the outlines of its earlier centred bars and output,
scenes.layernorm.check; row 1 × 10 grows on an axis of its own, row 0's never changing, scenes.layernorm.own_axis,
and collapses back onto its output; then BatchNorm's direction on the table of inputs, scenes.layernorm.batch) →
conclusion (row 0's LayerNorm output flies from the table back into its bars; the formula, each cue pointing at its
part). The seed's class starts γ at 1 and β at 0; the scene uses engine.norms.GAMMA_EXAMPLE / BETA_EXAMPLE (as a caption says).

Every step moves the same bars and numbers (scenes.layernorm.columns.Drive) on a scale changed only by an animated
zoom (scenes.layernorm.axis). Tip numbers: at SIZE, never touching, one format per step, no non-zero as 0.00.
"""
from __future__ import annotations

import numpy as np
from manim import Create, GrowArrow, Indicate, Line, Rectangle, SurroundingRectangle, VGroup

from scenes.layernorm.axis import Axis, around, fit, rescaler
from scenes.layernorm.beyond import past_one
from scenes.layernorm.batch import batch_contrast, batch_leave
from scenes.layernorm.check import step_why
from scenes.layernorm.columns import Column, drive, label_decimals, value_decimals
from scenes.layernorm.layout import BOTTOM, CONTENT, GAP, LABEL_ROOM, MOVE, NAME_W, NAMES_H, SIZE, TICK_SIZE
from scenes.layernorm.learned import from_identity
from scenes.layernorm.residual import residual_picture
from scenes.layernorm.own_axis import OWN, own_axes, own_view
from scenes.layernorm.marks import aside_formula, avoid, divisor, mu_arrows, param_rows, unit_lines, variance_ratio
from scenes.layernorm.stats import step_stats
from scenes.layernorm.states import BIG_VIEW, feature_names, step_states
from scenes.layernorm.strings import STRINGS, captions
from scenes.layernorm.table import unfold
from scenes.parts.emphasis import read_with, walk_with
from scenes.parts.lecture import LectureScene
from scenes.parts.panel import Box
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

__all__ = ["DECIMALS", "SCENE", "STRINGS", "LayerNormSteps", "captions", "label_decimals"]

DECIMALS = {"out": 2, "centred": 2, "scaled_class": 2, "scaled_gamma": 2, "affine": 2, "gamma": 2, "beta": 2,
            "mean": 4, "var_biased": 4, "mean_centred": 4, "check_mean_class": 4, "check_var_class": 4,
            "mean_scaled_gamma": 4, "var_scaled_gamma": 4, "mean_affine": 4, "var_affine": 4, "sum_sq_dev": 4}


class LayerNormSteps(LectureScene):
    strings = STRINGS
    label_size = SIZE
    zh_every_char = True  # its cues are dense with numbers: in Chinese they read at 7 characters a second too

    def construct(self):
        d, pal = self.data, self.pal
        self.cap = captions(d, self.look.lang)
        self.n_rows = rows = d.out.shape[0]
        self.add_title()
        if rows == 1:  # one row: one column, as wide as its bars need
            width = min(CONTENT.width, max(5.5, 1.3 * d.n + NAME_W))
            mid = (CONTENT.left + CONTENT.right) / 2
            boxes = [Box(mid - width / 2 + NAME_W, mid + width / 2, CONTENT.top, CONTENT.bottom)]
            heads = [self.txt(self.s("row_one", n=d.n), size=SIZE + 1, color=pal.muted)]
        else:
            boxes = Box(CONTENT.left + NAME_W, CONTENT.right, CONTENT.top, CONTENT.bottom).split(rows, gap=GAP)
            heads = [self.txt(self.s("row", r=k), size=SIZE + 1, color=pal.muted) for k in range(rows)]
        self.states, sh = step_states(d)  # each step's state per row (scenes.layernorm.states)
        if sh is not None:
            self.shift = sh
        # the row names on the title's line when they clear it (two rows: at the outer corners), else above the read-outs
        title = self.title_mob
        if rows == 2:
            centres = [boxes[0].left + heads[0].width / 2, boxes[1].right - heads[1].width / 2]
        else:
            centres = [b.left + b.width / 2 for b in boxes]
        beside = all(abs(x - title.get_x()) > title.width / 2 + h.width / 2 + 0.3 for x, h in zip(centres, heads))
        readout_y = CONTENT.top - 0.15 if beside else CONTENT.top - heads[0].height - 0.3
        most = max(value_decimals(*(s.values for s in states)) for states in self.states.values())
        self.cols = [Column(self, d.out[r], left=b.left, width=b.width, y0=0.0, unit=1.0,
                            states=[s[r] for s in self.states.values()], size=SIZE, readout_y=readout_y,
                            decimals=most)
                     for r, b in enumerate(boxes)]
        # views: steps 1–2 zoomed to their data, then (from step 3) every value shown; room for the tips' numbers
        self.views = {}
        # (two rows: the per-token check's, every row on one scale zoomed to the values it shows)
        check = (("check", ("why_raw", "why_in", "why_centre")),) if rows > 1 else ()

        def top_of(room):
            return readout_y - 0.26 - room

        def bottom_of(room):
            return CONTENT.bottom + BOTTOM + NAMES_H + room
        for name, keys in (("zoom", ("input", "stats", "centre")), ("fixed", tuple(k for k in self.states if k != BIG_VIEW)), *check):
            every = [s for k in keys for s in self.states[k]]
            bounds = around(min(min(s.values.min(), s.mean - s.half) for s in every),
                            max(max(s.values.max(), s.mean + s.half) for s in every))
            self.views[name] = fit(self.cols, [self.states[k] for k in keys], *bounds,
                                   top_of=top_of, bottom_of=bottom_of, room=LABEL_ROOM)
        self.axes = {k: Axis(self, self.cols, v, TICK_SIZE) for k, v in self.views.items()}
        if rows > 1:  # row 1 × k zooms out on an axis of its own (row 0's never changes): scenes.layernorm.own_axis
            self.views[OWN] = own_view(self, ("why_out", BIG_VIEW), top_of, bottom_of, LABEL_ROOM)
            self.own_axes = own_axes(self, TICK_SIZE)
        self.view = "zoom"
        view = self.views["zoom"]
        self.room, self.y0 = view.room, view.y0
        for k, c in enumerate(self.cols):
            c.set_scale(view.y0, view.unit)
            c.use_decimals(self.states["input"][k].values, self.states["input"][k].decimals)
            c.set_state(self.states["input"][k])
        self.zero = VGroup(*(Line([c.bars.x_left, view.y0, 0], [c.bars.x_left + c.bars.span, view.y0, 0],
                                  color=pal.muted, stroke_width=2) for c in self.cols))
        self.ticks, self.grid = self.axes["zoom"].ticks, self.axes["zoom"].grid
        for c in self.cols:  # the numbers at the tips are drawn over the faint lines
            for label in c.labels:
                self.label_on(label, *(a.grid for a in (*self.axes.values(), *getattr(self, "own_axes", {}).values())))
        for c, h, x in zip(self.cols, heads, centres):
            if beside:
                h.move_to([x, title.get_y(), 0])
            else:
                h.move_to([c.bars.x_left + c.bars.span / 2, CONTENT.top - h.height / 2, 0])
        self.params = [param_rows(self, c, k == 0, NAME_W, (CONTENT.bottom + 0.62, CONTENT.bottom + 0.18))
                       for k, c in enumerate(self.cols)]
        self.heads = heads
        self.fnames = [feature_names(self, c, CONTENT.bottom + BOTTOM + NAMES_H / 2, SIZE, pal.muted) for c in self.cols]
        self.step_input(VGroup(self.zero, *self.fnames), heads)
        self.step_stats()
        self.step_aside()
        self.step_centre()
        self.step_scale()
        self.step_affine()
        self.step_why()
        self.step_conclusion()  # LectureScene waits out the last caption, then holds the last frame

    # -- pieces ---------------------------------------------------------------------------------
    def go(self, state: str, run_time: float = MOVE, extra=(), view: str | None = None, rescale=None,
           cue: str | None = None, hide=None) -> None:
        """Re-shape every column to the step `state` (with `extra` animations alongside); with `view`, the
        axis zooms to that view (self.views) in the same motion; `rescale`: (rescale(a), what it moves), a
        scale change of its own (one column's, scenes.layernorm.check); with `cue`, that caption comes in
        as the move starts (the move is what it states); with `hide` (animations played alongside), the tips' numbers
        and the read-outs fade out first and come back with the values the bars land on, never a part-way value."""
        numbers = [m for c in self.cols for m in (c.labels, c.readout)] if hide is not None else []
        if numbers:
            if cue is not None:
                self.read_caption()
            self.play(*(QuickFadeOut(m) for m in numbers), *hide, run_time=0.4)
        self.shown["moving_to"] = state  # the frames of a move: from "showing" towards this step
        rescale, also = rescaler(self, view) if view is not None else (rescale or (None, ()))
        moves = [*drive(self, self.cols, [s for s in self.states[state]], rescale=rescale, also=also), *extra]
        if cue is None:
            self.play(*moves, run_time=run_time)
        else:
            self.read_caption()  # the caption before it has been read
            self.caption(cue, with_=moves, run_time=run_time)
        self.shown["showing"] = state
        self.shown.pop("moving_to")
        if numbers:
            self.play(*(QuickFadeIn(m) for m in numbers), run_time=0.4)
        if view is not None:  # the old view's ticks have faded out; the new ones stay
            self.remove(self.ticks, self.grid)
            self.ticks, self.grid = self.axes[view].ticks, self.axes[view].grid
            self.persist(self.ticks, self.grid)
            self.room, self.y0, self.view = self.views[view].room, self.views[view].y0, view

    def bottom_centre(self, c: Column, mob) -> None:
        mob.move_to([c.bars.x_left + c.bars.span / 2, CONTENT.bottom + BOTTOM / 2, 0])

    # -- the steps ------------------------------------------------------------------------------
    def step_input(self, axes, heads):
        """The output as a table first (rows are tokens, columns features), then each row unfolds into its bars
        (scenes.layernorm.table.unfold)."""
        unfold(self, axes, heads, size=SIZE, width=min(CONTENT.width - 1.0, 1.5 * self.data.n + 2.0))

    def step_stats(self):
        step_stats(self)  # scenes.layernorm.stats

    def step_aside(self):
        pal = self.pal
        self.section("aside", self.cap["cap_aside"])
        tag = self.txt(self.s("aside"), size=SIZE, color=pal.accent, weight="BOLD")
        frame = SurroundingRectangle(tag, color=pal.accent, buff=0.1, stroke_width=2)
        self.label_on(tag, frame)
        formula = aside_formula(self, size=SIZE * 1.45, eps=self.data.eps)
        aside = VGroup(VGroup(frame, tag), formula).arrange(buff=0.5)
        if aside.height > BOTTOM - 0.04:  # inside the band under the bars' numbers
            aside.scale_to_fit_height(BOTTOM - 0.04)
        aside.move_to([0, CONTENT.bottom + BOTTOM / 2, 0])
        self.play(QuickFadeIn(aside), run_time=0.5)
        read_with(self, *formula, every=2.5)
        self.play(QuickFadeOut(aside), run_time=0.4)  # gone before step 2

    def step_centre(self):
        self.section("centre", self.cap["cap_centre"])
        read_with(self, *(c.mean_line for c in self.cols))
        self.caption(self.cap["cap_drop"])
        arrows = VGroup(*(mu_arrows(self, c, self.data.mean[r]) for r, c in enumerate(self.cols)))
        if any(len(g) == 0 for g in arrows):  # every row's arrows, or none
            arrows = VGroup()
        if len(arrows.family_members_with_points()):
            self.play(*(GrowArrow(a) for g in arrows for a in g), run_time=0.6)
        self.go("centre")  # the bars drop by μ along the arrows; the mean counts to 0
        read_with(self, *(c.mean_num for c in self.cols), *arrows)
        self.play(QuickFadeOut(arrows), run_time=0.4)
        # the axis zooms out to every value the scene shows, the values unchanged, so step 3's stretch is seen
        self.go("centre", run_time=1.5, view="fixed", cue=self.cap["cap_zoom"])
        read_with(self, self.ticks)  # the axis's values, which the cue is about (the bars keep their colour)

    def step_scale(self):
        d = self.data
        self.section("scale")
        self.divisors = VGroup()
        for r, c in enumerate(self.cols):
            value = float(np.sqrt(d.var_biased[r] + d.eps))
            self.shown[f"divisor_{r}"] = value
            g = divisor(self, c, value, d.eps, SIZE)
            if g.height > BOTTOM - 0.04:
                g.scale_to_fit_height(BOTTOM - 0.04)
            if g.width > c.bars.span + GAP:
                g.scale_to_fit_width(c.bars.span + GAP)
            self.bottom_centre(c, g)
            self.divisors.add(g)
        # "Step 3: divide …": ÷ √(σ² + ε) comes in under each row and the bars stretch as the cue is read, on the
        # axis that already holds every value; the dashed ±1 lines are drawn with the cue that names them
        self.units = VGroup(*(unit_lines(self, c) for c in self.cols))
        self.go("scale", run_time=2.0, extra=[*(QuickFadeIn(g) for g in self.divisors), *avoid(self.cols, True)],
                cue=self.cap["cap_scale"])
        read_with(self, *(g[0][1] for g in self.divisors), every=2.5)
        self.caption(self.cap["cap_band"], with_=[Create(u) for u in self.units], run_time=0.8)
        read_with(self, *(c.band for c in self.cols), grow=1.0, every=2.5)
        past_one(self)  # the band is the spread, not a bound: a value past ±1, framed
        self.caption(self.cap["cap_eps"])
        read_with(self, *(g[1] for g in self.divisors), every=2.5)
        # the variance each row now has, σ²/(σ² + ε): its read-out moves down in place of the divisor
        self.ratios = VGroup()
        for r, c in enumerate(self.cols):
            g = variance_ratio(self, float(d.check_var_class[r]), SIZE)
            if g.width > c.bars.span + GAP:
                g.scale_to_fit_width(c.bars.span + GAP)
            self.bottom_centre(c, g)
            self.ratios.add(g)
        self.read_caption()  # the divisor leaves first: the old and the new line never overprint
        self.play(*(QuickFadeOut(div) for div in self.divisors), run_time=0.3)
        # the line fades in whole, in place (a copy of the read-out's number flying down crossed the tips' numbers)
        # the read-out's variance becomes the bars' Var with the cue that states it
        self.go("scale_var", run_time=0.9, extra=[QuickFadeIn(g) for g in self.ratios], cue=self.cap["cap_check"])
        c0 = self.cols[0]  # μ = 0: its mean line on the zero line; σ² just under 1: its band at the ±1 lines
        read_with(self, c0.mean_line, self.units[0], c0.readout, self.ratios[0])
        self.caption(self.cap["cap_promise"])  # every row: a frame rests on each read-out (μ and σ²) in turn
        walk_with(self, *(VGroup(c.readout, SurroundingRectangle(c.readout, buff=0.04, stroke_opacity=0))
                          for c in self.cols), step=0.5, dwell=1.6)

    def step_affine(self):
        self.section("affine", self.cap["cap_gamma"], keep=[self.ratios, self.units])
        gammas = [m for p in self.params for m in p["gamma"] if m is not None]
        betas = [m for p in self.params for m in p["beta"] if m is not None]
        self.play(QuickFadeOut(self.ratios), QuickFadeOut(self.units), *avoid(self.cols, False), run_time=0.4)
        self.go("gamma", extra=[Indicate(m, color=self.pal.ok, scale_factor=1.08) for m in gammas],
                hide=[QuickFadeIn(m) for m in gammas])
        # + β as its cue is read: the values come in as the bars move, the move done well before the cue ends
        self.go("affine", run_time=1.0, extra=[QuickFadeIn(m) for m in betas], cue=self.cap["cap_beta"], hide=[])
        read_with(self, *betas, color=self.pal.bad, every=2.5)
        from_identity(self)  # γ = 1, β = 0 (the normalised row), then the chosen values (scenes.layernorm.learned)
        # one γ and one β per feature for every token: a frame in each row steps over the features together
        pairs = [[VGroup(g, b) for g, b in zip(p["gamma"][1], p["beta"][1])] for p in self.params]
        # one frame size for every feature, wide enough for the widest pair's digits with a clear margin
        wide = max(p.width for row in pairs for p in row) + 0.26
        high = max(p.height for row in pairs for p in row) + 0.16
        frames = [Rectangle(width=wide, height=high, color=self.pal.accent, stroke_width=4).move_to(row[0])
                  for row in pairs]
        self.caption(self.cap["cap_shared"], with_=[QuickFadeIn(f) for f in frames], run_time=0.4)
        pace = min(1.0, max(0.45, (self.caption_left() - 1.0) / self.data.n))  # the steps span the cue
        for k in range(1, self.data.n):
            self.play(*(f.animate.move_to(row[k].get_center()) for f, row in zip(frames, pairs)), run_time=pace)
        self.play(*(QuickFadeOut(f) for f in frames), run_time=0.3)
        self.read_caption()
        self.caption(self.cap["cap_result"])  # row 0's mean line and band: no longer at 0 and ±1
        read_with(self, self.cols[0].mean_line, self.cols[0].band, self.cols[0].readout)

    def param_mobs(self) -> list:
        return [m for p in self.params for pair in p.values() for m in pair if m is not None]

    def step_why(self):
        self.section("why", None if self.n_rows > 1 else self.cap["cap_why"], keep=self.param_mobs())
        self.tag = VGroup()
        if self.n_rows > 1:  # row 1's input + c through the steps again (scenes.layernorm.check)
            residual_picture(self)  # why normalise at all, then cap_why (scenes.layernorm.residual)
            step_why(self)
            batch_contrast(self, self.out_ghost)

    def step_conclusion(self):
        pal = self.pal
        params = self.param_mobs()
        batch = getattr(self, "batch", None) or {"out": [], "back": []}  # the BatchNorm contrast, still on screen
        back = []
        if batch["out"]:  # the contrast's table gives way to the charts as its section ends (scenes.layernorm.batch),
            self._flush_cues()  # once its last cue is read: the conclusion opens on the charts, so a presenter's
            back = batch_leave(self)  # hold on it is its whole picture
        self.section("conclusion", self.cap["cap_conclusion"], keep=[*params, self.tag, *back])
        # on one line: every symbol at full size (a fraction's numerator and denominator would be script-sized)
        formula = self.tex("y", "=", r"\gamma", r"\cdot", r"(x-\mu)\,/\sqrt{\sigma^2+\varepsilon}", "+",
                           r"\beta", size=52)
        formula[2].set_color(pal.ok)
        formula[6].set_color(pal.bad)
        # under the feature names with a clear gap (never between "f5" and "f0"), above the caption's margin
        under = min(f.get_bottom()[1] for f in self.fnames) - 0.18
        if formula.height > under - CONTENT.bottom:
            formula.scale_to_fit_height(under - CONTENT.bottom)
        formula.move_to([0, under - formula.height / 2, 0])
        # the value rows and the output's read-outs leave, the formula fades in where the rows were
        present = {id(m) for m in self.get_mobject_family_members()}
        leaving = [m for m in (*params, self.tag, *(m for c in self.cols for m in (c.readout, c.mean_line, c.band)))
                   if id(m) in present]
        self.play(*(QuickFadeOut(m) for m in leaving), QuickFadeIn(formula), run_time=0.8)
        self.remove(*formula.submobjects)
        self.add(formula)  # one formula from here on, not its parts
        # each cue points at what it says: the centring and rescaling, then γ and β, then each token's own row
        if self._queue:
            read_with(self, formula[4], cue=True)
        if self._queue:
            read_with(self, formula[2], formula[6], cue=True)
        read_with(self, *(c.bars for c in self.cols), color=pal.cool, every=2.0)


SCENE = LayerNormSteps
