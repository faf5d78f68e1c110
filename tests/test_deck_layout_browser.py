"""The depth deck's widget slides laid out as slides and its look following the room's (issue 28), in
headless Chromium at 1280×720, built without renders (its title and widget slides):

- a stepper's "Step k of n" stays in its widget's flow, clear of the other text and of the deck's slide
  number (the deck's counter rule once placed it over the block's shapes);
- a predict box not yet reached takes no room (no blank band under the title), and a widget at its largest
  scale sits in the middle of the slide's height;
- the look follows prefers-color-scheme until the presenter chooses one (T), kept across reloads in
  localStorage "tf-theme", as the lesson pages keep it."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_deck, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")


deck = deck_fixture("depth")


def _size(driver, w=1280, h=720):
    driver.set_window_size(w, h)
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner != [w, h]:
        driver.set_window_size(2 * w - inner[0], 2 * h - inner[1])
    wait_for(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", 5, w, h)


# the shown slide's step counter: its box, the boxes of the widget's other text it meets, and whether it
# meets the deck's slide number
COUNTER = """var f = document.querySelector('.widget-slide:not([hidden])'), c = f.querySelector('[data-count]');
if (!c) return null;
var r = c.getBoundingClientRect(), meets = function (a) { return a.width && a.height && a.left < r.right - 1 &&
  r.left < a.right - 1 && a.top < r.bottom - 1 && r.top < a.bottom - 1; };
