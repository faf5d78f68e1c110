"""The deck from the keyboard alone (issue 28): on a widget slide Tab reaches every control the slide
shows (not Pin alone), each with a visible focus ring. Built for the depth topic without renders: its
title and widget slides."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_deck, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")


deck = deck_fixture("depth")


def _open_at_gain(driver, deck) -> int:
    k = next(i for i, s in enumerate(deck_json(deck)["slides"]) if s["frame"] == "w-slide-gain")
    open_deck(driver, deck, k)
    return k


ACTIVE = ("var a = document.activeElement, st = getComputedStyle(a);"
          " return [a.id || a.className || a.tagName, st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2]")


def test_tab_reaches_every_control_of_a_widget_slide_with_a_ring(browser, deck):
    from selenium.webdriver.common.keys import Keys

    _open_at_gain(browser, deck)
    seen = {}
    for _ in range(8):
        press(browser, Keys.TAB)
        name, ring = browser.execute_script(ACTIVE)
        seen[name] = ring
        assert browser.execute_script("return document.getElementById('stage').contains(document.activeElement)")
    assert "w-gain-s" in seen and "pin" in seen, seen  # the slider and Pin, not Pin alone
    assert len(seen) >= 3, seen
    assert all(seen.values()), seen  # every one of them shows where the focus is
    assert not console_errors(browser)


def _open_at(driver, deck, frame: str) -> int:
    k = next(i for i, s in enumerate(deck_json(deck)["slides"]) if s["frame"] == frame)
    open_deck(driver, deck, k)
    return k


def test_e_enters_at_a_main_control_and_space_or_enter_toggles_a_checkbox(browser, deck):
    from selenium.webdriver.common.keys import Keys

    k = _open_at(browser, deck, "w-slide-layernorm")
    press(browser, "e")  # entered: the first main control has the keys, not Copy link or Pin
    first = browser.execute_script("var a = document.activeElement;"
                                   " return [a.id, a.className, !!a.closest('.share-row, h3'),"
                                   " document.getElementById('w-slide-layernorm').contains(a)]")
    assert first[3] and not first[2], first
    assert first[1] not in ("pin", "share"), first
    browser.execute_script("document.getElementById('w-layernorm-u').focus()")
    was = browser.execute_script("return document.getElementById('w-layernorm-u').checked")
    slide = "return document.getElementById('deck').getAttribute('data-slide')"
    checked = "return document.getElementById('w-layernorm-u').checked"
    press(browser, Keys.SPACE)  # the focused checkbox's own key in an entered widget
    assert browser.execute_script(checked) is (not was)
    assert browser.execute_script(slide) == str(k)  # Space did not change the slide
    press(browser, Keys.ENTER)  # Enter toggles it as Space does
    assert browser.execute_script(checked) is was
    assert browser.execute_script(slide) == str(k)
    press(browser, Keys.ESCAPE)  # left: Space is the deck's again (a clicker's key)
    press(browser, Keys.SPACE)
    assert browser.execute_script(checked) is was
    assert not console_errors(browser)


def test_tab_stops_once_per_radio_group_as_on_the_page(browser, deck):
    """The training slide's radio groups (the start s, LayerNorm, the prediction) are one Tab stop each: the
    checked radio, or the first when none is; the arrows move within the group."""
    from selenium.webdriver.common.keys import Keys

    _open_at(browser, deck, "w-slide-training")
    groups = browser.execute_script(
        "var n = {}; document.querySelectorAll('#w-slide-training input[type=radio]').forEach(function (r) {"
        " if (r.getClientRects().length) n[r.name] = (n[r.name] || 0) + 1; }); return n")
    assert sum(v > 1 for v in groups.values()) >= 2, groups  # at least two groups with several radios shown
    seen = []
    for _ in range(24):
        press(browser, Keys.TAB)
        seen.append(browser.execute_script("var a = document.activeElement;"
                                           " return a.type === 'radio' ? [a.name, a.id] : null"))
    radios = [s for s in seen if s]
    per_group = {}
    for name, rid in radios:
        per_group.setdefault(name, set()).add(rid)
    assert radios and all(len(ids) == 1 for ids in per_group.values()), per_group
    assert not console_errors(browser)
