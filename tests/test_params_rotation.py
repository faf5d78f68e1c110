"""Your own numbers for RoPE (rope_rotation) and the seat-number machine (naive_position,
naive_position_fig): the ranges' edges and values at non-default parameters checked against
formulas written out here."""
from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import run_here

from look import Look
from studio import catalogue
from studio.catalogue.params import ParamError



# -- ranges ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,given", [
    ("rope_rotation", {"base": 2}), ("rope_rotation", {"base": 1e7}),
    ("rope_rotation", {"q": [1, 0], "k": [0, 1]}),
    ("rope_rotation", {"q": [1] * 8, "k": [-10] * 8}),
    ("rope_rotation", {"m": 0, "n": 20}), ("rope_rotation", {"m": 20, "n": 0}),
    ("naive_position", {"d_model": 2, "emb_scale": 0.01, "seed": 0, "p": 0, "q": 1}),
    ("naive_position_fig", {"d_model": 1024, "emb_scale": 5, "seed": 2**31 - 1, "p": 1000, "q": 900}),
])
def test_range_edges_are_accepted(name, given):
    entry = catalogue.get(name).with_params(given)
    record = entry.compute()
    assert record is not None


@pytest.mark.parametrize("name,given,needle", [
    ("rope_rotation", {"base": 1.5}, "base=1.5"),
    ("rope_rotation", {"q": [1, 2, 3]}, "q=[1, 2, 3]"),
    ("rope_rotation", {"q": [1, 2], "k": [1, 2, 3, 4]}, "same width"),
    ("rope_rotation", {"k": [0, 0, 11, 0]}, "k[2]=11"),
    ("rope_rotation", {"m": 0, "n": 0}, "m=0 and n=0"),
    ("naive_position", {"d_model": 1025}, "d_model=1025"),
    ("naive_position_fig", {"emb_scale": 0.005}, "emb_scale=0.005"),
])
def test_just_outside_is_refused_in_process(name, given, needle):
    with pytest.raises(ParamError) as err:
        catalogue.get(name).with_params(given)
    assert needle in str(err.value)


