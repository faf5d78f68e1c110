"""Widget slides fill the 16:9 stage: in headless Chromium at 1280×720 and 1920×1080, every widget slide
of the three decks shows its whole content inside the slide, scaled with the slide by deck.js (up
where it has room, down where it is taller, in two columns where that reads larger, as reveal.js
scales slides) so its prose is a fixed share of the slide's height at any size and no text is under 24 px at
1080p (as large at any size), the slide does not scroll, the content still fills the
width, and a resize of the window fits it again. Built without media (the scene and figure slides
stay empty; only the widget slides are measured). No widget slide is scaled below 0.6: a widget too
tall for that is shown part by part (studio.publish.deck.slides.WIDGET_PARTS)."""
from __future__ import annotations

from pathlib import Path

import pytest

from studio.options import TINY
from studio.publish.deck import build_deck
from tests.browser import chrome_fixture, console_errors, wait_for

pytestmark = [pytest.mark.browser]

TOPICS = ("positional", "worked", "depth")
SIZES = ((1280, 720), (1920, 1080))


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    for topic in TOPICS:
        build_deck(topic, "en", quality=TINY, out_root=root, render=False)
    return root / "decks"


browser = chrome_fixture("1280,720")

GO = """var k = arguments[0], key = function (n) { document.dispatchEvent(new KeyboardEvent('keydown', {key: n})); };
if (Number(document.getElementById('deck').getAttribute('data-slide')) > k) key('Home');
for (var g = 0; g < 500 && Number(document.getElementById('deck').getAttribute('data-slide')) < k; g += 1) key('PageDown');
return document.getElementById('deck').getAttribute('data-slide');"""

MEASURE = """var f = document.querySelector('.widget-slide:not([hidden])'), c = f.firstElementChild, st = getComputedStyle(f);
var fr = f.getBoundingClientRect(), cr = c.getBoundingClientRect();
var pad = [st.paddingLeft, st.paddingRight, st.paddingTop, st.paddingBottom].map(parseFloat);
var inner = {l: fr.left + pad[0], r: fr.right - pad[1], t: fr.top + pad[2], b: fr.bottom - pad[3]};
f.scrollTop = 10000;
var scrolled = f.scrollTop;
f.scrollTop = 0;
var p = c.querySelector('p'), H = document.getElementById('stage').clientHeight;
return {id: f.id, text: parseFloat(getComputedStyle(p).fontSize) * Number(f.getAttribute('data-scale')) / H, scale: Number(f.getAttribute('data-scale')), scrolls: scrolled > 0 || st.overflowY === 'auto' && f.scrollHeight > f.clientHeight,
        inside: cr.left >= inner.l - 1 && cr.right <= inner.r + 1 && cr.top >= inner.t - 1 && cr.bottom <= inner.b + 1,
        fills: (cr.right - cr.left) / (inner.r - inner.l), natural: c.offsetHeight, room: inner.b - inner.t,
        part: f.getAttribute('data-part'), parts: Array.prototype.filter.call(f.querySelectorAll('.deck-part'),
          function (p) { return p.getClientRects().length > 0; }).map(function (p) { return p.getAttribute('data-part'); })};"""

# the smallest text on the shown widget slide (the slide counter is the deck's, not the widget's), scaled,
# as a share of the stage's height: every text node's
# font size times its widget's scale, or a drawing's text in its drawing's units on screen (a heat map's row
# and column numbers are its axes, left out)
SMALLEST = """var H = document.getElementById('stage').clientHeight, least = [Infinity, ''], n;
var walk = document.createTreeWalker(document.querySelector('.widget-slide:not([hidden])'), NodeFilter.SHOW_TEXT);
while ((n = walk.nextNode())) {
  var e = n.parentElement;
  if (!n.textContent.trim() || e.closest('[hidden], .sr, table.heat') || !e.getClientRects().length) continue;
  if (getComputedStyle(e).visibility === 'hidden') continue;
  var f = e.closest('[data-scale]'), px = parseFloat(getComputedStyle(e).fontSize) * (f ? Number(f.getAttribute('data-scale')) : 1);
  if (e instanceof SVGElement) { var m = e.getScreenCTM(); px = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b); }  // in its drawing's units
  if (px < least[0]) least = [px, n.textContent.trim().slice(0, 40)];
}
return [least[0] / H, least[1]];"""

