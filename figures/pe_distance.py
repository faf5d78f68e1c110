"""pe_distance: how far apart two seats' fingerprints are (seed 001, "distance" station).

Two figures from one record (engine.pe_geometry.distance_profile): pe_distance draws the matrix (make),
pe_distance_gap the curve against the gap (make_gap, entered through figures.pe_distance_gap).
The matrix (the record's matrix, by_gap and adjacent_distance): the 32 × 32 matrix of Euclidean distances between PE
rows (d = 16), its own point that only the diagonal is 0 (no two positions share a fingerprint): the nearest pairs
(gap 1) are outlined with their one value named under the title. That it depends only on the gap is pe_distance_gap's
point (the record's matrix rows and by_gap), and the caption's. Its extremes are caption text: the largest (gap 28, 0.26 % above gap 29) is
an artefact of the 32-seat window, so it gets no mark. The gap figure reads three rows of the matrix
(seat p against p + k from three starting seats p) against k as marks of three shapes, the first row's dots
`ok` dots alone, nothing drawn between them (only whole gaps are pairs of positions), every start at every k its row reaches,
nested one inside the next at its true gap k; the caption says which rows and where they end, and the largest distance (a fact of the window drawn, not a landmark);
d and the base are stated under its title. The minimum 1.0147 is shared by all
31 adjacent pairs; the maximum within the 32 drawn seats (more seats reach larger gaps), at gap 28, by
the four pairs 0–28, 1–29, 2–30, 3–31, and the captions say "within seats 0–31". Seed 001 prints
3.5090; the value is 3.50909, which rounds to 3.5091. The figure shows the engine's rounding; the
seed's truncated value is max_distance_truncated in numbers.json.

Any width, seats and base (studio.catalogue.accepts.clock): ticks and marks thin out with the seats, the curve's
scale follows the largest distance, long lists of tied pairs are shortened (first, …, last), and the
marks are named beside their own points (figures.parts_direct_labels), clear of every line; the formula,
with Dᵢ defined, and the ratio of the largest to the smallest distance are pe_distance_gap's caption. With two
seats the only pair is both the smallest and the largest distance, and the gap figure says so.
"""
from __future__ import annotations

import numpy as np

from figures.common import base_text, new_figure, nice_step, sequential_cmap
from figures.parts_direct_labels import NEAR
from figures.parts_fit import trim_bands
from look import Look, fmt_num
from look.formats import fmt_sci

