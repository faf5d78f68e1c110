"""The positional page's widgets (studio.publish.pages.widgets_positional): every piece of seed 001's
lesson is on the page, and every value in its tables is the engine's, over the whole grid."""
from __future__ import annotations

import numpy as np
import pytest

from engine.attention import permutation_demo
from engine.costs import attention_cost, combine_rows
from engine.naive import naive_position, naive_terms, sincos_terms
from engine.pe_geometry import angle_table
from engine.positional import fingerprint
from look import LANGS
from studio.publish.pages.text import PREDICT, PROSE, UI
from studio.publish.pages.widgets import BUILDERS, TOPIC_WIDGETS, predictions, topic_widgets
from studio.publish.pages.widgets_positional import POSITIONAL_WIDGETS
from tests.test_pages import num, nums

PIECES = ("order", "naive", "seat", "angles", "combine", "cost", "rope")  # studio.catalogue.order


@pytest.fixture(scope="module")
def widgets():
    return topic_widgets("positional")


def test_the_page_holds_every_piece_in_the_lesson_order(widgets):
    assert TOPIC_WIDGETS["positional"] == POSITIONAL_WIDGETS == PIECES
    assert list(widgets) == list(PIECES) and all(w in BUILDERS for w in PIECES)
    for lang in LANGS:  # words for every piece in every language, and every answer fills in
        answers = predictions()
        for w in PIECES:
            assert PROSE[lang][w] and UI[lang][f"title_{w}"]
            if w in PREDICT[lang]:
                q, a = PREDICT[lang][w]
                assert q.format(**answers[w]) and a.format(**answers[w])


def test_order_toggle_is_the_same_bag_and_scores_permuted(widgets):
    w = widgets["order"]
    case = permutation_demo().examples[0]
    a, b = w["states"]["0|0"], w["states"]["1|0"]
    assert (a["sentence"], b["sentence"]) == ("十五", "五十")
    assert w["d"] == 8 and len(nums(a["x0"])) == 8  # seed 001: 8 numbers per character
    for i in range(2):
        np.testing.assert_allclose(nums(a[f"x{i}"]), case.x_a[i], atol=5e-5)
        np.testing.assert_allclose(nums(b[f"out{i}"]), case.out_b[i], atol=5e-5)
        for j in range(2):
            assert num(a[f"s{i}{j}"]) == pytest.approx(case.scores_a[i, j], abs=5e-5)
    # per character the same vectors, scores and outputs: only their places change
    by_tok = lambda st, f: {st[f"tok{i}"]: st[f"{f}{i}"] for i in range(2)}  # noqa: E731
    for f in ("x", "out"):
        assert by_tok(a, f) == by_tok(b, f)
    assert {(a[f"tok{i}"], a[f"tok{j}"], a[f"s{i}{j}"]) for i in range(2) for j in range(2)} == \
           {(b[f"tok{i}"], b[f"tok{j}"], b[f"s{i}{j}"]) for i in range(2) for j in range(2)}
    assert num(w["output_deviation"]) == 0 and num(w["pe_deviation"]) == pytest.approx(case.pe_deviation, abs=5e-5)
    assert num(w["pe_deviation"]) > 0.1  # positions added: the outputs are no longer a permutation


def test_order_with_positions_is_the_engines_pe_case(widgets):
    """The "add positions" toggle: x + PE, the engine's scores_pe and out_pe; per character the outputs
    now differ between the orders (by the record's pe_deviation), and the page data holds what the port needs."""
    w = widgets["order"]
    case = permutation_demo().examples[0]
    a, b = w["states"]["0|1"], w["states"]["1|1"]
    for i in range(2):
        np.testing.assert_allclose(nums(a[f"x{i}"]), case.x_a[i] + case.pe[i], atol=5e-5)
        np.testing.assert_allclose(nums(b[f"out{i}"]), case.out_pe_b[i], atol=5e-5)
        for j in range(2):
            assert num(b[f"s{i}{j}"]) == pytest.approx(case.scores_pe_b[i, j], abs=5e-5)
    by_tok = lambda st: {st[f"tok{i}"]: np.array(nums(st[f"out{i}"])) for i in range(2)}  # noqa: E731
    dev = max(np.max(np.abs(by_tok(a)[t] - by_tok(b)[t])) for t in by_tok(a))
    assert dev == pytest.approx(case.pe_deviation, abs=1e-4) and dev > 0.1
    np.testing.assert_array_equal(np.array(w["pe"]), case.pe)
    np.testing.assert_array_equal(np.array(w["w_q"]), permutation_demo().w_q)


def test_naive_machine_carries_the_engine_vectors_and_a_check(widgets):
    w = widgets["naive"]
    n = naive_position()
    assert w["words"] == ["加", "十"] and w["word2"] == "法" and w["max"] == 31 and w["start"] == [12, 12]
    assert w["word"] == 1  # 十, the word the naive_position video ends on (tests/test_pages_conventions.py)
    np.testing.assert_array_equal(w["vectors"], [n.e, n.e_swap])
    np.testing.assert_array_equal(w["e2"], n.e2)
    np.testing.assert_array_equal(w["check"]["naive"], naive_terms(n.e_swap, n.e2, 12, 12))
    np.testing.assert_array_equal(w["check"]["sincos"], sincos_terms(n.e_swap, n.e2, 12, 12))
    assert w["check"]["naive"][3] == 12 * 12 * 8  # ④ = p·q·d


