"""The figures' shared look: matplotlib settings from studio.style, the diverging colour map, a heatmap.

Every figure module provides STRINGS (per language) and make(data, look) -> Figure, drawing with
draw(ax, data, look) where one axes suffices (design.md §1).
"""
from __future__ import annotations

import contextlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import LinearSegmentedColormap  # noqa: E402

from studio.style import Look  # noqa: E402


def rc_for(look: Look) -> dict:
    p = look.palette
    return {
        "font.family": [look.font, "DejaVu Sans"],
        "font.size": 10,
        "axes.titlesize": 12,
        "axes.labelsize": 10,
        "figure.facecolor": p.background,
        "axes.facecolor": p.background,
        "savefig.facecolor": p.background,
        "axes.edgecolor": p.muted,
        "axes.labelcolor": p.ink,
        "text.color": p.ink,
        "xtick.color": p.ink,
        "ytick.color": p.ink,
        "grid.color": p.muted,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.prop_cycle": matplotlib.cycler(color=list(p.series)),
        "axes.unicode_minus": True,
        "svg.fonttype": "none",  # text stays text in the SVG
        "svg.hashsalt": "transformer-frames",  # deterministic ids
        "pdf.fonttype": 42,
        "legend.frameon": False,
    }


@contextlib.contextmanager
def figure_context(look: Look):
    with matplotlib.rc_context(rc_for(look)):
        yield


def diverging_cmap(look: Look) -> LinearSegmentedColormap:
    """negative → neutral → positive, linear in RGB: the same scale as the scenes' heatmaps."""
    p = look.palette
    return LinearSegmentedColormap.from_list(f"tf-{look.theme}", [p.negative, p.neutral, p.positive])


def new_figure(width_in: float, height_in: float, **kwargs):
    return plt.subplots(figsize=(width_in, height_in), layout="constrained", **kwargs)


def heatmap(ax, values, look: Look, *, vmax: float = 1.0, colorbar_label: str | None = None):
    """A fixed ±vmax diverging heatmap with a colour bar; returns the image."""
    im = ax.imshow(values, cmap=diverging_cmap(look), vmin=-vmax, vmax=vmax,
                   aspect="auto", interpolation="nearest")
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.02)
    cb.outline.set_edgecolor(look.palette.muted)
    if colorbar_label:
        cb.set_label(colorbar_label)
    return im


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
