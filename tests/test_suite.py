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
