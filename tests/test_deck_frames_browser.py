"""The depth deck's pause and answer frames leave each widget in the state their words describe (deck.frames,
deck-drive.js): entered with → and with ← (all frames shown), the speaker view opened alone steps the same
frames as the deck's window, and a reload comes back to the slide and frame it was on."""
from __future__ import annotations

import pytest

from studio.publish.deck.builder import deck_json
from studio.publish.deck.frames import answer_frames
from studio.publish.pages.widgets import predictions, topic_widgets
from tests.browser import chrome_fixture, console_errors, deck_fixture, open_deck, press, wait_for

pytestmark = [pytest.mark.browser]

browser = chrome_fixture("1280,720")
deck = deck_fixture("depth")

STATE = """var f = document.getElementById(arguments[0]), w = f.querySelector('[data-widget]'), out = {};
  w.querySelectorAll('input[data-control]:not([type=radio]):not([type=hidden])').forEach(function (e) {
    out[e.getAttribute('data-control')] = e.type === 'checkbox' ? e.checked : Number(e.value); });
  w.querySelectorAll('input[type=radio][data-pick]:checked').forEach(function (e) { out[e.getAttribute('data-pick')] = Number(e.value); });
  var st = w.querySelector('.stepper[data-control=step]'); if (st) out.step = Number(st.getAttribute('data-value'));
  var d = w.querySelector('details.predict');
  return {controls: out, open: d.open, fragment: Number(f.getAttribute('data-fragment')), key: w.getAttribute('data-key')};"""

WAIT = "var s = (function () {" + STATE + "}).apply(null, arguments); return s.fragment === arguments[1] ? s : null"




def _slide(slides, wid):
    return next(i for i, s in enumerate(slides) if s.get("widget") == wid and s.get("frames"))


def test_frames_come_from_the_engine_numbers():
    """The drift answer's frame puts the slider where the widget's state shows the answer's shift and count;
    the block's, at the step whose rows hold the answer's weights; the shortcut walks layer 5 → 1, then on."""
    w, a = topic_widgets("depth"), predictions()
    drift = answer_frames("drift", w["drift"], a)[0]["set"]["shift"]
    st = w["drift"]["states"][str(drift)]
    assert st["shift"] == a["drift"]["shift"] == "−1.5" and st["relu_dead"] == f"{a['drift']['relu']} / 24" == "18 / 24"
    k = next(f["set"]["step"] for f in answer_frames("block", w["block"], a) if f["answer"])
    # the depth deck walks the block with GPT-2's causal mask on (its opening): that step shows the masked weights,
    # then the last frame unticks the mask at the same step: the unmasked, uniform ones the answer names first
    assert w["block"]["masked"] and answer_frames("block", w["block"], a)[-1] == {"set": {"mask": False, "step": k}, "answer": True}
    row, masked = w["block"]["states"][f"1|{k}"], w["block"]["states"][f"1|mask|{k}"]
    assert k == 4 and row["r0"] == masked["r0"] == "A⁽¹⁾[0] (a)"
    assert row["v0"] == a["block"]["weights"].replace(" / ", "  ") == "0.5000  0.5000"
    assert masked["v0"] == a["block"]["masked"].replace(" / ", "  ") == "1.0000  0.0000"
    sc = answer_frames("shortcut", w["shortcut"], a)
    assert [f["set"]["step"] for f in sc] == [1, 2, 3, 4, 5, 5] and [f["set"]["sc"] for f in sc] == [False] * 5 + [True]
    assert [f["answer"] for f in sc] == [False] * 4 + [True, True]
    assert w["shortcut"]["states"]["0|5"]["ratio"] == a["shortcut"]["ratio"] + "×"


