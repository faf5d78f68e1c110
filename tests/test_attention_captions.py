"""attention_heatmap's captions: the why-√d aside says what the sweep shows and claims only what its numbers
support, the ending ends on a whole sentence, and no caption line breaks inside a word or a two-word term
(scenes.parts.cues, seed 003 "Dot products → attention weights")."""
import pytest

from scenes.attention.strings import STRINGS
from scenes.parts.cues import cues



def test_why_sqrt_claims_are_true_of_the_strips():
    """The aside is about random queries and keys (not this toy's own scores scaled up), says the spread grows as
    the square root of d and that divided by it the spread is near 1, which keeps softmax soft."""
    en = STRINGS["en"]["cap_why_sqrt"]
    assert "random q·k" in en and "grows as the square root of d" in en and "near 1" in en
    assert "z times" not in en and "stop learning" not in en and "softmax stays soft" in en
    for lang, spread in (("zh-Hant", "標準差"), ("zh-Hans", "标准差")):
        s = STRINGS[lang]["cap_why_sqrt"]
        assert "隨機" in s or "随机" in s
        assert spread in s and ("平方根" in s or "√d" in s) and "接近 1" in s and "柔和" in s


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_ending_ends_on_a_sentence(lang):
    said = cues(STRINGS[lang]["cap_conclude"].format(n=5), lang)
    assert said[-1].rstrip().endswith((".", "。"))
    assert "o" in said[-1]  # the conclusion: itself plus o


@pytest.mark.parametrize("text, lang, whole", [
    ("典型大小是 z 乘以 d 的平方根。要是不除，分數就會隨 d 變大，典型大小是 z 乘以 d 的平方根。", "zh-Hant", "的平方根"),
    ("不除的話，softmax 就變得非此即彼。例如在 d = 2 而且不除的時候，", "zh-Hant", "不除"),
    ("而分數最高的 3 個鍵各得 0.333。", "zh-Hant", "各得 0.333"),
    ("接著，第二個頭的分數一格格填進表格。", "zh-Hant", "填進"),
    ("對面的 (1, 2) 格卻是 0.7071。", "zh-Hant", "卻是"),
    ("所以這一列的權重和 h2 也都跟著不同。", "zh-Hant", "跟著"),
    ("頭 2 用「維度 1 減維度 2」替詞排序，", "zh-Hant", "替詞"),
    ("除以平方根，分數的標準差在任何寬度都保持在 1.0 左右，", "zh-Hant", "寬度"),
    ("That is why 'cat' gets 0.2368 in the first head but 0.3748 in this one.", "en", "first head"),
])
def test_no_line_breaks_inside_a_word(text, lang, whole):
    for cue in cues(text, lang):
        lines = cue.split("\n")
        for a, b in zip(lines, lines[1:]):
            joined = a + (" " if lang == "en" else "") + b
            at = len(a)
            for k in range(len(joined)):
                if joined.startswith(whole, k):
                    assert not (k < at < k + len(whole)), (cue, whole)


def test_the_own_weight_cue_names_the_longest_vector():
    """Row 2 weights itself most because, with W_Q = W_K = W_V = I, a score is a dot product of the words' own
    vectors and 'cat' has the longest: the cue's row, word and weight are the engine's, and h1 is named as row 5's."""
    import numpy as np

    from engine.toy import attention_lesson
    from look import fmt_num

    d = attention_lesson()
    r = int(np.argmax(np.linalg.norm(d.E, axis=0)))
    assert (r, d.tokens[r], fmt_num(d.A[r, r], 4)) == (1, "cat", "0.9442") and np.argmax(d.A[r, : r + 1]) == r
    said = STRINGS["en"]["cap_self"].format(r=r + 1, a=fmt_num(d.A[r, r], 4), w=d.tokens[r])
    assert said == "Row 2 gives itself 0.9442. With W = I, scores are dot products of word vectors, and 'cat' is the longest."
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert all(k in STRINGS[lang]["cap_self"] for k in ("{r}", "{a}", "{w}"))
        assert "{r}" in STRINGS[lang]["cap_context_h"] and "就是" not in STRINGS[lang]["cap_context_h"]
    assert STRINGS["en"]["cap_context_h"].format(r=5) == "The sum is h1, row 5's output in this head."


def test_the_scene_cues_keep_phrases_whole():
    """No line of these cues ends inside a phrase ("隨機 / q·k", "重新 / 算出", "也都 / 跟著不同" were), and in English
    the weights' sentence is one cue, ended by its full stop, not split on a comma."""
    zh = STRINGS["zh-Hant"]
    for key, phrase in (("cap_why_sqrt", "隨機 q·k"), ("gather_rule", "重新算出"), ("cap_ask_why", "也都跟著不同")):
        lines = [line for cue in cues(zh[key].format(r=5, w="the"), "zh-Hant") for line in cue.split("\n")]
        assert any(phrase in line for line in lines), (key, lines)
    for key in ("gather_rule", "gather_fixed"):
        said = cues(STRINGS["en"][key].format(w="the"), "en")
        assert all(c.rstrip().endswith(".") for c in said), said
