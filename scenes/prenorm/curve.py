"""prenorm_block's closing picture (seed 000, lesson 03b4 §6; engine.depth_layers after Xiong et al. 2020 §3): the
whole gradient at each block's input in one 24-block stack whose blocks have their own weights (block 1 the lesson's;
scenes.prenorm.curve_numbers). A log y axis (a decade a step), the block along x; Pre-LN's line and Post-LN's grow
point by point from the last block back to block 1, the way the gradient flows, their stated values beside the points
they belong to; then the blocks where Post-LN's is the larger are ringed and named (or, when it stays the smaller from
some block on, where the lines cross: a ring, a dashed line down to that block)."""
from __future__ import annotations

import math

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Axes, Circle, Ellipse, Create, DashedLine, DashedVMobject, Dot, Indicate, Line, MoveToTarget, ShowPassingFlash, VGroup, VMobject

from look.formats import superscript
from scenes.parts.panel import SAFE_HALF_WIDTH
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.colours import post_color, pre_color
from scenes.prenorm.curve_marks import block1_label, decay_label, put_lit, put_values, step_bar, walk_lines
from scenes.prenorm.morph import stacks_into_chart
from scenes.prenorm.curve_numbers import MARKED, curve_args, depth_curves, recap_cues, recap_facts, recap_keys, value
from scenes.prenorm.steps import CLEAR_BOTTOM, LABEL_TEX, LABEL_TXT, window

TOP = 2.75  # the plot's top (under the title)
ORIGIN3 = np.array([0.0, 0.0, 0.0])


def x_ticks(n: int) -> list[int]:
    """The depths named under the x axis: 1, every 6th block, and n (1, 6, 12, 18, 24; the captions cite the last)."""
    return sorted({1, *range(6, n, 6), n})


def tick_text(e: int) -> str:
    """10^e as the y axis names it: a decimal down to 0.0001, then a power of ten (10⁻⁵), never Python's 1e-05."""
    return f"{10.0 ** e:g}" if e >= -4 else "10" + superscript(e)


def tick_label(scene, e: int):
    """The y tick's label in the other ticks' font: a decimal, or "10" with its exponent raised beside it at full size."""
    if e >= -4:
        return scene.txt(tick_text(e), size=LABEL_TXT, color=scene.pal.ink)
    base, power = (scene.txt(t, size=LABEL_TXT, color=scene.pal.ink) for t in ("10", f"−{-e}"))
    return VGroup(base, power.next_to(base, RIGHT, buff=0.03).align_to(base, DOWN).shift(UP * 0.5 * base.height))


def decades(c) -> tuple[int, int]:
    """The y axis' powers of ten, lowest and highest: both whole-gradient lines drawn within them, a decade to spare
    under the lowest (the labels under Post-LN's line, its decay rate among them, stay clear of the x axis)."""
    drawn = (c.pre, c.post)
    return math.floor(math.log10(min(v.min() for v in drawn))) - 1, math.ceil(math.log10(max(v.max() for v in drawn)))


