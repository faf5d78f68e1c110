"""pe_dot_distance: the dot product of two encodings keeps only their gap (seed 002 §05, 图 7).

PE(p) · PE(p + k) computed from the encoding rows for several starting seats p, drawn on top of each
other and on the curve Σ cos(k / D_i): one curve, whatever p. d_model = 8 as in seed 002 §04 (its
printed k = 0 and k = 1 values, 4 and 3.5353, need d = 8), stated under the title. The four-step
derivation (product to sum, the (2p + k) terms cancel), the worked values at k = 0 and k = 1 and how
the marks are plotted are text: caption() writes them into numbers.json for the note.

Any width and base (studio.catalogue.accepts.clock): the scale follows d/2 and the curve's lowest point;
the starts' marks are named together in one row above the curve's later swings (four kinds of mark,
one curve), the curve and the pointers at k = 0 and the example gap beside them, clear of the curve
and of the other marks; beyond 4 pairs the worked example writes the first two terms, …, the last.
"""
from __future__ import annotations

import numpy as np

from figures.common import LABEL_OFFSETS, around, base_text, new_figure, place_at
from figures.placing import LEADER_OFFSETS, drawn_segments, with_grid
from look import Look, fmt_int, fmt_num

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

STRINGS = {
    "en": {
        "title": r"$PE(p)\cdot PE(p+k)$ depends only on the gap $k$",
        "setup": ("d = {d}, base {b}, $D_i = {b}^{{2i/d}}$ = {dens}\n{n} starts p, one curve; at k = {shared} all {n} marks "
                  "sit on one point"),
        "gap": "gap k between positions p and p + k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0: {v0} = d/2",
        "ringk": "k = {k}: {vk}",
        "derivation": "Why (dimension pair i, with a = p/Dᵢ and b = (p+k)/Dᵢ):",
        "s1": "write the dot product pair by pair",
        "s2": "product to sum",
        "s3": "add: the cos(a+b) terms, a+b = (2p+k)/Dᵢ, cancel",
        "s4": "b − a = k/Dᵢ: p is gone, only the gap k is left",
        "example": "k = {k}:  {terms}  =  {value}",
        "k0": "k = 0:  Σᵢ cos 0 = {value} = d/2",
        "method": ("The marks are computed from the rows of the d = {d} encoding table, for the starting "
                   "positions p = {starts}; the starts take turns along k, so no mark hides another, except at k = {shared}, where all "
                   "the starts are drawn and their marks coincide; every mark lies on the curve Σᵢ cos(k/Dᵢ)."),
    },
    "zh-Hant": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取決於相隔幾步 $k$",
        "setup": "d = {d}，底數 {b}，$D_i = {b}^{{2i/d}}$ = {dens}\n{n} 個起點 p，同一條曲線；在 k = {shared}，{n} 個記號疊在同一點",
        "gap": "位置 p 與 p + k 相隔 k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0：{v0} = d/2",
        "ringk": "k = {k}：{vk}",
        "derivation": "為什麼（第 i 組，記 a = p/Dᵢ，b = (p+k)/Dᵢ）：",
        "s1": "逐組寫出點積",
        "s2": "積化和差",
        "s3": "相加：cos(a+b) 項互相抵消，a+b = (2p+k)/Dᵢ",
        "s4": "b − a = k/Dᵢ：p 消失了，只剩相隔 k",
        "example": "k = {k}：  {terms}  =  {value}",
        "k0": "k = 0：  Σᵢ cos 0 = {value} = d/2",
        "method": ("圖中的點由 d = {d} 的編碼表逐列算出，起始位置 p = {starts}；各起點沿著 k 輪流畫，"
                   "記號不會互相遮住；只有 k = {shared} 畫出所有起點，記號重合。每個點都落在曲線 Σᵢ cos(k/Dᵢ) 上。"),
    },
    "zh-Hans": {
        "title": r"$PE(p)\cdot PE(p+k)$ 只取决于相隔几步 $k$",
        "setup": "d = {d}，底数 {b}，$D_i = {b}^{{2i/d}}$ = {dens}\n{n} 个起点 p，同一条曲线；在 k = {shared}，{n} 个记号叠在同一点",
        "gap": "位置 p 与 p + k 相隔 k",
        "dot": r"$PE(p)\cdot PE(p+k)$",
        "curve": r"$\Sigma_i \cos(k/D_i)$",
        "start": "p = {p}",
        "ring0": "k = 0：{v0} = d/2",
        "ringk": "k = {k}：{vk}",
        "derivation": "为什么（第 i 组，记 a = p/Dᵢ，b = (p+k)/Dᵢ）：",
        "s1": "逐组写出点积",
        "s2": "积化和差",
        "s3": "相加：cos(a+b) 项互相抵消，a+b = (2p+k)/Dᵢ",
        "s4": "b − a = k/Dᵢ：p 消失了，只剩相隔 k",
        "example": "k = {k}：  {terms}  =  {value}",
        "k0": "k = 0：  Σᵢ cos 0 = {value} = d/2",
        "method": ("图中的点由 d = {d} 的编码表逐行算出，起始位置 p = {starts}；各起点沿着 k 轮流画，"
                   "记号不会互相遮住；只有 k = {shared} 画出所有起点，记号重合。每个点都落在曲线 Σᵢ cos(k/Dᵢ) 上。"),
    },
}

