"""backprop_small: the 2-3-1 tanh net of seed 004 "補充：前向傳播 × 反向傳播": forward, backward, one update.

Sections: net (edges with their weights, x = [0.9, −0.4]) → forward (a₁ = tanh(W₁x + b₁), ŷ, loss) → backward
(∂L/∂ŷ, ∂L/∂z₁, ∂L/∂x on the nodes, ∂L/∂w on every edge) → update (W ← W − lr·∂L/∂W) → again (the new
weights: loss 0.603 → 0.278) → summary. Nodes show 2 decimals, the loss 3; every number is read from
engine.smallnet.SmallNetStep.

The input, weights, biases, target and learning rate are parameters (studio.catalogue.accepts.training, every
number within ±3): long values shrink to fit their node or the panel, and the captions whose claim
depends on the numbers (ŷ far from the target; the loss went down) pick the variant that holds
(`caption_keys`).

The pieces: scenes.backprop.strings (the words, the number formats and caption_keys) and
scenes.backprop.net (the network, its labels and the panel); this module holds the sections and the
order of the scene.
"""
from __future__ import annotations

from manim import DOWN, LEFT, UP, Create, FadeIn, FadeOut, FadeTransform, Indicate, VGroup

from look import fmt_num
from scenes.backprop.net import PANEL_X, BackpropNet, fit_panel
from scenes.backprop.strings import STRINGS, caption_keys, f2, lr_text, vec
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene

DECIMALS = {**dict.fromkeys(("x", "w1", "b1", "w2", "b2", "z1", "a1", "y_hat", "dy_hat", "da1", "dz1", "dx", "dw2",
                             "db2", "dw1", "db1", "w1_new", "b1_new", "w2_new", "b2_new", "z1_new", "a1_new",
                             "y_hat_new"), 2), "loss": 3, "loss_new": 3}


