"""loss_curves: 300 real training steps of one 6-layer network from three starts (seed 004 §4.2,
"互動②：那 loss 會怎樣？（瀏覽器裡真的訓練 300 步）").

Top: the loss per step for s = 0.3, s = 3.0 and s = 3.0 + LayerNorm; below: the mean |∂L/∂W| of the
first layer per step, the reason behind each curve. Both y axes are broken: the main part spans the
runs that stay finite, a short strip above it holds the overflowing run's last finite values (each
curve is cut where it leaves its part, so no line runs on past the break), and
the step where that run's loss becomes NaN (or inf) is marked with × in both panels. Each run is told
apart by colour, line style and a label beside its curve (no legend to decode).

The training set-up the page leaves open (width 24, GELU, N(0, 1/24) weights shared by the runs,
64 samples, target sin(u·x), full-batch gradient descent with lr 0.1, float32, torch seed 0) is in
engine.training.loss_curves and exported with the numbers (`setup`, `seed`, `lr`), not drawn.
"""
from __future__ import annotations

import numpy as np

from figures.common import broken_axes, new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Same {L}-layer network, three starts: the loss over {steps} training steps",
        "gtitle": r"Why: mean |$\partial L/\partial W$| of layer 1",
        "xlabel": "training step",
        "ylabel": "loss ½·mean((ŷ − t)²), log scale",
        "gylabel": "mean |gradient| of layer 1, log scale",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}: stuck at {v},\nthe loss of always answering 0",
        "learns": "{run}: {a} at step 0, still falling",
        "diverged": "{run}: overflows, {what} from step {k}",
        "gstuck": "{run}: vanishing, the weights barely move",
        "glearns": "{run}",
        "gdiverged": "{run}: exploding, {what} from step {k}",
        "nan": "NaN",
        "inf": "inf",
    },
    "zh-Hant": {
        "title": "同一個 {L} 層網路、三種起點：訓練 {steps} 步的損失",
        "gtitle": r"原因：第 1 層的平均 |$\partial L/\partial W$|",
        "xlabel": "訓練步數",
        "ylabel": "損失 ½·mean((ŷ − t)²)，對數刻度",
        "gylabel": "第 1 層的平均 |梯度|，對數刻度",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}：卡在 {v}，\n也就是永遠回答 0 的損失",
        "learns": "{run}：第 0 步 {a}，持續下降",
        "diverged": "{run}：溢位，第 {k} 步起為 {what}",
        "gstuck": "{run}：梯度消失，權重幾乎不動",
        "glearns": "{run}",
        "gdiverged": "{run}：梯度爆炸，第 {k} 步起為 {what}",
        "nan": "NaN",
        "inf": "inf",
    },
    "zh-Hans": {
        "title": "同一个 {L} 层网络、三种起点：训练 {steps} 步的损失",
        "gtitle": r"原因：第 1 层的平均 |$\partial L/\partial W$|",
        "xlabel": "训练步数",
        "ylabel": "损失 ½·mean((ŷ − t)²)，对数刻度",
        "gylabel": "第 1 层的平均 |梯度|，对数刻度",
        "label_plain": "s = {s}",
        "label_ln": "s = {s} + LayerNorm",
        "stuck": "{run}：卡在 {v}，\n也就是永远回答 0 的损失",
        "learns": "{run}：第 0 步 {a}，持续下降",
        "diverged": "{run}：溢出，第 {k} 步起为 {what}",
        "gstuck": "{run}：梯度消失，权重几乎不动",
        "glearns": "{run}",
        "gdiverged": "{run}：梯度爆炸，第 {k} 步起为 {what}",
        "nan": "NaN",
        "inf": "inf",
    },
}

DECIMALS = {"loss": 4, "initial_loss": 4, "final_loss": 4, "baseline_loss": 4, "max_finite_loss": 4,
            "grad_mean_abs": 4, "scales": 1, "lr": 2}

LINESTYLES = ((0, (5, 2.5)), (0, (1, 1.5)), "-")  # s = 0.3 dashed, s = 3.0 dotted, LayerNorm solid
HEADROOM = 10 ** 1.5  # a value this far above the finite runs' largest goes into the strip above the break


def _styles(look: Look) -> list[tuple[str, object]]:
    p = look.palette
    return list(zip((p.cool, p.bad, p.ok), LINESTYLES))


def _run(data, r: int, look: Look) -> str:
    key = "label_ln" if data.layer_norm[r] else "label_plain"
    return look.t(STRINGS, key, s=fmt_num(data.scales[r], DECIMALS["scales"]))


