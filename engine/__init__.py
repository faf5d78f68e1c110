"""The numeric engine: every number the scenes and figures show, numpy in and numpy out.

The public API is importable from here (`from engine import sinusoidal`); names load their
module on first use, so `import engine` stays cheap and torch is imported only by the functions
that train. The engine never imports manim or matplotlib.
"""
from __future__ import annotations

import importlib

# public name -> module that defines it
_API = {
    # positional encoding (seeds 001, 002)
    "sinusoidal": "engine.positional",
    "hand_speeds": "engine.positional",
    "hand_angles": "engine.positional",
    "denominators": "engine.positional",
    "distance": "engine.positional",
    "distance_matrix": "engine.positional",
    "hand_angle": "engine.positional",
    "fingerprint": "engine.positional",
    # more public names are added below, one line each, grouped by module
}

__all__ = sorted(_API)


def __getattr__(name: str):
    try:
        module = _API[name]
    except KeyError:
        raise AttributeError(f"module 'engine' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
