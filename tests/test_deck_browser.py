"""The lecture deck in a real headless Chromium, at 1920×1080 and 1280×720: every slide stepped
through with the keys; at each scene pause the video is paused within half a frame of its hold, on a
frame that still shows the section's picture (measured here on the MP4), and fills the stage; the
captions are the track, shown once; the overview, the black screen and the speaker view; no console
errors and no request outside the deck's files. Built for the depth topic from a tiny render of
layernorm_steps (captions as a file) and one figure; the rest of the topic is left out.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from look import PALETTES
from studio.catalogue.order import lesson_steps
from studio.options import TINY
from studio.publish.deck import build_deck
from studio.publish.deck.builder import deck_json
from studio.publish.deck.slides import WIDGET_PARTS
from studio.publish.pages.holds import EMPTIED, frame_shares, own_frames
from studio.publish.pages.widgets import TOPIC_WIDGETS
from tests.browser import assert_no_request_leaves, console_errors, media_browser, wait_for

SCENE, FIGURE = "layernorm_steps", "signal_decay_fig"

# one group with tests/test_pages_browser.py: one worker makes the render both read (SharedRenders.variant)
pytestmark = [pytest.mark.browser, pytest.mark.render, pytest.mark.xdist_group("layernorm_steps captions file")]


@pytest.fixture(scope="module")
def deck(tmp_path_factory, shared_renders):
    import shutil

    root = tmp_path_factory.mktemp("out")  # the run's renders (the pages' tests read the same), copied
    shutil.copytree(shared_renders.variant(SCENE, "light", "en", captions="file"), root / SCENE)
    shutil.copytree(shared_renders.variant(FIGURE, "light", "en"), root / FIGURE)
    result = build_deck("depth", "en", quality=TINY, out_root=root, render=False)
    assert SCENE in result.reused and FIGURE in result.reused
    return root / "decks" / "depth"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    yield from media_browser(tmp_path_factory, "1920,1080")


def _wait(driver, script, timeout=15.0, *args):
    return wait_for(driver, script, timeout, *args)


def _open(driver, page: Path, size):
    driver.set_window_size(*size)
    driver.get(page.resolve().as_uri())
    _wait(driver, "return document.documentElement.classList.contains('js')")
    driver.execute_script("window.keys = []; document.addEventListener('keydown', function (e) {"
                          " window.keys.push(e.key + '@' + document.getElementById('deck').getAttribute('data-slide'));"
                          " }, true)")
    driver.execute_script("document.querySelectorAll('video').forEach(function (v) {"  # the fastest Chromium plays:
                          " v.defaultPlaybackRate = 16; v.playbackRate = 16; })")  # the deck seeks to each hold exactly
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner != list(size):  # the window's chrome takes some: make the viewport itself this size
        driver.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
        _wait(driver, "return innerWidth === arguments[0] && innerHeight === arguments[1]", 5, *size)


_errors, _no_request_leaves = console_errors, assert_no_request_leaves


def _key(driver, key):
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def _speaker_window(driver, main, timeout=10.0):
    """The handle of the speaker view the S key opened beside the deck's window `main`."""
    import time

    end = time.monotonic() + timeout
    while len(driver.window_handles) < 2 and time.monotonic() < end:
        time.sleep(0.05)
    return [h for h in driver.window_handles if h != main][0]


def _slide(driver):
    return int(driver.execute_script("return document.getElementById('deck').getAttribute('data-slide')"))


def _steps_left(driver) -> int:
    """The build steps (reveal.js fragments) the shown slide still has before a key moves on."""
    return driver.execute_script("var f = document.querySelector('.frame:not([hidden])');"
                                 "return f && f.hasAttribute('data-fragments') ?"
                                 " Number(f.getAttribute('data-fragments')) - Number(f.getAttribute('data-fragment')) : 0")


