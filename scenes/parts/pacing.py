"""Caption pacing from a reading speed: a caption stays up at least as long as it takes to read.

English subtitles read comfortably at about 15 characters a second; Chinese carries more per
character, so its rate is counted separately. A section waits out whatever remains of its
caption's reading time after its animations (so an animation-heavy section is not padded twice).
"""
from __future__ import annotations

READING_CPS = {"en": 15.0, "zh-Hant": 7.0, "zh-Hans": 7.0}  # characters per second
MIN_HOLD = 2.5  # seconds: no caption shorter than this


def reading_time(text: str, lang: str) -> float:
    """Seconds a viewer needs to read `text` (spaces count, as in subtitle norms; line breaks not)."""
    chars = sum(1 for ch in text if ch != "\n")
    return max(MIN_HOLD, chars / READING_CPS[lang])


def remaining(text: str, lang: str, shown_since: float, now: float) -> float:
    """Seconds still to wait for a caption shown at `shown_since` to have been readable."""
    return max(0.0, reading_time(text, lang) - (now - shown_since))


def settle(scene, extra: float = 0.0) -> None:
    """Wait until the scene's current caption has been up for its reading time (then `extra`)."""
    log = scene.captions_log[-1]
    scene.wait(remaining(log["text"], scene.look.lang, log["start_s"], scene.now) + extra)
