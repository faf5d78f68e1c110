"""ffn_shapes: the FeedForward's shape flow 768 → 3,072 → 768 (seed 004 §4.3 "FeedForward：768 → 3072 → 768").

Each row is the tensor after one stage, its bar (a neutral fill: width is the
message) as wide as its last dimension and its shape beside it; the shapes come from a real forward pass
(engine.ffn.ffn_shapes), any width, expansion, batch and sentence length. One curly brace over the arrows
from the first Linear to the second (GELU between has no parameters) points to their sum and its share of one
block ("= ⅔ of the block": 4,722,432 of 7,085,568); that the block's Q, K, V have no biases is the caption's. Each stage is named once, by its arrow (a
Linear with its sizes and parameter count, GELU with none); only the input and the output rows have names of
their own, and the input's shape names its three axes (batch, tokens, features) once. The drawing spans the figure's width: its x
range is fitted to the measured texts. Each Linear's weight and bias arithmetic and the block's count are the
caption's.
"""
from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, PathPatch
from matplotlib.path import Path

from figures.common import new_figure, text_width_pt, title_margin, titled
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "panel", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "Shape in = shape out: the FeedForward widens {e} to {h} (×{k}) and back",
        "title_same": "Shape in = shape out: the FeedForward at ×{k} keeps {e} throughout",
        "input": "input x",
        "output": "output",
        "shape": "[{shape}]",
        "params": "{a} × {b} weights + {bias} biases = {n}",
        "brace": "{n} parameters\n= {share} of the block",
        "arrow_linear": "Linear {a} → {b}: {n} parameters",
        "arrow_none": "GELU: no parameters",
        "dims": "(batch, tokens, features)",
        "c_shapes": ("Each box is the tensor after one stage, as wide as its last dimension; the input x is batch {b}, "
                     "{t} tokens, {e} numbers each. Parameters: Linear {e} → {h}: {p1}; GELU: none, the shape "
                     "unchanged; Linear {h} → {e}: {p2}. "),
        "c_block": ("Because the output has the input's shape, blocks stack without glue. One block here is a GPT-2-style block of width {e} whose Q, K, V have no biases: {block} "
                    "parameters, of which the FeedForward's {n} are {pct}."),
        "axis": "width of the last dimension",
    },
    "zh-Hant": {
        "title": "輸出形狀等於輸入形狀：FeedForward 把 {e} 放大到 {h}（×{k}）再收回",
        "title_same": "輸出形狀等於輸入形狀：FeedForward（×{k}）始終是 {e}",
        "input": "輸入 x",
        "output": "輸出",
        "shape": "[{shape}]",
        "params": "{a} × {b} 個權重 + {bias} 個偏置 = {n}",
        "brace": "{n} 個參數\n= 區塊的{share}",
        "arrow_linear": "Linear {a} → {b}：{n} 個參數",
        "arrow_none": "GELU：沒有參數",
        "dims": "（批次、詞元、特徵）",
        "c_shapes": ("每個方塊是一個階段之後的張量，寬度等於它最後一維；輸入 x 為批次 {b}、每句 {t} 個詞元、每個詞元 {e} 維。"
                     "參數：Linear {e} → {h}：{p1}；GELU：沒有參數，形狀不變；Linear {h} → {e}：{p2}。"),
        "c_block": "進出形狀相同，區塊才能直接疊起來。這裡的一個區塊是寬 {e}、Q、K、V 不含偏置的 GPT-2 式區塊：共 {block} 個參數，FeedForward 的 {n} 個占 {pct}。",
        "axis": "最後一維的寬度",
    },
    "zh-Hans": {
        "title": "输出形状等于输入形状：FeedForward 把 {e} 放大到 {h}（×{k}）再收回",
        "title_same": "输出形状等于输入形状：FeedForward（×{k}）始终是 {e}",
        "input": "输入 x",
        "output": "输出",
        "shape": "[{shape}]",
        "params": "{a} × {b} 个权重 + {bias} 个偏置 = {n}",
        "brace": "{n} 个参数\n= 区块的{share}",
        "arrow_linear": "Linear {a} → {b}：{n} 个参数",
        "arrow_none": "GELU：没有参数",
        "dims": "（批量、词元、特征）",
        "c_shapes": ("每个方块是一个阶段之后的张量，宽度等于它最后一维；输入 x 为批量 {b}、每句 {t} 个词元、每个词元 {e} 维。"
                     "参数：Linear {e} → {h}：{p1}；GELU：没有参数，形状不变；Linear {h} → {e}：{p2}。"),
        "c_block": "进出形状相同，区块才能直接叠起来。这里的一个区块是宽 {e}、Q、K、V 不含偏置的 GPT-2 式区块：共 {block} 个参数，FeedForward 的 {n} 个占 {pct}。",
        "axis": "最后一维的宽度",
    },
}

