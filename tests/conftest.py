"""Shared fixtures: the repository root on sys.path, a tiny render quality, the CLI runner, and one
set of renders made once per test run (`shared_renders`) that every test needing an output reads.

The suite runs on two pytest-xdist workers (`-n 2 --dist loadgroup`, pyproject.toml). The shared
renders live in one folder of the run that both workers use (one render per entry and look, under a
file lock); tests that share a module-scoped fixture are kept on one worker (`xdist_group`), so such a
fixture is built once per run, as without xdist.

Slow full-matrix runs (PNG and PDF of every figure, every scene in a second look) are marked
`full` and skipped unless TF_FULL=1 is set: `TF_FULL=1 .venv/bin/python -m pytest`.

`TF_COUNT_PLAYS=FILE` counts the run's scene plays and figure drawings and lists them by entry and
test at the end (tests/playcount.py): a measure of repeated work that does not depend on the
machine's load.
"""
from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FULL = os.environ.get("TF_FULL", "") not in ("", "0")

from tests import playcount  # noqa: E402  (TF_COUNT_PLAYS: the run's plays, counted)


def run_main(argv):
    """`render.py ARGV` in this process (studio.cli.main): (exit code, stdout, stderr)."""
    import contextlib
    import io

    from studio.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main([str(a) for a in argv])
            code = 0
        except SystemExit as e:
            code = e.code
    return code, out.getvalue(), err.getvalue()


def run_here(*args):
    """`render.py ARGS` run by this process (the CLI's own code, no new interpreter): a CompletedProcess
    with returncode, stdout and stderr. For tables of bad input and help texts; what needs a real
    process (its start-up output, signals, the working folder) uses run_cli."""
    code, out, err = run_main(args)
    return subprocess.CompletedProcess(list(args), 0 if code is None else code, out, err)


def run_cli(*args, cwd=ROOT, timeout=600):
    """Run `python render.py ARGS` as a user would; returns the CompletedProcess."""
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


@pytest.hookimpl(tryfirst=True)  # before the tmp_path plugin reads the option
def pytest_configure(config):
    """An xdist worker's temporary folder: <the run's folder>/0 rather than xdist's
    <the run's folder>/popen-gw0, so the paths tests see (and error messages repeat, clipped at
    studio.errors.CLIP characters) are about as long as in a run without xdist. Also: the longest
    work first (tests/ordering.py)."""
    from tests.ordering import LongestFirst

    config.pluginmanager.register(LongestFirst(config), "longest-first")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and config.option.basetemp:
        config.option.basetemp = str(Path(config.option.basetemp).parent / worker[2:])


def pytest_terminal_summary(terminalreporter):
    """With TF_COUNT_PLAYS=FILE: the scene plays and figure drawings of the run, by entry and test
    (tests/playcount.py), printed by the process that reports (xdist's controller)."""
    path = playcount.log_path()
    if path and not os.environ.get("PYTEST_XDIST_WORKER") and os.path.exists(path):
        for line in playcount.summary(path):
            terminalreporter.write_line(line)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    """Tests with a module-scoped fixture go to one xdist group per module, unless their module names
    its group itself: modules that read the same once-per-run render or build (SharedRenders.variant,
    SharedRenders.pages) share one group, so one worker makes it and the other never waits for it."""
    for item in items:  # a module that names its group (one shared with another module) keeps it
        if _uses_module_fixture(item) and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    if FULL:
        return
    skip = pytest.mark.skip(reason="full-matrix run: set TF_FULL=1")
    for item in items:
        if "full" in item.keywords:
            item.add_marker(skip)


