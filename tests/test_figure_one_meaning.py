"""One meaning per colour across the set of figures (look.palette.MEANINGS, the meaning → colour map written once).

Each figure module names the meanings it draws (MEANINGS, keys of look.palette.MEANINGS); what it really draws is
read from its drawing (tests.test_figure_colour_roles.figure_roles: every visible colour classified as the palette
role it equals). A hue role drawn in a figure must stand for a meaning the figure names, and across the 31 figures
each hue carries one meaning: blue (`cool`) content E alone (not the output head, not a highlight, not x₁'s route),
dark red (`bad`) the counting position alone (not attention_cost's score tables)."""
from __future__ import annotations

import itertools

import pytest

from look import THEMES
from look.colour import delta_e2000, simulate
from look.palette import HUE_MEANINGS, MEANING_FLOOR, MEANINGS, PALETTES, ROLES
from studio import catalogue
from tests.test_figure_colour_roles import FIGURES, figure_roles

HUES = ("accent", "cool", "ok", "bad", "grows", "shrinks", "stored")  # the roles that draw a hue


def test_the_map_names_roles_and_each_hue_once():
    assert set(MEANINGS.values()) <= set(ROLES), MEANINGS
    hue_of = {m: MEANINGS[m] for m in HUE_MEANINGS}
    assert set(hue_of.values()) == set(HUES) and len(set(hue_of.values())) == len(hue_of), hue_of
    assert not {m: r for m, r in MEANINGS.items() if r in HUES and m not in HUE_MEANINGS}


def test_every_figure_names_known_meanings():
    for name in FIGURES:
        named = getattr(catalogue.get(name).load(), "MEANINGS", ())
        assert set(named) <= set(MEANINGS), (name, set(named) - set(MEANINGS))
        declared = set(catalogue.get(name).load().COLOUR_ROLES)
        hues = declared & set(HUES)
        assert hues == {MEANINGS[m] for m in named if MEANINGS[m] in HUES}, (name, hues, named)


def _drawn_hues(theme: str) -> dict:
    """{figure: set of hue roles it draws}, read from the drawing."""
    return {name: {r for r in figure_roles(name, theme) if r in HUES} for name in FIGURES}


@pytest.mark.parametrize("theme", THEMES)
def test_no_hue_carries_two_meanings_across_the_set(theme):
    """Every hue a figure draws is the colour of one meaning it names, and that meaning is the hue's one meaning in
    MEANINGS: so one colour never stands for two things in two figures (the old blue of content E, the output head,
    a highlight and x₁'s route; the old dark red of p and the score tables)."""
    carried: dict = {}
    for name, hues in _drawn_hues(theme).items():
        named = getattr(catalogue.get(name).load(), "MEANINGS", ())
        for hue in hues:
            meanings = [m for m in named if MEANINGS[m] == hue]
            assert len(meanings) == 1, f"{name} ({theme}) draws {hue} for {meanings or 'no meaning it names'}"
            carried.setdefault(hue, set()).add(meanings[0])
    assert not {h: m for h, m in carried.items() if len(m) > 1}, carried
    assert carried.get("cool") == {"content"} and carried.get("bad") == {"counting_position"}, carried


@pytest.mark.parametrize("theme", THEMES)
def test_hues_that_meet_in_a_figure_keep_the_floor(theme):
    """Two meaning hues drawn in one figure stay ΔE00 ≥ 20 apart (normal vision) and ≥ 12 (deuteranopia, protanopia)."""
    p = PALETTES[theme]
    floor = {"normal": MEANING_FLOOR["normal"], "deuteranopia": MEANING_FLOOR["deuteranopia"],
             "protanopia": MEANING_FLOOR["deuteranopia"]}
    close = []
    for name in FIGURES:
        hues = sorted(set(catalogue.get(name).load().COLOUR_ROLES) & set(HUES))
        for a, b in itertools.combinations(hues, 2):
            for vision, bar in floor.items():
                ca, cb = getattr(p, a), getattr(p, b)
                gap = delta_e2000(ca, cb) if vision == "normal" else delta_e2000(simulate(ca, vision), simulate(cb, vision))
                if gap < bar:
                    close.append((name, a, b, vision, round(gap, 1)))
    assert not close, close
