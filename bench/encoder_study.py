#!/usr/bin/env python3
"""Encoder settings against picture quality: which x264 settings are fastest at no loss of quality.

For each scene it captures a window of consecutive 1080p60 frames straight from the renderer (the
RGBA frames Manim would encode, nothing encoded while capturing), then encodes that window with each
candidate setting exactly as Manim does (PyAV, RGBA frames in, yuv420p out), timing the encoder's CPU
and wall time, and compares the decoded result with the captured frames: PSNR over RGB and SSIM on
luma (BT.601, 11×11 Gaussian window, σ = 1.5, as Wang et al. 2004). The reference is the captured
frames themselves, so every candidate, Manim's own included, is measured against a lossless source.

    python bench/encoder_study.py                         # every scene, 120 frames from 15 s in
    python bench/encoder_study.py pe_clock permutation --frames 240 --start 30

Results: bench/encoder_study.json and a table printed as Markdown (docs/benchmarks.md keeps it).
Run by hand, not in the tests.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio import catalogue  # noqa: E402
from studio.options import ENCODERS  # noqa: E402


class Captured(Exception):
    """Raised from the frame hook once the window is full, to end the scene early."""


def capture(name: str, start_s: float, n_frames: int, fps: int = 60, size=(1920, 1080)) -> np.ndarray:
    """n_frames consecutive RGBA frames (n, h, w, 4) of scene `name` from start_s, as Manim renders them."""
    import manim

    from look import Look

    entry = catalogue.get(name)
    record, module = entry.compute(), entry.load()
    first = int(start_s * fps)
    frames: list[np.ndarray] = []
    seen = [0]
    with tempfile.TemporaryDirectory() as media, manim.tempconfig({
        "pixel_width": size[0], "pixel_height": size[1], "frame_rate": fps, "media_dir": media,
        "write_to_movie": False, "disable_caching": True, "verbosity": "ERROR", "progress_bar": "none",
        "background_color": Look().palette.background,
    }):
        scene = module.SCENE(data=record, look=Look("light", "en"))
        add_frame = scene.renderer.add_frame

        def keep(frame, num_frames=1):
            for _ in range(num_frames):
                if seen[0] >= first and len(frames) < n_frames:
                    frames.append(np.array(frame, copy=True))
                seen[0] += 1
            add_frame(frame, num_frames)
            if len(frames) >= n_frames:
                raise Captured

        scene.renderer.add_frame = keep
        try:
            scene.render()
        except Captured:
            pass
    if len(frames) < n_frames:  # a short scene: take its last frames instead
        raise SystemExit(f"{name}: only {seen[0]} frames; choose an earlier --start")
    return np.stack(frames)


def encode(frames: np.ndarray, options: dict, fps: int, path: Path) -> tuple[float, float]:
    """Encode like Manim's segment encoder; (wall seconds, CPU seconds of this process and its threads)."""
    import av

    before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    with av.open(str(path), mode="w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=Fraction(fps), options=dict(options))
        stream.pix_fmt = "yuv420p"
        stream.width, stream.height = frames.shape[2], frames.shape[1]
        for k, pixels in enumerate(frames):
            frame = av.VideoFrame.from_ndarray(pixels, format="rgba")
            frame.pts = k
            frame.time_base = Fraction(1, fps)
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def decode(path: Path) -> np.ndarray:
    import av

    with av.open(str(path)) as container:
        return np.stack([f.to_ndarray(format="rgb24") for f in container.decode(video=0)])


def psnr(ref: np.ndarray, out: np.ndarray) -> float:
    mse = np.mean((ref.astype(np.float64) - out.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else float(10 * np.log10(255.0 ** 2 / mse))


def luma(rgb: np.ndarray) -> np.ndarray:
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114  # BT.601


def ssim(ref: np.ndarray, out: np.ndarray) -> float:
    """Mean SSIM over the frames, on luma, Gaussian window σ = 1.5 (Wang et al. 2004 constants)."""
    from scipy.ndimage import gaussian_filter

    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    scores = []
    for a, b in zip(ref, out):
        x, y = luma(a.astype(np.float64)), luma(b.astype(np.float64))
        mx, my = gaussian_filter(x, 1.5, truncate=3.5), gaussian_filter(y, 1.5, truncate=3.5)
        sxx = gaussian_filter(x * x, 1.5, truncate=3.5) - mx * mx
        syy = gaussian_filter(y * y, 1.5, truncate=3.5) - my * my
        sxy = gaussian_filter(x * y, 1.5, truncate=3.5) - mx * my
        s = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx * mx + my * my + c1) * (sxx + syy + c2))
        scores.append(s.mean())
    return float(np.mean(scores))


def study(name: str, start_s: float, n_frames: int, candidates: dict) -> list[dict]:
    frames = capture(name, start_s, n_frames)  # (n, 1080, 1920, 4)
    reference = frames[..., :3]  # the background is opaque: RGBA's alpha is 255 everywhere
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, options in candidates.items():
            path = Path(tmp) / f"{label}.mp4"
            wall, cpu = encode(frames, options, 60, path)
            out = decode(path)
            rows.append({"scene": name, "encoder": label, "options": options, "frames": n_frames,
                         "wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "bytes": path.stat().st_size,
                         "psnr_db": round(psnr(reference, out), 3), "ssim": round(ssim(reference, out), 5)})
            print(json.dumps(rows[-1]), flush=True)
    return rows


def table(rows: list[dict]) -> str:
    lines = ["| scene | encoder | PSNR dB | SSIM | size kB | encode CPU s | wall s |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['scene']} | {r['encoder']} | {r['psnr_db']:.2f} | {r['ssim']:.4f} | "
                     f"{r['bytes'] / 1000:.0f} | {r['cpu_s']:.2f} | {r['wall_s']:.2f} |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="scenes (default: every scene)")
    parser.add_argument("--start", type=float, default=15.0, help="seconds into the scene")
    parser.add_argument("--frames", type=int, default=120, help="consecutive frames per scene")
    parser.add_argument("--only", default="", help="comma-separated settings to try (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "encoder_study.json")
    args = parser.parse_args(argv)
    names = args.names or [e.name for e in catalogue.ENTRIES if e.kind == "scene"]
    candidates = {label: dict(opts) for label, opts in ENCODERS.items()}
    candidates.update(STUDY_ONLY)
    if args.only:
        candidates = {k: v for k, v in candidates.items() if k in args.only.split(",")}
    rows = []
    for name in names:
        rows += study(name, args.start, args.frames, candidates)
    args.out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(table(rows))


# Settings tried besides the ones offered on the command line (studio.options.ENCODERS; "fast" is
# veryfast, tune animation, crf 19).
STUDY_ONLY = {
    "veryfast-crf23": {"preset": "veryfast", "crf": "23"},
    "veryfast-anim-crf20": {"preset": "veryfast", "tune": "animation", "crf": "20"},
    "faster-anim-crf21": {"preset": "faster", "tune": "animation", "crf": "21"},
    "superfast-anim-crf19": {"preset": "superfast", "tune": "animation", "crf": "19"},
}

if __name__ == "__main__":
    main()
