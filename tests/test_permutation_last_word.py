"""The permutation scene's failure made concrete (engine.word_order.last_word_fixed; seed 002 §01 图 2):
man bites dog and bites man dog keep dog last, and without positions dog's output there is the same
vector, so a readout at the last place cannot tell who bit whom; with p the two outputs differ."""
from __future__ import annotations

import numpy as np

from engine.attention import permutation_demo, scaled_dot_product_attention
from engine.word_order import last_word_fixed
from look import fmt_num


def test_the_last_word_gets_one_output_whichever_bit_whom():
    demo = permutation_demo()
    r = last_word_fixed(demo)
    assert r.tokens_a == ("man", "bites", "dog") and r.tokens_b == ("bites", "man", "dog")
    assert r.deviation < 1e-12  # 0 up to rounding
    assert r.deviation == float(np.max(np.abs(r.out_a - r.out_b)))
    assert [fmt_num(v, 2) for v in r.out_a] == [fmt_num(v, 2) for v in r.out_b]  # every shown digit equal
    x = dict(zip(demo.vocab, demo.embeddings))
    rows = np.array([x[t] for t in r.tokens_b])  # (3, d)
    out = scaled_dot_product_attention(rows @ demo.w_q, rows @ demo.w_k, rows @ demo.w_v).output
    np.testing.assert_allclose(out[-1], r.out_b, atol=1e-15)


def test_with_positions_the_two_last_outputs_differ():
    r = last_word_fixed(permutation_demo())
    assert r.pe_deviation == float(np.max(np.abs(r.out_pe_a - r.out_pe_b)))
    assert r.pe_deviation > 0.2
    assert [fmt_num(v, 2) for v in r.out_pe_a] != [fmt_num(v, 2) for v in r.out_pe_b]


def test_the_captions_say_it_in_three_languages():
    """The beat's cues exist in every language; the closing one with p (said in the with-p part, not
    before) names the engine's largest difference."""
    from scenes.perm.strings import STRINGS

    r = last_word_fixed(permutation_demo())
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        for key in ("cap_who", "who_head", "who_without", "who_gap"):
            assert s[key].strip(), (lang, key)
        assert "{w}" in s["cap_who"] and "{w}" in s["who_head"]
        # what p does is said once p is introduced: the with-p part closes on it, with the engine's gap
        assert "{w}" in s["cap_who_pe"] and "{v}" in s["cap_who_pe"] and s["who_with"].strip()
    import inspect

    from scenes.perm import close, who_bit
    assert "cap_who_pe" not in inspect.getsource(who_bit.WhoBit.who_bit)
    assert "self.who_bit_pe(" in inspect.getsource(close.Close.close)
    assert "tells the two orders apart" in STRINGS["en"]["cap_who_pe"]
    assert '"man bites dog", "dog bites man"' in STRINGS["en"]["cap_who"]
    assert STRINGS["zh-Hant"]["cap_who"].startswith("人咬狗、狗咬人") and STRINGS["zh-Hans"]["cap_who"].startswith("人咬狗、狗咬人")


def test_the_middle_word_gets_one_output_whichever_bit_whom():
    """Man bites dog and dog bites man: bites stays at place 1, only the words around it swap; without
    positions its output is the same vector, with p at every seat the two differ."""
    demo = permutation_demo()
    r = last_word_fixed(demo, keep=1)
    assert r.tokens_a == ("man", "bites", "dog") and r.tokens_b == ("dog", "bites", "man")
    assert r.deviation < 1e-12
    assert [fmt_num(v, 2) for v in r.out_a] == [fmt_num(v, 2) for v in r.out_b]
    x = dict(zip(demo.vocab, demo.embeddings))
    rows = np.array([x[t] for t in r.tokens_b])  # (3, d)
    out = scaled_dot_product_attention(rows @ demo.w_q, rows @ demo.w_k, rows @ demo.w_v).output
    np.testing.assert_allclose(out[1], r.out_b, atol=1e-15)
    assert r.pe_deviation == float(np.max(np.abs(r.out_pe_a - r.out_pe_b))) and r.pe_deviation > 0.05
    assert [fmt_num(v, 2) for v in r.out_pe_a] != [fmt_num(v, 2) for v in r.out_pe_b]
    assert last_word_fixed(demo).tokens_b == ("bites", "man", "dog")  # the default keeps the last word
