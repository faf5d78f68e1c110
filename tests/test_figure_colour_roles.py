"""One meaning per colour across the figures: every colour a figure draws is a role of look.palette's
table (ROLES) that the figure's module names in COLOUR_ROLES, in both themes.

A drawn colour is classified as the palette field it equals (ink, muted, panel, background, accent,
cool, ok, bad, series[k] → series, tokens[k] → tokens), a point of the diverging or the sequential
scale (a colour map of figures.common, or a colour within ΔE00 2 of the scale), or a grey (an alpha
blend of ink or muted: muted). Anything else is an unnamed colour and fails. Set-wide rules: the
categorical roles and the series never meet in one figure (series 0 sits next to `bad`, series 1 next
to `accent`); no figure draws a token hue (a word is its text on a neutral chip); attention weights are sequential (no hue), so
the diverging blue only ever means "below zero".
"""
from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import Collection  # noqa: E402
from matplotlib.colors import to_hex, to_rgba_array  # noqa: E402
from matplotlib.image import AxesImage  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from look import THEMES, Look  # noqa: E402
from look.colour import delta_e2000, lab  # noqa: E402
from look.palette import CATEGORICAL_ROLES, ROLES, diverging_color, on_white, sequential_color  # noqa: E402
from studio import catalogue  # noqa: E402

FIGURES = [n for n in catalogue.names() if catalogue.get(n).kind == "figure"]
_NONE = ("None", "none", "", " ", None)


def _named(palette) -> dict:
    out = {}
    for p in (palette, on_white(palette)):
        for field in ("ink", "muted", "panel", "background", "accent", "cool", "ok", "bad", "grows", "shrinks",
                      "stored"):
            out.setdefault(getattr(p, field).lower(), field)
        out.update({c.lower(): "series" for c in p.series})
        out.update({c.lower(): "tokens" for c in p.tokens})
        out.setdefault(p.neutral.lower(), "diverging")
    return out


def role_of(colour: str, palette, named: dict) -> str | None:
    if colour in named:
        return named[colour]
    for p in (palette, on_white(palette)):
        if min(delta_e2000(colour, sequential_color(t / 100, p)) for t in range(101)) < 2:
            return "sequential"
        if min(delta_e2000(colour, diverging_color(t / 50 - 1, p)) for t in range(101)) < 2:
            return "diverging"
    if math.hypot(*lab(colour)[1:]) < 8:
        return "muted"
    return None


def drawn_colours(fig):
    """{colour or colour-map name: what draws it} over every visible artist."""
    out = {}

    def add(c, what):
        for rgba in to_rgba_array(c):
            if rgba[3] > 0:
                out.setdefault(to_hex(rgba[:3]), what)

    fig.canvas.draw()
    for a in fig.findobj():
        if a is fig.patch or not a.get_visible():
            continue
        if isinstance(a, Line2D):
            if a.get_linestyle() not in _NONE and a.get_linewidth() > 0:
                add(a.get_color(), f"line {a.get_label()}")
            if a.get_marker() not in _NONE:
                add(a.get_markerfacecolor(), f"marker {a.get_label()}")
                add(a.get_markeredgecolor(), f"marker {a.get_label()}")
        elif isinstance(a, Text) and a.get_text().strip():
            add(a.get_color(), f"text {a.get_text()[:30]!r}")
        elif isinstance(a, Patch):
            add(a.get_facecolor(), "patch")
            if a.get_linewidth() > 0:
                add(a.get_edgecolor(), "patch edge")
        elif isinstance(a, (AxesImage, Collection)) and a.get_array() is not None:
            out["cmap:" + a.get_cmap().name] = "colour map"
        elif isinstance(a, Collection):
            add(a.get_facecolor(), "collection")
            add(a.get_edgecolor(), "collection edge")
    return out


def figure_roles(name: str, theme: str) -> dict:
    from figures.common import figure_context, literal_text

    entry = catalogue.get(name)
    look = Look(theme, "en")
    with figure_context(look):
        fig = entry.load().make(literal_text(entry.compute()), look)
        try:
            colours = drawn_colours(fig)
        finally:
            plt.close(fig)
    named, roles = _named(look.palette), {}
    for c, what in colours.items():
        if c.startswith("cmap:"):
            role = "sequential" if c.startswith("cmap:tf-seq-") else "diverging" if c.startswith("cmap:tf-") else None
        else:
            role = role_of(c, look.palette, named)
        roles.setdefault(role or f"unnamed {c}", what)
    return roles


