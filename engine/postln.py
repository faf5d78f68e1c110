"""Post-LN on the Pre-LN worked example's numbers: the same X, positions and weights (docs/design.md §3,
"Lesson parameters for the Pre-LN worked example"), with LayerNorm after each residual add instead of
before each sublayer.

    Pre-LN  (engine.block):  Z′ = X_in + Attn(LN(X_in)),   Y = Z′ + FFN(LN(Z′))
    Post-LN (here):          Z  = LN(X_in + Attn(X_in)),   Y = LN(Z + FFN(Z))

Each Post-LN sublayer's output is LayerNorm(x + sublayer(x)), so every row of its Y has mean 0 and
(with ε = 0) variance 1; Pre-LN's Y is the un-normalised sum that ran down the residual path, its rows
at whatever mean and spread they reached.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.block import (LESSON_POSITIONS, LESSON_WEIGHTS, LESSON_X, BlockWeights, attention_sublayer, ffn_sublayer,
                          prenorm_block, row_layer_norm)


@dataclass(frozen=True, eq=False)
class PostLNRecord:
    """One Post-LN pass and the Pre-LN pass on the same inputs (shapes for T tokens, width d)."""

    X_in: np.ndarray  # (T, d) = X + P, the same input as the Pre-LN pass
    O: np.ndarray  # (T, d) attention on X_in itself (no LayerNorm before it)
    sum1: np.ndarray  # (T, d) = X_in + O
    Z: np.ndarray  # (T, d) = LN(X_in + O)
    F: np.ndarray  # (T, d) the feed-forward layer on Z
    sum2: np.ndarray  # (T, d) = Z + F
    Y: np.ndarray  # (T, d) = LN(Z + F), Post-LN's output
    Y_mean: np.ndarray  # (T,) each row's mean of Y (0)
    Y_std: np.ndarray  # (T,) each row's population std of Y (1 when ε = 0)
    pre_Y: np.ndarray  # (T, d) Pre-LN's output for the same inputs (engine.block.prenorm_block)
    pre_Y_mean: np.ndarray  # (T,)
    pre_Y_std: np.ndarray  # (T,)
    eps: float


def postln_sublayer(x, sublayer, eps: float = 0.0) -> np.ndarray:
    """Post-LN around one sublayer: LayerNorm(x + sublayer(x)) (population variance, γ = 1, β = 0)."""
    x = np.asarray(x, dtype=float)  # (T, d)
    return row_layer_norm(x + sublayer(x), eps)[0]  # (T, d)


def postln_block(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                 eps: float = 0.0, causal: bool = False) -> PostLNRecord:
    """The Post-LN block on X with P = sinusoidal(positions) (None: P = 0), beside the Pre-LN block on the same inputs."""
    pre = prenorm_block(X, positions, weights, eps, causal)
    X_in = pre.X_in  # (T, d) the same X + P
    O = attention_sublayer(X_in, weights, causal)[-1]  # (T, d)
    sum1 = X_in + O  # (T, d)
    Z = row_layer_norm(sum1, eps)[0]  # (T, d)
    F = ffn_sublayer(Z, weights)[-1]  # (T, d)
    sum2 = Z + F  # (T, d)
    Y = row_layer_norm(sum2, eps)[0]  # (T, d)
    return PostLNRecord(X_in=X_in, O=O, sum1=sum1, Z=Z, F=F, sum2=sum2, Y=Y, Y_mean=Y.mean(axis=1), Y_std=Y.std(axis=1),
                        pre_Y=pre.Y, pre_Y_mean=pre.Y.mean(axis=1), pre_Y_std=pre.Y.std(axis=1), eps=float(eps))
