#!/usr/bin/env python3
"""Encoder settings at 1080p60: each scene rendered with Manim's x264 settings and with the fast ones.

For every scene it runs `render.py NAME --quality high --force --jobs 1 --encoder manim` and
`--encoder fast` in turn (A, B, A, B … when --runs > 1), each in a fresh process, and records the
whole-process wall time and the video's size. With --floors it then measures, for each scene, the
encode-only floor of both settings on the same frames (the fast render decoded 240 frames at a
time into memory, each batch encoded as its own stream, as bench/render_bench.py does), so the
ratio wall / floor can be read for the new default. Each floor hands frames to the encoder the way
its render does: `manim` copies them (`from_ndarray`), `fast` passes a view (scenes/parts/handover.py). Picture quality comes from
bench/encoder_study.py (PSNR/SSIM against a lossless capture), joined into the table.

    python bench/encoder_bench.py                    # every scene, one pair each
    python bench/encoder_bench.py pe_clock --runs 3
    python bench/encoder_bench.py --floors-only      # floors for the videos kept by the last run

    python bench/encoder_bench.py --table            # the markdown table of the last run (docs/encoder.md)

Results: bench/encoder_bench.json. Run by hand, not in the tests.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from render_bench import CHUNK_FRAMES, commit, run  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.options import ENCODERS  # noqa: E402

KEEP = Path(tempfile.gettempdir()) / "transformer-frames-encoder-bench"


def render_pair(name: str, runs: int) -> dict:
    """Wall seconds and bytes of `name` at 1080p60 with each encoder, alternating."""
    walls = {"manim": [], "fast": []}
    sizes = {}
    for _ in range(runs):
        for encoder in ("manim", "fast"):
            with tempfile.TemporaryDirectory() as tmp:
                walls[encoder].append(run([name, "--quality", "high", "--force", "--jobs", "1",
                                           "--encoder", encoder, "--out", tmp]))
                video = Path(tmp) / name / f"{name}.mp4"
                sizes[encoder] = video.stat().st_size
                doc = json.loads((Path(tmp) / name / f"{name}.numbers.json").read_text("utf-8"))
                if encoder == "fast":
                    KEEP.mkdir(exist_ok=True)
                    shutil.copyfile(video, KEEP / f"{name}.mp4")
    wall = {k: statistics.median(v) for k, v in walls.items()}
    pairs = [m / f for m, f in zip(walls["manim"], walls["fast"])]
    return {"entry": name, "commit": commit(), "frames": doc["render"]["frames"],
            "video_s": doc["render"]["duration_s"], "runs": runs,
            "wall_manim_s": round(wall["manim"], 2), "wall_fast_s": round(wall["fast"], 2),
            "speedup": round(statistics.median(pairs), 3), "speedup_per_run": [round(p, 3) for p in pairs],
            "bytes_manim": sizes["manim"], "bytes_fast": sizes["fast"],
            "size_ratio": round(sizes["fast"] / sizes["manim"], 3)}


def floors(mp4: Path, fps: int = 60) -> dict:
    """Encode-only seconds of the frames of `mp4` with each encoder's settings (untimed decoding)."""
    import av

    spent = {k: 0.0 for k in ENCODERS}
    with av.open(str(mp4)) as src, tempfile.TemporaryDirectory() as tmp:
        stream = src.streams.video[0]
        width, height = stream.width, stream.height
        frames = src.decode(stream)
        while True:
            chunk = []
            for frame in frames:
                chunk.append(frame.to_ndarray(format="rgba"))  # (H, W, 4) uint8
                if len(chunk) == CHUNK_FRAMES:
                    break
            if not chunk:
                break
            for label, options in ENCODERS.items():
                spent[label] += _encode(chunk, Path(tmp) / "floor.mp4", fps, width, height, options,
                                        view=label != "manim")
    return {f"floor_{k}_s": round(v, 2) for k, v in spent.items()}


