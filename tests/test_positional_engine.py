"""engine.positional against seed 001 and seed 002 and the properties the lesson relies on."""
import ast
from pathlib import Path

import numpy as np
import pytest

from engine.positional import (
    denominators, distance, distance_matrix, dot_by_gap, fingerprint, hand_angle, hand_speeds, look_back_plan,
    look_back_scores, rotation, rotation_misses, sinusoidal,
)

ROOT = Path(__file__).resolve().parent.parent


def test_seed000_pe_row_for_position_1():
    np.testing.assert_allclose(sinusoidal([1], 4)[0], [0.8415, 0.5403, 0.0100, 1.0000], atol=5e-5)


def test_seed002_pe_at_pos3_d8():
    np.testing.assert_allclose(denominators(8), [1, 10, 100, 1000])
    row = sinusoidal([3], 8)[0]
    np.testing.assert_allclose(row[0::2], np.sin(3 / np.array([1, 10, 100, 1000])))
    np.testing.assert_allclose(row[1::2], np.cos(3 / np.array([1, 10, 100, 1000])))
    np.testing.assert_allclose(row, [0.1411, -0.9900, 0.2955, 0.9553, 0.0300, 0.9996, 0.0030, 1.0000],
                               atol=5e-5)


def test_seed001_distances():
    f = fingerprint()
    assert round(f.adjacent_distance, 4) == 1.0147
    d = distance_matrix(32, 16)
    np.testing.assert_allclose(np.diag(d, 1), f.adjacent_distance, rtol=0, atol=1e-12)  # all 31 tie
    assert abs(f.max_distance - 3.5090) < 1e-4  # the seed truncates 3.50909
    assert f.max_gap == 28
    assert f.max_pairs == ((0, 28), (1, 29), (2, 30), (3, 31))
    assert distance(3, 4, 16) == pytest.approx(f.adjacent_distance)
    # the minimum over all distinct pairs is the adjacent distance
    assert d[np.triu_indices(32, 1)].min() == pytest.approx(f.adjacent_distance)


def test_distance_by_gap_and_smallest_distance():
    """The distance depends only on the gap: row g − 1 of gap_distances is every pair g apart; the smallest
    distance between two different seats is above 0 (no two fingerprints are equal), at gap 1 for 32 seats."""
    f = fingerprint()
    d = distance_matrix(32, 16)
    assert len(f.gap_distances) == 31
    for g in range(1, 32):
        np.testing.assert_allclose(np.diag(d, g), f.gap_distances[g - 1], rtol=0, atol=1e-12)
    assert f.min_distance == pytest.approx(d[np.triu_indices(32, 1)].min(), abs=1e-15) and f.min_gap == 1
    assert round(f.min_distance, 4) == 1.0147 and f.min_distance > 0.5
    assert f.gap_distances[f.max_gap - 1] == pytest.approx(f.max_distance, abs=1e-12)
    # not monotone in the gap: gap 20 is nearer than gap 3
    assert f.gap_distances[19] < f.gap_distances[2]


def test_seed001_hands():
    f = fingerprint()
    assert round(f.fastest_step_degrees, 4) == 57.2958
    assert round(f.speed_ratio) == 3162
    np.testing.assert_allclose(hand_speeds(16)[:3], [1.0, 10 ** -0.5, 0.1])


def test_seed001_angle_table_rows_identical():
    f = fingerprint()
    assert f.angle_table.shape == (3, 3)
    for row in f.angle_table:
        np.testing.assert_allclose(row, row[0], atol=1e-9)
    assert round(f.angle_table[0, 0], 4) == 171.8873  # 3 rad
    assert hand_angle(2, 3, 0, 16) == pytest.approx(57.29577951)
    assert hand_angle(28, 29, 0, 16) == pytest.approx(57.29577951)


def test_hand_angle_is_unsigned_and_bounded():
    for gap in range(0, 40):
        a = hand_angle(5, 5 + gap, 0, 16)
        assert 0.0 <= a <= 180.0
        assert a == pytest.approx(hand_angle(5 + gap, 5, 0, 16))


