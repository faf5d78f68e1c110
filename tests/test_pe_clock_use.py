"""pe_clock's claims against what it drew (scenes.pe_clock; seed 001 "fingerprint" station and station 1,
十五 vs 五十), on one tiny play: every cue's numbers are the engine's, and each is on screen (in the frame
record) from the cue's middle to its end. The play is the run's shared render when this worker makes it
(tests/conftest.py, SharedRenders.played), else its own, recording frames without drawing them."""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from scenes.clock.seatswap import weight_text
from scenes.clock.use import SCORE_DECIMALS as SD

pytestmark = pytest.mark.shared_play  # first to run, so this worker makes the shared render it reads


@pytest.fixture(scope="module")
def played(tmp_path_factory, shared_renders):
    import manim

    from look import Look
    from studio import catalogue
    from studio.build.dryplay import draw_no_pixels
    from studio.options import TINY

    if (scene := shared_renders.played("pe_clock", "light", "en")) is not None:
        return scene, TINY.fps
    entry = catalogue.get("pe_clock")
    media = tmp_path_factory.mktemp("pec")
    settings = {"pixel_width": TINY.width, "pixel_height": TINY.height, "frame_rate": TINY.fps,
                "media_dir": str(media), "write_to_movie": False, "disable_caching": True,
                "verbosity": "ERROR", "progress_bar": "none", "preview": False}
    with manim.tempconfig(settings):
        scene = entry.load().SCENE(data=entry.compute(), look=Look("light", "en"), captions="burn", handover=False)
        draw_no_pixels(scene.renderer)  # no test reads a pixel; add_frame still records every row
        scene.render()
    return scene, TINY.fps


def cue_with(scene, words: str) -> dict:
    found = [c for c in scene.cues_log if words in c["text"].replace("\n", " ")]
    assert len(found) == 1, (words, [c["text"] for c in scene.cues_log])
    return found[0]


def rows_during(scene, fps, cue, from_middle=True):
    start = (cue["start_s"] + cue["end_s"]) / 2 if from_middle else cue["start_s"]
    first, last = int(np.ceil(start * fps)), int(np.floor(cue["end_s"] * fps)) - 1
    rows = scene.frame_rows[first:last + 1]
    assert rows, cue
    return rows


def test_engine_scores_words_only_equal_with_fingerprints_different():
    from engine import clock_lesson, sinusoidal
    from engine.attention import permutation_demo, scaled_dot_product_attention

    d = clock_lesson()
    o = d.order
    assert (o.tokens_a, o.tokens_b, o.query, o.key) == (("十", "五"), ("五", "十"), "十", "五")
    assert fmt_num(o.words_only[0], 4) == fmt_num(o.words_only[1], 4) == "−0.0734"
    assert (fmt_num(o.with_pe[0], 4), fmt_num(o.with_pe[1], 4)) == ("−0.9714", "−0.8004")
    # the dot product drawn before the scale: q · k = −3.8856 and −3.2017, over √16 the two scores
    assert [fmt_num(v, 4) for v in o.dots_pe] == ["−3.8855", "−3.2017"]
    np.testing.assert_allclose(np.array(o.dots_pe) / np.sqrt(16), o.with_pe, rtol=0, atol=1e-12)
    np.testing.assert_allclose(o.dots_pe, np.einsum("od,od->o", o.q_pe, o.k_pe), rtol=0, atol=1e-12)
    # recomputed: the permutation lesson's layer at width 16, PE rows 0 and 1 of the table added
    demo = permutation_demo(d_model=16)
    words = dict(zip(demo.vocab, demo.embeddings))
    np.testing.assert_allclose(sinusoidal([0, 1], 16), d.table[:2], atol=0)
    for tokens, (q, k), value in ((o.tokens_a, (0, 1), o.with_pe[0]), (o.tokens_b, (1, 0), o.with_pe[1])):
        x = np.array([words[t] for t in tokens]) + d.table[:2]  # (2, 16)
        s = scaled_dot_product_attention(x @ demo.w_q, x @ demo.w_k, x @ demo.w_v).scores  # (2, 2)
        assert s[q, k] == pytest.approx(value, abs=1e-12)


