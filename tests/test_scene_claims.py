"""What each scene's captions claim is true of the numbers the scene shows (its engine record).

One test per scene (prenorm_block and layernorm_steps have their own); a claim is checked at the
rounding the caption prints, and the caption text is checked to say it.
"""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from studio import catalogue


def record(name):
    return catalogue.get(name).compute()


def strings(name, lang="en"):
    return catalogue.get(name).load().STRINGS[lang]


def test_permutation_outputs_are_only_reordered():
    d = record("permutation")
    for case in d.examples:
        p = case.p_matrix
        # "order b holds exactly the vectors of order a": the rows of X are permuted, not changed
        assert np.array_equal(case.x_b, p @ case.x_a)
        # "new = P × old × Pᵀ": every score of order a appears in order b, in swapped rows and columns
        assert np.allclose(case.scores_b, p @ case.scores_a @ p.T, rtol=0, atol=1e-12)
        # "each word's output is the same vector in another row": reordered by the same P
        assert np.allclose(case.out_b, p @ case.out_a, rtol=0, atol=1e-12)
        assert case.output_deviation < 1e-14 and case.score_deviation < 1e-14
        assert not np.allclose(case.out_b, case.out_a)  # yet the outputs per position do differ
    assert "P × old × P transposed" in strings("permutation")["cap_sentence"]
    assert "P 的轉置" in strings("permutation", "zh-Hant")["cap_sentence"]
    # Q and K come from their own projections (W_Q ≠ W_K): the captions do not say "the same projections"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert not any(w in strings("permutation", lang)["cap_scores"] for w in ("same projection", "同一組", "同一组"))


def test_pe_clock_distances():
    d = record("pe_clock")
    # "Neighbours differ by 1.0147, the farthest by 3.5091: more than three times as far"
    assert fmt_num(d.adjacent_distance, 4) == "1.0147" and fmt_num(d.max_distance, 4) == "3.5091"
    assert 3 < d.max_distance / d.adjacent_distance < 4
    dist = np.linalg.norm(d.table[1:] - d.table[:-1], axis=1)  # (31,) every adjacent pair ties
    assert np.allclose(dist, d.adjacent_distance, atol=1e-12) and d.adjacent_pairs == len(dist)
    assert f"{d.speed_ratio:,.0f}" == "3,162"


def test_naive_position_content_is_swamped():
    d = record("naive_position")
    p, q = d.stops[-1]
    terms = d.stop_terms[-1]
    assert np.array_equal(d.stop_terms[0, 1:], np.zeros(3))  # "at p = q = 0 only the content term is there"
    assert terms[3] == p * q * d.d_model  # ④ = p·q·d
    assert abs(terms[3]) > 1000 * abs(terms[0])
    # "swap the first word: ① changes, ④ stays to the last digit"
    assert fmt_num(d.swap_terms[3], 3) == fmt_num(terms[3], 3)
    assert fmt_num(d.swap_terms[0], 3) != fmt_num(terms[0], 3)
    # the zoomed inset's full width is the largest content term the scene shows
    full = max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))
    assert np.all(np.abs(d.stop_terms[:, 0]) <= full) and abs(d.swap_terms[0]) <= full


def test_rope_score_keeps_only_the_gap():
    d = record("rope_rotation")
    gaps = d.keyframes[:, 0] - d.keyframes[:, 1]
    for g in set(gaps.tolist()):  # "the score stays ...: only m − n counts"
        same = d.keyframe_scores[gaps == g]
        assert len({fmt_num(v, 4) for v in same}) == 1
    assert len({fmt_num(v, 4) for v in d.keyframe_scores}) > 1  # "change the gap and the score changes"
    grid = d.score_grid
    for k in range(-grid.shape[0] + 1, grid.shape[0]):  # every diagonal of the (m, n) table has one value
        diag = np.diagonal(grid, offset=-k)
        assert np.ptp(diag) < 1e-12
    # absolute PE: moving both positions by the same amount changes the score
    stops = [i for i, g in enumerate(gaps) if g == gaps[1]]
    assert len({fmt_num(d.absolute_scores[i], 4) for i in stops}) == len(stops)


def test_attention_heatmap_softmax_and_context():
    d = record("attention_heatmap")
    i, j = d.cell
    assert np.all(d.A[d.mask] == 0)  # "× = future position: weight exactly 0"
    assert np.allclose(d.A.sum(axis=1), 1.0)
    assert np.isclose(d.A[i, j], d.exp_scores[i, j] / d.exp_row_sums[i])  # the unpacked α = e^z / Σe^z
    assert np.isclose(d.exp_scores[i, j], np.exp(d.scores[i, j]))
    assert np.allclose(d.x, d.A[-1] @ d.V.T)  # x = Σ_j α_5j v_j
    assert np.allclose(d.terms.sum(axis=0), d.x)