@pytest.mark.parametrize("k", [1, 3, 7, 28])
def test_shift_by_k_rotates_each_pair(k):
    """PE(p + k) is PE(p) with pair i rotated by k * speed_i, whatever p."""
    d = 16
    speeds = hand_speeds(d)
    for p in (0, 5, 13.5):
        a = sinusoidal([p], d)[0].reshape(-1, 2)  # (8, 2) = (sin, cos)
        b = sinusoidal([p + k], d)[0].reshape(-1, 2)
        for i, w in enumerate(speeds):
            c, s = np.cos(k * w), np.sin(k * w)
            # (sin(x + t), cos(x + t)) = R(t) applied to (sin x, cos x)
            rotated = np.array([a[i, 0] * c + a[i, 1] * s, a[i, 1] * c - a[i, 0] * s])
            np.testing.assert_allclose(b[i], rotated, atol=1e-12)


@pytest.mark.parametrize("k", [1, 3, 7.5])
def test_rotation_matrix_takes_every_seat_k_further(k):
    """R_k PE(p) = PE(p + k) for every p, checked against the rows computed directly at p + k; R_k is a
    rotation (orthogonal, R_a R_b = R_(a+b)); the record's misses are rounding error, its turns k · ω_i."""
    d = 16
    r = rotation(k, d)  # (16, 16)
    for p in (0, 2, 11, 13.5, 28):
        direct = np.concatenate([[np.sin((p + k) * w), np.cos((p + k) * w)] for w in hand_speeds(d)])  # (16,)
        np.testing.assert_allclose(r @ sinusoidal([p], d)[0], direct, atol=1e-12)
    np.testing.assert_allclose(r @ r.T, np.eye(d), atol=1e-12)
    np.testing.assert_allclose(rotation(2, d) @ r, rotation(k + 2, d), atol=1e-12)
    misses = rotation_misses([2, 11], k, d)
    assert misses.shape == (2,) and (misses < 1e-12).all()
    fp = fingerprint()
    assert fp.rotate_misses == pytest.approx(tuple(rotation_misses(fp.angle_starts, fp.angle_gap, 16)), abs=0)
    assert max(fp.rotate_misses) < 1e-12
    assert fp.rotate_turn_degrees == pytest.approx(tuple(np.degrees(fp.angle_gap * hand_speeds(16))))


def test_distance_depends_only_on_gap():
    d = distance_matrix(32, 16)
    for gap in range(1, 32):
        diag = np.diag(d, gap)
        np.testing.assert_allclose(diag, diag[0], atol=1e-12)


def test_bad_d_model_is_rejected():
    with pytest.raises(ValueError):
        sinusoidal([1], 5)
    with pytest.raises(ValueError):
        hand_angle(1, 2, 9, 16)


def test_engine_imports_no_drawing_library():
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for n in names:
                assert n.split(".")[0] not in ("manim", "matplotlib"), f"{path} imports {n}"


def test_public_api_from_package_root():
    import engine

    for name in engine.__all__:
        assert callable(getattr(engine, name)) or getattr(engine, name) is not None
    assert engine.sinusoidal is sinusoidal


def test_api_names_live_where_the_table_says():
    """engine._API names each name's defining module, and the catalogue names the module that
    defines each engine function: engine.positional re-exports nothing of pe_geometry and pe_waves
    (a re-export put both into the content key of every entry that reads engine.positional)."""
    import importlib

    import engine
    from studio import catalogue

    for name, module in engine._API.items():
        value = getattr(importlib.import_module(module), name)
        if callable(value) and hasattr(value, "__module__"):
            assert value.__module__ == module, f"{name} is defined in {value.__module__}, not {module}"
        assert getattr(engine, name) is value  # `from engine import NAME` still works for every name
    for e in catalogue.ENTRIES:
        module, func = e.data.split(":")
        value = getattr(importlib.import_module(module), func)
        assert callable(value) and value.__module__ == module, e.data
    positional = importlib.import_module("engine.positional")
    for name in ("distance_profile", "wave_samples", "seq_number_problems"):
        assert not hasattr(positional, name)


