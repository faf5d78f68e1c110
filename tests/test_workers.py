"""`--jobs N` under real signals: workers die with their parent, SIGTERM stops a run at once (exit
143) as Ctrl-C does (130), and no staging folder is left, for plain entries, `--set` entries
(NAME@key=value,...) and a lesson's folders.

Each test starts `render.py` in its own session (so the whole group can be signalled and nothing
outlives the test), waits for the workers to be inside their renders, sends the signal and checks
the outcome. Every wait is for a condition with a generous deadline: the suite runs on loaded machines.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studio.build.request import Request
from tests.conftest import ROOT

pytestmark = pytest.mark.render

STAGING = ".*.staging-*"


def start(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(ROOT / "render.py"), *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def workers_of(pid: int) -> list[int]:
    """The pool's worker processes of `pid` (spawned by multiprocessing; not its resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


def in_session(sid: int) -> list[int]:
    """Every live process of the session `sid` (the test's render and anything it started)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == sid and fields[0] != "Z":  # state, ppid, pgrp, session
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, proc, what: str, timeout: float = 300.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the render ended before {what}: {proc.returncode}\n{proc.stderr.read()}")
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def rendering(out: Path, n: int = 1):
    """True once `n` staging folders below OUT hold Manim's media folder (renders under way)."""
    return lambda: len(list(out.rglob(f"{STAGING}/.media-*"))) >= n


@pytest.fixture
def session():
    """Kill whatever a test's render left in its session, whatever the outcome."""
    started: list[subprocess.Popen] = []
    yield started.append
    for proc in started:
        for pid in in_session(proc.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            proc.kill()
        except OSError:
            pass
        try:
            proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # a pipe still held by a process outside the session
            pass


def lesson(tmp_path: Path) -> Path:
    path = tmp_path / "week.toml"
    path.write_text('lang = "en"\ntheme = "light"\n'
                    '[[entry]]\nname = "pe_clock"\nfolder = "clock_a"\nset = { d_model = 8 }\n'
                    '[[entry]]\nname = "permutation"\nfolder = "perm_b"\n', encoding="utf-8")
    return path


RUNS = {  # what runs, and the folders it would commit
    "plain": lambda tmp: ["pe_clock", "permutation"],
    "set": lambda tmp: ["pe_clock", "--set", "d_model=8", "--theme", "all"],
    "lesson": lambda tmp: ["--lesson", lesson(tmp)],
}


PARENT, GROUP = False, True  # `kill PID` reaches the parent alone; Ctrl-C, job control or a container stop the group
# A default run takes three cases that between them hold every kind of run, both signals and both
# targets; TF_FULL=1 all seven.
DEFAULT_CASES = {("plain", signal.SIGTERM, PARENT), ("lesson", signal.SIGINT, GROUP), ("set", signal.SIGTERM, GROUP)}
CASES = [pytest.param(run, sig, who, id=f"{run}-{sig.name}-{'group' if who else 'parent'}",
                      marks=() if (run, sig, who) in DEFAULT_CASES else pytest.mark.full) for run, sig, who in (
    ("plain", signal.SIGTERM, PARENT), ("set", signal.SIGTERM, PARENT), ("lesson", signal.SIGTERM, PARENT),
    ("plain", signal.SIGTERM, GROUP), ("set", signal.SIGTERM, GROUP), ("lesson", signal.SIGINT, GROUP),
    ("set", signal.SIGINT, GROUP))]


@pytest.mark.parametrize("run, sig, group", CASES)
def test_a_signal_stops_a_parallel_run_at_once_leaving_no_staging_folder(tmp_path, session, run, sig, group):
    code, word = (143, "terminated") if sig == signal.SIGTERM else (130, "interrupted")
    out = tmp_path / "out"
    proc = start(*RUNS[run](tmp_path), "--quality", "low", "--out", out, "--jobs", "2")
    session(proc)
    wait_for(rendering(out), proc, "a render under way")
    workers = wait_for(lambda: workers_of(proc.pid), proc, "the workers")
    sent = time.monotonic()
    os.killpg(proc.pid, sig) if group else proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    took = time.monotonic() - sent
    assert proc.returncode == code, err
    assert took < 10, f"{took:.1f} s from the signal to the exit"
    assert "Traceback" not in err and "leaked semaphore" not in err and "resource_tracker" not in err, err
    assert f"{word}: no partial files were left" in err, err
    assert wait_for(lambda: not any(alive(w) for w in workers), None, "the workers to end", 30)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob(STAGING)) == []
    assert [m for m in out.rglob("*.manifest.json")] == []  # nothing committed


