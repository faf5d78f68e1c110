"""A signal through 30 layers, with and without LayerNorm: seed 004 §4.2 "互動①：訊號穿過 30 層".

Implements seed 004 (004_bed12ab9efcd69b0.html, §4.2, the interactive "signal through 30 layers").
Each layer computes y = (s·W_l)·x on a 24-dimensional signal; dot l on the page is the RMS
(√mean(x²)) of layer l's output. s is the slider (0.5 … 2.0, step 0.05, page default 0.70). The page
names the closed forms 0.9³⁰ ≈ 0.04 and 1.1³⁰ ≈ 17.4 ("量級 ≈ s^l").

The page's script ends before this widget's code, so the construction is stated here:
- W_l is drawn once per layer with `np.random.default_rng(seed)`, variance-preserving:
  "gaussian" (default) entries N(0, 1/d), so E|W x|² = |x|² (Xavier-style; a single draw wanders around
  s^l), or "orthogonal" (QR of a Gaussian draw, |W x| = |x| exactly, so the RMS is exactly s^l).
- The input x0 is a standard-normal draw rescaled to RMS 1.
- "with LN": LayerNorm (gamma 1, beta 0, biased variance, eps 1e-5, the book's class) after every layer.
Since every layer is linear, the plain RMS at layer l is exactly s^l times its value at s = 1, and with
LayerNorm the RMS is 1 up to eps whatever s is.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.norms import CLASS_EPS, layer_norm

D_SIGNAL = 24
N_LAYERS = 30
S_SWEEP = np.round(np.arange(0.5, 2.0 + 1e-9, 0.05), 10)  # the page's slider: 0.5 … 2.0, step 0.05
S_PAGE_DEFAULT = 0.70
S_REFERENCE = (0.9, 1.1)  # the page's closed forms 0.9^30 ≈ 0.04 and 1.1^30 ≈ 17.4
INITS = ("gaussian", "orthogonal")
S_STEP = 0.05
LN_BOUND_FLOOR = 1e-4  # the finest bound the figure writes for |RMS − 1| with LayerNorm (four decimals)


def s_sweep(s_min: float = 0.5, s_max: float = 2.0) -> np.ndarray:
    """The slider's values: s_min … s_max in steps of 0.05, plus both ends and the reference values
    0.9, 1.0, 1.1 when they fall inside (so every s a caption names is a row of the record). The
    defaults give exactly the page's slider, S_SWEEP."""
    if not 0 < s_min < s_max:
        raise ValueError(f"need 0 < s_min < s_max, got {s_min}, {s_max}")
    grid = np.round(np.arange(s_min, s_max + 1e-9, S_STEP), 10)  # (S,)
    extra = [v for v in (s_min, s_max, *S_REFERENCE, 1.0) if s_min - 1e-12 <= v <= s_max + 1e-12]
    return np.unique(np.round(np.concatenate([grid, extra]), 10))


def rms(x) -> np.ndarray:
    """√mean(x²) over the last axis."""
    x = np.asarray(x, dtype=float)
    return np.sqrt(np.mean(x**2, axis=-1))


def signal_weights(d: int = D_SIGNAL, n_layers: int = N_LAYERS, seed: int = 0,
                   init: str = "gaussian") -> tuple[np.ndarray, np.ndarray]:
    """(x0, W): the input (d,) with RMS 1 and the layers' matrices (n_layers, d, d), variance-preserving."""
    if init not in INITS:
        raise ValueError(f"init must be one of {', '.join(INITS)}, got {init!r}")
    rng = np.random.default_rng(seed)
    x0 = rng.standard_normal(d)  # (d,)
    x0 = x0 / rms(x0)
    g = rng.standard_normal((n_layers, d, d))  # (L, d, d)
    if init == "gaussian":
        return x0, g / np.sqrt(d)
    q, r = np.linalg.qr(g)  # (L, d, d), (L, d, d)
    signs = np.sign(np.diagonal(r, axis1=1, axis2=2))  # (L, d): makes the draw Haar-uniform
    return x0, q * signs[:, None, :]


