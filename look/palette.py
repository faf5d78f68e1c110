"""Colours shared by videos and figures: one palette per theme, a diverging and a sequential scale.

Base colours from seed 004's page (its CSS custom properties): light is paper-like, dark is for dim
rooms. Colours that carry text were darkened (light) or lightened (dark) to a WCAG contrast of at
least 4.5:1 against the background (and against white paper, for print); the categorical colours
and the series were then chosen so that every pair stays at least 20 apart (CIEDE2000) for normal
vision and at least 12 apart as seen with deuteranopia and protanopia (a max-min search over the
colours that reach the contrast, with a chroma of at least 25 for the series so none reads as grey).
Series k has the same hue family in both themes (0 red, next to `bad`, so never a part of a model; 1 ochre/orange;
2 green; 3 teal; 4 blue; 5 violet; 6 rose/pink) except 7 (plum in light, yellow in dark). gelu_relu and
gelu_relu_dying draw no series and no meaning hue: their ReLU is grey (`muted`) and GELU ink, dashed (COMPARED, below). tests/test_palette.py computes these
figures (contrast ratios, smallest ΔE under each simulation) against the thresholds stated there.

One meaning per colour, the same in every figure, scene and theme:

| colour     | light   | dark    | means                                                           |
|------------|---------|---------|-----------------------------------------------------------------|
| ink        | #1c1810 | #ede6d6 | text, axes, annotations: neutral, never a data line or path     |
| muted      | #6b6456 | #9a917f | secondary text, grid lines, reference marks                     |
| accent     | #985800 | #e0a63a | the runs with LayerNorm (LAYERNORM_ROLE), in every figure       |
|            |         |         | (scenes: the one thing to look at)                              |
| cool       | #3a5fc0 | #4ca3ff | content E, a token's embedding; nothing else in the figures     |
|            |         |         | (no output head, no route, no highlight), never a run of a gain |
| ok         | #0c6a73 | #80c0bc | allowed, correct, what works; a position encoding (PE)          |
| bad        | #651b00 | #c56544 | wrong, forbidden, what fails (lost order, P_p = p), never a run |
|            |         |         | of a gain (attention_cost's score tables are a sequential grey) |
| grows      | #781848 | #f00096 | a run of a gain s > 1, whose size grows (GROWS_ROLE): wine in   |
|            |         |         | light, magenta in dark, in every figure that draws one          |
| shrinks    | #480090 | #8780af | a run of a gain s ≤ 1, whose size (or median) falls             |
|            |         |         | (SHRINKS_ROLE): a deep indigo in light, a lavender in dark     |
| series[k]  |         |         | member k of a family of like things (hand k, head k, curve k)   |
| tokens[k]  |         |         | a word in a scene, by its text (look.tokens): blue, green, crimson, purple; |
|            |         |         | in a figure no hue: its word on a panel chip outlined with its dash (look.tokens.token_dash) |
| diverging  | #b070f0 | #d7c7ff | a signed value: this purple below zero, green (#52b848, #9fd78f) above |
| sequential | #2b261c | #ece5d5 | a non-negative amount (weight, distance): paper to ink, no hue  |

MEANINGS (below) is the meaning → colour map of the figures as data: content E `cool`, a position encoding `ok`,
the counting position `bad`, LayerNorm's run `accent`, the runs of a gain `grows` and `shrinks`, stored activations
`stored`; the rest is drawn without a hue: the output head a cross hatch on the paper edged in ink (OUTPUT_HATCH),
attention_cost's T² score tables a dark grey of the sequential scale with squares (SCORE_TONE), a highlight (the
x₁ route of rnn_vs_attention, a marked cell) ink at a heavier stroke (HIGHLIGHT_LW). Each figure names the
meanings it draws (its MEANINGS) and tests/test_figure_one_meaning.py fails when a hue carries two across the set.

In the figures that draw a position (rnn_vs_attention, seq_number_*, naive_position_fig, pe_*,
attention_cost, param_count) the roles read: content E is `cool`; a position encoding, whatever its
form (the sinusoidal fingerprint PE and its curves Σᵢcos(k/Dᵢ), a T × d position table, GPT-2's learned
position embedding), is `ok` (what works) in every figure that draws one, so beside content it differs in
hue for deuteranopes too; the counting position P_p = [p, …, p] (and the position number p appended to
a vector) and its own terms are `bad` (what fails) in every figure, naive_position_fig's p·q·d included, so
teal (`ok`) has one meaning: what works, of which the position encodings are the set's example. `accent` never means a position: it is the one
thing to look at. Ink is neutral: text, axes and
annotations, never a data line, so black has no data meaning anywhere in the set (tests/test_figure_ink_neutral.py). A family of
runs is told apart by dash, width or marker within its colour (the starts p by figures.parts_marks.START_MARKERS, one
shape per start in every figure); the runs of a gain s: `shrinks` for s ≤ 1 (SHRINKS_ROLE), `grows` for s > 1 (GROWS_ROLE),
`accent` with LayerNorm (LAYERNORM_ROLE), each meaning with its own dash (LINE_STYLES) and marker (LINE_MARKERS).
Those two have hues of their own, so that `cool` (content) and `bad` (what fails) keep
one meaning each across the set. They came from a search over the sRGB grid for a pair that reaches 4.5:1 (on white
too, in light) and keeps 20 / 12 / 12 (normal, deuteranopia, protanopia) from ink, muted, the four roles, the signed
ends and each other: in light a deep indigo and a wine, on an ordered lightness ramp (L* 12.0, 27.1, and `accent`
43.7), so in a greyscale print the three runs read in order by grey alone (s < 1 darkest, s > 1 mid-grey, LayerNorm
lightest, each pair 15 or more apart), besides their dash (dashed, dotted, solid) and marker (▼, ▲, ●). The indigo
came from a max-min search (the bars above, ink included) over a 1/48 sRGB grid, among the colours of its hue family
at least 15 L* below the wine; the old #480090 (L* 21.5) sat 5.6 from the wine and read as its twin in greyscale. Each meaning keeps its hue family in both themes (dark is the same hue, lighter: CIELAB hue within
HUE_FAMILY_DEGREES, tests/test_palette_meanings.py): `shrinks` a greyed lavender (#8780af, L* 56) in dark, `ok` a
greyed teal (#80c0bc), `stored` a pale green (#a7ff97); found by a max-min search over the sRGB grid against the bars
above within that hue window. In light, `bad` is a dark red (#651b00, L* 22.1: the brick red #7e1600 before was 14 from `accent`
with deuteranopia, so the score table and LayerNorm's run read as one brown; now 18.4, and 21.6 L* darker; a search over a 1/48 sRGB grid
for the red farthest from `accent` and `grows` with deuteranopia, every bar above kept). `bad` against `accent` and
against `grows` (19.6) cannot reach ΔE00 30 for deuteranopes by colour: every red that reads at 4.5:1 lies at L* ≤ 44, where
deuteranopia leaves a brown, and the best such red stays 19 from both (search over a 1/32 sRGB grid). They never
meet in one figure, and `grows` (dotted, ▲) parts from the score table (solid, ■) and LayerNorm (solid, ●) by line
style and marker (tests/test_palette_meanings.py). A
`cool`/`ok` pair drawn side by side also differs by dots or dash (their greyscale lightness is close).

The diverging scale uses hues no role uses (purple below zero, green to yellow-green above), each end
at least 20 CIEDE2000 (normal vision) and 12 (deuteranopia, protanopia) from every role colour, so a
signed value never reads as `cool` or `bad`, and as far from every token colour. The dark ends are light but calm (chroma 30-45: a
soft green and a lavender, where the lime #d8f200 and pink #ffc4ff before glared on dark paper), so a number on a
cell takes figures.common.ink_on, not ink. Its zero is white in light and a grey of 3.2:1 contrast
with the dark background, so a near-zero cell never reads as a gap; lightness changes monotonically
from the zero to each end. The sequential scale has no hue (paper to ink), so an attention weight
never reads as `cool` or as a signed value. ROLES below is this table as data: every figure module
names the roles it draws (COLOUR_ROLES) and tests/test_figure_colour_roles.py checks that each colour
a figure draws is one of them, and that `series` (a family of like things, each member labelled) and
the categorical roles (accent, cool, ok, bad) never meet in one figure: the series colours sit close
to the role colours (series 0 near `bad`, 1 near `accent`), so a figure uses one system or the other.
They cannot all be kept apart: bench/palette_search.py, a packing search over the colours that reach
4.5:1, finds at most 11 text colours (light) and 13 (dark), ink included, that keep the bar from one
another, where ink, four roles, four tokens and eight series would be 17.

The token colours are a set of their own: four hue families (blue, green, crimson, purple), each pair
at least 20 CIEDE2000 apart (normal vision) and 12 (deuteranopia, protanopia), so two words of one
sentence never merge; each as far from accent, cool, ok, bad and the diverging ends, and 20 from ink
and muted, so a word never reads as a role or a signed value; token k keeps its hue family in both
themes (at most 20° of CIELAB hue apart). They came from a max-min search over the colours that reach
4.5:1 on the paper (and white paper, light) with a chroma of at least 30; every bar is met, none by
much (the nearest pairs sit at 20.0 and 12.0), which is as far as four text colours beside the four
roles can get. What they do not reach is a hue family of their own: at those bars the colours left in light
lie between blue-violet and rose (hues 280-20°, where cool, the negative purple and bad sit), so a
token's hue stays within 6-10° of a meaning's hue (a strict xfail in tests/test_palette.py); a token is
named by its text beside every mark. Scenes colour words from this set, never from the series
(series 0 sits on `bad`). Figures draw none of these hues (look.tokens: a word is its printed text on a
neutral chip outlined with the token's dash pattern), so across the set of figures a hue has one meaning.
"""
from __future__ import annotations

