"""The permutation scene's keys to what is drawn (scenes/perm/strips.py, scenes/perm/steps.py; seed 002
§01 图 2): fresh outputs as neutral ink outlines against carried bars in the word colours, with swatches
drawn the same way; each softmax weight named by the word whose value vector it scales; no length label
left under the row's name."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from look import fmt_num
from studio import catalogue

pytest.importorskip("manim")


def record():
    return catalogue.get("permutation").compute()


def _strips(lang="en"):
    from look import Look
    from scenes.perm.strips import Strips

    look = Look(lang=lang)
    return type("S", (Strips,), {"pal": look.palette})()


def test_fresh_neutral_outlines_carried_outlined_legend_as_drawn():
    """"outlined: computed afresh": the fresh bars are unfilled ink outlines (no colour of their own:
    blue is the word dog's) and narrower than the carried bars, which are in the word colour; the
    legend's swatches are drawn the same way and its words name no colour."""
    from scenes.perm.strings import STRINGS
    from scenes.perm.strips import BAR_SHARE, FRESH_SHARE

    s = _strips()
    row = SimpleNamespace(radius=0.6, xs=[-3.0, -1.3, 0.4])
    out = record().back(1).out_pe_b  # (T, d)
    fresh = s.fresh_strips(row, out, 1.0, outline=False)
    carried = s.strip(row, out[0], 0, "#7b2ff7", 1.0, outline=True)
    for bar in fresh[0]:
        assert bar.get_fill_opacity() == pytest.approx(0.0) and bar.get_stroke_width() > 0
        assert bar.get_stroke_color().to_hex().lower() == s.pal.ink.lower()
    assert s.pal.ink.lower() not in {c.lower() for c in s.pal.tokens}
    assert carried[0].get_fill_opacity() == pytest.approx(0.0) and carried[0].get_stroke_width() > 0
    assert FRESH_SHARE < BAR_SHARE and fresh[0].bar_w < carried.bar_w
    # the bars' heights are the engine's numbers, at the unit given
    from scenes.parts.bars import MIN_HEIGHT

    np.testing.assert_allclose([b.height for b in fresh[0]], np.maximum(np.abs(out[0]), MIN_HEIGHT), atol=1e-6)
    for sw in s.swatch_fresh():
        assert sw.get_fill_opacity() == pytest.approx(0.0)
        assert sw.get_stroke_color().to_hex().lower() == s.pal.ink.lower()
    colours = ["#7b2ff7", "#2f6f3e", "#c0395a"]
    for sw, c in zip(s.swatch_carried(colours), colours):
        assert sw.get_fill_opacity() == pytest.approx(0.0)
        assert sw.get_stroke_color().to_hex().lower() == c
    for lang, blue in (("en", "blue"), ("zh-Hant", "藍"), ("zh-Hans", "蓝")):
        assert blue not in STRINGS[lang]["legend_fresh"]


def test_weights_named_by_the_value_they_scale(shared_renders):
    """"weights 0.50/0.50 and 0.57/0.43": over each output every weight stands beside the word whose
    value vector it scales (十 0.57  五 0.43), on screen while that cue is up."""
    import json

    from scenes.parts.cues import cues
    from scenes.perm.strings import STRINGS
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    rows = read_frames(folder / "permutation.frames.csv")
    case = record().examples[0]
    want = [[[t, fmt_num(v, 2)] for t, v in zip(case.tokens_a, w)] for w in case.weights_a]
    assert want[1] == [["十", "0.57"], ["五", "0.43"]]
    w0, w1 = ("/".join(fmt_num(w, 2) for w in r) for r in case.weights_a)
    said = cues(STRINGS[lang]["cap_close_w"].format(w0=w0, w1=w1), lang)
    cue = next(c for c in json.loads((folder / "permutation.numbers.json").read_text(encoding="utf-8"))["cues"]
               if c["text"] == said[-1])
    during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) <= cue["end_s"]]
    assert during and all(r.get("weights_named") == str(want) for r in during)


def test_no_stub_length_label(shared_renders):
    """The word vectors are explained by the one line under them ("arrows: 8-D vectors in a best-fit
    plane"): no length label under the row's name stays behind while the picture changes."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    from scenes.perm.strings import STRINGS

    theme, lang = scene_look("permutation")
    rows = read_frames(shared_renders.folder("permutation", theme, lang) / "permutation.frames.csv")
    assert rows and not any(r.get("stub_lengths") for r in rows)
    assert not any(k.startswith("stub") for lang in STRINGS for k in STRINGS[lang])
