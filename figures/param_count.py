"""param_count: a GPT-2-shaped model's parameters part by part, untied (163M for GPT-2 small, the book's
model) vs tied (124M, GPT-2), and the four GPT-2 sizes (seed 004 §4.6 "參數量：163M 與 124M 的差別" and
the parameter calculator).

By default the model is GPT-2 small; a preset, or the fields one by one (vocab size, context length,
emb_dim, n_layers, n_heads, qkv_bias, tied), give any GPT-2-shaped configuration (engine.gpt2.gpt2_sizes).
param_count: two stacked bars, untied and tied; each segment is named above the untied bar (its name
carries it, so no two hues need telling apart), and the parts too small to see (positional embedding,
LayerNorms, final LayerNorm) are one neutral "other" segment. The formulas, the block total, the
saving of tying, the byte units and the Q, K, V bias assumption are the caption (caption()).
param_count_sizes (make_sizes, same record): the tied count of each size in grey with the output head
stacked on top, every label in the axis' one unit (1,637.8M); a model that is none of the four sizes
gets a fifth bar. MiB = 2²⁰ bytes (the page's "621.83 MB"), MB = 10⁶ bytes. The page's preset labels
(124M, 355M, …) count OpenAI's Q, K, V biases too: exported as tied_with_qkv_bias, named in the caption.
"""
from __future__ import annotations

from matplotlib.ticker import FuncFormatter

import numpy as np

from figures.common import new_figure, text_width_pt
from look import Look, fmt_int, fmt_num
from look.formats import superscript

