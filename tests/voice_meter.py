"""An EBU R128 meter independent of studio.voice: libavfilter's ebur128 filter through PyAV.

`ebur128(x)` measures a (n,) float mono track at 48 kHz, or the first audio stream of a file when
given a path: (integrated loudness in LUFS, true peak in dBTP). Tests check the narration's
loudness with it rather than with pyloudnorm, which studio.voice.loudness itself uses.
"""
from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

RATE = 48_000
CHUNK = 4_800  # samples per frame pushed into the filter: the filter's 100 ms step


def ebur128(source) -> tuple[float, float]:
    """(integrated LUFS, true peak dBTP) of a (n,) float mono track at 48 kHz or of a file's first
    audio stream (decoded, mixed to mono and resampled to 48 kHz by libswresample)."""
    x = decode(source) if isinstance(source, (str, Path)) else np.asarray(source, dtype=np.float32)
    # the filter reports on whole 100 ms steps only: the tail is completed with silence
    x = np.concatenate([x.reshape(-1), np.zeros(-len(x) % CHUNK, np.float32)])  # (k*CHUNK,) float32
    graph = av.filter.Graph()
    src = graph.add_abuffer(sample_rate=RATE, format="flt", layout="mono", time_base=Fraction(1, RATE))
    meter = graph.add("ebur128", "metadata=1:peak=true")
    sink = graph.add("abuffersink")
    src.link_to(meter)
    meter.link_to(sink)
    graph.configure()
    last = None
    for start in range(0, len(x), CHUNK):
        part = np.ascontiguousarray(x[start:start + CHUNK], dtype=np.float32)  # (k,) float32 mono
        frame = av.AudioFrame.from_ndarray(part.reshape(1, -1), format="flt", layout="mono")
        frame.sample_rate = RATE
        frame.pts = start
        frame.time_base = Fraction(1, RATE)
        src.push(frame)
        last = _drain(sink, last)
    src.push(None)
    last = _drain(sink, last)
    if last is None:
        raise ValueError("the ebur128 filter gave no reading")
    lufs = float(last.metadata["lavfi.r128.I"])
    peak = float(last.metadata["lavfi.r128.true_peak"])
    return lufs, (20.0 * math.log10(peak) if peak > 0 else float("-inf"))


def decode(path) -> np.ndarray:
    """(n,) float32 mono at 48 kHz: the first audio stream of the file at `path`."""
    parts = []
    with av.open(str(path)) as container:
        resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
        for frame in container.decode(container.streams.audio[0]):
            parts.extend(f.to_ndarray().reshape(-1) for f in resampler.resample(frame))
        parts.extend(f.to_ndarray().reshape(-1) for f in resampler.resample(None))
    return np.concatenate(parts).astype(np.float32) if parts else np.zeros(0, np.float32)


def _drain(sink, last):
    """Pull every frame the filter has ready; the latest one carrying a loudness reading."""
    while True:
        try:
            frame = sink.pull()
        except (av.BlockingIOError, av.EOFError):
            return last
        if "lavfi.r128.I" in frame.metadata:
            last = frame
