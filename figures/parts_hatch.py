"""The hatch that marks a negative cell in the tables whose cells are large enough to carry it and a number
(permutation_fig, pe_waves_vector) and in their colour bars' negative halves. The diverging scale is nearly
as light at −1 as at +1, so the sign must survive greyscale print by a second channel. pe_table's 512 small
cells take a minus bar instead (figures.pe_table.minus_negative): hatched, they print as fine stripes.
"""
from __future__ import annotations

from matplotlib.collections import PatchCollection
from matplotlib.patches import Rectangle

from look import Look

HATCH = "///"
HATCH_WIDTHS = {"light": (3.2, 0.5), "dark": (1.8, 0.8)}  # (paper halo, ink line) in points, per theme: the hatch
# leaves a cell's greyscale lightness in the order of its size (0 the lightest in light, the darkest in dark),
# so a hatched negative never prints darker than the positive of the same size; the hatch alone carries the sign


def hatch_negative(ax, cells, look: Look, transform=None) -> None:
    """Hatch the cells (row, column, value) whose value is below zero: one hatch for every negative cell,
    ink lines on a paper-coloured halo, so it reads the same on a pale and on a saturated cell (and in
    print: never ink on some cells and paper on others)."""
    rects = [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c, _v in cells]
    hatch_rects(ax, rects, look, transform)


def hatch_rects(ax, rects, look: Look, transform=None) -> None:
    """`rects` hatched as hatch_negative does: a wide paper-coloured hatch, then a thin ink one on it."""
    pal = look.palette
    halo, line = HATCH_WIDTHS[look.theme]
    for colour, width, z in ((pal.background, halo, 2), (pal.ink, line, 2.1)):
        coll = PatchCollection([Rectangle(r.get_xy(), r.get_width(), r.get_height()) for r in rects],
                               facecolor="none", edgecolor=colour, linewidth=0, hatch=HATCH, zorder=z)
        coll.set_hatch_linewidth(width)
        if transform is not None:
            coll.set_transform(transform)
        ax.add_collection(coll)
