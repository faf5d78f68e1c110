"""gelu_relu: GELU (tanh approximation) against ReLU, and the dying-ReLU drift of 24 neurons
(seed 004 §4.3, the GELU canvas and "GELU 的好處——神經元不會「死掉」").

gelu_relu: the curves on the page's range −3.2 … 3.2 (GELU dashed, so it differs from ReLU without its
hue), GELU drawn once, in the tanh approximation (the exact x·Φ(x) is within 0.00047 of it: the caption
says so), and x < 0 magnified beside them, where the dip to −0.17 is the point; the sampled values and the
approximation's error are its caption. gelu_relu_dying (make_dying,
the same record): one claim title; the 24 neurons on the z axis after one shift, ReLU lane and GELU lane,
one row each, hollow = gradient exactly 0, a GELU dot's area ∝ |GELU′(z)| on the ReLU dots' scale (1); (at least a fifth of a ReLU dot, so none reads as dead), and the number of neurons whose gradient is exactly 0
as the shift slides from −3 to 3, the title's one criterion (ReLU's climbing to 23; GELU's a dashed line at 0);
what a drift and the neurons are, the counts of |gradient| below grad_floor (0.001: GELU's 1 at four drifts, on
the far-left tail or passing GELU′'s single zero at −0.75), and the mean |f′(z)| at the drawn shift, are its caption. The counts and means are engine.activations's.
Any neuron count 2–64, shift and seed (studio.catalogue.accepts.depth): the lanes widen to hold every neuron,
the count axis and the read-outs follow the count.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure, titled
from look import Look, fmt_num

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "c_shapes": ("ReLU is max(0, x); GELU is x·Φ(x), with Φ the standard normal distribution function, drawn "
                     "in the tanh approximation GPT-2 uses (dashed), for x from {x0} to {x1}; on this range it differs "
                     "from the exact x·Φ(x) by at most {d}, too little to draw. The right panel magnifies x < 0. GELU dips to its minimum ({mx}, {my}), "
                     "the only point where GELU′ = 0; left of it GELU′ is small and negative but not zero, while "
                     "ReLU's gradient is exactly 0 for every x < 0. Values: {rows}."),
        "c_row": "x = {x}: GELU {g}, ReLU {r}, GELU′ {gg}",
        "c_dying": ("Each dot is one of {n} neurons with one input z each, drawn once from a normal distribution "
                    "with mean 1 and standard deviation 1 (seed {seed}), clipped to ±3.5. A drift adds the same "
                    "number to every z, as one update of a shared bias or of the weights can. The top panel shows "
                    "the neurons after a drift of {shift}, on the z axis: a ReLU neuron at or left of z = 0 is dead (hollow: its "
                    "gradient is exactly 0, as it is for every z left of 0); every GELU neuron is filled: GELU′ is exactly 0 "
                    "only at the single point z = {mx} (GELU's minimum), negative left of it and about 1 right of 0; at this "
                    "drift the smallest |GELU′| is {gmin}, drawn no smaller than a fifth of a ReLU dot.{near} The bottom panel's x axis is the drift, not z: "
                    "the number of the {n} neurons whose gradient is exactly 0, for every drift from {s0} to {s1}. "
                    "Counting |gradient| below {floor} instead, ReLU's count is the same and GELU's reaches {gmax}: {tail}; {close}. At the top panel's drift the mean |f′(z)| over the {n} neurons is {mr} for "
                    "ReLU and {mg} for GELU."),
        "c_tail": "on the far-left tail (z < {edge}, where GELU′ fades towards 0) at drifts {drifts}",
        "c_close": "passing close to z = {mx} at drifts {drifts}",
        "c_tail_none": "none on the far-left tail (z < {edge})",
        "c_close_none": "none close to z = {mx}",
        "c_near": " The neuron at z = {z} sits just right of 0, so ReLU still passes its gradient.",
        "count": "neurons with\ngradient exactly 0",
        "title_curves": "GELU bends smoothly and dips to {y} left of 0; ReLU is exactly 0 there",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0, magnified",
        "xlabel": "x",
        "ylabel": "activation output",
        "min": "minimum ({x}, {y}):\nGELU′ = 0 only here",
        "title_dying": "A left drift zeroes up to {dead} of {n} ReLU gradients, {gz} of GELU's",
        "title_lanes": "The {n} neurons after a drift of {shift}",
        "near_zero": "z = {z}: just right of 0, alive",
        "zlabel": "z, each neuron's input",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} dead (hollow: gradient exactly 0), {alive} learn",
        "count_gelu": "none exactly 0; area ∝ |GELU′(z)|, at least 1/5 of a ReLU dot",
        "title_counts": "Neurons whose gradient is exactly 0, for every drift",
        "shift": "drift added to every z (dotted: the top panel's {shift})",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "never": "{curve}: 0 at every drift",
        "at_drifts": "{curve}: {k} at {drifts}",
        "at_many": "{curve}: up to {k}, at {m} of {S} drifts",
    },
    "zh-Hant": {
        "c_shapes": ("ReLU 是 max(0, x)；GELU 是 x·Φ(x)，Φ 為標準常態分布函數，圖中畫的是 GPT-2 使用的 tanh 近似"
                     "（虛線），x 從 {x0} 到 {x1}；在此範圍內它與精確的 x·Φ(x) 最多相差 {d}，小到畫不出來。"
                     "右圖放大 x < 0 的部分。GELU 在最低點 "
                     "({mx}, {my}) 處 GELU′ = 0，只有這一點；它左邊 GELU′ 很小且為負，但不是零，而 ReLU 在每個 "
                     "x < 0 的梯度都恰為 0。數值：{rows}。"),
        "c_row": "x = {x}：GELU {g}、ReLU {r}、GELU′ {gg}",
        "c_dying": ("每個點是 {n} 個神經元之一，每個神經元一個輸入 z，從平均 1、標準差 1 的常態分布抽一次（種子 {seed}），"
                    "並截在 ±3.5 之內。漂移是把同一個數加到每個 z 上，就像共用偏置或權重的一次更新會造成的那樣。"
                    "上圖是漂移 {shift} 之後的神經元，橫軸是 z：ReLU 神經元在 z = 0 或其左邊就死掉（空心：梯度恰為 0，"
                    "z 在 0 左邊處處如此）；每個 GELU 神經元都是實心：GELU′ 只在 z = {mx}（GELU 的最低點）這一點恰為 0，"
                    "在它左邊為負，在 0 右邊約為 1；在這個漂移量下最小的 |GELU′| 是 {gmin}。"
                    "畫出的點不小於 ReLU 點的五分之一。{near}下圖的橫軸是漂移量而不是 z：漂移從 {s0} 到 {s1} 時，{n} 個神經元中梯度恰為 0 的個數。"
                    "若改數 |梯度| 小於 {floor} 的，ReLU 的個數不變，GELU 的最多 {gmax} 個：{tail}；{close}。在上圖的漂移量下，{n} 個神經元的平均 |f′(z)| 是 "
                    "ReLU {mr}、GELU {mg}。"),
        "c_tail": "在最左邊的尾端（z < {edge}，GELU′ 在那裡趨近 0），漂移 {drifts} 時",
        "c_close": "經過 z = {mx} 附近，漂移 {drifts} 時",
        "c_tail_none": "最左邊的尾端（z < {edge}）沒有",
        "c_close_none": "z = {mx} 附近沒有",
        "c_near": "z = {z} 的神經元剛好在 0 的右邊，所以 ReLU 仍會傳回它的梯度。",
        "count": "梯度恰為 0 的\n神經元個數",
        "title_curves": "GELU 與 ReLU：GELU 平滑彎曲，在 0 左邊降到 {y}；ReLU 在那裡恰為 0",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0 放大",
        "xlabel": "x",
        "ylabel": "激活函數的輸出",
        "min": "最低點 ({x}, {y})：\n只有這一點 GELU′ = 0",
        "title_dying": "輸入向左漂移：ReLU 的梯度最多 {dead}/{n} 個變成 0，GELU 的有 {gz} 個",
        "title_lanes": "{n} 個神經元整體漂移 {shift} 之後",
        "near_zero": "z = {z}：剛好在 0 右邊，還活著",
        "zlabel": "z：每個神經元的輸入",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} 個死掉（空心：梯度恰為 0），{alive} 個還能學",
        "count_gelu": "沒有恰為 0 的；面積 ∝ |GELU′(z)|，至少是 ReLU 點的 1/5",
        "title_counts": "各種漂移量下，梯度恰為 0 的神經元個數",
        "shift": "加到每個 z 的漂移量（點線：上圖的 {shift}）",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "never": "{curve}：每種漂移都是 0 個",
        "at_drifts": "{curve}：漂移 {drifts} 時 {k} 個",
        "at_many": "{curve}：最多 {k} 個，{S} 種漂移中有 {m} 種",
    },
    "zh-Hans": {
        "c_shapes": ("ReLU 是 max(0, x)；GELU 是 x·Φ(x)，Φ 为标准正态分布函数，图中画的是 GPT-2 使用的 tanh 近似"
                     "（虚线），x 从 {x0} 到 {x1}；在此范围内它与精确的 x·Φ(x) 最多相差 {d}，小到画不出来。"
                     "右图放大 x < 0 的部分。GELU 在最低点 "
                     "({mx}, {my}) 处 GELU′ = 0，只有这一点；它左边 GELU′ 很小且为负，但不是零，而 ReLU 在每个 "
                     "x < 0 的梯度都恰为 0。数值：{rows}。"),
        "c_row": "x = {x}：GELU {g}、ReLU {r}、GELU′ {gg}",
        "c_dying": ("每个点是 {n} 个神经元之一，每个神经元一个输入 z，从均值 1、标准差 1 的正态分布抽一次（种子 {seed}），"
                    "并截在 ±3.5 之内。漂移是把同一个数加到每个 z 上，就像共享偏置或权重的一次更新会造成的那样。"
                    "上图是漂移 {shift} 之后的神经元，横轴是 z：ReLU 神经元在 z = 0 或其左边就死掉（空心：梯度恰为 0，"
                    "z 在 0 左边处处如此）；每个 GELU 神经元都是实心：GELU′ 只在 z = {mx}（GELU 的最低点）这一点恰为 0，"
                    "在它左边为负，在 0 右边约为 1；在这个漂移量下最小的 |GELU′| 是 {gmin}。"
                    "画出的点不小于 ReLU 点的五分之一。{near}下图的横轴是漂移量而不是 z：漂移从 {s0} 到 {s1} 时，{n} 个神经元中梯度恰为 0 的个数。"
                    "若改数 |梯度| 小于 {floor} 的，ReLU 的个数不变，GELU 的最多 {gmax} 个：{tail}；{close}。在上图的漂移量下，{n} 个神经元的平均 |f′(z)| 是 "
                    "ReLU {mr}、GELU {mg}。"),
        "c_tail": "在最左边的尾端（z < {edge}，GELU′ 在那里趋近 0），漂移 {drifts} 时",
        "c_close": "经过 z = {mx} 附近，漂移 {drifts} 时",
        "c_tail_none": "最左边的尾端（z < {edge}）没有",
        "c_close_none": "z = {mx} 附近没有",
        "c_near": "z = {z} 的神经元刚好在 0 的右边，所以 ReLU 仍会传回它的梯度。",
        "count": "梯度恰为 0 的\n神经元个数",
        "title_curves": "GELU 与 ReLU：GELU 平滑弯曲，在 0 左边降到 {y}；ReLU 在那里恰为 0",
        "relu": "ReLU",
        "gelu_tanh": "GELU",
        "inset": "x < 0 放大",
        "xlabel": "x",
        "ylabel": "激活函数的输出",
        "min": "最低点 ({x}, {y})：\n只有这一点 GELU′ = 0",
        "title_dying": "输入向左漂移：ReLU 的梯度最多 {dead}/{n} 个变成 0，GELU 的有 {gz} 个",
        "title_lanes": "{n} 个神经元整体漂移 {shift} 之后",
        "near_zero": "z = {z}：刚好在 0 右边，还活着",
        "zlabel": "z：每个神经元的输入",
        "lane_relu": "ReLU",
        "lane_gelu": "GELU",
        "count_relu": "{dead} 个死掉（空心：梯度恰为 0），{alive} 个还能学",
        "count_gelu": "没有恰为 0 的；面积 ∝ |GELU′(z)|，至少是 ReLU 点的 1/5",
        "title_counts": "各种漂移量下，梯度恰为 0 的神经元个数",
        "shift": "加到每个 z 的漂移量（点线：上图的 {shift}）",
        "curve_relu": "ReLU",
        "curve_gelu": "GELU",
        "at_shift": "{curve}",
        "never": "{curve}：每种漂移都是 0 个",
        "at_drifts": "{curve}：漂移 {drifts} 时 {k} 个",
        "at_many": "{curve}：最多 {k} 个，{S} 种漂移中有 {m} 种",
    },
}

DECIMALS = {"relu": 3, "gelu_tanh": 3, "gelu_exact": 3, "max_abs_diff_tanh_exact": 5, "gelu_min_x": 2,
            "gelu_min_y": 2, "sample_x": 1, "sample_gelu": 3, "sample_relu": 3, "sample_gelu_grad": 4, "z0": 2,
            "z": 2, "shifts": 1, "gelu_tail_edge": 2, "shown_shift": 1, "grad_floor": 3, "mean_abs_relu_grad": 2,
            "mean_abs_gelu_grad": 2, "min_abs_gelu_grad": 3}


DOT = 46.0  # a lane dot's area in pt² for gradient magnitude 1 (ReLU alive); GELU's dots scale with |GELU′(z)|
MIN_DOT = DOT / 5  # the smallest GELU dot drawn, as the GELU row's text states


def _colours(look: Look) -> dict:
    """No role colour for the two functions (ok and cool mean position encoding and content in the position
    figures): ReLU `muted` solid, GELU `ink` dashed, each labelled on its line."""
    p = look.palette
    return {"relu": p.muted, "gelu": p.ink}


def _functions(ax, data, look: Look, lw: float = 1.0) -> None:
    """ReLU (muted, solid) and GELU in the tanh approximation (ink, dashed) with the axes' zero lines; the
    exact x·Φ(x) is within max_abs_diff_tanh_exact of it (0.00047), too close to draw apart: the caption says so."""
    pal, c = look.palette, _colours(look)
    ax.axhline(0, color=pal.muted, lw=0.8)
    ax.axvline(0, color=pal.muted, lw=0.8)
    ax.plot(data.x, data.relu, color=c["relu"], lw=2.2 * lw)
    ax.plot(data.x, data.gelu_tanh, color=c["gelu"], lw=2.8 * lw, ls=(0, (5, 2)))
    ax.plot([data.gelu_min_x], [data.gelu_min_y], "o", color=c["gelu"], ms=6 * lw)


def draw_curves(ax, zoom, data, look: Look) -> None:
    """Left: both functions on the page's range, each labelled once on its line; right: x < 0 on a y range
    about a tenth as tall, where ReLU is flat at 0 and GELU's dip to its minimum is the one thing to see."""
    pal = look.palette
    c = _colours(look)
    _functions(ax, data, look)
    at = int(np.argmin(np.abs(data.x - 1.6)))  # where the lines are apart: ReLU above its line, GELU below its own
    ax.annotate(look.t(STRINGS, "relu"), (data.x[at], data.relu[at]), xytext=(-6, 4), textcoords="offset points",
                ha="right", va="bottom", fontsize=9, color=pal.ink)
    ax.annotate(look.t(STRINGS, "gelu_tanh"), (data.x[at], data.gelu_tanh[at]), xytext=(6, -4),
                textcoords="offset points", ha="left", va="top", fontsize=9, color=c["gelu"])
    ax.set_xlim(data.x[0], data.x[-1])
    ax.set_ylim(-0.5, float(data.x[-1]))
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    _functions(zoom, data, look)
    zoom.set_xlim(data.x[0], 0.25)
    zoom.set_ylim(1.6 * data.gelu_min_y, -0.6 * data.gelu_min_y)
    zoom.set_xlabel(look.t(STRINGS, "xlabel"))
    zoom.set_ylabel(look.t(STRINGS, "ylabel"))
    at = int(np.argmin(np.abs(data.x + 2.6)))  # far left of the dip: ReLU above its line at 0, GELU below its own
    zoom.annotate(look.t(STRINGS, "relu"), (data.x[at], 0.0), xytext=(0, 4), textcoords="offset points", ha="center",
                  va="bottom", fontsize=9, color=pal.ink)
    zoom.annotate(look.t(STRINGS, "gelu_tanh"), (data.x[at], data.gelu_tanh[at]), xytext=(0, -6),
                  textcoords="offset points", ha="center", va="top", fontsize=9, color=c["gelu"])
    zoom.set_title(look.t(STRINGS, "inset"), loc="left", fontsize=9, color=pal.muted)
    zoom.annotate(look.t(STRINGS, "min", x=fmt_num(data.gelu_min_x, 2), y=fmt_num(data.gelu_min_y, 2)),
                  (data.gelu_min_x, data.gelu_min_y), xytext=(14, -9), textcoords="offset points", ha="right",
                  va="top", fontsize=8.5, color=pal.ink)
    titled(ax.figure, look.t(STRINGS, "title_curves", y=fmt_num(data.gelu_min_y, 2)), look, x=0.01, ha="left",
           fontsize=11)


