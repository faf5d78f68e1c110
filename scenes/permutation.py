"""permutation: attention cannot see order (seed 001, lesson 5 first station "十五" vs "五十";
seed 002 §01 图 2 "dog bites man" vs "man bites dog").

Sections: intro (two orders of the same tokens) → bag (the same vectors, only the rows moved) →
scores (the score table's cells fly to their new places: rows and columns swap, numbers identical)
→ sentence (dog bites man vs man bites dog: S_b = P S_a Pᵀ and the outputs only reordered, with the
recorded deviations) → summary.
Every number is read from the engine record (engine.attention.PermutationDemo).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Indicate, Rectangle, VGroup, Write, smooth

from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from engine.attention import DEFAULT_EXAMPLES
from engine.toy import sentence
from scenes.parts.matrix import MatrixTable
from look import fmt_num
from look.formats import fmt_sci

DECIMALS = {"embeddings": 2, "w_q": 4, "w_k": 4, "w_v": 4}
SHOWN_DECIMALS = {"x": 2, "scores": 3, "out": 2}  # nested example fields, as drawn

STRINGS = {
    "en": {
        "title": "Attention sees a bag of vectors, not a sequence",
        "order_a": "order a",
        "order_b": "order b",
        "x": "word vectors X (d = {d})",
        "same_bag": "the same bag of vectors: only the rows moved",
        "scores": "score table",
        "same_numbers": "the same numbers, in swapped rows and columns",
        "outputs": "attention outputs",
        "perm": "the reordering",
        "float_note": "(zero up to the last bit of a float)",
        "cap_intro": "十五 (fifteen) and 五十 (fifty) use the same two characters in a different order. "
                     "Watch two things: the bag of vectors the model receives, and the table of "
                     "pairwise scores.",
        "cap_intro_own": "{a} and {b} use the same {n} tokens in a different order. Watch two things: the bag "
                         "of vectors the model receives, and the table of pairwise scores.",
        "cap_bag": "Each {unit} becomes the same {d} numbers wherever it stands. Order b holds exactly "
                   "the vectors of order a: the rows have only changed places.",
        "character": "character",
        "token": "token",
        "cap_scores": "Each score compares one token's query with another token's key. Every number of "
                      "order a appears in order b: the rows and the columns are swapped, nothing else.",
        "cap_sentence": "dog bites man, man bites dog: the same three tokens, opposite meanings. The "
                        "score table is only permuted: new = P × old × P transposed.",
        "cap_sentence_own": "{a}, {b}: the same {n} tokens in another order. The score table is only "
                            "permuted: new = P × old × P transposed.",
        "cap_outputs": "Each word's output is the same vector in another row: the outputs are only "
                       "reordered, by the same P.",
        "cap_summary": "Self-attention is permutation-equivariant: reorder the input and the output is "
                       "reordered the same way, with identical numbers. Order has to be added: "
                       "positional encoding.",
    },
    "zh-Hant": {
        "title": "注意力看到的是一袋向量，不是一個序列",
        "order_a": "語序 a",
        "order_b": "語序 b",
        "x": "字向量 X（d = {d}）",
        "same_bag": "同一袋向量：只是列換了位置",
        "scores": "分數表",
        "same_numbers": "數值完全相同，只是列與行對調",
        "outputs": "注意力輸出",
        "perm": "換位",
        "float_note": "（除了浮點數最後一位，就是 0）",
        "cap_intro": "「十五」和「五十」用的是同樣兩個字，只是順序不同。盯住兩個地方：模型拿到的那袋向量，"
                     "以及兩兩打分的那張表。",
        "cap_intro_own": "「{a}」和「{b}」用的是同樣 {n} 個詞元，只是順序不同。盯住兩個地方：模型拿到的那袋向量，"
                         "以及兩兩打分的那張表。",
        "cap_bag": "每個{unit}不管站在哪裡，都是同樣的 {d} 個數。語序 b 拿到的正是語序 a 的那些向量："
                   "只是列換了位置。",
        "character": "字",
        "token": "詞元",
        "cap_scores": "每個分數拿一個詞元的查詢去比另一個詞元的鍵。語序 a 的每一個數都出現在語序 b 裡："
                      "只是列和行對調，其他什麼都沒變。",
        "cap_sentence": "狗咬人、人咬狗：同樣三個詞，意思正好相反，分數表卻只是換了位置："
                        "新表是 P 乘舊表，再乘 P 的轉置。",
        "cap_sentence_own": "第一句「{a}」，第二句「{b}」：同樣 {n} 個詞元換了順序，分數表也只是換了位置："
                            "新表是 P 乘舊表，再乘 P 的轉置。",
        "cap_outputs": "每個詞的輸出還是同一個向量，只是換到另一列：輸出也只被同一個 P 重新排列。",
        "cap_summary": "自注意力對順序是「等變」的：輸入換個順序，輸出就跟著換，數值一個不差。"
                       "順序必須另外補上：這就是位置編碼。",
    },
    "zh-Hans": {
        "title": "注意力看到的是一袋向量，不是一个序列",
        "order_a": "语序 a",
        "order_b": "语序 b",
        "x": "字向量 X（d = {d}）",
        "same_bag": "同一袋向量：只是行换了位置",
        "scores": "分数表",
        "same_numbers": "数值完全相同，只是行与列对调",
        "outputs": "注意力输出",
        "perm": "换位",
        "float_note": "（除了浮点数最后一位，就是 0）",
        "cap_intro": "「十五」和「五十」用的是同样两个字，只是顺序不同。盯住两个地方：模型拿到的那袋向量，"
                     "以及两两打分的那张表。",
        "cap_intro_own": "「{a}」和「{b}」用的是同样 {n} 个词元，只是顺序不同。盯住两个地方：模型拿到的那袋向量，"
                         "以及两两打分的那张表。",
        "cap_bag": "每个{unit}不管站在哪里，都是同样的 {d} 个数。语序 b 拿到的正是语序 a 的那些向量："
                   "只是行换了位置。",
        "character": "字",
        "token": "词元",
        "cap_scores": "每个分数拿一个词元的查询去比另一个词元的键。语序 a 的每一个数都出现在语序 b 里："
                      "只是行和列对调，其他什么都没变。",
        "cap_sentence": "狗咬人、人咬狗：同样三个词，意思正好相反，分数表却只是换了位置："
                        "新表是 P 乘旧表，再乘 P 的转置。",
        "cap_sentence_own": "第一句「{a}」，第二句「{b}」：同样 {n} 个词元换了顺序，分数表也只是换了位置："
                            "新表是 P 乘旧表，再乘 P 的转置。",
        "cap_outputs": "每个词的输出还是同一个向量，只是换到另一行：输出也只被同一个 P 重新排列。",
        "cap_summary": "自注意力对顺序是「等变」的：输入换个顺序，输出就跟着换，数值一个不差。"
                       "顺序必须另外补上：这就是位置编码。",
    },
}

LEFT_X, RIGHT_X = -3.6, 3.6
READABLE = 18.0  # points: the smallest text the scene draws (3 % of the frame height)
STRIP_WIDTH = 5.4  # each order's strip of tokens, left and right of the middle


def fit(*mobs, width: float = np.inf, height: float = np.inf) -> None:
    """Scale `mobs` by one factor (so numbers keep one size) until each is within width × height."""
    k = min(1.0, *(min(width / m.width, height / m.height) for m in mobs))
    for m in mobs:
        m.scale(k)


def sci(x: float) -> str:
    """A deviation as on screen: 0, or 2.2 × 10⁻¹⁶."""
    return "0" if x == 0 else fmt_sci(x, 2, spaced=True)


class Permutation(LectureScene):
    strings = STRINGS

    def construct(self):
        self.add_title()
        self.colors = [self.pal.series[k] for k in (0, 5, 3, 6, 1)]
        first, second = self.data.examples[:2]
        self.own = tuple((c.tokens_a, c.tokens_b) for c in self.data.examples[:2]) != DEFAULT_EXAMPLES
        self.two_tokens(first)
        self.sentence(second)
        self.section("summary", self.s("cap_summary"), keep=[self.outputs_view])
        read_with(self, *self.output_rows)

    # -- pieces -----------------------------------------------------------------------------
    def strip(self, tokens, colors, size=40):
        cells = VGroup()
        for tok in tokens:
            t = self.txt(tok, size=size, color=colors[tok])
            box = Rectangle(width=max(0.85, t.width + 0.35), height=0.8, stroke_color=self.pal.ink,
                            stroke_width=2.5, fill_color=self.pal.panel, fill_opacity=1)
            cells.add(VGroup(box, t.move_to(box)))
        return cells.arrange(RIGHT, buff=0.12)

    def table(self, values, decimals, row_tokens, col_tokens, colors, size=22, col_gap=0.32, short=False):
        """A MatrixTable with token labels left of the rows (and above the columns); `short`: labels of
        more than four letters cut to three and a full stop (the order strips keep the whole words)."""
        m = MatrixTable(values, font=self.look.font, decimals=decimals, font_size=size, color=self.pal.ink,
                        bracket_color=self.pal.muted, col_gap=col_gap)
        cut = (lambda t: t[:3] + "." if len(t) > 4 else t) if short else (lambda t: t)  # noqa: E731
        rows = VGroup(*(self.txt(cut(t), size=size, color=colors[t]).next_to(m, LEFT, buff=0.15)
                        .set_y(m.row(r).get_center()[1]) for r, t in enumerate(row_tokens)))
        group = VGroup(m, rows)
        group.col_size = size
        cols = VGroup()
        if col_tokens is not None:
            cols = VGroup(*(self.txt(cut(t), size=size - 2, color=colors[t]).next_to(m, UP, buff=0.1)
                            .set_x(m.col(c).get_center()[0]) for c, t in enumerate(col_tokens)))
            centres = [m.col(c).get_center()[0] for c in range(len(col_tokens))]
            spacing = min((b - a for a, b in zip(centres, centres[1:])), default=np.inf)
            k = min(1.0, (spacing - 0.12) / max(c.width for c in cols))
            for c in cols:  # long words above narrow columns: smaller, on the same baseline
                c.scale(k, about_edge=DOWN)
            group.add(cols)
            group.col_size = (size - 2) * k
        group.matrix, group.rows, group.cols = m, rows, cols
        return group

    def color_rows(self, table, tokens, colors):
        for r, tok in enumerate(tokens):
            table.matrix.row(r).set_color(colors[tok])

    def move_rows(self, case, src, dst):
        """Copies of src's rows move to the rows of dst where the same token stands."""
        inv = np.argsort(case.perm)  # token a_i stands at place inv[i] in order b
        rows = [src.matrix.row(i).copy() for i in range(len(case.tokens_a))]
        self.play(FadeIn(dst.matrix.brackets), FadeIn(dst.rows), run_time=0.5)
        self.play(*(r.animate.move_to(dst.matrix.row(inv[i])) for i, r in enumerate(rows)), run_time=2.0)
        self.add(dst.matrix.body)
        self.remove(*rows)

    def fly_scores(self, case, ta, tb):
        """Copies of S_a's cells move to where the same (row token, column token) sits in S_b."""
        inv = np.argsort(case.perm)
        t = len(case.tokens_a)
        # the numbers really are the same: check before drawing
        for i in range(t):
            for j in range(t):
                assert fmt_num(case.scores_a[i, j], 3) == fmt_num(case.scores_b[inv[i], inv[j]], 3)
        copies = [ta.matrix.cell(i, j).copy() for i in range(t) for j in range(t)]
        targets = [tb.matrix.cell(inv[i], inv[j]) for i in range(t) for j in range(t)]
        self.play(FadeIn(tb.matrix.brackets), FadeIn(tb.rows), FadeIn(tb.cols), run_time=0.6)
        self.play(*(c.animate.move_to(g) for c, g in zip(copies, targets)), run_time=2.2, rate_func=smooth)
        self.add(tb.matrix.body)
        self.remove(*copies)
        self.shown["scores_b_shown"] = 1

    def order_strips(self, case, colors, size):
        pal = self.pal
        sa = self.strip(case.tokens_a, colors, size=size)
        sb = self.strip(case.tokens_b, colors, size=size)
        la = self.txt(self.s("order_a"), size=22, color=pal.muted)
        lb = self.txt(self.s("order_b"), size=22, color=pal.muted)
        fit(sa, sb, width=STRIP_WIDTH - max(la.width, lb.width) - 0.3)  # long sentences: the tokens shrink
        la.next_to(sa, LEFT, buff=0.3)
        lb.next_to(sb, LEFT, buff=0.3)
        ga, gb = VGroup(sa, la), VGroup(sb, lb)
        return ga.move_to([LEFT_X, 2.45, 0]), gb.move_to([RIGHT_X, 2.45, 0])

    def pair_tables(self, ta, tb, width: float, y: float, top: float = 1.55):
        """Two score tables at the same scale, left and right of the middle, their tops at most `top`."""
        fit(ta, tb, width=width, height=top + 1.25)
        y = min(y, top - max(ta.height, tb.height) / 2)
        ta.move_to([LEFT_X, y, 0])
        tb.move_to([RIGHT_X, y, 0])

    def stacked(self, cap, a, b, top: float, bottom: float, x: float):
        """A caption over two tables one above the other, scaled into top..bottom, at x."""
        gap = 0.45
        fit(a, b, height=(top - bottom - cap.height - 0.15 - gap) / 2, width=10.0)
        a.move_to([x, top - cap.height - 0.15 - a.height / 2, 0])
        b.move_to([x, a.get_bottom()[1] - gap - b.height / 2, 0])
        cap.next_to(a, UP, buff=0.15)

    def unit(self, tokens) -> str:
        return self.s("character" if all(len(t) == 1 and ord(t) > 0x2E80 for t in tokens) else "token")

    # -- 1.-3. 十五 vs 五十 --------------------------------------------------------------------
    def two_tokens(self, case):
        pal, d = self.pal, self.data
        tokens = list(dict.fromkeys(case.tokens_a))
        colors = {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}
        self.shown["example"] = "".join(case.tokens_a) + "/" + "".join(case.tokens_b)
        ga, gb = self.order_strips(case, colors, 44)
        intro = (self.s("cap_intro_own", a=sentence(case.tokens_a), b=sentence(case.tokens_b), n=len(case.tokens_a))
                 if self.own else self.s("cap_intro"))
        self.section("intro", intro)
        self.play(FadeIn(ga, shift=0.2 * DOWN), FadeIn(gb, shift=0.2 * DOWN), run_time=1.0)
        read_with(self, ga, gb)

        # the bag: X in both orders, one above the other, rows large enough to read
        xa = self.table(case.x_a, SHOWN_DECIMALS["x"], case.tokens_a, None, colors, size=24, col_gap=0.3)
        xb = self.table(case.x_b, SHOWN_DECIMALS["x"], case.tokens_b, None, colors, size=24, col_gap=0.3)
        x_cap = self.txt(self.s("x", d=d.d_model), size=20, color=pal.muted)
        self.stacked(x_cap, xa, xb, top=1.9, bottom=-1.4, x=0.3)
        x_tags = VGroup(*(self.txt(self.s(k), size=20, color=pal.muted).next_to(x, LEFT, buff=0.3)
                          for k, x in (("order_a", xa), ("order_b", xb))))
        self.color_rows(xa, case.tokens_a, colors)
        self.color_rows(xb, case.tokens_b, colors)
        self.section("bag", self.s("cap_bag", d=d.d_model, unit=self.unit(case.tokens_a)), keep=[ga, gb])
        self.play(FadeIn(xa), FadeIn(x_cap), FadeIn(x_tags[0]), run_time=0.8)
        self.play(FadeIn(x_tags[1]), run_time=0.3)
        self.move_rows(case, xa, xb)
        bag = self.txt(self.s("same_bag"), size=22, color=pal.accent).move_to([0, -1.75, 0])
        self.play(FadeIn(bag), *(Indicate(x.matrix.row(r), color=pal.accent, scale_factor=1.05)
                                 for x in (xa, xb) for r in range(len(case.tokens_a))), run_time=1.2)
        read_with(self, *(x.matrix.row(r) for r in range(len(case.tokens_a)) for x in (xa, xb)))

        # the score tables take the place of X
        ta = self.table(case.scores_a, SHOWN_DECIMALS["scores"], case.tokens_a, case.tokens_a, colors, size=30)
        tb = self.table(case.scores_b, SHOWN_DECIMALS["scores"], case.tokens_b, case.tokens_b, colors, size=30)
        self.pair_tables(ta, tb, width=5.1, y=0.45)
        formula = self.tex(r"S=\frac{QK^{\top}}{\sqrt{d}}", size=34).move_to([0, ta.get_y(), 0])
        s_cap = VGroup(*(self.txt(self.s("scores"), size=20, color=pal.muted).next_to(t, UP, buff=0.15)
                         for t in (ta, tb)))
        self.section("scores", self.s("cap_scores"), keep=[ga, gb])
        self.play(FadeOut(VGroup(xa, xb, x_tags, x_cap, bag)), run_time=0.5)
        self.play(FadeIn(ta), FadeIn(s_cap[0]), Write(formula), run_time=1.2)
        self.wait(1)
        self.fly_scores(case, ta, tb)
        self.play(FadeIn(s_cap[1]), run_time=0.4)
        # the off-diagonal pair: the same number in both tables
        i, j = 0, 1
        inv = np.argsort(case.perm)
        boxes = VGroup(ta.matrix.box_cell(i, j, pal.accent), tb.matrix.box_cell(inv[i], inv[j], pal.accent),
                       ta.matrix.box_cell(i, i, pal.cool), tb.matrix.box_cell(inv[i], inv[i], pal.cool))
        same = self.txt(self.s("same_numbers"), size=22, color=pal.accent).move_to([0, -1.6, 0])
        self.play(Create(boxes), FadeIn(same), run_time=1.0)
        read_with(self, ta.matrix.cell(i, j), tb.matrix.cell(inv[i], inv[j]), ta.matrix.cell(i, i),
                  tb.matrix.cell(inv[i], inv[i]))
        self.play(FadeOut(VGroup(ga, gb, ta, tb, s_cap, formula, boxes, same)), run_time=0.7)

    # -- 4. dog bites man ---------------------------------------------------------------------
    def sentence(self, case):
        pal = self.pal
        tokens = list(dict.fromkeys(case.tokens_a))
        colors = {tok: self.colors[k % len(self.colors)] for k, tok in enumerate(tokens)}
        self.shown["example"] = " ".join(case.tokens_a) + "/" + " ".join(case.tokens_b)
        self.shown.pop("scores_b_shown", None)
        ga, gb = self.order_strips(case, colors, 30)
        p_tab = MatrixTable(case.p_matrix.astype(int), font=self.look.font, font_size=22, color=pal.ink,
                            bracket_color=pal.muted, col_gap=0.25)
        p_lab = self.tex("P=", size=32)
        p_group = VGroup(p_lab, p_tab).arrange(RIGHT, buff=0.12)
        fit(p_group, width=2.3, height=2.0)
        p_group.move_to([0, 0.45, 0])
        p_cap = self.txt(self.s("perm"), size=20, color=pal.muted).next_to(p_group, UP, buff=0.2)
        rel = self.tex(r"S_b = P\,S_a\,P^{\top}", size=32).next_to(p_group, DOWN, buff=0.35)
        width = min(5.1, 2 * (RIGHT_X - max(p_group.width, rel.width) / 2 - 0.35))
        for decimals, short in ((SHOWN_DECIMALS["scores"], False), (2, False), (2, True)):  # until readable
            ta, tb = (self.table(sc, decimals, tok, tok, colors, size=26, short=short)
                      for sc, tok in ((case.scores_a, case.tokens_a), (case.scores_b, case.tokens_b)))
            if min(26, ta.col_size, tb.col_size) * min(1.0, *(min(width / t.width, 2.8 / t.height)
                                                              for t in (ta, tb))) >= READABLE:
                break
        self.pair_tables(ta, tb, width=width, y=0.35)
        sentence_cap = (self.s("cap_sentence_own", a=sentence(case.tokens_a), b=sentence(case.tokens_b),
                               n=len(case.tokens_a)) if self.own else self.s("cap_sentence"))
        self.section("sentence", sentence_cap)
        self.play(FadeIn(ga, shift=0.2 * DOWN), FadeIn(gb, shift=0.2 * DOWN), run_time=1.0)
        self.wait(1)
        self.play(FadeIn(ta), run_time=0.8)
        self.fly_scores(case, ta, tb)
        self.play(FadeIn(p_group), FadeIn(p_cap), Write(rel), run_time=1.2)
        read_with(self, rel, p_tab)

        # the outputs take the place of the score tables
        oa = self.table(case.out_a, SHOWN_DECIMALS["out"], case.tokens_a, None, colors, size=22, col_gap=0.28)
        ob = self.table(case.out_b, SHOWN_DECIMALS["out"], case.tokens_b, None, colors, size=22, col_gap=0.28)
        o_cap = self.txt(self.s("outputs"), size=20, color=pal.muted)
        self.stacked(o_cap, oa, ob, top=2.95, bottom=-1.15, x=0.4)
        self.color_rows(oa, case.tokens_a, colors)
        self.color_rows(ob, case.tokens_b, colors)
        o_tags = VGroup(*(self.txt(self.s(k), size=20, color=pal.muted).next_to(o, LEFT, buff=0.3)
                          for k, o in (("order_a", oa), ("order_b", ob))))
        dev_s = VGroup(self.tex(r"\max\,|S_b-P\,S_a\,P^{\top}| =", size=28),
                       self.txt(sci(case.score_deviation), size=22)).arrange(RIGHT, buff=0.15)
        dev_o = VGroup(self.tex(r"\max\,|O_b-P\,O_a| =", size=28),
                       self.txt(sci(case.output_deviation), size=22)).arrange(RIGHT, buff=0.15)
        dev = VGroup(VGroup(dev_s, dev_o).arrange(RIGHT, buff=0.8),
                     self.txt(self.s("float_note"), size=18, color=pal.muted))
        dev.arrange(DOWN, buff=0.15).move_to([0, -1.7, 0])
        self.section("outputs", self.s("cap_outputs"))
        self.play(FadeOut(VGroup(ga, gb, ta, tb, p_group, p_cap, rel)), run_time=0.5)
        self.play(FadeIn(oa), FadeIn(o_cap), FadeIn(o_tags[0]), run_time=0.8)
        self.play(FadeIn(o_tags[1]), run_time=0.3)
        self.move_rows(case, oa, ob)
        self.shown["outputs_b_shown"] = 1
        self.play(FadeIn(dev, shift=0.1 * UP), run_time=0.8)
        self.shown["score_deviation"] = case.score_deviation
        self.shown["output_deviation"] = case.output_deviation
        read_with(self, *(o.matrix.row(r) for r in range(len(case.tokens_a)) for o in (oa, ob)))
        self.outputs_view = VGroup(oa, ob, o_tags, o_cap, dev)
        self.output_rows = [o.matrix.row(r) for r in range(len(case.tokens_a)) for o in (oa, ob)]


SCENE = Permutation
