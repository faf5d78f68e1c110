"""Your own numbers for the depth entries (studio.catalogue.accepts.depth): signal_decay (and its figure) at
1–100 layers, any width, seed and sweep; layernorm_steps on your own row(s) and ε; gelu_relu with
its neuron count, shift and seed.

The range edges are accepted and just outside them is one line and exit 2 (the layout gates over
the grid: tests/test_grids.py); real values at non-default parameters match formulas written out here, and the captions say them.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from tests.conftest import run_cli, run_here
from look import Look, fmt_num
from studio import catalogue
from studio.catalogue.params import ParamError



def entry(name, **given):
    return catalogue.get(name).with_params(given)


# -- the range edges ------------------------------------------------------------------------------
@pytest.mark.parametrize("name,given", [
    ("signal_decay", {"layers": 1}), ("signal_decay", {"layers": 100}), ("signal_decay", {"d": 2}),
    ("signal_decay", {"d": 64}), ("signal_decay", {"s_min": 0.1, "s_max": 4.0}),
    ("signal_decay", {"s_min": 0.9, "s_max": 1.1}), ("signal_decay", {"init": "orthogonal"}),
    ("signal_decay_fig", {"layers": 100, "seed": 2**31 - 1}),
    ("layernorm_steps", {"values": [1, 2]}), ("layernorm_steps", {"values": [-100, 1, 2, 3, 4, 5, 6, 100]}),
    ("layernorm_steps", {"rows": [[1, 2, 3], [3, 2, 0]], "eps": 0.0}), ("layernorm_steps", {"eps": 1.0}),
    ("gelu_relu", {"neurons": 2, "shift": -3.0}), ("gelu_relu", {"neurons": 64, "shift": 3.0, "seed": 0}),
])
def test_range_edges_are_accepted(name, given):
    e = entry(name, **given)
    assert e.compute() is not None and e.folder.startswith(name)


@pytest.mark.parametrize("name,setting,says", [
    ("signal_decay", "layers=0", "layers=0 is out of range: a whole number from 1 to 100"),
    ("signal_decay", "layers=101", "layers=101 is out of range: a whole number from 1 to 100"),
    ("signal_decay_fig", "d=65", "d=65 is out of range: a whole number from 2 to 64"),
    ("signal_decay", "s_max=1.05", "s_max=1.05 is out of range: a number from 1.1 to 4"),
    ("layernorm_steps", "values=[1]", "values=[1] is out of range: 2 to 8 numbers"),
    ("layernorm_steps", "values=[1,2,3,4,5,6,7,8,9]", "is out of range: 2 to 8 numbers"),
    ("layernorm_steps", "eps=1.5", "eps=1.5 is out of range: a number from 0 to 1"),
    ("layernorm_steps", "values=[1,-101]", "values: -101 is out of range: every number must be from -100 to 100"),
    ("gelu_relu", "neurons=65", "neurons=65 is out of range: a whole number from 2 to 64"),
    ("gelu_relu", "shift=0.15", "shift=0.15 has more than one decimal"),
])
def test_just_outside_is_one_line_and_exit_2(name, setting, says):
    result = run_here(name, "--set", setting, "--format", "png")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in result.stderr, result.stderr


def test_values_and_rows_together_are_refused():
    with pytest.raises(ParamError, match="not both"):
        entry("layernorm_steps", values=[1, 2], rows=[[1, 2]])


def test_params_lists_them_in_chinese():
    result = run_cli("params", "signal_decay", "--lang", "zh-Hant", timeout=120)
    assert result.returncode == 0 and "layers" in result.stdout and "訊號要穿過幾層" in result.stdout


# -- real values at non-default parameters, checked by hand ---------------------------------------
def test_signal_48_layers_run_for_real():
    """48 layers of width 64: the RMS after each layer is the product of the layers, run here by hand,
    and the closed form is s^l."""
    d = entry("signal_decay", layers=48, d=64, seed=3).compute()
    assert d.n_layers == 48 and d.weights.shape == (48, 64, 64) and d.rms_plain.shape[1] == 49
    k = int(np.argmin(np.abs(d.s_values - 1.1)))
    assert d.s_values[k] == pytest.approx(1.1)
    x, rms = d.x0.copy(), [1.0]
    for w in d.weights:
        x = 1.1 * (w @ x)
        rms.append(math.sqrt(sum(v * v for v in x) / 64))
    np.testing.assert_allclose(d.rms_plain[k], rms, rtol=1e-10)
    assert d.reference_power[1] == pytest.approx(1.1 ** 48)
    assert d.closed_form[k, 48] == pytest.approx(1.1 ** 48)


def test_signal_orthogonal_100_layers_is_exactly_s_to_the_l():
    d = entry("signal_decay", layers=100, init="orthogonal", s_min=0.2, s_max=3.0).compute()
    for k in (0, len(d.s_values) - 1):
        s = d.s_values[k]
        np.testing.assert_allclose(d.rms_plain[k], [s ** l for l in range(101)], rtol=1e-9)
    assert d.s_values[0] == pytest.approx(0.2) and d.s_values[-1] == pytest.approx(3.0)
    assert {0.9, 1.0, 1.1} <= {round(float(s), 10) for s in d.s_values}


def test_signal_captions_follow_the_depth():
    from scenes import signal_decay as scene

    deep = entry("signal_decay", layers=48).compute()
    cap = scene.captions(deep, "en")
    assert "48 layers" in cap["cap_intro"] and "48 layers multiply it away" in cap["cap_sweep"]
    assert "48 factors of 0.9 multiply to about 0.00636" in cap["cap_09"] and f"{0.9 ** 48:.5f}" == "0.00636"
    assert cap["cap_up"].startswith("Above 1 it explodes")
    assert "48 層" in scene.captions(deep, "zh-Hant")["cap_intro"]

    one = entry("signal_decay", layers=1).compute()
    assert not one.vanishes and not one.explodes  # at 1 layer nothing vanishes or explodes
    cap = scene.captions(one, "en")
    text = " ".join(cap.values())
    assert "multiply it away" not in text and "explodes" not in text and "harmless" not in text
    assert "1 layer," in cap["cap_intro"] and "layers" not in cap["cap_intro"]
    assert f"still {fmt_num(one.rms_plain[0, -1], 4)}" in cap["cap_sweep"]
    assert scene.STRINGS["en"]["title_one"] == "A signal through 1 layer"
    assert "就消失" not in " ".join(scene.captions(one, "zh-Hant").values())
    assert scene.layer_ticks(1) == [1] and scene.layer_ticks(30) == [1, 10, 20, 30]
    assert scene.layer_ticks(100) == [1, 20, 40, 60, 80, 100] and scene.layer_ticks(31) == [1, 10, 20, 31]


def test_layernorm_on_your_own_row():
    """[1, 2, 3, 4] with ε = 0.01: mean 2.5, variance 1.25, every value ÷ √1.26 (unbiased ÷ √(5/3)), then
    · γ + β."""
    d = entry("layernorm_steps", values=[1, 2, 3, 4], eps=0.01).compute()
    x = [1.0, 2.0, 3.0, 4.0]
    assert d.out.shape == (1, 4) and d.mean[0] == pytest.approx(2.5) and d.var_biased[0] == pytest.approx(1.25)
    np.testing.assert_allclose(d.scaled_class[0], [(v - 2.5) / math.sqrt(1.25 + 0.01) for v in x], rtol=1e-12)
    np.testing.assert_allclose(d.scaled_unbiased[0], [(v - 2.5) / math.sqrt(5 / 3) for v in x], rtol=1e-12)
    from scenes import layernorm_steps as scene

    cap = scene.captions(d, "en")
    assert "4 features, 4 bars" in cap["cap_input"]
    var = 1.25 / 1.26
    gap = 1 - var  # ε / (σ² + ε): the variance falls short of 1 by this, not by ε
    assert f"Var = {fmt_num(var, 4)}" in cap["cap_check"] and "because of ε" in cap["cap_check"]  # σ² is the input's
    assert gap == pytest.approx(0.01 / 1.26) and "by ε" not in cap["cap_check"]  # the reason, never "short by ε"
    # γ and β take the first 4 of their values; the output's mean and variance are theirs
    y = np.array([(v - 2.5) / math.sqrt(1.26) for v in x]) * d.gamma + d.beta
    np.testing.assert_allclose(d.affine[0], y, rtol=1e-12)
    assert f"μ = {fmt_num(y.mean(), 4)}, Var = {fmt_num(y.var(), 4)}" in cap["cap_result"]
    assert "in row 1" not in cap["cap_result"] and cap["cap_result"].startswith("The row")
    zero = scene.captions(entry("layernorm_steps", eps=0.0).compute(), "en")
    assert "exactly 1, since ε = 0" in zero["cap_check"]


def test_gelu_own_neurons():
    """8 neurons from seed 1 shifted by +0.5: ReLU's dead ones are exactly those with z ≤ 0."""
    d = entry("gelu_relu", neurons=8, seed=1, shift=0.5).compute()
    z0 = np.sort(np.clip(np.random.default_rng(1).normal(1.0, 1.0, size=8), -3.5, 3.5))
    np.testing.assert_allclose(d.z0, z0)
    z = z0 + 0.5
    assert d.at_shift.n_relu_dead == sum(1 for v in z if v <= 0)
    assert d.n_neurons == 8 and len(d.n_relu_dead) == 61
    k = int(np.argmin(np.abs(d.shifts - (-3.0))))
    assert d.n_relu_dead[k] == sum(1 for v in z0 - 3.0 if v <= 0)
    from figures import gelu_relu as fig

    assert fig.dying_title(d, Look("light", "en")) == (  # the drift the panel draws, the record's shift; one line
        f"A drift of +0.5 zeroes {sum(1 for v in z if v <= 0)} of 8 ReLU gradients; GELU's smallest |gradient| there "
        f"is {d.at_shift.min_abs_gelu_grad:.3f}")
    assert np.all(d.n_gelu_zero_grad == 0)
    assert fig.count_ticks(8) == [0, 2, 4, 6, 8] and fig.count_ticks(24) == [0, 6, 12, 18, 24]


