"""LayerNorm and GELU: the numbers behind seed 004 §4.2 and §4.3.

Implements seed 004 (004_bed12ab9efcd69b0.html, "Ch4 從零實作 GPT 模型"):

- §4.2 "一步步做正規化": the book's 2×6 layer output (torch.randn(2,5) through Linear(5,6)+ReLU) normalised
  row by row. The page's stepper divides by √var with the *unbiased* variance (n − 1) and no eps; that is
  where its printed 0.6159 / 1.4126 / −0.8719 come from. The page's (and the book's) LayerNorm class uses
  the *biased* variance (n, `unbiased=False`) plus eps = 1e-5. `layernorm_example` computes both, so a
  figure or scene can say which is which (docs/design.md §3).
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

# The book's 2×6 output as the page prints it (4 decimals), seed 004 §4.2 `const OUT`.
BOOK_OUT = np.array([[0.2260, 0.3470, 0.0000, 0.2216, 0.0000, 0.0000],
                     [0.2133, 0.2394, 0.0000, 0.5198, 0.3297, 0.0000]])  # (2, 6)
# What the page quotes from the book's printout for the first normalised row (unbiased variance,
# computed by the book from the unrounded output).
BOOK_PRINTED_ROW0 = (0.6159, 1.4126, -0.8719)
CLASS_EPS = 1e-5  # the LayerNorm class's eps (seed 004 §4.2 `self.eps = 1e-5`)
GPT2_EMB_DIM = 768  # seed 004 §4.2 note: "n 和 n−1 的差別約 0.13%"
# The class's trainable scale and shift (seed 004 §4.2 `self.scale`, `self.shift`) start at ones and zeros,
# which would hide them; the scene shows them at these small learned-looking values instead, feature k
# taking entry k (n ≤ 8). Not from the seed: chosen so the output's mean and variance visibly leave 0 and 1.
GAMMA_EXAMPLE = (1.5, 0.5, 1.25, 1.5, 0.75, 1.0, 1.25, 0.5)
BETA_EXAMPLE = (0.5, 0.25, 0.5, 0.0, 0.5, 0.25, 0.25, 0.0)
# What the scene adds to one row's input to show that LayerNorm is per token (row_shift); not from the seed.
SHIFT_EXAMPLE = 0.5

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
GELU_CUBIC = 0.044715


# -- LayerNorm -------------------------------------------------------------------------------------
def layer_norm(x, eps: float = 0.0, unbiased: bool = False, scale=None, shift=None) -> np.ndarray:
    """LayerNorm over the last axis: (x − mean) / √(var + eps), then · scale + shift.

    `unbiased=False` divides the variance by n (the book's class, torch's layer_norm); `True` by
    n − 1 (the page's stepper). scale (gamma) defaults to 1, shift (beta) to 0. Same shape as x.
    """
    x = np.asarray(x, dtype=float)  # (..., n)
    n = x.shape[-1]
    if unbiased and n < 2:
        raise ValueError("the unbiased variance needs at least 2 features")
    mean = x.mean(axis=-1, keepdims=True)  # (..., 1)
    var = x.var(axis=-1, ddof=1 if unbiased else 0, keepdims=True)  # (..., 1)
    out = (x - mean) / np.sqrt(var + eps)  # (..., n)
    if scale is not None:
        out = out * np.asarray(scale, dtype=float)
    if shift is not None:
        out = out + np.asarray(shift, dtype=float)
    return out


def batch_stats(x) -> tuple:
    """BatchNorm's statistics over a (rows, n) batch: each feature's (column's) mean and biased variance
    across the rows, ((n,), (n,)) — what `batch_norm` subtracts and divides by (√(var + eps))."""
    x = np.asarray(x, dtype=float)  # (rows, n)
    if x.ndim != 2 or x.shape[0] < 2:
        raise ValueError(f"batch_norm needs a (rows, n) batch of at least 2 rows, got shape {x.shape}")
    return x.mean(axis=0), x.var(axis=0)


def batch_norm(x, eps: float = 0.0, scale=None, shift=None) -> np.ndarray:
    """BatchNorm in training mode over a (rows, n) batch: each feature (column) normalised across the rows,
    (x − mean) / √(var + eps) with the biased variance (÷ rows), then · scale + shift per feature — what
    torch's BatchNorm1d(n, eps) returns in training mode. The contrast to `layer_norm`, which normalises
    each row across its features (seed 004 §4.2: LayerNorm is per token)."""
    x = np.asarray(x, dtype=float)  # (rows, n)
    mean, var = batch_stats(x)  # (n,), (n,)
    centred = x - mean  # (rows, n)
    spread = np.sqrt(var + eps)  # (n,)
    # a feature equal in every row with eps = 0 is 0 / 0: its limit as eps → 0 (every entry 0)
    out = np.divide(centred, spread, out=np.zeros_like(centred), where=spread > 0)  # (rows, n)
    if scale is not None:
        out = out * np.asarray(scale, dtype=float)
    if shift is not None:
        out = out + np.asarray(shift, dtype=float)
    return out


@dataclass(frozen=True)
class LayerNormSteps:
    """Seed 004 §4.2: LayerNorm on the book's 2×6 output, step by step, both variance conventions."""

    out: np.ndarray  # (2, 6) the layer output (step 0)
    n: int  # features per row (6)
    mean: np.ndarray  # (2,) per-row mean (step 1)
    var_unbiased: np.ndarray  # (2,) divide by n − 1: the page's stepper, the book's first printout
    var_biased: np.ndarray  # (2,) divide by n: the LayerNorm class (unbiased=False)
    std_biased: np.ndarray  # (2,) √var_biased: the spread σ drawn as the band μ ± σ
    sq_dev: np.ndarray  # (rows, n) (x − mean)²: the squares drawn for the variance
    sum_sq_dev: np.ndarray  # (rows,) their sum, n · var_biased
    centred: np.ndarray  # (2, 6) out − mean (step 2)
    scaled_unbiased: np.ndarray  # (2, 6) centred / √var_unbiased, eps 0 (step 3, the page's numbers)
    eps: float  # the class's eps
    scaled_class: np.ndarray  # (2, 6) centred / √(var_biased + eps): what LayerNorm(6) returns
    check_mean_unbiased: np.ndarray  # (2,) step 4: mean of scaled_unbiased (float64 round-off)
    check_var_unbiased: np.ndarray  # (2,) unbiased variance of scaled_unbiased (= 1)
    check_mean_class: np.ndarray  # (2,) mean of scaled_class
    check_var_class: np.ndarray  # (2,) biased variance of scaled_class (= var / (var + eps) < 1)
    check_std_class: np.ndarray  # (2,) its square root: the band ± σ after scaling (just under 1)
    ratio_unbiased_to_class: np.ndarray  # (2,) scaled_unbiased / scaled_class per row (≈ √(n−1)/√n)
    sqrt_n_ratio: float  # √((n − 1)/n): the ratio without eps (√(5/6) = 0.9129; eps makes it 0.9131)
    book_printed_row0: tuple  # the page's quote of the book: 0.6159, 1.4126, −0.8719
    emb_dim: int  # GPT-2's n = 768
    var_gap_pct_emb_dim: float  # 100 · (n/(n−1) − 1) for n = 768: "約 0.13%"
    gamma: np.ndarray  # (n,) the scale γ, one per feature, shared by every row (GAMMA_EXAMPLE[:n])
    beta: np.ndarray  # (n,) the shift β, one per feature (BETA_EXAMPLE[:n])
    mean_centred: np.ndarray  # (rows,) mean of centred (float64 round-off of 0)
    scaled_gamma: np.ndarray  # (rows, n) scaled_class · γ: the scale applied, the shift not yet
    mean_scaled_gamma: np.ndarray  # (rows,) its mean
    var_scaled_gamma: np.ndarray  # (rows,) its biased variance
    std_scaled_gamma: np.ndarray  # (rows,) its square root
    affine: np.ndarray  # (rows, n) scaled_class · γ + β: what nn.LayerNorm(n, eps) with weight γ, bias β returns
    mean_affine: np.ndarray  # (rows,) the output's mean: set by γ and β, no longer 0
    var_affine: np.ndarray  # (rows,) the output's biased variance: no longer 1
    std_affine: np.ndarray  # (rows,) its square root
    n_steps: int = 4  # the stepper's steps: statistics, centre, scale, check ("Step 4")
    compare_decimals: int = 4  # the decimals the check and the two variances are compared at


def layernorm_example(out=None, eps: float = CLASS_EPS) -> LayerNormSteps:
    """Every step of seed 004's LayerNorm stepper, plus the LayerNorm class's result on the same rows,
    then its scale γ and shift β (GAMMA_EXAMPLE, BETA_EXAMPLE) applied."""
    x = BOOK_OUT if out is None else np.asarray(out, dtype=float)  # (rows, n)
    n = x.shape[-1]
    if n > len(GAMMA_EXAMPLE):
        raise ValueError(f"at most {len(GAMMA_EXAMPLE)} features, got {n}")
    gamma, beta = np.array(GAMMA_EXAMPLE[:n]), np.array(BETA_EXAMPLE[:n])  # (n,), (n,)
    mean = x.mean(axis=-1)  # (rows,)
    var_u = x.var(axis=-1, ddof=1)  # (rows,)
    var_b = x.var(axis=-1, ddof=0)  # (rows,)
    centred = x - mean[:, None]  # (rows, n)
    scaled_u = layer_norm(x, eps=0.0, unbiased=True)  # (rows, n)
    scaled_c = layer_norm(x, eps=eps, unbiased=False)  # (rows, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.nanmedian(np.where(scaled_c != 0, scaled_u / scaled_c, np.nan), axis=-1)  # (rows,)
    scaled_g = scaled_c * gamma  # (rows, n)
    affine = layer_norm(x, eps=eps, scale=gamma, shift=beta)  # (rows, n) = scaled_g + beta
    return LayerNormSteps(
        out=x,
        n=n,
        mean=mean,
        var_unbiased=var_u,
        var_biased=var_b,
        std_biased=np.sqrt(var_b),
        sq_dev=centred**2,
        sum_sq_dev=(centred**2).sum(axis=-1),
        centred=centred,
        scaled_unbiased=scaled_u,
        eps=eps,
        scaled_class=scaled_c,
        check_mean_unbiased=scaled_u.mean(axis=-1),
        check_var_unbiased=scaled_u.var(axis=-1, ddof=1),
        check_mean_class=scaled_c.mean(axis=-1),
        check_var_class=scaled_c.var(axis=-1, ddof=0),
        check_std_class=scaled_c.std(axis=-1, ddof=0),
        ratio_unbiased_to_class=ratio,
        sqrt_n_ratio=math.sqrt((n - 1) / n),
        book_printed_row0=BOOK_PRINTED_ROW0,
        emb_dim=GPT2_EMB_DIM,
        var_gap_pct_emb_dim=100.0 * (GPT2_EMB_DIM / (GPT2_EMB_DIM - 1) - 1.0),
        gamma=gamma,
        beta=beta,
        mean_centred=centred.mean(axis=-1),
        scaled_gamma=scaled_g,
        mean_scaled_gamma=scaled_g.mean(axis=-1),
        var_scaled_gamma=scaled_g.var(axis=-1),
        std_scaled_gamma=scaled_g.std(axis=-1),
        affine=affine,
        mean_affine=affine.mean(axis=-1),
        var_affine=affine.var(axis=-1),
        std_affine=affine.std(axis=-1),
    )


@dataclass(frozen=True)
class RowShift:
    """LayerNorm is per token: one row's input shifted by a constant, the rows normalised again. The
    shifted row's output is its old output (x + c − (μ + c) = x − μ, σ unchanged), every other row's
    input and output are untouched."""

    row: int  # the row whose input moves
    shift: float  # the constant added to each of its values
    out: np.ndarray  # (rows, n) the layer output with that row shifted
    mean: np.ndarray  # (rows,) its per-row mean: the shifted row's is μ + c
    var: np.ndarray  # (rows,) its per-row biased variance: unchanged
    centred: np.ndarray  # (rows, n) the shifted output minus its row means: the shift is gone here
    scaled: np.ndarray  # (rows, n) centred ÷ √(var + eps): before γ and β
    affine: np.ndarray  # (rows, n) LayerNorm(n, eps) with γ, β of the shifted output
    max_change: np.ndarray  # (rows,) largest |change| of each row's final output (float64 round-off)
    batch_before: np.ndarray  # (rows, n) batch_norm(eps, γ, β) of the output before the shift: the same γ, β
    # as the LayerNorm bars it is drawn over, so the two compare
    batch_after: np.ndarray  # (rows, n) the same after it: every row moves, not only the shifted one
    batch_mean_before: np.ndarray  # (n,) each feature's (column's) mean across the rows before the shift
    batch_var_before: np.ndarray  # (n,) its biased variance across the rows
    batch_mean_after: np.ndarray  # (n,) the same after the shift: the shifted row moves every column's mean
    batch_var_after: np.ndarray  # (n,)


def row_shift(d: LayerNormSteps, row: int = 1, shift: float = SHIFT_EXAMPLE) -> RowShift:
    """Seed 004 §4.2's rows are normalised one at a time: add `shift` to row `row` of `d.out` and run the
    same LayerNorm (d.eps, d.gamma, d.beta) on the whole output again."""
    if not 0 <= row < d.out.shape[0]:
        raise ValueError(f"row {row} is not one of the output's {d.out.shape[0]} rows")
    x = d.out.copy()  # (rows, n)
    x[row] += shift
    affine = layer_norm(x, eps=d.eps, scale=d.gamma, shift=d.beta)  # (rows, n)
    mean, var = x.mean(axis=-1), x.var(axis=-1)  # (rows,)
    centred = x - mean[:, None]  # (rows, n)
    return RowShift(row=row, shift=float(shift), out=x, mean=mean, var=var, centred=centred,
                    scaled=centred / np.sqrt(var + d.eps)[:, None], affine=affine,
                    max_change=np.abs(affine - d.affine).max(axis=-1),
                    batch_before=batch_norm(d.out, d.eps, d.gamma, d.beta),
                    batch_after=batch_norm(x, d.eps, d.gamma, d.beta),
                    **dict(zip(("batch_mean_before", "batch_var_before"), batch_stats(d.out))),
                    **dict(zip(("batch_mean_after", "batch_var_after"), batch_stats(x))))


@dataclass(frozen=True)
class BatchContrast:
    """LayerNorm against BatchNorm on one batch (seed 004 §4.2: LayerNorm is per token). The example's rows
    (d.out) plus `extra` more tokens from other sequences of the same batch (not from the seed: drawn with
    `seed` on the rows' scale, ReLU'd when the rows are a ReLU's output as the book's are, 4 decimals as it prints), so that BatchNorm's
    column statistics run over more than two values (with two rows every normalised value is ±1). Row 1 is
    then shifted by `shift`: BatchNorm's output of row 0 moves, LayerNorm's does not."""

    seed: int  # the generator seed of the extra rows
    rows: np.ndarray  # (b, n) the batch: d.out's rows first, then the extra ones
    shift: float  # what is added to row 1
    shifted: np.ndarray  # (b, n) the batch with row 1 + shift
    col_mean: np.ndarray  # (n,) each feature's (column's) mean across the batch
    col_std: np.ndarray  # (n,) its biased standard deviation
    col_mean_after: np.ndarray  # (n,) the same after the shift
    col_std_after: np.ndarray  # (n,)
    batch_out: np.ndarray  # (b, n) batch_norm(rows, eps, γ, β)
    batch_out_after: np.ndarray  # (b, n) batch_norm(shifted, eps, γ, β)
    layer_out: np.ndarray  # (b, n) layer_norm(rows, eps, γ, β): row by row
    layer_out_after: np.ndarray  # (b, n) the same after the shift: only row 1 may change (it does not either)


EXTRA_ROWS_SEED = 0  # the extra rows of the BatchNorm contrast (every column then has σ² ≫ eps)


def batch_contrast(d: LayerNormSteps, extra: int = 2, seed: int = EXTRA_ROWS_SEED,
                   shift: float = SHIFT_EXAMPLE) -> BatchContrast:
    """The example's rows in a batch of `extra` more tokens, normalised by LayerNorm (per row) and BatchNorm
    (per column, training mode), before and after row 1 + `shift`; the same eps, γ and β for both."""
    if d.out.shape[0] < 2:
        raise ValueError("the contrast shifts row 1: the output needs at least 2 rows")
    rng = np.random.default_rng(seed)
    spread = float(np.abs(d.out).max()) or 1.0  # the extra rows on the example's scale
    more = rng.normal(0.3 * spread, 0.6 * spread, size=(extra, d.n))  # (extra, n)
    if (d.out >= 0).all():  # a ReLU layer's output (the book's): the other tokens' too
        more = np.maximum(more, 0.0)
    more = np.round(more, 4)
    x = np.vstack([d.out, more])  # (b, n)
    y = x.copy()  # (b, n)
    y[1] += shift
    (m0, v0), (m1, v1) = batch_stats(x), batch_stats(y)  # (n,) each
    return BatchContrast(seed=seed, rows=x, shift=float(shift), shifted=y, col_mean=m0, col_std=np.sqrt(v0),
                         col_mean_after=m1, col_std_after=np.sqrt(v1),
                         batch_out=batch_norm(x, d.eps, d.gamma, d.beta),
                         batch_out_after=batch_norm(y, d.eps, d.gamma, d.beta),
                         layer_out=layer_norm(x, d.eps, scale=d.gamma, shift=d.beta),
                         layer_out_after=layer_norm(y, d.eps, scale=d.gamma, shift=d.beta))


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


def drift_positions(n_neurons: int = 24, seed: int = 4, loc: float = 1.0, spread: float = 1.0,
                    z_limit: float = 3.5) -> np.ndarray:
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
    n_gelu_trainable: np.ndarray  # (S,) per shift
    n_gelu_zero_grad: np.ndarray  # (S,) per shift: neurons whose GELU′(z) is exactly 0 (no cut-off), 0 at every drift
    mean_abs_relu_grad: np.ndarray  # (S,) mean |ReLU′(z)| over the neurons per shift: no cut-off
    mean_abs_gelu_grad: np.ndarray  # (S,) mean |GELU′(z)| over the neurons per shift
    shown_shift: float  # the shift drawn neuron by neuron
    at_shift: NeuronDrift  # the neurons at shown_shift (not "shown": numbers.json keeps that word for roundings)


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
        n_relu_dead=np.array([s.n_relu_dead for s in states]),
        n_gelu_trainable=np.array([s.n_gelu_trainable for s in states]),
        n_gelu_zero_grad=np.array([int(np.sum(s.gelu_grad == 0.0)) for s in states]),
        mean_abs_relu_grad=np.array([np.abs(s.relu_grad).mean() for s in states]),
        mean_abs_gelu_grad=np.array([np.abs(s.gelu_grad).mean() for s in states]),
        shown_shift=float(shown_shift), at_shift=neuron_drift(shown_shift, z0, grad_floor),
    )
