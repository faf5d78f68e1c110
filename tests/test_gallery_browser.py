"""The offline gallery in headless Chromium, from file:// and from a local web server: every file
loads, the language and theme switches, the frame slider, the filter (studio.publish.gallery).

The gallery is the one tests/test_gallery.py builds from the run's shared renders.
"""
from __future__ import annotations

import csv
import functools
import http.server
import json
import os
import threading
from pathlib import Path
from urllib.parse import unquote

import pytest

from look import PALETTES
from studio import catalogue
from tests.browser import headless_chrome, wait_for
from tests.test_gallery import ZH_HANT_VTT, gallery, out_root  # noqa: F401 (fixtures)


# -- a real browser -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = headless_chrome(tmp_path_factory.mktemp("chrome-profile"))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def server(gallery):
    handler = functools.partial(_QuietHandler, directory=str(gallery.dest))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    httpd.shutdown()
    httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _wait(driver, script, timeout=10.0):
    return wait_for(driver, script, timeout)


def _open(driver, address):
    driver.get(address)
    _wait(driver, "return document.documentElement.classList.contains('js')")
    driver.get_log("browser")  # start each check with an empty log


def _severe(driver) -> list:
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


@pytest.fixture(params=["file", "http"])
def address(request, gallery):
    if request.param == "file":
        return gallery.index.resolve().as_uri()
    return request.getfixturevalue("server")


@pytest.mark.render
@pytest.mark.browser
def test_browser_loads_everything_without_errors(browser, address, gallery):
    browser.get(address)
    _wait(browser, "return document.documentElement.classList.contains('js')")
    # images: load the lazy ones now, then every one must have pixels
    browser.execute_script("document.querySelectorAll('img').forEach(i => { i.loading = 'eager'; });")
    _wait(browser, "return Array.from(document.images).every(i => i.complete)")
    broken = browser.execute_script(
        "return Array.from(document.images).filter(i => !(i.naturalWidth > 0)).map(i => i.src)")
    assert browser.execute_script("return document.images.length") >= 1
    assert broken == [], f"images that did not load: {broken}"
    # videos: the poster decodes, and the MP4 plays in this browser (metadata loads)
    posters = browser.execute_script("return Array.from(document.querySelectorAll('video')).map(v => v.poster)")
    assert posters
    for poster in posters:
        ok = browser.execute_async_script(
            "var done = arguments[1], im = new Image(); im.onload = () => done(im.naturalWidth > 0);"
            "im.onerror = () => done(false); im.src = arguments[0];", poster)
        assert ok, f"poster {poster} did not load"
    sources = browser.execute_script(
        "return Array.from(document.querySelectorAll('video source, video track'))"
        ".map(s => s.getAttribute('data-src') || s.getAttribute('src'))")  # file://: tracks are data: URLs
    for src in sources:
        if address.startswith("http"):
            status = browser.execute_async_script(
                "var done = arguments[1]; fetch(arguments[0], {method: 'HEAD'}).then(r => done(r.status), "
                "e => done(String(e)));", src)
            assert status == 200, f"{src}: {status}"
        else:
            assert (gallery.dest / unquote(src)).is_file(), src
    browser.execute_script("var v = document.querySelector('video'); v.preload = 'metadata'; v.load();")
    _wait(browser, "var v = document.querySelector('video'); return v.readyState >= 1 || v.error;")
    state = browser.execute_script(
        "var v = document.querySelector('video'); return [v.readyState, v.duration, v.error && v.error.code]")
    assert state[0] >= 1 and state[1] > 0 and state[2] is None, f"the MP4 did not load: {state}"
    assert _severe(browser) == []


@pytest.mark.render
@pytest.mark.browser
def test_browser_language_switch(browser, address):
    _open(browser, address)
    clock = catalogue.get("pe_clock")

    def visible_description():
        return browser.execute_script(
            "return document.querySelector('#entry-pe_clock p.desc').innerText.trim()")

    def caption_modes():
        return browser.execute_script(
            "return Object.fromEntries(Array.from(document.querySelectorAll('#entry-pe_clock track'))"
            ".map(t => [t.srclang, t.track.mode]))")

    browser.execute_script("localStorage.clear()")
    browser.find_element("css selector", '.lang-btn[data-lang="en"]').click()
    assert visible_description() == clock.describe["en"]
    assert caption_modes().get("zh-Hant") == "disabled"
    browser.find_element("css selector", '.lang-btn[data-lang="zh-Hant"]').click()
    assert visible_description() == clock.describe["zh-Hant"]
    assert browser.execute_script("return document.documentElement.lang") == "zh-Hant"
    assert caption_modes()["zh-Hant"] == "showing"
    # the Traditional Chinese caption file really loads (from file:// too)
    _wait(browser, "var t = document.querySelector('#entry-pe_clock track[srclang=\"zh-Hant\"]');"
                   "return t.readyState === 2 && t.track.cues && t.track.cues.length > 0;")
    cue = browser.execute_script(
        "return document.querySelector('#entry-pe_clock track[srclang=\"zh-Hant\"]').track.cues[0].text")
    assert cue == ZH_HANT_VTT.strip().splitlines()[-1]
    heading = browser.execute_script("return document.querySelector('.brand h1').innerText")
    assert "圖庫" in heading
    # the figure rendered in Traditional Chinese (dark) replaces the English one (light)
    figure = "return document.querySelector('#entry-pe_table .media img').getAttribute('src')"
    assert browser.execute_script(figure) == "media/zh-Hant-dark/pe_table/pe_table.svg"
    browser.execute_script("document.querySelector('#entry-pe_table').scrollIntoView()")  # images load lazily
    _wait(browser, "var i = document.querySelector('#entry-pe_table .media img'); return i.complete && i.naturalWidth > 0")
    browser.find_element("css selector", '.lang-btn[data-lang="zh-Hans"]').click()
    assert visible_description() == clock.describe["zh-Hans"]
    assert caption_modes()["zh-Hant"] == "disabled"
    # a video's own caption language stays hidden (it is burned into the frames)
    browser.find_element("css selector", '.lang-btn[data-lang="en"]').click()
    assert browser.execute_script(figure) == "media/pe_table/pe_table.svg"
    modes = caption_modes()
    assert modes.get("en", "hidden") == "hidden"
    assert _severe(browser) == []