def test_seat_widget_has_the_whole_fingerprint_table(widgets):
    w = widgets["seat"]
    fp = fingerprint()
    assert len(w["heat"]) == 32 and {len(r) for r in w["heat"]} == {16}  # seed 001: [32, 16]
    for p in range(32):
        for c in range(16):
            sign, share = w["heat"][p][c]
            v = fp.table[p, c]
            assert sign == ("p" if v >= 0 else "n")
            assert float(share.rstrip("%")) == pytest.approx(100 * abs(v), abs=0.05)  # fixed scale ±1
    assert (w["adjacent"], w["farthest"]) == ("1.0147", "3.5091")  # 3.50909…: the seed cuts it to 3.5090
    assert w["ratio"] == "3,162"  # seed 001: from the fastest to the slowest, 3162 times


def test_combine_widget_is_combine_rows_at_every_seat(widgets):
    w = widgets["combine"]
    e = naive_position().e
    for p in range(32):
        st, r = w["states"][str(p)], combine_rows(e, p)
        for name, vec in (("e", r.word), ("pe", r.fingerprint), ("add", r.add), ("cf", r.concat_fingerprint)):
            np.testing.assert_allclose([num(st[f"{name}{i}"]) for i in range(vec.size)], vec, atol=5e-5)
        assert st["cs8"] == str(p)
    assert [row["widths"] for row in w["widths"]] == [["8", "9", "16"], ["3,584", "3,585", "7,168"]]
    assert w["widths"][1]["wq"] == ["12,845,056", "12,848,640", "25,690,112"]


def test_angle_table_every_gap(widgets):
    w = widgets["angles"]
    assert w["start"] == 3 and w["steps"][0]["deg"] == "57.2958°"  # seed 001
    for gap in range(1, 31):
        st, t = w["states"][str(gap)], angle_table(gap=gap, d_model=16, n_positions=32)
        for c, s in enumerate(t.starts):
            assert st[f"col{c}"] == f"{s} → {s + gap}"
            for h in range(8):
                assert num(st[f"a{h}_{c}"].rstrip("°")) == pytest.approx(t.table[h, c], abs=5e-5)
        cells = [[st[f"a{h}_{c}"] for c in range(len(t.starts))] for h in range(8)]
        assert all(len(set(row)) == 1 for row in cells)  # a row holds one number: only the gap counts
    assert widgets["angles"]["states"]["3"]["a0_0"] == "171.8873°"


def test_cost_calculator_is_attention_cost(widgets):
    w = widgets["cost"]
    for k in range(18):
        st, c = w["states"][str(k)], attention_cost(short=1024, long=2**k, position_width=16)
        assert num(st["k"]) == 2**k and num(st["scores"]) == 4**k and num(st["positions"]) == 16 * 2**k
        assert st["bytes"].split()[1] == c.long_score_unit
    assert w["states"]["15"]["score_ratio"] == "× 1,024" and w["states"]["15"]["position_ratio"] == "× 32"
    assert w["states"]["10"]["bytes"] == "4.00 MiB" and w["states"]["3"]["score_ratio"] == "× 1/16,384"
    assert predictions()["cost"] == {"short": "1,024", "long": "32,768", "scores": "1,024", "positions": "32"}


def test_answers_state_the_engine_numbers():
    a = predictions()
    assert a["order"] == {"dev": "0.0000", "a": "十五", "b": "五十"}
    assert a["naive"]["four"] == "1152.0000" and a["naive"]["share"] == "0.011" and a["naive"]["sincos"] == "1.9"
    assert a["combine"] == {"d": "3,584", "concat": "7,168", "wq_add": "12,845,056", "wq_concat": "25,690,112"}
    assert a["angles"]["first"] == a["angles"]["last"] == "171.8873°" and a["angles"]["gap"] == "3"


def test_order_widget_names_the_clock_layer_score_from_its_record(widgets):
    """The 十五 table is the d = 8 layer; pe_clock's order payoff (the look-back head's 五 → 十) comes from
    its own record (d = 16) and is printed beside it, so the two numbers are named as two layers, not one
    number twice: the words alone give one score in both orders, the fingerprints two."""
    from engine.word_order import clock_lesson

    c, o = widgets["order"]["clock"], clock_lesson().look_order
    assert c["d"] == "16" and (c["query"], c["key"]) == ("五", "十")
    assert num(c["words"]) == pytest.approx(o.words_only[0], abs=5e-5) == pytest.approx(o.words_only[1], abs=5e-5)
    assert num(c["words"]) == pytest.approx(-10.2383, abs=5e-5)
    assert num(c["pe_a"]) == pytest.approx(o.with_pe[0], abs=5e-5) == pytest.approx(10.0167, abs=5e-5)
    assert num(c["pe_b"]) == pytest.approx(o.with_pe[1], abs=5e-5) == pytest.approx(3.1197, abs=5e-5)


def test_clock_pauses_open_the_widget_their_frame_draws():
    """pe_clock's sections: the wrap frame → the fingerprint table at the wrap seat; the angle table →
    the angles widget at its opening gap; the order's score through the look-back head → 十五 vs 五十
    with positions added, at 十五."""
    from studio.publish.pages.explore import explore_values

    t = topic_widgets("positional")
    assert explore_values("pe_clock", {"section": "compare", "position": "31", "wrap_gap": "6"}) == \
        {"widget": "seat", "values": {"seat": "6"}}
    assert explore_values("pe_clock", {"section": "relative", "position": "31", "angle_table_column": "2"}) == \
        {"widget": "angles", "values": {"gap": str(t["angles"]["start"])}}
    link = explore_values("pe_clock", {"section": "use", "order_pe_a": "10.02"})
    assert link == {"widget": "order", "values": {"flip": "0", "pos": "1"}} and "0|1" in t["order"]["states"]
    assert explore_values("pe_clock", {"section": "run", "position": "31"}) == {"widget": "seat", "values": {"seat": "31"}}