def signal_rms(s: float, x0, weights, layer_norm_after: bool | int = False, eps: float = CLASS_EPS) -> np.ndarray:
    """RMS of the signal after each layer for scale s: shape (n_layers + 1,), entry 0 is the input.

    Runs the layers for real: x ← (s·W_l)·x, then LayerNorm if `layer_norm_after`; an int k puts
    LayerNorm after layers 1 … k only (0: none, n_layers: every layer), the stack half way between.
    """
    if isinstance(layer_norm_after, bool):
        layer_norm_after = len(weights) if layer_norm_after else 0
    weights = np.asarray(weights, dtype=float)  # (L, d, d)
    xs = np.empty((len(weights) + 1, weights.shape[-1]))  # (L + 1, d): the input, then each layer's output
    xs[0] = x0
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        for layer, w in enumerate(weights, start=1):
            x = (s * w) @ xs[layer - 1]  # (d,)
            xs[layer] = layer_norm(x, eps=eps) if layer <= layer_norm_after else x
        return rms(xs)  # (L + 1,)


def signal_ln_divisor(s: float, x0, weights, eps: float = CLASS_EPS) -> np.ndarray:
    """What LayerNorm divides each layer's output by in the stack with LayerNorm after every layer:
    √(var + eps) of (s·W_l)·x̂ for l = 1 … L, shape (L,). Its input x̂ does not depend on s (LayerNorm
    removed the previous scale), so the divisor is s times its value at s = 1 (up to eps): s cancels."""
    weights = np.asarray(weights, dtype=float)  # (L, d, d)
    out, x = np.empty(len(weights)), np.asarray(x0, dtype=float)  # (L,), (d,)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        for k, w in enumerate(weights):
            y = (s * w) @ x  # (d,)
            out[k] = np.sqrt(np.var(y) + eps)
            x = layer_norm(y, eps=eps)
    return out


TYPICAL_DRAWS = 200  # draws of W (seeds seed + 1 … seed + 200) behind the typical layer-L RMS at s = 1
FAN_DRAWS = 20  # of those, the first ones drawn as the faint fan around the typical path
BAND_PCT = (10, 90)  # the percentiles of those same draws, per layer, that bound the band around their median


def signal_fan(d: int = D_SIGNAL, n_layers: int = N_LAYERS, seed: int = 0, init: str = "gaussian",
               draws: int = TYPICAL_DRAWS, eps: float = CLASS_EPS) -> np.ndarray:
    """RMS per layer at s = 1, no LayerNorm, for `draws` other draws of W (x0 and W from seeds seed + 1 …
    seed + draws), shape (draws, L + 1): the spread a single draw (record.rms_plain at s = 1) is one of."""
    return np.array([signal_rms(1.0, *signal_weights(d, n_layers, seed + k, init), eps=eps)
                     for k in range(1, draws + 1)])  # (draws, L + 1)


def signal_typical_last(d: int = D_SIGNAL, n_layers: int = N_LAYERS, seed: int = 0, init: str = "gaussian",
                        draws: int = TYPICAL_DRAWS, eps: float = CLASS_EPS) -> float:
    """The median over `draws` other draws of W (seeds seed + 1 … seed + draws) of the layer-L RMS at
    s = 1, no LayerNorm. A Gaussian W keeps the mean square, so E RMS² = 1 at every depth, yet a typical
    draw drifts down: E log RMS² per layer ≈ −1/d (about ×0.54 over 30 layers at d = 24); one draw's
    end (record.last_plain_s1) may lie on either side. Exactly 1 for an orthogonal W."""
    return float(np.median(signal_fan(d, n_layers, seed, init, draws, eps)[:, -1]))


