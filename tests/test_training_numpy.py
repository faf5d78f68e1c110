"""engine.training_numpy, the float64 reference the depth page trains in the browser, against the recorded PyTorch
float32 runs of engine.training.loss_curves: the same data and weights, the same losses where both are finite."""
from __future__ import annotations

import numpy as np
import pytest

from engine.training import loss_curves
from engine.training_numpy import numpy_losses, training_problem

RUNS = (("s=0.3", 0.3, False), ("s=3.0", 3.0, False), ("s=3.0+LN", 3.0, True), ("s=0.3+LN", 0.3, True))
RTOL = 2e-3  # float32 against float64 over 300 steps: the worst is the LayerNorm runs near 1e-7, where float32 rounding shows
RTOL_EARLY = 1e-5  # the first ten steps


@pytest.fixture(scope="module")
def torch_runs():
    return loss_curves(runs=RUNS)


def test_the_problem_is_loss_curves_data(torch_runs):
    p = training_problem()
    assert p.x.shape == (64, 24) and p.target.shape == (64,) and len(p.base) == 6 and p.base[-1].shape == (1, 24)
    assert 0.5 * float((p.target ** 2).mean()) == pytest.approx(torch_runs.baseline_loss, rel=1e-6)


@pytest.mark.parametrize("i", range(len(RUNS)))
def test_numpy_float64_agrees_with_the_torch_float32_run(torch_runs, i):
    _, s, ln = RUNS[i]
    want, got = torch_runs.loss[i], numpy_losses(training_problem(), s, ln)
    both = np.isfinite(want) & np.isfinite(got)
    assert both[:2].all()
    np.testing.assert_allclose(got[both], want[both], rtol=RTOL)
    early = both[:10]
    np.testing.assert_allclose(got[:10][early], want[:10][early], rtol=RTOL_EARLY)


def test_s_3_overflows_in_float32_but_not_in_float64(torch_runs):
    """The step after 3.9×10²³ overflows float32 (NaN from step 2); float64 holds it, every unit dies and the loss
    sits at the zero output's ½·mean(t²): the page's browser run at s = 3.0 says so instead of NaN."""
    got = numpy_losses(training_problem(), 3.0, False)
    assert int(torch_runs.first_nonfinite_step[1]) == 2
    assert np.isfinite(got).all() and got[1] > 1e23
    assert got[-1] == pytest.approx(torch_runs.baseline_loss, rel=1e-3)


def test_a_non_finite_step_ends_the_run():
    got = numpy_losses(training_problem(), 2.0, False)
    first = int(np.flatnonzero(~np.isfinite(got))[0])
    assert first == 4 and np.isnan(got[first:]).all() and np.isfinite(got[:first]).all()
