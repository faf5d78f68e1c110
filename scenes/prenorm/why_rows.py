"""Why Pre-LN, in numbers (prenorm_block, section residual1, after Z′ = X_in + O has been shown): token a's row
through both kinds of block, every entry from the record.

Pre-LN, x + F(LN(x)), set as a sum down the page: the row x (X_in's row a), plus the sublayer's row F(LN(x)) (O's
row a), is the output row (Z′'s row a); a path at the right carries x from the input row to the output row,
unchanged: the output minus x is exactly the sublayer's row. Post-LN, LN(x + F(x)), under it, with its own sum:
F acts on the raw x there, so its sum x + F(x) (post_sum1's row a, labelled with its mean and std) is another row;
divided by that std (post_sum1_std) it becomes the output row (post_Z's row a), so the residual stream is rescaled
in every block. Z′ makes way meanwhile and comes back for the next step (ln2).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, ArcBetweenPoints, Indicate, ShowPassingFlash, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.parts.panel import row
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.colours import post_color
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, fading_copy, window

WHY_ROWS = ("X_in[0]", "O[0]", "Z_prime[0]", "post_sum1[0]", "post_Z[0]")  # the rows drawn, as the frames record names them


def sum_line(scene, op: str, name: str, values, color=None, tokens=None):
    """One line of the sum: the operator and the row's name at the left of its matrix (.m)."""
    m = scene.mat(values, color=color, tokens=tokens)
    left = row(*([scene.op(op)] if op else []), scene.tex(name, size=LABEL_TEX, color=color or scene.pal.ink), buff=0.15)
    line = row(left, m, buff=0.3)
    line.m, line.left = m, left
    return line


