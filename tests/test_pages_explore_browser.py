"""Explore this frame (studio.publish.pages.explore): a scene's held frame opens the widget on its
page, and in the deck, at that frame's values, read from the frames table at the hold. One scene
(signal_decay, tiny quality) is rendered; its pauses open the gain slider at the frame's s."""
from __future__ import annotations

from pathlib import Path

import pytest

from look import fmt_num
from studio.build.numbers import numbers_at
from studio.options import TINY
from studio.publish.deck import build_deck
from studio.publish.pages import build_pages
from studio.publish.pages.explore import explore_values
from studio.publish.pages.widgets import topic_widgets
from tests.browser import console_errors, media_browser, wait_for

SCENE = "signal_decay"
pytestmark = [pytest.mark.browser, pytest.mark.render]


def test_a_row_gives_the_widgets_control_values():
    gain = topic_widgets("depth")["gain"]
    k = next(k for k in gain["keys"] if gain["states"][k]["s"] == "1.30")
    assert explore_values(SCENE, {"s": "1.3"}) == {"widget": "gain", "values": {"s": k}}
    assert explore_values(SCENE, {"s": "1.31"}) is None  # between two settings of the slider: no link
    assert explore_values("naive_position", {"word": "十", "p": "12", "q": "5"}) == \
        {"widget": "naive", "values": {"word": "1", "p": "12", "q": "5"}}
    assert explore_values("naive_position", {"word": "", "p": "12", "q": "5"}) is None
    assert explore_values("pe_clock", {"position": "7"}) == {"widget": "seat", "values": {"seat": "7"}}
    assert explore_values("pe_clock", {"position": "7.5"}) is None  # the hand between seats
    assert explore_values("rope_rotation", {"m": "4", "n": "0"}) == {"widget": "rope", "values": {"m": "4", "n": "0"}}
    assert explore_values("layernorm_steps", {"s": "1"}) is None


@pytest.fixture(scope="module")
def built(tmp_path_factory, shared_renders):
    import shutil

    root = tmp_path_factory.mktemp("out")  # the run's render with captions as a file (SharedRenders.variant), copied
    shutil.copytree(shared_renders.variant(SCENE, "light", "en", captions="file"), root / SCENE)
    build_pages("depth", "en", quality=TINY, out_root=root, render=False)
    build_deck("depth", "en", quality=TINY, out_root=root, render=False)
    return root


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from media_browser(tmp_path_factory, "1920,1080")


def _data(driver, element_id: str) -> dict:
    import json

    return json.loads(driver.execute_script(f"return document.getElementById('{element_id}').textContent"))


def _frame_s(root: Path, hold: float, duration: float) -> float:
    """s in the frames table at the hold: what the held frame shows."""
    return float(numbers_at(root / SCENE, SCENE, hold, duration)["s"])


def test_the_page_opens_the_gain_slider_at_each_pauses_s(browser, built):
    browser.get((built / "pages" / "depth" / "index.html").resolve().as_uri())
    wait_for(browser, "return document.documentElement.classList.contains('js')", 15)
    media = _data(browser, "page-data")["media"][SCENE]
    gain = topic_widgets("depth")["gain"]
    buttons = browser.find_elements("css selector", f"#s-{SCENE} [data-explore]")
    assert buttons, "a pause of signal_decay opens the gain slider"
    for b in buttons:
        k = int(b.get_attribute("data-explore"))
        section = media["sections"][k]
        assert b.text == section["label"]
        # a reader clicks the button where it can be seen: after the last jump it may sit under the sticky map
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
        b.click()
        shown = _frame_s(built, section["hold_s"], media["duration_s"])
        slider = browser.find_element("id", "w-gain-s")
        assert browser.switch_to.active_element == slider  # the reader lands on the widget
        assert gain["states"][slider.get_attribute("value")]["s"] == fmt_num(shown, 2)
        assert browser.execute_script(f"return document.querySelector('#s-{SCENE} video').currentTime") == \
            pytest.approx(section["hold_s"], abs=1e-3)
    assert not console_errors(browser)


def test_the_deck_goes_from_a_pause_to_the_widget_at_its_s(browser, built):
    browser.get((built / "decks" / "depth" / "index.html").resolve().as_uri())
    wait_for(browser, "return document.documentElement.classList.contains('js')", 15)
    data = _data(browser, "deck-data")
    slides, media = data["slides"], data["media"][SCENE]
    i = next(i for i, s in enumerate(slides) if s["kind"] == "scene" and media["sections"][s["section"]].get("explore"))
    browser.find_element("id", "deck").send_keys("o")  # the overview jumps straight to that pause
    browser.find_elements("css selector", "[data-goto]")[i].click()
    wait_for(browser, f"return document.getElementById('deck').getAttribute('data-slide') === '{i}'", 10)
    assert browser.find_element("id", "explore").is_displayed()
    section = media["sections"][slides[i]["section"]]
    browser.find_element("id", "deck").send_keys("e")
    widget_slide = next(j for j, s in enumerate(slides) if s["kind"] == "widget" and s["widget"] == "gain")
    wait_for(browser, f"return document.getElementById('deck').getAttribute('data-slide') === '{widget_slide}'", 10)
    value = browser.find_element("css selector", "#w-slide-gain #w-gain-s").get_attribute("value")
    shown = _frame_s(built, section["hold_s"], media["duration_s"])
    assert topic_widgets("depth")["gain"]["states"][value]["s"] == fmt_num(shown, 2)
    assert not browser.find_element("id", "explore").is_displayed()  # a widget slide has no frame to explore
    assert not console_errors(browser)
