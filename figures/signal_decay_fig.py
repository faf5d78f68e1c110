"""signal_decay_fig: RMS of a 24-dim signal after each of 30 layers y = (s·W)·x, for several s,
without and with LayerNorm (seed 004 §4.2 "互動①：訊號穿過 30 層").

Log y axis (powers set as mathtext in the body face); each line is the median RMS per layer over the record's
200 draws of W and the input (seeds 1 to 200, record.typical_paths, typical_s1 times s^ℓ: every layer is linear, so
the median at s is s^ℓ times the median at s = 1; median_paths), not seed 0's one draw, which is not typical (signal_decay_draws
sets it against the others). Every line is named at its end by its s and its layer-L median, the end
labels in a grey at least 7.5:1 on the paper (`bad` and the accent: 4.5:1, as every role's text), shrinking lines
(s < 1) dashed, growing ones dotted in `bad` (GROWS_ROLE, as loss_curves' diverging run; solid is LayerNorm's alone). The page's
closed forms 0.9³⁰ ≈ 0.04 and 1.1³⁰ ≈ 17.4 (s^ℓ, the root-mean-square over draws of W, above the median) are the caption's, not
drawn: one statistic on the figure, the median, its every point the record's typical_paths (numbers.json). A decade has one height (DECADE_IN),
labelled every 2 decades by default with both ends labelled (10⁻¹⁰ … 10¹⁰). The LayerNorm runs (seed 0's draw,
every s, within 10⁻⁴ of 1) are one solid line in LayerNorm's colour (look.palette.LAYERNORM_ROLE, as in loss_curves) on
the same axis, named in a key row above the plot, the title saying it stays at 1 "by construction" (LayerNorm without a learned scale sets
the RMS to 1). s = 1 without LayerNorm is drawn too (dash-dot, the median the subtitle quotes), close to
LayerNorm's: LayerNorm's line is the widest on the plot and drawn beneath the runs (LN_LW, LN_Z), so s = 1.00 and 1.10 read
where they run on it;
figures.signal_decay_draws sets its one draw against the band of the others. One key row, over the plot: LayerNorm's
line (its label is the widest); every other line is named at its end by two short lines, so the plot keeps 72 % of the width.
The title says what the figure shows (the drift with depth without LayerNorm, 1 with it), not s^ℓ, which the s = 1
median (0.503 at layer 30) does not follow; s = 1's end label gives its value alone; that it falls though each layer keeps the mean square
(record.gain_sq_mean, 0.999, the mean gain² over the draws), and why, are the caption's. The subtitle is one line (the depth, d, the draws of W and the input each
line without LayerNorm is the median of, and LayerNorm's one draw); W's entries' distribution (N(0, 1/d)) is named there too; the rest of the setting (seed 0's LayerNorm run, ε) is the caption's. The Chinese subtitles write the
product as (sW)x, so the whole line is set in the CJK face, as every Chinese subtitle is. Any depth 1–100, width,
seed and sweep
(studio.catalogue.accepts.depth): the decades, the layer ticks, the room for the end labels and the
curves drawn follow the record; end labels that would collide are spread apart by one line
at most as far as needed, a leader back to the line's end when one moves.
"""
from __future__ import annotations

import numpy as np
from matplotlib.ticker import FixedLocator, NullFormatter

from engine.signal import S_STEP
from figures.parts_type import BODY_PT, SUB_PT, TITLE_PT
from figures.common import band_alpha, half_width_dots, math_powers, new_figure, spread, titled
from look import Look, fmt_num
from look.palette import GROWS_ROLE, LAYERNORM_ROLE, LINE_STYLES, SHRINKS_ROLE
from look.formats import fmt_power, superscript

