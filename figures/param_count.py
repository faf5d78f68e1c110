"""param_count: GPT-2 parameters part by part, untied (163M, the book's model) vs tied (124M, GPT-2),
and the four GPT-2 sizes (seed 004 §4.6 "參數量：163M 與 124M 的差別" and the parameter calculator).

Sizes in bytes are labelled honestly: MiB = 2²⁰ bytes (the page's "621.83 MB" is this unit) and
MB = 10⁶ bytes (652.04 MB). Every count comes from engine.gpt2.gpt2_sizes.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title_small": "GPT-2 small (E = {E}, L = {L} blocks, V = {V}, C = {C}): where the parameters are",
        "untied": "untied\n(the book)",
        "tied": "tied\n(GPT-2)",
        "total": "{n}  ·  {mib} MiB = {mb} MB (float32)",
        "xlabel_small": "parameters (millions)",
        "tok_emb": "token embedding V·E",
        "pos_emb": "positional embedding C·E",
        "attn_qkv": "attention Q, K, V: 3E² per block",
        "attn_out": "attention output projection: E² + E per block",
        "ffn": "feed forward: (E·4E + 4E) + (4E·E + E) per block",
        "norms": "2 LayerNorms: 4E per block",
        "final_norm": "final LayerNorm: 2E",
        "out_head": "output head V·E (tied: shares the token embedding)",
        "table_title": "Part by part, per-block parts summed over the {L} blocks",
        "per_block": "one block: {n}   ·   {L} blocks: {blocks}",
        "saving": "tying removes V·E = {n} parameters = {mib} MiB",
        "title_sizes": "The four GPT-2 sizes",
        "ylabel_sizes": "parameters (millions)",
        "size_tick": "{name}\nE {E} · L {L} · H {H}",
        "bar_untied": "untied",
        "bar_tied": "tied",
        "bar_label": "{m}M · {mib} MiB",
        "units": ("MiB = 2²⁰ bytes, MB = 10⁶ bytes: the page's \"621.83 MB\" is 621.83 MiB = {mb} MB. "
                  "n_heads does not change the count.\n"
                  "OpenAI's checkpoints also give Q, K, V a bias (+3E per block): tied {biased} — the page's preset "
                  "labels 124M / 355M / 774M / 1558M."),
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
    "zh-Hant": {
        "title_small": "GPT-2 small（E = {E}、L = {L} 個 block、V = {V}、C = {C}）：參數都在哪裡",
        "untied": "不綁定\n（本書）",
        "tied": "綁定\n（GPT-2）",
        "total": "{n}  ·  {mib} MiB = {mb} MB（float32）",
        "xlabel_small": "參數量（百萬）",
        "tok_emb": "token embedding V·E",
        "pos_emb": "位置 embedding C·E",
        "attn_qkv": "attention 的 Q、K、V：每個 block 3E²",
        "attn_out": "attention 輸出投影：每個 block E² + E",
        "ffn": "feed forward：每個 block (E·4E + 4E) + (4E·E + E)",
        "norms": "2 個 LayerNorm：每個 block 4E",
        "final_norm": "最後的 LayerNorm：2E",
        "out_head": "輸出層 V·E（綁定時共用 token embedding）",
        "table_title": "逐項拆解（每個 block 的項目已乘上 {L} 個 block）",
        "per_block": "一個 block：{n}   ·   {L} 個 block：{blocks}",
        "saving": "綁定省下 V·E = {n} 個參數 = {mib} MiB",
        "title_sizes": "GPT-2 的四種尺寸",
        "ylabel_sizes": "參數量（百萬）",
        "size_tick": "{name}\nE {E} · L {L} · H {H}",
        "bar_untied": "不綁定",
        "bar_tied": "綁定",
        "bar_label": "{m}M · {mib} MiB",
        "units": ("MiB = 2²⁰ bytes、MB = 10⁶ bytes：頁面寫的「621.83 MB」其實是 621.83 MiB = {mb} MB。"
                  "n_heads 不影響參數量。\n"
                  "OpenAI 的權重檔在 Q、K、V 上也有 bias（每個 block 多 3E）：綁定後為 {biased}，"
                  "即頁面 preset 標示的 124M / 355M / 774M / 1558M。"),
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
    "zh-Hans": {
        "title_small": "GPT-2 small（E = {E}、L = {L} 个 block、V = {V}、C = {C}）：参数都在哪里",
        "untied": "不绑定\n（本书）",
        "tied": "绑定\n（GPT-2）",
        "total": "{n}  ·  {mib} MiB = {mb} MB（float32）",
        "xlabel_small": "参数量（百万）",
        "tok_emb": "token embedding V·E",
        "pos_emb": "位置 embedding C·E",
        "attn_qkv": "attention 的 Q、K、V：每个 block 3E²",
        "attn_out": "attention 输出投影：每个 block E² + E",
        "ffn": "feed forward：每个 block (E·4E + 4E) + (4E·E + E)",
        "norms": "2 个 LayerNorm：每个 block 4E",
        "final_norm": "最后的 LayerNorm：2E",
        "out_head": "输出层 V·E（绑定时共用 token embedding）",
        "table_title": "逐项拆解（每个 block 的项目已乘上 {L} 个 block）",
        "per_block": "一个 block：{n}   ·   {L} 个 block：{blocks}",
        "saving": "绑定省下 V·E = {n} 个参数 = {mib} MiB",
        "title_sizes": "GPT-2 的四种尺寸",
        "ylabel_sizes": "参数量（百万）",
        "size_tick": "{name}\nE {E} · L {L} · H {H}",
        "bar_untied": "不绑定",
        "bar_tied": "绑定",
        "bar_label": "{m}M · {mib} MiB",
        "units": ("MiB = 2²⁰ bytes、MB = 10⁶ bytes：页面写的“621.83 MB”其实是 621.83 MiB = {mb} MB。"
                  "n_heads 不影响参数量。\n"
                  "OpenAI 的权重文件在 Q、K、V 上也有 bias（每个 block 多 3E）：绑定后为 {biased}，"
                  "即页面 preset 标示的 124M / 355M / 774M / 1558M。"),
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
}

DECIMALS = {"untied_mib": 2, "untied_mb": 2, "tied_mib": 2, "tied_mb": 2, "tying_saving_mib": 2}

PART_COLOURS = {"tok_emb": 5, "pos_emb": 4, "attn_qkv": 1, "attn_out": 2, "ffn": 0, "norms": 3,
                "final_norm": 6, "out_head": 7}
INLINE_MIN = 5e6  # parts at least this large carry their count inside the bar


def _colour(look: Look, part: str) -> str:
    return look.palette.series[PART_COLOURS[part] % len(look.palette.series)]


def draw_small(ax, data, look: Look) -> None:
    """GPT-2 small as two stacked bars: untied (the book's model) and tied."""
    pal = look.palette
    rows = ((data.small_parts_untied, data.small_untied, "untied"), (data.small_parts_tied, data.small_tied, "tied"))
    for y, (parts, p, key) in zip((1, 0), rows):
        left = 0.0
        for name, count in zip(data.part_names, parts):
            if count == 0:
                continue
            ax.barh(y, count / 1e6, left=left, height=0.55, color=_colour(look, name), edgecolor=pal.background,
                    linewidth=0.8)
            if count >= INLINE_MIN:
                ax.text(left + count / 2e6, y, fmt_num(count / 1e6, 2), ha="center", va="center", fontsize=9,
                        color=pal.background, fontweight="bold")
            left += count / 1e6
        ax.text(left + 2, y, look.t(STRINGS, "total", n=fmt_int(p.total), mib=fmt_num(p.mib, 2), mb=fmt_num(p.mb, 2)),
                ha="left", va="center", fontsize=10, color=pal.ink, fontweight="bold")
    ax.set_yticks([1, 0], [look.t(STRINGS, "untied"), look.t(STRINGS, "tied")])
    ax.set_xlim(0, data.small_untied.total / 1e6 * 1.62)
    ax.set_ylim(-0.5, 1.5)
    ax.set_xlabel(look.t(STRINGS, "xlabel_small"))
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)
    ax.grid(True, axis="x")
    p = data.small_untied
    ax.set_title(look.t(STRINGS, "title_small", E=p.emb_dim, L=p.n_layers, V=fmt_int(p.vocab_size),
                        C=fmt_int(p.context_length)), loc="left")


