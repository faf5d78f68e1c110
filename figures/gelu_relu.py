"""gelu_relu: GELU (tanh approximation) against ReLU, and the dying-ReLU drift of 24 neurons
(seed 004 §4.3, the GELU canvas and "GELU 的好處——神經元不會「死掉」").

gelu_relu: the curves on the page's range −3.2 … 3.2 (GELU dashed, so it differs from ReLU without its
hue), GELU drawn once, in the tanh approximation (the exact x·Φ(x) is within 0.00047 of it: the caption
says so), and x < 0 magnified beside them, where the dip to −0.17 is the point; the sampled values and the
approximation's error are its caption. gelu_relu_dying (make_dying, the same record): a one-line claim title
(the ReLU gradients the record's drift zeroes, and GELU's zeroed there: none; GELU's most below grad_floor at any
drift is the caption's) over one chart, the drift experiment: the
number of neurons with |gradient| < grad_floor (0.001) as the shift slides from −3.3 to 3 on the fine grid
(engine.activations.drift_floor_fine: every 0.001 and each drift where a neuron sits at GELU's minimum; ReLU's its
exactly-0 gradients, climbing to all 24 (the axis carried left past all_dead_shift, −3.25: widened), a thick line;
GELU's, in the tanh approximation its label names, a thin line at 0, its brief crossings of GELU′'s single zero
drawn at 0 (the caption says so), up only on the far-left tail), each named beside it on a paper-coloured box, no legend; a thin guide (look.palette.GUIDE) and a dot with its count
mark the title's drift, its read-out the two counts there (18 vs 0). What a GELU spike is and where the thin line
runs inside the thick one are the caption's. The neurons at that drift one by one (how many ReLU zeroes, the smallest |GELU′|), which GELU
is drawn and how far it is from the exact x·Φ(x), what a drift and the neurons are, where all ReLU neurons are
dead (past the slider), and the mean |f′(z)| at the drawn shift, are its caption. The counts and means are
engine.activations's.
Any neuron count 2–64, shift and seed (studio.catalogue.accepts.depth): the count axis and the read-outs follow
the count.
"""
from __future__ import annotations

import numpy as np

from figures.common import new_figure, titled
from figures.parts_gelu_relu_text import STRINGS
from look import Look, fmt_num
from look.palette import COMPARED, GUIDE

COLOUR_ROLES = ("ink", "muted", "background")  # the look.palette.ROLES it draws

DECIMALS = {"relu": 3, "gelu_tanh": 3, "gelu_exact": 3, "max_abs_diff_tanh_exact": 5, "gelu_min_x": 2,
            "gelu_min_y": 2, "sample_x": 1, "sample_gelu": 3, "sample_relu": 3, "sample_gelu_grad": 4, "z0": 2,
            "z": 2, "shifts": 1, "gelu_tail_edge": 2, "shown_shift": 1, "grad_floor": 3, "mean_abs_relu_grad": 2,
            "mean_abs_gelu_grad": 2, "min_abs_gelu_grad": 3, "all_dead_shift": 2, "z_loc": 0, "z_spread": 0,
            "z_limit": 1, "min_abs_gelu_grad_per_shift": "2s"}  # the smallest |GELU′| per drift: numbers file and caption


RELU_LW, GELU_LW = 3.2, 1.8  # the counts' lines (points): ReLU's thick; GELU's thin, yet its dips read in print
CURVES_RIGHT = 2.0  # the left panel's right end (x): past it the dashed GELU runs on ReLU's line (0.05 apart at 2)


def _colours(look: Look) -> dict:
    """The two functions compared (look.palette.COMPARED, the rule in look.palette.meaning_colours): ReLU grey
    (`muted`), the reference, GELU in ink, the function the figure is about; no hue, so none that means something
    elsewhere in the set (teal is the position encoding's).
    Where their counts coincide the thin GELU line drawn over the thick ReLU one still shows; they differ by their
    marks too (ReLU thick and solid, GELU thin, dashed on the curves), each labelled on its line."""
    p = look.palette
    return {name: getattr(p, role) for name, role in COMPARED.items()}


