"""The layers point one way (docs/design.md, "Layers"): each package imports only the ones below it;
no module is over 400 lines.

    studio            the pipeline: catalogue, renderers, cache, CLI, gallery
    scenes, figures   the drawing code (side by side, never each other)
    look              themes, palettes, languages, number formats
    engine            the numbers

Read from the source (nothing is imported), so a violation is named with its file and line. The
modules also import one another without circles: every import counts, inside functions too, since
an import put off to call time is still a dependency (the render cache follows it).
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
    (fake / "bad.py").write_text("from studio.build.render import QUALITIES\nfrom . import common\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    assert violations("figures") == [
        "figures/bad.py:1 imports studio (a figures module may import ['engine', 'figures', 'look'])"]


# -- no circles ----------------------------------------------------------------------------------
def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = None) -> dict[str, set[str]]:
    """{module: the project modules it imports}; `from pkg import sub` counts as importing pkg.sub."""
    root = root or ROOT
    paths = {module_name(p, root): p for pkg in PROJECT if (root / pkg).is_dir() for p in (root / pkg).rglob("*.py")}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {known(a.name) for a in node.names if a.name.split(".")[0] in PROJECT}
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                if module.split(".")[0] in PROJECT:
                    found |= {f"{module}.{a.name}" if f"{module}.{a.name}" in paths else known(module)
                              for a in node.names}
        graph[name] = found - {None, name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another (strongly connected, more than one module)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def test_no_import_circles():
    assert circles(import_graph()) == []


def test_the_circle_finder_sees_a_circle_through_a_function_level_import(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "a.py").write_text("from engine.b import x\n")
    (tmp_path / "engine" / "b.py").write_text("def f():\n    from engine import a\n")
    (tmp_path / "engine" / "c.py").write_text("from engine import a\n")
    graph = import_graph(tmp_path)
    assert graph["engine.b"] == {"engine.a"} and graph["engine.c"] == {"engine.a"}
    assert circles(graph) == [["engine.a", "engine.b"]]


MAX_LINES = 400  # docs/adding-an-entry.md §0: split along ideas beyond this


def test_no_module_over_400_lines():
    long = {p.relative_to(ROOT).as_posix(): n for package in PROJECT for p in sorted((ROOT / package).rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long
