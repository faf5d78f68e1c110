"""Why attention divides by √d (engine.scaling.scale_spread, the attention_heatmap record's `why_sqrt`): the spread
of q·k grows like √d while q·k/√d keeps a spread near 1, and a softmax over unscaled scores at a large width is
peaky where the scaled one stays spread out, and one fixed row swept over d saturates undivided; the caption states the numbers the picture draws, in every language."""
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


def test_the_record_and_the_caption_carry_the_engine_numbers():
    """The sweep's fixed row is the table's own last row ('the' asking, every key visible): undivided at d = 2 its
    scores are the table's q·k, and as d grows its softmax hardens onto the three tied top scores (1/3 each) while
    'sat' and 'on' fall to 0; divided, its weights are the table's last row at every width."""
    from scenes.attention.strings import STRINGS

    d = attention_lesson()
    r = d.why_sqrt
    assert r is not None and list(r.widths) == [2 ** k for k in range(1, 10)]
    np.testing.assert_allclose(r.row_z, d.scores[-1], atol=1e-12)
    np.testing.assert_allclose(r.row_z * np.sqrt(2), d.dots[-1], atol=1e-12)  # undivided at d = 2: the table's q·k
    np.testing.assert_allclose(r.divided_weights, d.A[-1], atol=1e-12)
    np.testing.assert_allclose(r.sweep_weights[-1], [1 / 3, 1 / 3, 0, 0, 1 / 3], atol=1e-4)
    s = dict(d1=2, d2=512, r=5, w="the", s1=fmt_num(r.dot_std[0], 1), s2=fmt_num(r.dot_std[-1], 1),
             c=fmt_num(float(r.scaled_std.mean()), 1), m=3, top=fmt_num(float(r.sweep_weights[-1, 0]), 3),
             zero=fmt_num(float(r.sweep_weights[-1, 2:4].max()), 3), w2=fmt_num(float(r.divided_weights.max()), 3))
    assert (s["s1"], s["s2"], s["c"], s["top"], s["zero"], s["w2"]) == ("1.4", "22.6", "1.0", "0.333", "0.000", "0.237")
    assert [fmt_num(v, 3) for v in r.sweep_weights[0, 2:4]] == ["0.137", "0.112"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        join = STRINGS[lang]["sqrt_and"]
        lows = join.join(("'sat'", "'on'") if lang == "en" else ("sat", "on"))
        text = STRINGS[lang]["cap_why_sqrt"].format(lows=lows, l1=join.join(("0.137", "0.112")),
                                                    t1=join.join(fmt_num(v, 4) for v in r.divided_weights[2:4]), **s)
        assert all(v in text for v in ("1.4", "22.6", "1.0", "0.137", "0.112", "0.000", "0.333", "0.237", "d = 512")), lang
        assert "0.1550" in text and "0.1345" in text, lang  # the undivided weights named against the table's own, at its 4 decimals
        assert "√" not in text and ("square root" in text or "平方根" in text), lang  # written out: one caption size


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
    """The spreads are on screen while their cue states them, the softmax bars while theirs does (frames.csv)."""
    frames, cues = _frames_and_cues(shared_renders)
    r = attention_lesson().why_sqrt
    spread = _during(frames, cues, fmt_num(r.dot_std[-1], 1))
    assert spread and all("spread" in x.get("why_sqrt", "") for x in spread)
    bars = _during(frames, cues, fmt_num(float(r.sweep_top[-1]), 3))
    assert bars and all("softmax" in x.get("why_sqrt", "") for x in bars)


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


@pytest.mark.render
def test_the_spreads_follow_the_slider_in_every_frame(shared_renders):
    """Whenever the slider reads a width d, each spread on screen is the engine's σ at that d (frames.csv): σ(q·k)
    never stays at 22.6 (d = 512) while d runs back through 2 … 256, and σ(q·k/√d) is its own value at each d."""
    frames, _ = _frames_and_cues(shared_renders)
    r = attention_lesson().why_sqrt
    at = {str(int(w)): k for k, w in enumerate(r.widths)}
    rows = [x for x in frames if x.get("sqrt_d") and x.get("sqrt_sigma")]
    assert len({x["sqrt_d"] for x in rows}) >= 3  # several widths seen with a spread on screen
    for x in rows:
        k = at[x["sqrt_d"]]
        want = [fmt_num(float((r.scaled_std if of == "scaled" else r.dot_std)[k]), 1) for of in x["sqrt_sigma_of"].split(",")]
        assert x["sqrt_sigma"].split(",") == want, (x["time_s"], x["sqrt_d"], x["sqrt_sigma"])
    assert any(x["sqrt_d"] == "32" and x["sqrt_sigma"].startswith(fmt_num(float(r.dot_std[at["32"]]), 1)) for x in rows)


@pytest.mark.render
def test_why_sqrt_follows_the_softmax_and_names_its_bars(shared_renders):
    """The aside comes once weights are known (inside the softmax section, after the table shows weights), and while
    the cue sets the undivided weights at d = 2 against the table's, the one bar set shows softmax(z√2) (0.137, 0.112
    for 'sat' and 'on'); the table's own row, softmax(z), is 0.1550, 0.1345 (its cells' 4 decimals)."""
    frames, cues = _frames_and_cues(shared_renders)
    r = attention_lesson().why_sqrt
    aside = [x for x in frames if x.get("why_sqrt")]
    assert aside and all(x.get("section") == "softmax" for x in aside)
    assert any(x.get("showing") == "weights" and float(x["time_s"]) < float(aside[0]["time_s"]) for x in frames)
    t1 = fmt_num(float(r.divided_weights[3]), 4)
    assert [fmt_num(float(v), 4) for v in r.divided_weights[2:4]] == ["0.1550", "0.1345"]
    during = _during(frames, cues, t1)
    want = "2:" + ",".join(fmt_num(float(w), 3) for w in r.sweep_weights[0])
    assert during and all(x.get("sqrt_bars") == want for x in during), want


def _labels_over_the_bars(scene):
    """The weights drawn over the why-√d bars (the texts on screen in the bars' panel, above its baseline), left to
    right: what a viewer reads, taken from the scene's drawn objects, not from its record."""
    from manim import Text

    from scenes.attention.sqrt import BARS_X, BASE, RIGHT_X

    drawn = [m for m in scene.get_mobject_family_members() if isinstance(m, Text)]
    over = [m for m in drawn if BARS_X < m.get_x() < RIGHT_X and m.get_y() > BASE and m.get_fill_opacity() > 0.5
            and len(m.text) == 5 and m.text[1] == "." and m.text.replace(".", "").isdigit()]
    return [m.text for m in sorted(over, key=lambda m: m.get_x())]


def watching(scene_class, seen: dict):
    """`scene_class` noting in `seen` the labels drawn over the why-√d bars (_labels_over_the_bars): at each width
    the bars first show ("2", "512") and once they are back at the divided weights ("divided")."""

    class Watched(scene_class):
        def read_to(self, k, *mobs, color=None):
            bars = self.shown.get("sqrt_bars", "")
            if bars and bars.split(":")[0] not in seen:
                seen[bars.split(":")[0]] = _labels_over_the_bars(self)
            super().read_to(k, *mobs, color=color)

        def pointing(self, read, *mobs, **how):
            super().pointing(read, *mobs, **how)
            if self.shown.get("sqrt_bars", "").startswith("divided:"):
                seen.setdefault("divided", _labels_over_the_bars(self))

    return Watched


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.xdist_group(ENGLISH_PLAY)), "zh-Hant"])
def test_the_labels_drawn_over_the_bars_are_the_weights_at_the_width_shown(lang):
    """A dry play of attention_heatmap: at d = 2 (the cue setting the undivided weights against the table's), at
    d = 512 once the sweep has arrived (the cue saying 'sat' and 'on' fall to 0.000 and the top three keys take 0.333)
    and after the bars go back to the divided weights, the texts drawn over the bars are exactly one per key and read
    the engine's weights at that width, 3 decimals; no d = 2 label (0.250, 0.137, 0.112) is left drawn at d = 512."""
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    if lang == "en":  # the English play test_attention_digits.py measures too (tests/attention_plays.py)
        seen = english_play()["seen"]
    else:
        e = catalogue.get("attention_heatmap")
        seen = {}
        play_dry(watching(e.load().SCENE, seen), e.compute(), Look("light", lang))
    r = attention_lesson().why_sqrt
    want = {"2": r.sweep_weights[0], "512": r.sweep_weights[-1], "divided": r.divided_weights}
    assert set(seen) == set(want), seen
    for width, weights in want.items():
        assert seen[width] == [fmt_num(float(w), 3) for w in weights], (width, seen[width])
    assert seen["512"] == ["0.333", "0.333", "0.000", "0.000", "0.333"]
    assert seen["divided"][2:4] == ["0.155", "0.135"]
