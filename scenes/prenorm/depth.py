"""Why Pre-LN over depth (prenorm_block, section depth, once the worked block has given Y): the lesson's block three
deep, as Pre-LN and as Post-LN, side by side (engine.depth.stacked_blocks: the same lesson weights reused in every
block, P once at the input).

Each column is a skip line running down with three blocks beside it, each block's output added back on the line;
both columns are drawn whole from the start, Pre-LN's ending in its final LayerNorm (as GPT-2's stack does). Pre-LN's
line carries x past every block untouched, and token a's row std, printed after each add, grows block by block;
Post-LN's line passes through LayerNorm after each of a block's two adds (one box a block, labelled 2 × LN), and its
std is 1.00 after each. Then the backward view (engine.depth_grad): the gradient of token a's first output entry,
followed back along each skip line only; its share is printed beside the line itself, between each block's tap and
its add, under one legend ("skip-line share of the gradient"): 1.00 at every Pre-LN block (the identity in
I + ∂F/∂x), falling through Post-LN's two LN Jacobians a block. Y makes way and comes back for the next step.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Circle, Indicate, Line, RoundedRectangle, ShowPassingFlash, SurroundingRectangle, VGroup

from engine.block import row_layer_norm
from engine.depth import stacked_blocks
from engine.depth_grad import depth_gradients
from look import fmt_num
from scenes.prenorm.colours import post_color, pre_color
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, window

STEP, BOX_X, BOX_W, BOX_H = 1.12, 1.35, 1.5, 0.46  # a block's height on the line; its box's centre, width, height


def depth_column(scene, pre: bool, stds, final_std: float = 1.0) -> VGroup:
    """One variant's stack: .head, .top (input and its std), .blocks[k] (box, wires, add, LN for Post-LN, std), .line."""
    pal = scene.pal
    color = pre_color(pal) if pre else post_color(pal)
    first = "X + P" if scene.data.with_p else "X"
    inp = scene.tex(first, size=LABEL_TEX).move_to([0, 0.1, 0])
    top = VGroup(inp, scene.txt(scene.s("depth_std", s=fmt_num(stds[0], 2)), size=LABEL_TXT, color=pal.muted)
                 .next_to(inp, RIGHT, buff=0.5))
    blocks, ends = [], []
    for k in range(1, len(stds)):
        y_add = -k * STEP - 0.1
        y_box = y_add + 0.55
        box = RoundedRectangle(width=BOX_W, height=BOX_H, corner_radius=0.08, color=pal.ink, stroke_width=2.5)
        box.move_to([BOX_X, y_box, 0])
        label = scene.txt(scene.s("depth_block", k=k), size=LABEL_TXT).move_to(box)
        add = Circle(radius=0.17, color=pal.ink, stroke_width=2.5).move_to([0, y_add, 0])
        plus = scene.txt("+", size=LABEL_TXT).move_to(add)
        wires = VGroup(Line([0, y_box, 0], box.get_left()), Line(box.get_bottom(), [BOX_X, y_add, 0]),
                       Line([BOX_X, y_add, 0], add.get_right())).set_stroke(pal.muted, width=2.5)
        parts = [wires, box, label, add, plus]
        end = add
        if not pre:  # Post-LN: LayerNorm on the line, after the add
            # the engine's Post-LN block has two adds, each followed by LN (engine.depth_grad.post_step): the box says 2 × LN
            ln_label = scene.txt(scene.s("depth_ln2"), size=LABEL_TXT, color=color)  # a label's full size: read from the back row
            # 0.34 high, just under the add: clear of the next block's tap, 0.57 under the add
            ln = RoundedRectangle(width=max(0.8, ln_label.width + 0.12), height=0.34, corner_radius=0.06, color=color, stroke_width=3)
            ln.set_fill(pal.background, opacity=1.0).move_to([0, y_add - 0.36, 0])
            parts += [ln, ln_label.move_to(ln)]
            end = ln
        std = scene.txt(scene.s("depth_std", s=fmt_num(stds[k], 2)), size=LABEL_TXT, color=color)
        std.next_to(box, RIGHT, buff=0.2).match_y(end)
        g = VGroup(*parts, std)
        g.std = std
        blocks.append(g)
        ends.append(end)
    final = None
    if pre:  # Pre-LN's stack ends in one final LayerNorm (GPT-2's ln_f), token a's std after it beside it
        ln = RoundedRectangle(width=0.8, height=0.4, corner_radius=0.06, color=color, stroke_width=3)
        ln.set_fill(pal.background, opacity=1.0).move_to([0, ends[-1].get_y() - 0.6, 0])
        final = VGroup(ln, scene.txt("LN", size=LABEL_TXT, color=color).move_to(ln),
                       scene.txt(scene.s("depth_std", s=fmt_num(final_std, 2)), size=LABEL_TXT, color=color)
                       .next_to(ln, RIGHT, buff=0.3))
        ends.append(ln)
    # the line in segments between the nodes on it (each add, and LN in Post-LN): it never runs under their signs
    on_line = [n for b in blocks for n in ([b[3]] + ([b[5]] if not pre else []))] + ([final[0]] if final else [])
    ys = [inp.get_bottom()[1] - 0.08] + [y for n in on_line for y in (n.get_top()[1], n.get_bottom()[1])] + [ends[-1].get_bottom()[1] - 0.25]
    line = VGroup(*(Line([0, a, 0], [0, b, 0]) for a, b in zip(ys[::2], ys[1::2]))).set_stroke(color, width=4)
    head = scene.txt(scene.s("pre_ln" if pre else "post_ln"), size=LABEL_TXT + 2, color=color).next_to(top, UP, buff=0.2)
    head.align_to(inp, LEFT)
    col = VGroup(line, head, top, *blocks, *([final] if final else []))
    for b in blocks:  # the line under the boxes: the add circles and LN boxes drawn over it
        b[3].set_fill(pal.background, opacity=1.0)
    col.head, col.top, col.blocks, col.line, col.final = head, top, blocks, line, final
    return col


