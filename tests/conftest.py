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
