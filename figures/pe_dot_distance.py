"""pe_dot_distance: the dot product of two encodings keeps only their gap (seed 002 §05, 图 7).

PE(p) · PE(p + k) computed from the encoding rows for several starting seats p, drawn on top of each
other and on the curve Σ cos(k / D_i): one curve, whatever p. d_model = 8 as in seed 002 §04 (its
printed k = 0 and k = 1 values, 4 and 3.5353, need d = 8), stated under the title, and named on the plot.
The starts take turns along k; at a few shared gaps every start's own mark is drawn, on one point.
caption() is two sentences for the note (what the marks are, why they lie on one curve); the four-step
derivation (product to sum, the (2p + k) terms cancel) belongs to the text around the figure.

Any width and base (studio.catalogue.accepts.clock): the scale follows d/2 and the curve's lowest point;
the starts' marks are named together in one row above the curve's later swings (four kinds of mark,
one curve), the curve and the pointers at k = 0 and the example gap beside them, clear of the curve
and of the other marks; beyond 4 pairs the worked example writes the first two terms, …, the last. The
convention line lists every D_i where they fit, measured, else the first few, …, the last (fit_setup).
"""
from __future__ import annotations

import numpy as np

from figures.common import LABEL_OFFSETS, around, base_text, new_figure, place_at
from figures.placing import LEADER_OFFSETS, drawn_segments, with_grid
from figures.parts_marks import START_MARKERS, START_NESTED, draw_nested, shared_points
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background", "ok")  # the look.palette.ROLES it draws
MEANINGS = ("position_encoding",)  # look.palette.MEANINGS it draws

STRINGS = {
    "en": {
        "title": r"$PE(p)\cdot PE(p+k)$ depends only on the gap $k$",
        "setup": ("d = {d}, base {b}, $D_i = {b}^{{2i/d}}$ = {dens}\n{n} starts p, one curve; at k = {shared} all {n} starts' marks fall on one point"),
        "gap": "gap k between positions p and p + k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0: {v0} = d/2",
        "ringk": "k = {k}: {vk}",
        "cap": ("Each mark is PE(p)·PE(p+k) computed from the rows of the d = {d} encoding table for the starts "
                "p = {starts}, which take turns along k (all of them, on one point, at k = {shared}). Every mark lies on "
                "the curve Σᵢ cos(k/Dᵢ) because, pair by pair, sin a·sin b + cos a·cos b = cos(b − a) = cos(k/Dᵢ): "
                "p cancels, only the gap k is left."),
    },
    "zh-Hant": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取決於相隔幾步 $k$",
        "setup": "d = {d}，底數 {b}，$D_i = {b}^{{2i/d}}$ = {dens}\n{n} 個起點 p，同一條曲線；k = {shared} 時 {n} 個起點的記號落在同一點",
        "gap": "位置 p 與 p + k 相隔 k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0：{v0} = d/2",
        "ringk": "k = {k}：{vk}",
        "cap": ("每個記號是由 d = {d} 的編碼表逐列算出的 PE(p)·PE(p+k)，起點 p = {starts} 沿著 k 輪流畫"
                "（k = {shared} 畫出全部起點，落在同一點）。每個記號都落在曲線 Σᵢ cos(k/Dᵢ) 上，因為逐組來看 "
                "sin a·sin b + cos a·cos b = cos(b − a) = cos(k/Dᵢ)：p 消掉了，只剩相隔 k。"),
    },
    "zh-Hans": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取决于相隔几步 $k$",
        "setup": "d = {d}，底数 {b}，$D_i = {b}^{{2i/d}}$ = {dens}\n{n} 个起点 p，同一条曲线；k = {shared} 时 {n} 个起点的记号落在同一点",
        "gap": "位置 p 与 p + k 相隔 k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0：{v0} = d/2",
        "ringk": "k = {k}：{vk}",
        "cap": ("每个记号是由 d = {d} 的编码表逐行算出的 PE(p)·PE(p+k)，起点 p = {starts} 沿着 k 轮流画"
                "（k = {shared} 画出全部起点，落在同一点）。每个记号都落在曲线 Σᵢ cos(k/Dᵢ) 上，因为逐组来看 "
                "sin a·sin b + cos a·cos b = cos(b − a) = cos(k/Dᵢ)：p 消掉了，只剩相隔 k。"),
    },
}

DECIMALS = {"dots": 4, "closed_form": 4, "fine_closed_form": 4, "example_terms": 4, "example_value": 2,
            "max_deviation": 17, "spread_over_p": 17, "denominators": 0, "base": 2}

MARKERS = START_MARKERS  # the set's shapes for the starts p (figures.parts_marks)
NESTED = START_NESTED  # at a shared gap the starts' marks sit on one point, one inside the next (ring, triangle,
# cross, diamond), so all four are seen there and none hides another



