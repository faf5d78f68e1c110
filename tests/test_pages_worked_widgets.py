"""The worked page's widgets without a browser (seed 003): the numbers the page opens with are the
engine's at the seed's values, the exercises' answers are the engine's and checkable by hand, the
reorder table with P differs where order matters, and every page and deck carries the simulator in
three languages with the line saying where live numbers come from."""
from __future__ import annotations

import numpy as np
import pytest
from markupsafe import escape

from engine.positional import sinusoidal
from engine.toy import LECTURE_PREFIX, PERMUTED_PREFIX, output_scores, toy_attention
from studio.publish.pages import build_pages
from studio.publish.pages.text import PROSE, UI
from studio.publish.pages.widgets import TOPIC_WIDGETS, topic_widgets
from studio.publish.pages.widgets_worked import with_positions
from tests.test_pages import nums


@pytest.fixture(scope="module")
def widgets():
    return topic_widgets("worked")


def test_worked_topic_holds_the_whole_simulator(widgets):
    assert TOPIC_WIDGETS["worked"] == ("toy", "wx", "reorder", "block", "exercises", "guide")
    for lang in UI:
        for wid in TOPIC_WIDGETS["worked"]:
            assert UI[lang][f"title_{wid}"] and PROSE[lang][wid], (lang, wid)
        assert len(UI[lang]["guide"]) == 5 and len(UI[lang]["route"]) == 3  # the seed's five items, three steps


# seed 000 (03b4): the matrices it prints to 4 decimals, as the block stepper's steps show them
SEED000 = {
    "X_in": ("blk_in", [4, 5], [[1, 1, 0, 2], [0.8415, 1.5403, 1.0100, 1.0000]]),
    "Q1": ("blk_qkv", [0, 1], [[0, 0], [-0.9714, 1.6756]]),
    "Q2": ("blk_qkv", [2, 3], [[-1.4142, 1.4142], [-0.3331, -0.3711]]),
    "S1": ("blk_scores", [0, 1], [[0, 0], [0, 3.7513]]),
    "E2": ("blk_scores", [6, 7], [[2.8284, -0.0381], [-0.0381, 0.1758]]),
    "A1": ("blk_weights", [0, 1], [[0.5, 0.5], [0.0658, 0.9342]]),
    "A2": ("blk_weights", [2, 3], [[0.9462, 0.0538], [0.4467, 0.5533]]),
    "C2": ("blk_att", [2, 3], [[-1.3560, 1.3181], [-0.8160, 0.4264]]),
    "O": ("blk_att", [4, 5], [[-0.9209, 1.0780, 0.4352, -0.2401], [-0.8618, 0.9959, -0.0457, 0.5694]]),
    "Z'": ("blk_add", [0, 1], [[0.0791, 2.0780, 0.4352, 1.7599], [-0.0203, 2.5362, 0.9643, 1.5694]]),
    "Z~": ("blk_norm", [2, 3], [[-1.1899, 1.1676, -0.7700, 0.7924], [-1.3810, 1.3714, -0.3209, 0.3305]]),
    "ZW1": ("blk_hidden", [0], [[-1.3762, 1.5749, 0.9688, -0.7826, -0.9800, 0.9688, 0.9912, -1.3650]]),
    "ReLU": ("blk_hidden", [3], [[0, 1.5414, 0.8462, 0, 0, 0.8462, 0.8557, 0]]),
    "F": ("blk_ff", [0, 1], [[0.9688, -0.1925, -1.2719, 0.9800], [0.8462, -0.0802, -1.1938, 0.8510]]),
    "Y": ("blk_add", [0, 1], [[1.0479, 1.8854, -0.8367, 2.7398], [0.8259, 2.4559, -0.2295, 2.4203]]),
}


