"""backprop_small's chain rule as a number that travels (seed 004 "補充：前向傳播 × 反向傳播", the backward pass),
mixed into scenes.backprop_small.BackpropSmall.

`chain_rule`: as the cue says the chain rule carries the output's gradient back edge by edge, a copy of ∂L/∂ŷ
(−1.10) comes in beside the output, clear of its "∂L/∂ŷ = −1.10" (`from_output`), and slides along the top W₂ edge
to beside its hidden node; with the next cue the
edge's weight (0.80) is pointed at as the panel's product line comes in, and the chip becomes ∂L/∂a₁ (−0.88); with the slope's cue
tanh's slope appears where it waited (× 0.56, the factor the caption names 1 − a²) as it moves into the node and becomes ∂L/∂z₁
(−0.49); under the panel's work a small tanh curve shows that slope as the tangent's steepness at the node's z
(scenes.backprop.tangent). The other two nodes go the same way (the tangent moving to their z), faster, while the cue says so; then, as the cue says the
slopes multiply, a change of the top node's z is followed hop by hop to the loss in the tangent's place
(scenes.backprop.hops). The weights stay on their edges throughout; the panel works each node's two products in a
row under the last one's.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, AnimationGroup, FadeIn, FadeOut, Indicate, Succession, VGroup, Wait

from scenes.backprop.net import NODE_R, PANEL_ROOM, PANEL_X, SMALL, TEX, into, swap
from scenes.backprop.strings import f2, paren, vec


NODE_GAP = 0.1  # between one node's two work lines and the next's (0.06 within a node's): room for the tanh plot
MULT_MIN_S = 5.0  # seconds for the hops to the loss when the cue is shorter (the Chinese one): each line read


class Chain:
    """Needs BackpropNet, Passes, Grads and LectureScene."""

    def from_output(self, i: int):
        """A copy of ∂L/∂ŷ (−1.10) for path i, and how it comes in: beside the output where W₂ edge i leaves it
        (`chip_start`, clear of the output's "∂L/∂ŷ = −1.10"), sliding in a little from that label's side as the
        label's value is pointed at. It starts clear of the label: never drawn over it, nor carried across it."""
        d, pal = self.data, self.pal
        at = self.chip_start(i)
        chip = self.edge_label(f2(d.dy_hat), pal.cool, at)
        away = at - self.dy_tag[1].get_center()
        away[2] = 0.0
        return chip, [FadeIn(chip, shift=0.1 * away / np.linalg.norm(away)),
                      Indicate(self.dy_tag[1], color=pal.cool, scale_factor=1.1)]

    def travel(self, i: int, run_time: float):
        """A copy of the output's gradient comes in by the output (`from_output`) and slides along W₂ edge i to
        beside node i."""
        chip, come = self.from_output(i)
        return chip, [Succession(AnimationGroup(*come, run_time=0.35 * run_time),
                                 chip.animate(run_time=0.65 * run_time).move_to(self.beside(i))),
                      *self.flash([self.e2[i]], self.pal.cool, True),
                      Indicate(self.lab_w[("w2", i)][1], color=self.pal.cool, scale_factor=1.0)]

    def times_weight(self, i: int, chip, line, run_time: float):
        """The edge's weight is pointed at on its edge as the panel's product line comes in (the
        factors' own place: never written on the net, where it would stand on a label or an edge) as the chip
        becomes ∂L/∂a₁[i]; the first one (−0.88) under its name, ∂L/∂a, which the caption says too."""
        d, pal = self.data, self.pal
        weight = self.lab_w[("w2", i)][1]
        # framed in the gradients' colour, as every gradient on the net: the middle node's 0.66 is ∂L/∂a, never read
        # as the top node's a = 0.66 in its tag
        new = self.edge_label(f2(d.da1[i]), pal.cool, chip.get_center(), outline=pal.cool)
        if i == 0:  # the first named where it comes in, as its cue names it: ∂L/∂a over its value (left-aligned)
            new = VGroup(self.mtex(r"\partial L/\partial a", pal.cool).next_to(new, UP, buff=0.04).align_to(new, LEFT), new)
        # the W₂ header steps aside while ∂L/∂a stands beside it (the two read as one label), back as a becomes z
        aside = [FadeOut(self.heads["w"]["2"], run_time=0.5 * run_time)] if i == 0 else []
        anim = AnimationGroup(Indicate(weight, color=pal.cool, scale_factor=1.15, run_time=0.5 * run_time),
                              Succession(Wait(0.25 * run_time), FadeIn(line, run_time=0.75 * run_time)),
                              Succession(Wait(0.5 * run_time), swap(chip, new, 0.5 * run_time)), *aside)
        return new, anim

    def times_slope(self, i: int, chip, node, run_time: float):
        """tanh's slope comes in beside the node (each in a spot clear of every edge and label) as the chip moves into
        the node as ∂L/∂z₁[i]."""
        d, pal = self.data, self.pal
        tag = self.edge_label(self.s("slope_tag", v=f2(d.slope[i])), pal.accent, node.get_center())
        if i == 0:  # the first node's slope (× 0.56, as every node's), right of the node over the W₂ header
            tag.next_to(node, RIGHT, buff=0.06).align_to(self.heads["w"]["2"], DOWN).shift(
                (self.heads["w"]["2"].height + 0.06) * UP)
        elif i == 1:  # the middle one at the node's upper right, between the edges to the output and clear of both
            tag.move_to(node.get_center() + 0.72 * NODE_R * (RIGHT + UP), aligned_edge=DOWN + LEFT)
        else:  # the bottom one where the chip waited, between its edge to the output and the column's title, 0.1 over
            tag.move_to(chip.get_center())  # the title at least (it touched "hidden ∂L/∂z" when it stood on its top)
            tag.shift(max(0.0, self.d_titles[0].get_top()[1] + 0.1 - tag.get_bottom()[1]) * UP)
        val = self.node_text(f2(d.dz1[i]), True).move_to(node)
        back = [Succession(Wait(0.5 * run_time), FadeIn(self.heads["w"]["2"], run_time=0.5 * run_time))] if i == 0 else []
        anims = [into(chip, val, run_time), self.lit(node, pal.cool), *back,
                 Succession(Wait(0.45 * run_time), FadeIn(tag, run_time=0.55 * run_time)),
                 Indicate(self.a_tags[i][1], color=pal.accent, scale_factor=1.0)]
        return tag, val, anims

    def chain_note(self, formula):
        """ᵀ and ⊙ said where they first appear: two lines under the formula, in the place the chain rule's work takes
        (they leave as its first line comes in)."""
        pal = self.pal
        syms = [(self.tex(sym, size=TEX, color=pal.ink), k) for sym, k in ((r"W^{\top}\!:", "note_T"), (r"\odot\,:", "note_odot"))]
        note = VGroup(*(VGroup(m, self.legend(self.s(k), PANEL_ROOM - m.width - 0.12, pal.ink))
                        .arrange(RIGHT, buff=0.12, aligned_edge=UP) for m, k in syms))
        note.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        if note.width > PANEL_ROOM:  # never left of the panel (there it ran into the word "loss" over its box)
            note.scale(PANEL_ROOM / note.width)
        note.next_to(formula, DOWN, buff=0.14)
        return note.set_x(max(PANEL_X, min(formula.get_left()[0], 6.3 - note.width)) + note.width / 2)

    def chain_rule(self, formula) -> None:
        top = None
        d, pal = self.data, self.pal
        note = self.chain_note(formula)
        # the backward step multiplies by W₂ᵀ: as the cue says so, the edges to the output flash right to left and
        # their weights (W₂ᵀ's entries, the formula's) light up, read backwards
        self.caption(self.s("cap_back_chain"), with_=[self.panel_to(formula), FadeIn(note),
                                                      *self.flash(self.e2, pal.cool, True),
                                                      *(Indicate(self.lab_w[("w2", i)][1], color=pal.cool, scale_factor=1.0)
                                                        for i in range(3))], run_time=0.8)
        work, below, texts, self.slope_tags = VGroup(), formula, [], []
        for i, node in enumerate(self.nodes_hid):
            first = i == 0
            arrive = self.work_line(f"{f2(d.dy_hat)} × {paren(f2(d.w2[i]))} = {f2(d.da1[i])}", pal.cool, below,
                                    buff=0.14 if first else NODE_GAP)
            slope = self.work_line(f"× {f2(d.slope[i])} = {f2(d.dz1[i])}", pal.cool, arrive, indent=0.6, buff=0.06)
            below = slope
            if i == 1:
                self.caption(self.s("cap_back_rest"))
            chip, anims = self.travel(i, 2.4 if first else 1.0)
            self.play(*anims)
            came = chip  # the output's gradient, waiting beside the node for the cue that multiplies it
            chip, anim = self.times_weight(i, chip, arrive, 1.2 if first else 0.8)
            if first:
                self.read_cue(self.lab_w[("w2", 0)], came)
            self.shown.update(work=" | ".join([*texts, arrive.text]), da_shown=f2(d.da1[i]))
            if first:
                self.caption(self.s("cap_back_arrive", dy=f2(d.dy_hat), w=f2(d.w2[0]), da=f2(d.da1[0])),
                             # the note on ᵀ and ⊙ gives the first work line its place (gone before it comes in)
                             with_=[anim, Succession(FadeOut(note, run_time=0.1), Wait(0.4))], run_time=0.5)
                self.read_cue(self.lab_w[("w2", 0)], arrive, chip)
            else:
                self.play(anim, run_time=0.8)
            tag, val, anims = self.times_slope(i, chip, node, 1.0 if first else 0.8)
            # the slope is seen as the tangent's steepness on tanh at the node's z, under the work of all three nodes
            if first:  # its top under where the three nodes' work will end
                top = slope.get_bottom()[1] - 2 * (arrive.get_top()[1] - slope.get_bottom()[1] + NODE_GAP) - 0.12
                self.tangent_plot = VGroup(self.tangent_frame(top))
                mark = self.tangent_mark(i)
                anims += [FadeIn(self.tangent_plot[0]), FadeIn(mark)]
            else:
                mark = self.tangent_mark(i)
                anims.append(swap(self.tangent_plot[1], mark))
                self.tangent_plot.remove(self.tangent_plot[1])
            self.tangent_plot.add(mark)
            texts += [arrive.text, slope.text]
            self.shown.update(work=" | ".join(texts), da_shown="", hidden_shown=vec(d.dz1[:i + 1]),
                              slope_shown=", ".join(f2(v) for v in d.slope[:i + 1]))
            if first:
                self.caption(self.s("cap_back_slope", s=f2(d.slope[0]), dz=f2(d.dz1[0])), with_=[*anims, FadeIn(slope)],
                             run_time=0.5)
                self.read_cue(self.a_tags[0], tag, slope, val)
            else:
                self.play(*anims, FadeIn(slope), run_time=0.8)
            self.hid_text[i] = val
            self.slope_tags.append(tag)
            work.add(arrive, slope)
        # the slopes multiply: a small change of the top node's z followed hop by hop to the loss, each factor
        # pointed at where the net shows it, through the cue (scenes.backprop.hops)
        self.caption(self.s("cap_back_mult"))
        # in the place of the three nodes' worked products, which move up out of the panel (the nodes keep their results)
        self.slope_hops(max(MULT_MIN_S, self.cue_left()), below=formula, leaving=work)
        self.tie_hops()  # the ratio held, and tied to the node's gradient it equals
        self.chain = VGroup(formula, VGroup())  # the formula stays for the rest of the section, the edges' work under it
        self.rows = VGroup(self.chain)
        self.read(*self.hid_text, self.d_titles[0], self.hops)
