"""A first-layer weight nudged by 0.01 (engine.smallnet.nudge_inner): its gradient, which came through the chain
rule, is autograd's, and it predicts the re-run's change of the loss as the output weight's does."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

from engine.smallnet import NUDGE, small_net_forward, small_net_step  # noqa: E402


def test_the_inner_weights_gradient_is_autograds_and_predicts_the_rerun():
    d = small_net_step()
    w1 = torch.tensor(d.w1, dtype=torch.float64, requires_grad=True)
    x, b1, w2 = (torch.tensor(v, dtype=torch.float64) for v in (d.x, d.b1, d.w2))
    y = w2 @ torch.tanh(w1 @ x + b1) + d.b2
    (0.5 * (y - d.target) ** 2).backward()
    g = w1.grad.numpy()  # (3, 2)
    _, i, j = d.inner_at
    # the largest |∂L/∂W1| among the weights whose value is neither input and whose gradient (two decimals) is none
    # of the numbers the paths section shows: the terms W1[i, 0]·∂L/∂z1[i], their sum, the weights and gradients
    shown = np.round(np.abs(np.concatenate([d.x, d.w1.ravel(), d.dz1, d.dx_paths[:, 0], d.dx[:1], d.dw2, [d.dy_hat]])), 2)
    ok = [(a, b) for a in range(3) for b in range(2)
          if round(abs(d.w1[a, b]), 2) not in np.round(np.abs(d.x), 2) and round(abs(g[a, b]), 2) not in shown]
    assert ok and (i, j) == max(ok, key=lambda k: abs(g[k]))
    assert d.inner_w not in d.x and round(abs(d.inner_grad), 2) not in shown
    assert d.inner_grad == pytest.approx(g[i, j], abs=1e-12)
    assert d.inner_w == d.w1[i, j] and d.inner_nudged_w == pytest.approx(d.w1[i, j] + NUDGE)
    # the re-run: the forward pass with that one weight moved, everything else as it was
    w1n = d.w1.copy()
    w1n[i, j] += NUDGE
    _, _, y1 = small_net_forward(d.x, w1n, d.b1, d.w2, d.b2)
    assert d.inner_loss_nudged == pytest.approx(0.5 * (y1 - d.target) ** 2, abs=1e-15)
    assert d.inner_y_hat_nudged == pytest.approx(y1, abs=1e-15)
    assert d.inner_dloss == pytest.approx(d.inner_loss_nudged - d.loss, abs=1e-15)
    assert d.inner_dloss_linear == pytest.approx(g[i, j] * NUDGE, abs=1e-14)
    # the two agree to second order in the nudge, and at the digits the scene writes
    assert abs(d.inner_dloss - d.inner_dloss_linear) < 10 * NUDGE**2 * abs(g[i, j])
    assert round(d.inner_dloss, 4) == round(d.inner_dloss_linear, 4)
