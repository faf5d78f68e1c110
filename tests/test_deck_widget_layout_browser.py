"""The depth deck's two densest widget slides at a projector's 1280×720 and at 1920×1080: the training
replay (controls in a left column, the chart across the rest: its 10⁴ label under the title, its step labels
apart, the verdict and the conclusion in room kept for them from the start) and the shortcut widget (the
opening hint clear of the bars' names, the bars clear of the printed gradients, the readout's name not a
word a line); checkboxes at 3 % of the slide's height. Built for the depth topic without renders."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")
deck = deck_fixture("depth")
SIZES = ((1280, 720), (1920, 1080))
AT = "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]"

# the boxes of the selectors' visible elements on screen, [selector, text, left, top, right, bottom]
BOXES = """var out = [];
arguments[0].forEach(function (q) {
  document.querySelectorAll(q).forEach(function (e) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden' || e.closest('[hidden]')) return;
    var r = e.getBoundingClientRect();
    if (r.width && r.height) out.push([q, e.textContent.trim().slice(0, 30), r.left, r.top, r.right, r.bottom]);
  });
});
return out;"""


def _meet(a, b, slack=1.0):
    return a[2] < b[4] - slack and b[2] < a[4] - slack and a[3] < b[5] - slack and b[3] < a[5] - slack


def _open(driver, page, k, size):
    driver.set_window_size(*size)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner != list(size):
        driver.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
    wait_for(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", 5, *size)
    driver.get(page.resolve().as_uri() + f"#{k + 1}")
    driver.refresh()
    wait_for(driver, AT, 15, str(k))
    wait_for(driver, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)


def _slide(deck, frame):
    return next(i for i, s in enumerate(deck_json(deck)["slides"]) if s["frame"] == frame)


@pytest.mark.parametrize("size", SIZES)
def test_training_slide_chart_wide_labels_apart_verdict_large(browser, deck, size):
    _open(browser, deck / "index.html", _slide(deck, "w-slide-training"), size)
    h = size[1]
    title = browser.execute_script(BOXES, ["#w-slide-training h3"])[0]
    ticks = browser.execute_script(BOXES, ["#w-slide-training .tr-ticks span"])
    assert ticks and not [t for t in ticks if _meet(t, title)], (title, ticks)  # 10⁴ under the title, not on it
    chart = browser.execute_script(BOXES, ["#w-slide-training .tr-chart > svg"])[0]
    assert chart[4] - chart[2] >= 0.5 * size[0], chart  # most of the slide's width (was ~330 px at 1280)
    xs = browser.execute_script(BOXES, ["#w-slide-training .tr-xticks span"])
    assert len(xs) >= 5 and not [(a, b) for a, b in zip(xs, xs[1:]) if _meet(a, b, 0)], xs  # "10 20" apart
    scale = float(browser.execute_script("return document.getElementById('w-slide-training').getAttribute('data-scale')"))
    bottom = browser.execute_script(BOXES, ["#w-slide-training .tr-conclusion"])  # hidden: no box yet
    assert not bottom
    browser.execute_script("document.getElementById('w-training-guess-1').click();"
                           "document.querySelector('[data-tr-train]').click()")
    wait_for(browser, "return !document.querySelector('[data-tr-train]').disabled && "
                      "document.querySelector('[data-tr-verdict]').textContent !== ''", 30)
    verdict = browser.execute_script(
        "var v = document.querySelector('[data-tr-verdict]'); return parseFloat(getComputedStyle(v).fontSize)"
        " * Number(document.getElementById('w-slide-training').getAttribute('data-scale'))")
    assert verdict >= 0.03 * h, verdict
    # after a run: everything inside the slide, over nothing, without a new fit
    stage = browser.execute_script("var r = document.getElementById('stage').getBoundingClientRect(); return [r.bottom, r.right]")
    after = browser.execute_script(BOXES, ["#w-slide-training [data-tr-verdict]",
                                           "#w-slide-training .tr-legend", "#w-slide-training .tr-controls",
                                           "#w-slide-training .tr-chart > svg", "#w-slide-training .tr-scrub",
                                           "#w-slide-training h3"])
    assert len(after) == 6, after  # the conclusion is the speaker's (notes): no box on the slide
    assert all(b[5] <= stage[0] + 1 and b[4] <= stage[1] + 1 for b in after), (stage, after)
    assert not [(a, b) for i, a in enumerate(after) for b in after[i + 1:] if _meet(a, b)], after
    assert float(browser.execute_script(
        "return document.getElementById('w-slide-training').getAttribute('data-scale')")) == pytest.approx(scale, rel=0.02)
    assert not console_errors(browser)


@pytest.mark.parametrize("size", SIZES)
def test_shortcut_slide_nothing_overlaps_and_the_checkbox_is_large(browser, deck, size):
    _open(browser, deck / "index.html", _slide(deck, "w-slide-shortcut"), size)
    parts = ["#w-slide-shortcut .sc-hint", "#w-slide-shortcut .gradbars small", "#w-slide-shortcut .gradbars + .axis",
             "#w-slide-shortcut pre.prints", "#w-slide-shortcut .readout", "#w-slide-shortcut .step-title",
             "#w-slide-shortcut p.show", "#w-slide-shortcut .share-row"]
    for steps in (0, 5):  # the opening hint over empty bars, then every bar drawn
        browser.execute_script("var b = document.querySelector('#w-slide-shortcut [data-step=\"1\"]');"
                               "for (var i = 0; i < arguments[0]; i += 1) b.click();", steps)
        wait_for(browser, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)
        boxes = browser.execute_script(BOXES, parts)
        bars = browser.execute_script(BOXES, ["#w-slide-shortcut .gradbars .bar"])
        clash = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if _meet(a, b)]
        clash += [(a, b) for a in bars for b in boxes if not b[0].endswith("small") and _meet(a, b)]
        assert not clash, (steps, clash)
        names = [b for b in boxes if b[0].endswith("small")]
        assert len(names) == 5 and not [(a, b) for a, b in zip(names, names[1:]) if _meet(a, b, 0)], names
    pills = browser.execute_script(BOXES, ["#w-slide-shortcut .pills label"])
    assert len(pills) == 3 and all(b[2] - a[4] >= 6 for a, b in zip(pills, pills[1:])), pills  # apart, not touching
    shares = browser.execute_script(BOXES, ["#w-slide-shortcut .share-row .pin"])
    assert len(shares) == 1, shares  # one Pin
    dt = browser.execute_script(BOXES, ["#w-slide-shortcut .readout dt"])
    assert dt and all(d[5] - d[3] <= 3 * 1.6 * 0.034 * size[1] for d in dt), dt  # "① fade, …" in three lines at most, not a word a line
    box = browser.execute_script(BOXES, ["#w-shortcut-sc"])[0]
    assert box[5] - box[3] >= 0.03 * size[1] and box[4] - box[2] >= 0.03 * size[1], box
    assert not console_errors(browser)


def _reloaded_at(browser, deck, slide_id: str, state: str) -> int:
    """The deck reloaded at #k&w=STATE, the address of the slide `slide_id`, with no frame kept for the tab; k − 1."""
    k = _slide(deck, slide_id)
    browser.get("about:blank")
    browser.get((deck / "index.html").resolve().as_uri() + f"#{k + 1}&w={state}")
    browser.execute_script("sessionStorage.clear()")
    browser.refresh()
    wait_for(browser, AT, 15, str(k))
    return k


