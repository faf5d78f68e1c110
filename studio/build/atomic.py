"""Atomic output: write to a temporary file beside the target, then rename over it.

An interrupted or failed render leaves the previous good file (or none), never half a file.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


_UMASK = os.umask(0)
os.umask(_UMASK)


@contextlib.contextmanager
def atomic_path(target: Path):
    """Yield a temporary path in the target's folder; on success rename it to `target`."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.fchmod(fd, 0o666 & ~_UMASK)  # mkstemp makes 0600; outputs are ordinary files
    os.close(fd)
    tmp = Path(tmp)
    try:
        yield tmp
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_text(target: Path, text: str) -> None:
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")


def move_into_place(source: Path, target: Path) -> None:
    """Move a finished file (possibly on another file system) atomically onto `target`."""
    with atomic_path(target) as tmp:
        os.replace(source, tmp) if _same_fs(source, tmp) else tmp.write_bytes(Path(source).read_bytes())


def _same_fs(a: Path, b: Path) -> bool:
    return os.stat(a).st_dev == os.stat(Path(b).parent).st_dev
