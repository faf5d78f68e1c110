"""pe_clock's "use" section (seed 001 station 1 answered by its fingerprint station):
first the words alone: 十 scores 五 the same in 十五 and 五十 (engine words_only). Then
PE(0) and PE(1), lifted out of the parked fingerprint table, are added to the word vectors of 十 and 五;
the sums pass through the look-back head's W_Q = 12 R_{-1} and W_K = I (engine.word_order.look_back_order, the
permutation lesson's word vectors at the fingerprint's width; q drawn as q / 12 on the strips' scale, each matrix
on its own) and the two products meet: their dot product q · k
(engine dots_pe), divided by √d, is the score. Then the same words
swap seats: the fingerprints cross over, the sums and products change, and so does the score.

Every strip is one engine vector drawn as a row of cells (scenes.parts.heatmap), all on one colour scale
(±vmax, the largest |value| among them, drawn as a colour bar under the word vectors; the PE rows take it as they
leave the table) so a sum's colours are the colours of its two parts added; W_Q and W_K are the engine's matrices.
Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, PI, RIGHT, UP, Arc, Create, FadeIn, FadeOut, FadeTransform, Indicate, Line, ReplacementTransform, SurroundingRectangle,
    Restore, Transform, TransformFromCopy, VGroup, Write,
)

from look import fmt_num
from scenes.clock.walk import hand_over, walk_cue
from scenes.parts.emphasis import read_with
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, on_screen

STRIP_W, STRIP_H = 1.5, 0.36  # one vector of d numbers: STRIP_W wide whatever d is
X_TILE, X_WORD, X_PLUS, X_PE, X_EQ, X_SUM, X_W, X_TO, X_OUT, X_MEET = (  # inside the title-safe ±6.4
    -6.1, -4.95, -3.9, -2.8, -1.7, -0.6, 0.95, 1.75, 2.9, 5.55)
ROW_Y = (1.3, -0.05)  # the word that asks (query), the word it looks at (key)
LABEL_DY = 0.4  # a strip's name under it
TABLE_Y = (-1.1, -1.6, -2.1)  # the scores: heads (clear of W_K = I above them), words + PE, words only
TABLE_X = (2.2, 4.6)  # order a, order b
LABEL_RIGHT = 1.0  # the score rows' names end here
W_SIZE = 0.9
DIVIDE_HOLD = 0.8  # s: ÷ √d alone, then with its quotient; the step is up for 2.9 s before the score's cue
BAR_CELLS, BAR_W, BAR_H, BAR_AT = 33, 3.2, 0.22, (-4.45, -1.45, 0)  # the shared colour scale, under the word vectors
SCORE_DECIMALS = 2  # the scores and their parts: two decimals tell every pair apart (−0.97 and −0.80; the numbers file keeps all)
SCORE_TEX = 42  # the score's formula over the use and why steps (points)
PARTS_NAME_X, PARTS_X, PARTS_STEP = -5.7, (-4.3, -2.2, -0.1, 2.0), 2.1  # the order, its four parts, the score
PARTS_Y = (1.3, 0.7, 0.1)
PARTS_TEX = (r"x_q\cdot x_k", r"x_q\cdot PE_k", r"PE_q\cdot x_k", r"PE_q\cdot PE_k")  # word·word … seat·seat  # the parts' names, 十五, 五十: where the vectors stood, above the scores
X_RIGHT = 6.3  # q · k = …, then ÷ √d and the quotient under it, right-aligned here (inside the title-safe 6.4)


def tex_num(v: float) -> str:
    """A value as a formula writes it (SCORE_DECIMALS, a TeX minus)."""
    return fmt_num(v, SCORE_DECIMALS).replace("\u2212", "-")


def root_text(d: int) -> str:
    """√d as the caption and the screen write it: 4 for 16, 2.83 for 8."""
    r = float(np.sqrt(d))
    return f"{r:.0f}" if r.is_integer() else f"{r:.2f}"


def down_then_across(start, end, alpha: float):
    """A path down to the target's row first, then along it: the quotient, right of the table, reaches its cell
    without passing over the other order's head."""
    t_y, t_x = min(1.0, 2.0 * alpha), max(0.0, 2.0 * alpha - 1.0)
    out = start + (end - start) * t_x
    out[:, 1] = start[:, 1] + (end[:, 1] - start[:, 1]) * t_y
    return out


