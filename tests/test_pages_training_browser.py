"""The depth page's training replay in headless Chromium (seed 004 §4.2 互動②): Train asks for a
prediction first, draws the chosen run step by step to step 299 with the engine's loss printed, then
states the engine's outcome against the prediction and shows the seed's conclusion; all by keyboard,
in English and Chinese. A new start (s or LayerNorm) asks for a new prediction; the step slider's thumb runs
over the chart's x range in the page's accent, a link stores the step shown and opens that run at that step,
and Pin names the step once. The page is built once, without media."""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from engine.training import LOSS_RUNS, loss_curves
from look import fmt_num
from studio.options import TINY
from studio.publish.pages.builder import build_topic
from studio.publish.pages.text import UI
from tests.browser import chrome_fixture, console_errors, open_page, wait_for

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_topic("depth", ["en", "zh-Hant", "zh-Hans"], quality=TINY, out_root=root, render=False)
    return root / "pages" / "depth"


browser = chrome_fixture("1280,1000")


def _text(w, sel) -> str:
    return w.find_element("css selector", sel).text


def _finished(browser):
    wait_for(browser, "return !document.querySelector('[data-tr-train]').disabled && "
                      "document.querySelector('[data-tr-verdict]').textContent !== ''", 20)


def test_prediction_first_then_the_engines_run_by_keyboard(browser, page):
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFTraining")
    w = browser.find_element("id", "w-training")
    button = w.find_element("css selector", "[data-tr-train]")
    assert w.find_element("css selector", "[data-tr-conclusion]").get_attribute("hidden") is not None
    button.send_keys(Keys.ENTER)  # no prediction yet: asked for one, the focus moves to it
    assert _text(w, "[data-tr-need]") == UI["en"]["tr_need"]
    assert browser.switch_to.active_element.get_attribute("name") == "w-training-guess"
    assert _text(w, "[data-tr-step]") == "—"
    browser.switch_to.active_element.send_keys(Keys.SPACE)  # "stay where it is", at s = 3.0 without LayerNorm
    button.send_keys(Keys.ENTER)
    _finished(browser)
    r = loss_curves()
    k = [label for label, _, _ in LOSS_RUNS].index("s=3.0")
    assert _text(w, "[data-tr-step]") == "299 / 299" and _text(w, "[data-tr-loss]") == "NaN"
    verdict = _text(w, "[data-tr-verdict]")
    assert verdict.startswith("You predicted") and fmt_num(float(r.loss[k, 0]), "3s") in verdict
    assert f"step {int(r.first_nonfinite_step[k])}" in verdict
    assert w.find_element("css selector", "[data-tr-nan]").get_attribute("hidden") is None
    assert w.find_element("css selector", "[data-tr-conclusion]").is_displayed()
    n_points = browser.execute_script(
        "return document.querySelector('[data-tr-run=\"1|0\"]').getAttribute('points').split(' ').length")
    assert n_points == int(r.first_nonfinite_step[k])  # the finite steps only

    # LayerNorm on (arrow key in its pill group), predict "fall": right, and the engine's last loss
    ln = w.find_element("id", "w-training-ln-0")
    ln.send_keys(Keys.ARROW_RIGHT)
    assert w.find_element("id", "w-training-ln-1").is_selected()
    assert _text(w, "[data-tr-verdict]") == "" and _text(w, "[data-tr-step]") == "—"
    assert not w.find_elements("css selector", "input[name=w-training-guess]:checked")  # a new run: asked again
    button.send_keys(Keys.ENTER)
    assert _text(w, "[data-tr-need]") == UI["en"]["tr_need"] and _text(w, "[data-tr-step]") == "—"
    browser.switch_to.active_element.send_keys(Keys.SPACE, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)  # stay → nan → fall
    assert w.find_element("id", "w-training-guess-2").is_selected()
    button.click()
    wait_for(browser, "var t = document.querySelector('[data-tr-step]').textContent;"
                      "return t !== '—' && t !== '299 / 299' && t;", 5)  # it is drawn step by step
    _finished(browser)
    k = [label for label, _, _ in LOSS_RUNS].index("s=3.0+LN")
    assert _text(w, "[data-tr-loss]") == fmt_num(float(r.loss[k, -1]), "3s")
    assert _text(w, "[data-tr-verdict]").startswith("Your prediction “fall” was right")
    assert console_errors(browser) == []


