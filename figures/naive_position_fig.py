"""naive_position_fig: adding the seat number swamps the word (seed 001, lesson 5 second station,
the bar machine).

Top: for each chosen pair of seats (p, q), the four terms of (E + p·1)·(E′ + q·1) as one bar of
total length 100 %: ① E·E′ (content), ② q·ΣE, ③ p·ΣE′, ④ p·q·d, each segment |term| / Σ|terms|,
with the terms' values written beside it. Bottom: |term| for p = q = seat on a log scale: the content
term stays put, ② and ③ grow like the seat, ④ like its square. Every number comes from
engine.naive.naive_position.

The four terms differ by colour, by hatching (④) and, below, by line style and a label at
the end of each line, so no pair of colours has to carry the distinction alone. The word vectors are
stand-ins (N(0, 0.5²) entries from default_rng(seed 4); the lesson's trained [20, 8] matrix is not
printed): the figure says "random word vectors", the seed and scale are in numbers.json.
"""
from __future__ import annotations

import numpy as np
from matplotlib.text import Text

from figures.common import new_figure
from look.gloss import gloss
from look import Look, fmt_int, fmt_num

STRINGS = {
    "en": {
        "title": "Adding the seat number p to every dimension: (E + p)⋅(E′ + q) in four terms",
        "t1": "① content E⋅E′",
        "t2": "② word × seat q⋅ΣE",
        "t3": "③ seat × word p⋅ΣE′",
        "t4": "④ seat × seat p⋅q⋅d",
        "share_title": "Share of each term in |①| + |②| + |③| + |④|",
        "share_x": "share of the total bar length (%)",
        "stop": "p = {p}, q = {q}",
        "values": "① {c}   ④ {t4}   total {tot}",
        "content_share": "① {s} %",
        "grow_title": "|term| at p = q = seat (log scale)",
        "seat": "seat p = q",
        "abs": "|term|",
        "seat_mark": "seat {s}: ④ = {v}, ① = {c}",
        "note": "E = E({a}), E′ = E({b}): random word vectors, d = {d}",
    },
    "zh-Hant": {
        "title": "把座位號 p 加到每一維：(E + p)⋅(E′ + q) 拆成四項",
        "t1": "① 內容 E⋅E′",
        "t2": "② 字 × 座位 q⋅ΣE",
        "t3": "③ 座位 × 字 p⋅ΣE′",
        "t4": "④ 座位 × 座位 p⋅q⋅d",
        "share_title": "各項在 |①| + |②| + |③| + |④| 中的占比",
        "share_x": "占長條總長（%）",
        "stop": "p = {p}，q = {q}",
        "values": "① {c}   ④ {t4}   總和 {tot}",
        "content_share": "① {s} %",
        "grow_title": "p = q = 座位時各項的絕對值（對數刻度）",
        "seat": "座位 p = q",
        "abs": "|項|",
        "seat_mark": "座位 {s}：④ = {v}，① = {c}",
        "note": "E = E({a})，E′ = E({b})：隨機的字向量，d = {d}",
    },
    "zh-Hans": {
        "title": "把座位号 p 加到每一维：(E + p)⋅(E′ + q) 拆成四项",
        "t1": "① 内容 E⋅E′",
        "t2": "② 字 × 座位 q⋅ΣE",
        "t3": "③ 座位 × 字 p⋅ΣE′",
        "t4": "④ 座位 × 座位 p⋅q⋅d",
        "share_title": "各项在 |①| + |②| + |③| + |④| 中的占比",
        "share_x": "占长条总长（%）",
        "stop": "p = {p}，q = {q}",
        "values": "① {c}   ④ {t4}   总和 {tot}",
        "content_share": "① {s} %",
        "grow_title": "p = q = 座位时各项的绝对值（对数刻度）",
        "seat": "座位 p = q",
        "abs": "|项|",
        "seat_mark": "座位 {s}：④ = {v}，① = {c}",
        "note": "E = E({a})，E′ = E({b})：随机的字向量，d = {d}",
    },
}

DECIMALS = {"e": 4, "e2": 4, "e_swap": 4, "e_plus_seat": 4, "e_sum": 4, "e2_sum": 4, "stop_terms": 3,
            "stop_content": "3s",
            "stop_totals": 3, "stop_content_share": 4, "stop_percent": 2, "swap_terms": 3, "seat_terms": 3,
            "ratio_last": 0}

