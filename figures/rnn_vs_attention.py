"""rnn_vs_attention: an RNN's serial chain against self-attention's all-pairs table (seed 002 §01, 图 1).

Left: the RNN hands h along the sequence, one step per token; the order is built into the
computation, and the first token reaches the last state only after N − 1 numbered steps. Right: the same
tokens as keys (below) and queries (above), each a box as the chain's inputs are (a circle is only ever the chain's
state h), every key joined to every query by one line, the N² pairs of one
parallel step (no causal mask: all N² drawn, as the label says); the line from the key x₁ to the query x_N, in ink at a highlight's stroke (ROUTE_ROLE),
is the one step the label counts, named in this panel's own tokens: the key x₁ reaches the query x_N; nothing in
those pairs says which token came first without a position encoding (no causal mask, as the panel's title says). The two panels' token rows are level. Any N from 2 to 64: beyond
CHAIN_FULL tokens both show the first three and last two tokens around an ellipsis.
"""
from __future__ import annotations

from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch

from figures.parts_type import BODY_PT, NOTE_PT, TITLE_PT
from figures.common import new_figure, title_margin, title_x
from look import Look, fmt_int
from look.formats import subscript
from look.palette import HIGHLIGHT_LW, MEANINGS as MEANINGS_MAP

COLOUR_ROLES = ("ink", "muted", "panel", "background")  # the look.palette.ROLES it draws
MEANINGS = ("highlight",)  # look.palette.MEANINGS it draws: x₁'s route, no hue

STRINGS = {
    "en": {
        "arc": "{hops} step\nfor all {n} × {n}\n= {pairs} pairs",
        "title": "x₁ reaches position {n} in {hops} steps in an RNN, in {a} step in self-attention",
        "rnn": "RNN: a serial chain",
        "attn": "Self-attention: all pairs",
        "caption": ("An RNN (left) reads the {n} tokens one after another, handing its state h along the chain "
                    "(the arrow into h₁ brings the initial state h₀); each state needs the one before it, so the {hops} hops run one after another and x₁ reaches h{N} only after N − 1 = {hops} "
                    "{hops_word}, the numbered hops, and the order is written into the computation; self-attention "
                    "(right) scores all {n} × {n} = {pairs} query–key pairs (no causal mask) in {steps} parallel step (one matrix "
                    "product QKᵀ), one line per pair from a key below to a query above, so x{N} reads x₁ directly in {a_hops} "
                    "step, the arc from the key x₁ to the query x{N}, and, unless a position encoding is added to the tokens, nothing in "
                    "those pairs says which token came first. Both sides count the moves from position 1 to position {n}: x₁ enters "
                    "h₁ at its own position as the key x₁ is made at its own, and neither is counted."),
        "query": "queries",
        "key": "keys",
    },
    "zh-Hant": {
        "arc": "{hops} 步，\n{n} × {n} = {pairs}\n個配對一起算",
        "title": "x₁ 到位置 {n}，在 RNN 裡要走 {hops} 步，在自注意力裡只要 {a} 步",
        "rnn": "RNN：一條串行的鏈",
        "attn": "自注意力：所有配對",
        "caption": ("RNN（左）把 {n} 個 token 一個接一個讀進來，狀態 h 沿著鏈傳下去（指向 h₁ 的箭頭帶入初始狀態 h₀），"
                    "每個狀態都要等前一個算完，{hops} 步只能一步接一步，所以 x₁ 要走 N − 1 = {hops} 步（標了編號的箭頭）才到 h{N}，順序被寫進了計算過程本身；"
                    "自注意力（右）在 {steps} 個並行步驟（一次矩陣乘法 QKᵀ）裡算完全部 {n} × {n} = {pairs} 個（沒有因果遮罩）"
                    "query–key 配對，每個配對是一條從下方的鍵連到上方查詢的線，所以 x{N} 經由從鍵 x₁ 到查詢 x{N} 的弧線 {a_hops} 步就直接讀到 x₁，"
                    "而除非在 token 上加入位置編碼，這些配對裡沒有任何東西說明誰先出現。兩邊數的都是從位置 1 到位置 {n} 的移動："
                    "x₁ 在自己的位置進入 h₁，正如鍵 x₁ 在自己的位置產生，兩者都不算一步。"),
        "query": "查詢 query",
        "key": "鍵 key",
    },
    "zh-Hans": {
        "arc": "{hops} 步，\n{n} × {n} = {pairs}\n个配对一起算",
        "title": "x₁ 到位置 {n}，在 RNN 里要走 {hops} 步，在自注意力里只要 {a} 步",
        "rnn": "RNN：一条串行的链",
        "attn": "自注意力：所有配对",
        "caption": ("RNN（左）把 {n} 个 token 一个接一个读进来，状态 h 沿着链传下去（指向 h₁ 的箭头带入初始状态 h₀），"
                    "每个状态都要等前一个算完，{hops} 步只能一步接一步，所以 x₁ 要走 N − 1 = {hops} 步（标了编号的箭头）才到 h{N}，顺序被写进了计算过程本身；"
                    "自注意力（右）在 {steps} 个并行步骤（一次矩阵乘法 QKᵀ）里算完全部 {n} × {n} = {pairs} 个（没有因果遮罩）"
                    "query–key 配对，每个配对是一条从下方的键连到上方查询的线，所以 x{N} 经由从键 x₁ 到查询 x{N} 的弧线 {a_hops} 步就直接读到 x₁，"
                    "而除非在 token 上加入位置编码，这些配对里没有任何东西说明谁先出现。两边数的都是从位置 1 到位置 {n} 的移动："
                    "x₁ 在自己的位置进入 h₁，正如键 x₁ 在自己的位置产生，两者都不算一步。"),
        "query": "查询 query",
        "key": "键 key",
    },
}

