"""Why attention divides by √d (engine.scaling.scale_spread, the attention_heatmap record's `why_sqrt`): the spread
of q·k grows like √d while q·k/√d keeps a spread near 1, and a softmax over unscaled scores at a large width is
peaky where the scaled one stays spread out; the strips of random q·k the scene draws (engine.scaling.dot_strips) spread as √d and as 1 divided; the caption states the numbers the picture draws, in every language."""
import numpy as np
import pytest

from engine.attention import softmax
from engine.scaling import scale_spread
from engine.toy import attention_lesson
from look import fmt_num
from tests.attention_plays import ENGLISH_PLAY, english_play


def test_the_spread_of_q_dot_k_grows_like_root_d_and_the_scaled_one_stays():
    r = scale_spread()
    d = r.widths.astype(float)  # (m,)
    np.testing.assert_allclose(r.dot_std, np.sqrt(d), rtol=0.05)  # Var(q·k) = d for unit-variance entries
    np.testing.assert_allclose(r.scaled_std, 1.0, atol=0.05)
    assert all(b > a for a, b in zip(r.dot_std, r.dot_std[1:]))
    assert all(b > a for a, b in zip(r.top_weight, r.top_weight[1:]))  # undivided: peakier as d grows
    assert r.top_weight[-1] > 0.9 and r.top_weight_scaled.max() < 0.5  # divided: about the same at every width
    assert np.ptp(r.top_weight_scaled) < 0.05


def test_the_drawn_row_is_peaky_undivided_and_spread_divided():
    r = scale_spread()
    np.testing.assert_allclose(r.row_weights, softmax(r.row_dots), atol=1e-12)
    np.testing.assert_allclose(r.row_weights_scaled, softmax(r.row_dots / np.sqrt(r.row_width)), atol=1e-12)
    assert r.row_weights.sum() == pytest.approx(1.0) and r.row_weights_scaled.sum() == pytest.approx(1.0)
    assert r.row_weights.max() > 0.99 and r.row_weights_scaled.max() < 0.5
    assert (r.row_weights_scaled > 0.01).all()  # every key keeps a share
    np.testing.assert_allclose(r.row_z, r.row_dots / np.sqrt(r.row_width), atol=1e-12)
    # the sweep's fixed row: undivided it saturates (largest weight → 1), divided it is the same at every width
    assert all(b > a for a, b in zip(r.sweep_top, r.sweep_top[1:])) and r.sweep_top[-1] > 0.999
    np.testing.assert_allclose(r.sweep_top, r.sweep_weights.max(axis=1), atol=1e-12)
    np.testing.assert_allclose(r.sweep_top_scaled, softmax(r.row_z).max(), atol=1e-12)
    again = scale_spread()  # seeded: the same numbers every time
    np.testing.assert_array_equal(again.row_dots, r.row_dots)


def test_the_strips_spread_as_root_d_within_sampling_error():
    """engine.scaling.dot_strips: the spread of R·keys samples of q·k is √d within sampling error (a standard
    deviation's relative error is about 1/√(2N); four of those allowed), and q·k/√d has a spread of 1 within the
    same error, at every width; recomputed here from the same seeded draws."""
    from engine.scaling import dot_strips

    r = dot_strips()
    n = r.dots.shape[1]
    tol = 4 / np.sqrt(2 * n)
    d = r.widths.astype(float)
    assert list(r.widths) == [4, 16, 64] and n == 200
    assert (np.abs(r.dot_std / np.sqrt(d) - 1) < tol).all(), r.dot_std
    assert (np.abs(r.scaled_std - 1) < tol).all(), r.scaled_std
    assert all(b > a for a, b in zip(r.dot_std, r.dot_std[1:]))
    rng = np.random.default_rng(5)  # by hand: the same draws, width by width
    for k, w in enumerate(r.widths):
        q, keys = rng.standard_normal((40, 1, w)), rng.standard_normal((40, r.keys, w))
        np.testing.assert_allclose(r.dots[k], (q * keys).sum(-1).reshape(-1), atol=1e-12)
        np.testing.assert_allclose(r.scaled[k], r.dots[k] / np.sqrt(w), atol=1e-12)
        assert r.dot_std[k] == pytest.approx(np.std(r.dots[k])) and r.scaled_std[k] == pytest.approx(np.std(r.scaled[k]))
    np.testing.assert_array_equal(dot_strips().dots, r.dots)  # seeded: the same numbers every time


