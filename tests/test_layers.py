"""The layers point one way (docs/design.md, "Layers"): each package imports only the ones below it.

    studio            the pipeline: catalogue, renderers, cache, CLI, gallery
    scenes, figures   the drawing code (side by side, never each other)
    look              themes, palettes, languages, number formats
    engine            the numbers

Read from the source (nothing is imported), so a violation is named with its file and line.
"""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("engine", "look", "scenes", "figures", "studio")
ALLOWED = {
    "engine": {"engine"},
    "look": {"look"},
    "scenes": {"engine", "look", "scenes"},
    "figures": {"engine", "look", "figures"},
    "studio": set(PROJECT),
}
# Drawing libraries stay out of the layers that must load without them.
FORBIDDEN_LIBRARIES = {"engine": {"manim", "matplotlib"}, "look": {"manim", "matplotlib", "torch"}}


def imports(path: Path):
    """(line, top-level module) for every import in the file, relative ones resolved to the package."""
    package = path.relative_to(ROOT).parts[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            yield node.lineno, package if node.level else (node.module or "").split(".")[0]


def violations(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for line, top in imports(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if top in PROJECT and top not in ALLOWED[package]:
                found.append(f"{where} imports {top} (a {package} module may import {sorted(ALLOWED[package])})")
            if top in FORBIDDEN_LIBRARIES.get(package, ()):
                found.append(f"{where} imports {top}")
    return found


@pytest.mark.parametrize("package", PROJECT)
def test_imports_point_down(package):
    assert violations(package) == []


def test_the_rule_catches_an_upward_import(tmp_path, monkeypatch):
    fake = tmp_path / "figures"
    fake.mkdir()
    (fake / "bad.py").write_text("from studio.render import QUALITIES\nfrom . import common\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    assert violations("figures") == [
        "figures/bad.py:1 imports studio (a figures module may import ['engine', 'figures', 'look'])"]
