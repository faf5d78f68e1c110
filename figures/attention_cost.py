"""attention_cost: the two bills a longer sentence runs up (seed 001, "two costs" station and summary).

Log-log, like for like: one layer of GPT-2 small against the length T. Squares: that layer's attention score tables,
one per head, heads × T × T (record.real_heads × score_entries; a pass makes 144, pass_tables, in the subtitle and,
with their bytes, the caption); the y axis in bytes (float32, record.bytes_per_value: KiB, MiB, GiB, TiB), each marked
count written as the memory it takes (48 MiB: 12 × 1,048,576 values × 4 B). Hexagons: one layer's
activations stored, T × d (GPT-2 small's d_model = 768 by default; its stored 786,432, real_table_entries, is the caption's).
The lines meet where heads · T² = T · d, T = d / heads (64, 49,152 each: layer_meeting), which only the caption
states, with what it does not mean: T × d is one of the activation tables a layer keeps for the backward pass, not all.
The activations line's words and counts are ink (parts_cost_marks.stored_text): its colour is a line's, not text's. No key: each line is named at its right end by what it counts and its growth between the marked lengths
(the record's ratios); solid up to GPT-2 small's 1,024 learned rows, dashed past them; a toy width (d = 16, one head)
has GPT-2 small's table thin beside it, in a key. Counts by formula, never measured. Any lengths (short < long) and
width d: the curves span the powers of two around them (engine.costs.curve_exponents), the marked lengths named under
their guides (parts_cost_axis.length_ticks), each marked point's count beside it (parts_cost_marks).
"""
from __future__ import annotations

import numpy as np

from figures.parts_type import BODY_PT, SUB_PT, TITLE_PT
from figures.common import new_figure, place_at, spread, titled
from figures.parts_cost_axis import length_ticks
from figures.parts_cost_axis import _bytes, byte_axis, size_text
from figures.parts_cost_marks import KEPT_LW, SCORE_LW, STORED_MARKER, score_colour, stored_colour, hypothetical_key, mark_values, rings, stored_text
from figures.placing import crossings, drawn_segments
from look.palette import GUIDE, LINE_STYLES
from look import Look, fmt_int