def _inside(x, v, lo: float, hi: float) -> tuple:
    """(x, y) of the curve's parts within [lo, hi] on a log axis: a segment that leaves the band ends at its
    edge (where it crosses it, in log space) and the outside stretch is a gap (NaN), so no line runs on
    beyond the axes it belongs to."""
    xs, ys = [], []
    ok = np.isfinite(v) & (v > 0)
    lv = np.where(ok, np.log10(np.where(ok, v, 1.0)), np.nan)  # (steps,)
    a, b = np.log10(lo), np.log10(hi)
    for k in range(len(v)):
        inside = ok[k] and a <= lv[k] <= b
        if k and ok[k] and ok[k - 1]:
            for edge in (a, b):  # the crossing of an edge between step k-1 and k
                if (lv[k - 1] - edge) * (lv[k] - edge) < 0:
                    t = (edge - lv[k - 1]) / (lv[k] - lv[k - 1])
                    xs.append(x[k - 1] + t * (x[k] - x[k - 1]))
                    ys.append(10 ** edge)
                    if not inside:
                        xs.append(np.nan)
                        ys.append(np.nan)
        if inside:
            xs.append(x[k])
            ys.append(v[k])
    return np.array(xs), np.array(ys)


def _draw_series(top, main, values, data, look: Look, kind: str) -> None:
    """Curves split at the break, the NaN/inf step marked with × in the strip, labels beside the curves."""
    pal = look.palette
    steps = np.arange(data.steps)
    finite_runs = [r for r in range(len(data.labels)) if data.status[r] != "diverged"]
    useful = values[finite_runs][np.isfinite(values[finite_runs])]
    useful = useful[useful > 0]
    lo, hi = useful.min(), useful.max()
    cut = hi * HEADROOM
    above = values[np.isfinite(values) & (values > cut)]
    main.set_ylim(10 ** (np.floor(np.log10(lo)) - 0.3), cut)
    if above.size:
        top.set_ylim(10 ** (np.floor(np.log10(above.min())) - 0.5), 10 ** (np.ceil(np.log10(above.max())) + 1.5))
    else:
        top.set_ylim(cut, cut * 10)
    for ax in (top, main):
        ax.set_yscale("log")
        ax.grid(True, which="major", axis="y")
        ax.set_xlim(-6, data.steps + 6)
    for r, (colour, ls) in enumerate(_styles(look)):
        v = values[r]
        ok = np.isfinite(v) & (v > 0)
        few = ok.sum() < 10
        for ax in (top, main):
            xs, ys = _inside(steps, v, *ax.get_ylim())
            ax.plot(xs, ys, color=colour, lw=2.2, ls=ls, zorder=3)
            if few:  # a run with few finite steps: its values as dots too
                lo, hi = ax.get_ylim()
                dots = ok & (np.where(ok, v, 0) >= lo) & (np.where(ok, v, 0) <= hi)
                ax.plot(steps[dots], v[dots], ls="none", marker="o", ms=5, color=colour, zorder=3)
        run = _run(data, r, look)
        status = data.status[r]
        if status == "diverged":
            k = int(data.first_nonfinite_step[r])
            what = look.t(STRINGS, "nan" if data.first_nan_step[r] == k else "inf")
            y_mark = top.get_ylim()[1] / 10 ** 0.5
            for ax in (top, main):
                ax.axvline(k, color=colour, lw=1.2, ls=ls, zorder=2)
            top.plot([k], [y_mark], marker="X", ms=10, color=colour, zorder=4, clip_on=False)
            top.annotate(look.t(STRINGS, "diverged" if kind == "loss" else "gdiverged", run=run, what=what, k=k),
                         (k, y_mark), xytext=(10, 0), textcoords="offset points", fontsize=9, va="center",
                         ha="left", color=pal.ink)
        elif status == "stuck":
            key = "stuck" if kind == "loss" else "gstuck"
            text = look.t(STRINGS, key, run=run, v=fmt_num(data.initial_loss[r], 4))
            main.annotate(text, (data.steps * 0.55, v[data.steps // 2]), xytext=(0, 7), textcoords="offset points",
                          fontsize=9, va="bottom", ha="center", color=pal.ink)
        else:
            key = "learns" if kind == "loss" else "glearns"
            text = look.t(STRINGS, key, run=run, a=fmt_num(data.initial_loss[r], 4))
            x = int(data.steps * 0.5)
            main.annotate(text, (x, v[x]), xytext=(10, 10), textcoords="offset points", fontsize=9,
                          va="bottom", ha="left", color=pal.ink)


def make(data, look: Look):
    fig, _ = new_figure(7.2, 8.4)
    fig.clear()
    outer = fig.add_gridspec(2, 1, height_ratios=[1.1, 1], hspace=0.08)  # the loss above its reason
    for cell, values, kind in ((outer[0], data.loss, "loss"), (outer[1], data.grad_mean_abs[..., 0], "grad")):
        top, main = broken_axes(fig, cell)
        _draw_series(top, main, values, data, look, kind)
        main.set_xlabel(look.t(STRINGS, "xlabel"))
        main.set_ylabel(look.t(STRINGS, "ylabel" if kind == "loss" else "gylabel"))
        main.yaxis.set_label_coords(-0.09, 0.62)
        key = "title" if kind == "loss" else "gtitle"
        top.set_title(look.t(STRINGS, key, L=data.n_layers, steps=data.steps), loc="left", fontsize=11, pad=8)
    return fig
