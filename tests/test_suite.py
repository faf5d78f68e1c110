"""The suite's own machinery: tests that share a module-scoped fixture run on one xdist worker, so
the fixture (a rendered site, a cluster, a clean LaTeX cache) is built once per run, not once per
worker (tests/conftest.py groups them; pytest-xdist's --dist loadgroup reads the group from the test
id, which pytest 9 no longer lets it change: hence pytest < 9 in pyproject.toml)."""
import os

import pytest


@pytest.fixture(scope="module")
def built_once():
    return object()


def test_a_module_fixture_keeps_its_tests_on_one_worker(request, built_once):
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        pytest.skip("one process: nothing to group")
    assert request.node.nodeid.endswith("@tests/test_suite.py"), request.node.nodeid


def test_a_shared_frames_table_is_parsed_once_and_each_read_gets_its_own_rows(tmp_path, monkeypatch):
    """tests/framecache.py: below the shared renders' folder a table is parsed on its first read only; each
    read gets rows it may change; a table rewritten since is parsed again; other paths as before."""
    from studio.build import numbers
    from tests.framecache import reading_once

    parsed = []

    def counting(path, name=None):
        parsed.append(str(path))
        return [{"time_s": line.split(",")[0], "x": line.split(",")[1]}
                for line in open(path).read().split("\n")[1:] if line]

    monkeypatch.setattr(numbers, "read_frames", counting)
    shared, other = tmp_path / "shared" / "s", tmp_path / "other"
    shared.mkdir(parents=True)
    other.mkdir()
    for folder in (shared, other):
        (folder / "s.frames.csv").write_text("time_s,x\n0.0,1\n0.25,2\n")
    with reading_once(tmp_path / "shared"):
        first = numbers.read_frames(shared / "s.frames.csv")
        first[0]["x"] = "changed"
        again = numbers.read_frames(shared / "s.frames.csv")
        assert again == [{"time_s": "0.0", "x": "1"}, {"time_s": "0.25", "x": "2"}]
        assert len(parsed) == 1
        numbers.read_frames(other / "s.frames.csv")
        numbers.read_frames(other / "s.frames.csv")
        assert len(parsed) == 3  # not below the shared folder: parsed each time
        (shared / "s.frames.csv").write_text("time_s,x\n0.0,1\n0.25,2\n0.5,3\n")
        assert len(numbers.read_frames(shared / "s.frames.csv")) == 3 and len(parsed) == 4
    assert numbers.read_frames is counting  # put back
