"""The deck's exports (render.py deck ... --export pdf,pptx): a lesson file with one scene
(layernorm_steps, tiny) and one figure gives a handout of one page per pause point and figure, and a
PowerPoint file of one slide each after a title slide, the notes being the section's cues up to the
hold and each slide holding a movie or a picture; the same deck gives the same PDF bytes; bad
--export values are refused; an interrupted export leaves no file.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import warnings

import pytest

from look import fmt_num
from studio.build.numbers import numbers_at
from studio.options import TINY
from studio.publish.deck import build_deck
from studio.publish.deck.builder import deck_json
from studio.publish.pages.builder import cue_line
from tests.conftest import run_main

SCENE, FIGURE = "layernorm_steps", "signal_decay_fig"
EXPORTS = ("html", "pdf", "pptx")

pytestmark = [pytest.mark.render]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from studio.cli.deck import deck_source

    root = tmp_path_factory.mktemp("out")
    lesson = root / "handout.toml"
    lesson.write_text(f'title = "Export check"\n\n[[entry]]\nname = "{SCENE}"\n\n[[entry]]\nname = "{FIGURE}"\n',
                      encoding="utf-8")
    result = build_deck(deck_source(str(lesson)), "en", quality=TINY, out_root=root, exports=EXPORTS)
    deck = root / "decks" / "handout"
    assert [p.name for p in result.pages] == ["index.html", "handout.pdf", "handout.pptx"]
    return root, deck, deck_json(deck)["slides"]


def _points(slides):
    return [s for s in slides if s["kind"] in ("scene", "figure", "widget")]  # one page/slide each


def _page_count(pdf) -> int:
    try:
        from pypdf import PdfReader
    except ImportError:
        return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf.read_bytes()))
    return len(PdfReader(pdf).pages)


def _held(root, slides):
    """[(slide, hold_s, folder)] of the scene slides: the hold the deck measured on the video."""
    doc = json.loads((root / "decks" / "handout" / "index.html").read_text(encoding="utf-8")
                     .split('id="deck-data">', 1)[1].split("</script>", 1)[0])
    sections = doc["media"][SCENE]["sections"]
    folder = root / "en-light" / SCENE
    return [(s, sections[s["section"]], folder) for s in slides if s["kind"] == "scene"]


def test_the_handout_has_a_page_per_pause_point_and_figure(built):
    root, deck, slides = built
    pdf = deck / "handout.pdf"
    points = _points(slides)
    sections = deck_json(deck)["media"][SCENE]["sections"]
    merged = sum(1 for sec in sections if sec.get("same"))  # a pause on the previous one's picture
    assert [s["kind"] for s in points] == ["scene"] * (len(sections) - merged) + ["figure"]
    assert _page_count(pdf) == len(points) + 1  # the title slide's page first
    assert not [f.name for f in deck.iterdir() if f.name.startswith(".")]  # no temporary files left


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_the_page_after_the_title_shows_the_still_and_its_text(built, tmp_path):
    import numpy as np
    from PIL import Image

    root, deck, slides = built
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "2", "-l", "2", str(deck / "handout.pdf"),
                    str(tmp_path / "p")], check=True, capture_output=True)
    page = np.asarray(Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")).astype(int)  # (H, W, 3)
    h, w, _ = page.shape
    assert w > h  # A4 landscape
    still = page[int(0.14 * h):int(0.62 * h), int(0.06 * w):int(0.64 * w)]  # where the still is placed
    paper = (np.abs(still - 255).max(axis=2) > 24).mean()
    assert paper > 0.9  # the still covers its box (the theme's paper colour is not white)
    assert still.std() > 10  # and it is a picture, not a flat fill
    text_band = page[int(0.67 * h):int(0.8 * h), int(0.04 * w):int(0.64 * w)]
    assert (text_band.max(axis=2) < 128).mean() > 0.002  # the captions under it are printed


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_handout_opens_on_the_title_slide(built):
    root, deck, slides = built
    text = subprocess.run(["pdftotext", "-layout", "-f", "1", "-l", "1", str(deck / "handout.pdf"), "-"],
                          check=True, capture_output=True, text=True).stdout
    assert slides[0]["kind"] == "title" and slides[0]["title"] in " ".join(text.split()) and "slide 1 of" in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_each_handout_page_prints_the_numbers_on_screen_at_its_hold(built):
    root, deck, slides = built
    read_out = set()
    for k, (slide, section, folder) in enumerate(_held(root, slides)):
        text = subprocess.run(["pdftotext", "-layout", "-f", str(k + 2), "-l", str(k + 2), str(deck / "handout.pdf"),
                               "-"], check=True, capture_output=True, text=True).stdout
        row = numbers_at(folder, SCENE, section["hold_s"])  # what `render.py numbers NAME --at` prints
        assert f"On screen at {section['hold_s']:.2f} s" in text
        for key, label in (("mean_0", "mean, row 0"), ("variance_0", "variance, row 0"), ("mean_1", "mean, row 1")):
            if row[key]:
                assert re.search(rf"{re.escape(label)}\s+{re.escape(fmt_num(float(row[key]), 4))}", text), (k, key)  # as on screen
        for key, label in (("sum_sq_0", "sum of squares, row 0"), ("divisor_1", "divisor √(σ² + ε), row 1")):
            if row.get(key):  # what the captions read out (the squares' sum, the divisor) is listed too
                read_out.add(key)
                value = re.search(rf"{re.escape(label)}\s+(−?[\d.]+)", text)
                assert value and float(value[1].replace("−", "-")) == pytest.approx(float(row[key]), abs=1e-4), (k, key)
        assert cue_line(slide["notes"][0]).split()[0] in text  # the first cue opens the caption
        listed = text.split("On screen", 1)[1].split(".frames.csv")[0].rsplit(" ", 1)[0]  # not the file's name
        assert not re.search(r"\b[a-z]+_[a-z0-9_]+\b", listed), text  # no raw field key
    assert "divisor_1" in read_out, read_out  # on some page (the squares' sum is gone by the stats hold)


def test_the_pptx_has_a_title_then_a_slide_per_pause_point_with_its_cues_as_notes(built):
    from pptx import Presentation
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    root, deck, slides = built
    shows = Presentation(str(deck / "handout.pptx")).slides
    points = _points(slides)
    assert len(shows) == len(points) + 1
    assert "Export check" in [s.text_frame.text for s in shows[0].shapes if s.has_text_frame]
    cues = json.loads((root / "en-light" / SCENE / f"{SCENE}.numbers.json").read_text(encoding="utf-8"))["cues"]
    sections = deck_json(deck)["media"][SCENE]["sections"]
    for show, slide in zip(list(shows)[1:], points):
        kinds = {shape.shape_type for shape in show.shapes}
        notes = show.notes_slide.notes_text_frame.text
        if slide["kind"] == "scene":
            section = sections[slide["section"]]
            played = {sec["name"] for sec in sections[slide.get("prev", slide["section"] - 1) + 1:slide["section"] + 1]}
            said = [cue_line(c["text"]) for c in cues
                    if c["section"] in played and c["start_s"] <= section["hold_s"]]
            assert notes == "\n".join(said) and said
            assert said == slide["notes"][:len(said)]  # the deck's own notes for the section, up to the hold
            assert MSO_SHAPE_TYPE.MEDIA in kinds
        else:
            assert notes == slide["notes"][0] and MSO_SHAPE_TYPE.PICTURE in kinds


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_numbers_files_the_handout_names_are_in_the_deck_folder(built):
    root, deck, slides = built
    text = subprocess.run(["pdftotext", "-raw", str(deck / "handout.pdf"), "-"], check=True, capture_output=True,
                          text=True).stdout
    named = set(re.findall(r"numbers/[\w.]+?\.(?:frames\.csv|numbers\.json)", text))
    assert f"numbers/{SCENE}.frames.csv" in named and f"numbers/{FIGURE}.numbers.json" in named, named
    for path in named:  # each a working path from the handout's folder, the render's own file
        assert (deck / path).read_bytes() == (root / "en-light" / path.split("/")[1].split(".")[0] / path.split("/")[1]).read_bytes()


def test_every_pptx_slide_has_notes(built):
    from pptx import Presentation

    root, deck, slides = built
    shows = list(Presentation(str(deck / "handout.pptx")).slides)
    notes = [s.notes_slide.notes_text_frame.text.strip() for s in shows]
    assert all(notes), [k + 1 for k, n in enumerate(notes) if not n]
    assert notes[0].startswith("Export check") and f"Next: {_points(slides)[0]['title']}" in notes[0]


def test_each_pptx_clip_is_its_section_up_to_the_hold(built, tmp_path):
    import zipfile

    import av

    root, deck, slides = built
    sections = deck_json(deck)["media"][SCENE]["sections"]
    scene_slides = [s for s in slides if s["kind"] == "scene"]
    with zipfile.ZipFile(deck / "handout.pptx") as z:
        movies = sorted((n for n in z.namelist() if n.startswith("ppt/media/") and n.endswith(".mp4")),
                        key=lambda n: int(re.search(r"(\d+)\.mp4$", n).group(1)))
        assert len(movies) == len(scene_slides)
        for name, slide in zip(movies, scene_slides):
            (tmp_path / "clip.mp4").write_bytes(z.read(name))
            with av.open(str(tmp_path / "clip.mp4")) as clip:
                frames = sum(1 for _ in clip.decode(video=0))
            fps = TINY.fps
            start = sections[slide.get("prev", slide["section"] - 1) + 1]  # merged sections play as one
            first = round(start["start_s"] * fps)
            last = round(sections[slide["section"]]["hold_s"] * fps - 0.5)  # the frame on screen at the hold
            assert frames == last - first + 1, name


def test_the_same_deck_gives_the_same_pdf_bytes(built):
    root, deck, slides = built
    before = (deck / "handout.pdf").read_bytes()
    assert b"CreationDate" not in before and b"ModDate" not in before
    from studio.cli.deck import deck_source

    build_deck(deck_source(str(root / "handout.toml")), "en", quality=TINY, out_root=root, render=False,
               exports=("pdf",))
    assert (deck / "handout.pdf").read_bytes() == before


def test_an_interrupted_export_leaves_no_file(built, tmp_path, monkeypatch):
    from studio.cli.deck import deck_source
    from studio.publish.deck import handout

    root, deck, slides = built
    out = tmp_path / "out"
    shutil.copytree(root / "en-light", out / "en-light")
    shutil.copytree(root / "png", out / "png")
    calls = []

    def stop(*args):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    real = handout._page
    monkeypatch.setattr(handout, "_page", stop)
    with pytest.raises(KeyboardInterrupt):
        build_deck(deck_source(str(root / "handout.toml")), "en", quality=TINY, out_root=out, render=False,
                   exports=("pdf",))
    folder = out / "decks" / "handout"
    assert (folder / "index.html").is_file()
    assert not (folder / "handout.pdf").exists()
    assert not [f.name for f in folder.iterdir() if f.name.startswith(".")]


def test_cli_export_values(tmp_path):
    for value, said in (("docx", "unknown format 'docx'"), ("", "an empty format"), ("pdf,,pptx", "an empty format")):
        code, out, err = run_main(["deck", "depth", "--no-render", "--export", value, "--out", tmp_path])
        assert code == 2 and said in err and "choose html, pdf, pptx" in err, err
    code, out, err = run_main(["deck", "depth", "--no-render", "--export", "PDF, html", "--export", "pptx",
                               "--out", tmp_path])
    assert code == 0, err
    assert "pdf, pptx not written: no scene or figure of the deck is rendered" in out
    deck = tmp_path / "decks" / "depth"
    assert (deck / "index.html").is_file()
    assert not (deck / "depth.pdf").exists() and not (deck / "depth.pptx").exists()


def test_the_handout_prints_dark_ink_on_white_in_the_dark_theme_too(tmp_path):
    from matplotlib.colors import to_rgb
    from PIL import Image

    from look import Look
    from studio.publish.deck.handout import _page
    from studio.publish.deck.points import Point

    still = tmp_path / "still.png"
    Image.new("RGB", (64, 36), "#0e0c07").save(still)
    point = Point("scene", SCENE, "A title", still, ("A cue.",), 1.0, (("mean_0", "0.5"),), None)
    fig = _page(point, "Deck", "1 / 1", Look("dark", "en"))
    assert fig.get_facecolor()[:3] == (1.0, 1.0, 1.0)
    for text in fig.texts:
        assert sum(to_rgb(text.get_color())) / 3 < 0.6, text.get_text()  # readable on white


def test_a_pptx_export_without_python_pptx_names_the_package(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pptx", None)  # import pptx now raises ImportError
    code, out, err = run_main(["deck", "depth", "--no-render", "--export", "pptx", "--out", tmp_path])
    assert code == 3 and "python-pptx" in err and "pip install 'python-pptx>=1.0,<2'" in err, err
    assert not (tmp_path / "decks").exists()  # refused before any work


def test_frames_values_are_printed_as_the_screen_shows_them(tmp_path):
    from studio.publish.deck.points import _decimals, column_decimals, shown

    assert shown("9.25e-18") == "0.0000" and shown("-0.404037645323065") == "\u22120.4040"
    assert shown("0.31420681600309947", 2) == "0.31" and shown("31.0") == "31" and shown("12") == "12"
    for as_written in ("1.0000", "0.278", "\u22120.00727", "十", "0.90, \u22120.40"):
        assert shown(as_written) == as_written
    doc = tmp_path / "x.numbers.json"
    doc.write_text(json.dumps({"data": {"mean": {"value": [0.1], "shown": ["0.1324"]},
                                        "out": {"value": [[0.2]], "shown": [["0.23"]]}}}), encoding="utf-8")
    places = column_decimals(doc)
    assert places == {"mean": 4, "out": 2}
    assert (_decimals("mean_0", places), _decimals("out_shown", places), _decimals("other", places)) == (4, 2, 4)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_chinese_word_in_the_numbers_column_is_printed_not_tofu(tmp_path, lang):
    """naive_position's frames carry the token on screen (word = 十) beside its numbers."""
    from PIL import Image

    from look import Look
    from studio.publish.deck.handout import write_handout
    from studio.publish.deck.labels import field_label
    from studio.publish.deck.points import Point, shown

    still = tmp_path / "still.png"
    Image.new("RGB", (64, 36), "#ece9e2").save(still)
    row = {"word": "十", "total": "6.687094584742059", "output_deviation": "9.25e-18", "p": "12"}
    point = Point("scene", "naive_position", "A title", still, ("A cue.",), 1.0,
                  tuple((field_label(k, "en"), shown(v)) for k, v in row.items()), None)
    pdf = tmp_path / "h.pdf"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        write_handout([point], "Deck", Look("light", lang), pdf)
    assert not [w for w in caught if "missing from font" in str(w.message)]  # no tofu box drawn for 十
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert re.search(r"word\s+十", text), text
    assert re.search(r"total\s+6\.6871", text) and re.search(r"outputs: largest change after reordering\s+0\.0000", text), text
    assert "e-18" not in text and "9.25" not in text