def test_workers_die_with_their_parent_and_commit_nothing(tmp_path, session):
    """SIGKILL to the parent (OOM killer, `kill -9`, a CI timeout): its workers end within seconds
    instead of rendering on (about 270 MB each) and committing folders nobody waits for."""
    out = tmp_path / "out"
    proc = start("pe_clock", "permutation", "--quality", "low", "--out", out, "--jobs", "2")
    session(proc)
    wait_for(rendering(out), proc, "a render under way")
    workers = wait_for(lambda: workers_of(proc.pid), proc, "the workers")
    assert len(workers) == 2, workers
    proc.kill()
    proc.communicate(timeout=60)
    gone = time.monotonic()
    wait_for(lambda: not any(alive(w) for w in workers), None, "the orphaned workers to end", 15)
    assert time.monotonic() - gone < 15
    time.sleep(2)  # had one survived, it would commit here
    assert [p.name for p in out.iterdir() if not p.name.startswith(".")] == []
    # what the killed workers left is unlocked: the next render of those entries removes it
    from studio.build.outdir import sweep

    left = len(list(out.glob(STAGING)))
    assert left and sweep(out / "pe_clock") + sweep(out / "permutation") == left
    assert list(out.glob(STAGING)) == []


def test_the_worker_sets_a_parent_death_signal():
    """Linux: prctl(PR_SET_PDEATHSIG) in the worker initializer (checked in this process, as a worker would)."""
    import ctypes

    from studio.run import jobs

    if not sys.platform.startswith("linux"):
        pytest.skip("prctl is Linux only")
    code = ("import ctypes, os, signal, sys; from studio.run import jobs; jobs._worker_init(os.getppid()); "
            "v = ctypes.c_int(); ctypes.CDLL(None).prctl(2, ctypes.byref(v), 0, 0, 0); print(v.value)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == signal.SIGKILL
    assert ctypes and jobs


def test_a_worker_whose_parent_is_already_gone_ends_at_once(tmp_path):
    """The parent may die before the worker's initializer runs: prctl would then never fire."""
    code = "import os; from studio.run import jobs; jobs._worker_init(1); print('still here')"
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == -signal.SIGKILL and "still here" not in out.stdout
    assert time.monotonic() - started < 30


def test_the_sweep_reports_what_it_could_not_remove(tmp_path, monkeypatch):
    """The interrupted run's last line says what it left, and 'no partial files' only when true."""
    from studio.build import interrupts
    from studio.run import jobs

    out = tmp_path / "out"
    task = Request.of("pe_clock", given={"d_model": 8}, out_root=out)
    folder = task.folder
    left = out / f".{folder.name}.staging-abc"
    (left / "sub").mkdir(parents=True)
    (left / "sub" / "f").write_text("x")
    other = out / ".pe_clock.staging-def"  # the entry's plain folder: not this task's
    other.mkdir()
    monkeypatch.setattr("shutil.rmtree", lambda *a, **k: None)  # a file system that refuses
    assert jobs._sweep([task]) == [str(left)]
    assert other.exists()
    monkeypatch.setattr(interrupts, "left_behind", [str(left)])
    assert interrupts.farewell("terminated") == \
        f"terminated: a partial folder could not be removed (delete it by hand): {left}"
    monkeypatch.setattr(interrupts, "left_behind", [])
    assert interrupts.farewell("terminated") == "terminated: no partial files were left"


@pytest.mark.parametrize("after", [0.0, 0.2, 0.5])
def test_ctrl_c_while_the_workers_start_prints_no_traceback(tmp_path, session, after):
    """The workers are importing when Ctrl-C reaches the group: no worker's traceback on the terminal."""
    out = tmp_path / "out"
    proc = start("pe_clock", "permutation", "--quality", "low", "--out", out, "--jobs", "2")
    session(proc)
    wait_for(lambda: workers_of(proc.pid), proc, "the workers", 120)
    time.sleep(after)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted: no partial files were left", err


def test_a_ctrl_c_the_interpreter_takes_while_a_worker_starts_is_raised_once_it_has_started():
    """A Ctrl-C whose C handler ran just before the mask is raised by Python at a later bytecode: inside
    submit() it would stop Popen between spawning the worker and sending it its preparation data (the
    worker's 'EOFError: Ran out of input' traceback). While workers start it is held, then raised."""
    from studio.build import interrupts
    from studio.run import jobs

    previous = interrupts.install()
    steps = []
    try:
        with pytest.raises(KeyboardInterrupt):
            with jobs._starting():
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # as if it came before the mask
                signal.raise_signal(signal.SIGINT)  # runs the Python handler before returning
                steps.append("worker spawned")
                steps.append("preparation data sent")
            steps.append("after the start")
    finally:
        interrupts.restore(previous)
    assert steps == ["worker spawned", "preparation data sent"]
    assert signal.getsignal(signal.SIGINT) is previous[signal.SIGINT]
    interrupts.raise_pending()  # the run is over: its Ctrl-C does not stop the next run in this process


def test_a_signal_of_an_ended_run_does_not_stop_the_next_render_in_the_process(tmp_path):
    """install → SIGINT → restore, then an in-process render (as a test worker runs them): it completes.
    Before restore forgot the signal, the next render's first raise_pending() raised KeyboardInterrupt."""
    from studio.build import interrupts
    from look import Look
    from studio import catalogue
    from studio.build.render import render_entry

    previous = interrupts.install()
    try:
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    finally:
        interrupts.restore(previous)
    render_entry(Request(catalogue.get("pe_table"), Look("light", "en"), out_root=tmp_path))
    assert (tmp_path / "pe_table" / "pe_table.svg").is_file()


POOL_THEN_EXIT = """
import os, sys, threading, time
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from studio.build import interrupts
from studio.run import jobs
if __name__ == "__main__":
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"),
                               initializer=jobs._worker_init, initargs=(os.getpid(),))
    pool.submit(time.sleep, 60)
    time.sleep(1)
    threading.Thread(target=time.sleep, args=(60,)).start()  # an encoder thread that never ends
    interrupts.exit_now_if_threads_left(130)
"""


def test_leaving_with_threads_left_does_not_leak_the_pools_semaphores(tmp_path):
    """os._exit skips multiprocessing's exit hook: the pool's named semaphores must be released first,
    or the resource tracker warns about 'leaked semaphore objects' once the workers are gone."""
    script = tmp_path / "pool_then_exit.py"
    script.write_text(POOL_THEN_EXIT)
    out = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 130, out.stderr
    assert "leaked semaphore" not in out.stderr and out.stderr == "", out.stderr


WORKER_WITH_A_PROGRESS_BAR_KILLED = """
import os, sys
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from tqdm.std import tqdm
from studio.run import jobs
if __name__ == "__main__":
    setup = dict(initializer=jobs._worker_init, initargs=(os.getpid(),)) if sys.argv[1] == "worker" else {}
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), **setup)
    pool.submit(tqdm.write, "a bar's lock is made").result()  # what Manim's first bar does
    jobs._stop(pool, {})
"""


@pytest.mark.parametrize("setup", ["worker", "none"])
def test_a_killed_worker_that_drew_a_progress_bar_leaks_no_semaphore(tmp_path, setup):
    """A signal that reaches a parallel run after its workers drew a progress bar (under load, seconds
    into the render) must not end with the resource tracker's 'leaked semaphore objects' warning; the
    same pool without the worker set-up shows the warning, so this test sees the defect it guards."""
    script = tmp_path / "killed_worker.py"
    script.write_text(WORKER_WITH_A_PROGRESS_BAR_KILLED)
    out = subprocess.run([sys.executable, str(script), setup], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout == "a bar's lock is made\n"
    assert ("leaked semaphore" in out.stderr) == (setup == "none"), out.stderr
