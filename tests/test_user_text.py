"""User words reach a drawing safely: characters that break XML or hide refused as bad input
(studio.catalogue.usertext), `$` drawn as a dollar rather than read as mathtext (figures.common.literal_text),
and every SVG parsed as XML before it is written (studio.build.savefig.check_svg)."""
import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from look import Look
from studio import catalogue
from studio.errors import RenderFailed
from studio.catalogue.params import ParamError
from studio.build.render import render_entry
from studio.build.request import Request
from studio.catalogue.usertext import escaped, text_problem
from tests.conftest import run_cli

ESC_TOKEN = "\x1b[31mRED"


def refused(args, *expected) -> str:
    done = run_cli(*args)
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in done.stderr, done.stderr
    for text in expected:
        assert text in lines[0], (text, lines[0])
    return lines[0]


# -- control characters are bad input, on the command line and in a lesson file ------------------------
def test_a_control_character_in_set_is_refused_naming_the_parameter(tmp_path):
    line = refused(["causal_mask", "--set", 'tokens=["\\u001b[31mRED", "b"]', "--out", tmp_path / "o"])
    assert line == ('error: causal_mask: tokens: "\\x1b[31mRED" holds a control character (U+001B); '
                    "use printable text")
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_a_control_character_in_a_lesson_file_is_refused(tmp_path):
    lesson = tmp_path / "l.toml"
    lesson.write_text('[[entry]]\nname = "attention_heatmap_fig"\n'
                      'set = { tokens = ["cat", "s\\u0007at"] }\n', encoding="utf-8")
    line = refused(["--lesson", lesson, "--out", tmp_path / "o"], "l.toml", "tokens", '"s\\x07at"', "U+0007")
    assert "\x07" not in line


def test_a_table_key_with_a_control_character_is_refused():
    e = catalogue.get("attention_heatmap_fig")
    with pytest.raises(ParamError, match=r'embeddings: "c\\x00t" holds a control character \(U\+0000\)'):
        e.with_params({"tokens": ["cat", "sat"], "embeddings": {"c\x00t": [1, 0]}})


@pytest.mark.parametrize("word, what", [
    ("a\tb", "control character (U+0009)"),
    ("\x85x", "control character (U+0085)"),
    ("b\udcff", "lone surrogate (U+DCFF"),
    ("\u202eabc", "invisible format character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("a\u200bb", "invisible format character (U+200B"),
    ("x\ufffe", "noncharacter (U+FFFE)"),
    ("x\u2028y", "line or paragraph separator (U+2028)"),
])
def test_what_is_refused_and_how_it_is_named(word, what):
    problem = text_problem(["ok", word])
    assert what in problem and problem.endswith("use printable text")
    assert all(ch.isprintable() for ch in problem)  # the message itself shows escapes, never the character


@pytest.mark.parametrize("word", ["我", "貓", "naïve", "👩\u200d💻", "a<b&c", "$", "x\u200cy", "dog bites"])
def test_printable_words_pass(word):
    assert text_problem([word]) == ""


def test_a_long_word_is_shown_cut():
    shown = escaped("\x1b" * 200)
    assert len(shown) <= 82 and shown.endswith('…"')


# -- `$` is a dollar, not mathtext ---------------------------------------------------------------------------
def svg_texts(path: Path) -> list[str]:
    root = ElementTree.parse(path).getroot()
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("token", [r"$\alpha$", r"$\input{x}$"])
def test_a_dollar_token_is_drawn_as_written(tmp_path, token):
    """Before: `$\\alpha$` was drawn as α (a math path group), `$\\input{x}$` failed the render (exit 1)."""
    e = catalogue.get("causal_mask").with_params({"tokens": [token, "b", "c"]})
    result = render_entry(Request(e, Look("light", "en"), out_root=tmp_path, fmt="svg"))
    svg = next(f for f in result.files if f.suffix == ".svg")
    assert any(token in t for t in svg_texts(svg))
    numbers = json.loads(next(f for f in result.files if f.name.endswith(".numbers.json")).read_text("utf-8"))
    assert json.dumps(token)[1:-1] in json.dumps(numbers, ensure_ascii=False)  # kept as given, not escaped


def test_a_dollar_beside_a_figures_own_formula_is_drawn_as_written(tmp_path):
    """attention_heatmap_fig names its rows and columns by position and token ('1 $x$') beside the
    formula of its colour bar (α): the token's dollars are drawn as dollars, and no maths group reads
    them (before: a token '$x$' there was set as an italic maths x)."""
    e = catalogue.get("attention_heatmap_fig").with_params(
        {"tokens": ["$x$", "sat"], "embeddings": {"$x$": [1, 0], "sat": [0, 1]}})
    result = render_entry(Request(e, Look("light", "en"), out_root=tmp_path, fmt="svg"))
    svg = next(f for f in result.files if f.suffix == ".svg")
    lines = [t for t in svg_texts(svg) if "$x$" in t]
    assert "1 $x$" in lines, lines
    root = ElementTree.parse(svg).getroot()
    titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]  # each formula's source
    assert not any("\\$x\\$" in t for t in titles)  # no formula's source holds the token


# -- the last net: an SVG that is not XML is never committed ---------------------------------------------------
def test_an_svg_that_is_not_xml_fails_the_render_and_nothing_is_committed(tmp_path):
    """Words are checked when given; an entry that got past that check (built here directly) still
    never commits a broken SVG. Before: exit 0 with an SVG no XML reader opens, cached and shown."""
    from dataclasses import replace

    from studio.catalogue.accepts import engine_keywords

    e = catalogue.get("causal_mask")
    given = (("tokens", (ESC_TOKEN, "b")),)
    e = replace(e, params={**e.params, **engine_keywords(e.accepts, dict(given))}, given=given)
    with pytest.raises(RenderFailed, match="not well-formed XML"):
        render_entry(Request(e, Look("light", "en"), out_root=tmp_path, fmt="svg"))
    assert not (tmp_path / e.folder).exists()
    assert not [p for p in tmp_path.rglob("*") if p.suffix == ".svg"]


def test_check_svg_accepts_what_matplotlib_writes_and_refuses_the_rest():
    import matplotlib.pyplot as plt

    from studio.build.savefig import check_svg, svg_string

    fig = plt.figure(figsize=(1, 1))
    fig.text(0.5, 0.5, "a<b & c")
    try:
        check_svg(svg_string(fig, "text"))
        fig.texts[0].set_text("a\x1bb")
        with pytest.raises(RenderFailed, match="not well-formed XML"):
            check_svg(svg_string(fig, "text"))
    finally:
        plt.close(fig)
    with pytest.raises(RenderFailed, match="root"):
        check_svg("<html/>")


def test_caption_words_reach_webvtt_as_written():
    from studio.build.captions import to_vtt

    vtt = to_vtt([{"start_s": 0.0, "end_s": 1.5, "text": "<b> & j > i"}], "en")
    assert "&lt;b&gt; &amp; j &gt; i" in vtt and "<b>" not in vtt
