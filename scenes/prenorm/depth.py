"""Why Pre-LN over depth (prenorm_block, section depth, once the worked block has given Y; seed 000, lesson 03b4 §6):
the lesson's block three deep, as Post-LN (left) and as Pre-LN (right), the same lesson weights in every block
(engine.depth.stacked_blocks), made into one argument with the numbers of engine.depth_grad (Xiong et al. 2020, §3):

  the quantity: the skip-line gradient, ‖∂out/∂in‖ along the skip line alone, for token a's first output entry; it
      enters at 1.00 at each stack's true output (Post-LN: after its last block's LN; Pre-LN: after its final LN);
  Post-LN, worked: on its way back up the line it passes each block's two LayerNorms (attention's add then LN, then the
      FFN's: two "+ → LN" nodes a block, as engine.depth_grad.post_step computes it) and shrinks,
      0.86 → 0.73 → 0.49 with the lesson's numbers;
  Pre-LN pays LayerNorm's factor once, at its final LN, typeset beside it: √(1 − 1/4 − y₀²/4)/σ with σ = 2.43 and
      y₀ = −0.09 from the record, 0.36; no LN on its skip line inside the blocks, so 0.36 at every block;
  the comparison (once against every block; three deep, Post-LN's block 1 still gets more), then the price: Pre-LN's
      stream is never rescaled, its std grows (1.32 → 1.90 → 2.43 for token a), which is why its stack ends in a
      final LN (back to 1.00), the LN whose σ is that 2.43.

Each column is a skip line running down with three blocks beside it; the gradient's numbers stand at the left of the
line, the stds (Pre-LN only) at the right of its blocks. Y makes way and comes back for the next step.
"""
from __future__ import annotations

from manim import (DOWN, LEFT, RIGHT, AnimationGroup, Circle, Dot, Line, Polygon, RoundedRectangle, ShowPassingFlash,
                   Transform, UpdateFromAlphaFunc, VGroup, there_and_back)

from look import fmt_num
from scenes.prenorm.colours import post_color, pre_color
from scenes.prenorm.depth_numbers import final_ln_step, final_ln_tex
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, window

STEP, BOX_X, BOX_W, BOX_H = 1.2, 1.4, 1.2, 0.46  # a block's height on the line; its box's centre, width, height
TAP = 0.55  # a block's tap (its box's centre) above its add
# Post-LN's block: its two sublayers' nodes (add, then LN) SUB_GAP apart, each centred on the skip line POST_TAP under
# its tap (so the tap's branch runs well clear above the node); a block POST_STEP
POST_STEP, SUB_GAP, POST_TAP, SUB_H, NODE_H = 1.5, 0.75, 0.4, 0.4, 0.34
GAP = 0.16  # a gradient label's right edge to its line: clear of the line's arrowheads (TIP_W / 2 either side)
NODE_BUFF, NODE_Z = 0.14, 6  # a "+ → LN" node to its sublayer's box (>= 0.1 once the panel is fitted); its depth
PAD = 0.12  # a label to its box's border (>= 0.1 once the panel is fitted)
TIP_W, TIP_H = 0.2, 0.16  # the line's arrowhead where it enters a node