COLOUR_ROLES = ("ink", "muted", "background", "accent", "shrinks", "grows")  # the look.palette.ROLES it draws
MEANINGS = ("layernorm", "shrinks", "grows")  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title_plain": "Without LayerNorm the RMS drifts exponentially with depth; with it, it is 1 by construction",
        "title_plain_one": "Without LayerNorm the RMS shrinks or grows with s; with it, every s stays at 1 by construction",
        "layers": "y = (s·W)·x, {L} times",
        "layers_one": "y = (s·W)·x, once",
        "xlabel": "layer ℓ",
        "ylabel": r"RMS of the layer's output, $\sqrt{\mathrm{mean}(x^2)}$ (log scale)",
        "end": "s = {s}\n{v}",
        "one_draw": "d = {d}, {w}; LayerNorm: one draw (seed {seed})\neach s: the median of {T} draws of W, its band their {p0}th to {p1}th percentile",
        "w_gauss": "W's entries from N(0, 1/{d})",
        "w_orth": "W random orthogonal",
        "ln_end": "LayerNorm, every s: {v}",
        "cap": ("RMS (√mean(x²)) of a {d}-dimensional signal after each of {L} layers y = (s·W)·x; the input "
                "has RMS 1 and {init}. Without normalisation, for s = {shown}: each line is the median over {T} draws "
                "of W and the input (seeds {s1} to {sT}), named at its end by its s; dashed lines shrink (s < 1), dotted "
                "ones grow (s > 1), dash-dot is s = 1; the next figure sets one draw at s = 1 against the spread of "
                "those draws. Every layer is linear, so each draw's RMS at s is s^ℓ times its RMS at s = 1, and so is "
                "the median: at s = 1 it ends at {med} after {L} layers, at s it ends at {med}·s^{L}, the value beside "
                "each line's end. Not drawn: the closed form s^ℓ = √E[RMS²], the root-mean-square over draws of W (a "
                "mean of squares, above the median); at layer {L} it gives {refs}, where the single draw of seed {seed} ends at {sims}. "
                "The median at s = 1 falls to {med} though each layer keeps the mean square on average (the mean squared "
                "gain over the draws is {g2}): a product of random gains usually ends below its mean square. The solid line, "
                "named in the key above the plot, is LayerNorm (γ = 1, β = 0, ε = {eps}) after every layer of the draw of seed "
                "{seed}; for every s from {lo} to {hi} in steps of {step} the RMS of layers 1 to {L} stays between {mn} "
                "and {mx}, so their lines are one line at 1 (by construction: LayerNorm without a learned scale, γ = 1, sets the RMS of "
                "every layer's output to 1, up to ε), on the same axis as the runs without it, which runs from "
                "{top_lo} to {top_hi}."),
        "gauss": "every W has Gaussian entries drawn from N(0, 1/{d})",
        "orth": "every W is a random orthogonal matrix",
        "c_other": " Another width moves the median a little; the closed form does not change.",
    },
    "zh-Hant": {
        "title_plain": "沒有 LayerNorm 時 RMS 隨層數指數式漂移；加上它，依定義停在 1",
        "title_plain_one": "沒有 LayerNorm 時 RMS 隨 s 縮小或放大；加上它，每個 s 依定義都停在 1",
        "layers": "y = (sW)x 連乘 {L} 次",
        "layers_one": "y = (sW)x 只有 1 層",
        "xlabel": "第 ℓ 層",
        "ylabel": r"該層輸出的 RMS，$\sqrt{\mathrm{mean}(x^2)}$（對數刻度）",
        "end": "s = {s}\n{v}",
        "one_draw": "d = {d}，{w}；LayerNorm 為一次抽樣（種子 {seed}）\n各 s 為 {T} 次抽樣的中位數，色帶為第 {p0} 到第 {p1} 百分位數",
        "w_gauss": "W 的元素取自 N(0, 1/{d})",
        "w_orth": "W 為隨機正交矩陣",
        "ln_end": "加 LayerNorm，每個 s：{v}",
        "cap": ("一個 {d} 維訊號穿過 {L} 層 y = (s·W)·x 後，每層輸出的 RMS（√mean(x²)）；輸入的 RMS 為 1，"
                "{init}。沒有正規化，s = {shown}：每條線是 W 與輸入的 {T} 次抽樣（種子 {s1} 到 {sT}）的中位數，"
                "末端寫出 s；虛線縮小（s < 1），點線放大（s > 1），點劃線是 s = 1；"
                "下一張圖把 s = 1 的單次抽樣和這些抽樣的分布放在一起。每一層都是線性的，所以每次抽樣在 s 的 RMS 都是它在 s = 1 的 "
                "s^ℓ 倍，中位數也一樣：s = 1 時第 {L} 層的中位數是 {med}，s 時是 {med}·s^{L}，"
                "即每條線末端寫的值。圖上沒有畫閉式解 s^ℓ = √E[RMS²]（對 W 的各次抽樣取均方根，是平方的平均，高於中位數）：第 {L} 層為 {refs}；"
                "種子 {seed} 的單次抽樣則停在 {sims}。中位數在 s = 1 時降到 {med}，雖然每層平均保持平方的平均（各次抽樣的增益平方平均是 {g2}）："
                "隨機增益的乘積通常停在其均方之下。實線（圖上方的圖例標示）：種子 {seed} 的抽樣每層之後加 "
                "LayerNorm（γ = 1、β = 0、ε = {eps}）；s 從 {lo} 到 {hi}（每步 {step}），"
                "第 1 到 {L} 層的 RMS 都在 {mn} 與 {mx} 之間（依定義：沒有可學習縮放的 LayerNorm，γ = 1，把每層輸出的 RMS 設為 1，只差 ε），所以這些線和沒有 LayerNorm 的線在同一個座標軸上，疊成 1 上的一條線；"
                "座標軸從 {top_lo} 到 {top_hi}。"),
        "gauss": "每個 W 的元素取自高斯分布 N(0, 1/{d})",
        "orth": "每個 W 都是隨機正交矩陣",
        "c_other": "換別的寬度，中位數會略有不同；閉式解不變。",
    },
    "zh-Hans": {
        "title_plain": "没有 LayerNorm 时 RMS 随层数指数式漂移；加上它，依定义停在 1",
        "title_plain_one": "没有 LayerNorm 时 RMS 随 s 缩小或放大；加上它，每个 s 依定义都停在 1",
        "layers": "y = (sW)x 连乘 {L} 次",
        "layers_one": "y = (sW)x 只有 1 层",
        "xlabel": "第 ℓ 层",
        "ylabel": r"该层输出的 RMS，$\sqrt{\mathrm{mean}(x^2)}$（对数刻度）",
        "end": "s = {s}\n{v}",
        "one_draw": "d = {d}，{w}；LayerNorm 为一次抽样（种子 {seed}）\n各 s 为 {T} 次抽样的中位数，色带为第 {p0} 到第 {p1} 百分位数",
        "w_gauss": "W 的元素取自 N(0, 1/{d})",
        "w_orth": "W 为随机正交矩阵",
        "ln_end": "加 LayerNorm，每个 s：{v}",
        "cap": ("一个 {d} 维信号穿过 {L} 层 y = (s·W)·x 后，每层输出的 RMS（√mean(x²)）；输入的 RMS 为 1，"
                "{init}。没有归一化，s = {shown}：每条线是 W 与输入的 {T} 次抽样（种子 {s1} 到 {sT}）的中位数，"
                "末端写出 s；虚线缩小（s < 1），点线放大（s > 1），点划线是 s = 1；"
                "下一张图把 s = 1 的单次抽样和这些抽样的分布放在一起。每一层都是线性的，所以每次抽样在 s 的 RMS 都是它在 s = 1 的 "
                "s^ℓ 倍，中位数也一样：s = 1 时第 {L} 层的中位数是 {med}，s 时是 {med}·s^{L}，"
                "即每条线末端写的值。图上没有画闭式解 s^ℓ = √E[RMS²]（对 W 的各次抽样取均方根，是平方的平均，高于中位数）：第 {L} 层为 {refs}；"
                "种子 {seed} 的单次抽样则停在 {sims}。中位数在 s = 1 时降到 {med}，虽然每层平均保持平方的平均（各次抽样的增益平方平均是 {g2}）："
                "随机增益的乘积通常停在其均方之下。实线（图上方的图例标示）：种子 {seed} 的抽样每层之后加 "
                "LayerNorm（γ = 1、β = 0、ε = {eps}）；s 从 {lo} 到 {hi}（每步 {step}），"
                "第 1 到 {L} 层的 RMS 都在 {mn} 与 {mx} 之间（依定义：没有可学习缩放的 LayerNorm，γ = 1，把每层输出的 RMS 设为 1，只差 ε），所以这些线和没有 LayerNorm 的线在同一个坐标轴上，叠成 1 上的一条线；"
                "坐标轴从 {top_lo} 到 {top_hi}。"),
        "gauss": "每个 W 的元素取自高斯分布 N(0, 1/{d})",
        "orth": "每个 W 都是随机正交矩阵",
        "c_other": "换别的宽度，中位数会略有不同；闭式解不变。",
    },
}

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": "3s", "reference_rms_plain": "3s",
            "s_values": 2, "reference_s": 1, "last_rms_plain": "3s", "ln_rms_min": 5, "ln_rms_max": 5,
            "ln_last_mean": 4, "ln_rms_level": 3, "ln_rms_bound": 4, "last_plain_s1": 2, "fan_last_min": 2, "fan_last_max": 2, "typical_last_s1": 2,
            "typical_paths": "3s", "gain_sq_mean": 3}  # the drawn medians, per s and layer, to the 3 significant digits of the end labels