def test_attention_heatmap_second_head_asks_and_answers():
    """The second head: A_Q ≠ A_K make the score table asymmetric; the captions' pair, mask and x."""
    from engine.toy import ASK_K, ASK_Q, EMBEDDINGS
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a, (i, j) = d.asking, d.asking_pair
    assert np.allclose(d.scores, d.scores.T)  # the first head (A_Q = A_K = I) cannot tell asking from answering
    assert not np.array_equal(a.A_Q, a.A_K)  # "queries and keys now get different matrices"
    assert not np.allclose(a.Q, a.K)  # "the same word points one way when it asks (q) and another way (k)"
    assert np.array_equal(a.V, d.V)  # "same values, new weights"
    # "'cat' asks and 'the' answers: z = −2.1213. Swap the roles and z = 0.7071", by hand from the embeddings
    q = lambda w: np.array(ASK_Q) @ np.array(EMBEDDINGS[w])  # noqa: E731
    k = lambda w: np.array(ASK_K) @ np.array(EMBEDDINGS[w])  # noqa: E731
    assert (a.tokens[i], a.tokens[j]) == ("cat", "the") and j < i
    assert np.isclose(a.scores[i, j], q("cat") @ k("the") / np.sqrt(2))
    assert np.isclose(a.scores[j, i], q("the") @ k("cat") / np.sqrt(2))
    assert fmt_num(a.scores[i, j], 4) != fmt_num(a.scores[j, i], 4)  # "no longer symmetric"
    assert np.isclose(d.asking_gap, a.scores[i, j] - a.scores[j, i])
    gap = np.abs(a.scores - a.scores.T)
    assert np.isclose(gap[i, j], gap.max())  # the pair pointed at is the most asymmetric one
    # "the mask hides (1, 2): 'the' comes first and may not look ahead"
    assert a.mask[j, i] and a.A[j, i] == 0 and not a.mask[i, j]
    assert np.all(a.A[a.mask] == 0) and np.allclose(a.A.sum(axis=1), 1.0)  # "every row sums to 1"
    assert np.allclose(a.x, a.A[-1] @ a.V.T) and np.allclose(a.terms.sum(axis=0), a.x)
    assert fmt_num(a.x[0], 4) != fmt_num(d.x[0], 4)  # "the context vector moves"
    assert np.all((a.A[-1] > 0) & (a.A[-1] < 1))  # each arrow is shortened by its weight
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert "{zij}" in STRINGS[lang]["cap_ask_pair"] and "{zji}" in STRINGS[lang]["cap_ask_pair"]


def test_signal_decay_claims():
    d = record("signal_decay")
    (s09, s11), (p09, p11) = d.reference_s, d.reference_power
    assert fmt_num(p09, 2) == fmt_num(s09 ** d.n_layers, 2) == "0.04"  # "0.9³⁰ ≈ 0.04"
    assert fmt_num(p11, 1) == "17.4"  # "1.1³⁰ ≈ 17.4"
    assert d.rms_plain[0, -1] < 1e-6  # below 1 the signal is multiplied away
    assert d.rms_plain[-1, -1] > d.explode_at  # "above 1 it explodes"
    inner = d.rms_ln[:, 1:]
    assert 0.999 < inner.min() <= inner.max() < 1.001  # "the row stays level for every s"
    # the caption's formula is the one on screen
    assert "y = (s·W)·x" in strings("signal_decay")["cap_intro"]
    assert "(s·W)·x" in strings("signal_decay", "zh-Hant")["cap_intro"]
    # the powers and the explosion in the caption font's own glyphs, the numbers from the record
    from scenes.decay.strings import captions
    caps = captions(d, "en")
    assert f"0.9 to the power {d.n_layers} ≈ 0.04" in caps["cap_09"]
    assert f"{round(float(d.rms_plain[-1, -1])):,}" in caps["cap_up"]
    assert f"1.1 的 {d.n_layers} 次方 ≈ 17.4" in captions(d, "zh-Hant")["cap_11"]


def test_backprop_small_one_step():
    d = record("backprop_small")
    assert np.isclose(d.dy_hat, d.y_hat - d.target)  # "∂L/∂ŷ = ŷ − target"
    assert np.isclose(d.loss, 0.5 * (d.y_hat - d.target) ** 2)
    assert np.allclose(d.w1_new, d.w1 - d.lr * d.dw1) and np.allclose(d.w2_new, d.w2 - d.lr * d.dw2)
    assert d.loss_new < d.loss  # "loss 0.603 → 0.278": one step of learning lowers it
    assert (fmt_num(d.loss, 3), fmt_num(d.loss_new, 3)) == ("0.603", "0.278")


@pytest.mark.parametrize("name", ["pe_clock", "permutation", "naive_position", "rope_rotation",
                                  "attention_heatmap", "signal_decay", "backprop_small"])
def test_chinese_labels_are_translated(name):
    """Labels of one word (mean, loss, target, out, head) are not left in English in Chinese renders."""
    for lang in ("zh-Hant", "zh-Hans"):
        for key, text in strings(name, lang).items():
            if key.startswith("cap_"):
                continue
            for word in ("mean", "loss", "target", "output", "head", "bias", "gradient", "activation"):
                assert word not in text.lower().split(), f"{name} {lang} {key}: {text!r}"
