"""attention_cost's marked points, their rings and each with its count written beside it (seed 001, "two costs"
station), and the key of its dashed pieces: the record's integers (short_pass_scores, short_positions, long_pass_scores, long_positions), placed by
figures.placing clear of every drawn line."""
from __future__ import annotations

import numpy as np

from figures.placing import crossings, drawn_segments, place_at
from look import Look, fmt_int
from look.palette import LINE_STYLES


def score_colour(pal) -> str:
    """The score table's line, marks and labels: no hue (look.palette.MEANINGS["score_table"]), a dark grey of the
    sequential scale (SCORE_TONE: an amount, as every count of memory is), with squares and drawn wider (SCORE_LW);
    `bad` is the counting position's alone across the set. Darker than the activations stored (L* 32 and 56 on light
    paper, 72 and 93 on dark), so the two lines part in greyscale too. Ink stays text and axes."""
    from look.palette import SCORE_TONE, lightness, sequential_color

    return sequential_color(SCORE_TONE["light" if lightness(pal.background) > 50 else "dark"], pal)


SCORE_ROLE = "sequential"  # attention_cost's T² score table: look.palette.MEANINGS["score_table"]


def stored_colour(pal) -> str:
    """The activations-stored line, marks and labels: look.palette.STORED_ROLE, a hue no other figure of the set
    draws (not `ok`, GELU's), lighter than the score table's `bad` so the two lines part in greyscale too."""
    from look.palette import STORED_ROLE

    return getattr(pal, STORED_ROLE)


def stored_text(pal) -> str:
    """The activations-stored line's words and counts: ink, not the line's own `stored` (3:1 on the paper, enough for a
    line, short of the 4.5:1 text needs); each sits at its line's end or beside its ringed point, which names it."""
    return pal.ink


SCORE_LW = 2.6  # the score table's line (points), wider than the kept numbers' (KEPT_LW): a second channel
KEPT_LW = 1.6  # beside the grey and the marker (squares, hexagons)
STORED_MARKER = "h"  # the activations stored: hexagons, not circles (LayerNorm's run, look.palette.LINE_MARKERS): light
# `stored` and `accent` are ΔE00 14 apart with deuteranopia, so the two meanings part by marker as well


def mark_values(ax, marks, placed: list, look: Look, paper: dict, notes=None, texts=None) -> None:
    """Each marked point's count written beside it, the record's integer (short_pass_scores, short_positions, …):
    the scores above left of their dot, the kept numbers just above left of theirs, between two decade lines (else
    below right), each on the paper where no
    line runs; a point with no free spot keeps its count in the caption. `notes` maps a count to a second line
    under it (its size in bytes); `texts` maps a count to the text written for it (a layer's "12 × 1,048,576")."""
    notes, texts = notes or {}, texts or {}
    pal = look.palette
    for T, s, p in marks:
        for value, colour, offsets in (
                (s, score_colour(pal), ((8, -6, "left", "top"), (-7, 6, "right", "bottom"), (3, 9, "right", "bottom"),
                                         (-8, -6, "right", "top"), (8, 6, "left", "bottom"))),  # beside its own point first
                (p, stored_text(pal), ((-7, 2, "right", "bottom"), (8, -6, "left", "top"), (-8, 6, "right", "bottom"), (-6, -24, "right", "top"), (-6, -34, "right", "top"),
                                 (-8, -6, "right", "top")))):  # left of the guide, under the line rising to it
            spots = [((T, value), (dx, dy), ha, va, "data") for dx, dy, ha, va in offsets]
            segments = with_length_grid(ax, drawn_segments(ax))
            label = place_at(ax, texts.get(value, fmt_int(value)) + notes.get(value, ""), spots, placed, pad=1.0, fontsize=9, color=colour,
                             bbox=paper, segments=segments)
            box = placed[-1]
            if crossings(*segments, box) or any(
                    box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed[:-1]):
                label.remove()  # no spot clear of the lines and the other counts: it stays in the caption
                placed.pop()
            else:
                leader(ax, (T, value), box, colour)


