"""Render many entries on a Dask cluster: `render.py all --scheduler tcp://HOST:8786` or `local:N`.

One Dask task per render request (studio.build.request.Request). The cache is checked here, before anything is sent; what
is up to date is never sent. A worker renders into a private temporary folder and sends the files
back; this process writes them with the same staging folder, manifest and atomic swap as a local
render (studio.build.outdir, studio.build.cache), so a farm render is byte-identical to a local one and a worker
that dies mid-render leaves nothing half-written: Dask gives its task to another worker (a task that
kills three workers is reported as failed). Workers need the project installed at the same version:
a worker whose content key differs from this process's is refused, not trusted.

Dask is an optional extra (`pip install -e '.[farm]'`); local renders never import it.
"""
from __future__ import annotations

import re
import tempfile
import time
import traceback
from pathlib import Path

from studio.build import interrupts
from studio.errors import MissingDependency, UserError, clip
from studio.run.jobs import Outcome, Tally, write_log
from studio.build.request import Request
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


SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")  # the transports Dask's comm registry knows
_HOST = re.compile(r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,251}[A-Za-z0-9_])?")  # a name, IPv4 or [IPv6]
FORMS = "tcp://HOST:PORT (or tls://, ucx://, ws://, wss://: a running Dask scheduler) or local:N"


def parse_scheduler(spec: str) -> tuple[str, int | str]:
    """'local:N' -> ("local", N); 'tcp://host:port' (or tls://, ucx://, ws://, wss://, inproc://) ->
    ("remote", spec). Checked here, before any work or connection: an unknown scheme, a missing host
    or a port that is not a number from 1 to 65535 is bad input (exit 2), not an unreachable scheduler."""
    shown = clip(spec)
    if spec.startswith("local:"):
        n = spec.removeprefix("local:")
        if not n.isdigit() or not 1 <= int(n) <= 64:
            raise UserError(f"--scheduler {shown}: local:N takes a number of workers from 1 to 64")
        return "local", int(n)
    scheme, sep, rest = spec.partition("://")
    if not sep or not rest:
        raise UserError(f"--scheduler {shown!r}: give {FORMS}")
    if scheme not in SCHEMES:
        raise UserError(f"--scheduler {shown!r}: unknown scheme {scheme[:20]!r}; give {FORMS}")
    if scheme != "inproc":
        host, colon, port = rest.rpartition(":")
        if not colon or not _HOST.fullmatch(host) or any(len(label) > 63 for label in host.split(".")):
            raise UserError(f"--scheduler {shown!r}: give the host and the port, e.g. {scheme}://10.1.2.3:8786")
        if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
            raise UserError(f"--scheduler {shown!r}: the port must be a number from 1 to 65535 (Dask's is 8786)")
    return "remote", spec


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
def render_remote(request: Request) -> dict:
    """Render `request` in a private folder; return its files as bytes (never raises for a failed render)."""
    from studio.build.render import render_entry

    started = time.perf_counter()
    scratch_stage = scratch_folder()
    scratch = scratch_stage.path
    try:
        result = render_entry(request.but(out_root=scratch, force=True))
        folder = scratch / request.entry.folder
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
        scratch_stage.close()


def shipped(request: Request) -> Request:
    """The request as it travels to a worker: with the recordings it narrates inside (the worker's
    machine may not have the lecturer's folder); the same content key either way."""
    if request.voice is None:
        return request
    return request.but(voice=request.voice.pack(request.entry.folder, request.look.lang))


def scratch_folder():
    """A private folder for one render on a worker (an outdir.Staging in the temporary folder: locked
    while in use, removed by close()). The folders a killed worker left are unlocked: each render
    first removes those of this user (outdir.sweep), so they do not pile up in /tmp."""
    import os

    from studio.build.outdir import Staging, sweep

    base = Path(tempfile.gettempdir()) / f"transformer-frames-farm-{os.getuid()}"
    sweep(base)
    stage = Staging(base)
    os.chmod(stage.path, 0o700)
    return stage


# -- here ----------------------------------------------------------------------------------------
def _plan(request: Request) -> str:
    """The request's content key, once its output folder is known to be one a render may replace
    (outdir.check_owned: before anything is sent, and again before a worker's files are written)."""
    from studio.build.outdir import check_owned

    check_owned(request.folder, request.entry.name)
    return request.key()


def cached_outcome(request: Request) -> Outcome | None:
    """The outcome of a request the cache answers, without sending it anywhere."""
    from studio.build.cache import cached_files

    if request.force:
        return None
    started = time.perf_counter()
    key = _plan(request)
    files = cached_files(request.folder, key, request.entry.name)
    if files is None:
        return None
    return Outcome(request, "cached", time.perf_counter() - started, tuple(str(f) for f in files))


def install(request: Request, payload: dict) -> Outcome:
    """Write what a worker sent as one whole render (staging folder, manifest, atomic swap)."""
    from studio.build.atomic import atomic_path
    from studio.build.cache import cached_files, manifest_path, write_manifest
    from studio.build.outdir import staged, sweep
    from studio.build.render import clear_failed_log

    entry, out_dir, key = request.entry, request.folder, _plan(request)
    payload, refused = checked(payload, entry.name, key)
    if refused:  # nothing was written
        return Outcome(request, "failed", payload["seconds"], error=refused, code=EXIT_FAILED)
    if payload["status"] != "rendered":
        log = ""
        if payload.get("log"):
            log = str(write_log(request.log, payload["log"]))
        return Outcome(request, "failed", payload["seconds"], error=payload["error"], log=log, code=payload["code"])
    sweep(out_dir)
    with staged(out_dir) as stage:
        manifest = manifest_path(stage.path, entry.name)
        for rel, data in payload["files"].items():
            if rel == manifest.name:
                continue
            if not _inside(stage.path, rel):
                return Outcome(request, "failed", payload["seconds"], code=EXIT_FAILED,
                               error=f"the worker sent a file outside the output folder: {clip(rel)!r}")
            with atomic_path(stage.path / rel) as tmp:
                tmp.write_bytes(data)
        outputs = [stage.path / o for o in payload["outputs"]]
        write_manifest(stage.path, entry.name, key, outputs)
        if manifest.read_bytes() != payload["files"].get(manifest.name):
            return Outcome(request, "failed", payload["seconds"], code=EXIT_FAILED,
                           error="the worker runs other code or libraries than this machine (its manifest "
                                 "differs); install the same version of the project on the workers")
        stage.commit()
    clear_failed_log(request.log)
    files = cached_files(out_dir, key, entry.name) or []
    return Outcome(request, "rendered", payload["seconds"], tuple(str(f) for f in files))


