"""The numbers behind the lesson pages' widgets, computed by the engine at build time.

Nearly every widget is a lookup table over its controls' whole grid (the depth lesson's GPT-2
calculator, in widgets_depth, is computed in the page by a tested port of the engine): the page's script joins the controls'
values into a key and shows the strings stored under that key. No arithmetic on the numbers happens
in the browser, so what a slider shows is what the engine function named in each builder returned
(formatted here once, with look.formats, to the precision the scenes and figures use).

Each builder returns {"engine": "module:function", "keys": [...], "states": {key: {field: text}}}.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from look import fmt_int, fmt_num
from look.formats import fmt_sig
from studio.publish.pages.cells import num as _num, step as _step, vec as _vec



def _sci(x: float) -> str:
    """3 significant digits; powers of ten as ×10ⁿ for values outside 0.01 … 9999."""
    return fmt_sig(float(x), 3, plain_below=10_000)


def _bar(x: float, lo: float = -6.0, hi: float = 6.0) -> str:
    """Bar height (percent of the chart) for a value on a log10 axis from 10^lo to 10^hi."""
    v = math.log10(x) if x > 0 and math.isfinite(x) else (hi if x > 0 else lo)
    return f"{100.0 * (min(max(v, lo), hi) - lo) / (hi - lo):.2f}"


# -- positional encoding ----------------------------------------------------------------------
def seat_widget() -> dict:
    """Seat slider: the eight hands' angles (pe_clock) and the seat's 16-number fingerprint row."""
    from engine.positional import fingerprint, hand_angles

    fp = fingerprint()
    seats = np.arange(fp.n_positions)  # (32,)
    angles = np.degrees(hand_angles(seats, fp.d_model, fp.base)) % 360.0  # (32, 8) degrees, folded
    states = {}
    for p in seats:
        state = {"seat": str(int(p)), "valuetext": str(int(p))}
        for h in range(fp.d_model // 2):
            # the drawing's rotation: SVG turns clockwise, the angle is read anticlockwise from 3 o'clock
            # (as in pe_clock and pe_angles), so the hand drawn along +x turns by −angle
            state[f"rot{h}"] = f"{-angles[p, h]:.3f}"
            state[f"deg{h}"] = fmt_num(angles[p, h], 1) + "°"
        for c in range(fp.d_model):
            state[f"pe{c}"] = _num(fp.table[p, c])
        states[str(int(p))] = state
    return {"engine": "engine.positional:fingerprint + engine.positional:hand_angles",
            "keys": [str(int(p)) for p in seats], "states": states,
            "hands": fp.d_model // 2, "width": fp.d_model, "max": int(fp.n_positions - 1)}


def rope_widget() -> dict:
    """m and n sliders: the RoPE score q(m)·k(n) over the engine's grid and the m − n it depends on,
    beside the score with the position added instead, (q + PE(m))·(k + PE(n)), which changes when
    m and n move together (the contrast rope_rotation draws)."""
    from engine.rope import absolute_pe_score, rope_lesson

    r = rope_lesson()
    g = r.grid_positions  # (G,)
    by_gap = {int(gap): score for gap, score in zip(r.gaps, r.score_by_gap)}
    states = {}
    for m in g:
        for n in g:
            gap = int(m - n)
            m0, n0 = max(gap, 0), max(-gap, 0)  # the same gap, the earlier position at 0
            states[f"{int(m)}|{int(n)}"] = {
                "m": str(int(m)), "n": str(int(n)), "gap": str(gap).replace("-", "\u2212"),
                "score": _num(r.score_grid[m, n]), "gap_score": _num(by_gap[gap]),
                "abs_score": _num(absolute_pe_score(r.q, r.k, int(m), int(n), r.base)),
                "abs_gap_score": _num(absolute_pe_score(r.q, r.k, m0, n0, r.base)),
            }
    return {"engine": "engine.rope:rope_lesson", "keys": sorted(states), "states": states,
            "max": int(g[-1])}


# -- worked examples --------------------------------------------------------------------------
def reorder_widget() -> dict:
    """Token reorder: every distinct order of 'The cat sat on the' through the causal toy head.

    For each order the outputs c_i (columns of C) and whether c_i equals the lecture order's c_i at
    the same position: the causal head's output i sees only tokens 0 … i, as a bag, and token i.
    """
    from engine.toy import LECTURE_PREFIX, toy_attention

    base = toy_attention(LECTURE_PREFIX)
    states = {}
    for order in sorted(set(itertools.permutations(LECTURE_PREFIX))):
        t = toy_attention(order)
        state = {}
        for i, tok in enumerate(order):
            same = bool(np.allclose(t.C[:, i], base.C[:, i], rtol=0, atol=1e-12))
            state[f"tok{i}"] = tok
            state[f"c{i}"] = f"({_num(t.C[0, i])}, {_num(t.C[1, i])})"
            state[f"same{i}"] = "1" if same else "0"
        state["x"] = f"({_num(t.x[0])}, {_num(t.x[1])})"
        states[" ".join(order)] = state
    return {"engine": "engine.toy:toy_attention", "keys": sorted(states), "states": states,
            "start": " ".join(LECTURE_PREFIX), "n": len(LECTURE_PREFIX)}


# -- depth and training -----------------------------------------------------------------------
def gain_widget() -> dict:
    """Gain slider s = 0.5 … 2.0: the 30-layer RMS without and with LayerNorm (signal_decay)."""
    from engine.signal import signal_decay

    sd = signal_decay()
    states = {}
    for k, s in enumerate(sd.s_values):
        state = {"s": fmt_num(s, 2), "valuetext": "s = " + fmt_num(s, 2),
                 "last_plain": _sci(sd.rms_plain[k, -1]), "last_ln": _sci(sd.rms_ln[k, -1])}
        for layer in range(sd.n_layers + 1):
            state[f"p{layer}"] = _bar(sd.rms_plain[k, layer])
            state[f"l{layer}"] = _bar(sd.rms_ln[k, layer])
        states[str(k)] = state
    start = int(np.argmin(np.abs(sd.s_values - sd.s_page_default)))
    return {"engine": "engine.signal:signal_decay", "keys": [str(k) for k in range(len(sd.s_values))],
            "states": states, "max": len(sd.s_values) - 1, "start": start, "layers": sd.n_layers}


def drift_widget() -> dict:
    """Drift slider: 24 neurons shifted by −3 … 3; how many ReLU kills and GELU keeps (neuron_drift)."""
    from engine.norms import DRIFT_SHIFTS, neuron_drift

    states = {}
    for k, shift in enumerate(DRIFT_SHIFTS):
        d = neuron_drift(float(shift))
        n = len(d.z)
        state = {"shift": fmt_num(shift, 1, signed=True), "valuetext": fmt_num(shift, 1, signed=True),
                 "relu_dead": f"{d.n_relu_dead} / {n}", "relu_trainable": f"{d.n_relu_trainable} / {n}",
                 "gelu_trainable": f"{d.n_gelu_trainable} / {n}"}
        for i in range(n):
            state[f"relu{i}"] = "dead" if d.relu_dead[i] else "alive"
            state[f"gelu{i}"] = "faded" if d.gelu_faded[i] else "alive"
        states[str(k)] = state
    start = int(np.argmin(np.abs(DRIFT_SHIFTS)))
    return {"engine": "engine.norms:neuron_drift", "keys": [str(k) for k in range(len(DRIFT_SHIFTS))],
            "states": states, "max": len(DRIFT_SHIFTS) - 1, "start": start,
            "neurons": len(neuron_drift(0.0).z)}


BUILDERS = {
    "seat": seat_widget, "rope": rope_widget, "reorder": reorder_widget, "gain": gain_widget,
    "drift": drift_widget,
}
TOPIC_WIDGETS = {
    "positional": ("seat", "rope"),
    "worked": ("reorder",),
    "depth": ("word", "causal", "gain", "layernorm", "drift", "ffn", "forward", "backward", "shortcut", "block", "gpt2", "decode"),
}

from studio.publish.pages.widgets_depth import BUILDERS as _DEPTH_BUILDERS, depth_predictions  # noqa: E402 (needs the helpers above)

BUILDERS |= _DEPTH_BUILDERS


def predictions() -> dict:
    """The numbers each predict-then-reveal answer states ({widget: {name: text}}), from the engine:
    the same functions and formats the widgets' readouts use (text.PREDICT holds the words)."""
    from engine.gpt2 import gpt2_params
    from engine.norms import neuron_drift
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
    changed = [str(i + 1) for i in range(len(swapped))  # numbered from 1, as the widget's table
               if not np.allclose(base.C[:, i], other.C[:, i], rtol=0, atol=1e-12)]
    sd = signal_decay()
    k = int(np.argmin(np.abs(sd.s_values - 0.9)))
    drift = neuron_drift(-1.5)
    return {
        "seat": {"slow": str(fp.d_model // 2 - 1), "slow_deg": fmt_num(turned[-1], 1), "fast_deg": fmt_num(np.degrees(1.0), 1)},
        "rope": {"rope": _num(r.score_grid[7, 3]), "abs_a": _num(absolute_pe_score(r.q, r.k, 4, 0, r.base)),
                 "abs_b": _num(absolute_pe_score(r.q, r.k, 7, 3, r.base))},
        "reorder": {"changed": ", ".join(changed)},
        "gain": {"s": fmt_num(sd.s_values[k], 1), "plain": _sci(sd.rms_plain[k, -1]), "ln": _sci(sd.rms_ln[k, -1])},
        "drift": {"shift": fmt_num(-1.5, 1, signed=True), "n": str(len(drift.z)),
                  "relu": str(drift.n_relu_trainable), "gelu": str(drift.n_gelu_trainable)},
        "gpt2": {"untied": fmt_int(gpt2_params(tied=False).total), "tied": fmt_int(gpt2_params(tied=True).total)},
    } | depth_predictions()


def topic_widgets(topic: str) -> dict:
    """{widget id: data} for the widgets of one topic, in page order."""
    return {w: BUILDERS[w]() for w in TOPIC_WIDGETS.get(topic, ())}
