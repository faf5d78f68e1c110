"""The seat-over-length fix p/N (engine.naive.fraction_positions): every value in [0, 1), but the step between
neighbouring seats and the number one seat gets change with the sentence's length."""
import numpy as np
import pytest

from engine.naive import fraction_positions, naive_position


def test_fraction_positions_by_hand():
    np.testing.assert_allclose(fraction_positions([5, 50], 1), [0.2, 0.02])
    np.testing.assert_allclose(fraction_positions([5, 50], 3), [0.6, 0.06])
    np.testing.assert_allclose(fraction_positions([4], 0), [0.0])
    for bad in ([0], [2.5], [[5]]):
        with pytest.raises(ValueError):
            fraction_positions(bad, 0)
    with pytest.raises(ValueError):
        fraction_positions([5, 50], 5)  # not a seat of the 5-token sentence


def test_fraction_record_step_depends_on_length():
    r = naive_position()
    n = r.frac_lengths
    np.testing.assert_allclose(r.frac_steps, 1.0 / n)
    np.testing.assert_allclose(r.frac_values, r.frac_seat / n)
    assert r.frac_steps[0] / r.frac_steps[1] == pytest.approx(n[1] / n[0])  # one seat apart: ten times larger
    assert np.all((r.frac_values >= 0) & (r.frac_values < 1))
    assert len(set(np.round(r.frac_values, 12))) == len(n)  # the same seat, a different number in each sentence