from dataclasses import dataclass

THEMES = ("light", "dark")
BACKGROUNDS = ("theme", "white")  # a light figure on its paper colour, or on white paper (print)
FIGURE_BACKGROUND = "white"  # what `render` gives a light figure unless told: white paper, so it prints
# without a tinted box; scenes, pages and decks keep the theme's paper (Look's own default)


@dataclass(frozen=True)
class Palette:
    background: str
    ink: str  # main text and lines
    muted: str  # secondary text, grid lines
    panel: str  # boxes behind groups
    accent: str  # the one thing to look at
    cool: str  # second series
    ok: str
    bad: str
    negative: str  # diverging scale, -1
    positive: str  # diverging scale, +1
    neutral: str  # diverging scale, 0 (distinct from the background: a zero cell stays visible)
    series: tuple  # distinct colours for several series (hands, heads, curves)
    sequential: tuple = ()  # stops of the scale for non-negative quantities, low → high
    tokens: tuple = ()  # a token's colour (look.tokens): a set of its own, far from every role colour
    grows: str = ""  # a run of a gain s > 1 (GROWS_ROLE): its own hue, never `bad`'s nor the score table's
    shrinks: str = ""  # a run of a gain s ≤ 1 (SHRINKS_ROLE): its own hue, never `cool`'s (content)
    stored: str = ""  # activations stored, T × d_model (STORED_ROLE, attention_cost): a hue no other figure of the set
    # uses, lighter than the score table's `bad` (L* 56 against 27 on light paper, 97 against 54 on dark)

    def categorical(self) -> tuple:
        """The colours that tell things apart by hue: they must stay apart for every reader."""
        return (self.accent, self.cool, self.ok, self.bad, self.grows, self.shrinks)

    def text_colours(self) -> dict:
        """Every colour that may carry text, by field name (series entries as series[k])."""
        out = {"ink": self.ink, "muted": self.muted, "accent": self.accent, "cool": self.cool,
               "ok": self.ok, "bad": self.bad, "grows": self.grows, "shrinks": self.shrinks}
        out.update({f"series[{k}]": c for k, c in enumerate(self.series)})
        return out


