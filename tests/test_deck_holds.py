"""The pause points of every scene, measured on its tiny render (studio.publish.pages.holds): each
hold shows its section's picture complete and still, never a frame in a fade or a cross-fade; two
pauses on the same picture are one slide of the deck."""
from __future__ import annotations

import json

import numpy as np
import pytest

from look import PALETTES
from studio import catalogue
from studio.publish.deck.slides import scene_slides
from studio.publish.pages.holds import (COMPLETE, LAG_S, SAME, STILL, changed, decode, same_pictures,
                                        section_holds, stillness)

from tests.conftest import scene_look

SCENES = [e.name for e in catalogue.ENTRIES if e.kind == "scene"]
BG = PALETTES["light"].background


@pytest.mark.parametrize("name", SCENES)
def test_no_hold_is_mid_fade(shared_renders, name):
    folder = shared_renders.folder(name, *scene_look(name))
    doc = json.loads((folder / f"{name}.numbers.json").read_text(encoding="utf-8"))
    fps, duration = doc["render"]["fps"], doc["render"]["duration_s"]
    starts = [s["start_s"] for s in doc["sections"]]
    shares, smalls = decode(folder / f"{name}.mp4", BG)
    moving = stillness(smalls, fps, BG)  # per frame: the larger change towards the frames LAG_S either side
    holds = section_holds(shares, starts, duration, fps, moving)
    lag = max(1, round(LAG_S * fps))
    for k, hold in enumerate(holds):
        end = starts[k + 1] if k + 1 < len(starts) else duration
        assert starts[k] < hold < end, (k, hold)
        at = min(range(len(shares)), key=lambda i: abs(shares[i][0] - hold))
        # the frames a quarter second either side show the same picture: no fade runs through the hold
        for other in (at - lag, at + lag):
            if 0 <= other < len(smalls):
                assert changed(smalls[at], smalls[other], BG) <= STILL, (name, k, hold, other)
        # and it is the section's picture complete: at least COMPLETE of the fullest settled frame
        settled = [s for i, (t, s) in enumerate(shares) if starts[k] <= t < end and moving[i] <= STILL]
        assert shares[at][1] >= COMPLETE * max(settled) > 0, (name, k, shares[at][1], max(settled))
    same = same_pictures(shares, smalls, holds, BG)
    for k in range(1, len(holds)):  # a pause flagged as the previous one's picture is that picture
        times = [t for t, _ in shares]
        a = min(range(len(times)), key=lambda i: abs(times[i] - holds[k - 1]))
        b = min(range(len(times)), key=lambda i: abs(times[i] - holds[k]))
        assert same[k] == (changed(smalls[a], smalls[b], BG) <= SAME)


def test_sections_on_the_same_picture_are_one_slide():
    entry = catalogue.get("signal_decay")
    sections = [{"name": n, "start_s": s, "hold_s": h, "label": n, "same": same}
                for n, s, h, same in (("intro", 0.0, 4.0, False), ("slope", 5.0, 9.0, True), ("sweep", 10.0, 14.0, False))]
    slides = scene_slides(entry, {"sections": sections}, [["one"], ["two"], ["three"]], ["0", "1", "2"], "en")
    assert [s["section"] for s in slides] == [1, 2]
    assert [s["notes"] for s in slides] == [["one", "two"], ["three"]]
    assert [(s["prev"], s["from_s"]) for s in slides] == [(-1, 0.0), (1, 9.0)]
    # titled by the section each pause holds on (studio.publish.deck.sections), never by a caption
    assert [s["title"] for s in slides] == ["Each s tilts the line (1/2)", "Sweeping s (2/2)"]


def test_content_share_is_the_share_of_pixels_off_the_background():
    """The lookup content_share uses gives exactly |rgb − background| > INK in any channel, averaged over
    the content rows (random frames and backgrounds, the two themes' backgrounds among them)."""
    from studio.publish.pages.holds import INK, content_share

    rng = np.random.default_rng(7)
    backgrounds = [tuple(int(BG.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)), (14, 13, 11)]
    backgrounds += [tuple(int(c) for c in rng.integers(0, 256, 3)) for _ in range(10)]
    for bg in backgrounds:
        rgb = rng.integers(0, 256, (90, 160, 3), dtype=np.uint8)  # (H, W, 3)
        rgb[::3] = bg  # a third of the rows exactly the background
        area = rgb[9:72].astype(np.int16)  # the content rows, 0.10·90 to 0.80·90
        expected = float((np.abs(area - np.array(bg, dtype=np.int16)).max(axis=2) > INK).mean())
        assert content_share(rgb, bg) == expected
