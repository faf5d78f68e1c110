"""engine.attention, engine.rope and engine.naive: properties, torch equivalence, the lesson records."""
import numpy as np
import pytest

from engine.attention import (
    causal_mask, find_permutation, permutation_demo, permutation_matrix, scaled_dot_product_attention,
)
from engine.naive import naive_position, naive_terms, naive_total, sincos_bound, sincos_terms
from engine.rope import (
    plane_angles, plane_contributions, rope_lesson, rope_rotate, rope_score, rope_thetas,
)

RNG = np.random.default_rng(12345)


# -- attention ------------------------------------------------------------------------------
def _torch_sdpa(q, k, v, causal, n_heads):
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    def split(x):
        t, d = x.shape
        return torch.tensor(x).reshape(t, n_heads, d // n_heads).transpose(0, 1)  # (h, T, d/h)

    out = F.scaled_dot_product_attention(split(q), split(k), split(v), is_causal=causal)  # (h, T, d_v/h)
    return out.transpose(0, 1).reshape(q.shape[0], -1).numpy()  # (T, d_v)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("n_heads,t,d,d_v", [(1, 5, 8, 8), (2, 4, 8, 6), (4, 7, 16, 12), (3, 3, 9, 3)])
def test_attention_matches_torch(causal, n_heads, t, d, d_v):
    q, k = RNG.standard_normal((t, d)), RNG.standard_normal((t, d))
    v = RNG.standard_normal((t, d_v))
    res = scaled_dot_product_attention(q, k, v, causal=causal, n_heads=n_heads)
    np.testing.assert_allclose(res.output, _torch_sdpa(q, k, v, causal, n_heads), rtol=1e-10, atol=1e-12)
    assert res.output.shape == (t, d_v)
    expected_w = (t, t) if n_heads == 1 else (n_heads, t, t)
    assert res.weights.shape == res.scores.shape == expected_w


def test_attention_matches_torch_rectangular_causal():
    q = RNG.standard_normal((3, 4))
    k, v = RNG.standard_normal((5, 4)), RNG.standard_normal((5, 4))
    res = scaled_dot_product_attention(q, k, v, causal=True, n_heads=2)
    np.testing.assert_allclose(res.output, _torch_sdpa(q, k, v, True, 2), rtol=1e-10, atol=1e-12)


def test_attention_weights_rows_sum_to_one_and_mask_is_exact_zero():
    q, k, v = (RNG.standard_normal((6, 8)) for _ in range(3))
    res = scaled_dot_product_attention(q, k, v, causal=True, n_heads=2)
    np.testing.assert_allclose(res.weights.sum(axis=-1), 1.0, atol=1e-12)
    mask = causal_mask(6, 6)
    assert np.all(res.weights[:, mask] == 0.0)  # exactly zero, not tiny
    assert np.all(res.weights[:, ~mask] > 0.0)
    assert res.weights[0, 0, 0] == 1.0  # the first token sees only itself


def test_attention_scores_are_qkt_over_sqrt_dk():
    q, k, v = (RNG.standard_normal((4, 6)) for _ in range(3))
    res = scaled_dot_product_attention(q, k, v)
    np.testing.assert_allclose(res.scores, q @ k.T / np.sqrt(6))
    res2 = scaled_dot_product_attention(q, k, v, n_heads=2)
    np.testing.assert_allclose(res2.scores[1], q[:, 3:] @ k[:, 3:].T / np.sqrt(3))
    w, out, s = res  # a tuple: weights, output, scores
    np.testing.assert_allclose(out, w @ v)


def test_attention_rejects_bad_shapes():
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.ones((3, 4)), np.ones((3, 5)), np.ones((3, 4)))
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.ones((3, 4)), np.ones((3, 4)), np.ones((2, 4)))
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.ones((3, 4)), np.ones((3, 4)), np.ones((3, 4)), n_heads=3)
    with pytest.raises(ValueError):
        scaled_dot_product_attention(np.ones(4), np.ones(4), np.ones(4))


def test_permutation_helpers():
    assert list(find_permutation(("dog", "bites", "man"), ("man", "bites", "dog"))) == [2, 1, 0]
    assert list(find_permutation(("a", "b", "a"), ("a", "a", "b"))) == [0, 2, 1]
    with pytest.raises(ValueError):
        find_permutation(("a", "b"), ("a", "c"))
    x = RNG.standard_normal((3, 2))
    np.testing.assert_array_equal(permutation_matrix([2, 0, 1]) @ x, x[[2, 0, 1]])


