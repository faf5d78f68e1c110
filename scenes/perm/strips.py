"""Each word's attention output drawn as itself (scenes/permutation.py; seed 002 §01 图 2): a strip
of d bars under its token, one bar per number of the output (the record's out_a, out_b, out_pe_a,
out_pe_b), on the output row's zero line and at one scale per example (scenes.parts.bars.BarRow).

A strip is one mobject in its token's column, so it travels with the word when the order changes:
"the outputs are only permuted" is the same bars arriving at another place. What is computed afresh
is drawn over them in the neutral ink, as outlines: full-width where it must coincide with what
travelled, narrower over the carried strips, faded to ghosts, where it differs (positions added);
there each word's largest change is framed on its strip. Colour keeps one meaning: a word's colour
is that word, never "computed afresh".
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, RIGHT, FadeIn, FadeOut, Rectangle, VGroup

from scenes.parts.bars import BarRow
from scenes.perm.layout import Y_OUT

STRIP_SHARE = 0.92  # of the output cross's width: a strip's width
BAR_SHARE = 0.7  # of a bar's slot: its width
FRESH_SHARE = 0.42  # of a bar's slot: a fresh filled bar's width, inside the carried outline with a gap each side
GHOST = 0.4  # fill opacity of a carried strip once the fresh output is drawn over it
GHOST_EDGE = 1.5  # its outline, in the word's full colour: the faint bar still stands 3:1 off a dark page
FRESH_EDGE = 3.0  # stroke width of a fresh output's ink outline
LEGEND = 29  # points: the legend naming faint and outlined bars (its letters above 3.1 % of the frame height)
REACH = 0.95  # of the cross's radius: the longest bar of an example


def strip_unit(radius: float, *blocks) -> float:
    """Scene units per output unit: the largest |number| of every block (T, d) given reaches
    REACH radii, so one scale holds an example's outputs before and after positions are added."""
    top = max(float(np.abs(np.asarray(b)).max()) for b in blocks)
    return REACH * radius / max(top, 1e-12)


