"""loss_curves: 300 real training steps of one 6-layer network from three starts (seed 004 §4.2,
"互動②：那 loss 會怎樣？（瀏覽器裡真的訓練 300 步）").

Top: the loss per step for s = 0.3, s = 3.0 and s = 3.0 + LayerNorm (the steps, the depth, both gains and
the seed are parameters: studio.catalogue.accepts.training); below: the mean |∂L/∂W| of
each layer at step 0, before any update (the record's grad_mean_abs[:, 0]), the reason behind each curve:
the runs part there by orders of magnitude (a layer-1 gradient per step would end with the stuck and the
learning run equally small, both near 10⁻⁶, and hide it). Each panel has one log scale over the values of the
runs that stay finite (and a diverging run's first value, if within RANGE_DECADES of them): a diverging
run's few finite values are its markers joined by its dash, leaving the scale at its top edge, where an arrow
marks it; its one note, in its colour and set a little right of the arrow with nothing between them, names its
first value (the dot), the value at the arrow (off the scale) and the step from which its values are NaN (or
inf); the caption gives them too: NaN is no value, so no curve is plotted for it. The title is the claim the runs bear
out (else the neutral "same network, three runs" line); the set-up, the optimiser and learning rate (the record's lr)
that decide the divergence are the caption's. One title (that claim) and one subtitle (the set-up in short) head
both panels, lettered (a) and (b); each run is told apart by colour, line style and marker, one encoding per run in
both panels (MARK_MS; in (a) a marker every MARK_EVERY steps), keyed above (a) and named on its line in (b); the notes are (a)'s: the
diverging run's, and a stuck run's level named on its line (0.222, the loss of always predicting 0: baseline_loss);
why the runs differ (b) is a sentence of the caption, as is a learning run's first and last loss. The loss axis ends
just under the lowest value (no empty decade). Its text is TEXT_PT. The training set-up (width 24,
GELU, N(0, 1/24) weights shared by the runs, 64 samples, target sin(u·x), full-batch gradient descent with lr 0.1,
float32, torch seed 0) is engine.training.loss_curves, exported with the numbers (`setup`, `seed`, `lr`); caption() gives it whole."""
from __future__ import annotations

import numpy as np
from matplotlib.ticker import NullFormatter
from matplotlib.transforms import Bbox, offset_copy

from figures.parts_type import BODY_PT, TITLE_PT
from figures.common import math_powers, new_figure, place_at, titled
from figures.parts_loss_curves_text import STRINGS
from figures.placing import drawn_segments, with_grid
from figures.parts_loss_label_spots import along as _along, on_line
from figures.parts_loss_scale import dotted_in_a as _dotted_in_a, inside, leaves_from
from look import Look, fmt_num
from look.palette import GROWS_ROLE, LAYERNORM_ROLE, LINE_MARKERS, LINE_STYLES, SHRINKS_ROLE

COLOUR_ROLES = ("ink", "muted", "background", "panel", "accent", "shrinks", "grows")  # the look.palette.ROLES it draws
MEANINGS = ("layernorm", "shrinks", "grows")  # look.palette.MEANINGS it draws

DECIMALS = {"loss": "3s", "initial_loss": "3s", "final_loss": "3s", "baseline_loss": "3s", "max_finite_loss": "3s",
            "grad_mean_abs": "3s", "scales": 1, "lr": 1}

RUNS = ("shrinks", "grows", "layernorm")  # s = 0.3, s = 3.0, LayerNorm: dashes and markers (▼, ▲, ●) apart without colour
LINESTYLES, MARKERS = tuple(LINE_STYLES[k] for k in RUNS), tuple(LINE_MARKERS[k] for k in RUNS)
HEADROOM, FLOOR = 10 ** 1.5, 0.05  # the scale's room above the largest value; below the lowest, this share of the span (no empty decade)
ARROW_PT = 8  # the off-scale arrow head's size in points
MARK_MS = 6.5  # every run's marker (▼, ▲, ●), one size in both panels (points); the off-scale arrow clear of it
MARK_EVERY = 30  # (a): a long run's marker every this many steps, on its dashes
TEXT_PT = BODY_PT  # labels, ticks, notes: the set's one body size (figures.parts_type), one title over a smaller subtitle
LABEL_CLEAR = 5.0  # points of air between a run's label and any line (the diverging run's: or gridline)
TICK_AIR = 3.0  # points between the y axis and a run's label
NAME_ROOM = 1.6  # layers of room right of the last one for the runs' names in (b), at 6 layers
RANGE_DECADES = 4  # a diverging run's first value is shown on the scale if at most this far above the rest