SHOWN_S = (0.5, 0.7, 0.9, 1.0, 1.1, 1.5, 2.0)
KEEP_S = (0.9, 1.0, 1.1)  # always drawn: the closed forms' values and s = 1
MAX_CURVES = 7
SIG = DECIMALS["last_rms_plain"]  # labels spanning 20 decades: 3 significant digits
TICK_STEPS = (1, 2, 5, 10, 20, 25)
DECADE_IN = 0.16  # the height of one decade (inches), at most MAX_PLOT_IN for all of them
MAX_PLOT_IN = 3.2  # the plot area (0.2 in a decade: 13 pt end labels keep 0.9 of a decade apart, near 10⁰ one leader
# only), so the figure with its titles stays within 6.2 in
MIN_PLOT_IN = 2.4  # a short plot (few layers: few decades) still holds its end labels, 13 pt apart
DECADE_STEPS = (1, 2, 5, 10, 20, 50)  # decades between labelled ticks: the first giving at most 10 steps
LABEL_PT = 24.0  # end labels (two lines: s, then its value) at least their height (points) apart, so each sits as
# near its line's end as it can
ROOM = 0.19  # the end labels' room right of the last layer, a fraction of the layers drawn: the plot keeps >= 70 %
# of the page width (tests/test_figure_signal_decay_ln.py)
LEADER_DECADES = 0.25  # a label moved farther than this from its line's end gets a leader to it


