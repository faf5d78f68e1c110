"""Sizes and costs around positional encoding: how wide the input gets, how big the tables grow.

Implements seed 001 (lesson 5: "three ways to combine" and the "two costs" station) and seed 002
(§01 图 1, RNN vs self-attention; §02 图 3, concatenating vs adding at d_model = 512). Pure
arithmetic on sizes: integers in, integer arrays out.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.gpt2 import GPT2_CONTEXT  # the context length of every GPT-2 size: its position table's rows

COMBINE_WAYS = ("add", "concat_seat", "concat_fingerprint")


@dataclass(frozen=True)
class CombineCosts:
    """Add vs concatenate, for several model widths (seed 001 "three ways"; seed 002 §02 图 3).

    For a content vector of width d and a fingerprint of width d:
      add                  x = E + PE      → width d
      concat_seat          x = [E, p]      → width d + 1 (the seat number as one more number)
      concat_fingerprint   x = [E, PE]     → width 2d
    The next projection (W_Q, and likewise W_K, W_V) maps d_in → d_model, so it holds d_in × d_model
    weights (no bias) and costs the same number of multiply-adds per token.
    """

    ways: tuple  # ("add", "concat_seat", "concat_fingerprint")
    d_models: tuple  # content widths, one per model
    sources: tuple  # where each width comes from
    position_widths: np.ndarray  # (M, 3) numbers the position contributes: d, 1, d
    widths: np.ndarray  # (M, 3) d_in after combining
    width_ratio: np.ndarray  # (M, 3) d_in / d_model
    wq_params: np.ndarray  # (M, 3) d_in × d_model
    qkv_params: np.ndarray  # (M, 3) 3 × d_in × d_model
    extra_qkv_params: np.ndarray  # (M, 3) qkv_params − qkv_params[add]


def combine_costs(d_models=(8, 512, 3584), sources=("001 demo", "002 §02", "001")) -> CombineCosts:
    """The pe_combine figure's record. Seed 001: 3,584 → 7,168 (demo: 8 numbers + 8); seed 002: 512 → 1024."""
    d = np.array(d_models, dtype=np.int64)  # (M,)
    pos_w = np.stack([d, np.ones_like(d), d], axis=1)  # (M, 3)
    widths = np.stack([d, d + 1, 2 * d], axis=1)  # (M, 3)
    wq = widths * d[:, None]  # (M, 3)
    qkv = 3 * wq  # (M, 3)
    return CombineCosts(
        ways=COMBINE_WAYS, d_models=tuple(int(x) for x in d), sources=tuple(sources),
        position_widths=pos_w, widths=widths, width_ratio=widths / d[:, None],
        wq_params=wq, qkv_params=qkv, extra_qkv_params=qkv - qkv[:, :1],
    )


