"""Where param_count_sizes' labels go, measured once the figure is laid out (seed 004 §4.6, the four
GPT-2 sizes and a model of the reader's own): the size under each bar on as few lines as its column
leaves room for, and the three labels of a bar (the tied count inside it, the untied total above its
cap, the head's share beside the cap) moved only where they would cover each other or leave the axes.
"""
from __future__ import annotations

TICK_GAP_PT = 6.0  # between the sizes written under neighbouring bars
MIN_TICK_PT = 7.0  # a size under its bar never prints smaller (the figure gate's minimum is 6.5)
AIR_PT = 1.5  # between two labels of one bar stacked on each other
MIN_INSIDE_PT = 8.0  # a tied count set smaller than this to fit inside its bar goes above it instead


def _extent(fig, text):
    """A text's box in points from the figure's bottom left."""
    from matplotlib.text import Text

    b = Text.get_window_extent(text, fig.canvas.get_renderer())
    s = 72 / fig.dpi
    return b.x0 * s, b.y0 * s, b.x1 * s, b.y1 * s


def _meet(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def fit_size_ticks(ax, tall_ticks: list[str]) -> None:
    """The sizes under the bars fit their columns: each on its three lines if they fit, else with
    layers and heads on lines of their own (`tall_ticks`), else that set smaller, never under MIN_TICK_PT."""
    fig = ax.figure
    fig.get_layout_engine().execute(fig)
    x0, x1 = ax.get_xlim()
    column = ax.get_window_extent().width * 72 / fig.dpi / (x1 - x0) - TICK_GAP_PT  # points a bar's size may take
    labels = ax.get_xticklabels()
    if max(_extent(fig, t)[2] - _extent(fig, t)[0] for t in labels) <= column:
        return
    for label, text in zip(labels, tall_ticks):
        label.set_text(text)
    widest = max(_extent(fig, t)[2] - _extent(fig, t)[0] for t in labels)
    if widest > column:
        size = max(MIN_TICK_PT, labels[0].get_fontsize() * column / widest)
        for label in labels:
            label.set_fontsize(size)
    ax.set_xticks(ax.get_xticks(), [t.get_text() for t in labels], fontsize=labels[0].get_fontsize())


def place_bar_labels(ax, bars, outside_colour: str) -> None:
    """bars: per bar (x, half its width, its cap, tied label, untied label, share label), the labels
    annotations in offset points, drawn where the defaults put them. A tied count too wide for its bar is
    set smaller, down to MIN_INSIDE_PT; too tall or still too wide, it goes above the cap (in
    `outside_colour`), the untied total above it. A share that would touch either moves under the cap
    beside the bar or, when the bar is too short for that, on top of them; so does a share reaching a neighbouring
    bar's labels (short bars beside a much taller one)."""
    fig = ax.figure
    fig.get_layout_engine().execute(fig)
    bottom = ax.get_window_extent().y0 * 72 / fig.dpi  # the axis line, in points
    placed = []  # per bar: where its share goes on top of its labels, if a neighbour's labels are in the way
    for x, half, cap, t, u, p in bars:
        stack = 0.0
        tb, size = _extent(fig, t), t.get_fontsize()
        across = 2 * half * ax.get_window_extent().width * 72 / fig.dpi / (ax.get_xlim()[1] - ax.get_xlim()[0])
        if tb[2] - tb[0] > across - 2 * AIR_PT:  # wider than its bar: smaller, down to MIN_INSIDE_PT
            t.set_fontsize(max(MIN_INSIDE_PT, t.get_fontsize() * (across - 2 * AIR_PT) / (tb[2] - tb[0])))
            tb = _extent(fig, t)
        if tb[1] < bottom + AIR_PT or tb[2] - tb[0] > across - 2 * AIR_PT + 0.5:  # taller or wider than its bar: above the cap
            t.xy, t.xyann = (x, cap), (0, AIR_PT)
            t.set_va("bottom")
            t.set_fontsize(size)
            t.set_color(outside_colour)
            tb = _extent(fig, t)
            stack = tb[3] - tb[1] + AIR_PT
            u.xyann = (0, stack + AIR_PT)
        ub = _extent(fig, u)
        placed.append((x, cap, stack, ub, p))
        if not (_meet(_extent(fig, p), ub) or _meet(_extent(fig, p), tb)):
            continue
        p.xy, p.xyann = (p.xy[0], cap), (0, -AIR_PT)
        p.set_va("top")
        room = (ax.transData.transform((0, cap))[1] - ax.transData.transform((0, 0))[1]) * 72 / fig.dpi
        pb = _extent(fig, p)
        if pb[1] < bottom or room < pb[3] - pb[1] + 2 * AIR_PT:  # no room under the cap (in any final layout):
            # on top of the bar's other labels
            p.xy, p.xyann = (x, cap), (0, stack + (ub[3] - ub[1]) + 2 * AIR_PT)
            p.set_ha("center")
            p.set_va("bottom")
    for k, (x, cap, stack, ub, p) in enumerate(placed):  # a share beside a short bar reaching the next bar's labels
        others = [_extent(fig, label) for j, bar in enumerate(bars) if j != k for label in bar[3:]]
        if any(_meet(_extent(fig, p), o) for o in others):
            p.xy, p.xyann = (x, cap), (0, stack + (ub[3] - ub[1]) + 2 * AIR_PT)
            p.set_ha("center")
            p.set_va("bottom")
