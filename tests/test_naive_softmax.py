"""naive_position's softmax row (scenes.naive.softmax): one query's attention weights over the keys, with the
word vectors alone and with the seat numbers added. Each row is a distribution (in [0, 1], summing to 1) equal to
torch's softmax of the scaled dot products, and with the seats added the weight piles onto the largest seat, not the query's own."""
import numpy as np
import pytest

from engine.naive import attention_row, naive_position


def test_naive_softmax_rows_are_distributions_and_match_torch():
    torch = pytest.importorskip("torch")
    r = naive_position()
    p = r.att_query_seat
    d = r.d_model
    q = torch.tensor(r.e_swap, dtype=torch.float64)
    k = torch.tensor(r.att_keys, dtype=torch.float64)
    seats = torch.tensor(r.att_seats, dtype=torch.float64)
    words = torch.softmax(k @ q / d ** 0.5, dim=0).numpy()
    placed = torch.softmax((k + seats[:, None]) @ (q + p) / d ** 0.5, dim=0).numpy()
    np.testing.assert_allclose(r.att_weights_words, words, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(r.att_weights_seats, placed, rtol=1e-12, atol=1e-15)
    for w in (r.att_weights_words, r.att_weights_seats):
        assert w.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.all((w >= 0) & (w <= 1))


def test_naive_softmax_by_hand_and_the_collapse():
    e_q = np.array([1.0, 0.0])
    keys = np.array([[0.0, 1.0], [1.0, 1.0]])
    words, w_words, seats, w_seats = attention_row(e_q, 1, keys, [0, 1])
    np.testing.assert_allclose(words, [0.0, 1.0] / np.sqrt(2))
    np.testing.assert_allclose(seats, [(1 * 0 + 1 * 1) / np.sqrt(2), (2 * 2 + 1 * 2) / np.sqrt(2)])
    e = np.exp(words)
    np.testing.assert_allclose(w_words, e / e.sum())
    r = naive_position()
    assert r.att_seats[-1] == r.stops[-1, 1] and np.array_equal(r.att_keys[-1], r.e2)  # the chart's E′ at seat q
    assert np.all(np.diff(r.att_seats) == 1)
    assert r.att_seats[0] < r.att_query_seat < r.att_seats[-1]  # the query sits among the keys
    assert r.att_weights_seats[-1] > 0.999  # the largest seat takes the row, not the query's own seat
    assert np.argmax(r.att_scores_seats) == len(r.att_seats) - 1
    assert r.att_weights_words.max() < 0.5  # the words alone spread it
    assert np.argmax(r.att_weights_words) != len(r.att_seats) - 1  # and not to that key


def test_naive_softmax_with_sincos_rows_spreads_the_row_again():
    """The row again after sin/cos (scenes.naive.softmax.softmax_again): the same query word, seat and keys with
    sinusoidal rows PE(p), PE(q_k) at the record's d in place of the seat numbers; equal to the softmax written out
    from engine.positional's rows, a distribution, and no key takes it all where the seat numbers gave one key 1.000."""
    from engine.attention import softmax
    from engine.naive import sincos_attention_row, sincos_rows

    r = naive_position()
    d = r.d_model
    pe = sincos_rows(np.concatenate([[r.att_query_seat], r.att_seats]), d)
    scores = np.array([(r.e_swap + pe[0]) @ (k + row) for k, row in zip(r.att_keys, pe[1:])]) / np.sqrt(d)
    np.testing.assert_allclose(r.att_scores_sincos, scores, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(r.att_weights_sincos, softmax(scores), rtol=1e-12, atol=1e-15)
    for w in (r.att_weights_seats, r.att_weights_sincos):
        assert w.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.all((w >= 0) & (w <= 1))
    assert f"{r.att_weights_seats.max():.3f}" == "1.000"  # seat numbers: one key takes the row
    assert r.att_weights_sincos.max() < 0.5  # sin/cos: no key takes it all (0.453 at the default record)
    assert r.att_weights_sincos.min() > 0.05  # every key keeps a share (0.052)
    assert f"{r.att_weights_sincos.max():.3f}" == "0.453" and f"{r.att_weights_sincos.min():.3f}" == "0.052"
    with pytest.raises(ValueError, match="keys must be"):
        sincos_attention_row(r.e_swap, 1, r.att_keys[:, :3], r.att_seats)


def test_naive_sincos_scores_split_into_four_terms():
    """Each sin/cos score of the row split into ① E·K, ② E·PE(q), ③ PE(p)·K, ④ PE(p)·PE(q), each over √d
    (engine.naive.sincos_score_terms): the four add up to the score, and at the defaults seat 12 leads through the
    cross term ③ (0.795), not through ④, which is largest at the query's own seat 10 (1.414) and only 0.906 at 12."""
    from engine.naive import sincos_rows, sincos_score_terms

    r = naive_position()
    t = r.att_terms_sincos
    assert t.shape == (len(r.att_seats), 4)
    np.testing.assert_allclose(t.sum(axis=1), r.att_scores_sincos, rtol=1e-12, atol=1e-12)
    pe = sincos_rows(np.concatenate([[r.att_query_seat], r.att_seats]), r.d_model)
    k = len(r.att_seats) - 1
    by_hand = np.array([r.e_swap @ r.att_keys[k], r.e_swap @ pe[-1], pe[0] @ r.att_keys[k], pe[0] @ pe[-1]])
    np.testing.assert_allclose(t[k], by_hand / np.sqrt(r.d_model), rtol=1e-12)
    top = int(np.argmax(r.att_weights_sincos))
    assert int(r.att_seats[top]) == 12 and int(r.att_seats[int(np.argmax(t[:, 3]))]) == int(r.att_query_seat) == 10
    assert [f"{v:.3f}" for v in (t[top, 2], t[top, 3], t[:, 3].max())] == ["0.795", "0.906", "1.414"]
    assert t[top, 3] < t[:, 3].max() and t[top, 2] == t[:, 2].max()  # ④ alone would not put seat 12 first; ③ does
    with pytest.raises(ValueError, match="keys must be"):
        sincos_score_terms(r.e_swap, 1, r.att_keys[:, :3], r.att_seats)