def signal_gain_stats(fan) -> tuple[float, float]:
    """(mean of gain², mean of log₁₀ gain) over every layer of every draw in `fan` (signal_fan), where a
    layer's gain is RMS_l / RMS_(l−1): why the typical path drifts down although the size is kept on
    average (mean square 1, yet a negative mean log: log is concave)."""
    fan = np.asarray(fan, dtype=float)  # (draws, L + 1)
    gain = fan[:, 1:] / fan[:, :-1]  # (draws, L)
    return float(np.mean(gain**2)), float(np.mean(np.log10(gain)))


def signal_log_slope(s) -> np.ndarray | float:
    """The slope of log₁₀ RMS against the layer for gain s: log₁₀ s per layer. Every layer is linear, so
    RMS_l(s) = s^l · RMS_l(1) exactly: on a log axis the line for s is the line for s = 1 tilted by this."""
    return np.log10(s)


def signal_wobble(rms_plain_s1) -> np.ndarray:
    """log₁₀ RMS_l at s = 1 (no LayerNorm), shape (L + 1,): how far the line for any s lies from the
    straight line l·log₁₀ s (0 for an orthogonal W, up to rounding)."""
    return np.log10(np.asarray(rms_plain_s1, dtype=float))  # (L + 1,)


def signal_layer_gain(wobble) -> np.ndarray:
    """RMS_l / RMS_(l−1) at s = 1 from the s = 1 line's log₁₀ RMS (signal_wobble), shape (L,): what one
    layer alone multiplies the size by (seed 004 §4.2: the s = 1 line is not flat, yet after l layers
    the line for s is exactly s^l times it)."""
    return 10.0 ** np.diff(np.asarray(wobble, dtype=float))  # (L,)


def signal_closed_form(s: float, n_layers: int = N_LAYERS) -> np.ndarray:
    """The page's "量級 ≈ s^l": s**l for l = 0 … n_layers, shape (n_layers + 1,)."""
    return float(s) ** np.arange(n_layers + 1)  # (L + 1,)


