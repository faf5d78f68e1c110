"""prenorm_block's closing recap at a reader's own inputs (scenes.prenorm.curve_numbers, ending_strings; seed 000,
lesson 03b4 §6): the inputs of tests/test_params_training.py give per-block curves unlike the lesson's (one 24-block stack with
its own weights per block, engine.depth_layers: Post-LN's never the smaller at block 24, or Pre-LN's varying more), and
every sentence the caption picks must be true of the curves drawn, in en, zh-Hant and zh-Hans. The claims are checked
here against the curves themselves, not through the code that picks the sentence. Each input's curves are computed
once per input (curve_numbers caches them)."""
import re
import string

import numpy as np
import pytest

from scenes.parts.cues import LINE_CHARS, cues, whole_spans
from scenes.prenorm import strings as prenorm_strings
from scenes.prenorm.depth_caption import depth_caption
from scenes.prenorm.curve_numbers import (MARKED, SLOW_STEP, DepthCurves, depth_curves, fold_text, larger_band, recap_cues, recap_facts,
                                          recap_keys, value)
from studio import catalogue

LANGS = ("en", "zh-Hant", "zh-Hans")
X3 = ((0.5, -1.0, 2.0, 0.0), (1.0, 1.0, -1.0, 0.25), (-2.0, 0.0, 0.5, 1.5))
INPUTS = {  # the alternative inputs of tests/test_params_training.py, and the sentences each one's curves call for
    "four_tokens": ({"X": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]},
                    ("recap_pre_fast_both", "recap_post_decays", "recap_cross_none", "recap_why_warmup")),
    "far_positions_eps_1": ({"X": [[10, -10, 0, 0], [0, 1, 1, 0]], "positions": [9999, 0], "eps": 1.0},
                            ("recap_pre_slow_both", "recap_post_decays", "recap_cross_none", "recap_why_warmup")),
    "p0_eps0": ({"eps": 0.0, "positions": [0, 1], "P": False},
                ("recap_pre_fast_both", "recap_post_up_down", "recap_cross_from", "recap_why_post_more")),
    "three_tokens": ({"X": X3, "positions": [5, 0, 12], "eps": 0.01},
                     ("recap_pre_fast_both", "recap_post_decays", "recap_cross_band", "recap_why_warmup")),
    "three_tokens_default": ({"X": X3},
                             ("recap_pre_fast_both", "recap_post_up_down", "recap_cross_none", "recap_why_pre_more")),
}


def record(name):
    return catalogue.get("prenorm_block").with_params(INPUTS[name][0]).compute()


def recap_text(d, lang):
    return prenorm_strings.STRINGS[lang]["cap_recap"].format(**prenorm_strings.caption_args(d, lang)["cap_close"])


