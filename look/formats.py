"""How numbers are written on screen and in figures."""
from __future__ import annotations

import math


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


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


def fmt_sig(x: float, digits: int = 3, signed: bool = False) -> str:
    """`digits` significant digits: fixed decimals for 0.01 ≤ |x| < 1000, else m.mm×10ⁿ."""
    if x == 0 or x != x:
        return fmt_num(x, 0, signed)
    exp = math.floor(math.log10(abs(x)))
    if -2 <= exp < 3:
        return fmt_num(x, max(0, digits - 1 - exp), signed)
    mant = fmt_num(x / 10**exp, digits - 1, signed)
    if mant.lstrip("+\u2212").startswith("10"):  # 9.995 rounds up to 10.00
        exp += 1
        mant = fmt_num(x / 10**exp, digits - 1, signed)
    return f"{mant}×10" + str(exp).translate(SUPERSCRIPT)
