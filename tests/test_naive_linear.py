"""naive_position's linear step (scenes.naive.linear): the four terms at two pairs of different seats on one
fixed linear axis. The first pair fits the axis, the second is both seats doubled: ① stays, ② and ③ double,
④ = p·q·d grows four times and runs past the axis' end (the arrow the scene draws); every value is the engine's."""
import numpy as np
import pytest

from engine.naive import linear_axis, naive_position, naive_terms


def test_naive_position_linear_terms_and_axis():
    r = naive_position()
    (p0, q0), (p1, q1) = r.linear_stops
    assert p0 != q0 and p1 != q1  # different seats, as the step says
    for (p, q), terms in zip(r.linear_stops, r.linear_terms):
        np.testing.assert_allclose(terms, naive_terms(r.e, r.e2, p, q), rtol=1e-12)
        assert terms[3] == pytest.approx(p * q * r.d_model)
    t0, t1 = r.linear_terms
    assert t1[0] == t0[0]  # the content term stays put
    np.testing.assert_allclose(t1[1:3], 2 * t0[1:3])  # both seats doubled
    assert t1[3] == pytest.approx(4 * t0[3])
    top = r.linear_ticks[-1]
    assert np.abs(t0).max() <= top < abs(t1[3])  # the first pair fits; ④ of the second runs off
    assert r.linear_ticks[0] == 0 and np.allclose(np.diff(r.linear_ticks), r.linear_ticks[1])


@pytest.mark.parametrize("terms", [[0.8, -0.9, 2.0, 48.0], [0.01, 0.02, -0.03, 0.04], [5e3, 1.0, 1.0, 1.0]])
def test_naive_position_linear_axis_is_round_and_roomy(terms):
    ticks = linear_axis(terms)  # (T,)
    step = ticks[1]
    mantissa = step / 10.0 ** np.floor(np.log10(step))
    assert any(np.isclose(mantissa, m) for m in (1.0, 2.0, 2.5, 5.0, 10.0))
    assert ticks[-1] >= 1.25 * max(abs(t) for t in terms) - 1e-12
    assert 3 <= len(ticks) - 1 <= 12



def test_naive_position_linear_strings_in_every_language():
    from scenes.naive.strings import STRINGS

    keys = ("axis_linear", "cap_linear", "cap_linear_terms", "cap_linear_move", "cap_linear_off", "cap_linear_big",
            "cap_linear_log")
    for lang, table in STRINGS.items():
        assert all(table.get(k) for k in keys), lang
