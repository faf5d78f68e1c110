"""Words in figures (look.tokens, figures.parts_toy_text.chip_style): no hue, the word in ink on a neutral chip
outlined with the token's dash, computed against the thresholds of tests/test_palette.py."""
import pytest

from look import PALETTES, THEMES
from look.colour import VISIONS, contrast, delta_e2000, lab, simulate

from tests.test_palette import MIN_DE, MIN_NEUTRAL_CONTRAST, ROLES, TEXT_CONTRAST

MEANINGS = ROLES + ("negative", "positive")  # every colour that means something in a figure


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("background", ("theme", "white"))
def test_a_token_chip_in_a_figure_has_no_hue_and_reads(theme, background):
    """The rule for words in figures (figures.parts_toy_text.chip_style): the word in ink at CHIP_CONTRAST (above
    the 4.5:1 floor) on the panel colour, the outline ink at 3:1 or more against the paper (WCAG 1.4.11), none of
    the three with a hue (CIELAB chroma < 10, the sequential scale's bar: dark ink is 8.6), each ≥ the categorical bar from every meaning colour under each
    vision, and the words of every default sentence told apart by their outline's dash."""
    import math

    from figures.parts_toy_text import chip_style
    from look import Look
    from look.palette import CHIP_CONTRAST
    from look.tokens import TOKEN_SETS

    assert CHIP_CONTRAST >= TEXT_CONTRAST
    look = Look(theme, "en", background)
    p = look.palette
    for tokens in TOKEN_SETS:
        dashes = []
        for token in tokens:
            style = chip_style(token, look, 9.0)
            fill, edge, text = style["bbox"]["facecolor"], style["bbox"]["edgecolor"], style["color"]
            assert contrast(text, fill) >= CHIP_CONTRAST, (theme, token, round(contrast(text, fill), 2))
            assert contrast(edge, p.background) >= MIN_NEUTRAL_CONTRAST, (theme, token, edge)
            for c in (fill, edge, text):
                assert math.hypot(*lab(c)[1:]) < 10, (theme, token, c)
                for vision in VISIONS:
                    for role in MEANINGS:
                        d = delta_e2000(simulate(c, vision), simulate(getattr(p, role), vision))
                        assert d >= MIN_DE[vision], (theme, token, c, role, vision, round(d, 1))
            dashes.append(repr(style["bbox"]["linestyle"]))
        assert len(set(dashes)) == len(tokens), (tokens, dashes)


def test_the_figure_chip_check_catches_the_hue_chips():
    """The chips before this rule, filled with the token's own colour, fail it: each has a hue (chroma far above
    10), and "on"'s blue #0000d2 sits 16° of CIELAB hue from `cool` and ΔE00 20.1 from it, at the bar's edge."""
    import math

    light = PALETTES["light"]
    on, cat, sat = "#0000d2", "#18784e", "#780036"
    hue = lambda c: math.degrees(math.atan2(lab(c)[2], lab(c)[1])) % 360  # noqa: E731
    assert min(math.hypot(*lab(c)[1:]) for c in (on, cat, sat)) > 10
    assert abs(hue(on) - hue(light.cool)) < 20
    assert delta_e2000(on, light.cool) < 21


def test_a_word_keeps_its_dash_everywhere():
    """A token's dash (its chip's outline, its arrow in the sum chains) depends on its text alone."""
    from figures.parts_chains import token_stroke
    from look.tokens import TOKEN_DASHES, token_dash, token_index

    for token in ("the", "cat", "sat", "on", "我", "貓"):
        assert token_dash(token) == TOKEN_DASHES[token_index(token)] == token_stroke(token)[0]
    assert len({repr(d) for d in TOKEN_DASHES}) == len(TOKEN_DASHES)


@pytest.mark.parametrize("name", ("attention_heatmap_fig", "toy_permutation"))
@pytest.mark.parametrize("lang", ("en", "zh-Hant", "zh-Hans"))
def test_a_weight_table_chip_leaves_three_points_round_its_word(name, lang):
    """Measured with the renderer: the chip's outline (its inner edge, half the CHIP_EDGE line in) stands at least
    CHIP_PAD_PT = 3 pt from the laid-out word on every side, in every language (the CJK font's narrower words
    once touched the dashes at a pad of 0.22 of the size)."""
    import importlib

    import matplotlib.pyplot as plt

    from figures.parts_toy_text import CHIP_EDGE, CHIP_PAD_PT
    from look import Look
    from studio.catalogue import get

    look = Look("light", lang)
    fig = importlib.import_module(f"figures.{name}").make(get(name).compute(), look)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    pt = fig.dpi / 72
    checked = 0
    for ax in fig.axes:
        for label in ax.get_xticklabels() + ax.get_yticklabels():
            patch = label.get_bbox_patch()
            if patch is None or not label.get_visible() or not label.get_text():
                continue
            word, box = label.get_window_extent(r), patch.get_window_extent(r)
            gaps = (word.x0 - box.x0, box.x1 - word.x1, word.y0 - box.y0, box.y1 - word.y1)
            assert min(gaps) / pt - CHIP_EDGE / 2 >= CHIP_PAD_PT - 0.05, (label.get_text(), [round(g / pt, 2) for g in gaps])
            checked += 1
    plt.close(fig)
    assert checked >= 10


@pytest.mark.parametrize("name", ("attention_sum_fig", "toy_permutation_sums"))
@pytest.mark.parametrize("lang", ("en", "zh-Hans"))
def test_a_sum_chain_chip_has_the_weight_tables_padding(name, lang):
    """The sum chains' labels (figures.parts_chains) sit on the same chips as the weight tables' keys and
    queries: CHIP_PAD_PT = 3 pt between the laid-out word and the outline's inner edge (at the old pad of 0.22
    of 9 pt the gap was 1.4 pt)."""
    import importlib

    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    from figures.parts_toy_text import CHIP_EDGE, CHIP_PAD_PT
    from look import Look
    from studio.catalogue import get

    entry = get(name)
    fig = importlib.import_module(entry.load().__name__).make(entry.compute(), Look("light", lang))
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    pt = fig.dpi / 72
    checked = 0
    for text in fig.findobj(Text):
        patch = text.get_bbox_patch()
        if patch is None or not text.get_visible() or not text.get_text() or text in sum(
                (ax.get_xticklabels() + ax.get_yticklabels() for ax in fig.axes), []):
            continue
        word, box = Text.get_window_extent(text, r), patch.get_window_extent(r)  # the word alone, not its leader
        gaps = (word.x0 - box.x0, box.x1 - word.x1, word.y0 - box.y0, box.y1 - word.y1)
        assert min(gaps) / pt - CHIP_EDGE / 2 >= CHIP_PAD_PT - 0.05, (text.get_text(), [round(g / pt, 2) for g in gaps])
        checked += 1
    plt.close(fig)
    assert checked >= 3
