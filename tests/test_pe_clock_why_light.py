"""pe_clock's why section (scenes.clock.why, seed pe_clock "why the scores differ"): while the head's first cues are
read over the fixed table, each thing they name lights in turn (strings "why_light": the fingerprints, the query and
key matrices, the dot product, the terms with one seat, seat · seat). Every name is found in those cues, in every
language, in the order the cues say them, so no cue stands over a still table."""
from __future__ import annotations

import pytest

from scenes.clock.strings import STRINGS
from scenes.parts.cues import cues


@pytest.mark.parametrize("lang", sorted(STRINGS))
def test_each_named_thing_lights_in_the_cue_that_names_it(lang):
    s = STRINGS[lang]
    text = s["cap_why_head"].format(a="−0.9714", b="−0.8004", ta="十五", tb="五十", sa="−0.4173", sb="−0.6166",
                                    big=s["part_2"], ba="−0.6931", bb="−0.4000", look="")
    parts = [c.replace("\n", " ") for c in cues(text, lang)]
    change = next(i for i, c in enumerate(parts) if s["part_1"].lower() in c.lower())
    keys = s["why_light"].split("|")
    assert len(keys) == 5
    before = parts[:change]
    assert all(any(k in c for c in before) for k in keys), (keys, before)
    said = [next(i for i, c in enumerate(before) if k in c) for k in keys]
    assert said == sorted(said)  # named in this order: the lights follow the words
    assert all(any(k in c for k in keys) for c in before)  # no cue without something lit
