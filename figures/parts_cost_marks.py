"""attention_cost's marked points, their rings and each with its count written beside it (seed 001, "two costs"
station), and the key of its dashed pieces: the record's integers (short_pass_scores, short_positions, long_pass_scores, long_positions), placed by
figures.placing clear of every drawn line."""
from __future__ import annotations

import numpy as np

from figures.placing import crossings, drawn_segments, place_at
from look import Look, fmt_int
from look.palette import LINE_STYLES


def score_colour(pal) -> str:
    """The score table's line, marks and labels: `bad` (SCORE_ROLE, what grows past use: T²; not the runs of a gain
    s > 1, which have their own colour, look.palette.GROWS_ROLE), never `accent` (LayerNorm's alone across the set); darker than the activations stored (L* 27 and 56 on
    light paper), so the two lines part in greyscale too, and drawn wider (SCORE_LW). Ink stays text and axes."""
    return getattr(pal, SCORE_ROLE)


SCORE_ROLE = "bad"  # attention_cost's T² score table


def stored_colour(pal) -> str:
    """The activations-stored line, marks and labels: look.palette.STORED_ROLE, a hue no other figure of the set
    draws (not `ok`, GELU's), lighter than the score table's `bad` so the two lines part in greyscale too."""
    from look.palette import STORED_ROLE

    return getattr(pal, STORED_ROLE)


SCORE_LW = 2.6  # the score table's line (points), wider than the kept numbers' (KEPT_LW): a second channel
KEPT_LW = 1.6  # beside the grey and the marker (squares, circles)


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
                (s, score_colour(pal), ((-7, 6, "right", "bottom"), (3, 9, "right", "bottom"), (-8, -6, "right", "top"),
                                         (8, 6, "left", "bottom"))),  # (3, 9): clear of a key at its left
                (p, stored_colour(pal), ((-7, 2, "right", "bottom"), (8, -6, "left", "top"), (-8, 6, "right", "bottom"), (-6, -24, "right", "top"), (-6, -34, "right", "top"),
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


def meeting(ax, t: float, entries: float, text: str, look: Look) -> None:
    """Where the two lines meet (record.crossing, T = d_model: T² = T · d, crossing_entries each): an open `muted`
    diamond on the meeting point itself and `text` below right of it with a leader, on the paper under both lines
    (its leader passes under the counts beside T = 1,024 and strikes none). Nothing past the drawn lengths."""
    lo, hi = sorted(ax.get_xlim())
    if not lo <= t <= hi:
        return
    pal = look.palette
    ax.plot([t], [entries], "D", color=pal.muted, markersize=7, markerfacecolor="none", markeredgewidth=1.4, zorder=7)
    x_frac = ax.transAxes.inverted().transform(ax.transData.transform((t, entries)))[0]
    left = x_frac > LEFT_ROOM  # room above left of it; else (a toy width meets early) below right, under both lines
    first = ((30, -44), "left") if left else ((40, -40), "center")
    # the first spot no drawn line runs through (a wide model's crossing sits mid-plot, near a guide); none: the first
    spots = [((10, -8), "left"), first, *(((dx, dy), ha) for dy in (-20, -44, -80, 60) for dx, ha in (
        (30, "left"), (12, "left"), (-30, "right")))]
    # first: just below right of the diamond, between the lines and the next guide; no clear spot (a width whose
    # lines meet at the plot's edge or among the guides): the diamond alone, the caption gives the meeting
    segments, renderer = drawn_segments(ax), ax.figure.canvas.get_renderer()
    for offset, ha in spots:
        note = ax.annotate(text, (t, entries), xytext=offset, textcoords="offset points", ha=ha, va="top", fontsize=9,
                           color=pal.ink, zorder=8,
                           bbox={"boxstyle": "square,pad=0.15", "facecolor": pal.background, "edgecolor": "none"})
        note.set_in_layout(False)  # on the plot: the layout keeps the axes' size
        box = note.get_window_extent(renderer)
        frame = ax.get_window_extent(renderer)  # inside the axes: not over the tick labels under them
        air = 3 * ax.figure.dpi / 72  # 3 pt off the axes' edges: clear of the tick labels beside them
        inside = frame.x0 + air <= box.x0 and box.x1 <= frame.x1 - air and frame.y0 + air <= box.y0 and box.y1 <= frame.y1 - air
        if inside and not crossings(*segments, (box.x0, box.y0, box.x1, box.y1)):
            _meeting_leader(ax, (t, entries), box, pal.muted)
            return
        note.remove()


def _meeting_leader(ax, point, box, colour: str) -> None:
    """The meeting note's leader, from its box's nearest corner to the diamond (5 pt short of its centre), drawn as a
    line of the axes: the counts placed after it (1,048,576 beside T = 1,024) keep off it as off any line."""
    px = ax.transData.transform(point)
    corner = np.array([min(max(px[0], box.x0), box.x1), min(max(px[1], box.y0), box.y1)])
    gap = np.hypot(*(corner - px))
    if gap <= 1:
        return
    end = px + (corner - px) * min(1.0, 5 * ax.figure.dpi / 72 / gap)  # 5 pt from the diamond's centre
    (x0, y0), (x1, y1) = ax.transData.inverted().transform([corner, end])
    ax.plot([x0, x1], [y0, y1], color=colour, lw=0.8, zorder=6, solid_capstyle="butt")


LEFT_ROOM = 0.35  # the meeting's share of the axes' width from the left past which its note fits above left of it


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
