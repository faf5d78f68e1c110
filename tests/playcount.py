"""Counting the suite's plays: with TF_COUNT_PLAYS=FILE, every scene play (Manim's Scene.render, a
real render or a dry one) and every figure drawing (its module's `make`) made in a test process
appends one line to FILE (scene or figure, the entry, full/dry/make, the test); the run's summary
then lists them by entry. A count of work done, independent of the machine's speed or load. Plays
in a `render.py` process a test starts are not counted."""
from __future__ import annotations

import fcntl
import os
from collections import Counter, defaultdict

ENV = "TF_COUNT_PLAYS"


def log_path():
    return os.environ.get(ENV) or None


def _append(kind: str, name: str, how: str) -> None:
    test = os.environ.get("PYTEST_CURRENT_TEST", "-").rsplit(" (", 1)[0]
    with open(log_path(), "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.write(f"{kind}\t{name}\t{how}\t{test}\n")


def install() -> None:
    """Wrap Scene.render and every figure's make so that each call is logged (once per process)."""
    import manim

    from studio import catalogue

    if getattr(manim.Scene.render, "_counted", False):
        return
    scenes = {}
    for entry in catalogue.ENTRIES:
        module = entry.load()
        if entry.kind == "scene":
            scenes[module.SCENE] = entry.name
        elif not getattr(module.make, "_counted", False):
            module.make = _counted_make(module.make, entry.name)
    render = manim.Scene.render

    def counted_render(self, *args, **kwargs):
        # a test's subclass of a scene (a watcher, a logger) counts as a play of that scene
        name = next((scenes[c] for c in type(self).__mro__ if c in scenes), type(self).__name__)
        _append("scene", name, "dry" if self.renderer.skip_animations else "full")
        return render(self, *args, **kwargs)

    counted_render._counted = True
    manim.Scene.render = counted_render


def _counted_make(make, name):
    def counted(*args, **kwargs):
        _append("figure", name, "make")
        return make(*args, **kwargs)

    counted._counted = True
    return counted


def summary(path) -> list[str]:
    """Lines for the terminal: plays by scene (full, dry), drawings by figure, and the tests that
    played each scene more than once."""
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    by = Counter((kind, name, how) for kind, name, how, _ in rows)
    tests = defaultdict(Counter)
    for kind, name, how, test in rows:
        tests[(kind, name)][test] += 1
    out = [f"plays counted ({path}): {sum(1 for r in rows if r[0] == 'scene')} scene plays, "
           f"{sum(1 for r in rows if r[0] == 'figure')} figure drawings"]
    for kind, name in sorted({(k, n) for k, n, _ in by}):
        hows = ", ".join(f"{how} {c}" for (k, n, how), c in sorted(by.items()) if (k, n) == (kind, name))
        out.append(f"  {kind} {name}: {hows}")
        for test, c in tests[(kind, name)].most_common():
            out.append(f"      {c} × {test}")
    return out
