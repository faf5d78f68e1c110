"""Weighted sums drawn as vectors laid tip to tail: each term α_j v_j an ink arrow in its token's dash,
named by its token on its chip beside it, outlined in the same dash (parts_toy_text.chip_style), the chain ending at a dot, the sum x (attention_sum_fig,
toy_permutation_sums). A term too short to show its arrow head is named off to the side with a leader
line onto it, so a reader sees it is there; a term shorter than the head itself is drawn as a plain
segment with no head and a dot at its tip (a head would be bigger than the term and cover its
neighbour's tip). Each token's shaft has its own dash and width (token_stroke) and no hue, so no arrow
reads as a meaning colour and a greyscale print tells the words apart; the heads are solid. Its
coordinates, like every term's, are the caption's; `weights` adds each term's α beside its name.
Labels are placed by figures.placing.place_labels once the figure is laid out (`place_chain_labels`),
each inside its own axes."""
from __future__ import annotations

import numpy as np
from matplotlib.patches import FancyArrowPatch

from look import Look, fmt_num
from look.tokens import token_dash, token_index
from figures.parts_toy_text import CHAIN_LABEL_PT, chip_style, vec

TINY = 0.06  # a term shorter than this share of the view's width is named off to the side
HEAD_SCALE = 13  # the arrow head's mutation scale (points)
HEAD_PT = 0.4 * HEAD_SCALE + 2.6  # the drawn head's length in points: matplotlib's -|> head plus its stroke
# each token's stroke (dash pattern, width), by the same index as its chip's grey: the arrows are all ink,
# so the dash and the word beside each tell them apart
WIDTHS = (2.6, 2.6, 2.2, 3.2)  # points, by token index: the dotted pattern a little heavier so its dots read


def token_stroke(token: str) -> tuple:
    """(linestyle, linewidth) of a token's term arrow: its dash (look.tokens.token_dash, as on its chip), the
    same in every figure and theme."""
    return token_dash(token), WIDTHS[token_index(token, len(WIDTHS))]


def drop_heads(ax) -> None:
    """Draw every term of the axes' chains that is shorter than its arrow head as a plain segment: a
    head bigger than the term would hide it and cover its neighbour's tip. Run once laid out."""
    for patch in list(ax.patches):
        ends = getattr(patch, "chain_term", None)
        if ends is not None:
            (x0, y0), (x1, y1) = ax.transData.transform(ends)
            if np.hypot(x1 - x0, y1 - y0) * 72.0 / ax.figure.dpi < HEAD_PT:
                patch.set_arrowstyle("-")
                patch.shrinkB = 0
                patch.chain_head.set_visible(False)  # a dot at its tip instead: the term ends there
                ax.plot([ends[1][0]], [ends[1][1]], "o", ms=4.5, color=patch.get_edgecolor(), zorder=4.6)


def chain_view(chains, extra=(), pad=0.08) -> tuple:
    """Axis limits holding every partial sum of every chain ((n, 2) arrays of terms) and the points of
    `extra`, with the origin inside and `pad` of the span around them."""
    pts = [np.zeros((1, 2))]
    for terms in chains:
        pts.append(np.cumsum(np.asarray(terms, dtype=float), axis=0))
    pts += [np.asarray(p, dtype=float).reshape(1, 2) for p in extra]
    pts = np.vstack(pts)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = max(float((hi - lo).max()), 1e-9)
    return (lo[0] - pad * span, hi[0] + pad * span), (lo[1] - pad * span, hi[1] + pad * span)


