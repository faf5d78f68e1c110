"""A figure's labels are, one for one, the strings numbers.json shows (the figure gate's "number"
rule, studio.gates.figures, checks every figure's drawn numbers against its record; here one figure's
labels are matched string for string)."""
from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.build.numbers import record_fields  # noqa: E402


def drawn_texts(fig) -> list[str]:
    """Every visible, non-empty text of the figure except axis tick labels and offsets."""
    fig.canvas.draw()
    skip = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            skip.update(id(t) for t in axis.get_ticklabels(minor=False))
            skip.update(id(t) for t in axis.get_ticklabels(minor=True))
            skip.add(id(axis.get_offset_text()))
    return [t.get_text() for t in fig.findobj(Text)
            if id(t) not in skip and t.get_visible() and t.get_text().strip()]


def test_shortcut_gradient_labels_are_numbers_json_shown_strings():
    """The labels beside the dots (each gradient per unit of ∂L/∂ŷ) are, one for one, the "shown" strings
    numbers.json exports."""
    from figures import shortcut_gradients as module
    from figures.common import figure_context

    record = catalogue.get("shortcut_gradients").compute()
    fields = json.loads(json.dumps(record_fields(record, module.DECIMALS)))
    look = Look("light", "en")
    with figure_context(look):
        fig = module.make(record, look)
        texts = drawn_texts(fig)
        plt.close(fig)
    for field in ("without_per_dout", "with_per_dout"):
        assert fields[field]["shown"] == [t for t in texts if t in fields[field]["shown"]]
    assert [f"×{s}" for s in fields["ratio_per_dout"]["shown"]] == [t for t in texts if t.startswith("×")]
