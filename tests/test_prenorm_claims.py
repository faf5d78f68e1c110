"""Every claim a caption of prenorm_block or layernorm_steps makes, checked against the numbers.

The captions are formatted exactly as the scenes show them (their `captions(record, lang)`), then
each claim is recomputed here from the engine or from first principles, not read back from the
caption's own source.
"""
import math
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

from engine.block import LESSON_X, prenorm_block, prenorm_lesson
from engine.norms import layernorm_example
from look import LANGS, fmt_num
from scenes import layernorm_steps
from scenes.prenorm import strings as prenorm_strings

ROOT = Path(__file__).resolve().parent.parent
SOURCE_WORDS = re.compile(r"seed|lesson|03b3|03b4|page|book|種子|种子|本頁|本页|書中|书中|課程|课程", re.I)
# Latin words a Chinese render may keep: names of functions, modules (nn.LayerNorm) and matrices, as in
# Chinese textbooks
TERMS = {"LayerNorm", "nn", "Pre", "Post", "LN", "QK", "ReLU", "softmax", "FFN", "in", "out", "Concat", "BatchNorm", "Var", "Transformer", "Xiong"}  # "out", "in": the names in ∂out/∂in, as the picture sets them


@pytest.fixture(scope="module")
def lesson():
    return prenorm_lesson()


@pytest.fixture(scope="module")
def ln():
    return layernorm_example()


def every_caption():
    for lang in LANGS:
        yield lang, "prenorm_block", prenorm_strings.captions(prenorm_lesson(), lang)
        yield lang, "layernorm_steps", layernorm_steps.captions(layernorm_example(), lang)


# -- prenorm_block ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_swap_with_p0_only_swaps_the_outputs(lesson, lang):
    """cap_swap: with P = 0 the outputs only swap places, exactly."""
    assert "P = 0" in prenorm_strings.captions(lesson, lang)["cap_swap"]
    y = prenorm_block(LESSON_X, None).Y  # (2, 4)
    y_swapped = prenorm_block(LESSON_X[::-1], None).Y  # (2, 4)
    np.testing.assert_array_equal(y_swapped, y[::-1])  # exactly, not to a tolerance
    assert lesson.zero_swap_change_max == 0.0
    assert not np.allclose(y[0], y[1])  # the two outputs do differ: they are different words


@pytest.mark.parametrize("lang", LANGS)
def test_swap_with_p_changes_the_outputs_by_the_amount_shown(lesson, lang):
    """cap_close: with P, swapping no longer just swaps the outputs; entries change by up to c."""
    caption = prenorm_strings.captions(lesson, lang)["cap_close"]
    y = prenorm_block(LESSON_X, (0, 1)).Y
    y_swapped = prenorm_block(LESSON_X[::-1], (0, 1)).Y
    change = np.abs(y_swapped - y[::-1]).max()
    assert fmt_num(change, 2) in caption
    assert change > 0.5  # not a rounding effect


@pytest.mark.parametrize("lang", LANGS)
def test_layer_norm_row_statistics_are_the_correct_ones(lesson, lang):
    """cap_ln1 shows row 1's variance and std: the correct values, not the misprinted ones."""
    caption = prenorm_strings.captions(lesson, lang)["cap_ln1"]
    table = tomllib.loads((ROOT / "engine/golden/seed000.toml").read_text(encoding="utf-8"))["value"]
    rows = {r["id"]: r for r in table}
    x = LESSON_X[1] + np.array([math.sin(1), math.cos(1), math.sin(1e-2), math.cos(1e-2)])  # X_in row 1
    var, std = x.var(), x.std()
    for value, row in ((var, rows["ln1_row1_variance"]), (std, rows["ln1_row1_std"])):
        assert fmt_num(value, 4) == fmt_num(row["correct"], 4)
        assert fmt_num(value, 4) in caption
        assert fmt_num(row["printed"], 4) not in caption
    assert (lesson.erratum_printed_var, lesson.erratum_printed_std) == (0.0637, 0.2524)


