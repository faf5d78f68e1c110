"""The "seat number" machine: why adding the position as a plain number fails.

Implements seed 001 (lesson 5, second station, "最笨的塞法" and the bar machine): the seat number p is
added to every one of the d = 8 numbers of a word vector, E(加) + 12 for seat 12, and the similarity
of two placed words (E + p·1)·(E′ + q·1) is split into four terms, each drawn to one scale:

    (E + p·1)·(E′ + q·1) = E·E′  +  E·(q·1)  +  (p·1)·E′  +  (p·1)·(q·1)
                         = E·E′  +  q·ΣE_j   +  p·ΣE′_j   +  p·q·d

① content (the two words), ② word E with seat q, ③ seat p with word E′, ④ seat with seat. Term ④
does not depend on the words at all, and it grows like p·q while the content term stays put.

Seed 001's E is the trained [20, 8] embedding matrix of its lesson 3, which the seed does not print.
The word vectors here are therefore stand-ins with the small norms typical of trained embeddings:
entries N(0, emb_scale²) from np.random.default_rng(seed). The identity and the growth of term ④
hold for any vectors.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def naive_terms(e, e2, p: float, q: float) -> np.ndarray:
    """The four terms of (e + p·1)·(e2 + q·1), shape (4,): E·E′, q·ΣE, p·ΣE′, p·q·d.

    Their sum is the total (up to rounding).
    """
    e = np.asarray(e, dtype=float)  # (d,)
    e2 = np.asarray(e2, dtype=float)  # (d,)
    if e.shape != e2.shape or e.ndim != 1:
        raise ValueError("the two word vectors must be vectors of the same width")
    d = e.size
    ones = np.ones(d)  # (d,)
    return np.array([e @ e2, e @ (q * ones), (p * ones) @ e2, (p * ones) @ (q * ones)])  # (4,)


def naive_total(e, e2, p: float, q: float) -> float:
    """(e + p·1)·(e2 + q·1) computed directly, for checking the split."""
    e = np.asarray(e, dtype=float)  # (d,)
    e2 = np.asarray(e2, dtype=float)  # (d,)
    return float((e + p) @ (e2 + q))


def sincos_rows(positions, d_model: int) -> np.ndarray:
    """Sinusoidal position rows of width d_model (engine.positional.sinusoidal; an odd width keeps the
    first d_model columns of the next even one), shape (len(positions), d_model)."""
    from engine.positional import sinusoidal

    even = d_model + d_model % 2
    return sinusoidal(positions, even)[:, :d_model]  # (T, d)


def sincos_bound(d_model: int) -> int:
    """The most PE(p)·PE(q) can be for sinusoidal rows: one per (sin, cos) pair, ⌈d/2⌉.

    PE(p)·PE(q) = Σ_i cos(ω_i (p − q)) over the d/2 pairs (sin a sin b + cos a cos b = cos(a − b)),
    reached at p = q; an odd width adds one sin² ≤ 1."""
    return (int(d_model) + 1) // 2


def sincos_terms(e, e2, p: float, q: float) -> np.ndarray:
    """The four terms of (e + PE(p))·(e2 + PE(q)), shape (4,): E·E′, E·PE(q), PE(p)·E′, PE(p)·PE(q)."""
    e = np.asarray(e, dtype=float)  # (d,)
    e2 = np.asarray(e2, dtype=float)  # (d,)
    pe_p, pe_q = sincos_rows([p, q], e.size)  # (d,), (d,)
    return np.array([e @ e2, e @ pe_q, pe_p @ e2, pe_p @ pe_q])  # (4,)


def gap_sweep(d_model: int, max_gap: int, per_seat: int = 10) -> tuple:
    """PE(p)·PE(q) over the seat gaps g = p − q from −max_gap to max_gap, `per_seat` samples per seat:
    (gaps (N,), values (N,)). Each value is computed at p = max(g, 0), q = max(−g, 0); sin/cos make it
    the same at every p, q with that gap (Σ_i cos(ω_i g)), which is why one curve holds for every seat."""
    gaps = np.linspace(-max_gap, max_gap, 2 * int(max_gap) * int(per_seat) + 1)  # (N,)
    vals = np.array([sincos_rows([max(g, 0.0), max(-g, 0.0)], d_model).prod(axis=0).sum() for g in gaps])  # (N,)
    return gaps, vals


@dataclass(frozen=True)
class NaivePosition:
    """Seed 001's bar machine: the four terms for chosen seats, and how they grow."""

    seed: int
    d_model: int
    emb_scale: float
    words: tuple  # the two words' labels, then the swapped-in word's
    demo_seat: int  # seed 001's example seat: E(加) + 12
    e_plus_seat: np.ndarray  # (d,) E + demo_seat, every number raised by the seat number
    e2_plus_seat: np.ndarray  # (d,) E′ + q at the last stop: the second factor of the dot product
    e: np.ndarray  # (d,) word E
    e2: np.ndarray  # (d,) word E′
    e_swap: np.ndarray  # (d,) another word in place of E, to show term ④ does not change
    e_sum: float  # ΣE_j
    e2_sum: float  # ΣE′_j
    stops: np.ndarray  # (K, 2) the (p, q) values the scene moves through
    stop_terms: np.ndarray  # (K, 4) the four terms at each stop
    stop_totals: np.ndarray  # (K,) (E + p)·(E′ + q), computed directly
    stop_content: np.ndarray  # (K,) the content term E·E′ at each stop (= stop_terms[:, 0]; shown to 3
    #                           significant digits when the word vectors are small)
    stop_content_share: np.ndarray  # (K,) |content| / Σ|terms|
    stop_percent: np.ndarray  # (K, 4) 100 · |term| / Σ|terms|: each term's share of the bar, in %
    swap_terms: np.ndarray  # (4,) the four terms with e_swap in place of e, at the last stop
    seats: np.ndarray  # (S,) seats 0..S-1 for the growth curve, p = q = seat
    seat_terms: np.ndarray  # (S, 4) the four terms at p = q = seat
    ratio_last: float  # |term ④| / |content| at the last stop
    decades: np.ndarray  # (G,) int exponents k of the bar axis' gridlines 10^k, lowest to highest: the fixed
    #                      log scale on which the scene draws |term| at every seat (log_decades)
    decade_values: np.ndarray  # (G,) 10.0**decades, the values written under the gridlines
    sincos_terms: np.ndarray  # (4,) the same two words (e_swap, e2) at the last stop with sinusoidal rows
    #                           PE(p), PE(q) added instead of the seat numbers (sincos_terms)
    sincos_bound: int  # the most PE(p)·PE(q) can be: ⌈d/2⌉ (d/2 cosines of at most 1)
    sincos_content_share: float  # |content| / Σ|terms| with sin/cos at the last stop
    sincos_stop_terms: np.ndarray  # (K, 4) the sin/cos terms of (e_swap, e2) at each stop: the walk replayed
    swap_content_share: float  # |content| / Σ|terms| with the swapped word and raw seats at the last stop
    gaps: np.ndarray  # (N,) seat gaps p − q swept from −max seat to +max seat (gap_sweep)
    gap_term4: np.ndarray  # (N,) PE(p)·PE(q) at each gap: term ④ with sin/cos, one curve for every seat
    linear_stops: np.ndarray  # (2, 2) two pairs p ≠ q drawn on a linear axis before the log one (LINEAR_STOPS)
    linear_terms: np.ndarray  # (2, 4) the four terms of (E, E′) at each of them
    linear_ticks: np.ndarray  # (T,) the linear axis' tick values, 0 to its fixed end (linear_axis)
    linear_ticks_wide: np.ndarray  # (T,) the same axis stretched to hold the second pair's terms (linear_axis)
    att_seats: np.ndarray  # (K,) the keys' seats in the softmax row: ATT_KEYS seats up to q (attention_row)
    att_keys: np.ndarray  # (K, d) the keys' word vectors: stand-ins, the last one E′
    att_scores_words: np.ndarray  # (K,) E_swap·K_k / √d: the query word (the swapped-in one) against each key
    att_weights_words: np.ndarray  # (K,) their softmax: the row with the words alone
    att_query_seat: float  # the query's seat in the softmax row: the middle key's seat, inside the keys' range,
    #                        so the row's winner (the largest seat) is not the query's own seat
    att_scores_seats: np.ndarray  # (K,) (E_swap + p)·(K_k + q_k) / √d, the query at seat p = att_query_seat
    att_weights_seats: np.ndarray  # (K,) their softmax: the row with the seat numbers added
    att_scores_sincos: np.ndarray  # (K,) (E_swap + PE(p))·(K_k + PE(q_k)) / √d: the same row with sin/cos rows
    att_weights_sincos: np.ndarray  # (K,) their softmax: the row with sin/cos rows in place of the seat numbers
    att_terms_sincos: np.ndarray  # (K, 4) each sin/cos score split into its four terms, each over √d: E·K_k, E·PE(q_k),
    #                               PE(p)·K_k, PE(p)·PE(q_k) (sincos_score_terms); each row sums to att_scores_sincos
    frac_lengths: np.ndarray  # (L,) int sentence lengths N for the seat-over-length fix p/N (FRACTION_LENGTHS)
    frac_steps: np.ndarray  # (L,) 1/N: how far apart two neighbouring seats are after dividing by N
    frac_seat: int  # one seat read in every sentence (FRACTION_SEAT)
    frac_values: np.ndarray  # (L,) frac_seat/N: that seat's number in each sentence


