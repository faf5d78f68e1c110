"""The causal mask, seed 004 (004_bed12ab9efcd69b0.html) §4.1 "深入：為什麼能一次算 4 個位置，又不會
「偷看未來」？（causal mask）": the 4-token mask ("Every effort moves you"), what each position may see and
its training target; any sentence, with or without token ids.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.attention import softmax


@dataclass(frozen=True)
class CausalMask:
    """What each position may see under the causal mask, and what it is trained to predict."""

    tokens: tuple  # the input tokens, one per position
    token_ids: tuple  # their token IDs (GPT-2's for seed 004 §4.1's batch), () when not given
    targets: tuple  # the next token each position is trained to predict (the input shifted left; "" = unnamed)
    allowed: np.ndarray  # (T, T) bool: query row i may use key column j (j ≤ i)
    additive: np.ndarray  # (T, T) 0 where allowed, -inf where masked (added to the scores)
    uniform_weights: np.ndarray  # (T, T) softmax of equal scores under the mask: 1/(i+1) or exactly 0
    visible: np.ndarray  # (T,) how many tokens position i sees
    n_allowed: int
    n_masked: int


DEFAULT_SENTENCE = ("Every", "effort", "moves", "you")
DEFAULT_IDS = (6109, 3626, 6100, 345)  # GPT-2's token ids of the default sentence
DEFAULT_NEXT = "forward"


def causal_mask_table(tokens=DEFAULT_SENTENCE, token_ids=None, next_token: str | None = None) -> CausalMask:
    """The mask of seed 004 §4.1's widget: position i sees tokens 1..i; target i is token i+1.

    token_ids and next_token default to GPT-2's ids and "forward" for the default sentence; for another
    sentence to no ids (()) and an unnamed next token ("").
    """
    tokens = tuple(str(t) for t in tokens)
    T = len(tokens)
    default = tokens == DEFAULT_SENTENCE
    if token_ids is None:
        token_ids = DEFAULT_IDS if default else ()
    if next_token is None:
        next_token = DEFAULT_NEXT if default else ""
    if T < 1 or (len(token_ids) and len(token_ids) != T):
        raise ValueError("tokens must be non-empty, and token_ids (if given) one per token")
    allowed = np.tril(np.ones((T, T), dtype=bool))  # (T, T)
    additive = np.where(allowed, 0.0, -np.inf)  # (T, T)
    scores = np.zeros((T, T)) + additive  # (T, T) equal scores, masked
    weights = softmax(scores, axis=1)  # (T, T) exp(-inf) = 0 exactly
    return CausalMask(
        tokens=tokens, token_ids=tuple(int(i) for i in token_ids),
        targets=tokens[1:] + (str(next_token),),
        allowed=allowed, additive=additive, uniform_weights=weights,
        visible=allowed.sum(axis=1), n_allowed=int(allowed.sum()), n_masked=int((~allowed).sum()),
    )
