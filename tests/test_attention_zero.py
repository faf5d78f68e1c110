"""attention_heatmap's mask section shows why the mask writes −∞ and not 0 (scenes.attention.zero): on row 4 ('on'),
the score its masked cell had, −∞ in its place, the row's softmax with it (weight exactly 0), then a score of 0
instead and the softmax again ('the' still gets 0.1855). Every number is the engine's."""
import numpy as np

from engine.attention import softmax
from engine.toy import attention_lesson
from look import fmt_num


def test_row_four_with_minus_infinity_and_with_zero():
    from scenes.attention.zero import zero_row

    d = attention_lesson()
    r, m, masked, zero = zero_row(d)
    assert (r, m) == (3, 4) and d.tokens[r] == "on" and d.tokens[m] == "the"
    assert d.mask[r].sum() == 1 and d.mask[r, m]  # one masked cell: the one the row is about
    assert fmt_num(d.scores[r, m], 4) == "0.1414"  # the score that cell had
    np.testing.assert_allclose(masked, d.A[r], atol=1e-12)  # under −∞: the table's own weights, the cell exactly 0
    assert masked[m] == 0.0
    np.testing.assert_allclose(zero, softmax(np.where(d.mask[r], 0.0, d.scores[r])), atol=1e-12)
    assert fmt_num(zero[m], 4) == "0.1855" and np.isclose(zero.sum(), 1.0)
    assert [fmt_num(v, 4) for v in zero[:m]] == ["0.2137", "0.2137", "0.1963", "0.1908"]


def test_the_captions_name_the_word_and_break_at_clauses():
    from scenes.attention.strings import STRINGS
    from scenes.parts.cues import cues

    en = STRINGS["en"]
    assert cues(en["cap_mask"].format(w="the"), "en")[-1] == "A score of 0 would not do:\n'the' would still get a weight."
    rank = en["cap_ask_rank"].format(r=5, w="the", kw="cat", ow="the", z2="0.7071", zo="\u22120.7071", z1="0.7071",
                                     three="'the', 'cat', 'the'")
    assert cues(rank, "en") == ["In row 5, 'the' now ranks 'cat' (0.7071)\nabove 'the' (\u22120.7071).",
                                "The first head gave 0.7071 to all three:\n'the', 'cat', 'the'."]
    concat = [c for c in cues(en["cap_concat"].format(d=2), "en") if "d/H" in c]
    assert concat == ["A real model's H heads are each d/H wide,\nso the stack is already d wide."]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert {"zero_scores", "zero_weights"} <= set(STRINGS[lang])
