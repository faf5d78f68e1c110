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

pytestmark = pytest.mark.shared_play  # first to run, so this worker makes the shared render it reads


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
def played(shared_renders):
    """The play of the run's shared render of rope_rotation (light, en: tests.conftest.scene_look) when
    this worker makes it (SharedRenders.played), else the same play made here without drawing."""
    from studio.build.dryplay import play_dry
    from look import Look

    if (scene := shared_renders.played("rope_rotation", "light", "en")) is not None:
        return scene
    entry = catalogue.get("rope_rotation")
    return play_dry(entry.load().SCENE, entry.compute(), Look("light", "en"))


def test_gaps_are_stated_between_moves(played):
    """A cue that states a gap never shares the screen with a move: the move has its own cue before it."""
    texts = [c["text"].replace("\n", " ") for c in played.cues_log]
    said = [i for i, t in enumerate(texts) if re.match(r"With m − n = \d+ the score is", t)]
    assert [texts[i] for i in said] == ["With m − n = 6 the score is 0.3565.", "With m − n = 1 the score is 1.6121."]
    assert texts[said[0] + 1] == "Now put the key right next to the query."
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
    """"The same three pairs get three different scores": absolute PE's (q + PE(m))·(k + PE(n)) is the
    engine's, its stops' cells are the three scores shown, and its diagonals are far from constant."""
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
    """"Its length is still 1.0198": the |q| row reads the turned piece's length in every frame."""
    import json

    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]
    cue = next(c for c in cues if "Its length is still 1.0198" in c["text"].replace("\n", " "))
    during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
    assert during and {fmt_num(float(r["q_len_0"]), 4) for r in during} == {"1.0198"}
    assert len({round(float(r["q_turn_deg_0"]), 3) for r in rows if float(r["q_len_0"] or 0) > 0}) > 10  # it turns
    assert {fmt_num(float(r["q_len_1"]), 4) for r in rows if r["q_len_1"]} == {"1.0000"}


def test_diagonal_plot_shows_the_stated_scores(played):
    """"Along the same diagonal its score changes: 1.9493, 3.8794, 1.4546": the plot under the dials traces the
    engine's absolute-PE scores along m − n = 4 (not constant) and RoPE's (constant), and the cue stating the
    three values comes with the line and the table that show them."""
    d = played.data
    diag = [(m, m - 4) for m in range(4, 10)]
    assert np.ptp([d.absolute_grid[c] for c in diag]) > 2.0
    assert np.ptp([d.score_grid[c] for c in diag]) < 1e-12
    texts = [c["text"].replace("\n", " ") for c in played.cues_log]
    assert "Along the same diagonal its score changes: 1.9493, 3.8794, 1.4546." in texts
    assert "x = q, x′ = k" in played.strings["en"]["xq"]


def test_rendered_cues_match_the_plot_and_the_dials(shared_renders):
    """In the rendered frames: the PE values are stated only while the plot shows them; the summary's
    "Here n − m = −4 ... gives −0.7242" comes after q's turn has gone to k (m = 0, n = −4, score −0.7242)."""
    import json

    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]

    def during(fragment):
        cue = next(c for c in cues if fragment in c["text"].replace("\n", " "))
        got = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
        assert got
        return got

    assert {r["pe_line"] for r in during("its score changes: 1.9493")} == {"1.0"}
    end = during("Here n − m = −4")
    assert {(fmt_num(float(r["m"]), 1), fmt_num(float(r["n"]), 1)) for r in end} == {("0.0", "−4.0")}
    assert {fmt_num(float(r["score"]), 4) for r in end} == {"−0.7242"}
    turning = during("Undo q's turn and give it to k.")
    assert {fmt_num(float(r["m"]) - float(r["n"]), 4) for r in turning} == {"4.0000"}  # the gap never moves
    assert {fmt_num(float(r["score"]), 4) for r in turning} == {"−0.7242"}
    assert len({round(float(r["m"]), 3) for r in turning}) > 5  # q's turn goes to k under this cue


