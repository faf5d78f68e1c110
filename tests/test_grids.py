"""The layout gates over every entry's parameter grid: each entry that takes parameters (declared in a
family module of studio.catalogue.accepts or in its own catalogue row) is gated at the points of
tests.conftest.suite_points, as soon as it is declared.

A default run checks a spread of each grid (range ends of different parameters, examples, a random
point), each point in one language (tests.conftest.suite_langs) and the light theme; TF_FULL=1 checks every point in
every language, figures in both themes. The defaults are gated by tests/test_scene_gate.py and
tests/test_figure_gate.py; `render.py gate NAME --grid --lang all` checks a whole grid by hand.
"""
from __future__ import annotations

import pytest

from look import LANGS, THEMES, Look
from studio import catalogue
from tests.conftest import FULL, SUITE_POINTS, scene_look, suite_langs, suite_points

WITH_PARAMETERS = tuple(e.name for e in catalogue.ENTRIES if e.accepts.params)


def points(name: str) -> list[dict]:
    """The suite's grid points of `name`, each parameter set once (a point that sets a value to its
    default comes out as another point, or as the defaults, and is dropped)."""
    seen, out = {()}, []
    for point in suite_points(name):
        given = catalogue.get(name).with_params(point).given
        if given not in seen:
            seen.add(given)
            out.append(point)
    return out if FULL else out[:SUITE_POINTS[catalogue.get(name).kind]]


def cases(kind: str):
    for name in WITH_PARAMETERS:
        if catalogue.get(name).kind != kind:
            continue
        for k, point in enumerate(points(name)):
            langs = suite_langs(k, name)
            yield pytest.param(name, point, langs, id=f"{name}-{k}-{'+'.join(langs)}")


def test_every_entry_with_parameters_has_grid_points():
    for name in WITH_PARAMETERS:
        kind = catalogue.get(name).kind
        assert len(points(name)) >= min(SUITE_POINTS[kind], 1), name


@pytest.mark.parametrize("name,point,langs", list(cases("scene")))
def test_scene_grid_point_has_no_findings(name, point, langs):
    pytest.importorskip("manim")
    from studio.gates.findings import format_findings
    from studio.gates.scenes import scene_findings

    entry = catalogue.get(name).with_params(point)
    found = [f for lang in langs for f in scene_findings(entry, Look("light", lang))]
    assert not found, f"{name} {point!r}\n" + format_findings(found, len(langs))


@pytest.mark.parametrize("name,point,langs", list(cases("figure")))
def test_figure_grid_point_has_no_findings(name, point, langs):
    from studio.gates.figures import figure_findings

    entry = catalogue.get(name).with_params(point)
    themes = tuple(THEMES) if FULL else ("light",)
    found = [f for lang in langs for theme in themes for f in figure_findings(entry, Look(theme, lang))]
    assert not found, f"{name} {point!r}\n" + "\n".join(f.line() for f in found)


def test_languages_rotate_over_the_points():
    assert [suite_langs(k) for k in range(3)] == ([tuple(LANGS)] * 3 if FULL else [(lang,) for lang in LANGS])
    scenes = [e.name for e in catalogue.ENTRIES if e.kind == "scene"]
    for name in scenes:  # defaults and a grid point: two languages
        assert len({scene_look(name)[1], *suite_langs(0, name)}) == (3 if FULL else 2), name
    assert {lang for name in scenes for lang in suite_langs(0, name)} == set(LANGS)  # together, all three
    figures = [name for name in WITH_PARAMETERS if catalogue.get(name).kind == "figure"]
    assert {lang for name in figures for lang in suite_langs(0, name)} == set(LANGS)