@dataclass(frozen=True)
class AttentionCost:
    """Seed 001 "two costs": the T × T score table grows as T², the T × d position table as T."""

    lengths: np.ndarray  # (L,) sequence lengths T for the curves (powers of two)
    position_width: int  # d of the position table (GPT-2 small's d_model, 768; seed 001's toy fingerprint: 16)
    score_entries: np.ndarray  # (L,) T²
    position_entries: np.ndarray  # (L,) T · d
    short: int  # the two marked lengths (seed 001: 1,024 and 32,768)
    long: int
    short_scores: int
    long_scores: int
    short_positions: int
    long_positions: int
    length_ratio: float  # long / short
    score_ratio: float  # long² / short² = length_ratio²
    position_ratio: float  # = length_ratio
    bytes_per_value: int  # float32 = 4
    short_score_bytes: int  # one score table (one head, one layer)
    long_score_bytes: int
    short_score_size: float  # short_score_bytes in the largest binary unit it reaches (4 MiB)
    short_score_unit: str  # "B", "KiB", "MiB", "GiB", "TiB"
    long_score_size: float
    long_score_unit: str
    crossing: int  # where one layer's score tables (layer_heads · T²) hold as many numbers as its activations
    # stored, T · d: T = d / layer_heads (GPT-2 small: 768 / 12 = 64; a toy width, one head: T = d)
    crossing_entries: int  # crossing · d numbers each there (GPT-2 small: 49,152)
    layer_heads: int  # heads of one layer of the drawn width's model (GPT-2 small: 12; a toy width: 1)
    layer_score_entries: np.ndarray  # (L,) layer_heads · T²: one layer's score tables, the plotted score line
    plotted_from: int  # the first length drawn: lengths below it are counted here but not plotted (GPT-2 small:
    # 8, three octaves below its crossing at 64; a toy width draws every length)
    real_names: tuple  # real models whose widths the figure also marks (REAL_WIDTHS)
    real_widths: np.ndarray  # (R,) their d_model
    real_positions: np.ndarray  # (R, L) T · d for each real width, over `lengths`
    real_crossings: np.ndarray  # (R,) where T² passes T · d: T = d
    real_crossing_entries: np.ndarray  # (R,) d² numbers in each table there
    real_rows: np.ndarray  # (R,) rows of each real model's learned position table: its longest input (1,024)
    real_table_entries: np.ndarray  # (R,) rows × d_model: the numbers its position table stores, whatever T is
    # (GPT-2 small: 1,024 × 768 = 786,432); a pass over T tokens reads T of those rows (real_positions)
    real_layers: np.ndarray  # (R,) each real model's layers (GPT-2 small: 12)
    real_heads: np.ndarray  # (R,) its attention heads per layer (GPT-2 small: 12)
    real_score_tables: np.ndarray  # (R,) layers × heads: the T × T score tables one forward pass makes (144),
    # against one position table for the whole model
    pass_tables: int  # the score tables of one forward pass of the first real model (GPT-2 small: 12 × 12 = 144)
    pass_score_entries: np.ndarray  # (L,) pass_tables · T²: every score one forward pass computes
    short_pass_scores: int  # pass_tables · short²
    long_pass_scores: int
    short_pass_size: float  # all those tables in float32, in the largest binary unit reached (576 MiB)
    short_pass_unit: str
    long_pass_size: float
    long_pass_unit: str
    pass_crossing: float  # where pass_tables · T² = T · d: T = d / pass_tables (16 / 144 = 0.111)
    pass_crossing_entries: float  # T · d there
    pass_first_length: int  # the first whole number of tokens past pass_crossing (768 / 144 = 5.33 gives 6)
    real_pass_crossings: np.ndarray  # (R,) each real model's own: T = d_model / (layers × heads) (768 / 144 = 5.33)
    real_pass_crossing_entries: np.ndarray  # (R,) T · d_model there
    batch: int = 1  # sequences per pass every count is for: one (the counts scale with it)
    marked_sizes: tuple = ()  # ((size, unit), ...) the four marked points in float32 (attention_cost's y axis is in
    # bytes): one layer's score tables and its activations at short, then at long (GPT-2 small: 48 MiB, 3 MiB, 48 GiB, 96 MiB)


def _real_sizes() -> tuple:
    """(name, d_model, layers, heads) of the smallest and the largest GPT-2 (engine.gpt2.GPT2_SIZES)."""
    from engine.gpt2 import GPT2_FAMILY, GPT2_SIZES

    return tuple((f"{GPT2_FAMILY} {name}", width, layers, heads)
                 for name, width, layers, heads in (GPT2_SIZES[0], GPT2_SIZES[-1]))


def _real_widths() -> tuple:
    """(name, d_model) of the smallest and the largest GPT-2: the widths where a real model's score table
    passes its position table."""
    return tuple((name, width) for name, width, _layers, _heads in _real_sizes())


REAL_WIDTHS = _real_widths()  # (("GPT-2 small", 768), ("GPT-2 xl", 1600))


BYTE_UNITS = (("B", 0), ("KiB", 10), ("MiB", 20), ("GiB", 30), ("TiB", 40))  # (name, power of 2)


def binary_size(nbytes: int) -> tuple[float, str]:
    """(value, unit): nbytes in the largest binary unit it reaches (4 MiB, 64 GiB)."""
    name, power = BYTE_UNITS[0]
    for unit, p in BYTE_UNITS:
        if nbytes >= 2**p:
            name, power = unit, p
    return nbytes / 2**power, name


