"""Numbers that change every frame without building text every frame.

Pango renders the glyphs once per (font, size, colour); a GlyphNumber is a row of fixed-width
slots, and setting a value copies the right glyph's outline into each slot (about 0.01 ms a digit
instead of ~14 ms for a new Text; performance.md "Patterns for a fast scene" 2).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from manim import Rectangle, Text, VGroup, VMobject

from look import fmt_num

CHARSET = "0123456789.+-\u2212°%"
NARROW = 0.45  # the decimal point's share of a digit's advance


@lru_cache(maxsize=None)
def glyph_outlines(font: str, font_size: float) -> tuple[dict, float]:
    """Outline points of each character, relative to its own centre-x and the common baseline.

    Returns ({char: points}, advance, digit height); advance is the widest digit's width plus a
    little spacing (tabular figures).
    """
    text = Text(CHARSET, font=font, font_size=font_size)
    chars = [c for c in CHARSET]
    baseline = text[0].get_bottom()[1]  # "0" sits on the baseline
    outlines = {}
    for ch, mob in zip(chars, text):
        origin = np.array([mob.get_center()[0], baseline, 0.0])
        outlines[ch] = mob.points - origin  # (n, 3)
    advance = max(text[i].width for i in range(10)) * 1.12
    digit_height = text[0].height
    return outlines, advance, digit_height


class GlyphNumber(VGroup):
    """A fixed-format decimal number (e.g. "−0.8415") whose value can be set every frame.

    The text is right-aligned in `width` slots (default: room for a negative value), so digits
    stay put as signs come and go. An invisible box spanning the slots (baseline to digit height)
    fixes the number's bounding box, so next_to/move_to/animations place it like any mobject and
    the glyphs follow the box wherever it goes. `.value` is the number, `.shown` the text displayed.
    """

    def __init__(self, value=0.0, *, decimals=4, signed=False, width=None, suffix="",
                 font, font_size=24, color="#000000", align="right", **kwargs):
        super().__init__(**kwargs)
        self.align = align  # "right": digits keep their places; "left": the text starts at the box's left
        self.decimals = decimals
        self.signed = signed
        self.suffix = suffix
        self.outlines, self.advance, self.digit_height = glyph_outlines(font, font_size)
        self.n_slots = width or len(self._format(-abs(value) or -1.0))
        self.box = Rectangle(width=self.advance * self.n_slots, height=self.digit_height,
                             stroke_opacity=0, fill_opacity=0, stroke_width=0)
        self.box_width = self.box.width
        self.slots = [VMobject(stroke_width=0, fill_color=color, fill_opacity=1.0)
                      for _ in range(self.n_slots)]
        self.add(self.box, *self.slots)
        self.value = value
        self.shown = ""
        self._placed_on = None  # the box's points when the glyphs were last placed
        self.set_value(value)

    def _format(self, value) -> str:
        return fmt_num(value, self.decimals, self.signed) + self.suffix

    def _share(self, ch: str) -> float:
        """A character's advance in digit advances: the point narrow, a glyph wider than a digit (%, °)
        its own width plus the digits' spacing, so it never runs into its neighbours."""
        if ch == ".":
            return NARROW
        pts = self.outlines[ch]
        own = float(np.ptp(pts[:, 0])) * 1.12 / self.advance if len(pts) else 0.0
        return max(1.0, own)

    def set_value(self, value) -> "GlyphNumber":
        text = self._format(value)
        if len(text) > self.n_slots:
            raise ValueError(f"{text!r} does not fit in {self.n_slots} slots")
        box = self.box.points  # (n, 3); its extent places the glyphs wherever the number has moved
        if text == self.shown and self._placed_on is not None and np.array_equal(box, self._placed_on):
            self.value = value
            return self  # same text in the same place: nothing to move
        (left, bottom), right = box[:, :2].min(axis=0), box[:, 0].max()
        scale = (right - left) / self.box_width
        steps = [scale * self.advance * self._share(ch) for ch in text]
        # digits are tabular and the point narrow, so with fixed decimals nothing jitters
        x = left if self.align == "left" else right - sum(steps)
        for slot, ch, step in zip(self.slots, text, steps):
            slot.points = scale * self.outlines[ch] + np.array([x + step / 2, bottom, 0.0])
            x += step
        for slot in self.slots[len(text):]:
            slot.clear_points()
        self.value = value
        self.shown = text
        self._placed_on = box.copy()
        return self

    def text_edges(self) -> tuple[float, float]:
        """x of the left and right edges of the text shown (its advances), wherever the box is now;
        lets a label sit against the digits instead of against a slot kept free for a sign."""
        box = self.box.points  # (n, 3)
        left, right = box[:, 0].min(), box[:, 0].max()
        scale = (right - left) / self.box_width
        width = sum(scale * self.advance * self._share(ch) for ch in self.shown)
        start = left if self.align == "left" else right - width
        return float(start), float(start + width)