def test_permutation_demo_seed_examples():
    demo = permutation_demo()
    assert demo.seed == 1 and demo.d_model == 8
    shiwu, dog = demo.examples
    assert shiwu.tokens_a == ("十", "五") and shiwu.tokens_b == ("五", "十")
    assert dog.tokens_a == ("dog", "bites", "man") and list(dog.perm) == [2, 1, 0]
    for case in demo.examples:
        p = case.p_matrix
        assert case.same_bag
        np.testing.assert_array_equal(case.x_b, p @ case.x_a)
        np.testing.assert_allclose(case.scores_b, p @ case.scores_a @ p.T, atol=1e-15)
        np.testing.assert_allclose(case.out_b, p @ case.out_a, atol=1e-14)
        assert case.score_deviation < 1e-14 and case.output_deviation < 1e-14
        # the same multiset of numbers in both score tables
        np.testing.assert_allclose(np.sort(case.scores_a, axis=None), np.sort(case.scores_b, axis=None), atol=1e-15)
        d = demo.d_model
        np.testing.assert_allclose(case.scores_a, (case.x_a @ demo.w_q) @ (case.x_a @ demo.w_k).T / np.sqrt(d))


def test_permutation_demo_is_deterministic_by_seed():
    a, b, c = permutation_demo(seed=1), permutation_demo(seed=1), permutation_demo(seed=2)
    np.testing.assert_array_equal(a.embeddings, b.embeddings)
    assert not np.allclose(a.embeddings, c.embeddings)


@pytest.mark.parametrize("seed", range(5))
def test_permutation_property_for_random_orders(seed):
    rng = np.random.default_rng(seed)
    tokens = tuple(f"t{i}" for i in range(6))
    order = tuple(tokens[i] for i in rng.permutation(6))
    case = permutation_demo(examples=((tokens, order),), seed=seed).examples[0]
    p = case.p_matrix
    np.testing.assert_allclose(case.scores_b, p @ case.scores_a @ p.T, atol=1e-14)
    np.testing.assert_allclose(case.weights_b, p @ case.weights_a @ p.T, atol=1e-14)


# -- RoPE -----------------------------------------------------------------------------------
def _rope_complex(x, position, base=10000.0):
    """Reference: pair (2i, 2i+1) as the complex number x_2i + i·x_2i+1, times e^{i·m·θ_i}."""
    x = np.asarray(x, dtype=float)
    d = x.shape[-1]
    theta = base ** (-2.0 * np.arange(d // 2) / d)
    z = x[..., 0::2] + 1j * x[..., 1::2]
    pos = np.asarray(position, dtype=float)
    z = z * np.exp(1j * (pos[..., None] if pos.ndim else pos) * theta)
    out = np.empty_like(x)
    out[..., 0::2], out[..., 1::2] = z.real, z.imag
    return out


def test_rope_thetas_convention():
    np.testing.assert_allclose(rope_thetas(8), [1.0, 0.1, 0.01, 0.001])
    np.testing.assert_allclose(rope_thetas(4, base=100.0), [1.0, 0.1])
    with pytest.raises(ValueError):
        rope_thetas(5)


def test_rope_rotates_pair_with_standard_matrix():
    x = np.array([1.0, 0.0, 0.0, 1.0])
    m = 2.0
    out = rope_rotate(x, m, base=100.0)
    # pair 0: (1, 0) -> (cos 2, sin 2); pair 1: (0, 1) -> (−sin 0.2, cos 0.2)
    np.testing.assert_allclose(out, [np.cos(2), np.sin(2), -np.sin(0.2), np.cos(0.2)], atol=1e-15)


def test_rope_matches_complex_implementation():
    for d in (2, 4, 8, 64):
        x = RNG.standard_normal((7, d))
        pos = RNG.uniform(-50, 500, size=7)
        np.testing.assert_allclose(rope_rotate(x, pos), _rope_complex(x, pos), atol=1e-12)
        np.testing.assert_allclose(rope_rotate(x[0], 13.25, base=500.0), _rope_complex(x[0], 13.25, 500.0),
                                   atol=1e-12)


def test_rope_preserves_norms_per_pair():
    x = RNG.standard_normal((20, 16))
    out = rope_rotate(x, RNG.uniform(0, 1000, size=20))
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), np.linalg.norm(x, axis=1))
    np.testing.assert_allclose(np.linalg.norm(out.reshape(20, 8, 2), axis=2),
                               np.linalg.norm(x.reshape(20, 8, 2), axis=2))


