"""naive_position_fig: adding the position number swamps the word (seed 001, lesson 5 second station,
the bar machine).

One panel: |term| of the four terms of (E + p·1)·(E′ + q·1) at p = q on a log scale: ① E·E′ (content)
stays put, ② q·ΣE and ③ p·ΣE′ grow like the position, ④ p·q·d like its square. Each line has its own
colour, dash and name at its end (a negative term says so in its name, once), so no
pair of colours carries the distinction alone; ④ is `bad`, as the counting position P_p and its terms are in
every figure (seq_number_*), so teal (`ok`) keeps its one meaning, what works (the sinusoidal PE); ④ is also
the one solid, heaviest stroke; the title says it swamps ①. The image keeps one short title; what the terms
are and the bar machine's stops (their four terms and signed totals) are in the caption; a subtitle gives
the set-up the drawn values depend on (two random word vectors E, E′: d, seed, their entries' spread; p = q), in
every language alike (the caption names the two words);
the seat label, one short line (p = q, ④ and ①), sits top left on a patch of background, so no gridline runs through it. In Chinese the
dots of p·q·d are U+22C5, which the CJK face lacks, so they come half-width from the Latin face. Every number comes from engine.naive.naive_position; the word vectors are stand-ins
(N(0, 0.5²) entries from default_rng(seed 4); the lesson's trained [20, 8] matrix is not printed).
"""
from __future__ import annotations

import numpy as np
from matplotlib.text import Text

