"""The positional page in headless Chromium: the seat-number machine's JavaScript port against the
Python engine at random points, every widget driven by keyboard and clicks showing the engine's
values, the fingerprint table's marked row, a phone-width page without sideways scroll, and
contrast in both themes. The page is built once, without renders."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.attention import permutation_demo
from engine.naive import naive_position, naive_terms, sincos_terms
from studio.publish.pages.widgets_positional import share_text
from look import LANGS, fmt_num
from studio.publish.pages import build_pages
from studio.publish.pages.widgets import topic_widgets
from tests.browser import chrome_fixture, open_page, console_errors, reveal
from tests.test_pages_browser import CONTRAST_JS

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_pages("positional", "all", out_root=root, render=False)
    return root / "pages" / "positional"


browser = chrome_fixture("1300,1000")


@pytest.fixture(scope="module")
def tables():
    return topic_widgets("positional")


def _open(driver, page: Path):
    open_page(driver, page, "window.TFPositional")


def _slide(control, k):
    from selenium.webdriver.common.keys import Keys

    control.send_keys(Keys.HOME + Keys.ARROW_RIGHT * k)


def _text(w, sel) -> str:
    return w.find_element("css selector", sel).text


def test_the_machine_port_equals_the_engine_at_random_points(browser, site):
    """naive_terms and sincos_terms in the page against engine.naive, 300 random vectors and seats
    (beyond the sliders' seats, any width), relative 1e-9."""
    _open(browser, site / "index.html")
    rng = np.random.default_rng(7)
    cases = []
    for _ in range(300):
        d = int(rng.integers(2, 17))
        e, e2 = rng.normal(0, 1, d), rng.normal(0, 1, d)
        p, q = rng.uniform(0, 2000, 2) * (rng.random() < 0.5) + rng.integers(0, 32, 2)
        cases.append((e.tolist(), e2.tolist(), float(p), float(q)))
    got = browser.execute_script(
        "return arguments[0].map(function (c) { return [TFPositional.naiveTerms(c[0], c[1], c[2], c[3]),"
        " TFPositional.sincosTerms(c[0], c[1], c[2], c[3], 10000)]; });", cases)
    for (e, e2, p, q), (js_naive, js_sincos) in zip(cases, got):
        np.testing.assert_allclose(js_naive, naive_terms(e, e2, p, q), rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(js_sincos, sincos_terms(e, e2, p, q), rtol=1e-9, atol=1e-12)
    # and its number format is look.fmt_num's
    xs = rng.normal(0, 50, 200).tolist() + [-0.00001, 0.0, -0.0]
    shown = browser.execute_script("return arguments[0].map(function (x) { return TFPositional.fmt(x, 4); });", xs)
    assert shown == [fmt_num(x, 4) for x in xs]


def test_the_machine_on_the_page_shows_the_engine_terms(browser, site):
    from selenium.webdriver.support.ui import Select

    _open(browser, site / "index.html")
    w = browser.find_element("id", "w-naive")
    n = naive_position()
    reveal(w)
    rng = np.random.default_rng(3)
    assert Select(w.find_element("id", "w-naive-word")).first_selected_option.text == n.words[2]  # the video's
    assert _text(w, '[data-naive="n0"]') == fmt_num(naive_terms(n.e_swap, n.e2, 12, 12)[0], 4)
    bars = browser.execute_script(
        "return Array.from(arguments[0].querySelectorAll('.bar-fill[data-naive^=n]')).map("
        "function (b) { return [parseFloat(b.style.width), b.classList.contains('neg')]; });", w)
    terms, lo, hi = naive_terms(n.e_swap, n.e2, 12, 12), n.decades[0], n.decades[-1]  # the video's log axis
    for (width, hollow), t in zip(bars, terms):
        assert width == pytest.approx(100 * (np.log10(abs(t)) - lo) / (hi - lo), abs=0.06) and hollow == (t < 0)
    for word, p, q in [(0, 12, 12)] + [(int(a), int(b), int(c)) for a, b, c in
                                       zip(rng.integers(0, 2, 5), rng.integers(0, 32, 5), rng.integers(0, 32, 5))]:
        Select(w.find_element("id", "w-naive-word")).select_by_index(word)
        _slide(w.find_element("id", "w-naive-p"), p)
        _slide(w.find_element("id", "w-naive-q"), q)
        e = (n.e, n.e_swap)[word]
        assert (_text(w, '[data-naive="p"]'), _text(w, '[data-naive="q"]')) == (str(p), str(q))
        for tag, terms in (("n", naive_terms(e, n.e2, p, q)), ("s", sincos_terms(e, n.e2, p, q))):
            assert [_text(w, f'[data-naive="{tag}{k}"]') for k in range(4)] == [fmt_num(t, 4) for t in terms]
            assert _text(w, f'[data-naive="{tag}t"]') == fmt_num(terms.sum(), 4)
            share = 100 * abs(terms[0]) / np.abs(terms).sum()
            assert _text(w, f'[data-naive="{tag}c"]') == share_text(share) + " %"
    assert not console_errors(browser)


def test_the_order_layer_port_equals_the_engine_at_random_settings(browser, site, tables):
    """orderLayer in the page against engine.attention.scaled_dot_product_attention on x (+ PE):
    200 random widths, lengths, vectors and weights, with and without positions (relative 1e-9);
    then the widget's four toggle settings show the engine's own states."""
    from engine.attention import scaled_dot_product_attention
    from engine.positional import sinusoidal

    _open(browser, site / "index.html")
    rng = np.random.default_rng(11)
    cases = []
    for _ in range(200):
        d, t = int(rng.integers(2, 13)), int(rng.integers(1, 6))
        x = rng.standard_normal((t, d)) * float(rng.uniform(0.2, 3))
        ws = [rng.standard_normal((d, d)) / np.sqrt(d) for _ in range(3)]
        pe = sinusoidal(np.arange(t), d + d % 2)[:, :d] if rng.random() < 0.5 else None
        cases.append((x, pe, ws))
    got = browser.execute_script(
        "return arguments[0].map(function (c) { return TFPositional.orderLayer(c[0], c[1], c[2], c[3], c[4]); });",
        [[x.tolist(), None if pe is None else pe.tolist(), *[m.tolist() for m in ws]] for x, pe, ws in cases])
    for (x, pe, (wq, wk, wv)), g in zip(cases, got):
        xs = x if pe is None else x + pe
        res = scaled_dot_product_attention(xs @ wq, xs @ wk, xs @ wv)
        np.testing.assert_allclose(np.array(g["scores"]), res.scores, rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(np.array(g["out"]), res.output, rtol=1e-9, atol=1e-12)
    w = browser.find_element("id", "w-order")
    flip, pos = (w.find_element("css selector", f'[data-toggle="w-order-{n}"]') for n in ("flip", "pos"))
    for f, p in ((0, 0), (1, 0), (1, 1), (0, 1)):
        for b, on in ((flip, f), (pos, p)):
            if (b.get_attribute("aria-pressed") == "true") != bool(on):
                b.click()
        st = tables["order"]["states"][f"{f}|{p}"]
        for field in ("sentence", "x0", "x1", "s00", "s01", "s10", "s11", "out0", "out1"):
            assert _text(w, f'[data-field="{field}"]') == st[field], (f, p, field)
    assert not console_errors(browser)


def test_order_toggle_seat_table_and_the_lookups(browser, site, tables):
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "index.html")
    w = browser.find_element("id", "w-order")
    case = permutation_demo().examples[0]
    assert _text(w, '[data-field="sentence"]') == "十五"
    button = w.find_element("css selector", '[data-toggle="w-order-flip"]')
    button.send_keys(Keys.ENTER)  # keyboard: the button flips the order
    assert _text(w, '[data-field="sentence"]') == "五十" and button.get_attribute("aria-pressed") == "true"
    assert _text(w, '[data-field="s00"]') == fmt_num(case.scores_b[0, 0], 4)
    button.click()
    assert _text(w, '[data-field="sentence"]') == "十五" and button.get_attribute("aria-pressed") == "false"

    seat = browser.find_element("id", "w-seat")
    for p in (0, 9, 31):
        _slide(seat.find_element("id", "w-seat-seat"), p)
        marked = seat.find_elements("css selector", "table.heat tr.on")
        assert [tr.get_attribute("data-row-seat") for tr in marked] == [str(p)]
        assert _text(seat, '[data-field="pe0"]') == tables["seat"]["states"][str(p)]["pe0"]
    seat.find_element("css selector", 'table.heat tr[data-row-seat="17"]').click()  # a row chooses its seat
    assert _text(seat, 'output[data-field="seat"]') == "17"

    rng = np.random.default_rng(5)
    for wid, control, lo, fields in (("combine", "seat", 0, ("add0", "cs8", "cf15")),
                                     ("angles", "gap", 1, ("col2", "a0_0", "a7_2", "pred3")),
                                     ("cost", "k", 0, ("scores", "positions", "score_ratio", "bytes"))):
        w = browser.find_element("id", f"w-{wid}")
        if w.find_elements("css selector", "[data-show]"):
            reveal(w)
        for k in rng.integers(0, tables[wid]["max"] - lo + 1, 3):
            _slide(w.find_element("id", f"w-{wid}-{control}"), int(k))
            st = tables[wid]["states"][str(int(k) + lo)]
            for f in fields:
                assert w.find_element("css selector", f'[data-field="{f}"]').text == st[f], (wid, k, f)
    assert not console_errors(browser)


def test_phone_width_languages_and_contrast(browser, site):
    try:
        browser.set_window_size(360, 800)
        for lang in LANGS:
            _open(browser, site / ("index.html" if lang == "en" else f"index.{lang}.html"))
            wide, inner = browser.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert wide <= inner, (lang, wide, inner)
    finally:
        browser.set_window_size(1300, 1000)
    for theme in ("light", "dark"):
        _open(browser, site / "index.zh-Hans.html")
        browser.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
        for d in browser.find_elements("css selector", "details.predict"):  # answers shown, as a reader opens them
            browser.execute_script("arguments[0].open = true", d)
        low = browser.execute_script(CONTRAST_JS)  # every text on the page
        assert not low, (theme, low[:5])
    assert not console_errors(browser)


@pytest.mark.parametrize("wid", ["naive", "angles", "rope"])
def test_asked_readouts_stay_hidden_until_the_answer_is_shown(browser, site, wid):
    """Predict, then reveal: the readouts the question asks about are masked ("?") when the page opens;
    the named Show button, pressed with the keyboard, opens the answer, unmasks them and says the answer
    in a live region; pressed again it hides them."""
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "index.html")
    w = browser.find_element("id", f"w-{wid}")
    asked = w.find_elements("css selector", "[data-asked]")
    assert asked and all(e.text == "" for e in asked)  # visibility: hidden reads as no text
    assert any(browser.execute_script("return arguments[0].textContent", e) for e in asked)  # computed all the same
    button = w.find_element("css selector", "[data-show]")
    assert button.text == "Show the answer" and button.get_attribute("aria-expanded") == "false"
    live = w.find_element("css selector", "[data-revealed]")
    assert live.get_attribute("aria-live") == "polite" and live.text == ""
    button.send_keys(Keys.ENTER)
    answer = w.find_element("css selector", "details.predict .answer")
    said = browser.execute_script("return arguments[0].textContent", answer)
    assert button.get_attribute("aria-expanded") == "true" and live.text == said != ""
    assert button.text == "Hide the answer" and answer.text == ""  # said once, beside the button
    assert all(e.text or not browser.execute_script("return arguments[0].textContent", e) for e in asked)
    button.send_keys(Keys.ENTER)
    assert button.text == "Show the answer" and all(e.text == "" for e in asked)


def test_each_fingerprint_on_a_widget_names_its_d_and_the_video_it_matches(browser, site):
    """The seat slider's fingerprint (d = 16, the clock video's) and the combine and machine
    fingerprints (d = 8, the waves video's) say their d on the widget, and it is the width they draw."""
    from studio.publish.pages.widgets_positional import conventions

    _open(browser, site / "index.html")
    conv = conventions()
    shown = {}
    for wid in ("seat", "combine", "naive"):
        (el,) = browser.find_elements("css selector", f"#w-{wid} [data-pe-d]")
        d = el.get_attribute("data-pe-d")
        assert f"d = {d}" in el.text, (wid, el.text)
        shown[wid] = d
    seat_cells = browser.find_elements("css selector", "#w-seat table.row td[data-field^='pe']")
    comb_cells = browser.find_elements("css selector", "#w-combine [data-field^='pe']")
    assert shown["seat"] == str(len(seat_cells)) == conv["pe_clock"]["d"] == conv["pe_table"]["d"]
    assert shown["combine"] == str(len(comb_cells)) == shown["naive"] == conv["pe_waves"]["d"]