def test_rope_position_none_means_row_index():
    x = RNG.standard_normal((5, 6))
    np.testing.assert_allclose(rope_rotate(x), rope_rotate(x, np.arange(5)))
    for t in range(5):
        np.testing.assert_allclose(rope_rotate(x)[t], rope_rotate(x[t], t))
    np.testing.assert_allclose(rope_rotate(x, 3), rope_rotate(x, [3] * 5))  # one number: every row there
    np.testing.assert_allclose(rope_rotate(x[0], 0), x[0])  # position 0 is no rotation
    with pytest.raises(ValueError):
        rope_rotate(x[0])  # a vector needs its position
    with pytest.raises(ValueError):
        rope_rotate(x, [1, 2])
    with pytest.raises(ValueError):
        rope_rotate(np.ones(5), 1)


def test_rope_score_depends_only_on_gap():
    rng = np.random.default_rng(7)
    for _ in range(200):
        d = int(rng.choice([2, 4, 8, 32]))
        q, k = rng.standard_normal(d), rng.standard_normal(d)
        m, n = rng.integers(0, 4096, size=2)
        shift = rng.uniform(-1000, 1000)
        base = float(rng.choice([100.0, 10000.0]))
        a = rope_score(q, k, m, n, base)
        b = rope_score(q, k, m + shift, n + shift, base)
        c = rope_score(rope_rotate(q, m - n, base), k, 0, 0, base)  # only m − n is left
        assert a == pytest.approx(b, abs=1e-9) and a == pytest.approx(c, abs=1e-9)


def test_rope_score_sign_of_gap_matters():
    q, k = np.array([1.0, 0.2, 0.6, 0.8]), np.array([0.3, 1.0, 0.9, 0.1])
    assert abs(rope_score(q, k, 4, 0, 100.0) - rope_score(q, k, 0, 4, 100.0)) > 0.1


def test_plane_contributions_sum_to_score_and_angles_turn():
    q, k = RNG.standard_normal(6), RNG.standard_normal(6)
    parts = plane_contributions(q, k, 5, 2)
    assert parts.sum() == pytest.approx(rope_score(q, k, 5, 2))
    turned = plane_angles(q, 3, 100.0) - plane_angles(q, 0, 100.0)
    np.testing.assert_allclose(np.angle(np.exp(1j * turned)), np.angle(np.exp(1j * 3 * rope_thetas(6, 100.0))))


def test_rope_lesson_record():
    r = rope_lesson()
    assert r.d_model == 4 and r.base == 100.0
    np.testing.assert_allclose(r.thetas, [1.0, 0.1])
    assert r.diagonal_spread < 1e-12
    g = len(r.grid_positions)
    for m in range(g):
        for n in range(g):
            assert r.score_grid[m, n] == pytest.approx(r.score_by_gap[list(r.gaps).index(m - n)], abs=1e-12)
    # keyframes: (4, 0), (7, 3), (9, 5) share gap 4 and the score; (9, 8) and (5, 4) share gap 1
    s = dict(zip(map(tuple, r.keyframes.astype(int).tolist()), r.keyframe_scores))
    assert s[(4, 0)] == pytest.approx(s[(7, 3)]) == pytest.approx(s[(9, 5)])
    assert s[(9, 8)] == pytest.approx(s[(5, 4)])
    assert abs(s[(9, 3)] - s[(9, 5)]) > 0.5
    assert s[(0, 0)] == pytest.approx(r.plain_score) == pytest.approx(r.q @ r.k)
    np.testing.assert_allclose(r.keyframe_planes.sum(axis=1), r.keyframe_scores)
    # absolute PE added to q and k: moving both positions changes the score
    a = dict(zip(map(tuple, r.keyframes.astype(int).tolist()), r.absolute_scores))
    assert abs(a[(4, 0)] - a[(7, 3)]) > 0.5
    np.testing.assert_allclose(r.q_norms, np.linalg.norm(r.q.reshape(2, 2), axis=1))