DECIMALS: dict = {}


def _sub(name: str, i) -> str:
    return rf"${name}_{{{i}}}$"


def _math(text: str) -> str:
    """x₁ / h_N / QKᵀ in the strings as mathtext, so no font needs subscript glyphs."""
    return (text.replace("x₁", r"$x_1$").replace("h₁", r"$h_1$").replace("QKᵀ", r"$QK^{T}$"))


ROUTE_ROLE = MEANINGS_MAP["highlight"]  # x₁'s route, chain and arc, and its two ends: a highlight, ink at HIGHLIGHT_LW
# against the 0.7-1 pt muted marks around it; no hue (`cool` is content E alone, `accent` LayerNorm's run alone)

CHAIN_FULL = 8  # up to this many tokens the chain shows every step


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
    x0 = (room - len(slots)) / 2 * STEP  # a short chain sits in the middle
    ax.set_xlim(*rnn_xlim(room))  # room for h₀'s arrow, a stem before its head
    ax.set_ylim(*YLIM)  # as the table's panel: the token rows level
    ax.set_aspect("equal")
    ax.axis("off")
    for k, t in enumerate(slots):
        x = x0 + k * STEP
        if t is None:  # the steps left out
            ax.text(x, 0.3, "⋯", ha="center", va="center", fontsize=14, color=pal.ink)
            ax.text(x, -0.8, "⋯", ha="center", va="center", fontsize=14, color=pal.muted)
        else:
            first = t == 1  # x₁'s way in starts the path the label counts: drawn in ink at a highlight's stroke (ROUTE_ROLE), as the chain
            ax.add_patch(FancyBboxPatch((x - 0.28, -1.05), 0.56, 0.5, boxstyle="round,pad=0.02",
                                        facecolor=pal.panel, edgecolor=getattr(pal, ROUTE_ROLE) if first else pal.muted,
                                        linewidth=HIGHLIGHT_LW if first else 1.0))
            ax.text(x, -0.8, _sub("x", t), ha="center", va="center", fontsize=10)
            ax.add_patch(Circle((x, 0.3), r, facecolor=pal.background, edgecolor=getattr(pal, ROUTE_ROLE), linewidth=HIGHLIGHT_LW))
            ax.text(x, 0.3, _sub("h", t), ha="center", va="center", fontsize=10)
            ax.add_patch(FancyArrowPatch((x, -0.53), (x, 0.3 - r - 0.02), arrowstyle="-|>", mutation_scale=11 if first else 9,
                                         color=getattr(pal, ROUTE_ROLE) if first else pal.muted, linewidth=HIGHLIGHT_LW if first else 1.0))
        if k > 0:
            start = x - STEP + (0.25 if slots[k - 1] is None else r + 0.02)
            stop = x - (0.25 if t is None else r + 0.02)
            ax.add_patch(FancyArrowPatch((start, 0.3), (stop, 0.3), arrowstyle="-|>", mutation_scale=11,
                                         color=getattr(pal, ROUTE_ROLE), linewidth=HIGHLIGHT_LW, shrinkA=0, shrinkB=0))  # a stem, not a head alone
            if t is not None and slots[k - 1] is not None:  # hop h_t → h_t+1 is hop t of the N − 1 counted
                ax.text(x - STEP / 2, 0.4, str(slots[k - 1]), ha="center", va="bottom", fontsize=NOTE_PT, color=getattr(pal, ROUTE_ROLE),
                        fontweight="bold")
    # h_0 feeds the first step: an arrow with a stem as long as a hop's, named above its stem
    ax.add_patch(FancyArrowPatch((x0 - H0_LEFT, 0.3), (x0 - r - 0.02, 0.3), arrowstyle="-|>", mutation_scale=11,
                                 color=getattr(pal, ROUTE_ROLE), linewidth=HIGHLIGHT_LW, shrinkA=0, shrinkB=0))
    ax.text(x0 - (H0_LEFT + r) / 2, 0.42, _sub("h", 0), ha="center", va="bottom", fontsize=BODY_PT, color=pal.ink)
    # why its hops cannot run at once is the caption's; the title counts them
    ax.set_title(look.t(STRINGS, "rnn"), loc="left", fontsize=BODY_PT, fontweight="bold")
    ax.set_anchor("NW")  # its title's left edge under the figure's title


