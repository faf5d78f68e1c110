"""The positional deck's "three ways to combine" widget as three slides, one point each
(studio.publish.deck.slides.WIDGET_PARTS["combine"]): adding keeps the word's width (the seat slider,
E, PE(p), E + PE), appending keeps word and seat apart in a wider vector (the slider, [E, p], [E, PE]),
and what appending costs at a real model's width (the widths and W_Q tables with the predict box and
its Show button). In headless Chromium at 1920×1080 and 1280×720 each slide shows only its part, is
scaled up to fill the stage (it was one slide at scale 0.64 with only its left column used and clipped
cells) and no number in a cell is cut off. Built without media: only the widget slides are looked at."""
from __future__ import annotations

import pytest

from studio.options import TINY
from studio.publish.deck import build_deck
from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, open_deck, wait_for

PARTS = ("add", "append", "widths")


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_deck("positional", "en", quality=TINY, out_root=root, render=False)
    return root / "decks" / "positional"


def _combine(deck) -> list[tuple[int, dict]]:
    return [(i, s) for i, s in enumerate(deck_json(deck)["slides"]) if s.get("widget") == "combine"]


def test_three_slides_in_order_with_the_prose_and_question_in_the_first_notes(deck):
    slides = _combine(deck)
    assert [s["part"] for _, s in slides] == list(PARTS)
    assert [i for i, _ in slides] == list(range(slides[0][0], slides[0][0] + 3))  # one after another
    assert [s["title"][-5:] for _, s in slides] == ["(1/3)", "(2/3)", "(3/3)"]
    # every part has speaker notes from the lesson: a part with no words of its own repeats the widget's prose (the
    # first part's notes open with the lecturer's cues, deck.cues, then that prose)
    assert all(s["notes"] for _, s in slides) and slides[1][1]["notes"][0] in slides[0][1]["notes"][1:]


def test_the_question_goes_with_the_widths_part(deck):
    html = (deck / "index.html").read_text(encoding="utf-8")
    assert 'data-widget="combine" aria-labelledby="w-combine-h" data-ask-part="widths"' in html
    assert 'class="control combine-seat" data-deck-parts="add append"' in html


browser = chrome_fixture("1920,1080")

LOOK = """var f = document.getElementById('w-slide-combine'), c = f.firstElementChild;
var seen = function (s) { var e = f.querySelector(s); return !!e && e.getClientRects().length > 0; };
var fr = f.getBoundingClientRect(), cr = c.getBoundingClientRect();
// the predict box is on this slide (not hidden with another part); before its key it takes no room
var q = f.querySelector('details.predict'), asks = !!q && !q.closest('[hidden]');
var clipped = Array.prototype.filter.call(f.querySelectorAll('.vec span'), function (e) {
  return e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth + 1; }).length;
return {part: f.getAttribute('data-part'), scale: Number(f.getAttribute('data-scale')),
        fills: (cr.right - cr.left) / (fr.right - fr.left), clipped: clipped,
        slider: seen('.combine-seat'), add: seen('[data-part=add]'), append: seen('[data-part=append]'),
        widths: seen('[data-part=widths]'), predict: asks, show: seen('p.show')};"""


@pytest.mark.browser
@pytest.mark.parametrize("size", ((1920, 1080), (1280, 720)))
def test_each_slide_shows_its_part_and_fills_the_stage(browser, deck, size):
    browser.set_window_size(*size)
    inner = browser.execute_script("return [innerWidth, innerHeight]")
    browser.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
    for (i, s) in _combine(deck):
        open_deck(browser, deck, i)  # by its address: PageDown would step the training slide's runs on the way
        wait_for(browser, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)
        m = browser.execute_script(LOOK)
        part = s["part"]
        assert m["part"] == part
        assert [m[p] for p in PARTS] == [p == part for p in PARTS], m  # this slide's part only
        assert m["slider"] == (part != "widths"), m  # the seat slider moves the vectors of the first two
        assert m["predict"] == m["show"] == (part == "widths"), m  # the question is about the widths
        assert m["scale"] >= 1.2, m  # larger than the page, not shrunk (the single slide was at 0.64)
        assert m["fills"] > 0.6, m
        assert m["clipped"] == 0, m  # every number in its cell whole
    assert not console_errors(browser)