def _styles(look: Look, data) -> list[tuple[str, object]]:
    """Each run's (colour, line style) by what it does with its gain, as in signal_decay_fig: s = 0.3 (its size
    shrinks) SHRINKS_ROLE (`shrinks`), s = 3.0 (it grows: NaN from step 2 by default) GROWS_ROLE (`grows`), the LayerNorm
    run LAYERNORM_ROLE (`accent`); ink is text and axes only. Every pair also differs by dash and by marker (MARKERS:
    ▼, ▲, ●); `cool` and `accent` share a lightness on light paper, so in greyscale those two part by dash and
    marker (tests/test_palette_lightness.py). `data` is unused: the colours do not depend on the outcome."""
    p = look.palette
    inks = (getattr(p, SHRINKS_ROLE), getattr(p, GROWS_ROLE), getattr(p, LAYERNORM_ROLE))
    return [(inks[r], ls) for r, ls in enumerate(LINESTYLES)]


def _s_text(s: float, field: str = "scales") -> str:
    """A gain (or the learning rate) as the figure writes it: one decimal (0.3, 3.0), or as many as it
    has (0.05): never rounded."""
    s = float(s)
    return fmt_num(s, DECIMALS[field]) if round(s, 1) == s else f"{s:g}"


def _run(data, r: int, look: Look) -> str:
    key = "label_ln" if data.layer_norm[r] else "label_plain"
    return look.t(STRINGS, key, s=_s_text(data.scales[r]))


def answers_zero(data, r: int) -> bool:
    """Whether run r's loss, as shown, is the loss of always answering 0 (½·mean(t²))."""
    return fmt_num(data.initial_loss[r], DECIMALS["initial_loss"]) == fmt_num(data.baseline_loss,
                                                                              DECIMALS["baseline_loss"])


def sane_range(values, data) -> tuple[float, float]:
    """The smallest and largest value the axis must show: every finite value of the runs that do not
    diverge, and a diverging run's first value if it lies within RANGE_DECADES above them; what is larger
    is drawn as an arrow at the top edge with its value in the label, not on a scale that mixes decades."""
    calm = [r for r in range(len(data.labels)) if data.status[r] != "diverged"]
    pool = values[calm] if calm else values
    useful = pool[np.isfinite(pool) & (pool > 0)]
    lo, hi = (float(useful.min()), float(useful.max())) if useful.size else (1e-3, 1.0)
    for r in range(len(data.labels)):
        first = values[r][0]
        if data.status[r] == "diverged" and np.isfinite(first) and hi < first <= hi * 10 ** RANGE_DECADES:
            hi = float(first)
    return lo, hi


def log_limits(lo: float, hi: float) -> tuple[float, float]:
    """The loss axis's (bottom, top) in decades: FLOOR of the span (≥ 0.3 decade) under lo for its label, HEADROOM
    over hi; the depth page's training chart shares them (studio.publish.pages.widgets_training.loss_axis)."""
    return float(np.log10(lo)) - max(0.3, FLOOR * float(np.log10(hi / lo))), float(np.log10(hi * HEADROOM))