def test_chinese_page_and_labels(browser, page):
    open_page(browser, page / "index.zh-Hant.html", "window.TFTraining")
    w = browser.find_element("id", "w-training")
    assert UI["zh-Hant"]["title_training"] in w.text and UI["zh-Hant"]["tr_predict"] in w.text
    assert w.find_element("css selector", "svg[data-tr-svg]").get_attribute("aria-label") == UI["zh-Hant"]["tr_chart"]
    browser.execute_script("document.getElementById('w-training-s-0').click();"
                           "document.getElementById('w-training-guess-0').click();"
                           "document.querySelector('[data-tr-train]').click()")
    _finished(browser)
    assert _text(w, "[data-tr-verdict]").startswith(UI["zh-Hant"]["tr_right"].format(pred=UI["zh-Hant"]["tr_stay"]))
    said = _text(w, "[data-tr-conclusion]")  # one run: its outcome only, not the seed's whole conclusion
    assert UI["zh-Hant"]["tr_sent_stay"] in said and "Pre-LN" not in said
    legend = _text(w, "[data-tr-legend] li")
    assert legend.startswith(UI["zh-Hant"]["tr_this"] + "：") and ": " not in legend  # the full-width colon
    assert console_errors(browser) == []


def test_scrub_the_finished_run_and_name_the_earlier_one(browser, page):
    """After a run the step slider walks its steps (arrow keys), printing the engine's loss at each; before
    it, the slider is off (it would show the outcome). The run trained before stays, named in the legend."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFTraining")
    w = browser.find_element("id", "w-training")
    scrub = w.find_element("id", "w-training-scrub")
    assert not scrub.is_enabled() and scrub.get_attribute("value") == "0"  # no run yet: off, at step 0
    assert _text(w, "[data-tr-legend]") == UI["en"]["tr_none"]  # no run is named before one was made
    browser.execute_script("document.getElementById('w-training-guess-1').click();"
                           "document.querySelector('[data-tr-train]').click()")  # s = 3.0, LayerNorm off
    _finished(browser)
    r = loss_curves()
    k = [label for label, _, _ in LOSS_RUNS].index("s=3.0")
    assert scrub.is_enabled() and scrub.get_attribute("value") == "1000"  # the chart's right edge
    scrub.send_keys(Keys.HOME, Keys.ARROW_RIGHT)  # step 1: 3.95×10²³, above the chart
    assert _text(w, "[data-tr-step]") == "1 / 299" and _text(w, "[data-tr-loss]") == fmt_num(float(r.loss[k, 1]), "3s")
    assert fmt_num(float(r.loss[k, 1]), "3s") in _text(w, "[data-tr-off]")
    scrub.send_keys(Keys.ARROW_RIGHT)
    assert _text(w, "[data-tr-step]") == "2 / 299" and _text(w, "[data-tr-loss]") == "NaN"
    x = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent)"
                               ".widgets.training.x")
    assert scrub.get_attribute("value") == str(round(10 * float(x[2])))  # the slider's place is the chart's x
    nan_x = float(browser.find_element("css selector", "[data-tr-nan]").get_attribute("x1"))
    assert nan_x > 0.19 * 300  # the blow-up a fifth of the way across, not in the first pixels
    browser.execute_script("document.getElementById('w-training-ln-1').click()")
    assert not scrub.is_enabled() and scrub.get_attribute("value") == "0"  # a new start: predict and train again
    legend = _text(w, "[data-tr-legend]")
    assert legend.startswith(UI["en"]["tr_next"] + ": s = 3.0, LayerNorm on" + UI["en"]["tr_not_yet"])
    assert "s = 3.0, LayerNorm off" in legend and UI["en"]["tr_earlier"] in legend and "NaN from step 2" in legend
    assert "you predicted “blow up to NaN”" in legend
    assert console_errors(browser) == []


def test_every_run_stays_on_the_chart_in_its_own_line(browser, page):
    """Stuck, NaN and falls side by side (the seed drew all three together): each run trained keeps its curve,
    in its own colour and dash, and the legend names its s, its LayerNorm and the prediction made for it."""
    open_page(browser, page / "index.html", "window.TFTraining")
    w = browser.find_element("id", "w-training")
    for s_, ln, guess in (("0", "0", "0"), ("1", "0", "1"), ("1", "1", "2")):
        browser.execute_script(f"document.getElementById('w-training-s-{s_}').click();"
                               f"document.getElementById('w-training-ln-{ln}').click();"
                               f"document.getElementById('w-training-guess-{guess}').click();"
                               "document.querySelector('[data-tr-train]').click()")
        _finished(browser)
    styles = browser.execute_script(
        "return ['0|0', '1|0', '1|1'].map(k => { var p = document.querySelector('[data-tr-run=\"' + k + '\"]'),"
        " c = getComputedStyle(p); return [p.getAttribute('points').split(' ').length, c.stroke, c.strokeDasharray]; })")
    assert all(n > 1 for n, _, _ in styles)  # the NaN run: its finite steps only
    assert len({(c, d) for _, c, d in styles}) == 3 and len({c for _, c, _ in styles}) == 3
    assert len({d for _, _, d in styles}) == 3
    items = w.find_elements("css selector", "[data-tr-legend] li")
    text = [i.text for i in items]
    assert len(items) == 3 and text[0].startswith(UI["en"]["tr_this"] + ": s = 3.0, LayerNorm on")
    assert "you predicted “fall”" in text[0]
    assert any("s = 0.3, LayerNorm off" in t and "you predicted “stay where it is”" in t for t in text)
    assert any("s = 3.0, LayerNorm off" in t and "you predicted “blow up to NaN”" in t for t in text)
    assert console_errors(browser) == []


def _train(browser, s_, ln, guess):
    browser.execute_script(f"document.getElementById('w-training-s-{s_}').click();"
                           f"document.getElementById('w-training-ln-{ln}').click();"
                           f"document.getElementById('w-training-guess-{guess}').click();"
                           "document.querySelector('[data-tr-train]').click()")
    _finished(browser)


@pytest.mark.parametrize("control", ["ln", "s"])
def test_a_new_start_clears_the_prediction(browser, page, control):
    """The prediction belongs to one run: after s or LayerNorm changes none is selected, Train asks for one,
    and the new run is named with the prediction made for it, the earlier run with its own."""
    open_page(browser, page / "index.html", "window.TFTraining")
    w = browser.find_element("id", "w-training")
    _train(browser, "1", "0", "1")  # s = 3.0 without LayerNorm, predicted NaN
    assert w.find_element("id", "w-training-guess-1").is_selected()
    w.find_element("css selector", f"label[for=w-training-{control}-{1 if control == 'ln' else 0}]").click()  # its pill
    checked = w.find_elements("css selector", "input[name=w-training-guess]:checked")
    assert checked == [] and _text(w, "[data-tr-verdict]") == ""
    w.find_element("css selector", "[data-tr-train]").click()
    assert _text(w, "[data-tr-need]") == UI["en"]["tr_need"] and _text(w, "[data-tr-step]") == "—"
    assert browser.switch_to.active_element.get_attribute("name") == "w-training-guess"
    w.find_element("css selector", "label[for=w-training-guess-2]").click()  # "fall", for this run
    w.find_element("css selector", "[data-tr-train]").click()
    _finished(browser)
    items = [i.text for i in w.find_elements("css selector", "[data-tr-legend] li")]
    assert "you predicted “fall”" in items[0] and "blow up to NaN" not in items[0]
    assert any("s = 3.0, LayerNorm off" in t and "you predicted “blow up to NaN”" in t for t in items[1:])
    assert console_errors(browser) == []


def _boxes(browser):
    return browser.execute_script(
        "var s = document.querySelector('[data-tr-svg]'), r = s.getBoundingClientRect(), i = document.getElementById("
        "'w-training-scrub').getBoundingClientRect();"
        "return {left: r.left + s.clientLeft, right: r.left + s.clientLeft + s.clientWidth,"
        " inLeft: i.left, inRight: i.right, thumb: i.height};")


def _thumb_x(browser, accent) -> float:
    """The centre, in page pixels, of the slider's pixels drawn in the accent colour (its thumb)."""
    import io

    from PIL import Image

    scrub = browser.find_element("id", "w-training-scrub")
    left = browser.execute_script("return arguments[0].getBoundingClientRect().left", scrub)
    img = Image.open(io.BytesIO(scrub.screenshot_as_png)).convert("RGB")
    xs = [x for x in range(img.width) for y in range(img.height)
          if max(abs(a - b) for a, b in zip(img.getpixel((x, y)), accent)) <= 8]
    assert len(xs) > 20, "no thumb in the accent colour"
    return left + (min(xs) + max(xs) + 1) / 2