def why_rows(scene, keep) -> None:
    """The two blocks' rows in the panel while `keep` (the sum Z′, named, handed on) makes way; then only Z′ (scene.carry,
    the matrix the next step moves) comes back."""
    d, pal = scene.data, scene.pal
    post_c = post_color(pal)  # Post-LN's one colour (scenes.prenorm.colours)
    x = sum_line(scene, "", "x", d.X_in[:1], tokens="left")
    f = sum_line(scene, "+", r"F(\mathrm{LN}(x))", d.O[:1])
    y = sum_line(scene, "=", r"x + F(\mathrm{LN}(x))", d.Z_prime[:1], color=pal.accent, tokens="left")
    pre_head = scene.txt(scene.s("pre_ln"), size=LABEL_TXT + 2, color=pal.accent)
    q = sum_line(scene, "", "x + F(x)", d.post_sum1[:1], color=post_c, tokens="left")  # Post-LN's own sum: F on the raw x
    stats = scene.txt(scene.s("why_sum_stats", m=fmt_num(d.post_sum1_mean[0], 2), s=fmt_num(d.post_sum1_std[0], 2)),
                      size=LABEL_TXT, color=post_c)
    p = sum_line(scene, "", r"\mathrm{LN}(x + F(x))", d.post_Z[:1], color=post_c, tokens="left")
    note = scene.txt(scene.s("why_divided", m=fmt_num(d.post_sum1_mean[0], 2), s=fmt_num(d.post_sum1_std[0], 2)),
                     size=LABEL_TXT, color=post_c)
    post_head = scene.txt(scene.s("post_ln"), size=LABEL_TXT + 2, color=post_c)
    lines = [x, f, y, q, p]
    stack = [pre_head, x, f, y, post_head, q, stats, note, p]
    gaps = [0.12, 0.22, 0.22, 0.45, 0.12, 0.1, 0.12, 0.1]  # the sums' lines close together, Post-LN apart from Pre-LN
    for above, below, gap in zip(stack, stack[1:], gaps):
        below.next_to(above, DOWN, buff=gap)
    for ln in lines:  # the matrices in one column, each name right-aligned beside its matrix (and its token tag)
        ln.m.align_to(x.m, RIGHT)
        ln.left.next_to(ln.m.tags if hasattr(ln.m, "tags") else ln.m, LEFT, buff=0.3)
    stats.align_to(q.m, RIGHT)
    note.align_to(p.m, RIGHT)
    left_edge = min(ln.left.get_left()[0] for ln in lines)
    for head in (pre_head, post_head):
        head.set_x(left_edge + head.width / 2)
    pre, post = VGroup(pre_head, x, f, y), VGroup(post_head, q, stats, note, p)
    PANEL.fit(VGroup(pre, post))
    gone = list(scene.panel)
    scene.say("cap_why_rows")  # "Token a's row: the output minus x is exactly O's row ...": its own caption, once Z′ has been read
    # the handover: token a's rows of X_in, O and Z′ (the sum on screen) move into the lines x, F(LN(x)) and the output
    # as the rest of the sum leaves; the lines' names and brackets come in as the rows land (never an empty panel)
    # token a's rows are written out again, in place: nothing travels across the panel away from its matrix
    scene.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.5)) for m in gone),
               QuickFadeIn(pre, rate_func=window(0.4, 1.0)), run_time=1.0)
    scene.remove(*gone)
    scene.panel = [pre]
    # the path: x's row runs down the right-hand side from the input row to the output row, unchanged
    path = ArcBetweenPoints(x.m.get_right() + 0.15 * RIGHT, y.m.get_right() + 0.15 * RIGHT, angle=-1.6)
    path.set_stroke(pal.accent, width=4)
    scene.put(path, run_time=0.5)
    travel = fading_copy(x.m.body, x.m.body.copy().move_to(y.m.body), (0.8, 1.0), path_arc=-1.2)
    scene.add(travel.mobject)
    scene.play(travel, ShowPassingFlash(path.copy().set_stroke(width=8), time_width=0.6), run_time=1.4)
    scene.put(*(SurroundingRectangle(m.body, buff=0.08, color=pal.accent) for m in (f.m, y.m)), run_time=0.5)
    scene.play(Indicate(f.m, color=pal.accent, scale_factor=1.05), run_time=max(1.0, scene.cue_left() - 0.6))
    scene.show(showing=",".join(WHY_ROWS[:3]))
    scene.to_cue_saying("cue_why_post")  # "Post-LN outputs LN(x + F(x)) instead: the sum divided by its std ..."
    mean = scene.s("cue_why_mean")  # its mean and std come with the cue stating them (in the same cue if one states both)
    later = any(mean in text.replace("\n", "").replace(" ", "") for text, *_ in scene._queue)
    scene.put(post_head, q, *([] if later else [stats]), run_time=0.8)  # Post-LN's own sum, pointed at while its cue is read
    if later:
        scene.play(Indicate(q.m, color=post_c, scale_factor=1.06), run_time=max(1.0, min(3.0, scene.cue_left() - 0.3)))
        scene.to_cue_saying("cue_why_mean")  # "minus its mean, 1.55, and divided by its std, 0.79": they come as it is read
        scene.put(stats, run_time=0.5)
    scene.play(Indicate(stats, color=post_c, scale_factor=1.05), run_time=0.8)
    scene.put(note, run_time=0.4)
    # the output row appears in its place, the sum's row staying at full strength above it (Post-LN's rows are read
    # against each other): nothing slides over the statistics and the note between
    scene.emerge([], p.m, QuickFadeIn(p.left), put=[p], run_time=1.2)
    scene.to_cue_saying("cue_why_rescaled")  # "So the stream is rescaled in every block": the rescaled row, then the rule
    scene.play(Indicate(p.m, color=post_c, scale_factor=1.06), run_time=1.2)
    scene.play(Indicate(note, color=post_c, scale_factor=1.05), run_time=max(1.0, scene.cue_left() - 0.6))
    scene.show(showing=",".join(WHY_ROWS), post_sum1_mean=",".join(f"{v:.6g}" for v in d.post_sum1_mean),
               post_sum1_std=",".join(f"{v:.6g}" for v in d.post_sum1_std))
    read_with(scene, note, p.m, grow=1.0)  # the caption read to its end over Post-LN's row, then the rows make way
    # only Z′ comes back, the matrix the next step moves into its input: the rest of the sum does not flash in for the
    # next step to clear (the stacks over depth come after Y, scenes.prenorm.depth)
    done = list(scene.panel)
    scene.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.5)) for m in done),  # Z′ comes back as they go: no empty panel
               QuickFadeIn(scene.carry, rate_func=window(0.3, 0.8)), run_time=0.8)
    scene.remove(*done)
    scene.panel = []  # Z′ is on screen as scene.carry, which the next step's begin keeps (and detaches from the panel)
