"""pe_clock: PE(p)·PE(p + k) hand by hand (engine.pe_clock_extra, scenes.clock.dotsum): each hand's term is the cosine
of its fixed turn k·ω_i from every start, the terms add up to the dot product, and the cues state what is drawn."""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from tests.test_pe_clock_use import cue_with, played, rows_during  # noqa: F401  (played: the shared render)

pytestmark = pytest.mark.shared_play


def test_engine_terms_are_the_gap_cosines_and_add_up_to_the_dot_product():
    from engine import clock_lesson
    from engine.pe_clock_extra import dot_terms

    d = clock_lesson()
    t = dot_terms(d.angle_starts, d.angle_gap, d.d_model, d.base)
    assert t.terms.shape == (len(d.angle_starts), d.d_model // 2)
    for row in t.terms:  # the same terms from every start: only the gap sets them
        np.testing.assert_allclose(row, t.cos_terms, atol=1e-12)
    np.testing.assert_allclose(t.cos_terms, np.cos(d.angle_gap * np.asarray(d.speeds)), atol=1e-12)
    np.testing.assert_allclose(t.totals, d.angle_dots, atol=1e-12)
    assert [fmt_num(v, 2) for v in t.cos_terms[:3]] == ["−0.99", "0.58", "0.96"]
    assert fmt_num(t.totals[0], 4) == "5.5431"
    with pytest.raises(ValueError):
        dot_terms([], 3, 16, 10000.0)


def test_the_terms_and_their_sum_are_stated_while_drawn(played):  # noqa: F811
    from engine.pe_clock_extra import dot_terms

    scene, fps = played
    d = scene.data
    t = dot_terms(d.angle_starts, d.angle_gap, d.d_model, d.base)
    first = cue_with(scene, "Hand by hand")
    terms = cue_with(scene, "for hand 0")
    total = cue_with(scene, "terms add up to")
    assert first["section"] == terms["section"] == total["section"] == "relative"
    said = terms["text"].replace("\n", " ")
    for h in range(3):
        assert f"{fmt_num(t.cos_terms[h], 2)} for hand {h}" in said
    assert f"add up to {fmt_num(t.totals[0], 4)}" in total["text"].replace("\n", " ")
    for row in rows_during(scene, fps, terms):
        np.testing.assert_allclose(row["dot_terms"], t.cos_terms, atol=1e-12)
    for row in rows_during(scene, fps, total):
        assert row["dot_terms_total"] == pytest.approx(t.totals[0], abs=1e-12)
        assert row["angle_dots"] == d.angle_dots[0]  # the number the bars add up to is still on screen
