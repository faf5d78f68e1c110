"""attention_heatmap's last beat (scenes.attention.gather): row 5's weights of both heads as bars over the words. The
cue's claims read from the record: head 2 gives its two largest weights (the query word aside) to 'cat' and 'sat',
head 1 spreads its row more evenly, and both heads together give those two more than any other word but 'the'."""
import numpy as np
import pytest

from engine.toy import attention_lesson
from scenes.attention.gather import gather_words
from scenes.attention.strings import STRINGS
from scenes.parts.cues import cues


def test_the_words_the_ending_names_come_from_the_weights():
    d = attention_lesson()
    first, second = d.A[-1], d.asking.A[-1]
    assert gather_words(d.tokens, first, second) == ("cat", "sat")
    np.testing.assert_allclose(first, [0.2368, 0.2368, 0.1550, 0.1345, 0.2368], atol=5e-5)
    np.testing.assert_allclose(second, [0.0911, 0.3748, 0.2825, 0.1604, 0.0911], atol=5e-5)
    assert first.max() < second.max() and first.min() > second.min()  # "head 1 spreads them"
    both = (first + second) / 2
    assert both[1] > both[2] > max(both[3], both[0])  # 'cat', then 'sat', over 'on' and each 'the'


def test_no_claim_where_the_weights_do_not_make_it():
    tokens = ["the", "cat", "sat", "on", "the"]
    even = [0.2, 0.2, 0.2, 0.2, 0.2]
    assert gather_words(tokens, even, even) is None  # neither head leans
    assert gather_words(tokens, [0.1, 0.5, 0.2, 0.1, 0.1], [0.2, 0.2, 0.2, 0.2, 0.2]) is None  # head 1 leans more


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_cue_names_both_words_and_ends_on_a_sentence(lang):
    text = STRINGS[lang]["cap_gather"].format(r=5, w="the", a="cat", b="sat", why=STRINGS[lang]["gather_rule"].format(w="the"))
    said = cues(text, lang)
    assert len(said) >= 2 and said[-1].rstrip().endswith((".", "。"))
    assert all(w in text for w in ("cat", "sat"))


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_chart_is_named_row_and_both_heads(lang):
    s = STRINGS[lang]
    title = " ".join((s["gather_title"].format(r=5), s["head_1"], s["gather_vs"], s["head_2"]))
    assert "5" in title and s["head_1"] in title and s["head_2"] in title
    if lang == "en":
        assert title == "row 5's weights: head 1 vs head 2"
