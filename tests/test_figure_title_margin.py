"""Every figure's title starts TITLE_MARGIN_IN (5.2 pt) from the left edge in every language: a suptitle at
figures.common.title_x, a panel title flush with a frameless axes inset by figures.common.title_margin
(the Chinese titles of pe_combine, and the panel titles of pe_waves_vector, ffn_shapes and rnn_vs_attention,
started 3 pt in: 8 px at 200 dpi)."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from figures.common import TITLE_MARGIN_IN  # noqa: E402
from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402



def _titles(fig):
    out = [fig._suptitle] if fig._suptitle is not None else []
    for ax in fig.axes:
        out += [ax._left_title, ax.title]
    return [t for t in out if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("name", ["pe_waves_vector", "ffn_shapes", "pe_combine", "rnn_vs_attention",
                                  "attention_sum_fig", "gelu_relu_dying", "scores_wx", "pe_waves"])
def test_no_title_starts_nearer_the_edge_than_the_margin(name, lang):
    fig, _ = draw_figure(catalogue.get(name), Look("light", lang))
    try:
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        lefts = [t.get_window_extent(r).x0 * 72 / fig.dpi for t in _titles(fig)]
    finally:
        plt.close(fig)
    assert lefts and min(lefts) >= TITLE_MARGIN_IN * 72 - 0.1, (name, lang, [round(x, 1) for x in lefts])
