"""Render many entries on a Dask cluster: `render.py all --scheduler tcp://HOST:8786` or `local:N`.

One Dask task per (entry, look, quality). The cache is checked here, before anything is sent; what
is up to date is never sent. A worker renders into a private temporary folder and sends the files
back; this process writes them with the same staging folder, manifest and atomic swap as a local
render (studio.outdir, studio.cache), so a farm render is byte-identical to a local one and a worker
that dies mid-render leaves nothing half-written: Dask gives its task to another worker (a task that
kills three workers is reported as failed). Workers need the project installed at the same version:
a worker whose content key differs from this process's is refused, not trusted.

Dask is an optional extra (`pip install -e '.[farm]'`); local renders never import it.
"""
from __future__ import annotations

import shutil
import tempfile
import time
import traceback
from pathlib import Path

from studio.errors import MissingDependency, UserError
from studio.jobs import Outcome, Tally, Task, write_log
from studio.options import EXIT_FAILED, EXIT_MISSING

CONNECT_TIMEOUT_S = 10
# LocalCluster workers: no statistical profiler (it samples the rendering thread's stack every 10 ms;
# 4 scenes at low quality took 68.0 s with it and 59.5 s without, against 56.0 s with --jobs 2), and
# glibc's default memory trimming instead of Dask's 64 KB threshold (a frame is 1.6-8 MB, allocated
# and freed every frame; not measured on its own). Remote workers take their settings from their own
# environment (docs/farm.md).
WORKER_CONFIG = {"distributed.worker.profile.enabled": False,
                 "distributed.nanny.pre-spawn-environ": {"OMP_NUM_THREADS": 1, "MKL_NUM_THREADS": 1,
                                                         "OPENBLAS_NUM_THREADS": 1}}


class SchedulerUnreachable(UserError):
    """The scheduler named by --scheduler does not answer. Exit code 3."""

    exit_code = EXIT_MISSING


def parse_scheduler(spec: str) -> tuple[str, int | str]:
    """'local:N' -> ("local", N); 'tcp://host:port' (or tls://, ucx://, inproc://) -> ("remote", spec)."""
    if spec.startswith("local:"):
        n = spec.removeprefix("local:")
        if not n.isdigit() or not 1 <= int(n) <= 64:
            raise UserError(f"--scheduler {spec}: local:N takes a number of workers from 1 to 64")
        return "local", int(n)
    if "://" in spec and spec.split("://", 1)[1]:
        return "remote", spec
    raise UserError(f"--scheduler {spec!r}: give tcp://HOST:PORT (a running Dask scheduler) or local:N")


def connect(spec: str):
    """A Dask client (and the LocalCluster it owns, or None). Exit 3 when Dask or the scheduler is missing."""
    kind, target = parse_scheduler(spec)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise MissingDependency("Dask distributed (needed for --scheduler)",
                                "python3-distributed, or: pip install -e '.[farm]'") from None
    if kind == "local":
        import dask

        with dask.config.set(WORKER_CONFIG):  # the workers' nannies take the configuration as it is now
            cluster = LocalCluster(n_workers=target, threads_per_worker=1, processes=True, dashboard_address=None)
        return Client(cluster), cluster
    try:
        return Client(target, timeout=CONNECT_TIMEOUT_S), None
    except (OSError, TimeoutError) as e:
        raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {target} "
                                   f"({type(e).__name__} after {CONNECT_TIMEOUT_S} s)") from None


# -- on a worker -------------------------------------------------------------------------------
def render_remote(task: Task) -> dict:
    """Render `task` in a private folder; return its files as bytes (never raises for a failed render)."""
    from studio.render import QUALITIES, TINY, render_entry
    from look import Look

    started = time.perf_counter()
    scratch = Path(tempfile.mkdtemp(prefix="transformer-frames-farm-"))
    try:
        entry = task.entry()
        quality = QUALITIES[task.quality] if task.quality else TINY
        result = render_entry(entry, Look(task.theme, task.lang), quality=quality, fmt=task.fmt,
                              out_root=scratch, sections=task.sections, force=True, captions=task.captions,
                              svg_text=task.svg_text, encoder=task.encoder)
        folder = scratch / entry.folder
        files = {p.relative_to(folder).as_posix(): p.read_bytes()
                 for p in sorted(folder.rglob("*")) if p.is_file()}
        return {"status": "rendered", "seconds": time.perf_counter() - started, "files": files,
                "outputs": [f.relative_to(folder).as_posix() for f in result.files]}
    except UserError as e:
        return {"status": "failed", "seconds": time.perf_counter() - started, "error": str(e), "code": e.exit_code}
    except Exception as e:
        return {"status": "failed", "seconds": time.perf_counter() - started, "code": EXIT_FAILED,
                "error": f"{type(e).__name__}: {e}", "log": traceback.format_exc()}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# -- here ----------------------------------------------------------------------------------------
