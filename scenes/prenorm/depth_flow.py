"""Why Pre-LN over depth, told as ONE gradient travelling back (prenorm_block, section depth; seed 000, lesson 03b4 §6;
engine.depth_grad, engine.prenorm_extra; Xiong et al. 2020 §3). The lesson's block three deep, Post-LN at the left,
Pre-LN at the right (scenes.prenorm.depth draws the columns). A pulse leaves each stack's output at 1.00 and runs back
up its skip line, its value riding beside it and changing where the line changes it:

  Post-LN: each block's two LayerNorms multiply it by that block's factor ("× 0.86", "× 0.85", "× 0.67", the engine's
      ratios, written beside the block as the pulse crosses it): 0.86 → 0.73 → 0.49, about × 0.79 per block;
  Pre-LN: its final LN multiplies it once (0.36, the factor derived on screen from σ and y₀), then the value stays as
      it is at every block (× 1.00, the caption says), its skip line the identity;

then Post-LN's block 1 against Pre-LN's three deep, the price (Pre-LN's std grows; its final LN brings it back), and
the 24-block chart as the summary of what the pulse showed (scenes.prenorm.curve)."""
from __future__ import annotations

from manim import DOWN, LEFT, AnimationGroup, Dot, Indicate, ShowPassingFlash, UpdateFromAlphaFunc, VGroup

from engine.prenorm_extra import mean_factor, skip_factors
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.curve import curve_recap
from scenes.prenorm.depth import PULSE_R, depth_column, final_ln_factor, grad_labels, lift, pulse_stops, ring_nodes_of
from scenes.prenorm.depth_caption import depth_caption
from scenes.prenorm.depth_numbers import depth_args, depth_numbers
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, window

CLEAR = 0.2  # a factor label shows once the riding value (its centre on the pulse) is this far above the label's top


def factor_labels(scene, col, labels, grads) -> VGroup:
    """"× f" for each block (the engine's ratio of the gradient after the block to before it), in the values' column
    (right-aligned with them, no wider), level with what multiplies it: Post-LN's two LayerNorms, Pre-LN's add, and
    Pre-LN's final LN (.final). .blocks[k] for block k + 1."""
    n = len(col.blocks)
    f = skip_factors(grads)  # f[j]: from index j to j + 1, i.e. across block n − j
    right = max(m.get_right()[0] for m in labels)

    left = min(m.get_left()[0] for m in labels)

    def lab(v, node):  # level with `node`: Post-LN's between its two LayerNorms, from the values' left edge (no wider
        t = scene.txt(scene.s("depth_factor", f=fmt_num(v, 2)), size=LABEL_TXT, color=col.tint)  # than the column)
        if col.final is None:
            return t.move_to([left + t.width / 2, node.get_y(), 0])
        r = min(right, node.get_left()[0] - 0.1)  # Pre-LN's clear of its add or LN by 0.1
        return t.move_to([r - t.width / 2, node.get_y(), 0])

    blocks = [lab(f[n - 1 - k], (b.ln if col.final is None else b.add_node)) for k, b in enumerate(col.blocks)]
    final = lab(grads[0], col.final[0]) if col.final is not None else None
    g = VGroup(*blocks, *([final] if final is not None else []))
    g.blocks, g.final = blocks, final
    return g


