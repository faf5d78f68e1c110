"""gelu_relu and gelu_relu_dying's own pair (look.palette `compared`: ReLU, GELU): one hue family each in both
themes, text contrast, and apart from the colours of the runs (grows, shrinks, LayerNorm's accent, the score
table's bad) and from each other for every reader; no glaring yellow in dark."""
from __future__ import annotations

import math

import pytest

from look.colour import contrast, delta_e2000, lab, simulate
from look.palette import PALETTES, THEMES

BAR = {"normal": 20.0, "deuteranopia": 12.0, "protanopia": 12.0}


def _hue(c: str) -> float:
    _, a, b = lab(c)
    return math.degrees(math.atan2(b, a)) % 360


def _gap(a: str, b: str, vision: str) -> float:
    return delta_e2000(a, b) if vision == "normal" else delta_e2000(simulate(a, vision), simulate(b, vision))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", list(BAR))
def test_relu_and_gelu_keep_apart_from_the_run_colours_and_each_other(theme, vision):
    p = PALETTES[theme]
    relu, gelu = p.compared
    others = {"grows": p.grows, "shrinks": p.shrinks, "accent": p.accent, "bad": p.bad}
    close = [(n, k, round(_gap(c, o, vision), 1)) for n, c in (("relu", relu), ("gelu", gelu))
             for k, o in others.items() if _gap(c, o, vision) < BAR[vision]]
    assert not close
    assert _gap(relu, gelu, vision) >= 30


def test_each_keeps_its_hue_family_across_themes():
    light, dark = PALETTES["light"].compared, PALETTES["dark"].compared
    for a, b in zip(light, dark):
        assert abs((_hue(a) - _hue(b) + 180) % 360 - 180) <= 15


@pytest.mark.parametrize("theme", THEMES)
def test_they_carry_text_and_dark_has_no_yellow(theme):
    p = PALETTES[theme]
    for c in p.compared:
        assert contrast(c, p.background) >= 4.5
        if theme == "light":
            assert contrast(c, "#ffffff") >= 4.5
        assert not 70 <= _hue(c) <= 110  # not a yellow
        assert math.hypot(*lab(c)[1:]) >= 25  # never reads as a grey


def test_compared_never_meets_cool_or_ok_in_a_figure():
    """ReLU's blue sits near `cool`, GELU's dark green near `ok`: no figure draws both systems."""
    from studio import catalogue

    for name in catalogue.names():
        entry = catalogue.get(name)
        if entry.kind == "figure":
            roles = set(entry.load().COLOUR_ROLES)
            assert not ({"compared"} <= roles and roles & {"cool", "ok", "series"}), name