COLOUR_ROLES = ("ink", "muted", "background", "sequential")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "caption_matrix": ("Cell (p, q) is the Euclidean distance between the fingerprints PE(p) and PE(q) "
                           "(d = {d}, base {base}) of {n} positions. Every diagonal holds one value, so the distance "
                           "depends only on the gap |p − q|. The smallest between distinct positions, {min}, is shared by all {adj} adjacent "
                           "pairs; the largest within positions 0–{last} is {max}, at gap {gap} (gap {gap2}: {max2}), a fact of the window "
                           "drawn, not a landmark: more positions reach larger gaps. The two outlined diagonals, |p − q| = {k} (either "
                           "side of the main one), hold {v} in all their {m} cells."),
        "title_matrix": "Zero only on the diagonal: no two of the {n} positions share a fingerprint",
        "setup_matrix": "{n} × {n} positions, d = {d}",
        "outlined": "; outlined: the nearest pairs, |p − q| = {k}, each {v}",
        "seat_p": "position p",
        "seat_q": "position q",
        "cbar": "distance ‖PE(p) − PE(q)‖",
        "title_gap": "The distance depends only on the gap k = |p − q|",
        "setup_gap": "rows of the {n} × {d} fingerprint table: d = {d}, base {b}",
        "from_seat": "dots: p = {p} against p + k",
        "ring": "rings: p = {q}, reaching gap {e}",
        "ring_small": "small rings: p = {q}, reaching gap {e}",
        "ring_large": "large rings: p = {q}, reaching gap {e}",
        "ring_size": "ring size tells the two rows apart, not a value",
        "from_one": "dots: p = {p} against p + k",
        "from_seat_stride": "dots: p = {p} against p + k at k = 0, {s}, {s2}, …",
        "gap": "gap k = |p − q| (whole-number gaps, in positions)",
        "distance": "distance (Euclidean)",
        "min_label": "k = 1: {v}\nall {n} adjacent pairs",
        "min_line_two": "k = 1: {v}, the only pair of positions",
        "caption_formula": ("‖PE(p) − PE(p+k)‖² = d − 2 Σᵢ cos(k/Dᵢ), where Dᵢ = base^(2i/d) is dimension pair i's denominator: "
                            "no p in it, so the distance depends only on the gap k. The distances are between rows of the sinusoidal "
                            "table with d = {d}; the dot products against the gap are drawn from a table with d = 8, so "
                            "they do not turn into this curve through ‖a − b‖² = d − 2 a·b."),
        "caption_starts": (" The dots read row p = {p} of the distance matrix, position {p} against {p} + k, at every "
                           "whole gap k up to {end}. The rows from p = {others} coincide with it wherever they reach "
                           "({spans}), drawn as hollow rings of two sizes: at each of those gaps their distance equals row "
                           "{p}'s (the largest difference, {diff}, is floating-point rounding), so every ring sits on a "
                           "dot, and every row stops at p + k = {last}, the last position drawn. Positions come in whole steps, so only whole gaps k are pairs of positions; "
                           "each distance is a dot, with nothing drawn between whole gaps."),
        "span": "k = 0 to {e} from p = {p}",
        "caption_ratio": (" Within positions 0–{last}, the largest distance is {max} at gap {gap} ({pairs}), {r} times the "
                          "smallest; more positions reach larger gaps, so this largest belongs to the window drawn."),
    },
    "zh-Hant": {
        "caption_matrix": ("格子 (p, q) 是 {n} 個位置中位置 p 與 q 的指紋 PE(p)、PE(q) 之間的歐氏距離（d = {d}，"
                           "底數 {base}）。每條對角線上只有一個值，所以距離只看相隔 |p − q|。不同位置之間最小的 {min} 由全部 {adj} "
                           "對相鄰位置共有；位置 0–{last} 之內最大的是 {max}，相隔 {gap}（相隔 {gap2}：{max2}），"
                           "這只是所畫範圍的結果，不是特別的位置：位置更多時相隔也能更大。框出的兩條對角線 |p − q| = {k}（主對角線兩側），{m} 格都是 {v}。"),
        "title_matrix": "只有對角線是 0：{n} 個位置的指紋兩兩不同",
        "setup_matrix": "{n} × {n} 個位置，d = {d}",
        "outlined": "；框出最近的各對 |p − q| = {k}，每格都是 {v}",
        "seat_p": "位置 p",
        "seat_q": "位置 q",
        "cbar": "距離 ‖PE(p) − PE(q)‖",
        "title_gap": "距離只看相隔幾步 k = |p − q|",
        "setup_gap": "{n} × {d} 指紋表的各列：d = {d}，底數 {b}",
        "from_seat": "圓點：p = {p} 對 p + k",
        "ring": "圓圈：p = {q}，最遠到 k = {e}",
        "ring_small": "小圓圈：p = {q}，最遠到 k = {e}",
        "ring_large": "大圓圈：p = {q}，最遠到 k = {e}",
        "ring_size": "圓圈大小只用來區分這兩列，不代表數值",
        "from_one": "圓點：p = {p} 對 p + k",
        "from_seat_stride": "圓點：p = {p} 對 p + k，在 k = 0、{s}、{s2}、…",
        "gap": "相隔 k = |p − q|（整數個位置）",
        "distance": "距離（歐氏）",
        "min_label": "k = 1：{v}\n{n} 對相鄰位置",
        "min_line_two": "k = 1：{v}，只有這一對位置",
        "caption_formula": ("‖PE(p) − PE(p+k)‖² = d − 2 Σᵢ cos(k/Dᵢ)，其中 Dᵢ = base^(2i/d) 是第 i 組維度的分母："
                            "式中沒有 p，所以距離只看相隔 k。這些距離取自 d = {d} 的正弦位置表各列；點積對相隔的那張圖用的是 d = 8 的表，"
                            "所以那些點積不能用 ‖a − b‖² = d − 2 a·b 換算成這條曲線。"),
        "caption_starts": ("圓點讀的是距離矩陣的第 p = {p} 列：位置 {p} 對 {p} + k，每個整數 k 一直到 {end}。"
                           "從 p = {others} 出發的列，在它們到得了的地方（{spans}）都和它重合，畫成兩種大小的空心圓圈：這些相隔上的距離與第 {p} 列相等"
                           "（最大差 {diff}，只是浮點捨入），所以每個圓圈都正好套在圓點上；每一列都到 p + k = {last}（畫出的最後一個位置）為止。"
                           "位置一步一步算，只有整數的 k 才是真的一對位置；每個距離畫成一個圓點，兩個整數相隔之間不畫任何東西。"),
        "span": "p = {p} 從 k = 0 到 {e}",
        "caption_ratio": "在位置 0–{last} 之內，最大距離是 {max}，相隔 {gap}（{pairs}），是最小距離的 {r} 倍；位置更多時相隔也能更大，所以這個最大值只屬於所畫的範圍。",
    },
    "zh-Hans": {
        "caption_matrix": ("格子 (p, q) 是 {n} 个位置中位置 p 与 q 的指纹 PE(p)、PE(q) 之间的欧氏距离（d = {d}，"
                           "底数 {base}）。每条对角线上只有一个值，所以距离只看相隔 |p − q|。不同位置之间最小的 {min} 由全部 {adj} "
                           "对相邻位置共有；位置 0–{last} 之内最大的是 {max}，相隔 {gap}（相隔 {gap2}：{max2}），"
                           "这只是所画范围的结果，不是特别的位置：位置更多时相隔也能更大。框出的两条对角线 |p − q| = {k}（主对角线两侧），{m} 格都是 {v}。"),
        "title_matrix": "只有对角线是 0：{n} 个位置的指纹两两不同",
        "setup_matrix": "{n} × {n} 个位置，d = {d}",
        "outlined": "；框出最近的各对 |p − q| = {k}，每格都是 {v}",
        "seat_p": "位置 p",
        "seat_q": "位置 q",
        "cbar": "距离 ‖PE(p) − PE(q)‖",
        "title_gap": "距离只看相隔几步 k = |p − q|",
        "setup_gap": "{n} × {d} 指纹表的各行：d = {d}，底数 {b}",
        "from_seat": "圆点：p = {p} 对 p + k",
        "ring": "圆圈：p = {q}，最远到 k = {e}",
        "ring_small": "小圆圈：p = {q}，最远到 k = {e}",
        "ring_large": "大圆圈：p = {q}，最远到 k = {e}",
        "ring_size": "圆圈大小只用来区分这两行，不代表数值",
        "from_one": "圆点：p = {p} 对 p + k",
        "from_seat_stride": "圆点：p = {p} 对 p + k，在 k = 0、{s}、{s2}、…",
        "gap": "相隔 k = |p − q|（整数个位置）",
        "distance": "距离（欧氏）",
        "min_label": "k = 1：{v}\n{n} 对相邻位置",
        "min_line_two": "k = 1：{v}，只有这一对位置",
        "caption_formula": ("‖PE(p) − PE(p+k)‖² = d − 2 Σᵢ cos(k/Dᵢ)，其中 Dᵢ = base^(2i/d) 是第 i 组维度的分母："
                            "式中没有 p，所以距离只看相隔 k。这些距离取自 d = {d} 的正弦位置表各行；点积随相隔变化的那张图用的是 d = 8 的表，"
                            "所以那些点积不能用 ‖a − b‖² = d − 2 a·b 换算成这条曲线。"),
        "caption_starts": ("圆点读的是距离矩阵的第 p = {p} 行：位置 {p} 对 {p} + k，每个整数 k 一直到 {end}。"
                           "从 p = {others} 出发的行，在它们够得着的地方（{spans}）都和它重合，画成两种大小的空心圆圈：这些相隔上的距离与第 {p} 行相等"
                           "（最大差 {diff}，只是浮点舍入），所以每个圆圈都正好套在圆点上；每一行都到 p + k = {last}（画出的最后一个位置）为止。"
                           "位置一步一步算，只有整数的 k 才是真的一对位置；每个距离画成一个圆点，两个整数相隔之间不画任何东西。"),
        "span": "p = {p} 从 k = 0 到 {e}",
        "caption_ratio": "在位置 0–{last} 之内，最大距离是 {max}，相隔 {gap}（{pairs}），是最小距离的 {r} 倍；位置更多时相隔也能更大，所以这个最大值只属于所画的范围。",
    },
}

