"""param_count: a GPT-2-shaped model's parameters part by part, untied (163M for GPT-2 small, the book's
model) vs tied (124M, GPT-2), and the four GPT-2 sizes (seed 004 §4.6 "參數量：163M 與 124M 的差別" and
the parameter calculator).

By default the model is GPT-2 small; a preset, or the fields one by one (vocab size, context length,
emb_dim, n_layers, n_heads, qkv_bias, tied), give any GPT-2-shaped configuration (engine.gpt2.gpt2_sizes).
param_count: two stacked bars, untied and tied; each segment is named above the untied bar and coloured
by its part (PART_SERIES, the same in both figures); the thin position embedding (C × d_model) and the LayerNorms
(every block's and the final one, one neutral segment), thinner than the white gaps between segments, are
each drawn as a tick past the bars' edges (the position embedding's dotted, as a cool/ok pair side by side is;
the LayerNorms' a hairline in the seam, no wider gap than any other) and named under the untied bar. By default the
model is GPT-2 small as released, Q, K, V with biases (the catalogue entry's qkv_bias): 124,439,808 tied; the caption
alone says what the biases add (27,648 = 12 × 3 × 768, the record's qkv_bias_params) and the counts without them (the
book's GPTModel), with no footnote; a count without the biases says so in the footnote instead. The width is d_model,
as across the set (E is a word vector there). The counts with the Q, K, V bias assumption (and the released model's count),
how the bars read and the float32 sizes are the caption (caption()); each part's formula is the text's.
param_count_sizes (make_sizes, same record): the tied count of each size in grey, printed in it (124.4M,
the count of the released model bar the Q, K, V biases), the output head stacked on top in its colour and
the untied total above it as the secondary label, every label in the axis' one unit (1,637.8M); a model that is none of the four sizes
gets a fifth bar. Where a column, a bar or a neighbour leaves a label too little room, it moves, measured
(figures.parts_bar_labels): layers and heads on lines of their own, a tied count above its cap.
MiB = 2²⁰ bytes (the page's "621.83 MB"), MB = 10⁶ bytes. The page's preset labels
(124M, 355M, …) count OpenAI's Q, K, V biases too: exported as tied_with_qkv_bias, named in the caption.
"""
from __future__ import annotations

from matplotlib.ticker import FuncFormatter

import numpy as np

from figures.common import footnote, ink_on, new_figure, ordered_on_paper, text_width_pt, titled
from look import Look, fmt_int, fmt_num
from engine.gpt2 import OTHER_PARTS
from figures.parts_bar_labels import AIR_PT, fit_size_ticks, place_bar_labels
from figures.parts_param_count_text import STRINGS
from look.palette import OUTPUT_HATCH
from figures.parts_param_ticks import TICKS, _tick

COLOUR_ROLES = ("ink", "muted", "background", "sequential", "ok", "cool")  # the look.palette.ROLES it draws
MEANINGS = ("content", "position_encoding", "output", "amount")  # look.palette.MEANINGS it draws

DECIMALS = {"bar_untied_axis": 2, "bar_tied_axis": 2, "model_other_scaled": 2, "untied_mib": 2, "untied_mb": 2, "tied_mib": 2, "tied_mb": 2, "tying_saving_mib": 2, "mib": 2, "mb": 2,
            "size_binary": 2, "size_decimal": 2, "tying_saving_size": 2,
            "untied_millions": 1, "tied_millions": 1, "small_parts_untied_millions": 2, "model_parts_scaled": 2,
            "bar_untied_scaled": "4s", "bar_tied_scaled": "4s", "bar_head_percent": 1}

# A part's colour is its identity, the same in param_count and param_count_sizes, and it keeps the set's
# meanings (look.palette.MEANINGS): the token embedding is `cool`, content E as in the position figures; the untied
# output head has no hue (MEANINGS["output"]: a cross hatch on the paper, edged in ink, OUTPUT_HATCH), so blue means
# content alone across the set and tying reads in the row names ("head = token embedding"); the position embedding is
# `ok`, the set's colour for a position encoding (pe_combine, pe_waves, attention_cost, seq_number_*); attention and the feed-forward part take greys of the
# sequential scale (no hue, so no meaning of their own), told apart by hatching as well; the LayerNorms,
# too thin to see, are one muted segment. Every segment is also named directly.
PART_ROLE = {"tok_emb": "cool", "pos_emb": "ok"}
PART_GREY = {"attn_qkv": (0, ""), "attn_out": (3, "////"), "ffn": (4, "")}  # (tone of GREY_TONES, hatch), light
GREY_TONES = 5  # to dark; the attention output two steps from the Q, K, V: in greyscale it is 17 L* from the
# token embedding's blue on paper (at the middle tone both are L* 36-43, told apart by the hatch alone)


