"""The depth lesson's training replay: seed 004 (004_bed12ab9efcd69b0.html) §4.2, "互動②：那 loss 會怎樣？
（瀏覽器裡真的訓練 300 步）".

The same 6-layer network trained for 300 real steps (forward, backward, weight update) from starts that
differ only in the scale s of the initial weights, with or without a LayerNorm after each hidden layer.
The training is engine.training.loss_curves (PyTorch, float32, every choice listed in its `setup`), run
once at build time: the page replays those recorded steps, it does not train. The seed's three runs
(s = 0.3, s = 3.0, s = 3.0 + LayerNorm, the loss_curves figure's) plus s = 0.3 + LayerNorm, so the two
controls (s, LayerNorm) cover every combination; the runs share the data and the base weights, so adding
the fourth run leaves the first three unchanged (tests/test_pages_training.py checks it).

For each run the widget holds, per step k = 0 … 299, the loss printed as the figure prints it
(3 significant digits, "NaN" once it overflowed) and the point's height on the chart's log axis (percent),
that axis the loss_curves figure's (loss_axis); across, the steps on a log axis of k + 1 (step_x), so the
first steps, where s = 3.0 blows up, are wide. static/training.js only draws what was computed here, and
after a run lets the student scrub its steps (a slider printing the step and its loss). The student picks a prediction first
(stays / NaN / falls); the engine's verdict (loss_curves' status) is compared with it after the run.
"""
from __future__ import annotations

import math

import numpy as np

from look import fmt_num

LOSS_DIGITS = "3s"  # figures/loss_curves.py DECIMALS["loss"]: the widget prints the figure's numbers
SCALES = (0.3, 3.0)  # the s pills: the seed's two starts
LABEL_EVERY = 2  # decades between the chart's labelled gridlines
X_TICKS = (0, 1, 2, 5, 10, 20, 50, 100)  # the steps named under the chart, with the last step
VERDICTS = {"stuck": "stay", "diverged": "nan", "decreasing": "fall"}  # engine status → prediction pill


def training_runs():
    """engine.training.loss_curves for the seed's three runs and s = 0.3 with LayerNorm."""
    from engine.training import LOSS_RUNS, loss_curves, loss_runs

    return loss_curves(runs=tuple(LOSS_RUNS) + (loss_runs(SCALES[1], SCALES[0])[2],))  # + ("s=0.3+LN", 0.3, True)


def _key(s: float, ln: bool) -> str:
    return f"{SCALES.index(s)}|{int(ln)}"


def loss_axis(r) -> tuple[float, float]:
    """(bottom, top) of the chart's log axis in decades: the loss_curves figure's own (its sane_range over the
    seed's three runs, the first three of `r`, and its limits: a floor under the lowest value, HEADROOM above
    the highest), so the widget and the figure share one scale; a value above the top leaves the chart there."""
    from types import SimpleNamespace

    from figures.loss_curves import log_limits, sane_range

    seed = SimpleNamespace(labels=r.labels[:3], status=r.status[:3])
    return log_limits(*sane_range(r.loss[:3], seed))


def step_x(k: int, steps: int) -> float:
    """Step k's place across the chart (percent) on a log axis of k + 1: step 0 at the left edge, the last step
    at the right, the first ten steps over about 40 % of the width (where a run that blows up does so)."""
    return 100.0 * math.log10(k + 1) / math.log10(steps)


def training_widget() -> dict:
    """{runs: {"S|LN": {loss: [text per step], y: [percent per step, "" once not finite], off: [steps above the
    chart], verdict, …}}, x: [percent per step], ticks, xticks, seed_runs: the keys of the seed's three runs (the
    seed's three-sentence conclusion shows whole once all three were run; before, only the outcomes seen)}."""
    r = training_runs()
    lo, hi = loss_axis(r)
    runs = {}
    for i, label in enumerate(r.labels):
        loss = r.loss[i]
        ok = np.isfinite(loss)
        h = [100.0 * (math.log10(v) - lo) / (hi - lo) if f else None for v, f in zip(loss, ok)]
        nan_at = int(r.first_nonfinite_step[i])
        runs[_key(float(r.scales[i]), r.layer_norm[i])] = {
            "label": label, "loss": [fmt_num(float(v), LOSS_DIGITS) for v in loss],
            "y": ["" if v is None else f"{min(100.0, max(0.0, v)):.2f}" for v in h],
            "off": [k for k, v in enumerate(h) if v is not None and v > 100.0],
            "status": r.status[i], "verdict": VERDICTS[r.status[i]], "nan_at": nan_at,
            "first": fmt_num(float(loss[0]), LOSS_DIGITS),
            "last": fmt_num(float(loss[-1]), LOSS_DIGITS),
            "last_finite": fmt_num(float(loss[r.last_finite_step[i]]), LOSS_DIGITS),
            "s": fmt_num(float(r.scales[i]), 1), "ln": int(r.layer_norm[i]),
        }
    first = math.ceil(lo / LABEL_EVERY) * LABEL_EVERY
    ticks = [(f"10{_sup(e)}" if e else "1", f"{100.0 * (e - lo) / (hi - lo):.2f}")
             for e in range(first, math.floor(hi) + 1, LABEL_EVERY)]
    steps = int(r.steps)
    xticks = [(str(k), f"{step_x(k, steps):.2f}") for k in X_TICKS if k < steps - 1] + \
        [(str(steps - 1), f"{step_x(steps - 1, steps):.2f}")]
    return {"engine": "engine.training:loss_curves (PyTorch, replayed)", "keys": [], "states": {},
            "computed": True, "runs": runs, "steps": steps, "ticks": ticks, "xticks": xticks,
            "x": [f"{step_x(k, steps):.2f}" for k in range(steps)], "axis": [f"{lo:.3f}", f"{hi:.3f}"],
            "share": fmt_num(step_x(10, steps), 0),
            "scales": [fmt_num(s, 1) for s in SCALES],
            "seed_runs": [_key(float(r.scales[i]), r.layer_norm[i]) for i in range(3)],  # the full conclusion waits for these
            "start": "1|0", "baseline": fmt_num(r.baseline_loss, LOSS_DIGITS), "lr": fmt_num(r.lr, 1),
            "n_layers": int(r.n_layers), "width": int(r.width), "n_samples": int(r.n_samples), "seed": int(r.seed),
            "net": trainer_data(r)}


def trainer_data(r) -> dict:
    """What static/training.js's trainer needs (engine.training.training_problem for loss_curves' seed and sizes,
    full precision, row-major): it trains the network in the browser as engine.training.numpy_losses does."""
    from engine.training_numpy import training_problem

    p = training_problem(seed=int(r.seed), n_layers=int(r.n_layers), width=int(r.width),
                         n_samples=int(r.n_samples), lr=float(r.lr))
    return {"d": int(r.width), "n": int(r.n_samples), "hidden": int(r.n_layers) - 1, "lr": p.lr, "eps": p.eps,
            "steps": int(r.steps), "x": [float(v) for v in p.x.ravel()], "t": [float(v) for v in p.target],
            "w": [float(v) for b in p.base for v in b.ravel()]}


def _sup(e: int) -> str:
    from look.formats import superscript

    return superscript(e)


BUILDERS = {"training": training_widget}  # placed by the depth LESSON just before loss_curves (text.REVEALED_BY)