COLOUR_ROLES = ("ink", "muted", "background", "bad", "stored")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": "One layer's score tables grow as T², its stored activations only as T",
        "length": "sequence length T (tokens, log scale)",
        "entries": "memory if stored (float32, 4 B a value; log scale)",
        "bytes": "\n× {b} B = {size}",
        "sub": "{name}, d_model = {d}, batch {B}, float32",
        "sub_pass": "; a pass: {k} tables ({L} layers × {H} heads)",
        "cap_why": " They meet at T = d_model / heads = {d} / {H} = {t}: there {H} · T² = T · {d}.",
        "sub_which": "; {heads}T × T if stored whole, vs T × {d}:\nthe T × {d} line is only one of the several tables a layer keeps",
        "scores": "{name}'s score tables of one layer: {heads}T × T",
        "positions": r"input activations, T × $d_{{\mathrm{{model}}}}$, {toy}width $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "one layer's score tables, {x}T × T\n{r}× from T = {short} to {long}",
        "end_positions": "one layer's input activations, T × {d}\n{r}× from T = {short} to {long}",
        "cap_formula": (" Every count and size here is computed from these formulas, not measured: no model was run "
                        "and no memory was read at any length, below {name}'s {rows} positions or past them."),
        "cap": ("Numbers one layer holds for a sequence of T tokens, both axes on log scales. The line with squares "
                "counts the attention score tables of one layer of {name}, one per head: {x}T × T numbers, activations computed anew "
                "for each sequence, not stored weights; a forward pass makes {k} tables ({L} layers × {H} heads). The position "
                "table is stored with the weights, one vector of d_model numbers per position, whatever the length; the line "
                "with hexagons counts one layer's input activations, T × d_model: a vector of d_model numbers per token, "
                "as wide as a row of that table; this example takes d_model = {d}. {growth}: the score tables grow {sr}×, one layer's input activations {pr}×; one score table in float32 "
                "(4 bytes a number) goes from {a} to {b}, the {k} of a forward pass from {pa} to {pb} if all are kept for the "
                "backward pass (no recomputation); fused attention kernels compute them tile by tile, never hold them whole "
                "and recompute them for the backward pass."),
        "cap_toy": " The two lines meet at T = {t}, {e} numbers each. That crossing only compares these two counts: "
                   "T × d_model is one table of activations, not all that a layer keeps for the backward pass "
                   "(its LayerNorm outputs, queries, keys, values and wider MLP activations too), so it is not where "
                   "attention starts to dominate a layer's memory.",
        "cap_points": " At T = {short}: {x}{ss} scores against {sp} activations stored; at T = {long}: {x}{ls} against {lp}.",
        "cap_growth": "From T = {short} to {long} ({lr}× longer)",
        "cap_real_item": "{name} (d_model = {d}) at T = {t}",
        "real": "{name}, T × {w} (thin), to {rows} tokens",
        "positions_own": "one layer's input activations, T × {w}",
        "cap_rows_own": (" {name}'s position table is learned, one row per position, and has {rows} rows: it stores "
                         "all of them, {stored} numbers, whatever T is, and a pass uses all of them only at T = {rows}, "
                         "the longest input it takes; past it both lines "
                         "are dashed: they count what a longer input would need, which this model never takes."),
        "rows_end": "{rows} rows",
        "cap_rows": (" {name}'s position table is learned, one row per position, and has {rows} rows: its thin "
                     "line stops at T = {rows}, the longest input it takes."),
        "toy": "toy ",
        "toy_model": "a toy model",
        "cap_real": " Each real model's activations stored for the tokens and one of its score tables are equal at T = d_model: {list}.",
        "heads": "{H} heads × ",
        "hypothetical": "dashed: hypothetical,\npast the {rows} tokens\n{name} takes",
    },
    "zh-Hant": {
        "title": "一層的分數表隨 T² 增長，它儲存的激活值只隨 T 增長",
        "length": "序列長度 T（token 數，對數刻度）",
        "entries": "若存下所佔記憶體（float32，每個數 4 B；對數刻度）",
        "bytes": "\n個數值 × {b} B = {size}",
        "sub": "{name}，d_model = {d}；批次 {B}，float32，按公式算出",
        "sub_pass": "；一次前向傳遞：{k} 張表（{L} 層 × {H} 個頭）",
        "cap_why": "兩線相交於 T = d_model / 頭數 = {d} / {H} = {t}：在那裡 {H} · T² = T · {d}。",
        "sub_which": "；{heads}T × T（假設整張存下）對 T × {d}\n（T × {d} 只是一層存的多張表之一）",
        "scores": "{name} 一層的分數表：{heads}T × T",
        "positions": r"輸入激活值，T × $d_{{\mathrm{{model}}}}$，{toy}寬度 $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "一層的分數表，{x}T × T\nT 從 {short} 到 {long}，漲 {r} 倍",
        "end_positions": "一層的輸入激活值，T × {d}\nT 從 {short} 到 {long}，漲 {r} 倍",
        "cap_formula": "這裡每個個數和大小都是按公式算出來的，不是實測：不論長度在 {name} 的 {rows} 個位置以內或以外，都沒有實際跑模型、也沒有讀取記憶體用量。",
        "cap": ("一個 T 個 token 的句子，每條線各數一張表，兩軸都是對數刻度。方塊標記的線數的是 {name} 一層的注意力分數表，每個頭一張：{x}T × T 個數；"
                "這是激活值，每個句子重新算一次，不是存下的權重；一次前向傳遞要算 {k} 張（{L} 層 × {H} 個頭）。位置表則和權重一起存著，每個位置一個 d_model 維的向量，不論句子多長都一樣；六角形標記的線數的是一層的輸入激活值，T × d_model：每個 token 一個 d_model 維的向量，和表裡的一列一樣寬；本例取 d_model = {d}。"
                "{growth}：分數表漲 {sr} 倍，一層的輸入激活值漲 {pr} 倍；一張 float32 分數表（每個數 4 位元組）從 {a} 變成 {b}，"
                "一次前向傳遞的 {k} 張若全都留給反向傳遞（不重算），從 {pa} 變成 {pb}；"
                "融合的注意力核心一塊一塊地算，從不把整張表存下，反向傳遞時再重算。"),
        "cap_toy": "兩條線在 T = {t} 相交，各 {e} 個數。這個交點只比較這兩個個數：T × d_model 只是一張激活值表，不是一層為反向傳遞留下的全部（還有 LayerNorm 的輸出、查詢、鍵、值和更寬的 MLP 激活值），所以它不是注意力開始主導一層記憶體的地方。",
        "cap_points": "T = {short} 時：分數 {x}{ss} 個，儲存的激活值 {sp} 個；T = {long} 時：{x}{ls} 對 {lp}。",
        "cap_growth": "從 T = {short} 到 {long}（長了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name}，T × {w}（細線），到 {rows} 個 token",
        "positions_own": "一層的輸入激活值，T × {w}",
        "cap_rows_own": ("{name} 的位置表是學出來的，每個位置一列，共 {rows} 列：不論 T 多大，{rows} 列全都存著，共 {stored} 個數；"
                         "只有 T = {rows} 時一次傳遞才讀完所有的列，這也是它能接受的最長輸入，"
                         "再往後兩條線畫成虛線，數的是更長的輸入所需要的量，而這個模型根本不接受這麼長的輸入。"),
        "rows_end": "{rows} 列",
        "cap_rows": "{name} 的位置表是學出來的，每個位置一列，共 {rows} 列：它的細線停在 T = {rows}，也就是它能接受的最長輸入。",
        "toy": "玩具",
        "toy_model": "玩具模型",
        "cap_real": "真實模型為 token 儲存的激活值和它的一張分數表，在 T = d_model 處相等：{list}。",
        "heads": "{H} 個頭 × ",
        "hypothetical": "虛線：假設的情形，超過\n{name} 能接受的\n{rows} 個 token",
    },
    "zh-Hans": {
        "title": "一层的分数表随 T² 增长，它存储的激活值只随 T 增长",
        "length": "序列长度 T（token 数，对数刻度）",
        "entries": "若存下所占内存（float32，每个数 4 B；对数刻度）",
        "bytes": "\n个数值 × {b} B = {size}",
        "sub": "{name}，d_model = {d}；批大小 {B}，float32，按公式算出",
        "sub_pass": "；一次前向传播：{k} 张表（{L} 层 × {H} 个头）",
        "cap_why": "两线相交于 T = d_model / 头数 = {d} / {H} = {t}：在那里 {H} · T² = T · {d}。",
        "sub_which": "；{heads}T × T（假设整张存下）对 T × {d}\n（T × {d} 只是一层存的多张表之一）",
        "scores": "{name} 一层的分数表：{heads}T × T",
        "positions": r"输入激活值，T × $d_{{\mathrm{{model}}}}$，{toy}宽度 $d_{{\mathrm{{model}}}}$ = {d}",
        "end_scores": "一层的分数表，{x}T × T\nT 从 {short} 到 {long}，涨 {r} 倍",
        "end_positions": "一层的输入激活值，T × {d}\nT 从 {short} 到 {long}，涨 {r} 倍",
        "cap_formula": "这里每个个数和大小都是按公式算出来的，不是实测：不论长度在 {name} 的 {rows} 个位置以内或以外，都没有实际运行模型，也没有读取内存用量。",
        "cap": ("一个 T 个 token 的句子，每条线各数一张表，两轴都是对数刻度。方块标记的线数的是 {name} 一层的注意力分数表，每个头一张：{x}T × T 个数；"
                "这是激活值，每个句子重新算一次，不是存下的权重；一次前向传播要算 {k} 张（{L} 层 × {H} 个头）。位置表则和权重一起存着，每个位置一个 d_model 维的向量，不论句子多长都一样；六角形标记的线数的是一层的输入激活值，T × d_model：每个 token 一个 d_model 维的向量，和表里的一行一样宽；本例取 d_model = {d}。"
                "{growth}：分数表涨 {sr} 倍，一层的输入激活值涨 {pr} 倍；一张 float32 分数表（每个数 4 字节）从 {a} 变成 {b}，"
                "一次前向传播的 {k} 张若全都留给反向传播（不重算），从 {pa} 变成 {pb}；"
                "融合的注意力内核一块一块地算，从不把整张表存下，反向传播时再重算。"),
        "cap_toy": "两条线在 T = {t} 相交，各 {e} 个数。这个交点只比较这两个个数：T × d_model 只是一张激活值表，不是一层为反向传播留下的全部（还有 LayerNorm 的输出、查询、键、值和更宽的 MLP 激活值），所以它不是注意力开始主导一层内存的地方。",
        "cap_points": "T = {short} 时：分数 {x}{ss} 个，存储的激活值 {sp} 个；T = {long} 时：{x}{ls} 对 {lp}。",
        "cap_growth": "从 T = {short} 到 {long}（长了 {lr} 倍）",
        "cap_real_item": "{name}（d_model = {d}）在 T = {t}",
        "real": "{name}，T × {w}（细线），到 {rows} 个 token",
        "positions_own": "一层的输入激活值，T × {w}",
        "cap_rows_own": ("{name} 的位置表是学出来的，每个位置一行，共 {rows} 行：不论 T 多大，{rows} 行全都存着，共 {stored} 个数；"
                         "只有 T = {rows} 时一次传播才读完所有的行，这也是它能接受的最长输入，"
                         "再往后两条线画成虚线，数的是更长的输入所需要的量，而这个模型根本不接受这么长的输入。"),
        "rows_end": "{rows} 行",
        "cap_rows": "{name} 的位置表是学出来的，每个位置一行，共 {rows} 行：它的细线停在 T = {rows}，也就是它能接受的最长输入。",
        "toy": "玩具",
        "toy_model": "玩具模型",
        "cap_real": "真实模型为 token 存储的激活值和它的一张分数表，在 T = d_model 处相等：{list}。",
        "heads": "{H} 个头 × ",
        "hypothetical": "虚线：假设的情形，超过\n{name} 能接受的\n{rows} 个 token",
    },
}