def curve_plot(scene):
    """The axes with their labels, both lines with their dots and value labels, the crossing's marks (none shown)."""
    pal, c = scene.pal, depth_curves(scene.data)
    n, (lo, hi) = int(c.depths[-1]), decades(c)
    left, right = -SAFE_HALF_WIDTH + 1.3, SAFE_HALF_WIDTH - 1.5
    bottom = CLEAR_BOTTOM + 0.75
    ax = Axes(x_range=[0, n + 1, 1], y_range=[lo, hi, 1], x_length=right - left, y_length=TOP - 0.45 - bottom, tips=False,
              axis_config={"color": pal.muted, "stroke_width": 2.5, "include_ticks": False})
    ax.move_to([(left + right) / 2, (TOP - 0.45 + bottom) / 2, 0])
    k = c.below_from if c.below_from is not None else len(c.depths) - 1
    cross = int(c.depths[k])
    ticks = VGroup()
    for t in x_ticks(n):
        p = ax.c2p(t, lo)
        mark = Line(p, p + DOWN * 0.12).set_stroke(pal.muted, width=2.5)
        lab = scene.txt(str(t), size=LABEL_TXT, color=pal.ink).next_to(mark, DOWN, buff=0.06)
        ticks.add(VGroup(mark, lab))
    yticks = VGroup()
    for e in range(lo, hi + 1):
        p = ax.c2p(0, e)
        mark = Line(p, p + LEFT * 0.12).set_stroke(pal.muted, width=2.5)
        lab = tick_label(scene, e).next_to(mark, LEFT, buff=0.08)
        yticks.add(VGroup(mark, lab))
    # the axes drawn along the plot's bottom and left edges (Axes would put x where y = 1)
    axes = VGroup(Line(ax.c2p(0, lo), ax.c2p(n + 1, lo)), Line(ax.c2p(0, lo), ax.c2p(0, hi))).set_stroke(pal.muted, width=2.5)
    xname = scene.txt(scene.s("curve_x"), size=LABEL_TXT, color=pal.ink).next_to(ax.c2p(n + 1, lo), RIGHT, buff=0.2)
    yname = scene.tex(r"\left\| \partial\,\mathrm{out} / \partial\,\mathrm{in} \right\|", size=LABEL_TEX, color=pal.ink, own=True)
    yname.next_to(ax.c2p(0, hi), UP, buff=0.15).align_to(yticks, LEFT)
    lines = {}
    for name, vals, color in (("pre", c.pre, pre_color(pal)), ("post", c.post, post_color(pal))):
        pts = [ax.c2p(L, math.log10(v)) for L, v in zip(c.depths, vals)]
        line = VMobject().set_points_as_corners(pts[::-1]).set_stroke(color, width=4)  # drawn from the last block back
        dots = VGroup(*(Dot(p, radius=0.05, color=color) for p in pts))
        lines[name] = VGroup(line, dots)
        lines[name].line, lines[name].dots = line, dots
    (pre_c, post_c), pre, post = (pre_color(pal), post_color(pal)), lines["pre"], lines["post"]
    labels = {
        "c1": scene.txt(value(c.pre[0]), size=LABEL_TXT, color=pre_c).next_to(pre.dots[0], UP + RIGHT, buff=0.08),
        "cN": scene.txt(value(c.pre[-1]), size=LABEL_TXT, color=pre_c).next_to(pre.dots[-1], RIGHT, buff=0.15),
        "qm": scene.txt(value(c.post[c.peak]), size=LABEL_TXT, color=post_c).next_to(post.dots[c.peak], UP, buff=0.3),  # clear of a ring round it
        "qN": scene.txt(value(c.post.min()), size=LABEL_TXT, color=post_c).next_to(post.dots[int(np.argmin(c.post))], DOWN + RIGHT, buff=0.1),
    }
    clear = ax.c2p(0, lo)[0] + 0.15  # a value label clear of the y axis and its ticks
    for lab in labels.values():
        lab.shift(RIGHT * max(0.0, clear - lab.get_left()[0]))
    legend = VGroup(*(VGroup(Line(ORIGIN3, ORIGIN3 + RIGHT * 0.5).set_stroke(col, width=4),
                             scene.txt(scene.s(key), size=LABEL_TXT, color=col)).arrange(RIGHT, buff=0.15)
                      for key, col in (("pre_ln", pre_c), ("post_ln", post_c)))).arrange(RIGHT, buff=0.5)
    legend.move_to(ax.c2p((n + 1) / 2, hi), aligned_edge=UP)  # one row in the top decade, over the lines
    # where the lines cross just before `cross` (log scale: the straight segments' meeting point)
    a = math.log10(c.pre[k - 1]) - math.log10(c.post[k - 1]) if k > 0 else 0.0
    b = math.log10(c.pre[k]) - math.log10(c.post[k])
    f = a / (a - b) if k > 0 and a != b else 0.0
    xc = c.depths[k] - 1 + f if k > 0 else c.depths[k]
    yc = math.log10(c.pre[k - 1]) + f * (math.log10(c.pre[k]) - math.log10(c.pre[k - 1])) if k > 0 else math.log10(c.pre[k])
    f_ = recap_facts(c)
    if f_.larger_from is not None and k > 0:  # Post-LN's the larger only over a band: both lines' points there, ringed
        band = VGroup(*(m for i in range(f_.larger_from, k) for m in (pre.dots[i], post.dots[i])))
        ring = Ellipse(width=band.width + 0.4, height=band.height + 0.4, color=pal.ink, stroke_width=3).move_to(band)
        name = f"{int(c.depths[f_.larger_from])}–{int(c.depths[k - 1])}" if k - 1 > f_.larger_from else str(int(c.depths[k - 1]))
        drop = scene.txt(name, size=LABEL_TXT, color=pal.ink).next_to(ring, DOWN, buff=0.08)  # the blocks the cue names, under it
    else:  # where the lines cross, a dashed line down to that block
        ring = Circle(radius=0.18, color=pal.ink, stroke_width=3).move_to(ax.c2p(xc, yc))
        drop = DashedLine(ax.c2p(cross, yc), ax.c2p(cross, lo), dash_length=0.1).set_stroke(pal.ink, width=2.5)
    plot, marks = VGroup(axes, ticks, yticks, xname, yname), VGroup(ring, drop)
    plot.c2p = ax.c2p
    marks.lit = VGroup(*post.dots[f_.larger_from:k]) if f_.larger_from is not None and k > 0 else VGroup(*post.dots[k:])
    return plot, pre, post, labels, legend, marks, c


