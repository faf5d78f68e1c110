"""prenorm_block shows each value by the middle of the cue that states it (docs/design.md §5 "Teaching,
not only layout"), in English and Chinese: x − μ and X̃ in the LayerNorm step, head 2's scores before
its weights, and the entry the closing cue names.
The scene is played without drawing; `show(showing=…)` is logged once the step's animation is done.
"""
from __future__ import annotations

import pytest

from look import Look
from scenes.parts.cues import reading_time
from scenes.prenorm.strings import captions
from studio import catalogue
from studio.build.dryplay import play_dry


def played(lang: str):
    e = catalogue.get("prenorm_block")
    module, d = e.load(), e.compute()
    log = []

    class Watched(module.SCENE):
        def show(self, **values):
            super().show(**values)
            log.append((self.now, dict(values), [m for m in self.mobjects]))

    scene = play_dry(Watched, d, Look("light", lang))
    return scene, log


@pytest.fixture(scope="module", params=["en", "zh-Hant"])
def run(request):
    scene, log = played(request.param)
    return request.param, scene, log


def cue(scene, fragment: str) -> tuple:
    """(start, end) of the first cue holding `fragment` (spaces ignored)."""
    cues = scene.cues_log
    for k, c in enumerate(cues):
        if fragment in c["text"].replace("\n", " ").replace(" ", ""):
            end = cues[k + 1]["start_s"] if k + 1 < len(cues) else c["start_s"] + reading_time(c["text"])
            return c["start_s"], end
    raise AssertionError(f"no cue holds {fragment!r}")


def first_show(log, key: str, test) -> float:
    return next(t for t, values, _ in log if key in values and test(values[key]))


def test_each_value_is_complete_by_the_middle_of_its_cue(run):
    lang, scene, log = run
    s = scene.strings[lang]
    checks = [
        (s["cue_subtract"], "showing", lambda v: "ln1_centred" in v),
        (s["cue_divide"], "showing", lambda v: "X_tilde" in v and "ln1_centred" not in v),
        (s["cue_depth_pre"], "depth_pre_factor", lambda v: all(abs(float(x) - 1.0) < 1e-9 for x in v.split(","))),
    ]
    for fragment, key, test in checks:
        start, end = cue(scene, fragment)
        assert end - start >= 2.5, f"{fragment}: a {end - start:.2f} s cue"
        shown = first_show(log, key, test)
        assert start - 1e-6 <= shown <= (start + end) / 2 + 1e-6, f"{fragment}: shown at {shown:.2f}, cue {start:.2f}–{end:.2f}"


def test_head_2_scores_come_before_its_weights(run):
    lang, scene, log = run
    t_e2 = first_show(log, "showing", lambda v: "E2" in v.split(","))
    start, _ = cue(scene, captions(scene.data, lang)["cap_head2"][:10].replace(" ", ""))
    assert start < t_e2
    shown = [values["showing"].split(",") for _, values, _ in log if "showing" in values]
    head2 = next(v for v in shown if "A2" in v)
    assert "E2" in head2  # A⁽²⁾ is on screen with the scores it comes from
