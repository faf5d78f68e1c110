"""The permutation scene's colours per meaning and the claims of its positions steps (scenes/permutation.py,
scenes/perm/ending.py), checked against the palette and the engine record."""
from __future__ import annotations

import numpy as np
import pytest

from look import fmt_num
from look.palette import PALETTES
from studio import catalogue

pytest.importorskip("manim")


def record():
    return catalogue.get("permutation").compute()


def test_one_colour_per_meaning():
    """Tokens take the palette's token colours (a set far from every role colour), never a series colour
    (series 0 sits on `bad`): neither the accent (the position vectors p), nor cool (what is computed
    afresh), nor ink (highlights); no two of the first four tokens of one sentence share a colour."""
    from scenes.permutation import TOKEN_SLOTS

    assert len(set(TOKEN_SLOTS)) == len(TOKEN_SLOTS) == 4  # the default sentences use at most three
    for pal in PALETTES.values():
        colours = [pal.tokens[k] for k in TOKEN_SLOTS]
        assert len(set(colours)) == 4
        assert not set(colours) & set(pal.series)
        assert not set(colours) & {pal.accent, pal.cool, pal.ink, pal.muted}
        assert len({pal.accent, pal.cool, pal.ink}) == 3


def test_one_view_from_the_sentence_on():
    """"dog bites man" is drawn from its first frame in the plane that also fits p and x + p
    (view_pos), at the scale the ending keeps: when p comes nothing turns or rescales (no cue has to
    say the view changed)."""
    from scenes.perm.ending import one_view, sum_scale
    from scenes.perm.row import ArrowRow
    from scenes.perm.strings import STRINGS

    d = record()
    case, rev = d.examples[1], d.back(1)
    x = dict(zip(d.vocab, d.embeddings))
    x_a = np.array([x[t] for t in case.tokens_a])  # (T, d) dog bites man
    scene = _fake_scene()
    scene.label_on = lambda *a: None
    drawn, scales = one_view(scene, d, case)
    np.testing.assert_allclose(drawn.arrows_in_a, x_a @ rev.view_pos.T, atol=1e-12)
    np.testing.assert_allclose(drawn.arrows_in_b, rev.arrows_word_pos, atol=1e-12)
    back = ArrowRow(scene, rev, {t: "#000000" for t in rev.tokens_a})
    row = ArrowRow(scene, drawn, {t: "#000000" for t in case.tokens_a}, **scales)
    assert row.k_in == pytest.approx(sum_scale(rev, back.radius))
    for lang in STRINGS:
        assert not {"cap_pe_view", "cap_rescale", "view_pos"} & set(STRINGS[lang])


def test_ending_states_what_was_shown():
    """"Without p or a mask, a reorder only moves the outputs. With p, the outputs themselves change, by
    up to 0.13 for bites. A causal mask changes each word's context, but not where it sits: p is still
    used.": three cues, three rows on one card, each with this video's numbers (bites' gap without p
    is rounding, with p 0.13)."""
    from scenes.parts.cues import cues
    from scenes.perm.strings import STRINGS

    d = record()
    case, rev = d.examples[1], d.back(1)
    assert case.output_deviation < 1e-12  # O_b = P O_a without positions
    assert fmt_num(rev.pe_deviation, 2) == "0.52"  # with them the fresh outputs move away
    assert rev.causal_deviation > 0.1  # a causal mask alone already changes the outputs
    # every word has different words before it after the swap (not only the first token)
    before_a = {w: set(rev.tokens_a[:k]) for k, w in enumerate(rev.tokens_a)}
    before_b = {w: set(rev.tokens_b[:k]) for k, w in enumerate(rev.tokens_b)}
    assert all(before_a[w] != before_b[w] for w in rev.tokens_a)
    from engine.word_order import last_word_fixed
    from scenes.perm.close import text_sci
    r = last_word_fixed(d, keep=1)
    assert r.tokens_a[1] == "bites" and r.deviation < 1e-12 and fmt_num(r.pe_deviation, 2) == "0.13"
    assert text_sci(r.deviation) == "1.1×10⁻¹⁶"
    end = STRINGS["en"]["cap_pe_end"]
    assert end.startswith("Without p or a mask, a reorder only moves the outputs")
    assert "first token sees only itself" not in end and "breaks symmetry indirectly" in end and "p marking every position" in end
    assert "with p marking every position, outputs change" in end.lower()
    said = dict(w="bites", g0=text_sci(r.deviation), g1=fmt_num(r.pe_deviation, 2))
    for lang in STRINGS:
        assert len(cues(STRINGS[lang]["cap_pe_end"].format(**said), lang)) == 3
        rows = STRINGS[lang]["card_end"].format(**said).split("\n\n")
        assert len(rows) == 3 and "{g0}" in STRINGS[lang]["card_end"] and "{g1}" in STRINGS[lang]["card_end"]
        assert "1.1×10⁻¹⁶" in rows[0] and "0.13" in rows[1] and "p" in rows[1].split("\n", 1)[1]
        assert " p " not in " " + rows[2].split("\n", 1)[1] + " "  # p's row says what p does, not the mask's
    for lang in ("zh-Hant", "zh-Hans"):
        cap, card = STRINGS[lang]["cap_pe_end"], STRINGS[lang]["card_end"].replace("个", "個").replace("词", "詞")
        assert "p" in cap and ("間接" in cap or "间接" in cap) and "每個詞看到的前文不同" in card
        assert ("遮罩" in STRINGS[lang]["card_end"]) or ("掩码" in STRINGS[lang]["card_end"])


