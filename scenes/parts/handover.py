"""Hand frames to the video encoder without copying them, and convert a held frame once.

Manim's `VideoSegmentEncoder.write_frame` wraps every frame with `av.VideoFrame.from_ndarray`,
which copies the 1080p RGBA array twice (`tobytes`, then row by row into a freshly allocated
frame): 13 ms a frame on this machine, against 0.01 ms for `from_numpy_buffer`, which wraps the
array as it is. The copy buys nothing: Manim hands the writer ownership of each frame (the caller
"must not mutate or reuse pixels"), and the encoder converts it to yuv420p into a frame of its own
before x264 copies that into its own buffers. A held frame (`repeat` > 1: a `wait` with nothing
moving) is also converted from RGBA once instead of once per repeat.

The encoded stream is the same, byte for byte (tests/test_handover.py); only the time differs
(docs/encoder.md, "The frame hand-over").
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
from manim.renderer.cairo_renderer import CairoRenderer
from manim.scene.scene_file_writer import SceneFileWriter
from manim.scene.video_segment_encoder import VideoSegmentEncoder


class HandoverEncoder(VideoSegmentEncoder):
    """Manim's segment encoder, fed the caller's array instead of a copy of it."""

    def write_frame(self, pixels, *, repeat: int = 1) -> None:
        self._validate_frame(pixels, repeat)  # (h, w, 4) uint8, C-contiguous
        time_base = Fraction(self.spec.frame_rate.denominator, self.spec.frame_rate.numerator)
        try:
            frame = av.VideoFrame.from_numpy_buffer(pixels, format="rgba")  # a view, no copy
            if repeat > 1:  # convert once, as the encoder itself would, and encode it `repeat` times
                context = self._stream.codec_context
                frame = frame.reformat(context.width, context.height, context.format,
                                       threads=context.thread_count)
            for _ in range(repeat):
                frame.pts = self._next_pts
                frame.time_base = time_base
                self._next_pts += 1
                for packet in self._stream.encode(frame):
                    self._container.mux(packet)
        except BaseException as error:
            raise self._operation_error("encode", error) from error


class HandoverWriter(SceneFileWriter):
    """Manim's file writer with `HandoverEncoder` for every video segment."""

    def _create_segment_encoder(self, target: Path) -> VideoSegmentEncoder:
        if self.video_encoder is None:
            raise RuntimeError("Video segment encoding requires resolved settings.")
        return HandoverEncoder(target=target, spec=self.video_encoder)


def handover_renderer(camera_class, skip_animations: bool = False) -> CairoRenderer:
    """A Cairo renderer that draws with `camera_class` and writes through `HandoverWriter`."""
    return CairoRenderer(file_writer_class=HandoverWriter, camera_class=camera_class,
                         skip_animations=skip_animations)