def shown_s(data) -> list[float]:
    """The s values drawn: SHOWN_S inside the sweep plus its two ends, at most MAX_CURVES (the values
    crowding a neighbour go first, never an end or one of KEEP_S). The defaults give SHOWN_S."""
    s0, s1 = float(data.s_values[0]), float(data.s_values[-1])
    values = sorted({s0, s1, *(s for s in SHOWN_S if s0 <= s <= s1)})
    while len(values) > MAX_CURVES:
        gaps = [(min(values[k] - values[k - 1], values[k + 1] - values[k]), k) for k in range(1, len(values) - 1)
                if not any(abs(values[k] - v) < 1e-9 for v in KEEP_S)]
        values.pop(min(gaps)[1])
    return values


def _rows(data):
    rows = [int(np.argmin(np.abs(data.s_values - s))) for s in shown_s(data)]
    return list(dict.fromkeys(rows))


def median_paths(data) -> np.ndarray:
    """(S, L + 1) the median RMS per layer over the record's typical_draws draws of W, for every s (record.typical_paths,
    in numbers.json): every layer is linear, so each draw's RMS at s is s^ℓ times its RMS at s = 1 (record.tilt_error,
    0 up to rounding) and the median at s is s^ℓ (record.closed_form) times the median at s = 1 (record.typical_s1).
    Seed 0's one draw is not typical (signal_decay_draws); these are."""
    return np.asarray(data.typical_paths, dtype=float)


