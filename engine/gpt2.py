"""GPT-2 sizes, the FeedForward's shapes and the causal mask: counts and tables for seed 004.

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
  (docs/design.md §3). n_heads does not change the count (it only splits E).
- §4.3 "FeedForward：768 → 3072 → 768": the shape flow [2, 3, 768] → [2, 3, 3072] → [2, 3, 768],
  computed by a real forward pass.
- §4.1 "深入：為什麼能一次算 4 個位置，又不會「偷看未來」？（causal mask）": the 4-token mask
  ("Every effort moves you"), what each position may see and its training target.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.attention import softmax

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
    return GPT2Params(
        vocab_size=V, context_length=C, emb_dim=E, n_layers=L, qkv_bias=bool(qkv_bias), tied=bool(tied),
        tok_emb=tok, pos_emb=pos, attn_qkv=attn_qkv, attn_out=attn_out, ffn_in=ffn_in, ffn_out=ffn_out,
        ffn=ffn_in + ffn_out, norms=norms, per_block=per_block, blocks=L * per_block, final_norm=final,
        out_head=0 if tied else V * E, total=total, total_untied=total_untied, total_tied=total_tied,
        bytes_float32=nbytes, mib=nbytes / MIB, mb=nbytes / MB,
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
    """The four GPT-2 sizes, tied and untied, and the small model's breakdown (seed 004 §4.6)."""

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
    tying_saving: int  # V·E, what weight tying removes
    tying_saving_mib: float
    untied_millions: np.ndarray  # (4,) untied / 10^6, the bars' unit
    tied_millions: np.ndarray  # (4,) tied / 10^6
    small_parts_untied_millions: np.ndarray  # (parts,) small_parts_untied / 10^6
    # the formula's constants as the figure writes them (3E², 4E, 2E, 2^20 bytes), so numbers.json holds them
    family: str  # "GPT-2"
    qkv_matrices: int  # 3: attention Q, K, V = 3E² per block
    ffn_expansion: int  # 4: feed forward (E·4E + 4E) + (4E·E + E)
    norms_per_block: int  # 2 LayerNorms per block
    norm_params_per_block: int  # 4: their scale and shift, 4E per block
    final_norm_vectors: int  # 2: the final LayerNorm's 2E
    mib_power: tuple  # (2, 20): MiB = 2^20 bytes
    mb_power: tuple  # (10, 6): MB = 10^6 bytes


def gpt2_sizes(vocab_size: int = GPT2_VOCAB, context_length: int = GPT2_CONTEXT, qkv_bias: bool = False,
               sizes=GPT2_SIZES) -> GPT2Sizes:
    """Every count the param_count figure shows: the four sizes and GPT-2 small part by part."""
    rows = [(name, E, L, H) for name, E, L, H in sizes]
    untied = [gpt2_params(vocab_size, context_length, E, L, qkv_bias, tied=False) for _, E, L, _ in rows]
    tied = [gpt2_params(vocab_size, context_length, E, L, qkv_bias, tied=True) for _, E, L, _ in rows]
    biased = [gpt2_params(vocab_size, context_length, E, L, True, tied=True).total for _, E, L, _ in rows]
    small_u, small_t = untied[0], tied[0]
    parts_u, parts_t = gpt2_breakdown(small_u), gpt2_breakdown(small_t)
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
        tied=np.array([p.total for p in tied]),
        untied_mib=np.array([p.mib for p in untied]),
        untied_mb=np.array([p.mb for p in untied]),
        tied_mib=np.array([p.mib for p in tied]),
        tied_mb=np.array([p.mb for p in tied]),
        tied_with_qkv_bias=np.array(biased),
        part_names=tuple(parts_u),
        small_untied=small_u,
        small_tied=small_t,
        small_parts_untied=np.array(list(parts_u.values())),
        small_parts_tied=np.array(list(parts_t.values())),
        tying_saving=small_u.total - small_t.total,
        tying_saving_mib=(small_u.total - small_t.total) * BYTES_FLOAT32 / MIB,
        untied_millions=np.array([p.total for p in untied]) / 1e6,
        tied_millions=np.array([p.total for p in tied]) / 1e6,
        small_parts_untied_millions=np.array(list(parts_u.values())) / 1e6,
        family=GPT2_FAMILY, qkv_matrices=QKV_MATRICES, ffn_expansion=FFN_EXPANSION,
        norms_per_block=NORMS_PER_BLOCK, norm_params_per_block=NORMS_PER_BLOCK * NORM_VECTORS,
        final_norm_vectors=NORM_VECTORS, mib_power=MIB_POWER, mb_power=MB_POWER,
    )


# ---------------------------------------------------------------------------------------------
# §4.3 the FeedForward's shape flow


