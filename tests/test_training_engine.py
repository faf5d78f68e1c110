"""Seed 004's training runs and size figures: engine.training and engine.gpt2.

Seed values (the book's shortcut gradients as the page stores them, the parameter counts of §4.6),
properties of the 300-step loss runs, and equivalence with torch modules built the book's way.
"""
import json
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
from torch import nn  # noqa: E402

import engine  # noqa: E402
from engine.causal import causal_mask_table  # noqa: E402
from engine.ffn import ffn_shapes  # noqa: E402
from engine.gpt2 import GPT2_SIZES, gpt2_breakdown, gpt2_params, gpt2_sizes  # noqa: E402
from engine.training import loss_curves, shortcut_gradients  # noqa: E402
from studio.build.numbers import to_jsonable  # noqa: E402

# seed 004 §4.4, the page's G_OFF / G_ON (the book's print_gradients output)
G_OFF = [0.00020173587836325169, 0.0001201116101583466, 0.0007152041653171182, 0.001398873864673078,
         0.005049646366387606]
G_ON = [0.22169792652130127, 0.20694105327129364, 0.32896995544433594, 0.2665732502937317, 1.3258541822433472]


# ---- §4.4 shortcut gradients ---------------------------------------------------------------
@pytest.fixture(scope="module")
def shortcut():
    return shortcut_gradients()


def test_shortcut_gradients_reproduce_the_book(shortcut):
    np.testing.assert_allclose(shortcut.without_shortcut, G_OFF, rtol=1e-6, atol=0)
    np.testing.assert_allclose(shortcut.with_shortcut, G_ON, rtol=1e-6, atol=0)
    assert shortcut.layer_names == tuple(f"layers.{i}.0.weight" for i in range(5))
    assert shortcut.seed == 123 and shortcut.layer_sizes == (3, 3, 3, 3, 3, 1)


def test_shortcut_properties(shortcut):
    np.testing.assert_allclose(shortcut.weight_grad_ratio, shortcut.with_shortcut / shortcut.without_shortcut)
    assert shortcut.weight_grad_ratio.min() > 100  # every layer gains two orders of magnitude or more
    assert 3 < math.log10(shortcut.weight_grad_ratio[0]) < 3.1  # "差三個數量級" at layer 1
    assert shortcut.loss_without == pytest.approx(shortcut.output_without**2, rel=1e-6)  # MSE against 0
    again = shortcut_gradients()
    assert np.array_equal(again.with_shortcut, shortcut.with_shortcut)


def test_shortcut_restores_torch_threads():
    before = torch.get_num_threads()
    shortcut_gradients()
    assert torch.get_num_threads() == before


def test_book_gelu_matches_torch_tanh_gelu():
    from engine.training import _book_gelu

    x = torch.linspace(-6, 6, 1001)
    np.testing.assert_allclose(_book_gelu(x).numpy(), nn.functional.gelu(x, approximate="tanh").numpy(),
                               atol=1e-6)


# ---- §4.2 interactive ②: 300 steps from three starts ----------------------------------------
@pytest.fixture(scope="module")
def curves():
    return loss_curves()


def test_loss_curves_shape_and_setup(curves):
    assert curves.loss.shape == (3, 300)
    assert curves.grad_mean_abs.shape == (3, 300, 6)
    assert curves.labels == ("s=0.3", "s=3.0", "s=3.0+LN")
    np.testing.assert_array_equal(curves.scales, [0.3, 3.0, 3.0])
    assert curves.layer_norm == (False, False, True)
    assert curves.n_layers == 6 and curves.width == 24 and curves.steps == 300 and curves.lr == 0.1
    assert {"network", "init", "data", "loss", "optimizer", "dtype", "seed"} <= set(curves.setup)


def test_small_start_is_stuck_not_zero(curves):
    loss = curves.loss[0]
    assert curves.status[0] == "stuck"
    assert np.all(np.isfinite(loss))
    assert abs(loss[-1] - loss[0]) / loss[0] < 1e-3
    # the network answers almost 0: its loss sits at the loss of always answering 0, far above 0
    assert loss[-1] == pytest.approx(curves.baseline_loss, rel=1e-3)
    assert curves.grad_mean_abs[0, :, 0].max() < 1e-4  # the first layer's gradient has vanished
    assert curves.signal_rms_at_start[0, -2] < 1e-3  # the signal dies on its way through


