"""The training replay on its deck slide (the depth LESSON places it before loss_curves, for the page and
the deck alike): the conclusion waits for a run, the step slider takes ↑/↓ while → still changes the
slide (a clicker's key). Built for the depth topic without renders."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, deck_fixture, press, console_errors, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")


deck = deck_fixture("depth")


def test_training_slide_waits_for_a_run_and_keeps_the_clicker_keys(browser, deck):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-training")
    browser.get((deck / "index.html").resolve().as_uri() + f"#{k + 1}")
    browser.refresh()
    at = "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]"
    wait_for(browser, at, 15, str(k))
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