def test_the_slider_thumb_sits_over_the_charts_step(browser, page):
    """The slider's thumb runs exactly over the plot's x range (half a thumb past each inner edge), in the page's
    accent: at step 0, 1, 2, 20 and 299 its centre is over the chart's cursor at that step (within 1.5 px)."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFTraining")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", browser.find_element("id", "w-training-scrub"))
    b = _boxes(browser)
    assert b["inLeft"] + b["thumb"] / 2 == pytest.approx(b["left"], abs=0.5)
    assert b["inRight"] - b["thumb"] / 2 == pytest.approx(b["right"], abs=0.5)
    accent = browser.execute_script(
        "var e = document.createElement('i'); e.style.color = 'var(--accent)'; document.body.appendChild(e);"
        "var c = getComputedStyle(e).color; e.remove(); return c.match(/\\d+/g).slice(0, 3).map(Number)")
    _train(browser, "1", "1", "2")
    scrub = browser.find_element("id", "w-training-scrub")
    scrub.send_keys(Keys.HOME)
    x = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent).widgets.training.x")
    for k in (0, 1, 2, 20, 299):
        if k:
            scrub.send_keys(Keys.END if k == 299 else Keys.ARROW_RIGHT * (k - int(_text(browser, "[data-tr-step]").split()[0])))
        assert _text(browser, "[data-tr-step]") == f"{k} / 299"
        cursor = b["left"] + float(x[k]) / 100 * (b["right"] - b["left"])
        assert _thumb_x(browser, accent) == pytest.approx(cursor, abs=1.5), k
    assert console_errors(browser) == []


@pytest.mark.parametrize("width,height", [(1920, 1080), (1280, 800), (390, 844)])
def test_the_slider_track_spans_the_charts_axis_at_every_width(browser, page, width, height):
    """The slider's track (its input less half a thumb at each end) starts and ends on the same pixel as the plot's
    x axis at 1920, 1280 and 390 px wide, so a step on the slider sits under its step on the chart (at 1920 the
    wide page's prose measure once ended the track 68 px short of the axis's right end)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        open_page(browser, page / "index.html", "window.TFTraining")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                               browser.find_element("id", "w-training-scrub"))
        b = _boxes(browser)
        b["thumb"] = browser.execute_script(  # the thumb's width (the input is 44 px high on a phone, its thumb not)
            "var e = document.createElement('i'), p = document.querySelector('.tr-scrub'); e.style.display = 'block';"
            "e.style.width = 'var(--tr-thumb)'; p.appendChild(e); var w = e.getBoundingClientRect().width; e.remove();"
            "return w")
        assert b["right"] - b["left"] > 200 and b["thumb"] > 10
        assert b["inLeft"] + b["thumb"] / 2 == pytest.approx(b["left"], abs=0.5), b
        assert b["inRight"] - b["thumb"] / 2 == pytest.approx(b["right"], abs=0.5), b
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_link_stores_the_step_shown_and_opens_that_run_there(browser, page):
    """The address names the step the readout shows (scrub=2 at step 2, not the slider's place on the log axis);
    opening it trains nothing: that run is shown finished, at that step, with its verdict."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFTraining")
    _train(browser, "1", "0", "1")
    scrub = browser.find_element("id", "w-training-scrub")
    scrub.send_keys(Keys.HOME, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    # scrub=2 exactly: right after the run the address already holds its last step (scrub=298 also contains "scrub=2")
    wait_for(browser, "return /scrub=2(?![0-9])/.test(location.hash) && location.hash", 5)
    url = browser.current_url
    assert re.search(r"scrub=2(?![0-9])", url) and "w-training-guess=1" in url
    browser.get("about:blank")
    browser.get(url)
    wait_for(browser, "return document.querySelector('[data-tr-verdict]').textContent", 10)
    w = browser.find_element("id", "w-training")
    x = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent).widgets.training.x")
    assert _text(w, "[data-tr-step]") == "2 / 299" and _text(w, "[data-tr-loss]") == "NaN"
    assert w.find_element("id", "w-training-scrub").get_attribute("value") == str(round(10 * float(x[2])))
    assert w.find_element("id", "w-training-scrub").is_enabled()
    assert _text(w, "[data-tr-verdict]").startswith(UI["en"]["tr_right"].format(pred=UI["en"]["tr_nan"]))
    browser.get("about:blank")
    browser.get(url.replace("scrub=2", "scrub=999"))  # no such step: the widget opens as it would, unrun
    wait_for(browser, "return window.TFTraining", 10)
    assert _text(browser.find_element("id", "w-training"), "[data-tr-step]") == "—"
    assert console_errors(browser) == []


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_pin_names_the_step_once_in_the_pages_language(browser, page, lang):
    """Pinned after a run: the slider named once, "<its label> = <the step shown>", in the page's language;
    pinned before a run, the switched-off slider is not named (its place 1000 is no step)."""
    from selenium.webdriver.common.keys import Keys

    name = "index.html" if lang == "en" else f"index.{lang}.html"
    label = UI[lang]["tr_scrub"].rstrip(":：")
    open_page(browser, page / name, "window.TFTraining")
    w = browser.find_element("id", "w-training")
    pin = w.find_element("css selector", "[data-pin]")
    pin.click()
    head = w.find_element("css selector", ".pin-head").text
    assert label not in head and "1000" not in head, head
    pin.click()
    _train(browser, "1", "0", "1")
    w.find_element("id", "w-training-scrub").send_keys(Keys.HOME, Keys.ARROW_RIGHT)
    pin.click()
    head = w.find_element("css selector", ".pin-head").text
    assert head.count(label) == 1 and f"{label} = 1" in head.split(" · "), head
    predict = re.split("[:：]", UI[lang]["tr_predict"])[0]  # the prediction by its prompt, "Predict = …"
    assert f"{predict} = {UI[lang]['tr_nan']}" in head.split(" · ") and f"{UI[lang]['tr_s']} = 3.0" in head.split(" · "), head
    assert "::" not in head and "：：" not in head and "1000" not in head and "122" not in head, head
    pin.click()
    assert console_errors(browser) == []


def _js_round(v: float) -> int:
    return int(math.floor(v + 0.5))  # Math.round


def test_the_thumb_follows_the_replay_and_taking_it_scrubs(browser, page):
    """While a run plays, the slider's thumb sits at the step drawn (the slider's place is that step's x on the
    chart's log axis, per mille) and the readout names that step; a key on the slider during the replay ends it
    and moves one step from where the thumb was, and a drag afterwards scrubs the finished run."""
    from selenium.webdriver.common.keys import Keys

    open_page(browser, page / "index.html", "window.TFTraining")
    x = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent).widgets.training.x")
    browser.execute_script("document.getElementById('w-training-s-1').click();"
                           "document.getElementById('w-training-ln-1').click();"
                           "document.getElementById('w-training-guess-2').click();"
                           "document.querySelector('[data-tr-train]').click()")
    seen = []
    for _ in range(40):
        value, step, on = browser.execute_script(
            "var s = document.querySelector('[data-tr-scrub]');"
            "return [s.value, document.querySelector('[data-tr-step]').textContent, !s.disabled];")
        if step[0].isdigit() and int(step.split()[0]) < 299:
            k = int(step.split()[0])
            assert on and value == str(_js_round(10 * float(x[k]))), (k, value)
            seen.append(k)
        if len(seen) >= 4:
            break
        browser.execute_script("return new Promise(function (r) { setTimeout(r, 60); })")
    assert len(seen) >= 4 and seen == sorted(seen) and seen[-1] > seen[0], seen  # it moves with the replay
    scrub = browser.find_element("id", "w-training-scrub")
    scrub.send_keys(Keys.ARROW_LEFT)  # taken mid-replay: the run ends, the thumb one step back from where it was
    k = int(_text(browser, "[data-tr-step]").split()[0])
    assert seen[-1] - 1 <= k < 298, (k, seen)  # ended mid-replay (the replay may move on between the read and the key)
    assert _text(browser, "[data-tr-verdict]").startswith("Your prediction “fall” was right")
    assert not browser.find_element("css selector", "[data-tr-train]").get_attribute("disabled")
    browser.execute_script("var s = arguments[0]; s.value = arguments[1];"
                           "s.dispatchEvent(new Event('input', {bubbles: true}))", scrub, str(_js_round(10 * float(x[5]))))
    assert _text(browser, "[data-tr-step]") == "5 / 299" and scrub.get_attribute("data-shown") == "5"
    assert console_errors(browser) == []


@pytest.mark.parametrize("lang,name", [("en", "index.html"), ("zh-Hant", "index.zh-Hant.html"),
                                       ("zh-Hans", "index.zh-Hans.html")])
def test_the_conclusion_waits_for_all_three_runs(browser, page, lang, name):
    """After one run the conclusion states that run's outcome only and names the seed's runs still to run; a
    second run adds its outcome; once s = 3.0, s = 0.3 (no LayerNorm) and s = 3.0 with LayerNorm were all run it
    is the seed's three sentences, and nothing is left to run. Drawn at once (reduced motion)."""
    ui = UI[lang]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_page(browser, page / name, "window.TFTraining")
        w = browser.find_element("id", "w-training")
        sent = {v: ui["tr_sent_" + v] for v in ("stay", "nan", "fall")}

        def run(s, ln, guess):
            browser.execute_script(f"document.getElementById('w-training-s-{s}').click();"
                                   f"document.getElementById('w-training-ln-{ln}').click();"
                                   f"document.getElementById('w-training-guess-{guess}').click();"
                                   "document.querySelector('[data-tr-train]').click()")
            _finished(browser)
            return (w.find_element("css selector", "[data-tr-conclusion]").text,
                    w.find_element("css selector", "[data-tr-todo]"))

        def name_of(s, ln):
            return ui["tr_name"].format(s=s, ln=ui["tr_ln_on"] if ln else ui["tr_ln_off"])

        said, todo = run(1, 0, 1)  # s = 3.0, no LayerNorm: NaN
        assert w.find_element("css selector", "[data-tr-conclusion]").is_displayed()
        assert sent["nan"] in said and sent["stay"] not in said and sent["fall"] not in said, said
        assert ui["tr_conclude"] not in said and ui["tr_conclude_h"] not in said
        assert todo.is_displayed() and name_of("0.3", 0) in todo.text and name_of("3.0", 1) in todo.text
        assert name_of("3.0", 0) not in todo.text
        said, todo = run(0, 0, 2)  # s = 0.3, no LayerNorm: stuck (predicted "fall")
        assert sent["stay"] in said and sent["nan"] in said and sent["fall"] not in said, said
        assert todo.text == ui["tr_todo"].format(runs=name_of("3.0", 1))
        said, todo = run(1, 1, 2)  # s = 3.0 with LayerNorm: falls
        assert ui["tr_conclude_h"] in said and ui["tr_conclude"] in said and not todo.is_displayed()
        assert "GPT" not in said and "Pre-LN" not in said  # only what these runs show
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("lang,name", [("en", "index.html"), ("zh-Hant", "index.zh-Hant.html"),
                                       ("zh-Hans", "index.zh-Hans.html")])
