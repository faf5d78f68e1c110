"""backprop_small: the 2-3-1 tanh net of seed 004 "補充：前向傳播 × 反向傳播": forward, backward, one update.

Sections: net (edges with their weights, x = [0.9, −0.4]; two W₁ weights equal the inputs, which a cue says, and
every product names its factors' roles: in the panel by symbols over the numbers in the colours of what they came
from, inputs and activations orange, weights ink, gradients blue; in the captions by words) → forward (the top hidden node's sum worked with its
numbers, z = 0.60 × 0.90 + (−0.40) × (−0.40) + 0.10 = 0.80, then the other nodes fill; a₁ = tanh(z₁) with
tanh(0.80) = 0.66 worked, then ŷ with no tanh, then the loss, each shown as its caption names it; the panel shows
one formula at a time; scenes.backprop.forward) → backward (∂L/∂ŷ = −1.10 over the output, which keeps ŷ; the chain rule
node by node: ∂L/∂ŷ × W₂[i] travels along its edge, × tanh's slope 1 − a₁² at the node; a₁ stays in a
tag; ∂L/∂w under each W₂ weight on its edge; each W₁ weight stays on its numbered edge and its gradient stands in
the table at the lower right (scenes.backprop.table), brought there node by node: the hidden node's ∂L/∂z, copied,
travels back along both edges into it to the input it multiplies, then into those edges' rows (scenes.backprop.grads), framed in the gradients' colour, so a gradient is never read as a weight; one W₂ and one W₁ product worked, its factors pointed at and its result moving into its edge label; the edges lit layer by layer; each b label back under its node with its gradient, the node's gradient moving into it; as the cue says the
slopes multiply, Δz = 0.01 at the top node followed hop by hop to the loss on the net itself (z 0.80 → 0.81 in its node,
then a, ŷ and the loss tick, ΔL beside the loss box) while the panel stacks the three slopes over their product, then the
forward pass re-run with z moved by 0.01 and 0.001, its ratio ΔL/Δz nearing ∂L/∂z, scenes.backprop.hops) → paths (the first input feeds all three
hidden nodes: the three paths' contributions W₁[i, 0]·∂L/∂z₁[i] travel back along their edges and add up
to ∂L/∂x₁, engine dx_paths and dx, x₁'s node keeping its value 0.90, the running sum on a line over it; the panel works each term W₁[i, 1] ×
∂L/∂z₁[i] ≈ its unrounded product, one term at a time; the W₁ edges show their weights again, each path's pointed at on its edge; the
nodes keep their gradients at two decimals) → nudge (the gradient picture stays on the net; the weight with the largest
|∂L/∂w| moved by +0.01 in the panel, a forward flash, the re-run's ŷ (its old → new value at Δŷ's four decimals under it) and the loss box's new loss, the difference ΔL
under its name and the marked edge's own gradient copied into ∂L/∂w × 0.01 worked out (while the re-run's output is
a "?", so is the loss); then the nudge is undone in view and in words, cause first: the weight back on its edge, then a pulse
to the loss, the output and the loss back to their own in turn (scenes.backprop.ripple.run_back), in one cue; one
backward pass gave all 13 gradients at a small multiple of one forward pass (about two to three), whatever the number of parameters, where
nudging would need 13 forward passes besides the first, one per parameter) → update (the same gradients, still on the net, light up as the rule's cue is read; each
becomes its step −lr·∂L/∂w, which travels into its weight: the marked one first, the rest together;
W ← W − lr·∂L/∂W, with a key for the steps' colours (a step > 0 raises the value, < 0 lowers it); x and the node values stay) → again (the new weights back in ink as the colours' key leaves; the forward pass with them, loss 0.603 → 0.278 in its box as its cue comes up, and the loss over five
steps repeated on this one example, its loss axis with a scale; the last cues say what the scene showed, and a card in the panel
says it too, a line with each cue, over the plot, which stays). Nodes show 2 decimals, the loss 3, Δloss 5, the paths' contributions as many (3 by
default) as make the written terms add up to the written sum; every number is read from
engine.smallnet.SmallNetStep. Picture and words in step: each value appears as the cue that states it starts,
never a cue early and never after its middle (tests/test_backprop_small.py checks every cue), and every digit on screen is at least 3 % of
the frame height (24-point text, 38-point LaTeX with its indices and powers at full size, captions at 28 points).
Maths is set in one face: the LaTeX in a sans (scenes.backprop.maths), the labels' and captions' maths letters slanted.

The input, weights, biases, target and learning rate are parameters (studio.catalogue.accepts.training, every
number within ±3): long values fit their node (never below 24 points), a long target is written on two
lines, and the captions whose claim
depends on the numbers (ŷ far from the target; the gradient's prediction close to the re-run; its sign;
the loss went down) pick the variant that holds (`caption_keys`).

The pieces: scenes.backprop.strings (the words, the number formats and caption_keys),
scenes.backprop.net (the network, its labels and the panel), scenes.backprop.passes (backward, nudge,
update), scenes.backprop.paths (where paths meet) and scenes.backprop.curve (the loss-vs-step plot); this
module holds the order of the scene.
"""
from __future__ import annotations

