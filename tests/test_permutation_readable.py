"""The permutation scene as a student reads it (scenes/permutation.py, scenes/perm/; seed 002 §01 图 2):
the who-bit-whom digits large enough for the back row, the softmax weights' heading coming with the
cue that names the weights, the outputs' scale tick kept through the causal-mask aside, and no "score
table" heading left over the closing card."""
from __future__ import annotations

import json
from ast import literal_eval

import pytest

from engine.word_order import last_word_fixed
from look import fmt_num
from studio import catalogue

pytest.importorskip("manim")


def _render(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    numbers = json.loads((folder / "permutation.numbers.json").read_text(encoding="utf-8"))
    return lang, read_frames(folder / "permutation.frames.csv"), numbers


def test_who_bit_digits_at_least_3_5_percent_and_engine_values(shared_renders):
    """The two columns of bites' output (man bites dog, dog bites man) are the engine's numbers at two
    decimals, equal digit for digit, drawn at least 3.5 % of the frame height."""
    _, rows, _ = _render(shared_renders)
    r = last_word_fixed(catalogue.get("permutation").compute(), keep=1)
    during = [row for row in rows if row.get("who_bit")]
    assert during
    for row in during:
        assert float(row["who_digit_height"]) >= 0.035
        shown = literal_eval(row["who_bit"])
        assert shown["out_a"] == [fmt_num(v, 2) for v in r.out_a] == shown["out_b"]


def test_closing_who_bit_table_with_p_is_the_engines(shared_renders):
    """The with-p part closes on the who-bit table again (bites in the middle of man bites dog and dog
    bites man), at the same size, recomputed with p: its columns are the engine's outputs with p at two
    decimals, its gap the engine's pe_deviation (about 0.13, where without p it was ~1e-16), the rows
    that differ as drawn framed."""
    _, rows, _ = _render(shared_renders)
    r = last_word_fixed(catalogue.get("permutation").compute(), keep=1)
    during = [row for row in rows if row.get("who_bit_pe")]
    assert during
    for row in during:
        assert float(row["who_digit_height"]) >= 0.035
        shown = literal_eval(row["who_bit_pe"])
        assert shown["out_a"] == [fmt_num(v, 2) for v in r.out_pe_a]
        assert shown["out_b"] == [fmt_num(v, 2) for v in r.out_pe_b]
        assert shown["deviation"] == pytest.approx(r.pe_deviation, abs=1e-12)
        assert shown["deviation_shown"] == fmt_num(r.pe_deviation, 2)
        assert shown["changed_rows"] == [i for i in range(len(r.out_pe_a))
                                         if fmt_num(r.out_pe_a[i], 2) != fmt_num(r.out_pe_b[i], 2)]
    assert r.deviation < 1e-12 < 0.1 < r.pe_deviation
    # it comes after the with-p outputs and before the causal-mask aside
    first = min(float(row["time_s"]) for row in during)
    assert all(not row.get("causal_table") for row in rows if float(row["time_s"]) <= first)
    assert any(row.get("causal_table") for row in rows if float(row["time_s"]) > first)


def test_weights_heading_comes_with_its_cue(shared_renders):
    """"weights A = softmax(S)" is on screen only from the first frame of the cue that names the
    weights A, never before it."""
    from scenes.parts.cues import cues
    from scenes.perm.strings import STRINGS

    lang, rows, numbers = _render(shared_renders)
    first = cues(STRINGS[lang]["cap_rowwise"], lang)[0]
    assert "A" in first
    cue = next(c for c in numbers["cues"] if c["text"] == first)
    heading = [float(r["time_s"]) for r in rows if r.get("table_heading") == "weights"]
    assert heading and min(heading) >= cue["start_s"] - 1e-6


def test_scale_tick_redrawn_for_the_causal_aside(shared_renders):
    """The causal-mask aside draws its strips at its own scale: on every frame of it the tick stands at
    the masked outputs' largest number (both orders, one decimal), and the tick with p is gone with
    its picture; after the aside it does not come back (the closing card takes the whole frame), while
    before the aside it stood at its value."""
    _, rows, _ = _render(shared_renders)
    rec = catalogue.get("permutation").compute().back(1)
    import numpy as np

    masked = np.vstack([rec.causal_out_b, rec.causal_out_a])
    top = fmt_num(float(masked.flat[int(np.argmax(np.abs(masked)))]), 1)
    aside = [r for r in rows if r.get("causal_table")]
    assert aside and all(r.get("causal_output_tick") and literal_eval(r["causal_output_tick"])[0] == top
                         and not r.get("pe_output_tick") for r in aside)
    with_p = fmt_num(float(rec.out_pe_b.flat[int(np.argmax(np.abs(rec.out_pe_b)))]), 1)
    before = [r for r in rows[:rows.index(aside[0])] if r.get("pe_output_tick")]
    assert before and literal_eval(before[-1]["pe_output_tick"])[0] == with_p
    assert not any(r.get("pe_output_tick") for r in rows[rows.index(aside[-1]) + 1:])


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_table_digits_at_least_3_percent_of_the_frame(lang):
    """Every score table the scene draws (十五/五十, dog bites man, the ending's with positions) has its
    digits, as fitted into the inset, at least 3 % of the frame height (14.4 px at 480p: the glyph
    height of a digit, not the font size), its columns at least 0.1 scene units apart; the weights
    written over a table take its cells' height (scenes.perm.dot)."""
    from manim import config

    from scenes.perm.inset import ScoreInset
    from tests.test_permutation_scene import _fake_scene, _pe_inset

    scene = _fake_scene(lang)
    rec = catalogue.get("permutation").compute()
    insets = [ScoreInset(scene, case, {t: "#000000" for t in case.tokens_a}) for case in rec.examples[:2]]
    insets.append(_pe_inset(scene))
    for inset in insets:
        for table in (inset.a, inset.b, inset.pe_moved, inset.pe_b):
            m = table.matrix
            for cell in m.body:
                digits = [g for g in cell.submobjects if g.height > 0.5 * cell.height]  # not the point or the sign
                assert digits and min(g.height for g in digits) / config.frame_height >= 0.03, (lang, cell.text)
            cols = [m.col(c) for c in range(m.shape[1])]
            assert all(b.get_left()[0] - a.get_right()[0] >= 0.1 for a, b in zip(cols, cols[1:]))
