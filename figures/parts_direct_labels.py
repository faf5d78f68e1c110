"""Direct labels: a series named beside one of its own marks (or a point of its line), a thin leader to
it, where the name crosses no drawn line or gridline and covers no mark or earlier label, so the reader
never looks away to a key. Shared by the figures that name their series where they are drawn."""
from __future__ import annotations

import numpy as np

from figures.placing import around, drawn_segments, place_at, with_grid


def _ring(r: float) -> tuple:
    """Eight spots at distance r (points) around a point: above, below, the four diagonals, the two sides."""
    s = 0.6 * r
    return ((0, r, "center", "bottom"), (0, -r, "center", "top"), (r, s, "left", "bottom"), (r, -s, "left", "top"),
            (-r, s, "right", "bottom"), (-r, -s, "right", "top"), (r, 0, "left", "center"), (-r, 0, "right", "center"))


NEAR = (_ring(9), _ring(20), _ring(34), _ring(52))  # rings of spots, nearest first


def mark_boxes(ax, pad_pt: float = 1.0) -> list:
    """The display box (x0, y0, x1, y1) of every marker drawn in the axes: what a label must not cover."""
    boxes = []
    dpi = ax.figure.dpi
    for line in ax.lines:
        if not line.get_visible() or line.get_marker() in (None, "None", "none", ""):
            continue
        r = (line.get_markersize() / 2 + pad_pt) * dpi / 72
        xy = ax.transData.transform(np.column_stack([line.get_xdata(), line.get_ydata()]).astype(float))
        boxes += [(x - r, y - r, x + r, y + r) for x, y in xy if np.isfinite(x) and np.isfinite(y)]
    return boxes


class DirectLabels:
    """Labels placed one after another in one axes, each clear of the lines, gridlines, marks and the
    labels placed before it. Create after everything is drawn and the axes' limits are set."""

    def __init__(self, ax, colour):
        ax.figure.draw_without_rendering()  # the constrained layout settled: the boxes measured are the ones saved
        self.ax, self.colour = ax, colour
        self.segments = with_grid(ax, drawn_segments(ax))
        self.placed = mark_boxes(ax)

    def add(self, text: str, anchors, rings=NEAR, *, clear_pt: float = 4.0, **kw):
        """Name `text` at the first free spot of the nearest ring of `rings` (tuples of (dx, dy, ha, va),
        points) around each anchor (data points, in order of preference), then of the next ring, so a
        label stays near its series; a leader line ends `clear_pt` points short of the anchor."""
        spots = [s for ring in rings for xy in anchors for s in around(tuple(map(float, xy)), ring)]
        arrow = dict(arrowstyle="-", color=self.colour, lw=0.7, shrinkA=1.5, shrinkB=clear_pt)
        t = place_at(self.ax, text, spots, self.placed, segments=self.segments, overlap_weight=3.0,
                     color=self.colour, arrowprops=arrow, **{"fontsize": 9, **kw})
        if np.hypot(*t.xyann) < 12:  # right beside its anchor: a leader would be a stub that reads as a dash
            t.arrow_patch.set_visible(False)
        return t