def _uses_module_fixture(item) -> bool:
    """Whether the test uses a module- or class-scoped fixture (made once per module, so its tests
    run on one xdist worker)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(defs and defs[-1].scope in ("module", "class", "package")
               for defs in info.name2fixturedefs.values())


class SharedRenders:
    """Renders made once per test run, laid out as `render.py --lang all --theme all` lays them out:
    ROOT/<format>/<lang>-<theme>/NAME/ (scenes at the tiny test quality).

    Tests read these folders and never write into them; a test that needs to change an output
    copies it first (`copy_into`).
    """

    def __init__(self, root: Path, locks: Path):
        self.root = Path(root)
        self.locks = Path(locks)
        self._results: dict = {}
        self._scenes: dict = {}  # (name, theme, lang): the played scene of a render made here (`played`)

    def out_root(self, theme: str, lang: str, fmt: str | None = None) -> Path:
        return self.root / (fmt or "default") / f"{lang}-{theme}"

    def result(self, name: str, theme: str, lang: str, fmt: str | None = None):
        """The render of `name` in this look (made on first request), a studio.build.render.Result."""
        key = (name, theme, lang, fmt)
        if key not in self._results:
            self._results[key] = self._render(*key)
        return self._results[key]

    def played(self, name: str, theme: str, lang: str):
        """The played scene (its cues_log, frame_rows, data, drawn objects) of the shared render of the
        scene `name` in this look, when this process makes that render now; None when the other worker
        has made it or is making it (the caller then plays the scene itself rather than wait)."""
        key = (name, theme, lang, None)
        if key not in self._scenes and key not in self._results:
            result = self._render(*key, wait=False)
            if result is not None:
                self._results[key] = result
        return self._scenes.get(key)

    def gate_findings(self, name: str, theme: str, lang: str) -> list:
        """The layout gate's findings on the play (a scene) or the drawing (a figure) that made the
        shared render of `name`: one pass gives the output and its gate, as lines
        (studio.gates.findings.Finding.line)."""
        self.result(name, theme, lang)
        return self._made(name, theme, lang, None)["findings"]

    def _made(self, name, theme, lang, fmt) -> dict:
        stem = hashlib.sha256(repr((name, theme, lang, fmt)).encode()).hexdigest()[:16]
        return json.loads((self.locks / f"{stem}.json").read_text())

    def _render(self, name, theme, lang, fmt, wait=True):
        """Render once for the whole run: the first worker to ask renders under a lock (a scene with
        the layout gate watching the play); the other one then gets the same folder from the render
        cache (verified against its manifest) and the first render's `cached` flag and gate
        findings, kept beside the lock. Without `wait`: None unless this process makes the render
        now, keeping its played scene (`played`)."""
        from look import Look
        from studio import catalogue
        from studio.build.render import render_entry
        from studio.build.request import Request
        from studio.gates.figures import render_and_gate_figure
        from studio.gates.scenes import render_and_gate
        from studio.options import TINY

        entry = catalogue.get(name)
        request = Request(entry, Look(theme, lang), TINY, fmt=fmt, out_root=self.out_root(theme, lang, fmt))
        stem = hashlib.sha256(repr((name, theme, lang, fmt)).encode()).hexdigest()[:16]
        made = self.locks / f"{stem}.json"
        with open(self.locks / f"{stem}.lock", "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
            except BlockingIOError:  # the other worker is rendering it
                return None
            if not wait and (made.exists() or entry.kind != "scene" or fmt is not None):
                return None
            if entry.kind == "scene" and fmt in (None, "mp4") and not made.exists():
                result, findings = render_and_gate(request) if wait else self._render_keeping_the_play(request)
            elif entry.kind == "figure" and fmt in (None, "svg") and not made.exists():
                result, findings = render_and_gate_figure(request)
            else:
                result, findings = render_entry(request), None
            if made.exists():  # rendered by the other worker in this run
                return dataclasses.replace(result, cached=json.loads(made.read_text())["cached"])
            lines = None if findings is None else [f.line() for f in findings]
            made.write_text(json.dumps({"cached": result.cached, "findings": lines}))
        return result

    def _render_keeping_the_play(self, request):
        """studio.gates.scenes.render_and_gate, keeping the played scene for `played`."""
        from studio.build.render import render_entry
        from studio.gates.scenes import GatePlay

        module = request.entry.load()
        gate = GatePlay(request.look, name=request.entry.folder, decimals=getattr(module, "DECIMALS", {}))
        kept = []

        class Watch:
            def start(self, scene):
                kept.append(scene)
                gate.start(scene)

            def finish(self, scene):
                gate.finish(scene)

        result = render_entry(request, watch=Watch())
        if kept and not result.cached:
            self._scenes[(request.entry.name, request.look.theme, request.look.lang, None)] = kept[0]
        return result, (None if result.cached else gate.findings)

    def variant(self, name: str, theme: str, lang: str, **options) -> Path:
        """The folder of one render of `name` in this look with Request `options` other than the shared
        render's (e.g. captions="file"), made once for the run as the shared renders are (the first
        process to ask renders under a lock; the other one gets it from the render cache). Scenes at
        the tiny test quality, no gate watching. Tests copy it before adding or changing files."""
        from look import Look
        from studio import catalogue
        from studio.build.render import render_entry
        from studio.build.request import Request
        from studio.options import TINY

        key = ("variant", name, theme, lang, tuple(sorted(options.items())))
        stem = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
        out_root = self.root / "variants" / stem / f"{lang}-{theme}"
        if key not in self._results:
            entry = catalogue.get(name)
            quality = {"quality": TINY} if entry.kind == "scene" else {}
            out_root.mkdir(parents=True, exist_ok=True)
            with open(self.locks / f"{stem}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                self._results[key] = render_entry(Request(entry, Look(theme, lang), out_root=out_root,
                                                          **quality, **options))
        return out_root / name

    def pages(self, topics: tuple, langs: tuple) -> Path:
        """OUT/pages/ holding the lesson pages of `topics` in `langs`, built once for the run without
        renders (studio.publish.pages.builder.build_topic, tiny quality) by the first process to ask,
        under a lock. Tests only read it."""
        from studio.options import TINY
        from studio.publish.pages.builder import build_topic

        key = ("pages", tuple(topics), tuple(langs))
        stem = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
        out_root = self.root / "sites" / stem
        if key not in self._results:
            with open(self.locks / f"{stem}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                built = self.locks / f"{stem}.built"
                if not built.exists():
                    for topic in topics:
                        build_topic(topic, list(langs), quality=TINY, out_root=out_root, render=False)
                    built.write_text("")
            self._results[key] = out_root
        return out_root / "pages"

    def folder(self, name: str, theme: str, lang: str, fmt: str | None = None) -> Path:
        """OUT/<lang>-<theme>/NAME/ holding the render of `name` in this look."""
        self.result(name, theme, lang, fmt)
        return self.out_root(theme, lang, fmt) / name

    def copy_into(self, target: Path, name: str, theme: str, lang: str, fmt: str | None = None) -> Path:
        """A private copy of the render's folder at target/NAME (for tests that add or change files)."""
        import shutil

        dest = Path(target) / name
        shutil.copytree(self.folder(name, theme, lang, fmt), dest)
        return dest


