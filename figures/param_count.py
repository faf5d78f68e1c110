"""param_count: GPT-2 parameters part by part, untied (163M, the book's model) vs tied (124M, GPT-2),
and the four GPT-2 sizes (seed 004 §4.6 "參數量：163M 與 124M 的差別" and the parameter calculator).

Each part keeps one colour in every panel; in the sizes panel the tied count is grey and the output
head (the difference to the untied count) keeps its part colour. Sizes in bytes are labelled
honestly: MiB = 2²⁰ bytes (the page's "621.83 MB" is this unit) and MB = 10⁶ bytes (652.04 MB).
The page's preset labels 124M / 355M / 774M / 1558M count OpenAI's Q, K, V biases too: they are
exported as tied_with_qkv_bias, not drawn. Every count comes from engine.gpt2.gpt2_sizes.
"""
from __future__ import annotations

import numpy as np

from figures.common import ink_on, new_figure
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title_small": "{family} small (E = {E}, L = {L} blocks, V = {V}, C = {C}):\nwhere the parameters are",
        "untied": "untied\n(own output head)",
        "tied": "tied\n(head = token embedding)",
        "total": "{n}\n{mib} MiB = {mb} MB (float32)",
        "xlabel_small": "parameters (millions)",
        "tok_emb": "token embedding V·E",
        "pos_emb": "positional embedding C·E",
        "attn_qkv": "attention Q, K, V: {q}E² per block",
        "attn_out": "attention output projection: E² + E per block",
        "ffn": "feed forward: (E·{x}E + {x}E) + ({x}E·E + E) per block",
        "norms": "{n} LayerNorms: {v}E per block",
        "final_norm": "final LayerNorm: {f}E",
        "out_head": "output head V·E (tied: shares the token embedding)",
        "table_title": "Part by part, per-block parts summed over the {L} blocks",
        "per_block": "one block: {n}   ·   {L} blocks: {blocks}",
        "saving": "tying removes V·E = {n} parameters = {mib} MiB",
        "title_sizes": "The four {family} sizes: tied, plus the output head when untied",
        "ylabel_sizes": "parameters (millions)",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "tied",
        "bar_head": "+ output head V·E (untied)",
        "millions": "{m}M",
        "units": "MiB = {mib} bytes, MB = {mb} bytes. The number of heads H does not change the count.",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
    "zh-Hant": {
        "title_small": "{family} small（E = {E}、L = {L} 個區塊、V = {V}、C = {C}）：參數都在哪裡",
        "untied": "不綁定\n（輸出層自有權重）",
        "tied": "綁定\n（輸出層 = 詞元嵌入）",
        "total": "{n}\n{mib} MiB = {mb} MB（float32）",
        "xlabel_small": "參數量（百萬）",
        "tok_emb": "詞元嵌入 V·E",
        "pos_emb": "位置嵌入 C·E",
        "attn_qkv": "注意力的 Q、K、V：每個區塊 {q}E²",
        "attn_out": "注意力輸出投影：每個區塊 E² + E",
        "ffn": "前饋網路：每個區塊 (E·{x}E + {x}E) + ({x}E·E + E)",
        "norms": "{n} 個 LayerNorm：每個區塊 {v}E",
        "final_norm": "最後的 LayerNorm：{f}E",
        "out_head": "輸出層 V·E（綁定時共用詞元嵌入）",
        "table_title": "逐項拆解（每個區塊的項目已乘上 {L} 個區塊）",
        "per_block": "一個區塊：{n}   ·   {L} 個區塊：{blocks}",
        "saving": "綁定省下 V·E = {n} 個參數 = {mib} MiB",
        "title_sizes": "{family} 的四種尺寸：綁定的參數量，不綁定時再加上輸出層",
        "ylabel_sizes": "參數量（百萬）",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "綁定",
        "bar_head": "＋ 輸出層 V·E（不綁定）",
        "millions": "{m}M",
        "units": "MiB = {mib} 位元組，MB = {mb} 位元組。注意力頭數 H 不影響參數量。",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
    "zh-Hans": {
        "title_small": "{family} small（E = {E}、L = {L} 个区块、V = {V}、C = {C}）：参数都在哪里",
        "untied": "不绑定\n（输出层自有权重）",
        "tied": "绑定\n（输出层 = 词元嵌入）",
        "total": "{n}\n{mib} MiB = {mb} MB（float32）",
        "xlabel_small": "参数量（百万）",
        "tok_emb": "词元嵌入 V·E",
        "pos_emb": "位置嵌入 C·E",
        "attn_qkv": "注意力的 Q、K、V：每个区块 {q}E²",
        "attn_out": "注意力输出投影：每个区块 E² + E",
        "ffn": "前馈网络：每个区块 (E·{x}E + {x}E) + ({x}E·E + E)",
        "norms": "{n} 个 LayerNorm：每个区块 {v}E",
        "final_norm": "最后的 LayerNorm：{f}E",
        "out_head": "输出层 V·E（绑定时共用词元嵌入）",
        "table_title": "逐项拆解（每个区块的项目已乘上 {L} 个区块）",
        "per_block": "一个区块：{n}   ·   {L} 个区块：{blocks}",
        "saving": "绑定省下 V·E = {n} 个参数 = {mib} MiB",
        "title_sizes": "{family} 的四种尺寸：绑定的参数量，不绑定时再加上输出层",
        "ylabel_sizes": "参数量（百万）",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "绑定",
        "bar_head": "＋ 输出层 V·E（不绑定）",
        "millions": "{m}M",
        "units": "MiB = {mib} 字节，MB = {mb} 字节。注意力头数 H 不影响参数量。",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
    },
}

