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
    its picture; after the aside the tick with p is back at its value."""
    _, rows, _ = _render(shared_renders)
    rec = catalogue.get("permutation").compute().back(1)
    import numpy as np

    masked = np.vstack([rec.causal_out_b, rec.causal_out_a])
    top = fmt_num(float(masked.flat[int(np.argmax(np.abs(masked)))]), 1)
    aside = [r for r in rows if r.get("causal_table")]
    assert aside and all(r.get("causal_output_tick") and literal_eval(r["causal_output_tick"])[0] == top
                         and not r.get("pe_output_tick") for r in aside)
    with_p = fmt_num(float(rec.out_pe_b.flat[int(np.argmax(np.abs(rec.out_pe_b)))]), 1)
    after = [r for r in rows[rows.index(aside[-1]) + 1:] if r.get("pe_output_tick")]
    assert after and literal_eval(after[0]["pe_output_tick"])[0] == with_p
