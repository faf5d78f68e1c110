"""The depth page's browser trainer (static/training.js, TFTrainer) against engine.training_numpy: the same
network trained in float64 gives the same losses to 1e-9 (relative) where the run is stable, and the same first
non-finite step where it diverges; the gain widget's s pill trains at the gain slider's s. The page is built once,
without media."""
from __future__ import annotations

import numpy as np
import pytest

from engine.training_numpy import numpy_losses, training_problem
from studio.options import TINY
from studio.publish.pages.builder import build_topic
from tests.browser import chrome_fixture, console_errors, open_page, wait_for

pytestmark = [pytest.mark.browser]

# (s, LayerNorm): stable runs with and without LayerNorm, and runs that overflow in float64 (2.0 at step 4, 8.0 + LN)
CASES = ((0.3, False), (1.0, False), (1.5, True), (3.0, True), (2.0, False), (8.0, True))


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_topic("depth", ["en"], quality=TINY, out_root=root, render=False)
    return root / "pages" / "depth"


browser = chrome_fixture("1280,1000")


@pytest.mark.parametrize("s,ln", CASES)
def test_the_browser_trains_as_numpy_does(browser, page, s, ln):
    open_page(browser, page / "index.html", "window.TFTrainer")
    got = browser.execute_script(
        "var W = JSON.parse(document.getElementById('page-data').textContent).widgets.training;"
        "return window.TFTrainer.losses(W.net, arguments[0], arguments[1], W.steps)"
        ".map(function (v) { return isFinite(v) ? v : null; });", s, ln)
    got = np.array([np.nan if v is None else v for v in got])
    want = numpy_losses(training_problem(), s, ln)
    bad_got, bad_want = np.flatnonzero(~np.isfinite(got)), np.flatnonzero(~np.isfinite(want))
    assert (bad_got[:1].tolist()) == (bad_want[:1].tolist())  # the same first non-finite step (or none)
    ok = np.isfinite(want)
    assert ok.sum() >= 3
    np.testing.assert_allclose(got[ok], want[ok], rtol=1e-9, atol=0)
    assert not console_errors(browser)


def test_the_gain_pill_trains_at_the_gain_widgets_s(browser, page):
    from engine.signal import signal_decay

    open_page(browser, page / "index.html", "window.TFTraining")
    k = [round(float(v), 2) for v in signal_decay().s_values].index(1.5)  # the gain slider's grid: 1.5
    browser.execute_script(
        "var g = document.querySelector('#w-gain-s'); g.value = String(arguments[0]);"
        "g.dispatchEvent(new Event('input', {bubbles: true}));"
        "document.getElementById('w-training-s-2').click(); document.getElementById('w-training-ln-0').click();"
        "document.getElementById('w-training-guess-2').click();"
        "window.matchMedia = function () { return {matches: true}; };"  # reduced motion: the curve at once
        "document.querySelector('[data-tr-train]').click();", k)
    wait_for(browser, "return document.querySelector('[data-tr-verdict]').textContent !== ''", 30)
    label = browser.find_element("css selector", 'label[for="w-training-s-2"]').text
    assert label.endswith("= 1.50")
    want = numpy_losses(training_problem(), 1.5, False)
    # the page trains in JavaScript: 299 steps at s = 1.5 carry the browser's last-digit differences in exp and tanh
    # (they differ between Chromium releases) to about 0.5 % of the loss, so its three digits match within 1 %
    shown = browser.find_element("css selector", "[data-tr-loss]").text
    assert _value(shown) == pytest.approx(float(want[-1]), rel=0.01), shown
    assert browser.find_element("css selector", "[data-tr-step]").text == "299 / 299"
    assert not console_errors(browser)


def test_choosing_the_gain_pill_before_training_names_the_next_run(browser, page):
    """With a run done, picking the gain slider's pill (not trained yet) names it as the next run, without errors."""
    open_page(browser, page / "index.html", "window.TFTraining")
    browser.execute_script(
        "window.matchMedia = function () { return {matches: true}; };"
        "document.getElementById('w-training-s-0').click(); document.getElementById('w-training-guess-0').click();"
        "document.querySelector('[data-tr-train]').click();"
        "document.getElementById('w-training-s-2').click();")
    legend = browser.find_element("css selector", "[data-tr-legend]").text
    assert "0.90" in legend  # the gain slider opens at s = 0.9
    assert not console_errors(browser)


def _value(text: str) -> float:
    """A number as the page writes it ("2.13×10⁻⁴", "0.0312") as a float."""
    sup = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
    mantissa, _, power = text.replace("−", "-").partition("×10")
    return float(mantissa) * 10.0 ** int(power.translate(sup) or 0)
