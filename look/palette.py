"""Colours shared by videos and figures: one palette per theme, and the diverging scale.

Palette from seed 004's page (its CSS custom properties): light is paper-like, dark is for dim rooms.
"""
from __future__ import annotations

from dataclasses import dataclass

THEMES = ("light", "dark")


@dataclass(frozen=True)
class Palette:
    background: str
    ink: str  # main text and lines
    muted: str  # secondary text, grid lines
    panel: str  # boxes behind groups
    accent: str  # the one thing to look at
    cool: str  # second series
    ok: str
    bad: str
    negative: str  # diverging scale, -1
    positive: str  # diverging scale, +1
    neutral: str  # diverging scale, 0
    series: tuple  # distinct colours for several series (hands, heads, curves)


PALETTES = {
    "light": Palette(
        background="#ece9e2",
        ink="#1c1810",
        muted="#6b6456",
        panel="#e0dbd0",
        accent="#bf7d1a",
        cool="#2f6fb0",
        ok="#3f8a52",
        bad="#c0492f",
        negative="#2f6fb0",
        positive="#c0492f",
        neutral="#f4f2ec",
        series=("#c0492f", "#bf7d1a", "#8a8a1f", "#3f8a52", "#1f8a86", "#2f6fb0", "#6a4fb0", "#a3458f"),
    ),
    "dark": Palette(
        background="#0e0c07",
        ink="#ede6d6",
        muted="#9a917f",
        panel="#1f1b12",
        accent="#e0a63a",
        cool="#5b9ad8",
        ok="#63b577",
        bad="#e06a4f",
        negative="#4f8fd0",
        positive="#e06a4f",
        neutral="#1a1710",
        series=("#e06a4f", "#e0a63a", "#c4c44a", "#63b577", "#4cbfb9", "#5b9ad8", "#9b82e0", "#d77ac1"),
    ),
}


def _rgb(hex_color: str) -> tuple[float, float, float]:
    h = hex_color.lstrip("#")
    return tuple(int(h[k : k + 2], 16) / 255 for k in (0, 2, 4))


def diverging_color(value: float, palette: Palette, vmax: float = 1.0) -> str:
    """Colour of `value` on the fixed symmetric scale [-vmax, +vmax]: negative, neutral, positive.

    Linear in RGB, the same interpolation matplotlib's LinearSegmentedColormap uses, so a video
    frame and a printed figure colour the same number alike.
    """
    t = max(-1.0, min(1.0, value / vmax))
    a, b = (palette.neutral, palette.positive) if t >= 0 else (palette.neutral, palette.negative)
    ca, cb = _rgb(a), _rgb(b)
    mix = [x + (y - x) * abs(t) for x, y in zip(ca, cb)]
    return "#" + "".join(f"{round(c * 255):02x}" for c in mix)
