"""backprop_small's paths section (seed 004 "補充：前向傳播 × 反向傳播", the backward pass): where gradients
from several paths meet, they add. The first input feeds all three hidden nodes, so three paths lead back
to it; each brings its node's ∂L/∂z₁[i] times the weight W₁[i, 0] of its edge, and ∂L/∂x₁ is their sum
(engine.smallnet.SmallNetStep.dx, W₁ᵀ ∂L/∂z₁). The three contributions travel back along their edges and
stay there, written, while their sum lights the input node and the panel writes the addition; the terms
have the fewest decimals at which they add up to the sum as written (strings.path_sum). The input value
comes back at the start of the next section (`inputs_back`). Mixed into scenes.backprop_small.BackpropSmall.
"""
from __future__ import annotations

from manim import DOWN, UP, FadeIn, FadeOut, FadeTransform, TransformFromCopy, VGroup

from scenes.backprop.net import LABEL, NODE_ROOM, PANEL_X, fit_panel
from scenes.backprop.strings import f2, path_sum, sum_text
from scenes.parts.emphasis import read_with



class Paths:
    """Needs BackpropNet, Passes and LectureScene."""

    path_chips: list = []
    x_saved = None  # the input's value text while its node shows ∂L/∂x₁
    x_labels: list = []  # the ∂L/∂W₁ labels the contributions stand in for

    def paths(self):
        d, pal = self.data, self.pal
        self.section("paths", self.s("cap_paths"), keep=[*self.node_texts(), self.rows, self.mode_key, *self.a_tags])
        self.shown["phase"] = "paths"
        dec, terms, total = path_sum(d.dx_paths[:, 0], d.dx[0])
        formula, = self.panel_lines([(r"\frac{\partial L}{\partial x_1} &= \sum_i W_1[i,1]\\"
                                      r"&\qquad\times\frac{\partial L}{\partial z_1[i]}", "", pal.cool)])
        line = fit_panel(self.txt(f"{sum_text(terms)}\n= {total}", size=LABEL, color=pal.cool, line_spacing=0.9))
        line.next_to(formula, DOWN, buff=0.25).set_x(PANEL_X + line.width / 2)
        edges = [self.e1[i, 0] for i in range(3)]
        # each contribution takes the place of its edge's ∂L/∂W₁ label (placed clear of the crossings)
        self.x_labels = [self.lab_g[("w1", i, 0)] for i in range(3)]
        chips = [self.edge_label(t, pal.cool, lab.get_center()) for t, lab in zip(terms, self.x_labels)]
        for chip, e in zip(chips, edges):
            self.label_on(chip[1], e)
        self.play(FadeOut(self.rows), FadeIn(formula), *(FadeOut(lab) for lab in self.x_labels), run_time=0.8)
        # the three contributions leave the hidden nodes and travel back along their edges
        self.play(*self.flash(edges, pal.cool, back=True),
                  *(FadeIn(c, shift=c.get_center() - e.get_end()) for c, e in zip(chips, edges)), run_time=1.2)
        self.shown["paths_shown"] = ", ".join(terms)
        # ... and add up at the input: its node shows their sum, the panel the addition
        self.x_saved = self.in_text[0]
        # the node shows the sum as the panel writes it, or at the nodes' two decimals when that is too long
        dx = self.node_text(total, True)
        if dx.width > NODE_ROOM:
            dx = self.node_text(f2(d.dx[0]), True)
        dx.move_to(self.nodes_in[0])
        self.dx_name = self.mtex(r"\partial L/\partial x_1", pal.cool).next_to(self.nodes_in[0], UP, buff=0.1)
        self.play(TransformFromCopy(VGroup(*(c[1] for c in chips)), dx), FadeOut(self.x_saved),
                  self.lit(self.nodes_in[0], pal.cool), FadeIn(line, shift=0.2 * DOWN), FadeIn(self.dx_name),
                  run_time=1.2)
        self.in_text[0] = dx
        self.shown.update(dx_shown=dx.text, x_shown=f"{dx.text}, {f2(d.x[1])}", work=" ".join(line.text.split()))
        self.rows, self.path_chips = VGroup(formula, line), [*chips, self.dx_name]
        self.caption(self.s("cap_paths_sum", terms=sum_text(terms), g=total))
        read_with(self, *chips, line)
        self.caption(self.s("cap_paths_why"))
        read_with(self, dx, formula)

    def inputs_back(self) -> list:
        """The animations that give the input node its value back and clear the paths' contributions."""
        if self.x_saved is None:
            return []
        x = self.node_text(f2(self.data.x[0]), True).move_to(self.nodes_in[0])
        anims = [FadeTransform(self.in_text[0], x), self.lit(self.nodes_in[0], self.pal.accent),
                 *(FadeOut(c) for c in self.path_chips), *(FadeIn(lab) for lab in self.x_labels)]
        self.in_text[0], self.x_saved, self.path_chips = x, None, []
        return anims
