"""A grid of coloured cells on a fixed diverging scale, revealed row by row.

Shared by every scene that shows a table filling up (the [32, 16] fingerprint, attention weights,
RoPE scores). Colours come from look.diverging_color, the scale the matplotlib figures use,
quantised to 2 * LEVELS + 1 shades: all cells of one shade are subpaths of ONE VMobject, so a
[32, 16] table costs Cairo a few dozen paths per frame instead of 512 (performance.md pattern 4).
The values themselves are never rounded: they are what the numbers file exports.
"""
from __future__ import annotations

import numpy as np
from manim import UL, Rectangle, VGroup, VMobject

from look import Palette, diverging_color
from look.colour import contrast

TEXT_CONTRAST = 4.5  # WCAG AA for text on a cell
LEVELS = 48  # shades per sign; a step of 1/48 of the scale is below what the eye separates


class HeatmapGrid(VGroup):
    def __init__(self, values: np.ndarray, *, cell_w: float, cell_h: float, palette: Palette,
                 vmax: float = 1.0, **kwargs):
        super().__init__(**kwargs)
        self.values = np.asarray(values, dtype=float)  # (rows, cols)
        self.n_rows, self.n_cols = self.values.shape
        self.cell_w, self.cell_h = cell_w, cell_h
        shade = np.rint(np.clip(self.values / vmax, -1.0, 1.0) * LEVELS).astype(int)  # (rows, cols)
        self.shade = shade
        self.fills = {int(level): diverging_color(level / LEVELS * vmax, palette, vmax) for level in np.unique(shade)}
        self.layers = {
            int(level): VMobject(fill_color=self.fills[int(level)],
                                 fill_opacity=1.0, stroke_color=palette.background, stroke_width=0.6)
            for level in np.unique(shade)
        }
        # The outline fixes the grid's geometry: cells are placed relative to its corner.
        self.outline = Rectangle(width=self.n_cols * cell_w, height=self.n_rows * cell_h,
                                 stroke_width=1.5, stroke_color=palette.muted)
        self.outline.move_to([(self.n_cols - 1) * cell_w / 2, -(self.n_rows - 1) * cell_h / 2, 0])
        self.add(*self.layers.values(), self.outline)
        self.rows_shown = 0

    # -- geometry (follows the grid wherever it is moved or scaled) -------------------------
    def _unit(self) -> tuple[np.ndarray, float, float]:
        scale = self.outline.width / (self.n_cols * self.cell_w)
        return self.outline.get_corner(UL), self.cell_w * scale, self.cell_h * scale

    def cell_center(self, r: int, c: int) -> np.ndarray:
        corner, w, h = self._unit()
        return corner + np.array([(c + 0.5) * w, -(r + 0.5) * h, 0.0])

    def cell(self, r: int, c: int) -> Rectangle:
        """An invisible rectangle where cell (r, c) is: for placing labels and highlight boxes."""
        _, w, h = self._unit()
        return Rectangle(width=w, height=h, stroke_width=0, fill_opacity=0).move_to(self.cell_center(r, c))

    def row_group(self, r: int) -> Rectangle:
        """An invisible rectangle covering row r."""
        _, w, h = self._unit()
        mid = (self.cell_center(r, 0) + self.cell_center(r, self.n_cols - 1)) / 2
        return Rectangle(width=w * self.n_cols, height=h, stroke_width=0, fill_opacity=0).move_to(mid)

    def text_color(self, r: int, c: int, choices) -> str:
        """Of `choices` (e.g. the palette's ink and background), the colour with the highest WCAG
        contrast on cell (r, c)'s fill, so a number written on a filled cell stays readable; where none
        reaches TEXT_CONTRAST (a mid-tone fill), pure white or black, whichever is higher."""
        fill = self.fills[int(self.shade[r, c])]
        best = max(choices, key=lambda t: contrast(t, fill))
        if contrast(best, fill) >= TEXT_CONTRAST:
            return best
        return max((best, "#ffffff", "#000000"), key=lambda t: contrast(t, fill))

    # -- reveal ------------------------------------------------------------------------------
    def show_rows(self, n: int) -> "HeatmapGrid":
        """Fill rows 0..n-1; the rest stay empty."""
        n = max(0, min(n, self.n_rows))
        if n == self.rows_shown:
            return self
        corner, w, h = self._unit()
        for level, layer in self.layers.items():
            layer.clear_points()
            for r, c in zip(*np.nonzero(self.shade[:n] == level)):
                x0, y0 = corner[0] + c * w, corner[1] - r * h
                layer.start_new_path([x0, y0, 0.0])
                layer.add_points_as_corners([[x0 + w, y0, 0.0], [x0 + w, y0 - h, 0.0],
                                             [x0, y0 - h, 0.0], [x0, y0, 0.0]])
        self.rows_shown = n
        return self
