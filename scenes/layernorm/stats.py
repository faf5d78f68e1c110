"""Step 1 of layernorm_steps (seed 004 §4.2): each row's mean μ as a dashed line, each distance xᵢ − μ turned
into a square under its bar, the squares packed side by side, then melted into one bar of their total area (their sum
n·σ²), the bar cut into n equal parts, one of which rises into the read-out as σ², their mean; then σ, its root, as
the band μ ± σ opens."""
from __future__ import annotations

import numpy as np
from manim import Create, FadeOut, Line, Rectangle, ReplacementTransform, VGroup

from look import fmt_num
from scenes.layernorm.columns import drive
from scenes.layernorm.layout import CONTENT, NAMES_H, SIZE, SQUARE_MAX
from scenes.layernorm.marks import deviations, packed, sigma_tag, square_sum, squares, strip
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut


def step_stats(self) -> None:
    """Step 1: the mean line, the distances and their squares, their sum n·σ², σ², then σ and the band."""
    d = self.data
    self.section("stats", self.cap["cap_mean"])
    cols = self.cols
    for c in cols:  # the band behind the bars, the mean line over them, the numbers over the line
        self.add(c.band)
        self.bring_to_back(c.band)
    self.bring_to_back(self.grid)
    # the read-out's mean now; its variance only once the squares have derived it (below)
    self.play(*(QuickFadeIn(c.mean_line) for c in cols), *(QuickFadeIn(c.readout[k]) for c in cols for k in (0, 1)),
              run_time=0.8)
    self.bring_to_front(*(c.labels for c in cols))
    self.persist(*(m for c in cols for m in (c.band, c.mean_line, c.readout)))
    read_with(self, *(c.mean_line for c in cols), *(c.mean_num for c in cols))
    # each distance xᵢ − μ, then its square, enlarged alike in every row, under the bars
    self.caption(self.cap["cap_var"])
    segs = VGroup(*(deviations(self, c) for c in cols))
    # a bar under μ has its number between its tip and μ, where its distance runs: that number steps aside
    # while the distances are drawn, and comes back as they leave
    crossed = [c.labels[k] for c in cols for k, v in enumerate(c.state.values)
               if v < c.state.mean and c.labels[k].box.get_bottom()[1] < c.bars.level(c.state.mean)]
    self.play(*(Create(g) for g in segs), *(QuickFadeOut(m) for m in crossed), run_time=0.8)
    self.wait(0.7)  # each distance, seen on its own before it is squared
    sums = VGroup()  # what they add up to, under the line they will stand on
    for r, c in enumerate(cols):
        total = square_sum(self, float(d.sum_sq_dev[r]), d.n, SIZE)
        total.move_to([c.bars.x_left + c.bars.span / 2, CONTENT.bottom + total.height / 2, 0])
        sums.add(total)
    plot = self.views[self.view]  # under the plot (its lowest tick and the numbers' room), not inside it
    lowest = min(min(self.y0, plot.y0 + plot.unit * plot.lo,
                     c.bars.level(min(c.state.values.min(), c.state.mean - c.state.half))) for c in cols) - self.room - 0.05
    lowest = min(lowest - NAMES_H, min(f.get_bottom()[1] for f in self.fnames) - 0.1)  # under the feature names
    floor = CONTENT.bottom + 0.05  # the band under the plot is theirs until they become their sum
    deepest = float(np.max(np.abs(d.centred)))
    side_unit = min(SQUARE_MAX, max(lowest - floor, 0.2), 0.95 * cols[0].bars.step) / max(deepest, 1e-12)
    sq = VGroup(*(squares(self, c, side_unit, lowest) for c in cols))
    # each square opens out of its distance (a thin strip where the segment is), which stays in place
    self.play(*(ReplacementTransform(strip(a, b), b) for g, h in zip(segs, sq) for a, b in zip(g, h)), run_time=1.2)
    read_with(self, *sq)
    # side by side on one line: together they are n·σ², and σ² is their mean
    moves = [m.animate.move_to(p) for c, g in zip(cols, sq)
             for m, p in zip(g, packed(g, c.bars.x_left + c.bars.span / 2, floor))]
    self.play(*moves, QuickFadeOut(segs), *(QuickFadeIn(m) for m in crossed), run_time=1.2)
    self.read_caption()
    # their sum, seen: each square melts into a strip of one height and the same area, the strips side by side make
    # one bar (its area the squares' total), the sum's formula beside it
    bars_, strips_, parts, cuts = VGroup(), [], VGroup(), VGroup()
    for c, g, total in zip(cols, sq, sums):
        high = max(m.height for m in g)
        widths = [m.width * m.height / high for m in g]  # each strip keeps its square's area
        wide = sum(widths)
        if total.width > c.bars.span - wide - 0.3:
            total.scale_to_fit_width(max(c.bars.span - wide - 0.3, 0.5))
        x = c.bars.x_left + (c.bars.span - wide - 0.3 - total.width) / 2
        total.move_to([x + wide + 0.3 + total.width / 2, floor + high / 2, 0])
        row = []
        for m, w in zip(g, widths):
            row.append(Rectangle(width=w, height=high, stroke_width=1, stroke_color=self.pal.ink,
                                 fill_color=self.pal.accent, fill_opacity=0.85).move_to([x + w / 2, floor + high / 2, 0]))
            x += w
        strips_.append(row)
        bar = VGroup(*row)
        bars_.add(bar)
        # ÷ n: the bar cut into n equal parts, one of which is σ² (on the squares' enlarged scale)
        left, part_w = bar.get_left()[0], wide / d.n
        cuts.add(VGroup(*(Line([left + k * part_w, floor - 0.06, 0], [left + k * part_w, floor + high + 0.06, 0],
                                color=self.pal.ink, stroke_width=3) for k in range(1, d.n))))
        parts.add(Rectangle(width=part_w, height=high, stroke_width=3, stroke_color=self.pal.ink,
                            fill_color=self.pal.ok, fill_opacity=0.95).move_to([left + part_w / 2, floor + high / 2, 0]))
    melt = [ReplacementTransform(m, z) for g, row in zip(sq, strips_) for m, z in zip(g, row)]
    self.caption(self.cap["cap_sum"], with_=[*melt, *(QuickFadeIn(t) for t in sums)], run_time=1.2,
                 shown={f"sum_sq_{r}": float(d.sum_sq_dev[r]) for r in range(len(cols))})
    self.remove(*(m for row in strips_ for m in row))
    self.add(bars_)
    read_with(self, *bars_, *sums)
    # "so σ² = …, their mean": the bar is cut into n equal parts, and one part rises into the read-out as σ²
    var_tags = VGroup(*(sigma_tag(self, c, float(d.var_biased[r]), SIZE, symbol="σ²") for r, c in enumerate(cols)))
    self.caption(self.cap["cap_sum_var"], with_=[*(Create(g) for g in cuts), *(QuickFadeIn(p) for p in parts)],
                 run_time=0.5, shown={f"sigma_sq_{r}": float(d.var_biased[r]) for r in range(len(cols))})
    self.play(*(FadeOut(p.copy(), target_position=t.get_center(), scale=0.4) for p, t in zip(parts, var_tags)),
              *(QuickFadeIn(t) for t in var_tags), run_time=0.8)
    read_with(self, *var_tags, tail=0.5)
    self.play(*(QuickFadeOut(t) for t in var_tags), *(QuickFadeIn(c.readout[k]) for c in cols for k in (2, 3)),
              run_time=0.5)  # in place: the read-out's "variance" is this σ²
    [self.shown.pop(f"sigma_sq_{r}", None) for r in range(len(cols))]
    for c in cols:  # one read-out from here on, re-drawn as a whole when the bars move
        self.remove(*c.readout.submobjects)
        self.add(c.readout)
    read_with(self, *sums, *(c.var_num for c in cols))
    self.play(*(QuickFadeOut(m) for m in (sums, bars_, cuts, parts)), run_time=0.4)
    [self.shown.pop(f"sum_sq_{r}", None) for r in range(len(cols))]
    # only now σ, its square root, where the sum was, as the band μ ± σ opens from the mean line
    sigmas = VGroup(*(self.txt("σ = " + fmt_num(float(d.std_biased[r]), 4), size=SIZE * 1.2, color=self.pal.accent)
                      .move_to(total) for r, total in enumerate(sums)))
    self.shown.update({f"sigma_{r}": float(d.std_biased[r]) for r in range(len(cols))})
    self.caption(self.cap["cap_spread"], with_=[*drive(self, cols, self.states["stats"]),
                                                *(QuickFadeIn(t) for t in sigmas)], run_time=1.2)
    self.shown["showing"] = "stats"
    read_with(self, *(c.band for c in cols), *sigmas, grow=1.0, every=2.5)  # the band stays within its row
    self.play(*(QuickFadeOut(t) for t in sigmas), run_time=0.4)
    [self.shown.pop(f"sigma_{r}", None) for r in range(len(cols))]
