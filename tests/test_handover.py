"""The frame hand-over (scenes/parts/handover.py) writes the same video as Manim's own, byte for byte."""
import hashlib

import manim
import numpy as np
import pytest
from manim import RIGHT, Scene, Square, Text, Write

from scenes.parts.camera import BatchingCamera
from scenes.parts.handover import HandoverEncoder, handover_renderer
from studio.options import ENCODERS


class HeldAndMoving(Scene):
    """Held frames (a wait with nothing moving: one frame written with repeat > 1) and moving ones."""

    def construct(self):
        box = Square(color="#1f77b4", fill_opacity=0.6)
        self.add(box)
        self.wait(0.5)
        self.play(Write(Text("x = (0.87, 0.75)", font_size=30).to_edge(manim.DOWN)), run_time=0.4)
        self.play(box.animate.shift(RIGHT), run_time=0.4)
        self.wait(0.3)


def _render(tmp_path, handover: bool, width: int, encoder: str) -> tuple[bytes, int]:
    media = tmp_path / f"media-{handover}-{width}-{encoder}"
    settings = {"pixel_width": width, "pixel_height": 72, "frame_rate": 10, "media_dir": str(media),
                "output_file": "held", "disable_caching": True, "max_inflight_encoders": 2,
                "video_encoder_options": dict(ENCODERS[encoder]), "verbosity": "ERROR",
                "progress_bar": "none"}
    with manim.tempconfig(settings):
        renderer = handover_renderer(BatchingCamera) if handover else None
        scene = HeldAndMoving(renderer=renderer, camera_class=BatchingCamera)
        scene.render()
        movie = scene.renderer.file_writer.movie_file_path
        frames = round(scene.renderer.time * 10)
    with open(movie, "rb") as f:
        return f.read(), frames


@pytest.mark.parametrize("width", [128, 90])  # 90 px: rows of 360 bytes, not 16-byte aligned
@pytest.mark.parametrize("encoder", sorted(ENCODERS))
def test_the_video_is_byte_identical_to_manims_hand_over(tmp_path, monkeypatch, width, encoder):
    repeats = []
    write = HandoverEncoder.write_frame

    def counting(self, pixels, *, repeat=1):
        repeats.append(repeat)
        return write(self, pixels, repeat=repeat)

    monkeypatch.setattr(HandoverEncoder, "write_frame", counting)
    theirs, frames = _render(tmp_path, False, width, encoder)
    ours, _ = _render(tmp_path, True, width, encoder)
    assert max(repeats) > 1, "the held frames went through the convert-once path"
    assert sum(repeats) == frames >= 15  # 1.6 s at 10 frames/s (Manim rounds a wait down)
    assert hashlib.sha256(ours).hexdigest() == hashlib.sha256(theirs).hexdigest()


def test_the_encoder_reads_the_callers_array_without_copying_it(tmp_path):
    """What makes it fast: the frame handed to the encoder is a view of Manim's array."""
    import av

    pixels = np.zeros((72, 128, 4), np.uint8)  # (h, w, 4) RGBA
    frame = av.VideoFrame.from_numpy_buffer(pixels, format="rgba")
    pixels[0, 0] = (255, 0, 0, 255)
    assert tuple(frame.to_ndarray()[0, 0]) == (255, 0, 0, 255)


def test_numbers_file_records_the_encoder_and_the_hand_over(rendered):
    import json

    doc = json.loads((rendered / "pe_clock" / "pe_clock.numbers.json").read_text("utf-8"))
    assert doc["render"]["encoder"] == {"name": "fast", "codec": "libx264", "pixel_format": "yuv420p",
                                        "options": ENCODERS["fast"], "frame_handover": "view"}
