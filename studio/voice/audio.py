"""Audio in: any common recording read as one mono 48 kHz float32 track, and silence cut at its ends.

Decoding and resampling are libavcodec/libswresample through PyAV, so WAV, FLAC, MP3, AAC (M4A) and
Ogg (Vorbis, Opus) files all come out the same: float samples in [-1, 1] at RATE, channels mixed
down to one. Levels are in dBFS (0 dBFS = a full-scale sample, AES17 convention).
"""
from __future__ import annotations

import io
from pathlib import Path

import av
import numpy as np

from studio.errors import UserError, clip

RATE = 48_000  # samples per second of every track the voice package handles
AUDIO_SUFFIXES = (".wav", ".flac", ".mp3", ".m4a", ".aac", ".ogg", ".opus")

WINDOW_S = 0.010  # trim_silence judges the signal in windows this long


def read_audio(source, name: str) -> np.ndarray:
    """The audio of `source` (a Path or the file's bytes) as a (n,) float32 mono track at RATE.

    `name` is how error messages call the file. Raises UserError when the file is not audio PyAV
    can decode, has no audio stream, or holds no sound at all.
    """
    if _is_empty(source):
        raise UserError(f"{name}: holds no sound (empty or silent)")
    try:
        x = _decode(source)  # (n,) float32 mono, 48 kHz
    except (av.FFmpegError, OSError, ValueError, EOFError) as e:
        raise UserError(f"{name}: cannot read it as audio ({_reason(e)})") from None
    if x is None:
        raise UserError(f"{name}: cannot read it as audio (it has no audio stream)")
    if not np.all(np.isfinite(x)):
        raise UserError(f"{name}: cannot read it as audio (some samples are not numbers)")
    if trim_silence(x).size == 0:
        raise UserError(f"{name}: holds no sound (empty or silent)")
    return x


def trim_silence(x: np.ndarray, threshold_db: float = -45.0, margin_s: float = 0.03) -> np.ndarray:
    """`x` without the silence at its ends: the leading and trailing 10 ms windows whose RMS is
    below `threshold_db` dBFS are cut, but `margin_s` of what was cut stays on each side (a soft
    consonant onset is quieter than the threshold). An empty array when all of `x` is silent."""
    x = np.asarray(x, dtype=np.float32)  # (n,) float32 mono, 48 kHz
    win = round(WINDOW_S * RATE)
    if x.size == 0:
        return x[:0]
    count = -(-x.size // win)
    padded = np.zeros(count * win, dtype=np.float64)  # (count*win,) the track, zero-padded to whole windows
    padded[:x.size] = x
    power = np.mean(padded.reshape(count, win) ** 2, axis=1)  # (count,) mean square per window
    loud = np.flatnonzero(power >= 10.0 ** (threshold_db / 10.0))
    if loud.size == 0:
        return x[:0]
    margin = round(margin_s * RATE)
    start = max(0, int(loud[0]) * win - margin)
    end = min(x.size, (int(loud[-1]) + 1) * win + margin)
    return x[start:end]


def duration_s(x: np.ndarray) -> float:
    """Length of a track at RATE, in seconds."""
    return len(x) / RATE


def _is_empty(source) -> bool:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return len(source) == 0
    try:
        return Path(source).is_file() and Path(source).stat().st_size == 0
    except OSError:
        return False


def _decode(source) -> np.ndarray | None:
    """Decoded samples of the first audio stream, mixed to mono and resampled to RATE;
    None when the container has no audio stream."""
    handle = io.BytesIO(bytes(source)) if isinstance(source, (bytes, bytearray, memoryview)) else str(source)
    with av.open(handle, mode="r") as container:
        if not container.streams.audio:
            return None
        stream = container.streams.audio[0]
        resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
        parts = []
        for frame in container.decode(stream):
            frame.pts = None  # samples are taken in order; gaps in the file's clock are not kept
            parts.extend(f.to_ndarray().reshape(-1) for f in resampler.resample(frame))
        parts.extend(f.to_ndarray().reshape(-1) for f in resampler.resample(None))
    if not parts:
        return np.zeros(0, dtype=np.float32)
    return np.concatenate(parts).astype(np.float32, copy=False)  # (n,) float32 mono, 48 kHz


def _reason(error: Exception) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return clip(text.rstrip("."))
