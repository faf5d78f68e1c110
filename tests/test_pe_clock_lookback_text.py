"""pe_clock's look-back introduces its symbols (scenes.clock.lookback, seed 002 §05): R_{-1}ᵀ is written out as R_1
where it first appears, which is true of the engine's rotation, and the cue says the vectors are rows from there on."""
from __future__ import annotations

import numpy as np
import pytest

def test_the_turn_back_transposed_is_written_as_the_turn_forward():
    """The query line writes W_Q = 12 R_{-1}ᵀ = 12 R_1 (a turn's transpose is its inverse), true of the engine's
    rotation at d = 16."""
    from engine.positional import rotation
    from scenes.clock.lookback import query_tex

    tex = "".join(query_tex(12.0))
    assert r"R_{-1}^{\top}=12\,R_1" in tex
    np.testing.assert_allclose(rotation(-1, 16).T, rotation(1, 16), atol=1e-12)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_look_back_cue_says_the_vectors_are_rows(lang):
    from scenes.clock.strings import STRINGS

    text = STRINGS[lang]["cap_look"]
    word = {"en": "vectors are rows", "zh-Hant": "橫向量", "zh-Hans": "横向量"}[lang]
    assert word in text and text.index(word) < text.index("PE(p − 1)")
    assert "_" not in text  # no ASCII maths
