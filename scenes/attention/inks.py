"""attention_heatmap: one rule for the colour of a number written on a heat-map cell, by the cell's luminance.

Every fill at least as light as one threshold takes the dark ink, every darker fill the light one (the palette's
ink and paper, whichever is darker or lighter; pure black or white where that gives too little contrast). The
threshold sits in the widest gap between the table's own fill luminances among the splits that keep the most
contrast, so two cells of nearly the same shade never take different inks (0.2368 and 0.2410 side by side).
"""
from __future__ import annotations

import numpy as np

from look import diverging_color
from look.colour import contrast, luminance
from scenes.parts.heatmap import LEVELS, TEXT_CONTRAST


def cell_inks(fills, choices) -> dict:
    """For each level of `fills` (level → hex fill), the ink its numbers take: {level: hex}. `choices` is the
    palette's (ink, paper) pair."""
    dark, light = sorted(choices, key=luminance)
    levels = sorted(fills, key=lambda k: luminance(fills[k]))  # darkest fill first
    lum = [luminance(fills[k]) for k in levels]

    def ink(side: str, group) -> str:  # one ink for a side: its own, or pure black or white where it reads too faintly
        base, pure = (dark, "#000000") if side == "dark" else (light, "#ffffff")
        return base if all(contrast(base, fills[lv]) >= TEXT_CONTRAST for lv in group) else pure

    splits = []  # (worst contrast, gap, split): fills[levels[:k]] light ink, the rest dark ink
    for k in range(len(levels) + 1):
        lo, hi = ink("light", levels[:k]), ink("dark", levels[k:])
        worst = min([contrast(lo, fills[lv]) for lv in levels[:k]] + [contrast(hi, fills[lv]) for lv in levels[k:]])
        gap = (lum[k] if k < len(lum) else 1.0) - (lum[k - 1] if k else 0.0)
        splits.append((worst, gap, k))
    best = max(w for w, _, _ in splits)
    # of the splits within 15 % of the best worst-case contrast, the one at the widest gap in luminance
    k = max((s for s in splits if s[0] >= best * 0.85), key=lambda s: (s[1], s[0]))[2]
    lo, hi = ink("light", levels[:k]), ink("dark", levels[k:])
    return {lv: lo if i < k else hi for i, lv in enumerate(levels)}


def cell_ink(grid, r: int, c: int, choices, palette, weights=()) -> str:
    """The ink of cell (r, c)'s number on the HeatmapGrid `grid` (scenes.parts.heatmap, on the 0-to-1 scale), by
    `cell_inks` over the fills of `grid` and of every table in `weights` (both heads': one rule for both)."""
    levels = set(np.unique(grid.shade).tolist())
    for w in weights:
        levels |= set(np.unique(np.rint(np.clip(np.asarray(w, float), -1.0, 1.0) * LEVELS).astype(int)).tolist())
    key = (tuple(choices), tuple(sorted(levels)))
    inks = getattr(grid, "_inks", None)
    if inks is None or inks[0] != key:
        fills = {lv: diverging_color(lv / LEVELS, palette, 1.0) for lv in levels}
        inks = grid._inks = (key, cell_inks(fills, choices))
    return inks[1][int(grid.shade[r, c])]
