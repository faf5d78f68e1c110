"""GPT-2 sizes: parameter counts and memory for seed 004 (the FeedForward's shapes are in
engine.ffn, the causal mask in engine.causal).

Implements seed 004 (004_bed12ab9efcd69b0.html):

- §4.6 "參數量：163M 與 124M 的差別（weight tying）" and "動手感受規模：參數計算器": the parameter
  count of the book's GPTModel, part by part, with E = emb_dim, V = vocab_size, C = context_length,
  L = n_layers:
      token embedding V·E, positional embedding C·E,
      per block: attention Q, K, V 3·E² (+ 3E with qkv_bias), output projection E² + E,
                 feed forward (E·4E + 4E) + (4E·E + E), two LayerNorms 2·(E + E),
      final LayerNorm 2E, output head V·E (no bias; shares the token embedding when tied).
  GPT-2 small: 7,085,568 per block, 163,009,536 untied, 124,412,160 tied. The page's "621.83 MB"
  is 163,009,536 × 4 bytes in MiB (2^20 bytes); in decimal megabytes it is 652.04 MB
  (docs/design.md §3). n_heads does not change the count (it only splits E). gpt2_sizes counts any
  GPT-2-shaped configuration (a preset, or vocab size, context length, width, layers, heads, Q/K/V
  biases and weight tying one by one) beside the four GPT-2 sizes.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# The four GPT-2 sizes the page's calculator offers as presets: (name, emb_dim, n_layers, n_heads)
GPT2_SIZES = (
    ("small", 768, 12, 12),
    ("medium", 1024, 24, 16),
    ("large", 1280, 36, 20),
    ("xl", 1600, 48, 25),
)
GPT2_VOCAB = 50257
GPT2_CONTEXT = 1024
BYTES_FLOAT32 = 4
GPT2_FAMILY = "GPT-2"
QKV_MATRICES = 3  # Q, K and V: one E×E matrix each
FFN_EXPANSION = 4  # the feed forward's hidden width is 4E
NORMS_PER_BLOCK = 2  # a LayerNorm before attention and one before the feed forward
NORM_VECTORS = 2  # each LayerNorm learns a scale and a shift of E numbers
MIB_POWER = (2, 20)  # MiB = 2^20 bytes (base, exponent)
MB_POWER = (10, 6)  # MB = 10^6 bytes
MIB = MIB_POWER[0] ** MIB_POWER[1]
MB = MB_POWER[0] ** MB_POWER[1]
# memory units, smallest first: (name, base, exponent); a size is written in the largest unit it reaches
BINARY_UNITS = (("B", 2, 0), ("KiB", 2, 10), ("MiB", 2, 20), ("GiB", 2, 30), ("TiB", 2, 40))
DECIMAL_UNITS = (("B", 10, 0), ("KB", 10, 3), ("MB", 10, 6), ("GB", 10, 9), ("TB", 10, 12))
# parameter-count units: (suffix, scale); K = thousand, M = million, B = billion
COUNT_UNITS = (("", 1), ("K", 10**3), ("M", 10**6), ("B", 10**9))
COUNT_SIG = 4  # significant digits of a count written in its unit (163.0M, 1.638B)


def byte_unit(nbytes: float, units=BINARY_UNITS) -> tuple:
    """(value, unit name, base, exponent): nbytes in the largest unit it reaches (bytes below 1 KiB / 1 KB)."""
    chosen = units[0]
    for unit in units:
        if nbytes >= unit[1] ** unit[2]:
            chosen = unit
    name, base, exponent = chosen
    return nbytes / base**exponent, name, base, exponent


def count_unit(n: float) -> tuple:
    """(value, suffix, scale): a parameter count in the largest unit it reaches, so that it reads as
    1 ≤ value < 1000 at COUNT_SIG significant digits (163.0M, 1.638B; below 1,000 the count itself)."""
    chosen = COUNT_UNITS[0]
    for unit in COUNT_UNITS:
        if n >= unit[1]:
            chosen = unit
    suffix, scale = chosen
    k = COUNT_UNITS.index(chosen)
    value = n / scale
    if k + 1 < len(COUNT_UNITS) and round(value, COUNT_SIG - 3) >= 1000:  # 999.96K reads as 1.000M
        suffix, scale = COUNT_UNITS[k + 1]
        value = n / scale
    return value, suffix, scale


OTHER_PARTS = ("norms", "final_norm")  # the parts too small to see in a bar: every LayerNorm, drawn as one


def axis_unit(largest: float) -> tuple:
    """(suffix, scale) for an axis whose largest value is `largest`: the largest unit in which it is
    at least 2 (so 1.6B is drawn in millions, 2.5B in billions)."""
    chosen = COUNT_UNITS[0]
    for unit in COUNT_UNITS:
        if largest >= 2 * unit[1]:
            chosen = unit
    return chosen


@dataclass(frozen=True)
class GPT2Params:
    """Parameter count of the book's GPTModel, part by part (seed 004 §4.6)."""

    vocab_size: int
    context_length: int
    emb_dim: int
    n_layers: int
    qkv_bias: bool
    tied: bool
    tok_emb: int  # V·E
    pos_emb: int  # C·E
    attn_qkv: int  # per block: 3·E² (+ 3E with qkv_bias)
    attn_out: int  # per block: E² + E
    ffn_in: int  # per block: E·4E + 4E
    ffn_out: int  # per block: 4E·E + E
    ffn: int  # per block: ffn_in + ffn_out
    norms: int  # per block: two LayerNorms, scale and shift each: 4E
    per_block: int
    blocks: int  # n_layers · per_block
    final_norm: int  # 2E
    out_head: int  # V·E untied, 0 when tied (the head reuses the token embedding)
    total: int  # the count for `tied`
    total_untied: int
    total_tied: int
    bytes_float32: int  # total · 4
    mib: float  # bytes / 2^20 (the page's "621.83 MB" for the untied model)
    mb: float  # bytes / 10^6, decimal megabytes
    size_binary: float  # bytes in the largest binary unit they reach (B, KiB, MiB, GiB, TiB)
    size_binary_unit: str
    binary_power: tuple  # (2, 20) for MiB
    size_decimal: float  # bytes in the largest decimal unit they reach (B, KB, MB, GB, TB)
    size_decimal_unit: str
    decimal_power: tuple  # (10, 6) for MB