def test_ghost_and_fresh_bars_named_as_what_they_draw():
    """The legend and the cue say what the two kinds of bars are: the carried outputs faint, the
    fresh ones drawn over them as outlines (the outputs themselves, never their difference)."""
    from scenes.perm.strings import STRINGS

    assert "faint: carried" == STRINGS["en"]["legend_ghost"] and "outlined" in STRINGS["en"]["legend_fresh"]
    assert "fades to a ghost" in STRINGS["en"]["cap_pe_apart"] and "drawn over it" in STRINGS["en"]["cap_pe_apart"]
    assert "搬過來" in STRINGS["zh-Hant"]["legend_ghost"] and "搬过来" in STRINGS["zh-Hans"]["legend_ghost"]
    assert not any("legend_diff" in STRINGS[lang] for lang in STRINGS)
    assert not any("orange" in v for v in STRINGS["en"].values())


def test_every_cell_coloured_as_changed_reads_differently():
    """"Computed afresh below, every coloured cell changed": at the decimals the tables with positions
    are drawn at (the table before's, or finer where a change needs it), each coloured cell shows a
    number other than the carried table's. At the table before's 2 decimals, 'dog bites man' has a
    changed cell that would read the same (the reason the finer precision exists)."""
    from scenes.perm.ending import changed_cells, telling_decimals

    d = record()
    for k in range(len(d.examples)):
        rev = d.back(k)
        p = rev.p_matrix
        carried = p @ rev.scores_pe_a @ p.T  # (T, T)
        decimals = telling_decimals(rev, 2)
        assert decimals <= 4
        for r, c in changed_cells(rev):
            assert fmt_num(rev.scores_pe_b[r, c], decimals) != fmt_num(carried[r, c], decimals), (k, r, c)
    rev = d.back(len(d.examples) - 1)
    p = rev.p_matrix
    carried = p @ rev.scores_pe_a @ p.T
    assert any(fmt_num(rev.scores_pe_b[r, c], 2) == fmt_num(carried[r, c], 2) for r, c in changed_cells(rev))


def _fake_scene(lang="en"):
    """What ScoreInset needs of a scene: the look, the palette, texts, formulas, strings and words."""
    from types import SimpleNamespace

    from look import Look
    from scenes.parts.textcache import math_tex, text
    from scenes.perm.strings import STRINGS, WORDS

    look = Look(lang=lang)
    return SimpleNamespace(look=look, pal=look.palette,
                           txt=lambda s, size=28, color=None, **k: text(s, font=look.font, font_size=size,
                                                                        color=color or "#000000", **k),
                           tex=lambda *s, size=36, color=None: math_tex(*s, font_size=size, color=color or "#000000"),
                           s=lambda key, **f: STRINGS[lang][key].format(**f),
                           word=lambda t: WORDS.get(lang, {}).get(t, t))


def _overlap(a, b, slack=0.01) -> bool:
    (al, ab), (ar, at) = a.get_corner([-1, -1, 0])[:2], a.get_corner([1, 1, 0])[:2]
    (bl, bb), (br, bt) = b.get_corner([-1, -1, 0])[:2], b.get_corner([1, 1, 0])[:2]
    return al < br - slack and bl < ar - slack and ab < bt - slack and bb < at - slack


def _boxes(mobjects) -> np.ndarray:
    """(n, 4): each mobject's left, bottom, right and top."""
    return np.array([[*m.get_corner([-1, -1, 0])[:2], *m.get_corner([1, 1, 0])[:2]] for m in mobjects])


def _overlapping(a: np.ndarray, b: np.ndarray, slack: float) -> np.ndarray:
    """Whether boxes a and b (…, 4) overlap by more than `slack`, as _overlap, broadcast."""
    return ((a[..., 0] < b[..., 2] - slack) & (b[..., 0] < a[..., 2] - slack)
            & (a[..., 1] < b[..., 3] - slack) & (b[..., 1] < a[..., 3] - slack))


def _pe_inset(scene):
    """The ending's table with positions, as scenes.perm.ending.positions builds it."""
    from scenes.perm.ending import TABLE_GAP, TABLE_HEIGHT, TABLE_TOP, pe_tables, telling_decimals
    from scenes.perm.inset import ScoreInset

    rev = record().back(1)
    d = telling_decimals(rev, 3)
    return ScoreInset(scene, pe_tables(rev), {t: "#000000" for t in rev.tokens_a}, height=TABLE_HEIGHT,
                      top=TABLE_TOP, col_gap=TABLE_GAP, precisions=(d,))


