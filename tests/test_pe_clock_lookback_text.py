"""pe_clock's look-back introduces its symbols (scenes.clock.lookback, seed 002 §05): the query matrix is written as
R_{-1}ᵀ: R_k means forward by k seats everywhere (PE(p + k) = R_k PE(p) on columns), and the look-back is R_{-1},
transposed for row vectors (PE(p) R_{-1}ᵀ = PE(p − 1), true of the engine's rotation), and the cue says the vectors are rows before it says the turn goes back."""
from __future__ import annotations

import numpy as np
import pytest

def test_the_query_matrix_is_written_as_the_row_turn_back():
    """The query line writes W_Q = 12 R_{-1}ᵀ, never R_1 (which is forward in the rotation's column law); the line under
    the dials writes PE(5) R_{-1}ᵀ = PE(4): true of the engine's rotation and fingerprints at d = 16."""
    from engine.positional import rotation, sinusoidal
    from scenes.clock.lookback import query_tex

    tex = "".join(query_tex(12.0))
    assert tex.startswith(r"W_Q=12\,R_{-1}^{\top}:") and "R_1" not in tex
    table = sinusoidal(range(32), 16)  # (32, 16) the rows PE(p)
    np.testing.assert_allclose(table[1:] @ rotation(-1, 16).T, table[:-1], atol=1e-12)  # PE(p) R_{-1}ᵀ = PE(p − 1)
    assert not np.allclose(table[1:-1] @ rotation(1, 16), table[2:], atol=1e-3)  # not forward on rows
    np.testing.assert_allclose(rotation(1, 16) @ table[:-1].T, table[1:].T, atol=1e-12)  # forward on columns (R_k PE(p))


def test_the_look_back_never_writes_r1_for_the_turn_back():
    import inspect

    from scenes.clock import lookback

    src = inspect.getsource(lookback.LookBackBeat.turn_back)
    assert r'rf"PE({p})\,R_{{-1}}^{{\top}}", "=", rf"PE({p - 1})"' in src and "R_1" not in src


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_look_back_turns_back_only_once_rows_are_named(lang):
    """The cue that says the turn goes back says the vectors are rows first (in the same cue or before)."""
    from scenes.clock.strings import STRINGS

    text = STRINGS[lang]["cap_look"]
    rows = {"en": "vectors as rows", "zh-Hant": "橫向量", "zh-Hans": "横向量"}[lang]
    back = {"en": "back one seat", "zh-Hant": "轉回一格", "zh-Hans": "转回一格"}[lang]
    assert text.index(rows) < text.index(back) < text.index("PE(p − 1)")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_look_back_cue_says_the_vectors_are_rows(lang):
    from scenes.clock.strings import STRINGS

    text = STRINGS[lang]["cap_look"]
    word = {"en": "vectors as rows", "zh-Hant": "橫向量", "zh-Hans": "横向量"}[lang]
    assert word in text and text.index(word) < text.index("PE(p − 1)")
    assert "_" not in text  # no ASCII maths
