"""A grid of coloured cells on a fixed diverging scale, revealed row by row.

Shared by every scene that shows a table filling up (the [32, 16] fingerprint, attention weights).
Colours come from studio.style.diverging_color, the same scale the matplotlib figures use.
"""
from __future__ import annotations

import numpy as np
from manim import Rectangle, VGroup

from studio.style import Palette, diverging_color


class HeatmapGrid(VGroup):
    def __init__(self, values: np.ndarray, *, cell_w: float, cell_h: float, palette: Palette,
                 vmax: float = 1.0, **kwargs):
        super().__init__(**kwargs)
        self.values = np.asarray(values)  # (rows, cols)
        rows, cols = self.values.shape
        self.cells = []
        for r in range(rows):
            row = []
            for c in range(cols):
                cell = Rectangle(width=cell_w, height=cell_h, stroke_width=0.6,
                                 stroke_color=palette.background,
                                 fill_color=diverging_color(self.values[r, c], palette, vmax),
                                 fill_opacity=0.0)
                cell.move_to([c * cell_w, -r * cell_h, 0])
                row.append(cell)
            self.cells.append(row)
            self.add(*row)
        self.outline = Rectangle(width=cols * cell_w, height=rows * cell_h, stroke_width=1.5,
                                 stroke_color=palette.muted).move_to(
            [(cols - 1) * cell_w / 2, -(rows - 1) * cell_h / 2, 0])
        self.add(self.outline)
        self.rows_shown = 0

    def show_rows(self, n: int) -> "HeatmapGrid":
        """Fill rows 0..n-1; the rest stay empty."""
        n = max(0, min(n, len(self.cells)))
        if n == self.rows_shown:
            return self
        for r, row in enumerate(self.cells):
            opacity = 1.0 if r < n else 0.0
            for cell in row:
                cell.set_fill(opacity=opacity)
        self.rows_shown = n
        return self

    def cell(self, r: int, c: int) -> Rectangle:
        return self.cells[r][c]

    def row_group(self, r: int) -> VGroup:
        return VGroup(*self.cells[r])
