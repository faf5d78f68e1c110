"""pe_clock's look-back rows: the values printed above each peak and its two neighbours are the engine's, and the
caption that states them can state one value for every peak and one for every neighbour."""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from scenes.clock.lookback import VALUE_DECIMALS
from scenes.clock.strings import STRINGS
from studio import catalogue


def test_peak_and_neighbours_read_one_value_each():
    d = catalogue.get("pe_clock").compute()
    rows = dict(zip(d.look_back_seats, d.look_back_rows))
    tops, sides = set(), set()
    for p, row in rows.items():
        j = d.look_back_peaks[p]
        assert j == p - 1 and row[j] == pytest.approx(d.look_back_top)
        tops.add(fmt_num(row[j], VALUE_DECIMALS))
        for k in (j - 1, j + 1):
            assert row[k] < row[j]
            sides.add(fmt_num(row[k], VALUE_DECIMALS))
    assert tops == {fmt_num(d.d_model / 2, VALUE_DECIMALS)}  # the peak is PE(p − 1) · PE(p − 1) = d/2
    assert len(sides) == 1 and sides != tops  # the neighbours, lower, read differently at the printed rounding


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_values_caption_in_every_language(lang):
    text = STRINGS[lang]["cap_look_values"]
    assert "{top}" in text and "{side}" in text and "d/2" in text


def test_formula_as_written_peaks_one_seat_back():
    """The on-screen formula, read with row vectors as written (q = PE(p) W_Q with W_Q = R_1, k = PE(j)), is the
    product the engine's score table applies, and every row of it peaks at j = p − 1."""
    from engine.positional import look_back_scores, rotation, sinusoidal
    from scenes.clock.lookback import FORMULA_TEX

    assert r"W_Q=R_1," in FORMULA_TEX and r"W_K=I" in FORMULA_TEX and "top" not in FORMULA_TEX
    assert r"\big(PE(p)\,W_Q\big)\cdot\big(PE(j)\,W_K\big)=PE(p-1)\cdot PE(j)" in FORMULA_TEX
    d = catalogue.get("pe_clock").compute()
    n, width = len(d.look_back_peaks), d.d_model
    table = sinusoidal(range(n), width)  # (n, d) the rows PE(p)
    w_q = rotation(1, width)  # W_Q = R_1, as on screen
    queries = table @ w_q  # (n, d) row p is PE(p) W_Q
    np.testing.assert_allclose(queries[1:], table[:-1], atol=1e-12)  # PE(p) W_Q = PE(p − 1)
    scores = queries @ table.T  # (n, n) q(p) · k(j), k(j) = PE(j) W_K with W_K = I
    np.testing.assert_allclose(scores, look_back_scores(n, width), atol=1e-12)
    assert list(scores.argmax(axis=1)[1:]) == list(range(n - 1))


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_look_caption_states_the_query_and_names_d(lang):
    text = STRINGS[lang]["cap_look"]
    assert "PE(p − 1)" in text and "PE(p + 1)" not in text and "ᵀ" not in text
    assert "{d}" in STRINGS[lang]["cap_look_values"]