@dataclass(frozen=True)
class SignalDecay:
    """Seed 004 §4.2 interactive ①: RMS per layer for every slider value, with and without LN."""

    d: int  # signal width (24)
    n_layers: int  # 30
    seed: int
    init: str  # "gaussian" N(0, 1/d) or "orthogonal"
    eps: float  # LayerNorm eps (1e-5)
    x0: np.ndarray  # (d,) input, RMS 1
    weights: np.ndarray  # (L, d, d) W_1 … W_L (before the factor s)
    s_values: np.ndarray  # (S,) s_min … s_max step 0.05 (0.5 … 2.0 by default)
    rms_plain: np.ndarray  # (S, L + 1) no LayerNorm; column 0 is the input
    rms_ln: np.ndarray  # (S, L + 1) LayerNorm after every layer
    closed_form: np.ndarray  # (S, L + 1) s^l, the page's "量級 ≈ s^l"
    s_page_default: float  # the slider's starting value on the page (0.70)
    reference_s: np.ndarray  # (2,) 0.9 and 1.1
    reference_power: np.ndarray  # (2,) 0.9^30, 1.1^30
    reference_rms_plain: np.ndarray  # (2,) the simulated layer-30 RMS at s = 0.9 and 1.1
    last_plain_s1: float  # last-layer RMS at s = 1: one draw's drift (exactly 1 for "orthogonal")
    explode_at: float  # RMS above which a dot is drawn red ("點變紅＝數值爆掉")
    vanish_at: float  # RMS below which a dot is too small to see
    last_rms_plain: np.ndarray  # (S,) layer-L RMS without LayerNorm, for every s
    ln_rms_min: float  # smallest RMS with LayerNorm over layers 1 … L and every s
    ln_rms_max: float  # largest RMS with LayerNorm over layers 1 … L and every s
    ln_last_mean: float  # layer-L RMS with LayerNorm, averaged over every s
    ln_rms_level: float = 1.0  # the level LayerNorm (γ = 1, β = 0) sets every layer's RMS to, up to ε
    ln_rms_bound: float = LN_BOUND_FLOOR  # a power of ten, at least LN_BOUND_FLOOR, that |RMS − 1| with LayerNorm stays within
    weight_mean: float = 0.0  # W's entries are drawn with mean 0 (the 0 of N(0, 1/d) on the figure)
    s_min: float = 0.5  # the sweep's ends
    s_max: float = 2.0
    vanishes: bool = True  # at s_min the layer-L RMS (no LayerNorm) is below vanish_at
    explodes: bool = True  # at s_max the layer-L RMS (no LayerNorm) is above explode_at
    ln_level: bool = True  # with LayerNorm every RMS (layers 1 … L, every s) is within 1 % of 1
    log_slope: np.ndarray | None = None  # (S,) log₁₀ s: the slope per layer of log₁₀ RMS (no LayerNorm)
    wobble: np.ndarray | None = None  # (L + 1,) log₁₀ RMS_l at s = 1: the line's distance from straight
    wobble_max: float = 0.0  # max |wobble|: every line is straight to within this many decades
    ln_divisor: np.ndarray | None = None  # (S, L) √(var + eps) LayerNorm divides layer l's output by, per s
    tilt_error: float = 0.0  # max over s, l of |log₁₀ RMS_l(s) − l·log₁₀ s − wobble_l|: the tilt is exact
    layer_gain: np.ndarray | None = None  # (L,) RMS_l / RMS_(l−1) at s = 1: what one layer alone does to the size
    typical_last_s1: float = 1.0  # median layer-L RMS at s = 1 over TYPICAL_DRAWS other draws of W
    fan_s1: np.ndarray | None = None  # (FAN_DRAWS, L + 1) RMS per layer at s = 1 for the first other draws of W
    typical_s1: np.ndarray | None = None  # (L + 1,) per layer, the median RMS over TYPICAL_DRAWS other draws
    gain_sq_mean: float = 1.0  # mean over those draws and layers of gain² (RMS_l / RMS_(l−1))²: about 1
    log_gain_mean: float = 0.0  # mean of log₁₀ gain: negative for a Gaussian W, so the typical path drifts down
    fan_draws: int = FAN_DRAWS  # how many other draws fan_s1 holds
    typical_draws: int = TYPICAL_DRAWS  # how many other draws typical_s1 and typical_last_s1 are the median of
    fan_last_min: float = 1.0  # the smallest layer-L RMS at s = 1 over the fan_draws other draws
    fan_last_max: float = 1.0  # the largest: one draw (seed) can end anywhere between them
    band_pct: tuple = BAND_PCT  # the band's percentiles over the same typical_draws draws the median is taken of
    band_lo_s1: np.ndarray | None = None  # (L + 1,) per layer, the band_pct[0] percentile of those draws at s = 1
    band_hi_s1: np.ndarray | None = None  # (L + 1,) per layer, the band_pct[1] percentile
    band_last_lo: float = 1.0  # band_lo_s1 at layer L
    band_last_hi: float = 1.0  # band_hi_s1 at layer L
    typical_paths: np.ndarray | None = None  # (S, L + 1) per s and layer, the median RMS over the typical_draws
    # draws: s^l (closed_form) times typical_s1, every layer being linear (tilt_error): signal_decay_fig's lines


def ln_bound(rms_ln) -> float:
    """The smallest power of ten, and at least LN_BOUND_FLOOR, that every |RMS − 1| with LayerNorm stays within:
    0.99996 … 1.00000 gives 0.0001, so the figure writes "1.000 ± 0.0001" where four decimals of a mean would
    claim more than the range pins down."""
    dev = float(np.max(np.abs(np.asarray(rms_ln, dtype=float) - 1.0)))
    if not np.isfinite(dev) or dev <= LN_BOUND_FLOOR:
        return LN_BOUND_FLOOR if np.isfinite(dev) else float("inf")
    return float(10.0 ** np.ceil(np.log10(dev) - 1e-9))  # 1.01 − 1 is 0.010000000000000009: still 0.01


