"""Where the presenter holds each section of a scene: the last frame of the section that shows its
picture complete and still, not the section's very last frame, which is often the middle of a fade or
a cross-fade to the next step (a fade-out then leaves the lecturer talking over an empty panel).

The picture is measured on the rendered video itself (design.md §5, "Pause points are authored: a
result, not a fade"): the share of pixels in the content area (below the title, above the caption
band: scenes.parts.lecture keeps content above CONTENT_BOTTOM) that differ from the theme's
background, and how much of the drawn area changes over a quarter of a second. A frame is still when
its drawn area changes by at most STILL towards the frames a quarter second before and after it; the
section's picture is its fullest still frame; the hold is the last still frame holding at least
COMPLETE of that picture. The opening frames of a section, where the previous step is still fading
out, are not still and so never count as its picture. A section never still (a slow animation runs to
its end) falls back to stepping back over its closing fade, as before: frames emptied below EMPTIED of
its fullest, and frames holding less than the one before them. Both rules look at the section's own
frames (own_frames): those before its first change still show the previous picture, so a section that
clears the screen for a summary holds on the summary.

Two consecutive holds showing the same picture (their drawn areas differ by at most SAME) are flagged
(`same_pictures`), so the deck shows them as one pause.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

EMPTIED = 0.5  # a closing frame under this share of the section's fullest has been cleared
FADING = 0.002  # a frame holding this much less than the one before it is fading out
COMPLETE = 0.9  # a hold shows at least this share of its section's fullest still picture
STILL = 0.03  # a still frame: at most this fraction of the drawn area changes within LAG_S either side
SAME = 0.01  # two holds whose drawn areas differ by at most this fraction show the same picture
LAG_S = 0.25  # the span, in seconds, over which stillness is judged
TOP, BOTTOM = 0.10, 0.80  # the content rows, as fractions of the frame height (below the title, above captions)
INK = 24  # a channel this far from the background's counts as drawn
SMALL = 160  # frames are compared at about this width


def content_share(rgb: np.ndarray, background: tuple[int, int, int]) -> float:
    """Share of the content area's pixels that differ from the background. rgb: (H, W, 3) uint8."""
    h = rgb.shape[0]
    area = rgb[int(TOP * h):int(BOTTOM * h)]  # (h', W, 3) uint8
    far = _far_from(tuple(background))  # per channel, (256,) bool: this value is more than INK from the background's
    drawn = far[0][area[..., 0]] | far[1][area[..., 1]] | far[2][area[..., 2]]  # (h', W)
    return float(drawn.mean())


@lru_cache(maxsize=8)
def _far_from(background: tuple[int, int, int]) -> tuple[np.ndarray, ...]:
    """For each channel, which of the 256 values lie more than INK from the background's: a lookup that
    gives the same pixels as |rgb − background| > INK in any channel, without widening every frame."""
    values = np.arange(256)
    return tuple(np.abs(values - c) > INK for c in background)


