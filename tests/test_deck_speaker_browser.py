"""The speaker view's "Next" for a widget slide: a still of the widget as the page opens it (its title,
its controls at their opening values), not an empty card, scaled to fit its box; built for the depth topic without renders
(its title and widget slides), so the slide before the training replay is a widget slide too."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from studio.publish.pages.text import UI
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_speaker, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")


deck = deck_fixture("depth")


def test_next_widget_slide_shows_its_still_in_the_speaker_view(browser, deck):
    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == "w-slide-training")
    assert slides[k - 1]["kind"] in ("widget", "title")
    main, speaker = open_speaker(browser, deck, k - 1)  # on the slide before the replay
    try:
        browser.switch_to.window(speaker)
        wait_for(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 15, str(k - 1))
        still = browser.find_element("id", "sp-next-live")
        assert still.is_displayed() and not browser.find_element("id", "sp-next-card").is_displayed()
        assert UI["en"]["title_training"] in still.text and UI["en"]["tr_s"] in still.text
        checked = browser.execute_script(  # the opening start, s = 3.0 without LayerNorm, as the page opens it
            "return Array.from(document.querySelectorAll('#sp-next-live input:checked')).map(e => e.value)")
        assert checked == ["1", "0"]
        assert browser.execute_script("return document.querySelectorAll('#sp-next-live [id]').length") == 0
        # the still scaled to fit its box: the whole widget inside the box, the box inside the column, nothing cut
        box, fit, col, cut = browser.execute_script(
            "var b = document.getElementById('sp-next-live'), f = b.firstElementChild, c = b.parentNode;"
            "function r(e) { var q = e.getBoundingClientRect(); return [q.left, q.top, q.right, q.bottom]; }"
            "return [r(b), r(f), r(c), b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1]")
        assert not cut, (box, fit)
        assert fit[2] <= box[2] + 1.5 and fit[3] <= box[3] + 1.5, (box, fit)
        assert box[3] <= col[3] + 1 and box[2] <= col[2] + 1, (box, col)
        assert fit[2] - fit[0] >= 0.9 * (box[2] - box[0]) or fit[3] - fit[1] >= 0.9 * (box[3] - box[1]), (box, fit)
        assert not console_errors(browser)
    finally:
        browser.close()
        browser.switch_to.window(main)


def test_speaker_window_keys_move_the_audience_window(browser, deck):
    """A clicker works in either window: → (and PageDown, Space) in the speaker view advance the deck's window,
    ← goes back, and both windows show the same slide."""
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    walk = len(slides[1]["frames"])  # slide 2 (the word) is a stepper: → walks its steps before the next slide
    assert walk >= 2, slides[1]
    main, speaker = open_speaker(browser, deck, 0)
    try:
        browser.switch_to.window(speaker)
        wait_for(browser, "return document.body.getAttribute('data-slide') === '0'", 15)
        # each press from the speaker's window: the deck's window moves (slide, and step on a walked slide) and the
        # speaker view follows it (the same slide, its presses left one fewer)
        presses = [(Keys.ARROW_RIGHT, "1", walk)] + [(Keys.PAGE_DOWN, "1", walk - j) for j in range(1, walk + 1)]
        for key, want, left in presses + [(Keys.PAGE_DOWN, "2", None), (Keys.ARROW_LEFT, "1", 0)]:
            press(browser, key)
            wait_for(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 15, want)
            if left is not None:
                wait_for(browser, "return document.body.getAttribute('data-parts-left') === arguments[0]", 15, str(left))
            browser.switch_to.window(main)
            wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]",
                     15, want)
            if left is not None and want == "1":  # the deck's window on the step the speaker view counts from
                wait_for(browser, "return Number(document.querySelector('.frame:not([hidden])')"
                                  ".getAttribute('data-fragment') || 0) === arguments[0]", 15, walk - left)
            browser.switch_to.window(speaker)
        assert not console_errors(browser)
    finally:
        browser.close()
        browser.switch_to.window(main)


def test_speaker_view_opened_alone_still_moves_with_its_keys(browser, deck):
    """index.html#speaker opened with no deck's window: →, PageDown and Space move its own slide (its notes
    follow); ← goes back."""
    from selenium.webdriver.common.keys import Keys

    browser.get((deck / "index.html").resolve().as_uri() + "#speaker")
    browser.refresh()
    wait_for(browser, "return document.body.getAttribute('data-slide') === '0'", 15)
    slides = deck_json(deck)["slides"]
    n, walk = len(slides), len(slides[1]["frames"])  # slide 2 (the word): its steps, one press each, then slide 3
    keys = [(Keys.ARROW_RIGHT, 1, walk)] + [((Keys.PAGE_DOWN, Keys.SPACE)[j % 2], 1, walk - j) for j in range(1, walk + 1)]
    for key, want, left in keys + [(Keys.PAGE_DOWN, 2, None), (Keys.SPACE, 3, None), (Keys.ARROW_LEFT, 2, None)]:
        press(browser, key)
        wait_for(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 15, str(want))
        if left is not None:  # its notes stay while the steps are walked, the presses left counted down
            wait_for(browser, "return document.body.getAttribute('data-parts-left') === arguments[0]", 15, str(left))
            assert slides[1]["notes"][0] in browser.find_element("id", "sp-notes").text
    assert browser.find_element("id", "sp-count").text == f"Slide 3 of {n}"
    assert not console_errors(browser)