DECIMALS = {"matrix": 4, "by_gap": 4, "adjacent_distance": 4, "max_distance": 4, "second_distance": 4,
            "max_over_adjacent": 4, "max_distance_truncated": 4, "fine_distance": 4, "base": 2}


def pairs_text(pairs, most: int = 4) -> str:
    """The pairs as a–b, a list of `most` at most: the first ones, …, the last."""
    shown = [f"{a}–{b}" for a, b in pairs]
    if len(shown) > most:
        shown = shown[:most - 2] + ["…", shown[-1]]
    return ", ".join(shown)


SHOWN_GAP = 1  # the diagonals outlined: the nearest distinct pairs (the record's adjacent_distance, the smallest
# off the zero diagonal), so the figure's point is that no two positions share a fingerprint; the gap profile is
# pe_distance_gap's


def diagonal_outline(k: int, n: int) -> np.ndarray:
    """The staircase around the cells (p, p + k), p = 0 … n−1−k, as a closed polygon [points, 2] in (x, y) =
    (column, row): along their upper-right edges, back along their lower-left ones."""
    rows = np.arange(n - k)  # (n−k,)
    upper = [(k - 0.5, -0.5)] + [pt for r in rows for pt in ((r + k + 0.5, r - 0.5), (r + k + 0.5, r + 0.5))]
    lower = [pt for r in rows[::-1] for pt in ((r + k + 0.5, r + 0.5), (r + k - 0.5, r + 0.5), (r + k - 0.5, r - 0.5))]
    return np.array(upper + lower)


