"""Every figure's SVG as a screen reader and a search meet it: no <text> element that is empty or whitespace
alone (a title's placeholder line for its subtitle, figures.common.titled), and a <desc> that is the entry's
description in the figure's own language (studio.build.svgtext.add_title), for en, zh-Hant and zh-Hans."""
from __future__ import annotations

import html
import re

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from studio import catalogue  # noqa: E402
from tests.conftest import FIGURE_LOOK  # noqa: E402

FIGURES = [e.name for e in catalogue.ENTRIES if e.kind == "figure"]
TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)


def _svg(shared_renders, name: str, theme: str, lang: str) -> str:
    result = shared_renders.result(name, theme, lang, "svg" if (theme, lang) != FIGURE_LOOK else None)
    svg = next(p for p in result.files if p.suffix == ".svg")
    return svg.read_text(encoding="utf-8")


def _blank_texts(svg: str) -> list:
    return [m.group(0)[:160] for m in TEXT.finditer(svg) if not html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).strip()]


@pytest.mark.parametrize("name", FIGURES)
def test_no_empty_text_and_desc_in_the_figures_language(name, shared_renders):
    entry = catalogue.get(name)
    for theme, lang in (("light", "en"), FIGURE_LOOK):
        svg = _svg(shared_renders, name, theme, lang)
        assert not _blank_texts(svg), f"{name} ({lang}): empty <text> elements {_blank_texts(svg)}"
        assert TEXT.search(svg), f"{name} ({lang}): no searchable <text> at all"
        head = svg[:svg.index("<metadata>")]
        desc = re.search(r"<desc>(.*?)</desc>", head, re.S)
        assert desc and html.unescape(desc.group(1)) == entry.describe[lang], f"{name} ({lang}): {desc}"
        assert f'xml:lang="{lang}"' in head


def test_simplified_chinese_desc_and_no_empty_text(tmp_path):
    """zh-Hans too: a figure whose title keeps a line for its subtitle (signal_decay_fig's three)."""
    from tests.conftest import run_main

    code, _, err = run_main(["signal_decay_fig", "--lang", "zh-Hans", "--out", str(tmp_path)])
    assert code == 0, err
    svg = (tmp_path / "signal_decay_fig" / "signal_decay_fig.svg").read_text(encoding="utf-8")
    desc = re.search(r"<desc>(.*?)</desc>", svg, re.S).group(1)
    assert html.unescape(desc) == catalogue.get("signal_decay_fig").describe["zh-Hans"]
    assert re.search(r"[\u4e00-\u9fff]", desc) and 'xml:lang="zh-Hans"' in svg[:svg.index("<metadata>")]
    assert not _blank_texts(svg)


def test_a_blank_line_is_written_as_no_text():
    """The renderer drops a whitespace-only line (an en space, a space) and keeps every other text."""
    import matplotlib.pyplot as plt

    from studio.build.savefig import svg_string

    fig = plt.figure(figsize=(2, 1))
    fig.text(0.1, 0.5, "kept\n\u2002\n ")
    try:
        svg = svg_string(fig, "text")
    finally:
        plt.close(fig)
    assert [m.group(1) for m in TEXT.finditer(svg)] == ["kept"]