STEP = 1.4  # the chain's spacing (data units): a hop arrow with a stem between its circles, its number above it
H0_LEFT = 0.95  # where h₀'s arrow starts, left of h₁'s centre (data units): its stem reads before the head
PAIR_LW = 0.7  # the pair lines (points), opaque in `muted`: 4.8:1 on light paper, 6.3:1 on dark, the 4.5:1 text rule
YLIM = (-1.15, 1.95)  # both panels: the query row's top to the token boxes' foot, no empty band under them
ARC_GAP = 1.5  # points between the arc's tip and the query box's edge: the head's stroke (2.2 pt) ends on the edge
QUERY_Y = 1.5  # the query row's height (data units): above the keys, as the RNN's states sit above its inputs


def draw_attention(ax, data, look: Look) -> None:
    """The same tokens twice, keys below and queries above, every key joined to every query by one line: the N × N
    query–key pairs (data.pairs) of one parallel step, each a single step; the line from the key x₁ to the query x_N
    drawn in ink at a highlight's stroke (ROUTE_ROLE) with an arrow, the path the RNN needs N − 1 hops for (data.attention_longest_path = 1). Beyond
    CHAIN_FULL tokens, the chain's slots (first three, last two around an ellipsis)."""
    pal = look.palette
    n = data.n_tokens
    r = 0.32
    slots = chain_slots(n)
    room = max(len(slots), 6)
    x0 = (room - len(slots)) / 2
    xs = {t: x0 + k for k, t in enumerate(slots) if t is not None}
    key_top, query_low = -0.53, QUERY_Y - 0.27
    for ti, xi in xs.items():  # query x_i reads key x_j: one line per pair, all drawn at once
        for tj, xj in xs.items():
            if (ti, tj) != (n, 1):
                ax.plot([xj, xi], [key_top, query_low], color=pal.muted, lw=PAIR_LW, zorder=1,
                        solid_capstyle="butt")  # opaque `muted`: text contrast (4.5:1) on either paper
    ax.add_patch(FancyArrowPatch((xs[1], key_top), (xs[n], query_low), connectionstyle="arc3,rad=0.12",
                                 arrowstyle="-|>", mutation_scale=12, color=getattr(pal, ROUTE_ROLE), linewidth=HIGHLIGHT_LW, shrinkA=0,
                                 shrinkB=ARC_GAP, joinstyle="miter", zorder=2.5))  # the one step the label counts:
    # under the boxes (zorder 3), its tip ARC_GAP points short of x_N's edge so its stroke stops at the edge
    for k, t in enumerate(slots):
        x = x0 + k
        if t is None:
            for y in (QUERY_Y, -0.8):
                ax.text(x, y, "⋯", ha="center", va="center", fontsize=14, color=pal.ink, zorder=5,
                        bbox=dict(boxstyle="square,pad=0.1", facecolor=pal.background, edgecolor="none"))
            continue
        ends = t in (1, n)  # the path's two ends in ink at a highlight's stroke (ROUTE_ROLE), as the chain's first input is
        ax.add_patch(FancyBboxPatch((x - 0.28, -1.05), 0.56, 0.5, boxstyle="round,pad=0.02", facecolor=pal.panel,
                                    edgecolor=getattr(pal, ROUTE_ROLE) if t == 1 else pal.muted, linewidth=HIGHLIGHT_LW if t == 1 else 1.0,
                                    zorder=3))
        ax.text(x, -0.8, _sub("x", t), ha="center", va="center", fontsize=10, zorder=5)
        ax.add_patch(FancyBboxPatch((x - 0.28, QUERY_Y - 0.25), 0.56, 0.5, boxstyle="round,pad=0.02",
                                    facecolor=pal.panel, edgecolor=getattr(pal, ROUTE_ROLE) if t == n else pal.muted,
                                    linewidth=HIGHLIGHT_LW if t == n else 1.0, zorder=3))  # a token: a box, as the keys and
        # the chain's inputs are; a circle is the chain's state h alone
        ax.text(x, QUERY_Y, _sub("x", t), ha="center", va="center", fontsize=10, zorder=5)
    right = x0 + len(slots) - 1 + 0.45
    ax.text(right, QUERY_Y, look.t(STRINGS, "query"), ha="left", va="center", fontsize=NOTE_PT, color=pal.muted)
    ax.text(right, -0.8, look.t(STRINGS, "key"), ha="left", va="center", fontsize=NOTE_PT, color=pal.muted)
    ax.text(right, (QUERY_Y - 0.8) / 2, look.t(STRINGS, "arc", hops=data.attention_longest_path, n=n,
                                                pairs=fmt_int(data.pairs)),
            ha="left", va="center", fontsize=10, color=pal.ink, linespacing=1.3)  # the cost beside the one step
    ax.set_xlim(*attention_xlim(room))
    ax.set_ylim(*YLIM)  # as the chain's panel: the two rows of tokens level with the chain's
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(look.t(STRINGS, "attn"), loc="left", fontsize=BODY_PT, fontweight="bold")
    ax.set_anchor("N")