STRINGS = {
    "en": {
        "seg_tok_emb": "token embedding", "seg_attn_qkv": "attention\nQ, K, V", "seg_attn_out": "attention\noutput",
        "seg_ffn": "feed forward", "seg_other": "other", "seg_out_head": "output head",
        "seg": "{name}\n{v}{u}",
        "row_untied": "untied: own output head\n{n}\n{size} (float32)",
        "row_tied": "tied: head = token embedding\n{n}\n{size} (float32)",
        "c_intro": ("Each bar is the model's parameter count split into its parts, the same part in the same place "
                    "and colour in both bars; \"other\" is the positional embedding, the LayerNorms and the final "
                    "LayerNorm together ({other}). Untied, the output head has its own V·E weights; tied, it reuses the token embedding, as the released GPT-2 does."),
        "c_part": "{label}: {n}",
        "c_parts": "Part by part ({which}; per-block parts summed over the {L} {bw}): {rows}.",
        "which_untied": "untied", "which_tied": "tied",
        "c_sizes": ("Each bar is one GPT-2 size: its tied count, with the output head V·E stacked on top for the "
                    "untied count; the part-by-part figure of the same record breaks down {name}."),
        "title_model": "{name} (E = {E}, L = {L} {blocks}, H = {H} {heads})\nV = {V}, C = {C}: where the parameters are",
        "name_custom": "A {family}-shaped model",
        "axis_": "parameters",
        "axis_K": "parameters (thousands)",
        "axis_M": "parameters (millions)",
        "axis_B": "parameters (billions)",
        "tok_emb": "token embedding V·E",
        "pos_emb": "positional embedding C·E",
        "attn_qkv": "attention Q, K, V: {q}E² per block",
        "attn_qkv_bias": "attention Q, K, V with biases: {q}E² + {q}E per block",
        "attn_out": "attention output projection: E² + E per block",
        "ffn": "feed forward: (E·{x}E + {x}E) + ({x}E·E + E) per block",
        "norms": "{n} LayerNorms: {v}E per block",
        "final_norm": "final LayerNorm: {f}E",
        "out_head": "output head V·E (tied: shares the token embedding)",
        "out_head_tied": "output head: shares the token embedding (tied)",
        "per_block": "one block: {n}   ·   {L} {bw}: {blocks}",
        "saving": "tying removes V·E = {n} parameters = {size}",
        "title_sizes": "The four {family} sizes (V = {V}, C = {C}):\ntied, plus the output head when untied",
        "title_sizes_model": "The four {family} sizes and this model (V = {V}, C = {C}):\n"
                             "tied, plus the output head when untied",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "tied",
        "bar_head": "+ output head V·E (untied)",
        "unit": "{u} = {p} bytes",
        "unit_sep": ", ",
        "units": "{units}. The number of heads H does not change the count.",
        "units_none": "The number of heads H does not change the count.",
        "no_bias": "Counted without Q, K, V biases; with them, as in OpenAI's checkpoints, small has {n} tied.",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
        "name_model": "this model",
    },
    "zh-Hant": {
        "seg_tok_emb": "詞元嵌入", "seg_attn_qkv": "注意力\nQ、K、V", "seg_attn_out": "注意力\n輸出",
        "seg_ffn": "前饋網路", "seg_other": "其他", "seg_out_head": "輸出層",
        "seg": "{name}\n{v}{u}",
        "row_untied": "不綁定：輸出層自有權重\n{n}\n{size}（float32）",
        "row_tied": "綁定：輸出層 = 詞元嵌入\n{n}\n{size}（float32）",
        "c_intro": ("每條長條是模型的參數量按部分拆開，兩條長條中同一部分位置與顏色相同；「其他」是位置嵌入、各 LayerNorm "
                    "與最後的 LayerNorm 合計（{other}）。不綁定時輸出層有自己的 V·E 權重；"
                    "綁定時輸出層共用詞元嵌入，公開的 GPT-2 就是這樣。"),
        "c_part": "{label}：{n}",
        "c_parts": "逐項拆解（{which}；每個區塊的項目已乘上 {L} 個區塊）：{rows}。",
        "which_untied": "不綁定", "which_tied": "綁定",
        "c_sizes": "每條長條是一種 GPT-2 尺寸：綁定時的參數量，上方疊上輸出層 V·E 即為不綁定的參數量；同一組數據的逐項拆解圖畫的是 {name}。",
        "title_model": "{name}（E = {E}、L = {L} 個區塊、H = {H} 個頭）\nV = {V}、C = {C}：參數都在哪裡",
        "name_custom": "{family} 架構的模型",
        "axis_": "參數量",
        "axis_K": "參數量（千）",
        "axis_M": "參數量（百萬）",
        "axis_B": "參數量（十億）",
        "tok_emb": "詞元嵌入 V·E",
        "pos_emb": "位置嵌入 C·E",
        "attn_qkv": "注意力的 Q、K、V：每個區塊 {q}E²",
        "attn_qkv_bias": "注意力的 Q、K、V（含偏置）：每個區塊 {q}E² + {q}E",
        "attn_out": "注意力輸出投影：每個區塊 E² + E",
        "ffn": "前饋網路：每個區塊 (E·{x}E + {x}E) + ({x}E·E + E)",
        "norms": "{n} 個 LayerNorm：每個區塊 {v}E",
        "final_norm": "最後的 LayerNorm：{f}E",
        "out_head": "輸出層 V·E（綁定時共用詞元嵌入）",
        "out_head_tied": "輸出層：與詞元嵌入共用（綁定）",
        "per_block": "一個區塊：{n}   ·   {L} 個區塊：{blocks}",
        "saving": "綁定省下 V·E = {n} 個參數 = {size}",
        "title_sizes": "{family} 的四種尺寸（V = {V}、C = {C}）\n綁定的參數量，不綁定時再加上輸出層",
        "title_sizes_model": "{family} 的四種尺寸與這個模型（V = {V}、C = {C}）\n綁定的參數量，不綁定時再加上輸出層",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "綁定",
        "bar_head": "＋ 輸出層 V·E（不綁定）",
        "unit": "{u} = {p} 位元組",
        "unit_sep": "，",
        "units": "{units}。注意力頭數 H 不影響參數量。",
        "units_none": "注意力頭數 H 不影響參數量。",
        "no_bias": "Q、K、V 不含偏置；含偏置時（OpenAI 公開的權重）small 綁定後是 {n}。",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
        "name_model": "這個模型",
    },
    "zh-Hans": {
        "seg_tok_emb": "词元嵌入", "seg_attn_qkv": "注意力\nQ、K、V", "seg_attn_out": "注意力\n输出",
        "seg_ffn": "前馈网络", "seg_other": "其他", "seg_out_head": "输出层",
        "seg": "{name}\n{v}{u}",
        "row_untied": "不绑定：输出层自有权重\n{n}\n{size}（float32）",
        "row_tied": "绑定：输出层 = 词元嵌入\n{n}\n{size}（float32）",
        "c_intro": ("每条长条是模型的参数量按部分拆开，两条长条中同一部分位置与颜色相同；“其他”是位置嵌入、各 LayerNorm "
                    "与最后的 LayerNorm 合计（{other}）。不绑定时输出层有自己的 V·E 权重；"
                    "绑定时输出层共用词元嵌入，公开的 GPT-2 就是这样。"),
        "c_part": "{label}：{n}",
        "c_parts": "逐项拆解（{which}；每个区块的项目已乘上 {L} 个区块）：{rows}。",
        "which_untied": "不绑定", "which_tied": "绑定",
        "c_sizes": "每条长条是一种 GPT-2 尺寸：绑定时的参数量，上方叠上输出层 V·E 即为不绑定的参数量；同一组数据的逐项拆解图画的是 {name}。",
        "title_model": "{name}（E = {E}、L = {L} 个区块、H = {H} 个头）\nV = {V}、C = {C}：参数都在哪里",
        "name_custom": "{family} 架构的模型",
        "axis_": "参数量",
        "axis_K": "参数量（千）",
        "axis_M": "参数量（百万）",
        "axis_B": "参数量（十亿）",
        "tok_emb": "词元嵌入 V·E",
        "pos_emb": "位置嵌入 C·E",
        "attn_qkv": "注意力的 Q、K、V：每个区块 {q}E²",
        "attn_qkv_bias": "注意力的 Q、K、V（含偏置）：每个区块 {q}E² + {q}E",
        "attn_out": "注意力输出投影：每个区块 E² + E",
        "ffn": "前馈网络：每个区块 (E·{x}E + {x}E) + ({x}E·E + E)",
        "norms": "{n} 个 LayerNorm：每个区块 {v}E",
        "final_norm": "最后的 LayerNorm：{f}E",
        "out_head": "输出层 V·E（绑定时共用词元嵌入）",
        "out_head_tied": "输出层：与词元嵌入共用（绑定）",
        "per_block": "一个区块：{n}   ·   {L} 个区块：{blocks}",
        "saving": "绑定省下 V·E = {n} 个参数 = {size}",
        "title_sizes": "{family} 的四种尺寸（V = {V}、C = {C}）\n绑定的参数量，不绑定时再加上输出层",
        "title_sizes_model": "{family} 的四种尺寸与这个模型（V = {V}、C = {C}）\n绑定的参数量，不绑定时再加上输出层",
        "size_tick": "{name}\nE {E} · L {L}\nH {H}",
        "bar_tied": "绑定",
        "bar_head": "＋ 输出层 V·E（不绑定）",
        "unit": "{u} = {p} 字节",
        "unit_sep": "，",
        "units": "{units}。注意力头数 H 不影响参数量。",
        "units_none": "注意力头数 H 不影响参数量。",
        "no_bias": "Q、K、V 不含偏置；含偏置时（OpenAI 公开的权重）small 绑定后是 {n}。",
        "name_small": "small", "name_medium": "medium", "name_large": "large", "name_xl": "XL",
        "name_model": "这个模型",
    },
}

