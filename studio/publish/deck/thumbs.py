"""Still pictures of a scene's held frames, for the deck's overview grid and the speaker view's
"next slide": the frame the video shows at each hold time (studio.publish.pages.holds), scaled down;
and, at full size, the stills of the handout and the PowerPoint export (studio.publish.deck.points)."""
from __future__ import annotations

from pathlib import Path

WIDTH = 320  # pixels; the overview shows about six across


def hold_frames(mp4: Path, holds: list[float], dest: list[Path], width: int | None = WIDTH) -> None:
    """Write the frame on screen at each time of `holds` (the last frame starting at or before it) to
    the PNG of `dest` with the same index, `width` pixels wide (None: the video's own size)."""
    import av
    from PIL import Image

    want = sorted(range(len(holds)), key=lambda k: holds[k])
    shown, k = None, 0
    with av.open(str(mp4)) as container:
        for frame in container.decode(video=0):
            while k < len(want) and frame.time > holds[want[k]] + 1e-6:
                _save(shown, dest[want[k]], Image, width)
                k += 1
            if k == len(want):
                break
            shown = frame  # converted to a picture only when saved
    for j in want[k:]:
        _save(shown, dest[j], Image, width)


def _save(frame, path: Path, Image, width: int | None) -> None:
    if frame is None:
        return
    image = frame.to_image()
    if width is not None:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.part")
    image.save(tmp, format="PNG", optimize=False)
    tmp.replace(path)
