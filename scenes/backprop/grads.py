"""backprop_small's last two cues of the backward pass (seed 004 "補充：前向傳播 × 反向傳播"), mixed into
scenes.backprop_small.BackpropSmall.

`worked`: a product as its cue reads it, each factor pointed at, its result travelling into its edge label.
`walk_edges`: while the cue says the edges now hold gradients, the edges light up layer by layer with their
gradient labels (W₂ first, under their weights, then W₁ from each input, in the table's columns of their edges). `under_chain` and `lift_chain`: the panel under the hidden
nodes' chain-rule work changes while the work stays; `chip_start`: where ∂L/∂a₁ comes in, clear of the output's
title. `bias_pairs`: as the cue says a bias's gradient is its
node's, each bias's gradient (−0.49, the node's value, framed like a weight's) comes in under its own node, and the panel writes
∂L/∂b₁ = ∂L/∂z₁ (one notation for every gradient, ∂L/∂·, on the net and in the panel).
"""
from __future__ import annotations

import re

import numpy as np
from manim import LEFT, RIGHT, UP, DOWN, AnimationGroup, FadeIn, FadeOut, Indicate, ReplacementTransform, Succession, VGroup, Wait

from scenes.backprop.net import PANEL_X, SMALL, TEX, fit_panel, swap
from scenes.backprop.strings import f2

D_NAME = re.compile(r"(∂\w/∂\w)")  # a gradient's name in a line of text: ∂L/∂w