@pytest.mark.parametrize("example", [0, 1, "pe"])
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_reordered_lines_move_whole_with_their_names(example, lang):
    """"The score table's rows move with their tokens, names and all, then its columns": each phase
    is one motion in which every moving row (its numbers and its name) keeps its shape at every
    moment, so no frame shows a row or a column that neither table has; each moving line rides on a
    plate drawn over the lines standing still (a column in its own rows, never out of the brackets),
    but for a column of a swapped pair going right, which passes half a row up between the others'
    digits, at full size, covering none and covered by none;
    nothing leaves the title-safe area or crosses the line naming rows and columns; every number and name keeps its size; all end where order b's own
    table has them."""
    from manim.animation.animation import prepare_animation

    from scenes.perm.inset import ScoreInset
    from scenes.perm.shuffle import moves

    scene = _fake_scene(lang)
    if example == "pe":  # the table with positions, reordered under "the old table's rows move"
        inset = _pe_inset(scene)
        case = inset.case
    else:
        case = record().examples[example]
        inset = ScoreInset(scene, case, {t: "#000000" for t in case.tokens_a})
    m, inv, t = inset.a.matrix, np.argsort(case.perm), len(case.tokens_a)
    sizes = {id(x): (x.width, x.height) for x in [*m.body, *inset.a.rows, *inset.a.cols]}
    swaps = all(int(case.perm[int(case.perm[j])]) == j for j in range(t))  # an exchange of pairs
    for name, phases, lines in (("rows", [inset.reorder_rows()], [[*m.row(i), inset.a.rows[i]] for i in range(t)]),
                                ("columns", inset.reorder_columns(), [[*m.col(j), inset.a.cols[j]] for j in range(t)])):
        if name == "rows":
            assert phases[0][1] <= 2.0  # one motion, not a sequence of moves
        elif swaps:  # the columns of each swapped pair trade places at once, in one motion
            assert len(phases) == 1 and phases[0][1] <= 2.0
        else:  # one insertion per column out of place, each a short move
            assert len(phases) == len(moves(case.perm)) and all(p[1] <= 1.5 for p in phases)
        for anims, seconds, done in phases:
            made = [prepare_animation(a) for a in anims()]
            assert len(made) <= t
            for a in made:
                a.begin()
            shape0 = [np.array([x.get_center() for x in ln]) - ln[0].get_center() for ln in lines]
            start_y = [x.get_y() for ln in lines for x in ln]
            line_y0 = [ln[0].get_y() for ln in lines]
            for alpha in np.linspace(0, 1, 41):
                for a in made:
                    a.interpolate(alpha)
                scales = []
                for ln, sh in zip(lines, shape0):  # rigid: the same offsets inside a line all the way
                    k = ln[0].width / sizes[id(ln[0])][0]
                    scales.append(k)
                    now = np.array([x.get_center() for x in ln]) - ln[0].get_center()
                    np.testing.assert_allclose(now[:-1], k * sh[:-1], atol=1e-6)
                    np.testing.assert_allclose(now[-1][0], k * sh[-1][0], atol=1e-6)  # the name over its numbers
                    # (a column's name may rise a little more than its numbers to pass over the names)
                    rise = 0.5 if name == "columns" and swaps else 1e-6
                    assert -1e-6 <= now[-1][1] - k * sh[-1][1] <= rise
                    np.testing.assert_allclose([(x.width, x.height) for x in ln],
                                               [np.multiply(sizes[id(x)], k) for x in ln], atol=1e-9)
                    assert abs(k - 1) < 1e-9  # every line at full size all the way, rows as well
                everything = [*m.body, *inset.a.rows, *inset.a.cols]
                box = _boxes(everything)
                assert (np.maximum(abs(box[:, 0]), abs(box[:, 2])) < 6.4).all()  # inside the title-safe area
                assert not _overlapping(box, _boxes([inset.axes])[0], slack=0.01).any(), (name, alpha)
                if name == "columns" and swaps:  # the column passing half a row up touches no digit or name
                    risen = [ln for ln, y0 in zip(lines, line_y0) if ln[0].get_y() - y0 > 1e-3]
                    for ln in risen:
                        for other in lines:
                            if other is not ln:
                                assert not any(_overlapping(_boxes(other), b, slack=0.01).any()
                                               for b in _boxes(ln)), (lang, example, alpha)
                if name == "rows":  # two moving rows that meet: one passes wholly in front, on its plate
                    movers = [ln for ln, y0 in zip(lines, line_y0) if abs(ln[0].get_y() - y0) > 1e-3]
                    for u in range(len(movers)):
                        for v in range(u + 1, len(movers)):
                            if any(_overlapping(_boxes(movers[u]), b, slack=0.01).any() for b in _boxes(movers[v])):
                                assert {x.z_index for x in movers[u]}.isdisjoint({x.z_index for x in movers[v]})
                if name == "columns" and not swaps:  # every digit stays in its row, every name on the names' line:
                    # the moving column never leaves the brackets nor rises over the headers
                    now_y = [x.get_y() for ln in lines for x in ln]
                    np.testing.assert_allclose(now_y, start_y, atol=1e-6, err_msg=f"{lang} {example} {alpha}")
            for a in made:
                a.finish()
            plates = done()
            if name == "columns" and swaps:  # the pair's column going left on a plate, the other bare
                assert len(plates) == len(made) // 2 and all(p.get_fill_opacity() == 1 and p.get_stroke_width() == 0
                                                             for p in plates)
            elif name == "rows":
                assert len(plates) == len(made) and all(p.get_fill_opacity() == 1 and p.get_stroke_width() == 0
                                                        for p in plates)
            else:  # the moving column rides on a plate over those it passes
                assert len(plates) == 1 and plates[0].get_fill_opacity() == 1 and plates[0].get_stroke_width() == 0
        assert all(x.z_index == 0 for ln in lines for x in ln)  # back at the table's depth
    for i in range(t):
        for j in range(t):
            cell, there = m.cell(i, j), inset.b.matrix.cell(inv[i], inv[j])
            assert cell.text == there.text
            np.testing.assert_allclose(cell.get_center(), there.get_center(), atol=1e-6)
    for k in range(t):
        np.testing.assert_allclose(inset.a.rows[k].get_center(), inset.b.rows[inv[k]].get_center(), atol=1e-6)
        np.testing.assert_allclose(inset.a.cols[k].get_center(), inset.b.cols[inv[k]].get_center(), atol=1e-6)


