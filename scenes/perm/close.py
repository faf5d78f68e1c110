"""The permutation scene's last steps (scenes/perm/ending.py; seed 001 lesson 5 station 1, seed 002 §01
图 2): the words have been swapped back with p staying at its place, and both tables are on screen.

The picture keeps the position numbers, the word boxes and every word's x + p in view to the end. One
cell is opened (dog moved from position 2 to 0: both numbers framed), then the place that kept its word
(bites at 2, same score). Then the carried table leaves and the fresh one rises to the top of the inset
at full width (one table, legible from the back), while each word's carried output strip
(scenes.perm.strips) fades to a ghost and the output computed afresh is drawn over it, narrower, at the
outputs' scale: each word's largest change framed from the ghost's tip to the fresh bar's and written
as a number, a scale tick at the outputs' largest number (the value the cue names), the measured
check under the table, an aside on the causal mask in the check's place (the table without p in
the fresh table's place, its blocked cells greyed, and both orders' masked outputs over the strips),
and last a card with what was shown, grown out of the aside's measured result, held to the end.
Each word's largest change is also drawn as a bar beside its value, one scale for all words.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UL, UP, Create, DashedLine, FadeIn, FadeOut, Flash, GrowArrow, Rectangle, \
    Line, SurroundingRectangle, Transform, TransformFromCopy, VGroup, smooth

from look import fmt_num
from scenes.parts.lecture import CONTENT_BOTTOM, FINAL_HOLD
from scenes.parts.titles import TITLE_SIZE
from engine.word_order import last_word_fixed
from scenes.perm.aside import Aside, one_then_other
from scenes.perm.card import card_rows
from scenes.perm.split import open_self_score
from scenes.perm.inset import blocked_shade, cell_frame, named_table, padded_box, pitch, snug_box
from scenes.perm.layout import INSET, MAIN, MIDDLE, TEX, TEXT, Y_IN, Y_NOTE, Y_OUT
from scenes.perm.steps import tex_sci
from scenes.perm.strips import GHOST, GHOST_EDGE, STRIP_SHARE, strip_unit

LEGEND_LIFT = 0.0  # scene units over Y_NOTE: the legend on the note's line, 0.2 clear of the caption under it and clear of the scale tick above
FORMULA = 1.3  # the opened cell's formula, larger than TEX so its subscripts stay above 3 % of the frame
CARD_HOLD = 4.0  # seconds the finished card stays on screen, to the last frame (the gate's final hold at most 4 s)
FRESH_HEIGHT = 2.05  # scene units: the fresh table alone, names included, at most (the check and the orders under it clear of the caption)


def grow(f):
    return GrowArrow(f[0]) if hasattr(f[0], "tip") else FadeIn(f)


class Close(Aside):
    """Mixin: close() ends Ending.positions (a LectureScene with the Steps and Ending mixins)."""

    def close(self, row, rev, back, ei, note_pos, dev_pe, cells, names, afresh, with_pos):
        pal = self.pal
        why = self.moved_cell(back, row, rev, ei)
        # one table from here: the carried table leaves, the fresh one rises into its room at full
        # width; each carried strip fades to a ghost and the fresh output is drawn over it
        carried = rev.p_matrix @ rev.out_pe_a  # (T, d) in order b
        diffs = self.differences(rev, back, row, ei, note_pos, why, VGroup(afresh, ei.pe_b), names)
        self.caption(self.s("cap_pe_out", **self.moved_most(rev)))
        gaps = self.largest_changes(back, carried, rev.out_pe_b, self.unit_out)
        self.play(*(Create(g) for g in gaps), run_time=0.6)
        self.shown["largest_change_framed"] = 1
        self.read(*diffs, *gaps)
        # the measured check under the table: its largest bar, and the same measure without p
        # a and b as named since the sentence came: a = dog bites man (as first shown), b = man bites dog
        check = self.pe_check(rev.pe_deviation, rev.output_deviation, rev)
        check.move_to([INSET.center[0], ei.pe_b.get_bottom()[1] - 0.3 - check.height / 2, 0])
        check.align_to([INSET.right - 0.05, 0, 0], RIGHT)  # clear of the outputs' scale value left of it
        self.play(FadeIn(check, shift=0.1 * UP), run_time=0.6)
        self.shown["pe_deviation"] = rev.pe_deviation
        self.shown["pe_deviation_shown"] = fmt_num(rev.pe_deviation, 2)
        per_word = np.abs(rev.out_pe_b - carried).max(axis=1)  # (T,) in order b
        ranked = [(rev.tokens_b[k], fmt_num(per_word[k], 2)) for k in range(len(per_word))]  # as shown, left to right
        self.shown["pe_change_per_word"] = ranked
        scale, top = self.scale_tick(back, rev.out_pe_b)  # the outputs' largest number, as a tick on the bars
        self.shown["pe_output_top"] = top
        d = rev.out_pe_b.shape[1]
        band = (Y_IN + Y_OUT) / 2
        room = back.xs[0] - 0.45 - MAIN.left
        head = self.small("pe_most_head").set_color(pal.ink)
        if head.width > room and " " in self.s("pe_most_head"):
            head = self.txt(self.s("pe_most_head").replace(" ", "\n", 1), size=TEXT, color=pal.ink, line_spacing=0.8)
        head.move_to([MAIN.left + head.width / 2, band, 0])
        values = VGroup(*(self.txt(fmt_num(per_word[k], 2), size=TEXT, color=pal.ink).move_to([back.xs[k], band, 0])
                          for k in range(len(per_word))))
        # each change also drawn as its own bar beside its value, one scale for all words (the largest
        # the longest): a 0.13 change, a few pixels on the output bars, is seen against 0.52
        step = back.xs[1] - back.xs[0] if len(back.xs) > 1 else 2 * back.radius
        reach = max(0.3, step - max(v.width for v in values) - 0.45)  # up to the next word's value, 0.25 clear
        bars = [Rectangle(width=max(0.03, reach * per_word[k] / per_word.max()), height=0.2, stroke_width=0,
                          fill_color=pal.accent, fill_opacity=1.0).next_to(v, RIGHT, buff=0.1) for k, v in enumerate(values)]
        values = VGroup(*(VGroup(v, b) for v, b in zip(values, bars)))
        self.shown["pe_change_bars"] = [round(float(per_word[k] / per_word.max()), 3) for k in range(len(per_word))]
        # each before the cue that says it: the head, then the values it heads, one word at a time; the
        # scale while the values' cue is read, before the cue that names it
        self.play(FadeIn(head), gaps.animate.set_stroke(opacity=0.5), run_time=0.5)
        for v in values:
            self.play(FadeIn(v, shift=0.15 * DOWN), run_time=0.4)
        self.caption(self.s("cap_pe_most", d=d, top=top,
                            each=self.s("rank_sep").join(f"{self.word(w)} {v}" for w, v in ranked)))
        self.wait(min(2.0, max(0.0, self.cue_left() - 1.2)))
        self.play(FadeIn(scale), *self.clear_of(self.ghost_key, scale), run_time=0.6)
        self.read(head, *values, scale)
        self.reads_moved(rev, ei, values)
        # the with-p part ends where who bit whom was lost: bites' output in both orders, now with p
        self.who_bit_pe(VGroup(names[0], ei.pe_b, afresh, check))
        self.causal_aside(rev, ei, check, back, row, VGroup(*diffs, *gaps, head, values), scale, afresh,
                          with_pos, self.ghost_key)
        # the card takes the whole frame: the aside's picture leaves as it comes; the scene ends on it.
        # Its three rows, one per cue of the closing caption, each with this video's numbers: without p
        # or a mask bites' output is only carried (its gap rounding), with p it differs, under a causal
        # mask each word's context changes (which breaks the symmetry only indirectly; p marks every position)
        r = last_word_fixed(self.data, keep=MIDDLE)
        said = dict(w=self.word(r.tokens_a[MIDDLE]), g0=text_sci(r.deviation), g1=fmt_num(r.pe_deviation, 2),
                    g0_tex=tex_sci(r.deviation))
        self.caption(self.s("cap_pe_end", **said))
        card = self.conclusion_card(said)
        self.shown.pop("scores_pe_b_shown", None)
        self.wait(max(0.0, CARD_HOLD - 1e-3 - FINAL_HOLD - (self.now - card.done) - self.caption_left()))  # complete on screen to the last frame

    def clear_of(self, legend, scale, gap: float = 0.12) -> list:
        """The legend moved down just enough to stay `gap` clear of the scale tick and its value above
        it where the two share columns (never more than the room over the caption allows)."""
        over = min(legend.get_right()[0], scale[1:].get_right()[0]) - max(legend.get_left()[0], scale[1:].get_left()[0])
        need = gap - (scale[1:].get_bottom()[1] - legend.get_top()[1])
        if over <= 0 or need <= 0:
            return []
        return [legend.animate.shift(min(need, 0.15) * DOWN)]

    def retitle(self, key: str) -> tuple:
        """The title on screen and a new one (`key`) for the scene to fade one into the other; the new
        one stays on screen to the end or to the next retitle."""
        old = self.title_mob
        words = self.s(key)
        title = self.add_title(words)
        style = self.cue_style(words)
        if style.get("t2s"):  # its maths letters slanted, as in the captions and the formulas
            upright = self.txt(words, size=TITLE_SIZE, weight="BOLD")
            slanted = self.txt(words, size=TITLE_SIZE, weight="BOLD", **style)
            slanted.scale(title.height / upright.height).move_to(title)
            self.remove(title)
            self.persistent[self.persistent.index(title)] = slanted
            self.title_mob = title = slanted
        self.remove(title)
        self.persistent.remove(old)
        return old, title

    def scale_tick(self, back, outputs, unit: float | None = None, key: str = "pe_output_tick", gap: float = 0.0) -> tuple:
        """A tick at the outputs' largest number (`outputs` (T, d), signed, one decimal) right of the
        last strip, its value beside it, and a faint dashed line at that level across the strips to
        the bar that reaches it; returned with its size as the cue says it (unsigned)."""
        k, j = np.unravel_index(int(np.argmax(np.abs(outputs))), outputs.shape)
        value = float(outputs[k, j])
        y = Y_OUT + (self.unit_out if unit is None else unit) * value
        half = back.radius * STRIP_SHARE
        left, right = back.xs[0] - half, back.xs[-1] + half + gap
        # the tick and its value at the right end of the strips, away from the legend under their left half
        text = fmt_num(value, 1)
        label = self.txt(text, size=TEXT, color=self.pal.ink)
        # the tick runs under the whole label, the level it names: never a dash before its minus sign
        tick = Line([right, y, 0], [right + 0.06 + label.width, y, 0], color=self.pal.ink, stroke_width=3)
        guide = DashedLine([left, y, 0], [right, y, 0], color=self.pal.muted, stroke_width=1.5, dash_length=0.06)
        # the label stands on the tick, clear of the strips on its left (never read as "– −1.3")
        label.next_to(tick, UP, buff=0.08).align_to(tick, RIGHT)
        self.shown[key] = [text, round(y, 3)]
        return VGroup(guide, tick, label), fmt_num(abs(value), 1)  # the size the changes are judged against

    def differences(self, rev, back, row, ei, note_pos, why, fresh_table, names) -> VGroup:
        """Its own cue: the carried table and the line naming rows and columns leave, the fresh table
        rises to the top of the inset at full width (one legible table); each word's carried strip
        fades to a ghost in its colour and the output computed afresh comes down over it (ink outlines,
        narrower, at the outputs' scale), the legend under the picture naming both."""
        self.caption(self.s("cap_pe_apart"))
        fresh = self.fresh_strips(back, rev.out_pe_b, self.unit_out, outline=False)
        colors = [row.colors[t] for t in rev.tokens_b]
        legend = self.ghost_legend(colors)
        legend.arrange(RIGHT, buff=0.5).move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE + LEGEND_LIFT, 0])
        self.ghost_key = legend  # named again in the aside, where it leaves and comes back
        target = fresh_table.copy()
        target[1].cols.set_opacity(1)  # alone, the fresh table names its columns again, under its line
        target[0].next_to(target[1].cols, UP, buff=0.1)
        target.scale(min((INSET.width - 0.15) / target.width, 1.45, FRESH_HEIGHT / target[1].height))
        target.move_to([INSET.center[0], names[0].get_bottom()[1] - 0.25 - target.height / 2, 0])
        self.shown["tables_lifted"] = round(float(target.get_top()[1] - fresh_table.get_top()[1]), 3)
        _, come = one_then_other()
        # the fresh table's line leaves with the old table and comes back once the table has risen
        # under it: never drawn across the column names coming in
        label = fresh_table[0]
        self.play(FadeOut(why), FadeOut(ei.b), FadeOut(names[1]), FadeOut(label),
                  FadeIn(legend, rate_func=come), run_time=0.7)
        self.play(Transform(fresh_table[1], target[1]),
                  *self.to_ghosts(back),
                  run_time=1.2)
        label.replace(target[0])
        self.play(FadeIn(label), *(FadeIn(f, shift=0.2 * DOWN) for f in fresh), run_time=0.8)
        self.shown.pop("scores_pe_moved_shown", None)
        self.shown["outputs_drawn"] = "carried faint, fresh over them"
        self.shown["pe_table_scale"] = round(float(target.height / (fresh_table.height or 1)), 3)
        self.read(*fresh, legend)
        return VGroup(*(c[2] for c in back.columns), *fresh)

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
        self.play(FadeIn(marks[1]), run_time=0.4)
        self.play(FadeIn(marks[0]), run_time=0.5)
        # what the frames hold, for the record: the framed row's word and its largest change as drawn
        self.shown["kept_reads_framed"] = f"{rev.tokens_b[n]} {change}"
        # with "whose x + p changed": the cells of its row against the words that moved
        self.until_next_cue()
        cells = VGroup(*(cell_frame(m, n, k, self.pal.accent) for k in moved))
        self.play(FadeIn(cells), run_time=0.5)
        marks.add(cells)
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

    def moved_cell(self, back, row, rev, ei):
        """Why a cell changed, in two cues: the word that moved (dog) with itself, carried from order
        a's table (its old position's p) and afresh (its new one's), framed in both tables with both
        position numbers, while its fresh output grows (the first blue arrow, the legend naming blue
        with it); then a word that kept its place (bites), its position framed, the same number in
        both tables. Returns the marks to clear and the place of the first fresh output."""
        inv, t, pal = np.argsort(rev.perm), len(rev.perm), self.pal
        i = max((k for k in range(t) if rev.perm[k] != k), default=0)  # dog in "man bites dog"
        s, w = int(inv[i]), self.word(rev.tokens_a[i])
        before, after = fmt_num(rev.scores_pe_a[i, i], ei.decimals), fmt_num(rev.scores_pe_b[s, s], ei.decimals)
        gap = fmt_num(float(np.linalg.norm(rev.pe[i] - rev.pe[s])), 2)  # how far apart the two places' p are (d numbers)
        sub = "₀₁₂₃₄₅₆₇₈₉"
        self.shown["moved_cell"] = [rev.tokens_a[i], i, s, before, after]
        self.shown["p_gap"] = [i, s, gap]
        self.caption(self.s("cap_pe_moved", w=w, before=before, after=after, a=i, b=s, gap=gap,
                            sa=sub[i] if i < 10 else i, sb=sub[s] if s < 10 else s))
        # the two numbers are framed in the tables; between the rows only why, over the columns (never
        # in the names' column)
        # the input's change and, on a line of its own under it, how far apart the two places' p are
        # (d numbers), both at the formula size, under the word vectors' crosses
        xs = self.x_sub(rev.tokens_a[i])  # the word's own x, its subscript as the language writes the word
        form = self.word_subscripts(self.tex("x", xs, rf"+p_{{\textstyle {i}}}\;\to\;x", xs, rf"+p_{{\textstyle {s}}}", size=TEX), (1, 3), rev.tokens_a[i])
        dist = self.tex(rf"|p_{{\textstyle {i}}}-p_{{\textstyle {s}}}| = {gap}", size=TEX, color=pal.accent)
        span = back.xs[-1] - back.xs[0] + 2 * back.radius
        # between the word vectors' crosses and the output bars, 0.1 clear of the tallest bar
        top = Y_IN - back.radius - 0.04
        room = top - (max(c[2].get_top()[1] for c in back.columns) + 0.1)

        def arranged(direction):  # the change and the gap, stacked (DOWN) or side by side (RIGHT)
            return VGroup(form, dist).arrange(direction, buff=0.1 if direction is DOWN else 0.35)

        def fit(line):  # the scale at which the line fits between the crosses and the bars
            return min(1.0, span / line.width, room / line.height)

        # stacked unless side by side keeps the text larger (a row of long words leaves little height)
        stacked = fit(arranged(DOWN))
        line = arranged(DOWN if stacked >= fit(arranged(RIGHT)) else RIGHT)
        line.scale(fit(line))
        # under the column of the word that moved (dog, now at s), inside the row's span
        x = float(np.clip(back.xs[s], back.xs[0] - back.radius + line.width / 2, back.xs[-1] + back.radius - line.width / 2))
        line.move_to([x, top - line.height / 2, 0])
        why = VGroup(form, dist)
        frames = VGroup(cell_frame(ei.b.matrix, s, s, pal.accent), cell_frame(ei.pe_b.matrix, s, s, pal.accent),
                        *(padded_box(row.positions[n], pal.accent, stroke_width=3) for n in {i, s}))
        # with the first cue the old number framed, its frame travelling down to the fresh one, then the
        # two positions; the input's change with "its p changed"; how far apart the two p are with the last
        self.play(FadeIn(frames[0]), run_time=0.4)
        self.play(TransformFromCopy(frames[0], frames[1]), run_time=0.7)
        self.play(FadeIn(VGroup(*frames[2:])), run_time=0.5)
        self.until_next_cue()
        self.play(FadeIn(form, shift=0.1 * UP), run_time=0.6)
        self.until_next_cue()
        self.play(FadeIn(dist, shift=0.1 * UP), run_time=0.6)
        self.read(form, dist, *frames)
        why.submobjects[1] = open_self_score(self, rev, i, s, dist, ei.decimals, form, back.xs[-1] + back.radius)
        kept = [k for k in range(t) if rev.perm[k] == k]
        if not kept:
            return VGroup(why, frames)
        n = kept[0]
        same = fmt_num(rev.scores_pe_b[n, n], ei.decimals)
        assert same == fmt_num(rev.scores_pe_a[n, n], ei.decimals)
        self.shown["kept_cell"] = [rev.tokens_a[n], n, same]
        self.caption(self.s("cap_pe_kept", v=self.word(rev.tokens_a[n]), n=n, same=same))
        marks = VGroup(cell_frame(ei.b.matrix, n, n, pal.ink), cell_frame(ei.pe_b.matrix, n, n, pal.ink),
                       padded_box(row.positions[n], pal.ink, stroke_width=3))
        self.play(FadeIn(marks[2]), FadeIn(marks[0]), run_time=0.5)  # in place: never a frame drawn across the digits
        self.play(TransformFromCopy(marks[0], marks[1]), run_time=0.7)  # down to the fresh table: the same number
        self.read(*marks)
        return VGroup(why, frames, marks)

    def pe_check(self, deviation: float, without: float, case) -> VGroup:
        """The measured counterpart of the no-p check, in the same words: max |P O_a − O_b| with p (the
        engine's pe_deviation at two decimals) and, muted, the value without p at the same two
        decimals (rounding only: 0.00), then which orders a and b are, named by the swap just shown:
        a before it, b after it (`case`: the swapped-back example, man bites dog before the words swap
        back, dog bites man after; a swap's P is its own inverse and a largest |entry| is the same in
        any row order, so max |P O_a − O_b| is the same either way round)."""

        big = self.tex(pe_check_tex(deviation), size=TEX)
        said = self.s("pe_without", v=fmt_num(without, 2))
        was = self.txt(said, size=TEXT, color=self.pal.muted, **self.cue_style(said))  # p slanted, as in the caption
        self.shown["pe_without_shown"] = fmt_num(without, 2)
        # the orders a and b, one a line, before and after the swap just animated, at the legible size
        # (short: the line stands right of the outputs' scale value)
        orders = VGroup(*(self.txt(self.s(key, **{key[-1]: self.said(tokens)}), size=TEXT, color=self.pal.muted)
                          for key, tokens in (("pe_order_a", case.tokens_a), ("pe_order_b", case.tokens_b))))
        orders.arrange(DOWN, buff=0.08)
        self.shown["pe_check_orders"] = [" ".join(case.tokens_a), " ".join(case.tokens_b)]
        check = VGroup(big, was).arrange(DOWN, buff=0.14)
        check.scale(min(1.0, (INSET.width - 0.2) / check.width))
        return VGroup(*check, orders.next_to(check, DOWN, buff=0.12))

    def conclusion_card(self, said: dict):
        """What the scene proved, on one card over the whole content area (everything else leaves as it
        comes, the title back to the scene's conclusion): three rows, each a case and what it does to
        the outputs with this video's numbers (`said`: the word kept in the middle, its two gaps). Each
        row comes with the cue that says it."""
        pal = self.pal
        head = self.txt(self.s("card_head"), size=TEXT, color=pal.ink, weight="BOLD")
        rows = card_rows(self, self.s("card_end", **said), said["g0"], said["g0_tex"])  # the gap typeset
        left = max(r[0].width for r in rows) + 0.4  # the results in one column, right of the widest case
        for r in rows:
            r[0].move_to(ORIGIN, aligned_edge=UL)
            r[1].move_to([left, 0, 0], aligned_edge=UL)
        body = VGroup(head, *rows).arrange(DOWN, aligned_edge=LEFT, buff=0.4)
        width, top, bottom = INSET.right - MAIN.left, MAIN.top, CONTENT_BOTTOM + 0.1
        fit = min(1.0, (width - 0.6) / body.width, (top - bottom - 0.4) / body.height)
        body.scale(fit)
        self.shown["card_text_scale"] = round(float(fit), 3)  # 1: the labels' size
        body.move_to([(MAIN.left + INSET.right) / 2, (top + bottom) / 2, 0])
        size = dict(width=min(width, body.width + 0.8), height=min(top - bottom, body.height + 0.6))
        panel = Rectangle(**size, stroke_width=0, fill_color=pal.panel, fill_opacity=1.0).move_to(body)
        frame = Rectangle(**size, color=pal.ink, stroke_width=3).move_to(body)
        for m in (head, *rows):
            self.label_on(m, panel, frame)
        gone = [m for m in self.mobjects if m not in self.persistent and id(m) not in self._captions]
        old_title, title = self.retitle("title_card")  # what the card shows, the causal aside included
        # the card grows out of the aside's measured result (never the whole picture faded out and the
        # card faded in): the rest of the picture leaves while the result is framed, then the frame
        # opens to the whole area and the panel comes over the result
        seed = getattr(self, "aside_result", None)
        seed = seed if seed is not None and seed in self.mobjects else None
        box = frame.copy()
        if seed is not None:
            box.stretch_to_fit_width(seed.width + 0.3).stretch_to_fit_height(seed.height + 0.3).move_to(seed)
            self.label_on(seed, box, panel)
            gone = [m for m in gone if m is not seed]
        else:
            box.scale(0.2)
        self.play(*(FadeOut(m) for m in (*gone, old_title)), Create(box), run_time=0.7)
        self.play(Transform(box, frame), FadeIn(panel), FadeIn(title), *([FadeOut(seed)] if seed is not None else []),
                  run_time=0.8)
        self.remove(box)
        self.add(panel, frame)
        self.play(FadeIn(head, shift=0.1 * UP), FadeIn(rows[0], shift=0.1 * UP), run_time=0.5)
        for key in [k for k in self.shown if k not in ("section", "card_text_scale")]:
            self.shown.pop(key, None)  # the picture has left: only the card's numbers are on screen
        self.shown["conclusion_gaps"] = [said["g0"], said["g1"], float(said["g0"].split("×")[0])]  # its mantissa as typeset
        for row in rows[1:]:
            self.until_next_cue()  # each row comes with the cue that says it
            self.play(FadeIn(row, shift=0.1 * UP), run_time=0.6)
        self.shown["conclusion"] = 1
        card = VGroup(panel, frame, body)
        card.done = self.now  # complete from here
        self.read(*rows)
        return card

def text_sci(x: float) -> str:
    """A deviation as plain text: 0, or 1.1×10⁻¹⁶ (two significant digits, as tex_sci typesets it)."""
    if x == 0:
        return "0"
    m, e = f"{x:.1e}".split("e")
    return f"{m}×10" + str(int(e)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def pe_check_tex(deviation: float) -> str:
    """max |P O_a − O_b| with positions, as typeset: the engine's value at two decimals."""
    return rf"\max\,|P\,O_{{\textstyle a}}-O_{{\textstyle b}}| = {fmt_num(deviation, 2)}"


__all__ = ["pe_check_tex", "Close", "one_then_other"]