def _den(data, i: int) -> str:
    """D_i as the formula writes it: whole (1, 10, 100) or to two decimals (3.16): denominators_rounded."""
    x = float(data.denominators_rounded[i])
    return f"{x:.0f}" if x.is_integer() else repr(x)


def _value(x: float) -> str:
    """A value at 4 decimals, or whole when it is (Σ cos 0 = d/2)."""
    return fmt_int(int(x)) if float(x).is_integer() else fmt_num(x, 4)


def caption(data, look: Look) -> str:
    """For the note's text, two sentences: what the marks are, and why they lie on one curve (the
    derivation itself is the text's)."""
    sep = ", " if look.lang == "en" else "、"
    return look.t(STRINGS, "cap", d=data.d_model, starts=sep.join(str(p) for p in data.starts),
                  shared=_shared_text(data, look))


def shared_gaps(data) -> np.ndarray:
    """Indices of the gaps where every start's mark is drawn (a quarter of the way along, then every
    quarter): the marks there coincide, the claim seen at a glance."""
    return shared_points(len(data.gaps))


def _shared_text(data, look: Look) -> str:
    return (", " if look.lang == "en" else "、").join(str(int(data.gaps[i])) for i in shared_gaps(data))


def draw_plot(ax, data, look: Look) -> list:
    """The dots of every start on the closed form; the legend's handles go to the panel below."""
    pal = look.palette
    ax.axhline(0, color=pal.muted, linewidth=0.6, alpha=0.5)
    curve, = ax.plot(data.fine_gaps, data.fine_closed_form, color=pal.ok, linewidth=1.4, zorder=2)
    handles = [(curve, look.t(STRINGS, "curve"))]
    n = len(data.starts)  # the starts take turns along k, so no two marks sit on one another, except at
    idx = np.arange(len(data.gaps))  # the shared gaps, where every start's own mark is drawn on one point
    shared = shared_gaps(data)
    for r, p in enumerate(data.starts):
        marker, size, face = MARKERS[r % len(MARKERS)]
        kw = dict(markerfacecolor=face) if face else {}
        turn = (idx % n == r) & ~np.isin(idx, shared)  # (gaps,) this start's share of the gaps
        dots, = ax.plot(data.gaps[turn], data.dots[r][turn], linestyle="none", marker=marker, markersize=size,
                        color=pal.ink, markeredgewidth=1.2, zorder=3 + r, **kw)
        handles.append((dots, look.t(STRINGS, "start", p=p)))
    draw_nested(ax, data.gaps[shared], [row[shared] for row in data.dots], pal.ink)  # nested, each one seen
    k = data.example_gap  # k = 0 and the example gap: each value named beside its point, an arrow onto it
    handles.append(((0, float(data.closed_form[0])), look.t(STRINGS, "ring0", v0=_value(data.closed_form[0]))))
    handles.append(((k, float(data.closed_form[k])), look.t(STRINGS, "ringk", k=k, vk=fmt_num(data.closed_form[k], DECIMALS["example_value"]))))
    d_half = data.d_model // 2
    low = min(0.0, float(data.fine_closed_form.min())) - 0.07 * d_half  # room for a mark's half, no empty band
    ax.set_ylim(low, d_half * 1.3)  # a band above d/2 for the two worked values
    ax.set_yticks([t for t in ax.get_yticks() if low <= t <= d_half])
    ax.set_xlim(data.gaps[0] - 0.8, data.gaps[-1] + 0.8)
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.set_ylabel(look.t(STRINGS, "dot"))
    ax.grid(True, axis="y")
    ax.set_title(look.t(STRINGS, "title"), loc="left", fontsize=12, pad=37)
    setup = ax.annotate("", (0, 1), xycoords="axes fraction", xytext=(0, 5), textcoords="offset points", ha="left",
                        va="bottom", fontsize=10, color=pal.muted)  # 10: the subscript of Dᵢ prints at 7 pt
    fit_setup(ax, setup, data, look)
    return handles


SETUP_SHARE = 0.86  # of the figure's width the convention line may take (the axes start at about 0.1)


