"""Placing on the attention scenes' little plane (seed 003, the context vector and the second head's sum):
token colours for the pieces, frame-fitting, boxes and their conflicts with segments, where a piece's name
goes and the order numbers fly in, and a vector's name with its word (`word_indexed`). Geometry on frame points; used by
scenes.attention.context, asking, pair and mix."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, VGroup, color_to_rgb, rgb_to_hex

from scenes.attention.table import WORDS
from scenes.parts.textcache import indexed, math_tex, text

GREEK = {"α": r"\alpha", "α′": r"\alpha'"}  # a weight's symbol set in TeX, as every formula sets it


def greek_indexed(base: str, index: str, rest: str = "", *, font_size: float, **kwargs) -> VGroup:
    """scenes.parts.textcache.indexed, with α (or α′) set in TeX as the formulas set it, never the label
    font's sans-serif α: the TeX symbol takes the drawn symbol's height and left edge, the index and the rest
    follow it; any other symbol as `indexed` draws it."""
    group = indexed(base, index, rest, font_size=font_size, **kwargs)
    if base not in GREEK:
        return group
    sym = group[0]
    tex = math_tex(GREEK[base], font_size=font_size * 1.35, color=kwargs.get("color"))
    tex.scale(sym.height / max(tex.height, 1e-9))  # α′: the prime's top at the sans prime's, the letter as large
    tex.align_to(sym, LEFT).align_to(sym, DOWN)
    VGroup(*group[1:]).shift(RIGHT * (tex.get_right()[0] - sym.get_right()[0]))
    group.submobjects[0] = tex
    return group


def word_indexed(base: str, index: str, word: str = "", *, font_size: float, paren: bool = True, **kwargs) -> VGroup:
    """A vector's name with its index set low (v then 2, as scenes.parts.textcache.indexed draws it) and then its
    token's word in brackets, "v₂ (cat)" (bare, "v₁ = v₅ the" and "v₂ cat" side by side read as one phrase; `paren`
    False: `word` as it is), at the size of a label in words (WORDS: its x-height over 3 % of the frame height, where
    the index's own size left it near 2 %), on the symbol's baseline: VGroup(symbol, index[, word])."""
    group = greek_indexed(base, index, font_size=font_size, **kwargs)
    if word:
        word = f"({word})" if paren else word
        group.add(text(word, font_size=max(WORDS, font_size), **kwargs).next_to(group[1], RIGHT, buff=0.12)
                  .align_to(group[0], DOWN))
    return group


def piece_color(color, pal):
    """A token's colour for its piece α_nj v_j on the plane: as it is, unless it is close to the ink
    (a navy reads as black beside the value arrows); then mixed a third of the way to the background."""
    ink, c = np.array(color_to_rgb(pal.ink)), np.array(color_to_rgb(color))
    if np.abs(c - ink).sum() < 0.9:
        return rgb_to_hex(c + (np.array(color_to_rgb(pal.background)) - c) * 0.4)
    return color


def name_beside(lab, drawn, ok) -> bool:
    """Move `lab` beside the arrow `drawn`, along it from the tip back, left of it first (the right holds the
    heads' arrows and names), to the first place where `ok(lab)`; where none is, it stays where it was (False)."""
    home = lab.get_center().copy()
    for f in (1.0, 0.8, 0.65, 0.5, 0.35):
        for side in (LEFT, RIGHT, UP + LEFT, DOWN + LEFT):
            for buff in (0.12, 0.3):
                lab.next_to(drawn.point_from_proportion(f), side, buff=buff)
                if ok(lab):
                    return True
    lab.move_to(home)
    return False


def place_tag(tag, a, b, x_tip, origin, taken, segments, optional=False):
    """Put a piece's name beside its segment (frame points `a`→`b`), on the side away from the line origin→x
    first, at the first of a few distances touching nothing in `taken` (boxes) or `segments`. An `optional`
    name with no clear spot is left off (None): its weight is read in the key beside the plane."""
    mid = (a + b) / 2
    along = (b - a) / max(np.linalg.norm(b - a), 1e-9)
    normal = np.array([-along[1], along[0], 0.0])
    line = x_tip - origin
    def cross(u, v):  # the 2-D cross product's z
        return u[0] * v[1] - u[1] * v[0]

    if cross(line, mid - origin) * cross(line, normal) < 0:
        normal = -normal  # away from x's arrow
    half = 0.5 * (abs(normal[0]) * tag.width + abs(normal[1]) * tag.height)
    tries = [mid + sign * normal * (half + gap) for sign in (1, -1) for gap in (0.12, 0.35, 0.6)]
    scores = [conflicts(box_of(tag.move_to(p)), segments, taken) for p in tries]
    if optional and min(scores) > 0:
        return None
    tag.move_to(tries[int(np.argmin(scores))])
    taken.append(box_of(tag))
    return tag


def pair_index(n: int, j: int) -> str:
    """The index of α_nj as drawn: the two numbers side by side, a comma between them past 9."""
    return f"{n}{j}" if max(n, j) < 10 else f"{n},{j}"


def fit(points, box, cap):
    """Origin and scale that put 2-D `points` (and 0) inside `box` (left, bottom, right, top), at most `cap`."""
    pts = np.vstack([np.zeros(2), np.asarray(points, float)])  # (m, 2)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = np.maximum(hi - lo, 1e-6)
    scale = min(cap, (box[2] - box[0]) / span[0], (box[3] - box[1]) / span[1])
    centre = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    origin = centre - scale * (lo + hi) / 2
    return np.array([origin[0], origin[1], 0.0]), scale


def box_of(mob) -> tuple:
    return (mob.get_left()[0], mob.get_bottom()[1], mob.get_right()[0], mob.get_top()[1])


def conflicts(box, segments, boxes, pad: float = 0.05) -> int:
    """How many of `segments` (pairs of 2-D points) and `boxes` the `box` (left, bottom, right, top)
    touches; a box outside the plot's room (the safe area above the caption band) counts 100."""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    out = 100 if (x0 < -6.3 or x1 > 6.3 or y0 < -2.5 or y1 > 3.0) else 0
    for a, b in segments:
        pts = np.linspace(a, b, 60)  # (60, 2)
        out += bool(np.any((pts[:, 0] > x0) & (pts[:, 0] < x1) & (pts[:, 1] > y0) & (pts[:, 1] < y1)))
    return out + sum(x0 < c[2] and c[0] < x1 and y0 < c[3] and c[1] < y1 for c in boxes)


def is_free(box, segments, boxes) -> bool:
    return conflicts(box, segments, boxes) == 0


def overlaps(a, b, pad: float = 0.04) -> bool:
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


def landing_order(starts, ends, landed) -> list:
    """How numbers fly one at a time from `starts` to `ends` (boxes: left, bottom, right, top) so that none
    touches a number not yet moved or a landed entry (`landed[j]`, entry j's box with its label): a list of
    (j, corner), corner None for a straight way or the point the number first drops to (straight down,
    then across). Each step takes the first number, in order, with a clear way (straight before dropping);
    if none has one, the way that touches least."""
    left, order = list(range(len(starts))), []
    steps = np.linspace(0.0, 1.0, 25)

    def hits(j, corner):
        a, b = np.asarray(starts[j], float), np.asarray(ends[j], float)
        legs = [(a, b)] if corner is None else [(a, a + corner), (a + corner, b)]
        walls = [starts[k] for k in left if k != j] + [landed[k] for k, _ in order]
        return sum(overlaps(tuple(p + t * (q - p)), w) for p, q in legs for t in steps for w in walls)

    while left:
        ways = [(hits(j, c), k, j, c) for k, j in enumerate(left)
                for c in (None, np.array([0.0, ends[j][1] - starts[j][1]] * 2))]
        clear = [w for w in ways if w[0] == 0]
        _, _, j, corner = clear[0] if clear else min(ways, key=lambda w: (w[0], w[1]))
        order.append((j, corner))
        left.remove(j)
    return order