FRACTION_LENGTHS = (5, 50)  # a short and a long sentence for p/N: the same seat step, ten times apart
FRACTION_SEAT = 3
LINEAR_STOPS = ((2, 3), (4, 6))  # p ≠ q, then both seats doubled: ② and ③ double, ④ = p·q·d four times
ATT_KEYS = 5  # keys in the softmax row: seats q − ATT_KEYS + 1 … q, the last one E′ itself
LINEAR_ROOM = 1.25  # the linear axis reaches this far past the first pair's largest |term|
NICE_STEPS = (1.0, 2.0, 2.5, 5.0)


def linear_axis(terms, ticks: int = 6) -> np.ndarray:
    """Tick values 0, s, 2s, … of one fixed linear axis for `terms` (the first pair's), shape (T,): the
    largest |term| times LINEAR_ROOM, rounded up to a whole step s of 1, 2, 2.5 or 5 × 10^k that
    cuts it in about `ticks` parts. Terms of a later pair may run past its end."""
    top = LINEAR_ROOM * float(np.abs(np.asarray(terms, dtype=float)).max())
    if top <= 0:
        top = 1.0
    raw = top / ticks
    k = np.floor(np.log10(raw))
    step = next(m * 10.0 ** k for m in (*NICE_STEPS, 10.0) if m * 10.0 ** k >= raw - 1e-12)
    n = int(np.ceil(top / step - 1e-9))
    return step * np.arange(n + 1)  # (T,)


