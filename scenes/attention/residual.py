"""attention_heatmap, the residual on the plane (the ending's last step): token n's own vector x_n (the record's
residual_in, the value arrow v_n, since W_V = I) and o are added head to tail, o's arrow moving so that its tail
sits on x_n's tip, and their sum x_n + o (the record's residual_out) is drawn from the origin and named. The
heads' small heat maps and the names h₁, h₂ on the plane (the sum's arrow crosses h₁'s), read by then, give way to the sum; the vertical axis grows to the sum's
height (from the record's values) when the sum reaches past it, its 'dim 2' moving with its end.
Mixed into scenes.attention_heatmap.AttentionHeatmap.
"""
from __future__ import annotations

from manim import RIGHT, UP, GrowArrow, Line, Transform, VGroup

from scenes.attention.arrows import arrow
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

REACH = 0.15  # the axis past the sum's tip, in the plane's units (as the zoomed axes' ends)
MAX_Y = 2.7  # the highest a tip may reach: under the title


class AttentionResidual:
    """Needs from the scene: d1 (the record), pal, ask_at (the plane's map), ask_view (its axes and dimension
    names first), named (a name with its index set low), play, to_cue, cues_log, shown."""

    def residual_moves(self, o_arrow, away) -> list:
        """While the cue says o is added to token n's own vector: `away` (the heat maps, read) fades, the vertical
        axis grows to the sum's height when the sum reaches past it, and o's arrow (a copy) moves head to tail
        onto x_n's tip. Played here; the moved copy is returned, [moved]; [] (nothing played) when x_n or the sum
        would leave the plane's side of the frame (left of its axes, where the product stands, or into the title)."""
        at, pal = self.ask_at, self.pal
        own, out = self.d1.residual_in, self.d1.residual_out
        axis, dim2 = self.ask_view[0][1], self.ask_view[1][1]
        left = min(p[0] for m in self.ask_view[0] for p in (m.get_start(), m.get_end())) - 0.05
        if min(at(own)[0], at(out)[0]) < left or max(at(own)[1], at(out)[1]) > MAX_Y:
            return []
        top = max(p[1] for p in (axis.get_start(), axis.get_end()))
        need = at((0, max(out[1], own[1]) + REACH))[1]
        grow = []
        if need > top:  # the sum leaves the plane: the axis reaches it, its name with its end
            bottom = min(axis.get_start()[1], axis.get_end()[1])
            longer = Line([axis.get_start()[0], bottom, 0], [axis.get_start()[0], need, 0], stroke_color=axis.get_stroke_color(),
                          stroke_width=axis.get_stroke_width(), stroke_opacity=axis.get_stroke_opacity())
            grow = [Transform(axis, longer), dim2.animate.shift(UP * (need - top))]
        self.play(*(QuickFadeOut(m) for m in away), *grow, run_time=0.8)
        self.remove(*away)
        self.shown.pop("head_maps", None)  # read, and gone
        moved = o_arrow.copy()
        self.play(moved.animate.shift(at(own) - at((0, 0))), run_time=1.0)
        self.shown.update({"showing": "mix,residual", "residual_axis_top": f"{max(out[1], own[1]) + REACH:.6f}"})
        return [moved]

    def residual_sum(self, moved, cue: int) -> None:
        """With cue `cue` (the one that gives the sum): x_n + o drawn from the origin to the moved o's tip and
        named past it, then read."""
        at, pal, n = self.ask_at, self.pal, len(self.d1.tokens)
        out = self.d1.residual_out
        self.to_cue(cue)
        total = arrow(at((0, 0)), at(out), pal.ok, width=7, tip=0.1)
        name = self.named("sum_name", "x", str(n), pal.ok)
        name.next_to(at(out), RIGHT, buff=0.15)  # beside the tip, clear of the axis' 'dim 2' above the origin
        self.shown["residual_drawn"] = ",".join(f"{v:.6f}" for v in out)
        self.play(GrowArrow(total), QuickFadeIn(name), run_time=1.0)
        read_with(self, VGroup(total, name), moved[0], color=pal.ok)
