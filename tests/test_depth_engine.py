"""engine.norms, engine.activations, engine.signal, engine.smallnet against seed 004 and torch (docs/design.md §6)."""
import numpy as np
import pytest

import engine
from engine.activations import gelu, gelu_grad, gelu_minimum, gelu_relu, gelu_tail_edge, neuron_drift, relu_grad
from engine.norms import BOOK_OUT, layer_norm, layernorm_example
from engine.signal import S_SWEEP, signal_decay, signal_rms, signal_weights
from engine.smallnet import small_net_step

torch = pytest.importorskip("torch")


# -- LayerNorm ----------------------------------------------------------------------------------------
def test_layernorm_seed_values_unbiased_stepper():
    r = layernorm_example()
    np.testing.assert_allclose(r.mean, [0.1324, 0.2170], atol=5e-5)
    np.testing.assert_allclose(r.var_unbiased, [0.0231, 0.0398], atol=5e-5)
    # the page's quote of the book; the page's own 4-decimal input gives 0.6160 for the first one
    np.testing.assert_allclose(r.scaled_unbiased[0, :3], r.book_printed_row0, atol=1.5e-4)
    assert [round(v, 4) for v in r.scaled_unbiased[0, :3]] == [0.6160, 1.4126, -0.8719]
    np.testing.assert_allclose(r.check_var_unbiased, 1.0, atol=1e-12)
    np.testing.assert_allclose(r.check_mean_unbiased, 0.0, atol=1e-12)


def test_layernorm_class_is_biased_with_eps_and_not_the_printed_numbers():
    r = layernorm_example()
    np.testing.assert_allclose(r.var_biased, r.var_unbiased * 5 / 6)
    assert r.eps == 1e-5
    assert [round(v, 4) for v in r.scaled_class[0, :3]] == [0.6746, 1.5470, -0.9548]
    assert not np.allclose(r.scaled_class[0, :3], r.book_printed_row0, atol=1e-2)
    # biased variance of the class output is var / (var + eps), just below 1
    np.testing.assert_allclose(r.check_var_class, r.var_biased / (r.var_biased + r.eps))
    assert np.all(r.check_var_class < 1)
    np.testing.assert_allclose(r.check_mean_class, 0.0, atol=1e-12)
    # the two conventions differ by √((n−1)/n) (up to eps)
    np.testing.assert_allclose(r.ratio_unbiased_to_class, np.sqrt(5 / 6), rtol=1e-3)
    assert round(r.var_gap_pct_emb_dim, 2) == 0.13


@pytest.mark.parametrize("eps", [0.0, 1e-5, 0.1])
def test_layer_norm_matches_torch(eps):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(3, 4, 7))  # (B, T, d)
    ours = layer_norm(x, eps=eps)
    ref = torch.nn.functional.layer_norm(torch.tensor(x), (7,), eps=eps).numpy()
    np.testing.assert_allclose(ours, ref, atol=1e-12)
    gamma, beta = rng.normal(size=7), rng.normal(size=7)
    ref = torch.nn.functional.layer_norm(torch.tensor(x), (7,), torch.tensor(gamma), torch.tensor(beta),
                                         eps=eps).numpy()
    np.testing.assert_allclose(layer_norm(x, eps=eps, scale=gamma, shift=beta), ref, atol=1e-12)


def test_layer_norm_book_class_and_unbiased_stepper_match_torch():
    t = torch.tensor(BOOK_OUT)
    cls = torch.nn.functional.layer_norm(t, (6,), eps=1e-5).numpy()
    np.testing.assert_allclose(layernorm_example().scaled_class, cls, atol=1e-12)
    step = ((t - t.mean(-1, keepdim=True)) / torch.sqrt(t.var(-1, keepdim=True, unbiased=True))).numpy()
    np.testing.assert_allclose(layer_norm(BOOK_OUT, unbiased=True), step, atol=1e-12)