def draw_lanes(ax, data, look: Look) -> None:
    """The neurons on the z axis after one drift, one row per function and one encoding: hollow = gradient
    exactly 0, filled = not 0 (ReLU in its line's muted, GELU in its line's ink); hollow rings are filled with
    the paper so the dashed z = 0 line never runs through one; a neuron just right of 0 is named on the figure."""
    pal = look.palette
    c = _colours(look)
    st = data.at_shift
    z = st.z  # (n,)
    lo, hi = min(float(z.min()), 0.0) - 0.45, max(float(z.max()), 0.0) + 0.45
    lo = min(lo, hi - 4.5)  # room on the left for the row texts when every neuron sits right of 0
    ys = {"relu": 1.0, "gelu": 0.0}
    # z = 0 through each row (from the axis up through the GELU row, then across the ReLU row), broken
    # under each row's text (which starts 0.22 above its row and may reach past 0), so no text is crossed
    for y0, y1 in ((-0.4, ys["gelu"] + 0.18), (ys["relu"] - 0.18, ys["relu"] + 0.18)):
        ax.plot([0, 0], [y0, y1], color=pal.muted, lw=1.2, ls=(0, (3, 2)), zorder=1)
    dead = st.relu_dead  # (n,) gradient exactly 0
    ax.scatter(z[~dead], np.full((~dead).sum(), ys["relu"]), s=DOT, color=c["relu"], zorder=3)
    ax.scatter(z[dead], np.full(dead.sum(), ys["relu"]), s=DOT, facecolors=pal.background, edgecolors=c["relu"],
               linewidths=1.4, zorder=3)
    # GELU's gradient magnitude as the dot's area, on the ReLU row's scale (a filled ReLU dot: gradient 1), so
    # "small but not 0" is seen; a fifth of a ReLU dot at least (the row's text says so), so none reads as dead
    ax.scatter(z, np.full(len(z), ys["gelu"]), s=np.maximum(DOT * np.abs(st.gelu_grad), MIN_DOT), color=c["gelu"],
               zorder=3)
    ax.text(lo + 0.1, ys["relu"] + 0.22, look.t(STRINGS, "count_relu", dead=st.n_relu_dead,
                                              alive=st.n_relu_trainable), fontsize=8.5, color=pal.ink, va="bottom")
    ax.text(lo + 0.1, ys["gelu"] + 0.22, look.t(STRINGS, "count_gelu", mx=fmt_num(data.gelu_min_x, 2)),
            fontsize=8.5, color=pal.ink, va="bottom")
    k = int(np.argmin(np.abs(z)))
    if 0 < z[k] < 0.05:  # alive, but closer to the z = 0 line than a dot's radius
        ax.annotate(look.t(STRINGS, "near_zero", z=fmt_num(z[k], 2)), (z[k], ys["relu"]), xytext=(12, 11),
                    textcoords="offset points", ha="left", va="bottom", fontsize=8.5, color=pal.ink,
                    arrowprops={"arrowstyle": "-", "color": pal.muted, "lw": 0.8, "shrinkA": 1, "shrinkB": 4})
    ax.set_yticks([ys["gelu"], ys["relu"]], [look.t(STRINGS, "lane_gelu"), look.t(STRINGS, "lane_relu")])
    ax.set_ylim(-0.4, 1.6)
    ax.set_xlim(lo, hi)
    ax.set_xlabel(look.t(STRINGS, "zlabel"))
    ax.set_title(look.t(STRINGS, "title_lanes", n=data.n_neurons,
                        shift=fmt_num(data.shown_shift, 1, signed=True)), loc="left")
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)


