"""param_count's parts thinner than the white gaps between its segments, each a tick past the bars' edges."""
from __future__ import annotations

# the parts thinner than the white gaps between segments, each drawn as a tick past the bar's edges so a
# leader points at a mark, not at a gap. The position embedding's `ok` has the token
# embedding's greyscale lightness (look.palette: a cool/ok pair side by side differs by dots), so its tick
# is dotted, over a halo of paper that parts it from its neighbours; the LayerNorms' muted tick is a thin solid
# hairline with no halo, in the same 1-point seam as any two segments, so no wider white gap stands for 0.04M of 163M.
TICKS = {"pos_emb": (2.4, (0, (1, 0.8)), 3.0), "other": (0.6, "solid", 0.0)}  # (line width, dash, halo)


def _tick(ax, x: float, y: float, colour: str, paper: str, lw: float, dash, halo: float) -> None:
    """A thin part's mark at x on the bar at y: past its edges, over a solid halo of paper colour `halo`
    points wider (none: the mark sits in the seam the segments' edges leave anyway)."""
    if halo:
        ax.plot([x, x], [y - 0.33, y + 0.33], color=paper, lw=lw + halo, solid_capstyle="butt", zorder=3)
    ax.plot([x, x], [y - 0.33, y + 0.33], color=colour, lw=lw, ls=dash, solid_capstyle="butt",
            dash_capstyle="butt", zorder=3.1)
    if halo:  # a part of its own, not a divider: a round head at each end, past the bar, as a pin's
        ax.plot([x, x], [y - 0.36, y + 0.36], ls="none", marker="o", markersize=PIN_PT, color=colour,
                markeredgecolor=paper, markeredgewidth=0.8, zorder=3.2)


PIN_PT = 5.5  # the position embedding's two round heads (points): wider than the tick, so it reads as a pin
