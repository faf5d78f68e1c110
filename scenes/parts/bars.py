"""A row of values as vertical bars on a shared zero line, that can be re-shaped to new values.

`BarRow(values, ...)` draws one rectangle per value from the zero line (y0) to y0 + unit · value;
`targets(values)` builds the rectangles for new values (for a Transform: cheap, four corners each)
and `labels(values, decimals)` the value texts at the bars' tips (above positive bars, below
negative ones). Horizontal lines across the row (a mean, a band) use `level(value)`.
"""
from __future__ import annotations

from manim import DOWN, UP, Rectangle, VGroup

from scenes.parts.glyphmatrix import glyph_number

MIN_HEIGHT = 1e-3  # a zero bar keeps a hairline so a Transform can grow it


class BarRow(VGroup):
    def __init__(self, values, *, left: float, width: float, y0: float, unit: float, color: str,
                 bar_share: float = 0.6, fill_opacity: float = 0.85, stroke_width: float = 0.0):
        super().__init__()
        self.n = len(values)
        self.x_left, self.span, self.y0, self.unit = left, width, y0, unit  # (not Mobject.width)
        self.step = width / self.n
        self.bar_w = self.step * bar_share
        self.style = {"color": color, "fill_opacity": fill_opacity, "stroke_width": stroke_width}
        self.bars = self.targets(values)
        self.add(*self.bars)

    def x(self, k: int) -> float:
        """Centre x of bar k."""
        return self.x_left + (k + 0.5) * self.step

    def level(self, value: float) -> float:
        """The y of `value` on this row's scale."""
        return self.y0 + self.unit * float(value)

    def targets(self, values, **style) -> VGroup:
        """Rectangles for `values` in this row's places (same order as the bars)."""
        out = VGroup()
        for k, v in enumerate(values):
            h = max(abs(float(v)) * self.unit, MIN_HEIGHT)
            bar = Rectangle(width=self.bar_w, height=h, **{**self.style, **style})
            bar.move_to([self.x(k), self.y0 + (h / 2 if v >= 0 else -h / 2), 0])
            out.add(bar)
        return out

    def labels(self, texts, *, font: str, size: float, color: str, values) -> VGroup:
        """One number per bar at its tip (built from glyphs): above a bar that points up, below one
        that points down."""
        out = VGroup()
        for k, (t, v) in enumerate(zip(texts, values)):
            label = glyph_number(t, font=font, font_size=size, color=color)
            tip = self.level(v)
            label.next_to([self.x(k), tip, 0], UP if v >= 0 else DOWN, buff=0.08)
            out.add(label)
        return out
