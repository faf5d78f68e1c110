"""The gain widget's "any s" slider in headless Chromium: static/gain.js runs the signal_decay stack itself at any s
(its port of engine.signal.signal_rms on the record's input and matrices), so its RMS after every layer is the
engine's at s values off the table's grid, with and without LayerNorm; its readouts are the engine's numbers as the
table's readouts format them, and the table's slider carries it along. Built once, without renders."""
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


def test_any_s_readouts_are_the_engines_and_follow_the_table(browser, page):
    """At the asked s the readouts wait ("?"), as the table's do; moved, they show the engine's RMS after layer 30
    (3 significant digits, as the table's readouts); the curves have a point per layer; the table's slider moves
    this one to its own s."""
    open_page(browser, page / "index.html", "window.TFGain")
    sd = signal_decay()
    x0, weights = signal_weights()
    w = browser.find_element("id", "w-gain")
    any_s = w.find_element("id", "w-gain-any")
    plain, ln = (w.find_element("css selector", f'[data-gain-field="any_{k}"]') for k in ("plain", "ln"))
    assert float(any_s.get_attribute("value")) == pytest.approx(sd.s_values[gain_opening(sd)])
    assert "asking" in w.get_attribute("class") and plain.text == "" and ln.text == ""  # "?" in their place
    for s in ANY_S:
        _set(browser, any_s, s)
        assert "asking" not in w.get_attribute("class")
        assert w.find_element("css selector", "[data-gain-out]").text == f"{s:.3f}"
        assert plain.text == _sci(signal_rms(s, x0, weights, False)[-1]), s
        assert ln.text == _sci(signal_rms(s, x0, weights, True)[-1]), s
        pts = w.find_element("css selector", '[data-gain-line="plain"]').get_attribute("points").split()
        assert len(pts) == sd.n_layers + 1
    k = len(sd.s_values) - 1
    _set(browser, w.find_element("id", "w-gain-s"), k)  # the table's slider: this one follows
    assert float(any_s.get_attribute("value")) == pytest.approx(sd.s_values[k])
    assert plain.text == _sci(sd.rms_plain[k, -1]) == w.find_element("css selector", '[data-field="last_plain"]').text
    assert not console_errors(browser)
