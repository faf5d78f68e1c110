"""The depth page's further widgets in headless Chromium: the GPT-2 calculator's JavaScript port
against engine.gpt2.gpt2_params at hundreds of random settings, its sliders and presets by keyboard and
click, the steppers' ends, the pills by arrow keys, and a 360 px wide page without sideways scroll in
both themes and in Chinese. The page is built once, without media."""
from __future__ import annotations

import re

import numpy as np
import pytest

from engine.causal import causal_mask_table
from engine.ffn import FFN_STEP_X, ffn_steps
from engine.gpt2 import gpt2_params
from engine.signal import S_SWEEP, signal_rms, signal_weights
from engine.training import shortcut_gradients
from tests.browser import chrome_fixture, page_fixture, open_page, console_errors, reveal, wait_for
from tests.test_pages import num, nums
from tests.test_pages_browser import CONTRAST_JS

pytestmark = [pytest.mark.browser]


page = page_fixture("depth")


browser = chrome_fixture("1280,1000")


def _open(driver, path):
    open_page(driver, path, "window.TFDepth")


def _field(w, name) -> str:
    return w.find_element("css selector", f'[data-field="{name}"]').text


def _out(w, name) -> str:
    return w.find_element("css selector", f'[data-out="{name}"]').text


def _keys(element, keys):
    element.send_keys(keys)


def test_gpt2_port_is_gpt2_params_at_random_settings(browser, page):
    _open(browser, page / "index.html")
    rng = np.random.default_rng(2024)
    n = 400
    settings = [[int(rng.integers(10000, 50258)), int(rng.integers(1, 2049)), int(rng.choice(np.arange(128, 1601, 64))),
                 int(rng.integers(1, 49)), bool(rng.integers(2)), bool(rng.integers(2))] for _ in range(n)]
    settings += [[50257, 1024, 768, 12, False, True], [50257, 1024, 768, 12, True, True], [50257, 1024, 1600, 48, False, False]]
    got = browser.execute_script(
        "return arguments[0].map(function (s) { return TFDepth.gpt2Count(s[0], s[1], s[2], s[3], s[4], s[5]); })", settings)
    for (V, C, E, L, qkv, tied), js in zip(settings, got):
        p = gpt2_params(V, C, E, L, qkv_bias=qkv, tied=tied)
        for key in ("total", "per_block", "tok_emb", "pos_emb", "blocks", "final_norm", "out_head", "total_tied"):
            assert js[key] == getattr(p, key), (key, V, C, E, L, qkv, tied)
        assert js["mib"] == pytest.approx(p.mib, rel=1e-9) and js["mb"] == pytest.approx(p.mb, rel=1e-9)
    assert [g["total"] for g in got[-3:]] == [124_412_160, 124_439_808, gpt2_params(emb_dim=1600, n_layers=48).total]

    from selenium.webdriver.common.keys import Keys

    w = browser.find_element("id", "w-gpt2")
    assert _out(w, "total") == "124,412,160" and _out(w, "mib") == "474.59"  # opens tied: the question asks untied
    w.find_element("id", "w-gpt2-tied").click()
    assert _out(w, "total") == "163,009,536" and _out(w, "mib") == "621.83" and _out(w, "mb") == "652.04"
    assert "124,412,160" in w.text and "124,439,808" in w.text  # the no-Q/K/V-bias note
    emb, heads = w.find_element("id", "w-gpt2-emb"), w.find_element("id", "w-gpt2-heads")
    layers, vocab = w.find_element("id", "w-gpt2-layers"), w.find_element("id", "w-gpt2-vocab")
    for k_emb, k_layers, k_vocab in ((0, 0, 0), (5, 23, 1234), (23, 47, 40257)):
        _keys(emb, Keys.HOME + Keys.ARROW_RIGHT * k_emb)
        _keys(layers, Keys.HOME + Keys.ARROW_RIGHT * k_layers)
        _keys(vocab, Keys.END + Keys.ARROW_LEFT * (40257 - k_vocab) if k_vocab > 20000 else Keys.HOME + Keys.ARROW_RIGHT * k_vocab)
        E, L, V = 128 + 64 * k_emb, 1 + k_layers, 10000 + k_vocab
        assert (num(_out(w, "emb")), num(_out(w, "layers")), num(_out(w, "vocab"))) == (E, L, V)
        p = gpt2_params(vocab_size=V, emb_dim=E, n_layers=L)
        assert num(_out(w, "total")) == p.total and num(_out(w, "per_block")) == p.per_block
        assert num(_out(w, "mib")) == pytest.approx(p.mib, abs=0.0051)
    _keys(heads, Keys.HOME + Keys.ARROW_RIGHT * 6)  # 7 heads: 1600 / 7 is no whole number
    assert "1600" not in _out(w, "head_dim") and _out(w, "head_dim").startswith("228.57")
    w.find_element("css selector", "[data-preset='3']").click()  # XL: 1600 wide, 48 blocks, 25 heads, tied
    p = gpt2_params(emb_dim=1600, n_layers=48, tied=True)
    assert num(_out(w, "total")) == p.total and _out(w, "head_dim") == "64"
    assert w.find_element("css selector", "[data-preset='3']").get_attribute("aria-pressed") == "true"
    w.find_element("id", "w-gpt2-qkv").click()
    assert num(_out(w, "total")) == gpt2_params(emb_dim=1600, n_layers=48, tied=True, qkv_bias=True).total
    assert not console_errors(browser)