def post_block(scene, k: int, color) -> VGroup:
    """Post-LN's block k on its line, as engine.depth_grad.post_step computes it: the line taps into attention, whose
    output is added back and normalised (one node ON the line, "+ → LN", the line running into its top and out of its
    bottom, as the x + F(x) → LN sketch draws it), then the same for the FFN. Each sublayer's box sits right of its
    node, level with it: the tap runs right, clear above the node, and drops into the box's top; its output runs left
    into the node. .ln: the two nodes (the skip line's two LayerNorms), .add_node the first, .tap_y the block's input."""
    pal = scene.pal
    y_in = -0.45 - (k - 1) * POST_STEP  # the column no taller than its labels at 3.2 % allow
    parts, nodes = [], []
    for j, key in enumerate(("depth_attn", "depth_ffn")):
        y_node = y_in - j * SUB_GAP - POST_TAP
        y_tap = y_node + POST_TAP
        name = scene.txt(scene.s(key, k=k), size=LABEL_TXT)
        sign = scene.txt(scene.s("depth_addln"), size=LABEL_TXT + 5, color=color)  # >= 3 % of the frame once fitted
        sign.move_to([0, y_node, 0])  # centred on the line: the line ends at the node's top and starts again at its bottom
        node = RoundedRectangle(width=sign.width + 2 * PAD + 0.04, height=NODE_H, corner_radius=0.06, color=color, stroke_width=3)
        node.set_fill(pal.background, opacity=1.0).move_to([0, y_node, 0])
        box = RoundedRectangle(width=name.width + 2 * PAD, height=max(SUB_H, name.height + 2 * PAD), corner_radius=0.08, color=pal.ink, stroke_width=2.5)
        box.next_to(node, RIGHT, buff=NODE_BUFF)  # its output runs left into the node, a visible wire apart
        wires = VGroup(Line([0, y_tap, 0], [box.get_x(), y_tap, 0]), Line([box.get_x(), y_tap, 0], box.get_top()),
                       Line(box.get_left(), node.get_right())).set_stroke(pal.muted, width=2.5)
        parts += [wires, box, name.move_to(box), node, sign]
        node.set_z_index(NODE_Z)  # over the line's ends and the gradient's pulse (z 5): the dot goes into the LN and
        sign.set_z_index(NODE_Z)  # comes out of it, smaller, without hiding the label as it passes
        nodes.append(VGroup(node, sign))
    g = VGroup(*parts)
    g.add_node, g.ln, g.tap_y = nodes[0], VGroup(*nodes), y_in
    return g


def ring_nodes(block, color) -> AnimationGroup:
    """Post-LN's block's two "+ → LN" nodes lit by a ring running round each outline: the node's opaque fill and its
    label stay as they are (an Indicate would colour the fill solid over the label)."""
    return ring_nodes_of(block.ln, color)


def depth_column(scene, pre: bool, stds, final_std: float = 1.0) -> VGroup:
    """One variant's stack: .head (beside the input), .blocks[k] (Pre-LN: wires, box, label, add, plus; Post-LN: post_block),
    .stds (Pre-LN: token a's std right of each block, then after the final LN; not yet shown), .final (Pre-LN: the final LN), .line."""
    pal = scene.pal
    color = pre_color(pal) if pre else post_color(pal)
    inp = scene.tex("X + P" if scene.data.with_p else "X", size=LABEL_TEX).move_to([0, 0.1, 0])
    head = scene.txt(scene.s("pre_ln" if pre else "post_ln"), size=LABEL_TXT + 2, color=color).next_to(inp, RIGHT, buff=0.4)
    blocks, stds_g, on_line = [], [], []
    end = None
    for k in range(1, len(stds)):
        if not pre:  # Post-LN: the engine's block (engine.depth_grad.post_step), attention then FFN, each add then LN
            blocks.append(post_block(scene, k, color))
            on_line += list(blocks[-1].ln)
            end = on_line[-1]
            continue
        y_add = -k * STEP - 0.1
        y_box = y_add + TAP
        label = scene.txt(scene.s("depth_block", k=k), size=LABEL_TXT)
        box = RoundedRectangle(width=max(BOX_W, label.width + 2 * PAD), height=max(BOX_H, label.height + 2 * PAD), corner_radius=0.08,
                               color=pal.ink, stroke_width=2.5).move_to([BOX_X, y_box, 0])
        label.move_to(box)
        add = Circle(radius=0.17, color=pal.ink, stroke_width=2.5).move_to([0, y_add, 0]).set_fill(pal.background, opacity=1.0)
        plus = scene.txt("+", size=LABEL_TXT).move_to(add)
        wires = VGroup(Line([0, y_box, 0], box.get_left()), Line(box.get_bottom(), [BOX_X, y_add, 0]),
                       Line([BOX_X, y_add, 0], add.get_right())).set_stroke(pal.muted, width=2.5)
        on_line.append(add)
        end = add
        g = VGroup(wires, box, label, add, plus)
        g.add_node, g.ln, g.tap_y = add, None, y_box
        blocks.append(g)
        stds_g.append(scene.txt(scene.s("depth_std", s=fmt_num(stds[k], 2)), size=LABEL_TXT, color=color)
                      .next_to(box, RIGHT, buff=0.2))
    final = None
    if pre:  # Pre-LN's stack ends in one final LayerNorm (GPT-2's ln_f), token a's std after it beside it
        name = scene.txt("LN", size=LABEL_TXT, color=color)
        ln = RoundedRectangle(width=max(0.8, name.width + 2 * PAD), height=max(0.4, name.height + 2 * PAD), corner_radius=0.06, color=color, stroke_width=3)
        ln.set_fill(pal.background, opacity=1.0).move_to([0, end.get_y() - 0.75, 0])
        final = VGroup(ln, name.move_to(ln))
        stds_g.append(scene.txt(scene.s("depth_std", s=fmt_num(final_std, 2)), size=LABEL_TXT, color=color)
                      .next_to(ln, RIGHT, buff=0.3))  # the last of .stds: after the final LN
        on_line.append(ln)
        end = ln
    # the line in segments between the nodes on it: it never runs under their signs
    ys = [inp.get_bottom()[1] - 0.08] + [y for n in on_line for y in (n.get_top()[1], n.get_bottom()[1])] + [end.get_bottom()[1] - 0.25]
    line = VGroup(*(Line([0, a, 0], [0, b, 0]) for a, b in zip(ys[::2], ys[1::2]))).set_stroke(color, width=4)
    # each stretch ends in an arrowhead on its node's top edge: the line goes into the node and starts again under it
    tips = VGroup(*(Polygon([-TIP_W / 2, n.get_top()[1] + TIP_H, 0], [TIP_W / 2, n.get_top()[1] + TIP_H, 0], [0, n.get_top()[1], 0])
                    for n in on_line)).set_fill(color, opacity=1.0).set_stroke(width=0)
    col = VGroup(line, tips, inp, head, *blocks, *([final] if final else []))
    col.head, col.inp, col.blocks, col.line, col.final, col.stds, col.tint = head, inp, blocks, line, final, stds_g, color
    col.last_add = on_line[-2] if pre else on_line[-1]
    return col