def test_use_cues_state_the_scores_on_screen(played):
    scene, fps = played
    o = scene.data.look_order
    words = cue_with(scene, "Words only, 五 scores")
    assert fmt_num(o.words_only[0], SD) in words["text"].replace("\n", " ")
    for row in rows_during(scene, fps, words):
        assert row["order_words_a"] == o.words_only[0] and row["order_words_b"] == o.words_only[1]
    pe = cue_with(scene, "With the fingerprints added")
    assert f"{fmt_num(o.with_pe[0], SD)} in 十五 and {fmt_num(o.with_pe[1], SD)} in 五十" in pe["text"].replace("\n", " ")
    for row in rows_during(scene, fps, pe):
        assert row["order_pe_a"] == o.with_pe[0] and row["order_pe_b"] == o.with_pe[1]
    # the problem first (the words alone score the same in both orders), then the fix
    assert words["section"] == pe["section"] == "use" and words["start_s"] < pe["start_s"]
    # the ending states the conclusion over the scores, not over an empty frame
    last = scene.cues_log[-1]
    assert last["section"] == "summary" and "The scores now depend on the order" in " ".join(
        c["text"] for c in scene.cues_log if c["section"] == "summary")


def test_engine_pieces_of_the_score_are_the_sums_through_w_q_and_w_k():
    from engine import clock_lesson, sinusoidal
    from engine.attention import permutation_demo

    d = clock_lesson()
    o = d.order
    demo = permutation_demo(d_model=16)
    words = dict(zip(demo.vocab, demo.embeddings))
    assert o.seats == ((0, 1), (1, 0))  # 十 asks from seat 0 in 十五 and from seat 1 in 五十
    np.testing.assert_array_equal(o.pe, sinusoidal([0, 1], 16))
    np.testing.assert_array_equal(o.w_q, demo.w_q)
    np.testing.assert_array_equal(o.w_k, demo.w_k)
    for i, (qs, ks) in enumerate(o.seats):
        np.testing.assert_allclose(o.q_pe[i], (words["十"] + d.table[qs]) @ demo.w_q, atol=1e-12)  # (16,)
        np.testing.assert_allclose(o.k_pe[i], (words["五"] + d.table[ks]) @ demo.w_k, atol=1e-12)  # (16,)
        assert o.q_pe[i] @ o.k_pe[i] / 4.0 == pytest.approx(o.with_pe[i], abs=1e-12)  # q · k / √16


def test_each_score_is_stated_as_its_products_meet(played):
    scene, fps = played
    o = scene.data.look_order
    first = cue_with(scene, "is the score")
    assert f"{fmt_num(o.with_pe[0], SD)} in 十五" in first["text"] and "q · k divided by 4" in first["text"].replace("\n", " ")
    # the dot product first, its own cue, then the division by √16 under the next one, long enough to follow
    dot = cue_with(scene, "in their dot product")
    assert f"q · k is {fmt_num(o.dots_pe[0], SD)}" in dot["text"].replace("\n", " ")
    assert dot["end_s"] == pytest.approx(first["start_s"]) and "q · k divided by 4, the square root of 16, is the score" in first["text"].replace("\n", " ")
    assert first["end_s"] - first["start_s"] >= 3.0
    for row in rows_during(scene, fps, first):
        assert row["order_pe_a"] == o.with_pe[0] and "order_pe_b" not in row  # the second order not yet
    swap = cue_with(scene, "swap seats")
    assert first["start_s"] < swap["start_s"] < cue_with(scene, "With the fingerprints added")["start_s"]
    assert "In 十五, 五 sits at seat 1 and 十 at seat 0" in cue_with(scene, "sits at seat 1")["text"]


def test_the_score_formula_is_drawn_while_the_scores_are_read(played):
    scene, fps = played
    for words in ("The look-back head projects the sums", "Words only, 五 scores", "With the fingerprints added"):
        for row in rows_during(scene, fps, cue_with(scene, words)):
            assert row.get("score_formula") == 1, words


