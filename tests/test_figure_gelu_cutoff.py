"""gelu_relu_dying (seed 004 §4.3): the "dying" count rests on a cut-off for |gradient|; the figure states it and
why ReLU's count does not depend on it, and the caption gives the counts at a cut-off ten times larger."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from engine.activations import gelu_relu  # noqa: E402
from look import Look  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import draw_figure  # noqa: E402

CUT = {"en": "gradient is exactly 0", "zh-Hant": "梯度恰為 0", "zh-Hans": "梯度恰为 0"}  # the count axis's label: exact zeros


def test_the_counts_at_two_cut_offs():
    """ReLU's count is the same at 0.001 and 0.01 (its gradient is 0 or 1); GELU's (on the slider's steps) rises from at most 1 to at
    most 4, and stays 0 at the drift of −1.5."""
    low, high = gelu_relu(grad_floor=1e-3), gelu_relu(grad_floor=1e-2)
    np.testing.assert_array_equal(low.n_relu_dead, high.n_relu_dead)
    assert int(low.n_gelu_below_floor.max()) == 1 and int(high.n_gelu_below_floor.max()) == 4
    assert low.at_shift.n_gelu_below_floor == high.at_shift.n_gelu_below_floor == 0
    assert low.at_shift.n_relu_dead == 18
    # on the fine drift grid (every 0.001, and each drift putting a neuron at GELU's minimum) the dips the
    # slider's 0.1 steps miss are counted: at most 2 at once (−2.857: one at the minimum, one on the tail)
    assert int(low.n_gelu_below_floor_fine.max()) == 2 and int(high.n_gelu_below_floor_fine.max()) == 5
    np.testing.assert_array_equal(low.n_relu_dead_fine, high.n_relu_dead_fine)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_figure_and_caption_state_the_cut_off(lang):
    fig, doc = draw_figure(catalogue.get("gelu_relu_dying"), Look("light", lang))
    try:
        drawn = " ".join(t.get_text() for t in fig.findobj(Text))
    finally:
        plt.close(fig)
    caption = doc["caption"]
    assert CUT[lang] in drawn and "< 0.001" not in drawn  # exact zeros drawn, the cut-off the caption's; why ReLU's count does not depend on it is the caption's
    assert ("0 or 1" in caption and "0 or 1" not in drawn) if lang == "en" else ("0 或 1" in caption and "0 或 1" not in drawn)
    # the drawn drift axis: the slider's −3 … 3 carried left to −3.3, past the record's all_dead_shift (−3.25)
    assert ("counted from −3.3 to 3.0 every 0.001 of drift" in caption) if lang == "en" else ("從 −3.3 到 3.0" in caption or "从 −3.3 到 3.0" in caption)
    assert "slider" not in caption and "滑" not in caption
    assert "0.001" in caption and "0.01" in caption
    assert ("at most 5" in caption and "0 at the title's drift" in caption) if lang == "en" else "5 個" in caption or "5 个" in caption
