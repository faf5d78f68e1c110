"""The positional lesson page's widgets: every interactive piece of seed 001 (lesson 5), in its order.

order    "十五" vs "五十": the same two word vectors in two orders, the pairwise score table and the
         attention outputs per token (station 1, engine.attention.permutation_demo)
naive    the two-slider machine (E + p)·(E′ + q) split into four terms, seat numbers beside sin/cos
         fingerprints (station 2, engine.naive)
seat     the eight hands, the seat's 16 numbers and the whole [32, 16] fingerprint table with the
         seat's row marked (the fingerprint station, engine.positional.fingerprint)
combine  three ways to put a word and a seat together: add, concatenate the seat number, concatenate
         the fingerprint, with their widths (engine.costs.combine_rows, combine_costs)
angles   the hand-angle table: three starts, one gap, every hand (engine.pe_geometry.angle_table)
cost     the T² calculator: the score table and the position table as the sentence grows
         (the "two costs" station, engine.costs.attention_cost)
rope     RoPE's score depends only on m − n (engine.rope.rope_lesson; seed 002 §06)

As in studio.publish.pages.widgets, each builder returns a lookup table over its controls' whole grid,
{"engine": ..., "keys": [...], "states": {key: {field: text}}}, plus fixed data the markup draws once.
"""
from __future__ import annotations

import functools
import math

import numpy as np

from look import fmt_int, fmt_num
from studio.catalogue.order import lesson_widgets
from look.formats import superscript

DEC = 4  # decimals shown, as in the scenes
SEATS = 32  # seed 001: 32 seats, d = 16 (8 hands)
D_MODEL = 16
COST_EXPONENTS = range(0, 18)  # T = 1 … 131,072 tokens (attention_cost's curve reaches 2^17)


def _num(x: float, decimals: int = DEC) -> str:
    return fmt_num(float(x), decimals)


def _row(v, decimals: int = DEC) -> str:
    return "  ".join(_num(x, decimals) for x in np.atleast_1d(v))


def _log_bar(x: float, hi: float) -> str:
    """Bar length in percent for x ≥ 1 on a log10 axis from 1 to 10^hi."""
    return f"{100.0 * min(max(math.log10(x), 0.0), hi) / hi:.2f}" if x >= 1 else "0.00"


# -- station 1: 十五 vs 五十 --------------------------------------------------------------------
def order_widget() -> dict:
    """Two toggles: order a ("十五") or order b ("五十") of the same two word vectors, with or without
    the position vectors PE(0), PE(1) added, through one attention layer; the bag, the score table and
    the outputs, each row labelled by its token. Keys "flip|pos". The page recomputes the four settings
    with static/positional.js (orderLayer, a port of permutation_case's arithmetic, checked against the
    engine in tests/test_pages_positional_browser.py) from the record's vectors, weights and positions;
    the states hold the engine's own values for the same four settings."""
    from engine.attention import permutation_demo

    demo = permutation_demo()
    case = demo.examples[0]
    states = {}
    for flip, tokens, x, scores, out, scores_pe, out_pe in (
            ("0", case.tokens_a, case.x_a, case.scores_a, case.out_a, case.scores_pe_a, case.out_pe_a),
            ("1", case.tokens_b, case.x_b, case.scores_b, case.out_b, case.scores_pe_b, case.out_pe_b)):
        for pos, xs, sc, o in (("0", x, scores, out), ("1", x + case.pe, scores_pe, out_pe)):
            st = {"sentence": "".join(tokens)}
            for i, tok in enumerate(tokens):
                st[f"tok{i}"] = tok
                st[f"x{i}"] = _row(xs[i])
                st[f"out{i}"] = _row(o[i])
                for j in range(len(tokens)):
                    st[f"s{i}{j}"] = _num(sc[i, j])
            states[f"{flip}|{pos}"] = st
    return {"engine": "engine.attention:permutation_demo (ported: static/positional.js orderLayer)",
            "keys": sorted(states), "states": states,
            "n": len(case.tokens_a), "d": demo.d_model,
            "tokens": [list(case.tokens_a), list(case.tokens_b)],
            "x": [case.x_a.tolist(), case.x_b.tolist()], "pe": case.pe.tolist(),
            "w_q": demo.w_q.tolist(), "w_k": demo.w_k.tolist(), "w_v": demo.w_v.tolist(),
            "score_deviation": _num(case.score_deviation), "output_deviation": _num(case.output_deviation),
            "pe_deviation": _num(case.pe_deviation), "clock": _clock_scores()}


