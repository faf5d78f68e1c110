"""naive_position's walk with sin/cos (seed 001, lesson 5 second station): in every frame the readouts as drawn
(p, q, p − q, the fast pair's cosine, Σᵢ cos and ④'s number; scenes.naive.walk logs a readout Manim draws once
per play with the value it had then) agree with the engine for the same whole seats (p, q)."""
import numpy as np
import pytest

from engine.naive import naive_position, sincos_terms
from engine.positional import hand_speeds


@pytest.mark.render
def test_naive_walk_readouts_drawn_with_the_bars(shared_renders):
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    r = naive_position()
    vectors = {r.words[0]: r.e, r.words[2]: r.e_swap}
    omega = float(hand_speeds(r.d_model + r.d_model % 2)[0])  # the fast pair's ω
    rows = [x for x in read_frames(folder / "naive_position.frames.csv")
            if x.get("encoding") == "sin/cos" and x.get("drawn_p") not in (None, "")]
    assert len(rows) > 100
    gaps, dialled = set(), 0
    for x in rows:
        p, q = int(float(x["p"])), int(float(x["q"]))
        where = (x["time_s"], p, q)
        assert (int(float(x["drawn_p"])), int(float(x["drawn_q"]))) == (p, q), where
        four = float(sincos_terms(vectors[x["word"]], r.e2, p, q)[3])  # ④ = PE(p)·PE(q)
        if x.get("drawn_p_minus_q") not in (None, ""):  # from p − q's readout on (the numbers' cross-fade is over)
            assert float(x["drawn_term_4"]) == pytest.approx(four, abs=6e-4), where
            assert int(float(x["drawn_p_minus_q"])) == p - q, where
            gaps.add(p - q)
        if x.get("drawn_cos") not in (None, ""):
            assert float(x["drawn_cos"]) == pytest.approx(np.cos(omega * (p - q)), abs=6e-3), where
            assert float(x["drawn_sum"]) == pytest.approx(four, abs=6e-4), where
            dialled += 1
    assert dialled > 50 and 0 in gaps and len(gaps) > 3  # the walk passes p = q and parts


def test_many_pairs_fall_with_the_gap():
    """The walk's hedge ("with only 4 pairs a far gap can score almost as high as gap 0; with hundreds of pairs ④
    falls almost steadily as the gap grows"): PE(p)·PE(q) (engine.naive.sincos_rows) for d = 8 climbs back to
    within 6 % of gap 0 at gap 6, while for d = 512 (256 pairs) it never rises over gaps 0 … 24."""
    from engine.naive import sincos_rows

    def four(d, g):
        return float(np.dot(*sincos_rows([g, 0], d)))  # rows (2, d) -> PE(g)·PE(0)

    r = naive_position()
    assert r.d_model == 8 and four(8, 6) > 0.94 * four(8, 0) and four(8, 3) < 0.5 * four(8, 0)
    many = [four(512, g) for g in range(25)]
    assert all(b < a for a, b in zip(many, many[1:]))


@pytest.mark.render
def test_naive_cues_name_the_seats_the_sliders_show(shared_renders):
    """A cue that names a seat ("here q = 10", "at p − q = 6") is what the sliders draw in every frame while it is
    up (from the fade-in's quarter second to the quarter second before it leaves): q steps back to 10 before "here
    q = 10" is said, not while it is read."""
    from studio.build.numbers import read_frames
    from studio.gates.teaching import TOLERANCE, stated_names
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    frames = [x for x in read_frames(folder / "naive_position.frames.csv") if x.get("drawn_q") not in (None, "")]
    text = (folder / "naive_position.srt").read_text(encoding="utf-8")
    checked = set()
    for block in text.strip().split("\n\n"):
        lines = block.strip().split("\n")
        start, stop = (sum(float(v) * m for v, m in zip(t.replace(",", ".").split(":"), (3600, 60, 1)))
                       for t in lines[1].split(" --> "))
        for name, value in stated_names(" ".join(lines[2:]), {"p", "q", "p − q"}):
            key = {"p": "drawn_p", "q": "drawn_q", "p − q": "drawn_p_minus_q"}[name]
            during = [x for x in frames if start + TOLERANCE <= float(x["time_s"]) <= stop - TOLERANCE
                      and x.get(key) not in (None, "")]
            for x in during:
                assert int(float(x[key])) == value, (lines[2:], name, value, x["time_s"], x[key])
            if during:
                checked.add((name, value))
    assert ("q", 10) in checked  # the cue "here q = 10" is among those held to the picture


@pytest.mark.render
def test_naive_conclusion_plot_keeps_its_text_size(shared_renders):
    """The gap plot beside the conclusion's chart is drawn again in a smaller box, not scaled down: its values
    (−12, 12, 2, 4) and names are never smaller than the bars' smallest text (scenes.naive.bars.SMALL, digits
    3.4 % of the frame height)."""
    from scenes.naive.bars import SMALL
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    sizes = {float(x["gap_plot_text_pt"]) for x in read_frames(folder / "naive_position.frames.csv")
             if x.get("section") == "conclusion" and x.get("gap_plot_text_pt") not in (None, "")}
    assert sizes and min(sizes) >= SMALL - 0.05, sizes


