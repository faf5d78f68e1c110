"""One order of tokens drawn as arrows: numbered positions, each token's box, its word vector and its
attention output as 2-D arrows under it (each d-number vector seen in the plane that fits its row's
vectors best: the record's arrows_in_*, arrows_out_*).

A token's box and its two arrows are one column (`columns[i]`, for the i-th token of order a), so a
reordering moves each column to its new position and the output travels with its token. `fresh()`
draws order b's own outputs (computed by the engine from order b, not moved) as thin arrows on the
positions, to be seen landing on the arrows that travelled.

The outputs of one order are close to each other (each is a weighted average of the same value
vectors, with similar weights), so after they are built the scene draws each as its strip of d
numbers (scenes.perm.strips), in the column's place of the output arrow.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, Arrow, Dot, Line, Rectangle, VGroup

from scenes.perm.layout import MAIN, TEXT, Y_IN, Y_OUT, Y_POS, Y_TOK

LABEL_SIZE = TEXT  # points: the row names and position numbers
NAMES_WIDTH = 2.3  # scene units: the row names' column (a longer name breaks at its first space)
MIN_LENGTH = 0.06  # scene units: shorter vectors are drawn as a dot
VALUE_REACH = 1.1  # scene units: the longest value vector, drawn from an output's origin
LABEL_BAND = 0.55  # scene units kept free between the two rows' crosses for the line that names the outputs
SHORT_SHARE = 0.5  # of the row's radius: a shorter word vector is drawn this long, in its own direction, its end marked
END_MARK_R = 0.06  # scene units: the ring on a lengthened arrow's shaft where the vector really ends


def arrow(origin, vec, color, width: float) -> VGroup:
    """An arrow from `origin` by `vec` (2,), or a dot when it is too short for a tip."""
    start = np.array([origin[0], origin[1], 0.0])  # (3,)
    end = start + np.array([vec[0], vec[1], 0.0])  # (3,)
    if np.linalg.norm(end - start) < MIN_LENGTH:
        return VGroup(Dot(start, radius=0.05, color=color))
    return VGroup(Arrow(start, end, buff=0, color=color, stroke_width=width, tip_length=0.2,
                        max_tip_length_to_length_ratio=0.4, max_stroke_width_to_length_ratio=40))


def has_end_mark(vec, scale: float, radius: float) -> bool:
    """Whether the word vector `vec` (record units) at `scale` is too short to read as an arrow in a row of this
    radius (a near-dot): then it is drawn lengthened, its true end marked (`word_arrow`)."""
    n = float(np.linalg.norm(vec)) * scale
    return 1e-9 < n < SHORT_SHARE * radius


def word_arrow(origin, vec, color, width: float, radius: float, fill) -> VGroup:
    """A word vector's arrow from `origin` by `vec` (scene units): a short one (`has_end_mark`) is drawn
    SHORT_SHARE of the radius long in its own direction, a ring (filled with `fill`, the page's colour) on its
    shaft where the vector really ends, so its direction reads and its length stays true to the others'."""
    vec = np.asarray(vec, dtype=float)[:2]
    if not has_end_mark(vec, 1.0, radius):
        return arrow(origin, vec, color, width)
    body = arrow(origin, vec * (SHORT_SHARE * radius / np.linalg.norm(vec)), color, width)
    end = np.array([origin[0] + vec[0], origin[1] + vec[1], 0.0])
    body.add(Dot(end, radius=END_MARK_R, fill_color=fill, fill_opacity=1, stroke_color=color, stroke_width=3))
    return body


class ArrowRow:
    """The positions, the row names and one column per token of order a (see the module docstring)."""

    def __init__(self, scene, case, colors: dict, token_size: float = 34, k_in: float | None = None):
        """`k_in`: the word vectors' scale when it is set by what is drawn later (the view with
        positions), not by these arrows alone."""
        self.scene, self.case, self.colors = scene, case, colors
        pal = scene.pal
        t = len(case.tokens_a)
        long = t >= 4 and max(len(tok) for tok in case.tokens_a) > 8  # long words: names in two lines
        wide = NAMES_WIDTH - (0.6 if long else 0)

        def name(key):
            words = scene.s(key)
            one = scene.txt(words, size=LABEL_SIZE, color=pal.muted)
            if one.width <= wide or " " not in words:
                return one
            return scene.txt(words.replace(" ", "\n", 1), size=LABEL_SIZE, color=pal.muted, line_spacing=0.8)

        self.names = VGroup(*(name(k) for k in ("position", "vector", "output")))
        w = max(n.width for n in self.names)
        left = MAIN.left + w + 0.35
        step = (MAIN.right - left) / t
        self.xs = [left + step * (k + 0.5) for k in range(t)]
        # the scales are set as if the names took their widest column, so every language draws the
        # same record at the same scales (and names the same enlargement)
        room = min(step, (MAIN.right - (MAIN.left + NAMES_WIDTH + 0.35)) / t)
        self.radius = min((Y_IN - Y_OUT - LABEL_BAND) / 2, 0.42 * room)  # no axis crosses the label
        for name, y in zip(self.names, (Y_POS, Y_IN, Y_OUT)):
            name.move_to([MAIN.left + w - name.width / 2, y, 0])
        self.positions = VGroup(*(scene.txt(str(k), size=LABEL_SIZE, color=pal.muted).move_to([x, Y_POS, 0])
                                  for k, x in enumerate(self.xs)))
        self.axes = VGroup()
        for x in self.xs:
            for y in (Y_IN, Y_OUT):
                r = self.radius
                self.axes.add(Line([x - r, y, 0], [x + r, y, 0], stroke_width=1.5, color=pal.muted),
                              Line([x, y - r, 0], [x, y + r, 0], stroke_width=1.5, color=pal.muted))
        # one scale per row, shared by both orders: the longest arrow fills the radius
        self.k_in = self.radius / max(np.linalg.norm(case.arrows_in_a, axis=1).max(), 1e-12) if k_in is None else k_in
        # the outputs and the value vectors they are mixed from share one scale, so a tip-to-tail sum
        # lands exactly on its output: the longest output fills the radius unless a value vector would
        # then reach past VALUE_REACH (into the word vectors or the line under the arrows) or past half
        # the gap between two positions (into the neighbouring column)
        self.k_out = min(self.radius / max(np.linalg.norm(case.arrows_out_a, axis=1).max(), 1e-12),
                         min(VALUE_REACH, 0.48 * room) / max(np.linalg.norm(case.arrows_val_a, axis=1).max(), 1e-12))
        self.boxes, self.inputs, self.outputs, self.columns = VGroup(), VGroup(), VGroup(), []
        labels = [scene.txt(scene.word(tok), size=token_size, color=colors[tok]) for tok in case.tokens_a]
        k = min(1.0, (step - 0.12) / max(lab.width for lab in labels))
        for i, (tok, lab, x) in enumerate(zip(case.tokens_a, labels, self.xs)):
            lab.scale(k)
            box = Rectangle(width=max(0.8, min(step - 0.06, lab.width + 0.3)), height=0.72, stroke_color=pal.ink, stroke_width=2.5,
                            fill_color=pal.panel, fill_opacity=1).move_to([x, Y_TOK, 0])
            scene.label_on(lab, box)
            cell = VGroup(box, lab.move_to(box))
            vin = word_arrow([x, Y_IN], self.k_in * case.arrows_in_a[i], colors[tok], 7, self.radius, pal.background)
            vout = arrow([x, Y_OUT], self.k_out * case.arrows_out_a[i], colors[tok], 7)
            self.boxes.add(cell)
            self.inputs.add(vin)
            self.outputs.add(vout)
            self.columns.append(VGroup(cell, vin, vout))
        self.frame = VGroup(self.names, self.positions, self.axes)
        if self.lengthened():  # a near-dot word vector drawn longer: what its ring marks, in the names' column
            # beside the token boxes (under it the ending's key to x + p, then the rows' names)
            key = scene.txt(scene.s("view_short"), size=LABEL_SIZE, color=pal.muted, line_spacing=0.8)
            key.move_to([0, Y_TOK, 0]).align_to(self.names[1], RIGHT)
            key.shift(max(0.0, MAIN.left - key.get_left()[0]) * RIGHT)  # inside the frame's left margin
            self.frame.add(key)

    def targets(self) -> list[np.ndarray]:
        """How far column i (token a_i) moves to stand where order b puts it, (3,) each."""
        inv = np.argsort(self.case.perm)  # token a_i stands at position inv[i] in order b
        return [np.array([self.xs[inv[i]] - self.xs[i], 0.0, 0.0]) for i in range(len(self.xs))]

    def mix_sources(self) -> VGroup:
        """Copies of every input arrow, to be merged into one output (an output mixes all vectors)."""
        return VGroup(*(v.copy() for v in self.inputs))

    def values_at(self, i: int) -> VGroup:
        """Every value vector v_j = x_j W_V, from output i's origin, in the outputs' plane and scale."""
        o = [self.xs[i], Y_OUT]
        return VGroup(*(arrow(o, self.k_out * v, self.colors[t], 6) for v, t in zip(self.case.arrows_val_a, self.case.tokens_a)))

    def scaled_at(self, i: int) -> VGroup:
        """weights[i, j] · v_j, each from output i's origin (the value vectors shrunk by their weights)."""
        o, w = [self.xs[i], Y_OUT], self.case.weights_a[i]  # w: (T,)
        return VGroup(*(arrow(o, self.k_out * w[j] * v, self.colors[t], 6)
                        for j, (v, t) in enumerate(zip(self.case.arrows_val_a, self.case.tokens_a))))

    def chain_at(self, i: int) -> VGroup:
        """weights[i, j] · v_j laid tip to tail from output i's origin: the last tip is output i."""
        w = self.case.weights_a[i]  # (T,)
        tip = np.array([self.xs[i], Y_OUT])  # (2,)
        links = VGroup()
        for j, (v, t) in enumerate(zip(self.case.arrows_val_a, self.case.tokens_a)):
            step = self.k_out * w[j] * v  # (2,)
            links.add(arrow(tip, step, self.colors[t], 6))
            tip = tip + step
        return links

    def lengthened(self) -> bool:
        """Whether a word vector of this row is drawn lengthened, its end marked (`word_arrow`)."""
        return any(has_end_mark(v, self.k_in, self.radius) for v in self.case.arrows_in_a)


__all__ = ["ArrowRow", "arrow", "word_arrow"]
