"""The training replay on its deck slide (the depth LESSON places it before loss_curves, for the page and
the deck alike): the conclusion waits for a run, the step slider takes ↑/↓ while → still changes the
slide (a clicker's key). Built for the depth topic without renders."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_deck, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")


deck = deck_fixture("depth")


def test_training_slide_waits_for_a_run_and_keeps_the_clicker_keys(browser, deck):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-training")
    open_deck(browser, deck, k)
    at = "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]"
    conclusion = browser.find_element("css selector", "#w-slide-training [data-tr-conclusion]")
    assert not conclusion.is_displayed()  # the seed's conclusion states the outcome: not before a run
    browser.execute_script("document.getElementById('w-training-guess-1').click();"
                           "document.querySelector('[data-tr-train]').click()")
    wait_for(browser, "return !document.querySelector('[data-tr-train]').disabled && "
                      "document.querySelector('[data-tr-verdict]').textContent !== ''", 20)
    assert conclusion.is_displayed()
    browser.find_element("id", "w-training-scrub").click()  # entered, the slider focused
    press(browser, Keys.HOME)
    press(browser, Keys.ARROW_UP)
    step = browser.find_element("css selector", "#w-slide-training [data-tr-step]").text
    assert step == "1 / 299"
    press(browser, Keys.ARROW_RIGHT)  # entered: → is the slider's, one step of the run
    assert browser.find_element("css selector", "#w-slide-training [data-tr-step]").text == "2 / 299"
    press(browser, Keys.ARROW_LEFT)
    press(browser, Keys.PAGE_DOWN)  # the clicker's key: the next slide, the slider untouched
    wait_for(browser, at, 15, str(k + 1))
    assert browser.execute_script(  # the slider untouched: still at step 1's place on the log axis
        "return document.querySelector('#w-slide-training [data-tr-step]').textContent") == "1 / 299"
    assert not console_errors(browser)


TITLE_CLEAR = """
var f = document.getElementById('w-slide-training'), t = f.querySelector('h3').getBoundingClientRect(), hit = [];
f.querySelectorAll('.tr-ticks span, .tr-chart svg *, .tr-chart [data-tr-xmark], .nan-label, .off-label, .tr-dot')
 .forEach(function (e) {
  var b = e.getBoundingClientRect();
  if ((b.width || b.height) && b.top < t.bottom && b.bottom > t.top && b.left < t.right && b.right > t.left)
    hit.push((e.getAttribute('class') || e.tagName) + ' ' + e.textContent.slice(0, 20));
});
var lg = f.querySelector('[data-tr-legend]'), c = f.firstElementChild, room = f.getBoundingClientRect();
return {hit: hit, legend: [lg.scrollHeight, lg.clientHeight, lg.children.length],
        bottom: c.getBoundingClientRect().bottom, room: room.bottom, scrolls: f.scrollHeight > f.clientHeight + 1};
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_three_runs_leave_the_title_clear_and_the_legend_whole(browser, deck, size):
    """After the lesson's three runs (s = 3.0 and 0.3 without LayerNorm, 0.3 with it) no tick label, curve or
    overflow label meets the slide's title, the legend shows every run without a scroll box, the slide fits."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    try:
        k = next(i for i, s in enumerate(deck_json(deck)["slides"]) if s["frame"] == "w-slide-training")
        open_deck(browser, deck, k)
        for s, ln in ((1, 0), (0, 0), (0, 1)):
            browser.execute_script(f"document.getElementById('w-training-s-{s}').click();"
                                   f"document.getElementById('w-training-ln-{ln}').click();"
                                   "document.getElementById('w-training-guess-2').click();"
                                   "document.querySelector('[data-tr-train]').click()")
            wait_for(browser, "return !document.querySelector('[data-tr-train]').disabled && "
                              "document.querySelector('[data-tr-verdict]').textContent !== ''", 30)
        wait_for(browser, "return new Promise(function (r) { setTimeout(function () { r(true); }, 400); })", 5)
        m = browser.execute_script(TITLE_CLEAR)
        assert m["hit"] == [], (size, m)  # 10⁴, the blow-up's curve and "overflow at step 2" under the title
        assert m["legend"][2] == 3 and m["legend"][0] <= m["legend"][1], (size, m)  # every run, no scrolling
        assert not m["scrolls"] and m["bottom"] <= m["room"] + 1, (size, m)
        assert not console_errors(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
