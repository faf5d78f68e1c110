"""Lesson pages in a real headless Chromium: widgets moved by keyboard and clicks show the engine's
value for each position, the presenter stops on each section's last frame, no console errors, and
no request leaves the page. One scene (layernorm_steps, tiny quality) and one figure are rendered
for the depth page; the other pages are built from the same out folder without media.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.norms import layernorm_example
from engine.activations import DRIFT_SHIFTS, neuron_drift
from engine.positional import hand_angles, sinusoidal
from engine.rope import rope_lesson, rope_score
from engine.signal import S_SWEEP, signal_rms, signal_weights
from engine.smallnet import small_net_step
from engine.toy import toy_attention
from look import LANGS, PALETTES
from studio import catalogue
from studio.options import TINY
from studio.publish.pages import build_pages
from tests.browser import assert_no_request_leaves, console_errors, media_browser, reveal, wait_for
from tests.test_pages import num, nums

SCENE = "layernorm_steps"

# one group with tests/test_deck_browser.py: one worker makes the render both read (SharedRenders.variant)
pytestmark = [pytest.mark.browser, pytest.mark.render, pytest.mark.xdist_group("layernorm_steps captions file")]


@pytest.fixture(scope="module")
def site(tmp_path_factory, shared_renders):
    import shutil

    root = tmp_path_factory.mktemp("out")  # the run's renders (the deck's tests read the same), copied
    shutil.copytree(shared_renders.variant(SCENE, "light", "en", captions="file"), root / SCENE)
    shutil.copytree(shared_renders.variant("signal_decay_fig", "light", "en"), root / "signal_decay_fig")
    shutil.copytree(shared_renders.variant("signal_decay_fig", "dark", "en"), root / "en-dark" / "signal_decay_fig")
    # no dark render of the scene: the theme switch keeps its light poster and video
    build_pages("all", "all", quality=TINY, out_root=root, render=False)
    return root / "pages"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from media_browser(tmp_path_factory, "1300,1000")


def _wait(driver, script, timeout=15.0, *args):
    return wait_for(driver, script, timeout, *args)


def _open(driver, page: Path):
    driver.get(page.resolve().as_uri())
    _wait(driver, "return document.documentElement.classList.contains('js')")


_errors, _no_request_leaves = console_errors, assert_no_request_leaves


def _field(w, name) -> str:
    return w.find_element("css selector", f'[data-field="{name}"]').text


def _slide(driver, control, k):
    """Move a range input to step k from its minimum with the keyboard (Home, then → k times)."""
    from selenium.webdriver.common.keys import Keys

    control.send_keys(Keys.HOME + Keys.ARROW_RIGHT * k)


# -- widgets -----------------------------------------------------------------------------------
def test_positional_widgets_show_the_engine_values(browser, site):
    _open(browser, site / "positional" / "index.html")
    seat = browser.find_element("id", "w-seat")
    table, angles = sinusoidal(np.arange(32), 16), np.degrees(hand_angles(np.arange(32), 16)) % 360
    for p in (0, 7, 31):
        _slide(browser, seat.find_element("id", "w-seat-seat"), p)
        assert _field(seat, "seat") == str(p)
        assert [num(_field(seat, f"pe{c}")) for c in range(16)] == pytest.approx(table[p], abs=5e-5)
        shown = [float(e.get_attribute("transform")[7:-1])
                 for e in seat.find_elements("css selector", "[data-rot]")]
        assert shown == pytest.approx(-angles[p], abs=5e-4)  # clockwise SVG rotate: anticlockwise angle
        assert seat.find_element("id", "w-seat-seat").get_attribute("aria-valuetext") == str(p)
    rope, r = browser.find_element("id", "w-rope"), rope_lesson()
    reveal(rope)
    for m, n in ((4, 0), (9, 5), (2, 7)):
        _slide(browser, rope.find_element("id", "w-rope-m"), m)
        _slide(browser, rope.find_element("id", "w-rope-n"), n)
        assert num(_field(rope, "score")) == pytest.approx(rope_score(r.q, r.k, m, n, r.base), abs=5e-5)
        assert num(_field(rope, "gap")) == m - n
        assert _field(rope, "gap_score") == _field(rope, "score")  # depends only on m − n
    loaded = browser.execute_script("return performance.getEntriesByType('navigation')[0].loadEventEnd")
    assert 0 < loaded < 3000, f"the page took {loaded:.0f} ms to load"  # generous: the check is for a page that stalls, not a benchmark
    assert not _errors(browser)
    _no_request_leaves(browser)


def test_token_reorder_shows_outputs_and_which_stay_fixed(browser, site):
    _open(browser, site / "worked" / "index.html")
    w = browser.find_element("id", "w-reorder")
    swap = w.find_elements("css selector", "[data-swap]")
    base = toy_attention("the cat sat on the")
    for clicks in ((0,), (2, 3), (1, 0, 3)):  # cumulative: three different orders
        for i in clicks:
            swap[i].click()
        order = [_field(w, f"tok{i}") for i in range(5)]
        t = toy_attention(order)
        cells = w.find_elements("css selector", "[data-label^=same]")
        for i in range(5):
            assert nums(_field(w, f"c{i}")) == pytest.approx(t.C[:, i], abs=5e-5)
            same = np.allclose(t.C[:, i], base.C[:, i], atol=1e-12)
            assert cells[i].get_attribute("class") == ("same" if same else "changed")
    assert order != ["the", "cat", "sat", "on", "the"]
    w.find_element("css selector", "[data-reset]").click()
    assert [_field(w, f"tok{i}") for i in range(5)] == ["the", "cat", "sat", "on", "the"]
    assert not _errors(browser)


def test_depth_widgets_show_the_engine_values(browser, site):
    _open(browser, site / "depth" / "index.html")
    gain = browser.find_element("id", "w-gain")
    # it opens at the s its question asks about: the readouts wait for the answer, then show the engine's
    assert _field(gain, "last_plain") == "" and gain.find_element("css selector", ".chart").get_attribute("data-asked") is None
    reveal(gain)
    x0, weights = signal_weights()
    for k in (0, 10, 30):
        _slide(browser, gain.find_element("id", "w-gain-s"), k)
        s = S_SWEEP[k]
        assert num(_field(gain, "s")) == pytest.approx(s)
        assert num(_field(gain, "last_plain")) == pytest.approx(signal_rms(s, x0, weights)[-1], rel=5e-3)
        assert num(_field(gain, "last_ln")) == pytest.approx(signal_rms(s, x0, weights, True)[-1], rel=5e-3)

    drift = browser.find_element("id", "w-drift")
    for k in (0, 15, 45):
        _slide(browser, drift.find_element("id", "w-drift-shift"), k)
        d = neuron_drift(float(DRIFT_SHIFTS[k]))
        assert num(_field(drift, "shift")) == pytest.approx(DRIFT_SHIFTS[k])
        assert nums(_field(drift, "relu_dead"))[0] == d.n_relu_dead
        assert nums(_field(drift, "gelu_below"))[0] == int(np.sum(np.abs(d.gelu_grad) < 1e-3))
        dead = [c.get_attribute("class") == "cell dead" for c in drift.find_elements("css selector", "[data-cls^=relu]")]
        assert dead == list(d.relu_dead)

    ln, net = layernorm_example(), small_net_step()
    expected = {
        "layernorm": {0: ln.out[0], 2: ln.centred[0], 3: ln.scaled_class[0]},
        "forward": {1: net.z1, 2: net.a1, 3: [net.y_hat]},
        "backward": {0: [net.dy_hat], 1: net.da1, 2: net.dz1},
    }
    for wid, stops in expected.items():
        w = browser.find_element("id", f"w-{wid}")
        nxt, prev = w.find_elements("css selector", "[data-step]")[::-1]
        for _ in range(5):
            prev.click()
        at = 0
        for k, values in stops.items():
            for _ in range(k - at):
                nxt.click()
            at = k
            assert nums(_field(w, "v0")) == pytest.approx(values, abs=5e-5), (wid, k)
            assert prev.is_enabled() == (k > 0) and nxt.is_enabled() == (k < 4), (wid, k)
            assert w.find_element("css selector", "[data-count]").text == f"Step {k + 1} of 5"

    assert not _errors(browser)
    _no_request_leaves(browser)


def test_a_shared_link_opens_the_widget_as_it_was_set(browser, site):
    """Moving a widget writes its state into the address (#w=NAME:control=value); that address,
    opened afresh, shows the same readouts with the widget in view. Its Copy link button is a tab stop."""
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "positional" / "index.html")
    seat = browser.find_element("id", "w-seat")
    _slide(browser, seat.find_element("id", "w-seat-seat"), 12)
    _wait(browser, "return location.hash.indexOf('seat=12') > 0")
    url, hash_ = browser.current_url, browser.execute_script("return location.hash")
    assert hash_ == "#w=seat:seat=12"
    shown = seat.find_element("css selector", "table.row").text
    browser.get("about:blank")
    browser.get(url)
    _wait(browser, "return document.documentElement.classList.contains('js')")
    seat = browser.find_element("id", "w-seat")
    assert seat.find_element("id", "w-seat-seat").get_attribute("value") == "12"
    assert seat.find_element("css selector", "table.row").text == shown
    assert browser.execute_script("var r = arguments[0].getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight / 2;", seat)
    button = seat.find_element("css selector", "[data-share]")
    assert button.tag_name == "button" and button.get_property("tabIndex") == 0 and button.text == "Copy link"
    button.send_keys(Keys.ENTER)  # copied, or (no clipboard here) the link to copy by hand
    _wait(browser, "return !!arguments[0].querySelector('[data-shared]').textContent", 5.0, seat)

    _open(browser, site / "depth" / "index.html")  # a stepper (data-value) comes back at its step
    w = browser.find_element("id", "w-layernorm")
    for _ in range(2):
        w.find_elements("css selector", "[data-step]")[-1].click()
    _wait(browser, "return location.hash === '#w=layernorm:step=2'")
    url, shown = browser.current_url, _field(w, "v0")
    browser.get("about:blank")
    browser.get(url)
    _wait(browser, "return document.documentElement.classList.contains('js')")
    w = browser.find_element("id", "w-layernorm")
    assert _field(w, "v0") == shown and w.find_element("css selector", "[data-count]").text == "Step 3 of 5"
    assert not _errors(browser)


# -- presenter ---------------------------------------------------------------------------------
def test_presenter_stops_on_each_section_end(browser, site, tmp_path):
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "depth" / "index.html")
    media = browser.execute_script(
        "return JSON.parse(document.getElementById('page-data').textContent).media[arguments[0]]", SCENE)
    starts = [s["start_s"] for s in media["sections"]]
    ends, frame = starts[1:] + [media["duration_s"]], 1.0 / media["fps"]
    holds = [s["hold_s"] for s in media["sections"]]
    assert all(start < hold < end for start, hold, end in zip(starts, holds, ends)), holds
    fig = browser.find_element("id", f"s-{SCENE}")
    _wait(browser, "return arguments[0].querySelector('video').readyState >= 1", 15, fig)
    browser.execute_script("arguments[0].querySelector('video').playbackRate = 16", fig)
    fig.find_element("css selector", "[data-present]").click()
    assert "presenting" in fig.get_attribute("class")
    body = browser.find_element("tag name", "body")
    t = "return arguments[0].querySelector('video').currentTime"
    for k, end in enumerate(ends):
        body.send_keys(Keys.ARROW_RIGHT)
        _wait(browser, "return arguments[0].getAttribute('data-state') === 'held'"
                       " && arguments[0].getAttribute('data-slide') === arguments[1]", 20, fig, str(k))
        now = browser.execute_script(t, fig)
        assert abs(now - holds[k]) < frame / 2, (k, now, holds[k])  # on the section's last full frame
        label = fig.find_element("css selector", ".slide").text  # the section's first cue, not its id
        assert media["sections"][k]["label"] and label == f"Section {k + 1}/{len(ends)} · {media['sections'][k]['label']}"
        assert browser.execute_script("return arguments[0].querySelector('video').paused", fig)
    body.send_keys(Keys.ARROW_RIGHT)  # past the last section: stays
    assert fig.get_attribute("data-slide") == str(len(ends) - 1)
    body.send_keys(Keys.ARROW_LEFT)
    _wait(browser, "return arguments[0].getAttribute('data-slide') === arguments[1]", 5, fig, str(len(ends) - 2))
    assert abs(browser.execute_script(t, fig) - holds[-2]) < frame / 2
    # the captions once, in the strip under the picture: the track is not drawn over the frame
    mode = "return arguments[0].querySelector('video').textTracks[0].mode"
    strip = fig.find_element("css selector", ".cap-strip")
    assert fig.get_attribute("data-captions") == "showing" and browser.execute_script(mode, fig) == "hidden"
    assert strip.is_displayed() and strip.text.strip()  # the held section's cue
    rect = "var r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom];"
    assert browser.execute_script(rect, strip)[0] >= browser.execute_script(rect, fig.find_element("tag name", "video"))[1] - 1
    body.send_keys("c")
    assert fig.get_attribute("data-captions") == browser.execute_script(mode, fig) == "hidden"
    assert not strip.is_displayed()
    body.send_keys("c")
    assert fig.get_attribute("data-captions") == "showing" and strip.is_displayed()
    for _ in range(3):  # Tab does not leave the presenter
        browser.switch_to.active_element.send_keys(Keys.TAB)
        assert browser.execute_script("return arguments[0].contains(document.activeElement)", fig)
    body.send_keys("f")
    _wait(browser, "return document.fullscreenElement === arguments[0]", 5, fig)
    body.send_keys(Keys.ESCAPE)
    browser.execute_script("document.exitFullscreen && document.fullscreenElement && document.exitFullscreen()")
    assert not _errors(browser)
    _no_request_leaves(browser)


def test_media_and_sections_come_from_the_render(browser, site):
    import json

    page = (site / "depth" / "index.html").read_text(encoding="utf-8")
    doc = json.loads((site.parent / SCENE / f"{SCENE}.numbers.json").read_text(encoding="utf-8"))
    _open(browser, site / "depth" / "index.html")
    media = browser.execute_script(
        "return JSON.parse(document.getElementById('page-data').textContent).media[arguments[0]]", SCENE)
    assert [{k: s[k] for k in ("name", "start_s")} for s in media["sections"]] == doc["sections"]
    assert media["duration_s"] == doc["render"]["duration_s"]
    cues = _wait(browser, "var t = document.querySelector('#s-%s video').textTracks[0];"
                          "return t.cues && t.cues.length" % SCENE)
    assert cues == len(doc["cues"])  # the VTT holds the cues as shown
    assert 'kind="captions"' in page and "signal_decay_fig.svg" in page
    assert sorted(f.name for f in (site / "depth" / "media" / "en-light").iterdir()) == [
        f"{SCENE}.mp4", f"{SCENE}.png", f"{SCENE}.vtt", "signal_decay_fig.svg"]
    img = browser.find_element("css selector", "#f-signal_decay_fig img")
    assert img.get_attribute("src").endswith("media/en-light/signal_decay_fig.svg")
    browser.find_element("id", "theme-switch").click()  # the dark render is in OUT/en-dark/
    assert img.get_attribute("src").endswith("media/en-dark/signal_decay_fig.svg")
    browser.execute_script("arguments[0].scrollIntoView()", img)
    _wait(browser, "return arguments[0].complete && arguments[0].naturalWidth > 0", 5, img)
    video = browser.find_element("css selector", f"#s-{SCENE} video")
    # no dark video of the scene in OUT: poster and video stay together in the light theme (a dark
    # poster over a light video would flash the light picture in on play), and no dark file is named
    assert video.get_attribute("poster").endswith(f"media/en-light/{SCENE}.png")
    assert video.find_element("css selector", "source").get_attribute("src").endswith(f"media/en-light/{SCENE}.mp4")
    assert not (site / "depth" / "media" / "en-dark" / f"{SCENE}.png").exists()
    browser.find_element("id", "theme-switch").click()  # and back
    assert video.get_attribute("poster").endswith(f"media/en-light/{SCENE}.png")
    assert not _errors(browser)


# -- screenshots -------------------------------------------------------------------------------
def test_screenshots_every_page_language_and_theme(browser, site, tmp_path):
    from PIL import Image

    folder = Path(__import__("os").environ.get("PAGES_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    for topic in catalogue.TOPICS:
        for lang in LANGS:
            _open(browser, site / topic / ("index.html" if lang == "en" else f"index.{lang}.html"))
            for theme in ("light", "dark"):
                if (browser.execute_script("return document.documentElement.dataset.theme") != theme):
                    browser.find_element("id", "theme-switch").click()
                shot = folder / f"page-{topic}-{lang}-{theme}.png"
                height = browser.execute_script("return document.documentElement.scrollHeight")
                browser.set_window_size(1300, min(height + 140, 7000))  # the whole page
                browser.save_screenshot(str(shot))
                browser.set_window_size(1300, 1000)
                with Image.open(shot) as im:
                    corner = "#{:02x}{:02x}{:02x}".format(*im.convert("RGB").getpixel((3, 3)))
                assert corner == PALETTES[theme].background, (shot.name, corner)
    assert not _errors(browser)


# -- phone, theme kept, skip link ---------------------------------------------------------------
def test_pages_fit_a_phone_keep_the_theme_and_offer_a_skip_link(browser, site):
    """At 360 px no page scrolls sideways (wide tables scroll inside their own box); the theme chosen
    on one page is the theme of the next; the first tab stop skips to the lesson."""
    try:
        browser.set_window_size(360, 800)
        for topic in catalogue.TOPICS:
            for lang in LANGS:
                _open(browser, site / topic / ("index.html" if lang == "en" else f"index.{lang}.html"))
                wide = browser.execute_script("return document.documentElement.scrollWidth")
                inner = browser.execute_script("return document.documentElement.clientWidth")
                over = browser.execute_script(
                    "return Array.from(document.querySelectorAll('body *')).filter(e => "
                    "e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && "
                    "!e.closest('.scroll')).slice(0, 6).map(e => e.tagName + '.' + e.className + ' ' + "
                    "Math.round(e.getBoundingClientRect().right))")
                assert wide <= inner, (topic, lang, wide, inner, over)
    finally:
        browser.set_window_size(1300, 1000)
    _open(browser, site / "positional" / "index.html")
    start = browser.execute_script("return document.documentElement.dataset.theme")
    other = "dark" if start == "light" else "light"
    browser.find_element("id", "theme-switch").click()
    _open(browser, site / "depth" / "index.zh-Hant.html")
    assert browser.execute_script("return document.documentElement.dataset.theme") == other
    browser.find_element("id", "theme-switch").click()  # back to where it started, for the other tests
    assert browser.execute_script("return document.documentElement.dataset.theme") == start
    first = browser.execute_script(  # the first tab stop in document order
        "return document.querySelector('a[href], button, input, select, textarea, [tabindex]')")
    assert first.get_attribute("class") == "skip" and first.get_attribute("href").endswith("#main")
    assert first.get_attribute("textContent") == "跳到課程內容"
    assert not _errors(browser)


CONTRAST_JS = """
function rgb(s) {
  var m = s.match(/^rgba?\\(([^)]+)\\)/);
  if (m) { var v = m[1].split(',').map(Number); return [v[0] / 255, v[1] / 255, v[2] / 255, v.length > 3 ? v[3] : 1]; }
  m = s.match(/^color\\(srgb ([^)]+)\\)/);
  if (m) { var w = m[1].replace('/', ' ').split(/\\s+/).filter(Boolean).map(Number); return [w[0], w[1], w[2], w.length > 3 ? w[3] : 1]; }
  return null;
}
function lum(c) {
  var l = c.slice(0, 3).map(function (x) { return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}
function bg(e) {
  for (; e; e = e.parentElement) { var c = rgb(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; }
  return rgb(getComputedStyle(document.documentElement).backgroundColor);
}
var low = [];
document.querySelectorAll('body *').forEach(function (e) {
  var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  var st = getComputedStyle(e);
  if (!own || st.visibility === 'hidden' || st.display === 'none' || e.closest('[hidden], .skip, video, button:disabled')) return;
  var f = rgb(st.color), b = bg(e);
  if (!f || !b) { low.push([e.tagName, e.className, st.color, 'unparsed']); return; }
  var a = lum(f), z = lum(b), r = (Math.max(a, z) + 0.05) / (Math.min(a, z) + 0.05);
  if (r < 4.5) low.push([e.tagName, e.className, e.textContent.trim().slice(0, 30), Math.round(r * 100) / 100]);
});
return low;
"""


def test_every_text_on_the_pages_has_contrast_at_least_4_5(browser, site):
    """WCAG AA for every piece of text in both themes: its computed colour against the first opaque
    background behind it (secondary labels and the closed questions' "show the answer" links included)."""
    for topic in catalogue.TOPICS:
        _open(browser, site / topic / "index.html")
        for theme in ("light", "dark"):
            if browser.execute_script("return document.documentElement.dataset.theme") != theme:
                browser.find_element("id", "theme-switch").click()
            # closed first (the "show the answer" link on the widget panel), then open (the answers)
            for opened in (False, True):
                for d in browser.find_elements("css selector", "details.predict"):
                    browser.execute_script("arguments[0].open = arguments[1]", d, opened)
                low = browser.execute_script(CONTRAST_JS)
                assert not low, (topic, theme, opened, low[:8])
                if not opened:
                    shown = browser.execute_script(
                        "return Array.from(document.querySelectorAll('details.predict .reveal'))"
                        ".filter(function (e) { return e.offsetParent !== null; }).length")
                    assert shown > 0, (topic, "the reveal links were not measured")
        if browser.execute_script("return document.documentElement.dataset.theme") != "light":
            browser.find_element("id", "theme-switch").click()
