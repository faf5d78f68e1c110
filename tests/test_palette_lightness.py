"""The runs drawn side by side part in a greyscale print too: loss_curves' three runs (s = 0.3 `shrinks`, the
diverging s = 3.0 `grows`, LayerNorm's `accent`) and signal_decay_fig's runs of s against LayerNorm's line. `shrinks`,
`grows` and `accent` (deep indigo, wine, orange-brown: L* 12.0, 27.1, 43.7 on light paper) are an ordered lightness
ramp, each pair GAP apart, so their order reads in grey alone; dash and marker part them as well."""
from __future__ import annotations

import pytest

from figures import loss_curves, signal_decay_fig
from look import Look
from look.colour import delta_e2000, simulate
from look.palette import LAYERNORM_ROLE, LINE_MARKERS, LINE_STYLES, PALETTES, lightness

PRINTS = (("light", "theme"), ("light", "white"))  # the paper colour and white paper: what is printed
GAP = 15.0  # CIELAB L* between two greys a print tells apart without help


def test_lightness_is_cielab_l():
    assert lightness("#ffffff") == pytest.approx(100, abs=1e-4) and lightness("#000000") == pytest.approx(0, abs=1e-6)
    assert lightness("#777777") == pytest.approx(50.0, abs=0.3)  # sRGB 119 grey: L* 50.0


@pytest.mark.parametrize("theme,background", PRINTS + (("dark", "theme"),))
def test_loss_curves_runs_part_in_greyscale(theme, background):
    """Each pair of runs differs in dash and marker, and in print in lightness too, in order: the s = 0.3 run darkest,
    the diverging s = 3.0 run mid-grey, LayerNorm's lightest (L* 12.0, 27.1, 43.7 on light paper)."""
    look = Look(theme, "en", background=background)
    p = look.palette
    (c0, ls0), (c1, ls1), (c2, ls2) = loss_curves._styles(look, None)
    assert (c0, c1, c2) == (p.shrinks, p.grows, getattr(p, LAYERNORM_ROLE))
    assert len({str(ls0), str(ls1), str(ls2)}) == 3 and len(set(loss_curves.MARKERS)) == 3
    if theme == "light":  # what is printed: the three runs an ordered grey ramp, each step at least GAP
        assert lightness(c1) - lightness(c0) >= GAP and lightness(c2) - lightness(c1) >= GAP


@pytest.mark.parametrize("theme,background", PRINTS + (("dark", "theme"),))
def test_loss_curves_three_runs_part_for_every_reader(theme, background):
    """shrinks, grows and accent at least 20 ΔE00 apart for normal vision and 12 under deuteranopia and protanopia
    (Machado 2009), the palette's bars."""
    look = Look(theme, "en", background=background)
    colours = [c for c, _ in loss_curves._styles(look, None)]
    pairs = [(a, b) for k, a in enumerate(colours) for b in colours[k + 1:]]
    assert min(delta_e2000(a, b) for a, b in pairs) >= 20
    for vision in ("deuteranopia", "protanopia"):
        assert min(delta_e2000(simulate(a, vision), simulate(b, vision)) for a, b in pairs) >= 12, vision


def test_signal_decay_runs_differ_from_layernorm_by_dash():
    """Every run of s is dashed, dash-dotted or dotted (LINE_STYLES), LayerNorm's alone solid, so in greyscale the runs
    and LayerNorm's line part whatever their lightness; the markers of those meanings differ too."""
    for s in (0.5, 1.0, 2.0):
        assert signal_decay_fig._style(s) != LINE_STYLES["layernorm"]
    assert len(set(LINE_MARKERS.values())) == len(LINE_MARKERS)
    p = PALETTES["light"]
    assert abs(lightness(p.grows) - lightness(p.accent)) >= GAP
    assert abs(lightness(p.shrinks) - lightness(p.accent)) >= GAP
    assert abs(lightness(p.shrinks) - lightness(p.grows)) >= GAP  # s = 0.5 and s = 2.0 part in grey too