def _functions(ax, data, look: Look, lw: float = 1.0, right: float = float("inf")) -> None:
    """ReLU (grey, solid) and GELU in the tanh approximation (ink, dashed) with the axes' zero lines; the
    exact x·Φ(x) is within max_abs_diff_tanh_exact of it (0.00047), too close to draw apart: the caption says so."""
    pal, c = look.palette, _colours(look)
    ax.axhline(0, color=pal.muted, lw=0.8)
    ax.axvline(0, color=pal.muted, lw=0.8)
    keep = data.x <= right  # the lines end at the panel's edge, not beyond it under a clip
    ax.plot(data.x[keep], data.relu[keep], color=c["relu"], lw=2.2 * lw)
    ax.plot(data.x[keep], data.gelu_tanh[keep], color=c["gelu"], lw=2.8 * lw, ls=(0, (5, 2)))
    ax.plot([data.gelu_min_x], [data.gelu_min_y], "o", color=c["gelu"], ms=6 * lw)


def draw_curves(ax, zoom, data, look: Look) -> None:
    """Left: both functions on the page's range, each labelled once on its line; right: x < 0 on a y range
    about a tenth as tall, where ReLU is flat at 0 and GELU's dip to its minimum is the one thing to see."""
    pal = look.palette
    c = _colours(look)
    right = min(float(data.x[-1]), CURVES_RIGHT)  # beyond it GELU's dash lies on ReLU's line: nothing to compare
    _functions(ax, data, look, right=right)
    at = int(np.argmin(np.abs(data.x - 1.0)))  # where the lines are apart: ReLU above its line, GELU below its own
    ax.annotate(look.t(STRINGS, "relu"), (data.x[at], data.relu[at]), xytext=(-6, 4), textcoords="offset points",
                ha="right", va="bottom", fontsize=9, color=c["relu"])
    ax.annotate(look.t(STRINGS, "gelu_tanh"), (data.x[at], data.gelu_tanh[at]), xytext=(6, -4),
                textcoords="offset points", ha="left", va="top", fontsize=9, color=c["gelu"])
    ax.set_xlim(data.x[0], right)
    ax.set_ylim(-0.5, 1.05 * right)
    ax.set_xlabel(look.t(STRINGS, "xlabel"))
    ax.set_ylabel(look.t(STRINGS, "ylabel"))
    _functions(zoom, data, look)
    zoom.set_xlim(data.x[0], 0.25)
    zoom.set_ylim(1.6 * data.gelu_min_y, -0.6 * data.gelu_min_y)
    zoom.set_xlabel(look.t(STRINGS, "xlabel"))
    zoom.set_ylabel(look.t(STRINGS, "ylabel"))
    at = int(np.argmin(np.abs(data.x + 2.6)))  # far left of the dip: ReLU above its line at 0, GELU below its own
    zoom.annotate(look.t(STRINGS, "relu"), (data.x[at], 0.0), xytext=(0, 4), textcoords="offset points", ha="center",
                  va="bottom", fontsize=9, color=c["relu"])
    zoom.annotate(look.t(STRINGS, "gelu_tanh"), (data.x[at], data.gelu_tanh[at]), xytext=(0, -6),
                  textcoords="offset points", ha="center", va="top", fontsize=9, color=c["gelu"])
    zoom.set_title(look.t(STRINGS, "inset"), loc="left", fontsize=9, color=pal.muted)
    zoom.annotate(look.t(STRINGS, "min", x=fmt_num(data.gelu_min_x, 2), y=fmt_num(data.gelu_min_y, 2)),
                  (data.gelu_min_x, data.gelu_min_y), xytext=(14, -9), textcoords="offset points", ha="right",
                  va="top", fontsize=8.5, color=pal.ink)
    titled(ax.figure, look.t(STRINGS, "title_curves", y=fmt_num(data.gelu_min_y, 2)), look, x=0.01, ha="left",
           fontsize=11)


def count_ticks(n: int) -> list[int]:
    """Ticks of the count axis: 0 and every step up to n, about 4 steps (0, 6, …, 24 for 24 neurons)."""
    step = next(k for k in (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20) if n / k <= 4)
    return list(range(0, n + 1, step))


def _floor(data) -> str:
    """The gradient floor as drawn (0.001)."""
    return fmt_num(data.grad_floor, DECIMALS["grad_floor"])


def _gmin(data) -> str:
    """GELU's smallest |gradient| over the neurons at the title's drift (0.031 at −1.5), as drawn."""
    return fmt_num(data.at_shift.min_abs_gelu_grad, DECIMALS["min_abs_gelu_grad"])


