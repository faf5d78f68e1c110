"""The LaTeX cache serves an SVG only for the .tex it was made from (studio.build.texcache).

Two real MathTex SVGs are compiled once (latex + dvisvgm through Manim's own tex_to_svg_file, so the
names are the ones Manim looks up); each test then works on a copy of that cache.
"""
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from studio.build import texcache

EXPRESSIONS = ("p", "q")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """{expression: Path of its SVG} in a Tex folder that also holds the .tex files, as after a render."""
    import manim
    from manim.utils.tex_file_writing import tex_to_svg_file

    tex_dir = tmp_path_factory.mktemp("media") / "Tex"
    with manim.tempconfig({"tex_dir": str(tex_dir), "verbosity": "ERROR"}):
        return {e: tex_to_svg_file(e, environment="align*") for e in EXPRESSIONS}


@pytest.fixture
def cache(tmp_path, monkeypatch, compiled):
    """The cache after one render kept both SVGs: {expression: cached SVG path}."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(texcache, "_told", False)
    tex_dir = tmp_path / "render0" / "Tex"
    tex_dir.mkdir(parents=True)
    for svg in compiled.values():
        shutil.copyfile(svg, tex_dir / svg.name)
        shutil.copyfile(svg.with_suffix(".tex"), tex_dir / svg.with_suffix(".tex").name)
    assert texcache.keep(tex_dir, set()) == 2
    return {e: texcache.cache_dir() / svg.name for e, svg in compiled.items()}


def fill(tmp_path, name="render1") -> tuple[set, Path]:
    tex_dir = tmp_path / name / "Tex"
    return texcache.fill(tex_dir), tex_dir


def test_manim_names_an_svg_as_texcache_does(compiled):
    for svg in compiled.values():
        assert texcache.tex_name(svg.with_suffix(".tex").read_bytes().decode("utf-8")) == svg.stem


def test_a_good_entry_is_linked_and_recorded(tmp_path, cache, compiled, capsys):
    names, tex_dir = fill(tmp_path)
    assert names == {svg.name for svg in compiled.values()}
    for e, svg in compiled.items():
        assert (tex_dir / svg.name).read_bytes() == svg.read_bytes()
        record = json.loads(cache[e].with_suffix(".json").read_text(encoding="utf-8"))
        assert record["tex"] == svg.with_suffix(".tex").read_text(encoding="utf-8")
        assert record["svg_sha256"] == hashlib.sha256(svg.read_bytes()).hexdigest()
    assert capsys.readouterr().err == ""
    assert not [p for p in texcache.cache_dir().iterdir() if p.name.startswith(".")]  # no temporary names left


def test_two_swapped_entries_are_both_dropped_and_never_linked(tmp_path, cache, capsys):
    p, q = cache["p"], cache["q"]
    p_bytes, q_bytes = p.read_bytes(), q.read_bytes()
    p.write_bytes(q_bytes)
    q.write_bytes(p_bytes)
    names, tex_dir = fill(tmp_path)
    assert names == set() and not list(tex_dir.iterdir())
    assert not p.exists() and not q.exists() and not p.with_suffix(".json").exists()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 damaged LaTeX cache entries" in err and "differs from its record" in err


def test_entries_swapped_with_their_records_are_dropped(tmp_path, cache):
    """Moving a whole entry (SVG and record) to another name: the .tex no longer hashes to it."""
    p, q = cache["p"], cache["q"]
    for suffix in (".svg", ".json"):
        a, b = p.with_suffix(suffix), q.with_suffix(suffix)
        a_bytes = a.read_bytes()
        a.write_bytes(b.read_bytes())
        b.write_bytes(a_bytes)
    assert fill(tmp_path)[0] == set()
    assert not list(texcache.cache_dir().glob("*.svg"))


def test_an_empty_svg_with_a_matching_record_is_dropped(tmp_path, cache):
    p = cache["p"]
    record = json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))
    p.write_bytes(b"<svg/>")
    record["svg_sha256"] = hashlib.sha256(b"<svg/>").hexdigest()
    p.with_suffix(".json").write_text(json.dumps(record), encoding="utf-8")
    names, _ = fill(tmp_path)
    assert names == {cache["q"].name} and not p.exists()


def test_a_truncated_entry_is_dropped(tmp_path, cache):
    p = cache["p"]
    p.write_bytes(p.read_bytes()[:200])
    assert fill(tmp_path)[0] == {cache["q"].name} and not p.exists()


def test_an_old_style_entry_without_a_record_is_dropped(tmp_path, cache):
    q = cache["q"]
    q.with_suffix(".json").unlink()  # what the cache held before records
    assert fill(tmp_path)[0] == {cache["p"].name} and not q.exists()


def test_a_foreign_file_is_dropped(tmp_path, cache):
    foreign = texcache.cache_dir() / "0123456789abcdef.svg"
    shutil.copyfile(cache["p"], foreign)
    shutil.copyfile(cache["p"].with_suffix(".json"), foreign.with_suffix(".json"))
    assert fill(tmp_path)[0] == {cache["p"].name, cache["q"].name} and not foreign.exists()


def test_the_note_is_said_once_per_process(tmp_path, cache, capsys):
    cache["p"].write_bytes(b"<svg><garbage")
    fill(tmp_path, "a")
    cache["q"].write_bytes(b"")
    fill(tmp_path, "b")
    assert capsys.readouterr().err.count("damaged LaTeX cache") == 1


def test_keep_refuses_an_svg_whose_tex_is_missing_or_of_another_name(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    tex_dir = tmp_path / "render" / "Tex"
    tex_dir.mkdir(parents=True)
    p, q = compiled["p"], compiled["q"]
    shutil.copyfile(p, tex_dir / p.name)  # no .tex beside it
    shutil.copyfile(q, tex_dir / q.name)  # with its .tex: kept
    shutil.copyfile(q.with_suffix(".tex"), tex_dir / q.with_suffix(".tex").name)
    shutil.copyfile(p.with_suffix(".tex"), tex_dir / "0123456789abcdef.tex")
    shutil.copyfile(p, tex_dir / "0123456789abcdef.svg")  # a .tex that does not hash to its name
    assert texcache.keep(tex_dir, set()) == 1
    assert sorted(x.name for x in texcache.cache_dir().glob("*.svg")) == [q.name]


def test_a_new_svg_keeps_nothing_when_it_draws_nothing(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    tex_dir = tmp_path / "render" / "Tex"
    tex_dir.mkdir(parents=True)
    p = compiled["p"]
    (tex_dir / p.name).write_bytes(b"<svg xmlns='http://www.w3.org/2000/svg'><defs><path d='M0 0'/></defs></svg>")
    shutil.copyfile(p.with_suffix(".tex"), tex_dir / p.with_suffix(".tex").name)
    assert texcache.keep(tex_dir, set()) == 0
    assert not Path(texcache.cache_dir()).exists() or not list(texcache.cache_dir().iterdir())