def grad_labels(scene, col, grads) -> VGroup:
    """The skip-line gradient at the left of a column's line: .out where it enters, 1.00 at the line's end (the true
    output: Post-LN's last LN's, Pre-LN's final LN's); Pre-LN's .mid between its last add and its final LN (grads[0],
    after that LN's factor); .blocks[k] on the stretch between block k's tap and its add (grads[n − k]: what the line
    carries back to block k's input)."""
    n = len(col.blocks)
    x = col.line.get_x() - GAP

    def label(g, y):
        lab = scene.txt(scene.s("depth_grad", g=fmt_num(g, 2)), size=LABEL_TXT, color=col.tint)
        return lab.move_to([x - lab.width / 2, y, 0])

    if col.final is None:  # Post-LN: at each block's input tap, left of its nodes
        x = min(b.ln.get_left()[0] for b in col.blocks) - 0.08
        labs = [label(grads[n - k], b.tap_y) for k, b in enumerate(col.blocks)]
    else:
        labs = [label(grads[n - k], (b[0][0].get_y() + b.add_node.get_top()[1]) / 2) for k, b in enumerate(col.blocks)]
    out = label(1.0, col.line.get_bottom()[1] + 0.05)  # ∂out/∂out: 1.00 in both
    mid = label(grads[0], (col.last_add.get_bottom()[1] + col.final[0].get_top()[1]) / 2) if col.final is not None else None
    g = VGroup(*labs, out, *([mid] if mid is not None else []))
    g.blocks, g.out, g.mid = labs, out, mid
    return g


def final_ln_factor(scene, col) -> VGroup:
    """Pre-LN's final LayerNorm's factor for the entering unit gradient, typeset at the right of its line between the
    last add and the line's end: the rule (√(1 − 1/d − y₀²/d)/σ with d put in) over this example's σ and y₀."""
    rule, put = final_ln_tex(scene.depth_n)
    top = scene.tex(rule, size=LABEL_TEX, color=col.tint, own=True)
    below = scene.tex(put, size=LABEL_TEX, color=col.tint, own=True)
    f = VGroup(top, below).arrange(DOWN, buff=0.04, aligned_edge=LEFT)
    x = col.line.get_x() + 0.55  # clear of the final LN's box (0.4 either side of the line)
    f.move_to([x + f.width / 2, col.last_add.get_y() - 0.06 - f.height / 2, 0])  # just under the last add's wire
    # the step before it, (e₀ − 𝟏/d − y₀y/d)/σ, drawn first in the rule's place (.step; the rule is its length)
    f.step = scene.tex(final_ln_step(scene.depth_n), size=LABEL_TEX, color=col.tint, own=True).move_to(top, aligned_edge=LEFT)
    return f


