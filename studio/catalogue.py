"""The one catalogue: every scene (MP4) and figure (SVG) the project renders.

Module paths are strings so that listing the catalogue imports neither manim, matplotlib nor torch.
Each entry names the engine function that computes its record; the scene or figure draws that
record and the same record is exported as NAME.numbers.json (design.md §2).
"""
from __future__ import annotations

import difflib
import importlib
import inspect
from dataclasses import dataclass, field

from studio.errors import UserError

KINDS = ("scene", "figure")


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # "scene" (MP4) or "figure" (SVG)
    module: str  # e.g. "scenes.pe_clock"
    data: str  # engine function "module:function", e.g. "engine.positional:fingerprint"
    describe: dict  # one line per language: en, zh-Hant, zh-Hans
    params: dict = field(default_factory=dict)  # keyword arguments for the engine function
    topic: str = ""

    def engine_function(self):
        module, func = self.data.split(":")
        return getattr(importlib.import_module(module), func)

    def engine_params(self) -> dict:
        """The engine function's parameters as used: its defaults overridden by `params`."""
        sig = inspect.signature(self.engine_function())
        resolved = {
            k: p.default for k, p in sig.parameters.items() if p.default is not inspect.Parameter.empty
        }
        resolved.update(self.params)
        return resolved

    def compute(self):
        """The engine record this entry draws."""
        return self.engine_function()(**self.params)

    def load(self):
        """The scene or figure module."""
        return importlib.import_module(self.module)


def _e(name, kind, module, data, en, hant, hans, topic, **params) -> Entry:
    return Entry(
        name=name,
        kind=kind,
        module=module,
        data=data,
        describe={"en": en, "zh-Hant": hant, "zh-Hans": hans},
        params=params,
        topic=topic,
    )


ENTRIES: tuple[Entry, ...] = (
    # --- positional encoding (seeds 001, 002) ---
    _e(
        "pe_clock", "scene", "scenes.pe_clock", "engine.positional:fingerprint",
        "Eight clock hands give every seat a fingerprint: the [32, 16] sinusoidal table, animated.",
        "八根快慢不同的指針替每個座位發一張指紋：[32, 16] 正餘弦位置編碼表，動畫呈現。",
        "八根快慢不同的指针给每个座位发一张指纹：[32, 16] 正余弦位置编码表，动画呈现。",
        "positional",
    ),
    _e(
        "pe_table", "figure", "figures.pe_table", "engine.positional:fingerprint",
        "The [32, 16] fingerprint table as a heatmap, colour scale fixed at ±1.",
        "[32, 16] 指紋表熱圖，色階固定在 ±1。",
        "[32, 16] 指纹表热图，色阶固定在 ±1。",
        "positional",
    ),
    # --- more positional entries ---
    # --- worked examples (seeds 000, 003) ---
    # --- depth and training (seed 004) ---
)

TOPICS = {
    "positional": {"en": "Positional encoding", "zh-Hant": "位置編碼", "zh-Hans": "位置编码"},
    "worked": {"en": "Worked examples", "zh-Hant": "計算案例", "zh-Hans": "计算案例"},
    "depth": {"en": "Depth and training", "zh-Hant": "深度與訓練", "zh-Hans": "深度与训练"},
}

_BY_NAME = {e.name: e for e in ENTRIES}


def names() -> list[str]:
    return [e.name for e in ENTRIES]


def get(name: str) -> Entry:
    """The entry called `name`; an unknown name raises UserError naming the nearest ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        near = nearest(name)
        hint = f" Did you mean: {', '.join(near)}?" if near else ""
        raise UserError(f"unknown name {name!r}.{hint} ('render.py list' shows all)") from None


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
