"""The render farm on a Dask LocalCluster of two worker processes: the same bytes as a local render,
a worker killed mid-task and the run still whole, the cache answered before anything is sent."""
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from look import Look
from studio.run.jobs import exit_code
from studio.options import TINY
from studio.build.request import Request
from tests.conftest import run_cli

distributed = pytest.importorskip("distributed")

FIGURES = ("pe_table", "pe_angles", "causal_mask")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as c:
        yield c


def files_below(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def tasks(names, out, theme="light", lang="zh-Hant"):
    return [Request.of(n, look=Look(theme, lang), quality=TINY, out_root=out) for n in names]


@pytest.mark.render
def test_a_farm_render_is_byte_identical_to_a_local_one(cluster, tmp_path, shared_renders):
    """Three figures and a tiny scene in light zh-Hant, the look of the run's shared (local) renders
    of these figures and of layernorm_steps, the quickest scene (tests.conftest.scene_look): every
    file the same, byte for byte, the MP4 included."""
    from studio.run.farm import run_farm

    from tests.conftest import scene_look

    names = (*FIGURES, "layernorm_steps")
    assert scene_look("layernorm_steps") == ("light", "zh-Hant")
    farm = run_farm(tasks(names, tmp_path / "farm"), cluster.scheduler_address)
    assert [o.status for o in farm] == ["rendered"] * len(names), [o.error for o in farm]
    local = {name: shared_renders.folder(name, "light", "zh-Hant") for name in names}
    for name in FIGURES:
        assert files_below(tmp_path / "farm" / name) == files_below(local[name])
    farm_scene = files_below(tmp_path / "farm" / "layernorm_steps")
    local_scene = files_below(local["layernorm_steps"])
    assert farm_scene.keys() == local_scene.keys()
    for file in local_scene:  # the video and its poster too, and so the manifest
        assert farm_scene[file] == local_scene[file], file
    assert not [p for p in (tmp_path / "farm").iterdir() if p.name.startswith(".")]

    # up to date: answered here, nothing is sent (the address below has no scheduler)
    again = run_farm(tasks(names, tmp_path / "farm"), "tcp://127.0.0.1:9")
    assert [o.status for o in again] == ["cached"] * len(names)


def _kill_the_worker_running(client, label: str, killed: list):
    """Wait until a worker is processing the task, then SIGKILL that worker process."""
    deadline = time.time() + 120
    while time.time() < deadline and not killed:
        for address, keys in client.processing().items():
            if any(label in str(k) for k in keys):
                pid = client.run(os.getpid, workers=[address])[address]
                time.sleep(1.0)  # inside the render
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
        time.sleep(0.05)


@pytest.mark.render
def test_a_worker_killed_mid_render_and_the_run_still_completes(cluster, tmp_path):
    from studio.run.farm import run_farm

    todo = tasks(("layernorm_steps", "pe_table"), tmp_path, theme="dark", lang="en")
    killed: list = []
    with distributed.Client(cluster) as client:
        killer = threading.Thread(target=_kill_the_worker_running, args=(client, todo[0].label, killed))
        killer.start()
        outcomes = run_farm(todo, cluster.scheduler_address)
        killer.join()
    assert killed, "the worker was killed during the task"
    assert [o.status for o in outcomes] == ["rendered", "rendered"], [o.error for o in outcomes]
    assert exit_code(outcomes) == 0
    from studio.build.cache import cached_files

    assert cached_files(tmp_path / "layernorm_steps", __import__("json").loads(
        (tmp_path / "layernorm_steps" / "layernorm_steps.manifest.json").read_text())["content_key"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layernorm_steps", "pe_table"]


def test_an_unreachable_scheduler_is_exit_3_in_one_line(tmp_path, monkeypatch):
    import studio.run.farm

    from tests.conftest import run_main

    monkeypatch.setattr(studio.run.farm, "CONNECT_TIMEOUT_S", 2)  # the message, not the wait, is tested
    code, out, err = run_main(["pe_table", "--scheduler", "tcp://127.0.0.1:9", "--out", tmp_path])
    assert code == 3, err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9 (" in err and " after 2 s)" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("spec", ["local:0", "local:x", "127.0.0.1:8786", "tcp://"])
def test_a_malformed_scheduler_is_bad_input(spec, tmp_path):
    out = run_cli("pe_table", "--scheduler", spec, "--out", tmp_path)
    assert out.returncode == 2 and "--scheduler" in out.stderr


def test_local_workers_run_without_dasks_profiler():
    """No statistical profiler sampling the rendering thread every 10 ms, no 64 KB memory trimming."""
    from studio.run.farm import connect

    client, cluster = connect("local:2")
    try:
        import dask

        enabled = client.run(lambda: dask.config.get("distributed.worker.profile.enabled"))
        assert len(enabled) == 2 and not any(enabled.values()), enabled
        for nanny in cluster.workers.values():  # what each nanny sets before spawning its worker
            assert "MALLOC_TRIM_THRESHOLD_" not in nanny.pre_spawn_env, nanny.pre_spawn_env
    finally:
        client.close()
        cluster.close()


# -- what a worker sends back is checked before anything is written ---------------------------------
def _payload(task, files: dict, outputs: list) -> dict:
    """A 'rendered' payload whose manifest carries this machine's key and lists `files`, as a
    worker's would: only the paths are hostile."""
    import hashlib
    import json

    from studio.run.farm import _plan

    entry, key = task.entry, _plan(task)
    listing = {rel: {"size": len(d), "sha256": hashlib.sha256(d).hexdigest()} for rel, d in files.items()}
    manifest = json.dumps({"content_key": key, "outputs": outputs, "files": listing}, indent=1) + "\n"
    return {"status": "rendered", "seconds": 1.0, "outputs": outputs,
            "files": {**files, f"{entry.name}.manifest.json": manifest.encode()}}


HOSTILE = ["../../X.txt", "../X.txt", "sub/../../../X.txt", "TMP/X.txt", "..\\..\\X.txt", "./X.txt",
           "a//X.txt", "", "X.txt\n", "pe_table.svg/../../X.txt"]


@pytest.mark.parametrize("rel", HOSTILE)
def test_a_payload_with_an_unsafe_path_writes_nothing(tmp_path, rel, monkeypatch):
    from studio.run.farm import install

    monkeypatch.chdir(tmp_path)  # a relative path would land here
    rel = rel.replace("TMP", str(tmp_path))  # an absolute path
    out = tmp_path / "a" / "b" / "out"
    task = tasks(["pe_table"], out)[0]
    outcome = install(task, _payload(task, {"pe_table.svg": b"<svg/>", rel: b"planted"}, ["pe_table.svg"]))
    assert outcome.status == "failed" and exit_code([outcome]) == 1
    assert "unsafe path" in outcome.error and repr(rel)[1:-1][:40] in outcome.error
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_a_payload_whose_manifest_does_not_match_its_files_writes_nothing(tmp_path):
    from studio.run.farm import OTHER_CODE, install

    out = tmp_path / "out"
    task = tasks(["pe_table"], out)[0]
    good = _payload(task, {"pe_table.svg": b"<svg/>"}, ["pe_table.svg"])
    changed = {**good, "files": {**good["files"], "pe_table.svg": b"<svg>other</svg>"}}
    extra = {**good, "files": {**good["files"], "more.txt": b"not listed"}}
    unlisted = {**good, "outputs": ["elsewhere.svg"]}
    other_key = _payload(task, {"pe_table.svg": b"<svg/>"}, ["pe_table.svg"])
    other_key["files"]["pe_table.manifest.json"] = other_key["files"]["pe_table.manifest.json"].replace(
        b'"content_key": "', b'"content_key": "0')
    for payload, why in ((changed, "does not match"), (extra, "does not match"), (unlisted, "outputs"),
                         (other_key, OTHER_CODE), ("junk", "not a result")):
        outcome = install(task, payload)
        assert outcome.status == "failed" and outcome.code == 1 and why in outcome.error, outcome.error
        assert not out.exists() or list(out.iterdir()) == []
    assert install(task, good).status == "rendered"
    assert sorted(p.name for p in (out / "pe_table").iterdir()) == ["pe_table.manifest.json", "pe_table.svg"]


def test_a_failed_payload_cannot_claim_success():
    from studio.run.farm import checked

    payload, refused = checked({"status": "failed", "seconds": 1, "code": 0, "error": "x" * 10_000}, "pe_table", "k")
    assert refused == "" and payload["code"] == 1 and len(payload["error"]) <= 400


@pytest.mark.render
def test_a_real_workers_payload_installs_and_its_scratch_folder_is_swept(tmp_path, monkeypatch):
    """render_remote (what a worker runs), here in-process: its files install as a local render's;
    the scratch folders killed workers left (unlocked) are removed by the next render, one in use is kept."""
    import tempfile

    from studio.run.farm import install, render_remote
    from studio.build.outdir import Staging

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    base = tmp_path / "tmp" / f"transformer-frames-farm-{os.getuid()}"
    killed = Staging(base)  # a worker killed mid-render: its lock went with it
    (killed.path / "half.mp4").write_bytes(b"x")
    killed._fd, fd = None, killed._fd
    os.close(fd)
    busy = Staging(base)  # a render running on another worker of this machine
    task = tasks(["pe_table"], tmp_path / "out")[0]
    payload = render_remote(task)
    assert payload["status"] == "rendered", payload
    assert sorted(p.name for p in (tmp_path / "tmp").iterdir()) == [busy.path.name]
    busy.close()
    assert install(task, payload).status == "rendered"
    assert files_below(tmp_path / "out" / "pe_table") == payload["files"]


def test_a_task_that_kills_its_workers_fails_with_a_log(tmp_path, monkeypatch):
    """KilledWorker (every worker that ran the task died): exit 1 with OUT/FOLDER.log saying so."""
    import dask

    import studio.run.farm

    monkeypatch.setattr(studio.run.farm, "render_remote", lambda task: os._exit(1))
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        outcomes = studio.run.farm.run_farm(tasks(["pe_table"], tmp_path), "local:1")
    [o] = outcomes
    assert o.status == "failed" and exit_code(outcomes) == 1 and "KilledWorker" in o.error
    assert o.log == str(tmp_path / "pe_table.log")
    text = Path(o.log).read_text()
    assert "KilledWorker" in text and "workers died while running it" in text


@pytest.mark.parametrize("spec, says", [
    ("foo://bar", "unknown scheme 'foo'"), ("http://h:8786", "unknown scheme"),
    ("tcp://127.0.0.1:99999", "port must be a number from 1 to 65535"), ("tcp://h:0", "port"),
    ("tcp://h:http", "port"), ("tcp://h", "host and the port"), ("tcp://:8786", "host and the port"),
    ("tcp://" + "h" * 5000 + ":1", "host"), ("tcp://a b:1", "host"), ("tcp://h/x:1", "host"),
])
def test_a_bad_scheduler_address_is_exit_2_at_once(spec, says, tmp_path, capsys):
    from studio.cli import main

    started = time.monotonic()
    with pytest.raises(SystemExit) as done:
        main(["pe_table", "--scheduler", spec, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert done.value.code == 2, err
    assert err.startswith("error: --scheduler") and says in err and len(err.strip().splitlines()) == 1
    assert len(err) < 300 and ("tcp://HOST:PORT" in err or "8786" in err)
    assert time.monotonic() - started < 5  # no connection attempted
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("spec", ["tcp://10.1.2.3:8786", "tls://sched.example:8786", "tcp://[::1]:8786",
                                  "ucx://10.0.0.1:13337", "ws://h:8786", "inproc://10.0.0.1/1234/1", "local:2"])
def test_the_scheduler_addresses_dask_takes_are_accepted(spec):
    from studio.run.farm import parse_scheduler

    assert parse_scheduler(spec)[0] in ("local", "remote")