DECIMALS = {"untied_mib": 2, "untied_mb": 2, "tied_mib": 2, "tied_mb": 2, "tying_saving_mib": 2, "mib": 2, "mb": 2,
            "untied_millions": 1, "tied_millions": 1, "small_parts_untied_millions": 2}

PART_COLOURS = {"tok_emb": 5, "pos_emb": 4, "attn_qkv": 1, "attn_out": 2, "ffn": 0, "norms": 3,
                "final_norm": 6, "out_head": 7}
INLINE_MIN = 2e7  # parts at least this large carry their count inside the bar (the table has them all)
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _power(pair) -> str:
    """(base, exponent) of the record written as base with a superscript exponent: (2, 20) → 2²⁰."""
    base, exponent = pair
    return f"{int(base)}{str(int(exponent)).translate(SUPERSCRIPT)}"


def _part_label(data, look: Look, name: str) -> str:
    """A part's name with its formula, the formula's constants from the record."""
    return look.t(STRINGS, name, q=data.qkv_matrices, x=data.ffn_expansion, n=data.norms_per_block,
                  v=data.norm_params_per_block, f=data.final_norm_vectors)


def _colour(look: Look, part: str) -> str:
    return look.palette.series[PART_COLOURS[part] % len(look.palette.series)]


def draw_small(ax, data, look: Look) -> None:
    """GPT-2 small as two stacked bars: untied (the book's model) and tied."""
    pal = look.palette
    rows = ((data.small_parts_untied, data.small_untied, "untied"), (data.small_parts_tied, data.small_tied, "tied"))
    millions = dict(zip(data.part_names, data.small_parts_untied_millions))  # (parts,) the same in both rows
    for y, (parts, p, key) in zip((1, 0), rows):
        left = 0.0
        for name, count in zip(data.part_names, parts):
            if count == 0:
                continue
            width = millions[name]
            ax.barh(y, width, left=left, height=0.55, color=_colour(look, name), edgecolor=pal.background,
                    linewidth=0.8)
            if count >= INLINE_MIN:
                colour = _colour(look, name)
                ax.text(left + width / 2, y, fmt_num(width, DECIMALS["small_parts_untied_millions"]), ha="center",
                        va="center", fontsize=8, color=ink_on(colour, look), fontweight="bold")
            left += width
        ax.text(left + 2, y, look.t(STRINGS, "total", n=fmt_int(p.total), mib=fmt_num(p.mib, 2), mb=fmt_num(p.mb, 2)),
                ha="left", va="center", fontsize=8.5, color=pal.ink, fontweight="bold")
    ax.set_yticks([1, 0], [look.t(STRINGS, "untied"), look.t(STRINGS, "tied")])
    ax.set_xlim(0, data.untied_millions[0] * 1.75)
    ax.set_ylim(-0.5, 1.5)
    ax.set_xlabel(look.t(STRINGS, "xlabel_small"))
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)
    ax.grid(True, axis="x")
    p = data.small_untied
    ax.set_title(look.t(STRINGS, "title_small", family=data.family, E=p.emb_dim, L=p.n_layers, V=fmt_int(p.vocab_size),
                        C=fmt_int(p.context_length)), loc="left", fontsize=10.5)


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
        ax.text(0.04, y, _part_label(data, look, name), ha="left", va="center", fontsize=9, color=pal.ink)
        ax.text(1.0, y, fmt_int(int(count)), ha="right", va="center", fontsize=9, color=pal.ink,
                family=["DejaVu Sans Mono", look.font])
    ax.text(0.0, 0.86 - n * step, look.t(STRINGS, "per_block", n=fmt_int(p.per_block), L=p.n_layers,
                                         blocks=fmt_int(p.blocks)),
            ha="left", va="center", fontsize=9.5, color=pal.ink, fontweight="bold")
    ax.text(0.0, 0.86 - (n + 1) * step, look.t(STRINGS, "saving", n=fmt_int(data.tying_saving),
                                               mib=fmt_num(data.tying_saving_mib, 2)),
            ha="left", va="center", fontsize=9.5, color=pal.muted)


