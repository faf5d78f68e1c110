"""The 2-3-1 tanh net of seed 004's "補充：前向傳播 × 反向傳播": forward, backward, one SGD update.

Implements seed 004 (004_bed12ab9efcd69b0.html, section "sec-fb", the script's NX, NW1, NB1, NW2, NB2,
TARGET, LR): z1 = W1·x + b1, a1 = tanh(z1), ŷ = W2·a1 + b2, loss = ½(ŷ − target)². Backward by the chain
rule, then W ← W − lr·∂L/∂W for every weight and bias, and the forward pass again with the new weights.
The page prints ∂L/∂ŷ −1.10, ŷ −0.10 → 0.25 and loss 0.603 → 0.278.

What a gradient means, checked by a real re-run: the weight with the largest |∂L/∂w| is nudged by
NUDGE = 0.01, the forward pass runs again, and the loss's change is set beside ∂L/∂w × 0.01 (the
first-order prediction; the two agree up to a term of order 0.01²); the same for a first-layer weight (`nudge_inner`, chosen by
`inner_choice`), whose gradient came through the chain rule.

Where paths meet, gradients add: x[j] feeds every hidden node, so ∂L/∂x[j] is the sum over the three
paths of W1[i, j]·∂L/∂z1[i] (`dx_paths`, whose column sums are `dx`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# seed 004 sec-fb: const NX, NW1, NB1, NW2, NB2, TARGET, LR
X = np.array([0.9, -0.4])  # (2,)
W1 = np.array([[0.6, -0.4], [0.9, 0.3], [-0.7, 0.5]])  # (3, 2)
B1 = np.array([0.1, -0.2, 0.05])  # (3,)
W2 = np.array([0.8, -0.6, 0.7])  # (3,)
B2 = 0.1
TARGET = 1.0
LR = 0.1
NUDGE = 0.01  # how far one weight is moved to see the loss respond
STEPS = 5  # the loss over this many steps of the same update, for the ending's loss-vs-step plot


def small_net_forward(x, w1, b1, w2, b2) -> tuple[np.ndarray, np.ndarray, float]:
    """(z1, a1, ŷ) for the 2-3-1 net."""
    z1 = np.asarray(w1, float) @ np.asarray(x, float) + np.asarray(b1, float)  # (3,)
    a1 = np.tanh(z1)  # (3,)
    y_hat = float(np.asarray(w2, float) @ a1 + b2)
    return z1, a1, y_hat


@dataclass(frozen=True)
class SmallNetStep:
    """One forward, backward and SGD step of seed 004's 2-3-1 tanh net; every value the scene shows."""

    x: np.ndarray  # (2,) input
    w1: np.ndarray  # (3, 2)
    b1: np.ndarray  # (3,)
    w2: np.ndarray  # (3,)
    b2: float
    target: float
    lr: float
    # forward
    z1: np.ndarray  # (3,) W1 x + b1
    a1: np.ndarray  # (3,) tanh(z1)
    y_hat: float
    loss: float  # ½(ŷ − target)²
    # backward
    dy_hat: float  # ∂L/∂ŷ = ŷ − target
    da1: np.ndarray  # (3,) ∂L/∂a1 = W2 · ∂L/∂ŷ
    slope: np.ndarray  # (3,) tanh's slope at z1: 1 − a1²
    dz1: np.ndarray  # (3,) ∂L/∂z1 = ∂L/∂a1 · (1 − a1²)
    dx: np.ndarray  # (2,) ∂L/∂x = W1ᵀ ∂L/∂z1
    dx_paths: np.ndarray  # (3, 2) [i, j]: what the path through hidden node i adds to ∂L/∂x[j], W1[i, j]·∂L/∂z1[i]
    dw2: np.ndarray  # (3,) ∂L/∂W2 = ∂L/∂ŷ · a1
    db2: float  # ∂L/∂b2 = ∂L/∂ŷ
    dw1: np.ndarray  # (3, 2) ∂L/∂W1 = ∂L/∂z1 xᵀ
    db1: np.ndarray  # (3,) ∂L/∂b1 = ∂L/∂z1
    # update W ← W − lr · ∂L/∂W
    w1_new: np.ndarray  # (3, 2)
    b1_new: np.ndarray  # (3,)
    w2_new: np.ndarray  # (3,)
    b2_new: float
    # forward again with the new weights
    z1_new: np.ndarray  # (3,)
    a1_new: np.ndarray  # (3,)
    y_hat_new: float
    loss_new: float
    losses: np.ndarray  # (STEPS + 1,) the loss before step 1, after step 1, … after step STEPS
    # one weight nudged by `nudge`, the forward pass run again (with the old weights otherwise)
    nudge: float
    nudge_at: tuple  # (2, i) for W2[i] or (1, i, j) for W1[i, j]: the weight with the largest |∂L/∂w|
    nudge_w: float  # its value
    nudge_grad: float  # its ∂L/∂w
    nudged_w: float  # its value in the re-run: nudge_w + nudge
    y_hat_nudged: float  # the output of the re-run
    loss_nudged: float  # the loss of the re-run
    dloss_nudge: float  # loss_nudged − loss: what the re-run measured
    dloss_linear: float  # nudge_grad × nudge: what the gradient predicts
    a1_nudged: np.ndarray | None = None  # (3,) the hidden values of the re-run (a1 when W2 was nudged)
    z1_nudged: np.ndarray | None = None  # (3,) the hidden sums of the re-run (z1 when W2 was nudged)
    # the nudge's change node by node along its path, the re-run minus the original
    dz1_nudge: np.ndarray | None = None  # (3,) z1_nudged − z1
    da1_nudge: np.ndarray | None = None  # (3,) a1_nudged − a1
    dy_hat_nudge: float = 0.0  # y_hat_nudged − y_hat
    ripple: tuple = ()  # the path's steps in order: (node, Δ, Δ over the Δ before it, the backward pass's factor)
    n_params: int = 0  # how many weights and biases: gradients one backward pass gives, forward passes nudging needs
    # the same test for a first-layer weight (`inner_choice`): its gradient too is the loss's sensitivity
    inner_at: tuple = ()  # (1, i, j)
    inner_w: float = 0.0  # its value
    inner_grad: float = 0.0  # its ∂L/∂W1[i, j]
    inner_nudged_w: float = 0.0  # inner_w + nudge
    inner_loss_nudged: float = 0.0  # the loss of the re-run
    inner_dloss: float = 0.0  # inner_loss_nudged − loss: what the re-run measured
    inner_dloss_linear: float = 0.0  # inner_grad × nudge: what the gradient predicts
    inner_z1_nudged: np.ndarray | None = None  # (3,) the hidden sums of its re-run
    inner_a1_nudged: np.ndarray | None = None  # (3,) the hidden values of its re-run
    inner_y_hat_nudged: float = 0.0  # the output of its re-run
    inner_da1: float = 0.0  # its hidden node's change in the re-run, a1_nudged[i] − a1[i]
    inner_dy_hat: float = 0.0  # the output's change in the re-run