@pytest.fixture(scope="session", autouse=True)
def own_media_dir(tmp_path_factory):
    """Texts and formulas a test builds outside a render (no tempconfig) go to Manim's media_dir,
    ./media by default, which both xdist workers share: two workers writing the same Pango SVG there
    at once left one to read it half-written (zeros, then the file's end). Each worker has its own."""
    import manim

    manim.config.media_dir = str(tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="session", autouse=True)
def count_plays():
    """TF_COUNT_PLAYS=FILE: log every play and figure drawing of this test process (tests/playcount.py)."""
    if playcount.log_path():
        playcount.install()


@pytest.fixture(scope="session", autouse=True)
def frames_read_once(shared_renders):
    """A shared render's frames table is parsed once per process, however many tests read it (tests/framecache.py)."""
    from tests import framecache

    with framecache.reading_once(shared_renders.root):
        yield


@pytest.fixture(scope="session")
def tiny():
    from studio.options import TINY

    return TINY


@pytest.fixture(scope="session")
def shared_renders(tmp_path_factory):
    """The one set of renders of this test run (see SharedRenders), in the run's temporary folder
    that both xdist workers share."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder; each worker's own is a folder inside it
    root, locks = base / "shared renders ü", base / "shared renders locks"
    root.mkdir(exist_ok=True)
    locks.mkdir(exist_ok=True)
    return SharedRenders(root, locks)


@pytest.fixture(scope="session")
def rendered(shared_renders):
    """An output folder holding pe_clock (tiny, light, en) and pe_table (light, en), for the tests
    that read a real render (the same renders the gallery tests use)."""
    shared_renders.folder("pe_clock", "light", "en")
    shared_renders.folder("pe_table", "light", "en")
    return shared_renders.out_root("light", "en")


SUITE_POINTS = {"scene": 1, "figure": 1}  # grid points a default run checks per entry
FIGURE_LOOK = ("light", "zh-Hant")  # (theme, language) of every figure's shared render


def _scene_index(name: str) -> int:
    return _index_in_kind(name)


def _index_in_kind(name: str) -> int:
    """The entry's place among the catalogue's entries of its kind (scene or figure)."""
    from studio import catalogue

    kind = catalogue.get(name).kind
    return [e.name for e in catalogue.ENTRIES if e.kind == kind].index(name)


def scene_look(name: str) -> tuple:
    """(theme, language) of the scene's shared render, whose play the layout gate also watches: light,
    the language rotating over the scenes in catalogue order. A default run plays each scene at its
    defaults once, in this look, and at one grid point in the next language (suite_langs); TF_FULL=1
    plays every scene in every language at every grid point."""
    from look import LANGS

    return "light", LANGS[_scene_index(name) % len(LANGS)]


def suite_points(name: str) -> list:
    """The parameter sets the suite's layout gates try for `name`: every point of
    studio.catalogue.params.grid_points under TF_FULL=1; otherwise SUITE_POINTS[kind] of them spread over the
    grid (range ends of different parameters, examples, a random point), the defaults being checked by
    the layout-gate tests. `render.py gate NAME --grid --lang all` checks the whole grid by hand."""
    from studio import catalogue
    from studio.catalogue.params import grid_points

    entry = catalogue.get(name)
    points = grid_points(entry.accepts, defaults=entry.default_given())
    if FULL:
        return points
    rest, k = points[1:], SUITE_POINTS[entry.kind]
    if len(rest) <= k:
        return rest
    if k == 1:  # one point: which kind (a range end, an example, a random one) varies by entry; the
        # others follow, for a caller that drops points equal to the defaults (tests/test_grids.py)
        i = [e.name for e in catalogue.ENTRIES].index(name) % len(rest)
        return rest[i:] + rest[:i]
    return [rest[i] for i in sorted({round(j * (len(rest) - 1) / (k - 1)) for j in range(k)})]


def suite_langs(k: int, name: str | None = None) -> tuple:
    """The languages grid point k is checked in: one, rotating (every language under TF_FULL=1). For an
    entry (`name`), starting one after its place among the entries of its kind: a scene's grid point is
    then in another language than its shared render, and the scenes' (or figures') points together
    are in all three."""
    from look import LANGS

    if FULL:
        return tuple(LANGS)
    start = 0 if name is None else _index_in_kind(name) + 1
    return (LANGS[(start + k) % len(LANGS)],)