def _next(driver):
    """→ until the deck moves on: through the shown widget's build steps first."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(_steps_left(driver) + 1):
        _key(driver, Keys.ARROW_RIGHT)


def _held_at(driver, k):
    try:
        _wait(driver, "var d = document.getElementById('deck'); return d.getAttribute('data-slide') === arguments[0]"
                      " && d.getAttribute('data-state') === 'held'", 30, str(k))
    except AssertionError:
        state = driver.execute_script(
            "var d = document.getElementById('deck'), v = document.querySelector('video');"
            "return [d.getAttribute('data-slide'), d.getAttribute('data-state'), v && v.currentTime, v && v.paused,"
            " v && v.ended, v && v.readyState, document.activeElement.outerHTML.slice(0, 80), window.keys]")
        raise AssertionError(f"slide {k} not held: {state}") from None


def _shares_by_section(deck_dir, media):
    """(frame start time, content share) of every frame of the deck's copy of the video, per section."""
    shares = frame_shares(deck_dir / media["mp4"], PALETTES["light"].background)
    starts = [s["start_s"] for s in media["sections"]]
    ends = starts[1:] + [media["duration_s"]]
    return [[(t, s) for t, s in shares if a - 1e-6 <= t < b - 1e-6] for a, b in zip(starts, ends)]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_every_slide_in_order_with_scene_pauses_on_full_frames(browser, deck, size):
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    slides, media = data["slides"], data["media"][SCENE]
    kinds = [s["kind"] for s in slides]
    n = sum(1 for s in slides if s["kind"] == "scene")  # one per pause (sections on one picture are one)
    order = [st for st in lesson_steps("depth") if st.kind == "widget" or st.name in (SCENE, FIGURE)]
    want = ["title"] + [k for st in order for k in (["scene"] * n if st.kind == "scene"
                                                     else [st.kind] * len(WIDGET_PARTS.get(st.name, ("",))))]
    widgets = sum(len(WIDGET_PARTS.get(w, ("",))) for w in TOPIC_WIDGETS["depth"])  # a tall one part by part
    assert kinds == want and kinds.count("widget") == widgets, kinds  # the teaching order
    last = max(i for i, s in enumerate(slides) if s["kind"] == "scene")
    frame = 1.0 / media["fps"]
    by_section = _shares_by_section(deck, media)
    _open(browser, deck / "index.html", size)
    _wait(browser, "return document.querySelector('#s-%s video').readyState >= 1" % SCENE)
    stage = browser.execute_script("var r = document.getElementById('stage').getBoundingClientRect();"
                                   "return [r.left, r.top, r.width, r.height]")
    assert stage[2] / stage[3] == pytest.approx(16 / 9, rel=0.01)
    assert stage[2] == pytest.approx(size[0], abs=1) or stage[3] == pytest.approx(size[1], abs=1)
    assert _slide(browser) == 0
    for k, s in enumerate(slides[1:], 1):
        for _ in range(_steps_left(browser)):  # a widget's predict box: its question, then its answer
            _key(browser, Keys.ARROW_RIGHT)
            assert _slide(browser) == k - 1
        _key(browser, [Keys.ARROW_RIGHT, Keys.PAGE_DOWN, Keys.SPACE][k % 3])
        _held_at(browser, k)
        visible = browser.execute_script("return Array.from(document.querySelectorAll('.frame'))"
                                         ".filter(f => !f.hidden).map(f => f.id)")
        assert visible == [s["frame"]], (k, visible)
        if s["kind"] != "scene":
            continue
        v = browser.execute_script(
            "var v = document.querySelector('#s-%s video'), r = v.getBoundingClientRect();"
            "return {t: v.currentTime, paused: v.paused, w: r.width, h: r.height, "
            "mode: v.textTracks[0].mode, cues: v.textTracks[0].cues ? v.textTracks[0].cues.length : -1}" % SCENE)
        sec = media["sections"][s["section"]]
        assert v["paused"] and abs(v["t"] - sec["hold_s"]) < frame / 2, (k, v, sec)
        frames = by_section[s["section"]]
        at = max(i for i, f in enumerate(frames) if f[0] <= v["t"] + 1e-6)
        fullest = max(frames[i][1] for i in own_frames(list(range(len(frames))), frames))  # not the inherited ones
        assert frames[at][1] >= EMPTIED * fullest, (k, frames[at], fullest)  # a picture, not a cleared screen
        assert v["w"] >= 0.95 * stage[2] or v["h"] >= 0.95 * stage[3], (v, stage)
        assert v["mode"] == "showing" and v["cues"] > 0  # the captions: the track, shown once
    _key(browser, Keys.ARROW_RIGHT)  # past the last slide: stays
    assert _slide(browser) == len(slides) - 1
    _key(browser, Keys.PAGE_UP)
    _held_at(browser, len(slides) - 2)
    for _ in range(len(slides) - 2 - last):  # back into the scene: straight to the last section's hold
        _key(browser, Keys.ARROW_LEFT)
    _held_at(browser, last)
    t = browser.execute_script("return document.querySelector('#s-%s video').currentTime" % SCENE)
    assert abs(t - media["sections"][-1]["hold_s"]) < frame / 2
    assert not _errors(browser)
    _no_request_leaves(browser)


