"""The permutation scene's ending (scenes/permutation.py; seed 001 lesson 5 station 1, seed 002 §01
图 2): what was shown, why (each score depends only on its two vectors), and then positions added.

First the view changes, said in its own cue and shown: the word vectors turn into the plane that best
fits the words, the positions and their sums (the record's arrows_word_pos, arrows_pos) while the
crosses they stand on turn. Then each place gets its sinusoidal position vector p, drawn tip to tail
on its word vector x. The words are swapped back (dog bites man from man bites dog: the engine's
PermutationDemo.back()): x travels with its word, p stays with its place, so every moved word's sum
x + p changes (the outputs were redrawn at their new scale before, in a step of their own). The old
table's rows move with the words as in the 五十 step, then its columns as whole strips under it; the
new order's own table is computed afresh under it, every changed cell coloured, one opened (dog moved
from p₃ to p₁), and the fresh outputs land away from the carried ones. A card states what was shown.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from manim import DOWN, LEFT, ORIGIN, PI, RIGHT, UP, AnimationGroup, Arrow, BackgroundRectangle, Create, FadeIn, FadeOut, GrowArrow, ReplacementTransform, Rotate, \
    Succession, SurroundingRectangle, Transform, VGroup, smooth

from look import fmt_num
from look.formats import sci_parts
from scenes.perm.inset import ScoreInset
from scenes.perm.layout import INSET, MAIN, TEX, TEXT, Y_IN, Y_NOTE
from scenes.perm.row import ArrowRow, arrow

CHANGED = 1e-9  # a score that moved by more than this changed (the unchanged ones agree to ~1e-16)
TABLE_HEIGHT = 1.8  # scene units: each of the two stacked tables
TABLE_TOP = 1.75  # the ending's tables start under the line naming rows and columns
WORDS_Y = -0.25  # scene units: the words over their outputs once the inputs have left
WORD_SCALE = 0.7  # their boxes, smaller


def pe_tables(rev) -> SimpleNamespace:
    """The tables the ending shows, as a case ScoreInset draws: the old order's scores with positions
    (a), the same moved to the new order (b = P S Pᵀ), and the new order's own (pe_b)."""
    p = rev.p_matrix
    moved = p @ rev.scores_pe_a @ p.T  # (T, T)
    return SimpleNamespace(tokens_a=rev.tokens_a, tokens_b=rev.tokens_b, perm=rev.perm, p_matrix=p,
                           scores_a=rev.scores_pe_a, scores_b=moved, scores_pe_a=rev.scores_pe_a,
                           scores_pe_b=rev.scores_pe_b)


def changed_cells(rev) -> list[tuple[int, int]]:
    """(row, column) of the new order's cells whose score differs from the carried table's."""
    p = rev.p_matrix
    diff = np.abs(rev.scores_pe_b - p @ rev.scores_pe_a @ p.T)  # (T, T)
    return [tuple(map(int, rc)) for rc in np.argwhere(diff > CHANGED)]


def telling_decimals(rev, at_least: int, most: int = 4) -> int:
    """The fewest decimals (from `at_least`) at which every changed cell reads differently from the
    carried table's, so no cell is coloured as changed while it shows the same number."""
    p = rev.p_matrix
    carried = p @ rev.scores_pe_a @ p.T  # (T, T)
    for d in range(at_least, most + 1):
        if all(fmt_num(rev.scores_pe_b[r, c], d) != fmt_num(carried[r, c], d) for r, c in changed_cells(rev)):
            return d
    return most


def sum_scale(rev, radius: float) -> float:
    """One scale for x, p and x + p in both orders: the longest fills `radius`."""
    x, pos = rev.arrows_word_pos, rev.arrows_pos  # (T, 2) each
    rows = np.vstack([x, x + pos, rev.p_matrix @ x + pos])
    return radius / max(np.linalg.norm(rows, axis=1).max(), 1e-12)


