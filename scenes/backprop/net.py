"""backprop_small's network (seed 004 "補充：前向傳播 × 反向傳播"): the 2-3-1 nodes and edges, three labels
per weight and bias (its value, its gradient ∂L/∂w or ∂L/∂b, its new value) at one spot, a header over
each column of edge labels that names what they are (W₁, ∂L/∂W₁, new W₁), the panel of formulas on
the right, and `advance`, one layer's turn (its edges flash, its nodes light up with new values); mixed
into scenes.backprop_small.BackpropSmall.

Long values shrink to fit their node (`node_text`) or the panel (`fit_panel`).
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, FadeIn, FadeOut, FadeTransform, Line, Rectangle, RoundedRectangle,
    ShowPassingFlash, VGroup,
)

from scenes.backprop.strings import f2

HEAD_W1, HEAD_W2 = (-3.95, 2.72), (-1.45, 2.2)  # the headers over the W1 and W2 edge labels
IN_POS, HID_POS = [(-5.9, 1.75), (-5.9, -0.45)], [(-2.9, 2.35), (-2.9, 0.65), (-2.9, -1.05)]
OUT_POS, LOSS_POS, NODE_R = (0.0, 0.65), (1.5, 0.65), 0.4
W1_T, W2_T = 0.7, 0.5  # where along an edge its label sits
PANEL_X = 2.25
PANEL_ROOM = 6.3 - PANEL_X  # the panel's width, to the title-safe edge


def fit_panel(m):
    """Shrink a panel block that would run past the title-safe edge (long numbers), keeping its left."""
    if m.width > PANEL_ROOM:
        m.scale(PANEL_ROOM / m.width, about_edge=LEFT)
    return m


class BackpropNet:
    """Needs from the scene: data, pal, s, txt, tex, play, persist (scenes.backprop_small)."""

    def node_text(self, text: str, lit: bool, room: float = 2 * NODE_R * 0.92) -> "VGroup":
        """A node's value, shrunk to fit inside its circle (or the loss box) when it is long (−12.34), but
        never below 18 points (legible from the back row): a long value may touch the rim."""
        color = self.pal.background if lit else self.pal.ink
        t = self.txt(text, size=20, color=color, weight="BOLD" if lit else "NORMAL")
        if t.width > room:
            t.scale(max(room / t.width, 0.92))
        return t

    def edge_label(self, text: str, color: str, at, top: bool = False) -> VGroup:
        """A label on a light box at `at` (its centre, or its top middle when `top`)."""
        t = self.txt(text, size=18, color=color, line_spacing=0.7)
        lab = VGroup(Rectangle(width=t.width + 0.1, height=t.height + 0.08, stroke_width=0,
                               fill_color=self.pal.background, fill_opacity=0.9), t)
        return lab.move_to(at, aligned_edge=UP) if top else lab.move_to(at)

    def build(self):
        pal, d = self.pal, self.data
        P = lambda p: np.array([p[0], p[1], 0.0])  # noqa: E731
        node = lambda p: Circle(NODE_R, stroke_color=pal.muted, stroke_width=2, fill_color=pal.panel,  # noqa: E731
                                fill_opacity=1).move_to(P(p))
        self.nodes_in, self.nodes_hid, self.node_out = [node(p) for p in IN_POS], [node(p) for p in HID_POS], node(OUT_POS)
        self.loss_box = RoundedRectangle(corner_radius=0.12, width=1.05, height=0.75, stroke_color=pal.muted,
                                         stroke_width=2, fill_color=pal.panel, fill_opacity=1).move_to(P(LOSS_POS))
        # edges, in (i, j) order: input j -> hidden i carries W1[i, j]
        self.e1 = {}
        for i, h in enumerate(HID_POS):
            for j, p in enumerate(IN_POS):
                self.e1[i, j] = Line(P(p), P(h), buff=NODE_R, stroke_color=pal.muted, stroke_width=2)
        self.e2 = [Line(P(h), P(OUT_POS), buff=NODE_R, stroke_color=pal.muted, stroke_width=2) for h in HID_POS]
        self.e3 = Line(P(OUT_POS), P(LOSS_POS), buff=NODE_R, stroke_color=pal.muted, stroke_width=2)
        self.e3.put_start_and_end_on(P(OUT_POS) + RIGHT * NODE_R, self.loss_box.get_left())
        self.edges = VGroup(*self.e1.values(), *self.e2, self.e3)

        at = lambda p, q, t: P(p) + t * (P(q) - P(p))  # noqa: E731
        # three labels per edge and bias: weight, gradient, new weight
        self.lab_w, self.lab_g, self.lab_n = {}, {}, {}
        for (i, j) in self.e1:
            self.labels3(("w1", i, j), (d.w1[i, j], d.dw1[i, j], d.w1_new[i, j]), at(IN_POS[j], HID_POS[i], W1_T),
                         on=self.e1[i, j])
        for i in range(3):
            self.labels3(("w2", i), (d.w2[i], d.dw2[i], d.w2_new[i]), at(HID_POS[i], OUT_POS, W2_T), on=self.e2[i])
            self.labels3(("b1", i), (d.b1[i], d.db1[i], d.b1_new[i]), P(HID_POS[i]) + DOWN * (NODE_R + 0.04))
        self.labels3("b2", (d.b2, d.db2, d.b2_new), P(OUT_POS) + DOWN * (NODE_R + 0.04))
        # what each column of edge labels is, per phase: W, ∂L/∂W, new W
        self.heads = {k: {n: self.txt(self.s(f"head_{k}{n}"), size=20, color=c).move_to(P(h))
                          for n, h in (("1", HEAD_W1), ("2", HEAD_W2))}
                      for k, c in (("w", pal.ink), ("g", pal.cool), ("n", pal.ok))}
        self.persist(self.edges, *self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box,
                     *self.lab_w.values(), *self.lab_g.values(), *self.lab_n.values(),
                     *(h for k in self.heads.values() for h in k.values()))

        # column captions; in the backward pass the hidden and output columns name their gradients
        hid_at, out_at = P(HID_POS[2]) + DOWN * 1.3, P(OUT_POS) + DOWN * 1.35
        self.col_titles = VGroup(
            self.txt(self.s("input"), size=18, color=pal.muted).move_to(P(IN_POS[1]) + DOWN * 1.05),
            self.txt(self.s("hidden"), size=18, color=pal.muted).move_to(hid_at),
            self.txt(self.s("output"), size=18, color=pal.muted).move_to(out_at),
            self.txt(self.s("loss"), size=18, color=pal.muted).next_to(self.loss_box, UP, buff=0.12),
            self.txt(self.s("target", t=f2(d.target)), size=18, color=pal.muted).next_to(self.loss_box, DOWN, buff=0.12),
        )
        self.d_titles = VGroup(self.txt(self.s("d_hidden"), size=18, color=pal.cool).move_to(hid_at),
                               self.txt(self.s("d_output"), size=20, color=pal.cool).move_to(out_at))
        self.persist(self.col_titles, self.d_titles)
        # what sits inside each node, per phase
        self.in_text = [self.node_text(f2(v), False).move_to(n) for v, n in zip(d.x, self.nodes_in)]
        self.hid_text, self.rows = [None] * 3, VGroup()
        self.out_text = self.loss_text = self.mode_key = self.gkey = self.nkey = self.summary = None

    def labels3(self, key, values, spot, on=None):
        """The weight, its gradient and its new value as three labels at one spot (on its edge `on`); a
        bias's labels hang under its node and say what they are (b 0.10, ∂L/∂b −1.10)."""
        w, g, n = values
        pal, bias = self.pal, on is None
        if bias:
            texts = self.s("bias", v=f2(w)), self.s("d_bias", v=f2(g, True)), self.s("bias", v=f2(n))
        else:
            texts = f2(w), f2(g, True), f2(n)
        self.lab_w[key] = self.edge_label(texts[0], pal.muted if bias else pal.ink, spot, top=bias)
        self.lab_g[key] = self.edge_label(texts[1], pal.cool, spot, top=bias)
        self.lab_n[key] = self.edge_label(texts[2], pal.ok, spot, top=bias)
        for lab in (self.lab_w[key], self.lab_g[key], self.lab_n[key]) if on is not None else ():
            self.label_on(lab[1], on)

    def swap_heads(self, old: str, new: str) -> list:
        """The edge-label headers turn from one phase's name to the next (W₁ → ∂L/∂W₁ → new W₁)."""
        return [FadeTransform(self.heads[old][n], self.heads[new][n]) for n in ("1", "2")]

    def unlit(self, node):
        return node.animate.set_fill(self.pal.panel, opacity=1).set_stroke(self.pal.muted)

    def node_texts(self) -> list:
        return [t for t in (*self.in_text, *self.hid_text, self.out_text, self.loss_text) if t is not None]

    def advance(self, lines, color, nodes, olds, values, *extra, back=False, flash_time=1.0, run_time=0.8):
        """One layer's turn: its edges flash (right to left when `back`), then its nodes light up in
        `color` and show `values` (texts); returns the new node texts."""
        news = [self.node_text(v, True, min(n.width, n.height * 2) * 0.92).move_to(n) for v, n in zip(values, nodes)]
        if lines:
            self.play(*self.flash(lines, color, back), run_time=flash_time)
        self.play(*(self.lit(n, color) for n in nodes),
                  *(FadeTransform(o, nw) if o is not None else FadeIn(nw) for o, nw in zip(olds, news)),
                  *extra, run_time=run_time)
        return news

    def set_mode_key(self, key: str, color: str):
        new = self.panel_key(self.s(key), color)
        anims = [FadeIn(new)]
        if self.mode_key is not None:
            anims.append(FadeOut(self.mode_key))
        self.mode_key = new
        return anims

    def panel_key(self, text: str, color: str):
        """The line above the panel that says what the edges and nodes now show."""
        return self.txt(text, size=18, color=color).move_to([PANEL_X, 3.05, 0], aligned_edge=LEFT)

    def lit(self, node, color):
        return node.animate.set_fill(color, opacity=1).set_stroke(color)

    def panel_lines(self, items, y_top=2.45, gap=0.16) -> list[VGroup]:
        """Rows of (LaTeX formula, value text, colour) in the panel on the right."""
        rows, y = [], y_top
        for formula, value, color in items:
            f = self.tex(formula, size=28, color=self.pal.ink)
            v = self.txt(value, size=20, color=color)
            row = VGroup(f, v).arrange(RIGHT, buff=0.2)
            if row.width > PANEL_ROOM:  # long: value on its own line
                row.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
            fit_panel(row)
            row.move_to([PANEL_X, y, 0], aligned_edge=UP + LEFT)
            y = row.get_bottom()[1] - gap
            rows.append(row)
        return rows

    def flash(self, lines, color, back=False):
        """A pulse along each edge (right to left when `back`)."""
        ends = [(ln.get_end(), ln.get_start()) if back else (ln.get_start(), ln.get_end()) for ln in lines]
        return [ShowPassingFlash(Line(a, b, stroke_color=color, stroke_width=6), time_width=0.6) for a, b in ends]