def draw_table(ax, data, look: Look) -> None:
    """The formula of each part with its count for GPT-2 small (untied)."""
    pal = look.palette
    p = data.small_untied
    ax.axis("off")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0, 0.98, look.t(STRINGS, "table_title", L=p.n_layers), ha="left", va="top", fontsize=10.5,
            color=pal.ink, fontweight="bold")
    n = len(data.part_names)
    step = 0.72 / n
    for i, (name, count) in enumerate(zip(data.part_names, data.small_parts_untied)):
        y = 0.86 - i * step
        ax.add_patch(_square(0.0, y, _colour(look, name)))
        ax.text(0.04, y, look.t(STRINGS, name), ha="left", va="center", fontsize=9.5, color=pal.ink)
        ax.text(1.0, y, fmt_int(int(count)), ha="right", va="center", fontsize=9.5, color=pal.ink,
                family=["DejaVu Sans Mono", look.font])
    ax.text(0.0, 0.86 - n * step, look.t(STRINGS, "per_block", n=fmt_int(p.per_block), L=p.n_layers,
                                         blocks=fmt_int(p.blocks)),
            ha="left", va="center", fontsize=9.5, color=pal.accent, fontweight="bold")
    ax.text(0.0, 0.86 - (n + 1) * step, look.t(STRINGS, "saving", n=fmt_int(data.tying_saving),
                                               mib=fmt_num(data.tying_saving_mib, 2)),
            ha="left", va="center", fontsize=9.5, color=pal.muted)


