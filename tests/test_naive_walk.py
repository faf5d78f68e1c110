"""naive_position's walk with sin/cos (seed 001, lesson 5 second station): in every frame the readouts as drawn
(p, q, p − q, the fast pair's cosine, Σᵢ cos and ④'s number; scenes.naive.walk logs a readout Manim draws once
per play with the value it had then) agree with the engine for the same whole seats (p, q)."""
import numpy as np
import pytest

from engine.naive import naive_position, sincos_terms
from engine.positional import hand_speeds


@pytest.mark.render
def test_naive_walk_readouts_drawn_with_the_bars(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    r = naive_position()
    vectors = {r.words[0]: r.e, r.words[2]: r.e_swap}
    omega = float(hand_speeds(r.d_model + r.d_model % 2)[0])  # the fast pair's ω
    rows = [x for x in read_frames(folder / "naive_position.frames.csv")
            if x.get("encoding") == "sin/cos" and x.get("drawn_p") not in (None, "")]
    assert len(rows) > 100
    gaps, dialled = set(), 0
    for x in rows:
        p, q = int(float(x["p"])), int(float(x["q"]))
        where = (x["time_s"], p, q)
        assert (int(float(x["drawn_p"])), int(float(x["drawn_q"]))) == (p, q), where
        four = float(sincos_terms(vectors[x["word"]], r.e2, p, q)[3])  # ④ = PE(p)·PE(q)
        if x.get("drawn_p_minus_q") not in (None, ""):  # from p − q's readout on (the numbers' cross-fade is over)
            assert float(x["drawn_term_4"]) == pytest.approx(four, abs=6e-4), where
            assert int(float(x["drawn_p_minus_q"])) == p - q, where
            gaps.add(p - q)
        if x.get("drawn_cos") not in (None, ""):
            assert float(x["drawn_cos"]) == pytest.approx(np.cos(omega * (p - q)), abs=6e-3), where
            assert float(x["drawn_sum"]) == pytest.approx(four, abs=6e-4), where
            dialled += 1
    assert dialled > 50 and 0 in gaps and len(gaps) > 3  # the walk passes p = q and parts


def test_many_pairs_fall_with_the_gap():
    """The walk's hedge ("with only 4 pairs a far gap can score almost as high as gap 0; with hundreds of pairs ④
    falls almost steadily as the gap grows"): PE(p)·PE(q) (engine.naive.sincos_rows) for d = 8 climbs back to
    within 6 % of gap 0 at gap 6, while for d = 512 (256 pairs) it never rises over gaps 0 … 24."""
    from engine.naive import sincos_rows

    def four(d, g):
        return float(np.dot(*sincos_rows([g, 0], d)))  # rows (2, d) -> PE(g)·PE(0)

    r = naive_position()
    assert r.d_model == 8 and four(8, 6) > 0.94 * four(8, 0) and four(8, 3) < 0.5 * four(8, 0)
    many = [four(512, g) for g in range(25)]
    assert all(b < a for a, b in zip(many, many[1:]))
