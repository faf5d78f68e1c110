"""layernorm_steps: LayerNorm on the book's 2×6 layer output, step by step (seed 004 §4.2
"一步步做正規化").

Sections: input (the 2×6 output of Linear(5,6)+ReLU) → stats (per-row mean; variance divided by n − 1
and by n) → centre (out − mean) → scale (÷ √var(n − 1): the page's stepper and the book's printout
0.6159 / 1.4126 / −0.8719; ÷ √(var(n) + 1e-5): the book's LayerNorm class) → check (mean 0, variance 1,
or just under 1 with eps) → summary (the two conventions differ by √((n − 1)/n); for n = 768 the
variances differ by 0.13 %). Every number is read from engine.norms.LayerNormSteps.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Indicate, ReplacementTransform, SurroundingRectangle,
    VGroup,
)

from scenes.parts.lecture import LectureScene
from scenes.parts.matrix import MatrixTable
from look import fmt_num

DECIMALS = {"out": 4, "mean": 4, "var_unbiased": 4, "var_biased": 4, "centred": 4, "scaled_unbiased": 4,
            "scaled_class": 4, "check_mean_unbiased": 4, "check_var_unbiased": 4, "check_mean_class": 4,
            "check_var_class": 4, "ratio_unbiased_to_class": 4, "var_gap_pct_emb_dim": 2}

STRINGS = {
    "en": {
        "title": "LayerNorm, step by step",
        "out": "out: Linear(5, 6) + ReLU, 2 samples × 6 features",
        "mean": "mean",
        "var_u": "var ÷ (n−1)",
        "var_b": "var ÷ n",
        "n_note": "n = {n} features per row (dim = −1)",
        "centred": "out − mean",
        "scaled_u": "÷ √var(n−1), eps 0: the page's stepper",
        "scaled_c": "÷ √(var(n) + {eps}): the LayerNorm class",
        "book": "the book prints {a}, {b}, {c}\n(computed from the unrounded output)",
        "check_u": "mean [{m0}, {m1}]   var(n−1) [{v0}, {v1}]",
        "check_c": "mean [{m0}, {m1}]   var(n) [{v0}, {v1}]",
        "ratio": "left ÷ right = {r} ≈ √({a}/{b})",
        "cap_input": "The book's example: a random 2×5 batch through Linear(5, 6) and ReLU. LayerNorm "
                     "works on each row (each sample) by itself, along the last dimension.",
        "cap_stats": "Step 1: each row's mean and variance. The variance has two conventions: divide "
                     "by n − 1 (unbiased) or by n (biased, unbiased=False).",
        "cap_centre": "Step 2: subtract each row's own mean (broadcast over the row). Negative numbers "
                      "appear; every row now averages 0.",
        "cap_scale": "Step 3: divide by the square root of the variance. With n − 1 and no eps you get "
                     "the page's numbers {a}, {b}, {c}; the LayerNorm class divides by √(var(n) + eps).",
        "cap_check": "Step 4: check. Means are 0 up to float round-off. The n − 1 version has variance "
                     "exactly 1; the class has biased variance {v}: eps matters because var is only {var}.",
        "cap_summary": "Same idea, different scale: the two results differ by √({a}/{b}) = {r} for n = {n}. "
                       "For GPT-2's n = {emb}, n and n − 1 differ by only {pct}%.",
    },
    "zh-Hant": {
        "title": "LayerNorm 一步步做",
        "out": "out：Linear(5, 6) + ReLU，2 個樣本 × 6 個特徵",
        "mean": "mean",
        "var_u": "var ÷ (n−1)",
        "var_b": "var ÷ n",
        "n_note": "每列 n = {n} 個特徵（dim = −1）",
        "centred": "out − mean",
        "scaled_u": "÷ √var(n−1)，eps 0：本頁逐步計算器",
        "scaled_c": "÷ √(var(n) + {eps})：LayerNorm 類別",
        "book": "書中印出 {a}、{b}、{c}\n（由未四捨五入的輸出算得）",
        "check_u": "mean [{m0}, {m1}]   var(n−1) [{v0}, {v1}]",
        "check_c": "mean [{m0}, {m1}]   var(n) [{v0}, {v1}]",
        "ratio": "左 ÷ 右 = {r} ≈ √({a}/{b})",
        "cap_input": "書中的例子：隨機的 2×5 batch 通過 Linear(5, 6) 和 ReLU。LayerNorm 沿最後一維，"
                     "每一列（每個樣本）自己調自己。",
        "cap_stats": "第 1 步：每列各算 mean 與變異數。變異數有兩種算法：除以 n − 1（不偏），"
                     "或除以 n（有偏，unbiased=False）。",
        "cap_centre": "第 2 步：每列減掉自己的 mean（沿列廣播）。出現了負數，每列平均變成 0。",
        "cap_scale": "第 3 步：除以 √var。n − 1、無 eps 得到本頁的 {a}、{b}、{c}；"
                     "類別版本除以 √(var(n)+eps)。",
        "cap_check": "第 4 步：驗收。mean 只剩浮點誤差；n − 1 版本變異數正好 1，類別版本是 {v}"
                     "（var 僅 {var}，eps 有影響）。",
        "cap_summary": "兩種結果只差一個倍率：n = {n} 時是 √({a}/{b}) = {r}。"
                       "GPT-2 的 n = {emb}，兩種變異數只差 {pct}%。",
    },
    "zh-Hans": {
        "title": "LayerNorm 一步步做",
        "out": "out：Linear(5, 6) + ReLU，2 个样本 × 6 个特征",
        "mean": "mean",
        "var_u": "var ÷ (n−1)",
        "var_b": "var ÷ n",
        "n_note": "每行 n = {n} 个特征（dim = −1）",
        "centred": "out − mean",
        "scaled_u": "÷ √var(n−1)，eps 0：本页逐步计算器",
        "scaled_c": "÷ √(var(n) + {eps})：LayerNorm 类",
        "book": "书中印出 {a}、{b}、{c}\n（由未四舍五入的输出算得）",
        "check_u": "mean [{m0}, {m1}]   var(n−1) [{v0}, {v1}]",
        "check_c": "mean [{m0}, {m1}]   var(n) [{v0}, {v1}]",
        "ratio": "左 ÷ 右 = {r} ≈ √({a}/{b})",
        "cap_input": "书中的例子：随机的 2×5 batch 通过 Linear(5, 6) 和 ReLU。LayerNorm 沿最后一维，"
                     "每一行（每个样本）自己调自己。",
        "cap_stats": "第 1 步：每行各算 mean 与方差。方差有两种算法：除以 n − 1（无偏），"
                     "或除以 n（有偏，unbiased=False）。",
        "cap_centre": "第 2 步：每行减掉自己的 mean（沿行广播）。出现了负数，每行平均变成 0。",
        "cap_scale": "第 3 步：除以 √var。n − 1、无 eps 得到本页的 {a}、{b}、{c}；"
                     "类版本除以 √(var(n)+eps)。",
        "cap_check": "第 4 步：验收。mean 只剩浮点误差；n − 1 版本方差正好 1，类版本是 {v}"
                     "（var 仅 {var}，eps 有影响）。",
        "cap_summary": "两种结果只差一个倍率：n = {n} 时是 √({a}/{b}) = {r}。"
                       "GPT-2 的 n = {emb}，两种方差只差 {pct}%。",
    },
}

FONT_MATRIX = 19
COL_GAP = 0.22
X_MATRIX_LEFT = -6.95  # every 2×6 matrix starts here; notes go right of X_NOTES
X_NOTES = 0.25
Y_A, Y_B, Y_C = 2.3, 0.45, -1.55


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(v: float) -> str:
    """1e-05 as "10⁻⁵"; other values as "1.5×10⁻⁵"."""
    exp = int(np.floor(np.log10(v)))
    mant = v / 10.0**exp
    head = "" if abs(mant - 1.0) < 1e-12 else f"{mant:g}×"
    return head + "10" + str(exp).translate(SUPERSCRIPT)


class LayerNormSteps(LectureScene):
    strings = STRINGS

    def matrix(self, values) -> MatrixTable:
        pal = self.pal
        m = MatrixTable(values, font=self.look.font, decimals=4, font_size=FONT_MATRIX, color=pal.ink,
                        bracket_color=pal.muted, col_gap=COL_GAP)
        arr = np.atleast_2d(values)
        for r in range(arr.shape[0]):
            for c in range(arr.shape[1]):
                if fmt_num(float(arr[r, c]), 4).startswith("\u2212"):
                    m.cell(r, c).set_color(pal.cool)
        return m

    def label(self, text, mob, color=None, size=18):
        return self.txt(text, size=size, color=color or self.pal.muted).next_to(mob, UP, buff=0.1)

    def notes(self, lines, y_top: float) -> VGroup:
        """Lines of (text, colour, size) stacked left-aligned in the notes column from y_top down."""
        group = VGroup(*(self.txt(t, size=size, color=c, line_spacing=0.8) for t, c, size in lines))
        group.arrange(DOWN, buff=0.12, aligned_edge=LEFT)
        group.move_to([X_NOTES, y_top, 0], aligned_edge=UP + LEFT)
        return group

    def construct(self):
        self.title = self.txt(self.s("title"), size=34, weight="BOLD").to_edge(UP, buff=0.22).to_edge(LEFT, buff=0.5)
        self.add(self.title)
        self.shown["step"] = "input"
        self.step_input()
        self.step_stats()
        self.step_centre()
        self.step_scale()
        self.step_check()
        self.step_summary()

    def step_input(self):
        d = self.data
        self.out = self.matrix(d.out).move_to([0, Y_A, 0]).align_to([X_MATRIX_LEFT, 0, 0], LEFT)
        self.out_label = self.label(self.s("out"), self.out).align_to(self.out, LEFT)
        self.section("input", self.s("cap_input"))
        self.play(FadeIn(self.out), FadeIn(self.out_label), run_time=1.0)
        rows = VGroup(*(self.out.box_row(r, self.pal.accent) for r in range(2)))
        self.play(Create(rows), run_time=0.8)
        self.wait(4)
        self.play(FadeOut(rows), run_time=0.4)

    def step_stats(self):
        d, pal = self.data, self.pal
        self.shown["step"] = "stats"
        cols = []
        for k, (key, values, color) in enumerate((("mean", d.mean, pal.ink), ("var_u", d.var_unbiased, pal.accent),
                                                   ("var_b", d.var_biased, pal.cool))):
            m = self.matrix(values[:, None]).move_to([1.35 + 2.0 * k, Y_A, 0])
            m.body.set_color(color)
            lab = self.label(self.s(key), m, color=color)
            cols.append(VGroup(m, lab))
        self.stats = VGroup(*cols)
        n_note = self.txt(self.s("n_note", n=d.n), size=16, color=pal.muted)
        n_note.next_to(self.stats, DOWN, buff=0.12)
        self.n_note = n_note
        self.section("stats", self.s("cap_stats"))
        for col in cols:
            self.play(FadeIn(col, shift=0.1 * RIGHT), run_time=0.7)
            self.wait(0.8)
        self.play(FadeIn(n_note), run_time=0.4)
        self.wait(4)

    def step_centre(self):
        d = self.data
        self.shown["step"] = "centre"
        self.centred = self.matrix(d.centred).move_to([0, Y_B, 0]).align_to([X_MATRIX_LEFT, 0, 0], LEFT)
        lab = self.notes([(self.s("centred"), self.pal.ink, 20)], Y_B + 0.4)
        self.centred_note = lab
        self.section("centre", self.s("cap_centre"))
        self.play(FadeIn(self.centred, shift=0.15 * DOWN), FadeIn(lab), run_time=1.0)
        self.play(Indicate(self.stats[0], color=self.pal.accent), run_time=1.0)
        self.wait(4)

    def step_scale(self):
        d, pal = self.data, self.pal
        self.shown["step"] = "scale"
        a, b, c = (fmt_num(v, 4) for v in d.scaled_unbiased[0, :3])
        left = self.matrix(d.scaled_unbiased).move_to([0, Y_B, 0]).align_to([X_MATRIX_LEFT, 0, 0], LEFT)
        right = self.matrix(d.scaled_class).move_to([0, Y_C, 0]).align_to([X_MATRIX_LEFT, 0, 0], LEFT)
        ba, bb, bc = (fmt_num(v, 4) for v in d.book_printed_row0)
        self.left_notes = self.notes([(self.s("scaled_u"), pal.accent, 19),
                                      (self.s("book", a=ba, b=bb, c=bc), pal.accent, 16)], Y_B + 0.45)
        self.right_notes = self.notes([(self.s("scaled_c", eps=power_of_ten(d.eps)), pal.cool, 19)], Y_C + 0.45)
        self.left, self.right = left, right
        self.section("scale", self.s("cap_scale", a=a, b=b, c=c))
        self.play(Indicate(self.stats[1], color=pal.accent), run_time=0.8)
        self.play(ReplacementTransform(self.centred, left), FadeOut(self.centred_note),
                  FadeIn(self.left_notes[0]), run_time=1.2)
        first3 = SurroundingRectangle(VGroup(*(left.cell(0, j) for j in range(3))), buff=0.07, color=pal.accent)
        self.play(Create(first3), FadeIn(self.left_notes[1]), run_time=0.8)
        self.wait(3)
        self.play(Indicate(self.stats[2], color=pal.cool), run_time=0.8)
        self.play(FadeIn(right, shift=0.15 * DOWN), FadeIn(self.right_notes), run_time=1.0)
        self.first3 = first3
        self.wait(4)

    def step_check(self):
        d, pal = self.data, self.pal
        self.shown["step"] = "check"
        f = lambda v: fmt_num(float(v), 4)  # noqa: E731
        cu = self.txt(self.s("check_u", m0=f(d.check_mean_unbiased[0]), m1=f(d.check_mean_unbiased[1]),
                             v0=f(d.check_var_unbiased[0]), v1=f(d.check_var_unbiased[1])), size=18, color=pal.ok)
        cc = self.txt(self.s("check_c", m0=f(d.check_mean_class[0]), m1=f(d.check_mean_class[1]),
                             v0=f(d.check_var_class[0]), v1=f(d.check_var_class[1])), size=18, color=pal.ok)
        cu.next_to(self.left_notes, DOWN, buff=0.14, aligned_edge=LEFT)
        cc.next_to(self.right_notes, DOWN, buff=0.14, aligned_edge=LEFT)
        self.checks = (cu, cc)
        self.section("check", self.s("cap_check", v=f(d.check_var_class[0]), var=f(d.var_biased[0])))
        self.play(FadeIn(cu, shift=0.1 * UP), run_time=0.8)
        self.wait(1.5)
        self.play(FadeIn(cc, shift=0.1 * UP), run_time=0.8)
        self.wait(5)

    def step_summary(self):
        d, pal = self.data, self.pal
        self.shown["step"] = "summary"
        r = fmt_num(float(d.ratio_unbiased_to_class[0]), 4)
        ratio = self.txt(self.s("ratio", r=r, a=d.n - 1, b=d.n), size=18, color=pal.ink)
        ratio.next_to(self.checks[1], DOWN, buff=0.14, aligned_edge=LEFT)
        self.section("summary", self.s("cap_summary", a=d.n - 1, b=d.n, r=r, n=d.n, emb=d.emb_dim,
                                       pct=fmt_num(d.var_gap_pct_emb_dim, 2)))
        self.play(FadeIn(ratio), run_time=0.6)
        self.play(Indicate(VGroup(self.left.cell(0, 0), self.right.cell(0, 0)), color=pal.accent), run_time=1.2)
        self.wait(5)


SCENE = LayerNormSteps
