"""Your own numbers for the sinusoidal-table entries (studio.catalogue.accepts.clock): the ranges' edges, the
scene at a wide example in every language (its captions read the record), and values at
non-default parameters checked independently. The layout gates over the grid: tests/test_grids.py.
"""
from __future__ import annotations

import numpy as np
import pytest

from look import LANGS, fmt_num
from scenes.clock.strings import ratio_text
from studio import catalogue
from studio.catalogue.accepts.clock import BASE, D_MODEL, POSITIONS
from studio.catalogue.params import ParamError
from tests.conftest import run_cli, run_here

WIDE = {"d_model": 64, "positions": 50, "base": 500_000.0}


def pe_formula(n: int, d: int, base: float) -> np.ndarray:
    """The textbook table, written out cell by cell: PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos."""
    out = np.zeros((n, d))
    for p in range(n):
        for i in range(d // 2):
            angle = p / base ** (2 * i / d)
            out[p, 2 * i] = np.sin(angle)
            out[p, 2 * i + 1] = np.cos(angle)
    return out


# -- the ranges ------------------------------------------------------------------------------------
def test_the_table_entries_share_their_parameters():
    for name in ("pe_clock", "pe_table", "pe_distance", "pe_angles", "seq_number_problems"):
        accepts = catalogue.get(name).accepts
        assert accepts.get("d_model") is D_MODEL and accepts.get("base") is BASE
    for name in ("pe_clock", "pe_table", "pe_distance", "pe_angles", "pe_waves"):
        assert catalogue.get(name).accepts.get("positions") is POSITIONS
    for param in (D_MODEL, POSITIONS, BASE):
        for lang in LANGS:
            assert param.help[lang].strip()


@pytest.mark.parametrize("name,given", [
    ("pe_clock", {"d_model": 4, "positions": 2, "base": 2}),
    ("pe_clock", {"d_model": 64, "positions": 128, "base": 1e7}),
    ("pe_waves", {"d_model": 16, "positions": 128, "position": 127}),
    ("seq_number_problems", {"positions": 8}),
])
def test_range_ends_are_accepted(name, given):
    entry = catalogue.get(name).with_params(given)
    assert entry.compute() is not None


@pytest.mark.parametrize("args,words", [
    (("pe_clock", "--set", "d_model=66"), ("d_model=66", "64")),
    (("pe_clock", "--set", "d_model=63"), ("d_model=63", "even")),
    (("pe_clock", "--set", "d_model=2"), ("d_model=2", "4")),
    (("pe_table", "--set", "positions=129"), ("positions=129", "128")),
    (("pe_angles", "--set", "positions=1"), ("positions=1", "2")),
    (("pe_distance", "--set", "base=1.5"), ("base=1.5", "2")),
    (("pe_waves", "--set", "d_model=18"), ("d_model=18", "16")),
    (("pe_waves", "--set", "position=64"), ("position=64", "positions=64")),
    (("seq_number_problems", "--set", "positions=7"), ("positions=7", "8")),
])
def test_just_outside_exits_2_with_one_line(args, words, tmp_path):
    out = run_here(*args, "--out", tmp_path)
    assert out.returncode == 2, out.stderr
    lines = [ln for ln in out.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_params_lists_them_in_chinese():
    out = run_cli("params", "pe_clock", "--lang", "zh-Hant")
    assert out.returncode == 0, out.stderr
    assert "d_model" in out.stdout and "指針" in out.stdout


# -- the numbers at non-default parameters, checked independently ---------------------------------
def test_wide_table_is_the_textbook_formula():
    d = catalogue.get("pe_clock").with_params(WIDE).compute()
    assert d.table.shape == (50, 64) and d.n_hands == 32
    assert np.allclose(d.table, pe_formula(50, 64, 500_000.0), rtol=0, atol=1e-12)
    # every adjacent pair ties, and the farthest pairs are found by brute force
    rows = pe_formula(50, 64, 500_000.0)
    dist = {(p, q): np.linalg.norm(rows[p] - rows[q]) for p in range(50) for q in range(p + 1, 50)}
    adjacent = [dist[(p, p + 1)] for p in range(49)]
    assert np.ptp(adjacent) < 1e-12 and np.isclose(d.adjacent_distance, adjacent[0])
    far = max(dist.values())
    assert np.isclose(d.max_distance, far)
    assert set(d.max_pairs) == {pq for pq, v in dist.items() if abs(v - far) < 1e-9}
    assert np.isclose(d.speed_ratio, 500_000.0 ** (62 / 64))


def test_angle_starts_stay_inside_the_seats():
    for n in range(2, 129):
        d = catalogue.get("pe_clock").with_params({"positions": n}).compute()
        assert d.angle_starts and all(0 <= s and s + d.angle_gap <= n - 1 for s in d.angle_starts), n
        t = catalogue.get("pe_angles").with_params({"positions": n}).compute()
        assert all(e <= n - 1 for e in t.ends) and all(b <= n - 1 for _, b in t.step_examples), n
        if n >= 32:  # the seeds' starts whenever they fit
            assert d.angle_starts == t.starts == (2, 11, 28) and d.angle_gap == 3


def test_angles_at_64_hands_from_the_pointers():
    t = catalogue.get("pe_angles").with_params(WIDE).compute()
    assert len(t.hands) == 8 and t.hands[0] == 0 and t.hands[-1] == 31 and t.n_hands == 32
    rows = pe_formula(50, 64, 500_000.0)
    for r, h in enumerate(t.hands):
        for c, s in enumerate(t.starts):
            a, b = rows[s, 2 * h:2 * h + 2], rows[s + t.gap, 2 * h:2 * h + 2]
            deg = np.degrees(np.arccos(np.clip(a @ b, -1, 1)))  # unit pointers
            assert abs(t.table[r, c] - deg) < 1e-6


def test_waves_at_16_and_their_denominators():
    w = catalogue.get("pe_waves").with_params({"d_model": 16, "position": 40, "base": 500_000}).compute()
    assert np.allclose(w.denominators, [500_000.0 ** (2 * i / 16) for i in range(8)])
    assert np.allclose(w.pe_at, pe_formula(41, 16, 500_000.0)[40], atol=1e-12)


# -- what the scene and the figures say --------------------------------------------------------------
def test_wide_figures_name_their_size():
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    from look import Look
    from studio.gates.figures import draw_figure

    def drawn(lang):
        fig, _ = draw_figure(catalogue.get("pe_table").with_params(WIDE), Look("light", lang))
        try:
            return " ".join(t.get_text() for t in fig.findobj(Text))
        finally:
            plt.close(fig)

    assert "d = 64: 50 positions × 64 numbers (32 pairs: sin, cos)" in drawn("en")
    assert "50 個位置 × 64 個數（32 組 sin、cos）" in drawn("zh-Hant")


def _scene_run(args):
    """(findings, captions) of the pe_clock gate at one point and language."""
    import studio.gates.scenes as gate
    from look import Look

    point, lang = args
    seen = {}
    original = gate.pace_findings

    def keep(scene, name, look):
        seen["captions"] = [c["text"] for c in scene.captions_log]
        return original(scene, name, look)

    gate.pace_findings = keep
    try:
        found = gate.scene_findings(catalogue.get("pe_clock").with_params(point), Look("light", lang))
    finally:
        gate.pace_findings = original
    return [f.line() for f in found], seen.get("captions", [])


@pytest.mark.parametrize("lang", [lang if lang == "en" else pytest.param(lang, marks=pytest.mark.full)
                                  for lang in LANGS])  # the Chinese plays under TF_FULL=1
def test_wide_scene_captions_use_the_record(lang):
    findings, captions = _scene_run((WIDE, lang))
    assert findings == [], f"{WIDE} {lang}\n" + "\n".join(findings)
    captions = " ".join(captions)
    d = catalogue.get("pe_clock").with_params(WIDE).compute()
    assert ratio_text(d.speed_ratio) in captions and fmt_num(d.max_distance, 4) in captions
    assert f"{d.max_over_adjacent:.2f}" not in captions  # no ratio of distances is claimed
    assert ratio_text(d.speed_ratio) == f"{500_000.0 ** (62 / 64):,.0f}"  # the slowest of 32 hands at base 500000
    assert "1.0147" not in captions and "3.5091" not in captions  # the seeds' distances no longer hold
    if lang == "en":
        assert "made by 32 clock hands" in captions and "from 0 to 49" in captions
        assert "two of the 64 numbers" in captions
        assert "Starts 2, 11 and 28 give the same angles" in captions
        assert f"seats {d.max_pairs[0][0]} and {d.max_pairs[0][1]}" in captions
        assert (f"at gap {d.max_gap} (e.g." in captions) == (len(d.max_pairs) > 1)  # a tie is named by its gap
    else:
        assert "32 根" in captions and "0 走到 49" in captions
        assert ("64 個數" if lang == "zh-Hant" else "64 个数") in captions
        assert ("從 2、11、28 出發" if lang == "zh-Hant" else "从 2、11、28 出发") in captions


def test_bad_cross_check_is_one_line():
    with pytest.raises(ParamError) as err:
        catalogue.get("pe_waves").with_params({"positions": 10, "position": 12})
    assert "position=12" in str(err.value) and "\n" not in str(err.value)


def test_pe_table_writes_each_pairs_turn_per_position_under_its_number():
    """Every pair's turn for one position (engine: step_degrees, 1 rad = 57.2958° for pair 0) is written under
    its number in degrees, to two significant digits (57°, 18° … 0.018°); the whole turns from position 0 to 31
    (total_turns = speed × 31: 31, 9.8 … 0.0098 rad) are the caption's; no threshold is drawn."""
    from matplotlib.text import Text

    from look import Look
    from studio.gates.figures import draw_figure

    record = catalogue.get("pe_table").compute()
    np.testing.assert_allclose(record.total_turns, 31 * 10000.0 ** (-np.arange(8) / 8), rtol=1e-12)
    fig, _ = draw_figure(catalogue.get("pe_table"), Look("light", "en"))
    try:
        labels = [t.get_text() for t in fig.axes[0].get_xticklabels(minor=True)]
        texts = [t.get_text() for t in fig.findobj(Text)]
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
    np.testing.assert_allclose(record.step_degrees, np.degrees(10000.0 ** (-np.arange(8) / 8)), rtol=1e-12)
    shown = ("57°", "18°", "5.7°", "1.8°", "0.57°", "0.18°", "0.057°", "0.018°")
    assert labels == [f"{i}\n{t}" for i, t in enumerate(shown)], labels
    from figures.pe_table import caption

    assert "pair 0: 31 rad" in caption(record, Look("light", "en")) and "pair 7: 0.0098 rad" in caption(record, Look("light", "en"))
    assert not any("<" in t for t in texts)
