"""Recomputations for engine/golden/seed002.toml (seed 002 §04)."""
from engine.positional import denominators as _denominators, sinusoidal


def denominators():
    return _denominators(8)


def pe_pos3():
    return sinusoidal([3], 8)[0]
