"""backprop_small's last two cues of the backward pass (seed 004 "補充：前向傳播 × 反向傳播"), mixed into
scenes.backprop_small.BackpropSmall.

`worked`: a product as its cue reads it, each factor pointed at, its result travelling into its edge label.
`walk_edges`: while the cue says the edges now hold gradients, the edges light up layer by layer with their
gradient labels (W₂ first, then W₁ from each input). `bias_pairs`: as the cue says a bias's gradient is its
node's, each bias label (b 0.10) comes back under its node with its gradient beside it, and the node's
gradient travels out of the node into that spot; then each pair is pointed at in turn.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, VGroup

from scenes.parts.lecture import CONTENT_BOTTOM


class Grads:
    """Needs BackpropNet, Passes and LectureScene."""

    def walk_edges(self) -> None:
        """The edges' gradients, one layer (and one input) at a time, while the cue on screen is read."""
        pal = self.pal
        groups = [[(self.e2[i], ("w2", i)) for i in range(3)]] + [
            [(self.e1[i, j], ("w1", i, j)) for i in range(3)] for j in range(2)]
        for group in groups:
            self.play(*self.flash([e for e, _ in group], pal.cool, True),
                      *(Indicate(self.lab_g[k][1], color=pal.cool, scale_factor=1.12) for _, k in group), run_time=0.9)
        self.read_cue(*self.heads["g"].values())

    def bias_pairs(self, panel_row) -> None:
        """Each bias label with its gradient beside it, under its node, with the cue that says so; the node's
        gradient moves into the gradient's place."""
        pal = self.pal
        nodes = [*self.nodes_hid, self.node_out]
        values = [*self.hid_text, self.out_text]
        keys = self.biases()
        moves = []
        for node, value, k in zip(nodes, values, keys):
            # the gradient under its bias; beside it (a little to the left, clear of the column title) where
            # two rows would reach the caption band
            pair = VGroup(self.lab_w[k].copy(), self.lab_g[k].copy()).arrange(DOWN, buff=0.06)
            pair.move_to(node.get_bottom() + 0.04 * DOWN, aligned_edge=UP)
            if pair.get_bottom()[1] < CONTENT_BOTTOM + 0.1:
                pair.arrange(RIGHT, buff=0.14).move_to(node.get_bottom() + 0.04 * DOWN + 0.25 * LEFT, aligned_edge=UP)
            self.lab_w[k].move_to(pair[0])
            self.lab_g[k].move_to(pair[1])
            travel = value.copy()
            moves += [FadeIn(self.lab_w[k]),
                      travel.animate.move_to(pair[1]).set_color(pal.cool).set_opacity(0)]
            self.add(travel)
            self._travel = getattr(self, "_travel", []) + [travel]
        self.until_next_cue()
        self.shown.update(work="", edge_values=self.edge_values("g"))
        self.play(self.panel_to(panel_row), *(FadeOut(t) for t in self.a_tags), *moves,
                  *(FadeIn(self.lab_g[k]) for k in keys), run_time=1.0)
        self.remove(*self._travel)
        self._travel = []
        self.a_tags = []
        self.read(*(VGroup(self.lab_w[k], self.lab_g[k]) for k in keys))

    def worked(self, factors, line, key) -> None:
        """A worked product as its cue reads it: each factor pointed at in turn, then its result travels from
        the panel line into the edge label it becomes (`key`)."""
        pal = self.pal
        for f in factors:
            self.play(Indicate(self.em(f), color=pal.cool, scale_factor=1.15), run_time=0.6)
        label = self.lab_g[key]
        ghost = label[1].copy()
        ghost.move_to(line.get_right(), aligned_edge=RIGHT)
        self.play(ghost.animate(remover=True).move_to(label[1]), run_time=0.8)  # gone into the label
        self.play(Indicate(label[1], color=pal.cool, scale_factor=1.15), run_time=0.5)