def draw_counts(ax, data, look: Look) -> None:
    """The neurons with |gradient| < grad_floor at every drift of the fine grid (engine: n_relu_dead_fine, ReLU's
    exactly-0 gradients, a thick line that climbs in steps as the drift goes left, and n_gelu_below_floor_fine, a thin
    line over it: 0, its brief crossings of GELU's minimum drawn at 0, up on the far-left tail); the guide
    and the dot, with its count, mark the title's drift."""
    pal = look.palette
    c = _colours(look)
    k = int(np.argmin(np.abs(data.shifts - data.shown_shift)))
    shift = fmt_num(data.shown_shift, 1, signed=True)
    wide = widened(data)  # the drift axis reaches the drift where every ReLU neuron is dead
    ax.plot(wide.fine_shifts, wide.n_relu_dead_fine, color=c["relu"], lw=RELU_LW, zorder=6, label="ReLU")
    # GELU's neurons whose gradient is exactly 0 (engine.activations.gelu_grad on the same neurons and drifts): GELU′
    # is 0 only at its minimum, a single point, so over every interval of drift the count is 0; drawn over ReLU's line
    ax.plot(wide.fine_shifts, gelu_exact_zero(wide), color=c["gelu"], lw=GELU_LW, zorder=7, solid_joinstyle="miter",
            label="GELU")
    dead, ylo = int(data.n_relu_dead[k]), -0.1 * data.n_neurons
    # the guide from the axis up to the dot it names, under both lines; the dot over them, ringed in paper
    ax.plot([data.shown_shift, data.shown_shift], [ylo, dead], color=getattr(pal, GUIDE["role"]), lw=GUIDE["lw"],
            ls=GUIDE["ls"], zorder=4)
    ax.plot([data.shown_shift], [dead], "o", color=c["relu"], ms=7, mec=pal.background, mew=1.6, zorder=9,
            label="ReLU at the drift")
    # the read-out above right of its dot, where the steps have gone down: ReLU's count, GELU's at two cut-offs
    ax.annotate(look.t(STRINGS, "readout", dead=dead, k=int(np.sum(np.asarray(data.at_shift.gelu_grad) == 0))),
                (data.shown_shift, dead), xytext=(10, 7), textcoords="offset points", ha="left", va="bottom",
                fontsize=8.5, color=pal.ink, linespacing=1.3, bbox=dict(boxstyle="square,pad=0.15", facecolor=pal.background,
                                                       edgecolor="none"), zorder=8)
    if data.at_shift.n_gelu_below_floor == 0:  # the title's "smallest |gradient| there" case; else the count says it
        _gmin_dot(ax, data, look, 0.0)
    lo = float(wide.fine_shifts[0])
    ax.set_xlim(lo - 0.08, data.shifts[-1] + 0.08)
    whole = [float(t) for t in np.arange(np.ceil(lo), np.floor(data.shifts[-1]) + 1)]
    marks = sorted(set(whole) | {float(data.shown_shift)})  # the marked drift named on the axis under its guide
    ax.set_xticks(marks, [fmt_num(t, 1) if t == float(data.shown_shift) and t not in whole
                          else fmt_num(t, 0) for t in marks])
    ax.set_ylim(ylo, data.n_neurons + 0.5)  # 0 sits above the axis line
    ax.set_yticks(count_ticks(data.n_neurons))
    ax.set_xlabel(look.t(STRINGS, "shift", shift=shift))
    ax.set_ylabel(look.t(STRINGS, "count", floor=_floor(data)), linespacing=1.3)
    ax.grid(True, axis="y")  # what is counted: the axis label
    _count_labels(ax, wide, look)


INSTANT = 0.05  # drift: a GELU count above 0 over a narrower run is an instant (a neuron passing GELU′'s zero, <= 0.008)


def axis_start(data) -> float:
    """The drift axis's left end: the slider's −3, or further left to the tenth of drift past the record's
    all_dead_shift (−3.25: −3.3), so ReLU's staircase reaches all its neurons on the chart."""
    return float(min(data.shifts[0], np.floor(10 * data.all_dead_shift) / 10))


def widened(data):
    """The record's fine counts (engine.activations.drift_floor_fine on its neurons z0) carried left to axis_start:
    the same engine function on the same neurons and cut-off, over the drifts the slider leaves out."""
    from dataclasses import replace

    from engine.activations import drift_floor_fine

    lo, s0 = axis_start(data), float(data.shifts[0])
    if lo >= s0:
        return data
    f, gmin, below, dead, at_min = drift_floor_fine(data.z0, data.grad_floor, lo, s0)
    keep = f < s0  # the record's own grid from s0 on
    join = lambda a, b: np.concatenate([np.asarray(a)[keep], np.asarray(b)])  # noqa: E731
    return replace(data, fine_shifts=join(f, data.fine_shifts), min_abs_gelu_grad_fine=join(gmin, data.min_abs_gelu_grad_fine),
                   n_gelu_below_floor_fine=join(below, data.n_gelu_below_floor_fine),
                   n_relu_dead_fine=join(dead, data.n_relu_dead_fine),
                   gelu_min_drifts=np.union1d(at_min[at_min < s0], data.gelu_min_drifts))