LINESTYLES = ("-", (0, (5, 2)), (0, (5, 1.5, 1, 1.5)), (0, (1, 1.2)))  # ① … ④
HATCHES = (None, None, None, "////")


def whole(x: float, decimals: int) -> str:
    """A term that is a whole number (④ p·q·d for whole seats) as an integer; any other at `decimals`."""
    return fmt_int(int(round(float(x)))) if float(x).is_integer() else fmt_num(x, decimals)


def term_colors(look: Look):
    """① content `cool`; ② `accent`; ③ the rose of the series; ④ `muted`, hatched: the swamping term."""
    p = look.palette
    return (p.cool, p.accent, p.series[6 % len(p.series)], p.muted)


def content_text(data, x: float) -> str:
    """The content term as shown: 3 decimals (the lesson's 0.795), 3 significant digits when the word
    vectors are so small that 3 decimals would read 0.000."""
    small = float(np.abs(data.stop_content).max()) < 0.05
    return fmt_num(x, DECIMALS["stop_content"] if small else DECIMALS["stop_terms"])


def draw_shares(ax, data, look: Look) -> None:
    pal = look.palette
    colors = term_colors(look)
    terms = data.stop_terms  # (K, 4)
    shares = data.stop_percent  # (K, 4)
    k = len(terms)
    ys = np.arange(k)[::-1]
    for j in range(4):
        left = shares[:, :j].sum(axis=1)
        ax.barh(ys, shares[:, j], left=left, height=0.55, color=colors[j], label=look.t(STRINGS, f"t{j + 1}"),
                edgecolor=pal.background, linewidth=0.6, hatch=HATCHES[j])
    labels = []
    d = DECIMALS["stop_terms"]
    for r, ((p, q), t, tot) in enumerate(zip(data.stops, terms, data.stop_totals)):
        labels.append(look.t(STRINGS, "stop", p=int(p), q=int(q)) + "\n"
                      + look.t(STRINGS, "values", c=content_text(data, t[0]), t4=whole(t[3], d), tot=fmt_num(tot, d)))
        ax.text(101.5, ys[r], look.t(STRINGS, "content_share", s=whole(shares[r, 0], DECIMALS["stop_percent"])),
                va="center", ha="left", fontsize=9, color=pal.ink)
    ax.set_yticks(ys, labels, fontsize=8.5)
    ax.set_xlim(0, 100)
    ax.set_xticks(np.arange(0, 101, 25))
    ax.set_xlabel(look.t(STRINGS, "share_x"))
    ax.set_title(look.t(STRINGS, "share_title"), loc="left")
    ax.tick_params(axis="y", length=0)
    ax.spines[["left"]].set_visible(False)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2, fontsize=9, handlelength=1.2)


def draw_growth(ax, data, look: Look) -> None:
    pal = look.palette
    colors = term_colors(look)
    seats = data.seats[1:]  # seat 0 makes ②–④ zero, which a log axis cannot show
    terms = np.abs(data.seat_terms[1:])  # (S-1, 4)
    for j in range(4):
        ax.plot(seats, terms[:, j], color=colors[j], linewidth=2.0, linestyle=LINESTYLES[j],
                label=look.t(STRINGS, f"t{j + 1}"))
    for j, y in enumerate(end_label_heights(terms[-1], terms)):  # ① … ④ at the lines' ends, never on each other
        ax.annotate("①②③④"[j], (seats[-1], y), xytext=(5, 0), textcoords="offset points",
                    va="center", ha="left", fontsize=10, color=pal.ink)
    ax.set_yscale("log")
    ax.set_xlabel(look.t(STRINGS, "seat"))
    ax.set_ylabel(look.t(STRINGS, "abs"))
    ax.set_title(look.t(STRINGS, "grow_title"), loc="left")
    ax.grid(True, which="major", linewidth=0.5)
    s = data.demo_seat
    if s in data.seats:
        v = data.seat_terms[s]
        ax.plot([s, s], [abs(v[0]), v[3]], color=pal.muted, linewidth=1, linestyle=":")
        ax.plot([s], [v[3]], "o", markersize=7, markerfacecolor="none", markeredgecolor=pal.ink)
        d = DECIMALS["seat_terms"]
        text = look.t(STRINGS, "seat_mark", s=s, v=whole(v[3], d), c=content_text(data, v[0]))
        text = text.replace(": ", ":\n", 1).replace("：", "：\n", 1)  # two short lines
        line = dict(arrowstyle="-", color=pal.ink, linewidth=0.8)
        ax.seat_note = (text, (s, v[3]), dict(fontsize=9, color=pal.ink, arrowprops=line))  # placed by make()
    ax.set_xlim(0, data.seats[-1] * 1.1 if data.seats[-1] > 40 else data.seats[-1] + 3)


