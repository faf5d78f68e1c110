"""signal_decay_fig: RMS of a 24-dim signal after each of 30 layers y = (s·W)·x, for several s,
without and with LayerNorm (seed 004 §4.2 "互動①：訊號穿過 30 層").

Log y axis; the page's closed forms 0.9³⁰ ≈ 0.04 and 1.1³⁰ ≈ 17.4 drawn as dotted reference lines
beside the simulated curves, and every curve's layer-30 RMS written at its end.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_num
from look.formats import SUPERSCRIPT

STRINGS = {
    "en": {
        "title_plain": "Without LayerNorm: y = (s·W)·x, {L} times",
        "title_ln": "With LayerNorm after every layer",
        "xlabel": "layer l",
        "ylabel": "RMS of the layer's output  √mean(x²)  (log scale)",
        "legend": "s = {s}",
        "closed": "closed form $s^l$",
        "ref": "{sim}   ({s}{Lsup} = {v})",
        "ln_note": "every s from {lo} to {hi}: RMS between {mn} and {mx}",
        "setup": "{d}-dim signal, W random N(0, 1/{d}), input RMS 1",
        "setup_orth": "{d}-dim signal, W random orthogonal, input RMS 1",
    },
    "zh-Hant": {
        "title_plain": "沒有 LayerNorm：y = (s·W)·x，連乘 {L} 次",
        "title_ln": "每層之後加 LayerNorm",
        "xlabel": "第 l 層",
        "ylabel": "該層輸出的 RMS  √mean(x²)（對數刻度）",
        "legend": "s = {s}",
        "closed": "公式 $s^l$",
        "ref": "{sim}（{s}{Lsup} = {v}）",
        "ln_note": "s 從 {lo} 到 {hi}：RMS 都在 {mn} 與 {mx} 之間",
        "setup": "{d} 維訊號，W 為隨機 N(0, 1/{d})，輸入 RMS 為 1",
        "setup_orth": "{d} 維訊號，W 為隨機正交矩陣，輸入 RMS 為 1",
    },
    "zh-Hans": {
        "title_plain": "没有 LayerNorm：y = (s·W)·x，连乘 {L} 次",
        "title_ln": "每层之后加 LayerNorm",
        "xlabel": "第 l 层",
        "ylabel": "该层输出的 RMS  √mean(x²)（对数刻度）",
        "legend": "s = {s}",
        "closed": "公式 $s^l$",
        "ref": "{sim}（{s}{Lsup} = {v}）",
        "ln_note": "s 从 {lo} 到 {hi}：RMS 都在 {mn} 与 {mx} 之间",
        "setup": "{d} 维信号，W 为随机 N(0, 1/{d})，输入 RMS 为 1",
        "setup_orth": "{d} 维信号，W 为随机正交矩阵，输入 RMS 为 1",
    },
}

DECIMALS = {"rms_plain": 4, "rms_ln": 4, "closed_form": 4, "reference_power": "3s", "reference_rms_plain": "3s",
            "s_values": 2, "reference_s": 1, "last_rms_plain": "3s", "ln_rms_min": 5, "ln_rms_max": 5,
            "ln_last_mean": 4}

SHOWN_S = (0.5, 0.7, 0.9, 1.0, 1.1, 1.5, 2.0)
SIG = DECIMALS["last_rms_plain"]  # labels spanning 20 decades: 3 significant digits


def _rows(data):
    return [int(np.argmin(np.abs(data.s_values - s))) for s in SHOWN_S]


def draw_plain(ax, data, look: Look) -> None:
    pal = look.palette
    layers = np.arange(data.n_layers + 1)
    colours = [pal.series[k % len(pal.series)] for k in (5, 4, 3, 6, 1, 7, 0)]
    refs = {round(float(s), 6): j for j, s in enumerate(data.reference_s)}
    for k, row in enumerate(_rows(data)):
        s = data.s_values[row]
        y = data.rms_plain[row]
        ax.plot(layers, y, color=colours[k], lw=2.0, label=look.t(STRINGS, "legend", s=fmt_num(s, 2)))
        label = fmt_num(data.last_rms_plain[row], SIG)
        j = refs.get(round(float(s), 6))
        if j is not None:  # the page's closed form beside the simulated value
            ax.plot(layers, data.closed_form[row], color=pal.ink, lw=1.1, ls=":",
                    label=look.t(STRINGS, "closed") if j == 0 else None)
            label = look.t(STRINGS, "ref", s=fmt_num(data.reference_s[j], 1), v=fmt_num(data.reference_power[j], SIG),
                          sim=label,
                          Lsup=str(data.n_layers).translate(SUPERSCRIPT))
        ax.text(layers[-1] + 0.6, y[-1], label, color=colours[k], fontsize=8.5, va="center")
    ax.set_yscale("log")
    ax.set_ylim(1e-10, 1e10)
    ax.set_xlim(0, data.n_layers + 12)
    ax.set_xticks(np.arange(0, data.n_layers + 1, 5))
    ax.hlines(1.0, 0, data.n_layers, color=pal.muted, lw=0.8)  # stops short of the end labels
    ax.grid(True, which="major", axis="y")
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title_plain", L=data.n_layers), loc="left")
    ax.legend(loc="upper left", fontsize=9, ncol=2)


def draw_ln(ax, data, look: Look) -> None:
    pal = look.palette
    layers = np.arange(data.n_layers + 1)
    colours = [pal.series[k % len(pal.series)] for k in (5, 4, 3, 6, 1, 7, 0)]
    for k, row in enumerate(_rows(data)):
        ax.plot(layers, data.rms_ln[row], color=colours[k], lw=2.0, alpha=0.8)
    note = look.t(STRINGS, "ln_note", lo=fmt_num(data.s_values[0], 2), hi=fmt_num(data.s_values[-1], 2),
                  mn=fmt_num(data.ln_rms_min, 5), mx=fmt_num(data.ln_rms_max, 5))
    ax.text(layers[-1] + 0.5, 1.0, fmt_num(data.ln_last_mean, 4), color=pal.ink, fontsize=8.5, va="center")
    ax.text(0.5, 0.62, note, transform=ax.transAxes, ha="center", fontsize=9, color=pal.ink)
    ax.set_yscale("log")
    ax.set_ylim(1e-10, 1e10)
    ax.set_xlim(0, data.n_layers + 5)
    ax.set_xticks(np.arange(0, data.n_layers + 1, 5))
    ax.grid(True, which="major", axis="y")
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    ax.set_title(look.t(STRINGS, "title_ln"), loc="left")
    setup = look.t(STRINGS, "setup" if data.init == "gaussian" else "setup_orth", d=data.d)
    ax.text(0.5, 0.08, setup, transform=ax.transAxes, ha="center",
            fontsize=8.5, color=pal.muted)


def make(data, look: Look):
    fig, (a, b) = new_figure(7.2, 8.4, nrows=2, sharey=True, height_ratios=[1.2, 1])
    draw_plain(a, data, look)
    draw_ln(b, data, look)
    return fig