LEADER_FROM_PT = 12.0  # a count whose box lies farther than this from its point gets a leader to its ring


def leader(ax, point, box, colour: str) -> None:
    """A thin line from the nearest corner of a count's box (display) to the ring around its point, when the count
    had to sit away from it (25,165,824 below left of T = 32,768, where the lines leave no closer spot)."""
    fig = ax.figure
    px = ax.transData.transform(point)
    corner = np.array([min(max(px[0], box[0]), box[2]), min(max(px[1], box[1]), box[3])])
    off = (corner - px) * 72.0 / fig.dpi  # points: the same at every output resolution
    if float(np.hypot(*off)) <= LEADER_FROM_PT:
        return
    ax.annotate("", xy=point, xycoords="data", xytext=tuple(off), textcoords="offset points",
                arrowprops=dict(arrowstyle="-", color=colour, lw=0.8, shrinkA=0, shrinkB=RING_PT / 2 + 1))


def with_length_grid(ax, segments) -> tuple:
    """`segments` (drawn_segments) and the vertical gridlines of the first and last labelled lengths, at the plot's
    edges (and the last length drawn when it has no label), each its own line: a count is not pushed against one (25,165,824 ran into the 131,072 line at the right
    edge); inside, a count's paper box may cover a gridline (the bytes under 1,073,741,824 reach past 1,024)."""

    P, Q, owner = segments
    lo, hi = sorted(ax.get_xlim())
    y0, y1 = ax.get_ylim()
    xs = [x for x in ax.get_xticks() if lo <= x <= hi]
    xs = xs[:1] + xs[-1:] if len(xs) > 1 else xs
    last = [x for x in ax.get_xticks(minor=True) if lo <= x <= hi and (not xs or x > xs[-1])]
    xs += last[-1:]  # the last length drawn (131,072), unlabelled past the last labelled one: the plot's right end
    if not xs:
        return segments
    p = ax.transData.transform([(x, y0) for x in xs])
    q = ax.transData.transform([(x, y1) for x in xs])
    first = (owner.max() + 1) if len(owner) else 0
    return (np.concatenate([P, p]), np.concatenate([Q, q]),
            np.concatenate([owner, first + np.arange(len(xs))]))


RING_PT = 10.0  # a marked point's ring (points across)


def rings(ax, marks, look: Look) -> None:
    """Each marked count an open ring in its line's colour around its own marker; where the two counts of one
    length lie closer than a ring (T = 1,024: 1,048,576 and 786,432, 0.12 decades apart), one `muted` ring around
    both instead of two that overlap (the count beside each point names it, in its line's colour)."""
    pal = look.palette
    fig = ax.figure
    to_pt = 72.0 / fig.dpi
    for T, s, p in marks:
        a, b = ax.transData.transform([(T, s), (T, p)])
        apart = float(np.hypot(*(a - b))) * to_pt
        if apart > RING_PT + 2:
            for v, colour, z in ((s, score_colour(pal), 5), (p, stored_colour(pal), 6)):
                ax.plot([T], [v], "o", color=colour, markersize=RING_PT, markerfacecolor="none",
                        markeredgewidth=1.8, zorder=z)
        # closer than a ring (T = 1,024: 1,048,576 and 786,432): no ring, which would sit on the lines' meeting
        # (T = 768, `meeting`); the count beside each point names it, in its line's colour


def hypothetical_key(ax, look: Look, text: str) -> None:
    """The key of the dashed pieces (`text`): both lines past GPT-2 small's rows, one sample of each in its colour, in
    the empty top left."""
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D

    pal = look.palette
    ls = LINE_STYLES["hypothetical"]
    handles = (Line2D([], [], color=score_colour(pal), lw=SCORE_LW, ls=ls), Line2D([], [], color=stored_colour(pal), lw=KEPT_LW, ls=ls))
    ax.legend([handles], [text],
              handler_map={tuple: HandlerTuple(ndivide=None, pad=0.6)}, handlelength=3.2, loc="lower left",
              fontsize=9, frameon=False, borderaxespad=0.0, bbox_to_anchor=(1.02, 0.0, 0.0, 0.32))