def nudge_weight(x, w1, b1, w2, b2, target, dw1, dw2, nudge: float = NUDGE) -> dict:
    """Move the weight with the largest |∂L/∂w| (W2 first on a tie) by `nudge`, run the forward pass
    again, and return the measured change of the loss beside the gradient's prediction."""
    i2 = int(np.argmax(np.abs(dw2)))
    i1 = np.unravel_index(int(np.argmax(np.abs(dw1))), dw1.shape)
    w1n, w2n = np.array(w1, float), np.array(w2, float)  # (3, 2), (3,) copies
    if abs(dw2[i2]) >= abs(dw1[i1]):
        at, w, g = (2, i2), float(w2[i2]), float(dw2[i2])
        w2n[i2] += nudge
    else:
        at, w, g = (1, int(i1[0]), int(i1[1])), float(w1[i1]), float(dw1[i1])
        w1n[i1] += nudge
    z1_nudged, a1_nudged, y_nudged = small_net_forward(x, w1n, b1, w2n, b2)
    loss_nudged = 0.5 * (y_nudged - target) ** 2
    return dict(nudge=float(nudge), nudge_at=at, nudge_w=w, nudge_grad=g, nudged_w=w + float(nudge),
                y_hat_nudged=float(y_nudged), loss_nudged=float(loss_nudged), a1_nudged=a1_nudged,
                z1_nudged=z1_nudged)


