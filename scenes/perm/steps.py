"""The permutation scene's steps (scenes/permutation.py, seed 001 lesson 5 station 1, seed 002 §01
图 2): the tokens placed and their arrows grown, each output mixed from the value vectors, the outputs
redrawn about their average, the tokens travelling to order b with their arrows, the score table's
rows then columns following them, and order b computed afresh landing on what travelled."""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Animation, Create, ManimColor, FadeIn, FadeOut, Flash, GrowArrow, ReplacementTransform, \
    SurroundingRectangle, UpdateFromAlphaFunc, VGroup, linear, smooth

from engine.toy import sentence
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.perm.inset import PAD_COL, ScoreInset, cell_frame, padded_box
from scenes.perm.layout import INSET, MAIN, TEX, TEXT, Y_IN, Y_NOTE, Y_OUT
from scenes.perm.row import ArrowRow
from scenes.perm.strings import WORDS

SWAP_TIME = 2.6  # seconds the tokens take to reach their new positions
LANE_UP, LANE_DOWN = 0.5, 0.45  # scene units: the lanes of columns going right (up) and left (down): two
# boxes passing are a box's height (0.72) and more apart, and the lower lane stops over the captions
TURN = 0.22  # share of the time a column takes to step out to its lane, and back in at its new place


def lane_travel(col, shift: np.ndarray) -> UpdateFromAlphaFunc:
    """`col` moved by `shift` (3,) along the row at full size, on its own lane: right-going columns
    step up by LANE_UP, left-going ones down by LANE_DOWN, travel along while out (lane_profile) and
    step back in at their new place, each under the columns standing still (a word that stays, its
    position number, arrow and bars are never covered by the words passing it); two columns passing
    each other have their word boxes apart all the way, every word at full size."""
    from scenes.perm.shuffle import lane_profile

    start = col.get_center().copy()
    lane = np.array([0.0, LANE_UP if shift[0] > 0 else -LANE_DOWN, 0.0])
    col.set_z_index(-1 if shift[0] > 0 else -2)  # under what stays; the upper lane over the lower

    def step(m, a):
        out, along = lane_profile(a, TURN)
        m.move_to(start + shift * along + lane * out)
        if a >= 1.0:
            m.set_z_index(0)

    return UpdateFromAlphaFunc(col, step)


def tex_sci(x: float) -> str:
    """A deviation typeset: 0, or 2.2\\times 10^{-16} (two significant digits)."""
    if x == 0:
        return "0"
    m, e = f"{x:.1e}".split("e")
    return rf"{m}\times 10^{{\textstyle {int(e)}}}"


def drawn_length(v) -> float:
    """The length of an arrow as drawn (0 for the dot of a vector too short for one)."""
    return float(np.linalg.norm(v[0].get_end() - v[0].get_start())) if hasattr(v[0], "tip") else 0.0


def tail(v) -> np.ndarray:
    """Where an arrow (or the dot of a vector too short for one) starts, (3,)."""
    return v[0].get_start() if hasattr(v[0], "tip") else v[0].get_center()


def asymmetric_pair(scores: np.ndarray, decimals: int):
    """(i, j) with S[i, j] ≠ S[j, i] at the shown rounding, the larger first; None if the table reads
    symmetric."""
    best = None
    t = len(scores)
    for i in range(t):
        for j in range(i + 1, t):
            if round(scores[i, j], decimals) != round(scores[j, i], decimals):
                pair = (i, j) if scores[i, j] > scores[j, i] else (j, i)
                if best is None or abs(scores[i, j] - scores[j, i]) > abs(scores[best] - scores[best[::-1]]):
                    best = pair
    return best



