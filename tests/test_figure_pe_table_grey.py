"""pe_table in greyscale: the size of a value reads without hue.

The table's colour map runs from its zero to each end with lightness moving one way only, so on a
greyscale print a cell further from zero is further from the zero's grey on its side of the scale (the
sign is the minus bar's, figures.parts_minus). Checked on the map the figure draws (CIELAB L* and the
Rec. 601 luma a greyscale conversion keeps) and on the drawn pixels themselves, for a light figure on
white paper (the default), on its own paper and for a dark one.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.image import AxesImage  # noqa: E402

from look import Look  # noqa: E402
from look.colour import lab  # noqa: E402
from studio import catalogue  # noqa: E402

LOOKS = (("light", "white"), ("light", "theme"), ("dark", "theme"))
STEPS = 20  # from the zero to each end
MIN_L_STEP = 0.5  # L* per 1/20 of the scale
MIN_LUMA_STEP = 1.0  # 8-bit grey levels per 1/20 of the scale
MIN_ZERO_FROM_PAPER = 5.0  # L*: a zero cell is not a hole in the table


def _luma(rgb) -> np.ndarray:
    """Rec. 601 luma of sRGB in [0, 1], in 8-bit levels (what PIL's convert("L") keeps)."""
    return 255 * (np.asarray(rgb)[..., :3] @ np.array([0.299, 0.587, 0.114]))


def _hex(rgb) -> str:
    return "#" + "".join(f"{round(float(c) * 255):02x}" for c in rgb[:3])


def _table_figure(theme: str, background: str):
    from figures.common import figure_context, literal_text

    entry = catalogue.get("pe_table")
    look = Look(theme, "en", background)
    data = literal_text(entry.compute())
    with figure_context(look):
        fig = entry.load().make(data, look)
        fig.set_dpi(100)
        fig.canvas.draw()
    image = next(a for a in fig.axes[0].get_images() if isinstance(a, AxesImage))
    return fig, image, np.asarray(data.table, dtype=float), look


@pytest.mark.parametrize("theme,background", LOOKS)
def test_the_scale_reads_in_greyscale_from_zero_to_each_end(theme, background):
    fig, image, _, look = _table_figure(theme, background)
    try:
        for end in (-1, 1):
            values = end * np.arange(STEPS + 1) / STEPS
            rgba = image.cmap(image.norm(values))
            lightness = np.array([lab(_hex(c))[0] for c in rgba])
            grey = _luma(rgba)
            for seq, step, what in ((lightness, MIN_L_STEP, "L*"), (grey, MIN_LUMA_STEP, "luma")):
                moves = np.diff(seq) * np.sign(seq[-1] - seq[0])
                assert (moves > step).all(), (theme, background, end, what, np.round(seq, 1))
        zero = lab(_hex(image.cmap(image.norm(0.0))))[0]
        assert abs(zero - lab(look.palette.background)[0]) >= MIN_ZERO_FROM_PAPER
    finally:
        plt.close(fig)


@pytest.mark.parametrize("theme,background", LOOKS)
def test_the_drawn_cells_read_in_greyscale(theme, background):
    """The grey of every drawn cell (sampled beside its minus bar) moves one way with the value's size on
    each side of zero: a cell further from zero is never nearer the zero's grey (one level of rounding)."""
    fig, image, table, _ = _table_figure(theme, background)
    try:
        pixels = np.asarray(fig.canvas.buffer_rgba())[..., :3] / 255  # [H, W, 3]
        height = pixels.shape[0]
        rows, cols = np.indices(table.shape)
        xy = fig.axes[0].transData.transform(np.column_stack([cols.ravel() - 0.3, rows.ravel() - 0.3]))
        grey = _luma(pixels[(height - xy[:, 1]).astype(int), xy[:, 0].astype(int)])
        values = table.ravel()
        zero_grey = _luma(image.cmap(image.norm(0.0)))
        for side in (values < 0, values > 0):
            order = np.argsort(np.abs(values[side]))
            away = np.abs(grey[side][order] - zero_grey)  # distance from the zero's grey, by |value|
            assert (np.diff(away) >= -1.0).all(), (theme, background)
            assert away[-1] - away[0] > 40  # the largest values print far from the zero's grey
    finally:
        plt.close(fig)
