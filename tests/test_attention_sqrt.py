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
    """The record's strips are dot_strips' (5 keys, as many as the table's words) and spread as 2.0, 4.1, 8.1
    undivided and 1.0 each divided; the caption is one short sentence, in every language, that says the spread grows
    as the square root of d and that divided it is near 1, the 1 only in its last cue (shown by then), never cut in
    the middle, and no longer than a short aside (at most 10 s of reading)."""
    from scenes.attention.strings import STRINGS
    from scenes.parts.cues import cues, reading_time

    d = attention_lesson()
    r = d.sqrt_strips
    assert r.keys == len(d.tokens) == 5
    assert [fmt_num(float(v), 1) for v in r.dot_std] == ["2.0", "4.1", "8.1"]
    assert [fmt_num(float(v), 1) for v in r.scaled_std] == ["1.0", "1.0", "1.0"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = STRINGS[lang]["cap_why_sqrt"]
        said = cues(text.format(), lang)
        assert len(said) == 2, (lang, said)
        assert all(c.rstrip().endswith((".", "。")) for c in said), (lang, said)  # each cue one whole sentence
        assert "1" not in said[0] and "1" in said[-1], (lang, said)
        assert "√" not in text and ("square root" in said[0] or "平方根" in said[0]), lang
        assert sum(reading_time(c) for c in said) <= 10, lang


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
    """The undivided spreads are on screen while the aside's first cue is read, the divided ones while its cue saying
    near 1 is up (frames.csv); the aside sits inside the softmax section, after the table shows weights, and is short."""
    from scenes.attention.strings import STRINGS
    from scenes.parts.cues import cues as cut
    from tests.conftest import scene_look

    frames, cues = _frames_and_cues(shared_renders)
    lang = scene_look("attention_heatmap")[1]
    said = [c.split("\n")[0] for c in cut(STRINGS[lang]["cap_why_sqrt"], lang)]  # each cue's first line
    r = attention_lesson().sqrt_strips
    first = _during(frames, cues, said[0])
    first = first[:len(first) // 2]  # the dots move in over the first cue's last second, as the second comes up
    assert first and all(x["sqrt_sigma"] == ",".join(fmt_num(float(v), 1) for v in r.dot_std) for x in first)
    near = _during(frames, cues, said[1])
    assert near and all(x["sqrt_sigma"] == ",".join(fmt_num(float(v), 1) for v in r.scaled_std) for x in near)
    aside = [x for x in frames if x.get("why_sqrt")]
    assert aside and all(x.get("section") == "softmax" for x in aside)
    assert float(aside[-1]["time_s"]) - float(aside[0]["time_s"]) < 12
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


def _sigmas_drawn(scene):
    """The σ values drawn beside the why-√d strips, top to bottom: what a viewer reads, taken from the scene's drawn
    objects (their TeX), not from its record."""
    from manim import MathTex

    drawn = [m for m in scene.get_mobject_family_members() if isinstance(m, MathTex)
             and m.get_tex_string().startswith(r"\sigma = ") and max((x.get_fill_opacity() for x in m.family_members_with_points()), default=0) > 0.5]
    # the undivided column first, then the divided one beside it; each top to bottom
    return [m.get_tex_string().split("=")[1].strip() for m in sorted(drawn, key=lambda m: (round(m.get_x(), 1), -m.get_y()))]


def watching(scene_class, seen: dict):
    """`scene_class` noting in `seen` the σ values drawn beside the why-√d strips (_sigmas_drawn) once the undivided
    spreads are up ("spread") and once every dot is divided ("scaled")."""

    class Watched(scene_class):
        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            stage, labels = self.shown.get("why_sqrt", ""), _sigmas_drawn(self)
            if stage.endswith("spread") and labels and "spread" not in seen:
                seen["spread"] = labels
            if stage.endswith("scaled") and labels:  # the last drawn before the picture leaves
                seen["scaled"] = labels

    return Watched


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.xdist_group(ENGLISH_PLAY)), "zh-Hant"])
def test_the_sigmas_drawn_beside_the_strips_are_the_engines(lang):
    """A dry play of attention_heatmap: the σ drawn beside the three strips read the engine's undivided spreads
    (2.0, 4.1, 8.1) once the strips are up, and once the dots' copies have moved beside them, both: the undivided
    spreads kept and the divided ones (1.0 each) on their right."""
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
    assert seen["spread"] == [fmt_num(float(v), 1) for v in r.dot_std], seen
    assert seen["scaled"] == [fmt_num(float(v), 1) for v in (*r.dot_std, *r.scaled_std)], seen