def test_the_closing_claim_is_on_screen_and_does_not_promise_any_length(played):
    scene, fps = played
    summary = [c for c in scene.cues_log if c["section"] == "summary"]
    text = " ".join(c["text"].replace("\n", " ") for c in summary)
    assert "any length" not in text and "a vector for any seat" in text and "longer than any it saw" in text
    for cue in summary:
        for row in rows_during(scene, fps, cue):
            assert row.get("claim_shown") == 1
    hold = len(scene.frame_rows) / fps  # the video's end
    assert hold - summary[-1]["end_s"] <= 4.0
    # the box builds with its cues: a row with "No two seats share a fingerprint", the next with "Moving k seats"
    # (kept through "sees only the gap k"), the third with "The scores now depend on the order", the fourth with
    # "computed, not trained"
    for words, lines in (("No two seats share a fingerprint", 1), ("Moving k seats turns each hand", 2),
                         ("sees only the gap k", 2), ("The scores now depend on the order", 3),
                         ("computed, not trained", 4)):
        cue = cue_with(scene, words)
        assert cue["section"] == "summary"
        assert all(row.get("claim_lines") == lines for row in rows_during(scene, fps, cue))


def test_dot_product_over_the_gap_is_stated_while_it_is_drawn(played):
    scene, fps = played
    d = scene.data
    cue = cue_with(scene, "the dot product of PE(p) and PE(p + 3)")
    assert f"is {fmt_num(d.angle_dots[0], 4)} from every start" in cue["text"].replace("\n", " ")
    assert cue["section"] == "relative"
    for row in rows_during(scene, fps, cue):
        assert row["angle_dots"] == d.angle_dots[0]
    text = " ".join(c["text"] for c in scene.cues_log)
    assert "record the gap, not the start" not in text  # PE(p) holds the seat itself


def test_the_seat_counter_shows_the_seat_the_hands_show(played):
    """One value drives the hands and the counter: the counter is the hands' seat to a tenth, from the
    first turn of the hands, and a whole seat in the angle table (the starts and ends its captions name: 11, not 11.0);
    no seat is shown while pairs are compared."""
    scene, fps = played
    shown = [r for r in scene.frame_rows if "seat_shown" in r]
    assert shown and all(r["seat_shown"] == round(r["position"], 1) for r in shown if r.get("section") != "relative")
    table = [r for r in shown if r.get("section") == "relative"]
    assert table and all(r["seat_shown"] == round(r["position"]) and isinstance(r["seat_shown"], int) for r in table)
    assert {2, 5, 11, 14, 28, 31} <= {r["seat_shown"] for r in table}
    assert set(range(scene.data.n_positions)) <= {int(r["seat_shown"]) for r in shown}  # every seat passed
    assert scene.seat_num.decimals == 0  # set so in the angle table (1 before it, in the run)
    turning = cue_with(scene, "higher numbers turn slower")
    assert any(r.get("seat_shown", 0) > 0 for r in rows_during(scene, fps, turning, from_middle=False))
    start = next(sec["start_s"] for sec in scene.sections_log if sec["name"] == "compare")
    compare = [r for i, r in enumerate(scene.frame_rows) if r.get("section") == "compare" and i / fps > start + 1.0]
    assert compare and not any("seat_shown" in r for r in compare)  # gone once the dials have left


def test_the_fastest_hand_is_shown_to_a_tenth_of_a_degree():
    from scenes.pe_clock import DECIMALS

    assert DECIMALS["fastest_step_degrees"] == 1 and fmt_num(57.29577951308232, 1) == "57.3"


def test_same_angles_are_stated_once_every_column_is_up(played):
    scene, fps = played
    d = scene.data
    cue = cue_with(scene, "give the same angles")
    assert "Starts 2, 11 and 28" in cue["text"].replace("\n", " ")
    for row in rows_during(scene, fps, cue, from_middle=False):
        assert row["angle_table_column"] == len(d.angle_starts) - 1
    assert np.ptp(d.angle_table, axis=1).max() < 1e-9  # each hand's angle is the same from every start


def test_the_largest_distance_is_named_with_its_seats(played):
    scene, _fps = played
    d = scene.data
    cue = cue_with(scene, "the largest distance")
    a, b = d.max_pairs[0]
    assert len(d.max_pairs) == 4 and d.max_gap == 28  # four pairs tie: the caption names the gap, one pair as example
    assert (f"largest distance is {fmt_num(d.max_distance, 4)}, at gap {d.max_gap} (e.g. seats {a} and {b})"
            in cue["text"].replace("\n", " "))
    assert "Among seats 0–31" in cue["text"] and (a, b) == (0, 28)
    dist = np.linalg.norm(d.table[:, None, :] - d.table[None, :, :], axis=2)  # (32, 32)
    assert dist.max() == pytest.approx(d.max_distance, abs=1e-12) and dist[0, 28] == pytest.approx(d.max_distance)
    assert dist[0, 31] < d.max_distance  # the seats farthest apart are not the most different