def decades(data) -> tuple[float, float]:
    """The data range: whole decades around every curve drawn, at least 10⁻² … 10² (10⁻¹⁰ … 10⁹ by default;
    axis_decades widens it to the labelled ticks)."""
    rows = _rows(data)
    values = np.concatenate([median_paths(data)[rows].ravel(), data.rms_ln[rows].ravel()])
    values = values[np.isfinite(values) & (values > 0)]
    lo = min(np.floor(np.log10(values.min())), -2.0)
    hi = max(np.ceil(np.log10(values.max())), 2.0)
    return 10.0**lo, 10.0**hi


def decade_step(data) -> int:
    """Decades between two labelled ticks: the first of DECADE_STEPS giving at most 10 steps over the range."""
    lo, hi = (np.log10(v) for v in decades(data))
    return next(k for k in DECADE_STEPS if (hi - lo) / k <= 10)


def axis_decades(data) -> tuple[int, int]:
    """The upper panel's range in whole decades, widened to the labelled ticks, so both ends carry a label:
    (-10, 10) by default, labelled every 2 decades."""
    lo, hi = (np.log10(v) for v in decades(data))
    k = decade_step(data)
    return int(np.floor(lo / k) * k), int(np.ceil(hi / k) * k)


def layer_step(n_layers: int) -> int:
    return next(k for k in TICK_STEPS if n_layers / k <= 8)


def run_colour(s: float, look: Look) -> str:
    """The colour of a run without LayerNorm: one that grows (s > 1) GROWS_ROLE (`grows`, as loss_curves' diverging
    run), one that shrinks (s < 1) SHRINKS_ROLE (`shrinks`, as loss_curves' stuck s = 0.3), s = 1 neutral (`muted`:
    neither, though its median still falls, to 0.503 by layer 30, the caption's); the runs of one colour are told
    apart by their dash (_style) and their end labels. Ink is text and axes only."""
    if abs(s - 1.0) <= 1e-9:
        return look.palette.muted
    return getattr(look.palette, GROWS_ROLE if s > 1 else SHRINKS_ROLE)


def _x_axis(ax, data, room: float) -> None:
    ax.set_xlim(0, data.n_layers + room)
    ax.set_xticks(np.arange(0, data.n_layers + 1, layer_step(data.n_layers)))


def _log_axis(ax, data, lo: int, hi: int) -> None:
    """A log axis from 10^lo to 10^hi, labelled every decade_step decades (both ends labelled), a minor
    tick at every decade between, so each decade shows as the same step."""
    k = decade_step(data)
    ax.set_yscale("log")
    ax.set_ylim(10.0 ** lo, 10.0 ** hi)
    ax.yaxis.set_major_locator(FixedLocator([10.0 ** e for e in range(lo, hi + 1, k)]))
    ax.yaxis.set_minor_locator(FixedLocator([10.0 ** e for e in range(lo, hi + 1) if (e - lo) % k]))
    ax.yaxis.set_minor_formatter(NullFormatter())


