"""engine.attention.rounded_to_total: rounded values that add to their rounded sum (largest remainder);
and the toy tables' plain rounding (seed 003, "Dot products → attention weights")."""
import numpy as np
import pytest

from engine.attention import rounded_to_total
from engine.toy import toy_attention, toy_permutation


def test_lecture_row_four_prints_as_one():
    """Row 4 of "The cat sat on the": 0.2624, 0.2624, 0.2410, 0.2343 rounds to 0.99 one by one; the
    largest remainder (0.2343's) takes the lost hundredth."""
    A = toy_attention().A
    assert np.round(A[3], 2).sum() == pytest.approx(0.99)
    assert rounded_to_total(A[3]).tolist() == pytest.approx([0.26, 0.26, 0.24, 0.24, 0.0])


def test_the_toy_tables_print_plain_rounding():
    """attention_heatmap_fig and toy_permutation print each weight at its nearest hundredth, the same cell
    the same value in both (row 4's 0.2343 is 0.23 in each; that row then adds to 0.99)."""
    t = toy_attention()
    p = toy_permutation()
    assert np.array_equal(t.A_printed, np.round(t.A, 2)) and np.all(t.A_printed[t.mask] == 0.0)
    for A, table in ((p.A_a, p.A_a_printed), (p.A_b, p.A_b_printed)):
        assert np.array_equal(table, np.round(A, 2)) and np.all(table[t.mask] == 0.0)
    assert t.A_printed[3, 3] == p.A_a_printed[3, 3] == pytest.approx(0.23)
    assert t.A_printed[4].tolist() == pytest.approx([0.24, 0.24, 0.15, 0.13, 0.24])


@pytest.mark.parametrize("seed", range(20))
def test_never_more_than_one_unit_off(seed):
    v = np.random.default_rng(seed).dirichlet(np.ones(7))
    r = rounded_to_total(v, 2)
    assert round(r.sum() * 100) == round(v.sum() * 100)
    assert np.all(np.abs(r - v) < 0.01)
    assert np.allclose(r * 100, np.round(r * 100))


def test_ties_go_to_the_earlier_value_and_exact_values_stay():
    assert rounded_to_total([1 / 3, 1 / 3, 1 / 3]).tolist() == pytest.approx([0.34, 0.33, 0.33])
    assert rounded_to_total([0.25, 0.5, 0.25]).tolist() == pytest.approx([0.25, 0.5, 0.25])
