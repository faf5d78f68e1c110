"""Where a figure's labels go: beside curve ends (spread), around a point, clear of the drawn lines
and of each other (place_at, place_labels), and the crossing test the figure gate shares."""
from __future__ import annotations


def spread(ys, lo: float, hi: float, gap: float):
    """Heights for labels beside the ends of curves: at least `gap` of the range lo … hi apart, as
    close to `ys` as that allows, kept between lo and hi (half a gap inside them: a stack pushed past the
    top slides down, the lowest label never hangs below the axis)."""
    import numpy as np

    ys = np.asarray(ys, dtype=float)
    order = np.argsort(ys)
    step = gap * (hi - lo)
    out = ys[order].copy()
    if len(out):
        out[0] = max(out[0], lo + step / 2)
    for k in range(1, len(out)):
        out[k] = max(out[k], out[k - 1] + step)
    top = hi - step / 2
    if len(out) and out[-1] > top:  # pushed past the top: slide the stack down
        out -= out[-1] - top
        for k in range(len(out) - 2, -1, -1):
            out[k] = min(out[k], out[k + 1] - step)
    res = np.empty_like(out)
    res[order] = out
    return res


LABEL_OFFSETS = ((5, 2, "left", "bottom"), (-5, 2, "right", "bottom"), (5, -3, "left", "top"),
                 (-5, -3, "right", "top"), (0, 7, "center", "bottom"), (0, -7, "center", "top"),
                 (14, 10, "left", "bottom"), (-14, 10, "right", "bottom"), (14, -12, "left", "top"),
                 (-14, -12, "right", "top"), (0, 18, "center", "bottom"), (0, -18, "center", "top"),
                 (24, 16, "left", "bottom"), (-24, 16, "right", "bottom"), (24, -18, "left", "top"),
                 (-24, -18, "right", "top"))
LEADER_OFFSETS = tuple((round(r * dx), round(r * dy), ("left", "center", "right")[1 - dx_sign],
                        ("bottom", "center", "top")[1 - dy_sign])
                       for r in (30, 50, 75)
                       for dx, dy, dx_sign, dy_sign in ((-0.8, 0.6, -1, 1), (0.8, -0.6, 1, -1), (-0.8, -0.6, -1, -1),
                                                        (0.8, 0.6, 1, 1), (0, -1, 0, -1), (0, 1, 0, 1),
                                                        (1, 0, 1, 0), (-1, 0, -1, 0)))  # a label joined to its point by a leader line stands off


def in_line(offset, direction, degrees: float = 30.0) -> bool:
    """Whether a label's offset runs within `degrees` of the line through `direction` (either way): its
    leader would read as a continuation of the segment it names."""
    import numpy as np

    u, v = np.asarray(offset, dtype=float), np.asarray(direction, dtype=float)
    nu, nv = np.linalg.norm(u), np.linalg.norm(v)
    if nu == 0 or nv == 0:
        return False
    return abs(float(np.dot(u, v))) / (nu * nv) > np.cos(np.radians(degrees))


def text_box(t, renderer):
    """A text's own display box: for an annotation, its text without the leader line or arrow."""
    from matplotlib.text import Annotation, Text

    if isinstance(t, Annotation):
        t.update_positions(renderer)
    return Text.get_window_extent(t, renderer)