def signal_decay(d: int = D_SIGNAL, n_layers: int = N_LAYERS, seed: int = 0, init: str = "gaussian",
                 eps: float = CLASS_EPS, explode_at: float = 4.0, vanish_at: float = 0.01,
                 s_min: float = 0.5, s_max: float = 2.0) -> SignalDecay:
    """The whole sweep s = s_min … s_max (0.5 … 2.0), with and without LayerNorm, plus the closed forms."""
    if n_layers < 1 or d < 1:
        raise ValueError(f"need at least one layer and one dimension, got n_layers={n_layers}, d={d}")
    sweep = s_sweep(s_min, s_max)  # (S,)
    x0, w = signal_weights(d, n_layers, seed, init)  # (d,), (L, d, d)
    plain = np.array([signal_rms(s, x0, w, False, eps) for s in sweep])  # (S, L + 1)
    ln = np.array([signal_rms(s, x0, w, True, eps) for s in sweep])  # (S, L + 1)
    closed = np.array([signal_closed_form(s, n_layers) for s in sweep])  # (S, L + 1)
    ref_s = np.array(S_REFERENCE)  # (2,)
    wobble = signal_wobble(signal_rms(1.0, x0, w, False, eps))  # (L + 1,)
    slope = signal_log_slope(sweep)  # (S,)
    fan = signal_fan(d, n_layers, seed, init, eps=eps)  # (TYPICAL_DRAWS, L + 1) other draws of W at s = 1
    typical = np.median(fan, axis=0)  # (L + 1,) the typical path; its end is signal_typical_last
    band_lo, band_hi = np.percentile(fan, BAND_PCT, axis=0)  # (L + 1,) each: the band around it, same draws
    gain_sq, log_gain = signal_gain_stats(fan)
    with np.errstate(divide="ignore", invalid="ignore"):
        tilt = np.log10(plain) - np.arange(n_layers + 1)[None, :] * slope[:, None] - wobble[None, :]  # (S, L + 1)
    return SignalDecay(
        d=d, n_layers=n_layers, seed=seed, init=init, eps=eps, x0=x0, weights=w,
        s_values=sweep, rms_plain=plain, rms_ln=ln, closed_form=closed,
        s_page_default=S_PAGE_DEFAULT, reference_s=ref_s, reference_power=ref_s**n_layers,
        reference_rms_plain=np.array([signal_rms(s, x0, w)[-1] for s in ref_s]),
        last_plain_s1=float(signal_rms(1.0, x0, w)[-1]),
        explode_at=explode_at, vanish_at=vanish_at,
        last_rms_plain=plain[:, -1].copy(),  # (S,)
        ln_rms_min=float(ln[:, 1:].min()), ln_rms_max=float(ln[:, 1:].max()),
        ln_last_mean=float(ln[:, -1].mean()), ln_rms_bound=ln_bound(ln[:, 1:]),
        s_min=float(sweep[0]), s_max=float(sweep[-1]),
        vanishes=bool(plain[0, -1] < vanish_at), explodes=bool(plain[-1, -1] > explode_at),
        ln_level=bool(np.all(np.abs(ln[:, 1:] - 1.0) < 0.01)),
        log_slope=slope, wobble=wobble, wobble_max=float(np.max(np.abs(wobble))),
        ln_divisor=np.array([signal_ln_divisor(s, x0, w, eps) for s in sweep]),  # (S, L)
        tilt_error=float(np.nanmax(np.abs(tilt))),
        layer_gain=signal_layer_gain(wobble),  # (L,)
        typical_last_s1=float(typical[-1]),
        fan_s1=fan[:FAN_DRAWS].copy(), typical_s1=typical,  # (F, L + 1), (L + 1,)
        gain_sq_mean=gain_sq, log_gain_mean=log_gain,
        fan_last_min=float(fan[:FAN_DRAWS, -1].min()), fan_last_max=float(fan[:FAN_DRAWS, -1].max()),
        band_lo_s1=band_lo, band_hi_s1=band_hi, band_last_lo=float(band_lo[-1]), band_last_hi=float(band_hi[-1]),
        typical_paths=closed * typical[None, :],  # (S, L + 1)
    )