def _grid(ax, data, ylo: float, yhi: float, look: Look) -> None:
    """Decade lines up to the last layer, not through the end labels beside it."""
    ticks = [v for v in ax.yaxis.get_major_locator().tick_values(ylo, yhi) if ylo <= v <= yhi and v != 1.0]  # 10⁰:
    # LayerNorm's line runs on it, so no grey gridline under it for a greyscale print to merge with
    ax.hlines(ticks, 0, data.n_layers, color=look.palette.muted, lw=0.6, alpha=0.3, zorder=0)
    ax.spines["bottom"].set_bounds(0, data.n_layers)


def _style(s: float):
    """A second channel beside the shade, set-wide: s < 1 dashed, s = 1 dash-dot, s > 1 dotted; solid is
    kept for LayerNorm alone (as in loss_curves), so a solid dark line always means "with LayerNorm"."""
    if s < 1 - 1e-9:
        return LINE_STYLES["shrinks"]
    return LINE_STYLES["grows"] if s > 1 + 1e-9 else LINE_STYLES["keeps"]


LN_LW = 2.6  # LayerNorm's one solid line (points): solid is LayerNorm's alone across the set; the widest line on the
# plot (the runs 2.0, the gridlines 0.6), so in greyscale it never reads as the 10⁰ gridline; drawn beneath the runs
# (LN_Z) and not much wider than them (3.4 pt hid s = 1.00's dash-dots), so over layers 0-5, where s = 0.9 … 1.1 still
# sit near 1, their dashes cover it and it shows in their gaps; one line (its RMS stays within 0.99996 … 1.00000)
LN_Z = 3  # LayerNorm beneath every run without it (4)


FIRST_LW = 0.9  # layer 0 to 1 of every run without LayerNorm: one thin line, so the seven runs leaving 1 together fan
# out from one point instead of their dashes piling into a filled wedge there; the dash pattern starts at layer 1


BAND_RATIO = {"light": 1.25, "dark": 1.3}  # each run's band of draws against the paper: a tint under the lines; on
# dark paper 1.25:1 left the `grows` band barely visible and 1.5:1 (#64073d) glared magenta, so it is 1.3:1 there, the magenta line
# still 3.1:1 on it (the graphics bar, WCAG 2.1 §1.4.11), the lavender `shrinks` line 3.5:1 on its own (#35313d); on
# light paper the lines stay 4.5:1


def bands(data) -> tuple[np.ndarray, np.ndarray] | None:
    """(S, L + 1) twice: per s and layer, the band_pct[0] and band_pct[1] percentiles over the record's typical_draws
    draws of W (band_lo_s1, band_hi_s1 at s = 1), times s^ℓ (closed_form): every layer is linear, so each draw's RMS
    at s is s^ℓ times its RMS at s = 1 and so is every percentile. None when the record has no band."""
    if data.band_lo_s1 is None or data.band_hi_s1 is None:
        return None
    cf = np.asarray(data.closed_form, dtype=float)
    return cf * np.asarray(data.band_lo_s1, dtype=float), cf * np.asarray(data.band_hi_s1, dtype=float)


def first_layer(ax, values, colour: str) -> None:
    """A run's first step (layer 0 to 1), thin and unbroken, beneath its dashes: where all runs still sit near 1."""
    ax.plot([0, 1], values[:2], color=colour, lw=FIRST_LW, zorder=LN_Z + 1, solid_capstyle="butt")


def ln_value(data) -> str:
    """LayerNorm's RMS over every s and layer as its level and the engine's bound on its spread (ln_rms_level,
    ln_rms_bound), at the precision that bound supports: 0.99996 … 1.00000 is "1.000 ± 0.0001", not four decimals
    of a mean the range does not pin down."""
    return (f"{fmt_num(data.ln_rms_level, DECIMALS['ln_rms_level'])} ± "
            f"{fmt_num(data.ln_rms_bound, DECIMALS['ln_rms_bound'])}")