OTHER_CODE = ("the worker runs other code or libraries than this machine (its manifest differs); install the "
              "same version of the project on the workers")


def checked(payload, name: str, key: str) -> tuple[dict, str]:
    """(payload, why it is refused or ''): what a worker sent, checked before anything is written.

    A worker is another machine: its paths could point anywhere ('../../x', '/etc/x', 'a\\..\\x').
    Every path must be a plain relative POSIX path (no '..', '.', empty part, backslash or control
    character) and no file may sit below another; the outputs must be among the files; the manifest
    must carry this machine's content key and list exactly the files sent, with their sizes and SHA-256.
    """
    import hashlib
    import json

    from studio.build.cache import MANIFEST
    from studio.options import EXIT_MISSING, EXIT_USAGE

    if not isinstance(payload, dict):
        return {"seconds": 0.0}, f"the worker sent {type(payload).__name__[:40]}, not a result"
    seconds = payload.get("seconds")
    payload = {**payload, "seconds": float(seconds) if isinstance(seconds, (int, float)) else 0.0}
    if payload.get("status") == "failed":
        code = payload.get("code")
        return {**payload, "error": clip(str(payload.get("error", "")), 400),
                "log": payload.get("log") if isinstance(payload.get("log"), str) else "",
                "code": code if code in (EXIT_FAILED, EXIT_USAGE, EXIT_MISSING) else EXIT_FAILED}, ""
    files, outputs = payload.get("files"), payload.get("outputs")
    if payload.get("status") != "rendered" or not isinstance(files, dict) or not isinstance(outputs, list):
        return payload, "the worker sent a result without its files"
    for rel, data in files.items():
        if not isinstance(rel, str) or not _plain_path(rel):
            return payload, f"the worker sent a file with an unsafe path: {clip(str(rel))!r}; nothing was written"
        if not isinstance(data, bytes):
            return payload, f"the worker sent {clip(rel)!r} as {type(data).__name__[:40]}, not bytes"
        parent = rel.rpartition("/")[0]
        while parent:
            if parent in files:
                return payload, f"the worker sent {clip(parent)!r} both as a file and as a folder"
            parent = parent.rpartition("/")[0]
    manifest = MANIFEST.format(name=name)
    if not all(isinstance(o, str) and o in files and o != manifest for o in outputs):
        return payload, "the worker named outputs it did not send"
    try:
        doc = json.loads(files[manifest])
    except (KeyError, ValueError):
        return payload, "the worker sent no readable manifest"
    if not isinstance(doc, dict) or doc.get("content_key") != key:
        return payload, OTHER_CODE
    listing = {rel: {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
               for rel, data in files.items() if rel != manifest}
    if doc != {"content_key": key, "outputs": outputs, "files": listing}:
        return payload, "the worker's manifest does not match the files it sent"
    return payload, ""


def _plain_path(rel: str) -> bool:
    """A relative POSIX path of plain names: no '', '.', '..', backslash or control character."""
    if not rel or len(rel) > 1024 or "\\" in rel or any(ord(c) < 32 or ord(c) == 127 for c in rel):
        return False
    return all(part not in ("", ".", "..") for part in rel.split("/"))


def _inside(folder: Path, rel: str) -> bool:
    """`rel` lands inside `folder` once resolved (no folder on the way is a link)."""
    target = Path(folder, rel)
    return target.resolve().is_relative_to(Path(folder).resolve()) and not any(
        p.is_symlink() for p in target.parents if p.is_relative_to(folder))


def lost(e: BaseException) -> dict:
    """The failed result of a task that never came back (KilledWorker: every worker that ran it died;
    a lost connection), with a log saying so."""
    text = "".join(traceback.format_exception(e))
    return {"status": "failed", "seconds": 0.0, "code": EXIT_FAILED,
            "error": clip(f"{type(e).__name__}: {e}", 200), "log": f"{type(e).__name__}: {e}\n\n{text}"}


def run_farm(requests: list[Request], spec: str) -> list[Outcome]:
    """Run requests on the cluster named by `spec`; outcomes in request order, with the --jobs progress line."""
    tally = Tally(requests)
    to_send = []
    for request in requests:  # the cache first: nothing up to date is sent
        cached = cached_outcome(request)
        if cached:
            tally.record(cached)
        else:
            to_send.append(request)
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
        for request in to_send:
            futures[client.submit(render_remote, shipped(request), pure=False,
                                  key=f"render-{request.label}-{id(request)}")] = request
            tally.started(request)
        tally.show()
        for future in as_completed(futures):
            request = futures[future]
            try:
                payload = future.result()
            except Exception as e:  # KilledWorker after repeated worker deaths, a lost connection
                payload = lost(e)
            tally.record(install(request, payload))
    except (KeyboardInterrupt, interrupts.Terminated):
        client.cancel(list(futures))
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return tally.result()
