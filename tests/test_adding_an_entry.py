"""The skeleton entry of docs/adding-an-entry.md §6 stays complete and runnable: its engine record,
figure, scene and catalogue lines are taken from the document, rendered, and checked like any entry."""
from __future__ import annotations

import dataclasses
import json
import re
import sys

import numpy as np
import pytest

from tests.conftest import ROOT

DOC = ROOT / "docs" / "adding-an-entry.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def skeleton() -> tuple[dict, str]:
    """({path: source} of the blocks whose first line names a file, the catalogue block)."""
    files, catalogue_block = {}, None
    for block in BLOCK.findall(DOC.read_text(encoding="utf-8")):
        first = block.splitlines()[0]
        if re.fullmatch(r"# (engine|figures|scenes)/\w+\.py", first):
            files[first[2:]] = block
        elif "_e(" in block:
            catalogue_block = block
    return files, catalogue_block


@pytest.fixture(scope="module")
def entries(tmp_path_factory):
    """The skeleton's modules written to a folder on sys.path (as engine_X, figures_X, scenes_X)
    and its catalogue lines evaluated with the real catalogue's _e, pointed at those modules."""
    from studio import catalogue

    files, block = skeleton()
    assert sorted(p.split("/")[0] for p in files) == ["engine", "figures", "scenes"], files
    folder = tmp_path_factory.mktemp("skeleton")
    rename = {}
    for path, source in files.items():
        module = path[:-3].replace("/", ".")
        rename[module] = module.replace(".", "_")
        (folder / f"{rename[module]}.py").write_text(source, encoding="utf-8")
    sys.path.insert(0, str(folder))
    made = eval("[" + block + "]", {"_e": catalogue._e, "Accepts": catalogue.Accepts, "Param": catalogue.Param})
    yield [dataclasses.replace(e, module=rename[e.module],
                               data=rename[e.data.split(":")[0]] + ":" + e.data.split(":")[1]) for e in made]
    sys.path.remove(str(folder))


def test_skeleton_follows_the_rules():
    from tests.test_layers import ALLOWED

    files, block = skeleton()
    assert block is not None
    for path, source in files.items():
        package = path.split("/")[0]
        assert len(source.splitlines()) < 400
        for module in re.findall(r"^(?:from|import) ([\w.]+)", source, re.M):
            top = module.split(".")[0]
            if top in ("engine", "look", "scenes", "figures", "studio"):
                assert top in ALLOWED[package], f"{path} imports {module}"


@pytest.mark.render
def test_skeleton_figure_and_scene_render(entries, tmp_path, tiny):
    from look import Look
    from studio.build.numbers import read_frames
    from studio.build.render import render_entry
    from studio.build.request import Request

    by_kind = {e.kind: e for e in entries}
    assert set(by_kind) == {"scene", "figure"}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert by_kind["scene"].describe[lang] and by_kind["figure"].describe[lang]
    fig = by_kind["figure"]
    render_entry(Request(fig, Look("light", "zh-Hant"), out_root=tmp_path))
    svg = (tmp_path / fig.name / f"{fig.name}.svg").read_text(encoding="utf-8")
    doc = json.loads((tmp_path / fig.name / f"{fig.name}.numbers.json").read_text(encoding="utf-8"))
    assert doc["data"]["probs"]["shown"] == ["0.946", "0.047", "0.006"]
    shown = doc["data"]["probs"]["shown"] + doc["data"]["scores"]["shown"] + [doc["data"]["total"]["shown"]]
    texts = " ".join(re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S))
    assert sorted(re.findall(r"[−-]?\d+\.\d+", texts)) == sorted(shown)  # every number drawn is in the record
    scene = by_kind["scene"]
    render_entry(Request(scene, Look("dark", "en"), quality=tiny, out_root=tmp_path))
    rows = read_frames(tmp_path / scene.name / f"{scene.name}.frames.csv")
    final = [float(rows[-1][f"p_{i}"]) for i in range(3)]
    np.testing.assert_allclose(final, doc["data"]["probs"]["value"], rtol=1e-12)
    sections = json.loads((tmp_path / scene.name / f"{scene.name}.numbers.json").read_text("utf-8"))["sections"]
    assert [s["name"] for s in sections] == ["scores", "done"]


@pytest.mark.render
def test_skeleton_passes_the_layout_gates(entries):
    """The skeleton as the document gives it is a figure of a printed page's width and a scene whose
    layout a lecturer could show: the gates that every catalogue entry passes find nothing."""
    from look import Look
    from studio.gates.figures import figure_findings
    from studio.gates.scenes import scene_findings

    by_kind = {e.kind: e for e in entries}
    for lang in ("en", "zh-Hant"):
        found = figure_findings(by_kind["figure"], Look("light", lang)) + scene_findings(by_kind["scene"],
                                                                                         Look("dark", lang))
        assert not found, "\n".join(f.line() for f in found)


def test_skeleton_engine_keeps_the_one_softmax_rule():
    """The skeleton's engine file, dropped into engine/, keeps tests/test_softmax_engine.py's rule."""
    import ast

    files, _ = skeleton()
    tree = ast.parse(files["engine/softmax_bars.py"])
    own = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
           and re.fullmatch(r"_*(\w+_)?softmax", n.name.lower())]
    assert own == [] and "from engine.attention import softmax" in files["engine/softmax_bars.py"]


@pytest.mark.render
def test_skeleton_parameter_declared_in_its_row_is_checked_and_gated(entries):
    """The figure's row declares `scores` (2 to 4 of them): a value in range draws the user's numbers,
    one outside is one line naming the range, and the figure gate passes over the grid, as
    tests/test_grids.py gates every catalogue entry with parameters."""
    from look import Look
    from studio.catalogue.params import ParamError, grid_points
    from studio.gates.figures import figure_findings

    fig = next(e for e in entries if e.kind == "figure")
    own = fig.with_params({"scores": [2, 0]})
    assert own.folder == "softmax_bars_fig@scores=2_0"
    np.testing.assert_allclose(own.compute().probs, [1 / (1 + np.exp(-2)), 1 / (1 + np.exp(2))], rtol=1e-12)
    with pytest.raises(ParamError, match="2 to 4"):
        fig.with_params({"scores": [1, 2, 3, 4, 5]})
    points = grid_points(fig.accepts, defaults=fig.default_given())
    assert len(points) >= 3  # the defaults and the two examples
    for k, point in enumerate(points[1:]):
        found = figure_findings(fig.with_params(point), Look("light", ("en", "zh-Hant")[k % 2]))
        assert not found, f"{point}\n" + "\n".join(f.line() for f in found)