def check_claims(c: DepthCurves, keys: dict) -> None:
    """Each picked sentence's claim, checked on the curves themselves."""
    pre, post = c.pre, c.post
    step = pre[1:] / pre[:-1]
    pre_fold, post_fold = pre.max() / pre.min(), post.max() / post.min()
    speed, direction = keys["pre"].split("_")[2:]
    assert (speed == "slow") == bool(np.all((step < SLOW_STEP) & (1 / step < SLOW_STEP)))
    assert direction == ("falls" if np.all(step < 1) else "rises" if np.all(step > 1) else "both")
    top = int(np.argmax(post))
    shape = keys["post"][len("recap_post_"):]
    if shape == "rise_fall":  # "it grows to qm at Lm blocks, then falls to qN"
        assert 0 < top < len(post) - 1 and np.all(np.diff(post[:top + 1]) > 0) and np.all(np.diff(post[top:]) < 0)
    elif shape == "falls":  # "largest at one block, and falls at every added block"
        assert top == 0 and np.all(np.diff(post) < 0)
    elif shape == "rises":
        assert np.all(np.diff(post) > 0)
    elif shape == "decays":  # "decays on the whole toward the input, about ×qr a block": not one-way either side of
        lo = int(np.argmin(post))  # the peak, its largest nearer the output than its smallest, its log's fitted slope > 0
        assert not (np.all(np.diff(post[:top + 1]) > 0) and np.all(np.diff(post[top:]) < 0))
        assert top > lo and np.polyfit(np.arange(len(post), dtype=float), np.log(post), 1)[0] > 0
    else:  # "now up, now down": neither side of the peak is one-way
        assert shape == "up_down"
        assert not (np.all(np.diff(post[:top + 1]) > 0) and np.all(np.diff(post[top:]) < 0))
    if keys["branch"] == "recap_branch_grows":  # "there its skip-line part alone is under 1 ... make the whole grow"
        assert c.post_skip is not None and c.post_skip[top] < 1.0 < post[top]
    elif keys["branch"] == "recap_branch_cancel":  # "the whole can be smaller than the skip line's part alone": at the
        k = MARKED - 1  # marked block, for both stacks
        assert post[k] < c.post_skip[k] and pre[k] < c.pre_skip[k]
    else:
        assert keys["branch"] == "recap_branch_both"  # a definition, true of every point
    cross = keys["cross"][len("recap_cross_"):]
    under = post < pre
    if cross == "all":  # "at every depth Post-LN's is the smaller one"
        assert np.all(under)
    elif cross == "none":  # "in the deepest stack Post-LN's is not the smaller one"
        assert not under[-1]
    elif cross == "band":  # "... the smaller one again: the larger only from La to Lb": smaller, larger, smaller again
        i, k = larger_band(c), c.below_from
        assert 0 < i < k and np.all(under[:i]) and not np.any(under[i:k]) and np.all(under[k:])
    else:  # "deeper still, from Lx blocks on": smaller from Lx on, not just before
        assert cross == "from" and c.below_from > 0
        assert np.all(under[c.below_from:]) and not under[c.below_from - 1]
    why = keys["why"][len("recap_why_"):]
    if why == "warmup":
        assert post_fold >= 100 and pre_fold < 10
    elif why == "post_more":  # "Pre-LN's varies only pf-fold, Post-LN's qf-fold"
        assert post_fold > pre_fold and fold_text(post_fold) != fold_text(pre_fold)
    elif why == "pre_more":
        assert pre_fold > post_fold and fold_text(post_fold) != fold_text(pre_fold)
    else:
        assert why == "same" and fold_text(post_fold) == fold_text(pre_fold)


def check_cues(text: str, lang: str) -> None:
    """The subtitle norms of tests/test_scene_parts.py, on the caption as it will be shown."""
    parts = cues(text, lang)
    assert re.sub(r"\s", "", "".join(parts)) == re.sub(r"\s", "", text)
    for cue in parts:
        lines = cue.split("\n")
        assert len(lines) <= 2, cue
        for line in lines:
            if len(line) > LINE_CHARS[lang] + 2:
                assert any(b - a > LINE_CHARS[lang] - 4 for a, b in whole_spans(line)), line


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_every_sentence_is_true_of_the_curves_drawn(name):
    d = record(name)
    c = depth_curves(d)
    keys = recap_keys(recap_facts(c))
    assert tuple(keys[s] for s in ("pre", "post", "cross", "why")) == INPUTS[name][1]
    check_claims(c, keys)
    cue = recap_cues(c)
    said = prenorm_strings.caption_args(d, "en")["cap_close"]
    change = max(abs(b / a - 1) for a, b in zip(c.pre[:-1], c.pre[1:]))  # the largest one-block change, either way
    assert said["ps"] == str(round(change * 100))
    assert said["pf"] == fold_text(c.pre.max() / c.pre.min()) and said["qf"] == fold_text(c.post.max() / c.post.min())
    if "_fast_" in keys["pre"]:
        assert f"by up to {said['ps']} % a block" in recap_text(d, "en")
    for lang in LANGS:
        table = prenorm_strings.STRINGS[lang]
        text = recap_text(d, lang)
        args = prenorm_strings.caption_args(d, lang)["cap_close"]
        for slot in ("pre", "post", "cross", "why"):
            assert table[keys[slot]].format(**args) in text  # the picked sentence, whole, in this language
        flat = text.replace(" ", "")
        at = [flat.index(table[cue[s]]) for s in ("pre", "post", "cross", "why")]
        assert at == sorted(at)  # each cue the scene waits for is in the caption, in order
        assert "orders of magnitude" not in text and "上千倍" not in text and "vanish" not in text
        if keys["post"] != "recap_post_rise_fall":
            assert "grows to" not in text and "增大到" not in text
        if keys["why"] != "recap_why_warmup":
            assert "warm-up" not in text and "預熱" not in text and "预热" not in text
        check_cues(text, lang)
        assert depth_caption(d, lang).endswith(text)  # the chart closes the depth argument


