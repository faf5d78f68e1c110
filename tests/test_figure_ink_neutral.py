"""Ink is neutral: text, axes and annotations, never data. No line, marker, arrow, outline or filled area that draws a
quantity or a path in the five figures of runs, costs and chains is in `ink` (look.palette: one meaning per colour,
and black has none), in either theme, but for GELU in gelu_relu_dying: two functions that only need telling apart
take no hue, grey for the reference and ink for the other (look.palette.COMPARED, the rule in look.palette.meaning_colours),
and for rnn_vs_attention's x₁ route, a highlight (look.palette.MEANINGS["highlight"]): ink at HIGHLIGHT_LW, every inked
mark there that heavy, so the route is told from the thin muted pairs by stroke and no hue means it;
each data meaning has its palette colour (the score table a sequential grey, a shrinking run
`shrinks`, a growing one `grows`, LayerNorm `accent`, a position table `ok`)."""
from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.colors import to_hex, to_rgba_array  # noqa: E402

from look import THEMES, Look  # noqa: E402
from studio import catalogue  # noqa: E402

FIGURES = ("gelu_relu_dying", "attention_cost", "rnn_vs_attention", "loss_curves", "signal_decay_fig")


def _colours(c) -> set:
    return {to_hex(rgba[:3]) for rgba in to_rgba_array(c) if rgba[3] > 0} if c is not None else set()


def data_colours(fig) -> dict:
    """{colour: what draws it} over the data artists of every axes (insets too): lines and their markers, patches
    (arrows, boxes, rings) and collections; not texts, their arrows, ticks or spines."""
    out: dict = {}
    fig.canvas.draw()
    for ax in fig.findobj(Axes):
        for line in ax.lines:
            if not line.get_visible():
                continue
            if line.get_linestyle() not in ("None", "none", "", " ") and line.get_linewidth() > 0:
                for c in _colours(line.get_color()):
                    out.setdefault(c, f"line {line.get_label()}")
            if line.get_marker() not in (None, "None", "none", ""):
                for c in _colours(line.get_markerfacecolor()) | _colours(line.get_markeredgecolor()):
                    out.setdefault(c, f"marker {line.get_label()}")
        for patch in ax.patches:
            if patch.get_visible():
                for c in _colours(patch.get_edgecolor()) | _colours(patch.get_facecolor()):
                    out.setdefault(c, f"patch {type(patch).__name__}")
        for coll in ax.collections:
            if coll.get_visible():
                for c in _colours(coll.get_edgecolor()) | _colours(coll.get_facecolor()):
                    out.setdefault(c, f"collection {type(coll).__name__}")
    return out


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("name", FIGURES)
def test_no_data_is_drawn_in_ink(name, theme):
    from figures.common import figure_context, literal_text

    look = Look(theme, "en")
    entry = catalogue.get(name)
    with figure_context(look):
        fig = entry.load().make(literal_text(entry.compute()), look)
    drawn = data_colours(fig)
    ink = look.palette.ink.lower()
    if name == "gelu_relu_dying":  # GELU, the function the figure is about (ReLU, the reference, grey), and only GELU
        inked = {str(line.get_label()) for ax in fig.findobj(Axes) for line in ax.lines
                 if ink in _colours(line.get_color()) and line.get_linewidth() > 0}
        assert inked and all(label.startswith("GELU") for label in inked), inked
        drawn.pop(ink, None)
    if name == "rnn_vs_attention":  # x₁'s route and its ends: a highlight, ink at HIGHLIGHT_LW and nothing lighter
        from look.palette import HIGHLIGHT_LW

        inked = [a.get_linewidth() for ax in fig.findobj(Axes) for a in list(ax.patches) + list(ax.lines)
                 if a.get_visible() and ink in _colours(a.get_edgecolor() if hasattr(a, "get_edgecolor") else a.get_color())]
        assert len(inked) >= 3 and min(inked) >= HIGHLIGHT_LW, inked
        drawn.pop(ink, None)
    assert ink not in drawn, f"{name}/{theme}: {drawn[ink]} in ink"
    assert len(drawn) >= 2, drawn  # the data were found at all


def test_one_colour_per_meaning_across_the_five():
    """The meanings shared between figures take one colour: a growing run (signal_decay_fig, loss_curves) `grows`, a
    shrinking one `shrinks`, LayerNorm `accent`; none of them `bad` (the counting position, what fails) or `cool`
    (content E)."""
    from figures import loss_curves, signal_decay_fig
    from look.palette import GROWS_ROLE, LAYERNORM_ROLE, SHRINKS_ROLE

    assert (SHRINKS_ROLE, GROWS_ROLE, LAYERNORM_ROLE) == ("shrinks", "grows", "accent")
    for theme in THEMES:
        look = Look(theme, "en")
        p = look.palette
        assert [c for c, _ in loss_curves._styles(look, None)] == [p.shrinks, p.grows, p.accent]
        assert signal_decay_fig.run_colour(0.5, look) == p.shrinks
        assert signal_decay_fig.run_colour(1.0, look) == p.muted  # s = 1 neither grows nor shrinks
        assert signal_decay_fig.run_colour(2.0, look) == p.grows