DECIMALS = {"length_ratio": 2, "score_ratio": 2, "position_ratio": 2, "short_score_size": 2,
            "long_score_size": 2, "short_pass_size": 2, "long_pass_size": 2, "pass_crossing": 2,
            "pass_crossing_entries": 2, "real_pass_crossings": 2, "real_pass_crossing_entries": 2,
            "marked_sizes": 2}  # the marked sizes as drawn (41.48 GiB), two decimals
def PAPER(look: Look) -> dict:
    """A label's paper-coloured box: the gridlines under it stop at its edge."""
    return {"boxstyle": "square,pad=0.15", "facecolor": look.palette.background, "edgecolor": "none"}


CLOSE = 8  # lengths closer than this ratio get their labels on opposite sides


def _ratio(r: float) -> str:
    return fmt_int(int(round(r))) if abs(r - round(r)) < 1e-9 else f"{r:,.2f}"


def _pow2(v, _pos=None) -> str:
    return fmt_int(int(v)) if v >= 1 else ""


GAP = 0.75  # decades between the two end labels at least



def drawn(data):
    """The record over the lengths the figure draws: from FIRST_LENGTH (or the shorter marked length) up, at a
    real model's width; a toy width keeps every length, where the real models' crossings are marked."""
    import dataclasses

    if own_model(data) is None:
        return data
    keep = data.lengths >= data.plotted_from
    per_length = {f: getattr(data, f)[keep] for f in ("lengths", "score_entries", "position_entries", "pass_score_entries",
                                                       "layer_score_entries")}
    return dataclasses.replace(data, real_positions=data.real_positions[:, keep], **per_length)


