"""backprop_small's backward pass, nudge and update (seed 004 "補充：前向傳播 × 反向傳播"), mixed into
scenes.backprop_small.BackpropSmall.

backward: ∂L/∂ŷ over the output (which keeps ŷ); then, one hidden node after another, ∂L/∂ŷ × W₂[i] = ∂L/∂a₁[i] travels
along its W₂ edge to beside the node, where tanh's slope 1 − a₁² turns it into ∂L/∂z₁[i] (the a₁ that slope
comes from stays in a tag under the node; the hidden title turns into ∂L/∂z₁ as the values leave, and the
panel shows the formula and each node's work in a row under the last node's, all three kept to the section's end); then the edges' gradients, with one W₂ and one W₁ product
worked in the panel, then every other edge's (a W₁ gradient in its edge's row of the table, the W₁ weight staying on its numbered edge); each number appears as the cue that states it starts (∂L/∂a₁ waits beside its node
and becomes ∂L/∂z₁ inside it with the slope's cue; the biases' gradients ∂L/∂b come in under their nodes with
their cue). nudge: the biases' gradients leave with the old panel, so a re-run node never shows an activation
and a gradient at once (the edges keep theirs; the input gets its value back); the marked weight moved by +0.01 on its edge and in the panel (its gradient stays under it), a forward flash to the output, the
re-run's ŷ in the panel and the loss box's new loss; the measured difference under ΔL, then the marked edge's own
gradient, copied from its label, becomes the worked prediction (at the precision the product needs) × 0.01, in the
place of ΔL/Δŷ, and under it the two side by side (ΔL = −0.00727 ≈ −0.0073); then the nudge is undone on screen and said (`undo_nudge`).
The count of all 13 gradients brings the gradient picture back (`all_grads_back`: the hidden nodes' ∂L/∂z and
the biases' ∂L/∂b); the update's first cue lights the same gradients up layer by layer (they become its steps).
update: every gradient turns into its step −lr·∂L/∂w in place (the header says so); the marked weight's
step stays in its place like the others (its old weight is in the panel's worked rule); the output's bias is
worked the same way (b ← b − lr × ∂L/∂b); then every step, the worked ones too, becomes its new value at once, coloured
by the sign of the change, with a key for the two colours from the first coloured step on; x, the node values and the loss stay.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, Succession, VGroup, Wait

from look import fmt_num
from scenes.backprop.net import LABEL, PANEL_ROOM, PANEL_X, SMALL, TEX, W2_T, fit_panel, swap
from scenes.backprop.steps import Steps
from scenes.backprop.strings import caption_keys, f2, f5, grad_text, lr_text, pred_text, vec
from scenes.parts.cues import reading_time


class Passes(Steps):
    """Needs BackpropNet and LectureScene."""

    def work_line(self, text: str, color: str, below, indent: float = 0.0, buff: float = 0.1):
        t = fit_panel(self.txt(text, size=LABEL, color=color))
        return t.next_to(below, DOWN, buff=buff).set_x(PANEL_X + indent + t.width / 2)

    def nudged(self):
        """The nudged weight's edge and its label key (engine's choice: the largest |∂L/∂w|)."""
        at = self.data.nudge_at
        return (self.e2[at[1]], ("w2", at[1])) if at[0] == 2 else (self.e1[at[1], at[2]], ("w1", at[1], at[2]))

    def backward(self):
        d, pal = self.data, self.pal
        self.section("backward", self.s("cap_back_out", dy=f2(d.dy_hat)),
                     keep=[*self.node_texts(), self.rows, self.mode_key])
        self.shown["phase"] = "backward"
        rows = self.panel_lines([
            (r"\partial L/\partial \hat y = \hat y - t", f2(d.dy_hat), pal.cool),
            (r"\frac{\partial L}{\partial z} = W_2^{\top}\,\frac{\partial L}{\partial \hat y} \odot (1 - a^2)", "", pal.cool),
        ], stack=False, left=0.5)  # one formula at a time; the chain rule's at full size (shrunk to the panel, its 1 − a²
        # stood under 3 % of the frame), starting left of the panel over the loss box, where the net leaves room
        # ① the output: ∂L/∂ŷ = ŷ − t (no tanh there); the value comes with the cue that states it, named ∂L/∂ŷ
        self.play(self.new_key(self.s("backward"), pal.cool), *self.flash([self.e3], pal.cool, True), run_time=0.8)
        self.until_next_cue()
        self.shown["dy_shown"] = f2(d.dy_hat)
        # the gradient comes in beside the output, named ∂L/∂ŷ in the gradients' colour; the node keeps ŷ and its title
        self.play(FadeIn(self.d_titles[1], shift=0.15 * DOWN), Indicate(self.node_out, color=pal.cool, scale_factor=1.05),
                  self.panel_to(rows[0]), run_time=0.8)
        self.dy_tag = self.d_titles[1]
        # the hidden values move down into their tags, the hidden title says the nodes will hold gradients;
        # the biases step aside until the update
        self.bias_on = ()
        self.shown["edge_values"] = self.edge_values("w", "w")
        self.play(*self.tags_in(), *(self.unlit(n) for n in self.nodes_hid), swap(self.col_titles[1], self.d_titles[0]),
                  run_time=0.9)
        self.hid_text = [None] * 3
        self.shown["hidden_shown"] = ""
        self.read(self.dy_tag, rows[0])
        # ② the chain rule: the output's gradient travels back along each edge into its node (scenes.backprop.chain)
        self.chain_rule(rows[1])
        # ③ the edges' gradients: the gradient at a node times the input its edge multiplies, one formula at
        # a time
        rows_w = self.panel_lines([(r"\partial L/\partial W_2 = \partial L/\partial\hat y\;a_1^{\top}", "", pal.cool),
                                   (r"\partial L/\partial W_1 = \partial L/\partial z_1\,x^{\top}", "", pal.cool),
                                   (r"\partial L/\partial b_1 = \partial L/\partial z_1", f"[{vec(d.dz1)}]", pal.cool)],
                                  y_top=self.chain.get_bottom()[1] - 0.3, stack=False)
        # the biases' gradients named in the panel: b₁'s are the hidden nodes', b₂'s the output's
        rows_w[2].add(*self.panel_lines([(r"\partial L/\partial b_2 = \partial L/\partial \hat y", f2(d.dy_hat),
                                          pal.cool)], y_top=rows_w[2].get_bottom()[1] - 0.2))
        w2_work = self.work_line(f"{f2(d.dy_hat)} × {f2(d.a1[0])} = {f2(d.dw2[0])}", pal.cool, rows_w[0],
                                 buff=0.2)
        # each factor names its role, as the first layer's product below does: ∂L/∂ŷ in the gradients' colour, the
        # hidden value a in the activations' (its tag under the node is lit in it)
        at = len(f2(d.dy_hat)) + 1  # glyphs: the output's gradient, then "×"
        w2_work[at:at + len(f2(d.a1[0]))].set_color(pal.accent)
        w2_sym = self.symbols_over(w2_work, ("∂L/∂ŷ ·", "a"), (pal.cool, pal.accent))
        # the hops and the slope tags leave the record as they leave (the worked products left with the first hop)
        self.shown.update(work=" | ".join(t.text for t in self.chain[1]), slope_shown="")
        # the hop lines are gone before the formula comes in where they stood: never the two drawn over each other
        self.caption(self.s("cap_back_w2"), with_=[Succession(FadeOut(self.hops, run_time=0.45), self.under_chain(rows_w[0])),
                                                   *(FadeOut(t) for t in self.slope_tags)], run_time=1.0)
        self.read(rows_w[0], VGroup(self.a_tags[0], self.dy_tag))
        w2, w1 = ("w2", 0), ("w1", 0, 0)
        both = lambda *shown: self.weights_and_grads(shown)  # noqa: E731
        self.worked_first(self.s("cap_back_w2_num", w=f2(d.w2[0]), dy=f2(d.dy_hat), a=f2(d.a1[0]), g=f2(d.dw2[0])), w2_work, w2,
                          self.swap_heads("g", ("2",)), [self.dy_tag, self.a_tags[0]], both(w2),
                          extra=[Succession(Wait(0.3), FadeIn(w2_sym, shift=0.2 * DOWN, run_time=0.4))])
        self.rows.add(w2_sym, w2_work)  # they leave with the panel
        self.read(VGroup(self.lab_g[("w2", 0)], self.a_tags[0], self.dy_tag), w2_work)
        self.w1_on = frozenset([w1])  # the one W₁ edge the cue works: its gradient first, in the table
        # room for the table under the panel: the hidden nodes' work leaves (their gradients stay in the nodes) and
        # the first layer's formula comes in at the panel's top
        rows_w[1].shift((2.5 - rows_w[1].get_top()[1]) * UP)
        self.chain = None
        w1_work = self.work_line(f"{f2(d.dz1[0])} × {f2(d.x[0])} = {f2(d.dw1[0, 0])}", pal.cool, rows_w[1],
                                 buff=0.2)
        # the input factor in the inputs' colour (their nodes are lit in it): x₁ is never read as a weight of the same
        # value (seed 004's x₁ = 0.90 = W₁[1, 0]), which the paths' products write in the weights' ink
        at = len(f2(d.dz1[0])) + 1  # glyphs: the node's gradient, then "×"
        w1_work[at:at + len(f2(d.x[0]))].set_color(pal.accent)
        w1_sym = self.symbols_over(w1_work, ("∂L/∂z ·", "x"), (pal.cool, pal.accent))
        self.worked_first(self.s("cap_back_w1", dz=f2(d.dz1[0]), x=f2(d.x[0]), g=f2(d.dw1[0, 0])), w1_work, w1,
                          [], [self.hid_text[0], self.in_text[0]], both(w2, w1),
                          extra=[*self.flash([self.e1[0, 0]], pal.cool, True),
                                 self.panel_to(rows_w[1]),
                                 # the table of the W₁ gradients comes in, the worked edge's column lit: its
                                 # gradient lands there while the weight stays on its edge
                                 *self.table_in(), *self.light(w1),
                                 Succession(Wait(0.5), FadeIn(w1_sym, shift=0.2 * DOWN, run_time=0.4))], delay=0.5)
        self.rows.add(w1_sym, w1_work)  # they leave with the panel
        self.read_cue(VGroup(self.lab_g[("w1", 0, 0)], self.in_text[0], self.hid_text[0]), w1_work)
        self.shown["edges"] = "weights and gradients"  # the others' gradients come in with the next cue
        self.caption(self.s("cap_back_end"), with_=self.light())
        # the edges' gradients, one layer after another (each edge lit as its gradients come in under its weights)
        # every first-layer gradient joins the worked one on its own edge: by the section's end all are drawn
        self.w1_on = frozenset(k for k in self.weight_keys() if k[0] == "w1")
        self.walk_edges(new=[k for k in self.weight_keys() if k not in (w2, w1)], paced=True)
        # a bias's gradient is its node's: each b label comes back beside its node with its gradient next to
        # it (a₁ is no longer needed there) as the cue says so, and the node's gradient moves into it
        self.bias_pairs(rows_w[2])

    def edge_values(self, kind: str, which: str = "", shown=None, skip=None, keep=None) -> str:
        """The values the edges and biases show (kind "w", "g" or "n"), for the per-frame record; `shown`
        names labels drawn instead of their kind's (the nudged weight's new value), `skip` a label not drawn,
        `keep` the only weights whose labels are drawn (the biases as `bias_on` says)."""
        every = {"w": self.lab_w, "g": self.lab_g, "n": self.lab_n}
        labels = {**every[kind], **(shown or {})}
        biases = self.biases()
        texts = []
        for k, lab in labels.items():
            if (which and not k[0].startswith(which)) or k == skip or (keep is not None and k not in keep and k not in biases):
                continue
            # a bias shows the labels that are on screen (`bias_on`), whatever the edges show
            texts += [every[b][k][1].text for b in self.bias_on] if k in biases else [lab[1].text]
        return ", ".join(texts)

    w1_on: frozenset = frozenset()  # the W₁ edges whose gradient is drawn: the worked one, then all six

    def grad_on(self, key) -> bool:
        """Whether weight `key`'s gradient is drawn once the edges hold gradients: every W₂ edge's, a W₁ edge's
        once the backward pass has reached it (the worked one first, the other five with the last cue)."""
        return key[0] == "w2" or key in self.w1_on

    def weights_and_grads(self, grads=None, shown=None) -> str:
        """The record of the edges once the weights have their gradients (those drawn, or `grads`): every weight on
        its edge (`shown`: a nudged weight's new value instead), a W₂ gradient under it, a W₁ one in the table."""
        grads = [k for k in self.weight_keys() if self.grad_on(k)] if grads is None else list(grads)
        return self.edge_values("w", keep=self.weight_keys(), shown=shown) + " | " + self.edge_values("g", keep=grads)

    def weight_keys(self) -> list:
        """The label keys of the weights: ("w1", i, j) and ("w2", i)."""
        return [k for k in self.lab_w if k not in self.biases()]

    bias_on = ("w",)  # which of a bias's labels are on screen ("w": b 0.10, "n": its new value), for the record

    def biases(self) -> list:
        """The label keys of the biases: ("b1", i) and "b2"."""
        return [k for k in self.lab_w if k == "b2" or k[0] == "b1"]

    def bias_grads(self) -> list:
        """The biases' gradients (under their nodes from the end of the backward pass to the nudge, and again in the
        update; equal to the values inside their nodes)."""
        return [self.lab_g[k] for k in self.biases()] + ([self.bias_key] if self.bias_key is not None else [])

    def unlit(self, node):
        return node.animate.set_fill(self.pal.panel, opacity=1).set_stroke(self.pal.muted)

    def nudge(self):
        d, pal = self.data, self.pal
        h = f2(d.nudge)
        self.section("nudge", self.s("cap_nudge_q"),
                     keep=[*self.node_texts(), self.rows, self.mode_key, *self.bias_grads(), *self.path_chips,
                           *self.lab_g.values(), *self.heads["g"].values()])
        self.shown["phase"] = "nudge"
        edge, k = self.nudged()
        which = self.txt(f"w = {f2(d.nudge_w)} → {f2(d.nudged_w)}", size=LABEL, color=pal.accent)
        fit_panel(which).move_to([PANEL_X, 2.45, 0], aligned_edge=UP + LEFT)
        # the question's cue: the gradient picture stays (every node, edge and bias keeps its gradient); the panel
        # clears, the input gets its value back, and the weight to nudge is marked, its gradient pointed at
        # the record drops what leaves with the panel as it starts to leave (`numbers --at` lists what is drawn)
        self.shown.update(dx_shown="", paths_shown="", work="", weight_tag="", x_shown=vec(d.x))
        # the weights stay on their edges; a nudged first-layer weight's gradient comes back in the table, its
        # column lit (an output weight's gradient is under it on its edge)
        self.w1_on = frozenset([k]) if k[0] == "w1" else frozenset()
        marked = [*self.table_in(), FadeIn(self.lab_g[k]), *self.light(k)] if k[0] == "w1" else []
        # the biases' gradients (∂L/∂b, equal to their nodes' gradients) leave before the re-run: a node that shows the
        # re-run's value never has a gradient under it; they come back with the gradient picture (`all_grads_back`)
        self.bias_on = ()
        self.shown["edge_values"] = self.weights_and_grads()
        self.play(FadeOut(self.rows), self.new_key(self.s("nudge", h=h), pal.accent), *self.inputs_back(), *marked,
                  *(FadeOut(g) for g in self.bias_grads()), run_time=1.0)
        # the marked edge's weight is nudged on its edge, in its label's place, over its gradient
        w_new = self.edge_label(f2(d.nudged_w), pal.ink, self.lab_w[k].get_center())  # a weight: in the weights' ink
        self.label_on(w_new[1], edge)
        self.play(edge.animate.set_stroke(pal.accent, width=6), Indicate(self.lab_w[k][1], color=pal.accent),
                  run_time=0.8)
        self.read(edge, self.lab_w[k], self.lab_g[k])
        # the nudge's cue, which runs the forward pass again: the marked weight's old and new value in the panel and
        # the new one on its edge (its gradient stays under it, which the prediction below uses)
        # the forward pass runs again in the net: the nodes' gradients leave, the hidden nodes show the re-run's values
        # and the output waits ("?") for the flash; the hidden title names values again, ∂L/∂ŷ leaves
        hid = [self.node_text(f2(v), True).move_to(n) for v, n in zip(d.a1_nudged, self.nodes_hid)]
        wait_out = self.node_text("?", True).move_to(self.node_out)
        # the loss waits too: its old value never stands beside an output that is still being worked out
        wait_loss = self.node_text("?", False).move_to(self.loss_box)
        rerun_nodes = [*(swap(o, nw) for o, nw in zip(self.hid_text, hid)), swap(self.out_text, wait_out),
                       swap(self.loss_text, wait_loss), self.unlit(self.loss_box),
                       *(self.lit(n, pal.accent) for n in (*self.nodes_hid, self.node_out)),
                       swap(self.d_titles[0], self.col_titles[1]), FadeOut(self.dy_tag)]
        self.shown["dy_shown"] = ""
        self.hid_text, self.out_text, self.loss_text = hid, wait_out, wait_loss
        self.caption(self.s("cap_nudge", w=f2(d.nudge_w), w1=f2(d.nudged_w)),
                     with_=[FadeIn(which), Succession(Wait(0.3), swap(self.lab_w[k], w_new, 0.8)), *rerun_nodes],
                     run_time=1.4, shown={"nudge_shown": which.text, "hidden_shown": vec(d.a1_nudged), "y_hat_shown": "?", "loss_shown": "?",
                                          "edge_values": self.weights_and_grads().replace(self.lab_w[k][1].text, w_new[1].text, 1)})
        self.w_new = w_new
        self.play(*self.flash([edge], pal.accent), run_time=0.6)  # the re-run starts at the nudged weight
        self.read_cue(edge, *hid)
        # the nudge ripples forward node by node, each node's change beside it over its ratio to the change before
        path = self.nudge_path = [edge] + ([] if d.nudge_at[0] == 2 else [self.e2[d.nudge_at[1]]]) + [self.e3]
        self.ripple_steps(path)
        # ... and, from the new output, a new loss, in its box from the first frame of the cue that states it
        self.play(*self.flash(path[-1:], pal.accent), run_time=0.5)
        l0, l1 = fmt_num(d.loss, 3), fmt_num(d.loss_nudged, 3)
        moved = self.txt(self.s("loss_moved", a=l0, b=l1), size=LABEL, color=pal.accent)
        fit_panel(moved).next_to(which, DOWN, buff=0.2, aligned_edge=LEFT)
        def way(a, b, c):  # how a change is found: words and formula, on one line when they fit
            g = VGroup(self.txt(a, size=SMALL, color=pal.ink), self.d_words(b, c)).arrange(RIGHT, buff=0.2)
            g.arrange(RIGHT, buff=0.35)
            return g.arrange(DOWN, buff=0.1, aligned_edge=LEFT) if g.width > PANEL_ROOM else g

        rerun = way(self.s("rerun"), "ΔL = L′ − L", pal.accent).next_to(moved, DOWN, buff=0.3, aligned_edge=LEFT)
        # the measured change right under its name, ΔL
        # the values carry on their formulas in the same face, and the whole nudge (measured and predicted change of
        # the loss) in the nudge's colour
        v1 = fit_panel(self.txt("= " + f5(d.dloss_nudge), size=SMALL, color=pal.accent))
        v1.next_to(rerun, DOWN, buff=0.12).align_to(rerun[-1], LEFT)  # under its formula
        ratio = self.ripple_loss_rows(v1)
        predict = way(self.s("predict"), f"∂L/∂w × {h}", pal.accent)
        predict.next_to(v1, DOWN, buff=0.3).set_x(PANEL_X + predict.width / 2)  # in the ratio's place as it leaves
        # the gradient at the precision the product needs, times the nudge: the prediction worked out, under it
        times = self.txt(f"= {grad_text(d)} × {h} = {pred_text(d)}", size=SMALL, color=pal.accent)
        if times.width > PANEL_ROOM - 0.3:  # too long for one line at full size: the result under the product
            times = VGroup(self.txt(f"= {grad_text(d)} × {h}", size=SMALL, color=pal.accent),
                           self.txt(f"= {pred_text(d)}", size=SMALL, color=pal.accent)).arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        fit_panel(times)
        times.next_to(predict, DOWN, buff=0.12).align_to(predict[-1], LEFT)  # under its formula
        self.loss_nudged = self.node_text(l1, True, self.loss_box.width * 0.92).move_to(self.loss_box)
        self.remove(self.loss_text).add(self.loss_nudged)  # in one frame, the cue's first: the box is never blank
        self.caption(self.s("cap_nudge_loss", l0=l0, l1=l1, d=f5(d.dloss_nudge)),
                     with_=[self.lit(self.loss_box, self.changed(d.loss_nudged, d.loss)),
                            FadeIn(moved), FadeIn(rerun, shift=0.2 * DOWN), FadeIn(v1, shift=0.2 * DOWN)], run_time=0.3,
                     shown={"loss_shown": l1, "dloss_shown": f5(d.dloss_nudge)})
        self.read(v1, moved)
        self.ripple_loss(ratio)
        keys = caption_keys(d)
        # the edge's gradient pointed at as the prediction comes in; the weight's and loss's lines (on the edge and in the
        # loss box) leave with the ratio and the rest moves up: the panel holds seven lines at most
        VGroup(predict, times).shift(up := (which.get_top()[1] - rerun.get_top()[1]) * UP)
        self.caption(self.s(keys["nudge"], g=grad_text(d), h=h, p=pred_text(d)),
                     with_=[Succession(FadeOut(VGroup(ratio, which, moved), run_time=0.4),
                                       VGroup(rerun, v1).animate(run_time=0.4).shift(up), Wait(0.7)),
                            Succession(Wait(0.8), FadeIn(predict, shift=0.2 * DOWN, run_time=0.3), Wait(0.4)),
                            Indicate(self.lab_g[k][1], color=pal.accent), Succession(Wait(1.1), FadeIn(times, run_time=0.4))], run_time=1.5,
                     shown={"predicted_shown": f"{h}: {pred_text(d)}", "ripple_ratio_shown": "", "nudge_shown": ""})
        self.rows = VGroup(rerun, v1, predict, times, self.ripple_compare(times))  # measured ≈ predicted
        self.read(times, v1)
        # the sign's cue points at what it names in turn: the gradient's sign, the weight raised, the loss lowered
        self.caption(self.s(keys["dir"]))
        self.read(self.lab_g[k], self.w_new, self.loss_nudged, v1, every=1.25)
        self.undo_nudge(edge, k, l0, l1)

    def update(self):
        d, pal = self.data, self.pal
        lr = lr_text(d.lr)
        self.section("update", self.s("cap_update_rule"),
                     keep=[*self.node_texts(), self.rows, self.mode_key, *self.lab_g.values(), *self.bias_grads(), *self.heads["g"].values(),
                           *(self.lab_w[j] for j in self.weight_keys())])
        self.shown["phase"] = "update"
        edge, k = self.nudged()
        rule = self.tex(r"W \leftarrow W - \mathrm{lr}\cdot\partial L/\partial W", size=TEX, color=pal.ink)
        rule.move_to([PANEL_X, 2.45, 0], aligned_edge=UP + LEFT)
        g = self.grad_of(k)
        new = d.w2_new[k[1]] if k[0] == "w2" else d.w1_new[k[1], k[2]]
        step_text = self.s("step_line", w=f2(d.nudge_w), lr=lr, g=f2(g), n=f2(new))
        step = self.rule_line(step_text, rule)
        # one bias worked the same way, in the marked weight's place once that has taken its step: the output's,
        # b ← b − lr × ∂L/∂b (one worked line at a time: the first layer's table needs the panel's lower part)
        bstep_text = self.s("bias_step", b=f2(d.b2), lr=lr, g=f2(d.db2), n=f2(d.b2_new))
        bstep = self.rule_line(bstep_text, rule)
        # what the new values' colours mean
        key = VGroup(*(self.txt(self.s(w), size=SMALL, color=c) for w, c in (("key_up", pal.ok), ("key_down", pal.bad))))
        below = step if step.height >= bstep.height else bstep
        fit_panel(key.arrange(DOWN, buff=0.06, aligned_edge=LEFT)).next_to(below, DOWN, buff=0.15).set_x(PANEL_X + key.width / 2)
        # every edge and bias still shows its gradient (the nudge kept them): the panel gives way to the rule, and
        # as the cue says each weight steps against its own gradient, the gradients light up layer by layer
        # (the header names the rule; the learning rate joins it with the cue that states it)
        # the undone nudge leaves the record as it leaves the panel
        self.shown.update(nudge_shown="", dloss_shown="", predicted_shown="", work="")
        self.play(self.panel_to(rule), self.new_key(self.s("card_upd"), pal.ok), run_time=0.8)
        self.walk_edges(pal.ok, cue=False)
        self.shown["loss_shown"] = fmt_num(d.loss, 3)
        self.bias_on = ("g",)
        self.shown["edge_values"] = self.weights_and_grads()
        self.rows = VGroup(rule, step, bstep, key)
        # each gradient, on its edge or under its bias, becomes its step in place
        chips = {j: self.step_chip(j) for j in self.lab_w}
        weights = self.weight_keys()  # on their edges over their steps; a W₁ weight's step is in its table column
        steps = ", ".join(self.lab_w[j][1].text for j in weights) + " | " + ", ".join(c[1].text for c in chips.values())
        # every gradient becomes its step, −lr × itself, in place (a bias's step hangs under its node) ...
        self.caption(self.s("cap_update", lr=lr),
                     with_=[*(swap(self.lab_g[j], chips[j]) for j in chips),
                            *self.swap_heads("s", [n for n in ("1", "2") if self.head_on.get(n) == "g"]), *self.table_to_steps(),
                            *self.values_back(),  # the nodes' gradients leave with the biases' (a₁ back in the nodes)
                            self.new_key(self.s("update", lr=lr), pal.ok),
                            FadeIn(key, shift=0.2 * DOWN),  # the colours' key with the first coloured values
                            *([FadeOut(self.bias_key)] if self.bias_key is not None else [])],  # steps now, not ∂L/∂b
                     run_time=1.0, shown={"lr_shown": lr, "steps_shown": steps, "edge_values": steps})
        # ... the marked one's step, in its place like every other edge's, is worked in the panel ...
        self.play(Indicate(self.em(chips[k]), color=pal.ok, scale_factor=1.15), FadeIn(step, shift=0.2 * DOWN), run_time=0.9)
        self.shown["work"] = step_text
        shown_at = self.now - 0.9
        self.read(step, chips[k])
        # the worked arithmetic held for its reading and a second to check it (it left after ~1.5 s)
        self.wait(max(0.0, shown_at + reading_time(step_text) + 1.0 - self.now))
        # ... and so is the output's bias, its step under its node, its worked line in the weight's line's place
        self.shown["work"] = bstep_text
        self.play(Indicate(self.em(chips["b2"]), color=pal.ok, scale_factor=1.15), swap(step, bstep, 0.9),
                  run_time=0.9)
        self.read(bstep, chips["b2"])
        # the weight's worked line has left (a faded-out text is whole again off screen): the panel's rows no longer
        # hold it, so the section's fade-out never brings it back over the bias's line
        self.rows = VGroup(rule, bstep, key)
        # ... then every step at once, the worked ones too, each coloured like its step (rises and falls in the key's
        # colours): a weight's step moves up into it, a bias's step becomes its new value in place; no edge shows a
        # new weight while another still shows its old one
        rest = list(self.lab_w)
        # (a W₁ weight's step travels from its table column onto its edge; the table leaves with them)
        self.play(*(self.step_in(chips[j], j, 1.5) if j in weights else swap(chips[j], self.lab_n[j], 1.5) for j in rest),
                  *self.table_out(keep=weights), *self.swap_heads("n"), run_time=1.5)
        for j in rest:
            self.remove(chips[j])
        self.bias_on = ("n",)
        self.shown.update(edges="new weights", edge_values=self.edge_values("n"), steps_shown="")
        self.read(self.lab_n[k], *self.heads["n"].values(), key)

    def beside(self, i: int, t: float = 0.3):
        """Where ∂L/∂a₁[i] waits beside hidden node i: off its edge to the output, on the side away from the
        other edges (above the top and middle ones, below the bottom one), clear of the node and the W₂ label (the
        bottom one further off, so that it passes wide of its W₂ label, which lies on its side of the edge)."""
        edge = self.e2[i]
        dx, dy = edge.get_unit_vector()[:2]
        normal = np.array([-dy, dx, 0.0]) if dy <= 0 else np.array([dy, -dx, 0.0])
        if abs(dy) < 0.1:  # a level edge: below it, close, where its gradient will stand, clear of its weight above
            normal = -np.abs(normal)  # (and far enough along to clear the node and the bottom W₂ edge's labels)
            t = max(t, 0.4)
        at = edge.point_from_proportion(t) + ((0.8 if t < W2_T else 0.6) if dy > 0.1 else 0.3) * normal
        if normal[1] > 0:  # above its edge: the number waiting there keeps 0.15 over the edge's weight, never on it
            lab, probe = self.lab_w[("w2", i)], self.edge_label(f2(self.data.da1[i]), self.pal.cool, at)
            if probe.get_left()[0] < lab.get_right()[0] and lab.get_left()[0] < probe.get_right()[0]:
                at = at + max(0.0, lab.get_top()[1] + 0.15 - probe.get_bottom()[1]) * UP
        return at

    def edge_of(self, key):
        return self.e2[key[1]] if key[0] == "w2" else self.e1[key[1], key[2]]
