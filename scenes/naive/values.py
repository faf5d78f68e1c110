"""How naive_position's chart writes its values (seed 001, lesson 5, the bar machine): a vector row's
entries, a number's slots, a gridline's decade, a slider's whole seat and ①'s share of the four sizes."""
from __future__ import annotations

import numpy as np

from look import fmt_num
from look.formats import fmt_sci
from scenes.parts.glyphs import GlyphNumber

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


def point_decimals(v: float, decimals: int) -> int:
    """Decimals a value needs on screen: none for a whole number (④ = 4 at p = q, not "4.000"), else `decimals`."""
    v = float(v)
    return 0 if abs(v - round(v)) < 1e-9 * max(1.0, abs(v)) else decimals


def fmt_point(v: float, decimals: int) -> str:
    """A value as the chart writes it: a whole number without decimals, any other with `decimals`."""
    return fmt_num(float(v), point_decimals(v, decimals))


class PointNumber(GlyphNumber):
    """A GlyphNumber that writes a whole value without its decimals ("4", "0") and any other with its own."""

    def _format(self, value) -> str:
        if self.suffix or not self.decimals:
            return super()._format(value)
        return fmt_num(value, point_decimals(value, self.decimals), self.signed)


SHORT_FROM = 1e6  # a whole value this large is written m.m×10ⁿ in the chart's narrow places (the captions keep it whole)


def short_whole(v: float, digits: int = 2) -> str:
    """A whole value as the chart's notes and the ghost's tag write it: 1152 as it is, 921600000 as 9.2×10⁸ (9×10⁸
    with one digit)."""
    return fmt_num(v, 0) if abs(v) < SHORT_FROM else fmt_sci(v, digits)
