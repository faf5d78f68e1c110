"""Pictures of the deck's widget slides for the PDF handout: each widget slide of the built HTML deck,
as the room first sees it (its controls at their opening values, the question not yet shown), taken
in headless Chromium at 1280×720 from the deck's own stage. The numbers in the picture are the
widget's, as the page shows them (the engine's, through studio.publish.pages.widgets).

Chromium and chromedriver are Debian's (/usr/bin), driven by selenium, as the browser tests run them;
without them (or if the browser fails) there are no pictures and the handout keeps its text-only
widget pages.
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SIZE = (1280, 720)  # the stage at 720p: the deck's own fitting, as a projector shows it

READY = """var k = arguments[0], deck = document.getElementById('deck'), f = document.querySelector('.frame:not([hidden])');
return deck.getAttribute('data-slide') === String(k) && !!f && f.hasAttribute('data-scale');"""


def _driver(profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--mute-audio", f"--user-data-dir={profile}", f"--window-size={SIZE[0]},{SIZE[1]}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    return driver


def _wait(driver, script: str, *args, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if driver.execute_script(script, *args):
            return True
        time.sleep(0.05)
    return False


# what the slide shows as it opens, read from its page: each visible readout or table row as (label, value)
# (the readout's name and its value; a table row's heading and its cells), and the labels of its controls
# with their values; the answers still masked (data-asked) read as "?", as the room sees them
READ = """var f = document.querySelector('.widget-slide:not([hidden])'), rows = [], controls = [];
var seen = function (e) { return e.getClientRects().length > 0 && !e.closest('[hidden], .to-notes, .sr'); };
var one = function (e) { return e.closest('.asking [data-asked]') ? '?' : e.textContent.replace(/\\s+/g, ' ').trim(); };
var text = function (e) {  /* a vector of cells: its numbers with a space between */
  var cells = e.querySelectorAll('.vec > span');
  return cells.length ? Array.prototype.map.call(cells, one).join(' ') : one(e);
};
f.querySelectorAll('dl dt, .readout dt').forEach(function (dt) {
  var dd = dt.nextElementSibling;
  if (seen(dt) && dd && dd.tagName === 'DD' && seen(dd)) rows.push([text(dt), text(dd)]);
});
f.querySelectorAll('table:not(.heat) tr').forEach(function (tr) {
  if (!seen(tr)) return;
  var cells = Array.prototype.filter.call(tr.children, seen).map(text);
  if (cells.length > 1 && cells.slice(1).some(function (c) { return c; })) rows.push([cells[0], cells.slice(1).join('  ·  ')]);
});
f.querySelectorAll('input, select').forEach(function (e) {
  if (!seen(e) || e.type === 'hidden') return;
  var l = e.id && f.querySelector('label[for="' + e.id + '"]'), name = (l ? l.textContent : e.getAttribute('aria-label') || '').trim();
  if (!name) return;
  var v = e.type === 'checkbox' || e.type === 'radio' ? (e.checked ? '\u2713' : '\u2717') : e.tagName === 'SELECT' ? e.options[e.selectedIndex].text : e.getAttribute('aria-valuetext') || e.value;
  controls.push([name.replace(/\\s+/g, ' '), v]);
});
return [rows.slice(0, 40), controls];"""


def widget_stills(page: Path, slides: list[dict], work: Path, read: dict | None = None) -> dict[int, Path]:
    """{slide number (1 for the title): PNG of that widget slide}, written into `work`; {} when the
    browser is not there or fails. `read`, when given, gets {slide number: (rows, controls)}: what the
    slide shows as it opens (READ), for the PowerPoint slide's table and notes."""
    numbers = [k for k, s in enumerate(slides, start=1) if s["kind"] == "widget"]
    if not numbers or not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        return {}
    try:
        import selenium  # noqa: F401
    except ImportError:
        return {}
    out = {}
    with tempfile.TemporaryDirectory(prefix=".chrome-", dir=work) as profile:
        driver = None
        try:
            driver = _driver(Path(profile))
            driver.get(Path(page).resolve().as_uri())
            inner = driver.execute_script("return [innerWidth, innerHeight]")
            if inner != list(SIZE):  # the window's chrome takes some: make the viewport itself 1280×720
                driver.set_window_size(2 * SIZE[0] - inner[0], 2 * SIZE[1] - inner[1])
            _wait(driver, "return document.documentElement.classList.contains('js')")
            stage = driver.find_element("id", "stage")
            for k in numbers:
                driver.execute_script("location.hash = '#' + arguments[0];", k)
                if not _wait(driver, READY, k - 1):
                    continue
                driver.execute_script("return new Promise(function (r) { requestAnimationFrame(function () {"
                                      " requestAnimationFrame(function () { r(true); }); }); });")
                png = Path(work) / f"widget-slide-{k}.png"
                png.write_bytes(stage.screenshot_as_png)
                out[k] = png
                if read is not None:
                    rows, controls = driver.execute_script(READ)
                    read[k] = (tuple(map(tuple, rows)), tuple(map(tuple, controls)))
        except Exception:  # a browser that fails to start or answer: the handout keeps its text pages
            return out
        finally:
            if driver is not None:
                driver.quit()
    return out
