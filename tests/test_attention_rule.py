"""attention_heatmap, head 2's rule drawn (scenes.attention.rule): the query 'the' (e_5 = (0, 1)) weighs a key's
dimensions by e_5ᵀ W_Qᵀ W_K, the product's second row, (1, −1): the caption's "dim 1 minus dim 2"; its scores are
that row against each key's embedding, over √2 (the record's own scores)."""
import numpy as np
import pytest

from engine.toy import attention_lesson
from scenes.attention.rows import score_rule
from scenes.attention.rule import rule_weights


def test_the_rule_is_the_products_row_the_query_picks():
    d = attention_lesson()
    a = d.asking
    e = d.E[:, -1]
    np.testing.assert_array_equal(e, [0, 1])  # 'the' picks the second row
    m = a.A_Q.T @ a.A_K
    w = rule_weights(e, a.A_Q, a.A_K)
    np.testing.assert_allclose(w, m[1], atol=0)
    np.testing.assert_allclose(w, [1, -1], atol=0)
    assert score_rule(a.A_K.T @ a.A_Q @ e) == "1-2"  # what the caption names: dim 1 minus dim 2
    np.testing.assert_allclose(a.scores[-1], w @ d.E / np.sqrt(2), atol=1e-12)  # the row's scores, from that row
    assert score_rule(rule_weights(e, d.A_Q, d.A_K)) == "2"  # head 1 (identity matrices): dim 2 alone


@pytest.mark.render
def test_the_rule_is_on_screen_while_its_cue_is_up(shared_renders):
    """While the cue naming 'dim 1 minus dim 2' (in the shared render's language) is up, the framed row (1, −1) is
    drawn (frames.csv)."""
    from scenes.attention.strings import STRINGS
    from tests.conftest import scene_look
    from tests.test_attention_sqrt import _during, _frames_and_cues

    frames, cues = _frames_and_cues(shared_renders)
    during = _during(frames, cues, STRINGS[scene_look("attention_heatmap")[1]]["rule_1-2"])
    assert during and all(x.get("rule_row") == "1,-1" for x in during)


@pytest.mark.render
def test_both_rules_side_by_side_while_head_1s_cue_is_up(shared_renders):
    """While the cue naming head 1's rule ('dim 2' alone) is up, head 1's e_5ᵀ I = (0, 1) is drawn beside its row and
    head 2's (1, −1) beside its own (frames.csv): the same query's two rankings read together."""
    from scenes.attention.strings import STRINGS
    from tests.conftest import scene_look
    from tests.test_attention_sqrt import _during, _frames_and_cues

    frames, cues = _frames_and_cues(shared_renders)
    during = _during(frames, cues, STRINGS[scene_look("attention_heatmap")[1]]["rule_2"], last=True)  # not "dim 1 minus dim 2"
    assert during and all(x.get("rule_row_1") == "0,1" and x.get("rule_row") == "1,-1" for x in during)
