"""The permutation scene's ending: p drawn as one different arrow per place, beside its position
number, staying put while the words swap back (scenes/perm/ending.py, engine.attention.position_plane;
seed 002 §01 图 2); its captions' claims and line breaks; the compared scores at one precision."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from look import fmt_num
from studio import catalogue

pytest.importorskip("manim")


def record():
    return catalogue.get("permutation").compute()


def _angle(a, b) -> float:
    return float(np.degrees(np.arccos(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))))


def test_each_place_has_a_visibly_different_p():
    """p_0, p_1, p_2 in the drawn plane: the two places whose words swap (0 and 2) lie over 40 degrees
    apart, every pair at least 15, each p keeping over 85 % of its length; without the rows of how the
    positions differ the plane drew them within 20 degrees of one another."""
    from engine.attention import best_plane, position_plane
    from engine.positional import sinusoidal

    d = record()
    rev = d.back(1)
    pe = sinusoidal(np.arange(3), d.d_model)
    np.testing.assert_allclose(rev.arrows_pos, pe @ rev.view_pos.T, atol=1e-12)
    np.testing.assert_allclose(rev.view_pos, position_plane(rev.x_a, pe, rev.x_a + pe, rev.x_b + pe), atol=1e-12)
    p = rev.arrows_pos  # (3, 2)
    assert _angle(p[0], p[2]) > 40
    assert min(_angle(p[i], p[j]) for i in range(3) for j in range(i)) > 15
    assert (np.linalg.norm(p, axis=1) / np.linalg.norm(pe, axis=1)).min() > 0.85
    old = pe @ best_plane(np.vstack([rev.x_a, pe, rev.x_a + pe, rev.x_b + pe])).T
    assert max(_angle(old[i], old[j]) for i in range(3) for j in range(i)) < 20


def test_p_is_pinned_and_stays_while_the_words_travel():
    """The pinned p never move: the swap back only points at them (Indicate) while the words travel,
    and each new p at a word vector's tip is a copy leaving its pinned p; they are kept to the end, but
    for the causal-mask aside, which has no p."""
    import inspect

    from scenes.perm import ending

    src = inspect.getsource(ending.Ending.positions)
    assert "TransformFromCopy(pins[i][0], new_ps[i])" in src and "Indicate(p[0]" in src
    assert "pins]" in src.split('self.section("pe_swap"')[1].split("self.play")[0]  # kept to the end
    # after that only handed on with the other position arrows, which step aside for the causal-mask
    # aside (no p) and come back with the closing cue (aside.Aside.causal_aside)
    rest = src.split("new_ps = ")[1].replace("TransformFromCopy(pins[i][0]", "")
    assert "pins" not in rest.replace("with_pos = VGroup(*pins, ps, new_sums, key)", "")
    from scenes.perm import aside as aside_module
    aside = inspect.getsource(aside_module.Aside.causal_aside)
    assert "with_pos, old_title, tick, legend)" in aside
    # they do not come back: the closing card takes the whole frame (no crossfade back to the picture with p)
    assert "with_p, with_pos" not in aside.split("gone = VGroup(")[1].split("\n", 1)[1]


def test_p_record(shared_renders):
    """In the rendered record: the pinned p come in before the cue that names p ends, and p_stayed is
    set while the swap-back cue is on screen."""
    import json

    from scenes.parts.cues import cues
    from scenes.perm.strings import STRINGS
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    rows = read_frames(folder / "permutation.frames.csv")
    rec = json.loads((folder / "permutation.numbers.json").read_text(encoding="utf-8"))
    pe_cue = next(c for c in rec["cues"] if c["text"] == cues(STRINGS[lang]["cap_pe"], lang)[0])
    pinned = [float(r["time_s"]) for r in rows if r.get("positions_pinned") == "1"]
    assert pinned and pe_cue["start_s"] - 1e-6 <= min(pinned) <= pe_cue["end_s"]
    swap = next(c for c in rec["cues"] if c["text"] == cues(STRINGS[lang]["cap_pe_swap"], lang)[0])
    stayed = [float(r["time_s"]) for r in rows if r.get("p_stayed") == "1"]
    assert stayed and swap["start_s"] <= min(stayed) <= swap["end_s"]


def test_fresh_outputs_claim_names_the_least_moved_word():
    """"Every word's output changed: dog and man clearly, bites least": by each word's largest
    change among its 8 output numbers (the record), bites is the smallest (0.13) and dog (0.52) and
    man (0.26) are nearly twice it or more; the others are named left to right."""
    from scenes.perm.close import Close
    from scenes.perm.strings import STRINGS

    rev = record().back(1)
    per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)
    got = dict(zip(rev.tokens_b, (fmt_num(v, 2) for v in per_word)))
    assert got == {"dog": "0.52", "bites": "0.13", "man": "0.26"}
    least = rev.tokens_b[int(np.argmin(per_word))]
    assert least == "bites" and all(v >= 1.8 * per_word.min() for t, v in zip(rev.tokens_b, per_word) if t != least)

    class Fake(Close):
        shown: dict = {}
        lang = "en"

        def s(self, key, **f):
            return STRINGS[self.lang][key].format(**f)

        def word(self, t):
            return t

    fake = Fake()
    said = fake.s("cap_pe_out", **fake.moved_most(rev))
    assert said == "Every word's output changed: dog and man clearly, bites least."
    for lang in ("zh-Hant", "zh-Hans"):
        fake.lang = lang
        assert "{far}" in STRINGS[lang]["cap_pe_out"] and "{least}" in STRINGS[lang]["cap_pe_out"]
        assert fake.s("cap_pe_out", **fake.moved_most(rev)).count("和") == 1


def test_compared_scores_at_one_precision():
    """The table without p and the tables with p read at three decimals: 0.305 → 0.502."""
    from scenes.perm.ending import pe_tables, telling_decimals
    from scenes.perm.inset import ScoreInset
    from tests.test_permutation_scene import _fake_scene

    d = record()
    case, rev = d.examples[1], d.back(1)
    colors = {t: "#000000" for t in case.tokens_a}
    shown = ScoreInset(_fake_scene(), case, colors).decimals
    assert shown == telling_decimals(rev, shown) == 3
    i = rev.tokens_a.index("dog")
    assert (fmt_num(rev.scores_a[i, i], shown), fmt_num(rev.scores_pe_a[i, i], 3)) == ("0.305", "0.502")


@pytest.mark.parametrize("key,fmt", [("cap_why", {}), ("cap_dog", {}), ("cap_pe_swap", {}),
                                     ("cap_pe_end", {"w": "bites", "g1": "0.13"}), ("cap_pe", {}), ("cap_who_pe", {"w": "bites", "v": "0.13"}),
                                     ("cap_pe_out", {"far": "dog and man", "least": "bites"}),
                                     ("cap_pe_most", {"each": "dog 0.52, bites 0.13, man 0.26", "d": 8, "top": "1.3"}),
                                     ("cap_last", {"now": "dog", "was": "man", "k": 1}),
                                     ("cap_pe_moved", {"w": "dog", "before": "0.502", "after": "0.610", "a": 3, "b": 1,
                                                       "sa": "₃", "sb": "₁", "gap": "1.69"})])
def test_english_cues_break_between_clauses(key, fmt):
    """Every two-line English cue of these captions breaks after a clause mark, never inside a phrase
    ("its two / vectors", "went from / 0.502")."""
    from scenes.parts.cues import cues, wrap_lines
    from scenes.perm.strings import STRINGS

    for cue in cues(STRINGS["en"][key].format(**fmt), "en"):
        lines = wrap_lines(cue, "en")
        assert len(lines) <= 2
        if len(lines) == 2:
            assert lines[0][-1] in ",;:.", lines


def test_caption_maths_letters_are_italic():
    """"the input is x + p": x and p (and P, Q, K) slanted in the caption, as the picture's TeX sets
    them; the letters inside words stay upright."""
    from manim import ITALIC

    from scenes.permutation import Permutation

    cue = "the input is x + p. P moves its rows; explain"
    style = Permutation.cue_style(SimpleNamespace(math_letters=Permutation.math_letters), cue)["t2s"]
    spans = sorted(int(k[1:-1].split(":")[0]) for k in style)
    assert [cue[i] for i in spans] == ["x", "p", "P"] and set(style.values()) == {ITALIC}


def test_moved_places_p_apart_as_said():
    """"dog moved from position 2 to 0 (positions numbered from 0, as the engine numbers them); their p vectors lie 1.69 apart": the distance of the two
    sinusoidal position vectors in all 8 numbers (each of length 2), the one the cue and the formula
    |p_2 − p_0| = 1.69 beside it show; p₁ lies 0.96 from either, so every place's p differs."""
    from engine.positional import sinusoidal
    from scenes.perm.strings import STRINGS

    d = record()
    rev = d.back(1)
    pe = sinusoidal(np.arange(3), d.d_model)
    np.testing.assert_allclose(rev.pe, pe, atol=1e-12)
    i = rev.tokens_a.index("dog")
    s = int(np.argsort(rev.perm)[i])
    assert (i, s) == (2, 0)
    assert fmt_num(float(np.linalg.norm(rev.pe[i] - rev.pe[s])), 2) == "1.69"
    assert fmt_num(float(np.linalg.norm(pe[1] - pe[0])), 2) == fmt_num(float(np.linalg.norm(pe[2] - pe[1])), 2) == "0.96"
    said = STRINGS["en"]["cap_pe_moved"].format(w="dog", before="0.502", after="0.610", a=2, b=0, sa="₂", sb="₀", gap="1.69")
    assert "dog moved from position 2 to 0, so its p changed" in said and "1.69" not in said
    assert "query by a key, both made from x + p" in said  # the cause: the score, not the distance


