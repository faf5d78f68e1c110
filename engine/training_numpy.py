"""A float64 numpy reference of engine.training.loss_curves' trainer, which the depth page runs in the browser.

training_problem draws loss_curves' data and base weights (the same torch generator, the same order); numpy_losses
trains the same network (hidden layers h ← GELU_tanh(h·(s·W)ᵀ), an optional LayerNorm with learnable γ/β after each,
a readout, ½·mean squared error, full-batch gradient descent) with a hand-written backward pass in float64.
studio/publish/pages/static/training.js ports numpy_losses line for line; tests/test_training_numpy.py checks numpy
against the recorded PyTorch float32 runs and tests/test_pages_training_browser.py the browser against numpy.
torch is imported inside training_problem only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np



@dataclass(frozen=True)
class TrainingProblem:
    """loss_curves' data and base weights (the float32 values torch drew, held as float64)."""

    x: np.ndarray  # (N, d) inputs
    target: np.ndarray  # (N,) t = sin(u·x)
    base: tuple  # n_layers × (d_out, d): W before scaling by s; the last is the readout (1, d)
    lr: float
    eps: float  # LayerNorm's


def training_problem(seed: int = 0, n_layers: int = 6, width: int = 24, n_samples: int = 64,
                     lr: float = 0.1) -> TrainingProblem:
    """The inputs, targets and base weights loss_curves draws for `seed` (same generator, same order)."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(n_samples, width, generator=gen)  # (N, d)
    u = torch.randn(width, generator=gen) / math.sqrt(width)  # (d,)
    target = torch.sin(x @ u)  # (N,)
    base = [torch.randn(width if l < n_layers - 1 else 1, width, generator=gen) / math.sqrt(width)
            for l in range(n_layers)]
    return TrainingProblem(x=x.double().numpy(), target=target.double().numpy(),
                           base=tuple(w.double().numpy() for w in base), lr=float(lr), eps=1e-5)


_GELU_C = math.sqrt(2.0 / math.pi)


def numpy_losses(problem: TrainingProblem, s: float, layer_norm: bool, steps: int = 300) -> np.ndarray:
    """loss[k] of loss_curves' trainer (forward, backward by hand, full-batch step), all in float64.

    The same network, loss and update as _train_runs: h ← GELU_tanh(h·(s·W_l)ᵀ), then LayerNorm with
    learnable γ (1) and β (0), eps 1e-5, biased variance, in the LayerNorm run; ŷ = h·W_Lᵀ;
    L = ½·mean((ŷ − t)²); every parameter p ← p − lr·∂L/∂p. A step whose loss is not finite ends the run:
    it and every later entry are NaN (the first non-finite step is the first NaN).
    """
    w = [float(s) * b for b in problem.base]  # each (d_out, d)
    n, d = problem.x.shape
    hidden = len(w) - 1
    gamma = [np.ones(d) for _ in range(hidden)]
    beta = [np.zeros(d) for _ in range(hidden)]
    t = problem.target[:, None]  # (N, 1)
    out = np.full(steps, np.nan)
    with np.errstate(all="ignore"):
        for k in range(steps):
            h, cache = problem.x, []
            for l in range(hidden):
                z = h @ w[l].T  # (N, d)
                th = np.tanh(_GELU_C * (z + 0.044715 * z ** 3))
                a = 0.5 * z * (1.0 + th)
                c = {"h": h, "z": z, "th": th}
                if layer_norm:
                    mu = a.mean(axis=1, keepdims=True)
                    sd = np.sqrt(((a - mu) ** 2).mean(axis=1, keepdims=True) + problem.eps)
                    nrm = (a - mu) / sd
                    c.update(nrm=nrm, sd=sd)
                    a = gamma[l] * nrm + beta[l]
                cache.append(c)
                h = a
            y = h @ w[-1].T  # (N, 1)
            loss = 0.5 * float(((y - t) ** 2).mean())
            if not math.isfinite(loss):
                break
            out[k] = loss
            dy = (y - t) / n  # (N, 1)
            grads = [None] * len(w)
            grads[-1] = dy.T @ h
            dh = dy @ w[-1]  # (N, d)
            for l in range(hidden - 1, -1, -1):
                c = cache[l]
                if layer_norm:
                    nrm = c["nrm"]
                    dg, db = (dh * nrm).sum(axis=0), dh.sum(axis=0)
                    dn = dh * gamma[l]
                    dh = (dn - dn.mean(axis=1, keepdims=True) - nrm * (dn * nrm).mean(axis=1, keepdims=True)) / c["sd"]
                    gamma[l] = gamma[l] - problem.lr * dg
                    beta[l] = beta[l] - problem.lr * db
                z, th = c["z"], c["th"]
                dz = dh * (0.5 * (1.0 + th) + 0.5 * z * (1.0 - th ** 2) * _GELU_C * (1.0 + 3 * 0.044715 * z ** 2))
                grads[l] = dz.T @ c["h"]
                dh = dz @ w[l]
            for l in range(len(w)):
                w[l] = w[l] - problem.lr * grads[l]
    return out