class BackpropSmall(BackpropNet, LectureScene):
    strings = STRINGS

    def construct(self):
        self.add_title(align="left")
        self.build()
        self.net()
        self.forward()
        self.backward()
        self.update()
        self.again()
        keep = [*self.node_texts(), self.rows, self.mode_key, self.nkey, self.summary]
        self.section("summary", self.s("cap_summary"), keep=keep)
        read_with(self, self.summary[1], self.summary[0])

    # -- sections ------------------------------------------------------------------------------------
    def net(self):
        d = self.data
        self.section("net", self.s("cap_net", x0=f2(d.x[0]), x1=f2(d.x[1])))
        self.shown["phase"] = "net"
        self.play(Create(self.edges), run_time=1.2)
        self.play(FadeIn(VGroup(*self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box)),
                  FadeIn(self.col_titles), run_time=1.0)
        self.play(FadeIn(VGroup(*self.lab_w.values())), *self.set_mode_key("edge_key_w", self.pal.muted),
                  run_time=1.0)
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
        self.section("backward", self.s("cap_backward", dy=f2(d.dy_hat)), keep=self.node_texts())
        self.shown["phase"] = "backward"
        rows = self.panel_lines([
            (r"\partial L/\partial \hat y = \hat y - t", f2(d.dy_hat, True), pal.cool),
            (r"\partial L/\partial z_1 = W_2\,\partial L/\partial\hat y\odot(1-a_1^2)", f"[{vec(d.dz1, True)}]",
             pal.cool),
            (r"\partial L/\partial x = W_1^{\top}\,\partial L/\partial z_1", f"[{vec(d.dx, True)}]", pal.cool),
            (r"\partial L/\partial W_2 = \partial L/\partial\hat y\;a_1", f"[{vec(d.dw2, True)}]", pal.cool),
            (r"\partial L/\partial W_1 = \partial L/\partial z_1\,x^{\top}", "", pal.cool),
        ])
        key = self.panel_key(self.s("backward"), pal.cool)
        old_rows, old_key = self.rows, self.mode_key
        self.mode_key = key
        self.rows = VGroup(*rows)
        self.out_text, = self.advance([self.e3], pal.cool, [self.node_out], [self.out_text],
                                      [f2(d.dy_hat, True)], FadeIn(rows[0]), FadeOut(old_rows), FadeOut(old_key),
                                      FadeIn(key), back=True, flash_time=0.6)  # ① output
        self.shown["y_hat_shown"] = f2(d.dy_hat, True)
        self.wait(2)
        w2_keys = [("w2", i) for i in range(3)] + ["b2"]
        self.hid_text = self.advance(self.e2, pal.cool, self.nodes_hid, self.hid_text, [f2(v, True) for v in d.dz1],
                                     *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w2_keys),
                                     FadeIn(rows[1]), FadeIn(rows[3]), back=True, run_time=1.0)  # ② hidden
        self.shown["hidden_shown"] = vec(d.dz1, True)
        self.wait(2.5)
        w1_keys = [k for k in self.lab_w if k[0] in ("w1", "b1")]
        self.gkey = self.txt(self.s("edge_key_g"), size=18, color=pal.cool).next_to(key, DOWN, 0.08, aligned_edge=LEFT)
        self.in_text = self.advance(list(self.e1.values()), pal.cool, self.nodes_in, self.in_text,
                                    [f2(v, True) for v in d.dx],
                                    *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w1_keys),
                                    FadeIn(rows[2]), FadeIn(rows[4]), FadeIn(self.gkey), back=True,
                                    flash_time=1.2, run_time=1.0)  # ③ inputs, and every W1 gradient
        self.shown["x_shown"] = vec(d.dx, True)
        self.shown["edges"] = "gradients"
        read_with(self, *self.rows)

    def update(self):
        d, pal = self.data, self.pal
        self.section("update", self.s("cap_update", lr=lr_text(d.lr)), keep=self.node_texts())
        self.shown["phase"] = "update"
        key = self.panel_key(self.s("update", lr=lr_text(d.lr)), pal.ok)
        rule = self.tex(r"W \leftarrow W - \mathrm{lr}\cdot\partial L/\partial W", size=30, color=pal.ink)
        rule.move_to([PANEL_X, 2.35, 0], aligned_edge=UP + LEFT)
        lines = VGroup(
            self.txt(self.s("w2_line", a=vec(d.w2), b=vec(d.w2_new)), size=18, color=pal.ok, line_spacing=0.8),
            self.txt(self.s("b2_line", a=f2(d.b2), b=f2(d.b2_new)), size=18, color=pal.ok),
            self.txt(self.s("b1_line", a=vec(d.b1), b=vec(d.b1_new)), size=18, color=pal.ok, line_spacing=0.8),
        ).arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        fit_panel(lines).next_to(rule, DOWN, buff=0.3, aligned_edge=LEFT)
        nkey = self.txt(self.s("edge_key_n"), size=18, color=pal.ok).next_to(key, DOWN, buff=0.08, aligned_edge=LEFT)
        self.play(FadeOut(self.rows), FadeOut(self.mode_key), FadeOut(self.gkey), FadeIn(key), FadeIn(nkey),
                  FadeIn(rule), run_time=0.8)
        self.mode_key = key
        self.play(*(FadeTransform(self.lab_g[k], self.lab_n[k]) for k in self.lab_g), run_time=1.5)
        self.shown["edges"] = "new weights"
        self.play(FadeIn(lines, lag_ratio=0.3), run_time=1.2)
        self.rows = VGroup(rule, lines)
        self.nkey = nkey
        read_with(self, *lines)

    def again(self):
        d, pal = self.data, self.pal
        self.section("again", self.s("cap_again_run"), keep=[*self.node_texts(), self.rows])
        self.shown["phase"] = "again"
        key = self.panel_key(self.s("again"), pal.accent)
        summary = VGroup(
            self.txt(self.s("y_line", a=f2(d.y_hat), b=f2(d.y_hat_new)), size=22, color=pal.accent),
            self.txt(self.s("loss_line", a=fmt_num(d.loss, 3), b=fmt_num(d.loss_new, 3)), size=26, color=pal.ok,
                     weight="BOLD"),
        ).arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        fit_panel(summary).next_to(self.rows, DOWN, buff=0.45, aligned_edge=LEFT)
        self.in_text = self.advance([], pal.accent, self.nodes_in, self.in_text, [f2(v) for v in d.x],
                                    FadeOut(self.mode_key), FadeOut(self.nkey), FadeIn(key))
        self.mode_key = key
        self.shown["x_shown"] = vec(d.x)
        self.hid_text = self.advance(list(self.e1.values()), pal.accent, self.nodes_hid, self.hid_text,
                                     [f2(v) for v in d.a1_new])
        self.shown["hidden_shown"] = vec(d.a1_new)
        self.out_text, = self.advance(self.e2, pal.accent, [self.node_out], [self.out_text], [f2(d.y_hat_new)],
                                      flash_time=0.8)
        self.shown["y_hat_shown"] = f2(d.y_hat_new)
        self.loss_text, = self.advance([self.e3], pal.ok, [self.loss_box], [self.loss_text],
                                       [fmt_num(d.loss_new, 3)], FadeIn(summary, lag_ratio=0.4),
                                       flash_time=0.6, run_time=1.2)
        self.shown["loss_shown"] = fmt_num(d.loss_new, 3)
        self.summary = summary
        self.play(Indicate(summary[1], color=pal.ok), run_time=1.0)
        # the change is stated once both numbers are on screen
        self.caption(self.s(caption_keys(d)["again"], y0=f2(d.y_hat), y1=f2(d.y_hat_new),
                            l0=fmt_num(d.loss, 3), l1=fmt_num(d.loss_new, 3), lr=lr_text(d.lr)))
        read_with(self, summary[1], summary[0])


SCENE = BackpropSmall
