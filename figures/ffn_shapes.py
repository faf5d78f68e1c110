"""ffn_shapes: the FeedForward's shape flow 768 → 3,072 → 768 (seed 004 §4.3 "FeedForward：768 → 3072 → 768").

Each row is the tensor after one stage, named as such on its left, its bar (a neutral fill: width is the
message) as wide as its last dimension and its shape beside it; the shapes come from a real forward pass
(engine.ffn.ffn_shapes), any width, expansion, batch and sentence length. One label: a bracket joins the two
Linear rows with their sum and its share of one block (4,722,432, ⅔ of 7,085,568); each Linear's weight and
bias arithmetic and the block's count are the caption's.
"""
from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from figures.common import new_figure, text_width_pt, titled
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "panel", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Shape in = shape out\nFeedForward: expand {e} → {h} (×{k}), GELU, contract {h} → {e}",
        "title_same": "Shape in = shape out\nFeedForward at ×{k}: {e} → {h}, GELU, {h} → {e}",
        "input": "input x",
        "linear1": "after Linear {e} → {h}",
        "gelu": "after GELU",
        "linear2": "after Linear {h} → {e}",
        "shape": "[{shape}]",
        "params": "{a} × {b} weights + {bias} biases = {n}",
        "brace": "{n} parameters\n({share} of a block)",
        "c_shapes": ("Each box is the tensor after one stage, as wide as its last dimension; the input x is batch {b}, "
                     "{t} tokens, {e} numbers each. Parameters: Linear {e} → {h}: {p1}; GELU: none, the shape "
                     "unchanged; Linear {h} → {e}: {p2}. "),
        "c_block": ("Because the output has the input's shape, blocks stack without glue. One block here is a GPT-2-style block of width {e} whose Q, K, V have no biases: {block} "
                    "parameters, of which the FeedForward's {n} are {pct}."),
        "axis": "width of the last dimension",
    },
    "zh-Hant": {
        "title": "輸出形狀等於輸入形狀\nFeedForward：先放大 {e} → {h}（×{k}）、GELU、再收縮 {h} → {e}",
        "title_same": "輸出形狀等於輸入形狀\nFeedForward（×{k}）：{e} → {h}、GELU、{h} → {e}",
        "input": "輸入 x",
        "linear1": "Linear {e} → {h} 之後",
        "gelu": "GELU 之後",
        "linear2": "Linear {h} → {e} 之後",
        "shape": "[{shape}]",
        "params": "{a} × {b} 個權重 + {bias} 個偏置 = {n}",
        "brace": "{n} 個參數\n（一個區塊的{share}）",
        "c_shapes": ("每個方塊是一個階段之後的張量，寬度等於它最後一維；輸入 x 為批次 {b}、每句 {t} 個詞元、每個詞元 {e} 維。"
                     "參數：Linear {e} → {h}：{p1}；GELU：沒有參數，形狀不變；Linear {h} → {e}：{p2}。"),
        "c_block": "進出形狀相同，區塊才能直接疊起來。這裡的一個區塊是寬 {e}、Q、K、V 不含偏置的 GPT-2 式區塊：共 {block} 個參數，FeedForward 的 {n} 個占 {pct}。",
        "axis": "最後一維的寬度",
    },
    "zh-Hans": {
        "title": "输出形状等于输入形状\nFeedForward：先放大 {e} → {h}（×{k}）、GELU、再收缩 {h} → {e}",
        "title_same": "输出形状等于输入形状\nFeedForward（×{k}）：{e} → {h}、GELU、{h} → {e}",
        "input": "输入 x",
        "linear1": "Linear {e} → {h} 之后",
        "gelu": "GELU 之后",
        "linear2": "Linear {h} → {e} 之后",
        "shape": "[{shape}]",
        "params": "{a} × {b} 个权重 + {bias} 个偏置 = {n}",
        "brace": "{n} 个参数\n（一个区块的{share}）",
        "c_shapes": ("每个方块是一个阶段之后的张量，宽度等于它最后一维；输入 x 为批量 {b}、每句 {t} 个词元、每个词元 {e} 维。"
                     "参数：Linear {e} → {h}：{p1}；GELU：没有参数，形状不变；Linear {h} → {e}：{p2}。"),
        "c_block": "进出形状相同，区块才能直接叠起来。这里的一个区块是宽 {e}、Q、K、V 不含偏置的 GPT-2 式区块：共 {block} 个参数，FeedForward 的 {n} 个占 {pct}。",
        "axis": "最后一维的宽度",
    },
}

DECIMALS = {"block_share": 4, "block_percent": 1, "input_rms": 4, "output_rms": 4}

BAR_X0 = 0.0  # bars start here; their width is BAR_SPAN × dim / widest dim
BAR_SPAN = 0.32  # the widest bar; its shape is written to its right
BRACE_GAP = 0.1  # from the longest shape text to the bracket over the Linear rows
X_MAX = 1.62  # the right end of the drawing
LEFT = 0.45  # room left of the bars for the stage names
ROW_GAP = 1.0
BAR_H = 0.42
ARROW_X = 0.1
LEADER = 0.035  # how far right of its bracket a leader ends
LEADER_GAP = 0.025  # from the leaders' end to the bracket's text (about 6 pt)
AXES_SHARE = 0.96  # the drawing's share of the figure width (no axis, no ticks)


def _width(fig, text: str, size: float, look: Look, weight="normal") -> float:
    """A text's width in the drawing's x units (the axes span X_MAX + LEFT units)."""
    points = text_width_pt(fig, text, size, list(look.figure_fonts), weight)
    return points / (fig.get_size_inches()[0] * 72 * AXES_SHARE) * (X_MAX + LEFT)