def test_moves_bring_every_line_home():
    from itertools import permutations

    from scenes.perm.shuffle import moves

    for t in range(1, 6):
        for perm in permutations(range(t)):
            at = list(range(t))
            for u, s in moves(perm):
                assert s < u
                at.insert(s, at.pop(u))
            assert at == list(perm)


class _StripScene:
    """Enough of the scene for scenes.perm.strips.Strips: a palette and the record of what is shown."""

    def __init__(self, lang="en"):
        from scenes.perm.strips import Strips

        base = _fake_scene(lang)
        self.pal, self.shown = base.pal, {}
        self.strip = Strips.strip.__get__(self)
        self.fresh_strips = Strips.fresh_strips.__get__(self)
        self.largest_changes = Strips.largest_changes.__get__(self)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_outputs_drawn_as_their_numbers(lang):
    """"Each output is drawn as itself: its 8 numbers, one bar each": every strip has one bar per
    number of the record's output, its height the number at the example's one scale (up for a
    positive number, down for a negative one), inside its own output cross and clear of the word
    vectors' cross above and of the next position's strip; one scale in every language."""
    from scenes.perm.layout import Y_IN, Y_OUT
    from scenes.perm.row import ArrowRow
    from scenes.perm.strips import strip_unit
    from scenes.perm.strings import STRINGS

    d = record()
    scene = _fake_scene(lang)
    scene.label_on = lambda *a: None
    strips = _StripScene(lang)
    rev = d.back(1)
    for case, blocks in ((d.examples[0], (d.examples[0].out_a, d.examples[0].out_b)),
                         (d.examples[1], (d.examples[1].out_a, rev.out_pe_a, rev.out_pe_b))):
        row = ArrowRow(scene, case, {t: "#000000" for t in case.tokens_a})
        unit = strip_unit(row.radius, *blocks)
        for block in blocks:
            for k in range(len(row.xs)):
                bars = strips.strip(row, block[k], k, "#000000", unit)
                assert len(bars) == d.d_model == 8
                for v, bar in zip(block[k], bars):
                    assert bar.height == pytest.approx(max(abs(v) * unit, 1e-3), abs=1e-9)
                    assert (bar.get_center()[1] > Y_OUT) == (v > 0) or abs(v) * unit < 1e-3
                assert bars.get_top()[1] <= Y_OUT + row.radius + 1e-9 and bars.get_bottom()[1] >= Y_OUT - row.radius - 1e-9
                assert bars.get_top()[1] < Y_IN - row.radius
                assert abs(bars.get_x() - row.xs[k]) < 1e-9 and bars.width < 2 * row.radius
                if k + 1 < len(row.xs):
                    assert bars.get_right()[0] < row.xs[k + 1] - row.radius
    assert "{d}" in STRINGS[lang]["cap_zoom"]
    assert not {"dev_label", "dev_name", "flipped", "cap_zoom_two", "pe_scale"} & set(STRINGS[lang])


