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
from figures.parts_attention_cost_text import STRINGS
from figures.common import new_figure, place_at, spread, titled
from figures.parts_cost_axis import length_ticks
from figures.parts_cost_axis import _bytes, byte_axis, size_text
from figures.parts_cost_marks import KEPT_LW, SCORE_LW, STORED_MARKER, score_colour, stored_colour, hypothetical_key, mark_values, rings, stored_text
from figures.placing import crossings, drawn_segments
from look.palette import GUIDE, LINE_STYLES
from look import Look, fmt_int

COLOUR_ROLES = ("ink", "muted", "background", "sequential", "stored")  # the look.palette.ROLES it draws
MEANINGS = ("score_table", "stored")  # look.palette.MEANINGS it draws

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
    for key, color, r, y, style in (("end_scores", score_colour(pal), data.score_ratio, heights[0], dict(
            color=score_colour(pal), marker="s", ms=4.5, lw=SCORE_LW)), ("end_positions", stored_text(pal),
            data.position_ratio, heights[1], dict(color=stored_colour(pal), marker=STORED_MARKER, ms=3.5, lw=KEPT_LW))):
        ax.plot([1.02, 1.06], [y, y], transform=edge, clip_on=False, markevery=[1], **style)  # a swatch of its line:
        ax.text(1.075, y, look.t(STRINGS, key, r=_ratio(r), d=fmt_int(d), **span), color=color, fontsize=BODY_PT,  # the
                va="center", ha="left", transform=edge, linespacing=1.35)  # ink words read at 4.5:1, the swatch names them
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
    titled(fig, look.t(STRINGS, "title", d=fmt_int(d)) + "\n" + subtitle(data, look), look, x=0.01, ha="left", fontsize=TITLE_PT, sub_size=SUB_PT)  # the 144 tables of a pass and the formulas: the caption  # as the other figures: the figure's left edge, over the key if any
    placed: list = []
    fig.canvas.draw()
    _length_axis(ax, data, ax.get_window_extent().width * 72 / fig.dpi)  # wide end labels leave less than 340 pt
    rings(ax, marks, look)
    for T, _n in layer_meeting(data):  # where the lines meet, said where it is seen: T x d_model is ONE table of the
        # several a layer keeps for the backward pass, so the crossing is arithmetic, not the break-even
        spots = [((T, _n), (dx, dy), ha, va, "data") for dx, dy, ha, va in  # up in the empty corner, a leader to it
                 ((-50, 95, "left", "bottom"), (-40, 70, "left", "bottom"), (10, -30, "left", "top"), (16, -50, "left", "top"))]
        place_at(ax, look.t(STRINGS, "meet", t=fmt_int(T), H=layer_heads(data), d=fmt_int(d)), spots, placed, pad=1.0,
                 color=pal.ink, fontsize=BODY_PT, bbox=PAPER(look), arrowprops=dict(arrowstyle="-", color=getattr(pal, GUIDE["role"]),
                                                                  lw=GUIDE["lw"], shrinkA=3, shrinkB=3))
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