class UseSection:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, shown, grid, lift_row,
    token_strip, relative_view, seat_label, seat_num, park_label (scenes.pe_clock)."""

    def colour_bar(self, vmax: float):
        """The one colour scale of every strip in this section, −vmax … 0 … +vmax, under the word vectors."""
        pal = self.pal
        ramp = HeatmapGrid(np.linspace(-vmax, vmax, BAR_CELLS)[None, :], cell_w=BAR_W / BAR_CELLS, cell_h=BAR_H,
                           palette=pal, vmax=vmax).show_rows(1).move_to(BAR_AT)
        ends = VGroup(*(self.txt(t, size=30, color=pal.ink).next_to(ramp, DOWN, buff=0.08).set_x(x)
                        for t, x in ((fmt_num(-vmax, 2), ramp.get_left()[0] + 0.3), ("0", ramp.get_center()[0]),
                                     (fmt_num(vmax, 2), ramp.get_right()[0] - 0.3))))
        return VGroup(ramp, ends)

    def vector_strip(self, values, vmax: float, width: float = STRIP_W, height: float = STRIP_H):
        """One vector (d,) as a row of cells, `vmax` the colour scale's end."""
        values = np.asarray(values, dtype=float)[None, :]  # (1, d)
        return HeatmapGrid(values, cell_w=width / values.shape[1], cell_h=height, palette=self.pal,
                           vmax=vmax).show_rows(1)

    def order_record(self):
        """The orders' scores the section shows: through the look-back head (engine look_order) when the record
        has it, else through the permutation lesson's head (engine order)."""
        d = self.data
        return d.look_order if getattr(d, "look_order", None) is not None else d.order

    def use_fingerprint(self):
        """x + PE(seat) → W_Q, W_K → q · k / √d for 十五, then the same pieces with the seats swapped."""
        pal, d = self.pal, self.data
        o = self.order_record()
        look = o is not d.order  # the look-back head: W_Q = c R_{-1}, W_K = I
        c = d.look_back_scale if look else 1.0
        (qa, ka), (qb, kb) = o.seats
        sums = [[o.x_query + o.pe[qs], o.x_key + o.pe[ks]] for qs, ks in o.seats]  # per order: (d,), (d,)
        # the query drawn as q / c (c = 12 for the look-back head, whose q is c times a turned sum): on the sums' scale
        q_draw = o.q_pe / c  # (2, d)
        vmax = float(max(np.abs(v).max() for v in (o.x_query, o.x_key, o.pe, *sums[0], *sums[1], q_draw, o.k_pe)))
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)

        def name(text, x, y, color=None, tex=False):
            # q and k are single letters: at 44 points they stand about as high as the 30-point names (≥ 3 % of the frame)
            mob = self.tex(text, size=44, color=color) if tex else self.txt(text, size=30, color=color or pal.ink)
            return mob.move_to([x, y - LABEL_DY, 0])

        order = self.token_strip(*o.tokens_a).scale(0.62).move_to([-5.55, 2.55, 0])
        # at 42 points (its scripts about 4 % of the frame high): it heads the use and why steps, read from the back row
        formula = self.tex(r"\big((x_q+PE(p_q))\,W_Q\big)\cdot\big((x_k+PE(p_k))\,W_K\big)\,/\sqrt{%d}" % d.d_model,
                           size=SCORE_TEX)
        shrink = min(1.0, 9.4 / formula.width)  # the same factor for the words-only formula below
        formula.scale(shrink)
        formula.move_to([1.1, 2.72, 0])  # clear of W_Q's name under it
        # the words-only score's formula, the same without the fingerprints: it grows into the one above as they are added
        words_formula = self.tex(r"\big(x_q\,W_Q\big)\cdot\big(x_k\,W_K\big)\,/\sqrt{%d}" % d.d_model, size=SCORE_TEX)
        words_formula.scale(shrink)
        words_formula.move_to(formula)
        rows = []
        n_c = fmt_num(c, 0)
        head_names = (rf"W_Q={n_c}\,R_{{-1}}", r"W_K=I") if look else ("W_Q", "W_K")
        for word, vec, y, w_mat, w_name, out_name in ((o.query, o.x_query, ROW_Y[0], o.w_q, head_names[0],
                                                        rf"q/{n_c}" if look else "q"),
                                                       (o.key, o.x_key, ROW_Y[1], o.w_k, head_names[1], "k")):
            wmax = float(np.abs(w_mat).max())  # each matrix on its own scale (12 R_{-1} and I: both read)
            tile = self.token_strip(word).scale(0.5).move_to([X_TILE, y, 0])
            x_strip = self.vector_strip(vec, vmax).move_to([X_WORD, y, 0])
            plus = self.txt("+", size=34, color=pal.ink).move_to([X_PLUS, y, 0])
            eq = self.txt("=", size=34, color=pal.ink).move_to([X_EQ, y, 0])
            w = HeatmapGrid(w_mat, cell_w=W_SIZE / d.d_model, cell_h=W_SIZE / d.d_model, palette=pal,
                            vmax=wmax).show_rows(d.d_model).move_to([X_W, y, 0])
            arrow = self.txt("→", size=34, color=pal.ink).move_to([X_TO, y, 0])
            w_label = self.tex(w_name, size=36)  # above W_Q, below W_K: clear of the scores under it
            w_label.next_to(w, UP if y == ROW_Y[0] else DOWN, buff=0.08)
            if look and y == ROW_Y[0]:  # W_Q turns every hand back one seat: a backward turn drawn over it, unlike I
                turn = Arc(radius=W_SIZE * 0.3, start_angle=PI * 0.35, angle=-PI * 1.3, stroke_color=pal.ink,
                           stroke_width=6).add_tip(tip_length=0.16, tip_width=0.16).move_to(w)
                w_label = VGroup(w_label, turn)
            rows.append({"tile": tile, "x": x_strip, "x_name": name(f"x({word})", X_WORD, y),
                         "plus": plus, "eq": eq, "w": w, "w_name": w_label,
                         "arrow": arrow, "out_name": name(out_name, X_OUT, y, tex=True), "y": y})
        heads = VGroup(*(self.txt(t, size=28).move_to([x, TABLE_Y[0], 0]) for x, t in zip(TABLE_X, (ta, tb))))
        labels = VGroup(*(self.txt(self.s(key), size=26, color=c).move_to([LABEL_RIGHT, y, 0]).align_to(
            [LABEL_RIGHT, 0, 0], RIGHT) for key, y, c in (("with_pe", TABLE_Y[1], pal.accent),
                                                          ("words_only", TABLE_Y[2], pal.ink))))
        values_pe = [self.txt(fmt_num(v, SCORE_DECIMALS), size=28, color=pal.accent).move_to([x, TABLE_Y[1], 0])
                     for x, v in zip(TABLE_X, o.with_pe)]
        values_words = [self.txt(fmt_num(v, SCORE_DECIMALS), size=28).move_to([x, TABLE_Y[2], 0]) for x, v in zip(TABLE_X, o.words_only)]
        same = fmt_num(o.words_only[0], SCORE_DECIMALS) == fmt_num(o.words_only[1], SCORE_DECIMALS)
        differ = fmt_num(o.with_pe[0], SCORE_DECIMALS) != fmt_num(o.with_pe[1], SCORE_DECIMALS)
        mark_x = sum(TABLE_X) / 2
        mark_pe = self.txt("≠" if differ else "=", size=30, color=pal.bad).move_to([mark_x, TABLE_Y[1], 0])
        mark_words = self.txt("=" if same else "≠", size=30, color=pal.ink).move_to([mark_x, TABLE_Y[2], 0])

        # the problem first: the words alone score the same in both orders (the intro's claim, now with its number);
        # then the fix, the fingerprints lifted out of the fingerprint table onto the seats of 十五
        # with its first cue: the look-back's picture leaves, then the words' vectors x and the words-only row come in
        self.section("use")
        for key in ("angle_dots", "angle_same", "angle_table_column", "seat_shown"):
            self.shown.pop(key, None)
        # the look-back's picture cross-fades into the words-only one before the cue that states its value (a caption
        # over a blank screen, the value a second behind it, otherwise)
        self.clear_caption()
        self.shown.update({"order_words_a": o.words_only[0], "order_words_b": o.words_only[1], "score_formula": 1})
        # the old picture out before the new comes in where it stood (hand_over): never the two drawn over each other;
        # the words-only row and the heads too, which stand where the old score rows' ticks and labels were
        # the look-back head's formula, on top, becomes this head's score on the words (the same W_Q, W_K and √d)
        head = getattr(self, "look_formula", None)
        if head is not None and (head not in self.relative_view.submobjects or head not in self.get_mobject_family_members()):
            head = None
        carry = [FadeTransform(head, words_formula)] if head is not None else []
        self.play(*hand_over(on_screen(self, VGroup(*(m for m in self.relative_view.submobjects if m is not head),
                                                    self.seat_label, self.seat_num)),
                             VGroup(*([] if carry else [words_formula]), *(VGroup(r["tile"], r["x"], r["x_name"]) for r in rows),
                                    heads, labels[1], *values_words, mark_words),
                             shift=0.1 * UP), *carry, run_time=0.9)
        self.caption(self.s("cap_use_words", q=o.query, k=o.key, v=fmt_num(o.words_only[0], SCORE_DECIMALS)))
        read_with(self, VGroup(*values_words), mark_words, grow=1.0)
        # with the next cue 十五 comes in
        self.caption(self.s("cap_use", ta=ta, q=o.query, k=o.key, qs=qa, ks=ka), run_time=0.8)
        scale_bar = self.colour_bar(vmax)
        self.shown["strip_vmax"] = vmax  # x, PE, x + PE, q and k: one colour scale, −vmax … +vmax
        self.play(FadeIn(order, shift=0.2 * DOWN), ReplacementTransform(words_formula, formula),
                  QuickFadeIn(VGroup(self.grid, self.park_label)), run_time=0.8)
        pe_strips, pe_names = [], []
        for r, seat in zip(rows, (qa, ka)):
            strip, lift = self.lift_row(seat, STRIP_W, STRIP_H, [X_PE, r["y"], 0], vmax=vmax)
            self.add(strip)
            pe_strips.append(strip)
            pe_names.append(name(f"PE({seat})", X_PE, r["y"], color=pal.accent))
            self.play(lift, QuickFadeIn(r["plus"]), run_time=0.8)
        # the table has given its two rows: it leaves with its name as the rows are named
        self.play(*(QuickFadeIn(n) for n in pe_names), QuickFadeOut(VGroup(self.grid, self.park_label)), run_time=0.3)
        self.shown["pe_rows"] = [qa, ka]  # the seat whose fingerprint is added on the query's row, on the key's
        sum_strips = [self.vector_strip(v, vmax).move_to([X_SUM, r["y"], 0]) for v, r in zip(sums[0], rows)]
        sum_names = [name("x + PE", X_SUM, r["y"]) for r in rows]
        parts = [VGroup(r["x"].copy(), p.copy()) for r, p in zip(rows, pe_strips)]
        self.play(*(part.animate.arrange(DOWN, buff=0).move_to(s) for part, s in zip(parts, sum_strips)),
                  *(QuickFadeIn(r["eq"]) for r in rows), QuickFadeIn(scale_bar), run_time=0.8)  # the colour bar where the table was
        self.play(*(FadeTransform(part, s) for part, s in zip(parts, sum_strips)),
                  *(QuickFadeIn(n) for n in sum_names), run_time=0.7)
        read_with(self, *pe_strips, cue=True, outline=True, whole=True)

        # one head: the sums through W_Q and W_K
        self.caption(self.s("cap_use_head", q=o.query, k=o.key, c=n_c),
                     with_=[*(QuickFadeIn(VGroup(r["w"], r["w_name"], r["arrow"])) for r in rows)], run_time=0.6)
        outs = [self.vector_strip(v, vmax).move_to([X_OUT, r["y"], 0]) for v, r in zip((q_draw[0], o.k_pe[0]), rows)]
        self.project(sum_strips, rows, outs)
        read_with(self, *(r["w"] for r in rows), *outs, outline=True, whole=True)  # both cues, the matrices and q, k pointed at

        # the two products meet in their dot product (drawn by the time its cue comes in); divided by √d it is the score
        self.before_caption_read(1.1)
        product = self.meet_product(outs, o.dots_pe[0], with_=[QuickFadeIn(labels[0])])
        self.caption(self.s("cap_use_dot", raw=fmt_num(o.dots_pe[0], SCORE_DECIMALS)))
        read_with(self, product[1], cue=True)
        self.divide(product, values_pe[0], o.dots_pe[0], o.with_pe[0],
                    cue=self.s("cap_use_score", d=d.d_model, r=root_text(d.d_model), a=fmt_num(o.with_pe[0], SCORE_DECIMALS), ta=ta),
                    shown={"order_pe_a": o.with_pe[0]})
        read_with(self, values_pe[0], cue=True)

        # the other order: the same words swap seats, so their fingerprints cross over. Each seat has a colour
        # (its box in the word at the top, the frame round its fingerprint): the characters change boxes, and
        # each fingerprint, framed, swings over to the row of the word that now sits on its seat
        seat_colors = (pal.cool, pal.bad)
        frames = [SurroundingRectangle(VGroup(st, nm), buff=0.06, color=c, stroke_width=4)
                  for st, nm, c in zip(pe_strips, pe_names, seat_colors)]
        self.caption(self.s("cap_use_swap", tb=tb),
                     with_=[*(Create(f) for f in frames),
                            *(cell[0].animate.set_stroke(color=c, width=5) for cell, c in zip(order, seat_colors))],
                     run_time=0.7)
        dy = ROW_Y[1] - ROW_Y[0]
        for cell in order:
            cell[1].set_z_index(1)  # a character passes over the other seat's box, not under it
        self.play(order[0][1].animate(path_arc=PI * 0.8).move_to(order[1][0]),
                  order[1][1].animate(path_arc=PI * 0.8).move_to(order[0][0]),
                  VGroup(pe_strips[0], pe_names[0], frames[0]).animate(path_arc=PI * 0.6).shift(dy * UP),
                  VGroup(pe_strips[1], pe_names[1], frames[1]).animate(path_arc=PI * 0.6).shift(-dy * UP),
                  run_time=1.8)
        self.shown["pe_rows"] = [qb, kb]
        # the new sums are made while the swap's cue is read, and are up as "Same vectors, same matrices, new sums."
        # comes in: each word with its new fingerprint moves onto its sum, which takes the new values (the same
        # strip, recoloured); q and k stay until the new sums have gone through W_Q and W_K, as in 十五
        self.wait(max(0.0, self.cue_left() - 1.5))
        new_sums = [self.vector_strip(v, vmax).move_to(s) for v, s in zip(sums[1], sum_strips)]
        parts = [VGroup(r["x"].copy(), p.copy()) for r, p in zip(rows, pe_strips)]
        self.play(*(part.animate.arrange(DOWN, buff=0).stretch_to_fit_height(1.4 * STRIP_H).move_to(s)  # clear of its name
                    for part, s in zip(parts, sum_strips)), run_time=0.8)
        self.play(*(FadeOut(part) for part in parts),
                  *(s.animate.become(n) for s, n in zip(sum_strips, new_sums)), run_time=0.7)
        self.until_next_cue()
        new_outs = [self.vector_strip(v, vmax).move_to(s) for v, s in zip((q_draw[1], o.k_pe[1]), outs)]
        self.project(sum_strips, rows, new_outs, names=False, replace=outs)
        read_with(self, *sum_strips, cue=True, outline=True, whole=True)

        product = self.meet_product(new_outs, o.dots_pe[1])  # the new q · k, before the cue that states the score
        self.wait(2 * DIVIDE_HOLD)  # q · k stands, settled, before it is divided (as in the first order, where its cue holds it)
        self.divide(product, values_pe[1], o.dots_pe[1], o.with_pe[1],
                    cue=self.s("cap_use_pe", a=fmt_num(o.with_pe[0], SCORE_DECIMALS), b=fmt_num(o.with_pe[1], SCORE_DECIMALS), ta=ta, tb=tb,
                             q=o.query, k=o.key),
                    shown={"order_pe_a": o.with_pe[0], "order_pe_b": o.with_pe[1]})
        self.play(FadeIn(mark_pe, shift=0.1 * UP), run_time=0.4)
        # the scores' cue: a frame goes from one score to the other; "where this head looks": to W_Q, then the score
        # of the order that has the key there; "the other order scores differently": the ≠ between the two scores
        walk_cue(self, values_pe[0], values_pe[1])
        # "In 十五, 十 sits one seat before 五": the picture above is 五十's, so it dims and the 十五 column is framed
        # while that cue is up; the frame then walks from W_Q (where the head looks) to 十五's score
        column = SurroundingRectangle(VGroup(values_pe[0], values_words[0]), buff=0.08, color=pal.accent,
                                      stroke_width=4)  # its scores framed, its name lit (a frame round both met W_K's)
        setup = VGroup(order, *pe_strips, *pe_names, *frames, *sum_strips, *sum_names, *new_outs,
                       *(VGroup(*(v for k, v in r.items() if k not in ("y", "w", "w_name"))) for r in rows))
        setup.save_state()
        self.play(Create(column), heads[0].animate.set_color(pal.accent), setup.animate.fade(0.75), run_time=0.6)
        walk_cue(self, rows[0]["w"], values_pe[0])
        walk_cue(self, rows[0]["w"])  # "we set it by hand": the query matrix, while 十五 stays framed
        self.play(Restore(setup), QuickFadeOut(column), heads[0].animate.set_color(pal.ink), Indicate(mark_pe, color=pal.bad, scale_factor=1.5), run_time=0.8)
        read_with(self, VGroup(*values_words), mark_words, VGroup(*values_pe), mark_pe, grow=1.0)  # the same, now differing
        self.use_table = VGroup(heads, labels, *values_pe, *values_words, mark_pe, mark_words)
        self.use_score_rows = {"heads": heads, "pe": VGroup(labels[0], *values_pe, mark_pe),
                               "words": VGroup(labels[1], *values_words, mark_words), "formula": formula}
        self.use_rows = [values_pe[0], values_pe[1], mark_pe]
        self.use_pieces = VGroup(order, formula, scale_bar, *pe_strips, *pe_names, *frames, *sum_strips, *sum_names,
                                 *new_outs,
                                 *(VGroup(*(v for k, v in r.items() if k != "y")) for r in rows))
        parts_table = self.score_parts(o, values_pe, [m for m in self.use_pieces if m is not formula and m is not order])
        self.use_view = VGroup(*(m for m in self.use_pieces if m is not formula), parts_table)  # leaves as the summary comes in

    def score_parts(self, o, values_pe, vectors) -> VGroup:
        """Each order's score split into its four parts (engine score_terms: word·word, word·seat, seat·word,
        seat·seat, each divided by √d as the score is), one row per order where the vectors stood: the word·word part
        is the words-only score in both, the seat·seat part is the look-back chart's value one seat back (24.00) and
        one seat ahead (19.10), and each row adds up to its score, which comes up from the table into the row."""
        pal = self.pal
        terms = np.asarray(o.terms, dtype=float)  # (2, 4)
        # `vectors`: the vectors, the head and the colour bar, which leave; the order, the formula and the scores stay
        # each part named by its two factors, the query's (q) first and the key's (k) second, as the formula above
        # writes them; the roles named once over the orders' names
        heads = VGroup(*(self.tex(t, size=38, color=pal.accent if j else pal.ink).move_to([x, PARTS_Y[0], 0])
                         for j, (t, x) in enumerate(zip(PARTS_TEX, PARTS_X))))
        roles = self.txt(self.s("part_roles", q=o.query, k=o.key), size=26, color=pal.ink)
        roles.move_to([0, PARTS_Y[0] + 0.55, 0]).align_to([-6.3, 0, 0], LEFT)
        # what each part is: its two vectors through W_Q and W_K, their dot product divided by √d (as the score is),
        # not the raw dot product its name writes
        through = VGroup(self.txt(self.s("part_through"), size=26, color=pal.ink),
                         self.tex(r"(\,\cdot\,W_Q)\cdot(\,\cdot\,W_K)/\sqrt{%d}" % self.data.d_model, size=34))
        through.arrange(RIGHT, buff=0.15).move_to([0, PARTS_Y[0] + 0.55, 0]).align_to([6.3, 0, 0], RIGHT)
        heads.add(roles, through)
        rows, totals = [], []
        for (name, t, score, y) in zip(("".join(o.tokens_a), "".join(o.tokens_b)), terms, o.with_pe, PARTS_Y[1:]):
            cells = [self.txt(name, size=28).move_to([PARTS_NAME_X, y, 0])]
            # the parts as shown add up to the score as shown, else the row says ≈ (五十: 3.11 from the rounded parts, 3.12)
            adds = fmt_num(sum(round(float(v), SCORE_DECIMALS) for v in t), SCORE_DECIMALS) == fmt_num(score, SCORE_DECIMALS)
            for j, (v, x) in enumerate(zip(t, PARTS_X)):
                cells.append(self.txt(fmt_num(v, SCORE_DECIMALS), size=28,
                                      color=pal.accent if j else pal.ink).move_to([x, y, 0]))
                sign = "+" if j < 3 else ("=" if adds else "≈")
                cells.append(self.txt(sign, size=28, color=pal.ink).move_to([x + PARTS_STEP / 2, y, 0]))
            rows.append(VGroup(*cells))
            totals.append([PARTS_X[-1] + PARTS_STEP, y, 0])
        # the three parts with a fingerprint in them (columns 1 to 3: word·seat, seat·word, seat·seat) all change
        # between the orders: one frame round them, named; the seat·seat column is the look-back chart's value
        seat_cells = VGroup(*(rows[r][i] for r in (0, 1) for i in (3, 5, 7)))
        frame = SurroundingRectangle(seat_cells, buff=0.1, color=pal.accent, stroke_width=3)
        seat_name = self.txt(self.s("part_seats"), size=26, color=pal.accent).next_to(frame, DOWN, buff=0.12)
        seat_name.align_to(frame, LEFT)
        peak = self.txt(self.s("part_peak"), size=26, color=pal.accent).next_to(frame, DOWN, buff=0.12)
        peak.set_x(rows[0][7].get_center()[0])
        if peak.get_left()[0] < seat_name.get_right()[0] + 0.3:  # the two names side by side, never over each other
            peak.next_to(seat_name, DOWN, buff=0.08).align_to(frame, LEFT)
        peak = VGroup(seat_name, peak)
        copies = [v.copy() for v in values_pe]
        self.play(QuickFadeOut(on_screen(self, VGroup(*vectors))), run_time=0.5)
        self.caption(self.s("cap_use_parts"), with_=[FadeIn(heads), *(FadeIn(r) for r in rows)], run_time=0.7,
                     shown={"order_parts_a": [float(v) for v in terms[0]], "order_parts_b": [float(v) for v in terms[1]]})
        # the seat·seat column framed and named as the look-back chart's values as the scores come up: the link
        # back to the 24.00 peak stays up through both cues
        self.play(*(c.animate.move_to(t) for c, t in zip(copies, totals)), Create(frame), FadeIn(peak, shift=0.1 * UP),
                  run_time=0.8)
        read_with(self, VGroup(rows[0][1], rows[1][1]), VGroup(rows[0][3:8], rows[1][3:8]), grow=1.0)
        read_with(self, VGroup(rows[0][-2], rows[1][-2]), cue=True, grow=1.0)
        return VGroup(heads, *rows, *copies, frame, peak)

    def project(self, sum_strips, rows, outs, names=True, replace=()):
        """Each sum, copied, slides through its matrix and comes out as its projection `outs`, taking the place of
        the projections `replace` (the first order's q and k, on screen until the new ones arrive)."""
        through = [s.copy() for s in sum_strips]
        self.play(*(c.animate.stretch_to_fit_width(W_SIZE).move_to(r["w"]) for c, r in zip(through, rows)),
                  run_time=0.7)
        self.play(*(FadeTransform(c, out) for c, out in zip(through, outs)), *(QuickFadeOut(old) for old in replace),
                  *((QuickFadeIn(r["out_name"]) for r in rows) if names else ()), run_time=0.7)

    def meet_product(self, outs, raw: float, with_=()) -> VGroup:
        """q and k, copied, meet at the right and become "q · k = raw" (returned: the formula, its number
        its second part)."""
        pal = self.pal
        mid = (ROW_Y[0] + ROW_Y[1]) / 2
        q, k = (s.copy() for s in outs)
        dot = self.txt("·", size=40, color=pal.ink).move_to([X_MEET, mid, 0])
        self.play(q.animate.move_to([X_MEET, ROW_Y[0] - 0.25, 0]), k.animate.move_to([X_MEET, ROW_Y[1] + 0.25, 0]),
                  QuickFadeIn(dot), *with_, run_time=0.5)
        product = self.tex(r"q\cdot k=", tex_num(raw), size=40)  # one formula, one font
        product.move_to([0, mid + 0.22, 0]).align_to([X_RIGHT, 0, 0], RIGHT)
        # the two strips leave, then the formula comes (a morph of strips into text smears both)
        self.play(FadeOut(VGroup(q, dot, k), scale=0.6), run_time=0.25)
        self.play(FadeIn(product), run_time=0.35)
        return product

    def divide(self, product, value, raw: float, score: float, cue: str, shown: dict) -> None:
        """q · k ÷ √d, step by step, ending as the cue that states the score comes in: the dot product's number
        moves down into the division by √d and the quotient appears under it while the cue before is read; with
        the cue, the quotient moves into its cell `value` (the score) as the rest leaves, and is pointed at there."""
        d = self.data
        over = self.tex(tex_num(raw), r"\div\sqrt{%d}" % d.d_model, size=36)
        over.next_to(product, DOWN, buff=0.22).align_to([X_RIGHT, 0, 0], RIGHT)
        quotient = self.tex("=", tex_num(score), size=36)
        quotient.next_to(over, DOWN, buff=0.22).align_to([X_RIGHT, 0, 0], RIGHT)
        self.before_caption_read(1.3)
        self.play(TransformFromCopy(product[1], over[0]), FadeIn(over[1], shift=0.1 * LEFT), run_time=0.7)
        self.wait(DIVIDE_HOLD)  # ÷ √d is read before its quotient comes
        self.play(FadeIn(quotient, shift=0.15 * DOWN), run_time=0.6)
        self.wait(DIVIDE_HOLD)  # and the whole step stands still before the score takes its place
        self.caption(cue, with_=[FadeTransform(quotient[1], value, path_func=down_then_across),
                                 QuickFadeOut(VGroup(product, over, quotient[0]))],
                     run_time=0.8, shown=shown)
        self.play(Indicate(value, color=self.pal.accent, scale_factor=1.08), run_time=0.6)