@pytest.mark.parametrize("args,needle", [
    (("rope_rotation", "--set", "m=21"), "m=21 is out of range: a whole number from 0 to 20"),
    (("rope_rotation", "--set", "q=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"), "q=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] is out of range: 2 to 8 numbers"),
    (("naive_position", "--set", "p=1001"), "p=1001 is out of range: a whole number from 0 to 1000"),
    (("naive_position_fig", "--set", "d_model=1"), "d_model=1 is out of range: a whole number from 2 to 1024"),
])
def test_just_outside_exits_2_with_one_line(tmp_path, args, needle):
    done = run_here(*args, "--out", tmp_path)
    assert done.returncode == 2, done.stderr
    lines = [x for x in done.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert not any(tmp_path.iterdir())  # it failed before rendering


# -- real values at non-default parameters ---------------------------------------------------------
def _rotate(x, pos, base):
    """Each pair (2i, 2i+1) turned by pos·base^(−2i/d) with [[cos, −sin], [sin, cos]], written out."""
    d = len(x)
    out = []
    for i in range(d // 2):
        a = pos * base ** (-2 * i / d)
        c, s = np.cos(a), np.sin(a)
        out += [c * x[2 * i] - s * x[2 * i + 1], s * x[2 * i] + c * x[2 * i + 1]]
    return np.array(out)


LLAMA = {"base": 500_000.0, "q": [1.0, 0.2, 0.6, 0.8, -0.4, 0.5, 0.3, -0.9],
         "k": [0.3, 1.0, 0.9, 0.1, 0.7, -0.2, -0.5, 0.6], "m": 20, "n": 3}


def test_rope_at_base_500000_and_width_8():
    r = catalogue.get("rope_rotation").with_params(LLAMA).compute()
    q, k = np.array(LLAMA["q"]), np.array(LLAMA["k"])
    assert r.d_model == 8 and r.base == 500_000.0
    np.testing.assert_allclose(r.thetas, [500_000.0 ** (-i / 4) for i in range(4)], rtol=1e-13)
    # the stops: the query at 20, the key at 3; both moved by 3 and 5; the gap changed
    assert [tuple(s) for s in r.keyframes.astype(int)] == [(0, 0), (20, 3), (23, 6), (25, 8), (25, 6),
                                                           (25, 24), (21, 20)]
    assert len(r.grid_positions) == 26  # the table holds every stop
    for m, n in [(20, 3), (23, 6), (7, 0), (25, 24)]:
        assert r.score_grid[m, n] == pytest.approx(_rotate(q, m, 500_000.0) @ _rotate(k, n, 500_000.0), abs=1e-12)
        assert r.score_grid[m, n] == pytest.approx(_rotate(q, m - n, 500_000.0) @ k, abs=1e-12)  # only m − n
    # the slowest plane hardly turns: 500,000^(−3/4) rad per position over positions 0..25
    assert r.slow_turn_deg == pytest.approx(np.degrees(25 * 500_000.0 ** -0.75), rel=1e-12)
    assert r.slow_turn_deg < 0.1


def _scene_run(name, given, lang):
    """The scene run as the gate runs it (no frames drawn): its captions and what it displayed."""
    from studio.build.dryplay import play_dry

    entry = catalogue.get(name).with_params(given)
    scene = play_dry(entry.load().SCENE, entry.compute(), Look("light", lang), captions="none")
    texts = [m.original_text for m in scene.mobjects if hasattr(m, "original_text")]
    return [c["text"] for c in scene.captions_log], texts, scene


def test_rope_scene_says_the_given_numbers():
    caps, _, scene = _scene_run("rope_rotation", LLAMA, "en")
    joined = " ".join(caps)
    assert "m = 20" in joined and "n = 3" in joined  # the query at 20, the key at 3
    assert "m − n = 17" in joined  # the shift keeps the gap
    assert scene.setup_text().startswith("d = 8, base = 500,000: over positions 0–25 the slowest plane turns only")
    assert "(small, so the slow plane visibly turns)" not in scene.setup_text()


def test_rope_scene_one_plane():
    caps, _, scene = _scene_run("rope_rotation", {"q": [1.0, 0.5], "k": [0.2, 1.0], "m": 5, "n": 5}, "zh-Hant")
    assert "d = 2 時只有一對" in caps[1]
    assert "都放在位置 5" in caps[2] and "分數仍是 q·k = 0.7000" in caps[2]  # m = n: nothing changes


GPT_SMALL = {"d_model": 64, "emb_scale": 0.02, "seed": 7, "p": 49, "q": 30}


def test_naive_at_d_model_64():
    r = catalogue.get("naive_position").with_params(GPT_SMALL).compute()
    vecs = 0.02 * np.random.default_rng(7).standard_normal((3, 64))
    e, e2 = vecs[0], vecs[1]
    np.testing.assert_array_equal(r.e, e)
    assert tuple(r.stops[-1]) == (49, 30) and r.demo_seat == 49
    np.testing.assert_allclose(r.e_plus_seat, e + 49)
    expect = [sum(a * b for a, b in zip(e, e2)), 30 * sum(e), 49 * sum(e2), 49 * 30 * 64]
    np.testing.assert_allclose(r.stop_terms[-1], expect, rtol=1e-12, atol=1e-15)
    assert r.stop_terms[-1, 3] == 94_080
    assert r.stop_totals[-1] == pytest.approx(float((e + 49) @ (e2 + 30)), rel=1e-12)
    assert len(r.seats) == 50  # the growth curve reaches the seat 49


def test_naive_scene_and_figure_say_the_given_seats():
    caps, _, _ = _scene_run("naive_position", GPT_SMALL, "en")
    assert 'At seat p = 49, the word 加 ("add") becomes E(加) + 49: each of its 64 numbers goes up by 49.' in caps[0]
    assert "The query word sits at seat p, the key word at seat q: here p = 49 and q = 30." in caps[0]  # two seats
    assert any("At p = 49 and q = 30," in c for c in caps) and any("④ = p × q × d is 94080" in c for c in caps)  # 49·30·64, once drawn

    from figures.common import figure_context
    from studio.gates.figures import draw_figure

    entry = catalogue.get("naive_position_fig").with_params(GPT_SMALL)
    look = Look("light", "zh-Hans")
    with figure_context(look):
        fig, _ = draw_figure(entry, look)
    texts = [t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text"))]
    assert any(t.startswith("p = q = 49: ④ = 153,664, ") for t in texts)  # 49·49·64, a whole number, on the note's one line
    from figures import naive_position_fig

    caption = naive_position_fig.caption(entry.compute(), look)
    assert "p = 49，q = 30：" in caption and "d = 64" in caption
    assert "94,080" in caption  # ④ at p = 49, q = 30: 49·30·64