def gpt2_params(vocab_size: int = GPT2_VOCAB, context_length: int = GPT2_CONTEXT, emb_dim: int = 768,
                n_layers: int = 12, qkv_bias: bool = False, tied: bool = False) -> GPT2Params:
    """Count the book's GPTModel parameters for one configuration (seed 004 §4.6 formula)."""
    for name, value in (("vocab_size", vocab_size), ("context_length", context_length),
                        ("emb_dim", emb_dim), ("n_layers", n_layers)):
        if int(value) != value or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    V, C, E, L = int(vocab_size), int(context_length), int(emb_dim), int(n_layers)
    Q, X = QKV_MATRICES, FFN_EXPANSION
    attn_qkv = Q * E * E + (Q * E if qkv_bias else 0)
    attn_out = E * E + E
    ffn_in = E * X * E + X * E
    ffn_out = X * E * E + E
    norms = NORMS_PER_BLOCK * NORM_VECTORS * E  # 2 · (E + E)
    per_block = attn_qkv + attn_out + ffn_in + ffn_out + norms
    tok, pos, final = V * E, C * E, NORM_VECTORS * E
    total_tied = tok + pos + L * per_block + final
    total_untied = total_tied + V * E
    total = total_tied if tied else total_untied
    nbytes = total * BYTES_FLOAT32
    b_value, b_unit, b_base, b_exp = byte_unit(nbytes, BINARY_UNITS)
    d_value, d_unit, d_base, d_exp = byte_unit(nbytes, DECIMAL_UNITS)
    return GPT2Params(
        vocab_size=V, context_length=C, emb_dim=E, n_layers=L, qkv_bias=bool(qkv_bias), tied=bool(tied),
        tok_emb=tok, pos_emb=pos, attn_qkv=attn_qkv, attn_out=attn_out, ffn_in=ffn_in, ffn_out=ffn_out,
        ffn=ffn_in + ffn_out, norms=norms, per_block=per_block, blocks=L * per_block, final_norm=final,
        out_head=0 if tied else V * E, total=total, total_untied=total_untied, total_tied=total_tied,
        bytes_float32=nbytes, mib=nbytes / MIB, mb=nbytes / MB,
        size_binary=b_value, size_binary_unit=b_unit, binary_power=(b_base, b_exp),
        size_decimal=d_value, size_decimal_unit=d_unit, decimal_power=(d_base, d_exp),
    )