def make(data, look: Look):
    data = drawn(data)
    pal = look.palette
    fig, ax = new_figure(7.2, 4.6)  # 10 decades at 0.27 in each: the slopes read, the page keeps room
    t = data.lengths
    d = data.position_width
    # one score table of GPT-2 small (`bad`, squares, wide; the activations stored: STORED_ROLE, hexagons), solid over every length
    limit, H = int(data.real_rows[0]), layer_heads(data)
    scores = data.layer_score_entries  # one layer's tables, all its heads (heads · T²): like for like with its T × d activations
    _split_line(ax, t, scores, limit, H * limit ** 2, dict(color=score_colour(pal), marker="s", markersize=4.5, linewidth=SCORE_LW),
                look.t(STRINGS, "scores", name=model_name(data.real_names[0]), **per_layer(data, look)))
    ends = []  # (where a real model's position table ends, its note), placed once the lines are all drawn
    own = own_model(data)
    if own is None:  # a toy width: one solid line over every length
        keyed = ax.loglog(t, data.position_entries, color=stored_colour(pal), linewidth=KEPT_LW, marker=STORED_MARKER, markersize=3.5,
                  label=look.t(STRINGS, "positions", d=fmt_int(d), toy=_toy(data, look)), base=2)
    else:  # a real model's table: solid up to its learned rows, dashed past them (hypothetical, in the key)
        keyed = []  # the lines a key names: a toy width and the real model's table beside it
        rows = int(data.real_rows[own])
        _split_line(ax, t, data.position_entries, rows, rows * d, dict(color=stored_colour(pal), marker=STORED_MARKER, markersize=3.5, linewidth=KEPT_LW),
                    look.t(STRINGS, "positions_own", name=model_name(data.real_names[own]), w=fmt_int(d)))
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=10)
    real = shown_real(data)[:1]  # one real model drawn (the caption names every one on the drawn lengths)
    for r in real:  # a real model's position table: the same `ok`, thin, up to its rows (a bar there)
        rows = int(data.real_rows[r])
        upto = t <= rows
        keyed += ax.plot(np.append(t[upto], rows), np.append(data.real_positions[r][upto], rows * data.real_widths[r]),
                color=stored_colour(pal), linewidth=1.1,
                label=look.t(STRINGS, "real", name=model_name(data.real_names[r]), w=fmt_int(data.real_widths[r]),
                             rows=fmt_int(rows)))
        end = (rows, rows * data.real_widths[r])
        ax.plot(*end, ls="none", marker="|", ms=11, mew=2.0, color=stored_colour(pal), zorder=6)
        ends.append((end, look.t(STRINGS, "rows_end", rows=fmt_int(rows))))
    marks = ((data.short, H * data.short_scores, data.short_positions),
             (data.long, H * data.long_scores, data.long_positions))
    bottom = min(t[0] * d, scores[0]) / 60  # room under the lines
    for T, s, p in marks:  # a guide from the axis up to the higher of the two points (rings: once laid out)
        ax.plot([T, T], [bottom, max(s, p)], color=getattr(pal, GUIDE["role"]), lw=GUIDE["lw"], ls=GUIDE["ls"])
    # each line named at its right end, in the margin (axes x, data y): what it counts (activations or weights)
    # and how much it grows between the two marked lengths; at least GAP decades and four label lines apart
    edge = ax.get_yaxis_transform()
    top = max(scores[-1], data.position_entries[-1]) * 6
    lo, hi = np.log10(bottom), np.log10(top)
    last = np.log10([float(scores[-1]), float(data.position_entries[-1])])  # floats: no overflow
    heights = 10 ** spread(last, lo, hi, max(GAP / (hi - lo), 60 / (4.0 * 72)))
    span = dict(short=fmt_int(data.short), long=fmt_int(data.long), **per_layer(data, look))
    for key, color, r, y in (("end_scores", score_colour(pal), data.score_ratio, heights[0]),
                             ("end_positions", stored_text(pal), data.position_ratio, heights[1])):
        ax.text(1.02, y, look.t(STRINGS, key, r=_ratio(r), d=fmt_int(d), **span), color=color, fontsize=BODY_PT, va="center",
                ha="left", transform=edge, linespacing=1.35)
    # just past the last length, with air before the end labels: no empty range beyond the last point
    ax.set_xlim(t[0] / 1.3, t[-1] * 1.3)
    fig.get_layout_engine().set(rect=(0, 0, 0.985, 1))
    ax.set_ylim(bottom, top)
    _length_axis(ax, data, 340.0)  # set again once the axes' own width is known (after the first draw)
    ax.tick_params(axis="x", labelsize=10)  # as the y axis: the lengths read at book size
    ax.set_xlabel(look.t(STRINGS, "length"))
    byte_axis(ax, data)
    ax.set_ylabel(look.t(STRINGS, "entries"))  # one line: the lines are named at their ends; "if stored": a fused
    # kernel never holds the whole table (the subtitle says so), so the count is what storing it would take
    ax.grid(True, which="major")
    # the key above the axes, under the title: the corners inside stay free for the points' labels
    if keyed:  # a toy width and GPT-2 small's own table thin beside it (its end mid-plot): named in a key, with
        # the score line's dashed piece past GPT-2 small's rows
        from matplotlib.lines import Line2D

        keyed += [Line2D([], [], color=score_colour(pal), lw=SCORE_LW, ls=LINE_STYLES["hypothetical"], label=look.t(
            STRINGS, "hypothetical", rows=fmt_int(data.real_rows[0]), name=model_name(data.real_names[0])).replace(
            "\n", " "))] * bool(t[-1] > data.real_rows[0])  # one line in the key (zh: beside the Latin name); only
        # when a piece is dashed: lengths past GPT-2 small's rows are drawn
        ax.legend(handles=keyed, loc="lower left", bbox_to_anchor=(0.0, 1.0), fontsize=10, borderaxespad=0.3)
    else:  # GPT-2 small's own width: past its rows both lines are dashed, the key in the empty top left says why
        hypothetical_key(ax, look, look.t(STRINGS, "hypothetical", rows=fmt_int(data.real_rows[0]),
                                          name=model_name(data.real_names[0])))
    titled(fig, look.t(STRINGS, "title") + "\n" + subtitle(data, look), look, x=0.01, ha="left", fontsize=TITLE_PT, sub_size=SUB_PT)  # the 144 tables of a pass and the formulas: the caption  # as the other figures: the figure's left edge, over the key if any
    placed: list = []
    fig.canvas.draw()
    _length_axis(ax, data, ax.get_window_extent().width * 72 / fig.dpi)  # wide end labels leave less than 340 pt
    rings(ax, marks, look)
    # where the lines meet is not marked: T x d_model is one activation table, not all a layer keeps for the
    # backward pass, so the crossing is arithmetic, not a finding (the caption says so)
    for end, note in ends:  # below right of the end, or below left, where no line runs
        spots = [(end, (dx, dy), ha, "top", "data") for dx, dy, ha in
                 ((7, -5, "left"), (-6, 22, "right"), (-8, -9, "right"), (16, -1, "left"), (28, 3, "left"), (7, -16, "left"),
                  (-8, -20, "right"), (12, -28, "left"))]
        label = place_at(ax, note, spots, placed, pad=1.0, color=stored_text(pal), bbox=PAPER(look))
        if crossings(*drawn_segments(ax), placed[-1]):  # no free spot (a crowded length range): the key says it
            label.remove()
            placed.pop()
    mark_values(ax, marks, placed, look, PAPER(look), texts={v: size_text(v, data) for _, s, p in marks for v in (s, p)})
    # each marked count as the memory it takes (the axis's unit, float32): one number style, the line's end names its formula
    return fig


