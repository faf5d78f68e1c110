"""LayerNorm (and BatchNorm for contrast): the numbers behind seed 004 §4.2 (GELU, §4.3: engine.activations).

Implements seed 004 (004_bed12ab9efcd69b0.html, "Ch4 從零實作 GPT 模型"):

- §4.2 "一步步做正規化": the book's 2×6 layer output (torch.randn(2,5) through Linear(5,6)+ReLU) normalised
  row by row. The page's stepper divides by √var with the *unbiased* variance (n − 1) and no eps; that is
  where its printed 0.6159 / 1.4126 / −0.8719 come from. The page's (and the book's) LayerNorm class uses
  the *biased* variance (n, `unbiased=False`) plus eps = 1e-5. `layernorm_example` computes both, so a
  figure or scene can say which is which (docs/design.md §3).
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


def dim_mean(x, dim: int) -> np.ndarray:
    """x.mean(dim=dim, keepdim=True) as torch computes it (seed 004 §4.2 "先看 dim 往哪個方向算"): on a
    (rows, n) output dim = −1 gives one mean per row, shape (rows, 1), the direction LayerNorm
    normalises; dim = 0 one mean per column across the rows, shape (1, n), BatchNorm's direction."""
    x = np.asarray(x, dtype=float)  # (rows, n)
    return x.mean(axis=dim, keepdims=True)  # (rows, 1) for dim = −1, (1, n) for dim = 0


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
