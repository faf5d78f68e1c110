"""causal_mask: the drawing (row labels, the grid of cells, the training targets right of it) sits centred across
the page in every language, the grid itself within a quarter inch of the centre (figures.parts_fit.centre_box)."""
from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from look import LANGS, Look  # noqa: E402
from studio import catalogue  # noqa: E402


@pytest.mark.parametrize("lang", LANGS)
def test_the_causal_mask_grid_is_centred(lang):
    from figures.common import figure_context, literal_text

    entry = catalogue.get("causal_mask")
    look = Look("light", lang)
    with figure_context(look):
        fig = entry.load().make(literal_text(entry.compute()), look)
        try:
            fig.draw_without_rendering()
            r = fig.canvas.get_renderer()
            ax = fig.axes[0]
            box, tight = ax.get_window_extent(r), ax.get_tightbbox(r)
            off_in = ((tight.x0 + tight.x1) / 2 - fig.bbox.width / 2) / fig.dpi
            assert abs(off_in) < 0.02, f"{lang}: drawing {off_in:+.3f} in from the page's centre"
            grid_in = ((box.x0 + box.x1) / 2 - fig.bbox.width / 2) / fig.dpi
            assert abs(grid_in) < 0.25, f"{lang}: grid {grid_in:+.3f} in from the page's centre"
            assert tight.x0 >= 0.1 * fig.dpi and fig.bbox.width - tight.x1 >= 0.1 * fig.dpi  # labels on the page
        finally:
            plt.close(fig)
