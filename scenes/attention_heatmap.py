"""attention_heatmap: causal attention on "The cat sat on the", computed (seed 003, "Tokens → vectors",
"Dot products → attention weights", "The last position supplies our context vector").

Sections: tokens (2-D embeddings as columns, q = k = v) → scores (z_ij = q_iᵀk_j/√2, one cell
unpacked) → mask (× on the future) → softmax (each row sums to 1) → context (x = Σ α_nj v_j, the terms
added head to tail while the running sum is shown) → summary. Every number is read from the engine
record (engine.toy.attention_lesson).
"""
from __future__ import annotations

from collections import Counter

import numpy as np
from manim import (
    DL, DOWN, DR, LEFT, RIGHT, UL, UP, UR, Arrow, Create, FadeIn, Line, Rectangle, SurroundingRectangle,
    Transform, ValueTracker, VGroup, linear,
)

from scenes.parts.glyphs import GlyphNumber
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.lecture import LectureScene
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.parts.matrix import MatrixTable
from engine.toy import sentence, text_columns
from look import fmt_num
from look.formats import subscript

DECIMALS = {"E": 1, "Q": 1, "K": 1, "V": 1, "dots": 4, "scores": 4, "A": 4, "row_sums": 4, "C": 4,
            "x": 4, "terms": 4, "cell_products": 4, "scale": 4, "exp_scores": 4, "exp_row_sums": 4}

STRINGS = {
    "en": {
        "title": "Causal attention on \"{text}\"",
        "title_n": "Causal attention on {n} tokens",
        "embeddings": "embeddings as columns",
        "keys": "key j",
        "queries": "query i",
        "scores": "scores z_ij",
        "weights": "weights α_ij",
        "rowsum": "row sum",
        "future": "× = future position: weight exactly 0",
        "dim": "dim {k}",
        "running": "running sum",
        "tokenize": "Toy tokenization: lowercase, split at spaces. ",
        "cap_tokens": "Each token is a 2-D vector, stored as a column.",
        "shared_2": " Both '{w}' tokens share one vector.",
        "shared_k": " All {k} '{w}' tokens share one vector.",
        "cap_scores": "Every query is compared with every key: z = qᵀk / √2. Cell ({i}, {j}): '{qi}' asks, "
                      "'{kj}' answers.",
        "cap_mask": "Causal mask: position i may not look at j > i. Those cells get × and weight exactly 0, "
                    "not a small number.",
        "cap_softmax": "Softmax along each row, only over the visible cells: the weights are positive and "
                       "every row sums to 1.",
        "cap_context": "The last row gives the context vector: x = Σ α{n}ⱼ vⱼ. Each value is scaled by its "
                       "weight and the pieces are added head to tail.",
        "cap_summary": "Scores → mask → softmax → weighted sum. Here x = ({x1}, {x2}), computed, not guessed.",
    },
    "zh-Hant": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 個詞元上的因果注意力",
        "embeddings": "嵌入向量寫成欄向量",
        "keys": "鍵 j",
        "queries": "查詢 i",
        "scores": "分數 z_ij",
        "weights": "權重 α_ij",
        "rowsum": "列總和",
        "future": "× = 未來位置：權重恰為 0",
        "dim": "維度 {k}",
        "running": "累加中",
        "tokenize": "玩具斷詞：全部小寫、以空格切開。",
        "cap_tokens": "每個詞元是一個二維向量，寫成欄向量。",
        "shared_2": "兩個 {w} 共用同一個向量。",
        "shared_k": "{k} 個 {w} 共用同一個向量。",
        "cap_scores": "每個查詢都和每個鍵比較：z = qᵀk / √2。第 ({i}, {j}) 格：{qi} 去問，{kj} 回答。",
        "cap_mask": "因果遮罩：位置 i 不能看 j > i。這些格子標 ×，權重恰好是 0，不是很小的數。",
        "cap_softmax": "每一列只在看得到的格子上做 softmax：權重都是正的，每一列加總為 1。",
        "cap_context": "最後一列給出上下文向量 x：每個值向量乘上最後一列的權重，再首尾相接加起來。",
        "cap_summary": "分數 → 遮罩 → softmax → 加權和。上下文向量是算出來的，不是猜的：x = ({x1}, {x2})。",
    },
    "zh-Hans": {
        "title": "「{text}」的因果注意力",
        "title_n": "{n} 个词元上的因果注意力",
        "embeddings": "嵌入向量写成列向量",
        "keys": "键 j",
        "queries": "查询 i",
        "scores": "分数 z_ij",
        "weights": "权重 α_ij",
        "rowsum": "行总和",
        "future": "× = 未来位置：权重恰为 0",
        "dim": "维度 {k}",
        "running": "累加中",
        "tokenize": "玩具分词：全部小写、以空格切开。",
        "cap_tokens": "每个词元是一个二维向量，写成列向量。",
        "shared_2": "两个 {w} 共用同一个向量。",
        "shared_k": "{k} 个 {w} 共用同一个向量。",
        "cap_scores": "每个查询都和每个键比较：z = qᵀk / √2。第 ({i}, {j}) 格：{qi} 去问，{kj} 回答。",
        "cap_mask": "因果遮罩：位置 i 不能看 j > i。这些格子标 ×，权重恰好是 0，不是很小的数。",
        "cap_softmax": "每一行只在看得到的格子上做 softmax：权重都是正的，每一行加总为 1。",
        "cap_context": "最后一行给出上下文向量 x：每个值向量乘上最后一行的权重，再首尾相接加起来。",
        "cap_summary": "分数 → 遮罩 → softmax → 加权和。上下文向量是算出来的，不是猜的：x = ({x1}, {x2})。",
    },
}

