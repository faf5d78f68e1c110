"""The render farm on a Dask LocalCluster of two worker processes: the same bytes as a local render,
a worker killed mid-task and the run still whole, the cache answered before anything is sent."""
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from studio.jobs import Task, exit_code, run_all
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
    return [Task(n, theme, lang, None, None, str(out)) for n in names]


@pytest.mark.render
def test_a_farm_render_is_byte_identical_to_a_local_one(cluster, tmp_path):
    from studio.farm import run_farm

    names = (*FIGURES, "permutation")  # three figures and a tiny scene
    farm = run_farm(tasks(names, tmp_path / "farm"), cluster.scheduler_address)
    assert [o.status for o in farm] == ["rendered"] * len(names), [o.error for o in farm]
    run_all(tasks(names, tmp_path / "local"), 1)
    for name in FIGURES:
        assert files_below(tmp_path / "farm" / name) == files_below(tmp_path / "local" / name)
    farm_scene = files_below(tmp_path / "farm" / "permutation")
    local_scene = files_below(tmp_path / "local" / "permutation")
    assert farm_scene.keys() == local_scene.keys()
    for suffix in (".numbers.json", ".frames.csv", ".srt", ".vtt"):
        assert farm_scene[f"permutation{suffix}"] == local_scene[f"permutation{suffix}"], suffix
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
    from studio.farm import run_farm

    todo = tasks(("pe_clock", "pe_table"), tmp_path, theme="dark", lang="en")
    killed: list = []
    with distributed.Client(cluster) as client:
        killer = threading.Thread(target=_kill_the_worker_running, args=(client, todo[0].label, killed))
        killer.start()
        outcomes = run_farm(todo, cluster.scheduler_address)
        killer.join()
    assert killed, "the worker was killed during the task"
    assert [o.status for o in outcomes] == ["rendered", "rendered"], [o.error for o in outcomes]
    assert exit_code(outcomes) == 0
    from studio.cache import cached_files

    assert cached_files(tmp_path / "pe_clock", __import__("json").loads(
        (tmp_path / "pe_clock" / "pe_clock.manifest.json").read_text())["content_key"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pe_clock", "pe_table"]


def test_an_unreachable_scheduler_is_exit_3_in_one_line(tmp_path):
    started = time.time()
    out = run_cli("pe_table", "--scheduler", "tcp://127.0.0.1:9", "--out", tmp_path)
    assert out.returncode == 3, out.stderr
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    assert time.time() - started < 60


@pytest.mark.parametrize("spec", ["local:0", "local:x", "127.0.0.1:8786", "tcp://"])
def test_a_malformed_scheduler_is_bad_input(spec, tmp_path):
    out = run_cli("pe_table", "--scheduler", spec, "--out", tmp_path)
    assert out.returncode == 2 and "--scheduler" in out.stderr


def test_local_workers_run_without_dasks_profiler():
    """No statistical profiler sampling the rendering thread every 10 ms, no 64 KB memory trimming."""
    from studio.farm import connect

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
