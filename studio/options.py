"""The choices a render takes, listed once: qualities, output formats, exit codes.

Light on purpose: the CLI imports it to build its options without importing manim or matplotlib.
"""
from __future__ import annotations

from dataclasses import dataclass

from look.core import CAPTION_MODES


@dataclass(frozen=True)
class Quality:
    name: str
    width: int
    height: int
    fps: int


QUALITIES = {
    "low": Quality("low", 854, 480, 15),
    "medium": Quality("medium", 1280, 720, 30),
    "high": Quality("high", 1920, 1080, 60),
    "4k": Quality("4k", 3840, 2160, 60),
}
DEFAULT_QUALITY = "high"
# Tests render scenes this small; not offered on the command line.
TINY = Quality("tiny", 256, 144, 4)
PAGE_QUALITY = "medium"  # lesson pages: 720p30 scenes, sharp on a projector; `page --quality low` for a light copy

# x264 settings for scene videos, measured against a lossless source by bench/encoder_study.py
# (docs/encoder.md): "fast" has a higher PSNR and SSIM than Manim's own setting on every scene and
# needs less encoder CPU; "manim" is Manim's own (preset medium, crf 23).
# Both pin x264's threading (docs/encoder.md, "Reproducible videos"): left alone, x264 takes one
# thread per CPU the process may use and PyAV asks for sliced threads, so the stream (slices, and
# the options x264 writes into it) depended on the machine's CPU count and the process's affinity.
# One thread per encoder: two frame threads (or two slices) gave a different stream in 1 render of
# 8 when Manim fed frames quickly (decoded pictures the same, the bits not); one thread gave the same
# bytes every time. Two segments still encode side by side (max_inflight_encoders in build/scene.py).
PINNED_THREADS = {"threads": "1", "thread_type": "frame"}
ENCODERS = {
    "fast": {"preset": "veryfast", "tune": "animation", "crf": "19", **PINNED_THREADS},
    "manim": {"crf": "23", **PINNED_THREADS},
}
DEFAULT_ENCODER = "fast"

CAPTIONS = CAPTION_MODES  # scenes: drawn into the video (default), SRT/VTT only, or none
SVG_TEXT = ("embed", "path", "text")  # SVG figures: font subsets embedded (default), outlines, font names
FORMATS = {"scene": ("mp4", "gif", "png"), "figure": ("svg", "png", "pdf")}
DEFAULT_FORMAT = {"scene": "mp4", "figure": "svg"}
ALL_FORMATS = tuple(dict.fromkeys(f for fs in FORMATS.values() for f in fs))

# What a build can rely on (README, `render.py --help`).
EXIT_OK = 0  # everything asked for is done (rendered or up to date)
EXIT_FAILED = 1  # at least one entry failed to render (its log is named)
EXIT_USAGE = 2  # bad input: unknown name, bad option value, unreadable numbers file
EXIT_MISSING = 3  # a system dependency is missing (LaTeX, a font, the encoder); names the package
EXIT_INTERRUPTED = 130  # Ctrl-C (SIGINT) or SIGTERM: no partial output is left
