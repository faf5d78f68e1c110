"""Real training runs for the depth lessons: 300-step loss curves and the book's shortcut gradients.

Implements seed 004 (004_bed12ab9efcd69b0.html):

- §4.2 "互動②：那 loss 會怎樣？（瀏覽器裡真的訓練 300 步）": one 6-layer network trained for 300
  real steps (forward, backward, weight update) from three starts that differ only in the scale s
  of the initial weights: s = 0.3, s = 3.0, and s = 3.0 with a LayerNorm after every hidden layer.
  The page's script ends before this widget's code, so only these facts are given: 6 layers, the
  knob s of widget ① (each layer computes y = (s·W)·x on a 24-number signal), the three starts and
  300 steps. Everything else is chosen here, documented, and exported with the numbers
  (`LossCurves.setup`):
    * width 24 (widget ①'s signal), 5 hidden layers 24 → 24 and a readout 24 → 1, no biases;
    * W has entries N(0, 1/width) so that s = 1 keeps the signal's size (the "effective s ≈ 1" the
      page attributes to Xavier/He initialisation); the three runs share the same W, scaled by s;
    * activation GELU, tanh approximation (the chapter's FeedForward activation);
    * LayerNorm (torch.nn.LayerNorm(24), learnable scale/shift, eps 1e-5) after each hidden layer's
      activation in the third run;
    * data: 64 fixed inputs x ~ N(0, I_24), target t = sin(u·x) with u ~ N(0, I/24);
    * loss ½·mean((ŷ − t)²) and full-batch gradient descent W ← W − lr·∂L/∂W with lr = 0.1, the
      loss and update rule of the page's forward/backward widget (補充：前向×反向);
    * float32, as in the browser's and PyTorch's default arithmetic.
  A run that overflows is reported as such: the loss array keeps its inf/NaN values and the record
  names the first step where the loss stopped being finite.

- §4.4 "Adding shortcut connections": the book's 5-layer network, layer sizes [3, 3, 3, 3, 3, 1],
  each layer Linear + GELU (the book's tanh-approximation class), input [[1., 0., -1.]], target
  [[0.]], MSE loss, torch.manual_seed(123) before building each model; the mean |grad| of each
  layer's weight, without and with shortcuts. The page prints the book's values (G_OFF, G_ON).

torch is imported inside the functions that train, never at module import.
"""
from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

import numpy as np

# The three starts of the 300-step widget: (label, s, LayerNorm after each hidden layer)
LOSS_RUNS = (("s=0.3", 0.3, False), ("s=3.0", 3.0, False), ("s=3.0+LN", 3.0, True))


def loss_runs(s_small: float = 0.3, s_large: float = 3.0) -> tuple:
    """The three starts for other gains: (s_small), (s_large) and (s_large + LayerNorm), labelled as
    LOSS_RUNS labels them (loss_runs() == LOSS_RUNS)."""
    def name(s: float) -> str:
        return f"{float(s):.1f}" if round(float(s), 1) == float(s) else f"{float(s):g}"

    return ((f"s={name(s_small)}", float(s_small), False), (f"s={name(s_large)}", float(s_large), False),
            (f"s={name(s_large)}+LN", float(s_large), True))


@dataclass(frozen=True)
class LossCurves:
    """Loss per step of the same 6-layer network trained from three initial weight scales."""

    seed: int
    steps: int
    n_layers: int
    width: int
    n_samples: int
    lr: float
    setup: dict  # every choice the seed page leaves open, in words (exported with the numbers)
    labels: tuple  # run names: "s=0.3", "s=3.0", "s=3.0+LN"
    scales: np.ndarray  # (runs,) the s of each run
    layer_norm: tuple  # (runs,) whether each hidden layer is followed by LayerNorm
    loss: np.ndarray  # (runs, steps) loss of the forward pass at step k, before update k
    grad_mean_abs: np.ndarray  # (runs, steps, n_layers) mean |∂L/∂W| of each layer's weight
    input_rms: float  # RMS of the inputs x
    signal_rms_at_start: np.ndarray  # (runs, n_layers) RMS of each layer's output at step 0
    baseline_loss: float  # ½·mean(t²): the loss of a network that always outputs 0
    first_nonfinite_step: np.ndarray  # (runs,) first step whose loss is inf or NaN, -1 if none
    first_inf_step: np.ndarray  # (runs,) first step whose loss is ±inf, -1 if none
    first_nan_step: np.ndarray  # (runs,) first step whose loss is NaN, -1 if none
    max_finite_loss: np.ndarray  # (runs,) largest finite loss seen
    last_finite_step: np.ndarray  # (runs,) last step with a finite loss
    initial_loss: np.ndarray  # (runs,) loss at step 0
    final_loss: np.ndarray  # (runs,) loss at the last step (NaN if the run diverged)
    status: tuple  # (runs,) "stuck", "diverged", "decreasing" or "increasing"


