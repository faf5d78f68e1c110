"""attention_heatmap states its projections when the first score is computed (seed 003, "Tokens → vectors"): with
A_Q = A_K = A_V = I the cue says so (q, k and v are each token's own vector) and "A_Q = A_K = A_V = I" is written
under E; other matrices are written as the record has them (equal ones joined), with a cue that points at them."""
import numpy as np
import pytest

from engine.toy import attention_lesson


def test_projections_are_written_as_the_record_has_them():
    from scenes.attention.strings import projections_tex

    eye = np.eye(2)
    assert projections_tex(eye, eye, eye) == [r"W_{\textstyle Q} = W_{\textstyle K} = W_{\textstyle V} = I"]
    flip = [[-1, 0], [0, 1]]
    parts = projections_tex(eye, eye, flip)
    assert parts[0] == r"W_{\textstyle Q} = W_{\textstyle K} = I" and "W_{\\textstyle V}" in parts[1]
    assert "-1&0" in parts[1] and len(parts) == 2
    assert len(projections_tex([[1, 0], [0, -1]], [[0, 1], [1, 0]], [[0.5, 0], [0, 2]])) == 3
    d = attention_lesson()
    assert all(np.allclose(m, eye) for m in (d.A_Q, d.A_K, d.A_V))  # the lesson's head 1: the identity


def test_the_scores_cue_names_the_projections_in_every_language():
    from scenes.attention.strings import STRINGS

    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        for key in ("proj_same", "proj_own"):
            assert s["proj_mark"] in s[key], (lang, key)
        assert "I" in s["proj_same"] and "q" in s["proj_same"] and "v" in s["proj_same"], lang
        assert "I" not in s["proj_own"], lang


@pytest.mark.render
def test_the_identity_is_on_screen_while_its_cue_is_read(shared_renders):
    """The cue that says the matrices are I is read over "A_Q = A_K = A_V = I" (frames.csv: projections = I), long
    before the second head first names I; the cue before it, that a trained model learns them, is read without it
    (the identity is not written before it is said)."""
    from scenes.attention.strings import STRINGS
    from tests.conftest import scene_look
    from tests.test_attention_sqrt import _during, _frames_and_cues

    frames, cues = _frames_and_cues(shared_renders)
    lang = scene_look("attention_heatmap")[1]
    mark = STRINGS[lang]["proj_mark"]
    said = {"en": "identity I", "zh-Hant": "單位矩陣 I", "zh-Hans": "单位矩阵 I"}[lang]
    during = _during(frames, cues, said)
    assert during and all(x.get("projections") == "I" for x in during)
    learned = _during(frames, cues, mark)  # "In a trained model the query and key matrices are learned."
    assert learned and learned[0].get("projections") != "I"  # I comes in its last half second, as the next cue is due
    first = next(c for c in cues if mark in c[2])
    assert first[0] < 60.0
