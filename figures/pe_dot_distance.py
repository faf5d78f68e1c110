"""pe_dot_distance: the dot product of two encodings keeps only their distance (seed 002 §05, 图 7).

Top: the four steps from sin·sin + cos·cos to Σ cos(k / D_i) (product-to-sum, the (2p + k) terms
cancel). Bottom: PE(p) · PE(p + k) computed from the encoding rows for several starts p, drawn on top
of each other and on the curve Σ cos(k / D_i): one curve, whatever p. d_model = 8 as in seed 002 §04.

Any width and base (studio.catalogue.accepts.clock): the scale follows d/2 and the curve's lowest point; the
legend, k = 0 and the worked example sit in a panel below the plot, where no curve runs through them;
beyond 4 pairs the example writes the first two terms, …, the last.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title": r"$PE(p)\cdot PE(p+k)$ depends only on the distance $k$",
        "derivation": r"Four steps (pair $i$, with $a = p/D_i$ and $b = (p+k)/D_i$):",
        "s1": "write the dot product pair by pair",
        "s2": "product to sum",
        "s3": r"add: the $\cos(a+b)$ terms, $a+b=(2p+k)/D_i$, cancel",
        "s4": r"$b-a=k/D_i$: $p$ is gone, only the distance $k$ is left",
        "plot_title": "Computed from the rows of the d_model = {d} encoding, for {n} different starts p",
        "gap": "distance k (positions)",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "plot_note": "the starts take turns along k, so no mark hides another; every dot lies on the one curve",
        "example": "k = {k}:  {terms}  =  {value}",
        "k0": "k = 0:  {value} = d/2",
    },
    "zh-Hant": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取決於距離 $k$",
        "derivation": r"四步推導（第 $i$ 組，記 $a = p/D_i$，$b = (p+k)/D_i$）：",
        "s1": "逐組寫出點積",
        "s2": "積化和差",
        "s3": r"相加：$\cos(a+b)$ 項互相抵消，$a+b=(2p+k)/D_i$",
        "s4": r"$b-a=k/D_i$：$p$ 消失了，只剩距離 $k$",
        "plot_title": "由 d_model = {d} 的編碼逐列算出，{n} 個不同的起點 p",
        "gap": "距離 k（位置）",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "plot_note": "各起點沿著 k 輪流畫，記號不會互相遮住；每個點都落在同一條曲線上",
        "example": "k = {k}：  {terms}  =  {value}",
        "k0": "k = 0：  {value} = d/2",
    },
    "zh-Hans": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取决于距离 $k$",
        "derivation": r"四步推导（第 $i$ 组，记 $a = p/D_i$，$b = (p+k)/D_i$）：",
        "s1": "逐组写出点积",
        "s2": "积化和差",
        "s3": r"相加：$\cos(a+b)$ 项互相抵消，$a+b=(2p+k)/D_i$",
        "s4": r"$b-a=k/D_i$：$p$ 消失了，只剩距离 $k$",
        "plot_title": "由 d_model = {d} 的编码逐行算出，{n} 个不同的起点 p",
        "gap": "距离 k（位置）",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "plot_note": "各起点沿着 k 轮流画，记号不会互相遮住；每个点都落在同一条曲线上",
        "example": "k = {k}：  {terms}  =  {value}",
        "k0": "k = 0：  {value} = d/2",
    },
}

DECIMALS = {"dots": 4, "closed_form": 4, "fine_closed_form": 4, "example_terms": 4, "example_value": 4,
            "max_deviation": 17, "spread_over_p": 17, "denominators": 0}

STEPS = (
    r"$PE(p)\cdot PE(p+k)\;=\;\sum_i\,\left[\,\sin a\,\sin b\;+\;\cos a\,\cos b\,\right]$",
    r"$=\;\sum_i\,\left(\frac{1}{2}\left[\cos(b-a)-\cos(a+b)\right]\;+\;\frac{1}{2}\left[\cos(b-a)+\cos(a+b)\right]\right)$",
    r"$=\;\sum_i\,\cos(b-a)$",
    r"$=\;\sum_i\,\cos(k/D_i)$",
)
MARKERS = (("o", 7, "none"), ("s", 6, "none"), ("x", 6.5, None), ("D", 5, None))


def draw_derivation(ax, data, look: Look) -> None:
    pal = look.palette
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.0, 0.97, look.t(STRINGS, "derivation"), fontsize=10, va="top", color=pal.muted)
    ys = (0.76, 0.54, 0.33, 0.12)
    for n, (y, formula) in enumerate(zip(ys, STEPS), start=1):
        ax.text(0.0, y, f"{n}", fontsize=11, va="center", ha="left", color=pal.accent, fontweight="bold")
        ax.text(0.045, y, formula, fontsize=11.5, va="center", ha="left",
                color=pal.accent if n == 4 else pal.ink)
        ax.text(1.0, y, look.t(STRINGS, f"s{n}"), fontsize=9, va="center", ha="right", color=pal.muted)


def _den(data, i: int) -> str:
    """D_i as the formula writes it: whole (1, 10, 100) or to two decimals (3.16): denominators_rounded."""
    x = float(data.denominators_rounded[i])
    return f"{x:.0f}" if x.is_integer() else repr(x)


def example_text(data, look: Look) -> str:
    """k = 1: cos(1/1) + cos(1/10) + … = 0.5403 + … = value; up to 4 terms written out, else the first
    two, …, the last (the values in the same places)."""
    k, h = data.example_gap, len(data.denominators)
    keep = list(range(h)) if h <= 4 else [0, 1, h - 1]
    terms = [f"cos({k}/{_den(data, i)})" for i in keep]
    values = [fmt_num(data.example_terms[i], 4) for i in keep]
    if h > 4:
        terms.insert(2, "…")
        values.insert(2, "…")
    return look.t(STRINGS, "example", k=k, terms=" + ".join(terms) + "  =  " + " + ".join(values),
                  value=fmt_num(data.example_value, 4))


def draw_plot(ax, data, look: Look) -> list:
    """The dots of every start on the closed form; the legend's handles go to the notes below."""
    pal = look.palette
    ax.axhline(0, color=pal.muted, linewidth=0.6, alpha=0.5)
    curve, = ax.plot(data.fine_gaps, data.fine_closed_form, color=pal.accent, linewidth=1.4, zorder=2)
    handles = [(curve, look.t(STRINGS, "curve"))]
    n = len(data.starts)  # the starts take turns along k, so no two marks sit on one another
    for r, p in enumerate(data.starts):
        marker, size, face = MARKERS[r % len(MARKERS)]
        kw = dict(markerfacecolor=face) if face else {}
        turn = np.arange(len(data.gaps)) % n == r  # (gaps,) this start's share of the gaps
        dots, = ax.plot(data.gaps[turn], data.dots[r][turn], linestyle="none", marker=marker, markersize=size,
                        color=pal.ink, markeredgewidth=1.2, zorder=3 + r, **kw)
        handles.append((dots, look.t(STRINGS, "start", p=p)))
    d_half = data.d_model // 2
    low = min(-0.6, float(data.fine_closed_form.min()) - 0.15 * d_half)
    ax.set_ylim(low, d_half + 0.225 * d_half)
    ax.set_xlim(data.gaps[0] - 0.8, data.gaps[-1] + 0.8)
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.set_ylabel(look.t(STRINGS, "dot"))
    ax.grid(True, axis="y")
    ax.set_title(look.t(STRINGS, "plot_title", d=data.d_model, n=len(data.starts)), loc="left", fontsize=10, pad=18)
    ax.annotate(look.t(STRINGS, "plot_note"), (0, 1), xycoords="axes fraction", xytext=(0, 4),
                textcoords="offset points", ha="left", va="bottom", fontsize=8.5, color=pal.muted)
    k = data.example_gap  # k = 0 and the example gap, ringed; their values are written out below
    ax.plot([0, k], [data.closed_form[0], data.closed_form[k]], linestyle="none", marker="o", markersize=14,
            markerfacecolor="none", markeredgecolor=pal.muted, markeredgewidth=1.0, zorder=2)
    return handles


def draw_notes(ax, data, look: Look, handles) -> None:
    """Below the plot, where no curve runs: the legend, k = 0 and the example gap written out."""
    ax.axis("off")
    ax.legend([h for h, _ in handles], [t for _, t in handles], loc="upper left", bbox_to_anchor=(0.0, 1.0),
              ncol=len(handles), fontsize=9, handletextpad=0.3, columnspacing=1.0, borderaxespad=0.0)
    k0 = float(data.closed_form[0])  # Σ cos 0 = d/2: a whole number, drawn as one
    ax.text(0.0, 0.42, look.t(STRINGS, "k0", value=fmt_int(int(k0)) if k0.is_integer() else fmt_num(k0, 4)),
            transform=ax.transAxes,
            fontsize=9, va="center")
    ax.text(0.0, 0.08, example_text(data, look), transform=ax.transAxes, fontsize=9, va="center")


def make(data, look: Look):
    fig, (top, bottom, notes) = new_figure(7.2, 8.4, nrows=3, height_ratios=[1.0, 1.35, 0.3])
    draw_derivation(top, data, look)
    handles = draw_plot(bottom, data, look)
    draw_notes(notes, data, look, handles)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    return fig