def small_content(rgb: np.ndarray) -> np.ndarray:
    """The content area sampled down to about SMALL pixels wide, (h'', w'', 3) uint8."""
    h, w = rgb.shape[:2]
    step = max(1, w // SMALL)
    return np.ascontiguousarray(rgb[int(TOP * h):int(BOTTOM * h):step, ::step])


def changed(a: np.ndarray, b: np.ndarray, background: str) -> float:
    """The fraction of the area drawn in either small frame that differs between them (0 when neither
    draws); `background` is the theme's colour, "#rrggbb"."""
    bg = np.array(_rgb(background), dtype=np.int16)
    a, b = a.astype(np.int16), b.astype(np.int16)
    drawn = (np.abs(a - bg).max(axis=2) > INK) | (np.abs(b - bg).max(axis=2) > INK)
    differ = np.abs(a - b).max(axis=2) > INK // 2
    return float((differ & drawn).sum() / max(1, drawn.sum()))


def _rgb(background: str) -> tuple[int, int, int]:
    return tuple(int(background.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def decode(mp4: Path, background: str) -> tuple[list[tuple[float, float]], list[np.ndarray]]:
    """((time in seconds, content share) of every frame, the small content area of every frame)."""
    import av

    bg = _rgb(background)
    shares, smalls = [], []
    with av.open(str(mp4)) as container:
        for f in container.decode(video=0):
            rgb = f.to_ndarray(format="rgb24")
            shares.append((float(f.time), content_share(rgb, bg)))
            smalls.append(small_content(rgb))
    return shares, smalls


def frame_shares(mp4: Path, background: str) -> list[tuple[float, float]]:
    """(time in seconds, content share) of every frame of the video."""
    return decode(mp4, background)[0]


def stillness(smalls: list[np.ndarray], fps: float, background: str) -> list[float]:
    """For each frame, the larger change of its drawn area towards the frames LAG_S before and after it."""
    lag, n = max(1, round(LAG_S * fps)), len(smalls)
    step = [changed(smalls[i], smalls[i + lag], background) for i in range(n - lag)]  # frame i to frame i + lag
    return [max(step[i - lag] if i >= lag else 0.0, step[i] if i < n - lag else 0.0) for i in range(n)]


def section_holds(shares: list[tuple[float, float]], starts: list[float], duration_s: float,
                  fps: float, moving: list[float] | None = None) -> list[float]:
    """For each section (starting at `starts`), the middle of the frame the presenter holds on.
    `moving`: each frame's change (stillness()); without it, the closing-fade rule alone."""
    holds = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else duration_s
        idx = [i for i, (t, _) in enumerate(shares) if start - 1e-6 <= t < end - 1e-6]
        if not idx:
            holds.append(max(0.0, end - 0.5 / fps))
            continue
        own = own_frames(idx, shares, moving)
        still = [i for i in own if moving is not None and moving[i] <= STILL]
        if moving is not None and not still:  # the section's own frames never rest: its inherited ones may
            still = [i for i in idx if moving[i] <= STILL]
        if still:
            picture = max(shares[i][1] for i in still)
            j = max(i for i in still if shares[i][1] >= COMPLETE * picture)
        else:
            j = _before_closing_fade(own, shares)
            if j == own[0] and own[0] != idx[0]:  # its own frames are only a closing fade: the inherited picture
                j = _before_closing_fade(idx, shares)
        holds.append(round(min(shares[j][0] + 0.5 / fps, end - 0.5 / fps), 6))
    return holds


def own_frames(idx: list[int], shares: list[tuple[float, float]], moving: list[float] | None = None) -> list[int]:
    """A section's frames (indices `idx`) from its first change on: the frames before it still show the
    previous section's picture (a section that opens by clearing the screen for a summary is judged on the
    summary, not on what it cleared). A change is a moving frame (`moving`, stillness()) or, without it, a
    content share that differs from the first frame's by more than FADING, after which an opening fade-out
    (shares falling) is skipped too. No change: every frame."""
    if moving is not None:
        first = next((n for n, i in enumerate(idx) if moving[i] > STILL), None)
        return idx if first is None else idx[first:]
    first = next((n for n, i in enumerate(idx) if abs(shares[i][1] - shares[idx[0]][1]) > FADING), None)
    if first is None:
        return idx
    while first + 1 < len(idx) and shares[idx[first + 1]][1] < shares[idx[first]][1] - FADING:
        first += 1  # an opening fade-out: the section's own picture starts where the clearing ends
    return idx[first:]


def _before_closing_fade(idx: list[int], shares: list[tuple[float, float]]) -> int:
    """The last of the frames `idx` before their closing fade: stepping back over frames emptied below
    EMPTIED of the fullest and frames holding less than the one before them."""
    inside = [shares[i] for i in idx]
    fullest = max(s for _, s in inside)
    m = len(inside) - 1
    while m > 0 and (inside[m][1] < EMPTIED * fullest or inside[m - 1][1] > inside[m][1] + FADING):
        m -= 1  # still in the closing fade (or already cleared): one frame back
    return idx[m]


def same_pictures(shares: list[tuple[float, float]], smalls: list[np.ndarray], holds: list[float],
                  background: str) -> list[bool]:
    """For each hold, whether its frame shows the same picture as the previous hold's (False for the first)."""
    times = np.array([t for t, _ in shares])
    at = [int(np.abs(times - h).argmin()) for h in holds]
    return [k > 0 and changed(smalls[at[k - 1]], smalls[at[k]], background) <= SAME for k in range(len(at))]
