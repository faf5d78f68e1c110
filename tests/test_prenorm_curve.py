"""prenorm_block's closing picture (scenes.prenorm.curve, curve_numbers; engine.depth_grad): the whole gradient at
block 1's input for stacks 1 … 24 blocks deep, the same weights in every block. The values plotted are the engine's
(`depth_gradients(blocks=L).pre_total[-1]` / `.post_total[-1]`), the caption's numbers are read off those curves at
2 decimals (0.0037 at 2 significant digits), and the claims hold: Pre-LN's changes slowly with depth, Post-LN's
varies 1,600-fold, growing to 5.92 at 6 blocks and then falling to 0.0037, and from 13 blocks on it stays the smaller.
(Other inputs pick other sentences: tests/test_prenorm_curve_inputs.py.)"""
import numpy as np
import pytest

from engine.block import prenorm_lesson
from engine.depth_grad import depth_gradients
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


@pytest.mark.parametrize("L", [1, 3, 6, 12, 13, 18, 24])
def test_the_plotted_values_are_the_engines(lesson, curves, L):
    g = depth_gradients(lesson.X, lesson.positions, eps=lesson.eps, blocks=L)
    assert curves.pre[L - 1] == pytest.approx(g.pre_total[-1], rel=1e-12)
    assert curves.post[L - 1] == pytest.approx(g.post_total[-1], rel=1e-12)


def test_the_seeded_table(curves):
    """The values of the lesson's weights at the depths the task names, to their printed precision."""
    assert DEPTHS == 24 and list(curves.depths) == list(range(1, 25))
    at = {L: (round(curves.pre[L - 1], 2), curves.post[L - 1]) for L in (1, 3, 6, 12, 18, 24)}
    assert [at[L][0] for L in (1, 3, 6, 12, 18, 24)] == [0.96, 0.70, 0.64, 0.52, 0.42, 0.34]
    assert [round(at[L][1], 2) for L in (1, 3, 6, 12)] == [0.85, 1.91, 5.92, 0.67]
    assert round(at[18][1], 3) == 0.049 and round(at[24][1], 4) == 0.0037


def test_the_claims_hold(curves):
    pre, post = curves.pre, curves.post
    assert np.all(np.diff(pre) < 0)  # Pre-LN's falls at every added block ...
    assert np.all(pre[1:] / pre[:-1] > 0.8)  # ... slowly: never by a fifth a block
    assert pre.max() / pre.min() < 3
    assert curves.peak == 5 and post[5] > 5 * post[0]  # Post-LN's grows ~7× to its peak at 6 blocks ...
    assert np.all(np.diff(post[:6]) > 0) and np.all(np.diff(post[5:]) < 0)  # ... then only falls
    assert 1550 < post.max() / post.min() < 1650  # said "1,600-fold": 5.92 against 0.0037
    assert curves.below_from == 12  # the crossing named: from 13 blocks on Post-LN's is the smaller ...
    assert np.all(post[12:] < pre[12:]) and post[11] > pre[11]  # ... and at 12 still the larger
    assert np.all(post[1:12] > pre[1:12]) and post[0] < pre[0]  # between 2 and 12 blocks it is the larger


def test_the_caption_numbers(lesson):
    a = curve_args(lesson)
    numbers = {k: v for k, v in a.items() if not k.startswith("recap_")}
    assert numbers == {"N": 24, "c1": "0.96", "cN": "0.34", "q1": "0.85", "qm": "5.92", "Lm": 6, "qN": "0.0037", "Lx": 13,
                       "La": 2, "Lb": 12,  # the larger stretch: smaller at 1 block, larger from 2 to 12, smaller again from 13
                       "pf": "3", "qf": "1,600", "ps": "19",  # 0.96 / 0.34; 5.92 / 0.0037; 0.96 → 0.78: −19 %
                       "M": 3, "w3q": "1.91", "w3p": "0.70", "s3q": "0.49", "s3p": "0.36",  # the three-deep stacks marked
                       "g1": "0.65", "gN": "0.09", "z1": "1.32", "zN": "9.37"}  # Pre-LN's dashed line and its final LN's σ


