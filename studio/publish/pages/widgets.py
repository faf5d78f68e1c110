"""The numbers behind the lesson pages' widgets, computed by the engine at build time.

Nearly every widget is a lookup table over its controls' whole grid: the page's script joins the
controls' values into a key and shows the strings stored under that key, so what a slider shows is
what the engine function named in each builder returned (formatted here once, with look.formats, to
the precision the scenes and figures use). Three exceptions, where a control edits freely or the grid
is too large for a table, compute in the page with a port of the engine checked against it in
Chromium: the positional page's seat-number machine (widgets_positional, static/positional.js), the
worked page's simulator (widgets_worked, static/toy.js; its numbers at the defaults come from the
engine here) and the depth page's GPT-2 calculator (widgets_depth, static/depth.js).

Each builder returns {"engine": "module:function", "keys": [...], "states": {key: {field: text}}}.
"""
from __future__ import annotations

import math

import numpy as np

from look import fmt_int, fmt_num
from look.formats import fmt_sig, superscript
from studio.catalogue.order import LESSONS, lesson_widgets
from studio.publish.pages.widgets_positional import POSITIONAL_BUILDERS, positional_predictions
from studio.publish.pages import widgets_worked
from studio.publish.pages.cells import num as _num, step as _step, vec as _vec


def _sci(x: float) -> str:
    """3 significant digits; powers of ten as ×10ⁿ for values outside 0.01 … 9999."""
    return fmt_sig(float(x), 3, plain_below=10_000)


def _bar(x: float, lo: float = -6.0, hi: float = 6.0) -> str:
    """Bar height (percent of the chart) for a value on a log10 axis from 10^lo to 10^hi."""
    v = math.log10(x) if x > 0 and math.isfinite(x) else (hi if x > 0 else lo)
    return f"{100.0 * (min(max(v, lo), hi) - lo) / (hi - lo):.2f}"


# -- worked examples: studio.publish.pages.widgets_worked (seed 003's simulator) ---------------


# -- depth and training -----------------------------------------------------------------------
def gain_opening(sd) -> int:
    """The row of sd.s_values the gain slider opens on: the signal_decay video's opening s, the
    record's first reference gain (sd.reference_s[0], 0.9), where the video holds first."""
    return int(np.argmin(np.abs(sd.s_values - float(sd.reference_s[0]))))


def gain_widget() -> dict:
    """Gain slider s = 0.5 … 2.0: the 30-layer RMS without and with LayerNorm (signal_decay)."""
    from engine.signal import signal_decay

    sd = signal_decay()
    every = np.concatenate([sd.rms_plain.ravel(), sd.rms_ln.ravel()])  # the axis spans every value shown
    lo, hi = math.floor(math.log10(every.min())), math.ceil(math.log10(every.max()))
    states = {}
    for k, s in enumerate(sd.s_values):
        state = {"s": fmt_num(s, 2), "valuetext": "s = " + fmt_num(s, 2),
                 "last_plain": _sci(sd.rms_plain[k, -1]), "last_ln": _sci(sd.rms_ln[k, -1])}
        for layer in range(sd.n_layers + 1):
            state[f"p{layer}"] = _bar(sd.rms_plain[k, layer], lo, hi)
            state[f"l{layer}"] = _bar(sd.rms_ln[k, layer], lo, hi)
        states[str(k)] = state
    start = gain_opening(sd)
    step = max(1, math.ceil((hi - lo) / 4))  # a dashed line every few decades, 10^lo and 10^hi among them
    ticks = [("10" + superscript(e), _bar(10.0 ** e, lo, hi)) for e in range(hi, lo - 1, -step)][::-1]
    # labelled: only the two ends and 1 (where LayerNorm holds the signal), so no two labels touch at any size
    labels = [(lab if e else "1", at) for (lab, at), e in zip(ticks, range(lo, hi + 1, step)) if e in (lo, 0, hi)]
    return {"engine": "engine.signal:signal_decay", "keys": [str(k) for k in range(len(sd.s_values))],
            "states": states, "max": len(sd.s_values) - 1, "start": start, "layers": sd.n_layers, "ticks": ticks,
            "labels": labels,
            "axis": {"lo": "10" + superscript(lo), "hi": "10" + superscript(hi)}, "live": gain_live(sd, lo, hi)}




