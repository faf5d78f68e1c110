"""The records the gates draw, computed once per engine function and keywords.

A gate draws one entry in several looks (languages, themes) and the figure and scene of one row
share a record; the engine's records are deterministic, so one computation serves them all
(loss_curves trains for real: ~3 s each time).
"""
from __future__ import annotations

_RECORDS: dict = {}  # (engine function, its keywords) -> record: the last few entries' records
KEEP = 8


def record_of(entry):
    """entry.compute(), reused for the same engine function and keywords."""
    key = (entry.data, repr(sorted(entry.params.items())))
    if key not in _RECORDS:
        while len(_RECORDS) >= KEEP:
            _RECORDS.pop(next(iter(_RECORDS)))
        _RECORDS[key] = entry.compute()
    return _RECORDS[key]
