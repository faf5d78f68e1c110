"""ffn_shapes: the FeedForward's shape flow 768 → 3,072 → 768 (seed 004 §4.3 "FeedForward：768 → 3072 → 768").

Each row is the tensor after one stage, named as such on its left, its bar (a neutral fill: width is the
message) as wide as its last dimension and its shape beside it; the shapes come from a real forward pass
(engine.ffn.ffn_shapes), any width, expansion, batch and sentence length. A bracket on each of the two
Linear arrows leads to their sum and its share of one block whose Q, K, V have no biases (4,722,432, ⅔ of
7,085,568). Each arrow is named by the layer it is (a Linear with its parameter count, GELU with none), and the
input's shape names its three axes (batch, tokens, features) once. The drawing spans the figure's width: its x
range is fitted to the measured texts. Each Linear's weight and bias arithmetic and the block's count are the
caption's.
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
        "brace": "{n} parameters\n({share} of a block\nwithout Q, K, V biases)",
        "arrow_linear": "Linear: {n} parameters",
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
        "title": "輸出形狀等於輸入形狀\nFeedForward：先放大 {e} → {h}（×{k}）、GELU、再收縮 {h} → {e}",
        "title_same": "輸出形狀等於輸入形狀\nFeedForward（×{k}）：{e} → {h}、GELU、{h} → {e}",
        "input": "輸入 x",
        "linear1": "Linear {e} → {h} 之後",
        "gelu": "GELU 之後",
        "linear2": "Linear {h} → {e} 之後",
        "shape": "[{shape}]",
        "params": "{a} × {b} 個權重 + {bias} 個偏置 = {n}",
        "brace": "{n} 個參數\n（Q、K、V 不含偏置的\n一個區塊的{share}）",
        "arrow_linear": "Linear：{n} 個參數",
        "arrow_none": "GELU：沒有參數",
        "dims": "（批次、詞元、特徵）",
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
        "brace": "{n} 个参数\n（Q、K、V 不含偏置的\n一个区块的{share}）",
        "arrow_linear": "Linear：{n} 个参数",
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
    names = [look.t(STRINGS, stage, e=fmt_int(e), h=fmt_int(h)) for stage in data.stages]
    arrows = [look.t(STRINGS, "arrow_linear", n=fmt_int(int(data.params[i]))) if data.params[i]
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
        ax.text(-NAME_GAP, y, names[i], ha="right", va="center", fontsize=SIZES["name"],
                color=pal.ink)  # the tensor the box is: the input, or what one stage gives
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
           fontsize=10.5)  # the claim; what the FeedForward does is the subtitle


def _brace(ax, data, look: Look, rows: list, x: float, text: str) -> None:
    """A bracket on each arrow that carries parameters (the two Linear layers, not GELU), each led to the one
    text with their sum and its share of one block (engine.ffn: total_params, block_params, block_percent)."""
    gaps = [(rows[i - 1] + rows[i]) / 2 for i in range(1, len(rows)) if data.params[i]]  # (arrow's middle y)
    if not gaps:
        return
    mid = (max(gaps) + min(gaps)) / 2
    half = (ROW_GAP - BAR_H) / 2 - 0.04  # the bracket spans the arrow between the boxes, not the boxes
    for y in gaps:
        ax.plot([x - 0.025, x, x, x - 0.025], [y + half, y + half, y - half, y - half], color=look.palette.muted,
                lw=1.2, solid_joinstyle="miter")
        ax.plot([x, x + LEADER], [y, mid + (y - mid) * 0.08], color=look.palette.muted, lw=1.0)
    # the leaders meet at the text's middle line, LEADER_GAP short of it: no leader reaches a line of the note
    ax.text(x + LEADER + LEADER_GAP, mid, text, ha="left", va="center", fontsize=SIZES["brace"], color=look.palette.ink)


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