def test_the_numbers_said_are_the_curves():
    """The folds and the one-block factor are the curves' own, to 2 significant digits; the values are the labels'."""
    d = record("four_tokens")
    c = depth_curves(d)
    a = prenorm_strings.caption_args(d, "en")["cap_close"]
    assert a["qf"] == fold_text(c.post.max() / c.post.min()) == "620"  # 0.71 / 0.0011 = 619
    assert a["pf"] == fold_text(c.pre.max() / c.pre.min()) == "3"  # 1.00 / 0.33 = 3.03
    change = max(abs(b / a_ - 1) for a_, b in zip(c.pre[:-1], c.pre[1:]))
    assert a["ps"] == "36" and round(change * 100) == 36
    assert (a["c1"], a["cN"], a["qm"], a["Lm"], a["qlo"], a["Llo"]) == ("1.00", "0.33", "0.71", 22, "0.0011", 5)
    assert "Pre-LN's changes by up to 36 % a block, now up, now down: 1.00 at block 1, 0.33 at block 24." \
        in recap_text(d, "en")
    assert "Pre-LN 的梯度，相鄰區塊間最多變動 36%，時大時小。" in recap_text(d, "zh-Hant")


def test_folds_are_whole_numbers_but_under_two():
    """No picture draws a fold, so it is said as a whole number (a decimal would read as a value to find on screen)."""
    assert [fold_text(f) for f in (1.27, 1.96, 2.09, 8.28, 9.94, 13.9, 62.6, 102.9, 110.7, 1604.5)] == \
        ["1.3", "2", "2", "8", "10", "14", "63", "100", "110", "1,600"]


def synthetic(pre, post) -> DepthCurves:
    return DepthCurves(depths=np.arange(1, len(pre) + 1), pre=np.asarray(pre, float), post=np.asarray(post, float))


@pytest.mark.parametrize("pre, post, want", [
    # Pre-LN's rising slowly (1.3-fold), Post-LN's rising at every block (1.15-fold), never the smaller
    ([1.0, 1.1, 1.2, 1.3], [2.0, 2.1, 2.2, 2.3], ("recap_pre_slow_rises", "recap_post_rises", "recap_cross_none",
                                                   "recap_why_pre_more")),
    # Pre-LN's falling fast (4.4-fold), Post-LN's up and down, also 4.4-fold, larger at the deepest
    ([4.0, 2.0, 1.0, 0.9], [4.4, 1.0, 4.0, 1.05], ("recap_pre_fast_falls", "recap_post_up_down", "recap_cross_none",
                                                    "recap_why_same")),
    # Pre-LN's doubling a block; Post-LN's peaks at 2 blocks, 200-fold, the smaller at every depth
    ([0.5, 1.0, 2.0, 4.0], [0.1, 0.2, 0.01, 0.001], ("recap_pre_fast_rises", "recap_post_rise_fall", "recap_cross_all",
                                                     "recap_why_warmup")),
    # Post-LN's the larger at 1 and 2 blocks, the smaller from 3 on; its fold 13× under Pre-LN's 1,000×
    ([10.0, 0.01, 5.0, 1.0], [12.0, 11.0, 3.0, 0.9], ("recap_pre_fast_both", "recap_post_falls", "recap_cross_from",
                                                      "recap_why_pre_more")),
])
def test_the_other_variants_are_picked_only_when_true(pre, post, want):
    c = synthetic(pre, post)
    keys = recap_keys(recap_facts(c))
    assert tuple(keys[s] for s in ("pre", "post", "cross", "why")) == want
    assert keys["branch"] == "recap_branch_both"  # no skip-line part given: the sentence that only says what is summed
    check_claims(c, keys)


