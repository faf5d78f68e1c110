"""rnn_vs_attention: an RNN's serial chain against self-attention's all-pairs table (seed 002 §01, 图 1).

Left: the RNN hands h along the sequence, one step per token; the order is built into the
computation, and the first token reaches the last state only after N − 1 steps. Right: self-attention
scores every query against every key, N² pairs in one parallel step; nothing in that table says which
token came first. Any N from 2 to 64: beyond CHAIN_FULL tokens the chain shows its first three and last
two steps around an ellipsis; the table keeps its size, and beyond LABEL_ALL tokens names only its
first and last token.
"""
from __future__ import annotations

from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, Rectangle

from figures.common import new_figure
from look import Look, fmt_int
from look.formats import subscript

COLOUR_ROLES = ("ink", "muted", "panel", "background", "bad")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "rnn_label": "x₁ reaches h_{n}: {hops} steps along the chain",
        "attn_label": "x₁ reaches x_{n}: {hops} step, one arc",
        "arc": "{hops} step\nfor all {n} × {n}\n= {pairs} pairs",
        "title": "Order in the computation (RNN) vs all pairs at once (self-attention)",
        "rnn": "RNN: a serial chain",
        "attn": "Self-attention: all pairs at once",
        "rnn_steps": "{n} tokens → {n} steps, one after another",
        "rnn_path": "x₁ reaches h_{n} only after {hops} steps",
        "rnn_order": "the order is written into the computation",
        "attn_pairs": "{n} × {n} = {pairs} query–key pairs",
        "attn_steps": "{steps} parallel step (one matrix product QKᵀ)",
        "attn_path": "x_{n} reads x₁ directly (the outlined cell): {hops} step (so does every pair)",
        "attn_order": "nothing here says which token came first",
        "query": "query (row)",
        "key": "key (column)",
    },
    "zh-Hant": {
        "rnn_label": "x₁ 到 h_{n}：沿著鏈走 {hops} 步",
        "attn_label": "x₁ 到 x_{n}：{hops} 步，一條弧線",
        "arc": "{hops} 步，\n{n} × {n} = {pairs}\n個配對一起算",
        "title": "順序寫在計算裡（RNN） vs 所有配對一次算完（自注意力）",
        "rnn": "RNN：一條串行的鏈",
        "attn": "自注意力：所有配對，一個矩陣",
        "rnn_steps": "{n} 個 token → {n} 步，一步接一步",
        "rnn_path": "x₁ 要走 {hops} 步才到 h_{n}",
        "rnn_order": "順序被寫進了計算過程本身",
        "attn_pairs": "{n} × {n} = {pairs} 個 query–key 配對",
        "attn_steps": "{steps} 個並行步驟（一次矩陣乘法 QKᵀ）",
        "attn_path": "x_{n} 直接讀到 x₁（框出的格子）：{hops} 步（任意兩個 token 都一樣）",
        "attn_order": "這張表裡沒有任何東西說明誰先出現",
        "query": "查詢 query（列）",
        "key": "鍵 key（行）",
    },
    "zh-Hans": {
        "rnn_label": "x₁ 到 h_{n}：沿着链走 {hops} 步",
        "attn_label": "x₁ 到 x_{n}：{hops} 步，一条弧线",
        "arc": "{hops} 步，\n{n} × {n} = {pairs}\n个配对一起算",
        "title": "顺序写在计算里（RNN） vs 所有配对一次算完（自注意力）",
        "rnn": "RNN：一条串行的链",
        "attn": "自注意力：所有配对，一个矩阵",
        "rnn_steps": "{n} 个 token → {n} 步，一步接一步",
        "rnn_path": "x₁ 要走 {hops} 步才到 h_{n}",
        "rnn_order": "顺序被写进了计算过程本身",
        "attn_pairs": "{n} × {n} = {pairs} 个 query–key 配对",
        "attn_steps": "{steps} 个并行步骤（一次矩阵乘法 QKᵀ）",
        "attn_path": "x_{n} 直接读到 x₁（框出的格子）：{hops} 步（任意两个 token 都一样）",
        "attn_order": "这张表里没有任何东西说明谁先出现",
        "query": "查询 query（行）",
        "key": "键 key（列）",
    },
}