def test_no_captions_are_burnt_in_and_c_toggles_the_track(browser, deck):
    import json

    from selenium.webdriver.common.keys import Keys

    doc = json.loads((deck.parent.parent / SCENE / f"{SCENE}.numbers.json").read_text(encoding="utf-8"))
    assert doc["caption_mode"] == "file"  # the frames carry no captions: the track is their only copy
    _open(browser, deck / "index.html", (1280, 720))
    _key(browser, Keys.ARROW_RIGHT)
    _held_at(browser, 1)
    mode = "return document.querySelector('#s-%s video').textTracks[0].mode" % SCENE
    tracks = "return document.querySelector('#s-%s video').textTracks.length" % SCENE
    assert browser.execute_script(tracks) == 1 and browser.execute_script(mode) == "showing"
    _key(browser, "c")
    assert browser.execute_script(mode) == "hidden"
    _key(browser, "c")
    assert browser.execute_script(mode) == "showing"
    assert not _errors(browser)


def test_overview_jumps_and_blackout(browser, deck):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = next(i for i, s in enumerate(slides) if s["kind"] == "scene") + 1  # a scene's second pause
    _open(browser, deck / "index.html", (1920, 1080))
    _key(browser, "o")
    assert browser.execute_script("return !document.getElementById('overview').hidden")
    shown = browser.execute_script("return document.querySelectorAll('#overview [data-goto]').length")
    assert shown == len(slides)
    assert browser.execute_script("return document.activeElement.getAttribute('data-goto')") == "0"
    for _ in range(k):
        _key(browser, Keys.ARROW_RIGHT)
    assert browser.execute_script("return document.activeElement.getAttribute('data-goto')") == str(k)
    _key(browser, Keys.ENTER)
    _held_at(browser, k)
    assert browser.execute_script("return document.getElementById('overview').hidden")
    t = browser.execute_script("return document.querySelector('#s-%s video').currentTime" % SCENE)
    media = deck_json(deck)["media"][SCENE]
    assert abs(t - media["sections"][slides[k]["section"]]["hold_s"]) < 0.5 / media["fps"]  # a jump holds
    _key(browser, "o")
    _key(browser, Keys.ESCAPE)
    assert browser.execute_script("return document.getElementById('overview').hidden")
    assert _slide(browser) == k
    browser.find_element("id", "deck")
    _key(browser, "o")
    browser.find_element("css selector", f'#overview [data-goto="{len(slides) - 1}"]').click()
    _held_at(browser, len(slides) - 1)
    _key(browser, "b")
    black = browser.execute_script("var b = document.getElementById('black'), r = b.getBoundingClientRect();"
                                   "return [b.hidden, getComputedStyle(b).backgroundColor, r.width, r.height]")
    assert black[0] is False and black[1] == "rgb(0, 0, 0)" and black[2:] == [1920, 1080]
    _key(browser, Keys.ESCAPE)
    assert browser.execute_script("return document.getElementById('black').hidden")
    _key(browser, "b")
    _key(browser, "b")
    assert browser.execute_script("return document.getElementById('black').hidden")
    assert _slide(browser) == len(slides) - 1
    _key(browser, "f")
    _wait(browser, "return document.fullscreenElement === document.documentElement", 5)
    _key(browser, "f")
    _wait(browser, "return !document.fullscreenElement", 5)
    for _ in range(4):  # focus stays in the deck
        _key(browser, Keys.TAB)
        assert browser.execute_script("return document.getElementById('deck').contains(document.activeElement)")
    assert not _errors(browser)
    _no_request_leaves(browser)