def test_config_table_row_sets_every_size_and_the_count_is_the_engines(browser, page):
    """Seed 004's config table: the four GPT-2 configurations; clicking a row (anywhere on it) sets
    every slider of the calculator to that row, ties the output head, and the count shown is
    engine.gpt2.gpt2_params at those sizes, the number the row itself states."""
    from selenium.webdriver.common.keys import Keys

    from engine.gpt2 import GPT2_CONTEXT, GPT2_SIZES, GPT2_VOCAB

    for name in ("index.html", "index.zh-Hant.html"):
        _open(browser, page / name)
        w = browser.find_element("id", "w-gpt2")
        rows = w.find_elements("css selector", "table.configs tbody tr[data-config-row]")
        assert len(rows) == len(GPT2_SIZES)
        for k in (2, 0, 3, 1):  # every row, not in order, from a setting the row must overwrite
            tied = w.find_element("id", "w-gpt2-tied")
            if tied.is_selected():
                tied.click()  # untied, and the smallest vocabulary: the row must set both back
            _keys(w.find_element("id", "w-gpt2-vocab"), Keys.HOME)
            _, emb, layers, heads = GPT2_SIZES[k]
            row = rows[k]
            cells = [c.text for c in row.find_elements("css selector", "td")]
            assert cells[:5] == [str(emb), str(layers), str(heads), f"{GPT2_VOCAB:,}", f"{GPT2_CONTEXT:,}"]
            row.find_elements("css selector", "td")[1].click()  # a cell, not the button: the whole row
            sliders = {n: int(w.find_element("id", f"w-gpt2-{n}").get_attribute("value"))
                       for n in ("emb", "layers", "heads", "vocab")}
            assert sliders == {"emb": emb, "layers": layers, "heads": heads, "vocab": GPT2_VOCAB}, (name, k)
            assert w.find_element("id", "w-gpt2-tied").is_selected()
            p = gpt2_params(vocab_size=GPT2_VOCAB, context_length=GPT2_CONTEXT, emb_dim=emb, n_layers=layers, tied=True)
            assert num(_out(w, "total")) == p.total == num(cells[5]), (name, k)
            assert int(w.find_element("css selector", ".calc").get_attribute("data-total")) == p.total
            assert [r.get_attribute("class") == "on" for r in rows] == [i == k for i in range(len(rows))]
            assert row.find_element("css selector", "[data-preset]").get_attribute("aria-pressed") == "true"
            # each part's bar is drawn as long as its share of the total (no bar held at a minimum width)
            for part, count in (("tok", p.tok_emb), ("blocks", p.blocks), ("head", p.out_head)):
                bar = w.find_element("css selector", f"[data-part-bar={part}]")
                track = bar.find_element("xpath", "..")
                share = bar.size["width"] / track.size["width"]
                assert share == pytest.approx(count / p.total, abs=0.01), (name, k, part)
        assert not console_errors(browser)


