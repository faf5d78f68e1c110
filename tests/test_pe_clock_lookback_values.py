"""pe_clock's look-back rows: the head W_Q = c · R_{-1} (c = 12), W_K = I; its scores divided by √d and their softmax
weights are the engine's, the values printed above each peak and its two neighbours are those, and the captions that
state them are true of them (the seat before takes the largest weight, by a wide margin)."""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from scenes.clock.lookback import VALUE_DECIMALS, factor_text, formula_tex, query_tex, weight_tex
from scenes.clock.strings import STRINGS
from studio import catalogue


@pytest.fixture(scope="module")
def d():
    return catalogue.get("pe_clock").compute()


def test_peak_and_neighbours_read_one_value_each(d):
    rows = dict(zip(d.look_back_seats, d.look_back_rows))
    tops, sides = set(), set()
    for p, row in rows.items():
        j = d.look_back_peaks[p]
        assert j == p - 1 and row[j] == pytest.approx(d.look_back_top)
        tops.add(fmt_num(row[j], VALUE_DECIMALS))
        for k in (j - 1, j + 1):
            assert row[k] < row[j]
            sides.add(fmt_num(row[k], VALUE_DECIMALS))
    # the peak is c · PE(p − 1) · PE(p − 1) / √d = 12 · 8 / 4 = 24.00; the neighbours 12 · 7.4871 / 4 = 22.46
    assert d.look_back_scale == 12.0
    assert tops == {"24.00"} and sides == {"22.46"}
    assert d.look_back_top == pytest.approx(d.look_back_scale * (d.d_model / 2) / np.sqrt(d.d_model))


def test_softmax_weights_look_back_one_seat(d):
    """The weights are the softmax of the rows shown; seat p − 1 takes the largest, about 4.7 times a neighbour's."""
    for p, row, w in zip(d.look_back_seats, d.look_back_rows, d.look_back_weights):
        row, w = np.array(row), np.array(w)
        from engine.attention import softmax  # the engine's one softmax: the record writes it out (no import circle)

        np.testing.assert_allclose(w, softmax(row), atol=1e-12)
        assert w.sum() == pytest.approx(1.0)
        order = np.argsort(w)[::-1]
        assert order[0] == p - 1
        assert set(order[1:3]) == {p - 2, p}  # the runners-up are the two seats beside it
        assert 0.67 < w[p - 1] < 0.68 and 0.14 < w[p] < 0.15
        assert w[p - 1] / w[order[1]] > 4.6
    w5 = dict(zip(d.look_back_seats, d.look_back_weights))[5]
    assert (fmt_num(w5[4], VALUE_DECIMALS), fmt_num(w5[5], VALUE_DECIMALS)) == ("0.68", "0.14")


def test_without_the_factor_the_softmax_is_flat(d):
    """W_Q = R_{-1} alone: the same peak seat, but it takes under 6 % of the weight (why the factor is there)."""
    from engine.attention import softmax
    from engine.positional import look_back_scores

    plain = softmax(look_back_scores(d.n_positions, d.d_model) / np.sqrt(d.d_model), axis=1)  # (n, n)
    assert plain[5].argmax() == 4 and plain[5, 4] < 0.06


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_values_caption_in_every_language(lang):
    text = STRINGS[lang]["cap_look_values"]
    assert "{top}" in text and "{side}" in text and "d/2" in text and "{f}" in text
    assert "length" not in text and "長度" not in text and "长度" not in text
    soft = STRINGS[lang]["cap_look_soft"]
    assert all(k in soft for k in ("{a}", "{a1}", "{w}", "{side}", "{c}"))


def test_formula_as_written_peaks_one_seat_back(d):
    """The on-screen formula, read with row vectors as written (q = PE(p) W_Q with W_Q = 12 R_{-1}, k = PE(j)), divided
    by √16, is the engine's score rows, 3 PE(p − 1) · PE(j), and every row of it peaks at j = p − 1. On a row, R_{-1} (the
    engine's rotation(-1).T) turns PE(p) back to PE(p − 1): the rotation's law PE(p + k) = PE(p) R_k on rows at
    k = −1."""
    from engine.positional import rotation, sinusoidal

    tex = formula_tex(d.look_back_scale, d.d_model)
    assert r"W_Q=12\,R_{-1}:" in "".join(query_tex(d.look_back_scale)) and r"W_K=I" in tex and r"/\sqrt{16}=3\,PE(p-1)\cdot PE(j)" in tex
    assert factor_text(12, 16) == "3" and "softmax" in weight_tex(12, 16)
    n, width = d.n_positions, d.d_model
    table = sinusoidal(range(n), width)  # (n, d) the rows PE(p)
    np.testing.assert_allclose(rotation(-1, width).T, rotation(1, width), atol=1e-15)
    np.testing.assert_allclose(table[:-1], table[1:] @ rotation(-1, width).T, atol=1e-12)  # PE(p) R_{-1} = PE(p − 1)
    queries = table @ (12 * rotation(-1, width).T)  # (n, d) row p is PE(p) W_Q
    np.testing.assert_allclose(queries[1:], 12 * table[:-1], atol=1e-12)  # PE(p) W_Q = 12 PE(p − 1)
    scores = queries @ table.T / np.sqrt(width)  # (n, n)
    for p, row in zip(d.look_back_seats, d.look_back_rows):
        np.testing.assert_allclose(scores[p], row, atol=1e-12)
        np.testing.assert_allclose(scores[p], 3 * table[p - 1] @ table.T, atol=1e-12)
    assert list(scores.argmax(axis=1)[1:]) == list(range(n - 1))


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_look_caption_states_the_query_and_the_factor(lang):
    text = STRINGS[lang]["cap_look"]
    assert "PE(p − 1)" in text and "PE(p + 1)" not in text and "ᵀ" not in text and "{c}" in text
    assert "{d}" in STRINGS[lang]["cap_look_values"]


def test_query_line_as_written_turns_back_one_seat(d):
    """The query line shown before any score (W_Q = 12 R_{-1}: q = PE(p) W_Q = 12 PE(p − 1)) and the dials' turn under
    it: every hand turns back by its own ωᵢ, so at seat 5 the turned hands stand at seat 4's angles."""
    from engine.positional import rotation, sinusoidal
    from scenes.clock.lookback import query_tex

    tex = "".join(query_tex(d.look_back_scale))
    assert r"W_Q=12\,R_{-1}:" in tex and "R_1" not in tex and r"q=PE(p)\,W_Q" in tex and tex.endswith(r"12\,PE(p-1)")
    p = d.look_back_seats[0]
    q = sinusoidal([p], d.d_model)[0] @ (d.look_back_scale * rotation(-1, d.d_model).T)  # (d,)
    np.testing.assert_allclose(q, 12 * sinusoidal([p - 1], d.d_model)[0], atol=1e-12)
    turned = np.asarray(d.speeds) * (p - 1)  # each hand's angle after turning back by its own ω_i
    np.testing.assert_allclose(np.arctan2(q[0::2], q[1::2]), np.angle(np.exp(1j * turned)), atol=1e-12)
