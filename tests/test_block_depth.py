"""engine.depth.stacked_blocks: the lesson block three deep, as Pre-LN and as Post-LN (scenes.prenorm.depth)."""
import numpy as np

from engine.block import LESSON_WEIGHTS, attention_sublayer, ffn_sublayer, prenorm_block, row_layer_norm
from engine.depth import stacked_blocks
from engine.postln import postln_block


def test_depth_streams_match_one_block_applied_again():
    r = stacked_blocks()
    assert r.pre.shape[0] == r.post.shape[0] == r.blocks + 1 == 4
    assert np.allclose(r.pre[1], prenorm_block().Y) and np.allclose(r.post[1], postln_block().Y)
    for k in range(1, r.blocks):  # by hand: each later block gets the stream, P = 0, the same weights
        x = r.pre[k]
        z = x + attention_sublayer(row_layer_norm(x)[0], LESSON_WEIGHTS)[-1]
        np.testing.assert_allclose(r.pre[k + 1], z + ffn_sublayer(row_layer_norm(z)[0], LESSON_WEIGHTS)[-1], atol=1e-12)
        q = row_layer_norm(r.post[k] + attention_sublayer(r.post[k], LESSON_WEIGHTS)[-1])[0]
        np.testing.assert_allclose(r.post[k + 1], row_layer_norm(q + ffn_sublayer(q, LESSON_WEIGHTS)[-1])[0], atol=1e-12)


def test_depth_pre_std_grows_post_std_stays_one():
    """The picture's claim: token a's std grows block by block in Pre-LN (0.71, 1.32, 1.90, 2.43) and is 1.00 after
    every Post-LN block."""
    r = stacked_blocks()
    assert np.all(np.diff(r.pre_std[:, 0]) > 0)
    assert [f"{v:.2f}" for v in r.pre_std[:, 0]] == ["0.71", "1.32", "1.90", "2.43"]
    np.testing.assert_allclose(r.post_std[1:], 1.0, atol=1e-12)