from figures.common import half_width_dots, new_figure, text_width_pt, titled
from look.gloss import gloss
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "cool", "bad")  # the look.palette.ROLES it draws
MEANINGS = ("content", "counting_position")  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title": "Adding the position number to every dimension: p·q·d swamps the words' own term",
        "t1": "① content E·E′",
        "t2": "② word × position q·ΣE",
        "t3": "③ position × word p·ΣE′",
        "t4": "④ position × position p·q·d",
        "neg": " (negative)",
        "seat": "position p = q",
        "abs": "|term|",
        "seat_mark": "p = q = {s}: ④ = {v}, ① = {c}",
        "setup": "one random pair of word vectors E, E′ (one draw: d = {d}, seed {seed}; entries N(0, {scale}²)), both at position p = q",
        "stop": "p = {p}, q = {q}",
        "cap": ("Adding the position number p to every one of the d = {d} dimensions of a word vector E (and q to "
                "E′) splits the score (E + p)·(E′ + q) into four terms: ① E·E′, the words' content; ② q·ΣE; "
                "③ p·ΣE′; ④ p·q·d. E = E({a}) and E′ = E({b}) are random word vectors (entries N(0, {scale}²), "
                "seed {seed}; ΣE = {se}, ΣE′ = {se2}). The figure shows the terms' sizes at p = q on a log scale, p = q only to plot one variable (with p ≠ q, ④ = p·q·d grows alike); "
                "the lines start at p = {first}: at p = q = {zero} the terms ②, ③ and ④ are 0, which a log scale cannot show; "
                "the total is their signed sum{negs}. The content term stays at {c} while ④ grows with the square "
                "of the position. Other words, another seed or another scale change ①, ② and ③; ④ = p·q·d depends only on d. "
                "The terms at a few positions (①, ②, ③, ④; total): {stops}."),
        "negs": ", with {terms} negative (its name says so)",
    },
    "zh-Hant": {
        "title": "把位置編號加到每一維：p·q·d 淹沒了字本身的那一項",
        "t1": "① 內容 E·E′",
        "t2": "② 字 × 位置 q·ΣE",
        "t3": "③ 位置 × 字 p·ΣE′",
        "t4": "④ 位置 × 位置 p·q·d",
        "neg": "（負）",
        "seat": "位置 p = q",
        "abs": "|項|",
        "seat_mark": "p = q = {s}: ④ = {v}, ① = {c}",  # a formula line: Latin punctuation (mathtext powers have no CJK glyphs)
        "setup": "一對隨機的字向量 E、E′（只抽一次：d = {d}，種子 {seed}；元素取自 N(0, {scale}²)），兩者放在同一個位置 p = q",
        "stop": "p = {p}，q = {q}",
        "cap": ("把位置編號 p 加到字向量 E 的每一維（共 d = {d} 維，E′ 加上 q），分數 (E + p)·(E′ + q) 就拆成四項："
                "① E·E′，字的內容；② q·ΣE；③ p·ΣE′；④ p·q·d。E = E({a})、E′ = E({b}) 是隨機的字向量（元素取自 "
                "N(0, {scale}²)，種子 {seed}；ΣE = {se}，ΣE′ = {se2}）。圖中是 p = q 時各項的大小（對數刻度），取 p = q 只為了畫成一個變數（p ≠ q 時 ④ = p·q·d 一樣增長）；"
                "線從 p = {first} 畫起：p = q = {zero} 時 ②、③、④ 都是 0，對數刻度畫不出 0；"
                "總和是帶正負號的和{negs}。內容項一直是 {c}，④ 卻隨位置的平方增長。換別的字、別的種子或別的尺度，①、②、③ 都會變；④ = p·q·d 只取決於 d。幾組位置上的各項（①、②、③、④；總和）：{stops}。"),
        "negs": "，其中 {terms} 為負（名稱上註明）",
    },
    "zh-Hans": {
        "title": "把位置编号加到每一维：p·q·d 淹没了字本身的那一项",
        "t1": "① 内容 E·E′",
        "t2": "② 字 × 位置 q·ΣE",
        "t3": "③ 位置 × 字 p·ΣE′",
        "t4": "④ 位置 × 位置 p·q·d",
        "neg": "（负）",
        "seat": "位置 p = q",
        "abs": "|项|",
        "seat_mark": "p = q = {s}: ④ = {v}, ① = {c}",  # a formula line: Latin punctuation (mathtext powers have no CJK glyphs)
        "setup": "一对随机的字向量 E、E′（只抽一次：d = {d}，种子 {seed}；元素取自 N(0, {scale}²)），两者放在同一个位置 p = q",
        "stop": "p = {p}，q = {q}",
        "cap": ("把位置编号 p 加到字向量 E 的每一维（共 d = {d} 维，E′ 加上 q），分数 (E + p)·(E′ + q) 就拆成四项："
                "① E·E′，字的内容；② q·ΣE；③ p·ΣE′；④ p·q·d。E = E({a})、E′ = E({b}) 是随机的字向量（元素取自 "
                "N(0, {scale}²)，种子 {seed}；ΣE = {se}，ΣE′ = {se2}）。图中是 p = q 时各项的大小（对数刻度），取 p = q 只为了画成一个变量（p ≠ q 时 ④ = p·q·d 一样增长）；"
                "线从 p = {first} 画起：p = q = {zero} 时 ②、③、④ 都是 0，对数刻度画不出 0；"
                "总和是带正负号的和{negs}。内容项一直是 {c}，④ 却随位置的平方增长。换别的字、别的种子或别的尺度，①、②、③ 都会变；④ = p·q·d 只取决于 d。几组位置上的各项（①、②、③、④；总和）：{stops}。"),
        "negs": "，其中 {terms} 为负（名称上注明）",
    },
}

DECIMALS = {"e": 4, "e2": 4, "e_swap": 4, "e_plus_seat": 4, "e_sum": 4, "e2_sum": 4, "stop_terms": 3,
            "stop_content": "3s",
            "stop_totals": 3, "stop_content_share": 4, "stop_percent": 2, "swap_terms": 3, "seat_terms": 3,
            "ratio_last": 0}

LINESTYLES = ((0, (1, 1.2)), (0, (5, 2)), (0, (5, 1.5, 1, 1.5)), "-")  # ① … ④: ④ the one solid line
LINEWIDTHS = (2.2, 1.6, 1.6, 3.4)  # ④, the term that swamps, the heaviest stroke
HATCHES = (None, None, None, "////")


def whole(x: float, decimals: int) -> str:
    """A term that is a whole number (④ p·q·d for whole seats) as an integer; any other at `decimals`."""
    return fmt_int(int(round(float(x)))) if float(x).is_integer() else fmt_num(x, decimals)