def _encode(chunk, target: Path, fps: int, width: int, height: int, options: dict, view: bool) -> float:
    """Seconds to encode `chunk`, each frame handed over as a view (scenes/parts/handover.py) or,
    as Manim does, copied by `from_ndarray`."""
    import av

    wrap = av.VideoFrame.from_numpy_buffer if view else av.VideoFrame.from_ndarray

    started = time.perf_counter()
    out = av.open(str(target), mode="w")
    enc = out.add_stream("libx264", rate=Fraction(fps, 1), options=dict(options))
    enc.pix_fmt, enc.width, enc.height = "yuv420p", width, height
    for rgba in chunk:
        for packet in enc.encode(wrap(rgba, format="rgba")):
            out.mux(packet)
    for packet in enc.encode():
        out.mux(packet)
    out.close()
    return time.perf_counter() - started


def table(rows: list[dict]) -> str:
    """The per-scene table of docs/encoder.md: wall, floors and sizes from `rows`, picture quality
    from the last capture of each scene in bench/encoder_study.json."""
    study = {}
    for r in json.loads((ROOT / "bench" / "encoder_study.json").read_text("utf-8")):
        study[(r["scene"], r["encoder"])] = r  # the last run of each pair wins
    out = ["| scene | frames | wall s manim → fast (speed-up) | encode floor s manim → fast | "
           "fast wall / fast floor | PSNR dB manim → fast | SSIM manim → fast | file MB manim → fast |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        a, b = study[(r["entry"], "manim")], study[(r["entry"], "fast")]
        out.append(f"| {r['entry']} | {r['frames']} | {r['wall_manim_s']} → {r['wall_fast_s']} ({r['speedup']:.2f}×) | "
                   f"{r['floor_manim_s']} → {r['floor_fast_s']} | {r['ratio_fast_to_floor']:.2f} | "
                   f"{a['psnr_db']:.2f} → {b['psnr_db']:.2f} | {a['ssim']:.5f} → {b['ssim']:.5f} | "
                   f"{r['bytes_manim'] / 1e6:.1f} → {r['bytes_fast'] / 1e6:.1f} |")
    total = {k: sum(r[k] for r in rows) for k in ("frames", "wall_manim_s", "wall_fast_s", "floor_manim_s",
                                                    "floor_fast_s", "bytes_manim", "bytes_fast")}
    out.append(f"| **all {len(rows)}** | {total['frames']} | {total['wall_manim_s']:.1f} → {total['wall_fast_s']:.1f} "
               f"({total['wall_manim_s'] / total['wall_fast_s']:.2f}×) | {total['floor_manim_s']:.1f} → "
               f"{total['floor_fast_s']:.1f} ({total['floor_manim_s'] / total['floor_fast_s']:.2f}×) | "
               f"{total['wall_fast_s'] / total['floor_fast_s']:.2f} | | | "
               f"{total['bytes_manim'] / 1e6:.1f} → {total['bytes_fast'] / 1e6:.1f} |")
    return "\n".join(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="scenes (default: every scene)")
    parser.add_argument("--runs", type=int, default=1, help="pairs per scene")
    parser.add_argument("--floors", action="store_true", help="also measure both encode floors")
    parser.add_argument("--floors-only", action="store_true", help="only the floors, for kept videos")
    parser.add_argument("--table", action="store_true", help="print the markdown table of the last run")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "encoder_bench.json")
    args = parser.parse_args(argv)
    if args.table:
        print(table(json.loads(args.out.read_text("utf-8"))))
        return
    names = args.names or [e.name for e in catalogue.ENTRIES if e.kind == "scene"]
    rows = {r["entry"]: r for r in json.loads(args.out.read_text("utf-8"))} if args.out.exists() else {}
    for name in names:
        row = rows.get(name, {"entry": name}) if args.floors_only else render_pair(name, args.runs)
        if args.floors or args.floors_only:
            row.update(floors(KEEP / f"{name}.mp4"))
            row["ratio_fast_to_floor"] = round(row["wall_fast_s"] / row["floor_fast_s"], 2)
            row["ratio_manim_to_floor"] = round(row["wall_manim_s"] / row["floor_manim_s"], 2)
        rows[name] = row
        print(json.dumps(row), flush=True)
        args.out.write_text(json.dumps(list(rows.values()), indent=1) + "\n", encoding="utf-8")
    total = {k: round(sum(r[k] for r in rows.values()), 1) for k in ("wall_manim_s", "wall_fast_s")}
    print(f"catalogue: {total['wall_manim_s']} s -> {total['wall_fast_s']} s "
          f"({total['wall_manim_s'] / total['wall_fast_s']:.2f}x)")


if __name__ == "__main__":
    main()