def test_the_strips_row_is_one_hot_undivided_and_soft_divided():
    """The kept row (5 keys at d = 64, the median row by its top weight) is nearly one-hot under softmax(q·k) and
    spread out under softmax(q·k/√d); both rows of weights sum to 1."""
    from engine.scaling import dot_strips

    r = dot_strips()
    np.testing.assert_allclose(r.row_dots, r.dots[-1, r.row * r.keys:(r.row + 1) * r.keys], atol=0)
    np.testing.assert_allclose(r.row_weights, softmax(r.row_dots), atol=1e-12)
    np.testing.assert_allclose(r.row_weights_scaled, softmax(r.row_dots / 8.0), atol=1e-12)
    assert r.row_weights.sum() == pytest.approx(1) and r.row_weights_scaled.sum() == pytest.approx(1)
    assert r.row_weights.max() > 0.95 and r.row_weights_scaled.max() < 0.5 and (r.row_weights_scaled > 0.03).all()  # each keeps a share
    tops = softmax(r.dots[-1].reshape(-1, r.keys), axis=-1).max(axis=-1)
    assert (tops < tops[r.row]).sum() == len(tops) // 2  # the median row


def test_bad_strip_widths_get_a_clear_message():
    from engine.scaling import dot_strips

    with pytest.raises(ValueError, match="widths"):
        dot_strips(widths=(0, 4))


def test_the_record_and_the_caption_carry_the_engine_numbers():
    """The record's strips are dot_strips' (5 keys, as many as the table's words); the caption, in every language,
    states the engine's spreads (2.0, 4.1, 8.1 undivided, 1.0 each divided) and the row's top weight undivided
    (0.990) and divided (0.466), each in a cue of its own sentence, never cut in the middle."""
    from scenes.attention.strings import STRINGS
    from scenes.parts.cues import cues

    d = attention_lesson()
    r = d.sqrt_strips
    assert r.keys == len(d.tokens) == 5
    s = dict(k=5, d=64, top=fmt_num(float(r.row_weights.max()), 3), top_s=fmt_num(float(r.row_weights_scaled.max()), 3),
             **{f"s{i + 1}": fmt_num(float(v), 1) for i, v in enumerate(r.dot_std)},
             **{f"c{i + 1}": fmt_num(float(v), 1) for i, v in enumerate(r.scaled_std)})
    assert (s["s1"], s["s2"], s["s3"], s["top"], s["top_s"]) == ("2.0", "4.1", "8.1", "0.990", "0.466")
    assert (s["c1"], s["c2"], s["c3"]) == ("1.0", "1.0", "1.0")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        said = cues(STRINGS[lang]["cap_why_sqrt"].format(**s), lang)
        assert all(c.rstrip().endswith((".", "?", "。", "？")) for c in said), (lang, said)  # one sentence a cue
        whole = " ".join(said)
        assert all(v in whole for v in ("2.0", "4.1", "8.1", "0.990", "0.466", "d = 64")), lang
        assert "√" not in whole and ("square root" in whole or "平方根" in whole), lang


