"""Scale invariance of LayerNorm (seed 004 §4.2: each row is normalised with its own numbers only): one row of
the example multiplied by a factor, its statistics, and the output LayerNorm gives it, which equals the row's
own output up to ε (σ² grows by factor², so ε matters even less)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.norms import LayerNormSteps, layer_norm


@dataclass(frozen=True)
class RowScaled:
    row: int  # which row of d.out is scaled
    factor: float  # what it is multiplied by
    values: np.ndarray  # (n,) factor · d.out[row]
    mean: float  # its mean
    var: float  # its biased variance (as LayerNorm takes it)
    std: float  # √var
    affine: np.ndarray  # (n,) LayerNorm of it with d.eps, d.gamma, d.beta
    max_change: float  # max |affine − d.affine[row]|: how far it is from the row's own output


def row_scaled(d: LayerNormSteps, row: int = 1, factor: float = 10.0) -> RowScaled:
    """Row `row` of `d.out` times `factor`, normalised by the same LayerNorm (d.eps, d.gamma, d.beta)."""
    if not 0 <= row < d.out.shape[0]:
        raise ValueError(f"row {row} is not one of the output's {d.out.shape[0]} rows")
    if factor <= 0:
        raise ValueError("the factor must be positive (a negative one flips the row)")
    x = factor * np.asarray(d.out[row], dtype=float)  # (n,)
    affine = layer_norm(x, eps=d.eps, scale=d.gamma, shift=d.beta)  # (n,)
    return RowScaled(row=row, factor=float(factor), values=x, mean=float(x.mean()), var=float(x.var()),
                     std=float(x.std()), affine=affine, max_change=float(np.abs(affine - d.affine[row]).max()))


@dataclass(frozen=True)
class ResidualGrowth:
    """A toy pre-LN residual stream: x_{ℓ+1} = x_ℓ + f_ℓ(LN(x_ℓ)), each f_ℓ a seeded random linear sublayer."""

    stream: np.ndarray  # (layers + 1, n): x_0 … x_L, the token's values entering each sublayer
    normed: np.ndarray  # (layers + 1, n): LN(x_ℓ) (γ = 1, β = 0, the record's ε), what each sublayer reads
    rms: np.ndarray  # (layers + 1,): √mean(x_ℓ²), the stream's scale
    normed_rms: np.ndarray  # (layers + 1,): √mean(LN(x_ℓ)²), 1 up to ε
    seed: int


def residual_growth(d: LayerNormSteps, row: int = 0, layers: int = 5, gain: float = 1.0,
                    seed: int = 12) -> ResidualGrowth:
    """Row `row` of `d.out` as x_0 through `layers` residual sublayers f_ℓ(z) = W_ℓ z (W_ℓ's entries N(0, gain²/n),
    seeded): each adds a vector of about `gain` RMS, so the stream's RMS grows layer by layer, while LN(x_ℓ), the
    input each sublayer reads, stays at unit scale (RMS 1 up to ε)."""
    if layers < 1:
        raise ValueError("at least one sublayer")
    if not 0 <= row < d.out.shape[0]:
        raise ValueError(f"row {row} is not one of the output's {d.out.shape[0]} rows")
    rng = np.random.default_rng(seed)
    x = np.asarray(d.out[row], dtype=float)  # (n,)
    n = x.shape[0]
    stream = [x]
    for _ in range(layers):
        w = rng.normal(0.0, gain / np.sqrt(n), size=(n, n))  # (n, n)
        x = x + w @ layer_norm(x, eps=d.eps)  # (n,)
        stream.append(x)
    s = np.stack(stream)  # (layers + 1, n)
    normed = layer_norm(s, eps=d.eps)  # (layers + 1, n)
    return ResidualGrowth(stream=s, normed=normed, rms=np.sqrt((s ** 2).mean(axis=1)),
                          normed_rms=np.sqrt((normed ** 2).mean(axis=1)), seed=seed)