# -- the seat-number machine ----------------------------------------------------------------
def test_naive_terms_definition_and_sum():
    rng = np.random.default_rng(3)
    for _ in range(50):
        d = int(rng.integers(1, 16))
        e, e2 = rng.standard_normal(d), rng.standard_normal(d)
        p, q = rng.uniform(-40, 40, size=2)
        t = naive_terms(e, e2, p, q)
        np.testing.assert_allclose(t, [e @ e2, q * e.sum(), p * e2.sum(), p * q * d], atol=1e-12)
        assert t.sum() == pytest.approx(naive_total(e, e2, p, q), rel=1e-12, abs=1e-12)


def test_naive_position_record():
    r = naive_position()
    assert r.d_model == 8 and r.seed == 4
    np.testing.assert_allclose(r.stop_terms.sum(axis=1), r.stop_totals, rtol=1e-12)
    stops = r.stops.astype(int).tolist()
    assert stops[-1] == [12, 12]  # seed 001's seat 12
    # the walk only moves forward: neither seat goes back, so ④ = p·q·d never shrinks on the way
    assert np.all(np.diff(r.stops, axis=0) >= 0) and np.all(np.diff(r.stop_terms[:, 3]) > 0)
    k0 = stops.index([0, 0])
    np.testing.assert_allclose(r.stop_terms[k0], [r.e @ r.e2, 0, 0, 0])
    assert r.stop_content_share[k0] == 1.0
    # term 4 is p·q·d whatever the words are
    p, q = r.stops[-1]
    assert r.swap_terms[3] == r.stop_terms[-1, 3] == p * q * r.d_model
    assert r.swap_terms[0] != pytest.approx(r.stop_terms[-1, 0])
    # it dominates as the seats grow: the content share falls, the ratio passes 1000
    assert np.all(np.diff(r.stop_content_share) < 0)
    assert r.ratio_last > 1000
    np.testing.assert_allclose(r.seat_terms[:, 3], r.seats**2 * r.d_model)
    # stand-in word vectors: small norms, fixed by the seed
    assert np.linalg.norm(r.e) < 2 and np.linalg.norm(r.e2) < 2
    np.testing.assert_array_equal(naive_position().e, r.e)


def test_naive_position_percent_shares():
    """The bar of each stop: four shares in % that sum to 100, the first one the content share."""
    r = naive_position()
    np.testing.assert_allclose(r.stop_percent.sum(axis=1), 100.0, rtol=1e-12)
    np.testing.assert_allclose(r.stop_percent[:, 0], 100.0 * r.stop_content_share, rtol=1e-12)
    assert f"{r.stop_percent[0, 0]:.2f}" == "100.00"  # p = q = 0: the content term alone
    assert f"{r.stop_percent[-1, 0]:.2f}" == "0.07"  # p = q = 12: |0.795| of 1161.2 in all


def test_public_names_from_package_root():
    import engine

    for name in ("scaled_dot_product_attention", "permutation_demo", "rope_rotate", "rope_score",
                 "rope_lesson", "naive_terms", "naive_position"):
        assert name in engine.__all__ and callable(getattr(engine, name))