def centred_spread(at, lo: float, hi: float, gap: float) -> np.ndarray:
    """End-label heights (decades) at least `gap` of the range apart: the mean of the stack pushed up and the stack
    pushed down (figures.placing.spread both ways; a mean of two orders that keep the gap keeps it), so the labels
    crowding near 10⁰ (s = 1.10, 1.00, 0.90) part to either side, each moved about half as far."""
    at = np.asarray(at, dtype=float)
    return (spread(at, lo, hi, gap) - spread(-at, -hi, -lo, gap)) / 2


def draw_plain(ax, data, look: Look) -> None:
    """Every s drawn, s = 1 too, each the median over draws, and LayerNorm's one line."""
    pal = look.palette
    layers = np.arange(data.n_layers + 1)
    rows = _rows(data)
    colours = [run_colour(data.s_values[row], look) for row in rows]
    ylo, yhi = (10.0 ** e for e in axis_decades(data))
    room = ROOM * data.n_layers  # right of the last layer: the end labels, two short lines
    main = list(range(len(rows)))  # s = 1 too: the subtitle quotes where its median ends
    paths = median_paths(data)  # (S, L + 1) the lines drawn: the median over draws of W, per s
    finals = np.append(paths[[rows[k] for k in main], -1], data.rms_ln[rows[0], -1])  # the last: LayerNorm
    at = np.log10(np.maximum(finals, 1e-300))  # (M + 1,)
    lo_e, hi_e = np.log10(ylo), np.log10(yhi)
    height_in = max(min(DECADE_IN, MAX_PLOT_IN / (hi_e - lo_e)) * (hi_e - lo_e), MIN_PLOT_IN)  # as in make
    ends = centred_spread(at[:-1], lo_e, hi_e, LABEL_PT / 72.0 / height_in)  # moved only as far as a line needs
    label_x = layers[-1] + 0.1 * room

    def leader(k: int, colour: str) -> None:  # from a moved label back to its line's end
        if abs(ends[k] - at[k]) > LEADER_DECADES:
            ax.plot([layers[-1] + 0.015 * room, label_x - 0.015 * room], [finals[k], 10.0 ** ends[k]], color=colour,
                    lw=0.7, clip_on=False)

    ln = getattr(pal, LAYERNORM_ROLE)  # LayerNorm's colour in every figure that draws it (loss_curves too)
    for row in rows:  # LayerNorm: every s on one solid line at 1 (within 10⁻⁴); solid is LayerNorm's alone
        ax.plot(layers, data.rms_ln[row], color=ln, lw=LN_LW, zorder=LN_Z, solid_capstyle="butt")
    ln_key(ax, look.t(STRINGS, "ln_end", v=ln_value(data)), ln)  # a key row above the plot: its label is the widest

    spread_of = bands(data)
    for i, k in enumerate(main):
        row = rows[k]
        s = data.s_values[row]
        if spread_of is not None:  # where the draws of W run: the median's band, in its colour, beneath every line
            ax.fill_between(layers, spread_of[0][row], spread_of[1][row], color=colours[k], lw=0, zorder=1,
                            alpha=band_alpha(colours[k], pal.background, BAND_RATIO[look.theme]))
        first_layer(ax, paths[row], colours[k])
        ax.plot(layers[1:], paths[row, 1:], color=colours[k], lw=2.0, ls=_style(s), zorder=LN_Z + 1)  # uncased: a
        # paper casing cut holes in LayerNorm's band under s = 1.00's dash-dots; dark dashes on the wider orange read
        label = look.t(STRINGS, "end", s=fmt_num(s, 2), v=fmt_num(paths[row, -1], SIG))  # typical_paths' last layer
        ax.text(label_x, 10.0 ** ends[i], math_powers(label), color=colours[k], fontsize=BODY_PT, va="center", linespacing=1.15)
        leader(i, colours[k])
    _log_axis(ax, data, *axis_decades(data))
    _x_axis(ax, data, room)
    _grid(ax, data, ylo, yhi, look)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    one = data.n_layers == 1
    titled(ax.figure, look.t(STRINGS, "title_plain_one" if one else "title_plain") + "\n"
           + look.t(STRINGS, "layers_one" if one else "layers", L=data.n_layers) + ("; " if look.lang == "en" else "；")
           + typical_note(data, look), look, x=0.01, ha="left", fontsize=TITLE_PT, sub_size=SUB_PT)  # one line: what every line is


