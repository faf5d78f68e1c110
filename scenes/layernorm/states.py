"""Each step's State per row of layernorm_steps (seed 004 §4.2 "一步步做正規化"; numbers from
engine.norms.layernorm_example and, for the per-token check, engine.norms.row_shift), and the feature names
under the bars.

The read-out names a state's variance by what it is the variance of: σ² for the input (and the centred row, the
same value), Var for the bars on screen from step 3 on (the normalised row, then the output); σ² always means the
input's, as in the formula.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from manim import VGroup

from engine.layernorm_extra import row_scaled
from engine.norms import row_shift
from scenes.layernorm.columns import State
from scenes.layernorm.strings import BIG_FACTOR

BIG_VIEW = "big_in"  # a state of its own scale: every other step's axis leaves it out
NAMES = {k: "var_now" for k in ("scale", "gamma", "affine", "why_scale", "why_out")}


def step_states(d) -> tuple[dict, object]:
    """({step: [State per row]}, the row shift or None): the bars, mean, band and variance each step leaves."""
    rows = d.out.shape[0]
    table = {"input": (d.out, d.mean, np.zeros(rows), d.var_biased),
             "stats": (d.out, d.mean, d.std_biased, d.var_biased),
             "centre": (d.centred, d.mean_centred, d.std_biased, d.var_biased),
             "scale": (d.scaled_class, d.check_mean_class, d.check_std_class, d.check_var_class),
             "gamma": (d.scaled_gamma, d.mean_scaled_gamma, d.std_scaled_gamma, d.var_scaled_gamma),
             "affine": (d.affine, d.mean_affine, d.std_affine, d.var_affine)}
    # the bars' numbers at 2 decimals (value_decimals) in every step; the table shows the input as given, and μ and σ²
    # are worked out from that (the opening caption says so once)
    states = {k: [State(v[r], m[r], h[r], var[r], NAMES.get(k, "variance"), 0)
                  for r in range(rows)] for k, (v, m, h, var) in table.items()}
    # the division lands with the read-out still naming the input's σ² (what the bars were divided by); its Var, the
    # variance of the bars on screen, comes in with the cue that states it ("scale_var")
    states["scale_var"] = states["scale"]
    states["scale"] = [replace(s, var=float(d.var_biased[r]), name="variance") for r, s in enumerate(states["scale_var"])]
    states["identity"], states["learned"] = states["scale_var"], states["affine"]  # γ = 1, β = 0, and back (replayed)
    if rows < 2:
        return states, None
    sh = row_shift(d)  # the per-token check: row 1's input shifted, then normalised again
    row1 = {"why_in": (sh.out[1], sh.mean[1], float(np.sqrt(sh.var[1])), sh.var[1]),
            "why_centre": (sh.centred[1], float(sh.centred[1].mean()), float(np.sqrt(sh.var[1])), sh.var[1]),
            "why_scale": (sh.scaled[1], float(sh.scaled[1].mean()), float(sh.scaled[1].std()), float(sh.scaled[1].var())),
            "why_out": (sh.affine[1], float(sh.affine[1].mean()), float(sh.affine[1].std()), float(sh.affine[1].var()))}
    # the check's bars at their steps' own format (4 decimals on six bars of one height would not fit side by side)
    states["why_raw"] = [states["affine"][0], *(replace(s, decimals=0) for s in states["stats"][1:])]
    for key, v in row1.items():
        states[key] = [states["affine"][0], State(*v, NAMES.get(key, "variance")), *states["affine"][2:]]
    states["why_drop"], states["why_back"] = states["why_scale"], states["why_out"]  # replayed for its cue
    # scale invariance: row 1 × k (its input, k times as large), which LayerNorm brings back to the same output
    big = row_scaled(d, 1, BIG_FACTOR)
    states["big_in"] = [states["affine"][0], State(big.values, big.mean, big.std, big.var), *states["affine"][2:]]
    return states, sh


def feature_names(scene, col, y: float, size: float, colour) -> VGroup:
    """"f0 … f5" under `col`'s bars at height `y`: which feature each bar is (the column BatchNorm runs down)."""
    return VGroup(*(scene.txt(scene.s("feature", k=k), size=size, color=colour).move_to([col.bars.x(k), y, 0])
                    for k in range(col.n)))
