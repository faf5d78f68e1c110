"""pe_dot_distance: the dot product of two encodings keeps only their distance (seed 002 §05, 图 7).

Top: the four steps from sin·sin + cos·cos to Σ cos(k / D_i) (product-to-sum, the (2p + k) terms
cancel). Bottom: PE(p) · PE(p + k) computed from the encoding rows for several starts p, drawn on top
of each other and on the curve Σ cos(k / D_i): one curve, whatever p. d_model = 8 as in seed 002 §04.
"""
from __future__ import annotations

from figures.common import new_figure
from look import Look, fmt_num

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
MARKERS = (("o", 10, "none"), ("s", 7, "none"), ("x", 6, None), (".", 5, None))


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


def draw_plot(ax, data, look: Look) -> None:
    pal = look.palette
    ax.axhline(0, color=pal.muted, linewidth=0.6, alpha=0.5)
    ax.plot(data.fine_gaps, data.fine_closed_form, color=pal.accent, linewidth=1.4,
            label=look.t(STRINGS, "curve"), zorder=2)
    colors = (pal.ink, pal.series[5], pal.series[7], pal.series[3])  # series colours: no ok/bad meaning
    for r, p in enumerate(data.starts):
        marker, size, face = MARKERS[r % len(MARKERS)]
        color = colors[r % len(colors)]
        kw = dict(markerfacecolor=face) if face else {}
        ax.plot(data.gaps, data.dots[r], linestyle="none", marker=marker, markersize=size, color=color,
                markeredgewidth=1.2, label=look.t(STRINGS, "start", p=p), zorder=3 + r, **kw)
    d_half = data.d_model // 2
    ax.set_ylim(-0.6, d_half + 0.9)
    ax.set_xlim(data.gaps[0] - 0.8, data.gaps[-1] + 0.8)
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.set_ylabel(look.t(STRINGS, "dot"))
    ax.grid(True, axis="y")
    ax.legend(loc="upper right", ncol=len(data.starts) + 1, fontsize=9, handletextpad=0.3, columnspacing=1.0)
    ax.set_title(look.t(STRINGS, "plot_title", d=data.d_model, n=len(data.starts)), loc="left", fontsize=10)
    # k = 0 and the example gap, written out with the engine's terms
    ax.annotate(look.t(STRINGS, "k0", value=fmt_num(data.closed_form[0], 4)), xy=(0, data.closed_form[0]),
                xytext=(1.3, d_half + 0.45), fontsize=9, va="center",
                arrowprops=dict(arrowstyle="-", color=pal.muted, linewidth=0.8))
    k = data.example_gap
    ax.annotate(f"k = {k}: {fmt_num(data.example_value, 4)}", xy=(k, data.closed_form[k]),
                xytext=(k - 0.4, 0.9), fontsize=9, va="center",
                arrowprops=dict(arrowstyle="-", color=pal.muted, linewidth=0.8))
    terms = " + ".join(f"cos({k}/{den:.0f})" for den in data.denominators)
    values = " + ".join(fmt_num(t, 4) for t in data.example_terms)
    text = look.t(STRINGS, "example", k=k, terms=terms + "  =  " + values, value=fmt_num(data.example_value, 4))
    ax.text(0.0, -0.17, text, transform=ax.transAxes, fontsize=9, va="top")




def make(data, look: Look):
    fig, (top, bottom) = new_figure(7.2, 8.4, nrows=2, height_ratios=[1.0, 1.55])
    draw_derivation(top, data, look)
    draw_plot(bottom, data, look)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    return fig
