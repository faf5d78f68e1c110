"""A figure's labels are, one for one, the strings numbers.json shows (the figure gate's "number"
rule, studio.gates.figures, checks every figure's drawn numbers against its record; here one figure's
labels are matched string for string)."""
from __future__ import annotations

import json

import pytest

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


def test_shortcut_gradient_values_are_the_captions_not_drawn():
    """The gradients per unit of ∂L/∂ŷ and their ratios are numbers.json's "shown" strings, written in the
    caption for the note's text; the picture draws the dots only (no table of numbers), and its title is
    one claim with its scope, the set-up (input, seed, sizes, the layer without a shortcut) the caption's."""
    from figures import shortcut_gradients as module
    from figures.common import figure_context

    record = catalogue.get("shortcut_gradients").compute()
    fields = json.loads(json.dumps(record_fields(record, module.DECIMALS)))
    look = Look("light", "en")
    with figure_context(look):
        fig = module.make(record, look)
        texts = drawn_texts(fig)
        plt.close(fig)
    caption = module.caption(record, look)
    for field in ("signal_without", "signal_with", "signal_ratio"):  # the dots' values: the caption's
        assert all(s in caption for s in fields[field]["shown"]), field
    for field in ("without_per_dout", "with_per_dout", "weight_grad_ratio_per_dout", "signal_without", "signal_with"):
        assert not any(t in fields[field]["shown"] for t in texts), field
    assert "∂L/∂W" not in caption  # the weight gradients stay in numbers.json, not a table in the caption
    # the dots are the backward signal: 4.94×10⁻³ → 0.443 at layer 1's output; each row ends in its ratio to
    # 2 significant digits (one seed), ×90 … ×1.8 from layer 1 to layer 4; 1 at ŷ
    assert "layer 1 4.94×10⁻³ → 0.443 (×90)" in caption
    assert [t for t in texts if t.startswith("×")] == ["×90", "×54", "×6.3", "×1.8"]
    assert record.signal_ratio[0] == pytest.approx(89.67, abs=0.01)
    assert record.signal_without[-1] == record.signal_with[-1] == 1.0
    assert any(t.startswith("With shortcuts, every layer receives more of the backward signal (one seed, one input)")
               for t in texts)
    # the net's scale is drawn under the title (width, depth, sizes, seed from the record); the rest of the set-up
    # (input, target, loss) stays in the caption
    assert "a single run, not an average: one net 3 wide, 5 layers (3-3-3-3-3-1), torch seed 123, one input" in texts and record.layer_sizes == (3, 3, 3, 3, 3, 1)
    assert not any("manual_seed" in t or "(1, 0, −1)" in t for t in texts) and "both 1" in texts
    assert "input x = (1, 0, −1)" in caption and "torch.manual_seed(123)" in caption and "3-3-3-3-3-1" in caption
    assert "gets no shortcut: layer 5 (3→1)." in caption
    assert caption.count("both are 1.00") == 1 and "layer 5 1.00" not in caption  # the output named once
