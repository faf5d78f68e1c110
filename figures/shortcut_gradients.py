"""shortcut_gradients: the book's 5-layer network, mean |gradient| of each layer's weight without and
with shortcut connections (seed 004 §4.4 "Adding shortcut connections").

Computed with torch (engine.training.shortcut_gradients, float32, torch.manual_seed(123)); the bars
are on a log axis so both the 10⁻⁴ values and the 10⁰ values are readable, each bar carries its value
and each layer the ratio with / without.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": r"Gradients through 5 layers: mean |$\partial L/\partial W$| of each layer's weight",
        "xlabel": "layer (parameter name as the book prints it)",
        "ylabel": "mean |gradient| (log scale)",
        "without": "use_shortcut=False",
        "with": "use_shortcut=True",
        "ratio": "×{r}",
        "ratio_note": "×: with / without",
        "layer": "layer {i}\n{name}",
        "last": "no shortcut here:\n{a} → {b} changes the shape",
        "setup": ("Layers Linear + GELU (tanh approximation), sizes {sizes}; input x = {x}, target {t}, MSE loss; "
                  "torch.manual_seed({seed}) before each model; float32."),
    },
    "zh-Hant": {
        "title": r"梯度穿過 5 層：各層權重的平均 |$\partial L/\partial W$|",
        "xlabel": "層（書中印出的參數名稱）",
        "ylabel": "平均 |梯度|（對數刻度）",
        "without": "use_shortcut=False",
        "with": "use_shortcut=True",
        "ratio": "×{r}",
        "ratio_note": "×：有捷徑 ÷ 無捷徑",
        "layer": "第 {i} 層\n{name}",
        "last": "這層沒有捷徑：\n{a} → {b} 形狀改變",
        "setup": ("每層 Linear + GELU（tanh 近似），各層大小 {sizes}；輸入 x = {x}，目標 {t}，MSE loss；"
                  "每個模型建立前 torch.manual_seed({seed})；float32。"),
    },
    "zh-Hans": {
        "title": r"梯度穿过 5 层：各层权重的平均 |$\partial L/\partial W$|",
        "xlabel": "层（书中打印的参数名称）",
        "ylabel": "平均 |梯度|（对数刻度）",
        "without": "use_shortcut=False",
        "with": "use_shortcut=True",
        "ratio": "×{r}",
        "ratio_note": "×：有捷径 ÷ 无捷径",
        "layer": "第 {i} 层\n{name}",
        "last": "这层没有捷径：\n{a} → {b} 形状改变",
        "setup": ("每层 Linear + GELU（tanh 近似），各层大小 {sizes}；输入 x = {x}，目标 {t}，MSE loss；"
                  "每个模型建立前 torch.manual_seed({seed})；float32。"),
    },
}

DECIMALS = {"without_shortcut": 6, "with_shortcut": 4, "ratio": 0}


def _value(v: float) -> str:
    """4 significant digits, fixed notation (0.0002017, 0.2217, 1.326)."""
    return fmt_num(v, max(0, 3 - int(np.floor(np.log10(v)))))


def _vec(a) -> str:
    return "[" + ", ".join(fmt_num(v, 0 if float(v).is_integer() else 2) for v in np.ravel(a)) + "]"


def draw(ax, data, look: Look) -> None:
    pal = look.palette
    n = len(data.layer_names)
    idx = np.arange(n)
    w = 0.36
    colours = (pal.bad, pal.ok)
    for j, (values, key) in enumerate(((data.without_shortcut, "without"), (data.with_shortcut, "with"))):
        xs = idx + (j - 0.5) * w
        ax.bar(xs, values, width=w, color=colours[j], label=look.t(STRINGS, key), zorder=3)
        for x, v in zip(xs, values):  # the value inside its bar, reading upwards from the top
            ax.text(x, v / 1.3, _value(v), ha="center", va="top", fontsize=9, color=pal.background,
                    rotation=90, fontweight="bold", zorder=4)
    top = max(data.with_shortcut.max(), data.without_shortcut.max())
    for i in idx:
        ax.text(i, top * 9, look.t(STRINGS, "ratio", r=f"{data.ratio[i]:,.0f}"), ha="center", va="center",
                fontsize=10, color=pal.ink, fontweight="bold")
    ax.text(n - 0.45, top * 9, look.t(STRINGS, "ratio_note"), ha="left", va="center", fontsize=8.5, color=pal.muted)
    sizes = data.layer_sizes
    if sizes[-1] != sizes[-2]:  # the book's last layer changes the shape: its shortcut is skipped
        ax.annotate(look.t(STRINGS, "last", a=sizes[-2], b=sizes[-1]), (n - 1 + w, data.with_shortcut[-1] / 3),
                    xytext=(n - 0.35, data.with_shortcut[-1] / 40), fontsize=8.5, color=pal.muted,
                    ha="left", va="center", arrowprops={"arrowstyle": "->", "color": pal.muted, "lw": 0.9})
    ax.set_yscale("log")
    bottom = data.without_shortcut.min() / 40
    ax.set_ylim(bottom, top * 30)
    ax.set_xlim(-0.6, n + 0.9)
    ax.set_xticks(idx, [look.t(STRINGS, "layer", i=i + 1, name=name) for i, name in enumerate(data.layer_names)],
                  fontsize=8.5)
    ax.grid(True, which="major", axis="y", zorder=0)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title"), loc="left")
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, 0.9), fontsize=9)


def make(data, look: Look):
    fig, ax = new_figure(9.6, 5.6)
    draw(ax, data, look)
    fig.supxlabel(look.t(STRINGS, "setup", sizes=_vec(data.layer_sizes), x=_vec(data.x), t=_vec(data.target),
                         seed=data.seed), fontsize=8.5, color=look.palette.muted, ha="left", x=0.01)
    return fig
