"""Time the scenes' plays without pixels (what the layout gate and the narration script run), with
the text cache (scenes/parts/textcache.py) and without it, each mode in a fresh process:

    .venv/bin/python bench/play_bench.py            # prints seconds per scene: first play, second play

"built": every Text and MathTex constructed anew, as Manim does; "cached": the project's cache.
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(mode: str) -> None:
    sys.path.insert(0, str(ROOT))
    import scenes.parts.textcache as cache
    from look import Look
    from studio import catalogue
    from studio.build.dryplay import play_dry

    if mode == "built":
        cache._copy_of = lambda kind, args, kwargs: kind(*args, **kwargs)
    out = {}
    for entry in (e for e in catalogue.ENTRIES if e.kind == "scene"):
        record, module = entry.compute(), entry.load()
        times = []
        for _ in range(2):
            started = time.perf_counter()
            play_dry(module.SCENE, record, Look("light", "en"))
            times.append(round(time.perf_counter() - started, 2))
        out[entry.name] = times
    print(json.dumps(out))


def main() -> None:
    results = {}
    for mode in ("built", "cached"):
        p = subprocess.run([sys.executable, __file__, mode], capture_output=True, text=True, cwd=ROOT)
        results[mode] = json.loads(p.stdout.strip().splitlines()[-1])
    print("| scene | built: 1st, 2nd play | cached: 1st, 2nd play | 1st ratio | 2nd ratio |")
    print("|---|---|---|---|---|")
    for name, (b1, b2) in results["built"].items():
        c1, c2 = results["cached"][name]
        print(f"| {name} | {b1} s, {b2} s | {c1} s, {c2} s | {b1 / c1:.2f}× | {b2 / c2:.2f}× |")
    tb = sum(sum(v) for v in results["built"].values())
    tc = sum(sum(v) for v in results["cached"].values())
    print(f"| all | {tb:.1f} s | {tc:.1f} s | {tb / tc:.2f}× | |")


if __name__ == "__main__":
    child(sys.argv[1]) if len(sys.argv) > 1 else main()
