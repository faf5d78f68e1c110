"""Why attention divides by √d (engine.scaling.scale_spread, the attention_heatmap record's `why_sqrt`): the spread
of q·k grows like √d while q·k/√d keeps a spread near 1, and a softmax over unscaled scores at a large width is
peaky where the scaled one stays spread out; the caption states the numbers the picture draws, in every language."""
import numpy as np
import pytest

from engine.attention import softmax
from engine.scaling import scale_spread
from engine.toy import attention_lesson
from look import fmt_num


def test_the_spread_of_q_dot_k_grows_like_root_d_and_the_scaled_one_stays():
    r = scale_spread()
    d = r.widths.astype(float)  # (m,)
    np.testing.assert_allclose(r.dot_std, np.sqrt(d), rtol=0.05)  # Var(q·k) = d for unit-variance entries
    np.testing.assert_allclose(r.scaled_std, 1.0, atol=0.05)
    assert all(b > a for a, b in zip(r.dot_std, r.dot_std[1:]))
    assert all(b > a for a, b in zip(r.top_weight, r.top_weight[1:]))  # undivided: peakier as d grows
    assert r.top_weight[-1] > 0.9 and r.top_weight_scaled.max() < 0.5  # divided: about the same at every width
    assert np.ptp(r.top_weight_scaled) < 0.05


def test_the_drawn_row_is_peaky_undivided_and_spread_divided():
    r = scale_spread()
    np.testing.assert_allclose(r.row_weights, softmax(r.row_dots), atol=1e-12)
    np.testing.assert_allclose(r.row_weights_scaled, softmax(r.row_dots / np.sqrt(r.row_width)), atol=1e-12)
    assert r.row_weights.sum() == pytest.approx(1.0) and r.row_weights_scaled.sum() == pytest.approx(1.0)
    assert r.row_weights.max() > 0.99 and r.row_weights_scaled.max() < 0.5
    assert (r.row_weights_scaled > 0.05).all()  # every key keeps a share
    again = scale_spread()  # seeded: the same numbers every time
    np.testing.assert_array_equal(again.row_dots, r.row_dots)


def test_the_record_and_the_caption_carry_the_engine_numbers():
    from scenes.attention.strings import STRINGS

    r = attention_lesson().why_sqrt
    assert r is not None and list(r.widths) == [2, 8, 32, 128]
    s = dict(d1=2, d2=128, s1=fmt_num(r.dot_std[0], 1), s2=fmt_num(r.dot_std[-1], 1),
             c=fmt_num(float(r.scaled_std.mean()), 1), k=r.keys, w1=fmt_num(float(r.row_weights.max()), 3),
             w2=fmt_num(float(r.row_weights_scaled.max()), 3))
    assert (s["s1"], s["s2"], s["c"], s["w1"], s["w2"]) == ("1.4", "11.4", "1.0", "0.997", "0.407")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = STRINGS[lang]["cap_why_sqrt"].format(**s)
        assert all(v in text for v in ("1.4", "11.4", "1.0", "0.997", "0.407", "d = 128", "√d")), lang