def paths_numbers(x, w1, dz1, dx_paths, dx, dw2, dy) -> np.ndarray:
    """The numbers on screen while the paths into x[0] add up: the inputs, every W1 weight, the nodes' and biases'
    gradients, the three paths' terms W1[i, 0]·∂L/∂z1[i] and their sum, the output layer's gradients."""
    return np.concatenate([np.ravel(v) for v in (x, w1, dz1, np.asarray(dx_paths)[:, 0], np.asarray(dx)[:1], dw2, [dy])])


def inner_choice(x, w1, dw1, shown) -> tuple:
    """The first-layer weight to nudge: the largest |∂L/∂W1| among the weights whose value is neither input (else the
    nudge reads as the input's, and ∂L/∂W1[i, j] = ∂L/∂z1[i]·x[j] repeats a path's term W1[i, j]·∂L/∂z1[i]) and whose
    gradient, at the two decimals written, is none of `shown` (the paths section's numbers); the largest overall when
    none qualifies."""
    w1, dw1 = np.asarray(w1, float), np.asarray(dw1, float)  # (3, 2), (3, 2)
    r = lambda v: np.round(np.abs(np.asarray(v, float)), 2)  # noqa: E731
    ok = ~np.isin(r(w1), r(x)) & ~np.isin(r(dw1), r(shown))  # (3, 2)
    score = np.where(ok, np.abs(dw1), -1.0) if ok.any() else np.abs(dw1)
    return tuple(int(v) for v in np.unravel_index(int(np.argmax(score)), dw1.shape))


def nudge_inner(x, w1, b1, w2, b2, target, dw1, shown=(), nudge: float = NUDGE) -> dict:
    """The same test for a first-layer weight (`inner_choice`): W1[i, j] moved by `nudge`, the forward pass run again,
    the loss's change beside ∂L/∂W1[i, j] × nudge. Keys as `nudge_weight`'s, prefixed inner_."""
    i, j = inner_choice(x, w1, dw1, shown)
    w1n = np.array(w1, float)  # (3, 2)
    w1n[i, j] += nudge
    z1, a1, y = small_net_forward(x, w1n, b1, w2, b2)
    _, _, y0 = small_net_forward(x, w1, b1, w2, b2)
    loss, loss0 = 0.5 * (y - target) ** 2, 0.5 * (y0 - target) ** 2
    g = float(np.asarray(dw1)[i, j])
    return dict(inner_at=(1, i, j), inner_w=float(np.asarray(w1)[i, j]), inner_grad=g,
                inner_nudged_w=float(np.asarray(w1)[i, j]) + float(nudge), inner_loss_nudged=float(loss),
                inner_dloss=float(loss - loss0), inner_dloss_linear=g * float(nudge),
                inner_z1_nudged=z1, inner_a1_nudged=a1, inner_y_hat_nudged=float(y),
                inner_da1=float(a1[i] - np.tanh(np.asarray(w1, float) @ np.asarray(x, float) + np.asarray(b1, float))[i]),
                inner_dy_hat=float(y - y0))


def ripple_steps(at, nudge, x, a1, w2, slope, dy_hat, dz1, da1, dy, dloss) -> tuple:
    """The nudge's change as it travels forward, node by node: (node, Δ, ratio, factor) with node "z", "a", "y"
    or "L"; ratio is Δ over the change before it (the nudge for the first node), factor the chain-rule factor the
    backward pass multiplied by there (x[j] into z, tanh's slope 1 − a² into a, W2[i] or a1[i] into ŷ, ∂L/∂ŷ into
    the loss). The ratios equal the factors up to a term of the order of the nudge."""
    if at[0] == 1:
        i, j = at[1], at[2]
        steps = [("z", float(dz1[i]), float(x[j])), ("a", float(da1[i]), float(slope[i])),
                 ("y", float(dy), float(w2[i]))]
    else:
        steps = [("y", float(dy), float(a1[at[1]]))]
    out, before = [], float(nudge)
    for node, delta, factor in steps + [("L", float(dloss), float(dy_hat))]:
        out.append((node, delta, delta / before if before else 0.0, factor))
        before = delta
    return tuple(out)


