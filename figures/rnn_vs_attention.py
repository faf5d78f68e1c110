"""rnn_vs_attention: an RNN's serial chain against self-attention's all-pairs table (seed 002 §01, 图 1).

Left: the RNN hands h along the sequence, one step per token; the order is built into the
computation, and the first token reaches the last state only after N − 1 steps. Right: self-attention
scores every query against every key, N² pairs in one parallel step; nothing in that table says which
token came first.
"""
from __future__ import annotations

from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, Rectangle

from figures.common import new_figure
from look import Look, fmt_int

STRINGS = {
    "en": {
        "title": "Order in the computation (RNN) vs all pairs at once (self-attention)",
        "rnn": "RNN: a serial chain",
        "attn": "Self-attention: every pair, one matrix",
        "step": "step {t}",
        "rnn_steps": "{n} tokens → {n} steps, one after another",
        "rnn_path": "x₁ reaches h_{n} only after {hops} steps",
        "rnn_order": "the order is written into the computation",
        "attn_pairs": "{n} × {n} = {pairs} query–key pairs",
        "attn_steps": "{steps} parallel step (one matrix product QKᵀ)",
        "attn_path": "any token reaches any other: {hops} step",
        "attn_order": "nothing here says which token came first",
        "query": "query (row)",
        "key": "key (column)",
    },
    "zh-Hant": {
        "title": "順序寫在計算裡（RNN） vs 所有配對一次算完（自注意力）",
        "rnn": "RNN：一條串行的鏈",
        "attn": "自注意力：所有配對，一個矩陣",
        "step": "第 {t} 步",
        "rnn_steps": "{n} 個 token → {n} 步，一步接一步",
        "rnn_path": "x₁ 要走 {hops} 步才到 h_{n}",
        "rnn_order": "順序被寫進了計算過程本身",
        "attn_pairs": "{n} × {n} = {pairs} 個 query–key 配對",
        "attn_steps": "{steps} 個並行步驟（一次矩陣乘法 QKᵀ）",
        "attn_path": "任意兩個 token 之間：{hops} 步",
        "attn_order": "這張表裡沒有任何東西說明誰先出現",
        "query": "query（列）",
        "key": "key（行）",
    },
    "zh-Hans": {
        "title": "顺序写在计算里（RNN） vs 所有配对一次算完（自注意力）",
        "rnn": "RNN：一条串行的链",
        "attn": "自注意力：所有配对，一个矩阵",
        "step": "第 {t} 步",
        "rnn_steps": "{n} 个 token → {n} 步，一步接一步",
        "rnn_path": "x₁ 要走 {hops} 步才到 h_{n}",
        "rnn_order": "顺序被写进了计算过程本身",
        "attn_pairs": "{n} × {n} = {pairs} 个 query–key 配对",
        "attn_steps": "{steps} 个并行步骤（一次矩阵乘法 QKᵀ）",
        "attn_path": "任意两个 token 之间：{hops} 步",
        "attn_order": "这张表里没有任何东西说明谁先出现",
        "query": "query（行）",
        "key": "key（列）",
    },
}

DECIMALS: dict = {}


def _sub(name: str, i) -> str:
    return rf"${name}_{{{i}}}$"


def _math(text: str) -> str:
    """x₁ / h_N / QKᵀ in the strings as mathtext, so no font needs subscript glyphs."""
    return (text.replace("x₁", r"$x_1$").replace("QKᵀ", r"$QK^{\top}$"))