def gelu_exact_zero(data) -> np.ndarray:
    """GELU's neurons whose gradient is exactly 0 at every drift of the fine grid (engine.activations.gelu_grad)."""
    from engine.activations import gelu_grad

    f = np.asarray(data.fine_shifts, float)
    return np.sum(gelu_grad(np.asarray(data.z0)[None, :] + f[:, None]) == 0, axis=1)


def gelu_instants(data) -> tuple:
    """GELU's count as drawn: the count where it holds (the far-left tail, at most its neurons past z = gelu_tail_edge), 0 across each run above 0 narrower than
    INSTANT, and the drifts inside those runs where a neuron sits at GELU′'s zero (record.gelu_min_drifts): the
    caption's brief crossings, not dead neurons."""
    f, g = np.asarray(data.fine_shifts, float), np.asarray(data.n_gelu_below_floor_fine).copy()
    edges = np.flatnonzero(np.diff(np.concatenate([[0], (g > 0).astype(int), [0]])))
    instants = []
    for a, b in zip(edges[::2], edges[1::2]):
        if f[b - 1] - f[a] < INSTANT:  # its neurons at GELU′'s zero (record.gelu_min_drifts), for an instant
            instants += [float(x) for x in data.gelu_min_drifts if f[a] <= x <= f[b - 1]]
            g[a:b] = 0
    tail = np.sum(np.asarray(data.z0)[None, :] + f[:, None] < data.gelu_tail_edge, axis=1)  # (F,) past −3.74
    return np.minimum(g, tail), instants  # a crossing on top of the tail's count is an instant too


WIDE_FLOOR = 0.05  # a looser cut-off the read-out also counts GELU at: its count depends on the cut-off, ReLU's not


def gelu_below(data, floor: float) -> int:
    """GELU's neurons with |GELU′| below `floor` at the title's drift (record.at_shift.gelu_grad: 3 below 0.05)."""
    return int(np.sum(np.abs(np.asarray(data.at_shift.gelu_grad)) < floor))


def _gmin_dot(ax, data, look: Look, y: float) -> None:
    """The title's smallest |GELU′| at its drift (record.at_shift.min_abs_gelu_grad, 0.031 at −1.5): a GELU dot on
    GELU's count there, its value above right of it with a leader, clear of every line."""
    c, pal = _colours(look)["gelu"], look.palette
    ax.plot([data.shown_shift], [y], "o", color=c, ms=6, mec=pal.background, mew=1.4, zorder=9, label="GELU at the drift")
    # no box: its text sits where no line runs, right of the guide, over GELU's 0, under ReLU's low steps
    ax.annotate(look.t(STRINGS, "gmin_dot", g=_gmin(data)), (data.shown_shift, y), xytext=(20, 19),
                textcoords="offset points", ha="left", va="bottom", fontsize=8, color=c, linespacing=1.2, zorder=8,
                arrowprops=dict(arrowstyle="-", color=c, lw=0.8, shrinkA=0, shrinkB=4))


def _count_labels(ax, data, look: Look) -> None:
    """Each count named beside it, in its own colour, on a paper-coloured box where no line runs: ReLU's right of
    its step half-way up, GELU's just above its line at the right. Which neuron a GELU count of 1 is (near
    GELU's minimum or far left), what a spike is and where the thin line runs inside the thick one are the
    caption's, not notes in the plot."""
    from figures.placing import place_at

    c = _colours(look)
    fig = ax.figure
    fig.canvas.draw()
    placed: list = []
    half = int(np.argmin(np.abs(data.n_relu_dead - data.n_neurons / 2)))
    at = (float(data.shifts[half]), float(data.n_relu_dead[half]))
    spots = [(at, (dx, dy), "left", va, "data") for dx, dy, va in
             ((12, 0, "center"), (14, 10, "bottom"), (24, 0, "center"), (36, 0, "center"), (50, 0, "center"),
              (70, 0, "center"), (40, 14, "bottom"), (60, 14, "bottom"))]
    box = dict(boxstyle="square,pad=0.2", facecolor=look.palette.background, edgecolor="none")  # over a gridline
    place_at(ax, look.t(STRINGS, "at_shift", curve=look.t(STRINGS, "curve_relu")), spots, placed, pad=3.0,
             fontsize=8.5, color=c["relu"], fontweight="bold", bbox=box)
    spots = [((float(data.shifts[-1]), 0.0), (0, dy), "right", "bottom", "data") for dy in (5, 8, 12, 18)]  # on its line
    spots += [((x, 1.0), (0, dy), "center", "bottom", "data") for x in _gelu_alone(data) for dy in (4, 8)]  # over its dips
    spots += [((float(data.shifts[-1]), 0.0), (0, dy), "right", "bottom", "data") for dy in (24, 36, 50, 64, 80, 100)]
    place_at(ax, look.t(STRINGS, "gelu_marks", curve=look.t(STRINGS, "curve_gelu")), spots, placed, pad=3.0,
             fontsize=8.5, color=c["gelu"], bbox=box)


