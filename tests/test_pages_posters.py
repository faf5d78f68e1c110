"""A scene's poster on the lesson page is a frame of its opening section (studio.publish.pages.posters),
not the render's last frame; a file that is not a video keeps the render's own poster."""
from __future__ import annotations

import io
import shutil

import numpy as np
import pytest

from studio.publish.pages import posters

av = pytest.importorskip("av")


def _video(path, colours, fps=4):
    """A small MP4 whose frame k is filled with colours[k] (one frame per 1/fps s)."""
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = 64, 48, "yuv420p"
        for c in colours:
            img = np.zeros((48, 64, 3), np.uint8) + np.array(c, np.uint8)
            for packet in stream.encode(av.VideoFrame.from_ndarray(img, format="rgb24")):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)


def _rgb(png: bytes):
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))[24, 32]


def test_the_poster_is_the_frame_at_the_opening_hold(tmp_path):
    mp4, render_png, dest = tmp_path / "s.mp4", tmp_path / "s.png", tmp_path / "media" / "s.png"
    _video(mp4, [(200, 30, 30)] * 4 + [(30, 30, 200)] * 4)  # opening red for 1 s, then blue (the "result")
    render_png.write_bytes(b"last frame")
    assert posters.opening_time([{"hold_s": 0.5}, {"hold_s": 1.75}]) == 0.5
    posters.write_poster(render_png, mp4, 0.5, dest, shutil.copyfile)
    r, g, b = (int(v) for v in _rgb(dest.read_bytes()))
    assert r > 150 and b < 80  # the opening's red, not the closing blue
    posters.write_poster(render_png, mp4, 1.75, dest, shutil.copyfile)
    r, g, b = (int(v) for v in _rgb(dest.read_bytes()))
    assert b > 150 and r < 80


def test_without_a_hold_or_a_readable_video_the_renders_poster_stays(tmp_path):
    render_png, dest = tmp_path / "s.png", tmp_path / "media" / "s.png"
    render_png.write_bytes(b"render poster")
    dest.parent.mkdir()
    assert posters.opening_time([]) is None and posters.opening_time([{"name": "a"}]) is None
    posters.write_poster(render_png, tmp_path / "missing.mp4", 0.5, dest, shutil.copyfile)
    assert dest.read_bytes() == b"render poster"
    (tmp_path / "bad.mp4").write_bytes(b"x")
    dest.unlink()
    posters.write_poster(render_png, tmp_path / "bad.mp4", None, dest, shutil.copyfile)
    assert dest.read_bytes() == b"render poster"
