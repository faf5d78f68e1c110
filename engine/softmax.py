"""The engine's one softmax, in a module of its own so that engine.positional (the look-back head's
weights) and engine.attention can both use it without importing each other."""
from __future__ import annotations

import numpy as np


def softmax(x, axis: int = -1) -> np.ndarray:
    """Softmax along `axis`, numerically stable: exp(x − max) / Σ exp(x − max), same shape as `x`.

    The one softmax of the engine (attention rows, the Pre-LN block's heads, the toy simulator's
    candidates, the causal-mask table). Entries equal to −inf (masked) get weight exactly 0, since
    exp(−inf) = 0; subtracting the maximum first keeps large scores from overflowing. A slice that
    is −inf everywhere has no distribution and gives NaN, as torch.softmax does.
    """
    x = np.asarray(x, dtype=float)
    e = np.exp(x - x.max(axis=axis, keepdims=True))  # same shape as x
    return e / e.sum(axis=axis, keepdims=True)
