"""The worked-examples page's widgets (seed 003, the toy attention simulator), computed by the engine.

Seed 003's simulator edits freely (any coordinate, any A_Q, A_K, A_V, W, x): no table can hold that,
so the page recomputes with static/toy.js, a port of engine.toy checked against it in Chromium
(tests/test_pages_worked_browser.py). What is fixed is computed here, by the engine, at build time:
the numbers the page opens with (the seed's defaults), the four exercises' answers, and the reorder
table (every order of the prefix, without and with positions added).

    toy        "Tokens → vectors" and "Attention → weighted sum": embeddings, A_Q/A_K/A_V, the score
               table with a cell unpacked, the context vector x = c_n
    wx         "Wx → scores → probabilities": W (3×2), x, scores, softmax, the direction view
    exercises  exercises 01–04 and the reflection, predict then reveal
    reorder    every order of "The cat sat on the", without and with P (positions added)
    guide      the instructor guide and the model's boundaries (words only, text_worked)

Each builder returns {"engine": ..., "states": {...}, ...}; the free widgets have no states (page.js
looks nothing up for them) and carry `fixed`, the engine's formatted numbers at the defaults.
"""
from __future__ import annotations

import itertools

import numpy as np

from look import fmt_num
from studio.catalogue.order import lesson_widgets

DEC = 4  # decimals shown, as the other widgets
SLIDER = {"min": -3.0, "max": 3.0, "step": 0.1}  # embedding coordinate sliders


def _num(x: float, decimals: int = DEC) -> str:
    return fmt_num(float(x), decimals)


def _short(x: float) -> str:
    """A seed number as the seed prints it: 2, −1, 0.4 (no trailing zeros)."""
    s = fmt_num(float(x), 4).rstrip("0").rstrip(".")
    return "0" if s in ("", "\u22120") else s


def _factor(x: float) -> str:
    """A factor of a product: a negative one in parentheses, 1×(−2.0000), as toy.js writes it."""
    s = _num(x)
    return f"({s})" if s.startswith("\u2212") else s


def _vec(v, short: bool = False) -> str:
    f = _short if short else _num
    return "(" + ", ".join(f(x) for x in np.atleast_1d(v)) + ")"


def attention_fixed(t) -> dict:
    """The toy widget's readouts for one ToyAttention record, formatted as toy.js formats them."""
    n = len(t.tokens)
    cells = {}
    for i in range(n):
        for j in range(n):
            cells[f"{i}|{j}"] = "\u00d7" if j > i else _num(t.A[i, j])
            cells[f"z{i}|{j}"] = "" if j > i else _num(t.scores[i, j])
    out = {"cells": cells, "x": _vec(t.x), "row_sums": [_num(s) for s in t.row_sums],
           "outputs": [_vec(t.C[:, i]) for i in range(n)], "terms": [_vec(v) for v in t.terms],
           "weights_last": [_num(a) for a in t.A[-1]]}
    return out


def toy_widget() -> dict:
    """Seed 003 steps 1–2 at the seed's defaults: the lecture prefix, its 2-D embeddings, A = I."""
    from engine.toy import EMBEDDINGS, LECTURE_PREFIX, PERMUTED_PREFIX, attention_lesson

    t = attention_lesson(LECTURE_PREFIX)
    i, j = t.cell
    return {"engine": "engine.toy:toy_attention", "states": {},
            "vocab": {k: list(v) for k, v in EMBEDDINGS.items()},
            "prefixes": {"lecture": list(LECTURE_PREFIX), "permuted": list(PERMUTED_PREFIX)},
            "tokens": list(t.tokens), "slider": SLIDER, "cell": [i, j], "plain_limit": PLAIN_LIMIT,
            "fixed": attention_fixed(t) | {
                "proj": proj_text(t, i, j), "unpack": unpack_text(t.Q[:, i], t.K[:, j], t.dots[i, j], t.scores[i, j], t.A[i, j],
                                      t.scores[i, :i + 1], i, j)}}


PLAIN_LIMIT = 1e15  # above it Σ e^z is a 16-digit number or overflows: the text shows e^(z − m) instead