def count_ticks(n: int) -> list[int]:
    """Ticks of the count axis: 0 and every step up to n, about 4 steps (0, 6, …, 24 for 24 neurons)."""
    step = next(k for k in (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20) if n / k <= 4)
    return list(range(0, n + 1, step))


def _floor(data) -> str:
    """The gradient floor as drawn (0.001)."""
    return fmt_num(data.grad_floor, DECIMALS["grad_floor"])


def _drifts(data, mask, look: Look) -> str:
    """The drifts where mask holds, as drawn ("−3.0, −2.9")."""
    sep = ", " if look.lang == "en" else "、"
    return sep.join(fmt_num(v, 1, signed=True) for v in data.shifts[mask])


def gelu_count_label(data, look: Look) -> str:
    """GELU's entry in the counts legend: that its gradient is never exactly 0, or where it is."""
    zero = data.n_gelu_zero_grad  # (S,)
    curve = look.t(STRINGS, "curve_gelu")
    if not zero.any():
        return look.t(STRINGS, "never", curve=curve)
    if (zero > 0).sum() <= 4:
        return look.t(STRINGS, "at_drifts", curve=curve, k=int(zero.max()), drifts=_drifts(data, zero > 0, look))
    return look.t(STRINGS, "at_many", curve=curve, k=int(zero.max()), m=int((zero > 0).sum()), S=len(zero))


