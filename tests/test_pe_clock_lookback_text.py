"""pe_clock's look-back introduces its symbols (scenes.clock.lookback, seed 002 §05) with one vector convention for the
whole scene: row vectors, R_k forward by k seats on rows (PE(p + k) = PE(p) R_k, the engine's rotation(k) transposed),
so the look-back is R_{-1} (PE(p) R_{-1} = PE(p − 1)), never written with a transpose; the rotation's cue says the
vectors are rows, before the look-back turns back."""
from __future__ import annotations

import numpy as np
import pytest

def test_the_query_matrix_is_written_as_the_row_turn_back():
    """The query line writes W_Q = 12 R_{-1}, never R_1 (forward) nor a transpose; the line under the dials writes
    PE(5) R_{-1} = PE(4): true of the engine's rotation (transposed for rows) and fingerprints at d = 16."""
    from engine.positional import rotation, sinusoidal
    from scenes.clock.lookback import query_tex

    tex = "".join(query_tex(12.0))
    assert tex.startswith(r"W_Q=12\,R_{-1}:") and "R_1" not in tex and "top" not in tex
    table = sinusoidal(range(32), 16)  # (32, 16) the rows PE(p)
    np.testing.assert_allclose(table[1:] @ rotation(-1, 16).T, table[:-1], atol=1e-12)  # PE(p) R_{-1} = PE(p − 1), R_{-1} = rotation(-1)ᵀ
    assert not np.allclose(table[1:-1] @ rotation(1, 16), table[2:], atol=1e-3)  # not forward on rows
    np.testing.assert_allclose(table[:-1] @ rotation(1, 16).T, table[1:], atol=1e-12)  # PE(p) R_1 = PE(p + 1): forward


def test_the_look_back_never_writes_r1_for_the_turn_back():
    import inspect

    from scenes.clock import lookback

    src = inspect.getsource(lookback.LookBackBeat.turn_back)
    assert r'rf"PE({p})\,R_{{-1}}", "=", rf"PE({p - 1})"' in src and "R_1" not in src


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_rows_are_named_once_before_the_look_back(lang):
    """The rotation's matrix cue says the vectors are rows (written beside the matrix too) before its product; the
    look-back's cue, later, turns back without naming them again."""
    from scenes.clock.strings import STRINGS

    strings = STRINGS[lang]
    rows = {"en": "vectors as rows", "zh-Hant": "橫向量", "zh-Hans": "横向量"}[lang]
    back = {"en": "back one seat", "zh-Hant": "轉回一格", "zh-Hans": "转回一格"}[lang]
    matrix = strings["cap_rotate_matrix"]
    assert matrix.index(rows) < matrix.index("(sin, cos)") and rows in strings["rows_note"]
    look = strings["cap_look"]
    assert rows not in look and look.index(back) < look.index("PE(p − 1)")
    assert "_" not in look + matrix  # no ASCII maths