def _size(value: float, unit: str) -> str:
    """A size in bytes as the record holds it: 621.83 MiB (whole bytes below 1 KiB)."""
    return f"{fmt_int(int(value))} B" if unit == "B" else f"{fmt_num(value, 2)} {unit}"


def _grouped(v, _pos=None) -> str:
    """Axis ticks with thousands separators: 1,500 and 0.5."""
    return f"{v:,g}" if abs(v) < 1e15 else f"{v:.3g}"


NOUNS = {"en": {"block": ("block", "blocks"), "layer": ("layer", "layers"), "head": ("head", "heads")}}  # Chinese strings carry their own measure words


def _word(look: Look, word: str, n: int) -> str:
    """"block" or "blocks" (layer, head) as n asks (English only)."""
    forms = NOUNS.get(look.lang, {}).get(word)
    return (forms[0] if n == 1 else forms[1]) if forms else ""


def part_colour(look: Look, part: str) -> str:
    """The colour of `part` in both figures (PART_ROLE, PART_GREY), the LayerNorms muted."""
    if part in PART_ROLE:
        return getattr(look.palette, PART_ROLE[part])
    if part == "out_head":  # no hue: the paper under a cross hatch in ink (part_hatch, part_edge)
        return look.palette.background
    if part in PART_GREY:
        return ordered_on_paper(GREY_TONES, look)[PART_GREY[part][0]]
    return look.palette.muted


def part_hatch(part: str) -> str:
    """The hatching that tells the grey parts apart in greyscale too."""
    return OUTPUT_HATCH if part == "out_head" else PART_GREY.get(part, (0, ""))[1]


def part_edge(look: Look, part: str) -> str:
    """A segment's edge, which also draws its hatch: ink for the output head's cross hatch, else the paper (the seams)."""
    return look.palette.ink if part == "out_head" else look.palette.background


def model_name(data, look: Look) -> str:
    """GPT-2 small … XL when the model is one of them (V and C included), else a GPT-2-shaped model."""
    if data.model_name:
        return f"{data.family} {look.t(STRINGS, 'name_' + data.model_name)}"
    return look.t(STRINGS, "name_custom", family=data.family)


def released(data) -> int | None:
    """The tied count of the model with Q, K, V biases (as OpenAI released it), when it is one of the four
    sizes and this count leaves the biases out; None otherwise."""
    if data.qkv_bias or data.model_name not in data.names:
        return None
    return int(data.tied_with_qkv_bias[list(data.names).index(data.model_name)])


def headline(data, look: Look) -> str:
    """The caption's first sentence: the tied count (as GPT-2 ships) with the bias assumption, then untied."""
    tied, untied = fmt_int(data.model_tied_params.total), fmt_int(data.model_untied.total)
    key = "c_head_bias" if data.qkv_bias else ("c_head" if released(data) is not None else "c_head_custom")
    name = model_name(data, look)
    text = look.t(STRINGS, key, name=name[:1].upper() + name[1:], tied=tied, untied=untied, family=data.family,
                  size=look.t(STRINGS, "name_" + data.model_name) if data.model_name else "",
                  n=fmt_int(released(data) or 0))
    if data.qkv_bias and data.qkv_bias_params:  # what the biases add, and the counts without them
        text += look.t(STRINGS, "c_bias_diff", **_bias_terms(data, look), t0=fmt_int(data.model_tied_no_bias),
                       u0=fmt_int(data.model_untied_no_bias))
    return text


