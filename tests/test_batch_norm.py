"""engine.norms.batch_norm against torch's BatchNorm in training mode, and the contrast layernorm_steps draws
with it (seed 004 §4.2: LayerNorm is per token): shifting one row moves every row's BatchNorm output."""
from __future__ import annotations

import numpy as np
import pytest

from engine.norms import batch_norm, batch_stats, layernorm_example, row_shift
from scenes.layernorm.strings import BATCH_FEATURE

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("rows", [2, 3, 7])
def test_batch_norm_matches_torch_training_mode(rows):
    x = np.random.default_rng(rows).normal(size=(rows, 5)) * 2.0 + 0.3  # (rows, n)
    gamma, beta = np.linspace(0.5, 1.5, 5), np.linspace(-0.2, 0.4, 5)
    t = torch.tensor(x)
    f = torch.nn.functional.batch_norm(t, None, None, torch.tensor(gamma), torch.tensor(beta), training=True, eps=1e-3)
    np.testing.assert_allclose(batch_norm(x, 1e-3, gamma, beta), f.numpy(), atol=1e-12)
    bn = torch.nn.BatchNorm1d(5, eps=1e-5, affine=False, dtype=torch.float64).train()
    np.testing.assert_allclose(batch_norm(x, 1e-5), bn(t).detach().numpy(), atol=1e-12)


def test_batch_norm_needs_a_batch():
    with pytest.raises(ValueError, match="at least 2 rows"):
        batch_norm([[1.0, 2.0, 3.0]])


def _torch_batch_norm(d, x):
    """torch's BatchNorm1d in training mode with the example's γ and β (the LayerNorm bars' own)."""
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=True, dtype=torch.float64).train()
    with torch.no_grad():
        bn.weight.copy_(torch.tensor(d.gamma))
        bn.bias.copy_(torch.tensor(d.beta))
    return bn(torch.tensor(x)).detach().numpy()


def test_shifting_row_1_moves_row_0_under_batch_norm_only():
    """The scene's outlines: row 0's BatchNorm output (with the same γ and β as the LayerNorm bars under
    them, so the two compare) before and after row 1's + 0.50, against torch; with a batch of 2 each
    feature of row 0 normalises to ±1 (0 where the rows agree) before γ and β, and after the shift to −1
    in every feature: γ·(−1) + β."""
    d = layernorm_example()
    r = row_shift(d)
    np.testing.assert_allclose(r.batch_before, _torch_batch_norm(d, d.out), atol=1e-12)
    np.testing.assert_allclose(r.batch_after, _torch_batch_norm(d, r.out), atol=1e-12)
    np.testing.assert_allclose(r.batch_before[0], d.gamma * np.array([0.8951, 0.9983, 0, -0.9998, -0.9998, 0]) + d.beta,
                               atol=1e-3)
    np.testing.assert_allclose(r.batch_after[0], -d.gamma + d.beta, atol=1e-3)  # row 0 moves under BatchNorm
    assert np.abs(r.batch_after[0] - r.batch_before[0]).max() > 0.5
    assert r.max_change[0] < 1e-12  # but not under LayerNorm


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_batch_norm_captions_state_what_torch_gives(lang):
    """The captions of the contrast: feature k's column μ and σ over the batch of four, before and after row 1's
    + c, and row 0's new BatchNorm output in feature k, as torch computes them (the numbers the table shows)."""
    from engine.norms import batch_contrast
    from look import fmt_num
    from scenes.layernorm.strings import captions

    d = layernorm_example()
    b = batch_contrast(d)
    cap = captions(d, lang)
    k = BATCH_FEATURE
    for key, batch in (("cap_batch_col", b.rows), ("cap_batch_move", b.shifted)):
        col = torch.tensor(batch)[:, k]
        assert fmt_num(float(col.mean()), 3) in cap[key]
        assert fmt_num(float(col.std(unbiased=False)), 3) in cap[key]
    assert fmt_num(b.shift, 2) in cap["cap_batch_move"] and "BatchNorm" in cap["cap_batch"]
    assert fmt_num(float(_torch_batch_norm(d, b.shifted)[0, k]), 2) in cap["cap_batch_row0"]
    assert "BatchNorm" in cap["cap_batch_row0"] and "LayerNorm" in cap["cap_batch_row0"]
    assert f"{k}" in cap["cap_batch_col"] and "γ" in cap["cap_batch_out"] and "β" in cap["cap_batch_out"]
    assert str(b.rows.shape[0] - d.out.shape[0]) in cap["cap_batch_more"]