MAX_DECADES = 10  # the bar axis spans at most this many factors of ten


def log_decades(e, e2, e_swap, stops, d_model: int) -> np.ndarray:
    """The gridline exponents k (10^k) of one fixed log axis for |term| over the whole walk, shape (G,).

    The walk moves p and q one whole seat at a time from (0, 0) through `stops`, so every value it
    shows lies between the smallest non-zero one (① of either first word, or a seat term at seat 1:
    |ΣE|, |ΣE_swap|, |ΣE′|, d) and the largest (the largest |term| or |total| at the stops, where
    p and q are largest). d itself is on the axis: the most a seat × seat term of numbers within
    [−1, 1] (sin/cos) can reach. At most MAX_DECADES factors of ten, cut from below.
    """
    stops = np.asarray(stops, dtype=float).reshape(-1, 2)  # (K, 2)
    small = [abs(float(e @ e2)), abs(float(e_swap @ e2)), abs(float(np.sum(e))), abs(float(np.sum(e_swap))),
             abs(float(np.sum(e2))), float(d_model)]
    big = [float(d_model)]
    for vec in (e, e_swap):
        for p, q in stops:
            terms = naive_terms(vec, e2, p, q)  # (4,)
            big += [float(np.abs(terms).max()), abs(float(terms.sum()))]
    lo = int(np.floor(np.log10(min(v for v in small if v > 0))))
    hi = int(np.ceil(np.log10(max(big))))
    if hi == lo:
        hi += 1
    lo = max(lo, hi - MAX_DECADES)
    return np.arange(lo, hi + 1)  # (G,)