PALETTES = {
    "light": Palette(
        background="#ece9e2",
        ink="#1c1810",
        muted="#6b6456",
        panel="#e0dbd0",
        accent="#985800",
        cool="#3a5fc0",
        ok="#0c6a73",
        bad="#651b00",
        negative="#b070f0",
        positive="#52b848",
        neutral="#ffffff",
        series=("#771702", "#866404", "#235938", "#03607d", "#070654", "#7d4bc8", "#b73656", "#572441"),
        sequential=("#ffffff", "#a8a294", "#2b261c"),
        tokens=("#0000d2", "#18784e", "#780036", "#36184e"),
        grows="#781848",
        shrinks="#00007a",
        stored="#269956",
    ),
    "dark": Palette(
        background="#0e0c07",
        ink="#ede6d6",
        muted="#9a917f",
        panel="#1f1b12",
        accent="#e0a63a",
        cool="#4ca3ff",
        ok="#80c0bc",
        bad="#c56544",
        negative="#d7c7ff",
        positive="#9fd78f",
        neutral="#66615a",
        series=("#d6493c", "#fa9403", "#1bd487", "#0e8b79", "#80c0f9", "#a266d4", "#d297ae", "#fdfe26"),
        sequential=("#3a362e", "#827c70", "#ece5d5"),
        tokens=("#6666fc", "#1e8a72", "#f62a7e", "#ae7eb4"),
        grows="#f00096",
        shrinks="#8780af",
        stored="#a7ff97",
    ),
}