def test_large_start_overflows_and_it_is_reported(curves):
    loss = curves.loss[1]
    k = int(curves.first_nonfinite_step[1])
    assert curves.status[1] == "diverged"
    assert 0 < k < 300
    assert np.all(np.isfinite(loss[:k])) and not np.any(np.isfinite(loss[k:]))  # kept, not clipped
    assert curves.first_nan_step[1] >= k and curves.last_finite_step[1] == k - 1
    assert curves.max_finite_loss[1] == loss[:k].max() > 1e20
    assert math.isnan(curves.final_loss[1])
    assert curves.signal_rms_at_start[1, -1] > 10  # the signal grows layer after layer


def test_layer_norm_start_learns(curves):
    loss = curves.loss[2]
    assert curves.status[2] == "decreasing"
    assert np.all(np.isfinite(loss))
    assert loss[-1] < 1e-3 * loss[0]
    np.testing.assert_allclose(curves.signal_rms_at_start[2, :-1], 1.0, atol=1e-4)  # LN recalibrates


def test_loss_curves_deterministic_and_seeded(curves):
    again = loss_curves()
    assert np.array_equal(again.loss, curves.loss, equal_nan=True)
    other = loss_curves(seed=1, steps=5)
    assert other.loss.shape == (3, 5) and not np.allclose(other.loss[2], curves.loss[2, :5])


def test_loss_curves_first_step_matches_a_torch_module(curves):
    """Step 0 of the LayerNorm run recomputed with nn.Sequential(Linear, GELU, LayerNorm, …)."""
    gen = torch.Generator().manual_seed(curves.seed)
    d, n = curves.width, curves.n_samples
    x = torch.randn(n, d, generator=gen)
    u = torch.randn(d, generator=gen) / math.sqrt(d)
    t = torch.sin(x @ u).unsqueeze(1)
    layers = []
    for i in range(curves.n_layers):
        out = d if i < curves.n_layers - 1 else 1
        lin = nn.Linear(d, out, bias=False)
        with torch.no_grad():
            lin.weight.copy_(3.0 * torch.randn(out, d, generator=gen) / math.sqrt(d))
        layers.append(lin)
        if i < curves.n_layers - 1:
            layers += [nn.GELU(approximate="tanh"), nn.LayerNorm(d)]
    model = nn.Sequential(*layers)
    loss = 0.5 * nn.functional.mse_loss(model(x), t)
    assert loss.item() == pytest.approx(curves.loss[2, 0], rel=1e-6)
    # the gradient of every layer at step 0 (the figure's "why" panel): the module's own autograd
    loss.backward()
    lins = [m for m in model if isinstance(m, nn.Linear)]
    np.testing.assert_allclose(curves.grad_mean_abs[2, 0], [m.weight.grad.abs().mean().item() for m in lins],
                               rtol=1e-5)
    # step 0 is where the runs part: layer 1 gets ~10⁵× less than with LayerNorm at s = 0.3, more at s = 3.0
    assert curves.grad_mean_abs[2, 0, 0] / curves.grad_mean_abs[0, 0, 0] > 1e5
    assert np.all(curves.grad_mean_abs[1, 0] > 10 * curves.grad_mean_abs[2, 0])


def test_loss_curves_restore_threads_and_export():
    before = torch.get_num_threads()
    small = loss_curves(steps=3)
    assert torch.get_num_threads() == before
    text = json.dumps(to_jsonable(small))
    assert '"nan"' in text or "inf" in text  # the diverged run stays visible in the numbers file


# ---- §4.6 parameter counts ---------------------------------------------------------------------
def test_gpt2_small_counts_from_the_page():
    p = gpt2_params(50257, 1024, 768, 12)
    assert (p.tok_emb, p.pos_emb) == (38_597_376, 786_432)
    assert (p.attn_qkv, p.attn_out, p.attn_qkv + p.attn_out) == (1_769_472, 590_592, 2_360_064)
    assert (p.ffn, p.norms, p.per_block, p.blocks) == (4_722_432, 3_072, 7_085_568, 85_026_816)
    assert (p.final_norm, p.out_head, p.total) == (1_536, 38_597_376, 163_009_536)
    assert gpt2_params(tied=True).total == 124_412_160
    assert p.total_untied - p.total_tied == 50257 * 768
    assert round(p.mib, 2) == 621.83 and round(p.mb, 2) == 652.04
    assert p.bytes_float32 == 4 * 163_009_536


def test_breakdown_sums_to_total():
    for tied in (False, True):
        for qkv_bias in (False, True):
            p = gpt2_params(emb_dim=1024, n_layers=24, qkv_bias=qkv_bias, tied=tied)
            assert sum(gpt2_breakdown(p).values()) == p.total


