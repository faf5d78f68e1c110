"""backprop_small's nudge as a ripple (seed 004 "補充：前向傳播 × 反向傳播", what a gradient means): the nudged
weight's change travels forward along its path node by node (z → a → ŷ for a W₁ weight, ŷ for a W₂ one): each
step's edge flashes, its node lights, and a chip over the output shows that node's change (Δŷ = +0.0066) over its
ratio to the change before it (Δŷ/Δw = 0.66), with the cue that names the ratio as the chain-rule factor the
backward pass multiplied by there (x, tanh's slope, W₂ or a₁). The loss's change ΔL is worked in the panel, and its
ratio to Δŷ is set beside ∂L/∂ŷ.

Every number is the engine's re-run minus the original pass (engine.smallnet.SmallNetStep.ripple). Mixed into
scenes.backprop_small.BackpropSmall (needs BackpropNet, Passes and LectureScene). A nudge is undone cause first,
the weight before what it moved (`run_back`, `undo_nudge`).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, Rectangle, Succession, VGroup, Wait

from look import fmt_num
from scenes.backprop.net import EDGE_W, LABEL, PANEL_ROOM, PANEL_X, SMALL, fit_panel, swap
from scenes.backprop.strings import f2, f5, pred_text, vec

NAMES = {"z": "Δz", "a": "Δa", "y": "Δŷ", "L": "ΔL"}
UNDO_HOP = 0.3  # seconds per hop of an undo's backward pulse (loss, output, hidden node, weight)
DELTA_DEC = 4  # a node's change: four decimals (+0.0066), the loss's five as the panel writes it


def delta_text(v: float, node: str = "y") -> str:
    return fmt_num(float(v), 5 if node == "L" else DELTA_DEC, signed=True)


def y_text(v: float) -> str:
    """The output while a nudge moves it: at its change's decimals (−0.0916), so old and new differ by Δŷ."""
    return fmt_num(float(v), DELTA_DEC)