def draw_chain(ax, terms, tokens, look: Look, *, width: float, weights=None, values=None) -> list:
    """Draw the terms ((n, 2)) tip to tail from the origin, in ink with each token's dash, and the dot at
    their sum. Returns the label annotations (one per term that is not zero) and the segments they
    should keep clear of, for place_chain_labels (which also drops the heads of terms shorter than
    them). `width`: the view's width in data units. `weights`: each term's α, written beside its
    token (4 decimals); `values` ((n, 2)): each term's value vector, written after it ("cat 0.2368 × (2, 1)").
    Every label is ink on its token's chip (chip_style), as the weight tables name keys and queries."""
    terms = np.asarray(terms, dtype=float)
    labels, segments = [], []
    start = np.zeros(2)
    for j, (term, tok) in enumerate(zip(terms, tokens)):
        end = start + term
        length = float(np.linalg.norm(term))
        if length > 1e-12:
            colour = look.palette.ink
            style, lw = token_stroke(tok)  # the shaft in the token's stroke, the head solid on its own
            tiny = length < TINY * width
            z = 4.5 if tiny else 3  # a tiny term over its neighbours' heads and shafts, which would hide it
            arrow = FancyArrowPatch(tuple(start), tuple(end), arrowstyle="-", color=colour, linewidth=lw,
                                    linestyle=style, capstyle="butt", shrinkA=0, shrinkB=HEAD_PT - 3, zorder=z)
            head = FancyArrowPatch(tuple(end - 1e-6 * term), tuple(end), arrowstyle="-|>", mutation_scale=HEAD_SCALE,
                                   color=colour, linewidth=1.0, shrinkA=0, shrinkB=0, zorder=z)
            arrow.chain_term = (tuple(start), tuple(end))  # for drop_heads, once the figure is laid out
            arrow.chain_head = head
            ax.add_patch(arrow)
            ax.add_patch(head)
            text = tok if weights is None else f"{tok}  α = {fmt_num(weights[j], 4)}"
            if weights is not None and values is not None:
                text = f"{tok}  {fmt_num(weights[j], 4)} × {vec(values[j])}"
            framed = chip_style(tok, look, CHAIN_LABEL_PT)  # the weight tables' chip padding (chip_pad), 3 pt round the word
            mid = tuple((start + end) / 2)
            leader = dict(arrowstyle="-", color=look.palette.muted, linewidth=0.9, shrinkA=1, shrinkB=2) if tiny else None
            labels.append(ax.annotate(text, mid, xytext=(-30, 14) if tiny else (5, 2), textcoords="offset points",
                                      fontsize=CHAIN_LABEL_PT, ha="right" if tiny else "left", va="bottom", zorder=4,
                                      arrowprops=leader, **framed))  # names its arrow
            if tiny:  # its leader at an angle to the term: in line, it would read as the term, drawn longer
                labels[-1].leader_not_along = tuple(term)
            segments.append((tuple(start), tuple(end)))
        start = end
    ax.plot([start[0]], [start[1]], "o", color=look.palette.ink, ms=6, zorder=5)
    return labels, segments


def on_chain(point, terms, tol: float) -> bool:
    """Whether `point` lies on one of the chain's arrows (terms laid tip to tail from the origin), within
    `tol` data units: a mark there is hidden under the arrow, and its label needs a leader line."""
    p = np.asarray(point, dtype=float)
    start = np.zeros(2)
    for term in np.asarray(terms, dtype=float):
        end = start + term
        d = end - start
        t = float(np.clip(np.dot(p - start, d) / max(float(np.dot(d, d)), 1e-24), 0.0, 1.0))
        if np.linalg.norm(p - (start + t * d)) <= tol:
            return True
        start = end
    return False


def place_chain_labels(ax, labels, segments, avoid=()) -> list:
    """Place the chain's labels clear of its arrows and of each other, inside the axes (a label never
    strays over a neighbouring panel). A label that finds no free place
    (many short terms of long words near one point) is left out: the caption writes every term out.
    Returns the labels left out."""
    from figures.placing import place_labels

    ax.figure.canvas.draw()
    drop_heads(ax)
    crowded = place_labels(ax, labels, segments, avoid=avoid, frame=ax.get_window_extent())
    for label in crowded:
        label.set_visible(False)
    return crowded


# where an enlarged view of a tiny term may sit (axes fractions x0, y0, width, height), first free one wins
ZOOM_PLACES = ((0.66, 0.04, 0.31, 0.31), (0.03, 0.66, 0.31, 0.31), (0.03, 0.35, 0.31, 0.31),
               (0.66, 0.35, 0.31, 0.31), (0.35, 0.04, 0.31, 0.31))


