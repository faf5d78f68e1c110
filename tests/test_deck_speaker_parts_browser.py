"""The speaker view's "left in this item" counts a widget's question and answer, also where the question
waits for a later part of the widget (the three ways to combine ask theirs on the widths slide,
data-ask-part): from its first slide, → to the append part, → to the widths part, → the question, → the
answer. The speaker view's address changed to a slide's (#2) gives the deck at that slide. Built for the
positional topic without renders."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_speaker, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")
deck = deck_fixture("positional")
LEFT = "return document.body.getAttribute('data-parts-left') === arguments[0]"


def test_presses_left_count_a_later_part_s_question_and_answer(browser, deck):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-combine")
    assert [s["part"] for s in slides[k:k + 3]] == ["add", "append", "widths"]
    main, speaker = open_speaker(browser, deck, k)
    try:
        browser.switch_to.window(speaker)
        for left in ("4", "3", "2", "1", "0"):  # two parts, then the widths part's question and answer
            try:
                wait_for(browser, LEFT, 15, left)
            except AssertionError:
                raise AssertionError((left, browser.execute_script("return document.body.getAttribute('data-parts-left')"),
                                      browser.execute_script("return document.body.getAttribute('data-slide')")))
            said = browser.find_element("id", "sp-left").text  # none left: the next press moves on, said so
            assert said.endswith(left) if left != "0" else said == "The next press moves on to the next item", said
            browser.switch_to.window(main)
            press(browser, Keys.PAGE_DOWN) if left != "0" else None
            browser.switch_to.window(speaker)
        assert not console_errors(browser)
    finally:
        browser.close()
        browser.switch_to.window(main)


def test_speaker_address_changed_to_a_slide_leaves_the_speaker_view(browser, deck):
    browser.get((deck / "index.html").resolve().as_uri() + "#speaker")
    browser.refresh()
    wait_for(browser, "return document.body.classList.contains('speaker-view')"
                      " && document.documentElement.classList.contains('js')", 15)
    browser.execute_script("location.hash = '#2'")
    wait_for(browser, "return !document.body.classList.contains('speaker-view') && "
                      "document.getElementById('deck') && document.getElementById('deck').getAttribute('data-slide') === '1'", 15)
    assert browser.find_element("id", "stage").is_displayed()
    assert not browser.find_element("id", "speaker").is_displayed()
    assert not console_errors(browser)