def _draw_series(ax, values, data, look: Look) -> None:
    """Curves on one log scale (cut where they leave it), and a vertical line at the step where a run's
    values stop being finite."""
    steps = np.arange(data.steps)
    ax.set_yscale("log")
    ax.set_ylim(*(10 ** d for d in log_limits(*sane_range(values, data))))
    ax.yaxis.set_minor_formatter(NullFormatter())  # decades only: 2×10⁴, 3×10⁴ … would collide
    ax.grid(True, which="major", axis="y")
    ax.set_xlim(-6, data.steps + 6)
    styles = _styles(look, data)
    for r, (colour, ls) in enumerate(styles):
        v = values[r]
        ok = np.isfinite(v) & (v > 0)
        xs, ys = inside(steps, v, *ax.get_ylim())
        lo_, hi_ = ax.get_ylim()
        start = leaves_from(steps, v, lo_, hi_) if data.status[r] == "diverged" else None
        breaks = np.flatnonzero(np.isnan(xs))
        for px, py in zip(np.split(xs, breaks), np.split(ys, breaks)):  # one line per piece: no NaN
            keep = ~np.isnan(px)
            if start is not None and keep.any() and np.isclose(py[keep][-1], hi_):  # the stretch up to the top
                keep[np.flatnonzero(keep)[-1]] = False  # edge is the arrow's, not a dotted line under it
            if keep.sum() >= 2:  # its dash and, every MARK_EVERY steps, its marker: as (b) draws the run
                ax.plot(px[keep], py[keep], color=colour, lw=2.2, ls=ls, marker=MARKERS[r], ms=MARK_MS,
                        markevery=MARK_EVERY, zorder=3)
        if _dotted_in_a(data, r):  # a run with few finite steps: its values as its markers
            dots = ok & (np.where(ok, v, 0) >= lo_) & (np.where(ok, v, 0) <= hi_)
            ax.plot(steps[dots], v[dots], ls="none", marker=MARKERS[r], ms=MARK_MS, color=colour, zorder=3)
        if data.status[r] == "diverged":  # where it leaves the scale: an arrow at the top edge, its value in
            k = int(data.first_nonfinite_step[r])  # the label beside it, which also names the step it stops at
            over = np.flatnonzero(ok[:k] & (np.where(ok, v, 0)[:k] > hi_))
            if over.size:  # an arrow out through the top edge; the run's one note (nan_note) says off scale
                tip = offset_copy(ax.transData, fig=ax.figure, y=-1.0, units="points")  # its head inside the axes
                if start is None:  # no value on the scale before it leaves: a stub below the top edge
                    base, coords, shrink = (0, -3.2 * ARROW_PT), "offset points", 0
                else:  # from its last dot on the scale to the step where it is off it (step 1 of the default
                    base, coords, shrink = start, "data", MARK_MS * 0.9  # runs): one mark, the arrow off it
                ax.annotate("", (over[0] if start is not None else over[-1], hi_), xycoords=tip, xytext=base,
                            textcoords=coords, arrowprops=dict(arrowstyle="-|>", color=colour, lw=1.6, ls=ls,  # its dash
                                                               mutation_scale=ARROW_PT * 1.2, shrinkA=shrink,
                                                               shrinkB=0), annotation_clip=False, zorder=4)


def _diverged(data, r: int, look: Look) -> tuple:
    """A diverging run's step k where its values stop being finite, what they become (NaN or inf), its finite
    values before that as text (the first, and the last finite one when the record names that step), and the
    step j of its last finite value (None when it has none)."""
    k = int(data.first_nonfinite_step[r])
    what = look.t(STRINGS, "nan" if data.first_nan_step[r] == k else "inf")
    v = data.loss[r]
    finite = np.flatnonzero(np.isfinite(v[:k]) & (v[:k] > 0))
    if not finite.size:
        return k, what, look.t(STRINGS, "nan"), None
    j = int(finite[-1])
    a, b = (fmt_num(v[i], DECIMALS["loss"]) for i in (0, j))
    named = j == int(data.last_finite_step[r])  # a step the record names (its last finite loss)
    chain = look.t(STRINGS, "chain2", a=a, b=b, j=j) if j > 0 and named else look.t(STRINGS, "chain1", a=a)
    return k, what, chain, j


def _label_look(ax, data, r: int, look: Look, open_grid: bool = True) -> dict:
    """A run's label in its line's colour, TICK_AIR points right of the y axis. With `open_grid` (the loss panel's long
    labels): no box, placed where no gridline runs through it either, so none is erased across the panel; without
    (the gradient panel's short labels at layer 1): on a paper box the width of its words."""
    box, air = ax.get_window_extent(), TICK_AIR * ax.figure.dpi / 72
    kw = {"color": _styles(look, data)[r][0], "fontsize": TEXT_PT, "zorder": 2.5,
          "frame": Bbox.from_extents(box.x0 + air, box.y0, box.x1, box.y1)}
    if open_grid:
        return {**kw, "segments": with_grid(ax, drawn_segments(ax))}
    return {**kw, "bbox": {"boxstyle": "square,pad=0.15", "facecolor": look.palette.background, "edgecolor": "none"}}


