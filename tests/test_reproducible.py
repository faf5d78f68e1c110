"""One content key, one video: a scene renders to the same MP4 bytes whatever the number of CPUs,
and whether its texts are parsed or read back from the outline cache.

x264 picks its thread count from the CPUs the process may use (libx264's `threads` defaults to
auto), and PyAV asks for sliced threads, so the stream was cut into one slice per CPU: a render
pinned to one core and one on two cores gave different bytes and different decoded frames. The
encoder settings now pin the thread count (studio.options.ENCODERS, docs/encoder.md).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from studio.options import DEFAULT_ENCODER, ENCODERS

ROOT = Path(__file__).resolve().parent.parent
SCENE = "rope_rotation"  # the quickest scene at the tiny test quality

# Runs in a fresh process: keep only the given CPUs, render SCENE at the tiny quality, report.
CHILD = """
import hashlib, json, os, sys
os.sched_setaffinity(0, {int(c) for c in sys.argv[1].split(",")})
from pathlib import Path
from studio.options import TINY
from studio.build.render import render_entry
from studio.build.request import Request
result = render_entry(Request.of(sys.argv[2], quality=TINY, out_root=Path(sys.argv[3]), force=True,
                                 encoder=sys.argv[4]))
movie = next(f for f in result.files if f.suffix == ".mp4")
data = movie.read_bytes()
start = data.find(b"x264 - core")
print(json.dumps({"cpus": sorted(os.sched_getaffinity(0)), "sha256": hashlib.sha256(data).hexdigest(),
                  "size": len(data), "x264": data[start:data.find(b"\\0", start)].decode()}))
"""


def _start(cpus: list[int], out: Path, encoder: str, cache: Path | None = None) -> subprocess.Popen:
    env = dict(os.environ, **({"XDG_CACHE_HOME": str(cache)} if cache else {}))
    return subprocess.Popen([sys.executable, "-c", CHILD, ",".join(map(str, cpus)), SCENE, str(out), encoder],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _report(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err[-2000:]
    return json.loads(out.strip().splitlines()[-1])


def _x264_option(x264: str, name: str) -> str | None:
    """An option as x264 recorded it in the stream (its SEI: `... threads=1 lookahead_threads=1 ...`)."""
    return next((w.split("=", 1)[1] for w in x264.split() if w.startswith(name + "=")), None)


def test_every_encoder_setting_pins_the_thread_count():
    for name, options in ENCODERS.items():
        assert options.get("threads", "0") not in ("0", "auto"), f"{name}: x264 would count the CPUs"
        assert int(options["threads"]) >= 1
        assert options.get("thread_type") in ("slice", "frame"), f"{name}: slicing left to PyAV's default"


def test_one_core_and_all_cores_give_the_same_bytes(tmp_path):
    """Also: texts parsed (an empty outline cache, studio.build.outlines) and texts read back give
    the same bytes. The first render, on one CPU, starts with an empty outline cache (the LaTeX cache
    linked in, so only the outlines are cold) and fills it; the second, on all CPUs, reads it back."""
    from studio.build import outlines, texcache

    encoder = DEFAULT_ENCODER
    every = sorted(os.sched_getaffinity(0))
    if len(every) < 2:
        pytest.skip(f"this process may use one CPU only ({every}): nothing to compare")
    cache = tmp_path / "xdg"
    (cache / "transformer-frames").mkdir(parents=True)
    texcache.cache_dir().mkdir(parents=True, exist_ok=True)
    (cache / "transformer-frames" / "tex").symlink_to(texcache.cache_dir(), target_is_directory=True)
    kept = cache / "transformer-frames" / outlines.cache_dir().name
    one = _report(_start(every[:1], tmp_path / "one", encoder, cache))
    parsed = sorted(kept.rglob("*"))
    all_ = _report(_start(every, tmp_path / "all", encoder, cache))
    assert len(parsed) > 10 and sorted(kept.rglob("*")) == parsed  # the second read all it needed
    assert one["cpus"] == every[:1] and all_["cpus"] == every
    assert one["sha256"] == all_["sha256"], (
        f"{SCENE}: {one['size']} bytes on 1 CPU, {all_['size']} on {len(every)}; x264 used "
        f"threads={_x264_option(one['x264'], 'threads')} on 1 CPU, "
        f"threads={_x264_option(all_['x264'], 'threads')} on {len(every)}")
    assert _x264_option(one["x264"], "threads") == ENCODERS[encoder]["threads"]  # the pinned count