CELL_W, CELL_H = 1.1, 0.62  # the largest cell (five tokens); more tokens share the same area
GRID_LEFT, GRID_TOP = -5.0, 1.75
GRID_HEIGHT = 3.3  # the rows never reach the formula under the table
PANEL_RIGHT = 6.3  # the right edge of the unpacked cell's lines
PLOT_BOX = (-0.6, -2.05, 5.95, 1.575)  # the little plane: left, bottom, right, top (axes' ends included)
PLOT_SCALE = 2.9  # at most: the five-token lesson's plane
TABLE_SCALE = 0.72
TITLE_CHARS = 32  # a longer sentence is named by its length in the title (the tokens are shown)


def tnum(v: float, decimals: int = 4) -> str:
    return fmt_num(float(v), decimals).replace("\u2212", "-")


def short(v: float) -> str:
    t = fmt_num(float(v), 4).rstrip("0").rstrip(".").replace("\u2212", "-")
    return t if t not in ("", "-") else "0"


def pmatrix(m) -> str:
    """A 2×2 matrix in TeX, entries as given (2, 0.5, −1)."""
    return (r"\begin{pmatrix}" + r"\\".join("&".join(short(v) for v in row) for row in np.asarray(m))
            + r"\end{pmatrix}")


def box_of(mob) -> tuple:
    return (mob.get_left()[0], mob.get_bottom()[1], mob.get_right()[0], mob.get_top()[1])


def conflicts(box, segments, boxes, pad: float = 0.05) -> int:
    """How many of `segments` (pairs of 2-D points) and `boxes` the `box` (left, bottom, right, top)
    touches; a box outside the plot's room (the safe area above the caption band) counts 100."""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    out = 100 if (x0 < -6.3 or x1 > 6.3 or y0 < -2.5 or y1 > 3.0) else 0
    for a, b in segments:
        pts = np.linspace(a, b, 60)  # (60, 2)
        out += bool(np.any((pts[:, 0] > x0) & (pts[:, 0] < x1) & (pts[:, 1] > y0) & (pts[:, 1] < y1)))
    return out + sum(x0 < c[2] and c[0] < x1 and y0 < c[3] and c[1] < y1 for c in boxes)


def is_free(box, segments, boxes) -> bool:
    return conflicts(box, segments, boxes) == 0


def places(values) -> int:
    """The fewest decimals (1 to 4) that write every value exactly (up to 4 decimals)."""
    return next((k for k in range(1, 4) if all(abs(round(float(v), k) - float(v)) < 1e-9 for v in values)), 4)