DECIMALS = {"bar_untied_axis": 1, "bar_tied_axis": 1, "model_other_scaled": 2, "untied_mib": 2, "untied_mb": 2, "tied_mib": 2, "tied_mb": 2, "tying_saving_mib": 2, "mib": 2, "mb": 2,
            "size_binary": 2, "size_decimal": 2, "tying_saving_size": 2,
            "untied_millions": 1, "tied_millions": 1, "small_parts_untied_millions": 2, "model_parts_scaled": 2,
            "bar_untied_scaled": "4s", "bar_tied_scaled": "4s"}

PART_COLOURS = {"tok_emb": 5, "pos_emb": 4, "attn_qkv": 1, "attn_out": 2, "ffn": 0, "norms": 3,
                "final_norm": 6, "out_head": 7}
INLINE_SHARE = 0.12  # parts at least this share of the untied total carry their count inside the bar


def _power(pair) -> str:
    """(base, exponent) of the record written as base with a superscript exponent: (2, 20) → 2²⁰."""
    base, exponent = pair
    return f"{int(base)}{superscript(int(exponent))}"


def _size(value: float, unit: str) -> str:
    """A size in bytes as the record holds it: 621.83 MiB (whole bytes below 1 KiB)."""
    return f"{fmt_int(int(value))} B" if unit == "B" else f"{fmt_num(value, 2)} {unit}"