def curve_exponents(short: int, long: int, position_width: int | None = None, tables: int | None = None) -> tuple[int, int]:
    """The powers of two the curves run over: from 2^4 (or an octave below a shorter `short`, or an octave
    below the length where `tables` score tables of T × T hold as many numbers as the position table,
    T = d / tables, so the side where the position table is the larger one shows) to four times `long`
    (seed 001's 1,024 and 32,768 at GPT-2 small's d = 768 and 144 tables: 2^1 … 2^17). Defaults: GPT-2
    small's width and its layers × heads."""
    width = REAL_WIDTHS[0][1] if position_width is None else int(position_width)
    k = _pass_tables() if tables is None else int(tables)
    below = int(np.floor(np.log2(max(1.0, width / k)))) - 1
    lo = max(0, min(4, int(np.floor(np.log2(short))) - 1, below))
    hi = max(int(np.ceil(np.log2(long))) + 2, lo + 6)
    return lo, hi


def _pass_tables() -> int:
    """The score tables of one forward pass of the first real model: its layers × heads (GPT-2 small: 144)."""
    _name, _width, layers, heads = _real_sizes()[0]
    return int(layers) * int(heads)


def attention_cost(short: int = 1024, long: int = 32768, position_width: int | None = None,
                   min_exponent: int | None = None, max_exponent: int | None = None,
                   bytes_per_value: int = 4) -> AttentionCost:
    """The attention_cost figure's record (seed 001, "two costs"; its summary: 1,024 → 32,768 is 1,024×).

    Besides the lesson's width d, the record carries real widths (REAL_WIDTHS): for each, the position table
    T · d over the same lengths and the length where the score table passes it, T = d.
    The position table's width d defaults to GPT-2 small's d_model (768, REAL_WIDTHS), the model whose
    score tables the record counts; any other width (the lesson's toy 16) is drawn as a toy width.

    The curves run over powers of two from 2^min_exponent to 2^max_exponent (None: curve_exponents)."""
    position_width = REAL_WIDTHS[0][1] if position_width is None else position_width
    short, long, position_width = int(short), int(long), int(position_width)
    auto_lo, auto_hi = curve_exponents(short, long, position_width, _pass_tables())
    lo = auto_lo if min_exponent is None else int(min_exponent)
    hi = auto_hi if max_exponent is None else int(max_exponent)
    t = 2 ** np.arange(lo, hi + 1, dtype=np.int64)  # (L,)
    real = np.array([w for _, w in REAL_WIDTHS], dtype=np.int64)  # (R,)
    layers = np.array([n for _, _, n, _ in _real_sizes()], dtype=np.int64)  # (R,)
    heads = np.array([h for _, _, _, h in _real_sizes()], dtype=np.int64)  # (R,)
    short_size, short_unit = binary_size(short * short * bytes_per_value)
    long_size, long_unit = binary_size(long * long * bytes_per_value)
    tables = layers * heads  # (R,) score tables per forward pass
    k = int(tables[0])
    short_pass, short_pass_unit = binary_size(k * short * short * bytes_per_value)
    long_pass, long_pass_unit = binary_size(k * long * long * bytes_per_value)
    real_pass = real / tables  # (R,)
    same = [r for r, w in enumerate(real) if int(w) == position_width]  # the real model of this width, if any
    layer_heads = int(heads[same[0]]) if same else 1
    crossing = position_width // layer_heads if position_width % layer_heads == 0 else position_width / layer_heads
    plotted_from = min(int(crossing) // 8, short) if same else int(t[0])  # three octaves below the crossing
    return AttentionCost(
        lengths=t, position_width=int(position_width), score_entries=t * t, position_entries=t * position_width,
        short=int(short), long=int(long), short_scores=short * short, long_scores=long * long,
        short_positions=short * position_width, long_positions=long * position_width,
        length_ratio=long / short, score_ratio=(long * long) / (short * short),
        position_ratio=(long * position_width) / (short * position_width),
        bytes_per_value=int(bytes_per_value), short_score_bytes=short * short * bytes_per_value,
        long_score_bytes=long * long * bytes_per_value,
        short_score_size=short_size, short_score_unit=short_unit, long_score_size=long_size, long_score_unit=long_unit,
        crossing=crossing, crossing_entries=crossing * position_width, layer_heads=layer_heads,
        layer_score_entries=layer_heads * t * t, plotted_from=max(int(t[0]), plotted_from),
        real_names=tuple(name for name, _ in REAL_WIDTHS), real_widths=real, real_positions=t[None, :] * real[:, None],
        real_crossings=real.copy(), real_crossing_entries=real * real,
        real_rows=np.full(len(real), GPT2_CONTEXT, dtype=np.int64),  # every GPT-2 size: 1,024 positions
        real_table_entries=GPT2_CONTEXT * real,
        real_layers=layers, real_heads=heads, real_score_tables=tables,
        pass_tables=k, pass_score_entries=k * t * t, short_pass_scores=k * short * short,
        long_pass_scores=k * long * long, short_pass_size=short_pass, short_pass_unit=short_pass_unit,
        long_pass_size=long_pass, long_pass_unit=long_pass_unit, pass_crossing=position_width / k,
        pass_crossing_entries=position_width * position_width / k,
        pass_first_length=int(np.floor(position_width / k)) + 1, real_pass_crossings=real_pass,
        real_pass_crossing_entries=real * real_pass,
        marked_sizes=tuple(binary_size(int(n) * bytes_per_value) for n in (
            layer_heads * short * short, short * position_width, layer_heads * long * long, long * position_width)),
    )


@dataclass(frozen=True)
class SerialVsParallel:
    """Seed 002 §01 图 1: an RNN passes h along N steps; self-attention scores all N² pairs at once."""

    n_tokens: int
    rnn_states: int  # hidden states h₁ … h_N the chain computes, one per token (N − 1 hops join them)
    attention_steps: int  # all pairs in one parallel step (one matrix product)
    pairs: int  # N² query-key pairs
    rnn_hops: np.ndarray  # (N, N) hidden-state steps between token j and token i ≥ j (|i − j|)
    rnn_longest_path: int  # first token to last: N − 1 steps
    attention_longest_path: int  # any token to any token: 1


def rnn_vs_attention(n_tokens: int = 6) -> SerialVsParallel:
    """The rnn_vs_attention figure's record (seed 002 §01)."""
    idx = np.arange(n_tokens)  # (N,)
    hops = np.abs(idx[:, None] - idx[None, :])  # (N, N)
    return SerialVsParallel(
        n_tokens=int(n_tokens), rnn_states=int(n_tokens), attention_steps=1, pairs=int(n_tokens) ** 2,
        rnn_hops=hops, rnn_longest_path=int(n_tokens) - 1, attention_longest_path=1,
    )


@dataclass(frozen=True)
class CombinedRows:
    """Seed 001 "three ways to combine": one word vector and one seat, put together three ways.

    The demo's fingerprint has as many numbers as the word vector (4 pairs, 8 numbers beside an
    8-number word vector), so addition can go number by number.
    """

    position: int
    word: np.ndarray  # (d,) the word vector E
    fingerprint: np.ndarray  # (d,) the seat's sinusoidal row PE(position), d numbers (d/2 hands)
    add: np.ndarray  # (d,) E + PE
    concat_seat: np.ndarray  # (d + 1,) [E, position]
    concat_fingerprint: np.ndarray  # (2d,) [E, PE]


def combine_rows(word, position: int, base: float = 10000.0) -> CombinedRows:
    """The three ways of seed 001's "three ways to combine" station for one word at one seat.

    add: E + PE(p) (width d); concat_seat: [E, p] (width d + 1); concat_fingerprint: [E, PE(p)]
    (width 2d). PE is engine.positional.sinusoidal with d = the word's width (even)."""
    from engine.positional import sinusoidal

    e = np.asarray(word, dtype=float)  # (d,)
    if e.ndim != 1 or e.size < 2 or e.size % 2:
        raise ValueError(f"the word vector must be 1-D with an even width, got shape {e.shape}")
    pe = sinusoidal([position], e.size, base)[0]  # (d,)
    return CombinedRows(
        position=int(position), word=e, fingerprint=pe, add=e + pe,
        concat_seat=np.concatenate([e, [float(position)]]), concat_fingerprint=np.concatenate([e, pe]),
    )