def test_speaker_view_follows_the_deck(browser, deck):
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    slides = data["slides"]
    f = next(i for i, s in enumerate(slides) if s["kind"] == "scene")  # the scene's first pause
    pauses = sum(s["frame"] == slides[f]["frame"] for s in slides)  # the scene's pauses, all in a row
    _open(browser, deck / "index.html", (1280, 720))
    main = browser.current_window_handle
    _key(browser, "s")
    _wait(browser, "return true")
    speaker = _speaker_window(browser, main)
    try:
        browser.switch_to.window(speaker)
        assert browser.execute_script("return location.hash") == "#speaker"
        _wait(browser, "return document.documentElement.classList.contains('js')")

        def shows(k):
            _wait(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 10, str(k))
            notes = browser.find_element("id", "sp-notes").text
            nxt = browser.find_element("id", "sp-next-title").text
            for paragraph in slides[k]["notes"]:
                assert paragraph in notes, (k, paragraph, notes)
            assert nxt == (slides[k + 1]["title"] if k + 1 < len(slides) else "End of the deck")
            assert browser.find_element("id", "sp-title").text == slides[k]["title"]
            now = browser.find_element("id", "sp-now-thumb")  # the current slide: its still, or its title
            if slides[k]["thumb"]:
                assert now.is_displayed() and now.get_attribute("src").endswith(slides[k]["thumb"]), k
            else:
                assert not now.is_displayed() and browser.find_element("id", "sp-now-card").text == slides[k]["title"]
            later = 0  # the parts of this scene (its further pauses) the deck still has to show
            while k + later + 1 < len(slides) and slides[k + later + 1]["frame"] == slides[k]["frame"]:
                later += 1
            left = browser.find_element("id", "sp-left").text
            assert left == (f"Left in this item before the next one: {later}" if later
                            else "The next press moves on to the next item"), (k, left)
            card = browser.find_element("id", "sp-next-card")  # a next title card: its title as a card
            still = browser.find_element("id", "sp-next-live")  # a next widget: its still as the page opens it
            if k + 1 < len(slides) and slides[k + 1]["kind"] == "widget":
                assert still.is_displayed() and not card.is_displayed(), k
            elif k + 1 < len(slides) and not slides[k + 1]["thumb"]:
                assert card.is_displayed() and card.text == slides[k + 1]["title"], k
            else:
                assert not card.is_displayed() and not still.is_displayed(), k

        def clip(k):
            """The clip's progress on slide k, held on its pause: pause k of n, the scene's time at the hold."""
            s = slides[k]
            media = data["media"][s["scene"]]
            at = media["sections"][s["section"]]["hold_s"]
            want = f"{k - f + 1} {pauses} {at:.3f} held"
            try:
                _wait(browser, "return document.body.getAttribute('data-clip') === arguments[0]", 10, want)
            except AssertionError:
                raise AssertionError((want, browser.execute_script("return document.body.getAttribute('data-clip')")))
            assert browser.find_element("id", "sp-pause").text == f"Held on pause {k - f + 1} of {pauses}"
            total = int(media["duration_s"] + 1e-6)
            assert browser.find_element("id", "sp-clip-time").text.endswith(f" / {total // 60}:{total % 60:02d}")
            marks = browser.find_elements("css selector", "#sp-bar i")
            assert len(marks) == pauses and sum("reached" in m.get_attribute("class") for m in marks) == k - f + 1

        shows(0)
        assert not browser.find_element("id", "sp-clip").is_displayed()  # no clip on the title slide
        browser.switch_to.window(main)
        for k in range(1, f + 2):
            _next(browser)
            _held_at(browser, k)
        browser.switch_to.window(speaker)
        shows(f + 1)
        assert slides[f + 1]["kind"] == "scene" and slides[f + 1]["notes"]  # the section's cues, in English
        clip(f + 1)
        browser.execute_script("window.clips = []; new MutationObserver(function () {"  # what the bar showed
                               " window.clips.push(document.body.getAttribute('data-clip')); })"
                               ".observe(document.body, {attributes: true, attributeFilter: ['data-clip']})")
        _key(browser, Keys.PAGE_DOWN)  # the clicker on the speaker's window moves the deck
        # headless Chromium runs the two windows as tabs: the deck's, hidden behind the speaker's, stops
        # its video (a projector's window is on show); in front, it plays on to the pause
        browser.switch_to.window(main)
        _held_at(browser, f + 2)
        browser.switch_to.window(speaker)
        shows(f + 2)
        clip(f + 2)
        playing = [c.split() for c in browser.execute_script("return window.clips") if c and c.endswith("playing")]
        start = data["media"][slides[f + 2]["scene"]]["sections"][slides[f + 1]["section"]]["hold_s"]
        stop = data["media"][slides[f + 2]["scene"]]["sections"][slides[f + 2]["section"]]["hold_s"]
        assert playing and all(c[:2] == ["3", str(pauses)] for c in playing), playing
        assert all(start - 1e-3 <= float(c[2]) <= stop + 1e-3 for c in playing), (start, stop, playing)
        assert browser.find_element("id", "sp-next-thumb").get_attribute("src").endswith(slides[f + 3]["thumb"])
        assert not browser.find_element("id", "sp-black").is_displayed()
        _key(browser, "b")  # from the speaker's window: the deck goes black, and the speaker sees it
        _wait(browser, "return !document.getElementById('sp-black').hidden", 10)
        browser.switch_to.window(main)
        assert browser.execute_script("return !document.getElementById('black').hidden")
        browser.switch_to.window(speaker)
        _key(browser, "b")
        _wait(browser, "return document.getElementById('sp-black').hidden", 10)
        sync = browser.execute_script("return window.deckSync")
        timer = browser.find_element("id", "sp-timer").text
        assert ":" in timer
        assert not _errors(browser)
        _no_request_leaves(browser)
        browser.switch_to.window(main)
        _held_at(browser, f + 2)
        # both ways between two file:// windows work in Chromium: each message arrives twice
        assert sync["broadcast"] > 0 and sync["storage"] > 0, sync
    finally:
        browser.switch_to.window(speaker)
        browser.close()
        browser.switch_to.window(main)
    assert not _errors(browser)


