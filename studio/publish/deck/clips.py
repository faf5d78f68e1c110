"""One section of a scene's MP4 as a video of its own, for the PowerPoint export
(studio.publish.deck.powerpoint): python-pptx embeds a whole movie file and has no trim, so the
section is cut here with PyAV.

The cut runs from the section's start to its held frame (studio.publish.pages.holds), that frame
included: the clip ends on the picture the slide's poster shows. The frames are decoded and encoded
again with x264 at the scene's "fast" settings (studio.options.ENCODERS), since a copy of the packets
could only start at a key frame. A narrated scene keeps its sound: the same span of the audio is
muxed in as AAC by studio.voice.mux.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np

from studio.build.atomic import atomic_path
from studio.options import ENCODERS


def cut_section(mp4: Path, start_s: float, hold_s: float, target: Path) -> None:
    """Write `target`: the frames of `mp4` shown from `start_s` up to `hold_s` (the frame on screen
    at `hold_s` the last), with the audio of that span when `mp4` has sound."""
    import av

    with av.open(str(mp4)) as source:
        stream = source.streams.video[0]
        rate = stream.average_rate or stream.guessed_rate
        has_sound = bool(source.streams.audio)
        source.seek(max(0, int(start_s * 1_000_000) - 1_000_000))  # the key frame before, a second early
        with atomic_path(target) as tmp:
            with av.open(str(tmp), mode="w", format="mp4") as output:
                out = output.add_stream("libx264", rate=rate, options=dict(ENCODERS["fast"]))
                out.width, out.height, out.pix_fmt = stream.codec_context.width, stream.codec_context.height, "yuv420p"
                count = 0
                for frame in source.decode(video=0):
                    if frame.time > hold_s + 1e-6:
                        break
                    if frame.time + 1e-6 < start_s:
                        continue
                    picture = frame.reformat(format="yuv420p")
                    picture.pts, picture.time_base = count, Fraction(1, 1) / Fraction(rate)
                    output.mux(out.encode(picture))
                    count += 1
                output.mux(out.encode(None))
    if has_sound:
        from studio.voice.mux import mux_audio

        mux_audio(target, _sound(mp4, start_s, start_s + count / float(rate)), target)


def _sound(mp4: Path, start_s: float, end_s: float) -> np.ndarray:
    """The audio of `mp4` from `start_s` to `end_s`, mono float32 at studio.voice.audio.RATE."""
    import av

    from studio.voice.audio import RATE
    from studio.voice.mux import slice_track

    resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
    parts = []
    with av.open(str(mp4)) as source:
        for frame in source.decode(audio=0):
            for out in resampler.resample(frame):
                parts.append(out.to_ndarray().reshape(-1))  # (n,) float32 mono, RATE
        for out in resampler.resample(None):
            parts.append(out.to_ndarray().reshape(-1))
    track = np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
    return slice_track(track, start_s, end_s)
