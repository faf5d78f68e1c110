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
