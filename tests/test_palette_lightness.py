"""The colours figures draw side by side differ in lightness too, so a greyscale print tells them apart without
the dash (look.palette.LIGHTNESS_GAP, grey_ceiling, run_grey): LayerNorm's accent against the grey runs beside it
in loss_curves (s = 0.3, s = 3.0) and against every shade of s in signal_decay_fig, in CIELAB L*."""
from __future__ import annotations

import pytest

from figures import loss_curves, signal_decay_fig
from look import Look
from look.colour import contrast, delta_e2000, simulate
from look.palette import LAYERNORM_ROLE, LIGHTNESS_GAP, PALETTES, grey_ceiling, lightness, run_grey

PRINTS = (("light", "theme"), ("light", "white"))  # the paper colour and white paper: what is printed


def test_lightness_is_cielab_l():
    assert lightness("#ffffff") == pytest.approx(100, abs=1e-4) and lightness("#000000") == pytest.approx(0, abs=1e-6)
    assert lightness("#777777") == pytest.approx(50.0, abs=0.3)  # sRGB 119 grey: L* 50.0


def test_the_old_pair_shared_one_lightness():
    """What the greyscale print lost: loss_curves' s = 0.3 run in `muted` beside LayerNorm's accent, ΔL* 1.1."""
    p = PALETTES["light"]
    assert abs(lightness(p.muted) - lightness(p.accent)) == pytest.approx(1.1, abs=0.05)
    assert abs(lightness(p.muted) - lightness(p.accent)) < LIGHTNESS_GAP


@pytest.mark.parametrize("theme,background", PRINTS + (("dark", "theme"),))
@pytest.mark.parametrize("diverges", (True, False))
def test_loss_curves_runs_differ_in_lightness(theme, background, diverges):
    """s = 0.3 (ink), s = 3.0 diverging (`bad`: what fails, diverged), s = 3.0 with LayerNorm (accent): every pair at
    least LIGHTNESS_GAP apart; where s = 3.0 does not diverge, s = 0.3 the grey, s = 3.0 ink, as before."""
    from types import SimpleNamespace

    look = Look(theme, "en", background=background)
    data = SimpleNamespace(status=("stuck", "diverged" if diverges else "learns", "learns"))
    colours = [c for c, _ in loss_curves._styles(look, data)]
    p = look.palette
    want = [p.ink, p.bad] if diverges else [run_grey(p), p.ink]
    assert colours == want + [getattr(p, LAYERNORM_ROLE)]
    gaps = [abs(lightness(a) - lightness(b)) for k, a in enumerate(colours) for b in colours[k + 1:]]
    assert min(gaps) >= LIGHTNESS_GAP, [round(g, 1) for g in gaps]


@pytest.mark.parametrize("theme,background", PRINTS + (("dark", "theme"),))
def test_loss_curves_three_runs_part_for_every_reader(theme, background):
    """The default runs (s = 3.0 diverges): ink, bad and accent at least 20 ΔE00 apart for normal vision and 12
    under deuteranopia and protanopia (Machado 2009), the palette's bars; the old s = 0.3 grey sat 13.8 from ink."""
    look = Look(theme, "en", background=background)
    colours = [c for c, _ in loss_curves._styles(look, None)]
    pairs = [(a, b) for k, a in enumerate(colours) for b in colours[k + 1:]]
    assert min(delta_e2000(a, b) for a, b in pairs) >= 20
    for vision in ("deuteranopia", "protanopia"):
        assert min(delta_e2000(simulate(a, vision), simulate(b, vision)) for a, b in pairs) >= 12, vision
    if theme == "light":
        assert delta_e2000(run_grey(look.palette), look.palette.ink) < 14  # why s = 0.3 left the grey


@pytest.mark.parametrize("theme,background", PRINTS)
def test_every_shade_of_s_is_darker_than_layernorm_in_print(theme, background):
    look = Look(theme, "en", background=background)
    accent = lightness(getattr(look.palette, LAYERNORM_ROLE))
    assert grey_ceiling(look.palette) == pytest.approx(accent - LIGHTNESS_GAP)
    for n in (1, 3, 7):
        shades = signal_decay_fig.ordered_colours(n, look)
        assert all(accent - lightness(c) >= LIGHTNESS_GAP for c in shades), [round(lightness(c), 1) for c in shades]


@pytest.mark.parametrize("theme,background", PRINTS + (("dark", "theme"),))
@pytest.mark.parametrize("vision", ("deuteranopia", "protanopia"))
def test_the_grey_runs_stay_apart_from_layernorm_for_colour_blind_readers(theme, background, vision):
    """The grey moved, not the accent: under both simulations the s = 0.3 grey stays 12 ΔE00 from the accent."""
    p = Look(theme, "en", background=background).palette
    accent = getattr(p, LAYERNORM_ROLE)
    assert delta_e2000(simulate(run_grey(p), vision), simulate(accent, vision)) >= 12


def test_dark_paper_puts_the_shades_above_the_accent():
    """On dark paper the accent is light (L* 71.8) and a grey 15 below it does not reach 7.5:1, so the shades of s
    sit at least 15 above it instead (87.5 … 91.1): LayerNorm's band and the s lines part in lightness on dark too;
    loss_curves' one grey still sits 15 below the accent."""
    look = Look("dark", "en")
    assert lightness(run_grey(look.palette)) <= lightness(look.palette.accent) - LIGHTNESS_GAP
    shades = signal_decay_fig.ordered_colours(7, look)
    assert min(lightness(c) for c in shades) >= lightness(look.palette.accent) + LIGHTNESS_GAP
    assert all(contrast(c, look.palette.background) >= 7.5 for c in shades)
    assert [round(lightness(c), 1) for c in (shades[0], shades[-1])] == [87.5, 91.1]
