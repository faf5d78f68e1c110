"""backprop_small: the 2-3-1 tanh net of seed 004 "補充：前向傳播 × 反向傳播": forward, backward, one update.

Sections: net (edges with their weights, x = [0.9, −0.4]) → forward (a₁ = tanh(W₁x + b₁), ŷ, loss) → backward
(∂L/∂ŷ, ∂L/∂z₁, ∂L/∂x on the nodes, ∂L/∂w on every edge) → update (W ← W − lr·∂L/∂W) → again (the new
weights: loss 0.603 → 0.278) → summary. Nodes show 2 decimals, the loss 3; every number is read from
engine.smallnet.SmallNetStep.

The input, weights, biases, target and learning rate are parameters (studio.accepts.training, every
number within ±3): long values shrink to fit their node or the panel, and the captions whose claim
depends on the numbers (ŷ far from the target; the loss went down) pick the variant that holds
(`caption_keys`).
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Circle, Create, FadeIn, FadeOut, FadeTransform, Indicate, Line, Rectangle,
    RoundedRectangle, ShowPassingFlash, VGroup,
)

from scenes.parts.lecture import LectureScene
from look import fmt_num

DECIMALS = {**dict.fromkeys(("x", "w1", "b1", "w2", "b2", "z1", "a1", "y_hat", "dy_hat", "da1", "dz1", "dx", "dw2",
                             "db2", "dw1", "db1", "w1_new", "b1_new", "w2_new", "b2_new", "z1_new", "a1_new",
                             "y_hat_new"), 2), "loss": 3, "loss_new": 3}

STRINGS = {
    "en": {
        "title": "Forward, backward, one update",
        "input": "input x",
        "hidden": "hidden: tanh",
        "output": "output ŷ",
        "loss": "loss",
        "target": "target {t}",
        "bias": "b {v}",
        "forward": "forward: activations flow right",
        "backward": "backward: gradients flow left",
        "update": "update, lr = {lr}",
        "again": "forward again with the new weights",
        "edge_key_w": "edge labels: weights",
        "edge_key_g": "edge labels: ∂L/∂w",
        "edge_key_n": "edge labels: new weights",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "loss  {a}  →  {b}",
        "cap_net": "A tiny net: 2 inputs, 3 hidden nodes with tanh, 1 output. The numbers on the edges are "
                   "its weights; the input is x = [{x0}, {x1}].",
        "cap_forward": "Forward: each hidden node sums its weighted inputs plus a bias and applies tanh; the "
                       "output sums again. ŷ = {y}, far from the target {t}: loss ½(ŷ − target)² = {loss}.",
        "cap_backward": "Backward: start from ∂L/∂ŷ = ŷ − target = {dy} and apply the chain rule layer by "
                        "layer, right to left. Every weight gets its gradient ∂L/∂w.",
        "cap_update": "Update: every weight takes a small step against its gradient, W ← W − {lr}·∂L/∂W.",
        "cap_forward_near": "Forward: each hidden node sums its weighted inputs plus a bias and applies tanh; the "
                            "output sums again. ŷ = {y} against the target {t}: loss ½(ŷ − target)² = {loss}.",
        "cap_again": "Run the forward pass again with the new weights: ŷ {y0} → {y1}, loss {l0} → {l1}. "
                     "That full loop is one step of learning.",
        "cap_again_up": "Run the forward pass again with the new weights: ŷ {y0} → {y1}, loss {l0} → {l1}. "
                        "The loss went up: with lr = {lr} the step overshot.",
        "cap_again_same": "Run the forward pass again with the new weights: ŷ {y0} → {y1}, loss {l0} → {l1}. "
                          "One step of learning; at three decimals the loss has not moved.",
        "cap_summary": "Training repeats this loop millions of times. When the path back is deep, the "
                       "gradients can shrink on the way: that is what shortcuts and LayerNorm fight.",
    },
    "zh-Hant": {
        "title": "前向、反向、更新一次",
        "input": "輸入 x",
        "hidden": "隱藏層：tanh",
        "output": "輸出 ŷ",
        "loss": "損失",
        "target": "目標 {t}",
        "bias": "b {v}",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "update": "更新，學習率 lr = {lr}",
        "again": "用新權重再跑一次前向",
        "edge_key_w": "連線上的數字：權重",
        "edge_key_g": "連線上的數字：∂L/∂w",
        "edge_key_n": "連線上的數字：新權重",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "損失  {a}  →  {b}",
        "cap_net": "一個小網路：2 個輸入、3 個 tanh 隱藏節點、1 個輸出。連線上的數字是權重；輸入 x = [{x0}, {x1}]。",
        "cap_forward": "前向：隱藏節點加權求和、加上偏置、過 tanh，輸出層再加權求和："
                       "ŷ = {y}，離目標 {t} 很遠，損失 = {loss}。",
        "cap_backward": "反向：從 ∂L/∂ŷ = ŷ − 目標 = {dy} 出發，用連鎖律由右往左一層層乘回去，"
                        "每個權重都拿到自己的梯度 ∂L/∂w。",
        "cap_update": "更新：每個權重朝梯度的反方向走一小步，W ← W − {lr}·∂L/∂W。",
        "cap_forward_near": "前向：隱藏節點加權求和、加上偏置、過 tanh，輸出層再加權求和："
                            "ŷ = {y}，目標是 {t}，損失 = {loss}。",
        "cap_again": "用新權重重跑前向：ŷ {y0} → {y1}，損失 {l0} → {l1}。這一整圈就是一次「學習」。",
        "cap_again_up": "用新權重重跑前向：ŷ {y0} → {y1}，損失 {l0} → {l1}。損失反而變大：lr = {lr} 這一步跨過頭了。",
        "cap_again_same": "用新權重重跑前向：ŷ {y0} → {y1}，損失 {l0} → {l1}。這是一次學習，只是取到小數點後三位，損失還看不出變化。",
        "cap_summary": "訓練就是把這一圈重複成千上萬次。回傳的路一深，梯度可能在半路縮小：捷徑連線和 LayerNorm "
                       "就是為此而設。",
    },
    "zh-Hans": {
        "title": "前向、反向、更新一次",
        "input": "输入 x",
        "hidden": "隐藏层：tanh",
        "output": "输出 ŷ",
        "loss": "损失",
        "target": "目标 {t}",
        "bias": "b {v}",
        "forward": "前向：激活值往右流",
        "backward": "反向：梯度往左流",
        "update": "更新，学习率 lr = {lr}",
        "again": "用新权重再跑一次前向",
        "edge_key_w": "连线上的数字：权重",
        "edge_key_g": "连线上的数字：∂L/∂w",
        "edge_key_n": "连线上的数字：新权重",
        "w2_line": "W₂  [{a}]\n     →  [{b}]",
        "b2_line": "b₂  {a}  →  {b}",
        "b1_line": "b₁  [{a}]\n     →  [{b}]",
        "y_line": "ŷ  {a}  →  {b}",
        "loss_line": "损失  {a}  →  {b}",
        "cap_net": "一个小网络：2 个输入、3 个 tanh 隐藏节点、1 个输出。连线上的数字是权重；输入 x = [{x0}, {x1}]。",
        "cap_forward": "前向：隐藏节点加权求和、加上偏置、过 tanh，输出层再加权求和："
                       "ŷ = {y}，离目标 {t} 很远，损失 = {loss}。",
        "cap_backward": "反向：从 ∂L/∂ŷ = ŷ − 目标 = {dy} 出发，用链式法则由右往左一层层乘回去，"
                        "每个权重都拿到自己的梯度 ∂L/∂w。",
        "cap_update": "更新：每个权重朝梯度的反方向走一小步，W ← W − {lr}·∂L/∂W。",
        "cap_forward_near": "前向：隐藏节点加权求和、加上偏置、过 tanh，输出层再加权求和："
                            "ŷ = {y}，目标是 {t}，损失 = {loss}。",
        "cap_again": "用新权重重跑前向：ŷ {y0} → {y1}，损失 {l0} → {l1}。这一整圈就是一次「学习」。",
        "cap_again_up": "用新权重重跑前向：ŷ {y0} → {y1}，损失 {l0} → {l1}。损失反而变大：lr = {lr} 这一步迈过头了。",
        "cap_again_same": "用新权重重跑前向：ŷ {y0} → {y1}，损失 {l0} → {l1}。这是一次学习，只是取到小数点后三位，损失还看不出变化。",
        "cap_summary": "训练就是把这一圈重复成千上万次。回传的路一深，梯度可能在半路缩小：捷径连接和 LayerNorm "
                       "就是为此而设。",
    },
}

IN_POS, HID_POS = [(-5.9, 1.75), (-5.9, -0.45)], [(-2.9, 2.35), (-2.9, 0.65), (-2.9, -1.05)]
OUT_POS, LOSS_POS, NODE_R = (0.0, 0.65), (1.5, 0.65), 0.4
W1_T, W2_T = 0.7, 0.5  # where along an edge its label sits
PANEL_X = 2.25
PANEL_ROOM = 6.3 - PANEL_X  # the panel's width, to the title-safe edge


def fit_panel(m):
    """Shrink a panel block that would run past the title-safe edge (long numbers), keeping its left."""
    if m.width > PANEL_ROOM:
        m.scale(PANEL_ROOM / m.width, about_edge=LEFT)
    return m


def f2(v, signed=False) -> str:
    return fmt_num(float(v), 2, signed=signed)


def vec(values, signed=False) -> str:
    return ", ".join(f2(v, signed) for v in values)


def lr_text(lr: float) -> str:
    """The learning rate as written: one decimal (0.1), as many as it has (0.05), or 2 significant digits
    with a power of ten when it is small (1.0×10⁻⁴)."""
    lr = float(lr)
    if round(lr, 1) == lr:
        return fmt_num(lr, 1)
    return f"{lr:g}" if lr >= 1e-3 and len(f"{lr:g}") <= 6 else fmt_num(lr, "2s")


FAR = 0.5  # |ŷ − target| from which the forward caption says ŷ is far from the target


def caption_keys(d) -> dict:
    """Which variant of the claim-bearing captions holds for the record d: {caption: key}."""
    l0, l1 = fmt_num(d.loss, 3), fmt_num(d.loss_new, 3)
    if l0 == l1:
        again = "cap_again_same"
    else:
        again = "cap_again" if d.loss_new < d.loss else "cap_again_up"
    return {"forward": "cap_forward" if abs(d.y_hat - d.target) >= FAR else "cap_forward_near", "again": again}


class BackpropSmall(LectureScene):
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
        self.wait(4)

    # -- building blocks --------------------------------------------------------------------------
    def node_text(self, text: str, lit: bool) -> "VGroup":
        """A node's value, shrunk to fit inside its circle when it is long (−12.34)."""
        color = self.pal.background if lit else self.pal.ink
        t = self.txt(text, size=20, color=color, weight="BOLD" if lit else "NORMAL")
        room = 2 * NODE_R * 0.78
        if t.width > room:
            t.scale(room / t.width)
        return t

    def edge_label(self, text: str, color: str, at) -> VGroup:
        t = self.txt(text, size=15, color=color)
        return VGroup(Rectangle(width=t.width + 0.1, height=t.height + 0.08, stroke_width=0,
                                fill_color=self.pal.background, fill_opacity=0.9), t).move_to(at)

    def build(self):
        pal, d = self.pal, self.data
        P = lambda p: np.array([p[0], p[1], 0.0])  # noqa: E731
        node = lambda p: Circle(NODE_R, stroke_color=pal.muted, stroke_width=2, fill_color=pal.panel,  # noqa: E731
                                fill_opacity=1).move_to(P(p))
        self.nodes_in, self.nodes_hid, self.node_out = [node(p) for p in IN_POS], [node(p) for p in HID_POS], node(OUT_POS)
        self.loss_box = RoundedRectangle(corner_radius=0.12, width=1.05, height=0.75, stroke_color=pal.muted,
                                         stroke_width=2, fill_color=pal.panel, fill_opacity=1).move_to(P(LOSS_POS))
        # edges, in (i, j) order: input j -> hidden i carries W1[i, j]
        self.e1 = {}
        for i, h in enumerate(HID_POS):
            for j, p in enumerate(IN_POS):
                self.e1[i, j] = Line(P(p), P(h), buff=NODE_R, stroke_color=pal.muted, stroke_width=2)
        self.e2 = [Line(P(h), P(OUT_POS), buff=NODE_R, stroke_color=pal.muted, stroke_width=2) for h in HID_POS]
        self.e3 = Line(P(OUT_POS), P(LOSS_POS), buff=NODE_R, stroke_color=pal.muted, stroke_width=2)
        self.e3.put_start_and_end_on(P(OUT_POS) + RIGHT * NODE_R, self.loss_box.get_left())
        self.edges = VGroup(*self.e1.values(), *self.e2, self.e3)

        at = lambda p, q, t: P(p) + t * (P(q) - P(p))  # noqa: E731
        # three labels per edge and bias: weight, gradient, new weight
        self.lab_w, self.lab_g, self.lab_n = {}, {}, {}
        bias = lambda v: self.s("bias", v=v)  # noqa: E731
        for (i, j) in self.e1:
            self.labels3(("w1", i, j), (d.w1[i, j], d.dw1[i, j], d.w1_new[i, j]), at(IN_POS[j], HID_POS[i], W1_T),
                         on=self.e1[i, j])
        for i in range(3):
            self.labels3(("w2", i), (d.w2[i], d.dw2[i], d.w2_new[i]), at(HID_POS[i], OUT_POS, W2_T), on=self.e2[i])
            self.labels3(("b1", i), (d.b1[i], d.db1[i], d.b1_new[i]),
                         P(HID_POS[i]) + RIGHT * 0.05 + DOWN * (NODE_R + 0.22), bias)
        self.labels3("b2", (d.b2, d.db2, d.b2_new), P(OUT_POS) + DOWN * (NODE_R + 0.22), bias)
        self.persist(self.edges, *self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box,
                     *self.lab_w.values(), *self.lab_g.values(), *self.lab_n.values())

        # column captions
        self.col_titles = VGroup(
            self.txt(self.s("input"), size=18, color=pal.muted).move_to(P(IN_POS[1]) + DOWN * 1.05),
            self.txt(self.s("hidden"), size=18, color=pal.muted).move_to(P(HID_POS[2]) + DOWN * 1.05),
            self.txt(self.s("output"), size=18, color=pal.muted).move_to(P(OUT_POS) + DOWN * 1.05),
            self.txt(self.s("loss"), size=18, color=pal.muted).next_to(self.loss_box, UP, buff=0.12),
            self.txt(self.s("target", t=f2(d.target)), size=16, color=pal.muted).next_to(self.loss_box, DOWN, buff=0.12),
        )
        self.persist(self.col_titles)
        # what sits inside each node, per phase
        self.in_text = [self.node_text(f2(v), False).move_to(n) for v, n in zip(d.x, self.nodes_in)]
        self.hid_text, self.rows = [None] * 3, VGroup()
        self.out_text = self.loss_text = self.mode_key = self.gkey = self.nkey = self.summary = None

    def labels3(self, key, values, spot, fmt=lambda v: v, on=None):
        """The weight, its gradient and its new value as three labels at one spot (on its edge `on`)."""
        w, g, n = values
        pal = self.pal
        self.lab_w[key] = self.edge_label(fmt(f2(w)), pal.muted if key[0][0] == "b" else pal.ink, spot)
        self.lab_g[key] = self.edge_label(fmt(f2(g, True)), pal.cool, spot)
        self.lab_n[key] = self.edge_label(fmt(f2(n)), pal.ok, spot)
        for lab in (self.lab_w[key], self.lab_g[key], self.lab_n[key]) if on is not None else ():
            self.label_on(lab[1], on)

    def node_texts(self) -> list:
        return [t for t in (*self.in_text, *self.hid_text, self.out_text, self.loss_text) if t is not None]

    def advance(self, lines, color, nodes, olds, values, *extra, back=False, flash_time=1.0, run_time=0.8):
        """One layer's turn: its edges flash (right to left when `back`), then its nodes light up in
        `color` and show `values` (texts); returns the new node texts."""
        news = [self.node_text(v, True).move_to(n) for v, n in zip(values, nodes)]
        if lines:
            self.play(*self.flash(lines, color, back), run_time=flash_time)
        self.play(*(self.lit(n, color) for n in nodes),
                  *(FadeTransform(o, nw) if o is not None else FadeIn(nw) for o, nw in zip(olds, news)),
                  *extra, run_time=run_time)
        return news

    def set_mode_key(self, key: str, color: str):
        new = self.panel_key(self.s(key), color)
        anims = [FadeIn(new)]
        if self.mode_key is not None:
            anims.append(FadeOut(self.mode_key))
        self.mode_key = new
        return anims

    def panel_key(self, text: str, color: str):
        """The line above the panel that says what the edges and nodes now show."""
        return self.txt(text, size=18, color=color).move_to([PANEL_X, 3.05, 0], aligned_edge=LEFT)

    def lit(self, node, color):
        return node.animate.set_fill(color, opacity=1).set_stroke(color)

    def panel_lines(self, items, y_top=2.45, gap=0.16) -> list[VGroup]:
        """Rows of (LaTeX formula, value text, colour) in the panel on the right."""
        rows, y = [], y_top
        for formula, value, color in items:
            f = self.tex(formula, size=28, color=self.pal.ink)
            v = self.txt(value, size=20, color=color)
            row = VGroup(f, v).arrange(RIGHT, buff=0.2)
            if row.width > PANEL_ROOM:  # long: value on its own line
                row.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
            fit_panel(row)
            row.move_to([PANEL_X, y, 0], aligned_edge=UP + LEFT)
            y = row.get_bottom()[1] - gap
            rows.append(row)
        return rows

    def flash(self, lines, color, back=False):
        """A pulse along each edge (right to left when `back`)."""
        ends = [(ln.get_end(), ln.get_start()) if back else (ln.get_start(), ln.get_end()) for ln in lines]
        return [ShowPassingFlash(Line(a, b, stroke_color=color, stroke_width=6), time_width=0.6) for a, b in ends]

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
        self.wait(4)

    def forward(self):
        d, pal = self.data, self.pal
        self.section("forward", self.s(caption_keys(d)["forward"], y=f2(d.y_hat), t=f2(d.target),
                                       loss=fmt_num(d.loss, 3)),
                     keep=[*self.node_texts(), self.mode_key])
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
        self.wait(4)

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
        self.play(FadeOut(self.rows), FadeOut(self.mode_key), FadeIn(key), run_time=0.6)
        self.mode_key = key
        self.rows = VGroup(*rows)
        self.out_text, = self.advance([self.e3], pal.cool, [self.node_out], [self.out_text],
                                      [f2(d.dy_hat, True)], FadeIn(rows[0]), back=True, flash_time=0.6)  # ① output
        self.shown["y_hat_shown"] = f2(d.dy_hat, True)
        self.wait(2)
        w2_keys = [("w2", i) for i in range(3)] + ["b2"]
        self.hid_text = self.advance(self.e2, pal.cool, self.nodes_hid, self.hid_text, [f2(v, True) for v in d.dz1],
                                     *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w2_keys),
                                     FadeIn(rows[1]), FadeIn(rows[3]), back=True, run_time=1.0)  # ② hidden
        self.shown["hidden_shown"] = vec(d.dz1, True)
        self.wait(2.5)
        w1_keys = [k for k in self.lab_w if k[0] in ("w1", "b1")]
        self.gkey = self.txt(self.s("edge_key_g"), size=16, color=pal.cool).next_to(key, DOWN, 0.08, aligned_edge=LEFT)
        self.in_text = self.advance(list(self.e1.values()), pal.cool, self.nodes_in, self.in_text,
                                    [f2(v, True) for v in d.dx],
                                    *(FadeTransform(self.lab_w[k], self.lab_g[k]) for k in w1_keys),
                                    FadeIn(rows[2]), FadeIn(rows[4]), FadeIn(self.gkey), back=True,
                                    flash_time=1.2, run_time=1.0)  # ③ inputs, and every W1 gradient
        self.shown["x_shown"] = vec(d.dx, True)
        self.shown["edges"] = "gradients"
        self.wait(5)

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
        nkey = self.txt(self.s("edge_key_n"), size=16, color=pal.ok).next_to(key, DOWN, buff=0.08, aligned_edge=LEFT)
        self.play(FadeOut(self.rows), FadeOut(self.mode_key), FadeOut(self.gkey), FadeIn(key), FadeIn(nkey),
                  FadeIn(rule), run_time=0.8)
        self.mode_key = key
        self.play(*(FadeTransform(self.lab_g[k], self.lab_n[k]) for k in self.lab_g), run_time=1.5)
        self.shown["edges"] = "new weights"
        self.play(FadeIn(lines, lag_ratio=0.3), run_time=1.2)
        self.rows = VGroup(rule, lines)
        self.nkey = nkey
        self.wait(5)

    def again(self):
        d, pal = self.data, self.pal
        self.section("again", self.s(caption_keys(d)["again"], y0=f2(d.y_hat), y1=f2(d.y_hat_new),
                                     l0=fmt_num(d.loss, 3), l1=fmt_num(d.loss_new, 3), lr=lr_text(d.lr)),
                     keep=[*self.node_texts(), self.rows])
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
        self.wait(4)


SCENE = BackpropSmall
