"""The one mark for a negative value in the signed tables (pe_table, pe_waves_vector, permutation_fig):
a minus. The diverging scale is nearly as light at −1 as at +1, so the sign must survive greyscale print
by a second channel. A cell that prints its number carries the sign in the number itself; pe_table's
512 small cells, which print no numbers, carry a short minus bar, and their colour bar's negative half
one of the same bars as the key. A minus, not a hatch: a hatch over small cells prints as fine stripes
(moiré), and over a cell with a number it needs a plate under the number to stay readable.
"""
from __future__ import annotations

import numpy as np

from look import Look

MINUS = dict(linestyle="none", marker="_", markeredgewidth=1.3, zorder=3)  # a minus bar: a marker, no line


def minus_size(d: int) -> float:
    """A minus bar's length in points: about a third of a column of a 7.2 in table of d columns, at most 8 pt."""
    return min(8.0, 0.35 * 7.2 * 72 * 0.8 / max(1, d))


def minus_negative(ax, values, look: Look) -> None:
    """A short horizontal bar (a minus) on every cell of `values` [rows, cols] (scale ±1) below zero, in ink
    or paper colour, whichever stands out on the cell's own colour."""
    from figures.common import diverging_cmap, ink_on

    cmap = diverging_cmap(look)
    rows, cols = np.nonzero(values < 0)
    by_colour: dict = {}
    for r, c in zip(rows, cols):
        by_colour.setdefault(ink_on(cmap((values[r, c] + 1.0) / 2.0), look), []).append((c, r))
    for colour in sorted(by_colour):
        xs, ys = zip(*by_colour[colour])
        ax.plot(xs, ys, markersize=minus_size(values.shape[1]), color=colour, **MINUS)


def minus_colour_bar(cb_ax, look: Look, vmax: float = 1.0, horizontal: bool = False) -> None:
    """A colour bar (scale ±vmax) whose negative half carries one minus, the key to the cells' bars: midway
    between the two ticks nearest −vmax/2, so it never sits on a tick and cannot be read as one."""
    from figures.common import diverging_cmap, ink_on

    ticks = sorted(float(t) for t in (cb_ax.get_xticks() if horizontal else cb_ax.get_yticks())
                   if -vmax <= t <= 0)
    gaps = [((a + b) / 2, abs((a + b) / 2 + vmax / 2)) for a, b in zip(ticks, ticks[1:])]
    v = min(gaps, key=lambda g: g[1])[0] if gaps else -vmax / 2  # the key's value on the bar
    colour = ink_on(diverging_cmap(look)((v / vmax + 1.0) / 2.0), look)
    xy = ([v], [0.5]) if horizontal else ([0.5], [v])
    cb_ax.plot(*xy, markersize=8, color=colour, clip_on=False, **MINUS)