def draw_counts(ax, data, look: Look) -> None:
    """The neurons whose gradient is exactly 0 for every drift, the title's criterion (engine: n_relu_dead
    and n_gelu_zero_grad): ReLU's climbs in steps as the drift goes left; GELU's is a dashed line, on top of
    ReLU's where both are 0; the dotted line and the dot, with its count, mark the top panel's drift. The
    |gradient| < grad_floor counts are the caption's."""
    pal = look.palette
    c = _colours(look)
    k = int(np.argmin(np.abs(data.shifts - data.shown_shift)))
    shift = fmt_num(data.shown_shift, 1, signed=True)
    ax.step(data.shifts, data.n_relu_dead, where="mid", color=c["relu"], lw=2.2,
            label=look.t(STRINGS, "at_shift", curve=look.t(STRINGS, "curve_relu")))
    ax.step(data.shifts, data.n_gelu_zero_grad, where="mid", color=c["gelu"], lw=2.0, ls=(0, (5, 2)),
            label=gelu_count_label(data, look), zorder=4)
    ax.axvline(data.shown_shift, color=pal.muted, lw=1.0, ls=":")
    ax.plot([data.shown_shift], [data.n_relu_dead[k]], "o", color=c["relu"], ms=5, zorder=5)
    ax.annotate(str(int(data.n_relu_dead[k])), (data.shown_shift, data.n_relu_dead[k]), xytext=(6, 4),
                textcoords="offset points", ha="left", va="bottom", fontsize=8.5, color=pal.ink)
    ax.set_xlim(data.shifts[0] - 0.08, data.shifts[-1] + 0.08)
    ax.set_ylim(-0.06 * data.n_neurons, data.n_neurons + 0.5)  # 0 sits above the axis line
    ax.set_yticks(count_ticks(data.n_neurons))
    ax.set_xlabel(look.t(STRINGS, "shift", shift=shift))
    ax.set_ylabel(look.t(STRINGS, "count"), linespacing=1.3)
    ax.set_title(look.t(STRINGS, "title_counts"), loc="left")
    ax.grid(True, axis="y")
    ax.legend(loc="upper right", bbox_to_anchor=(0.985, 1.0), fontsize=8.5, handlelength=3.0)


