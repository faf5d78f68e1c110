"""One colour per meaning across the five figures of runs, costs and chains (look.palette.meaning_colours): every
pair of colours with distinct meanings that these figures draw keeps ΔE00 ≥ MEANING_FLOOR apart, in both themes, for
normal vision and as seen with deuteranopia; ReLU and GELU take grey and ink (look.palette.COMPARED), no hue of
their own that sits on a meaning drawn elsewhere (the old ReLU blue was 5 from `cool`, the old dark GELU green 3 from
`ok`)."""
from __future__ import annotations

import itertools

import pytest

from look.colour import delta_e2000, simulate
from look import Look
from look.palette import COMPARED, MEANING_FLOOR, PALETTES, THEMES, meaning_colours
from studio import catalogue

FIVE = ("attention_cost", "gelu_relu_dying", "rnn_vs_attention", "loss_curves", "signal_decay_fig")


def _gap(a: str, b: str, vision: str) -> float:
    return delta_e2000(a, b) if vision == "normal" else delta_e2000(simulate(a, vision), simulate(b, vision))


def test_the_floor_is_stated():
    assert MEANING_FLOOR == {"normal": 20.0, "deuteranopia": 12.0}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", list(MEANING_FLOOR))
def test_distinct_meanings_across_the_five_keep_apart(theme, vision):
    p = PALETTES[theme]
    roles = sorted({r for name in FIVE for r in catalogue.get(name).load().COLOUR_ROLES})
    colours = meaning_colours(p, roles)
    assert {"ink", "muted", "accent", "grows", "shrinks", "stored"} <= set(colours), colours
    assert not {"cool", "bad"} & set(colours), colours  # content and the counting position: not in these five
    close = [(a, b, round(_gap(colours[a], colours[b], vision), 1)) for a, b in itertools.combinations(colours, 2)
             if _gap(colours[a], colours[b], vision) < MEANING_FLOOR[vision]]
    assert not close, f"{theme}/{vision}: {close} under {MEANING_FLOOR[vision]}"


def test_relu_and_gelu_take_no_meaning_hue():
    """GELU was teal (`ok`), the position encoding's colour: now ReLU grey, GELU ink, and no meaning hue at all."""
    assert COMPARED == {"relu": "muted", "gelu": "ink"}
    for name in ("gelu_relu", "gelu_relu_dying"):
        roles = set(catalogue.get(name).load().COLOUR_ROLES)
        assert {"ink", "muted"} <= roles and not roles & {"ok", "cool", "bad", "accent", "grows", "shrinks", "stored",
                                                          "series"}, name


MEANINGS = {  # what each role means in each of the five figures that draw it (ink, muted: text and guides)
    "attention_cost": {"sequential": "score tables", "stored": "activations stored"},
    "gelu_relu_dying": {},
    "rnn_vs_attention": {},  # x₁'s route: a highlight, ink at HIGHLIGHT_LW, no hue
    "loss_curves": {"accent": "LayerNorm", "shrinks": "gain s <= 1", "grows": "gain s > 1"},
    "signal_decay_fig": {"accent": "LayerNorm", "shrinks": "gain s <= 1", "grows": "gain s > 1"},
}


def test_one_role_one_meaning_across_the_five():
    """A role drawn for two different meanings in the five (the old teal: one layer's kept numbers and GELU) fails;
    every meaning role a figure declares is named here, so a new use must say what it means."""
    meant: dict = {}
    for name in FIVE:
        roles = set(catalogue.get(name).load().COLOUR_ROLES) - {"ink", "muted", "background", "panel"}
        assert roles == set(MEANINGS[name]), (name, roles)
        for role, meaning in MEANINGS[name].items():
            meant.setdefault(role, set()).add(meaning)
    assert not {r: m for r, m in meant.items() if len(m) > 1}, meant


@pytest.mark.parametrize("theme", THEMES)
def test_stored_activations_part_from_the_score_table_in_greyscale(theme):
    from look.palette import lightness

    from figures.parts_cost_marks import score_colour

    p = PALETTES[theme]
    assert abs(lightness(p.stored) - lightness(score_colour(p))) >= 20


def _drawn(name: str, theme: str):
    from figures.common import figure_context, literal_text

    look = Look(theme, "en")
    entry = catalogue.get(name)
    with figure_context(look):
        fig = entry.load().make(literal_text(entry.compute()), look)
    return fig, look