DECIMALS: dict = {}


def _sub(name: str, i) -> str:
    return rf"${name}_{{{i}}}$"


def _math(text: str) -> str:
    """x₁ / h_N / QKᵀ in the strings as mathtext, so no font needs subscript glyphs."""
    return (text.replace("x₁", r"$x_1$").replace("QKᵀ", r"$QK^{T}$"))


CHAIN_FULL = 8  # up to this many tokens the chain shows every step
LABEL_ALL = 10  # up to this many tokens the table names every row and column (the table is 2.3 in wide)
GRID = 6.0  # the table's side in data units, whatever N


def chain_slots(n: int) -> list:
    """The tokens (1-based) the chain draws, None for the ellipsis: all of them, or 1, 2, 3, …, N−1, N."""
    if n <= CHAIN_FULL:
        return list(range(1, n + 1))
    return [1, 2, 3, None, n - 1, n]


def draw_rnn(ax, data, look: Look) -> None:
    pal = look.palette
    n = data.n_tokens
    r = 0.32
    slots = chain_slots(n)
    room = max(len(slots), 6)
    x0 = (room - len(slots)) / 2  # a short chain sits in the middle
    ax.set_xlim(-0.7, room - 0.1)
    ax.set_ylim(-1.75, 1.55)
    ax.set_aspect("equal")
    ax.axis("off")
    for k, t in enumerate(slots):
        x = x0 + k
        if t is None:  # the steps left out
            ax.text(x, 0.3, "⋯", ha="center", va="center", fontsize=14, color=pal.ink)
            ax.text(x, -0.8, "⋯", ha="center", va="center", fontsize=14, color=pal.muted)
        else:
            first = t == 1  # x₁'s way in starts the path the label counts: drawn in ink, as the chain
            ax.add_patch(FancyBboxPatch((x - 0.28, -1.05), 0.56, 0.5, boxstyle="round,pad=0.02",
                                        facecolor=pal.panel, edgecolor=pal.ink if first else pal.muted,
                                        linewidth=2.0 if first else 1.0))
            ax.text(x, -0.8, _sub("x", t), ha="center", va="center", fontsize=10)
            ax.add_patch(Circle((x, 0.3), r, facecolor=pal.background, edgecolor=pal.ink, linewidth=1.8))
            ax.text(x, 0.3, _sub("h", t), ha="center", va="center", fontsize=10)
            ax.add_patch(FancyArrowPatch((x, -0.53), (x, 0.3 - r - 0.02), arrowstyle="-|>", mutation_scale=11 if first else 9,
                                         color=pal.ink if first else pal.muted, linewidth=1.8 if first else 1.0))
        if k > 0:
            start = x - 1 + (0.25 if slots[k - 1] is None else r + 0.02)
            stop = x - (0.25 if t is None else r + 0.02)
            ax.add_patch(FancyArrowPatch((start, 0.3), (stop, 0.3), arrowstyle="-|>", mutation_scale=11,
                                         color=pal.ink, linewidth=1.8))
            if t is not None and slots[k - 1] is not None:  # hop h_t → h_t+1 is hop t of the N − 1 counted
                ax.text(x - 0.5, 0.45, str(slots[k - 1]), ha="center", va="bottom", fontsize=9, color=pal.ink,
                        fontweight="bold")
    # h_0 feeds the first step
    ax.add_patch(FancyArrowPatch((x0 - 0.65, 0.3), (x0 - r - 0.02, 0.3), arrowstyle="-|>", mutation_scale=11,
                                 color=pal.ink, linewidth=1.8))
    label = look.t(STRINGS, "rnn_label", n="{" + str(n) + "}", hops=data.rnn_longest_path)
    ax.text(-0.6, -1.45, _math(label).replace(f"h_{{{n}}}", rf"$h_{{{n}}}$"), fontsize=10, color=pal.ink,
            va="center")
    ax.set_title(look.t(STRINGS, "rnn"), loc="left", fontsize=11)
    ax.set_anchor("N")


