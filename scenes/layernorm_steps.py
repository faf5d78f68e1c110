"""layernorm_steps: LayerNorm on a 2×6 layer output, shown as bars that centre and rescale (seed 004
§4.2 "一步步做正規化"; numbers from engine.norms.layernorm_example).

Sections: input (each row of the output as 6 bars) → stats (the row's mean as a dashed line, μ ± σ
as a band, σ² dividing by n) → centre (every bar drops by μ) → scale (÷ √(σ² + ε): the band
becomes nearly ±1) → check (mean 0, variance just under 1 because of ε) → summary (the unbiased
variance, ÷ (n − 1) without ε, as outlined bars: shorter by √((n − 1)/n), and ε adds the rest).
The seed's own stepper uses the unbiased variance and its LayerNorm class the biased one; the
screen names the two ideas, the record (numbers.json) keeps the seed's printed row.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, DashedLine, Line, Rectangle, Transform, VGroup

from look import fmt_num
from scenes.parts.bars import BarRow
from scenes.parts.emphasis import read_with
from scenes.parts.lecture import LectureScene
from scenes.parts.panel import CONTENT_BOTTOM, SAFE_HALF_WIDTH, Box
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

DECIMALS = {"out": 2, "centred": 2, "scaled_class": 2, "mean": 4, "var_biased": 4, "std_biased": 4, "check_mean_class": 4,
            "check_var_class": 4, "ratio_unbiased_to_class": 4, "sqrt_n_ratio": 4, "var_gap_pct_emb_dim": 2}

STRINGS = {
    "en": {
        "title": "LayerNorm, step by step",
        "row": "row {r}",
        "row_one": "one sample, {n} features",
        "stats": "μ = {m}    σ = {s}",
        "check": "mean {m}    variance {v}",
        "legend_class": "variance ÷ n, plus ε (LayerNorm)",
        "legend_unbiased": "variance ÷ (n − 1), no ε (unbiased)",
        "which_0": "Row 0",
        "which_one": "The row",
        "cap_input": "A layer's output: {r} samples × {n} features, one row per sample. LayerNorm treats each "
                     "row on its own; here each row is a set of {n} bars.",
        "cap_input_one": "A layer's output for one sample: {n} features, drawn as {n} bars. LayerNorm "
                         "normalises them together, over the features.",
        "cap_stats": "Step 1: each row's mean μ (dashed line) and standard deviation σ (the band μ ± σ). The "
                     "variance σ² averages the squared distances from μ over the n = {n} values.",
        "cap_centre": "Step 2: subtract the mean. Every bar drops by μ, the dashed line lands on 0, and bars "
                      "below the mean turn negative.",
        "cap_scale": "Step 3: divide by √(σ² + ε), with a small ε. The band becomes nearly ±1: a row of small "
                     "values is stretched to unit scale.",
        "cap_scale_shrink": "Step 3: divide by √(σ² + ε), with a small ε. The band becomes nearly ±1: a row of "
                            "large values is shrunk to unit scale.",
        "cap_scale_both": "Step 3: divide by √(σ² + ε), with a small ε. The band becomes nearly ±1: each row is "
                          "brought to unit scale, small values stretched, large ones shrunk.",
        "cap_scale_eps": "Step 3: divide by √(σ² + ε), with a small ε. Where ε is not small next to σ², the "
                         "band stays inside ±1.",
        "cap_check": "Step 4: check. {which} now has mean {m} and variance {v}: just under 1, because ε is added "
                     "to a variance of only {var}.",
        "cap_check_under": "Step 4: check. {which} now has mean {m} and variance {v}: just under 1, because "
                           "ε = {eps} is added to the variance {var}.",
        "cap_check_exact": "Step 4: check. {which} now has mean {m} and variance {v}: exactly 1, since ε = 0.",
        "cap_check_negligible": "Step 4: check. {which} now has mean {m} and variance {v}: ε = {eps} is "
                                "negligible next to a variance of {var}.",
        "cap_check_large": "Step 4: check. {which} now has mean {m} and variance {v}: well under 1, because "
                           "ε = {eps} is large next to a variance of {var}.",
        "cap_summary": "The unbiased variance divides by n − 1 and uses no ε: the outlined bars, scaled by {r0} in "
                       "row 0 and {r1} in row 1.",
        "cap_summary_one": "The unbiased variance divides by n − 1 and uses no ε: the outlined bars, scaled by "
                           "{r0}.",
        "cap_summary2": "√({a}/{b}) = {q} of that comes from n − 1 against n; ε adds the rest.",
        "cap_summary2_noeps": "All of it is √({a}/{b}) = {q}, from n − 1 against n: ε = {eps} changes nothing at "
                              "4 decimals.",
    },
    "zh-Hant": {
        "title": "LayerNorm，一步一步做",
        "row": "第 {r} 列",
        "row_one": "一個樣本，{n} 個特徵",
        "stats": "μ = {m}    σ = {s}",
        "check": "均值 {m}    變異數 {v}",
        "legend_class": "變異數除以 n，加 ε（LayerNorm）",
        "legend_unbiased": "變異數除以 n − 1，不加 ε（不偏）",
        "which_0": "第 0 列",
        "which_one": "這一列",
        "cap_input": "某一層的輸出：{r} 個樣本 × {n} 個特徵，每個樣本一列。LayerNorm 每一列各自處理；"
                     "這裡每一列畫成 {n} 根長條。",
        "cap_input_one": "某一層對一個樣本的輸出：{n} 個特徵，畫成 {n} 根長條。LayerNorm 把這些特徵放在一起正規化。",
        "cap_stats": "第 1 步：均值 μ 是虛線，標準差 σ 是 μ ± σ 的色帶。變異數 σ² 是這 {n} 個值"
                     "到 μ 距離平方的平均。",
        "cap_centre": "第 2 步：減去均值。每根長條都降低 μ，虛線落到 0，低於均值的長條變成負的。",
        "cap_scale": "第 3 步：除以 √(σ² + ε)，ε 很小。色帶變成幾乎 ±1：一列很小的數值被拉到單位尺度。",
        "cap_scale_shrink": "第 3 步：除以 √(σ² + ε)，ε 很小。色帶變成幾乎 ±1：一列很大的數值被壓回單位尺度。",
        "cap_scale_both": "第 3 步：除以 √(σ² + ε)，ε 很小。色帶變成幾乎 ±1：每一列都回到單位尺度，小的拉大、大的壓小。",
        "cap_scale_eps": "第 3 步：除以 √(σ² + ε)，ε 很小。ε 和 σ² 比起來不算小的那一列，色帶停在 ±1 以內。",
        "cap_check": "第 4 步：驗收。{which}的均值是 {m}，變異數是 {v}：略小於 1，因為 ε 加在只有 {var} 的變異數上。",
        "cap_check_under": "第 4 步：驗收。{which}的均值是 {m}，變異數是 {v}：略小於 1，因為 ε = {eps} 加在 {var} 的變異數上。",
        "cap_check_exact": "第 4 步：驗收。{which}的均值是 {m}，變異數是 {v}：剛好是 1，因為 ε = 0。",
        "cap_check_negligible": "第 4 步：驗收。{which}的均值是 {m}，變異數是 {v}：ε = {eps} 和 {var} 的變異數比起來微不足道。",
        "cap_check_large": "第 4 步：驗收。{which}的均值是 {m}，變異數是 {v}：遠小於 1，因為 ε = {eps} 和 {var} 的變異數比起來很大。",
        "cap_summary": "不偏變異數除以 n − 1、不加 ε：就是外框長條，第 0 列是實心長條的 {r0} 倍，第 1 列 {r1} 倍。",
        "cap_summary_one": "不偏變異數除以 n − 1、不加 ε：就是外框長條，是實心長條的 {r0} 倍。",
        "cap_summary2": "n − 1 與 n 之差帶來 √({a}/{b}) = {q}，其餘來自 ε。",
        "cap_summary2_noeps": "全部都是 √({a}/{b}) = {q}，來自 n − 1 與 n 之差：ε = {eps} 在小數點後 4 位看不出影響。"
                              "",
    },
    "zh-Hans": {
        "title": "LayerNorm，一步一步做",
        "row": "第 {r} 行",
        "row_one": "一个样本，{n} 个特征",
        "stats": "μ = {m}    σ = {s}",
        "check": "均值 {m}    方差 {v}",
        "legend_class": "方差除以 n，加 ε（LayerNorm）",
        "legend_unbiased": "方差除以 n − 1，不加 ε（无偏）",
        "which_0": "第 0 行",
        "which_one": "这一行",
        "cap_input": "某一层的输出：{r} 个样本 × {n} 个特征，每个样本一行。LayerNorm 每一行各自处理；"
                     "这里每一行画成 {n} 根柱子。",
        "cap_input_one": "某一层对一个样本的输出：{n} 个特征，画成 {n} 根柱子。LayerNorm 把这些特征放在一起归一化。",
        "cap_stats": "第 1 步：均值 μ 是虚线，标准差 σ 是 μ ± σ 的色带。方差 σ² 是这 {n} 个值"
                     "到 μ 距离平方的平均。",
        "cap_centre": "第 2 步：减去均值。每根柱子都降低 μ，虚线落到 0，低于均值的柱子变成负的。",
        "cap_scale": "第 3 步：除以 √(σ² + ε)，ε 很小。色带变成几乎 ±1：一行很小的数值被拉到单位尺度。",
        "cap_scale_shrink": "第 3 步：除以 √(σ² + ε)，ε 很小。色带变成几乎 ±1：一行很大的数值被压回单位尺度。",
        "cap_scale_both": "第 3 步：除以 √(σ² + ε)，ε 很小。色带变成几乎 ±1：每一行都回到单位尺度，小的拉大、大的压小。",
        "cap_scale_eps": "第 3 步：除以 √(σ² + ε)，ε 很小。ε 和 σ² 相比不算小的那一行，色带停在 ±1 以内。",
        "cap_check": "第 4 步：检验。{which}的均值是 {m}，方差是 {v}：略小于 1，因为 ε 加在只有 {var} 的方差上。",
        "cap_check_under": "第 4 步：检验。{which}的均值是 {m}，方差是 {v}：略小于 1，因为 ε = {eps} 加在 {var} 的方差上。",
        "cap_check_exact": "第 4 步：检验。{which}的均值是 {m}，方差是 {v}：刚好是 1，因为 ε = 0。",
        "cap_check_negligible": "第 4 步：检验。{which}的均值是 {m}，方差是 {v}：ε = {eps} 和 {var} 的方差相比微不足道。",
        "cap_check_large": "第 4 步：检验。{which}的均值是 {m}，方差是 {v}：远小于 1，因为 ε = {eps} 和 {var} 的方差相比很大。",
        "cap_summary": "无偏方差除以 n − 1、不加 ε：就是空心柱子，第 0 行是实心柱子的 {r0} 倍，第 1 行 {r1} 倍。",
        "cap_summary_one": "无偏方差除以 n − 1、不加 ε：就是空心柱子，是实心柱子的 {r0} 倍。",
        "cap_summary2": "n − 1 与 n 之差带来 √({a}/{b}) = {q}，其余来自 ε。",
        "cap_summary2_noeps": "全部都是 √({a}/{b}) = {q}，来自 n − 1 与 n 之差：ε = {eps} 在小数点后 4 位看不出影响。"
                              "",
    },
}

CONTENT = Box(-SAFE_HALF_WIDTH + 0.1, SAFE_HALF_WIDTH - 0.1, 2.85, CONTENT_BOTTOM)
LABEL_ROOM = 0.32  # above the highest and below the lowest bar, for the value labels


def label_decimals(values) -> int:
    """Decimals of the value labels on the bars: 2, fewer for large values (a label stays narrow), more
    for tiny ones (no row of 0.00)."""
    top = float(np.max(np.abs(values)))
    for limit, dec in ((99.95, 0), (9.995, 1), (0.0995, 2), (0.00995, 3)):
        if top >= limit:
            return dec
    return 4


def small(v: float) -> str:
    """A variance in a caption: 4 decimals, or 3 significant digits (1.56×10⁻⁶) below 0.001."""
    return fmt_num(float(v), 4) if abs(v) >= 1e-3 else fmt_num(float(v), "3s")


def caption_args(d) -> dict:
    """{moment: (string key, placeholders)}: which wording each step uses and its numbers, every number
    read from the record (LayerNormSteps). A claim ("just under 1", "stretched", "ε adds the rest")
    is made only where the numbers bear it out; otherwise the caption says what they do show."""
    f4 = lambda v: fmt_num(float(v), 4)  # noqa: E731
    rows = d.out.shape[0]
    one = "_one" if rows == 1 else ""
    eps = np.format_float_positional(d.eps, trim="-")  # 0.00001: digits the caption font has
    if np.min(d.check_std_class) < 0.95:
        scale = "cap_scale_eps"  # ε is not small next to σ²: the band stays well inside ±1
    elif np.all(d.std_biased < 1):
        scale = "cap_scale"
    elif np.all(d.std_biased > 1):
        scale = "cap_scale_shrink"
    else:
        scale = "cap_scale_both"
    v0 = f4(d.check_var_class[0])
    if d.eps == 0:
        check = "cap_check_exact"
    elif v0 == f4(1.0):
        check = "cap_check_negligible"
    elif d.check_var_class[0] >= 0.9:
        check = "cap_check" if d.var_biased[0] < 1 else "cap_check_under"  # "a variance of only …"
    else:
        check = "cap_check_large"
    ratios = [f4(r) for r in d.ratio_unbiased_to_class]
    eps_shows = any(r != f4(d.sqrt_n_ratio) for r in ratios)
    return {
        "cap_input": ("cap_input" + one, {"r": rows, "n": d.n}),
        "cap_stats": ("cap_stats", {"n": d.n}),
        "cap_centre": ("cap_centre", {}),
        "cap_scale": (scale, {"eps": eps}),
        "cap_check": (check, {"which": "which" + (one or "_0"), "m": f4(d.check_mean_class[0]), "v": v0,
                              "var": small(d.var_biased[0]), "eps": eps}),
        "cap_summary": ("cap_summary" + one, {"r0": ratios[0], "r1": ratios[-1]}),
        "cap_summary2": ("cap_summary2" if eps_shows else "cap_summary2_noeps",
                         {"a": d.n - 1, "b": d.n, "q": f4(d.sqrt_n_ratio), "emb": d.emb_dim, "eps": eps,
                          "pct": fmt_num(d.var_gap_pct_emb_dim, 2)}),
    }


def captions(d, lang: str) -> dict:
    """Every caption of the scene in `lang`, as shown: {moment: text}."""
    table = STRINGS[lang]
    out = {}
    for moment, (key, fmt) in caption_args(d).items():
        fmt = {k: table[v] if k == "which" else v for k, v in fmt.items()}
        out[moment] = table[key].format(**fmt)
    return out


class LayerNormSteps(LectureScene):
    strings = STRINGS

    def begin(self, name: str, keep=()):
        """Start the step `name` with its caption; `keep`: what the step still uses of the earlier
        steps (the title, axes, row names and bars persist for the whole scene)."""
        self.section(name, self.cap[f"cap_{name}"], keep=keep)
        self.shown["step"] = name

    def value_labels(self, k: int, values) -> VGroup:
        dec = label_decimals(values)
        size = 16 if self.rows[k].step >= 0.62 else 14  # eight bars in half the width: a smaller label
        return self.rows[k].labels([fmt_num(float(v), dec) for v in values], font=self.look.font, size=size,
                                   color=self.pal.ink, values=values)

    def band(self, k: int, centre: float, half: float) -> Rectangle:
        bars = self.rows[k]
        lo, hi = bars.level(centre - half), bars.level(centre + half)
        band = Rectangle(width=bars.span, height=hi - lo, stroke_width=0, fill_color=self.pal.accent,
                         fill_opacity=0.16)
        return band.move_to([bars.x_left + bars.span / 2, (lo + hi) / 2, 0])

    def mean_line(self, k: int, value: float) -> DashedLine:
        bars = self.rows[k]
        y = bars.level(value)
        return DashedLine([bars.x_left, y, 0], [bars.x_left + bars.span, y, 0], color=self.pal.accent,
                          stroke_width=3)

    def construct(self):
        d, pal = self.data, self.pal
        self.cap = captions(d, self.look.lang)
        self.n_rows = rows = d.out.shape[0]
        self.add_title()
        # one scale for every step: the bars grow from the raw output to unit scale
        states = np.concatenate([d.out, d.centred, d.scaled_class, d.scaled_unbiased])  # (4 · rows, n)
        hi, lo = max(states.max(), 0.0), min(states.min(), 0.0)
        if rows == 1:  # one row: one column, as wide as its bars need
            width = min(CONTENT.width, max(5.0, 1.3 * d.n))
            mid = (CONTENT.left + CONTENT.right) / 2
            columns = [Box(mid - width / 2, mid + width / 2, CONTENT.top, CONTENT.bottom)]
            heads = [self.txt(self.s("row_one", n=d.n), size=22, color=pal.muted)]
        else:
            columns = CONTENT.split(rows, gap=0.8)
            heads = [self.txt(self.s("row", r=k), size=22, color=pal.muted) for k in range(rows)]
        stats = [self.txt(self.s("stats", m=fmt_num(d.mean[k], 4), s=fmt_num(d.std_biased[k], 4)),
                          size=20, color=pal.accent) for k in range(rows)]
        top = CONTENT.top - heads[0].height - stats[0].height - 0.25 - LABEL_ROOM
        bottom = CONTENT.bottom + 0.8 + LABEL_ROOM  # room for the check line and the legend
        unit = (top - bottom) / (hi - lo)
        y0 = top - hi * unit
        self.rows = [BarRow(d.out[k], left=c.left, width=c.width, y0=y0, unit=unit, color=pal.cool) for k, c in
                     enumerate(columns)]
        axes = VGroup(*(Line([c.left, y0, 0], [c.right, y0, 0], color=pal.muted, stroke_width=2) for c in columns))
        for k, c in enumerate(columns):
            heads[k].move_to([(c.left + c.right) / 2, CONTENT.top - heads[k].height / 2, 0])
            stats[k].next_to(heads[k], DOWN, buff=0.12)
        self.step_input(axes, heads)
        self.step_stats(stats)
        self.step_centre()
        self.step_scale()
        self.step_check(columns)
        self.step_summary()  # LectureScene waits out the last caption, then holds the last frame

    def step_input(self, axes, heads):
        d = self.data
        self.begin("input")
        self.labels = [self.value_labels(k, d.out[k]) for k in range(self.n_rows)]
        self.play(QuickFadeIn(axes), *(QuickFadeIn(h) for h in heads), run_time=0.5)
        self.play(*(QuickFadeIn(r) for r in self.rows), *(QuickFadeIn(lab) for lab in self.labels), run_time=1.0)
        self.persist(axes, *heads, *self.rows)  # the bars stay and change shape step by step
        self.shown["showing"] = "out"
        read_with(self, *self.rows)

    def step_stats(self, stats):
        d = self.data
        self.begin("stats", keep=self.labels)
        self.stats = stats
        self.means = [self.mean_line(k, d.mean[k]) for k in range(self.n_rows)]
        self.bands = [self.band(k, d.mean[k], d.std_biased[k]) for k in range(self.n_rows)]
        self.play(*(QuickFadeIn(m) for m in self.means), *(QuickFadeIn(s) for s in stats), run_time=0.8)
        self.play(*(QuickFadeIn(b) for b in self.bands), run_time=0.8)
        self.shown["showing"] = "out,mean,std"
        read_with(self, *self.means, *self.bands, *stats)

    def move_to(self, values, bands, run_time=1.5):
        """Re-shape the bars to `values` (rows), the band to `bands` and the value labels to match."""
        targets = [r.targets(v) for r, v in zip(self.rows, values)]
        new_labels = [self.value_labels(k, values[k]) for k in range(self.n_rows)]
        self.play(*(QuickFadeOut(lab) for lab in self.labels), run_time=0.3)
        self.play(*(Transform(r.bars, t) for r, t in zip(self.rows, targets)),
                  *(Transform(b, nb) for b, nb in zip(self.bands, bands)),
                  *(m.animate.shift([0, self.rows[k].level(0.0) - m.get_center()[1], 0])
                    for k, m in enumerate(self.means)), run_time=run_time)
        self.play(*(QuickFadeIn(lab) for lab in new_labels), run_time=0.4)
        self.labels = new_labels

    def step_centre(self):
        d = self.data
        self.begin("centre", keep=[*self.labels, *self.stats, *self.means, *self.bands])
        self.move_to(d.centred, [self.band(k, 0.0, d.std_biased[k]) for k in range(self.n_rows)])
        self.shown["showing"] = "centred"
        read_with(self, *self.means, *self.rows)

    def step_scale(self):
        d = self.data
        self.begin("scale", keep=[*self.labels, *self.stats, *self.means, *self.bands])
        self.move_to(d.scaled_class, [self.band(k, 0.0, d.check_std_class[k]) for k in range(self.n_rows)])
        self.shown["showing"] = "scaled_class"
        read_with(self, *self.bands, *self.rows)

    def step_check(self, columns):
        d, pal = self.data, self.pal
        self.begin("check", keep=[*self.labels, *self.means, *self.bands])  # μ and σ of the input are done
        self.checks = VGroup(*(
            self.txt(self.s("check", m=fmt_num(d.check_mean_class[k], 4), v=fmt_num(d.check_var_class[k], 4)),
                     size=20, color=pal.ok).move_to([(c.left + c.right) / 2, CONTENT.bottom + 0.55, 0])
            for k, c in enumerate(columns)))
        self.play(QuickFadeIn(self.checks), *(QuickFadeOut(s) for s in self.stats), run_time=0.6)
        self.shown["showing"] = "scaled_class,check"
        read_with(self, *self.checks, *self.bands)

    def step_summary(self):
        d, pal = self.data, self.pal
        self.begin("summary", keep=self.labels)  # the check, mean lines and bands make way for the legend
        ghost_color = pal.series[6]
        ghosts = [r.targets(d.scaled_unbiased[k], fill_opacity=0.0, stroke_width=3, color=ghost_color)
                  for k, r in enumerate(self.rows)]
        legend = VGroup()
        for text, color, filled in ((self.s("legend_class"), pal.cool, True),
                                    (self.s("legend_unbiased"), ghost_color, False)):
            swatch = Rectangle(width=0.3, height=0.2, color=color, fill_opacity=0.85 if filled else 0.0,
                               stroke_width=0 if filled else 3)
            legend.add(VGroup(swatch, self.txt(text, size=18, color=pal.ink)).arrange(RIGHT, buff=0.12))
        legend.arrange(RIGHT, buff=0.8).move_to([0, self.checks.get_y(), 0])  # in the check's place
        self.play(QuickFadeOut(self.checks), *(QuickFadeOut(m) for m in (*self.means, *self.bands)), run_time=0.5)
        self.play(*(QuickFadeIn(g) for g in ghosts), QuickFadeIn(legend), run_time=0.8)
        self.shown["showing"] = "scaled_class,scaled_unbiased"
        read_with(self, *ghosts, legend)
        self.caption(self.cap["cap_summary2"])
        read_with(self, legend, *ghosts)


SCENE = LayerNormSteps