def _square(x, y, colour):
    from matplotlib.patches import Rectangle

    return Rectangle((x, y - 0.022), 0.025, 0.044, facecolor=colour, edgecolor="none")


def draw_sizes(ax, data, look: Look) -> None:
    """Untied and tied totals of the four sizes, each bar with its float32 size in MiB."""
    pal = look.palette
    idx = np.arange(len(data.names))
    w = 0.38
    for j, (totals, mib, key, colour) in enumerate(((data.untied, data.untied_mib, "bar_untied", pal.accent),
                                                    (data.tied, data.tied_mib, "bar_tied", pal.cool))):
        xs = idx + (j - 0.5) * w
        ax.bar(xs, totals / 1e6, width=w, color=colour, label=look.t(STRINGS, key), zorder=3)
        for x, t, m in zip(xs, totals, mib):
            ax.text(x, t / 1e6 + 30, look.t(STRINGS, "bar_label", m=fmt_num(t / 1e6, 1), mib=fmt_num(m, 1)),
                    ha="center", va="bottom", fontsize=8.5, color=pal.ink, rotation=90)
    ticks = [look.t(STRINGS, "size_tick", name=look.t(STRINGS, f"name_{n}"), E=int(e), L=int(l), H=int(h))
             for n, e, l, h in zip(data.names, data.emb_dim, data.n_layers, data.n_heads)]
    ax.set_xticks(idx, ticks, fontsize=8.5)
    ax.set_ylim(0, data.untied.max() / 1e6 * 1.42)
    ax.set_ylabel(look.t(STRINGS, "ylabel_sizes"))
    ax.grid(True, axis="y", zorder=0)
    ax.legend(loc="upper left", fontsize=9)
    ax.set_title(look.t(STRINGS, "title_sizes"), loc="left")


def make(data, look: Look):
    fig, axs = new_figure(12.5, 8.6, nrows=2, ncols=2, height_ratios=[1, 1.45], width_ratios=[1, 1.1])
    gs = axs[0, 0].get_gridspec()
    axs[0, 0].remove()
    axs[0, 1].remove()
    top = fig.add_subplot(gs[0, :])
    draw_small(top, data, look)
    draw_table(axs[1, 0], data, look)
    draw_sizes(axs[1, 1], data, look)
    biased = " / ".join(fmt_num(v / 1e6, 2) + "M" for v in data.tied_with_qkv_bias)
    fig.supxlabel(look.t(STRINGS, "units", mb=fmt_num(data.small_untied.mb, 2), biased=biased),
                  fontsize=8.5, color=look.palette.muted, ha="left", x=0.01)
    return fig
