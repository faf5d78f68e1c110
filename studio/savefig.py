"""Saving a matplotlib figure so that the same input gives the same bytes.

The render pipeline lays each figure out once and pins its axes (constrained layout's solver can land
a few ulps apart between runs, and the SVG names clip paths by hashing the boxes), then saves it
without dates or versions in its metadata.
"""
from __future__ import annotations


def freeze_layout(fig, digits: int = 6):
    """Lay the figure out once, then pin every axes at its position rounded to `digits` decimals.

    Constrained layout's solver can land a few ulps apart from one run to the next; the SVG names
    its clip paths by hashing the exact axes boxes, so unpinned the file would not be byte-identical.
    The renderer calls this for every figure before saving.
    """
    fig.get_layout_engine().execute(fig)  # the layout alone: no artist is drawn yet
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:  # what Axes.draw does first: place colour bars and fixed-aspect axes
        locator = ax.get_axes_locator()
        ax.apply_aspect(locator(ax, renderer) if locator else None)
    for ax in fig.axes:
        ax.set_position([round(float(v), digits) for v in ax.get_position().bounds])
    fig.set_layout_engine(None)  # no engine left: savefig then draws once, not twice
    return fig


def save_metadata(fmt: str) -> dict:
    """Metadata that keeps the file byte-identical between runs (no dates, no versions)."""
    if fmt == "svg":
        return {"Date": None, "Creator": None}
    if fmt == "pdf":
        return {"CreationDate": None, "ModDate": None, "Creator": None, "Producer": None}
    if fmt == "png":
        return {"Software": None}
    return {}