def _plan(task: Task):
    """(entry, look, quality, fmt, out_dir, key) of a task, as a local render computes them."""
    from look import Look
    from studio.render import QUALITIES, TINY, check_format, entry_key, output_dir

    entry = task.entry()
    look = Look(task.theme, task.lang)
    quality = QUALITIES[task.quality] if task.quality else TINY
    fmt = check_format(entry, task.fmt)
    key = entry_key(entry, look, quality, fmt, task.sections, task.captions, task.svg_text, task.encoder)
    from studio.outdir import check_owned
    check_owned(output_dir(Path(task.out_root), entry), entry.name)  # before sending, and before writing
    return entry, output_dir(Path(task.out_root), entry), key


def cached_outcome(task: Task) -> Outcome | None:
    """The outcome of a task the cache answers, without sending it anywhere."""
    from studio.cache import cached_files

    if task.force:
        return None
    started = time.perf_counter()
    entry, out_dir, key = _plan(task)
    files = cached_files(out_dir, key, entry.name)
    if files is None:
        return None
    return Outcome(task, "cached", time.perf_counter() - started, tuple(str(f) for f in files))


def install(task: Task, payload: dict) -> Outcome:
    """Write what a worker sent as one whole render (staging folder, manifest, atomic swap)."""
    from studio.atomic import atomic_path
    from studio.cache import cached_files, manifest_path, write_manifest
    from studio.outdir import staged, sweep
    from studio.render import failed_log

    entry, out_dir, key = _plan(task)
    if payload["status"] != "rendered":
        log = ""
        if payload.get("log"):
            log = str(write_log(failed_log(Path(task.out_root), entry.folder), payload["log"]))
        return Outcome(task, "failed", payload["seconds"], error=payload["error"], log=log, code=payload["code"])
    sweep(out_dir)
    with staged(out_dir) as stage:
        manifest = manifest_path(stage.path, entry.name)
        for rel, data in payload["files"].items():
            if rel == manifest.name:
                continue
            with atomic_path(stage.path / rel) as tmp:
                tmp.write_bytes(data)
        outputs = [stage.path / o for o in payload["outputs"]]
        write_manifest(stage.path, entry.name, key, outputs)
        if manifest.read_bytes() != payload["files"].get(manifest.name):
            return Outcome(task, "failed", payload["seconds"], code=EXIT_FAILED,
                           error="the worker runs other code or libraries than this machine (its manifest "
                                 "differs); install the same version of the project on the workers")
        stage.commit()
    failed_log(Path(task.out_root), entry.folder).unlink(missing_ok=True)
    files = cached_files(out_dir, key, entry.name) or []
    return Outcome(task, "rendered", payload["seconds"], tuple(str(f) for f in files))


def run_farm(tasks: list[Task], spec: str) -> list[Outcome]:
    """Run tasks on the cluster named by `spec`; outcomes in task order, with the --jobs progress line."""
    tally = Tally(tasks)
    to_send = []
    for task in tasks:  # the cache first: nothing up to date is sent
        cached = cached_outcome(task)
        if cached:
            tally.record(cached)
        else:
            to_send.append(task)
    if not to_send:
        return tally.result()
    try:
        client, cluster = connect(spec)
    except BaseException:
        tally.result()  # close the progress line
        raise
    futures = {}
    try:
        from distributed import as_completed

        tally.workers = max(1, len(client.scheduler_info().get("workers", {})))
        for task in to_send:
            futures[client.submit(render_remote, task, pure=False, key=f"render-{task.label}-{id(task)}")] = task
            tally.started(task)
        tally.show()
        for future in as_completed(futures):
            task = futures[future]
            try:
                payload = future.result()
            except Exception as e:  # KilledWorker after repeated worker deaths, a lost connection
                payload = {"status": "failed", "seconds": 0.0, "code": EXIT_FAILED,
                           "error": f"{type(e).__name__}: {e}"}
            tally.record(install(task, payload))
    except KeyboardInterrupt:
        client.cancel(list(futures))
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return tally.result()