def test_one_strip_scale_in_every_language():
    """The same record is drawn at the same scale in every language."""
    from scenes.perm.row import ArrowRow
    from scenes.perm.strips import strip_unit

    d = record()
    for case in (d.examples[0], d.examples[1], d.back(1)):
        seen = set()
        for lang in ("en", "zh-Hant", "zh-Hans"):
            scene = _fake_scene(lang)
            scene.label_on = lambda *a: None
            row = ArrowRow(scene, case, {t: "#000000" for t in case.tokens_a})
            seen.add(round(strip_unit(row.radius, case.out_a), 9))
        assert len(seen) == 1, (case.tokens_a, seen)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_ending_shows_every_word_apart_and_the_measured_deviation(lang):
    """"The fresh outputs (blue) differ from the carried": every word's largest change is drawn on its
    strip, at the scale the outputs have had since "dog bites man", at least 5 px tall at 720p for
    the smallest (bites, 0.13); the deviation written beside them is the record's max |O_b − P O_a|
    with positions, next to the one without."""
    from scenes.perm.ending import pe_check_tex
    from scenes.perm.row import ArrowRow
    from scenes.perm.strings import STRINGS
    from scenes.perm.strips import strip_unit

    d = record()
    rev = d.back(1)
    scene = _fake_scene(lang)
    scene.label_on = lambda *a: None
    back = ArrowRow(scene, rev, {t: "#000000" for t in rev.tokens_a})
    unit = strip_unit(back.radius, d.examples[1].out_a, rev.out_pe_a, rev.out_pe_b)
    change = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1) * unit  # (T,) scene units
    assert change.min() * 90 >= 5  # 90 px per scene unit at 720p
    assert pe_check_tex(rev.pe_deviation).endswith("= 0.52")
    assert fmt_num(np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(), 2) == "0.52"
    assert "{v}" in STRINGS[lang]["pe_without"]
    # "(without p: 0.00)": the value without positions at the same two decimals as 0.52
    assert fmt_num(d.examples[1].output_deviation, 2) == "0.00"
    # "dog 0.52, man 0.26, bites 0.13: each word's largest change among its 8 output numbers"
    assert rev.out_pe_b.shape[1] == 8 and "{d}" in STRINGS[lang]["cap_pe_most"]
    before_list = STRINGS[lang]["cap_pe_most"].split("{each}")[0].rstrip()
    assert before_list[-1:] not in (":", "：")  # the list is part of a clause, never a cue ending on a colon
    # one output of d numbers per word, never "a word's 8 outputs"
    assert "the largest of each word's {d} changes" in STRINGS["en"]["cap_pe_most"]  # what they measure
    # and against what: the outputs' largest number, 1.3, said with them
    assert "{top}" in STRINGS[lang]["cap_pe_most"] and fmt_num(float(np.abs(rev.out_pe_b).max()), 1) == "1.3"
    # the cue names the values in the order they stand, left to right (order b), all drawn before it starts
    per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)
    assert [f"{w} {fmt_num(v, 2)}" for w, v in zip(rev.tokens_b, per_word)] == ["dog 0.52", "bites 0.13", "man 0.26"]
    import inspect

    from scenes.perm import close
    src = inspect.getsource(close)
    assert src.index("FadeIn(v, shift=0.15 * DOWN)") < src.index('self.s("cap_pe_most"')  # one word at a time
    assert "range(len(per_word))" in src and "argsort(-per_word)" not in src


def test_highlight_frames_clear_the_digits():
    """A highlight frame (P's 1, a column of the table) leaves clearance between its stroke and the
    digits on every side (PAD above and below, PAD_X beside), and never reaches the row names."""
    from scenes.perm.inset import PAD, PAD_X, ScoreInset, padded_box

    d = record()
    scene = _fake_scene()
    inset = ScoreInset(scene, d.examples[1], {t: "#000000" for t in d.examples[1].tokens_a})
    one = inset.p_matrix()[1].cell(0, 2)
    col = inset.a.matrix.col(0)
    for mob in (one, col):
        box = padded_box(mob, "#000000")
        inner = box.stroke_width / 200
        assert box.get_left()[0] + inner <= mob.get_left()[0] - PAD_X + 1e-9
        assert box.get_right()[0] - inner >= mob.get_right()[0] + PAD_X - 1e-9
        assert box.get_top()[1] - inner >= mob.get_top()[1] + PAD - 1e-9
        assert box.get_bottom()[1] + inner <= mob.get_bottom()[1] - PAD + 1e-9
    names_right = max(n.get_right()[0] for n in inset.a.rows)
    assert padded_box(col, "#000000").get_left()[0] - 0.02 > names_right


def test_column_frame_stays_inside_the_bracket_and_names_share_a_baseline():
    """A whole column's frame (the key sweep) ends before the bracket's lips, which reach 0.1 to 0.2
    past the digits; the column names stand on one baseline ("dog" as low as "bites")."""
    from manim import VGroup

    from scenes.perm.inset import PAD_COL, ScoreInset, baseline, padded_box

    d = record()
    scene = _fake_scene()
    for case in d.examples[:2]:
        inset = ScoreInset(scene, case, {t: "#000000" for t in case.tokens_a})
        m = inset.a.matrix
        t = len(case.tokens_a)
        for k in (0, t - 1):
            box = padded_box(VGroup(inset.a.cols[k], m.col(k)), "#000000", pad_x=PAD_COL)
            assert box.get_right()[0] < m.body.get_right()[0] + 0.1 - 0.02
            assert box.get_left()[0] > m.body.get_left()[0] - 0.1 + 0.02
        lines = [baseline(c) for c in inset.a.cols]
        assert max(lines) - min(lines) < 1e-6


def test_opened_cell_cue_states_the_tables_numbers():
    """"The score of dog with itself was 0.305; with p, it is 0.502": each as its table showed it, both
    tables at three decimals (one precision for the two values compared), both from the record."""
    from scenes.perm.ending import pe_tables, telling_decimals
    from scenes.perm.inset import ScoreInset
    from scenes.perm.strings import STRINGS

    d = record()
    case, rev = d.examples[1], d.back(1)
    scene = _fake_scene()
    colors = {t: "#000000" for t in case.tokens_a}
    shown = ScoreInset(scene, case, colors).decimals
    new = ScoreInset(scene, pe_tables(rev), colors, height=1.8, precisions=(telling_decimals(rev, shown),))
    i = rev.tokens_a.index("dog")
    before, after = fmt_num(rev.scores_a[i, i], shown), fmt_num(rev.scores_pe_a[i, i], new.decimals)
    assert (before, after) == ("0.305", "0.502") and shown == new.decimals == 3
    assert ScoreInset(scene, case, colors).b.matrix.cell(i, i).text == before  # as the table without p showed it
    import inspect

    from scenes.perm import ending
    src = inspect.getsource(ending)
    assert "opened_cell(rev, ei, inset.decimals)" in src and "fmt_num(rev.scores_a[i, i], shown)" in src
    # the scores with p come in before the outputs they give
    assert src.index("AnimationGroup(*swaps") < src.index("ReplacementTransform(o[2], n[2])")
    assert new.a.matrix.cell(i, i).text == after
    for lang in STRINGS:
        assert "{before}" in STRINGS[lang]["cap_pe_cell"] and "{after}" in STRINGS[lang]["cap_pe_cell"]