def test_layer_norm_properties():
    x = np.random.default_rng(2).normal(3.0, 5.0, size=(5, 16))
    y = layer_norm(x)
    np.testing.assert_allclose(y.mean(-1), 0, atol=1e-12)
    np.testing.assert_allclose(y.var(-1), 1, atol=1e-12)
    np.testing.assert_allclose(layer_norm(7 * x + 2), y, atol=1e-10)  # scale and shift invariant
    with pytest.raises(ValueError):
        layer_norm([1.0], unbiased=True)


# -- GELU ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("approximate", ["tanh", "none"])
def test_gelu_matches_torch(approximate):
    x = np.linspace(-8, 8, 2001)
    ref = torch.nn.functional.gelu(torch.tensor(x), approximate=approximate).numpy()
    np.testing.assert_allclose(gelu(x, approximate), ref, atol=1e-12)
    xt = torch.tensor(x, requires_grad=True)
    torch.nn.functional.gelu(xt, approximate=approximate).sum().backward()
    np.testing.assert_allclose(gelu_grad(x, approximate), xt.grad.numpy(), atol=1e-12)


def test_gelu_default_is_tanh_and_bad_option_fails():
    x = np.array([-1.0, 0.5, 2.0])
    np.testing.assert_array_equal(gelu(x), gelu(x, "tanh"))
    with pytest.raises(ValueError):
        gelu(x, "erf")


def test_gelu_minimum_and_tail():
    for approximate in ("tanh", "none"):
        x, y = gelu_minimum(approximate)
        assert abs(float(gelu_grad(x, approximate))) < 1e-12
        assert -0.76 < x < -0.75 and -0.171 < y < -0.169
    edge = gelu_tail_edge(1e-3)
    assert abs(abs(float(gelu_grad(edge))) - 1e-3) < 1e-12
    assert abs(float(gelu_grad(edge - 0.1))) < 1e-3 < abs(float(gelu_grad(edge + 0.1)))


def test_relu_grad_is_zero_at_and_below_zero_like_torch():
    z = np.array([-2.0, -1e-9, 0.0, 1e-9, 3.0])
    zt = torch.tensor(z, requires_grad=True)
    torch.relu(zt).sum().backward()
    np.testing.assert_array_equal(relu_grad(z), zt.grad.numpy())


def test_neuron_drift_counts():
    r = gelu_relu()
    assert r.n_neurons == 24 and r.z0.shape == (24,) and np.all(np.diff(r.z0) >= 0)
    assert len(r.shifts) == 61 and r.shifts[0] == -3.0 and r.shifts[-1] == 3.0
    for k, s in enumerate(r.shifts):
        state = neuron_drift(s, r.z0)
        assert state.n_relu_dead == int(np.sum(r.z0 + s <= 0)) == r.n_relu_dead[k]
        assert state.n_relu_dead + state.n_relu_trainable == 24
        assert state.n_gelu_trainable + state.n_gelu_faded == 24 == state.n_gelu_faded + r.n_gelu_trainable[k]
        # GELU keeps at least every neuron ReLU keeps
        assert state.n_gelu_trainable >= state.n_relu_trainable
        faded_z = state.z[state.gelu_faded]
        assert np.all(faded_z < r.gelu_tail_edge)
    # more drift to the left: ReLU loses neurons monotonically
    assert np.all(np.diff(r.n_relu_dead) <= 0)
    assert r.n_relu_dead[0] > 20 and r.n_relu_dead[-1] == 0
    assert r.n_gelu_trainable.min() >= 23