def draw_rnn(ax, data, look: Look) -> None:
    pal = look.palette
    n = data.n_tokens
    r = 0.32
    ax.set_xlim(-0.7, n - 0.1)
    ax.set_ylim(-2.55, 1.55)
    ax.set_aspect("equal")
    ax.axis("off")
    for t in range(n):
        # token box and hidden state
        ax.add_patch(FancyBboxPatch((t - 0.28, -1.05), 0.56, 0.5, boxstyle="round,pad=0.02",
                                    facecolor=pal.panel, edgecolor=pal.muted, linewidth=1.0))
        ax.text(t, -0.8, _sub("x", t + 1), ha="center", va="center", fontsize=10)
        ax.add_patch(Circle((t, 0.3), r, facecolor=pal.background, edgecolor=pal.cool, linewidth=1.8))
        ax.text(t, 0.3, _sub("h", t + 1), ha="center", va="center", fontsize=10)
        ax.add_patch(FancyArrowPatch((t, -0.53), (t, 0.3 - r - 0.02), arrowstyle="-|>", mutation_scale=9,
                                     color=pal.muted, linewidth=1.0))
        if t > 0:
            ax.add_patch(FancyArrowPatch((t - 1 + r + 0.02, 0.3), (t - r - 0.02, 0.3), arrowstyle="-|>",
                                         mutation_scale=11, color=pal.cool, linewidth=1.8))
        ax.text(t, 0.3 + r + 0.12, look.t(STRINGS, "step", t=t + 1), ha="center", va="bottom", fontsize=8,
                color=pal.accent)
    # h_0 feeds the first step
    ax.add_patch(FancyArrowPatch((-0.65, 0.3), (-r - 0.02, 0.3), arrowstyle="-|>", mutation_scale=11,
                                 color=pal.cool, linewidth=1.8))
    lines = [
        (look.t(STRINGS, "rnn_steps", n=n), pal.ink),
        (_math(look.t(STRINGS, "rnn_path", n="{" + str(n) + "}", hops=data.rnn_longest_path)), pal.ink),
        (look.t(STRINGS, "rnn_order"), pal.ok),
    ]
    for k, (text, color) in enumerate(lines):
        text = text.replace(f"h_{{{n}}}", rf"$h_{{{n}}}$")
        ax.text(-0.6, -1.45 - 0.36 * k, text, fontsize=9.5, color=color, va="center")
    ax.set_title(look.t(STRINGS, "rnn"), loc="left", fontsize=11)
    ax.set_anchor("N")


def draw_attention(ax, data, look: Look) -> None:
    pal = look.palette
    n = data.n_tokens
    for i in range(n):
        for j in range(n):
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=pal.accent, alpha=0.55, edgecolor=pal.background,
                                   linewidth=1.5))
        ax.text(-0.2, i + 0.5, _sub("x", i + 1), ha="right", va="center", fontsize=10)
        ax.text(i + 0.5, -0.2, _sub("x", i + 1), ha="center", va="bottom", fontsize=10)
    ax.text(-0.95, n / 2, look.t(STRINGS, "query"), rotation=90, ha="center", va="center", fontsize=8.5,
            color=pal.muted)
    ax.text(n / 2, -0.85, look.t(STRINGS, "key"), ha="center", va="bottom", fontsize=8.5, color=pal.muted)
    ax.set_xlim(-1.3, n + 0.2)
    ax.set_ylim(n + 2.35, -1.3)
    ax.set_aspect("equal")
    ax.axis("off")
    lines = [
        (look.t(STRINGS, "attn_pairs", n=n, pairs=fmt_int(data.pairs)), pal.ink),
        (_math(look.t(STRINGS, "attn_steps", steps=data.attention_steps)), pal.ink),
        (look.t(STRINGS, "attn_path", hops=data.attention_longest_path), pal.ink),
        (look.t(STRINGS, "attn_order"), pal.bad),
    ]
    for k, (text, color) in enumerate(lines):
        ax.text(-1.2, n + 0.5 + 0.5 * k, text, fontsize=9.5, color=color, va="center")
    ax.set_title(look.t(STRINGS, "attn"), loc="left", fontsize=11)
    ax.set_anchor("N")




def make(data, look: Look):
    fig, (left, right) = new_figure(7.2, 4.4, ncols=2, width_ratios=[1.35, 1.0])
    draw_rnn(left, data, look)
    draw_attention(right, data, look)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    return fig