var hits = [], walk = document.createTreeWalker(f, NodeFilter.SHOW_TEXT), n;
while ((n = walk.nextNode())) {
  var e = n.parentElement;
  if (!n.textContent.trim() || c.contains(e) || e.closest('[hidden]') || getComputedStyle(e).visibility === 'hidden') continue;
  var range = document.createRange(); range.selectNodeContents(n);
  Array.prototype.forEach.call(range.getClientRects(), function (a) { if (meets(a)) hits.push(n.textContent.trim().slice(0, 30)); });
}
return {text: c.textContent, position: getComputedStyle(c).position, hits: hits,
        deck: meets(document.getElementById('count').getBoundingClientRect())};"""


def test_every_step_counter_sits_in_its_widget_clear_of_other_text(browser, deck):
    _size(browser)
    slides = [i for i, s in enumerate(deck_json(deck)["slides"]) if s["kind"] == "widget"]
    seen = []
    for k in slides:
        open_deck(browser, deck, k)
        m = browser.execute_script(COUNTER)
        if m is None or not m["text"]:
            continue
        seen.append(k)
        assert m["position"] == "static" and not m["hits"] and not m["deck"], (k, m)
    assert len(seen) >= 5, seen  # the depth deck's steppers: LayerNorm, FFN, forward, backward, block, decoding
    assert not console_errors(browser)


BAND = """var f = document.querySelector('.widget-slide:not([hidden])'), c = f.firstElementChild, cs = getComputedStyle(f);
var d = f.querySelector('details.predict.fragment-pending'), fr = f.getBoundingClientRect(), cr = c.getBoundingClientRect();
return {pending: d ? d.getBoundingClientRect().height : null, scale: Number(f.getAttribute('data-scale')),
        above: cr.top - fr.top - parseFloat(cs.paddingTop), below: fr.bottom - parseFloat(cs.paddingBottom) - cr.bottom};"""


def _frames(browser, k):
    """BAND at each frame of slide k, from its first to its last (PageDown until the deck leaves the slide)."""
    out = [browser.execute_script(BAND)]
    for _ in range(20):
        browser.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown'}));")
        if browser.execute_script("return document.getElementById('deck').getAttribute('data-slide')") != str(k):
            break
        out.append(browser.execute_script(BAND))
    return out


@pytest.mark.parametrize("frame", ["w-slide-forward", "w-slide-backward"])
def test_a_predict_box_not_yet_shown_leaves_no_band_and_a_small_widget_is_centred(browser, deck, frame):
    _size(browser)
    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == frame)
    open_deck(browser, deck, k)
    m = browser.execute_script(BAND)
    assert m["pending"] == 0, m  # the question waits for the next key, taking no room
    # fitted once, at its tallest frame (the answer open): the same scale on every frame, inside the slide on each
    # (changed on purpose: it was fitted per frame, its title changing size between frames)
    assert m["above"] >= -1 and m["below"] >= -1, m
    browser.execute_script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown'}));")
    wait_for(browser, "return document.querySelector('.widget-slide:not([hidden]) details.predict').offsetHeight > 0", 5)
    m2 = browser.execute_script(BAND)
    assert m2["above"] >= -1 and m2["below"] >= -1 and m2["scale"] == m["scale"], m2  # the question shown, inside
    # centred for its tallest frame: as much room above it as under that frame (none either side for a widget that
    # fills the slide's height at its tallest, as the forward stepper with its net does at 1280x720; changed on purpose:
    # the forward slide, once small, was asserted to have room above it); the title stays put from frame to frame
    open_deck(browser, deck, k)
    seen = _frames(browser, k)
    assert all(f["scale"] == m["scale"] and f["above"] >= -1 and f["below"] >= -1 for f in seen), seen
    assert max(f["above"] for f in seen) - min(f["above"] for f in seen) <= 1, seen
    tallest = min(seen, key=lambda f: f["below"])
    assert abs(tallest["above"] - tallest["below"]) <= 2, tallest
    if frame == "w-slide-backward":  # a widget with height to spare at its tallest frame: room above it
        assert m["above"] > 5, m
    assert not console_errors(browser)


THEME = ("return [document.documentElement.getAttribute('data-theme'),"
         " getComputedStyle(document.getElementById('stage')).backgroundColor, localStorage.getItem('tf-theme')]")


def _scheme(driver, value: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})


def test_the_look_follows_the_system_until_the_presenter_chooses(browser, deck):
    from look import PALETTES

    def rgb(hex_colour):
        h = hex_colour.lstrip("#")
        return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))

    _size(browser)
    open_deck(browser, deck, 0)
    browser.execute_script("localStorage.removeItem('tf-theme')")
    try:
        _scheme(browser, "dark")
        open_deck(browser, deck, 0)
        assert browser.execute_script(THEME) == ["dark", rgb(PALETTES["dark"].background), None]
        _scheme(browser, "light")  # the system changes: the open deck follows
        wait_for(browser, "return document.documentElement.getAttribute('data-theme') === 'light'", 5)
        _scheme(browser, "dark")
        wait_for(browser, "return document.documentElement.getAttribute('data-theme') === 'dark'", 5)
        browser.execute_script("document.getElementById('deck').dispatchEvent(new KeyboardEvent('keydown', {key: 't', bubbles: true}));")
        assert browser.execute_script(THEME) == ["light", rgb(PALETTES["light"].background), "light"]
        open_deck(browser, deck, 1)  # the choice holds over the system's dark, after a reload too
        assert browser.execute_script(THEME)[0] == "light"
        assert browser.execute_script("return document.getElementById('deck').getAttribute('data-slide')") == "1"
    finally:
        browser.execute_script("localStorage.removeItem('tf-theme')")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not console_errors(browser)


def test_a_deck_built_dark_opens_dark_on_a_light_system(browser, tmp_path):
    """render.py deck … --theme dark: the deck opens dark although the system is light (no presenter's choice kept),
    and T still gives the presenter the light look."""
    from look import PALETTES
    from studio.options import TINY
    from studio.publish.deck import build_deck

    build_deck("depth", "en", theme="dark", quality=TINY, out_root=tmp_path, render=False)
    dark = tmp_path / "decks" / "depth"
    _size(browser)
    open_deck(browser, dark, 0)
    browser.execute_script("localStorage.removeItem('tf-theme')")
    try:
        _scheme(browser, "light")
        open_deck(browser, dark, 0)
        shown = browser.execute_script(THEME)
        assert shown[0] == "dark" and shown[2] is None, shown
        h = PALETTES["dark"].background.lstrip("#")
        assert shown[1] == "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4))), shown
        browser.execute_script("document.getElementById('deck').dispatchEvent(new KeyboardEvent('keydown', {key: 't', bubbles: true}));")
        assert browser.execute_script(THEME)[0] == "light"
    finally:
        browser.execute_script("localStorage.removeItem('tf-theme')")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not console_errors(browser)
