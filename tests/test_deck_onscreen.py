"""Values on screen in the deck (studio.publish.deck.onscreen, static/onscreen.js): a lecturer pausing a
scene at any moment presses V (or the named button) and sees every number the frame shows then, the
same row `render.py numbers NAME --at T` prints, read from the frames table the deck carries offline;
V or Esc closes it and the deck's keys work again. A lesson deck with one scene, rendered tiny."""
from __future__ import annotations

import os

import pytest

from studio.build.numbers import numbers_at
from studio.options import TINY
from studio.publish.deck import build_deck
from studio.publish.deck.builder import deck_json
from studio.publish.deck.labels import field_label
from studio.publish.deck.onscreen import onscreen_table
from studio.publish.deck.points import HIDDEN, _decimals, column_decimals, shown
from tests.browser import chrome_fixture, console_errors, wait_for

SCENE = "layernorm_steps"

pytestmark = [pytest.mark.render]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from studio.cli.deck import deck_source

    root = tmp_path_factory.mktemp("out")
    lesson = root / "onscreen.toml"
    lesson.write_text(f'title = "On screen"\n\n[[entry]]\nname = "{SCENE}"\n', encoding="utf-8")
    build_deck(deck_source(str(lesson)), "en", quality=TINY, out_root=root)
    folder = next(p.parent for p in root.rglob(f"{SCENE}.frames.csv") if "decks" not in p.parts)
    return root / "decks" / "onscreen", folder


def test_the_table_gives_the_row_numbers_at_prints(built):
    deck, folder = built
    table = deck_json(deck)["media"][SCENE]["onscreen"]
    assert table == onscreen_table(folder, SCENE, "en") and len(table["t"]) > 3
    duration = deck_json(deck)["media"][SCENE]["duration_s"]
    places = column_decimals(folder / f"{SCENE}.numbers.json")
    for t in (0.5, duration / 3, duration / 2, duration - 0.5):  # any moment, not only the holds
        row = numbers_at(folder, SCENE, t, duration)  # what `render.py numbers NAME --at t` prints
        want = {field_label(key, "en"): shown(v, _decimals(key, places)) for key, v in row.items()
                if key not in HIDDEN and v != "" and field_label(key, "en")}
        k = max(i for i, s in enumerate(table["t"]) if s <= t + 1e-9)
        assert {lab: v for lab, v in zip(table["labels"], table["rows"][k]) if v} == want, t


browser = chrome_fixture("1280,720")


@pytest.mark.browser
def test_v_pauses_and_lists_the_frames_numbers_then_gives_the_keys_back(browser, built):
    deck, _ = built
    table = deck_json(deck)["media"][SCENE]["onscreen"]
    browser.get((deck / "index.html").resolve().as_uri())
    wait_for(browser, "return document.documentElement.classList.contains('js')", 10)
    key = "document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], bubbles: true}))"
    browser.execute_script(key, "PageDown")  # the title, then the scene's first pause
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === '1'", 5)
    assert wait_for(browser, "return !document.getElementById('onscreen-open').hidden", 5)
    v = browser.execute_script("var v = document.querySelector('.scene-frame:not([hidden]) video'); v.pause();"
                               "v.currentTime = arguments[0]; return true", table["t"][len(table["t"]) // 2] + 0.01)
    assert v
    wait_for(browser, "return !document.querySelector('.scene-frame:not([hidden]) video').seeking", 5)
    browser.execute_script(key, "v")
    panel = wait_for(browser, "var p = document.getElementById('onscreen'); return !p.hidden && p", 5)
    assert browser.execute_script("return document.activeElement.id") == "onscreen"
    pairs = browser.execute_script("return Array.prototype.map.call(document.querySelectorAll('#onscreen dt'),"
                                   " function (dt) { return [dt.textContent, dt.nextElementSibling.textContent]; })")
    row = table["rows"][len(table["t"]) // 2]
    assert pairs == [[lab, val] for lab, val in zip(table["labels"], row) if val], pairs
    if os.environ.get("ONSCREEN_SHOT"):
        browser.save_screenshot(os.environ["ONSCREEN_SHOT"])
    assert panel
    browser.execute_script(key, "Escape")
    wait_for(browser, "return document.getElementById('onscreen').hidden", 5)
    browser.execute_script("document.getElementById('deck').dispatchEvent(new KeyboardEvent('keydown', {key: 'PageUp', bubbles: true}))")
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === '0'", 5)
    assert browser.execute_script("return document.getElementById('onscreen-open').hidden")  # a title slide has none
    assert not console_errors(browser)
