"""backprop_small's "the slopes multiply" (seed 004 "補充：前向傳播 × 反向傳播", the backward pass, 連鎖律): a small
change of the top hidden node's z, followed hop by hop to the loss, each hop scaled by its step's slope, the factor
pointed at where the net shows it:

    Δz = 0.01                           the nudge, at the top hidden node
    × 0.56 → Δa = +0.0056               tanh's slope 1 − a², the "× 0.56" beside the node
    × 0.80 → Δŷ = +0.0045               the edge's weight W₂[1], on its edge
    × (−1.10) → ΔL ≈ −0.0049            ∂L/∂ŷ, over the output
    ΔL/Δz = −0.49                       the product of the three slopes: the node's gradient ∂L/∂z₁[1]

The nudge is the record's (engine.smallnet.SmallNetStep.nudge), the factors are its slope, w2 and dy_hat; each change
is the one before times its factor (the written line says ≈ when its written factors do not make its result at the
digits shown), and ΔL/Δz is dy_hat·w2·slope, the record's dz1. The five lines stay together in the panel. The product
of slopes is first-order: the check is the forward pass itself (engine.smallnet.small_net_forward) re-run with z moved by
the nudge and by a tenth of it (`rerun_ratios`: ΔL/Δz = −0.487, then −0.491), nearing ∂L/∂z = −0.491 as the nudge
shrinks. Mixed into scenes.backprop_small.BackpropSmall (needs Chain, Grads, BackpropNet and LectureScene); the lines take
the tangent plot's place in the panel.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, FadeIn, FadeOut, Indicate, MoveAlongPath, Succession, VGroup

from engine.smallnet import small_net_forward

from look import fmt_num
from scenes.backprop.net import LABEL, PANEL_X, SMALL, fit_panel, swap
from scenes.backprop.strings import f2, paren

DEC = 4  # a change's decimals (+0.0056), as the nudge's ripple writes them
LINE_GAP = 0.16  # between two hop lines


def num(text: str) -> float:
    return float(text.replace("−", "-"))


def hop_line(name: str, factor: str, before: str, value: float) -> str:
    """"× 0.56 → Δa = +0.0056": the step's factor, then the change it makes of the change before (`before`, as
    written); = when the written factor times the written change gives the written result, ≈ otherwise."""
    shown = fmt_num(value, DEC, signed=True)
    eq = "=" if fmt_num(num(factor) * num(before), DEC, signed=True) == shown else "≈"
    return f"× {paren(factor)} → {name} {eq} {shown}"


def hop_texts(d, i: int = 0) -> list[str]:
    """The five lines for hidden node i, every number the record's (or a product of the record's numbers)."""
    h = float(d.nudge)
    da = float(d.slope[i]) * h
    dy = float(d.w2[i]) * da
    dl = float(d.dy_hat) * dy
    return [f"Δz = {f2(h)}",
            hop_line("Δa", f2(d.slope[i]), f2(h), da),
            hop_line("Δŷ", f2(d.w2[i]), fmt_num(da, DEC), dy),
            hop_line("ΔL", f2(d.dy_hat), fmt_num(dy, DEC), dl),
            f"ΔL/Δz = {f2(dl / h)}"]


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
    pulse_back: list = []  # (what the pulse wrote, what it stood in for) while the change is followed

    def pulse_dot(self, line):
        """A dot that runs along `line` (an edge, left to right) as the change travels it, then goes."""
        dot = Dot(line.get_start(), radius=0.07, color=self.pal.accent).set_z_index(2)
        return Succession(FadeIn(dot, run_time=0.05), MoveAlongPath(dot, line.copy(), run_time=0.7),
                          FadeOut(dot, run_time=0.15))

    def pulse_tick(self, k: int) -> list:
        """The change reaches the value of hop k (1: the top node's a, in its tag; 2: the output, in the place of its
        name; 3: the loss, in its box): the value ticks to its nudged one, old → new at the change's decimals. With the
        first line (k = 0) the tag a = 0.66 is written at those decimals (a = 0.6640), so that its tick reads as Δa."""
        d, pal = self.data, self.pal
        name, old, new = pulse_values(d)[max(k, 1) - 1]
        nudge = []
        if k == 0:  # what was nudged, beside the top node in the W₂ title's place: "nudge z by +0.01" (Δa's cause)
            head = self.heads[self.head_on.get("2", "w")]["2"]
            # the change itself, not z's old → new (z = 0.80 beside the 0.80 weight read as the later weight nudge)
            chip = self.on_box(self.txt(self.s("z_nudge", h=fmt_num(float(d.nudge), 2, signed=True)), size=LABEL,
                                        color=pal.accent))
            chip.next_to(self.nodes_hid[0], RIGHT, buff=0.12).align_to(head, DOWN)
            self.pulse_back.append((chip, head))
            nudge = [swap(head, chip, 0.6)]
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
            self.shown["pulse_shown"] = " | ".join(c[1].text if type(c) is VGroup else c.text for c, _ in self.pulse_back)
            return [*nudge, swap(was, tag, 0.6)]
        if k == 3:  # the loss box's own value ticks, at its own decimals
            now = self.node_text(new, True, self.loss_box.width * 0.92).move_to(self.loss_box)
            was, self.loss_text = self.loss_text, now
            self.shown["loss_shown"] = new
            return [self.pulse_dot(self.e3), *self.flash([self.e3], pal.accent), swap(was, now, 0.6),
                    Indicate(self.loss_box, color=pal.accent, scale_factor=1.05)]
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
        self.shown["pulse_shown"] = " | ".join(c[1].text if type(c) is VGroup else c.text for c, _ in self.pulse_back)
        travel = [self.pulse_dot(self.e2[0]), *self.flash([self.e2[0]], pal.accent)] if k == 2 else []
        return [*travel, swap(spot, chip, 0.6), swap(self.pulse_back[-2][1], y_new, 0.6)]

    def pulse_undo(self) -> list:
        """The followed change is taken back: each value it reached shows its own again."""
        back, self.pulse_back = self.pulse_back, []
        self.out_text = next((was for now, was in back if now is self.out_text), self.out_text)
        loss = self.node_text(fmt_num(self.data.loss, 3), True, self.loss_box.width * 0.92).move_to(self.loss_box)
        back.append((self.loss_text, loss))
        self.loss_text = loss
        self.shown.update(pulse_shown="", loss_shown=fmt_num(self.data.loss, 3), y_hat_shown=f2(self.data.y_hat))
        return [swap(now, was, 0.6) for now, was in back]

    def slope_hops(self, total: float, below, leaving=None) -> None:
        """The five lines come in one by one under `below` (the chain-rule formula) as `leaving` (the three nodes'
        worked products, whose results the nodes keep) moves up out of the panel with the tangent plot: the panel
        never holds more than the formula and these five lines."""
        d, pal = self.data, self.pal
        texts = hop_texts(d)
        # the five lines stay, one under the other, until the ratio has been tied to the node's gradient: the three
        # factors 0.56, 0.80, (−1.10) and their product −0.49 on screen together (0.16 between lines: at 0.06 a
        # line's "Δ" and "ŷ" touched the digits of the line over it)
        lines = VGroup(*(self.txt(t, size=SMALL, color=pal.accent) for t in texts))
        # at the titles' size (digits 3 % of the frame): wider than the panel, a line starts left of it (by 0.2 at
        # most), 0.14 under the formula
        x0 = max(PANEL_X - 0.2, min(PANEL_X, 6.3 - max(t.width for t in lines)))
        top = below.get_bottom()[1] - 0.14
        step = max(t.height for t in lines) + LINE_GAP
        for k, t in enumerate(lines):
            t.move_to([x0, top - lines[0].height / 2 - k * step, 0], aligned_edge=LEFT)
        self.hops = lines
        slope_tag, weight, dy = self.slope_tags[0][1], self.lab_w[("w2", 0)][1], self.dy_tag[1]
        node = self.em(self.hid_text[0])
        work = "" if leaving is not None else self.shown.get("work", "")  # the worked products leave with the first line
        self.pulse_back = []
        steps = [  # (what each line points at on the net, the change travelling on: its edge pulsed, its value ticked)
            (Indicate(self.nodes_hid[0], color=pal.accent, scale_factor=1.1), 0),
            (Indicate(slope_tag, color=pal.accent, scale_factor=1.15), 1),
            (Indicate(weight, color=pal.accent, scale_factor=1.15), 2),
            (Indicate(dy, color=pal.accent, scale_factor=1.1), 3),
            (Indicate(node, color=pal.cool, scale_factor=1.1), []),
        ]
        # the tangent plot and the worked products leave first, then the first hop comes in, in their place (never the
        # two drawn together)
        gone = VGroup(self.tangent_plot, *([leaving] if leaving is not None else []))
        self.shown["tangent_shown"] = ""
        # the nodes' gradients step back while the change is followed (the picture shows nudged values, not
        # gradients); the top node's comes back with the ratio, the gradient the change's ratio tends to
        grads = list(self.hid_text)
        for k, (point, pulse) in enumerate(steps):
            self.shown["work"] = " | ".join([*([work] if work else []), *texts[:k + 1]])
            r = total * 0.16  # the five lines in four fifths of the cue: the last one read for the rest
            come = [FadeIn(lines[k], shift=0.15 * DOWN)]
            if k == 0:
                come = [Succession(FadeOut(gone, shift=0.3 * UP, run_time=0.45 * r), FadeIn(lines[0], run_time=0.55 * r))]
            dim = [g.animate.set_opacity(0.3) for g in grads] if k == 0 else []
            if k == 4:
                dim = [g.animate.set_opacity(1) for g in grads]
            self.play(*come, point, *(self.pulse_tick(pulse) if pulse != [] else ()), *dim, run_time=r)

    def tie_hops(self) -> None:
        """The ratio's line held with a cue of its own: the product of the slopes, ΔL/Δz, pointed at in the panel
        and then at the top hidden node, whose gradient it is (the record's dz1[0], the node's value)."""
        pal = self.pal
        ratio, node = self.hops[4], self.em(self.hid_text[0])
        self.caption(self.s("cap_hops_tie", g=f2(self.data.dz1[0])),
                     with_=[Indicate(ratio, color=pal.cool, scale_factor=1.15)], run_time=0.8)
        self.play(Indicate(node, color=pal.cool, scale_factor=1.1), run_time=0.8)
        self.bring_to_front(self.hid_text[0])  # the node's value stays over its lit shape
        self.read_cue(ratio, node)
        # the followed change was a thought experiment: the values it reached show their own again, and the panel's
        # hop lines leave with them; in their place, the forward pass really run again with the top node's z moved
        # by two nudges (engine.smallnet.small_net_forward, `rerun_ratios`): the measured ratio ΔL/Δz nears the
        # backward pass's ∂L/∂z (at three decimals) as the nudge shrinks
        d, pal = self.data, self.pal
        grad = self.d_words(f"∂L/∂z = {fmt_num(float(d.dz1[0]), 3)}", pal.cool)
        head = self.txt(self.s("rerun"), size=SMALL, color=pal.accent)
        runs = [fit_panel(self.txt(f"Δz = {fmt_num(h, len(f'{h:g}') - 2)}: ΔL/Δz = {fmt_num(r, 3)}", size=SMALL,
                                   color=pal.accent)) for h, r in rerun_ratios(d)]  # long ratios: shrunk to the panel
        block = VGroup(grad, head, *runs).arrange(DOWN, buff=LINE_GAP, aligned_edge=LEFT)
        block.move_to(self.hops[0].get_corner(UP + LEFT), aligned_edge=UP + LEFT)
        gone = VGroup(*self.hops[:4])
        self.hops = block
        self.shown["work"] = " | ".join([grad[-1].text, head.text, *(t.text for t in runs)])  # (∂L/∂z is TeX)
        # undone visibly: the loss's and the output's edges flash back as their values return (loss, output, a, z)
        self.play(*self.pulse_undo(), *self.flash([self.e3, self.e2[0]], pal.accent), FadeOut(gone),
                  swap(ratio, grad, 0.6), run_time=0.9)
        self.play(FadeIn(head), FadeIn(runs[0], shift=0.15 * DOWN), run_time=0.6)
        self.play(FadeIn(runs[1], shift=0.15 * DOWN), Indicate(self.em(self.hid_text[0]), color=pal.cool, scale_factor=1.1),
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
