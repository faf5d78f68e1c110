"""Render many entries: in worker processes (--jobs N), with one progress line and a summary.

Each job is one render request (studio.build.request.Request). A failed one does not stop the others; its
traceback goes to OUT/NAME.log (beside the output folder, removed by the next good render) and the
run ends non-zero naming it: exit 3 when a system dependency is missing, 1 otherwise. Workers are separate processes (Manim's
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

from studio.build import interrupts
from studio.errors import UserError
from studio.options import EXIT_FAILED, EXIT_MISSING, EXIT_USAGE
from studio.build.request import Request


@dataclass(frozen=True)
class Outcome:
    request: Request
    status: str  # "rendered", "cached" or "failed"
    seconds: float
    files: tuple = ()
    error: str = ""
    log: str = ""
    code: int = 0  # for a failure: EXIT_MISSING (install something) or EXIT_FAILED


def run_task(request: Request) -> Outcome:
    """Render one request; never raises (a failure is an Outcome with its log file)."""
    from studio.build.render import render_entry

    started = time.perf_counter()
    try:
        result = render_entry(request)
        return Outcome(request, "cached" if result.cached else "rendered", result.seconds,
                       tuple(str(f) for f in result.files))
    except KeyboardInterrupt:
        raise
    except UserError as exc:  # nothing to log: the message says what to fix or install
        return Outcome(request, "failed", time.perf_counter() - started, error=str(exc), code=exc.exit_code)
    except Exception as exc:  # reported, not raised: the other entries go on
        if (interrupt := interrupts.wrapped(exc)) is not None:  # an interrupt some library wrapped: still one
            raise interrupt from None
        log = write_log(request.log, traceback.format_exc())
        return Outcome(request, "failed", time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}",
                       log=str(log), code=EXIT_FAILED)


def write_log(path: Path, text: str) -> Path:
    """The log beside the output folder, written through a new file and a rename (a link planted at
    that name is replaced, never followed); a fresh file in the temporary folder when the output
    folder is unusable."""
    from studio.build.atomic import write_text

    try:
        write_text(path, text)
        return path
    except OSError:
        fd, fallback = tempfile.mkstemp(prefix=f"transformer-frames-{path.stem}-", suffix=".log")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        return Path(fallback)


def exit_code(outcomes: list[Outcome]) -> int:
    """0 when every request is done; else the most telling failure: 3 a system dependency is missing,
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
    _no_process_lock_for_progress_bars()


def _no_process_lock_for_progress_bars() -> None:
    """Manim's progress bars (tqdm) make a multiprocessing lock, a named semaphore, in each worker. A
    worker stopped with SIGKILL (see _stop) cannot unlink it, and the resource tracker then warns about
    'leaked semaphore objects' on the user's terminal. A worker's bars are its own: a thread lock will do."""
    from tqdm.std import TqdmDefaultWriteLock

    TqdmDefaultWriteLock.mp_lock = None  # create_mp_lock() keeps an existing attribute


@contextlib.contextmanager
def _starting():
    """Start workers with Ctrl-C and SIGTERM held back until submit() returns. The workers inherit the
    blocked SIGINT, so a Ctrl-C cannot stop a worker in the middle of its imports (its traceback would
    reach the terminal); the worker discards it (_worker_init ignores SIGINT, then unblocks it). In the
    parent, Python runs a signal's handler at its next bytecode, not when the signal arrives: a Ctrl-C
    that reached the interpreter just before the mask would still raise inside Popen, after the worker
    was spawned and before it was sent its preparation data (it then prints 'EOFError: Ran out of
    input'). So while workers start, the handlers only note a signal, and it is raised afterwards."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    previous = {s: signal.signal(s, lambda signum, frame: held.append(signum))
                for s in (signal.SIGINT, signal.SIGTERM)}
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # one that came since: its handler runs
        if held:
            signal.raise_signal(held[0])  # the run's own handler, now that the worker has all it needs


PR_SET_PDEATHSIG = 1


def _die_with(parent: int) -> None:
    """SIGKILL this process when `parent` ends: Linux's parent-death signal (prctl), then a check that
    the parent did not end before it was set, and everywhere a daemon thread that watches the parent
    pid (a fallback where prctl is missing). SIGKILL runs no code: the staging folder the worker held is
    left unlocked and removed by the next render of that entry (studio.build.outdir.sweep)."""
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
                self.stream.write(f"\n  FAILED {finished.request.label}: {finished.error}\n")
        elif finished is not None:
            self.stream.write(f"{self.line(jobs)} · {finished.status} {finished.request.label} "
                              f"({finished.seconds:.1f} s)\n")
        self.stream.flush()

    def close(self):
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


class Tally:
    """The outcomes of a run as they come in, shown on the progress line."""

    def __init__(self, requests: list[Request]):
        self.requests = requests
        self.progress = Progress(len(requests))
        self.outcomes: dict[Request, Outcome] = {}
        self.workers = 1

    def started(self, request: Request) -> None:
        self.progress.running.append(request.label)

    def record(self, outcome: Outcome) -> None:
        self.outcomes[outcome.request] = outcome
        self.progress.done += 1
        if outcome.status == "rendered":
            self.progress.rendered_seconds.append(outcome.seconds)
        if outcome.request.label in self.progress.running:
            self.progress.running.remove(outcome.request.label)
        self.progress.show(self.workers, outcome)

    def show(self) -> None:
        self.progress.show(self.workers)

    def result(self) -> list[Outcome]:
        """Outcomes in request order (those that finished)."""
        self.progress.close()
        return [self.outcomes[r] for r in self.requests if r in self.outcomes]


def run_all(requests: list[Request], jobs: int) -> list[Outcome]:
    """Run requests with `jobs` worker processes (1: in this process); outcomes in request order."""
    tally = Tally(requests)
    tally.workers = jobs
    try:
        if jobs <= 1 or len(requests) <= 1:
            for request in requests:
                tally.progress.running = [request.label]
                tally.show()
                tally.record(run_task(request))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init,
                                     initargs=(os.getpid(),)) as pool:
                pending = {}
                queue = list(requests)
                try:
                    while queue or pending:
                        while queue and len(pending) < jobs:
                            request = queue.pop(0)
                            with _starting():  # submit() starts a worker while there are fewer than `jobs`
                                pending[pool.submit(run_task, request)] = request
                            tally.started(request)
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
        interrupts.left_behind[:] = _sweep(requests)  # the staging folders of stopped renders; what stays is said
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


def _sweep(requests: list[Request]) -> list[str]:
    """Remove the staging folders of the requests' output folders (OUT/NAME, OUT/NAME@key=value,... or a
    lesson's folder) that no running render holds; return those that could not be removed."""
    from studio.build.outdir import STAGING, sweep

    left = []
    for folder in dict.fromkeys(r.folder for r in requests):
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
        rows.append((o.request.label, o.status.upper() if o.status == "failed" else o.status,
                     f"{o.seconds:.1f}", first))
    widths = [max(len(r[k]) for r in rows) for k in range(4)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    counts = {s: sum(o.status == s for o in outcomes) for s in ("rendered", "cached", "failed")}
    lines.append(f"{len(outcomes)} outputs in {wall:.1f} s: {counts['rendered']} rendered, "
                 f"{counts['cached']} from cache, {counts['failed']} failed")
    for o in outcomes:
        if o.status == "failed":
            lines.append(f"failed: {o.request.label}: {o.error}" + (f" (log: {o.log})" if o.log else ""))
    return "\n".join(lines)


def default_jobs() -> int:
    return os.cpu_count() or 1