def test_every_stepper_slide_walks_every_step(deck):
    """One rule for every stepper slide, with a question or without: → shows steps 1 … the last, one press each, the
    answer (where there is one) open from the step it cites on and never before."""
    from studio.publish.deck.frames import stepper

    w, slides = topic_widgets("depth"), deck_json(deck)["slides"]
    walked = {s["widget"]: s["frames"] for s in slides if s["kind"] == "widget" and stepper(w[s["widget"]])}
    assert {"word", "layernorm", "ffn", "forward", "backward", "shortcut", "block", "decode"} <= set(walked)
    for wid, frames in walked.items():
        # the shortcut's last frame ticks its switch, the block's unticks its mask: at a step already walked
        steps = [f["set"]["step"] for f in frames if not f["set"].get("sc") and f["set"].get("mask") is not False]
        assert steps == list(range(1, w[wid]["max"] + 1)), (wid, steps)
        opened = [f["answer"] for f in frames]
        assert opened == sorted(opened), (wid, opened)  # once open, open
        assert any(opened) == (wid not in ("word", "layernorm")), wid


def test_a_stepper_without_a_question_walks_and_names_each_step(browser, deck):
    """The LayerNorm stepper (no predict box): each → one step, the footer naming the next one, then the next slide."""
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = _slide(slides, "layernorm")
    n = len(slides[k]["frames"])
    open_deck(browser, deck, k)
    step = "return Number(document.querySelector('#w-layernorm .stepper').getAttribute('data-value'))"
    count = "return document.getElementById('count').textContent"
    for j in range(n):
        assert browser.execute_script(step) == j
        assert browser.execute_script(count).endswith(f"next: step {j + 2} of {n + 1}"), browser.execute_script(count)
        press(browser, Keys.ARROW_RIGHT)
        wait_for(browser, "return Number(document.querySelector('#w-layernorm .stepper').getAttribute('data-value'))"
                 " === arguments[0]", 30, j + 1)
    assert browser.execute_script(count) == f"Slide {k + 1} of {len(slides)}"
    press(browser, Keys.ARROW_RIGHT)
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 30, str(k + 1))
    assert not console_errors(browser)


@pytest.mark.parametrize("wid", ["drift", "ffn", "forward", "backward", "shortcut", "block", "decode", "lndim"])
def test_each_frame_drives_its_widget_forward_and_back(browser, deck, wid):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = _slide(slides, wid)
    frames, fid = slides[k]["frames"], slides[k]["frame"]
    open_deck(browser, deck, k)
    opening = browser.execute_script(STATE, fid)
    assert opening["fragment"] == 0 and not opening["open"]
    press(browser, Keys.ARROW_RIGHT)  # the question, at the opening values
    got = wait_for(browser, WAIT, 30, fid, 1)
    assert got["fragment"] == 1 and got["controls"] == opening["controls"] and not got["open"]
    for n, fr in enumerate(frames, start=2):
        press(browser, Keys.ARROW_RIGHT)
        got = wait_for(browser, WAIT, 30, fid, n)
        want = dict(opening["controls"], **fr["set"])
        assert got["controls"] == want, (n, got, want)
        assert got["open"] == any(f["answer"] for f in frames[:n - 1])
    if wid == "drift":  # the readouts the answer names: 18 of 24 ReLU neurons at exactly 0 at −1.5
        assert browser.execute_script(
            "return document.querySelector('#w-drift [data-field=relu_dead]').textContent") == "18 / 24"
        assert browser.execute_script("return document.querySelector('#w-drift [data-field=shift]').textContent") == "−1.5"
    if wid == "block":  # the last frame: the mask unticked at the answer's step, A⁽¹⁾[0] the uniform weights
        assert browser.execute_script("return document.querySelector('#' + arguments[0] + ' [data-field=v0]').textContent",
                                      fid).split() == ["0.5000", "0.5000"]
    press(browser, Keys.ARROW_RIGHT)  # on to the next slide, and back: the last frame again
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 30, str(k + 1))
    press(browser, Keys.ARROW_LEFT)
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 30, str(k))
    got = browser.execute_script(STATE, fid)
    assert got["fragment"] == 1 + len(frames) and got["open"]
    assert got["controls"] == dict(opening["controls"], **frames[-1]["set"])
    assert not console_errors(browser)