def test_reduced_motion_jumps_to_the_hold(browser, deck):
    """The module's browser with the reduced-motion preference emulated before the deck loads (as
    Chromium's --force-prefers-reduced-motion sets it); it may play videos without a click, so a
    video the deck started would play."""
    driver = browser
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        data = deck_json(deck)
        media, f = data["media"][SCENE], next(i for i, s in enumerate(data["slides"]) if s["kind"] == "scene")
        _open(driver, deck / "index.html", (1280, 720))
        assert driver.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
        driver.execute_script("window.played = 0; document.querySelectorAll('video').forEach(function (v) {"
                              " v.addEventListener('play', function () { window.played += 1; }); })")
        for _ in range(f + 1):  # onto the scene's second pause, through its first
            _next(driver)
        _held_at(driver, f + 1)
        assert driver.execute_script("return window.played") == 0
        t = driver.execute_script("return document.querySelector('video').currentTime")
        assert abs(t - media["sections"][data["slides"][f + 1]["section"]]["hold_s"]) < 0.5 / media["fps"]
        for _ in range(len(data["slides"])):  # through the whole deck, and back to a scene from its address:
            _next(driver)                     # nothing ever plays by itself
        driver.execute_script("location.hash = '#' + arguments[0]", f + 1)
        _wait(driver, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 10, str(f))
        assert driver.execute_script("return window.played") == 0
        assert driver.execute_script("return Array.prototype.every.call(document.querySelectorAll('video'),"
                                     " function (v) { return v.paused && !v.autoplay; })")
        assert not _errors(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})