def _bias_terms(data, look: Look) -> dict:
    """The Q, K, V biases of the model drawn as the text writes them: L × 3 × d_model = their count."""
    return dict(L=data.model_n_layers, q=data.qkv_matrices, E=fmt_int(data.model_emb_dim),
                n=fmt_int(data.qkv_bias_params), blocks=_word(look, "block", data.model_n_layers))


SEGMENTS = ("tok_emb", "pos_emb", "attn_qkv", "attn_out", "ffn", "other", "out_head")  # drawing order of the bars
NAME_GAP = 14  # points between two neighbouring segment names above the bar
UNDER = ("pos_emb", "other")  # thin segments, named in the gap under the untied bar (the row above is full)


def _segments(data, parts) -> list:
    """(segment, count) in drawing order: the small parts summed into "other"."""
    by = dict(zip(data.part_names, parts))
    return [(k, sum(by[p] for p in OTHER_PARTS) if k == "other" else by[k]) for k in SEGMENTS]


def draw_model(ax, data, look: Look) -> None:
    """The model as two stacked bars, untied and tied, each segment named above the untied bar."""
    pal = look.palette
    rows = ((data.model_parts_untied, data.model_untied, "row_untied"),
            (data.model_parts_tied, data.model_tied_params, "row_tied"))
    scale, unit = data.model_axis_scale, data.model_axis_unit
    scaled = dict(zip(data.part_names, data.model_parts_scaled))
    scaled["other"] = data.model_other_scaled
    under = []
    total = data.model_untied.total
    fig = ax.figure
    names = []
    for y, (parts, p, key) in zip((1, 0), rows):
        left = 0.0
        for seg, count in _segments(data, parts):
            if count == 0:
                continue
            width = count / scale
            ax.barh(y, width, left=left, height=0.5, color=part_colour(look, seg), edgecolor=part_edge(look, seg),
                    linewidth=1.0, hatch=part_hatch(seg))
            if seg in TICKS:  # thinner than the white gaps: a tick past the bar's edges, in a paper-coloured halo
                _tick(ax, left + width / 2, y, part_colour(look, seg), pal.background, *TICKS[seg])
            if y == 1:
                (under if seg in UNDER else names).append((seg, left + width / 2, width))
            left += width
    labels = [look.t(STRINGS, key, n=_in_unit(p.total / scale, unit, DECIMALS["model_parts_scaled"]))
              for parts, p, key in rows]  # in the axis' unit, as the caption says; the bytes are the caption's;
    # the Q, K, V bias assumption is the caption's
    ax.set_yticks([1, 0], labels, fontsize=8.5)
    ax.get_yticklabels()[1].set_fontweight("bold")  # tied: the count GPT-2 ships with
    xmax = total / scale * 1.04
    ax.set_xlim(0, xmax)
    ax.set_ylim(-0.45, 2.45)
    # segment names in one row above the untied bar, in the bars' order, each as near its segment as the
    # others leave room for, joined to it by a leader: leaders never cross each other or a name
    fig.get_layout_engine().execute(fig)  # the bars' width as laid out (the names sit inside the axes)
    per_unit = xmax / (ax.get_window_extent().width * 72 / fig.dpi)  # data units per point
    texts = []
    for seg, mid, _width in names:
        value = _in_unit(scaled[seg], unit, DECIMALS["model_parts_scaled"])
        text = look.t(STRINGS, "seg", name=look.t(STRINGS, "seg_" + seg), v=value)
        need = (max(text_width_pt(fig, line, 8, list(look.figure_fonts)) for line in text.split("\n")) + NAME_GAP) * per_unit
        texts.append([text, mid, need, mid])
    right = 0.0
    for t in texts:  # left to right: no overlap with the name before
        t[3] = max(t[3], right + t[2] / 2)
        right = t[3] + t[2] / 2
    left = xmax
    for t in reversed(texts):  # right to left: inside the axes
        t[3] = min(t[3], left - t[2] / 2)
        left = t[3] - t[2] / 2
    drawn = []
    for text, mid, need, centre in texts:
        ax.plot([mid, centre], [1.27, 1.5], color=pal.muted, lw=0.8)
        drawn.append(ax.text(centre, 1.55, text, ha="center", va="bottom", fontsize=8, color=pal.ink,
                             linespacing=1.1))
    for seg, mid, _width in under:  # the position embedding (C × E) and the LayerNorms, each its own part
        value = _in_unit(scaled[seg], unit, DECIMALS["model_parts_scaled"])
        key = "seg_pos" if seg == "pos_emb" else "seg_small"
        text = look.t(STRINGS, key, name=look.t(STRINGS, "seg_" + seg), v=value)
        ax.plot([mid, mid], [0.67, 0.5], color=pal.muted, lw=0.8)
        ax.text(mid + 3 * per_unit, 0.5, text, ha="left", va="center", fontsize=8, color=pal.ink, linespacing=1.1)
    m = data.model_untied
    shape = look.t(STRINGS, "sub_shape", V=fmt_int(m.vocab_size), L=m.n_layers, E=fmt_int(m.emb_dim),
                   C=fmt_int(m.context_length), blocks=_word(look, "block", m.n_layers))
    shape += look.t(STRINGS, "sub_bias" if data.qkv_bias else "sub_no_bias")  # the counts drawn follow it
    ax.set_xlabel(look.t(STRINGS, "axis_" + unit))
    ax.xaxis.set_major_formatter(FuncFormatter(_grouped))
    ax.spines["left"].set_visible(False)
    ax.tick_params(axis="y", length=0)
    biggest = max(_segments(data, data.model_parts_untied), key=lambda sc: sc[1])[0]
    words = dict(name=model_name(data, look), largest=look.t(STRINGS, "seg_" + biggest).replace("\n", " "))
    title = look.t(STRINGS, "title_model", **words)  # one claim; tying is the bars' own labels (untied / tied)
    titled(fig, title + "\n" + _two_lines_if_wide(fig, shape, 9.5, look), look, x=0.01, ha="left",
           fontsize=10.5)  # the sizes that set every count under it, from the same left edge
    r = released(data)  # a count without the Q, K, V biases says so (and the released count) under the axis; as
    if not data.qkv_bias:  # released, what the biases add is the caption's alone (headline())
        footnote(fig, look.t(STRINGS, "note_model", n=fmt_int(data.model_tied_params.total), name=model_name(data, look),
                             r=fmt_int(r)) if r is not None else look.t(STRINGS, "note_custom"), look)
    fig.canvas.draw()  # lay the titles out before the names are fitted under them
    _fit_top(fig, ax, drawn, base=1.55, bottom=-0.45)


