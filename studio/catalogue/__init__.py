"""The one catalogue: every scene (MP4) and figure (SVG) the project renders.

Module paths are strings so that listing the catalogue imports neither manim, matplotlib nor torch.
Each entry names the engine function that computes its record; the scene or figure draws that
record and the same record is exported as NAME.numbers.json (docs/design.md §2).
"""
from __future__ import annotations

import difflib

from studio.errors import UserError, clip
from studio.catalogue.entry import KINDS, Accepts, Entry, Param, _e  # noqa: F401 (what catalogue users import)
from studio.catalogue.params import ParamError  # noqa: F401
from studio.catalogue.topics import depth, positional, worked

ENTRIES: tuple[Entry, ...] = positional.ROWS + worked.ROWS + depth.ROWS  # studio/catalogue/topics/

TOPICS = {
    "positional": {"en": "Positional encoding", "zh-Hant": "位置編碼", "zh-Hans": "位置编码"},
    "worked": {"en": "Worked examples", "zh-Hant": "計算案例", "zh-Hans": "计算案例"},
    "depth": {"en": "Depth and training", "zh-Hant": "深度與訓練", "zh-Hans": "深度与训练"},
}

_BY_NAME = {e.name: e for e in ENTRIES}


def shared_record(entry) -> list[str]:
    """The other figures drawn from the same record as `entry` (engine function and parameters)."""
    return [e.name for e in ENTRIES if e.kind == "figure" == entry.kind and e.name != entry.name
            and e.data == entry.data and e.params == _BY_NAME.get(entry.name, entry).params]


def names() -> list[str]:
    return [e.name for e in ENTRIES]


def get(name: str) -> Entry:
    """The entry called `name`; an unknown name raises UserError naming the nearest ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        pass
    if name == "all":
        raise UserError("'all' is not one entry: name one here ('render.py list' shows them)")
    near = nearest(name)
    hint = f" Did you mean: {', '.join(near)}?" if near else ""
    raise UserError(f"unknown name {clip(name)!r}.{hint} ('render.py list' shows all)")


def nearest(name: str, n: int = 3) -> list[str]:
    close = difflib.get_close_matches(name, names(), n=n, cutoff=0.5)
    if not close:  # a fragment such as "clock" or "rope"
        close = [x for x in names() if name and name.lower() in x][:n]
    return close


def resolve(requested) -> list[Entry]:
    """Names (or 'all') to entries, in the order given, without repeats."""
    out: list[Entry] = []
    for name in requested:
        for e in ENTRIES if name == "all" else [get(name)]:
            if e not in out:
                out.append(e)
    return out
