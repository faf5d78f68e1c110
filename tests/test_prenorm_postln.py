"""Post-LN on the Pre-LN worked example's numbers (engine.postln): LayerNorm(x + sublayer(x)) at each sublayer,
checked by hand formula and against torch.nn.LayerNorm, beside the Pre-LN pass on the same inputs."""
import numpy as np
import pytest

from engine.block import LESSON_WEIGHTS, attention_sublayer, ffn_sublayer, prenorm_block
from engine.postln import postln_block, postln_sublayer


def hand_ln(x, eps=0.0):
    x = np.asarray(x, dtype=float)
    mu = x.mean(axis=1, keepdims=True)
    return (x - mu) / np.sqrt(((x - mu) ** 2).mean(axis=1, keepdims=True) + eps)


def test_postln_is_layernorm_of_the_residual_sum():
    r = postln_block()
    attn = attention_sublayer(r.X_in, LESSON_WEIGHTS)[-1]
    assert np.allclose(r.Z, hand_ln(r.X_in + attn), atol=1e-12)
    assert np.allclose(r.Y, hand_ln(r.Z + ffn_sublayer(r.Z, LESSON_WEIGHTS)[-1]), atol=1e-12)
    assert np.allclose(r.Z, postln_sublayer(r.X_in, lambda x: attention_sublayer(x, LESSON_WEIGHTS)[-1]), atol=1e-12)


def test_postln_matches_torch_layernorm():
    torch = pytest.importorskip("torch")
    r = postln_block(eps=1e-5)
    ln = torch.nn.LayerNorm(4, eps=1e-5, elementwise_affine=False).double()
    with torch.no_grad():
        z = ln(torch.from_numpy(r.sum1)).numpy()
        y = ln(torch.from_numpy(r.Z + ffn_sublayer(r.Z, LESSON_WEIGHTS)[-1])).numpy()
    assert np.allclose(r.Z, z, atol=1e-12) and np.allclose(r.Y, y, atol=1e-12)


def test_postln_rows_normalised_preln_rows_not():
    r = postln_block()
    assert np.allclose(r.Y_mean, 0.0, atol=1e-12) and np.allclose(r.Y_std, 1.0, atol=1e-12)
    assert np.array_equal(r.pre_Y, prenorm_block().Y)
    assert np.all(np.abs(r.pre_Y_mean) > 0.5) and not np.allclose(r.pre_Y_std, 1.0, atol=0.05)
    assert np.allclose(r.pre_Y, [[1.0479, 1.8854, -0.8367, 2.7398], [0.8259, 2.4559, -0.2295, 2.4203]], atol=5e-5)


def test_lesson_residual_path_and_post_first_sum():
    """Pre-LN's first add leaves its input on the skip line untouched (Z′ − X_in = O); Post-LN's first LayerNorm
    divides its sum X_in + attention(X_in) by post_sum1_std (engine.postln's sum1), the same numbers as postln_block."""
    from engine.block import prenorm_lesson

    d, r = prenorm_lesson(), postln_block()
    assert np.allclose(d.Z_prime - d.X_in, d.O, atol=1e-12)
    assert np.allclose(d.post_sum1_std, r.sum1.std(axis=1), atol=1e-12)
    assert np.allclose((r.sum1 - r.sum1.mean(axis=1, keepdims=True)) / d.post_sum1_std[:, None], d.post_Z, atol=1e-12)
    assert not np.allclose(d.post_sum1_std, 1.0, atol=0.05)


def test_lesson_post_first_sum_row():
    """The record's post_sum1 is Post-LN's own first sum x + F(x) (F on the raw X_in): post_sum1_mean/std are its
    rows' statistics, normalising it gives post_Z, and it is not Pre-LN's sum Z′ (whose std differs)."""
    from engine.block import prenorm_lesson

    d, r = prenorm_lesson(), postln_block()
    assert np.allclose(d.post_sum1, r.sum1, atol=1e-12)
    assert np.allclose(d.post_sum1_mean, r.sum1.mean(axis=1), atol=1e-12)
    assert np.allclose((d.post_sum1 - d.post_sum1_mean[:, None]) / d.post_sum1_std[:, None], d.post_Z, atol=1e-12)
    assert not np.allclose(d.post_sum1_std, d.Z_prime.std(axis=1), atol=0.01)
