"""prenorm_block's Post-LN section (mixed into scenes.prenorm_block.PrenormBlock), after the worked example's Y:
the same input and weights through Post-LN, LN(x + F(x)) (engine.postln, via the record's post_* fields).

As the section opens, the block diagram is redrawn as Post-LN: each LayerNorm moves to just after its add (x →
attention → add → LN → FFN → add → LN) and the second skip line taps the first LayerNorm's output. Pre-LN's Y (the
walkthrough's result, carried here, not rebuilt) stands on the top line with its rule x + F(LN(x)); under it
Post-LN's output is built: Z (its first add, normalised) + F, the feed-forward layer on Z, added row by row into
Z + F with each row's mean and std beside it; then, row by row, LayerNorm turns each row into Y's and its mean and
std into 0.00 and 1.00, which are boxed. As the caption says Pre-LN never normalises its skip line, the diagram goes
back to Pre-LN, its skip lines flash and Pre-LN's statistics (not 0 and 1) come and are boxed.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Indicate, ReplacementTransform, ShowPassingFlash, SurroundingRectangle, VGroup, there_and_back

from scenes.parts.panel import row, rows
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.colours import post_color
from scenes.prenorm.steps import LABEL_TEX, LABEL_TXT, PANEL, window

# Post-LN's block, top to bottom by each row's first key: each LayerNorm just after its add, the second skip line
# tapping the first LayerNorm's output
POST_ORDER = ("input", "head1", "concat", "add1", "ln1", "ffn", "add2", "ln2", "out")
POST_SKIPS = (("input", "add1"), ("ln1", "add2"))
ORDER_DONE = ("input", "ln1", "head1", "head2", "concat", "add1", "ln2", "ffn")


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
        head.next_to(m, UP, buff=0.1).align_to(m.tags, LEFT)
        for k, h in enumerate(stats.heads):  # the statistics' headers on the title's line, each over its column
            h.match_y(head).align_to(stats.cells[0][k], RIGHT)
        return VGroup(head, m, stats), m, stats

    def post_morph(self, to_post: bool, *others, run_time=1.4):
        """The block diagram redrawn as Post-LN (each LayerNorm moved to just after its add, the second skip line
        tapping the first LayerNorm's output), or back to Pre-LN: the old drawing fades out and the new one fades in."""
        path = self.path
        if to_post:
            self._pre_path = path.copy()
        target = self.block_diagram(path.get_left()[0], order=POST_ORDER, skips=POST_SKIPS) if to_post else self._pre_path
        if to_post:
            for key, node in target.nodes.items():  # each box keeps its colour and state: only its place changes
                node.shape.match_style(path.nodes[key].shape)
                node.label.match_style(path.nodes[key].label)
            for key, line in target.skips.items():
                line.match_style(path.skips[key])
            target.arrows.match_style(path.arrows)
        # the old diagram leaves, then the new one is drawn in its place: moved box by box through each other, the
        # boxes would pile up and their labels cross; each part keeps its identity (the lit state follows it)
        self.play(QuickFadeOut(path), run_time=0.5)
        for k in path.nodes:
            path.nodes[k].shape.become(target.nodes[k].shape)
            path.nodes[k].label.become(target.nodes[k].label)
        for k in path.skips:
            path.skips[k].become(target.skips[k])
        for a, b in zip(path.arrows, target.arrows):
            a.become(b)
        self.play(QuickFadeIn(path), *others, run_time=max(0.7, run_time - 0.5))

    def step_postln(self):
        d, pal = self.data, self.pal
        post_c = post_color(pal)  # Post-LN's one colour (scenes.prenorm.colours)
        self.begin("postln", "add2", "out", caption="cap_postln")
        pre, m_pre, s_pre = self.postln_line(self.s("pre_ln"), r"x + F(\mathrm{LN}(x))", d.Y, d.Y_mean, d.Y_std, pal.accent)
        # Post-LN's last add built on screen: Z (its first add, normalised) + F = the sum, then each row of it normalised
        z, f = (self.mat(v, color=post_c, col_gap=0.19) for v in (d.post_Z, d.post_F))  # the columns apart, the line no wider:  # rows named once, on the sum below
        adds = row(self.named(z, "Z", color=post_c), self.op("+"), self.named(f, "F", color=post_c), buff=0.09)  # closer "+"
        post, m_sum, s_sum = self.postln_line(self.s("post_ln"), r"\mathrm{LN}(x + F(x))", d.post_sum, d.post_sum_mean,
                                              d.post_sum_std, post_c)
        sum_name = self.tex("Z + F", size=LABEL_TEX, color=post_c)
        post_head = post[0]
        adds.next_to(post_head, DOWN, buff=0.08).align_to(post_head, LEFT)
        VGroup(m_sum, s_sum).next_to(adds, DOWN, buff=0.12).align_to(adds, LEFT).shift(RIGHT * 0.3)
        sum_name.next_to(m_sum.tags, LEFT, buff=0.25)
        for k, h in enumerate(s_sum.heads):  # the statistics' headers stay over their columns
            h.next_to(s_sum.cells[0][k], UP, buff=0.2).align_to(s_sum.cells[0][k], RIGHT)
        m_y = self.mat(d.post_Y, color=post_c, tokens="left").align_to(m_sum, LEFT).match_y(m_sum)
        s_y = self.row_stats(m_y, d.post_Y_mean, d.post_Y_std)
        for r, cells in enumerate(s_y.cells):  # the normalised row's statistics land where the sum's were
            for k, c in enumerate(cells):
                c.align_to(s_sum.cells[r][k], RIGHT).match_y(s_sum.cells[r][k])
        for k, h in enumerate(s_y.heads):
            h.move_to(s_sum.heads[k])
        y_name = self.tex("Y", size=LABEL_TEX, color=post_c).move_to(sum_name).align_to(sum_name, RIGHT)
        PANEL.fit(rows(pre, VGroup(post_head, adds, m_sum, s_sum, sum_name, m_y, s_y, y_name), buff=0.1))
        self.arrive(m_pre, pre[0], run_time=0.9)  # the walkthrough's Y moves up into the Pre-LN line
        self.show(showing="Y")
        # the diagram becomes Post-LN (LayerNorm after each add) while Z and F, the terms of its last add, come under its name
        self.post_morph(True, QuickFadeIn(post_head), QuickFadeIn(adds, rate_func=window(0.4, 1.0)), *self.new_title("title_postln"))
        self.title_done()
        self.panel += [post_head, adds]
        self.show(showing="Y,post_Z,post_F")
        self.path.light("ln1", "ln2", done=tuple(k for k in self.path.nodes if k not in ("ln1", "ln2")))
        self.play(*(Indicate(self.path.nodes[k], color=post_c, scale_factor=1.08) for k in ("ln1", "ln2")),
                  Indicate(post_head[1], color=post_c, scale_factor=1.06), run_time=1.2)
        # "The last add, Z + F, goes row by row; token a's sum has mean …": token a's row of the sum, with its mean and std,
        # is drawn by the time that cue comes up (a value is never said before it is on screen)
        self.until_cue(self.s("cue_post_add"), before=1.2, point_at=adds)
        self.path.light("add2", done=tuple(k for k in self.path.nodes if k != "add2"))
        T = m_sum.shape[0]
        self.show(showing="Y,post_Z,post_F,post_sum", post_sum_mean=",".join(f"{v:.6g}" for v in d.post_sum_mean),
                  post_sum_std=",".join(f"{v:.6g}" for v in d.post_sum_std))  # token a's row and statistics come first
        for r in range(T):  # each row of the sum with its mean and std, as its two terms are pointed at (a play a row)
            first = [QuickFadeIn(m, rate_func=window(0.0, 0.2))
                     for m in (m_sum.brackets, m_sum.tags, sum_name, s_sum.heads)] if r == 0 else []
            self.play(*first, *(QuickFadeIn(m, rate_func=window(0.2, 0.75)) for m in (m_sum.row(r), *s_sum.cells[r])),
                      *(Indicate(m.row(r), color=pal.accent, scale_factor=1.08) for m in (z, f)), run_time=1.2)
            if r == 0:
                self.next_cue()  # token a's sum and its statistics are on screen: the cue that states them
        self.panel += [m_sum, sum_name, s_sum]
        self.until_cue(self.s("cue_post_rows"), point_at=s_sum)  # "Then LayerNorm normalises each row in turn"
        self.path.light("ln2", done=tuple(k for k in self.path.nodes if k != "ln2"))
        step = max(0.8, (self.cue_left() - 0.1) / T - 0.3)  # the rows normalised while that cue is up
        for r in range(T):  # row by row: its entries become the normalised ones, its mean and std go to 0 and 1
            # each number fades out and its normalised value fades in at its place: digits never morph into digits
            pairs = [(m_sum.cell(r, c), m_y.cell(r, c)) for c in range(m_sum.shape[1])] + list(zip(s_sum.cells[r], s_y.cells[r]))
            if r == 0:
                pairs.append((sum_name, y_name))
            moves = [anim for a, b in pairs for anim in (QuickFadeOut(a, rate_func=window(0.0, 0.45)),
                                                         QuickFadeIn(b, rate_func=window(0.4, 1.0)))]
            if r == 0:
                moves.append(ReplacementTransform(m_sum.brackets, m_y.brackets))  # the brackets only stretch
            self.play(*moves, run_time=step)
            self.wait(0.3)
        # the sum's pieces left in the scene (its tags, headers), and the normalised pieces added one by one, give way to Y whole
        self.remove(*m_sum.get_family(), *s_sum.get_family(), *sum_name.get_family(), *s_y.get_family(), *m_y.get_family(),
                    *y_name.get_family())
        self.add(m_y, s_y, y_name)
        self.panel = [p for p in self.panel if p is not m_sum and p is not sum_name and p is not s_sum] + [m_y, s_y, y_name]
        self.show(showing="Y,post_Z,post_F,post_Y", post_Y_mean=",".join(f"{v:.6g}" for v in d.post_Y_mean),
                  post_Y_std=",".join(f"{v:.6g}" for v in d.post_Y_std))
        box_post = SurroundingRectangle(VGroup(*(c for line in s_y.cells for c in line)), buff=(0.18, 0.12), color=post_c)
        self.until_cue(self.s("cue_post_claim"))  # "Every row now has mean 0.00 and std 1.00": said as the box comes
        self.put(box_post, run_time=0.5)
        self.play(Indicate(s_y, color=post_c, scale_factor=1.0), run_time=1.0)  # colour only: boxed
        self.until_cue(self.s("cue_post_pre"), point_at=box_post, point_color=post_c)  # "Pre-LN never normalises its skip line": back to Pre-LN
        self.path.light("add2", "out", done=tuple(ORDER_DONE))
        self.post_morph(False, *self.new_title("title"), run_time=1.2)  # the Pre-LN diagram under the Pre-LN title (a title naming both left the closing title's maths at 2.95 % of the frame height)
        self.title_done()
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
        self.hand_on(m_pre)  # the walkthrough's Y goes on to the depth section
