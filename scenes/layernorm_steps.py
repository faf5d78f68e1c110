"""layernorm_steps: LayerNorm on a 2×6 layer output (2 tokens, 6 features each), shown as bars that
centre, rescale, then take the learned scale γ and shift β (seed 004 §4.2 "一步步做正規化" and its
`class LayerNorm`: mean, var with unbiased=False, (x − mean)/√(var + eps), then scale · norm_x + shift;
numbers from engine.norms.layernorm_example).

Sections: input (each row as bars growing from 0) → stats (the mean as a dashed line, then the band
μ ± σ opening from it, then squares of side |x − μ| whose mean is σ²) → aside (a short one: this
population variance, ÷ n, is what nn.LayerNorm uses, with ε) → centre (an arrow of length μ beside
every bar, the bars drop along them: the read-out's mean counts to 0; bars drawn taller until now
go back to the true scale in a move of their own) → scale (÷ √(σ² + ε) with its value and ε under
each row; the band becomes nearly ±1, ticks −1, 0, 1 at the left) → affine (× γ, then + β, one value
per feature: the read-out counts to the row's new mean and variance, which follow from γ, β and the
normalised values) → why (each row framed: normalised with its own numbers only) → conclusion (the
value rows leave, the names γ and β move into the formula). The seed's class starts γ at 1 and β
at 0; the scene uses the small non-trivial γ, β of engine.norms.GAMMA_EXAMPLE / BETA_EXAMPLE, which
the record carries.

Every step moves the same bars and numbers (scenes.layernorm.columns.Drive): one step's result is
the next step's input. Small raw rows are drawn up to 3× taller until the end of step 2 (large raw
rows: the normalised ones up to 10× taller after step 3), with a label "bar heights ×3.0"; the
change of scale is its own captioned move, never part of a step. The words: scenes.layernorm.strings.
"""
from __future__ import annotations

import numpy as np
from manim import RIGHT, Create, GrowArrow, Indicate, Line, ReplacementTransform, SurroundingRectangle, VGroup

from scenes.layernorm.columns import Column, State, drive, label_decimals, magnify
from scenes.layernorm.marks import aside_formula, divisor, mu_arrows, row_box, squares, unit_ticks
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

