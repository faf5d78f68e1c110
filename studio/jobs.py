"""Render many entries: in worker processes (--jobs N), with one progress line and a summary.

Each task is one (entry, look) pair. A failed task does not stop the others; its traceback goes to
OUT/NAME.log (beside the output folder, removed by the next good render) and the run ends non-zero
naming it: exit 3 when a system dependency is missing, 1 otherwise. Workers are separate processes (Manim's
configuration is global per process), started with 'spawn' so no state leaks between them. They
end with the process that started them (a parent-death signal), and Ctrl-C or SIGTERM stops them at
once: their staging folders are swept by folder name, and what could not be removed is reported.
"""
from __future__ import annotations

import contextlib
import glob
import multiprocessing
import os
import sys
import tempfile
import threading
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from look import Look
from studio import interrupts
from studio.errors import UserError
from studio.options import DEFAULT_ENCODER, EXIT_FAILED, EXIT_MISSING, EXIT_USAGE


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
    svg_text: str = "embed"  # SVG figures: embed (font subsets), path (outlines) or text (font names only)
    encoder: str = DEFAULT_ENCODER  # scene videos: x264 settings (studio.options.ENCODERS)
    given: tuple = ()  # (name, value) pairs: your own numbers (--set, a lesson file), already checked
    out_name: str = ""  # the output folder a lesson file names

    @property
    def label(self) -> str:
        shown = self.out_name or (self.entry().folder if self.given else self.name)
        return f"{shown} [{self.lang}, {self.theme}]"

    def entry(self):
        """The catalogue entry with this task's parameters."""
        from studio import catalogue

        entry = catalogue.get(self.name)
        return entry.with_params(dict(self.given), self.out_name) if self.given or self.out_name else entry


@dataclass(frozen=True)
class Outcome:
    task: Task
    status: str  # "rendered", "cached" or "failed"
    seconds: float
    files: tuple = ()
    error: str = ""
    log: str = ""
    code: int = 0  # for a failure: EXIT_MISSING (install something) or EXIT_FAILED


def run_task(task: Task) -> Outcome:
    """Render one task; never raises (a failure is an Outcome with its log file)."""
    from studio.render import QUALITIES, TINY, failed_log, render_entry

    started = time.perf_counter()
    entry = task.entry()
    try:
        quality = QUALITIES[task.quality] if task.quality else TINY
        result = render_entry(entry, Look(task.theme, task.lang), quality=quality, fmt=task.fmt,
                              out_root=Path(task.out_root), sections=task.sections, force=task.force,
                              captions=task.captions, svg_text=task.svg_text, encoder=task.encoder)
        return Outcome(task, "cached" if result.cached else "rendered", result.seconds,
                       tuple(str(f) for f in result.files))
    except KeyboardInterrupt:
        raise
    except UserError as exc:  # nothing to log: the message says what to fix or install
        return Outcome(task, "failed", time.perf_counter() - started, error=str(exc), code=exc.exit_code)
    except Exception as exc:  # reported, not raised: the other entries go on
        log = write_log(failed_log(Path(task.out_root), entry.folder), traceback.format_exc())
        return Outcome(task, "failed", time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}",
                       log=str(log), code=EXIT_FAILED)


def write_log(path: Path, text: str) -> Path:
    """The log beside the output folder, written through a new file and a rename (a link planted at
    that name is replaced, never followed); a fresh file in the temporary folder when the output
    folder is unusable."""
    from studio.atomic import write_text

    try:
        write_text(path, text)
        return path
    except OSError:
        fd, fallback = tempfile.mkstemp(prefix=f"transformer-frames-{path.stem}-", suffix=".log")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        return Path(fallback)


def exit_code(outcomes: list[Outcome]) -> int:
    """0 when every task is done; else the most telling failure: 3 a system dependency is missing,
    2 bad input, 1 a render failed."""
    codes = {o.code for o in outcomes if o.status == "failed"}
    for code in (EXIT_MISSING, EXIT_USAGE, EXIT_FAILED):
        if code in codes:
            return code
    return 0


def _worker_init(parent: int):
    """Set up a worker process: Ctrl-C is the parent's to handle (it stops the pool), and the worker
    ends with its parent `parent` (a pid): a run killed with SIGKILL (the OOM killer, a CI timeout)
    must not leave workers of ~270 MB each rendering on and committing folders nobody waits for."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the pool
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked since the start: see _starting
    _die_with(parent)


@contextlib.contextmanager
def _starting():
    """Start workers with Ctrl-C blocked: they inherit the mask, so a Ctrl-C at that moment cannot
    stop a worker in the middle of its imports (its traceback would reach the terminal); the worker
    discards it (_worker_init ignores SIGINT, then unblocks it) and the parent handles it as usual."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