def gain_live(sd, lo: int, hi: int) -> dict:
    """What static/gain.js needs to run signal_decay's stack itself at any s in [s_min, s_max]: the record's
    input x0 (d,) and its 30 matrices W (L, d, d, flattened row by row) at full precision, LayerNorm's eps, the
    chart's log axis (decades lo … hi, the bars' own) and the slider's grid s (the widget's one s control is the table's slider).
    gain.js computes x ← (s·W_l) x, then LayerNorm or not, and the RMS after each layer, as
    engine.signal.signal_rms does (a browser test compares the two at several s)."""
    return {"x0": [float(v) for v in sd.x0], "w": [float(v) for v in np.asarray(sd.weights).ravel()],
            "d": int(sd.d), "layers": int(sd.n_layers), "eps": float(sd.eps), "seed": int(sd.seed),
            "lo": lo, "hi": hi, "s_min": float(sd.s_min), "s_max": float(sd.s_max),
            "s_grid": [float(v) for v in sd.s_values], "start": float(sd.s_values[gain_opening(sd)])}


def drift_widget() -> dict:
    """Drift slider: 24 neurons shifted by −3 … 3, counted with the gelu_relu_dying figure's two
    definitions from its record (engine.activations.gelu_relu): gradient exactly 0, and |gradient|
    below its grad_floor (0.001), for ReLU and for GELU; each neuron marked below the floor or not."""
    from engine.activations import DRIFT_SHIFTS, gelu_relu, neuron_drift

    rec = gelu_relu()
    floor = rec.grad_floor
    states = {}
    for k, shift in enumerate(rec.shifts):
        d = neuron_drift(float(shift), rec.z0, floor)
        n = len(d.z)
        below = np.abs(d.gelu_grad) < floor  # (n,) the figure's GELU count
        state = {"shift": fmt_num(shift, 1, signed=True), "valuetext": fmt_num(shift, 1, signed=True),
                 "relu_dead": f"{int(rec.n_relu_dead[k])} / {n}", "gelu_zero": f"{int(rec.n_gelu_zero_grad[k])} / {n}",
                 "relu_below": f"{int(np.sum(np.abs(d.relu_grad) < floor))} / {n}",
                 "gelu_below": f"{int(rec.n_gelu_below_floor[k])} / {n}"}
        for i in range(n):
            state[f"relu{i}"] = "dead" if d.relu_dead[i] else "alive"
            state[f"gelu{i}"] = "faded" if below[i] else "alive"
        states[str(k)] = state
    start = int(np.argmin(np.abs(DRIFT_SHIFTS)))
    return {"engine": "engine.activations:gelu_relu + engine.activations:neuron_drift", "keys": [str(k) for k in range(len(DRIFT_SHIFTS))],
            "states": states, "max": len(DRIFT_SHIFTS) - 1, "start": start,
            "neurons": len(rec.z0), "floor": fmt_num(floor, 3)}


BUILDERS = {
    **POSITIONAL_BUILDERS, **widgets_worked.BUILDERS, "gain": gain_widget, "drift": drift_widget,
}
TOPIC_WIDGETS = {topic: lesson_widgets(topic) for topic in LESSONS}  # the topics' teaching order

from studio.publish.pages.widgets_depth import BUILDERS as _DEPTH_BUILDERS, depth_predictions  # noqa: E402 (needs the helpers above)

BUILDERS |= _DEPTH_BUILDERS
from studio.publish.pages.widgets_training import BUILDERS as _TRAINING_BUILDERS  # noqa: E402

BUILDERS |= _TRAINING_BUILDERS


def _wx_answer(w: dict) -> dict:
    """The W x question's answer: the lecture's scores and probabilities, as its table shows them."""
    f = w["fixed"]
    top = max(range(len(f["probs"])), key=lambda r: float(f["probs"][r]))
    return {"x": ", ".join(fmt_num(v, 0) for v in w["x"]), "scores": ", ".join(f["scores"]),
            "probs": " / ".join(f["probs"]), "top": w["candidates"][top]}


