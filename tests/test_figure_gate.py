"""The figure layout gate (studio.gates.figures): each rule catches its defect, and every figure passes.

Every figure is checked in two looks: the look of its shared render (tests.conftest.FIGURE_LOOK,
light zh-Hant), whose drawing the gate watches, and dark in English or Simplified Chinese, alternating
over the figures and drawn without saving (the themes change colours, not the layout); its grid points
add other languages (tests/test_grids.py). TF_FULL=1 draws the whole matrix (figures × 3 languages ×
2 themes). Every cell must be clean.
"""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from figures.common import on_mark  # noqa: E402
from look import LANGS, THEMES, Look  # noqa: E402
from tests.conftest import FIGURE_LOOK, FULL  # noqa: E402
from studio import catalogue  # noqa: E402
from studio.gates.figures import (MIN_PT, WIDTHS_IN, figure_findings, laid_out_texts,  # noqa: E402
                                 layout_findings, number_findings)

FIGURES = [e.name for e in catalogue.ENTRIES if e.kind == "figure"]


def matrix():
    other = [lang for lang in LANGS if lang != FIGURE_LOOK[1]]
    for k, name in enumerate(FIGURES):
        for lang in LANGS:
            for theme in THEMES:
                if FULL or (theme, lang) in (FIGURE_LOOK, ("dark", other[k % len(other)])):
                    yield pytest.param(name, lang, theme, id=f"{name}-{lang}-{theme}")


@pytest.mark.parametrize("name,lang,theme", list(matrix()))
def test_figure_passes_the_gate(name, lang, theme, shared_renders):
    if (theme, lang) == FIGURE_LOOK:  # the gate watched the shared render's drawing
        lines = shared_renders.gate_findings(name, theme, lang)
        assert lines is not None, f"{name}: the shared render was answered from the cache; no gate ran"
        assert not lines, "\n".join(lines)
        return
    found = figure_findings(catalogue.get(name), Look(theme, lang))
    assert not found, "\n".join(f.line() for f in found)


@pytest.mark.render
def test_the_gate_watching_a_render_finds_what_it_finds_on_a_drawing(tmp_path, monkeypatch):
    """A defect planted in a figure is found alike in the gate's own drawing and in a render it watches."""
    import studio.gates.figures as gates
    from studio.build.request import Request
    from studio.gates.figures import render_and_gate_figure

    entry, look = catalogue.get("gelu_relu"), Look("light", "en")
    make = entry.load().make

    def planted(record, look):
        fig = make(record, look)
        fig.text(0.99, 0.5, "runs off the right edge 7.25", fontsize=10)
        return fig

    monkeypatch.setattr(entry.load(), "make", planted)
    drawn = sorted(f.line() for f in gates.figure_findings(entry, look))
    result, watched = render_and_gate_figure(Request(entry, look, out_root=tmp_path))
    assert not result.cached and (tmp_path / entry.name / f"{entry.name}.svg").exists()
    assert {f.rule for f in watched} >= {"outside", "number"}
    assert sorted(f.line() for f in watched) == drawn


# -- each rule on a synthetic defect ------------------------------------------------------------
def gate(fig, doc=None):
    texts = laid_out_texts(fig)
    found = layout_findings(fig, texts, "synthetic", "en", "light")
    if doc is not None:
        found += number_findings(texts, doc, "synthetic", "en", "light")
    plt.close(fig)
    return sorted({f.rule for f in found}), found


def clean_figure(width=WIDTHS_IN["two columns"]):
    fig, ax = plt.subplots(figsize=(width, 3), layout="constrained")
    ax.set_title("a clean title")
    ax.plot([0, 1], [0, 1])
    return fig, ax


def test_a_clean_figure_has_no_findings():
    assert gate(clean_figure()[0]) == ([], [])


def test_outside():
    fig, ax = clean_figure()
    fig.text(0.98, 0.5, "runs off the right edge", fontsize=10)
    rules, found = gate(fig)
    assert rules == ["outside"] and "runs off" in found[0].message


