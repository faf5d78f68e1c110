"""Answers written for a widget's opening values, in headless Chromium: each names its case, and it
closes when a control leaves that case, so a revealed answer never sits beside readouts it does not
describe (the seat-number machine's word, the gain slider's s, the feed-forward's x, reorder's P
switch); stepping a stepper or making the swap the question asks for leaves it open. The positional,
depth and worked pages are built once, in English, without renders."""
from __future__ import annotations

import time

import pytest

from engine.naive import naive_position, naive_terms
from engine.signal import signal_decay
from look import fmt_num
from studio.publish.pages.widgets import gain_opening
from tests.browser import chrome_fixture, console_errors, open_page, reveal, wait_for

# one group with tests/test_pages_steppers_browser.py: one worker builds the pages both read (SharedRenders.pages)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("pages without renders")]


@pytest.fixture(scope="module")
def pages(shared_renders):
    """The run's one build of these pages, which the steppers' tests read too (SharedRenders.pages)."""
    return shared_renders.pages(("positional", "depth", "worked"), ("en",))


browser = chrome_fixture("1280,1000")


def _set(driver, control, value) -> None:
    """Move a range or select to `value` as a reader would: the value, then input and change events."""
    driver.execute_script("arguments[0].value = arguments[1];"
                          "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
                          "arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", control, str(value))


def _closed(driver, w) -> bool:
    """The answer is closed again and the live line beside the Show button says nothing."""
    wait_for(driver, "return !arguments[0].querySelector('details.predict').open", 5, w)
    live = w.find_elements("css selector", "[data-revealed]")
    return all(e.text == "" for e in live)


def _answer(driver, w) -> str:
    return driver.execute_script("return arguments[0].querySelector('.answer').textContent", w)


def test_seat_machine_answer_is_for_its_word_and_closes_on_another(browser, pages):
    open_page(browser, pages / "positional" / "index.html", "window.TFPositional")
    w = browser.find_element("id", "w-naive")
    n = naive_position()
    one = fmt_num(naive_terms(n.e_swap, n.e2, 12, 12)[0], 4)  # ① at the opening: the swapped-in word, p = q = 12
    reveal(w)
    answer = _answer(browser, w)
    assert answer.startswith(f"For {n.words[2]} at p = 12, q = 12: ") and f"① only {one}" in answer
    assert w.find_element("css selector", '[data-naive="n0"]').text == one  # the readout the answer quotes
    word = w.find_element("id", "w-naive-word")
    other = next(o.get_attribute("value") for o in word.find_elements("tag name", "option")
                 if o.text != n.words[2])
    _set(browser, word, other)
    assert _closed(browser, w)
    shown = w.find_element("css selector", '[data-naive="n0"]').text
    assert shown and shown != one  # the readouts it unmasked stay, at the new word's value
    _set(browser, word, next(o.get_attribute("value") for o in word.find_elements("tag name", "option")
                             if o.text == n.words[2]))
    reveal(w)  # back at the case: open again, true again
    assert w.find_element("css selector", '[data-naive="n0"]').text == one
    assert not console_errors(browser)


def test_gain_answer_names_its_s_and_closes_when_s_moves(browser, pages):
    open_page(browser, pages / "depth" / "index.html", "window.TFDepth")
    sd = signal_decay()
    k = gain_opening(sd)
    w = browser.find_element("id", "w-gain")
    reveal(w)
    answer = _answer(browser, w)
    plain = w.find_element("css selector", '[data-field="last_plain"]').text
    assert answer.startswith(f"At s = {fmt_num(sd.s_values[k], 1)}: ") and plain in answer
    assert w.find_element("css selector", "[data-revealed]").text == answer
    s = w.find_element("id", "w-gain-s")
    _set(browser, s, s.get_attribute("max"))
    assert _closed(browser, w)
    now = w.find_element("css selector", '[data-field="last_plain"]').text
    assert now and now != plain and now not in _answer(browser, w)
    assert "asking" not in w.get_attribute("class")  # the readouts stay readable
    assert not console_errors(browser)


def test_gain_readouts_show_once_s_moves_without_the_answer(browser, pages):
    """The gain slider's RMS readouts wait ("?") at the s its question asks about, until the answer is opened or
    the student moves s: a moved slider shows its result, the engine's RMS after layer 30 at that s (signal_decay),
    and keeps showing it, back at the asked s too. The answer itself stays closed."""
    from studio.publish.pages.widgets import _sci

    open_page(browser, pages / "depth" / "index.html", "window.TFDepth")
    sd = signal_decay()
    k = gain_opening(sd)
    w = browser.find_element("id", "w-gain")
    plain, ln = (w.find_element("css selector", f'[data-field="{f}"]') for f in ("last_plain", "last_ln"))
    assert "asking" in w.get_attribute("class") and plain.text == "" and ln.text == ""  # "?" in their place
    s = w.find_element("id", "w-gain-s")
    for j in (int(s.get_attribute("max")), 0, k):
        _set(browser, s, j)
        assert "asking" not in w.get_attribute("class")
        assert (plain.text, ln.text) == (_sci(sd.rms_plain[j, -1]), _sci(sd.rms_ln[j, -1])), j
    assert not browser.execute_script("return arguments[0].querySelector('details.predict').open", w)
    assert not console_errors(browser)


def test_ffn_answer_survives_steps_but_not_a_new_x(browser, pages):
    open_page(browser, pages / "depth" / "index.html", "window.TFDepth")
    w = browser.find_element("id", "w-ffn")
    w.find_element("css selector", "details.predict summary").click()
    wait_for(browser, "return arguments[0].querySelector('details.predict').open", 5, w)
    assert _answer(browser, w).startswith("At x = (")
    w.find_element("css selector", "[data-step='1']").click()  # a step is not a new case
    time.sleep(0.3)  # past the click's deferred check
    assert browser.execute_script("return arguments[0].querySelector('details.predict').open", w)
    x0 = w.find_element("id", "w-ffn-x0")
    _set(browser, x0, int(x0.get_attribute("value")) + 1 if x0.get_attribute("value") != x0.get_attribute("max") else 0)
    assert _closed(browser, w)


def test_reorder_answer_stays_for_the_swap_and_closes_with_p(browser, pages):
    open_page(browser, pages / "worked" / "index.html")
    w = browser.find_element("id", "w-reorder")
    w.find_element("css selector", "details.predict summary").click()
    wait_for(browser, "return arguments[0].querySelector('details.predict').open", 5, w)
    assert _answer(browser, w).startswith("Without P added: ")
    w.find_element("css selector", "[data-swap]").click()  # the swap the question asks for
    time.sleep(0.3)
    assert browser.execute_script("return arguments[0].querySelector('details.predict').open", w)
    w.find_element("id", "w-reorder-p").click()
    assert _closed(browser, w)
    assert not console_errors(browser)
