"""engine.depth_layers: one 24-block stack with its own weights per block; the gradient at every block's input, Pre-LN
and Post-LN, against torch autograd (float64) on the same stack."""
import numpy as np
import pytest

from engine.block import LESSON_WEIGHTS
from engine.depth_layers import LAYERS, layer_gradients, rms, stack_weights

torch = pytest.importorskip("torch")


def _t(a):
    return torch.tensor(np.asarray(a), dtype=torch.float64)


def _ln(x):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), eps=0.0)


def _att(x, W):
    q, k, v = (torch.einsum("td,hdk->htk", x, _t(m)) for m in (W.W_Q, W.W_K, W.W_V))
    a = torch.softmax(q @ k.transpose(1, 2) / np.sqrt(q.shape[2]), dim=-1)
    return torch.cat(list(a @ v), dim=1) @ _t(W.W_O)


def _ffn(x, W):
    return torch.relu(x @ _t(W.W_1) + _t(W.b_1)) @ _t(W.W_2) + _t(W.b_2)


def _pre(x, W):
    z = x + _att(_ln(x), W)
    return z + _ffn(_ln(z), W)


def _post(x, W):
    z = _ln(x + _att(x, W))
    return _ln(z + _ffn(z, W))


def _norms(step, final):
    from engine.block import LESSON_POSITIONS, LESSON_X, prenorm_block
    xs = [_t(prenorm_block(LESSON_X, LESSON_POSITIONS).X_in).requires_grad_(True)]
    for W in stack_weights():
        xs.append(step(xs[-1], W))
    for x in xs:
        x.retain_grad()
    final(xs[-1])[0, 0].backward()
    return [float(x.grad.norm()) for x in xs[:-1]]  # block k's input, k = 1 … 24


def test_whole_gradient_at_every_block_matches_torch():
    r = layer_gradients()
    np.testing.assert_allclose(r.pre_total, _norms(_pre, _ln), rtol=1e-5)
    np.testing.assert_allclose(r.post_total, _norms(_post, lambda x: x), rtol=1e-5)


def test_skip_line_shares():
    r = layer_gradients()
    np.testing.assert_allclose(r.pre_skip, r.pre_skip[0])  # the identity: one value at every block
    assert round(float(r.pre_skip[0]), 2) == 0.54
    assert np.all(r.post_skip[:-1] < 1.0) and r.post_skip[0] < 1e-3  # two LayerNorm Jacobians a block


def test_blocks_have_their_own_weights_at_the_lesson_scale():
    ws = stack_weights()
    assert len(ws) == LAYERS and ws[0] is LESSON_WEIGHTS
    assert not np.allclose(ws[1].W_1, ws[2].W_1)
    for w in ws[1:]:
        for n in ("W_O", "W_1", "W_2"):
            assert 0.4 < rms(getattr(w, n)) / rms(getattr(LESSON_WEIGHTS, n)) < 2.0


def test_the_values_the_scene_states():
    r = layer_gradients()
    assert [round(float(v), 2) for v in (r.pre_total[0], r.pre_total[-1], r.post_total[-1])] == [1.54, 0.72, 0.37]
    assert f"{r.post_total[0]:.2g}" == "0.00096"