def test_four_sizes():
    s = gpt2_sizes()
    assert s.names == ("small", "medium", "large", "xl")
    np.testing.assert_array_equal(s.emb_dim, [768, 1024, 1280, 1600])
    np.testing.assert_array_equal(s.n_layers, [12, 24, 36, 48])
    np.testing.assert_array_equal(s.n_heads, [12, 16, 20, 25])
    np.testing.assert_array_equal(s.tied, [124_412_160, 354_749_440, 773_891_840, 1_557_380_800])
    np.testing.assert_array_equal(s.untied - s.tied, 50257 * s.emb_dim)
    # the page's preset labels are the official counts: Q, K, V with biases
    np.testing.assert_array_equal(np.round(s.tied_with_qkv_bias / 1e6), [124, 355, 774, 1558])
    assert s.small_parts_untied.sum() == 163_009_536 and s.small_parts_tied.sum() == 124_412_160
    assert s.tying_saving == 38_597_376


def test_the_released_small_counts_its_qkv_biases():
    """OpenAI's GPT-2 small carries Q, K, V biases: 124,439,808 tied, 27,648 = 12 × 3 × 768 more than the book's
    GPTModel without them; the record states the difference and both counts."""
    s = gpt2_sizes(qkv_bias=True)
    assert s.model_tied_params.total == 124_439_808 and s.model_untied.total == 163_037_184
    assert s.qkv_bias_params == 12 * 3 * 768 == 27_648
    assert (s.model_tied_no_bias, s.model_untied_no_bias) == (124_412_160, 163_009_536)
    assert s.model_tied_params.total - s.model_tied_no_bias == s.qkv_bias_params
    assert s.model_untied.total - s.model_untied_no_bias == s.qkv_bias_params
    assert s.model_parts_untied[list(s.part_names).index("attn_qkv")] == 12 * (3 * 768 * 768 + 3 * 768)
    plain = gpt2_sizes()  # without the biases, the difference is still the one they would add
    assert plain.model_tied_no_bias == plain.model_tied_params.total and plain.qkv_bias_params == 27_648


def test_four_sizes_in_millions():
    """The figure's units: 163.0M untied and 124.4M tied for small; parts in millions sum to the total."""
    s = gpt2_sizes()
    assert [f"{v:.1f}" for v in s.untied_millions] == ["163.0", "406.2", "838.2", "1637.8"]
    assert [f"{v:.1f}" for v in s.tied_millions] == ["124.4", "354.7", "773.9", "1557.4"]
    np.testing.assert_allclose(s.small_parts_untied_millions * 1e6, s.small_parts_untied)
    assert round(s.small_parts_untied_millions[0], 2) == 38.60  # V·E = 50,257 · 768
    # the sizes figure's claim: the untied head V·E is 23.7 % of small's untied total, 4.9 % of XL's
    assert [f"{v:.1f}" for v in s.bar_head_percent] == ["23.7", "12.7", "7.7", "4.9"]
    np.testing.assert_allclose(s.bar_head_percent, 100 * 50257 * s.emb_dim / s.untied)


def test_the_formula_constants_are_the_ones_counted():
    """The constants the figure writes (3E², 4E and 2E of LayerNorms, 2^20-byte MiB) are the counts' own."""
    s, E = gpt2_sizes(), 768
    p = s.small_untied
    assert p.attn_qkv == s.qkv_matrices * E * E and s.qkv_matrices == 3
    assert p.norms == s.norm_params_per_block * E == s.norms_per_block * 2 * E and s.norm_params_per_block == 4
    assert p.final_norm == s.final_norm_vectors * E == 2 * E
    assert p.ffn == 2 * s.ffn_expansion * E * E + s.ffn_expansion * E + E and s.ffn_expansion == 4
    b, e = s.mib_power
    assert p.mib == p.bytes_float32 / b**e and f"{p.mib:.2f}" == "621.83"
    b, e = s.mb_power
    assert f"{p.bytes_float32 / b**e:.2f}" == "652.04" and s.family == "GPT-2"


def test_bad_sizes_are_rejected():
    with pytest.raises(ValueError):
        gpt2_params(emb_dim=0)
    with pytest.raises(ValueError):
        gpt2_params(n_layers=1.5)


class _MultiHeadAttention(nn.Module):
    def __init__(self, d, context, heads, qkv_bias):
        super().__init__()
        self.W_query = nn.Linear(d, d, bias=qkv_bias)
        self.W_key = nn.Linear(d, d, bias=qkv_bias)
        self.W_value = nn.Linear(d, d, bias=qkv_bias)
        self.out_proj = nn.Linear(d, d)
        self.register_buffer("mask", torch.triu(torch.ones(context, context), diagonal=1))  # not a parameter


