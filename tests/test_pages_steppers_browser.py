"""Every stepper on the three lesson pages, driven by the keyboard in headless Chromium: Enter on Next
up to the last step disables Next and moves focus to Previous (never to the page), Enter on Previous
back to the first step moves focus to Next, and the step count follows. The pages are built once,
without media."""
from __future__ import annotations

import pytest

from tests.browser import chrome_fixture, console_errors, open_page

# one group with tests/test_pages_answers_browser.py: one worker builds the pages both read (SharedRenders.pages)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("pages without renders")]

TOPICS = ("positional", "worked", "depth")


@pytest.fixture(scope="module")
def pages(shared_renders):
    """The run's one build of these pages, which the answers' tests read too (SharedRenders.pages)."""
    return shared_renders.pages(("positional", "depth", "worked"), ("en",))


browser = chrome_fixture("1280,1000")

STATE = """var s = arguments[0], a = document.activeElement;
return [Number(s.getAttribute('data-value')), Number(s.getAttribute('data-max')),
        a && a.parentNode === s && a.hasAttribute('data-step') ? Number(a.getAttribute('data-step')) : null,
        a ? a.tagName : null];"""


def _walk(driver, stepper, direction):
    """Press Enter on the step button `direction` (±1) until it is disabled; return the states seen."""
    from selenium.webdriver.common.keys import Keys

    button = stepper.find_element("css selector", f'[data-step="{direction}"]')
    seen = []
    for _ in range(200):
        if not button.is_enabled():
            break
        if driver.execute_script("return document.activeElement") != button:
            driver.execute_script("arguments[0].focus()", button)
        button.send_keys(Keys.ENTER)
        seen.append(driver.execute_script(STATE, stepper))
    return seen


@pytest.mark.parametrize("topic", TOPICS)
def test_focus_moves_to_the_other_step_button_at_either_end(browser, pages, topic):
    open_page(browser, pages / topic / "index.html")
    steppers = browser.find_elements("css selector", ".stepper[data-control=step]")
    if topic == "depth":  # the depth page has steppers (the other pages may gain some)
        assert len(steppers) >= 3, len(steppers)
    checked = []
    for s in steppers:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", s)
        # a widget that asks for a prediction first (the shortcut) steps only once one is picked
        browser.execute_script("var w = arguments[0].closest('[data-widget]'),"
                               " g = w && w.querySelector('input[type=radio][name$=-guess]:not(:checked)');"
                               " if (g && !w.querySelector('input[type=radio][name$=-guess]:checked')) g.click();", s)
        forward = _walk(browser, s, 1)
        value, top, focused, tag = forward[-1]
        assert value == top > 0, (topic, forward[-1])
        checked.append(top)
        assert [v for v, *_ in forward] == list(range(1, top + 1))
        assert focused == -1 and tag == "BUTTON", (topic, "focus after the last step", forward[-1])
        assert all(f == 1 for _, _, f, _ in forward[:-1])  # Next keeps focus until the end
        back = _walk(browser, s, -1)
        value, _, focused, tag = back[-1]
        assert value == 0 and focused is not None and focused > 0 and tag == "BUTTON", (topic, back[-1])
        assert [v for v, *_ in back] == list(range(top - 1, -1, -1))
    assert len(checked) == len(steppers)
    assert not console_errors(browser)