def test_speaker_view_alone_steps_the_same_frames(browser, deck):
    """#speaker with no deck's window: → on a widget slide shows its question, then each frame, then moves on,
    as the deck's window does; ← goes back a slide with its frames all shown."""
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = _slide(slides, "shortcut")
    n = 1 + len(slides[k]["frames"])
    browser.get((deck / "index.html").resolve().as_uri() + "#speaker")
    browser.refresh()
    wait_for(browser, "return document.body.getAttribute('data-slide') === '0'", 30)
    seen = []
    for _ in range(200):
        seen.append((int(browser.execute_script("return document.body.getAttribute('data-slide')")),
                     int(browser.execute_script("return document.body.getAttribute('data-frame')"))))
        if seen[-1][0] > k:
            break
        press(browser, Keys.ARROW_RIGHT)
    assert [f for s, f in seen if s == k] == list(range(n + 1))  # 0 (entered), the question, 6 frames
    for i, s in enumerate(slides[:k]):
        assert len([f for t, f in seen if t == i]) == 1 + 2 * (i > 0 and "question" in s and not s.get("frames")) \
            + (("question" in s) + len(s["frames"]) if s.get("frames") else 0), (i, seen)  # the training
        # replay asks its own questions: its frames alone
    press(browser, Keys.ARROW_LEFT)
    wait_for(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 30, str(k))
    assert browser.execute_script("return document.body.getAttribute('data-frame')") == str(n)
    assert not console_errors(browser)


def test_reload_comes_back_to_the_slide_and_frame(browser, deck):
    from selenium.webdriver.common.keys import Keys

    slides = deck_json(deck)["slides"]
    k = _slide(slides, "shortcut")
    fid = slides[k]["frame"]
    open_deck(browser, deck, k)
    for _ in range(4):
        press(browser, Keys.ARROW_RIGHT)
    before = wait_for(browser, WAIT, 30, fid, 4)
    assert before["fragment"] == 4 and before["controls"]["step"] == 3
    browser.refresh()
    wait_for(browser, "return document.getElementById('deck').getAttribute('data-slide') === arguments[0]", 30, str(k))
    after = browser.execute_script(STATE, fid)
    assert after["fragment"] == 4 and after["controls"] == before["controls"]
    press(browser, Keys.ARROW_RIGHT)  # and goes on from there
    assert wait_for(browser, WAIT, 30, fid, 5)["controls"]["step"] == 4
    assert not console_errors(browser)


def test_speaker_now_is_the_slide_as_the_room_sees_it(browser, deck):
    """The speaker's "Now" on a widget slide is the slide itself (its layout and scale, the page's prose and
    link left to the notes, the frame's controls), not the widget as the page shows it."""
    from selenium.webdriver.common.keys import Keys

    from tests.browser import open_speaker

    slides = deck_json(deck)["slides"]
    k = _slide(slides, "drift")
    open_deck(browser, deck, k)
    main, speaker = open_speaker(browser, deck, k)
    try:
        browser.switch_to.window(speaker)
        wait_for(browser, "return document.body.getAttribute('data-slide') === arguments[0]", 30, str(k))
        press(browser, Keys.ARROW_RIGHT)
        press(browser, Keys.ARROW_RIGHT)  # the question, then the answer at −1.5, from the speaker's keys
        browser.switch_to.window(main)
        wait_for(browser, WAIT, 30, "w-slide-drift", 2)
        scale = browser.execute_script("return document.getElementById('w-slide-drift').getAttribute('data-scale')")
        browser.switch_to.window(speaker)
        got = wait_for(browser, """var f = document.querySelector('#sp-now-live iframe'), d = f && f.contentDocument;
            var s = d && d.querySelector('.widget-slide'); if (!s || s.getAttribute('data-fragment') !== '2') return null;
            var prose = s.querySelector('.widget > .share-row + p');
            return {scale: s.getAttribute('data-scale'), shift: d.querySelector('[data-field=shift]').textContent,
                    relu: d.querySelector('[data-field=relu_dead]').textContent, open: d.querySelector('details.predict').open,
                    prose: prose ? getComputedStyle(prose).display : 'none',
                    ratio: f.getBoundingClientRect().width / f.getBoundingClientRect().height}""", 30)
        assert got["scale"] == scale and got["shift"] == "−1.5" and got["relu"] == "18 / 24" and got["open"]
        assert got["prose"] == "none" and abs(got["ratio"] - 16 / 9) < 0.02
        assert not console_errors(browser)
    finally:
        browser.switch_to.window(speaker)
        browser.close()
        browser.switch_to.window(main)
