"""attention_heatmap: causal attention on "The cat sat on the", computed (seed 003, "Tokens → vectors",
"Dot products → attention weights", "The last position supplies our context vector").

Sections: tokens (2-D embeddings as columns, q = k = v) → scores (z_ij = q_iᵀk_j/√2, one cell
unpacked, E kept beside the table) → mask (× on the future) → softmax (each row sums to 1) → context
(x = Σ α_nj v_j, the terms added head to tail while the running sum is shown) → summary (the steps named
in turn; the repeated word's two equal weights, and their equal pieces of the sum trading places); then a second head with A_Q ≠ A_K
(the record's `asking`, seed 003 "Optional: edit the query, key and value matrices"): q and k of one
pair of words (q solid, k dashed, in the word's colour) → the asymmetric table (z_ij beside z_ji) → mask and
softmax → the last row in both heads side by side (what a different query changes) → the last row's weights
scaling each value vector → their sum beside the first head's x, carried over from the context section →
ask_summary → mix: o = ½x + ½x′ drawn on the same plane, and a closing card. Every number is read from
the engine record (engine.toy.attention_lesson).

The pieces: scenes.attention.strings (the words, TeX numbers), .table (scores and weights), .context (the
context vector), .pair (the switch to the second head), .asking (the second head), .rows (the last row across
heads) and .mix (the ending); this module holds the sections from tokens to softmax and the scene's order.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Arrow, Circumscribe, Create, FadeIn, FadeOut, Indicate, LaggedStart, Rectangle, ReplacementTransform,
    SurroundingRectangle, VGroup, config,
)

from engine.toy import sentence, text_columns
from look import fmt_num
from look.formats import subscript
from scenes.attention.asking import AttentionAsking
from scenes.attention.context import AttentionContext
from scenes.attention.mix import AttentionMix
from scenes.attention.pair import AttentionPair
from scenes.attention.rows import AttentionRows
from scenes.attention.strings import STRINGS, par, pmatrix, places, short, tnum, vec2
from scenes.attention.table import LABEL, PANEL_RIGHT, TEX, AttentionTable
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.parts.matrix import MatrixTable
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, fade_swap

DECIMALS = {"E": 1, "Q": 1, "K": 1, "V": 1, "dots": 4, "scores": 4, "A": 4, "row_sums": 4, "C": 4,
            "x": 4, "terms": 4, "cell_products": 4, "asking_gap": 4, "scale": 4, "exp_scores": 4, "exp_row_sums": 4,
            "W_O": 4, "heads_concat": 4, "layer_out": 4}

TITLE_CHARS = 32  # a longer sentence is named by its length in the title (the tokens are shown)


class AttentionHeatmap(AttentionTable, AttentionContext, AttentionPair, AttentionAsking, AttentionRows, AttentionMix, LectureScene):
    strings = STRINGS

    def construct(self):
        self.d = self.data
        self.add_title(self.title_text())
        self.build_table()
        self.tokens()
        self.scores()
        self.mask()
        self.softmax()
        self.context()
        self.summary()
        self.same_words()
        self.asking()
        self.ask_summary()
        self.mix()

    def title_text(self) -> str:
        """The sentence in quotes, or (a long one) the number of its tokens."""
        text = sentence(self.d.tokens)
        text = text[:1].upper() + text[1:]
        if text_columns(text) <= TITLE_CHARS:
            return self.s("title", text=text)
        return self.s("title_n", n=len(self.d.tokens))

    def tokens_caption(self) -> str:
        """What the tokens section says: the toy's tokenization, and which words repeat (one vector)."""
        toks = self.d.tokens
        text = self.s("tokenize") if all(t.isascii() and t.isalpha() for t in toks) else ""
        text += self.s("cap_tokens")
        for w, k in Counter(toks).items():
            if k > 1:
                text += self.s("shared_2" if k == 2 else "shared_k", w=w, k=k)
        return text

    def summary(self):
        """The steps named in turn as the cue lists them: table, last row's weights, the pieces, x."""
        pal = self.pal
        self.section("summary", self.s("cap_summary", x1=fmt_num(self.d.x[0], 4), x2=fmt_num(self.d.x[1], 4)),
                     keep=[self.context_view])
        # each step lit as the cue names it: the cells, the mask's crosses, the last row, the pieces, x
        steps = [Circumscribe(self.grid, color=pal.accent, buff=0.04),  # the cells only, clear of every label
                 LaggedStart(*(Indicate(x, color=pal.accent, scale_factor=1.15) for x in self.crosses), lag_ratio=0.05),
                 Indicate(self.context_ghost, color=pal.accent, scale_factor=1.0),
                 LaggedStart(*(Indicate(seg, color=seg.get_color(), scale_factor=1.15) for seg in self.context_segs),
                             lag_ratio=0.3),
                 Indicate(VGroup(self.context_final, self.context_readout), color=pal.accent, scale_factor=1.06)]
        for step in steps:
            self.play(step, run_time=0.85)
        read_with(self, self.context_final, self.context_done)

    def same_words(self):
        """A repeated word has one vector and no position yet, so its last-row weights are equal. One motion per
        cue: the words boxed, their one value vector lit; the boxes move to the two equal weights, which land
        on that one vector; the two equal pieces of the sum trade places (x does not move); the mask rows."""
        d = self.d
        toks, n, pal = d.tokens, len(d.tokens), self.pal
        w = next((t for t, k in Counter(toks).items() if k > 1), None)
        if w is None:
            return
        a, b = [k for k, t in enumerate(toks) if t == w][:2]
        if fmt_num(self.d.A[-1, a], 4) != fmt_num(self.d.A[-1, b], 4):
            return
        name = lambda k: f"α{subscript(n)}{subscript(k + 1)}"  # noqa: E731
        box = lambda m: SurroundingRectangle(m, buff=0.06, color=pal.accent, stroke_width=4)  # noqa: E731
        words, boxes = (VGroup(*(box(m[k]) for k in (a, b))) for m in (self.col_labels, self.context_weights))
        v = fmt_num(self.d.A[-1, a], 4)
        tied = [k for k in range(n) if toks[k] != w and fmt_num(self.d.A[-1, k], 4) == v]  # equal only by chance
        tie = self.s("tie", kw=toks[tied[0]], v=v, w=w, kt=vec2(d.K[:, tied[0]]), ka=vec2(d.K[:, a]),
                     q=vec2(d.Q[:, -1])) if tied else ""  # the same score, another key: both keys named
        seen = [int((~d.mask[k]).sum()) for k in (a, b)]  # how many positions rows a and b see
        sees = [self.s("sees_self") if k == 1 else self.s("sees_all" if k == n else "sees_first", k=k) for k in seen]
        text = self.s("cap_order", w=w, v=v, r=n, ra=a + 1, rb=b + 1, sa=sees[0], sb=sees[1])
        self.caption(text)
        first, said = len(self.cues_log) - 1, cues(text, self.look.lang)
        flat = lambda t: "".join(t.split())  # noqa: E731
        at = [next((k for k, c in enumerate(said) if flat(p) in flat(c)), len(said) - 1) for p in sees]
        # one key, one value: the two words, then the one value vector both of them point at
        self.play(Create(words), run_time=0.6)
        self.play(Indicate(self.value_marks[a], color=pal.cool, scale_factor=1.1), run_time=1.0)  # not x's colour
        self.until_next_cue()
        # equal weights: the boxes move from the words to their weights in the last row
        self.play(ReplacementTransform(words, boxes), run_time=0.9)
        self.shown["same_weights"] = f"{name(a)}={name(b)}={self.d.A[-1, a]:.6f}"
        self.play(Indicate(boxes, color=pal.accent, scale_factor=1.05), run_time=0.8)
        if len(cues(text, self.look.lang)) > 3:  # 'cannot tell them apart' as a cue of its own
            self.until_next_cue()
        # cannot tell them apart: both weights land on the one value vector; their pieces of x trade places
        onto = self.value_marks[a]
        lands = VGroup(*(self.context_weights[k][-1].copy() for k in (a, b)))  # the two values, 0.2368
        spot = onto[0].get_center() + (lands[0].width / 2 + 0.12) * LEFT
        self.add(lands)  # as one group, so that it leaves as one; the two land one over the other
        self.play(*(m.animate(path_arc=0.6 if k else -0.6).move_to(spot + (0.2 - 0.4 * k) * UP)
                    for k, m in enumerate(lands)), run_time=0.9)
        self.play(Indicate(onto, color=pal.cool, scale_factor=1.12), Indicate(lands, scale_factor=1.12), run_time=0.6)
        segs = self.context_segs
        gap = segs[b].get_start() - segs[a].get_start()
        ghosts = VGroup(segs[a].copy(), segs[b].copy())
        self.add(ghosts)
        self.play(segs[a].animate.set_stroke(opacity=0.25), segs[b].animate.set_stroke(opacity=0.25),
                  ghosts[0].animate.shift(gap), ghosts[1].animate.shift(-gap), run_time=1.2)
        self.play(Indicate(VGroup(self.context_final, self.context_readout), color=pal.accent, scale_factor=1.06),
                  run_time=0.6)
        self.to_cue(first + max(at[0] - 1, 0))  # "as queries, the mask tells them apart": the marks go, rows lit
        self.play(FadeOut(ghosts), FadeOut(lands), *(segs[k].animate.set_stroke(opacity=1) for k in (a, b)),
                  QuickFadeOut(boxes), run_time=0.5)
        self.play(LaggedStart(*(Indicate(self.row_labels[k], color=pal.accent, scale_factor=1.2) for k in (a, b)),
                              lag_ratio=0.5), run_time=1.2)
        self.to_cue(first + at[0])
        # "row a sees only itself, row b sees all": row a boxed, its crosses lit; row b boxed, its pieces lit
        rows = VGroup(*(SurroundingRectangle(VGroup(*(self.grid.cell(k, c) for c in range(n) if not d.mask[k, c])),
                                             buff=0.03, color=pal.accent, stroke_width=4) for k in (a, b)))
        self.play(Create(rows[0]), run_time=0.5)
        self.shown["mask_rows"] = f"row {a + 1} sees {seen[0]}; row {b + 1} sees {seen[1]}"
        hidden = VGroup(*(x for x, r in zip(self.crosses, np.nonzero(d.mask)[0]) if r == a))  # row-major
        self.play(LaggedStart(*(Indicate(x, color=pal.accent, scale_factor=1.15) for x in hidden), lag_ratio=0.15),
                  Indicate(self.row_labels[a], color=pal.accent), Indicate(self.value_marks[a], color=pal.cool), run_time=0.9)
        self.play(Create(rows[1]), run_time=0.4)
        self.play(LaggedStart(*(Indicate(VGroup(self.context_weights[k], segs[k]), color=segs[k].get_color(),
                                         scale_factor=1.08) for k in range(n)), lag_ratio=0.3), run_time=1.4)
        self.until_next_cue(last=True)
        # the rest of word order comes from elsewhere: the boxes go, the two words' positions are lit
        self.play(QuickFadeOut(rows), run_time=0.4)
        self.play(LaggedStart(*(Indicate(self.col_labels[k], color=pal.accent, scale_factor=1.2) for k in (a, b)),
                              lag_ratio=0.5), run_time=1.6)
        self.read_caption()
        if tied:  # the chance tie, with a caption of its own: a different key, the same score
            chance = box(self.context_weights[tied[0]]).set_color(pal.muted)
            self.caption(tie, with_=[Create(chance)], run_time=0.6,
                         shown={"same_weights_tie": f"{name(tied[0])}={self.d.A[-1, tied[0]]:.6f}"})
            self.play(Indicate(self.context_weights[tied[0]], color=pal.muted, scale_factor=1.08), run_time=0.9)
            # "it scores the same": the two scores, under the last weight, as that cue comes
            t = tied[0]
            same = self.tex(rf"z_{{{n},{t + 1}}} = z_{{{n},{a + 1}}} = {tnum(d.scores[-1, t])}", size=TEX + 4,
                            color=pal.ink)
            same.next_to(self.context_weights[-1], DOWN, buff=0.15).align_to(self.context_weights[-1], LEFT)
            self.until_next_cue(last=True)
            self.play(FadeIn(same, shift=0.1 * UP), run_time=0.6)
            self.shown["same_scores"] = f"z[{n},{t + 1}]={d.scores[-1, t]:.6f};z[{n},{a + 1}]={d.scores[-1, a]:.6f}"
            self.read_caption()
            self.play(QuickFadeOut(chance), QuickFadeOut(same), run_time=0.4)

    def to_cue(self, k: int) -> None:
        """Wait until cue k of the scene (its index in cues_log) is on screen; nothing if it already came. A cue
        whose time is up comes with the next frame: not forced as well (the one after it would show at once)."""
        while len(self.cues_log) - 1 < k and self.caption_left() > self.cue_left() + 1e-9:  # one is queued
            if self.cue_left() > 1e-9:
                self.until_next_cue()
            else:
                self.wait(1 / config.frame_rate)

    def identity(self) -> bool:
        return all(np.array_equal(m, np.eye(2)) for m in (self.d.A_Q, self.d.A_K, self.d.A_V))

    # 1. tokens -----------------------------------------------------------------------------
    def tokens(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        E = MatrixTable(d.E, font=self.look.font, decimals=places(d.E.ravel()), font_size=30, color=pal.ink,
                        bracket_color=pal.muted, col_gap=0.9)
        if E.width > 12.0:
            E.scale_to_fit_width(12.0)
        E.move_to([0, 0.55, 0])
        words = VGroup()
        for j, tok in enumerate(d.tokens):
            t = self.txt(tok, size=28)
            box = Rectangle(width=max(1.15, t.width + 0.3), height=0.6, stroke_color=pal.ink, stroke_width=2,
                            fill_color=pal.panel, fill_opacity=1)
            t.move_to(box)
            idx = self.txt(str(j + 1), size=LABEL, color=pal.muted).next_to(box, UP, buff=0.08)
            words.add(VGroup(box, t, idx))
        # one box above each column of E where they fit, else side by side across the width
        gaps = [E.col(j + 1).get_center()[0] - E.col(j).get_center()[0] for j in range(n - 1)]
        # staggered rows: E narrows (about its centre, x = 0) until the outer boxes stay in the frame
        ends = [E.col(j).get_center()[0] for j in (0, n - 1)]
        narrow = min(1.0, *((6.25 - words[j][0].width / 2) / max(abs(x), 1e-6) for j, x in zip((0, n - 1), ends)))
        gaps2 = [narrow * (E.col(j + 2).get_center()[0] - E.col(j).get_center()[0]) for j in range(n - 2)]
        if all((words[j][0].width + words[j + 1][0].width) / 2 + 0.1 <= g for j, g in enumerate(gaps)):
            for j, cell in enumerate(words):
                cell.move_to([E.col(j).get_center()[0], 2.2, 0])
        elif all((words[j][0].width + words[j + 2][0].width) / 2 + 0.1 <= g for j, g in enumerate(gaps2)):
            E.scale(narrow)
            for j, cell in enumerate(words):  # long words: two staggered rows, each box still above its column
                cell.move_to([E.col(j).get_center()[0], 2.55 if j % 2 == 0 else 1.6, 0])
        else:
            words.arrange(RIGHT, buff=0.12)
            if words.width > 12.4:
                words.scale_to_fit_width(12.4)
            words.move_to([0, 2.2, 0])
        arrows = VGroup(*(Arrow(words[j][0].get_bottom(), E.col(j).get_top() + UP * 0.05, buff=0.08,
                                stroke_width=3, color=pal.muted, max_tip_length_to_length_ratio=0.3)
                          for j in range(n)))
        name = self.tex(rf"E = [\,e(t_1)\ \cdots\ e(t_{{{n}}})\,] \in \mathbb{{R}}^{{2\times {n}}}", size=TEX)
        name.move_to([0, -0.75, 0])
        qkv = r"q_i = A_Q\,e(t_i),\quad k_j = A_K\,e(t_j),\quad v_j = A_V\,e(t_j)"
        if self.identity():  # the first head's key fact, in ink on two lines
            ident = VGroup(self.tex(qkv, size=TEX), self.tex(r"A_Q = A_K = A_V = I", size=TEX))
            ident.arrange(DOWN, buff=0.15)
        else:
            mats = r",\quad ".join(f"{k} = " + ("I" if np.array_equal(m, np.eye(2)) else pmatrix(m))
                                   for k, m in (("A_Q", d.A_Q), ("A_K", d.A_K), ("A_V", d.A_V)))
            ident = VGroup(self.tex(qkv, size=TEX, color=pal.muted), self.tex(mats, size=TEX, color=pal.muted))
            ident.arrange(DOWN, buff=0.15)
        if ident.width > 12.2:
            ident.scale_to_fit_width(12.2)
        ident.next_to(name, DOWN, buff=0.3)
        self.add(words)  # the tokens come with the first cue, never a caption over an empty frame
        self.section("tokens", keep=[words])
        # the vectors come with the cue that says each token is one
        self.caption(self.tokens_caption(), with_=[Create(arrows), QuickFadeIn(E)], run_time=1.0,
                     shown={"showing": "tokens,E"})
        self.play(QuickFadeIn(name), QuickFadeIn(ident), run_time=0.8)
        # a repeated word: its identical columns boxed as the cue says they share one vector
        twins = [j for j, t in enumerate(d.tokens) if d.tokens.count(t) > 1]
        shared = VGroup(*(SurroundingRectangle(E.col(j), buff=0.08, color=pal.accent, stroke_width=4) for j in twins))
        if twins:
            self.until_next_cue(last=True)
            self.play(Create(shared), run_time=0.6)
            self.shown["shared_columns"] = ",".join(str(j + 1) for j in twins)
        read_with(self, E, words)
        self.tokens_view = (VGroup(arrows, E, name, ident, shared), words)

    # 2. scores, one cell unpacked ------------------------------------------------------------
    def scores(self):
        d, pal = self.d, self.pal
        i, j = d.cell
        I, J = i + 1, j + 1
        q, k = d.Q[:, i], d.K[:, j]
        rest, words = self.tokens_view
        self.section("scores", self.s("cap_scores"), keep=[rest, words])
        inputs = self.inputs_aside()
        E = rest[1]
        # with the cue: formulas and boxes go first; each word moves to its row (a query) as E steps down out of
        # its way; E moves up and aside, still readable; then the table's frame comes
        self.play(QuickFadeOut(VGroup(rest[0], rest[2], rest[3], rest[4], *(w[0] for w in words),
                                      *(w[2] for w in words))), run_time=0.4)
        self.play(E.animate.shift(1.5 * DOWN), QuickFadeIn(self.table_name),  # the formula with the cue that says it
                  *(ReplacementTransform(words[j][1], self.row_labels[j]) for j in range(len(d.tokens))), run_time=1.0)
        self.play(ReplacementTransform(E, inputs[1]), QuickFadeIn(inputs[0]), run_time=0.7)
        self.add(self.grid)  # cells start empty (fill 0); show_rows fills them during the softmax
        self.play(QuickFadeIn(VGroup(self.grid.outline, self.col_labels, self.keys_label, self.queries_label)),
                  run_time=0.5)
        nums = VGroup(*(m for row in self.score_nums for m in row))
        self.play(FadeIn(nums, lag_ratio=0.02), run_time=1.2)
        self.shown["showing"] = "scores"
        read_with(self, nums, grow=1.0)  # colour only: the numbers stay inside their cells
        box = SurroundingRectangle(self.grid.cell(i, j), buff=0.0, color=pal.accent, stroke_width=5)
        named = [VGroup(self.tex(rf"{sym} = ({short(v[0])},\ {short(v[1])})^{{\top}}", size=TEX),
                        self.txt(word, size=24)).arrange(RIGHT, buff=0.25)
                 for sym, v, word in ((f"q_{{{I}}}", q, d.tokens[i]), (f"k_{{{J}}}", k, d.tokens[j]))]
        for group in named:  # the word on the formula's baseline
            group[1].align_to(group[0], DOWN)
        lines = VGroup(
            *named,
            *self.dot_lines(I, J, q, k, d.dots[i, j]),
            self.tex(rf"z_{{{I},{J}}} = {tnum(d.dots[i, j])} / \sqrt{{2}}", size=TEX, color=pal.accent),
            self.tex(rf"= {tnum(d.scores[i, j])}", size=TEX, color=pal.accent),
        ).arrange(DOWN, buff=0.22, aligned_edge=LEFT)
        self.panel(lines, y=0.45)
        if lines.get_top()[1] > inputs.get_bottom()[1] - 0.15:  # the worked cell needs the room
            lines.shift(DOWN * (lines.get_top()[1] - inputs.get_bottom()[1] + 0.15))
        # the cell's derivation comes with the cue that names the cell, and stays for all of it
        self.caption(self.s("cap_cell", i=I, j=J, qi=d.tokens[i], kj=d.tokens[j]))
        picked = VGroup(*(SurroundingRectangle(inputs[1].col(c), buff=0.05, color=pal.accent, stroke_width=3)
                          for c in sorted({i, j})))  # q_I and k_J are made from these columns of E
        self.play(Create(box), Create(picked), run_time=0.5)
        for ln in lines:
            self.play(FadeIn(ln, shift=0.1 * RIGHT), run_time=0.6)
        self.shown["unpacked"] = f"z[{I},{J}]={d.scores[i, j]:.6f}"
        read_with(self, *lines)
        self.unpack_box, self.unpack_lines = box, VGroup(lines, inputs, picked)

    def inputs_aside(self) -> VGroup:
        """E, named, over the right part of the frame at the labels' size (digits 3 % of the frame height)."""
        d, pal = self.d, self.pal
        E = MatrixTable(d.E, font=self.look.font, decimals=places(d.E.ravel()), font_size=LABEL, color=pal.ink,
                        bracket_color=pal.muted, col_gap=0.22)
        inputs = VGroup(self.tex("E =", size=TEX), E).arrange(RIGHT, buff=0.12)
        inputs.move_to([(self.panel_left + PANEL_RIGHT) / 2, 2.45, 0])
        return inputs.set_x(min(inputs.get_x(), PANEL_RIGHT - inputs.width / 2))  # inside the safe area

    def dot_lines(self, I, J, q, k, dot) -> list:
        """q_Iᵀk_J written out and its value: one line where it fits the panel, else two."""
        prod = rf"q_{I}^{{\top}} k_{J} = {par(q[0])}\cdot{par(k[0])} + {par(q[1])}\cdot{par(k[1])}"
        one = self.tex(prod + rf" = {tnum(dot)}", size=TEX)
        if one.width <= PANEL_RIGHT - self.panel_left:
            return [one]
        return [self.tex(prod, size=TEX), self.tex(rf"= {tnum(dot)}", size=TEX)]

    # 3. the causal mask ---------------------------------------------------------------------
    def mask(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        self.section("mask", self.s("cap_mask"), keep=[self.table_view(), self.unpack_box])
        self.play(QuickFadeOut(self.unpack_lines), run_time=0.4)
        hidden = VGroup(*(self.score_nums[i][j] for i in range(n) for j in range(n) if d.mask[i, j]))
        note = self.panel(self.txt(self.s("future"), size=self.note_size(), color=pal.ink))
        note.set_x(min(note.get_x(), PANEL_RIGHT - note.width / 2))
        self.play(QuickFadeOut(hidden), FadeIn(self.crosses, lag_ratio=0.05), QuickFadeIn(note), run_time=1.2)
        self.shown["showing"] = "scores,mask"
        self.shown["masked_cells"] = int(d.mask.sum())
        read_with(self, self.crosses, note, grow=1.0)  # colour only: the crosses stay in their cells
        self.mask_note = note

    # 4. softmax per row -----------------------------------------------------------------------
    def softmax(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        i, j = d.cell
        I, J = i + 1, j + 1
        self.section("softmax", self.s("cap_softmax"), keep=[self.table_view(), self.unpack_box, self.crosses,
                                                             self.mask_note])
        table_name, sums, sums_head = self.softmax_labels(d.row_sums)
        self.play(QuickFadeOut(self.mask_note), run_time=0.3)
        fade_swap(self, [(self.table_name, table_name)])
        for r in range(n):  # row by row: the normalisation runs along a row; scores fade, weights come
            row_box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.ok, stroke_width=4)
            self.play(Create(row_box), run_time=0.15)
            self.grid.show_rows(r + 1)
            fade_swap(self, [(self.score_nums[r][c], self.weight_nums[r][c]) for c in range(n) if not d.mask[r, c]],
                      out=0.15, run_in=0.25)
            self.play(QuickFadeOut(row_box), run_time=0.15)
        self.shown["showing"] = "weights"
        read_with(self, self.grid.row_group(n - 1))
        # the row sums come with the cue that says every row sums to 1
        self.caption(self.s("cap_sums"))
        self.play(FadeIn(sums, lag_ratio=0.15), QuickFadeIn(sums_head), run_time=0.8)
        self.shown["row_sums"] = ",".join(f"{v:.12f}" for v in d.row_sums)
        read_with(self, sums)
        lines = VGroup(
            # exp(…) rather than e^…: the score at full size, every index one level down (not two)
            self.tex(rf"\alpha_{{{I},{J}}} = \frac{{\exp({tnum(d.scores[i, j])})}}"
                     rf"{{\sum_{{\ell \le {I}}} \exp(z_{{{I},\ell}})}}", size=TEX),
            self.tex(rf"= \frac{{{tnum(d.exp_scores[i, j])}}}{{{tnum(d.exp_row_sums[i])}}} = {tnum(d.A[i, j])}",
                     size=TEX, color=pal.accent),
        ).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        self.panel(lines)
        # the cell's weight worked out, with the cue that names it; it stays until the next section starts
        self.caption(self.s("cap_alpha", i=I, j=J))
        self.play(FadeIn(lines[0], shift=0.1 * RIGHT), run_time=0.6)
        self.play(FadeIn(lines[1], shift=0.1 * RIGHT), run_time=0.6)
        self.shown["unpacked"] = f"alpha[{I},{J}]={d.A[i, j]:.6f}"
        read_with(self, self.unpack_box, *lines)  # the frame lit, never the cell's number (it keeps its contrast)
        self.sums = VGroup(sums, sums_head)
        self.alpha_view = VGroup(lines, self.unpack_box)


SCENE = AttentionHeatmap
