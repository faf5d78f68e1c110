"""SVG text reads the same on a machine without the project's fonts (studio.build.savefig.svg_string).

A real SVG renderer draws permutation_fig (Traditional Chinese) twice: with the machine's
fonts, and with fontconfig restricted to DejaVu (no font covering Chinese). Embedded subsets ("embed")
and paths ("path") give the same pixels both times; text that only names its fonts ("text") does not,
which shows the comparison catches the defect. Chromium renders @font-face; librsvg (rsvg-convert)
ignores it, so it checks the "path" mode.
"""
from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from look import Look
from studio import catalogue
from studio.build.savefig import SVG_TEXT_MODES, freeze_layout, svg_string

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
RSVG = shutil.which("rsvg-convert")
NO_CJK_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
  <cachedir>{cache}</cachedir>
</fontconfig>
"""


def figure_svg(name: str, mode: str, look=Look("light", "en")) -> str:
    import matplotlib.pyplot as plt

    from figures.common import figure_context

    entry = catalogue.get(name)
    with figure_context(look):
        fig = freeze_layout(entry.load().make(entry.compute(), look))
        try:
            return svg_string(fig, mode)
        finally:
            plt.close(fig)


@pytest.fixture(scope="module")
def no_cjk(tmp_path_factory):
    """A fontconfig file that sees DejaVu (and TeX fonts) only: no font has a Chinese glyph."""
    d = tmp_path_factory.mktemp("fc")
    conf = d / "fonts.conf"
    conf.write_text(NO_CJK_CONF.format(cache=d / "cache"))
    if shutil.which("fc-list"):
        listed = subprocess.run(["fc-list", ":lang=zh"], env={"FONTCONFIG_FILE": str(conf)},
                                capture_output=True, text=True).stdout
        assert listed.strip() == "", "the restricted configuration still has a Chinese font"
    return conf


def raster(svg: str, tmp: Path, tag: str, fontconfig: Path | None, renderer: str) -> np.ndarray:
    from PIL import Image

    import os
    src = tmp / f"{tag}.svg"
    src.write_text(svg, encoding="utf-8")
    png = tmp / f"{tag}.png"
    env = dict(os.environ)
    if fontconfig:
        env["FONTCONFIG_FILE"] = str(fontconfig)
    w, h = (round(float(v) * 4 / 3) for v in re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups())
    if renderer == "chromium":
        cmd = [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               f"--window-size={w},{h}", f"--user-data-dir={tmp / ('profile-' + tag)}",
               f"--screenshot={png}", src.as_uri()]
    else:
        cmd = [RSVG, str(src), "-o", str(png)]
    subprocess.run(cmd, env=env, capture_output=True, timeout=120, check=True)
    return np.asarray(Image.open(png).convert("RGB")).astype(int)


def changed(a: np.ndarray, b: np.ndarray) -> int:
    return int((np.abs(a - b).max(axis=2) > 8).sum())


@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium to render @font-face")
def test_embedded_chinese_shows_without_cjk_fonts(tmp_path, no_cjk):
    svg = figure_svg("permutation_fig", "embed", Look("light", "zh-Hant"))
    assert "語序" in svg and "@font-face" in svg
    normal = raster(svg, tmp_path, "embed-normal", None, "chromium")
    bare = raster(svg, tmp_path, "embed-bare", no_cjk, "chromium")
    assert changed(normal, bare) == 0
    # the defect this catches: fonts only named, the same reader sees boxes where 十五 was
    plain = figure_svg("permutation_fig", "text", Look("light", "zh-Hant"))
    plain_normal = raster(plain, tmp_path, "text-normal", None, "chromium")
    plain_bare = raster(plain, tmp_path, "text-bare", no_cjk, "chromium")
    assert changed(plain_normal, plain_bare) > 200
    assert changed(normal, plain_normal) < 0.03 * normal.shape[0] * normal.shape[1]  # same figure, hinting aside


@pytest.mark.skipif(RSVG is None, reason="needs rsvg-convert")
def test_paths_need_no_font(tmp_path, no_cjk):
    svg = figure_svg("permutation_fig", "path", Look("light", "zh-Hant"))
    assert "<text" not in svg
    assert changed(raster(svg, tmp_path, "p-normal", None, "rsvg"),
                   raster(svg, tmp_path, "p-bare", no_cjk, "rsvg")) == 0


def test_embedded_fonts_hold_only_the_glyphs_used():
    import base64

    from fontTools.ttLib import TTFont

    from studio.build.svgtext import used_characters

    svg = figure_svg("causal_mask", "embed", Look("dark", "zh-Hans"))
    used = used_characters(svg)
    faces = re.findall(r"@font-face \{font-family: '([^']+)'; font-weight: (\d+);.*?base64,([A-Za-z0-9+/=]+)\)", svg)
    assert {(f, int(w)) for f, w, _ in faces} == {(f, w) for f, w, _ in used}
    for family, weight, data in faces:
        font = TTFont(io.BytesIO(base64.b64decode(data)))
        chars = used[(family, int(weight), False)]
        assert set(font.getBestCmap()) == {ord(c) for c in chars}
        assert font["maxp"].numGlyphs < 400  # a subset, not the 65,535-glyph CJK font


@pytest.mark.parametrize("mode", SVG_TEXT_MODES)
def test_svg_text_modes_are_deterministic_and_name_a_generic_family(mode):
    a = figure_svg("pe_combine", mode, Look("light", "zh-Hant"))
    assert a == figure_svg("pe_combine", mode, Look("light", "zh-Hant"))
    families = re.findall(r"font-family: ([^;\"]+)", a.split("</style>")[-1])
    assert (families != []) == (mode != "path")
    for fam in families:
        assert fam.rstrip().endswith(("sans-serif", "monospace", "serif")), fam


def test_math_is_one_titled_group_in_reading_order():
    svg = figure_svg("permutation_fig", "embed")
    assert "<tspan" not in svg  # no characters positioned one by one
    titles = re.findall(r"<title>([^<]*)</title>", svg)
    assert any("S_b = P Sₐ Pᵀ" in t for t in titles)  # its plain reading, not its TeX
    with pytest.raises(ValueError, match="unknown SVG text mode"):
        figure_svg("pe_table", "outline")


def test_formulas_and_log_ticks_are_searchable_text():
    """A formula is drawn as outlines (its look), and its plain reading is real, transparent text on the
    same baseline: a search for "PE(p)·PE(p+k)" or a log tick's "10⁻⁶" finds it; a screen reader hears
    the group's <title> once (the text layer is aria-hidden)."""
    from xml.etree import ElementTree

    def texts(svg):
        root = ElementTree.fromstring(svg)
        return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]

    dot = figure_svg("pe_dot_distance", "embed")
    assert "PE(p)·PE(p+k) depends only on the gap k" in texts(dot)
    assert "Σᵢ cos(k/Dᵢ)" in texts(dot)
    assert dot.count('aria-hidden="true"') == len(re.findall(r'<g role="img">', dot))
    assert {"10⁻⁶", "10⁰", "10⁴"} <= set(texts(figure_svg("loss_curves", "text")))  # panel (a)'s and (b)'s ticks (no empty decade: 10⁻⁶ … 10⁴ in twos)
    assert "10⁻⁶" not in " ".join(texts(figure_svg("loss_curves", "path")))  # outlines only: no text at all