def test_steppers_pills_and_toggles_show_the_engine(browser, page):
    from selenium.webdriver.common.keys import Keys

    _open(browser, page / "index.html")
    for wid, steps in (("layernorm", 5), ("forward", 5), ("backward", 5), ("ffn", 4), ("shortcut", 6), ("block", 14),
                       ("word", 4), ("decode", 7)):
        w = browser.find_element("id", f"w-{wid}")
        prev, nxt = w.find_elements("css selector", "[data-step='-1']")[0], w.find_elements("css selector", "[data-step='1']")[0]
        assert not prev.is_enabled() and nxt.is_enabled(), wid
        if wid == "shortcut":  # its Next waits for an answer (tests/test_pages_shortcut_browser.py)
            w.find_element("css selector", "label[for=w-shortcut-guess-2]").click()
        for _ in range(steps - 1):
            nxt.click()
        assert prev.is_enabled() and not nxt.is_enabled(), wid
        assert w.find_element("css selector", "[data-count]").text == f"Step {steps} of {steps}"

    from engine.smallnet import small_net_step
    from studio.publish.pages.widgets_depth import SMALLNET_TARGETS

    fw = browser.find_element("id", "w-forward")  # at its last step: the loss, for another target
    _keys(fw.find_element("id", "w-forward-t"), Keys.HOME + Keys.ARROW_RIGHT * 2)
    assert num(_field(fw, "v0")) == pytest.approx(small_net_step(target=float(SMALLNET_TARGETS[2])).loss, abs=5e-5)
    ln = browser.find_element("id", "w-layernorm")  # at its last step: the check
    ln.find_element("id", "w-layernorm-u").click()  # the chapter's n − 1: variance exactly 1
    assert nums(_field(ln, "v0"))[1] == pytest.approx(1.0, abs=5e-5)

    ffn = browser.find_element("id", "w-ffn")  # at its last step: y
    for k0, k1 in ((0, 8), (6, 3)):
        _keys(ffn.find_element("id", "w-ffn-x0"), Keys.HOME + Keys.ARROW_RIGHT * k0)
        _keys(ffn.find_element("id", "w-ffn-x1"), Keys.HOME + Keys.ARROW_RIGHT * k1)
        r = ffn_steps((FFN_STEP_X[k0], FFN_STEP_X[k1]))
        assert nums(_field(ffn, "v3")) == pytest.approx(r.y, abs=5e-5)
        assert nums(_field(ffn, "v0")) == pytest.approx(r.W2[:, 0], abs=5e-5)

    sc = browser.find_element("id", "w-shortcut")
    g = shortcut_gradients()
    for toggle, grads in ((False, g.without_shortcut), (True, g.with_shortcut)):
        if toggle:
            sc.find_element("id", "w-shortcut-sc").click()
        shown = [nums(_field(sc, f"print{i}"))[-1] for i in range(5)]  # "layers.i.0.weight has gradient mean of …"
        assert shown == pytest.approx(grads, rel=1e-5)
    states = [b.get_attribute("data-state") for b in sc.find_elements("css selector", "[data-mark^=at]")]
    assert states == ["now", "on", "on", "on", "on"]

    block = browser.find_element("id", "w-block")  # at its last line: x + shortcut = the block's output
    from engine.block import prenorm_block

    # the depth page opens with GPT-2's causal mask on; unticked, seed 000's unmasked block
    assert block.find_element("id", "w-block-mask").is_selected() and block.get_attribute("data-key") == "1|mask|13"
    assert nums(_field(block, "v0")) == pytest.approx(prenorm_block(causal=True).Y[0], abs=5e-5)
    block.find_element("id", "w-block-sc").click()
    assert nums(_field(block, "v0")) == pytest.approx(prenorm_block(residual=False, causal=True).Y[0], abs=5e-5)
    block.find_element("id", "w-block-mask").click()
    assert nums(_field(block, "v0")) == pytest.approx(prenorm_block(residual=False).Y[0], abs=5e-5)
    lines = [li.get_attribute("data-state") for li in block.find_elements("css selector", "li[data-mark]")]
    assert lines == ["done"] * 9 + ["now"]

    causal, c = browser.find_element("id", "w-causal"), causal_mask_table()
    radio = causal.find_element("css selector", "input[type=radio]:checked")
    _keys(radio, Keys.ARROW_RIGHT)  # position 2 → 3
    assert _field(causal, "seen").split() == list(c.tokens[:3]) and _field(causal, "target") == c.targets[2]
    rows = [r.get_attribute("data-state") for r in causal.find_elements("css selector", "tr[data-mark]")]
    assert rows == ["cold", "cold", "hot", "cold"]

    dim = browser.find_element("id", "w-lndim")  # dim = 0: six column means, each the engine's
    from engine.norms import dim_mean, layernorm_example

    dim.find_element("css selector", "label[for=w-lndim-dim-1]").click()
    dim.find_element("css selector", "[data-show]").click()
    cols = dim_mean(layernorm_example().out, 0)[0]
    shown = [num(e.text) for e in dim.find_elements("css selector", "table.dimt:not(.dimt-t) td[data-field^=c]")]
    assert shown == pytest.approx(cols, abs=5e-5)

    quiz = browser.find_element("id", "w-quiz")  # answer two: one right, one wrong; each explained
    qs = quiz.find_elements("css selector", "[data-quiz]")
    right = int(qs[0].get_attribute("data-correct"))
    qs[0].find_elements("css selector", "label.opt")[right].click()
    qs[0].find_element("css selector", "[data-quiz-check]").click()
    qs[1].find_elements("css selector", "label.opt")[(int(qs[1].get_attribute("data-correct")) + 1) % 4].click()
    qs[1].find_element("css selector", "[data-quiz-check]").click()
    assert qs[0].get_attribute("data-state") == "right" and qs[1].get_attribute("data-state") == "wrong"
    assert qs[0].find_element("css selector", "[data-explain]").is_displayed()
    assert not qs[2].find_element("css selector", "[data-explain]").is_displayed()
    assert quiz.find_element("css selector", "[data-quiz-score]").text == "1 of 6 right (2 of 6 answered)"

    dec = browser.find_element("id", "w-decode")
    dec.find_element("css selector", "[data-step='-6']").click()
    dec.find_element("css selector", "[data-step='6']").click()  # run all
    assert _field(dec, "new_ids").replace(",", "").split() == ["27018", "24086", "47843", "30961", "42348", "7267"]
    _keys(dec.find_element("css selector", "input[type=radio]:checked"), Keys.ARROW_RIGHT)
    assert _field(dec, "prompt_ids") == "6109, 3626, 6100, 345"
    for theme in ("light", "dark"):  # every text of every widget at its last step, both themes: WCAG AA
        if browser.execute_script("return document.documentElement.dataset.theme") != theme:
            browser.find_element("id", "theme-switch").click()
        for d in browser.find_elements("css selector", "details.predict"):
            browser.execute_script("arguments[0].open = true", d)
        low = browser.execute_script(CONTRAST_JS)
        assert not low, (theme, low[:8])
    assert not console_errors(browser)


@pytest.mark.parametrize("name,theme", [("index.html", "dark"), ("index.zh-Hant.html", "light")])
def test_narrow_page_has_no_sideways_scroll(browser, page, name, theme):
    browser.set_window_size(360, 800)
    try:
        _open(browser, page / name)
        if browser.execute_script("return document.documentElement.getAttribute('data-theme')") != theme:
            browser.find_element("id", "theme-switch").click()  # the switch (the last choice is remembered)
        assert browser.execute_script("return document.documentElement.getAttribute('data-theme')") == theme
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
        for wid in ("word", "causal", "lndim", "ffn", "shortcut", "block", "gpt2", "decode", "quiz"):
            w = browser.find_element("id", f"w-{wid}")
            assert w.find_element("tag name", "h3").text  # a heading in the page's language
            assert browser.execute_script("return arguments[0].getBoundingClientRect().right", w) <= width[1] + 0.5
        for wid in ("lndim", "quiz"):  # nothing of these two needs a sideways scroll inside either
            boxes = browser.execute_script("return Array.prototype.map.call(document.querySelectorAll('#w-' + arguments[0]"
                                           " + ' .scroll'), function (b) { return b.scrollWidth - b.clientWidth; })", wid)
            assert all(b <= 1 for b in boxes), (wid, boxes)
        assert not console_errors(browser)
    finally:
        browser.set_window_size(1280, 1000)