def test_exactly_zero_gradients_over_the_drift():
    """Neurons whose gradient is exactly 0 (no cut-off), per drift: ReLU's climb to 23 of 24 at −3, GELU's stay
    0 at every drift, checked against autograd's GELU′ at the far left and at the drawn drift."""
    import torch

    r = gelu_relu()
    assert r.n_gelu_zero_grad.shape == r.shifts.shape and np.all(r.n_gelu_zero_grad == 0)
    assert r.n_relu_dead[0] == 23 and r.n_relu_dead.max() == 23
    for k in (0, int(np.argmin(np.abs(r.shifts + 1.5)))):
        zt = torch.tensor(r.z0 + r.shifts[k], dtype=torch.float64, requires_grad=True)
        torch.nn.functional.gelu(zt, approximate="tanh").sum().backward()
        assert int((zt.grad == 0).sum()) == r.n_gelu_zero_grad[k] == 0
    assert r.n_relu_dead[int(np.argmin(np.abs(r.shifts + 1.5)))] == 18
    # below the 0.001 floor: GELU's far-left tail at −3.0 / −2.9, and a neuron passing the zero at −0.75 at −1.9 / −1.1
    for k, s in enumerate(r.shifts):
        gg = np.abs(gelu_grad(r.z0 + s))  # (24,)
        assert r.n_gelu_below_floor[k] == int(np.sum(gg < 1e-3)) >= 24 - r.n_gelu_trainable[k]
    assert list(np.round(r.shifts[r.n_gelu_below_floor > 0], 1)) == [-3.0, -2.9, -1.9, -1.1]
    assert r.at_shift.min_abs_gelu_grad == pytest.approx(0.0310, abs=5e-4)


def test_mean_gradient_over_the_drift_needs_no_cut_off():
    """Mean |f′(z)| over the 24 neurons per drift: ReLU's is the share of live neurons, GELU's the mean of
    autograd's |GELU′| at z0 + drift; GELU's never reaches 0 and stays above ReLU's once most neurons are left of 0."""
    import torch

    r = gelu_relu()
    np.testing.assert_allclose(r.mean_abs_relu_grad, (24 - r.n_relu_dead) / 24)
    for k in (0, 15, 30, 60):
        zt = torch.tensor(r.z0 + r.shifts[k], dtype=torch.float64, requires_grad=True)
        torch.nn.functional.gelu(zt, approximate="tanh").sum().backward()
        assert r.mean_abs_gelu_grad[k] == pytest.approx(float(zt.grad.abs().mean()), abs=1e-12)
    k = int(np.argmin(np.abs(r.shifts + 1.5)))  # the drift the figure draws neuron by neuron
    assert (round(r.mean_abs_relu_grad[k], 2), round(r.mean_abs_gelu_grad[k], 2)) == (0.25, 0.34)
    assert round(r.mean_abs_relu_grad[0], 3) == 0.042 and round(r.mean_abs_gelu_grad[0], 2) == 0.10
    left = r.shifts <= -0.9  # far enough left that most ReLU neurons are dead
    assert np.all(r.mean_abs_gelu_grad[left] > r.mean_abs_relu_grad[left]) and r.mean_abs_gelu_grad.min() > 0.1
    assert r.max_abs_diff_tanh_exact < 1e-3


# -- the 30-layer signal ------------------------------------------------------------------------------
def test_signal_closed_forms():
    r = signal_decay()
    np.testing.assert_allclose(r.reference_power, [0.9**30, 1.1**30])
    assert round(r.reference_power[0], 2) == 0.04 and round(r.reference_power[1], 1) == 17.4
    assert r.rms_plain.shape == r.rms_ln.shape == (len(S_SWEEP), 31)
    np.testing.assert_allclose(r.rms_plain[:, 0], 1.0)


def test_signal_plain_is_s_to_the_l_times_the_s1_path():
    r = signal_decay()
    base = signal_rms(1.0, r.x0, r.weights)
    for k, s in enumerate(r.s_values):
        np.testing.assert_allclose(r.rms_plain[k], s ** np.arange(31) * base, rtol=1e-10)
    # vanishing at s = 0.5, exploding at s = 2
    assert r.rms_plain[0, -1] < 1e-8 and r.rms_plain[-1, -1] > 1e8


def test_signal_with_layernorm_stays_level():
    r = signal_decay()
    layers = r.rms_ln[:, 1:]
    assert layers.min() > 0.9999 and layers.max() <= 1.0 + 1e-12


def test_signal_orthogonal_is_exactly_s_to_the_l():
    r = signal_decay(init="orthogonal")
    np.testing.assert_allclose(r.rms_plain, r.closed_form, rtol=1e-9)
    assert abs(r.last_plain_s1 - 1.0) < 1e-12