def test_render_cache_follows_the_split_modules():
    """The render cache hashes an entry's import closure, read statically: each figure record's own
    module is in it, and the other figure family's is not (editing one re-renders only its figures)."""
    from studio import catalogue
    from studio.build.cache import source_files

    for name, module, other in (("pe_distance", "pe_geometry.py", "pe_waves.py"),
                                ("pe_angles", "pe_geometry.py", "pe_waves.py"),
                                ("pe_waves", "pe_waves.py", "pe_geometry.py"),
                                ("pe_dot_distance", "pe_waves.py", "pe_geometry.py"),
                                ("seq_number_problems", "pe_waves.py", "pe_geometry.py")):
        files = source_files(catalogue.get(name))
        assert ROOT / "engine" / module in files and ROOT / "engine" / other not in files, name
    for name in ("pe_clock", "prenorm_block", "rope_rotation"):
        files = source_files(catalogue.get(name))
        assert ROOT / "engine" / "pe_geometry.py" not in files and ROOT / "engine" / "pe_waves.py" not in files


def test_one_fast_hand_nearly_returns_so_slower_hands_part_the_seats():
    """pe_clock's "why several hands": hand 0 (1 rad a seat) is 16.2° short of a full turn at seat 6, so
    seats 0 and 6 differ by 0.2822 on it and by 1.6253 on hand 1; each hand's difference is the norm of its
    (sin, cos) pair in PE(6) − PE(0), and the distance bars peak at gap 3 before falling back at gap 6."""
    fp = fingerprint()
    assert fp.wrap_gap == 6
    pe = sinusoidal([0, 6], 16)  # (2, 16)
    pairs = (pe[1] - pe[0]).reshape(8, 2)  # (d/2, 2) each hand's (sin, cos) difference
    np.testing.assert_allclose(fp.wrap_hand_distances, np.linalg.norm(pairs, axis=1), atol=1e-12)
    assert round(fp.wrap_hand_distances[0], 4) == 0.2822 and round(fp.wrap_hand_distances[1], 4) == 1.6253
    assert round(fp.wrap_turn_degrees[0], 1) == 343.8 and round(fp.wrap_short_degrees, 1) == 16.2
    assert fp.wrap_peak_gap == 3 and fp.gap_distances[5] < fp.gap_distances[2]
    assert fingerprint(n_positions=5).wrap_gap == 0  # too few seats for a sixth: no beat


def test_look_back_head_peaks_one_seat_back_at_every_seat():
    """With row vectors, W_Q = R_{−1}ᵀ (the same matrix as R_1), W_K = I: q(p) · k(j) = PE(p − 1) · PE(j) exactly (R_1 R_1ᵀ = I), which is Σ cos((j − p + 1) ω_i) and
    peaks at j = p − 1 for every p from 1 to 31, at d/2 = 8; the record holds the rows for seats 5 and 20."""
    n, d = 32, 16
    scores = look_back_scores(n, d)  # (32, 32)
    table = sinusoidal(np.arange(n), d)  # (32, 16)
    q = table @ rotation(1, d)  # (32, 16) rows PE(p) R_{−1}ᵀ = PE(p − 1)
    np.testing.assert_allclose(q[1:], table[:-1], atol=1e-12)  # q(p) = PE(p − 1)
    np.testing.assert_allclose(scores[1:], table[:-1] @ table.T, atol=1e-12)
    gaps = np.arange(n)[None, :] - np.arange(n)[:, None] + 1  # (32, 32) j − p + 1
    np.testing.assert_allclose(scores, dot_by_gap(gaps, d), atol=1e-12)
    for p in range(1, n):
        assert int(np.argmax(scores[p])) == p - 1
        assert scores[p, p - 1] == pytest.approx(d / 2, abs=1e-12)
        assert np.sort(scores[p])[-2] < d / 2 - 0.5  # the runner-up (a neighbour) is clearly below
    fp = fingerprint()
    assert fp.look_back_seats == (5, 20)
    assert fp.look_back_peaks[1:] == tuple(range(n - 1))
    # the record's head is W_Q = 12 · R_{−1}ᵀ (= 12 · R_1) and its rows are divided by √d: 12 · 8 / 4 = 24 at the peak
    assert fp.look_back_scale == 12.0
    assert fp.look_back_top == pytest.approx(12 * (d / 2) / 4, abs=1e-12)
    np.testing.assert_allclose(look_back_scores(n, d, scale=12.0), 12 * scores, atol=1e-12)
    for p, row, w in zip(fp.look_back_seats, fp.look_back_rows, fp.look_back_weights):
        assert row == pytest.approx(tuple(12 * scores[p] / 4), abs=1e-12)
        assert int(np.argmax(w)) == p - 1 and sum(w) == pytest.approx(1.0)
    assert look_back_plan(4) == (2,) and look_back_plan(1) == ()
