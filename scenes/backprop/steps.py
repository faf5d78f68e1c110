"""backprop_small's update pieces (seed 004 "補充：前向傳播 × 反向傳播"): a weight's gradient and the chip of a
weight's or bias's change −lr·∂L/∂w (the engine's new value minus the old; a bias's marked Δb), mixed into
scenes.backprop.passes.Passes."""
from __future__ import annotations

from scenes.backprop.strings import f2


class Steps:
    """Needs BackpropNet and LectureScene."""

    def grad_of(self, key) -> float:
        """The gradient of the weight or bias with label key `key`."""
        d = self.data
        return float(d.db2) if key == "b2" else float(getattr(d, "d" + key[0])[key[1:]])

    def step_chip(self, key):
        """The change of `key` in this update, −lr × its gradient (the engine's new value minus the old), at its
        gradient's place (a W₁ weight's in its table column), coloured like the new value it makes (up: ok, down: bad); a bias's says whose it is
        (Δb +0.05), like its value (b 0.10) and its gradient (∇b −0.49)."""
        d = self.data
        if key == "b2":
            delta = float(d.b2_new - d.b2)
        else:
            delta = float(getattr(d, key[0] + "_new")[key[1:]] - getattr(d, key[0])[key[1:]])
        color = self.pal.ok if delta >= 0 else self.pal.bad
        lab = self.lab_g[key]  # in its gradient's place
        text = self.s("bias_delta", v=f2(delta, True)) if key in self.biases() else f2(delta, True)
        chip = self.edge_label(text, color, lab.get_center())
        if key[0] == "w2":  # on its edge (a W₁ weight's step is in the table)
            self.label_on(chip[1], self.edge_of(key))
        return chip
