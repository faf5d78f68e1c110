"""How numbers are written on screen and in figures."""
from __future__ import annotations


def fmt_num(x: float, decimals: int = 4, signed: bool = False) -> str:
    """A number as shown on screen and in figures: fixed decimals, a true minus sign."""
    s = f"{x:+.{decimals}f}" if signed else f"{x:.{decimals}f}"
    if s.lstrip("+-").strip("0.") == "":  # no "-0.0000"
        s = s.replace("-", "+" if signed else "")
    return s.replace("-", "\u2212")


def fmt_int(n: int) -> str:
    """An integer with thousands separators, as the seeds print them (3,584)."""
    return f"{n:,}"