ROLES = {
    "ink": "text, axes, annotations: neutral, never a data line",
    "muted": "secondary text, grid lines, reference marks",
    "panel": "boxes behind groups",
    "background": "the paper (masked cells, knock-out text)",
    "accent": "the one thing to look at in a scene (never a position); in the figures, the runs with LayerNorm "
              "(LAYERNORM_ROLE) alone",
    "cool": "content E, a token's embedding (in the figures nothing else: MEANINGS)",
    "ok": "allowed, correct, what works; a position encoding (PE, a position table or embedding)",
    "bad": "wrong, forbidden, what fails; the counting position P_p = [p, …, p]",
    "grows": "a run of a gain s > 1, whose size grows with depth (GROWS_ROLE): signal_decay_fig, loss_curves",
    "shrinks": "a run of a gain s ≤ 1, whose size shrinks or whose median falls (SHRINKS_ROLE): signal_decay_fig, "
               "signal_decay_draws, loss_curves",
    "stored": "activations stored, T × d_model (STORED_ROLE): attention_cost's line against the score tables",
    "series": "member k of a family of like things, each with a direct label",
    "tokens": "a word, by its text (look.tokens); figures draw it without hue, on a chip with its dash",
    "diverging": "a signed value",
    "sequential": "a non-negative amount",
}
CATEGORICAL_ROLES = ("accent", "cool", "ok", "bad", "grows", "shrinks")
# The meaning → colour map of the set of figures, written once: what a drawn thing means (the key) and the role of
# ROLES that draws it (the value). Each figure module names the meanings it draws (its MEANINGS, a subset of these
# keys), and tests/test_figure_one_meaning.py fails when a hue role carries two meanings across the set (or a figure
# draws a hue role for no meaning it names). A hue (HUE_MEANINGS) means one thing in every figure; the neutral roles
# (ink, muted, the sequential greys) carry several things, each told by a second channel (width, hatch, marker, label).
MEANINGS = {
    "content": "cool",  # content E, a token's embedding (naive_position_fig, pe_combine, param_count's token embedding)
    "position_encoding": "ok",  # PE, a T × d position table, a learned position embedding: what works
    "counting_position": "bad",  # the counting position P_p = [p, …, p], the number p appended: what fails
    "layernorm": "accent",  # a run with LayerNorm (LAYERNORM_ROLE)
    "grows": "grows",  # a run of a gain s > 1 (GROWS_ROLE)
    "shrinks": "shrinks",  # a run of a gain s ≤ 1 (SHRINKS_ROLE)
    "stored": "stored",  # attention_cost's activations stored, T × d_model (STORED_ROLE)
    "score_table": "sequential",  # attention_cost's T² score tables: an amount, a grey of the scale (SCORE_TONE), squares
    "output": "muted",  # the output head (param_count, param_count_sizes): no hue, a cross hatch (OUTPUT_HATCH) and its name
    "highlight": "ink",  # the one thing to look at that is no quantity (rnn_vs_attention's x₁ route and its ends): ink at
    # HIGHLIGHT_LW, never a hue
    "amount": "sequential",  # a non-negative amount: weights, distances, counts
    "signed": "diverging",  # a signed value
}
HUE_MEANINGS = ("content", "position_encoding", "counting_position", "layernorm", "grows", "shrinks", "stored")
HIGHLIGHT_LW = 2.2  # a highlight's stroke (pt): heavier than the 1 pt of the plain marks around it
OUTPUT_HATCH = "xxx"  # the output head's pattern on the paper, edged in ink: read without a hue
SCORE_TONE = {"light": 0.85, "dark": 0.75}  # attention_cost's score tables on the sequential scale: a dark grey on light
# paper (L* 32, stored's green 56), a light grey on dark (L* 72, stored's 93), 20 L* or more from `stored` either way
LAYERNORM_ROLE = "accent"  # the colour of a run with LayerNorm wherever one is drawn (signal_decay_fig, loss_curves):
# the fix those figures teach, so the one thing to look at; never `ok` (a position encoding) nor `ink` (a plain run)
# One dash per meaning for the runs of a gain s (signal_decay_fig, signal_decay_draws, loss_curves): a run whose
# size shrinks (s < 1, loss_curves' stuck s = 0.3) dashed, s = 1 dash-dot, one that grows (s > 1, the run that
# diverges) dotted, a run with LayerNorm solid; the figures read their dashes from here, so one meaning is drawn
# with one pattern in all of them.
LINE_STYLES = {"shrinks": (0, (4, 1.5)), "keeps": (0, (5, 1.5, 1, 1.5)), "grows": (0, (1, 1.3)), "layernorm": "-",
               "hypothetical": (0, (7, 4))}
