"""The layer output as a table of numbers in layernorm_steps (seed 004 §4.2 "一步步做正規化"): rows are tokens,
columns are features f0 … f5. The BatchNorm contrast (scenes.layernorm.batch) draws its batch on it: a row is what
LayerNorm normalises, a column what BatchNorm normalises. Each cell is built once; a changed value is a new cell that
replaces the old one in place.
"""
from __future__ import annotations

from manim import Rectangle, VGroup

from look import fmt_num


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
        w = self.step - 0.12
        return Rectangle(width=w, height=top - bottom, color=colour, stroke_width=4).move_to(
            [self.x(k), (top + bottom) / 2, 0])
