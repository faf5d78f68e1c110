"""Render many entries: in worker processes (--jobs N), with one progress line and a summary.

Each task is one (entry, look) pair. A failed task does not stop the others; its traceback goes to
OUT/NAME/NAME.log and the run ends non-zero naming it. Workers are separate processes (Manim's
configuration is global per process), started with 'spawn' so no state leaks between them.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from look import Look


@dataclass(frozen=True)
class Task:
    name: str
    theme: str
    lang: str
    quality: str | None  # a QUALITIES key; None uses the tiny test quality
    fmt: str | None
    out_root: str
    sections: bool = False
    force: bool = False
    captions: str = "burn"  # scenes: burn, file (SRT/VTT only) or none

    @property
    def label(self) -> str:
        return f"{self.name} [{self.lang}, {self.theme}]"


@dataclass(frozen=True)
class Outcome:
    task: Task
    status: str  # "rendered", "cached" or "failed"
    seconds: float
    files: tuple = ()
    error: str = ""
    log: str = ""


def run_task(task: Task) -> Outcome:
    """Render one task; never raises (a failure is an Outcome with its log file)."""
    from studio import catalogue
    from studio.render import QUALITIES, TINY, render_entry

    started = time.perf_counter()
    entry = catalogue.get(task.name)
    try:
        quality = QUALITIES[task.quality] if task.quality else TINY
        result = render_entry(entry, Look(task.theme, task.lang), quality=quality, fmt=task.fmt,
                              out_root=Path(task.out_root), sections=task.sections, force=task.force,
                              captions=task.captions)
        return Outcome(task, "cached" if result.cached else "rendered", result.seconds,
                       tuple(str(f) for f in result.files))
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # reported, not raised: the other entries go on
        log = _write_log(Path(task.out_root) / entry.name / f"{entry.name}.log", traceback.format_exc())
        return Outcome(task, "failed", time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}",
                       log=str(log))


def _write_log(path: Path, text: str) -> Path:
    """The log beside the output; in the temporary folder when the output folder is unusable."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path
    except OSError:
        fallback = Path(tempfile.gettempdir()) / f"transformer-frames-{path.name}"
        fallback.write_text(text, encoding="utf-8")
        return fallback


def _worker_init():
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the pool


class Progress:
    """One status line on a terminal (or one line per finished task otherwise)."""

    def __init__(self, total: int, stream=sys.stderr):
        self.total = total
        self.done = 0
        self.stream = stream
        self.started = time.perf_counter()
        self.running: list[str] = []
        self.rendered_seconds: list[float] = []
        self.tty = stream.isatty()

    def _clock(self, seconds: float) -> str:
        m, s = divmod(int(seconds), 60)
        return f"{m}:{s:02d}"

    def line(self, jobs: int) -> str:
        elapsed = time.perf_counter() - self.started
        left = self.total - self.done
        if self.rendered_seconds and left:
            avg = sum(self.rendered_seconds) / len(self.rendered_seconds)
            eta = f", about {self._clock(avg * left / max(1, jobs))} left"
        else:
            eta = ""
        now = ", ".join(self.running[:3]) + (" …" if len(self.running) > 3 else "")
        return f"[{self.done}/{self.total}] {self._clock(elapsed)} elapsed{eta}" + (f" · {now}" if now else "")

    def show(self, jobs: int, finished: Outcome | None = None):
        if self.total == 1 and not self.tty:
            return  # the caller reports the single result
        if self.tty:
            self.stream.write("\r\033[K" + self.line(jobs))
            if finished is not None and finished.status == "failed":
                self.stream.write(f"\n  FAILED {finished.task.label}: {finished.error}\n")
        elif finished is not None:
            self.stream.write(f"{self.line(jobs)} · {finished.status} {finished.task.label} "
                              f"({finished.seconds:.1f} s)\n")
        self.stream.flush()

    def close(self):
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run_all(tasks: list[Task], jobs: int) -> list[Outcome]:
    """Run tasks with `jobs` worker processes (1: in this process); outcomes in task order."""
    progress = Progress(len(tasks))
    outcomes: dict[Task, Outcome] = {}

    def record(outcome: Outcome):
        outcomes[outcome.task] = outcome
        progress.done += 1
        if outcome.status == "rendered":
            progress.rendered_seconds.append(outcome.seconds)
        if outcome.task.label in progress.running:
            progress.running.remove(outcome.task.label)
        progress.show(jobs, outcome)

    try:
        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                progress.running = [task.label]
                progress.show(1)
                record(run_task(task))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init) as pool:
                pending = {}
                queue = list(tasks)
                try:
                    while queue or pending:
                        while queue and len(pending) < jobs:
                            task = queue.pop(0)
                            pending[pool.submit(run_task, task)] = task
                            progress.running.append(task.label)
                        progress.show(jobs)
                        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished:
                            pending.pop(future)
                            record(future.result())
                except KeyboardInterrupt:
                    for future in pending:
                        future.cancel()
                    for proc in list(getattr(pool, "_processes", {}).values()):
                        proc.terminate()
                    raise
    finally:
        progress.close()
    return [outcomes[t] for t in tasks if t in outcomes]


def summary(outcomes: list[Outcome], wall: float) -> str:
    rows = [("entry", "status", "seconds", "output")]
    for o in outcomes:
        first = Path(o.files[0]).name if o.files else (o.log or "")
        rows.append((o.task.label, o.status.upper() if o.status == "failed" else o.status,
                     f"{o.seconds:.1f}", first))
    widths = [max(len(r[k]) for r in rows) for k in range(4)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    counts = {s: sum(o.status == s for o in outcomes) for s in ("rendered", "cached", "failed")}
    lines.append(f"{len(outcomes)} outputs in {wall:.1f} s: {counts['rendered']} rendered, "
                 f"{counts['cached']} from cache, {counts['failed']} failed")
    for o in outcomes:
        if o.status == "failed":
            lines.append(f"failed: {o.task.label}: {o.error} (log: {o.log})")
    return "\n".join(lines)


def default_jobs() -> int:
    return os.cpu_count() or 1
