"""The depth page's shortcut widget (seed 004 §4.4, engine.training:shortcut_gradients) in headless Chromium:
at each step back, the layer just reached shows its mean |∂L/∂W| with and without the shortcut side by side,
both the engine's values whichever way the switch is set; on a 390 px phone the printout of the five layers
wraps at its spaces inside its box, nothing cut or scrolled away; Next waits for an answer, the verdict follows it, the
switch's values wait for the switch, the chart has a decade axis, and each pill group is one tab stop. The page is built
once, without media."""
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
    w.find_element("css selector", "label[for=w-shortcut-guess-0]").click()  # Next waits for an answer
    for _ in range(2):  # the switch on once: the "with it" value no longer waits (test_predict_then_walk_back)
        w.find_element("id", "w-shortcut-sc").click()
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
        browser.execute_script("document.getElementById('w-shortcut-guess-2').click()")  # Next waits for an answer
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


@pytest.mark.parametrize("lang,name", [("en", "index.html"), ("zh-Hant", "index.zh-Hant.html")])
def test_predict_then_walk_back(browser, page, lang, name):
    """Next does not send the gradient back before an answer is picked (it asks for one and focuses the pills);
    once layer 1 is reached without the shortcut the verdict names the prediction, right or wrong against the
    band the engine's fade falls in, with layer 1's and the last layer's values; the pills are then locked.
    The "with it" value shows "?" until the switch has been on once; the note's ② and ③ until then or until the
    answer is shown (the verdict shows it)."""
    from studio.publish.pages.widgets_depth import SHORTCUT_GUESS_BANDS

    ui = UI[lang]
    g = shortcut_gradients()
    n = len(g.layer_names)
    fade = g.without_shortcut[-1] / g.without_shortcut[0]
    right = sum(fade > b for b in SHORTCUT_GUESS_BANDS)
    assert right == 2  # 25× smaller: over the top band
    for pick in (right, 0):
        browser.get("about:blank")  # the same address again: loaded afresh
        open_page(browser, page / name, "window.TFDepth")
        w = browser.find_element("id", "w-shortcut")
        browser.execute_script(NEXT)
        step = "return arguments[0].querySelector('[data-control=step]').getAttribute('data-value')"
        assert browser.execute_script(step, w) == "0"  # not sent back: an answer first
        assert w.find_element("css selector", "[data-sc-need]").text == ui["sc_need"]
        assert browser.switch_to.active_element.get_attribute("name") == "w-shortcut-guess"
        w.find_element("css selector", f"label[for=w-shortcut-guess-{pick}]").click()
        assert w.find_element("css selector", "[data-sc-need]").text == ""
        flips = w.find_elements("css selector", "p.note .sc-flipped")
        assert len(flips) == 2 and all(f.text == "?" for f in flips)  # asked and the switch not yet on: "?"
        for _ in range(n):
            browser.execute_script(NEXT)
        said = w.find_element("css selector", "[data-sc-verdict]").text
        pred = ui[f"sc_g{pick}"].format(a="2", b="10")
        head = (ui["sc_right"] if pick == right else ui["sc_wrong"]).format(pred=pred).strip()
        assert said.startswith(head), said
        assert f"{g.without_shortcut[0]:.3g}" in said and f"{g.without_shortcut[-1]:.3g}" in said and f"{fade:,.0f}" in said
        assert not w.find_element("id", f"w-shortcut-guess-{pick}").is_enabled()  # kept
        on = w.find_element("css selector", '[data-field="pair_on"]')
        values = [f"{g.weight_grad_ratio[0]:,.0f}×", f"{g.signal_ratio[0]:,.0f}×"]
        assert on.text == "" and [f.text for f in flips] == values  # the verdict opened the answer: ② and ③ shown
        assert browser.execute_script("return getComputedStyle(arguments[0], '::before').content", on) == '"?"'
        w.find_element("id", "w-shortcut-sc").click()
        assert on.text == f"{g.with_shortcut[0]:.3g}"
        assert [f.text for f in flips] == values
        assert all(browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1"
                                          " && getComputedStyle(arguments[0]).visibility === 'visible'", f)
                   for f in flips)  # whole, not cut to the mask's one character
        w.find_element("id", "w-shortcut-sc").click()  # off again: the value stays shown
        assert on.text == f"{g.with_shortcut[0]:.3g}"
        assert console_errors(browser) == []


def test_the_chart_has_a_decade_axis_and_room(browser, page):
    """The gradient chart is a readable plot: a y tick at each decade of its log axis (10⁻⁵ … 10¹), each at the
    height a bar of that value reaches, and a plot at least 180 px high at 1280 px."""
    g = shortcut_gradients()
    open_page(browser, page / "index.html", "window.TFDepth")
    w = browser.find_element("id", "w-shortcut")
    ticks = [t.text for t in w.find_elements("css selector", ".sc-yaxis span")]
    assert ticks == ["10⁻⁵", "10⁻⁴", "10⁻³", "10⁻²", "10⁻¹", "1", "10¹"]
    w.find_element("css selector", "label[for=w-shortcut-guess-2]").click()
    for _ in range(len(g.layer_names)):
        browser.execute_script(NEXT)
    m = browser.execute_script(
        "var w = arguments[0], t = w.querySelector('.track').getBoundingClientRect();"
        "return {h: t.height, bottom: t.bottom, ticks: Array.from(w.querySelectorAll('.sc-yaxis span')).map(function (s) {"
        "  var r = s.getBoundingClientRect(); return (r.top + r.bottom) / 2; }),"
        " bars: Array.from(w.querySelectorAll('.gradbars .bar')).map(function (b) { return b.getBoundingClientRect().top; })}", w)
    assert m["h"] >= 180, m
    for k, y in enumerate(m["ticks"]):  # decade k − 5 at k sixths of the plot's height
        assert y == pytest.approx(m["bottom"] - k / 6 * m["h"], abs=2), (k, m)
    import math
    for v, top in zip(g.without_shortcut, m["bars"]):  # a bar's top at its value on the same axis
        assert top == pytest.approx(m["bottom"] - (math.log10(v) + 5) / 6 * m["h"], abs=2), (v, m)


def test_every_radio_group_is_one_tab_stop(browser, page):
    """Tab enters each pill group of the page once (at its checked pill, or its first when none is), the next
    Tab leaves it; the arrow keys move within it (native radios sharing a name)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFDepth")
    names = browser.execute_script("var n = []; document.querySelectorAll('input[type=radio]').forEach(function (r) {"
                                   " if (n.indexOf(r.name) < 0) n.push(r.name); }); return n")
    assert "w-shortcut-guess" in names and "w-training-guess" in names
    for name in names:
        browser.execute_script("var r = document.querySelector('input[name=\"' + arguments[0] + '\"]'),"
                               " b = document.createElement('button'); b.id = 'tab-probe';"
                               " r.parentNode.insertBefore(b, r.parentNode.firstChild); b.focus();", name)
        stops = []
        for _ in range(4):
            ActionChains(browser).send_keys(Keys.TAB).perform()
            a = browser.switch_to.active_element
            if a.get_attribute("name") != name:
                break
            stops.append(a.get_attribute("id"))
        if len(stops) == 1 and len(browser.find_elements("css selector", f'input[name="{name}"]')) > 1:
            browser.find_element("id", stops[0]).send_keys(Keys.ARROW_RIGHT)
            assert browser.switch_to.active_element.get_attribute("name") == name, name  # still in the group
        browser.execute_script("document.getElementById('tab-probe').remove()")
        assert len(stops) == 1, (name, stops)
