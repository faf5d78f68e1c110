"""Recomputations for engine/golden/seed001.toml (seed 001, the fingerprint lesson)."""
import numpy as np

from engine.positional import distance_matrix, fingerprint

_F = fingerprint()


def adjacent_distance():
    return _F.adjacent_distance


def adjacent_distance_spread():
    d = distance_matrix(32, 16)
    adjacent = np.diag(d, k=1)  # (31,)
    return float(adjacent.max() - adjacent.min())


def max_distance():
    return _F.max_distance


def max_gap():
    return _F.max_gap


def fastest_step_degrees():
    return _F.fastest_step_degrees


def speed_ratio():
    return _F.speed_ratio


def angle_rows_spread():
    return float(np.max(_F.angle_table.max(axis=1) - _F.angle_table.min(axis=1)))


def angle_row_hand0():
    return _F.angle_table[0]
