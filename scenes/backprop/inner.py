"""backprop_small's second nudge (seed 004 "補充：前向傳播 × 反向傳播", what a gradient means): after the output
weight's nudge is undone, a first-layer weight (engine.smallnet.inner_choice) is moved by
+0.01 the same way. Its edge turns the nudge's colour, its weight moves by 0.01 on it, and the
forward pass runs again: the panel works the sum's change Δz = 0.01 × x and writes Δa under it, then the hidden node, the
output (Δŷ in the place of its name, the edge between them lit) and the loss box show the re-run's values; the
panel writes the weight's old and new value, the re-run's loss and ΔL, then, as the next cue says so, the edge's
own gradient, in its column of the first layer's table (scenes.backprop.table), copied, times 0.01: the two agree at the digits shown, so the gradient of a weight
the chain rule reached reads as a sensitivity like the output weight's. Mixed into
scenes.backprop_small.BackpropSmall (needs BackpropNet, Passes and LectureScene).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, Succession, VGroup, Wait

from look import fmt_num
from scenes.backprop.net import EDGE_W, LABEL, PANEL_X, SMALL, fit_panel, swap
from scenes.backprop.ripple import UNDO_HOP, delta_text
from scenes.backprop.strings import f2, f5, paren, pred_text, vec
from scenes.backprop.table import TABLE_TEXT


class Inner:
    """`inner_nudge`: the nudge of a first-layer weight, two cues; `inner_leave`: its marks leave the net."""

    inner_leave: list = []
    bias_off: frozenset = frozenset()  # a bias whose labels are off screen, left out of the record

    def inner_nudge(self) -> None:
        d, pal = self.data, self.pal
        _, i, j = d.inner_at
        key, edge, h = ("w1", i, j), self.e1[i, j], f2(d.nudge)
        l0, l1, dl = fmt_num(d.loss, 3), fmt_num(d.inner_loss_nudged, 3), f5(d.inner_dloss)
        which = self.txt(self.s("inner_line", w=f2(d.inner_w), w1=f2(d.inner_nudged_w)), size=LABEL, color=pal.accent)
        # the first hop, worked: the node's sum moves by the nudge times the input this weight multiplies (the re-run's
        # z minus the original, engine inner_z1_nudged − z1)
        dz = float(d.inner_z1_nudged[i] - d.z1[i])
        zline = self.txt(f"Δz = {h} × {paren(f2(d.x[j]))} = {delta_text(dz, 'z')}", size=LABEL, color=pal.accent)
        moved = self.txt(self.s("loss_moved", a=l0, b=l1), size=LABEL, color=pal.accent)
        measured = self.txt("ΔL = " + dl, size=SMALL, color=pal.accent)
        block = fit_panel(VGroup(which, moved, measured).arrange(DOWN, buff=0.2, aligned_edge=LEFT))
        block.move_to([PANEL_X, 2.62, 0], aligned_edge=UP + LEFT)  # 2.62: Δz's symbols and line stay over the word "loss"
        # Δz at full size under the weight's line (a line wider than the panel starts left of it, clear of the net)
        VGroup(moved, measured).shift((zline.height + 0.2) * DOWN)
        zline.next_to(which, DOWN, buff=0.15).set_x(min(PANEL_X, 6.3 - zline.width) + zline.width / 2)
        # the symbols over the numbers: the nudge Δw times the input x (not the weight of the same value)
        # (0.16 between symbols and numbers: at 0.08 "Δz = Δw · x" pressed into the line under it)
        zsym = self.symbols_over(zline, ("Δz = Δw ·", "x"), (pal.accent, pal.accent),
                                 gap=0.16)
        VGroup(moved, measured).shift((zsym.height + 0.11) * DOWN)
        # the next hop, the hidden node's change, under Δz in the panel (under the node it stood among crossing edges)
        da = self.txt(f"Δa = {delta_text(d.inner_da1, 'a')}", size=LABEL, color=pal.accent)
        da.next_to(zline, DOWN, buff=0.15).set_x(PANEL_X + da.width / 2)  # at the panel's left: clear of the word "loss"
        VGroup(moved, measured).shift((da.height + 0.15) * DOWN)
        g, p = f2(d.inner_grad), pred_text(d, d.inner_grad)
        predict = VGroup(self.txt(self.s("predict"), size=LABEL, color=pal.ink),
                         self.d_words(f"∂L/∂w × {h}", pal.accent),
                         self.txt(f"= {g} × {h} = {p}", size=SMALL, color=pal.accent))
        fit_panel(predict.arrange(DOWN, buff=0.08, aligned_edge=LEFT)).next_to(block, DOWN, buff=0.3, aligned_edge=LEFT)
        # the re-run, as for the output weight: the nudged edge in the nudge's colour, its weight back on it in its
        # gradient's place and moved by +0.01 there; the forward pass flashes along its path and the hidden node and
        # the output show the re-run's values; the loss box's new loss comes in with the cue that states the change
        path = [edge, self.e2[i], self.e3]
        w_new = self.edge_label(f2(d.inner_nudged_w), pal.ink, self.lab_w[key].get_center())
        self.label_on(w_new[1], edge)
        hid = self.node_text(f2(d.inner_a1_nudged[i]), True).move_to(self.nodes_hid[i])
        out = self.node_text(f2(d.inner_y_hat_nudged), True).move_to(self.node_out)
        loss = self.node_text(l1, True, self.loss_box.width * 0.92).move_to(self.loss_box)
        before = (self.hid_text[i], self.out_text, self.loss_text)
        self.caption(self.s("cap_inner", w=f2(d.inner_w), w1=f2(d.inner_nudged_w), d=dl),
                     with_=[self.panel_to(which), edge.animate.set_stroke(pal.accent, width=6),
                            Succession(Wait(0.3), swap(self.lab_w[key], w_new, 0.8))],
                     run_time=1.2, shown={"nudge_shown": which.text, "edge_values": self.weights_and_grads(
                         shown={key: w_new})})
        # the hidden node's and the output's changes are below the nodes' two decimals: Δa in the panel under Δz (clear
        # of the crossing edges under the node), Δŷ by the output
        # first the sum's change, worked in the panel with the input it multiplies pointed at (as the nudged edge
        # flashes into its node); then Δa under it and Δŷ by the output, the hidden node's edge to the output
        # lit in the nudge's colour as the change travels along it (nudged edge, node and output read as one path)
        # Δŷ in the place of the output's name under it (which steps aside until the nudge is undone): at the end of
        # the lit path, never beside another edge
        out_name = self.col_titles[2]
        dy = self.ripple_one("y", d.inner_dy_hat).move_to(out_name, aligned_edge=UP)
        chip = VGroup(dy)
        self.shown["edge_values"] = self.weights_and_grads(shown={key: w_new})
        self.shown["ripple_shown"] = zline.text
        self.play(*self.flash(path[:1], pal.accent), FadeIn(VGroup(zsym, zline), shift=0.2 * DOWN),
                  Indicate(self.em(self.in_text[j]), color=pal.accent, scale_factor=1.0),
                  self.lit(self.nodes_hid[i], pal.accent), run_time=0.8)
        self.wait(0.8)
        self.shown["ripple_shown"] = f"{zline.text} | {da.text} | {dy[1].text}"
        self.play(*self.flash(path[1:2], pal.accent), path[1].animate.set_stroke(pal.accent, width=6),
                  swap(before[0], hid, 0.6), swap(before[1], out, 0.6),
                  Succession(FadeIn(da, shift=0.15 * DOWN, run_time=0.5), FadeOut(out_name, run_time=0.3),
                             FadeIn(dy, run_time=0.4)),
                  self.lit(self.node_out, pal.accent), run_time=1.2)
        self.shown.update(hidden_shown=vec([*d.a1[:i], d.inner_a1_nudged[i], *d.a1[i + 1:]]),
                          y_hat_shown=f2(d.inner_y_hat_nudged))
        self.until_next_cue()
        self.shown.update(dloss_shown=dl, work=moved.text, loss_shown=l1)
        self.play(*self.flash(path[2:], pal.accent), swap(before[2], loss, 0.6),
                  self.lit(self.loss_box, self.changed(d.inner_loss_nudged, d.loss)),
                  FadeIn(moved, shift=0.2 * DOWN), FadeIn(measured, shift=0.2 * DOWN), run_time=0.6)
        self.rows = VGroup(block)
        self.read(measured, moved, loss, every=1.5)
        # the first layer's gradients come back in their table, the nudged edge's row lit: its gradient, copied,
        # becomes the prediction (the nudged weight stays on its edge until the nudge is undone); the panel's first
        # line (the weight's old and new value, which its edge shows) leaves, and the rest moves up, clear of the table
        self.w1_on = frozenset(k for k in self.weight_keys() if k[0] == "w1")
        # the nudged weight's row writes the value its edge shows (0.31, not 0.30) until the nudge is undone
        cell = self.table_ws[key]
        cell_new = self.txt(f2(d.inner_nudged_w), size=TABLE_TEXT, color=pal.accent)
        cell_new.move_to(cell, aligned_edge=RIGHT)
        cell.set_opacity(0)
        up = (which.get_top()[1] - moved.get_top()[1]) * UP
        predict.shift(up + 0.16 * UP)  # closer to the lines over it, clear of the table's header under it (at 0.1 up
        # its last line butted the header)
        self.caption(self.s("cap_inner_pred", g=g, h=h, p=p),
                     # the old lines gone in 0.3 s (a Succession keeps its own timing in the 1.2 s play), before the rest moves up
                     with_=[Succession(FadeOut(VGroup(which, zsym, zline, da), run_time=0.3), Wait(0.9)),
                            Succession(Wait(0.3), VGroup(moved, measured).animate(run_time=0.5).shift(up), Wait(0.4)),
                            Succession(Wait(0.8), FadeIn(predict[:2], shift=0.2 * DOWN, run_time=0.4)), *self.table_in(), *self.light(key),
                            *(FadeIn(self.lab_g[k], run_time=0.4) for k in self.w1_on),
                            Succession(Wait(0.8), FadeIn(predict[2], run_time=0.4)), FadeIn(cell_new)],
                     run_time=1.2, shown={"predicted_shown": f"{h}: {p}", "nudge_shown": "",
                                          "ripple_shown": dy[1].text,  # Δz and Δa have left
                                          "edge_values": self.weights_and_grads(shown={key: w_new})})
        self.rows = VGroup(moved, measured, predict)
        self.read(self.lab_g[key], predict[2], measured, every=1.5)
        # the nudge undone as the next cue starts: the edge back in grey, the hidden node, output and loss their own
        self.ripple_chips = [chip]  # it leaves as the ripple's chip does (`ripple_leave`)
        # the nudge undone cause first (`run_back`): the weight, then hidden node, output and loss back to their own
        self.inner_leave = [*self.ripple_leave(), *self.light(),
                            *self.run_back(path, list(zip((loss, out, hid), reversed(before))),
                                           [swap(w_new, self.lab_w[key], UNDO_HOP),
                                            edge.animate(run_time=UNDO_HOP).set_stroke(pal.muted, width=EDGE_W),
                                            path[1].animate(run_time=UNDO_HOP).set_stroke(pal.muted, width=EDGE_W),
                                            Succession(FadeOut(cell_new, run_time=UNDO_HOP / 2),
                                                       cell.animate(run_time=UNDO_HOP / 2).set_opacity(1))])]
        self.hid_text[i], self.out_text, self.loss_text = before
