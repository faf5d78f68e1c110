"""Why Pre-LN over depth (prenorm_block, section residual1, after token a's rows): the lesson's block three deep, as
Pre-LN and as Post-LN, side by side (engine.depth.stacked_blocks: the same lesson weights reused in every block, P
once at the input).

Each column is a skip line running down with three blocks beside it, each block's output added back on the line.
Pre-LN's line carries x past every block untouched, and token a's row std, printed after each add, grows block by
block; Post-LN's line passes through LN after every add, and its std is 1.00 after each. The picture ends as the
caption says the raw stream keeps an identity path and one final LayerNorm cleans it up.
"""
from __future__ import annotations

from manim import LEFT, RIGHT, UP, Circle, Indicate, Line, RoundedRectangle, ShowPassingFlash, SurroundingRectangle, VGroup

from engine.depth import stacked_blocks
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, window

STEP, BOX_X, BOX_W, BOX_H = 1.2, 1.35, 1.5, 0.46  # a block's height on the line; its box's centre, width, height


def depth_column(scene, pre: bool, stds) -> VGroup:
    """One variant's stack: .head, .top (input and its std), .blocks[k] (box, wires, add, LN for Post-LN, std), .line."""
    pal = scene.pal
    color = pal.accent if pre else pal.bad
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
            ln = RoundedRectangle(width=0.8, height=0.4, corner_radius=0.06, color=color, stroke_width=3)
            ln.set_fill(pal.background, opacity=1.0).move_to([0, y_add - 0.4, 0])
            parts += [ln, scene.txt("LN", size=LABEL_TXT, color=color).move_to(ln)]  # a label's full size: read from the back row
            end = ln
        std = scene.txt(scene.s("depth_std", s=fmt_num(stds[k], 2)), size=LABEL_TXT, color=color)
        std.next_to(box, RIGHT, buff=0.2).match_y(end)
        g = VGroup(*parts, std)
        g.std = std
        blocks.append(g)
        ends.append(end)
    # the line in segments between the nodes on it (each add, and LN in Post-LN): it never runs under their signs
    on_line = [n for b in blocks for n in ([b[3]] + ([b[5]] if not pre else []))]
    ys = [inp.get_bottom()[1] - 0.08] + [y for n in on_line for y in (n.get_top()[1], n.get_bottom()[1])] + [ends[-1].get_bottom()[1] - 0.25]
    line = VGroup(*(Line([0, a, 0], [0, b, 0]) for a, b in zip(ys[::2], ys[1::2]))).set_stroke(color, width=4)
    head = scene.txt(scene.s("pre_ln" if pre else "post_ln"), size=LABEL_TXT + 2, color=color).next_to(top, UP, buff=0.2)
    head.align_to(inp, LEFT)
    col = VGroup(line, head, top, *blocks)
    for b in blocks:  # the line under the boxes: the add circles and LN boxes drawn over it
        b[3].set_fill(pal.background, opacity=1.0)
    col.head, col.top, col.blocks, col.line = head, top, blocks, line
    return col


def depth_stack(scene, keep) -> None:
    """The two stacks in the panel, block by block as the caption reads; they leave at the end, and `keep` comes back."""
    d, pal = scene.data, scene.pal
    r = stacked_blocks(d.X, d.positions, eps=float(d.eps))
    pre_std, post_std = r.pre_std[:, 0], r.post_std[:, 0]  # token a's row
    pre, post = depth_column(scene, True, pre_std), depth_column(scene, False, post_std)
    post.next_to(pre, RIGHT, buff=0.3).align_to(pre, UP)
    PANEL.fit(VGroup(pre, post))
    scene.show(showing="depth", depth_pre_std=",".join(f"{v:.6g}" for v in pre_std))
    # both lines, and Pre-LN's three blocks, drawn before the cue that states their stds
    scene.put(pre.line, pre.head, pre.top, post.line, post.head, post.top, *pre.blocks, run_time=0.8)
    scene.caption(scene.s("cap_depth", p1=fmt_num(pre_std[1], 2), p2=fmt_num(pre_std[2], 2), p3=fmt_num(pre_std[3], 2),
                          q=fmt_num(post_std[1], 2)))  # "In three Pre-LN blocks (same weights) token a's std grows ..."
    for b in pre.blocks:
        scene.play(ShowPassingFlash(pre.line.copy().set_stroke(pal.accent, width=8), time_width=0.5),
                   Indicate(b.std, color=pal.accent, scale_factor=1.08), run_time=1.0)
    scene.until_cue(scene.s("cue_depth_post"), point_at=VGroup(*(b.std for b in pre.blocks)))  # "In Post-LN it is 1.00 ..."
    scene.show(showing="depth", depth_pre_std=",".join(f"{v:.6g}" for v in pre_std),
               depth_post_std=",".join(f"{v:.6g}" for v in post_std))
    for b in post.blocks:
        scene.put(b, run_time=0.6)
    boxes = [SurroundingRectangle(VGroup(*(b.std for b in c.blocks)), buff=0.1, color=col)
             for c, col in ((pre, pal.accent), (post, pal.bad))]
    scene.put(boxes[1], run_time=0.4)
    scene.to_cue_saying("cue_depth_end")  # "The raw stream keeps an identity path; one final LN cleans it up."
    scene.put(boxes[0], run_time=0.4)
    scene.play(ShowPassingFlash(pre.line.copy().set_stroke(pal.accent, width=10), time_width=0.6), run_time=1.2)
    read_with(scene, pre.line, boxes[0], grow=1.0)
    done = list(scene.panel)
    scene.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.5)) for m in done),  # gone before `keep` comes back in its place
               QuickFadeIn(keep, rate_func=window(0.5, 1.0)), run_time=0.6)
    scene.remove(*done)
    scene.panel = []
