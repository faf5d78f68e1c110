"""attention_cost's marked points, each with its count written beside it (seed 001, "two costs" station): the
record's integers (short_pass_scores, short_positions, long_pass_scores, long_positions), placed by
figures.placing clear of every drawn line."""
from __future__ import annotations

from figures.placing import crossings, drawn_segments, place_at
from look import Look, fmt_int


def mark_values(ax, marks, placed: list, look: Look, paper: dict, notes=None) -> None:
    """Each marked point's count written beside it, the record's integer (short_pass_scores, short_positions, …):
    the scores above left of their dot, the position numbers below right of theirs (above left, beside the dot, where
    the axes end too soon on the right), each on the paper where no
    line runs; a point with no free spot keeps its count in the caption. `notes` maps a count to a second line
    under it (its size in bytes)."""
    notes = notes or {}
    pal = look.palette
    for T, s, p in marks:
        for value, colour, offsets in (
                (s, pal.ink, ((-7, 6, "right", "bottom"), (-8, -6, "right", "top"), (8, 6, "left", "bottom"))),
                (p, pal.ok, ((8, -6, "left", "top"), (-8, 6, "right", "bottom"), (-6, -24, "right", "top"), (-6, -34, "right", "top"),
                                 (-8, -6, "right", "top")))):  # left of the guide, under the line rising to it
            spots = [((T, value), (dx, dy), ha, va, "data") for dx, dy, ha, va in offsets]
            segments = with_length_grid(ax, drawn_segments(ax))
            label = place_at(ax, fmt_int(value) + notes.get(value, ""), spots, placed, pad=1.0, fontsize=9, color=colour,
                             bbox=paper, segments=segments)
            box = placed[-1]
            if crossings(*segments, box) or any(
                    box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed[:-1]):
                label.remove()  # no spot clear of the lines and the other counts: it stays in the caption
                placed.pop()


def with_length_grid(ax, segments) -> tuple:
    """`segments` (drawn_segments) and the vertical gridlines of the first and last labelled lengths, at the plot's
    edges (and the last length drawn when it has no label), each its own line: a count is not pushed against one (25,165,824 ran into the 131,072 line at the right
    edge); inside, a count's paper box may cover a gridline (the bytes under 1,073,741,824 reach past 1,024)."""
    import numpy as np

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
