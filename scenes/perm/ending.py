"""The permutation scene's ending (scenes/permutation.py; seed 001 lesson 5 station 1, seed 002 §01
图 2): what was shown, why (each score depends only on its two vectors), and then positions added.

The example was drawn from its start in the plane that best fits the words, the positions and their
sums (the record's arrows_word_pos, arrows_pos) and its outputs at the scale the ending keeps
(one_view), so nothing turns or rescales here. Each place gets its sinusoidal position vector p, drawn tip to tail on its word vector x. The words are swapped back
(dog bites man from man bites dog: the engine's PermutationDemo.back()): x travels with its word,
p stays with its place, so every moved word's sum x + p changes. The old
table's rows move with the words as in the 五十 step, then its columns as whole strips under it; the
new order's own table is computed afresh under it, every changed cell coloured; then scenes.perm.close:
one cell opened (dog moved from p₂ to p₀) with the positions still in view, and the fresh outputs land
away from the carried ones. A card states what was shown.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from manim import DOWN, ITALIC, ORIGIN, RIGHT, UP, AnimationGroup, Arrow, Create, CurvedArrow, FadeIn, FadeOut, GrowArrow, Indicate, ReplacementTransform, \
    Succession, SurroundingRectangle, TransformFromCopy, VGroup, smooth

from look import fmt_num
from scenes.perm.close import FORMULA, Close, one_then_other, pe_check_tex
from scenes.perm.dot import DotPair
from scenes.perm.inset import ScoreInset
from scenes.perm.layout import INSET, MAIN, TEX, TEXT, Y_IN
from scenes.perm.row import ArrowRow, arrow, word_arrow

CHANGED = 1e-9  # a score that moved by more than this changed (the unchanged ones agree to ~1e-16)
ANCHOR_GAP = 0.14  # scene units: an arc's end under a strip, clear of the frame round it (buff 0.08 and its stroke)
CAPTION_CLEAR = 0.1  # scene units over the inset's bottom: a box there stands 0.2 clear of the caption
TABLE_HEIGHT = 2.0  # scene units: each of the two stacked tables at most (digits over 3 % of the frame height;
# the lower one without its column names, the line naming it standing where they would, clear of the caption)
TABLE_GAP = 0.35  # scene units between the ending's columns (before scaling): narrow enough for the digits' size
TABLE_TOP = 1.65  # the ending's tables start under the line naming rows and columns


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


def one_view(scene, data, case) -> tuple:
    """(the case as drawn, ArrowRow's scales) for an example whose ending adds positions: from the
    start its word vectors are drawn in the plane that also fits p and x + p (the record's view_pos),
    at the scale the ending needs, so nothing turns or rescales when p comes (seed 002 §01 图 2). The
    ending works on the example the other way round (data.back()): its order b is this case's
    order a."""
    from dataclasses import replace

    rev = data.back(next(k for k, c in enumerate(data.examples) if c is case))
    p = rev.p_matrix  # (T, T): this case's order a = P times rev's order a
    drawn = replace(case, arrows_in_a=p @ rev.arrows_word_pos, arrows_in_b=rev.arrows_word_pos)
    back = ArrowRow(scene, rev, {t: scene.pal.ink for t in rev.tokens_a})
    return drawn, {"k_in": sum_scale(rev, back.radius)}


class Ending(DotPair, Close):
    """Mixin: summary() after the second example (a LectureScene with the Steps mixin)."""

    def summary(self):
        row, note, dev, inset, shown = self.final
        pal = self.pal
        proved = self.txt(self.s("proved"), size=TEXT, color=pal.ink, weight="BOLD", line_spacing=0.9)
        if proved.width > INSET.width - 0.3:
            proved.scale((INSET.width - 0.3) / proved.width)
        self.under_table(proved, inset, gap=0.35)
        room = proved.get_top()[1] - (INSET.bottom + CAPTION_CLEAR) - 0.12  # its frame ends CAPTION_CLEAR over the inset's bottom
        if proved.height > room:
            proved.scale(room / proved.height, about_edge=UP)
        frame = SurroundingRectangle(proved, buff=0.12, color=pal.ink, stroke_width=3)
        self.label_on(proved, frame)
        self.section("summary", self.s("cap_summary"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.b, shown])
        self.fade_swap(shown, VGroup(proved, frame), run_time=1.0)
        self.shown["proved"] = 1
        self.read(*(c[2] for c in row.columns))
        self.caption(self.s("cap_why"))
        self.play(FadeOut(VGroup(proved, frame)), run_time=0.4)
        self.shown.pop("proved", None)
        away = self.score_cell(row, inset)  # one cell as the dot of its q and k
        # why a reorder passes straight through: each query's weights are its own row's softmax, and
        # the weighted sum of the value vectors is the same in any order of its terms (the outputs
        # already moved with their words when dog and man swapped)
        weights = self.softmax_rows(away, inset.name, self.s("cap_rowwise"))  # each row its own softmax, its sum 1
        self.weighted_sum(row, away.there, weights)  # one output built as the sum of A·v; a reorder shuffles its terms
        self.read_caption()
        self.scores_back(inset, weights)
        self.play(FadeIn(VGroup(proved, frame)), run_time=0.4)
        self.shown["proved"] = 1
        if not self.own:  # the outputs stay where they travelled: dog's is the one it had as the biter
            dog = row.case.tokens_a.index("dog")
            self.caption(self.s("cap_dog"))
            held = self.same_output(row, dog)
            self.last_place(row, held)
            self.who_bit(inset, VGroup(proved, frame))  # bites kept in the middle: one output whoever bit whom
        self.positions(row, note, dev, inset, VGroup(proved, frame))

    def same_output(self, row, k: int):
        """Token k's output and box framed where they stand now (order b, the table beside them in the
        same order): the output it carried from order a, confirmed by the fresh computation before, so
        the word gets one output as biter and as bitten. Nothing moves: the tokens and the table never
        disagree on the order."""
        col = row.columns[k]
        frame = VGroup(SurroundingRectangle(col[2], buff=0.08, color=self.pal.ink, stroke_width=3),
                       SurroundingRectangle(col[0], buff=0.06, color=self.pal.ink, stroke_width=3))
        self.play(FadeIn(frame), run_time=0.5)
        self.shown["same_output_framed"] = row.case.tokens_a[k]
        self.read(col[2], col[0])
        return col, frame  # kept for last_place(): the same column when dog stands last

    def last_place(self, row, held) -> None:
        """Equivariance is not invariance: the outputs are only reordered, so the output standing at
        the last place (a readout there, as a next-word prediction reads it) is another word's in
        the other order. Its own cue, the last place's box and strip framed."""
        case, last = row.case, len(row.columns) - 1
        now, was = case.tokens_b[last], case.tokens_a[last]
        if now == was:
            return
        k = case.tokens_a.index(now)  # where the word stood in order a, with the very same output
        col = min(row.columns, key=lambda c: abs(c[0].get_x() - row.xs[last]))  # the column standing last now
        kept, frame = held
        self.shown.pop("same_output_framed", None)
        if kept is col:  # the word framed stands last: its frame stays, and its cue starts the journey
            self.caption(self.s("cap_last", now=self.word(now), was=self.word(was), k=k))
        else:
            frame.set_opacity(0)
            self.remove(frame)
            frame = VGroup(SurroundingRectangle(col[2], buff=0.08, color=self.pal.ink, stroke_width=3),
                           SurroundingRectangle(col[0], buff=0.06, color=self.pal.ink, stroke_width=3))
            self.caption(self.s("cap_last", now=self.word(now), was=self.word(was), k=k), with_=[FadeIn(frame)])
        self.shown["last_place_framed"] = [now, was]
        # with "it only moved with its token", where that output was computed: a ghost of now's own
        # bars at place k travels along an arc under the outputs to the last place (the bars standing
        # at k now, the other word's, dimmed meanwhile, so the travelling bars are read as now's)
        other = row.columns[case.tokens_a.index(was)]
        came = self.travel_ghost(row, col, k, last, row.colors[now], under=other[2])
        self.shown["last_place_from"] = k
        # with the next cue ("the one dog had at position 0, not man's"), the arc from that position to
        # the last place is pointed at: dog's output came from there
        self.until_next_cue()
        self.play(Indicate(came, color=row.colors[now], scale_factor=1.1), run_time=0.8)
        # and with the last ("a prediction read there changes"), the last place itself: its frame, where
        # the arc ends, drawn heavier
        self.until_next_cue(last=True)
        self.play(frame.animate.set_stroke(width=6), run_time=0.5)
        self.read(col[2], col[0])
        self.play(FadeOut(VGroup(frame, came)), run_time=0.4)
        self.shown.pop("last_place_framed", None)
        self.shown.pop("last_place_from", None)

    def travel_ghost(self, row, col, start: int, end: int, color, under):
        """A faint copy of `col`'s strip shown at place `start` (where that word stood in the other
        order) travels along an arc under the outputs to place `end`, where the word's strip stands
        now; `under` (the strip standing at `start` now) is dimmed while the ghost sits on it. The
        arc starts just under the ghost's own bars and ends just under the strip it lands on, each
        end centred on its strip, clear of the frame round it. Returns the arc, left on screen."""
        shift = (row.xs[start] - row.xs[end]) * RIGHT
        ghost = col[2].copy().shift(shift).set_fill(opacity=0.45)
        angle = np.pi / 4 if start < end else -np.pi / 4  # under the outputs either way
        gap = ANCHOR_GAP
        arc = CurvedArrow(ghost.get_bottom() + gap * DOWN, col[2].get_bottom() + gap * DOWN, angle=angle,
                          color=color, stroke_width=3, tip_length=0.18)
        self.play(under.animate.set_fill(opacity=0.15), FadeIn(ghost), run_time=0.5)
        self.wait(0.4)
        self.play(Create(arc), ghost.animate(path_arc=angle).move_to(col[2]), under.animate.set_fill(opacity=0.9),
                  run_time=1.2)
        self.play(FadeOut(ghost), run_time=0.3)
        return arc

    def pinned_positions(self, back, arrows) -> VGroup:
        """One (arrow, name) per place: p_i (`arrows[i]`, scene units) drawn beside position number i,
        in the position numbers' row, named p_i after it; these never move."""
        out = VGroup()
        for i, (num, vec) in enumerate(zip(back.positions, arrows)):
            origin = num.get_right() + np.array([0.15, -0.12, 0.0])
            body = arrow(origin, vec, self.pal.accent, 6)
            name = self.tex(rf"p_{{{i}}}", size=TEX * 1.35, color=self.pal.accent)  # its subscript above 3.1 % of the frame
            name.next_to(body, RIGHT, buff=0.08).set_y(num.get_y())
            out.add(VGroup(body, name))
        return out

    def opened_cell(self, rev, ei, shown: int) -> VGroup:
        """One diagonal cell of the table with positions written out under it: the word that moves
        first (dog), its score without p as the table without p showed it (`shown` decimals) and with
        p as the new table shows it, and under them h = x_dog + p and q = h W_Q, k = h W_K, each line
        a whole equation, at full size."""
        i = max((k for k in range(len(rev.perm)) if rev.perm[k] != k), default=0)  # dog in "man bites dog"
        word = self.word(rev.tokens_a[i])
        before, after = fmt_num(rev.scores_a[i, i], shown), fmt_num(rev.scores_pe_a[i, i], ei.decimals)
        self.shown["opened_cell"] = [before, after]
        slanted = {"t2s": {"[0:1]": ITALIC}}  # the S of S(dog, dog) as the table's name sets it
        line = self.txt(self.s("cell_line", w=word, before=before, after=after), size=TEXT, color=self.pal.ink, **slanted)
        n = i  # positions numbered from 0, as the engine numbers them
        # the input h = x + p (x's subscript the word as the language writes it), then q and k from h
        # (the cell is q·k/√d, as the table's name says), each line whole, aligned on "=" at full size
        # (never one formula broken across lines)
        first = self.tex("h", "=", "x", self.x_sub(rev.tokens_a[i]), rf"+p_{{\textstyle {n}}}", size=TEX * FORMULA)
        self.word_subscripts(first, (3,), rev.tokens_a[i])
        full = first.height
        second = self.tex("q", "=", r"hW_Q,\;k=hW_K", size=TEX * FORMULA)
        second.next_to(first, DOWN, buff=0.06)
        second.shift((first[1].get_x() - second[1].get_x()) * RIGHT)
        formula = VGroup(first, second)
        formula.scale(min(1.0, INSET.width / formula.width))  # fits the inset at full size (a safeguard)
        if line.width > INSET.width:  # the line above it in two, never shrunk with the formula
            said = self.s("cell_line", w=word, before=before, after=after)
            line = self.txt(said.replace("，" if "，" in said else ": ", "，\n" if "，" in said else ":\n", 1),
                            size=TEXT, color=self.pal.ink, line_spacing=1.2, **slanted)
        cell = VGroup(line, formula).arrange(DOWN, buff=0.22)
        self.under_table(cell, SimpleNamespace(b=ei.a), gap=0.35)
        self.shown["opened_formula_scale"] = round(first.height / full, 3)  # 1: never shrunk to fit
        cell.at, cell.before, cell.after = (i, i), before, after
        return cell

    def positions(self, row, note, dev, inset, proved):
        pal, case = self.pal, row.case
        index = next(k for k, c in enumerate(self.data.examples) if c.tokens_a == case.tokens_a and c.tokens_b == case.tokens_b)
        rev = self.data.back(index)  # the current order first
        back = ArrowRow(self, rev, row.colors)  # its columns stand where the current ones do
        k = sum_scale(rev, back.radius)
        t = len(back.xs)
        x_now = [word_arrow([back.xs[i], Y_IN], k * rev.arrows_word_pos[i], row.colors[tok], 7, back.radius, pal.background)
                 for i, tok in enumerate(rev.tokens_a)]
        tips = [np.array([back.xs[i], Y_IN]) + k * rev.arrows_word_pos[i] for i in range(t)]
        ps = VGroup(*(arrow(tips[i], k * rev.arrows_pos[i], pal.accent, 6) for i in range(t)))
        pins = self.pinned_positions(back, k * rev.arrows_pos)  # p_i beside position number i, to the end
        sums = VGroup(*(arrow([back.xs[i], Y_IN], k * (rev.arrows_word_pos[i] + rev.arrows_pos[i]), pal.ink, 2.5)
                        for i in range(t)))
        old = [row.columns[case.perm[i]] for i in range(t)]  # the column standing at place i now
        # each place's output with p: its strip at the scale the outputs have had since this example began
        outs = [self.strip(back, rev.out_pe_a[i], i, row.colors[tok], self.unit_out) for i, tok in enumerate(rev.tokens_a)]
        for i, col in enumerate(back.columns):
            col.submobjects[1], col.submobjects[2] = x_now[i], outs[i]
        d = telling_decimals(rev, inset.decimals)
        ei = ScoreInset(self, pe_tables(rev), row.colors, height=TABLE_HEIGHT, top=TABLE_TOP, col_gap=TABLE_GAP,
                        precisions=(d,))  # as the table before, or finer where a change needs it
        note_pos = note  # one view from the start (one_view): the same line, the same plane
        # the legend names the ink arrows: a short ink arrow "= x + p", p in the accent
        formula = self.tex(r"=\,", r"x", r"+", r"p", size=TEX)
        formula[3].set_color(pal.accent)
        key = VGroup(Arrow(ORIGIN, 0.55 * RIGHT, buff=0, color=pal.ink, stroke_width=3.5,
                           max_tip_length_to_length_ratio=0.4), formula).arrange(RIGHT, buff=0.12)
        key.next_to(row.names[1], UP, buff=0.15).align_to(row.names[1], RIGHT)
        dev_pe = dev  # the outputs were drawn at the scale p needs from the start (one_view)

        # nothing turns or rescales: the word vectors and the outputs already stand in the plane that
        # fits p (one_view); the proof's card leaves and the positions come
        self.section("positions", self.s("cap_pe"),
                     keep=[row.frame, note, dev, *row.columns, inset.name, inset.axes, inset.b, proved])
        self.shown["table_decimals_pe"] = ei.decimals
        self.shown["outputs_with_p"] = 1
        for o, n in zip(old, back.columns):  # the same boxes and word vectors: one for the other, unseen
            self.remove(*o[0].get_family(), *o[1].get_family(), o)  # (a grown arrow stands on its own too)
            self.add(n[0], n[1], o[2])  # the outputs stay until those with p replace them
        self.play(FadeOut(proved), run_time=0.6)
        self.shown.pop("proved", None)

        old_title = self.title_mob
        title = self.add_title(self.s("title_pe"))  # no longer a bag: the title changes as p is added
        self.remove(title)
        self.persistent.remove(old_title)
        leave, come = one_then_other()  # the old title is gone before the new one comes: never both half-faded
        # each place's p first stands beside its number (one different arrow per place), then a copy
        # goes down onto the tip of the word vector standing there
        self.play(*(GrowArrow(p[0][0]) if hasattr(p[0][0], "tip") else FadeIn(p[0]) for p in pins),
                  *(FadeIn(p[1]) for p in pins), FadeOut(old_title, rate_func=leave), FadeIn(title, rate_func=come),
                  run_time=1.0)
        self.shown["positions_pinned"] = 1
        for pin, p in zip(pins, ps):
            self.play(TransformFromCopy(pin[0], p), run_time=0.6)
        self.shown["positions_added"] = 1
        # the key "→ = x + p" comes in with the arrows it names
        self.play(*(GrowArrow(s[0]) for s in sums if hasattr(s[0], "tip")), FadeIn(key), run_time=0.8)
        self.read(*sums, key)


        # its own cue: the table with p computed afresh, each cell changing in place (the old number
        # leaves its cell, the new one comes into the same cell, one cell after another)
        self.caption(self.s("cap_pe_scores"))
        before = inset.b.matrix
        frame_a = VGroup(ei.a.matrix.brackets, ei.a.rows, ei.a.cols)
        self.play(ReplacementTransform(VGroup(before.brackets, inset.b.rows, inset.b.cols), frame_a),
                  *(before.cell(r, c).animate.move_to(ei.a.matrix.cell(r, c), aligned_edge=RIGHT)
                    for r in range(t) for c in range(t)), run_time=0.8)
        swaps = [Succession(FadeOut(before.cell(r, c), run_time=0.25), FadeIn(ei.a.matrix.cell(r, c), run_time=0.25))
                 for r in range(t) for c in range(t)]
        self.play(AnimationGroup(*swaps, lag_ratio=0.35), run_time=0.5 + 0.18 * t * t)
        self.shown.pop("scores_b_shown", None)  # the table without positions gave way to the one with them
        self.shown["scores_pe_a_shown"] = 1
        self.read(ei.a.matrix)
        # the scores first, then, under a cue of their own, the outputs they give
        self.caption(self.s("cap_pe_outputs"))
        self.play(*(ReplacementTransform(o[2], n[2]) for o, n in zip(old, back.columns)), run_time=0.8)
        self.remove(frame_a, ei.a.matrix.body, inset.b)
        self.add(ei.a)
        for n in back.columns:  # each column one object again, to travel whole
            self.remove(*n.submobjects)
            self.add(n)
        self.read(*(n[2] for n in back.columns))
        # one cell opened, in a cue of its own: the position terms enter its formula
        cell = self.opened_cell(rev, ei, inset.decimals)
        self.play(FadeIn(cell, shift=0.1 * UP), run_time=0.6)  # both numbers on screen before the cue says them
        self.caption(self.s("cap_pe_cell", w=self.word(rev.tokens_a[cell.at[0]]), before=cell.before,
                            after=cell.after))
        self.read(ei.a.matrix.cell(*cell.at), cell)

        self.section("pe_swap", self.s("cap_pe_swap_own" if self.own else "cap_pe_swap"),
                     keep=[row.frame, note_pos, key, dev_pe, *back.columns, inset.name, inset.axes, ei.a, ps, sums,
                           cell, pins])
        self.play(FadeOut(sums), FadeOut(cell), run_time=0.4)
        # x leaves with its word; every p stays put, beside its number and where it stood
        self.travel(back, with_=[Indicate(p[0], color=pal.accent, scale_factor=1.3) for p in pins],
                    over=[p[1] for p in pins])
        self.shown["p_stayed"] = 1
        x_b = rev.p_matrix @ rev.arrows_word_pos  # (T, 2) the word now standing at each place
        moved = [i for i in range(t) if rev.perm[i] != i]
        # x + p rebuilt at each place the words left: that place's p leaves the old tip and a fresh copy
        # of the pinned p comes down onto the new word vector's tip
        new_ps = [arrow(tips[i] + k * (x_b[i] - rev.arrows_word_pos[i]), k * rev.arrows_pos[i], pal.accent, 6)
                  for i in range(t)]
        self.play(*(FadeOut(ps[i]) for i in moved), run_time=0.4)
        self.play(*(TransformFromCopy(pins[i][0], new_ps[i]) for i in moved), run_time=1.0, rate_func=smooth)
        for i in moved:
            ps.submobjects[i] = new_ps[i]
        new_sums = VGroup(*(arrow([back.xs[i], Y_IN], k * (x_b[i] + rev.arrows_pos[i]), pal.ink, 2.5) for i in range(t)))
        self.play(*(GrowArrow(s[0]) for s in new_sums if hasattr(s[0], "tip")), run_time=0.6)  # still the ink sums x + p
        self.read(*ps)

        self.caption(self.s("cap_pe_table"))
        self.reorder(ei, self.s("cap_pe_table_cols"))
        self.shown["scores_pe_moved_shown"] = 1
        self.read(ei.b.matrix)

        label = self.txt(self.s("afresh"), size=TEXT, color=pal.ink)  # the text neutral: blue is also a word colour
        label.next_to(ei.b, DOWN, buff=0.12).set_x(INSET.center[0])
        # the fresh table right under the carried one, its columns in the same places: the line naming
        # it stands where its column names would (they come back when it rises alone, close.differences)
        ei.pe_b.set_x(ei.b.get_x())
        ei.pe_b.shift((label.get_bottom()[1] - ei.pe_b.cols.get_bottom()[1]) * UP)
        ei.pe_b.cols.set_opacity(0)
        changed = changed_cells(rev)
        for r, c in changed:
            ei.pe_b.matrix.cell(r, c).set_color(pal.accent)  # what p changed: never a word's blue
        # the fresh table comes in at its place (no copy of the old one's names sliding over them) with its
        # cue: brackets, row names, numbers and its label together
        self.caption(self.s("cap_pe_fresh"))
        self.play(FadeIn(VGroup(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.matrix.body), shift=0.15 * DOWN),
                  FadeIn(label), run_time=0.8)
        self.remove(ei.pe_b.matrix.brackets, ei.pe_b.rows, ei.pe_b.matrix.body)
        self.add(ei.pe_b)
        self.shown["scores_pe_b_shown"] = 1
        self.shown["score_pe_deviation"] = rev.score_pe_deviation
        cells = [ei.pe_b.matrix.cell(r, c) for r, c in changed]
        self.read(*cells)

        # the position arrows (p at each number and at each word's tip) and the sums x + p with their key:
        # set aside while the causal-mask aside shows the words without p
        with_pos = VGroup(*pins, ps, new_sums, key)
        self.close(row, rev, back, ei, note_pos, dev_pe, VGroup(*cells), VGroup(inset.name, inset.axes), label, with_pos)


__all__ = ["Ending", "changed_cells", "one_view", "pe_check_tex", "pe_tables", "sum_scale", "telling_decimals"]
