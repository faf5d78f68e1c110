"""ffn_shapes: the FeedForward's shape flow 768 → 3,072 → 768 (seed 004 §4.3 "FeedForward：768 → 3072 → 768").

Each row is the tensor after one stage, its bar (a neutral fill: width is the message) as wide as its
last dimension, every note to the right of its bar; the shapes come from a
real forward pass (engine.ffn.ffn_shapes) and each Linear carries its weight and bias count. Any width,
expansion, batch and sentence length: and
a note that does not fit beside the bar goes under it. Every shape is written beside its bar, in one place.
A bracket at the right joins the two Linear rows with their sum and its share of one block (4,722,432 =
66.6 % of 7,085,568), which the caption also gives.
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
        "linear1": "Linear {e} → {h}",
        "gelu": "GELU",
        "linear2": "Linear {h} → {e}",
        "shape": "[{shape}]",
        "params": "{a} × {b} weights + {bias} biases = {n}",
        "no_params": "no parameters, shape unchanged",
        "input_note": "batch {b}, {t} tokens, {e} numbers each",
        "brace": "the two Linear layers:\n{n} parameters\n= {pct} of a block\nof {block}\n(Q, K, V without biases)",
        "c_block": ("Because the output has the input's shape, blocks stack without glue. One block here is a GPT-2-style block of width {e} whose Q, K, V have no biases: {block} "
                    "parameters, of which the FeedForward's {n} are {pct}."),
        "axis": "width of the last dimension",
    },
    "zh-Hant": {
        "title": "輸出形狀等於輸入形狀\nFeedForward：先放大 {e} → {h}（×{k}）、GELU、再收縮 {h} → {e}",
        "title_same": "輸出形狀等於輸入形狀\nFeedForward（×{k}）：{e} → {h}、GELU、{h} → {e}",
        "input": "輸入 x",
        "linear1": "Linear {e} → {h}",
        "gelu": "GELU",
        "linear2": "Linear {h} → {e}",
        "shape": "[{shape}]",
        "params": "{a} × {b} 個權重 + {bias} 個偏置 = {n}",
        "no_params": "沒有參數，形狀不變",
        "input_note": "批次 {b}、每句 {t} 個詞元、每個詞元 {e} 維",
        "brace": "兩個 Linear 層：\n{n} 個參數\n= 一個區塊的 {pct}\n（區塊共 {block}，\nQ、K、V 不含偏置）",
        "c_block": "進出形狀相同，區塊才能直接疊起來。這裡的一個區塊是寬 {e}、Q、K、V 不含偏置的 GPT-2 式區塊：共 {block} 個參數，FeedForward 的 {n} 個占 {pct}。",
        "axis": "最後一維的寬度",
    },
    "zh-Hans": {
        "title": "输出形状等于输入形状\nFeedForward：先放大 {e} → {h}（×{k}）、GELU、再收缩 {h} → {e}",
        "title_same": "输出形状等于输入形状\nFeedForward（×{k}）：{e} → {h}、GELU、{h} → {e}",
        "input": "输入 x",
        "linear1": "Linear {e} → {h}",
        "gelu": "GELU",
        "linear2": "Linear {h} → {e}",
        "shape": "[{shape}]",
        "params": "{a} × {b} 个权重 + {bias} 个偏置 = {n}",
        "no_params": "没有参数，形状不变",
        "input_note": "批次 {b}、每句 {t} 个词元、每个词元 {e} 维",
        "brace": "两个 Linear 层：\n{n} 个参数\n= 一个区块的 {pct}\n（区块共 {block}，\nQ、K、V 不含偏置）",
        "c_block": "进出形状相同，区块才能直接叠起来。这里的一个区块是宽 {e}、Q、K、V 不含偏置的 GPT-2 式区块：共 {block} 个参数，FeedForward 的 {n} 个占 {pct}。",
        "axis": "最后一维的宽度",
    },
}

DECIMALS = {"block_share": 4, "block_percent": 1, "input_rms": 4, "output_rms": 4}

BAR_X0 = 0.0  # bars start here; their width is BAR_SPAN × dim / widest dim
BAR_SPAN = 0.32  # the widest bar: the notes beside every bar fit to its right
NOTES_END = 1.0  # the notes end here; the bracket over the Linear rows and its text are to the right
X_MAX = 1.62  # the right end of the drawing
LEFT = 0.45  # room left of the bars for the stage names
ROW_GAP = 1.0
BAR_H = 0.42
ARROW_X = 0.1
NOTE_BELOW_X = 0.16  # a note under its bar starts right of the arrows
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
    for i, (stage, shape) in enumerate(zip(data.stages, data.shapes)):
        y = (n - 1 - i) * ROW_GAP
        width = BAR_SPAN * shape[-1] / widest
        ax.add_patch(FancyBboxPatch((BAR_X0, y - BAR_H / 2), width, BAR_H, boxstyle="round,pad=0,rounding_size=0.04",
                                    facecolor=pal.panel, edgecolor=pal.muted, linewidth=1.0))
        shape_text = look.t(STRINGS, "shape", shape=", ".join(fmt_int(int(d)) for d in shape))
        shape_w = _width(fig, shape_text, 9.5, look, weight="bold")
        ax.text(BAR_X0 + width + pad, y, shape_text, ha="left", va="center",  # beside every bar, in one place
                fontsize=9.5, color=pal.ink, fontweight="bold", family=look.figure_font)
        end = width + pad + shape_w
        ax.text(-0.03, y, look.t(STRINGS, stage, e=fmt_int(e), h=fmt_int(h)), ha="right", va="center", fontsize=9.5,
                color=pal.ink)
        if data.params[i]:
            fan_in = data.shapes[i - 1][-1]
            note = look.t(STRINGS, "params", a=fmt_int(fan_in), b=fmt_int(shape[-1]), bias=fmt_int(int(data.biases[i])),
                          n=fmt_int(int(data.params[i])))
        elif stage == "input":
            note = look.t(STRINGS, "input_note", b=fmt_int(shape[0]), t=fmt_int(shape[1]), e=fmt_int(shape[-1]))
        else:
            note = look.t(STRINGS, "no_params")
        colour = pal.ink if data.params[i] else pal.muted
        if end + 0.05 + _width(fig, note, 8.5, look) <= NOTES_END:
            ax.text(end + 0.05, y, note, ha="left", va="center", fontsize=8.5, color=colour)
        else:  # under its bar, right of the arrows
            ax.text(NOTE_BELOW_X, y - BAR_H / 2 - 0.06, note, ha="left", va="top", fontsize=8.5, color=colour)
        if i < n - 1:
            ax.add_patch(FancyArrowPatch((ARROW_X, y - BAR_H / 2 - 0.02), (ARROW_X, y - ROW_GAP + BAR_H / 2 + 0.02),
                                         arrowstyle="-|>", mutation_scale=14, color=pal.muted, lw=1.2))
    _brace(ax, data, look, n)
    ax.set_xlim(-LEFT, X_MAX)
    ax.set_ylim(-0.55, (n - 1) * ROW_GAP + 0.45)
    ax.axis("off")
    titled(ax, look.t(STRINGS, "title" if k > 1 else "title_same", e=fmt_int(e), h=fmt_int(h), k=k), look, loc="left",
           fontsize=10.5, fontweight="bold")  # the claim in bold; what the FeedForward does is the subtitle


def _brace(ax, data, look: Look, n: int) -> None:
    """A bracket at the right edge over the rows that carry parameters (the two Linear layers), with their
    sum and its share of one block (engine.ffn: total_params, block_params, block_percent)."""
    rows = [(n - 1 - i) * ROW_GAP for i in range(n) if data.params[i]]
    if not rows:
        return
    x = NOTES_END + 0.16
    mid = (max(rows) + min(rows)) / 2
    for y in rows:  # one bracket per Linear row (not over GELU, which has none), each led to the one text
        top, bottom = y + BAR_H / 2, y - BAR_H / 2
        ax.plot([x - 0.025, x, x, x - 0.025], [top, top, bottom, bottom], color=look.palette.muted, lw=1.2,
                solid_joinstyle="miter")
        ax.plot([x, x + LEADER], [y, mid + (y - mid) * 0.08], color=look.palette.muted, lw=1.0)
    # the leaders meet at the text's middle line, LEADER_GAP short of it: no leader reaches a line of the note
    ax.text(x + LEADER + LEADER_GAP, mid, look.t(STRINGS, "brace", n=fmt_int(data.total_params), block=fmt_int(data.block_params),
                                  pct=fmt_num(data.block_percent, DECIMALS["block_percent"]) + " %"),
            ha="left", va="center", fontsize=9, color=look.palette.ink)


def caption(data, look: Look) -> str:
    """What the shape means, as text for the numbers file, and the FeedForward's parameters as a share of one
    block's."""
    return look.t(STRINGS, "c_block", e=fmt_int(data.emb_dim), block=fmt_int(data.block_params), n=fmt_int(data.total_params),
               pct=fmt_num(data.block_percent, 1) + "%")


def make(data, look: Look):
    fig, ax = new_figure(7.2, 3.5)
    draw(ax, data, look)
    return fig
