"""prenorm_block's Post-LN section (mixed into scenes.prenorm_block.PrenormBlock), after the worked example's Y:
the same input and weights through Post-LN, LN(x + F(x)) (engine.postln, via the record's post_* fields).

Two lines, one under the other: Pre-LN's Y (the walkthrough's result, carried here, not rebuilt) with its rule
x + F(LN(x)), and Post-LN's output with LN(x + F(x)). Beside each, every row's mean and std. As the caption says
that every Post-LN row has mean 0 and std 1, those statistics come and are boxed; as it says Pre-LN never
normalises its skip line, the diagram's skip lines flash and Pre-LN's statistics (not 0 and 1) come and are boxed.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Indicate, ShowPassingFlash, SurroundingRectangle, VGroup

from scenes.parts.panel import row, rows
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL


class PrenormPostLN:
    """Needs what PrenormSteps needs; starts from the carried Y (step_residual2) and hands it on."""

    def row_stats(self, m, mean, std) -> VGroup:
        """Each row's mean and std (2 decimals, as the matrices) beside the matrix `m`, on its rows' lines,
        headed mean μ and std σ; .cells[r][k]."""
        pal = self.pal
        head = [self.txt(self.s(k), size=LABEL_TXT, color=pal.muted) for k in ("mean", "std")]
        body = [[self.mat([[v]], decimals=2, size=26).body[0] for v in (abs(mean[r]) if abs(mean[r]) < 5e-3 else mean[r], std[r])]
                for r in range(len(mean))]
        grid = VGroup(*head, *(c for line in body for c in line))
        grid.arrange_in_grid(rows=len(mean) + 1, cols=2, buff=(0.4, 0.2), col_alignments="rr")
        grid.next_to(m, RIGHT, buff=0.45)
        for r, cells in enumerate(body):  # each row's statistics on its row's line
            VGroup(*cells).set_y(m.row(r).get_y())
        for k in range(2):  # each header over its column
            head[k].next_to(body[0][k], UP, buff=0.2).align_to(body[0][k], RIGHT)
        grid.cells, grid.heads = body, VGroup(*head)
        return grid

    def postln_line(self, title: str, rule: str, values, mean, std, color):
        """title and rule above; the matrix (rows tagged by token) and its row statistics: (group, matrix, stats)."""
        m = self.mat(values, color=color, tokens="left")
        stats = self.row_stats(m, mean, std)
        head = row(self.txt(title, size=LABEL_TXT + 2, color=color), self.tex(rule, size=LABEL_TEX), buff=0.3)
        head.next_to(m, UP, buff=0.2).align_to(m.tags, LEFT)
        for k, h in enumerate(stats.heads):  # the statistics' headers on the title's line, each over its column
            h.match_y(head).align_to(stats.cells[0][k], RIGHT)
        return VGroup(head, m, stats), m, stats

    def step_postln(self):
        d, pal = self.data, self.pal
        self.begin("postln", "add2", "out", caption="cap_postln")
        pre, m_pre, s_pre = self.postln_line(self.s("pre_ln"), r"x + F(\mathrm{LN}(x))", d.Y, d.Y_mean, d.Y_std, pal.accent)
        post, m_post, s_post = self.postln_line(self.s("post_ln"), r"\mathrm{LN}(x + F(x))", d.post_Y, d.post_Y_mean,
                                                d.post_Y_std, pal.cool)
        PANEL.fit(rows(pre, post, buff=0.5))
        self.arrive(m_pre, pre[0], run_time=0.9)  # the walkthrough's Y moves up into the Pre-LN line
        self.show(showing="Y")
        self.put(post[0], m_post, run_time=0.9)  # Post-LN's output on the same numbers, under it
        self.show(showing="Y,post_Y")
        self.play(Indicate(post[0][1], color=pal.cool, scale_factor=1.06), run_time=1.0)  # where the norm sits
        self.until_cue(self.s("cue_post_rows"), point_at=post[0][1])  # "every row of its output has mean 0 and std 1"
        box_post = SurroundingRectangle(VGroup(*(c for line in s_post.cells for c in line)), buff=(0.18, 0.12),
                                        color=pal.cool)
        self.put(s_post, run_time=0.7)
        self.put(box_post, run_time=0.5)
        self.show(showing="Y,post_Y", post_Y_mean=",".join(f"{v:.6g}" for v in d.post_Y_mean),
                  post_Y_std=",".join(f"{v:.6g}" for v in d.post_Y_std))
        self.play(Indicate(s_post, color=pal.cool, scale_factor=1.0), run_time=1.2)  # colour only: boxed
        self.until_cue(self.s("cue_post_pre"), point_at=box_post)  # "Pre-LN never normalises its skip line": the skip lines, then its statistics
        self.play(*(ShowPassingFlash(self.path.skips[k].copy().set_stroke(pal.accent, width=8), time_width=0.6)
                    for k in ("add1", "add2")), run_time=1.4)
        box_pre = SurroundingRectangle(VGroup(*s_pre.cells[0]), buff=(0.18, 0.12), color=pal.accent)
        self.put(s_pre, run_time=0.7)
        self.put(box_pre, run_time=0.5)
        self.show(showing="Y,post_Y", Y_mean=",".join(f"{v:.6g}" for v in d.Y_mean),
                  Y_std=",".join(f"{v:.6g}" for v in d.Y_std))
        self.play(Indicate(m_pre.row(0), color=pal.accent, scale_factor=1.06), run_time=1.2)
        self.until_cue(self.cap["cap_postln"]["ps"], point_at=box_pre)  # token a's mean and std, read with them boxed
        self.play(Indicate(VGroup(*s_pre.cells[0]), color=pal.accent, scale_factor=1.0),  # colour only: boxed
                  run_time=max(1.0, self.cue_left() - 0.3))
        self.hand_on(m_pre)  # the walkthrough's Y goes on to the swap test
