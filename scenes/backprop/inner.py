"""backprop_small's second nudge (seed 004 "補充：前向傳播 × 反向傳播", what a gradient means): after the output
weight's nudge is undone, a first-layer weight (the largest |∂L/∂W₁|, engine.smallnet.nudge_inner) is moved by
+0.01 the same way. Its edge turns the nudge's colour and the forward pass flashes along its path to the loss; the
panel writes the weight's old and new value, the re-run's loss and ΔL, then, as the next cue says so, the edge's
own gradient, copied from its label, times 0.01: the two agree at the digits shown, so the gradient of a weight
the chain rule reached reads as a sensitivity like the output weight's. Mixed into
scenes.backprop_small.BackpropSmall (needs BackpropNet, Passes and LectureScene).
"""
from __future__ import annotations

from manim import DOWN, LEFT, UP, FadeIn, Indicate, TransformFromCopy, VGroup

from look import fmt_num
from scenes.backprop.net import EDGE_W, LABEL, PANEL_X, TEX, fit_panel
from scenes.backprop.strings import f2, f5, pred_text


class Inner:
    """`inner_nudge`: the nudge of a first-layer weight, two cues; `inner_leave`: its marks leave the net."""

    inner_leave: list = []

    def inner_nudge(self) -> None:
        d, pal = self.data, self.pal
        _, i, j = d.inner_at
        key, edge, h = ("w1", i, j), self.e1[i, j], f2(d.nudge)
        m = lambda t: t.replace("−", "-")  # noqa: E731
        l0, l1, dl = fmt_num(d.loss, 3), fmt_num(d.inner_loss_nudged, 3), f5(d.inner_dloss)
        which = self.txt(self.s("inner_line", w=f2(d.inner_w), w1=f2(d.inner_nudged_w)), size=LABEL, color=pal.accent)
        moved = self.txt(self.s("loss_moved", a=l0, b=l1), size=LABEL, color=pal.accent)
        measured = self.tex(r"\Delta L = " + m(dl), size=TEX, color=pal.accent)
        block = fit_panel(VGroup(which, moved, measured).arrange(DOWN, buff=0.2, aligned_edge=LEFT))
        block.move_to([PANEL_X, 2.45, 0], aligned_edge=UP + LEFT)
        g, p = f2(d.inner_grad), pred_text(d, d.inner_grad)
        predict = VGroup(self.txt(self.s("predict"), size=LABEL, color=pal.ink),
                         self.tex(rf"\partial L/\partial w \times {h}", size=TEX, color=pal.accent),
                         self.tex(rf"= {m(g)} \times {h} = {m(p)}", size=TEX, color=pal.accent))
        fit_panel(predict.arrange(DOWN, buff=0.1, aligned_edge=LEFT)).next_to(block, DOWN, buff=0.3, aligned_edge=LEFT)
        # the re-run: the nudged edge in the nudge's colour, the forward pass along its path to the loss; the loss's
        # change comes in with the cue that states it
        path = [edge, self.e2[i], self.e3]
        self.caption(self.s("cap_inner", w=f2(d.inner_w), w1=f2(d.inner_nudged_w), d=dl),
                     with_=[self.panel_to(which), edge.animate.set_stroke(pal.accent, width=6)], run_time=0.8,
                     shown={"nudge_shown": which.text})
        self.play(*self.flash(path, pal.accent), Indicate(self.lab_g[key][1], color=pal.accent), run_time=1.2)
        self.until_next_cue()
        self.shown.update(dloss_shown=dl, work=moved.text)
        self.play(FadeIn(moved, shift=0.2 * DOWN), FadeIn(measured, shift=0.2 * DOWN), run_time=0.6)
        self.rows = VGroup(block)
        self.read(measured, moved, every=1.5)
        # the edge's own gradient, copied from its label, becomes the prediction
        self.caption(self.s("cap_inner_pred", g=g, h=h, p=p),
                     with_=[FadeIn(predict[:2], shift=0.2 * DOWN), TransformFromCopy(self.lab_g[key][1], predict[2])],
                     run_time=1.2, shown={"predicted_shown": f"{h}: {p}"})
        self.rows = VGroup(block, predict)
        self.read(self.lab_g[key], predict[2], measured, every=1.5)
        self.inner_leave = [edge.animate.set_stroke(pal.muted, width=EDGE_W)]
