"""attention_cost: the two bills a longer sentence runs up (seed 001, "two costs" station and summary).

Log-log: the T × T attention score table grows as T² (slope 2), the T × d position table as T
(slope 1, d = 16 numbers per seat as in the lesson). From T = 1,024 to 32,768 (32× longer) the score
table grows 1,024×, the position table 32×. One float32 score table (one head, one layer) goes from
4 MiB to 4 GiB.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_int

STRINGS = {
    "en": {
        "title": "Two costs of a longer sentence: the score table grows as T², the position table as T",
        "length": "sentence length T (tokens, log scale)",
        "entries": "numbers stored (log scale)",
        "scores": "attention scores: T × T",
        "positions": "position table: T × {d}",
        "point_scores": "{t} × {t}\n= {v}",
        "point_positions": "{t} × {d} = {v}",
        "growth": "T: {short} → {long} is {lr}× longer",
        "growth_scores": "score table: {r}×",
        "growth_positions": "position table: {r}×",
        "bytes": "one float32 score table (one head, one layer): {a} → {b}",
    },
    "zh-Hant": {
        "title": "句子變長的兩筆帳：分數表按 T² 長，位置表按 T 長",
        "length": "句子長度 T（token 數，對數刻度）",
        "entries": "要存的數（對數刻度）",
        "scores": "注意力分數表：T × T",
        "positions": "位置表：T × {d}",
        "point_scores": "{t} × {t}\n= {v}",
        "point_positions": "{t} × {d} = {v}",
        "growth": "T：{short} → {long}，長了 {lr} 倍",
        "growth_scores": "分數表：{r} 倍",
        "growth_positions": "位置表：{r} 倍",
        "bytes": "一張 float32 分數表（一個頭、一層）：{a} → {b}",
    },
    "zh-Hans": {
        "title": "句子变长的两笔账：分数表按 T² 长，位置表按 T 长",
        "length": "句子长度 T（token 数，对数刻度）",
        "entries": "要存的数（对数刻度）",
        "scores": "注意力分数表：T × T",
        "positions": "位置表：T × {d}",
        "point_scores": "{t} × {t}\n= {v}",
        "point_positions": "{t} × {d} = {v}",
        "growth": "T：{short} → {long}，长了 {lr} 倍",
        "growth_scores": "分数表：{r} 倍",
        "growth_positions": "位置表：{r} 倍",
        "bytes": "一张 float32 分数表（一个头、一层）：{a} → {b}",
    },
}

DECIMALS = {"length_ratio": 0, "score_ratio": 0, "position_ratio": 0}


def _bytes(n: int) -> str:
    """Binary units, as memory is counted: 4 MiB, 4 GiB."""
    for unit, size in (("GiB", 2 ** 30), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if n >= size:
            v = n / size
            return f"{v:,.0f} {unit}" if abs(v - round(v)) < 1e-9 else f"{v:,.2f} {unit}"
    return f"{n} B"


def _ratio(r: float) -> str:
    return fmt_int(int(round(r))) if abs(r - round(r)) < 1e-9 else f"{r:,.2f}"


def _pow2(v, _pos=None) -> str:
    return fmt_int(int(v)) if v >= 1 else ""




def make(data, look: Look):
    pal = look.palette
    fig, ax = new_figure(7.2, 5.6)
    t = data.lengths
    ax.loglog(t, data.score_entries, color=pal.bad, linewidth=2.0, marker="o", markersize=3,
              label=look.t(STRINGS, "scores"), base=2)
    ax.loglog(t, data.position_entries, color=pal.cool, linewidth=2.0, marker="o", markersize=3,
              label=look.t(STRINGS, "positions", d=data.position_width), base=2)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=10)
    d = data.position_width
    # the two marked lengths on both lines
    for T, s, p in ((data.short, data.short_scores, data.short_positions),
                    (data.long, data.long_scores, data.long_positions)):
        ax.axvline(T, color=pal.muted, linewidth=0.8, linestyle=(0, (3, 2)))
        ax.plot([T], [s], "o", color=pal.bad, markersize=7, zorder=5)
        ax.plot([T], [p], "o", color=pal.cool, markersize=7, zorder=5)
        ax.annotate(look.t(STRINGS, "point_scores", t=fmt_int(T), v=fmt_int(s)), xy=(T, s), xytext=(-8, 6),
                    textcoords="offset points", ha="right", va="bottom", fontsize=9, color=pal.bad)
        # short: below right (the score line runs above left); long: above left (the arrows are right)
        below = T == data.short
        ax.annotate(look.t(STRINGS, "point_positions", t=fmt_int(T), d=d, v=fmt_int(p)), xy=(T, p),
                    xytext=(7, -7) if below else (-10, 6), textcoords="offset points",
                    ha="left" if below else "right", va="top" if below else "bottom", fontsize=9, color=pal.cool)
    # growth arrows at the long end
    x_arrow = t[-1] * 2.0
    for lo, hi, color, key, r in ((data.short_scores, data.long_scores, pal.bad, "growth_scores", data.score_ratio),
                                  (data.short_positions, data.long_positions, pal.cool, "growth_positions",
                                   data.position_ratio)):
        ax.annotate("", xy=(x_arrow, hi), xytext=(x_arrow, lo),
                    arrowprops=dict(arrowstyle="-|>", color=color, linewidth=1.6, mutation_scale=12))
        ax.plot([x_arrow / 1.5, x_arrow * 1.5], [lo, lo], color=color, linewidth=1.2)  # the old level
        ax.text(x_arrow * 1.12, np.sqrt(lo * hi), look.t(STRINGS, key, r=_ratio(r)), color=color, fontsize=10,
                fontweight="bold", va="center", ha="left")
    ax.set_xlim(t[0] / 1.3, t[-1] * 64)
    ax.set_ylim(t[0] * d / 8, data.score_entries[-1] * 6)
    ax.set_xticks(t[::2])
    ax.xaxis.set_major_formatter(_pow2)
    ax.xaxis.set_minor_formatter(lambda v, _: "")
    ax.tick_params(axis="x", labelsize=8.5)
    ax.set_xlabel(look.t(STRINGS, "length"))
    ax.set_ylabel(look.t(STRINGS, "entries"))
    ax.grid(True, which="major")
    ax.legend(loc="upper left", fontsize=9)
    ax.set_title(look.t(STRINGS, "title"), loc="left", fontsize=11)
    ax.text(0.0, -0.16, look.t(STRINGS, "growth", short=fmt_int(data.short), long=fmt_int(data.long),
                               lr=_ratio(data.length_ratio))
            + "   ·   " + look.t(STRINGS, "bytes", a=_bytes(data.short_score_bytes), b=_bytes(data.long_score_bytes)),
            transform=ax.transAxes, fontsize=9, va="top", color=pal.ink)
    return fig