class Grads:
    """Needs BackpropNet, Passes and LectureScene."""

    def d_words(self, s: str, color: str, size: float = SMALL):
        """`s` in the text face but for its gradient names (∂L/∂w), set in LaTeX as the panel's formulas set them:
        the text face has no ∂ of its own, and its fallback glyph stood loose around the letters."""
        parts = [p.strip() for p in D_NAME.split(s) if p.strip()]
        if not D_NAME.search(s):
            return self.txt(s, size=size, color=color)
        return VGroup(*(self.tex(p.replace("∂", r"\partial ").replace("ŷ", r"\hat y"), size=size * TEX / SMALL, color=color)
                        if D_NAME.fullmatch(p) else self.txt(p, size=size, color=color) for p in parts)).arrange(RIGHT, buff=0.1)

    def symbols_over(self, line, parts, colors, gap: float = 0.12) -> VGroup:
        """What a worked product multiplies, typeset over its numbers (∂L/∂z · x₁ over −0.49 × 0.90): each
        factor names itself, so 0.90 reads as the input x₁ or as a weight, never both. The symbols stand where
        the line stood, left-aligned with it; the line moves down under them; in the line's face, as the panel's
        other worked lines (one typesetting in the panel). Returns the symbols."""
        sym = VGroup(*(self.d_words(p, c) for p, c in zip(parts, colors))).arrange(RIGHT, buff=0.1)
        sym.move_to(line.get_corner(UP + LEFT), aligned_edge=UP + LEFT)
        line.shift((sym.height + gap) * DOWN)
        return sym

    def walk_edges(self, color=None, cue: bool = True, new=(), paced: bool = False) -> None:
        """The edges' gradients, one layer (and one input) at a time, lit in `color`, while the cue on
        screen is read (`cue`: then held to its end); the labels `new` come in under their weights as their
        layer is lit. `paced`: each part with the cue that names it, the caption's cues: the output weights'
        gradients with the first ("every other weight"), pointed at with the second, then the first layer's, hidden
        node by hidden node (`reuse`), with the third; nothing of them before."""
        pal = self.pal
        color = color or pal.cool
        groups = [[(self.e2[i], ("w2", i)) for i in range(3)]]
        if paced:  # the first layer node by node: each node's gradient feeds both edges into it (`reuse`)
            groups += [[(self.e1[i, j], ("w1", i, j)) for j in range(2)] for i in range(3)]
        else:
            groups += [[(self.e1[i, j], ("w1", i, j)) for i in range(3)] for j in range(2)]
        # a W₁ edge shows its gradient only when a cue talks about it (`w1_on`): the others' edges light up bare
        shown = [k for k in self.weight_keys() if k not in new and self.grad_on(k)]
        if paced:  # "every other weight": their edges lit bare while the cue is read
            self.play(*self.flash([e for g in groups for e, k in g if k in new], color, True), run_time=1.0)
        for n, group in enumerate(groups):
            if paced and n == 1:  # the output weights' gradients came in with "every other weight"; the next cue
                self.until_next_cue()  # ("written under it") points at them, and the first layer waits for its own
                self.read_cue(*(self.lab_g[k][1] for _, k in groups[0]))
            if paced and n:  # the record lists a node's edges' gradients as they land in the table
                shown += [k for _, k in group if k in new]
                self.reuse(n - 1, [k for _, k in group], new, self.weights_and_grads(shown))
                continue
            if new:  # the record lists a layer's gradients as they come in
                shown += [k for _, k in group if k in new]
                self.shown["edge_values"] = self.weights_and_grads(shown)
            # a W₁ gradient comes into the table's column of its edge (the weight stays on the edge)
            self.play(*self.flash([e for e, _ in group], color, True),
                      *(FadeIn(self.lab_g[k]) if k in new else Indicate(self.lab_g[k][1], color=color, scale_factor=1.12)
                        for _, k in group if k in shown), run_time=0.6 if paced and n else 0.9)
        if cue:
            self.read_cue(*(self.heads[self.head_on.get(n, "w")][n] for n in ("1", "2")))

    def reuse(self, i: int, keys, new, record: str, run_time: float = 1.4) -> None:
        """Hidden node i's gradient ∂L/∂z travels back along each edge (a pulse, pointed at in its node) into the input
        it multiplies there (∂L/∂w = ∂L/∂z · x, the input pointed at as it arrives); that edge's row of the table then
        takes the edge's gradient: one number feeding every weight of its node."""
        pal = self.pal
        node, r = self.hid_text[i], run_time
        moves = []
        for key in keys:
            j = key[2]
            # the node's value travels back along its edge as a pulse in the gradients' colour (a copy of the number
            # moving on the edge passed over the edges' labels and circled numbers) onto the input it multiplies there,
            # which is pointed at as it arrives: the row of the table then takes the edge's gradient
            label = self.lab_g[key]
            land = FadeIn(label, run_time=0.3 * r) if key in new else \
                Indicate(label[1], color=pal.cool, scale_factor=1.12, run_time=0.3 * r)
            moves += [Succession(Wait(0.7 * r), land),
                      Succession(Wait(0.4 * r), Indicate(self.in_text[j], color=pal.cool, scale_factor=1.15, run_time=0.3 * r))]
        self.shown["edge_values"] = record
        self.play(*moves, *self.flash([self.e1[i, k[2]] for k in keys], pal.cool, True),
                  Indicate(self.em(node), color=pal.cool, scale_factor=1.1, run_time=0.4 * r), run_time=r)

    def under_chain(self, *new):
        """The panel under the hidden nodes' chain-rule work gives way to `new` (the work stays)."""
        new = VGroup(*new)
        rest = [m for m in self.rows if m is not self.chain]
        anim = swap(VGroup(*rest), new) if rest else FadeIn(new)
        self.rows = VGroup(self.chain, new)
        return anim

    def lift_chain(self, *new) -> tuple[list, list]:
        """Room for `new` at the section's end: the panel under the work leaves (the first animations), then the
        chain-rule formula turns into a short name at the panel's top (∂L/∂z₁ at each node), the work moves up under it (its products
        keep their name, ∂L/∂z₁ = …) and `new` comes in under the work (the second)."""
        if self.chain is None:  # the work has left the panel (for the first layer's table): `new` at its top
            new = VGroup(*new)
            new.shift((2.5 - new.get_top()[1]) * UP)
            old, self.rows = list(self.rows), new
            return [FadeOut(m) for m in old], [FadeIn(new)]
        formula, work = self.chain
        rest = [m for m in self.rows if m is not self.chain]
        head = fit_panel(self.words_with(self.s("d_hidden"), self.mtex(r"\partial L/\partial z_1", self.pal.cool), self.pal.cool))
        head.move_to([PANEL_X, 2.5, 0], aligned_edge=UP + LEFT)
        dy = head.get_bottom()[1] - 0.12 - work.get_top()[1]
        new = VGroup(*new).shift(dy * UP)
        self.chain, self.rows = VGroup(head, work), VGroup(VGroup(head, work), new)
        return [*(FadeOut(m) for m in rest)], [ReplacementTransform(formula, head), work.animate.shift(dy * UP), FadeIn(new)]

    def chip_start(self, i: int):
        """Where ∂L/∂a₁[i] comes in beside its W₂ edge: near the output, but at least 0.15 from the output
        column's title (∂L/∂ŷ), so it never reads as a factor of it."""
        title = self.d_titles[1]
        for t in np.arange(0.7, 0.3, -0.05):
            at = self.beside(i, t)
            probe = self.edge_label(f2(self.data.da1[i]), self.pal.cool, at)
            gap_x = max(probe.get_left()[0] - title.get_right()[0], title.get_left()[0] - probe.get_right()[0])
            gap_y = max(probe.get_bottom()[1] - title.get_top()[1], title.get_bottom()[1] - probe.get_top()[1])
            if max(gap_x, gap_y) >= 0.15:
                return at
        return self.beside(i, 0.3)

    bias_key = None  # "biases: ∂L/∂b" while the biases' gradients are drawn under their nodes

    def bias_key_in(self):
        """The key that names the framed numbers under the nodes ∂L/∂b (the edges' framed ones are ∂L/∂W), under the
        inputs' name, the one clear corner (by the output it would run into the hidden nodes' name): the output bias's
        −1.10 never reads as another edge's gradient."""
        pal = self.pal
        key = self.words_with(self.s("bias_key"), self.framed(self.mtex(r"\partial L/\partial b", pal.cool)), pal.cool)
        self.bias_key = key.next_to(self.col_titles[0], DOWN, buff=0.15).align_to(self.col_titles[0], LEFT)
        return FadeIn(self.bias_key)

    def bias_pairs(self, panel_row) -> None:
        """As the cue says a bias's gradient is its node's: each bias's gradient (framed, −0.49) comes in under its own node
        (where a was) while the panel writes ∂L/∂b₁ = ∂L/∂z₁: the gradient is the number inside the node the
        bias belongs to, never a label between two nodes."""
        keys = self.biases()
        # the table stays through the cue that names it, its gradients pointed at as it starts; the biases come with
        # the caption's last cue, theirs
        self.until_next_cue()
        self.play(*(Indicate(self.lab_g[k][1], color=self.pal.cool, scale_factor=1.12) for k in self.w1_order()), run_time=0.9)
        self.until_next_cue(last=True)
        self.bias_on = ("g",)
        gone = self.table_out()  # the first layer's table leaves: the panel needs its room
        self.shown.update(work="", edge_values=self.weights_and_grads())
        leave, come = self.lift_chain(panel_row)  # the hidden nodes' work stays, moved up to make room
        self.play(*leave, *gone, *(FadeOut(t) for t in self.a_tags), *(FadeIn(self.lab_g[k]) for k in keys),
                  self.bias_key_in(), run_time=0.6)
        self.play(*come, run_time=0.6)
        self.a_tags = []
        self.read(*(VGroup(self.lab_g[k], v) for k, v in zip(keys, [*self.hid_text, self.dy_tag])), *self.d_titles)

    def worked_first(self, caption: str, line, key, heads, factors, before: str, extra=(), delay: float = 0.0) -> None:
        """A worked product as its cue starts: its line comes into the panel and its result travels from the line
        onto its edge, under its weight, which stays (the record's edges then read `before`); then its factors are
        pointed at in turn (`delay`: the line waits for the panel to clear). The other edges' gradients come in
        later, with the cue that says the edges now carry them (`walk_edges`)."""
        pal = self.pal
        label = self.lab_g[key]
        # the line first, then its result on the edge (no copy travels from the panel: it would cross the labels
        # between them)
        land = Succession(Wait(delay), FadeIn(line, shift=0.2 * DOWN, run_time=0.25), FadeIn(label, run_time=0.35))
        self.caption(caption, with_=[land, *heads, *extra], run_time=0.6 + delay,
                     shown={"work": line.text, "edge_values": before})
        for f in factors:  # an a₁ tag is not grown: it sits between two edge labels
            self.play(Indicate(self.em(f), color=pal.cool, scale_factor=1.0 if f in self.a_tags else 1.15), run_time=0.5)