def caption(data, look: Look) -> str:
    """gelu_relu's text: the functions, the approximation's error, the minimum and the sampled values."""
    sep = "; " if look.lang == "en" else "；"
    rows = sep.join(look.t(STRINGS, "c_row", x=fmt_num(x, DECIMALS["sample_x"]), g=fmt_num(g, DECIMALS["sample_gelu"]),
                           r=fmt_num(r, DECIMALS["sample_relu"]), gg=fmt_num(gg, DECIMALS["sample_gelu_grad"]))
                    for x, g, r, gg in zip(data.sample_x, data.sample_gelu, data.sample_relu, data.sample_gelu_grad))
    return look.t(STRINGS, "c_shapes", x0=fmt_num(data.x[0], 1), x1=fmt_num(data.x[-1], 1),
                  d=fmt_num(data.max_abs_diff_tanh_exact, 5), mx=fmt_num(data.gelu_min_x, 2),
                  my=fmt_num(data.gelu_min_y, 2), rows=rows)


def caption_dying(data, look: Look) -> str:
    """gelu_relu_dying's text: what a neuron and a drift are, how the panels read, and the mean |f′(z)| at the
    drawn drift (GELU's gradients small, not absent)."""
    z = data.at_shift.z
    k = int(np.argmin(np.abs(z)))
    near = look.t(STRINGS, "c_near", z=fmt_num(z[k], 4)) if 0 < z[k] < 0.05 else ""
    at = int(np.argmin(np.abs(data.shifts - data.shown_shift)))
    mx, edge = fmt_num(data.gelu_min_x, 2), fmt_num(data.gelu_tail_edge, DECIMALS["gelu_tail_edge"])
    tail = data.n_gelu_trainable < data.n_neurons  # (S,) a neuron on the far-left tail below the floor
    close = data.n_gelu_below_floor > data.n_neurons - data.n_gelu_trainable  # (S,) one below it near the minimum
    tail_t = (look.t(STRINGS, "c_tail", edge=edge, drifts=_drifts(data, tail, look)) if tail.any() else
              look.t(STRINGS, "c_tail_none", edge=edge))
    close_t = (look.t(STRINGS, "c_close", mx=mx, drifts=_drifts(data, close, look)) if close.any() else
               look.t(STRINGS, "c_close_none", mx=mx))
    return look.t(STRINGS, "c_dying", n=data.n_neurons, seed=data.seed, shift=fmt_num(data.shown_shift, 1, signed=True),
                  mx=mx, near=near, s0=fmt_num(data.shifts[0], 1), s1=fmt_num(data.shifts[-1], 1),
                  gmin=fmt_num(data.at_shift.min_abs_gelu_grad, DECIMALS["min_abs_gelu_grad"]), floor=_floor(data),
                  tail=tail_t, close=close_t, gmax=int(data.n_gelu_below_floor.max()),
                  mr=fmt_num(float(data.mean_abs_relu_grad[at]), DECIMALS["mean_abs_relu_grad"]),
                  mg=fmt_num(float(data.mean_abs_gelu_grad[at]), DECIMALS["mean_abs_gelu_grad"]))


def make(data, look: Look):
    """The curves; the dying-ReLU panels are gelu_relu_dying (the same record)."""
    fig, (curves, zoom) = new_figure(7.2, 3.4, ncols=2, width_ratios=[1.1, 1])
    draw_curves(curves, zoom, data, look)
    return fig


def make_dying(data, look: Look):
    """gelu_relu_dying: one claim title over the neurons after one drift, and the counts of exactly-0 gradients
    over every drift."""
    fig, (lanes, counts) = new_figure(7.2, 5.4, nrows=2, height_ratios=[0.85, 1.0])
    titled(fig, look.t(STRINGS, "title_dying", dead=int(data.n_relu_dead.max()), n=data.n_neurons,
                       gz=int(data.n_gelu_zero_grad.max())), look, x=0.01,
           ha="left", fontsize=11)
    draw_lanes(lanes, data, look)
    draw_counts(counts, data, look)  # each panel on its own x range: z above, the drift below
    fig.get_layout_engine().set(rect=(0.008, 0, 0.992, 1))  # the two-line count label keeps off the edge
    return fig
