"""Why signal_decay's s = 1 line drifts (seed 004 §4.2): over the other draws of W a layer's gain keeps the
mean square (about 1) while its typical, geometric-mean value is below 1 (engine.signal.signal_gain_stats),
so a typical draw's product of gains sinks; the numbers the cues and the gain strip use."""
import math

import numpy as np

from look import fmt_num


def last_s1(d) -> float:
    """This draw's layer-L RMS (no LayerNorm) at s = 1: the product of its layer gains (RMS_0 = 1)."""
    return float(d.rms_plain[int(np.argmin(np.abs(d.s_values - 1.0))), -1])


def typical_drifts(d) -> bool:
    """Whether the other draws of W keep the mean square of a layer's gain (within 5 % of 1) while its mean
    log is negative: the reason the typical path drifts below the s = 1 level (engine.signal.signal_gain_stats)."""
    return d.init == "gaussian" and abs(d.gain_sq_mean - 1.0) < 0.05 and d.log_gain_mean < -1e-4


def typical_gain(d) -> float:
    """The typical (geometric-mean) gain of one layer over the other draws of W: 10 to the record's mean log₁₀
    gain (record.log_gain_mean); its L-th power is the product a typical draw ends near."""
    return float(10.0 ** d.log_gain_mean)


def gain_args(d) -> dict:
    """The numbers of the cue on why s = 1 drifts: mean gain² and the typical gain over the draws, and the
    typical gain's L-th power, as the panel writes them."""
    g = typical_gain(d)
    return {"L": d.n_layers, "n": d.typical_draws, "q": fmt_num(float(d.gain_sq_mean), 2), "g": fmt_num(g, 3),
            "p": fmt_num(g ** d.n_layers, 2), "m": fmt_num(float(d.typical_last_s1), 2)}


def lucky(d) -> bool:
    """Whether this draw ends near 1 at s = 1 (within 0.1 decades) while the typical draw drifts down: the
    draw's own gains then multiply to about 1 by luck."""
    return typical_drifts(d) and abs(math.log10(max(last_s1(d), 1e-300))) < 0.1 < abs(math.log10(d.typical_last_s1))


def regimes(d) -> bool:
    """Whether the summary names the three regimes in turn: below 1 the line falls away, at 1 the size is kept
    only on average (a typical draw drifts down), above 1 it climbs away."""
    return bool(d.vanishes and d.explodes and typical_drifts(d))