def _two_lines_if_wide(fig, text: str, size: float, look: Look) -> str:
    """`text` as one line when it fits across the figure (from the title's left edge), else broken at the
    separator nearest its middle (long counts)."""
    room = (0.985 - 0.01) * fig.get_figwidth() * 72
    if text_width_pt(fig, text, size, list(look.figure_fonts)) <= room:
        return text
    sep = ", " if look.lang == "en" else "、"
    cuts = [i for i in range(len(text)) if text.startswith(sep, i)]
    if not cuts:
        return text
    cut = min(cuts, key=lambda i: abs(i - len(text) / 2))
    return text[:cut + len(sep)].rstrip() + "\n" + text[cut + len(sep):]


def _fit_top(fig, ax, texts, base: float, bottom: float) -> None:
    """The y range's top just above the segment names (no empty band under the title): names of h
    pixels above `base` in an axes H pixels tall fit when top ≥ (base − bottom·h/H) / (1 − h/H)."""
    if not texts:
        return
    renderer = fig.canvas.get_renderer()
    h = max(t.get_window_extent(renderer).height for t in texts)
    H = ax.get_window_extent(renderer).height
    share = min(0.6, h / H * 1.12)  # 12 % air above the tallest name: clear of the subtitle in every script
    ax.set_ylim(bottom, (base - bottom * share) / (1 - share))


def _pos_count(data, look: Look) -> str:
    """The position embedding's count as the caption writes it: C × E = its parameters."""
    p = data.model_untied
    return f"{fmt_int(p.context_length)} × {fmt_int(p.emb_dim)} = {fmt_int(int(p.pos_emb))}"


def _bytes(p, look: Look) -> str:
    """A count's float32 size in both units: 621.83 MiB = 652.04 MB."""
    return _size(p.size_binary, p.size_binary_unit) + " = " + _size(p.size_decimal, p.size_decimal_unit)


