"""The figure gate's colour and height rules (one colour system, a page-sized frame).

- "colour": two marks that tell things apart by colour (lines, arrows, bars: matplotlib's Line2D,
  FancyArrowPatch and the rectangles of a bar container) are closer than MIN_DE in CIEDE2000 under
  one of look.colour.VISIONS (normal ≥ 20; deuteranopia and protanopia ≥ 12, Machado 2009), and no
  second channel separates them: a different marker, a different dash, or a direct label (each of
  the two colours carries a drawn text of its own colour). Neutral colours (ink, muted, background,
  panel, greys) and the colours of the look's diverging and sequential scales are not categorical
  and are not compared;
- "tall": the figure is taller than MAX_HEIGHT_IN (a 7.2 in wide figure fits a printed page's text
  block at 100 %).

`mark_colours` lists what a figure uses to tell things apart, and `colour_distances` its smallest
distances per vision: the numbers the figures' notes report.
"""
from __future__ import annotations

import math

from look.colour import VISIONS, delta_e2000, lab, simulate
from studio.gates.findings import Finding

MIN_DE = {"normal": 20.0, "deuteranopia": 12.0, "protanopia": 12.0}
MAX_HEIGHT_IN = 9.0
NEUTRAL_DE = 6.0  # a colour this close to ink, muted, background or panel is neutral
GREY_CHROMA = 8.0  # CIELAB chroma under which a colour is a grey
SCALE_DE = 2.0  # a colour this close to a point of the look's scales is a scale colour (ordered, not categorical)


_NONE = ("None", "none", " ", "", None)


def _hex(colour) -> str | None:
    from matplotlib.colors import to_hex, to_rgba

    rgba = to_rgba(colour)
    return None if rgba[3] < 0.25 else to_hex(rgba[:3])


def _dash(artist) -> tuple:
    """A comparable form of a line's dash pattern: () for solid."""
    offset, seq = getattr(artist, "_unscaled_dash_pattern", (0, None))
    return tuple(round(float(v), 2) for v in seq) if seq else ()


def _scale_colours(palette) -> set:
    from look.palette import diverging_color, sequential_color

    key = (palette.negative, palette.neutral, palette.positive, palette.sequential)
    if key not in _SCALES:
        _SCALES[key] = sorted({diverging_color(t / 100 - 1, palette) for t in range(201)}
                              | {sequential_color(t / 200, palette) for t in range(201)})
    return _SCALES[key]


_SCALES: dict = {}


def is_neutral(colour: str, palette) -> bool:
    if math.hypot(*lab(colour)[1:]) < GREY_CHROMA:
        return True
    return any(delta_e2000(colour, c) < NEUTRAL_DE for c in (palette.ink, palette.muted, palette.background,
                                                            palette.panel))


def mark_colours(fig, palette) -> list[tuple[str, str, tuple]]:
    """[(colour, marker, dash)] of every visible mark that codes by colour, neutral and scale colours
    left out."""
    from matplotlib.patches import FancyArrowPatch

    scale = _scale_colours(palette)
    marks = []

    def add(colour, marker="", dash=()):
        c = _hex(colour)
        if c and not is_neutral(c, palette) and min(delta_e2000(c, s) for s in scale) >= SCALE_DE:
            marks.append((c, marker if marker not in (None, "None", "none", "", " ") else "", dash))

    for ax in fig.axes:
        for line in ax.lines:
            drawn = line.get_linestyle() not in _NONE
            if not line.get_visible() or not (drawn or line.get_marker() not in _NONE):
                continue
            colour = line.get_color()
            if not drawn:  # markers only: the colour a reader sees is the marker's
                face = line.get_markerfacecolor()
                colour = line.get_markeredgecolor() if face in _NONE else face
            add(colour, line.get_marker(), _dash(line) if drawn else ("none",))
        for patch in ax.patches:
            if patch.get_visible() and isinstance(patch, FancyArrowPatch):
                add(patch.get_edgecolor(), "", _dash(patch))
        for container in ax.containers:
            for patch in getattr(container, "patches", []) or []:
                if patch.get_visible():
                    add(patch.get_facecolor(), "bar", ())
    return marks


def _text_colours(texts) -> set:
    return {c for c in (_hex(t.get_color()) for t, _, _ in texts) if c}


def colour_distances(colours, vision: str) -> tuple[float, tuple[str, str]]:
    """The smallest CIEDE2000 between two of `colours` as seen with `vision` (inf for fewer than two)."""
    colours = sorted(set(colours))
    seen = {c: simulate(c, vision) for c in colours}
    best = (math.inf, ("", ""))
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            d = delta_e2000(seen[a], seen[b])
            if d < best[0]:
                best = (d, (a, b))
    return best


def height_findings(fig, entry: str, lang: str, theme: str) -> list[Finding]:
    """Rule "tall": at most MAX_HEIGHT_IN inches."""
    h_in = fig.get_size_inches()[1]
    if h_in <= MAX_HEIGHT_IN + 1e-6:
        return []
    return [Finding(entry, lang, theme, "figure", "tall", f"figure is {h_in:.2f} in tall; at most "
                    f"{MAX_HEIGHT_IN:g} in (split it into figures that make one point each)")]


def colour_findings(fig, texts, palette, entry: str, lang: str, theme: str) -> list[Finding]:
    """Rule "colour" over a laid-out figure and its texts (studio.gates.figures)."""
    found = []
    add = lambda rule, msg: found.append(Finding(entry, lang, theme, "figure", rule, msg))
    marks = mark_colours(fig, palette)
    labelled = _text_colours(texts)
    styles: dict = {}
    for c, marker, dash in marks:
        styles.setdefault(c, set()).add((marker, dash))
    colours = sorted(styles)
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            if a in labelled and b in labelled:
                continue  # each colour names itself with a direct label
            if not styles[a] & styles[b] and len(styles[a]) == len(styles[b]) == 1:
                continue  # one style each, and they differ: marker or dash tells them apart
            for vision in VISIONS:
                d = delta_e2000(simulate(a, vision), simulate(b, vision))
                if d < MIN_DE[vision]:
                    add("colour", f"{a} and {b} are only ΔE00 {d:.1f} apart for {vision} vision "
                                  f"(minimum {MIN_DE[vision]:g}) with no marker, dash or label of their own")
                    break
    return found
