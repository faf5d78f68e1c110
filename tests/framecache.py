"""The shared renders' frames tables read once per test process: studio.build.numbers.read_frames parses
and checks NAME.frames.csv (attention_heatmap's holds 1,160 rows, and about twenty tests read it); under
`reading_once(root)` a table below `root` (the run's shared renders, which tests never write into) is
parsed on its first read and later reads get a copy of each row. A file changed since (its size or time)
is read again; every other path is read as before, its errors included."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path


@contextmanager
def reading_once(root):
    from studio.build import numbers

    original = numbers.read_frames
    root = Path(root).resolve()
    kept: dict = {}

    def read_frames(path, name=None):
        path = Path(path)
        resolved = path.resolve()
        if root not in resolved.parents:
            return original(path, name)
        try:
            stat = path.stat()
        except OSError:  # missing or unreadable: read_frames' own message
            return original(path, name)
        key = (str(resolved), name, stat.st_mtime_ns, stat.st_size)
        if key not in kept:
            kept[key] = original(path, name)
        return [dict(row) for row in kept[key]]

    numbers.read_frames = read_frames
    try:
        yield
    finally:
        numbers.read_frames = original
