"""backprop_small's forward pass (seed 004 "補充：前向傳播 × 反向傳播", 前向傳播): the top hidden node's pre-activation
worked with its own numbers, z = W₁[1,1]x₁ + W₁[1,2]x₂ + b₁[1] = 0.60 × 0.90 + (−0.40) × (−0.40) + 0.10 = 0.80 (its two edges
flash, the inputs light up and the node takes its z as the panel writes the sum), then the other two hidden nodes fill
with theirs and the panel's z₁ = W₁x + b₁ gets its vector; with the next cue tanh turns every z into a, the top
node's worked as a = tanh(0.80) = 0.66; then the output (no tanh) and the loss. Every number is the engine's
(engine.smallnet.SmallNetStep: x, w1, b1, z1, a1). Mixed into scenes.backprop_small.BackpropSmall (needs
BackpropNet and LectureScene).
"""
from __future__ import annotations

from manim import DOWN, LEFT, FadeIn, VGroup

from look import fmt_num
from scenes.backprop.net import TEX, swap
from scenes.backprop.strings import caption_keys, f2, paren, vec

TOP = 0  # the hidden node whose sum is worked: the top one, its edges ① and ④


def m(text: str) -> str:
    """A number as LaTeX writes its minus."""
    return text.replace("−", "-")


class Forward:
    """`forward`: the forward pass, one node's sum worked, the others filled; `z_worked`: that sum's lines."""

    def z_worked(self) -> VGroup:
        """The top node's sum in three lines of LaTeX: the symbols, the engine's numbers (weights, inputs and bias as
        the net writes them), the node's z (≈ when the written terms do not make it at two decimals)."""
        d = self.data
        w, x, b, z = d.w1[TOP], d.x, d.b1[TOP], d.z1[TOP]
        terms = [rf"{m(paren(f2(w[j])))} \times {m(paren(f2(x[j])))}" for j in range(2)]
        written = sum(float(f2(w[j]).replace("−", "-")) * float(f2(x[j]).replace("−", "-")) for j in range(2))
        eq = "=" if f2(written + float(f2(b).replace("−", "-"))) == f2(z) else r"\approx"
        # the symbols in the panel's own notation, W₁[1, j] the layer W₁'s weight from input j into this (the top)
        # node and b₁[1] its bias (a bare w₂ would read as the layer W₂), on two lines as the panel is narrower than
        # the sum; then one term a line, the bias with the result ("{}+": a plus that starts a line spaced as the
        # sum's, not as a sign)
        lines = [r"z = W_1[1,1]\,x[1]", r"{}+ W_1[1,2]\,x[2] + b_1[1]",
                 f"= {terms[0]}", f"{{}}+ {terms[1]}", f"{{}}+ {m(paren(f2(b)))} {eq} {m(f2(z))}"]
        return VGroup(*(self.tex(t, size=TEX, color=self.pal.accent) for t in lines)).arrange(
            DOWN, buff=0.12, aligned_edge=LEFT)

    def forward(self):
        d, pal = self.data, self.pal
        self.section("forward", keep=[*self.node_texts(), self.mode_key, self.hid_z_title])
        self.shown["phase"] = "forward"
        rows = self.panel_lines([
            (r"z_1 = W_1 x + b_1", f"[{vec(d.z1)}]", pal.accent),
            (r"a_1 = \tanh(z_1)", f"[{vec(d.a1)}]", pal.accent),
            (r"\hat y = W_2\,a_1 + b_2", f2(d.y_hat), pal.accent),
            (r"L = \tfrac12(\hat y - t)^2", fmt_num(d.loss, 3), pal.bad),
        ], stack=False)  # one formula at a time, each replacing the last
        zrow = rows[0]
        worked = self.z_worked().next_to(zrow, DOWN, buff=0.25, aligned_edge=LEFT)
        # ① with the cue that says each node sums its weighted inputs plus a bias: the inputs light up, the top node's
        # two edges flash and it takes its z, as the panel works that sum with the numbers on its edges and under it
        news = self.advance([self.e1[TOP, 0], self.e1[TOP, 1]], pal.accent, [*self.nodes_in, self.nodes_hid[TOP]],
                            [*self.in_text, None], [f2(v) for v in (*d.x, d.z1[TOP])],
                            self.new_key(self.s("forward"), pal.accent), self.panel_to(zrow[0], worked),
                            caption=self.s("cap_forward_how"), run_time=1.0, shown={"hidden_shown": f2(d.z1[TOP])})
        self.in_text = news[:2]
        # the worked sum is read against the node and the numbers on its edges; the other sums come in 2.2 s before
        # the cue ends (they stand at least 2 s before tanh turns them into a)
        self.wait(max(0.5, self.cue_left() - 1.0 - 2.2))
        # ② the other two nodes fill with their sums, their edges flashing, and the panel's z₁ gets its vector
        others = [i for i in range(3) if i != TOP]
        self.shown["hidden_shown"] = vec(d.z1)
        filled = self.advance([self.e1[i, j] for i in others for j in range(2)], pal.accent,
                              [self.nodes_hid[i] for i in others], [None] * len(others), [f2(d.z1[i]) for i in others],
                              *([FadeIn(zrow[1])] if len(zrow) > 1 else []), together=True, run_time=1.0)
        self.hid_text = [news[2] if i == TOP else filled[others.index(i)] for i in range(3)]
        self.rows = VGroup(zrow, worked)
        self.until_next_cue()
        # ③ tanh turns every z into a, the top node's worked in the panel under a₁ = tanh(z₁)
        self.shown["hidden_shown"] = vec(d.a1)
        tanh = self.tex(rf"a = \tanh({m(f2(d.z1[TOP]))}) = {m(f2(d.a1[TOP]))}", size=TEX, color=pal.accent)
        tanh.next_to(rows[1], DOWN, buff=0.25, aligned_edge=LEFT)
        self.hid_text = self.advance([], pal.accent, self.nodes_hid, self.hid_text, [f2(v) for v in d.a1],
                                     self.panel_to(rows[1], tanh), swap(self.hid_z_title, self.col_titles[1]), run_time=1.0)
        self.read(*self.hid_text, rows[1], tanh)
        self.out_text, = self.advance(self.e2, pal.accent, [self.node_out], [None], [f2(d.y_hat)], self.panel_to(rows[2]),
                                      caption=self.s("cap_forward_out", y=f2(d.y_hat)),
                                      shown={"y_hat_shown": f2(d.y_hat)})  # the output, no tanh
        self.read(self.out_text, rows[2])
        self.loss_text, = self.advance([self.e3], pal.bad, [self.loss_box], [None], [fmt_num(d.loss, 3)],
                                       self.panel_to(rows[3]),
                                       caption=self.s(caption_keys(d)["forward"], t=f2(d.target),
                                                      loss=fmt_num(d.loss, 3)),
                                       shown={"loss_shown": fmt_num(d.loss, 3)})  # the loss
        self.read(self.loss_text, rows[3])
