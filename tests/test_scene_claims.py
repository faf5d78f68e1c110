"""What each scene's captions claim is true of the numbers the scene shows (its engine record).

One test per scene (prenorm_block and layernorm_steps have their own); a claim is checked at the
rounding the caption prints, and the caption text is checked to say it.
"""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from look import fmt_num
from studio import catalogue


def record(name):
    return catalogue.get(name).compute()


def strings(name, lang="en"):
    return catalogue.get(name).load().STRINGS[lang]


def _attention(x, w_q, w_k, w_v):
    """One unmasked head computed here, not by the engine: (scores, outputs)."""
    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (T, d) each
    s = q @ k.T / np.sqrt(q.shape[1])  # (T, T)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return s, (e / e.sum(axis=1, keepdims=True)) @ v  # (T, T), (T, d)


def _reordering(tokens_a, tokens_b):
    """P with row k picking the token of order a that stands k-th in order b (repeats left to right)."""
    p, used = np.zeros((len(tokens_a), len(tokens_a))), set()
    for k, tok in enumerate(tokens_b):
        i = min(i for i, t in enumerate(tokens_a) if t == tok and i not in used)
        used.add(i)
        p[k, i] = 1.0
    return p


@pytest.mark.parametrize("params", [{}, {"d_model": 3, "seed": 7},
                                    {"first_a": ("注", "意", "力"), "first_b": ("力", "注", "意"),
                                     "second_a": ("the", "teacher", "praises", "students")}])
def test_permutation_outputs_are_only_reordered(params):
    from engine.attention import permutation_demo
    from studio.catalogue.accepts import accepts_of, engine_keywords
    d = permutation_demo(**engine_keywords(accepts_of("permutation"), params)) if params else record("permutation")
    table = dict(zip(d.vocab, d.embeddings))
    for case in d.examples:
        p = _reordering(case.tokens_a, case.tokens_b)
        x_a = np.array([table[t] for t in case.tokens_a])  # (T, d)
        x_b = np.array([table[t] for t in case.tokens_b])
        s_a, o_a = _attention(x_a, d.w_q, d.w_k, d.w_v)
        s_b, o_b = _attention(x_b, d.w_q, d.w_k, d.w_v)
        # the record is what a direct computation gives, in both orders
        for got, want in ((case.scores_a, s_a), (case.scores_b, s_b), (case.out_a, o_a), (case.out_b, o_b)):
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
        np.testing.assert_array_equal(case.p_matrix, p)
        # "order b holds exactly the vectors of order a": the rows of X are permuted, not changed
        assert np.array_equal(case.x_b, p @ case.x_a)
        # "new = P × old × P transposed": order b's own table is order a's, rows and columns swapped
        np.testing.assert_allclose(s_b, p @ s_a @ p.T, rtol=0, atol=1e-12)
        # "computed afresh, order b gives exactly the outputs that travelled": the same P
        np.testing.assert_allclose(o_b, p @ o_a, rtol=0, atol=1e-12)
        assert case.output_deviation < 1e-14 and case.score_deviation < 1e-14
        assert not np.allclose(o_b, o_a)  # yet the outputs per position do differ
        # the arrows: each vector seen in one orthonormal plane; order b's fresh arrows are order a's moved
        for view in (case.view_in, case.view_out):
            np.testing.assert_allclose(view @ view.T, np.eye(2), atol=1e-12)
        np.testing.assert_allclose(case.arrows_in_a, x_a @ case.view_in.T, atol=1e-12)
        np.testing.assert_allclose(case.arrows_out_b, o_b @ case.view_out.T, atol=1e-12)
        np.testing.assert_allclose(case.arrows_out_b, p @ case.arrows_out_a, atol=1e-12)
        # "attention cannot tell the two orders apart": the same set of outputs
        assert sorted(map(tuple, o_b.round(12))) == sorted(map(tuple, o_a.round(12)))


def test_permutation_captions():
    from scenes.permutation import asymmetric_pair
    d = record("permutation")
    first = d.examples[0]
    # "Q and K come from different matrices, so the table is not symmetric"
    assert not np.allclose(d.w_q, d.w_k) and not np.allclose(first.scores_a, first.scores_a.T, atol=5e-4)
    i, j = asymmetric_pair(first.scores_a, 3)
    x = {t: e for t, e in zip(d.vocab, d.embeddings)}
    q_i, k_j = x[first.tokens_a[i]] @ d.w_q, x[first.tokens_a[j]] @ d.w_k  # (d,) each
    q_j, k_i = x[first.tokens_a[j]] @ d.w_q, x[first.tokens_a[i]] @ d.w_k
    # "the query of 十 against the key of 五 scores 0.232; the other way round, 0.201"
    assert (first.tokens_a[i], first.tokens_a[j]) == ("十", "五")
    assert fmt_num(q_i @ k_j / np.sqrt(d.d_model), 3) == "0.232"
    assert fmt_num(q_j @ k_i / np.sqrt(d.d_model), 3) == "0.201"
    en = strings("permutation")
    assert "different matrices" in en["cap_asym"] and "same projection" not in "".join(en.values())
    assert "P moves each row" in en["cap_perm"] and "each column" in en["cap_perm_cols"]
    assert "up to rounding" in en["cap_perm_out"]
    assert "Without positions or a mask" in en["cap_summary"] and "only reorders their outputs" in en["cap_summary"]
    # "Each output mixes the value vectors, weighted by the softmax of those scores": the drawn
    # weighted value arrows, laid tip to tail, end exactly at the drawn outputs (the view is linear)
    for case in d.examples:
        w = np.exp(case.scores_a - case.scores_a.max(axis=1, keepdims=True))
        w /= w.sum(axis=1, keepdims=True)  # (T, T) row softmax
        x = {t: e for t, e in zip(d.vocab, d.embeddings)}
        v = np.array([x[t] for t in case.tokens_a]) @ d.w_v  # (T, d)
        np.testing.assert_allclose(case.arrows_val_a, v @ case.view_out.T, atol=1e-12)
        np.testing.assert_allclose(w @ case.arrows_val_a, case.arrows_out_a, atol=1e-12)
        # "add a position vector to each word and swap again: now the outputs differ"
        from engine.positional import sinusoidal
        pe = sinusoidal(np.arange(len(case.tokens_a)), d.d_model)  # (T, d)
        p = case.p_matrix
        xa = np.array([x[t] for t in case.tokens_a]) + pe
        xb = np.array([x[t] for t in case.tokens_b]) + pe
        _, o_a = _attention(xa, d.w_q, d.w_k, d.w_v)
        _, o_b = _attention(xb, d.w_q, d.w_k, d.w_v)
        np.testing.assert_allclose(case.out_pe_b, o_b, atol=1e-12)
        assert case.pe_deviation == pytest.approx(np.abs(o_b - p @ o_a).max(), abs=1e-12)
        assert case.pe_deviation > 0.1
    assert "{d}-D" in en["view"] and d.examples[0].x_a.shape[1] == d.d_model == 8
    for lang in ("zh-Hant", "zh-Hans"):
        zh = strings("permutation", lang)
        row, col = ("列", "行") if lang == "zh-Hant" else ("行", "列")  # Taiwan: 列 is a row, 行 a column
        assert f"P 把每一{row}" in zh["cap_perm"] and f"每一{col}也跟" in zh["cap_perm_cols"]
        from scenes.perm.strings import WORDS
        assert WORDS[lang] == {"dog": "狗", "bites": "咬", "man": "人"}
        assert not any(w in zh["cap_rows"] + zh["cap_cols"] + zh["cap_asym"] for w in ("同一組", "同一组"))
    assert fmt_num(d.examples[1].pe_deviation, 2) == "0.52"  # the ending's max |O_b − P O_a| with positions


def test_permutation_outputs_close_then_drawn_as_their_numbers():
    """"In this plane the outputs look alike: each averages the same value vectors, with similar
    weights", then "Drawn as all 8 numbers, one bar each, the two outputs differ"
    (alike in the plane, yet not equal)."""
    d = record("permutation")
    en = strings("permutation")
    assert "similar weights" in en["cap_close"] and "In this plane" in en["cap_close"]
    assert "all {d} numbers, one bar each" in en["cap_zoom"] and "the two outputs differ" in en["cap_zoom"]
    assert d.d_model == 8
    for case in d.examples:
        o = case.out_a  # (T, d)
        mean = o.mean(axis=0)  # (d,)
        # alike: every output within 10 % of the average's length from the average
        assert np.linalg.norm(o - mean, axis=1).max() < 0.1 * np.linalg.norm(mean)
        # similar weights: no weight differs by more than 0.15 between two queries
        w = case.weights_a
        assert np.abs(w[:, None, :] - w[None, :, :]).max() < 0.15
        # not equal: some number of one output differs from another's by more than 0.1
        assert np.abs(o[:, None, :] - o[None, :, :]).max() > 0.1
        # order b's outputs are order a's rows moved (the strips that travel are the fresh ones)
        np.testing.assert_allclose(case.out_b, case.p_matrix @ o, atol=1e-12)


def test_permutation_weights():
    """"The outputs look alike: weights 0.50/0.50 and 0.57/0.43 mix the same value vectors"."""
    d = record("permutation")
    case = d.examples[0]
    en = strings("permutation")
    w0, w1 = ("/".join(fmt_num(w, 2) for w in r) for r in case.weights_a)
    assert (w0, w1) == ("0.50/0.50", "0.57/0.43")  # written in cap_close_w: the outputs differ by these
    assert "{w0}" in en["cap_close_w"] and "{w1}" in en["cap_close_w"]
    assert np.abs(case.out_a[0] - case.out_a[1]).max() > 0  # the outputs themselves are not equal


def test_permutation_summary_reason_and_dog():
    """"Each score depends only on its two vectors, never on position"; "So "dog" gets the same
    output whether it bites or is bitten"."""
    d = record("permutation")
    en = strings("permutation")
    assert "only on its two vectors" in en["cap_why"] and '"dog"' in en["cap_dog"]
    x = dict(zip(d.vocab, d.embeddings))
    case = d.examples[1]
    for s, tokens in ((case.scores_a, case.tokens_a), (case.scores_b, case.tokens_b)):
        for i, ti in enumerate(tokens):
            for j, tj in enumerate(tokens):  # from the two word vectors alone, wherever they stand
                assert s[i, j] == pytest.approx((x[ti] @ d.w_q) @ (x[tj] @ d.w_k) / np.sqrt(d.d_model), abs=1e-12)
    a, b = case.tokens_a.index("dog"), case.tokens_b.index("dog")  # dog bites (place 1), is bitten (place 3)
    assert (a, b) == (0, 2)
    np.testing.assert_allclose(case.out_a[a], case.out_b[b], atol=1e-14)


