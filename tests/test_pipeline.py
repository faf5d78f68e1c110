"""The render pipeline around the entries: cache, atomic outputs, captions, sections, parallel runs."""
import json
import time

import pytest

from studio import catalogue
from studio.build.atomic import atomic_path
from studio.build.captions import to_srt, to_vtt
from studio.build.cache import source_files
from studio.options import TINY
from studio.build.render import render_entry
from studio.build.request import Request
from look import Look
from tests.conftest import ROOT, run_cli


def test_atomic_path_leaves_nothing_on_failure(tmp_path):
    target = tmp_path / "x.svg"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_text("half")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_captions_formats():
    caps = [{"start_s": 0.0, "end_s": 8.8, "text": "one"}, {"start_s": 8.8, "end_s": 3723.5, "text": "二"}]
    srt = to_srt(caps)
    assert srt.startswith("1\n00:00:00,000 --> 00:00:08,800\none\n")
    assert "2\n00:00:08,800 --> 01:02:03,500\n二\n" in srt
    vtt = to_vtt(caps, "zh-Hant")
    assert vtt.startswith("WEBVTT\n") and "00:00:08.800 --> 01:02:03.500\n二" in vtt


def test_content_key_follows_sources_and_options():
    e = catalogue.get("pe_table")
    look = Look("light", "en")
    k = Request(e, look).key()
    assert k == Request(e, look, TINY).key()  # a figure's key does not depend on the video quality
    assert k != Request(e, Look("dark", "en")).key()
    assert k != Request(e, look, fmt="pdf").key()
    assert k != Request(e, look, svg_text="path").key()
    assert Request(e, look, fmt="pdf", svg_text="path").key() == Request(e, look, fmt="pdf").key()  # SVG only
    assert Request(e, look, force=True, out_root=ROOT / "elsewhere").key() == k  # how and where, not what
    scene = catalogue.get("pe_clock")
    video = Request(scene, look, TINY).key()
    assert video != Request(scene, look, TINY, encoder="manim").key() != Request(scene, look, TINY, captions="file").key()
    assert video != Request(scene, look).key()  # another size
    still = Request(scene, look, TINY, fmt="png").key()
    assert still == Request(scene, look, TINY, fmt="png", encoder="manim").key()  # no x264 for a still
    names = {p.relative_to(ROOT).as_posix() for p in source_files(e)}
    assert {"figures/pe_table.py", "engine/positional.py", "figures/common.py", "look/palette.py", "look/core.py",
            "studio/build/savefig.py", "studio/build/outdir.py"} <= names
    assert not any(n.startswith("scenes/") for n in names)
    assert not any(n.startswith(("studio/voice/", "studio/build/scene.py")) for n in names)  # no narration in a figure


def test_figure_cache_and_force(tmp_path):
    e = catalogue.get("pe_table")
    look = Look("light", "zh-Hans")
    first = render_entry(Request(e, look, out_root=tmp_path))
    assert not first.cached
    svg = tmp_path / "pe_table" / "pe_table.svg"
    stamp = svg.stat().st_mtime_ns
    again = render_entry(Request(e, look, out_root=tmp_path))
    assert again.cached and svg.stat().st_mtime_ns == stamp
    other = render_entry(Request(e, Look("dark", "zh-Hans"), out_root=tmp_path))
    assert not other.cached
    forced = render_entry(Request(e, Look("dark", "zh-Hans"), out_root=tmp_path, force=True))
    assert not forced.cached
    svg.unlink()  # a missing output is rendered again
    assert not render_entry(Request(e, Look("dark", "zh-Hans"), out_root=tmp_path)).cached
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pe_table"]  # no staging folder is left
    assert sorted(p.name for p in (tmp_path / "pe_table").iterdir()) == [
        "pe_table.manifest.json", "pe_table.numbers.json", "pe_table.svg"]


def test_cli_cache_answer_is_fast(tmp_path):
    assert run_cli("pe_table", "--out", tmp_path).returncode == 0
    started = time.perf_counter()
    out = run_cli("pe_table", "--out", tmp_path)
    assert out.returncode == 0 and "from cache" in out.stdout
    assert time.perf_counter() - started < 5  # generous; the benchmark measures it properly