@contextlib.contextmanager
def _one_thread():
    """Run torch on one thread: these tensors are tiny, and on a shared 2-core machine two threads
    waiting for each other made a 0.5 s run take 7–13 s. The caller's setting is restored."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def _status(loss: np.ndarray, stuck_tol: float) -> str:
    if not np.all(np.isfinite(loss)):
        return "diverged"
    change = (loss[-1] - loss[0]) / loss[0]
    if abs(change) < stuck_tol:
        return "stuck"
    return "decreasing" if change < 0 else "increasing"


def _first(mask: np.ndarray) -> int:
    hits = np.flatnonzero(mask)
    return int(hits[0]) if hits.size else -1


def _train_runs(x, target, base, runs, steps, n_layers, width, lr):
    """loss_curves' training loop: loss (runs, steps), mean |grad| (runs, steps, layers) and the
    RMS of each layer's output at step 0 (runs, layers)."""
    import torch
    import torch.nn.functional as F

    n_runs = len(runs)
    losses = np.empty((n_runs, steps))
    grads = np.empty((n_runs, steps, n_layers))
    signal0 = np.empty((n_runs, n_layers))
    for r, (_label, s, use_ln) in enumerate(runs):
        weights = [(s * w).clone().requires_grad_() for w in base]  # same W, scaled by s
        norms = [torch.nn.LayerNorm(width) for _ in range(n_layers - 1)] if use_ln else []
        params = weights + [p for m in norms for p in m.parameters()]
        for k in range(steps):
            h = x  # (N, d)
            outs = []
            for l in range(n_layers - 1):
                h = F.gelu(h @ weights[l].T, approximate="tanh")  # (N, d)
                if use_ln:
                    h = norms[l](h)  # (N, d)
                outs.append(h)
            y_hat = h @ weights[-1].T  # (N, 1)
            outs.append(y_hat)
            loss = 0.5 * ((y_hat - target) ** 2).mean()  # ()
            losses[r, k] = loss.item()
            if k == 0:
                signal0[r] = [float(o.detach().pow(2).mean().sqrt()) for o in outs]
            g = torch.autograd.grad(loss, params)
            grads[r, k] = [float(gw.abs().mean()) for gw in g[:n_layers]]
            with torch.no_grad():
                for p, gp in zip(params, g):
                    p -= lr * gp
    return losses, grads, signal0


