"""backprop_small's update pieces (seed 004 "補充：前向傳播 × 反向傳播"): a weight's gradient and the chip of a
weight's or bias's change −lr·∂L/∂w (the engine's new value minus the old; a bias's marked Δb), mixed into
scenes.backprop.passes.Passes."""
from __future__ import annotations

from manim import AnimationGroup, FadeOut, Succession

from scenes.backprop.net import into, swap
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

    def step_in(self, chip, key, run_time: float = 1.0):
        """A weight's step becomes its new weight, never drawn over another text: a W₂ weight fades first, then its
        step (under it on its edge) moves up into its place and becomes the new weight; a W₁ weight's step stays in
        the table, which it leaves with, as the weight on its edge turns into the new one (a step travelling from the
        table to its edge would cross the table's weights and the labels on the way)."""
        if key[0] == "w2":
            return Succession(FadeOut(self.lab_w[key], run_time=0.35 * run_time), into(chip, self.lab_n[key], 0.65 * run_time))
        return AnimationGroup(FadeOut(chip, run_time=0.5 * run_time), swap(self.lab_w[key], self.lab_n[key], run_time))

    def tags_in(self) -> list:
        """The hidden values move down into their a₁ tags under the nodes once the biases' labels (in the tags' place)
        have left: a value is never drawn over a bias's label."""
        bias = {("b1", i): self.lab_w[("b1", i)] for i in range(3)}
        return [*(Succession(FadeOut(bias[("b1", i)], run_time=0.3), into(t, a, 0.6))
                  for i, (t, a) in enumerate(zip(self.hid_text, self.a_tags))), FadeOut(self.lab_w["b2"])]
