"""The offline gallery (studio.publish.gallery): structure, self-containment, determinism, and a real browser.

Two real renders from the run's shared set (the pe_table figure, and pe_clock at the tiny test
quality, given a second caption file in Traditional Chinese) are copied, then the gallery is built
from them and checked as files (here) and in headless Chromium (tests/test_gallery_browser.py).
"""
from __future__ import annotations

import csv
import json
import math
import re
import shutil
import time
from markupsafe import escape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from studio import catalogue
from studio.build.cache import manifest_path, write_manifest
from studio.errors import UserError
from studio.publish.gallery import FRAME_INTERVAL_S, build_gallery, frames_payload
from studio.publish.gallery_scan import changes_only, whole_rows

ZH_HANT_VTT = "WEBVTT\n\n00:00:00.000 --> 00:00:30.000\n每個座位都有一張由時鐘指針組成的指紋。\n"


# -- fixtures -------------------------------------------------------------------------------
def relist(folder: Path, name: str) -> None:
    """Record files a test added to a render in its manifest, as a render that wrote them would:
    the gallery shows only the files a verified manifest lists."""
    doc = json.loads(manifest_path(folder, name).read_text(encoding="utf-8"))
    write_manifest(folder, name, doc["content_key"], [folder / o for o in doc["outputs"]])


@pytest.fixture(scope="module")
def out_root(tmp_path_factory, shared_renders):
    """A real out/ folder: pe_table (figure) and pe_clock (scene, tiny), plus a zh-Hant VTT, and
    pe_table once more in a second look, as `render.py --lang all --theme all` lays it out.
    Copied from the run's shared renders (the gallery adds files beside them)."""
    root = tmp_path_factory.mktemp("out")
    shared_renders.copy_into(root, "pe_table", "light", "en")
    shared_renders.copy_into(root, "pe_clock", "light", "en")
    (root / "pe_clock" / "pe_clock.zh-Hant.vtt").write_text(ZH_HANT_VTT, encoding="utf-8")
    relist(root / "pe_clock", "pe_clock")
    shared_renders.copy_into(root / "zh-Hant-dark", "pe_table", "dark", "zh-Hant")
    return root


@pytest.fixture(scope="module")
def gallery(out_root):
    return build_gallery(out_root)


