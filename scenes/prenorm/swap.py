"""The closing swap test of prenorm_block (mixed into scenes.prenorm_block.PrenormBlock; seed 000 §6),
as the scene's payoff, large. The diagram steps aside and the whole width holds two labelled lines, one
under the other: the words X (rows tagged a, b; the positions stay put at the left) → the block → Y.

P = 0 (upper line): the rows of X trade places, and so do the rows of Y, as whole rows, numbers
unchanged (the largest change 0.00 is noted): without P the block cannot tell which token came first. With P (lower line): the old outputs move down under the
line and stay, labelled "before the swap", while the rows of X trade places and the swapped pass's true
outputs come in where they stood (never the old rows moved); the entry that differs most (engine:
strings.largest_change) is boxed in both tables and named with both of its values.
The boxed conclusion ends the scene (one summary; the caption says the same).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Indicate, SurroundingRectangle, UpdateFromAlphaFunc, VGroup, rush_from, smooth, there_and_back

from look import fmt_num
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box, row
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import parts, window
from scenes.prenorm.strings import TOKEN_NAMES, largest_change

DIGITS = 36  # digit cap height 4.7 % of the frame before fitting (>= 3.5 % once fitted)
NOTE = 30  # notes and tags (>= 3.2 % once fitted)
OLD_GAP = 0.2  # between the new outputs and the old ones moved under them: the glow round the new clears the old
CLEAR = 0.15  # the old outputs' lowest digits stay this far above the caption band
STAGE = Box(-SAFE_HALF_WIDTH, SAFE_HALF_WIDTH, 2.75, CONTENT_BOTTOM)  # the whole width: the diagram steps aside


def sliders(start: list, end: list) -> set:
    """The rows (by index) that slide up to their new place in full view: a row going up whose way is clear (no
    row that keeps its place stands between, no other sliding row shares any of its places). Every other
    moving row fades out before they slide and comes back at its new place after they have landed."""
    chosen, taken = set(), set()
    still = {start[r] for r in range(len(start)) if start[r] == end[r]}
    for r in sorted(range(len(start)), key=lambda r: start[r] - end[r]):  # the shortest ways first
        if end[r] >= start[r]:
            continue
        way = set(range(end[r], start[r] + 1))
        if way & taken or way & still:
            continue
        chosen.add(r)
        taken |= way
    return chosen


def row_pass(row, tag, dy: float, *, slide: bool, out=(0.0, 0.3), move=(0.3, 0.7), back=(0.7, 1.0)):
    """A matrix row (and its tag) goes `dy` up or down, always at full size: `slide`, it glides there over
    `move` (the rows it passes have faded out by then); else it fades out over `out`, and fades back in at
    its new place over `back`, after the sliding rows have left it. Two rows never print over each other."""
    mob = VGroup(row, tag)
    mob.save_state()
    inks = [c.glyphs for c in row] + [tag]

    def part(a, span):
        return smooth(min(1.0, max(0.0, (a - span[0]) / (span[1] - span[0]))))

    def step(m, a):
        m.restore()
        if slide:
            m.shift([0.0, dy * part(a, move), 0.0])
            return
        if a >= move[0]:
            m.shift([0.0, dy, 0.0])
        seen = 1.0 - part(a, out) if a < move[0] else part(a, back)
        for ink in inks:
            ink.set_fill(opacity=seen)

    return UpdateFromAlphaFunc(mob, step)


class PrenormSwap:
    """Needs what PrenormSteps needs, and its carry (the block's output Y)."""

    def token_colors(self):
        """Token a, b, c, d: series 4 and 5 (light: navy and a lighter violet; dark: sky blue and violet),
        far apart in lightness as well as hue, so they stay apart from the back row; neither is a head's."""
        pal = self.pal
        return (pal.series[4], pal.series[5], pal.series[1], pal.series[3])

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

    def trade(self, *tables, run_time=1.4, also=()):
        """The rows of each table (and their tags) trade places as the swap orders them (the token at
        place p goes to the place the swapped pass gives it), seen moving; .place tracks each row.
        Every row keeps its full size: the rows going up slide into the places the others have
        left (those fade out first and come back at their new places), never two rows' digits on one line."""
        order = list(self.data.swap_order)
        anims = []
        for g in tables:
            place = getattr(g, "place", list(range(len(order))))
            ys = sorted((g.m.row(r).get_y() for r in range(len(order))), reverse=True)  # the places, top down
            new = [order.index(p) for p in place]
            slide = sliders(place, new)
            for r in range(len(order)):
                if new[r] != place[r]:
                    anims += [row_pass(g.m.row(r), g.tags[r], ys[new[r]] - ys[place[r]], slide=r in slide)]
            g.place = new
        self.play(*anims, *also, run_time=run_time)

    def right_tags(self, g):
        """Move a table's token tags to its right (read as "a's output")."""
        for r, tag in enumerate(g.tags):
            tag.next_to(g.m, RIGHT, buff=0.3 * self._k).set_y(g.m.row(r).get_y())
        return g

    def block_arrow(self, label: str, width: float = 0.0) -> VGroup:
        """→ with the block named above it, at the notes' size (the block is this arrow now); `width`:
        the same length on both lines, so their outputs stand column under column."""
        lab = self.txt(label, size=NOTE, color=self.pal.muted)
        ar = self.tex(r"\longrightarrow", size=40, color=self.pal.muted)
        ar.stretch_to_fit_width(max(lab.width + 0.1, 0.8, width))
        return VGroup(ar, lab.next_to(ar, UP, buff=0.06))

    def swap_line(self, Y, header: str, color, arrow_label: str, width: float):
        """header; position labels | X (tagged) → block → Y (tagged, tags at its right), unscaled."""
        d, pal = self.data, self.pal
        T = d.X.shape[0]
        x = self.tagged(d.X, range(T), decimals=0)
        y = self.tagged(Y, range(T))
        pos = VGroup(*(self.txt(self.s("pos", p=p), size=NOTE, color=pal.muted) for p in range(T)))
        ar = self.block_arrow(arrow_label, width)
        line = row(pos, x, ar, y, buff=0.45)
        for p, lab in enumerate(pos):
            lab.set_y(x.m.row(p).get_y())
        self._k = 1.0
        self.right_tags(y)
        head = self.txt(header, size=NOTE + 2, color=color).next_to(line, UP, buff=0.22).align_to(line, LEFT)
        return VGroup(head, line), pos, x, ar, y

    def kept_copy(self, y, spot):
        """The P = 0 outputs before the swap, kept (rows tagged and coloured by token) in the empty second
        line under the outputs (`spot`: that line's output, not yet shown), labelled "before the swap" at their left."""
        y0 = self.tagged(self.data.zero_Y, range(len(y.tags))).scale(self._k)
        y0.m.move_to(spot.m)
        self.right_tags(y0)
        label = self.txt(self.s("before_swap"), size=NOTE, color=self.pal.cool).scale(self._k)
        label.next_to(y0.m, LEFT, buff=0.35 * self._k)
        return y0, label

    def after_label(self, y):
        """"after the swap" for the swapped outputs `y` of the upper line: right under that matrix, centred on it
        (much nearer to it than to the kept copy below), clear of the block's arrow."""
        after = self.txt(self.s("after_swap"), size=NOTE, color=self.pal.cool).scale(self._k)
        after.next_to(y.m, DOWN, buff=0.1 * self._k)
        return after

    def glow(self, *mobs, color, run_time=1.2):
        """A box round each of `mobs` that fades in and out whole (a box drawn as a passing flash ends on a
        short piece at its corner, read as a tick on the bracket)."""
        boxes = [SurroundingRectangle(m, buff=0.05, color=color).set_stroke(opacity=0.0) for m in mobs]
        self.add(*boxes)
        self.play(*(b.animate(rate_func=there_and_back).set_stroke(opacity=1.0) for b in boxes), run_time=run_time)
        self.remove(*boxes)

    def step_swap(self):
        """Two labelled lines, one under the other: P = 0 above, with P below; both stay to the end."""
        d, pal = self.data, self.pal
        self.begin("swap", "input", "out", caption="cap_swap")
        carry, self.carry = self.carry, None  # the block's output Y: it moves to its place in the swap lines
        gone = [self.path, *(m for m in self.panel if m is not carry)]  # the diagram: the block becomes the arrow below
        conclusion = self.txt(self.s("conclusion"), size=NOTE + 2, color=pal.accent)
        width = max(self.txt(self.s(k), size=NOTE).width for k in ("block", "block_p")) + 0.1
        zero, pos, x, ar, y = self.swap_line(d.zero_Y, self.s("p0"), pal.cool, self.s("block"), width)
        withp, pos_p, xp, ar_p, yp = self.swap_line(d.p_Y, self.s("withp"), pal.accent, self.s("block_p"), width)
        note0 = self.txt(self.s("only_swap", c=fmt_num(d.zero_swap_change_max, 2)), size=NOTE + 2, color=pal.cool)
        r, k = largest_change(d)  # the swapped pass's row r (token order[r]), column k
        order = d.swap_order
        value = self.cap["cap_close"]["c"]
        name = self.txt(self.s("largest", t=TOKEN_NAMES[order[r]], k=k, a=fmt_num(d.p_Y[order[r], k], 2),
                               b=fmt_num(d.Y_swapped[r, k], 2), c=value), size=NOTE + 2, color=pal.accent)
        withp.next_to(zero, DOWN, buff=0.25).align_to(zero, LEFT)
        for note, group in ((note0, zero), (name, withp)):  # each case's finding on its own header line,
            note.align_to(group, RIGHT).match_y(group[0])  # right-aligned over the outputs it speaks of
        if conclusion.width > STAGE.width:
            conclusion.scale_to_fit_width(STAGE.width)
        conclusion.move_to([0, STAGE.bottom + conclusion.height / 2 + 0.3, 0])  # clear of the caption
        whole = VGroup(zero, note0, withp, name)
        height = whole.height
        # room kept under the with-P outputs for the old ones (new_outputs moves them there at full size)
        room = yp.m.copy().next_to(yp.m, DOWN, buff=OLD_GAP)
        Box(STAGE.left, STAGE.right - 0.3, STAGE.top - 0.2, CONTENT_BOTTOM + CLEAR).fit(VGroup(whole, room))
        self._k = whole.height / height  # the fit's scale: later pieces are built at it
        home = next((g for g, v in ((yp, d.p_Y), (y, d.zero_Y)) if np.allclose(v, d.Y)), None)  # the line whose output is Y
        # the diagram (and Y, unless it is this line's output) has left before the P = 0 line comes in: the line's
        # arrow and its label never lie over the fading boxes or Y's digits
        leaving = gone + ([carry] if carry is not None and home is not y else [])  # the with-P Y waits off screen until "Now with P"
        self.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.45)) for m in leaving),
                  *(QuickFadeIn(m, rate_func=window(0.55, 1.0)) for m in (zero[0], pos, x, ar)),
                  run_time=0.9)  # the title has named the test since the block came back (depth_stack)
        self.remove(*leaving)
        self.panel = [zero[0], pos, x, ar]
        if home is y and carry is not None:  # a pass with P = 0: Y's entries travel to their places in its line
            self.flow(list(carry), parts(y.m), QuickFadeIn(y.tags), put=[y], run_time=1.0)
            self.remove(carry)
        if home is not y:
            self.panel.append(y)
            self.play(QuickFadeIn(y), run_time=0.6)
        self.show(showing="X,zero_Y")
        # the outputs before the swap move down and stay, labelled, as the reference, before the cue on them
        y0, before = self.kept_copy(y, yp)
        after = self.after_label(y)
        self.panel += [y0, before, note0, after]
        ghost = VGroup(y.m.copy(), y.tags.copy())
        self.add(ghost)
        # fast off the original, slow into place: the copy never sits a few pixels off Y (a doubled print)
        self.play(ghost.animate(rate_func=rush_from).move_to(VGroup(y0.m, y0.tags)), QuickFadeIn(before), run_time=0.9)
        self.remove(ghost)
        self.add(y0)
        self.show(showing="X,zero_Y")
        # the words trade places (the positions stay) and the block's outputs with them, in one move: the rows keep
        # their token's colour, "after the swap" under them; never the swapped words beside the old outputs
        self.trade(x, y, run_time=1.2, also=[QuickFadeIn(after, rate_func=window(0.5, 1.0))])
        self.show(showing="X,zero_Y_swapped,zero_Y")
        if self.cue_left() > 1.2:  # "keep the positions": the position labels, which stayed, pointed at while it is read
            self.play(Indicate(pos, color=pal.cool, scale_factor=1.08), run_time=self.cue_left() - 0.2)
        self.until_cue("P=0")  # "with P = 0 the outputs only swap places": its finding comes with it
        self.play(QuickFadeIn(note0), run_time=0.5)  # numbers unchanged: the largest change, 0.00
        self.show(showing="X,zero_Y_swapped,zero_Y", zero_swap_change_max=d.zero_swap_change_max)
        self.glow(y.m, y0.m, color=pal.cool, run_time=1.2)
        T = d.X.shape[0]
        each = (self.cue_left() - 0.2) / T
        for r in range(T if each >= 0.6 else 0):  # while the cue is read: each token's output after the swap, then before
            tint = self.token_colors()[r]
            self.play(*(Indicate(m, color=tint, scale_factor=1.06) for m in (y.m.row(r), y.tags[r])), run_time=each / 2)
            self.play(*(Indicate(m, color=tint, scale_factor=1.06) for m in (y0.m.row(r), y0.tags[r])), run_time=each / 2)
        self.play(Indicate(note0, color=pal.cool, scale_factor=1.05), run_time=max(1.0, self.cue_left() - 0.1))
        self.next_cue()  # "so without P nothing in the block knows which token came first": the kept copy and the
        self.panel = [m for m in self.panel if all(m is not g for g in (y0, before, after))]  # labels "before/after the
        self.play(QuickFadeOut(y0), QuickFadeOut(before), QuickFadeOut(after), run_time=0.4)  # swap" leave first, then
        self.remove(y0, before, after)
        # where the kept copy stood, the next line's words come in ("without P ..."; its outputs wait for "Now with P")
        self.put(withp[0], pos_p, xp, ar_p, run_time=0.8)
        self.say("cap_close")  # "Now with P.": the second line's outputs, the pass with positions
        self.put(yp, run_time=0.8)
        self.show(showing="X,p_Y,zero_Y")
        if self.variant["cap_close"] == "cap_close_walk":  # "before the swap, its outputs are the Y worked out above"
            self.to_cue_saying("cue_walk_y")
            self.play(Indicate(yp.m, color=pal.accent, scale_factor=1.06), run_time=max(1.2, self.cue_left() - 0.3))  # while it is read
        self.next_cue()  # "the words trade places as before, but the outputs are new numbers"
        old, before_p = self.new_outputs(xp, yp)
        self.show(showing="X,Y_swapped,p_Y,zero_Y")
        self.glow(yp.m, color=pal.accent, run_time=1.4)  # new numbers, not moved ones
        self.until_cue(value)  # the cue giving the change: its entry boxed in both tables and named with both values
        cell, was = yp.m.cell(r, k), old.m.cell(order[r], k)  # the old table's rows are in token order
        marks = [SurroundingRectangle(c, buff=0.08, color=pal.accent) for c in (cell, was)]
        self.panel += [*marks, name]
        self.play(*(QuickFadeIn(m) for m in marks), QuickFadeIn(name), run_time=0.5)
        self.show(showing="X,Y_swapped,p_Y,zero_Y", swap_change_max=d.swap_change_max,
                  swap_change_at=f"{TOKEN_NAMES[order[r]]},{k}")
        self.play(Indicate(was, color=pal.accent, scale_factor=1.0), Indicate(cell, color=pal.accent, scale_factor=1.0),
                  run_time=1.4)  # colour only: a grown entry would reach through its box
        self.play(Indicate(name, color=pal.accent, scale_factor=1.04), run_time=1.2)
        self.until_cue(self.s("cue_adds"))  # "that is what P adds": the conclusion comes with it, on screen to the end
        leave = (old, before_p, marks[1])  # the old outputs make room for it (the note above keeps both values)
        self.panel = [m for m in self.panel if all(m is not g for g in leave)]
        self.play(*(QuickFadeOut(m) for m in leave), run_time=0.4)
        self.remove(*leave)
        box = SurroundingRectangle(conclusion, buff=(0.3, 0.18), color=pal.accent)  # the last "。" clear of the border
        self.put(box, conclusion, run_time=0.7)
        self.panel.append(VGroup(conclusion, box))
        self.play(Indicate(conclusion, color=pal.accent, scale_factor=1.03), run_time=1.0)  # then the block itself (scenes.prenorm.ending)

    def new_outputs(self, xp, yp):
        """With P the swapped pass computes new numbers: the old outputs move down under their line and stay,
        labelled "before the swap"; as the words trade places the true Y_swapped (rows in sequence order, tagged by
        token) comes in where they stood, so each entry can be read against the old one. Returns (old, label)."""
        d, pal = self.data, self.pal
        true = self.tagged(d.Y_swapped, d.swap_order)  # (T, d): row p = the token now at place p
        true.scale(self._k)
        true.m.move_to(yp.m)
        self.right_tags(true)
        old = VGroup(yp.tags, yp.m)
        old.m, old.tags = yp.m, yp.tags
        gap = OLD_GAP * self._k  # the room step_swap kept: the old outputs at full size, clear of the caption
        room = yp.m.get_bottom()[1] - gap - (CONTENT_BOTTOM + CLEAR)
        fit, drop = min(1.0, room / yp.m.height), DOWN * (yp.m.height + gap)
        target = yp.m.copy().scale(fit, about_edge=UP).shift(drop)  # the matrix only: its tags keep their size
        label = self.txt(self.s("before_swap"), size=NOTE, color=pal.accent).scale(self._k)
        label.next_to(target, LEFT, buff=0.35 * self._k)
        tags = yp.tags.copy()
        for r, tag in enumerate(tags):
            tag.next_to(target, RIGHT, buff=0.3 * self._k).set_y(target.row(r).get_y())
        self.panel += [label]
        down = window(0.0, 0.45)  # the old outputs step down as the words start to trade, the new ones come in after
        self.trade(xp, also=[yp.m.animate(rate_func=down).scale(fit, about_edge=UP).shift(drop),
                             yp.tags.animate(rate_func=down).become(tags), QuickFadeIn(label, rate_func=down),
                             QuickFadeIn(true, rate_func=window(0.45, 1.0))], run_time=1.4)
        yp.remove(*yp.submobjects)
        yp.add(true.tags, true.m)
        self.remove(true)  # the new outputs belong to yp (its line), which leaves with the line
        self.add(yp, old)
        yp.m, yp.tags = true.m, true.tags
        self.panel.append(old)
        return old, label
