"""A matrix on screen: entries as text in aligned columns between square brackets.

Column widths follow the widest entry of each column (Manim's own Matrix spaces columns by a fixed
buffer and lets 4-decimal entries collide, docs/design.md §7). Entries are built once; highlight rows,
columns or cells with `box_*`, recolour with `cell(r, c).set_color(...)`.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, SurroundingRectangle, Text, VGroup, VMobject

from look import fmt_num
from scenes.parts.textcache import text


class MatrixTable(VGroup):
    def __init__(self, values, *, font: str, decimals: int = 4, font_size: float = 22,
                 color: str = "#000000", bracket_color: str | None = None,
                 col_gap: float = 0.3, row_gap: float = 0.16, **kwargs):
        super().__init__(**kwargs)
        values = np.asarray(values, dtype=object)
        if values.ndim == 1:
            values = values[None, :]
        self.shape = values.shape  # (rows, cols)
        rows, cols = self.shape
        self.entries = [[text(self._text(values[r, c], decimals), font=font, font_size=font_size,
                              color=color) for c in range(cols)] for r in range(rows)]
        ref = text("0", font=font, font_size=font_size)
        col_w = [max(self.entries[r][c].width for r in range(rows)) for c in range(cols)]
        row_h = ref.height * 1.45
        x = 0.0
        centres_x = []
        for c in range(cols):
            centres_x.append(x + col_w[c] / 2)
            x += col_w[c] + col_gap
        for r in range(rows):
            for c in range(cols):
                e = self.entries[r][c]
                # right-align numbers within the column, baseline-stable via centre y
                e.move_to([centres_x[c] + (col_w[c] - e.width) / 2, -r * (row_h + row_gap), 0])
        self.body = VGroup(*(e for row in self.entries for e in row))
        self.add(self.body)
        self.brackets = self._brackets(bracket_color or color)
        self.add(self.brackets)
        self.center()

    @staticmethod
    def _text(v, decimals: int) -> str:
        if isinstance(v, str):
            return v
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            return str(int(v)).replace("-", "\u2212")
        return fmt_num(float(v), decimals)

    def _brackets(self, color: str, pad: float = 0.2) -> VMobject:
        """The two brackets, `pad` clear of the entries at the sides."""
        top, bottom = self.body.get_top()[1] + 0.12, self.body.get_bottom()[1] - 0.12
        left, right = self.body.get_left()[0] - pad, self.body.get_right()[0] + pad
        lip = 0.1
        path = VMobject(stroke_color=color, stroke_width=2.5)
        path.start_new_path([left + lip, top, 0])
        path.add_points_as_corners([[left, top, 0], [left, bottom, 0], [left + lip, bottom, 0]])
        path.start_new_path([right - lip, top, 0])
        path.add_points_as_corners([[right, top, 0], [right, bottom, 0], [right - lip, bottom, 0]])
        return path

    def cell(self, r: int, c: int) -> Text:
        return self.entries[r][c]

    def row(self, r: int) -> VGroup:
        return VGroup(*self.entries[r])

    def col(self, c: int) -> VGroup:
        return VGroup(*(row[c] for row in self.entries))

    def box_row(self, r: int, color: str, **kw) -> SurroundingRectangle:
        return SurroundingRectangle(self.row(r), buff=0.08, color=color, **kw)

    def box_col(self, c: int, color: str, **kw) -> SurroundingRectangle:
        return SurroundingRectangle(self.col(c), buff=0.08, color=color, **kw)

    def box_cell(self, r: int, c: int, color: str, **kw) -> SurroundingRectangle:
        return SurroundingRectangle(self.cell(r, c), buff=0.06, color=color, **kw)

    def label(self, text_mob, side=UP, buff=0.15):
        """Put a label (name, shape) next to the matrix and return it."""
        return text_mob.next_to(self, side, buff=buff)


__all__ = ["MatrixTable", "LEFT", "RIGHT", "UP", "DOWN"]