def end_label_heights(last, every, gap: float = 0.065) -> np.ndarray:
    """Heights for the labels ① … ④ at the lines' right ends: each line's last value, pushed apart
    on the log axis until neighbours are `gap` of the plotted decades (`every` value) apart; the labels
    keep their order."""
    logs = np.log10(np.maximum(np.asarray(last, dtype=float), 1e-300))  # (4,)
    every = np.log10(np.asarray(every, dtype=float)[np.asarray(every) > 0])
    span = max(every.max() - every.min(), 1.0)
    order = np.argsort(logs)
    placed = logs[order].copy()
    for i in range(1, len(placed)):
        placed[i] = max(placed[i], placed[i - 1] + gap * span)
    out = np.empty_like(placed)
    out[order] = placed
    return 10.0 ** out


def place_seat_note(ax, far: bool) -> None:
    """The seat label of the growth panel at the first of a few places that no line runs through
    once the whole figure is laid out (top left suits the lesson's numbers)."""
    if not hasattr(ax, "seat_note"):
        return
    text, xy, style = ax.seat_note
    places = [dict(xytext=(0.03, 0.97), textcoords="axes fraction", ha="left", va="top"),
              dict(xytext=(14, -52), textcoords="offset points", ha="left", va="center"),
              dict(xytext=(-14, -52), textcoords="offset points", ha="right", va="center"),
              dict(xytext=(0.97, 0.03), textcoords="axes fraction", ha="right", va="bottom"),
              dict(xytext=(0.45, 0.97), textcoords="axes fraction", ha="left", va="top")]
    if far:  # a far seat: left of the mark first
        places.insert(0, places.pop(2))
    for place in places:
        note = ax.annotate(text, xy=xy, **style, **place)
        if not crossed(ax, note):
            return
        note.remove()
    ax.annotate(text, xy=xy, **style, **places[0])


def crossed(ax, note) -> bool:
    """Whether any line of `ax` runs through the text of `note` as the figure is laid out now, or the
    text leaves the axes."""
    fig = ax.figure
    ax.get_xlim(), ax.get_ylim()  # the view limits as they will be drawn (they are computed lazily)
    fig.get_layout_engine().execute(fig)
    box = Text.get_window_extent(note, fig.canvas.get_renderer()).expanded(1.05, 1.3)  # the text, not its arrow
    frame = ax.get_window_extent()
    if box.x0 < frame.x0 or box.x1 > frame.x1 or box.y0 < frame.y0 or box.y1 > frame.y1:
        return True  # outside the axes: on the tick labels
    for line in ax.lines:
        xy = line.get_transform().transform(line.get_xydata())  # (n, 2) display points
        t = np.linspace(0.0, 1.0, 12)[:, None]
        pts = (xy[:-1, None, :] * (1 - t) + xy[1:, None, :] * t).reshape(-1, 2) if len(xy) > 1 else xy
        if np.any((pts[:, 0] >= box.x0) & (pts[:, 0] <= box.x1) & (pts[:, 1] >= box.y0) & (pts[:, 1] <= box.y1)):
            return True
    return False


def make(data, look: Look):
    fig, (ax_l, ax_r) = new_figure(7.2, 7.6, nrows=2, height_ratios=[1.0, 1.0])  # shares above, growth below
    draw_shares(ax_l, data, look)
    draw_growth(ax_r, data, look)
    fig.suptitle(look.t(STRINGS, "title"), x=0.01, ha="left", fontsize=11.5)
    note = look.t(STRINGS, "note", a=data.words[0] + gloss(data.words[0], look.lang),
                  b=data.words[1] + gloss(data.words[1], look.lang), d=data.d_model)
    ax_r.text(0.0, -0.2, note, transform=ax_r.transAxes, fontsize=8.5, color=look.palette.muted, va="top")
    place_seat_note(ax_r, far=data.demo_seat > 0.55 * data.seats[-1])
    return fig