class Ripple:
    """The forward ripple of the nudge: `ripple_steps` before the loss, `ripple_loss_rows` for the panel."""

    ripple_chips: list = []

    def ripple_chip(self, node: str, delta: float, ratio: float, before: str, name: str = ""):
        """Two lines on a box of the background's colour: the node's change and its ratio to the change before (named
        `name` when the ratio is a value the net shows: Δŷ/Δw = a = 0.66, the top node's a, not another 0.66)."""
        pal = self.pal
        t = VGroup(self.txt(f"{NAMES[node]} = {delta_text(delta, node)}", size=LABEL, color=pal.accent),
                   self.txt(f"{NAMES[node]}/{before} = {name + ' = ' if name else ''}{f2(ratio)}", size=LABEL,
                            color=pal.accent))
        return self.on_box(t.arrange(DOWN, buff=0.08, aligned_edge=LEFT))

    def ripple_one(self, node: str, v: float):
        """One node's change (Δŷ = +0.0019) on a box of the background's colour."""
        return self.on_box(self.txt(f"{NAMES[node]} = {delta_text(v, node)}", size=LABEL, color=self.pal.accent))

    def on_box(self, t):
        """`t` on a box of the background's colour: no edge shows through it."""
        box = Rectangle(width=t.width + 0.12, height=t.height + 0.08, stroke_width=0, fill_color=self.pal.background,
                        fill_opacity=0.9).set_z_index(-0.5).move_to(t)
        return VGroup(box, t)

    def ripple_head(self):
        """The W₂ header shown now (W₂ or ∂L/∂W₂): the ripple's chips stand in its place."""
        return self.heads[self.head_on.get("2", "w")]["2"]

    def ripple_place(self, chip, node: str):
        """In the W₂ header's place (it steps aside until the nudge is undone), its top at the header's: right of the
        top W₂ edge's labels and clear over them, over the output and the word "loss" (a W₁ nudge's Δz and Δa take it
        in turn, its hidden node lit, before Δŷ). Under the header it stood on the top edge's labels."""
        left = max(self.lab_w[("w2", 0)].get_right()[0], self.lab_g[("w2", 0)].get_right()[0]) + 0.2
        left = min(left, self.ripple_head().get_left()[0])
        return chip.move_to([left, self.ripple_head().get_top()[1], 0], aligned_edge=UP + LEFT)

    def ripple_steps(self, path) -> None:
        """The nudge travels node by node: each step's edge flashes, its node shows its change and the ratio, and its
        cue names the ratio as the backward pass's factor there; ŷ takes its re-run value with its own step."""
        d, pal = self.data, self.pal
        before = "Δw"
        self.ripple_chips = []
        chip = None
        for k, (node, delta, ratio, factor) in enumerate(d.ripple[:-1]):
            # the output's old and new value at its change's four decimals (the node's two, −0.10 → −0.09, do not
            # read as the +0.0066 beside it), in the place of the output's name under it, which steps aside until the
            # nudge is undone; a W₂ nudge's ratio is the hidden value a, named as the net names it
            moved = f"ŷ: {y_text(d.y_hat)} → {y_text(d.y_hat_nudged)}" if node == "y" else ""
            name = "a" if node == "y" and d.nudge_at[0] == 2 else ""
            new = self.ripple_place(self.ripple_chip(node, delta, ratio, before, name), node)
            anims = [*self.flash([path[min(k, len(path) - 2)]] if node != "a" else [], pal.accent)]
            shown = {"ripple_shown": f"{NAMES[node]} = {delta_text(delta, node)}"}
            if node == "y":
                y_out = self.node_text(f2(d.y_hat_nudged), True).move_to(self.node_out)
                anims += [Indicate(self.node_out, color=pal.accent), swap(self.out_text, y_out, 0.6)]
                self.out_text = y_out
                shown["y_hat_shown"] = f2(d.y_hat_nudged)
                shown["ripple_shown"] = f"{moved} | {shown['ripple_shown']}"
                ymove = self.on_box(self.txt(moved, size=LABEL, color=pal.accent)).move_to(self.col_titles[2], aligned_edge=UP)
                anims.append(Succession(FadeOut(self.col_titles[2], run_time=0.2), FadeIn(ymove, run_time=0.4)))
                self.ripple_chips.append(ymove)
                key = "ripple_y_w2" if d.nudge_at[0] == 2 else "ripple_y_w1"
                factor_mob = self.hid_text[d.nudge_at[1]] if d.nudge_at[0] == 2 else self.lab_w[("w2", d.nudge_at[1])]
            else:
                key = "ripple_" + node
                factor_mob = self.in_text[d.nudge_at[2]] if node == "z" else None
            anims.append(swap(chip, new, 0.6) if chip is not None else
                         Succession(FadeOut(self.ripple_head(), run_time=0.25), FadeIn(new, shift=0.15 * RIGHT)))
            if node in "za":  # the hidden node the change has reached
                anims.append(Indicate(self.nodes_hid[d.nudge_at[1]], color=pal.accent))
            self.caption(self.s(key, d=delta_text(delta, node), r=f2(ratio), f=f2(factor)), with_=anims,
                         run_time=0.5, shown=shown)
            if factor_mob is not None:
                self.play(Indicate(self.em(factor_mob), color=pal.accent, scale_factor=1.0), run_time=0.6)
            self.read_cue(new, factor_mob)
            chip, before = new, NAMES[node]
        self.ripple_chips.append(chip)

    def ripple_loss_rows(self, below):
        """The loss's change over Δŷ beside ∂L/∂ŷ, under the measured ΔL (two lines of LaTeX in the panel)."""
        d, pal = self.data, self.pal
        *_, (_, _, ratio, factor) = d.ripple
        rows = VGroup(self.txt("ΔL/Δŷ = " + f2(ratio), size=SMALL, color=pal.accent),
                      self.txt("≈ ∂L/∂ŷ = " + f2(factor), size=SMALL, color=pal.accent))
        rows.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        # at the panel's left, like the lines that name what they work out (re-run, predicted)
        return fit_panel(rows).next_to(below, DOWN, buff=0.2).set_x(PANEL_X + rows.width / 2)

    def ripple_loss(self, rows) -> None:
        """The loss's step: its ratio to ŷ's change, close to the factor the backward pass started from."""
        d, pal = self.data, self.pal
        *_, (_, _, ratio, factor) = d.ripple
        self.caption(self.s("ripple_L", r=f2(ratio), f=f2(factor)), with_=[FadeIn(rows, shift=0.2 * DOWN)],
                     run_time=0.8, shown={"ripple_ratio_shown": f"{f2(ratio)}, {f2(factor)}"})
        self.read_cue(rows)

    def ripple_compare(self, below):
        """The measured ΔL and the gradient's prediction side by side, ≈ between them, under the worked prediction
        (both as the record has them: dloss_shown and predicted_shown)."""
        d, pal = self.data, self.pal
        pair = f"{f5(d.dloss_nudge)} ≈ {pred_text(d)}"
        line = self.txt("ΔL = " + pair, size=SMALL, color=pal.accent)
        if line.width > PANEL_ROOM:  # named only when that fits at full size: the digits never shrink
            line = fit_panel(self.txt(pair, size=SMALL, color=pal.accent))
        line.next_to(below, DOWN, buff=0.25).set_x(PANEL_X + line.width / 2)
        self.play(FadeIn(line, shift=0.2 * UP), run_time=0.6)
        self.nudge_compare = line
        return line

    def run_back(self, path, pairs, last) -> list:
        """A nudge undone cause first: `last` (the weight back on its edge) goes first, then a pulse runs along
        `path` (its edges, forward order) from the nudged edge to the loss, each (nudged, own) pair of values in
        `pairs` (the loss first) going back to its own as the pulse reaches it, the loss last: UNDO_HOP s a hop,
        nothing rebuilt."""
        hop, n = UNDO_HOP, len(pairs)

        def slot(j: int, *anims) -> Succession:  # the j-th hop of n + 1, padded to the whole undo
            pad = [Wait(j * hop)] if j else []
            return Succession(*pad, *anims, *([Wait((n - j) * hop)] if j < n else []))
        pulses = [slot(j, *self.flash([ln], self.pal.accent)) for j, ln in enumerate(path)]
        goes = [slot(j + 1, swap(new, old, hop)) for j, (new, old) in enumerate(reversed(pairs))]
        # the loss box takes its own colour back with its own value
        box = slot(n, self.lit(self.loss_box, self.pal.bad, hop))
        return [*(slot(0, a) for a in last), *pulses, *goes, box]

    def ripple_leave(self) -> list:
        """The changes leave; the output's name comes back in its place once they have gone."""
        chips, self.ripple_chips = [c for c in self.ripple_chips if c is not None], []
        self.shown.update(ripple_shown="", ripple_ratio_shown="")
        name = self.col_titles[2]
        back = [Succession(Wait(0.25), FadeIn(name, run_time=0.25))] if name not in self.mobjects else []
        head = self.ripple_head()
        back += [Succession(Wait(0.25), FadeIn(head, run_time=0.25))] if chips and head not in self.mobjects else []
        return [FadeOut(c) for c in chips] + back

    def undo_nudge(self, edge, k, l0: str, l1: str):
        """The nudge is undone, visibly and in words: the weight goes back to its value, the output and the
        loss back to theirs (the update starts from the real weights)."""
        d, pal = self.data, self.pal
        lines = VGroup(self.txt(self.s("undo_line", w=f2(d.nudge_w), w1=f2(d.nudged_w)), size=LABEL, color=pal.accent),
                       self.txt(self.s("loss_moved", a=l1, b=l0), size=LABEL, color=pal.accent))
        fit_panel(lines.arrange(DOWN, buff=0.2, aligned_edge=LEFT)).move_to([PANEL_X, 2.45, 0], aligned_edge=UP + LEFT)
        loss = self.node_text(l0, True, self.loss_box.width * 0.92).move_to(self.loss_box)
        # the net's values go back with it: the output (and a hidden node, when a W₁ weight was nudged)
        back = [self.node_text(f2(v), True).move_to(n) for v, n in zip([*d.a1, d.y_hat], [*self.nodes_hid, self.node_out])]
        olds = [*self.hid_text, self.out_text]
        moved = [i for i, (o, n) in enumerate(zip(olds, back)) if o.text != n.text]
        self.hid_text, self.out_text = [back[i] if i in moved else olds[i] for i in range(3)], \
            back[3] if 3 in moved else olds[3]
        # the nudge is undone cause first (`run_back`): the weight, then (a hidden node and) the output, the loss last
        self.caption(self.s("cap_undo", w=f2(d.nudge_w), l=l0),
                     with_=[self.panel_to(lines), *self.ripple_leave(),
                            *self.run_back(self.nudge_path, [(self.loss_nudged, loss),
                                                             *((olds[i], back[i]) for i in reversed(moved))],
                                           [swap(self.w_new, self.lab_w[k], UNDO_HOP),
                                            edge.animate(run_time=UNDO_HOP).set_stroke(pal.muted, width=EDGE_W)])],
                     run_time=UNDO_HOP * (len(moved) + 2),
                     shown={"loss_shown": l0, "nudge_shown": lines[0].text, "edge_values": self.weights_and_grads(),
                            "hidden_shown": vec(d.a1), "y_hat_shown": f2(d.y_hat),
                            "dloss_shown": "", "predicted_shown": "", "work": ""})
        self.loss_text = loss
        self.read(self.lab_g[k], loss)
        # one backward pass gave every gradient on the net at once; nudging would take a forward pass for each: the
        # undo's lines leave the panel as the cue starts, and the gradients light up one after another as they are
        # counted (six on the first layer's edges, three on the second's, four under the biases)
        grads = [self.lab_g[j] for j in (*self.weight_keys(), *self.biases())]
        assert len(grads) == d.n_params
        self.shown.update(nudge_shown="", dloss_shown="", predicted_shown="", work="", loss_shown=l0,
                          hidden_shown=vec(d.a1), y_hat_shown=f2(d.y_hat), edge_values=self.weights_and_grads())
        self.all_at_once(grads)