@dataclass(frozen=True)
class FFNShapes:
    """Shapes through Linear(E, 4E) → GELU → Linear(4E, E), from a real forward pass (seed 004 §4.3)."""

    emb_dim: int
    hidden_dim: int
    expansion: int
    seed: int
    stages: tuple  # ("input", "linear1", "gelu", "linear2")
    shapes: tuple  # the tensor shape after each stage
    weights: np.ndarray  # (4,) weight parameters of each stage (0 for input and GELU)
    biases: np.ndarray  # (4,) bias parameters of each stage
    params: np.ndarray  # (4,) weights + biases
    total_params: int
    input_rms: float  # RMS of the random input
    output_rms: float  # RMS of the output (shape unchanged, content changed)
    block_params: int  # one transformer block of this width with this FFN (gpt2_params formula)
    block_share: float  # total_params / block_params
    block_percent: float  # the same share in percent, as figures print it


def ffn_shapes(emb_dim: int = 768, expansion: int = 4, batch: int = 2, tokens: int = 3, seed: int = 0) -> FFNShapes:
    """Run x of shape (batch, tokens, emb_dim) through the FeedForward with random weights."""
    rng = np.random.default_rng(seed)
    E, H = int(emb_dim), int(expansion) * int(emb_dim)
    bound1, bound2 = 1 / np.sqrt(E), 1 / np.sqrt(H)  # nn.Linear's default init range
    w1 = rng.uniform(-bound1, bound1, (E, H)).astype(np.float32)  # (E, 4E)
    b1 = rng.uniform(-bound1, bound1, H).astype(np.float32)  # (4E,)
    w2 = rng.uniform(-bound2, bound2, (H, E)).astype(np.float32)  # (4E, E)
    b2 = rng.uniform(-bound2, bound2, E).astype(np.float32)  # (E,)
    x = rng.standard_normal((batch, tokens, E)).astype(np.float32)  # (B, T, E)
    h1 = x @ w1 + b1  # (B, T, 4E)
    h2 = 0.5 * h1 * (1 + np.tanh(np.sqrt(2 / np.pi) * (h1 + 0.044715 * h1**3)))  # (B, T, 4E)
    y = h2 @ w2 + b2  # (B, T, E)
    weights = np.array([0, w1.size, 0, w2.size])
    biases = np.array([0, b1.size, 0, b2.size])
    g = gpt2_params(emb_dim=E)
    block = int(g.per_block - g.ffn + (weights + biases).sum())  # a block whose FFN is this one
    return FFNShapes(
        emb_dim=E, hidden_dim=H, expansion=int(expansion), seed=seed,
        stages=("input", "linear1", "gelu", "linear2"),
        shapes=tuple(tuple(int(n) for n in a.shape) for a in (x, h1, h2, y)),
        weights=weights, biases=biases, params=weights + biases, total_params=int((weights + biases).sum()),
        input_rms=float(np.sqrt(np.mean(x.astype(float) ** 2))),
        output_rms=float(np.sqrt(np.mean(y.astype(float) ** 2))),
        block_params=block,
        block_share=float((weights + biases).sum() / block),
        block_percent=float(100 * (weights + biases).sum() / block),
    )


# ---------------------------------------------------------------------------------------------
# §4.1 the causal mask


@dataclass(frozen=True)
class CausalMask:
    """What each position may see under the causal mask, and what it is trained to predict."""

    tokens: tuple  # the input tokens, one per position
    token_ids: tuple  # their GPT-2 token IDs (seed 004 §4.1's batch)
    targets: tuple  # the next token each position is trained to predict (the input shifted left)
    allowed: np.ndarray  # (T, T) bool: query row i may use key column j (j ≤ i)
    additive: np.ndarray  # (T, T) 0 where allowed, -inf where masked (added to the scores)
    uniform_weights: np.ndarray  # (T, T) softmax of equal scores under the mask: 1/(i+1) or exactly 0
    visible: np.ndarray  # (T,) how many tokens position i sees
    n_allowed: int
    n_masked: int


def causal_mask_table(tokens=("Every", "effort", "moves", "you"), token_ids=(6109, 3626, 6100, 345),
                next_token: str = "forward") -> CausalMask:
    """The mask of seed 004 §4.1's widget: position i sees tokens 1..i; target i is token i+1."""
    T = len(tokens)
    if len(token_ids) != T or T < 1:
        raise ValueError("tokens and token_ids must be non-empty and of the same length")
    allowed = np.tril(np.ones((T, T), dtype=bool))  # (T, T)
    additive = np.where(allowed, 0.0, -np.inf)  # (T, T)
    scores = np.zeros((T, T)) + additive  # (T, T) equal scores, masked
    weights = softmax(scores, axis=1)  # (T, T) exp(-inf) = 0 exactly
    return CausalMask(
        tokens=tuple(tokens), token_ids=tuple(int(i) for i in token_ids),
        targets=tuple(tokens[1:]) + (next_token,),
        allowed=allowed, additive=additive, uniform_weights=weights,
        visible=allowed.sum(axis=1), n_allowed=int(allowed.sum()), n_masked=int((~allowed).sum()),
    )