class _Page(HTMLParser):
    """Every element as (tag, attrs); the text inside each <article>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.articles: dict[str, str] = {}
        self._article = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag == "article":
            self._article = attrs.get("data-name")
            self.articles[self._article] = ""

    def handle_endtag(self, tag):
        if tag == "article":
            self._article = None

    def handle_data(self, data):
        if self._article is not None:
            self.articles[self._article] += data


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def local_refs(page: _Page) -> list[str]:
    refs = []
    for tag, attrs in page.elements:
        for key in ("src", "href", "poster"):
            value = attrs.get(key)
            if value is None or value.startswith("#") or value.startswith("data:"):
                continue
            refs.append(value)
    return refs


# -- the page as files ------------------------------------------------------------------------
@pytest.mark.render
def test_every_catalogue_entry_is_listed_by_topic(gallery):
    page = parse(gallery.index)
    assert set(page.articles) == set(catalogue.names())
    assert gallery.entries == catalogue.names()
    assert set(gallery.rendered) >= {"pe_table", "pe_clock"}
    assert set(gallery.rendered) | set(gallery.missing) == set(catalogue.names())
    topics = [a["id"] for t, a in page.elements if t == "section" and "topic" in a.get("class", "")]
    used = {e.topic for e in catalogue.ENTRIES}
    assert topics == [f"topic-{t}" for t in catalogue.TOPICS if t in used] + (
        ["topic-other"] if used - set(catalogue.TOPICS) else [])
    html = gallery.index.read_text(encoding="utf-8")
    for e in catalogue.ENTRIES:  # every description in every language
        for lang in ("en", "zh-Hant", "zh-Hans"):
            assert str(escape(e.describe[lang])) in html, (e.name, lang)
    for name in gallery.missing:
        assert "not rendered yet:" in page.articles[name]
        assert f"python render.py {name}" in page.articles[name]


@pytest.mark.render
def test_media_are_inside_the_gallery_and_nothing_is_remote(gallery):
    dest = gallery.dest
    page = parse(gallery.index)
    refs = local_refs(page)
    assert refs, "the page links no files"
    for ref in refs:
        assert not re.match(r"^[a-z][a-z0-9+.-]*:|^//", ref, re.I), f"not a relative link: {ref}"
        target = (dest / unquote(urlsplit(ref).path)).resolve()
        assert target.is_file(), f"{ref} does not exist in the gallery"
        assert target.is_relative_to(dest.resolve())
    for f in [gallery.index, *(dest / "assets").iterdir()]:
        text = f.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, f"{f.name} names a URL"
    tags = {(t, a.get("src") or a.get("poster")) for t, a in page.elements}
    assert ("img", "media/pe_table/pe_table.svg") in tags
    assert ("source", "media/pe_clock/pe_clock.mp4") in tags
    video = next(a for t, a in page.elements if t == "video")
    assert video["preload"] == "none" and "controls" in video
    assert video["poster"] == "media/pe_clock/pe_clock.png"
    tracks = {a["srclang"]: a["src"] for t, a in page.elements if t == "track"}
    assert tracks["zh-Hant"] == "media/pe_clock/pe_clock.zh-Hant.vtt"
    # the second look of pe_table is in the gallery too, for the language and theme switches
    assert (dest / "media/zh-Hant-dark/pe_table/pe_table.svg").is_file()
    looks = re.search(r'id="entry-pe_table".*?<script type="application/json" class="looks">(.*?)</script>',
                      gallery.index.read_text(encoding="utf-8"), re.S)
    assert json.loads(looks.group(1)) == {
        "en-light": {"src": "media/pe_table/pe_table.svg", "burned": "en"},
        "zh-Hant-dark": {"src": "media/zh-Hant-dark/pe_table/pe_table.svg", "burned": "zh-Hant"},
    }
    assert all(a.get("kind") == "captions" for t, a in page.elements if t == "track")
    # the same bytes as the render (hard link or copy)
    for name in ("pe_table.svg", "pe_table.numbers.json"):
        assert (dest / "media/pe_table" / name).read_bytes() == (gallery.dest.parent / "pe_table" / name).read_bytes()


@pytest.mark.render
def test_numbers_are_tables_with_shapes_and_rounding(gallery, out_root):
    page = parse(gallery.index)
    text = page.articles["pe_table"]
    doc = json.loads((out_root / "pe_table/pe_table.numbers.json").read_text("utf-8"))
    table = doc["data"]["table"]
    assert "[32, 16]" in text
    assert table["shown"][1][0] in text  # PE(1, 0) as shown, 0.8415
    assert doc["data"]["adjacent_distance"]["shown"] in text
    assert repr(doc["data"]["adjacent_distance"]["value"]) in text  # and its full precision
    html = gallery.index.read_text(encoding="utf-8")
    assert "rounded to 4 decimals, as on screen" in html
    block = html[html.index('id="entry-pe_table"'):]
    block = block[: block.index("</article>")]
    assert block.count('<table class="grid">') >= 2  # the [32, 16] table and others as grids


@pytest.mark.render
def test_frames_are_embedded_for_the_slider(gallery, out_root):
    html = gallery.index.read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="frames-pe_clock">(.*?)</script>', html, re.S)
    assert m, "pe_clock's frames are not embedded"
    payload = json.loads(m.group(1))
    payload["rows"] = whole_rows(payload["rows"])  # embedded as the cells that change from frame to frame
    with open(out_root / "pe_clock/pe_clock.frames.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    assert payload["columns"] == rows[0]
    assert payload["total"] == len(rows) - 1
    assert payload["step"] == 1  # 4 fps: every frame fits under one row per 0.1 s
    k = len(payload["rows"]) // 2
    for j, text in enumerate(rows[1 + k]):
        value = payload["rows"][k][j]
        if text == "":
            assert value is None
        elif isinstance(value, (int, float)):
            assert value == float(text)
        else:
            assert value == text
    assert payload["vtt"]["pe_clock/pe_clock.zh-Hant.vtt"] == ZH_HANT_VTT


def test_labels_and_templates_are_complete():
    """ui.json has the same labels in every language, and every label and template macro the code
    names exists (and every macro is used), so a typo fails here, not on a user's page."""
    from studio.publish import gallery_html

    langs = ("en", "zh-Hant", "zh-Hans")
    assert set(gallery_html.UI) == set(langs)
    for lang in langs[1:]:
        assert set(gallery_html.UI[lang]) == set(gallery_html.UI["en"]), lang
        for key, text in gallery_html.UI[lang].items():
            fields = sorted(re.findall(r"{(\w+)}", text))
            assert fields == sorted(re.findall(r"{(\w+)}", gallery_html.UI["en"][key])), (lang, key)
    code = "".join(p.read_text(encoding="utf-8") for p in Path(gallery_html.__file__).parent.glob("gallery*.py"))
    named = set(re.findall(r'fill\(\s*"(\w+\.\w+)"', code))
    defined, called = set(), set()
    for f in gallery_html.TEMPLATES.glob("*.html"):
        text = f.read_text(encoding="utf-8")
        defined |= {f"{f.stem}.{name}" for name in re.findall(r"{% macro (\w+)\(", text)}
        called |= {f"{f.stem}.{name}" for name in re.findall(r"{{ (\w+)\(", text)}  # a macro calling another
    assert named == defined - called, (named - defined, defined - called - named)
    for key in set(re.findall(r'\btr\("(\w+)"', code)):
        assert key in gallery_html.UI["en"], key