def _square(x, y, colour):
    from matplotlib.patches import Rectangle

    return Rectangle((x, y - 0.022), 0.025, 0.044, facecolor=colour, edgecolor="none")


def draw_sizes(ax, data, look: Look) -> None:
    """The tied total of each size, with the output head stacked on top for the untied count."""
    pal = look.palette
    idx = np.arange(len(data.names))
    w = 0.55
    head = data.untied_millions - data.tied_millions  # (4,) V·E in millions
    ax.bar(idx, data.tied_millions, width=w, color=pal.muted, label=look.t(STRINGS, "bar_tied"), zorder=3)
    ax.bar(idx, head, bottom=data.tied_millions, width=w, color=_colour(look, "out_head"),
           label=look.t(STRINGS, "bar_head"), zorder=3)
    for x, t, u in zip(idx, data.tied_millions, data.untied_millions):
        ax.text(x, u, look.t(STRINGS, "millions", m=fmt_num(u, DECIMALS["untied_millions"])), ha="center",
                va="bottom", fontsize=8.5, color=pal.ink, fontweight="bold")
        ax.text(x + w / 2 + 0.04, t, look.t(STRINGS, "millions", m=fmt_num(t, DECIMALS["tied_millions"])),
                ha="left", va="center", fontsize=8, color=pal.ink)
    ticks = [look.t(STRINGS, "size_tick", name=look.t(STRINGS, f"name_{n}"), E=int(e), L=int(l), H=int(h))
             for n, e, l, h in zip(data.names, data.emb_dim, data.n_layers, data.n_heads)]
    ax.set_xticks(idx, ticks, fontsize=8.5)
    ax.set_xlim(-0.6, len(idx) - 0.1)
    ax.set_ylim(0, data.untied_millions.max() * 1.18)
    ax.set_ylabel(look.t(STRINGS, "ylabel_sizes"))
    ax.grid(True, axis="y", zorder=0)
    ax.legend(loc="upper left", fontsize=8.5)
    ax.set_title(look.t(STRINGS, "title_sizes", family=data.family), loc="left", fontsize=10.5)


def make(data, look: Look):
    fig, (top, table, sizes) = new_figure(7.2, 9.4, nrows=3, height_ratios=[1.0, 1.35, 1.45])
    draw_small(top, data, look)
    draw_table(table, data, look)
    draw_sizes(sizes, data, look)
    fig.supxlabel(look.t(STRINGS, "units", mib=_power(data.mib_power), mb=_power(data.mb_power)), fontsize=8,
                  color=look.palette.muted, ha="left", x=0.01)
    return fig
