"""The worked page's simulator (seed 003) in headless Chromium: static/toy.js against the Python engine
at hundreds of random settings (1e-9 relative), and the widgets driven by keyboard, clicks and a
pointer drag showing what engine.toy computes for the same controls, formatted as the build formats it.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.positional import sinusoidal
from engine.toy import (CANDIDATES, EMBEDDINGS, LECTURE_PREFIX, LECTURE_W, PERMUTED_PREFIX, output_scores,
                        toy_attention)
from look import fmt_num
from studio.publish.pages import build_pages
from studio.publish.pages.widgets_worked import attention_fixed, proj_text, row_text, unpack_text, with_positions
from tests.browser import chrome_fixture, open_page, assert_no_request_leaves, console_errors, reveal

pytestmark = [pytest.mark.browser]
REL, ABS = 1e-9, 1e-12  # the port against the engine: relative, with a floor for values near 0


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    root = tmp_path_factory.mktemp("out")
    build_pages("worked", "all", out_root=root, render=False)
    return root / "pages" / "worked"


browser = chrome_fixture("1280,1000")


def _open(driver, page: Path):
    open_page(driver, page, "window.WorkedToy")


def _close(js, py):
    js, py = np.asarray(js, dtype=float), np.asarray(py, dtype=float)
    assert js.shape == py.shape
    assert np.all(np.abs(js - py) <= np.maximum(REL * np.abs(py), ABS)), float(np.max(np.abs(js - py)))


def test_the_port_is_the_engine_at_random_settings(browser, pages):
    _open(browser, pages / "index.html")
    rng = np.random.default_rng(3)
    cases = []
    for _ in range(300):
        n = int(rng.integers(1, 8))
        vocab = {f"t{k}": tuple(rng.uniform(-3, 3, 2)) for k in range(4)}
        tokens = [f"t{k}" for k in rng.integers(0, 4, n)]
        mats = [rng.normal(0, 1.5, (2, 2)) for _ in range(3)]
        cases.append((tokens, vocab, mats))
    got = browser.execute_script(
        "return arguments[0].map(function (c) { return ToyEngine.attention(c[0], c[1], c[2], c[3]); });",
        [[[list(c[1][t]) for t in c[0]], *[m.tolist() for m in c[2]]] for c in cases])
    for (tokens, vocab, (aq, ak, av)), js in zip(cases, got):
        t = toy_attention(tokens, aq, ak, av, embeddings=vocab)
        for name in ("Q", "K", "V", "C"):
            _close(js[name], getattr(t, name).T)  # the port keeps vectors as a list of columns
        for name in ("dots", "scores", "A", "x", "terms"):
            _close(js[name], getattr(t, name))
        assert all(js["A"][i][j] == 0 for i in range(len(tokens)) for j in range(i + 1, len(tokens)))  # exactly
    ws = [(rng.normal(0, 2, (int(rng.integers(1, 6)), 2)), rng.uniform(-4, 4, 2)) for _ in range(300)]
    got = browser.execute_script("return arguments[0].map(function (c) { return ToyEngine.outputScores(c[0], c[1]); });",
                                 [[w.tolist(), x.tolist()] for w, x in ws])
    for (w, x), js in zip(ws, got):
        o = output_scores(w, x)
        _close(js["products"], o.products)
        _close(js["scores"], o.scores)
        _close(js["probs"], o.probs)
    signed = [-1.23456, -0.00004, 0.0, 2.5, -7.0]  # fmt is look.fmt_num: true minus, never "−0.0000"
    assert browser.execute_script("return arguments[0].map(function (x) { return ToyEngine.fmt(x); });",
                                  signed) == [fmt_num(x, 4) for x in signed]


def _text(w, sel) -> str:
    return w.find_element("css selector", sel).text


def _set(driver, element, value):
    """Type into a number input: select what is there, type the new value (an input event each key)."""
    from selenium.webdriver.common.keys import Keys

    element.send_keys(Keys.CONTROL + "a" + Keys.NULL, Keys.BACKSPACE, str(value))


def test_simulator_follows_sliders_matrices_and_cells(browser, pages):
    from selenium.webdriver.common.keys import Keys

    _open(browser, pages / "index.html")
    w = browser.find_element("id", "w-toy")
    base = toy_attention(LECTURE_PREFIX)
    assert "asking" in w.get_attribute("class") and _text(w, "[data-last=\"0\"]") == ""  # row 5's weights wait
    assert _text(w, "[data-toyx]") == attention_fixed(base)["x"]  # the rest stays live while predicting
    reveal(w)
    assert "0.2368" in _text(w, "[data-revealed]")  # the answer: the last query's three tied weights
    assert _text(w, "[data-toyx]") == attention_fixed(base)["x"] == "(0.6286, 0.7994)"  # opens with the engine's
    # keyboard: cat's first coordinate from −3 up 41 steps of 0.1 = 1.1; then edit A_Q and A_V
    w.find_element("id", "w-toy-e-cat-0").send_keys(Keys.HOME + Keys.ARROW_RIGHT * 41)
    _set(browser, w.find_element("id", "w-toy-aq01"), "0.5")
    _set(browser, w.find_element("id", "w-toy-av10"), "-1.2")
    emb = dict(EMBEDDINGS) | {"cat": (1.1, 1.0)}
    aq, av = np.array([[1, 0.5], [0, 1]]), np.array([[1, 0], [-1.2, 1]])
    t = toy_attention(LECTURE_PREFIX, A_Q=aq, A_V=av, embeddings=emb)
    fixed = attention_fixed(t)
    assert _text(w, "[data-toyx]") == fixed["x"]
    for key, text in fixed["cells"].items():
        if not key.startswith("z") and text != "\u00d7":
            assert _text(w, f'[data-w="{key}"]') == text and _text(w, f'[data-z="{key}"]') == fixed["cells"]["z" + key]
    assert [e.text for e in w.find_elements("css selector", "[data-rowsum]")] == fixed["row_sums"]
    assert [e.text for e in w.find_elements("css selector", "[data-out]")] == fixed["outputs"]
    # a click, then Enter on another cell: its dot product unpacked, as the build writes it
    for (i, j), how in (((4, 0), "click"), ((3, 2), "enter")):
        cell = w.find_element("css selector", f'[data-cell="{i}|{j}"]')
        cell.click() if how == "click" else cell.send_keys(Keys.ENTER)
        expect = unpack_text(t.Q[:, i], t.K[:, j], t.dots[i, j], t.scores[i, j], t.A[i, j], t.scores[i, :i + 1], i, j)
        assert _text(w, "[data-unpack]") == expect
        assert _text(w, "[data-proj]") == proj_text(t, i, j)  # q_i = A_Q e(t_i), k_j = A_K e(t_j) in full
    # the other prefix (exercise 04), then back to the identity: the engine's x for that order
    from selenium.webdriver.support.ui import Select

    Select(w.find_element("id", "w-toy-prefix")).select_by_value("permuted")
    w.find_element("css selector", "[data-toy=identity]").click()
    p = toy_attention(PERMUTED_PREFIX, embeddings=emb)
    assert _text(w, "[data-toyx]") == attention_fixed(p)["x"]
    assert [e.text for e in w.find_elements("css selector", "th [data-tokname]")][:5] == list(PERMUTED_PREFIX)
    # huge scores (e^z overflows): the unpacked cell shows e^(z − max), as the engine's softmax computes
    for m in ("aq00", "aq01", "ak00", "ak01"):
        _set(browser, w.find_element("id", f"w-toy-{m}"), "1000")
    w.find_element("css selector", '[data-cell="3|2"]').click()
    big = np.array([[1000.0, 1000.0], [0, 1]])
    h = toy_attention(PERMUTED_PREFIX, A_Q=big, A_K=big, embeddings=emb)
    text = _text(w, "[data-unpack]")
    assert text == unpack_text(h.Q[:, 3], h.K[:, 2], h.dots[3, 2], h.scores[3, 2], h.A[3, 2], h.scores[3, :4], 3, 2)
    assert "m = max z" in text and "Infinity" not in text and "NaN" not in text
    assert not console_errors(browser)


def test_wx_editor_and_direction_view(browser, pages):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    _open(browser, pages / "index.zh-Hant.html")
    w = browser.find_element("id", "w-wx")
    cells = w.find_elements("css selector", "[data-score], [data-prob], [data-rowtext]")
    assert all(e.text == "" for e in cells)  # predict first: the scores wait for the answer to be opened
    assert w.find_element("css selector", "[data-show]").text == "看答案"
    reveal(w)
    assert "s = [4.0000, 1.0000, −1.0000]" in w.find_element("css selector", "[data-revealed]").text

    def shown():
        return ([_text(w, f'[data-score="{r}"]') for r in range(3)], [_text(w, f'[data-prob="{r}"]') for r in range(3)])

    o = output_scores()
    assert shown() == ([fmt_num(s, 4) for s in o.scores], [fmt_num(p, 4) for p in o.probs])
    assert shown()[0] == ["4.0000", "1.0000", "\u22121.0000"]  # the seed's [4, 1, −1]
    _set(browser, w.find_element("id", "w-wx-w21"), "2.5")
    _set(browser, w.find_element("id", "w-wx-x0"), "-0.7")
    W = np.array(LECTURE_W)
    W[2, 1] = 2.5
    o = output_scores(W, (-0.7, 1.0))
    assert shown() == ([fmt_num(s, 4) for s in o.scores], [fmt_num(p, 4) for p in o.probs])
    w.find_element("css selector", '[data-wxrow="2"]').click()
    assert _text(w, "[data-rowtext]") == row_text(W[2], o.x, o.scores[2])
    assert _text(w, "[data-rowname]") == CANDIDATES[2]
    # the direction view: arrow keys move x by 0.1, a drag puts x under the pointer
    svg = w.find_element("css selector", "[data-dirview]")
    svg.send_keys(Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_RIGHT)
    assert _text(w, "[data-dirx]") == "(\u22120.6, 1.2)"
    assert shown()[0] == [fmt_num(s, 4) for s in output_scores(W, (-0.6, 1.2)).scores]
    box = browser.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.width, r.height];", svg)
    ActionChains(browser).move_to_element_with_offset(svg, 0, 0).click_and_hold() \
        .move_to_element_with_offset(svg, box[0] * 3 / 8.4, -box[1] * 2 / 8.4).release().perform()
    x = [float(v) for v in _text(w, "[data-dirx]").strip("()").replace("\u2212", "-").split(",")]
    assert x == pytest.approx([3.0, 2.0], abs=0.11)  # the pointer at (3, 2), snapped to 0.1
    assert shown()[0] == [fmt_num(s, 4) for s in output_scores(W, x).scores]
    # x from attention: the toy head's x (the engine's at the defaults)
    w.find_element("css selector", "[data-wx=attention]").click()
    w.find_element("css selector", "[data-wx=lecture-w]").click()
    o = output_scores(LECTURE_W, np.round(toy_attention().x, 4))
    assert shown()[0] == [fmt_num(s, 4) for s in o.scores]
    assert not console_errors(browser)


def test_exercises_check_answers_and_reorder_with_p(browser, pages):
    _open(browser, pages / "index.html")
    ex = browser.find_element("id", "w-exercises")

    def check(input_id):
        ex.find_element("css selector", f'[data-check="{input_id}"]').click()
        return ex.find_element("id", input_id).find_element("xpath", "..").find_element("css selector", ".verdict")

    box = ex.find_element("id", "w-ex-e1-mat")
    _set(browser, box, "3")
    verdict = check("w-ex-e1-mat")
    assert "verdict bad" == verdict.get_attribute("class") and "1×2 + 2×1" in verdict.text
    _set(browser, box, "4")
    assert check("w-ex-e1-mat").get_attribute("class") == "verdict ok"
    box.clear()
    verdict = check("w-ex-e1-mat")  # empty: asked for an answer, not judged
    assert verdict.get_attribute("class").split() == ["verdict"] and "1/5" in verdict.text
    # every score of exercise 01 is checked on its own, with its own row in the hint
    for tok, right, wrong, hint in (("rug", "1", "3", "1×2 + (−1)×1"), ("moon", "−1", "1", "(−1)×2 + 1×1")):
        _set(browser, ex.find_element("id", f"w-ex-e1-{tok}"), wrong)
        verdict = check(f"w-ex-e1-{tok}")
        assert verdict.get_attribute("class") == "verdict bad" and hint in verdict.text, tok
        _set(browser, ex.find_element("id", f"w-ex-e1-{tok}"), right)
        assert check(f"w-ex-e1-{tok}").get_attribute("class") == "verdict ok", tok
    e3 = ex.find_element("id", "w-ex-e3-alpha")
    for typed, cls in (("1/5", "verdict ok"), ("2 / 10", "verdict ok"), ("0,2", "verdict ok"), ("1/4", "verdict bad")):
        _set(browser, e3, typed)  # exercise 03's α = 0.2: a fraction counts like its decimal
        assert check("w-ex-e3-alpha").get_attribute("class") == cls, typed
    for c, right, wrong in (("x1", "3/5", "0.5"), ("x2", "0.72", "0.7")):  # and both coordinates of the average
        _set(browser, ex.find_element("id", f"w-ex-e3-{c}"), wrong)
        verdict = check(f"w-ex-e3-{c}")
        assert verdict.get_attribute("class") == "verdict bad" and "divide by 5" in verdict.text, c
        _set(browser, ex.find_element("id", f"w-ex-e3-{c}"), right)
        assert check(f"w-ex-e3-{c}").get_attribute("class") == "verdict ok", c
    details = ex.find_elements("css selector", "details")
    assert not details[0].find_element("css selector", ".answer").is_displayed()
    details[0].find_element("css selector", "summary").click()
    assert "s = [4, 1, \u22121]" in details[0].text
    # reorder: swap cat and sat, without P then with P
    w = browser.find_element("id", "w-reorder")
    w.find_elements("css selector", "[data-swap]")[1].click()
    order = [_text(w, f'[data-field="tok{i}"]') for i in range(5)]
    assert order == ["the", "sat", "cat", "on", "the"]
    assert _text(w, '[data-field="x"]') == attention_fixed(toy_attention(LECTURE_PREFIX))["x"]
    w.find_element("id", "w-reorder-p").click()
    pe = sinusoidal(np.arange(5), 2)
    t, base = with_positions(order, pe), with_positions(LECTURE_PREFIX, pe)
    assert _text(w, '[data-field="x"]') == attention_fixed(t)["x"] != attention_fixed(base)["x"]
    cells = w.find_elements("css selector", "[data-label^=same]")
    assert [c.get_attribute("class") for c in cells] == ["same", "changed", "changed", "changed", "changed"]
    assert not console_errors(browser)
    assert_no_request_leaves(browser)


def test_narrow_screen_and_dark_theme(browser, pages):
    browser.set_window_size(360, 800)
    try:
        for page in ("index.html", "index.zh-Hant.html"):
            _open(browser, pages / page)
            browser.find_element("id", "theme-switch").click()
            wide = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wide <= 0, f"{page}: {wide} px of sideways scroll at 360 px"
    finally:
        browser.set_window_size(1280, 1000)