def draw_matrix(ax, data, look: Look) -> None:
    """The matrix on a sequential scale that ends at its largest distance, whole ticks on the colour bar;
    one diagonal (gap SHOWN_GAP) outlined, its one value named under the title. The extremes of the
    window drawn are caption text: the largest depends on where the drawing stops."""
    from matplotlib.patches import Polygon

    pal = look.palette
    n = data.n_positions
    top = float(data.max_distance)  # the scale ends at the data's largest distance
    im = ax.imshow(data.matrix, cmap=sequential_cmap(look), vmin=0.0, vmax=top, interpolation="nearest")
    step = max(1, nice_step(top / 6))
    cax = ax.inset_axes([1.04, 0.0, 0.04, 1.0])  # beside the drawn square, not its layout box: no gap
    cb = ax.figure.colorbar(im, cax=cax, ticks=np.arange(0, top + 1e-9, step))
    cb.ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0f}")
    cb.outline.set_edgecolor(pal.muted)
    cb.set_label(look.t(STRINGS, "cbar"), labelpad=4)
    ticks = np.arange(0, n, nice_step(n / 8))
    ax.set_xticks(ticks)
    ax.set_yticks(ticks)
    ax.tick_params(labelsize=8)
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.set_xlabel(look.t(STRINGS, "seat_q"))
    ax.set_ylabel(look.t(STRINGS, "seat_p"))
    ax.spines[:].set_visible(False)
    k = min(SHOWN_GAP, n - 1)
    thin = 32 / max(n, 32)  # the outline gets thinner as the cells do
    for color, width in ((pal.background, 3.0), (pal.ink, 1.3)):  # an ink line on a paper halo
        for outline in (diagonal_outline(k, n), diagonal_outline(k, n)[:, ::-1]):  # q = p + k and its mirror p = q + k
            ax.add_patch(Polygon(outline, closed=True, fill=False, edgecolor=color,
                                 linewidth=width * max(thin, 0.4), joinstyle="miter", zorder=3))
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_title(look.t(STRINGS, "title_matrix", n=n), loc="left", pad=50)
    setup = look.t(STRINGS, "setup_matrix", n=n, d=data.d_model)
    setup += look.t(STRINGS, "outlined", k=k, m=2 * (n - k), v=fmt_num(float(data.by_gap[k]), 4))
    ax.annotate(setup, (0, 1), xycoords="axes fraction", xytext=(0, 35), textcoords="offset points", ha="left",
                va="bottom", fontsize=9, color=look.palette.muted)