def gpt2_breakdown(p: GPT2Params) -> dict:
    """The parts of one count in drawing order, each summed over all blocks: name -> parameters."""
    L = p.n_layers
    return {
        "tok_emb": p.tok_emb,
        "pos_emb": p.pos_emb,
        "attn_qkv": L * p.attn_qkv,
        "attn_out": L * p.attn_out,
        "ffn": L * p.ffn,
        "norms": L * p.norms,
        "final_norm": p.final_norm,
        "out_head": p.out_head,
    }


@dataclass(frozen=True)
class GPT2Sizes:
    """The four GPT-2 sizes, tied and untied, and one model part by part (seed 004 §4.6).

    The model drawn part by part is GPT-2 small by default (the book's model); a preset picks another
    GPT-2 size, and emb_dim / n_layers / n_heads / vocab_size / context_length / qkv_bias / tied give
    any GPT-2-shaped configuration. The four sizes are counted with the same V, C and qkv_bias; when the
    model is not one of them it is drawn as a fifth bar ("bars").
    """

    vocab_size: int
    context_length: int
    qkv_bias: bool
    names: tuple  # ("small", "medium", "large", "xl")
    emb_dim: np.ndarray  # (4,)
    n_layers: np.ndarray  # (4,)
    n_heads: np.ndarray  # (4,) listed for completeness; the count does not depend on it
    per_block: np.ndarray  # (4,)
    untied: np.ndarray  # (4,) totals with a separate output head
    tied: np.ndarray  # (4,) totals with the head sharing the token embedding
    untied_mib: np.ndarray  # (4,) float32 size, 2^20-byte units
    untied_mb: np.ndarray  # (4,) float32 size, 10^6-byte units
    tied_mib: np.ndarray  # (4,)
    tied_mb: np.ndarray  # (4,)
    tied_with_qkv_bias: np.ndarray  # (4,) tied totals when Q, K, V carry biases (OpenAI's checkpoints)
    part_names: tuple  # the breakdown's parts, in drawing order
    small_untied: GPT2Params  # GPT-2 small as the book builds it
    small_tied: GPT2Params
    small_parts_untied: np.ndarray  # (parts,) counts of each part, summed over the 12 blocks
    small_parts_tied: np.ndarray  # (parts,)
    tying_saving: int  # V·E of the model, what weight tying removes
    tying_saving_mib: float
    untied_millions: np.ndarray  # (4,) untied / 10^6
    tied_millions: np.ndarray  # (4,) tied / 10^6
    small_parts_untied_millions: np.ndarray  # (parts,) small_parts_untied / 10^6
    # the model drawn part by part (GPT-2 small unless a preset or a shape says otherwise)
    preset: str  # the preset its shape started from
    model_name: str  # "small" … "xl" when it is one of the four GPT-2 sizes (V and C included), else ""
    model_emb_dim: int
    model_n_layers: int
    model_n_heads: int
    head_dim: int  # emb_dim / n_heads
    model_tied: bool  # which of its two counts is "the model" (the table shows this one)
    model_untied: GPT2Params
    model_tied_params: GPT2Params
    model_parts_untied: np.ndarray  # (parts,) summed over the blocks
    model_parts_tied: np.ndarray  # (parts,)
    model_axis_unit: str  # the part-by-part axis' unit: "", "K", "M" or "B"
    model_axis_scale: int  # 1, 10^3, 10^6 or 10^9
    model_parts_scaled: np.ndarray  # (parts,) model_parts_untied / model_axis_scale, drawn inside the bars
    tying_saving_size: float  # V·E · 4 bytes in the largest binary unit it reaches
    tying_saving_unit: str
    tying_saving_power: tuple
    # the bars: the four sizes, and the model when it is none of them
    bar_names: tuple  # ("small", …, "xl"[, "model"])
    bar_emb_dim: np.ndarray  # (bars,)
    bar_n_layers: np.ndarray  # (bars,)
    bar_n_heads: np.ndarray  # (bars,)
    bar_untied: np.ndarray  # (bars,)
    bar_tied: np.ndarray  # (bars,)
    model_bar: int  # index of the model's bar
    bars_axis_unit: str  # the sizes axis' unit
    bars_axis_scale: int
    bar_untied_scaled: np.ndarray  # (bars,) each count in its own unit (163.0M, 1.638B), to 4 significant digits
    bar_untied_unit: tuple  # (bars,) that unit's suffix
    bar_tied_scaled: np.ndarray  # (bars,)
    bar_tied_unit: tuple
    # the formula's constants as the figure writes them (3E², 4E, 2E, 2^20 bytes), so numbers.json holds them
    family: str  # "GPT-2"
    qkv_matrices: int  # 3: attention Q, K, V = 3E² per block
    ffn_expansion: int  # 4: feed forward (E·4E + 4E) + (4E·E + E)
    norms_per_block: int  # 2 LayerNorms per block
    norm_params_per_block: int  # 4: their scale and shift, 4E per block
    final_norm_vectors: int  # 2: the final LayerNorm's 2E
    mib_power: tuple  # (2, 20): MiB = 2^20 bytes
    mb_power: tuple  # (10, 6): MB = 10^6 bytes
    bar_untied_axis: np.ndarray = None  # (bars,) each count in the sizes axis' one unit (1,638.1 in millions)
    bar_tied_axis: np.ndarray = None  # (bars,)
    bar_head_percent: np.ndarray = None  # (bars,) the untied output head V·E in % of the untied total (23.7 for small)
    model_other_scaled: float = 0.0  # every LayerNorm (the position embedding is a part of its own), in the part axis' unit (one segment)
    # the Q, K, V biases of the model drawn: n_layers × 3 × emb_dim (GPT-2 small: 12 × 3 × 768 = 27,648), what
    # qkv_bias adds to either count, and the model's two counts without them (the book's GPTModel: qkv_bias off)
    qkv_bias_params: int = 0
    model_tied_no_bias: int = 0
    model_untied_no_bias: int = 0