def loss_curve(x, w1, b1, w2, b2, target, lr, steps: int = STEPS) -> np.ndarray:
    """The loss before and after each of `steps` plain gradient steps of lr on the one example: (steps + 1,)."""
    w1, b1, w2, b2 = np.array(w1, float), np.array(b1, float), np.array(w2, float), float(b2)
    out = []
    for k in range(steps + 1):
        _, a1, y = small_net_forward(x, w1, b1, w2, b2)
        out.append(0.5 * (y - target) ** 2)
        if k == steps:
            break
        dy = y - target
        dz1 = w2 * dy * (1.0 - a1**2)  # (3,)
        w1, b1, w2, b2 = w1 - lr * np.outer(dz1, x), b1 - lr * dz1, w2 - lr * dy * a1, b2 - lr * dy
    return np.array(out)  # (steps + 1,)


def small_net_step(target: float = TARGET, lr: float = LR, x=X, w1=W1, b1=B1, w2=W2,
                   b2: float = B2) -> SmallNetStep:
    """Forward, backward and one update of lr for the page's net (defaults: the page's values)."""
    x = np.asarray(x, dtype=float)  # (2,)
    w1, b1, w2 = (np.asarray(v, dtype=float) for v in (w1, b1, w2))  # (3, 2), (3,), (3,)
    b2 = float(b2)
    z1, a1, y_hat = small_net_forward(x, w1, b1, w2, b2)
    loss = 0.5 * (y_hat - target) ** 2
    dy = y_hat - target
    da1 = w2 * dy  # (3,)
    slope = 1.0 - a1**2  # (3,) tanh'(z1)
    dz1 = da1 * slope  # (3,)
    dx = w1.T @ dz1  # (2,)
    dx_paths = w1 * dz1[:, None]  # (3, 2): dx is its column sums
    dw2 = dy * a1  # (3,)
    dw1 = np.outer(dz1, x)  # (3, 2)
    w1_new, b1_new = w1 - lr * dw1, b1 - lr * dz1  # (3, 2), (3,)
    w2_new, b2_new = w2 - lr * dw2, b2 - lr * dy  # (3,), scalar
    z1_new, a1_new, y_new = small_net_forward(x, w1_new, b1_new, w2_new, b2_new)
    nudged = nudge_weight(x, w1, b1, w2, b2, target, dw1, dw2)
    ripple = ripple_steps(nudged["nudge_at"], nudged["nudge"], x, a1, w2, slope, dy, nudged["z1_nudged"] - z1,
                          nudged["a1_nudged"] - a1, nudged["y_hat_nudged"] - y_hat, nudged["loss_nudged"] - loss)
    return SmallNetStep(
        x=x, w1=w1, b1=b1, w2=w2, b2=b2, target=float(target), lr=float(lr),
        z1=z1, a1=a1, y_hat=y_hat, loss=float(loss),
        dy_hat=float(dy), da1=da1, slope=slope, dz1=dz1, dx=dx, dx_paths=dx_paths, dw2=dw2, db2=float(dy), dw1=dw1, db1=dz1.copy(),
        w1_new=w1_new, b1_new=b1_new, w2_new=w2_new, b2_new=float(b2_new),
        z1_new=z1_new, a1_new=a1_new, y_hat_new=y_new, loss_new=float(0.5 * (y_new - target) ** 2),
        losses=loss_curve(x, w1, b1, w2, b2, float(target), float(lr)),
        **nudged, dloss_nudge=nudged["loss_nudged"] - float(loss), dloss_linear=nudged["nudge_grad"] * nudged["nudge"],
        dz1_nudge=nudged["z1_nudged"] - z1, da1_nudge=nudged["a1_nudged"] - a1,
        dy_hat_nudge=nudged["y_hat_nudged"] - y_hat,
        ripple=ripple,
        n_params=int(np.size(w1) + np.size(b1) + np.size(w2) + np.size(b2)),
        **nudge_inner(x, w1, b1, w2, b2, float(target), dw1, paths_numbers(x, w1, dz1, dx_paths, dx, dw2, dy)),
    )
