"""Shared fixtures: the repository root on sys.path, a tiny render quality, CLI runner."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def run_cli(*args, cwd=ROOT, timeout=600):
    """Run `python render.py ARGS` as a user would; returns the CompletedProcess."""
    return subprocess.run([sys.executable, str(ROOT / "render.py"), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="session")
def tiny():
    from studio.render import TINY

    return TINY


@pytest.fixture(scope="session")
def rendered(tmp_path_factory, tiny):
    """One real render of pe_clock (tiny, dark, en) and pe_table, shared by the tests that read them."""
    from studio import catalogue
    from studio.render import render_entry
    from look import Look

    out = tmp_path_factory.mktemp("rendered out ü")
    render_entry(catalogue.get("pe_clock"), Look("dark", "en"), quality=tiny, out_root=out)
    render_entry(catalogue.get("pe_table"), Look("dark", "en"), out_root=out)
    return out