def subtitle(data, look: Look) -> str:
    """One line: the model whose width is drawn (or a toy one), its width, the batch and the number format; for a real
    model its own score tables of a forward pass (real_score_tables, real_layers, real_heads of that model in the
    record), none for a toy width, which has no layers or heads."""
    own = own_model(data)
    text = look.t(STRINGS, "sub", name=model_name(data.real_names[own]) if own is not None else look.t(
        STRINGS, "toy_model"), d=fmt_int(data.position_width), B=data.batch)
    # a pass's tables (sub_pass), the fused kernels and the rest of the caveats: the caption's
    return text + look.t(STRINGS, "sub_which", d=fmt_int(data.position_width), **per_layer(data, look))  # what is compared, and the assumption


def _length_axis(ax, data, axes_pt: float) -> None:
    """The length axis's labelled ticks for an axes `axes_pt` wide (length_ticks); every doubling a minor tick."""
    t = data.lengths
    ticks, lowered = length_ticks(t, (data.short, data.long), axes_pt)
    ax.set_xticks(ticks)  # evenly spaced doublings only
    ax.set_xticks([v for v in t if v not in ticks and v not in lowered], minor=True)
    ax.xaxis.set_major_formatter(_pow2)
    ax.xaxis.set_minor_formatter(lambda v, _: "")
    if lowered:  # the marked length too close to the other: its label one line lower, a minor tick
        ax.set_xticks(lowered, [fmt_int(v) for v in lowered], minor=True)
        ax.tick_params(axis="x", which="minor", pad=17, labelsize=10)  # one 10 pt line lower