def test_preset_millions_are_the_rows_count_rounded_once(browser, page):
    """Each size's button states its row's count in millions, rounded once from that count, and both
    follow the Q, K, V box: each button reads the released name (XL: 1558M), and where the count rounds to other
    millions (XL without the biases) the count to one decimal beside it: "1558M (1557.4M counted)"."""
    from engine.gpt2 import GPT2_SIZES
    from studio.publish.pages.widgets_depth import RELEASED, preset_label

    _open(browser, page / "index.html")
    w = browser.find_element("id", "w-gpt2")
    for qkv in (False, True):
        if w.find_element("id", "w-gpt2-qkv").is_selected() != qkv:
            w.find_element("id", "w-gpt2-qkv").click()
        for k, (name, emb, layers, _h) in enumerate(GPT2_SIZES):
            row = w.find_elements("css selector", "table.configs tbody tr[data-config-row]")[k]
            total = gpt2_params(emb_dim=emb, n_layers=layers, tied=True, qkv_bias=qkv).total
            assert num(row.find_element("css selector", "[data-config-total]").text) == total
            assert row.find_element("css selector", "[data-preset-m]").text == preset_label(RELEASED[name], total)


def _bars(browser, w) -> set:
    return set(browser.execute_script("return Array.prototype.map.call(arguments[0].querySelectorAll('[data-part-bar]'),"
                                      " function (b) { return getComputedStyle(b).visibility; })", w))


def test_every_count_is_live_and_the_untied_total_shows(browser, page):
    """The calculator's question asks for GPT-2 small's total with the head untied; unticking the box is how the
    student finds it, so every count is live at every setting, that one included: the total, the float32 sizes
    and the parts (with their bars) are engine.gpt2.gpt2_params' (163,009,536 untied, 124,412,160 tied). No
    readout is masked, so the answer opens from the question itself (no Show button under the readouts)."""
    from selenium.webdriver.common.keys import Keys

    asked = ("total", "total_m", "mib", "mb", "part_tok", "part_pos", "part_blocks", "part_final", "part_head")
    _open(browser, page / "index.html")
    w = browser.find_element("id", "w-gpt2")
    assert not w.find_elements("css selector", "[data-asked], [data-show]")
    assert num(_out(w, "total")) == gpt2_params(tied=True).total == 124_412_160 and all(_out(w, n) for n in asked)
    w.find_element("id", "w-gpt2-tied").click()  # the question's setting: the head untied
    p = gpt2_params(50257, 1024, 768, 12, qkv_bias=False, tied=False)
    assert num(_out(w, "total")) == p.total == 163_009_536 and all(_out(w, n) for n in asked)
    assert num(_out(w, "part_head")) == 50257 * 768 and _out(w, "mib") == "621.83" and _out(w, "mb") == "652.04"
    assert _bars(browser, w) == {"visible"}
    assert num(_out(w, "per_block")) == p.per_block
    _keys(w.find_element("id", "w-gpt2-emb"), Keys.ARROW_LEFT)  # another width: the counts follow
    p = gpt2_params(50257, 1024, 768 - 64, 12, qkv_bias=False, tied=False)
    assert num(_out(w, "per_block")) == p.per_block and num(_out(w, "total")) == p.total and _out(w, "mb")
    _keys(w.find_element("id", "w-gpt2-emb"), Keys.ARROW_RIGHT)  # back: still shown
    assert num(_out(w, "total")) == 163_009_536
    assert not console_errors(browser)


def test_pin_keeps_one_setting_beside_the_live_one(browser, page):
    """Pin (by keyboard) freezes the gain widget's readouts at s with its setting named; after the slider
    moves, the pinned and the live RMS are the engine's at each s. Unpin removes the copy."""
    from selenium.webdriver.common.keys import Keys

    _open(browser, page / "index.html")
    w = browser.find_element("id", "w-gain")
    reveal(w)
    x0, weights = signal_weights()
    s_in, pin = w.find_element("id", "w-gain-s"), w.find_element("css selector", "[data-pin]")
    s_in.send_keys(Keys.HOME + Keys.ARROW_RIGHT * 10)
    pin.send_keys(Keys.ENTER)
    assert pin.get_attribute("aria-pressed") == "true" and pin.text == "Unpin"
    s_in.send_keys(Keys.HOME + Keys.ARROW_RIGHT * 30)
    box = w.find_element("css selector", ".pin-box")
    head = box.find_element("css selector", ".pin-head").text  # "Pinned · s = …": the setting named
    assert head.startswith("Pinned") and num(head.split("=")[1].split("·")[0]) == pytest.approx(S_SWEEP[10])
    for k, where in ((10, lambda f: box.find_element("css selector", f'[data-pin-field="{f}"]').text), (30, lambda f: _field(w, f))):
        for f, ln in (("last_plain", False), ("last_ln", True)):
            assert num(where(f)) == pytest.approx(signal_rms(S_SWEEP[k], x0, weights, ln)[-1], rel=5e-3), (k, f)
    pin.send_keys(Keys.ENTER)
    assert not w.find_elements("css selector", ".pin-box") and pin.get_attribute("aria-pressed") == "false"
    assert not console_errors(browser)