def naive_stops(p: int = 12, q: int = 12) -> tuple:
    """The (p, q) stops the bar machine moves through to end at seats (p, q).

    (0, 0), (1, 1), (⌈p/6⌉, ⌈q/4⌉), (round(5p/12), round(5q/12)), (p, round(5q/12)), (p, q), each
    capped at (p, q), without repeats, and never lower than the stop before in either seat: the walk
    only moves forward, so ④ = p·q·d never shrinks on the way. For p = q = 12 these are
    (0, 0), (1, 1), (2, 3), (5, 5), (12, 5), (12, 12).
    """
    p, q = int(p), int(q)
    if p < 0 or q < 0 or (p, q) == (0, 0):
        raise ValueError(f"seats must be ≥ 0 and not both 0, got p={p}, q={q}")
    raw = [(0, 0), (1, 1), (-(-p // 6), -(-q // 4)), (int(np.floor(5 * p / 12 + 0.5)), int(np.floor(5 * q / 12 + 0.5))),
           (p, int(np.floor(5 * q / 12 + 0.5))), (p, q)]
    out = []
    for a, b in raw:
        a, b = min(a, p), min(b, q)
        if out:  # forward only
            a, b = max(a, out[-1][0]), max(b, out[-1][1])
        if (a, b) not in out:
            out.append((a, b))
    return tuple(out)


def naive_position(seed: int = 4, d_model: int = 8, emb_scale: float = 0.5,
                   words=("加", "法", "十"),
                   stops=None, n_seats: int | None = None, demo_seat: int | None = None,
                   p: int = 12, q: int = 12) -> NaivePosition:
    """The four terms for two word vectors E, E′ (and a third for the swap) placed at seats p, q.

    `stops` (None: naive_stops(p, q)) are the (p, q) pairs the scene moves through, ending at the
    seats p, q. Seat p is also the example seat of "E + p" (`demo_seat`, None: p, or q if p = 0); seed 001's
    example is seat 12 ("E(加) + 12"). The growth curve covers seats 0 … n_seats − 1 (None: at
    least 32, and p and q). The word vectors are stand-ins (see the module docstring): entries
    N(0, emb_scale²) from default_rng(seed). The default seed 4 gives a pair with a clearly positive
    content term (0.795), which is the fair case for the content term.
    """
    if stops is None:
        stops = naive_stops(p, q)
    last = np.asarray(stops, dtype=float).reshape(-1, 2)[-1]
    if demo_seat is None:
        demo_seat = int(last[0]) if last[0] > 0 else int(last[1])
    if n_seats is None:
        n_seats = max(32, int(last.max()) + 1)
    if int(d_model) != d_model or d_model < 1:
        raise ValueError(f"d_model must be a positive integer, got {d_model!r}")
    rng = np.random.default_rng(seed)
    vecs = emb_scale * rng.standard_normal((3, d_model))  # (3, d): E, E′, the swapped-in word
    e, e2, e_swap = vecs
    others = emb_scale * rng.standard_normal((ATT_KEYS - 1, d_model))  # (K − 1, d): the softmax row's other keys
    stops = np.asarray(stops, dtype=float).reshape(-1, 2)  # (K, 2)
    stop_terms = np.array([naive_terms(e, e2, p, q) for p, q in stops])  # (K, 4)
    seats = np.arange(n_seats)  # (S,)
    seat_terms = np.array([naive_terms(e, e2, s, s) for s in seats])  # (S, 4)
    last_p, last_q = stops[-1]
    decades = log_decades(e, e2, e_swap, stops, d_model)  # (G,)
    swap_terms = naive_terms(e_swap, e2, last_p, last_q)  # (4,)
    sc_terms = sincos_terms(e_swap, e2, last_p, last_q)  # (4,)
    sc_stop_terms = np.array([sincos_terms(e_swap, e2, p, q) for p, q in stops])  # (K, 4)
    gaps, gap_term4 = gap_sweep(d_model, int(stops.max()))  # (N,), (N,)
    linear_stops = np.asarray(LINEAR_STOPS, dtype=float)  # (2, 2)
    linear_terms = np.array([naive_terms(e, e2, a, b) for a, b in linear_stops])  # (2, 4)
    att_keys = np.vstack([others, e2])  # (K, d)
    first = max(0, int(last_q) - ATT_KEYS + 1)
    att_seats = np.arange(first, first + ATT_KEYS, dtype=float)  # (K,)
    att_query_seat = float(att_seats[ATT_KEYS // 2])  # inside the keys' seats, not the last one
    att = attention_row(e_swap, att_query_seat, att_keys, att_seats)
    att_sc = sincos_attention_row(e_swap, att_query_seat, att_keys, att_seats)
    return NaivePosition(
        seed=seed,
        d_model=d_model,
        emb_scale=emb_scale,
        words=tuple(words),
        demo_seat=demo_seat,
        e_plus_seat=e + demo_seat,
        e2_plus_seat=e2 + last_q,
        e=e,
        e2=e2,
        e_swap=e_swap,
        e_sum=float(e.sum()),
        e2_sum=float(e2.sum()),
        stops=stops,
        stop_terms=stop_terms,
        stop_totals=np.array([naive_total(e, e2, p, q) for p, q in stops]),
        stop_content=stop_terms[:, 0].copy(),
        stop_content_share=np.abs(stop_terms[:, 0]) / np.abs(stop_terms).sum(axis=1),
        stop_percent=100.0 * np.abs(stop_terms) / np.abs(stop_terms).sum(axis=1, keepdims=True),
        swap_terms=swap_terms,
        seats=seats,
        seat_terms=seat_terms,
        ratio_last=float(abs(stop_terms[-1, 3]) / abs(stop_terms[-1, 0])),
        decades=decades,
        decade_values=10.0 ** decades,
        sincos_terms=sc_terms,
        sincos_bound=sincos_bound(d_model),
        sincos_content_share=float(abs(sc_terms[0]) / np.abs(sc_terms).sum()),
        sincos_stop_terms=sc_stop_terms,
        swap_content_share=float(abs(swap_terms[0]) / np.abs(swap_terms).sum()),
        gaps=gaps,
        gap_term4=gap_term4,
        linear_stops=linear_stops,
        linear_terms=linear_terms,
        linear_ticks=linear_axis(linear_terms[0]),
        linear_ticks_wide=linear_axis(linear_terms[1]),
        att_seats=att_seats,
        att_keys=att_keys,
        att_query_seat=att_query_seat,
        att_scores_words=att[0],
        att_weights_words=att[1],
        att_scores_seats=att[2],
        att_weights_seats=att[3],
        att_scores_sincos=att_sc[0],
        att_weights_sincos=att_sc[1],
        att_terms_sincos=sincos_score_terms(e_swap, att_query_seat, att_keys, att_seats),
        frac_lengths=np.asarray(FRACTION_LENGTHS, dtype=int),
        frac_steps=fraction_positions(FRACTION_LENGTHS, 1),
        frac_seat=FRACTION_SEAT,
        frac_values=fraction_positions(FRACTION_LENGTHS, FRACTION_SEAT),
    )


def fraction_positions(lengths, seat) -> np.ndarray:
    """Seat `seat` divided by each sentence length N, seat/N, shape (L,): the "obvious fix" p/N.

    Every value lies in [0, 1), but the number a seat gets depends on the sentence it is in: seat 1 (the step
    between neighbours) is 1/5 = 0.2 in 5 tokens and 1/50 = 0.02 in 50, so "one seat apart" has no fixed
    size, and one seat reads differently in every sentence."""
    lengths = np.asarray(lengths, dtype=float)  # (L,)
    if lengths.ndim != 1 or np.any(lengths < 1) or np.any(lengths != np.round(lengths)):
        raise ValueError(f"sentence lengths must be whole numbers ≥ 1, got {lengths!r}")
    if not 0 <= seat < lengths.min():
        raise ValueError(f"seat {seat} is not a seat of every sentence (lengths {lengths.astype(int).tolist()})")
    return float(seat) / lengths  # (L,)


def attention_row(e_q, p: float, keys, key_seats) -> tuple:
    """One query's row of attention weights over the keys, without and with the seat numbers added.

    Scores are scaled dot products s_k = (E + p·1)·(K_k + q_k·1) / √d (with p = q_k = 0 for the words
    alone), and the weights their softmax over the keys (engine.attention.softmax): each row is in
    [0, 1] and sums to 1. Returns (scores_words (K,), weights_words (K,), scores_seats (K,),
    weights_seats (K,))."""
    from engine.attention import softmax

    e_q = np.asarray(e_q, dtype=float)  # (d,)
    keys = np.asarray(keys, dtype=float)  # (K, d)
    key_seats = np.asarray(key_seats, dtype=float)  # (K,)
    if keys.ndim != 2 or keys.shape[1] != e_q.size or key_seats.shape != (keys.shape[0],):
        raise ValueError("keys must be (K, d) with one seat each, d the query's width")
    scale = np.sqrt(e_q.size)
    words = keys @ e_q / scale  # (K,)
    seats = (keys + key_seats[:, None]) @ (e_q + p) / scale  # (K,)
    return words, softmax(words), seats, softmax(seats)


def _sincos_inputs(e_q, p: float, keys, key_seats) -> tuple:
    """The query word E (d,), the key words K (K, d) checked against it, and the sinusoidal rows PE (K + 1, d):
    the query's row at seat p first, then each key's at its seat (sincos_rows at the query's width d)."""
    e_q = np.asarray(e_q, dtype=float)  # (d,)
    keys = np.asarray(keys, dtype=float)  # (K, d)
    key_seats = np.asarray(key_seats, dtype=float)  # (K,)
    if keys.ndim != 2 or keys.shape[1] != e_q.size or key_seats.shape != (keys.shape[0],):
        raise ValueError("keys must be (K, d) with one seat each, d the query's width")
    return e_q, keys, sincos_rows(np.concatenate([[p], key_seats]), e_q.size)  # (d,), (K, d), (K + 1, d)


def sincos_attention_row(e_q, p: float, keys, key_seats) -> tuple:
    """The same row as attention_row with sinusoidal rows PE(p), PE(q_k) (sincos_rows, at the query's width d)
    added in place of the seat numbers: s_k = (E + PE(p))·(K_k + PE(q_k)) / √d and their softmax over the keys
    (engine.attention.softmax, in [0, 1], summing to 1). Returns (scores (K,), weights (K,))."""
    from engine.attention import softmax

    e_q, keys, pe = _sincos_inputs(e_q, p, keys, key_seats)  # (d,), (K, d), (K + 1, d)
    d = e_q.size
    scores = (keys + pe[1:]) @ (e_q + pe[0]) / np.sqrt(d)  # (K,)
    return scores, softmax(scores)


def sincos_score_terms(e_q, p: float, keys, key_seats) -> np.ndarray:
    """Each score of sincos_attention_row split into the four terms of the chart, each divided by √d, shape (K, 4):
    ① E·K_k (the words), ② E·PE(q_k) (the query word, the key's seat), ③ PE(p)·K_k (the query's seat, the key
    word), ④ PE(p)·PE(q_k) (the seats alone). Row k sums to the score s_k = (E + PE(p))·(K_k + PE(q_k)) / √d."""
    e_q, keys, pe = _sincos_inputs(e_q, p, keys, key_seats)  # (d,), (K, d), (K + 1, d)
    d = e_q.size
    terms = np.stack([keys @ e_q, pe[1:] @ e_q, keys @ pe[0], pe[1:] @ pe[0]], axis=1)  # (K, 4)
    return terms / np.sqrt(d)  # (K, 4)