DECIMALS = {"block_share": 4, "block_percent": 1, "input_rms": 4, "output_rms": 4}

BAR_X0 = 0.0  # bars start here; their width is BAR_SPAN × dim / widest dim
BAR_SPAN = 0.32  # the widest bar; its shape is written to its right
NAME_GAP = 0.03  # from a stage name's right end to the bars
BRACE_GAP = 0.06  # from the longest shape or arrow text to the brackets on the Linear arrows
ROW_GAP = 1.0
BAR_H = 0.42
ARROW_X = 0.1
ARROW_TEXT = 0.035  # from an arrow to the name of the layer it is
LEADER = 0.035  # how far right of its bracket a leader ends
LEADER_GAP = 0.025  # from the leaders' end to the bracket's text (about 6 pt)
DIMS_GAP = 6  # points from the input's shape to the names of its axes
MARGIN = 0.02  # air at either end of the drawing
AXES_SHARE = 0.96  # the drawing's share of the figure width (no axis, no ticks)
SIZES = {"name": 9.5, "shape": 9.5, "dims": 8.5, "arrow": 9.0, "brace": 9.5}  # font sizes in points


def _fit(items, free, widths_pt: tuple, fig_pt: float) -> tuple:
    """(left, right, end): the x range the drawing spans in its own units, so that the stage names
    (right-aligned at -NAME_GAP) and every text right of the bars just fit, and `end`, where the texts the
    brackets stand right of end. Text widths are points and the drawing's units per point depend on the range,
    so the range is the fixed point of that relation (a few rounds settle it). `items` are (x_start in units,
    width in points) of the texts in the brackets' rows; `free` those above them (the input's axes), which
    only have to fit; the brace text starts BRACE_GAP + LEADER + LEADER_GAP past `end`."""
    name_pt, brace_pt = widths_pt
    span = 2.0
    for _ in range(40):
        k = span / (fig_pt * AXES_SHARE)  # units per point
        left = NAME_GAP + name_pt * k + MARGIN
        end = max(x + w * k for x, w in items)
        right = max([end + BRACE_GAP + LEADER + LEADER_GAP + brace_pt * k] + [x + w * k for x, w in free]) + MARGIN
        span = left + right
    return -left, right, end


def _pt(fig, text: str, size: float, look: Look, weight="normal") -> float:
    """The widest line of `text` in points."""
    return max(text_width_pt(fig, line, size, list(look.figure_fonts), weight) for line in text.split("\n"))