def test_batch_stats_match_torch():
    """engine.norms.batch_stats: each feature's mean and biased variance across the rows, what torch's
    BatchNorm1d in training mode normalises with (its output times √(var + eps) plus the mean gives x back)."""
    x = np.random.default_rng(3).normal(size=(4, 5))  # (rows, n)
    mean, var = batch_stats(x)
    t = torch.tensor(x)
    np.testing.assert_allclose(mean, t.mean(dim=0).numpy(), atol=1e-12)
    np.testing.assert_allclose(var, t.var(dim=0, unbiased=False).numpy(), atol=1e-12)
    bn = torch.nn.BatchNorm1d(5, eps=1e-5, affine=False, dtype=torch.float64).train()
    np.testing.assert_allclose(bn(t).detach().numpy() * np.sqrt(var + 1e-5) + mean, x, atol=1e-12)
    d = layernorm_example()
    r = row_shift(d)
    np.testing.assert_allclose(r.batch_mean_before, t_mean := torch.tensor(d.out).mean(dim=0).numpy(), atol=1e-12)
    np.testing.assert_allclose(r.batch_mean_after - t_mean, r.shift / d.out.shape[0])  # the + c moves every column's μ
    np.testing.assert_allclose(r.batch_var_after, torch.tensor(r.out).var(dim=0, unbiased=False).numpy(), atol=1e-12)
    np.testing.assert_allclose(np.sqrt(r.batch_var_before[0]), 0.0064, atol=5e-5)  # feature 0: 0.2260 and 0.2133
    np.testing.assert_allclose(np.sqrt(r.batch_var_after[0]), 0.2437, atol=5e-5)


def test_a_feature_equal_in_every_row_with_eps_0_is_0():
    """0 / 0 with ε = 0: the limit as ε → 0 (every entry 0), not NaN; the other features as usual."""
    import numpy as np

    from engine.norms import batch_norm

    x = np.array([[1.0, 2.0], [1.0, 4.0]])  # (2 rows, 2 features): feature 0 constant
    out = batch_norm(x, eps=0.0)
    np.testing.assert_array_equal(out[:, 0], [0.0, 0.0])
    np.testing.assert_allclose(out[:, 1], [-1.0, 1.0])
    np.testing.assert_allclose(batch_norm(x, eps=1e-12)[:, 0], [0.0, 0.0])


def test_the_batch_contrast_runs_over_four_rows_and_moves_row_0_under_batch_norm_only():
    """engine.norms.batch_contrast: the example's two rows first, then two more tokens (ReLU'd, 4 decimals, seeded);
    every column has σ² ≫ eps (so no normalised value is the two-row ±1 and eps never shows); BatchNorm's and
    LayerNorm's outputs are torch's, before and after row 1 + 0.50; row 0 moves under BatchNorm only."""
    from engine.norms import batch_contrast

    d = layernorm_example()
    b = batch_contrast(d)
    assert b.rows.shape == (4, d.n)
    np.testing.assert_array_equal(b.rows[:2], d.out)
    assert (b.rows[2:] >= 0).all() and np.allclose(b.rows[2:], np.round(b.rows[2:], 4))
    np.testing.assert_array_equal(batch_contrast(d).rows, b.rows)  # seeded: the same rows every time
    assert (b.col_std**2 > 100 * d.eps).all()
    np.testing.assert_allclose(b.shifted - b.rows, np.outer([0, b.shift, 0, 0], np.ones(d.n)))
    np.testing.assert_allclose(b.batch_out, _torch_batch_norm(d, b.rows), atol=1e-12)
    np.testing.assert_allclose(b.batch_out_after, _torch_batch_norm(d, b.shifted), atol=1e-12)
    t = torch.tensor(b.rows)
    np.testing.assert_allclose(b.col_mean, t.mean(dim=0).numpy(), atol=1e-12)
    np.testing.assert_allclose(b.col_std, t.std(dim=0, unbiased=False).numpy(), atol=1e-12)
    ln = torch.nn.functional.layer_norm(torch.tensor(b.shifted), (d.n,), torch.tensor(d.gamma), torch.tensor(d.beta), d.eps)
    np.testing.assert_allclose(b.layer_out_after, ln.numpy(), atol=1e-12)
    np.testing.assert_allclose(b.layer_out[:2], d.affine, atol=1e-12)
    assert np.abs(b.layer_out_after[0] - b.layer_out[0]).max() < 1e-12  # LayerNorm: row 0 never moves
    assert abs(b.batch_out_after[0, 0] - b.batch_out[0, 0]) > 0.5  # BatchNorm: feature 0 of row 0 moves
    assert len({round(float(v), 2) for v in np.abs(b.batch_out[0] - d.beta) / d.gamma}) > 2  # not ±1