def test_the_numbers_under_the_dials_are_those_of_the_printed_seat(played):
    """While the hands move between seats (p = 3.04), the counter prints p to a tenth (3.0) and every sin and cos
    under the dials is the engine's PE at that printed seat, not at the hands' fractional p."""
    from engine.positional import sinusoidal

    scene, _ = played
    d = scene.data
    rows = [r for r in scene.frame_rows if "seat_shown" in r and "sin_0" in r]
    assert len(rows) > 100
    seats = np.array([float(r["seat_shown"]) for r in rows])
    assert np.any(seats != np.round(seats))  # the run passes between whole seats
    pe = sinusoidal(seats, d.d_model, d.base)  # (frames, d)
    for i in range(d.d_model // 2):
        np.testing.assert_allclose([r[f"sin_{i}"] for r in rows], pe[:, 2 * i], atol=1e-12)
        np.testing.assert_allclose([r[f"cos_{i}"] for r in rows], pe[:, 2 * i + 1], atol=1e-12)
    assert [float(v.get_value()) for v in scene.sin_nums[:1]] == [pytest.approx(pe[-1, 0], abs=1e-12)]


def test_hands_turn_while_their_speeds_are_told(played):
    scene, fps = played
    d = scene.data
    cue = cue_with(scene, "higher numbers turn slower")
    moved = [r["position"] for r in rows_during(scene, fps, cue, from_middle=False)]
    assert max(moved) > 0  # the dials are not still at seat 0 while the cue says they turn
    ratio = cue_with(scene, "3,162 times slower")
    assert f"{d.speed_ratio:,.0f}" == "3,162" and ratio["section"] == "hands"


def test_the_speed_ratio_is_on_screen_while_its_cue_is_read(played):
    scene, fps = played
    d = scene.data
    cue = cue_with(scene, "3,162 times slower")
    for row in rows_during(scene, fps, cue):
        assert row["speed_ratio"] == d.speed_ratio and row["fastest_step_degrees"] == d.fastest_step_degrees


def test_the_clock_hands_are_drawn_by_the_middle_of_their_cue(played):
    scene, fps = played
    cue = cue_with(scene, "made by 8 clock hands")
    assert cue["section"] == "hands"  # not promised over the intro's picture
    for row in rows_during(scene, fps, cue):
        assert row.get("dials_shown") == scene.data.d_model // 2


def test_engine_dot_product_over_the_gap_is_the_same_from_every_start():
    """PE(p + k) is PE(p) turned by a fixed rotation (each hand by k·ω_i), so PE(p)·PE(p + k) = Σ cos(k·ω_i)
    for every p, while the rows PE(p) themselves differ."""
    from engine import clock_lesson, sinusoidal

    d = clock_lesson()
    assert d.angle_starts == (2, 11, 28) and d.angle_gap == 3
    expected = float(np.cos(3 * d.speeds).sum())
    assert fmt_num(expected, 4) == "5.5431"
    for s, v in zip(d.angle_starts, d.angle_dots):
        assert v == pytest.approx(expected, abs=1e-12)
        assert v == pytest.approx(float(d.table[s] @ d.table[s + 3]), abs=1e-12)
    rows = sinusoidal(list(d.angle_starts), 16)  # (3, 16)
    assert len(d.angle_start_gaps) == 2 and min(d.angle_start_gaps) > 2.5
    assert d.angle_start_gaps[0] == pytest.approx(np.linalg.norm(rows[1] - rows[0]), abs=1e-12)


def test_compare_cues_state_the_distances_drawn(played):
    """The comparison: each distance a cue states is the engine's and is drawn (its length bar and value)
    from the cue's middle to its end; the smallest distance is above zero and is the neighbours' one."""
    scene, fps = played
    d = scene.data
    near = cue_with(scene, "Neighbours 3 and 4")
    assert f"distance {fmt_num(d.adjacent_distance, 4)}" in near["text"] and near["section"] == "compare"
    for row in rows_during(scene, fps, near):
        assert row["pair_distance"] == d.adjacent_distance
    far = cue_with(scene, "the largest distance is")
    text = far["text"].replace("\n", " ")
    assert fmt_num(d.max_distance, 4) == "3.5091" and "3.5091, at gap 28 (e.g. seats 0 and 28)" in text
    for row in rows_during(scene, fps, far):
        assert row["pair_distance"] == d.max_distance
    least = cue_with(scene, "no two fingerprints are equal")
    assert f"The smallest is {fmt_num(d.min_distance, 4)}, above zero" in least["text"].replace("\n", " ")
    for row in rows_during(scene, fps, least):
        assert row["min_distance"] == d.min_distance
    assert d.min_distance > 0.5 and d.min_gap == 1 and d.min_distance == pytest.approx(d.adjacent_distance, abs=1e-12)
    assert near["start_s"] < far["start_s"] < least["start_s"]


def test_speed_labels_and_run_cue():
    """ω₀ = 1 (never 1/1), the others 1 / the engine's denominator; the run's cue breaks at its comma."""
    from engine import clock_lesson
    from scenes.parts.cues import cues
    from scenes.parts.dial import omega_text

    d = clock_lesson()
    assert [omega_text(v) for v in d.denominators] == ["1", "1/3.16", "1/10", "1/31.6", "1/100", "1/316", "1/1000",
                                                       "1/3162"]
    from scenes.clock.strings import STRINGS

    run = cues(STRINGS["en"]["cap_run"].format(last=31, d=16), "en")
    assert run[0] == "The seat runs from 0 to 31,\nand the hands turn with it."


def test_engine_score_splits_into_four_products_and_only_word_word_is_order_free():
    """((x_q + PE_q) W_Q)·((x_k + PE_k) W_K) / √16 = word·word + word·seat + seat·word + seat·seat; PE(0)·PE(1)
    is the same both ways (the gap), the projected seat·seat term is not (W_Q ≠ W_K)."""
    from engine import clock_lesson

    o = clock_lesson().order
    assert o.terms.shape == (2, 4)
    np.testing.assert_allclose(o.terms.sum(axis=1), o.with_pe, rtol=0, atol=1e-12)
    assert o.terms[0, 0] == pytest.approx(o.words_only[0], abs=1e-12) == o.terms[1, 0]
    for (qs, ks), row in zip(o.seats, o.terms):
        pq, pk = o.pe[qs] @ o.w_q, o.pe[ks] @ o.w_k  # (16,), (16,)
        assert row[3] == pytest.approx(pq @ pk / 4.0, abs=1e-12)
        assert row[1] == pytest.approx((o.x_query @ o.w_q) @ pk / 4.0, abs=1e-12)
    assert o.pe_dot == pytest.approx(o.pe[0] @ o.pe[1], abs=1e-12) == pytest.approx(o.pe[1] @ o.pe[0], abs=1e-12)
    assert fmt_num(o.pe_dot, 4) == "7.4852"
    assert [fmt_num(v, 4) for v in o.terms[:, 3]] == ["−0.4173", "−0.6166"]
    assert all(fmt_num(o.terms[0, t], 4) != fmt_num(o.terms[1, t], 4) for t in (1, 2, 3))
    assert not np.allclose(o.w_q, o.w_k)


def test_a_start_is_named_once_the_counter_stands_at_it(played):
    """"Again from seat 11", "And from seat 28": the counter shows that seat from the cue's first frame, then
    turns on by the gap under it (never read over a counter still on its way there)."""
    scene, fps = played
    d = scene.data
    for words, s0 in (("Again from seat", d.angle_starts[1]), ("And from seat", d.angle_starts[2])):
        cue = cue_with(scene, words)
        assert f"seat {s0}" in cue["text"]
        rows = rows_during(scene, fps, cue, from_middle=False)
        assert rows[0]["seat_shown"] == s0
        seats = [r["seat_shown"] for r in rows]
        arrived = seats.index(s0 + d.angle_gap)  # the turn by the gap is made under the cue
        assert all(s0 <= v <= s0 + d.angle_gap for v in seats[:arrived + 1])


def test_the_fingerprints_cross_over_with_the_seats(played):
    """At the swap each fingerprint strip travels to the row of the word now on its seat (framed in its seat's
    colour): 五 takes PE(0), 十 takes PE(1); the new score follows."""
    scene, fps = played
    o = scene.data.look_order
    before = cue_with(scene, "The look-back head projects the sums")
    swap = cue_with(scene, "swap seats")
    after = cue_with(scene, "Same vectors, same matrices, new sums")
    assert all(r["pe_rows"] == list(o.seats[0]) for r in rows_during(scene, fps, before))
    assert all(r["pe_rows"] == list(o.seats[1]) for r in rows_during(scene, fps, swap))
    assert all(r["pe_rows"] == list(o.seats[1]) for r in rows_during(scene, fps, after, from_middle=False))
    assert o.seats[1] == (o.seats[0][1], o.seats[0][0])


def test_engine_swapping_the_seats_is_using_m_transpose():
    """M = W_Q W_Kᵀ (engine m_qk); seat · seat is PE(p_q) M PE(p_k)ᵀ / √16, and with the seats swapped
    PE(1) M PE(0)ᵀ / √16 = PE(0) Mᵀ PE(1)ᵀ / √16 (a number is its own transpose): −0.6166, not −0.4173, because
    M ≠ Mᵀ (its top-left corner already differs from its mirror: 0.17 against 0.29)."""
    from engine import clock_lesson

    o = clock_lesson().order
    m = o.m_qk
    np.testing.assert_allclose(m, o.w_q @ o.w_k.T, rtol=0, atol=1e-12)
    (qa, ka), (qb, kb) = o.seats
    assert (qb, kb) == (ka, qa) == (1, 0)
    assert o.pe[qa] @ m @ o.pe[ka] / 4.0 == pytest.approx(o.terms[0, 3], abs=1e-12)
    swapped = o.pe[qb] @ m @ o.pe[kb] / 4.0
    assert swapped == pytest.approx(o.terms[1, 3], abs=1e-12) == pytest.approx(o.pe[qa] @ m.T @ o.pe[ka] / 4.0, abs=1e-12)
    assert [fmt_num(v, 4) for v in (o.terms[0, 3], swapped)] == ["−0.4173", "−0.6166"]
    assert (fmt_num(m[0, 1], 2), fmt_num(m[1, 0], 2)) == ("0.17", "0.29")


def test_engine_the_look_back_head_scores_one_seat_before_and_after_apart():
    """The look-back head (W_Q = 12 R_{-1}, W_K = I, so M = W_Q W_Kᵀ = 12 R_{-1}): from the query at seat 5, seat 4 scores
    PE(5) M PE(4)ᵀ / √16 = 24.00 and seat 6 only 19.10, though PE(5) · PE(4) = PE(5) · PE(6) = 7.4852: M ≠ Mᵀ. The
    two values are the engine's look-back score row, which the scene shows."""
    from engine import clock_lesson
    from engine.positional import rotation, sinusoidal

    d = clock_lesson()
    p = d.look_back_seats[0]
    pe = sinusoidal(np.arange(d.n_positions), d.d_model)
    m = d.look_back_scale * rotation(-1, d.d_model).T  # W_Q W_Kᵀ with W_K = I
    np.testing.assert_allclose(m, 12.0 * rotation(-1, d.d_model).T, rtol=0, atol=1e-12)  # 12 R_{-1}
    assert np.abs(m - m.T).max() > 1.0
    before, after = (pe[p] @ m @ pe[k] / 4.0 for k in (p - 1, p + 1))
    assert (p, before, after) == (5, pytest.approx(d.look_back_rows[0][4], abs=1e-12),
                                  pytest.approx(d.look_back_rows[0][6], abs=1e-12))
    assert [fmt_num(v, 2) for v in (before, after)] == ["24.00", "19.10"]
    assert fmt_num(pe[p] @ pe[p - 1], 4) == fmt_num(pe[p] @ pe[p + 1], 4) == fmt_num(d.order.pe_dot, 4) == "7.4852"
    assert pe[p + 1] @ m @ pe[p] / 4.0 == pytest.approx(before, abs=1e-12)  # the seats swapped is Mᵀ


def test_engine_the_look_back_head_on_words_and_fingerprints_tells_the_orders_apart():
    """十五 vs 五十 through the look-back head (W_Q = 12 R_{-1} for row vectors, W_K = I), the scene's use section:
    五 asks, 十 is looked at. Words only the score is the same; with the fingerprints added, 十 one seat back (十五)
    scores 10.02 and one seat ahead (五十) 3.12; their seat · seat parts are the look-back row's 24.00 and 19.10."""
    from engine import clock_lesson, sinusoidal
    from engine.attention import permutation_demo, scaled_dot_product_attention
    from engine.positional import rotation

    d = clock_lesson()
    o = d.look_order
    assert (o.query, o.key, o.seats) == ("五", "十", ((1, 0), (0, 1)))
    np.testing.assert_allclose(o.w_q, 12 * rotation(-1, 16).T, atol=0)
    np.testing.assert_array_equal(o.w_k, np.eye(16))
    assert fmt_num(o.words_only[0], SD) == fmt_num(o.words_only[1], SD) == "−10.24"
    assert [fmt_num(v, SD) for v in o.with_pe] == ["10.02", "3.12"]
    assert [fmt_num(v, SD) for v in o.terms[:, 3]] == ["24.00", "19.10"]
    p = d.look_back_seats[0]  # seat 5: its row's values one seat back and one seat ahead
    np.testing.assert_allclose(o.terms[:, 3], [d.look_back_rows[0][p - 1], d.look_back_rows[0][p + 1]], atol=1e-12)
    demo = permutation_demo(d_model=16)
    words = dict(zip(demo.vocab, demo.embeddings))
    for tokens, (q, k), value in ((o.tokens_a, (1, 0), o.with_pe[0]), (o.tokens_b, (0, 1), o.with_pe[1])):
        x = np.array([words[t] for t in tokens]) + sinusoidal([0, 1], 16)  # (2, 16)
        s = scaled_dot_product_attention(x @ o.w_q, x @ o.w_k, x @ demo.w_v).scores  # (2, 2)
        assert s[q, k] == pytest.approx(value, abs=1e-12)
    assert d.order.query == "十"  # the permutation lesson's head stays in the record (the pages' widget reads it)


def test_the_look_back_rows_tell_the_seat_before_from_the_seat_after(played):
    """On the look-back head's own score rows (never rebuilt later): after the peaks' values, seat 6's bar and its 19.10
    come in with the cue that sets them against seat 4's 24.00 (both one seat from seat 5: M = 12 R_{-1} is not
    symmetric); the bars stay at the rows' scale (24.00 the full row height, 19.10 at 0.80 of it), and the value leaves
    as the rows become weights. The weights (0.68, 0.005) are never stated for seat 6."""
    from manim import Text

    scene, fps = played
    d = scene.data
    row, w = d.look_back_rows[0], d.look_back_weights[0]
    assert [fmt_num(row[4], 2), fmt_num(row[6], 2)] == ["24.00", "19.10"]
    assert [weight_text(w[4]), weight_text(w[6])] == ["0.68", "0.005"]
    texts = [t.original_text for t in scene.look_ahead.get_family() if isinstance(t, Text)]
    assert texts == ["6", "19.10"]
    values = cue_with(scene, "Each peak is 24.00")
    ahead = cue_with(scene, "seats 4 and 6 are both one seat away")
    scores = cue_with(scene, "Yet seat 4 scores 24.00")
    soft = cue_with(scene, "Softmax turns each row into weights")
    assert "19.10" in scores["text"]
    # two keys scored by one query: what the numbers show is the turn matching one seat back, not M's asymmetry
    # (that is about q5·k4 against q4·k5)
    assert cue_with(scene, "The head's turn matches one seat back, so the seat before scores higher")["start_s"] > scores["start_s"]
    assert not any("tells before from after" in c["text"].replace("\n", " ") for c in scene.cues_log)
    assert values["start_s"] < ahead["start_s"] < scores["start_s"] < soft["start_s"]
    for r in rows_during(scene, fps, ahead, from_middle=False):
        assert r["look_back_ahead"] == [5, 4, 6] and r["look_back_ahead_scores"] == [row[4], row[6]]
    assert not any("0.005" in c["text"] for c in scene.cues_log)


def test_engine_the_two_decimal_parts_add_up_to_the_two_decimal_scores():
    """The scores and their four parts are shown to two decimals (SD): each pair still reads apart where the engine's
    differ (word · word alone the same), and the shown parts add up to the shown score in both orders."""
    from engine import clock_lesson

    o = clock_lesson().order
    assert SD == 2
    shown = [[fmt_num(v, SD) for v in o.terms[i]] for i in (0, 1)]
    assert shown == [["−0.07", "0.21", "−0.69", "−0.42"], ["−0.07", "0.29", "−0.40", "−0.62"]]
    assert [fmt_num(v, SD) for v in o.with_pe] == ["−0.97", "−0.80"]
    for i in (0, 1):
        total = sum(float(t.replace("−", "-")) for t in shown[i])
        assert fmt_num(total, SD) == fmt_num(o.with_pe[i], SD)
    assert fmt_num(o.dots_pe[0], SD) == "−3.89" and fmt_num(float("-3.89") / 4, SD) == fmt_num(o.with_pe[0], SD)
    assert fmt_num(o.pe_dot, SD) == "7.49"



def test_engine_the_wrap_beat_states_only_what_the_hands_show():
    """'Hand 1 tells these two seats apart; hand 0 barely does', 'the fast hands turn most with each seat',
    'the slowest barely turn over all 32 seats' (hands 6 and 7: 1.8° and 0.6° from seat 0 to 31; hand 4 still
    turns 17.8°, so no claim is made for every slow hand)."""
    from engine import clock_lesson
    from scenes.clock.wrap import SLOWEST_DEG, slowest_barely_turn

    d = clock_lesson()
    assert d.wrap_hand_distances[1] > 5 * d.wrap_hand_distances[0]
    assert list(d.speeds) == sorted(d.speeds, reverse=True)
    across = [float(np.degrees(w * (d.n_positions - 1))) for w in d.speeds]
    assert [round(v, 1) for v in across[-4:]] == [17.8, 5.6, 1.8, 0.6]
    assert slowest_barely_turn(d) and max(across[-2:]) < SLOWEST_DEG < across[-3]


def test_the_scores_are_split_into_their_four_parts_after_they_differ(played):
    """Under the two scores (use section): each order's four parts (engine score_terms, each divided by √d as the score
    is) in one row, with their cue after the scores' own: word · word is the words-only −10.24 in both orders, seat · seat
    the look-back chart's 24.00 (one seat back) and 19.10 (one seat ahead), not rescaled; the parts add up to the score."""
    scene, fps = played
    d, o = scene.data, scene.data.look_order
    terms = np.asarray(o.terms)
    np.testing.assert_allclose(terms.sum(axis=1), o.with_pe, atol=1e-12)
    np.testing.assert_allclose(terms[:, 0], o.words_only, atol=1e-12)
    p = d.look_back_seats[0]
    np.testing.assert_allclose(terms[:, 3], [d.look_back_rows[0][p - 1], d.look_back_rows[0][p + 1]], atol=1e-12)
    assert [[fmt_num(v, SD) for v in t] for t in terms] == [["−10.24", "−9.21", "5.47", "24.00"],
                                                             ["−10.24", "−8.86", "3.11", "19.10"]]
    parts = cue_with(scene, "The word part is the same in both orders")
    enters = cue_with(scene, "that is where the order enters")  # the caption's second cue, right after the first
    assert "The seat parts differ" in enters["text"].replace("\n", " ")
    assert enters["section"] == "use" and enters["start_s"] >= parts["end_s"] - 1e-6
    pe = cue_with(scene, "With the fingerprints added")
    assert parts["section"] == "use" and parts["start_s"] > pe["start_s"]
    for row in rows_during(scene, fps, parts):
        assert row["order_parts_a"] == list(terms[0]) and row["order_parts_b"] == list(terms[1])
        assert row["order_pe_a"] == o.with_pe[0] and row["order_pe_b"] == o.with_pe[1]
    table = scene.use_view[-1]
    from manim import Text
    texts = [t.original_text for t in table.get_family() if isinstance(t, Text)]
    for value in ("−10.24", "−9.21", "5.47", "24.00", "−8.86", "3.11", "19.10", "10.02", "3.12"):
        assert value in texts, value
    assert "≈" in texts  # 五十's rounded parts make 3.11, its score 3.12
