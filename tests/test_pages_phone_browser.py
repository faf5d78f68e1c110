"""Lesson pages on a phone (360 px, mobile emulation in headless Chromium): the page never scrolls
sideways; every table sits in its own scroll box (.scroll), and a box with more table than fits shows
a visible edge (page.js marks it "wide": a border on both sides), is a named tab stop, and scrolls
by itself while the page stays put. Built once without renders (the widgets' tables are all there)."""
from __future__ import annotations

import pytest

from studio import catalogue
from studio.publish.pages.builder import build_topic
from tests.browser import chrome_fixture, console_errors, open_page

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("360,800")

MEASURE = """var de = document.documentElement, boxes = Array.from(document.querySelectorAll('.scroll'));
return {page: de.scrollWidth - de.clientWidth, width: de.clientWidth,
        bare: Array.from(document.querySelectorAll('table')).filter(t => !t.closest('.scroll')).map(t => t.className),
        boxes: boxes.map(b => ({over: b.scrollWidth > b.clientWidth + 1, wide: b.classList.contains('wide'),
          tab: b.tabIndex, label: b.getAttribute('aria-label'), role: b.getAttribute('role'),
          edge: [getComputedStyle(b).borderLeftWidth, getComputedStyle(b).borderRightWidth, getComputedStyle(b).borderLeftStyle]}))};"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    for topic in catalogue.TOPICS:
        build_topic(topic, ("en", "zh-Hant"), out_root=root, render=False)
    return root / "pages"


def test_tables_scroll_in_their_box_never_the_page(browser, site):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    try:
        wide_seen = 0
        for topic in catalogue.TOPICS:
            for page, label in (("index.html", "Wide table: scroll sideways"), ("index.zh-Hant.html", "寬表格：可左右捲動")):
                open_page(browser, site / topic / page)
                m = browser.execute_script(MEASURE)
                assert m["width"] == 360 and m["page"] <= 0, (topic, page, m["page"])
                assert m["bare"] == [], (topic, page, m["bare"])  # every table in a scroll box
                for b in m["boxes"]:
                    assert b["wide"] == b["over"], (topic, page, b)
                    if b["over"]:
                        wide_seen += 1
                        assert b["tab"] == 0 and b["role"] == "region" and b["label"] == label, (topic, b)
                        assert b["edge"] == ["2px", "2px", "solid"], (topic, b)  # a visible edge
                    else:
                        assert b["tab"] == -1 and b["edge"][0] == "0px", (topic, b)
                moved = browser.execute_script(  # the box scrolls; the page does not
                    "var b = document.querySelector('.scroll.wide'); if (!b) return null; b.scrollLeft = 10000;"
                    "return [b.scrollLeft, document.documentElement.scrollLeft, scrollX]")
                assert moved is None or (moved[0] > 0 and moved[1:] == [0, 0]), (topic, moved)
                assert not console_errors(browser)
        assert wide_seen >= 6  # the phone does meet wide tables (the score table, the steppers, …)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