def test_matrix_render_into_separate_folders(tmp_path):
    out = run_cli("pe_table", "--lang", "all", "--theme", "all", "--out", tmp_path, "--jobs", "2")
    assert out.returncode == 0, out.stderr
    for lang in ("en", "zh-Hant", "zh-Hans"):
        for theme in ("light", "dark"):
            doc = json.loads((tmp_path / f"{lang}-{theme}" / "pe_table" / "pe_table.numbers.json").read_text("utf-8"))
            assert doc["lang"] == lang and doc["theme"] == theme
    assert "6 outputs" in out.stdout


def test_failed_entry_is_named_with_its_log(tmp_path, monkeypatch):
    from studio.run import jobs

    bad = Request.of("pe_table", out_root=tmp_path / "blocked")
    (tmp_path / "blocked").write_text("a file where a folder must go")
    outcome = jobs.run_task(bad)
    assert outcome.status == "failed" and outcome.error
    report = jobs.summary([outcome], 1.0)
    assert "FAILED" in report and "failed: pe_table" in report


@pytest.mark.render
def test_scene_sections_and_captions(tmp_path, tiny):
    """layernorm_steps, the quickest scene to play, in Chinese with a clip per section."""
    e = catalogue.get("layernorm_steps")
    render_entry(Request(e, Look("light", "zh-Hant"), quality=tiny, out_root=tmp_path, sections=True))
    folder = tmp_path / "layernorm_steps"
    index = json.loads((folder / "sections" / "index.json").read_text("utf-8"))
    doc = json.loads((folder / "layernorm_steps.numbers.json").read_text("utf-8"))
    assert [s["name"] for s in index] == [s["name"] for s in doc["sections"]]
    for s in index:
        assert (folder / "sections" / s["file"]).stat().st_size > 0
    vtt = (folder / "layernorm_steps.vtt").read_text("utf-8")
    assert vtt.startswith("WEBVTT") and "變異數" in vtt
    srt = (folder / "layernorm_steps.srt").read_text("utf-8")
    assert srt.count(" --> ") == len(doc["cues"]) >= len(doc["captions"])
    starts = [c["start_s"] for c in doc["captions"]]
    assert starts == sorted(starts) and all(c["end_s"] > c["start_s"] for c in doc["captions"])
    assert doc["captions"][-1]["end_s"] <= doc["render"]["duration_s"] + 1e-6
    # a second render with nothing changed is answered from the cache
    assert render_entry(Request(e, Look("light", "zh-Hant"), quality=tiny, out_root=tmp_path, sections=True)).cached


@pytest.mark.render
def test_scene_numbers_are_deterministic(tmp_path, tiny, shared_renders):
    """A second render of rope_rotation (the first is the run's shared one; the quickest scene) writes the same bytes."""
    from tests.conftest import scene_look

    name = "rope_rotation"
    theme, lang = scene_look(name)
    shared = shared_renders.folder(name, theme, lang)
    assert not render_entry(Request(catalogue.get(name), Look(theme, lang), quality=tiny, out_root=tmp_path)).cached
    for suffix in (".numbers.json", ".frames.csv", ".srt", ".vtt"):
        assert (shared / f"{name}{suffix}").read_bytes() == (tmp_path / name / f"{name}{suffix}").read_bytes(), suffix


def test_the_import_scan_reads_bytecode_and_finds_what_the_syntax_tree_names():
    """studio.build.cache reads imports from bytecode (no ast.parse in a farm worker's thread, see
    _imports_in); over every project file it finds exactly the imports the syntax tree names."""
    import ast

    from studio.build import cache

    def by_tree(source: str, package: str) -> list[str]:
        found = []
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(parts + ([module] if module else []))
                found += [module] + [f"{module}.{a.name}" for a in node.names]
        return sorted(m for m in found if m.split(".")[0] in cache.PACKAGES)

    files = [p for folder in cache.PACKAGES for p in (cache.ROOT / folder).rglob("*.py")]
    assert len(files) > 100
    for path in files:
        source = path.read_text(encoding="utf-8")
        for package in ("scenes.parts", "studio"):
            assert sorted(cache._imports_in(source, package)) == by_tree(source, package), path
    nested = "def f():\n    from .parts import glyphs, cues\n    import engine.gpt2\n"
    assert sorted(cache._imports_in(nested, "scenes")) == [
        "engine.gpt2", "scenes.parts", "scenes.parts.cues", "scenes.parts.glyphs"]
