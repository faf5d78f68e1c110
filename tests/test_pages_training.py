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
    lo, hi = (float(v) for v in widget["axis"])
    for label, at in widget["ticks"]:  # a labelled decade at its height
        e = 0 if label == "1" else int(label[2:].translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
        assert float(at) == pytest.approx(100 * (e - lo) / (hi - lo), abs=0.02) and 0 <= float(at) <= 100
    for run in widget["runs"].values():
        ys = [float(y) for y in run["y"] if y]
        assert all(0.0 <= y <= 100.0 for y in ys)
        assert len(ys) == sum(t != "NaN" for t in run["loss"])
    r = loss_curves(runs=LOSS_RUNS[2:])  # LayerNorm run: the curve falls as its loss does
    ys = np.array([float(y) for y in widget["runs"]["1|1"]["y"]])
    assert np.array_equal(np.argsort(ys, kind="stable"), np.argsort(np.log10(r.loss[0]), kind="stable"))
    assert ys == pytest.approx(100 * (np.log10(r.loss[0]) - lo) / (hi - lo), abs=0.02)  # axis printed to 0.001 decade


def test_the_loss_axis_is_the_figures(widget, seed_runs):
    """The chart's log axis spans what the loss_curves figure's top panel spans, to 0.001 decade."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from figures.loss_curves import _draw_series
    from look import Look

    fig, ax = plt.subplots()
    _draw_series(ax, seed_runs.loss, seed_runs, Look("light", "en"))
    assert [float(v) for v in widget["axis"]] == pytest.approx(list(np.log10(ax.get_ylim())), abs=0.001)
    plt.close(fig)


def test_the_blow_up_is_wide_and_leaves_the_top(widget):
    """s = 3.0 without LayerNorm: step 1 (3.95×10²³) is above the chart, drawn at its top edge; NaN from
    step 2, which sits a fifth of the way across the log step axis, not in its first pixel."""
    run = widget["runs"]["1|0"]
    assert run["off"] == [1] and run["y"][1] == "100.00" and run["loss"][1] == "3.95×10²³"
    x = [float(v) for v in widget["x"]]
    assert x[0] == 0.0 and x[-1] == 100.0 and all(a < b for a, b in zip(x, x[1:]))
    assert x[2] == pytest.approx(100 * np.log10(3) / np.log10(300), abs=0.006) and x[2] > 19
    assert widget["share"] == "42"  # steps 0–10: log10(11) / log10(300) of the width
    assert [t for t, _ in widget["xticks"]] == ["0", "1", "2", "5", "10", "20", "50", "100", "299"]
    assert all(widget["runs"][k]["off"] == [] for k in ("0|0", "0|1", "1|1"))


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
    UI[lang]["tr_axis"].format(n=299, share="42")
    for k in ("tr_scrub", "tr_this", "tr_earlier"):
        assert UI[lang][k]
    assert "{s}" in UI[lang]["tr_name"] and "{k}" in UI[lang]["tr_above"] and "{v}" in UI[lang]["tr_above"]
    # the conclusion states what these runs show, not why a large model places its LayerNorms
    assert "LayerNorm" in UI[lang]["tr_conclude"] and "GPT" not in UI[lang]["tr_conclude"]
    assert "Pre-LN" not in UI[lang]["tr_conclude"]
    assert UI[lang]["tr_none"] and UI[lang]["tr_next"] and UI[lang]["tr_not_yet"]
    assert UI[lang]["tr_overflow"].format(nan_at=2) and "{nan_at}" in UI[lang]["tr_overflow"]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_intro_names_this_net_not_the_gain_slider(widget, lang):
    """The replay's net is its own (6 layers of width 24, GELU), and its s = 0.3 and 3.0 lie outside the gain
    slider's 0.5 … 2.0: the intro says so rather than pointing at the slider."""
    from engine.signal import signal_decay

    text, sd = PROSE[lang]["training"], signal_decay()
    assert "GELU" in text and str(widget["n_layers"]) in text and str(widget["width"]) in text
    for s in widget["scales"]:
        assert s in text
        assert not sd.s_values.min() <= float(s) <= sd.s_values.max()
    assert "sets" not in text and "調的那個" not in text and "调的那个" not in text