def test_a_reload_keeps_the_widget_state_in_the_address(browser, deck):
    """Opened (or reloaded) at #k&w=block:step=4 with no frame kept for the tab, the block widget's slide shows
    step 4, and the address still names it."""
    k = _reloaded_at(browser, deck, "w-slide-block", "block:step=4")
    step = "return document.querySelector('#w-block [data-control=step]').getAttribute('data-value')"
    assert browser.execute_script(step) == "4"
    assert browser.execute_script("return location.hash") == f"#{k + 1}&w=block:step=4"
    assert not console_errors(browser)


def test_an_address_with_a_moved_slider_opens_on_its_slide(browser, deck):
    """#k&w=gain:s=10, the address the deck writes once the gain slider has moved, opens on slide k: the page's
    own sharing no longer rewrites it to a page address (#w=gain…, no slide) before the deck reads it."""
    k = _reloaded_at(browser, deck, "w-slide-gain", "gain:s=10")
    assert browser.execute_script("return location.hash").startswith(f"#{k + 1}&w=gain")
    assert not console_errors(browser)


GAIN = ("return [document.getElementById('w-gain-s').value,"
        " document.querySelector('#w-gain [data-gain-out]').textContent, location.hash]")


def test_an_address_with_a_moved_slider_restores_the_slider(browser, deck):
    """Opened at #k&w=gain:s=10 the gain slider stands at 10, not at its opening row, and the chart computed in the
    page says the s of that row; the address keeps it."""
    k = _reloaded_at(browser, deck, "w-slide-gain", "gain:s=10")
    assert deck_json(deck)["slides"][k]["widget"] == "gain"
    s_grid = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent)"
                                    ".widgets.gain.live.s_grid")
    opening = browser.execute_script("return document.getElementById('w-gain-s').defaultValue")
    assert opening != "10"
    value, out, where = browser.execute_script(GAIN)
    assert value == "10", (value, out)
    assert out == f"s = {s_grid[10]:.2f}", out
    assert where == f"#{k + 1}&w=gain:s=10"
    assert not console_errors(browser)


