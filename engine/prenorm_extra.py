"""What one block does to the skip-line gradient (engine.depth_grad's pre_skip / post_skip, index 0 the stream's end,
index k block (n + 1 − k)'s input): the factor each crossing multiplies it by, and Post-LN's mean factor per block."""
from __future__ import annotations

import numpy as np


def skip_factors(skip) -> np.ndarray:
    """skip[k] / skip[k − 1] for k = 1 … n: what the block between those two points multiplies the gradient by on its
    way back (Pre-LN: 1 at every block, its skip line the identity; Post-LN: its two LayerNorms' factor)."""
    s = np.asarray(skip, dtype=float)
    return s[1:] / s[:-1]


def mean_factor(skip) -> float:
    """The one factor per block that takes skip[0] to skip[n] over n blocks: (skip[n] / skip[0]) ** (1 / n), the
    geometric mean of skip_factors."""
    s = np.asarray(skip, dtype=float)
    return float((s[-1] / s[0]) ** (1.0 / (len(s) - 1)))