def skip_lines(scene, plot, c):
    """The skip line's part alone (engine.depth_grad's pre_skip / post_skip at each depth) as a dashed line in each
    variant's colour, and the values at MARKED blocks (the depth section's three-deep stacks) in a small table at the
    plot's lower left: a row per variant, the whole gradient (a solid sample over its column) beside the skip line's part
    (a dashed one), a dotted guide from the marked depth's points down to it. .dashed (pre, post), .marks (the four
    rings), .table, .guide."""
    pal = scene.pal
    pre_c, post_c = pre_color(pal), post_color(pal)
    k = MARKED - 1
    dashed = []
    for vals, color in ((c.pre_skip, pre_c), (c.post_skip, post_c)):
        pts = [plot.c2p(L, math.log10(v)) for L, v in zip(c.depths, vals)]
        solid = VMobject().set_points_as_corners(pts)
        dashed.append(DashedVMobject(solid, num_dashes=60, dashed_ratio=0.55).set_stroke(color, width=3.5))
    marks = VGroup(*(Circle(radius=0.09, color=col, stroke_width=3).move_to(plot.c2p(MARKED, math.log10(v)))
                     for v, col in ((c.post[k], post_c), (c.pre[k], pre_c), (c.post_skip[k], post_c), (c.pre_skip[k], pre_c))))

    def sample(dash: bool):
        line = Line(ORIGIN3, ORIGIN3 + RIGHT * 0.6).set_stroke(pal.ink, width=3.5)
        return DashedLine(ORIGIN3, ORIGIN3 + RIGHT * 0.6, dash_length=0.1).set_stroke(pal.ink, width=3.5) if dash else line

    heads = [VGroup(sample(dash), scene.txt(scene.s(key), size=LABEL_TXT, color=pal.ink)).arrange(DOWN, buff=0.1)
             for dash, key in ((False, "curve_whole"), (True, "curve_skip"))]
    corner = scene.txt(scene.s("curve_at", M=MARKED), size=LABEL_TXT, color=pal.ink)
    cells = [[corner, *heads]]
    for key, col, whole, skip in (("post_ln", post_c, c.post[k], c.post_skip[k]), ("pre_ln", pre_c, c.pre[k], c.pre_skip[k])):
        cells.append([scene.txt(scene.s(key), size=LABEL_TXT, color=col),
                      scene.txt(value(whole), size=LABEL_TXT, color=col), scene.txt(value(skip), size=LABEL_TXT, color=col)])
    table = VGroup(*(m for r in cells for m in r)).arrange_in_grid(rows=3, cols=3, buff=(0.22, 0.16))
    lo_y = plot[0][0].get_y()  # the x axis
    table.shift([plot.c2p(MARKED, 0)[0] - corner.get_x(), lo_y + 0.2 - table.get_bottom()[1], 0])  # "at 3 blocks" under 3
    top = marks[3].get_bottom()[1]
    guide = DashedLine([marks[3].get_x(), top, 0], [marks[3].get_x(), table.get_top()[1] + 0.08, 0], dash_length=0.06)
    guide.set_stroke(pal.muted, width=2)
    g = VGroup(*dashed, marks, table, guide)
    g.dashed, g.marks, g.table, g.guide = dashed, marks, table, guide
    return g


