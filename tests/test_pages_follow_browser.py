"""Widgets that answer from the sliders' values and ask before they show (issue 28): the RoPE widget's
answer goes on to the sliders' own m and n with the engine's scores (engine.rope.rope_lesson, seed 002
§06), a widget opened from a video pause masks the readouts its question asks about until the reader
opens them, and the gain widget's log axis labels only its two ends and 1, so no two labels touch.
The positional page is built once, in English, without renders."""
from __future__ import annotations

import re

import pytest

from look import LANGS
from studio.publish.pages import build_pages
from studio.publish.pages.builder import predict_texts
from studio.publish.pages.widgets import gain_widget, predictions, topic_widgets
from tests.browser import chrome_fixture, console_errors, open_page

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_pages("positional", "en", out_root=root, render=False)
    return root / "pages" / "positional"


browser = chrome_fixture("1300,1000")


def test_rope_answer_names_only_fields_of_its_states_in_every_language():
    rope = topic_widgets("positional")["rope"]
    fields = set(next(iter(rope["states"].values())))
    answers = predictions()
    for lang in LANGS:
        live = predict_texts(lang, ["rope"], answers)["rope"]["live"]
        names = set(re.findall(r"\{(\w+)\}", live))
        assert names and names <= fields, (lang, names - fields)


def test_gain_axis_labels_are_far_apart_and_span_every_value():
    from engine.signal import signal_decay

    w, sd = gain_widget(), signal_decay()
    at = sorted(float(a) for _, a in w["labels"])
    assert at[0] == 0.0 and at[-1] == 100.0 and len(at) == 3
    assert min(b - a for a, b in zip(at, at[1:])) >= 25.0  # a quarter of the axis between neighbours
    lo, hi = (int(w["axis"][k].replace("10", "", 1).translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
              for k in ("lo", "hi"))
    assert 10.0 ** lo <= sd.rms_plain.min() and sd.rms_plain.max() <= 10.0 ** hi  # the range the numbers need
    assert 10.0 ** (lo + 1) > sd.rms_plain.min() and sd.rms_plain.max() > 10.0 ** (hi - 1)  # and no more


def test_rope_answer_follows_the_sliders(browser, site):
    open_page(browser, site / "index.html", "window.TFPositional")
    rope = topic_widgets("positional")["rope"]["states"]
    browser.execute_script("document.querySelector('#w-rope [data-show]').click()")
    for m, n in [(4, 0), (7, 3), (9, 2), (0, 5)]:
        browser.execute_script(
            "var a = document.getElementById('w-rope-m'), b = document.getElementById('w-rope-n');"
            "a.value = arguments[0]; a.dispatchEvent(new Event('input', {bubbles: true}));"
            "b.value = arguments[1]; b.dispatchEvent(new Event('input', {bubbles: true}));", m, n)
        text = browser.execute_script("return document.querySelector('#w-rope .answer').textContent")
        st = rope[f"{m}|{n}"]
        now = text.split("Now, ", 1)[1]
        assert f"m = {m}, n = {n} (gap {st['gap']})" in now
        for k in ("score", "gap_score", "abs_score", "abs_gap_score"):
            assert st[k] in now, (m, n, k)
        said = browser.execute_script("return document.querySelector('#w-rope [data-revealed]').textContent")
        assert said == text  # the line beside the Show button says the same
    assert not console_errors(browser)


def test_explore_asks_before_it_shows(browser, site):
    open_page(browser, site / "index.html", "window.TFPositional")
    state = ("var w = document.getElementById('w-rope'); return [w.classList.contains('asking'),"
             " w.querySelector('details.predict').open, getComputedStyle(w.querySelector('.explored-q')).display,"
             " getComputedStyle(w.querySelector('[data-field=\"abs_gap_score\"]')).visibility]")
    browser.execute_script("document.querySelector('#w-rope [data-show]').click()")  # answered once already
    browser.execute_script("window.TFExplore({widget: 'rope', values: {m: '7', n: '3'}})")
    asking, opened, question, masked = browser.execute_script(state)
    assert asking and not opened and question != "none" and masked == "hidden"
    browser.execute_script("document.querySelector('#w-rope [data-show]').click()")
    asking, opened, _, masked = browser.execute_script(state)
    assert not asking and opened and masked == "visible"
    assert not console_errors(browser)
