"""Every catalogue entry renders (scenes at a tiny size), with numbers files that match the engine.

The renders come from the run's shared set (tests/conftest.py, `shared_renders`): every figure once
as SVG (light, zh-Hant), every scene once (tiny, light, its language rotating over the scenes:
tests.conftest.scene_look). PNG and PDF are exported for two figures; TF_FULL=1 exports every figure and renders every scene in a second look (dark, en).
"""
import json

import numpy as np
import pytest

from studio import catalogue
from studio.build.numbers import read_frames
from studio.build.render import render_entry
from studio.build.request import Request
from look import Look
from tests.conftest import FIGURE_LOOK, run_cli, scene_look

FIGURES = [e for e in catalogue.ENTRIES if e.kind == "figure"]
SCENES = [e for e in catalogue.ENTRIES if e.kind == "scene"]
# PNG and PDF on two figures: a full-table heatmap in English, text and arrows in Chinese (the PDF
# embeds the CJK font); every other figure only under TF_FULL=1, in dark English.
PNG_PDF = {"pe_table": ("dark", "en"), "scores_wx": ("dark", "zh-Hant")}


def _full_unless(keep: bool, *values, id: str):
    return pytest.param(*values, id=id, marks=() if keep else pytest.mark.full)


@pytest.mark.render
@pytest.mark.parametrize("entry", FIGURES, ids=[e.name for e in FIGURES])
def test_figure_renders(entry, shared_renders):
    first = shared_renders.result(entry.name, *FIGURE_LOOK)
    folder = shared_renders.folder(entry.name, *FIGURE_LOOK)
    assert not first.cached
    assert b"<svg" in (folder / f"{entry.name}.svg").read_bytes()[:400]
    doc = json.loads((folder / f"{entry.name}.numbers.json").read_text("utf-8"))
    assert doc["name"] == entry.name and doc["data"]
    assert [p.name for p in first.files] == [f"{entry.name}.svg", f"{entry.name}.numbers.json"]
    assert not list(folder.glob(".*part")), "temporary file left behind"


@pytest.mark.render
@pytest.mark.parametrize("entry", [_full_unless(k % 6 == 0, e, id=e.name) for k, e in enumerate(FIGURES)])
def test_figure_renders_deterministically(entry, shared_renders, tmp_path):
    """A second render writes the same bytes: every sixth figure in a default run (they share one
    saving pipeline, studio.build.savefig; tests/test_hostile_fuzz.py renders one again in another
    process with another hash seed), all under TF_FULL=1."""
    folder_a = shared_renders.folder(entry.name, *FIGURE_LOOK)
    second = render_entry(Request(entry, Look(*FIGURE_LOOK), out_root=tmp_path))
    assert not second.cached
    for suffix in (".svg", ".numbers.json"):
        assert (folder_a / f"{entry.name}{suffix}").read_bytes() == (
            tmp_path / entry.name / f"{entry.name}{suffix}").read_bytes(), f"two renders differ: {suffix}"


@pytest.mark.render
@pytest.mark.parametrize("entry,look", [
    _full_unless(e.name in PNG_PDF, e, PNG_PDF.get(e.name, ("dark", "en")), id=e.name) for e in FIGURES])
def test_figure_png_pdf(entry, look, tmp_path):
    for fmt in ("png", "pdf"):
        result = render_entry(Request(entry, Look(*look), fmt=fmt, out_root=tmp_path))
        assert result.files[0].suffix == f".{fmt}" and result.files[0].stat().st_size > 1000


@pytest.mark.render
@pytest.mark.parametrize("entry,look", [_full_unless(True, e, scene_look(e.name), id=e.name) for e in SCENES] + [
    _full_unless(False, e, ("dark", "en"), id=f"{e.name}-dark-en") for e in SCENES])
def test_scene_renders_with_numbers(entry, look, shared_renders):
    shared_renders.result(entry.name, *look)
    folder = shared_renders.folder(entry.name, *look)
    mp4 = folder / f"{entry.name}.mp4"
    assert mp4.stat().st_size > 1000
    doc = json.loads((folder / f"{entry.name}.numbers.json").read_text("utf-8"))
    assert (doc["theme"], doc["lang"]) == look
    rows = read_frames(folder / f"{entry.name}.frames.csv")
    assert len(rows) == doc["render"]["frames"] > 0
    assert [int(r["frame"]) for r in rows] == list(range(len(rows)))
    assert doc["sections"] and doc["sections"][0]["start_s"] == 0.0
    names = [s["name"] for s in doc["sections"]]
    assert len(names) == len(set(names))
    import av

    with av.open(str(mp4)) as container:
        frames = sum(1 for _ in container.decode(video=0))
    assert frames == len(rows), "frames.csv must have one row per video frame"
    assert (folder / f"{entry.name}.png").exists()
    assert not [p for p in folder.iterdir() if p.name.startswith(".")], "temporary files left behind"


@pytest.mark.render
def test_pe_clock_frames_agree_with_engine(rendered, tiny):
    from engine.positional import hand_speeds, sinusoidal

    tmp_path = rendered
    folder = tmp_path / "pe_clock"
    rows = [r for r in read_frames(folder / "pe_clock.frames.csv") if r["position"] != ""]
    assert len(rows) > 50
    positions = np.array([float(r["position"]) for r in rows])
    assert positions.min() == 0.0 and positions.max() == 31.0
    pe = sinusoidal(positions, 16)  # (frames, 16)
    speeds = hand_speeds(16)
    for i in range(8):
        np.testing.assert_allclose([float(r[f"sin_{i}"]) for r in rows], pe[:, 2 * i], atol=1e-12)
        np.testing.assert_allclose([float(r[f"cos_{i}"]) for r in rows], pe[:, 2 * i + 1], atol=1e-12)
        np.testing.assert_allclose([float(r[f"angle_deg_{i}"]) for r in rows],
                                   np.degrees(positions * speeds[i]) % 360, atol=1e-9)
    filled = [int(r["rows_filled"]) for r in rows if r.get("rows_filled")]
    assert filled == sorted(filled) and filled[-1] == 32
    doc = json.loads((folder / "pe_clock.numbers.json").read_text("utf-8"))
    assert doc["data"]["adjacent_distance"]["shown"] == "1.0147"
    assert doc["data"]["table"]["shape"] == [32, 16]
    np.testing.assert_allclose(doc["data"]["table"]["value"], sinusoidal(np.arange(32), 16))
    assert [s["name"] for s in doc["sections"]] == ["intro", "hands", "run", "compare", "relative", "rotate", "lookback",
                                                     "use", "summary"]

    out = run_cli("numbers", "pe_clock", "--at", "30", "--out", tmp_path)
    assert out.returncode == 0, out.stderr
    at30 = next(r for r in read_frames(folder / "pe_clock.frames.csv") if float(r["time_s"]) <= 30 < float(r["time_s"]) + 1 / tiny.fps)
    assert "position" in out.stdout and at30["position"] in out.stdout
    late = run_cli("numbers", "pe_clock", "--at", "9999", "--out", tmp_path)
    assert late.returncode == 2 and "long" in late.stderr


@pytest.mark.render
def test_cli_renders_a_figure(tmp_path):
    out = run_cli("pe_table", "--out", tmp_path / "out dir ü", "--lang", "zh-Hans")
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "out dir ü" / "pe_table" / "pe_table.svg").exists()
    shown = run_cli("numbers", "pe_table", "--out", tmp_path / "out dir ü")
    assert shown.returncode == 0 and "shape [32, 16]" in shown.stdout