def test_tables_are_laid_out_by_position():
    """figures.common.table: one <text> per cell, columns anchored at one x, no padding spaces."""
    import matplotlib.pyplot as plt

    from figures.common import table

    fig, ax = plt.subplots(figsize=(3.5, 2))
    ax.axis("off")
    rows = [["x", "GELU(x)", "ReLU(x)"], ["−2", "−0.0455", "0"], ["1", "0.8413", "1"]]
    table(ax, rows, [0.05, 0.6, 0.95], top=0.9, line=0.25, fontsize=9)
    svg = svg_string(fig, "text")
    plt.close(fig)
    cells = re.findall(r'<text [^>]*text-anchor: (\w+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg)
    cells = [(x, y, anchor, text) for anchor, x, y, text in cells]
    assert [c[3] for c in cells] == [cell for row in rows for cell in row]
    for col in range(3):
        xs = {cells[r * 3 + col][0] for r in range(3)}
        assert len(xs) == 1  # every cell of a column anchored at the same x
    assert {c[2] for c in cells} == {"start", "end"}
    assert not any("  " in c[3] for c in cells)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_svg_root_declares_its_language(tmp_path, lang):
    """save_figure (every figure's SVG goes through it) writes the figure's language on the <svg> root,
    as xml:lang and lang, beside role="img" and the figure-level <title>."""
    from xml.etree import ElementTree

    import matplotlib.pyplot as plt

    from studio.build.savefig import save_figure

    fig = plt.figure(figsize=(2, 1))
    fig.text(0.1, 0.5, "x = (2, 1)")
    target = tmp_path / "f.svg"
    save_figure(fig, target, "svg", svg_text="text", title="A figure", desc="What it shows", lang=lang)
    plt.close(fig)
    root = ElementTree.fromstring(target.read_text(encoding="utf-8"))
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == lang and root.get("lang") == lang
    assert root.get("role") == "img"