def draw(ax, data, look: Look) -> None:
    """The rows, their shapes, the arrows named by the layer they are (each Linear with its parameters), the
    brackets on the two Linear arrows with their sum, and the input's axes named once."""
    pal = look.palette
    fig = ax.figure
    e, h, k = data.emb_dim, data.hidden_dim, data.expansion
    widest = max(shape[-1] for shape in data.shapes)
    n = len(data.stages)
    pad = 0.012
    fig_pt = fig.get_size_inches()[0] * 72
    rows = [(n - 1 - i) * ROW_GAP for i in range(n)]
    widths = [BAR_SPAN * shape[-1] / widest for shape in data.shapes]
    shapes = [look.t(STRINGS, "shape", shape=", ".join(fmt_int(int(d)) for d in shape)) for shape in data.shapes]
    names = [look.t(STRINGS, "input")] + [""] * (n - 2) + [look.t(STRINGS, "output")]  # the stages: the arrows'
    arrows = [look.t(STRINGS, "arrow_linear", n=fmt_int(int(data.params[i])), a=fmt_int(int(data.shapes[i - 1][-1])),
                     b=fmt_int(int(data.shapes[i][-1]))) if data.params[i]
              else look.t(STRINGS, "arrow_none") for i in range(1, n)]  # the layer between row i-1 and row i
    dims = look.t(STRINGS, "dims")
    brace = look.t(STRINGS, "brace", n=fmt_int(data.total_params), share=share(data, look))
    shape_pt = [_pt(fig, t, SIZES["shape"], look, "bold") for t in shapes]
    space = DIMS_GAP + 4  # and the gate's box padding
    items = [(BAR_X0 + w + pad, p) for w, p in zip(widths, shape_pt)]
    free = [(items[0][0], shape_pt[0] + space + _pt(fig, dims, SIZES["dims"], look))]  # the input's axes named,
    items = items[1:] + [(ARROW_X + ARROW_TEXT, _pt(fig, t, SIZES["arrow"], look)) for t in arrows]  # above the brackets
    left, right, end = _fit(items, free, (max(_pt(fig, t, SIZES["name"], look) for t in names),
                                    _pt(fig, brace, SIZES["brace"], look)), fig_pt)
    for i, y in enumerate(rows):
        rounding = min(0.04, widths[i] / 3)  # a narrow bar keeps straight sides
        ax.add_patch(FancyBboxPatch((BAR_X0, y - BAR_H / 2), widths[i], BAR_H,
                                    boxstyle=f"round,pad=0,rounding_size={rounding:.4f}",
                                    facecolor=pal.panel, edgecolor=pal.muted, linewidth=1.0))
        t = ax.text(BAR_X0 + widths[i] + pad, y, shapes[i], ha="left", va="center",  # beside every bar, in one place
                    fontsize=SIZES["shape"], color=pal.ink, fontweight="bold", family=look.figure_font)
        if i == 0:  # what the three numbers are: batch, tokens, features (the last one the bars' width)
            ax.annotate(dims, (1, 0.5), xycoords=t, xytext=(DIMS_GAP, 0), textcoords="offset points", ha="left",
                        va="center", fontsize=SIZES["dims"], color=pal.muted)
        if names[i]:  # the input and the output; each stage between is named once, by its arrow
            ax.text(-NAME_GAP, y, names[i], ha="right", va="center", fontsize=SIZES["name"], color=pal.ink)
        if i < n - 1:
            ax.add_patch(FancyArrowPatch((ARROW_X, y - BAR_H / 2 - 0.02), (ARROW_X, y - ROW_GAP + BAR_H / 2 + 0.02),
                                         arrowstyle="-|>", mutation_scale=14, color=pal.muted, lw=1.2))
            ax.text(ARROW_X + ARROW_TEXT, y - ROW_GAP / 2, arrows[i], ha="left", va="center", fontsize=SIZES["arrow"],
                    color=pal.ink if data.params[i + 1] else pal.muted)  # the layer this arrow is
    _brace(ax, data, look, rows, end + BRACE_GAP, brace)
    ax.set_xlim(left, right)
    ax.set_ylim(-BAR_H / 2 - 0.12, (n - 1) * ROW_GAP + 0.45)
    ax.axis("off")
    titled(ax, look.t(STRINGS, "title" if k > 1 else "title_same", e=fmt_int(e), h=fmt_int(h), k=k), look, loc="left",
           fontsize=10.5)  # the claim, with what the FeedForward does to the width


def _brace(ax, data, look: Look, rows: list, x: float, text: str) -> None:
    """One curly brace from the first arrow that carries parameters to the last (the two Linear layers; GELU
    between them has none, so the sum is theirs), its tip at the text with that sum and its share of one block
    (engine.ffn: total_params, block_params, block_percent)."""
    gaps = [(rows[i - 1] + rows[i]) / 2 for i in range(1, len(rows)) if data.params[i]]  # (arrow's middle y)
    if not gaps:
        return
    half = (ROW_GAP - BAR_H) / 2 - 0.04  # the brace spans the arrows between the boxes, not the boxes
    top, bottom = max(gaps) + half, min(gaps) - half
    mid = (top + bottom) / 2
    ax.add_patch(PathPatch(brace_path(x, top, bottom, LEADER), facecolor="none", edgecolor=look.palette.muted,
                           lw=1.2, capstyle="round", joinstyle="round"))
    ax.text(x + LEADER + LEADER_GAP, mid, text, ha="left", va="center", fontsize=SIZES["brace"], color=look.palette.ink)


def brace_path(x: float, top: float, bottom: float, width: float, r: float = 0.12) -> Path:
    """A right-pointing curly brace from (x, top) to (x, bottom), its tip at (x + width, middle): four quarter
    curves (quadratic Béziers) and two straight runs; `r` is the curves' height in y units."""
    m, c = (top + bottom) / 2, x + width / 2
    r = min(r, (top - bottom) / 4)
    verts = [(x, top), (c, top), (c, top - r), (c, m + r), (c, m), (x + width, m),
             (c, m), (c, m - r), (c, bottom + r), (c, bottom), (x, bottom)]
    codes = [Path.MOVETO, Path.CURVE3, Path.CURVE3, Path.LINETO, Path.CURVE3, Path.CURVE3,
             Path.CURVE3, Path.CURVE3, Path.LINETO, Path.CURVE3, Path.CURVE3]
    return Path(verts, codes)


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
    title_margin(fig)  # the title starts 5.2 pt in, as every figure's
    return fig