PULSE_R = 0.22  # the pulse's radius for a gradient of 1.00: large enough to read its change at the back of the room


def pulse_stops(col, grads) -> list:
    """Where the skip-line gradient changes on a column's way back up, bottom first: [(y from, y to, the value above)].
    Post-LN: across each block's two LayerNorms, to grads[n − k] (its label's value); Pre-LN: across its final LN, to
    grads[0], then across each add, which leaves it as it is (grads[n − k], the same number)."""
    n = len(col.blocks)
    stops = [] if col.final is None else [(col.final[0].get_bottom()[1], col.final[0].get_top()[1], grads[0])]
    for k in reversed(range(n)):  # the lowest block first
        node = col.blocks[k].ln if col.final is None else col.blocks[k].add_node
        stops.append((node.get_bottom()[1], node.get_top()[1], grads[n - k]))
    return stops


def pulse(scene, col, grads) -> UpdateFromAlphaFunc:
    """A dot runs from the column's output back up its line, its radius PULSE_R × the skip-line gradient it carries
    there (1.00 where it enters; the engine's values of the labels after each LayerNorm or add, as pulse_stops): the
    identity path is seen, not only said. One dot, moved and rescaled in place each frame (travel_up shows the values
    beside it as it reaches them, block by block, each the one below times that block's factor)."""
    x, bottom, top = col.line.get_x(), col.line.get_bottom()[1], col.line.get_top()[1]
    stops = pulse_stops(col, grads)

    def value(y):
        v = 1.0
        for lo, hi, g in stops:
            if y >= hi:
                v = g
            elif y > lo:
                return v + (g - v) * (y - lo) / (hi - lo)
            else:
                break
        return v

    dot = Dot([x, bottom, 0], radius=PULSE_R, color=col.tint).set_z_index(5)
    dot.r = PULSE_R

    def step(m, a):
        y = bottom + a * (top - bottom)
        r = max(PULSE_R * value(y), 0.01)
        m.scale(r / m.r).move_to([x, y, 0])
        m.r = r

    return UpdateFromAlphaFunc(dot, step, remover=True)


def travel_up(scene, col, grads, labels, run_time: float) -> None:
    """The skip-line gradient carried up a column's line (pulse) with its values shown block by block as the pulse reaches
    them, each block's LayerNorm nodes (Post-LN) or add (Pre-LN) ringed as the pulse crosses them; the labels join the
    panel. Each label is animated (its opacity switched at its level), so it is drawn with the moving frames."""
    labels = list(labels)
    bottom, span = col.line.get_bottom()[1], col.line.get_top()[1] - col.line.get_bottom()[1]
    lit = []
    for b in col.blocks:  # each node ringed over the part of the run when the pulse crosses it
        nodes = b.ln if col.final is None else [VGroup(b.add_node)]
        t = (b.add_node.get_y() - bottom) / span
        lit.append(AnimationGroup(ring_nodes_of(nodes, col.tint), rate_func=window(max(0.0, t - 0.15), min(1.0, t + 0.15))))

    def shown_from(lab):
        t = (lab.get_bottom()[1] - bottom) / span
        return UpdateFromAlphaFunc(lab, lambda m, a: m.set_opacity(1.0 if a >= t else 0.0))

    scene.play(pulse(scene, col, grads), *lit, *(shown_from(lab) for lab in labels), run_time=run_time)
    for lab in labels:
        lab.set_opacity(1.0)
    scene.panel.append(VGroup(*labels))


def lift(labels, color, scale: float) -> AnimationGroup:
    """Gradient labels lit and enlarged about their right edges, away from the line they stand left of (an Indicate
    grows a label about its centre, over the skip line beside it)."""
    return AnimationGroup(*(Transform(lab, lab.copy().scale(scale, about_edge=RIGHT).set_color(color), rate_func=there_and_back)
                            for lab in labels))


def ring_nodes_of(nodes, color) -> AnimationGroup:
    """"+ → LN" nodes (a Post-LN block's .ln) ringed, each outline run round by a ring (ring_nodes)."""
    return AnimationGroup(*(ShowPassingFlash(node[0].copy().set_fill(opacity=0).set_stroke(color, width=7), time_width=0.7)
                            for node in nodes))