RIGHT_MARGIN_IN = 0.25  # paper right of the figure's rightmost text (inches)


def rnn_xlim(room: int) -> tuple:
    """The chain panel's x range: h₀'s arrow on the left, the last state and its label's end on the right."""
    return (-H0_LEFT - 0.05, (room - 1) * STEP + 0.75)


def attention_xlim(room: int) -> tuple:
    """The table panel's x range: the tokens, then the row names and the cost beside the arc."""
    return (-0.7, room + 1.7)


def caption(data, look: Look) -> str:
    """For the note's text: one sentence on what each half shows, in the figure's own numbers (the
    chain's N − 1 numbered hops, the arc's one step)."""
    n = data.n_tokens
    return look.t(STRINGS, "caption", n=n, N=subscript(n), hops=data.rnn_longest_path,
                  hops_word="step" if data.rnn_longest_path == 1 else "steps", pairs=fmt_int(data.pairs),
                  steps=data.attention_steps, a_hops=data.attention_longest_path)


TOP_PAD_IN = 0.1  # paper above the title (7 pt; the layout's 3 pt pad alone left it at the top edge)
TOP_EXTRA_IN = TOP_PAD_IN - 3 / 72  # beyond that pad: the figure grows by it, the panels keep their size
HEAD_GAP_IN = 0.1  # paper between the title and the panels' headings (7 pt): the figure grows by it too


def make(data, look: Look):
    room = max(len(chain_slots(data.n_tokens)), 6)
    widths = [hi - lo for lo, hi in (rnn_xlim(room), attention_xlim(room))]  # the x ranges: level rows
    fig, (left, right) = new_figure(7.2, 1.72 + TOP_EXTRA_IN + HEAD_GAP_IN, ncols=2, width_ratios=widths)  # the panels' height at
    # their width, and the paper added above the title
    draw_rnn(left, data, look)
    draw_attention(right, data, look)
    # the first token and the last position from the record (x₁, position N = 6): one destination for both halves
    fig.suptitle(look.t(STRINGS, "title", hops=data.rnn_longest_path, a=data.attention_longest_path, n=data.n_tokens),
                 x=title_x(fig), ha="left", fontsize=TITLE_PT)
    title_margin(fig)  # the left panel's title in line with the suptitle, 5.2 pt in
    engine = fig.get_layout_engine()  # and at least RIGHT_MARGIN_IN of paper right of the longest line (the
    x0, _, w, h = engine.get()["rect"]  # Chinese panel heading and the cost beside the arc reach the layout's edge)
    title = fig._suptitle  # set by hand TOP_PAD_IN below the top (the layout would put it h_pad below it); the
    # layout's top lowered under it by its height and a pad either side, the room the layout itself keeps for a suptitle
    title.set_in_layout(False)
    title.set_y(1 - TOP_PAD_IN / fig.get_figheight())
    title.set_va("top")
    pad = engine.get()["h_pad"]
    tall = title.get_window_extent(fig.canvas.get_renderer()).height / fig.dpi
    engine.set(rect=(x0, 0, w - max(0.0, RIGHT_MARGIN_IN - engine.get()["w_pad"]) / fig.get_figwidth(),
                     h - (TOP_PAD_IN + tall + pad + HEAD_GAP_IN) / fig.get_figheight()))
    return fig