def starts(n: int) -> list:
    """The starting seats whose rows the gap figure draws: the first, one a third in, one two thirds in."""
    return sorted({p for p in (0, round(n / 3), round(2 * n / 3)) if p < n - 1})


RING_SIZES = (9.5, 14.0)  # the other starts' rings, in points: each clear of the dot and of the other ring


def draw_gap(ax, data, look: Look) -> None:
    """Distance against the gap: one row of the matrix as dots, seat 0 against 0 + k at every whole k (with
    many seats, every stride-th k), each at its true gap, the dots alone, nothing drawn between
    them (only whole gaps are pairs of positions: a joining line would imply values at fractional gaps); the
    rows from the other starts as hollow rings, one size each (RING_SIZES), wherever they reach: every ring
    sits on a dot, so the coincidence is seen (the caption gives the largest difference). The dots and the
    rings are named in one small key in the empty lower right; that every ring sits on a dot, and the rows' ends,
    are the caption's; the smallest distance beside its point. The largest within the
    drawn seats depends on where the drawing stops, so it is caption text, not a landmark."""
    from figures.parts_direct_labels import DirectLabels

    pal = look.palette
    n = data.n_positions
    rows = starts(n)
    stride = max(1, int(np.ceil(n / 32)))  # whole k at least one dot apart, however many seats
    p = rows[0]  # one series: the first start's row reaches every gap; the others coincide with it (caption)
    k = np.arange(0, n - 1 - p + 1, stride)
    # the dots come from the position encoding: `ok`, as pe_dot_distance's Σᵢcos(k/Dᵢ); the other starts' rings are ink
    ax.plot(k, data.matrix[p, p + k], linestyle="none", marker="o", markersize=6, color=pal.ok,
            markeredgecolor=pal.background, markeredgewidth=0.8, zorder=3)
    others = rows[1:]
    rings = []  # (its text, its gaps, its distances), the largest rings first: their label goes first
    for size, q in zip(RING_SIZES, others):  # each other start's row: hollow rings of one size, sitting on the dots
        kq = np.arange(0, n - 1 - q + 1, stride)
        ax.plot(kq, data.matrix[q, q + kq], linestyle="none", marker="o", markersize=size,
                markerfacecolor="none", markeredgecolor=pal.ink, markeredgewidth=0.9, zorder=4)
        which = "ring" if len(others) == 1 else ("ring_small", "ring_large")[len(rings)]
        rings.insert(0, (look.t(STRINGS, which, q=q, e=int(kq[-1])), kq,  # the last gap its row reaches
                          data.matrix[q, q + kq], size))
    top = float(data.matrix.max())
    ax.set_xlim(-0.8, n - 0.2)
    ax.set_ylim(-0.04 * top, 1.08 * top)  # k = 0 shows whole
    ax.set_xticks(np.arange(0, n, nice_step(n / 8)))
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.set_ylabel(look.t(STRINGS, "distance"))
    ax.grid(True, axis="y")
    ax.set_title(look.t(STRINGS, "title_gap"), loc="left", pad=22)
    ax.annotate(look.t(STRINGS, "setup_gap", d=data.d_model, b=base_text(data.base), n=n), (0, 1),
                xycoords="axes fraction", xytext=(0, 5), textcoords="offset points", ha="left", va="bottom",
                fontsize=9, color=pal.muted)
    from matplotlib.lines import Line2D

    labels = DirectLabels(ax, pal.ink)
    # the smallest distance, named beside its point (the first label: it has the least room)
    text = (look.t(STRINGS, "min_line_two", v=fmt_num(data.adjacent_distance, 4)) if data.max_gap == 1 else
            look.t(STRINGS, "min_label", v=fmt_num(data.adjacent_distance, 4), n=len(data.adjacent_pairs)))
    labels.add(text, [(1, data.adjacent_distance)], (SMALLEST_SPOTS, *NEAR), fontsize=9.5)
    # the dots and the rings in one small key in the empty lower right, under the curve's rise: one mark each
    key = "from_one" if not others else "from_seat" if stride == 1 else "from_seat_stride"
    handles = [Line2D([], [], ls="none", marker="o", ms=6, mfc=pal.ok, mec=pal.background, mew=0.8)]
    names = [look.t(STRINGS, key, p=p, s=stride, s2=2 * stride)]
    for text, _kq, _dq, size in sorted(rings, key=lambda r: r[3]):  # small rings, then large
        handles.append(Line2D([], [], ls="none", marker="o", ms=size, mfc="none", mec=pal.ink, mew=0.9))
        names.append(text)
    if len(rings) > 1:  # two sizes only so one ring can sit inside the other: the size is no value
        handles.append(Line2D([], [], ls="none"))
        names.append(look.t(STRINGS, "ring_size"))
    ax.legend(handles, names, loc="lower right", fontsize=9, alignment="left", frameon=False, handletextpad=0.6,
              borderaxespad=0.4)  # that every ring sits on a dot, and where the rows stop, is the caption's


