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
so static/training.js only draws what was computed here. The student picks a prediction first
(stays / NaN / falls); the engine's verdict (loss_curves' status) is compared with it after the run.
"""
from __future__ import annotations

import math

import numpy as np

from look import fmt_num

LOSS_DIGITS = "3s"  # figures/loss_curves.py DECIMALS["loss"]: the widget prints the figure's numbers
SCALES = (0.3, 3.0)  # the s pills: the seed's two starts
AXIS_STEP = 8  # decades between the chart's labelled gridlines
VERDICTS = {"stuck": "stay", "diverged": "nan", "decreasing": "fall"}  # engine status → prediction pill


def training_runs():
    """engine.training.loss_curves for the seed's three runs and s = 0.3 with LayerNorm."""
    from engine.training import LOSS_RUNS, loss_curves, loss_runs

    return loss_curves(runs=tuple(LOSS_RUNS) + (loss_runs(SCALES[1], SCALES[0])[2],))  # + ("s=0.3+LN", 0.3, True)


def _key(s: float, ln: bool) -> str:
    return f"{SCALES.index(s)}|{int(ln)}"


def training_widget() -> dict:
    """{runs: {"S|LN": {loss: [text per step], y: [percent per step, "" once not finite], verdict, …}}}."""
    r = training_runs()
    finite = r.loss[np.isfinite(r.loss)]
    lo = math.floor(math.log10(finite.min()) / AXIS_STEP) * AXIS_STEP
    hi = math.ceil(math.log10(finite.max()) / AXIS_STEP) * AXIS_STEP
    runs = {}
    for i, label in enumerate(r.labels):
        loss = r.loss[i]
        ok = np.isfinite(loss)
        y = [f"{100.0 * (math.log10(v) - lo) / (hi - lo):.2f}" if f else "" for v, f in zip(loss, ok)]
        nan_at = int(r.first_nonfinite_step[i])
        runs[_key(float(r.scales[i]), r.layer_norm[i])] = {
            "label": label, "loss": [fmt_num(float(v), LOSS_DIGITS) for v in loss], "y": y,
            "status": r.status[i], "verdict": VERDICTS[r.status[i]], "nan_at": nan_at,
            "first": fmt_num(float(loss[0]), LOSS_DIGITS),
            "last": fmt_num(float(loss[-1]), LOSS_DIGITS),
            "last_finite": fmt_num(float(loss[r.last_finite_step[i]]), LOSS_DIGITS),
        }
    ticks = [(f"10{_sup(e)}" if e else "1", f"{100.0 * (e - lo) / (hi - lo):.2f}") for e in range(lo, hi + 1, AXIS_STEP)]
    return {"engine": "engine.training:loss_curves (PyTorch, replayed)", "keys": [], "states": {},
            "computed": True, "runs": runs, "steps": int(r.steps), "ticks": ticks, "scales": [fmt_num(s, 1) for s in SCALES],
            "start": "1|0", "baseline": fmt_num(r.baseline_loss, LOSS_DIGITS), "lr": fmt_num(r.lr, 1),
            "n_layers": int(r.n_layers), "width": int(r.width), "n_samples": int(r.n_samples), "seed": int(r.seed)}


def _sup(e: int) -> str:
    from look.formats import superscript

    return superscript(e)


BUILDERS = {"training": training_widget}  # placed by the depth LESSON just before loss_curves (text.REVEALED_BY)
