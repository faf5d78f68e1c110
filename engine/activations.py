"""GELU against ReLU (the activations): the numbers behind seed 004 §4.3.

Implements seed 004 (004_bed12ab9efcd69b0.html, "Ch4 從零實作 GPT 模型"):

- §4.3 GELU: the tanh approximation 0.5·x·(1 + tanh[√(2/π)·(x + 0.044715·x³)]) that GPT-2 uses, and the
  exact x·Φ(x).
- §4.3 "GELU 的好處——神經元不會「死掉」": 24 neurons on the z axis, all shifted by one slider value
  (−3 … 3, step 0.1). The page's script ends before this widget's code, so the rule is stated here: under
  ReLU a neuron with z ≤ 0 has gradient exactly 0 (dead); under GELU the gradient is 0 only at the single
  point z ≈ −0.75 (GELU's minimum) and fades towards 0 only far out on the left tail, so a neuron counts
  as no longer trainable under GELU when |GELU′(z)| < `grad_floor` on that tail (z below the minimum).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
GELU_CUBIC = 0.044715


# -- GELU --------------------------------------------------------------------------------------------
_erf = np.vectorize(math.erf, otypes=[float])


def _check_approximate(approximate: str) -> None:
    if approximate not in ("tanh", "none"):
        raise ValueError(f"approximate must be 'tanh' or 'none', got {approximate!r}")


def gelu(x, approximate: str = "tanh") -> np.ndarray:
    """GELU(x): "tanh" = 0.5·x·(1 + tanh[√(2/π)·(x + 0.044715·x³)]) (GPT-2), "none" = x·Φ(x) via erf."""
    _check_approximate(approximate)
    x = np.asarray(x, dtype=float)
    if approximate == "tanh":
        return 0.5 * x * (1.0 + np.tanh(SQRT_2_OVER_PI * (x + GELU_CUBIC * x**3)))
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def gelu_grad(x, approximate: str = "tanh") -> np.ndarray:
    """dGELU/dx, analytic: for "none" Φ(x) + x·φ(x); for "tanh" the derivative of the approximation."""
    _check_approximate(approximate)
    x = np.asarray(x, dtype=float)
    if approximate == "tanh":
        t = np.tanh(SQRT_2_OVER_PI * (x + GELU_CUBIC * x**3))
        return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t**2) * SQRT_2_OVER_PI * (1.0 + 3.0 * GELU_CUBIC * x**2)
    cdf = 0.5 * (1.0 + _erf(x / math.sqrt(2.0)))
    pdf = np.exp(-0.5 * x**2) / math.sqrt(2.0 * math.pi)
    return cdf + x * pdf


def relu(x) -> np.ndarray:
    return np.maximum(np.asarray(x, dtype=float), 0.0)


def relu_grad(x) -> np.ndarray:
    """ReLU′(z): 1 for z > 0, exactly 0 for z ≤ 0 (torch's convention at 0)."""
    return (np.asarray(x, dtype=float) > 0).astype(float)


def _bisect(f, lo: float, hi: float, iters: int = 200) -> float:
    flo = f(lo)
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        fm = f(mid)
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def gelu_minimum(approximate: str = "tanh") -> tuple[float, float]:
    """(x, GELU(x)) at GELU's minimum, where its gradient is exactly 0 (x ≈ −0.7525 tanh, −0.7518 exact)."""
    x = _bisect(lambda v: float(gelu_grad(v, approximate)), -2.0, 0.0)
    return x, float(gelu(x, approximate))


def gelu_tail_edge(grad_floor: float = 1e-3, approximate: str = "tanh") -> float:
    """The z left of which |GELU′(z)| < grad_floor (GELU's far-left tail, where it too fades out)."""
    # |GELU′| peaks near z ≈ −1.5 and decays monotonically to 0 further left.
    peak = -1.0 - 0.5 * math.sqrt(2.0)  # a point on the decaying side of the negative bump
    lo = -12.0
    return _bisect(lambda v: abs(float(gelu_grad(v, approximate))) - grad_floor, lo, peak)


# -- the 24-neuron drift (seed 004 §4.3) -------------------------------------------------------------
DRIFT_SHIFTS = np.round(np.arange(-3.0, 3.0 + 1e-9, 0.1), 10)  # the slider: −3 … 3, step 0.1


Z_LOC, Z_SPREAD, Z_LIMIT = 1.0, 1.0, 3.5  # the neurons' inputs z: normal(Z_LOC, Z_SPREAD), clipped to ±Z_LIMIT


def drift_positions(n_neurons: int = 24, seed: int = 4, loc: float = Z_LOC, spread: float = Z_SPREAD,
                    z_limit: float = Z_LIMIT) -> np.ndarray:
    """The neurons' starting z values (sorted), drawn once: normal(loc, spread), clipped to ±z_limit."""
    rng = np.random.default_rng(seed)
    z = rng.normal(loc, spread, size=n_neurons)  # (n,)
    return np.sort(np.clip(z, -z_limit, z_limit))


@dataclass(frozen=True)
class NeuronDrift:
    """The neurons at one shift: where they are, their gradients, and the two counts."""

    shift: float
    z: np.ndarray  # (n,) z0 + shift
    relu_grad: np.ndarray  # (n,) 1 or exactly 0
    gelu_grad: np.ndarray  # (n,) GELU′(z), tanh approximation
    relu_dead: np.ndarray  # (n,) bool: z ≤ 0, gradient exactly 0
    gelu_faded: np.ndarray  # (n,) bool: on GELU's left tail with |GELU′| < grad_floor
    n_relu_dead: int
    n_relu_trainable: int
    n_gelu_trainable: int
    n_gelu_faded: int
    n_gelu_below_floor: int  # |GELU′(z)| < grad_floor anywhere: the far-left tail or close to the minimum
    min_abs_gelu_grad: float  # the smallest |GELU′(z)| over the neurons


def neuron_drift(shift: float = 0.0, z0=None, grad_floor: float = 1e-3,
                 approximate: str = "tanh") -> NeuronDrift:
    """Seed 004 §4.3 drift widget at one slider value: how many neurons ReLU kills, GELU keeps."""
    z0 = drift_positions() if z0 is None else np.asarray(z0, dtype=float)  # (n,)
    z = z0 + shift  # (n,)
    rg = relu_grad(z)  # (n,)
    gg = gelu_grad(z, approximate)  # (n,)
    z_min, _ = gelu_minimum(approximate)
    dead = rg == 0.0  # (n,)
    faded = (z < z_min) & (np.abs(gg) < grad_floor)  # (n,)
    return NeuronDrift(
        shift=float(shift), z=z, relu_grad=rg, gelu_grad=gg, relu_dead=dead, gelu_faded=faded,
        n_relu_dead=int(dead.sum()), n_relu_trainable=int((~dead).sum()),
        n_gelu_trainable=int((~faded).sum()), n_gelu_faded=int(faded.sum()),
        n_gelu_below_floor=int(np.sum(np.abs(gg) < grad_floor)), min_abs_gelu_grad=float(np.abs(gg).min()),
    )


@dataclass(frozen=True)
class GeluRelu:
    """Seed 004 §4.3: the GELU / ReLU curves and the 24-neuron drift, for the gelu_relu figure."""

    x: np.ndarray  # (m,) curve grid, −3.2 … 3.2 as on the page's canvas
    relu: np.ndarray  # (m,)
    gelu_tanh: np.ndarray  # (m,)
    gelu_exact: np.ndarray  # (m,)
    max_abs_diff_tanh_exact: float  # over the grid
    gelu_min_x: float  # GELU's minimum (gradient exactly 0 there)
    gelu_min_y: float
    sample_x: np.ndarray  # (k,) a few points written on the figure
    sample_gelu: np.ndarray  # (k,)
    sample_relu: np.ndarray  # (k,)
    sample_gelu_grad: np.ndarray  # (k,)
    n_neurons: int
    seed: int
    z0: np.ndarray  # (n,) starting z values
    grad_floor: float
    gelu_tail_edge: float  # z left of which |GELU′| < grad_floor
    shifts: np.ndarray  # (S,) the slider values −3 … 3
    n_relu_dead: np.ndarray  # (S,) per shift
    all_dead_shift: float  # the drift from which every ReLU neuron is dead: −max(z0), left of the slider at −3 by default
    n_gelu_trainable: np.ndarray  # (S,) per shift
    n_gelu_zero_grad: np.ndarray  # (S,) per shift: neurons whose GELU′(z) is exactly 0 (no cut-off), 0 at every drift
    n_gelu_below_floor: np.ndarray  # (S,) per shift: neurons with |GELU′(z)| < grad_floor, on the tail or near the minimum
    mean_abs_relu_grad: np.ndarray  # (S,) mean |ReLU′(z)| over the neurons per shift: no cut-off
    mean_abs_gelu_grad: np.ndarray  # (S,) mean |GELU′(z)| over the neurons per shift
    shown_shift: float  # the shift drawn neuron by neuron
    at_shift: NeuronDrift  # the neurons at shown_shift (not "shown": numbers.json keeps that word for roundings)
    min_abs_gelu_grad_per_shift: np.ndarray | None = None  # (S,) per shift: the smallest |GELU′(z)| over the
    # neurons, what n_gelu_below_floor reads against grad_floor (below it: a count of at least 1)
    fine_shifts: np.ndarray | None = None  # (F,) drifts −3 … 3 every 0.001, with gelu_min_drifts added
    min_abs_gelu_grad_fine: np.ndarray | None = None  # (F,) the smallest |GELU′(z0 + drift)| over the neurons
    n_gelu_below_floor_fine: np.ndarray | None = None  # (F,) neurons with |GELU′| < grad_floor at each of them
    n_relu_dead_fine: np.ndarray | None = None  # (F,) ReLU's dead neurons (z ≤ 0) at each of them
    gelu_min_drifts: np.ndarray | None = None  # (K,) drifts in −3 … 3 where a neuron sits at GELU's minimum (GELU′ = 0)
    z_loc: float = Z_LOC  # z0 was drawn from normal(z_loc, z_spread) with `seed`, clipped to ±z_limit
    z_spread: float = Z_SPREAD
    z_limit: float = Z_LIMIT


FINE_STEP = 1e-3  # the fine drift grid: |GELU′| < 0.001 around GELU's minimum spans ≈ 0.0046 of drift, ≥ 4 steps


def drift_floor_fine(z0, grad_floor: float = 1e-3, lo: float = -3.0, hi: float = 3.0, step: float = FINE_STEP,
                     approximate: str = "tanh") -> tuple[np.ndarray, ...]:
    """Seed 004 §4.3 drift on a fine grid, not the slider's 0.1 steps: (drifts, smallest |GELU′| over the neurons,
    neurons below grad_floor, ReLU's dead neurons (z ≤ 0), the drifts where a neuron sits exactly at GELU's
    minimum). Those drifts are added to
    the grid, so each dip reaches its true bottom, 0 (GELU′ is 0 at its minimum only)."""
    z0 = np.asarray(z0, dtype=float)  # (n,)
    z_min, _ = gelu_minimum(approximate)
    at_min = np.sort(z_min - z0)  # (n,) the drift that puts each neuron at GELU's minimum
    at_min = at_min[(at_min >= lo) & (at_min <= hi)]  # (K,)
    grid = np.round(np.linspace(lo, hi, int(round((hi - lo) / step)) + 1), 10)  # (G,)
    drifts = np.union1d(grid, at_min)  # (F,)
    g = np.abs(gelu_grad(z0[None, :] + drifts[:, None], approximate))  # (F, n)
    g[np.isin(drifts, at_min)[:, None] & np.isclose(z0[None, :] + drifts[:, None], z_min, rtol=0, atol=1e-12)] = 0.0
    dead = np.sum(z0[None, :] + drifts[:, None] <= 0.0, axis=1)  # (F,)
    return drifts, g.min(axis=1), np.sum(g < grad_floor, axis=1), dead, at_min


def gelu_relu(n_neurons: int = 24, seed: int = 4, shown_shift: float = -1.5, grad_floor: float = 1e-3,
              x_min: float = -3.2, x_max: float = 3.2, n_points: int = 401) -> GeluRelu:
    """Curves and drift counts for the gelu_relu figure (seed 004 §4.3)."""
    x = np.linspace(x_min, x_max, n_points)  # (m,)
    g_t, g_e = gelu(x, "tanh"), gelu(x, "none")  # (m,), (m,)
    zmin, ymin = gelu_minimum("tanh")
    sx = np.array([-3.0, -2.0, -1.0, 1.0])  # (k,)
    z0 = drift_positions(n_neurons, seed)  # (n,)
    states = [neuron_drift(s, z0, grad_floor) for s in DRIFT_SHIFTS]
    return GeluRelu(
        x=x, relu=relu(x), gelu_tanh=g_t, gelu_exact=g_e,
        max_abs_diff_tanh_exact=float(np.max(np.abs(g_t - g_e))),
        gelu_min_x=zmin, gelu_min_y=ymin,
        sample_x=sx, sample_gelu=gelu(sx), sample_relu=relu(sx), sample_gelu_grad=gelu_grad(sx),
        n_neurons=n_neurons, seed=seed, z0=z0, grad_floor=grad_floor,
        gelu_tail_edge=gelu_tail_edge(grad_floor),
        shifts=DRIFT_SHIFTS.copy(),
        n_relu_dead=np.array([s.n_relu_dead for s in states]), all_dead_shift=float(-z0.max()),
        n_gelu_trainable=np.array([s.n_gelu_trainable for s in states]),
        n_gelu_zero_grad=np.array([int(np.sum(s.gelu_grad == 0.0)) for s in states]),
        n_gelu_below_floor=np.array([s.n_gelu_below_floor for s in states]),
        mean_abs_relu_grad=np.array([np.abs(s.relu_grad).mean() for s in states]),
        mean_abs_gelu_grad=np.array([np.abs(s.gelu_grad).mean() for s in states]),
        shown_shift=float(shown_shift), at_shift=neuron_drift(shown_shift, z0, grad_floor),
        min_abs_gelu_grad_per_shift=np.array([s.min_abs_gelu_grad for s in states]),
        **dict(zip(("fine_shifts", "min_abs_gelu_grad_fine", "n_gelu_below_floor_fine", "n_relu_dead_fine",
                            "gelu_min_drifts"),
                   drift_floor_fine(z0, grad_floor, float(DRIFT_SHIFTS[0]), float(DRIFT_SHIFTS[-1])))),
    )