def test_the_lesson_picks_the_lessons_sentences(lesson, curves):
    """The lesson's facts: Pre-LN's falls at every block, by at most 1.23× a block; Post-LN's rises at every block
    to 6, then falls at every block; it is the smaller from 13 on; 1,600-fold against 2.8-fold: the warm-up sentence."""
    f = recap_facts(curves)
    assert (f.pre_dir, f.post_shape, f.below_from) == ("falls", "rise_fall", 12)
    assert f.pre_step == pytest.approx(0.9592 / 0.7769, abs=1e-3) and f.pre_fold == pytest.approx(0.9592 / 0.3379, abs=1e-2)
    assert recap_keys(f) == {"pre": "recap_pre_slow_falls", "post": "recap_post_rise_fall", "branch": "recap_branch_grows",
                             "cross": "recap_cross_band", "why": "recap_why_warmup"}
    assert recap_cues(curves) == {"pre": "cue_curve_pre", "post": "cue_curve_post", "cross": "cue_curve_cross",
                                  "why": "cue_curve_why"}
    text = prenorm_strings.STRINGS["en"]["cap_recap"].format(**prenorm_strings.caption_args(lesson, "en")["cap_close"])
    assert text.endswith("Pre-LN's changes slowly with depth: 0.96 at one block, 0.34 at 24. "
                         "Post-LN's varies 1,600-fold: it grows to 5.92 at 6 blocks, then falls to 0.0037 at 24. "
                         "The dashed lines are the skip line's part alone. At 3 blocks, the stacks from before, it is 0.49 "
                         "for Post-LN and 0.36 for Pre-LN; the whole gradients are 1.91 and 0.70. "
                         "Pre-LN's dashed line is its final LN's factor, which divides by σ, the std of the stream it "
                         "normalises; that std grows from 1.32 at one block to 9.37 at 24, and dividing by it pulls the line down. "
                         "At Post-LN's peak its dashed line is still under 1: the paths through attention and the FFN make "
                         "the whole gradient grow. "
                         "Deeper still, from 13 blocks on, Post-LN's is the smaller one again: "
                         "it is the larger only from 2 to 12 blocks. "
                         "So in this example, from 1 to 24 blocks, Pre-LN's gradient at block 1 stays within 3-fold, "
                         "while Post-LN's swings 1,600-fold: that is why the LayerNorm goes first.")
    for lang, words in (("zh-Hant", "Post-LN 則相差約 1,600 倍。疊到 6 層時增大到 5.92。之後一路減小：24 層只剩 0.0037。"),
                        ("zh-Hans", "Post-LN 则相差约 1,600 倍。叠到 6 层时增大到 5.92。之后一路减小：24 层只剩 0.0037。")):
        text = prenorm_strings.STRINGS[lang]["cap_recap"].format(**prenorm_strings.caption_args(lesson, lang)["cap_close"])
        assert words in text and "上千倍" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_recap_says_it_in_order(lesson, lang):
    table = prenorm_strings.STRINGS[lang]
    text = table["cap_recap"].format(**prenorm_strings.caption_args(lesson, lang)["cap_close"])
    order = [text.index(v) for v in ("0.96", "0.34", "5.92", "0.0037", "13")]
    assert order == sorted(order)
    flat = text.replace(" ", "")
    cue = recap_cues(depth_curves(lesson))
    cues = [flat.index(table[k]) for k in ("cue_recap", cue["pre"], cue["post"], cue["cross"], cue["why"])]
    assert cues == sorted(cues)
    # the three-deep stacks' skip-line factors are marked on the chart beside the whole gradients there, after Post-LN's line
    assert text.index("0.0037") < text.index("0.49") < text.index("0.36") < text.index("1.91") < text.index("0.70") < text.index("13")
    assert flat.index(table["cue_curve_dashed"]) < flat.index(table[cue["cross"]])


def test_the_crossing_is_a_named_tick():
    assert x_ticks(24, 13) == [1, 6, 13, 18, 24]  # 12 gives way to the crossing's 13
    assert x_ticks(24, 24) == [1, 6, 12, 18, 24]


def test_the_skip_line_parts_are_the_engines(lesson, curves):
    """The dashed lines: each depth's skip-line part (engine.depth_grad's pre_skip / post_skip at block 1's input); at 3
    blocks they are the depth section's 0.49 and 0.36, beside the whole gradients 1.91 and 0.70."""
    from engine.depth_grad import depth_gradients

    for L in (1, 3, 6, 24):
        g = depth_gradients(lesson.X, lesson.positions, eps=lesson.eps, blocks=L)
        assert curves.pre_skip[L - 1] == pytest.approx(g.pre_skip[-1], rel=1e-12)
        assert curves.post_skip[L - 1] == pytest.approx(g.post_skip[-1], rel=1e-12)
    assert [round(float(v), 2) for v in (curves.post_skip[2], curves.pre_skip[2], curves.post[2], curves.pre[2])] == [0.49, 0.36, 1.91, 0.70]


def test_post_lns_whole_gradient_grows_through_its_branches(curves):
    """The recap's why (recap_branch_grows): at Post-LN's peak, 6 blocks, the whole gradient at block 1's input is 5.92
    while its skip-line part (the twelve LayerNorm factors alone, engine.depth_grad) is 0.61, under 1.00; so the growth is
    the paths through attention and the FFN. With those paths cut (each block's Jacobian its LayerNorms' alone), the whole
    gradient is the skip-line part."""
    from engine.depth_grad import depth_gradients

    k = curves.peak
    assert curves.depths[k] == 6 and round(curves.post[k], 2) == 5.92
    assert round(curves.post_skip[k], 2) == 0.61 and curves.post_skip[k] < 1.0 < curves.post[k]
    g = depth_gradients(blocks=6)
    assert g.post_total[-1] == pytest.approx(curves.post[k], rel=1e-9) and g.post_skip[-1] == pytest.approx(curves.post_skip[k], rel=1e-9)
    assert recap_facts(curves).branch_grows