class _TransformerBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        E = cfg["emb_dim"]
        self.att = _MultiHeadAttention(E, cfg["context_length"], cfg["n_heads"], cfg["qkv_bias"])
        self.ff = nn.Sequential(nn.Linear(E, 4 * E), nn.GELU(approximate="tanh"), nn.Linear(4 * E, E))
        self.norm1 = nn.LayerNorm(E)  # scale and shift: 2E, as the book's LayerNorm class
        self.norm2 = nn.LayerNorm(E)


class _GPTModel(nn.Module):
    def __init__(self, cfg, tied):
        super().__init__()
        self.tok_emb = nn.Embedding(cfg["vocab_size"], cfg["emb_dim"])
        self.pos_emb = nn.Embedding(cfg["context_length"], cfg["emb_dim"])
        self.trf_blocks = nn.Sequential(*[_TransformerBlock(cfg) for _ in range(cfg["n_layers"])])
        self.final_norm = nn.LayerNorm(cfg["emb_dim"])
        self.out_head = nn.Linear(cfg["emb_dim"], cfg["vocab_size"], bias=False)
        if tied:
            self.out_head.weight = self.tok_emb.weight  # parameters() then counts it once


def _count(model):
    return sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize("name,E,L,H", GPT2_SIZES)
def test_formula_equals_a_torch_model(name, E, L, H):
    for tied in (False, True):
        for qkv_bias in (False, True):
            cfg = {"vocab_size": 50257, "context_length": 1024, "emb_dim": E, "n_layers": L, "n_heads": H,
                   "qkv_bias": qkv_bias}
            with torch.device("meta"):  # shapes only, no memory
                model = _GPTModel(cfg, tied)
            assert _count(model) == gpt2_params(50257, 1024, E, L, qkv_bias, tied).total, (name, tied, qkv_bias)
            block = _count(model.trf_blocks[0])
            assert block == gpt2_params(50257, 1024, E, L, qkv_bias).per_block


def test_formula_equals_a_real_small_torch_model():
    cfg = {"vocab_size": 100, "context_length": 16, "emb_dim": 32, "n_layers": 3, "n_heads": 4, "qkv_bias": False}
    assert _count(_GPTModel(cfg, False)) == gpt2_params(100, 16, 32, 3).total
    assert _count(_GPTModel(cfg, True)) == gpt2_params(100, 16, 32, 3, tied=True).total


# ---- §4.3 FeedForward shapes -----------------------------------------------------------------
def test_ffn_shapes_and_counts():
    f = ffn_shapes()
    assert f.shapes == ((2, 3, 768), (2, 3, 3072), (2, 3, 3072), (2, 3, 768))
    ff = nn.Sequential(nn.Linear(768, 3072), nn.GELU(approximate="tanh"), nn.Linear(3072, 768))
    assert [_count(m) for m in ff] == [int(f.params[1]), 0, int(f.params[3])]
    assert f.total_params == _count(ff) == 4_722_432
    assert f.block_params == 7_085_568 and f.block_share == pytest.approx(4_722_432 / 7_085_568)
    g = ffn_shapes(emb_dim=64, expansion=2, batch=1, tokens=5)
    assert g.shapes[1] == (1, 5, 128) and g.shapes[-1] == (1, 5, 64)


# ---- §4.1 causal mask ------------------------------------------------------------------------
def test_causal_mask_table():
    m = causal_mask_table()
    assert m.tokens == ("Every", "effort", "moves", "you")
    assert m.targets == ("effort", "moves", "you", "forward")
    book = torch.triu(torch.ones(4, 4), diagonal=1).bool()  # the book's mask: True = masked
    np.testing.assert_array_equal(m.allowed, ~book.numpy())
    np.testing.assert_array_equal(m.visible, [1, 2, 3, 4])
    assert (m.n_allowed, m.n_masked) == (10, 6)
    scores = torch.zeros(4, 4).masked_fill(book, -torch.inf)
    np.testing.assert_allclose(m.uniform_weights, torch.softmax(scores, dim=-1).numpy(), atol=1e-7)
    assert np.all(m.uniform_weights[~m.allowed] == 0.0)  # masked weights are exactly 0
    np.testing.assert_allclose(m.uniform_weights.sum(axis=1), 1.0)
    with pytest.raises(ValueError):
        causal_mask_table(tokens=("a", "b"), token_ids=(1,))


def test_public_api():
    for name in ("loss_curves", "shortcut_gradients", "gpt2_params", "gpt2_sizes", "gpt2_breakdown", "ffn_shapes",
                 "causal_mask_table"):
        assert callable(getattr(engine, name))