def test_widget_slides_keep_their_keys_and_look_up_the_engine(browser, deck):
    """On a widget slide the arrows move the focused slider (the page.js lookup writes the engine's
    value), PageDown shows the predict box's question, then its answer, then changes the slide, and Tab
    stays inside the slide."""
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    k = next(i for i, s in enumerate(data["slides"]) if s["frame"] == "w-slide-gain")
    import json
    import re

    html = (deck / "index.html").read_text(encoding="utf-8")
    gain = json.loads(re.search(r'id="page-data">(.*?)</script>', html, re.S).group(1))["widgets"]["gain"]
    _open(browser, deck / "index.html", (1280, 720))
    _key(browser, "o")
    browser.find_element("css selector", f'#overview [data-goto="{k}"]').click()
    _held_at(browser, k)
    slider = browser.find_element("id", "w-gain-s")
    slider.click()
    start = slider.get_attribute("value")
    _key(browser, Keys.ARROW_UP)  # ↑ moves the entered slider; → would change the slide
    value = slider.get_attribute("value")
    assert int(value) == int(start) + 1 and _slide(browser) == k
    shown = browser.execute_script(  # masked until the answer is opened: what the lookup wrote
        "return document.querySelector('#w-gain [data-field=\"last_plain\"]').textContent")
    assert shown == gain["states"][value]["last_plain"]
    for _ in range(6):
        _key(browser, Keys.TAB)
        assert browser.execute_script("return document.getElementById('w-slide-gain').contains(document.activeElement)")
    assert _steps_left(browser) == 2  # gain asks a prediction: question, then answer, then the next slide
    for _ in range(2):
        _key(browser, Keys.PAGE_DOWN)
        assert _slide(browser) == k
    assert browser.execute_script("return document.querySelector('#w-slide-gain details.predict').open")
    _key(browser, Keys.PAGE_DOWN)
    _held_at(browser, k + 1)
    assert not _errors(browser)


