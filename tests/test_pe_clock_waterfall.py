"""pe_clock's dot product hand by hand as a waterfall (scenes.clock.dotsum): each term a step from the running total,
a take-away a tier down, so the top tier ends at the total; and the look-back head named one way in Chinese."""
import numpy as np

from engine.pe_clock_extra import dot_terms
from scenes.clock.dotsum import DotSumBeat
from scenes.clock.strings import STRINGS


def test_the_top_tier_ends_at_the_dot_product_and_the_take_away_steps_down():
    t = dot_terms([2, 11, 28], 3, 16, 10000.0)
    for c in range(len(t.starts)):
        run = np.concatenate([[0.0], t.running[c]])
        tiers = DotSumBeat.waterfall_tiers(run)
        assert len(tiers) == t.terms.shape[1]
        for h, v in enumerate(t.terms[c]):
            assert (tiers[h] >= 1) == (v < 0)  # hand 0's −0.99 goes down a tier, the adds stay on top
        top = [max(run[h], run[h + 1]) for h in range(len(tiers)) if tiers[h] == 0]
        assert abs(max(top) - t.totals[c]) < 1e-12  # the bar's right end is the total, 5.5431
        assert f"{t.totals[c]:.4f}" == "5.5431"


def test_steps_on_one_tier_never_overlap():
    run = np.array([0.0, 1.0, -0.5, 2.0, 1.5, 3.0])
    tiers = DotSumBeat.waterfall_tiers(run)
    spans = {}
    for h, tier in enumerate(tiers):
        a, b = sorted((run[h], run[h + 1]))
        for p, q in spans.get(tier, []):
            assert b <= p + 1e-9 or a >= q - 1e-9
        spans.setdefault(tier, []).append((a, b))


def test_the_head_looks_back_in_one_wording_in_chinese():
    for lang in ("zh-Hant", "zh-Hans"):
        text = "".join(STRINGS[lang].values())
        assert "往前看" not in text and "往回看" in text
    for lang in STRINGS:
        assert STRINGS[lang]["part_seats"] and STRINGS[lang]["part_through"]