def _clock_scores() -> dict:
    """The order's score as the pe_clock video shows it (its record engine.word_order.clock_lesson, d = 16):
    the look-back head's 五 → 十 (look_order), another width and other W_Q, W_K than the widget's d = 8
    layer, so other numbers; the page names both."""
    from engine.word_order import clock_lesson

    o = clock_lesson(SEATS, D_MODEL).look_order
    return {"d": str(D_MODEL), "query": o.query, "key": o.key, "words": _num(o.words_only[0]),
            "pe_a": _num(o.with_pe[0]), "pe_b": _num(o.with_pe[1]),
            "a": "".join(o.tokens_a), "b": "".join(o.tokens_b)}


# -- station 2: the seat-number machine ---------------------------------------------------------
def share_text(percent: float) -> str:
    """A term's share of Σ|terms| as the machine writes it (static/positional.js shareText): one
    decimal from 1 % up, three below (①'s share at seat 12 is hundredths of a percent)."""
    return fmt_num(percent, 1 if percent >= 1 else 3)


def naive_opening(n) -> tuple:
    """Where the seat-number machine opens: the naive_position scene's closing state, the frame its
    poster and last pause show (the swapped-in word n.words[2] at the last stop of the seats' walk).
    (word label, its vector, p, q) from the engine record n (engine.naive.NaivePosition)."""
    p, q = (int(v) for v in n.stops[-1])
    return n.words[2], n.e_swap, p, q


def naive_widget() -> dict:
    """Word select and seats p, q (0 … 31): the four terms of (E + p)·(E′ + q) with the seat number
    added to every number, beside the same words with sin/cos rows PE(p), PE(q) added; each term's
    size |term| as a bar on the scene's fixed log axis (the record's `decades`, the same gridlines as
    the naive_position video; a hollow bar for a negative term, as there), its share of Σ|terms| read out.

    2 words × 32 × 32 seats × 2 machines is too large a table for the page: the page computes the
    terms with static/positional.js (a port of engine.naive.naive_terms and sincos_terms, checked
    against them in tests/test_pages_positional_browser.py); this record holds the engine's word
    vectors at full precision and, as a check, the engine's terms at the opening word and seats, which
    are the video's closing ones (naive_opening)."""
    from engine.naive import naive_position, naive_terms, sincos_terms
    from engine.positional import DEFAULT_BASE

    n = naive_position()
    words = ((n.words[0], n.e), (n.words[2], n.e_swap))  # 加, and 十 in its place
    word, e, p, q = naive_opening(n)
    return {"engine": "engine.naive:naive_terms + engine.naive:sincos_terms (ported: static/positional.js)",
            "keys": [], "states": {}, "max": SEATS - 1, "words": [label for label, _ in words],
            "vectors": [[float(x) for x in v] for _, v in words], "word2": n.words[1],
            "e2": [float(x) for x in n.e2], "d": n.d_model, "base": DEFAULT_BASE, "start": [p, q],
            "word": [label for label, _ in words].index(word), "decades": [int(k) for k in n.decades],
            "check": {"naive": [float(x) for x in naive_terms(e, n.e2, p, q)],
                      "sincos": [float(x) for x in sincos_terms(e, n.e2, p, q)]}}


