"""attention_heatmap's captions: the why-√d aside says what the sweep shows and claims only what its numbers
support, the ending ends on a whole sentence, and no caption line breaks inside a word or a two-word term
(scenes.parts.cues, seed 003 "Dot products → attention weights")."""
import pytest

from scenes.attention.strings import STRINGS
from scenes.parts.cues import cues

WORDS = dict(r=5, w="the", d1=2, d2=512, s1="1.4", s2="22.6", c="1.0", lows="sat 和 on", l1="0.137 和 0.112",
             zero="0.000", m=3, top="0.333", w2="0.237", t1="0.1550 和 0.1345", n=5)


def test_why_sqrt_claims_are_true_of_the_sweep():
    en = STRINGS["en"]["cap_why_sqrt"]
    assert "scores z would spread as q·k does at width d" in en  # the sweep is a model of the spread, said so
    assert "stop learning" not in en and "hardly learn" in en  # the row's weights, not the keys
    assert "keeps the table's weights at every width" not in en
    assert "typical size stays near {c} at every width" in en  # what dividing keeps: the spread, the engine's ≈ 1
    assert "the bars stay the table's weights at every width" in en  # divided, the row's weights are the table's
    for lang in ("zh-Hant", "zh-Hans"):
        s = STRINGS[lang]["cap_why_sqrt"]
        undivided = s.split("要是不除")[1].split("。")[0]  # the undivided scores spread as q·k does
        assert " z " in undivided and "q·k" in undivided and "{lows}" in s and "{c} 左右" in s.split("典型大小")[0]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_why_sqrt_says_each_point_once(lang):
    """The aside says each point once: the spread near 1 when divided, the weights kept when divided."""
    s = STRINGS[lang]["cap_why_sqrt"]
    assert s.count("{c}") == 1 and s.count("{w2}") == 1 and s.count("{t1}") == 1


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