def test_positions_show_whole_numbers_as_they_are_passed(played):
    """m and n show whole positions only (updated on purpose: a sliding readout showed fractions such as 1.9):
    at a whole position the position itself, between two the last one passed, so a readout ticks as the dial
    reaches each position and never runs ahead of it; the gap is m − n as shown."""
    played.set_positions(0.0, 0.0)
    played.set_positions(1.86, 1.86)  # on the way up from 0: 1 passed, 2 not yet
    assert (played.m_num.shown, played.n_num.shown, played.gap_num.shown) == ("1", "1", "0")
    played.set_positions(2.4, 0.7)  # m passed 2 going up; n going down has passed 1, not yet 0
    assert (played.m_num.shown, played.n_num.shown, played.gap_num.shown) == ("2", "1", "1")
    played.set_positions(4.0, 0.0)
    assert (played.m_num.shown, played.n_num.shown, played.gap_num.shown) == ("4", "0", "4")


def test_pairs_plane_said_once_the_planes_are_drawn(played):
    """"Each pair is a point in its own plane" is said in the planes section, not over the bare numbers."""
    cue = next(c for c in played.cues_log if c["text"].startswith("Each pair is a point"))
    assert cue["section"] == "planes"


def test_setup_note_clear_of_the_caption(played):
    """d and base stand in the score panel, each on one line, well above the caption band."""
    from scenes.parts.lecture import CAPTION_TOP

    note = played.setup_note
    assert [t.text for t in note] == ["d=4", "base=100"]  # Text drops spaces from .text
    assert note.get_bottom()[1] > CAPTION_TOP + 1.0
    assert note.get_left()[0] > played.planes[-1]["centre"][0] + played.plane_r


def test_middle_dot_is_narrow_in_chinese():
    """"q·k" in a Chinese caption uses the English face's dot, not the Chinese faces' wide bullet."""
    from look import Look
    from scenes.rope_rotation import RopeRotation

    scene = RopeRotation.__new__(RopeRotation)
    scene.look, scene.pal = Look("dark", "zh-Hant"), Look("dark", "zh-Hant").palette
    dot = scene.txt("q·k")[1]
    assert dot.width < 0.07


def test_plane_zero_laps_while_the_slow_plane_barely_moves(played):
    """m runs on from the first stop by the 6 whole positions nearest 2π/θ₀ = 6.28: plane 0's piece of q comes
    back near its direction, 16.2° short, plane 1's turns 34.4°, |q| stays 1.0198; the cues say so, and why
    several speeds are needed, after the picture has shown it (updated on purpose: positions are integers, so
    the lap no longer ends at m = 10.3 and the cue no longer claims an exact return)."""
    from engine.rope import rope_rotate
    from scenes.rope.wrap import lap_miss_deg, lap_steps, tex_number, wrap_span

    d = played.data
    m = int(d.keyframes[1][0])
    span = wrap_span(d)
    assert fmt_num(span, 2) == "6.28" and span == pytest.approx(2 * np.pi / d.thetas[0])
    assert lap_steps(d) == 6
    before = rope_rotate(d.q, m, d.base).reshape(-1, 2)  # (planes, 2)
    after = rope_rotate(d.q, m + 6, d.base).reshape(-1, 2)
    miss = np.degrees(np.arctan2(before[0, 1], before[0, 0]) - np.arctan2(after[0, 1], after[0, 0])) % 360
    assert fmt_num(miss, 1) == fmt_num(abs(lap_miss_deg(d)), 1) == "16.2"  # plane 0: near, not back
    turn = np.degrees(np.arctan2(after[1, 1], after[1, 0]) - np.arctan2(before[1, 1], before[1, 0]))
    assert fmt_num(turn, 1) == "34.4"  # plane 1: under a tenth of a lap
    assert fmt_num(np.hypot(*after[0]), 4) == "1.0198"
    texts = [c["text"].replace("\n", " ") for c in played.cues_log]
    run = texts.index("Now let m run on, and watch plane 0.")
    assert texts[run + 1] == "After 6 positions, at m = 10, plane 0 is back near where it was:"
    assert texts[run + 2] == "a lap takes 2π / 1 ≈ 6.28 positions, so it stands 16.2° short."
    assert texts[run + 3] == "Its length is still 1.0198."
    assert texts[run + 4] == "Plane 1 went only 0.10 of a lap while plane 0 went nearly a whole one."
    assert texts[run + 5] == "So one fast plane alone nearly repeats; the slow planes tell far positions apart."
    assert texts[run - 2].startswith("The formula gives each plane its speed θ")
    assert "^" not in " ".join(texts)
    assert tex_number("3.16×10⁻⁴") == r"3.16\times 10^{-4}" and tex_number("10,000") == "10{,}000"


