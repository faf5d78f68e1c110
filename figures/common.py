"""The figures' shared look: matplotlib settings from the look layer, the diverging colour map, a heatmap.

Every figure module provides STRINGS (per language) and make(data, look) -> Figure, drawing with
draw(ax, data, look) where one axes suffices (design.md §1).
"""
from __future__ import annotations

import contextlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import LinearSegmentedColormap  # noqa: E402

from look import Look  # noqa: E402


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


def sequential_cmap(look: Look) -> LinearSegmentedColormap:
    """0 → vmax for non-negative quantities (weights, distances, counts): the look's sequential scale."""
    return LinearSegmentedColormap.from_list(f"tf-seq-{look.theme}", list(look.palette.sequential))


def new_figure(width_in: float, height_in: float, **kwargs):
    return plt.subplots(figsize=(width_in, height_in), layout="constrained", **kwargs)


def heatmap(ax, values, look: Look, *, vmax: float = 1.0, colorbar_label: str | None = None,
            sequential: bool = False):
    """A heatmap on a fixed scale with a colour bar; returns the image.

    Diverging on [-vmax, +vmax] for signed values, or `sequential` on [0, vmax] for non-negative ones.
    """
    cmap, vmin = (sequential_cmap(look), 0.0) if sequential else (diverging_cmap(look), -vmax)
    im = ax.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto", interpolation="nearest")
    cb = ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.02)
    cb.outline.set_edgecolor(look.palette.muted)
    if colorbar_label:
        cb.set_label(colorbar_label)
    return im


def on_mark(mark_key, *texts):
    """Declare `texts` as labels drawn on one mark (a cell, a bar): the figure gate lets them overlap
    each other, never other texts."""
    for t in texts:
        t._tf_mark = mark_key
    return texts


def new_mosaic(width_in: float, height_in: float, mosaic, **kwargs):
    """A constrained-layout figure with named axes (matplotlib's subplot_mosaic): (fig, {name: ax})."""
    return plt.subplot_mosaic(mosaic, figsize=(width_in, height_in), layout="constrained", **kwargs)


def table(ax, rows, col_x, *, top: float, line: float, align=None, transform=None, **text_kw):
    """Draw `rows` (lists of cell strings) as a table laid out by position, one Text per cell.

    Columns sit at `col_x` (axes fraction unless `transform`), rows `line` apart downward from `top`;
    `align` gives each column's "left" / "center" / "right" (default: first left, others right). A
    browser keeps the columns whatever the font, unlike cells padded with spaces. Returns the Texts,
    row by row.
    """
    transform = transform or ax.transAxes
    align = align or ["left"] + ["right"] * (len(col_x) - 1)
    out = []
    for r, row in enumerate(rows):
        out.append([ax.text(x, top - r * line, cell, ha=a, va="top", transform=transform, **text_kw)
                    for x, a, cell in zip(col_x, align, row)])
    return out
