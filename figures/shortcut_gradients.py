"""shortcut_gradients: the 5-layer network of seed 004 §4.4 "Adding shortcut connections", mean |gradient|
of each layer's weight without and with shortcut connections, as a dot plot on a log axis.

One row per layer: an open circle without shortcuts, a filled square with them, joined by a line; at the
right a table of both values and the ratio with / without, its column heads carrying the markers. The values are the book's (reproduced with torch by
engine.training.shortcut_gradients: float32, torch.manual_seed(123) before each model, input
[1, 0, −1], target 0, MSE loss); the set-up is exported with the numbers (x, target, seed,
layer_sizes), not drawn. The depth and width are parameters (studio.catalogue.accepts.training): the figure grows a
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
        "without": "without\nshortcuts",
        "with": "with\nshortcuts",
        "ratio": "×{r}",
        "ratio_head": "with ÷\nwithout",
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


def draw(ax, data, look: Look, table_ax=None) -> None:
    """The dot plot on `ax`; the values and ratios as a table on `table_ax` (a narrow axes sharing the rows).

    The values sit in columns, not beside the dots: at any depth and width the two dots of a row may
    be close together or in either order, and a label beside them would collide with the other."""
    pal = look.palette
    n = len(data.layer_names)
    ys = np.arange(n)[::-1]  # layer 1 on top
    series = (("without_shortcut", data.without_shortcut, pal.bad, "o", "none", "without"),
              ("with_shortcut", data.with_shortcut, pal.cool, "s", pal.cool, "with"))
    for y, a, b in zip(ys, data.without_shortcut, data.with_shortcut):
        ax.plot([a, b], [y, y], color=pal.muted, lw=1.0, zorder=1)
    tax = table_ax if table_ax is not None else ax
    at = tax.get_yaxis_transform()  # x in the table's axes, y in rows
    head_y = ys[0] + 0.75
    columns = (1 / 6, 3 / 6, 5 / 6)
    for (field, values, colour, marker, face, key), x in zip(series, columns):
        ax.plot(values, ys, ls="none", marker=marker, ms=7, mfc=face, mec=colour, mew=1.6, color=colour, zorder=3)
        tax.plot([x], [head_y + 0.55], ls="none", marker=marker, ms=7, mfc=face, mec=colour, mew=1.6,
                 transform=at, clip_on=False)
        tax.text(x, head_y, look.t(STRINGS, key), transform=at, ha="center", va="center", fontsize=7.5,
                 color=colour, fontweight="bold", linespacing=1.0)
        for y, v in zip(ys, values):
            tax.text(x, y, shown(field, v), transform=at, ha="center", va="center", fontsize=8, color=pal.ink)
    x = columns[2]
    tax.text(x, head_y, look.t(STRINGS, "ratio_head"), transform=at, ha="center", va="center", fontsize=7.5,
             color=pal.muted, linespacing=1.0)
    for y, r in zip(ys, data.ratio):
        tax.text(x, y, look.t(STRINGS, "ratio", r=shown("ratio", r)), transform=at, ha="center", va="center",
                 fontsize=8, color=pal.ink, fontweight="bold")
    sizes = data.layer_sizes
    if sizes[-1] != sizes[-2]:  # the last layer changes the shape: its shortcut is skipped
        ax.annotate(look.t(STRINGS, "last", a=sizes[-2], b=sizes[-1]), (data.with_shortcut[-1], ys[-1]),
                    xytext=(0, -12), textcoords="offset points", fontsize=7.5, color=pal.muted,
                    ha="center", va="top")
    ax.set_xscale("log")
    lo = min(data.without_shortcut.min(), data.with_shortcut.min())
    hi = max(data.without_shortcut.max(), data.with_shortcut.max())
    ax.set_xlim(lo / 6, hi * 6)
    ax.set_ylim(-1.25, n + 0.6)
    ax.set_yticks(ys, [look.t(STRINGS, "layer", i=i + 1) for i in range(n)])
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)
    ax.grid(True, which="major", axis="x", zorder=0)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_title(look.t(STRINGS, "title", n=n, w=data.layer_sizes[0]), loc="left", fontsize=11)


def make(data, look: Look):
    n = len(data.layer_names)
    fig, (ax, tax) = new_figure(7.2, 1.9 + ROW_HEIGHT * n, ncols=2, width_ratios=[1, 0.55], sharey=True)
    tax.axis("off")
    draw(ax, data, look, table_ax=tax)
    return fig
