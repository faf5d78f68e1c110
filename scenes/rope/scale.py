"""rope_rotation's (m, n) table colours: a diverging scale with a slope on each side of zero.

The lesson's scores run from −0.72 to 1.90; on one symmetric scale the most negative cells would take
only 38 % of the negative colour and sit close to zero's grey (in the dark theme under 2:1 against it).
Each side gets its own end instead: the most negative score takes the full negative colour, the most
positive the full positive one, zero stays neutral (white on light paper), and the legend names both ends and marks 0 under its middle.

On the dark theme the diverging ends are both light (#d7c7ff, #9fd78f) round a mid-grey zero, so a cell's
brightness follows the score's size, not its value: the table read as a checkerboard and its diagonals faded.
There the table takes the palette's sequential scale instead (no hue, dark to light), from the lowest score to the
highest: brightness rises with the score, each diagonal keeps one shade, and the legend marks 0 where it falls."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, Line, Rectangle, VGroup

from look import diverging_color, fmt_num
from look.palette import lightness, sequential_color
from scenes.parts.heatmap import LEVELS


def scale_ends(values) -> tuple[float, float]:
    """(lo, hi): the magnitudes that take the full negative and positive colours."""
    hi = float(max(values.max(), 0.0))
    lo = float(max(-values.min(), 0.0))
    top = max(hi, lo, 1e-9)
    return (lo or top), (hi or top)


def ordered(palette) -> bool:
    """True on a dark background: the scores take the sequential scale, lowest to highest."""
    return lightness(palette.background) < 50


def cell_colour(value: float, palette, ends) -> str:
    lo, hi = ends
    if ordered(palette):
        return sequential_color(value + lo, palette, lo + hi)
    return diverging_color(value, palette, lo if value < 0 else hi)


def recolour(grid, palette, ends, vmax: float) -> None:
    """The grid's shades (built on the symmetric scale ±vmax) redrawn on the two-slope scale."""
    for level, layer in grid.layers.items():
        layer.set_fill(cell_colour(level / LEVELS * vmax, palette, ends), opacity=1.0)


def legend(scene, palette, ends, size: float) -> VGroup:
    """Nine swatches from the most negative score through zero to the most positive, both ends named."""
    lo, hi = ends
    sw = VGroup(*(Rectangle(width=0.22, height=0.18, stroke_width=0.6, stroke_color=palette.muted,
                            fill_color=cell_colour(v * (lo if v < 0 else hi), palette, ends), fill_opacity=1)
                  for v in np.linspace(-1, 1, 9))).arrange(RIGHT, buff=0)
    left = scene.txt(fmt_num(-lo, 2), size=size, color=palette.muted).next_to(sw, LEFT, buff=0.1)
    right = scene.txt(fmt_num(hi, 2), size=size, color=palette.muted).next_to(sw, RIGHT, buff=0.1)
    if ordered(palette):  # one slope from the lowest to the highest score: 0 where it falls along the swatches
        sw = VGroup(*(Rectangle(width=0.22, height=0.18, stroke_width=0.6, stroke_color=palette.muted,
                                fill_color=sequential_color(t, palette, 1.0), fill_opacity=1)
                      for t in np.linspace(0, 1, 9))).arrange(RIGHT, buff=0)
        left.next_to(sw, LEFT, buff=0.1)
        right.next_to(sw, RIGHT, buff=0.1)
        x0 = sw.get_left()[0] + sw.width * lo / max(lo + hi, 1e-9)
        bottom = np.array([x0, sw.get_bottom()[1], 0.0])
        tick = Line(bottom, bottom + DOWN * 0.04, stroke_color=palette.muted, stroke_width=2)
        zero = scene.txt("0", size=size, color=palette.muted).next_to(tick, DOWN, buff=0.02)
        return VGroup(left, sw, right, tick, zero)
    tick = Line(sw[4].get_bottom(), sw[4].get_bottom() + DOWN * 0.04, stroke_color=palette.muted, stroke_width=2)
    zero = scene.txt("0", size=size, color=palette.muted).next_to(tick, DOWN, buff=0.02)  # the neutral swatch is 0
    return VGroup(left, sw, right, tick, zero)
