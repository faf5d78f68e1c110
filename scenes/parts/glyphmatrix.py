"""Numbers and matrices drawn from pre-built digit glyphs instead of one Text per entry.

A Text costs 15–30 ms to build (performance.md); a scene with forty matrices spends seconds on
them. `glyph_number` copies the outlines of scenes.parts.glyphs.glyph_outlines (one Text per font
and size, cached) into ONE VMobject per number, on a common baseline with tabular digits.
`GlyphMatrix` is a MatrixTable (same brackets, cell/row/col and box_* helpers) whose entries are
such numbers, so rows share a baseline and columns right-align exactly. Its entries are
`FixedNumber`s: one outline each, with a GlyphNumber's box and text, so the scene gates read and
measure them like any number on screen (its value, and its size against the legibility rule).
"""
from __future__ import annotations

import numpy as np
from manim import Rectangle, VGroup, VMobject

from scenes.parts.glyphs import NARROW, GlyphNumber, glyph_outlines
from scenes.parts.matrix import MatrixTable


def glyph_number(text: str, *, font: str, font_size: float, color: str) -> VMobject:
    """`text` (digits, point, signs: glyphs.CHARSET) as one filled VMobject, baseline at y = 0."""
    outlines, advance, _ = glyph_outlines(font, font_size)
    pieces, x = [], 0.0
    for ch in text:
        step = advance * (NARROW if ch == "." else 1.0)
        pieces.append(outlines[ch] + np.array([x + step / 2, 0.0, 0.0]))  # (n, 3)
        x += step
    mob = VMobject(stroke_width=0, fill_color=color, fill_opacity=1.0)
    mob.points = np.concatenate(pieces) if pieces else np.zeros((0, 3))
    return mob


class FixedNumber(GlyphNumber):
    """A number that never changes: `glyph_number`'s one outline (`.glyphs`) beside an invisible box
    from the baseline to the digit height, as a GlyphNumber has (`.box`, `.digit_height`,
    `.shown`), so what reads a GlyphNumber on screen reads this too. Dim it with
    `.glyphs.set_opacity`, not the whole: the box stays invisible."""

    def __init__(self, text: str, *, font: str, font_size: float, color: str):
        VGroup.__init__(self)
        _, _, self.digit_height = glyph_outlines(font, font_size)
        self.glyphs = glyph_number(text, font=font, font_size=font_size, color=color)
        width = max(self.glyphs.width, 1e-3)
        self.box = Rectangle(width=width, height=self.digit_height, stroke_opacity=0, fill_opacity=0,
                             stroke_width=0)
        left = self.glyphs.get_left()[0] if len(self.glyphs.points) else 0.0
        self.box.move_to([left + width / 2, self.digit_height / 2, 0])
        self.box_width = self.box.width
        self.shown, self.value = text, text
        self.add(self.box, self.glyphs)

    def set_value(self, value):
        raise TypeError("a FixedNumber does not change; build a GlyphNumber for a changing number")


class GlyphMatrix(MatrixTable):
    """A matrix of numbers (floats at `decimals`, integers as they are) built from glyphs."""

    def __init__(self, values, *, font: str, decimals: int = 2, font_size: float = 22,
                 color: str = "#000000", bracket_color: str | None = None,
                 col_gap: float = 0.3, row_gap: float = 0.16, bracket_pad: float = 0.2):
        VGroup.__init__(self)
        values = np.asarray(values, dtype=object)
        if values.ndim == 1:
            values = values[None, :]
        self.shape = values.shape  # (rows, cols)
        self.values = values  # what it shows, unrounded (a scene hands these on with the matrix)
        rows, cols = self.shape
        _, _, digit_height = glyph_outlines(font, font_size)
        self.entries = [[FixedNumber(self._text(values[r, c], decimals), font=font, font_size=font_size,
                                     color=color) for c in range(cols)] for r in range(rows)]
        col_w = [max(self.entries[r][c].width for r in range(rows)) for c in range(cols)]
        row_h = digit_height * 1.45
        x = 0.0
        for c in range(cols):
            for r in range(rows):
                e = self.entries[r][c]
                e.shift([x + col_w[c] - e.get_right()[0], -r * (row_h + row_gap), 0])  # right-aligned
            x += col_w[c] + col_gap
        self.body = VGroup(*(e for row in self.entries for e in row))
        self.add(self.body)
        self.brackets = self._brackets(bracket_color or color, bracket_pad)
        self.add(self.brackets)
        self.center()