def _label_series(ax, values, data, look: Look) -> None:
    """The loss labels, once the axes have their final place: beside the curves, where no line runs."""
    steps = np.arange(data.steps)
    diverged = sorted((r for r in range(len(data.labels)) if data.status[r] == "diverged"),
                      key=lambda r: int(data.first_nonfinite_step[r]))
    placed: list = []
    for m, r in enumerate(diverged):
        k, what, chain, j = _diverged(data, r, look)
        text = look.t(STRINGS, "diverged", run=_run(data, r, look), what=what, k=k)
        if j is not None and values[r][j] > ax.get_ylim()[1]:  # its last finite value is the arrow: the note gives it
            text = look.t(STRINGS, "diverged_over", run=_run(data, r, look), what=what, k=k, j=j,
                          a=fmt_num(data.loss[r][0], DECIMALS["loss"]), b=fmt_num(data.loss[r][j], DECIMALS["loss"]))
        placed.append(nan_note(ax, data, r, k, m, len(diverged), math_powers(text), look))
    for r in range(len(data.labels)):  # a stuck run's level named on its line: the loss of always predicting 0
        if data.status[r] == "stuck" and answers_zero(data, r):
            others = [values[o] for o in range(len(data.labels)) if o != r]
            text = look.t(STRINGS, "zero_level", run=_run(data, r, look), v=fmt_num(data.baseline_loss, DECIMALS["baseline_loss"]))
            place_at(ax, text, on_line(_along(steps, values[r], others)), placed,
                     pad=LABEL_CLEAR, **_label_look(ax, data, r, look))


STRIP_DECADES = 1.25  # the top band of the loss panel that holds the diverging runs' notes, in decades
NOTE_ROOM_PT = 24.0  # points of paper between a diverging run's arrow (or its last step) and its note


def nan_note(ax, data, r: int, k: int, m: int, n_notes: int, text: str, look: Look):
    """Diverging run r's one note: its values, that the last one is off the scale (the arrow), and the step from
    which it has none (NaN or inf), in the run's colour, in the top band of the loss panel (above every finite
    value a calm run shows: they are at most sane_range's top, HEADROOM under the edge), NOTE_ROOM_PT right of
    the arrow (or of step k when it has no value above the scale), so the arrow and its note are the only marks
    in that corner; on a paper-coloured box so no gridline runs through it. Returns its display box, which the
    other labels keep off."""
    colour, _ = _styles(look, data)[r]
    lo_, hi_ = ax.get_ylim()
    top = np.log10(hi_)
    step = STRIP_DECADES / n_notes
    v = data.loss[r]
    over = np.flatnonzero(np.isfinite(v[:k]) & (v[:k] > hi_))
    x0 = float(over[-1]) if over.size else float(k)
    at = offset_copy(ax.transData, fig=ax.figure, x=NOTE_ROOM_PT, units="points")
    t = ax.text(x0, 10 ** (top - (m + 0.5) * step), text, transform=at, ha="left", va="center", fontsize=TEXT_PT,
                color=colour, zorder=4,
                bbox={"boxstyle": "square,pad=0.15", "facecolor": look.palette.background, "edgecolor": "none"})
    t.set_in_layout(False)
    box = t.get_window_extent(ax.figure.canvas.get_renderer())
    lines = [y for y in ax.get_yticks() if lo_ < y < hi_ and box.y0 < ax.transData.transform((0, y))[1] < box.y1]
    if lines and n_notes == 1:  # a gridline would run under the box: hang the note just below it instead
        t.set(y=min(lines), va="top", transform=offset_copy(at, fig=ax.figure, y=-2, units="points"), bbox=None,
              linespacing=1.05)
        box = t.get_window_extent(ax.figure.canvas.get_renderer())
    return (box.x0, box.y0, box.x1, box.y1)