def test_signal_seed_and_variance_preserving_scale():
    x0, w = signal_weights(seed=5)
    x0b, wb = signal_weights(seed=5)
    np.testing.assert_array_equal(w, wb)
    assert not np.array_equal(w, signal_weights(seed=6)[1])
    assert w.shape == (30, 24, 24) and abs(np.sqrt(np.mean(x0**2)) - 1) < 1e-12
    assert abs(w.var() * 24 - 1) < 0.05  # entries N(0, 1/d)
    with pytest.raises(ValueError):
        signal_weights(init="he")


def test_signal_matches_torch_layers():
    r = signal_decay()
    for s in (0.7, 1.3):
        x = torch.tensor(r.x0)
        plain, ln = [1.0], [1.0]
        y = x.clone()
        for w in torch.tensor(r.weights):
            x = (s * w) @ x
            y = torch.nn.functional.layer_norm((s * w) @ y, (24,), eps=1e-5)
            plain.append(float(x.pow(2).mean().sqrt()))
            ln.append(float(y.pow(2).mean().sqrt()))
        k = int(np.argmin(np.abs(r.s_values - s)))
        np.testing.assert_allclose(r.rms_plain[k], plain, rtol=1e-10)
        np.testing.assert_allclose(r.rms_ln[k], ln, rtol=1e-10)


# -- the 2-3-1 net ------------------------------------------------------------------------------------
def test_small_net_seed_values():
    r = small_net_step(target=1.0, lr=0.1)
    assert round(r.loss, 3) == 0.603 and round(r.loss_new, 3) == 0.278
    assert round(r.dy_hat, 2) == -1.10
    assert round(r.y_hat, 2) == -0.10 and round(r.y_hat_new, 2) == 0.25
    np.testing.assert_allclose(r.w2_new, [0.87, -0.55, 0.63], atol=5e-3)
    np.testing.assert_allclose(r.a1, [0.66, 0.45, -0.65], atol=5e-3)
    np.testing.assert_allclose(r.dz1, [-0.49, 0.52, -0.44], atol=5e-3)
    np.testing.assert_allclose(r.dx, [0.48, 0.13], atol=5e-3)


