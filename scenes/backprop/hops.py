"""backprop_small's "the slopes multiply" (seed 004 "補充：前向傳播 × 反向傳播", the backward pass, 連鎖律): a small
change of the top hidden node's z, followed hop by hop to the loss on the net itself, each value it reaches ticking in
its own place: the node's z 0.80 → 0.81 ("nudge z by +0.01" beside it), its a in its tag (0.6640 → 0.6696), the output
in its node (ŷ old → new at four decimals under it), the loss in its box, with ΔL ≈ −0.0049 beside the box. The panel
holds two lines under the chain-rule formula, the slope of each hop coming in as the change crosses it, then their
product under them:

    0.56 × 0.80 × (−1.10)               tanh's slope 1 − a², the edge's weight W₂[1], ∂L/∂ŷ
    = −0.49 ≈ ΔL/Δz                     the node's gradient ∂L/∂z₁[1]

so that "the product of the slopes, −0.49" is read with the factors over their product. The nudge is the record's
(engine.smallnet.SmallNetStep.nudge), the factors are its slope, w2 and dy_hat. With that cue the nudge is undone (the
values back, the node its gradient); the product of slopes is first-order: the check is the forward pass itself
(engine.smallnet.small_net_forward) re-run with z moved by the nudge and by a tenth of it (`rerun_ratios`), three lines:
∂L/∂z = −0.491, "re-run", and the measured ratio ticking −0.487 → −0.491 as the nudge shrinks. Mixed into
scenes.backprop_small.BackpropSmall (needs Chain, Grads, BackpropNet and LectureScene); the lines take the tangent
plot's place in the panel.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, FadeIn, FadeOut, Indicate, MoveAlongPath, Succession, VGroup, Wait

from engine.smallnet import small_net_forward

from look import fmt_num
from scenes.backprop.net import LABEL, PANEL_X, SMALL, fit_panel, swap
from scenes.backprop.strings import f2, paren

DEC = 4  # a change's decimals (+0.0056), as the nudge's ripple writes them
LINE_GAP = 0.16  # between two panel lines
PANEL = 28  # the panel's lines: digits 3.7 % of the frame height (17.7 px at 480p)


def num(text: str) -> float:
    return float(text.replace("−", "-"))


def hop_line(name: str, factor: str, before: str, value: float) -> str:
    """"× 0.56 → Δa = +0.0056": the step's factor, then the change it makes of the change before (`before`, as
    written); = when the written factor times the written change gives the written result, ≈ otherwise."""
    shown = fmt_num(value, DEC, signed=True)
    eq = "=" if fmt_num(num(factor) * num(before), DEC, signed=True) == shown else "≈"
    return f"× {paren(factor)} → {name} {eq} {shown}"


def hop_texts(d, i: int = 0) -> list[str]:
    """The panel's two lines for hidden node i, piece by piece: the three slopes the change passes (tanh's, the edge's
    weight, ∂L/∂ŷ), each coming in as the change crosses its step, then their product, the ratio ΔL/Δz; every number
    the record's (or a product of the record's numbers)."""
    h = float(d.nudge)
    dl = float(d.dy_hat) * float(d.w2[i]) * float(d.slope[i]) * h
    return [f2(d.slope[i]), f"× {paren(f2(d.w2[i]))}", f"× {paren(f2(d.dy_hat))}", f"= {f2(dl / h)} ≈ ΔL/Δz"]


def loss_change(d, i: int = 0) -> str:
    """"ΔL ≈ −0.0049", beside the loss box as its value ticks: the change the three slopes make of the nudge (≈: the
    first-order change, at the change's four decimals)."""
    dl = float(d.dy_hat) * float(d.w2[i]) * float(d.slope[i]) * float(d.nudge)
    return f"ΔL ≈ {fmt_num(dl, DEC, signed=True)}"


def pulse_values(d, i: int = 0) -> list[tuple[str, str, str]]:
    """What the change does to each value it reaches on its way (a, then ŷ, then the loss): (name, old, new), the old
    value the record's and the new one the old plus the change its hop line writes, at the change's four decimals (the
    loss at its own three, as its box writes it)."""
    h = float(d.nudge)
    da = float(d.slope[i]) * h
    dy = float(d.w2[i]) * da
    dl = float(d.dy_hat) * dy
    a, y, loss = float(d.a1[i]), float(d.y_hat), float(d.loss)
    return [("a", fmt_num(a, DEC), fmt_num(a + da, DEC)), ("ŷ", fmt_num(y, DEC), fmt_num(y + dy, DEC)),
            ("L", fmt_num(loss, 3), fmt_num(loss + dl, 3))]


class Hops:
    """`slope_hops`: the cue "the slopes multiply" as one change followed through the top node's path."""

    hops = None
    hid_was = ""  # the record's hidden values before the nudge (the nodes' gradients), listed again once it is undone
    z_tag = VGroup()  # the "z" beside the top node while it shows its nudged z
    pulse_back: list = []  # (what the pulse wrote, what it stood in for) while the change is followed

    def pulse_dot(self, line):
        """A dot that runs along `line` (an edge, left to right) as the change travels it, then goes."""
        dot = Dot(line.get_start(), radius=0.07, color=self.pal.accent).set_z_index(2)
        return Succession(FadeIn(dot, run_time=0.05), MoveAlongPath(dot, line.copy(), run_time=0.7),
                          FadeOut(dot, run_time=0.15))

    def pulse_tick(self, k: int) -> list:
        """The change reaches the value of hop k, on the net itself (0: the top node's own z, 0.80 → 0.81 in the node,
        with "nudge z by +0.01" beside it; 1: its a, in its tag; 2: the output, in its node, old → new at the change's
        decimals in the place of its name; 3: the loss, in its box, ΔL written beside the box). With the first the tag
        a = 0.66 is written at the change's decimals (a = 0.6640), so that its tick reads as Δa."""
        d, pal = self.data, self.pal
        if k == 0:
            # what was nudged, beside the top node in the W₂ title's place: "nudge z by +0.01" (Δa's cause); the node
            # itself, lit in the nudge's colour, shows z and ticks from its value to the nudged one
            head = self.heads[self.head_on.get("2", "w")]["2"]
            # the nudged z in the ink, never in the activations' orange (it would read as a going 0.66 → 0.81)
            chip = self.on_box(self.txt(self.s("z_nudge", h=fmt_num(float(d.nudge), 2, signed=True)), size=LABEL,
                                        color=pal.ink))
            chip.next_to(self.nodes_hid[0], RIGHT, buff=0.12).align_to(head, DOWN)
            self.pulse_back.append((chip, head))
            node = self.nodes_hid[0]
            z0 = self.node_text(f2(d.z1[0]), True).move_to(node)
            z1 = self.node_text(f2(float(d.z1[0]) + float(d.nudge)), True).move_to(node)
            self.pulse_back.append((z1, self.hid_text[0]))
            self.shown["z_shown"] = z1.text
            # a small "z" inside the node, over its value, names what the node shows while it is nudged (outside it
            # would meet the W₁ header or the title)
            self.z_tag = self.txt("z", size=LABEL, color=pal.background).move_to(node.get_center() + 0.3 * UP)
            # the top node shows its nudged z, the other two their gradients (dimmed) until the nudge is undone
            self.hid_was = self.shown.get("hidden_shown", "")
            self.shown["hidden_shown"] = ", ".join([z1.text, *(f2(v) for v in d.dz1[1:])])
            ticks = [swap(head, chip, 0.6), self.lit(node, pal.ink), FadeIn(self.z_tag, run_time=0.3),
                     Succession(FadeOut(self.hid_text[0], run_time=0.25), FadeIn(z0, run_time=0.25), Wait(0.3),
                                FadeOut(z0, run_time=0.2), FadeIn(z1, run_time=0.25))]
        name, old, new = pulse_values(d)[max(k, 1) - 1]
        if k in (0, 1):  # in the tag under the top node, at its place (a longer line there would run into the edge labels)
            was, first = (self.a_tags[0], self.a_tags[0]) if k == 0 else self.pulse_back.pop()
            tag = self.edge_label(self.s("a_tag", v=old if k == 0 else new), pal.accent, first.get_center())
            # at the short tag's height, centred between the W₁ label left of it and the W₂ label right of it (the
            # longer value as far from the 0.80 edge's label as from the −0.40's), when that is under its node
            mid = (self.lab_w[("w1", 0, 1)].get_right()[0] + self.lab_w[("w2", 0)].get_left()[0]) / 2
            if abs(mid - first.get_x()) < 0.3:
                tag.set_x(mid)
            # the longer value 0.08 clear of the 0.80 edge's label: moved left by up to 0.25 (room under the W₁ label
            # over it), then, if that is not enough, down under the label
            w2 = self.lab_w[("w2", 0)]
            tag.shift(min(0.25, max(0.0, tag.get_right()[0] - (w2.get_left()[0] - 0.08))) * LEFT)
            if tag.get_right()[0] > w2.get_left()[0] - 0.08:
                tag.shift(max(0.0, tag.get_top()[1] - (w2.get_bottom()[1] - 0.08)) * DOWN)
            self.pulse_back.append((tag, first))
            self.note_pulse()
            return [*(ticks if k == 0 else []), swap(was, tag, 0.6)]
        if k == 3:  # the loss box's own value ticks, at its own decimals, its change written beside the box
            now = self.node_text(new, True, self.loss_box.width * 0.92).move_to(self.loss_box)
            was, self.loss_text = self.loss_text, now
            self.shown["loss_shown"] = new
            dl = self.txt(loss_change(d), size=PANEL, color=pal.accent)
            dl.next_to(self.loss_box, RIGHT, buff=0.15).align_to(self.loss_box, DOWN)
            self.pulse_back.append((dl, VGroup()))
            self.note_pulse()
            return [self.pulse_dot(self.e3), *self.flash([self.e3], pal.accent), swap(was, now, 0.6),
                    Indicate(self.loss_box, color=pal.accent, scale_factor=1.05), Succession(Wait(0.3), FadeIn(dl, run_time=0.3))]
        # the output node itself shows the nudged ŷ (at its two decimals; the chip at the change's four), as the
        # tag shows a and the box the loss: every value the change reaches shows its nudged value
        y_new = self.node_text(f2(float(new.replace("−", "-"))), True).move_to(self.node_out)
        self.pulse_back.append((y_new, self.out_text))
        self.out_text = y_new
        self.shown["y_hat_shown"] = y_new.text
        spot = self.col_titles[2]
        # from the name's left end (centred there, it ran into the bottom node's slope tag)
        chip = self.on_box(self.txt(f"{name}: {old} → {new}", size=LABEL, color=pal.accent))
        chip.move_to(spot, aligned_edge=UP + LEFT)
        self.pulse_back.append((chip, spot))
        self.note_pulse()
        travel = [self.pulse_dot(self.e2[0]), *self.flash([self.e2[0]], pal.accent)] if k == 2 else []
        return [*travel, swap(spot, chip, 0.6), swap(self.pulse_back[-2][1], y_new, 0.6)]

    def note_pulse(self) -> None:
        self.shown["pulse_shown"] = " | ".join(c[1].text if type(c) is VGroup else c.text for c, _ in self.pulse_back
                                               if not (type(c) is VGroup and len(c) == 0))

    def pulse_undo(self) -> list:
        """The followed change is taken back: each value it reached shows its own again, the top node its gradient in
        the gradients' colour."""
        back, self.pulse_back = self.pulse_back, []
        self.out_text = next((was for now, was in back if now is self.out_text), self.out_text)
        loss = self.node_text(fmt_num(self.data.loss, 3), True, self.loss_box.width * 0.92).move_to(self.loss_box)
        back.append((self.loss_text, loss))
        self.loss_text = loss
        self.shown.update(pulse_shown="", z_shown="", hidden_shown=self.hid_was, loss_shown=fmt_num(self.data.loss, 3), y_hat_shown=f2(self.data.y_hat))
        z_tag, self.z_tag = self.z_tag, VGroup()
        return [self.lit(self.nodes_hid[0], self.pal.cool), FadeOut(z_tag, run_time=0.3), *(swap(now, was, 0.6) if len(was) else FadeOut(now, run_time=0.3)
                                                            for now, was in back)]

    def slope_hops(self, total: float, below, leaving=None) -> None:
        """The change is followed on the net (`pulse_tick`: z, a, ŷ, the loss each tick in place) while the panel under
        `below` (the chain-rule formula) gathers the three slopes it passes on one line and their product under it,
        as `leaving` (the three nodes' worked products, whose results the nodes keep) moves up out of the panel with
        the tangent plot: the panel never holds more than the formula and these two lines."""
        d, pal = self.data, self.pal
        texts = hop_texts(d)
        parts = [self.txt(t, size=PANEL, color=pal.accent) for t in texts]
        factors = fit_panel(VGroup(*parts[:3]).arrange(RIGHT, buff=0.14))  # long factors (other numbers): to the panel
        product = fit_panel(parts[3])
        x0 = PANEL_X
        top = below.get_bottom()[1] - 0.14
        factors.move_to([x0, top - factors.height / 2, 0], aligned_edge=LEFT)
        product.next_to(factors, DOWN, buff=LINE_GAP + 0.06, aligned_edge=LEFT)
        lines = VGroup(factors, product)
        self.hops = lines
        slope_tag, weight, dy = self.slope_tags[0][1], self.lab_w[("w2", 0)][1], self.dy_tag[1]
        work = "" if leaving is not None else self.shown.get("work", "")  # the worked products leave with the first hop
        self.pulse_back = []
        steps = [  # (what each piece points at on the net, the change travelling on: its edge pulsed, its value ticked)
            (Indicate(self.nodes_hid[0], color=pal.accent, scale_factor=1.1), None, 0),
            (Indicate(slope_tag, color=pal.accent, scale_factor=1.15), parts[0], 1),
            (Indicate(weight, color=pal.accent, scale_factor=1.15), parts[1], 2),
            (Indicate(dy, color=pal.accent, scale_factor=1.1), parts[2], 3),
            (Indicate(factors, color=pal.cool, scale_factor=1.05), product, None),
        ]
        # the tangent plot and the worked products leave first, then the nudge starts (never the two drawn together)
        gone = VGroup(self.tangent_plot, *([leaving] if leaving is not None else []))
        self.shown["tangent_shown"] = ""
        # the other nodes' gradients step back while the change is followed (the net shows nudged values, not
        # gradients); they come back when the nudge is undone
        grads = list(self.hid_text[1:])
        shown = []
        for k, (point, piece, pulse) in enumerate(steps):
            if piece is not None:
                shown.append(texts[k - 1])
            self.shown["work"] = " | ".join([*([work] if work else []), " ".join(shown[:3]), *shown[3:]])
            r = total * 0.18 if k < 4 else total * 0.12  # the product in the cue's last stretch, read for the rest
            come = [FadeIn(piece, shift=0.15 * DOWN)] if piece is not None else []
            if k == 0:
                come = [FadeOut(gone, shift=0.3 * UP, run_time=0.45 * r)]
            dim = [g.animate.set_opacity(0.3) for g in grads] if k == 0 else []
            self.play(*come, point, *(self.pulse_tick(pulse) if pulse is not None else ()), *dim, run_time=r)
        self.hop_grads = grads

    def tie_hops(self) -> None:
        """"The product of the slopes, −0.49, is the gradient at the top node": the nudge undone (z, a, ŷ and the
        loss back, the top node its gradient again) with the factors still stacked over their product, both pointed
        at with the node; then the product becomes ∂L/∂z at three decimals, and under it the forward pass really
        re-run with z moved by two nudges (`rerun_ratios`), its measured ratio ticking −0.487 → −0.491: three lines."""
        d, pal = self.data, self.pal
        factors, product = self.hops
        self.caption(self.s("cap_hops_tie", g=f2(d.dz1[0])),
                     with_=[*self.pulse_undo(), *self.flash([self.e3, self.e2[0]], pal.accent, back=True),
                            *(g.animate.set_opacity(1) for g in self.hop_grads)], run_time=0.7)
        node = self.em(self.hid_text[0])
        self.play(Indicate(product, color=pal.cool, scale_factor=1.15), Indicate(node, color=pal.cool, scale_factor=1.1),
                  run_time=0.8)
        self.bring_to_front(self.hid_text[0])  # the node's value stays over its lit shape
        self.read_cue(factors, product, node)
        grad = self.d_words(f"∂L/∂z = {fmt_num(float(d.dz1[0]), 3)}", pal.cool, size=PANEL)
        grad.move_to(factors.get_corner(UP + LEFT), aligned_edge=UP + LEFT)
        head = self.txt(self.s("rerun"), size=PANEL, color=pal.accent)
        head.next_to(grad, DOWN, buff=LINE_GAP, aligned_edge=LEFT)
        runs = [fit_panel(self.txt(f"{fmt_num(r, 3)}   (Δz = {fmt_num(h, len(f'{h:g}') - 2)})", size=PANEL,
                                   color=pal.accent)) for h, r in rerun_ratios(d)]  # long ratios: shrunk to the panel
        for run in runs:
            run.next_to(head, DOWN, buff=LINE_GAP, aligned_edge=LEFT)
        self.hops = VGroup(grad, head, runs[1])
        self.shown["work"] = " | ".join([grad[-1].text, head.text, runs[0].text])  # (∂L/∂z is TeX)
        self.play(FadeOut(factors), swap(product, grad, 0.6), FadeIn(head), run_time=0.6)
        self.play(FadeIn(runs[0], shift=0.15 * DOWN), run_time=0.5)
        self.shown["work"] = " | ".join([grad[-1].text, head.text, runs[1].text])
        self.play(swap(runs[0], runs[1], 0.6), Indicate(self.em(self.hid_text[0]), color=pal.cool, scale_factor=1.1),
                  run_time=0.8)


def rerun_ratios(d, i: int = 0) -> list[tuple[float, float]]:
    """(Δz, ΔL/Δz) for hidden node i's sum moved by each nudge and the forward pass run again (z moves one for one
    with its bias, so the bias is moved) by the record's nudge and by a tenth of it: the measured ratio, which nears the
    backward pass's dz1[i] as Δz shrinks."""
    out = []
    for h in (float(d.nudge), float(d.nudge) / 10):
        b1 = np.array(d.b1, dtype=float)
        b1[i] += h
        _, _, y = small_net_forward(d.x, d.w1, b1, d.w2, d.b2)
        out.append((h, (0.5 * (y - d.target) ** 2 - d.loss) / h))
    return out