# -- what the scenes displayed agrees with the engine (tiny renders) --------------------------
@pytest.mark.render
def test_rope_rotation_frames_agree_with_engine(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("rope_rotation", *scene_look("rope_rotation"))
    r = rope_lesson()
    rows = [x for x in read_frames(folder / "rope_rotation.frames.csv") if x.get("score")]
    assert len(rows) > 50
    by_gap = {}
    for x in rows:
        m, n, score = float(x["m"]), float(x["n"]), float(x["score"])
        assert score == pytest.approx(rope_score(r.q, r.k, m, n, r.base), abs=1e-12)
        parts = [float(x[f"plane_{i}"]) for i in range(r.d_model // 2)]
        assert sum(parts) == pytest.approx(score, abs=1e-12)
        for i, th in enumerate(r.thetas):
            # the turn for m as the m readout shows it (one decimal on the way: m = 0.0 never says "turned 1.4°"),
            # not wrapped at 360° (9 positions on plane 0: 515.7°); at whole positions the turn as drawn
            assert float(x[f"q_turn_deg_{i}"]) == pytest.approx(np.degrees(round(m, 1) * th), abs=1e-9)
        if m == int(m) and n == int(n):
            by_gap.setdefault(m - n, set()).add(round(score, 12))
    assert all(len(v) == 1 for v in by_gap.values()), by_gap  # one score per gap
    assert {4.0, 6.0, 1.0} <= set(by_gap)


@pytest.mark.render
def test_naive_position_frames_agree_with_engine(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    r = naive_position()
    rows = [x for x in read_frames(folder / "naive_position.frames.csv") if x.get("term_1")]
    assert len(rows) > 20
    vectors = {r.words[0]: r.e, r.words[2]: r.e_swap}
    for x in rows:
        if x["encoding"] == "sin/cos":  # the ending: sinusoidal rows in place of the seat numbers
            terms = sincos_terms(vectors[x["word"]], r.e2, float(x["p"]), float(x["q"]))
        else:
            terms = naive_terms(vectors[x["word"]], r.e2, float(x["p"]), float(x["q"]))
        np.testing.assert_allclose([float(x[f"term_{k}"]) for k in range(1, 5)], terms, atol=1e-12)
        assert float(x["total"]) == pytest.approx(terms.sum(), abs=1e-9)
        a = np.abs(terms)
        assert float(x["content_share_pct"]) == pytest.approx(100 * a[0] / a.sum(), abs=1e-9)
    raw = [x for x in rows if x["encoding"] == "seat numbers"]
    assert raw[-1]["word"] == r.words[2] and float(raw[-1]["term_4"]) == r.stop_terms[-1, 3]
    assert rows[-1]["encoding"] == "sin/cos" and float(rows[-1]["term_4"]) == pytest.approx(r.sincos_terms[3])
    # the log chart is first the linear chart's bars at its last seats; once back at (0, 0) the seats only move
    # forward while the bars are walked (whole seats, never back)
    start = next(i for i, x in enumerate(raw) if (float(x["p"]), float(x["q"])) == (0.0, 0.0))
    assert all((float(x["p"]), float(x["q"])) == tuple(float(v) for v in r.linear_stops[-1]) for x in raw[:start])
    seats = np.array([[float(x["p"]), float(x["q"])] for x in raw[start:]])  # (n, 2)
    assert np.all(np.diff(seats, axis=0) >= 0)
    # the seats on screen are whole numbers in every frame, the moving ones included
    assert all(float(x["p"]).is_integer() and float(x["q"]).is_integer() for x in rows)
    # a caption states the last stop's values only once the bars show that stop (and the new word's ① once
    # the word is swapped): the frame at the cue's start already holds them
    import json

    from look import fmt_num

    cues = json.loads((folder / "naive_position.numbers.json").read_text())["cues"]
    times = [float(x["time_s"]) for x in rows]

    def row_at(t):
        return next(x for x, s in zip(reversed(rows), reversed(times)) if s <= t + 1e-6)

    t4, c1, c2 = fmt_num(r.stop_terms[-1, 3], 0), fmt_num(r.stop_terms[-1, 0], 3), fmt_num(r.swap_terms[0], 3)
    stated = [c for c in cues if c["section"] == "bars" and t4 in c["text"]]
    assert stated
    for cue in stated:
        x = row_at(cue["start_s"])
        assert (float(x["p"]), float(x["q"])) == tuple(r.stops[-1]) and fmt_num(float(x["term_4"]), 0) == t4
        assert c1 not in cue["text"] or fmt_num(float(x["term_1"]), 3) == c1
    swapped = [c for c in cues if c2 in c["text"]]
    assert swapped and all(row_at(c["start_s"])["word"] == r.words[2] for c in swapped)
    # "with sin/cos rows in place of p and q, ④ falls from 1152 to 4.000": 1152 on screen as the cue starts, 4.000 by
    # its end; the PE rows grew out of the sliders during the cue before it ("encoded with sin and cos"), so they
    # are on screen, at the seats the sliders showed, as the fall starts, and never before that cue
    from scenes.naive.values import fmt_point
    t2 = fmt_point(r.sincos_terms[3], 3)  # as drawn: a whole value without decimals (④ = 4)
    falls = [c for c in cues if c["section"] == "sincos" and t4 in c["text"] and t2 in c["text"]]
    assert len(falls) == 1
    x = row_at(falls[0]["start_s"])
    assert x["encoding"] == "seat numbers" and fmt_num(float(x["term_4"]), 0) == t4 and x.get("pe_rows")
    x = row_at(falls[0]["end_s"] - 1e-3)
    assert x["encoding"] == "sin/cos" and fmt_point(float(x["term_4"]), 3) == t2 and x.get("pe_rows")
    # the fall moves from the cue's first frame: 1152 is gone (the record switched) within half a second
    assert row_at(falls[0]["start_s"] + 0.5)["encoding"] == "sin/cos"
    import ast

    from engine.naive import sincos_rows
    from scenes.naive.strings import STRINGS

    mark = STRINGS[scene_look("naive_position")[1]]["mark_encoded"]
    encoded = [c for c in cues if c["section"] == "sincos" and mark in c["text"]]
    assert len(encoded) == 1 and encoded[0]["end_s"] <= falls[0]["start_s"] + 1e-6
    early = [(x, t) for x, t in zip(rows, times) if x.get("pe_rows") and x["encoding"] != "sin/cos"]
    assert early and all(encoded[0]["start_s"] - 1e-6 <= t < falls[0]["start_s"] + 0.5 for _, t in early)
    pe = sincos_rows([int(v) for v in r.stops[-1]], r.d_model)  # (2, d): PE at the sliders' last seats
    for x, _ in early:  # the rows show PE at the seats the sliders held, as the record names them
        shown = ast.literal_eval(x["pe_rows"])
        assert (shown["p"], shown["q"]) == tuple(int(v) for v in r.stops[-1]) == (int(float(x["p"])), int(float(x["q"])))
        np.testing.assert_allclose([shown["pe_p"], shown["pe_q"]], np.round(pe, 2), atol=1e-9)
    # "it rises again, to 3.78 at p − q = 6" starts with the seats at p − q = 6 and ④ = 3.78 on screen
    from scenes.naive.gapplot import GapPlot
    from types import SimpleNamespace

    g, back = GapPlot.gap_back.fget(SimpleNamespace(data=r))
    rising = [c for c in cues if c["section"] == "walk" and fmt_num(back, 2) in c["text"] and f"= {g}" in c["text"]]
    assert len(rising) == 1
    x = row_at(rising[0]["start_s"])
    assert x["encoding"] == "sin/cos" and float(x["p"]) - float(x["q"]) == g
    assert fmt_num(float(x["term_4"]), 2) == fmt_num(back, 2)
    # "wherever p = q, ④ reaches the dashed line; when the seats part, it drops below it" is read over p = q at the
    # line, then parted seats below it; the climb back to p − q = 6 waits for the cue after it
    parting = [c for c in cues if c["section"] == "walk" and "p = q" in c["text"]]
    assert len(parting) == 1
    during = [x for x, t in zip(rows, times) if parting[0]["start_s"] <= t < parting[0]["end_s"]]
    seen = [(float(x["p"]) - float(x["q"]), float(x["term_4"])) for x in during]
    equal = [k for k, (gap, _) in enumerate(seen) if gap == 0 and _ == pytest.approx(r.sincos_bound)]
    assert equal and any(gap != 0 and v < r.sincos_bound - 0.1 for gap, v in seen[equal[0]:])
    assert all(gap < g for gap, _ in seen)


def test_naive_position_ghost_keeps_its_length_or_shows_its_break(shared_renders):
    """The faded 1152 bar: the whole axis (its last gridline 10000) stays while ④ falls to the sin/cos value (the
    cue "So positions are encoded with sin and cos…"), so the fall is read on the same scale; when the gridlines
    above 10 step aside for the plots the ghost is drawn broken (it runs past the fold), and only then; in the
    conclusion the axis is whole again and the ghost at its true length, unbroken."""
    import json

    from look import fmt_num
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    r = naive_position()
    rows = read_frames(folder / "naive_position.frames.csv")
    times = [float(x["time_s"]) for x in rows]
    cues = json.loads((folder / "naive_position.numbers.json").read_text())["cues"]
    full = float(10.0 ** r.decades[-1])
    ghosted = [x for x in rows if x.get("ghost_seat_term")]
    assert ghosted and all(fmt_num(float(x["ghost_seat_term"]), 0) == "1152" for x in ghosted)
    for x in ghosted:  # broken exactly when the axis ends left of the ghost's value
        assert (x.get("ghost_broken") == "True") == (float(x["axis_top"]) < float(x["ghost_seat_term"])), x["time_s"]
    from scenes.naive.strings import STRINGS

    said = STRINGS[scene_look("naive_position")[1]]["cap_sincos"]  # "… so positions are encoded with sin and cos." in the render's language
    import re as _re

    sentences = [x for x in _re.split(r"(?<=[.。])\s*", said) if x]
    first = sentences[next(i for i, x in enumerate(sentences) if "{t1}" in x) - 1].rstrip(".。")  # the one before ④'s fall
    def opens(c):  # the cue that opens that sentence (it may run over two cues)
        text = " ".join(c["text"].split())
        # compared without spaces: a Chinese cue's line break is no space ("…，所以\n位置…")
        return "".join(first.split()).startswith("".join(text.split()).rstrip("，,。.")) and len(text) > 3

    same = [k for k, c in enumerate(cues) if opens(c)]
    assert len(same) == 1
    end = next(k for k in range(same[0], len(cues)) if "1152" in cues[k]["text"])
    fall = cues[same[0]:end + 1]  # that sentence and the clause in which ④ falls from 1152
    assert any("1152" in c["text"] for c in fall)
    during = [x for x, t in zip(rows, times) if fall[0]["start_s"] <= t < fall[-1]["end_s"]]
    assert during and all(float(x["axis_top"]) == full and x.get("ghost_broken") != "True" for x in during)
    folded = [x for x in ghosted if float(x["axis_top"]) < full]
    assert folded and {fmt_num(float(x["axis_top"]), 0) for x in folded} == {"10"}
    assert float(rows[-1]["axis_top"]) == full and rows[-1].get("ghost_broken") != "True"
    assert rows[-1]["section"] == "conclusion"


def test_naive_sincos_terms():
    """The sin/cos ending: the four terms of (E + PE(p))·(E′ + PE(q)) add up to it, and PE(p)·PE(q) never
    passes ⌈d/2⌉, reached at p = q (a sum of d/2 cosines), for even and odd widths."""
    from engine.naive import sincos_rows
    from engine.positional import sinusoidal

    rng = np.random.default_rng(5)
    for d in (2, 3, 8, 9, 64):
        e, e2 = rng.standard_normal(d), rng.standard_normal(d)
        for p, q in ((0, 0), (12, 12), (3, 40), (999, 1)):
            t = sincos_terms(e, e2, p, q)
            rows = sincos_rows([p, q], d)  # (2, d)
            assert t.sum() == pytest.approx(float((e + rows[0]) @ (e2 + rows[1])), rel=1e-12, abs=1e-12)
        pe = sincos_rows(np.arange(300), d)  # (300, d)
        assert np.abs(pe).max() <= 1.0
        assert (pe @ pe.T).max() <= sincos_bound(d) + 1e-9
        if d % 2 == 0:
            np.testing.assert_array_equal(pe, sinusoidal(np.arange(300), d))
            np.testing.assert_allclose(np.diag(pe @ pe.T), d / 2, rtol=1e-12)  # reached at p = q
    r = naive_position()
    np.testing.assert_allclose(r.sincos_terms, sincos_terms(r.e_swap, r.e2, 12, 12), rtol=1e-12)
    assert r.sincos_bound == 4 and r.sincos_terms[3] == pytest.approx(4.0, abs=1e-12)


def test_naive_log_axis_holds_the_walk():
    """The bar axis' decades: consecutive, at most MAX_DECADES, reaching the largest value shown and d,
    and down to the smallest non-zero one unless that would take more than MAX_DECADES."""
    from engine.naive import MAX_DECADES

    for kw in ({}, {"d_model": 1024, "emb_scale": 5.0, "p": 1000, "q": 1000}, {"d_model": 2, "emb_scale": 0.01, "p": 1, "q": 0},
               {"emb_scale": 5.0, "p": 1, "q": 1, "seed": 7}, {"d_model": 64, "emb_scale": 0.02, "seed": 7, "p": 49, "q": 30}):
        r = naive_position(**kw)
        k = r.decades
        assert np.all(np.diff(k) == 1) and 1 <= len(k) - 1 <= MAX_DECADES
        top = max(np.abs(r.stop_terms).max(), np.abs(r.stop_totals).max(), np.abs(r.swap_terms).max(), r.d_model)
        assert 10.0 ** (k[-1] - 1) < top <= 10.0 ** k[-1]
        small = min(v for v in (abs(r.stop_terms[0, 0]), abs(r.e_sum), abs(r.e2_sum), r.d_model) if v > 0)
        assert 10.0 ** k[0] <= small or len(k) - 1 == MAX_DECADES
