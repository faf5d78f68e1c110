"""prenorm_block: the Pre-LN block with positional encoding, computed step by step (seed 000, lesson
03b4 §0–§6), beside the same block with P = 0 (lesson 03b3, design.md §3).

Sections: input (X + P) → ln1 (mean, variance, std per row; the seed's row-1 erratum) → heads (the
head split) → head1, head2 (S, E, A, C) → concat (Concat · W_O) → residual1 (Z′ = X_in + O) → ln2 →
ffn_up (Z̃W₁, the ReLU deaths) → ffn_down (· W₂) → residual2 (Y = Z′ + F) → contrast (P = 0 vs P) →
summary. Every matrix is read from the engine record (engine.block.prenorm_lesson).
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Arrow, Create, FadeIn, Line, MathTex, SurroundingRectangle,
    Transform, VGroup, Write,
)

from scenes.parts.lecture import LectureScene
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.matrix import MatrixTable
from look import fmt_num

DECIMALS = {name: 4 for name in (
    "P", "X_in", "ln1_mean", "ln1_var", "ln1_std", "X_tilde", "Q", "K", "V", "S", "E", "A", "C",
    "concat", "O", "Z_prime", "ln2_mean", "ln2_var", "ln2_std", "Z_tilde", "H", "R", "F", "Y",
    "zero_X_tilde", "zero_ln1_var", "zero_S", "zero_A", "zero_C", "zero_O", "zero_Z_prime",
    "zero_Z_tilde", "zero_H", "zero_R", "zero_F", "zero_Y", "scale")}

STRINGS = {
    "en": {
        "title": "A Pre-LN block, computed: positional encoding included",
        "pos": "position {p}",
        "shape": "{r} × {c}",
        "mean": "mean",
        "var": "variance",
        "std": "std",
        "row": "row {r}",
        "erratum": "Seed 000 prints variance {pv} and std {ps} for row 1: wrong. Correct: {cv} and {cs}.",
        "erratum2": "Its normalised row is right: it was divided by {cs}.",
        "head": "head {h}: dims {a}–{b}",
        "softmax": "softmax, row by row",
        "rowsum": "row sums",
        "uniform": "row {r}: query = (0, 0) → every score 0 → equal weights",
        "not_xt": "the residual adds {a}, not {b}",
        "died": "ReLU: {n} of {m} entries are negative and die: set to 0",
        "p0": "P = 0 (lesson 03b3)",
        "withp": "with P (seed 000)",
        "mirror_yes": "row 1 = −row 0",
        "mirror_no": "no mirror",
        "mirrored": "P = 0: rows mirrored in {a};  with P: {b}",
        "none": "none",
        "same_shape": "2 × 4 in, 2 × 4 out (2 × 2 per head, 2 × 8 inside the FFN): the block can be stacked",
        "cap_input": "Two tokens, d_model = 4. Add the exact sine/cosine rows for positions 0 and 1 "
                     "(shown to 4 decimals): X_in = X + P, still 2 × 4.",
        "cap_ln1": "Pre-LN normalises each row first: subtract its mean, divide by its standard deviation "
                   "(population variance, gamma = 1, beta = 0).",
        "cap_erratum": "Row 1 has variance {cv} and std {cs}. The seed printed {pv} and {ps}; its "
                       "normalised row beside them is right.",
        "cap_heads": "W_Q = W_K = W_V select dims: head 1 takes columns 0–1 of LN(X_in), head 2 columns 2–3. "
                     "So Q = K = V inside each head, 2 × 2.",
        "cap_head1": "Head 1: scores S = QKᵀ, scaled by 1/√2, softmax along each row, then C = A V mixes "
                     "the value rows.",
        "cap_head1_uniform": "Row 0 of head 1 is (0, 0): with P, X_in row 0 = [1, 1, 0, 2] has equal first "
                             "two dims. A zero query scores 0 everywhere: weights 0.5 / 0.5.",
        "cap_head2": "Head 2, the same steps on columns 2–3. Token 0 looks almost only at itself.",
        "cap_concat": "Put the two 2 × 2 head outputs side by side (2 × 4) and multiply by W_O: "
                      "each entry of O is a row of Concat times a column of W_O.",
        "cap_residual1": "First residual: Z′ = X_in + O. Pre-LN adds the block's input X_in, not the "
                         "normalised LN(X_in).",
        "cap_ln2": "LayerNorm again, before the feed-forward sublayer: LN(Z′), row by row.",
        "cap_ffn_up": "Up to 8 dims: LN(Z′)·W₁ is 2 × 8. ReLU keeps the positive entries and sets the "
                      "negative ones to 0.",
        "cap_ffn_down": "Down to 4 dims: F = ReLU(LN(Z′)·W₁)·W₂, 2 × 4. Dead entries contribute nothing.",
        "cap_residual2": "Second residual: Y = Z′ + F. The output has the input's shape, 2 × 4.",
        "cap_contrast": "With P = 0, LN(X_in) is ±1 and the two rows are mirror images through the attention "
                        "sublayer. Adding P breaks the symmetry: every number changes.",
        "cap_contrast2": "P made row 0 of head 1 a zero query (uniform weights) and gave the two tokens "
                         "different outputs: the block can now tell position 0 from position 1.",
        "cap_summary": "X + P → LN → two heads → W_O → + X_in → LN → FFN → + Z′ → Y: "
                       "2 × 4 in and 2 × 4 out, only the numbers change.",
    },
    "zh-Hant": {
        "title": "Pre-LN Block 計算案例：加入位置編碼",
        "pos": "位置 {p}",
        "shape": "{r} × {c}",
        "mean": "均值",
        "var": "變異數",
        "std": "標準差",
        "row": "第 {r} 列",
        "erratum": "種子文件第 1 列印成變異數 {pv}、標準差 {ps}：有誤。正確為 {cv} 與 {cs}。",
        "erratum2": "旁邊印的正規化結果是對的：它確實除以 {cs}。",
        "head": "head {h}：維度 {a}–{b}",
        "softmax": "逐列 softmax",
        "rowsum": "列總和",
        "uniform": "第 {r} 列：查詢 = (0, 0) → 分數全為 0 → 權重平均",
        "not_xt": "殘差加回 {a}，不是 {b}",
        "died": "ReLU：{m} 個元素中有 {n} 個為負，歸零",
        "p0": "P = 0（03b3）",
        "withp": "加入 P（種子 000）",
        "mirror_yes": "第 1 列 = −第 0 列",
        "mirror_no": "不再鏡像",
        "mirrored": "P = 0：{a} 兩列鏡像對稱；加入 P：{b}",
        "none": "沒有",
        "same_shape": "2 × 4 進、2 × 4 出（每個 head 2 × 2，FFN 內部 2 × 8）：Block 可以堆疊",
        "cap_input": "兩個詞元，d_model = 4。加上位置 0 與 1 的精確正弦、餘弦值（畫面取 4 位小數）："
                     "X_in = X + P，仍是 2 × 4。",
        "cap_ln1": "Pre-LN 先對每一列做正規化：減去均值、除以標準差（母體變異數，γ = 1、β = 0）。",
        "cap_erratum": "第 1 列的變異數是 {cv}、標準差 {cs}。種子文件印成 {pv} 與 {ps}；"
                       "旁邊的正規化結果是對的。",
        "cap_heads": "每個 head 內 Q = K = V：權重只負責挑出維度，head 1 取第 0–1 行，head 2 取第 2–3 行，各是 2 × 2。",
        "cap_head1": "Head 1：分數 S = QKᵀ，乘 1/√2，逐列 softmax，再用 C = A V 混合值向量。",
        "cap_head1_uniform": "Head 1 第 0 列的查詢是零向量，分數全是 0，所以權重各 0.5。原因：X_in 第 0 列 [1, 1, 0, 2] 的前兩維相等。",
        "cap_head2": "Head 2：對第 2–3 行做同樣的步驟。詞元 0 幾乎只看自己。",
        "cap_concat": "兩個 head 的 2 × 2 輸出並排成 2 × 4，然後乘上 W_O："
                      "O 的每個元素是 Concat 的一列乘 W_O 的一行。",
        "cap_residual1": "第一個殘差：Z′ = X_in + O。Pre-LN 加回的是 Block 的輸入 X_in，不是正規化後的 LN(X_in)。",
        "cap_ln2": "進入前饋子層之前再做一次 LayerNorm：LN(Z′)，逐列計算。",
        "cap_ffn_up": "升到 8 維：LN(Z′)·W₁ 是 2 × 8。接下來的 ReLU 保留正值，負值一律歸零。",
        "cap_ffn_down": "降回 4 維：F 的形狀是 2 × 4，被歸零的元素不再有任何貢獻。F = ReLU(LN(Z′)·W₁)·W₂。",
        "cap_residual2": "第二個殘差：Y = Z′ + F。輸出和輸入同形狀，2 × 4。",
        "cap_contrast": "P = 0 時，LN(X_in) 只有 ±1，兩列在注意力子層中互為鏡像。加入 P 之後對稱消失，"
                        "每個數字都變了。",
        "cap_contrast2": "P 讓 head 1 的第 0 列變成零查詢（權重平均），也讓兩個詞元得到不同輸出："
                         "Block 分得出位置 0 和位置 1。",
        "cap_summary": "X + P → LN → 兩個 head → W_O → + X_in → LN → FFN → + Z′ → Y："
                       "進出都是 2 × 4，變的只是數字。",
    },
    "zh-Hans": {
        "title": "Pre-LN Block 计算案例：加入位置编码",
        "pos": "位置 {p}",
        "shape": "{r} × {c}",
        "mean": "均值",
        "var": "方差",
        "std": "标准差",
        "row": "第 {r} 行",
        "erratum": "种子文件第 1 行印成方差 {pv}、标准差 {ps}：有误。正确为 {cv} 与 {cs}。",
        "erratum2": "旁边印的归一化结果是对的：它确实除以 {cs}。",
        "head": "head {h}：维度 {a}–{b}",
        "softmax": "逐行 softmax",
        "rowsum": "行总和",
        "uniform": "第 {r} 行：查询 = (0, 0) → 分数全为 0 → 权重平均",
        "not_xt": "残差加回 {a}，不是 {b}",
        "died": "ReLU：{m} 个元素中有 {n} 个为负，归零",
        "p0": "P = 0（03b3）",
        "withp": "加入 P（种子 000）",
        "mirror_yes": "第 1 行 = −第 0 行",
        "mirror_no": "不再镜像",
        "mirrored": "P = 0：{a} 两行镜像对称；加入 P：{b}",
        "none": "没有",
        "same_shape": "2 × 4 进、2 × 4 出（每个 head 2 × 2，FFN 内部 2 × 8）：Block 可以堆叠",
        "cap_input": "两个词元，d_model = 4。加上位置 0 与 1 的精确正弦、余弦值（画面取 4 位小数）："
                     "X_in = X + P，仍是 2 × 4。",
        "cap_ln1": "Pre-LN 先对每一行做归一化：减去均值、除以标准差（总体方差，γ = 1、β = 0）。",
        "cap_erratum": "第 1 行的方差是 {cv}、标准差 {cs}。种子文件印成 {pv} 与 {ps}；"
                       "旁边的归一化结果是对的。",
        "cap_heads": "每个 head 内 Q = K = V：权重只负责挑出维度，head 1 取第 0–1 列，head 2 取第 2–3 列，各是 2 × 2。",
        "cap_head1": "Head 1：分数 S = QKᵀ，乘 1/√2，逐行 softmax，再用 C = A V 混合值向量。",
        "cap_head1_uniform": "Head 1 第 0 行的查询是零向量，分数全是 0，所以权重各 0.5。原因：X_in 第 0 行 [1, 1, 0, 2] 的前两维相等。",
        "cap_head2": "Head 2：对第 2–3 列做同样的步骤。词元 0 几乎只看自己。",
        "cap_concat": "两个 head 的 2 × 2 输出并排成 2 × 4，然后乘上 W_O："
                      "O 的每个元素是 Concat 的一行乘 W_O 的一列。",
        "cap_residual1": "第一个残差：Z′ = X_in + O。Pre-LN 加回的是 Block 的输入 X_in，不是归一化后的 LN(X_in)。",
        "cap_ln2": "进入前馈子层之前再做一次 LayerNorm：LN(Z′)，逐行计算。",
        "cap_ffn_up": "升到 8 维：LN(Z′)·W₁ 是 2 × 8。接下来的 ReLU 保留正值，负值一律归零。",
        "cap_ffn_down": "降回 4 维：F 的形状是 2 × 4，被归零的元素不再有任何贡献。F = ReLU(LN(Z′)·W₁)·W₂。",
        "cap_residual2": "第二个残差：Y = Z′ + F。输出和输入同形状，2 × 4。",
        "cap_contrast": "P = 0 时，LN(X_in) 只有 ±1，两行在注意力子层中互为镜像。加入 P 之后对称消失，"
                        "每个数字都变了。",
        "cap_contrast2": "P 让 head 1 的第 0 行变成零查询（权重平均），也让两个词元得到不同输出："
                         "Block 分得出位置 0 和位置 1。",
        "cap_summary": "X + P → LN → 两个 head → W_O → + X_in → LN → FFN → + Z′ → Y："
                       "进出都是 2 × 4，变的只是数字。",
    },
}

FLOW = (r"X{+}P", r"\mathrm{LN}", r"\mathrm{heads}", r"{\cdot}\,W_O", r"{+}\,X_{\mathrm{in}}",
        r"\mathrm{LN}", r"\mathrm{FFN}", r"{+}\,Z'", r"Y")
MIRROR_TEX = {"X_tilde": r"\tilde X", "C": "C", "O": "O", "Z_prime": "Z'", "Z_tilde": r"\tilde Z",
              "H": r"\tilde Z W_1", "R": r"\mathrm{ReLU}", "F": "F", "Y": "Y"}
PE_FORMULA = r"P_{p,2i}=\sin\frac{p}{10000^{2i/4}},\quad P_{p,2i+1}=\cos\frac{p}{10000^{2i/4}}"
LN_RULE = r"\frac{x - \mathrm{mean}}{\mathrm{std}}"
BANK_SIZE = 32
FLOW_NAMES = ("X+P", "LN", "heads", "W_O", "+X_in", "LN", "FFN", "+Z'", "Y")
CONTENT_TOP = 2.55
LINE1_Y = 1.35
LINE2_Y = -1.45


def tnum(v: float, decimals: int = 4) -> str:
    """A number for MathTex: fixed decimals, ASCII minus (LaTeX typesets it as a minus sign)."""
    return fmt_num(float(v), decimals).replace("\u2212", "-")


def wnum(v: float) -> str:
    """A given weight as written in the lesson: 0.5, -0.5, 0."""
    t = f"{float(v):g}"
    return f"({t})" if t.startswith("-") else t


def paren(v: float) -> str:
    s = tnum(v)
    return f"({s})" if s.startswith("-") else s


class PrenormBlock(LectureScene):
    strings = STRINGS

    # -- helpers ---------------------------------------------------------------------------
    def mat(self, values, size=22, decimals=4, color=None, col_gap=0.3) -> MatrixTable:
        return MatrixTable(values, font=self.look.font, decimals=decimals, font_size=size,
                           color=color or self.pal.ink, bracket_color=self.pal.muted, col_gap=col_gap)

    def named(self, m: MatrixTable, name: str, shape: bool = True, color=None, name_size=32) -> VGroup:
        """Name above the matrix (LaTeX) and its shape below."""
        label = self.tex(name, size=name_size, color=color or self.pal.ink).next_to(m, UP, buff=0.14)
        parts = [label]
        if shape:
            r, c = m.shape
            parts.append(self.txt(self.s("shape", r=r, c=c), size=18, color=self.pal.muted)
                         .next_to(m, DOWN, buff=0.12))
        return VGroup(*parts)

    def tex(self, *s, size=36, color=None):
        """MathTex, taken from the scene's bank when the string was compiled there (one LaTeX run
        for all the names instead of one per name; anything else is compiled as usual)."""
        bank = getattr(self, "_bank", {})
        if len(s) == 1 and s[0] in bank:
            piece = bank[s[0]].copy().scale(size / BANK_SIZE)
            return piece.set_color(color or self.pal.ink)
        return super().tex(*s, size=size, color=color)

    def build_bank(self):
        strings = list(dict.fromkeys(self.bank_strings()))
        compiled = MathTex(*strings, arg_separator=r"\quad ", font_size=BANK_SIZE)
        self._bank = dict(zip(strings, compiled.submobjects))

    def bank_strings(self) -> list:
        d = self.d
        out = ["+", "=", r"\cdot", "X", "P", r"X_{\mathrm{in}} = X + P", PE_FORMULA, r"X_{\mathrm{in}}",
               r"\tilde X = \mathrm{LN}(X_{\mathrm{in}})", LN_RULE, r"\tilde X", r"\longrightarrow",
               r"QK^{\top}", r"\div\sqrt{2}", r"\mathrm{softmax}", r"W_O = \tfrac12",
               r"\mathrm{Concat}(C^{(1)}, C^{(2)})", r"O = \mathrm{Concat}\cdot W_O", "O",
               r"Z' = X_{\mathrm{in}} + O", "Z'", r"\tilde Z = \mathrm{LN}(Z')", r"W_1 = \tfrac12", r"\tilde Z",
               r"\tilde Z W_1", r"\mathrm{ReLU}(\tilde Z W_1)", r"W_2 = \tfrac12", "F", "Y = Z' + F", "Y",
               self.o_unpack(), self.mirror_tex(d.mirror_zero), self.mirror_tex(d.mirror_with_p)]
        for h in range(d.Q.shape[0]):
            H = h + 1
            out += [rf"Q^{{({H})}} = K^{{({H})}} = V^{{({H})}}", rf"S^{{({H})}} = Q K^{{\top}}", rf"E^{{({H})}}",
                    rf"A^{{({H})}}", rf"V^{{({H})}}", rf"C^{{({H})}} = A^{{({H})}} V^{{({H})}}",
                    self.s_unpack(h)]
        return [x for x in out if x]

    def s_unpack(self, h: int, i: int = 1, j: int = 1) -> str:
        d = self.d
        parts = " + ".join(f"{paren(d.Q[h, i, k])}\\cdot{paren(d.K[h, j, k])}" for k in range(d.d_k))
        return rf"S_{{{i},{j}}} = q_{i}\cdot k_{j} = {parts} = {tnum(d.S[h, i, j])}"

    def o_unpack(self, r: int = 0, c: int = 0) -> str:
        d = self.d
        terms = " + ".join(f"{paren(d.concat[r, k])}\\cdot{wnum(d.W_O[k, c])}" for k in range(d.W_O.shape[0]))
        return rf"O_{{{r},{c}}} = {terms} = {tnum(d.O[r, c])}"

    @staticmethod
    def mirror_tex(flags: dict) -> str:
        return ", ".join(MIRROR_TEX[k] for k, v in flags.items() if v)

    def op(self, symbol: str, size=36) -> VGroup:
        return self.tex(symbol, size=size)

    def mixed(self, key: str, size=20, color=None, **tex) -> VGroup:
        """A sentence whose {placeholders} are LaTeX (X̃, Z̃ typeset properly), the rest text."""
        import re

        color = color or self.pal.ink
        pieces = VGroup()
        for part in re.split(r"(\{\w+\})", self.look.t(STRINGS, key)):
            if not part:
                continue
            if part.startswith("{") and part[1:-1] in tex:
                value = tex[part[1:-1]]
                if isinstance(value, tuple):  # ("text", words): plain text in a placeholder
                    pieces.add(self.txt(value[1], size=size, color=color))
                else:
                    pieces.add(self.tex(value, size=size * 1.35, color=color))
            elif part.strip():
                pieces.add(self.txt(part.strip(), size=size, color=color))
        return pieces.arrange(RIGHT, buff=0.12)

    def line(self, *parts, y: float, buff=0.3) -> VGroup:
        row = VGroup(*parts).arrange(RIGHT, buff=buff)
        if row.width > 13.6:
            row.scale_to_fit_width(13.6)
        return row.move_to([0, y, 0])

    def show(self, **values):
        """Log what the frame now shows (discrete steps: names and key numbers)."""
        for k, v in values.items():
            self.shown[k] = v

    def wipe(self, *keep, run_time=0.5):
        gone = [m for m in self.mobjects if m not in keep and m is not self._caption
                and m not in (self.title, self.flow, self.flow_mark)]
        if gone:
            self.play(*(QuickFadeOut(m) for m in gone), run_time=run_time)
        section = self.shown.get("section")  # frames.csv: only what the new step shows
        self.shown.clear()
        self.shown["section"] = section

    def step(self, k: int, run_time=0.5):
        """Move the flow marker to step k of the pipeline strip."""
        target = SurroundingRectangle(self.flow_items[k], buff=0.08, color=self.pal.accent,
                                      corner_radius=0.08)
        self.play(Transform(self.flow_mark, target), run_time=run_time)
        self.show(flow_step=FLOW_NAMES[k])

    # -- the scene -------------------------------------------------------------------------
    def construct(self):
        self.d = self.data
        self.build_bank()
        self.title = self.txt(self.s("title"), size=30, weight="BOLD").to_edge(UP, buff=0.2)
        parts = []
        for k, f in enumerate(FLOW):  # one LaTeX run for the whole strip (one compile, not 17)
            parts.append(f)
            if k < len(FLOW) - 1:
                parts.append(r"\;\rightarrow\;")
        flow = self.tex(*parts, size=28)
        for k in range(1, len(parts), 2):
            flow[k].set_color(self.pal.muted)
        flow.move_to([0, 3.0, 0])
        items = [flow[k] for k in range(0, len(parts), 2)]
        self.flow_items = items
        self.flow = flow
        self.flow_mark = SurroundingRectangle(items[0], buff=0.08, color=self.pal.accent, corner_radius=0.08)
        self.add(self.title)
        self.section_input()
        self.section_ln1()
        self.section_heads()
        self.section_head(0)
        self.section_head(1)
        self.section_concat()
        self.section_residual1()
        self.section_ln2()
        self.section_ffn_up()
        self.section_ffn_down()
        self.section_residual2()
        self.section_contrast()
        self.section_summary()

    # 1. X + P -----------------------------------------------------------------------------
    def section_input(self):
        d, pal = self.d, self.pal
        mx = self.mat(d.X.astype(int))
        mp = self.mat(d.P, color=pal.cool)
        mxin = self.mat(d.X_in)
        top = self.line(mx, self.op("+"), mp, y=LINE1_Y, buff=0.4)
        eq = self.op("=")
        bottom = self.line(eq, mxin, y=LINE2_Y, buff=0.4)
        lx = self.named(mx, "X")
        lp = self.named(mp, "P", color=pal.cool)
        lxin = self.named(mxin, r"X_{\mathrm{in}} = X + P")
        posl = VGroup(*(self.txt(self.s("pos", p=p), size=18, color=pal.cool)
                        .next_to(mp.row(r), RIGHT, buff=0.45) for r, p in enumerate(d.positions)))
        formula = self.tex(PE_FORMULA, size=28, color=pal.muted)
        formula.move_to([0, 0.0, 0])
        self.section("input", self.s("cap_input"))
        self.play(QuickFadeIn(self.flow), Create(self.flow_mark), run_time=0.8)
        self.show(showing="X,P")
        self.play(QuickFadeIn(mx), QuickFadeIn(lx), run_time=0.7)
        self.play(QuickFadeIn(top[1]), QuickFadeIn(mp), QuickFadeIn(lp), QuickFadeIn(posl), run_time=0.8)
        self.play(Write(formula), run_time=1.0)
        self.wait(1.5)
        self.play(QuickFadeIn(bottom), QuickFadeIn(lxin), run_time=0.8)
        self.show(showing="X,P,X_in")
        box_a = mp.box_cell(1, 0, pal.accent)
        box_b = mxin.box_cell(1, 0, pal.accent)
        self.play(Create(box_a), Create(box_b), run_time=0.6)
        self.wait(4)

    # 2. LayerNorm 1 with the erratum ------------------------------------------------------
    def stats_grid(self, mean, var, std, *, highlight_row=None) -> VGroup:
        pal = self.pal
        heads = [self.txt(self.s(k), size=20, color=pal.muted) for k in ("mean", "var", "std")]
        rows = []
        for r in range(len(mean)):
            rows.append([self.txt(self.s("row", r=r), size=20, color=pal.muted)] +
                        [self.txt(fmt_num(v, 4), size=22, color=pal.ink) for v in (mean[r], var[r], std[r])])
        col_x = [0.0, 1.6, 3.2, 4.8]
        grid = VGroup()
        for c, h in enumerate(heads):
            h.move_to([col_x[c + 1], 0, 0])
            grid.add(h)
        for r, row in enumerate(rows):
            for c, t in enumerate(row):
                t.move_to([col_x[c], -0.5 * (r + 1), 0])
                grid.add(t)
        grid.rows = rows
        return grid

    def ln_section(self, name_in: str, name_out: str, values_in, values_out, mean, var, std, *,
                   erratum: bool):
        d, pal = self.d, self.pal
        m_in = self.mat(values_in)
        m_in.move_to([-3.3, LINE1_Y + 0.1, 0])
        l_in = self.named(m_in, name_in)
        grid = self.stats_grid(mean, var, std)
        grid.move_to([3.6, LINE1_Y + 0.1, 0])
        m_out = self.mat(values_out)
        m_out.move_to([1.3, LINE2_Y, 0])
        l_out = self.named(m_out, name_out)
        rule = self.tex(LN_RULE, size=34, color=pal.muted)
        rule.next_to(m_out, LEFT, buff=0.5)
        self.play(QuickFadeIn(m_in), QuickFadeIn(l_in), run_time=0.6)
        for r in range(2):
            box = m_in.box_row(r, pal.accent)
            self.play(Create(box), QuickFadeIn(VGroup(*grid.rows[r]) if r else VGroup(*grid[:3], *grid.rows[r])),
                      run_time=0.7)
            self.wait(1.2)
            self.play(QuickFadeOut(box), run_time=0.3)
        return m_in, grid, m_out, l_out, rule

    def section_ln1(self):
        d, pal = self.d, self.pal
        self.section("ln1", self.s("cap_ln1"))
        self.wipe()
        self.step(1)
        m_in, grid, m_out, l_out, rule = self.ln_section(
            r"X_{\mathrm{in}}", r"\tilde X = \mathrm{LN}(X_{\mathrm{in}})", d.X_in, d.X_tilde,
            d.ln1_mean, d.ln1_var, d.ln1_std, erratum=True)
        self.show(showing="X_in,ln1_stats", ln1_var_row1=float(d.ln1_var[1]), ln1_std_row1=float(d.ln1_std[1]))
        self.play(QuickFadeIn(rule), QuickFadeIn(m_out), QuickFadeIn(l_out), run_time=0.8)
        self.show(showing="X_in,ln1_stats,X_tilde")
        self.wait(2)
        # the erratum: the seed's printed row-1 variance and std
        pv, ps = self.printed_erratum()
        cv, cs = fmt_num(d.ln1_var[1], 4), fmt_num(d.ln1_std[1], 4)
        self.caption(self.s("cap_erratum", pv=pv, ps=ps, cv=cv, cs=cs))
        note = self.txt(self.s("erratum", pv=pv, ps=ps, cv=cv, cs=cs), size=20, color=pal.bad)
        note2 = self.txt(self.s("erratum2", cs=cs), size=20, color=pal.ok)
        notes = VGroup(note, note2).arrange(DOWN, buff=0.1).move_to([0, 0.1, 0])
        if notes.width > 13.4:
            notes.scale_to_fit_width(13.4)
        cells = VGroup(grid.rows[1][2], grid.rows[1][3])
        ring = SurroundingRectangle(cells, buff=0.08, color=pal.ok)
        self.play(Create(ring), QuickFadeIn(note), run_time=0.8)
        self.play(QuickFadeIn(note2), Create(m_out.box_row(1, pal.ok)), run_time=0.7)
        self.show(erratum_printed=f"{pv},{ps}", erratum_correct=f"{cv},{cs}")
        self.wait(5)

    def printed_erratum(self):
        """The seed's printed (wrong) row-1 variance and std, from the golden table (engine/golden)."""
        from engine.golden import load_table

        rows = {r["id"]: r for r in load_table() if r["file"] == "seed000"}
        return fmt_num(rows["ln1_row1_variance"]["printed"], 4), fmt_num(rows["ln1_row1_std"]["printed"], 4)

    # 3. the head split --------------------------------------------------------------------
    def section_heads(self):
        d, pal = self.d, self.pal
        self.section("heads", self.s("cap_heads"))
        self.wipe()
        self.step(2)
        hc = (pal.series[5], pal.series[1])
        m = self.mat(d.X_tilde)
        m.move_to([0, LINE1_Y + 0.1, 0])
        lm = self.named(m, r"\tilde X")
        self.play(QuickFadeIn(m), QuickFadeIn(lm), run_time=0.6)
        heads = VGroup()
        for h, dims in enumerate(d.head_dims):
            box = SurroundingRectangle(VGroup(*(m.col(c) for c in dims)), buff=0.1, color=hc[h])
            q = self.mat(d.Q[h], color=hc[h])
            q.move_to([(-3.4 if h == 0 else 3.4), LINE2_Y, 0])
            name = self.named(q, rf"Q^{{({h + 1})}} = K^{{({h + 1})}} = V^{{({h + 1})}}", color=hc[h])
            tag = self.txt(self.s("head", h=h + 1, a=dims[0], b=dims[-1]), size=20, color=hc[h])
            tag.next_to(name[0], LEFT if h == 0 else RIGHT, buff=0.3)
            arrow = Arrow(box.get_bottom(), name[0].get_top(), buff=0.1, color=hc[h], stroke_width=3,
                          max_tip_length_to_length_ratio=0.15)
            self.play(Create(box), run_time=0.5)
            self.play(Create(arrow), QuickFadeIn(q), QuickFadeIn(name), QuickFadeIn(tag), run_time=0.8)
            heads.add(box, arrow, q, name, tag)
            self.show(showing=f"X_tilde,Q{h + 1}")
            self.wait(1.5)
        self.wait(3)

    # 4. one head --------------------------------------------------------------------------
    def section_head(self, h: int):
        d, pal = self.d, self.pal
        color = (pal.series[5], pal.series[1])[h]
        H = h + 1
        self.section(f"head{H}", self.s(f"cap_head{H}"))
        self.wipe()
        if h == 0:
            self.step(2, run_time=0.2)
        size = 22
        q = self.mat(d.Q[h], size=size, color=color)
        s_ = self.mat(d.S[h], size=size)
        e = self.mat(d.E[h], size=size)

        def arrow_with(label):
            ar = self.tex(r"\longrightarrow", size=44, color=pal.muted)
            lab = self.tex(label, size=26, color=pal.muted).next_to(ar, UP, buff=0.05)
            return VGroup(ar, lab)

        a1, a2, a3 = arrow_with(r"QK^{\top}"), arrow_with(r"\div\sqrt{2}"), arrow_with(r"\mathrm{softmax}")
        self.line(q, a1, s_, a2, e, y=LINE1_Y + 0.05, buff=0.3)
        names = VGroup(self.named(q, rf"Q^{{({H})}} = K^{{({H})}} = V^{{({H})}}", color=color),
                       self.named(s_, rf"S^{{({H})}} = Q K^{{\top}}"), self.named(e, rf"E^{{({H})}}"))
        self.play(QuickFadeIn(q), QuickFadeIn(names[0]), run_time=0.5)
        # S = Q Kᵀ, one entry unpacked: row i of Q with row j of K (K = Q here)
        i, j = 1, 1
        unpack = self.tex(self.s_unpack(h, i, j), size=30)
        unpack.move_to([0, -2.45, 0])
        self.play(QuickFadeIn(a1), QuickFadeIn(s_), QuickFadeIn(names[1]), run_time=0.6)
        boxes = VGroup(q.box_row(i, pal.accent), s_.box_cell(i, j, pal.accent))
        self.play(Create(boxes), QuickFadeIn(unpack), run_time=0.7)
        self.show(showing=f"Q{H},S{H}", unpacked=f"S{H}[{i},{j}]={d.S[h, i, j]:.6f}")
        self.wait(2.5)
        self.play(QuickFadeOut(boxes), QuickFadeOut(unpack), run_time=0.3)
        self.play(QuickFadeIn(a2), QuickFadeIn(e), QuickFadeIn(names[2]), run_time=0.6)
        # softmax along each row, then C = A V
        a = self.mat(d.A[h], size=size, color=pal.accent)
        v = self.mat(d.V[h], size=size, color=color)
        c = self.mat(d.C[h], size=size)
        row2 = self.line(a3, a, self.op(r"\cdot"), v, self.op("="), c, y=LINE2_Y + 0.35, buff=0.3)
        la = self.tex(rf"A^{{({H})}}", size=32, color=pal.accent).next_to(a, UP, buff=0.14)
        rs = self.txt(self.s("rowsum") + ": " + ", ".join(fmt_num(v_, 4) for v_ in d.A[h].sum(axis=1)),
                      size=18, color=pal.ok).next_to(a, DOWN, buff=0.12)
        names2 = VGroup(self.named(v, rf"V^{{({H})}}", color=color, shape=False),
                        self.named(c, rf"C^{{({H})}} = A^{{({H})}} V^{{({H})}}"))
        self.play(QuickFadeIn(a3), QuickFadeIn(a), QuickFadeIn(la), run_time=0.7)
        row_boxes = VGroup(*(a.box_row(r, pal.ok) for r in range(2)))
        self.play(Create(row_boxes), QuickFadeIn(rs), run_time=0.7)
        self.show(showing=f"Q{H},S{H},E{H},A{H}", A_rowsums=",".join(f"{x:.6f}" for x in d.A[h].sum(axis=1)))
        self.wait(2)
        self.play(QuickFadeOut(row_boxes), run_time=0.3)
        self.play(QuickFadeIn(row2[2:]), QuickFadeIn(names2), run_time=0.8)
        r0 = 1
        combo = VGroup(a.box_row(r0, pal.accent), v.box_col(0, pal.accent), c.box_cell(r0, 0, pal.accent))
        self.play(Create(combo), run_time=0.6)
        self.show(showing=f"A{H},V{H},C{H}")
        self.wait(2.5)
        self.play(QuickFadeOut(combo), run_time=0.3)
        uniform = [r for (hh, r) in d.uniform_rows if hh == h]
        if uniform:
            r = uniform[0]
            self.caption(self.s("cap_head1_uniform"))
            note = self.txt(self.s("uniform", r=r), size=22, color=pal.accent).move_to([0, -2.45, 0])
            marks = VGroup(q.box_row(r, pal.accent), s_.box_row(r, pal.accent), e.box_row(r, pal.accent),
                           a.box_row(r, pal.accent))
            self.play(Create(marks), QuickFadeIn(note), run_time=0.8)
            self.show(uniform_row=f"head{H},row{r}")
            self.wait(5)
        else:
            self.wait(2)

    # 5. Concat and W_O --------------------------------------------------------------------
    def half_matrix(self, w) -> tuple:
        """Weights that are exact multiples of 1/2 as (½, integer matrix)."""
        ints = np.rint(np.asarray(w) * 2).astype(int)
        assert np.allclose(ints / 2, w), "weights are shown as ½ × integers"
        return ints

    def section_concat(self):
        d, pal = self.d, self.pal
        hc = (pal.series[5], pal.series[1])
        self.section("concat", self.s("cap_concat"))
        self.wipe()
        self.step(3)
        cat = self.mat(d.concat)
        for h in range(2):
            for c in range(h * d.d_k, (h + 1) * d.d_k):
                cat.col(c).set_color(hc[h])
        wo = self.mat(self.half_matrix(d.W_O), size=20, col_gap=0.42)
        half = self.tex(r"W_O = \tfrac12", size=34)
        row1 = self.line(cat, self.op(r"\cdot"), VGroup(half, wo).arrange(RIGHT, buff=0.1), y=LINE1_Y)
        lc = self.named(cat, r"\mathrm{Concat}(C^{(1)}, C^{(2)})")
        lw = VGroup(self.txt(self.s("shape", r=4, c=4), size=18, color=pal.muted).next_to(wo, DOWN, buff=0.12))
        o = self.mat(d.O)
        row2 = self.line(self.op("="), o, y=LINE2_Y + 0.3)
        lo = self.named(o, r"O = \mathrm{Concat}\cdot W_O")
        self.play(QuickFadeIn(cat), QuickFadeIn(lc), run_time=0.7)
        self.play(QuickFadeIn(row1[1]), QuickFadeIn(row1[2]), QuickFadeIn(lw), run_time=0.7)
        self.play(QuickFadeIn(row2), QuickFadeIn(lo), run_time=0.7)
        r, c = 0, 0
        unpack = self.tex(self.o_unpack(r, c), size=28)
        unpack.move_to([0, -2.45, 0])
        if unpack.width > 13.6:
            unpack.scale_to_fit_width(13.6)
        combo = VGroup(cat.box_row(r, pal.accent), wo.box_col(c, pal.accent), o.box_cell(r, c, pal.accent))
        self.play(Create(combo), QuickFadeIn(unpack), run_time=0.8)
        self.show(showing="concat,W_O,O", unpacked=f"O[{r},{c}]={d.O[r, c]:.6f}")
        self.wait(6)

    # 6. residual 1 -------------------------------------------------------------------------
    def section_residual1(self):
        d, pal = self.d, self.pal
        self.section("residual1", self.s("cap_residual1"))
        self.wipe()
        self.step(4)
        xin = self.mat(d.X_in, color=pal.ok)
        o = self.mat(d.O)
        row1 = self.line(xin, self.op("+"), o, y=LINE1_Y, buff=0.4)
        names = VGroup(self.named(xin, r"X_{\mathrm{in}}", color=pal.ok), self.named(o, "O"))
        z = self.mat(d.Z_prime)
        z.move_to([-3.0, LINE2_Y, 0])
        eq = self.op("=").next_to(z, LEFT, buff=0.3)
        lz = self.named(z, r"Z' = X_{\mathrm{in}} + O")
        xt = self.mat(d.X_tilde, size=18, color=pal.muted)
        xt.move_to([4.2, LINE2_Y, 0])
        lxt = self.named(xt, r"\tilde X", color=pal.muted, shape=False, name_size=28)
        cross = VGroup(Line(xt.get_corner(UP + LEFT), xt.get_corner(DOWN + RIGHT), color=pal.bad, stroke_width=5),
                       Line(xt.get_corner(DOWN + LEFT), xt.get_corner(UP + RIGHT), color=pal.bad, stroke_width=5))
        why = self.mixed("not_xt", size=20, color=pal.bad, a=r"X_{\mathrm{in}}", b=r"\tilde X")
        why.next_to(xt, DOWN, buff=0.2)
        self.play(QuickFadeIn(row1), QuickFadeIn(names), run_time=0.8)
        self.play(QuickFadeIn(eq), QuickFadeIn(z), QuickFadeIn(lz), run_time=0.7)
        combo = VGroup(xin.box_cell(0, 1, pal.accent), o.box_cell(0, 1, pal.accent), z.box_cell(0, 1, pal.accent))
        self.play(Create(combo), run_time=0.5)
        self.show(showing="X_in,O,Z_prime")
        self.wait(1.5)
        self.play(QuickFadeIn(xt), QuickFadeIn(lxt), run_time=0.5)
        self.play(Create(cross), QuickFadeIn(why), run_time=0.6)
        self.show(showing="X_in,O,Z_prime,X_tilde_crossed")
        self.wait(5)

    # 7. LayerNorm 2 ------------------------------------------------------------------------
    def section_ln2(self):
        d = self.d
        self.section("ln2", self.s("cap_ln2"))
        self.wipe()
        self.step(5)
        m_in, grid, m_out, l_out, rule = self.ln_section(
            r"Z'", r"\tilde Z = \mathrm{LN}(Z')", d.Z_prime, d.Z_tilde, d.ln2_mean, d.ln2_var, d.ln2_std,
            erratum=False)
        self.play(QuickFadeIn(rule), QuickFadeIn(m_out), QuickFadeIn(l_out), run_time=0.8)
        self.show(showing="Z_prime,ln2_stats,Z_tilde")
        self.wait(4)

    # 8. FFN up and ReLU --------------------------------------------------------------------
    def section_ffn_up(self):
        d, pal = self.d, self.pal
        self.section("ffn_up", self.s("cap_ffn_up"))
        self.wipe()
        self.step(6)
        zt = self.mat(d.Z_tilde, size=20)
        w1 = self.mat(self.half_matrix(d.W_1), size=20, col_gap=0.42)
        half = self.tex(r"W_1 = \tfrac12", size=32)
        row1 = self.line(zt, self.op(r"\cdot"), VGroup(half, w1).arrange(RIGHT, buff=0.1), y=LINE1_Y + 0.05)
        lz = self.named(zt, r"\tilde Z")
        lw = VGroup(self.txt(self.s("shape", r=4, c=8), size=18, color=pal.muted).next_to(w1, DOWN, buff=0.1))
        h = self.mat(d.H, size=20)
        row2 = self.line(self.op("="), h, y=-1.2, buff=0.3)
        lh = self.named(h, r"\tilde Z W_1")
        self.play(QuickFadeIn(zt), QuickFadeIn(lz), QuickFadeIn(row1[1:]), QuickFadeIn(lw), run_time=0.8)
        self.play(QuickFadeIn(row2), QuickFadeIn(lh), run_time=0.7)
        combo = VGroup(zt.box_row(0, pal.accent), w1.box_col(1, pal.accent), h.box_cell(0, 1, pal.accent))
        self.play(Create(combo), run_time=0.5)
        self.show(showing="Z_tilde,W_1,H")
        self.wait(2)
        self.play(QuickFadeOut(combo), run_time=0.3)
        # ReLU: the negative entries die
        dead = [(r, c) for r in range(d.H.shape[0]) for c in range(d.H.shape[1]) if d.died[r, c]]
        marks = VGroup(*(h.box_cell(r, c, pal.bad) for r, c in dead))
        note = self.txt(self.s("died", n=len(dead), m=d.H.size), size=22, color=pal.bad)
        note.move_to([0, -2.35, 0])
        self.play(Create(marks), QuickFadeIn(note), run_time=0.8)
        self.show(relu_died=";".join(f"{r},{c}" for r, c in dead))
        self.wait(1.5)
        r_mat = self.mat(d.R, size=20)
        for r, c in dead:
            r_mat.cell(r, c).set_color(pal.muted)
        r_mat.move_to(h)
        lr = self.named(r_mat, r"\mathrm{ReLU}(\tilde Z W_1)")
        self.play(Transform(h, r_mat), Transform(lh, lr), QuickFadeOut(marks), run_time=1.0)
        self.show(showing="Z_tilde,W_1,R")
        self.wait(4)

    # 9. FFN down ---------------------------------------------------------------------------
    def section_ffn_down(self):
        d, pal = self.d, self.pal
        self.section("ffn_down", self.s("cap_ffn_down"))
        self.wipe()
        r_mat = self.mat(d.R, size=18)
        for r in range(d.R.shape[0]):
            for c in range(d.R.shape[1]):
                if d.died[r, c]:
                    r_mat.cell(r, c).set_color(pal.muted)
        w2 = self.mat(self.half_matrix(d.W_2), size=15, col_gap=0.42)
        half = self.tex(r"W_2 = \tfrac12", size=30)
        w2g = VGroup(half, w2).arrange(RIGHT, buff=0.1)
        w2g.move_to([5.2, 0.3, 0])
        r_mat.move_to([-1.9, LINE1_Y, 0])
        dot = self.op(r"\cdot").move_to([(r_mat.get_right()[0] + w2g.get_left()[0]) / 2, LINE1_Y, 0])
        row1 = VGroup(r_mat, dot, w2g)
        lr = self.named(r_mat, r"\mathrm{ReLU}(\tilde Z W_1)")
        lw = VGroup(self.txt(self.s("shape", r=8, c=4), size=18, color=pal.muted).next_to(w2, DOWN, buff=0.1))
        f = self.mat(d.F)
        f.move_to([r_mat.get_center()[0], LINE2_Y - 0.1, 0])
        eq = self.op("=").next_to(f, LEFT, buff=0.3)
        lf = self.named(f, "F")
        self.play(QuickFadeIn(row1), QuickFadeIn(lr), QuickFadeIn(lw), run_time=0.8)
        self.play(QuickFadeIn(eq), QuickFadeIn(f), QuickFadeIn(lf), run_time=0.7)
        dead_rows = VGroup(*(w2.row(c) for c in range(d.R.shape[1]) if d.died[0, c]))
        dim = [m.copy().set_opacity(0.25) for m in dead_rows]
        combo = VGroup(r_mat.box_row(0, pal.accent), w2.box_col(0, pal.accent), f.box_cell(0, 0, pal.accent))
        self.play(Create(combo), *(Transform(m, t) for m, t in zip(dead_rows, dim)), run_time=0.8)
        self.show(showing="R,W_2,F")
        self.wait(6)

    # 10. residual 2 ------------------------------------------------------------------------
    def section_residual2(self):
        d, pal = self.d, self.pal
        self.section("residual2", self.s("cap_residual2"))
        self.wipe()
        self.step(7)
        z = self.mat(d.Z_prime)
        f = self.mat(d.F)
        row1 = self.line(z, self.op("+"), f, y=LINE1_Y, buff=0.4)
        names = VGroup(self.named(z, "Z'"), self.named(f, "F"))
        y = self.mat(d.Y, color=pal.accent)
        row2 = self.line(self.op("="), y, y=LINE2_Y, buff=0.4)
        ly = self.named(y, "Y = Z' + F", color=pal.accent)
        frame = SurroundingRectangle(VGroup(y, ly), buff=0.15, color=pal.accent, stroke_width=4)
        self.play(QuickFadeIn(row1), QuickFadeIn(names), run_time=0.8)
        self.play(QuickFadeIn(row2), QuickFadeIn(ly), run_time=0.7)
        self.step(8)
        self.play(Create(frame), run_time=0.6)
        self.show(showing="Z_prime,F,Y", Y=";".join(",".join(f"{v:.6f}" for v in r) for r in d.Y))
        self.wait(5)

    # 11. the contrast with P = 0 -----------------------------------------------------------
    def section_contrast(self):
        d, pal = self.d, self.pal
        self.section("contrast", self.s("cap_contrast"))
        self.wipe()
        self.play(QuickFadeOut(self.flow), QuickFadeOut(self.flow_mark), run_time=0.4)
        size = 18
        cols_x = (-3.55, 3.55)
        heads = [self.txt(self.s("p0"), size=24, color=pal.cool), self.txt(self.s("withp"), size=24, color=pal.accent)]
        for x, h in zip(cols_x, heads):
            h.move_to([x, 2.95, 0])
        divider = Line([0, 3.1, 0], [0, -2.3, 0], color=pal.muted, stroke_width=1.5)
        ys = (2.0, 0.15, -1.75)
        groups = []
        for k, (x, pre) in enumerate(zip(cols_x, ("zero_", ""))):
            xt = self.mat(getattr(d, pre + "X_tilde"), size=size)
            xt.move_to([x, ys[0], 0])
            a1 = self.mat(getattr(d, pre + "A")[0], size=size)
            a2 = self.mat(getattr(d, pre + "A")[1], size=size)
            VGroup(a1, a2).arrange(RIGHT, buff=0.9).move_to([x, ys[1], 0])
            y = self.mat(getattr(d, pre + "Y"), size=size, color=pal.accent)
            y.move_to([x, ys[2], 0])
            names = VGroup(
                self.tex(r"\tilde X", size=28).next_to(xt, LEFT, buff=0.2),
                self.tex(r"A^{(1)}", size=28).next_to(a1, LEFT, buff=0.15),
                self.tex(r"A^{(2)}", size=28).next_to(a2, LEFT, buff=0.15),
                self.tex("Y", size=28, color=pal.accent).next_to(y, LEFT, buff=0.2),
            )
            mirrored = (d.mirror_zero if pre else d.mirror_with_p)["X_tilde"]
            tag = self.txt(self.s("mirror_yes" if mirrored else "mirror_no"), size=18,
                           color=pal.ok if mirrored else pal.bad).next_to(xt, DOWN, buff=0.12)
            groups.append(VGroup(xt, a1, a2, y, names, tag))
        self.play(QuickFadeIn(heads[0]), QuickFadeIn(heads[1]), Create(divider), run_time=0.6)
        self.play(QuickFadeIn(groups[0]), run_time=0.8)
        self.wait(1.5)
        self.play(QuickFadeIn(groups[1]), run_time=0.8)
        self.show(showing="contrast", zero_Y=";".join(",".join(f"{v:.6f}" for v in r) for r in d.zero_Y))
        self.wait(3)
        steps = [k for k, v in d.mirror_zero.items() if v]
        with_p = [k for k, v in d.mirror_with_p.items() if v]
        line = self.mixed("mirrored", size=20, a=self.mirror_tex(d.mirror_zero),
                          b=self.mirror_tex(d.mirror_with_p) or ("text", self.s("none")))
        line.move_to([0, -2.6, 0])
        if line.width > 13.6:
            line.scale_to_fit_width(13.6)
        self.caption(self.s("cap_contrast2"))
        uniform = [g for g in d.uniform_rows]
        rings = VGroup(*(groups[1][1].box_row(r, pal.accent) for (hh, r) in uniform if hh == 0))
        self.play(QuickFadeIn(line), Create(rings), run_time=0.8)
        self.show(mirror_zero=",".join(steps), mirror_with_p=",".join(with_p))
        self.wait(6)

    # 12. summary ---------------------------------------------------------------------------
    def section_summary(self):
        pal = self.pal
        self.section("summary", self.s("cap_summary"))
        self.wipe()
        self.flow_mark = SurroundingRectangle(self.flow, buff=0.12, color=pal.accent, corner_radius=0.1)
        self.play(QuickFadeIn(self.flow), Create(self.flow_mark), run_time=0.6)
        d = self.d
        shapes = [d.X_in.shape, d.X_tilde.shape, d.C.shape[1:], d.O.shape, d.Z_prime.shape, d.Z_tilde.shape,
                  d.H.shape, d.F.shape, d.Y.shape]
        tags = VGroup(*(self.txt(self.s("shape", r=s_[0], c=s_[1]), size=18, color=pal.muted)
                        .next_to(self.flow_items[k], DOWN, buff=0.3) for k, s_ in enumerate(shapes)))
        y = self.mat(d.Y, color=pal.accent)
        y.move_to([0, 0.2, 0])
        ly = self.named(y, "Y", color=pal.accent)
        same = self.txt(self.s("same_shape"), size=24, color=pal.ink).move_to([0, -1.9, 0])
        self.play(FadeIn(tags, lag_ratio=0.1), run_time=1.0)
        self.play(QuickFadeIn(y), QuickFadeIn(ly), QuickFadeIn(same), run_time=0.8)
        self.show(showing="summary")
        self.wait(6)


SCENE = PrenormBlock