DECIMALS = {"dots": 4, "closed_form": 4, "fine_closed_form": 4, "example_terms": 4, "example_value": 4,
            "max_deviation": 17, "spread_over_p": 17, "denominators": 0, "base": 2}

STEPS = (  # the derivation, as the caption writes it
    "PE(p)·PE(p+k) = Σᵢ [sin a·sin b + cos a·cos b]",
    "= Σᵢ (½[cos(b−a) − cos(a+b)] + ½[cos(b−a) + cos(a+b)])",
    "= Σᵢ cos(b−a)",
    "= Σᵢ cos(k/Dᵢ)",
)
MARKERS = (("o", 7, "none"), ("s", 6, "none"), ("x", 6.5, None), ("D", 5, None))
SHARED_SIZES = (13, 9, 7, 3.5)  # at a shared gap the same marks nest: ring, square, cross, dot of a diamond



def _den(data, i: int) -> str:
    """D_i as the formula writes it: whole (1, 10, 100) or to two decimals (3.16): denominators_rounded."""
    x = float(data.denominators_rounded[i])
    return f"{x:.0f}" if x.is_integer() else repr(x)


def _value(x: float) -> str:
    """A value at 4 decimals, or whole when it is (Σ cos 0 = d/2)."""
    return fmt_int(int(x)) if float(x).is_integer() else fmt_num(x, 4)


def example_text(data, look: Look) -> str:
    """k = 1: cos(1/1) + cos(1/10) + … = 0.5403 + … = value; up to 4 terms written out, else the first
    two, …, the last (the values in the same places)."""
    k, h = data.example_gap, len(data.denominators)
    keep = list(range(h)) if h <= 4 else [0, 1, h - 1]
    terms = [f"cos({k}/{_den(data, i)})" for i in keep]
    values = [fmt_num(data.example_terms[i], 4) for i in keep]
    if h > 4:
        terms.insert(2, "…")
        values.insert(2, "…")
    return look.t(STRINGS, "example", k=k, terms=" + ".join(terms) + "  =  " + " + ".join(values),
                  value=fmt_num(data.example_value, 4))


def caption(data, look: Look) -> str:
    """For the note's text: the four-step derivation, the values at k = 0 and the example gap written
    out, and how the marks are plotted."""
    sep = "  " if look.lang == "en" else "　"
    lines = [look.t(STRINGS, "derivation")]
    lines += [f"{n}. {step}{sep}({look.t(STRINGS, f's{n}')})" if look.lang == "en"
              else f"{n}. {step}{sep}（{look.t(STRINGS, f's{n}')}）" for n, step in enumerate(STEPS, start=1)]
    lines.append(look.t(STRINGS, "k0", value=_value(data.closed_form[0])))
    lines.append(example_text(data, look))
    lines.append(look.t(STRINGS, "method", d=data.d_model, starts=", ".join(str(p) for p in data.starts),
                        shared=_shared_text(data, look)))
    return "\n".join(lines)