@pytest.mark.parametrize("lang", LANGS)
def test_attention_and_ffn_claims(lesson, lang):
    cap = prenorm_strings.captions(lesson, lang)
    # cap_heads: head 1 reads dims 0–1, head 2 dims 2–3, and Q = K = V
    assert "0–1" in cap["cap_heads"] and "2–3" in cap["cap_heads"]
    np.testing.assert_array_equal(lesson.Q[0], lesson.X_tilde[:, :2])
    np.testing.assert_array_equal(lesson.Q[1], lesson.X_tilde[:, 2:])
    assert np.array_equal(lesson.K, lesson.Q) and np.array_equal(lesson.V, lesson.Q)
    # cap_attention: divided by the square root of 2 (in words: the caption font has no drawn √)
    assert "√" not in cap["cap_attention"] and "2" in cap["cap_attention"]
    np.testing.assert_allclose(lesson.E, lesson.S / math.sqrt(2), atol=1e-15)
    # cap_head2: head 2 the same steps on dims 2–3 (the zero-query row is no longer said: the concat does not need it)
    assert "2–3" in cap["cap_head2"] and "cap_uniform" not in cap
    # cap_ln2: every row of Z̃ has mean 0 and variance 1
    np.testing.assert_allclose(lesson.Z_tilde.mean(axis=1), 0, atol=1e-12)
    np.testing.assert_allclose(lesson.Z_tilde.var(axis=1), 1, atol=1e-12)
    # cap_ffn_up: 8 columns, the 8 negative entries are set to 0
    negative = lesson.H < 0
    assert negative.sum() == 8 and "8" in cap["cap_ffn_up"]
    assert np.all(lesson.R[negative] == 0) and np.array_equal(lesson.R[~negative], lesson.H[~negative])
    # cap_residual2: the output has the input's shape
    assert lesson.Y.shape == lesson.X.shape == (2, 4) and "2 × 4" in cap["cap_residual2"]


# -- layernorm_steps: its claims, and the whole computation against torch, in tests/test_layernorm_steps.py --

# -- both scenes: ideas, not sources; Chinese without stray English ----------------------------------
def strings_of(module):
    return {lang: module.STRINGS[lang] for lang in LANGS}


@pytest.mark.parametrize("module", [prenorm_strings, layernorm_steps], ids=["prenorm_block", "layernorm_steps"])
def test_no_source_names_on_screen(module):
    for lang, table in strings_of(module).items():
        for key, text in table.items():
            assert not SOURCE_WORDS.search(text), f"{lang}.{key}: {text}"


@pytest.mark.parametrize("module", [prenorm_strings, layernorm_steps], ids=["prenorm_block", "layernorm_steps"])
def test_chinese_strings_keep_only_terms(module):
    for lang in ("zh-Hant", "zh-Hans"):
        for key, text in module.STRINGS[lang].items():
            words = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text))) - TERMS
            assert not words, f"{lang}.{key}: {sorted(words)}"


# -- the claims added to prenorm_block: x − μ, head 2, Why Pre-LN, the block's close -----------------
def test_centred_rows_are_the_record_and_divide_into_x_tilde():
    """ln1_centred is X_in − μ per row, and ÷ σ gives X̃ (what the scene turns it into on screen)."""
    from engine import prenorm_lesson

    d = prenorm_lesson()
    np.testing.assert_allclose(d.ln1_centred, d.X_in - d.X_in.mean(axis=1, keepdims=True), atol=1e-12)
    np.testing.assert_allclose(d.ln1_centred / d.ln1_std[:, None], d.X_tilde, atol=1e-12)
    np.testing.assert_allclose(d.ln1_centred.mean(axis=1), 0.0, atol=1e-12)


