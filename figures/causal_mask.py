"""causal_mask: the 4-token causal mask of "Every effort moves you" — what each position may see and
the next token it is trained to predict (seed 004 §4.1, "深入：為什麼能一次算 4 個位置，又不會「偷看未來」？").

Left: the query × key table, ✓ where the mask allows and ✗ where it masks; each cell also shows the
attention weight a row would give if all its scores were equal (1/visible, masked weights exactly 0).
Right: per position, the tokens its hidden state is built from and its training target.
All values come from engine.gpt2.causal_mask_table.
"""
from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from figures.common import new_figure
from look import Look, fmt_num

STRINGS = {
    "en": {
        "title": "Causal mask: {T} positions computed at once, none sees the future",
        "query": "query (position)",
        "key": "key (token it may look at)",
        "cell_note": "table: ✓ allowed · ✗ masked (score set to −∞)\nnumber: the attention weight if all scores were equal",
        "side_title": "What each position answers",
        "sees": "h{i} = Transformer({seen})",
        "target": "→ predicts the next token: target \"{t}\"",
        "count": "{allowed} cells visible, {masked} masked → one forward pass gives {T} training examples",
    },
    "zh-Hant": {
        "title": "因果遮罩：{T} 個位置一次算完，沒有人看得到未來",
        "query": "query（位置）",
        "key": "key（可以看的 token）",
        "cell_note": "左表：✓ 允許 · ✗ 遮住（分數設為 −∞）\n數字：若分數全部相同時的 attention 權重",
        "side_title": "每個位置在回答什麼",
        "sees": "h{i} = Transformer({seen})",
        "target": "→ 預測下一個字：目標「{t}」",
        "count": "{allowed} 格可見、{masked} 格遮住 → 一次前向傳播得到 {T} 筆訓練樣本",
    },
    "zh-Hans": {
        "title": "因果遮罩：{T} 个位置一次算完，没有人看得到未来",
        "query": "query（位置）",
        "key": "key（可以看的 token）",
        "cell_note": "左表：✓ 允许 · ✗ 遮住（分数设为 −∞）\n数字：若分数全部相同时的 attention 权重",
        "side_title": "每个位置在回答什么",
        "sees": "h{i} = Transformer({seen})",
        "target": "→ 预测下一个词：目标“{t}”",
        "count": "{allowed} 格可见、{masked} 格遮住 → 一次前向传播得到 {T} 个训练样本",
    },
}

DECIMALS = {"uniform_weights": 2}


def _sub(i: int) -> str:
    return str(i).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def draw(ax, data, look: Look) -> None:
    """The mask table."""
    pal = look.palette
    T = len(data.tokens)
    for q in range(T):
        for k in range(T):
            ok = bool(data.allowed[q, k])
            ax.add_patch(Rectangle((k - 0.5, q - 0.5), 1, 1, facecolor=pal.ok if ok else pal.panel,
                                   edgecolor=pal.background, linewidth=2.5, alpha=0.9 if ok else 1.0))
            mark = "✓" if ok else "✗"
            ax.text(k, q - 0.14, mark, ha="center", va="center", fontsize=13,
                    color=pal.background if ok else pal.bad, fontweight="bold", family="DejaVu Sans")
            ax.text(k, q + 0.27, fmt_num(data.uniform_weights[q, k], 2), ha="center", va="center", fontsize=8,
                    color=pal.background if ok else pal.muted)
    ax.set_xlim(-0.5, T - 0.5)
    ax.set_ylim(T - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks(np.arange(T), [f"{i + 1}·{t}" for i, t in enumerate(data.tokens)])
    ax.set_yticks(np.arange(T), [f"{i + 1}·{t}" for i, t in enumerate(data.tokens)])
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0, labelsize=9)
    ax.spines[:].set_visible(False)
    ax.set_xlabel(look.t(STRINGS, "key"), labelpad=10)
    ax.set_ylabel(look.t(STRINGS, "query"), labelpad=8)


def draw_side(ax, data, look: Look) -> None:
    """Per position: what its hidden state is built from, and its target."""
    pal = look.palette
    T = len(data.tokens)
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(T - 0.5, -0.5)
    ax.text(0, -0.45, look.t(STRINGS, "side_title"), ha="left", va="top", fontsize=10, color=pal.ink,
            fontweight="bold")
    for q in range(T):
        seen = ", ".join(t for t, ok in zip(data.tokens, data.allowed[q]) if ok)
        ax.text(0, q - 0.05, look.t(STRINGS, "sees", i=_sub(q + 1), seen=seen), ha="left", va="bottom",
                fontsize=8.5, color=pal.ink, family=["DejaVu Sans Mono", look.font])
        ax.text(0.04, q + 0.05, look.t(STRINGS, "target", t=data.targets[q]), ha="left", va="top", fontsize=9,
                color=pal.accent)
    ax.text(0, T - 0.45, look.t(STRINGS, "cell_note"), ha="left", va="bottom", fontsize=8, color=pal.muted)


def make(data, look: Look):
    fig, (a, b) = new_figure(7.2, 4.5, ncols=2, width_ratios=[1, 1.15])
    draw(a, data, look)
    draw_side(b, data, look)
    T = len(data.tokens)
    # the key labels sit on top of the table: keep the title in its own band above the layout
    fig.get_layout_engine().set(rect=(0, 0, 1, 0.92))
    fig.text(0.01, 0.99, look.t(STRINGS, "title", T=T), ha="left", va="top", fontsize=11,
             color=look.palette.ink)
    fig.supxlabel(look.t(STRINGS, "count", allowed=data.n_allowed, masked=data.n_masked, T=T),
                  fontsize=9, color=look.palette.ink, ha="left", x=0.01)
    return fig
