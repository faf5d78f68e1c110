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