def _grouped(v, _pos=None) -> str:
    """Axis ticks with thousands separators: 1,500 and 0.5."""
    return f"{v:,g}" if abs(v) < 1e15 else f"{v:.3g}"


def _part_label(data, look: Look, name: str, tied: bool) -> str:
    """A part's name with its formula, the formula's constants from the record."""
    key = name
    if name == "attn_qkv" and data.qkv_bias:
        key = "attn_qkv_bias"
    elif name == "out_head" and tied:
        key = "out_head_tied"
    return look.t(STRINGS, key, q=data.qkv_matrices, x=data.ffn_expansion, n=data.norms_per_block,
                  v=data.norm_params_per_block, f=data.final_norm_vectors)


NOUNS = {"en": {"block": ("block", "blocks"), "head": ("head", "heads")}}  # Chinese strings carry their own measure words


def _word(look: Look, word: str, n: int) -> str:
    """"block" or "blocks" as n asks (English only)."""
    forms = NOUNS.get(look.lang, {}).get(word)
    return (forms[0] if n == 1 else forms[1]) if forms else ""


def _colour(look: Look, part: str) -> str:
    return look.palette.series[PART_COLOURS[part] % len(look.palette.series)]


def model_name(data, look: Look) -> str:
    """GPT-2 small … XL when the model is one of them (V and C included), else a GPT-2-shaped model."""
    if data.model_name:
        return f"{data.family} {look.t(STRINGS, 'name_' + data.model_name)}"
    return look.t(STRINGS, "name_custom", family=data.family)


SEGMENTS = ("tok_emb", "attn_qkv", "attn_out", "ffn", "other", "out_head")  # drawing order of the bars
OTHER = ("pos_emb", "norms", "final_norm")  # too small to see alone: one neutral segment


def _segments(data, parts) -> list:
    """(segment, count) in drawing order: the small parts summed into "other"."""
    by = dict(zip(data.part_names, parts))
    return [(k, sum(by[p] for p in OTHER) if k == "other" else by[k]) for k in SEGMENTS]