def draw_attention(ax, data, look: Look) -> None:
    pal = look.palette
    n = data.n_tokens
    c = GRID / n  # one cell's side
    edge = 1.5 if n <= LABEL_ALL else (0.8 if n <= 32 else 0.4)
    for i in range(n):
        for j in range(n):
            ax.add_patch(Rectangle((j * c, i * c), c, c, facecolor=pal.muted, alpha=0.35, edgecolor=pal.background,
                                   linewidth=edge))
    # the one-step path the text names: one direct arc from the first token (the key x_1 over the table)
    # to the last (the query x_N beside it), kept outside the table so it cannot be read as hops down
    # a column; it lands on the outlined cell's row (the RNN needs N − 1 hops for the same trip)
    ax.add_patch(Rectangle((0, (n - 1) * c), c, c, fill=False, edgecolor=pal.ink, linewidth=2.6, zorder=3))
    ax.add_patch(FancyArrowPatch((0.5 * c - 0.25, -0.5), (-0.95, (n - 0.5) * c), connectionstyle="arc3,rad=0.55",
                                 arrowstyle="-|>", mutation_scale=13, color=pal.ink, linewidth=2.0, shrinkA=2,
                                 shrinkB=2, zorder=4))
    ax.text(-2.35, GRID * 0.45, look.t(STRINGS, "arc", hops=data.attention_longest_path, n=n, pairs=fmt_int(data.pairs)),
            ha="right", va="center", fontsize=10, color=pal.ink)  # the cost beside the one step: N² pairs
    size = 10  # scripts at 0.7 of it reach 7 pt
    labelled = range(n) if n <= LABEL_ALL else (0, n - 1)
    for i in labelled:
        ax.text(-0.2, (i + 0.5) * c, _sub("x", i + 1), ha="right", va="center", fontsize=size)
        ax.text((i + 0.5) * c, -0.2, _sub("x", i + 1), ha="center", va="bottom", fontsize=size)
    ax.text(GRID + 0.35, GRID / 2, look.t(STRINGS, "query"), rotation=90, ha="center", va="center", fontsize=8.5,
            color=pal.muted)
    ax.text(GRID / 2, -0.85, look.t(STRINGS, "key"), ha="center", va="bottom", fontsize=8.5, color=pal.muted)
    ax.set_xlim(-3.3, GRID + 0.6)
    ax.set_ylim(GRID + 1.45, -1.3)
    ax.set_aspect("equal")
    ax.axis("off")
    label = look.t(STRINGS, "attn_label", n="{" + str(n) + "}", hops=data.attention_longest_path)
    ax.text(-3.2, GRID + 0.55, _math(label).replace(f"x_{{{n}}}", rf"$x_{{{n}}}$"), fontsize=10, color=pal.ink,
            va="center")
    ax.text(-3.2, GRID + 1.15, look.t(STRINGS, "attn_order"), fontsize=9.5, color=pal.bad, va="center")
    ax.set_title(look.t(STRINGS, "attn"), loc="left", fontsize=11)
    ax.set_anchor("N")


def caption(data, look: Look) -> str:
    """For the note's text: what each half shows, in the figure's own numbers."""
    n = data.n_tokens
    lines = [look.t(STRINGS, "rnn_steps", n=n),
             look.t(STRINGS, "rnn_path", n=n, hops=data.rnn_longest_path).replace(f"h_{n}", "h" + subscript(n)),
             look.t(STRINGS, "rnn_order"),
             look.t(STRINGS, "attn_pairs", n=n, pairs=fmt_int(data.pairs)),
             look.t(STRINGS, "attn_steps", steps=data.attention_steps),
             look.t(STRINGS, "attn_path", hops=data.attention_longest_path, n=n).replace(f"x_{n}", "x" + subscript(n)),
             look.t(STRINGS, "attn_order")]
    return "\n".join(lines)


def make(data, look: Look):
    fig, (left, right) = new_figure(7.2, 3.0, ncols=2, width_ratios=[1.3, 1.2])
    draw_rnn(left, data, look)
    draw_attention(right, data, look)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=12)
    return fig