def shared_gaps(data) -> np.ndarray:
    """Indices of the gaps where every start's mark is drawn (a quarter of the way along, then every
    quarter): the marks there coincide, the claim seen at a glance."""
    step = max(1, len(data.gaps) // 4)
    return np.arange(step, len(data.gaps), step)


def _shared_text(data, look: Look) -> str:
    return (", " if look.lang == "en" else "、").join(str(int(data.gaps[i])) for i in shared_gaps(data))


def draw_plot(ax, data, look: Look) -> list:
    """The dots of every start on the closed form; the legend's handles go to the panel below."""
    pal = look.palette
    ax.axhline(0, color=pal.muted, linewidth=0.6, alpha=0.5)
    curve, = ax.plot(data.fine_gaps, data.fine_closed_form, color=pal.muted, linewidth=1.4, zorder=2)
    handles = [(curve, look.t(STRINGS, "curve"))]
    n = len(data.starts)  # the starts take turns along k, so no two marks sit on one another, except at
    idx = np.arange(len(data.gaps))  # the shared gaps, where every start is drawn and the marks coincide
    shared = shared_gaps(data)
    for r, p in enumerate(data.starts):
        marker, size, face = MARKERS[r % len(MARKERS)]
        kw = dict(markerfacecolor=face) if face else {}
        turn = (idx % n == r) & ~np.isin(idx, shared)  # (gaps,) this start's share of the gaps
        ax.plot(data.gaps[shared], data.dots[r][shared], linestyle="none", marker=marker, markersize=SHARED_SIZES[r % 4],
                color=pal.ink, markeredgewidth=1.1, zorder=3 + r, **kw)  # nested, so each one shows
        dots, = ax.plot(data.gaps[turn], data.dots[r][turn], linestyle="none", marker=marker, markersize=size,
                        color=pal.ink, markeredgewidth=1.2, zorder=3 + r, **kw)
        handles.append((dots, look.t(STRINGS, "start", p=p)))
    k = data.example_gap  # k = 0 and the example gap: each value named beside its point, an arrow onto it
    handles.append(((0, float(data.closed_form[0])), look.t(STRINGS, "ring0", v0=_value(data.closed_form[0]))))
    handles.append(((k, float(data.closed_form[k])), look.t(STRINGS, "ringk", k=k, vk=fmt_num(data.closed_form[k], 4))))
    d_half = data.d_model // 2
    low = min(-0.6, float(data.fine_closed_form.min()) - 0.15 * d_half)
    ax.set_ylim(low, d_half + 0.2 * d_half)
    ax.set_xlim(data.gaps[0] - 0.8, data.gaps[-1] + 0.8)
    ax.set_xlabel(look.t(STRINGS, "gap"))
    ax.set_ylabel(look.t(STRINGS, "dot"))
    ax.grid(True, axis="y")
    ax.set_title(look.t(STRINGS, "title"), loc="left", fontsize=12, pad=37)
    dens = (", " if look.lang == "en" else "、").join(_den(data, i) for i in range(len(data.denominators)))
    ax.annotate(look.t(STRINGS, "setup", d=data.d_model, b=base_text(data.base), n=len(data.starts), dens=dens,
                       shared=_shared_text(data, look)), (0, 1),
                xycoords="axes fraction", xytext=(0, 5), textcoords="offset points", ha="left", va="bottom",
                fontsize=10, color=pal.muted)  # 10: the subscript of Dᵢ prints at 7 pt
    return handles


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


RING_OFFSETS = ((24, 18, "left", "bottom"), (20, 24, "left", "bottom"), (30, 24, "left", "bottom"),
                (20, 28, "left", "bottom"))  # up into the band above the curve


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
    for xy, text in rings:  # the two worked values, each beside its own point with an arrow onto it
        label = place_at(ax, text, around(xy, RING_OFFSETS + LEADER_OFFSETS), placed, pad=1.0, segments=segments,
                         color=pal.muted, fontsize=10, arrowprops=dict(arrowstyle="-|>", color=pal.muted, lw=0.9,
                                                                       mutation_scale=8, shrinkA=1, shrinkB=6))
        # the arrow leaves from the label's corner nearest the point, not across its own text's middle, and
        # the next value's label keeps off it
        label._arrow_relpos = (CORNER[label.get_ha()], CORNER[label.get_va()])
        segments = with_leader(ax, segments, label, xy)
    half = len(data.closed_form) // 2  # the curve named at its last trough first, then anywhere along it
    trough = int(np.argmin(data.closed_form[half:])) + half
    along = [trough] + list(range(len(data.gaps) - 1, 0, -max(1, len(data.gaps) // 12)))
    spots = [spot for k in along for spot in around((data.gaps[k], data.closed_form[k]), LABEL_OFFSETS)]
    place_at(ax, curve_text, spots, placed, pad=1.0, color=pal.muted, fontsize=10)


def make(data, look: Look):
    fig, plot = new_figure(7.2, 4.2)
    handles = draw_plot(plot, data, look)
    fig.get_layout_engine().execute(fig)  # the axes' final place: the labels are placed against it
    label_directly(plot, data, handles, look)
    return fig
