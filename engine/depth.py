"""The lesson's block stacked three deep, as Pre-LN and as Post-LN: why Pre-LN keeps an identity path over depth.

The same lesson weights are reused in every block (a trained stack has its own weights per block; here the point is
only what the skip line does to the stream). P is added once, at the input: block 1 gets X + P, each later block the
output of the block before it.

    Pre-LN  (engine.block.prenorm_block):  x_{k+1} = x_k + F(LN(x_k))   — the stream is never normalised
    Post-LN (engine.postln):                x_{k+1} = LN(x_k + F(x_k))   — normalised after every add

Each stream's rows are recorded after every block with their population std: Pre-LN's token-a std grows block by
block (0.71 → 1.32 → 1.90 → 2.43 for seed 000), Post-LN's is 1 after each block (ε = 0).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.block import LESSON_POSITIONS, LESSON_WEIGHTS, LESSON_X, BlockWeights, attention_sublayer, ffn_sublayer, prenorm_block
from engine.postln import postln_sublayer

DEPTH = 3  # blocks in the stack


@dataclass(frozen=True, eq=False)
class DepthRecord:
    """Both streams through `blocks` blocks (index 0: the input X + P, index k: after block k)."""

    pre: np.ndarray  # (blocks + 1, T, d) the Pre-LN stream
    pre_std: np.ndarray  # (blocks + 1, T) each row's population std
    post: np.ndarray  # (blocks + 1, T, d) the Post-LN stream
    post_std: np.ndarray  # (blocks + 1, T)
    blocks: int
    eps: float


def stacked_blocks(X=LESSON_X, positions=LESSON_POSITIONS, weights: BlockWeights = LESSON_WEIGHTS,
                   eps: float = 0.0, blocks: int = DEPTH) -> DepthRecord:
    """The lesson's block applied `blocks` times to X (+ P at `positions`, None: P = 0), the same weights in every
    block, as Pre-LN (x + F(LN(x)) twice a block) and as Post-LN (LN(x + F(x)) twice a block)."""
    first = prenorm_block(X, positions, weights, eps)
    pre, post = [first.X_in], [first.X_in]  # (T, d) each
    for _ in range(blocks):
        pre.append(prenorm_block(pre[-1], None, weights, eps).Y)  # P only once, at the input
        z = postln_sublayer(post[-1], lambda x: attention_sublayer(x, weights, False)[-1], eps)
        post.append(postln_sublayer(z, lambda x: ffn_sublayer(x, weights)[-1], eps))
    pre_a, post_a = np.array(pre), np.array(post)  # (blocks + 1, T, d)
    return DepthRecord(pre=pre_a, pre_std=pre_a.std(axis=2), post=post_a, post_std=post_a.std(axis=2),
                       blocks=int(blocks), eps=float(eps))
