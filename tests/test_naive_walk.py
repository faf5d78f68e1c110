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