def unpack_text(q, k, d, z, a, row, i, j) -> str:
    """One cell's calculation as the page writes it (toy.js builds the same string). `row` is the
    cell's visible scores z_i0 … z_ii. While Σ e^z stays below PLAIN_LIMIT: α = e^z / Σ e^z; above it
    (e^z overflows at z ≈ 710) the max-subtracted softmax engine.attention.softmax computes,
    α = e^(z − m) / Σ e^(z − m) with m = max z, so no Infinity / Infinity is shown."""
    row = np.asarray(row, dtype=float)
    with np.errstate(over="ignore"):
        den = float(np.exp(row).sum())
    head = (f"q{i + 1}\u00b7k{j + 1} = {_factor(q[0])}\u00d7{_factor(k[0])} + {_factor(q[1])}\u00d7{_factor(k[1])} = {_num(d)}; "
            f"z = {_num(d)} / \u221a2 = {_num(z)}; ")
    if np.isfinite(den) and den < PLAIN_LIMIT:
        return head + f"\u03b1 = e^z / \u03a3 e^z = {_num(np.exp(z))} / {_num(den)} = {_num(a)}"
    m = float(row.max())
    return head + (f"m = max z = {_num(m)}; \u03b1 = e^(z\u2212m) / \u03a3 e^(z\u2212m) = {_num(np.exp(z - m))} / "
                   f"{_num(float(np.exp(row - m).sum()))} = {_num(a)}")


def proj_text(t, i: int, j: int) -> str:
    """The two matrix products behind cell (i, j) in full: q_i = A_Q e(t_i) and k_j = A_K e(t_j),
    each entry a row of the matrix times the embedding (toy.js builds the same string)."""
    def one(name, sub, M, k):
        e, tok = t.E[:, k], t.tokens[k]
        rows = ", ".join(f"{_factor(M[r, 0])}\u00d7{_factor(e[0])} + {_factor(M[r, 1])}\u00d7{_factor(e[1])}" for r in range(2))
        return f"{name}{k + 1} = A_{sub} e({tok}) = ({rows}) = {_vec(M @ e)}"
    return one("q", "Q", t.A_Q, i) + "; " + one("k", "K", t.A_K, j)


def wx_widget() -> dict:
    """Seed 003 step 3 at the lecture's W and x = (2, 1): s = [4, 1, −1] and the probabilities."""
    from engine.toy import CANDIDATES, LECTURE_W, LECTURE_X, output_scores, toy_attention

    o = output_scores(LECTURE_W, LECTURE_X)
    return {"engine": "engine.toy:output_scores", "states": {}, "W": [list(r) for r in LECTURE_W],
            "x": list(LECTURE_X), "candidates": list(CANDIDATES), "x_attention": toy_attention().x.tolist(),
            "fixed": {"scores": [_num(s) for s in o.scores], "probs": [_num(p) for p in o.probs],
                      "rows": [row_text(o.W[r], o.x, o.scores[r]) for r in range(len(o.scores))]}}


def row_text(w, x, s) -> str:
    """One score as a sum of two products: 1×2 + 2×1 = 4.0000."""
    return f"{_factor(w[0])}\u00d7{_factor(x[0])} + {_factor(w[1])}\u00d7{_factor(x[1])} = {_num(s)}"


def _check(key: str, value: float, label: str, hint: str, **args) -> dict:
    """One number an exercise asks for: the engine's value, and the UI keys of its label and its hint
    (text_worked.UI), filled with `args`."""
    return {"key": key, "value": repr(float(value)), "label": label, "hint": hint, "args": args}


