"""shortcut_gradients: the 5-layer network of seed 004 §4.4 "Adding shortcut connections", mean |gradient|
of each layer's weight without and with shortcut connections, each divided by that run's |∂L/∂ŷ| (the
two runs end at very different losses, and a larger output error alone scales every gradient up), as a
dot plot on a log axis. The raw values, the losses and the set-up are the caption (caption()).

One row per layer: an open circle without shortcuts, a filled square with them, joined by a line, a
legend above; the values and the ratios with / without are the caption's, not drawn. The values are the book's (reproduced with torch by
engine.training.shortcut_gradients: float32, torch.manual_seed(123) before each model, input
[1, 0, −1], target 0, MSE loss); the set-up is exported with the numbers (x, target, seed,
layer_sizes), not drawn. The depth and width are parameters (studio.catalogue.accepts.training): the figure grows a
row per layer, and the labels keep 3 significant digits, since without shortcuts a deep net's first layers
get gradients of 10⁻⁸ and less. Every label is written by `shown`, with the rounding of DECIMALS, so the
drawn text and numbers.json's "shown" strings are the same strings.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure, titled
from look import Look, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "bad")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Shortcuts keep the gradients large: ×{lo} to ×{hi} per unit of output error\n"
                 "({n} layers of width {w}, input x = {x}, torch.manual_seed({seed}))",
        "xlabel": "mean |∂L/∂W| ÷ |∂L/∂ŷ|, the gradient per unit of output error (log scale)",
        "without": "without shortcuts",
        "with": "with shortcuts",
        "layer": "layer {i}",
        "last": "no shortcut here:\n{a} → {b} changes the shape",
        "c_setup": ("A network of {n} layers with sizes {sizes}, each a Linear layer followed by GELU (tanh "
                    "approximation), input x = {x}, target {t}, MSE loss, float32 arithmetic; "
                    "torch.manual_seed({seed}) is called before each model is built, so both start from the "
                    "same weights."),
        "c_losses": ("Without shortcuts the output is ŷ = {yo} (loss {lo}), with them ŷ = {yw} (loss {lw}), so "
                     "∂L/∂ŷ = 2(ŷ − {t}) is {do} and {dw}: part of the raw ratio of mean |∂L/∂W| (×{r0} to ×{r1}) "
                     "comes from the larger output error, not from the shortcuts. The dots therefore divide each "
                     "layer's mean |∂L/∂W| by |∂L/∂ŷ|; per unit of output error the shortcuts still give ×{p0} "
                     "to ×{p1}."),
        "c_raw": "Raw mean |∂L/∂W|, without → with shortcuts: {rows}.",
        "c_row": "layer {i} {a} → {b} (×{r})",
        "c_table": "The dots, per unit of output error (mean |∂L/∂W| ÷ |∂L/∂ŷ|), without → with shortcuts: {rows}.",
    },
    "zh-Hant": {
        "title": "捷徑連接讓梯度保持夠大：以每單位輸出誤差計大 ×{lo} 到 ×{hi}\n（{n} 層、寬 {w} 的網路，輸入 x = {x}，torch.manual_seed({seed})）",
        "xlabel": "平均 |∂L/∂W| ÷ |∂L/∂(輸出)|：每單位輸出誤差的梯度（對數刻度）",
        "without": "無捷徑連接",
        "with": "有捷徑連接",
        "layer": "第 {i} 層",
        "last": "這層沒有捷徑：\n{a} → {b} 形狀改變",
        "c_setup": ("網路有 {n} 層，大小 {sizes}，每層是 Linear 加上 GELU（tanh 近似）；輸入 x = {x}、目標 {t}、"
                    "MSE 損失、float32 運算；每個模型建立前都呼叫 torch.manual_seed({seed})，所以兩個模型的初始權重相同。"),
        "c_losses": ("沒有捷徑時輸出 ŷ = {yo}（損失 {lo}），有捷徑時 ŷ = {yw}（損失 {lw}），所以 ∂L/∂ŷ = 2(ŷ − {t}) "
                     "分別是 {do} 與 {dw}：平均 |∂L/∂W| 的原始比值（×{r0} 到 ×{r1}）有一部分來自較大的輸出誤差，"
                     "而不是捷徑。因此圖中的點把各層的平均 |∂L/∂W| 除以 |∂L/∂ŷ|；以每單位輸出誤差計，"
                     "捷徑仍讓梯度大 ×{p0} 到 ×{p1}。"),
        "c_raw": "原始的平均 |∂L/∂W|（無 → 有捷徑）：{rows}。",
        "c_row": "第 {i} 層 {a} → {b}（×{r}）",
        "c_table": "圖中的點，以每單位輸出誤差計（平均 |∂L/∂W| ÷ |∂L/∂ŷ|），無 → 有捷徑：{rows}。",
    },
    "zh-Hans": {
        "title": "捷径连接让梯度保持够大：以每单位输出误差计大 ×{lo} 到 ×{hi}\n（{n} 层、宽 {w} 的网络，输入 x = {x}，torch.manual_seed({seed})）",
        "xlabel": "平均 |∂L/∂W| ÷ |∂L/∂(输出)|：每单位输出误差的梯度（对数刻度）",
        "without": "无捷径连接",
        "with": "有捷径连接",
        "layer": "第 {i} 层",
        "last": "这层没有捷径：\n{a} → {b} 形状改变",
        "c_setup": ("网络有 {n} 层，大小 {sizes}，每层是 Linear 加上 GELU（tanh 近似）；输入 x = {x}、目标 {t}、"
                    "MSE 损失、float32 运算；每个模型建立前都调用 torch.manual_seed({seed})，所以两个模型的初始权重相同。"),
        "c_losses": ("没有捷径时输出 ŷ = {yo}（损失 {lo}），有捷径时 ŷ = {yw}（损失 {lw}），所以 ∂L/∂ŷ = 2(ŷ − {t}) "
                     "分别是 {do} 与 {dw}：平均 |∂L/∂W| 的原始比值（×{r0} 到 ×{r1}）有一部分来自较大的输出误差，"
                     "而不是捷径。因此图中的点把各层的平均 |∂L/∂W| 除以 |∂L/∂ŷ|；以每单位输出误差计，"
                     "捷径仍让梯度大 ×{p0} 到 ×{p1}。"),
        "c_raw": "原始的平均 |∂L/∂W|（无 → 有捷径）：{rows}。",
        "c_row": "第 {i} 层 {a} → {b}（×{r}）",
        "c_table": "图中的点，以每单位输出误差计（平均 |∂L/∂W| ÷ |∂L/∂ŷ|），无 → 有捷径：{rows}。",
    },
}

# significant digits: deeper nets push the gradients without shortcuts down to 10⁻⁸ and the ratio up to 10⁶
DECIMALS = {"without_shortcut": "3s", "with_shortcut": "3s", "ratio": "3s", "without_per_dout": "3s",
            "with_per_dout": "3s", "ratio_per_dout": "3s", "output_without": 4, "output_with": 4, "loss_without": 4,
            "loss_with": 4, "dloss_dout_without": 4, "dloss_dout_with": 4}
ROW_HEIGHT = 0.46  # inches per layer



def shown(field: str, v: float) -> str:
    """A value of `field` as drawn: the one formatter, with the rounding numbers.json states."""
    return fmt_num(v, DECIMALS[field])


def draw(ax, data, look: Look) -> None:
    """The dot plot on `ax`, a legend naming the two markers; the values and ratios are the caption's
    (caption()), not drawn."""
    pal = look.palette
    n = len(data.layer_names)
    ys = np.arange(n)[::-1]  # layer 1 on top
    series = ((data.without_per_dout, pal.bad, "o", "none", "without"),
              (data.with_per_dout, pal.ink, "s", pal.ink, "with"))  # `bad`: the gradients that vanish
    for y, a, b in zip(ys, data.without_per_dout, data.with_per_dout):
        ax.plot([a, b], [y, y], color=pal.muted, lw=1.0, zorder=1)
    for values, colour, marker, face, key in series:
        ax.plot(values, ys, ls="none", marker=marker, ms=7, mfc=face, mec=colour, mew=1.6, color=colour, zorder=3,
                label=look.t(STRINGS, key))
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=2, frameon=False, fontsize=9, borderaxespad=0.2)
    sizes = data.layer_sizes
    if sizes[-1] != sizes[-2]:  # the last layer changes the shape: its shortcut is skipped
        ax.annotate(look.t(STRINGS, "last", a=sizes[-2], b=sizes[-1]), (data.with_per_dout[-1], ys[-1]),
                    xytext=(0, -12), textcoords="offset points", fontsize=7.5, color=pal.muted,
                    ha="center", va="top")
    ax.set_xscale("log")
    lo = min(data.without_per_dout.min(), data.with_per_dout.min())
    hi = max(data.without_per_dout.max(), data.with_per_dout.max())
    ax.set_xlim(lo / 6, hi * 6)
    ax.set_ylim(-1.25, n - 0.4)
    ax.set_yticks(ys, [look.t(STRINGS, "layer", i=i + 1) for i in range(n)])
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)
    ax.grid(True, which="major", axis="x", zorder=0)
    ax.set_xlabel(look.t(STRINGS, "xlabel"), fontsize=9, family=["DejaVu Sans", look.font])  # ∂ at its Latin width
    r = data.ratio_per_dout
    titled(ax.figure, look.t(STRINGS, "title", n=n, w=data.layer_sizes[0], lo=shown("ratio_per_dout", r.min()),
                              hi=shown("ratio_per_dout", r.max()), x=short_vector(data.x), seed=data.seed), look, x=0.01,
           ha="left", fontsize=10.5, family=["DejaVu Sans", look.font])  # ∂ at its Latin width


def vector(v) -> str:
    """The input as title and caption write it: (1, 0, −1), whole numbers without decimals."""
    return "(" + ", ".join(fmt_num(c, 0) if float(c).is_integer() else fmt_num(c, 4) for c in np.ravel(v)) + ")"


def short_vector(v) -> str:
    """The input as the title writes it: whole up to 4 entries, else its ends around an ellipsis (the
    caption writes it whole)."""
    v = np.ravel(v)
    return vector(v) if len(v) <= 4 else vector(v[:1])[:-1] + ", …, " + vector(v[-1:])[1:]


def grouped(v: float) -> str:
    """A ratio in a sentence: 3 significant digits, written out with separators up to a million (1,100)."""
    if 1000 <= abs(v) < 1e6:
        step = 10 ** (int(np.floor(np.log10(abs(v)))) - 2)
        return f"{round(v / step) * step:,.0f}"
    return shown("ratio", v)


def caption(data, look: Look) -> str:
    """The network, its input and seed, the two losses and why the dots are divided by |∂L/∂ŷ|, and the raw
    gradients, for the numbers file."""
    f4 = lambda v: fmt_num(v, 4)  # noqa: E731
    sep = "; " if look.lang == "en" else "；"
    x = vector(data.x)
    t = fmt_num(float(np.ravel(data.target)[0]), 0) if float(np.ravel(data.target)[0]).is_integer() \
        else f4(np.ravel(data.target)[0])
    rows = sep.join(look.t(STRINGS, "c_row", i=i + 1, a=shown("without_shortcut", a), b=shown("with_shortcut", b),
                           r=grouped(r))
                    for i, (a, b, r) in enumerate(zip(data.without_shortcut, data.with_shortcut, data.ratio)))
    parts = (look.t(STRINGS, "c_setup", n=len(data.layer_names), sizes="-".join(str(k) for k in data.layer_sizes),
                    x=x, t=t, seed=data.seed),
             look.t(STRINGS, "c_losses", yo=f4(data.output_without), lo=f4(data.loss_without),
                    yw=f4(data.output_with), lw=f4(data.loss_with), t=t, do=f4(data.dloss_dout_without),
                    dw=f4(data.dloss_dout_with), r0=grouped(data.ratio.min()), r1=grouped(data.ratio.max()),
                    p0=shown("ratio_per_dout", data.ratio_per_dout.min()),
                    p1=shown("ratio_per_dout", data.ratio_per_dout.max())),
             look.t(STRINGS, "c_table", rows=sep.join(
                 look.t(STRINGS, "c_row", i=i + 1, a=shown("without_per_dout", a), b=shown("with_per_dout", b),
                        r=shown("ratio_per_dout", r))
                 for i, (a, b, r) in enumerate(zip(data.without_per_dout, data.with_per_dout, data.ratio_per_dout)))),
             look.t(STRINGS, "c_raw", rows=rows))
    return (" " if look.lang == "en" else "").join(parts)


def make(data, look: Look):
    n = len(data.layer_names)
    fig, ax = new_figure(7.2, 2.0 + ROW_HEIGHT * n)
    draw(ax, data, look)
    return fig
