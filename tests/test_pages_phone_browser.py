"""Lesson pages on a phone (360 px, mobile emulation in headless Chromium): the page never scrolls
sideways; every table sits in its own scroll box (.scroll), and a box with more table than fits shows
a visible edge (page.js marks it "wide": a border on both sides), is a named tab stop, and scrolls
by itself while the page stays put. Built once without renders (the widgets' tables are all there)."""
from __future__ import annotations

import pytest

from studio import catalogue
from studio.publish.pages.builder import build_topic
from studio.publish.pages.text import UI
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
                figure_label = UI["en" if page == "index.html" else "zh-Hant"]["scroll_figure"]
                open_page(browser, site / topic / page)
                m = browser.execute_script(MEASURE)
                assert m["width"] == 360 and m["page"] <= 0, (topic, page, m["page"])
                assert m["bare"] == [], (topic, page, m["bare"])  # every table in a scroll box
                for b in m["boxes"]:
                    assert b["wide"] == b["over"], (topic, page, b)
                    if b["over"]:
                        wide_seen += 1
                        assert b["tab"] == 0 and b["role"] == "region" and b["label"] in (label, figure_label), (topic, b)
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


def test_nothing_pushes_a_390_px_page_sideways(browser, site):
    """At 390 px (a common phone) no element outside a scroll box reaches past the page's width, on any
    page in either language: tables scroll in their boxes, readouts and code wrap in the column."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        for topic in catalogue.TOPICS:
            for page in ("index.html", "index.zh-Hant.html"):
                open_page(browser, site / topic / page)
                m = browser.execute_script(
                    "var de = document.documentElement, W = de.clientWidth, out = [];"
                    "document.querySelectorAll('body *').forEach(function (e) { var r = e.getBoundingClientRect();"
                    " if (r.width && r.right > W + 1 && !e.closest('.scroll, .sr, .skip')) out.push(e.tagName + '.' + e.className); });"
                    "return {page: de.scrollWidth - W, width: W, out: out.slice(0, 5)};")
                assert m["width"] == 390 and m["page"] <= 0 and m["out"] == [], (topic, page, m)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.fixture(scope="module")
def figure_site(tmp_path_factory):
    """The positional page with one real figure (pe_angles, English, light)."""
    from look import Look
    from studio.build.render import render_entry
    from studio.build.request import Request
    from studio.options import PAGE_QUALITY, QUALITIES
    from studio.publish.pages.builder import page_request

    root = tmp_path_factory.mktemp("out")
    entry = catalogue.get("pe_angles")
    render_entry(page_request(entry, Look("light", "en"), QUALITIES[PAGE_QUALITY], root))
    build_topic("positional", ("en",), out_root=root, render=False)
    return root / "pages" / "positional", root / "en-light" / entry.name / f"{entry.name}.svg"


def test_a_figure_on_a_phone_scales_to_the_width_whole_and_opens_full_size(browser, figure_site):
    """On a phone (390 and 360 px wide) the figure is drawn whole at the column's width: never
    cropped, no scroll box, no sideways scroll of the page; a line under it says a tap opens the SVG
    at full size (for its smallest text), set as a visible control (a bordered button), and the link does."""
    import re

    page, svg = figure_site
    text = svg.read_text(encoding="utf-8")
    view_w, view_h = (float(x) for x in re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)', text).groups())
    for width, height in ((390, 844), (360, 800)):
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        try:
            from selenium.webdriver.support.ui import WebDriverWait

            open_page(browser, page / "index.html")
            browser.execute_script("document.querySelector('#f-pe_angles img').scrollIntoView();")
            WebDriverWait(browser, 20).until(lambda b: b.execute_script(  # loading="lazy": it loads when near
                "var i = document.querySelector('#f-pe_angles img'); return i.complete && i.naturalWidth > 0;"))
            m = browser.execute_script(
                "var f = document.getElementById('f-pe_angles'), box = f.querySelector('.fig-box'), img = f.querySelector('img');"
                "var de = document.documentElement, r = img.getBoundingClientRect(), b = box.getBoundingClientRect();"
                "var hint = f.querySelector('.fig-hint');"
                "return {img: [r.left, r.right, r.width, r.height], box: [b.left, b.right, box.clientWidth],"
                " over: box.scrollWidth > box.clientWidth, role: box.getAttribute('role'), tab: box.tabIndex,"
                " page: de.scrollWidth - de.clientWidth, width: de.clientWidth, hint: hint.offsetHeight > 0 ? hint.textContent : '',"
                " edge: getComputedStyle(hint).borderTopStyle,"
                " href: f.querySelector('a.fig-open').getAttribute('href')};")
            assert m["width"] == width and m["page"] <= 0, (width, m)
            assert not m["over"] and m["role"] is None and m["tab"] == -1, (width, m)
            left, right, w, h = m["img"]
            assert m["box"][0] - 0.5 <= left and right <= m["box"][1] + 0.5 and right <= width, (width, m)
            assert w >= m["box"][2] - 1, (width, m)  # the column's whole width, not a part of the figure
            assert h == pytest.approx(w * view_h / view_w, abs=1.5), (width, m)  # the whole figure, in proportion
            assert m["hint"] == UI["en"]["open_figure"] and m["edge"] == "solid"  # a visible control, not a note
            assert m["href"] == "media/en-light/pe_angles.svg"
            assert not console_errors(browser)
        finally:
            browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    open_page(browser, page / "index.html")  # a wide screen: the figure fits its column, no scrolling, no hint
    browser.set_window_size(1920, 1080)
    w = browser.execute_script("var b = document.querySelector('#f-pe_angles .fig-box');"
                               "return [b.scrollWidth > b.clientWidth, b.getAttribute('role'),"
                               " document.querySelector('#f-pe_angles .fig-hint').offsetHeight];")
    assert w == [False, None, 0]


def test_the_widest_widget_tables_scroll_in_their_box_at_390_px(browser, site):
    """At 390 px the widest widget tables (the positional hands' row, the worked outputs, the depth
    word stepper's rows once its last step is shown) are each a horizontal scroll box with a visible edge:
    the box scrolls to the table's end, the page never moves; the GPT-2 configurations, stacked as cards, fit the
    screen's width with no scroll."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        for topic, tables in (("positional", ("row",)), ("worked", ("outs",)), ("depth", ("steps", "configs"))):
            open_page(browser, site / topic / "index.html")
            if topic == "depth":  # the steppers' last steps: the word stepper shows the 768 numbers of its row
                browser.execute_script("document.querySelectorAll('[data-step=\"1\"]').forEach(function (b) {"
                                       " for (var k = 0; k < 8; k++) b.click(); });")
            for cls in tables:
                m = browser.execute_script(
                    "var t = document.querySelector('table.' + arguments[0]), b = t.closest('.scroll'), de = document.documentElement;"
                    "if (!b) return {box: false};"
                    "var r = b.getBoundingClientRect(); b.scrollLeft = 100000;"
                    "return {box: true, wide: b.classList.contains('wide'), right: r.right, W: de.clientWidth,"
                    " table: t.getBoundingClientRect().width, moved: b.scrollLeft, page: de.scrollWidth - de.clientWidth, x: scrollX};",
                    cls)
                assert m["box"] and m["W"] == 390 and m["right"] <= m["W"], (topic, cls, m)
                if cls == "configs":  # the GPT-2 configurations stacked as cards: they fit the screen, nothing scrolls
                    assert not m["wide"] and m["moved"] == 0 and m["page"] <= 0 and m["x"] == 0, (topic, cls, m)
                    continue
                assert m["table"] > m["right"] - 20 or not m["wide"], (topic, cls, m)
                assert m["wide"] and m["moved"] > 0 and m["page"] <= 0 and m["x"] == 0, (topic, cls, m)
            assert not console_errors(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