import re

from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Succession, VGroup, Wait

from look import fmt_num
from scenes.backprop.chain import Chain
from scenes.backprop.curve import loss_curve
from scenes.backprop.drawn import drawn_strings, unlisted
from scenes.backprop.forward import Forward
from scenes.backprop.grads import Grads
from scenes.backprop.hops import Hops
from scenes.backprop.net import PANEL_ROOM, PANEL_X, SMALL, BackpropNet, fit_panel, swap
from scenes.backprop.passes import Passes
from scenes.backprop.paths import Paths
from scenes.backprop.ripple import Ripple
from scenes.backprop.table import Table
from scenes.backprop.strings import STRINGS, caption_keys, f2, lr_text, vec
from scenes.backprop.tangent import Tangent
from scenes.parts.cues import italic_letters
from scenes.parts.lecture import CAPTION_BOTTOM, CAPTION_TOP, FINAL_HOLD, LectureScene

DECIMALS = {**dict.fromkeys(("x", "w1", "b1", "w2", "b2", "z1", "a1", "y_hat", "dy_hat", "da1", "slope", "dz1", "dx",
                             "dw2", "db2", "dw1", "db1", "w1_new", "b1_new", "w2_new", "b2_new", "z1_new", "a1_new",
                             "y_hat_new", "nudge", "nudge_w", "nudged_w"), 2),
            "dx_paths": 3, "loss": 3, "loss_new": 3, "losses": 3, "nudge_grad": 2, "y_hat_nudged": 2, "loss_nudged": 3,
            "dloss_nudge": 5, "z1_nudged": 2, "dz1_nudge": 4, "da1_nudge": 4, "dy_hat_nudge": 4, "ripple": 2,
            "dloss_linear": 4, "n_params": 0,
            "inner_w": 2, "inner_nudged_w": 2, "inner_grad": 2, "inner_loss_nudged": 3, "inner_dloss": 5,
            "inner_dloss_linear": 4}


# the captions' maths letters, slanted as the picture's TeX sets them: x, z, w, L, ŷ, b, and a where it is the hidden
# value (1 − a², "for a is", "value a.") and not the English article ("a weight", "a little")
MATH_LETTER = re.compile(r"(?<![A-Za-z'’])(?:[xzwLŷb]|a(?!\s+(?!is\b)[A-Za-z]))(?![A-Za-z])")
# a label's: ŷ stays upright there (the face has no ŷ: slanted, a fallback's ŷ read as a capital Ŷ)
LABEL_LETTER = re.compile(MATH_LETTER.pattern.replace("ŷ", ""))

CUE_MIN_S = 3.0  # seconds: most cues change the picture, and a viewer reads the cue and watches the change
END_HOLD = 3.7  # seconds the last picture stays after its last motion, the closing hold included
WORKED_MIN_S = 3.6  # a cue that works a product (×) while its result moves: the arithmetic and the motion both read


