"""A block drawn as a data path: boxes top to bottom, arrows between them, residual skips at the
side, and the current step lit.

Built once from a list of rows (a row holds one node, or several side by side, such as parallel
heads); `light(keys)` recolours the lit nodes and skips and dims the rest, touching a node only
when its state changes (adding-an-entry.md: recolour only on change).
"""
from __future__ import annotations

import numpy as np
from manim import Arrow, Circle, Line, RoundedRectangle, VGroup, VMobject

LIT_FILL = 0.22  # fill opacity of a lit node


class PathNode(VGroup):
    """One box (or a circle for a residual add) with its label fitted inside."""

    def __init__(self, key: str, label: VMobject, *, width: float, height: float, add: bool, color: str):
        super().__init__()
        self.key = key
        if add:
            self.shape = Circle(radius=height / 2, color=color, stroke_width=2.5)
        else:
            self.shape = RoundedRectangle(width=width, height=height, corner_radius=0.1, color=color,
                                          stroke_width=2.5)
        self.shape.set_fill(color, opacity=0.0)
        # a box's label keeps at least 0.1 clear of each side (a short box: its word never fills it edge to edge)
        inner_w = self.shape.width * 0.62 if add else min(self.shape.width * 0.9, self.shape.width - 0.2)
        inner_h = height * 0.72
        if label.width > inner_w or label.height > inner_h:
            label.scale(min(inner_w / label.width, inner_h / label.height))
        label.move_to(self.shape)
        self.label = label
        self.state = None
        self.add(self.shape, label)


class DataPath(VGroup):
    """rows: [[(key, label_mobject, is_add), ...], ...] from top to bottom; skips: [(tap_key,
    add_key), ...] draw a residual line from just below `tap_key` down the left side into the add
    node `add_key`. The path, its boxes included, spans x in [left, left + width] and y in
    [bottom, top]."""

    def __init__(self, rows, skips, *, left: float, width: float, top: float, bottom: float,
                 palette, node_height: float = 0.42, gap: float = 0.14, skip_margin: float = 0.22,
                 colors: dict | None = None):
        super().__init__()
        self.pal = palette
        self.colors = colors or {}  # key -> the node's own colour when lit (default: accent)
        step = (top - bottom - node_height) / max(len(rows) - 1, 1)  # nodes inside [bottom, top]
        x_mid = left + skip_margin + (width - skip_margin) / 2
        box_w = width - skip_margin
        self.nodes: dict[str, PathNode] = {}
        self.rows = []
        for r, row in enumerate(rows):
            y = top - node_height / 2 - r * step
            n = len(row)
            w = (box_w - (n - 1) * gap) / n
            placed = []
            for k, (key, label, add) in enumerate(row):
                node = PathNode(key, label, width=w, height=node_height, add=add, color=palette.muted)
                node.move_to([x_mid - box_w / 2 + w / 2 + k * (w + gap), y, 0])
                self.nodes[key] = node
                placed.append(node)
            self.rows.append(placed)
        self.arrows = VGroup()
        for upper, lower in zip(self.rows, self.rows[1:]):
            for a in upper:
                for b in lower:
                    start, end = a.get_bottom(), b.get_top()
                    if len(upper) == 1 and len(lower) > 1:
                        start = np.array([b.get_center()[0], start[1], 0.0])  # fan out straight down
                    if len(lower) == 1 and len(upper) > 1:
                        end = np.array([a.get_center()[0], end[1], 0.0])  # fan in straight down
                    self.arrows.add(Arrow(start, end, buff=0.02, stroke_width=2.5, color=palette.muted,
                                          max_tip_length_to_length_ratio=0.45, tip_length=0.1))
        x_skip = left + 0.02
        self.skips: dict[str, VMobject] = {}
        for tap, add in skips:
            a, b = self.nodes[tap], self.nodes[add]
            y_tap = a.get_bottom()[1] - 0.5 * (step - node_height)
            x_tap = a.get_center()[0]
            y_add = b.get_center()[1]
            line = VMobject(stroke_color=palette.muted, stroke_width=2.5)
            line.set_points_as_corners([[x_tap, y_tap, 0], [x_skip, y_tap, 0], [x_skip, y_add, 0],
                                        [b.get_left()[0] - 0.03, y_add, 0]])
            self.skips[add] = line
        self.add(*self.skips.values(), self.arrows, *self.nodes.values())
        self.lit: tuple = ()

    def node_color(self, key: str) -> str:
        return self.colors.get(key, self.pal.accent)

    def light(self, *keys: str, done: tuple = ()) -> None:
        """Light `keys` (their own colour, filled), draw `done` in ink, dim every other node."""
        for key, node in self.nodes.items():
            state = "lit" if key in keys else ("done" if key in done else "dim")
            if node.state == state:
                continue
            color = {"lit": self.node_color(key), "done": self.pal.ink, "dim": self.pal.muted}[state]
            node.shape.set_stroke(color, width=4 if state == "lit" else 2.5)
            node.shape.set_fill(color, opacity=LIT_FILL if state == "lit" else 0.0)
            node.label.set_color(self.pal.ink if state != "dim" else self.pal.muted)
            node.state = state
        for add, line in self.skips.items():
            line.set_stroke(self.pal.accent if add in keys else self.pal.muted, width=4 if add in keys else 2.5)
        self.lit = tuple(keys)

    def lit_line(self, key: str) -> Line:
        """A short marker at the right of node `key` (points from the diagram to the panel)."""
        node = self.nodes[key]
        right = node.get_right()
        return Line(right + np.array([0.08, 0, 0]), right + np.array([0.4, 0, 0]),
                    color=self.node_color(key), stroke_width=4)
