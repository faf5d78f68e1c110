"""gelu_relu: GELU (tanh approximation, and exact) against ReLU, and the dying-ReLU drift of 24 neurons
(seed 004 §4.3, the GELU canvas and "GELU 的好處——神經元不會「死掉」").

Top: the curves on the page's range −3.2 … 3.2. Middle: the 24 neurons on the z axis after one
shift, ReLU lane and GELU lane (hollow = gradient exactly 0 / faded below the floor). Bottom: how
many neurons can still learn as the shift slides from −3 to 3. The counting rule is in engine.norms.
Any neuron count 2–64, shift and seed (studio.catalogue.accepts.depth): the lanes widen to hold every neuron,
the count axis and the read-outs follow the count.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title_curves": "GELU vs ReLU",
        "relu": "ReLU  max(0, x)",
        "gelu_tanh": "GELU, tanh approximation (GPT-2)",
        "gelu_exact": "GELU exact  x·Φ(x)",
        "xlabel": "x",
        "ylabel": "activation output",
        "diff": "largest |tanh − exact| on this range: {v}",
        "min": "minimum ({x}, {y}): GELU′ = 0 only here",
        "table_head": "x|GELU|ReLU|GELU′",
        "title_lanes": "{n} neurons after a drift of {shift}",
        "zlabel": "z (the neuron's input)",
        "dead_line": "z = 0: left of it ReLU's gradient is 0",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} dead (gradient exactly 0), {alive} learn",
        "count_gelu": "{alive} learn, {faded} faded (|GELU′| < {floor})",
        "title_counts": "Neurons that can still learn, for every drift",
        "shift": "drift of every z",
        "count": "neurons with a gradient",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}: {k} at a drift of {shift}",
    },
    "zh-Hant": {
        "title_curves": "GELU 與 ReLU",
        "relu": "ReLU  max(0, x)",
        "gelu_tanh": "GELU，tanh 近似（GPT-2）",
        "gelu_exact": "GELU 精確式  x·Φ(x)",
        "xlabel": "x",
        "ylabel": "激活函數的輸出",
        "diff": "此範圍內 |tanh 近似 − 精確式| 最大 {v}",
        "min": "最低點 ({x}, {y})：只有這一點 GELU′ = 0",
        "table_head": "x|GELU|ReLU|GELU′",
        "title_lanes": "{n} 個神經元整體漂移 {shift} 之後",
        "zlabel": "z（神經元收到的輸入）",
        "dead_line": "z = 0：左邊 ReLU 的梯度為 0",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} 個死掉（梯度恰為 0），{alive} 個還能學",
        "count_gelu": "{alive} 個還能學，{faded} 個幾乎停住（|GELU′| < {floor}）",
        "title_counts": "各種漂移量下，還能學的神經元數",
        "shift": "所有 z 的漂移量",
        "count": "有梯度的神經元數",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}：漂移 {shift} 時 {k} 個",
    },
    "zh-Hans": {
        "title_curves": "GELU 与 ReLU",
        "relu": "ReLU  max(0, x)",
        "gelu_tanh": "GELU，tanh 近似（GPT-2）",
        "gelu_exact": "GELU 精确式  x·Φ(x)",
        "xlabel": "x",
        "ylabel": "激活函数的输出",
        "diff": "此范围内 |tanh 近似 − 精确式| 最大 {v}",
        "min": "最低点 ({x}, {y})：只有这一点 GELU′ = 0",
        "table_head": "x|GELU|ReLU|GELU′",
        "title_lanes": "{n} 个神经元整体漂移 {shift} 之后",
        "zlabel": "z（神经元收到的输入）",
        "dead_line": "z = 0：左边 ReLU 的梯度为 0",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} 个死掉（梯度恰为 0），{alive} 个还能学",
        "count_gelu": "{alive} 个还能学，{faded} 个几乎停住（|GELU′| < {floor}）",
        "title_counts": "各种漂移量下，还能学的神经元数",
        "shift": "所有 z 的漂移量",
        "count": "有梯度的神经元数",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}：漂移 {shift} 时 {k} 个",
    },
}

DECIMALS = {"relu": 3, "gelu_tanh": 3, "gelu_exact": 3, "max_abs_diff_tanh_exact": 5, "gelu_min_x": 2,
            "gelu_min_y": 2, "sample_x": 1, "sample_gelu": 3, "sample_relu": 3, "sample_gelu_grad": 4, "z0": 2,
            "shifts": 1, "gelu_tail_edge": 2, "shown_shift": 1, "grad_floor": 3}


def _colours(look: Look) -> dict:
    """One meaning per colour in every panel: ReLU `cool`, GELU `accent`, exact GELU `ink` (dashed)."""
    p = look.palette
    return {"relu": p.cool, "gelu": p.accent, "exact": p.ink}


def _draw_table(ax, data, look: Look, x0: float, y0: float) -> None:
    """The hover read-out at a few points: one text per cell, right-aligned in its column."""
    pal = look.palette
    head = look.t(STRINGS, "table_head").split("|")
    cols = [x0 + 0.07, x0 + 0.19, x0 + 0.30, x0 + 0.43]
    rows = [head] + [
        (fmt_num(x, DECIMALS["sample_x"]), fmt_num(g, DECIMALS["sample_gelu"]), fmt_num(r, DECIMALS["sample_relu"]),
         fmt_num(gg, DECIMALS["sample_gelu_grad"]))
        for x, g, r, gg in zip(data.sample_x, data.sample_gelu, data.sample_relu, data.sample_gelu_grad)]
    step = 0.05
    for k, row in enumerate(rows):
        for x, cell in zip(cols, row):
            ax.text(x, y0 - k * step, cell, transform=ax.transAxes, fontsize=8, ha="right", va="top",
                    color=pal.muted if k == 0 else pal.ink, fontweight="bold" if k == 0 else "normal")
    ax.plot([x0, cols[-1]], [y0 - step * 0.95] * 2, transform=ax.transAxes, color=pal.muted, lw=0.6)


def draw_curves(ax, data, look: Look) -> None:
    pal = look.palette
    c = _colours(look)
    ax.axhline(0, color=pal.muted, lw=0.8)
    ax.axvline(0, color=pal.muted, lw=0.8)
    ax.plot(data.x, data.relu, color=c["relu"], lw=2.2, label=look.t(STRINGS, "relu"))
    ax.plot(data.x, data.gelu_tanh, color=c["gelu"], lw=2.8, label=look.t(STRINGS, "gelu_tanh"))
    ax.plot(data.x, data.gelu_exact, color=c["exact"], lw=1.0, ls=(0, (4, 3)), label=look.t(STRINGS, "gelu_exact"))
    ax.plot([data.gelu_min_x], [data.gelu_min_y], "o", color=c["gelu"], ms=6)
    ax.annotate(look.t(STRINGS, "min", x=fmt_num(data.gelu_min_x, 2), y=fmt_num(data.gelu_min_y, 2)),
                (data.gelu_min_x, data.gelu_min_y), xytext=(-3.1, -0.75), fontsize=8.5, color=pal.ink,
                arrowprops={"arrowstyle": "-", "color": pal.muted, "lw": 0.8})
    ax.set_xlim(data.x[0], data.x[-1])
    ax.set_ylim(-1.1, 3.2)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title_curves"), loc="left")
    ax.legend(loc="upper left", fontsize=8.5)
    _draw_table(ax, data, look, 0.03, 0.66)
    ax.text(0.03, 0.33, look.t(STRINGS, "diff", v=fmt_num(data.max_abs_diff_tanh_exact, 5)),
            transform=ax.transAxes, fontsize=8.5, color=pal.muted, va="top")


def draw_lanes(ax, data, look: Look) -> None:
    pal = look.palette
    c = _colours(look)
    st = data.at_shift
    half = max(4.0, float(np.abs(st.z).max()) + 0.4)  # every neuron inside; z = 0 stays in the middle
    x0, x1 = -half, half
    ax.axvline(0, color=pal.muted, lw=1.2, ls=(0, (3, 2)))
    ax.text(0.08, 1.62, look.t(STRINGS, "dead_line"), color=pal.ink, fontsize=8.5, va="center")
    ys = {"relu": 1.0, "gelu": 0.0}
    jitter = np.where(np.arange(data.n_neurons) % 2 == 0, 0.09, -0.09)  # (n,) neighbours alternate
    dead = st.relu_dead
    ax.scatter(st.z[~dead], ys["relu"] + jitter[~dead], s=46, color=c["relu"], zorder=3)
    ax.scatter(st.z[dead], ys["relu"] + jitter[dead], s=46, facecolors="none", edgecolors=c["relu"],
               linewidths=1.4, zorder=3)
    faded = st.gelu_faded
    ax.scatter(st.z[~faded], ys["gelu"] + jitter[~faded], s=46, color=c["gelu"], zorder=3)
    ax.scatter(st.z[faded], ys["gelu"] + jitter[faded], s=46, facecolors="none", edgecolors=c["gelu"],
               linewidths=1.4, zorder=3)
    ax.text(x0 + 0.1, ys["relu"] + 0.3, look.t(STRINGS, "count_relu", dead=st.n_relu_dead,
                                              alive=st.n_relu_trainable), fontsize=8.5, color=pal.ink)
    ax.text(x0 + 0.1, ys["gelu"] + 0.3, look.t(STRINGS, "count_gelu", alive=st.n_gelu_trainable,
                                          faded=st.n_gelu_faded, floor=fmt_num(data.grad_floor, DECIMALS["grad_floor"])),
            fontsize=8.5, color=pal.ink)
    ax.set_yticks([ys["gelu"], ys["relu"]], [look.t(STRINGS, "lane_gelu"), look.t(STRINGS, "lane_relu")])
    ax.set_ylim(-0.45, 1.85)
    ax.set_xlim(x0, x1)
    ax.set_xlabel(look.t(STRINGS, "zlabel"))
    ax.set_title(look.t(STRINGS, "title_lanes", n=data.n_neurons,
                        shift=fmt_num(data.shown_shift, 1, signed=True)), loc="left")
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)


def count_ticks(n: int) -> list[int]:
    """Ticks of the count axis: 0 and every step up to n, about 4 steps (0, 6, …, 24 for 24 neurons)."""
    step = next(k for k in (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20) if n / k <= 4)
    return list(range(0, n + 1, step))


def draw_counts(ax, data, look: Look) -> None:
    pal = look.palette
    c = _colours(look)
    n = data.n_neurons
    k = int(np.argmin(np.abs(data.shifts - data.shown_shift)))
    shift = fmt_num(data.shown_shift, 1, signed=True)
    counts = {"relu": int(n - data.n_relu_dead[k]), "gelu": int(data.n_gelu_trainable[k])}
    # the counts at the drift shown go in the legend: the lower right stays clear of both curves
    # (more drift to the right only ever adds neurons that learn)
    label = {key: look.t(STRINGS, "at_shift", curve=look.t(STRINGS, f"curve_{key}"), k=counts[key], shift=shift)
             for key in counts}
    ax.step(data.shifts, n - data.n_relu_dead, where="mid", color=c["relu"], lw=2.0, label=label["relu"])
    ax.step(data.shifts, data.n_gelu_trainable, where="mid", color=c["gelu"], lw=2.0, ls=(0, (5, 2)),
            label=label["gelu"])
    ax.axvline(data.shown_shift, color=pal.muted, lw=1.0, ls="--")
    for key in ("relu", "gelu"):
        ax.plot([data.shown_shift], [counts[key]], "o", color=c[key], ms=5, clip_on=False)
    ax.set_xlim(data.shifts[0], data.shifts[-1])
    ax.set_ylim(0, n * 1.0625)  # room above the full count (24 → 25.5)
    ax.set_yticks(count_ticks(n))
    ax.set_xlabel(look.t(STRINGS, "shift"))
    ax.set_ylabel(look.t(STRINGS, "count"))
    ax.set_title(look.t(STRINGS, "title_counts"), loc="left")
    ax.grid(True, axis="y")
    ax.legend(loc="lower right", fontsize=8.5)


def make(data, look: Look):
    fig, (curves, lanes, counts) = new_figure(7.2, 8.4, nrows=3, height_ratios=[1.45, 0.85, 0.9])
    draw_curves(curves, data, look)
    draw_lanes(lanes, data, look)
    draw_counts(counts, data, look)
    return fig