def test_outside_at_the_resolution_it_is_saved_at():
    """A heading that fits by its extent at the figure's own 100 dpi but whose hinted glyphs at the PNG's
    200 dpi run past the right edge (rnn_vs_attention's English heading did) is outside."""
    from matplotlib.text import Text

    fig, ax = clean_figure()
    text = "Self-attention: every pair, one matrix"
    t = fig.text(0.0, 0.5, text, fontsize=11)
    widths = {}
    for dpi in (fig.dpi, 200):
        fig.set_dpi(dpi)
        b = Text.get_window_extent(t, fig.canvas.get_renderer())
        widths[dpi] = (b.x1 - b.x0) * 72 / dpi
    fig.set_dpi(100)
    assert widths[200] - widths[100] > 3  # the planted case: wider at the saved resolution
    W = fig.get_size_inches()[0] * 72
    t.set_x((W - 1.5 - widths[100]) / W)  # 1.5 pt to spare at 100 dpi
    rules, found = gate(fig)
    assert rules == ["outside"] and "every pair" in found[0].message


def test_overlap_and_declared_labels_on_a_mark():
    fig, ax = clean_figure()
    ax.text(0.05, 0.8, "one label", fontsize=10)
    ax.text(0.07, 0.8, "another label", fontsize=10)
    assert gate(fig)[0] == ["overlap"]
    fig, ax = clean_figure()
    on_mark("cell 0", ax.text(0.1, 0.8, "✓", fontsize=14, ha="center"),
            ax.text(0.1, 0.8, "0.25", fontsize=9, ha="center"))
    assert gate(fig)[0] == []


def test_small_text_and_small_scripts():
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "tiny", fontsize=MIN_PT - 0.5)
    assert gate(fig)[0] == ["small"]
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "$x_{1}$", fontsize=8)  # its subscript prints at 5.6 pt
    assert gate(fig)[0] == ["small"]
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "$e^{z_{3,2}}$", fontsize=10)  # a script inside a script: 4.9 pt
    assert gate(fig)[0] == ["small"]
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "$e^{z_{3,2}}$", fontsize=15)  # 7.35 pt
    assert gate(fig)[0] == []
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "$h_{3}$", fontsize=9)  # 6.3 pt: the script of 9 pt text is below 7 pt
    assert gate(fig)[0] == ["small"]
    fig, ax = clean_figure()
    ax.text(0.1, 0.8, "$h_{3}$", fontsize=10)  # 7.0 pt
    assert gate(fig)[0] == []
    fig, ax = clean_figure(width=14.4)  # printed at half size on a two-column page
    ax.text(0.1, 0.8, "ten points", fontsize=10)
    assert gate(fig)[0] == ["small", "width"]


def test_width_from_the_set():
    assert gate(clean_figure(width=8.0)[0])[0] == ["width"]
    assert gate(clean_figure(width=WIDTHS_IN["one column"])[0])[0] == []


def test_numbers_must_come_from_the_record():
    doc = {"data": {"table": {"shape": [32, 16], "value": [[0.1]], "shown": ["0.1000"]},
                    "ratio": {"value": 3162.27, "shown": "3,162"}},
           "engine_params": {"d_model": 16}}
    fig, ax = clean_figure()
    ax.set_xlabel("32 seats × 16 numbers, ratio 3,162, first value 0.1000")  # all in the record
    assert gate(fig, doc) == ([], [])
    fig, ax = clean_figure()
    ax.set_xlabel("first value 0.10, seed 1")  # other rounding; a number the record lacks
    rules, found = gate(fig, doc)
    assert rules == ["number"] and [f.message.split()[0] for f in found] == ["0.10", "1"]
    fig, ax = clean_figure()
    ax.set_xticks([0, 0.37], ["0", "0.37"])  # tick labels are scale, not data
    ax.set_ylabel("$x_{2}$ and h₃ are names, not numbers")
    assert gate(fig, doc)[0] == []


def test_a_shown_string_does_not_hide_a_longer_number():
    doc = {"data": {"d": {"value": 3.509144, "shown": "3.5091"}, "t": {"value": 3.509, "shown": "3.5090"}}}
    fig, ax = clean_figure()
    ax.set_xlabel("prints 3.5090; the value is 3.50914, which rounds to 3.5091")
    rules, found = gate(fig, doc)
    assert [f.message.split()[0] for f in found] == ["3.50914"]


