"""The longest work first: pytest-xdist hands the workers their units (a group of tests that share a
module fixture, or one test) in collection order, so a slow unit collected last leaves one worker
running it alone at the end of the run. This plugin orders the units by the seconds they took in the
last run that ran them (setup, call and teardown, kept in pytest's cache under DURATIONS), longest
first, so the short ones fill in at the end; a unit never timed is placed by its marks (a render or a
browser test before the rest). Without pytest's cache (`-p no:cacheprovider`) only the marks count.

`--no-loadscope-reorder` (pyproject.toml) keeps xdist from ordering the groups by their number of
tests instead. A unit marked `shared_play` goes before all others: it reads the play of a shared
render when its worker is the one to make that render (tests/conftest.py, SharedRenders.played),
and plays the scene again otherwise.
"""
from __future__ import annotations

import os
from collections import defaultdict

import pytest

DURATIONS = "transformer-frames/durations"
GUESS_S = {"render": 8.0, "browser": 8.0}  # a unit never timed: seconds by mark, otherwise UNKNOWN_S
UNKNOWN_S = 0.5


def plain_id(nodeid: str) -> str:
    """The test's id without the `@group` suffix xdist adds under --dist loadgroup."""
    return nodeid.split("@")[0] if nodeid.rfind("@") > nodeid.rfind("]") else nodeid


def unit_of(item) -> str:
    """The unit xdist schedules the item in: its group's name, or the test itself."""
    groups = sorted(str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                    for m in item.iter_markers("xdist_group"))
    return "@" + "_".join(groups) if groups else plain_id(item.nodeid)


class LongestFirst:
    def __init__(self, config):
        self.config = config
        self.seen: dict = defaultdict(float)
        self._timed = None

    @property
    def cache(self):
        return getattr(self.config, "cache", None)

    @property
    def timed(self) -> dict:
        """Seconds by test id, as the last runs measured them."""
        if self._timed is None:
            self._timed = dict(self.cache.get(DURATIONS, {})) if self.cache is not None else {}
        return self._timed

    def guess(self, item) -> float:
        seconds = self.timed.get(plain_id(item.nodeid))
        if seconds is not None:
            return seconds
        return max([GUESS_S[m] for m in GUESS_S if m in item.keywords], default=UNKNOWN_S)

    @pytest.hookimpl(trylast=True)  # after the marks are set and pytest has grouped its parametrized fixtures
    def pytest_collection_modifyitems(self, items):
        cost: dict = defaultdict(float)
        units: dict = {}
        first: set = set()
        for item in items:
            unit = unit_of(item)
            cost[unit] += self.guess(item)
            units.setdefault(unit, []).append(item)
            if "shared_play" in item.keywords:
                first.add(unit)
        order = sorted(units, key=lambda u: (u not in first, -cost[u]))  # stable: ties keep collection order
        items[:] = [item for unit in order for item in units[unit]]

    def pytest_runtest_logreport(self, report):
        if not os.environ.get("PYTEST_XDIST_WORKER"):  # the controller (or a run without xdist)
            self.seen[plain_id(report.nodeid)] += report.duration

    def pytest_sessionfinish(self, session):
        if self.cache is None or os.environ.get("PYTEST_XDIST_WORKER") or not self.seen:
            return
        skipped = {k for k, s in self.seen.items() if s < 1e-3}  # a skip, not a measure
        self.timed.update({k: round(s, 3) for k, s in self.seen.items() if k not in skipped})
        self.cache.set(DURATIONS, self.timed)