def caption(data, look: Look) -> str:
    """Three sentences for the numbers file: the tied and untied counts with the Q, K, V bias assumption,
    how the bars read, and the float32 sizes; each part's formula and count is numbers.json's and the text's."""
    unit = data.model_axis_unit
    other = (fmt_num(data.model_other_scaled, DECIMALS["model_parts_scaled"]) + unit) if unit \
        else fmt_int(int(data.model_other_scaled))
    stop = " " if look.lang == "en" else ""
    return stop.join((
        headline(data, look),
        look.t(STRINGS, "c_intro", other=other, pos=_pos_count(data, look)),
        rounded(look.t(STRINGS, "c_bytes", u=_bytes(data.model_untied, look), t=_bytes(data.model_tied_params, look)),
                unit, DECIMALS["model_parts_scaled"], "exact_above", look)))


def _in_unit(value: float, unit: str, decimals: int) -> str:
    """A count in the axis' unit, the unit named once on the axis: 38.60 (millions), or whole when unscaled."""
    return fmt_num(value, decimals) if unit else fmt_int(int(round(value)))


def _rounded_label(v: float, unit: str) -> str:
    """A count in the axis' unit to the nearest 0.01, the unit named on the axis alone; one that rounds to a whole
    number keeps its unit ("414.00B"), so it reads as rounded, not as an exact 414."""
    text = f"{v:,.2f}".replace("-", "\u2212")
    return text + unit if text.endswith(".00") else text


def rounded(sentence: str, unit: str, decimals: int, exact: str, look: Look) -> str:
    """`sentence` with the note that the figure's counts are rounded in the axis' unit added to its end (as it is
    when they are whole)."""
    if not unit:
        return sentence
    clause = look.t(STRINGS, "c_rounded", unit=look.t(STRINGS, "unit_" + unit), d=decimals,
                    step=fmt_num(10.0 ** -decimals, decimals), exact=look.t(STRINGS, exact))
    return sentence[:-1] + ("; " if look.lang == "en" else "；") + clause + sentence[-1]


def caption_sizes(data, look: Look) -> str:
    """param_count_sizes' text: what a bar is, which one param_count draws, the bias assumption."""
    text = look.t(STRINGS, "c_sizes", name=model_name(data, look)) + \
        look.t(STRINGS, "c_vc", V=fmt_int(data.vocab_size), C=fmt_int(data.context_length))
    if not data.qkv_bias:
        text += (" " if look.lang == "en" else "") + look.t(STRINGS, "no_bias", tied=fmt_int(int(data.tied[0])),
                                                             n=fmt_int(int(data.tied_with_qkv_bias[0])))
        text += look.t(STRINGS, "c_bias_sizes", n=", ".join(fmt_int(int(n)) for n in data.tied_with_qkv_bias))
    else:  # the released convention, as param_count's: say so
        text += look.t(STRINGS, "c_bias_on_sizes")
    return rounded(text, data.bars_axis_unit, DECIMALS["bar_tied_axis"], "exact_file", look)


