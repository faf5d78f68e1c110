"""The palette is readable and colour-blind safe, computed rather than asserted by eye.

Thresholds:
- every colour that carries text ≥ 4.5:1 against the background (WCAG 2.x AA);
- categorical colours (accent, cool, ok, bad, plus ink and muted) and series colours (and each from ink)
  ≥ 20 CIEDE2000 apart as seen normally and ≥ 12 apart with deuteranopia and protanopia (Machado 2009);
- a token's colour depends on its text only, and the catalogue's default sentences get distinct ones;
- the diverging scale's neutral ≥ 5 CIEDE2000 from the background under every simulation, its ends
  ≥ 30 from each other and from the neutral;
- the sequential scale's CIELAB lightness strictly monotone (> 1 per 5 % step, under every
  simulation), its high end further from the background than its low end, ends ≥ 40 apart.
The colour arithmetic is checked against published values first.
"""
import pytest

from look import PALETTES, THEMES, diverging_color, sequential_color
from look.colour import VISIONS, contrast, delta_e2000, delta_e2000_lab, lab, min_delta_e, simulate

TEXT_CONTRAST = 4.5
MIN_DE = {"normal": 20.0, "deuteranopia": 12.0, "protanopia": 12.0}
MIN_DE_CATEGORICAL = MIN_DE["normal"]
OLD_BAR = 10.0  # the previous bar, for the regression check below
MIN_DE_NEUTRAL = 5.0


