"""The book's untrained GPTModel: a word's embedding row and greedy generation, token by token.

Implements seed 004 (004_bed12ab9efcd69b0.html):

- §4.1 "動畫：一個英文字如何走進模型": a word → its GPT-2 token ID → that row of nn.Embedding →
  a 768-number vector. The page's values are marked as illustrative; here they are the real rows of
  the model built below (torch.manual_seed(123), the book's seed), so every number shown is one the
  model holds.
- §4.7 "實跑：模型還沒訓練，會發生什麼事？": "Hello, I am" = [15496, 11, 314, 716], model.eval(),
  generate_text_simple with 6 new tokens: each step feeds the IDs so far, keeps the last position's
  logits, softmax, argmax, and appends the winner. The page's script ends before this widget's code;
  the book's printed output [15496, 11, 314, 716, 27018, 24086, 47843, 30961, 42348, 7267] is
  reproduced here by building the book's GPTModel (GPT_CONFIG_124M, no Q/K/V biases, untied head)
  after torch.manual_seed(123), in the book's module order, float32.

The model has 163,009,536 parameters (about 0.65 GB of float32) and takes a few seconds to build;
prompt_runs builds it once and keeps only the answers. torch is imported inside the functions, never at module
import. Token IDs are GPT-2's (the seed's batch and prompt); the tokenizer itself is not part of the
engine, so a generated ID is shown as its number.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

BOOK_SEED = 123
GPT_CONFIG_124M = {"vocab_size": 50257, "context_length": 1024, "emb_dim": 768, "n_heads": 12,
                   "n_layers": 12, "drop_rate": 0.1, "qkv_bias": False}
# the prompts the seed names, with their GPT-2 token IDs (§4.7's prompt, §4.1's two batch sentences)
PROMPTS = (
    ("Hello, I am", ("Hello", ",", " I", " am"), (15496, 11, 314, 716)),
    ("Every effort moves you", ("Every", " effort", " moves", " you"), (6109, 3626, 6100, 345)),
    ("Every day holds a", ("Every", " day", " holds", " a"), (6109, 1110, 6622, 257)),
)
MAX_NEW_TOKENS = 6  # §4.7: "生成 6 個新 token"


def _book_model(cfg: dict, seed: int):
    """The book's GPTModel (ch. 4), module for module, built after torch.manual_seed(seed), in eval mode."""
    import torch
    from torch import nn

    class MultiHeadAttention(nn.Module):
        def __init__(self, d, ctx, drop, heads, qkv_bias):
            super().__init__()
            self.heads, self.hd, self.d = heads, d // heads, d
            self.W_query = nn.Linear(d, d, bias=qkv_bias)
            self.W_key = nn.Linear(d, d, bias=qkv_bias)
            self.W_value = nn.Linear(d, d, bias=qkv_bias)
            self.out_proj = nn.Linear(d, d)
            self.dropout = nn.Dropout(drop)
            self.register_buffer("mask", torch.triu(torch.ones(ctx, ctx), diagonal=1))

        def forward(self, x):
            b, n, _ = x.shape  # (b, n, d)
            k, q, v = (f(x).view(b, n, self.heads, self.hd).transpose(1, 2)
                       for f in (self.W_key, self.W_query, self.W_value))  # (b, h, n, hd) each
            s = (q @ k.transpose(2, 3)).masked_fill(self.mask.bool()[:n, :n], -torch.inf)  # (b, h, n, n)
            w = self.dropout(torch.softmax(s / k.shape[-1] ** 0.5, dim=-1))
            return self.out_proj((w @ v).transpose(1, 2).contiguous().view(b, n, self.d))  # (b, n, d)

    class LayerNorm(nn.Module):
        def __init__(self, d):
            super().__init__()
            self.eps = 1e-5
            self.scale, self.shift = nn.Parameter(torch.ones(d)), nn.Parameter(torch.zeros(d))

        def forward(self, x):
            mean, var = x.mean(dim=-1, keepdim=True), x.var(dim=-1, keepdim=True, unbiased=False)
            return self.scale * (x - mean) / torch.sqrt(var + self.eps) + self.shift

    class GELU(nn.Module):
        def forward(self, x):
            return 0.5 * x * (1 + torch.tanh(torch.sqrt(torch.tensor(2.0 / torch.pi)) * (x + 0.044715 * x**3)))

    class Block(nn.Module):
        def __init__(self, c):
            super().__init__()
            d = c["emb_dim"]
            self.att = MultiHeadAttention(d, c["context_length"], c["drop_rate"], c["n_heads"], c["qkv_bias"])
            self.ff = nn.Sequential(nn.Linear(d, 4 * d), GELU(), nn.Linear(4 * d, d))
            self.norm1, self.norm2 = LayerNorm(d), LayerNorm(d)
            self.drop_shortcut = nn.Dropout(c["drop_rate"])

        def forward(self, x):
            x = x + self.drop_shortcut(self.att(self.norm1(x)))
            return x + self.drop_shortcut(self.ff(self.norm2(x)))

    class GPTModel(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.tok_emb = nn.Embedding(c["vocab_size"], c["emb_dim"])
            self.pos_emb = nn.Embedding(c["context_length"], c["emb_dim"])
            self.drop_emb = nn.Dropout(c["drop_rate"])
            self.trf_blocks = nn.Sequential(*[Block(c) for _ in range(c["n_layers"])])
            self.final_norm = LayerNorm(c["emb_dim"])
            self.out_head = nn.Linear(c["emb_dim"], c["vocab_size"], bias=False)

        def forward(self, idx):
            n = idx.shape[1]
            x = self.drop_emb(self.tok_emb(idx) + self.pos_emb(torch.arange(n)))
            return self.out_head(self.final_norm(self.trf_blocks(x)))  # (b, n, vocab)

    torch.manual_seed(seed)
    return GPTModel(cfg).eval()


@dataclass(frozen=True)
class GreedyRun:
    """generate_text_simple on one prompt: the IDs after each step and what each step chose."""

    seed: int
    prompt: str
    prompt_pieces: tuple  # the prompt's tokens as text (GPT-2's pieces, a leading space kept)
    prompt_ids: tuple
    ids: tuple  # prompt + every generated ID
    new_ids: tuple  # (steps,) the argmax of each step
    new_prob: np.ndarray  # (steps,) its softmax probability
    new_logit: np.ndarray  # (steps,) its logit
    runner_up_id: tuple  # (steps,) the second-best ID
    runner_up_prob: np.ndarray  # (steps,)
    vocab_size: int


@dataclass(frozen=True)
class EmbeddingRows:
    """Rows of the untrained model's token embedding (tok_emb.weight), one per token ID."""

    seed: int
    ids: tuple
    rows: np.ndarray  # (len(ids), emb_dim) float32 values as float64
    emb_dim: int
    vocab_size: int


def _one_thread():
    from engine.training import _one_thread as one

    return one()


def greedy_generate(prompt_ids=PROMPTS[0][2], max_new_tokens: int = MAX_NEW_TOKENS, seed: int = BOOK_SEED,
                    prompt: str = "", pieces=(), model=None) -> GreedyRun:
    """Seed 004 §4.7: greedy decoding with the untrained book model (argmax of the last position's softmax).

    `model`: an already built book model for `seed` (book_model), else one is built for this call."""
    import torch

    ids = [int(i) for i in prompt_ids]
    vocab = GPT_CONFIG_124M["vocab_size"]
    if not ids or any(not 0 <= i < vocab for i in ids):
        raise ValueError(f"prompt_ids must be a non-empty list of token IDs in 0 … {vocab - 1}")
    if int(max_new_tokens) < 1:
        raise ValueError("max_new_tokens must be at least 1")
    new, prob, logit, second, second_p = [], [], [], [], []
    with _one_thread(), torch.no_grad():
        model = model if model is not None else book_model(seed)
        ctx = GPT_CONFIG_124M["context_length"]
        for _ in range(int(max_new_tokens)):
            logits = model(torch.tensor([ids[-ctx:]]))[0, -1, :]  # (vocab,) the last position only
            probas = torch.softmax(logits, dim=-1)  # (vocab,)
            top = torch.topk(probas, 2)
            nxt = int(torch.argmax(probas))
            new.append(nxt)
            prob.append(float(probas[nxt]))
            logit.append(float(logits[nxt]))
            second.append(int(top.indices[1]))
            second_p.append(float(top.values[1]))
            ids.append(nxt)
    return GreedyRun(seed=int(seed), prompt=prompt, prompt_pieces=tuple(pieces), prompt_ids=tuple(prompt_ids),
                     ids=tuple(ids), new_ids=tuple(new), new_prob=np.array(prob), new_logit=np.array(logit),
                     runner_up_id=tuple(second), runner_up_prob=np.array(second_p), vocab_size=vocab)


def book_model(seed: int = BOOK_SEED):
    """The book's GPTModel (GPT_CONFIG_124M) built after torch.manual_seed(seed), in eval mode (a few seconds)."""
    with _one_thread():
        return _book_model(GPT_CONFIG_124M, int(seed))


@lru_cache(maxsize=2)
def prompt_runs(seed: int = BOOK_SEED, max_new_tokens: int = MAX_NEW_TOKENS) -> tuple:
    """greedy_generate for each of the seed's prompts (PROMPTS), and embedding_rows for their tokens and
    both neighbours of each ID: (runs, rows). One model is built for all of them and then let go; the
    answer is kept for the process (the page's widgets and predictions share it)."""
    model = book_model(seed)
    runs = tuple(greedy_generate(ids, max_new_tokens, seed, text, pieces, model) for text, pieces, ids in PROMPTS)
    ids = sorted({j for _, _, prompt in PROMPTS for i in prompt for j in (i - 1, i, i + 1)})
    return runs, embedding_rows(ids, seed, model)


def embedding_rows(ids, seed: int = BOOK_SEED, model=None) -> EmbeddingRows:
    """Seed 004 §4.1: tok_emb.weight[id] for each ID, from the book model built with `seed` (or `model`)."""
    ids = tuple(int(i) for i in ids)
    vocab = GPT_CONFIG_124M["vocab_size"]
    if any(not 0 <= i < vocab for i in ids):
        raise ValueError(f"token IDs must be in 0 … {vocab - 1}")
    weight = (model if model is not None else book_model(seed)).tok_emb.weight  # (vocab, emb_dim)
    rows = weight[list(ids)].detach().double().numpy()  # (n, emb_dim)
    return EmbeddingRows(seed=int(seed), ids=ids, rows=rows, emb_dim=GPT_CONFIG_124M["emb_dim"], vocab_size=vocab)
