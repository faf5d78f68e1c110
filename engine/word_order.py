"""十五 vs 五十 answered by the fingerprint: seed 001 station 1 (attention sees a bag of vectors) and
its fingerprint station (PE(p) added to the word at seat p), through the permutation lesson's
attention layer (engine.attention.permutation_demo) at the fingerprint's width and base.

`clock_lesson` is pe_clock's record: engine.positional.fingerprint with these scores in `order`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine.attention import DEFAULT_EXAMPLES, permutation_case, permutation_demo, scaled_dot_product_attention
from engine.positional import DEFAULT_BASE, LOOK_BACK_SCALE, Fingerprint, fingerprint, rotation, sinusoidal


@dataclass(frozen=True)
class WordOrderScores:
    """Seed 001 station 1 answered by its fingerprint station: 十五 and 五十 through the permutation
    lesson's attention layer (permutation_demo at this width), once with the word vectors alone and
    once with the fingerprint of each seat added (x + PE(p), PE of the given width and base)."""

    tokens_a: tuple  # ("十", "五")
    tokens_b: tuple  # ("五", "十")
    query: str  # "十": the word that asks
    key: str  # "五": the word it looks at
    words_only: tuple  # (order a, order b) score of query → key, word vectors alone: equal
    with_pe: tuple  # (order a, order b) score of query → key with PE(seat) added: different
    scores_a: np.ndarray  # (T, T) QKᵀ/√d of order a, words only
    scores_b: np.ndarray  # (T, T) order b, words only (a permutation of scores_a)
    scores_pe_a: np.ndarray  # (T, T) order a with the fingerprints added
    scores_pe_b: np.ndarray  # (T, T) order b with the fingerprints added
    seed: int
    pe: np.ndarray  # (T, d) PE(0) … PE(T-1): the fingerprint table's first rows, added seat by seat
    x_query: np.ndarray  # (d,) the query word's vector (the same in both orders)
    x_key: np.ndarray  # (d,) the key word's vector
    w_q: np.ndarray  # (d, d) the head's query projection
    w_k: np.ndarray  # (d, d) the head's key projection
    seats: tuple  # ((query seat, key seat) in order a, (query seat, key seat) in order b)
    q_pe: np.ndarray  # (2, d) (x_query + PE(query seat)) W_Q in order a, then order b
    k_pe: np.ndarray  # (2, d) (x_key + PE(key seat)) W_K in order a, then order b
    dots_pe: tuple = ()  # (order a, order b) q · k before the 1/√d scale: with_pe = dots_pe / √d
    terms: np.ndarray = None  # (2, 4) per order, the score split: xW_Q·xW_K, xW_Q·PE W_K, PE W_Q·xW_K,
    #                           PE W_Q·PE W_K, each / √d; each row sums to with_pe
    pe_dot: float = 0.0  # PE(query seat)·PE(key seat), no projections: the same in both orders (gap only)
    m_qk: np.ndarray = None  # (d, d) M = W_Q W_Kᵀ: seat·seat is PE(p_q) M PE(p_k)ᵀ / √d, and M ≠ Mᵀ


def word_order_scores(d_model: int, base: float = DEFAULT_BASE, seed: int = 1,
                      example=DEFAULT_EXAMPLES[0], head=None, ask: int = 0) -> WordOrderScores:
    """Score of word `ask` of order a (query; the first by default) against the other (key), in both orders,
    without and with the fingerprints: words only the two orders give the same number (the table is only
    permuted); with PE(p) added to the word at seat p they differ. Embeddings and W_Q, W_K, W_V are
    permutation_demo's (default examples, `seed`) at width `d_model`; `head`, a pair (W_Q, W_K) of (d, d)
    matrices, replaces its W_Q and W_K."""
    demo = permutation_demo(d_model=d_model, seed=seed)
    w_q, w_k = (demo.w_q, demo.w_k) if head is None else (np.asarray(head[0], float), np.asarray(head[1], float))
    words = dict(zip(demo.vocab, demo.embeddings))
    tokens_a, tokens_b = tuple(example[0]), tuple(example[1])
    x_a = np.array([words[t] for t in tokens_a])  # (T, d)
    x_b = np.array([words[t] for t in tokens_b])  # (T, d)
    pe = sinusoidal(np.arange(len(tokens_a)), d_model, base)  # (T, d) the fingerprint table's first rows

    def scores(x):  # (T, d) -> (T, T)
        return scaled_dot_product_attention(x @ w_q, x @ w_k, x @ demo.w_v).scores

    s_a, s_b, s_pe_a, s_pe_b = scores(x_a), scores(x_b), scores(x_a + pe), scores(x_b + pe)
    query, key = tokens_a[ask], tokens_a[1 - ask]
    qa, ka = tokens_a.index(query), tokens_a.index(key)
    qb, kb = tokens_b.index(query), tokens_b.index(key)
    seats = ((qa, ka), (qb, kb))
    q_pe = np.array([(words[query] + pe[sq]) @ w_q for sq, _ in seats])  # (2, d): one query per order
    k_pe = np.array([(words[key] + pe[sk]) @ w_k for _, sk in seats])  # (2, d): one key per order
    terms = np.array([score_terms(words[query], words[key], pe[sq], pe[sk], w_q, w_k)
                      for sq, sk in seats])  # (2, 4)
    return WordOrderScores(
        tokens_a=tokens_a, tokens_b=tokens_b, query=query, key=key,
        words_only=(float(s_a[qa, ka]), float(s_b[qb, kb])),
        with_pe=(float(s_pe_a[qa, ka]), float(s_pe_b[qb, kb])),
        scores_a=s_a, scores_b=s_b, scores_pe_a=s_pe_a, scores_pe_b=s_pe_b, seed=seed,
        pe=pe, x_query=words[query], x_key=words[key], w_q=w_q, w_k=w_k, seats=seats,
        q_pe=q_pe, k_pe=k_pe, dots_pe=tuple(float(q @ k) for q, k in zip(q_pe, k_pe)),  # (2,)
        terms=terms, pe_dot=float(pe[qa] @ pe[ka]), m_qk=w_q @ w_k.T,
    )


def look_back_order(d_model: int, base: float = DEFAULT_BASE, scale: float = LOOK_BACK_SCALE) -> WordOrderScores:
    """十五 and 五十 through the look-back head (engine.positional.look_back_scores: W_Q = scale · R_{-1}ᵀ for row
    vectors, W_K = I) with the permutation lesson's word vectors: 五 asks, 十 is looked at. In 十五 十 sits one seat
    before 五, where the head looks, in 五十 one seat after; their seat · seat parts are the look-back rows' values one
    seat back and one seat ahead (24.00 and 19.10 at d = 16, scale 12), the word · word part is the same in both."""
    head = (scale * rotation(-1, d_model, base).T, np.eye(d_model))
    return word_order_scores(d_model, base, head=head, ask=1)


def score_terms(x_q, x_k, pe_q, pe_k, w_q, w_k) -> np.ndarray:
    """The score ((x_q + PE_q) W_Q)·((x_k + PE_k) W_K) / √d split into its four products, (4,): word·word,
    word·seat (x_q W_Q · PE_k W_K), seat·word (PE_q W_Q · x_k W_K) and seat·seat (PE_q W_Q · PE_k W_K).
    Only the first is free of the seats; since W_Q ≠ W_K even the last is not PE_q · PE_k, so it need
    not depend on the gap alone."""
    q_parts = (x_q @ w_q, pe_q @ w_q)  # (d,), (d,)
    k_parts = (x_k @ w_k, pe_k @ w_k)  # (d,), (d,)
    scale = np.sqrt(len(x_q))
    return np.array([q_parts[0] @ k_parts[0], q_parts[0] @ k_parts[1],
                     q_parts[1] @ k_parts[0], q_parts[1] @ k_parts[1]]) / scale  # (4,)


def clock_lesson(n_positions: int = 32, d_model: int = 16, base: float = DEFAULT_BASE, **kwargs) -> Fingerprint:
    """pe_clock's record: the fingerprint lesson (engine.positional.fingerprint, same parameters) and, in
    `order`, what adding it does to 十五 and 五十 (word_order_scores at the same width and base), and in
    `look_order` the same through the look-back head (look_back_order), the one the scene shows."""
    record = fingerprint(n_positions=n_positions, d_model=d_model, base=base, **kwargs)
    return replace(record, order=word_order_scores(d_model, base), look_order=look_back_order(d_model, base))


@dataclass(frozen=True)
class LastWordFixed:
    """Seed 002 §01 图 2's failure in one place: the two words before the last swapped (man bites dog,
    bites man dog), the last word standing last in both. Without positions its output is the same
    vector (the same scores in another order, the same weighted sum): a readout at the last place
    cannot tell who bit whom. With PE(p) added at each seat the two outputs differ."""

    tokens_a: tuple  # ("man", "bites", "dog")
    tokens_b: tuple  # ("bites", "man", "dog"): the first two swapped, the last word kept
    out_a: np.ndarray  # (d,) the last word's attention output in order a, word vectors alone
    out_b: np.ndarray  # (d,) the same in order b
    deviation: float  # max |out_a − out_b|: 0 up to rounding (~1e-16)
    out_pe_a: np.ndarray  # (d,) the last word's output with PE(seat) added at every seat, order a
    out_pe_b: np.ndarray  # (d,) the same in order b
    pe_deviation: float  # max |out_pe_a − out_pe_b|: clearly not 0


def last_word_fixed(demo, k: int = -1, keep: int = -1) -> LastWordFixed:
    """The output of the word at place `keep` (default the last) of example k's order b (man bites dog)
    and of the same sentence with the two other words swapped (keep=-1: bites man dog; keep=1: dog
    bites man, bites in the middle of both), through `demo`'s layer (engine.attention.permutation_demo),
    without and with the position vectors (permutation_case's pe). The fields' "last" is that word."""
    tokens_a = tuple(demo.examples[k].tokens_b)
    t = len(tokens_a)
    keep %= t
    i, j = [n for n in range(t) if n != keep][:2]  # the two words that trade places
    swapped = list(tokens_a)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    tokens_b = tuple(swapped)
    case = permutation_case(tokens_a, tokens_b, dict(zip(demo.vocab, demo.embeddings)), demo.w_q, demo.w_k, demo.w_v)
    out_a, out_b, pe_a, pe_b = (o[keep] for o in (case.out_a, case.out_b, case.out_pe_a, case.out_pe_b))  # (d,) each
    return LastWordFixed(tokens_a=tokens_a, tokens_b=tokens_b, out_a=out_a, out_b=out_b,
                         deviation=float(np.max(np.abs(out_a - out_b))), out_pe_a=pe_a, out_pe_b=pe_b,
                         pe_deviation=float(np.max(np.abs(pe_a - pe_b))))


def self_score_parts(demo, word: str, pe_row) -> tuple:
    """`word`'s score with itself at a seat whose position vector `pe_row` (d,) is added to it, split as
    score_terms splits it: (the word·word term x W_Q · x W_K / √d, the same at every seat and the cell
    without positions; the three terms with p together). Their sum is the cell of the table with p."""
    x = dict(zip(demo.vocab, demo.embeddings))[word]  # (d,)
    terms = score_terms(x, x, pe_row, pe_row, demo.w_q, demo.w_k)  # (4,)
    return float(terms[0]), float(terms[1:].sum())