# the shown widget slide's table cells whose right edge lies past the box that clips them (a scroll box, or the slide)
CLIPPED = """var f = document.querySelector('.widget-slide:not([hidden])'), out = [];
f.querySelectorAll('table th, table td').forEach(function (e) {
  if (!e.getClientRects().length || e.closest('[hidden]')) return;
  var box = e.parentElement.closest('.scroll') || f, r = e.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.width && r.right > b.right + 1) out.push([e.textContent.trim().slice(0, 20), Math.round(r.right), Math.round(b.right)]);
});
return out;"""

# widget text at 22 px at 720p (33 at 1080p) on every widget slide: a dense widget's explanatory lines are in
# the speaker notes (slides.TO_NOTES), a tall one is shown part by part (slides.WIDGET_PARTS)
FLOOR = 22 / 720


def _size(driver, size):
    driver.set_window_size(*size)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner != list(size):  # the window's chrome takes some: make the viewport itself this size
        driver.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
    wait_for(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", 5, *size)


def _widget_slides(driver, page: Path):
    driver.get(page.resolve().as_uri())
    wait_for(driver, "return document.documentElement.classList.contains('js')", 10)
    kinds = driver.execute_script("return JSON.parse(document.getElementById('deck-data').textContent)"
                                  ".slides.map(function (s) { return s.kind; })")
    return [i for i, k in enumerate(kinds) if k == "widget"]


def _check(m, where):
    assert m["inside"], (where, m)
    assert not m["scrolls"], (where, m)
    # readable: a tall widget is shown part by part; the training replay keeps the room of its three runs, their
    # legend and the conclusion from the start (fitted once, nothing moves as a run ends): 0.55 at 1280×720
    # the block stepper is walked line by line on its slide (deck.frames walk): fitted once at its tallest step
    assert (0.5 if any(k in str(m.get("id")) for k in ("training", "block")) else 0.6) <= m["scale"] <= 2.5, (where, m)
    assert m["text"] >= 0.020, (where, m)  # its prose at least 2 % of the slide's height (page size: 1.8 %; the W x editor with its question is the tightest, 2.05 %)
    assert m["fills"] > 0.6, (where, m)  # laid out wider as it shrinks, so it still spans the slide
    assert m["natural"] * m["scale"] <= m["room"] + 1, (where, m)  # its scaled height fits (it is shrunk
    # where its height, or a table's width, does not fit at the slide's own size)


@pytest.mark.parametrize("topic", TOPICS)
def test_every_widget_slide_fits_the_stage(browser, decks, topic):
    scaled, text = set(), {}
    for size in SIZES:
        _size(browser, size)
        slides = _widget_slides(browser, decks / topic / "index.html")
        assert slides, topic
        for i in slides:
            assert browser.execute_script(GO, i) == str(i)
            m = browser.execute_script(MEASURE)
            _check(m, (topic, size, i))
            browser.execute_script("document.querySelectorAll('.frame:not([hidden]) details.predict')"  # its answer too
                                   ".forEach(function (d) { d.classList.remove('fragment-pending'); d.open = true; })")
            wait_for(browser, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)
            least, what = browser.execute_script(SMALLEST)
            assert least >= FLOOR - 1e-4, (topic, size, i, least * size[1], what)
            if size == SIZES[0]:  # every table whole: no cell cut at the right of the box it scrolls in
                assert not browser.execute_script(CLIPPED), (topic, size, i, browser.execute_script(CLIPPED))
            if m["part"]:  # a widget shown part by part: this slide's part only
                assert m["parts"] == [m["part"]], (topic, i, m)
            if m["scale"] < 1:
                scaled.add(m["id"])
            text[(size, i)] = m["text"]
    if topic == "positional":  # the three ways to combine, shown part by part, each at full size or larger
        assert "w-slide-combine" not in scaled, scaled
    assert sum(text.values()) / len(text) >= 0.028, text  # on average about 3 % of the slide: a back row reads it
    for (w, h), i in text:  # the same look at any size: scaled with the slide
        assert text[((w, h), i)] == pytest.approx(text[(SIZES[0], i)], rel=0.06), (topic, i, text)
    # a resize fits the shown slide again, without moving to another slide
    _size(browser, SIZES[1])
    browser.execute_script(GO, slides[-1])
    _size(browser, SIZES[0])
    wait_for(browser, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)
    _check(browser.execute_script(MEASURE), (topic, "resized", slides[-1]))
    assert not console_errors(browser)


def test_d_dims_the_slide_and_a_slide_key_brings_it_back(browser, decks):
    """D lays a 70 % black veil over the slide (the speaker in the light), listed in the help; D, Esc
    or a slide key lifts it without moving on."""
    _size(browser, SIZES[0])
    browser.get((decks / "worked" / "index.html").resolve().as_uri())
    wait_for(browser, "return document.documentElement.classList.contains('js')", 10)
    key = "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}));"
    state = ("var d = document.getElementById('dim'), r = d.getBoundingClientRect();"
             "return [d.hidden, getComputedStyle(d).backgroundColor, r.width, r.height,"
             " document.getElementById('deck').getAttribute('data-slide')]")
    assert "D dim" in browser.find_element("id", "keyhelp").get_attribute("textContent")  # the list on ?
    browser.execute_script(key, "PageDown")
    for lift in ("d", "Escape", "PageDown"):
        browser.execute_script(key, "D")
        assert browser.execute_script(state) == [False, "rgba(0, 0, 0, 0.7)", 1280, 720, "1"], lift
        browser.execute_script(key, lift)
        assert browser.execute_script(state)[0] is True and browser.execute_script(state)[4] == "1", lift
    for _ in range(3):  # the simulator's predict box first (its question, then its answer), then slide 2
        browser.execute_script(key, "PageDown")
        if browser.execute_script(state)[4] == "2":
            break
    assert browser.execute_script(state)[4] == "2"
    assert not console_errors(browser)


def test_a_predict_box_is_a_build_step_question_then_answer(browser, decks):
    """reveal.js fragments: on a widget slide that asks a prediction, the first next key shows the
    question, the second opens its answer, the third moves on; back onto the slide shows both."""
    _size(browser, SIZES[0])
    slides = _widget_slides(browser, decks / "positional" / "index.html")
    i = slides[1]  # the seat-number machine (naive) asks one
    assert browser.execute_script(GO, i) == str(i)
    state = ("var f = document.querySelector('.widget-slide:not([hidden])'), d = f.querySelector('details.predict');"
             "return [document.getElementById('deck').getAttribute('data-slide'), f.getAttribute('data-fragment'),"
             " getComputedStyle(d).visibility, d.open];")
    key = "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0]}));"
    assert browser.execute_script(state) == [str(i), "0", "hidden", False]
    browser.execute_script(key, "PageDown")
    assert browser.execute_script(state) == [str(i), "1", "visible", False]
    browser.execute_script(key, "ArrowRight")
    assert browser.execute_script(state) == [str(i), "2", "visible", True]
    browser.execute_script(key, " ")
    assert browser.execute_script("return document.getElementById('deck').getAttribute('data-slide')") == str(i + 1)
    browser.execute_script(key, "PageUp")
    assert browser.execute_script(state) == [str(i), "2", "visible", True]
    assert not console_errors(browser)