PR_SET_PDEATHSIG = 1


def _die_with(parent: int) -> None:
    """SIGKILL this process when `parent` ends: Linux's parent-death signal (prctl), then a check that
    the parent did not end before it was set, and everywhere a daemon thread that watches the parent
    pid (a fallback where prctl is missing). SIGKILL runs no code: the staging folder the worker held is
    left unlocked and removed by the next render of that entry (studio.outdir.sweep)."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux
        pass
    if os.getppid() != parent:  # the parent ended before prctl: the signal will never come
        os.kill(os.getpid(), signal.SIGKILL)

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


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


class Tally:
    """The outcomes of a run as they come in, shown on the progress line."""

    def __init__(self, tasks: list[Task]):
        self.tasks = tasks
        self.progress = Progress(len(tasks))
        self.outcomes: dict[Task, Outcome] = {}
        self.workers = 1

    def started(self, task: Task) -> None:
        self.progress.running.append(task.label)

    def record(self, outcome: Outcome) -> None:
        self.outcomes[outcome.task] = outcome
        self.progress.done += 1
        if outcome.status == "rendered":
            self.progress.rendered_seconds.append(outcome.seconds)
        if outcome.task.label in self.progress.running:
            self.progress.running.remove(outcome.task.label)
        self.progress.show(self.workers, outcome)

    def show(self) -> None:
        self.progress.show(self.workers)

    def result(self) -> list[Outcome]:
        """Outcomes in task order (those that finished)."""
        self.progress.close()
        return [self.outcomes[t] for t in self.tasks if t in self.outcomes]


def run_all(tasks: list[Task], jobs: int) -> list[Outcome]:
    """Run tasks with `jobs` worker processes (1: in this process); outcomes in task order."""
    tally = Tally(tasks)
    tally.workers = jobs
    try:
        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                tally.progress.running = [task.label]
                tally.show()
                tally.record(run_task(task))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init,
                                     initargs=(os.getpid(),)) as pool:
                pending = {}
                queue = list(tasks)
                try:
                    while queue or pending:
                        while queue and len(pending) < jobs:
                            task = queue.pop(0)
                            with _starting():  # submit() starts a worker while there are fewer than `jobs`
                                pending[pool.submit(run_task, task)] = task
                            tally.started(task)
                        tally.show()
                        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                        for future in finished:
                            pending.pop(future)
                            tally.record(future.result())
                except BaseException:  # Ctrl-C, SIGTERM (interrupts.Terminated), a worker lost
                    _stop(pool, pending)
                    interrupts.raise_pending()  # workers killed with the parent's group: the signal is the cause
                    raise
    except BaseException:
        interrupts.left_behind[:] = _sweep(tasks)  # the staging folders of stopped renders; what stays is said
        raise
    finally:
        outcomes = tally.result()
    return outcomes


def _stop(pool: ProcessPoolExecutor, pending: dict) -> None:
    """Stop every worker at once (SIGKILL: a render in progress has nothing to save, its staging
    folder is swept), and reap them, so their locks are released before the sweep."""
    for future in pending:
        future.cancel()
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for proc in workers:
        proc.kill()
    for proc in workers:
        proc.join(timeout=10)
    pool.shutdown(wait=False, cancel_futures=True)


def _sweep(tasks: list[Task]) -> list[str]:
    """Remove the staging folders of the tasks' output folders (OUT/NAME, OUT/NAME@key=value,... or a
    lesson's folder) that no running render holds; return those that could not be removed."""
    from studio.outdir import STAGING, sweep

    left = []
    for folder in dict.fromkeys(Path(t.out_root) / t.entry().folder for t in tasks):
        sweep(folder)
        left += [str(p) for p in sorted(folder.parent.glob(glob.escape(STAGING.format(name=folder.name)) + "*"))
                 if not _in_use(p)]
    return left


def _in_use(path: Path) -> bool:
    """True when a running render holds the staging folder's lock (another process's render, not ours)."""
    import fcntl

    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


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
            lines.append(f"failed: {o.task.label}: {o.error}" + (f" (log: {o.log})" if o.log else ""))
    return "\n".join(lines)


def default_jobs() -> int:
    return os.cpu_count() or 1
