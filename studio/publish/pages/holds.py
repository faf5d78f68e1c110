"""Where the presenter holds each section of a scene: the last frame of the section that still shows
its picture, not the section's very last frame, which is often the middle of a fade to the next step
(a fade-out then leaves the lecturer talking over an empty panel).

The picture is measured on the rendered video itself: the share of pixels in the content area (below
the title, above the caption band: scenes.parts.lecture keeps content above CONTENT_BOTTOM) that
differ from the theme's background. A section holds on its last frame whose share is at least
FULL of the section's fullest frame.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

FULL = 0.9  # a frame this close to the section's fullest still shows its result
TOP, BOTTOM = 0.10, 0.80  # the content rows, as fractions of the frame height (below the title, above captions)
INK = 24  # a channel this far from the background's counts as drawn


def content_share(rgb: np.ndarray, background: tuple[int, int, int]) -> float:
    """Share of the content area's pixels that differ from the background. rgb: (H, W, 3) uint8."""
    h = rgb.shape[0]
    area = rgb[int(TOP * h):int(BOTTOM * h)].astype(np.int16)  # (h', W, 3)
    drawn = np.abs(area - np.array(background, dtype=np.int16)).max(axis=2) > INK  # (h', W)
    return float(drawn.mean())


def frame_shares(mp4: Path, background: str) -> list[tuple[float, float]]:
    """(time in seconds, content share) of every frame of the video."""
    import av

    bg = tuple(int(background.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    with av.open(str(mp4)) as container:
        return [(float(f.time), content_share(f.to_ndarray(format="rgb24"), bg))
                for f in container.decode(video=0)]


def section_holds(shares: list[tuple[float, float]], starts: list[float], duration_s: float,
                  fps: float) -> list[float]:
    """For each section (starting at `starts`), the middle of the frame the presenter holds on."""
    holds = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else duration_s
        inside = [(t, s) for t, s in shares if start - 1e-6 <= t < end - 1e-6]
        if not inside:
            holds.append(max(0.0, end - 0.5 / fps))
            continue
        fullest = max(s for _, s in inside)
        t_hold = max(t for t, s in inside if s >= FULL * fullest)
        holds.append(round(min(t_hold + 0.5 / fps, end - 0.5 / fps), 6))
    return holds