def test_worked_page_steps_through_seed_000s_block_with_the_depth_pages_widget(widgets):
    """The worked page holds the depth page's block stepper itself (one builder, one template), and its
    steps print seed 000's matrices: X + P, Q/K/V per head, S and E, A, C and O, Z′, Z̃, Z̃W₁ and its ReLU, F, Y."""
    from studio.publish.pages.widgets import BUILDERS, TOPIC_WIDGETS

    assert "block" in TOPIC_WIDGETS["depth"] and widgets["block"] == BUILDERS["block"]()
    states = widgets["block"]["states"]
    steps = [states[f"1|{k}"] for k in range(widgets["block"]["max"] + 1)]
    for name, (title, rows, want) in SEED000.items():
        # the last step of that title (Z′ is the first add, Y the second: the first and last match)
        found = [s for s in steps if s["title"] == title]
        st = found[-1] if name in ("Y", "Z~") else found[0]
        for r, row in zip(rows, want):
            assert nums(st[f"v{r}"]) == pytest.approx(row, abs=5e-5), name
            assert all(len(v.split(".")[-1]) == 4 for v in st[f"v{r}"].split()), name  # 4 decimals


def test_toy_opens_with_the_engine_at_the_seed_defaults(widgets):
    w, t = widgets["toy"], toy_attention(LECTURE_PREFIX)
    assert w["vocab"] == {"the": [0.0, 1.0], "cat": [2.0, 1.0], "sat": [1.0, 0.4], "on": [0.0, 0.2]}
    f = w["fixed"]
    assert nums(f["x"]) == pytest.approx(t.x, abs=5e-5) and f["x"] == "(0.6286, 0.7994)"
    for i in range(5):
        for j in range(5):
            cell = f["cells"][f"{i}|{j}"]
            assert cell == "×" if j > i else nums(cell) == pytest.approx([t.A[i, j]], abs=5e-5)
    assert f["row_sums"] == ["1.0000"] * 5
    # the unpacked cell: row 3, column 2, q₃·k₂ = 1×2 + 0.4×1 = 2.4, /√2, then its weight
    assert f["unpack"].startswith("q3·k2 = 1.0000×2.0000 + 0.4000×1.0000 = 2.4000; z = 2.4000 / √2 = 1.6971")
    assert f["unpack"].endswith(f"= {t.A[2, 1]:.4f}")
    assert f["proj"] == ("q3 = A_Q e(sat) = (1.0000×1.0000 + 0.0000×0.4000, 0.0000×1.0000 + 1.0000×0.4000) = "
                         "(1.0000, 0.4000); k2 = A_K e(cat) = (1.0000×2.0000 + 0.0000×1.0000, "
                         "0.0000×2.0000 + 1.0000×1.0000) = (2.0000, 1.0000)")


def test_wx_opens_with_the_lecture_scores(widgets):
    f = widgets["wx"]["fixed"]
    assert f["scores"] == ["4.0000", "1.0000", "−1.0000"]
    assert nums(" ".join(f["probs"])) == pytest.approx(output_scores().probs, abs=5e-5)
    assert f["rows"][1] == "1.0000×2.0000 + (−1.0000)×1.0000 = 1.0000"
    assert widgets["wx"]["x_attention"] == pytest.approx(toy_attention().x, rel=1e-12)


def test_exercise_answers_are_the_engines_and_checkable_by_hand(widgets):
    a = widgets["exercises"]["answers"]
    assert a["e1"]["sums"] == "1×2 + 2×1 = 4; 1×2 + (−1)×1 = 1; (−1)×2 + 1×1 = −1" and a["e1"]["scores"] == "[4, 1, −1]"
    assert (a["e2"]["mat"], a["e2"]["rug"], a["e2"]["moon"], a["e2"]["after"]) == ("2", "−1", "1", "6")
    assert a["e3"]["alpha"] == "0.2" and a["e3"]["x"] == "(0.6, 0.72)" and a["e3"]["dots"] == "0, 0, 0, 0, 0"
    assert a["e4"]["x_a"] == a["e4"]["x_b"] == "(0.6286, 0.7994)"
    assert [float(a[e]["value"]) for e in ("e1", "e2", "e3")] == pytest.approx([4.0, 2.0, 0.2], abs=1e-12)
    # every number an exercise asks for is checked on its own: 01 all three scores, 03 α and the average
    checks = {e: {c["key"]: float(c["value"]) for c in a[e]["checks"]} for e in ("e1", "e2", "e3")}
    assert checks["e1"] == pytest.approx({"mat": 4.0, "rug": 1.0, "moon": -1.0}, abs=1e-12)
    assert checks["e2"] == pytest.approx({"mat": 2.0}, abs=1e-12)
    assert checks["e3"] == pytest.approx({"alpha": 0.2, "x1": 0.6, "x2": 0.72}, abs=1e-12)
    assert [c["args"]["sum"] for c in a["e1"]["checks"]] == ["1×2 + 2×1", "1×2 + (−1)×1", "(−1)×2 + 1×1"]
    assert "e4" not in checks and "checks" not in a["e4"]  # 04 asks yes or no, answered in words