def test_clicker_keys_always_change_widget_slides(browser, deck):
    """A clicker's keys on a widget slide: with a slider focused (by Tab or by script), PageDown moves the
    deck (its predict box first), never the slider, while ←/→ move the focused slider, as a slider's arrows
    do; a click inside (or E) enters the widget (a visible mark says so): ↑/↓ and ←/→ move the slider, Space
    and PageDown still change the slide, Esc leaves the widget and the focus, and → changes the slide again."""
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    k = next(i for i, s in enumerate(data["slides"]) if s["frame"] == "w-slide-gain")
    mark = "return !document.getElementById('entered').hidden"
    value = "return document.getElementById('w-gain-s').value"
    _open(browser, deck / "index.html", (1280, 720))
    browser.execute_script("location.hash = '#' + arguments[0]", k + 1)
    _held_at(browser, k)
    browser.execute_script("document.getElementById('w-gain-s').focus()")
    start, steps = browser.execute_script(value), _steps_left(browser)
    count = "return document.getElementById('count').textContent"
    assert steps == 2 and not browser.execute_script(mark)
    assert browser.execute_script(count) == f"Slide {k + 1} of {len(data['slides'])} · next: the question"
    _key(browser, Keys.ARROW_RIGHT)  # the focused slider's own key: the slider moves, the slide stays
    assert int(browser.execute_script(value)) == int(start) + 1 and _steps_left(browser) == 2 and _slide(browser) == k
    _key(browser, Keys.ARROW_LEFT)  # and back, still on the slide
    assert browser.execute_script(value) == start and _slide(browser) == k
    _key(browser, Keys.PAGE_DOWN)  # the clicker's key: the predict box's question, not the slider
    assert browser.execute_script(value) == start and _steps_left(browser) == 1 and _slide(browser) == k
    assert browser.execute_script(count).endswith(" · next: the answer")  # the room sees why it did not move
    _key(browser, Keys.PAGE_DOWN)  # its answer
    assert browser.execute_script(value) == start and _steps_left(browser) == 0
    assert browser.execute_script(count) == f"Slide {k + 1} of {len(data['slides'])}"
    slider = browser.find_element("id", "w-gain-s")
    slider.click()  # entered
    assert browser.execute_script(mark) and browser.find_element("id", "entered").is_displayed()
    start = browser.execute_script(value)
    _key(browser, Keys.ARROW_UP)
    assert int(browser.execute_script(value)) == int(start) + 1 and _slide(browser) == k
    start = browser.execute_script(value)
    _key(browser, Keys.ARROW_RIGHT)  # inside the entered widget, the slider focused: → works the slider
    assert int(browser.execute_script(value)) == int(start) + 1 and _slide(browser) == k
    _key(browser, Keys.ARROW_LEFT)  # and ← back
    assert browser.execute_script(value) == start and _slide(browser) == k
    assert browser.execute_script(mark)
    _key(browser, Keys.ESCAPE)  # leaves the widget: → is the deck's again
    assert not browser.execute_script(mark)
    _key(browser, Keys.ARROW_RIGHT)
    _held_at(browser, k + 1)
    assert browser.execute_script(value) == start
    _key(browser, Keys.ARROW_LEFT)  # back: its predict box all shown
    _held_at(browser, k)
    for _ in range(20):  # Tab onto the slider: focus alone does not enter
        if browser.execute_script("return document.activeElement.id") == "w-gain-s":
            break
        _key(browser, Keys.TAB)
    assert browser.execute_script("return document.activeElement.id") == "w-gain-s"
    start = browser.execute_script(value)
    _key(browser, Keys.ARROW_RIGHT)  # focused by Tab: → is the slider's
    assert int(browser.execute_script(value)) == int(start) + 1 and _slide(browser) == k
    _key(browser, Keys.ARROW_LEFT)
    assert browser.execute_script(value) == start and _slide(browser) == k
    _key(browser, Keys.PAGE_DOWN)  # the clicker's key still moves on
    _held_at(browser, k + 1)
    assert browser.execute_script(value) == start
    _key(browser, Keys.PAGE_UP)
    _held_at(browser, k)
    browser.execute_script("document.getElementById('w-gain-s').focus()")
    _key(browser, Keys.ARROW_DOWN)  # ↓ on the focused slider: the slider, without entering
    assert int(browser.execute_script(value)) == int(start) - 1 and _slide(browser) == k
    _key(browser, "e")  # E enters, as a click does
    assert browser.execute_script(mark)
    browser.execute_script("document.getElementById('w-gain-s').focus()")
    _key(browser, Keys.SPACE)  # Space, as → : the next slide even inside
    _held_at(browser, k + 1)
    _key(browser, Keys.ARROW_LEFT)
    _held_at(browser, k)
    _key(browser, "e")
    browser.execute_script("document.getElementById('w-gain-s').focus()")
    _key(browser, Keys.PAGE_DOWN)  # the clicker's key, inside the entered widget: the next slide
    _held_at(browser, k + 1)
    assert not browser.execute_script(mark)
    assert not _errors(browser)


