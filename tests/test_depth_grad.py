"""engine.depth_grad: the gradient of token a's first output entry back through three lesson blocks, Pre-LN and
Post-LN, against torch autograd on the same stacks (a torch copy of the lesson block, float64)."""
import numpy as np
import pytest

from engine.block import LESSON_POSITIONS, LESSON_WEIGHTS as W, LESSON_X
from engine.depth import stacked_blocks
from engine.depth_grad import depth_gradients, ln_jacobian, ln_unit_gain, post_step, pre_step

torch = pytest.importorskip("torch")


def _t(a):
    return torch.tensor(np.asarray(a), dtype=torch.float64)


def _ln(x):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), eps=0.0)


def _att(x):
    q = torch.einsum("td,hdk->htk", x, _t(W.W_Q))
    k = torch.einsum("td,hdk->htk", x, _t(W.W_K))
    v = torch.einsum("td,hdk->htk", x, _t(W.W_V))
    a = torch.softmax(q @ k.transpose(1, 2) / np.sqrt(q.shape[2]), dim=-1)
    return torch.cat(list(a @ v), dim=1) @ _t(W.W_O)


def _ffn(x):
    return torch.relu(x @ _t(W.W_1) + _t(W.b_1)) @ _t(W.W_2) + _t(W.b_2)


def _pre(x):
    z = x + _att(_ln(x))
    return z + _ffn(_ln(z))


def _post(x):
    z = _ln(x + _att(x))
    return _ln(z + _ffn(z))


def _autograd_norms(step, x0, blocks=3, final=lambda x: x):
    """‖∂L/∂x_k‖ for L = out[0, 0], out = final(x_3), from the stream's end x_3 back to block 1's input."""
    xs = [_t(x0).requires_grad_(True)]
    for _ in range(blocks):
        xs.append(step(xs[-1]))
    for x in xs:
        x.retain_grad()
    final(xs[-1])[0, 0].backward()
    return [float(x.grad.norm()) for x in reversed(xs)]


def test_total_gradient_matches_torch_autograd():
    r = depth_gradients()
    x0 = stacked_blocks().pre[0]
    np.testing.assert_allclose(r.pre_total, _autograd_norms(_pre, x0, final=_ln), rtol=1e-6)  # out = its final LN's
    np.testing.assert_allclose(r.post_total, _autograd_norms(_post, x0), rtol=1e-6)


def test_the_numpy_steps_are_engine_depth_streams():
    s = stacked_blocks()
    for k in range(3):
        np.testing.assert_allclose(pre_step(s.pre[k]), s.pre[k + 1], atol=1e-12)
        np.testing.assert_allclose(post_step(s.post[k]), s.post[k + 1], atol=1e-12)


def test_ln_jacobian_matches_torch():
    x = stacked_blocks().post[1] + 0.3 * np.arange(8.0).reshape(2, 4)
    J = torch.autograd.functional.jacobian(_ln, _t(x)).reshape(8, 8).numpy()
    np.testing.assert_allclose(ln_jacobian(x), J, atol=1e-10)
    # LayerNorm's Jacobian drops each row's mean and its own direction: rank d − 2 per row
    assert np.linalg.matrix_rank(ln_jacobian(x), tol=1e-9) == 2 * (4 - 2)


def test_skip_line_share_pre_pays_ln_once_post_every_block():
    """Both from 1.00 at the true output: Pre-LN pays its final LayerNorm's factor once (0.36), then the identity
    hands it on whole; Post-LN pays two LayerNorms a block (0.86 → 0.73 → 0.49)."""
    r = depth_gradients()
    assert r.blocks == 3 and r.pre_skip.shape == (4,)
    np.testing.assert_allclose(r.pre_skip, r.final_gain, rtol=1e-12)  # I + ∂F/∂x: the identity hands the gradient on whole
    assert round(r.final_gain, 2) == 0.36
    assert [round(v, 2) for v in r.post_skip] == [1.00, 0.86, 0.73, 0.49]
    assert np.all(np.diff(r.post_skip) < 0)
    assert [round(v, 2) for v in r.pre_total] == [0.36, 0.40, 0.48, 0.70]
    assert [round(v, 2) for v in r.post_total] == [1.00, 1.05, 1.30, 1.91]


def test_final_layernorm_gain_by_torch_and_by_its_formula():
    """‖∂LN(x_3)[a, 0]/∂x_3‖ by torch equals the record's final_gain and √(1 − 1/d − y_0²/d)/σ with the record's σ
    (2.43, token a's std after block 3), y_0 (−0.09) and d (4); the diagonal entry (1 − 1/d − y_0²/d)/σ is another
    number (0.31), not the one shown."""
    r = depth_gradients()
    x3 = _t(stacked_blocks().pre[-1]).requires_grad_(True)
    _ln(x3)[0, 0].backward()
    assert float(x3.grad.norm()) == pytest.approx(r.final_gain, rel=1e-9)
    assert ln_unit_gain(r.final_sigma, r.final_y, r.d) == pytest.approx(r.final_gain, rel=1e-9)
    assert (round(r.final_sigma, 2), round(r.final_y, 2), r.d) == (2.43, -0.09, 4)
    assert round(float(x3.grad[0, 0]), 2) == round((1 - 1 / 4 - r.final_y ** 2 / 4) / r.final_sigma, 2) == 0.31


def test_post_skip_share_is_the_product_of_ln_jacobians_by_torch():
    """The Post-LN skip share one block back, with torch: the output's gradient through LN(s2) and LN(s1)."""
    x = stacked_blocks().post[2]
    s1 = _t(x) + _att(_t(x))
    z = _ln(s1)
    s2 = (z + _ffn(z)).detach().requires_grad_(True)
    s1 = s1.detach().requires_grad_(True)
    g = torch.zeros(2, 4, dtype=torch.float64)
    g[0, 0] = 1.0
    (g1,) = torch.autograd.grad(_ln(s2), s2, g)
    (g0,) = torch.autograd.grad(_ln(s1), s1, g1)
    assert float(g0.norm()) == pytest.approx(depth_gradients().post_skip[1], rel=1e-9)