def _frames_and_cues(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    cues = []
    for block in (folder / "attention_heatmap.srt").read_text(encoding="utf-8").strip().split("\n\n"):
        lines = block.strip().split("\n")
        start, stop = (sum(float(v) * m for v, m in zip(t.replace(",", ".").split(":"), (3600, 60, 1)))
                       for t in lines[1].split(" --> "))
        cues.append((start, stop, " ".join(lines[2:])))
    return frames, cues


def _during(frames, cues, words, last=False, without=None):
    """The frames while the first (`last`: the last) cue holding `words` (and not `without`) is up, from a quarter
    second in to a quarter before its end."""
    found = [c for c in cues if words in c[2] and (without is None or without not in c[2])]
    start, stop, _ = found[-1] if last else found[0]
    return [x for x in frames if start + 0.25 <= float(x["time_s"]) <= stop - 0.25]


@pytest.mark.render
def test_attention_heatmap_draws_why_sqrt_with_its_cues(shared_renders):
    """The spreads are on screen while their cue states them, the softmax bars while theirs does (frames.csv), and
    the aside sits inside the softmax section, after the table shows weights."""
    frames, cues = _frames_and_cues(shared_renders)
    r = attention_lesson().sqrt_strips
    spread = _during(frames, cues, fmt_num(float(r.dot_std[-1]), 1))
    assert spread and all("spread" in x.get("why_sqrt", "") for x in spread)
    assert all(x["sqrt_sigma"] == ",".join(fmt_num(float(v), 1) for v in r.dot_std) for x in spread)
    hard = _during(frames, cues, fmt_num(float(r.row_weights.max()), 3))
    assert hard and all(x["sqrt_weights"] == ",".join(fmt_num(float(w), 3) for w in r.row_weights) for x in hard)
    soft = _during(frames, cues, fmt_num(float(r.row_weights_scaled.max()), 3))
    assert soft and all(x["sqrt_weights"] == ",".join(fmt_num(float(w), 3) for w in r.row_weights_scaled) for x in soft)
    aside = [x for x in frames if x.get("why_sqrt")]
    assert aside and all(x.get("section") == "softmax" for x in aside)
    assert any(x.get("showing") == "weights" and float(x["time_s"]) < float(aside[0]["time_s"]) for x in frames)


@pytest.mark.render
def test_attention_heatmap_draws_the_query_and_the_keys_it_names(shared_renders):
    """'But the query (0, 1) scores both the same': the query's arrow is drawn while that cue is up, and the two
    keys' coordinates while the cue naming them is; the summary names its steps in the caption only, with no
    copy of the chain drawn over the plane."""
    from scenes.attention.strings import vec2

    frames, cues = _frames_and_cues(shared_renders)
    d = attention_lesson()
    q = vec2(d.Q[:, -1])
    n = len(d.tokens)
    t = next(k for k in range(n) if d.tokens[k] != d.tokens[-1] and fmt_num(d.A[-1, k], 4) == fmt_num(d.A[-1, 0], 4))
    kt = vec2(d.K[:, t])  # the key that ties by chance, (2, 1)
    query = _during(frames, cues, q, last=True, without=kt)
    assert query and query[-1].get("query_arrow") == f"q{n}={q}"
    keys = _during(frames, cues, kt)
    assert keys and any(x.get("key_coordinates") for x in keys)
    assert not any(x.get("summary_chain") for x in frames)


def test_the_charts_axis_values_are_in_the_record():
    """The σ chart's and the weight chart's axis numbers are the engine's: 0 to a round top over the largest spread
    (22.6 at d = 512, so 0, 10, 20, 30), and 0, 0.5, 1 for a weight."""
    r = attention_lesson().why_sqrt
    assert list(r.spread_ticks) == [0, 10, 20, 30] and list(r.weight_ticks) == [0, 0.5, 1.0]
    assert r.spread_ticks[-2] < r.dot_std.max() <= r.spread_ticks[-1]
    assert r.weight_ticks[0] == 0 and r.weight_ticks[-1] >= r.sweep_top.max()


def _labels_over_the_bars(scene):
    """The weights drawn over the why-√d bars (the texts on screen under the strips, over the bars' axis), left to
    right: what a viewer reads, taken from the scene's drawn objects, not from its record."""
    from manim import Text

    from scenes.attention.sqrt import BARS, BASE, STRIP_Y

    drawn = [m for m in scene.get_mobject_family_members() if isinstance(m, Text)]
    over = [m for m in drawn if BARS[0] < m.get_x() < BARS[1] and BASE < m.get_y() < STRIP_Y[-1] - 0.4
            and m.get_fill_opacity() > 0.5 and len(m.text) == 5 and m.text[1] == "." and m.text.replace(".", "").isdigit()]
    return [m.text for m in sorted(over, key=lambda m: m.get_x())]


def watching(scene_class, seen: dict):
    """`scene_class` noting in `seen` the labels drawn over the why-√d bars (_labels_over_the_bars) while the cue
    after the undivided weights' is read ("hard") and the last drawn once divided ("soft")."""

    class Watched(scene_class):
        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            stage, labels = self.shown.get("why_sqrt", ""), _labels_over_the_bars(self)
            if stage.endswith("stalls") and labels and "hard" not in seen:  # the undivided bars drawn, read
                seen["hard"] = labels
            if stage.endswith("divided") and labels:  # the last drawn before the picture leaves
                seen["soft"] = labels

    return Watched


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.xdist_group(ENGLISH_PLAY)), "zh-Hant"])
def test_the_labels_drawn_over_the_bars_are_the_weights_shown(lang):
    """A dry play of attention_heatmap: once the bars of softmax(q·k) are drawn, the texts over them are exactly one
    per key and read the engine's undivided weights (3 decimals); once divided, its softmax(q·k/√d), with no
    undivided label left."""
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    if lang == "en":  # the English play test_attention_digits.py measures too (tests/attention_plays.py)
        seen = english_play()["seen"]
    else:
        e = catalogue.get("attention_heatmap")
        seen = {}
        play_dry(watching(e.load().SCENE, seen), e.compute(), Look("light", lang))
    r = attention_lesson().sqrt_strips
    assert seen["hard"] == [fmt_num(float(w), 3) for w in r.row_weights], seen
    assert seen["soft"] == [fmt_num(float(w), 3) for w in r.row_weights_scaled], seen
