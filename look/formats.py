"""How numbers are written on screen and in figures."""
from __future__ import annotations

import math


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
FROM_SUPERSCRIPT = str.maketrans("⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹", "-+0123456789")


def superscript(n: int | str) -> str:
    """An exponent as written after a base: −5 → ⁻⁵, 20 → ²⁰."""
    return str(n).translate(SUPERSCRIPT)


def subscript(n: int | str) -> str:
    """An index as written after a symbol: 12 → ₁₂."""
    return str(n).translate(SUBSCRIPT)


def fmt_num(x: float, decimals: int | str = 4, signed: bool = False) -> str:
    """A number as shown on screen and in figures: fixed decimals, a true minus sign.

    `decimals` may also be "Ns": N significant digits (fmt_sig), for values spanning many decades.
    """
    if isinstance(decimals, str):
        return fmt_sig(x, int(decimals.rstrip("s")), signed)
    s = f"{x:+.{decimals}f}" if signed else f"{x:.{decimals}f}"
    if s.lstrip("+-").strip("0.") == "":  # no "-0.0000"
        s = s.replace("-", "+" if signed else "")
    return s.replace("-", "\u2212")


def fmt_int(n: int) -> str:
    """An integer with thousands separators, as the seeds print them (3,584)."""
    return f"{n:,}"


def fmt_sig(x: float, digits: int = 3, signed: bool = False, plain_below: float = 1000) -> str:
    """`digits` significant digits: fixed decimals for 0.01 ≤ |x| < `plain_below`, else m.mm×10ⁿ."""
    if not math.isfinite(x):
        return _not_finite(x)
    if x == 0:
        return fmt_num(x, 0, signed)
    exp = sci_parts(x, digits)[1]  # of the rounded value: 9.9951 at 3 digits is 10.0, not 10.00
    if -2 <= exp and abs(x) < plain_below:
        return fmt_num(x, max(0, digits - 1 - exp), signed)
    return fmt_sci(x, digits, signed)


def sci_parts(x: float, digits: int = 3) -> tuple[float, int]:
    """x = mantissa × 10^exponent with 1 ≤ |mantissa| < 10 once rounded to `digits` significant digits
    (9.995 at 3 digits is 1.00 × 10¹, not 10.00 × 10⁰); (0.0, 0) for 0 or a value that is not finite."""
    if x == 0 or not math.isfinite(x):
        return 0.0, 0
    exp = math.floor(math.log10(abs(x)))
    if abs(round(x / 10**exp, digits - 1)) >= 10:
        exp += 1
    return x / 10**exp, exp


def fmt_sci(x: float, digits: int = 3, signed: bool = False, spaced: bool = False) -> str:
    """Always m.mm×10ⁿ with `digits` significant digits (2.2 × 10⁻¹⁶ with `spaced`)."""
    if not math.isfinite(x):
        return _not_finite(x)
    mant, exp = sci_parts(x, digits)
    times = " × " if spaced else "×"
    return f"{fmt_num(mant, digits - 1, signed)}{times}10{superscript(exp)}"


def fmt_power(x: float) -> str:
    """A small constant as written in a formula: 1e-05 → 10⁻⁵, 1.5e-05 → 1.5×10⁻⁵ (up to 6 significant
    digits); 0 → 0, and from 0.001 on as a plain number (0.01, 0.5)."""
    if x == 0 or abs(x) >= 1e-3:
        return f"{x:g}".replace("-", "\u2212")
    mant, exp = sci_parts(x, 6)
    head = "" if abs(mant - 1.0) < 1e-12 else f"{mant:g}×".replace("-", "\u2212")
    return f"{head}10{superscript(exp)}"


def _not_finite(x: float) -> str:
    return "NaN" if x != x else ("∞" if x > 0 else "\u2212∞")