class BackpropSmall(Forward, Chain, Hops, Tangent, Paths, Grads, Ripple, Passes, Table, BackpropNet, LectureScene):
    math_letters = MATH_LETTER  # slanted in the captions as in the picture (scenes.parts.italics)
    strings = STRINGS
    # points: the captions stand above the labels (25, LaTeX 38), as large as two lines fit the caption band
    caption_size = 28
    zh_every_char = True  # its cues carry sums and products: in Chinese they read at 7 characters a second too

    def _need(self, text: str, mob, cue_id: str) -> float:
        """A cue stays its reading time, and at least CUE_MIN_S (a short Chinese cue would pass before its
        picture's change could be watched), WORKED_MIN_S when it works a product."""
        return max(WORKED_MIN_S if "×" in text else CUE_MIN_S, super()._need(text, mob, cue_id))

    def txt(self, s: str, size: float = 28, color: str | None = None, **kwargs):
        """A label with its maths letters (LABEL_LETTER) in italic: the captions' and the formulas' one maths face
        (the formulas' TeX is set in a sans, scenes.backprop.net.SANS_MATH), never an upright x beside an italic one."""
        if "t2s" not in kwargs and LABEL_LETTER.search(s):
            kwargs.update(italic_letters(s, LABEL_LETTER))
        return super().txt(s, size, color, **kwargs)

    def _cue_mobject(self, cue: str):
        """A caption on the band's bottom, 0.02 under its top at most: two 28-point lines fill the band, and the
        labels hanging lowest (the bottom node's bias) keep 0.2 clear of it."""
        mob = super()._cue_mobject(cue)
        if mob.height > CAPTION_TOP - CAPTION_BOTTOM - 0.02:
            mob.scale_to_fit_height(CAPTION_TOP - CAPTION_BOTTOM - 0.02)
        return mob.move_to([0, CAPTION_BOTTOM, 0], aligned_edge=DOWN)

    def play(self, *animations, **kwargs):
        """A play, after which the record lists every drawn number no field of it names (`also_shown`); with a
        gate watching, its after-play check reads the record so updated."""
        obs = self.observer
        if obs is not None and not getattr(obs, "sees_drawn", False):
            after = obs.after_play

            def after_play(scene):
                self.note_drawn()
                after(scene)

            obs.after_play, obs.sees_drawn = after_play, True
        super().play(*animations, **kwargs)
        self.note_drawn()

    def note_drawn(self) -> None:
        self.shown["also_shown"] = ""
        self.shown["also_shown"] = unlisted(self.shown, drawn_strings(self))

    def construct(self):
        self.add_title(align="left")
        self.build()
        self.net()
        self.forward()
        self.backward()
        self.paths()
        self.nudge()
        self.update()
        self.again()

    def net(self):
        d = self.data
        self.section("net")
        self.shown["phase"] = "net"
        # the nodes the caption counts are there from its first frame (never a cue over an empty canvas), the
        # edges between them drawn as it is read; the hidden nodes' title names z until tanh makes a from it
        self.add(*self.nodes_in, *self.nodes_hid, self.node_out, self.loss_box,
                 *(t for t in self.col_titles if t is not self.col_titles[1]), self.hid_z_title)
        self.caption(self.s("cap_net", x0=f2(d.x[0]), x1=f2(d.x[1])), with_=[Create(self.edges)], run_time=1.2)
        self.until_next_cue()  # the weights and the input come with the cue that states them
        self.shown.update(edges="weights", edge_values=self.edge_values("w"), target_shown=f2(d.target),
                          x_shown=vec(d.x))
        self.play(FadeIn(VGroup(*self.lab_w.values(), *self.heads["w"].values(), *self.edge_nums.values())),
                  self.new_key(self.s("edge_key_w"), self.pal.ink), *(FadeIn(t) for t in self.in_text), run_time=1.0)
        self.read(*self.in_text, self.edges)

    def again(self):
        d, pal = self.data, self.pal
        self.section("again", self.s("cap_again_run"), keep=[*self.node_texts(), self.rows, self.mode_key, *self.d_titles,
                                                              *self.lab_n.values(), *self.heads["n"].values()])
        self.shown["phase"] = "again"
        # the update's worked rule and its learning rate leave with the panel: the record lists what is drawn
        self.shown.update(work="", lr_shown="", nudge_shown="")
        end = self.txt(self.s("end_line", a=fmt_num(d.loss, 3), b=fmt_num(d.loss_new, 3)), size=28,
                       color=pal.ok if d.loss_new <= d.loss else pal.bad, weight="BOLD", line_spacing=0.9)
        fit_panel(end).move_to([PANEL_X, 2.45 - end.height / 2, 0], aligned_edge=LEFT)
        self.play(self.new_key(self.s("again"), pal.accent), FadeOut(self.rows),
                  *(self.lit(n, pal.accent) for n in self.nodes_in),
                  # the key to the rise/fall colours leaves with the panel: the new weights go back to ink with it
                  *(lab[1].animate.set_color(pal.ink) for lab in self.lab_n.values()),
                  # the old forward values, the loss's too, leave the nodes as the new forward pass starts
                  *(FadeOut(t) for t in (*self.hid_text, self.out_text, self.loss_text)),
                  *(self.unlit(n) for n in (*self.nodes_hid, self.node_out, self.loss_box)),
                  # the hidden nodes held their gradients through the update: their title names values again
                  swap(self.d_titles[0], self.col_titles[1], 0.6), run_time=0.6)
        self.shown.update(hidden_shown="", y_hat_shown="", loss_shown="")
        self.hid_text = self.advance(list(self.e1.values()), pal.accent, self.nodes_hid, [None] * 3,
                                     [f2(v) for v in d.a1_new])
        self.shown["hidden_shown"] = vec(d.a1_new)
        self.out_text, = self.advance(self.e2, pal.accent, [self.node_out], [None], [f2(d.y_hat_new)],
                                      flash_time=0.8)
        self.shown["y_hat_shown"] = f2(d.y_hat_new)
        # the new loss is in its box as the cue that states it comes up (its change done by the cue's first frame)
        self.wait(max(0.0, self.cue_left() - 0.25))
        self.shown["loss_shown"] = fmt_num(d.loss_new, 3)
        # the box's loss is named for its step (the plot below goes on to later steps): "after step 1" over "loss"
        loss_word = self.col_titles[3]
        self.loss_step = self.txt(self.s("loss_after", n=1), size=SMALL, color=pal.ok)
        self.loss_step.next_to(loss_word, UP, buff=0.08).align_to(loss_word, RIGHT)
        self.loss_text, = self.advance([self.e3], pal.ok, [self.loss_box], [None], [fmt_num(d.loss_new, 3)],
                                       FadeIn(self.loss_step), together=True, run_time=0.25)
        self.caption(self.s(caption_keys(d)["again"], l0=fmt_num(d.loss, 3), l1=fmt_num(d.loss_new, 3), lr=lr_text(d.lr)),
                     with_=[FadeIn(end, shift=0.2 * LEFT)], run_time=0.6)
        self.read(end, self.loss_text)
        plot = loss_curve(self, d.losses, top=end.get_bottom()[1] - 0.35)
        n = len(d.losses) - 1
        self.caption(self.s("cap_curve", n=n, ln=fmt_num(d.losses[-1], 3)),
                     with_=[FadeIn(plot.frame), Create(plot.line), FadeIn(plot.marks)], run_time=0.5,
                     shown={"losses_shown": ", ".join(fmt_num(v, 3) for v in d.losses)})
        self.read(plot.marks[-1], plot.line)
        # the ending says what the scene showed, on a card in the one step's place (the loss box keeps its new
        # loss): one line per step of the method, each with the cue that says it; the plot moves down under the
        # card and stays, so the ending still shows the loss falling step after step
        # the card's lines at one size: only when the longest does not fit do all three shrink together
        card = VGroup(*(self.txt(self.s(k), size=SMALL, color=pal.ink) for k in ("card_fwd", "card_back", "card_upd")))
        card.arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        if card.width > PANEL_ROOM + 0.2:
            card.scale((PANEL_ROOM + 0.2) / card.width)
        # its left end at least 0.35 right of the loss box's "after step 1" (at 0.0 the last line read "after step
        # 1update:"), as far as the title-safe edge allows
        card.move_to([min(6.3 - card.width, max(PANEL_X, self.loss_step.get_right()[0] + 0.35)), 2.45, 0],
                     aligned_edge=UP + LEFT)
        chart = VGroup(plot.frame, plot.line, plot.marks)
        self.plot, self.card = plot, card
        drop = max(0.0, chart.get_top()[1] - (card[-1].get_bottom()[1] - 0.45))  # a clear gap under the card
        drop = min(drop, max(0.0, chart.get_bottom()[1] - (CAPTION_TOP + 0.2)))  # and 0.2 clear over the caption
        # the one step's line leaves and the chart settles under the card's place before the card comes in there:
        # the two texts are never drawn over each other, nor the card over a moving chart
        self.caption(self.s("cap_end"), with_=[Succession(FadeOut(end, run_time=0.5), Wait(0.5)),
                                              Succession(chart.animate(run_time=0.5).shift(drop * DOWN), Wait(0.5)),
                                              self.new_key(self.s("summary"), pal.ink),
                                              Succession(Wait(0.5), FadeIn(VGroup(card[0], card[1]), shift=0.2 * DOWN, run_time=0.5))],
                     run_time=1.0, shown={"card": " | ".join(c.text for c in card[:2])})
        self.read_cue(card[0], card[1], grow=1.0)  # in colour only: grown, a line would reach the loss box's labels
        self.shown["card"] = " | ".join(c.text for c in card)
        self.play(FadeIn(card[2], shift=0.2 * DOWN), run_time=0.6)
        moved = self.now  # the last motion (the pointing that follows is in colour only)
        self.read(card[2], plot.line, *self.heads["n"].values(), grow=1.0)
        # the last picture held: END_HOLD s from the last motion with the closing hold (FINAL_HOLD), so the end of
        # the colour pointing is followed by a still of at least FINAL_HOLD s
        self.wait(self.caption_left() + max(0.0, END_HOLD - FINAL_HOLD - (self.now - moved) - self.caption_left()))


SCENE = BackpropSmall