def grad_labels(scene, col, grads, color) -> VGroup:
    """The backward view's labels for one column, built with it (fitted together): the gradient's skip-line share,
    a bare number at the left of the skip line itself, on the stretch between each block's tap and its add (what the
    line carries back to that block's input), and at the line's end (grads[0]: at the output)."""
    n = len(col.blocks)
    labs = []
    for k, b in enumerate(col.blocks, start=1):
        lab = scene.txt(scene.s("depth_grad", g=fmt_num(grads[n + 1 - k], 2)), size=LABEL_TXT, color=color)
        lab.block_add = b[3]  # the add on the line, pointed at as the label comes
        y = (b[0][0].get_y() + b[3].get_top()[1]) / 2  # between the branch's tap and the add
        labs.append(lab.move_to([col.line.get_x() - 0.14 - lab.width / 2, y, 0]))
    out = scene.txt(scene.s("depth_grad", g=fmt_num(grads[0], 2)), size=LABEL_TXT, color=color)
    out.move_to([col.line.get_x() - 0.14 - out.width / 2, col.line.get_bottom()[1], 0])  # at the line's end: the output
    g = VGroup(*labs, out)
    g.blocks, g.out = labs, out
    return g


def depth_stack(scene) -> None:
    """The section "depth", once the worked block has given Y: the two stacks in the panel, whole, as Y (scene.carry)
    makes way; token a's std block by block as the caption reads, then the gradient's way back along each skip line;
    they leave at the end, and Y comes back for the next step."""
    d, pal = scene.data, scene.pal
    read_with(scene, *scene.panel)  # the last caption read over Y
    keep = scene.clear_but_carry()
    pre_c, post_c = pre_color(pal), post_color(pal)
    r = stacked_blocks(d.X, d.positions, eps=float(d.eps))
    g = depth_gradients(d.X, d.positions, eps=float(d.eps))
    pre_std, post_std = r.pre_std[:, 0], r.post_std[:, 0]  # token a's row
    final_std = float(row_layer_norm(r.pre[-1], float(d.eps))[0][0].std())  # after Pre-LN's final LayerNorm
    pre, post = depth_column(scene, True, pre_std, final_std), depth_column(scene, False, post_std)
    pre_g, post_g = grad_labels(scene, pre, g.pre_skip, pre_c), grad_labels(scene, post, g.post_skip, post_c)
    # Post-LN's shares, left of its line, fall in the gap its LN boxes leave, between the heights of Pre-LN's stds
    VGroup(post, post_g).shift([pre.get_right()[0] + 0.3 - post.get_left()[0], pre.get_top()[1] - post.get_top()[1], 0])
    identity = scene.tex(r"I + \partial F/\partial x", size=LABEL_TEX, color=pre_c).next_to(pre.head, RIGHT, buff=0.5)
    # one legend for the numbers on the lines: what they are (the share of the gradient the skip line alone carries)
    legend = scene.txt(scene.s("depth_share"), size=LABEL_TXT, color=pal.ink)
    legend.next_to(post.blocks[-1][5], RIGHT, buff=0.3).align_to(post.blocks[-1][5], UP)  # where block 3's std was
    PANEL.fit(VGroup(pre, post, pre_g, post_g, identity, legend))
    scene.section("depth", scene.s("cap_depth", p1=fmt_num(pre_std[1], 2), p2=fmt_num(pre_std[2], 2), p3=fmt_num(pre_std[3], 2),
                                    q=fmt_num(post_std[1], 2)), keep=[keep] if keep is not None else [])  # "Now the finished block, stacked three deep ..."
    scene.shown.clear()
    scene.shown.update(section="depth", lit="")
    scene.show(depth_pre_std=",".join(f"{v:.6g}" for v in pre_std), depth_post_std=",".join(f"{v:.6g}" for v in post_std))  # as they come
    scene.panel = []
    scene.play(*([QuickFadeOut(keep, rate_func=window(0.0, 0.5))] if keep is not None else []),  # Y makes way for the stacks
               QuickFadeIn(pre, rate_func=window(0.3, 1.0)), QuickFadeIn(post, rate_func=window(0.3, 1.0)), run_time=1.0)
    scene.panel = [pre, post]
    scene.show(showing="depth", depth_pre_std=",".join(f"{v:.6g}" for v in pre_std),
               depth_post_std=",".join(f"{v:.6g}" for v in post_std))
    scene.until_cue(scene.s("cue_depth_pre"), point_at=pre.head)  # "In Pre-LN token a's std grows ...": both stacks drawn by then
    for b in pre.blocks:
        scene.play(ShowPassingFlash(pre.line.copy().set_stroke(pre_c, width=8), time_width=0.5),
                   Indicate(b.std, color=pre_c, scale_factor=1.08), run_time=1.0)
    scene.until_cue(scene.s("cue_depth_post"), point_at=VGroup(*(b.std for b in pre.blocks)))  # "In Post-LN it is 1.00 ..."
    for b in post.blocks:
        scene.play(Indicate(b.std, color=post_c, scale_factor=1.08), run_time=0.6)
    boxes = [SurroundingRectangle(VGroup(*(b.std for b in c.blocks)), buff=0.1, color=col)
             for c, col in ((pre, pre_c), (post, post_c))]
    scene.put(boxes[1], run_time=0.4)
    scene.to_cue_saying("cue_depth_end")  # "The raw stream keeps an identity path; one final LN cleans it up."
    scene.put(boxes[0], run_time=0.4)
    scene.play(ShowPassingFlash(pre.line.copy().set_stroke(pre_c, width=10), time_width=0.6), run_time=1.2)
    scene.play(Indicate(pre.final, color=pre_c, scale_factor=1.08), run_time=1.0)
    read_with(scene, pre.final, boxes[0], grow=1.0)
    # backward: the forward stds dim, and the gradient's skip-line share comes in at each block's input, bottom up
    args = {f"a{k}": fmt_num(v, 2) for k, v in enumerate(g.pre_skip)} | {f"b{k}": fmt_num(v, 2) for k, v in enumerate(g.post_skip)}
    scene.caption(scene.s("cap_depth_grad", **args))  # "Now backwards: the gradient of token a's first output ..."
    stds = [b.std for b in pre.blocks] + [pre.top[1], post.top[1]]  # dimmed; Post-LN's block stds and the final LN's
    scene.play(*(QuickFadeOut(b) for b in boxes), *(m.animate.set_opacity(0.3) for m in stds),  # leave (labels take their place)
               *(m.animate.set_opacity(0.0) for m in [b.std for b in post.blocks] + [pre.final[2]]),
               QuickFadeIn(pre_g.out), QuickFadeIn(post_g.out), run_time=0.7)
    scene.panel = [m for m in scene.panel if all(m is not b for b in boxes)]
    scene.remove(*boxes)
    scene.panel += [pre_g, post_g, identity]
    up = [c.line.copy().set_stroke(col, width=8) for c, col in ((pre, pre_c), (post, post_c))]
    for line in up:  # the flash runs up the line, from the output back to the input
        line.submobjects.reverse()
        for seg in line:
            seg.reverse_points()
    outs = VGroup(pre_g.out, post_g.out)  # where the way back starts: pointed at while the backward cue is read
    if scene.cue_left() > 1.2:
        scene.play(Indicate(outs, color=pal.accent, scale_factor=1.06), run_time=min(4.0, scene.cue_left() - 0.2))
    scene.until_cue(scene.s("cue_grad_share"), point_at=outs)  # "Beside each skip line: the share that the line alone carries back."
    scene.put(legend, run_time=0.5)  # said once, for every number on the lines
    scene.play(Indicate(legend, color=pal.accent, scale_factor=1.04), Indicate(outs, color=pal.accent, scale_factor=1.06),
               run_time=max(1.0, min(4.0, scene.cue_left() - 0.2)))
    scene.until_cue(scene.s("cue_grad_pre"), point_at=legend)  # "Pre-LN's block passes back I + ∂F/∂x: ..."
    scene.play(QuickFadeIn(identity), run_time=0.5)
    for lab in reversed(pre_g.blocks):  # block 3's input first: the way back
        scene.play(QuickFadeIn(lab), Indicate(lab.block_add, color=pre_c, scale_factor=1.12), run_time=0.8)
    scene.play(ShowPassingFlash(up[0], time_width=0.5), run_time=1.2)
    scene.show(showing="depth", depth_pre_grad=",".join(f"{v:.6g}" for v in g.pre_skip))
    scene.until_cue(scene.s("cue_grad_post"), point_at=VGroup(*pre_g.blocks))  # "Post-LN's runs through two LN Jacobians a block"
    scene.show(showing="depth", depth_pre_grad=",".join(f"{v:.6g}" for v in g.pre_skip),
               depth_post_grad=",".join(f"{v:.6g}" for v in g.post_skip))  # logged as its labels come
    for lab, b in zip(reversed(post_g.blocks), reversed(post.blocks)):
        scene.play(QuickFadeIn(lab), Indicate(b[5], color=post_c, scale_factor=1.12), run_time=0.8)
    scene.play(ShowPassingFlash(up[1], time_width=0.5), run_time=1.2)
    scene.show(showing="depth", depth_pre_grad=",".join(f"{v:.6g}" for v in g.pre_skip),
               depth_post_grad=",".join(f"{v:.6g}" for v in g.post_skip))
    read_with(scene, pre_g, post_g, grow=1.0)
    if scene.cue_left() > 0:  # the numbers stay until their cue has been read
        scene.wait(scene.cue_left() + 0.1)
    done = list(scene.panel)
    scene.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.5)) for m in done),  # gone before `keep` comes back in its place
               *([QuickFadeIn(keep, rate_func=window(0.5, 1.0))] if keep is not None else []), run_time=0.6)
    scene.remove(*done)
    scene.panel = []
