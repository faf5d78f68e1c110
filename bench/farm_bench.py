#!/usr/bin/env python3
"""The farm's overhead on one machine, and the course matrix projected onto N machines.

Overhead: `render.py all --quality low --force --jobs 2` against
`render.py all --quality low --force --scheduler local:2` (a Dask LocalCluster of two worker
processes, started and stopped by the command), in turn, A B A B …, each in a fresh process; the
ratio farm / jobs is taken pair by pair, so a drift in the machine's speed cancels.

Projection: the course is every scene in 3 languages × 2 themes (54 scene renders; the 126 figures
take seconds and are left out). Each render's time at 4K comes from the 1080p60 wall times of
bench/encoder_bench.json (the default encoder) times the 4K/1080p factor measured here on one scene
(`--4k-scene`), and the renders are dealt longest first to N machines of this kind, one render at
a time each (a scene render already keeps two cores busy).

    python bench/farm_bench.py                       # overhead (1 pair) and the projection
    python bench/farm_bench.py --runs 2 --4k-scene layernorm_steps

Results: bench/farm_bench.json; quoted in docs/benchmarks.md. Run by hand, not in the tests.
"""
from __future__ import annotations

import argparse
import heapq
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from render_bench import commit, run  # noqa: E402

LOOKS = 6  # 3 languages × 2 themes


def overhead(runs: int) -> dict:
    jobs, farm = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            jobs.append(run(["all", "--quality", "low", "--force", "--jobs", "2", "--out", tmp]))
        with tempfile.TemporaryDirectory() as tmp:
            farm.append(run(["all", "--quality", "low", "--force", "--scheduler", "local:2", "--out", tmp]))
    ratios = [f / j for f, j in zip(farm, jobs)]
    return {"what": "render.py all --quality low (9 scenes, 21 figures)", "commit": commit(),
            "jobs2_s": [round(x, 1) for x in jobs], "local2_s": [round(x, 1) for x in farm],
            "ratio_farm_to_jobs": round(statistics.median(ratios), 3),
            "ratio_per_pair": [round(r, 3) for r in ratios]}


def factor_4k(scene: str) -> dict:
    """Wall seconds of one scene at 4K and at 1080p60 (both with the default encoder), and their ratio."""
    with tempfile.TemporaryDirectory() as tmp:
        hd = run([scene, "--quality", "high", "--force", "--jobs", "1", "--out", tmp])
        uhd = run([scene, "--quality", "4k", "--force", "--jobs", "1", "--out", tmp])
    return {"scene": scene, "high_s": round(hd, 1), "4k_s": round(uhd, 1), "factor": round(uhd / hd, 3)}


def project(per_render_s: list[float], machines: int) -> float:
    """Wall seconds for these renders on `machines` machines, longest first to the least loaded."""
    loads = [0.0] * machines
    heapq.heapify(loads)
    for t in sorted(per_render_s, reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + t)
    return max(loads)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="pairs for the overhead")
    parser.add_argument("--4k-scene", dest="scene_4k", default="layernorm_steps")
    parser.add_argument("--skip-overhead", action="store_true", help="keep the last run's overhead")
    parser.add_argument("--skip-4k", action="store_true", help="keep the last run's 4K factor")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "farm_bench.json")
    args = parser.parse_args(argv)
    old = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
    result = {"overhead": old.get("overhead")} if args.skip_overhead else {"overhead": overhead(args.runs)}
    print(json.dumps(result["overhead"]), flush=True)
    result["4k"] = old["4k"] if args.skip_4k else factor_4k(args.scene_4k)
    print(json.dumps(result["4k"]), flush=True)
    walls = {r["entry"]: r["wall_fast_s"] for r in
             json.loads((ROOT / "bench" / "encoder_bench.json").read_text("utf-8"))}
    per_render = [w * result["4k"]["factor"] for w in walls.values() for _ in range(LOOKS)]
    result["projection_4k"] = {
        "renders": len(per_render), "one_render_s": {k: round(w * result["4k"]["factor"], 1) for k, w in walls.items()},
        "hours_on": {n: round(project(per_render, n) / 3600, 2) for n in (1, 2, 4, 8, 16)}}
    print(json.dumps(result["projection_4k"]), flush=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
