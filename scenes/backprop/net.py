"""backprop_small's network (seed 004 "補充：前向傳播 × 反向傳播"): the 2-3-1 nodes and edges, three labels
per weight and bias (its value, its gradient ∂L/∂w, its new value; a bias's say what they are: b 0.10; a gradient, ∂L/∂w or ∂L/∂b, framed in the gradients' colour) at one spot, a header over each
column of edge labels that names what they are (W₁, ∂L/∂W₁, new W₁, set in LaTeX like the panel), a tag
under each hidden node that keeps a₁ in view once the nodes hold gradients, the panel of formulas on the
right, and `advance`, one layer's turn (its edges flash, its nodes light up with new values); mixed into
scenes.backprop_small.BackpropSmall.

Each W₁ label sits on its own edge where it is furthest from every other edge, node and label
(scenes.backprop.place). The panel shows one
formula at a time (`panel_lines(..., stack=False)`: every row at the panel's top; `panel_to` replaces the
last). Long values shrink to fit their node (`node_text`) or the panel (`fit_panel`).
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, FadeIn, FadeOut, Line, Rectangle, RoundedRectangle,
    ShowPassingFlash, Succession, Text, VGroup,
)

from look.colour import legible
from scenes.backprop.maths import SMALL, TEX, Maths  # noqa: F401 (SMALL and TEX read from here too)
from scenes.backprop.place import place_on_edges
from scenes.backprop.strings import f2
from scenes.parts.emphasis import read_with

# the inputs 1.89 apart: near the hidden nodes (0.62 to 0.68 along the edges) a node's two W₁ labels are about as
# far apart as the lower label of one node and the upper of the next; the middle hidden node 0.2 right of the
# others, so its two W₁ labels sit where its edges are clear of the edges that cross them (twice as far from the
# nearest other edge as in a straight column)
IN_POS, HID_POS = [(-5.8, 1.32), (-5.8, -0.57)], [(-2.55, 2.4), (-2.35, 0.45), (-2.55, -1.5)]
# the output and the loss 0.15 further right than the hidden column's W₂ edges need: the bottom W₂ edge's weight (0.70)
# then stands about two digits' width clear of the middle node's bias label on its left and the output's on its right
# (at 0.15 less, "b 0.52 0.70 b −1.10" read as one line); the loss box a little narrower (1.0, its value 0.92 of
# it), its right end where it was (2.1), clear of the panel's card and plot at the end
OUT_POS, LOSS_POS, NODE_R = (0.3, 0.45), (1.6, 0.45), 0.56
LOSS_W = 1.0
NODE_ROOM = 2 * float(np.sqrt(NODE_R**2 - 0.16**2))  # the widest one-line text inside a node's circle
HEAD_W1, HEAD_W2 = (-3.3, 2.65), (-0.25, 2.48)  # the W1 headers' right end, the W2 headers' centre
# the W₂ labels halfway along their edges; the W₁ ones where place_on_edges finds the widest gap to any other edge,
# node or label: the outer edges' (to the top node from x₁, to the bottom node from x₂) near their input, where no
# other edge passes, the others near their hidden node, where each node's two edges are apart and no two edges cross
# (tests/test_backprop_small.py checks the gap)
W2_T = 0.5
W2_T_LOW = 0.518  # the bottom W₂ pair a little nearer the output: as far from the output's bias label as from the middle node's
PANEL_X = 2.35
PANEL_ROOM = 6.3 - PANEL_X  # the panel's width, to the title-safe edge
# text sizes: edge labels, node values, column titles and keys: digits at least 3 % of the frame height
# (22 px at 720p; Noto Sans CJK's digits are 0.95 of the point size in pixels at 720p), LaTeX at 38
LABEL, NODE = 25, 25  # SMALL (24) and TEX (38): scenes.backprop.maths
EDGE_W = 3  # an edge's stroke: at 480p a thinner line blurs to a faint grey on the dark theme


def fit_panel(m):
    """Shrink a panel block that would run past the title-safe edge (long numbers), keeping its left."""
    if m.width > PANEL_ROOM:
        m.scale(PANEL_ROOM / m.width, about_edge=LEFT)
    return m


def box_of(m):
    """A mobject's box (left, right, bottom, top), as scenes.backprop.place measures clearances."""
    return m.get_left()[0], m.get_right()[0], m.get_bottom()[1], m.get_top()[1]


