"""A figure's SVG <title> (studio.build.render.short_title of its catalogue description) is its visible headline:
the first line of its title (a panel's letter, "(a) ", left out), in every language, so a screen reader and the
page read the claim the figure shows."""
import re

import pytest

FIGURES = ("attention_cost", "gelu_relu_dying", "rnn_vs_attention", "loss_curves", "signal_decay_fig")


def _headline(fig) -> str:
    t = fig._suptitle.get_text() if fig._suptitle is not None else fig.axes[0].get_title(loc="left")
    return re.sub(r"^\([a-z]\) ", "", t.split("\n")[0].strip())


@pytest.mark.parametrize("name", FIGURES)
@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_svg_title_is_the_visible_headline(name, lang):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from figures.common import figure_context, literal_text
    from look import Look
    from studio import catalogue
    from studio.build.numbers import describe
    from studio.build.render import short_title

    entry = catalogue.get(name)
    look = Look("light", lang)
    with figure_context(look):
        fig = entry.load().make(literal_text(entry.compute()), look)
    try:
        assert short_title(describe(entry, lang)) == _headline(fig)
    finally:
        plt.close(fig)