def ln_key(ax, text: str, colour: str) -> None:
    """LayerNorm's line named in one key row over the plot's left edge (its label, 1.000 ± 0.0001 for every s, is the
    widest: at the line's end it took a third of the page width from the plot); the other lines keep short labels at
    their ends."""
    from matplotlib.lines import Line2D

    handle = Line2D([], [], color=colour, lw=LN_LW, solid_capstyle="butt", label=text)
    ax.legend(handles=[handle], loc="lower left", bbox_to_anchor=(0.0, 1.0), frameon=False, fontsize=BODY_PT,
              labelcolor="linecolor", borderaxespad=0.2, handlelength=2.4)


def typical_note(data, look: Look) -> str:
    """The subtitle's last line: every line drawn is the median of many draws of W; where it ends at s = 1."""
    w = look.t(STRINGS, "w_gauss" if data.init == "gaussian" else "w_orth", d=data.d)  # what W's entries are
    note = look.t(STRINGS, "one_draw", T=data.typical_draws, d=data.d, w=w, seed=data.seed, p0=int(data.band_pct[0]),
                  p1=int(data.band_pct[1]))
    return note  # why s = 1's median falls is its end label's


def make(data, look: Look):
    top = axis_decades(data)
    n_top = top[1] - top[0]
    decade = min(DECADE_IN, MAX_PLOT_IN / n_top)
    main_in = max(decade * n_top, MIN_PLOT_IN)
    fig, ax = new_figure(7.2, 2.2 + main_in)  # the titles and the key above the plot; s = 1 is signal_decay_draws'
    draw_plain(ax, data, look)
    fig.get_layout_engine().set(rect=(0, 0, 0.975, 1))  # the longest end label keeps a margin from the right edge
    ax.set_ylabel(look.t(STRINGS, "ylabel"), fontsize=BODY_PT)
    half_width_dots(fig, look)  # (s·W)·x: half-width dots in Chinese too
    return fig


def caption(data, look: Look) -> str:
    shown = [data.s_values[r] for r in _rows(data)]
    sep = ", " if look.lang == "en" else "、"
    init = look.t(STRINGS, "gauss" if data.init == "gaussian" else "orth", d=data.d)
    refs = sep.join(f"{fmt_num(s, 1)}{superscript(data.n_layers)} = {fmt_num(v, SIG)}"
                    for s, v in zip(data.reference_s, data.reference_power))
    sims = sep.join(fmt_num(v, SIG) for v in data.reference_rms_plain)
    return look.t(STRINGS, "cap", d=data.d, L=data.n_layers, init=init, seed=data.seed, T=data.typical_draws,
                  s1=data.seed + 1, sT=data.seed + data.typical_draws, med=fmt_num(data.typical_last_s1, SIG),
                  shown=sep.join(fmt_num(s, 2) for s in shown), refs=refs, g2=fmt_num(data.gain_sq_mean, 3), sims=sims, eps=fmt_power(data.eps),
                  lo=fmt_num(data.s_values[0], 2), hi=fmt_num(data.s_values[-1], 2), step=fmt_num(S_STEP, 2),
                  mn=fmt_num(data.ln_rms_min, 5), mx=fmt_num(data.ln_rms_max, 5),
                  **{f"top_{e}": f"10{superscript(v)}" for e, v in zip(("lo", "hi"), axis_decades(data))}) \
        + look.t(STRINGS, "c_other")

