"""signal_decay_fig's LayerNorm label (seed 004 §4.1): its level and bound come from the engine (ln_rms_level,
ln_rms_bound) and hold every RMS with LayerNorm, at the precision the range supports."""
import numpy as np

from engine.signal import LN_BOUND_FLOOR, ln_bound, signal_decay
from figures.signal_decay_fig import ln_value
from look import fmt_num


def test_the_default_range_is_one_within_a_ten_thousandth():
    d = signal_decay()
    assert fmt_num(d.ln_rms_min, 5) == "0.99996" and fmt_num(d.ln_rms_max, 5) == "1.00000"
    assert d.ln_rms_level == 1.0 and d.ln_rms_bound == 1e-4
    assert ln_value(d) == "1.000 ± 0.0001"
    ln = d.rms_ln[:, 1:]
    assert np.all(np.abs(ln - d.ln_rms_level) <= d.ln_rms_bound)  # the label is true of every drawn value


def test_the_bound_is_the_smallest_power_of_ten_not_below_the_floor():
    assert ln_bound(np.array([1.0, 0.99999])) == LN_BOUND_FLOOR
    assert ln_bound(np.array([1.0, 0.9996])) == 1e-3
    assert ln_bound(np.array([1.02, 0.99])) == 0.1  # 0.02 is above 0.01: the next power of ten
    assert ln_bound(np.array([1.01])) == 0.01


def test_the_plot_takes_most_of_the_page_width():
    """The layers 0 to L span at least 70 % of the figure's width in both languages (was about 55 %, the end labels
    and LayerNorm's long label beside it the rest): the end labels are two short lines (s, then its value), LayerNorm's
    line is named in a key row over the plot."""
    import matplotlib.pyplot as plt

    from figures import signal_decay_fig as fig
    from figures.common import figure_context
    from look import Look

    d = signal_decay()
    for lang in ("en", "zh-Hant"):
        look = Look("light", lang)
        with figure_context(look):
            f = fig.make(d, look)
            try:
                f.canvas.draw()
                ax = f.axes[0]
                x0, x1 = (ax.transData.transform((x, 1.0))[0] for x in (0, d.n_layers))
                share = (x1 - x0) / (f.get_figwidth() * f.dpi)
                assert share >= 0.70, (lang, round(share, 3))
                renderer = f.canvas.get_renderer()
                right = max(t.get_window_extent(renderer).x1 for t in ax.texts)
                assert right <= f.get_figwidth() * f.dpi, lang  # the end labels stay on the page
                assert [t.get_text() for t in ax.get_legend().get_texts()][0].endswith(ln_value(d)), lang
            finally:
                plt.close(f)