def test_speaker_view_shows_the_widget_as_the_room_sees_it(browser, deck):
    """On a widget slide the speaker's "Now" is a live copy of the widget: its title, its slider at the
    value the deck's window shows, and the predict box as far as it is opened."""
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    k = next(i for i, s in enumerate(data["slides"]) if s["frame"] == "w-slide-gain")
    _open(browser, deck / "index.html", (1280, 720))
    main = browser.current_window_handle
    browser.execute_script("location.hash = '#' + arguments[0]", k + 1)
    _held_at(browser, k)
    _key(browser, "s")
    speaker = _speaker_window(browser, main)
    try:
        browser.switch_to.window(main)
        browser.find_element("id", "w-gain-s").click()
        _key(browser, Keys.ARROW_UP)
        value = browser.execute_script("return document.getElementById('w-gain-s').value")
        browser.switch_to.window(speaker)
        _wait(browser, "var f = document.querySelector('#sp-now-live iframe'), d = f && f.contentDocument;"
                       " var s = d && d.querySelector('input[type=range]');"
                       " return s && s.getAttribute('value') === arguments[0]", 10, value)
        assert browser.find_element("id", "sp-now-live").is_displayed()
        title = browser.execute_script("return document.querySelector('#sp-now-live iframe').contentDocument"
                                       ".querySelector('h3').textContent")
        assert title.strip() and title.strip() in data["slides"][k]["title"]
        assert browser.find_element("id", "sp-left").text.endswith(": 2")
        browser.switch_to.window(main)
        _key(browser, Keys.PAGE_DOWN)
        _key(browser, Keys.PAGE_DOWN)  # question, then answer: nothing left in this item
        browser.switch_to.window(speaker)
        _wait(browser, "return document.body.getAttribute('data-parts-left') === '0'"
                       " && document.querySelector('#sp-now-live iframe').contentDocument"
                       ".querySelector('details.predict').open", 10)
        assert not _errors(browser)
    finally:
        browser.switch_to.window(speaker)
        browser.close()
        browser.switch_to.window(main)


def test_a_value_explored_on_a_slide_is_kept_on_and_back(browser, deck):
    """E, a slider moved by hand, Esc, then the next step: the slider keeps the explored value, and the address
    names it; on to the next slide and back, still kept, and the speaker view's "Now" shows that value."""
    from selenium.webdriver.common.keys import Keys

    data = deck_json(deck)
    k = next(i for i, s in enumerate(data["slides"]) if s["frame"] == "w-slide-gain")
    _open(browser, deck / "index.html", (1280, 720))
    browser.execute_script("sessionStorage.clear(); location.hash = '#' + arguments[0]", k + 1)
    _held_at(browser, k)
    main = browser.current_window_handle
    _key(browser, "e")
    _key(browser, Keys.END)
    top = browser.execute_script("return document.getElementById('w-gain-s').max")
    assert browser.execute_script("return document.getElementById('w-gain-s').value") == top
    _key(browser, Keys.ESCAPE)
    _key(browser, Keys.ARROW_RIGHT)  # the question's next step, not a new slide
    assert browser.execute_script("return document.getElementById('w-gain-s').value") == top
    assert f"s={top}" in browser.execute_script("return location.hash")
    while browser.execute_script("return document.getElementById('deck').getAttribute('data-slide')") == str(k):
        _key(browser, Keys.ARROW_RIGHT)
    _key(browser, Keys.ARROW_LEFT)
    _held_at(browser, k)
    assert browser.execute_script("return document.getElementById('w-gain-s').value") == top
    _key(browser, "s")
    speaker = _speaker_window(browser, main)
    try:
        browser.switch_to.window(speaker)
        _wait(browser, "var f = document.querySelector('#sp-now-live iframe'), d = f && f.contentDocument;"
                       " var s = d && d.querySelector('input[type=range]');"
                       " return s && s.getAttribute('value') === arguments[0]", 10, top)
    finally:
        browser.switch_to.window(speaker)
        browser.close()
        browser.switch_to.window(main)
    assert not _errors(browser)