def draw_model(ax, data, look: Look) -> None:
    """The model as two stacked bars, untied and tied, each segment named above the untied bar."""
    pal = look.palette
    rows = ((data.model_parts_untied, data.model_untied, "row_untied"),
            (data.model_parts_tied, data.model_tied_params, "row_tied"))
    scale, unit = data.model_axis_scale, data.model_axis_unit
    scaled = dict(zip(data.part_names, data.model_parts_scaled))
    scaled["other"] = data.model_other_scaled
    total = data.model_untied.total
    fig = ax.figure
    names = []
    for y, (parts, p, key) in zip((1, 0), rows):
        left = 0.0
        for seg, count in _segments(data, parts):
            if count == 0:
                continue
            width = count / scale
            ax.barh(y, width, left=left, height=0.5, color=pal.muted if seg == "other" else _colour(look, seg), edgecolor=pal.background,
                    linewidth=1.0)
            if y == 1:
                names.append((seg, left + width / 2, width))
            left += width
    labels = []
    for parts, p, key in rows:
        labels.append(look.t(STRINGS, key, n=fmt_int(p.total), size=_size(p.size_binary, p.size_binary_unit)
                             + " = " + _size(p.size_decimal, p.size_decimal_unit)))
    ax.set_yticks([1, 0], labels, fontsize=8.5)
    xmax = total / scale * 1.04
    ax.set_xlim(0, xmax)
    ax.set_ylim(-0.45, 2.45)
    # segment names in one row above the untied bar, in the bars' order, each as near its segment as the
    # others leave room for, joined to it by a leader: leaders never cross each other or a name
    fig.get_layout_engine().execute(fig)  # the bars' width as laid out (the names sit inside the axes)
    per_unit = xmax / (ax.get_window_extent().width * 72 / fig.dpi)  # data units per point
    texts = []
    for seg, mid, _width in names:
        value = fmt_num(scaled[seg], DECIMALS["model_parts_scaled"]) if unit else fmt_int(int(scaled[seg]))
        text = look.t(STRINGS, "seg", name=look.t(STRINGS, "seg_" + seg), v=value, u=unit)
        need = (max(text_width_pt(fig, line, 8, list(look.figure_fonts)) for line in text.split("\n")) + 6) * per_unit
        texts.append([text, mid, need, mid])
    right = 0.0
    for t in texts:  # left to right: no overlap with the name before
        t[3] = max(t[3], right + t[2] / 2)
        right = t[3] + t[2] / 2
    left = xmax
    for t in reversed(texts):  # right to left: inside the axes
        t[3] = min(t[3], left - t[2] / 2)
        left = t[3] - t[2] / 2
    for text, mid, need, centre in texts:
        ax.plot([mid, centre], [1.27, 1.5], color=pal.muted, lw=0.8)
        ax.text(centre, 1.55, text, ha="center", va="bottom", fontsize=8, color=pal.ink, linespacing=1.1)
    ax.set_xlabel(look.t(STRINGS, "axis_" + unit))
    ax.xaxis.set_major_formatter(FuncFormatter(_grouped))
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)
    p = data.model_untied
    fig.suptitle(look.t(STRINGS, "title_model", name=model_name(data, look), E=fmt_int(p.emb_dim), L=p.n_layers,
                        H=data.model_n_heads, V=fmt_int(p.vocab_size), C=fmt_int(p.context_length),
                        blocks=_word(look, "block", p.n_layers), heads=_word(look, "head", data.model_n_heads)),
                 x=0.01, ha="left", fontsize=10.5)


def caption(data, look: Look) -> str:
    """What the bars show, every part's formula and count, the block total, the saving of tying, the
    byte units and the Q, K, V bias assumption, for the numbers file."""
    tied = data.model_tied
    p = data.model_tied_params if tied else data.model_untied
    parts = data.model_parts_tied if tied else data.model_parts_untied
    sep = "; " if look.lang == "en" else "；"
    rows = sep.join(look.t(STRINGS, "c_part", label=_part_label(data, look, name, tied), n=fmt_int(int(count)))
                    for name, count in zip(data.part_names, parts))
    unit = data.model_axis_unit
    other = (fmt_num(data.model_other_scaled, DECIMALS["model_parts_scaled"]) + unit) if unit \
        else fmt_int(int(data.model_other_scaled))
    stop = " " if look.lang == "en" else ""
    end = "." if look.lang == "en" else "。"
    cap = (lambda t: t[:1].upper() + t[1:]) if look.lang == "en" else (lambda t: t)  # noqa: E731  a sentence's start
    return stop.join((
        look.t(STRINGS, "c_intro", other=other),
        look.t(STRINGS, "c_parts", which=look.t(STRINGS, "which_tied" if tied else "which_untied"), L=p.n_layers,
               bw=_word(look, "block", p.n_layers), rows=rows),
        cap(look.t(STRINGS, "per_block", n=fmt_int(p.per_block), L=p.n_layers, blocks=fmt_int(p.blocks),
                   bw=_word(look, "block", p.n_layers)).replace("   ·   ", "; " if look.lang == "en" else "；")) + end,
        cap(look.t(STRINGS, "saving", n=fmt_int(data.tying_saving),
                   size=_size(data.tying_saving_size, data.tying_saving_unit))) + end,
        foot(data, look).replace("\n", stop)))


def caption_sizes(data, look: Look) -> str:
    """param_count_sizes' text: what a bar is, which one param_count draws, the bias assumption."""
    text = look.t(STRINGS, "c_sizes", name=model_name(data, look))
    if not data.qkv_bias:
        text += (" " if look.lang == "en" else "") + look.t(STRINGS, "no_bias", n=fmt_int(int(data.tied_with_qkv_bias[0])))
    return text


