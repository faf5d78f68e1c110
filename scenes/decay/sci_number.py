"""signal_decay's RMS read-out (seed 004 §4.2): a value set every frame, written plainly below 10,000 and
as mantissa × 10^exponent beyond, from GlyphNumbers built once (never new text per frame)."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup

from look.formats import sci_parts as look_sci_parts
from scenes.decay.axis import LABEL
from scenes.parts.glyphs import GlyphNumber


def sci_parts(v: float) -> tuple[float, int]:
    """v = mantissa × 10^exponent with 1 ≤ mantissa < 10 at 2 decimals; (0, 0) for no positive value."""
    return look_sci_parts(v, 3) if np.isfinite(v) and v > 0 else (0.0, 0)


class SciNumber(VGroup):
    """An RMS read-out set every frame: 4 decimals below 10, 1 decimal up to 10,000, else
    mantissa × 10^exponent from two GlyphNumbers and one "×10" (the exponent as large as a label: its
    digits at least 3 % of the frame height). Left-aligned: no gap before the digits."""

    def __init__(self, scene, size: float, color: str):
        super().__init__()
        font = scene.look.font
        self.plain = GlyphNumber(0.0, decimals=4, width=9, font=font, font_size=size, color=color, align="left")
        self.mant = GlyphNumber(1.0, decimals=2, width=4, font=font, font_size=size, color=color, align="left")
        self.times = scene.txt("×10", size=size, color=color)
        self.exp = GlyphNumber(0.0, decimals=0, width=4, font=font, font_size=LABEL, color=color, align="left")
        self.times.next_to(self.mant, RIGHT, buff=0.06).align_to(self.mant, DOWN)
        self.exp.next_to(self.times, RIGHT, buff=0.03).align_to(self.times, UP).shift(UP * 0.12)
        self.plain.align_to(self.mant, LEFT).align_to(self.mant, DOWN)
        self.add(self.plain, self.mant, self.times, self.exp)
        self.sci = None

    def place_times(self) -> None:
        """"×10" and the exponent right after the mantissa's digits."""
        right = self.mant.text_edges()[1]
        self.times.shift((right + 0.06 - self.times.get_left()[0]) * RIGHT)
        self.exp.shift((self.times.get_right()[0] + 0.03 - self.exp.box.get_left()[0]) * RIGHT)

    def drawn_right(self, v: float) -> float:
        """The right edge of what is drawn for the value v (the slots left empty not counted)."""
        self.set_value(v)
        parts = [m for m in self.get_family() if len(m.points) and m.get_fill_opacity() > 0
                 and m is not self.plain.box and m is not self.mant.box and m is not self.exp.box]
        return max(m.get_right()[0] for m in parts)

    def set_value(self, v: float) -> str:
        sci = not (np.isfinite(v) and 1e-3 <= v < 1e4)
        if sci != self.sci:
            self.times.set_opacity(1.0 if sci else 0.0)
            self.sci = sci
        if not sci:
            self.plain.decimals = 4 if v < 10 else 1
            self.plain.set_value(v)
            self.mant.set_value(1.0), self.exp.set_value(0.0)
            for slot in (*self.mant.slots, *self.exp.slots):
                slot.clear_points()
            self.mant.shown = self.exp.shown = ""
            return self.plain.shown
        m, e = sci_parts(v)
        self.plain.set_value(0.0)
        for slot in self.plain.slots:
            slot.clear_points()
        self.plain.shown = ""
        self.mant.set_value(m)
        self.exp.set_value(float(e))
        self.place_times()
        return f"{self.mant.shown}×10^{self.exp.shown}"
