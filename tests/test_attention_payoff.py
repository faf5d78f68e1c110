"""attention_heatmap's payoff (scenes.attention.payoff): token 5's dim 1 starts at 0 and ends at 0.8304, filled by the
shares of 'cat' and 'sat' (engine.attention_extra.output_shares), checked by hand from the record's weights, values
and W_O; the cue states what the gauge draws, in every language."""
import numpy as np
import pytest

from engine.attention_extra import output_shares
from engine.toy import attention_lesson
from look import fmt_num
from scenes.attention.payoff import payoff_pieces
from scenes.attention.strings import STRINGS
from scenes.parts.cues import cues


def test_the_shares_add_up_to_the_new_vector():
    d = attention_lesson()
    sh = output_shares([d.A[-1], d.asking.A[-1]], d.V, d.W_O, d.residual_in, 0)
    # by hand: o[0] = ½ Σ_j α_5j v_j[0] + ½ Σ_j α′_5j v_j[0], each word's two terms together
    by_hand = 0.5 * d.A[-1] * d.V[0] + 0.5 * d.asking.A[-1] * d.V[0]
    np.testing.assert_allclose(sh.shares, by_hand, atol=1e-12)
    assert np.isclose(sh.total, d.layer_out[0]) and np.isclose(sh.after, d.residual_out[0])
    assert sh.before == 0.0  # 'the' has nothing in dim 1 of its own
    assert [fmt_num(v, 4) for v in (sh.shares[1], sh.shares[2], sh.after)] == ["0.6117", "0.2187", "0.8304"]
    assert [(d.tokens[j], fmt_num(v, 4)) for j, v in payoff_pieces(d.tokens, sh.shares)] == [("cat", "0.6117"), ("sat", "0.2187")]


def test_a_negative_share_draws_no_gauge():
    assert payoff_pieces(["a", "b"], [0.5, -0.2]) == []
    with pytest.raises(ValueError):
        output_shares([[0.5, 0.5]], np.ones((2, 3)), np.ones((2, 2)), [0, 0])


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_cue_states_start_end_and_pieces(lang):
    s = STRINGS[lang]
    pieces = s["payoff_and"].format(a=s["payoff_piece"].format(s="0.6117", w="cat"), b=s["payoff_piece"].format(s="0.2187", w="sat"))
    text = s["cap_payoff"].format(n=5, w="the", m=s["payoff_content"], b="0", a="0.8304", pieces=pieces)
    said = cues(text, lang)
    assert len(said) >= 2 and "0.8304" not in said[0]  # the start first, then the end as the pieces come
    assert all(v in " ".join(said[1:]) for v in ("0.8304", "0.6117", "0.2187"))
    assert any("0.6117" in c and "0.2187" in c for c in said), said  # the pieces read together, none left alone
    assert all(k in s["payoff_name"] for k in ("{n}", "{w}", "{m}"))
