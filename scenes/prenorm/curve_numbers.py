"""The numbers of prenorm_block's closing picture (scenes.prenorm.curve): the whole gradient at block 1's input over
depth, for Pre-LN and for Post-LN (seed 000, lesson 03b4 §6; engine.depth_grad.depth_gradients, after Xiong et al.
2020 §3). For each depth L = 1 … DEPTHS the lesson's block is stacked L deep, the same weights in every block, and the
gradient of token a's first output entry is followed back to block 1's input; its norm (over every entry of the input)
is `.pre_total[-1]` / `.post_total[-1]` of that record. Both start from 1.00 at each stack's true output (Post-LN: its
last block's LN; Pre-LN: its final LN).

With the lesson's weights Pre-LN's falls slowly (0.96 at one block, 0.34 at 24), while Post-LN's grows to 5.92 at six
blocks and then falls to 0.0037 at 24: it is larger than Pre-LN's from 2 to 12 blocks and smaller from 13 on."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.depth_grad import depth_gradients
from look import fmt_num

DEPTHS = 24  # the deepest stack drawn


@dataclass(frozen=True, eq=False)
class DepthCurves:
    depths: np.ndarray  # 1 … DEPTHS
    pre: np.ndarray  # ‖∂out[a, 0]/∂(block 1's input)‖ for a Pre-LN stack that deep
    post: np.ndarray  # ... Post-LN

    @property
    def peak(self) -> int:
        """The index of Post-LN's largest value."""
        return int(np.argmax(self.post))

    @property
    def below_from(self) -> int | None:
        """The index from which Post-LN's value stays under Pre-LN's to the deepest stack (None: it never does)."""
        under = self.post < self.pre
        if not under[-1]:
            return None
        k = len(under) - 1
        while k > 0 and under[k - 1]:
            k -= 1
        return k


@lru_cache(maxsize=8)
def _curves(x: bytes, shape: tuple, positions: tuple | None, eps: float, depths: int) -> DepthCurves:
    X = np.frombuffer(x).reshape(shape)
    recs = [depth_gradients(X, positions, eps=eps, blocks=L) for L in range(1, depths + 1)]
    return DepthCurves(depths=np.arange(1, depths + 1), pre=np.array([r.pre_total[-1] for r in recs]),
                       post=np.array([r.post_total[-1] for r in recs]))


def depth_curves(d, depths: int = DEPTHS) -> DepthCurves:
    """Both curves for the record d (PrenormLesson: its X, positions and ε), computed once per input."""
    X = np.ascontiguousarray(d.X, dtype=float)
    positions = None if d.positions is None else tuple(d.positions)  # None: the pass with P = 0
    return _curves(X.tobytes(), X.shape, positions, float(d.eps), int(depths))


def value(v: float) -> str:
    """A gradient as drawn and said: 2 decimals, or 2 significant digits under 0.01 (0.0037)."""
    return fmt_num(v, 2) if v >= 0.01 else np.format_float_positional(v, precision=2, fractional=False, trim="-")


def curve_args(d) -> dict:
    """The closing caption's numbers: N the deepest stack; c1 / cN Pre-LN's at 1 and N blocks; q1 Post-LN's at one
    block, qm its largest, at Lm blocks, qN its value at N; Lx the depth from which Post-LN's stays the smaller."""
    c = depth_curves(d)
    k = c.below_from
    return {"N": int(c.depths[-1]), "c1": value(c.pre[0]), "cN": value(c.pre[-1]), "q1": value(c.post[0]),
            "qm": value(c.post[c.peak]), "Lm": int(c.depths[c.peak]), "qN": value(c.post[-1]),
            "Lx": int(c.depths[k]) if k is not None else int(c.depths[-1])}
