"""engine.costs.combine_rows: seed 001's "three ways to combine" for one word at one seat."""
import numpy as np
import pytest

from engine import combine_rows as root_combine_rows
from engine.costs import combine_costs, combine_rows
from engine.naive import naive_position
from engine.positional import sinusoidal


def test_three_ways_have_the_seed_widths_and_parts():
    e = naive_position().e  # (8,) the word 加's stand-in vector
    r = combine_rows(e, 12)
    assert r.add.shape == (8,) and r.concat_seat.shape == (9,) and r.concat_fingerprint.shape == (16,)
    # seed 001: the demo's fingerprint is 4 pairs, 8 numbers, laid cell by cell beside the 8-number word
    np.testing.assert_array_equal(r.fingerprint, sinusoidal([12], 8)[0])
    np.testing.assert_array_equal(r.add, e + sinusoidal([12], 8)[0])
    np.testing.assert_array_equal(r.concat_seat[:8], e)
    assert r.concat_seat[8] == 12.0
    np.testing.assert_array_equal(r.concat_fingerprint, np.concatenate([e, r.fingerprint]))
    # the widths agree with the size record: d, d + 1, 2d (seed 001: 3,584 → 7,168 for the real model)
    widths = combine_costs(d_models=(8, 3584)).widths
    assert list(widths[0]) == [r.add.size, r.concat_seat.size, r.concat_fingerprint.size]
    assert list(widths[1]) == [3584, 3585, 7168]


def test_seat_zero_adds_the_sin_cos_of_zero():
    e = np.arange(8.0)
    r = combine_rows(e, 0)
    np.testing.assert_array_equal(r.fingerprint, [0, 1, 0, 1, 0, 1, 0, 1])
    np.testing.assert_array_equal(r.add - e, r.fingerprint)


def test_bad_widths_are_refused_and_the_function_is_public():
    for bad in (np.ones(3), np.ones((2, 4)), np.ones(0)):
        with pytest.raises(ValueError, match="even width"):
            combine_rows(bad, 1)
    assert root_combine_rows is combine_rows
