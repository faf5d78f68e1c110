"""One dash per meaning across the figures that draw runs of a gain s (look.palette.LINE_STYLES): a run that
shrinks dashed, s = 1 dash-dot, a run that grows dotted, a run with LayerNorm solid, in signal_decay_fig,
signal_decay_draws and loss_curves alike."""
from look.palette import LINE_STYLES


def test_the_runs_of_a_gain_read_their_dashes_from_one_table():
    from figures import loss_curves, signal_decay_fig

    assert signal_decay_fig._style(0.5) == LINE_STYLES["shrinks"] == loss_curves.LINESTYLES[0]  # s = 0.3: stuck
    assert signal_decay_fig._style(2.0) == LINE_STYLES["grows"] == loss_curves.LINESTYLES[1]  # s = 3.0: NaN
    assert signal_decay_fig._style(1.0) == LINE_STYLES["keeps"]
    assert loss_curves.LINESTYLES[2] == LINE_STYLES["layernorm"] == "-"
    assert len({repr(v) for v in LINE_STYLES.values()}) == len(LINE_STYLES)  # one pattern, one meaning


def test_signal_decay_fig_and_loss_curves_draw_those_dashes():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from figures import loss_curves, signal_decay_fig
    from figures.common import figure_context
    from look import Look
    from look.palette import LAYERNORM_ROLE
    from studio import catalogue

    look = Look("light", "en")
    ln = getattr(look.palette, LAYERNORM_ROLE)
    for module, name in ((signal_decay_fig, "signal_decay_fig"), (loss_curves, "loss_curves")):
        with figure_context(look):
            fig = module.make(catalogue.get(name).compute(), look)
        ax = fig.axes[0]
        styles = {(to_hex(line.get_color()), line.get_linestyle()) for line in ax.lines if len(line.get_xdata()) > 2 and line.get_linestyle() != "None"}
        assert (ln, "-") in styles, name  # LayerNorm: solid, in its colour
        assert {s for c, s in styles if c != ln} <= {"--", ":", "-."}, name  # no run without it is solid
        plt.close(fig)


def test_signal_decay_fig_draws_s1_over_layernorm():
    """LayerNorm's solid band is wider than the s = 1 line, and s = 1 is drawn over it: where the median of s = 1
    still sits near 1 (the first 20 layers) both read, the dash-dot on the band (the other s under it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import to_hex

    from figures import signal_decay_fig
    from figures.common import figure_context
    from look import Look
    from look.palette import LAYERNORM_ROLE
    from studio import catalogue

    look = Look("light", "en")
    ln = getattr(look.palette, LAYERNORM_ROLE)
    data = catalogue.get("signal_decay_fig").compute()
    with figure_context(look):
        fig = signal_decay_fig.make(data, look)
    ax = fig.axes[0]
    runs = [line for line in ax.lines if len(line.get_xdata()) > 2]
    layernorm = [line for line in runs if to_hex(line.get_color()) == ln]
    s1 = data.typical_paths[int(np.argmin(np.abs(data.s_values - 1.0)))]  # the median at s = 1, per layer
    tail = s1[1:]  # a run's dashes start at layer 1 (its first step is one thin line: no wedge of dashes at 1)
    one = [line for line in runs if to_hex(line.get_color()) != ln and np.allclose(line.get_ydata(), tail)]
    others = [line for line in runs if to_hex(line.get_color()) != ln and not np.allclose(line.get_ydata(), tail)]
    assert layernorm and len(one) == 1 and len(others) == 6
    # LayerNorm's line beneath every run, so s = 1.00 and 1.10 read where they run on it (layers 0-5), and the widest
    # line on the plot, so in greyscale it never reads as the 10⁰ gridline
    assert all(line.get_zorder() < min(o.get_zorder() for o in others + one) for line in layernorm)
    assert all(line.get_linewidth() > max(o.get_linewidth() for o in ax.lines if o not in layernorm) for line in layernorm)
    plt.close(fig)


def test_a_growing_run_has_one_colour_and_loss_curves_runs_differ_by_marker():
    """"Explodes" is one colour in both figures (look.palette.GROWS_ROLE, `bad`): signal_decay_fig's s > 1 lines and
    loss_curves' diverging s = 3.0; loss_curves' diverging run and LayerNorm's (red and orange) differ by marker too."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.colors import to_hex

    from figures import loss_curves, signal_decay_fig
    from figures.common import figure_context
    from look import Look
    from look.palette import GROWS_ROLE, LINE_MARKERS
    from studio import catalogue

    for theme in ("light", "dark"):
        look = Look(theme, "en")
        grows = getattr(look.palette, GROWS_ROLE)
        data = catalogue.get("signal_decay_fig").compute()
        with figure_context(look):
            fig = signal_decay_fig.make(data, look)
        dotted = {to_hex(ln.get_color()) for ln in fig.axes[0].lines  # the runs that end well above where they start
                  if len(ln.get_xdata()) > 2 and np.asarray(ln.get_ydata())[-1] > 2 * np.asarray(ln.get_ydata())[0]}
        plt.close(fig)
        assert dotted == {grows}, (theme, dotted)  # every s > 1 line drawn (1.1, 1.5, 2.0)
        assert loss_curves._styles(look, None)[1][0] == grows  # the diverging s = 3.0
    assert loss_curves.MARKERS == (LINE_MARKERS["shrinks"], LINE_MARKERS["grows"], LINE_MARKERS["layernorm"])
    assert len(set(loss_curves.MARKERS)) == 3
