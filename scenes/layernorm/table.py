"""The layer output as a table of numbers in layernorm_steps (seed 004 §4.2 "一步步做正規化"): rows are tokens,
columns are features f0 … f5. The BatchNorm contrast (scenes.layernorm.batch) draws its batch on it: a row is what
LayerNorm normalises, a column what BatchNorm normalises. Each cell is built once; a changed value is a new cell that
replaces the old one in place.
"""
from __future__ import annotations

from manim import FadeOut, Rectangle, ReplacementTransform, VGroup

from look import fmt_num
from scenes.layernorm.columns import exact_decimals, value_decimals
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn


class Table:
    """Cells at fixed places: `names[r]` at the left of row r, `heads[k]` over column k, `cells[r][k]` the values.

    `left`, `right`: the table's extent; `name_w`: the names' column; `top`: the heads' centre; `pitch`: between rows.
    Rows are added with `row(r, name, values, decimals, colour)` at `y(r)`; row r sits `pitch` under row r − 1, and
    `gap(r)` adds half a pitch above row r (a new block: statistics, outputs)."""

    def __init__(self, scene, n: int, *, left: float, right: float, name_w: float, top: float, pitch: float,
                 size: float, gaps=()):
        self.scene, self.n, self.size, self.pitch, self.top, self.gaps = scene, n, size, pitch, top, tuple(gaps)
        self.x0 = left + name_w
        self.left = left
        self.step = (right - self.x0) / n
        self.heads = VGroup(*(scene.txt(scene.s("feature", k=k), size=size, color=scene.pal.muted).move_to([self.x(k), top, 0])
                              for k in range(n)))
        self.names, self.cells = {}, {}

    def x(self, k: int) -> float:
        return self.x0 + (k + 0.5) * self.step

    def y(self, r: int) -> float:
        return self.top - self.pitch * (r + 1) - 0.5 * self.pitch * sum(1 for g in self.gaps if g <= r)

    def cell(self, r: int, k: int, value: float, decimals: int, colour=None):
        return self.scene.txt(fmt_num(float(value), decimals), size=self.size,
                              color=colour or self.scene.pal.ink).move_to([self.x(k), self.y(r), 0])

    def row(self, r: int, name: str, values, decimals: int, colour=None, name_colour=None) -> VGroup:
        label = self.scene.txt(name, size=self.size, color=name_colour or colour or self.scene.pal.muted)
        label.move_to([self.left + label.width / 2, self.y(r), 0])
        self.names[r] = label
        self.cells[r] = VGroup(*(self.cell(r, k, v, decimals, colour) for k, v in enumerate(values)))
        return VGroup(label, self.cells[r])

    def frame_row(self, r: int, colour, last: int | None = None) -> Rectangle:
        """A box round rows r … last (default r), its name and every cell."""
        last = r if last is None else last
        top, bottom = self.y(r) + self.pitch / 2 - 0.04, self.y(last) - self.pitch / 2 + 0.04
        left, right = self.left - 0.1, self.x0 + self.n * self.step
        return Rectangle(width=right - left, height=top - bottom, color=colour, stroke_width=4).move_to(
            [(left + right) / 2, (top + bottom) / 2, 0])

    def frame_col(self, k: int, last: int, colour) -> Rectangle:
        """A box round column k from its head down to row `last`."""
        top, bottom = self.top + self.pitch / 2 - 0.04, self.y(last) - self.pitch / 2 + 0.04
        w = self.step - 0.04  # clear of the widest cell's digits at the table's size
        return Rectangle(width=w, height=top - bottom, color=colour, stroke_width=4).move_to(
            [self.x(k), (top + bottom) / 2, 0])


def unfold(scene, axes, heads, *, size: float, width: float) -> None:
    """layernorm_steps' first step: the output as a table (rows are tokens, columns features, `width` wide), then
    each row unfolds into its bars: its numbers fly to the bars' tips as the bars grow from the zero line, its name
    to the chart's corner. Numbers at `size`."""
    scene.section("input")
    scene.shown["showing"] = "input"
    cols, rows = scene.cols, scene.n_rows
    big = size * 1.2
    table = Table(scene, scene.data.n, left=-width / 2, right=width / 2, name_w=2.0, top=1.4, pitch=0.8, size=big)
    for r in range(rows):
        state = scene.states["input"][r]
        # the table at the precision the input is given (μ and σ² are worked out from it); the bars round to 2
        table.row(r, scene.s("row", r=r), scene.data.out[r],
                  max(value_decimals(state.values), state.decimals, exact_decimals(scene.data.out, 4)))
    table_rows = [VGroup(table.names[r], table.cells[r]) for r in range(rows)]
    scene.caption(scene.cap["cap_input"], with_=[QuickFadeIn(table.heads), *(QuickFadeIn(g) for g in table_rows)],
                  run_time=0.5)
    read_with(scene, *(table.cells[r] for r in range(rows)), grow=1.0, every=2.0, cue=True)
    # each row's numbers fly to the tips of its bars as the bars grow from the zero line
    flying, grown = [], []
    for r, c in enumerate(cols):
        for k, label in enumerate(c.labels):
            lo, hi = label.text_edges()
            to = scene.txt(label.shown, size=size).move_to([(lo + hi) / 2, label.box.get_center()[1], 0])
            for m in (table.cells[r][k], to):  # on their way they cross the axes' faint lines
                scene.label_on(m, scene.zero, *(a.grid for a in scene.axes.values()))
            flying.append((table.cells[r][k], to))
        flat = c.bars.copy().stretch(0.02, 1, about_point=[0, c.bars.y0, 0])
        grown.append((flat, c.bars.copy()))
    scene.add(*(f for f, _ in grown))
    moves = [*(ReplacementTransform(a, b) for a, b in flying), *(ReplacementTransform(a, b) for a, b in grown),
             FadeOut(table.heads), *(ReplacementTransform(table.names[r], heads[r]) for r in range(rows) if rows > 1),
             QuickFadeIn(axes), QuickFadeIn(scene.ticks), QuickFadeIn(scene.grid)]
    if rows == 1:
        moves += [FadeOut(table.names[0]), QuickFadeIn(heads[0])]
    scene.play(*moves, run_time=1.6)
    scene.remove(*(b for _a, b in flying), *(b for _a, b in grown))
    scene.add(*(m for c in cols for m in (c.bars, c.labels)))
    scene.persist(axes, scene.ticks, scene.grid, *heads, *(m for c in cols for m in (c.bars, c.labels)))
    read_with(scene, *(c.bars for c in cols))