@pytest.mark.parametrize("name", ["index.html", "index.zh-Hant.html"])
def test_pin_names_each_setting_once_and_copies_no_empty_box(browser, page, name):
    """Pin's head names every setting as "<its name> = <its value>" in the page's language: a pill group by its
    legend (a legend that is a prompt and its question by its prompt) and the pill chosen (causal, decode, the
    training replay), never the hidden index the pills set; a
    readout with nothing in it yet (the shortcut's prints before the first step back) is not copied."""
    _open(browser, page / name)
    for wid in ("causal", "decode", "training"):
        w = browser.find_element("id", f"w-{wid}")
        groups = [(re.sub(r"^([^:：]+)[:：]\s*\S.*$", r"\1", f.find_element("css selector", "legend")
                          .get_attribute("textContent").strip()).rstrip(":："),  # "Predict: …" by its prompt
                   f.find_element("css selector", "input:checked + label").get_attribute("textContent").strip())
                  for f in w.find_elements("css selector", "fieldset.pills") if f.find_elements("css selector", "input:checked")]
        w.find_element("css selector", "[data-pin]").click()
        head = w.find_element("css selector", ".pin-head").text.split(" · ")
        assert groups and all(f"{g} = {v}" in head for g, v in groups), (wid, head, groups)
        assert not [h for h in head[1:] if h.isdigit()], (wid, head)  # no bare index
        w.find_element("css selector", "[data-pin]").click()
    w = browser.find_element("id", "w-shortcut")
    w.find_element("css selector", "[data-pin]").click()
    boxes = w.find_elements("css selector", ".pin-box")
    texts = [browser.execute_script("return arguments[0].textContent.replace(arguments[1], '').trim()", b,
                                    b.find_element("css selector", ".pin-head").text) for b in boxes]
    assert len(boxes) == 1 and all(texts), texts  # the readout only: the prints are empty at step 1
    w.find_element("css selector", "[data-pin]").click()
    assert not console_errors(browser)


@pytest.mark.parametrize("wid", ["shortcut"])
def test_asked_readouts_stay_hidden_until_the_answer_is_shown(browser, page, wid):
    """The shortcut's ratio is masked until the question's answer is opened (its summary works as well as the
    Show button)."""
    _open(browser, page / "index.html")
    w = browser.find_element("id", f"w-{wid}")
    if wid == "gpt2":
        w.find_element("id", "w-gpt2-tied").click()  # the setting its question asks about: the head untied
    asked = w.find_elements("css selector", "[data-asked]")
    assert asked and all(e.text == "" for e in asked)
    w.find_element("css selector", "details.predict summary").click()  # the toggle event comes a moment later
    wait_for(browser, "return arguments[0].getAttribute('aria-expanded') === 'true'", 5,
             w.find_element("css selector", "[data-show]"))
    shown = [e.text for e in asked]
    assert any(shown) and all(t or not browser.execute_script("return arguments[0].textContent", e)
                              for t, e in zip(shown, asked))
    answer = w.find_element("css selector", ".answer")
    assert w.find_element("css selector", "[data-revealed]").text == browser.execute_script(
        "return arguments[0].textContent", answer) != "" and answer.text == ""  # said once, beside the button


@pytest.mark.parametrize("name", ["index.html", "index.zh-Hant.html"])
def test_shortcut_note_keeps_the_fade_until_the_answer_opens(browser, page, name):
    """The note under the shortcut widget names ①, the ratio its question asks for: its value waits, like the
    readout, until the answer is opened. The sentence reads whole as text meanwhile: "…above): ?; ②", a "?" in
    the value's place (never an empty ": ;"), and ② and ③ likewise until the answer is opened or the switch has been on
    once."""
    g = shortcut_gradients()
    fading = f"{g.without_shortcut[-1] / g.without_shortcut[0]:,.0f}"
    _open(browser, page / name)
    w = browser.find_element("id", "w-shortcut")
    note = w.find_element("css selector", "p.note")
    text = browser.execute_script("return arguments[0].innerText", note)
    assert "①" in text and f"{fading}×" not in text
    assert f"{fading}×" not in browser.find_element("tag name", "body").text  # nor anywhere else on the page
    assert not re.search(r"[:：]\s*[;；.。]", text), text  # no empty value between a colon and the next item
    assert len(re.findall(r"[:：]\s*\?[;；.。]", text)) == 3, text  # ①, ② and ③ wait, each a "?"
    w.find_element("css selector", "[data-show]").click()
    text = browser.execute_script("return arguments[0].innerText", note)
    assert re.search(rf"[:：]\s*{fading}×[;；]", text) and "?" not in text, text  # the answer shown: ② and ③ too
    for v in (g.weight_grad_ratio[0], g.signal_ratio[0]):
        assert f"{v:,.0f}×" in text, text
    w.find_element("id", "w-shortcut-sc").click()  # the switch on once: they stay
    wait_for(browser, "return !arguments[0].hasAttribute('data-sc-fresh')", 5, w)
    text = browser.execute_script("return arguments[0].innerText", note)
    assert f"{g.weight_grad_ratio[0]:,.0f}×" in text and f"{g.signal_ratio[0]:,.0f}×" in text and "?" not in text, text
    assert not console_errors(browser)