def term_colors(look: Look):
    """① content `cool` (content is blue across the set); ② `muted` and ③ `ink`, told apart by dash: the
    mixed terms (no series colour: those sit beside the roles); ④ `bad`, the position × position term of the
    counting position, which is `bad` wherever it is drawn (seq_number_*: P_p = p, what fails): teal (`ok`)
    is what works (the sinusoidal PE), never this term. That ④ blows up is also said by the annotation on its
    line and by its solid, heaviest stroke. Every line also has its own dash and its name at its end."""
    p = look.palette
    return (p.cool, p.muted, p.ink, p.bad)


def content_text(data, x: float) -> str:
    """The content term as shown: 3 decimals (the lesson's 0.795), 3 significant digits when the word
    vectors are so small that 3 decimals would read 0.000."""
    small = float(np.abs(data.stop_content).max()) < 0.05
    return fmt_num(x, DECIMALS["stop_content"] if small else DECIMALS["stop_terms"])


def draw_growth(ax, data, look: Look) -> None:
    pal = look.palette
    colors = term_colors(look)
    seats = data.seats[1:]  # seat 0 makes ②–④ zero, which a log axis cannot show
    terms = np.abs(data.seat_terms[1:])  # (S-1, 4)
    signs = np.sign(data.seat_terms[-1])
    for j in range(4):
        ax.plot(seats, terms[:, j], color=colors[j], linewidth=LINEWIDTHS[j], linestyle=LINESTYLES[j],
                label=look.t(STRINGS, f"t{j + 1}"), zorder=3 if j == 3 else 2)
    for j, y in enumerate(end_label_heights(terms[-1], terms)):  # each line named at its end, never on each other
        name = look.t(STRINGS, f"t{j + 1}") + (look.t(STRINGS, "neg") if signs[j] < 0 else "")
        ax.annotate(name, (seats[-1], y), xytext=(5, 0), textcoords="offset points",
                    va="center", ha="left", fontsize=9, color=colors[j])
    ax.set_yscale("log")
    positive = terms[terms > 0]
    if positive.size:  # down to the whole decade under the smallest size, so that decade is labelled too
        ax.set_ylim(bottom=10.0 ** np.floor(np.log10(positive.min())))
    ax.set_xlabel(look.t(STRINGS, "seat"))  # why the lines start past p = 0 is the caption's
    ax.set_ylabel(look.t(STRINGS, "abs"))
    ax.grid(True, which="major", linewidth=0.5)
    s = data.demo_seat
    if s in data.seats:
        v = data.seat_terms[s]
        ax.plot([s, s], [abs(v[0]), abs(v[3])], color=pal.muted, linewidth=1, linestyle=":")
        ax.plot([s], [abs(v[3])], "o", markersize=7, markerfacecolor="none", markeredgecolor=pal.ink)
        d = DECIMALS["seat_terms"]
        text = look.t(STRINGS, "seat_mark", s=s, v=whole(v[3], d), c=content_text(data, v[0]))  # one short line
        line = dict(arrowstyle="-", color=pal.ink, linewidth=0.8)
        clear = dict(boxstyle="square,pad=0.15", facecolor=pal.background, edgecolor="none")  # no gridline through it
        ax.seat_note = (text, (s, abs(v[3])), dict(fontsize=10, color=pal.ink, arrowprops=line, bbox=clear))  # placed by make()
    ax.set_xlim(0, data.seats[-1] * 1.02 + 0.5)
    ax.spines["right"].set_visible(False)


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
    once the whole figure is laid out: top left (the lesson's numbers, one short line), then by the mark."""
    if not hasattr(ax, "seat_note"):
        return
    text, xy, style = ax.seat_note
    top_left = dict(xytext=(0.03, 0.97), textcoords="axes fraction", ha="left", va="top")
    places = [top_left,
              dict(xytext=(14, -52), textcoords="offset points", ha="left", va="center"),
              dict(xytext=(-14, -52), textcoords="offset points", ha="right", va="center"),
              dict(xytext=(0.97, 0.03), textcoords="axes fraction", ha="right", va="bottom"),
              dict(xytext=(0.45, 0.97), textcoords="axes fraction", ha="left", va="top"),
              dict(xytext=(14, -80), textcoords="offset points", ha="left", va="center"),
              dict(xytext=(0.97, 0.5), textcoords="axes fraction", ha="right", va="center"),
              dict(xytext=(0.03, 0.5), textcoords="axes fraction", ha="left", va="center")]
    if far:  # a far seat: left of the mark first, then farther below it
        places.insert(0, places.pop(3))
        places.insert(1, dict(xytext=(-14, -80), textcoords="offset points", ha="right", va="center"))
    for place in places:
        place = dict(place)
        note = ax.annotate(place.pop("text", text), xy=xy, **style, **place)
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


def fitted_setup(fig, setup: str, size: float) -> str:
    """The subtitle on one line when it fits the figure's width, else broken between its clauses (after
    "; " or ", ", "；" or "，"), each line as full as the width allows (long d, scale or seed values at
    other parameters)."""
    import re

    import matplotlib

    family = matplotlib.rcParams["font.family"]
    room = 0.97 * fig.get_figwidth() * 72
    if text_width_pt(fig, setup, size, family) <= room:
        return setup
    lines = [""]
    for piece in re.split(r"(?<=[;；，]) ?|(?<=,) (?![\d−-])", setup):  # each clause with its separator (not N(0, 0.5²)'s comma)
        trial = (lines[-1] + " " + piece if lines[-1] and not lines[-1].endswith(("；", "，")) else lines[-1] + piece)
        if lines[-1] and text_width_pt(fig, trial, size, family) > room:
            lines.append(piece)
        else:
            lines[-1] = trial
    return "\n".join(lines)


def make(data, look: Look):
    fig, ax = new_figure(7.2, 4.6)
    fig.get_layout_engine().set(rect=(0, 0, 0.985, 1))  # the end labels measure wider at 72 dpi (the SVG)
    draw_growth(ax, data, look)
    setup = look.t(STRINGS, "setup", d=data.d_model, scale=f"{data.emb_scale:g}", seed=data.seed)
    setup = fitted_setup(fig, setup, size=11.5 - 1)  # the subtitle's size (titled: 1 pt under the title)
    titled(fig, look.t(STRINGS, "title") + "\n" + setup, look, x=0.01, ha="left", fontsize=11.5)  # the set-up ① to ④ depend on
    place_seat_note(ax, far=data.demo_seat > 0.55 * data.seats[-1])
    half_width_dots(fig, look)  # after the seat note: it holds p·q·d's dots too
    return fig


def caption(data, look: Look) -> str:
    en = look.lang == "en"
    sep, semi = (", ", "; ") if en else ("、", "；")
    d = DECIMALS["stop_terms"]

    def num(x):  # thousands separated, as the figure writes them
        return whole(x, d) if float(x).is_integer() else f"{x:,.{d}f}".replace("-", "\u2212")

    stops = semi.join(
        look.t(STRINGS, "stop", p=int(p), q=int(q)) + (": " if en else "：")
        + sep.join([content_text(data, t[0])] + [num(x) for x in t[1:]]) + (" → " + num(tot))
        for (p, q), t, tot in zip(data.stops, data.stop_terms, data.stop_totals))
    neg = [("①②③④"[j]) for j in range(4) if data.seat_terms[-1][j] < 0]
    negs = look.t(STRINGS, "negs", terms=sep.join(neg)) if neg else ""
    return look.t(STRINGS, "cap", d=data.d_model, a=data.words[0] + gloss(data.words[0], look.lang),
                  b=data.words[1] + gloss(data.words[1], look.lang), scale=f"{data.emb_scale:g}", seed=data.seed,
                  se=fmt_num(data.e_sum, DECIMALS["e_sum"]), se2=fmt_num(data.e2_sum, DECIMALS["e2_sum"]),
                  negs=negs, c=content_text(data, data.seat_terms[-1][0]), stops=stops,
                  first=fmt_int(int(data.seats[1])), zero=fmt_int(int(data.seats[0])))