def test_why_pre_ln_makes_no_claim_the_screen_cannot_show():
    """The Pre-LN aside says only what its picture shows (the skip line clean, an identity path for
    gradients): no warm-up claim, in every language. English names both formulas; the Chinese
    captions name both blocks and leave the formulas to the picture, which writes them under the
    blocks (so a cue is a clause, not a formula broken over two lines)."""
    from scenes.prenorm.strings import STRINGS
    from scenes.prenorm.why import mini_block

    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = STRINGS[lang]["cap_residual1"]
        assert "warm" not in text and "預熱" not in text and "预热" not in text
        assert "Pre-LN" in text and "Post-LN" in text
        if lang == "en":
            assert "x + F(LN(x))" in text and "LN(x + F(x))" in text
    import inspect
    source = inspect.getsource(mini_block)
    assert r"x + F(\mathrm{LN}(x))" in source and r"\mathrm{LN}(x + F(x))" in source


def test_the_scene_ends_on_the_conclusion_then_the_block_itself():
    """The swap test comes as an aside after the depth argument: one boxed conclusion (word order matters only with P),
    then one closing sentence about the block itself: x + F(LN(x)) twice, the same shape in and out, so blocks stack;
    last the stack's final LayerNorm (the residual stream is never normalised inside the blocks). The whole gradient at
    block 1's input over 1 … 24 blocks (Pre-LN's 0.96 → 0.34, Post-LN's up to 5.92 at 6 blocks then 0.0037, the smaller
    from 13 blocks on) is no longer in it: it closes the depth argument (test_the_chart_continues_the_depth_argument)."""
    d = prenorm_lesson()
    for lang in LANGS:
        close = prenorm_strings.captions(d, lang)["cap_close"]
        table = prenorm_strings.STRINGS[lang]
        recap = table["cap_recap"].format(**prenorm_strings.caption_args(d, lang)["cap_close"])
        assert close.endswith(table["cap_final_ln"]) and recap not in close
        assert table["cap_block"] in close and close.index(table["cap_block"]) < close.index(table["cap_final_ln"])
        assert "x + F(LN(x))" in close and "x + F(LN(x))" in prenorm_strings.STRINGS[lang]["closing"]
    assert "order of the words now matters" in prenorm_strings.captions(d, "en")["cap_close"]


def test_the_chart_continues_the_depth_argument():
    """The depth section's caption: the three-deep stacks (cap_depth), then, in the same section, the whole gradient at
    every block's input of one 24-block stack (engine.depth_layers) in the engine's numbers, Pre-LN's first, then
    Post-LN's; in every language."""
    from scenes.prenorm.depth_caption import depth_caption

    d = prenorm_lesson()
    for lang in LANGS:
        table = prenorm_strings.STRINGS[lang]
        text = depth_caption(d, lang)
        recap = table["cap_recap"].format(**prenorm_strings.caption_args(d, lang)["cap_close"])
        assert text.endswith(recap) and text.index("2.43") < text.index(recap)
        assert all(v in recap for v in ("24", "1.54", "0.72", "0.68", "0.0004", "0.00096", "21"))
        assert recap.index("1.54") < recap.index("0.72") < recap.index("0.68") < recap.index("0.0004")  # Pre-LN's, then Post-LN's


@pytest.mark.parametrize("lang", LANGS)
def test_swap_note_names_both_values_of_the_largest_change(lesson, lang):
    """The note under the with-P table: token, dim, its output before the swap (−0.84), after (1.75)
    and the change (2.59), each from the record."""
    d = lesson
    r, k = prenorm_strings.largest_change(d)
    t = d.swap_order[r]
    note = prenorm_strings.STRINGS[lang]["largest"].format(
        t=prenorm_strings.TOKEN_NAMES[t], k=k, a=fmt_num(d.p_Y[t, k], 2), b=fmt_num(d.Y_swapped[r, k], 2),
        c=fmt_num(d.swap_change_max, 2))
    assert "−0.84" in note and "1.75" in note and "2.59" in note
    assert fmt_num(abs(d.Y_swapped[r, k] - d.p_Y[t, k]), 2) == "2.59"


