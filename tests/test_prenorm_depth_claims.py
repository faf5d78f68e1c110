"""prenorm_block's depth section says only what its numbers show (scenes.prenorm.depth, depth_strings,
depth_numbers; engine.depth_grad): both stacks' skip-line gradient starts at 1.00 at the true output, Pre-LN pays its
final LayerNorm's factor once (0.36, typeset as √(1 − 1/4 − y₀²/4)/σ with y₀ = −0.09, σ = 2.43), Post-LN pays two
LayerNorms a block (0.86 → 0.73 → 0.49); three deep, Post-LN's block 1 still gets more (0.49 against 0.36)."""
import numpy as np
import pytest

from engine.block import prenorm_lesson
from engine.depth_grad import ln_unit_gain
from scenes.prenorm import strings as prenorm_strings
from scenes.prenorm.depth_numbers import depth_args, depth_numbers, final_ln_tex

LANGS = ("en", "zh-Hant", "zh-Hans")


@pytest.fixture(scope="module")
def numbers():
    return depth_numbers(prenorm_lesson())


def test_the_numbers_are_the_engines(numbers):
    a = depth_args(numbers)
    assert (a["g0"], a["a1"], a["b1"], a["b2"], a["b3"]) == ("1.00", "0.36", "0.86", "0.73", "0.49")
    assert (a["p1"], a["p2"], a["p3"], a["f"], a["s"], a["y"], a["d"]) == ("1.32", "1.90", "2.43", "1.00", "2.43", "−0.09", 4)
    g = numbers.g
    np.testing.assert_allclose(g.pre_skip, g.final_gain, rtol=1e-12)  # paid once, then the identity
    assert g.final_sigma == pytest.approx(numbers.pre_std[-1], rel=1e-12)  # the σ in the factor is the std the stream grew to


def test_the_typeset_factor_gives_the_value_on_the_line(numbers):
    """The factor drawn, with the values drawn under it, is the value drawn on Pre-LN's line (0.36)."""
    rule, put = final_ln_tex(numbers)
    y0 = r"y_{\textstyle 0}"  # index and square at full size (≥ 3 % of the frame), as in the heads' Q^{(1)}
    assert rule == rf"\left(\sqrt{{1 - 1/4 - {y0}^{{\textstyle 2}}/4}}\right)/\,\sigma" and put == rf"{y0} = -0.09,\; \sigma = 2.43"
    assert round(np.sqrt(1 - 1 / 4 - 0.09 ** 2 / 4) / 2.43, 2) == 0.36
    g = numbers.g
    assert round(ln_unit_gain(g.final_sigma, g.final_y, g.d), 2) == round(g.pre_skip[1], 2) == 0.36


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_states_the_fair_comparison(lang):
    d = prenorm_lesson()
    args = depth_args(depth_numbers(d))
    text = prenorm_strings.STRINGS[lang]["cap_depth"].format(**args)
    said = ("1.00", "0.86 → 0.73 → 0.49", "0.36", "2.43", "1.32 → 1.90 → 2.43") + (("−0.09",) if lang != "zh-Hans" else ())
    for v in said:  # zh-Hans leaves y₀ to the picture (its caption font has no ₀)
        assert v in text, (lang, v)
    # in order: the output's 1.00, Post-LN's, Pre-LN's once-paid factor, the comparison (0.49 against 0.36), the price
    order = [text.index(v) for v in ("1.00", "0.86 → 0.73 → 0.49", "0.36")]
    order += [text.index("0.49", order[-1]), text.index("1.32")]  # 0.49 again, set against 0.36, after it
    assert order == sorted(order)
    assert "1.00 at every block" not in text and "每個區塊都是 1.00" not in text  # the old, unfair claim
    for key in ("cue_depth_def", "cue_depth_post", "cue_depth_once", "cue_depth_jac", "cue_depth_here", "cue_depth_pre",
                "cue_depth_cmp", "cue_depth_three", "cue_depth_price", "cue_depth_final"):
        assert prenorm_strings.STRINGS[lang][key] in text.replace(" ", ""), (lang, key)
    cues = [text.replace(" ", "").index(prenorm_strings.STRINGS[lang][k]) for k in
            ("cue_depth_def", "cue_depth_post", "cue_depth_once", "cue_depth_jac", "cue_depth_here", "cue_depth_pre",
             "cue_depth_cmp", "cue_depth_three", "cue_depth_price", "cue_depth_final")]
    assert cues == sorted(cues)


@pytest.mark.parametrize("lang", LANGS)
def test_the_price_says_each_update_counts_for_less(lang):
    """"Each update lands on a larger stream, so it changes the stream relatively less": token a's Pre-LN
    stream grows (std 0.71 → 1.32 → 1.90 → 2.43) while each block's update x_k − x_(k−1) does not (std 0.68, 0.58,
    0.53), so its share of the stream falls block by block (0.52, 0.31, 0.22); said between the price and the final LN."""
    from engine.depth import stacked_blocks
    d = prenorm_lesson()
    r = stacked_blocks(d.X, d.positions, eps=d.eps)
    upd = np.array([(r.pre[k + 1][0] - r.pre[k][0]).std() for k in range(len(r.pre) - 1)])
    share = upd / np.array([r.pre[k + 1][0].std() for k in range(len(r.pre) - 1)])
    assert np.all(np.diff(r.pre_std[:, 0]) > 0) and np.all(np.diff(upd) < 0) and np.all(np.diff(share) < 0)
    np.testing.assert_allclose(share, [0.515, 0.305, 0.217], atol=5e-3)
    table = prenorm_strings.STRINGS[lang]
    flat = table["cap_depth"].replace(" ", "")
    assert flat.index(table["cue_depth_price"]) < flat.index(table["cue_depth_share"]) < flat.index(table["cue_depth_final"])
