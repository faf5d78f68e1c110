"""Whether an axes' lower-left corner is free for a note: signal_decay_fig writes why s = 1's median falls there
only when no drawn line passes through that corner (with a small s range the lines run along the bottom)."""
from __future__ import annotations

import numpy as np


def corner_clear(lines, ylo: float, yhi: float, span: float = 0.5, height: float = 0.17) -> bool:
    """True when every line (rows of `lines`, (n_lines, n_points) values on a log y axis from ylo to yhi, the
    points spread evenly over the x axis) stays above the lower `height` of the axes over the first `span` of
    its points: the corner a two-line note takes."""
    lines = np.atleast_2d(np.asarray(lines, dtype=float))  # (n_lines, n_points)
    top = 10.0 ** (np.log10(ylo) + height * (np.log10(yhi) - np.log10(ylo)))
    n = max(1, int(np.ceil(span * lines.shape[1])))
    return bool(np.all(lines[:, :n] > top))