def test_rendered_lap_stands_at_its_end(shared_renders):
    """In the rendered frames, m stands at 4 + 6 = 10 (a whole position) while the cues speak of the lap and |q|."""
    import json

    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]
    for fragment in ("After 6 positions", "a lap takes 2π / 1 ≈ 6.28", "Its length is still 1.0198"):
        cue = next(c for c in cues if fragment in c["text"].replace("\n", " "))
        during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
        assert during and {fmt_num(float(r["m"]), 1) for r in during} == {"10.0"}
        assert {fmt_num(float(r["q_len_0"]), 4) for r in during} == {"1.0198"}


def test_key_walks_the_row_and_closer_is_not_simply_higher(played):
    """"Closer is not simply higher" is shown, not only said: the query holds row m = 9, the key walks n = 9 … 0,
    and the cue names the row's highest score, the lowest after it and the rise after that, all engine.rope's;
    the many-planes cue states RoFormer's long-term decay as a bound on a sum, never a decay "on average"."""
    from engine.rope_extra import row_turns

    d = played.data
    row = [rope_score(d.q, d.k, 9, 9 - g, d.base) for g in range(10)]
    assert [fmt_num(v, 4) for v in row] == [fmt_num(d.score_grid[9, 9 - g], 4) for g in range(10)]
    assert row_turns(row) == (1, 4, 7)
    texts = [c["text"].replace("\n", " ") for c in played.cues_log]
    walk = texts.index("Hold the query at m = 9 and walk the key along its row: n = 9, 8, … 0.")
    assert texts[walk + 2] == "Closer is not simply higher: the score is 1.6121 at m − n = 1,"
    assert texts[walk + 3] == "falls to −0.7242 at 4 and climbs back to 1.0435 at 7."
    assert (fmt_num(row[1], 4), fmt_num(row[4], 4), fmt_num(row[7], 4)) == ("1.6121", "−0.7242", "1.0435")
    said = " ".join(texts)
    assert "on average" not in said
    assert "RoFormer (Su et al., 2021) derives a long-term decay:" in said and "proves" not in said
    assert "an upper bound on the size of the score, shown to shrink as m − n grows." in said
    assert "It bounds a sum over the planes; single scores can still rise and fall." in said
    assert row_turns([3.0, 2.0, 1.0, 0.5]) is None  # scores that only fall after their highest: no such cue


def test_rendered_row_walk_holds_m_and_passes_every_n(shared_renders):
    """In the rendered frames, while the key walks the row, m stays 9 and n passes every whole position 9 … 0
    (and nothing else moves m); the score is engine.rope's at each frame's (m, n)."""
    import json

    folder = shared_renders.folder("rope_rotation", "light", "en")
    rows = list(csv.DictReader(open(folder / "rope_rotation.frames.csv")))
    cues = json.loads((folder / "rope_rotation.numbers.json").read_text())["cues"]
    cue = next(c for c in cues if "Each score goes on the curve" in c["text"].replace("\n", " "))
    during = [r for r in rows if cue["start_s"] <= float(r["time_s"]) < cue["end_s"]]
    assert during and {fmt_num(float(r["m"]), 4) for r in during} == {"9.0000"}
    whole = {int(round(float(r["n"]))) for r in during if abs(float(r["n"]) - round(float(r["n"]))) < 1e-9}
    assert whole == set(range(10))
    d = record()
    for r in during[::7]:
        assert float(r["score"]) == pytest.approx(rope_score(d.q, d.k, float(r["m"]), float(r["n"]), d.base), abs=1e-9)
