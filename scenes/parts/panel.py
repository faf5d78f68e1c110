"""A rectangle of the frame that content is fitted into: rows of mobjects arranged, then scaled down
(never up) and centred so that nothing leaves the box.

One place for the "if it is too wide, scale it to fit" step that every layout needs, so a scene
names its boxes once instead of clamping widths and typing positions line by line.
"""
from __future__ import annotations

from dataclasses import dataclass

from manim import DOWN, RIGHT, VGroup, VMobject, config

from scenes.parts.lecture import CONTENT_BOTTOM, SAFE

# The title-safe area (lecture.SAFE of Manim's 14.22 × 8 frame: ±6.4 × ±3.6); content stays above
# lecture.CONTENT_BOTTOM, the caption band's top and a margin.
SAFE_HALF_WIDTH = SAFE * config.frame_width / 2
SAFE_HALF_HEIGHT = SAFE * config.frame_height / 2
__all__ = ["Box", "CONTENT_BOTTOM", "SAFE_HALF_HEIGHT", "SAFE_HALF_WIDTH", "row", "rows"]


@dataclass(frozen=True)
class Box:
    left: float
    right: float
    top: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    @property
    def center(self) -> list:
        return [(self.left + self.right) / 2, (self.top + self.bottom) / 2, 0.0]

    def split(self, n: int, gap: float = 0.3) -> list["Box"]:
        """n equal columns side by side."""
        w = (self.width - (n - 1) * gap) / n
        return [Box(self.left + k * (w + gap), self.left + k * (w + gap) + w, self.top, self.bottom)
                for k in range(n)]

    def fit(self, mob: VMobject, *, align: str = "center", grow: float = 1.0) -> VMobject:
        """Scale `mob` down to fit, then centre it (align="top": at the top); `grow` > 1: scaled up as well,
        by at most that factor, while it still fits (a sparse layout reads larger)."""
        factor = min(grow, self.width / max(mob.width, 1e-9), self.height / max(mob.height, 1e-9))
        if factor != 1.0:
            mob.scale(factor)
        mob.move_to(self.center)
        if align == "top":
            mob.shift([0, self.top - mob.get_top()[1], 0])
        return mob


def row(*mobs, buff: float = 0.3) -> VGroup:
    """Mobjects side by side, centred on one line."""
    return VGroup(*mobs).arrange(RIGHT, buff=buff)


def rows(*lines, buff: float = 0.45) -> VGroup:
    """Rows stacked top to bottom, each centred."""
    return VGroup(*lines).arrange(DOWN, buff=buff)