def _draw_layers(ax, data, look: Look) -> np.ndarray:
    """The reason: each run's mean |∂L/∂W| of every layer at step 0 (the record's grad_mean_abs[:, 0]), on one
    log scale; the runs already differ there by orders of magnitude, before any update."""
    g0 = data.grad_mean_abs[:, 0, :]  # (runs, layers)
    layers = np.arange(1, data.n_layers + 1)
    ok = np.isfinite(g0) & (g0 > 0)
    lo, hi = (float(g0[ok].min()), float(g0[ok].max())) if ok.any() else (1e-3, 1.0)
    ax.set_yscale("log")
    span = np.log10(hi) - np.log10(lo)
    pad = max(0.35, 0.04 * span)  # decades: the markers and a label at layer 1 inside, no empty band above or below
    ax.set_ylim(10 ** (np.log10(lo) - pad), 10 ** (np.log10(hi) + pad))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.grid(True, which="major", axis="y")
    ax.set_xlim(0.7, data.n_layers + 0.3 + NAME_ROOM * data.n_layers / 6)  # right of the last layer: the runs' names
    ticks = list(layers if data.n_layers <= 12 else layers[::max(1, data.n_layers // 8)])
    if ticks[-1] != data.n_layers:
        ticks.append(data.n_layers)
    ax.set_xticks(ticks, [str(t) for t in ticks])  # the x label names the last one the readout
    ax.spines["bottom"].set_bounds(layers[0], data.n_layers)  # the axis ends at the last layer; past it only names
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    for r, (colour, ls) in enumerate(_styles(look, data)):
        keep = ok[r]
        ax.plot(layers[keep], g0[r][keep], color=colour, lw=2.2, ls=ls, marker=MARKERS[r], ms=MARK_MS, zorder=3)
    return g0


def _layer_key(g0, status, r: int) -> str:
    """A run's gradient label: "too small (large) at every layer" only when each of its layers lies below
    (above) the same layer of every run that learns (of every other run, if none learns); the lines are
    flat across depth, so the words name a level, not a trend with depth."""
    others = [o for o in range(len(status)) if o != r and status[o] not in ("stuck", "diverged")]
    rest = g0[others or [o for o in range(len(status)) if o != r]]  # (runs, layers)
    with np.errstate(invalid="ignore"):
        if status[r] == "stuck" and np.all(g0[r] < rest.min(axis=0)):
            return "gstuck"
        if status[r] == "diverged" and np.all(g0[r] > rest.max(axis=0)):
            return "gdiverged"
    return "glearns"


def caption(data, look: Look) -> str:
    """The set-up every number of the figure depends on, then what the one-line labels leave out: a diverging
    run's values (off the scale), what a stuck run's loss is, a learning run's first and last loss."""
    text = look.t(STRINGS, "panels") + look.t(STRINGS, "caption", steps=data.steps, w=data.width, n=data.n_samples,
                                              lr=_s_text(data.lr, "lr"), seed=data.seed, L=data.n_layers, h=data.n_layers - 1)
    for r in range(len(data.labels)):
        run = _run(data, r, look)
        if data.status[r] == "diverged":
            k, what, chain, _ = _diverged(data, r, look)
            text += look.t(STRINGS, "c_diverged", run=run, chain=chain, what=what, k=k)
        elif data.status[r] == "stuck" and answers_zero(data, r):
            text += look.t(STRINGS, "c_zero", v=fmt_num(data.initial_loss[r], DECIMALS["initial_loss"]))
        elif data.status[r] == "decreasing":
            text += look.t(STRINGS, "c_learns", run=run, a=fmt_num(data.initial_loss[r], DECIMALS["initial_loss"]),
                           b=fmt_num(data.final_loss[r], DECIMALS["final_loss"]), k=data.steps - 1, n=data.n_samples)
    claim = grad_claim(data, look).replace("\n", " ")  # why (b) differs: a sentence of the caption, not a note in (b)
    return text + (" " if look.lang == "en" else "") + (claim[:1].upper() + claim[1:] + "." if look.lang == "en" and claim
                                                         else claim + ("。" if claim else ""))


def claim_title(data, look: Look) -> str:
    """The loss panel's claim, when the runs bear it out: the LayerNorm run learns while every run without it
    ends in NaN (or inf) or is stuck ("(a) LayerNorm lets s = 3.0 train; without, s = 3.0 ends in NaN,
    s = 0.3 is stuck"); else "" (the neutral set-up line is the title)."""
    ln = [r for r in range(len(data.labels)) if data.layer_norm[r]]
    plain = [r for r in range(len(data.labels)) if not data.layer_norm[r]]
    if len(ln) != 1 or data.status[ln[0]] != "decreasing" or not plain or \
            any(data.status[r] not in ("diverged", "stuck") for r in plain):
        return ""
    plain.sort(key=lambda r: data.status[r] != "diverged")  # the run LayerNorm rescues first

    def fail(r: int) -> str:
        key = "fail_stuck" if data.status[r] == "stuck" else "fail_nan" if data.first_nan_step[r] >= 0 else "fail_inf"
        return look.t(STRINGS, key, s=_s_text(data.scales[r]))

    return look.t(STRINGS, "claim", s=_s_text(data.scales[ln[0]]),
                  fails=look.t(STRINGS, "fail_sep").join(fail(r) for r in plain))


def grad_claim(data, look: Look) -> str:
    """The gradient panel's finding, when its labels bear it out: one run "too large at every layer", one "too
    small", the rest between ("Why: before any update, the gradients of s = 3.0 are too large, those of
    s = 0.3 too small"); else "" (the neutral title)."""
    g0 = np.asarray(data.grad_mean_abs)[:, 0, :]
    keys = [_layer_key(g0, data.status, r) for r in range(len(data.labels))]
    if sorted(keys) != ["gdiverged", "glearns", "gstuck"]:
        return ""
    return look.t(STRINGS, "gclaim", lr=_s_text(data.lr, "lr"), big=_s_text(data.scales[keys.index("gdiverged")]),
                  small=_s_text(data.scales[keys.index("gstuck")]))


def _legend(ax, data, look: Look) -> None:
    """The key above panel (a), right of its letter: each run's colour, dash and marker with its name, so the dotted
    s = 3.0 line (a few dots and an arrow in (a)) is met here before (b) draws it whole."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=c, ls=ls, lw=2.2, marker=MARKERS[r], ms=MARK_MS)
               for r, (c, ls) in enumerate(_styles(look, data))]  # one encoding per run: (a) and (b) draw it so
    names = [_run(data, r, look) for r in range(len(data.labels))]
    ax.legend(handles, names, loc="lower right", bbox_to_anchor=(1.0, 1.0), ncol=len(names), frameon=False,
              fontsize=TEXT_PT, handlelength=2.6, columnspacing=1.2, borderaxespad=0.2, labelcolor="linecolor")


def _label_layers(ax, data, look: Look) -> None:
    """Panel (b): each run named on its line (its colour, the key's name), and its one note, the finding, where no
    line runs (none when the runs do not bear it out)."""
    g0 = np.asarray(data.grad_mean_abs)[:, 0, :]
    layers = np.arange(1, data.n_layers + 1)
    placed: list = []
    for r in range(len(data.labels)):  # right of its last layer, where the panel keeps room (_draw_layers' x range)
        ok = np.flatnonzero(np.isfinite(g0[r]) & (g0[r] > 0))
        if not ok.size:
            continue
        end = (float(layers[ok[-1]]), float(g0[r][ok[-1]]))
        spots = [(end, (8, dy), "left", "center", "data") for dy in (0, 6, -6, 12, -12)]
        spots += _along(layers, g0[r], [g0[o] for o in range(len(data.labels)) if o != r])
        name = _run(data, r, look).replace(" + ", " +\n")  # s = 3.0 +, LayerNorm under it: within the room
        place_at(ax, name, spots, placed, pad=LABEL_CLEAR, multialignment="left",
                 **_label_look(ax, data, r, look, open_grid=False))


def make(data, look: Look):
    """One title (the claim the runs bear out, else the neutral line) and one subtitle (the set-up in short) over two
    lettered panels: (a) the loss per step, its key above it and one note, the diverging run's; (b) each layer's
    gradient at step 0, each run named on its line, and one note, why."""
    fig, axes = new_figure(7.2, 6.0, nrows=2, height_ratios=[1.1, 1])  # the loss above its reason; not square: TEXT_PT
    head = claim_title(data, look) or look.t(STRINGS, "title", L=data.n_layers, steps=data.steps)
    sub = look.t(STRINGS, "runs_line", L=data.n_layers, w=data.width, lr=_s_text(data.lr, "lr"), seed=data.seed)
    titled(fig, head + "\n" + sub, look, x=0.01, ha="left", fontsize=TITLE_PT)  # the rest of the set-up: the caption's
    for ax, kind in ((axes[0], "loss"), (axes[1], "grad")):
        ax.set_xlabel(look.t(STRINGS, "xlabel" if kind == "loss" else "gxlabel", k=data.n_layers), fontsize=TEXT_PT)
        ax.set_ylabel(look.t(STRINGS, "ylabel" if kind == "loss" else "gylabel"), fontsize=TEXT_PT)
        ax.tick_params(labelsize=TEXT_PT)
        ax.set_title("(a)" if kind == "loss" else "(b)", loc="left", fontsize=TEXT_PT, fontweight="bold", pad=10)
    _draw_series(axes[0], data.loss, data, look)
    _legend(axes[0], data, look)
    _draw_layers(axes[1], data, look)
    fig.get_layout_engine().execute(fig)  # the axes' final places: the labels are placed against them
    _label_series(axes[0], data.loss, data, look)
    _label_layers(axes[1], data, look)
    return fig