def test_permutation_positions_change_the_table():
    """The ending: "Now each place adds a position vector p: the input is x + p"; "Swap dog and man
    back: x travels with its word, p stays with its place"; "The old table's rows move with the words,
    then its columns"; "Computed afresh below, every coloured cell changed";
    "The fresh outputs (blue) no longer land on the carried ones"; "Shown: without p, a reorder only
    permutes the outputs; with p, it changes them"."""
    from engine.positional import sinusoidal
    from scenes.perm.ending import changed_cells, pe_tables
    from scenes.perm.strings import STRINGS

    d = record("permutation")
    case, rev = d.examples[1], d.back(1)
    assert (rev.tokens_a, rev.tokens_b) == (case.tokens_b, case.tokens_a)  # from man bites dog back
    x = dict(zip(d.vocab, d.embeddings))
    pe = sinusoidal(np.arange(3), d.d_model)  # (T, d) positions 0, 1, 2: added to the places
    x_old = np.array([x[t] for t in rev.tokens_a])  # (T, d)
    x_new = np.array([x[t] for t in rev.tokens_b])
    s_old, o_old = _attention(x_old + pe, d.w_q, d.w_k, d.w_v)
    s_new, o_new = _attention(x_new + pe, d.w_q, d.w_k, d.w_v)
    p = rev.p_matrix
    np.testing.assert_allclose(rev.scores_pe_a, s_old, atol=1e-12)
    np.testing.assert_allclose(rev.scores_pe_b, s_new, atol=1e-12)
    # the arrows: x and p in one orthonormal plane, p one per place; x + p of the swapped words differ
    np.testing.assert_allclose(rev.view_pos @ rev.view_pos.T, np.eye(2), atol=1e-12)
    np.testing.assert_allclose(rev.arrows_word_pos, x_old @ rev.view_pos.T, atol=1e-12)
    np.testing.assert_allclose(rev.arrows_pos, pe @ rev.view_pos.T, atol=1e-12)
    kept = np.linalg.norm(rev.arrows_pos, axis=1) / np.linalg.norm(pe, axis=1)
    assert kept.min() > 0.7  # the plane shows the position vectors (the words' own kept under 35 %)
    before, after = x_old @ rev.view_pos.T, p @ rev.arrows_word_pos  # (T, 2) the word standing at each place
    moved_words = [k for k in range(3) if rev.tokens_a[k] != rev.tokens_b[k]]
    assert moved_words == [0, 2]
    for k in moved_words:  # the sum at the place changes with the word on it
        assert np.linalg.norm((after[k] + rev.arrows_pos[k]) - (before[k] + rev.arrows_pos[k])) > 0.5
    # the moved table is the old one permuted; the fresh one differs exactly in the coloured cells,
    # and at the three decimals drawn every coloured cell reads differently, every other cell equal
    t = pe_tables(rev)
    np.testing.assert_allclose(t.scores_b, p @ s_old @ p.T, atol=1e-12)
    changed = changed_cells(rev)
    assert changed == [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    for r in range(3):
        for c in range(3):
            old, new = fmt_num(t.scores_b[r, c], 3), fmt_num(rev.scores_pe_b[r, c], 3)
            assert (old != new) == ((r, c) in changed), (r, c, old, new)
            if (r, c) not in changed:
                assert t.scores_b[r, c] == pytest.approx(rev.scores_pe_b[r, c], abs=1e-12)
    assert fmt_num(rev.score_pe_deviation, 2) == "0.98" and fmt_num(rev.pe_deviation, 2) == "0.52"
    # the outputs with positions: order b computed afresh is not order a's outputs carried
    assert np.abs(o_new - p @ o_old).max() == pytest.approx(rev.pe_deviation, abs=1e-12)
    assert "every coloured cell changed" in STRINGS["en"]["cap_pe_fresh"]
    assert "x goes with its word, p stays put" in STRINGS["en"]["cap_pe_swap"]
    assert "with p marking every position, outputs change" in STRINGS["en"]["cap_pe_end"].lower()
    for lang in STRINGS:
        assert all(STRINGS[lang][k] for k in ("cap_pe", "cap_pe_swap", "cap_pe_table", "cap_pe_fresh", "cap_pe_out"))


def test_permutation_moved_cell_cause():
    """"The score of dog with itself, 0.502, became 0.610: dog moved from position 2 to 0, so its p
    changed, and the score multiplies a query by a key, both made from x + p": the score is
    (x + p)W_Q · (x + p)W_K / √d with dog's x and each place's p; the caption draws no conclusion from
    how far apart the two p vectors lie."""
    from engine.positional import sinusoidal
    from scenes.perm.strings import STRINGS

    d = record("permutation")
    rev = d.back(1)
    x = dict(zip(d.vocab, d.embeddings))["dog"]
    pe = sinusoidal(np.arange(3), d.d_model)  # (T, d)
    i, s = rev.tokens_a.index("dog"), rev.tokens_b.index("dog")
    assert (i, s) == (2, 0)  # positions numbered from 0, as the engine numbers them
    score = [float(((x + pe[k]) @ d.w_q) @ ((x + pe[k]) @ d.w_k)) / np.sqrt(d.d_model) for k in (i, s)]
    assert score == pytest.approx([rev.scores_pe_a[i, i], rev.scores_pe_b[s, s]], abs=1e-12)
    assert [fmt_num(v, 3) for v in score] == ["0.502", "0.610"]
    said = STRINGS["en"]["cap_pe_moved"].format(w="dog", before="0.502", after="0.610", a=2, b=0, sa="₂", sb="₀",
                                                 gap="1.69")
    assert "so its p changed" in said and "both made from x + p" in said
    assert "apart" not in said and "1.69" not in said
    for lang in ("zh-Hant", "zh-Hans"):
        zh = STRINGS[lang]["cap_pe_moved"]
        assert "{gap}" not in zh and "x + p" in zh and "相距" not in zh


def test_permutation_last_place_is_the_same_output_moved():
    """"Each token's output is unchanged: it only moved with its token. The last place now holds dog's
    output, the one dog had at position 0, not man's": without p, dog's output in man bites dog (last place) equals its output in dog
    bites man (position 0), and the set of outputs is the same, reordered."""
    from scenes.perm.strings import STRINGS

    case = record("permutation").examples[1]
    k = case.tokens_a.index("dog")
    assert k == 0 and case.tokens_b[-1] == "dog"
    np.testing.assert_allclose(case.out_b[-1], case.out_a[k], atol=1e-12)
    np.testing.assert_allclose(np.sort(case.out_b, axis=0), np.sort(case.out_a, axis=0), atol=1e-12)
    said = STRINGS["en"]["cap_last"].format(now="dog", was="man", k=k)
    assert "only moved" in said and "the one dog had at position 0" in said


def test_permutation_check_with_p_names_its_orders():
    """"max |O_b − P O_a| = 0.52" over "order a = dog bites man", "order b = man bites dog": as in the check
    without p, although the words were swapped back from man bites dog; with a swap P is its own
    inverse, so the measure either way round is the engine's pe_deviation."""
    from engine.positional import sinusoidal
    from scenes.perm.strings import STRINGS

    d = record("permutation")
    case, rev = d.examples[1], d.back(1)
    x = dict(zip(d.vocab, d.embeddings))
    pe = sinusoidal(np.arange(3), d.d_model)
    _, o_a = _attention(np.array([x[t] for t in case.tokens_a]) + pe, d.w_q, d.w_k, d.w_v)
    _, o_b = _attention(np.array([x[t] for t in case.tokens_b]) + pe, d.w_q, d.w_k, d.w_v)
    p = _reordering(case.tokens_a, case.tokens_b)
    np.testing.assert_allclose(p, p.T, atol=0)
    assert np.abs(o_b - p @ o_a).max() == pytest.approx(rev.pe_deviation, abs=1e-12)
    assert fmt_num(rev.pe_deviation, 2) == "0.52"
    for lang in STRINGS:
        assert "{a}" in STRINGS[lang]["order_a"] and "{b}" in STRINGS[lang]["order_b"]


def test_permutation_rowwise_softmax_passes_a_reorder_through():
    """"Softmax works row by row, and the weighted sum ignores order: each output just moves with its
    word": softmax of P S Pᵀ row by row is P softmax(S) Pᵀ, and (P W Pᵀ)(P V) = P (W V)."""
    from scenes.perm.strings import STRINGS

    d = record("permutation")
    case = d.examples[1]
    x = dict(zip(d.vocab, d.embeddings))
    xa = np.array([x[t] for t in case.tokens_a])
    p = _reordering(case.tokens_a, case.tokens_b)
    s = (xa @ d.w_q) @ (xa @ d.w_k).T / np.sqrt(d.d_model)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    w = e / e.sum(axis=1, keepdims=True)  # (T, T) each row its own softmax
    sb = p @ s @ p.T
    eb = np.exp(sb - sb.max(axis=1, keepdims=True))
    np.testing.assert_allclose(eb / eb.sum(axis=1, keepdims=True), p @ w @ p.T, atol=1e-12)
    np.testing.assert_allclose((p @ w @ p.T) @ (p @ xa @ d.w_v), p @ (w @ xa @ d.w_v), atol=1e-12)
    np.testing.assert_allclose(p @ (w @ xa @ d.w_v), case.out_b, atol=1e-12)
    assert "row by row" in STRINGS["en"]["cap_rowwise"] and "ignores order" in STRINGS["en"]["cap_rowwise"]
    # the sum built on screen: the first word's output now as its weights times the value vectors, term
    # by term, in order b and with its terms in order a's order (the same terms: the same sum)
    vb = p @ xa @ d.w_v  # (T, d) the value vectors in order b
    wb = case.weights_b[0]  # (T,)
    terms = [wb[c] * vb[c] for c in range(len(wb))]
    np.testing.assert_allclose(sum(terms), case.out_b[0], atol=1e-12)
    np.testing.assert_allclose(sum(terms[int(c)] for c in np.argsort(case.perm)), case.out_b[0], atol=1e-12)
    assert "weighted sum" in STRINGS["en"]["cap_rowwise"] and "shuffles the terms" in STRINGS["en"]["cap_rowwise"]


def test_permutation_causal_aside():
    """"With a causal mask, each token sees only the ones before it, so even without p the outputs
    change, by up to 3.36": the masked head computed here (no positions), max |P O_a − O_b| is the
    record's causal_deviation and clearly above 0, while without the mask it is rounding only."""
    from scenes.perm.strings import STRINGS

    d = record("permutation")
    x = dict(zip(d.vocab, d.embeddings))
    for case in d.examples:
        def masked(tokens):
            xs = np.array([x[t] for t in tokens])
            q, k, v = xs @ d.w_q, xs @ d.w_k, xs @ d.w_v
            s = q @ k.T / np.sqrt(q.shape[1])
            s = np.where(np.tril(np.ones_like(s, dtype=bool)), s, -np.inf)  # key j seen by query i only if j <= i
            e = np.exp(s - s.max(axis=1, keepdims=True))
            return (e / e.sum(axis=1, keepdims=True)) @ v
        gap = np.abs(masked(case.tokens_b) - case.p_matrix @ masked(case.tokens_a)).max()
        assert case.causal_deviation == pytest.approx(gap, abs=1e-12)
        assert gap > 0.5 and case.output_deviation < 1e-14
    rev = d.back(1)
    assert fmt_num(rev.causal_deviation, 2) == fmt_num(d.examples[1].causal_deviation, 2)  # a swap: either way round
    assert "causal mask" in STRINGS["en"]["cap_causal"] and "{v}" in STRINGS["en"]["cap_causal"]
    for lang in ("zh-Hant", "zh-Hans"):
        assert "{v}" in STRINGS[lang]["cap_causal"] and "因果" in STRINGS[lang]["cap_causal"]


def test_permutation_captions_use_straight_quotes():
    """Curly quotes would fall back to a Chinese font's full-width glyphs in the caption."""
    from scenes.perm.strings import STRINGS

    for lang in STRINGS:
        for key, value in STRINGS[lang].items():
            assert not set(value) & set("\u201c\u201d\u2018\u2019"), (lang, key)


def test_permutation_chinese_legend_has_no_english():
    from scenes.perm.strings import STRINGS

    for lang in ("zh-Hant", "zh-Hans"):
        for key, value in STRINGS[lang].items():
            shown = re.sub(r"\{[a-z_]+\}", "", value)  # placeholders are filled with numbers and words
            words = [w for w in re.findall(r"[A-Za-z]{2,}", shown) if w != "softmax"]
            assert not words, (lang, key, words)


def test_pe_clock_distances():
    d = record("pe_clock")
    # "Neighbours differ by 1.0147, the farthest by 3.5091: more than three times as far"
    assert fmt_num(d.adjacent_distance, 4) == "1.0147" and fmt_num(d.max_distance, 4) == "3.5091"
    assert 3 < d.max_distance / d.adjacent_distance < 4
    dist = np.linalg.norm(d.table[1:] - d.table[:-1], axis=1)  # (31,) every adjacent pair ties
    assert np.allclose(dist, d.adjacent_distance, atol=1e-12) and d.adjacent_pairs == len(dist)
    assert f"{d.speed_ratio:,.0f}" == "3,162"


def test_pe_clock_order_payoff_is_the_look_back_head_on_words_and_seats():
    """pe_clock's payoff: the look-back head (W_Q = 12 R_{-1}, W_K = I) on word vector + fingerprint. 五 asks; in 十五
    十 sits one seat back, where the head looks, and scores higher (10.02 against 3.12 in 五十); words only the two
    orders score the same; the cues say the other order scores differently, and never call this head random."""
    d = record("pe_clock")
    o = d.look_order
    assert (o.query, o.key, o.seats) == ("五", "十", ((1, 0), (0, 1)))
    (qa, ka), (qb, kb) = o.seats
    assert qa - ka == 1 and kb - qb == 1  # 十 one seat back in 十五, one seat ahead in 五十
    assert fmt_num(o.words_only[0], 2) == fmt_num(o.words_only[1], 2)
    assert o.with_pe[0] > o.with_pe[1] and [fmt_num(v, 2) for v in o.with_pe] == ["10.02", "3.12"]
    # its seat · seat parts are the look-back rows' values one seat back and one seat ahead of seat 5
    p = d.look_back_seats[0]
    assert [fmt_num(v, 2) for v in o.terms[:, 3]] == [fmt_num(d.look_back_rows[0][p - 1], 2),
                                                      fmt_num(d.look_back_rows[0][p + 1], 2)] == ["24.00", "19.10"]
    np.testing.assert_allclose(o.terms.sum(axis=1), o.with_pe, rtol=0, atol=1e-12)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("pe_clock", lang)
        assert "{c}" in s["cap_use_head"] and "{a}" in s["cap_use_pe"] and "{b}" in s["cap_use_pe"]
        text = s["cap_use_head"] + s["cap_use_pe"]
        assert "random" not in text and "隨機" not in text and "随机" not in text
    en = strings("pe_clock")
    assert "The same two words in the other order score differently." in en["cap_use_pe"]
    assert "one seat before {q}" in en["cap_use_pe"] and "the identity" in en["cap_use_head"]
    # the scores depend on the order, which is all the summary claims (not that attention "sees" it)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("pe_clock", lang)
        assert "now sees the order" not in s["cap_summary"] + s["claim"]
        assert "看得出順序" not in s["cap_summary"] and "看得出顺序" not in s["cap_summary"]
    assert "The scores now depend on the order" in en["cap_summary"] and "the scores now depend on the order" in en["claim"]
    assert fmt_num(d.fastest_step_degrees, 1) == "57.3"


def test_naive_position_content_is_swamped():
    from engine import naive_terms, sinusoidal

    d = record("naive_position")
    p, q = d.stops[-1]
    terms = d.stop_terms[-1]
    en = strings("naive_position")
    # the lesson's example: seat 12, d = 8, "E(加) + 12": every one of the 8 numbers raised by 12
    assert (d.demo_seat, d.d_model, d.words[0]) == (12, 8, "加")
    np.testing.assert_array_equal(d.e_plus_seat, d.e + 12)
    # the four bars are the four terms of the full dot product, at every stop and after the swap
    for (a, b), t in zip(d.stops, d.stop_terms):
        assert t.sum() == pytest.approx(float((d.e + a) @ (d.e2 + b)), rel=1e-12, abs=1e-12)
    assert d.swap_terms.sum() == pytest.approx(float((d.e_swap + p) @ (d.e2 + q)), rel=1e-12)
    assert np.array_equal(d.stop_terms[0, 1:], np.zeros(3))  # "at p = q = 0 only the content term ① has a bar"
    assert "Back at p = q = 0, only the content term ① has a bar: the other three are zero." in en["cap_bars"]
    # "only ① is free of the seats. ② and ③ see the word only through its coordinate sum, times a seat"
    assert "Only ① is free of the seats." in en["cap_expand"]
    for (a, b), t in zip(d.stops, d.stop_terms):
        np.testing.assert_allclose(t[1:], [b * d.e.sum(), a * d.e2.sum(), a * b * d.d_model], rtol=1e-12)
    # "the seats move up, and never back": ④ grows and ①'s share falls at every stop
    assert np.all(np.diff(d.stops, axis=0) >= 0) and np.all(np.diff(d.stop_content_share) < 0)
    # "④ = p·q·d is 1152, while ① is still 0.795": ④ is a whole number at whole seats, ① never moved
    assert terms[3] == p * q * d.d_model and fmt_num(terms[3], 0) == "1152"
    assert fmt_num(terms[0], 3) == fmt_num(d.stop_terms[0, 0], 3) == "0.795"
    assert np.all(d.stop_terms[:, 0] == d.stop_terms[0, 0])
    # "Most of the total, 1161.233, is term ④" (the scene says it only when |④| is most of the bar)
    assert abs(terms[3]) > 0.5 * np.abs(terms).sum() and fmt_num(d.stop_totals[-1], 3) == "1161.233"
    # "④ ≈ 1449 × ①", the arrow from ①'s tip to ④'s
    assert d.ratio_last == pytest.approx(abs(terms[3] / terms[0]), rel=1e-12) and fmt_num(d.ratio_last, 0) == "1449"
    # "swap the first word: ① changes from 0.795 to 0.129, and ② jumps from −3.750 to −18.495 ... ④ stays"
    assert fmt_num(d.swap_terms[3], 0) == fmt_num(terms[3], 0)
    assert (fmt_num(terms[0], 3), fmt_num(d.swap_terms[0], 3)) == ("0.795", "0.129")
    assert (fmt_num(terms[1], 3), fmt_num(d.swap_terms[1], 3)) == ("−3.750", "−18.495")
    assert d.swap_terms[1] == pytest.approx(q * d.e_swap.sum(), rel=1e-12)  # "a seat times the sum of its coordinates"
    assert "② jumps from {s1} to {s2}" in en["cap_swap"]
    # the log axis is fixed for the whole walk: every value shown at a whole seat on the way lies on it
    lo, hi = 10.0 ** d.decades[0], 10.0 ** d.decades[-1]
    assert d.decades.tolist() == [-1, 0, 1, 2, 3, 4] and np.all(np.diff(d.decades) == 1)
    np.testing.assert_array_equal(d.decade_values, 10.0 ** d.decades)
    for vec in (d.e, d.e_swap):
        for a in range(int(d.stops[:, 0].max()) + 1):
            for b in range(int(d.stops[:, 1].max()) + 1):
                t = naive_terms(vec, d.e2, a, b)  # (4,)
                shown = np.abs(np.append(t, t.sum()))
                assert np.all((shown == 0) | ((shown >= lo) & (shown <= hi)))
    # "sin and cos: numbers between −1 and 1, so the dot product of PE(p) and PE(q) is a sum of cosines,
    # one per pair, and never above d/2 = 4"
    pe = sinusoidal(np.arange(200), d.d_model)  # (200, 8)
    assert np.abs(pe).max() <= 1.0
    assert (pe @ pe.T).max() == pytest.approx(d.d_model / 2, rel=1e-12) and d.sincos_bound == 4
    gaps = np.subtract.outer(np.arange(200), np.arange(200))  # (200, 200)
    speeds = 10000.0 ** (-np.arange(d.d_model // 2) * 2 / d.d_model)  # (4,)
    np.testing.assert_allclose(pe @ pe.T, np.cos(gaps[..., None] * speeds).sum(axis=-1), atol=1e-9)
    assert lo <= d.sincos_bound <= hi  # the dashed line is on the axis
    assert "a sum of cosines of p − q, never above {hb}" in en["cap_sincos"]
    # the walk replayed with sin/cos: "nothing grows with the seat any more. Wherever p = q, ④ reaches the
    # dashed line; when the seats part, it drops below it. It depends only on p − q."
    sw = d.sincos_stop_terms  # (K, 4)
    for (a, b), t in zip(d.stops, sw):
        np.testing.assert_allclose(t, sincos_terms_here(d.e_swap, d.e2, a, b, sinusoidal), rtol=1e-12)
        assert abs(t[3]) <= d.sincos_bound + 1e-12 and np.abs(t).max() <= d.sincos_bound + 1e-12
        if a == b:
            assert t[3] == pytest.approx(d.sincos_bound, abs=1e-12)
        else:
            assert t[3] < d.sincos_bound - 0.1
    for a in range(13):  # every whole seat of the walk: bounded, and ④ the same for the same gap
        for b in range(13):
            t = sincos_terms_here(d.e_swap, d.e2, a, b, sinusoidal)
            assert np.abs(t).max() <= d.sincos_bound + 1e-12
            assert t[3] == pytest.approx(float(sinusoidal([0], d.d_model)[0] @ sinusoidal([b - a], d.d_model)[0])
                                         if b >= a else float(sinusoidal([a - b], d.d_model)[0] @ sinusoidal([0], d.d_model)[0]),
                                         abs=1e-12)
    assert sw[:, 3].min() < 0.9 * d.sincos_bound  # the dip is on screen at the stops themselves
    assert "Wherever p = q, ④ reaches the dashed line" in en["cap_sincos_walk"]
    # "At p = 12 and q = 12, ④ is 4.000, and ② and ③ are 0.240 and 2.318. Yet ① is still only 1.93 % of the four sizes"
    sc = d.sincos_terms
    rows = sinusoidal([p, q], d.d_model)  # (2, 8)
    np.testing.assert_allclose(sc, [d.e_swap @ d.e2, d.e_swap @ rows[1], rows[0] @ d.e2, rows[0] @ rows[1]],
                               rtol=1e-12)
    assert [fmt_num(x, 3) for x in sc[1:]] == ["0.240", "2.318", "4.000"]
    assert fmt_num(100 * d.sincos_content_share, 2) == "1.93" and d.sincos_content_share < 0.5  # "not loud"
    assert d.sincos_content_share > 100 * d.swap_content_share  # the growth is gone
    # ①'s share of the four sizes (the readout under the labels): 100 % at p = q = 0, 0.07 % at the end
    assert fmt_num(100 * d.stop_content_share[0], 2) == "100.00" and fmt_num(100 * d.stop_content_share[-1], 2) == "0.07"

def test_naive_position_share_says_what_it_is_a_share_of():
    """The readout "① of Σ|①…④|:" names its denominator on screen in every language, on the one line of the
    share; its first line, beside the total's number, never says "the denominator is": with ② negative the share is not ① over the total (at p = 3, q = 4 with sin/cos: 2.11 %, not
    0.129 / 5.094)."""
    from scenes.naive.values import share
    for lang in ("en", "zh-Hant", "zh-Hans"):
        t = strings("naive_position", lang)
        assert t["share"].rstrip(":：").endswith("Σ|①…④|"), lang  # one line: the sum of the four sizes
        assert "分母" not in t["share"], lang  # it ends beside the total's number: never "the denominator is"
    from engine import sinusoidal

    d = record("naive_position")
    t = sincos_terms_here(d.e_swap, d.e2, 3, 4, sinusoidal)  # the walk's frame at p = 3, q = 4
    assert t[1] < 0 and fmt_num(t[0], 3) == "0.129" and fmt_num(t.sum(), 3) == "5.094"
    assert fmt_num(100 * share(t), 2) == "2.11" == fmt_num(100 * abs(t[0]) / np.abs(t).sum(), 2)
    assert fmt_num(100 * t[0] / t.sum(), 2) != "2.11"  # the total's ratio would be another number


def test_naive_position_gap_plot_and_conclusion():
    """The gap plot: ④ with sin/cos drawn against p − q is one curve for every seat (each whole-seat pair
    of the walk lands on it), at most d/2 and reaching it only at p − q = 0; the conclusion card's numbers."""
    from engine import sinusoidal

    d = record("naive_position")
    en = strings("naive_position")
    rows = sinusoidal(np.arange(13), d.d_model)  # (13, 8)
    for a in range(13):
        for b in range(13):
            k = int(np.argmin(np.abs(d.gaps - (a - b))))
            assert d.gaps[k] == pytest.approx(a - b, abs=1e-9)
            assert d.gap_term4[k] == pytest.approx(float(rows[a] @ rows[b]), abs=1e-12)
    assert d.gaps.min() == -12 and d.gaps.max() == 12
    assert d.gap_term4.max() == pytest.approx(d.sincos_bound, abs=1e-12)
    assert np.all(d.gap_term4[np.abs(d.gaps) >= 0.5] < d.sincos_bound - 0.1)
    # "With seat numbers, ④ grows with p × q and swamps ①": ④ ≈ 1449 × ① at p = q = 12
    assert np.all(np.diff(d.stop_terms[:, 3]) >= 0) and fmt_num(d.ratio_last, 0) == "1449"
    # ...measured on ① of the first pair (E(加)⋅E(法), 0.795), the words the summary names, not the swapped pair's
    assert d.stop_terms[-1, 0] == pytest.approx(float(d.e @ d.e2), abs=1e-12)
    assert fmt_num(float(d.stop_terms[-1, 3] / d.stop_terms[-1, 0]), 0) == "1449"
    assert fmt_num(float(d.stop_terms[-1, 3] / (d.e_swap @ d.e2)), 0) != "1449"
    assert "swamps the content term ①" in en["cap_conclusion"]
    # after W_Q and W_K it is no longer a function of p − q alone: the claim is the raw dot product's
    assert "In the raw dot product, ④ depends only on p − q" in en["cap_conclusion"]
    # the caveat (raw dot product, W_Q and W_K) comes first: the scene ends on the conclusion, in every language;
    # "④ ≤ d/2 at every seat, equal to d/2 at p = q" (never "at p = q = 12: at most 4")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("naive_position", lang)
        assert s["cap_conclusion"].rstrip("。.").endswith("④ 只看 p − q") or s["cap_conclusion"].endswith(
            "depends only on p − q."), lang
        from scenes.parts.cues import cues
        last = cues(s["cap_conclusion"], lang)[-1]  # the cue read last says it of the raw dot product
        assert "p − q" in last and ("raw dot product" in last or "原始內積" in last or "原始内积" in last), lang
        # the conclusion's line names the two encodings; its maths (④ = p q d = 1152, ④ = PE(p)⋅PE(q) ≤ d/2 = 4) is
        # the record's (scenes.naive.summary)
        assert s["concl_seat_head"] and s["concl_sincos_head"] and "sin/cos" in s["concl_sincos_head"]
    for a in range(13):
        assert float(sincos_terms_here(d.e_swap, d.e2, a, a, sinusoidal)[3]) == pytest.approx(d.sincos_bound, abs=1e-12)
    # "every term bounded, ④ at most d/2 = 4" at every whole seat of the walk
    assert np.abs(d.sincos_stop_terms).max() <= d.sincos_bound + 1e-12


def test_naive_position_seat_term_is_shown_whole():
    """④ = p⋅q⋅d is a whole number at every whole-seat stop (and after the swap), so its bar's number is
    written without decimals ("1152", "48"); with sin/cos it is a sum of cosines, written with 3."""
    from types import SimpleNamespace

    from scenes.naive.bars import NaiveBars

    d = record("naive_position")
    for (a, b), t in zip(d.stops, d.stop_terms):
        assert t[3] == a * b * d.d_model and float(t[3]).is_integer()
    assert d.swap_terms[3] == d.stop_terms[-1, 3]
    assert fmt_num(d.stop_terms[-1, 3], 0) == "1152"
    assert "48" in {fmt_num(v, 0) for v in d.stop_terms[:, 3]}
    scene = SimpleNamespace(encoding="seat numbers", c_dec=3)
    assert [NaiveBars.term_decimals(scene, k) for k in range(5)] == [3, 3, 3, 0, 3]
    scene.encoding = "sin/cos"
    assert NaiveBars.term_decimals(scene, 3) == 3
    assert not all(float(v).is_integer() for v in d.sincos_stop_terms[:, 3])  # cosines: not whole in general


def sincos_terms_here(e, e2, p, q, sinusoidal):
    """The four terms of (e + PE(p))·(e2 + PE(q)) from the sinusoidal rows, computed here."""
    rows = sinusoidal([p, q], len(e))  # (2, d)
    return np.array([e @ e2, e @ rows[1], rows[0] @ e2, rows[0] @ rows[1]])


def test_naive_position_caption_maths_is_italic():
    """The captions set E, E′, p, q and d slanted, as the picture's TeX does, and PE upright."""
    from scenes.naive_position import maths_italic

    cue = "the rows PE(p) and PE(q) take the place of p and q, with E′ + q and d/2 = 4."
    spans = [cue[int(k[1:-1].split(":")[0]):int(k[1:-1].split(":")[1])] for k in maths_italic(cue)["t2s"]]
    assert spans == ["p", "q", "p", "q", "E′", "q", "d"]


def test_naive_position_sincos_claim_states_its_scale():
    """cap_sincos_end, one sentence: ①'s share before and after, ① itself unchanged, and why it stays small (this
    pair's words nearly orthogonal); the PE rows shown are d sines and cosines in [−1, 1] (engine.naive.sincos_rows)."""
    from engine.naive import sincos_rows
    from look import fmt_num

    d = record("naive_position")
    pe = sincos_rows([12, 12], d.d_model)  # (2, d)
    assert pe.shape == (2, 8) and np.abs(pe).max() <= 1.0
    assert fmt_num(float(np.linalg.norm(d.e_swap)), 1) == "1.3"
    ne2 = fmt_num(float(np.linalg.norm(d.e2)), 1)  # E′ = E(法): ③ depends on its length, stated beside |E|
    assert fmt_num(float(np.linalg.norm(pe[0])), 0) == "2" and np.linalg.norm(pe[0]) == pytest.approx(2.0, rel=1e-12)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = strings("naive_position", lang)["cap_sincos_end"]
        # the small share is said to be this pair's: the words named, their near-orthogonality the reason
        assert all(f"{{{k}}}" in text for k in ("a", "b"))
        s = strings("naive_position", lang)
        said = text.format(share="1.93", a="十", b="法", raw="0.01", helps=s["sincos_helps"].format(c="0.129"))
        from scenes.parts.cues import cues
        assert len(cues(said, lang)) <= 2, lang  # one sentence: no more than two cues
        assert "十" in said and "法" in said and ("orthogonal" in said or "正交" in said), lang
        # ①'s share before (seat numbers) and after (sin/cos), side by side; ① itself did not grow, only its share
        assert said.index("0.01") < said.index("1.93") < said.index("0.129"), lang
        assert "訊號變大" not in said and "信号变大" not in said and "does help" not in said, lang
        assert ("only its share" in said) or ("只是佔比" in said) or ("只是占比" in said), lang
        assert "stay small as well" not in said and "也小" not in said, lang  # only ① is said to be small
        plain = text.format(share="1.93", a="十", b="法", raw="0.01", helps=s["sincos_small"])  # when ①'s share fell
        assert "only its share" not in plain and "佔比" not in plain.partition("；")[2], lang
    assert fmt_num(100 * d.swap_content_share, 2) == "0.01" and fmt_num(100 * d.sincos_content_share, 2) == "1.93"
    assert d.sincos_content_share > d.swap_content_share  # "sin/cos does help" is said only when it holds
    from engine.naive import naive_terms, sincos_terms
    from scenes.naive.bars import share

    first = sincos_terms(d.e, d.e2, 12, 12)  # (4,): 加 and 法 at the same seats with sin/cos
    assert d.words == ("加", "法", "十") and (fmt_num(d.sincos_terms[0], 3), fmt_num(first[0], 3)) == ("0.129", "0.795")
    assert round(first[0] / d.sincos_terms[0]) == 6 and fmt_num(100 * share(d.sincos_terms), 2) == "1.93"
    assert share(first) > 5 * share(d.sincos_terms)  # the share too is the pair's
    assert tuple(d.stops[-1]) == (12, 12)
    np.testing.assert_allclose(d.stop_terms[-1], naive_terms(d.e, d.e2, 12, 12), rtol=1e-12)
    # 十 and 法 are nearly orthogonal (cosine about 0.06): the small ① is the pair, not sin/cos
    assert abs(d.e_swap @ d.e2) / (np.linalg.norm(d.e_swap) * np.linalg.norm(d.e2)) < 0.1
    # "the seat terms can still outweigh the word": ③ + ④ exceed ① for either pair
    assert first[2] + first[3] > first[0] and d.sincos_terms[2] + d.sincos_terms[3] > d.sincos_terms[0]


def test_naive_position_ratio_arrow_counts_its_decades():
    """The arrow from ①'s tip to ④'s carries one "× 10" per whole decade it crosses (scenes.naive.readings): 0.795 to
    1152 crosses 1→10, 10→100 and 100→1000, three gridline steps, as "≈ 1449 × ①" says (10³ ≤ 1449 < 10⁴)."""
    d = record("naive_position")
    c, t4 = abs(d.stop_terms[-1, 0]), abs(d.stop_terms[-1, 3])
    tens = [k for k in d.decades[:-1] if 10.0 ** k >= c and 10.0 ** (k + 1) <= t4]
    assert [int(k) for k in tens] == [0, 1, 2] and round(d.ratio_last) == 1449
    assert 10 ** len(tens) <= d.ratio_last < 10 ** (len(tens) + 1)


def test_naive_position_sincos_names_the_fall_of_seat_term():
    """cap_sincos: the move from seat numbers to sin/cos has its own cue, "with sin/cos rows in place of p and q,
    ④ falls from 1152 to 4" (a whole value written without decimals; the rows come in as ④ falls, never over seat-number bars), read from the record
    (p⋅q⋅d at p = q = 12 against PE(12)⋅PE(12) = d/2), in every language; the rows are named in the cue after it."""
    from look import fmt_num
    from scenes.naive.values import fmt_point
    from scenes.parts.cues import cues

    d = record("naive_position")
    assert d.swap_terms[3] == pytest.approx(12 * 12 * d.d_model) and fmt_num(d.swap_terms[3], 0) == "1152"
    assert d.sincos_terms[3] == pytest.approx(d.d_model / 2, abs=1e-9) and fmt_point(d.sincos_terms[3], 3) == "4"
    v = dict(d=d.d_model, hb="d/2 = 4", t1="1152", t2="4")
    for lang in ("en", "zh-Hant", "zh-Hans"):
        falls = [c for c in cues(strings("naive_position", lang)["cap_sincos"].format(**v), lang) if "1152" in c]
        assert len(falls) == 1 and "④" in falls[0] and "to 4" * (lang == "en") in falls[0] and "4.000" not in falls[0], (lang, falls)
        assert "sin/cos" in falls[0] and "PE(p)" not in falls[0] and "p − q" not in falls[0], (lang, falls)
        said = cues(strings("naive_position", lang)["cap_sincos"].format(**v), lang)
        after = said[said.index(falls[0]) + 1:]
        # ② and ③ change with it (−18.495 → 0.240, 12.188 → 2.318): said with the fall, before the rows are named
        assert "②" in falls[0] + after[0] and "③" in falls[0] + after[0], (lang, said)
        assert any("PE(p)" in c for c in after[:2]), (lang, said)
    from engine.naive import naive_terms, sincos_terms
    before, now = naive_terms(d.e_swap, d.e2, 12, 12), sincos_terms(d.e_swap, d.e2, 12, 12)
    assert [fmt_num(v, 3) for v in before[1:3]] == ["−18.495", "12.188"]
    assert [fmt_num(v, 3) for v in now[1:3]] == ["0.240", "2.318"]  # both change, as the cue says


def test_naive_position_two_words_two_seats():
    """cap_idea: the two words are not both "at seat 12": the query word is at seat p, the key word at q."""
    d = record("naive_position")
    p, q = d.demo_seat, int(d.stops[-1, 1])
    assert (p, q) == (12, 12)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("naive_position", lang)
        assert "seat {q}" not in s["cap_idea"] and "第 {q} 個" not in s["cap_idea"] and "第 {q} 个" not in s["cap_idea"]
        assert "{p}" in s["cap_idea_same"] and "{q}" not in s["cap_idea_same"]
        assert "{p}" in s["cap_idea_seats"] and "{q}" in s["cap_idea_seats"]


def test_naive_position_glosses_the_example_words():
    """The English captions say what the example words mean the first time each is named (加 "add" and 法
    "law/method" in the idea, 十 "ten" as it is swapped in); the Chinese ones need no gloss."""
    d = record("naive_position")
    assert d.words == ("加", "法", "十")
    glosses = {"加": "add", "法": "law/method", "十": "ten"}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("naive_position", lang)
        g = {w: s[f"gloss_{w}"] for w in d.words}
        idea = s["cap_idea"].format(p=12, q=12, w="加", w2="法", d=8, gw=g["加"], gw2=g["法"])
        swap = s["cap_swap_intro"].format(a="十", ga=g["十"])
        assert "十" in swap, lang
        for w, meaning in glosses.items():
            assert (f'"{meaning}"' in g[w]) == (lang == "en") and (lang == "en" or g[w] == ""), (lang, w)
        if lang == "en":  # each gloss beside the word's first mention
            assert 'the word 加 ("add")' in idea and 'E′ = E(法) ("law/method")' in idea and '十 ("ten")' in swap
            assert idea.index('("add")') < idea.index("E(加)")


def test_naive_position_ghost_is_legible_in_both_themes():
    """The faded 1152 bar is outlined in ④'s colour (≥ 3:1 against the background and against its own fill) and
    its value is ④'s colour on a card of the background (≥ 4.5:1), in the light and the dark theme."""
    from look import Look
    from look.colour import contrast
    from scenes.naive.ghost import ghost_fill

    for theme in ("light", "dark"):
        pal = Look(theme, "en").palette
        ink = pal.bad  # term_colors[3] (scenes.naive_position)
        assert contrast(ink, pal.background) >= 4.5, theme
        assert contrast(ink, ghost_fill(ink, pal.background)) >= 3.0, theme


def test_naive_position_verdicts_read_like_the_caption():
    """The conclusion's two verdicts (seat numbers: ④ = p q d = 1152; sin/cos: ④ ≤ d/2 = 4) are set at least as
    large as the caption: their formulas' digits as tall as the caption's, their heads' Chinese as tall as the
    caption's; and in colours at 7:1 against the background in both themes (④'s colour lifted toward the ink
    on dark, look.colour.legible), so the dark Chinese ending reads as well as the light English one."""
    from look import Look
    from look.colour import contrast, legible
    from scenes.naive.summary import HEAD, VERDICT
    from scenes.parts.lecture import LectureScene
    from scenes.parts.textcache import math_tex, text

    cap = LectureScene.caption_size
    for lang in ("en", "zh-Hant"):
        font = Look("dark", lang).font
        assert math_tex("1152", font_size=VERDICT).height >= 0.99 * text("1152", font=font, font_size=cap).height
        head = strings("naive_position", lang)["concl_seat_head"]
        assert text(head, font=font, font_size=HEAD, weight="BOLD").height >= text(head, font=font, font_size=cap).height
    for theme in ("light", "dark"):
        pal = Look(theme, "zh-Hant").palette
        for color in (pal.bad, pal.accent):  # ④'s colour (term_colors[3]) and sin/cos's
            lifted = legible(color, pal.background, pal.ink)
            assert contrast(lifted, pal.background) >= 7.0, (theme, color)
            if contrast(color, pal.background) >= 7.0:
                assert lifted == color  # a colour that reads already is left as it is
    dark = Look("dark", "zh-Hant").palette
    assert contrast(dark.bad, dark.background) < 7.0 <= contrast(legible(dark.bad, dark.background, dark.ink), dark.background)


def test_naive_position_cues_have_no_orphans():
    """Every caption cue that takes two lines ends on more than a word or two (English) and not on a lone
    number (Chinese); no cue writes a dot the caption font lacks."""
    import re

    from scenes.parts.cues import cues

    d = record("naive_position")
    v = dict(p=12, q=12, w=d.words[0], w2=d.words[1], d=d.d_model, t4="1152", c="0.795", tot="1161.233", c1="0.795", c2="0.129",
             s1="−3.750", s2="−18.495", hb="d/2 = 4", t1="1152", t2="4.000", u4="4.000", u3="2.318", u2="0.240", share="1.93", ne="1.3", ne2="1.8", npe="2",
             a=d.words[2], a0=d.words[0], b=d.words[1], top="10", q2=10, s="2.564", bound=4, back="3.78", g=6,
             share0="9.84", raw0="0.07", why="", raw="0.01", helps="", n=d.sincos_bound, r="242", pd="96",
             s3=fmt_num(d.linear_terms[1, 2], 3),  # the linear step's ③ (scenes.naive.linear)
             k0=int(d.att_seats[0]), k1=int(d.att_seats[-1]),  # the softmax row's first and last key seats
             wmax=fmt_num(d.att_weights_sincos.max(), 3), at=int(d.att_seats[d.att_weights_sincos.argmax()]),  # its sin/cos leader
             lo=fmt_num(d.att_scores_seats.min(), 0), hi=fmt_num(d.att_scores_seats.max(), 0),  # its scores with seats
             n1=int(d.frac_lengths[0]), n2=int(d.frac_lengths[1]), seat=int(d.frac_seat),  # the p/N step's sentences
             a1=fmt_num(d.frac_steps[0], 1), a2=fmt_num(d.frac_steps[1], 2), v1=fmt_num(d.frac_values[0], 1),
             v2=fmt_num(d.frac_values[1], 2), mp=256, mk=64,  # the many pairs' curve and its divisor
             own=10, t4own="1.414", t4top="0.906", cm="③", tc="0.795")  # the sin/cos scores split (scenes.naive.scoresplit)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        v["why"] = strings("naive_position", lang)["why_full_turn"].format(g=6)
        v["t1"] = "1152"
        v["gw"], v["gw2"], v["ga"] = (strings("naive_position", lang)[f"gloss_{w}"] for w in d.words)
        v["omegas"], v["omegas_zh"] = "1, 1/10, 1/100 and 1/1000", "1、1/10、1/100、1/1000"
        v["helps"] = strings("naive_position", lang)["sincos_helps"].format(c="0.129")
        v["cdesc"] = strings("naive_position", lang)["cross_3"]
        v["step"] = strings("naive_position", lang)["cap_step_fixed"].format(**{**v, "s1": "3.535"})  # the fixed step
        for key, text in strings("naive_position", lang).items():
            if not key.startswith("cap_"):
                continue
            for cue in cues(text.format(**v).strip(), lang):
                assert "⋅" not in cue and "・" not in cue, (lang, key, cue)
                lines = cue.split("\n")
                if len(lines) < 2:
                    continue
                if lang == "en":
                    assert len(lines[-1].split()) > 2, (key, cue)
                else:
                    assert not re.fullmatch(r"[−\d.,%\s]+[，。、：；]?", lines[-1]), (lang, key, cue)


def test_rope_score_keeps_only_the_gap():
    d = record("rope_rotation")
    gaps = d.keyframes[:, 0] - d.keyframes[:, 1]
    for g in set(gaps.tolist()):  # "the score stays ...: only m − n counts"
        same = d.keyframe_scores[gaps == g]
        assert len({fmt_num(v, 4) for v in same}) == 1
    assert len({fmt_num(v, 4) for v in d.keyframe_scores}) > 1  # "change the gap and the score changes"
    grid = d.score_grid
    for k in range(-grid.shape[0] + 1, grid.shape[0]):  # every diagonal of the (m, n) table has one value
        diag = np.diagonal(grid, offset=-k)
        assert np.ptp(diag) < 1e-12
    # absolute PE: moving both positions by the same amount changes the score
    stops = [i for i, g in enumerate(gaps) if g == gaps[1]]
    assert len({fmt_num(d.absolute_scores[i], 4) for i in stops}) == len(stops)


def test_attention_heatmap_softmax_and_context():
    d = record("attention_heatmap")
    i, j = d.cell
    assert np.all(d.A[d.mask] == 0)  # "× = future position: weight exactly 0"
    assert np.allclose(d.A.sum(axis=1), 1.0)
    assert np.isclose(d.A[i, j], d.exp_scores[i, j] / d.exp_row_sums[i])  # the unpacked α = e^z / Σe^z
    assert np.isclose(d.exp_scores[i, j], np.exp(d.scores[i, j]))
    assert np.allclose(d.x, d.A[-1] @ d.V.T)  # x = Σ_j α_5j v_j
    assert np.allclose(d.terms.sum(axis=0), d.x)


def test_attention_heatmap_second_head_asks_and_answers():
    """The second head: A_Q ≠ A_K make the score table asymmetric; the captions' pair, mask and x."""
    from engine.toy import ASK_K, ASK_Q, EMBEDDINGS
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a, (i, j) = d.asking, d.asking_pair
    assert np.allclose(d.scores, d.scores.T)  # the first head (A_Q = A_K = I) cannot tell asking from answering
    assert not np.array_equal(a.A_Q, a.A_K)  # "queries and keys now get different matrices"
    assert not np.allclose(a.Q, a.K)  # "the same word points one way when it asks (q) and another way (k)"
    assert np.array_equal(a.V, d.V)  # "same values, new weights"
    # "'cat' asks and 'the' answers: z = −2.1213. Swap the roles and z = 0.7071", by hand from the embeddings
    q = lambda w: np.array(ASK_Q) @ np.array(EMBEDDINGS[w])  # noqa: E731
    k = lambda w: np.array(ASK_K) @ np.array(EMBEDDINGS[w])  # noqa: E731
    assert (a.tokens[i], a.tokens[j]) == ("cat", "the") and j < i
    assert np.isclose(a.scores[i, j], q("cat") @ k("the") / np.sqrt(2))
    assert np.isclose(a.scores[j, i], q("the") @ k("cat") / np.sqrt(2))
    assert fmt_num(a.scores[i, j], 4) != fmt_num(a.scores[j, i], 4)  # "no longer symmetric"
    assert np.isclose(d.asking_gap, a.scores[i, j] - a.scores[j, i])
    gap = np.abs(a.scores - a.scores.T)
    assert np.isclose(gap[i, j], gap.max())  # the pair pointed at is the most asymmetric one
    # "the mask hides (1, 2): 'the' comes first and may not look ahead"
    assert a.mask[j, i] and a.A[j, i] == 0 and not a.mask[i, j]
    assert np.all(a.A[a.mask] == 0) and np.allclose(a.A.sum(axis=1), 1.0)  # "every row sums to 1"
    assert np.allclose(a.x, a.A[-1] @ a.V.T) and np.allclose(a.terms.sum(axis=0), a.x)
    assert fmt_num(a.x[0], 4) != fmt_num(d.x[0], 4)  # "the second head gives (y1, y2), the first still (x1, x2)"
    assert np.all((a.A[-1] > 0) & (a.A[-1] < 1))  # each arrow is shortened by its weight
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert "{zij}" in STRINGS[lang]["cap_ask_pair"] and "{zji}" in STRINGS[lang]["cap_ask_pair"]


def test_attention_heatmap_heads_side_by_side():
    """The two heads belong to one layer: "their outputs are stacked into one vector of four numbers,
    and the output projection mixes it back to two: o = (o1, o2)"; no caption says a head replaces
    another. Checked by hand here, not with the engine's concat_heads."""
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    stacked = np.array([*d.x, *d.asking.x])
    assert d.heads_concat.shape == (4,) and np.allclose(d.heads_concat, stacked)  # four numbers, both heads
    assert d.layer_out.shape == (2,)  # "back to two"
    o = [sum(d.W_O[r, c] * stacked[c] for c in range(4)) for r in range(2)]
    assert [fmt_num(v, 4) for v in d.layer_out] == [fmt_num(v, 4) for v in o] == ["0.8304", "0.7508"]
    assert not np.allclose(d.layer_out, d.x) and not np.allclose(d.layer_out, d.asking.x)  # both heads count
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        assert "{o1}" in s["cap_project"] and "{o2}" in s["cap_project"]
        assert "{y1}" in s["cap_ask_summary"]  # x′ is named; x stays on screen beside it from its own section
    text = " ".join(v for k, v in STRINGS["en"].items() if k.startswith("cap_")).lower()
    assert "side by side" in text and "replace" not in text and "moves from" not in text


def test_attention_heatmap_names_what_it_computes():
    """The wording: every row gets its own context vector and the scene follows the last one; the
    second head differs "with these query and key matrices" (A_Qᵀ A_K is not symmetric, so no claim
    about every pair of different matrices); the two heads' outputs are x and x′ in every caption and
    in the stacked vector; o is the attention output (not "the layer's output"), made by this toy's W_O,
    which averages the heads; both heads use the same value vectors here (A_V = I); the repeated word's
    two weights are equal."""
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a = d.asking
    n = len(d.tokens)
    assert d.C.shape == (2, n) and len({tuple(np.round(d.C[:, r], 4)) for r in range(n)}) > 1  # one x per row
    assert np.allclose(d.C[:, -1], d.x)  # "here the last row's, x"
    m = a.A_Q.T @ a.A_K
    assert not np.allclose(m, m.T)  # why these matrices make asking differ from answering
    assert np.allclose(d.A_Q.T @ d.A_K, (d.A_Q.T @ d.A_K).T)  # the first head: symmetric, so z_ij = z_ji
    assert np.allclose(d.heads_concat, [*d.x, *a.x])  # (x; x′): the first head's x on top
    for lang, row, every in (("en", "Row {r}", "each row"), ("zh-Hant", "第 {r} 列", "每一列"), ("zh-Hans", "第 {r} 行", "每一行")):
        s = STRINGS[lang]  # row r's context vector is the one built; each other row is said to do the same
        assert row in s["cap_context"] and every in s["cap_context"]
        assert "h2 = ({y1}, {y2})" in s["cap_ask_summary"] and "cap_ask_first" not in s  # h1 is not said twice
        assert "h1" in s["cap_mix"] and "h2" in s["cap_mix"] and s["cap_ask_sum"].rstrip("。.").endswith("h2")
        assert "₁" not in " ".join(s.values()) and "₂" not in " ".join(s.values())  # the caption faces' own digits
        assert "x′" not in s["cap_mix"] + s["cap_ask_sum"] + s["cap_concat"] + s["cap_project"]  # x₅ is the only x
        assert "o" in s["layer_out"]
    en = STRINGS["en"]
    assert en["layer_out"] == "the attention output o" and "layer's output" not in " ".join(en.values())
    assert "output projection" in en["cap_project"] and "own weighted mix" in en["cap_close"] and "attention output o" in en["cap_project"]
    # "this toy's output projection averages the two heads": o = (x + x′) / 2, said of this toy only
    assert np.allclose(d.layer_out, (d.x + a.x) / 2) and "This toy's" in en["cap_project"]
    # "both heads share the same value vectors; a real model gives each head its own" (true for any A_V: one
    # value matrix for both heads in this toy), said and written on screen ("the same value vectors as head 1")
    assert "same value vectors" in en["cap_ask_sum"] and "its own" in en["cap_ask_sum"] and np.allclose(a.V, d.V)
    assert all(w in STRINGS[lang]["cap_ask_sum"] for lang, w in (("zh-Hant", "自己的值矩陣"), ("zh-Hans", "自己的值矩阵")))
    assert en["same_values"] == "the same value vectors as head 1"
    # "both 'the' tokens share one key, one value and no position. So their weights are equal, 0.2368 each"
    assert d.tokens[0] == d.tokens[-1] and np.allclose(d.E[:, 0], d.E[:, -1])
    assert np.allclose(d.K[:, 0], d.K[:, -1]) and np.allclose(d.V[:, 0], d.V[:, -1])
    assert fmt_num(d.A[-1, 0], 4) == fmt_num(d.A[-1, -1], 4) == "0.2368"
    assert all("{v}" in STRINGS[lang]["cap_order"] for lang in ("en", "zh-Hant", "zh-Hans"))
    # "'cat' also gets 0.2368, not by chance: its key differs, but it scores the same as 'the'" (0.7071 both)
    assert d.tokens[1] == "cat" and fmt_num(d.A[-1, 1], 4) == "0.2368" and not np.allclose(d.K[:, 1], d.K[:, 0])
    assert np.isclose(d.Q[:, -1] @ d.K[:, 1], 1.0) and np.isclose(d.Q[:, -1] @ d.K[:, 0], 1.0)  # (0,1)·(2,1) = (0,1)·(0,1)
    assert fmt_num(d.scores[-1, 1], 4) == fmt_num(d.scores[-1, 0], 4) == "0.7071"
    assert all("{w}" in STRINGS[lang]["tie"] and "{kw}" in STRINGS[lang]["tie"] for lang in ("en", "zh-Hant", "zh-Hans"))
    # not chance: the toy's embeddings give 'cat' and 'the' the same dim 2 (= 1), the only dim the query (0, 1) reads
    assert "not by chance" in en["tie"] and "only by chance" not in en["tie"]
    assert "並非巧合" in STRINGS["zh-Hant"]["tie"] and "并非巧合" in STRINGS["zh-Hans"]["tie"]
    assert all(k in STRINGS[lang]["tie"] for k in ("{j}", "{c}") for lang in ("en", "zh-Hant", "zh-Hans"))
    assert np.isclose(d.E[1, 1], d.E[1, 0]) and np.isclose(d.E[1, 1], 1.0) and np.count_nonzero(d.Q[:, -1]) == 1
    assert np.flatnonzero(d.Q[:, -1]).tolist() == [1]
    # "its key (2, 1) differs from the key (0, 1) of 'the', but the query (0, 1) scores both the same"
    from scenes.attention.strings import vec2
    assert (vec2(d.K[:, 1]), vec2(d.K[:, 0]), vec2(d.Q[:, -1])) == ("(2, 1)", "(0, 1)", "(0, 1)")
    assert all(k in STRINGS[lang]["tie"] for k in ("{kt}", "{ka}", "{q}") for lang in ("en", "zh-Hant", "zh-Hans"))
    assert "visible weights" in en["cap_sums"] and (d.A[~d.mask] > 0).all()
    # "here the product of the query and key matrices is not symmetric": A_Qᵀ A_K, not A_Q ≠ A_K alone
    assert "Here the product of the query and key matrices is not symmetric" in en["cap_ask_table"]
    assert "乘積不對稱" in STRINGS["zh-Hant"]["cap_ask_table"]
    assert "乘积不对称" in STRINGS["zh-Hans"]["cap_ask_table"]
    # "so when 'the' asks in row 5, both get 0.2368: row 5's weights cannot tell the two 'the' apart": said of
    # row 5's weights only; under the causal mask rows 1 and 5 still get different outputs (both on screen)
    assert "Row {r}'s weights cannot tell" in en["cap_order"] and "attention cannot" not in en["cap_order"]
    assert all("{r}" in STRINGS[lang]["cap_order"] for lang in ("en", "zh-Hant", "zh-Hans"))
    assert fmt_num(d.C[0, 0], 4) != fmt_num(d.C[0, -1], 4) or fmt_num(d.C[1, 0], 4) != fmt_num(d.C[1, -1], 4)
    assert np.allclose(d.C[:, 0], d.V[:, 0]) and np.allclose(d.C[:, -1], d.x)  # row 1 = v1, row 5 = x
    # "as queries, the two are still told apart by the causal mask. Row 1 sees only itself, row 5 sees all 5"
    assert (~d.mask[0]).sum() == 1 and (~d.mask[-1]).sum() == len(d.tokens) == 5
    assert "As queries, the two are still told apart by the causal mask. Row {ra} sees {sa}, row {rb} sees {sb}." in en["cap_order"]
    assert en["sees_self"] == "only itself" and en["sees_all"] == "all {k}"
    for lang, mark, mask in (("zh-Hant", "第 {ra} 列{sa}", "因果遮罩分得出"), ("zh-Hans", "第 {ra} 行{sa}", "因果掩码分得出")):
        assert mask in STRINGS[lang]["cap_order"] and mark in STRINGS[lang]["cap_order"]
        assert STRINGS[lang]["sees_self"] == "只看得到自己" and "全部 {k}" in STRINGS[lang]["sees_all"]
    assert "With different" not in " ".join(en.values())
    for lang, words in (("zh-Hant", ("輸出投影", "加權和", "注意力輸出 o")), ("zh-Hans", ("输出投影", "加权和", "注意力输出 o"))):
        said = STRINGS[lang]["cap_project"] + STRINGS[lang]["cap_close"]
        assert all(w in said for w in words) and "這一層的輸出" not in STRINGS[lang]["cap_mix"]
    # the worked cells, the softmax and the row sums each have a caption of their own
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        assert "{i}" in s["cap_cell"] and "{i}" in s["cap_alpha"] and "1" in s["cap_sums"]
        assert "softmax" in s["cap_softmax"].lower() and "1" not in s["cap_softmax"]  # "sums to 1" waits for the sums
        assert "softmax" in s["cap_ask_softmax"].lower() and "softmax" not in s["cap_ask_mask"].lower()


def test_attention_heatmap_symmetry_is_explained():
    """"Head 1 used I for queries and keys alike, so its table was symmetric"; "this head's
    the product of the query and key matrices is not symmetric: (2, 1) = −2.1213 but (1, 2) = 0.7071, so
    asking differs from answering" — at the pair's 4 decimals, and the lead only when it is true."""
    from scenes.attention.strings import STRINGS
    from scenes.attention.table import AttentionTable

    d = record("attention_heatmap")
    a, (i, j) = d.asking, d.asking_pair
    assert np.array_equal(d.A_Q, np.eye(2)) and np.array_equal(d.A_K, np.eye(2))  # one matrix, I
    assert np.array_equal(d.Q, d.K) and np.allclose(d.scores, d.scores.T)  # so q = k and z_ij = z_ji
    m = a.A_Q.T @ a.A_K
    assert not np.allclose(m, m.T)  # "the product of the query and key matrices is not symmetric"
    assert (i + 1, j + 1) == (2, 1)
    assert fmt_num(a.scores[i, j], 4) == "\u22122.1213" and fmt_num(a.scores[j, i], 4) == "0.7071"
    assert fmt_num(a.scores[i, j], 4) != fmt_num(a.scores[j, i], 4)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        assert all(k in s["cap_ask_table"] for k in ("{i}", "{j}", "{zij}", "{zji}"))
    # "head 1 used I for queries and keys alike, so its table was symmetric" (the contrast, in a cue of its own)
    assert STRINGS["en"]["cap_ask_table"].startswith("Head 1 used I for queries and keys alike, so its table was symmetric.")
    assert "共用矩陣 I" in STRINGS["zh-Hant"]["cap_ask_table"] and "共用矩阵 I" in STRINGS["zh-Hans"]["cap_ask_table"]
    assert [STRINGS[lang]["x_was"].format(r=5) for lang in ("en", "zh-Hant", "zh-Hans")] == [
        "head 1, row 5", "頭 1，第 5 列", "头 1，第 5 行"]  # h₁ is row 5's output of head 1
    # the ending says only what it draws: no subspaces or learned projection (never drawn)
    assert "subspace" not in STRINGS["en"]["cap_close"] and "子空間" not in STRINGS["zh-Hant"]["cap_close"]
    # token j has one colour in both heads: the scene's one mapping, distinct for the five tokens
    from look import Look

    for theme in ("light", "dark"):
        colors = AttentionTable.token_colors(type("T", (), {"pal": Look(theme=theme).palette})(), 5)
        assert len(set(colors)) == 5, theme


def test_attention_heatmap_last_row_across_heads():
    """"Row 5, 'the' asking: 'cat' gets 0.2368 from the first head but 0.3748 from this one. Other
    query and key matrices, other weights": the same word asks in both heads, the row is visible in both
    (no mask on row 5), the word named is the one that gains most, and only the query and key
    matrices differ between the heads (same embeddings, same values)."""
    from scenes.attention.rows import row_gain
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a, n = d.asking, len(d.tokens)
    r = n - 1
    assert not d.mask[r].any() and not a.mask[r].any()  # every cell of the last row is visible
    k = row_gain(d.A[r], a.A[r])
    assert (r + 1, a.tokens[r], a.tokens[k]) == (5, "the", "cat")
    assert fmt_num(d.A[r, k], 4) == "0.2368" and fmt_num(a.A[r, k], 4) == "0.3748"
    assert np.isclose(a.A[r, k] - d.A[r, k], (a.A[r] - d.A[r]).max())  # the largest gain in the row
    assert np.array_equal(a.E, d.E) and np.array_equal(a.V, d.V)  # the same words and values
    assert not np.array_equal(a.A_Q, d.A_Q) and not np.array_equal(a.A_K, d.A_K)  # "other query and key matrices"
    assert "query and key" in STRINGS["en"]["ask_why_other"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert all(f"{{{key}}}" in STRINGS[lang]["cap_ask_row"] for key in ("kw", "a1", "a2", "why"))
    # what head 2 attends to: 'the' scores word j by w·e_j/√2 with w = A_Kᵀ A_Q e5 = (1, −1), dim 1 minus dim 2
    # ('cat' first, both 'the' last); head 1 by e5 = (0, 1), dim 2 alone (where 'the', 'cat', 'the' tie)
    from scenes.attention.rows import score_rule

    e = d.E[:, r]
    w2, w1 = a.A_K.T @ a.A_Q @ e, d.A_K.T @ d.A_Q @ e
    np.testing.assert_allclose(a.scores[r], w2 @ d.E / np.sqrt(2), atol=1e-12)
    np.testing.assert_allclose(d.scores[r], w1 @ d.E / np.sqrt(2), atol=1e-12)
    assert (score_rule(w2), score_rule(w1)) == ("1-2", "2")
    assert int(np.argmax(a.A[r])) == k and {a.tokens[c] for c in np.flatnonzero(np.isclose(a.A[r], a.A[r].min()))} == {"the"}
    why = STRINGS["en"]["ask_why_rule"].format(w="the", kw="cat", lw="the", rule2=STRINGS["en"]["rule_1-2"],
                                               rule1=STRINGS["en"]["rule_2"])
    assert "dim 1 minus dim 2. So 'cat' comes first and 'the' last." in why and "dim 2 alone" in why
    # the ranking is this query's, not the head's: another row ranks the keys otherwise (row 3: 'sat' above 'cat')
    assert why.startswith("For the query 'the',")
    for lang in ("zh-Hant", "zh-Hans"):
        assert "{w}" in STRINGS[lang]["ask_why_rule"].split("{rule2}")[0]
    assert np.argmax(a.A[2, :3]) != np.argmax(a.A[r, :3])


def test_attention_heatmap_asking_shows_in_the_ranking():
    """"Under the mask only one cell of each pair is used. What changes row 5 is how 'the' ranks the keys.
    Row 5, 'the' asking, now ranks 'cat' (0.7071) above 'the' (−0.7071); the first head
    gave all three 0.7071" — then "That is why 'cat' gets 0.2368 in the first head but 0.3748 in this one"."""
    from scenes.attention.rows import rank_change, row_gain
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a, n = d.asking, len(d.tokens)
    for i in range(n):  # under the causal mask exactly one of (i, j), (j, i) is visible
        for j in range(n):
            if i != j:
                assert a.mask[i, j] != a.mask[j, i]
    r = n - 1
    k = row_gain(d.A[r], a.A[r])
    same, low = rank_change(d.scores[r], a.scores[r], k)
    assert (a.tokens[k], [a.tokens[c] for c in same], same) == ("cat", ["the", "the"], [0, 4])
    assert fmt_num(a.scores[r, k], 4) == "0.7071" and fmt_num(low, 4) == "\u22120.7071"
    assert all(fmt_num(d.scores[r, c], 4) == "0.7071" for c in (k, *same))  # "all three 0.7071"
    assert a.scores[r, k] == a.scores[r].max() and a.scores[r, k] > low  # 'cat' ranked first, above 'the'
    assert fmt_num(d.A[r, k], 4) == "0.2368" and fmt_num(a.A[r, k], 4) == "0.3748"  # "that is why"
    assert np.array_equal(a.V, d.V)  # the same values: only the weights (the ranking) changed
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        assert all(f"{{{key}}}" in s["cap_ask_rank"] for key in ("r", "w", "kw", "ow", "z2", "zo", "z1"))
    # "Under the mask, only one cell of each pair is used. What changes row 5: how 'the' ranks the keys."
    assert STRINGS["en"]["cap_ask_one_way"].format(r=r + 1, w=a.tokens[r]) == (
        "Under the mask, only one cell of each pair is used. What changes row 5: how 'the' ranks the keys.")
    assert " so " not in STRINGS["en"]["cap_ask_one_way"]  # no 'so': the mask does not cancel the asymmetry
    assert "只用到一格" in STRINGS["zh-Hant"]["cap_ask_one_way"] and "只用到一格" in STRINGS["zh-Hans"]["cap_ask_one_way"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert all(f"{{{key}}}" in STRINGS[lang]["cap_ask_one_way"] for key in ("r", "w"))
    assert "That is why" in STRINGS["en"]["cap_ask_row"]


def test_attention_heatmap_ending_on_the_plane():
    """"Stacked, the two heads' outputs make one vector of width 4: first x, then x′"; "the output
    projection maps these 4 numbers back to 2. This toy's projection averages the heads, so
    o = (x + x′)/2 = (0.8304, 0.7508). The arrow o lies halfway between x and x′" (typeset as
    o = (x + x')/2), each cue a whole clause, then the pipeline is recapped on the heat maps, the column,
    W_O and o — the record's W_O is [½I | ½I] (head_mix), o its product with [x; x′]."""
    from scenes.attention.mix import mix_formula, mix_tex
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    assert d.head_mix == (0.5, 0.5) and mix_formula(d.head_mix) == "(h1 + h2)/2"
    assert mix_tex(d.head_mix) == r"o = \frac{h_1 + h_2}{2}"
    mid = (d.x + d.asking.x) / 2
    assert np.allclose(d.layer_out, mid) and np.allclose(d.layer_out, d.W_O @ d.heads_concat)
    assert [fmt_num(v, 4) for v in d.heads_concat] == ["0.6286", "0.7994", "1.0321", "0.7022"]  # x on top
    assert d.heads_concat.size == 4 and d.W_O.shape == (2, 4)  # "4 numbers back to 2"
    assert [fmt_num(v, 4) for v in d.layer_out] == ["0.8304", "0.7508"]
    assert fmt_num(d.x[0], 4) != fmt_num(d.asking.x[0], 4)  # x ≠ x′
    assert not np.allclose(d.A[-1], d.asking.A[-1])  # "their weights differ"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = STRINGS[lang]
        assert "{how}" in s["cap_project"] and "4" in s["cap_concat"]
    assert "width 4: first h1, then h2" in STRINGS["en"]["cap_concat"]
    assert np.allclose(d.W_O, np.hstack([np.eye(2), np.eye(2)]) / 2)  # [½I | ½I]
    assert "averages" in STRINGS["en"]["cap_project"] and "halfway between h1 and h2" in STRINGS["en"]["cap_project"]
    from scenes.parts.cues import cues

    for lang in ("en", "zh-Hant", "zh-Hans"):  # no cue of the ending ends on a colon (a clause cut short)
        text = " ".join(STRINGS[lang][k] for k in ("cap_concat", "cap_project", "cap_close"))
        said = cues(text.format(how=mix_formula(d.head_mix), o1="0.8304", o2="0.7508", d=len(d.x), n=len(d.tokens),
                                r1="0.8304", r2="1.7508"), lang)
        assert not [c for c in said if c.rstrip().endswith((":", "："))], said
    assert all(w in STRINGS[lang]["cap_project"] for lang, w in (("zh-Hant", "中點"), ("zh-Hans", "中点")))



def test_attention_heatmap_closing_cue_is_a_sentence_with_o():
    """The closing cues say what the scene showed, each a full sentence: each head turns the same tokens into its own
    weighted mix, and o is added back to the last token's own vector (the residual), in every language: not its input
    to the next layer, which a residual connection and the feed-forward block stand between. o's value is said once,
    by the projection's cues (cap_project), not again here."""
    from engine.toy import attention_lesson
    from scenes.attention.strings import STRINGS
    from scenes.parts.cues import cues

    d = attention_lesson()
    o1, o2 = (fmt_num(v, 4) for v in d.layer_out)
    for lang, words in (("en", ("Each head", "own weighted mix")), ("zh-Hant", ("每個頭", "加權和")), ("zh-Hans", ("每个头", "加权和"))):
        r1, r2 = (fmt_num(v, 4) for v in d.residual_out)  # x_n + o, drawn head to tail on the plane
        assert np.allclose(d.residual_out, d.residual_in + d.layer_out) and (r1, r2) == ("0.8304", "1.7508")
        text = STRINGS[lang]["cap_close"].format(o1=o1, o2=o2, n=len(d.tokens), r1=r1, r2=r2)
        assert all(w in text for w in words) and f"({o1}, {o2})" not in text, lang
        assert f"({o1}, {o2})" in STRINGS[lang]["cap_project"].format(o1=o1, o2=o2, how="(h1 + h2)/2"), lang  # said there
        # what the scene showed, one sentence a cue, never a fragment: each head's own mix, and o added back to the
        # last token's own vector
        said = cues(text, lang)
        assert len(said) == 3 and all(c.rstrip().endswith((".", "。")) for c in said), lang
        assert f"({r1}, {r2})" in said[-1], lang  # the sum's own cue, as its arrow is drawn
        assert ("added back to token 5's own vector" in text) if lang == "en" else ("加回詞元 5" in text or "加回词元 5" in text), lang
        assert "next layer" not in text and "下一層" not in text and "下一层" not in text, lang

@pytest.mark.render
def test_attention_heatmap_row_and_ending_shown(shared_renders):
    """The last row's comparison and o are on screen as their cues state them (frames.csv)."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    d = record("attention_heatmap")
    a = d.asking
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    rows = [x for x in frames if x.get("row_compare")]
    assert rows and rows[-1]["row_compare"] == f"cat:{d.A[-1, 1]:.6f},{a.A[-1, 1]:.6f}"
    outs = [x for x in frames if x.get("head_mix")]
    assert outs and outs[-1]["head_mix"] == "0.500000,0.500000"
    # "each head mixes the value vectors with its own weights, the last row of its heat map": both heat maps
    # are on screen from the mix section through the closing caption's first cues, their last rows the record's;
    # they make way for e₅ + o, drawn on the plane to the last frame; the last step fills token 5's dim 1 from 0 to
    # e₅ + o's first number
    maps = [x for x in frames if x.get("head_maps")]
    want = ";".join(",".join(f"{v:.6f}" for v in w[-1]) for w in (d.A, a.A))
    assert maps and maps[-1]["head_maps"] == want and any(x.get("showing") == "mix,close" for x in maps)
    assert maps[0]["section"] == "mix" and any(x.get("showing") == "mix,residual" for x in frames)
    assert frames[-1]["showing"] == "mix,payoff" and frames[-1]["payoff_after"] == f"{d.residual_out[0]:.6f}"
    assert frames[-1]["residual_drawn"] == ",".join(f"{v:.6f}" for v in d.residual_out)


@pytest.mark.render
def test_attention_heatmap_first_table_carried(shared_renders):
    """The first head's table stays through the switch: its cells take the second head's scores row by
    row in the ask_table section (every row, frames.csv), after the pair's two scores were stated."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    n = len(record("attention_heatmap").tokens)
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    carried = [x for x in frames if x.get("first_head_carried")]
    assert carried and int(carried[0]["first_head_carried"]) == n and carried[0]["section"] == "ask_table"
    pair = [k for k, x in enumerate(frames) if x.get("pair")]
    assert pair and pair[0] < frames.index(carried[0])


@pytest.mark.render
def test_attention_heatmap_values_share_one_scale(shared_renders):
    """The value vectors of the weighted sum are drawn at one common scale (measured on the drawn
    arrows), the shortest too, so their lengths compare and each α is the fraction of its arrow."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    rows = [x for x in read_frames(folder / "attention_heatmap.frames.csv") if x.get("value_scales")]
    assert rows
    scales = [float(v) for v in rows[-1]["value_scales"].split(",")]
    common = float(rows[-1]["value_common_scale"])
    assert len(scales) == record("attention_heatmap").asking.V.shape[1] == len(record("attention_heatmap").tokens)
    assert all(abs(scale - common) < 2e-3 * common for scale in scales)  # the toy's 'on' = (0, 0.2) too
    # "both heads share the same value vectors" (drawn at one scale, the first head's plane's)
    assert common == float(rows[-1]["first_plot_scale"])
    cues = json.loads((folder / "attention_heatmap.numbers.json").read_text())["cues"]
    said = " ".join(c["text"].replace("\n", " ") for c in cues if c["section"] == "ask_sum")
    assert "same value vectors" in said or "共用一組值向量" in said or "共用一组值向量" in said
    # and on screen while the pieces are scaled: "the same value vectors as head 1"
    assert rows[-1].get("values_note") == "same"


@pytest.mark.render
def test_attention_heatmap_one_plane_to_the_end(shared_renders):
    """One plane of token vectors from the first head's sum to the end: re-scaled in place (out for the second
    head's q and k), off screen while the second head's table fills (no idle copy beside it), and back at the
    first head's own scale for the second head's sum (frames.csv: plane_scale in asking and ask_sum, the last
    one the first head's; none in ask_table)."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    first = [float(x["first_plot_scale"]) for x in frames if x.get("first_plot_scale")]
    scales = {}
    for x in frames:
        if x.get("plane_scale"):
            scales.setdefault(x["section"], []).append(float(x["plane_scale"]))
    assert {"asking", "ask_sum"} <= set(scales) and "ask_weights" not in scales
    table = [x for x in frames if x["section"] == "ask_table"]
    assert table and not table[-1].get("plane_scale")  # faded out as the second head's table fills
    assert first and abs(scales["ask_sum"][-1] - first[-1]) < 1e-3  # the first head's plane, back home
    assert scales["asking"][-1] < first[-1]  # zoomed out: q and k reach past the value vectors
    a = record("attention_heatmap").asking
    assert not np.allclose(a.Q, a.K) and np.allclose(a.V, a.E)  # q and k come out of the words' own arrows


@pytest.mark.render
def test_attention_heatmap_pieces_scaled_with_their_cue(shared_renders):
    """"Each value vector is scaled by its weight in that row": the value arrows shrink to α_nj v_j one by one
    while that caption's first cue is up (it comes once the plane is drawn), all of them before the section's
    last cue ends."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    from scenes.attention.strings import STRINGS

    n = len(record("attention_heatmap").tokens)
    look = scene_look("attention_heatmap")
    folder = shared_renders.folder("attention_heatmap", *look)
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    cues = [c for c in json.loads((folder / "attention_heatmap.numbers.json").read_text())["cues"]
            if c["section"] == "context"]
    flat = lambda t: "".join(t.split())  # noqa: E731
    said = flat(STRINGS[look[1]]["cap_scale"])
    scaled, last = next(c for c in cues if said.startswith(flat(c["text"]))), cues[-1]  # the caption's first cue
    first = next(x for x in frames if x.get("pieces_scaled"))
    assert first["section"] == "context" and scaled["start_s"] <= float(first["time_s"]) < scaled["end_s"]
    done = next(x for x in frames if x.get("pieces_scaled") and int(x["pieces_scaled"]) == n)
    assert float(done["time_s"]) < last["end_s"]


def test_attention_heatmap_why_x_differs():
    """"x′ differs because row 5's own scores differ between the heads, and so do its weights": the last
    row's scores and weights differ at 4 decimals, and the asymmetric pair's cells are not in that row."""
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    a, n = d.asking, len(d.tokens)
    assert [fmt_num(v, 4) for v in d.scores[-1]] != [fmt_num(v, 4) for v in a.scores[-1]]
    assert [fmt_num(v, 4) for v in d.A[-1]] != [fmt_num(v, 4) for v in a.A[-1]]
    assert np.allclose(a.x, a.A[-1] @ a.V.T) and np.allclose(d.x, d.A[-1] @ d.V.T)  # x′ is made of row n alone
    assert n - 1 not in d.asking_pair  # z2,1 and z1,2 take no part in x′
    assert all("{r}" in STRINGS[lang]["cap_ask_why"] for lang in ("en", "zh-Hant", "zh-Hans"))


@pytest.mark.render
def test_attention_heatmap_row_scores_shown(shared_renders):
    """The last row's scores in both heads are on screen with the cue that gives them as the reason x′
    differs (ask_summary), equal to the record's."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    d = record("attention_heatmap")
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    rows = [x for x in read_frames(folder / "attention_heatmap.frames.csv") if x.get("row_scores")]
    assert rows and rows[0]["section"] == "ask_summary"
    shown = [[float(v) for v in row.split(",")] for row in rows[0]["row_scores"].split(";")]
    assert np.allclose(shown, [d.scores[-1], d.asking.scores[-1]], atol=1e-6)


@pytest.mark.render
def test_attention_heatmap_product_shown(shared_renders):
    """"Here the product of the query and key matrices is not symmetric": that product, A_Qᵀ A_K, is on
    screen with the cue (frames.csv), equal to the record's matrices' product and not symmetric."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    a = record("attention_heatmap").asking
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    rows = [x for x in read_frames(folder / "attention_heatmap.frames.csv") if x.get("qk_product")]
    assert rows and rows[0]["section"] == "ask_table"
    shown = np.array([[float(v) for v in row.split(",")] for row in rows[0]["qk_product"].split(";")])
    assert np.allclose(shown, a.A_Q.T @ a.A_K) and not np.allclose(shown, shown.T)


def test_attention_heatmap_wording_of_the_aside():
    """"Unlike real models, this toy adds no positions" (one short sentence, not a two-cue aside); "over the square root of the width
    d = 2, so the typical size of the scores stays the same as the width grows" (written out, no bare
    radical in the caption); the card's "x ≠ x′" has its own cue ("other query
    and key matrices gave x′ ≠ x", true at 4 decimals)."""
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    assert d.E.shape[0] == 2 and np.isclose(d.scores[0, 0], d.dots[0, 0] / np.sqrt(2))
    assert "adds no positions" in STRINGS["en"]["cap_order"] and "real models" in STRINGS["en"]["cap_order"] and "√" not in STRINGS["en"]["cap_scores"]
    assert "d = 2" in STRINGS["en"]["cap_scores"] and "near 1 in size" in STRINGS["en"]["cap_why_sqrt"]
    assert "do not grow" not in STRINGS["en"]["cap_fill"] and "√" not in STRINGS["en"]["cap_fill"]
    # the reason comes after the question: "why divide by √d?" opens the aside that says it
    assert all(STRINGS[lang]["cap_why_sqrt"].index(root) < STRINGS[lang]["cap_why_sqrt"].index(size)
               for lang, root, size in (("en", "square root of d", "near 1 in size"), ("zh-Hant", "d 的平方根", "典型大小"),
                                        ("zh-Hans", "d 的平方根", "典型大小")))
    assert all("√" not in STRINGS[lang]["cap_scores"] + STRINGS[lang]["cap_fill"] and "典型大小" in STRINGS[lang]["cap_why_sqrt"]
               for lang in ("zh-Hant", "zh-Hans"))
    assert "沒有加上位置" in STRINGS["zh-Hant"]["cap_order"] and "没有加上位置" in STRINGS["zh-Hans"]["cap_order"] and "真實模型" in STRINGS["zh-Hant"]["cap_order"]
    assert all("d = 2" in STRINGS[lang]["cap_scores"] for lang in ("zh-Hant", "zh-Hans"))
    assert [fmt_num(v, 4) for v in d.x] != [fmt_num(v, 4) for v in d.asking.x]


def test_signal_decay_claims():
    d = record("signal_decay")
    (s09, s11), (p09, p11) = d.reference_s, d.reference_power
    assert fmt_num(p09, 2) == fmt_num(s09 ** d.n_layers, 2) == "0.04"  # "0.9³⁰ ≈ 0.04"
    assert fmt_num(p11, 1) == "17.4"  # "1.1³⁰ ≈ 17.4"
    assert d.rms_plain[0, -1] < 1e-6  # below 1 the signal is multiplied away
    assert d.rms_plain[-1, -1] > d.explode_at  # "above 1 it explodes"
    inner = d.rms_ln[:, 1:]
    assert 0.999 < inner.min() <= inner.max() < 1.001  # "the row stays level for every s"
    # the caption's formula is the one on screen (y = sWx, typeset there), in the caption font's own glyphs
    assert "y = sWx" in strings("signal_decay")["cap_intro"]
    assert "y = sWx" in strings("signal_decay", "zh-Hant")["cap_intro"]
    # the powers and the explosion in the caption font's own glyphs, the numbers from the record
    from scenes.decay.strings import captions
    caps = captions(d, "en")
    assert f"{d.n_layers} factors of 0.9 multiply to about 0.04" in caps["cap_09"]  # the panel's s³⁰ = 0.0424
    for key in ("cap_slope", "cap_band", "cap_09", "cap_11", "cap_summary"):  # no maths in words, none broken
        assert "to the power" not in caps[key] and "base-10" not in caps[key]
    # "1.09 billion" is the panel's 1.09×10⁹ (3 significant digits), "10.9 億" the same number
    from look.formats import sci_parts
    m, e = sci_parts(float(d.rms_plain[-1, -1]), 3)
    assert (fmt_num(m, 2), e) == ("1.09", 9)
    assert "RMS is 1.09 billion." in caps["cap_up"] and "10.9 億" in captions(d, "zh-Hant")["cap_up"]
    # "one layer alone scales the RMS by 0.76 to 1.42" (at s = 1), yet ℓ layers give exactly s^ℓ × the s = 1 line
    k1 = int(np.argmin(np.abs(d.s_values - 1.0)))
    f = d.rms_plain[k1, 1:] / d.rms_plain[k1, :-1]
    assert (fmt_num(f.min(), 2), fmt_num(f.max(), 2)) == ("0.76", "1.42")
    np.testing.assert_allclose(d.layer_gain, f, rtol=1e-12)  # the gains the scene writes on the s = 1 line
    assert "30 個 0.9 連乘，大約是 0.04" in captions(d, "zh-Hant")["cap_09"]
    from scenes.parts.cues import cues as cut
    for lang, product in (("zh-Hant", "30 個 0.9 連乘"), ("zh-Hans", "30 个 0.9 连乘")):  # never broken across lines
        lines = [line for c in cut(captions(d, lang)["cap_09"], lang) for line in c.split("\n")]
        assert any(product in line for line in lines) and any("大約是 0.04" in line or "大约是 0.04" in line
                                                              for line in lines), lines
    assert "grows" not in caps["cap_grow"] and "extends" in caps["cap_grow"]  # the line falls at s = 0.9
    assert "by 0.76 to 1.42" in caps["cap_wobble"] and "about 0.17 decades at most (layer 21)" in caps["cap_wobble"]
    assert fmt_num(abs(d.wobble[21]), 2) == "0.17" and abs(d.wobble[21]) == d.wobble_max  # written on the plot
    for k, s in enumerate(d.s_values):
        np.testing.assert_allclose(d.rms_plain[k], s ** np.arange(d.n_layers + 1) * d.rms_plain[k1], rtol=1e-9)
    # LayerNorm divides layer ℓ's output by σ; "that σ is exactly s times its value at s = 1, so s cancels"
    np.testing.assert_allclose(d.ln_divisor, d.s_values[:, None] * d.ln_divisor[k1][None, :], rtol=1e-4)
    assert "exactly s times its value at s = 1" in caps["cap_ln_cancel"] and d.ln_level
    assert f"{d.n_layers} 個 1.1 連乘，大約是 17.4" in captions(d, "zh-Hant")["cap_11"]
    # s = 1 is neutral only on average: a typical draw (median of 200) shrinks, this one is a lucky one
    assert "over 200 other draws of W the median path ends near 0.50, this draw at 1.0173" in caps["cap_10"]
    assert fmt_num(d.typical_last_s1, 2) == "0.50" and d.typical_last_s1 < 1 < d.last_plain_s1
    assert d.typical_s1[-1] == d.typical_last_s1 and d.fan_s1.shape == (20, d.n_layers + 1)
    assert "200 組 W 的中位數，最後約為 0.50；這組則是 1.0173" in captions(d, "zh-Hant")["cap_10"]
    # why: a layer's gain keeps the mean square (about 1) while its mean log is negative
    assert "a gain has mean square 1.00" in caps["cap_10_why"] and "this draw's 30 gains" in caps["cap_10_bars"]
    assert abs(d.gain_sq_mean - 1) < 0.01 and d.log_gain_mean < 0
    # the typical gain is the geometric mean (10 to the mean log₁₀ gain): 0.979, and 0.979³⁰ = 0.53 beside the median 0.50
    g = 10 ** d.log_gain_mean
    assert (fmt_num(g, 3), fmt_num(g ** d.n_layers, 2)) == ("0.979", "0.53")
    assert "the geometric mean, is 0.979, and 30 of them multiply to 0.53" in caps["cap_10_geo"]
    # this draw's own gains multiply to its layer-30 RMS (1.0173): near 1 only by luck
    assert fmt_num(float(np.prod(d.layer_gain)), 4) == "1.0173" and "multiply to 1.0173" in caps["cap_10_luck"]
    assert "rms" not in caps["cap_caveat"] and "not every problem of depth" in caps["cap_caveat"]
    # the last cue is the conclusion (the caveat before it); on a log axis a factor s is a step of log s
    assert "drops out" in caps["cap_scope"] and "not every problem" not in caps["cap_scope"]
    assert "multiplies the s = 1 line by s (adds log s on this axis)" in caps["cap_summary"]
    assert "adds a factor" not in caps["cap_summary"]
    # the typical draw's drift is this width's (mean log gain about −1/(2d)): wider layers drift less
    assert f"({d.d} numbers wide): wider layers drift less" in caps["cap_at1"] and d.d == 24
    # the summary's conclusion is exact: the line for s is the s = 1 line times s per layer (no "on average")
    assert strings("signal_decay")["conc_plain"].split("\n")[1:] == ["the s = 1 line", "× s per layer"]
    assert fmt_num(d.gain_sq_mean, 2) in ("1.00", "0.99", "1.01")
    # s is defined where it is first used (the intro), and the line folds down under LayerNorm
    assert "s scales the weights" in caps["cap_intro"] and "s scales" not in caps["cap_sweep"]
    assert "倍率" in captions(d, "zh-Hant")["cap_intro"] and "倍率" not in captions(d, "zh-Hant")["cap_sweep"]
    assert "of 24 numbers" in caps["cap_intro"]
    for lang, words in (("zh-Hant", ("乘上", "大約", "隨機")), ("zh-Hans", ("乘上", "大约", "随机"))):
        lines = [line for key in ("cap_sweep", "cap_intro") for c in cut(captions(d, lang)[key], lang)
                 for line in c.split("\n")]
        assert all(any(w in line for line in lines) for w in words), lines  # each word whole on one line


@pytest.mark.parametrize("params", [{}, {"init": "orthogonal"}, {"layers": 48, "d": 64, "seed": 3},
                                    {"layers": 100, "d": 2, "s_min": 0.1, "s_max": 4.0}])
def test_signal_decay_lines_on_the_log_axis(params):
    """The plain RMS after l layers is the product of the layers, run here by hand; log₁₀ RMS is the
    straight line l·log₁₀ s plus a wobble that is the same for every s (exactly 0 for an orthogonal W),
    and the captions say how straight the line is, as measured."""
    from scenes.decay.strings import captions

    d = catalogue.get("signal_decay").with_params(params).compute()
    layers = np.arange(d.n_layers + 1)
    for k in (0, int(np.argmin(np.abs(d.s_values - 0.9))), len(d.s_values) - 1):
        s, x, by_hand = d.s_values[k], d.x0.copy(), [1.0]
        for w in d.weights:
            x = s * (w @ x)  # (d,)
            by_hand.append(float(np.sqrt(np.mean(x ** 2))))
        np.testing.assert_allclose(d.rms_plain[k], by_hand, rtol=1e-10)
        # the slope on screen is log₁₀ s; the line for s is the s = 1 line tilted by exactly that per layer
        assert d.log_slope[k] == pytest.approx(np.log10(s), abs=1e-15)
        np.testing.assert_allclose(np.log10(d.rms_plain[k]), layers * np.log10(s) + d.wobble, atol=1e-9)
        # "straight to within w decades": the largest distance from l·log₁₀ s, for every s alike
        dist = np.abs(np.log10(d.rms_plain[k]) - layers * np.log10(s))
        assert dist.max() <= d.wobble_max + 1e-9
    assert d.tilt_error < 1e-9
    assert d.wobble[0] == 0.0  # the input has RMS 1: every line starts at log₁₀ RMS = 0
    cap = captions(d, "en")["cap_wobble"]
    layer = int(np.argmax(np.abs(d.wobble)))
    if d.init == "orthogonal":
        assert d.wobble_max < 1e-9 and "lies exactly on the band" in cap
    elif d.wobble_max < 0.5:
        assert f"about {fmt_num(d.wobble_max, 2)} decades at most (layer {layer})" in cap
    else:
        assert f"by layer {layer} the line is {fmt_num(d.wobble_max, 1)} decades from the band" in cap
    # LayerNorm: level at 1 for every s (within 1 %) exactly when the caption says so
    assert d.ln_level == bool(np.all(np.abs(d.rms_ln[:, 1:] - 1) < 0.01))
    assert ("stays level at 1" in captions(d, "en")["cap_ln_cancel"]) == d.ln_level


def test_signal_decay_default_slope_and_wobble_as_printed():
    from scenes.decay.strings import captions

    d = record("signal_decay")
    # the line that tilts is the s = 0.9 line (the grey s = 1 line is the one tilted), in every language
    assert "The s = 0.9 line is the grey line tilted by −0.046 per layer, the panel's slope." in " ".join(
        captions(d, "en")["cap_band"].split())  # log₁₀ 0.9: the panel typesets it as log₁₀ s
    assert "grey line is tilted" not in captions(d, "en")["cap_band"]
    for lang in ("zh-Hant", "zh-Hans"):
        said = "灰線每層再傾斜 −0.046，也就是面板上的斜率，就得到 s = 0.9 的線"
        if lang == "zh-Hans":
            said = said.replace("線", "线").replace("層", "层").replace("傾", "倾").replace("們", "们")
        assert said in captions(d, lang)["cap_band"]
    # the sweep's first cue runs s down to 0.5, where one layer halves the signal: no "a little"
    assert "shrinks by about s per layer" in captions(d, "en")["cap_sweep"] and "a little" not in captions(d, "en")["cap_sweep"]
    assert d.s_values[0] == pytest.approx(0.5)
    assert fmt_num(np.log10(0.9), 3) == "−0.046"
    assert "about 0.17 decades at most" in captions(d, "en")["cap_wobble"] and 0.16 < d.wobble_max <= 0.17


def test_backprop_small_one_step():
    d = record("backprop_small")
    assert np.isclose(d.dy_hat, d.y_hat - d.target)  # "∂L/∂ŷ = ŷ − target"
    assert np.isclose(d.loss, 0.5 * (d.y_hat - d.target) ** 2)
    assert np.allclose(d.w1_new, d.w1 - d.lr * d.dw1) and np.allclose(d.w2_new, d.w2 - d.lr * d.dw2)
    assert d.loss_new < d.loss  # "loss 0.603 → 0.278": one step of learning lowers it
    assert (fmt_num(d.loss, 3), fmt_num(d.loss_new, 3)) == ("0.603", "0.278")
    # the nudge: W2's first weight (the largest |∂L/∂w|, −0.729) moved by 0.01; the re-run's loss
    # changes by −0.00727 and the gradient predicts −0.00729: "its gradient times 0.01 predicts"
    from scenes.backprop.strings import caption_keys, f2, f5

    assert d.nudge_at == (2, 0) and fmt_num(d.nudge_grad, 3) == "−0.729" and fmt_num(d.nudge_w, 2) == "0.80"
    assert (f5(d.dloss_nudge), f5(d.dloss_linear)) == ("−0.00727", "−0.00729")
    # as written: the gradient at its edge's two decimals, the prediction the product of the written numbers
    from scenes.backprop.strings import grad_text, pred_text

    assert (grad_text(d), pred_text(d)) == ("−0.73", "−0.0073") == (f2(d.nudge_grad), fmt_num(d.dloss_linear, 4))
    assert caption_keys(d)["nudge"] == "cap_nudge_close" and caption_keys(d)["again"] == "cap_again"
    # the worked update of that weight: 0.80 − 0.1 × (−0.73) = 0.87, as the edge then shows
    assert fmt_num(d.w2_new[0], 2) == fmt_num(d.nudge_w - d.lr * d.nudge_grad, 2) == "0.87"
    # the backward caption's −1.10 is the output's gradient; the output node shows it
    assert fmt_num(d.dy_hat, 2) == "−1.10" and "output − target = {dy}" in strings("backprop_small")["cap_back_out"]
    # the chain rule, worked for the top hidden node: −1.10 × 0.80 = −0.88 arrives along its edge, and
    # × tanh's slope 1 − a² = 1 − 0.66² = 0.56 gives ∂L/∂z₁ = −0.49 (each rounded product is the rounded value)
    da, s0, dz = d.dy_hat * d.w2[0], 1 - d.a1[0] ** 2, d.dy_hat * d.w2[0] * (1 - d.a1[0] ** 2)
    assert (f2(d.dy_hat, True), f2(d.w2[0]), f2(d.da1[0], True)) == ("−1.10", "0.80", "−0.88")
    assert np.isclose(d.da1[0], da) and np.isclose(d.slope[0], s0) and np.isclose(d.dz1[0], dz)
    assert (f2(d.slope[0]), f2(d.dz1[0], True), f2(d.a1[0])) == ("0.56", "−0.49", "0.66")
    assert [f2(v) for v in d.da1] == ["−0.88", "0.66", "−0.77"] and [f2(v) for v in d.slope] == ["0.56", "0.79", "0.57"]
    # "the gradient at its node times the input it multiplies": −1.10 × 0.66 = −0.73 and −0.49 × 0.90 = −0.44
    assert np.isclose(d.dw2[0], d.dy_hat * d.a1[0]) and f2(d.dw2[0], True) == "−0.73"
    assert np.isclose(d.dw1[0, 0], d.dz1[0] * d.x[0]) and (f2(d.x[0]), f2(d.dw1[0, 0], True)) == ("0.90", "−0.44")
    # the nudge re-run: 0.80 → 0.81, loss 0.603 → 0.596, and the direction the caption names
    assert (f2(d.nudged_w), fmt_num(d.loss_nudged, 3)) == ("0.81", "0.596")
    assert d.dloss_nudge == d.loss_nudged - d.loss and d.nudge_grad < 0 and caption_keys(d)["dir"] == "dir_neg"
    assert d.loss_nudged < d.loss  # "negative: increasing this weight lowers the loss"
    # the same test on a first-layer weight (engine inner_choice: W₁[1, 1] = 0.30, from x₂ to the middle node, not an
    # input's value, its gradient none of the paths section's numbers): ΔL −0.00209 beside its gradient
    # −0.21 × 0.01 = −0.0021, the two equal at the digits the prediction is written with; loss 0.603 → 0.601
    assert d.inner_at == (1, 1, 1) and (f2(d.inner_w), f2(d.inner_nudged_w), f2(d.inner_grad)) == ("0.30", "0.31", "−0.21")
    assert (f5(d.inner_dloss), pred_text(d, d.inner_grad), fmt_num(d.inner_loss_nudged, 3)) == ("−0.00209", "−0.0021", "0.601")
    assert fmt_num(d.inner_dloss, 4) == pred_text(d, d.inner_grad) and d.inner_dloss == d.inner_loss_nudged - d.loss
    # the ending's curve: the same update repeated, 0.603, 0.278, … 0.016 after 5 steps
    assert [fmt_num(v, 3) for v in d.losses] == ["0.603", "0.278", "0.132", "0.064", "0.031", "0.016"]
    assert np.all(np.diff(d.losses) < 0) and "{n} steps" in strings("backprop_small")["cap_curve"]
    # gradients are named with LaTeX (∂, subscripts) on screen; the captions name them in words (the caption font
    # sets ∂ from a fallback face, spaced apart: "∂ L/ ∂ a"), the symbol beside its number on the net
    for lang in ("en", "zh-Hant", "zh-Hans"):
        s = strings("backprop_small", lang)
        assert not any("∂" in v or "ŷ" in v or "₁" in v or "₂" in v for k, v in s.items() if k.startswith("cap_"))
        assert "{g}" in s["d_hidden"] and "{g}" in s["head_new"]
    assert "活化值" in strings("backprop_small", "zh-Hant")["forward"]


@pytest.mark.parametrize("name", ["pe_clock", "permutation", "naive_position", "rope_rotation",
                                  "attention_heatmap", "signal_decay", "backprop_small"])
def test_chinese_labels_are_translated(name):
    """Labels of one word (mean, loss, target, out, head) are not left in English in Chinese renders."""
    for lang in ("zh-Hant", "zh-Hans"):
        for key, text in strings(name, lang).items():
            if key.startswith("cap_"):
                continue
            for word in ("mean", "loss", "target", "output", "head", "bias", "gradient", "activation"):
                assert word not in text.lower().split(), f"{name} {lang} {key}: {text!r}"


def test_naive_position_pairs_explain_the_gap():
    """"Why only p − q": each (sin, cos) pair of PE(p), PE(q) is two points at angles ωᵢp, ωᵢq with ωᵢ = 1, 1/10,
    1/100, 1/1000 (d = 8); their dot product is cos(ωᵢ(p − q)), the pairs add up to ④ (2.564 at p = 12,
    q = 10, the bar's value); ④ rises again, to 3.78 at p − q = 6 (the
    fast ω = 1 pair has turned almost a full circle, 6 ≈ 2π): not a distance, and never called periodic (ω = 1, 1/10, 1/100, 1/1000 do not repeat
    together)."""
    from types import SimpleNamespace

    from engine import sinusoidal
    from engine.naive import sincos_terms
    from engine.positional import denominators, hand_speeds
    from scenes.naive.gapplot import GapPlot
    from scenes.naive.pairdials import omega_text, pair_cosines

    d = record("naive_position")
    assert d.d_model == 8
    np.testing.assert_allclose(hand_speeds(8), [1.0, 0.1, 0.01, 0.001], rtol=1e-12)
    names = [omega_text(v) for v in denominators(8)]
    assert names == ["1", "1/10", "1/100", "1/1000"]
    p, q = int(d.stops[-1, 0]), int(d.stops[-1, 1])  # the seats on screen when the dials come: 12, 12
    q2 = q - 2
    rows = sinusoidal([p, q2], 8)  # (2, 8): sin, cos of each pair side by side
    pairs = (rows[0] * rows[1]).reshape(4, 2).sum(axis=1)  # each pair's share of PE(p)⋅PE(q)
    np.testing.assert_allclose(pairs, np.cos(hand_speeds(8) * (p - q2)), atol=1e-12)
    np.testing.assert_allclose(pair_cosines(p, q2, 8), pairs, atol=1e-12)
    s = fmt_num(float(pairs.sum()), 3)
    assert s == "2.564" and s == fmt_num(float(sincos_terms(d.e_swap, d.e2, p, q2)[3]), 3)
    g, back = GapPlot.gap_back.fget(SimpleNamespace(data=d))
    assert g == 6 and fmt_num(back, 2) == "3.78"
    assert fmt_num(float(sinusoidal([6, 0], 8).prod(axis=0).sum()), 2) == "3.78"  # computed here, not read
    between = d.gap_term4[(d.gaps > 0) & (d.gaps < g)]
    # "the fast pair (ω = 1) has turned almost a full circle, 6 ≈ 2π": its cosine at the gap is near 1 again (0.96),
    # the gap within 0.3 of 2π; it is not the largest of the four (the slow pairs give 0.83, 1.00, 1.00)
    fast = float(np.cos(hand_speeds(8)[0] * g))
    assert fast > 0.9 and abs(g - 2 * np.pi) < 0.3 and fmt_num(fast, 2) == "0.96"
    assert [fmt_num(float(v), 2) for v in np.cos(hand_speeds(8) * g)] == ["0.96", "0.83", "1.00", "1.00"]
    assert GapPlot.back_is_full_turn.fget(SimpleNamespace(data=d, gap_back=(g, back)))
    assert not GapPlot.back_is_full_turn.fget(SimpleNamespace(data=d, gap_back=(4, back)))  # said only when it holds
    assert between.min() < back - 1.5  # it dips first, then climbs back: not falling with the distance
    for lang in ("en", "zh-Hant", "zh-Hans"):
        t = strings("naive_position", lang)
        text = t["cap_pairs"].format(q2=q2, s=s, hb="d/2 = 4", bound=d.sincos_bound, omegas="1, 1/10, 1/100 and 1/1000",
                                     omegas_zh="1、1/10、1/100、1/1000")
        assert all(n in text for n in names) and f"q = {q2}" in text and f"④ = {s}" in text, lang
        assert "cos(ω(p − q))" in text and "ωp" in text and "ωq" in text, lang
        step = t["cap_step_fixed"].format(n1=5, a1="0.2", n2=50, a2="0.02", s1="3.535")  # p/N's step against sin/cos's
        walk = t["cap_sincos_walk"].format(back="3.78", g=6, why=t["why_full_turn"].format(g=6), n=d.sincos_bound, step=step, mp=256, mk=64)
        # the near-return is this toy's (d/2 = 4 pairs), said so, with what many pairs do instead
        assert f"{d.sincos_bound} pairs" in walk or f"{d.sincos_bound} 對" in walk or f"{d.sincos_bound} 对" in walk, lang
        assert "hundreds of pairs" in walk or "幾百" in walk or "几百" in walk, lang
        assert "3.78" in walk and "p − q = 6" in walk and "6 ≈ 2π" in walk, lang
        assert "dominat" not in walk and "起伏最大" not in walk, lang
        assert "not a distance" in walk or "不是距離" in walk or "不是距离" in walk, lang
        assert "ω = 1" in walk and "periodic" not in walk and "週期" not in walk and "周期" not in walk, lang


def test_naive_position_swap_note_shows_the_coordinate_sum():
    """The swap's note shows ΣE before and after (−0.31 → −1.54): ② = q ΣE, so ② jumping from −3.750 to −18.495
    at q = 12 is read off the new word's coordinate sum, in every language."""
    from look import fmt_num

    d = record("naive_position")
    q = int(d.stops[-1, 1])
    assert (fmt_num(float(d.e.sum()), 2), fmt_num(float(d.e_swap.sum()), 2)) == ("−0.31", "−1.54")
    assert d.stop_terms[-1, 1] == pytest.approx(q * d.e.sum(), abs=1e-12)
    assert d.swap_terms[1] == pytest.approx(q * d.e_swap.sum(), abs=1e-12)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert strings("naive_position", lang)["swap_note_sum"] == "ΣE {e1} → {e2}"


@pytest.mark.render
def test_naive_position_holds_the_far_gap_on_the_fast_dial(shared_renders):
    """"The fast pair (ω = 1) has turned almost a full circle (6 ≈ 2π). So ④ is not a distance": through both
    cues the seats are held at p = 11, q = 5 (p − q = 6, ④ = 3.784), the fast pair's dial on screen, a quarter of
    the frame tall, its cosine cos 6 = 0.96; the walk back to 12/12 starts only with the next cue."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    frames = read_frames(folder / "naive_position.frames.csv")
    cues = json.loads((folder / "naive_position.numbers.json").read_text())["cues"]
    turn = next(c for c in cues if "2π" in c["text"])
    distance = next(c for c in cues if "距" in c["text"] or "distance" in c["text"])
    assert cues.index(distance) == cues.index(turn) + 1  # two cues, one clause each
    held = [x for x in frames if turn["start_s"] <= float(x["time_s"]) < distance["end_s"]]
    assert held
    for x in held:
        assert (int(x["p"]), int(x["q"]), int(x["p_minus_q"])) == (11, 5, 6), x["time_s"]
        dials = x["pair_dials"] if isinstance(x["pair_dials"], dict) else json.loads(x["pair_dials"].replace("'", '"'))
        assert dials["cos"][0] == pytest.approx(0.96) and dials["big_dial_height"] >= 8 / 4
    assert fmt_num(float(held[0]["term_4"]), 3) == "3.784"
    after = [x for x in frames if float(x["time_s"]) >= distance["end_s"] and x["section"] == "walk"]
    assert any((int(x["p"]), int(x["q"])) == (12, 12) for x in after)


@pytest.mark.render
def test_attention_heatmap_tie_named_as_keys(shared_renders):
    """"Its key (2, 1) differs from the key (0, 1) of 'the', but the query (0, 1) scores both the same": the
    two arrows are named as keys (k2 for 'cat', k1 = k5 for 'the'; A_K = A_V, so they are the value arrows) for
    every cue of that caption, and named as values again afterwards (frames.csv key_names)."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    d = record("attention_heatmap")
    assert np.allclose(d.K, d.V) and np.allclose(d.K[:, 1], [2, 1]) and np.allclose(d.K[:, 0], [0, 1])
    assert np.allclose(d.K[:, 0], d.K[:, -1]) and np.isclose(d.Q[:, -1] @ d.K[:, 1], d.Q[:, -1] @ d.K[:, 0])
    look = scene_look("attention_heatmap")
    folder = shared_renders.folder("attention_heatmap", *look)
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    cues = json.loads((folder / "attention_heatmap.numbers.json").read_text())["cues"]
    named = [float(x["time_s"]) for x in frames if x.get("key_names") == "k2,k1"]
    assert named
    for c in cues:  # the cues that name a key or say the query scores both the same
        text = c["text"].replace("\n", " ")
        if c["section"] == "summary" and any(w in text for w in ("(2, 1)", "scores both", "同樣的分數", "同样的分数")):
            mid = (c["start_s"] + c["end_s"]) / 2
            assert min(named) <= mid <= max(named), c["text"]
    assert not frames[-1].get("key_names")


def _cue_at(cues, t):
    """The cue on screen at t seconds (numbers.json's cues), or None."""
    return next((c for c in cues if c["start_s"] <= t < c["end_s"]), None)


@pytest.mark.render
def test_attention_heatmap_one_cell_before_the_table(shared_renders):
    """The score table waits empty until one cell is worked out: cell (3, 2)'s derivation is on screen with
    "Cell (3, 2) worked out", its value the first number in the table (score_cells 1), and the other cells
    come only with the next cue, "every other cell is the same product" (score_cells 25)."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    d = record("attention_heatmap")
    n = len(d.tokens)
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    cues = json.loads((folder / "attention_heatmap.numbers.json").read_text())["cues"]
    one = [x for x in frames if x.get("score_cells") == "1"]
    full = [x for x in frames if x.get("score_cells") == str(n * n)]
    unpacked = [x for x in frames if x.get("unpacked", "").startswith("z[")]
    assert one and full and unpacked
    assert float(unpacked[0]["time_s"]) <= float(one[0]["time_s"]) < float(full[0]["time_s"])
    assert all(x["section"] == "scores" for x in one)
    i, j = d.cell
    assert unpacked[0]["unpacked"] == f"z[{i + 1},{j + 1}]={d.scores[i, j]:.6f}"
    said = _cue_at(cues, float(one[0]["time_s"]))["text"].replace("\n", " ")
    assert said.startswith(f"Cell ({i + 1}, {j + 1}) worked out") or f"({i + 1}, {j + 1})" in said
    filled = _cue_at(cues, float(full[0]["time_s"]))["text"].replace("\n", " ")
    assert filled.startswith("Every other cell") or "其他格子" in filled


@pytest.mark.render
def test_attention_heatmap_head1_table_beside_head2(shared_renders):
    """"Head 1 used I for queries and keys alike, so its table was symmetric" is said while head 1's table is on
    screen beside head 2's (head1_mirror), its pair of mirror cells equal to the record's first head: z_ij = z_ji."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    d = record("attention_heatmap")
    (i, j) = d.asking_pair
    folder = shared_renders.folder("attention_heatmap", *scene_look("attention_heatmap"))
    frames = read_frames(folder / "attention_heatmap.frames.csv")
    cues = json.loads((folder / "attention_heatmap.numbers.json").read_text())["cues"]
    rows = [x for x in frames if x.get("head1_mirror")]
    assert rows and rows[0]["section"] == "ask_table"
    assert np.isclose(d.scores[i, j], d.scores[j, i])  # the first head's table is symmetric
    assert rows[0]["head1_mirror"] == f"z[{i + 1},{j + 1}]=z[{j + 1},{i + 1}]={d.scores[i, j]:.6f}"
    said = _cue_at(cues, float(rows[0]["time_s"]))["text"].replace("\n", " ")
    assert said.startswith("Head 1 used I") or "共用矩" in said
    # the product under the table comes after, with the cue that names it
    prod = [x for x in frames if x.get("qk_product")]
    assert float(prod[0]["time_s"]) > float(rows[0]["time_s"])
    said = _cue_at(cues, float(prod[0]["time_s"]))["text"].replace("\n", " ")
    assert "product" in said or "乘積" in said or "乘积" in said


def test_attention_heatmap_says_why_the_mask():
    """The causal mask is given its reason: the model predicts the next token, so no position may look
    at a later one (in every language)."""
    from scenes.attention.strings import STRINGS

    d = record("attention_heatmap")
    assert all(d.mask[i, j] == (j > i) for i in range(len(d.tokens)) for j in range(len(d.tokens)))
    assert "predicts the next token" in STRINGS["en"]["cap_mask"]
    assert "預測下一個詞元" in STRINGS["zh-Hant"]["cap_mask"] and "预测下一个词元" in STRINGS["zh-Hans"]["cap_mask"]


def test_naive_position_pairs_work_out_the_dot_product():
    """"Their dot product is sin(a)sin(b) + cos(a)cos(b) = cos(a − b)": the identity is said (and drawn under the
    dial) in every language, with a = ωp and b = ωq named; for the fast pair at p = 12, q = 10 the first (sin, cos)
    pair of each PE row gives −0.42 = cos 2 both ways."""
    from engine import sinusoidal

    d = record("naive_position")
    p, q = int(d.stops[-1, 0]), int(d.stops[-1, 1]) - 2
    rows = sinusoidal([p, q], d.d_model)  # (2, d)
    (sa, ca), (sb, cb) = rows[0, :2], rows[1, :2]
    assert sa * sb + ca * cb == pytest.approx(np.cos(p - q), abs=1e-12)
    assert fmt_num(float(sa * sb + ca * cb), 2) == "−0.42"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = strings("naive_position", lang)["cap_pairs"]
        assert "sin(a)sin(b) + cos(a)cos(b)" in text and "cos(a − b)" in text, lang
        assert "a = ωp" in text and "b = ωq" in text, lang


@pytest.mark.render
def test_naive_position_bar_four_stays_while_the_dials_make_it(shared_renders):
    """While the dials explain ④ the chart stays on screen, ④'s bar and number with it (never blank while the
    dials work): in every frame with the dials up ④ is drawn, and once the dials' sum is shown at p = 12, q = 10
    it is ④'s number as drawn (2.564)."""
    from studio.build.numbers import read_frames
    from tests.conftest import scene_look

    folder = shared_renders.folder("naive_position", *scene_look("naive_position"))
    frames = [x for x in read_frames(folder / "naive_position.frames.csv") if x["section"] == "sincos"]
    assert not any(str(x.get("term_4_hidden", "")) == "True" for x in frames)
    with_dials = [x for x in frames if x.get("pair_dials") not in (None, "")]
    assert with_dials, "the dials never come"
    for x in with_dials:
        assert x.get("drawn_term_4") not in (None, "")
        dials = x["pair_dials"] if isinstance(x["pair_dials"], dict) else json.loads(x["pair_dials"].replace("'", '"'))
        if (int(x["p"]), int(x["q"])) == (12, 10) and int(dials["q"]) == 10:
            assert fmt_num(float(x["drawn_term_4"]), 3) == fmt_num(dials["sum"], 3) == "2.564"


def test_prenorm_heads_read_every_column_and_their_weights_pick_two():
    """prenorm_block's head split: "each head multiplies all 4 dims of the row by its own 4 × 2 query
    weights; here those weights are 0s and 1s: head 1 picks dims 0–1. Head 2 picks dims 2–3; so here each head's Q
    is just those dims of the row; learned weights would mix all 4" (with 0/1 weights the projection is a slice of
    the input, so the caption must not say otherwise). Checked by hand: Q⁽ʰ⁾ is X̃ (every column) times the record's
    W_Q⁽ʰ⁾, each W_Q⁽ʰ⁾ is 0s and 1s with one 1 a column, on the rows of the dims the caption names."""
    from scenes.prenorm.strings import captions

    d = record("prenorm_block")
    n_heads, width, d_k = d.W_Q.shape
    assert width == d.X_tilde.shape[1] == 4 and d_k == 2  # "all 4 dims", "4 × 2"
    for h in range(n_heads):
        w = d.W_Q[h]  # (d, d_k)
        np.testing.assert_allclose(d.Q[h], d.X_tilde @ w, atol=1e-12)  # the whole row times W
        assert set(np.unique(w)) <= {0.0, 1.0} and np.array_equal(w.sum(axis=0), np.ones(d_k))
        assert [int(np.argmax(w[:, k])) for k in range(d_k)] == list(d.head_dims[h])  # the dims it picks
        np.testing.assert_allclose(d.Q[h], d.X_tilde[:, list(d.head_dims[h])], atol=1e-12)
    caps = {lang: captions(d, lang)["cap_heads"] for lang in ("en", "zh-Hant", "zh-Hans")}
    assert "all 4 dims of the row" in caps["en"] and "4 × 2 query weights" in caps["en"]
    assert "head 1 picks dims 0–1" in caps["en"] and "Head 2 picks dims 2–3" in caps["en"]
    assert "each head's Q is just those dims of the row; learned weights would mix all 4" in caps["en"]
    assert "not the input" not in caps["en"]
    for lang, whole, split in (("zh-Hant", "整列（全部 4 維）", "每個頭的 Q，就是這一列的那幾維"),
                               ("zh-Hans", "整行（全部 4 维）", "每个头的 Q，就是这一行的那几维")):
        assert whole in caps[lang] and "4 × 2" in caps[lang] and split in caps[lang]
        assert "0–1" in caps[lang] and "2–3" in caps[lang] and "只有 0 和 1" in caps[lang]
