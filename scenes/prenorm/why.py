"""Why Pre-LN, as a picture (prenorm_block, section residual1): two small blocks side by side, Pre-LN
x + F(LN(x)) with LayerNorm on the side branch and Post-LN LN(x + F(x)) with LayerNorm on the main
line (Xiong et al. 2020, "On Layer Normalization in the Transformer Architecture", compare the two). A dot carries the input along each main
line: in Pre-LN it reaches the output untouched, in Post-LN it has to pass through LN.
"""
from __future__ import annotations

import numpy as np
from manim import (Arrow, Circle, Dot, Indicate, Line, MoveAlongPath, RoundedRectangle, ShowPassingFlash, VGroup,
                   there_and_back)

from scenes.parts.panel import row
from scenes.prenorm.colours import post_color, pre_color

LABEL = 40  # MathTex labels: a capital of 3.4 % of the frame height (the blocks are drawn to need no scaling)
BOX_LABEL = 48  # LN and F in their boxes: the pair is fitted to its zone, which scales it to about 0.85 (>= 3.5 % then)


def mini_block(scene, pre: bool) -> VGroup:
    """A small block drawn left to right: .main (the line the input travels), .ln (LN's box),
    .header, .formula; sizes chosen so every label stays at least 3 % of the frame height."""
    pal = scene.pal
    ink, muted = pal.ink, pal.muted
    y_branch, length = 0.8, 3.6
    add_x = 2.85 if pre else 1.75

    def box(label, x, y):
        b = RoundedRectangle(width=0.8, height=0.5, corner_radius=0.08, color=ink, stroke_width=2.5)
        b.set_fill(pal.background, opacity=1.0)  # opaque: a dot on the line goes in under the box
        b.move_to([x, y, 0])
        return VGroup(b, scene.tex(label, size=BOX_LABEL).move_to(b))

    plus = VGroup(Circle(radius=0.22, color=ink, stroke_width=2.5).move_to([add_x, 0, 0]),
                  scene.tex("+", size=LABEL).move_to([add_x, 0, 0]))
    if pre:
        ln, f = box(r"\mathrm{LN}", 1.05, y_branch), box("F", 2.05, y_branch)
        branch = VGroup(Line([0.4, 0, 0], [0.4, y_branch, 0]), Arrow([0.4, y_branch, 0], ln.get_left(), buff=0),
                        Arrow(ln.get_right(), f.get_left(), buff=0),
                        Line(f.get_right(), [add_x, y_branch, 0]), Arrow([add_x, y_branch, 0], plus.get_top(), buff=0))
        main = Line([0, 0, 0], [length, 0, 0])
        boxes = VGroup(ln, f)
    else:
        f = box("F", 1.05, y_branch)
        ln = box(r"\mathrm{LN}", 2.75, 0).set_z_index(1)  # the dot passes under it, its label stays readable
        branch = VGroup(Line([0.4, 0, 0], [0.4, y_branch, 0]), Arrow([0.4, y_branch, 0], f.get_left(), buff=0),
                        Line(f.get_right(), [add_x, y_branch, 0]), Arrow([add_x, y_branch, 0], plus.get_top(), buff=0))
        main = Line([0, 0, 0], [length, 0, 0])
        boxes = VGroup(f, ln)
    for m in branch:
        m.set_color(muted).set_stroke(width=2.5)
        if isinstance(m, Arrow):
            m.tip.scale(0.5)
    main.set_stroke(pal.accent, width=4)
    x_lab = scene.tex("x", size=LABEL).next_to(main, np.array([-1, 0, 0]), buff=0.1)
    formula = scene.tex(r"x + F(\mathrm{LN}(x))" if pre else r"\mathrm{LN}(x + F(x))", size=LABEL)
    header = scene.txt("Pre-LN" if pre else "Post-LN", size=28, color=pre_color(pal) if pre else post_color(pal))
    body = VGroup(main, branch, boxes, plus, x_lab)
    if not pre:  # LN sits on the line: the line runs under its box
        body = VGroup(main, branch, plus, boxes, x_lab)
    formula.next_to(body, np.array([0, -1, 0]), buff=0.15)
    header.next_to(body, np.array([0, 1, 0]), buff=0.12)
    group = VGroup(header, body, formula)
    group.main, group.ln, group.header, group.formula, group.body = main, ln, header, formula, body
    return group


def carry_dot(scene, color) -> Dot:
    return Dot(radius=0.1, color=color)


def pre_beside_post(scene, zone):
    """Pre-LN beside Post-LN in `zone` (under the sum's inputs), Pre-LN drawn with the first
    cue; returns the pair with .travel: the dot's run along Pre-LN's main line (played with the
    input's run down the diagram's skip line, as the second cue comes up)."""
    pal = scene.pal
    pre, post = mini_block(scene, True), mini_block(scene, False)
    comp = zone.fit(row(pre, post, buff=0.8))
    scene.put(pre, run_time=0.7)
    scene.to_cue_saying("cue_skip_run")  # "so the input runs along the skip line to the add unchanged"
    dot = carry_dot(scene, pal.accent).move_to(pre.main.get_start())
    scene.add(dot)
    comp.dot = dot
    comp.travel = [MoveAlongPath(dot, pre.main.copy())]
    comp.pre, comp.post = pre, post
    comp.add(dot)
    return comp


def post_ln_and_gradient(scene, comp):
    """Post-LN with its cue: the dot must pass through LN on the main line; then the gradient runs
    back along Pre-LN's clean line (the line lit), and Pre-LN's header and formula light."""
    pal = scene.pal
    pre, post = comp.pre, comp.post
    scene.to_cue_saying("cue_post")  # "Post-LN, LN(x + F(x)), puts LayerNorm on that line"
    scene.put(post, run_time=0.6)
    dot = carry_dot(scene, pal.accent).move_to(post.main.get_start())
    comp.add(dot)
    ln_x = post.ln.get_center()[0]
    start = post.main.get_start()
    scene.play(MoveAlongPath(dot, Line(start, [ln_x, start[1], 0])), run_time=1.0)
    scene.play(Indicate(post.ln[1], color=post_color(pal), scale_factor=1.2),  # the label, not the box's opaque fill
               post.ln[0].animate(rate_func=there_and_back).set_stroke(post_color(pal), width=5),
               dot.animate.set_color(post_color(pal)), run_time=0.8)
    scene.play(MoveAlongPath(dot, Line([ln_x, start[1], 0], post.main.get_end())), run_time=0.6)
    scene.to_cue_saying("cue_grad")  # "with the line clean, gradients get an identity path"
    back = Line(pre.main.get_end(), pre.main.get_start()).set_stroke(pal.accent, width=9)  # the line itself lights, backwards
    for _ in range(2):
        scene.play(ShowPassingFlash(back.copy(), time_width=0.5), run_time=1.0)
    scene.play(Indicate(pre.header, color=pal.accent, scale_factor=1.0),
               Indicate(pre.formula, color=pal.accent, scale_factor=1.0), run_time=1.0)
