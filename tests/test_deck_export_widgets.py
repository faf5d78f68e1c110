"""The deck's exports keep its widget slides (studio.publish.deck.points, handout, powerpoint): the
widget slides in a row of the positional deck share a handout page (each with its title, the question
it asks, its answer and the slide where it is live in the HTML deck), every page numbered by the deck
slides it holds; each gives a PowerPoint slide of its own."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from look import Look
from studio.publish.deck.points import Point, pause_points
from studio.publish.deck.slides import widget_slides
from studio.publish.pages.text import EXPORT, PREDICT, PROSE, UI
from studio.publish.pages.widgets import predictions


def _slides(lang):
    answers = predictions()
    slides = [{"kind": "title", "frame": "t-title", "title": "Deck", "notes": [], "thumb": ""}]
    for wid in ("cost", "angles"):  # one slide each (the seat slider is two: its hands, then its table)
        for s in widget_slides(wid, {}, lang, UI, PROSE):
            s["question"] = PREDICT[lang][wid][0].format(**answers[wid])
            s["answer"] = PREDICT[lang][wid][1].format(**answers[wid])
            slides.append(s)
    return slides


@pytest.fixture(params=["en", "zh-Hant"])
def points(request, tmp_path):
    lang = request.param
    slides = _slides(lang)
    points, missing = pause_points(slides, [], {}, {}, Look("light", lang), tmp_path, tmp_path, render=False)
    return lang, slides, points, missing


def test_each_widget_slide_is_a_point_with_its_question_and_slide(points):
    lang, slides, pts, missing = points
    assert missing == [] and [p.kind for p in pts] == ["widget", "widget"]
    assert [p.slide for p in pts] == [2, 3] and [p.title for p in pts] == [s["title"] for s in slides[1:]]
    assert pts[0].question == slides[1]["question"] and "32,768" in pts[0].question  # 1,024 to 32,768 tokens
    assert pts[0].caption == (PROSE[lang]["cost"],)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_handout_gives_each_widget_slide_a_page_numbered_by_the_deck(points, tmp_path):
    from PIL import Image

    from studio.publish.deck.handout import write_handout

    lang, slides, pts, _ = points
    still = tmp_path / "still.png"
    Image.new("RGB", (64, 36), "#ece9e2").save(still)
    scene = Point("scene", "pe_clock", "A pause", still, ("A cue.",), 1.0, (("x", "1"),), None, slide=4)
    pdf = tmp_path / "h.pdf"
    write_handout(pts + [scene], "Deck", Look("light", lang), pdf, total=4)  # slides 2, 3, then 4 of 4
    pages = ["".join(subprocess.run(["pdftotext", "-f", str(k), "-l", str(k), str(pdf), "-"], check=True,
                                    capture_output=True, text=True).stdout.split()) for k in (1, 2, 3, 4)]
    page_of = EXPORT[lang]["page_of"]  # each page numbered by itself and by the deck slide it holds
    for k, s in enumerate((1, 2, 3, 4)):  # page 1 is the title slide's
        assert "".join(page_of.format(p=k + 1, pages=4, s=s, total=4).split()) in pages[k]
    assert "Deck" in pages[0]
    for point, flat in zip(pts, pages[1:]):
        assert "".join(point.title.split()) in flat
        assert "".join(EXPORT[lang]["live"].format(n=point.slide).split()) in flat
        assert "".join(point.question.split())[:12] in flat
        assert "".join(EXPORT[lang]["answer"].format(a=point.answer).split())[:16] in flat
    with pytest.raises(subprocess.CalledProcessError):  # four pages, no more
        subprocess.run(["pdftotext", "-f", "5", "-l", "5", str(pdf), "-"], check=True, capture_output=True)


def test_the_pptx_gives_a_widget_slide_a_slide_of_its_own(points, tmp_path):
    pptx = pytest.importorskip("pptx")
    from studio.publish.deck.powerpoint import write_pptx

    lang, slides, pts, _ = points
    target = tmp_path / "d.pptx"
    write_pptx(pts, "Deck", "", Look("light", lang), target, tmp_path)
    deck = pptx.Presentation(str(target))
    assert len(deck.slides) == 1 + len(pts)
    for slide, point in zip(list(deck.slides)[1:], pts):
        texts = [sh.text_frame.text for sh in slide.shapes if sh.has_text_frame]
        assert texts == [point.title, EXPORT[lang]["question"].format(q=point.question),
                         EXPORT[lang]["live"].format(n=point.slide)]
        notes = slide.notes_slide.notes_text_frame.text.split("\n")
        assert notes[0] == PROSE[lang][point.name]  # its prose, then its question and answer, then what to show
        assert notes[1:] == [EXPORT[lang]["question"].format(q=point.question), EXPORT[lang]["answer"].format(a=point.answer),
                             EXPORT[lang]["demo"].format(n=point.slide, what=EXPORT[lang]["the_controls"])]


def test_the_pptx_widget_slide_shows_the_deck_slide_as_it_opens(points, tmp_path):
    """With the still the build took for the handout, the widget's PowerPoint slide carries it as a picture,
    its question and the live line under it."""
    import dataclasses

    pptx = pytest.importorskip("pptx")
    from PIL import Image
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    from studio.publish.deck.powerpoint import write_pptx

    lang, slides, pts, _ = points
    still = tmp_path / "slide.png"
    Image.new("RGB", (1280, 720), "#ece9e2").save(still)
    target = tmp_path / "d.pptx"
    write_pptx([dataclasses.replace(p, still=still) for p in pts], "Deck", "", Look("light", lang), target, tmp_path)
    for slide, point in zip(list(pptx.Presentation(str(target)).slides)[1:], pts):
        pictures = [sh for sh in slide.shapes if sh.shape_type == MSO_SHAPE_TYPE.PICTURE]
        assert len(pictures) == 1 and abs(pictures[0].width / pictures[0].height - 16 / 9) < 0.01
        assert pictures[0].top + pictures[0].height <= min(sh.top for sh in slide.shapes if sh.has_text_frame
                                                           and sh.text_frame.text != point.title)
        texts = [sh.text_frame.text for sh in slide.shapes if sh.has_text_frame]
        assert texts == [point.title, EXPORT[lang]["question"].format(q=point.question),
                         EXPORT[lang]["live"].format(n=point.slide)]


def test_the_pptx_widget_slide_carries_its_numbers_as_a_native_table_and_in_its_notes(points, tmp_path):
    """With the numbers the build read off the deck slide as it opens (widget_stills.READ), the slide holds
    its picture on the left and a PowerPoint table of those numbers on the right; the notes list them, the
    controls' opening values, and what to demonstrate live on which slide of the HTML deck."""
    import dataclasses

    pptx = pytest.importorskip("pptx")
    from PIL import Image

    from studio.publish.deck.powerpoint import TABLE_ROWS, write_pptx
    from studio.publish.pages.widgets_positional import cost_widget

    lang, slides, pts, _ = points
    still = tmp_path / "slide.png"
    Image.new("RGB", (1280, 720), "#ece9e2").save(still)
    w = cost_widget()
    state = w["states"][str(w["start"])]  # the engine's values at the slider's opening setting
    rows = (("scores", state["scores"]), ("positions", state["positions"]), ("?", "?"))
    point = dataclasses.replace(pts[0], still=still, numbers=rows, controls=(("Tokens T", state["valuetext"]),))
    target = tmp_path / "d.pptx"
    write_pptx([point], "Deck", "", Look("light", lang), target, tmp_path)
    slide = list(pptx.Presentation(str(target)).slides)[1]
    tables = [sh for sh in slide.shapes if sh.has_table]
    assert len(tables) == 1
    cells = [[c.text for c in r.cells] for r in tables[0].table.rows]
    assert cells == [list(r) for r in rows][:TABLE_ROWS]
    picture = next(sh for sh in slide.shapes if sh.shape_type == 13)  # MSO_SHAPE_TYPE.PICTURE
    assert picture.left + picture.width <= tables[0].left  # side by side
    notes = slide.notes_slide.notes_text_frame.text.split("\n")
    assert EXPORT[lang]["opens"] in notes and f"scores: {state['scores']}" in notes
    assert EXPORT[lang]["controls"].format(c=f"Tokens T = {state['valuetext']}") in notes
    assert notes[-1] == EXPORT[lang]["demo"].format(n=point.slide, what="Tokens T")