def test_a_line_through_a_label():
    fig, ax = clean_figure()
    ax.plot([0, 1], [0.5, 0.5], color="k")
    ax.text(0.5, 0.5, "1,024 × 16 = 16,384", ha="center", va="center", fontsize=9)
    rules, found = gate(fig)
    assert rules == ["crossed"] and "16,384" in found[0].message
    fig, ax = clean_figure()
    ax.plot([0, 1], [0.5, 0.5], color="k")
    ax.annotate("1,024 × 16 = 16,384", (0.5, 0.5), xytext=(6, -6), textcoords="offset points", va="top",
                fontsize=9, arrowprops=dict(arrowstyle="-"))  # below the line: its arrow is no text
    assert gate(fig)[0] == []


# -- colour and height ---------------------------------------------------------------------------
def colour_gate(fig, theme="light"):
    from look import PALETTES
    from studio.gates.figure_colours import colour_findings, height_findings

    texts = laid_out_texts(fig)
    found = colour_findings(fig, texts, PALETTES[theme], "synthetic", "en", theme)
    found += height_findings(fig, "synthetic", "en", theme)
    plt.close(fig)
    return sorted({f.rule for f in found}), found


def test_colours_too_close_without_a_second_channel():
    from look import PALETTES

    old = ("#466a5f", "#094c4d")  # the old palette's near-twins: ΔE00 12.6 for normal vision
    fig, ax = clean_figure()
    ax.lines[0].remove()
    ax.plot([0, 1], [0, 1], color=old[0])
    ax.plot([0, 1], [1, 0], color=old[1])
    rules, found = colour_gate(fig)
    assert rules == ["colour"] and "12.6" in found[0].message and "normal" in found[0].message
    # the same two colours with a dash of their own each: the dash carries the difference
    fig, ax = clean_figure()
    ax.lines[0].remove()
    ax.plot([0, 1], [0, 1], color=old[0])
    ax.plot([0, 1], [1, 0], color=old[1], linestyle=(0, (4, 2)))
    assert colour_gate(fig)[0] == []
    # or a direct label in each colour
    fig, ax = clean_figure()
    ax.lines[0].remove()
    for k, c in enumerate(old):
        ax.plot([0, 1], [k, 1 - k], color=c)
        ax.text(1.02, 1 - k, f"series {k}", color=c, fontsize=9)
    assert colour_gate(fig)[0] == []
    # the palette's own series pass, and ink, muted and the scales are not compared
    p = PALETTES["light"]
    fig, ax = clean_figure()
    ax.lines[0].remove()
    for k, c in enumerate((*p.series, p.ink, p.muted, p.negative)):
        ax.plot([0, 1], [k, k], color=c)
    assert colour_gate(fig)[0] == []


def test_colours_that_merge_for_colour_blind_readers():
    fig, ax = clean_figure()
    ax.lines[0].remove()
    ax.bar([0, 1], [1, 2], color=["#d62728", "#2ca02c"])  # red and green bars: fine normally, not with deuteranopia
    rules, found = colour_gate(fig)
    assert rules == ["colour"] and ("deuteranopia" in found[0].message or "protanopia" in found[0].message)


def test_a_figure_taller_than_a_page():
    from studio.gates.figure_colours import MAX_HEIGHT_IN

    fig, ax = plt.subplots(figsize=(WIDTHS_IN["two columns"], 9.4), layout="constrained")
    rules, found = colour_gate(fig)
    assert rules == ["tall"] and "9.40 in" in found[0].message
    fig, ax = plt.subplots(figsize=(WIDTHS_IN["two columns"], MAX_HEIGHT_IN), layout="constrained")
    assert colour_gate(fig)[0] == []


def test_a_whole_number_drawn_with_decimals():
    from studio.gates.figures import integer_findings

    doc = {"data": {"t4": {"value": 1152.0, "shown": "1152.000"}}}
    fig, ax = clean_figure()
    ax.set_xlabel("④ p·q·d = 1152.000")
    texts = laid_out_texts(fig)
    found = integer_findings(texts, "synthetic", "en", "light")
    assert [f.rule for f in found] == ["integer"] and "1152.000" in found[0].message
    assert gate(fig, doc)[0] == []  # the number rule alone does not see it: the record holds that string
    fig, ax = clean_figure()
    ax.set_xlabel("④ p·q·d = 1,152; 163.0M parameters; 12.0× the content; weight 1.0000")
    assert integer_findings(laid_out_texts(fig), "synthetic", "en", "light") == []
    plt.close("all")
