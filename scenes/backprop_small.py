"""backprop_small: the 2-3-1 tanh net of seed 004 "補充：前向傳播 × 反向傳播": forward, backward, one update.

Sections: net (edges with their weights, x = [0.9, −0.4]) → forward (a₁ = tanh(W₁x + b₁), ŷ, loss) → backward
(∂L/∂ŷ on the output, ∂L/∂z₁ on the hidden nodes, ∂L/∂w on every edge and ∂L/∂b under every node, each
column headed by what it holds) → nudge (the weight with the largest |∂L/∂w| moved by +0.01 and the forward
pass run again: the measured Δloss beside ∂L/∂w × 0.01, so a gradient reads as a sensitivity) → update
(the nodes are cleared: only ∂L/∂w and ∂L/∂b are on screen, and each turns into its new weight,
W ← W − lr·∂L/∂W) → again (the forward pass with the new weights; the ending states loss 0.603 → 0.278).
The picture never holds the weights before and after the update at once. Nodes show 2 decimals, the loss 3,
the nudge's Δloss 5; every number is read from engine.smallnet.SmallNetStep.

The input, weights, biases, target and learning rate are parameters (studio.catalogue.accepts.training, every
number within ±3): long values shrink to fit their node or the panel, and the captions whose claim
depends on the numbers (ŷ far from the target; the gradient's prediction close to the re-run; the loss
went down) pick the variant that holds (`caption_keys`).

The pieces: scenes.backprop.strings (the words, the number formats and caption_keys) and
scenes.backprop.net (the network, its labels and the panel); this module holds the sections and the
order of the scene.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, FadeTransform, Indicate, VGroup

from look import fmt_num
from scenes.backprop.net import PANEL_X, BackpropNet, fit_panel
from scenes.backprop.strings import STRINGS, caption_keys, f2, f5, lr_text, vec
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene

DECIMALS = {**dict.fromkeys(("x", "w1", "b1", "w2", "b2", "z1", "a1", "y_hat", "dy_hat", "da1", "dz1", "dx", "dw2",
                             "db2", "dw1", "db1", "w1_new", "b1_new", "w2_new", "b2_new", "z1_new", "a1_new",
                             "y_hat_new", "nudge", "nudge_w"), 2),
            "loss": 3, "loss_new": 3, "nudge_grad": 3, "loss_nudged": 5, "dloss_nudge": 5, "dloss_linear": 5}


class BackpropSmall(BackpropNet, LectureScene):
    strings = STRINGS

    def construct(self):
        self.add_title(align="left")
        self.build()
        self.net()
        self.forward()
        self.backward()
        self.nudge()
        self.update()
        self.again()

    def nudged(self):
        """The nudged weight's edge and its label key (engine's choice: the largest |∂L/∂w|)."""
        at = self.data.nudge_at
        return (self.e2[at[1]], ("w2", at[1])) if at[0] == 2 else (self.e1[at[1], at[2]], ("w1", at[1], at[2]))

    # -- sections ------------------------------------------------------------------------------------
    def net(self):
        d = self.data
        self.section("net", self.s("cap_net", x0=f2(d.x[0]), x1=f2(d.x[1])))
        self.shown["phase"] = "net"
        self.play(Create(self.edges), run_time=1.2)
        self.play(FadeIn(VGroup(*self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box)),
                  FadeIn(self.col_titles), run_time=1.0)
        self.play(FadeIn(VGroup(*self.lab_w.values(), *self.heads["w"].values())),
                  *self.set_mode_key("edge_key_w", self.pal.muted), run_time=1.0)
        self.play(*(FadeIn(t) for t in self.in_text), run_time=0.6)
        self.shown["x_shown"] = vec(d.x)
        read_with(self, *self.in_text, self.edges)

    def forward(self):
        d, pal = self.data, self.pal
        self.section("forward", self.s("cap_forward_how"), keep=[*self.node_texts(), self.mode_key])
        self.shown["phase"] = "forward"
        rows = self.panel_lines([
            (r"z_1 = W_1 x + b_1", f"[{vec(d.z1)}]", pal.ink),
            (r"a_1 = \tanh(z_1)", f"[{vec(d.a1)}]", pal.accent),
            (r"\hat y = W_2\,a_1 + b_2", f2(d.y_hat), pal.accent),
            (r"L = \tfrac12(\hat y - t)^2", fmt_num(d.loss, 3), pal.bad),
        ])
        self.rows = VGroup(*rows)
        key = self.panel_key(self.s("forward"), pal.accent)
        self.in_text = self.advance([], pal.accent, self.nodes_in, self.in_text, [f2(v) for v in d.x],
                                    FadeOut(self.mode_key), FadeIn(key))  # ① inputs
        self.mode_key = key
        self.hid_text = self.advance(list(self.e1.values()), pal.accent, self.nodes_hid, self.hid_text,
                                     [f2(v) for v in d.a1], FadeIn(rows[0]), FadeIn(rows[1]),
                                     flash_time=1.2, run_time=1.0)  # ② hidden
        self.shown["hidden_shown"] = vec(d.a1)
        self.wait(2)
        self.out_text, = self.advance(self.e2, pal.accent, [self.node_out], [None], [f2(d.y_hat)],
                                      FadeIn(rows[2]))  # ③ output
        self.shown["y_hat_shown"] = f2(d.y_hat)
        self.wait(1.5)
        self.loss_text, = self.advance([self.e3], pal.bad, [self.loss_box], [None], [fmt_num(d.loss, 3)],
                                       FadeIn(rows[3]), flash_time=0.6)  # ④ loss
        self.shown["loss_shown"] = fmt_num(d.loss, 3)
        self.caption(self.s(caption_keys(d)["forward"], y=f2(d.y_hat), t=f2(d.target), loss=fmt_num(d.loss, 3)))
        read_with(self, self.out_text, self.loss_text, rows[2], rows[3])

    def backward(self):
        d, pal = self.data, self.pal
        self.section("backward", self.s("cap_back_out", dy=f2(d.dy_hat)),
                     keep=[*self.node_texts(), self.rows, self.mode_key])
        self.shown["phase"] = "backward"
        rows = self.panel_lines([
            (r"\partial L/\partial \hat y = \hat y - t", f2(d.dy_hat, True), pal.cool),
            (r"\partial L/\partial W_2 = \partial L/\partial\hat y\;a_1", f"[{vec(d.dw2, True)}]", pal.cool),
            (r"\partial L/\partial z_1 = W_2\,\partial L/\partial\hat y\odot(1-a_1^2)", f"[{vec(d.dz1, True)}]",
             pal.cool),
            (r"\partial L/\partial W_1 = \partial L/\partial z_1\,x^{\top}", "", pal.cool),
            (r"\partial L/\partial b = \partial L/\partial z", "", pal.cool),
        ])
        key = self.panel_key(self.s("backward"), pal.cool)
        old_rows, old_key = self.rows, self.mode_key
        self.mode_key, self.rows = key, VGroup(*rows)
        self.out_text, = self.advance([self.e3], pal.cool, [self.node_out], [self.out_text],
                                      [f2(d.dy_hat, True)], FadeIn(rows[0]), FadeOut(old_rows), FadeOut(old_key),
                                      FadeIn(key), FadeTransform(self.col_titles[2], self.d_titles[1]),
                                      FadeTransform(self.lab_w["b2"], self.lab_g["b2"]),
                                      back=True, flash_time=0.5, run_time=0.7)  # ① output, and ∂L/∂b₂
        self.shown["y_hat_shown"] = f2(d.dy_hat, True)
        self.wait(1.0)
        self.caption(self.s("cap_back_chain"))
        w2_keys = [("w2", i) for i in range(3)] + [("b1", i) for i in range(3)]
        self.hid_text = self.advance(self.e2, pal.cool, self.nodes_hid, self.hid_text, [f2(v, True) for v in d.dz1],
                                     *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w2_keys),
                                     FadeTransform(self.heads["w"]["2"], self.heads["g"]["2"]),
                                     FadeTransform(self.col_titles[1], self.d_titles[0]),
                                     FadeIn(rows[1]), FadeIn(rows[2]), back=True, run_time=1.0)  # ② hidden
        self.shown["hidden_shown"] = vec(d.dz1, True)
        self.wait(2.5)
        w1_keys = [k for k in self.lab_w if k[0] == "w1"]
        self.advance(list(self.e1.values()), pal.cool, [], [], [],
                     *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w1_keys),
                     FadeTransform(self.heads["w"]["1"], self.heads["g"]["1"]),
                     FadeIn(rows[3]), FadeIn(rows[4]), back=True, flash_time=1.2, run_time=1.0)  # ③ every W1 gradient
        self.play(*(Indicate(t, color=pal.accent) for t in self.in_text), run_time=1.0)  # ∂L/∂W₁ = ∂L/∂z₁ · x
        self.shown["edges"] = "gradients"
        self.caption(self.s("cap_back_end"))
        read_with(self, *self.heads["g"].values(), *(self.lab_g[k] for k in w1_keys[:2]))

    def nudge(self):
        d, pal = self.data, self.pal
        h = f2(d.nudge)
        self.section("nudge", self.s("cap_nudge", h=h, d=f5(d.dloss_nudge)),
                     keep=[*self.node_texts(), self.rows, self.mode_key])
        self.shown["phase"] = "nudge"
        edge, k = self.nudged()
        key = self.panel_key(self.s("nudge", h=h), pal.accent)
        which = self.txt(self.s("nudge_w", w=f2(d.nudge_w), g=fmt_num(d.nudge_grad, 3)), size=22, color=pal.accent)
        fit_panel(which).move_to([PANEL_X, 2.45, 0], aligned_edge=UP + LEFT)
        col = lambda a, b, v, c: VGroup(  # noqa: E731  one side: how it was found, what it is, its value
            self.txt(a, size=20, color=pal.muted), self.txt(b, size=20, color=c),
            self.txt(v, size=28, color=c, weight="BOLD")).arrange(DOWN, buff=0.14)
        rerun = col(self.s("rerun"), self.s("rerun_what"), f5(d.dloss_nudge), pal.accent)
        predict = col(self.s("predict", h=h), self.s("predict_what", h=h), f5(d.dloss_linear), pal.cool)
        approx = self.txt("≈", size=34, color=pal.ink)
        pair = VGroup(rerun, approx, predict).arrange(RIGHT, buff=0.25, aligned_edge=UP)
        for a, b in zip(rerun, predict):  # row by row, so the two values sit on one line
            b.set_y(a.get_y())
        approx.set_y(rerun[2].get_y())
        fit_panel(pair)
        pair.next_to(which, DOWN, buff=0.5, aligned_edge=LEFT)
        self.play(FadeOut(self.rows), FadeOut(self.mode_key), FadeIn(key), FadeIn(which),
                  edge.animate.set_stroke(pal.accent, width=6), Indicate(self.lab_g[k], color=pal.accent),
                  run_time=1.0)
        self.mode_key, self.rows = key, VGroup(which, pair)
        path = [edge] + ([] if d.nudge_at[0] == 2 else [self.e2[d.nudge_at[1]]]) + [self.e3]
        for line in path:  # the forward pass again, with only this weight moved
            self.play(*self.flash([line], pal.accent), run_time=0.6)
        self.play(Indicate(self.loss_box, color=pal.accent), FadeIn(rerun, shift=0.2 * DOWN), run_time=1.0)
        self.shown["dloss_shown"] = f5(d.dloss_nudge)
        read_with(self, rerun[2], self.lab_g[k])
        self.caption(self.s(caption_keys(d)["nudge"], h=h, p=f5(d.dloss_linear)))
        self.play(FadeIn(approx), FadeIn(predict, shift=0.2 * DOWN), run_time=1.0)
        self.shown["predicted_shown"] = f5(d.dloss_linear)
        read_with(self, predict[2], rerun[2], self.lab_g[k])

    def update(self):
        d, pal = self.data, self.pal
        self.section("update", self.s("cap_update", lr=lr_text(d.lr)),
                     keep=[*self.node_texts(), self.rows, self.mode_key])
        self.shown["phase"] = "update"
        edge, k = self.nudged()
        key = self.panel_key(self.s("update", lr=lr_text(d.lr)), pal.ok)
        rule = self.tex(r"W \leftarrow W - \mathrm{lr}\cdot\partial L/\partial W", size=30, color=pal.ink)
        rule.move_to([PANEL_X, 2.35, 0], aligned_edge=UP + LEFT)
        g = self.data.dw2[k[1]] if k[0] == "w2" else self.data.dw1[k[1], k[2]]
        new = self.data.w2_new[k[1]] if k[0] == "w2" else self.data.w1_new[k[1], k[2]]
        step = self.txt(self.s("step_line", w=f2(d.nudge_w), lr=lr_text(d.lr), g=f2(g, True), n=f2(new)),
                        size=22, color=pal.ok)
        fit_panel(step).next_to(rule, DOWN, buff=0.4, aligned_edge=LEFT)
        # what the update does not use leaves: the node values (activations, ∂L/∂ŷ, ∂L/∂z) and the old loss
        self.play(FadeOut(self.rows), FadeOut(self.mode_key), FadeIn(key), FadeIn(rule),
                  *(FadeOut(t) for t in self.node_texts()),
                  *(self.unlit(n) for n in (*self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box)),
                  FadeTransform(self.d_titles[0], self.col_titles[1]), FadeTransform(self.d_titles[1], self.col_titles[2]),
                  edge.animate.set_stroke(pal.muted, width=2), run_time=1.0)
        self.mode_key, self.rows = key, VGroup(rule, step)
        self.in_text, self.hid_text, self.out_text, self.loss_text = [None] * 2, [None] * 3, None, None
        self.shown.update(phase="update", x_shown="", hidden_shown="", y_hat_shown="", loss_shown="")
        self.play(FadeIn(step, shift=0.2 * DOWN), Indicate(self.lab_g[k], color=pal.ok), run_time=1.0)
        self.wait(1.0)
        self.play(*(FadeTransform(self.lab_g[j], self.lab_n[j]) for j in self.lab_g),
                  *self.swap_heads("g", "n"), run_time=1.5)
        self.shown["edges"] = "new weights"
        read_with(self, self.lab_n[k], *self.heads["n"].values())

    def again(self):
        d, pal = self.data, self.pal
        self.section("again", self.s("cap_again_run"), keep=[self.rows, self.mode_key])
        key = self.panel_key(self.s("again"), pal.accent)
        end = self.txt(self.s("end_line", a=fmt_num(d.loss, 3), b=fmt_num(d.loss_new, 3)), size=30,
                       color=pal.ok if d.loss_new <= d.loss else pal.bad, weight="BOLD", line_spacing=0.9)
        fit_panel(end).move_to([PANEL_X, 1.2, 0], aligned_edge=LEFT)
        self.in_text = self.advance([], pal.accent, self.nodes_in, self.in_text, [f2(v) for v in d.x],
                                    FadeOut(self.rows), FadeOut(self.mode_key), FadeIn(key))
        self.mode_key = key
        self.shown.update(phase="again", x_shown=vec(d.x))
        self.hid_text = self.advance(list(self.e1.values()), pal.accent, self.nodes_hid, self.hid_text,
                                     [f2(v) for v in d.a1_new])
        self.shown["hidden_shown"] = vec(d.a1_new)
        self.out_text, = self.advance(self.e2, pal.accent, [self.node_out], [None], [f2(d.y_hat_new)],
                                      flash_time=0.8)
        self.shown["y_hat_shown"] = f2(d.y_hat_new)
        self.loss_text, = self.advance([self.e3], pal.ok, [self.loss_box], [None], [fmt_num(d.loss_new, 3)],
                                       FadeIn(end, shift=0.2 * LEFT), flash_time=0.6, run_time=1.2)
        self.shown["loss_shown"] = fmt_num(d.loss_new, 3)
        # the change is stated once both numbers are on screen
        self.caption(self.s(caption_keys(d)["again"], l0=fmt_num(d.loss, 3), l1=fmt_num(d.loss_new, 3),
                            lr=lr_text(d.lr)))
        read_with(self, end, self.loss_text)


SCENE = BackpropSmall
