"""The two variants' colours in prenorm_block, the same in every section that draws them (why_rows, depth, postln):
Pre-LN in `accent` (look.palette.LAYERNORM_ROLE: the fix the scene teaches), Post-LN in series 3 (teal), a colour no
other thing in the scene carries (P is `cool`, a ReLU zero `bad`, the heads series 2 and 6). Its labels are small and
thin, so the teal is mixed toward the ink until it stands 6:1 on the background (the dark theme's #0e8b79 is 4.6:1 and
renders fainter still); the light theme's stays as it is."""

from look.colour import legible


def pre_color(pal) -> str:
    return pal.accent


def post_color(pal) -> str:
    return legible(pal.series[3], pal.background, pal.ink, 6.0)


def token_colors(pal) -> tuple:
    """Token a, b, c, d: series 4 and 5 (light: navy and a lighter violet; dark: sky blue and violet),
    far apart in lightness as well as hue, so they stay apart from the back row; neither is a head's."""
    return (pal.series[4], pal.series[5], pal.series[1], pal.series[3])
