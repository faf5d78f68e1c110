"""How numbers are written, in one place (look.formats) for scenes, figures, gates and pages."""
import math

import pytest
from hypothesis import given, strategies as st

from look.formats import (FROM_SUPERSCRIPT, fmt_num, fmt_power, fmt_sci, fmt_sig, sci_parts, subscript,
                          superscript)


@pytest.mark.parametrize("x, digits, shown", [
    (0.6286, 3, "0.629"), (1152.0, 3, "1.15×10³"), (9.9951, 3, "10.0"), (0.0099999, 3, "0.0100"),
    (0.00999, 3, "9.99×10⁻³"), (-0.000123456, 4, "−1.235×10⁻⁴"), (0.0, 3, "0"), (math.nan, 3, "NaN"),
    (math.inf, 3, "∞"), (5984.49, 3, "5.98×10³"),
])
def test_fmt_sig(x, digits, shown):
    assert fmt_sig(x, digits) == shown


def test_fmt_sig_keeps_plain_numbers_up_to_a_bound_of_ones_choice():
    assert fmt_sig(5984.49, 3, plain_below=10_000) == "5984"
    assert fmt_sig(12_345.0, 3, plain_below=10_000) == "1.23×10⁴"


@pytest.mark.parametrize("x, shown", [(1e-5, "10⁻⁵"), (1.5e-5, "1.5×10⁻⁵"), (0.0, "0"), (0.01, "0.01"),
                                      (0.5, "0.5"), (1e-12, "10⁻¹²")])
def test_fmt_power(x, shown):
    assert fmt_power(x) == shown


def test_fmt_sci_spaced_and_signed():
    assert fmt_sci(2.2e-16, 2, spaced=True) == "2.2 × 10⁻¹⁶"
    assert fmt_sci(9.47e-10, 3) == "9.47×10⁻¹⁰"
    assert fmt_sci(-3.0e5, 2, signed=True) == "−3.0×10⁵"


def test_scripts_round_trip():
    assert superscript(-15) == "⁻¹⁵" and subscript(12) == "₁₂"
    assert superscript(-15).translate(FROM_SUPERSCRIPT) == "-15"


@given(st.floats(min_value=1e-300, max_value=1e300))
def test_sci_parts_reads_back_the_value(x):
    mant, exp = sci_parts(x, 3)
    assert 1 <= abs(round(mant, 2)) < 10
    assert math.isclose(mant * 10.0**exp, x, rel_tol=1e-9)


@given(st.floats(min_value=1e-12, max_value=1e12), st.integers(2, 5))
def test_fmt_sig_shows_the_digits_asked_for(x, digits):
    shown = fmt_sig(x, digits)
    mantissa = shown.split("×")[0].replace("−", "")
    significant = mantissa.replace(".", "").lstrip("0")
    assert len(significant) == digits or (digits - 1 - math.floor(math.log10(float(mantissa))) < 0), shown
    assert math.isclose(float(mantissa) * (10.0 ** int(shown.split("10")[-1].translate(FROM_SUPERSCRIPT))
                                          if "×" in shown else 1.0), x, rel_tol=10.0 ** (1 - digits))


def test_fmt_num_has_no_negative_zero():
    assert fmt_num(-0.00001, 4) == "0.0000" and fmt_num(-1.5, 1) == "−1.5"
