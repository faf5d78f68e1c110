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
    for key in ("cue_depth_def", "cue_depth_post", "cue_depth_shrink", "cue_depth_once", "cue_depth_jac", "cue_depth_here",
                "cue_depth_pre", "cue_depth_three", "cue_depth_price", "cue_depth_final"):
        assert prenorm_strings.STRINGS[lang][key] in text.replace(" ", ""), (lang, key)
    cues = [text.replace(" ", "").index(prenorm_strings.STRINGS[lang][k]) for k in
            ("cue_depth_def", "cue_depth_post", "cue_depth_shrink", "cue_depth_once", "cue_depth_jac", "cue_depth_here",
             "cue_depth_pre", "cue_depth_three", "cue_depth_price", "cue_depth_final")]
    assert cues == sorted(cues)


@pytest.mark.parametrize("lang", LANGS)
def test_the_price_says_the_stream_grows(lang):
    """"The price: Pre-LN's stream, never rescaled, grows: its std is 1.32 → 1.90 → 2.43", then its final LN brings it
    back to 1.00: token a's Pre-LN stream grows block by block (std 0.71 → 1.32 → 1.90 → 2.43); said between the price
    and the final LN."""
    from engine.depth import stacked_blocks
    d = prenorm_lesson()
    r = stacked_blocks(d.X, d.positions, eps=d.eps)
    assert np.all(np.diff(r.pre_std[:, 0]) > 0)
    table = prenorm_strings.STRINGS[lang]
    text = table["cap_depth"].format(**depth_args(depth_numbers(d)))
    flat = text.replace(" ", "")
    assert flat.index(table["cue_depth_price"]) < flat.index("1.32→1.90→2.43") < flat.index(table["cue_depth_final"])
    assert flat.index(table["cue_depth_final"]) < flat.rindex("1.00")


@pytest.mark.parametrize("lang", LANGS)
def test_the_factor_per_block_is_the_engines(numbers, lang):
    """The pulse's factors: Post-LN's blocks multiply the skip-line gradient by 0.86, 0.85, 0.67 (block 3 first, the
    engine's ratios drawn beside each block), about × 0.79 per block (0.79³ ≈ 0.49, the value at block 1); Pre-LN's by
    1.00 at every block, once its final LN has paid × 0.36. The caption says the mean factor after the values."""
    from engine.prenorm_extra import mean_factor, skip_factors
    g = numbers.g
    assert [round(float(f), 2) for f in skip_factors(g.post_skip)] == [0.86, 0.85, 0.67]
    np.testing.assert_allclose(skip_factors(g.pre_skip), 1.0, rtol=1e-12)
    q = mean_factor(g.post_skip)
    assert round(q, 2) == 0.79 and q ** 3 == pytest.approx(g.post_skip[-1] / g.post_skip[0], rel=1e-12)
    a = depth_args(numbers)
    assert a["q"] == "0.79"
    text = prenorm_strings.STRINGS[lang]["cap_depth"].format(**a)
    assert "× 0.79" in text and text.index("0.86 → 0.73 → 0.49") < text.index("× 0.79") < text.index("0.36")
    assert "× 1.00" in text and text.index("0.36") < text.index("× 1.00")
    assert prenorm_strings.STRINGS[lang]["depth_mean"].format(q=a["q"]).replace("\n", " ").count("0.79") == 1  # on screen too