def place_labels(ax, labels, segments, avoid=(), frame=None) -> list:
    """Move each annotation of `labels` (offset-point annotations, in order) to the first offset around
    its point where it touches none of `segments` (pairs of data points: arrows, axes), none of the
    texts in `avoid` or placed before it, and stays inside `frame` (a display box; default the
    figure); the fewest conflicts otherwise. A label drawn with a leader line (arrowprops) tries the
    farther LEADER_OFFSETS, so its line shows. Returns the labels that found no free place."""
    import numpy as np

    fig = ax.figure
    for label in labels:  # out of the layout first, so the layout measured is the one saved
        label.set_in_layout(False)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    pix = [ax.transData.transform(np.linspace(a, b, 80)) for a, b in segments]
    for line in ax.lines:  # reference lines (axhline, axvline) as drawn, across the whole axes
        ends = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float))
        pix += [np.linspace(p, q, 300) for p, q in zip(ends[:-1], ends[1:])]
    inside = fig.bbox if frame is None else frame
    from matplotlib.text import Text

    mine = {id(t) for t in labels}
    others = [*avoid, *(t for t in fig.findobj(Text) if id(t) not in mine)]

    def box(t):
        return text_box(t, renderer)

    taken = [box(t) for t in others if t.get_text().strip() and t.get_visible()]

    n_given = len(segments)

    def conflicts(bb) -> float:
        """Texts and reference lines touched count 1 each, the given segments (arrows) 0.1 each."""
        x0, y0, x1, y1 = bb.x0 - 2.5, bb.y0 - 2.5, bb.x1 + 2.5, bb.y1 + 2.5
        out = 100.0 * (x0 < inside.x0 or x1 > inside.x1 or y0 < inside.y0 or y1 > inside.y1)
        out += sum((0.1 if k < n_given else 1.0) * bool(np.any((p[:, 0] > x0) & (p[:, 0] < x1) & (p[:, 1] > y0)
                                                                & (p[:, 1] < y1))) for k, p in enumerate(pix))
        return out + sum(x0 < b.x1 and b.x0 < x1 and y0 < b.y1 and b.y0 < y1 for b in taken)

    def leader_crosses(label, bb) -> float:
        """A leader line (from its point to the label) that passes over a drawn arrow counts 1 for each."""
        p = ax.transData.transform(label.xy)
        q = np.array([(bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2])
        line = p + np.linspace(0.25, 1.0, 30)[:, None] * (q - p)
        return float(sum(bool(np.any(np.hypot(*(line[:, None, :] - seg[None, :, :]).transpose(2, 0, 1)) < 3))
                         for seg in pix[:n_given]))

    crowded = []
    for label in labels:
        label.set_in_layout(False)
        scores = []
        own = (*label.xyann, label.get_ha(), label.get_va())
        offsets = (own, *(LEADER_OFFSETS if label.arrow_patch is not None else LABEL_OFFSETS))  # own place first
        along = getattr(label, "leader_not_along", None)  # a direction (display) the leader must not follow
        if along is not None:
            offsets = tuple(o for o in offsets if not in_line(o[:2], along)) or offsets
        for dx, dy, ha, va in offsets:
            label.xyann = (dx, dy)
            label.set_ha(ha)
            label.set_va(va)
            bb = box(label)
            scores.append(conflicts(bb) + (leader_crosses(label, bb) if label.arrow_patch is not None else 0))
            if scores[-1] == 0:
                break
        dx, dy, ha, va = offsets[int(np.argmin(scores))]
        label.xyann = (dx, dy)
        label.set_ha(ha)
        label.set_va(va)
        taken.append(box(label))
        if min(scores) >= 1:
            crowded.append(label)
    return crowded  # the labels that still touch a text or a reference line


def drawn_segments(ax) -> tuple:
    """Every drawn line of the axes as segments (P, Q) in display units, with the index of the line each
    belongs to: what a label must not cross."""
    import numpy as np

    ps, qs, owner = [], [], []
    for k, line in enumerate(ax.lines):
        if not line.get_visible() or line.get_linestyle() in ("None", "none", " ", ""):
            continue
        pts = line.get_transform().transform_path(line.get_path()).vertices  # (n, 2)
        good = np.all(np.isfinite(pts[:-1]), axis=1) & np.all(np.isfinite(pts[1:]), axis=1)
        ps.append(pts[:-1][good])
        qs.append(pts[1:][good])
        owner.append(np.full(int(good.sum()), k))
    if not ps:
        return np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0, dtype=int)
    return np.concatenate(ps), np.concatenate(qs), np.concatenate(owner)


def with_grid(ax, segments) -> tuple:
    """`segments` (drawn_segments) and the axes' visible horizontal gridlines, each its own line: a label
    must not be struck through by a gridline either."""
    import numpy as np

    P, Q, owner = segments
    lo, hi = sorted(ax.get_ylim())
    x0, x1 = ax.get_window_extent().x0, ax.get_window_extent().x1
    rows = [ax.transData.transform((0, y))[1] for y, line in zip(ax.get_yticks(), ax.yaxis.get_gridlines())
            if line.get_visible() and lo <= y <= hi]
    if not rows:
        return P, Q, owner
    first = (int(owner.max()) + 1) if len(owner) else 0
    return (np.concatenate([P, [(x0, y) for y in rows]]), np.concatenate([Q, [(x1, y) for y in rows]]),
            np.concatenate([owner, first + np.arange(len(rows))]))