def _gelu_alone(data) -> list:
    """Drifts where GELU's count line runs alone on 0, ReLU's well above it (at least a quarter of the neurons),
    the widest gaps between GELU's dips first: where its label sits on its own line."""
    f = np.asarray(data.fine_shifts)
    alone = (np.asarray(data.n_gelu_below_floor_fine) == 0) & (np.asarray(data.n_relu_dead_fine) >= data.n_neurons / 4)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], alone.astype(int), [0]])))
    runs = sorted(zip(edges[::2], edges[1::2]), key=lambda r: f[r[1] - 1] - f[r[0]], reverse=True)
    return [float((f[a] + f[b - 1]) / 2) for a, b in runs[:6]]


def caption(data, look: Look) -> str:
    """gelu_relu's text: the functions, the approximation's error, the minimum and the sampled values."""
    sep = "; " if look.lang == "en" else "；"
    rows = sep.join(look.t(STRINGS, "c_row", x=fmt_num(x, DECIMALS["sample_x"]), g=fmt_num(g, DECIMALS["sample_gelu"]),
                           r=fmt_num(r, DECIMALS["sample_relu"]), gg=fmt_num(gg, DECIMALS["sample_gelu_grad"]))
                    for x, g, r, gg in zip(data.sample_x, data.sample_gelu, data.sample_relu, data.sample_gelu_grad))
    return look.t(STRINGS, "c_shapes", x0=fmt_num(data.x[0], 1), x1=fmt_num(data.x[-1], 1),
                  d=fmt_num(data.max_abs_diff_tanh_exact, 5), mx=fmt_num(data.gelu_min_x, 2),
                  my=fmt_num(data.gelu_min_y, 2), rows=rows)


def caption_dying(data, look: Look) -> str:
    """gelu_relu_dying's text: what a neuron and a drift are, how the panels read, and the mean |f′(z)| at the
    drawn drift (GELU's gradients small, not absent)."""
    z = data.at_shift.z
    k = int(np.argmin(np.abs(z)))
    near = look.t(STRINGS, "c_near", z=fmt_num(z[k], 4)) if 0 < z[k] < 0.05 else ""
    at = int(np.argmin(np.abs(data.shifts - data.shown_shift)))
    mx, edge = fmt_num(data.gelu_min_x, 2), fmt_num(data.gelu_tail_edge, DECIMALS["gelu_tail_edge"])
    wide, lo = widened(data), axis_start(data)  # counted over the drawn drift axis
    f, z0 = np.asarray(wide.fine_shifts), np.asarray(data.z0)
    tail = (z0.min() + f) < data.gelu_tail_edge  # (F,) a neuron on the far-left tail below the floor
    k_min = len(wide.gelu_min_drifts)
    tail_t = (look.t(STRINGS, "c_tail", edge=edge, drifts=fmt_num(data.gelu_tail_edge - z0.min(), 2, signed=True))
              if tail.any() else look.t(STRINGS, "c_tail_none", edge=edge))
    close_t = (look.t(STRINGS, "c_close", mx=mx, k=k_min) if k_min else look.t(STRINGS, "c_close_none", mx=mx))
    return look.t(STRINGS, "c_dying", n=data.n_neurons, seed=data.seed, dead=int(data.at_shift.n_relu_dead),
                  alive=int(data.at_shift.n_relu_trainable), shift=fmt_num(data.shown_shift, 1, signed=True),
                  mx=mx, near=near, s0=fmt_num(lo, 1), s1=fmt_num(data.shifts[-1], 1),
                  ds=fmt_num(float(np.min(np.diff(f[~np.isin(f, wide.gelu_min_drifts)]))), 3),
                  gmin=fmt_num(data.at_shift.min_abs_gelu_grad, DECIMALS["min_abs_gelu_grad"]), floor=_floor(data),
                  tail=tail_t, close=close_t, gmax=int(wide.n_gelu_below_floor_fine.max()), gz=k_min, **_z_drawn(data),
                  d=fmt_num(data.max_abs_diff_tanh_exact, DECIMALS["max_abs_diff_tanh_exact"]), alldead=look.t(
                      STRINGS, "c_all_past" if data.all_dead_shift < lo else "c_all_in", n=data.n_neurons,
                      dead0=int(wide.n_relu_dead_fine[0]), s0=fmt_num(lo, 1),
                      sall=fmt_num(data.all_dead_shift, DECIMALS["all_dead_shift"])),
                  mr=fmt_num(float(data.mean_abs_relu_grad[at]), DECIMALS["mean_abs_relu_grad"]),
                  mg=fmt_num(float(data.mean_abs_gelu_grad[at]), DECIMALS["mean_abs_gelu_grad"])) + look.t(
        STRINGS, "c_marks", shift=fmt_num(data.shown_shift, 1, signed=True)) + _second_floor(data, look)


