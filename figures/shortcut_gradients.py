"""shortcut_gradients: the 5-layer network of seed 004 §4.4 "Adding shortcut connections", mean |gradient|
of each layer's weight without and with shortcut connections, as a dot plot on a log axis.

One row per layer: an open circle without shortcuts, a filled square with them, joined by a line, and
the ratio with / without at the right. The values are the book's (reproduced with torch by
engine.training.shortcut_gradients: float32, torch.manual_seed(123) before each model, input
[1, 0, −1], target 0, MSE loss); the set-up is exported with the numbers (x, target, seed,
layer_sizes), not drawn. The depth and width are parameters (studio.accepts.training): the figure grows a
row per layer, and the labels keep 3 significant digits, since without shortcuts a deep net's first layers
get gradients of 10⁻⁸ and less. Every label is written by `shown`, with the rounding of DECIMALS, so the
drawn text and numbers.json's "shown" strings are the same strings.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": r"Mean |$\partial L/\partial W$| of each layer's weight, {n} layers of width {w}",
        "xlabel": "mean |gradient| (log scale)",
        "without": "without shortcuts",
        "with": "with shortcuts",
        "ratio": "×{r}",
        "ratio_head": "with ÷ without",
        "layer": "layer {i}",
        "last": "no shortcut here:\n{a} → {b} changes the shape",
    },
    "zh-Hant": {
        "title": r"{n} 層、寬 {w} 的網路各層權重的平均 |$\partial L/\partial W$|",
        "xlabel": "平均 |梯度|（對數刻度）",
        "without": "無捷徑連接",
        "with": "有捷徑連接",
        "ratio": "×{r}",
        "ratio_head": "有 ÷ 無",
        "layer": "第 {i} 層",
        "last": "這層沒有捷徑：\n{a} → {b} 形狀改變",
    },
    "zh-Hans": {
        "title": r"{n} 层、宽 {w} 的网络各层权重的平均 |$\partial L/\partial W$|",
        "xlabel": "平均 |梯度|（对数刻度）",
        "without": "无捷径连接",
        "with": "有捷径连接",
        "ratio": "×{r}",
        "ratio_head": "有 ÷ 无",
        "layer": "第 {i} 层",
        "last": "这层没有捷径：\n{a} → {b} 形状改变",
    },
}

# significant digits: deeper nets push the gradients without shortcuts down to 10⁻⁸ and the ratio up to 10⁶
DECIMALS = {"without_shortcut": "3s", "with_shortcut": "3s", "ratio": "3s"}
ROW_HEIGHT = 0.46  # inches per layer



def shown(field: str, v: float) -> str:
    """A value of `field` as drawn: the one formatter, with the rounding numbers.json states."""
    return fmt_num(v, DECIMALS[field])


def draw(ax, data, look: Look, ratio_ax=None) -> None:
    """The dot plot on `ax`; the ratios on `ratio_ax` (a narrow axes sharing the rows), or at the right."""
    pal = look.palette
    n = len(data.layer_names)
    ys = np.arange(n)[::-1]  # layer 1 on top
    series = (("without_shortcut", data.without_shortcut, pal.bad, "o", "none", "without"),
              ("with_shortcut", data.with_shortcut, pal.cool, "s", pal.cool, "with"))
    for y, a, b in zip(ys, data.without_shortcut, data.with_shortcut):
        ax.plot([a, b], [y, y], color=pal.muted, lw=1.0, zorder=1)
    for field, values, colour, marker, face, key in series:
        ax.plot(values, ys, ls="none", marker=marker, ms=7, mfc=face, mec=colour, mew=1.6, color=colour,
                zorder=3)
        left = field == "without_shortcut"  # labels point away from the joining line
        for x, y, v in zip(values, ys, values):
            ax.annotate(shown(field, v), (x, y), xytext=(-8 if left else 8, 0), textcoords="offset points",
                        ha="right" if left else "left", va="center", fontsize=8, color=pal.ink)
        ax.annotate(look.t(STRINGS, key), (values[0], ys[0]), xytext=(0, 11), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8.5, color=colour, fontweight="bold")
    rax = ratio_ax if ratio_ax is not None else ax
    x0 = 0.0 if ratio_ax is not None else 1.02
    for y, r in zip(ys, data.ratio):
        rax.text(x0, y, look.t(STRINGS, "ratio", r=shown("ratio", r)), transform=rax.get_yaxis_transform(),
                 ha="left", va="center", fontsize=8.5, color=pal.ink, fontweight="bold")
    rax.text(x0, ys[0] + 0.62, look.t(STRINGS, "ratio_head"), transform=rax.get_yaxis_transform(),
             ha="left", va="center", fontsize=7.5, color=pal.muted)
    sizes = data.layer_sizes
    if sizes[-1] != sizes[-2]:  # the last layer changes the shape: its shortcut is skipped
        ax.annotate(look.t(STRINGS, "last", a=sizes[-2], b=sizes[-1]), (data.with_shortcut[-1], ys[-1]),
                    xytext=(0, -16), textcoords="offset points", fontsize=7.5, color=pal.muted,
                    ha="center", va="top")
    ax.set_xscale("log")
    lo = min(data.without_shortcut.min(), data.with_shortcut.min())
    hi = max(data.without_shortcut.max(), data.with_shortcut.max())
    ax.set_xlim(lo / 12, hi * 12)
    ax.set_ylim(-1.25, n - 0.2)
    ax.set_yticks(ys, [look.t(STRINGS, "layer", i=i + 1) for i in range(n)])
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)
    ax.grid(True, which="major", axis="x", zorder=0)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_title(look.t(STRINGS, "title", n=n, w=data.layer_sizes[0]), loc="left", fontsize=11)


def make(data, look: Look):
    n = len(data.layer_names)
    fig, (ax, rax) = new_figure(7.2, 1.6 + ROW_HEIGHT * n, ncols=2, width_ratios=[1, 0.22], sharey=True)
    rax.axis("off")
    draw(ax, data, look, ratio_ax=rax)
    return fig