def loss_curves(
    seed: int = 0,
    steps: int = 300,
    n_layers: int = 6,
    width: int = 24,
    n_samples: int = 64,
    lr: float = 0.1,
    runs=LOSS_RUNS,
    stuck_tol: float = 0.01,
) -> LossCurves:
    """Train the 6-layer network of seed 004 §4.2 (widget ②) from each start in `runs` for `steps` steps.

    `runs` is a sequence of (label, s, layer_norm). One generator seeded with `seed` draws the data
    and the base weights, so the runs differ only in s and LayerNorm. A run is "stuck" when its loss
    changed by less than `stuck_tol` (relative) over all steps.
    """
    import torch

    if n_layers < 2:
        raise ValueError("n_layers must be at least 2 (hidden layers and a readout)")
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n_samples, width, generator=gen)  # (N, d)
    u = torch.randn(width, generator=gen) / math.sqrt(width)  # (d,)
    target = torch.sin(x @ u).unsqueeze(1)  # (N, 1)
    base = [torch.randn(width if l < n_layers - 1 else 1, width, generator=gen) / math.sqrt(width)
            for l in range(n_layers)]  # n_layers × (d_out, d): N(0, 1/d) entries

    with _one_thread():
        losses, grads, signal0 = _train_runs(x, target, base, runs, steps, n_layers, width, lr)

    finite = np.isfinite(losses)  # (runs, steps)
    last_finite = [int(np.flatnonzero(f)[-1]) if f.any() else -1 for f in finite]
    return LossCurves(
        seed=seed,
        steps=steps,
        n_layers=n_layers,
        width=width,
        n_samples=n_samples,
        lr=lr,
        setup={
            "network": f"{n_layers - 1} hidden layers {width}→{width} and a readout {width}→1, no biases",
            "layer": "h ← GELU_tanh((s·W)·h), then LayerNorm(h) in the LayerNorm run",
            "init": f"W entries ~ N(0, 1/{width}); the runs share W and differ only in s",
            "layer_norm": f"torch.nn.LayerNorm({width}), learnable scale/shift, eps 1e-5",
            "data": f"{n_samples} inputs x ~ N(0, I_{width}); target t = sin(u·x), u ~ N(0, I/{width})",
            "loss": "½·mean((ŷ − t)²) over the batch",
            "optimizer": f"full-batch gradient descent, W ← W − lr·∂L/∂W, lr = {lr}",
            "dtype": "float32",
            "step": "loss[k] is the forward pass before update k",
            "seed": f"torch.Generator().manual_seed({seed}) draws data, then u, then W",
        },
        labels=tuple(label for label, _, _ in runs),
        scales=np.array([s for _, s, _ in runs], dtype=float),
        layer_norm=tuple(bool(ln) for _, _, ln in runs),
        loss=losses,
        grad_mean_abs=grads,
        input_rms=float(x.pow(2).mean().sqrt()),
        signal_rms_at_start=signal0,
        baseline_loss=float(0.5 * target.pow(2).mean()),
        first_nonfinite_step=np.array([_first(~f) for f in finite]),
        first_inf_step=np.array([_first(np.isinf(row)) for row in losses]),
        first_nan_step=np.array([_first(np.isnan(row)) for row in losses]),
        max_finite_loss=np.array([row[f].max() if f.any() else np.nan for row, f in zip(losses, finite)]),
        last_finite_step=np.array(last_finite),
        initial_loss=losses[:, 0].copy(),
        final_loss=losses[:, -1].copy(),
        status=tuple(_status(row, stuck_tol) for row in losses),
    )


# ---------------------------------------------------------------------------------------------
# §4.4 the book's shortcut experiment


@dataclass(frozen=True)
class ShortcutGradients:
    """Mean |grad| of each layer's weight in the book's 5-layer net, without and with shortcuts."""

    seed: int
    layer_sizes: tuple
    x: np.ndarray  # (1, 3) the sample input
    target: np.ndarray  # (1, 1)
    layer_names: tuple  # the parameter names the book prints ("layers.0.0.weight", …)
    without_shortcut: np.ndarray  # (layers,) mean |∂L/∂W|, float32 arithmetic, as float64
    with_shortcut: np.ndarray  # (layers,)
    weight_grad_ratio: np.ndarray  # (layers,) with / without of mean |∂L/∂W| (not the figure's ratio: signal_ratio)
    output_without: float  # the network's output ŷ
    output_with: float
    loss_without: float  # MSE(ŷ, target)
    loss_with: float
    dtype: str
    dloss_dout_without: float = 0.0  # ∂L/∂ŷ = 2 (ŷ − target) for the MSE of one output
    dloss_dout_with: float = 0.0
    without_per_dout: np.ndarray = None  # (layers,) mean |∂L/∂W| / |∂L/∂ŷ|: the gradient per unit of output error
    with_per_dout: np.ndarray = None  # (layers,)
    weight_grad_ratio_per_dout: np.ndarray = None  # (layers,) with / without, per unit of ∂L/∂ŷ (not drawn)
    # the backward signal itself: mean |∂L/∂h_ℓ| / |∂L/∂ŷ|, h_ℓ the signal after layer ℓ (after the shortcut's
    # sum where there is one; h_L = ŷ, so the last entry is 1): what reaches each layer from the output
    signal_without: np.ndarray = None  # (layers,)
    signal_with: np.ndarray = None  # (layers,)
    signal_ratio: np.ndarray = None  # (layers,) with / without of the backward signal: the ratio shortcut_gradients draws


