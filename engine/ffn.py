"""The FeedForward's shape flow, seed 004 (004_bed12ab9efcd69b0.html) §4.3 "FeedForward：768 → 3072 →
768": [2, 3, 768] → [2, 3, 3072] → [2, 3, 768], computed by a real forward pass (any width, expansion,
batch and sentence length), with each Linear's weight and bias count and its share of a block.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.gpt2 import gpt2_params


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
    rms_rows: int  # token vectors the two RMS values cover (all of them, up to FFN_SAMPLE_ROWS)
    block_params: int  # one transformer block of this width with this FFN (gpt2_params formula)
    block_share: float  # total_params / block_params
    block_percent: float  # the same share in percent, as figures print it


FFN_SAMPLE_ROWS = 256  # token vectors the forward pass runs through (all of them up to this many)
_CHUNK = 1 << 22  # random numbers drawn per call when filling a large weight matrix


def _uniform32(rng, low: float, high: float, shape) -> np.ndarray:
    """rng.uniform(low, high, shape).astype(float32), drawn row block by row block so that a large
    matrix never exists in float64 (the generator's stream, so the values, are the same)."""
    rows, cols = shape
    out = np.empty(shape, dtype=np.float32)
    step = max(1, _CHUNK // cols)
    for r in range(0, rows, step):
        n = min(step, rows - r)
        out[r:r + n] = rng.uniform(low, high, (n, cols))
    return out


def ffn_shapes(emb_dim: int = 768, expansion: int = 4, batch: int = 2, tokens: int = 3, seed: int = 0) -> FFNShapes:
    """Run x of shape (batch, tokens, emb_dim) through the FeedForward with random weights.

    The weights are drawn in full; the forward pass runs on the first FFN_SAMPLE_ROWS token vectors of x
    (all of them for up to that many: the lesson's [2, 3, 768] runs whole). Each token vector goes
    through the FeedForward on its own, so the shapes after each stage are those of the whole batch.
    """
    rng = np.random.default_rng(seed)
    E, H = int(emb_dim), int(expansion) * int(emb_dim)
    B, T = int(batch), int(tokens)
    bound1, bound2 = 1 / np.sqrt(E), 1 / np.sqrt(H)  # nn.Linear's default init range
    w1 = _uniform32(rng, -bound1, bound1, (E, H))  # (E, 4E)
    b1 = rng.uniform(-bound1, bound1, H).astype(np.float32)  # (4E,)
    w2 = _uniform32(rng, -bound2, bound2, (H, E))  # (4E, E)
    b2 = rng.uniform(-bound2, bound2, E).astype(np.float32)  # (E,)
    rows = min(B * T, FFN_SAMPLE_ROWS)
    x = rng.standard_normal((rows, E)).astype(np.float32)  # (rows, E): the first rows of x (B, T, E)
    h1 = x @ w1 + b1  # (rows, 4E)
    h2 = 0.5 * h1 * (1 + np.tanh(np.sqrt(2 / np.pi) * (h1 + 0.044715 * h1**3)))  # (rows, 4E)
    y = h2 @ w2 + b2  # (rows, E)
    lead = (B, T)
    weights = np.array([0, w1.size, 0, w2.size])
    biases = np.array([0, b1.size, 0, b2.size])
    g = gpt2_params(emb_dim=E)
    block = int(g.per_block - g.ffn + (weights + biases).sum())  # a block whose FFN is this one
    return FFNShapes(
        emb_dim=E, hidden_dim=H, expansion=int(expansion), seed=seed,
        stages=("input", "linear1", "gelu", "linear2"),
        shapes=tuple(lead + (int(a.shape[-1]),) for a in (x, h1, h2, y)),
        weights=weights, biases=biases, params=weights + biases, total_params=int((weights + biases).sum()),
        input_rms=float(np.sqrt(np.mean(x.astype(float) ** 2))),
        output_rms=float(np.sqrt(np.mean(y.astype(float) ** 2))),
        rms_rows=rows,
        block_params=block,
        block_share=float((weights + biases).sum() / block),
        block_percent=float(100 * (weights + biases).sum() / block),
    )


# -- the FeedForward's arithmetic on one small token vector ------------------------------------
FFN_STEP_X = np.round(np.arange(-2.0, 2.0 + 1e-9, 0.5), 10)  # the lesson page's sliders for x₀ and x₁


@dataclass(frozen=True)
class FFNSteps:
    """x → h = x W₁ + b₁ → g = GELU(h) → y = g W₂ + b₂ for one token vector (seed 004 §4.3)."""

    emb_dim: int
    hidden_dim: int
    seed: int
    x: np.ndarray  # (E,)
    W1: np.ndarray  # (E, 4E)
    b1: np.ndarray  # (4E,)
    h: np.ndarray  # (4E,) = x W₁ + b₁
    g: np.ndarray  # (4E,) = GELU(h), tanh approximation
    W2: np.ndarray  # (4E, E)
    b2: np.ndarray  # (E,)
    y: np.ndarray  # (E,) = g W₂ + b₂: the same width as x


def ffn_weights(emb_dim: int = 2, expansion: int = 4, seed: int = 0) -> tuple:
    """(W₁ (E, 4E), b₁, W₂ (4E, E), b₂) drawn as nn.Linear draws them: uniform in ±1/√fan_in."""
    rng = np.random.default_rng(seed)
    E, H = int(emb_dim), int(expansion) * int(emb_dim)
    if E < 1 or H < E:
        raise ValueError(f"emb_dim must be at least 1 and expansion at least 1, got {emb_dim}, {expansion}")
    b1, b2 = 1 / np.sqrt(E), 1 / np.sqrt(H)
    return (rng.uniform(-b1, b1, (E, H)), rng.uniform(-b1, b1, H),
            rng.uniform(-b2, b2, (H, E)), rng.uniform(-b2, b2, E))


def ffn_steps(x=(1.0, -0.5), expansion: int = 4, seed: int = 0) -> FFNSteps:
    """The FeedForward of seed 004 §4.3 (Linear(E, 4E) → GELU → Linear(4E, E)) on one token vector x
    of width E = len(x), with small random weights (ffn_weights), every intermediate kept. The shapes
    are those of ffn_shapes at width E; the numbers are small enough to read."""
    from engine.activations import gelu

    x = np.atleast_1d(np.asarray(x, dtype=float))  # (E,)
    W1, b1, W2, b2 = ffn_weights(x.size, expansion, seed)
    h = x @ W1 + b1  # (4E,)
    g = gelu(h)  # (4E,)
    y = g @ W2 + b2  # (E,)
    return FFNSteps(emb_dim=x.size, hidden_dim=W1.shape[1], seed=int(seed), x=x, W1=W1, b1=b1, h=h, g=g,
                    W2=W2, b2=b2, y=y)