class Steps:
    """Mixin of the scene's building blocks (a LectureScene with `pal`, `colors`, `shown`, `note`)."""

    def word(self, tok: str) -> str:
        """A token as this language writes it on screen (狗 for dog in Chinese); the engine keeps its key."""
        return WORDS.get(self.look.lang, {}).get(tok, tok)

    def x_sub(self, tok: str) -> str:
        """The subscript of x for `tok` as a part of its own in a MathTex: the engine's key where the
        language writes it in Latin (x_dog), else a placeholder the word replaces (word_subscripts)."""
        word = self.word(tok)
        return rf"_{{\textstyle\mathrm{{{tok}}}}}" if word.isascii() else r"_{\textstyle\mathrm{M}}"

    def word_subscripts(self, formula, parts, tok: str):
        """`formula`'s parts at `parts` (x_sub's placeholders) replaced by the word as this language
        writes it (狗: TeX sets Latin only), at the placeholder's height and place; the formula back."""
        word = self.word(tok)
        if word.isascii():
            return formula
        for k in parts:
            mark = formula[k]
            glyph = self.txt(word, size=TEXT, color=mark.get_color())
            glyph.scale(1.3 * mark.height / glyph.height).move_to(mark)
            formula.submobjects[k] = glyph
        return formula

    def said(self, tokens) -> str:
        return sentence([self.word(t) for t in tokens])

    def read(self, *mobs) -> None:
        """Read the caption while pointing at `mobs` (scenes.parts.emphasis) in the highlight colour,
        ink (the accent is kept for the position vectors); a coloured object (a word's arrow, p, a
        fresh arrow) keeps its colour, which carries its meaning, and is pointed at by its pulse."""
        hexed = lambda c: ManimColor(c).to_hex().lower()  # noqa: E731
        plain = {hexed(self.pal.ink), hexed(self.pal.muted)}
        def own(m):  # the colour drawn (a group's own colour is not what is seen)
            drawn = m.family_members_with_points()
            return drawn[0].get_color() if drawn else m.get_color()
        read_with(self, *mobs, color=lambda m: self.pal.ink if hexed(own(m)) in plain else own(m))

    def small(self, key: str, **fmt):
        """A secondary text of the scene (legends, notes) at the legible size."""
        return self.txt(self.s(key, **fmt), size=TEXT, color=self.pal.muted, line_spacing=0.8)

    def token_colors(self, case) -> dict:
        tokens = list(dict.fromkeys(case.tokens_a))
        return {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}

    def view_note(self, row: ArrowRow):
        """What the arrows draw, one line under them (a group, as the line the scene steps aside)."""
        d = self.data.d_model
        note = self.small("view", d=d) if d > 2 else self.small("view_all")
        if note.width > MAIN.width:
            note.scale(MAIN.width / note.width)
        note.move_to([(MAIN.left + MAIN.right) / 2, Y_NOTE, 0])
        return VGroup(note)

    def under_table(self, mob, inset: ScoreInset, gap: float = 0.3):
        """`mob` fitted into the inset under the table (at most its width), top at the table's bottom."""
        top = inset.b.get_bottom()[1] - gap
        if mob.width > INSET.width:
            mob.scale(INSET.width / mob.width)
        if mob.height > top - INSET.bottom:
            mob.scale((top - INSET.bottom) / mob.height)
        return mob.move_to([INSET.center[0], top - mob.height / 2, 0])

    def fade_swap(self, old, new, run_time: float = 0.6):
        """One text gives way to another: the old fades out, then the new fades in (never a morph)."""
        self.play(FadeOut(old), run_time=run_time / 2)
        self.play(FadeIn(new), run_time=run_time / 2)

    def show_frame(self, row: ArrowRow, note, arrive=None):
        """The positions and row names (`arrive`: how they come, by default a fade; empty: already on
        screen), then the tokens drop in one after another."""
        if arrive is None or len(arrive):
            self.play(*(arrive or (FadeIn(row.frame), FadeIn(note))), run_time=0.8 if arrive else 0.6)
        for c in row.boxes:
            self.play(FadeIn(c, shift=0.25 * DOWN), run_time=0.5)
        self.shown["order"] = " ".join(row.case.tokens_a)

    def grow_inputs(self, row: ArrowRow, run_time: float = 0.7):
        for v in row.inputs:  # a lengthened arrow's end mark comes with it
            self.play(GrowArrow(v[0]) if hasattr(v[0], "tip") else FadeIn(v[0]), *(FadeIn(m) for m in v[1:]),
                      run_time=run_time)

    def mix(self, row: ArrowRow, run_time: float = 1.0, weights: VGroup | None = None):
        """Each output from the value vectors, in steps spread over the cue: copies of every word vector
        go down to each output and turn into their value vectors v = x W_V; each shrinks to its softmax
        weight times itself (α·v, from the output's origin, `weights` written over the outputs as they
        shrink); they line up tip to tail, and the output grows along the chain, ending exactly at its
        tip (the arrows are a linear view of the d-number vectors). The record holds each weight used
        and each drawn piece's length, in the record's units (α·|v|)."""
        t = len(row.columns)
        label = self.tex(r"v = x\,W_V", size=TEX).move_to([row.names.get_center()[0], (Y_IN + Y_OUT) / 2, 0])
        sources = [row.mix_sources() for _ in range(t)]
        # the steps take 5.6 run_times; what is left of the cue is shared out between them as pauses
        pause = min(1.2, max(0.3, (self.caption_left() - 5.6 * run_time) / 4))
        note = self.note  # the line under the arrows steps aside while the value vectors are drawn
        self.play(*(v.animate.shift(np.array([row.xs[i], Y_OUT, 0]) - tail(v))
                    for i, src in enumerate(sources) for v in src), note.animate.set_opacity(0), run_time=run_time)
        values = [row.values_at(i) for i in range(t)]
        self.play(*(ReplacementTransform(s, v) for s, v in zip(sources, values)), FadeIn(label), run_time=run_time)
        self.wait(pause)
        scaled = [row.scaled_at(i) for i in range(t)]
        self.play(*(ReplacementTransform(v, c) for v, c in zip(values, scaled)),
                  *([FadeIn(weights, shift=0.1 * UP)] if weights is not None else []), run_time=run_time * 1.2)
        for i, pieces in enumerate(scaled):  # what is drawn: α_ij · v_j, measured on the arrows
            for j, piece in enumerate(pieces):
                self.shown[f"mix_weight_{i}_{j}"] = float(row.case.weights_a[i, j])
                self.shown[f"mix_piece_{i}_{j}"] = drawn_length(piece) / row.k_out
        self.wait(pause)
        chains = [row.chain_at(i) for i in range(t)]
        self.play(*(ReplacementTransform(v, c) for v, c in zip(scaled, chains)), run_time=run_time * 1.2)
        self.wait(pause)
        self.play(*(GrowArrow(o[0]) if hasattr(o[0], "tip") else FadeIn(o) for o in row.outputs), run_time=run_time)
        self.shown["outputs_shown"] = 1
        self.wait(pause)
        self.play(*(FadeOut(c) for c in chains), FadeOut(label), note.animate.set_opacity(1), run_time=run_time * 0.6)
        for key in [k for k in self.shown if k.startswith("mix_piece_")]:
            self.shown.pop(key)

    def travel(self, row: ArrowRow, with_=(), over=()):
        """Every token walks to its order-b position with its two arrows, each on a lane of its own
        (lane_travel): tokens going right a little above the row, tokens going left a little below
        it, at full size, under the columns standing still. `with_`: animations played alongside (what
        stays put, pointed out). The position numbers and `over` (the names p_i beside them) stay
        drawn over a box passing on the upper lane: they take part in the play, in front."""
        moves = [lane_travel(col, s) for col, s in zip(row.columns, row.targets()) if np.any(s)]
        drawn = self.get_mobject_family_members()
        front = [m.set_z_index(1) for m in (*row.positions, *over) if m in drawn]  # only what is on screen
        self.play(*moves, *with_, *(Animation(m) for m in front), run_time=SWAP_TIME, rate_func=smooth)
        self.shown["order"] = " ".join(row.case.tokens_b)

    def reorder(self, inset: ScoreInset, cue_cols: str, order=None, order_b=None, p=None):
        """The table's rows go with their tokens (P S), then, under `cue_cols`, its columns (P S Pᵀ):
        each phase one motion in which every moving line travels whole with its name
        (scenes.perm.shuffle); the line naming the order gives way to the new one meanwhile. `p`: the
        matrix P on screen, whose 1s are framed while the rows move (each row of P picks the row of the
        table that comes to it) and while the columns move."""
        if order is not None:
            self.play(FadeOut(order), run_time=0.3)
        marks = VGroup()
        if p is not None:
            marks = VGroup(*(cell_frame(p, s, int(inset.case.perm[s]), self.pal.ink) for s in range(len(inset.case.perm))))
        self._move(inset.reorder_rows(), [Create(marks)] if len(marks) else [])
        self.read_caption()
        self.caption(cue_cols)
        for phase in inset.reorder_columns():
            self._move(phase)
        if len(marks):
            self.play(FadeOut(marks), run_time=0.3)
        if order_b is not None:
            self.play(FadeIn(order_b), run_time=0.4)
        inset.settle()
        self.shown["scores_b_shown"] = 1

    def _move(self, phase, extra=()) -> None:
        """Play one phase of the reorder (animations, seconds, what to tidy after) and tidy."""
        anims, seconds, done = phase
        self.play(*anims(), *extra, run_time=seconds, rate_func=linear)
        self.remove(*done())

    def drop_fresh(self, row: ArrowRow, inset: ScoreInset, outputs, unit: float):
        """Order b computed afresh (`outputs` (T, d), place by place), drawn as at the end of the scene:
        each strip that travelled fades to a ghost and the fresh output comes down over it, ink
        outlines, flashing where they land; returned with the legend naming both, which stay until the
        caller lets them go when its cue has been read."""
        fresh = self.fresh_strips(row, outputs, unit, outline=False)
        legend = self.ghost_legend([row.colors[t] for t in row.case.tokens_b])  # the outlines are named where they are first used
        legend.arrange(RIGHT, buff=0.5)
        if legend.width > INSET.width - 0.1:
            legend.arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        legend.move_to([INSET.center[0], INSET.bottom + legend.height / 2 + 0.1, 0])
        self.play(*self.to_ghosts(row), FadeIn(legend), run_time=0.8)
        # each comes down at its place (no flight across the table or the formulas)
        self.play(*(FadeIn(f, shift=0.3 * DOWN) for f in fresh), run_time=1.2)
        self.play(*(Flash(f.get_center(), color=self.pal.ink, flash_radius=0.5 * f.width) for f in fresh), run_time=0.6)
        self.shown["fresh_outputs_shown"] = 1
        return VGroup(fresh, legend)

    def pieces(self, case, drawn=None, **scales):
        """The row of arrows, the line under it and the score inset of `case`; `drawn`: the same case
        with the arrows as they are drawn (another plane), `scales`: ArrowRow's k_in."""
        colors = self.token_colors(case)
        row = ArrowRow(self, case if drawn is None else drawn, colors, **scales)
        self.note = self.view_note(row)
        return row, self.note, ScoreInset(self, case, colors, height=1.9, col_gap=0.45)  # as large as the inset allows (P and the legend under it)

    def sweep(self, inset: ScoreInset, axis: str):
        """A frame walks down the table's rows (each a query) or across its columns (each a key); it
        stays on the last one (returned) while the cue is read."""
        m, t = inset.a.matrix, len(inset.case.tokens_a)
        names = inset.a.rows if axis == "rows" else inset.a.cols
        part = (lambda k: VGroup(names[k], m.row(k))) if axis == "rows" else (lambda k: VGroup(names[k], m.col(k)))
        pad = {} if axis == "rows" else {"pad_x": PAD_COL}  # a column's frame inside the bracket's lips
        boxes = [padded_box(part(k), self.pal.ink, **pad) for k in range(t)]
        self.play(Create(boxes[0]), run_time=0.6)
        for a, b in zip(boxes, boxes[1:]):  # one frame goes, the next comes: never one sliding over digits
            self.wait(0.4)
            self.play(FadeOut(a), run_time=0.25)
            self.play(Create(b), run_time=0.45)
        return boxes[-1]

    def mirror(self, inset: ScoreInset, pair):
        """The two cells that mirror each other across the diagonal, framed one after the other."""
        i, j = pair
        m = inset.a.matrix
        frames = VGroup(cell_frame(m, i, j, self.pal.ink), cell_frame(m, j, i, self.pal.ink))
        for f in frames:
            self.play(Create(f), run_time=0.7)
        return frames


    def look_alike(self, row: ArrowRow, weights: VGroup):
        """Two outputs that look alike, shown so: each framed with its weights as the cue names them, then
        a faint copy of the first carried onto the second's origin, where it nearly covers it."""
        first, second = row.columns[0][2], row.columns[1][2]
        for k, out in enumerate((first, second)):
            frame = SurroundingRectangle(VGroup(out, weights[k]), buff=0.08, color=self.pal.ink, stroke_width=3)
            self.play(Create(frame), run_time=0.5)
            self.wait(0.6)
            self.play(FadeOut(frame), run_time=0.3)
        copy = first.copy().set_opacity(0.45)
        self.add(copy)
        self.play(copy.animate.shift(np.array([row.xs[1] - row.xs[0], 0.0, 0.0])), run_time=1.4)
        self.wait(0.8)
        self.play(FadeOut(copy), run_time=0.4)

    def weight_labels(self, row: ArrowRow) -> VGroup:
        """Each output's softmax weights between the two arrow rows, over it, each weight named by the
        word whose value vector it scales and in that word's colour ("十 0.57  五 0.43": α to v_j)."""
        labels = VGroup()
        step = row.xs[1] - row.xs[0] if len(row.xs) > 1 else MAIN.width
        toks = row.case.tokens_a
        for x, w in zip(row.xs, row.case.weights_a):
            pairs = [VGroup(self.txt(self.word(t), size=TEXT, color=row.colors[t]),
                            self.txt(fmt_num(v, 2), size=TEXT, color=row.colors[t])).arrange(RIGHT, buff=0.1)
                     for t, v in zip(toks, w)]
            # one weight a line, at full size (stacked, never shrunk to share one line)
            lab = VGroup(*pairs).arrange(DOWN, buff=0.12, aligned_edge=LEFT)
            if lab.width > 0.45 * step:  # a clear gap between two outputs' weights
                lab.scale(0.45 * step / lab.width)
            # right of the crosses' vertical line, which runs between the two arrow rows
            labels.add(lab.move_to([x + 0.15 + lab.width / 2, (Y_IN + Y_OUT) / 2, 0]))
        self.shown["weights_named"] = [[[t, fmt_num(v, 2)] for t, v in zip(toks, w)] for w in row.case.weights_a]
        return labels

    def deviation_check(self, deviation: float, room: float | None = None) -> VGroup:
        """max |P O_a − O_b| read left to right as the equation above it (order a's outputs reordered,
        then order b's), then on its own line equal to the engine's largest difference (rounding) and
        ≈ 0: in ink at the formula size (its exponent in text style, as large as its digits), shrunk
        only to fit the inset's width and `room` (scene units of height)."""
        size = TEX * 1.15
        measure = self.tex(r"\max\,|P\,O_{\textstyle a}-O_{\textstyle b}|", size=size)
        value = self.tex("=" + tex_sci(deviation) + r"\approx 0", size=size)
        check = VGroup(measure, value).arrange(DOWN, buff=0.15)
        value.align_to(measure, LEFT).shift(0.3 * RIGHT)
        fit = min(1.0, INSET.width / check.width, (room or check.height) / check.height)
        return check.scale(fit)