class Ending:
    """Mixin: summary() after the second example (a LectureScene with the Steps mixin)."""

    def summary(self):
        row, note, dev, inset, shown = self.final
        pal = self.pal
        proved = self.txt(self.s("proved"), size=TEXT, color=pal.ink, weight="BOLD", line_spacing=0.9)
        if proved.width > INSET.width - 0.3:
            proved.scale((INSET.width - 0.3) / proved.width)
        self.under_table(proved, inset, gap=0.35)
        frame = SurroundingRectangle(proved, buff=0.12, color=pal.ink, stroke_width=3)
        self.label_on(proved, frame)
        self.section("summary", self.s("cap_summary"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.b, shown])
        self.fade_swap(shown, VGroup(proved, frame), run_time=1.0)
        self.shown["proved"] = 1
        self.read(*(c[2] for c in row.columns))
        self.caption(self.s("cap_why"))
        last = len(row.columns) - 1
        self.depends(row, inset, [(0, last), (last, 0)])
        self.read(inset.b.matrix, *(c[1] for c in row.columns))
        if not self.own:  # the outputs stay where they travelled: dog's is the one it had as the biter
            dog = row.case.tokens_a.index("dog")
            self.caption(self.s("cap_dog"))
            self.read(row.columns[dog][2], row.columns[dog][0])
        self.positions(row, note, dev, inset, VGroup(proved, frame))

    def opened_cell(self, rev, ei, shown: int) -> VGroup:
        """One diagonal cell of the table with positions written out under it: the word that moves
        first (dog), its score without p (as the table without p showed it, `shown` decimals) and with
        p (the new table's decimals), and the formula with x + p."""
        i = max((k for k in range(len(rev.perm)) if rev.perm[k] != k), default=0)  # dog in "man bites dog"
        word = self.word(rev.tokens_a[i])
        before, after = fmt_num(rev.scores_a[i, i], shown), fmt_num(rev.scores_pe_a[i, i], ei.decimals)
        self.shown["opened_cell"] = [before, after]
        line = self.txt(self.s("cell_line", w=word, before=before, after=after), size=TEXT, color=self.pal.ink)
        n = i + 1
        formula = self.tex(rf"(x+p_{n})W_Q\cdot(x+p_{n})W_K/\sqrt{{d}}", size=TEX)
        cell = VGroup(line, formula).arrange(DOWN, buff=0.18)
        self.under_table(cell, SimpleNamespace(b=ei.a), gap=0.35)
        cell.at, cell.before, cell.after = (i, i), before, after
        return cell

    def positions(self, row, note, dev, inset, proved):
        pal, case = self.pal, row.case
        rev = self.data.back(self.data.examples.index(case))  # the current order first
        back = ArrowRow(self, rev, row.colors)  # its columns stand where the current ones do
        k = sum_scale(rev, back.radius)
        t = len(back.xs)
        x_now = [arrow([back.xs[i], Y_IN], k * rev.arrows_word_pos[i], row.colors[tok], 7)
                 for i, tok in enumerate(rev.tokens_a)]
        tips = [np.array([back.xs[i], Y_IN]) + k * rev.arrows_word_pos[i] for i in range(t)]
        ps = VGroup(*(arrow(tips[i], k * rev.arrows_pos[i], pal.accent, 6) for i in range(t)))
        sums = VGroup(*(arrow([back.xs[i], Y_IN], k * (rev.arrows_word_pos[i] + rev.arrows_pos[i]), pal.ink, 2.5)
                        for i in range(t)))
        old = [row.columns[case.perm[i]] for i in range(t)]  # the column standing at place i now
        outs = back.outputs_at(rev.p_matrix.T @ rev.arrows_pe_moved, back.k_pe)
        for i, col in enumerate(back.columns):
            col.submobjects[1], col.submobjects[2] = x_now[i], outs[i]
        d = telling_decimals(rev, inset.decimals)
        ei = ScoreInset(self, pe_tables(rev), row.colors, height=TABLE_HEIGHT, top=TABLE_TOP, col_gap=0.5,
                        precisions=(d,), rigid=True)  # as the table before, or finer where a change needs it
        note_pos = self.small("view_pos").move_to(note)
        if note_pos.width > note.width * 1.15:
            note_pos.scale(note.width * 1.15 / note_pos.width)
        self.note = note_pos  # the line that steps aside while the tokens travel
        # the legend names the ink arrows: a short ink arrow "= x + p", p in the accent
        formula = self.tex(r"=\,", r"x", r"+", r"p", size=TEX)
        formula[3].set_color(pal.accent)
        key = VGroup(Arrow(ORIGIN, 0.55 * RIGHT, buff=0, color=pal.ink, stroke_width=3.5,
                           max_tip_length_to_length_ratio=0.4), formula).arrange(RIGHT, buff=0.12)
        key.next_to(row.names[1], UP, buff=0.15).align_to(row.names[1], RIGHT)
        k_pe = back.k_pe / back.k_out
        dev_pe = self.dev_label(k_pe)

        # the change of view said and shown first: the same word vectors turn into the plane that
        # also fits the positions while the crosses they stand on turn (the picture's new plane)
        self.section("positions", self.s("cap_pe_view"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.b, proved])
        self.shown["table_decimals_pe"] = ei.decimals
        for o, n in zip(old, back.columns):  # the same boxes: one for the other, unseen
            self.remove(o[0])
            self.add(n[0])
        crosses = [VGroup(*row.axes[4 * i:4 * i + 2]) for i in range(t)]  # the input row's axes at place i
        self.play(FadeOut(proved), FadeOut(note), FadeIn(note_pos), run_time=0.6)
        self.shown.pop("proved", None)
        self.play(*(ReplacementTransform(o[1], n[1]) for o, n in zip(old, back.columns)),
                  *(Rotate(c, PI / 2, about_point=np.array([back.xs[i], Y_IN, 0.0])) for i, c in enumerate(crosses)),
                  run_time=2.0)
        self.read(*(n[1] for n in back.columns), note_pos)

        self.caption(self.s("cap_pe"))
        old_title = self.title_mob
        title = self.add_title(self.s("title_pe"))  # no longer a bag: the title changes as p is added
        self.remove(title)
        self.persistent.remove(old_title)
        for j, p in enumerate(ps):
            swap = (FadeOut(old_title), FadeIn(title)) if j == 0 else ()
            self.play(GrowArrow(p[0]) if hasattr(p[0], "tip") else FadeIn(p), *swap, run_time=0.6)
        self.shown["positions_added"] = 1
        # the key "→ = x + p" comes in with the arrows it names
        self.play(*(GrowArrow(s[0]) for s in sums if hasattr(s[0], "tip")), FadeIn(key), run_time=0.8)
        self.read(sums, key)

        # one change at a time: the outputs (still without p) redrawn at the scale the new ones need
        self.caption(self.s("cap_rescale", k=f"{k_pe:.0f}"))
        now = back.outputs_at(case.arrows_dev_b, back.k_pe)  # order b's outputs without p, place by place
        self.shown["outputs_enlarged"] = round(k_pe)  # the new scale is written as the cue comes up
        self.play(FadeOut(dev), run_time=0.4)  # the old scale's line out, then the new one in: never both
        self.play(*(Transform(o[2], n) for o, n in zip(old, now)), FadeIn(dev_pe), run_time=1.0)
        self.read(*(o[2] for o in old), dev_pe)

        # its own cue: the table with p computed afresh, each cell changing in place (the old number
        # leaves its cell, the new one comes into the same cell, one cell after another)
        self.caption(self.s("cap_pe_scores"))
        before = inset.b.matrix
        frame_a = VGroup(ei.a.matrix.brackets, ei.a.rows, ei.a.cols)
        self.play(ReplacementTransform(VGroup(before.brackets, inset.b.rows, inset.b.cols), frame_a),
                  *(before.cell(r, c).animate.move_to(ei.a.matrix.cell(r, c), aligned_edge=RIGHT)
                    for r in range(t) for c in range(t)),
                  *(ReplacementTransform(o[2], n[2]) for o, n in zip(old, back.columns)), run_time=0.8)
        swaps = [Succession(FadeOut(before.cell(r, c), run_time=0.25), FadeIn(ei.a.matrix.cell(r, c), run_time=0.25))
                 for r in range(t) for c in range(t)]
        self.play(AnimationGroup(*swaps, lag_ratio=0.35), run_time=0.5 + 0.18 * t * t)
        self.remove(frame_a, ei.a.matrix.body, inset.b)
        self.add(ei.a)
        for n in back.columns:  # each column one object again, to travel whole
            self.remove(*n.submobjects)
            self.add(n)
        self.shown.pop("scores_b_shown", None)  # the table without positions gave way to the one with them
        self.shown["scores_pe_a_shown"] = 1
        self.read(ei.a.matrix)
        # one cell opened, in a cue of its own: the position terms enter its formula
        cell = self.opened_cell(rev, ei, inset.decimals)
        self.caption(self.s("cap_pe_cell", w=self.word(rev.tokens_a[cell.at[0]]), before=cell.before,
                            after=cell.after))
        self.play(FadeIn(cell, shift=0.1 * UP), run_time=0.6)
        self.read(ei.a.matrix.cell(*cell.at), cell)

        self.section("pe_swap", self.s("cap_pe_swap_own" if self.own else "cap_pe_swap"),
                     keep=[row.frame, note_pos, key, dev_pe, *back.columns, inset.name, inset.axes, ei.a, ps, sums,
                           cell])
        self.play(FadeOut(sums), FadeOut(cell), run_time=0.4)
        self.travel(back)
        x_b = rev.p_matrix @ rev.arrows_word_pos  # (T, 2) the word now standing at each place
        shift = [np.append(k * (x_b[i] - rev.arrows_word_pos[i]), 0.0) for i in range(t)]
        self.play(*(p.animate.shift(s) for p, s in zip(ps, shift)), run_time=1.0, rate_func=smooth)
        new_sums = VGroup(*(arrow([back.xs[i], Y_IN], k * (x_b[i] + rev.arrows_pos[i]), pal.ink, 2.5) for i in range(t)))
        self.play(*(GrowArrow(s[0]) for s in new_sums if hasattr(s[0], "tip")), run_time=0.6)  # still the ink sums x + p
        self.read(*ps)

        self.caption(self.s("cap_pe_table"))
        self.reorder(ei)
        self.shown["scores_pe_moved_shown"] = 1
        self.read(ei.b.matrix)

        self.caption(self.s("cap_pe_fresh"))
        label = self.txt(self.s("afresh"), size=TEXT, color=pal.cool)
        label.next_to(ei.b, DOWN, buff=0.12).set_x(INSET.center[0])
        ei.pe_b.next_to(label, DOWN, buff=0.1).set_x(ei.b.get_x())
        changed = changed_cells(rev)
        for r, c in changed:
            ei.pe_b.matrix.cell(r, c).set_color(pal.cool)
        ghost = VGroup(ei.b.matrix.brackets.copy(), ei.b.rows.copy(), ei.b.cols.copy())  # the frame, not the numbers
        self.play(ghost.animate.move_to(VGroup(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.cols)), FadeIn(label),
                  run_time=0.9)
        self.remove(ghost)
        self.add(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.cols)
        self.play(FadeIn(ei.pe_b.matrix.body, lag_ratio=0.1), run_time=1.0)
        self.remove(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.cols, ei.pe_b.matrix.body)
        self.add(ei.pe_b)
        self.shown["scores_pe_b_shown"] = 1
        self.shown["score_pe_deviation"] = rev.score_pe_deviation
        cells = [ei.pe_b.matrix.cell(r, c) for r, c in changed]
        self.read(*cells)

        self.names_out = row.names[2]
        inputs = VGroup(row.names[0], row.names[1], row.positions, key, ps, new_sums, note_pos,
                        *(c[1] for c in back.columns), *(row.axes[4 * i + j] for i in range(t) for j in (0, 1)))
        self.apart(rev, back, inputs, dev_pe)
        why = self.moved_cell(rev, ei)
        self.caption(self.s("cap_pe_out"))
        self.play(FadeOut(why), run_time=0.4)
        fresh = self.drop_fresh(back, ei, rev.arrows_pe_b, keep=True, k=back.k_apart, source=ei.pe_b)
        self.read(*fresh)
        typical = float(np.linalg.norm(rev.out_pe_b, axis=1).mean())
        check = self.pe_check(rev.pe_deviation, row.case.output_deviation, typical,
                              above=max(c[0].get_top()[1] for c in back.columns))
        self.play(FadeIn(check, shift=0.1 * UP), run_time=0.6)
        self.shown["pe_deviation"] = rev.pe_deviation
        self.shown["pe_deviation_shown"] = fmt_num(rev.pe_deviation, 2)
        self.shown["output_length_shown"] = fmt_num(typical, 1)
        self.read(check, *fresh)
        per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)  # (T,) in order b
        ranked = [(rev.tokens_b[k], fmt_num(per_word[k], 2)) for k in np.argsort(-per_word)]
        self.shown["pe_change_per_word"] = ranked
        self.caption(self.s("cap_pe_most", each=self.s("list_sep").join(f"{self.word(w)} {v}" for w, v in ranked)))
        boxes = [back.columns[rev.tokens_a.index(w)][0] for w, _ in ranked]
        values = VGroup(*(self.txt(v, size=TEXT, color=pal.cool).next_to(b, RIGHT, buff=0.12)
                          for b, (_, v) in zip(boxes, ranked)))
        self.play(FadeIn(values, lag_ratio=0.3), run_time=0.8)
        self.read(*values)
        self.caption(self.s("cap_pe_end"))
        self.conclusion_card(check, VGroup(*cells), VGroup(*fresh))

    def moved_cell(self, rev, ei) -> VGroup:
        """Why a cell changed, in two cues over the words: the word that moved (dog) with itself,
        carried from order a's table (its old position's p) and afresh (its new one's), framed in both
        tables, with the formula at each position; then a word that kept its place (bites), whose score
        with itself is the same number in both tables."""
        from scenes.perm.inset import padded_box

        inv, t, pal = np.argsort(rev.perm), len(rev.perm), self.pal
        i = max((k for k in range(t) if rev.perm[k] != k), default=0)  # dog in "man bites dog"
        s, w = int(inv[i]), self.word(rev.tokens_a[i])
        before, after = fmt_num(rev.scores_pe_a[i, i], ei.decimals), fmt_num(rev.scores_pe_b[s, s], ei.decimals)
        self.shown["moved_cell"] = [rev.tokens_a[i], i + 1, s + 1, before, after]
        self.caption(self.s("cap_pe_moved", w=w, before=before, after=after, a=i + 1, b=s + 1))
        line = self.txt(self.s("moved_line", w=w, before=before, after=after), size=TEXT, color=pal.ink)
        forms = [self.tex(rf"{v} = (x+p_{n})W_Q\cdot(x+p_{n})W_K/\sqrt{{d}}", size=TEX)
                 for v, n in ((before, i + 1), (after, s + 1))]
        why = VGroup(line, *forms).arrange(DOWN, buff=0.2)
        why.scale(min(1.0, (MAIN.width - 0.2) / why.width)).move_to([(MAIN.left + MAIN.right) / 2, 1.75, 0])
        frames = VGroup(padded_box(ei.b.matrix.cell(s, s), pal.accent), padded_box(ei.pe_b.matrix.cell(s, s), pal.accent))
        self.play(Create(frames), FadeIn(line, shift=0.1 * UP), run_time=0.6)
        for f in forms:
            self.play(FadeIn(f, shift=0.1 * UP), run_time=0.5)
        self.read(line, *forms, frames)
        kept = [k for k in range(t) if rev.perm[k] == k]
        if not kept:
            return VGroup(why, frames)
        n = kept[0]
        same = fmt_num(rev.scores_pe_b[n, n], ei.decimals)
        assert same == fmt_num(rev.scores_pe_a[n, n], ei.decimals)
        self.shown["kept_cell"] = [rev.tokens_a[n], n + 1, same]
        self.caption(self.s("cap_pe_kept", v=self.word(rev.tokens_a[n]), n=n + 1, same=same))
        marks = VGroup(padded_box(ei.b.matrix.cell(n, n), pal.ink), padded_box(ei.pe_b.matrix.cell(n, n), pal.ink))
        self.play(Create(marks), run_time=0.5)
        self.read(marks)
        return VGroup(why, frames, marks)

    def apart(self, rev, back, inputs, dev_pe) -> None:
        """Its own cue: the inputs leave, the words step down over their outputs, and the carried
        outputs are redrawn hollow (dashed, a ring on the tip) at the scale where every word's fresh
        output will stand apart from its carried one (ArrowRow.k_apart); the legend names both."""
        k = back.k_apart / back.k_out
        self.caption(self.s("cap_pe_apart", k=f"{k:.0f}"))
        legend = self.small("legend_pe")
        if legend.width > MAIN.width:
            legend.scale(MAIN.width / legend.width)
        legend.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])
        label = self.small("dev_name", k=f"{k:.0f}")  # in the names' column, where "attention output" stood
        name = self.names_out
        label.scale(min(1.0, (name.get_right()[0] - MAIN.left) / label.width))
        label.move_to(name, aligned_edge=RIGHT)
        inv = np.argsort(rev.perm)  # token a_i stands at place inv[i] now
        ghosts = back.ghosts(rev.arrows_pe_moved, back.k_apart, places=inv)
        self.play(FadeOut(inputs), run_time=0.6)
        self.remove(inputs)
        for c in back.columns:  # each column keeps its word and its output
            c.remove(c[1])
        self.play(*(c[0].animate.scale(WORD_SCALE).move_to([back.xs[inv[i]], WORDS_Y, 0])
                    for i, c in enumerate(back.columns)),
                  *(Transform(c[1], g) for c, g in zip(back.columns, ghosts)),
                  FadeOut(dev_pe), FadeOut(name), FadeIn(label), FadeIn(legend), run_time=1.4)
        self.remove(name)
        self.shown["outputs_enlarged"] = round(k)
        self.read(*(c[1] for c in back.columns), label, legend)

    def pe_check(self, deviation: float, without: float, typical: float, above: float) -> VGroup:
        """The measured counterpart of the no-p check, over the outputs: max |O_b − P O_a| with p (the
        engine's pe_deviation at two decimals), the outputs' typical length beside it for scale (the mean
        |O| of the fresh outputs) and, muted, the value without p, its power of ten as large as the text;
        just over the words (`above`: their boxes' top)."""
        big = self.tex(pe_check_tex(deviation), size=TEX)
        scale = self.txt(self.s("pe_scale", n=fmt_num(typical, 1)), size=TEXT, color=self.pal.ink)
        head, tail = self.s("pe_without").split("{v}")
        if without == 0:
            value = [self.txt("0", size=TEXT, color=self.pal.muted)]
        else:
            mant, exp = sci_parts(without, 2)
            base = self.txt(f"{fmt_num(mant, 1)} × 10", size=TEXT, color=self.pal.muted)
            power = self.txt(fmt_num(exp, 0), size=TEXT, color=self.pal.muted)
            value = [base, power.next_to(base, RIGHT, buff=0.05).align_to(base, UP).shift(0.12 * UP)]
            self.shown["pe_without_power"] = [10, exp]  # as written: 2.2 × 10 to the −16
        was = VGroup(self.txt(head, size=TEXT, color=self.pal.muted), VGroup(*value),
                     self.txt(tail, size=TEXT, color=self.pal.muted)).arrange(RIGHT, buff=0.08)
        was[1].align_to(was[0], DOWN)
        check = VGroup(VGroup(big, scale).arrange(RIGHT, buff=0.3), was).arrange(DOWN, buff=0.15)
        if check.width > MAIN.width:
            check.scale(MAIN.width / check.width)
        return check.move_to([(MAIN.left + MAIN.right) / 2, above + 0.1 + check.height / 2, 0])

    def conclusion_card(self, check, cells, fresh):
        """What the scene proved, on a card above the check (the words, the outputs, the legend and
        the tables it rests on stay in view): without p a reorder only reorders the outputs; with p
        they change."""
        pal = self.pal
        head = self.txt(self.s("card_head"), size=30, color=pal.ink, weight="BOLD")
        lines = [self.txt(line, size=28, color=pal.ink) for line in self.s("card_end").split("\n")]
        body = VGroup(head, *lines).arrange(DOWN, aligned_edge=LEFT, buff=0.16)
        room = MAIN.top - (check.get_top()[1] + 0.1) - 0.4  # the card's frame and padding
        body.scale(min(1.0, (MAIN.width - 0.5) / body.width, room / body.height))
        body.move_to([(MAIN.left + MAIN.right) / 2, MAIN.top - 0.2 - body.height / 2, 0])
        panel = BackgroundRectangle(body, color=pal.panel, fill_opacity=1.0, buff=0.2)
        frame = SurroundingRectangle(body, buff=0.2, color=pal.ink, stroke_width=3)
        for m in body:
            self.label_on(m, panel, frame)
        self.play(FadeIn(panel), Create(frame), FadeIn(head, shift=0.1 * UP), run_time=0.7)
        for line in lines:
            self.play(FadeIn(line, shift=0.1 * UP), run_time=0.6)
        self.shown["conclusion"] = 1
        self.read(*lines, cells, fresh)


def pe_check_tex(deviation: float) -> str:
    """max |O_b − P O_a| with positions, as typeset: the engine's value at two decimals."""
    return rf"\max\,|O_b-P\,O_a| = {fmt_num(deviation, 2)}"


__all__ = ["Ending", "changed_cells", "pe_check_tex", "pe_tables", "sum_scale", "telling_decimals"]