def test_default_sweep_and_grid_keep_the_seeds_numbers():
    from engine.signal import S_SWEEP, s_sweep

    assert np.array_equal(s_sweep(), S_SWEEP)
    assert catalogue.get("signal_decay").with_params({"layers": 30, "d": 24}).given == ()
    from figures import signal_decay_fig as fig

    d = catalogue.get("signal_decay_fig").compute()
    assert fig.shown_s(d) == list(fig.SHOWN_S) and tuple(fig.axis_decades(d)) == (-10, 10)  # 10⁻¹⁰ … 10¹⁰


def test_signal_decay_draws_layernorm_on_the_same_axis_as_the_fan():
    """The one axis, 10⁻¹⁰ … 10¹⁰ by default: the LayerNorm runs (every s, within 10⁻⁴ of 1, by construction) are
    one solid line in LayerNorm's colour without markers, on the same ruler as the runs without it, named at its end
    in its colour, with no band on it; the median at s = 1 is drawn too, ending where the subtitle says; every median
    is named at its end by its s and its layer-30 value; one draw at s = 1 and its band of other draws are a figure
    of their own on the same record (signal_decay_draws); both at most 5 in tall; the key names the three styles
    (s < 1, s = 1, s > 1)."""
    from matplotlib.colors import to_hex, to_rgb
    from matplotlib.text import Text

    from figures import signal_decay_draws as draws
    from figures import signal_decay_fig as fig
    from figures.common import figure_context
    from look import Look
    from look.colour import contrast
    from look.palette import LAYERNORM_ROLE

    d = catalogue.get("signal_decay_fig").compute()
    assert catalogue.shared_record(catalogue.get("signal_decay_draws")) == ["signal_decay_fig"]
    for theme in ("light", "dark"):
        look = Look(theme, "en")
        with figure_context(look):
            f = fig.make(d, look)
            g = draws.make(d, look)
        assert len(f.axes) == 1 == len(g.axes) and f.axes[0].get_ylim() == (1e-10, 1e10)
        assert f.get_figheight() <= 6.5 and g.get_figheight() <= 5.0  # 0.2 in a decade: the end labels near 10⁰ apart
        (ax,), (one,) = f.axes, g.axes
        # LayerNorm's lines (layers 0-30) and each run's dashes (layers 1-30; its first step is a thin line beneath),
        runs = [line for line in ax.lines if len(line.get_ydata()) in (d.n_layers, d.n_layers + 1)]  # not the leaders
        ok = [line for line in runs if to_hex(line.get_color()) == getattr(look.palette, LAYERNORM_ROLE)]
        assert len(ok) == len(fig._rows(d)) and all(line.get_linestyle() == "-" for line in ok)  # one LayerNorm run per s
        assert all(np.allclose(line.get_ydata(), 1.0, atol=1e-4) for line in ok)  # all on 1, by construction
        assert not [line for line in ax.lines if line.get_marker() not in (None, "None", "")]  # no markers on the lines
        one_line = [line for line in runs if line not in ok and np.isclose(line.get_ydata()[-1], d.typical_last_s1)]
        assert len(one_line) == 1  # s = 1's median is drawn, ending where the subtitle says
        shade = look.palette.muted  # s = 1 in the draws figure: the one draw, the median and the band all s = 1's grey
        assert fig.run_colour(1.0, look) == look.palette.muted  # here s = 1 is neutral, neither growing nor shrinking
        assert {to_hex(line.get_color()) for line in runs if line not in ok} == {look.palette.shrinks, look.palette.grows,
                                                                               to_hex(look.palette.muted)}
        from matplotlib.collections import PolyCollection

        # each run's band: the record's 10th to 90th percentile of the draws at s = 1 times s^ℓ, in the run's colour;
        # none for LayerNorm (one draw)
        spans = [c for c in ax.collections if isinstance(c, PolyCollection)]
        assert len(spans) == len(fig._rows(d))
        lo, hi = fig.bands(d)
        for c, row in zip(spans, fig._rows(d)):
            assert to_hex(c.get_facecolor()[0][:3]) == fig.run_colour(d.s_values[row], look)
            ys = c.get_paths()[0].vertices[:, 1]
            assert np.isclose(ys.min(), lo[row].min()) and np.isclose(ys.max(), hi[row].max())
        (band,) = [c for c in one.collections if isinstance(c, PolyCollection)]  # the other draws' band
        *rgb, alpha = band.get_facecolor()[0]
        paper = np.array(to_rgb(look.palette.background))
        fill = to_hex(np.clip(alpha * np.array(rgb) + (1 - alpha) * paper, 0, 1))
        assert contrast(fill, look.palette.background) >= (3.0 if theme == "dark" else 1.6)  # 3:1 on dark paper
        greys = [line for line in one.lines if to_hex(line.get_color()) == to_hex(shade) and len(line.get_ydata()) > 2]
        s1 = next(line for line in greys if np.isclose(line.get_ydata()[-1], 1.02, atol=0.01))  # the one draw
        assert any(np.isclose(line.get_ydata()[-1], d.typical_last_s1) for line in greys)  # the median of the others
        assert not [line for line in one.lines if to_hex(line.get_color()) == to_hex(look.palette.shrinks)]  # s < 1's
        texts = [t.get_text() for t in ax.texts]
        named = [t for t in ax.get_legend().get_texts() if t.get_text() == "LayerNorm, every s: 1.000 ± 0.0001"]  # the
        # engine's level and bound, in a key row over the plot (at the line's end it took a third of the width)
        assert len(named) == 1 and to_hex(named[0].get_color()) == getattr(look.palette, LAYERNORM_ROLE)
        note = f"s = 1.00: its median falls to {fmt_num(d.typical_last_s1, 3)} by layer {d.n_layers},\nthough each layer keeps mean gain² ≈ {fmt_num(d.gain_sq_mean, 3)}"
        assert note not in texts and not any("gain²" in t for t in texts)  # why s = 1's median falls: the caption's
        ends = [t for t in texts if t != note]  # the end labels
        assert [t.split("\n")[0] for t in ends] == [f"s = {float(d.s_values[r]):.2f}" for r in fig._rows(d)]
        # why s = 1's median falls: each layer keeps the mean square on average (the record's gain_sq_mean, 0.999)
        assert (f"The median at s = 1 falls to {fmt_num(d.typical_last_s1, '3s')} though each layer keeps the mean square "
                f"on average (the mean squared gain over the draws is {fmt_num(d.gain_sq_mean, 3)})") in fig.caption(d, look)
        assert fmt_num(d.gain_sq_mean, 3) == "0.999" and fmt_num(d.typical_last_s1, "3s") == "0.503"
        assert f"s = 1.00\n{fmt_num(d.typical_last_s1, 3)}" in texts  # each line named by its s and its layer-30 value alone
        # the lines are the median over the record's draws of W, per s: s^ℓ times the median at s = 1
        dashed = [line for line in ax.lines if line.get_linestyle() == "--"]
        low = min(dashed, key=lambda line: line.get_ydata()[-1])  # s = 0.5
        assert np.allclose(low.get_ydata(), (0.5 ** np.arange(d.n_layers + 1) * d.typical_s1)[1:])  # dashes from layer 1
        assert np.isclose(low.get_ydata()[-1], 0.5**30 * d.typical_last_s1)
        assert len(ax.get_legend().get_texts()) == 1  # every other line is named at its end: one key row, LayerNorm's
        assert [type(a).__name__ for a in ax.artists] == []  # no inset: its ticks ran into the main axis
        heads_fig = " ".join(t.get_text() for t in f.findobj(Text))  # the lines are the median of many draws, not one
        # one subtitle line; the engine draws W and the input from each seed (signal_weights), so both are named
        assert (f"y = (s·W)·x, 30 times; d = 24, W's entries from N(0, 1/24); LayerNorm: one draw (seed {d.seed})\neach s: the median of "
                f"{d.typical_draws} draws of W, its band their 10th to 90th percentile") in heads_fig
        assert "by construction" in heads_fig  # LayerNorm without a learned scale sets the RMS to 1
        assert one.get_legend() is None
        # the s = 1 label says it is one draw; the 10th to 90th percentile of the median's 200 draws is a band
        assert [t.get_text() for t in one.texts] == ["band: 10th to 90th percentile\nof the same 200 draws",  # what it spans
                                                     "s = 1.00: 1.02\n(one draw, seed 0)",
                                                     f"median of 200 draws: {fmt_num(d.typical_last_s1, 2)}"]
        med = next(line for line in one.lines if line.get_linestyle() == "-" and len(line.get_ydata()) == d.n_layers + 1)
        assert np.allclose(med.get_ydata(), d.typical_s1)  # the median drawn is the engine's, per layer
        heads = " ".join(t.get_text() for t in g.findobj(Text))
        assert "At s = 1 the RMS after 30 layers depends on the draw of W" in heads
        assert ("this draw (dash-dot line) against 200 other draws of W (seeds 1 to 200)\n"
                f"at layer 30 their 10th to 90th percentile (band) runs {fmt_num(d.band_last_lo, 2)} to "
                f"{fmt_num(d.band_last_hi, 2)}, their median ends at {fmt_num(d.typical_last_s1, 2)}") in heads  # 1.02 is not typical
        band = [c for c in one.collections if len(c.get_facecolor()) and to_hex(c.get_facecolor()[0][:3]) == to_hex(shade)]
        assert len(band) == 1 and band[0].get_zorder() < s1.get_zorder()
        edges = band[0].get_paths()[0].vertices[:, 1]
        assert np.isclose(edges.min(), d.band_lo_s1.min()) and np.isclose(edges.max(), d.band_hi_s1.max())
        lo, hi = one.get_ylim()
        assert lo <= d.band_lo_s1.min() and hi >= d.band_hi_s1.max()
        cap = draws.caption(d, look)
        assert "has its 10th to 90th percentile at 0.18 to 1.45 and its median at 0.50" in cap
        assert "dashed lines shrink (s < 1), dotted ones grow (s > 1), dash-dot is s = 1" in fig.caption(d, look)
        assert "by construction" in fig.caption(d, look)
        assert "At s = 1 this draw ends at 1.02, near 1 by chance" in cap
        assert (d.fan_draws, d.typical_draws) == (20, 200)
        assert [fmt_num(v, 2) for v in (d.fan_last_min, d.fan_last_max, d.typical_last_s1)] == ["0.14", "2.50", "0.50"]
        assert "0.99996 and 1.00000" in fig.caption(d, look)  # the LayerNorm RMS range is the caption's
        assert "over 200 other draws of W (seeds 1 to 200) the layer-30 RMS at s = 1 has its 10th to 90th " \
               "percentile at 0.18 to 1.45 and its median at 0.50" in cap
        ends = [t for t in ax.texts if t.get_text().startswith("s = ") and "median" not in t.get_text()]  # not the note
        assert len(ends) == len(fig._rows(d))  # every s drawn, s = 1 included, named by its s and its layer-30 value
        grows = [t for t in ends if float(t.get_text()[4:8]) > 1]  # s > 1: `grows` (GROWS_ROLE), as in loss_curves
        assert {to_hex(t.get_color()) for t in grows} == {look.palette.grows} and len(grows) == 3
        shrinks = [t for t in ends if float(t.get_text()[4:8]) < 1]  # s < 1: `shrinks` (SHRINKS_ROLE), as loss_curves' s = 0.3
        assert {to_hex(t.get_color()) for t in shrinks} == {look.palette.shrinks} and len(shrinks) == 3
        one_end = [t for t in ends if t.get_text().startswith("s = 1.00")]  # s = 1: neutral `muted`
        assert len(one_end) == 1 and to_hex(one_end[0].get_color()) == to_hex(look.palette.muted)
        assert contrast(look.palette.shrinks, look.palette.background) >= 4.5  # a role's text bar
        assert contrast(look.palette.grows, look.palette.background) >= 4.5  # a role's text bar
        for t in ends:  # each end label within a decade of its line's end (a leader drawn when it moved)
            s = float(t.get_text()[4:8])
            final = fig.median_paths(d)[int(np.argmin(np.abs(d.s_values - s))), -1]
            off = abs(np.log10(t.get_position()[1]) - np.log10(final))
            leaders = [line for line in ax.lines if len(line.get_ydata()) == 2
                       and np.isclose(line.get_ydata()[-1], t.get_position()[1])]
            assert off < 1.0 or (off < 1.5 and leaders), t.get_text()  # farther than a decade only with its leader
        import matplotlib.pyplot as plt
        plt.close(f)
        plt.close(g)