def test_changed_cell_because_the_word_moved():
    """"dog with itself went from 0.502 to 0.610: dog moved from position 2 to 0" and "bites stays at
    position 1 (positions numbered from 0), so 0.311 keeps its value": the carried and fresh tables with positions, at the decimals
    drawn."""
    from scenes.perm.ending import changed_cells, telling_decimals
    from scenes.perm.strings import STRINGS

    rev = record().back(1)
    d, inv = telling_decimals(rev, 3), np.argsort(rev.perm)
    carried = rev.p_matrix @ rev.scores_pe_a @ rev.p_matrix.T  # (T, T)
    dog, bites = rev.tokens_a.index("dog"), rev.tokens_a.index("bites")
    assert (dog, int(inv[dog])) == (2, 0) and rev.perm[bites] == bites == 1
    assert fmt_num(rev.scores_pe_a[dog, dog], d) == fmt_num(carried[0, 0], d) == "0.502"
    assert fmt_num(rev.scores_pe_b[0, 0], d) == "0.610" and (0, 0) in changed_cells(rev)
    assert fmt_num(rev.scores_pe_b[1, 1], d) == fmt_num(rev.scores_pe_a[1, 1], d) == "0.311"
    assert (1, 1) not in changed_cells(rev)  # bites with itself: the very same x + p₁ both times
    assert "moved from position {a} to {b}" in STRINGS["en"]["cap_pe_moved"]
    per_word = np.abs(rev.out_pe_b - rev.p_matrix @ rev.out_pe_a).max(axis=1)  # "dog 0.52, man 0.26, bites 0.13"
    assert [(rev.tokens_b[k], fmt_num(per_word[k], 2)) for k in np.argsort(-per_word)] == [
        ("dog", "0.52"), ("man", "0.26"), ("bites", "0.13")]
    assert fmt_num(per_word.max(), 2) == fmt_num(rev.pe_deviation, 2)
    for lang in STRINGS:
        assert all(f"{{{k}}}" in STRINGS[lang]["cap_pe_moved"] for k in ("w", "before", "after", "a", "b"))
        assert all(f"{{{k}}}" in STRINGS[lang]["cap_pe_kept"] for k in ("v", "n", "same"))
        assert "pe_scale" not in STRINGS[lang]  # no unexplained "outputs are about 1.5 long" beside 0.52


def test_frames_in_a_table_stay_inside_their_row():
    """The frames on one cell (the asymmetric pair 0.232 / 0.201, dog's 0.502 / 0.610, bites' 0.311)
    and on P's 1 stay between the rows above and below: never across another number."""
    from scenes.perm.inset import ScoreInset, cell_frame, pitch

    d = record()
    scene = _fake_scene()
    for case in d.examples[:2]:
        inset = ScoreInset(scene, case, {t: "#000000" for t in case.tokens_a})
        for m in (inset.a.matrix, inset.p_matrix()[1]):
            t = m.shape[0]
            for r in range(t):
                for c in range(t):
                    box = cell_frame(m, r, c, "#000000")
                    assert box.height < pitch(m)
                    assert box.get_top()[1] < m.cell(r, c).get_top()[1] + pitch(m) - m.cell(r, c).height
                    assert box.get_left()[0] < m.cell(r, c).get_left()[0] and box.get_right()[0] > m.cell(r, c).get_right()[0]
                    for k in range(t):  # no other number of its row under the frame
                        if k != c:
                            other = m.cell(r, k)
                            assert other.get_right()[0] < box.get_left()[0] or other.get_left()[0] > box.get_right()[0]


def test_mix_pieces_are_the_weighted_value_vectors():
    """"Each output mixes the value vectors, weighted by the softmax of those scores": each value
    vector shrinks to α·v (its drawn length α·|v| at the outputs' scale), and laid tip to tail they end
    exactly at the output."""
    from scenes.perm.row import ArrowRow
    from scenes.perm.steps import drawn_length

    d = record()
    scene = _fake_scene()
    scene.label_on = lambda *a: None
    case = d.examples[0]
    row = ArrowRow(scene, case, {t: "#000000" for t in case.tokens_a})
    for i in range(len(case.tokens_a)):
        pieces = row.scaled_at(i)
        want = case.weights_a[i] * np.linalg.norm(case.arrows_val_a, axis=1)  # (T,)
        np.testing.assert_allclose([drawn_length(p) / row.k_out for p in pieces], want, rtol=1e-6)
        chain = row.chain_at(i)
        np.testing.assert_allclose(chain[-1][0].get_end()[:2] - np.array([row.xs[i], -1.2]),
                                   row.k_out * case.arrows_out_a[i], atol=1e-6)
    assert [fmt_num(w, 2) for w in case.weights_a[1]] == ["0.57", "0.43"]


