"""backprop_small's update pieces (seed 004 "補充：前向傳播 × 反向傳播"): a weight's gradient, the table of all
six first-layer gradients ∂L/∂W₁ for the panel, and the chip of a weight's change −lr·∂L/∂w (the engine's new
value minus the old), mixed into scenes.backprop.passes.Passes."""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, VGroup

from scenes.backprop.net import LABEL, fit_panel
from scenes.backprop.strings import f2


class Steps:
    """Needs BackpropNet and LectureScene."""

    def grad_of(self, key) -> float:
        """The gradient of the weight or bias with label key `key`."""
        d = self.data
        return float(d.db2) if key == "b2" else float(getattr(d, "d" + key[0])[key[1:]])

    def w1_table(self):
        """∂L/∂W₁, all six gradients from the engine, as a small table for the panel: its name, then a 3 × 2 grid
        (row i: hidden node i, column j: input j), each cell at the edge labels' size. Returns the table and its
        cells by weight key."""
        d, pal = self.data, self.pal
        cells = {("w1", i, j): self.txt(f2(float(d.dw1[i, j])), size=LABEL, color=pal.cool)
                 for i in range(3) for j in range(2)}  # dw1: [3, 2]
        grid = VGroup(*cells.values()).arrange_in_grid(rows=3, cols=2, buff=(0.45, 0.08), cell_alignment=RIGHT)
        head = self.mtex(r"\partial L/\partial W_1 =", pal.cool)
        grid.next_to(head, DOWN, buff=0.06).align_to(head, LEFT).shift(0.6 * RIGHT)  # its name over it: clear of the loss box
        table = fit_panel(VGroup(head, grid))
        # with the steps the name says what the cells then hold: −lr·∂L/∂W₁, where the old name began
        self.w1_step_head = self.mtex(r"-\mathrm{lr}\cdot\partial L/\partial W_1 =", pal.ok)
        return table, cells

    def step_chip(self, key, at=None):
        """The change of `key` in this update, −lr × its gradient (the engine's new value minus the old), at its
        label's place (or at `at`, its cell in the W₁ table), coloured like the new value it makes (up: ok, down: bad)."""
        d = self.data
        if key == "b2":
            delta = float(d.b2_new - d.b2)
        else:
            delta = float(getattr(d, key[0] + "_new")[key[1:]] - getattr(d, key[0])[key[1:]])
        color = self.pal.ok if delta >= 0 else self.pal.bad
        if at is not None:  # in the table: a plain number in its cell, right-aligned like the gradients
            return self.txt(f2(delta, True), size=LABEL, color=color).move_to(at, aligned_edge=RIGHT)
        lab = self.lab_g[key]  # in its gradient's place
        chip = self.edge_label(f2(delta, True), color, lab.get_center())
        if key not in self.biases():
            self.label_on(chip[1], self.edge_of(key))
        return chip