def exercises_widget() -> dict:
    """Exercises 01–04 with the engine's answers: the three scores as sums of products (01), the
    change of each score when x₂ grows by 1 (02), the uniform weights and the average with A_Q = 0
    (03), and x for both orders of the prefix (04). `checks`: every number an exercise asks for, each
    checked on its own (01: the three scores; 02: the mat score's change; 03: α and both coordinates
    of the average; 04 asks a yes or no, answered in words)."""
    from engine.toy import (EMBEDDINGS, LECTURE_PREFIX, LECTURE_W, LECTURE_X, PERMUTED_PREFIX, output_scores,
                            toy_attention, toy_permutation)

    o = output_scores(LECTURE_W, LECTURE_X)
    up = output_scores(LECTURE_W, (LECTURE_X[0], LECTURE_X[1] + 1.0))
    paren = lambda v: f"({_short(v)})" if v < 0 else _short(v)  # noqa: E731  1×2 + (−1)×1
    products = [f"{paren(w[0])}\u00d7{paren(LECTURE_X[0])} + {paren(w[1])}\u00d7{paren(LECTURE_X[1])}" for w in o.W]
    sums = [f"{p} = {_short(s)}" for p, s in zip(products, o.scores)]
    u = toy_attention(LECTURE_PREFIX, A_Q=np.zeros((2, 2)))
    p = toy_permutation(LECTURE_PREFIX, PERMUTED_PREFIX)
    vectors = np.array([EMBEDDINGS[t] for t in LECTURE_PREFIX], dtype=float)  # (5, 2): A_V = I, the values themselves
    coords = [", ".join(_short(v) for v in vectors[:, c]) for c in range(2)]
    return {"engine": "engine.toy:output_scores + toy_attention + toy_permutation", "states": {},
            "answers": {
                "e1": {"sums": "; ".join(sums), "scores": "[" + ", ".join(_short(s) for s in o.scores) + "]",
                       "value": repr(float(o.scores[0])),
                       "checks": [_check(tok, s, "e1_check", "e1_hint", tok=tok, w=_vec(w, short=True), sum=prod)
                                  for tok, w, s, prod in zip(o.candidates, o.W, o.scores, products)]},
                "e2": {"mat": _short(up.scores[0] - o.scores[0]), "rug": _short(up.scores[1] - o.scores[1]),
                       "moon": _short(up.scores[2] - o.scores[2]), "before": _short(o.scores[0]),
                       "after": _short(up.scores[0]), "value": repr(float(up.scores[0] - o.scores[0])),
                       "checks": [_check("mat", up.scores[0] - o.scores[0], "e2_check", "e2_hint", tok=o.candidates[0])]},
                "e3": {"dots": ", ".join(_short(z) for z in u.dots[-1]), "alpha": _short(u.A[-1, 0]),
                       "x": _vec(u.x, short=True), "value": repr(float(u.A[-1, 0])),
                       "checks": [_check("alpha", u.A[-1, 0], "e3_check_alpha", "e3_hint")]
                       + [_check(f"x{c + 1}", u.x[c], f"e3_check_x{c + 1}", "e3_hint_x", c="₁₂"[c], coords=coords[c],
                                 n=len(LECTURE_PREFIX)) for c in range(2)]},
                "e4": {"x_a": _vec(p.x_a), "x_b": _vec(p.x_b), "diff": fmt_num(p.x_difference, "3s")},
            }}


def with_positions(order, pe: np.ndarray):
    """toy_attention on `order` with P added: each position's input is e(token) + P(position), given
    to the engine as one embedding per (token, position)."""
    from engine.toy import EMBEDDINGS, toy_attention

    names = [f"{tok}@{i}" for i, tok in enumerate(order)]
    table = {name: tuple(np.asarray(EMBEDDINGS[tok]) + pe[i]) for i, (name, tok) in enumerate(zip(names, order))}
    return toy_attention(names, embeddings=table)


def reorder_widget() -> dict:
    """Token reorder: every distinct order of 'The cat sat on the' through the causal toy head,
    without P (the seed's toy: a bag) and with P = the sinusoidal rows (sin p, cos p), d = 2, added.

    For each order and setting, the outputs c_i (columns of C) and whether c_i equals the lecture
    order's c_i at the same position under the same setting. Key: "order|p", p = 0 or 1.
    """
    from engine.positional import sinusoidal
    from engine.toy import LECTURE_PREFIX, toy_attention

    n = len(LECTURE_PREFIX)
    pe = sinusoidal(np.arange(n), 2)  # (n, 2)
    run = {0: toy_attention, 1: lambda order: with_positions(order, pe)}
    base = {p: f(LECTURE_PREFIX) for p, f in run.items()}
    states = {}
    for order in sorted(set(itertools.permutations(LECTURE_PREFIX))):
        for p, f in run.items():
            t = f(order)
            state = {}
            for i, tok in enumerate(order):
                same = bool(np.allclose(t.C[:, i], base[p].C[:, i], rtol=0, atol=1e-12))
                state[f"tok{i}"] = tok
                state[f"c{i}"] = _vec(t.C[:, i])
                state[f"same{i}"] = "1" if same else "0"
            state["x"] = _vec(t.x)
            states[f"{' '.join(order)}|{p}"] = state
    return {"engine": "engine.toy:toy_attention (+ engine.positional:sinusoidal, d = 2)", "keys": sorted(states),
            "states": states, "start": " ".join(LECTURE_PREFIX), "n": n,
            "pe": [_vec(row) for row in pe]}


def guide_widget() -> dict:
    """The instructor guide and the model's boundaries: words only (text_worked.GUIDE)."""
    return {"engine": "", "states": {}}


BUILDERS = {"toy": toy_widget, "wx": wx_widget, "exercises": exercises_widget, "reorder": reorder_widget,
            "guide": guide_widget}
WIDGETS = lesson_widgets("worked")  # page order: the lesson's (studio.catalogue.order)
