"""Figures that leave their notes to the text: a caption in every language, an SVG title that names the
figure apart from the description that states its finding, and every drawn character in the body face.

Every figure of the catalogue is held to these rules (a new figure too: its footnotes go into its
caption, and its description reads "subject: finding").
"""
from __future__ import annotations

import re

import pytest

from look import LANGS, Look
from studio import catalogue

FIGURES = tuple(e.name for e in catalogue.ENTRIES if e.kind == "figure")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("name", FIGURES)
def test_a_caption_in_every_language(name):
    from studio.build.numbers import figure_caption

    entry = catalogue.get(name)
    record, module = entry.compute(), entry.load()
    captions = {lang: figure_caption(module, record, Look("light", lang)) for lang in LANGS}
    for lang, text in captions.items():
        assert text and len(text) > 80, (name, lang)
        assert "$" not in text and "{" not in text, (name, lang, text)  # plain text, every field filled in
        share = len(CJK.findall(text)) / len(text)  # English quotes a Chinese token now and then
        assert share > 0.1 if lang != "en" else share < 0.05, (name, lang, share)
    assert captions["zh-Hant"] != captions["zh-Hans"]


@pytest.mark.parametrize("name", FIGURES)
def test_svg_title_names_the_figure_and_desc_states_more(name):
    from studio.build.render import short_title

    entry = catalogue.get(name)
    for lang in LANGS:
        desc = entry.describe[lang]
        title = short_title(desc)
        more = 20 if lang == "en" else 8  # a finding after the subject: a clause (Chinese packs more per character)
        assert title != desc and desc.startswith(title) and len(desc) > len(title) + more, (name, lang, title)


def _body_cmap(font: str) -> set:
    from fontTools.ttLib import TTCollection, TTFont
    from matplotlib import font_manager as fm

    path = fm.findfont(fm.FontProperties(family=font), fallback_to_default=False)
    fonts = TTCollection(path).fonts if path.lower().endswith(".ttc") else [TTFont(path)]
    face = next(f for f in fonts if f["name"].getDebugName(1) == font)
    return set(face.getBestCmap())


@pytest.mark.parametrize("lang", ("en", "zh-Hant"))
def test_drawn_text_is_in_the_body_face(lang):
    """Outside inline maths ($…$, set in the body face too), no character of a drawn text falls back to
    another font: the CJK body fonts lack most super- and subscripts (⁰, ⁻, ᵢ, ᵀ), which would come
    from DejaVu Sans at another size and weight (a 10⁻¹⁰ that reads "10⁻¹o")."""
    import matplotlib.pyplot as plt

    from studio.gates.figures import draw_figure, laid_out_texts

    look = Look("light", lang)
    cmap = _body_cmap(look.font)
    missing = {}
    for name in FIGURES:
        fig, _ = draw_figure(catalogue.get(name), look)
        try:
            for t, _box, _tick in laid_out_texts(fig):
                plain = re.sub(r"(?<!\\)\$[^$]*(?<!\\)\$", "", t.get_text())
                bad = {c for c in plain if c.strip() and ord(c) not in cmap}
                if bad:
                    missing.setdefault(name, set()).update(bad)
        finally:
            plt.close(fig)
    assert missing == {}


@pytest.mark.parametrize("theme,background", [("light", "theme"), ("light", "white"), ("dark", "theme")])
def test_ordered_lines_stand_out_from_every_paper(theme, background):
    """Lines coloured along the sequential scale (signal_decay_fig's s) reach 3:1 against the paper in use:
    the scale's pale start (1.34:1 on the light paper) is skipped."""
    from figures.common import ordered_on_paper
    from look.colour import contrast

    look = Look(theme, "en", background)
    colours = ordered_on_paper(7, look)
    assert len(set(colours)) == 7
    assert min(contrast(c, look.palette.background) for c in colours) >= 3.0