def test_colour_arithmetic_matches_published_values():
    # Sharma, Wu & Dalal (2005), CIEDE2000 test data pairs 1, 17 and 25
    assert delta_e2000_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000_lab((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert delta_e2000_lab((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == pytest.approx(
        1.2644, abs=1e-4)
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WCAG's smallest AA grey
    assert lab("#ffffff")[0] == pytest.approx(100, abs=1e-3)
    # deuteranopes confuse red and green: their simulated colours are far closer than the originals
    assert delta_e2000(simulate("#d62728", "deuteranopia"), simulate("#2ca02c", "deuteranopia")) < 0.5 * \
        delta_e2000("#d62728", "#2ca02c")
    assert simulate("#777777", "protanopia") == "#777777"  # greys stay greys


def contrast_table(theme):
    p = PALETTES[theme]
    return {name: contrast(c, p.background) for name, c in p.text_colours().items()}


@pytest.mark.parametrize("theme", THEMES)
def test_text_colours_reach_wcag_aa(theme):
    table = contrast_table(theme)
    low = {k: round(v, 2) for k, v in table.items() if v < TEXT_CONTRAST}
    assert not low, f"{theme}: below {TEXT_CONTRAST}:1 against the background: {low}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_categorical_colours_stay_apart(theme, vision):
    p = PALETTES[theme]
    d, pair = min_delta_e(list(p.categorical()) + [p.ink, p.muted], vision)
    assert d >= MIN_DE[vision], f"{theme}/{vision}: {pair} only ΔE00 {d:.1f} apart"
    d, pair = min_delta_e(list(p.series) + [p.ink], vision)
    assert d >= MIN_DE[vision], f"{theme}/{vision}: series {pair} only ΔE00 {d:.1f} apart"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_diverging_scale_has_a_visible_neutral(theme, vision):
    p = PALETTES[theme]
    seen = {k: simulate(c, vision) for k, c in
            {"bg": p.background, "neg": p.negative, "mid": p.neutral, "pos": p.positive}.items()}
    assert delta_e2000(seen["mid"], seen["bg"]) >= MIN_DE_NEUTRAL
    assert delta_e2000(seen["neg"], seen["pos"]) >= 30
    assert min(delta_e2000(seen["mid"], seen["neg"]), delta_e2000(seen["mid"], seen["pos"])) >= 30
    assert diverging_color(0.0, p) == p.neutral
    assert diverging_color(-5.0, p, vmax=2.0) == p.negative and diverging_color(2.0, p, vmax=2.0) == p.positive


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_sequential_scale_is_monotone(theme, vision):
    p = PALETTES[theme]
    steps = [simulate(sequential_color(k / 20, p), vision) for k in range(21)]
    lightness = [lab(c)[0] for c in steps]
    sign = 1 if lightness[-1] > lightness[0] else -1
    assert all(sign * (b - a) > 1 for a, b in zip(lightness, lightness[1:])), f"{theme}/{vision}: {lightness}"
    bg = lab(p.background)[0]
    assert abs(lightness[-1] - bg) > abs(lightness[0] - bg)  # more is further from the paper
    assert delta_e2000(steps[0], steps[-1]) >= 40
    assert sequential_color(0.0, p) == p.sequential[0] and sequential_color(3.0, p, vmax=3.0) == p.sequential[-1]


def test_the_checks_catch_the_old_palette():
    """The palette before this scale (seed page colours as they were) fails these checks."""
    old_light_accent, old_light_green, old_dark_neutral, bg_light, bg_dark = (
        "#bf7d1a", "#3f8a52", "#1a1710", "#ece9e2", "#0e0c07")
    assert contrast(old_light_accent, bg_light) < TEXT_CONTRAST  # 2.81:1
    assert contrast(old_light_green, bg_light) < TEXT_CONTRAST  # 3.49:1
    assert delta_e2000(old_dark_neutral, bg_dark) < MIN_DE_NEUTRAL
    old_series = ("#c0492f", "#bf7d1a", "#8a8a1f", "#3f8a52", "#1f8a86", "#2f6fb0", "#6a4fb0", "#a3458f")
    assert min_delta_e(list(old_series), "protanopia")[0] < OLD_BAR
    # the series of the previous palette reached the old bar of 10 but not 20 / 12
    prev = ("#740602", "#756800", "#5e5a39", "#466a5f", "#094c4d", "#0f49d5", "#1c2990", "#944f83")
    assert min_delta_e(list(prev), "normal")[0] < MIN_DE["normal"]
    assert min_delta_e(list(prev), "deuteranopia")[0] < MIN_DE["deuteranopia"]


@pytest.mark.parametrize("theme", THEMES)
def test_series_reach_aa_on_white_paper_too(theme):
    p = PALETTES[theme]
    if theme == "light":  # a light figure printed with --background white
        low = {c: round(contrast(c, "#ffffff"), 2) for c in (*p.series, p.ink, p.muted, p.accent, p.cool, p.ok, p.bad)
               if contrast(c, "#ffffff") < TEXT_CONTRAST}
        assert not low


def test_a_token_keeps_its_colour_everywhere():
    from look.tokens import TOKEN_SETS, token_colour, token_index

    for theme in THEMES:
        p = PALETTES[theme]
        for tokens in TOKEN_SETS:
            colours = [token_colour(t, p) for t in tokens]
            assert len(set(colours)) == len(tokens), (theme, tokens, colours)
        # from the text, not the position: the two "the" of the toy sentence share one colour
        assert token_colour("the", p) == p.tokens[token_index("the")]
        assert not set(p.tokens) & set(p.series)  # a set of its own
    assert token_index("the") == token_index("the")
    assert len({token_index(t) for t in ("the", "cat", "sat", "on")}) == 4


ROLES = ("accent", "cool", "ok", "bad")
MAX_TOKEN_HUE_SHIFT = 20.0  # degrees of CIELAB hue between a token's light and dark colour


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_token_colours_are_far_from_every_role_colour(theme, vision):
    """A word never reads as a role: every token colour against accent, cool, ok and bad under each vision,
    and against ink and muted as seen normally."""
    p = PALETTES[theme]
    close = []
    for t in p.tokens:
        for role in ROLES + (("ink", "muted") if vision == "normal" else ()):
            d = delta_e2000(simulate(t, vision), simulate(getattr(p, role), vision))
            if d < MIN_DE[vision]:
                close.append((t, role, round(d, 1)))
    assert not close, f"{theme}/{vision}: token colours too close to roles: {close}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_token_colours_are_far_from_each_other(theme, vision):
    """Two words of one sentence never merge: every pair of token colours at least 20 apart (CIEDE2000) as
    seen normally and 12 with deuteranopia and protanopia, the categorical bar."""
    d, pair = min_delta_e(PALETTES[theme].tokens, vision)
    assert d >= MIN_DE[vision], (theme, vision, pair, round(d, 1))


def test_the_pairwise_token_check_catches_the_purple_reds():
    """The token colours before these were four dark purples and reds: 14 apart for normal vision and 9
    with protanopia in light."""
    old = ("#2f1947", "#6d0679", "#9d1d4a", "#500324")
    assert min_delta_e(old, "normal")[0] < MIN_DE["normal"]
    assert min_delta_e(old, "protanopia")[0] < MIN_DE["protanopia"]


@pytest.mark.parametrize("theme", THEMES)
def test_token_colours_carry_text(theme):
    p = PALETTES[theme]
    papers = (p.background, "#ffffff") if theme == "light" else (p.background,)
    low = [(t, bg, round(contrast(t, bg), 2)) for t in p.tokens for bg in papers if contrast(t, bg) < TEXT_CONTRAST]
    assert not low


def test_the_chip_check_catches_the_old_dark_chips():
    """The dark chips before: the token's colour itself under paper-coloured text, 4.53:1 on blue."""
    p = PALETTES["dark"]
    assert min(contrast(t, p.background) for t in p.tokens) < 4.6


def test_a_token_keeps_its_hue_across_themes():
    import math

    def hue(c):
        _, a, b = lab(c)
        return math.degrees(math.atan2(b, a)) % 360

    light, dark = PALETTES["light"].tokens, PALETTES["dark"].tokens
    assert len(light) == len(dark)
    for a, b in zip(light, dark):
        shift = abs(hue(a) - hue(b)) % 360
        assert min(shift, 360 - shift) <= MAX_TOKEN_HUE_SHIFT, (a, b, hue(a), hue(b))


def test_the_token_checks_catch_the_old_token_colours():
    """Tokens drawn from the series: "mat" took series[0], ΔE00 1.5 from bad in light; "rug" took series[7],
    plum in light and yellow in dark."""
    import math

    light, dark = PALETTES["light"], PALETTES["dark"]
    old_mat, old_rug_light, old_rug_dark = "#771702", "#572441", "#fdfe26"
    assert delta_e2000(old_mat, light.bad) < MIN_DE["normal"]
    hues = [math.degrees(math.atan2(lab(c)[2], lab(c)[1])) % 360 for c in (old_rug_light, old_rug_dark)]
    assert min(abs(hues[0] - hues[1]), 360 - abs(hues[0] - hues[1])) > MAX_TOKEN_HUE_SHIFT
    assert dark.series[7] == old_rug_dark


@pytest.mark.parametrize("theme", THEMES)
def test_sequential_scale_has_no_hue(theme):
    """A weight or a distance is ink density: no point of the sequential scale reads as `cool` or as the
    diverging scale's blue (the scale before this one ran to #1d3f73, a blue: "weight" and "negative"
    looked alike)."""
    import math

    p = PALETTES[theme]
    for t in range(21):
        c = sequential_color(t / 20, p)
        assert math.hypot(*lab(c)[1:]) < 10, (theme, c)
        for vision in VISIONS:
            for role in (p.cool, p.negative):
                assert delta_e2000(simulate(c, vision), simulate(role, vision)) >= 12, (theme, vision, c, role)
    assert math.hypot(*lab("#1d3f73")[1:]) > 10  # the old high end fails the first check


MIN_NEUTRAL_CONTRAST = 3.0  # WCAG 2.1 §1.4.11: a graphical mark against its background


def _far(theme, colour, others, vision):
    """The others (name, colour) closer than MIN_DE[vision] to `colour`, as seen with `vision`."""
    seen = simulate(colour, vision)
    return [(name, c, round(delta_e2000(seen, simulate(c, vision)), 1)) for name, c in others
            if delta_e2000(seen, simulate(c, vision)) < MIN_DE[vision]]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_diverging_ends_are_far_from_every_role_colour(theme, vision):
    """A signed value never reads as a role: each end of the diverging scale against accent, cool, ok, bad,
    ink and muted (the scale before this one used #2166ac ≈ cool and #b2182b ≈ bad)."""
    p = PALETTES[theme]
    roles = [(r, getattr(p, r)) for r in ROLES + ("ink", "muted")]
    close = [(end, _far(theme, getattr(p, end), roles, vision)) for end in ("negative", "positive")]
    assert not [c for c in close if c[1]], f"{theme}/{vision}: {close}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
def test_diverging_ends_are_far_from_every_token_colour(theme, vision):
    p = PALETTES[theme]
    tokens = [(f"tokens[{k}]", c) for k, c in enumerate(p.tokens)]
    close = [(end, _far(theme, getattr(p, end), tokens, vision)) for end in ("negative", "positive")]
    assert not [c for c in close if c[1]], f"{theme}/{vision}: {close}"


def test_old_diverging_ends_read_as_roles():
    light = PALETTES["light"]
    assert delta_e2000("#2166ac", light.cool) < MIN_DE["normal"]
    assert delta_e2000("#b2182b", light.bad) < MIN_DE["normal"]


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS + ("greyscale",))
def test_diverging_lightness_is_monotone_from_the_zero(theme, vision):
    """Lightness moves one way from the zero to each end (21 steps, > 0.5 L* each), as seen with each vision
    and in greyscale (L* ignores hue), so the size of a value survives print."""
    p = PALETTES[theme]
    v = "normal" if vision == "greyscale" else vision
    for end in (-1, 1):
        ls = [lab(simulate(diverging_color(end * k / 20, p), v))[0] for k in range(21)]
        sign = 1 if ls[-1] > ls[0] else -1
        assert all(sign * (b - a) > 0.5 for a, b in zip(ls, ls[1:])), (theme, vision, end, ls)


@pytest.mark.parametrize("theme", THEMES)
def test_diverging_zero_is_visible(theme):
    """The zero against the background: ≥ 3:1 in dark (the zero before, #3a362e, had 1.63:1 and near-zero
    cells read as gaps), and apart from the panel colour."""
    p = PALETTES[theme]
    if theme == "dark":
        assert contrast(p.neutral, p.background) >= MIN_NEUTRAL_CONTRAST
        assert contrast("#3a362e", p.background) < MIN_NEUTRAL_CONTRAST
    assert delta_e2000(p.neutral, p.panel) >= MIN_DE_NEUTRAL


SERIES_ROLE_GAPS = {  # the smallest ΔE00 between a series colour and a role colour, as measured now
    ("light", "normal"): 4.0, ("dark", "normal"): 8.1}  # light: series 0 against `bad` (1.0 against the brick red
# #7e1600 before, 4.0 against the darker red #651b00); dark: series 0 against `bad` (was 3.0 against the old green
# `ok` #52d88f, now a teal)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.xfail(strict=True, reason="series 0 sits near `bad` and series 1 beside `accent` (light ΔE00 4 and 10). "
                   "For the series to keep the bar from the roles, ink, the four roles and the eight series (13 text "
                   "colours) would keep 20/12/12 from one another; bench/palette_search.py (a packing search over a "
                   "1/24 sRGB grid, every colour reaching 4.5:1) finds at most 11 such colours in light, ink "
                   "included, and in dark 7 that can join ink and the roles as they are, where 8 are needed. So a "
                   "series shares hues with the roles and the two never meet in one figure "
                   "(tests/test_figure_colour_roles.py)")
def test_series_colours_are_far_from_every_role_colour(theme, vision):
    """A series member never reads as a role: every series colour against accent, cool, ok and bad under
    each vision (≥ 20 normal, ≥ 12 deuteranopia and protanopia)."""
    p = PALETTES[theme]
    close = [(c, role, round(d, 1)) for c in p.series for role in ("accent", "cool", "ok", "bad")
             if (d := delta_e2000(simulate(c, vision), simulate(getattr(p, role), vision))) < MIN_DE[vision]]
    assert not close, f"{theme}/{vision}: series colours too close to roles: {close}"


@pytest.mark.parametrize("theme", THEMES)
def test_series_role_gaps_are_measured(theme):
    """The gap the xfail above names, measured: the nearest series/role pair as seen normally."""
    p = PALETTES[theme]
    d = min(delta_e2000(c, getattr(p, r)) for c in p.series for r in ("accent", "cool", "ok", "bad"))
    assert d == pytest.approx(SERIES_ROLE_GAPS[(theme, "normal")], abs=1.0)


def _token_role_gaps(theme, fields):
    """(token, role, vision, ΔE00) for every token colour nearer than the categorical bar to a role colour."""
    p = PALETTES[theme]
    named = []
    for f in fields:
        value = getattr(p, f)
        named += [(f"{f}[{k}]", c) for k, c in enumerate(value)] if isinstance(value, tuple) else [(f, value)]
    close = []
    for k, t in enumerate(p.tokens):
        for role, c in named:
            for vision in VISIONS:
                d = delta_e2000(simulate(t, vision), simulate(c, vision))
                if d < MIN_DE[vision]:
                    close.append((f"tokens[{k}]", role, vision, round(d, 1)))
    return close


@pytest.mark.parametrize("theme", THEMES)
def test_no_token_colour_is_within_the_bar_of_a_colour_with_a_meaning(theme):
    """One meaning per colour: no token colour within the categorical bar (20 normal, 12 deuteranopia and
    protanopia) of accent, cool, ok, bad or either end of the signed scale, in both themes."""
    assert not _token_role_gaps(theme, ("accent", "cool", "ok", "bad", "negative", "positive"))


def test_tokens_and_series_never_meet_in_a_figure():
    """Tokens sit near series colours (below), so no figure draws both."""
    from studio import catalogue

    for name in catalogue.names():
        entry = catalogue.get(name)
        if entry.kind == "figure":
            roles = set(entry.load().COLOUR_ROLES)
            assert not {"tokens", "series"} <= roles, name


@pytest.mark.xfail(strict=True, reason="dark tokens[1] #1e8a72 is ΔE00 2.4 from dark series[3] #0e8b79 (and 8.5 from "
                   "the signed scale's zero with deuteranopia); light tokens[1..3] sit 9-11 from series[2], [7], [4]. "
                   "Ink, four token colours and eight series (13 text colours) would keep 20/12/12 from one another, "
                   "and bench/palette_search.py finds at most 11 such colours reaching 4.5:1 in light, ink included; "
                   "so tokens and series never meet in a figure (test_tokens_and_series_never_meet_in_a_figure)")
@pytest.mark.parametrize("theme", THEMES)
def test_no_token_colour_is_within_the_bar_of_a_series_colour(theme):
    assert not _token_role_gaps(theme, ("series", "neutral"))


@pytest.mark.xfail(strict=True, reason="scenes only (figures draw no token hue: test_a_token_chip_in_a_figure_has_no_hue_and_reads): "
                   "at the bars above no four token hues clear the roles: a search over a 1/24 "
                   "sRGB grid (contrast 4.5:1, chroma 30, 20/12/12 from accent, cool, ok, bad, the signed ends, ink "
                   "and muted) leaves light only hues 280-20° (blue-violet to rose, between cool, the negative purple "
                   "and bad), and the best four (hill-climbing, token k's hue kept across themes) stay 6° from one")
@pytest.mark.parametrize("theme", THEMES)
def test_token_hues_are_apart_from_every_meaning_hue(theme):
    """A word's hue family is none a meaning has (blue cool, purple below zero, red bad): 15° of CIELAB hue."""
    import math
    p, hue = PALETTES[theme], lambda c: math.degrees(math.atan2(lab(c)[2], lab(c)[1])) % 360
    gaps = [min(abs(hue(t) - hue(getattr(p, r))) % 360, 360 - abs(hue(t) - hue(getattr(p, r))) % 360)
            for t in p.tokens for r in ROLES + ("negative", "positive")]
    assert min(gaps) >= 15, (theme, round(min(gaps), 1))
