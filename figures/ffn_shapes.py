"""ffn_shapes: the FeedForward's shape flow 768 → 3072 → 768 (seed 004 §4.3 "FeedForward：768 → 3072 → 768").

Each row is the tensor after one stage, its bar as wide as its last dimension; the shapes come from a
real forward pass (engine.gpt2.ffn_shapes) and each Linear carries its weight and bias count.
"""
from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from figures.common import new_figure
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title": "FeedForward: expand {e} → {h} (×{k}), GELU, contract {h} → {e}",
        "input": "input x",
        "linear1": "nn.Linear({e}, {h})",
        "gelu": "GELU()",
        "linear2": "nn.Linear({h}, {e})",
        "shape": "[{shape}]",
        "params": "{a} × {b} weights + {bias} biases = {n}",
        "no_params": "no parameters, shape unchanged",
        "input_note": "batch {b}, {t} tokens, {e} numbers each",
        "total": "FeedForward: {n} parameters = {pct} of one block's {block}",
        "same": "shape in = shape out, so blocks stack without glue; the content changes\n(random weights: RMS {a} in, {b} out)",
        "axis": "width of the last dimension",
    },
    "zh-Hant": {
        "title": "FeedForward：先放大 {e} → {h}（×{k}）、GELU、再收縮 {h} → {e}",
        "input": "輸入 x",
        "linear1": "nn.Linear({e}, {h})",
        "gelu": "GELU()",
        "linear2": "nn.Linear({h}, {e})",
        "shape": "[{shape}]",
        "params": "{a} × {b} 個權重 + {bias} 個偏置 = {n}",
        "no_params": "沒有參數，形狀不變",
        "input_note": "批次 {b}、每句 {t} 個 token、每個 token {e} 維",
        "total": "FeedForward：{n} 個參數，佔一個 block 的 {block} 個中的 {pct}",
        "same": "進出形狀相同，block 才能直接疊起來；內容則改變了\n（隨機權重：RMS 進 {a}、出 {b}）",
        "axis": "最後一維的寬度",
    },
    "zh-Hans": {
        "title": "FeedForward：先放大 {e} → {h}（×{k}）、GELU、再收缩 {h} → {e}",
        "input": "输入 x",
        "linear1": "nn.Linear({e}, {h})",
        "gelu": "GELU()",
        "linear2": "nn.Linear({h}, {e})",
        "shape": "[{shape}]",
        "params": "{a} × {b} 个权重 + {bias} 个偏置 = {n}",
        "no_params": "没有参数，形状不变",
        "input_note": "批次 {b}、每句 {t} 个 token、每个 token {e} 维",
        "total": "FeedForward：{n} 个参数，占一个 block 的 {block} 个中的 {pct}",
        "same": "进出形状相同，block 才能直接叠起来；内容则改变了\n（随机权重：RMS 进 {a}、出 {b}）",
        "axis": "最后一维的宽度",
    },
}

DECIMALS = {"block_share": 4, "block_percent": 1, "input_rms": 4, "output_rms": 4}

BAR_X0 = 0.0  # bars start here; their width is dim / widest dim
ROW_GAP = 1.0
BAR_H = 0.42


def draw(ax, data, look: Look) -> None:
    pal = look.palette
    e, h, k = data.emb_dim, data.hidden_dim, data.expansion
    widest = max(shape[-1] for shape in data.shapes)
    n = len(data.stages)
    colours = {"input": pal.cool, "linear1": pal.accent, "gelu": pal.accent, "linear2": pal.cool}
    for i, (stage, shape) in enumerate(zip(data.stages, data.shapes)):
        y = (n - 1 - i) * ROW_GAP
        width = shape[-1] / widest
        colour = colours.get(stage, pal.accent)
        ax.add_patch(FancyBboxPatch((BAR_X0, y - BAR_H / 2), width, BAR_H, boxstyle="round,pad=0,rounding_size=0.04",
                                    facecolor=colour, edgecolor="none", alpha=0.9))
        ax.text(BAR_X0 + 0.012, y, look.t(STRINGS, "shape", shape=", ".join(str(d) for d in shape)),
                ha="left", va="center", fontsize=9.5, color=pal.background, fontweight="bold",
                family=look.font)
        ax.text(-0.03, y, look.t(STRINGS, stage, e=e, h=h), ha="right", va="center", fontsize=9.5,
                color=pal.ink, family=["DejaVu Sans Mono", look.font])
        if data.params[i]:
            fan_in = data.shapes[i - 1][-1]
            note = look.t(STRINGS, "params", a=fmt_int(fan_in), b=fmt_int(shape[-1]), bias=fmt_int(int(data.biases[i])),
                          n=fmt_int(int(data.params[i])))
        elif stage == "input":
            note = look.t(STRINGS, "input_note", b=shape[0], t=shape[1], e=shape[-1])
        else:
            note = look.t(STRINGS, "no_params")
        ax.text(max(width, 0.25) + 0.03 if width < 0.6 else width / 2, y - BAR_H / 2 - 0.06 if width >= 0.6 else y,
                note, ha="left" if width < 0.6 else "center", va="center" if width < 0.6 else "top",
                fontsize=8.5, color=pal.ink if data.params[i] else pal.muted)
        if i < n - 1:
            ax.add_patch(FancyArrowPatch((0.1, y - BAR_H / 2 - 0.02), (0.1, y - ROW_GAP + BAR_H / 2 + 0.02),
                                         arrowstyle="-|>", mutation_scale=14, color=pal.muted, lw=1.2))
    ax.text(0.0, -0.95, look.t(STRINGS, "total", n=fmt_int(data.total_params), block=fmt_int(data.block_params),
                               pct=fmt_num(data.block_percent, 1) + "%"),
            ha="left", va="center", fontsize=9.5, color=pal.ink, fontweight="bold")
    ax.text(0.0, -1.2, look.t(STRINGS, "same", a=fmt_num(data.input_rms, 4), b=fmt_num(data.output_rms, 4)),
            ha="left", va="top", fontsize=8.5, color=pal.muted)
    ax.set_xlim(-0.42, 1.05)
    ax.set_ylim(-1.75, (n - 1) * ROW_GAP + 0.45)
    ax.axis("off")
    ax.set_title(look.t(STRINGS, "title", e=e, h=h, k=k), loc="left")


def make(data, look: Look):
    fig, ax = new_figure(7.2, 4.6)
    draw(ax, data, look)
    return fig
