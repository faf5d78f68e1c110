"""How naive_position's chart writes its values (seed 001, lesson 5, the bar machine): a vector row's
entries, a number's slots, a gridline's decade, a slider's whole seat and ①'s share of the four sizes."""
from __future__ import annotations

import numpy as np

from look import fmt_num

ROW_MAX = 8  # numbers of a vector row shown in full; a wider one shows its first and last ones around "…"


def shown_entries(v) -> list:
    """A vector as its row shows it: every number up to ROW_MAX, else the first ROW_MAX − 2, "…" and the last."""
    v = list(v)
    return v if len(v) <= ROW_MAX else v[:ROW_MAX - 2] + ["…"] + v[-1:]


def slots(bound: float, decimals: int) -> int:
    """GlyphNumber slots for any value of magnitude up to `bound`."""
    return len(fmt_num(-abs(bound) - 0.5 * 10.0 ** -decimals, decimals))


def decade_label(k: int) -> str | None:
    """10^k under its gridline in plain digits (0.01 … 100000), or None: then 10ᵏ is a formula (no tiny glyph)."""
    if -2 <= k <= 5:
        return fmt_num(10.0 ** k, max(0, -k))
    return None


def whole(v: float) -> int:
    """The whole seat a moving slider shows."""
    return int(np.floor(v + 0.5))


def share(terms) -> float:
    """|①| / (|①| + |②| + |③| + |④|): how much of the four sizes is the words' own term."""
    a = np.abs(np.asarray(terms, dtype=float))  # (4,)
    return float(a[0] / a.sum()) if a.sum() > 0 else 1.0