# "hypothetical": long dashes with wide gaps, a count past the lengths the model takes (attention_cost: GPT-2 small's
# lines beyond its 1,024 tokens), named in a key; never a run.
LINE_MARKERS = {"shrinks": "v", "keeps": "D", "grows": "^", "layernorm": "o"}  # a run's marker where its points are
# drawn (loss_curves): a size that shrinks points down, one that grows up, LayerNorm's a circle, so the diverging run
# (`bad`) and LayerNorm's (`accent`), red and orange, differ without colour by their dash and their marker too
GROWS_ROLE = "grows"  # the colour of a run whose size grows (s > 1, dotted: it explodes) wherever one is drawn
# (signal_decay_fig's s > 1, loss_curves' diverging s = 3.0): what fails, one colour for one meaning in both figures
# Those dashes mean that and nothing else in the figures of runs, counts and costs (signal_decay_fig,
# signal_decay_draws, loss_curves, attention_cost, gelu_relu_dying): every other drawn quantity there is solid (a
# count over the lengths a model takes, a run with LayerNorm), and a guide (a vertical at a marked value: attention_cost's marked lengths,
# gelu_relu_dying's drift) is a thin solid line in `muted`, told from the data by its width and colour, never a dash.
STORED_ROLE = "stored"  # attention_cost's activations stored, T × d_model: never `ok` (GELU's), nor a red or plum
COMPARED = {"relu": "muted", "gelu": "ink"}  # gelu_relu and gelu_relu_dying's two functions, by role: see meaning_colours