def test_gpt2_answer_is_the_readouts_count(browser, page):
    """The revealed answer states the calculator's own count of GPT-2 small, untied and tied: with the
    Q, K, V biases ticked both numbers follow the box, as the total readout does."""
    from tests.test_pages import num as _num

    _open(browser, page / "index.html")
    w = browser.find_element("id", "w-gpt2")
    w.find_element("id", "w-gpt2-tied").click()  # the asked setting: GPT-2 small, head untied
    w.find_element("css selector", "details.predict summary").click()
    wait_for(browser, "return arguments[0].querySelector('details.predict').open", 5, w)
    for qkv in (False, True):
        if w.find_element("id", "w-gpt2-qkv").is_selected() != qkv:
            w.find_element("id", "w-gpt2-qkv").click()
        untied, tied = (gpt2_params(qkv_bias=qkv, tied=t).total for t in (False, True))
        said = w.find_element("css selector", "details.predict .answer").text
        assert f"{untied:,}" in said and f"{tied:,}" in said, (qkv, said)
        assert _num(_out(w, "total")) == untied
    assert not console_errors(browser)


def test_shortcut_bars_carry_the_records_values_and_one_show_control(browser, page):
    """Each bar of the shortcut widget is labelled, once the backward pass reached it, with its layer's mean
    |∂L/∂W| from engine.training:shortcut_gradients (3 digits, as the answer prints them), above the bar and
    inside the chart; the ratio readout carries its ×; one "Show the answer" control (the button)."""
    g = shortcut_gradients()
    _open(browser, page / "index.html")
    w = browser.find_element("id", "w-shortcut")
    assert [b.text for b in w.find_elements("css selector", "[data-show], details.predict .reveal")
            if b.is_displayed()] == ["Show the answer"]
    reveal(w)
    w.find_element("css selector", "label[for=w-shortcut-guess-2]").click()  # Next waits for an answer
    for sc, grads in ((False, g.without_shortcut), (True, g.with_shortcut)):
        if w.find_element("id", "w-shortcut-sc").is_selected() != sc:
            w.find_element("id", "w-shortcut-sc").click()
        while not w.find_element("css selector", '[data-step="-1"]').get_attribute("disabled"):
            w.find_element("css selector", '[data-step="-1"]').click()  # back to the loss (the switch keeps the step)
        w.find_element("css selector", '[data-step="1"]').click()  # one step back from the loss: layer 5
        labels = [e.get_attribute("textContent") for e in w.find_elements("css selector", ".gradbars .val")]
        assert labels == ["", "", "", "", f"{grads[4]:.3g}"], (sc, labels)
        for _ in range(4):
            w.find_element("css selector", '[data-step="1"]').click()
        labels = [e.text for e in w.find_elements("css selector", ".gradbars .val")]
        assert labels == [f"{v:.3g}" for v in grads], (sc, labels)
        assert [num(t) for t in labels] == pytest.approx(grads, rel=5e-3)
        boxes = browser.execute_script(
            "var c = arguments[0].querySelector('.gradbars').getBoundingClientRect();"
            "return Array.from(arguments[0].querySelectorAll('.gradbars > div')).map(function (d) {"
            "  var v = d.querySelector('.val').getBoundingClientRect(), b = d.querySelector('.bar').getBoundingClientRect();"
            "  return [v.bottom <= b.top + 0.5, v.top >= c.top - 20, v.left >= c.left - 1 && v.right <= c.right + 1]; })", w)
        assert all(all(b) for b in boxes), (sc, boxes)  # over its bar, in the chart's box (20 px headroom)
        ratio = _field(w, "ratio")
        assert ratio == f"{grads[-1] / grads[0]:,.0f}×", (sc, ratio)
    assert not console_errors(browser)