BASE = CONTENT_BOTTOM + 0.3  # the lowest content: a clear margin above the caption
CONTENT = Box(-SAFE_HALF_WIDTH + 0.1, SAFE_HALF_WIDTH - 0.1, 2.85, BASE)
LABEL_ROOM = 0.38  # above the highest and below the lowest bar, for the numbers at the tips
NAME_W = 0.6  # left of each row's bars: the names γ and β, the ticks −1, 0, 1
BOTTOM = 1.15  # below the bars: the rows γ and β (the aside, the divisor, then the formula in their place)
MOVE = 2.0  # seconds a step takes to re-shape the bars
SIZE = 25  # every number and label: digits about 3 % of the frame height


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
            heads = [self.txt(self.s("row_one", n=d.n), size=SIZE + 1, color=pal.muted)]
        else:
            boxes = CONTENT.split(rows, gap=0.5)
            heads = [self.txt(self.s("row", r=k), size=SIZE + 1, color=pal.muted) for k in range(rows)]
        # each step's state per row, and which zoom it is drawn at: "early" (raw and centred rows), "one"
        # (the true scale) or "late" (normalised rows); a change of zoom is a move of its own
        table = {"zero": (np.zeros_like(d.out), d.mean, np.zeros(rows), d.var_biased, "early"),
                 "input": (d.out, d.mean, np.zeros(rows), d.var_biased, "early"),
                 "stats": (d.out, d.mean, d.std_biased, d.var_biased, "early"),
                 "centre": (d.centred, d.mean_centred, d.std_biased, d.var_biased, "early"),
                 "centre_true": (d.centred, d.mean_centred, d.std_biased, d.var_biased, "one"),
                 "scale": (d.scaled_class, d.check_mean_class, d.check_std_class, d.check_var_class, "one"),
                 "scale_late": (d.scaled_class, d.check_mean_class, d.check_std_class, d.check_var_class, "late"),
                 "gamma": (d.scaled_gamma, d.mean_scaled_gamma, d.std_scaled_gamma, d.var_scaled_gamma, "late"),
                 "affine": (d.affine, d.mean_affine, d.std_affine, d.var_affine, "late")}

        def states(zooms):
            return {k: [State(v[r], m[r], h[r], var[r], zooms[z]) for r in range(rows)]
                    for k, (v, m, h, var, z) in table.items()}

        plain = states({"early": 1.0, "one": 1.0, "late": 1.0})
        before = [s for k, v in table.items() if v[4] == "early" for s in plain[k]]
        after = [s for k, v in table.items() if v[4] != "early" for s in plain[k]]
        # small raw rows are magnified (at most 3×, so step 3 still stretches them); or, for large raw rows,
        # the normalised ones (up to 10×, so step 3 still shrinks them)
        self.z_early = magnify(before, after)
        self.z_late = magnify(after, before, steps=(10.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.5)) if self.z_early == 1 else 1.0
        self.zoom = max(self.z_early, self.z_late)
        self.states = states({"early": self.z_early, "one": 1.0, "late": self.z_late})
        every = [s for states_ in self.states.values() for s in states_]
        hi = max(0.0, *(s.zoom * max(s.values.max(), s.mean + s.half) for s in every))
        lo = min(0.0, *(s.zoom * min(s.values.min(), s.mean - s.half) for s in every))
        readout_y = CONTENT.top - heads[0].height - 0.36
        self.top = top = readout_y - 0.22 - LABEL_ROOM
        self.bottom = bottom = CONTENT.bottom + BOTTOM + LABEL_ROOM
        unit = (top - bottom) / (hi - lo)
        y0 = top - hi * unit
        self.cols = [Column(self, d.out[r], left=b.left + NAME_W, width=b.width - NAME_W, y0=y0, unit=unit,
                            states=[s[r] for s in self.states.values()], size=SIZE, readout_y=readout_y)
                     for r, b in enumerate(boxes)]
        for k, c in enumerate(self.cols):
            c.set_state(self.states["zero"][k])
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
        self.step_why()
        self.step_conclusion()  # LectureScene waits out the last caption, then holds the last frame

    # -- pieces ---------------------------------------------------------------------------------
    def param_rows(self, c: Column) -> dict:
        """The rows γ and β under a column's bars: each value under its feature's bar, the name at the left."""
        d, pal = self.data, self.pal
        ys = (CONTENT.bottom + 0.78, CONTENT.bottom + 0.22)
        out = {}
        for key, values, y, color in (("gamma", d.gamma, ys[0], pal.ok), ("beta", d.beta, ys[1], pal.bad)):
            name = self.tex(r"\gamma" if key == "gamma" else r"\beta", size=40, color=color)
            name.move_to([c.bars.x_left - NAME_W / 2, y, 0])
            nums = VGroup()
            for k, v in enumerate(values):
                num = FixedNumber(f"{v:.2f}".replace("-", "\u2212"), font=self.look.font, font_size=c.label_size,
                                   color=color)
                num.move_to([c.bars.x(k), y, 0])
                nums.add(num)
            out[key] = (name, nums)
        return out

    def zoom_readout(self) -> VGroup:
        """"bar heights ×3.0" at the top left: how much taller than the true scale the bars are drawn."""
        words = self.txt(self.s("zoom"), size=SIZE, color=self.pal.muted)
        num = GlyphNumber(self.z_early, decimals=1, font=self.look.font, font_size=SIZE, color=self.pal.muted,
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
        self.play(*drive(self, self.cols, [s for s in self.states[state]], zoom=zoom), *extra, run_time=run_time)
        self.shown["showing"] = state
        self.shown.pop("moving_to")

    def bottom_centre(self, c: Column, mob) -> None:
        mob.move_to([c.bars.x_left + c.bars.span / 2, CONTENT.bottom + BOTTOM / 2, 0])

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
        self.section("stats", self.cap["cap_mean"])
        cols = self.cols
        for c in cols:  # the band behind the bars, the mean line over them, the numbers over the line
            self.add(c.band)
            self.bring_to_back(c.band)
        self.play(*(QuickFadeIn(c.mean_line) for c in cols), *(QuickFadeIn(c.readout) for c in cols), run_time=0.8)
        self.bring_to_front(*(c.labels for c in cols))
        self.persist(*(m for c in cols for m in (c.band, c.mean_line, c.readout)))
        read_with(self, *(c.mean_line for c in cols), *(c.mean_num for c in cols))
        self.caption(self.cap["cap_spread"])
        self.go("stats", run_time=1.2)  # the band μ ± σ opens from the mean line
        read_with(self, *(c.band for c in cols))
        self.caption(self.cap["cap_var"])
        sq = VGroup(*(squares(self, c) for c in cols))
        self.play(*(QuickFadeIn(g) for g in sq), run_time=0.8)
        read_with(self, *sq, *(c.var_num for c in cols))
        self.play(QuickFadeOut(sq), run_time=0.4)

    def step_aside(self):
        pal = self.pal
        self.section("aside", self.cap["cap_aside"])
        tag = self.txt(self.s("aside"), size=SIZE, color=pal.accent, weight="BOLD")
        frame = SurroundingRectangle(tag, color=pal.accent, buff=0.1, stroke_width=2)
        self.label_on(tag, frame)
        formula = aside_formula(self, size=40)
        aside = VGroup(VGroup(frame, tag), formula).arrange(buff=0.5)
        if aside.height > BOTTOM - 0.04:  # inside the band under the bars' numbers
            aside.scale_to_fit_height(BOTTOM - 0.04)
        aside.move_to([0, CONTENT.bottom + BOTTOM / 2, 0])
        self.play(QuickFadeIn(aside), run_time=0.5)
        read_with(self, *formula)
        self.play(QuickFadeOut(aside), run_time=0.4)  # gone before step 2

    def step_centre(self):
        self.section("centre", self.cap["cap_centre"])
        read_with(self, *(c.mean_line for c in self.cols))
        self.caption(self.cap["cap_drop"])
        arrows = VGroup(*(mu_arrows(self, c, self.data.mean[r]) for r, c in enumerate(self.cols)))
        if len(arrows.family_members_with_points()):
            self.play(*(GrowArrow(a) for g in arrows for a in g), run_time=0.6)
        self.go("centre")  # the bars drop by μ along the arrows; the mean counts to 0
        read_with(self, *(c.mean_num for c in self.cols), *arrows)
        self.play(QuickFadeOut(arrows), run_time=0.4)
        if self.z_early > 1:  # back to the true scale, as a move of its own
            self.caption(self.cap["cap_true"])
            self.go("centre_true", run_time=1.5)
            self.play(QuickFadeOut(self.zoom_label), run_time=0.4)
            self.shown.pop("bar_zoom", None)
            self.persistent.remove(self.zoom_label)
            read_with(self, *(c.bars for c in self.cols))

    def step_scale(self):
        d = self.data
        self.section("scale", self.cap["cap_scale"])
        self.divisors = VGroup()
        for r, c in enumerate(self.cols):
            value = float(np.sqrt(d.var_biased[r] + d.eps))
            self.shown[f"divisor_{r}"] = value
            g = divisor(self, c, value, d.eps, SIZE)
            if g.width > c.bars.span + NAME_W:
                g.scale_to_fit_width(c.bars.span + NAME_W)
            self.bottom_centre(c, g)
            self.divisors.add(g)
        self.play(*(QuickFadeIn(g) for g in self.divisors), run_time=0.6)
        read_with(self, *(g[0][1] for g in self.divisors))
        self.caption(self.cap["cap_eps"])
        read_with(self, *(g[1] for g in self.divisors))
        self.caption(self.cap["cap_band"])
        self.go("scale")  # ÷ √(σ² + ε): the band opens to nearly ±1, on the true scale
        if self.z_late > 1:  # from here on the bars are drawn taller: a move of its own
            self.caption(self.cap["cap_zoom_in"])
            self.shown["bar_zoom"] = 1.0
            self.play(QuickFadeIn(self.zoom_label), run_time=0.4)
            self.go("scale_late", run_time=1.5)
        self.ticks = VGroup(*(unit_ticks(self, c, self.bottom - 0.1, self.top + 0.1, SIZE) for c in self.cols))
        self.play(*(QuickFadeIn(t) for t in self.ticks), run_time=0.6)
        self.persist(self.ticks)
        read_with(self, *(c.band for c in self.cols), *self.ticks)
        self.caption(self.cap["cap_check"])
        read_with(self, *(m for c in self.cols for m in (c.mean_num, c.var_num)))

    def step_affine(self):
        self.section("affine", self.cap["cap_gamma"], keep=[self.divisors])
        gammas = [m for p in self.params for m in p["gamma"]]
        betas = [m for p in self.params for m in p["beta"]]
        self.play(QuickFadeOut(self.divisors), run_time=0.4)
        self.play(*(QuickFadeIn(m) for m in gammas), run_time=0.6)
        self.go("gamma", extra=[Indicate(m, color=self.pal.accent, scale_factor=1.08) for m in gammas])
        self.caption(self.cap["cap_beta"])
        self.play(*(QuickFadeIn(m) for m in betas), run_time=0.6)
        self.go("affine", extra=[Indicate(m, color=self.pal.accent, scale_factor=1.08) for m in betas])
        self.caption(self.cap["cap_learned"])
        read_with(self, *(p[k][0] for p in self.params for k in ("gamma", "beta")))
        self.caption(self.cap["cap_result"])
        read_with(self, *(m for c in self.cols for m in (c.mean_num, c.var_num)))
        self.caption(self.cap["cap_follow"])
        read_with(self, *(p[k][1] for p in self.params for k in ("gamma", "beta")), *(c.band for c in self.cols))

    def step_why(self):
        self.section("why", self.cap["cap_why"], keep=[m for p in self.params for pair in p.values() for m in pair])
        self.boxes = VGroup(*(row_box(self, c, c.bars.x_left - NAME_W + 0.02, self.bottom - LABEL_ROOM + 0.04,
                                       self.top + LABEL_ROOM - 0.04) for c in self.cols))
        self.play(*(Create(b) for b in self.boxes), run_time=0.8)
        read_with(self, *self.boxes)
        if self.n_rows > 1:  # BatchNorm's group instead: one feature, a bar from every row
            k = int(np.argmax(np.abs(self.data.out).sum(axis=0)))
            lo, hi = self.bottom - LABEL_ROOM + 0.04, self.top + LABEL_ROOM - 0.04
            feature = VGroup(*(row_box(self, c, c.bars.x(k) - c.bars.step / 2 + 0.03, lo, hi,
                                       right=c.bars.x(k) + c.bars.step / 2 - 0.03) for c in self.cols))
            self.caption(self.cap["cap_batch"])
            self.play(ReplacementTransform(self.boxes, feature), run_time=1.0)
            self.boxes = feature
            read_with(self, *(c.bars[k] for c in self.cols))

    def step_conclusion(self):
        pal = self.pal
        params = [m for p in self.params for pair in p.values() for m in pair]
        self.section("conclusion", self.cap["cap_conclusion"], keep=[*params, self.boxes])
        formula = self.tex("y", "=", r"\gamma", r"\cdot", r"\frac{x-\mu}{\sqrt{\sigma^2+\varepsilon}}", "+",
                           r"\beta", size=40)
        formula[2].set_color(pal.ok)
        formula[6].set_color(pal.bad)
        formula.move_to([0, CONTENT.bottom + BOTTOM / 2, 0])
        (g_name, _), (b_name, _) = self.params[0]["gamma"], self.params[0]["beta"]
        # the value rows and the second row's names leave first; then γ and β move into the formula
        self.play(*(QuickFadeOut(m) for m in params if m is not g_name and m is not b_name),
                  QuickFadeOut(self.boxes), run_time=0.6)
        self.play(ReplacementTransform(g_name, formula[2]), ReplacementTransform(b_name, formula[6]),
                  *(QuickFadeIn(formula[k]) for k in (0, 1, 3, 4, 5)), run_time=1.2)
        self.remove(*formula.submobjects)
        self.add(formula)  # one formula from here on, not its parts
        read_with(self, formula, *(c.readout for c in self.cols))


SCENE = LayerNormSteps
