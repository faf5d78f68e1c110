"""The permutation scene's aside on the causal mask (scenes/perm/close.py calls it before the card;
seed 002 §01 图 2): no p, but a causal mask. The table without p of the order on screen (dog bites
man) takes the fresh table's place with its blocked cells greyed, and that order's masked outputs
come in as strips in the words' colours. Then dog and man swap on screen as they did with p: each
word walks to its new place with its output, the grey cells stay where they are (the mask belongs to
the places, not the words) and the table is computed afresh for the new order under them. The
outputs the words carried fade to ghosts and the ones computed afresh are drawn over them as ink
outlines; each word's largest change is framed before the cue that gives the engine's
max |P O_a − O_b| under the mask. The strips are drawn at the aside's own scale, with its own tick at
the masked outputs' largest number (the scale with p leaves with the picture with p and comes back
with it).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, UP, Create, FadeIn, FadeOut, ReplacementTransform, SurroundingRectangle, VGroup, smooth

from look import fmt_num
from scenes.perm.inset import blocked_shade, named_table, pitch, snug_box
from scenes.perm.layout import INSET, TEX, TEXT, Y_OUT
from scenes.perm.steps import SWAP_TIME, lane_travel
from scenes.perm.strips import GHOST, GHOST_EDGE, strip_unit

NOTE_SPACING = 1.3  # the aside's two-line note: its lines clearly apart
BLOCKED_TEXT = 0.7  # opacity of a blocked cell's number: dimmed, yet >= 4.5:1 on its grey in both themes
BLOCKED_FILL = 0.2  # the grey under a blocked cell (look.palette muted over the background)
TICK_GAP = 0.12  # scene units between the last strip and the aside's scale tick


class Aside:
    """Mixin (a LectureScene with the Steps, Strips and Close mixins): the causal-mask aside."""

    def masked_table(self, scores, tokens, ei, colors):
        """The score table `scores` (T, T) of `tokens` without p where the fresh table with p stands, at
        its size, its blocked cells (above the diagonal) dimmed on grey: (table, shades, blocked)."""
        table = named_table(self, scores, ei.decimals, tokens, colors)
        table.scale(ei.pe_b.matrix.height / table.matrix.height)
        table.shift(ei.pe_b.matrix.get_center() - table.matrix.get_center())
        matrix, t = table.matrix, len(tokens)
        blocked = [(i, j) for i in range(t) for j in range(i + 1, t)]
        VGroup(*(matrix.cell(i, j) for i, j in blocked)).set_opacity(BLOCKED_TEXT)
        shades = VGroup(*(blocked_shade(matrix, i, j, self.pal.muted).set_fill(opacity=BLOCKED_FILL) for i, j in blocked))
        for (i, j), shade in zip(blocked, shades):
            self.label_on(matrix.cell(i, j), shade)  # each blocked number on its own grey cell
        return table, shades, blocked

    def causal_aside(self, rev, ei, check, back, row, with_p, tick, afresh, with_pos, legend) -> None:
        """The aside, one step a cue: the masked table and outputs of the order on screen (`rev.tokens_b`)
        in place of the picture with p (`with_p`, the position arrows and sums `with_pos`, the check, the
        fresh table and its line `afresh`, the scale `tick` and the `legend`); the blocked cells; the
        first word's row and output (it sees only itself: its own value vector); the swap, each word
        with its masked output, the grey cells staying, the table afresh under them; the carried outputs
        as ghosts with the fresh ones outlined over them and each word's largest change framed; then the
        engine's max |P O_a − O_b| with the mask. The aside's picture stays until the closing card
        replaces the whole frame."""
        pal, t = self.pal, len(rev.perm)
        value = fmt_num(rev.causal_deviation, 2)
        inv = np.argsort(rev.perm)  # word a_i stands at place inv[i] in order b (on screen)
        moved = [k for k in range(t) if rev.perm[k] != k]
        big = self.tex(r"\max\,|P\,O_{\textstyle a}-O_{\textstyle b}| = " + value, size=TEX)
        note = self.txt(self.s("causal_note"), size=TEXT, color=pal.muted, line_spacing=NOTE_SPACING)
        note.scale(min(1.0, (INSET.width - 0.1) / note.width))  # at the legible size unless the inset is too narrow
        note.move_to([INSET.center[0], check.get_top()[1] - note.height / 2, 0])
        note.align_to([INSET.right - 0.05, 0, 0], RIGHT)
        big.scale(min(1.0, (INSET.width - 0.1) / big.width)).move_to(note, aligned_edge=UP).align_to(note, RIGHT)
        label = self.txt(self.s("causal_table"), size=TEXT, color=pal.ink, **self.cue_style(self.s("causal_table")))
        label.move_to(afresh)
        old_title, title = self.retitle("title_causal")
        table, shades, blocked = self.masked_table(rev.scores_b, rev.tokens_b, ei, row.colors)
        # the masked outputs: the order on screen's, then order a's computed afresh; the ones the words
        # carry to order a's places (word a_i's output in order b); one scale from the engine's largest |number|
        here, afresh_a = rev.causal_out_b, rev.causal_out_a  # (T, d) each
        carried = here[inv]  # (T, d) in order a
        unit = strip_unit(back.radius, here, afresh_a)
        strips = VGroup(*(self.strip(back, here[k], k, row.colors[tok], unit) for k, tok in enumerate(rev.tokens_b)))
        scale, _ = self.scale_tick(back, np.vstack([here, afresh_a]), unit=unit, key="causal_output_tick", gap=TICK_GAP)
        if scale[1].get_y() > Y_OUT:  # a level above the strips: its value under the tick, clear of the table's row names
            scale[2].next_to(scale[1], DOWN, buff=0.08).align_to(scale[1], RIGHT)
        words = [self.word(rev.tokens_b[k]) for k in moved]
        self.caption(self.s("cap_causal", w=self.word(rev.tokens_b[0]), u=words[-1] if words else "", v=value))
        leave, come = one_then_other()  # what the aside replaces is gone before it comes
        # each word's carried strip turns into its masked output in place (word a_i stands at inv[i])
        carried_strips = [c[2] for c in back.columns]
        gone = VGroup(check, afresh, *(m for m in with_p if m not in carried_strips), with_pos, old_title, tick, legend)
        # the table stays where it is: its names and brackets move onto the masked table's and each
        # number turns into the one without p (never a table faded out and rebuilt)
        self.remove(ei.pe_b)
        old_body, old_frame = ei.pe_b.matrix.body.copy(), VGroup(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.cols).copy()
        new_frame = VGroup(table.matrix.brackets, table.rows, table.cols)
        self.add(old_body, old_frame)
        self.play(FadeOut(gone, rate_func=leave), ReplacementTransform(old_body, table.matrix.body),
                  ReplacementTransform(old_frame, new_frame),
                  *(ReplacementTransform(c, strips[inv[i]]) for i, c in enumerate(carried_strips)),
                  *(FadeIn(m, rate_func=come) for m in (title, note, label, shades, scale)), run_time=1.2)
        self.remove(new_frame, table.matrix.body, shades)
        self.add(table, shades)  # one table again, its blocked cells' grey as before
        self.shown.pop("positions_added", None)
        self.shown.pop("pe_output_tick", None)  # the scale with p left with its picture
        self.shown["causal_blocked_cells"] = len(blocked)
        self.shown["causal_table"] = "no p, masked"
        self.shown["causal_first_output_is_value"] = bool(np.allclose(here[0], rev.x_b[0] @ self.data.w_v))
        # each cue points at what it says: the blocked cells, then the first word's row and output
        self.until_next_cue()
        self.play(shades.animate.set_fill(opacity=0.6), run_time=0.5)
        self.play(shades.animate.set_fill(opacity=BLOCKED_FILL), run_time=0.5)
        self.until_next_cue()
        first = VGroup(snug_box(VGroup(*table.matrix.row(0)), pal.ink, pitch(table.matrix)),
                       SurroundingRectangle(strips[0], buff=0.06, color=pal.ink, stroke_width=2.5))
        self.play(Create(first), run_time=0.6)
        # the swap: each word walks with its masked output, the grey cells stay, the table is computed
        # afresh for the new order under them
        self.until_next_cue()
        self.play(FadeOut(first), run_time=0.3)
        new, new_shades, _ = self.masked_table(rev.scores_a, rev.tokens_a, ei, row.colors)
        shifts = back.targets()  # column i from place i to inv[i]: here the way back, from inv[i] to i
        walks = [lane_travel(VGroup(c[0], c[1], strips[inv[i]]), -shifts[i]) for i, c in enumerate(back.columns)
                 if np.any(shifts[i])]
        self.play(*walks, run_time=SWAP_TIME)  # the table's numbers stay on screen while the words walk
        # then each number turns into the one computed afresh for the new order, under the same grey cells
        self.play(ReplacementTransform(table, new), run_time=0.8)
        self.remove(shades)
        self.add(new_shades)  # the same cells of the same places: the mask never moved
        self.shown["order"] = " ".join(rev.tokens_a)
        self.shown["causal_swapped"] = [" ".join(rev.tokens_b), " ".join(rev.tokens_a)]
        # faint: what each word carried; outlined: computed afresh in the new order; apart where they differ
        self.until_next_cue()
        fresh = self.fresh_strips(back, afresh_a, unit, outline=False)
        gaps = self.largest_changes(back, carried, afresh_a, unit)
        self.play(*(s.animate.set_fill(opacity=GHOST).set_stroke(width=GHOST_EDGE, opacity=1.0) for s in strips),
                  FadeIn(legend), run_time=0.6)
        self.play(*(FadeIn(f, shift=0.2 * DOWN) for f in fresh), run_time=0.8)
        self.play(Create(gaps), run_time=0.6)
        per_word = np.abs(afresh_a - carried).max(axis=1)
        self.shown["causal_change_per_word"] = [[rev.tokens_a[k], fmt_num(per_word[k], 2)] for k in range(t)]
        # the measured difference takes the note's place as its cue begins (never after it: a short
        # cue may be over while the outputs come apart)
        self.wait(max(0.0, self.cue_left() - 0.3))
        self.play(FadeOut(note), run_time=0.3)
        self.until_next_cue(last=True)
        self.play(FadeIn(big), run_time=0.4)
        self.aside_result = big  # the closing card grows out of it
        self.shown["causal_deviation_shown"] = value
        self.read(big, *gaps)
        self.read_caption()
        if self.caption_left() > 1e-6:
            self.wait(self.caption_left())  # the result stays until its cue has been read to the end
        for key in ("causal_deviation_shown", "causal_blocked_cells", "causal_table", "causal_output_tick",
                    "causal_swapped", "causal_change_per_word"):
            self.shown.pop(key, None)
        self.shown.pop("order", None)  # the aside's picture leaves as the closing card comes: nothing returns
        # with the next cue the whole picture leaves and the closing card takes the frame (the picture with
        # p does not come back: the card states all three cases with their numbers)


def one_then_other():
    """Rate functions for one text giving way to another in one animation: the old is gone in the
    first 40 %, the new comes in the last 40 % (never both on screen half-faded)."""
    return (lambda t: smooth(min(1.0, 2.5 * t))), (lambda t: smooth(max(0.0, 2.5 * t - 1.5)))


__all__ = ["Aside", "one_then_other"]