def draw_sizes(ax, data, look: Look) -> None:
    """The tied total of each size (and of the model when it is none of them), with the output head
    stacked on top for the untied count."""
    pal = look.palette
    idx = np.arange(len(data.bar_names))
    w = 0.48  # narrow enough that a share beside its bar, "23.7 %", keeps clear of the next bar
    scale = data.bars_axis_scale
    tied, untied = data.bar_tied / scale, data.bar_untied / scale  # (bars,) in the axis' unit
    top = untied.max() * 1.18
    grey = tied_grey(look)  # the whole tied model: a neutral no figure uses for a part
    ax.bar(idx, tied, width=w, color=grey, edgecolor=pal.muted, linewidth=1.0, label=look.t(STRINGS, "bar_tied"),
           zorder=3)
    ax.bar(idx, untied - tied, bottom=tied, width=w, color=part_colour(look, "out_head"), hatch=part_hatch("out_head"),
           edgecolor=part_edge(look, "out_head"), linewidth=1.0, label=look.t(STRINGS, "bar_head"),
           zorder=3)  # the output head as in param_count: a cross hatch, no hue
    u = data.bars_axis_unit
    one = (lambda v: _rounded_label(v, u)) if u else (lambda v: fmt_int(int(round(v))))  # the axis' unit, named once on it
    bars = []
    for i, x in enumerate(idx):  # the tied count (as released) the main label, the untied total above the cap
        pts = dict(textcoords="offset points", annotation_clip=False)
        in_bar = ax.annotate(one(data.bar_tied_axis[i]), (x, tied[i] - 0.012 * top), xytext=(0, 0), ha="center",
                             va="top", fontsize=9.5, color=ink_on(grey, look), fontweight="bold", **pts)
        over = ax.annotate(look.t(STRINGS, "untied_total", n=one(data.bar_untied_axis[i])), (x, untied[i]),
                           xytext=(0, AIR_PT), ha="center", va="bottom", fontsize=8, color=pal.muted, **pts)  # clear of the cap
        beside = ax.annotate(look.t(STRINGS, "head_share", p=share(data.bar_head_percent[i])),  # "23.7 %": what of, the key says once
                             (x + w / 2 + 0.04, max(untied[i], 0.1 * top)), xytext=(0, 0), ha="left", va="top",
                             fontsize=8.5, color=pal.ink, fontweight="bold", **pts)  # its top at the cap's, under the untied total
        bars.append((x, w / 2, untied[i], in_bar, over, beside))
    ax.set_xticks(idx, size_ticks(data, look, "size_tick"), fontsize=8.5)
    ax.set_xlim(-0.6, len(idx) - 0.1)
    ax.set_ylim(0, top)
    ax.set_ylabel(look.t(STRINGS, "axis_" + data.bars_axis_unit))
    ax.yaxis.set_major_formatter(FuncFormatter(_grouped))
    ax.grid(True, axis="y", zorder=0)
    ax.legend(loc="upper left", fontsize=8.5, frameon=True, facecolor=pal.background, edgecolor="none",
              framealpha=1.0)  # on paper: the gridlines stop at the key
    key = "title_sizes" if len(idx) == len(data.names) else "title_sizes_model"
    ax.figure.suptitle(look.t(STRINGS, key, family=data.family, a=share(data.bar_head_percent[0]),
                              b=share(data.bar_head_percent[len(data.names) - 1])), x=0.01, ha="left", fontsize=10.5)
    if not data.qkv_bias:  # every size leaves the biases out: each one's count with them
        footnote(ax.figure, look.t(STRINGS, "note_sizes"), look)  # the counts with them are the caption's
    fit_size_ticks(ax, size_ticks(data, look, "size_tick_tall"))  # measured, once laid out
    place_bar_labels(ax, bars, pal.ink)


def tied_grey(look: Look) -> str:
    """The tied model's colour in param_count_sizes: the whole model, not one part, so the `panel` grey (a box
    holding parts; no figure draws a part in it), outlined in muted so it stands on any paper."""
    return look.palette.panel


def size_ticks(data, look: Look, key: str) -> list[str]:
    """Each bar's size under it: its name, width, layers and heads, each count with its own noun (1 layer)."""
    return [look.t(STRINGS, key, name=look.t(STRINGS, f"name_{n}"), E=fmt_int(int(e)), L=int(l), H=int(h),
                   layers=_word(look, "layer", int(l)), heads=_word(look, "head", int(h)))
            for n, e, l, h in zip(data.bar_names, data.bar_emb_dim, data.bar_n_layers, data.bar_n_heads)]


def share(v: float) -> str:
    """A percentage as the sizes figure writes it: one decimal (23.7 %)."""
    return fmt_num(float(v), DECIMALS["bar_head_percent"]) + " %"


def make(data, look: Look):
    """The model part by part; the formulas are the caption; the four sizes are param_count_sizes, same record."""
    fig, top = new_figure(7.2, 3.4)
    fig.get_layout_engine().set(rect=(0.03, 0, 0.97, 1))  # the row labels measure wider at 72 dpi (the SVG)
    draw_model(top, data, look)
    return fig


def make_sizes(data, look: Look):
    """param_count_sizes: the tied total of each GPT-2 size, the output head stacked on top."""
    fig, sizes = new_figure(7.2, 4.0)
    draw_sizes(sizes, data, look)
    return fig