TEXT_CONTRAST = 4.5  # WCAG AA for text: every word and number the five write, against their paper


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("name", FIVE)
def test_every_text_of_the_five_reads_on_its_paper(name, theme):
    """A colour that is a line's (3:1 is enough for a line) is not a text's: attention_cost's `stored` green, 3.0:1 on
    the light paper, names its line in ink. Every drawn text of the five keeps TEXT_CONTRAST against the background."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex
    from matplotlib.text import Text

    from look.colour import contrast

    fig, look = _drawn(name, theme)
    try:
        low = {(t.get_text()[:30], to_hex(t.get_color()), round(contrast(to_hex(t.get_color()), look.palette.background), 2))
               for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()
               and contrast(to_hex(t.get_color()), look.palette.background) < TEXT_CONTRAST}
    finally:
        plt.close(fig)
    assert not low, f"{name}/{theme}: {sorted(low)}"


HUE_ROLES = ("accent", "cool", "ok", "bad", "grows", "shrinks", "stored")  # every role that means a quantity


def _hue(c: str) -> float:
    import math

    from look.colour import lab

    L, a, b = lab(c)
    return math.degrees(math.atan2(b, a)) % 360


@pytest.mark.parametrize("role", HUE_ROLES)
def test_a_meaning_keeps_its_hue_family_in_both_themes(role):
    """Issue 26: dark is the same hue, lighter. The old dark `shrinks` (cyan #00c3c3 for light's indigo), `ok` (green
    #52d88f for teal) and `stored` (yellow #f0ff4c for green) changed family between themes."""
    from look.palette import HUE_FAMILY_DEGREES, lightness

    light, dark = getattr(PALETTES["light"], role), getattr(PALETTES["dark"], role)
    gap = abs(_hue(light) - _hue(dark)) % 360
    assert min(gap, 360 - gap) <= HUE_FAMILY_DEGREES, (role, light, dark, round(min(gap, 360 - gap), 1))
    assert lightness(dark) > lightness(light), (role, light, dark)


def test_the_hue_check_catches_the_old_dark_colours():
    from look.palette import HUE_FAMILY_DEGREES

    for light, old_dark in (("#480090", "#00c3c3"), ("#0c6a73", "#52d88f"), ("#269956", "#f0ff4c")):
        gap = abs(_hue(light) - _hue(old_dark)) % 360
        assert min(gap, 360 - gap) > HUE_FAMILY_DEGREES


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", list(MEANING_FLOOR))
def test_every_meaning_hue_keeps_the_floor_from_every_other(theme, vision):
    """The pairwise floor over all seven meaning hues (stored included) with ink and muted, both themes."""
    p = PALETTES[theme]
    colours = {r: getattr(p, r) for r in HUE_ROLES + ("ink", "muted")}
    close = [(a, b, round(_gap(colours[a], colours[b], vision), 1)) for a, b in itertools.combinations(colours, 2)
             if _gap(colours[a], colours[b], vision) < MEANING_FLOOR[vision]]
    assert not close, f"{theme}/{vision}: {close}"


def _styles_drawn(theme: str) -> dict:
    """{role: {(dash pattern, marker)}} of the data lines the five draw (width >= 1 pt: no leaders, no guides)."""
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from matplotlib.colors import to_hex

    p = PALETTES[theme]
    roles = sorted({r for name in FIVE for r in catalogue.get(name).load().COLOUR_ROLES}
                   - {"ink", "muted", "background", "panel", "sequential", "diverging"})
    styles: dict = {r: set() for r in roles}
    for name in FIVE:
        fig, _ = _drawn(name, theme)
        try:
            for ax in fig.findobj(Axes):
                for line in ax.lines:
                    if line.get_linestyle() in ("None", "none", " ", "") or line.get_linewidth() < 1.0:
                        continue
                    for r in roles:
                        if to_hex(line.get_color()) == getattr(p, r).lower():
                            styles[r].add((str(line._unscaled_dash_pattern), str(line.get_marker())))
        finally:
            plt.close(fig)
    return styles


def test_near_colours_of_the_five_part_by_lightness_or_line_style():
    """Two meaning colours of the five nearer than STYLE_FLOOR (ΔE00, normal vision or deuteranopia) never share a
    line style and marker. The score table was light `bad`, ΔE00 18.4 from `accent` and 19.6 from `grows` with
    deuteranopia (no red that reads at 4.5:1 reaches 30 from both); it is a sequential grey now, so no red is drawn
    in the five. Both themes."""
    from look.palette import STYLE_FLOOR

    for theme in THEMES:
        p = PALETTES[theme]
        styles = _styles_drawn(theme)
        near = [(a, b) for a, b in itertools.combinations(sorted(styles), 2)
                if min(_gap(getattr(p, a), getattr(p, b), v) for v in MEANING_FLOOR) < STYLE_FLOOR]
        assert "bad" not in styles, styles  # the score tables are a grey now: red no longer meets accent or grows
        shared = {(a, b): styles[a] & styles[b] for a, b in near if styles[a] & styles[b]}
        assert not shared, (theme, shared)