def test_an_address_followed_in_the_open_deck_restores_the_slider(browser, deck):
    """An address with a widget's state typed or followed in a deck already open (a hashchange, no reload) moves
    the slider too, not the slide alone."""
    k = _reloaded_at(browser, deck, "w-slide-gain", "gain:s=10")
    browser.execute_script("location.hash = '#1'")
    wait_for(browser, AT, 10, "0")
    browser.execute_script("location.hash = arguments[0]", f"#{k + 1}&w=gain:s=12")
    wait_for(browser, AT, 10, str(k))
    wait_for(browser, "return document.getElementById('w-gain-s').value === '12'", 5)
    browser.execute_script("location.hash = arguments[0]", f"#{k + 1}&w=gain:s=3")  # the same slide, another value
    wait_for(browser, "return document.getElementById('w-gain-s').value === '3'", 5)
    assert browser.execute_script("return location.hash") == f"#{k + 1}&w=gain:s=3"
    assert not console_errors(browser)


def test_question_mark_lists_the_keys_and_closes(browser, deck):
    from selenium.webdriver.common.keys import Keys

    from tests.browser import press

    _open(browser, deck / "index.html", 0, SIZES[0])
    shown = "return !document.getElementById('keyhelp').hidden"
    assert not browser.execute_script(shown)
    press(browser, "?")
    wait_for(browser, shown, 5)
    items = browser.execute_script("return Array.from(document.querySelectorAll('#keyhelp li'), e => e.textContent)")
    assert len(items) >= 10 and any(i.startswith("O ") for i in items) and any(i.startswith("?") for i in items), items
    press(browser, Keys.PAGE_DOWN)  # a slide key waits while the list is open
    assert browser.execute_script(AT, "0") and browser.execute_script(shown)
    press(browser, "?")
    wait_for(browser, "return document.getElementById('keyhelp').hidden", 5)
    press(browser, "?")
    wait_for(browser, shown, 5)
    press(browser, Keys.ESCAPE)
    wait_for(browser, "return document.getElementById('keyhelp').hidden", 5)
    press(browser, Keys.PAGE_DOWN)  # the keys are the deck's again
    wait_for(browser, AT, 10, "1")
    assert not console_errors(browser)


def test_overview_shows_each_widget_slide_as_a_thumbnail(browser, deck):
    """O: a widget slide's card is a small copy of its widget (its title, its controls as they stand), inside the
    card, with no ids of its own (the slides' ids stay unique); its number and title under it."""
    _open(browser, deck / "index.html", 0, SIZES[0])
    slides = deck_json(deck)["slides"]
    browser.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'o'}))")
    cards = browser.execute_script(
        "return Array.from(document.querySelectorAll('#overview [data-goto]'), b => { var c = b.querySelector('.card'),"
        " t = c && c.querySelector('.thumb-live'); if (!t) return null; var r = c.getBoundingClientRect(),"
        " q = t.getBoundingClientRect(); return [t.querySelector('h3') ? t.querySelector('h3').textContent : '',"
        " q.width <= r.width + 1, t.querySelectorAll('[id]').length, b.querySelector(':scope > .label').textContent]; })")
    for k, (s, card) in enumerate(zip(slides, cards)):
        if s["kind"] != "widget":
            assert card is None, (k, card)
            continue
        title, inside, ids, label = card
        assert title and title in s["title"] and inside and ids == 0, (k, card)
        assert label == f"{k + 1}. {s['title']}", (k, label)
    assert browser.execute_script("return new Set(Array.from(document.querySelectorAll('[id]'), e => e.id)).size"
                                  " === document.querySelectorAll('[id]').length")
    assert not console_errors(browser)