def test_change_between_ghost_and_fresh_bars_at_the_outputs_scale():
    """"each carried output fades to a ghost, and the fresh one is drawn over it": the change a frame
    spans, out_pe_b − P out_pe_a per word, is measured at the scale the outputs keep (their largest
    number −1.3 reaching the strip's reach, its tick), so dog's 0.52 is about 0.4 of the longest bar."""
    from scenes.perm.strips import REACH
    from tests.test_permutation_scene import _StripScene, _back_row

    d = record()
    rev, back, unit = _back_row(d)
    diff = rev.out_pe_b - rev.p_matrix @ rev.out_pe_a  # (T, d) order b
    strips = _StripScene()
    for k in range(3):
        bars = strips.strip(back, diff[k], k, "#000000", unit)
        for v, bar in zip(diff[k], bars):
            assert bar.height == pytest.approx(max(abs(v) * unit, 1e-3), abs=1e-9)
    assert fmt_num(float(np.abs(rev.out_pe_b).max()), 1) == "1.3"
    assert np.abs(diff).max() * unit == pytest.approx(REACH * back.radius * 0.52 / np.abs(rev.out_pe_b).max(), rel=1e-2)


def test_last_place_differs_between_orders():
    """"But the last place now holds dog's output, not man's": without p the outputs are only
    permuted, so at a fixed place (the last) order b's output is dog's, which differs from man's,
    order a's output there."""
    from scenes.perm.strings import STRINGS

    case = record().examples[1]
    assert (case.tokens_a[-1], case.tokens_b[-1]) == ("man", "dog")
    assert np.allclose(case.out_b[-1], case.out_a[case.tokens_a.index("dog")], atol=1e-12)
    assert np.abs(case.out_b[-1] - case.out_a[-1]).max() > 0.1
    k = case.tokens_a.index("dog")  # the output dog had when it came first (position 0), unchanged
    assert k == 0
    said = STRINGS["en"]["cap_last"].format(now="dog", was="man", k=k)
    assert said.startswith("Each token's output is unchanged: it only moved with its token. "
                           "The last place now holds dog's output, the one dog had at position 0")
    # the change says which word is last, not who did what to whom
    assert said.endswith("So a prediction read there changes: it shows the last word, not who bit whom.")
    for lang in ("zh-Hant", "zh-Hans"):
        assert all(f"{{{f}}}" in STRINGS[lang]["cap_last"] for f in ("now", "was", "k"))
        assert "咬了" in STRINGS[lang]["cap_last"] and "只反映" in STRINGS[lang]["cap_last"]