@pytest.mark.render
@pytest.mark.browser
def test_browser_theme_switch(browser, address):
    _open(browser, address)

    def background():
        return browser.execute_script("return getComputedStyle(document.body).backgroundColor")

    def rgb(hex_color):
        h = hex_color.lstrip("#")
        return "rgb({}, {}, {})".format(*(int(h[k:k + 2], 16) for k in (0, 2, 4)))

    browser.find_element("css selector", '.theme-btn[data-theme="light"]').click()
    _wait(browser, f"return getComputedStyle(document.body).backgroundColor === '{rgb(PALETTES['light'].background)}'")
    browser.find_element("css selector", '.theme-btn[data-theme="dark"]').click()
    _wait(browser, f"return getComputedStyle(document.body).backgroundColor === '{rgb(PALETTES['dark'].background)}'")
    assert background() == rgb(PALETTES["dark"].background)
    browser.find_element("css selector", '.theme-btn[data-theme="light"]').click()
    assert _severe(browser) == []


@pytest.mark.render
@pytest.mark.browser
def test_browser_frame_slider_shows_the_row(browser, address, out_root):
    _open(browser, address)
    with open(out_root / "pe_clock/pe_clock.frames.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    picker = "#entry-pe_clock section.frames"
    n = browser.execute_script(f"return Number(document.querySelector('{picker} .slider').max) + 1")
    assert n == len(rows)  # tiny renders are 4 fps: every frame is embedded
    k = next(i for i, r in enumerate(rows) if r["position"] not in ("", "0.0", "0"))
    browser.execute_script(
        f"var s = document.querySelector('{picker} .slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true}));", k)
    shown = browser.execute_script(
        f"var out = {{}}; document.querySelectorAll('{picker} .frame-row .q').forEach(q => "
        "{ out[q.querySelector('code').textContent] = q.querySelector('.v').title; }); return out;")
    assert float(shown["position"]) == float(rows[k]["position"])
    assert float(shown["sin_0"]) == float(rows[k]["sin_0"])
    assert browser.execute_script(f"return document.querySelector('{picker} output.f').textContent") == str(k)
    t = browser.execute_script(f"return document.querySelector('{picker} output.t').textContent")
    assert t == f"{float(rows[k]['time_s']):.2f} s"
    # the "next frame" button steps one row
    browser.find_element("css selector", f"{picker} button.next").click()
    assert browser.execute_script(f"return document.querySelector('{picker} output.f').textContent") == str(k + 1)
    # a section button moves the slider to that section's start
    doc = json.loads((out_root / "pe_clock/pe_clock.numbers.json").read_text("utf-8"))
    last = doc["sections"][-1]
    browser.find_element("css selector", f'#entry-pe_clock button.seek[data-t="{last["start_s"]:.6f}"]').click()
    row = rows[int(browser.execute_script(f"return document.querySelector('{picker} output.f').textContent"))]
    assert row["section"] == last["name"]
    assert _severe(browser) == []


@pytest.mark.render
@pytest.mark.browser
def test_browser_filter(browser, address):
    _open(browser, address)
    box = browser.find_element("css selector", "input.filter")
    box.send_keys("pe_table")
    visible = browser.execute_script(
        "return Array.from(document.querySelectorAll('article.entry')).filter(a => !a.hidden)"
        ".map(a => a.dataset.name)")
    assert visible == ["pe_table"]
    box.clear()
    browser.execute_script("document.querySelector('input.filter').dispatchEvent(new Event('input'))")
    assert browser.execute_script("return document.querySelectorAll('article.entry:not([hidden])').length") == len(
        catalogue.ENTRIES)


@pytest.mark.render
@pytest.mark.browser
def test_browser_screenshots(browser, gallery, tmp_path):
    """Screenshots in en and zh-Hant, light and dark (kept when TF_GALLERY_SHOTS names a folder)."""
    folder = Path(os.environ.get("TF_GALLERY_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    _open(browser, gallery.index.resolve().as_uri())
    for lang in ("en", "zh-Hant"):
        for theme in ("light", "dark"):
            browser.execute_script(f"tfGallery.setLang('{lang}', false); tfGallery.setTheme('{theme}', false);")
            path = folder / f"gallery-{lang}-{theme}.png"
            assert browser.save_screenshot(str(path))
            assert path.stat().st_size > 10_000
    assert _severe(browser) == []