PRESETS = tuple(name for name, *_ in GPT2_SIZES)


def gpt2_sizes(vocab_size: int = GPT2_VOCAB, context_length: int = GPT2_CONTEXT, qkv_bias: bool = False,
               sizes=GPT2_SIZES, preset: str = "small", emb_dim: int | None = None, n_layers: int | None = None,
               n_heads: int | None = None, tied: bool = False) -> GPT2Sizes:
    """Every count the param_count figure shows: the four sizes, and one model part by part.

    The model is the `preset` GPT-2 size ("small", "medium", "large", "xl"), with emb_dim, n_layers and
    n_heads replacing the preset's where given (None: the preset's). emb_dim must be a multiple of
    n_heads (each head reads emb_dim / n_heads numbers). `tied` says which count is the model's: with
    the output head sharing the token embedding, or not (the book's GPTModel: not).
    """
    rows = [(name, E, L, H) for name, E, L, H in sizes]
    by_name = {r[0]: r for r in rows}
    if preset not in by_name:
        raise ValueError(f"preset must be one of {', '.join(by_name)}, got {preset!r}")
    _, pE, pL, pH = by_name[preset]
    E = int(pE if emb_dim is None else emb_dim)
    L = int(pL if n_layers is None else n_layers)
    H = int(pH if n_heads is None else n_heads)
    if H < 1 or E % H:
        raise ValueError(f"emb_dim {E} must be a multiple of n_heads {H}")
    untied = [gpt2_params(vocab_size, context_length, e, l, qkv_bias, tied=False) for _, e, l, _ in rows]
    tied_p = [gpt2_params(vocab_size, context_length, e, l, qkv_bias, tied=True) for _, e, l, _ in rows]
    biased = [gpt2_params(vocab_size, context_length, e, l, True, tied=True).total for _, e, l, _ in rows]
    small_u, small_t = untied[0], tied_p[0]
    parts_u, parts_t = gpt2_breakdown(small_u), gpt2_breakdown(small_t)
    model_u = gpt2_params(vocab_size, context_length, E, L, qkv_bias, tied=False)
    model_t = gpt2_params(vocab_size, context_length, E, L, qkv_bias, tied=True)
    mparts_u, mparts_t = gpt2_breakdown(model_u), gpt2_breakdown(model_t)
    same_vc = (int(vocab_size), int(context_length)) == (GPT2_VOCAB, GPT2_CONTEXT)
    match = [i for i, (_, e, l, h) in enumerate(rows) if (e, l, h) == (E, L, H)]
    model_name = rows[match[0]][0] if match and same_vc else ""
    bar_rows = list(rows) if match else [*rows, ("model", E, L, H)]
    bar_u = [p.total for p in untied] + ([] if match else [model_u.total])
    bar_t = [p.total for p in tied_p] + ([] if match else [model_t.total])
    m_unit, m_scale = axis_unit(model_u.total)
    b_unit, b_scale = axis_unit(max(bar_u))
    saving = model_u.total - model_t.total
    s_value, s_unit, s_base, s_exp = byte_unit(saving * BYTES_FLOAT32, BINARY_UNITS)
    return GPT2Sizes(
        vocab_size=vocab_size,
        context_length=context_length,
        qkv_bias=bool(qkv_bias),
        names=tuple(r[0] for r in rows),
        emb_dim=np.array([r[1] for r in rows]),
        n_layers=np.array([r[2] for r in rows]),
        n_heads=np.array([r[3] for r in rows]),
        per_block=np.array([p.per_block for p in untied]),
        untied=np.array([p.total for p in untied]),
        tied=np.array([p.total for p in tied_p]),
        untied_mib=np.array([p.mib for p in untied]),
        untied_mb=np.array([p.mb for p in untied]),
        tied_mib=np.array([p.mib for p in tied_p]),
        tied_mb=np.array([p.mb for p in tied_p]),
        tied_with_qkv_bias=np.array(biased),
        part_names=tuple(parts_u),
        small_untied=small_u,
        small_tied=small_t,
        small_parts_untied=np.array(list(parts_u.values())),
        small_parts_tied=np.array(list(parts_t.values())),
        tying_saving=saving,
        tying_saving_mib=saving * BYTES_FLOAT32 / MIB,
        untied_millions=np.array([p.total for p in untied]) / 1e6,
        tied_millions=np.array([p.total for p in tied_p]) / 1e6,
        small_parts_untied_millions=np.array(list(parts_u.values())) / 1e6,
        preset=preset, model_name=model_name, model_emb_dim=E, model_n_layers=L, model_n_heads=H,
        head_dim=E // H, model_tied=bool(tied), model_untied=model_u, model_tied_params=model_t,
        model_parts_untied=np.array(list(mparts_u.values())),
        model_parts_tied=np.array(list(mparts_t.values())),
        model_axis_unit=m_unit, model_axis_scale=m_scale,
        model_parts_scaled=np.array(list(mparts_u.values())) / m_scale,
        tying_saving_size=s_value, tying_saving_unit=s_unit, tying_saving_power=(s_base, s_exp),
        bar_names=tuple(r[0] for r in bar_rows),
        bar_emb_dim=np.array([r[1] for r in bar_rows]),
        bar_n_layers=np.array([r[2] for r in bar_rows]),
        bar_n_heads=np.array([r[3] for r in bar_rows]),
        bar_untied=np.array(bar_u),
        bar_tied=np.array(bar_t),
        model_bar=match[0] if match else len(rows),
        bars_axis_unit=b_unit, bars_axis_scale=b_scale,
        bar_untied_scaled=np.array([count_unit(n)[0] for n in bar_u]),
        bar_untied_unit=tuple(count_unit(n)[1] for n in bar_u),
        bar_tied_scaled=np.array([count_unit(n)[0] for n in bar_t]),
        bar_tied_unit=tuple(count_unit(n)[1] for n in bar_t),
        family=GPT2_FAMILY, qkv_matrices=QKV_MATRICES, ffn_expansion=FFN_EXPANSION,
        norms_per_block=NORMS_PER_BLOCK, norm_params_per_block=NORMS_PER_BLOCK * NORM_VECTORS,
        final_norm_vectors=NORM_VECTORS, mib_power=MIB_POWER, mb_power=MB_POWER,
        bar_untied_axis=np.array(bar_u) / b_scale, bar_tied_axis=np.array(bar_t) / b_scale,
        model_other_scaled=sum(mparts_u[k] for k in OTHER_PARTS) / m_scale,
        bar_head_percent=100 * (np.array(bar_u) - np.array(bar_t)) / np.array(bar_u),
        qkv_bias_params=L * QKV_MATRICES * E,
        model_tied_no_bias=gpt2_params(vocab_size, context_length, E, L, False, tied=True).total,
        model_untied_no_bias=gpt2_params(vocab_size, context_length, E, L, False, tied=False).total,
    )
