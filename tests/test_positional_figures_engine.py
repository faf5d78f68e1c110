"""The records behind the positional-encoding figures (seeds 001, 002): identities, ties, sizes, costs."""
import numpy as np
import pytest

import engine
from engine.costs import attention_cost, combine_costs, rnn_vs_attention
from engine.gpt2 import GPT2_SIZES
from engine.pe_geometry import angle_table, distance_profile
from engine.pe_waves import counting_encoding, dot_distance, seq_number_problems, wave_samples
from engine.positional import denominators, distance_matrix, dot_by_gap, pe_dot_product, sinusoidal


# -- PE(p) · PE(p + k) = Σ cos(k / D_i) (seed 002 §05) -------------------------------------------
@pytest.mark.parametrize("d_model", [4, 8, 16, 64])
def test_dot_product_equals_sum_of_cosines(d_model):
    rng = np.random.default_rng(0)
    p = rng.uniform(-200, 2000, size=300)  # (300,)
    k = rng.uniform(-300, 300, size=300)  # (300,)
    direct = np.einsum("nd,nd->n", sinusoidal(p, d_model), sinusoidal(p + k, d_model))  # (300,)
    np.testing.assert_allclose(pe_dot_product(p, k, d_model), direct, atol=1e-12)
    np.testing.assert_allclose(direct, np.cos(np.multiply.outer(k, 1 / denominators(d_model))).sum(axis=1),
                               atol=1e-9)
    np.testing.assert_allclose(dot_by_gap(k, d_model), direct, atol=1e-9)


@pytest.mark.parametrize("k", [0, 1, 2, 5, 28, 113.5, -7])
def test_dot_product_does_not_depend_on_p(k):
    starts = np.array([0, 1, 3, 17, 100, 999, 12345.25])
    values = pe_dot_product(starts, k, 8)
    np.testing.assert_allclose(values, values[0], atol=1e-9)
    assert values[0] == pytest.approx(float(dot_by_gap(k, 8)), abs=1e-9)


def test_dot_product_scalar_and_even_in_k():
    assert float(pe_dot_product(3, 0, 8)) == pytest.approx(4.0)  # d / 2
    assert float(pe_dot_product(3, 5, 8)) == pytest.approx(float(pe_dot_product(3, -5, 8)))
    assert np.all(np.abs(dot_by_gap(np.arange(500), 16)) <= 8 + 1e-12)  # bounded by d / 2


def test_dot_distance_record():
    r = dot_distance()
    assert r.dots.shape == (len(r.starts), r.gaps.size)
    assert r.max_deviation < 1e-12 and r.spread_over_p < 1e-12
    np.testing.assert_allclose(r.dots, np.broadcast_to(r.closed_form, r.dots.shape), atol=1e-12)
    assert r.closed_form[0] == pytest.approx(4.0)
    assert round(r.example_value, 4) == 3.5353
    np.testing.assert_allclose(r.example_terms, np.cos(1 / np.array([1, 10, 100, 1000])))
    # the fine curve passes through the integer points
    on_grid = np.isclose(r.fine_gaps, np.round(r.fine_gaps)) & (r.fine_gaps <= r.gaps[-1])
    np.testing.assert_allclose(r.fine_closed_form[on_grid], r.closed_form[np.round(r.fine_gaps[on_grid]).astype(int)],
                               atol=1e-12)


# -- distances (seed 001 "distance") -----------------------------------------------------------------
def test_distance_profile_ties_and_extremes():
    r = distance_profile()
    np.testing.assert_allclose(r.matrix, distance_matrix(32, 16))
    assert round(r.adjacent_distance, 4) == 1.0147
    assert len(r.adjacent_pairs) == 31
    np.testing.assert_allclose(np.diag(r.matrix, 1), r.adjacent_distance, atol=1e-12)
    assert round(r.max_distance, 4) == 3.5091  # the seed prints 3.5090 (cut)
    assert r.max_distance_truncated == 3.5090
    assert r.max_gap == 28 and r.max_pairs == ((0, 28), (1, 29), (2, 30), (3, 31))
    assert r.second_gap == 29 and round(r.second_distance, 4) == 3.5000
    assert r.by_gap_spread < 1e-12
    assert 3 < r.max_over_adjacent < 4  # "more than 3 times"
    # distance² = d − 2 Σ cos(k / D_i) at every integer gap, and the smooth curve agrees
    np.testing.assert_allclose(r.by_gap ** 2, 16 - 2 * dot_by_gap(r.gaps, 16), atol=1e-12)
    np.testing.assert_allclose(np.interp(r.gaps, r.fine_gaps, r.fine_distance), r.by_gap, atol=1e-9)


