"""backprop_small's update pieces (seed 004 "補充：前向傳播 × 反向傳播"): a weight's gradient and the chip of a
weight's or bias's change −lr·∂L/∂w (the engine's new value minus the old; a bias's marked Δb), mixed into
scenes.backprop.passes.Passes."""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, LaggedStart, Succession, Transform, UpdateFromAlphaFunc, VGroup, Wait

from scenes.backprop.net import LABEL, PANEL_ROOM, PANEL_X, fit_panel, into, swap
from scenes.backprop.ripple import UNDO_HOP
from scenes.backprop.strings import f2, vec
from scenes.backprop.table import TABLE_TEXT

RULE_LEFT = 1.05  # how far a worked update step may start left of the panel (x ≥ 1.3: the W₂ header ends at 1.3, above it)


class Steps:
    """Needs BackpropNet and LectureScene."""

    def grad_of(self, key) -> float:
        """The gradient of the weight or bias with label key `key`."""
        d = self.data
        return float(d.db2) if key == "b2" else float(getattr(d, "d" + key[0])[key[1:]])

    def step_chip(self, key):
        """The change of `key` in this update, −lr × its gradient (the engine's new value minus the old), at its
        gradient's place (a W₁ weight's in its table column), coloured like the new value it makes (up: ok, down: bad); a bias's says whose it is
        (Δb +0.05), like its value (b 0.10) and its gradient (∂L/∂b −0.49)."""
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
        elif key[0] == "w1":  # in the table, at its size
            chip.scale(TABLE_TEXT / LABEL)
        return chip

    def step_in(self, chip, key, run_time: float = 1.0):
        """A weight's step goes into its weight, and the weight's old value turns into its new one in place (w − lr·∂L/∂w,
        the engine's w1_new/w2_new: the digits the two share stay, the others change, coloured by the change): a W₂
        weight's step (under it on its edge) moves up into the weight as it fades; a W₁ weight's step fades in the
        table, which it leaves with (a step travelling from the table to its edge would cross the table's weights
        and the labels on the way). Never two texts drawn over each other: the step is gone before the value turns."""
        old, new = self.lab_w[key], self.lab_n[key]
        if key[0] == "w2":
            go = chip.animate(remover=True, run_time=0.45 * run_time).move_to(old).set_opacity(0)
        else:
            go = FadeOut(chip, run_time=0.45 * run_time)
        return Succession(go, Transform(old, new.copy(), remover=True, run_time=0.5 * run_time),
                          FadeIn(new, run_time=0.05 * run_time))

    def tags_in(self) -> list:
        """The hidden values move down into their a₁ tags under the nodes once the biases' labels (in the tags' place)
        have left: a value is never drawn over a bias's label."""
        bias = {("b1", i): self.lab_w[("b1", i)] for i in range(3)}
        return [*(Succession(FadeOut(bias[("b1", i)], run_time=0.3), into(t, a, 0.6))
                  for i, (t, a) in enumerate(zip(self.hid_text, self.a_tags))), FadeOut(self.lab_w["b2"])]

    def all_grads_back(self) -> None:
        """The gradient picture as the backward pass left it, for the count of every gradient it gave: the hidden
        nodes hold their gradients ∂L/∂z₁ again (named so), each bias's gradient ∂L/∂b under its node; the update then
        turns these gradients into its steps."""
        d, pal = self.data, self.pal
        grads = [self.node_text(f2(v), True).move_to(n) for v, n in zip(d.dz1, self.nodes_hid)]
        self.bias_on = ("g",)
        self.shown.update(hidden_shown=vec(d.dz1), edge_values=self.weights_and_grads())
        self.play(*(swap(o, g, 0.6) for o, g in zip(self.hid_text, grads)), *(self.lit(n, pal.cool) for n in self.nodes_hid),
                  swap(self.col_titles[1], self.d_titles[0], 0.6), *(FadeIn(g) for g in self.bias_grads()),
                  self.new_key(self.s("backward"), pal.cool), run_time=0.6)
        self.hid_text = grads

    def values_back(self) -> list:
        """The hidden nodes give their gradients ∂L/∂z₁ up for their values a₁ again (lit in the values' colour, under their own column
        title) as the gradients turn into steps: a node never shows a gradient beside a bias's new value."""
        if any(t is None for t in self.hid_text):
            return []
        d = self.data
        vals = [self.node_text(f2(v), True).move_to(n) for v, n in zip(d.a1, self.nodes_hid)]
        anims = [*(swap(o, v) for o, v in zip(self.hid_text, vals)), *(self.lit(n, self.pal.accent) for n in self.nodes_hid),
                 swap(self.d_titles[0], self.col_titles[1])]
        self.hid_text = vals
        self.shown["hidden_shown"] = vec(d.a1)
        return anims

    def all_at_once(self, grads) -> None:
        """With the gradient picture back on the net once the undo's cue has ended (its lines leave the panel), the
        count: one backward pass gave all of them (`grads`, lit one after another as they are counted)."""
        d, pal = self.data, self.pal
        if self.cue_left() > 0:  # the net turns to the backward pass's gradients once the undo's cue has ended
            self.wait(self.cue_left())
        # the first layer's gradients back in their table, as the backward pass left them: all six are counted
        back = [] if self.table_on else self.table_in()
        w1 = [k for k in self.weight_keys() if k[0] == "w1" and k not in self.w1_on]
        self.w1_on = frozenset(k for k in self.weight_keys() if k[0] == "w1")
        self.play(FadeOut(self.rows), *back, *(FadeIn(self.lab_g[k]) for k in w1), run_time=0.4)
        self.rows = VGroup()
        self.all_grads_back()
        # a running count in the panel, one more as each gradient lights: it ends at the cue's number
        counts = [fit_panel(self.txt(self.s("count", n=str(k + 1)), size=LABEL, color=pal.accent)).move_to(
            [PANEL_X, 2.45, 0], aligned_edge=UP + LEFT) for k in range(len(grads))]
        self.caption(self.s("cap_all_at_once", n=str(d.n_params)))
        counter = self.count_up(counts, grads, min(6.0, max(1.0, self.cue_left() - 1.0)))  # over the longer cue
        # beside the count, the one backward pass that gave them; then, with the cue that says what nudging would
        # need, its forward passes counted one per parameter as each gradient lights again (the nudge's colour)
        once = fit_panel(self.txt(self.s("count_back"), size=LABEL, color=pal.cool))
        once.next_to(counter, DOWN, buff=0.2, aligned_edge=LEFT)
        self.play(FadeIn(once, shift=0.1 * DOWN), run_time=0.4)
        while self._queue:  # the cues before the nudging one: the gradients pointed at, no still stretch
            self.read_cue(once, *grads)
        tries = [fit_panel(self.txt(self.s("count_nudge", n=str(k + 1)), size=LABEL, color=pal.accent))
                 .next_to(once, DOWN, buff=0.2, aligned_edge=LEFT) for k in range(len(grads))]
        nudges = self.count_up(tries, grads, min(5.0, max(1.0, self.cue_left() - 1.0)))
        self.rows = VGroup(counter, once, nudges)  # they leave with the panel as the update begins
        self.read(nudges, *grads)  # to the cue's end: no long still stretch

    def count_up(self, counts, grads, run: float, lag: float = 0.35):
        """One text that becomes the next of `counts` as each of `grads` lights in turn (LaggedStart with `lag`, over
        `run` s): never two counts drawn over each other. Returns the text, left on screen at the last count."""
        step = run * lag / (1 + lag * (len(grads) - 1))  # when LaggedStart starts the next one
        shown = counts[0].copy()
        shown.shown_k = 0

        def count_to(mob, alpha):
            k = min(len(counts) - 1, int(alpha * run / step))
            if k != mob.shown_k:
                mob.become(counts[k])
                mob.shown_k = k

        self.add(shown)
        # in colour only: grown, a bias's gradient under its node would run into the edge labels beside it
        self.play(LaggedStart(*(Indicate(g[1], color=self.pal.accent, scale_factor=1.0) for g in grads),
                              lag_ratio=lag), UpdateFromAlphaFunc(shown, count_to), run_time=run)
        return shown

    def rule_line(self, text: str, under):
        """A worked step (w ← 0.80 − 0.1 × (−0.73) = 0.87) under `under` (the rule), on one line: at the panel's left,
        or, when wider than the panel, ending at the title-safe edge and starting up to RULE_LEFT left of the panel
        (over the loss box's word, under the W₂ header: clear of both). Only a longer one (long parameters) writes its
        result on a line of its own, its "=" under the "←" (one equation, aligned), never shrunk below the labels' size."""
        t = self.txt(text, size=LABEL, color=self.pal.ok)
        if t.width <= PANEL_ROOM + RULE_LEFT:
            t.next_to(under, DOWN, buff=0.15, aligned_edge=LEFT)
            return t.shift(max(0.0, t.get_right()[0] - (PANEL_X + PANEL_ROOM)) * LEFT)
        head, result = text.rsplit(" = ", 1)
        name = self.txt(head.split(" ", 1)[0], size=LABEL)  # w, b: the result's "=" stands under the arrow
        lines = VGroup(self.txt(head, size=LABEL, color=self.pal.ok), self.txt("= " + result, size=LABEL, color=self.pal.ok))
        lines.arrange(DOWN, buff=0.18, aligned_edge=LEFT)
        lines[1].shift((name.width + 0.12) * RIGHT)
        return fit_panel(lines).next_to(under, DOWN, buff=0.15, aligned_edge=LEFT)