def _second_floor(data, look: Look) -> str:
    """The counts at a cut-off ten times the record's (engine.activations.drift_floor_fine on the same neurons and
    fine drift grid): GELU's most at once and at the title's drift; ReLU's the same at any cut-off."""
    from engine.activations import drift_floor_fine, neuron_drift

    floor2 = 10 * data.grad_floor
    counts = drift_floor_fine(data.z0, floor2, axis_start(data), float(data.shifts[-1]))[2]  # the drawn axis's fine grid
    at = neuron_drift(data.shown_shift, data.z0, floor2).n_gelu_below_floor
    return look.t(STRINGS, "c_floor", floor=_floor(data), floor2=fmt_num(floor2, DECIMALS["grad_floor"] - 1),
                  gmax2=int(max(counts)), at2=int(at))


def _z_drawn(data) -> dict:
    """How the neurons' inputs z were drawn (the record's normal(z_loc, z_spread), seed, clip)."""
    return dict(mu=fmt_num(data.z_loc, 0), sd=fmt_num(data.z_spread, 0), lim=fmt_num(data.z_limit, 1))


def make(data, look: Look):
    """The curves; the dying-ReLU panels are gelu_relu_dying (the same record)."""
    fig, (curves, zoom) = new_figure(7.2, 3.4, ncols=2, width_ratios=[1.1, 1])
    draw_curves(curves, zoom, data, look)
    return fig


def dying_title(data, look: Look) -> str:
    """The claim, one line: how many ReLU gradients the record's drift (the chart's guide) zeroes, and how
    many GELU gradients it zeroes there (none: GELU′ is 0 only at one point); the most GELU gradients below the
    floor at any drift is the caption's."""
    st = data.at_shift
    k = int(st.n_gelu_below_floor)  # the cut-off the count axis names, stated in the title too
    gelu = look.t(STRINGS, "title_gelu_none" if k == 0 else "title_gelu_some", k=k, floor=_floor(data),
                  gmin=_gmin(data))  # GELU's smallest |gradient| there: the robust fact, not the cut-off's count
    return look.t(STRINGS, "title_dying", dead=int(st.n_relu_dead), n=data.n_neurons,
                  s=fmt_num(data.shown_shift, 1, signed=True), gelu=gelu)


def make_dying(data, look: Look):
    """gelu_relu_dying: one claim title (the counts at the record's drift) over the counts of |gradient| below
    the floor for every drift, one chart; the smallest |GELU′| per drift (record.min_abs_gelu_grad_fine), the drifts
    that put a neuron at GELU's minimum and the neurons at the title's drift, one by one, are the caption's and the
    numbers file's."""
    fig, counts = new_figure(7.2, 4.2)
    sub = look.t(STRINGS, "sub_dying", n=data.n_neurons, seed=data.seed, floor=_floor(data), **_z_drawn(data))  # how z was drawn
    titled(fig, dying_title(data, look) + "\n" + sub, look, x=0.01, ha="left", fontsize=11)
    draw_counts(counts, data, look)
    fig.get_layout_engine().set(rect=(0.008, 0, 0.992, 1))  # the two-line count label keeps off the edge
    return fig