def swap(old, new, run_time: float = 0.8):
    """`old` fades out, then `new` fades in at its place: never two texts drawn over each other."""
    return Succession(FadeOut(old, run_time=run_time / 2), FadeIn(new, run_time=run_time / 2))


def into(old, new, run_time: float = 0.9):
    """`old` travels to `new`'s place as it fades, then `new` fades in there: a value moving into the next step,
    never two texts drawn over each other."""
    return Succession(old.animate(remover=True, run_time=run_time / 2).move_to(new).set_opacity(0),
                      FadeIn(new, run_time=run_time / 2))


class BackpropNet(Maths):
    """Needs from the scene: data, pal, s, txt, tex, play, persist (scenes.backprop_small)."""

    def node_text(self, text: str, lit: bool, room: float = NODE_ROOM) -> "VGroup":
        """A node's value, shrunk to fit inside its circle (or the loss box) when it is long (−12.34), but
        never below 24 points (digits 3 % of the frame height): a long value may touch the rim."""
        color = self.pal.background if lit else self.pal.ink
        t = self.txt(text, size=NODE, color=color, weight="BOLD" if lit else "NORMAL")
        if t.width > room:
            t.scale(max(room / t.width, 24 / NODE))
        return t

    def edge_label(self, text: str, color: str, at, top: bool = False, outline: str | None = None) -> VGroup:
        """A label on an opaque box of the background's colour at `at` (its centre, or its top middle when `top`); the
        box lies over the edges (at 0.9 an edge showed through and struck the digits) and under the nodes. With
        `outline` the box is framed in that colour (a gradient's: never read as the weight whose place it takes)."""
        t = self.txt(text, size=LABEL, color=color)
        box = Rectangle(width=t.width + 0.1, height=t.height + 0.08, stroke_width=0,
                        fill_color=self.pal.background, fill_opacity=1).set_z_index(-0.5)
        if outline is not None:
            box.set_stroke(outline, width=2, opacity=1)
            self.label_on(t, box)
        lab = VGroup(box, t)
        return lab.move_to(at, aligned_edge=UP) if top else lab.move_to(at)

    def framed(self, m) -> VGroup:
        """`m` in the frame the gradients' edge labels have: a header names the framed numbers."""
        frame = Rectangle(width=m.width + 0.14, height=m.height + 0.12, stroke_color=self.pal.cool, stroke_width=2)
        self.label_on(m, frame.move_to(m))
        return VGroup(frame, m)

    def build(self):
        pal, d = self.pal, self.data
        P = lambda p: np.array([p[0], p[1], 0.0])  # noqa: E731
        node = lambda p: Circle(NODE_R, stroke_color=pal.muted, stroke_width=2, fill_color=pal.panel,  # noqa: E731
                                fill_opacity=1).move_to(P(p))
        self.nodes_in, self.nodes_hid, self.node_out = [node(p) for p in IN_POS], [node(p) for p in HID_POS], node(OUT_POS)
        self.loss_box = RoundedRectangle(corner_radius=0.12, width=LOSS_W, height=0.8, stroke_color=pal.muted,
                                         stroke_width=2, fill_color=pal.panel, fill_opacity=1).move_to(P(LOSS_POS))
        # edges, in (i, j) order: input j -> hidden i carries W1[i, j]
        self.e1 = {}
        for i, h in enumerate(HID_POS):
            for j, p in enumerate(IN_POS):
                self.e1[i, j] = Line(P(p), P(h), buff=NODE_R, stroke_color=pal.muted, stroke_width=EDGE_W)
        self.e2 = [Line(P(h), P(OUT_POS), buff=NODE_R, stroke_color=pal.muted, stroke_width=EDGE_W) for h in HID_POS]
        self.e3 = Line(P(OUT_POS) + RIGHT * NODE_R, self.loss_box.get_left(), stroke_color=pal.muted, stroke_width=EDGE_W)
        self.edges = VGroup(*self.e1.values(), *self.e2, self.e3)
        # a label's box hides the edges under its text but never cuts into a node: edges, boxes, then nodes
        self.edges.set_z_index(-0.6)

        at = lambda p, q, t: P(p) + t * (P(q) - P(p))  # noqa: E731
        # three labels per edge and bias: weight, gradient, new weight
        self.lab_w, self.lab_g, self.lab_n = {}, {}, {}
        for (i, j) in self.e1:
            self.labels3(("w1", i, j), (d.w1[i, j], d.dw1[i, j], d.w1_new[i, j]), at(IN_POS[j], HID_POS[i], 0.5),
                         on=self.e1[i, j])
        for i in range(3):
            self.labels3(("w2", i), (d.w2[i], d.dw2[i], d.w2_new[i]), at(HID_POS[i], OUT_POS, W2_T_LOW if i == 2 else W2_T), on=self.e2[i])
            self.labels3(("b1", i), (d.b1[i], d.db1[i], d.b1_new[i]), P(HID_POS[i]) + DOWN * (NODE_R + 0.04))
        # the output's bias under its node, about as far from the bottom W₂ edge's labels as from the target
        self.labels3("b2", (d.b2, d.db2, d.b2_new), P(OUT_POS) + DOWN * (NODE_R + 0.04))
        # a₁ stays in view under each hidden node once the node holds its gradient (the top one a little to the
        # right: clear of the W₁ labels that cross left of it and of its W₂ label; pointed at in colour, not grown)
        self.a_tags = [self.edge_label(self.s("a_tag", v=f2(v)), pal.accent,
                                       P(h) + DOWN * (NODE_R + 0.04) + RIGHT * (0.08 if i == 0 else 0.0), top=True)
                       for i, (v, h) in enumerate(zip(d.a1, HID_POS))]
        # what each column of edge labels is, per phase: W, ∂L/∂W, new W
        def head(k, n):
            if k == "w":
                return self.mtex(r"W_{%s}" % n, pal.ink)
            if k == "g" and n == "1":  # the W₁ gradients' name, framed like their labels (which stand in the table)
                return self.framed(self.mtex(r"\partial L/\partial W_{1}", pal.cool))
            if k == "s" and n == "1":
                return self.mtex(r"-\mathrm{lr}\cdot\partial L/\partial W_{1}", pal.ink)
            if k == "g":  # the weights stay, their gradients under them: both named, each in its labels' colour
                return VGroup(self.mtex(r"W_{%s}" % n, pal.ink),
                              self.framed(self.mtex(r"\partial L/\partial W_{%s}" % n, pal.cool))).arrange(RIGHT, buff=0.3)
            if k == "s":  # the step of the update, beside the weight it changes
                return VGroup(self.mtex(r"W_{%s}" % n, pal.ink),
                              self.mtex(r"-\mathrm{lr}\cdot\partial L/\partial W_{%s}" % n, pal.ink)).arrange(RIGHT, buff=0.3)
            return self.words_with(self.s("head_new"), self.mtex(r"W_{%s}" % n, pal.ok), pal.ok)

        # the W₁ headers end left of the top hidden node, however wide (−lr·∂L/∂W₁); the W₂ ones are centred
        self.heads = {k: {"1": head(k, "1").move_to(P(HEAD_W1), aligned_edge=RIGHT),
                          "2": head(k, "2").move_to(P(HEAD_W2))} for k in "wgsn"}
        self.number_edges()  # each W₁ edge's number beside its weight (scenes.backprop.table)
        self.place_w1()  # clear of the biases' labels, the a₁ tags and the W₁ headers too
        self.build_table()
        self.persist(self.edges, *self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box,
                     *self.lab_w.values(), *self.lab_g.values(), *self.lab_n.values(), *self.a_tags,
                     *(h for k in self.heads.values() for h in k.values()))

        # column captions beside what they name; in the backward pass two of them name gradients
        hid_at = P(HID_POS[2]) + RIGHT * (NODE_R + 0.12) + DOWN * 0.42
        out_at = P(OUT_POS) + DOWN * (NODE_R + 0.85)  # under the bias and its gradient
        title = lambda k, **f: self.txt(self.s(k, **f), size=SMALL, color=pal.ink)  # noqa: E731
        target = title("target", t=f2(d.target)).next_to(self.loss_box, DOWN, buff=0.12)
        bias_right = max(m.get_right()[0] for m in (self.lab_w["b2"], self.lab_g["b2"], self.lab_n["b2"]))
        # a long target, or one that would come within 0.2 of the output bias's labels: its value under the word
        if target.get_right()[0] > PANEL_X - 0.1 or target.get_left()[0] < bias_right + 0.2:
            target = self.txt(self.s("target", t=f2(d.target)).replace(" ", "\n", 1), size=SMALL, color=pal.ink,
                              line_spacing=0.8).next_to(self.loss_box, DOWN, buff=0.12)
        self.col_titles = VGroup(
            title("input").next_to(self.nodes_in[1], DOWN, buff=0.15),
            title("hidden").move_to(hid_at, aligned_edge=LEFT),
            title("output").move_to(out_at, aligned_edge=UP),
            title("loss").next_to(self.loss_box, UP, buff=0.12),
            target,
        )
        d_hid = self.words_with(self.s("d_hidden"), self.mtex(r"\partial L/\partial z", pal.cool), pal.cool)
        self.d_titles = VGroup(d_hid.move_to(hid_at, aligned_edge=LEFT),
                               # right over the output node, which keeps ŷ: the gradient beside the value, named
                               VGroup(self.mtex(r"\partial L/\partial \hat y", pal.cool),
                                      self.mtex("= " + f2(d.dy_hat).replace("−", "-"), pal.cool)).arrange(
                                   DOWN, buff=0.1, aligned_edge=LEFT).next_to(self.node_out, UP, buff=0.1).shift(
                                   0.3 * RIGHT))  # right of the top W₂ edge's gradient: never read as one line with it
        # its "= −1.10" ends right of the output node, beside the word "loss": that word moves right over its box (at
        # most to the box's right end) to stand 0.25 clear of it; if that is not enough, the gradient is lifted clear
        loss_word, dy_name = self.col_titles[3], self.d_titles[1]
        room = self.loss_box.get_right()[0] - loss_word.get_right()[0]
        loss_word.shift(min(room, max(0.0, dy_name.get_right()[0] + 0.25 - loss_word.get_left()[0])) * RIGHT)
        # still short of the 0.25: the gradient moves left first, as far as keeps it 0.4 clear of the top W₂ edge's
        # labels; lifted only for what is left, as a lift brings it up against the ∂L/∂W₂ header over it
        short = dy_name.get_right()[0] + 0.25 - loss_word.get_left()[0]
        w2_right = max(self.lab_w[("w2", 0)].get_right()[0], self.lab_g[("w2", 0)].get_right()[0])
        dy_name.shift(min(max(0.0, short), max(0.0, dy_name.get_left()[0] - w2_right - 0.4)) * LEFT)
        if loss_word.get_left()[0] < dy_name.get_right()[0] + 0.25 - 1e-9:
            dy_name.shift(max(0.0, loss_word.get_top()[1] + 0.15 - dy_name.get_bottom()[1]) * UP)
        self.hid_z_title = title("hidden_z").move_to(hid_at, aligned_edge=LEFT)  # before tanh: the nodes hold z
        self.persist(self.col_titles, self.d_titles, self.hid_z_title)
        # what sits inside each node, per phase
        self.in_text = [self.node_text(f2(v), False).move_to(n) for v, n in zip(d.x, self.nodes_in)]
        self.hid_text, self.rows = [None] * 3, VGroup()
        self.out_text = self.loss_text = self.mode_key = None

    def place_w1(self):
        """Each W₁ weight's label (its gradient and its new value in its place) moves to the spot on its edge
        furthest from every other edge, node and label, its edge's number left of it. A W₁ edge shows its weight, then
        its new weight; its gradient stands in the table (scenes.backprop.table): six stacked pairs would crowd the
        crossing edges."""
        edges, nodes = self.edge_segments()
        box = box_of
        # the W₁ labels keep clear of a bias's value, gradient and new value (b −0.20, a framed −0.49) and of the a₁ tags
        fixed = [box(m) for i in range(3) for m in (self.lab_w[("b1", i)], self.lab_g[("b1", i)], self.lab_n[("b1", i)])]
        fixed += [box(m) for m in self.a_tags] + [box(h["1"]) for h in self.heads.values()]
        size = lambda labs: (max(m.width for m in labs), max(m.height for m in labs))  # noqa: E731
        # a weight's label (its new value in its place; its gradient stands in the table, not on the edge)
        weights = {k: size((self.lab_w[("w1", *k)], self.lab_n[("w1", *k)])) for k in self.e1}
        spots = place_on_edges(edges, weights, nodes, NODE_R, fixed)
        for k, c in spots.items():
            for labs in (self.lab_w, self.lab_n):
                labs[("w1", *k)].move_to([c[0], c[1], 0.0])
        # then each edge's number on its edge, clear of every label now placed (the W₂ pairs too)
        fixed += [box(labs[("w1", *k)]) for k in self.e1 for labs in (self.lab_w, self.lab_n)]
        fixed += [box(m) for i in range(3) for m in (self.lab_w[("w2", i)], self.lab_g[("w2", i)])]
        self.place_nums(edges, nodes, fixed)

    PAIR_GAP = 0.04  # between a weight's label and its gradient's, stacked on their edge

    def pair_height(self, key) -> float:
        return self.lab_w[key].height + self.lab_g[key].height + self.PAIR_GAP

    def stack_pair(self, key, centre) -> None:
        """A weight's label (and its new value, in its place) over its gradient's, the pair centred at `centre` on
        their edge: the weight stays on its edge while its gradient stands under it."""
        h = self.pair_height(key)
        top = centre + UP * (h / 2 - self.lab_w[key].height / 2)
        self.lab_w[key].move_to(top)
        self.lab_n[key].move_to(top)
        self.lab_g[key].move_to(centre + DOWN * (h / 2 - self.lab_g[key].height / 2))

    def edge_segments(self) -> tuple[dict, list]:
        """The edges between the node columns as segments ((i, j) for W₁[i, j], ("w2", i) for W₂[i]) and the nodes'
        centres, as scenes.backprop.place takes them."""
        edges = {**{k: (e.get_start(), e.get_end()) for k, e in self.e1.items()},
                 **{("w2", i): (e.get_start(), e.get_end()) for i, e in enumerate(self.e2)}}
        return edges, [n.get_center()[:2] for n in (*self.nodes_in, *self.nodes_hid, self.node_out)]

    def labels3(self, key, values, spot, on=None):
        """The weight, its gradient and its new value as three labels at one spot (on its edge `on`); a
        bias's labels hang under its node and say what they are (b 0.10). A new value is coloured by the
        sign of its change (up: ok, down: bad)."""
        w, g, n = values
        pal, bias = self.pal, on is None
        texts = (self.s("bias", v=f2(w)), f2(g), self.s("bias", v=f2(n))) if bias else (f2(w), f2(g), f2(n))
        up = pal.ok if n >= w else pal.bad
        self.lab_w[key] = self.edge_label(texts[0], pal.ink, spot, top=bias)
        # a gradient framed in the gradients' colour (a first-layer weight's moves into the table): the frame says it
        # is ∂L/∂w or ∂L/∂b, as the headers and the panel name it, not w or b (one notation: no ∇b beside ∂L/∂W)
        self.lab_g[key] = self.edge_label(texts[1], pal.cool, spot, top=bias, outline=pal.cool)
        self.lab_n[key] = self.edge_label(texts[2], up, spot, top=bias)
        for lab in (self.lab_w[key], self.lab_g[key], self.lab_n[key]) if on is not None else ():
            self.label_on(lab[1], on)
        if on is not None:  # a weight's gradient stands under it, the weight staying on its edge
            self.stack_pair(key, np.asarray(spot, dtype=float))

    def em(self, mob):
        """What to point at for `mob` so that text on a filled shape keeps its contrast: a label's text, not its
        background box; a lit node's shape (its value keeps the background's colour), not its value."""
        if isinstance(mob, VGroup) and len(mob) == 2 and isinstance(mob[0], Rectangle):
            return mob[1]
        if isinstance(mob, Text) and mob.get_color().to_hex().lower() == str(self.pal.background).lower():
            return next((n for n in (*self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box)
                         if np.allclose(n.get_center(), mob.get_center(), atol=0.1)), mob)
        return mob

    def read_cue(self, *mobs, **kwargs):
        """`read` for the cue on screen only: what follows starts with the next cue."""
        self.read(*mobs, cue=True, **kwargs)

    def read(self, *mobs, **kwargs):
        """read_with, pointing at what `em` says for each object; a group that holds labels or node values is
        pointed at part by part (a new group would lift the nodes' shapes over their values)."""
        flat = []
        for m in (m for m in mobs if m is not None):
            if type(m) is VGroup and self.em(m) is m:  # a group, not a label
                parts = [self.em(p) for p in m]
                flat += parts if any(p is not q for p, q in zip(parts, m)) else [m]
            else:
                flat.append(self.em(m))
        # pointed at in the pass's own colour: in the backward pass and its paths the gradients' blue, never the
        # forward orange (a blue node tinted orange reads as neither)
        # (a tag in the forward colour, a = 0.66, is pointed at in its own: tinted blue it fades to grey)
        if self.shown.get("phase") in ("backward", "paths"):
            accent = str(self.pal.accent).lower()
            kwargs.setdefault("color", lambda m: self.pal.accent if m.get_color().to_hex().lower() == accent
                              else self.pal.cool)
        read_with(self, *flat, **kwargs)

    head_on: dict = {}  # which header each layer shows ("w", "g", "s", "n"), {"1": …, "2": …}

    def swap_heads(self, new: str, layers=("1", "2")) -> list:
        """The edge-label headers of `layers` turn to phase `new`'s name (W₁ → ∂L/∂W₁ → new W₁), from whichever
        each shows now (a layer that shows no gradient goes from W₁ straight to new W₁)."""
        out = [swap(self.heads[self.head_on.get(n, "w")][n], self.heads[new][n])
               for n in layers if self.head_on.get(n, "w") != new]
        self.head_on = {**self.head_on, **dict.fromkeys(layers, new)}
        return out

    def node_texts(self) -> list:
        return [t for t in (*self.in_text, *self.hid_text, self.out_text, self.loss_text) if t is not None]

    def advance(self, lines, color, nodes, olds, values, *extra, back=False, flash_time=1.0, run_time=0.8,
                caption=None, together=False, shown=None):
        """One layer's turn: its edges flash (right to left when `back`), then its nodes light up in `color`
        and show `values` (texts). With `caption` the flash and the values come in with its first cue, which
        states them (`shown` recorded as they start); with `together` the flash runs with the change.
        Returns the new node texts."""
        news = [self.node_text(v, True, NODE_ROOM if n is not self.loss_box else n.width * 0.92).move_to(n)
                for v, n in zip(values, nodes)]
        if caption is not None:
            self.caption(caption, with_=[*self.flash(lines, color, back), *(self.lit(n, color) for n in nodes),
                                         *(swap(o, nw) if o is not None else FadeIn(nw)
                                           for o, nw in zip(olds, news)), *extra], run_time=run_time, shown=shown)
            return news
        if lines and not together:
            self.play(*self.flash(lines, color, back), run_time=flash_time)
        self.play(*(self.flash(lines, color, back) if together else ()), *(self.lit(n, color) for n in nodes),
                  *(swap(o, nw) if o is not None else FadeIn(nw) for o, nw in zip(olds, news)),
                  *extra, run_time=run_time)
        return news

    def new_key(self, text: str, color: str):
        """The line above the panel that says what the edges and nodes now show; the old one gives way."""
        key = self.txt(text, size=SMALL, color=color)
        key.move_to([min(PANEL_X - 0.2, 6.28 - key.width), 3.05, 0], aligned_edge=LEFT)
        anim = swap(self.mode_key, key) if self.mode_key is not None else FadeIn(key)
        self.mode_key = key
        return anim

    def panel_to(self, *new, run_time: float = 0.8):
        """The panel's current contents (`self.rows`) give way to `new`, which becomes the panel: one
        formula at a time, never two drawn over each other."""
        new = VGroup(*new)
        anim = swap(self.rows, new, run_time) if len(self.rows) else FadeIn(new, run_time=run_time)
        self.rows = new
        return anim

    def lit(self, node, color, run_time: float | None = None):
        """`node` filled with `color`; the loss box's fill made legible first (look.colour.legible: mixed toward the
        ink until its value, in the background's colour, stands 7:1 on it; the dark theme's `bad` fill was 4.95:1)."""
        if node is self.loss_box:
            color = legible(color, self.pal.background, self.pal.ink)
        return (node.animate(run_time=run_time) if run_time else node.animate).set_fill(color, opacity=1).set_stroke(color)

    def changed(self, new: float, old: float) -> str:
        """The loss box's colour for a changed loss: `ok` when it went down, `bad` mixed toward the ink when it went
        up, never the accent the re-run's nodes take (on the dark theme the box then read as one more node)."""
        return self.pal.ok if new <= old else self.pal.bad

    def panel_lines(self, items, y_top=2.5, gap=0.14, stack=True, left=0.0) -> list[VGroup]:
        """Rows of (LaTeX formula, value text, colour) in the panel on the right; a value is written "= value" in
        LaTeX too.
        With `stack` False every row sits at `y_top`: rows shown one at a time, each replacing the last."""
        rows, y = [], y_top
        for formula, value, color in items:
            f = self.tex(formula, size=TEX, color=self.pal.ink)
            # the value follows an "=" so the line reads as an equation (ŷ = W₂a₁ + b₂ = −0.10), typeset in the same
            # maths as the formula (one font in one equation)
            v = self.tex("= " + value.replace("−", "-"), size=TEX, color=color) if value else None
            row = VGroup(f, v).arrange(RIGHT, buff=0.2) if value else VGroup(f)
            if row.width > PANEL_ROOM:  # long: value on its own line
                row.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
            # up to `left` wider than the panel, a row starts left of it at full size; only wider, it shrinks
            if row.width > PANEL_ROOM + left:
                fit_panel(row)
            row.move_to([min(PANEL_X, 6.3 - row.width), y, 0], aligned_edge=UP + LEFT)
            y = row.get_bottom()[1] - gap if stack else y_top
            rows.append(row)
        return rows

    def flash(self, lines, color, back=False):
        """A pulse along each edge (right to left when `back`)."""
        ends = [(ln.get_end(), ln.get_start()) if back else (ln.get_start(), ln.get_end()) for ln in lines]
        # under the labels and nodes: a pulse never strikes through the numbers on its edge
        return [ShowPassingFlash(Line(a, b, stroke_color=color, stroke_width=6).set_z_index(-1), time_width=0.6)
                for a, b in ends]
