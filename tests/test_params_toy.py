"""Your own numbers for the toy entries: attention_heatmap(_fig), scores_wx, toy_permutation,
permutation(_fig).

The ranges' edges (accepted in-process; just outside: exit 2 with one line, no traceback), and
values at non-default parameters checked against
numbers written out here, with the titles and captions that name them.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from conftest import run_here
from look import Look
from studio import catalogue
from studio.catalogue.params import ParamError

ZH = {"tokens": ["我", "愛", "貓", "咪"],
      "embeddings": {"我": [1, 0], "愛": [0.5, 1], "貓": [2, 1], "咪": [1.5, 0.5]}}
ZH_SET = ("--set", "tokens=[我, 愛, 貓, 咪]",
          "--set", 'embeddings={"我" = [1, 0], "愛" = [0.5, 1], "貓" = [2, 1], "咪" = [1.5, 0.5]}')


def entry(name, **given):
    return catalogue.get(name).with_params(given)


# -- the ranges' edges ---------------------------------------------------------------------------
def test_edges_accepted():
    assert entry("attention_heatmap", tokens=["the", "cat"]).compute().A.shape == (2, 2)
    eight = ["the", "cat", "sat", "on", "the", "cat", "sat", "on"]
    assert entry("attention_heatmap_fig", tokens=eight).compute().A.shape == (8, 8)
    assert entry("attention_heatmap", **ZH).compute().tokens == ("我", "愛", "貓", "咪")
    assert entry("attention_heatmap", tokens=["the", "cat"], cell=[2, 2]).compute().cell == (1, 1)
    assert entry("attention_heatmap", A_Q=[[3, -3], [0, 1]]).compute().A_Q[0, 1] == -3
    assert entry("scores_wx", W=[[1, 0], [0, 1]]).compute().candidates == ("mat", "rug")
    six = [[1, 2], [1, -1], [-1, 1], [0.5, 0.5], [-2, -1], [3, -0.5]]
    names = ["a", "b", "c", "d", "e", "f"]
    assert entry("scores_wx", W=six, candidates=names).compute().scores.shape == (6,)
    assert entry("toy_permutation", tokens_a=["cat", "sat", "on"]).compute().tokens_b == ("sat", "cat", "on")
    assert entry("permutation", d_model=2).compute().d_model == 2
    assert entry("permutation_fig", first_a=["貓", "咪", "愛"], second_a=list("abcd")).compute() \
        .examples[1].tokens_b == tuple("dcba")


@pytest.mark.parametrize("args,names", [
    (("attention_heatmap", "--set", "tokens=[the]"), ("tokens", "the", "2 to 8 words")),
    (("attention_heatmap", "--set", "tokens=[the, cat, sat, on, the, cat, sat, on, the]"),
     ("tokens", "2 to 8 words")),
    (("attention_heatmap", "--set", "tokens=[我, 愛, 貓, 咪]"), ("我", "愛", "貓", "咪", "embeddings")),
    (("attention_heatmap", *ZH_SET[:2], "--set", 'embeddings={"我" = [1, 0]}'), ("愛", "貓", "咪")),
    (("attention_heatmap", "--set", "cell=[2, 3]"), ("cell", "2, 3", "column ≤ row")),
    (("attention_heatmap", "--set", "A_Q=[[1, 0], [0, 4]]"), ("A_Q", "3")),
    (("scores_wx", "--set", "W=[[1, 2]]"), ("W", "2 to 6 rows")),
    (("scores_wx", "--set", "W=[[1, 2], [1, 0], [0, 1], [1, 1]]"), ("W", "4 rows", "candidates")),
    (("toy_permutation", "--set", "tokens_b=[the, cat, sat, the, on]"), ("tokens_b", "same word")),
    (("permutation", "--set", "d_model=9"), ("d_model", "9", "2 to 8")),
    (("permutation", "--set", "first_a=[一, 二, 三, 四]"), ("first_a", "2 to 3")),
    (("permutation_fig", "--set", "second_a=[a, b, c, d, e]"), ("second_a", "2 to 4")),
])
def test_just_outside_is_exit_2(tmp_path, args, names):
    proc = run_here(*args, "--out", tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    for name in names:
        assert name in lines[0], lines[0]


def test_out_of_range_in_process():
    with pytest.raises(ParamError, match="tokens"):
        entry("attention_heatmap", tokens=["a"] * 9)
    with pytest.raises(ParamError, match="猫"):  # a word of its own without an embedding, named
        entry("toy_permutation", tokens_a=["我", "爱", "猫"], embeddings={"我": [1, 0], "爱": [0, 1]})


# -- values at your own numbers, checked independently, and the words that name them -----------------
def test_chinese_sentence_numbers():
    """我 愛 貓 咪 with their own embeddings: every weight and x written out by hand."""
    d = entry("attention_heatmap", **ZH).compute()
    e = {"我": (1, 0), "愛": (0.5, 1), "貓": (2, 1), "咪": (1.5, 0.5)}
    vecs = [e[t] for t in ZH["tokens"]]
    for i in range(4):
        z = [(vecs[i][0] * vecs[j][0] + vecs[i][1] * vecs[j][1]) / math.sqrt(2) for j in range(i + 1)]
        w = [math.exp(v) / sum(math.exp(u) for u in z) for v in z]
        assert np.allclose(d.A[i, : i + 1], w, atol=1e-12) and np.all(d.A[i, i + 1:] == 0)
    # the last row by hand: z_4j = (1.5·x_j + 0.5·y_j)/√2 = (1.5, 1.25, 3.5, 2.5)/√2
    z4 = np.array([1.5, 1.25, 3.5, 2.5]) / math.sqrt(2)
    a4 = np.exp(z4) / np.exp(z4).sum()
    x = a4 @ np.array(vecs)
    assert np.allclose(d.x, x, atol=1e-12)
    assert d.cell == (2, 1)  # row 3, column 2 unpacked: 貓 asks, 愛 answers


def test_scene_and_figure_words_follow_the_tokens():
    from figures import attention_heatmap_fig
    from scenes.attention_heatmap import AttentionHeatmap

    d = entry("attention_heatmap", **ZH).compute()
    for lang, title in (("en", "Causal attention on \"我愛貓咪\""), ("zh-Hant", "「我愛貓咪」的因果注意力")):
        look = Look("light", lang)
        stub = SimpleNamespace(d=d, s=lambda key, _l=look, **f: _l.t(AttentionHeatmap.strings, key, **f))
        assert AttentionHeatmap.title_text(stub) == title
        caption = AttentionHeatmap.tokens_caption(stub)
        assert "the" not in caption and "lowercase" not in caption and "小寫" not in caption
    # repeated words: the caption says which share a vector
    lesson = catalogue.get("attention_heatmap").compute()
    look = Look("light", "en")
    stub = SimpleNamespace(d=lesson, s=lambda key, **f: look.t(AttentionHeatmap.strings, key, **f))
    assert "Both 'the' tokens share one vector." in AttentionHeatmap.tokens_caption(stub)
    long = entry("attention_heatmap", tokens=["the", "cat", "sat", "on", "the", "cat", "sat", "on"]).compute()
    stub.d = long
    assert AttentionHeatmap.title_text(stub) == "Causal attention on \"The cat sat on the cat sat on\""
    assert "Both 'cat' tokens" in AttentionHeatmap.tokens_caption(stub)
    # the figure's title
    import matplotlib.pyplot as plt

    from figures.common import figure_context

    with figure_context(Look("light", "zh-Hans")):
        fig = attention_heatmap_fig.make(d, Look("light", "zh-Hans"))
    try:
        assert fig._suptitle.get_text().startswith("“我愛貓咪”的因果注意力")
    finally:
        plt.close(fig)


def test_scores_wx_own_candidates():
    W = [[1, 2], [1, -1], [-1, 1], [0.5, 0.5]]
    d = entry("scores_wx", W=W, x=[-1.5, 0.5], candidates=["墊子", "地毯", "月亮", "沙發"]).compute()
    s = [1 * -1.5 + 2 * 0.5, 1 * -1.5 + -1 * 0.5, -1 * -1.5 + 1 * 0.5, 0.5 * -1.5 + 0.5 * 0.5]
    assert np.allclose(d.scores, s) and list(d.scores) == [-0.5, -2.0, 2.0, -0.5]
    p = np.exp(s) / np.exp(s).sum()
    assert np.allclose(d.probs, p)
    from figures import scores_wx

    assert scores_wx.COUNT["zh-Hant"][len(d.candidates)] == "四"
    assert Look("light", "en").t(scores_wx.STRINGS, "probs_title", k=scores_wx.COUNT["en"][4]) == \
        "softmax over these four candidates"


def test_toy_permutation_own_words():
    d = entry("toy_permutation", tokens_a=ZH["tokens"], embeddings=ZH["embeddings"]).compute()
    assert d.tokens_b == ("貓", "愛", "我", "咪")  # the earlier words reversed, the last one kept
    assert np.allclose(d.x_a, d.x_b, atol=1e-12)
    x = entry("attention_heatmap", **ZH).compute().x  # the same last row as the sentence itself
    assert np.allclose(d.x_a, x, atol=1e-12)


def test_permutation_own_pairs_and_caption():
    from scenes.permutation import STRINGS

    d = entry("permutation", first_a=["貓", "咪", "愛"], second_a=["the", "teacher", "praises", "students"],
              d_model=4).compute()
    a, b = d.examples[0], d.examples[1]
    assert a.tokens_b == ("愛", "咪", "貓") and b.tokens_b == ("students", "praises", "teacher", "the")
    p = np.eye(3)[[2, 1, 0]]  # order b's row k is order a's row 2 − k
    assert np.allclose(a.scores_b, p @ a.scores_a @ p.T, atol=1e-12)
    assert np.array_equal(a.x_b, p @ a.x_a) and a.x_a.shape == (3, 4)
    text = Look("light", "en").t(STRINGS, "cap_intro_own", a="貓咪愛", b="愛咪貓", n=3)
    assert text.startswith("貓咪愛 and 愛咪貓 use the same 3 tokens")
    assert "十五" not in text and "fifteen" not in text


@pytest.mark.parametrize("name", ["toy_permutation", "toy_permutation_sums", "scores_wx", "scores_wx_probs"])
def test_notes_are_caption_text_not_picture(name):
    """The paragraphs these figures used to draw are the numbers file's caption, in every language."""
    from matplotlib.text import Text

    from studio.gates.figures import draw_figure

    for lang in ("en", "zh-Hant", "zh-Hans"):
        fig, doc = draw_figure(catalogue.get(name), Look("light", lang))
        drawn = " ".join(t.get_text() for t in fig.findobj(Text))
        assert doc["caption"] and doc["caption"][:12] not in drawn, (name, lang)
    if name == "toy_permutation":
        assert "原因" in doc["caption"] and "“the”" in doc["caption"] and "查询、键、值矩阵都是单位矩阵 I" in doc["caption"]
    elif name == "toy_permutation_sums":  # short: the terms and the set-up are toy_permutation's caption
        assert "原因" in doc["caption"] and "“the”" in doc["caption"] and len(doc["caption"]) < 160
    elif name == "scores_wx":
        assert "mat 4；rug 1；moon −1" in doc["caption"] and "三个候选词元" in doc["caption"]
        assert "(2, −1, 1)" not in doc["caption"] and doc["caption"].count("。") == 3  # three sentences, no derivation
    else:  # the probabilities' own caption: the scores, what they become, what the softmax runs over
        assert "(4, 1, −1)" in doc["caption"] and "0.9465" in doc["caption"] and "三个候选词元" in doc["caption"]
        assert "(2, −1, 1)" not in doc["caption"]