def test_every_recap_template_formats_with_any_number():
    """Each variant formats with the caption's fields, and with "1.01" in every field (the zh caption test's rule)."""
    for lang in LANGS:
        table = prenorm_strings.STRINGS[lang]
        recap = [k for k in table if k.startswith("recap_")]
        assert len(recap) == 22  # 6 Pre-LN, 5 Post-LN (decays added), 3 branch, 4 crossing, 4 closing variants
        for key in recap + ["cap_recap"]:
            fields = [f for _, f, _, _ in string.Formatter().parse(table[key]) if f]
            text = table[key].format(**{f: "1.01" for f in fields})
            check_cues(text, lang)
        for key in recap:  # every pre / post variant opens with its slot's cue; the others name theirs
            flat = table[key].replace(" ", "")
            slot = key.split("_")[1]
            cue = {"pre": "cue_curve_pre", "post": "cue_curve_post"}.get(slot)
            if cue:
                assert flat.startswith(table[cue]), key
        assert table["recap_cross_from"].replace(" ", "").startswith(table["cue_curve_cross"])
        assert table["recap_cross_band"].replace(" ", "").startswith(table["cue_curve_cross"])
        assert table["recap_cross_all"].replace(" ", "").startswith(table["cue_curve_cross_all"])
        assert table["recap_cross_none"].replace(" ", "").startswith(table["cue_curve_cross_none"])
        assert table["recap_why_warmup"].replace(" ", "").startswith(table["cue_curve_why"])
        for key in ("recap_why_post_more", "recap_why_pre_more", "recap_why_same"):
            assert table[key].replace(" ", "").startswith(table["cue_curve_compare"])


def test_the_scene_finds_each_picked_sentences_cue():
    """Played without drawing at the three-token input (Post-LN's not the smaller at block 24, Pre-LN's varying more):
    the closing picture waits for the crossing's own cue ("At block") and the comparison's, and every cue it waits for
    is still to come when it asks (Post-LN's cue is waited for twice in a row: its line is drawn just before it)."""
    from look import Look
    from studio.build.dryplay import play_dry

    e = catalogue.get("prenorm_block").with_params(INPUTS["three_tokens_default"][0])
    module, d = e.load(), e.compute()
    asked = []

    class Watched(module.SCENE):
        def until_cue(self, fragment, before=0.0, point_at=None, point_color=None, point_scale=1.06):
            asked.append((fragment, any(fragment in t.replace("\n", " ").replace(" ", "") for t, *_ in self._queue)))
            return super().until_cue(fragment, before, point_at, point_color, point_scale)

    play_dry(Watched, d, Look("light", "en"))
    table = prenorm_strings.STRINGS["en"]
    wanted = [table[k] for k in ("cue_recap", "cue_curve_pre", "cue_curve_post", "cue_curve_cross_none", "cue_curve_compare")]
    picked = [a for a in asked if a[0] in wanted]
    assert all(found for _, found in picked), picked  # each cue still to come when asked
    firsts = [f for i, (f, _) in enumerate(picked) if i == 0 or picked[i - 1][0] != f]  # Post-LN's is asked twice: its line, then its end value
    assert firsts == wanted


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_pre_lns_dashed_line_is_flat(name):
    """Pre-LN's skip line is the identity inside the blocks, so the skip-line part is its final LayerNorm's factor at
    every block (the depth section's "× 1.00 per block"; the chart itself no longer draws the dashed lines)."""
    from engine.prenorm_extra import skip_factors
    d = record(name)
    c = depth_curves(d)
    np.testing.assert_allclose(c.pre_skip, c.pre_skip[0], rtol=1e-9)
    np.testing.assert_allclose(skip_factors(c.pre_skip), 1.0, rtol=1e-9)
    assert c.pre_sigma is None
    assert "dashed" not in recap_text(d, "en")


def test_the_lessons_marked_block():
    """Seed 000: at block 14 the skip line's part is 0.11 (Post-LN) and 0.54 (Pre-LN), the whole gradients 0.015 and 0.43."""
    from engine.block import prenorm_lesson

    a = prenorm_strings.caption_args(prenorm_lesson(), "en")["cap_close"]
    assert (a["M"], a["s3q"], a["s3p"], a["w3q"], a["w3p"]) == (14, "0.11", "0.54", "0.015", "0.43")
