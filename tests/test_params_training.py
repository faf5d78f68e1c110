"""Your own numbers for the Pre-LN worked example and the small training entries (studio.catalogue.accepts.training):
the ranges' edges and real values at non-default parameters
checked independently of the engine, with the captions and titles that name them.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from look import Look, fmt_num
from studio import catalogue
from studio.catalogue.params import ParamError
from tests.conftest import run_here



def entry(name, **given):
    return catalogue.get(name).with_params(given)


# -- range edges -------------------------------------------------------------------------------------
ACCEPTED = [
    ("prenorm_block", {"X": [[1, 0, 0, 1], [0, 1, 1, 0]]}),
    ("prenorm_block", {"X": [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]]}),
    ("prenorm_block", {"X": [[10, -10, 0, 0], [0, 1, 1, 0]], "positions": [9999, 0], "eps": 1.0}),
    ("prenorm_block", {"eps": 0.0, "positions": [0, 1], "P": False}),
    ("backprop_small", {"lr": 1.0, "target": -3.0, "x": [3, -3], "w1": [[3, -3], [3, 3], [-3, -3]],
                        "b1": [3, 0, -3], "w2": [-3, 3, 0], "b2": 3.0}),
    ("backprop_small", {"lr": 1e-4, "target": 3.0}),
    ("loss_curves", {"steps": 50, "layers": 2, "s_small": 0.05, "s_large": 1.0, "seed": 0}),
    ("loss_curves", {"steps": 1000, "layers": 24, "s_small": 1.0, "s_large": 5.0, "seed": 9999}),
    ("shortcut_gradients", {"layers": 2, "width": 1}),
    ("shortcut_gradients", {"layers": 12, "width": 16}),
]


@pytest.mark.parametrize("name,given", ACCEPTED, ids=[f"{n}-{i}" for i, (n, _) in enumerate(ACCEPTED)])
def test_range_ends_are_accepted(name, given):
    e = catalogue.get(name).with_params(given)
    assert dict(e.given).keys() <= given.keys()


REFUSED = [
    ("prenorm_block", {"X": [[1, 0, 0, 1]]}, "X"),  # one token
    ("prenorm_block", {"X": [[1, 0, 0, 1]] * 5}, "X"),  # five tokens
    ("prenorm_block", {"X": [[1, 0, 1], [0, 1, 0]]}, "4"),  # 3 wide: the weights are 4 wide
    ("prenorm_block", {"X": [[11, 0, 0, 1], [0, 1, 1, 0]]}, "X"),  # a number past ±10
    ("prenorm_block", {"X": [[1, 0, 0, 1], [1, 0, 0, 1]]}, "equal rows"),
    ("prenorm_block", {"X": [[1, 1, 1, 1], [0, 1, 1, 0]]}, "eps"),  # a constant row with eps = 0
    ("prenorm_block", {"positions": [0, 1, 2]}, "positions"),  # 3 positions for 2 tokens
    ("prenorm_block", {"positions": [3, 3]}, "same position"),
    ("prenorm_block", {"positions": [0, 10000]}, "positions"),
    ("prenorm_block", {"positions": [0.5, 1]}, "whole"),
    ("prenorm_block", {"eps": -0.1}, "eps"),
    ("prenorm_block", {"eps": 1.5}, "eps"),
    ("prenorm_block", {"P": "maybe"}, "P"),
    ("backprop_small", {"lr": 0}, "lr"),
    ("backprop_small", {"lr": 1.5}, "lr"),
    ("backprop_small", {"x": [1, 2, 3]}, "x"),
    ("backprop_small", {"w1": [[1, 0], [0, 1]]}, "w1"),
    ("backprop_small", {"w2": [1, 4, 0]}, "w2"),
    ("backprop_small", {"target": 3.5}, "target"),
    ("loss_curves", {"steps": 49}, "steps"),
    ("loss_curves", {"steps": 1001}, "steps"),
    ("loss_curves", {"layers": 1}, "layers"),
    ("loss_curves", {"layers": 25}, "layers"),
    ("loss_curves", {"s_small": 0.04}, "s_small"),
    ("loss_curves", {"s_large": 5.5}, "s_large"),
    ("shortcut_gradients", {"layers": 1}, "layers"),
    ("shortcut_gradients", {"layers": 13}, "layers"),
    ("shortcut_gradients", {"width": 0}, "width"),
    ("shortcut_gradients", {"width": 17}, "width"),
]


@pytest.mark.parametrize("name,given,word", REFUSED, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(REFUSED)])
def test_outside_the_range_is_one_line_naming_it(name, given, word):
    with pytest.raises(ParamError) as err:
        catalogue.get(name).with_params(given)
    message = str(err.value)
    assert "\n" not in message and word in message, message


@pytest.mark.parametrize("name,setting,words", [
    ("prenorm_block", "X=[[1, 0, 0, 1]]", ("X=", "2 to 4 rows")),
    ("backprop_small", "lr=1.5", ("lr=1.5", "at most 1")),
    ("loss_curves", "layers=25", ("layers=25", "2 to 24")),
    ("shortcut_gradients", "width=17", ("width=17", "1 to 16")),
])
def test_cli_exits_2_with_one_line_and_no_traceback(name, setting, words):
    r = run_here(name, "--set", setting, "--format", "png", "--out", "/nonexistent/never-written")
    assert r.returncode == 2, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in r.stderr and len(lines) == 1, r.stderr
    assert all(w in lines[0] for w in words), lines[0]


# -- prenorm_block at other tokens, positions and eps --------------------------------------------------
def _sinusoid(p: int, d: int = 4) -> np.ndarray:
    out = np.empty(d)
    for i in range(d // 2):
        out[2 * i] = math.sin(p / 10000 ** (2 * i / d))
        out[2 * i + 1] = math.cos(p / 10000 ** (2 * i / d))
    return out


def _block_by_hand(X, positions, eps):
    """The Pre-LN block written out from design.md §3, independent of engine.block."""
    X = np.asarray(X, float)
    W_O = 0.5 * np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, -1, 0], [0, 1, 0, -1]])
    W_1 = 0.5 * np.array([[1, -1, 0, 1, 1, 0, -1, 0], [0, 1, 1, -1, 0, 1, 0, -1],
                          [1, 0, -1, 0, 1, -1, 0, 1], [-1, 1, 0, 1, 0, 0, 1, -1]])
    W_2 = 0.5 * np.array([[1, 0, 1, -1], [0, 1, -1, 0], [1, -1, 0, 1], [-1, 0, 1, 0], [0, 1, 0, 1],
                          [1, 0, -1, 0], [0, -1, 0, 1], [-1, 0, 1, 0]])

    def ln(a):
        return (a - a.mean(1, keepdims=True)) / np.sqrt(a.var(1, keepdims=True) + eps)

    x_in = X + (np.stack([_sinusoid(p) for p in positions]) if positions is not None else 0)
    xt = ln(x_in)
    heads = []
    for dims in ((0, 1), (2, 3)):
        q = xt[:, dims]
        e = q @ q.T / math.sqrt(2)
        a = np.exp(e - e.max(1, keepdims=True))
        a /= a.sum(1, keepdims=True)
        heads.append(a @ q)
    z = x_in + np.hstack(heads) @ W_O
    h = ln(z) @ W_1
    return z + np.maximum(h, 0) @ W_2, int((h < 0).sum())


X3 = ((0.5, -1.0, 2.0, 0.0), (1.0, 1.0, -1.0, 0.25), (-2.0, 0.0, 0.5, 1.5))


def test_prenorm_three_tokens_match_the_block_by_hand_and_the_captions_say_three():
    e = entry("prenorm_block", X=X3, positions=[5, 0, 12], eps=0.01)
    d = e.compute()
    y, zeros = _block_by_hand(X3, (5, 0, 12), 0.01)
    np.testing.assert_allclose(d.Y, y, atol=1e-12)
    assert d.relu_zeros == zeros
    y0, _ = _block_by_hand(X3, None, 0.01)
    np.testing.assert_allclose(d.zero_Y, y0, atol=1e-12)
    # the swap test reverses the three tokens: with P = 0 the outputs only trade places, with P they change
    ys, _ = _block_by_hand(X3[::-1], (5, 0, 12), 0.01)
    y0s, _ = _block_by_hand(X3[::-1], None, 0.01)
    np.testing.assert_allclose(y0s, y0[::-1], atol=1e-12)
    change = np.abs(ys - y[::-1]).max()
    assert change > 0.1

    from scenes.prenorm.strings import captions

    for lang, three in (("en", "Three tokens"), ("zh-Hant", "三個詞元"), ("zh-Hans", "三个词元")):
        cap = captions(d, lang)
        assert cap["cap_input"].startswith(three) and "3 × 4" in cap["cap_input"]
        assert fmt_num(change, 2) in cap["cap_close"]
        # eps > 0: the caption gives ε as the picture writes it under the rule, σ's root in words
        assert "ε = 0.01" in cap["cap_ln1"] and "ε = 0.010" not in cap["cap_ln1"] and "√" not in cap["cap_ln1"]
        assert fmt_num(math.sqrt(np.var(np.asarray(X3[1]) + _sinusoid(0)) + 0.01), 4) in cap["cap_ln1"]
    # exactly, or up to rounding: the caption says which one holds for these numbers
    exact = d.zero_swap_change_max == 0.0
    assert ("exactly" in captions(d, "en")["cap_swap"]) == exact
    assert ("rounding" in captions(d, "en")["cap_swap"]) == (not exact)


def test_prenorm_without_p_is_the_words_only_pass():
    """P = false: the step-by-step pass is the P = 0 one; its output is the words-only lesson's
    [[0.6585, 0.4961, 2.6559, −0.1053], [0.9922, 0.7831, −1.1598, 1.8806]] (docs: design §3), and the swap
    test still compares it with the pass with P."""
    d = entry("prenorm_block", P=False).compute()
    np.testing.assert_allclose(d.Y, [[0.6585, 0.4961, 2.6559, -0.1053], [0.9922, 0.7831, -1.1598, 1.8806]],
                               atol=5e-5)
    np.testing.assert_allclose(d.p_Y, [[1.0479, 1.8854, -0.8367, 2.7398], [0.8259, 2.4559, -0.2295, 2.4203]],
                               atol=5e-5)
    assert d.positions is None and d.swap_positions == (0, 1) and d.erratum_row is None
    np.testing.assert_array_equal(d.X_in, d.X)
    from scenes.prenorm.strings import captions

    assert "P = 0" in captions(d, "en")["cap_input"] and "P = 0" in captions(d, "zh-Hant")["cap_input"]
    assert "X + P" not in captions(d, "en")["cap_input"]
    # cap_ln1 reads row 1 of X itself: [0, 1, 1, 0] has variance 0.25 and std 0.5
    assert "σ = 0.5000, from variance 0.2500" in captions(d, "en")["cap_ln1"]


def test_prenorm_default_positions_follow_the_number_of_tokens():
    e = entry("prenorm_block", X=X3)
    assert e.compute().positions == (0, 1, 2)
    assert dict(e.given) == {"X": tuple(tuple(float(v) for v in r) for r in X3)}


# -- backprop_small at other numbers -------------------------------------------------------------------
def test_backprop_step_by_finite_differences_and_captions():
    given = dict(x=[1.5, -2.0], w1=[[0.5, 1.0], [-1.5, 0.25], [2.0, -0.5]], b1=[0.0, 0.5, -1.0],
                 w2=[1.0, -2.0, 0.5], b2=-0.5, target=2.0, lr=0.05)
    d = entry("backprop_small", **given).compute()
    x, w1, b1, w2 = (np.array(given[k], float) for k in ("x", "w1", "b1", "w2"))

    def loss(w1_, b1_, w2_, b2_):
        return 0.5 * (w2_ @ np.tanh(w1_ @ x + b1_) + b2_ - given["target"]) ** 2

    assert d.loss == pytest.approx(loss(w1, b1, w2, -0.5), abs=1e-15)
    h = 1e-6
    for i in range(3):
        for j in range(2):
            up, dn = w1.copy(), w1.copy()
            up[i, j] += h
            dn[i, j] -= h
            assert d.dw1[i, j] == pytest.approx((loss(up, b1, w2, -0.5) - loss(dn, b1, w2, -0.5)) / (2 * h), abs=1e-7)
        e = np.eye(3)[i] * h
        assert d.dw2[i] == pytest.approx((loss(w1, b1, w2 + e, -0.5) - loss(w1, b1, w2 - e, -0.5)) / (2 * h), abs=1e-7)
    new = loss(w1 - 0.05 * d.dw1, b1 - 0.05 * d.db1, w2 - 0.05 * d.dw2, -0.5 - 0.05 * d.db2)
    assert d.loss_new == pytest.approx(new, abs=1e-15)
    # the nudge: the largest |∂L/∂w| of W1 and W2 (here W2's third), moved by 0.01 and re-run
    assert d.nudge_at == (2, 2) and abs(d.nudge_grad) == max(np.abs(d.dw1).max(), np.abs(d.dw2).max())
    assert d.loss_nudged == pytest.approx(loss(w1, b1, w2 + np.eye(3)[2] * 0.01, -0.5), abs=1e-15)
    assert d.dloss_nudge == pytest.approx(d.loss_nudged - d.loss, abs=1e-15)
    assert caption_keys_of(d)["nudge"] == "cap_nudge_close"  # −0.00885 measured, −0.00890 predicted

    from scenes.backprop_small import STRINGS, caption_keys, lr_text

    assert lr_text(d.lr) == "0.05" and STRINGS["en"]["update"].format(lr=lr_text(d.lr)) == "update, lr = 0.05"
    assert caption_keys(d)["again"] == ("cap_again" if new < d.loss else "cap_again_up")


def caption_keys_of(d):
    from scenes.backprop.strings import caption_keys

    return caption_keys(d)


def test_backprop_nudge_caption_says_when_the_prediction_is_rough():
    """Near the target the gradients are tiny and the 0.01 step's own curvature term, ½(∂ŷ/∂w · 0.01)²,
    outweighs the gradient's prediction: the caption says "close, but not yet a small step"; a steep
    net far from its target is still predicted within 5 %."""
    d = entry("backprop_small", target=-0.1).compute()  # ŷ = −0.098
    assert abs(d.dloss_nudge - d.dloss_linear) > 0.05 * abs(d.dloss_linear) + 5e-6
    assert caption_keys_of(d)["nudge"] == "cap_nudge_rough"
    steep = entry("backprop_small", lr=1.0, target=-3.0, x=[3, -3], w1=[[3, -3], [3, 3], [-3, -3]],
                  w2=[3, -3, 3]).compute()
    assert abs(steep.dloss_nudge - steep.dloss_linear) < 0.01 * abs(steep.dloss_linear)
    assert caption_keys_of(steep)["nudge"] == "cap_nudge_close"


def test_backprop_says_when_the_loss_goes_up():
    d = entry("backprop_small", lr=1.0, target=3.0, w2=[3, -3, 3]).compute()
    from scenes.backprop_small import caption_keys

    assert d.loss_new > d.loss and caption_keys(d)["again"] == "cap_again_up"


# -- loss_curves and shortcut_gradients at other sizes ---------------------------------------------------
def test_loss_curves_first_loss_by_hand_and_the_title():
    torch = pytest.importorskip("torch")
    e = entry("loss_curves", steps=60, layers=3, s_small=0.5, s_large=2.0, seed=7)
    d = e.compute()
    # the data and weights drawn as the set-up says, the forward pass written out in numpy (float64)
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(64, 24, generator=gen).double().numpy()
    u = torch.randn(24, generator=gen).double().numpy() / math.sqrt(24)
    t = np.sin(x @ u)[:, None]
    base = [torch.randn(24 if k < 2 else 1, 24, generator=gen).double().numpy() / math.sqrt(24) for k in range(3)]

    def gelu(v):
        return 0.5 * v * (1 + np.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v ** 3)))

    for r, s in enumerate((0.5, 2.0)):
        h = x
        for w in base[:2]:
            h = gelu(h @ (s * w).T)
        assert d.loss[r, 0] == pytest.approx(0.5 * np.mean((h @ (s * base[2]).T - t) ** 2), rel=1e-5)
    assert d.loss.shape == (3, 60) and d.labels == ("s=0.5", "s=2.0", "s=2.0+LN")

    from figures.loss_curves import STRINGS

    assert STRINGS["en"]["title"].format(L=d.n_layers, steps=d.steps, n=d.n_samples, w=d.width, lr="0.1").startswith("Same 3-layer network")
    assert "training loss over 60 steps" in STRINGS["en"]["title"].format(L=d.n_layers, steps=d.steps, n=d.n_samples, w=d.width, lr="0.1")


def test_shortcut_gradients_by_hand_and_the_title():
    torch = pytest.importorskip("torch")
    d = entry("shortcut_gradients", layers=3, width=4).compute()
    assert d.layer_sizes == (4, 4, 4, 1)
    x = torch.tensor([[1.0, 1 / 3, -1 / 3, -1.0]])

    def grads(shortcut: bool):
        torch.manual_seed(123)
        layers = [torch.nn.Linear(a, b) for a, b in ((4, 4), (4, 4), (4, 1))]
        v, stream = x, []
        for lin in layers:
            out = torch.nn.functional.gelu(lin(v), approximate="tanh")
            v = v + out if shortcut and out.shape == v.shape else out
            stream.append(v)
        loss = torch.nn.functional.mse_loss(v, torch.zeros(1, 1))
        dh = torch.autograd.grad(loss, stream, retain_graph=True)  # ∂L/∂h_ℓ at each layer's output
        loss.backward()
        per_dout = np.array([g.abs().mean().item() for g in dh]) / abs(dh[-1].item())
        return np.array([lin.weight.grad.abs().mean().item() for lin in layers]), per_dout

    (w_off, h_off), (w_on, h_on) = grads(False), grads(True)
    np.testing.assert_allclose(d.without_shortcut, w_off, rtol=1e-5)
    np.testing.assert_allclose(d.with_shortcut, w_on, rtol=1e-5)
    np.testing.assert_allclose(d.signal_without, h_off, rtol=1e-5)  # the dots: torch autograd's ∂L/∂h ÷ |∂L/∂ŷ|
    np.testing.assert_allclose(d.signal_with, h_on, rtol=1e-5)
    assert d.signal_with[-1] == d.signal_without[-1] == 1.0

    from figures.shortcut_gradients import STRINGS

    from figures.shortcut_gradients import no_shortcut, sizes

    missing, count = no_shortcut(d, Look("light", "en"))
    assert (sizes(d), missing, count) == ("4-4-4-1", "layer 3 (4→1)", 1)  # the readout gets no shortcut
    fmt = dict(n=len(d.layer_names), sizes=sizes(d), x="(1, 0)", seed=123, t="0")
    assert "3 layers with sizes 4-4-4-1" in STRINGS["en"]["c_setup"].format(**fmt)  # the set-up: the caption's
    assert "3 層，大小 4-4-4-1" in STRINGS["zh-Hant"]["c_setup"].format(**fmt)
    assert "{" not in STRINGS["en"]["title"] and "(one seed, one input)" in STRINGS["en"]["title"]
    # the dots: each run's gradients per unit of ∂L/∂ŷ = 2 (ŷ − 0)
    np.testing.assert_allclose(d.with_per_dout, d.with_shortcut / abs(2 * d.output_with), rtol=1e-12)
    np.testing.assert_allclose(d.without_per_dout, d.without_shortcut / abs(2 * d.output_without), rtol=1e-12)


def test_loss_curves_axis_shows_a_sane_range_and_the_overflow_as_an_arrow():
    """The loss axis spans the runs that stay finite (and the diverging run's first loss, 2.32×10³, within 4
    decades of them), not the diverging run's 3.95×10²³: 13 decades instead of 32; that value is above the
    top edge, where an arrow out through it marks it; one note, with room right of the arrow, names the dot, the
    arrow's value (off scale) and the step from which the run is NaN; the caption names the optimiser and the
    record's learning rate that decide it; the caption gives the values too."""
    import matplotlib

    matplotlib.use("Agg")
    from figures.loss_curves import HEADROOM, NOTE_ROOM_PT, caption, make, sane_range
    from look import Look

    d = catalogue.get("loss_curves").compute()
    lo, hi = sane_range(d.loss, d)
    div = [r for r in range(len(d.labels)) if d.status[r] == "diverged"]
    assert div and hi == pytest.approx(float(d.loss[div[0]][0]))  # 2.32×10³, its first value
    assert math.log10(hi * HEADROOM) - math.log10(lo) < 16
    over = d.loss[div[0]][np.isfinite(d.loss[div[0]])].max()
    assert over > hi * HEADROOM  # 3.95×10²³: off the scale
    fig = make(d, Look("light", "en"))
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None and t.get_text() == ""]
    assert len(arrows) == 1 and arrows[0].xy[1] == pytest.approx(fig.axes[0].get_ylim()[1])  # out through the top
    assert not [t for t in fig.axes[0].texts if t.get_text() and getattr(t, "arrow_patch", None) is not None]
    labels = [t.get_text() for t in fig.axes[0].texts if t.get_text()]
    assert d.lr == 0.1
    neutral = "Same 6-layer network, three runs: the training loss over 300 steps"
    assert neutral not in labels and fig.axes[0].get_ylabel() == "training loss (log scale)"  # the set-up is the caption's
    assert "gradient descent for 300 steps with learning rate 0.1" in caption(d, Look("light", "en"))
    # one title, the claim the runs bear out (their s values the record's), and one subtitle; the panels lettered
    assert fig._suptitle.get_text().startswith("LayerNorm lets s = 3.0 train; without, s = 3.0 ends in NaN, s = 0.3 is stuck")
    assert [ax.get_title(loc="left") for ax in fig.axes] == ["(a)", "(b)"]
    why = "why: before any update, s = 3.0’s gradients are\nalready too large for lr 0.1, s = 0.3’s too small"
    assert why not in [t.get_text() for t in fig.axes[1].texts]  # the reason for (a): the caption's, not a note in (b)
    assert why.replace("\n", " ").replace("why:", "Why:") in caption(d, Look("light", "en"))
    legend = fig.axes[0].get_legend()  # (a)'s key: each run's dash and marker, s = 3.0's dotted line met there first
    assert [t.get_text() for t in legend.get_texts()] == ["s = 0.3", "s = 3.0", "s = 3.0 + LayerNorm"]
    drawn = [ln for ln in fig.axes[1].lines if len(ln.get_xdata()) == d.n_layers]  # (b)'s runs, whole
    assert [h._dash_pattern for h in legend.legend_handles][::2] == [ln._dash_pattern for ln in drawn][::2]
    assert [h._dash_pattern for h in legend.legend_handles] == [ln._dash_pattern for ln in drawn]  # one encoding per
    assert [h.get_marker() for h in legend.legend_handles] == [ln.get_marker() for ln in drawn] == ["v", "^", "o"]  # run
    assert not any("float32" in t for t in labels)
    note = "s = 3.0: 3.95×10$^{23}$ at step 1, NaN from step 2"  # the arrow's value, no "↑"; what the arrow means: the caption's
    from figures.loss_curves import answers_zero

    assert answers_zero(d, 0) and fmt_num(d.baseline_loss, "3s") == "0.222"  # ½·mean(t²): always answering 0
    zero = "s = 0.3: 0.222, the loss of always predicting 0"  # the stuck run's level named on its line
    assert not any("sin(u·x)" in t.get_text() for t in fig.artists) and labels == [note, zero]  # (a): the diverging run's note, the stuck level
    from matplotlib.colors import to_hex
    from matplotlib.patches import Rectangle

    ink = Look("light", "en").palette.grows  # the exploding run is `grows` (GROWS_ROLE), dotted: a run whose size grows
    assert not [p for p in fig.axes[0].patches if isinstance(p, Rectangle) and p.get_x() > 0]  # no area
    assert not [ln for ln in fig.axes[0].lines if list(ln.get_xdata()) == [2.0, 299.0]]  # no bracket along the top
    ann = next(t for t in fig.axes[0].texts if t.get_text() == note)
    assert to_hex(ann.get_color()) == ink  # the note has the arrow's colour
    fig.canvas.draw()
    head = arrows[0].arrow_patch.get_window_extent(fig.canvas.get_renderer())
    box = ann.get_window_extent(fig.canvas.get_renderer())
    assert box.x0 - head.x1 >= 0.5 * NOTE_ROOM_PT * fig.dpi / 72  # room between the arrow and its note
    assert ann.get_position()[1] > hi  # the note above every value the scale shows
    from figures.loss_curves import caption

    cap = caption(d, Look("light", "en"))
    assert "s = 3.0: 2.32×10³ at step 0 → 3.95×10²³ at step 1, then NaN from step 2 on" in cap
    assert cap.startswith("(a) The training loss per step of each run; (b) the mean |∂L/∂W| of each layer at step 0")
    assert "0.222 is the loss of always predicting 0." in cap and "s multiplies every weight matrix W" in cap
    assert "learning rate 0.1" in cap and "seed (0)" in cap and "target sin(u·x)" in cap and "W ~ N(0, 1/24)" in cap  # the set-up
    assert "a value above the loss scale is marked by the arrow at its top" in cap


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_loss_curves_keeps_one_note_per_panel(lang):
    """The notes are (a)'s: the diverging run's (its values off the scale) and the stuck run's level (the loss of always
    predicting 0), each in its run's colour; (b) has none (why the runs differ is the caption's) and names each run on
    its line as (a)'s key does; every note and name ends at least 4 pt inside the figure's right edge (the English note on
    the diverging run ended 2 px from it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from matplotlib.colors import to_hex

    from figures.common import figure_context
    from figures.loss_curves import make

    d = catalogue.get("loss_curves").compute()
    look = Look("light", lang)
    with figure_context(look):
        fig = make(d, look)
    try:
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        ink = look.palette.ink
        runs = ("s = 0.3", "s = 3.0", "s = 3.0 +\nLayerNorm")  # (b)'s names, on their lines
        notes = [t for ax in fig.axes for t in ax.texts if t.get_text() and t.get_text() not in runs]
        assert [len([t for t in notes if t.axes is ax]) for ax in fig.axes] == [2, 0]
        assert to_hex(notes[1].get_color()) == to_hex(look.palette.shrinks) != ink  # the stuck run's colour
        names = [t for t in fig.axes[1].texts if t.get_text() in runs]
        assert sorted(t.get_text().replace("\n", " ") for t in names) == ["s = 0.3", "s = 3.0", "s = 3.0 + LayerNorm"]
        right = fig.get_figwidth() * fig.dpi
        assert all(right - t.get_window_extent(r).x1 >= 4 * fig.dpi / 72 for t in notes + names), lang
    finally:
        plt.close(fig)