# -- angle table (seed 001) -------------------------------------------------------------------------
def test_angle_table_rows_identical():
    t = angle_table()
    assert t.table.shape == (8, 3) and t.starts == (2, 11, 28) and t.ends == (5, 14, 31)
    for row in t.table:
        np.testing.assert_allclose(row, row[0], atol=1e-9)
    np.testing.assert_allclose(t.table[:, 0], t.predicted, atol=1e-9)
    assert round(t.table[0, 0], 4) == 171.8873
    assert round(t.step_degrees, 4) == 57.2958
    np.testing.assert_allclose(t.step_angles, 57.29577951308232, atol=1e-9)
    np.testing.assert_allclose(t.speeds_degrees, np.degrees(t.speeds))


@pytest.mark.parametrize("starts,gap,hands", [((0, 5, 40, 333), 7, (0, 2, 5)), ((1, 2), 1, (0,)),
                                              ((3, 90), 20, (0, 1, 7))])
def test_angle_table_any_starts_gap_hands(starts, gap, hands):
    t = angle_table(starts=starts, gap=gap, hands=hands)
    assert t.table.shape == (len(hands), len(starts))
    assert np.all((t.table >= 0) & (t.table <= 180))
    np.testing.assert_allclose(t.table, np.repeat(t.predicted[:, None], len(starts), axis=1), atol=1e-6)
    np.testing.assert_allclose(t.end_angles - t.start_angles, gap * t.speeds[:, None] * np.ones(len(starts)))


# -- waves (seed 002 §04) -------------------------------------------------------------------------------
def test_wave_samples_pos3():
    w = wave_samples()
    np.testing.assert_allclose(w.denominators, [1, 10, 100, 1000])
    np.testing.assert_allclose(w.angles, [3, 0.3, 0.03, 0.003])
    np.testing.assert_allclose(w.pe_at, [0.1411, -0.9900, 0.2955, 0.9553, 0.0300, 0.9996, 0.0030, 1.0000],
                               atol=5e-5)
    np.testing.assert_allclose(w.values[3], w.pe_at)
    np.testing.assert_allclose(w.periods, 2 * np.pi * w.denominators)
    assert w.fine_values.shape == (w.fine_positions.size, 8)
    assert np.abs(w.fine_values).max() <= 1.0


# -- P_i = [i, …, i] (seed 002 §03) ---------------------------------------------------------------------
def test_seq_number_problems():
    s = seq_number_problems()
    np.testing.assert_allclose(counting_encoding([2, 5], 8), [[2] * 8, [5] * 8])
    np.testing.assert_allclose(s.counting_value, s.positions)
    assert s.sinusoidal_max_abs <= 1.0
    np.testing.assert_allclose(s.counting_norm, s.positions * np.sqrt(8))
    np.testing.assert_allclose(s.sinusoidal_norm, 2.0)  # sqrt(d / 2)
    for r, p in enumerate(s.dot_starts):
        np.testing.assert_allclose(s.counting_dots[r], 8 * p * (p + s.gaps))
    # naive dot products change with p; sinusoidal ones do not
    assert np.ptp(s.counting_dots, axis=0).min() > 0
    assert np.ptp(s.sinusoidal_dots, axis=0).max() < 1e-12
    assert s.example_counting_ratio == pytest.approx(12.0)
    assert round(s.example_sinusoidal_ratio, 4) == 0.7071
    # the figure's ‖E‖ and bound come from the record: rms·√d and d/2
    assert round(s.content_norm, 4) == 2.8284 and s.dot_bound == 4
    assert np.abs(s.sinusoidal_dots).max() <= s.dot_bound + 1e-12
    wide = seq_number_problems(d_model=16, content_rms=0.5)
    assert wide.content_norm == pytest.approx(2.0) and wide.dot_bound == 8