class AttentionHeatmap(LectureScene):
    strings = STRINGS

    def construct(self):
        self.d = self.data
        self.add_title(self.title_text())
        self.tokens()
        self.build_table()
        self.scores()
        self.mask()
        self.softmax()
        self.context()
        self.section("summary", self.s("cap_summary", x1=fmt_num(self.d.x[0], 4), x2=fmt_num(self.d.x[1], 4)),
                     keep=[self.context_view])
        self.wait(4)

    def title_text(self) -> str:
        """The sentence in quotes, or (a long one) the number of its tokens."""
        text = sentence(self.d.tokens)
        text = text[:1].upper() + text[1:]
        if text_columns(text) <= TITLE_CHARS:
            return self.s("title", text=text)
        return self.s("title_n", n=len(self.d.tokens))

    def tokens_caption(self) -> str:
        """What the tokens section says: the toy's tokenization (for words it splits), and which
        words repeat and so share one vector."""
        toks = self.d.tokens
        text = self.s("tokenize") if all(t.isascii() and t.isalpha() for t in toks) else ""
        text += self.s("cap_tokens")
        for w, k in Counter(toks).items():
            if k > 1:
                text += self.s("shared_2" if k == 2 else "shared_k", w=w, k=k)
        return text

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
            idx = self.txt(str(j + 1), size=18, color=pal.muted).next_to(box, UP, buff=0.08)
            words.add(VGroup(box, t, idx))
        # one box above each column of E where they fit, else side by side across the width
        gaps = [E.col(j + 1).get_center()[0] - E.col(j).get_center()[0] for j in range(n - 1)]
        if all((words[j][0].width + words[j + 1][0].width) / 2 + 0.1 <= g for j, g in enumerate(gaps)):
            for j, cell in enumerate(words):
                cell.move_to([E.col(j).get_center()[0], 2.2, 0])
        else:
            words.arrange(RIGHT, buff=0.12)
            if words.width > 12.4:
                words.scale_to_fit_width(12.4)
            words.move_to([0, 2.2, 0])
        arrows = VGroup(*(Arrow(words[j][0].get_bottom(), E.col(j).get_top() + UP * 0.05, buff=0.08,
                                stroke_width=3, color=pal.muted, max_tip_length_to_length_ratio=0.3)
                          for j in range(n)))
        name = self.tex(rf"E = [\,e(t_1)\ \cdots\ e(t_{{{n}}})\,] \in \mathbb{{R}}^{{2\times {n}}}", size=32)
        name.move_to([0, -0.75, 0])
        qkv = r"q_i = A_Q\,e(t_i),\quad k_j = A_K\,e(t_j),\quad v_j = A_V\,e(t_j)"
        if self.identity():
            ident = self.tex(qkv + r",\qquad A_Q = A_K = A_V = I", size=30, color=pal.muted)
        else:
            mats = r",\quad ".join(f"{k} = " + ("I" if np.array_equal(m, np.eye(2)) else pmatrix(m))
                                   for k, m in (("A_Q", d.A_Q), ("A_K", d.A_K), ("A_V", d.A_V)))
            ident = VGroup(self.tex(qkv, size=28, color=pal.muted), self.tex(mats, size=26, color=pal.muted))
            ident.arrange(DOWN, buff=0.15)
        if ident.width > 12.2:
            ident.scale_to_fit_width(12.2)
        ident.next_to(name, DOWN, buff=0.3)
        self.section("tokens", self.tokens_caption())
        self.play(FadeIn(words, lag_ratio=0.1), run_time=1.0)
        self.play(Create(arrows), QuickFadeIn(E), run_time=1.0)
        self.play(QuickFadeIn(name), QuickFadeIn(ident), run_time=0.8)
        self.shown["showing"] = "tokens,E"
        self.wait(5)
        self.read_caption()
        self.play(QuickFadeOut(VGroup(words, arrows, E, name, ident)), run_time=0.5)

    # the table -----------------------------------------------------------------------------
    def cell_center(self, i, j):
        return np.array([self.grid_left + (j + 0.5) * self.cell_w, GRID_TOP - (i + 0.5) * self.cell_h, 0.0])

    @staticmethod
    def _uniform(texts, width: float, size: float) -> float:
        """The font size at which the widest of `texts` (built at `size`) is `width` wide, at most `size`."""
        widest = max(t.width for t in texts)
        return size * min(1.0, width / widest)

    def build_table(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        # the geometry: the row labels decide where the grid starts; the unpacked lines need the
        # right part of the frame
        self.cell_h = min(CELL_H, GRID_HEIGHT / n)
        label_size = 20 * min(1.0, self.cell_h / 0.45)
        row_texts = [self.txt(f"{i + 1} {t}", size=label_size, color=pal.ink) for i, t in enumerate(d.tokens)]
        widest = max(t.width for t in row_texts)
        if widest > 2.4:
            for t in row_texts:
                t.scale(2.4 / widest)
            widest = 2.4
        self.queries_label = self.txt(self.s("queries"), size=18, color=pal.muted).rotate(np.pi / 2)
        self.grid_left = max(GRID_LEFT, -6.3 + self.queries_label.width + 0.15 + widest + 0.15)
        self.cell_w = min(CELL_W, (1.9 - self.grid_left - 0.3) / (n + 1))
        grid = HeatmapGrid(d.A, cell_w=self.cell_w, cell_h=self.cell_h, palette=pal, vmax=1.0)
        grid.shift(self.cell_center(0, 0) - grid.cell(0, 0).get_center())
        self.grid = grid
        # column labels: "j word" where it fits the cell, else the position only (the rows name the words)
        fit = self.cell_w - 0.08
        cols = [self.txt(f"{j + 1} {t}", size=20, color=pal.ink) for j, t in enumerate(d.tokens)]
        size = self._uniform(cols, fit, 20)
        if size < 15:
            cols = [self.txt(str(j + 1), size=20, color=pal.ink) for j in range(n)]
            size = self._uniform(cols, fit, 20)
        for t in cols:
            t.scale(size / 20)
        self.col_labels = VGroup(*(t.move_to(self.cell_center(0, j) + UP * (self.cell_h / 2 + 0.24))
                                   for j, t in enumerate(cols)))
        self.row_labels = VGroup(*(t.next_to(self.cell_center(i, 0) + LEFT * self.cell_w / 2, LEFT, buff=0.15)
                                   for i, t in enumerate(row_texts)))
        self.keys_label = self.txt(self.s("keys"), size=18, color=pal.muted).move_to(
            self.cell_center(0, (n - 1) / 2) + UP * (self.cell_h / 2 + 0.64))
        self.queries_label.next_to(self.row_labels, LEFT, buff=0.15)
        # the numbers in the cells: 4 decimals where they fit, fewer (and smaller) where not
        inner = self.cell_w * 0.9
        for dec in (4, 3, 2):
            probe = [self.txt(fmt_num(v, dec), size=19) for v in (d.scores.min(), d.scores.max(), 0.5)]
            num_size = self._uniform(probe, inner, 19 * min(1.0, self.cell_h / 0.5))
            if num_size >= 14 or dec == 2:
                break
        self.num_dec, self.num_size = dec, num_size
        self.score_nums = [[self.txt(fmt_num(d.scores[i, j], dec), size=num_size, color=pal.ink)
                            .move_to(self.cell_center(i, j)) for j in range(n)] for i in range(n)]
        self.weight_nums = [[self.txt(fmt_num(d.A[i, j], dec), size=num_size,
                                      color=pal.background if d.A[i, j] > 0.62 else pal.ink)
                             .move_to(self.cell_center(i, j)) for j in range(n)] for i in range(n)]
        cross = 30 * min(1.0, self.cell_h / CELL_H)
        self.crosses = VGroup(*(self.txt("×", size=cross, color=pal.muted).move_to(self.cell_center(i, j))
                                for i in range(n) for j in range(n) if d.mask[i, j]))
        self.table_name = self.tex(r"z_{ij} = q_i^{\top} k_j / \sqrt{2}", size=30).move_to([-2.6, -1.95, 0])
        # the right part of the frame: from the row sums' right edge to the safe area
        self.panel_left = self.cell_center(0, n)[0] + self.cell_w / 2 + 0.45

    def panel(self, group, y: float = 0.6):
        """`group` fitted into the right part of the frame and centred there."""
        room = PANEL_RIGHT - self.panel_left
        if group.width > room:
            group.scale_to_fit_width(room)
        return group.move_to([(self.panel_left + PANEL_RIGHT) / 2, y, 0])

    def table_view(self) -> VGroup:
        """The table and its labels as the scores section leaves them."""
        n = len(self.d.tokens)
        return VGroup(self.grid, self.col_labels, self.row_labels, self.keys_label, self.queries_label,
                      self.table_name, *(self.score_nums[i][j] for i in range(n) for j in range(n)))

    # 2. scores, one cell unpacked ------------------------------------------------------------
    def scores(self):
        d, pal = self.d, self.pal
        i, j = d.cell
        I, J = i + 1, j + 1
        q, k = d.Q[:, i], d.K[:, j]
        self.section("scores", self.s("cap_scores", i=I, j=J, qi=d.tokens[i], kj=d.tokens[j]))
        self.add(self.grid)  # cells start empty (fill 0); show_rows fills them during the softmax
        self.play(QuickFadeIn(VGroup(self.grid.outline, self.col_labels, self.row_labels, self.keys_label,
                                     self.queries_label, self.table_name)), run_time=0.8)
        nums = VGroup(*(m for row in self.score_nums for m in row))
        self.play(FadeIn(nums, lag_ratio=0.02), run_time=1.2)
        self.shown["showing"] = "scores"
        box = SurroundingRectangle(self.grid.cell(i, j), buff=0.0, color=pal.accent, stroke_width=5)
        named = [VGroup(self.tex(rf"{sym} = ({short(v[0])},\ {short(v[1])})^{{\top}}", size=30),
                        self.txt(word, size=24)).arrange(RIGHT, buff=0.25)
                 for sym, v, word in ((f"q_{{{I}}}", q, d.tokens[i]), (f"k_{{{J}}}", k, d.tokens[j]))]
        for group in named:  # the word on the formula's baseline
            group[1].align_to(group[0], DOWN)
        lines = VGroup(
            *named,
            self.tex(rf"q_{I}^{{\top}} k_{J} = {short(q[0])}\cdot{short(k[0])} + {short(q[1])}\cdot{short(k[1])}"
                     rf" = {tnum(d.dots[i, j])}", size=30),
            self.tex(rf"z_{{{I},{J}}} = {tnum(d.dots[i, j])} / \sqrt{{2}} = {tnum(d.scores[i, j])}", size=30,
                     color=pal.accent),
        ).arrange(DOWN, buff=0.28, aligned_edge=LEFT)
        self.panel(lines)
        self.play(Create(box), run_time=0.5)
        for ln in lines:
            self.play(FadeIn(ln, shift=0.1 * RIGHT), run_time=0.6)
        self.shown["unpacked"] = f"z[{I},{J}]={d.scores[i, j]:.6f}"
        self.wait(4)
        self.unpack_box, self.unpack_lines = box, lines

    # 3. the causal mask ---------------------------------------------------------------------
    def mask(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        self.section("mask", self.s("cap_mask"), keep=[self.table_view(), self.unpack_box])
        self.play(QuickFadeOut(self.unpack_lines), run_time=0.4)
        hidden = VGroup(*(self.score_nums[i][j] for i in range(n) for j in range(n) if d.mask[i, j]))
        note = self.panel(self.txt(self.s("future"), size=22, color=pal.muted))
        note.set_x(min(note.get_x(), PANEL_RIGHT - note.width / 2))
        self.play(QuickFadeOut(hidden), FadeIn(self.crosses, lag_ratio=0.05), QuickFadeIn(note), run_time=1.2)
        self.shown["showing"] = "scores,mask"
        self.shown["masked_cells"] = int(d.mask.sum())
        self.wait(4)
        self.mask_note = note

    # 4. softmax per row -----------------------------------------------------------------------
    def softmax(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        i, j = d.cell
        I, J = i + 1, j + 1
        self.section("softmax", self.s("cap_softmax"), keep=[self.table_view(), self.unpack_box, self.crosses,
                                                             self.mask_note])
        table_name = self.tex(r"\alpha_{ij} = \frac{e^{z_{ij}}}{\sum_{\ell \le i} e^{z_{i\ell}}}", size=30)
        table_name.move_to(self.table_name).shift(DOWN * 0.15)
        sums = VGroup(*(self.txt(fmt_num(d.row_sums[r], self.num_dec), size=self.num_size, color=pal.ok)
                        .move_to(self.cell_center(r, n) + RIGHT * 0.15) for r in range(n)))
        sums_head = self.txt(self.s("rowsum"), size=18, color=pal.ok)
        if sums_head.width > self.cell_w + 0.5:
            sums_head.scale_to_fit_width(self.cell_w + 0.5)
        sums_head.move_to(self.cell_center(0, n) + UP * (self.cell_h / 2 + 0.24) + RIGHT * 0.15)
        self.play(QuickFadeOut(self.mask_note), Transform(self.table_name, table_name), run_time=0.5)
        for r in range(n):  # row by row: the normalisation runs along a row
            row_box = SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=pal.ok, stroke_width=4)
            self.grid.show_rows(r + 1)
            self.play(Create(row_box),
                      *(Transform(self.score_nums[r][c], self.weight_nums[r][c]) for c in range(n)
                        if not d.mask[r, c]),
                      QuickFadeIn(sums[r]), *( [QuickFadeIn(sums_head)] if r == 0 else []), run_time=0.6)
            self.play(QuickFadeOut(row_box), run_time=0.2)
        self.shown["showing"] = "weights"
        self.shown["row_sums"] = ",".join(f"{v:.12f}" for v in d.row_sums)
        lines = VGroup(
            self.tex(rf"\alpha_{{{I},{J}}} = \frac{{e^{{{tnum(d.scores[i, j])}}}}}"
                     rf"{{\sum_{{\ell \le {I}}} e^{{z_{{{I},\ell}}}}}}", size=32),
            self.tex(rf"= \frac{{{tnum(d.exp_scores[i, j])}}}{{{tnum(d.exp_row_sums[i])}}} = {tnum(d.A[i, j])}",
                     size=32, color=pal.accent),
        ).arrange(DOWN, buff=0.3, aligned_edge=LEFT)
        self.panel(lines)
        self.play(FadeIn(lines, shift=0.1 * RIGHT), run_time=0.8)
        self.shown["unpacked"] = f"alpha[{I},{J}]={d.A[i, j]:.6f}"
        self.wait(4)
        self.play(QuickFadeOut(lines), QuickFadeOut(self.unpack_box), run_time=0.4)
        self.sums = VGroup(sums, sums_head)

    # 5. the context vector ---------------------------------------------------------------------
    def to_plot(self, v):
        return self.plot_origin + self.plot_scale * np.array([v[0], v[1], 0.0])

    def plot_geometry(self, table_right: float, table_bottom: float, weights_right: float):
        """Origin and scale of the little plane: every value vector, partial sum and x inside PLOT_BOX
        (moved right of the weights, or of the table when the plane reaches up beside it), at most
        PLOT_SCALE; the axes run 0.25 beyond the farthest point."""
        d = self.d
        starts = np.vstack([np.zeros(2), np.cumsum(d.terms, axis=0)])  # (n+1, 2)
        pts = np.vstack([np.zeros(2), d.V.T, starts, d.x[None, :]])  # (m, 2)
        self.plot_lo = np.where(pts.min(axis=0) < 0, pts.min(axis=0) - 0.25, 0.0)
        self.plot_hi = pts.max(axis=0) + 0.25
        left, bottom, right, top = PLOT_BOX
        left = max(left, weights_right + 0.5)
        if (pts[:, 0] < 0).any():  # labels of arrows pointing left need room beside the table
            left = max(left, table_right + 0.6)
        for top_now in (top, table_bottom - 0.25, 0.9):
            span = self.plot_hi - self.plot_lo
            scale = min(PLOT_SCALE, (right - left) / span[0], (top_now - bottom) / span[1])
            origin = np.array([left - self.plot_lo[0] * scale, bottom - self.plot_lo[1] * scale, 0.0])
            ends = np.array([[0.0, self.plot_hi[1]], [self.plot_hi[0], 0.0]])  # where 'dim 2', 'dim 1' go
            placed = np.vstack([origin[:2] + scale * pts, origin[:2] + scale * ends + [0.3, 0.2]])
            near_table = (placed[:, 0] < table_right + 0.3) & (placed[:, 1] > table_bottom - 0.3)
            near_readout = (placed[:, 0] > 1.8) & (placed[:, 1] > 1.0)
            if not (near_table.any() or near_readout.any()):
                break
        self.plot_origin, self.plot_scale = origin, scale

    def context(self):
        d, pal = self.d, self.pal
        n = len(d.tokens)
        self.section("context", self.s("cap_context", n=subscript(n)),
                     keep=[self.table_view(), self.crosses, self.sums])
        colors = [pal.series[(2 * j + 1) % len(pal.series)] for j in range(n)]
        shown_nums = [self.score_nums[r][c] for r in range(n) for c in range(n) if not d.mask[r, c]]
        table = VGroup(self.grid, *shown_nums, self.crosses, self.col_labels,
                       self.row_labels, self.keys_label, self.queries_label, self.sums)
        corner = table.copy().scale(TABLE_SCALE)
        target = np.array([-6.3 + corner.width / 2, 2.9 - corner.height / 2, 0.0])
        corner.move_to(target)
        # the last row's weights, under the table: one column, or two for many tokens
        weights = VGroup(*(self.txt(f"α{subscript(n)}{subscript(j + 1)} = "
                                    f"{fmt_num(d.A[-1, j], 4)}", size=18, color=colors[j])
                           for j in range(n)))
        room = corner.get_bottom()[1] - 0.2 - (-2.45)
        weights.arrange(DOWN, buff=0.08, aligned_edge=LEFT).scale(1.2)
        if weights.height > room:
            half = (n + 1) // 2
            weights = VGroup(VGroup(*weights[:half]).arrange(DOWN, buff=0.1, aligned_edge=LEFT),
                             VGroup(*weights[half:]).arrange(DOWN, buff=0.1, aligned_edge=LEFT))
            weights.arrange(RIGHT, buff=0.4, aligned_edge=UP)
            if weights.height > room:
                weights.scale_to_fit_height(room)
        weights.to_edge(LEFT, buff=0.85).set_y(min(-1.75, corner.get_bottom()[1] - 0.2 - weights.height / 2))
        self.plot_geometry(corner.get_right()[0], corner.get_bottom()[1], weights.get_right()[0])
        xmin, ymin = self.plot_lo
        xmax, ymax = self.plot_hi
        axes = VGroup(
            Line(self.to_plot((xmin, 0)), self.to_plot((xmax, 0)), stroke_color=pal.muted, stroke_width=2),
            Line(self.to_plot((0, ymin)), self.to_plot((0, ymax)), stroke_color=pal.muted, stroke_width=2),
        )
        seen = {}
        for j in range(n):
            key = (float(d.V[0, j]), float(d.V[1, j]))
            seen.setdefault(key, []).append(j)
        starts = np.vstack([np.zeros(2), np.cumsum(d.terms, axis=0)])  # (n+1, 2)
        # what a label must not touch: the axes, the arrows, the chain of terms and x, the table
        segments = [((xmin, 0), (xmax, 0)), ((0, ymin), (0, ymax)), ((0, 0), tuple(d.x)),
                    *(((0, 0), key) for key in seen), *((tuple(starts[j]), tuple(starts[j + 1])) for j in range(n))]
        segments = [(self.to_plot(a)[:2], self.to_plot(b)[:2]) for a, b in segments]
        taken = [box_of(corner), box_of(weights), (1.8, 1.0, 6.4, 2.6)]  # the readout and its sum
        ticks = VGroup()
        for label, at, side in ((self.s("dim", k=1), (xmax, 0), UP), (self.s("dim", k=2), (0, ymax), RIGHT)):
            ticks.add(self.txt(label, size=16, color=pal.muted).next_to(self.to_plot(at), side, buff=0.1))
        taken += [box_of(m) for m in ticks]
        values = VGroup()
        for key, js in seen.items():
            arrow = Arrow(self.to_plot((0, 0)), self.to_plot(key), buff=0, stroke_width=3, color=pal.muted,
                          max_tip_length_to_length_ratio=0.12)
            label = self.txt(f"v{subscript(','.join(str(j + 1) for j in js))} {d.tokens[js[0]]}", size=16,
                             color=pal.muted)
            on_axis_low = key[0] == 0 and key[1] < 0.5  # left of the y axis, clear of the chain of terms
            sides = [LEFT if on_axis_low or key[0] < 0 else RIGHT, LEFT, RIGHT, UP, DOWN, UR, UL, DR, DL]
            tries = [(side, buff) for buff in (0.1, 0.3, 0.55) for side in sides]
            scores = [conflicts(box_of(label.next_to(self.to_plot(key), side, buff=buff)), segments, taken)
                      for side, buff in tries]
            side, buff = tries[int(np.argmin(scores))]  # the first with the fewest conflicts
            label.next_to(self.to_plot(key), side, buff=buff)
            taken.append(box_of(label))
            values.add(arrow, label)
        step = max(1, int(np.ceil(0.45 / self.plot_scale)))  # whole numbers at least 0.45 apart
        for t in range(int(np.ceil(xmin)), int(np.floor(xmax)) + 1):
            tick = self.txt(str(t).replace("-", "−"), size=16, color=pal.muted)
            tick.next_to(self.to_plot((t, 0)), DOWN, buff=0.08)
            if t % step == 0 and is_free(box_of(tick), segments[1:], taken):  # a tick no arrow or label crosses
                ticks.add(tick)
        # the terms, added head to tail; a tracker runs 0 → n
        t = ValueTracker(0.0)
        segs = [Line(self.to_plot(starts[j]), self.to_plot(starts[j + 1]), stroke_color=colors[j], stroke_width=6)
                for j in range(n)]
        running = self.txt(self.s("running"), size=20, color=pal.muted)
        x_label = self.txt("x = (", size=30, color=pal.accent)  # the digits' own font: no TeX brackets
        slots = max(len(fmt_num(v, 4)) for v in (*starts.ravel(), *d.x))  # room for a sign where one is needed
        g1 = GlyphNumber(0.0, decimals=4, width=slots, font=self.look.font, font_size=26, color=pal.accent)
        comma = self.txt(",", size=30, color=pal.accent)
        g2 = GlyphNumber(0.0, decimals=4, width=slots, font=self.look.font, font_size=26, color=pal.accent)
        close = self.txt(")", size=30, color=pal.accent)
        readout = VGroup(x_label, g1, comma, g2, close).arrange(RIGHT, buff=0.06).move_to([4.0, 2.25, 0])
        for glyph in (comma, x_label, close):  # on the digits' baseline: the comma sits low, not mid-height
            glyph.align_to(g1, DOWN)
        comma.shift(DOWN * comma.height * 0.35)
        gap = 0.06

        def snug():  # "x = (", the comma, the second number and ")" against the digits shown
            left, right = g1.text_edges()
            x_label.shift(RIGHT * (left - gap - x_label.get_right()[0]))
            comma.shift(RIGHT * (right + gap - comma.get_left()[0]))
            g2.shift(RIGHT * (comma.get_right()[0] + gap - g2.text_edges()[0]))
            close.shift(RIGHT * (g2.text_edges()[1] + gap - close.get_left()[0]))

        snug()
        if readout.get_right()[0] > 6.3:
            readout.shift(LEFT * (readout.get_right()[0] - 6.3))
        running.next_to(readout, DOWN, buff=0.12)

        def follow(group):
            v = t.get_value()
            k = int(min(np.floor(v), n - 1))
            frac = v - k
            for jj, seg in enumerate(segs):  # segment jj grows from 0 to the term α_nj v_j
                amount = 1.0 if jj < k else (frac if jj == k else 0.0)
                seg.set_points_as_corners([self.to_plot(starts[jj]),
                                           self.to_plot(starts[jj] + amount * d.terms[jj])])
            partial = starts[k] + frac * d.terms[k]
            g1.set_value(partial[0])
            g2.set_value(partial[1])
            snug()
            self.shown["terms_added"] = round(float(v), 6)
            self.shown["partial_x1"] = float(partial[0])
            self.shown["partial_x2"] = float(partial[1])

        live = VGroup(*segs, g1, g2)
        self.play(QuickFadeOut(self.table_name), run_time=0.3)
        self.play(table.animate.scale(TABLE_SCALE).move_to(target), run_time=0.8)
        last = SurroundingRectangle(self.grid.row_group(n - 1), buff=0.02, color=pal.accent, stroke_width=4)
        self.play(Create(last), run_time=0.4)
        self.play(Create(axes), QuickFadeIn(ticks), QuickFadeIn(values), run_time=1.0)
        self.play(QuickFadeIn(readout), QuickFadeIn(running), QuickFadeIn(weights), run_time=0.6)
        follow(live)
        live.add_updater(follow)
        self.add(live)
        for jj in range(n):
            hl = SurroundingRectangle(self.grid.cell(n - 1, jj), buff=0.0, color=colors[jj], stroke_width=5)
            self.play(Create(hl), run_time=0.25)
            self.play(t.animate.set_value(float(jj + 1) - 1e-9), run_time=1.4, rate_func=linear)
            self.play(QuickFadeOut(hl), run_time=0.2)
        t.set_value(float(n - 1) + 1.0 - 1e-12)
        live.remove_updater(follow)
        final = Arrow(self.to_plot((0, 0)), self.to_plot(d.x), buff=0, stroke_width=6, color=pal.accent,
                      max_tip_length_to_length_ratio=0.15)
        g1.set_value(d.x[0])
        g2.set_value(d.x[1])
        snug()
        self.shown["partial_x1"], self.shown["partial_x2"] = float(d.x[0]), float(d.x[1])
        done = self.tex(rf"x = \sum_j \alpha_{{{n}j}}\, v_j", size=30, color=pal.accent)
        done.next_to(readout, DOWN, buff=0.15)
        self.play(Create(final), QuickFadeOut(running), QuickFadeIn(done), run_time=0.8)
        self.context_view = VGroup(table, last, axes, ticks, values, readout, weights, *segs, final, done)
        self.shown["showing"] = "context"
        self.wait(4)


SCENE = AttentionHeatmap
