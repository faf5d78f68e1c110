"""One colour per meaning across the five figures of runs, costs and chains (look.palette.meaning_colours): every
pair of colours with distinct meanings that these figures draw keeps ΔE00 ≥ MEANING_FLOOR apart, in both themes, for
normal vision and as seen with deuteranopia; ReLU and GELU take ink and `ok` (look.palette.COMPARED), no hue of
their own that sits on a meaning drawn elsewhere (the old ReLU blue was 5 from `cool`, the old dark GELU green 3 from
`ok`)."""
from __future__ import annotations

import itertools

import pytest

from look.colour import delta_e2000, simulate
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
    assert {"ink", "muted", "accent", "cool", "ok", "bad", "grows", "shrinks"} <= set(colours), colours
    close = [(a, b, round(_gap(colours[a], colours[b], vision), 1)) for a, b in itertools.combinations(colours, 2)
             if _gap(colours[a], colours[b], vision) < MEANING_FLOOR[vision]]
    assert not close, f"{theme}/{vision}: {close} under {MEANING_FLOOR[vision]}"


def test_relu_and_gelu_take_ink_and_one_role():
    assert COMPARED == {"relu": "ink", "gelu": "ok"}
    for name in ("gelu_relu", "gelu_relu_dying"):
        roles = set(catalogue.get(name).load().COLOUR_ROLES)
        assert {"ink", "ok"} <= roles and not roles & {"cool", "bad", "accent", "grows", "shrinks", "series"}, name


MEANINGS = {  # what each role means in each of the five figures that draw it (ink, muted: text and guides)
    "attention_cost": {"bad": "score tables", "stored": "activations stored"},
    "gelu_relu_dying": {"ok": "GELU"},
    "rnn_vs_attention": {"cool": "x1's route"},
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

    p = PALETTES[theme]
    assert abs(lightness(p.stored) - lightness(p.bad)) >= 20
