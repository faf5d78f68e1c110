"""Figures for print: white paper for light figures, a figure-level <title> and <desc>,
no `\\mathdefault` in the SVG, open Chinese lines, glosses of the Chinese examples in English."""
from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from look import Look  # noqa: E402
from look.colour import delta_e2000, lab, simulate, VISIONS  # noqa: E402
from look.gloss import gloss  # noqa: E402
from studio.build.request import Request  # noqa: E402


def test_white_paper_is_a_setting_of_light_figures_only():
    light = Request.of("pe_distance", look=Look("light", "en", "white"))
    assert light.settings()["background"] == "white"
    assert light.key() != Request.of("pe_distance", look=Look("light", "en")).key()
    dark = Request.of("pe_distance", look=Look("dark", "en", "white"))
    assert "background" not in dark.settings()
    assert "background" not in Request.of("pe_clock", look=Look("light", "en", "white")).settings()
    with pytest.raises(ValueError):
        Look("light", "en", "beige")


def test_render_puts_light_figures_on_white_unless_told_and_scenes_keep_their_paper(tmp_path):
    """The command line's default paper is white for a light figure (it prints with no tinted box); the
    theme's paper on request; a scene's look never changes with it."""
    from look.palette import FIGURE_BACKGROUND, PALETTES
    from studio import catalogue
    from studio.cli.render_options import _background

    assert FIGURE_BACKGROUND == "white"
    figure, scene = catalogue.get("pe_distance"), catalogue.get("pe_clock")
    assert _background(figure, {}) == "white" and _background(figure, {"background": "theme"}) == "theme"
    assert _background(scene, {"background": "white"}) == "theme" == _background(scene, {})
    from tests.conftest import run_main

    code, _, err = run_main(["causal_mask", "--out", str(tmp_path / "white")])
    assert code == 0, err
    white = (tmp_path / "white" / "causal_mask" / "causal_mask.svg").read_text(encoding="utf-8")
    assert "#ffffff" in white and PALETTES["light"].background not in white
    code, _, err = run_main(["causal_mask", "--out", str(tmp_path / "paper"), "--background", "theme"])
    assert code == 0, err
    assert PALETTES["light"].background in (tmp_path / "paper" / "causal_mask" / "causal_mask.svg").read_text()


def test_the_print_palette_keeps_zero_visible_on_white():
    p = Look("light", "en", "white").palette
    assert p.background == "#ffffff" and Look("dark", "en", "white").palette.background == "#0e0c07"
    for vision in VISIONS:
        assert delta_e2000(simulate(p.neutral, vision), simulate(p.background, vision)) >= 5
        assert delta_e2000(simulate(p.sequential[0], vision), simulate(p.background, vision)) >= 5
    assert lab(p.panel)[0] < 100


def test_svg_title_desc_and_no_mathdefault(tmp_path):
    from tests.conftest import run_main

    code, out, err = run_main(["signal_decay_fig", "--out", str(tmp_path), "--background", "white"])
    assert code == 0, err
    svg = (tmp_path / "signal_decay_fig" / "signal_decay_fig.svg").read_text(encoding="utf-8")
    head = svg[:svg.index("<metadata>")]
    from studio import catalogue

    desc = catalogue.get("signal_decay_fig").describe["en"]
    assert re.search(r"<title>[^<]+</title>\s*<desc>" + re.escape(desc.replace("&", "&amp;")) + "</desc>", head)
    assert 'role="img"' in head
    assert "mathdefault" not in svg
    assert "<title>10⁸</title>" in svg and "<title>10⁻¹⁰</title>" in svg  # the log-axis ticks as a reader sees and searches them
    assert 'fill="#ffffff"' in svg or "fill: #ffffff" in svg


def test_chinese_lines_are_open():
    from figures.common import figure_context, new_figure
    from studio.build.savefig import CJK_LINESPACING, freeze_layout

    with figure_context(Look("light", "zh-Hans")):
        fig, ax = new_figure(3.5, 2)
        zh = ax.text(0, 0, "第一行\n第二行")
        en = ax.text(0, 1, "one\ntwo")
        freeze_layout(fig)
    assert zh.get_linespacing() == CJK_LINESPACING >= 1.3
    assert en.get_linespacing() != CJK_LINESPACING


def test_glosses_in_english_only():
    assert gloss(("十", "五"), "en") == " (fifteen)" and gloss(("五", "十"), "en") == " (fifty)"
    assert gloss("加", "en") == " (add)" and gloss("法", "en") == " (method)"
    assert gloss(("十", "五"), "zh-Hant") == "" and gloss(("dog",), "en") == ""
