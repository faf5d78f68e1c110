"""A scene's poster on the lesson page: a frame of its opening section, not the render's last frame
(which shows the scene's final result, the answer the lesson is about to build). The frame is the opening
section's hold (studio.publish.pages.holds: its picture complete and still), read from the video itself.
A video that cannot be read (or a scene without sections) keeps the render's own poster."""
from __future__ import annotations

import io
from pathlib import Path


def opening_time(sections: list[dict]) -> float | None:
    """Seconds of the poster frame: the first section's hold, else None (the render's poster stays)."""
    if sections and sections[0].get("hold_s") is not None:
        return float(sections[0]["hold_s"])
    return None


def frame_png(mp4: Path, seconds: float) -> bytes | None:
    """The PNG of the frame nearest `seconds` (decoding from the start, so only the opening is read)."""
    try:
        import av

        best = None
        with av.open(str(mp4)) as container:
            for f in container.decode(video=0):
                if best is not None and abs(float(f.time) - seconds) > abs(float(best.time) - seconds):
                    break
                best = f
        if best is None:
            return None
        buf = io.BytesIO()
        best.to_image().save(buf, format="PNG")
        return buf.getvalue()
    except Exception:  # noqa: BLE001 (not a video PyAV can read: the render's own poster is used)
        return None


def write_poster(render_png: Path, mp4: Path, seconds: float | None, dest: Path, copy) -> None:
    """dest ← the frame at `seconds` of mp4, or a copy of the render's poster (`copy(src, dest)`)."""
    data = frame_png(mp4, seconds) if seconds is not None else None
    if data is None:
        copy(render_png, dest)
        return
    if dest.exists() and dest.read_bytes() == data:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.part")
    tmp.write_bytes(data)
    tmp.replace(dest)
