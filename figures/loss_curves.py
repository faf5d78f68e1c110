"""loss_curves: 300 real training steps of one 6-layer network from three starts (seed 004 §4.2,
"互動②：那 loss 會怎樣？（瀏覽器裡真的訓練 300 步）").

Left: the loss per step on a log axis for s = 0.3, s = 3.0 and s = 3.0 + LayerNorm. A run whose loss
overflows is drawn up to its last finite step and marked where the loss became inf/NaN; nothing is
clipped or hidden. Right: the mean |∂L/∂W| of the first layer per step, the reason behind each curve.
The training set-up the page leaves open is written under the plot (engine.training.loss_curves).
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Same 6-layer network, three starts: loss over {steps} real training steps",
        "gtitle": r"Why: mean |$\partial L/\partial W$| of layer 1",
        "xlabel": "training step",
        "ylabel": "loss ½·mean((ŷ − t)²)  (log scale)",
        "gylabel": "mean |gradient|, layer 1 (log scale)",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "baseline": "always answering 0: loss {v}",
        "stuck": "stuck: {a} → {b}\n(gradient ≈ {g}, weights barely move)",
        "diverged": "overflow: loss {big} at step {last},\n{what} from step {k} on (float32)",
        "nan": "NaN",
        "inf": "inf",
        "learns": "{a} → {b}",
        "gnan": "NaN from step {k}",
        "setup": ("Set-up (the page does not give its widget's code): {hidden} hidden layers {d}→{d} + readout {d}→1, "
                  "GELU (the LN run adds LayerNorm after each hidden layer);\n"
                  "W = s·N(0, 1/{d}), the same W for all runs; {n} samples x ~ N(0, I), target sin(u·x); "
                  "full-batch gradient descent, lr {lr}; float32; seed {seed}.\n"
                  "The loss at step k is measured before update k."),
    },
    "zh-Hant": {
        "title": "同一個 6 層網路、三種起點：真實訓練 {steps} 步的 loss",
        "gtitle": r"原因：第 1 層的平均 |$\partial L/\partial W$|",
        "xlabel": "訓練步數",
        "ylabel": "loss ½·mean((ŷ − t)²)（對數刻度）",
        "gylabel": "第 1 層的平均 |梯度|（對數刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "baseline": "永遠回答 0 的 loss：{v}",
        "stuck": "卡住：{a} → {b}\n（梯度 ≈ {g}，權重幾乎不動）",
        "diverged": "溢位：第 {last} 步 loss 已達 {big}，\n第 {k} 步起變成 {what}（float32）",
        "nan": "NaN",
        "inf": "inf",
        "learns": "{a} → {b}",
        "gnan": "第 {k} 步起為 NaN",
        "setup": ("設定（頁面未附此互動的程式碼）：{hidden} 個隱藏層 {d}→{d} ＋ 輸出層 {d}→1，GELU"
                  "（LN 那次在每個隱藏層後再加 LayerNorm）；\n"
                  "W = s·N(0, 1/{d})，三次訓練共用同一組 W；{n} 筆樣本 x ~ N(0, I)，目標 sin(u·x)；"
                  "全批次梯度下降，lr {lr}；float32；seed {seed}。\n"
                  "第 k 步的 loss 在第 k 次更新之前量測。"),
    },
    "zh-Hans": {
        "title": "同一个 6 层网络、三种起点：真实训练 {steps} 步的 loss",
        "gtitle": r"原因：第 1 层的平均 |$\partial L/\partial W$|",
        "xlabel": "训练步数",
        "ylabel": "loss ½·mean((ŷ − t)²)（对数刻度）",
        "gylabel": "第 1 层的平均 |梯度|（对数刻度）",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "baseline": "永远回答 0 的 loss：{v}",
        "stuck": "卡住：{a} → {b}\n（梯度 ≈ {g}，权重几乎不动）",
        "diverged": "溢出：第 {last} 步 loss 已达 {big}，\n第 {k} 步起变成 {what}（float32）",
        "nan": "NaN",
        "inf": "inf",
        "learns": "{a} → {b}",
        "gnan": "第 {k} 步起为 NaN",
        "setup": ("设置（页面未附此交互的代码）：{hidden} 个隐藏层 {d}→{d} ＋ 输出层 {d}→1，GELU"
                  "（LN 那次在每个隐藏层后再加 LayerNorm）；\n"
                  "W = s·N(0, 1/{d})，三次训练共用同一组 W；{n} 个样本 x ~ N(0, I)，目标 sin(u·x)；"
                  "全批量梯度下降，lr {lr}；float32；seed {seed}。\n"
                  "第 k 步的 loss 在第 k 次更新之前测量。"),
    },
}

DECIMALS = {"loss": 4, "initial_loss": 4, "final_loss": 4, "baseline_loss": 4, "max_finite_loss": 4,
            "grad_mean_abs": 4}

SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def sci(v: float) -> str:
    """A positive number for a label: 4 significant digits, ×10ⁿ outside 0.01 … 10000."""
    if 0.01 <= v < 10000:
        return fmt_num(v, max(0, 3 - int(np.floor(np.log10(v)))))
    exp = int(np.floor(np.log10(v)))
    mant = v / 10**exp
    return f"{mant:.2f}×10" + str(exp).translate(SUPERSCRIPT)


def _colours(look: Look) -> list[str]:
    p = look.palette
    return [p.cool, p.bad, p.ok]


def _label(data, r: int, look: Look) -> str:
    key = "label_ln" if data.layer_norm[r] else "label_plain"
    return look.t(STRINGS, key, s=fmt_num(data.scales[r], 1))


def draw(ax, data, look: Look) -> None:
    """The loss curves (left panel)."""
    pal = look.palette
    steps = np.arange(data.steps)
    ax.axhline(data.baseline_loss, color=pal.muted, lw=1.0, ls=":", zorder=1)
    ax.text(data.steps * 0.99, data.baseline_loss / 2.2, look.t(STRINGS, "baseline", v=fmt_num(data.baseline_loss, 4)),
            ha="right", va="top", fontsize=8.5, color=pal.muted)
    diverged = []
    for r, colour in enumerate(_colours(look)):
        loss = data.loss[r]
        ok = np.isfinite(loss)
        ax.plot(steps[ok], loss[ok], color=colour, lw=2.2, marker="o" if ok.sum() < 10 else None, ms=5,
                label=_label(data, r, look), zorder=3)
        status = data.status[r]
        if status == "diverged":
            k, last = int(data.first_nonfinite_step[r]), int(data.last_finite_step[r])
            what = look.t(STRINGS, "nan" if data.first_nan_step[r] == k else "inf")
            ax.axvline(k, color=colour, lw=1.4, ls="--", zorder=2)
            ax.annotate(look.t(STRINGS, "diverged", big=sci(data.max_finite_loss[r]), last=last, k=k, what=what),
                        (k, loss[last]), xytext=(14, -4), textcoords="offset points", fontsize=9,
                        color=colour, va="top", ha="left")
            diverged.append((k, colour, what))
        elif status == "stuck":
            g = data.grad_mean_abs[r, -1, 0]
            ax.annotate(look.t(STRINGS, "stuck", a=fmt_num(data.initial_loss[r], 4), b=fmt_num(data.final_loss[r], 4),
                               g=sci(g)),
                        (data.steps * 0.5, loss[data.steps // 2]), xytext=(0, 14),
                        textcoords="offset points", fontsize=9, color=colour, va="bottom", ha="center")
        else:
            ax.annotate(look.t(STRINGS, "learns", a=sci(data.initial_loss[r]), b=sci(data.final_loss[r])),
                        (steps[-1], loss[-1]), xytext=(-4, 10), textcoords="offset points", fontsize=9,
                        color=colour, va="bottom", ha="right")
    finite = data.loss[np.isfinite(data.loss)]
    lo, hi = finite.min(), finite.max()
    ax.set_yscale("log")
    ax.set_ylim(10 ** np.floor(np.log10(lo) - 1), 10 ** np.ceil(np.log10(hi) + 1.5))
    ax.set_xlim(-5, data.steps + 5)
    top = ax.get_ylim()[1] / 10**0.6
    for k, colour, what in diverged:  # no loss to draw from step k on: mark it, do not hide it
        ax.plot([k], [top], marker="X", ms=10, color=colour, zorder=4)
        ax.annotate(what, (k, top), xytext=(9, 0), textcoords="offset points", color=colour, fontsize=9.5,
                    va="center", ha="left", fontweight="bold")
    ax.grid(True, which="major", axis="y")
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title", steps=data.steps), loc="left")
    ax.legend(loc="upper right", fontsize=9)


def draw_grad(ax, data, look: Look) -> None:
    """Mean |∂L/∂W| of the first layer per step (right panel)."""
    pal = look.palette
    steps = np.arange(data.steps)
    for r, colour in enumerate(_colours(look)):
        g = data.grad_mean_abs[r, :, 0]
        ok = np.isfinite(g)
        ax.plot(steps[ok], g[ok], color=colour, lw=2.0, marker="o" if ok.sum() < 10 else None, ms=5)
        if not ok.all():
            k = int(np.flatnonzero(~ok)[0])
            ax.axvline(k, color=colour, lw=1.4, ls="--")
            last = int(np.flatnonzero(ok)[-1])
            ax.annotate(look.t(STRINGS, "gnan", k=k), (last, g[last]), xytext=(12, 0), textcoords="offset points",
                        fontsize=8.5, color=colour, va="center")
        else:
            below = data.status[r] == "stuck"  # the flat curve takes its label underneath
            ax.annotate(sci(g[-1]), (steps[-1], g[-1]), xytext=(0, -5 if below else 5), textcoords="offset points",
                        color=colour, fontsize=8.5, ha="right", va="top" if below else "bottom")
    ax.set_yscale("log")
    finite = data.grad_mean_abs[..., 0][np.isfinite(data.grad_mean_abs[..., 0])]
    finite = finite[finite > 0]
    ax.set_ylim(10 ** np.floor(np.log10(finite.min()) - 1), 10 ** np.ceil(np.log10(finite.max()) + 1))
    ax.set_xlim(-5, data.steps + 5)
    ax.grid(True, which="major", axis="y")
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "gylabel"))
    ax.set_title(look.t(STRINGS, "gtitle"), loc="left")


def make(data, look: Look):
    fig, (a, b) = new_figure(12.0, 5.9, ncols=2, width_ratios=[1.7, 1])
    draw(a, data, look)
    draw_grad(b, data, look)
    fig.get_layout_engine().set(h_pad=0.12)
    fig.supxlabel(look.t(STRINGS, "setup", hidden=data.n_layers - 1, d=data.width, n=data.n_samples,
                         lr=fmt_num(data.lr, 2), seed=data.seed),
                  fontsize=8.5, color=look.palette.muted, ha="left", x=0.01)
    return fig