def test_a_wrong_prediction_is_called_wrong_and_a_right_one_right(browser, page, lang, name):
    """After a run the verdict sets the prediction against the engine's outcome in the page's language: s = 3.0
    without LayerNorm predicted to fall reads "You predicted “fall”; it blew up to NaN, so the prediction was
    wrong: …" with the run's numbers (its first loss, its first NaN step); predicted to blow up, it is called
    right; never both."""
    ui = UI[lang]
    r = loss_curves()
    k = [label for label, _, _ in LOSS_RUNS].index("s=3.0")
    nan_at, first = int(r.first_nonfinite_step[k]), fmt_num(float(r.loss[k, 0]), "3s")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_page(browser, page / name, "window.TFTraining")
        w = browser.find_element("id", "w-training")
        _train(browser, "1", "0", "2")  # predicted "fall"; it overflows
        said = _text(w, "[data-tr-verdict]")
        wrong = ui["tr_wrong"].format(pred=ui["tr_fall"], did=ui["tr_did_nan"])
        assert said.startswith(wrong.strip()) and first in said and str(nan_at) in said, said
        assert w.find_element("css selector", "[data-tr-verdict]").get_attribute("data-state") == "wrong"
        assert {"en": "wrong", "zh-Hant": "猜錯", "zh-Hans": "猜错"}[lang] in said
        browser.execute_script("document.getElementById('w-training-s-0').click();"
                               "document.getElementById('w-training-s-1').click()")  # the same start, asked again
        _train(browser, "1", "0", "1")  # predicted "blow up to NaN": right
        said = _text(w, "[data-tr-verdict]")
        assert said.startswith(ui["tr_right"].format(pred=ui["tr_nan"]).strip()) and first in said, said
        assert w.find_element("css selector", "[data-tr-verdict]").get_attribute("data-state") == "right"
        assert {"en": "wrong", "zh-Hant": "猜錯", "zh-Hans": "猜错"}[lang] not in said
        assert console_errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_an_earlier_run_that_overflowed_is_marked_at_its_first_nan_step(browser, page):
    """An overflow run that is no longer the one in front keeps a mark: an ✕ centred on the step the engine
    records as its first non-finite one (within 1.5 px of that step's x on the chart, where the NaN line of
    the run in front stands), labelled "NaN at step N" with that same N; the run in front has no ✕ (its NaN
    line marks it), and a run that never overflowed has none."""
    r = loss_curves()
    k = [label for label, _, _ in LOSS_RUNS].index("s=3.0")
    nan_at = int(r.first_nonfinite_step[k])
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_page(browser, page / "index.html", "window.TFTraining")
        w = browser.find_element("id", "w-training")
        _train(browser, "1", "0", "1")  # s = 3.0 without LayerNorm: NaN, in front
        assert not w.find_elements("css selector", "[data-tr-xmark]")
        label = w.find_element("css selector", "[data-tr-nan-label]").text  # its line's label names the step
        assert label == UI["en"]["tr_at_nan"].format(nan_at=nan_at) + " →"
        _train(browser, "0", "0", "0")  # s = 0.3: stuck, now in front; the overflow run is an earlier one
        marks = w.find_elements("css selector", "[data-tr-xmark]")
        assert [m.get_attribute("data-tr-xmark") for m in marks] == ["1|0"]
        assert marks[0].is_displayed() and marks[0].text.endswith(UI["en"]["tr_overflow"].format(nan_at=nan_at))
        last = int(marks[0].get_attribute("data-step"))  # the mark's step and its label's agree
        assert last == nan_at and np.isfinite(r.loss[k, nan_at - 1]) and not np.isfinite(r.loss[k, nan_at])
        assert str(last) in marks[0].text
        b = _boxes(browser)
        x = browser.execute_script("return JSON.parse(document.getElementById('page-data').textContent).widgets.training.x")
        cx = browser.execute_script("var r = arguments[0].querySelector('.x').getBoundingClientRect();"
                                    "return (r.left + r.right) / 2", marks[0])
        assert cx == pytest.approx(b["left"] + float(x[last]) / 100 * (b["right"] - b["left"]), abs=1.5)
        tops = browser.execute_script("var r = arguments[0].querySelector('.x').getBoundingClientRect();"
                                      "return [r.top, document.querySelector('#w-training .tr-chart svg').getBoundingClientRect().top]", marks[0])
        assert tops[0] >= tops[1]  # the ✕ whole inside the plot, not cut by its top edge
        _train(browser, "1", "1", "2")  # s = 3.0 with LayerNorm in front: the ✕ of the overflow run stays, one only
        assert [m.get_attribute("data-tr-xmark") for m in w.find_elements("css selector", "[data-tr-xmark]")] == ["1|0"]
        browser.execute_script("document.getElementById('w-training-ln-0').click()")  # the overflow run's start again
        assert not w.find_elements("css selector", "[data-tr-xmark]")
        assert console_errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
