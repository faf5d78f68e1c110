"""loss_curves' label spots: where a run's label may sit beside its curve, nearest the line first, on the side
away from the other runs' curves, then anywhere in the axes; a level's label only on its line."""
from __future__ import annotations

import numpy as np


def along(steps: np.ndarray, v: np.ndarray, others=()) -> list:
    """Candidate spots for a curve's label: beside it at points along the run (nearest first), on the side
    away from the other runs' curves there (so the label cannot be read as theirs), then anywhere in the
    axes (the label starts with the run's name, so it still says which curve it is)."""
    # on the line first (7 or 16 pt off it, the side away from the other curves before the other side),
    # only then farther off: a label two decades from its line reads as a label of nothing
    close_near, close_far, near, far = [], [], [], []
    for f in (0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9):
        k = min(len(v) - 1, int(len(v) * f))
        if not (np.isfinite(v[k]) and v[k] > 0):
            continue
        above = sum(bool(np.isfinite(o[k]) and o[k] > v[k]) for o in others)
        below = sum(bool(np.isfinite(o[k]) and 0 < o[k] < v[k]) for o in others)
        sides = ((1, "bottom"), (-1, "top")) if above <= below else ((-1, "top"), (1, "bottom"))
        falling = bool(v[min(len(v) - 1, k + 1)] < v[max(0, k - 1)])
        for (sign, va), close, out in zip(sides, (close_near, close_far), (near, far)):
            # the box on the side where the line runs away from it, so the whole box stays clear of it
            has = ("center", "left", "right") if (sign > 0) == falling else ("center", "right", "left")
            for dy in (7, 16, 28, 44, 64):
                for ha in has:
                    (close if dy <= 16 else out).append(((steps[k], v[k]), (0, sign * dy), ha, va, "data"))
    spots = close_near + close_far + near + far
    for y in (0.9, 0.75, 0.6, 0.45, 0.3, 0.15, 0.05):
        for x, ha in ((0.03, "left"), (0.5, "center"), (0.97, "right")):
            spots.append(((x, y), (0, 0), ha, "center", "axes fraction"))
    return spots


def on_line(spots: list) -> list:
    """Only the spots 7 pt off the line: a level's label (the stuck 0.222) stays on its line in every language, even
    where its wider text crosses a line there, never parked in a free corner decades away from it."""
    return [s for s in spots if s[4] == "data" and abs(s[1][1]) == 7]
