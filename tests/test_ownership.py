"""A render never removes what it did not make, and nothing unverified is published.

- Ownership (studio.build.outdir.check_owned): OUT/FOLDER is replaced only when it is empty or its
  manifest lists every file in it; anything else is refused with exit 2, naming what it holds, and
  kept. The farm's writer (studio.run.farm) applies the same rule.
- Lesson folder names (studio.build.outdir.check_folder_name, studio.cli.lesson): not OUT's own folders, not
  ending in .log (a failed render's log), not another entry's folder.
- Folder names from parameters are injective (studio.catalogue.folder_names), checked over generated sets.
- The gallery and the lesson pages only show renders whose manifest verifies.
"""
from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from look import LANGS, THEMES, Look
from studio import catalogue
from studio.run import farm, jobs
from studio.build.cache import manifest_path, write_manifest
from studio.errors import UserError
from studio.cli.lesson import read_lesson
from studio.build import outdir
from studio.catalogue.params import folder_name
from studio.build.render import render_entry
from studio.build.request import Request
from tests.conftest import run_cli

LIGHT = Look("light", "en")


def lesson(tmp_path: Path, *entries: dict) -> Path:
    """A lesson file with these [[entry]] tables (string values only)."""
    text = "".join("[[entry]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in e.items()) for e in entries)
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- 1. ownership -----------------------------------------------------------------------------
def test_a_lesson_folder_holding_your_files_is_refused_and_kept(tmp_path):
    """The reported case: before the fix a.txt was deleted and the run exited 0."""
    (tmp_path / "o" / "precious").mkdir(parents=True)
    (tmp_path / "o" / "precious" / "a.txt").write_text("x")
    path = lesson(tmp_path, {"name": "pe_table", "folder": "precious"})
    out = run_cli("--lesson", path, "--out", tmp_path / "o", cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert (tmp_path / "o" / "precious" / "a.txt").read_text() == "x"
    assert sorted(p.name for p in (tmp_path / "o" / "precious").iterdir()) == ["a.txt"]
    line = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(line) == 1 and "precious" in line[0] and "a.txt" in line[0] and "not made by a render" in line[0]
    assert "Traceback" not in out.stderr


def test_a_folder_of_your_own_at_out_name_is_refused_before_any_work(tmp_path, monkeypatch):
    """`render.py pe_table --out ~` with a ~/pe_table of your own: refused, nothing rendered or removed."""
    import studio.build.render

    mine = tmp_path / "pe_table"
    (mine / "deep").mkdir(parents=True)
    (mine / "deep" / "notes.md").write_text("mine")
    monkeypatch.setattr(studio.build.render, "render_figure", lambda *a, **k: pytest.fail("rendered anyway"))
    with pytest.raises(UserError, match=r"pe_table exists and was not made by a render .*deep/notes\.md"):
        render_entry(Request(catalogue.get("pe_table"), LIGHT, out_root=tmp_path))
    assert (mine / "deep" / "notes.md").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pe_table"]  # no staging folder either


def test_only_a_folder_a_render_made_is_replaced(tmp_path):
    e = catalogue.get("pe_table")
    (tmp_path / "pe_table").mkdir()  # an empty folder may be used
    render_entry(Request(e, LIGHT, out_root=tmp_path))
    folder = tmp_path / "pe_table"
    assert outdir.foreign_files(folder, "pe_table") == []
    svg = folder / "pe_table.svg"
    svg.write_bytes(svg.read_bytes()[:100])  # listed but truncated: the cache renders it again
    assert not render_entry(Request(e, LIGHT, out_root=tmp_path)).cached
    assert svg.stat().st_size > 100
    (folder / "a.txt").write_text("x")  # a file the manifest does not list: someone's
    with pytest.raises(UserError, match="a.txt"):
        render_entry(Request(e, LIGHT, out_root=tmp_path, force=True))
    with pytest.raises(UserError, match="a.txt"):  # even when the render itself is up to date
        render_entry(Request(e, LIGHT, out_root=tmp_path))
    assert (folder / "a.txt").read_text() == "x"
    (folder / "a.txt").unlink()
    os.symlink(tmp_path / "elsewhere", folder / "link")  # a render never makes a link
    assert outdir.foreign_files(folder, "pe_table") == ["link"]
    (folder / "link").unlink()
    assert outdir.foreign_files(folder, "pe_clock") == sorted(  # another entry's render is not this one's
        p.name for p in folder.iterdir())
    assert render_entry(Request(e, LIGHT, out_root=tmp_path)).cached


@pytest.mark.parametrize("content", ["", "{", "[1, 2]", '{"files": [1]}', '{"files": {"../../x": {}}}'])
def test_an_unreadable_manifest_proves_nothing(tmp_path, content):
    folder = tmp_path / "pe_table"
    folder.mkdir()
    (folder / "pe_table.svg").write_text("<svg/>")
    (folder / "pe_table.manifest.json").write_text(content)
    with pytest.raises(UserError) as err:
        outdir.check_owned(folder, "pe_table")
    assert "pe_table.svg" in str(err.value)
    if content in ("", "{", "[1, 2]", '{"files": [1]}'):
        assert "pe_table.manifest.json cannot be read" in str(err.value)


def test_a_file_in_the_way_is_refused(tmp_path):
    (tmp_path / "pe_table").write_text("a file")
    with pytest.raises(UserError, match="not a folder"):
        outdir.check_owned(tmp_path / "pe_table", "pe_table")
    os.symlink(tmp_path, tmp_path / "pe_clock")
    with pytest.raises(UserError, match="not a folder"):
        outdir.check_owned(tmp_path / "pe_clock", "pe_clock")


def test_the_farm_refuses_the_same_folders_before_sending_or_writing(tmp_path):
    """The farm checks the cache (and now ownership) before sending; its writer checks again."""
    mine = tmp_path / "pe_table"
    mine.mkdir()
    (mine / "a.txt").write_text("x")
    task = Request.of("pe_table", out_root=tmp_path)
    with pytest.raises(UserError, match="a.txt"):
        farm.cached_outcome(task)
    payload = {"status": "rendered", "seconds": 0.0, "files": {"pe_table.svg": b"<svg/>"},
               "outputs": ["pe_table.svg"]}
    with pytest.raises(UserError, match="a.txt"):
        farm.install(task, payload)
    assert sorted(p.name for p in mine.iterdir()) == ["a.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pe_table"]


# -- 2. lesson folder names -------------------------------------------------------------------
@pytest.mark.parametrize("name", [*(f"{l}-{t}" for l in LANGS for t in THEMES), "gallery", "pages", "Gallery",
                                  "y.log", "pe_table.LOG", "..", ".hidden", "a/b", "x" * 201])
def test_a_lesson_folder_may_not_be_outs_own_or_a_log(tmp_path, name):
    path = lesson(tmp_path, {"name": "pe_table"}, {"name": "pe_clock", "folder": name})
    with pytest.raises(UserError) as err:
        read_lesson(path)
    text = str(err.value)
    assert str(path) in text and "entry 2" in text and name[:40] in text
    assert len(text) < 300


def test_two_entries_of_a_lesson_never_share_a_folder_or_a_log(tmp_path):
    for a, b in (("y", "y.log"), ("y", "Y"), ("pe_table", None)):
        second = {"name": "pe_clock", "folder": b} if b else {"name": "pe_table"}
        path = lesson(tmp_path, {"name": "pe_table", "folder": a}, second)
        with pytest.raises(UserError, match="entry 2"):
            read_lesson(path)
    path = lesson(tmp_path, {"name": "pe_table", "folder": "y"}, {"name": "pe_clock", "folder": "y.logs"})
    assert [i.entry.folder for i in read_lesson(path).items] == ["y", "y.logs"]


def test_folders_y_and_y_log_exit_2_before_any_work(tmp_path):
    """Finding 8: this lesson exited 1 (the log of `y` met the folder `y.log`); now bad input, 2."""
    path = lesson(tmp_path, {"name": "pe_table", "folder": "y"}, {"name": "pe_table", "folder": "y.log"})
    out = run_cli("--lesson", path, "--out", tmp_path / "o", cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert "y.log" in out.stderr and "entry 2" in out.stderr and "Traceback" not in out.stderr
    assert not (tmp_path / "o").exists()


# -- 3. injective folder names ----------------------------------------------------------------
def test_readable_names_stay_and_ambiguous_ones_are_hashed():
    assert folder_name("pe_clock", {"d_model": 64, "positions": 50}) == "pe_clock@d_model=64,positions=50"
    assert folder_name("attention_heatmap", {"tokens": ("我", "愛", "貓")}) == "attention_heatmap@tokens=我_愛_貓"
    assert folder_name("x", {"base": 500000.0, "eps": 1e-05}) == "x@base=500000,eps=1e-05"
    a = folder_name("causal_mask", {"tokens": ("a_b", "c")})
    b = folder_name("causal_mask", {"tokens": ("a", "b_c")})
    assert a != b and a.startswith("causal_mask@tokens=a_b_c+") and b.startswith("causal_mask@tokens=a_b_c+")
    assert folder_name("causal_mask", {"tokens": ("a", "b", "c")}) == "causal_mask@tokens=a_b_c"
    assert not folder_name("causal_mask", {"tokens": ("a", "b.log")}).endswith(".log")


def test_the_issues_two_token_lists_write_two_folders():
    entry = catalogue.get("causal_mask")
    one = entry.with_params({"tokens": ["a_b", "c"]}).folder
    two = entry.with_params({"tokens": ["a", "b_c"]}).folder
    assert one != two


_word = st.text(alphabet=st.sampled_from(list("ab_.-/ 1e+我é\\:$,=@")), min_size=0, max_size=6)
_float = st.floats(allow_nan=False, allow_infinity=False, width=64)
_number = st.one_of(st.integers(-10**20, 10**20), _float)
_value = st.one_of(
    st.booleans(), _number, _word,
    st.lists(_word, min_size=1, max_size=4).map(tuple),
    st.lists(_float, min_size=1, max_size=4).map(tuple),
    st.lists(st.lists(_float, min_size=2, max_size=2).map(tuple), min_size=1, max_size=3).map(tuple),
    st.lists(st.tuples(_word, st.lists(_float, min_size=2, max_size=2).map(tuple)), min_size=1, max_size=3)
    .map(tuple),
)
# a narrow alphabet, so that different sets often look alike: where the old names collided
_near = st.text(alphabet=st.sampled_from(list("a_/. 1")), max_size=3)
_near_value = st.one_of(_near, st.lists(_near, min_size=1, max_size=3).map(tuple), st.sampled_from([1, 1.5, True]))
_params = st.one_of(
    st.dictionaries(st.sampled_from(["tokens", "d_model", "A_Q", "x"]), _value, max_size=3),
    st.dictionaries(st.sampled_from(["tokens", "x"]), _near_value, min_size=1, max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_params, min_size=2, max_size=12))
def test_distinct_parameter_sets_never_share_a_folder(sets):
    seen: dict = {}
    for params in sets:
        name = folder_name("causal_mask", params)
        if name in seen:
            assert seen[name] == params, name
        seen[name] = params
        assert "/" not in name and "\x00" not in name and name not in (".", "..")
        assert not name.lower().endswith(".log") and len(name.encode("utf-8")) <= 200
        if params:
            assert re.fullmatch(r"causal_mask@[\w.\-@,=+]+", name), name


@settings(max_examples=300, deadline=None)
@given(_float)
def test_a_readable_number_is_the_number(x):
    name = folder_name("x", {"v": x})
    text = name.split("=", 1)[1]
    if "+" not in text:
        assert float(text) == x and math.isfinite(x)


# -- 4. only verified renders are published ---------------------------------------------------
@pytest.mark.render
def test_the_gallery_shows_a_damaged_render_as_not_rendered(shared_renders, tmp_path):
    from studio.publish.gallery import build_gallery

    out = tmp_path / "out"
    shared_renders.copy_into(out, "pe_table", "light", "en")
    good = build_gallery(out)
    assert "pe_table" in good.rendered and (good.dest / "media/pe_table/pe_table.svg").is_file()
    (out / "pe_table" / "pe_table.png").write_bytes(b"not listed")  # a file the manifest does not list
    html = build_gallery(out).index.read_text(encoding="utf-8")
    assert not (good.dest / "media/pe_table/pe_table.png").exists() and "pe_table.png" not in html
    svg = out / "pe_table" / "pe_table.svg"
    svg.write_bytes(svg.read_bytes()[:100])  # the reported case: shown as rendered before the fix
    bad = build_gallery(out)
    assert "pe_table" in bad.missing and "pe_table" not in bad.rendered
    article = re.search(r'<article[^>]*data-name="pe_table"[^>]*>', bad.index.read_text(encoding="utf-8"))[0]
    assert 'data-status="missing"' in article
    assert not (bad.dest / "media/pe_table").exists()


@pytest.mark.render
def test_the_gallery_skips_an_own_numbers_folder_that_does_not_verify(shared_renders, tmp_path):
    from studio.publish.gallery import build_gallery

    out = tmp_path / "out"
    folder = shared_renders.copy_into(out, "pe_table", "light", "en").rename(out / "week3_table")
    assert "week3_table" in build_gallery(out).index.read_text(encoding="utf-8")
    numbers = folder / "pe_table.numbers.json"
    numbers.write_text(numbers.read_text(encoding="utf-8") + " ", encoding="utf-8")
    assert "week3_table" not in build_gallery(out).index.read_text(encoding="utf-8")
    write_manifest(folder, "pe_table", "any key", [folder / "pe_table.svg"])  # whole again, any key
    assert "week3_table" in build_gallery(out).index.read_text(encoding="utf-8")


def test_the_pages_leave_out_or_render_again_a_damaged_render(tmp_path):
    from studio.options import QUALITIES
    from studio.publish.pages.builder import PageResult, gather

    e = catalogue.get("pe_table")
    quality = QUALITIES["low"]
    render_entry(Request(e, LIGHT, out_root=tmp_path))
    svg = tmp_path / "pe_table" / "pe_table.svg"
    good = svg.read_bytes()
    svg.write_bytes(good[:100])
    left = PageResult("positional", tmp_path)
    assert gather([e], LIGHT, quality, tmp_path, False, left) == {} and left.missing == ["pe_table"]
    again = PageResult("positional", tmp_path)
    found = gather([e], LIGHT, quality, tmp_path, True, again)
    assert again.rendered == ["pe_table"] and found["pe_table"] == tmp_path / "en-light" / "pe_table"
    assert (found["pe_table"] / "pe_table.svg").read_bytes() == good
    assert manifest_path(found["pe_table"], "pe_table").is_file()
