"""prenorm_block's closing picture (scenes.prenorm.curve, curve_numbers; engine.depth_layers): the whole gradient at
each block's input in one 24-block stack, block 1 the lesson's and blocks 2 … 24 with their own seeded weights. The
values plotted are the engine's (`layer_gradients().pre_total` / `.post_total`), the caption's numbers are read off
those curves at 2 decimals (0.015 at 2 significant digits), and the claims hold: Pre-LN's varies about 4-fold along
the stack, Post-LN's spans 1,700-fold, and it is the larger only at blocks 21 and 22.
(Other inputs pick other sentences: tests/test_prenorm_curve_inputs.py.)"""
import numpy as np
import pytest

from engine.block import prenorm_lesson
from engine.depth_layers import layer_gradients
from scenes.prenorm import strings as prenorm_strings
from scenes.prenorm.curve import x_ticks
from scenes.prenorm.curve_numbers import DEPTHS, curve_args, depth_curves, recap_cues, recap_facts, recap_keys

LANGS = ("en", "zh-Hant", "zh-Hans")


@pytest.fixture(scope="module")
def lesson():
    return prenorm_lesson()


@pytest.fixture(scope="module")
def curves(lesson):
    return depth_curves(lesson)


def test_the_plotted_values_are_the_engines(lesson, curves):
    g = layer_gradients(lesson.X, lesson.positions, eps=lesson.eps)
    for mine, theirs in ((curves.pre, g.pre_total), (curves.post, g.post_total), (curves.pre_skip, g.pre_skip),
                         (curves.post_skip, g.post_skip)):
        np.testing.assert_allclose(mine, theirs, rtol=1e-12)


def test_the_seeded_table(curves):
    """The values at the blocks the chart names, to their printed precision."""
    assert DEPTHS == 24 and list(curves.depths) == list(range(1, 25))
    assert [round(float(curves.pre[k - 1]), 2) for k in (1, 6, 12, 18, 24)] == [1.54, 0.77, 0.63, 0.59, 0.72]
    assert [round(float(curves.post[k - 1]), 2) for k in (18, 22, 24)] == [0.18, 0.68, 0.37]
    assert f"{curves.post[0]:.2g}" == "0.00096" and f"{curves.post[1]:.2g}" == "0.0004"


def test_the_claims_hold(curves):
    pre, post = curves.pre, curves.post
    assert 4.0 < pre.max() / pre.min() < 4.2  # said "about 4-fold"
    assert 1650 < post.max() / post.min() < 1750  # said "1,700-fold": 0.68 against 0.0004
    assert curves.peak == 21 and int(np.argmin(post)) == 1  # largest at block 22, smallest at block 2
    under = post < pre
    assert not under[20] and not under[21] and np.all(under[:20]) and np.all(under[22:])  # the larger only at 21 and 22
    np.testing.assert_allclose(curves.pre_skip, curves.pre_skip[0])  # Pre-LN's dashed line is flat


def test_the_caption_numbers(lesson):
    a = curve_args(lesson)
    numbers = {k: v for k, v in a.items() if not k.startswith("recap_")}
    assert numbers == {"N": 24, "c1": "1.54", "cN": "0.72", "q1": "0.00096", "qm": "0.68", "Lm": 22, "qN": "0.37",
                       "qlo": "0.0004", "Llo": 2, "Lx": 23, "La": 21, "Lb": 22,  # the larger only at blocks 21 and 22
                       "pf": "4", "qf": "1,700", "ps": "59", "qr": "0.69",  # 1.54 / 0.38; 0.68 / 0.0004; 1.54 → 0.63: −59 %
                       "M": 14, "w3q": "0.015", "w3p": "0.43", "s3q": "0.11", "s3p": "0.54",  # block 14 marked
                       "g1": "0.54", "gN": "0.54"}  # Pre-LN's dashed line: one value at every block


def test_the_lesson_picks_the_lessons_sentences(lesson, curves):
    f = recap_facts(curves)
    assert (f.pre_dir, f.post_shape, f.below_from, f.larger_from) == ("both", "up_down", 22, 20)
    assert recap_keys(f) == {"pre": "recap_pre_fast_both", "post": "recap_post_decays", "branch": "recap_branch_cancel",
                             "cross": "recap_cross_band", "why": "recap_why_warmup"}
    assert recap_cues(curves) == {"pre": "cue_curve_pre", "post": "cue_curve_post", "cross": "cue_curve_cross",
                                  "why": "cue_curve_why"}
    text = prenorm_strings.STRINGS["en"]["cap_recap"].format(**prenorm_strings.caption_args(lesson, "en")["cap_close"])
    assert text.endswith("Pre-LN's changes by up to 59 % a block, now up, now down: 1.54 at block 1, 0.72 at block 24. "
                         "Post-LN's spans 1,700-fold and, back toward the input, decays about ×0.69 per block on average: "
                         "0.68 at block 22, its largest, 0.0004 at block 2. "
                         "The factors multiply: Post-LN's block 1 gets 0.00096. "
                         "Post-LN's is the larger only from block 21 to 22, near the output. "
                         "So in this stack, with the LayerNorm first, no block's gradient is far below the rest. "
                         "Here: Pre-LN about 4-fold; Post-LN about 1,700-fold. "
                         "This chart shows input gradients; Xiong and colleagues link Post-LN's need for a warm-up to its "
                         "parameter gradients at initialisation. "
                         "In short: an identity skip path gives gradients of similar size at every depth; Xiong and "
                         "colleagues report that Pre-LN trains without a warm-up; the price is a residual stream "
                         "that grows block by block, hence the final LayerNorm.")
    assert "needs none" not in text
    assert "that is why" not in text
    for lang, words in (("zh-Hant", "Post-LN 則相差約 1,700 倍，而且從輸出往輸入整體遞減，平均每個區塊約乘上 0.69。最大在區塊 22，是 0.68；到區塊 2 只剩下 0.0004。"),
                        ("zh-Hans", "Post-LN 则相差约 1,700 倍，而且从输出往输入整体递减，平均每个块约乘上 0.69。最大在块 22，是 0.68；到块 2 只剩下 0.0004。")):
        text = prenorm_strings.STRINGS[lang]["cap_recap"].format(**prenorm_strings.caption_args(lesson, lang)["cap_close"])
        assert words in text and "上千倍" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_recap_says_it_in_order(lesson, lang):
    table = prenorm_strings.STRINGS[lang]
    text = table["cap_recap"].format(**prenorm_strings.caption_args(lesson, lang)["cap_close"])
    order = [text.index(v) for v in ("1.54", "0.72", "0.68", "0.0004", "0.00096", "21")]
    assert order == sorted(order)
    flat = text.replace(" ", "")
    cue = recap_cues(depth_curves(lesson))
    cues = [flat.index(table[k]) for k in ("cue_recap", cue["pre"], cue["post"], cue["cross"], cue["why"])]
    assert cues == sorted(cues)


def test_the_x_ticks_are_evenly_spaced_and_end_at_the_last_block():
    assert x_ticks(24) == [1, 6, 12, 18, 24]  # evenly spaced, the last block named
    assert x_ticks(20) == [1, 6, 12, 18, 20]
