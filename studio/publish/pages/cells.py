"""How a lookup widget writes its numbers and its stepper steps (studio.publish.pages.widgets and
widgets_depth share these): fixed decimals with a true minus (look.formats), a step as a title and
labelled rows of values."""
from __future__ import annotations

import numpy as np

from look import fmt_num

DEC = 4  # decimals shown, as in the scenes


def num(x: float, decimals: int = DEC) -> str:
    return fmt_num(float(x), decimals)


def vec(v) -> list[str]:
    return [num(x) for x in np.atleast_1d(v)]


def step(title: str, rows: list[tuple[str, list[str]]]) -> dict:
    """One stepper state: its title (a label key), how many rows it shows, each row's label and values."""
    state = {"title": title, "rows": str(len(rows))}
    for r, (label, values) in enumerate(rows):
        state[f"r{r}"] = label
        state[f"v{r}"] = "  ".join(values)
    return state


def grid_stepper(engine: str, grid: dict, n_steps: int, extra: dict | None = None) -> dict:
    """A stepper whose steps also depend on other controls: grid = {key prefix: [(title, rows) per step]}."""
    states = {}
    for prefix, steps in grid.items():
        for k, (title, rows, fields) in enumerate(steps):
            states[f"{prefix}|{k}"] = step(title, rows) | fields
    return {"engine": engine, "keys": sorted(states), "states": states, "max": n_steps - 1} | (extra or {})