def test_phone_375_nothing_overflows_and_controls_are_finger_sized(browser, page):
    """At 375×812 (mobile emulation) the page never scrolls sideways, no widget element sticks out of the
    viewport except inside its own scroll box, the training chart fits the width, and every control of the
    training and shortcut widgets is at least 44 px high and wide (a checkbox with its label)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    try:
        for name in ("index.html", "index.zh-Hant.html"):
            _open(browser, page / name)
            m = browser.execute_script(
                "var de = document.documentElement, W = de.clientWidth, out = [];"
                "document.querySelectorAll('[data-widget] *').forEach(function (e) {"
                "  var r = e.getBoundingClientRect(); if (!r.width || e.closest('.scroll')) return;"
                "  if (r.right > W + 0.5 || r.left < -0.5) out.push(e.tagName + '.' + e.className); });"
                "var svg = document.querySelector('[data-tr-svg]').getBoundingClientRect();"
                "return {page: de.scrollWidth - W, width: W, out: out, chart: [svg.left, svg.right]};")
            assert m["width"] == 375 and m["page"] <= 0 and m["out"] == [], (name, m)
            assert 0 <= m["chart"][0] and m["chart"][1] <= 375, (name, m["chart"])
            small = browser.execute_script(
                "var out = [];"
                "document.querySelectorAll('#w-training, #w-shortcut').forEach(function (w) {"
                "  w.querySelectorAll('button, .pills label, input[type=range], input[type=checkbox]').forEach(function (e) {"
                "    var t = e.type === 'checkbox' ? document.querySelector('label[for=\"' + e.id + '\"]') : e,"
                "        r = t.getBoundingClientRect();"
                "    if (r.width && (r.height < 44 || r.width < 44)) out.push((e.id || e.textContent) + ' ' + r.width + 'x' + r.height); }); });"
                "return out;")
            assert small == [], (name, small)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_every_widget_has_one_show_control_drawn_as_a_button(browser, page):
    """"Show the answer" is one control per widget, and a button: the Show button under the readouts where the
    question masks them, else the question's own toggle drawn with the page's button border (no link-like text)."""
    _open(browser, page / "index.html")
    for w in browser.find_elements("css selector", "section.widget"):
        if not w.find_elements("css selector", "details.predict"):
            continue
        shown = [b for b in w.find_elements("css selector", "[data-show], details.predict .reveal") if b.is_displayed()]
        assert len(shown) == 1, (w.get_attribute("id"), [b.text for b in shown])
        style = browser.execute_script("var s = getComputedStyle(arguments[0]); return [s.borderTopStyle, s.borderTopWidth];", shown[0])
        assert style[0] == "solid" and style[1] != "0px", (w.get_attribute("id"), style)


def test_the_gpt_map_lights_the_parts_of_the_widget_in_view(browser, page):
    """The map of GPT-2 at the top of the depth page stays in view and lights what the widget being read works on
    (blockmap.WIDGET_PARTS): the word widget the embedding, the shortcut the two residual adds, decode the head."""
    from studio.publish.pages.blockmap import WIDGET_PARTS

    _open(browser, page / "index.html")
    for wid in ("word", "shortcut", "decode", "block"):
        browser.execute_script("document.getElementById(arguments[0]).scrollIntoView(); window.dispatchEvent(new Event('scroll'))", "w-" + wid)
        on = wait_for(browser, "var m = document.querySelector('.blockmap'); return m.getAttribute('data-widget') === arguments[0] && "
                      "Array.from(m.querySelectorAll('[data-state=on]')).map(e => e.getAttribute('data-bm-part'))", 5.0, wid)
        assert on == list(WIDGET_PARTS[wid]), wid
        top = browser.execute_script("return document.querySelector('.blockmap').getBoundingClientRect().top")
        assert abs(top) < 1  # kept in view


def _smallnet_shown(browser, w) -> dict:
    """The forward/backward widget's diagram as shown: node texts, node and edge states, headers, and the rows."""
    return browser.execute_script(
        "var w = arguments[0], n = {}, s = {};"
        "w.querySelectorAll('[data-node]').forEach(function (g) { n[g.getAttribute('data-node')] = g.textContent;"
        "  s[g.getAttribute('data-node')] = g.getAttribute('data-state'); });"
        "return {nodes: n, states: s, edges: Array.from(w.querySelectorAll('[data-edge]')).map(function (e) {"
        "  return e.getAttribute('data-edge') + ':' + e.getAttribute('data-state'); }),"
        "  vals: Array.from(w.querySelectorAll('.fb-edge-val')).map(function (t) { return t.textContent; }),"
        "  rows: Array.from(w.querySelectorAll('table.steps tr')).filter(function (r) { return !r.hidden; })"
        "    .map(function (r) { return r.querySelector('td').textContent; })};", w)


def _two(v) -> str:
    return f"{v:.2f}".replace("-", "\u2212") if f"{v:.2f}" != "-0.00" else "0.00"


def test_smallnet_port_is_small_net_step_at_random_x(browser, page):
    """smallnet.js's port of engine.smallnet:small_net_step, with the weights the page data hands over, against the
    engine at hundreds of random inputs x and targets: every forward, backward and update value."""
    from engine.smallnet import small_net_step

    _open(browser, page / "index.html")
    rng = np.random.default_rng(7)
    settings = [[float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1)), float(rng.uniform(-1, 2))] for _ in range(300)]
    settings += [[0.9, -0.4, 1.0]]
    got = browser.execute_script(
        "var net = JSON.parse(document.getElementById('page-data').textContent).widgets.forward.net;"
        "return arguments[0].map(function (s) { return TFSmallNet.smallNet(net, [s[0], s[1]], s[2]); })", settings)
    for (x0, x1, t), js in zip(settings, got):
        s = small_net_step(target=t, x=[x0, x1])
        for key in ("z1", "a1", "da1", "dz1", "dw2", "dw1"):
            assert np.allclose(js[key], getattr(s, key), rtol=0, atol=1e-12), (key, x0, x1, t)
        for key in ("y_hat", "loss", "dy_hat", "db2", "y_hat_new", "loss_new"):
            assert js[key] == pytest.approx(getattr(s, key), abs=1e-12), (key, x0, x1, t)
    assert got[-1]["loss"] == pytest.approx(0.603, abs=5e-4) and got[-1]["loss_new"] == pytest.approx(0.278, abs=5e-4)