def _book_gelu(x):
    """The book's GELU class (tanh approximation), operation for operation."""
    import torch

    return 0.5 * x * (1 + torch.tanh(torch.sqrt(torch.tensor(2.0 / torch.pi)) * (x + 0.044715 * torch.pow(x, 3))))


def _shortcut_run(layer_sizes, x, target, use_shortcut: bool, seed: int):
    import torch
    from torch import nn

    class GELU(nn.Module):
        def forward(self, v):
            return _book_gelu(v)

    class ExampleDeepNeuralNetwork(nn.Module):
        def __init__(self):
            super().__init__()
            self.use_shortcut = use_shortcut
            self.layers = nn.ModuleList([
                nn.Sequential(nn.Linear(layer_sizes[i], layer_sizes[i + 1]), GELU())
                for i in range(len(layer_sizes) - 1)
            ])

        def forward(self, v):
            self.stream = []  # h_ℓ after each layer, kept for ∂L/∂h_ℓ
            for layer in self.layers:
                layer_output = layer(v)  # (1, d_out)
                if self.use_shortcut and v.shape == layer_output.shape:
                    v = v + layer_output
                else:
                    v = layer_output
                v.retain_grad()
                self.stream.append(v)
            return v

    torch.manual_seed(seed)
    model = ExampleDeepNeuralNetwork()
    inp = torch.tensor(x, dtype=torch.float32)  # (1, 3)
    tgt = torch.tensor(target, dtype=torch.float32)  # (1, 1)
    output = model(inp)  # (1, 1)
    loss = nn.MSELoss()(output, tgt)
    loss.backward()
    names, grads = [], []
    for name, param in model.named_parameters():
        if "weight" in name:
            names.append(name)
            grads.append(param.grad.abs().mean().item())
    signal = np.array([h.grad.abs().mean().item() for h in model.stream])  # (layers,) mean |∂L/∂h_ℓ|
    return names, np.array(grads), float(output.item()), float(loss.item()), signal


def shortcut_gradients(
    layer_sizes=(3, 3, 3, 3, 3, 1),
    x=((1.0, 0.0, -1.0),),
    target=((0.0,),),
    seed: int = 123,
) -> ShortcutGradients:
    """Seed 004 §4.4: the book's print_gradients for use_shortcut=False and True.

    torch.manual_seed(seed) is called before each model is built, as in the book, so both models
    start from the same weights; all arithmetic is float32.
    """
    x = np.asarray(x, dtype=float)  # (1, 3)
    target = np.asarray(target, dtype=float)  # (1, 1)
    with _one_thread():
        names, g_off, out_off, loss_off, h_off = _shortcut_run(layer_sizes, x, target, False, seed)
        _, g_on, out_on, loss_on, h_on = _shortcut_run(layer_sizes, x, target, True, seed)
    n_out = target.size
    d_off = float(2.0 * (out_off - target.ravel()[0]) / n_out)  # ∂L/∂ŷ of the MSE (one output)
    d_on = float(2.0 * (out_on - target.ravel()[0]) / n_out)
    per_off, per_on = g_off / abs(d_off), g_on / abs(d_on)  # (layers,) each
    return ShortcutGradients(
        dloss_dout_without=d_off, dloss_dout_with=d_on, without_per_dout=per_off, with_per_dout=per_on,
        weight_grad_ratio_per_dout=per_on / per_off, signal_without=h_off / abs(d_off), signal_with=h_on / abs(d_on),
        signal_ratio=(h_on / abs(d_on)) / (h_off / abs(d_off)),
        seed=seed,
        layer_sizes=tuple(int(n) for n in layer_sizes),
        x=x,
        target=target,
        layer_names=tuple(names),
        without_shortcut=g_off,
        with_shortcut=g_on,
        weight_grad_ratio=g_on / g_off,
        output_without=out_off,
        output_with=out_on,
        loss_without=loss_off,
        loss_with=loss_on,
        dtype="float32",
    )