def meaning_colours(palette: "Palette", roles) -> dict:
    """One colour per meaning across the set of figures (attention_cost, gelu_relu_dying, rnn_vs_attention,
loss_curves, signal_decay_fig, and every other figure that draws a role).

1. A meaning hue is a palette role (ROLES): it keeps its one meaning in every figure that draws it. `accent` is
   LayerNorm's run or the one thing to look at, `cool` content E, `ok` what works (a position table,
   one layer's kept numbers, GELU's gradient that stays alive), `bad` what fails (a lost order, P_p = p),
   `grows` and `shrinks` the runs of a gain s > 1 and s ≤ 1. No figure draws a hue outside the roles for a meaning of
   its own (tests/test_figure_colour_roles.py).
2. Two curves that only need telling apart, with no meaning of their own (ReLU and GELU), take no hue at all:
   the reference grey (`muted`) and the function the figure is about in ink (COMPARED: ReLU grey, GELU ink), and
   differ by a second channel too: width and dash (ReLU thick and solid, GELU thin, dashed on the curves) and a
   direct label on each; never a hue that means something elsewhere (the old GELU teal was the position encoding's
   `ok`, the old ReLU blue sat ΔE00 5 from `cool`). Ink draws data nowhere else (tests/test_figure_ink_neutral.py).
3. Any two colours of distinct meanings drawn in the set keep ΔE00 ≥ MEANING_FLOOR apart in both themes, for
   normal vision and as seen with deuteranopia (tests/test_palette_meanings.py).

    Returns {role: colour} for the `roles` a figure draws that carry a meaning (the paper and the panel carry none)."""
    return {r: getattr(palette, r) for r in roles if r not in ("background", "panel") and isinstance(getattr(palette, r, None), str)}


MEANING_FLOOR = {"normal": 20.0, "deuteranopia": 12.0}  # the bars the categorical roles were searched for (above)
HUE_FAMILY_DEGREES = 20.0  # a meaning's CIELAB hue in dark within this of its hue in light (dark: the same hue, lighter)
STYLE_FLOOR = 30.0  # two meaning colours nearer than this (ΔE00, normal or deuteranopia) part by line style or marker
GUIDE = {"lw": 0.8, "ls": "-", "role": "muted"}

SHRINKS_ROLE = "shrinks"  # the colour of a run whose size shrinks (s < 1; s = 1, whose median still falls) wherever one is
# drawn (signal_decay_fig, signal_decay_draws, loss_curves' stuck s = 0.3): compared with LayerNorm's accent, dashed


def lightness(hex_color: str) -> float:
    """CIELAB L* (D65) of an sRGB colour: what a greyscale print keeps of it."""
    from look.colour import lab

    return float(lab(hex_color)[0])


def on_white(p: Palette) -> Palette:
    """The light palette for print on white paper: no paper-coloured box behind the figure, panels a
    faint grey, and the scales' zero a light grey so that a zero cell still shows on white."""
    from dataclasses import replace

    return replace(p, background="#ffffff", panel="#f2f1ee", neutral="#e6e3dc",
                   sequential=("#eeebe4",) + tuple(p.sequential[1:]))


def _rgb(hex_color: str) -> tuple[float, float, float]:
    h = hex_color.lstrip("#")
    return tuple(int(h[k : k + 2], 16) / 255 for k in (0, 2, 4))


def _mix(stops: tuple, t: float) -> str:
    """The colour at t in [0, 1] along evenly spaced stops, linear in RGB."""
    t = max(0.0, min(1.0, t)) * (len(stops) - 1)
    k = min(int(t), len(stops) - 2)
    ca, cb = _rgb(stops[k]), _rgb(stops[k + 1])
    mix = [x + (y - x) * (t - k) for x, y in zip(ca, cb)]
    return "#" + "".join(f"{round(c * 255):02x}" for c in mix)


def diverging_color(value: float, palette: Palette, vmax: float = 1.0) -> str:
    """Colour of `value` on the fixed symmetric scale [-vmax, +vmax]: negative, neutral, positive.

    Linear in RGB, the same interpolation matplotlib's LinearSegmentedColormap uses, so a video
    frame and a printed figure colour the same number alike.
    """
    t = max(-1.0, min(1.0, value / vmax))
    return _mix((palette.negative, palette.neutral, palette.positive), (t + 1) / 2)


def sequential_color(value: float, palette: Palette, vmax: float = 1.0) -> str:
    """Colour of a non-negative `value` on the fixed scale [0, vmax] (weights, distances, counts)."""
    return _mix(palette.sequential, value / vmax)


CHIP_CONTRAST = 6.0  # a word on its token chip in a figure (figures.parts_toy_text.chip_style: ink on the panel
# colour): WCAG 4.5:1 is the floor; the margin keeps the small, anti-aliased letters above it as rendered
