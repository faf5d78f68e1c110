"""attention_heatmap's last frame (scenes/attention/residual.py, end_names): every arrow named at the conclusion has
its name nearer its own tip than any other arrow's tip (h₁'s name once stood at x₅'s tip, reading as x₅ = h₁), and
x₅ = v₅ is written in one face, as x₅ is everywhere else on screen (no typeset copy beside a caption-font one)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from manim import Arrow, MathTex

from scenes.attention.placing import box_of
from scenes.attention.residual import nearer_other, to_box


@lru_cache(maxsize=None)
def _ending(lang: str):
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    e = catalogue.get("attention_heatmap")
    return play_dry(e.load().SCENE, e.compute(), Look("light", lang))


def test_nearer_other_reads_box_distances():
    box = (0.0, 0.0, 1.0, 0.5)
    assert to_box(box, np.array([0.5, 0.2, 0])) == 0.0
    assert to_box(box, np.array([2.0, 0.5, 0])) == pytest.approx(1.0)
    assert nearer_other(box, np.array([1.2, 0.2, 0]), [np.array([3.0, 3.0, 0])]) is False
    assert nearer_other(box, np.array([3.0, 3.0, 0]), [np.array([1.2, 0.2, 0])]) is True
    assert nearer_other(box, np.array([1.2, 0.2, 0]), [np.array([1.2, 0.2, 0])]) is False  # a shared tip


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_every_end_name_is_nearest_its_own_tip(lang):
    scene = _ending(lang)
    placed = scene.end_placed
    assert len(placed) == scene.shown["end_names"] >= 2  # h1, h2 (and o's moved copy)
    arrows = [m for m in scene.get_mobject_family_members() if isinstance(m, Arrow)]
    for name, shaft in placed:  # a key's own short arrow (a name with no room by its arrow) is not another arrow
        tips = [m.get_end() for m in arrows if not any(m is f for f in name.get_family())]
        own = shaft.get_end()
        mine = to_box(box_of(name), own)
        others = [to_box(box_of(name), t) for t in tips if np.linalg.norm(t[:2] - own[:2]) > 0.05]
        assert mine < min(others), (lang, name, mine, min(others))


def test_x_n_is_not_typeset_beside_its_text_face():
    scene = _ending("en")
    typeset = [m for m in scene.get_mobject_family_members() if isinstance(m, MathTex)]
    # the one formula "e_5 = v_5 (W_V = I)" is typeset whole (one face for the equation); no other e_n is (the
    # formula itself has left by the end: row 5's weights of both heads take its place)
    assert {m.get_tex_string() for m in typeset if "e_" in m.get_tex_string()} <= {
        r"e_{\textstyle 5} = v_{\textstyle 5} \quad (W_{\textstyle V} = I)"}