def layer_heads(data) -> int:
    """The heads of one layer of the drawn model (record.real_heads: GPT-2 small's 12); a toy width has one."""
    own = own_model(data)
    return 1 if own is None else int(data.real_heads[own])


def per_layer(data, look: Look) -> dict:
    """The layer's heads as the strings write them: "12 heads × " and "12 × " before T × T; nothing for one head."""
    H = layer_heads(data)
    return dict(heads=look.t(STRINGS, "heads", H=H), x=f"{H} × ") if H > 1 else dict(heads="", x="")


def layer_meeting(data) -> list:
    """[(T, count)] where one layer's score tables (heads × T²) hold as many numbers as its T × d activations stored,
    read off the record's drawn lengths and position_entries (GPT-2 small: T = 768 / 12 = 64, 49,152); [] if no drawn
    length meets exactly."""
    hit = np.flatnonzero(data.layer_score_entries == data.position_entries)
    return [(int(data.lengths[i]), int(data.position_entries[i])) for i in hit[:1]]


def _split_line(ax, t, values, rows: int, at_rows: float, style: dict, label: str) -> None:
    """A count over the lengths t with its markers: solid up to `rows` (GPT-2 small's longest input, where its
    count is `at_rows`), dashed past it (LINE_STYLES["hypothetical"]: what a longer input would need, which the
    model never takes); both pieces meet at `rows`, drawn or not."""
    t, values = np.asarray(t), np.asarray(values)
    inside, past = t < rows, t > rows
    ends = [rows] if rows <= t[-1] else []  # the lengths drawn stop short of rows (a toy range): no piece out to it
    xs = np.append(t[inside], ends)
    ys = np.append(values[inside], [at_rows] * len(ends))
    ax.plot(xs, ys, label=label, markevery=list(range(int(inside.sum()))) + (
        [len(xs) - 1] if rows in set(t.tolist()) else []), **style)
    if past.any():
        ax.plot(np.insert(t[past], 0, rows), np.insert(values[past], 0, at_rows),
                ls=LINE_STYLES["hypothetical"], markevery=list(range(1, int(past.sum()) + 1)), **style)


