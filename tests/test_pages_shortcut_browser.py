"""The depth page's shortcut widget (seed 004 §4.4, engine.training:shortcut_gradients) in headless Chromium:
at each step back, the layer just reached shows its mean |∂L/∂W| with and without the shortcut side by side,
both the engine's values whichever way the switch is set; on a 390 px phone the printout of the five layers
wraps at its spaces inside its box, nothing cut or scrolled away. The page is built once, without media."""
from __future__ import annotations

import pytest

from engine.training import shortcut_gradients
from studio.publish.pages.text import UI
from tests.browser import chrome_fixture, page_fixture, console_errors, open_page

pytestmark = [pytest.mark.browser]


page = page_fixture("depth")


browser = chrome_fixture("1280,1000")

NEXT = "document.querySelector('#w-shortcut [data-step=\"1\"]').click()"


@pytest.mark.parametrize("lang,name", [("en", "index.html"), ("zh-Hant", "index.zh-Hant.html")])
def test_both_runs_of_the_layer_reached_side_by_side(browser, page, lang, name):
    """Step k back reaches layer 6 − k: its line reads the engine's mean |∂L/∂W| without and with the shortcut
    (3 significant digits, as the bars), the same whichever way the switch is set; before the first step the
    line keeps its room unseen."""
    g = shortcut_gradients()
    open_page(browser, page / name, "window.TFDepth")
    w = browser.find_element("id", "w-shortcut")
    pair = w.find_element("css selector", ".sc-pair")
    assert pair.get_attribute("data-state") == "none"
    assert browser.execute_script("return getComputedStyle(arguments[0]).visibility", pair) == "hidden"
    n = len(g.layer_names)
    for k in range(1, n + 1):
        browser.execute_script(NEXT)
        i = n - k
        for toggle in (False, True, False):
            box = w.find_element("id", "w-shortcut-sc")
            if box.is_selected() != toggle:
                box.click()
            off = pair.find_element("css selector", '[data-field="pair_off"]').text
            on = pair.find_element("css selector", '[data-field="pair_on"]').text
            assert (off, on) == (f"{g.without_shortcut[i]:.3g}", f"{g.with_shortcut[i]:.3g}"), (k, toggle)
            assert float(off) == pytest.approx(g.without_shortcut[i], rel=5e-3)
            assert float(on) == pytest.approx(g.with_shortcut[i], rel=5e-3)
            text = pair.text
            assert pair.is_displayed() and UI[lang]["sc_without"] in text and UI[lang]["sc_with"] in text
            assert f"{UI[lang]['sc_pair']} {i + 1}" in text
            assert text.index(off) < text.index(on)
    assert console_errors(browser) == []


def test_the_printout_wraps_inside_its_box_at_390_px(browser, page):
    """At 390 px each printed line ("layers.i.0.weight has gradient mean of …") stays inside the printout's box:
    no sideways scroll in the box or the page, every line's right edge inside, and every number whole on a line."""
    g = shortcut_gradients()
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(browser, page / "index.html", "window.TFDepth")
        for _ in range(len(g.layer_names)):
            browser.execute_script(NEXT)
        m = browser.execute_script(
            "var p = document.querySelector('#w-shortcut pre.prints'), r = p.getBoundingClientRect();"
            "return {scroll: p.scrollWidth, client: p.clientWidth, right: r.right, page: document.documentElement.scrollWidth,"
            " inner: innerWidth, spans: Array.from(p.children).map(s => s.getBoundingClientRect().right)}")
        assert m["scroll"] <= m["client"] and m["page"] <= m["inner"], m
        assert m["right"] <= m["inner"] and all(x <= m["right"] + 0.5 for x in m["spans"]), m
        lines = browser.find_element("css selector", "#w-shortcut pre.prints").text.split("\n")
        for i, v in enumerate(g.without_shortcut):  # each value whole, on a line of its own or with its words
            assert any(f"{v:.6g}" in line for line in lines), (i, lines)
        assert console_errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
