"""The training replay on its deck slide (the depth LESSON places it before loss_curves, for the page and
the deck alike): the conclusion waits for a run, the step slider takes ↑/↓ while → still steps the
slide (a clicker's key: the slide's questions and runs, then the next slide). Built for the depth topic without renders."""
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
    # the widget reached its conclusion; the slide leaves it to the speaker notes (slides.TO_NOTES), the chart has its room
    assert conclusion.get_attribute("hidden") is None and not conclusion.is_displayed()
    browser.find_element("id", "w-training-scrub").click()  # entered, the slider focused
    press(browser, Keys.HOME)
    press(browser, Keys.ARROW_UP)
    step = browser.find_element("css selector", "#w-slide-training [data-tr-step]").text
    assert step == "1 / 299"
    press(browser, Keys.ARROW_RIGHT)  # entered: → is the slider's, one step of the run
    assert browser.find_element("css selector", "#w-slide-training [data-tr-step]").text == "2 / 299"
    press(browser, Keys.ARROW_LEFT)
    press(browser, Keys.PAGE_DOWN)  # the clicker's key: the slide's next step (its first question), the slider untouched
    wait_for(browser, "return document.getElementById('w-slide-training').getAttribute('data-fragment') === '1'", 15)
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


SMALLEST = """
var f = document.getElementById('w-slide-training'), least = [1e9, ''];
f.querySelectorAll('*').forEach(function (e) {
  var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  var r = e.getBoundingClientRect(), cs = getComputedStyle(e);
  if (!own || !r.width || !r.height || cs.visibility === 'hidden' || e.closest('[hidden]')) return;
  var m = e.getScreenCTM ? e.getScreenCTM() : null, s = Number(f.getAttribute('data-scale'));
  var px = e instanceof SVGElement && m ? parseFloat(cs.fontSize) * Math.hypot(m.a, m.b) : parseFloat(cs.fontSize) * s;
  if (px < least[0]) least = [px, e.className + ' ' + e.textContent.trim().slice(0, 30)];
});
return {least: least, scale: f.getAttribute('data-scale'), title: f.querySelector('h3').getBoundingClientRect().height,
        verdict: f.querySelector('[data-tr-verdict]').textContent, ask: f.querySelector('[data-tr-verdict]').getAttribute('data-deck-ask'),
        legend: f.querySelector('[data-tr-legend]').textContent, count: document.getElementById('count').textContent,
        conclusion: !f.querySelector('[data-tr-conclusion]').hidden && f.querySelector('[data-tr-conclusion]').getAttribute('data-state')};
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_clicker_steps_the_training_slide(browser, deck, size):
    """PageDown alone: for each of the seed's three runs, the question (the start asked about) then the run and its
    verdict; the conclusion after the third; then the next slide. The slide keeps one scale (its title one size) and
    no text under 3 % of the height at any step; the outcome the deck trains with is called nobody's prediction."""
    from selenium.webdriver.common.keys import Keys

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
    try:
        slides = deck_json(deck)["slides"]
        k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-training")
        assert [f.get("run") or "ask" for f in slides[k]["frames"]] == ["ask", "1|0", "ask", "0|0", "ask", "1|1"]
        open_deck(browser, deck, k)
        first = browser.execute_script(SMALLEST)
        names = ["s = 3.0, LayerNorm off", "s = 0.3, LayerNorm off", "s = 3.0, LayerNorm on"]
        for name in names:
            press(browser, Keys.PAGE_DOWN)  # the question
            m = browser.execute_script(SMALLEST)
            assert m["ask"] and m["ask"].startswith(name) and m["verdict"] == "", m
            press(browser, Keys.PAGE_DOWN)  # the run
            wait_for(browser, "return !document.querySelector('[data-tr-train]').disabled && "
                              "document.querySelector('[data-tr-verdict]').textContent !== ''", 30)
            m = browser.execute_script(SMALLEST)
            assert m["verdict"].startswith(name + ": the loss"), m
            assert "prediction" not in m["verdict"] and "predicted" not in m["legend"], m
            assert m["least"][0] >= 22 / 720 * size[1] - 0.5, (size, m)
            # fitted once as it shows: the first run's readouts may take a pixel more once (2 % at most)
            assert abs(float(m["scale"]) / float(first["scale"]) - 1) <= 0.02, (first, m)
            assert abs(m["title"] / first["title"] - 1) <= 0.02, (first, m)
        assert m["conclusion"] == "all"
        press(browser, Keys.PAGE_DOWN)
        wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 15,
                 str(k + 1))
        assert not console_errors(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_widget_moving_on_a_slide_left_behind_leaves_the_address_to_the_slide_shown(browser, deck):
    """A run still animating when → is pressed keeps updating its widget: the address stays the shown slide's,
    so a reload (F5) comes back to the slide the room sees, not to the widget's state on the wrong slide."""
    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-training")
    n = next(i for i in range(k + 1, len(slides)) if slides[i]["frame"] != "w-slide-training")
    open_deck(browser, deck, n)
    browser.execute_script("document.querySelector('#w-slide-training [data-widget]')"
                           ".dispatchEvent(new Event('input', {bubbles: true}))")  # as a replay's step would
    wait_for(browser, "return new Promise(function (r) { requestAnimationFrame(function () {"
                      " requestAnimationFrame(function () { r(true); }); }); })", 5)
    assert browser.execute_script("return location.hash") == f"#{n + 1}"
    browser.refresh()
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 30, str(n))
    assert not console_errors(browser)