def zoom_tiny(ax, terms, tokens, look: Look, *, width: float, fold: float = 3.0, scale_label: str | None = None):
    """An enlarged view of the chain around its shortest term when that term is tiny (shorter than TINY
    of the view's `width`, where it reads as a dot with no head): a small inset, `fold` times the term's
    length across, in which the term and its neighbours' ends are drawn as in the chart, with heads,
    and a frame with two muted connectors onto the place it enlarges. The inset takes the first of
    ZOOM_PLACES that covers no text and no arrow of the chart, once the chart's labels are placed.
    `scale_label` ("zoom ×{n}"), when given, is written in the inset's bottom-right corner (the chain
    enters from the left and leaves upward), n the inset's scale over the chart's (one data unit's
    length on the page in each, from their limits), rounded.
    Returns the inset, or None when no term is tiny or no place is free."""
    from figures.placing import text_box

    terms = np.asarray(terms, dtype=float)
    lengths = np.linalg.norm(terms, axis=1)
    shown = np.flatnonzero(lengths > 1e-12)
    if not shown.size:
        return None
    k = int(shown[np.argmin(lengths[shown])])
    if lengths[k] >= TINY * width:
        return None
    start = terms[:k].sum(axis=0)
    mid, half = start + terms[k] / 2, fold * lengths[k] / 2
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [text_box(t, renderer) for t in ax.texts if t.get_visible() and t.get_text().strip()]
    ends = np.vstack([np.zeros((1, 2)), np.cumsum(terms, axis=0)])
    pts = np.vstack([np.linspace(a, b, 80) for a, b in zip(ends[:-1], ends[1:])])
    pix = ax.transData.transform(np.vstack([pts, [mid]]))
    for place in ZOOM_PLACES:
        box = ax.transAxes.transform([place[:2], (place[0] + place[2], place[1] + place[3])])
        (x0, y0), (x1, y1) = box[0] - 4, box[1] + 4
        hit = np.any((pix[:, 0] > x0) & (pix[:, 0] < x1) & (pix[:, 1] > y0) & (pix[:, 1] < y1))
        if not hit and not any(x0 < b.x1 and b.x0 < x1 and y0 < b.y1 and b.y0 < y1 for b in boxes):
            break
    else:
        return None
    pal = look.palette
    inset = ax.inset_axes(place, facecolor=pal.background, zorder=6)
    inset.set_xlim(mid[0] - half, mid[0] + half)
    inset.set_ylim(mid[1] - half, mid[1] + half)
    inset.set_aspect("equal")
    inset.set_xticks([])
    inset.set_yticks([])
    for spine in inset.spines.values():
        spine.set_edgecolor(pal.muted)
        spine.set_visible(True)
    labels, _ = draw_chain(inset, terms, tokens, look, width=2 * half)  # the same arrows, enlarged
    for label in labels:  # named once, in the chart
        label.remove()
    frame = ax.indicate_inset_zoom(inset, edgecolor=pal.muted, alpha=1.0, linewidth=0.8, zorder=3.9).rectangle
    for label in ax.texts:  # the tiny term's leader: onto the frame round it, never across the frame or a connector
        if getattr(label, "leader_not_along", None) is not None and np.allclose(label.xy, mid):
            lead_to_frame(label, frame)
    fig.canvas.draw()
    drop_heads(inset)
    if scale_label is not None:
        unit = lambda a: a.transData.transform((1.0, 0.0))[0] - a.transData.transform((0.0, 0.0))[0]  # noqa: E731
        inset.text(0.96, 0.04, scale_label.format(n=round(unit(inset) / unit(ax))), transform=inset.transAxes,
                   fontsize=8, color=pal.muted, ha="right", va="bottom")
    return inset


def lead_to_frame(label, frame) -> None:
    """Point a tiny term's leader at the zoom frame round the term instead of the term inside it: a label whose middle is above
    the frame leads onto its top edge, a quarter of the way in from the left (the chain enters from the left
    and leaves upward, and the connectors to the inset run down from its corners); any other label's leader
    stops where it meets the frame. The label's text stays where it was placed."""
    ax = label.axes
    ax.figure.canvas.draw()
    x0, y0 = frame.get_xy()
    x1, y1 = x0 + frame.get_width(), y0 + frame.get_height()
    text = label.get_window_extent()
    if ax.transData.inverted().transform((0.0, (text.y0 + text.y1) / 2))[1] <= y1:
        label.arrow_patch.set_patchB(frame)
        return
    old, new = ax.transData.transform([label.xy, (x0 + 0.25 * (x1 - x0), y1)])
    shift = (new - old) * 72.0 / ax.figure.dpi  # points: the offset to the text keeps it in place
    label.xy = (x0 + 0.25 * (x1 - x0), y1)
    label.xyann = tuple(np.asarray(label.xyann) - shift)
    label.arrow_patch.shrinkB = 0  # onto the frame's edge
