"""Ctrl-C and SIGTERM that no library can swallow.

Python turns SIGINT into KeyboardInterrupt wherever the main thread is, and a library that guards a
clean-up with `suppress(BaseException)` (Manim does, around its encoder threads) can swallow it: the
render would then go on and commit as if nothing had happened. So the handlers here also remember
the signal, and the render pipeline calls `raise_pending()` at safe points: before each video frame
is written and before it commits anything. A signal that lands inside a finalizer (a weakref
callback, `__del__`) is only remembered: an exception raised there would be printed and dropped.

The clean-up an interrupt starts has a deadline: if the run has not ended GRACE_S seconds after the
first signal (a library waiting for a thread or a lock that will never come back), the staging folders
of its renders in progress are removed and the process ends with the signal's code, so Ctrl-C or a
scheduler's SIGTERM always ends the run and never leaves a partial file.
"""
from __future__ import annotations

import _thread
import atexit
import os
import shutil
import signal
import threading
import time


class Terminated(BaseException):
    """SIGTERM, raised like Ctrl-C so that the same clean-up runs."""



def wrapped(exc: BaseException) -> BaseException | None:
    """The Ctrl-C or SIGTERM inside an ordinary exception, or None. A signal can land while Python runs code
    that wraps what it raises: a class body's `__set_name__` turns the interrupt into "RuntimeError: Error
    calling __set_name__", its __cause__ the interrupt. Such a run was interrupted, not failed."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, (KeyboardInterrupt, Terminated)):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


_pending: list[int] = []

GRACE_S = 60.0  # how long an interrupted run's clean-up may take before the process ends anyway
open_staging: set[str] = set()  # this process's staging folders in progress (studio.build.outdir.Staging)
_deadline = {"armed": False, "started": False}


def _on_signal(signum, frame):
    _pending.append(signum)
    if _deadline["armed"] and not _deadline["started"]:
        _deadline["started"] = True
        # the low-level thread start takes none of threading's locks, which the interrupted code may hold
        _thread.start_new_thread(_end_when_stuck, (signum,))
    if frame is not None and (frame.f_code.co_name == "__del__"
                              or frame.f_code.co_filename.endswith(("weakref.py", "_weakrefset.py"))):
        return  # the next safe point raises it
    raise KeyboardInterrupt() if signum == signal.SIGINT else Terminated()


def install(deadline: bool = False) -> dict:
    """Handle SIGINT and SIGTERM here (main thread only); returns the previous handlers. With `deadline`
    (the program itself, never a caller in a longer-lived process) the first signal also starts the
    clean-up's deadline."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    _pending.clear()
    _deadline.update(armed=deadline, started=False)
    return {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)}


def restore(previous: dict) -> None:
    """Put back the handlers `install` replaced. A signal that arrived under them belonged to that run:
    it is forgotten, so a later run in the same process (a test worker) is not stopped by it at its
    first raise_pending()."""
    for s, handler in previous.items():
        signal.signal(s, handler)
    _pending.clear()
    _deadline.update(armed=False, started=False)


def exit_on_late_signal(code: int) -> None:
    """Once the run's outcome is decided, a SIGINT or SIGTERM arriving while the interpreter shuts down
    ends the process at once with that outcome's code, instead of killing it by the signal (exit -2)
    after its files were committed."""
    import sys

    def leave(signum, frame):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)

    if threading.current_thread() is threading.main_thread():
        for s in (signal.SIGINT, signal.SIGTERM):
            signal.signal(s, leave)
        atexit.register(_ignore_late_signals)  # the first exit handler to run (they run last in, first out)


def _ignore_late_signals() -> None:
    """From the exit handlers on, SIGINT and SIGTERM are ignored: a Python handler no longer runs once the
    interpreter has disabled signal handling, and it then puts back the default action of a signal it
    handled (death by the signal, exit −2) but leaves an ignored one ignored."""
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_IGN)


def _end_when_stuck(signum: int) -> None:
    """GRACE_S after the first signal: remove the staging folders still open and end the process with the
    signal's code. Writes with os.write: the stuck main thread may hold the lock of sys.stderr."""
    time.sleep(GRACE_S)
    for path in list(open_staging):
        shutil.rmtree(path, ignore_errors=True)
        if os.path.lexists(path):
            left_behind.append(path)
    word = "interrupted" if signum == signal.SIGINT else "terminated"
    line = f"{farewell(word)} (its clean-up was cut short after {GRACE_S:g} s)\n"
    try:
        os.write(2, line.encode("utf-8", "replace"))
    except OSError:
        pass
    os._exit(130 if signum == signal.SIGINT else 143)


def raise_pending() -> None:
    """Raise the interrupt a library swallowed, if any arrived."""
    if _pending:
        raise KeyboardInterrupt() if _pending[0] == signal.SIGINT else Terminated()


left_behind: list[str] = []  # staging folders an interrupted run could not remove (studio.run.jobs)


def farewell(word: str) -> str:
    """The last line of an interrupted run: 'no partial files' only when that is true."""
    if not left_behind:
        return f"{word}: no partial files were left"
    shown = ", ".join(left_behind[:3]) + (f" and {len(left_behind) - 3} more" if len(left_behind) > 3 else "")
    many = len(left_behind) > 1
    return (f"{word}: {len(left_behind) if many else 'a'} partial folder{'s' if many else ''} could not be "
            f"removed (delete {'them' if many else 'it'} by hand): {shown}")


def exit_now_if_threads_left(code: int) -> None:
    """After an interrupt, every clean-up of ours has run; a library's worker threads (Manim's video
    encoders, waiting for frames that will never come) would keep the interpreter from exiting, so
    leave at once when any are left."""
    import sys

    if any(t is not threading.main_thread() and not t.daemon for t in threading.enumerate()):
        _release_multiprocessing()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _release_multiprocessing() -> None:
    """What the exit hook os._exit skips would do for multiprocessing: unlink the named semaphores a
    process pool made (--jobs N). Skipped, they stay registered with multiprocessing's resource
    tracker, which removes them once the last worker is gone and prints a 'leaked semaphore objects'
    warning on the terminal."""
    import sys

    util = sys.modules.get("multiprocessing.util")
    if util is not None:
        util._run_finalizers(0)  # priority >= 0: the semaphores' clean-up, no joins