def test_gap_back_is_a_return_the_walk_shows():
    """"At p − q = 6 it is back at 3.78" names a gap where ④ has dipped and risen again, on the side the walk
    reaches it from (④ is the same at g and −g), with the value the sweep has there; with many pairs (④ falls
    steadily) or a walk that never shows such a gap, no cue names one and the walk's caption says only what it
    shows. At d = 866, p = 41, q = 265 the walk runs to p − q = −224 and the old cue named p − q = 2."""
    from types import SimpleNamespace

    from scenes.naive.gapplot import GapPlot
    from scenes.naive.strings import STRINGS
    from scenes.naive.walk import seat_at_gap

    def back(**kw):
        d = naive_position(**kw)
        return d, GapPlot.gap_back.fget(SimpleNamespace(data=d))

    d, (g, v) = back()
    assert g == 6 and round(v, 2) == 3.78
    d, (g, v) = back(d_model=8, p=3, q=40)  # the walk parts with q ahead: the return is at p − q = −6
    assert g == -6 and round(v, 2) == 3.78
    at = [(0, 0), *(tuple(int(x) for x in s) for s in d.stops)]
    assert any(seat_at_gap(a, b, g) for a, b in zip(at, at[1:]))
    i = int(np.argmin(np.abs(d.gaps - g)))
    assert d.gaps[i] == g and d.gap_term4[i] == v
    assert back(d_model=866, emb_scale=0.109589, seed=1806341205, p=41, q=265)[1] is None
    assert back(d_model=64)[1] is None  # 32 pairs: no gap up to 12 comes back by 5 % of the bound
    for lang in ("en", "zh-Hant", "zh-Hans"):
        plain = STRINGS[lang]["cap_sincos_walk_plain"]
        assert "p − q =" not in plain and "p = q" in plain and "②" in plain, lang


def test_one_seat_apart_is_one_fixed_step():
    """The step card and its cues (scenes.naive.fixedstep): p/N makes one seat 1/N — 0.2 at N = 5, 0.02 at N = 50
    (engine frac_steps) — while with sin/cos ④ = PE(p)·PE(p − 1) is the same 3.535 at every seat the walk reaches,
    which is Σᵢ cos(ωᵢ) over the d/2 = 4 pairs, whatever N."""
    r = naive_position()
    assert [int(n) for n in r.frac_lengths[:2]] == [5, 50]
    assert np.allclose(r.frac_steps[:2], [0.2, 0.02])
    top = int(r.stops.max())
    gap1 = np.array([sincos_terms(r.e, r.e2, p, p - 1)[3] for p in range(1, top + 1)])  # (top,)
    assert top >= 5 and float(np.ptp(gap1)) < 1e-9
    assert float(gap1[0]) == pytest.approx(np.cos(hand_speeds(r.d_model)).sum(), abs=1e-12)
    assert round(float(gap1[0]), 3) == 3.535


def test_step_card_words_at_full_size():
    """The card's two lines in every language, at the card's size: em ≥ 3 % of the frame height (the gate's
    measure, studio.gates.teaching) and narrower than the 6.0 units between the column and the frame's edge."""
    pytest.importorskip("manim")
    from manim import config

    from look import LANGS, Look
    from scenes.naive.fixedstep import CARD_SIZE, CARD_X
    from scenes.naive.strings import STRINGS
    from scenes.parts.textcache import text
    from studio.gates.teaching import em_height

    w = {"n1": 5, "n2": 50, "a1": "0.2", "a2": "0.02", "s1": "3.535"}
    for lang in LANGS:
        look = Look(lang=lang)
        for key in ("step_frac", "step_pe"):
            s = STRINGS[lang][key].format(**w)
            t = text(s, font=look.font, font_size=CARD_SIZE, t2f=look.faces(s))
            assert em_height(t, look.font) / config.frame_height >= 0.03, (lang, s)
            assert t.width <= 6.2 - CARD_X, (lang, s, t.width)


def test_naive_sincos_cue_names_the_key_that_still_wins(shared_renders):
    """After sin/cos the row spreads out, but the words do not win back: the cue names the largest weight
    under sin/cos and its key's seat, from the engine (0.453 at seat 12 at the defaults, where the words
    alone had put seat 9 on top), never "the words count again"."""
    import numpy as np

    from engine.naive import naive_position
    from look import fmt_num
    from tests.conftest import scene_look

    r = naive_position()
    top = int(np.argmax(r.att_weights_sincos))
    assert (fmt_num(float(r.att_weights_sincos[top]), 3), int(r.att_seats[top])) == ("0.453", 12)
    assert int(r.att_seats[int(np.argmax(r.att_weights_words))]) != int(r.att_seats[top])
    theme, lang = scene_look("naive_position")
    folder = shared_renders.folder("naive_position", theme, lang)
    said = " ".join((folder / "naive_position.srt").read_text(encoding="utf-8").split())
    if lang == "en":
        assert "The largest, 0.453, goes to seat 12" in said and "count again" not in said
    else:
        assert "0.453" in said and "12" in said and "算數了" not in said and "算数了" not in said