def rider(scene, col, grads, shown) -> UpdateFromAlphaFunc:
    """The pulse (a dot, its radius PULSE_R × the gradient it carries) and its value riding beside it, in the values'
    column: 1.00 where it enters, then each value pulse_stops names once the pulse is across the LayerNorm (or add) that
    sets it. `shown`: the column's value labels bottom first, one per value (the rider wears copies of them, so it reads
    as the label it leaves behind). One dot and one label per value, moved each frame, the current label alone drawn."""
    x, bottom, top = col.line.get_x(), col.line.get_bottom()[1], col.line.get_top()[1]
    stops = pulse_stops(col, grads)
    assert len(shown) == len(stops) + 1
    right = max(m.get_right()[0] for m in shown)
    labels = [m.copy().set_opacity(1.0) for m in shown]
    dot = Dot([x, bottom, 0], radius=PULSE_R, color=col.tint).set_z_index(5)
    dot.r = PULSE_R
    for lab in labels:
        lab.set_z_index(5)

    def step(m, a):
        y = bottom + a * (top - bottom)
        i, v = 0, 1.0
        for j, (lo, hi, g) in enumerate(stops):
            if y >= hi:
                i, v = j + 1, g
            elif y > lo:
                v = v + (g - v) * (y - lo) / (hi - lo)
                break
            else:
                break
        r = max(PULSE_R * v, 0.01)
        dot.scale(r / dot.r).move_to([x, y, 0])
        dot.r = r
        for k, lab in enumerate(labels):
            lab.set_opacity(1.0 if k == i else 0.0).move_to([right - lab.width / 2, y, 0])

    return UpdateFromAlphaFunc(VGroup(dot, *labels), step, remover=True)


def carry_back(scene, col, grads, start, values, factors, run_time: float, shown_already=()) -> None:
    """The gradient carried up a column's line (rider, from the label `start` at the output), each block's value shown as
    the pulse reaches it and its factor once the riding value is past it, the LayerNorm nodes (Post-LN) or adds (Pre-LN)
    ringed as it crosses them; values and factors join the panel. `values` bottom first."""
    shown = list(values) + list(factors)
    bottom, span = col.line.get_bottom()[1], col.line.get_top()[1] - col.line.get_bottom()[1]
    lit = []
    for b in col.blocks:
        nodes = b.ln if col.final is None else [VGroup(b.add_node)]
        t = (b.add_node.get_y() - bottom) / span
        lit.append(AnimationGroup(ring_nodes_of(nodes, col.tint), rate_func=window(max(0.0, t - 0.15), min(1.0, t + 0.15))))

    def shown_from(lab, clear=0.0):
        t = (lab.get_top()[1] + clear - bottom) / span
        return UpdateFromAlphaFunc(lab, lambda m, a: m.set_opacity(1.0 if a >= t else 0.0))

    scene.play(rider(scene, col, grads, [start, *values]), *lit, *(shown_from(lab) for lab in values if lab not in shown_already),
               *(shown_from(lab, CLEAR) for lab in factors), run_time=run_time)
    shown = [m for m in shown if m not in shown_already]
    for lab in shown:
        lab.set_opacity(1.0)
    scene.panel.append(VGroup(*shown))


