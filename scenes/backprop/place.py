"""Where backprop_small's W₁ labels sit (seed 004 "補充：前向傳播 × 反向傳播", the network of the forward and
backward passes): each on its own edge, at the spot furthest from every other edge, every node and the labels
already placed, so a number is read as its own edge's and never beside a crossing.

Pure geometry on (x, y) points; the scene passes its edges, nodes and label sizes (scenes.backprop.net).
"""
from __future__ import annotations

import numpy as np

# along an edge from its input end; a label's box may slide up or down by at most SLIDE so its own edge still runs
# through its text
TS, SLIDE = np.arange(0.2, 0.81, 0.01), (-0.08, -0.04, 0.0, 0.04, 0.08)
# where two edges cross, a label is read as either's: a box keeps this much further from a crossing than from an edge
CROSS_EXTRA = 0.2


def box_to_segment(box, a, b, n: int = 240) -> float:
    """The distance from an axis-aligned box (left, right, bottom, top) to the segment a-b (0 when it crosses)."""
    pts = np.asarray(a)[None, :2] + np.linspace(0, 1, n)[:, None] * (np.asarray(b) - np.asarray(a))[None, :2]
    dx = np.maximum(np.maximum(box[0] - pts[:, 0], 0), pts[:, 0] - box[1])
    dy = np.maximum(np.maximum(box[2] - pts[:, 1], 0), pts[:, 1] - box[3])
    return float(np.hypot(dx, dy).min())


def box_to_box(p, q) -> float:
    dx = max(p[0] - q[1], q[0] - p[1], 0.0)
    dy = max(p[2] - q[3], q[2] - p[3], 0.0)
    return float(np.hypot(dx, dy))


def box_at(c, w: float, h: float):
    return c[0] - w / 2, c[0] + w / 2, c[1] - h / 2, c[1] + h / 2


def crossings(segs) -> list:
    """The points where two of the segments (pairs of (x, y) points) cross between their ends."""
    cross = lambda u, v: float(u[0] * v[1] - u[1] * v[0])  # noqa: E731
    out, segs = [], list(segs)
    for n, (a, b) in enumerate(segs):
        for c, d in segs[n + 1:]:
            den = cross(b - a, d - c)
            if abs(den) > 1e-9:
                t, u = cross(c - a, d - c) / den, cross(c - a, b - a) / den
                if 0 < t < 1 and 0 < u < 1:
                    out.append(a + t * (b - a))
    return out


def box_to_point(box, p) -> float:
    return float(np.hypot(max(box[0] - p[0], 0, p[0] - box[1]), max(box[2] - p[1], 0, p[1] - box[3])))


def clearance(box, others, nodes, radius: float, placed=()) -> float:
    """How far `box` keeps from the other edges (segments), the nodes' circles and the boxes `placed`."""
    d = [box_to_segment(box, a, b) for a, b in others]
    d += [np.hypot(max(box[0] - x, 0, x - box[1]), max(box[2] - y, 0, y - box[3])) - radius for x, y in nodes]
    d += [box_to_box(box, p) for p in placed]
    return float(min(d))


def place_on_edges(edges: dict, sizes: dict, nodes, radius: float, fixed=(), slide=SLIDE) -> dict:
    """For each edge key (a, b) a label centre on that edge: the spot whose box (sizes[key] = (w, h)) keeps furthest
    from every other edge in `edges`, every node and every label placed before it or in `fixed` (boxes), and further
    still (CROSS_EXTRA) from where two edges cross; the nearer the input end on a tie. The most crowded edges choose first. `slide`: how far a box may move up or down off
    its edge's point (a tall box, two labels stacked, keeps its edge through one of them)."""
    segs = {k: (np.asarray(a, float)[:2], np.asarray(b, float)[:2]) for k, (a, b) in edges.items()}
    meets = crossings(segs.values())

    def best(key, placed):
        a, b = segs[key]
        w, h = sizes[key]
        others = [s for k, s in segs.items() if k != key]
        score = lambda c: round(min(clearance(box_at(c, w, h), others, nodes, radius, placed),  # noqa: E731
                                    *(box_to_point(box_at(c, w, h), p) - CROSS_EXTRA for p in meets)), 3)
        spots = [a + t * (b - a) + np.array([0.0, s]) for t in TS for s in slide]
        return max(spots, key=score), max(score(c) for c in spots)

    order = sorted((k for k in sizes), key=lambda k: best(k, fixed)[1])
    spots, placed = {}, list(fixed)
    for key in order:
        spots[key], _ = best(key, placed)
        placed.append(box_at(spots[key], *sizes[key]))
    return spots