def test_every_figure_names_its_roles_from_the_table():
    for name in FIGURES:
        declared = getattr(catalogue.get(name).load(), "COLOUR_ROLES", None)
        assert declared, f"{name}: its module names no COLOUR_ROLES"
        assert set(declared) <= set(ROLES), f"{name}: {set(declared) - set(ROLES)} not in look.palette.ROLES"
        assert not (set(declared) & set(CATEGORICAL_ROLES) and "series" in declared), \
            f"{name}: series and categorical roles in one figure (series 0 reads as bad, 1 as accent)"


@pytest.mark.parametrize("name", FIGURES)
def test_a_figure_draws_only_its_roles(name):
    declared = set(catalogue.get(name).load().COLOUR_ROLES)
    for theme in THEMES:
        drawn = figure_roles(name, theme)
        extra = {r: what for r, what in drawn.items() if r not in declared}
        assert not extra, f"{name} ({theme}) draws roles it does not name in COLOUR_ROLES: {extra}"


# the figures that draw a position encoding (PE, a position table, a learned position embedding)
POSITION_ENCODING_FIGURES = ("pe_combine", "param_count", "pe_waves", "pe_dot_distance",
                             "pe_distance_gap", "seq_number_problems", "seq_number_dots", "seq_number_ratio")


ACCENT_ELSEWHERE: dict = {}  # accent draws something else there, never a position


def test_a_position_encoding_has_one_colour_in_every_figure():
    """`ok` draws a position encoding wherever one is drawn, `accent` never does (look.palette's role text)."""
    for name in POSITION_ENCODING_FIGURES:
        declared = catalogue.get(name).load().COLOUR_ROLES
        assert "ok" in declared and ("accent" not in declared or name in ACCENT_ELSEWHERE), (name, declared)


@pytest.mark.parametrize("theme", THEMES)
def test_the_drawn_position_encodings_are_ok(theme):
    """The colour each figure gives its position encoding, read from what it draws: pe_combine's fingerprint
    cells and the dots over its sums, param_count's position embedding; the appended position number p is `bad`,
    as the counting position in seq_number_*. attention_cost's T × d line counts one layer's activations stored,
    not a position table: `stored` (look.palette.STORED_ROLE), never `ok`, which is GELU's in gelu_relu_dying."""
    from figures import attention_cost, param_count, pe_combine
    from figures.common import figure_context, literal_text

    look = Look(theme, "en")
    pal = look.palette
    assert pe_combine.position_style(look, "fingerprint")["facecolor"] == pal.ok
    assert pe_combine.both_dot_style(look)["markerfacecolor"] == pal.ok
    assert pe_combine.position_style(look, "seat")["facecolor"] == pal.bad
    assert param_count.PART_ROLE["pos_emb"] == "ok"
    entry = catalogue.get("attention_cost")
    data = literal_text(entry.compute())
    with figure_context(look):
        fig = attention_cost.make(data, look)
        try:
            # one layer's activations stored, T × d: one line, its marks and its end
            lines = [ln for ax in fig.axes for ln in ax.get_lines() if len(ln.get_xdata()) > 1
                     and np.allclose(np.asarray(ln.get_ydata(), float),
                                     np.asarray(ln.get_xdata(), float) * data.position_width)]
        finally:
            plt.close(fig)
    assert lines and {to_hex(ln.get_color()) for ln in lines} == {pal.stored}


def test_no_figure_draws_a_token_hue():
    """Words in figures have no hue (look.tokens): every token hue sits within a few degrees of a meaning (on's blue
    by cool, cat's green by ok, sat's crimson by bad), so no figure names the `tokens` role, and the figures
    that draw words show none of the token colours (test_a_figure_draws_only_its_roles holds every figure to
    what it names)."""
    for name in FIGURES:
        assert "tokens" not in catalogue.get(name).load().COLOUR_ROLES, name
    for name in ("attention_heatmap_fig", "attention_sum_fig", "toy_permutation", "toy_permutation_sums"):
        for theme in THEMES:
            assert "tokens" not in figure_roles(name, theme), (name, theme)
