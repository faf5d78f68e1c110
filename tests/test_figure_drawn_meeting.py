"""What attention_cost draws is what its record stores (the layer's meeting at T = d_model / heads, the 12 · T² line,
the plotted lengths), and loss_curves' stuck level sits on its line in every language."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402
from studio.gates.records import record_of  # noqa: E402


def _lines(ax):
    return [(np.asarray(l.get_xdata(), float), np.asarray(l.get_ydata(), float)) for l in ax.get_lines()
            if len(l.get_xdata()) > 2]


def test_attention_cost_record_holds_the_drawn_meeting():
    data = record_of(catalogue.get("attention_cost"))
    assert data.layer_heads == 12 and data.crossing == 768 // 12 == 64 and data.crossing_entries == 64 * 768 == 49_152
    assert np.array_equal(data.layer_score_entries, 12 * data.lengths ** 2)
    assert data.plotted_from == 8 and data.lengths[data.lengths >= data.plotted_from][0] == 8


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_attention_cost_lines_meet_at_the_record_crossing(lang):
    entry = catalogue.get("attention_cost")
    data = record_of(entry)
    fig, _ = draw_figure(entry, Look("light", lang))
    try:
        ax = fig.axes[0]
        drawn = _lines(ax)
        xs = sorted({float(x) for x, _ in drawn for x in x})
        assert xs[0] == data.plotted_from  # the plotted lengths start where the record says
        scores = [(x, y) for x, y in drawn if np.allclose(y, data.layer_score_entries[np.searchsorted(data.lengths, x)])]
        stored = [(x, y) for x, y in drawn if np.allclose(y, data.position_entries[np.searchsorted(data.lengths, x)])]
        assert scores and stored
        at = {x: y for x, y in zip(*stored[0])}
        meet = [x for x, y in zip(*scores[0]) if x in at and at[x] == y]  # where the drawn lines share a point
        assert meet == [data.crossing]
        assert float(stored[0][1][list(stored[0][0]).index(data.crossing)]) == data.crossing_entries
        texts = " ".join(t.get_text().replace("\n", " ") for t in fig.findobj(matplotlib.text.Text))
        assert "49,152" not in texts  # no callout: the crossing is arithmetic, the caption says what it does not mean
        import importlib

        cap = importlib.import_module(entry.module).caption(data, Look("light", lang))
        assert "768 / 12 = 64" in cap and "49,152" in cap  # why there: d_model / heads
    finally:
        plt.close(fig)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_loss_curves_stuck_level_sits_on_its_line(lang):
    entry = catalogue.get("loss_curves")
    fig, _ = draw_figure(entry, Look("dark" if lang == "zh-Hans" else "light", lang))
    try:
        fig.canvas.draw()
        hits = [t for t in fig.findobj(matplotlib.text.Text) if "0.222" in t.get_text() and ": " in t.get_text()
                or "0.222" in t.get_text() and "：" in t.get_text()]
        assert hits, lang
        for t in hits:
            ax = next(a for a in fig.axes if t in a.texts)
            x, y = t.xy  # the point it is written at, in data units: on the stuck run's line
            assert t.xycoords == "data" and abs(np.log10(y / 0.222)) <= np.log10(2), (lang, t.get_text(), y)
            box = t.get_window_extent(fig.canvas.get_renderer())
            line_y = ax.transData.transform((x, y))[1]
            gap = 0.0 if box.y0 <= line_y <= box.y1 else min(abs(box.y0 - line_y), abs(box.y1 - line_y))
            assert gap <= 10 * fig.dpi / 72, (lang, gap)  # its box's edge within 10 pt of the line
    finally:
        plt.close(fig)