# -- the fingerprint station ----------------------------------------------------------------------
def seat_widget() -> dict:
    """Seat slider: the eight hands' angles (pe_clock), the seat's 16-number fingerprint row, and the
    whole [32, 16] table coloured on the fixed scale ±1 with the seat's row marked."""
    from engine.positional import fingerprint, hand_angles

    fp = fingerprint(SEATS, D_MODEL)
    seats = np.arange(fp.n_positions)  # (32,)
    angles = np.degrees(hand_angles(seats, fp.d_model, fp.base)) % 360.0  # (32, 8) degrees, folded
    states = {}
    for p in seats:
        state = {"seat": str(int(p)), "valuetext": str(int(p))}
        for h in range(fp.d_model // 2):
            # the drawing's rotation: SVG turns clockwise, the angle is read anticlockwise from 3 o'clock
            # (as in pe_clock and pe_angles), so the hand drawn along +x turns by −angle
            state[f"rot{h}"] = f"{-angles[p, h]:.3f}"
            state[f"deg{h}"] = fmt_num(angles[p, h], 1) + "°"
        for c in range(fp.d_model):
            state[f"pe{c}"] = _num(fp.table[p, c])
        states[str(int(p))] = state
    # the heat map: each cell's sign and its share of the way from the neutral colour to ±1 (percent);
    # its legend: the same colours at five values from the table's least to its greatest (−1 … 1)
    def cell(v):
        return ("p" if v >= 0 else "n", f"{100.0 * min(abs(v), 1.0):.1f}%")

    heat = [[cell(v) for v in row] for row in fp.table]
    stops = np.linspace(-1.0, 1.0, 5) if fp.table.min() < 0 else np.linspace(0.0, 1.0, 5)  # (5,) the colour scale
    legend = [(*cell(v), fmt_num(v, 1)) for v in stops]
    return {"engine": "engine.positional:fingerprint + engine.positional:hand_angles",
            "keys": [str(int(p)) for p in seats], "states": states,
            "hands": fp.d_model // 2, "width": fp.d_model, "max": int(fp.n_positions - 1), "heat": heat, "legend": legend,
            "adjacent": _num(fp.adjacent_distance), "farthest": _num(fp.max_distance),
            "ratio": fmt_int(int(round(fp.speed_ratio)))}


# -- three ways to combine ----------------------------------------------------------------------
def combine_widget() -> dict:
    """Seat slider: the word 加 (8 numbers) and the seat's 8-number fingerprint (4 hands) added,
    with the seat number appended, with the fingerprint appended; and the widths at 8 and 3,584."""
    from engine.costs import combine_costs, combine_rows
    from engine.naive import naive_position

    n = naive_position()
    states = {}
    for p in range(SEATS):
        r = combine_rows(n.e, p)
        st = {"seat": str(p), "valuetext": str(p)}
        for name, vec in (("e", r.word), ("pe", r.fingerprint), ("add", r.add), ("cs", r.concat_seat),
                          ("cf", r.concat_fingerprint)):
            for i, v in enumerate(vec):
                st[f"{name}{i}"] = _num(v, 0) if name == "cs" and i == len(vec) - 1 else _num(v)  # the seat number as a whole number
        states[str(p)] = st
    costs = combine_costs(d_models=(n.d_model, 3584), sources=("001 demo", "001"))
    widths = [{"d": fmt_int(d), "widths": [fmt_int(w) for w in costs.widths[m]],
               "wq": [fmt_int(x) for x in costs.wq_params[m]]} for m, d in enumerate(costs.d_models)]
    return {"engine": "engine.costs:combine_rows + engine.costs:combine_costs", "keys": sorted(states, key=int),
            "states": states, "max": SEATS - 1, "start": 3, "d": n.d_model, "word": n.words[0],
            "widths": widths, "ways": list(costs.ways)}


# -- the angle table ------------------------------------------------------------------------------
def angles_widget() -> dict:
    """Gap slider 1 … 30: the angle each hand turns between seats s and s + gap for three starts
    (seed 001's 2, 11, 28 while they fit), read back from the two (sin, cos) pointers, and gap × speed
    folded to 0 … 180°: every row holds one number three times."""
    from engine.pe_geometry import angle_table

    first = angle_table(d_model=D_MODEL, n_positions=SEATS)
    hands = first.hands
    states = {}
    for gap in range(1, SEATS - 1):
        t = angle_table(gap=gap, d_model=D_MODEL, n_positions=SEATS)
        st = {"gap": str(gap), "valuetext": str(gap)}
        for c in range(3):
            st[f"col{c}"] = f"{t.starts[c]} → {t.ends[c]}" if c < len(t.starts) else ""
            for h in range(len(hands)):
                st[f"a{h}_{c}"] = fmt_num(t.table[h, c], DEC) + "°" if c < len(t.starts) else ""
        for h in range(len(hands)):
            st[f"pred{h}"] = fmt_num(t.predicted[h], DEC) + "°"
        states[str(gap)] = st
    return {"engine": "engine.pe_geometry:angle_table", "keys": sorted(states, key=int), "states": states,
            "max": SEATS - 2, "start": first.gap, "hands": list(hands),
            "speeds": [fmt_num(s, DEC) + "°" for s in first.speeds_degrees],
            "steps": [{"a": a, "b": b, "deg": fmt_num(v, DEC) + "°"}
                      for (a, b), v in zip(first.step_examples, first.step_angles)]}


# -- the two costs --------------------------------------------------------------------------------
def cost_widget() -> dict:
    """Length slider T = 2^k: the T × T score table against the T × 16 position table, their growth
    from 1,024 tokens, and one score table's float32 size (attention_cost, short = 1,024)."""
    from engine.costs import attention_cost

    top = math.ceil(math.log10(4.0 ** max(COST_EXPONENTS)))  # the log10 axis reaches the largest T²
    states = {}
    for k in COST_EXPONENTS:
        c = attention_cost(short=1024, long=2**k, position_width=D_MODEL)
        states[str(k)] = {
            "k": fmt_int(c.long), "valuetext": fmt_int(c.long), "scores": fmt_int(c.long_scores),
            "positions": fmt_int(c.long_positions), "score_ratio": _ratio(c.score_ratio),
            "position_ratio": _ratio(c.position_ratio),
            "bytes": f"{fmt_num(c.long_score_size, 2)} {c.long_score_unit}",
            "bar_scores": _log_bar(c.long_scores, top), "bar_positions": _log_bar(c.long_positions, top),
        }
    return {"engine": "engine.costs:attention_cost", "keys": [str(k) for k in COST_EXPONENTS], "states": states,
            "min": min(COST_EXPONENTS), "max": max(COST_EXPONENTS), "start": 10, "width": D_MODEL,
            "axis": "10" + superscript(top)}


def _ratio(x: float) -> str:
    """× ratio against 1,024 tokens: a whole number with separators, else 1 / n or 4 significant digits."""
    if x >= 1:
        return "× " + (fmt_int(int(round(x))) if float(x).is_integer() else fmt_num(x, 2))
    return "× 1/" + fmt_int(int(round(1 / x))) if float(1 / x).is_integer() else "× " + fmt_num(x, "4s")


# -- RoPE -----------------------------------------------------------------------------------------
ROPE_START = (7, 3)  # m, n the widget opens on: both turned, the gap 4 of the video's (4, 0)


def rope_widget() -> dict:
    """m and n sliders: the RoPE score q(m)·k(n) over the engine's grid and the m − n it depends on,
    beside the score with the position added instead, (q + PE(m))·(k + PE(n)), which changes when
    m and n move together (the contrast rope_rotation draws)."""
    from engine.rope import absolute_pe_score, rope_lesson

    r = rope_lesson()
    g = r.grid_positions  # (G,)
    by_gap = {int(gap): score for gap, score in zip(r.gaps, r.score_by_gap)}
    states = {}
    for m in g:
        for n in g:
            gap = int(m - n)
            m0, n0 = max(gap, 0), max(-gap, 0)  # the same gap, the earlier position at 0
            states[f"{int(m)}|{int(n)}"] = {
                "m": str(int(m)), "n": str(int(n)), "gap": str(gap).replace("-", "\u2212"),
                "score": _num(r.score_grid[m, n]), "gap_score": _num(by_gap[gap]),
                "abs_score": _num(absolute_pe_score(r.q, r.k, int(m), int(n), r.base)),
                "abs_gap_score": _num(absolute_pe_score(r.q, r.k, m0, n0, r.base)),
                "vt_m": f"m = {int(m)}", "vt_n": f"n = {int(n)}",  # each slider's aria-valuetext
            }
    return {"engine": "engine.rope:rope_lesson", "keys": sorted(states), "states": states,
            "max": int(g[-1]), "start": list(ROPE_START)}


POSITIONAL_BUILDERS = {"order": order_widget, "naive": naive_widget, "seat": seat_widget,
                       "combine": combine_widget, "angles": angles_widget, "cost": cost_widget, "rope": rope_widget}
POSITIONAL_WIDGETS = lesson_widgets("positional")  # page order: the lesson's (studio.catalogue.order)


def positional_predictions() -> dict:
    """The numbers the new widgets' predict-then-reveal answers state (text_positional.PREDICT)."""
    from engine.attention import permutation_demo
    from engine.costs import attention_cost, combine_costs
    from engine.naive import naive_position, naive_terms, sincos_terms
    from engine.pe_geometry import angle_table

    case = permutation_demo().examples[0]
    n = naive_position()
    word, e, seat, q = naive_opening(n)  # the widget opens here, on the video's closing frame
    naive, sincos = naive_terms(e, n.e2, seat, q), sincos_terms(e, n.e2, seat, q)  # (4,) each
    c = attention_cost(short=1024, long=32768, position_width=D_MODEL)
    wide = combine_costs(d_models=(3584,))
    t = angle_table(d_model=D_MODEL, n_positions=SEATS)  # seed 001: starts 2, 11, 28, gap 3
    return {
        "order": {"dev": _num(case.score_deviation), "a": "".join(case.tokens_a), "b": "".join(case.tokens_b)},
        "naive": {"p": str(seat), "q": str(q), "word": word, "four": _num(naive[3]), "one": _num(naive[0]),
                  "share": share_text(100 * abs(naive[0]) / np.abs(naive).sum()),
                  "sincos": share_text(100 * abs(sincos[0]) / np.abs(sincos).sum())},
        "combine": {"d": fmt_int(wide.d_models[0]), "concat": fmt_int(wide.widths[0, 2]),
                    "wq_add": fmt_int(wide.wq_params[0, 0]), "wq_concat": fmt_int(wide.wq_params[0, 2])},
        "angles": {"a": str(t.starts[0]), "b": str(t.ends[0]), "c": str(t.starts[-1]), "d": str(t.ends[-1]),
                   "gap": str(t.gap), "first": fmt_num(t.table[0, 0], DEC) + "°", "last": fmt_num(t.table[0, -1], DEC) + "°"},
        "cost": {"short": fmt_int(c.short), "long": fmt_int(c.long), "scores": fmt_int(int(c.score_ratio)),
                 "positions": fmt_int(int(c.position_ratio))},
    }


@functools.lru_cache(maxsize=1)
def conventions() -> dict:
    """{scene, figure or widget: {d, base, pairs, slower}} (base None: a width without a fingerprint):
    the width each piece of the positional page draws with, so the page names it beside the piece.
    A scene or figure's d and base are read from its own engine record (what its numbers file holds:
    seed 001's fingerprint d = 16, seed 002's waves and the seat-number machine d = 8, RoPE d = 4,
    base 100); a widget's from the engine call it is built on."""
    from engine.attention import permutation_demo
    from engine.naive import naive_position
    from engine.positional import DEFAULT_BASE, hand_speeds
    from engine.rope import rope_lesson
    from studio import catalogue
    from studio.build.numbers import record_fields

    def c(d, base):
        if base is None:
            return {"d": str(int(d)), "base": None, "pairs": str(int(d) // 2), "slower": ""}
        speeds = hand_speeds(int(d), base)  # (d/2,) rad per seat
        return {"d": str(int(d)), "base": fmt_int(int(base)), "pairs": str(int(d) // 2),
                "slower": fmt_num(speeds[0] / speeds[1], 2)}

    def field(f, k):
        v = f.get(k)
        return None if v is None else float(np.asarray(v["value"] if isinstance(v, dict) else v))

    out = {}
    for e in catalogue.ENTRIES:
        if e.topic == "positional":
            f = record_fields(e.compute(), {})
            if field(f, "d_model") is not None:
                out[e.name] = c(field(f, "d_model"), field(f, "base"))
    r, layer = rope_lesson(), c(permutation_demo().d_model, DEFAULT_BASE)  # the 十五 layer (its PE: the default base)
    return (out | {n: c(D_MODEL, DEFAULT_BASE) for n in ("seat", "angles", "cost")} | {"order": layer}
            | {n: c(naive_position().d_model, DEFAULT_BASE) for n in ("naive", "combine")} | {"rope": c(len(r.q), r.base)})