SMALLEST_SPOTS = ((40, -22, "left", "center"), (40, -40, "left", "center"))  # lower right, clear of the rise


def caption_gap(data, look: Look) -> str:
    """pe_distance_gap's text for the numbers file: the formula with Dᵢ defined, and (with more than two
    seats) how many times the smallest distance the largest is, within the drawn seats."""
    text = look.t(STRINGS, "caption_formula", d=data.d_model)
    rows = starts(data.n_positions)
    if len(rows) > 1:
        sep = ", " if look.lang == "en" else "、"
        n, p = data.n_positions, rows[0]
        spans = sep.join(look.t(STRINGS, "span", p=q, e=n - 1 - q) for q in rows[1:])
        diff = max(float(np.abs(data.matrix[q, q + np.arange(n - q)] - data.matrix[p, p + np.arange(n - q)]).max())
                   for q in rows[1:])  # how closely the other rows coincide with the drawn one
        text += look.t(STRINGS, "caption_starts", p=p, end=n - 1 - p, others=(" and " if look.lang == "en" else "、").join(str(q) for q in rows[1:]),
                       spans=spans, diff=fmt_sci(diff, 2) if diff > 0 else "0", last=n - 1)
    if data.max_gap > 1:
        text += look.t(STRINGS, "caption_ratio", last=data.n_positions - 1, r=fmt_num(data.max_over_adjacent, 4),
                       max=fmt_num(data.max_distance, 4), gap=data.max_gap, pairs=pairs_text(data.max_pairs))
    return text


def caption(data, look: Look) -> str:
    """pe_distance's text for the numbers file: what a cell is, the two extremes within the window (the
    largest beside its runner-up, both facts of the window) and the outlined diagonal."""
    n = data.n_positions
    k = min(SHOWN_GAP, n - 1)
    return look.t(STRINGS, "caption_matrix", d=data.d_model, base=fmt_num(data.base, 0), n=n,
                  min=fmt_num(data.adjacent_distance, 4), adj=len(data.adjacent_pairs), last=n - 1,
                  max=fmt_num(data.max_distance, 4), gap=data.max_gap, gap2=data.second_gap,
                  max2=fmt_num(data.second_distance, 4), k=k, m=2 * (n - k), v=fmt_num(float(data.by_gap[k]), 4))


def make(data, look: Look):
    """The matrix alone; the curve against the gap is pe_distance_gap, from the same record."""
    fig, top = new_figure(7.2, 6.9)
    # the square matrix takes its height from its width: a narrower box leaves the title and the two
    # notes under it their room, however wide the tick labels are
    fig.get_layout_engine().set(rect=(0.01, 0, 0.98, 1))
    draw_matrix(top, data, look)
    trim_bands(fig)
    return fig


def make_gap(data, look: Look):
    """pe_distance_gap: the distance against the gap, each series named where it is drawn."""
    fig, ax = new_figure(7.2, 4.0)
    draw_gap(ax, data, look)
    return fig
