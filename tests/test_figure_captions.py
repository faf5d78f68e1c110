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


def test_the_gate_finds_a_glyph_the_body_face_lacks():
    """The figure gate's "glyph" rule (every figure, every look the suite gates): an accented ŷ in a
    Chinese label is missing from Noto Sans CJK and found; powers written in maths, or as Unicode (set
    as mathtext scripts in the body face when laid out), are not."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from figures.common import figure_context
    from studio.build.savefig import freeze_layout
    from studio.gates.figures import glyph_findings, laid_out_texts

    look = Look("light", "zh-Hant")
    with figure_context(look):
        fig = plt.figure(figsize=(7.2, 2), layout="constrained")
        fig.text(0.1, 0.7, "第 ŷ 層")  # a Chinese text keeps its ŷ, which the CJK face lacks
        fig.text(0.1, 0.4, "10$^{-10}$ 層")
        fig.text(0.1, 0.1, "RMS 10⁻¹⁰ 層")  # Unicode powers: set as maths when laid out
        freeze_layout(fig)
        found = glyph_findings(laid_out_texts(fig), look.figure_fonts, "synthetic", look.lang, look.theme)
    plt.close(fig)
    assert [f.rule for f in found] == ["glyph"] and "第 ŷ 層" in found[0].line()


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
