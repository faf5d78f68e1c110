"""The two variants' colours in prenorm_block, the same in every section that draws them (why_rows, depth, postln):
Pre-LN in `accent` (look.palette.LAYERNORM_ROLE: the fix the scene teaches), Post-LN in series 3 (teal), a colour no
other thing in the scene carries (P is `cool`, a ReLU zero `bad`, the heads series 2 and 6)."""


def pre_color(pal) -> str:
    return pal.accent


def post_color(pal) -> str:
    return pal.series[3]