def _back_row(d):
    """The reversed sentence's row of arrows on a stand-in scene, and the strips' unit that covers the
    outputs without p and both orders with p: (record of the reversed order, row, unit)."""
    from scenes.perm.row import ArrowRow
    from scenes.perm.strips import strip_unit

    rev = d.back(1)
    scene = _fake_scene()
    scene.label_on = lambda *a: None
    back = ArrowRow(scene, rev, {t: "#000000" for t in rev.tokens_a})
    return rev, back, strip_unit(back.radius, d.examples[1].out_a, rev.out_pe_a, rev.out_pe_b)


def test_with_p_one_scale():
    """The outputs without p and with p are drawn at one scale (the strips' unit covers all three
    blocks), so when p comes the bars change height only because the numbers change."""
    from scenes.perm.strips import REACH

    d = record()
    rev, back, unit = _back_row(d)
    tallest = max(np.abs(b).max() for b in (d.examples[1].out_a, rev.out_pe_a, rev.out_pe_b)) * unit
    assert tallest == pytest.approx(REACH * back.radius)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_zh_cues_keep_numbers_with_their_verbs(lang):
    """"「狗」從位置 3 搬到了位置 1，所以它對自己的分數從 0.502 變成 0.610": 0.610 on the line of its
    verb; the weights' cue and the moved-cell cue have no cue under 1.6 s of reading."""
    from scenes.parts.cues import cues, reading_time, wrap_lines
    from scenes.perm.strings import STRINGS

    s = STRINGS[lang]
    moved = s["cap_pe_moved"].format(w="狗", before="0.502", after="0.610", a=3, b=1, sa="₃", sb="₁", gap="1.69")
    weights = s["cap_close_w"].format(w0="0.50/0.50", w1="0.57/0.43")
    for text in (moved, weights):
        for c in cues(text, lang):
            assert reading_time(c) >= 1.6, c
            for line in wrap_lines(c, lang):
                assert not line.startswith("0.610"), line
    assert any(("變成 0.610" in ln or "变成 0.610" in ln) for c in cues(moved, lang) for ln in wrap_lines(c, lang))


@pytest.mark.render
def test_frames_record_the_mix_and_the_one_scale(shared_renders):
    """From the render's frame record: the mixed pieces drawn are α·|v| for the weights used; from
    "dog bites man" on the output strips keep one scale and nothing is redrawn when p comes; the
    opened cell's formula is never shrunk."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    rows = read_frames(folder / "permutation.frames.csv")
    d = record()
    case = d.examples[0]
    mixed = [r for r in rows if r.get("mix_piece_0_0")]
    assert mixed
    for r in mixed:
        for i in range(2):
            for j in range(2):
                assert float(r[f"mix_weight_{i}_{j}"]) == pytest.approx(case.weights_a[i, j], abs=1e-12)
                want = case.weights_a[i, j] * np.linalg.norm(case.arrows_val_a[j])
                assert float(r[f"mix_piece_{i}_{j}"]) == pytest.approx(want, rel=1e-6)
    sentence = min(float(r["time_s"]) for r in rows if r.get("section") == "sentence")
    # from the sentence's strips on, one scale to the end: never redrawn
    units = {r.get("strip_unit") for r in rows if float(r["time_s"]) >= sentence and r.get("outputs_shown")}
    assert len(units - {None, ""}) == 1
    assert not any(r.get("redrawing") for r in rows)
    assert {r["opened_formula_scale"] for r in rows if r.get("opened_formula_scale")} == {"1.0"}


def test_kept_word_cue_in_step_with_its_frames(shared_renders):
    """"The output of bites changed too: it reads keys and values from dog and man, whose x + p
    changed": from the render's record, bites' row and its largest change (0.13, the record's
    max |O_b − P O_a| over bites' numbers) are framed by the middle of that cue and while it is up,
    and never before the cue starts."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look
    from scenes.perm.strings import STRINGS, WORDS
    from scenes.parts.cues import cues
    import json

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    rows = read_frames(folder / "permutation.frames.csv")
    rev = record().back(1)
    n = rev.tokens_b.index("bites")
    change = fmt_num(float(np.abs(rev.out_pe_b[n] - (rev.p_matrix @ rev.out_pe_a)[n]).max()), 2)
    assert change == "0.13"
    word = lambda w: WORDS.get(lang, {}).get(w, w)  # noqa: E731
    others = word("dog") + STRINGS[lang]["and"] + word("man")
    said = cues(STRINGS[lang]["cap_pe_reads"].format(v=word("bites"), others=others), lang)
    record_json = json.loads((folder / "permutation.numbers.json").read_text(encoding="utf-8"))
    first = next(c for c in record_json["cues"] if c["text"] == said[0])
    last = next(c for c in record_json["cues"] if c["text"] == said[-1])
    framed = [float(r["time_s"]) for r in rows if r.get("kept_reads_framed") == f"bites {change}"]
    assert framed, "bites' row and its change are never framed"
    assert first["start_s"] - 1e-6 <= min(framed) <= (first["start_s"] + first["end_s"]) / 2
    assert max(framed) >= last["end_s"] - 0.5  # framed while the cue is up
    assert not [r for r in rows if r.get("kept_reads_framed") and float(r["time_s"]) < first["start_s"] - 1e-6]