def _toy(data, look: Look) -> str:
    """"toy " before the drawn width unless it is a real model's (engine.costs.REAL_WIDTHS)."""
    return "" if int(data.position_width) in {int(w) for w in data.real_widths} else look.t(STRINGS, "toy")


def own_model(data):
    """The real model whose width the position table has (GPT-2 small at d = 768), or None for a toy width."""
    same = [r for r, w in enumerate(data.real_widths) if int(w) == int(data.position_width)]
    return same[0] if same else None


def model_name(name: str) -> str:
    """A GPT-2 size as the literature writes it: small, medium, large, XL."""
    return name[:-2] + "XL" if name.endswith(" xl") else name


def shown_real(data) -> list:
    """The real widths the figure marks: wider than the drawn d (a toy width's crossing comes early; a real
    model's later) and crossing within the drawn lengths."""
    t = data.lengths
    return [r for r, w in enumerate(data.real_widths) if own_model(data) is None and t[0] <= data.real_crossings[r] <= t[-1] and w > data.position_width]


def caption(data, look: Look) -> str:
    data = drawn(data)
    growth = look.t(STRINGS, "cap_growth", short=fmt_int(data.short), long=fmt_int(data.long),
                    lr=_ratio(data.length_ratio))
    text = look.t(STRINGS, "cap", d=fmt_int(data.position_width), growth=growth, sr=_ratio(data.score_ratio),
                  pr=_ratio(data.position_ratio), a=_bytes(data.short_score_size, data.short_score_unit),
                  b=_bytes(data.long_score_size, data.long_score_unit), name=model_name(data.real_names[0]),
                  pa=_bytes(data.short_pass_size, data.short_pass_unit), pb=_bytes(data.long_pass_size, data.long_pass_unit),
                  L=int(data.real_layers[0]), H=int(data.real_heads[0]), k=fmt_int(data.pass_tables),
                  x=f"{int(data.real_heads[0])} × ")
    text += look.t(STRINGS, "cap_formula", rows=fmt_int(data.real_rows[0]),
                   name=model_name(data.real_names[0]))  # counted, never measured
    for at, e in layer_meeting(data):  # heads · T² = T · d: T = d / heads
        text += look.t(STRINGS, "cap_toy", t=fmt_int(at), e=fmt_int(e))
        text += look.t(STRINGS, "cap_why", d=fmt_int(data.position_width), H=int(data.layer_heads), t=fmt_int(at)) if int(data.layer_heads) > 1 else ""
    text += look.t(STRINGS, "cap_points", short=fmt_int(data.short), long=fmt_int(data.long),
                   ss=fmt_int(data.short_scores), sp=fmt_int(data.short_positions),
                   ls=fmt_int(data.long_scores), lp=fmt_int(data.long_positions), **per_layer(data, look))  # the marked points' counts
    own = own_model(data)
    if own is not None:
        text += look.t(STRINGS, "cap_rows_own", name=model_name(data.real_names[own]),
                       rows=fmt_int(data.real_rows[own]), stored=fmt_int(data.real_table_entries[own]))
    real = shown_real(data)
    if real:
        sep = "; " if look.lang == "en" else "；"
        text += look.t(STRINGS, "cap_real", list=sep.join(
            look.t(STRINGS, "cap_real_item", name=model_name(data.real_names[r]), d=fmt_int(data.real_widths[r]),
                   t=fmt_int(data.real_crossings[r])) for r in real))
        text += look.t(STRINGS, "cap_rows", name=model_name(data.real_names[real[0]]), rows=fmt_int(data.real_rows[real[0]]))  # the one drawn
    return text
