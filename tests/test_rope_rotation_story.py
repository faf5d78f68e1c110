"""rope_rotation tells its story in step with its captions (issue 25): each stated gap is on screen,
standing still, for the whole of its cue; positions show as whole numbers; the ending's identity
(R_m q)·(R_n k) = q·(R_{n−m} k) carries the RoPE row's score."""
from __future__ import annotations

import csv
import re

import numpy as np
import pytest

from engine.rope import rope_score
from look import fmt_num
from studio import catalogue


def record():
    return catalogue.get("rope_rotation").compute()


def test_the_identity_gives_the_rope_rows_score():
    """q·(R_{n−m} k), q unturned and k turned by n − m, is the score of every stop with that gap."""
    d = record()
    stops = [tuple(int(v) for v in s) for s in d.keyframes[1:4]]
    m, n = stops[0]
    value = rope_score(d.q, d.k, 0, n - m, d.base)
    for k in range(1, 4):
        assert fmt_num(d.keyframe_scores[k], 4) == fmt_num(value, 4) == "−0.7242"
    # the summary's caption says only n − m is left, and it is true of the whole table
    assert np.ptp([rope_score(d.q, d.k, a, a + n - m, d.base) for a in range(10)]) < 1e-12


@pytest.fixture(scope="module")
def played():
    from studio.build.dryplay import play_dry
    from look import Look

    entry = catalogue.get("rope_rotation")
    return play_dry(entry.load().SCENE, entry.compute(), Look("light", "en"), captions="none")


def test_gaps_are_stated_between_moves(played):
    """A cue that states a gap never shares the screen with a move: the move has its own cue before it."""
    texts = [c["text"].replace("\n", " ") for c in played.cues_log]
    said = [i for i, t in enumerate(texts) if re.match(r"With m − n = \d+ the score is", t)]
    assert [texts[i] for i in said] == ["With m − n = 6 the score is 0.3565.", "With m − n = 1 the score is 1.6121."]
    assert texts[said[0] + 1] == "Now bring the key close to the query."
    assert texts[said[0] - 1].startswith("Now move only the key")
    assert played.m_num.decimals == played.n_num.decimals == played.gap_num.decimals == 0
    assert played.shown["identity_score"] == pytest.approx(float(played.data.keyframe_scores[1]))


def test_rendered_gaps_stand_still_under_their_cues(shared_renders):
    """In the rendered frames, m and n do not move while a cue states a gap, and the score is the one said."""
    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    import json
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]
    checked = 0
    for cue in cues:
        got = re.match(r"With m − n = (\d+) the score is (−?[\d.]+)\.", cue["text"].replace("\n", " "))
        if not got:
            continue
        during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
        assert during
        assert {(r["m"], r["n"]) for r in during} == {(during[0]["m"], during[0]["n"])}
        assert all(fmt_num(float(r["m"]) - float(r["n"]), 0) == got[1] for r in during)
        assert all(fmt_num(float(r["score"]), 4) == got[2] for r in during)
        checked += 1
    assert checked == 2


def test_absolute_table_diagonals_change_while_ropes_stay():
    """"The same three pairs get three different scores, and its diagonals change colour": the absolute-PE
    table beside the RoPE table is the engine's (q + PE(m))·(k + PE(n)), its stops' cells are the three
    scores shown, and its diagonals are far from constant."""
    from engine.rope import absolute_pe_score

    d = record()
    g = len(d.grid_positions)
    for m, n in [(0, 0), (4, 0), (9, 5), (3, 7)]:
        assert d.absolute_grid[m, n] == pytest.approx(absolute_pe_score(d.q, d.k, m, n, d.base), abs=1e-12)
    stops = [tuple(int(v) for v in s) for s in d.keyframes[1:4]]
    assert [fmt_num(d.absolute_grid[s], 4) for s in stops] == ["1.9493", "3.8794", "1.4546"]
    spreads = [np.ptp(np.diagonal(d.absolute_grid, offset=-k)) for k in range(-g + 3, g - 2)]
    assert min(spreads) > 0.5  # every diagonal of three cells or more changes colour (by ≥ 0.5 of a 6.53 scale)
    assert max(np.ptp(np.diagonal(d.score_grid, offset=-k)) for k in range(-g + 1, g)) < 1e-12


def test_length_shown_while_q_turns(shared_renders):
    """"Its length stays the same: 1.0198 in plane 0": the |q| row reads the turned piece's length in every frame."""
    import json

    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]
    cue = next(c for c in cues if "1.0198 in plane 0" in c["text"].replace("\n", " "))
    during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
    assert during and {fmt_num(float(r["q_len_0"]), 4) for r in during} == {"1.0198"}
    assert len({round(float(r["q_turn_deg_0"]), 3) for r in rows if float(r["q_len_0"] or 0) > 0}) > 10  # it turns
    assert {fmt_num(float(r["q_len_1"]), 4) for r in rows if r["q_len_1"]} == {"1.0000"}


def test_each_contrast_map_has_its_own_scale(played):
    """"Each map has its own colour scale": the RoPE map's bar ends at ±max|RoPE score| (1.90), the
    absolute-PE map's at ±max|absolute score| (6.53), as the caption says."""
    d = played.data
    assert fmt_num(played.shown["contrast_scale_rope"], 2) == fmt_num(float(np.abs(d.score_grid).max()), 2) == "1.90"
    assert fmt_num(played.shown["contrast_scale_abs"], 2) == fmt_num(float(np.abs(d.absolute_grid).max()), 2) == "6.53"
    assert any("Each map has its own colour scale." in c["text"] for c in played.cues_log)