class Strips:
    """Mixin (a LectureScene with the Steps mixin): output strips for an ArrowRow."""

    def strip(self, row, values, place: int, color, unit: float, *, outline: bool = False,
              width: float = 2.5, share: float = BAR_SHARE, opacity: float = 0.9) -> BarRow:
        """The output `values` (d,) as d bars at position `place` of `row` (filled in `color`, or
        only outlined), each `share` of its slot wide."""
        span = 2 * row.radius * STRIP_SHARE
        style = dict(fill_opacity=0.0, stroke_width=width) if outline else dict(fill_opacity=opacity, stroke_width=0.0)
        bars = BarRow(values, left=row.xs[place] - span / 2, width=span, y0=Y_OUT, unit=unit, color=color,
                      bar_share=share, **style)
        bars.values = np.asarray(values, dtype=float)  # (d,) as drawn, for the record and the frames
        return bars

    def output_axes(self, row) -> VGroup:
        """The vertical lines of the output crosses (a strip stands on the horizontal one)."""
        return VGroup(*(row.axes[4 * k + 3] for k in range(len(row.xs))))

    def to_strips(self, row, outputs, unit: float, grow: bool = False) -> None:
        """Each token's output becomes its strip of bars (`outputs` (T, d): order a's rows, token i at
        position i), in place: the arrow turns into the bars (or, `grow`, the bars come in), the
        output crosses' vertical lines leave, and the strip joins the token's column to travel
        with it."""
        strips = [self.strip(row, outputs[i], i, row.colors[t], unit) for i, t in enumerate(row.case.tokens_a)]
        if grow:
            anims = [FadeIn(s, lag_ratio=0.08) for s in strips]
        else:
            from manim import ReplacementTransform

            anims = [ReplacementTransform(c[2], s) for c, s in zip(row.columns, strips)]
        # the line saying what the arrows draw leaves with the output arrows (the outputs are bars now)
        note = [FadeOut(self.note)] if self.note in self.mobjects else []
        self.play(*anims, FadeOut(self.output_axes(row)), *note, run_time=1.2)
        self.remove(self.note)
        for c, s in zip(row.columns, strips):
            c.submobjects[2] = s
        self.shown["outputs_drawn"] = "bars"
        self.shown["strip_unit"] = round(unit, 6)

    def fresh_strips(self, row, outputs, unit: float, outline: bool = True) -> VGroup:
        """Order b's own outputs (T, d), place by place, as neutral ink outlines: at full width (to land
        on the travelled strips) or, without `outline`, narrower than the carried bars so each shows
        inside or beside its ghost (no fill: the word colours stay the words' own)."""
        share = BAR_SHARE if outline else FRESH_SHARE
        return VGroup(*(self.strip(row, outputs[k], k, self.pal.ink, unit, outline=True, width=FRESH_EDGE, share=share)
                        for k in range(len(row.xs))))

    def ghost_legend(self, colors) -> VGroup:
        """The two keys under carried strips with fresh outputs drawn over them: faint bars in the word
        `colors` (carried), neutral ink outlines (computed afresh)."""
        return VGroup(self.key(self.txt(self.s("legend_ghost"), size=LEGEND, color=self.pal.muted), self.swatch_ghost(colors)),
                      self.key(self.txt(self.s("legend_fresh"), size=LEGEND, color=self.pal.ink), self.swatch_fresh()))

    def to_ghosts(self, row) -> list:
        """Animations turning each carried strip of `row` into its ghost (faint fill, full-colour edge)."""
        return [c[2].animate.set_fill(opacity=GHOST).set_stroke(width=GHOST_EDGE, opacity=1.0) for c in row.columns]

    def key(self, text: str, swatch: VGroup) -> VGroup:
        """A legend entry: `swatch` (small bars drawn as the strips draw them) before its text."""
        return VGroup(swatch, text).arrange(RIGHT, buff=0.15)

    def swatch_carried(self, colors) -> VGroup:
        """Small outlined bars in the word colours, as the carried strips are drawn."""
        return VGroup(*(Rectangle(width=0.13, height=h, color=c, fill_opacity=0.0, stroke_width=3)
                        for c, h in zip(colors, (0.3, 0.22, 0.34)))).arrange(RIGHT, buff=0.06, aligned_edge=DOWN)

    def swatch_ghost(self, colors) -> VGroup:
        """Small faint bars in the word colours, outlined in full colour, as the carried strips are drawn
        under the fresh ones."""
        return VGroup(*(Rectangle(width=0.13, height=h, color=c, fill_opacity=GHOST, stroke_width=GHOST_EDGE)
                        for c, h in zip(colors, (0.3, 0.22, 0.34)))).arrange(RIGHT, buff=0.06, aligned_edge=DOWN)

    def swatch_fresh(self) -> VGroup:
        """Small ink outlines, as the fresh strips are drawn."""
        return VGroup(*(Rectangle(width=0.1, height=h, color=self.pal.ink, fill_opacity=0.0, stroke_width=FRESH_EDGE)
                        for h in (0.3, 0.22, 0.34))).arrange(RIGHT, buff=0.09, aligned_edge=DOWN)

    def largest_changes(self, row, carried, fresh, unit: float) -> VGroup:
        """One ink frame per place round the bar whose number changed most between the carried
        output and the fresh one (both (T, d), order b), from the lower tip to the higher, with the
        zero line: the change drawn on the strips."""
        out = VGroup()
        for k in range(len(row.xs)):
            j = int(np.argmax(np.abs(fresh[k] - carried[k])))
            probe = self.strip(row, fresh[k], k, self.pal.cool, unit)
            x = probe.x(j)
            lo, hi = sorted((Y_OUT + unit * carried[k][j], Y_OUT + unit * fresh[k][j]))
            lo, hi = min(lo, Y_OUT), max(hi, Y_OUT)
            out.add(Rectangle(width=probe.bar_w + 0.1, height=hi - lo + 0.1, color=self.pal.ink, stroke_width=2.5)
                    .move_to([x, (lo + hi) / 2, 0]))
        return out


__all__ = ["Strips", "strip_unit"]