@pytest.mark.parametrize("lang", LANGS)
def test_close_names_the_entry_of_the_largest_change(lesson, lang):
    """cap_close names the token and dim of the largest change with P; it is that token's own row of
    the two outputs (rows lined up by token) that differs there, by the amount shown."""
    cap = prenorm_strings.captions(lesson, lang)["cap_close"]
    by_token = lesson.Y_swapped_by_token  # (T, d): row t = token t's output in the swapped pass
    diff = np.abs(by_token - lesson.p_Y)  # (T, d)
    t, k = np.unravel_index(np.argmax(diff), diff.shape)
    assert fmt_num(diff[t, k], 2) in cap
    assert prenorm_strings.TOKEN_NAMES[t] in cap and f" {k} " in cap.replace("）", " ").replace(")", " ")
    assert (t, k) == (0, 2) and fmt_num(lesson.p_Y[t, k], 2) == "−0.84" and fmt_num(by_token[t, k], 2) == "1.75"
    np.testing.assert_array_equal(lesson.zero_Y_swapped_by_token, lesson.zero_Y)  # P = 0: row for row the same


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_swap_caption_says_why_only_p_makes_position_matter(lesson, lang):
    """cap_swap, in one short result: with P = 0 nothing in the block knows which token came first, so the output
    rows only follow their input rows (checked on the engine: attention reads a set, the LayerNorms and the FFN act
    on each row alone)."""
    cap = prenorm_strings.captions(lesson, lang)["cap_swap"]
    assert {"en": "Without P nothing in the block knows which token came first", "zh-Hant": "沒有 P，區塊就不知道哪個詞元在前",
            "zh-Hans": "没有 P，块就不知道哪个词元在前"}[lang] in cap
    y, s = prenorm_block(LESSON_X, None), prenorm_block(LESSON_X[::-1], None)
    np.testing.assert_array_equal(s.A, y.A[:, ::-1, ::-1])  # (H, T, T): the same weights, rows and keys reordered
    for name in ("X_tilde", "O", "Z_tilde", "F", "Y"):  # (T, d) each: row for row the same numbers, reordered
        np.testing.assert_array_equal(getattr(s, name), getattr(y, name)[::-1])
    p, ps = prenorm_block(LESSON_X, (0, 1)), prenorm_block(LESSON_X[::-1], (0, 1))
    assert not np.allclose(ps.X_in, p.X_in[::-1])  # with P the rows that go in are no longer the same rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_swap_test_starts_from_the_walkthrough_output(lesson, lang):
    """cap_close (with P): "before the swap, its outputs are the Y worked out step by step earlier": the
    swap panel's with-P outputs are the record's Y, the walkthrough's result; the P = 0 walkthrough
    (its Y is another one) does not say it."""
    np.testing.assert_array_equal(lesson.p_Y, lesson.Y)
    caption = prenorm_strings.captions(lesson, lang)["cap_close"]
    assert {"en": "the Y worked out step by step earlier", "zh-Hant": "前面一步步算出的 Y",
            "zh-Hans": "前面一步步算出的 Y"}[lang] in caption
    zero = prenorm_lesson(with_p=False)
    assert not np.allclose(zero.Y, zero.p_Y)
    assert "Y" not in prenorm_strings.captions(zero, lang)["cap_close"].replace("Y(", "")


def test_the_second_layernorm_rows_shown_are_the_engines():
    """ln2 shows LN(Z′)'s row means and variances (Z_tilde_mean, Z_tilde_var): 0, and var/(var + ε), 1 at ε = 0."""
    for eps in (0.0, 1.0):
        d = prenorm_lesson(eps=eps) if eps else prenorm_lesson()
        np.testing.assert_allclose(d.Z_tilde_mean, d.Z_tilde.mean(axis=1), atol=1e-15)
        np.testing.assert_allclose(d.Z_tilde_mean, 0.0, atol=1e-12)
        np.testing.assert_allclose(d.Z_tilde_var, d.ln2_var / (d.ln2_var + d.eps), rtol=1e-12)
