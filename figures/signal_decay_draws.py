"""signal_decay_draws: s = 1 without LayerNorm, this draw of W against other draws, a figure of
signal_decay_fig's record (engine.signal.signal_decay).

One point: at s = 1 the RMS after 30 layers depends on the draw of W (the seed's draw happens to end near 1,
most draws end below it). This draw (dash-dot, in s = 1's colour in signal_decay_fig, `muted`, on
a paper casing, labelled "one draw, seed 0") over a band of that colour (a pale tint on light paper, 3:1 against dark
paper), the 10th to 90th percentile per layer of 200 other draws of W at s = 1 (record.band_lo_s1, band_hi_s1),
named inside itself, the median of the same 200 draws per layer (solid, the same colour, labelled with its end), and the
level 1; the band's ends and the median's in the subtitle; the setting
and where this draw's end sits among the others in the caption. Its line style, layer ticks and colour are
signal_decay_fig's, so the two figures read alike.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patheffects import withStroke
from matplotlib.ticker import FixedFormatter, FixedLocator, NullFormatter

from figures.common import band_alpha, half_width_dots, math_powers, new_figure, titled
from figures.signal_decay_fig import SIG, _style, _x_axis
from look.palette import LINE_STYLES
from look import Look, fmt_num

COLOUR_ROLES = ("ink", "muted", "background")  # s = 1 muted: the one draw, the median and the band  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "At s = 1 the RMS after {L} layers depends on the draw of W",
        "title_alone": "At s = 1 the RMS after {L} layers",
        "sub": "this draw (dash-dot line) against {T} other draws of W (seeds {s1} to {sT})\n"
               "at layer {L} their {p0}th to {p1}th percentile (band) runs {lo} to {hi}, their median ends at {med}",
        "sub_alone": "y = (s·W)·x, s = 1, seed {seed}",
        "end": "s = {s}: {v}",
        "end_one": "s = {s}: {v}\n(one draw, seed {seed})",
        "median": "median of {T} draws: {v}",
        "band": "band: {p0}th to {p1}th percentile\nof the same {T} draws",
        "xlabel": "layer ℓ",
        "ylabel": "RMS (log scale)",
        "cap": ("RMS (√mean(x²)) of a {d}-dimensional signal after each of {L} layers y = (s·W)·x at s = 1, without "
                "normalisation; the input has RMS 1 and {init}. The dash-dot line is this draw (seed {seed}, the "
                "one the previous figure draws for every s); at each layer the band runs from the {p0}th to the {p1}th percentile of {T} other draws, the same draws the median is taken over."),
        "c_draws": (" At s = 1 this draw ends at {v}{near}: over {T} other draws of W (seeds {s1} to {sT}) the layer-{L} "
                    "RMS at s = 1 has its {p0}th to {p1}th percentile at {lo} to {hi} and its median at {med}; the expected s^ℓ "
                    "is the root-mean-square over draws, which one draw, and the median, can fall below."),
        "c_near": ", near 1 by chance",
        "gauss": "every W has Gaussian entries drawn from N(0, 1/{d})",
        "orth": "every W is a random orthogonal matrix",
    },
    "zh-Hant": {
        "title": "s = 1 時，經過 {L} 層後的 RMS 取決於抽到的 W",
        "title_alone": "s = 1 時經過 {L} 層後的 RMS",
        "sub": "這一次抽樣（點劃線）對照另外 {T} 次抽樣的 W（種子 {s1} 到 {sT}）\n"
               "第 {L} 層時，第 {p0} 到第 {p1} 百分位數（色帶）從 {lo} 到 {hi}，中位數停在 {med}",
        "sub_alone": "y = (sW)x，s = 1，種子 {seed}",
        "end": "s = {s}：{v}",
        "end_one": "s = {s}：{v}\n（單次抽樣，種子 {seed}）",
        "median": "{T} 次抽樣的中位數：{v}",
        "band": "色帶：同樣 {T} 次抽樣的\n第 {p0} 到第 {p1} 百分位數",
        "xlabel": "第 ℓ 層",
        "ylabel": "RMS（對數刻度）",
        "cap": ("一個 {d} 維訊號在 s = 1、沒有正規化時穿過 {L} 層 y = (s·W)·x，每層輸出的 RMS（√mean(x²)）；"
                "輸入的 RMS 為 1，{init}。點劃線是這一次抽樣（種子 {seed}，也就是上一張圖每個 s 用的那一次）；"
                "色帶在每一層從另外 {T} 次抽樣的第 {p0} 百分位數畫到第 {p1} 百分位數，中位數也取自這些抽樣。"),
        "c_draws": ("s = 1 時這一次抽樣的結尾是 {v}{near}：另外抽 {T} 次 W（種子 {s1} 到 {sT}），s = 1 時第 {L} 層的 RMS "
                    "第 {p0} 到第 {p1} 百分位數是 {lo} 到 {hi}，中位數是 {med}；期望值 s^ℓ 是對各次抽樣取的均方根，"
                    "單次抽樣和中位數都可能低於它。"),
        "c_near": "，碰巧接近 1",
        "gauss": "每個 W 的元素取自高斯分布 N(0, 1/{d})",
        "orth": "每個 W 都是隨機正交矩陣",
    },
    "zh-Hans": {
        "title": "s = 1 时，经过 {L} 层后的 RMS 取决于抽到的 W",
        "title_alone": "s = 1 时经过 {L} 层后的 RMS",
        "sub": "这一次抽样（点划线）对照另外 {T} 次抽样的 W（种子 {s1} 到 {sT}）\n"
               "第 {L} 层时，第 {p0} 到第 {p1} 百分位数（色带）从 {lo} 到 {hi}，中位数停在 {med}",
        "sub_alone": "y = (sW)x，s = 1，种子 {seed}",
        "end": "s = {s}：{v}",
        "end_one": "s = {s}：{v}\n（单次抽样，种子 {seed}）",
        "median": "{T} 次抽样的中位数：{v}",
        "band": "色带：同样 {T} 次抽样的\n第 {p0} 到第 {p1} 百分位数",
        "xlabel": "第 ℓ 层",
        "ylabel": "RMS（对数刻度）",
        "cap": ("一个 {d} 维信号在 s = 1、没有归一化时穿过 {L} 层 y = (s·W)·x，每层输出的 RMS（√mean(x²)）；"
                "输入的 RMS 为 1，{init}。点划线是这一次抽样（种子 {seed}，也就是上一张图每个 s 用的那一次）；"
                "色带在每一层从另外 {T} 次抽样的第 {p0} 百分位数画到第 {p1} 百分位数，中位数也取自这些抽样。"),
        "c_draws": ("s = 1 时这一次抽样的结尾是 {v}{near}：另外抽 {T} 次 W（种子 {s1} 到 {sT}），s = 1 时第 {L} 层的 RMS "
                    "第 {p0} 到第 {p1} 百分位数是 {lo} 到 {hi}，中位数是 {med}；期望值 s^ℓ 是对各次抽样取的均方根，"
                    "单次抽样和中位数都可能低于它。"),
        "c_near": "，碰巧接近 1",
        "gauss": "每个 W 的元素取自高斯分布 N(0, 1/{d})",
        "orth": "每个 W 都是随机正交矩阵",
    },
}

DECIMALS = {"rms_plain": 4, "s_values": 2, "last_plain_s1": 2, "band_last_lo": 2, "band_last_hi": 2,
            "typical_last_s1": 2, "last_rms_plain": "3s", "band_pct": 0}

ONE_CASING = 0.6  # points of paper each side of the s = 1 line, so it reads on the band of other draws
PLOT_IN = 2.8  # the plot's height (inches): room for two end labels a third of a decade apart
BAND_RATIO = {"light": 1.6, "dark": 3.0}  # the band's contrast against the paper: in light a tint that prints,
# under lines that stand 7.5:1; on dark paper 3:1, a graphic that reads as a band, the lines still clear on it
BAND_AT = 0.7  # the band's label, at this share of the layers (where the band is widest below the median)
PAD = 0.06  # the y axis's margin above and below the drawn values, as a share of their log span
ROOM = 0.3  # the end labels' room right of the last layer, as a share of the layers


def one_row(data) -> int:
    """The row of s = 1 (the sweep's value nearest 1)."""
    return int(np.argmin(np.abs(data.s_values - 1.0)))


def _shade(data, look: Look) -> str:
    """The one s = 1 draw's colour: neutral `muted`, as signal_decay_fig draws s = 1 (it neither grows nor shrinks)."""
    return look.palette.muted


def _median_shade(look: Look) -> str:
    """The band and the median of the draws: `muted`, as every line here is s = 1 (the colour signal_decay_fig gives
    s = 1; `shrinks` means s < 1 across the figures); told from the one draw by its solid line, never ink (no data)."""
    return look.palette.muted


def varies(data) -> bool:
    """Other draws end elsewhere at s = 1 (the band is drawn and the label says "one draw")."""
    return data.fan_s1 is not None and data.fan_last_max - data.fan_last_min >= 1e-6


def fitted(values) -> tuple[float, float]:
    """The y limits around the drawn values (this draw, the band, the level 1): PAD of their log span each side,
    so no decade stands empty above or below the data."""
    a, b = np.log10(values.min()), np.log10(values.max())
    pad = PAD * max(b - a, 0.3)
    return 10.0 ** (a - pad), 10.0 ** (b + pad)


def log_ticks(lo: float, hi: float) -> list:
    """The 1-2-5 steps of each decade within [lo, hi] (the decades alone when the range spans more than two)."""
    steps = (1,) if np.log10(hi / lo) > 2 else (1, 2, 5)
    exps = range(int(np.floor(np.log10(lo))), int(np.ceil(np.log10(hi))) + 1)
    return [m * 10.0 ** e for e in exps for m in steps if lo <= m * 10.0 ** e <= hi]


def step_above(v: float) -> float:
    """The smallest 1-2-5 step at or above v (2 for 1.63)."""
    e = np.floor(np.log10(v))
    return min(m * 10.0 ** k for k in (e, e + 1) for m in (1, 2, 5) if m * 10.0 ** k >= v)


def draw(ax, data, look: Look) -> None:
    pal = look.palette
    layers = np.arange(data.n_layers + 1)
    colour = _shade(data, look)
    y = data.rms_plain[one_row(data)]
    fan = data.fan_s1 if varies(data) else None
    med = data.typical_s1 if fan is not None and data.typical_s1 is not None else None
    band = (data.band_lo_s1, data.band_hi_s1) if fan is not None and data.band_lo_s1 is not None else None
    values = np.concatenate([y, np.ravel(band) if band is not None else [], [1.0]])
    values = values[np.isfinite(values) & (values > 0)]
    lo, hi = fitted(values)
    hi = max(hi, step_above(values.max()))  # a tick above the band's top, so where it ends reads (2 at the seeds')
    if band is not None:  # the middle of the same draws the median is taken over
        ax.fill_between(layers, *band, color=_median_shade(look), lw=0, zorder=1,
                        alpha=band_alpha(_median_shade(look), pal.background, BAND_RATIO[look.theme]))  # a tint, in print and on dark paper
        at = int(round(BAND_AT * data.n_layers))  # named inside itself, between its floor and the median
        floor = band[0][max(0, at - 4):at + 5].max()  # above the floor under the whole label
        ax.text(at, floor * 1.12, look.t(STRINGS, "band", **_draws(data)), color=pal.ink, fontsize=8.5,
                ha="center", va="bottom", linespacing=1.1, zorder=4)
    if med is not None:  # the typical path: where most draws end, well below this one
        ax.plot(layers, med, color=_median_shade(look), lw=1.6, ls="-", zorder=5,
                path_effects=[withStroke(linewidth=1.4 + 2 * ONE_CASING, foreground=pal.background)])
    ax.hlines(1.0, 0, data.n_layers, color=pal.muted, lw=0.8, zorder=2)
    ax.plot(layers, y, color=colour, lw=2.0, ls=_style(1.0), zorder=6,
            path_effects=[withStroke(linewidth=2.0 + 2 * ONE_CASING, foreground=pal.background)])
    room = ROOM * data.n_layers
    label = look.t(STRINGS, "end_one" if fan is not None else "end", s=fmt_num(1.0, 2), seed=data.seed,
                   v=fmt_num(data.last_rms_plain[one_row(data)], SIG))
    above = med is None or y[-1] >= med[-1]  # this draw's label on its side of the median's
    ax.text(layers[-1] + 0.05 * room, y[-1], math_powers(label), color=pal.ink, fontsize=9.5, linespacing=1.1,
            va=("bottom" if above else "top") if med is not None else "center", fontweight="bold")
    if med is not None:
        ax.text(layers[-1] + 0.05 * room, med[-1], look.t(STRINGS, "median", T=data.typical_draws,
                v=fmt_num(data.typical_last_s1, 2)), color=pal.ink, fontsize=9.5, va="top" if above else "bottom")
    ax.set_yscale("log")
    ax.set_ylim(lo, hi)
    ticks = log_ticks(lo, hi)
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_major_formatter(FixedFormatter([fmt_num(t, max(0, -int(np.floor(np.log10(t))))) for t in ticks]))
    ax.yaxis.set_minor_formatter(NullFormatter())
    _x_axis(ax, data, room)
    ax.spines["bottom"].set_bounds(0, data.n_layers)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"), fontsize=10)


def _draws(data) -> dict:
    """The s = 1 draw against the others: this draw's seed and end, the band's seeds and ends, the median's."""
    return dict(seed=data.seed, s1=data.seed + 1, sT=data.seed + data.typical_draws, v=fmt_num(data.last_plain_s1, 2),
                L=data.n_layers, lo=fmt_num(data.band_last_lo, 2), hi=fmt_num(data.band_last_hi, 2),
                p0=data.band_pct[0], p1=data.band_pct[1], T=data.typical_draws, med=fmt_num(data.typical_last_s1, 2))


def make(data, look: Look):
    fig, ax = new_figure(7.2, PLOT_IN + 1.9)  # the title and subtitle above, the layer axis below
    draw(ax, data, look)
    band = varies(data)
    titled(fig, look.t(STRINGS, "title" if band else "title_alone", L=data.n_layers) + "\n"
           + look.t(STRINGS, "sub" if band else "sub_alone", **_draws(data)), look, x=0.01, ha="left", fontsize=10.5)
    fig.get_layout_engine().set(rect=(0, 0, 0.975, 1))  # the end label keeps a margin from the right edge
    half_width_dots(fig, look)
    return fig


def caption(data, look: Look) -> str:
    init = look.t(STRINGS, "gauss" if data.init == "gaussian" else "orth", d=data.d)
    return look.t(STRINGS, "cap", d=data.d, init=init, **_draws(data)) \
        + draws_caption(data, look)


def draws_caption(data, look: Look) -> str:
    """The s = 1 end of this draw against other draws of W (none when every draw ends alike)."""
    if not varies(data):
        return ""
    near = abs(np.log10(data.last_plain_s1)) < abs(np.log10(data.typical_last_s1))
    return look.t(STRINGS, "c_draws", near=look.t(STRINGS, "c_near") if near else "", **_draws(data))
