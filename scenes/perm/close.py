"""The permutation scene's last steps (scenes/perm/ending.py; seed 001 lesson 5 station 1, seed 002 §01
图 2): the words have been swapped back with p staying at its place, and both tables are on screen.

The picture keeps the position numbers, the word boxes and every word's x + p in view to the end; only
the output strips (scenes.perm.strips) are redrawn as outlines (the carried ones). One cell is opened
(dog moved from position 3 to 1: both numbers framed) and dog's fresh output, the first blue strip,
comes under its carried outline as its score change is said, the legend naming blue with it; then the
place that kept its word (bites at 2, same score); then every fresh output, each word's largest change
framed on its strip, the measured check where the carried table stood, each word's largest change as a
number, and a card with what was shown.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, BackgroundRectangle, Create, FadeIn, FadeOut, Flash, GrowArrow, \
    SurroundingRectangle, Transform, VGroup, smooth

from look import fmt_num
from scenes.perm.inset import cell_frame, padded_box, pitch, snug_box
from scenes.perm.layout import INSET, MAIN, TEX, TEXT, Y_IN, Y_NOTE, Y_OUT

FORMULA = 1.3  # the opened cell's formula, larger than TEX so its subscripts stay above 3 % of the frame


def grow(f):
    return GrowArrow(f[0]) if hasattr(f[0], "tip") else FadeIn(f)


class Close:
    """Mixin: close() ends Ending.positions (a LectureScene with the Steps and Ending mixins)."""

    def close(self, row, rev, back, ei, note_pos, dev_pe, cells, names, afresh):
        pal = self.pal
        # the line naming rows and columns leaves (both tables name theirs) and the tables rise into its
        # room: the lower table stands clear of the legend and the caption
        lift = VGroup(ei.b, afresh, ei.pe_b)
        legend, _ = self.apart(rev, back, row, note_pos, dev_pe, lift=(lift, names[1]))
        names = names[0]
        fresh = self.fresh_strips(back, rev.out_pe_b, self.unit_out, outline=False)  # order b afresh, place by place
        for f in fresh:  # solid, under the carried outlines and inside them
            f.set_z_index(-1)
        why, first = self.moved_cell(back, row, rev, ei, fresh, legend)
        self.caption(self.s("cap_pe_out", **self.moved_most(rev)))
        rest = [f for j, f in enumerate(fresh) if j != first]
        self.play(FadeOut(why), *(grow(f) for f in rest), run_time=1.0)
        self.play(*(Flash(f.get_center(), color=pal.cool, flash_radius=0.5 * f.width) for f in rest), run_time=0.6)
        # each word's largest change framed on its strip, from the carried bar's tip to the fresh one's
        carried = rev.p_matrix @ rev.out_pe_a  # (T, d) in order b
        gaps = self.largest_changes(back, carried, rev.out_pe_b, self.unit_out)
        self.play(*(Create(g) for g in gaps), run_time=0.6)
        self.shown["largest_change_framed"] = 1
        self.read(*fresh)
        # the check takes the carried table's place: its work is done
        check = self.pe_check(rev.pe_deviation, row.case.output_deviation)
        top = min(ei.b.get_top()[1], names.get_bottom()[1] - 0.2)  # under the table's name, clear of it
        check.move_to([INSET.center[0], top - check.height / 2, 0])
        leave, come = one_then_other()  # the table is gone before the check comes: never both half-faded
        self.play(FadeOut(ei.b, rate_func=leave), FadeIn(check, shift=0.1 * UP, rate_func=come), run_time=1.0)
        self.shown.pop("scores_pe_moved_shown", None)
        self.shown["pe_deviation"] = rev.pe_deviation
        self.shown["pe_deviation_shown"] = fmt_num(rev.pe_deviation, 2)
        self.read(check, *fresh)
        per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)  # (T,) in order b
        ranked = [(rev.tokens_b[k], fmt_num(per_word[k], 2)) for k in range(len(per_word))]  # as shown, left to right
        self.shown["pe_change_per_word"] = ranked
        d = rev.out_pe_b.shape[1]
        # each value between its word's x + p and its outputs, the measure named in the names' column
        band = (Y_IN + Y_OUT) / 2
        # named in the names' column at full size, on the values' line (in two lines if one would reach
        # the first value), in the values' colour: one label apart
        room = back.xs[0] - 0.45 - MAIN.left
        head = self.small("pe_most_head").set_color(pal.cool)
        if head.width > room and " " in self.s("pe_most_head"):
            head = self.txt(self.s("pe_most_head").replace(" ", "\n", 1), size=TEXT, color=pal.cool, line_spacing=0.8)
        head.move_to([MAIN.left + head.width / 2, band, 0])
        values = VGroup(*(self.txt(fmt_num(per_word[k], 2), size=TEXT, color=pal.cool).move_to([back.xs[k], band, 0])
                          for k in range(len(per_word))))
        stub = VGroup(*note_pos[1:])  # a stub's length gives way to the changes in the names' column
        self.play(FadeIn(head), FadeIn(values, lag_ratio=0.3), FadeOut(stub), run_time=0.8)  # all on screen before the cue
        self.shown.pop("stub_lengths", None)
        self.caption(self.s("cap_pe_most", d=d, each=self.s("list_sep").join(f"{self.word(w)} {v}" for w, v in ranked)))
        self.read(head, *values)
        self.reads_moved(rev, ei, values)
        self.caption(self.s("cap_pe_end"))
        # the card takes the check's place and the fresh table's label (the legend still names blue)
        self.conclusion_card(VGroup(check, names, afresh), cells, VGroup(*fresh, *values), ei.pe_b.get_top()[1] + 0.1)

    def reads_moved(self, rev, ei, values) -> None:
        """Why a word that kept its place still changed (bites, 0.13): its own cue frames its row of the
        fresh table, whose coloured cells are its scores against the keys of the words that moved, and
        its largest change; nothing when every word moved or the one that stayed did not change."""
        t = len(rev.perm)
        kept = [k for k in range(t) if rev.perm[k] == k]
        moved = [k for k in range(t) if rev.perm[k] != k]
        if not kept or not moved:
            return
        n = kept[0]
        change = fmt_num(float(np.abs(rev.out_pe_b[n] - (rev.p_matrix @ rev.out_pe_a)[n]).max()), 2)  # as drawn
        if change == fmt_num(0.0, 2):
            return
        names = [self.word(rev.tokens_b[k]) for k in moved]
        others = self.s("list_sep").join(names[:-1]) + self.s("and") + names[-1] if len(names) > 1 else names[0]
        self.shown["kept_reads"] = [rev.tokens_b[n], [rev.tokens_b[k] for k in moved]]
        self.caption(self.s("cap_pe_reads", v=self.word(rev.tokens_b[n]), others=others))
        m = ei.pe_b.matrix
        marks = VGroup(snug_box(VGroup(*m.row(n)), self.pal.ink, pitch(m)),
                       padded_box(values[n], self.pal.ink, stroke_width=3))
        self.play(FadeIn(marks), run_time=0.6)
        # what the frames hold, for the record: the framed row's word and its largest change as drawn
        self.shown["kept_reads_framed"] = f"{rev.tokens_b[n]} {change}"
        self.read(*marks, *(m.cell(n, k) for k in moved))  # each frame in place, never the group scaled
        self.play(FadeOut(marks), run_time=0.3)
        self.shown.pop("kept_reads_framed", None)

    def moved_most(self, rev) -> dict:
        """The words whose fresh output moved off the carried one ("far": every word but the one that
        moved least, "least"), by each word's largest change among its output numbers (the record)."""
        per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)  # (T,) in order b
        least = int(np.argmin(per_word))
        far = [self.word(rev.tokens_b[k]) for k in range(len(per_word)) if k != least]  # left to right
        self.shown["pe_moved_least"] = rev.tokens_b[least]
        joined = self.s("list_sep").join(far[:-1]) + self.s("and") + far[-1] if len(far) > 1 else "".join(far)
        return {"far": joined, "least": self.word(rev.tokens_b[least])}

    def apart(self, rev, back, row, note_pos, dev_pe, lift=None):
        """Its own cue: the carried output strips are redrawn as outlines at their scale, over where
        the fresh ones will come; the positions, the words and their x + p stay (and a stub's length
        under the row's name). The legend, where the line naming the plane stood, names only what is
        drawn: the carried."""
        self.caption(self.s("cap_pe_apart"))
        legend = VGroup(self.key(self.small("legend_carried"), self.swatch_carried(list(row.colors.values()))))
        legend.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])
        inv = np.argsort(rev.perm)  # token a_i stands at place inv[i] now
        ghosts = [self.strip(back, rev.out_pe_a[i], int(inv[i]), row.colors[t], self.unit_out, outline=True, width=3)
                  for i, t in enumerate(rev.tokens_a)]
        for g in ghosts:
            g.set_z_index(2)  # over the fresh bars that come under them
        leave, come = one_then_other()
        rise = []
        if lift is not None:
            tables, axes = lift
            dy = max(0.0, axes.get_top()[1] - tables.get_top()[1] - 0.05)  # the tables' top where the line's was
            rise = [FadeOut(axes), tables.animate.shift(dy * UP)]
            self.shown["tables_lifted"] = round(dy, 3)
        self.play(*rise, *(Transform(c[2], g) for c, g in zip(back.columns, ghosts)), FadeOut(note_pos[0], rate_func=leave),
                  FadeIn(legend, rate_func=come), run_time=1.4)
        for c in back.columns:
            c[2].set_z_index(2)  # the carried outlines stay over the fresh bars to come
        self.read(*(c[2] for c in back.columns), legend)
        return legend, dev_pe

    def moved_cell(self, back, row, rev, ei, fresh, legend):
        """Why a cell changed, in two cues: the word that moved (dog) with itself, carried from order
        a's table (its old position's p) and afresh (its new one's), framed in both tables with both
        position numbers, while its fresh output grows (the first blue arrow, the legend naming blue
        with it); then a word that kept its place (bites), its position framed, the same number in
        both tables. Returns the marks to clear and the place of the first fresh output."""
        inv, t, pal = np.argsort(rev.perm), len(rev.perm), self.pal
        i = max((k for k in range(t) if rev.perm[k] != k), default=0)  # dog in "man bites dog"
        s, w = int(inv[i]), self.word(rev.tokens_a[i])
        before, after = fmt_num(rev.scores_pe_a[i, i], ei.decimals), fmt_num(rev.scores_pe_b[s, s], ei.decimals)
        self.shown["moved_cell"] = [rev.tokens_a[i], i + 1, s + 1, before, after]
        self.caption(self.s("cap_pe_moved", w=w, before=before, after=after, a=i + 1, b=s + 1))
        # the two numbers are framed in the tables; between the rows only why, over the columns (never
        # in the names' column)
        form = self.tex(rf"x+p_{i + 1}\;\to\;x+p_{s + 1}", size=TEX * FORMULA)
        span = back.xs[-1] - back.xs[0] + 2 * back.radius
        form.scale(min(1.0, span / form.width)).move_to([(back.xs[0] + back.xs[-1]) / 2, (Y_IN + Y_OUT) / 2, 0])
        why = VGroup(form)
        frames = VGroup(cell_frame(ei.b.matrix, s, s, pal.accent), cell_frame(ei.pe_b.matrix, s, s, pal.accent),
                        *(padded_box(row.positions[n], pal.accent, stroke_width=3) for n in {i, s}))
        blue = self.key(self.small("legend_fresh").set_color(pal.cool), self.swatch_fresh())
        full = VGroup(legend[0].copy(), blue).arrange(RIGHT, buff=0.5)
        full.scale(min(1.0, MAIN.width / full.width)).move_to(legend)
        self.play(FadeIn(frames), FadeIn(form, shift=0.1 * UP),
                  legend[0].animate.move_to(full[0]).scale(full[0].height / legend[0].height), run_time=0.8)
        self.play(grow(fresh[s]), FadeIn(full[1]), run_time=0.9)
        self.shown["legend_fresh"] = 1
        self.read(form, *frames, fresh[s])
        kept = [k for k in range(t) if rev.perm[k] == k]
        if not kept:
            return VGroup(why, frames), s
        n = kept[0]
        same = fmt_num(rev.scores_pe_b[n, n], ei.decimals)
        assert same == fmt_num(rev.scores_pe_a[n, n], ei.decimals)
        self.shown["kept_cell"] = [rev.tokens_a[n], n + 1, same]
        self.caption(self.s("cap_pe_kept", v=self.word(rev.tokens_a[n]), n=n + 1, same=same))
        marks = VGroup(cell_frame(ei.b.matrix, n, n, pal.ink), cell_frame(ei.pe_b.matrix, n, n, pal.ink),
                       padded_box(row.positions[n], pal.ink, stroke_width=3))
        self.play(FadeIn(marks), run_time=0.5)  # in place: never a frame drawn across the digits
        self.read(*marks)
        return VGroup(why, frames, marks), s

    def pe_check(self, deviation: float, without: float) -> VGroup:
        """The measured counterpart of the no-p check, in the same words: max |O_b − P O_a| with p (the
        engine's pe_deviation at two decimals) and, muted, the value without p at the same two
        decimals (rounding only: 0.00)."""

        big = self.tex(pe_check_tex(deviation), size=TEX)
        was = self.txt(self.s("pe_without", v=fmt_num(without, 2)), size=TEXT, color=self.pal.muted)
        self.shown["pe_without_shown"] = fmt_num(without, 2)
        check = VGroup(big, was).arrange(DOWN, buff=0.14)
        return check.scale(min(1.0, (INSET.width - 0.2) / check.width))

    def conclusion_card(self, shown, cells, fresh, floor: float):
        """What the scene proved, on a card where the check stood (the positions, the words with x + p,
        the outputs, the legend and the fresh table stay in view): without p a reorder only reorders
        the outputs; with p they change."""
        pal = self.pal
        head = self.txt(self.s("card_head"), size=30, color=pal.ink, weight="BOLD")
        lines = [self.txt(line, size=28, color=pal.ink) for line in self.s("card_end").split("\n")]
        body = VGroup(head, *lines).arrange(DOWN, aligned_edge=LEFT, buff=0.14)
        body.scale(min(1.0, (INSET.width - 0.45) / body.width, (INSET.top - 0.1 - floor - 0.4) / body.height))
        body.move_to([INSET.center[0], INSET.top - 0.3 - body.height / 2, 0])
        panel = BackgroundRectangle(body, color=pal.panel, fill_opacity=1.0, buff=0.2)
        frame = SurroundingRectangle(body, buff=0.2, color=pal.ink, stroke_width=3)
        for m in body:
            self.label_on(m, panel, frame)
        leave, come = one_then_other()  # what the card replaces is gone before it comes
        self.play(FadeOut(shown, rate_func=leave), FadeIn(panel, rate_func=come), Create(frame, rate_func=come),
                  FadeIn(head, shift=0.1 * UP, rate_func=come), run_time=1.0)
        for line in lines:
            self.play(FadeIn(line, shift=0.1 * UP), run_time=0.6)
        self.shown["conclusion"] = 1
        self.read(*lines, cells, fresh)


def one_then_other():
    """Rate functions for one text giving way to another in one animation: the old is gone in the
    first 40 %, the new comes in the last 40 % (never both on screen half-faded)."""
    return (lambda t: smooth(min(1.0, 2.5 * t))), (lambda t: smooth(max(0.0, 2.5 * t - 1.5)))


def pe_check_tex(deviation: float) -> str:
    """max |O_b − P O_a| with positions, as typeset: the engine's value at two decimals."""
    return rf"\max\,|O_b-P\,O_a| = {fmt_num(deviation, 2)}"


__all__ = ["pe_check_tex", "Close"]
