"""A row of labelled boxes joined by arrows: the data path through a model, drawn once."""
from __future__ import annotations

from manim import RIGHT, Line, MathTex, RoundedRectangle, VGroup


def flow_box(scene, text: str, color: str, width: float = 1.7, math: bool = False, size: float = 20) -> VGroup:
    """A rounded box with a label (text at `size` points, or a formula when `math`) centred on it; the
    label is declared as drawn on its own box."""
    t = MathTex(text, font_size=max(30, size * 1.3), color=color) if math else scene.txt(text, size=size, color=color)
    r = RoundedRectangle(width=max(width, t.width + 0.3), height=0.62, corner_radius=0.1, stroke_color=color,
                         stroke_width=2.5, fill_color=scene.pal.panel, fill_opacity=1)
    scene.label_on(t, r)
    return VGroup(r, t.move_to(r))


def flow_chain(scene, boxes: list, x: float, y: float, buff: float = 0.5) -> tuple[VGroup, VGroup]:
    """The boxes in a row centred at (x, y), with an arrow from each to the next."""
    row = VGroup(*boxes).arrange(RIGHT, buff=buff).move_to([x, y, 0])
    arrows = VGroup(*(Line(a.get_right(), b.get_left(), buff=0.06, stroke_color=scene.pal.muted,
                           stroke_width=2.5).add_tip(tip_length=0.16) for a, b in zip(row[:-1], row[1:])))
    return row, arrows