def draw_sizes(ax, data, look: Look) -> None:
    """The tied total of each size (and of the model when it is none of them), with the output head
    stacked on top for the untied count."""
    pal = look.palette
    idx = np.arange(len(data.bar_names))
    w = 0.55
    scale = data.bars_axis_scale
    tied, untied = data.bar_tied / scale, data.bar_untied / scale  # (bars,) in the axis' unit
    top = untied.max() * 1.18
    ax.bar(idx, tied, width=w, color=pal.muted, label=look.t(STRINGS, "bar_tied"), zorder=3)  # the count itself
    ax.bar(idx, untied - tied, bottom=tied, width=w, color=_colour(look, "out_head"),
           label=look.t(STRINGS, "bar_head"), zorder=3)
    u = data.bars_axis_unit
    one = (lambda v: f"{v:,.1f}".replace("-", "\u2212") + u) if u else (lambda v: fmt_int(int(round(v))))  # one unit, the axis'
    for i, x in enumerate(idx):
        ax.text(x, untied[i], one(data.bar_untied_axis[i]), ha="center", va="bottom", fontsize=8.5, color=pal.ink,
                fontweight="bold")
        ax.text(x + w / 2 + 0.04, max(tied[i], 0.03 * top), one(data.bar_tied_axis[i]),
                ha="left", va="center", fontsize=8, color=pal.ink)
    ticks = [look.t(STRINGS, "size_tick", name=look.t(STRINGS, f"name_{n}"), E=fmt_int(int(e)), L=int(l), H=int(h))
             for n, e, l, h in zip(data.bar_names, data.bar_emb_dim, data.bar_n_layers, data.bar_n_heads)]
    ax.set_xticks(idx, ticks, fontsize=8.5)
    ax.set_xlim(-0.6, len(idx) - 0.1)
    ax.set_ylim(0, top)
    ax.set_ylabel(look.t(STRINGS, "axis_" + data.bars_axis_unit))
    ax.yaxis.set_major_formatter(FuncFormatter(_grouped))
    ax.grid(True, axis="y", zorder=0)
    ax.legend(loc="upper left", fontsize=8.5)
    key = "title_sizes" if len(idx) == len(data.names) else "title_sizes_model"
    ax.set_title(look.t(STRINGS, key, family=data.family, V=fmt_int(data.vocab_size), C=fmt_int(data.context_length)),
                 loc="left", fontsize=10.5)


def _units_line(data, look: Look) -> str:
    """The byte units the figure uses, each with its size: MiB = 2²⁰ bytes, MB = 10⁶ bytes."""
    units = []
    rows = (data.model_untied, data.model_tied_params)
    for unit, power in [(p.size_binary_unit, p.binary_power) for p in rows] + \
                       [(data.tying_saving_unit, data.tying_saving_power)] + \
                       [(p.size_decimal_unit, p.decimal_power) for p in rows]:
        if unit != "B" and (unit, power) not in units:
            units.append((unit, power))
    units.sort(key=lambda u: (u[1][0] == 10, u[1][1]))  # binary first, small to large
    if not units:  # a model of a few hundred bytes
        return look.t(STRINGS, "units_none")
    text = look.t(STRINGS, "unit_sep").join(look.t(STRINGS, "unit", u=u, p=_power(pw)) for u, pw in units)
    return look.t(STRINGS, "units", units=text)


def foot(data, look: Look) -> str:
    """The units line and, when the count leaves out the Q, K, V biases, that assumption with the count
    that includes them (the released GPT-2 small)."""
    text = _units_line(data, look)
    if not data.qkv_bias:
        text += "\n" + look.t(STRINGS, "no_bias", n=fmt_int(int(data.tied_with_qkv_bias[0])))
    return text


def make(data, look: Look):
    """The model part by part; the formulas are the caption; the four sizes are param_count_sizes, same record."""
    fig, top = new_figure(7.2, 3.8)
    fig.get_layout_engine().set(rect=(0.03, 0, 0.97, 1))  # the row labels measure wider at 72 dpi (the SVG)
    draw_model(top, data, look)
    return fig


def make_sizes(data, look: Look):
    """param_count_sizes: the tied total of each GPT-2 size, the output head stacked on top."""
    fig, sizes = new_figure(7.2, 4.0)
    draw_sizes(sizes, data, look)
    return fig
