"""The closing swap test of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §6),
as the scene's payoff, large and one pass at a time. The diagram steps aside and the whole width
holds one line: the words X (rows tagged a, b; the positions stay put at the left) → the block → Y.

P = 0: the rows of X trade places, and so do the rows of Y, as whole rows, numbers unchanged (the
largest change 0.00 is noted). With P: the rows of X trade places again and the rows of Y move with
them, then their numbers turn into the swapped pass's true outputs; the one entry that differs most
(engine: strings.largest_change) is enlarged and named with both of its values. The boxed
conclusion ends the scene (one summary; the caption says the same).
"""
from __future__ import annotations

from manim import DOWN, LEFT, PI, RIGHT, UP, Indicate, ReplacementTransform, SurroundingRectangle, VGroup

from look import fmt_num
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box, row
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.strings import TOKEN_NAMES, largest_change

DIGITS = 36  # digit cap height 4.7 % of the frame before fitting (>= 3.5 % once fitted)
NOTE = 30  # notes and tags (>= 3.2 % once fitted)
STAGE = Box(-SAFE_HALF_WIDTH, SAFE_HALF_WIDTH, 2.75, CONTENT_BOTTOM)  # the whole width: the diagram steps aside


class PrenormSwap:
    """Needs what PrenormSteps needs, and its carry (the block's output Y)."""

    def token_colors(self):
        pal = self.pal
        return (pal.series[4], pal.series[7], pal.series[1], pal.series[3])

    def tagged(self, values, tokens, decimals=2) -> VGroup:
        """A matrix with its rows coloured and tagged by token (tags at the left): .m, .tags."""
        colors = self.token_colors()
        m = self.mat(values, size=DIGITS, decimals=decimals, col_gap=0.34, row_gap=0.22, bracket_pad=0.3)
        tags = VGroup()
        for r, t in enumerate(tokens):
            m.row(r).set_color(colors[t])
            tags.add(self.txt(TOKEN_NAMES[t], size=NOTE + 4, color=colors[t]).next_to(m, LEFT, buff=0.2)
                     .set_y(m.row(r).get_y()))
        g = VGroup(tags, m)
        g.m, g.tags = m, tags
        return g

    def trade(self, *tables, run_time=1.4):
        """The rows of each table (and their tags) trade places as the swap orders them (the token at
        place p goes to the place the swapped pass gives it), seen moving; .place tracks each row."""
        order = list(self.data.swap_order)
        anims = []
        for g in tables:
            place = getattr(g, "place", list(range(len(order))))
            ys = sorted((g.m.row(r).get_y() for r in range(len(order))), reverse=True)  # the places, top down
            new = [order.index(p) for p in place]
            for r in range(len(order)):
                shift = ys[new[r]] - ys[place[r]]
                anims += [m.animate(path_arc=0.9 * PI).shift([0, shift, 0])  # the rows pass side by side
                          for m in (g.m.row(r), g.tags[r])]
            g.place = new
        self.play(*anims, run_time=run_time)

    def right_tags(self, g):
        """Move a table's token tags to its right (read as "a's output")."""
        for r, tag in enumerate(g.tags):
            tag.next_to(g.m, RIGHT, buff=0.2 * self._k).set_y(g.m.row(r).get_y())
        return g

    def block_arrow(self, label: str) -> VGroup:
        """→ with the block named above it, at the notes' size (the block is this arrow now)."""
        lab = self.txt(label, size=NOTE, color=self.pal.muted)
        ar = self.tex(r"\longrightarrow", size=40, color=self.pal.muted)
        ar.stretch_to_fit_width(max(lab.width + 0.1, 0.8))
        return VGroup(ar, lab.next_to(ar, UP, buff=0.06))

    def swap_line(self, Y, header: str, color, arrow_label: str):
        """header; position labels | X (tagged) → block → Y (tagged), fitted to the stage."""
        d, pal = self.data, self.pal
        T = d.X.shape[0]
        x = self.tagged(d.X, range(T), decimals=0)
        y = self.tagged(Y, range(T))
        pos = VGroup(*(self.txt(self.s("pos", p=p), size=NOTE, color=pal.muted) for p in range(T)))
        ar = self.block_arrow(arrow_label)
        line = row(pos, x, ar, y, buff=0.35)
        for p, lab in enumerate(pos):
            lab.set_y(x.m.row(p).get_y())
        self._k = 1.0
        self.right_tags(y)
        head = self.txt(header, size=NOTE + 2, color=color).next_to(line, UP, buff=0.35).align_to(line, LEFT)
        return VGroup(head, line), pos, x, ar, y

    def step_swap(self):
        d, pal = self.data, self.pal
        self.begin("swap", "input", "out", caption="cap_swap")
        gone = [self.path, *self.panel]  # the diagram and the block's output: the block becomes the arrow below
        self.play(*(QuickFadeOut(m) for m in gone), run_time=0.6)
        self.remove(*gone)
        self.panel, self.carry = [], None
        conclusion = self.txt(self.s("conclusion"), size=NOTE + 2, color=pal.accent)
        zero_head = self.s("p0")
        group, pos, x, ar, y = self.swap_line(d.zero_Y, zero_head, pal.cool, self.s("block"))
        note0 = self.txt(self.s("only_swap", c=fmt_num(d.zero_swap_change_max, 2)), size=NOTE, color=pal.cool)
        note0.next_to(group, DOWN, buff=0.35).align_to(group, RIGHT)  # under the outputs, inside the line's width
        if conclusion.width > STAGE.width:
            conclusion.scale_to_fit_width(STAGE.width)
        conclusion.move_to([0, STAGE.bottom + conclusion.height / 2 + 0.2, 0])
        whole = VGroup(group, note0)
        height = whole.height
        Box(STAGE.left, STAGE.right - 0.4, STAGE.top - 0.5, conclusion.get_top()[1] + 1.2).fit(whole)  # room: other
        # parameters' outputs may be wider than these
        self._k = whole.height / height  # the fit's scale: later pieces are built at it
        self.put(group[0], pos, x, ar, run_time=0.7)
        self.panel.append(y)
        self.play(QuickFadeIn(y), run_time=0.7)
        self.show(showing="X,zero_Y")
        self.wait(0.6)
        self.trade(x)  # the words trade places; the positions stay
        self.trade(y)  # with P = 0 the outputs trade places, numbers unchanged
        self.show(showing="X,zero_Y_swapped", zero_swap_change_max=d.zero_swap_change_max)
        self.put(note0, run_time=0.6)
        self.say("cap_close")  # "Now with P.": the same line, the outputs of the pass with positions
        k = self._k
        head_p = self.txt(self.s("withp"), size=NOTE + 2, color=pal.accent).scale(k)
        head_p.move_to(group[0], aligned_edge=LEFT)
        ar_p = self.block_arrow(self.s("block_p")).scale(k).move_to(ar)
        yp = self.tagged(d.p_Y, range(d.X.shape[0]))
        yp.scale(k)
        yp.m.move_to(y.m)
        self.right_tags(yp)
        self.trade(x, run_time=0.8)  # back to a, b
        self.play(QuickFadeOut(y), QuickFadeOut(group[0]), QuickFadeOut(ar),
                  note0.animate.next_to(head_p, RIGHT, buff=0.8 * k).align_to(head_p, DOWN), run_time=0.6)
        self.panel = [m for m in self.panel if m is not y and m is not group[0] and m is not ar]
        self.put(head_p, ar_p, yp, run_time=0.8)
        self.show(showing="X,p_Y")
        self.next_cue()  # "the words trade places as before, and the outputs move with them"
        self.trade(x, yp)
        self.changed_entries(yp)  # … then turn into the swapped pass's true outputs
        self.next_cue()  # "that is what P adds": the conclusion, on screen to the end
        box = SurroundingRectangle(conclusion, buff=0.15, color=pal.accent)
        self.put(box, conclusion, run_time=0.7)
        self.panel.append(VGroup(conclusion, box))

    def changed_entries(self, yp):
        """The moved rows' numbers turn into the swapped pass's outputs (Y_swapped, rows in sequence
        order); the entry that differs most is enlarged, boxed and named with its two values."""
        d, pal = self.data, self.pal
        order = d.swap_order
        r, k = largest_change(d)  # the swapped pass's row r (token order[r]), column k
        true = self.tagged(d.Y_swapped, order)
        true.scale(self._k)
        true.m.move_to(yp.m)  # the same place and size as the moved table
        value = self.cap["cap_close"]["c"]
        if value not in self.cues_log[-1]["text"]:
            self.until_cue(value)  # the cue giving the change
        olds, news = [], []
        for place, t in enumerate(order):
            for c in range(d.Y_swapped.shape[1]):
                olds.append(yp.m.cell(t, c))
                news.append(true.m.cell(place, c))
        self.play(*(ReplacementTransform(o, n) for o, n in zip(olds, news)),
                  ReplacementTransform(yp.m.brackets, true.m.brackets), run_time=0.9)
        yp.remove(yp.m)
        self.remove(yp.m, *olds)
        self.add(true.m)
        yp.add(true.m)
        yp.m = true.m
        cell = true.m.cell(r, k)
        before = fmt_num(d.p_Y[order[r], k], 2)
        name = self.txt(self.s("largest", t=TOKEN_NAMES[order[r]], k=k, a=before, b=fmt_num(d.Y_swapped[r, k], 2),
                               c=value), size=NOTE + 6, color=pal.accent).scale(self._k)
        name.next_to(yp, DOWN, buff=0.35).align_to(yp, RIGHT)
        if name.width > STAGE.width:
            name.scale_to_fit_width(STAGE.width)
        name.shift([min(0.0, STAGE.right - name.get_right()[0]) + max(0.0, STAGE.left - name.get_left()[0]), 0, 0])
        mark = SurroundingRectangle(cell.copy().scale(1.3), buff=0.06, color=pal.accent)
        self.panel += [mark, name]
        self.play(cell.animate.scale(1.3), QuickFadeIn(mark), QuickFadeIn(name), run_time=0.5)
        self.show(showing="X,Y_swapped", swap_change_max=d.swap_change_max,
                  swap_change_at=f"{TOKEN_NAMES[order[r]]},{k}")
        self.play(Indicate(cell, color=pal.accent, scale_factor=1.1), run_time=0.8)