def test_reorder_with_p_sees_the_order(widgets):
    w = widgets["reorder"]
    pe = sinusoidal(np.arange(5), 2)  # (sin p, cos p), d = 2
    assert w["pe"][1] == "(0.8415, 0.5403)"
    for key, st in w["states"].items():
        order, p = key.split("|")
        if p == "1":
            t = with_positions(order.split(), pe)
            assert nums(st["x"]) == pytest.approx(t.x, abs=5e-5)
    # without P the two orders of exercise 04 end in the same x; with P they do not
    plain = {p: w["states"][f"{' '.join(o)}|0"]["x"] for p, o in (("a", LECTURE_PREFIX), ("b", PERMUTED_PREFIX))}
    with_p = {p: w["states"][f"{' '.join(o)}|1"]["x"] for p, o in (("a", LECTURE_PREFIX), ("b", PERMUTED_PREFIX))}
    assert plain["a"] == plain["b"] and with_p["a"] != with_p["b"]
    # with P only the lecture order itself keeps every output
    all_same = [k for k, st in w["states"].items() if k.endswith("|1") and all(st[f"same{i}"] == "1" for i in range(5))]
    assert all_same == [f"{w['start']}|1"]


def test_pages_carry_the_simulator_in_three_languages(tmp_path):
    build_pages("worked", "all", out_root=tmp_path, render=False)
    folder = tmp_path / "pages" / "worked"
    for page, lang in (("index.html", "en"), ("index.zh-Hant.html", "zh-Hant"), ("index.zh-Hans.html", "zh-Hans")):
        text = (folder / page).read_text(encoding="utf-8")
        assert str(escape(UI[lang]["port_note"])) in text and str(escape(UI[lang]["bounds"])) in text
        for wid in TOPIC_WIDGETS["worked"]:
            assert f'id="w-{wid}"' in text
        assert text.count("data-cell=") == 15 and text.count("data-mat=") == 12 and text.count("data-wm=") == 6
    for name in ("toy.js", "worked.js", "worked.css"):
        assert (folder / name).is_file()


def test_unpacked_cell_at_huge_scores_shows_the_max_subtracted_softmax():
    """Scores past e^z's overflow (z ≈ 710): α = e^(z − m) / Σ e^(z − m), never Infinity / Infinity."""
    from engine.attention import softmax
    from studio.publish.pages.widgets_worked import unpack_text

    row = np.array([1000.0, 998.0, 5.0])
    a = softmax(row)
    text = unpack_text((1.0, 0.0), (1.0, 0.0), 1414.2136, 998.0, a[1], row, 2, 1)
    assert text.endswith(f"m = max z = 1000.0000; \u03b1 = e^(z\u2212m) / \u03a3 e^(z\u2212m) = "
                         f"{np.exp(-2.0):.4f} / {1 + np.exp(-2.0) + np.exp(-995.0):.4f} = {a[1]:.4f}")
    assert "inf" not in text.lower()
    plain = unpack_text((1.0, 0.0), (1.0, 0.0), 1.0, 0.5, softmax(np.array([0.5, 0.0]))[0], [0.5, 0.0], 1, 0)
    assert "\u03b1 = e^z / \u03a3 e^z = 1.6487 / 2.6487 = 0.6225" in plain  # ordinary values: unchanged form
