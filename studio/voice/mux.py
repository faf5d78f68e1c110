"""Audio onto video: cue recordings placed on one track, and that track muxed into a scene's MP4.

The video stream is copied packet for packet (never re-encoded); the audio is encoded once as AAC-LC
(ISO/IEC 14496-3), mono, 48 kHz, 128 kb/s, in an MP4 (ISO/IEC 14496-14) container. The encoder's
priming samples are declared in the MP4 edit list, so players and decoders start the audio at the
first sample of the track: a cue placed at t seconds is heard at t seconds.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from studio.build.atomic import atomic_path
from studio.errors import UserError, clip, clip_path
from studio.voice.audio import RATE

BIT_RATE = 128_000  # AAC bits per second
FRAME = 1024  # samples per AAC frame


def place(clips: list[tuple[float, np.ndarray]], total_s: float) -> np.ndarray:
    """A (round(total_s*RATE),) float32 track, silent except for each (start_s, clip) written from
    sample round(start_s*RATE); a clip running past the end is cut there. Later clips are added to
    earlier ones where they overlap."""
    track = np.zeros(max(0, round(total_s * RATE)), dtype=np.float32)  # (n,) float32 mono, 48 kHz
    for start_s, clip_samples in clips:
        samples = np.asarray(clip_samples, dtype=np.float32).reshape(-1)  # (k,) float32 mono, 48 kHz
        start = round(start_s * RATE)
        if start < 0:
            samples, start = samples[-start:], 0
        end = min(track.size, start + samples.size)
        if end > start:
            track[start:end] += samples[:end - start]
    return track


def slice_track(track: np.ndarray, start_s: float, end_s: float) -> np.ndarray:
    """Samples [round(start_s*RATE), round(end_s*RATE)) of a track at RATE."""
    return track[max(0, round(start_s * RATE)):max(0, round(end_s * RATE))]


def mux_audio(video: Path, track: np.ndarray, target: Path) -> None:
    """Write `target`: the video stream of the MP4 `video`, copied packet for packet, with `track`
    ((n,) float32 mono at RATE) as its only audio stream, AAC mono 48 kHz 128 kb/s.

    The track is padded with silence or cut to the video's length (frames / frame rate), so sound
    and picture end together. The file is written beside `target` and renamed onto it, so an
    interrupted write leaves no half file; `target` may be `video` itself.
    """
    video, target = Path(video), Path(target)
    samples = np.asarray(track, dtype=np.float32).reshape(-1)  # (n,) float32 mono, 48 kHz
    try:
        with av.open(str(video), mode="r") as source:
            if not source.streams.video:
                raise UserError(f"{clip_path(video)}: has no video stream to add the narration to")
            stream = source.streams.video[0]
            length = round(_video_seconds(source, stream) * RATE)
            fitted = np.zeros(length, dtype=np.float32)  # (length,) float32 mono, 48 kHz
            fitted[:min(length, samples.size)] = samples[:length]
            with atomic_path(target) as tmp:
                with av.open(str(tmp), mode="w", format="mp4") as output:
                    _write(source, stream, fitted, output)
    except av.FFmpegError as e:
        reason = clip(getattr(e, "strerror", None) or str(e))
        raise UserError(f"{clip_path(video)}: cannot read it as an MP4 video ({reason})") from None


def _write(source, stream, track: np.ndarray, output) -> None:
    """Copy `stream`'s packets and the encoded `track` into `output`, interleaved by time."""
    video_out = output.add_stream_from_template(stream)
    audio_out = output.add_stream("aac", rate=RATE, layout="mono")
    audio_out.bit_rate = BIT_RATE
    pending = iter(_encode(track, audio_out))
    audio_packet = next(pending, None)
    for packet in source.demux(stream):
        if packet.dts is None:  # the demuxer's empty packet at the end
            continue
        now = packet.dts * packet.time_base
        while audio_packet is not None and audio_packet.dts * audio_packet.time_base <= now:
            output.mux(audio_packet)
            audio_packet = next(pending, None)
        packet.stream = video_out
        output.mux(packet)
    while audio_packet is not None:
        output.mux(audio_packet)
        audio_packet = next(pending, None)


def _encode(track: np.ndarray, audio_out):
    """AAC packets of `track`, in order. The first has a negative timestamp (the encoder's
    priming); the MP4 muxer turns it into an edit list, so decoding starts at sample 0."""
    for start in range(0, track.size, FRAME):
        part = np.ascontiguousarray(track[start:start + FRAME])  # (<=1024,) float32 mono, 48 kHz
        frame = av.AudioFrame.from_ndarray(part.reshape(1, -1), format="fltp", layout="mono")
        frame.sample_rate = RATE
        frame.pts = start
        frame.time_base = Fraction(1, RATE)
        yield from audio_out.encode(frame)
    yield from audio_out.encode(None)


def _video_seconds(source, stream) -> Fraction:
    """The video's length: its frame count over its frame rate."""
    rate = stream.average_rate or stream.guessed_rate or stream.base_rate
    frames = stream.frames
    if not frames:
        frames = sum(1 for p in source.demux(stream) if p.dts is not None)
        source.seek(0)
    if not rate or not frames:
        raise UserError(f"{clip_path(source.name)}: cannot tell how long the video is")
    return Fraction(frames) / Fraction(rate)
