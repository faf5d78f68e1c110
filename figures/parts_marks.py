"""The marks shared by the position figures: one shape per starting position p, the same in every figure,
and the points where every start is drawn on one point, nested."""

import numpy as np

# One shape per starting position p across the position figures (pe_distance_gap, pe_dot_distance,
# seq_number_dots): start r of a figure is START_MARKERS[r] (marker, size, face; None: the marker's own
# face). Hollow shapes mean "a start p" and nothing else there; a filled dot is a value at a whole position.
START_MARKERS = (("o", 7, "none"), ("^", 7, "none"), ("x", 6.5, None), ("D", 5, "none"))
# the sizes at which the starts' marks nest on one point, one inside the next, so none hides another
START_NESTED = {"o": 13, "^": 9, "x": 5.5, "D": 3.4}


def shared_points(n: int, parts: int = 4) -> np.ndarray:
    """Indices, of n points along k, where every start's mark is drawn: a `parts`-th of the way along, then
    every `parts`-th (never k = 0). Elsewhere the starts take turns, one mark a point."""
    step = max(1, n // parts)
    return np.arange(step, n, step)


def draw_nested(ax, x, ys, colour, zorder: float = 3.0) -> None:
    """At the points `x`, every start's own mark (start r's START_MARKERS shape, `ys[r]` its values), nested
    one inside the next on one point at the START_NESTED sizes, so the starts agreeing is seen, not told.
    One way for pe_distance_gap, pe_dot_distance and seq_number_dots."""
    for r, y in enumerate(ys):
        marker, _size, face = START_MARKERS[r % len(START_MARKERS)]
        kw = dict(markerfacecolor=face) if face else {}
        ax.plot(x, y, linestyle="none", marker=marker, markersize=START_NESTED[marker], color=colour,
                markeredgewidth=1.0, zorder=zorder + r, **kw)
