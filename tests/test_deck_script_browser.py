"""The depth deck's scripted training slide and its shortcut slide in Chromium (studio/publish/deck/script.py,
static/deck-script.js): each → sets the training replay's own controls and runs it (question, s = 3.0 without
LayerNorm, s = 0.3 without, s = 0.3 with, conclusion), ← takes a step back; the slide's title and tick labels
never meet and its legend never scrolls, at 1280×720 and 1920×1080; in an entered widget Space and Enter toggle
the focused checkbox and E focuses the first main control; the shortcut slide's answer shows its bars and its
three frames do not move. Built for the depth topic without renders."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")
deck = deck_fixture("depth")

AT = "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]"
RUN_ENDED = ("return !document.querySelector('[data-tr-train]').disabled && "
             "document.querySelector('#w-training [data-tr-run=\"' + arguments[0] + '\"]').hasAttribute('data-done')")
LAYOUT = """var f = document.getElementById('w-slide-training'), w = f.firstElementChild;
  var box = function (e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  var ticks = [].filter.call(w.querySelectorAll('.tr-ticks span'), function (e) { return getComputedStyle(e).visibility !== 'hidden'; });
  var legend = w.querySelector('.tr-legend');
  return {title: box(w.querySelector('h3')), ticks: ticks.map(box), scale: f.getAttribute('data-scale'),
          legend: [legend.scrollHeight, legend.clientHeight, getComputedStyle(legend).overflowY],
          frame: [f.scrollHeight, f.clientHeight]};"""


def _open(browser, deck, frame):
    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["frame"] == frame)
    browser.get((deck / "index.html").resolve().as_uri() + f"#{k + 1}")
    browser.refresh()
    wait_for(browser, AT, 15, str(k))
    return k, slides[k]


def _checked(browser, name):
    return browser.execute_script(
        f"var r = document.querySelector('input[name=\"w-training-{name}\"]:checked'); return r ? r.value : null")


def _apart(a, b):
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _assert_laid_out(layout):
    assert all(_apart(layout["title"], t) for t in layout["ticks"]), layout  # no tick label on the title
    scroll, client, overflow = layout["legend"]
    assert scroll <= client + 1 and overflow != "auto" and overflow != "scroll", layout  # the legend never scrolls
    assert layout["frame"][0] <= layout["frame"][1] + 1, layout  # nor the slide


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_each_press_sets_the_controls_and_runs(browser, deck, size):
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(*size)
    k, slide = _open(browser, deck, "w-slide-training")
    steps = slide["script"]
    assert [s["do"] for s in steps] == ["ask", "run", "run", "run", "conclude"]
    scales = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent)"
                                    ".widgets.training.scales")
    assert [scales[s["s"]] for s in steps[1:4]] == ["3.0", "0.3", "0.3"] and [s["ln"] for s in steps[1:4]] == [0, 0, 1]
    f = browser.find_element("id", "w-slide-training")
    assert f.get_attribute("data-fragments") == "5"
    first = browser.execute_script(LAYOUT)
    _assert_laid_out(first)

    press(browser, Keys.ARROW_RIGHT)  # the question, asked with the controls set to it and nothing run
    verdict = browser.find_element("css selector", "#w-training [data-tr-verdict]")
    assert verdict.get_attribute("data-deck-ask") == "What happens to the loss with s = 3.0 and no LayerNorm?"
    assert (_checked(browser, "s"), _checked(browser, "ln")) == ("1", "0")
    assert "next: run s = 3.0, LayerNorm off" in browser.find_element("id", "count").text
    conclusion = browser.find_element("css selector", "#w-training [data-tr-conclusion]")
    for n, key in enumerate(("1|0", "0|0", "0|1"), 2):
        press(browser, Keys.ARROW_RIGHT)
        assert f.get_attribute("data-fragment") == str(n)
        assert _checked(browser, "s") + "|" + _checked(browser, "ln") == key  # the controls the step names
        wait_for(browser, RUN_ENDED, 30, key)  # its run drawn by the widget to its end
        assert verdict.text and not conclusion.is_displayed()  # the conclusion waits for its own step
        layout = browser.execute_script(LAYOUT)
        _assert_laid_out(layout)
        assert layout["scale"] == first["scale"]  # nothing on the slide moved
    legend = browser.execute_script("return [].map.call(document.querySelectorAll('#w-training .tr-legend li'),"
                                    " function (li) { return li.getAttribute('data-tr-key'); })")
    assert sorted(legend) == ["0|0", "0|1", "1|0"]
    press(browser, Keys.ARROW_RIGHT)
    assert conclusion.is_displayed()
    press(browser, Keys.ARROW_LEFT)  # back to the third run's state, then to the second's
    assert not conclusion.is_displayed()
    press(browser, Keys.ARROW_LEFT)
    assert (_checked(browser, "s"), _checked(browser, "ln")) == ("0", "0")
    assert browser.execute_script("var l = document.querySelector('#w-training [data-tr-run=\"0|1\"]');"
                                  "return [l.getAttribute('points'), l.hasAttribute('data-done')]") == ["", False]
    assert not browser.find_elements("css selector", '#w-training .tr-legend li[data-tr-key="0|1"]')
    assert f.get_attribute("data-fragment") == "3"
    _assert_laid_out(browser.execute_script(LAYOUT))
    assert not console_errors(browser)


def test_four_runs_by_hand_keep_the_layout(browser, deck):
    browser.set_window_size(1280, 720)
    _open(browser, deck, "w-slide-training")
    first = browser.execute_script(LAYOUT)
    for key in ("0|0", "1|0", "0|1", "1|1"):  # every start, by hand, the largest legend the widget writes
        s, ln = key.split("|")
        browser.execute_script(f"document.getElementById('w-training-s-{s}').click();"
                               f"document.getElementById('w-training-ln-{ln}').click();"
                               "document.getElementById('w-training-guess-1').click();"
                               "document.querySelector('[data-tr-train]').click()")
        wait_for(browser, RUN_ENDED, 30, key)
        layout = browser.execute_script(LAYOUT)
        _assert_laid_out(layout)
        assert layout["scale"] == first["scale"]


def test_entered_widget_space_and_enter_toggle_the_checkbox(browser, deck):
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(1280, 720)
    k, _ = _open(browser, deck, "w-slide-shortcut")
    press(browser, "e")  # entered: its first main control has the focus, not Copy link or Pin
    assert browser.execute_script("return document.activeElement.id") == "w-shortcut-sc"
    box = browser.find_element("id", "w-shortcut-sc")
    press(browser, Keys.SPACE)
    assert box.is_selected()
    assert browser.execute_script(AT, str(k))  # Space toggled the box, the slide stayed
    press(browser, Keys.ENTER)
    assert not box.is_selected()
    press(browser, Keys.ESCAPE)
    assert not console_errors(browser)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_shortcut_answer_frame_has_bars_and_frames_do_not_move(browser, deck, size):
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(*size)
    _open(browser, deck, "w-slide-shortcut")
    where = ("var w = document.getElementById('w-shortcut'); return ['h3', '.sc-grid', 'p.control', '.stepper']"
             ".map(function (s) { var r = w.querySelector(s).getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; })")
    frames = [browser.execute_script(where)]
    for _ in range(2):  # the question, then the answer
        press(browser, Keys.ARROW_RIGHT)
        frames.append(browser.execute_script(where))
    assert frames[0] == frames[1] == frames[2]
    stepper = browser.find_element("css selector", "#w-shortcut .stepper")
    assert stepper.get_attribute("data-value") == stepper.get_attribute("data-max")  # the last step: every bar
    heights = browser.execute_script("return [].map.call(document.querySelectorAll('#w-shortcut [data-bar]'),"
                                     " function (b) { return b.getBoundingClientRect().height; })")
    assert len(heights) == 5 and all(h > 0 for h in heights)
    assert not browser.find_element("id", "w-shortcut-sc").is_selected()  # the answer is about no shortcut
