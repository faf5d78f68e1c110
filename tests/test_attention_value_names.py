"""attention_heatmap's value plane (scenes/attention/context.py, asksum.py): every value arrow starts at the origin,
and each time the arrows' names are shown, every name stands at its own arrow's tip, nearer it than any other value
arrow's tip ("v3 (sat)" once stood against v4's short arrow, and v4 was drawn beside the origin)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from scenes.attention.arrows import nearer_other, to_box

AT_TIP = 0.45  # a name's box this near its own tip (scene units): read at the arrowhead, not along the shaft


@lru_cache(maxsize=None)
def _played(lang: str):
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    e = catalogue.get("attention_heatmap")
    return play_dry(e.load().SCENE, e.compute(), Look("light", lang))


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_value_names_at_their_own_tips(lang):
    scene = _played(lang)
    names = scene.value_names
    assert len(names) >= len(scene.plane_values) >= 2  # named when drawn, and again under the second head's sum
    origin = np.asarray(names[0][2])
    for box, own, start, tips in names:
        assert np.allclose(start, origin, atol=1e-6), (lang, start, origin)  # from the origin, none set aside
        assert to_box(box, np.asarray(own)) <= AT_TIP, (lang, box, own)
        assert not nearer_other(box, np.asarray(own), [np.asarray(t) for t in tips]), (lang, box, own, tips)
