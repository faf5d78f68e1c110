"""backprop_small's paths section (seed 004 "補充：前向傳播 × 反向傳播", the backward pass): where gradients from several
paths meet, they add. The first input feeds all three hidden nodes, so three paths lead back to it; each
brings its node's ∂L/∂z₁[i] times the weight W₁[i, 0] of its edge, and ∂L/∂x₁ is their sum
(engine.smallnet.SmallNetStep.dx, W₁ᵀ ∂L/∂z₁). The panel works each term (W₁[i, 0] × ∂L/∂z₁[i], the gradient
at the terms' decimals) and writes their sum as the cue that states it comes in; each term, as a chip of its
own colour, travels back along its edge into the input, whose node then shows the sum, named ∂L/∂x₁ (the
other input is named x₂, so the column never mixes a gradient and a value unnamed); the edges keep their
∂L/∂W₁ labels. The terms have the fewest decimals at which they add up to the sum as written
(strings.path_sum). The input value comes back at the start of the next section (`inputs_back`). Mixed into
scenes.backprop_small.BackpropSmall.
"""
from __future__ import annotations

from manim import DOWN, LEFT, UP, FadeIn, FadeOut, Indicate, Succession, VGroup

from look import fmt_num
from scenes.backprop.net import LABEL, NODE_ROOM, PANEL_X, fit_panel, swap
from scenes.backprop.strings import f2, path_sum, sum_text



class Paths:
    """Needs BackpropNet, Passes and LectureScene."""

    path_chips: list = []
    x_saved = None  # the input's value text while its node shows ∂L/∂x₁

    def paths(self):
        d, pal = self.data, self.pal
        self.section("paths", self.s("cap_paths"), keep=[*self.node_texts(), self.rows, self.mode_key, *self.bias_grads()])
        self.shown["phase"] = "paths"
        dec, terms, total = path_sum(d.dx_paths[:, 0], d.dx[0])
        formula, = self.panel_lines([(r"\frac{\partial L}{\partial x_1} = \sum_i W_1[i,1]\,"
                                      r"\frac{\partial L}{\partial z_1[i]}", "", pal.cool)])  # one line
        # each path's term worked: its weight W₁[i, 1] times its node's gradient (at the terms' decimals)
        def factor(v):  # a negative factor in brackets: 0.60 × (−0.491)
            t = fmt_num(float(v), dec)
            return f"({t})" if t.startswith("−") else t

        works = VGroup(*(self.txt(f"{f2(d.w1[i, 0])} × {factor(d.dz1[i])} = {t.lstrip('+')}", size=LABEL, color=pal.ok)
                         for i, t in enumerate(terms)))
        works.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
        fit_panel(works).next_to(formula, DOWN, buff=0.25).set_x(PANEL_X + works.width / 2)  # one size for all three
        below = works
        line = fit_panel(self.txt(f"{sum_text(terms)}\n= {total}", size=LABEL, color=pal.cool, line_spacing=0.9))
        line.next_to(below, DOWN, buff=0.2).set_x(PANEL_X + line.width / 2)
        edges = [self.e1[i, 0] for i in range(3)]
        # each path's term is a chip of its own colour that leaves its hidden node, travels back along its
        # edge into x₁ and is gone there (the ∂L/∂W₁ labels stay as they are; the panel keeps the terms)
        chips = [self.edge_label(t, pal.ok, self.nodes_in[0].get_center()) for t in terms]
        # the three paths with the cue that names them; their terms and their sum with the cue that adds them up
        self.play(FadeOut(self.rows), FadeIn(formula), run_time=0.8)
        self.play(*self.flash(edges, pal.ok, back=True), *(Indicate(self.nodes_hid[i], color=pal.ok) for i in range(3)),
                  run_time=1.2)
        self.read(*edges)
        self.caption(self.s("cap_paths_sum", terms=sum_text(terms), g=total),
                     with_=[*self.flash(edges, pal.ok, back=True),
                            *(Succession(FadeIn(c, shift=c.get_center() - e.get_end(), run_time=1.2),
                                         FadeOut(c, run_time=0.3)) for c, e in zip(chips, edges)),
                            *(FadeIn(w, shift=0.2 * DOWN) for w in (*works, line))], run_time=1.2,
                     shown={"paths_shown": ", ".join(terms),
                            "work": " | ".join(w.text for w in works) + " | " + " ".join(line.text.split())})
        # ... and add up at the input: its node shows their sum, named; the other input keeps its value, named
        self.x_saved = self.in_text[0]
        # the node shows the sum as the panel writes it, or at the nodes' two decimals when that is too long
        dx = self.node_text(total, True)
        if dx.width > NODE_ROOM:
            dx = self.node_text(f2(d.dx[0]), True)
        dx.move_to(self.nodes_in[0])
        self.dx_name = self.mtex(r"\partial L/\partial x_1", pal.cool).next_to(self.nodes_in[0], UP, buff=0.1)
        self.dx_name.set_x(max(self.dx_name.get_x(), -6.3 + self.dx_name.width / 2))  # inside the title-safe edge
        x2_name = self.mtex(r"x_2", pal.accent).next_to(self.nodes_in[1], UP, buff=0.1)
        # the input's value leaves before its gradient comes in: never two numbers drawn over each other
        self.play(swap(self.x_saved, dx), self.lit(self.nodes_in[0], pal.cool), FadeIn(self.dx_name), FadeIn(x2_name), run_time=0.8)
        self.in_text[0] = dx
        self.shown.update(dx_shown=dx.text, x_shown=f"{dx.text}, {f2(d.x[1])}",
                          work=" | ".join(w.text for w in works) + " | " + " ".join(line.text.split()))
        self.rows, self.path_chips = VGroup(formula, works, line), [self.dx_name, x2_name]
        self.read(*works, line)
        self.caption(self.s("cap_paths_why"))
        self.read(dx, formula)

    def inputs_back(self) -> list:
        """The animations that give the input node its value back and clear the paths' contributions."""
        if self.x_saved is None:
            return []
        x = self.node_text(f2(self.data.x[0]), True).move_to(self.nodes_in[0])
        anims = [swap(self.in_text[0], x), self.lit(self.nodes_in[0], self.pal.accent),
                 *(FadeOut(c) for c in self.path_chips)]
        self.in_text[0], self.x_saved, self.path_chips = x, None, []
        return anims
