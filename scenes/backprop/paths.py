"""backprop_small's paths section (seed 004 "補充：前向傳播 × 反向傳播", the backward pass): where gradients from several
paths meet, they add. The first input feeds all three hidden nodes, so three paths lead back to it; each
brings its node's ∂L/∂z₁[i] times the weight W₁[i, 0] of its edge, and ∂L/∂x₁ is their sum
(engine.smallnet.SmallNetStep.dx, W₁ᵀ ∂L/∂z₁). All three light up with the cue that says so; then they are lit one at a time, each with the cue that
works its term: its edge shows its weight W₁[i, 0] (pointed at as the cue multiplies it), the nodes keep their
gradients at two decimals, and the panel writes W₁[i, 0] × ∂L/∂z₁[i] with those two-decimal factors ≈ the term
(the unrounded product, at the terms' decimals; a line under the sum says so), the weight in the weights' colour.
The product, as a chip, travels back along the edge into x₁, whose node keeps its value 0.90 (the input does not change:
its gradient is written beside it, never in its place): the running sum stands on one line over the node, named ∂L/∂x₁
(−0.295 → 0.176 → 0.485; the other input's gradient is not worked). With the sum's cue the panel writes the sum the
line already shows. The terms have the fewest decimals at
which they add up to the sum as written (strings.path_sum), so a viewer who adds them gets the sum shown. The sum's
line leaves at the start of the next section (`inputs_back`). Mixed into
scenes.backprop_small.BackpropSmall.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, Indicate, Line, Succession, VGroup, Wait

from look import fmt_num
from scenes.backprop.net import EDGE_W, LABEL, PANEL_ROOM, PANEL_X, SMALL, TEX, fit_panel, swap
from scenes.backprop.strings import f2, paren, path_sum, sum_text

FORMULA_LEFT = 0.25  # how far the paths' formula may start left of the panel (the net's right end, the loss box, is at 2.1)



class Paths:
    """Needs BackpropNet, Passes and LectureScene."""

    path_chips: list = []

    def paths(self):
        d, pal = self.data, self.pal
        self.section("paths", keep=[*self.node_texts(), self.rows, self.mode_key, *self.bias_grads()])
        self.shown["phase"] = "paths"
        dec, terms, total = path_sum(d.dx_paths[:, 0], d.dx[0])
        # one equation on one line at full size (its subscripts and [i,1] at 3 % of the frame): 0.23 wider than the
        # panel, it starts left of it, clear of the net (the loss box's right end is at 2.1, under it)
        formula = VGroup(self.tex(r"\frac{\partial L}{\partial x[1]} = \sum_i W_1[i,1]\,\frac{\partial L}{\partial z_1[i]}",
                                  size=TEX, color=pal.ink))
        if formula.width > PANEL_ROOM + FORMULA_LEFT:
            formula.scale((PANEL_ROOM + FORMULA_LEFT) / formula.width)
        formula.move_to([min(PANEL_X, 6.3 - formula.width), 2.5, 0], aligned_edge=UP + LEFT)
        # each path's term worked: its weight W₁[i, 1] times its node's gradient (at the terms' decimals)
        # the node's gradient as the node writes it (two decimals); the product, at the terms' decimals, is the
        # unrounded one, so it is written ≈ and the panel says why
        works = VGroup(*(self.txt(f"{f2(d.w1[i, 0])} × {paren(f2(d.dz1[i]))} ≈ {t.lstrip('+')}", size=LABEL, color=pal.ok)
                         for i, t in enumerate(terms)))
        for i, w in enumerate(works):  # the weight W₁[i, 1] in the weights' ink, as on its edge; the node's gradient in
            k = len(f2(d.w1[i, 0]))  # the gradients' colour, as in its node: the sum's term (≈) in the paths' own
            w[:k].set_color(pal.ink)
            w[k + 1:k + 1 + len(paren(f2(d.dz1[i])))].set_color(pal.cool)
        # each path's weight is on its edge, over its gradient: the product's first factor is pointed at there
        block = VGroup(*works).arrange(DOWN, buff=0.16, aligned_edge=LEFT)
        # the three products as columns: their "×" one under another, so the weights end and the gradients start at
        # one x, under their column's name
        n = [len(f2(d.w1[i, 0])) for i in range(3)]  # glyphs before "×" (Text drops the spaces)
        at = max(w[k].get_x() for w, k in zip(works, n))
        for w, k in zip(works, n):
            w.shift((at - w[k].get_x()) * RIGHT)
        fit_panel(block).next_to(formula, DOWN, buff=0.2).set_x(PANEL_X + block.width / 2)  # one size for all three
        # what each product multiplies, named over its column (the weight w, then the node's ∂L/∂z) and ruled off
        # under the names, as the first layer's table is: 0.90 reads as a weight here, as the input x₁ it equals does not
        cols = [VGroup(*(w[:k] for w, k in zip(works, n))),
                VGroup(*(w[k + 1:k + 1 + len(paren(f2(d.dz1[i])))] for i, (w, k) in enumerate(zip(works, n))))]
        head = VGroup(self.tex("w", size=TEX, color=pal.ink), self.tex(r"\partial L/\partial z", size=TEX, color=pal.cool))
        for h, c in zip(head, cols):
            h.move_to(c).align_to(block, UP)
        block.shift((head.height + 0.12) * DOWN)
        self.path_works, self.path_head = works, head  # each factor in its role's colour (kept for the checks)
        head.add(Line([block.get_left()[0], block.get_top()[1] + 0.06, 0], [block.get_right()[0], block.get_top()[1] + 0.06, 0],
                      stroke_color=pal.muted, stroke_width=1.5))
        line = fit_panel(self.txt(f"{sum_text(terms)}\n= {total}", size=LABEL, color=pal.cool, line_spacing=0.9))
        line.next_to(block, DOWN, buff=0.2).set_x(PANEL_X + line.width / 2)
        # one path's term at a time: each in the first one's place, the one before leaving as it comes in (the
        # running sum over x₁ holds what they add up to)
        for w in works[1:]:
            w.set_y(works[0].get_y())
        line.next_to(works[0], DOWN, buff=0.2).set_x(PANEL_X + line.width / 2)
        # why the products read ≈: at legend size on one line, reaching left of the panel (as far as 1.0, over the
        # free corner under the target; two lines there came within 0.2 of the caption), only past that on two
        room = PANEL_ROOM + 1.0
        note = self.legend(self.s("paths_round"), room, pal.ink)
        note.next_to(line, DOWN, buff=0.25).set_x(min(PANEL_X, 6.3 - note.width) + note.width / 2)
        # reaching left under the target's label (a long target, on two lines): 0.1 under it
        tgt = self.col_titles[4]
        if note.get_left()[0] < tgt.get_right()[0] + 0.1:
            note.shift(max(0.0, note.get_top()[1] - (tgt.get_bottom()[1] - 0.1)) * DOWN)
        edges = [self.e1[i, 0] for i in range(3)]
        keys = [("w1", i, 0) for i in range(3)]
        # each product is a chip that leaves its hidden node and travels back along its edge into x₁
        chips = [self.edge_label(t.lstrip("+"), pal.ok, self.nodes_in[0].get_center()) for t in terms]
        # the paths' cues talk about the weights on x₁'s edges, not the worked edge's gradient: it leaves, and the W₁
        # column is named for what it shows again
        self.shown["edge_values"] = self.weights_and_grads()
        # the three paths light up as their cue comes in (each hidden node's edge back to x₁), while the old panel
        # leaves before the formula comes in; the paths' own cues then take them one at a time
        self.caption(self.s("cap_paths"), with_=[swap(self.rows, formula), *self.flash(edges, pal.ok, back=True),
                                                 *(e.animate.set_stroke(pal.ok, width=5) for e in edges),
                                                 *(Indicate(self.nodes_hid[i], color=pal.ok) for i in range(3))],
                     run_time=1.2)
        self.read(*edges)
        # x₁'s node keeps its value (the input does not change): the sum of what the paths bring is written over it,
        # named ∂L/∂x₁ over its value (on one line, the value ran into the W₁ header)
        sums = [fmt_num(round(sum(float(t.replace("−", "-")) for t in terms[:i + 1]), dec), dec) for i in range(3)]
        vals = [self.txt(f"= {v}", size=LABEL, color=pal.cool) for v in sums]
        for v in vals:
            v.next_to(self.nodes_in[0], UP, buff=0.1)
        self.dx_name = self.mtex(r"\partial L/\partial x[1]", pal.cool).next_to(vals[0], UP, buff=0.08)
        self.dx_name.set_x(max(self.dx_name.get_x(), -6.3 + self.dx_name.width / 2))  # inside the title-safe edge
        for v in vals:  # a running sum: each path's product lands under the name and adds to what is there
            v.align_to(self.dx_name, LEFT)
        held = None
        for i, (e, k) in enumerate(zip(edges, keys)):
            back = [edges[i - 1].animate.set_stroke(pal.muted, width=EDGE_W)] \
                if i else [FadeIn(self.dx_name), *(o.animate.set_stroke(pal.muted, width=EDGE_W) for o in edges[1:])]
            chip = chips[i]
            now = vals[i]
            self.caption(self.s(f"cap_path_{i}", w=f2(d.w1[i, 0]), g=paren(f2(d.dz1[i])), t=terms[i].lstrip("+")),
                         with_=[*back, e.animate.set_stroke(pal.ok, width=5),
                                Indicate(self.nodes_hid[i], color=pal.ok), FadeIn(works[i], shift=0.2 * DOWN),
                                *([FadeOut(works[i - 1], shift=0.2 * UP)] if i else []),
                                *([FadeIn(note), FadeIn(head, shift=0.2 * DOWN)] if i == 0 else []),
                                Indicate(self.lab_w[k][1], color=pal.ok, scale_factor=1.2),
                                Succession(FadeIn(chip, shift=chip.get_center() - e.get_end(), run_time=0.8),
                                           FadeOut(chip, run_time=0.2)),
                                Succession(Wait(0.6), swap(held, now, 0.4) if i else FadeIn(now, run_time=0.4)),
                                Succession(Wait(0.6), Indicate(self.in_text[0], color=pal.cool, run_time=0.4))],
                         run_time=0.6,
                         shown={"paths_shown": terms[i], "dx_shown": now.text.lstrip("= "),
                                "work": works[i].text,
                                "edge_values": self.weights_and_grads()})
            held = now
            self.read(e, self.lab_w[k], works[i], now)
        # ... and add up at the input: the line over it shows their sum as the panel writes it
        dx = held  # the running sum is the total: the line over the node already holds it
        work = works[2].text + " | " + " ".join(line.text.split())
        self.caption(self.s("cap_paths_sum", terms=sum_text(terms), g=total),
                     with_=[edges[2].animate.set_stroke(pal.muted, width=EDGE_W),
                            FadeIn(line, shift=0.2 * DOWN), Indicate(dx, color=pal.cool)], run_time=0.8,
                     shown={"paths_shown": ", ".join(terms), "work": work, "dx_shown": dx.text.lstrip("= "),
                            "edge_values": self.weights_and_grads()})
        block.remove(*works[:2])  # gone from the screen: the panel's group leaves without them
        self.rows, self.path_chips = VGroup(formula, head, block, line, note), [self.dx_name, dx]
        self.read(dx, line)
        self.caption(self.s("cap_paths_why"))
        self.read(dx, formula)

    def inputs_back(self) -> list:
        """The animations that give the input node its value back and clear the paths' contributions."""
        anims = [FadeOut(c) for c in self.path_chips]
        self.path_chips = []
        return anims
