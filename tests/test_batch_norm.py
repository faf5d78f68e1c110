"""engine.norms.batch_norm against torch's BatchNorm in training mode, and the contrast layernorm_steps draws
with it (seed 004 §4.2: LayerNorm is per token): shifting one row moves every row's BatchNorm output."""
from __future__ import annotations

import numpy as np
import pytest

from engine.norms import batch_norm, layernorm_example, row_shift

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


def test_shifting_row_1_moves_row_0_under_batch_norm_only():
    """The scene's ghost bars: row 0's BatchNorm output before and after row 1's + 0.50, against torch; with a
    batch of 2, each feature of row 0 goes to ±1 (0 where the rows agree), and after the shift to all −1."""
    d = layernorm_example()
    r = row_shift(d)
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).train()
    np.testing.assert_allclose(r.batch_before, bn(torch.tensor(d.out)).detach().numpy(), atol=1e-12)
    np.testing.assert_allclose(r.batch_after, bn(torch.tensor(r.out)).detach().numpy(), atol=1e-12)
    np.testing.assert_allclose(r.batch_before[0], [0.90, 1.00, 0, -1.00, -1.00, 0], atol=5e-3)  # as the bars print them
    np.testing.assert_allclose(r.batch_after[0], -1.0, atol=1e-3)  # row 0 moves under BatchNorm
    assert r.max_change[0] < 1e-12  # but not under LayerNorm


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_batch_norm_captions_state_what_torch_gives(lang):
    """"Row 1's +0.50 moves it to −1.00 in every feature": row 0 under torch's BatchNorm1d, every feature at the
    value the caption prints; the shift it names is row_shift's."""
    from look import fmt_num
    from scenes.layernorm.strings import captions

    d = layernorm_example()
    r = row_shift(d)
    x = torch.tensor(d.out)
    x[1] += r.shift
    bn = torch.nn.BatchNorm1d(d.n, eps=d.eps, affine=False, dtype=torch.float64).train()
    row0 = {fmt_num(float(v), 2) for v in bn(x).detach().numpy()[0]}
    cap = captions(d, lang)
    assert row0 == {fmt_num(-1.0, 2)} and fmt_num(-1.0, 2) in cap["cap_batch_move"]
    assert fmt_num(r.shift, 2) in cap["cap_batch_move"] and "BatchNorm" in cap["cap_batch"]
