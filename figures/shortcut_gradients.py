"""shortcut_gradients: the 5-layer network of seed 004 §4.4 "Adding shortcut connections": the backward
signal itself, mean |∂L/∂h| at each layer's output h (torch autograd), without and with shortcut
connections, each divided by that run's |∂L/∂ŷ| (the two runs end at very different losses, and a larger
output error alone scales every gradient up), as a dot plot on a log axis. The weight gradients mean
|∂L/∂W| = mean |δ·hᵀ| also carry each layer's input size (the last layer, which has no shortcut, gains too),
so they stay in numbers.json; the title is the claim with its scope (one seed, one input), the caption the
set-up (network, input, seed, the layer without a shortcut) and the dots' values (caption()).

One row per layer output (ŷ last, 1 in both runs): an open circle without shortcuts (muted, the run without
the fix, as in loss_curves and gelu_relu_dying), a filled square with them, joined by a line, a legend above,
and the ratio with / without (signal_ratio) at the row's end to 2 significant digits (one seed, one input);
the values are the caption's. numbers.json names the weight-gradient ratios weight_grad_ratio*, not drawn.
The values are the book's (reproduced with torch by
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

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "With shortcuts, every layer receives more of the backward signal (one seed, one input)",
        "net": "a single run, not an average: one net {w} wide, {L} layers ({sizes}), torch seed {seed}, one input",
        "nosc_layer": "layer {k} ({a}→{b})",
        "c_nosc": "A layer whose input and output sizes differ gets no shortcut: {layers}.",
        "xlabel": "mean |∂L/∂h| ÷ |∂L/∂ŷ|: the backward signal at a layer's output h (log scale)",
        "without": "without shortcuts",
        "with": "with shortcuts",
        "layer": "layer {i} output",
        "out": "ŷ (layer {i})",
        "c_setup": ("A network of {n} layers with sizes {sizes}, each a Linear layer followed by GELU (tanh "
                    "approximation), input x = {x}, target {t}, MSE loss, float32 arithmetic; "
                    "torch.manual_seed({seed}) is called before each model is built, so both start from the "
                    "same weights."),
        "c_signal": ("The dots are mean |∂L/∂h| at each layer's output h (torch autograd) divided by |∂L/∂ŷ|, so the "
                     "runs' different output errors do not count, without → with shortcuts: {rows}; at ŷ (layer {n}) both are {one}."),
        "both": "both 1",
        "times": "×{r}",
        "c_row": "layer {i} {a} → {b} (×{r})",
    },
    "zh-Hant": {
        "title": "有捷徑時，每一層收到的反向訊號都更多（一個種子、一個輸入）",
        "net": "只跑一次，不是平均：一個網路，寬 {w}、共 {L} 層（{sizes}），torch 種子 {seed}，一個輸入",
        "nosc_layer": "第 {k} 層（{a}→{b}）",
        "c_nosc": "輸入與輸出大小不同的層沒有捷徑：{layers}。",
        "xlabel": "平均 |∂L/∂h| ÷ |∂L/∂(輸出)|：每單位輸出誤差傳到某層輸出 h 的反向訊號（對數刻度）",
        "without": "無捷徑連接",
        "with": "有捷徑連接",
        "layer": "第 {i} 層輸出",
        "out": "輸出（第 {i} 層）",
        "c_setup": ("網路有 {n} 層，大小 {sizes}，每層是 Linear 加上 GELU（tanh 近似）；輸入 x = {x}、目標 {t}、"
                    "MSE 損失、float32 運算；每個模型建立前都呼叫 torch.manual_seed({seed})，所以兩個模型的初始權重相同。"),
        "c_signal": "圖中的點是各層輸出 h 的平均 |∂L/∂h|（torch 自動微分）除以 |∂L/∂ŷ|，讓兩次的輸出誤差不同不算在內；無 → 有捷徑：{rows}；在 ŷ（第 {n} 層）兩者都是 {one}。",
        "both": "兩者都是 1",
        "times": "×{r}",
        "c_row": "第 {i} 層 {a} → {b}（×{r}）",
    },
    "zh-Hans": {
        "title": "有捷径时，每一层收到的反向信号都更多（一个种子、一个输入）",
        "net": "只跑一次，不是平均：一个网络，宽 {w}、共 {L} 层（{sizes}），torch 种子 {seed}，一个输入",
        "nosc_layer": "第 {k} 层（{a}→{b}）",
        "c_nosc": "输入与输出大小不同的层没有捷径：{layers}。",
        "xlabel": "平均 |∂L/∂h| ÷ |∂L/∂(输出)|：每单位输出误差传到某层输出 h 的反向信号（对数刻度）",
        "without": "无捷径连接",
        "with": "有捷径连接",
        "layer": "第 {i} 层输出",
        "out": "输出（第 {i} 层）",
        "c_setup": ("网络有 {n} 层，大小 {sizes}，每层是 Linear 加上 GELU（tanh 近似）；输入 x = {x}、目标 {t}、"
                    "MSE 损失、float32 运算；每个模型建立前都调用 torch.manual_seed({seed})，所以两个模型的初始权重相同。"),
        "c_signal": "图中的点是各层输出 h 的平均 |∂L/∂h|（torch 自动微分）除以 |∂L/∂ŷ|，让两次的输出误差不同不算在内；无 → 有捷径：{rows}；在 ŷ（第 {n} 层）两者都是 {one}。",
        "both": "两者都是 1",
        "times": "×{r}",
        "c_row": "第 {i} 层 {a} → {b}（×{r}）",
    },
}

# significant digits: deeper nets push the gradients without shortcuts down to 10⁻⁸ and the ratio up to 10⁶
# the drawn ratio signal_ratio: two, for one seed and one input
DECIMALS = {"signal_without": "3s", "signal_with": "3s", "signal_ratio": "2s", "without_shortcut": "3s",
            "with_shortcut": "3s", "weight_grad_ratio": "3s", "without_per_dout": "3s", "with_per_dout": "3s",
            "weight_grad_ratio_per_dout": "3s", "output_without": 4, "output_with": 4, "loss_without": 4,
            "loss_with": 4, "dloss_dout_without": 4, "dloss_dout_with": 4}
ROW_HEIGHT = 0.46  # inches per layer



def shown(field: str, v: float) -> str:
    """A value of `field` as drawn: the one formatter, with the rounding numbers.json states."""
    return fmt_num(v, DECIMALS[field])


def draw(ax, data, look: Look) -> None:
    """The dot plot of the backward signal per unit of output error on `ax`, a legend naming the two markers;
    the ratio with / without at each row's end; the values are the caption's (caption())."""
    pal = look.palette
    n = len(data.layer_names)
    ys = np.arange(n)[::-1]  # layer 1 on top, ŷ at the bottom
    series = ((data.signal_without, pal.muted, "o", "none", "without", 12),
              (data.signal_with, pal.ink, "s", pal.ink, "with", 6))  # muted: the run without the fix, as elsewhere
    for y, a, b in zip(ys, data.signal_without, data.signal_with):
        ax.plot([a, b], [y, y], color=pal.muted, lw=1.0, zorder=1)
    for values, colour, marker, face, key, size in series:  # the ring wider than the square: both show where equal
        ax.plot(values, ys, ls="none", marker=marker, ms=size, mfc=face, mec=colour, mew=1.6, color=colour, zorder=3,
                label=look.t(STRINGS, key))
    for y, a, b in zip(ys, data.signal_without, data.signal_with):
        if np.isclose(a, b):  # the two markers on one spot (ŷ): say so beside them
            ax.annotate(look.t(STRINGS, "both"), (a, y), xytext=(-12, 0), textcoords="offset points", va="center",
                        ha="right", fontsize=10, color=pal.ink)  # left of the ring: the axis ends just past it
    for y, a, b, r in zip(ys[:-1], data.signal_without, data.signal_with, data.signal_ratio):  # ŷ: "both 1"
        ax.annotate(look.t(STRINGS, "times", r=shown("signal_ratio", r)), (max(a, b), y), xytext=(10, 0),
                    textcoords="offset points", va="center", fontsize=10.5, color=pal.ink)  # 10³'s 3 at 7 pt
    ax.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=2, frameon=False, fontsize=9, borderaxespad=0.2)
    ax.set_xscale("log")
    lo = min(data.signal_without.min(), data.signal_with.min())
    hi = max(data.signal_without.max(), data.signal_with.max())
    ax.set_xlim(lo / 2.5, hi * 1.3)  # no empty decade past the last value (ŷ's 1)
    ax.set_ylim(-0.6, n - 0.4)
    labels = [look.t(STRINGS, "layer", i=i + 1) for i in range(n - 1)] + [look.t(STRINGS, "out", i=n)]
    ax.set_yticks(ys, labels)
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)
    ax.grid(True, which="major", axis="x", zorder=0)
    face = {"family": ["DejaVu Sans", look.font]} if look.lang == "en" else {}  # ∂ at its Latin width in English;
    ax.set_xlabel(look.t(STRINGS, "xlabel"), fontsize=9, **face)  # Chinese keeps the zh set's one face for Latin too
    net = look.t(STRINGS, "net", w=max(data.layer_sizes[1:-1], default=data.layer_sizes[0]),
                 L=len(data.layer_sizes) - 1, sizes=sizes(data), seed=data.seed)  # the net's scale; the rest: caption()
    titled(ax.figure, look.t(STRINGS, "title") + "\n" + net, look, x=0.01, ha="left", fontsize=10.5)


def sizes(data) -> str:
    """The layer sizes as the caption writes them: 3-3-3-3-3-1."""
    return "-".join(str(k) for k in data.layer_sizes)


def no_shortcut(data, look: Look) -> tuple[str, int]:
    """The layers whose input and output sizes differ, which get no shortcut (engine.training adds one only
    where the shapes match), named with their sizes ("layer 5 (3→1)"), and how many there are."""
    s = data.layer_sizes
    named = [look.t(STRINGS, "nosc_layer", k=k + 1, a=s[k], b=s[k + 1]) for k in range(len(s) - 1) if s[k] != s[k + 1]]
    return (", " if look.lang == "en" else "、").join(named), len(named)


def vector(v) -> str:
    """The input as the caption writes it: (1, 0, −1), whole numbers without decimals."""
    return "(" + ", ".join(fmt_num(c, 0) if float(c).is_integer() else fmt_num(c, 4) for c in np.ravel(v)) + ")"


def grouped(v: float) -> str:
    """A ratio in a sentence: 3 significant digits, written out with separators up to a million (1,100)."""
    if 1000 <= abs(v) < 1e6:
        step = 10 ** (int(np.floor(np.log10(abs(v)))) - 2)
        return f"{round(v / step) * step:,.0f}"
    return shown("weight_grad_ratio", v)


def _rows(look: Look, sep: str, fields, values) -> str:
    """"layer i a → b (×r)" for each layer, each value as `shown` writes its field."""
    fa, fb, fr = fields
    return sep.join(look.t(STRINGS, "c_row", i=i + 1, a=shown(fa, a), b=shown(fb, b),
                           r=grouped(r) if fr == "weight_grad_ratio" else shown(fr, r))
                    for i, (a, b, r) in enumerate(zip(*values)))


def caption(data, look: Look) -> str:
    """The network, its input and seed, the two losses and why the dots are divided by |∂L/∂ŷ|, the dots, and
    the weight gradients (per unit of output error and raw), for the numbers file."""
    f4 = lambda v: fmt_num(v, 4)  # noqa: E731
    sep = "; " if look.lang == "en" else "；"
    t = fmt_num(float(np.ravel(data.target)[0]), 0) if float(np.ravel(data.target)[0]).is_integer() \
        else f4(np.ravel(data.target)[0])
    n = len(data.layer_names)
    fields = ("signal_without", "signal_with", "signal_ratio")
    inner = tuple(v[:-1] for v in (data.signal_without, data.signal_with, data.signal_ratio))  # ŷ: its own words
    missing, count = no_shortcut(data, look)
    parts = (look.t(STRINGS, "c_setup", n=n, sizes=sizes(data), x=vector(data.x), t=t, seed=data.seed),
             look.t(STRINGS, "c_signal", rows=_rows(look, sep, fields, inner), n=n,
                    one=shown("signal_with", data.signal_with[-1])),
             look.t(STRINGS, "c_nosc", layers=missing) if count else "")
    return (" " if look.lang == "en" else "").join(p for p in parts if p)


def make(data, look: Look):
    n = len(data.layer_names)
    fig, ax = new_figure(7.2, 2.0 + ROW_HEIGHT * n)
    draw(ax, data, look)
    return fig