def draw(ax, data, look: Look) -> None:
    pal = look.palette
    fig = ax.figure
    e, h, k = data.emb_dim, data.hidden_dim, data.expansion
    widest = max(shape[-1] for shape in data.shapes)
    n = len(data.stages)
    pad = 0.012
    ends = []  # where each shape text ends: the bracket stands right of the longest
    for i, (stage, shape) in enumerate(zip(data.stages, data.shapes)):
        y = (n - 1 - i) * ROW_GAP
        width = BAR_SPAN * shape[-1] / widest
        ax.add_patch(FancyBboxPatch((BAR_X0, y - BAR_H / 2), width, BAR_H, boxstyle="round,pad=0,rounding_size=0.04",
                                    facecolor=pal.panel, edgecolor=pal.muted, linewidth=1.0))
        shape_text = look.t(STRINGS, "shape", shape=", ".join(fmt_int(int(d)) for d in shape))
        ends.append(BAR_X0 + width + pad + _width(fig, shape_text, 9.5, look, weight="bold"))
        ax.text(BAR_X0 + width + pad, y, shape_text, ha="left", va="center",  # beside every bar, in one place
                fontsize=9.5, color=pal.ink, fontweight="bold", family=look.figure_font)
        ax.text(-0.03, y, look.t(STRINGS, stage, e=fmt_int(e), h=fmt_int(h)), ha="right", va="center", fontsize=9.5,
                color=pal.ink)  # the tensor the box is: the input, or what one stage gives
        if i < n - 1:
            ax.add_patch(FancyArrowPatch((ARROW_X, y - BAR_H / 2 - 0.02), (ARROW_X, y - ROW_GAP + BAR_H / 2 + 0.02),
                                         arrowstyle="-|>", mutation_scale=14, color=pal.muted, lw=1.2))
    _brace(ax, data, look, n, max(ends) + BRACE_GAP)
    ax.set_xlim(-LEFT, X_MAX)
    ax.set_ylim(-0.55, (n - 1) * ROW_GAP + 0.45)
    ax.axis("off")
    titled(ax, look.t(STRINGS, "title" if k > 1 else "title_same", e=fmt_int(e), h=fmt_int(h), k=k), look, loc="left",
           fontsize=10.5)  # the claim; what the FeedForward does is the subtitle


def _brace(ax, data, look: Look, n: int, x: float) -> None:
    """A bracket at the right edge over the rows that carry parameters (the two Linear layers), with their
    sum and its share of one block (engine.ffn: total_params, block_params, block_percent)."""
    rows = [(n - 1 - i) * ROW_GAP for i in range(n) if data.params[i]]
    if not rows:
        return
    mid = (max(rows) + min(rows)) / 2
    for y in rows:  # one bracket per Linear row (not over GELU, which has none), each led to the one text
        top, bottom = y + BAR_H / 2, y - BAR_H / 2
        ax.plot([x - 0.025, x, x, x - 0.025], [top, top, bottom, bottom], color=look.palette.muted, lw=1.2,
                solid_joinstyle="miter")
        ax.plot([x, x + LEADER], [y, mid + (y - mid) * 0.08], color=look.palette.muted, lw=1.0)
    # the leaders meet at the text's middle line, LEADER_GAP short of it: no leader reaches a line of the note
    ax.text(x + LEADER + LEADER_GAP, mid, look.t(STRINGS, "brace", n=fmt_int(data.total_params), share=share(data, look)),
            ha="left", va="center", fontsize=9.5, color=look.palette.ink)


FRACTIONS = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
             (3, 5): "⅗", (4, 5): "⅘"}  # the Chinese faces lack these glyphs: there it is 三分之二
HANZI = "〇一二三四五"


def share(data, look: Look) -> str:
    """The FeedForward's share of a block as the bracket writes it: a simple fraction when the record's
    block_share is within 0.005 of one (⅔ for 0.6665 at ×4), else the percent to one decimal."""
    a, b = min(FRACTIONS, key=lambda f: abs(f[0] / f[1] - data.block_share))
    if abs(a / b - data.block_share) < 0.005:
        return FRACTIONS[(a, b)] if look.lang == "en" else f"{HANZI[b]}分之{HANZI[a]}"
    return ("" if look.lang == "en" else " ") + fmt_num(data.block_percent, DECIMALS["block_percent"]) + " %"


def caption(data, look: Look) -> str:
    """What the boxes are, each Linear's parameter arithmetic, what the shape means, and the FeedForward's
    parameters as a share of one block's."""
    e, h = fmt_int(data.emb_dim), fmt_int(data.hidden_dim)
    p = [look.t(STRINGS, "params", a=fmt_int(data.shapes[i - 1][-1]), b=fmt_int(data.shapes[i][-1]),
                bias=fmt_int(int(data.biases[i])), n=fmt_int(int(data.params[i])))
         for i in range(len(data.stages)) if data.params[i]]
    b, t = data.shapes[0][0], data.shapes[0][1]
    head = look.t(STRINGS, "c_shapes", b=fmt_int(b), t=fmt_int(t), e=e, h=h, p1=p[0], p2=p[-1])
    return head + look.t(STRINGS, "c_block", e=fmt_int(data.emb_dim), block=fmt_int(data.block_params), n=fmt_int(data.total_params),
               pct=fmt_num(data.block_percent, 1) + "%")


def make(data, look: Look):
    fig, ax = new_figure(7.2, 3.5)
    draw(ax, data, look)
    return fig