def fit_setup(ax, setup, data, look: Look) -> None:
    """The convention line with every D_i when it fits SETUP_SHARE of the figure's width, measured; else
    the first few, …, the last (d = 64: 1, 1.33, 1.78, …, 7498.94), as many first ones as fit."""
    from matplotlib.text import Text

    fig, n = ax.figure, len(data.denominators)
    renderer, sep = fig.canvas.get_renderer(), (", " if look.lang == "en" else "、")
    for first in (n, 3, 2, 1):
        shown = [_den(data, i) for i in range(min(first, n))] + (["…", _den(data, n - 1)] if first < n - 1 else
                                                                [_den(data, i) for i in range(first, n)])
        setup.set_text(look.t(STRINGS, "setup", d=data.d_model, b=base_text(data.base), n=len(data.starts),
                              dens=sep.join(shown), shared=_shared_text(data, look)))
        if Text.get_window_extent(setup, renderer).width * 72 / fig.dpi <= SETUP_SHARE * fig.get_figwidth() * 72:
            return


def mark_boxes(ax, pad_pt: float = 4.0) -> list:
    """Display boxes around every drawn marker of the axes: direct labels keep off the marks."""
    px = pad_pt * ax.figure.dpi / 72
    boxes = []
    for line in ax.lines:
        if line.get_marker() in (None, "None", "none", ""):
            continue
        for x, y in ax.transData.transform(np.column_stack(line.get_data())):
            boxes.append((x - px, y - px, x + px, y + px))
    return boxes


RING_OFFSETS = (  # into the band above d/2: k = 0's value straight above its point, the example gap's to the
    ((-4, 22, "left", "bottom"), (0, 26, "center", "bottom"), (10, 22, "left", "bottom")),  # right, lower,
    ((20, 20, "left", "bottom"), (28, 18, "left", "bottom"), (36, 22, "left", "bottom")),  # so the arrows
)  # part at once and never cross


CORNER = {"left": 0.0, "bottom": 0.0, "center": 0.5, "baseline": 0.0, "right": 1.0, "top": 1.0}


def with_leader(ax, segments, label, xy) -> tuple:
    """`segments` and the arrow from `label` (the point of its box where the arrow starts) onto the point xy,
    as one more line: a label placed later must not touch another label's arrow."""
    box = label.get_window_extent(ax.figure.canvas.get_renderer())
    P, Q, owner = segments
    rx, ry = label._arrow_relpos
    start = (box.x0 + rx * box.width, box.y0 + ry * box.height)
    first = (int(owner.max()) + 1) if len(owner) else 0
    return (np.concatenate([P, [start]]), np.concatenate([Q, [ax.transData.transform(xy)]]),
            np.concatenate([owner, [first]]))


def label_directly(ax, data, handles, look: Look) -> None:
    """Each mark's name beside it, once laid out: the curve at its last trough, each start at its last
    mark, the pointers' values beside them; clear of the curve and of every mark."""
    pal = look.palette
    placed = mark_boxes(ax)
    (curve, curve_text), starts, rings = handles[0], handles[1:-2], handles[-2:]
    # the starts' marks named together in one row, in the empty band above the curve's later swings: the
    # point is that the four kinds of mark share one curve, so their key reads as one group
    key = ax.legend([line for line, _ in starts], [text for _, text in starts], loc="upper right",
                    ncol=len(starts), frameon=False, fontsize=10, handletextpad=0.3, columnspacing=1.4,
                    borderaxespad=0.2)
    box = key.get_window_extent(ax.figure.canvas.get_renderer())
    placed.append((box.x0, box.y0, box.x1, box.y1))
    segments = with_grid(ax, drawn_segments(ax))
    for (xy, text), offsets in zip(rings, RING_OFFSETS):  # the two worked values, each with an arrow onto its point
        label = place_at(ax, text, around(xy, offsets + LEADER_OFFSETS), placed, pad=1.0, segments=segments,
                         overlap_weight=10, color=pal.muted, fontsize=10, arrowprops=dict(arrowstyle="-|>", color=pal.muted, lw=0.9,
                                                                       mutation_scale=8, shrinkA=1, shrinkB=6))
        # the arrow leaves from the label's corner nearest the point, not across its own text's middle, and
        # the next value's label keeps off it
        label._arrow_relpos = (CORNER[label.get_ha()], CORNER[label.get_va()])
        segments = with_leader(ax, segments, label, xy)
    half = len(data.closed_form) // 2  # the curve named at its last trough first, then anywhere along it
    trough = int(np.argmin(data.closed_form[half:])) + half
    along = [trough] + list(range(len(data.gaps) - 1, 0, -max(1, len(data.gaps) // 12)))
    spots = [spot for k in along for spot in around((data.gaps[k], data.closed_form[k]), LABEL_OFFSETS)]
    place_at(ax, curve_text, spots, placed, pad=1.0, color=pal.ok, fontsize=10)


def make(data, look: Look):
    fig, plot = new_figure(7.2, 4.2)
    handles = draw_plot(plot, data, look)
    fig.get_layout_engine().execute(fig)  # the axes' final place: the labels are placed against it
    label_directly(plot, data, handles, look)
    return fig