def test_each_word_largest_change_framed_on_its_strip():
    """"The fresh outputs (blue) differ from the carried": each word's frame stands on the bar whose
    number changed most (dog 0.52, bites 0.13, man 0.26), from zero or the lower tip to the higher,
    around both the carried and the fresh bar's tips."""
    from scenes.perm.layout import Y_OUT
    from scenes.perm.row import ArrowRow
    from scenes.perm.strips import strip_unit

    d = record()
    rev = d.back(1)
    scene = _fake_scene()
    scene.label_on = lambda *a: None
    strips = _StripScene()
    back = ArrowRow(scene, rev, {t: "#000000" for t in rev.tokens_a})
    unit = strip_unit(back.radius, d.examples[1].out_a, rev.out_pe_a, rev.out_pe_b)
    carried = rev.p_matrix @ rev.out_pe_a  # (T, d) in order b
    frames = strips.largest_changes(back, carried, rev.out_pe_b, unit)
    per_word = np.abs(rev.out_pe_b - carried).max(axis=1)
    assert [fmt_num(v, 2) for v in per_word] == ["0.52", "0.13", "0.26"]
    for k, f in enumerate(frames):
        j = int(np.argmax(np.abs(rev.out_pe_b[k] - carried[k])))
        bar = strips.strip(back, rev.out_pe_b[k], k, "#000000", unit)[j]
        assert abs(f.get_x() - bar.get_x()) < 1e-9 and f.width > bar.width
        for v in (carried[k][j], rev.out_pe_b[k][j]):
            assert f.get_bottom()[1] < Y_OUT + unit * v < f.get_top()[1]


def test_dog_output_framed_while_tokens_and_table_agree(shared_renders):
    """"So dog gets the same output, whether it bites or is bitten": dog's strip is framed during
    that cue, where it travelled, and from the swap to "man bites dog" until p is added the tokens
    stand in order b and the table on screen is order b's (the summary swaps nothing: it explains the
    swap already shown)."""
    import json

    from scenes.parts.cues import cues
    from scenes.perm.strings import STRINGS
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    theme, lang = scene_look("permutation")
    folder = shared_renders.folder("permutation", theme, lang)
    rows = read_frames(folder / "permutation.frames.csv")
    said = cues(STRINGS[lang]["cap_dog"], lang)
    record_json = json.loads((folder / "permutation.numbers.json").read_text(encoding="utf-8"))
    cue = next(c for c in record_json["cues"] if c["text"] == said[0])
    framed = [float(r["time_s"]) for r in rows if r.get("same_output_framed") == "dog"]
    assert framed and cue["start_s"] - 1e-6 <= min(framed) <= (cue["start_s"] + cue["end_s"]) / 2
    case = record().examples[1]
    b = " ".join(case.tokens_b)
    outputs = min(float(r["time_s"]) for r in rows if r.get("section") == "outputs")
    positions = min(float(r["time_s"]) for r in rows if r.get("section") == "positions")
    between = [r for r in rows if outputs <= float(r["time_s"]) < positions]
    table_b = [r for r in between if r.get("scores_b_shown")]
    assert table_b and {r["order"] for r in table_b} == {b}
    first = min(float(r["time_s"]) for r in table_b)
    assert all(r.get("scores_b_shown") and r["order"] == b for r in between if float(r["time_s"]) >= first)


def test_moved_word_self_score_opened_into_parts():
    """dog's score with itself, (x + p)W_Q·(x + p)W_K/√d, split into x with x and the three terms with
    p (engine.word_order.self_score_parts): the parts sum to the table's cell at both places; x with x
    is the cell without positions (0.305), the same at both; only the terms with p change."""
    from engine.word_order import self_score_parts
    from scenes.perm.strings import STRINGS

    d = record()
    rev = d.back(1)
    i = rev.tokens_a.index("dog")
    s = int(np.argsort(rev.perm)[i])
    assert (i, s) == (2, 0)
    (xx, pa), (xx_b, pb) = (self_score_parts(d, "dog", rev.pe[n]) for n in (i, s))
    assert xx == pytest.approx(xx_b, abs=1e-15) and xx == pytest.approx(rev.scores_a[i, i], abs=1e-12)
    assert xx + pa == pytest.approx(rev.scores_pe_a[i, i], abs=1e-12)
    assert xx + pb == pytest.approx(rev.scores_pe_b[s, s], abs=1e-12)
    assert [fmt_num(v, 3) for v in (xx, pa, pb)] == ["0.305", "0.198", "0.305"]
    assert [fmt_num(v, 3) for v in (rev.scores_pe_a[i, i], rev.scores_pe_b[s, s])] == ["0.502", "0.610"]
    # printed, the parts add up to the printed cells: 0.305 + 0.197 = 0.502 and 0.305 + 0.305 = 0.610
    from scenes.perm.split import addend_as_printed
    printed = [addend_as_printed(xx, v, 3) for v in (pa, pb)]
    assert [fmt_num(v, 3) for v in printed] == ["0.197", "0.305"]
    assert all(abs(p - v) < 1e-3 for p, v in zip(printed, (pa, pb)))
    for lang in STRINGS:
        assert all(f"{{{k}}}" in STRINGS[lang]["cap_pe_split"] for k in ("xx", "pa", "pb"))
