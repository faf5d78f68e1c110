"""signal_decay_fig's two additions to the main plot: a zoom on the first layers, where every run starts at RMS 1 and
the lines leave it one by one (on the full 20 decades they sit on top of each other there), and a note on why the
median at s = 1 ends below 1 (record.typical_last_s1, 0.503) though each layer keeps the mean square
(record.gain_sq_mean, 0.999). The words are figures.signal_decay_fig's STRINGS ("zoom", "s1_note")."""
from __future__ import annotations

import numpy as np

from look import Look

ZOOM_LAYERS = 4  # the zoom shows layers 0 … ZOOM_LAYERS
ZOOM_MIN_IN = 3.5  # the plot height (inches) from which the lines crowd at layer 0 and the zoom reads at 8 pt
ZOOM_BOX = (0.06, 0.05, 0.25, 0.23)  # axes fraction (x, y, width, height): the empty bottom left, under s = 0.5's line
NOTE_AT = (0.02, 0.985)  # axes fraction: the empty top left, above s = 2's line
ZOOM_PAD = 0.15  # decades of air below the drawn values in the zoom
TITLE_ROOM = 1.4  # decades above them: the title sits there, inside the frame, clear of every line


def zoom(ax, lines: list, look: Look, title: str):
    """An inset over layers 0 … ZOOM_LAYERS: `lines` are (values, colour, line style, width, zorder) as drawn on
    `ax`, redrawn on the inset's own log scale, its frame drawn on the place it enlarges (muted), titled inside. Returns it."""
    pal = look.palette
    inset = ax.inset_axes(ZOOM_BOX)
    layers = np.arange(ZOOM_LAYERS + 1)
    shown = []
    for values, colour, ls, lw, z in lines:
        v = np.asarray(values, dtype=float)[: ZOOM_LAYERS + 1]
        inset.plot(layers, v, color=colour, ls=ls, lw=lw, zorder=z, solid_capstyle="butt")
        shown.append(v)
    shown = np.concatenate(shown)
    lo, hi = np.log10(shown.min()) - ZOOM_PAD, np.log10(shown.max()) + TITLE_ROOM
    inset.set_yscale("log")
    inset.set_xlim(0, ZOOM_LAYERS)
    inset.set_ylim(10.0 ** lo, 10.0 ** hi)
    inset.set_xticks(layers)
    inset.tick_params(labelsize=10, length=2, pad=1.5)  # 10 pt: a power's superscript prints at 7 pt
    inset.minorticks_off()
    inset.set_facecolor(pal.background)
    for spine in inset.spines.values():
        spine.set_visible(True)
        spine.set_edgecolor(pal.muted)
    inset.text(0.04, 0.97, title, transform=inset.transAxes, ha="left", va="top", fontsize=8, color=pal.muted,
               linespacing=1.15)  # inside its top left, above where the lines start: clear of the runs outside
    zoomed = ax.indicate_inset_zoom(inset, edgecolor=pal.muted, alpha=1.0, linewidth=0.8)
    for connector in zoomed.connectors:  # the frame on the place it enlarges and the title name it; no leaders
        connector.set_visible(False)  # across the runs
    return inset


def s1_note(ax, text: str, colour: str) -> None:
    """Why s = 1 ends below 1, in the colour of its line, in the empty top left of the plot."""
    ax.text(*NOTE_AT, text, transform=ax.transAxes, ha="left", va="top", fontsize=8.5, color=colour,
            linespacing=1.2)
