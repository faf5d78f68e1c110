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
    from engine import naive_terms, sinusoidal

    d = record("naive_position")
    p, q = d.stops[-1]
    terms = d.stop_terms[-1]
    en = strings("naive_position")
    # the lesson's example: seat 12, d = 8, "E(加) + 12": every one of the 8 numbers raised by 12
    assert (d.demo_seat, d.d_model, d.words[0]) == (12, 8, "加")
    np.testing.assert_array_equal(d.e_plus_seat, d.e + 12)
    # the four bars are the four terms of the full dot product, at every stop and after the swap
    for (a, b), t in zip(d.stops, d.stop_terms):
        assert t.sum() == pytest.approx(float((d.e + a) @ (d.e2 + b)), rel=1e-12, abs=1e-12)
    assert d.swap_terms.sum() == pytest.approx(float((d.e_swap + p) @ (d.e2 + q)), rel=1e-12)
    assert np.array_equal(d.stop_terms[0, 1:], np.zeros(3))  # "at p = q = 0 only the content term ① has a bar"
    assert "At p = q = 0 only the content term ① has a bar." in en["cap_bars"]
    # "④ = p·q·d is 1152, while ① is still 0.795": ④ is a whole number at whole seats, ① never moved
    assert terms[3] == p * q * d.d_model and fmt_num(terms[3], 0) == "1152"
    assert fmt_num(terms[0], 3) == fmt_num(d.stop_terms[0, 0], 3) == "0.795"
    assert np.all(d.stop_terms[:, 0] == d.stop_terms[0, 0])
    # "Most of the total, 1161.233, is term ④" (the scene says it only when |④| is most of the bar)
    assert abs(terms[3]) > 0.5 * np.abs(terms).sum() and fmt_num(d.stop_totals[-1], 3) == "1161.233"
    # "④ ≈ 1449 × ①", the arrow from ①'s tip to ④'s
    assert d.ratio_last == pytest.approx(abs(terms[3] / terms[0]), rel=1e-12) and fmt_num(d.ratio_last, 0) == "1449"
    # "swap the first word: ① changes, ④ stays"
    assert fmt_num(d.swap_terms[3], 0) == fmt_num(terms[3], 0)
    assert (fmt_num(terms[0], 3), fmt_num(d.swap_terms[0], 3)) == ("0.795", "0.129")
    # the log axis is fixed for the whole walk: every value shown at a whole seat on the way lies on it
    lo, hi = 10.0 ** d.decades[0], 10.0 ** d.decades[-1]
    assert d.decades.tolist() == [-1, 0, 1, 2, 3, 4] and np.all(np.diff(d.decades) == 1)
    np.testing.assert_array_equal(d.decade_values, 10.0 ** d.decades)
    for vec in (d.e, d.e_swap):
        for a in range(int(d.stops[:, 0].max()) + 1):
            for b in range(int(d.stops[:, 1].max()) + 1):
                t = naive_terms(vec, d.e2, a, b)  # (4,)
                shown = np.abs(np.append(t, t.sum()))
                assert np.all((shown == 0) | ((shown >= lo) & (shown <= hi)))
    # "sin and cos: their numbers stay between −1 and 1, so the seat × seat term never passes d = 8"
    pe = sinusoidal(np.arange(200), d.d_model)  # (200, 8)
    assert np.abs(pe).max() <= 1.0
    assert np.abs(pe @ pe.T).max() <= d.d_model + 1e-12
    assert lo <= d.d_model <= hi  # the dashed line at d is on the axis
    assert "never passes d = {d}" in en["cap_summary"] and "between −1 and 1" in en["cap_summary"]


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
    # the nudge: W2's first weight (the largest |∂L/∂w|, −0.729) moved by 0.01; the re-run's loss
    # changes by −0.00727 and the gradient predicts −0.00729: "its gradient times 0.01 predicts"
    from scenes.backprop.strings import caption_keys, f5

    assert d.nudge_at == (2, 0) and fmt_num(d.nudge_grad, 3) == "−0.729" and fmt_num(d.nudge_w, 2) == "0.80"
    assert (f5(d.dloss_nudge), f5(d.dloss_linear)) == ("−0.00727", "−0.00729")
    assert caption_keys(d)["nudge"] == "cap_nudge_close" and caption_keys(d)["again"] == "cap_again"
    # the worked update of that weight: 0.80 − 0.1 × (−0.73) = 0.87, as the edge then shows
    assert fmt_num(d.w2_new[0], 2) == fmt_num(d.nudge_w - d.lr * d.nudge_grad, 2) == "0.87"
    # the backward caption's −1.10 is the output's gradient; the output node shows it
    assert fmt_num(d.dy_hat, 2) == "−1.10" and "output − target = {dy}" in strings("backprop_small")["cap_back_out"]
    # gradients on screen are named ∂L/∂…, never written like a weight or a bias ("b −1.10")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("backprop_small", lang)
        assert s["d_bias"].startswith("∂L/∂b") and s["head_g1"] == "∂L/∂W₁" and s["head_g2"] == "∂L/∂W₂"
        assert "∂L/∂w" in s["cap_back_end"] and "∂L/∂w × {h}" == s["predict_what"]


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