def test_frames_are_subsampled_to_one_row_per_tenth_of_a_second(tmp_path):
    fps = 60
    path = tmp_path / "x.frames.csv"
    lines = ["frame,time_s,position,section"]
    lines += [f"{k},{round(k / fps, 6)},{k * 0.01!r},{'a' if k < 300 else 'b'}" for k in range(1000)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    payload = frames_payload(path, fps)
    times = [r[1] for r in payload["rows"]]
    assert payload["step"] == math.ceil(fps * FRAME_INTERVAL_S) == 6
    assert all(b - a >= FRAME_INTERVAL_S - 1e-9 for a, b in zip(times[:-2], times[1:-1]))
    assert payload["rows"][0][0] == 0 and payload["rows"][-1][0] == 999, "first and last frames kept"
    assert payload["rows"][1] == [6, 0.1, 0.06, "a"]


@pytest.mark.render
def test_build_is_deterministic_fast_and_self_contained(out_root, gallery, tmp_path):
    started = time.perf_counter()
    second = build_gallery(out_root, tmp_path / "copy")
    seconds = time.perf_counter() - started
    assert seconds < 10 and second.seconds <= seconds
    a = {p.relative_to(gallery.dest): p.read_bytes() for p in gallery.dest.rglob("*") if p.is_file()}
    b = {p.relative_to(second.dest): p.read_bytes() for p in second.dest.rglob("*") if p.is_file()}
    assert a.keys() == b.keys() and a == b, "two builds differ"
    again = build_gallery(out_root)  # in place, over the first one
    assert again.index.read_bytes() == a[Path("index.html")]
    assert second.bytes == sum(len(v) for k, v in b.items() if k.name != ".gallery-files")
    assert 0 < second.page_bytes < 2_000_000
    assert "entries" in second.summary() and not list(second.dest.rglob("*.part"))
    # the folder alone is the gallery: move it and every link still resolves
    moved = tmp_path / "elsewhere" / "g"
    shutil.copytree(second.dest, moved)
    for ref in local_refs(parse(moved / "index.html")):
        assert (moved / unquote(urlsplit(ref).path)).is_file()


@pytest.mark.render
def test_stale_media_are_removed_and_dest_is_checked(out_root, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(out_root / "pe_table", out / "pe_table")
    first = build_gallery(out)
    assert (first.dest / "media/pe_table/pe_table.svg").is_file()
    (out / "pe_table" / "pe_table.svg").unlink()
    second = build_gallery(out)
    assert not (second.dest / "media/pe_table/pe_table.svg").exists()
    assert not (second.dest / "media/pe_table/pe_table.numbers.json").exists()  # not a whole render now
    assert "pe_table" in second.missing
    with pytest.raises(UserError):
        build_gallery(out, out)
    with pytest.raises(UserError):
        build_gallery(out, out / "pe_table" / "g")


@pytest.mark.render
def test_section_clips_and_subrip_files_are_linked(out_root, tmp_path):
    """render.py --sections leaves NAME/sections/*.mp4 with an index.json: each section links its clip."""
    out = tmp_path / "out"
    shutil.copytree(out_root / "pe_clock", out / "pe_clock")
    doc = json.loads((out / "pe_clock/pe_clock.numbers.json").read_text("utf-8"))
    first = doc["sections"][0]["name"]
    clips = out / "pe_clock" / "sections"
    clips.mkdir()
    shutil.copy(out / "pe_clock/pe_clock.mp4", clips / f"pe_clock_00_{first}.mp4")
    (clips / "index.json").write_text(json.dumps(
        [{"index": 0, "name": first, "file": f"pe_clock_00_{first}.mp4", "start_s": 0.0},
         {"index": 1, "name": "gone", "file": "pe_clock_01_gone.mp4", "start_s": 1.0}]), encoding="utf-8")
    (out / "pe_clock/pe_clock.srt").write_text("1\n00:00:00,000 --> 00:00:01,000\nx\n", encoding="utf-8")
    relist(out / "pe_clock", "pe_clock")
    result = build_gallery(out)
    html = result.index.read_text(encoding="utf-8")
    assert f'href="media/pe_clock/sections/pe_clock_00_{first}.mp4"' in html
    assert (result.dest / f"media/pe_clock/sections/pe_clock_00_{first}.mp4").is_file()
    assert "pe_clock_01_gone.mp4" not in html  # listed but missing: no dead link
    assert 'href="media/pe_clock/pe_clock.srt"' in html


def test_any_numbers_document_renders(tmp_path):
    """Entries added later may export any shape: nested records, 3-D arrays, lists of records,
    non-finite values, large tables, strings; a broken file is reported, not fatal."""
    out = tmp_path / "out"
    big = [[float(i * j) for j in range(60)] for i in range(80)]
    cube = [[[i + j + k for k in range(3)] for j in range(2)] for i in range(10)]
    doc = {
        "name": "pe_table", "kind": "figure", "project_version": "x", "engine_function": "m:f",
        "engine_params": {"seed": 3}, "theme": "dark", "lang": "zh-Hans", "description": "…",
        "data": {
            "nested": {"inner": {"shape": [2], "value": [1.5, -2.0], "shown": ["1.50", "−2.00"]},
                       "label": "<b>not html</b>"},
            "big": {"shape": [80, 60], "value": big},
            "cube": {"shape": [10, 2, 3], "value": cube},
            "records": [{"step": 1, "loss": {"value": 0.6031, "shown": "0.603"}}, {"step": 2, "loss": "nan"}],
            "ragged": [[1, 2], [3]],
            "empty": {"shape": [0], "value": []},
            "zero_d": {"shape": [], "value": 2.5},
            "flag": True, "none": None, "inf": "inf",
            "mismatch": {"shape": [2, 2], "value": [1, 2, 3], "shown": ["1"]},
            "nan_row": {"shape": [3], "value": [1.0, "nan", "-inf"], "shown": ["1.0", "nan", "-inf"]},
        },
    }
    (out / "pe_table").mkdir(parents=True)
    (out / "pe_table" / "pe_table.numbers.json").write_text(json.dumps(doc), encoding="utf-8")
    (out / "pe_clock").mkdir()
    (out / "pe_clock" / "pe_clock.numbers.json").write_text("{broken", encoding="utf-8")
    for name in ("pe_table", "pe_clock"):  # the gallery shows only what a manifest vouches for
        write_manifest(out / name, name, "test", [])
    result = build_gallery(out)
    html = result.index.read_text(encoding="utf-8")
    assert "&lt;b&gt;not html&lt;/b&gt;" in html and "<b>not html</b>" not in html
    assert "showing 64 of 80 rows and 48 of 60 columns" in html
    assert "showing 8 of 10 slices" in html
    assert "0.603" in html and "[10, 2, 3]" in html
    assert "could not be read" in html
    assert set(parse(result.index).articles) == set(catalogue.names())


def test_embedded_frame_rows_hold_only_what_changed_and_expand_back():
    rows = [[0, 0.0, "intro", None], [1, 0.25, "intro", None], [2, 0.5, "clock", 1], [3, 0.75, "clock", 1.0]]
    packed = changes_only(rows)
    assert packed[1] == {"0": 1, "1": 0.25} and packed[2] == {"0": 2, "1": 0.5, "2": "clock", "3": 1}
    assert packed[3]["3"] == 1.0 and isinstance(packed[3]["3"], float)  # 1 → 1.0 is a change: the file says 1.0
    assert whole_rows(packed) == rows