def _toy_answer(w: dict) -> dict:
    """The toy's question: the last query's largest weights (the tokens tied at them, numbered as the
    table numbers them), the others' weights, and x, as the simulator opens (its engine numbers)."""
    f, toks = w["fixed"], w["tokens"]
    weights = [float(a) for a in np.asarray(toy_last_weights(), dtype=float)]
    top = [j for j, a in enumerate(weights) if abs(a - max(weights)) < 1e-12]
    label = lambda j: f"{j + 1} {toks[j]}"  # noqa: E731
    return {"top": ", ".join(label(j) for j in top), "w_top": f["weights_last"][top[0]],
            "rest": ", ".join(f"{label(j)}: {f['weights_last'][j]}" for j in range(len(toks)) if j not in top),
            "x": f["x"]}


def toy_last_weights():
    """The last query's attention weights at the simulator's defaults (engine.toy.attention_lesson)."""
    from engine.toy import LECTURE_PREFIX, attention_lesson

    return attention_lesson(LECTURE_PREFIX).A[-1]  # (n,)


def predictions() -> dict:
    """The numbers each predict-then-reveal answer states ({widget: {name: text}}), from the engine:
    the same functions and formats the widgets' readouts use (text.PREDICT holds the words)."""
    from engine.gpt2 import gpt2_params
    from engine.activations import neuron_drift
    from engine.positional import fingerprint, hand_angles
    from engine.rope import absolute_pe_score, rope_lesson
    from engine.signal import signal_decay
    from engine.toy import LECTURE_PREFIX, toy_attention

    fp = fingerprint()
    turned = np.degrees(hand_angles(np.array([fp.n_positions - 1]), fp.d_model, fp.base))[0]  # (hands,) unfolded
    r = rope_lesson()
    swapped = list(LECTURE_PREFIX)
    swapped[1], swapped[2] = swapped[2], swapped[1]
    base, other = toy_attention(LECTURE_PREFIX), toy_attention(tuple(swapped))
    changed = [str(i) for i in range(len(swapped))  # positions p from 0, as the widget's table and P(p)
               if not np.allclose(base.C[:, i], other.C[:, i], rtol=0, atol=1e-12)]
    sd = signal_decay()
    k = gain_opening(sd)
    drift = neuron_drift(-1.5)  # the widget's and the figure's grad_floor: 0.001 (engine.activations.gelu_relu)
    return positional_predictions() | {
        "seat": {"slow": str(fp.d_model // 2 - 1), "slow_deg": fmt_num(turned[-1], 1), "fast_deg": fmt_num(np.degrees(1.0), 1)},
        "rope": {"rope": _num(r.score_grid[7, 3]), "abs_a": _num(absolute_pe_score(r.q, r.k, 4, 0, r.base)),
                 "abs_b": _num(absolute_pe_score(r.q, r.k, 7, 3, r.base))},
        "reorder": {"changed": ", ".join(changed)},
        "wx": _wx_answer(widgets_worked.wx_widget()),
        "toy": _toy_answer(widgets_worked.toy_widget()),
        "gain": {"s": fmt_num(sd.s_values[k], 1), "plain": _sci(sd.rms_plain[k, -1]), "ln": _sci(sd.rms_ln[k, -1])},
        "drift": {"shift": fmt_num(-1.5, 1, signed=True), "n": str(len(drift.z)),
                  "relu": str(drift.n_relu_dead), "gelu": str(drift.n_gelu_below_floor), "floor": fmt_num(1e-3, 3)},
        "gpt2": {"untied": fmt_int(gpt2_params(tied=False).total), "tied": fmt_int(gpt2_params(tied=True).total)},
    } | depth_predictions()


TOPIC_START = {("depth", "block"): {"masked": True}}  # GPT-2's causal mask on; the worked page keeps seed 000's none


def topic_widgets(topic: str) -> dict:
    """{widget id: data} for the widgets of one topic, in page order (a topic's own opening values: TOPIC_START)."""
    return {w: BUILDERS[w]() | TOPIC_START.get((topic, w), {}) for w in TOPIC_WIDGETS.get(topic, ())}