def recap_shown(scene, c, k: int) -> dict:
    """The numbers the recap's title, ticks and captions state (curve_args' depths, values, folds and percent; the
    ticks curve_plot draws), logged for frames.csv and the numbers check."""
    a = curve_args(scene.data)
    lo, hi = decades(c)
    ticks = [str(t) for t in x_ticks(int(c.depths[-1]))] + [tick_text(e) for e in range(lo, hi + 1)]
    return {"depth_curve_ticks": ", ".join(ticks),
            "depth_curve_facts": ", ".join(str(a[key]) for key in ("N", "c1", "cN", "q1", "qm", "Lm", "qN", "qlo", "Llo", "Lx", "La",
                                                                    "Lb", "pf", "qf", "ps", "qr", *(("M",) if "M" in a else ())))}


def curve_recap(scene, ln, carried=None) -> None:
    """The recap over depth, as the closing cues say it (module docstring): what is on screen makes way. `carried`:
    the three-deep stacks' skip-line gradients at block 1 (Post-LN's, Pre-LN's labels, on screen), which fly to their
    points at MARKED blocks as the axes come, then into the table under them: the small example becomes the chart."""
    plot, pre, post, labels, legend, mark, c = curve_plot(scene)
    if c.pre_skip is None or c.post_skip is None or len(c.depths) < MARKED:
        carried = None
    k = c.below_from if c.below_from is not None else len(c.depths) - 1
    scene.show(**recap_shown(scene, c, k))  # from the recap's first cue: what its title, axes and captions state
    cue = recap_cues(c)  # the cue keys of the sentences the numbers picked (curve_numbers.recap_keys)
    scene.until_cue(scene.s("cue_recap"), point_at=ln, point_scale=1.0)  # "To sum up over depth: stack the block 1 to 24 deep ..."
    flying = list(carried or ())
    gone = [m for m in scene.panel if m not in flying] + [scene.path]
    if scene.path in scene.persistent:
        scene.persistent.remove(scene.path)
    # no cut: the stacks' blocks shrink into a row on the chart's x axis, which runs on to block N (scenes.prenorm.morph)
    stacks_into_chart(scene, plot, int(c.depths[-1]), decades(c)[0], gone, scene.new_title("title_curve", N=int(c.depths[-1])))
    scene.title_done()
    scene.panel = [plot]
    scene.show(showing="depth_curve", lit="")
    skip = skip_lines(scene, plot, c) if carried else None
    if carried:  # 0.49 and 0.36 from the stacks just seen land on their points at 3 blocks, ringed
        for lab, ring, side in ((flying[0], skip.marks[2], LEFT), (flying[1], skip.marks[3], DOWN + RIGHT)):  # clear of the lines:
            lab.generate_target()  # Post-LN's left of its point, under Pre-LN's line; Pre-LN's under its own, below every line
            lab.target.next_to(ring, side, buff=0.06)
        scene.play(*(MoveToTarget(m) for m in flying),
                   QuickFadeIn(skip.marks[2], rate_func=window(0.7, 1.0)), QuickFadeIn(skip.marks[3], rate_func=window(0.7, 1.0)),
                   run_time=1.4)
        frame = [skip.table[i] for i in (0, 1, 2, 3, 6)]  # the table's headings and row names come with them: never a
        for lab, cell in zip(flying, (skip.table[5], skip.table[8])):  # bare number left inside the chart
            lab.target = cell.copy()  # it takes the cell's own look on its way: the cell later replaces it in place
        scene.play(*(MoveToTarget(m) for m in flying), *(QuickFadeIn(m, rate_func=window(0.3, 1.0)) for m in frame), run_time=1.0)
        scene.panel += [*flying, *frame, skip.marks[2], skip.marks[3]]
    pre_vals = ",".join(f"{v:.6g}" for v in c.pre)
    post_vals = ",".join(f"{v:.6g}" for v in c.post)
    # Pre-LN's line grows while the recap says what is measured, so the axes never stand empty; its numbers come with
    # its own cue. The cues in between point at the line (a small Indicate: scaling the whole axes shifts its copy).
    scene.show(showing="depth_curve", depth_curve_pre=pre_vals)
    scene.add(pre, legend[0])
    scene.play(Create(pre.line, rate_func=lambda t: t), *(QuickFadeIn(d, introducer=False, rate_func=window(i / len(pre.dots), min(1.0, (i + 1.5) / len(pre.dots))))
                                               for i, d in enumerate(reversed(pre.dots))),
               QuickFadeIn(legend[0], introducer=False, rate_func=window(0.0, 0.3)), run_time=2.4)
    scene.panel += [pre, legend[0]]
    # one thing at a time, each with the words that name it: Pre-LN's largest step, then its two ends, each with its cue
    scene.until_cue(scene.s(cue["pre"]), point_at=pre.line, point_scale=1.0)  # "Pre-LN's changes by up to 59 % ...: 1.54 at block 1,"
    a, post_c = curve_args(scene.data), post.line.get_stroke_color()
    if recap_keys(recap_facts(c))["pre"].startswith("recap_pre_fast"):  # "changes by up to 59 % ...": that step drawn
        step = step_bar(scene, plot, pre, c)
        scene.show(showing="depth_curve", depth_curve_pre=pre_vals, depth_curve_step=",".join(f"{v:.6g}" for v in step.values[:2]),
                   depth_curve_step_percent=step.values[2])
        scene.add(step)
        scene.play(Create(step[0]), Create(step[1], rate_func=window(0.3, 1.0)), QuickFadeIn(step[2], introducer=False, rate_func=window(0.5, 1.0)),
                   run_time=1.2)
        scene.panel.append(step)
    put_values(scene, [(labels["c1"], pre.dots[0], pre.line.get_stroke_color(), a["c1"]),  # "1.54 at block 1," (its own
                       (labels["cN"], pre.dots[-1], pre.line.get_stroke_color(), a["cN"])])  # cue in Chinese) "0.72 at block 24."
    # Post-LN's line is drawn as its own cue comes up, from the last block back; its values come with their cues
    scene.until_cue(scene.s(cue["post"]), point_at=VGroup(pre, labels["c1"], labels["cN"]), point_scale=1.0)
    scene.show(showing="depth_curve", depth_curve_pre=pre_vals, depth_curve_post=post_vals)
    scene.add(post, legend[1])
    n_dots = len(post.dots)
    scene.play(Create(post.line, rate_func=lambda t: t), *(QuickFadeIn(d, introducer=False, rate_func=window(i / n_dots, min(1.0, (i + 1.5) / n_dots)))
                                                for i, d in enumerate(reversed(post.dots))),
               QuickFadeIn(legend[1], introducer=False, rate_func=window(0.0, 0.3)), run_time=2.0)
    scene.panel += [post, legend[1]]
    if scene.cue_left() > 1.0:  # "from the output back toward the input": a marker down the line while it is read
        walk_lines(scene, (post.line,), max(0.5, scene.cue_left() - 0.2))
    rate = decay_label(scene, plot, post, c, labels["qN"]) if recap_keys(recap_facts(c))["post"] == "recap_post_decays" else None
    if rate is not None:  # "... by about ×0.69 a block on average": drawn by its line as its cue comes up, then lit
        scene.until_cue(str(a["qr"]))
        scene.show(showing="depth_curve", depth_curve_pre=pre_vals, depth_curve_post=post_vals, depth_curve_post_factor=a["qr"])
    # its largest, then its smallest, each put and lit as its cue says it (those one cue says, put together)
    put_values(scene, [*([(rate, VGroup(), post_c, a["qr"])] if rate is not None else []), (labels["qm"], post.dots[c.peak], post_c, a["qm"]),
                       (labels["qN"], post.dots[int(np.argmin(c.post))], post_c, a["qlo"])])
    # "The factors multiply: along the skip line, three blocks left Post-LN's block 1 more ...; here its whole gradient at block 1 is 0.00096."
    first = labels["qN"] if int(np.argmin(c.post)) == 0 else block1_label(scene, plot, c, post, labels["qN"], a["q1"])
    scene.until_cue(str(a["q1"]), point_at=VGroup(pre.dots[0], post.dots[0]), point_color=scene.pal.ink, point_scale=1.0)
    put_lit(scene, first, post.dots[0], post_c)
    sigma = None
    # the sentence on what the curve sums (recap_branch_*) pointed at Post-LN's dashed line, in its own colour (the
    # accent is Pre-LN's), then "Deeper still, from 13 blocks on ..."
    scene.until_cue(scene.s(cue["cross"]), point_at=post.line, point_color=post.line.get_stroke_color(), point_scale=1.0)
    if sigma is not None and sigma.get_left()[0] < mark[1].get_x() < sigma.get_right()[0]:  # the drop would cross it
        scene.play(QuickFadeOut(sigma), run_time=0.4)
        scene.panel.remove(sigma)
    tail = mark.lit  # Post-LN's points at the blocks the cue names
    if k > 0:  # no ring when Post-LN's is the smaller at every block
        scene.put(mark, run_time=0.7)
    scene.play(Indicate(tail, color=post.line.get_stroke_color(), scale_factor=1.4), run_time=1.2)
    scene.until_cue(scene.s(cue["why"]), point_at=mark if k > 0 else tail, point_color=scene.pal.ink, point_scale=1.0)  # "So in this example, from 1 to 24 blocks ..."
    ends = {pre.line.get_stroke_color(): VGroup(labels["c1"], labels["cN"]), post.line.get_stroke_color(): VGroup(labels["qm"], labels["qN"])}
    if k > 0:  # the ring has said its part: gone before the closing sentences (its gap is this chart's, not a paper's)
        scene.play(QuickFadeOut(mark), run_time=0.4)
        scene.panel.remove(mark)
    per = max(1.2, min(3.0, (scene.cue_left() - 0.2) / 2))  # the cue's time shared: each line lit as it is named
    for color, group in ends.items():  # each variant's ends, in its own colour, and its line: the folds the sentence states
        line = pre.line if color == pre.line.get_stroke_color() else post.line
        scene.play(Indicate(group, color=color, scale_factor=1.15),
                   ShowPassingFlash(line.copy().set_stroke(color, width=9), time_width=0.4), run_time=per)
    if scene.cue_left() > 0.5:  # the rest of the cue: markers walk both lines from block N back to block 1
        walk_lines(scene, (pre.line, post.line), scene.cue_left())
    if scene.cue_left() > 0:
        scene.wait(scene.cue_left())
    if scene._queue:  # the folds' cue: the takeaway comes as the title, one short line, while it is read
        scene.next_cue()
    scene.play(*scene.new_title("title_takeaway", pf=a["pf"], qf=a["qf"]), run_time=1.0)
    scene.title_done()
    scene.focus = [(group, color) for color, group in ends.items()]  # pointed at in turn over the last cue
    while len(scene._queue) > 0:  # every cue but the last ("this chart shows input gradients"): both whole-gradient
        left = scene.cue_left() - 0.2  # lines flash in their colours, a few seconds each, while it is read
        while left > 1.0:
            run = min(4.0, left)
            scene.play(*(ShowPassingFlash(line.copy().set_stroke(color, width=9), time_width=0.4)
                         for line, color in ((pre.line, pre.line.get_stroke_color()), (post.line, post.line.get_stroke_color()))),
                       run_time=run)
            left -= run
        scene.next_cue()

