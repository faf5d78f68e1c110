"""The depth page's training replay (studio.publish.pages.widgets_training, seed 004 §4.2 互動②): every
loss it replays is engine.training.loss_curves' own, printed as the loss_curves figure prints it."""
from __future__ import annotations

import numpy as np
import pytest

from engine.training import LOSS_RUNS, loss_curves
from look import fmt_num
from studio.publish.pages import widgets_training
from studio.catalogue.order import lesson_steps
from studio.publish.pages.widgets import topic_widgets
from studio.publish.pages.text import PROSE, UI


@pytest.fixture(scope="module")
def widget():
    return widgets_training.training_widget()


@pytest.fixture(scope="module")
def seed_runs():
    return loss_curves()  # the figure's three runs


def test_the_seed_runs_are_the_figures_step_by_step(widget, seed_runs):
    assert len(widget["runs"]) == 4 and widget["steps"] == 300
    for i, (label, s, ln) in enumerate(LOSS_RUNS):
        run = widget["runs"][f"{widgets_training.SCALES.index(s)}|{int(ln)}"]
        assert run["label"] == label
        assert run["loss"] == [fmt_num(float(v), "3s") for v in seed_runs.loss[i]]
        assert run["status"] == seed_runs.status[i]


def test_the_outcomes_are_the_seeds(widget):
    runs = widget["runs"]
    assert runs["0|0"]["verdict"] == "stay" and runs["0|0"]["first"] == runs["0|0"]["last"] == "0.222"
    assert runs["1|0"]["verdict"] == "nan" and runs["1|0"]["nan_at"] == 2 and runs["1|0"]["loss"][2:] == ["NaN"] * 298
    assert runs["1|0"]["first"] == "2.32×10³" and runs["1|0"]["last_finite"] == "3.95×10²³"
    assert runs["1|1"]["verdict"] == "fall" and runs["1|1"]["first"] == "8.69" and runs["1|1"]["last"] == "1.46×10⁻⁷"
    assert runs["0|1"]["verdict"] == "fall" and runs["0|1"]["label"] == "s=0.3+LN"


def test_heights_follow_the_log_axis(widget):
    lo = float(widget["ticks"][0][1]), float(widget["ticks"][-1][1])
    assert lo == (0.0, 100.0)
    for run in widget["runs"].values():
        ys = [float(y) for y in run["y"] if y]
        assert all(0.0 <= y <= 100.0 for y in ys)
        assert len(ys) == sum(t != "NaN" for t in run["loss"])
    r = loss_curves(runs=LOSS_RUNS[2:])  # LayerNorm run: the curve falls as its loss does
    ys = np.array([float(y) for y in widget["runs"]["1|1"]["y"]])
    assert np.array_equal(np.argsort(ys, kind="stable"), np.argsort(np.log10(r.loss[0]), kind="stable"))


def test_the_figure_prints_the_same_digits():
    from figures.loss_curves import DECIMALS

    assert DECIMALS["loss"] == widgets_training.LOSS_DIGITS


def test_placed_before_the_figure_that_states_its_outcome():
    names = [s.name for s in lesson_steps("depth")]  # one order for the page and the deck
    assert names.index("training") == names.index("loss_curves") - 1
    assert "training" in topic_widgets("depth") and "training" not in topic_widgets("positional")


@pytest.mark.parametrize("lang", list(UI))
def test_words_in_every_language(lang):
    assert PROSE[lang]["training"] and UI[lang]["title_training"]
    for k in ("tr_out_stay", "tr_out_nan", "tr_out_fall"):
        UI[lang][k].format(first="1", last="2", last_finite="3", nan_at=2, n=299)
    UI[lang]["tr_replay"].format(layers=6, width=24, n=64, lr="0.1", seed=0, steps=300)
    assert "Pre-LN" in UI[lang]["tr_conclude"]
