"""The gain widget's every-layer chart in headless Chromium: static/gain.js runs the signal_decay stack itself
(its port of engine.signal.signal_rms on the record's input and matrices), so its RMS after every layer is the
engine's, also at s values off the table's grid, with and without LayerNorm; the widget's one s control (the table's
slider) drives it, and its readouts are the engine's numbers as the table's readouts format them. Built once,
without renders."""
from __future__ import annotations

import numpy as np
import pytest

from engine.signal import signal_decay, signal_rms, signal_weights
from studio.publish.pages.widgets import _sci, gain_opening
from tests.browser import chrome_fixture, console_errors, open_page, page_fixture

pytestmark = [pytest.mark.browser]

page = page_fixture("depth")
browser = chrome_fixture("1280,1000")

ANY_S = (0.637, 1.0, 1.873)  # off the table's 0.05 grid (but 1.0), below, at and above the balance point


def _set(driver, control, value) -> None:
    driver.execute_script("arguments[0].value = arguments[1];"
                          "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
                          "arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", control, str(value))


def test_the_port_is_signal_rms_at_any_s(browser, page):
    open_page(browser, page / "index.html", "window.TFGain")
    x0, weights = signal_weights()
    for s in ANY_S:
        for ln in (False, True):
            got = np.array(browser.execute_script("return TFGain.signalRms(arguments[0], arguments[1])", s, ln))
            want = signal_rms(s, x0, weights, ln)  # (31,)
            assert got.shape == want.shape == (31,)
            np.testing.assert_allclose(got, want, rtol=1e-12, err_msg=f"s = {s}, LayerNorm {ln}")
    assert not console_errors(browser)


def test_one_s_control_drives_the_bars_and_every_layer_chart(browser, page):
    """The widget has one s control (the table's slider): at the asked s the readouts wait ("?"); moved, the
    every-layer chart shows the engine's RMS after layer 30 at that s (3 significant digits, as the table's
    readouts), a point per layer, and the widget carries data-grows exactly when s > 1 (the grows/shrinks roles)."""
    open_page(browser, page / "index.html", "window.TFGain")
    sd = signal_decay()
    x0, weights = signal_weights()
    w = browser.find_element("id", "w-gain")
    assert not w.find_elements("css selector", 'input[type="range"]:not([data-control="s"])')  # one slider
    plain, ln = (w.find_element("css selector", f'[data-gain-field="any_{k}"]') for k in ("plain", "ln"))
    assert "asking" in w.get_attribute("class") and plain.text == "" and ln.text == ""  # "?" in their place
    for k in (0, 10, len(sd.s_values) - 1):
        s = float(sd.s_values[k])
        _set(browser, w.find_element("id", "w-gain-s"), k)
        assert "asking" not in w.get_attribute("class")
        assert w.find_element("css selector", "[data-gain-out]").text == f"s = {s:.2f}"
        assert plain.text == _sci(signal_rms(s, x0, weights, False)[-1]) == _sci(sd.rms_plain[k, -1])
        assert plain.text == w.find_element("css selector", '[data-field="last_plain"]').text
        assert ln.text == _sci(signal_rms(s, x0, weights, True)[-1]), s
        pts = w.find_element("css selector", '[data-gain-line="plain"]').get_attribute("points").split()
        assert len(pts) == sd.n_layers + 1
        assert (w.get_attribute("data-grows") is not None) == (s > 1)
    assert not console_errors(browser)
