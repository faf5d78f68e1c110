"""Headless Chromium for the browser tests (gallery, lesson pages): Debian's chromium and
chromedriver with an explicit driver path (selenium-manager never looks for or downloads one) and
flags that keep it off the network."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def headless_chrome(profile: Path, window: str = "1400,1000", extra_args: tuple = ()):
    """A started driver (the caller quits it); skips the test when Chromium or selenium is missing."""
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        pytest.skip("headless browser tests need /usr/bin/chromium and /usr/bin/chromedriver "
                    "(Debian: apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--mute-audio", f"--user-data-dir={profile}", f"--window-size={window}",
                *extra_args):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    return driver


def wait_for(driver, script: str, timeout: float = 10.0, *args):
    """Run `script` until it returns something true; that value, or fail naming the script."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")


def console_errors(driver) -> list:
    """The page's SEVERE console entries since the last call."""
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


def assert_no_request_leaves(driver) -> None:
    """Every resource the page loaded or links to is file: or data: (the page works offline)."""
    urls = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".concat([location.href], Array.from(document.querySelectorAll('[src],[href]'))"
        ".map(e => e.src || e.href))")
    assert urls and all(u.startswith(("file:", "data:")) for u in urls), [u for u in urls if u[:5] != "file:"]


def media_browser(tmp_path_factory, window: str):
    """A headless Chromium that may play videos without a click (a module fixture's generator body)."""
    driver = headless_chrome(tmp_path_factory.mktemp("chrome-profile"), window,
                             ("--autoplay-policy=no-user-gesture-required",))
    yield driver
    driver.quit()


AT_SLIDE = ("return document.documentElement.classList.contains('js')"
            " && document.getElementById('deck').getAttribute('data-slide') === arguments[0]")


def open_deck(driver, deck: Path, k: int, timeout: float = 30.0) -> None:
    """The built deck (its folder) loaded afresh at slide k (its index; the address is #k+1), at the slide's first
    frame: a page left by an earlier test is unloaded first (a new address differing only in its hash would
    otherwise stay the same document), and the frame a reload restores from sessionStorage is cleared. A deck
    that does not reach slide k names where it is and what the console said."""
    driver.get("about:blank")
    driver.get(Path(deck, "index.html").resolve().as_uri() + f"#{k + 1}")
    driver.execute_script("sessionStorage.clear()")
    driver.refresh()
    try:
        wait_for(driver, AT_SLIDE, timeout, str(k))
    except AssertionError:
        where = driver.execute_script("var d = document.getElementById('deck');"
                                      " return [location.href, d && d.getAttribute('data-slide'), document.readyState]")
        raise AssertionError(f"the deck did not reach slide {k} in {timeout:.0f} s: address, data-slide, "
                             f"readyState = {where}; console: {console_errors(driver)}") from None
    wait_for(driver, "return new Promise(function (r) { requestAnimationFrame(function () { r(true); }); })", 5)


def chrome_fixture(window: str = "1280,1000"):
    """A module-scoped fixture named `browser`: one headless Chromium shared by a module's tests."""
    def browser(tmp_path_factory):
        driver = headless_chrome(tmp_path_factory.mktemp("chrome-profile"), window)
        yield driver
        driver.quit()
    return pytest.fixture(scope="module", name="browser")(browser)


def deck_fixture(topic: str = "depth"):
    """A module-scoped fixture named `deck`: the topic's English deck built once without renders (its title
    and widget slides); returns its folder (index.html inside)."""
    def deck(tmp_path_factory):
        from studio.options import TINY
        from studio.publish.deck import build_deck

        root = tmp_path_factory.mktemp("out")
        build_deck(topic, "en", quality=TINY, out_root=root, render=False)
        return root / "decks" / topic

    return pytest.fixture(scope="module", name="deck")(deck)


def page_fixture(topic: str = "depth", langs: tuple[str, ...] = ("en", "zh-Hant")):
    """A module-scoped fixture named `page`: the topic's lesson page in `langs` built once without media;
    returns its folder (index.html, index.zh-Hant.html … inside)."""
    def page(tmp_path_factory):
        from studio.options import TINY
        from studio.publish.pages.builder import build_topic

        root = tmp_path_factory.mktemp("out")
        build_topic(topic, list(langs), quality=TINY, out_root=root, render=False)
        return root / "pages" / topic

    return pytest.fixture(scope="module", name="page")(page)


def press(driver, key) -> None:
    """One key (or a selenium Keys value) sent to whatever has the focus, as a keyboard or clicker would."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def open_speaker(driver, deck: Path, slide: int) -> tuple[str, str]:
    """Open the built deck at slide `slide` (its index; the address is #slide+1), press S and wait for the speaker
    window; returns (audience window, speaker window) handles, the driver still on the audience window."""
    open_deck(driver, deck, slide)
    main = driver.current_window_handle
    press(driver, "s")
    end = time.monotonic() + 10
    while len(driver.window_handles) < 2 and time.monotonic() < end:
        time.sleep(0.05)
    return main, next(h for h in driver.window_handles if h != main)


def open_page(driver, page: Path, ready: str = "true") -> None:
    """Open a built page over file:// and wait until its script has run and `ready` (a JavaScript
    expression, e.g. the page's widget module) is true."""
    driver.get(Path(page).resolve().as_uri())
    wait_for(driver, f"return document.documentElement.classList.contains('js') && {ready}")


def reveal(widget) -> None:
    """Open a widget's predict answer with its Show button: the readouts the question asks about
    (data-asked) are masked until then."""
    button = widget.find_element("css selector", "[data-show]")
    if button.get_attribute("aria-expanded") != "true":
        button.click()