def test_small_net_matches_torch_autograd():
    r = small_net_step()
    def leaf(v):
        return torch.tensor(v, dtype=torch.float64, requires_grad=True)

    x, w1, b1, w2, b2 = (leaf(v) for v in (r.x, r.w1, r.b1, r.w2, r.b2))
    a1 = torch.tanh(w1 @ x + b1)
    y = w2 @ a1 + b2
    loss = 0.5 * (y - r.target) ** 2
    loss.backward()
    assert float(loss.detach()) == pytest.approx(r.loss, abs=1e-14)
    np.testing.assert_allclose(r.dx, x.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(r.dw1, w1.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(r.db1, b1.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(r.dw2, w2.grad.numpy(), atol=1e-14)
    assert r.db2 == pytest.approx(float(b2.grad), abs=1e-14)
    # one torch.optim.SGD step gives the same new weights and loss
    params = [w1, b1, w2, b2]
    opt = torch.optim.SGD(params, lr=r.lr)
    opt.step()
    np.testing.assert_allclose(w1.detach().numpy(), r.w1_new, atol=1e-14)
    np.testing.assert_allclose(b1.detach().numpy(), r.b1_new, atol=1e-14)
    np.testing.assert_allclose(w2.detach().numpy(), r.w2_new, atol=1e-14)
    with torch.no_grad():
        y2 = w2 @ torch.tanh(w1 @ x + b1) + b2
    assert float(0.5 * (y2 - r.target) ** 2) == pytest.approx(r.loss_new, abs=1e-14)


def test_small_net_chain_rule_pieces_and_loss_curve_match_torch():
    """∂L/∂a₁ (what arrives along each W₂ edge), tanh's slope 1 − a₁² and ∂L/∂z₁ = their product are
    torch's gradients of a₁ and z₁; the loss over STEPS steps is torch.optim.SGD's on the one example."""
    r = small_net_step()

    def leaf(v):
        return torch.tensor(np.asarray(v, float), dtype=torch.float64, requires_grad=True)

    x = torch.tensor(r.x, dtype=torch.float64)
    w1, b1, w2, b2 = (leaf(v) for v in (r.w1, r.b1, r.w2, r.b2))
    z1 = w1 @ x + b1
    z1.retain_grad()
    a1 = torch.tanh(z1)
    a1.retain_grad()
    (0.5 * (w2 @ a1 + b2 - r.target) ** 2).backward()
    np.testing.assert_allclose(r.da1, a1.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(r.dz1, z1.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(r.slope, (z1.grad / a1.grad).numpy(), atol=1e-13)
    # the page's worked numbers: −1.10 × 0.80 = −0.88 arrives at the first node, × 0.56 → −0.49
    assert [round(v, 2) for v in r.da1] == [-0.88, 0.66, -0.77]
    assert [round(v, 2) for v in r.slope] == [0.56, 0.79, 0.57]
    assert r.nudged_w == r.nudge_w + r.nudge
    # the loss curve: step 0 is the loss, step 1 the loss after the scene's update
    w1, b1, w2, b2 = (leaf(v) for v in (r.w1, r.b1, r.w2, r.b2))
    opt = torch.optim.SGD([w1, b1, w2, b2], lr=r.lr)
    seen = []
    for _ in range(len(r.losses)):
        opt.zero_grad()
        loss = 0.5 * (w2 @ torch.tanh(w1 @ x + b1) + b2 - r.target) ** 2
        seen.append(float(loss.detach()))
        loss.backward()
        opt.step()
    np.testing.assert_allclose(r.losses, seen, atol=1e-14)
    assert r.losses[0] == r.loss and r.losses[1] == pytest.approx(r.loss_new, abs=1e-15)


@pytest.mark.parametrize("given", [
    {},  # the worked example: W2[0] has the largest gradient
    {"x": [3, -3], "w1": [[3, -3], [3, 3], [-3, -3]], "w2": [3, -3, 3], "target": -3.0, "lr": 1.0},  # a W1 weight
])
def test_small_net_nudge_is_a_real_rerun_beside_autograd(given):
    """The nudged weight's ∂L/∂w is torch's, it is the largest |∂L/∂w|, the re-run's loss is torch's forward
    pass with that one weight moved by 0.01, and the two changes agree to second order in 0.01."""
    r = small_net_step(**given)
    leaves = [torch.tensor(np.asarray(v, float), dtype=torch.float64, requires_grad=True)
              for v in (r.w1, r.b1, r.w2, r.b2)]

    def loss_of(w1, b1, w2, b2):
        x = torch.tensor(r.x, dtype=torch.float64)
        return 0.5 * (w2 @ torch.tanh(w1 @ x + b1) + b2 - r.target) ** 2

    loss = loss_of(*leaves)
    loss.backward()
    g1, g2 = leaves[0].grad.numpy(), leaves[2].grad.numpy()  # (3, 2), (3,)
    layer, *idx = r.nudge_at
    grad = (g2 if layer == 2 else g1)[tuple(idx)]
    assert r.nudge_grad == pytest.approx(float(grad), abs=1e-14)
    assert abs(grad) == pytest.approx(max(np.abs(g1).max(), np.abs(g2).max()), abs=0)
    assert r.nudge == 0.01 and r.nudge_w == (r.w2 if layer == 2 else r.w1)[tuple(idx)]
    with torch.no_grad():
        moved = [t.detach().clone() for t in leaves]
        moved[0 if layer == 1 else 2][tuple(idx)] += 0.01
        rerun = float(loss_of(*moved))
    assert r.loss_nudged == pytest.approx(rerun, abs=1e-14)
    assert r.dloss_nudge == pytest.approx(rerun - float(loss.detach()), abs=1e-14)
    assert r.dloss_linear == pytest.approx(float(grad) * 0.01, abs=1e-16)
    # first order: the rest is of order 0.01² (the curvature of this small net is below 50)
    assert abs(r.dloss_nudge - r.dloss_linear) < 50 * 0.01**2
    assert r.nudge_at[0] == (2 if not given else 1)


def test_small_net_other_target_and_lr():
    r = small_net_step(target=-0.5, lr=0.05)
    assert r.dy_hat == pytest.approx(r.y_hat + 0.5)
    assert r.loss_new < r.loss


def test_public_api():
    for name in ("layer_norm", "gelu", "small_net_step", "signal_decay", "signal_rms", "gelu_relu",
                 "layernorm_example", "neuron_drift"):
        assert callable(getattr(engine, name))


def test_layer_norm_after_the_first_k_layers_only():
    """signal_rms with an int k: LayerNorm after layers 1 … k, none after (the scene's fold); 0 and L are
    the plain and the LayerNorm stacks."""
    from engine.norms import CLASS_EPS

    x0, w = signal_weights(24, 30, 0)
    for s in (0.5, 2.0):
        assert np.array_equal(signal_rms(s, x0, w, 0), signal_rms(s, x0, w, False))
        assert np.array_equal(signal_rms(s, x0, w, 30), signal_rms(s, x0, w, True))
        x, by_hand = x0.copy(), [1.0]
        for layer, m in enumerate(w, start=1):
            x = (s * m) @ x  # (24,)
            if layer <= 12:
                x = layer_norm(x, eps=CLASS_EPS)
            by_hand.append(float(np.sqrt(np.mean(x**2))))
        np.testing.assert_allclose(signal_rms(s, x0, w, 12), by_hand, rtol=1e-12)


def test_a_typical_draw_still_shrinks_at_s_1():
    """"s = 1.0 keeps the size only on average: over 200 other draws of W the median path ends near 0.50, this
    draw at 1.0173":
    the median over 200 other draws of the layer-30 RMS at s = 1, recomputed here; about e^(−L/2d)."""
    from engine.signal import signal_typical_last

    d = signal_decay()
    ends = [signal_rms(1.0, *signal_weights(24, 30, k))[-1] for k in range(1, 201)]
    assert d.typical_last_s1 == pytest.approx(float(np.median(ends)), rel=1e-12)
    assert f"{d.typical_last_s1:.2f}" == "0.50" and f"{d.last_plain_s1:.4f}" == "1.0173"
    assert 0.3 < d.typical_last_s1 / np.exp(-30 / 48) < 1.5  # the drift E log RMS² ≈ −1/d per layer
    assert np.mean(np.square(ends)) == pytest.approx(1.0, abs=0.35)  # yet the mean square is kept
    assert signal_typical_last(24, 30, 0, "orthogonal", draws=5) == pytest.approx(1.0, abs=1e-12)


def test_the_band_around_the_median_is_the_same_200_draws():
    """The band under the s = 1 median is the 10th to 90th percentile per layer of the very draws the median is
    taken over (seeds 1 … 200), recomputed here; the median lies inside it at every layer."""
    from engine.signal import BAND_PCT, TYPICAL_DRAWS

    d = signal_decay()
    paths = np.array([signal_rms(1.0, *signal_weights(24, 30, k)) for k in range(1, TYPICAL_DRAWS + 1)])  # (200, 31)
    assert d.band_pct == BAND_PCT == (10, 90)
    np.testing.assert_allclose(d.band_lo_s1, np.percentile(paths, 10, axis=0), rtol=1e-12)
    np.testing.assert_allclose(d.band_hi_s1, np.percentile(paths, 90, axis=0), rtol=1e-12)
    assert (d.band_last_lo, d.band_last_hi) == (d.band_lo_s1[-1], d.band_hi_s1[-1])
    assert np.all(d.band_lo_s1 <= d.typical_s1) and np.all(d.typical_s1 <= d.band_hi_s1)
    assert f"{d.band_last_lo:.2f} {d.band_last_hi:.2f}" == "0.18 1.45"
