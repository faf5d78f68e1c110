"""The middle dot of a formula (sin(u·x), α·v) is "·" (U+00B7) in every language, never the katakana
middle dot "・" (U+30FB), and a Chinese figure sets it half width: a plain line stays in the CJK face with
its dot written "⋅" (U+22C5, which only the Latin face has), a line mathtext sets takes the Latin face."""
from __future__ import annotations

import importlib
import pkgutil

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import figures  # noqa: E402
from figures.parts_dots import DOT_OPERATOR  # noqa: E402
from look import LATIN_FONT, Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def test_no_figure_string_holds_the_katakana_middle_dot():
    found = []
    for info in pkgutil.iter_modules(figures.__path__):
        module = importlib.import_module(f"figures.{info.name}")
        for name, value in vars(module).items():
            if name.isupper() or name.endswith("STRINGS"):
                found += [(info.name, name, s) for s in _strings(value) if "\u30fb" in s]
    assert found == []


@pytest.mark.parametrize("name, dot", [("naive_position_fig", "p·q·d"), ("toy_permutation", "α·v")])
@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_chinese_figure_sets_its_middle_dots_in_the_latin_face(name, dot, lang):
    fig, _ = draw_figure(catalogue.get(name), Look("dark", lang))
    try:
        texts = [t for t in fig.findobj(Text) if "\u00b7" in t.get_text()]
        plain = [t for t in fig.findobj(Text) if DOT_OPERATOR in t.get_text()]
        assert any(dot.replace("\u00b7", DOT_OPERATOR) in t.get_text() for t in plain)  # one line, one face:
        assert all(t.get_fontfamily()[0] != LATIN_FONT for t in plain)  # the CJK face, its dot the Latin face's
        assert all(t.get_fontfamily()[0] == LATIN_FONT for t in texts), [t.get_text() for t in texts]
        assert not any("\u30fb" in t.get_text() for t in fig.findobj(Text))
    finally:
        plt.close(fig)