# -- sizes and costs (seeds 001, 002) -------------------------------------------------------------------
def test_combine_costs():
    c = combine_costs()
    add, seat, cat = (c.ways.index(w) for w in ("add", "concat_seat", "concat_fingerprint"))
    r512, r3584, r8 = (c.d_models.index(d) for d in (512, 3584, 8))
    assert (c.widths[r512, add], c.widths[r512, cat]) == (512, 1024)
    assert (c.widths[r3584, add], c.widths[r3584, seat], c.widths[r3584, cat]) == (3584, 3585, 7168)
    assert (c.widths[r8, add], c.widths[r8, cat]) == (8, 16)
    assert c.wq_params[r3584, add] == 3584 * 3584 == 12_845_056
    assert c.wq_params[r3584, cat] == 7168 * 3584 == 25_690_112
    np.testing.assert_allclose(c.qkv_params, 3 * c.wq_params)
    np.testing.assert_allclose(c.width_ratio[:, cat], 2.0)
    assert np.all(c.extra_qkv_params[:, add] == 0)


def test_attention_cost_ratios():
    a = attention_cost()
    assert a.short_scores == 1024 ** 2 == 1_048_576
    assert a.long_scores == 32768 ** 2
    assert a.length_ratio == 32 and a.score_ratio == 1024 and a.position_ratio == 32
    assert a.score_ratio == a.length_ratio ** 2
    np.testing.assert_array_equal(a.score_entries, a.lengths ** 2)
    np.testing.assert_array_equal(a.position_entries, a.lengths * GPT2_SIZES[0][1])  # GPT-2 small's width
    assert a.position_width == 768 and attention_cost(position_width=16).position_width == 16
    # the stored tables: every row, whatever T is (GPT-2 small 1,024 × 768 = 786,432; XL 1,024 × 1,600)
    assert list(a.real_table_entries) == [786_432, 1_638_400]
    assert a.real_table_entries[0] == a.short_positions  # at T = 1,024 a pass reads every stored row
    assert list(attention_cost(short=64, long=256).real_table_entries) == [786_432, 1_638_400]
    assert a.short_score_bytes == 4 * 2 ** 20 and a.long_score_bytes == 4 * 2 ** 30
    # on log-log axes: slope 2 vs slope 1
    slopes = np.polyfit(np.log(a.lengths), np.log(a.score_entries), 1)[0], \
        np.polyfit(np.log(a.lengths), np.log(a.position_entries), 1)[0]
    assert slopes == pytest.approx((2.0, 1.0))
    # a pass's 144 tables first hold more than the kept numbers at a whole length: 6 tokens (768 / 144 = 5.33)
    t, k, d = a.pass_first_length, a.pass_tables, a.position_width
    assert (t, k) == (6, 144) and k * t * t > t * d and k * (t - 1) ** 2 <= (t - 1) * d


def test_rnn_vs_attention():
    r = rnn_vs_attention(6)
    assert (r.rnn_states, r.attention_steps, r.pairs) == (6, 1, 36)
    assert r.rnn_longest_path == r.rnn_hops.max() == 5 and r.attention_longest_path == 1
    assert rnn_vs_attention(11).pairs == 121


def test_new_names_on_the_package_root():
    for name in ("pe_dot_product", "dot_by_gap", "distance_profile", "angle_table", "wave_samples", "dot_distance",
                 "counting_encoding", "seq_number_problems", "combine_costs", "attention_cost", "rnn_vs_attention"):
        assert callable(getattr(engine, name)), name
    assert engine.pe_dot_product is pe_dot_product


def test_wave_periods_rounded_to_two_significant_digits():
    """pe_waves writes each pair's period as 2πD_i to two significant digits (seed 002 §04: D = 1 … 1000)."""
    w = wave_samples()
    assert w.periods_rounded.tolist() == [6.3, 63.0, 630.0, 6300.0]
    assert np.allclose(w.periods, 2 * np.pi * np.array([1, 10, 100, 1000]))


def test_fingerprint_step_degrees_per_pair():
    """pe_table writes each pair's turn per position in degrees: 1 rad = 57.2958° for pair 0 (seed 001),
    each next pair 10000^(2/16) = √10 times slower."""
    from engine import fingerprint

    f = fingerprint()
    assert round(f.step_degrees[0], 4) == 57.2958
    assert np.allclose(np.array(f.step_degrees[:-1]) / np.array(f.step_degrees[1:]), 10 ** 0.5)