def depth_stack(scene) -> None:
    """The section "depth", once the worked block has given Y (scene.carry, which makes way): one gradient back
    through both stacks, then the price, then the chart (module docstring), each drawn as its cue comes."""
    d, pal = scene.data, scene.pal
    point = pal.ink  # what the cues point at is lit in ink: the accent is Pre-LN's colour, series 3 Post-LN's
    read_with(scene, *scene.panel)  # the last caption read over Y
    keep = scene.clear_but_carry()
    n = scene.depth_n = depth_numbers(d)
    g, pre_std, final_std = n.g, n.pre_std, n.final_std  # token a's row
    post, pre = depth_column(scene, False, n.post_std), depth_column(scene, True, pre_std, final_std)
    post_g, pre_g = grad_labels(scene, post, g.post_skip), grad_labels(scene, pre, g.pre_skip)
    post_f = factor_labels(scene, post, [*post_g.blocks, post_g.out], g.post_skip)
    factor = final_ln_factor(scene, pre)
    pre_left = min(m.get_left()[0] for m in pre_g)
    VGroup(pre, pre_g, factor, factor.step, *pre.stds).shift([post.get_right()[0] + 0.1 - pre_left, post.get_top()[1] - pre.get_top()[1], 0])
    name = scene.txt(scene.s("depth_def"), size=LABEL_TXT + 2, color=pal.ink)
    maths = scene.tex(r"\left\| \partial\,\mathrm{out} / \partial\,\mathrm{in} \right\|", size=LABEL_TEX + 2, color=pal.ink, own=True)
    definition = VGroup(name, maths.next_to(name, DOWN, buff=0.2))
    definition.next_to(pre.blocks[0][1], direction=[1, 0, 0], buff=0.35).align_to(pre.blocks[0][1], [0, 1, 0])
    ydef = scene.tex(r"y = (x - \mu)/\sigma", size=LABEL_TEX, color=pre.tint, own=True)
    ydef.next_to(definition, DOWN, buff=0.4).align_to(definition, LEFT)
    mean = scene.txt(scene.s("depth_mean", q=depth_args(n)["q"]), size=LABEL_TXT, color=post.tint)  # Post-LN's factors in one
    mean.next_to(definition, DOWN, buff=0.3).align_to(definition, LEFT)  # (where y's definition comes next)
    PANEL.fit(VGroup(post, pre, post_g, pre_g, post_f, definition, ydef, mean, factor, factor.step, *pre.stds))
    grads = lambda v: ",".join(f"{x:.6g}" for x in v)  # noqa: E731
    scene.section("depth", depth_caption(d, scene.look.lang), keep=[keep] if keep is not None else [])
    scene.shown.clear()
    scene.shown.update(section="depth", lit="")
    scene.panel = []
    scene.play(*([QuickFadeOut(keep, rate_func=window(0.0, 0.5))] if keep is not None else []),
               QuickFadeIn(post, rate_func=window(0.3, 1.0)), QuickFadeIn(pre, rate_func=window(0.3, 1.0)),
               *scene.new_title("title_depth"), run_time=1.0)
    scene.title_done()
    scene.path.light(done=tuple(scene.path.nodes))
    scene.panel = [post, pre]
    scene.depth_cols = (post, pre)  # their blocks shrink into the chart's x axis (scenes.prenorm.morph)
    scene.show(showing="depth")
    scene.play(*(ShowPassingFlash(col.line.copy().set_stroke(col.tint, width=8), time_width=0.5) for col in (post, pre)),
               *(Indicate(col.head, color=col.tint, scale_factor=1.08) for col in (post, pre)), run_time=1.2)  # forward: down
    # one gradient, 1.00 at each output: what the numbers beside the lines are
    outs = VGroup(post_g.out, pre_g.out)
    scene.until_cue(scene.s("cue_depth_def"), point_at=VGroup(post.head, pre.head), point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}")
    scene.play(QuickFadeIn(definition), QuickFadeIn(outs), run_time=0.8)
    scene.panel += [definition, outs]
    scene.play(Indicate(outs, color=point, scale_factor=1.15), run_time=1.0)
    # Post-LN: the pulse up its line, each block's factor written as it crosses the block's two LayerNorms
    scene.until_cue(scene.s("cue_depth_post"), point_at=outs, point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}", depth_post_grad=grads(g.post_skip),
               depth_post_factor=grads(skip_factors(g.post_skip)))
    carry_back(scene, post, g.post_skip, post_g.out, post_g.blocks[::-1], post_f.blocks, max(3.0, scene.cue_left() - 0.3))
    scene.until_cue(scene.s("cue_depth_shrink"))  # "That is about × 0.79 per block"
    scene.show(showing="depth", depth_post_factor=grads(skip_factors(g.post_skip)), depth_post_mean=f"{mean_factor(g.post_skip):.6g}")
    scene.put(mean, run_time=0.5)
    scene.play(lift(post_f.blocks, post.tint, 1.2), run_time=max(1.0, min(3.0, scene.cue_left() - 0.2)))
    # Pre-LN pays the factor once, at its final LN: derived there from σ and y₀
    scene.until_cue(scene.s("cue_depth_once"), point_at=VGroup(*post_f.blocks), point_color=point)
    scene.play(Indicate(pre.final[1], color=pre.tint, scale_factor=1.3), run_time=max(0.9, min(2.0, scene.cue_left() - 0.2)))
    scene.until_cue(scene.s("cue_depth_jac"))
    scene.play(QuickFadeOut(mean, rate_func=window(0.0, 0.5)), run_time=0.4)  # y's definition takes its place
    scene.panel.remove(mean)
    scene.put(factor.step, ydef, run_time=0.7)  # its mean and its part along y removed, then ÷ σ
    scene.until_cue(scene.s("cue_depth_here"), point_at=factor.step, point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}", depth_post_grad=grads(g.post_skip),
               depth_final_gain=f"{g.final_gain:.6g}", depth_final_sigma=f"{g.final_sigma:.6g}", depth_final_y=f"{g.final_y:.6g}")
    scene.play(QuickFadeOut(factor.step, rate_func=window(0.0, 0.45)), QuickFadeIn(factor[0], rate_func=window(0.4, 1.0)),
               QuickFadeIn(factor[1], rate_func=window(0.4, 1.0)), QuickFadeIn(pre_g.mid, rate_func=window(0.5, 1.0)), run_time=0.9)
    scene.panel = [m for m in scene.panel if m is not factor.step] + [factor[0], factor[1], pre_g.mid]  # the factor's value on the line
    scene.play(Indicate(factor, color=pre.tint, scale_factor=1.05), lift([pre_g.mid], pre.tint, 1.25), run_time=1.2)
    # Pre-LN: the pulse through its final LN once (× 0.36), then the same value at every block (× 1.00)
    scene.until_cue(scene.s("cue_depth_pre"), point_at=factor, point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}", depth_post_grad=grads(g.post_skip), depth_pre_grad=grads(g.pre_skip),
               depth_pre_factor=grads(skip_factors(g.pre_skip)),
               depth_final_gain=f"{g.final_gain:.6g}", depth_final_sigma=f"{g.final_sigma:.6g}", depth_final_y=f"{g.final_y:.6g}")
    carry_back(scene, pre, g.pre_skip, pre_g.out, [pre_g.mid, *pre_g.blocks[::-1]], [], max(3.0, scene.cue_left() - 0.3),
               shown_already=[pre_g.mid])
    scene.until_cue(scene.s("cue_depth_three"), point_at=VGroup(*pre_g.blocks), point_color=point)
    scene.play(lift([post_g.blocks[0]], post.tint, 1.25), lift([pre_g.blocks[0]], pre.tint, 1.25), run_time=1.2)
    # the price: Pre-LN's stds grow; its final LN brings them back
    scene.until_cue(scene.s("cue_depth_price"), point_at=VGroup(post_g.blocks[0], pre_g.blocks[0]), point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}", depth_post_grad=grads(g.post_skip),
               depth_pre_grad=grads(g.pre_skip), depth_pre_std=grads(pre_std))
    scene.play(QuickFadeOut(definition, rate_func=window(0.0, 0.5)), QuickFadeOut(ydef, rate_func=window(0.0, 0.5)),
               *(QuickFadeIn(s, rate_func=window(0.3, 1.0)) for s in pre.stds[:-1]), run_time=0.8)
    scene.panel.remove(definition)
    scene.panel.remove(ydef)
    scene.panel += [VGroup(*pre.stds[:-1])]
    for s in pre.stds[:-1]:
        scene.play(Indicate(s, color=pre.tint, scale_factor=1.12), run_time=0.7)
    scene.until_cue(scene.s("cue_depth_final"), point_at=VGroup(*pre.stds[:-1]), point_color=point)
    scene.show(showing="depth", depth_out_grad=f"{g.post_skip[0]:.6g}", depth_post_grad=grads(g.post_skip),
               depth_pre_grad=grads(g.pre_skip), depth_pre_std=grads(pre_std), depth_final_std=f"{final_std:.6g}")
    scene.play(QuickFadeOut(factor, rate_func=window(0.0, 0.5)), QuickFadeIn(pre.stds[-1], rate_func=window(0.4, 1.0)),
               Indicate(pre.final[1], color=pre.tint, scale_factor=1.3), run_time=1.0)
    scene.panel = [m for m in scene.panel if m is not factor[0] and m is not factor[1]]
    scene.panel.append(pre.stds[-1])
    curve_recap(scene, VGroup(pre.final, pre.stds[-1]))  # the chart: the summary of what the pulse showed