def crossings(P, Q, owner, box) -> int:
    """How many lines (segments P[k] → Q[k] of line owner[k]) enter the open box (x0, y0, x1, y1):
    segment_enters for many segments at once."""
    import numpy as np

    x0, y0, x1, y1 = box
    d = Q - P  # (n, 2)
    t0, t1 = np.zeros(len(P)), np.ones(len(P))
    ok = np.ones(len(P), dtype=bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        for pp, qq in ((-d[:, 0], P[:, 0] - x0), (d[:, 0], x1 - P[:, 0]), (-d[:, 1], P[:, 1] - y0),
                       (d[:, 1], y1 - P[:, 1])):
            zero = pp == 0
            ok &= ~(zero & (qq < 0))
            t = np.where(zero, np.nan, qq / np.where(zero, 1.0, pp))
            t0 = np.where(~zero & (pp < 0), np.fmax(t0, t), t0)
            t1 = np.where(~zero & (pp > 0), np.fmin(t1, t), t1)
    return len(np.unique(owner[ok & (t0 < t1)]))


def around(xy, offsets, coords="data") -> list:
    """Candidate spots around the point xy for place_at: one per (dx, dy, ha, va) of `offsets`."""
    return [(xy, (dx, dy), ha, va, coords) for dx, dy, ha, va in offsets]


def place_at(ax, text: str, spots, placed: list, *, pad: float = 2.0, segments=None, frame=None,
             overlap_weight: float = 1.0, **kw):
    """Annotate `text` at the first of `spots` ((x, y), (dx, dy) offset points, ha, va, coordinates) whose
    box (`pad` points around the text) stays inside `frame` (default: the axes), crosses none of the
    drawn lines (`segments`, default drawn_segments(ax)) and overlaps none of the display boxes in
    `placed`; where every spot has a conflict, the one with the fewest (leaving the frame counts 10, a box
    of `placed` overlapped `overlap_weight`: more than a grid line crossed, where a label must never cover another).
    The chosen box goes into `placed`; returns the annotation."""
    from matplotlib.text import Text

    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    frame = frame if frame is not None else ax.get_window_extent(renderer)
    segments = drawn_segments(ax) if segments is None else segments
    px = pad * fig.dpi / 72
    t = ax.annotate(text, (0, 0), xytext=(0, 0), textcoords="offset points", **{"fontsize": 9, **kw})
    t.set_in_layout(False)

    def put(spot):
        xy, off, ha, va, coords = spot
        t.xy, t.xycoords = xy, coords
        t.set_position(off)
        t.set_ha(ha)
        t.set_va(va)
        b = text_box(t, renderer)
        return (b.x0 - px, b.y0 - px, b.x1 + px, b.y1 + px)

    best, best_score = None, None
    for spot in spots:
        box = put(spot)
        outside = box[0] < frame.x0 or box[2] > frame.x1 or box[1] < frame.y0 or box[3] > frame.y1
        score = (10 * outside + crossings(*segments, box)
                 + overlap_weight * sum(min(box[2], b[2]) > max(box[0], b[0]) and min(box[3], b[3]) > max(box[1], b[1])
                                        for b in placed))
        if best is None or score < best_score:
            best, best_score = spot, score
        if score == 0:
            break
    placed.append(put(best))
    return t


def segment_enters(p, q, box) -> bool:
    """Whether the segment p → q passes through the open box (x0, y0, x1, y1) (Liang–Barsky
    clipping): label placement here and the figure gate's crossing rule use the same test."""
    (x0, y0, x1, y1), dx, dy = box, q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pp, qq in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pp == 0:
            if qq < 0:
                return False
        else:
            t = qq / pp
            t0, t1 = (max(t0, t), t1) if pp < 0 else (t0, min(t1, t))
    return t0 < t1
