"""prenorm_block's way from the three-deep stacks to the 24-block chart (scenes.prenorm.depth → scenes.prenorm.curve):
no cut. The stacks' blocks shrink and travel down into a row of small blocks standing on the chart's x axis, block k
over x = k (both variants' block k onto the same place: the chart draws both lines over one row of blocks); the rest
of the stacks and the block diagram fade while the axis comes. Then the row runs on to block N, block 1 in ink (the
lesson's weights), blocks 2 … N muted (the chart's stack gives them their own weights), as the cue says so; the x
axis' numbers come with them. Last the row sinks into the axis and the y axis, its ticks and its name come."""
from __future__ import annotations

from manim import Transform, VGroup, RoundedRectangle

from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut
from scenes.prenorm.steps import window

CHIP_H = 0.3  # a block in the row: this high, 0.7 of the step between two blocks wide
CHIP_GAP = 0.06  # its foot above the x axis


def chip_row(scene, plot, n: int, lo: int) -> VGroup:
    """N small blocks standing on the x axis, block k centred over x = k (block 1 in ink, the rest muted)."""
    pal = scene.pal
    step = plot.c2p(1, lo)[0] - plot.c2p(0, lo)[0]
    chips = VGroup()
    for k in range(1, n + 1):
        x, y = plot.c2p(k, lo)[:2]
        chip = RoundedRectangle(width=0.7 * step, height=CHIP_H, corner_radius=0.05, stroke_width=2.5,
                                color=pal.ink if k == 1 else pal.muted)
        chip.set_fill(pal.background, opacity=1.0).move_to([x, y + CHIP_GAP + CHIP_H / 2, 0])
        chips.add(chip)
    return chips


def stacks_into_chart(scene, plot, n: int, lo: int, gone: list, title: list) -> None:
    """The morph (module docstring): `gone` the mobjects that leave (the stacks among them: their blocks are taken out
    and travel), `title` the new title's animations. The stacks are scene.depth_cols (Post-LN's, Pre-LN's)."""
    chips = chip_row(scene, plot, n, lo)
    cols = getattr(scene, "depth_cols", ())
    ghosts, targets = [], []
    for col in cols:
        for k, block in enumerate(col.blocks[:n]):
            col.remove(block)  # taken out of its column and off the screen: the copy travels, the column's other parts fade
            scene.remove(block)
            ghost = block.copy()
            target = block.copy().scale(min(chips[k].width / block.width, chips[k].height / block.height))
            target.move_to(chips[k]).set_opacity(0.15)
            ghosts.append(ghost)
            targets.append(target)
    came = len(cols[0].blocks) if cols else 0  # the blocks already on screen land as the first chips
    axis, ticks, yticks, xname, yname = plot
    scene.add(*ghosts)
    scene.play(*(QuickFadeOut(m, rate_func=window(0.0, 0.45)) for m in gone),
               *(Transform(g, t, remover=True) for g, t in zip(ghosts, targets)),
               *(QuickFadeIn(c, rate_func=window(0.8, 1.0)) for c in chips[:came]),
               QuickFadeIn(axis[0], rate_func=window(0.35, 0.9)), *title, run_time=2.2)
    scene.remove(*gone)
    rest = list(chips[came:])
    scene.play(*(QuickFadeIn(c, rate_func=window(0.8 * i / max(1, len(rest)), min(1.0, 0.8 * i / max(1, len(rest)) + 0.25)))
                 for i, c in enumerate(rest)),
               QuickFadeIn(ticks, rate_func=window(0.3, 1.0)), QuickFadeIn(xname, rate_func=window(0.6, 1.0)), run_time=2.0)
    scene.play(*(c.animate.stretch_to_fit_height(0.01).set_y(axis[0].get_y()).set_opacity(0) for c in chips),
               QuickFadeIn(axis[1], rate_func=window(0.2, 1.0)), QuickFadeIn(yticks, rate_func=window(0.3, 1.0)),
               QuickFadeIn(yname, rate_func=window(0.5, 1.0)), run_time=1.0)
    scene.remove(*chips, *axis, ticks, yticks, xname, yname)
    scene.add(plot)  # the chart's frame as one piece from here (the recap's panel)