@pytest.mark.parametrize("seed", [3, 11])
def test_smallnet_diagram_shows_the_engines_values_at_random_settings(browser, page, seed):
    """The forward and backward steppers' network diagram, driven as a reader does: x₀, x₁ and the target set by
    the keyboard on their sliders at random positions, then every step with Next: each step lights the nodes it
    computes with the engine's values (2 decimals; the rows below to 4), Previous is off at the first step and
    Next at the last, and nodes not reached are empty."""
    from selenium.webdriver.common.keys import Keys

    from engine.smallnet import small_net_step
    from studio.publish.pages.widgets_depth import SMALLNET_TARGETS, SMALLNET_X

    _open(browser, page / "index.html")
    rng = np.random.default_rng(seed)
    lo, hi, step = SMALLNET_X
    n_x = int(round((hi - lo) / step))
    for wid in ("forward", "backward"):
        w = browser.find_element("id", f"w-{wid}")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", w)
        k0, k1 = (int(rng.integers(0, n_x + 1)) for _ in range(2))
        kt = int(rng.integers(0, len(SMALLNET_TARGETS)))
        for sid, k in ((f"w-{wid}-x0", k0), (f"w-{wid}-x1", k1), (f"w-{wid}-t", kt)):
            _keys(w.find_element("id", sid), Keys.HOME + Keys.ARROW_RIGHT * k)
        x = [float(w.find_element("id", f"w-{wid}-x{i}").get_attribute("value")) for i in (0, 1)]
        assert x == pytest.approx([lo + k0 * step, lo + k1 * step])
        s = small_net_step(target=float(SMALLNET_TARGETS[kt]), x=x)
        assert w.find_element("css selector", "[data-fb-xout='0']").text == _two(x[0])
        prev, nxt = w.find_element("css selector", '[data-step="-1"]'), w.find_element("css selector", '[data-step="1"]')
        assert prev.get_attribute("disabled")
        for k in range(5):
            got = _smallnet_shown(browser, w)
            hid = [got["nodes"][f"h{i}"] for i in range(3)]
            if wid == "forward":
                assert [got["nodes"]["x0"], got["nodes"]["x1"]] == [_two(v) for v in x]
                assert hid == ([""] * 3 if k == 0 else [_two(v) for v in (s.z1 if k == 1 else s.a1)]), (k, hid)
                assert got["nodes"]["y"] == (_two(s.y_hat) if k >= 3 else "") and (got["nodes"]["loss"] != "") == (k == 4)
                rows = {0: x, 1: s.z1, 2: s.a1, 3: [s.y_hat], 4: [s.loss]}[k]
            else:
                assert got["nodes"]["y"] == _two(s.y_hat_new if k == 4 else s.dy_hat), k
                assert hid == ([""] * 3 if k == 0 else [_two(v) for v in (s.da1 if k == 1 else s.dz1)]), (k, hid)
                assert got["vals"] == ([_two(v) for v in s.dw2] if k == 3 else ["", "", ""]), (k, got["vals"])
                assert got["states"]["loss"] == ("down" if k == 4 else "done")
                rows = {0: [s.dy_hat], 1: s.da1, 2: s.dz1, 3: s.dw2, 4: [s.y_hat, s.y_hat_new]}[k]
            assert [num(v) for v in got["rows"][0].split()] == pytest.approx(list(rows), abs=6e-5), (wid, k)
            assert any(e.endswith(":lit") for e in got["edges"]) == (k > 0 or wid == "backward") or k == 2
            if k < 4:
                nxt.click()
        assert nxt.get_attribute("disabled") and not prev.get_attribute("disabled")
        if wid == "backward":
            assert num(_smallnet_shown(browser, w)["nodes"]["loss"]) == pytest.approx(s.loss_new, abs=6e-4)
    assert not console_errors(browser)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_smallnet_diagram_labels_are_readable_on_a_phone(browser, page, theme):
    """At 360 px wide the diagram fits without sideways scroll and every label is at least 14 px high on screen,
    with a contrast of at least 4.5:1 on the widget's background, in both themes."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    try:
        _open(browser, page / "index.html")
        if theme == "dark":
            browser.execute_script("document.documentElement.setAttribute('data-theme', 'dark')")
        w = browser.find_element("id", "w-backward")
        browser.execute_script("arguments[0].scrollIntoView()", w)
        for _ in range(3):
            w.find_element("css selector", '[data-step="1"]').click()
        m = browser.execute_script(
            "var svg = arguments[0].querySelector('[data-fb-svg]'), r = svg.getBoundingClientRect(), f = r.width / svg.viewBox.baseVal.width;"
            "return {page: document.documentElement.scrollWidth - document.documentElement.clientWidth, left: r.left, right: r.right,"
            " sizes: Array.from(svg.querySelectorAll('text')).filter(function (t) { return t.textContent; })"
            "   .map(function (t) { return parseFloat(getComputedStyle(t).fontSize) * f; })};", w)
        assert m["page"] <= 0 and m["left"] >= 0 and m["right"] <= 360, m
        assert m["sizes"] and min(m["sizes"]) >= 14, m["sizes"]
        low = browser.execute_script(CONTRAST_JS.split("var low = [];")[0] + """
            var svg = arguments[0].querySelector('[data-fb-svg]'), out = [];
            svg.querySelectorAll('text').forEach(function (t) {
              if (!t.textContent) return;
              var rect = t.parentNode.querySelector('rect'), f = rgb(getComputedStyle(t).fill),
                  b = rect ? rgb(getComputedStyle(rect).fill) : bg(svg);
              var a = lum(f), z = lum(b), r = (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05);
              if (r < 4.5) out.push([t.textContent, Math.round(r * 100) / 100]);
            });
            return out;""", w)
        assert not low, low
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_word_stages_not_reached_are_readable(browser, page, theme):
    """The word widget's stages not reached yet ("token ID", "tok_emb row", …) are greyed by colour, not by
    opacity: every text in them at 4.5:1 or more on its background, in both themes."""
    _open(browser, page / "index.html")
    browser.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
    w = browser.find_element("id", "w-word")
    off = w.find_elements("css selector", ".w2e > [data-state=off]")
    assert off, "no stage waits at the first step"
    m = browser.execute_script(CONTRAST_JS.split("var low = [];")[0] + """
        var out = [];
        arguments[0].forEach(function (s) {
          for (var e = s; e; e = e.parentElement) if (parseFloat(getComputedStyle(e).opacity) < 1) out.push(['opacity', e.className]);
          s.querySelectorAll('*').forEach(function (e) {
            if (!Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); })) return;
            var f = rgb(getComputedStyle(e).color), b = bg(e), a = lum(f), z = lum(b);
            var r = (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05);
            if (r < 4.5) out.push([e.textContent.trim().slice(0, 20), Math.round(r * 100) / 100]);
          });
        });
        return out;""", off)
    assert not m, m
