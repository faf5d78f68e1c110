"""The ghost of ④'s seat-number bar (naive_position, seed 001, lesson 5, from the bar machine to the clock-hand
fingerprint): as ④ falls from p q d (1152) to PE(p)⋅PE(q) (4.000), a faint copy of its old bar stays on the fixed
log scale, with a dashed outline and labelled with its old value ("was 1152"), through the rest of the scene, at its true length beside ④'s
bar. While the dials and the gap plot take the chart's right half the ghost is drawn broken: it ends at the folded
axis' end (left of the dials) with a break mark (two slanted strokes) and keeps its value; it is whole again, at its true length, when
the axis comes back for the conclusion. Its length never changes without that mark. The fold itself
(`fold_chart`, `unfold_chart`) is here too: the ghost breaks as the gridlines go.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import (LEFT, BackgroundRectangle, DashedVMobject, FadeIn, FadeOut, Line, Polygon, Rectangle, Transform, VGroup,
                   smooth)

from engine.naive import sincos_rows
from scenes.naive.bars import AX_X0, AXIS_Y, LABEL, SMALL, TICK_Y
from scenes.naive.pairdials import MAX_DIAL_D, X0 as DIALS_X0
from scenes.naive.values import short_whole
from scenes.naive.gapplot import BOX as GAP_BOX

NARROW_X1 = 2.3  # the gridlines end here once the gap plot has the right half (same scale)
SAFE_RIGHT = 6.3  # the title-safe area's right edge, as the bars' own labels keep it
GHOST_FILL = 0.18  # the ghost's fill over the background: faint, the outline carries it
GHOST_STROKE = 2.0
BREAK_W = 0.22  # the break mark's width along the bar (its strokes slant by this much)


PLOT_LABELS_X0 = GAP_BOX[0] - 1.35  # the gap plot's values and its ④ start about here, left of its box


def ghost_fill(color: str, background: str) -> str:
    """The colour the ghost's fill is seen as: `color` at GHOST_FILL over the background."""
    a = np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
    b = np.array([int(background[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
    mix = GHOST_FILL * a + (1.0 - GHOST_FILL) * b
    return "#" + "".join(f"{int(round(v)):02x}" for v in mix)


class SeatGhost:
    """Needs from the scene: bars, term_colors, pal, txt, label_on, axis, kept_bars, x_of, data, shown, and for the
    fold the bar machine's axis (build_axis, bar_statics, rule)."""

    def seat_ghost(self, t1: str) -> VGroup:
        """A faint copy of ④'s seat-number bar, outlined in ④'s colour and labelled with its value on a card of
        the background's colour (legible in either theme), left on the fixed log scale as ④ falls (and kept: what
        sin/cos took away stays in sight); its label comes in with the fall."""
        color = self.term_colors[3]
        bar = self.bars[3].copy().set_fill(color, opacity=GHOST_FILL).set_stroke(color, width=GHOST_STROKE, opacity=0.0)
        # a dashed outline: never read as the solid outline of a negative (hollow) bar
        edge = Rectangle(width=bar.width, height=bar.height).move_to(bar)
        bar.add(DashedVMobject(edge, num_dashes=max(8, int(2 * (bar.width + bar.height) / 0.16)), dashed_ratio=0.55)
                .set_stroke(color, width=GHOST_STROKE, opacity=1.0).set_fill(opacity=0.0))
        self.ghost_value = short_whole(float(self.data.swap_terms[3]), 1)  # 1152; 9×10⁸ at a far seat and wide d
        tag = self.ghost_tag("ghost_was")
        card, label = tag
        tag.move_to(self.ghost_home(tag, bar))
        self.add(bar)
        self.bring_to_back(bar)
        self.label_on(label, self.axis[0], bar, card)
        self.ghost = VGroup(bar, tag)
        self.ghost_length = bar.width  # its true length on the scale
        self.ghost_broken = None
        self.kept_bars.append(self.ghost)
        self.shown["ghost_seat_term"] = float(self.data.swap_terms[3])
        self.shown["ghost_broken"] = False
        return self.ghost

    def ghost_tag(self, key: str) -> VGroup:
        """The ghost's value on a card of the background's colour: "was / 1152" (narrow: between ③'s bar and the dial
        once the axis folds), or while the bar is broken "1152 / (cut)", naming the break mark in the same room."""
        label = self.txt(self.s(key, v=self.ghost_value), size=SMALL, color=self.term_colors[3], line_spacing=0.8)
        return VGroup(BackgroundRectangle(label, color=self.pal.background, fill_opacity=1.0, buff=0.05), label)

    @staticmethod
    def ghost_home(label, bar) -> np.ndarray:
        """Where the ghost's value stands: just right of its bar, or inside the bar's right end when the bar
        runs to the scale's end (the title-safe area's edge)."""
        x = bar.get_right()[0] + 0.1 + label.width / 2
        if x + label.width / 2 > SAFE_RIGHT:
            x = bar.get_right()[0] - 0.1 - label.width / 2
        return np.array([x, bar.get_y(), 0.0])

    def break_mark(self, x: float, bar) -> VGroup:
        """Two slanted strokes across the bar at x, the bar cut between them (background colour)."""
        h = bar.height / 2 + 0.1
        y = bar.get_y()
        color = self.term_colors[3]
        gap = Polygon([x - BREAK_W / 2 - 0.04, y - h, 0], [x + 0.02, y - h, 0], [x + BREAK_W / 2 + 0.04, y + h, 0],
                      [x - 0.02, y + h, 0], stroke_width=0, fill_color=self.pal.background, fill_opacity=1.0)
        strokes = VGroup(*(Line([x + dx - BREAK_W / 2, y - h, 0], [x + dx + BREAK_W / 2, y + h, 0], stroke_color=color,
                                stroke_width=3) for dx in (-0.05, 0.05)))
        return VGroup(gap, strokes)

    def ghost_fold(self, x_end: float) -> list:
        """The ghost drawn broken as the axis folds at x_end (or left of the dials, which come beside its row):
        its bar ends there with a break mark, its value just over the broken end, between ③'s row and its own,
        on its card. Nothing when the bar already ends left of x_end."""
        bar, tag = self.ghost
        x_end = min(x_end, DIALS_X0 - 0.15)
        if bar.get_right()[0] <= x_end + 1e-6:
            return []
        left = bar.get_left()[0]
        short = bar.copy().stretch_to_fit_width(x_end - left).move_to([(left + x_end) / 2, bar.get_y(), 0])
        brk = self.break_mark(x_end - 0.25, short)
        tag = self.ghost_tag("ghost_cut")  # the value, and what the break mark means
        x = x_end - tag.width / 2  # over the broken end (a wide value may cross the dashed line, on its card)
        for k in self.data.decades:  # never on a gridline the folded axis keeps: beside it, over the broken end
            g = self.x_of(10.0 ** int(k))
            if g <= x_end and x - tag.width / 2 - 0.06 < g < x + tag.width / 2 + 0.06:
                right = g + 0.1 + tag.width / 2
                room = 0.85 if self.data.d_model % 2 == 0 and self.data.d_model <= MAX_DIAL_D else 0.15  # the dial's rim is further right
                x = right if right + tag.width / 2 <= x_end + room else g - 0.1 - tag.width / 2
        x = min(x, DIALS_X0 - 0.15 - tag.width / 2)  # never out to the dial's rim and its points (nor, below, the q's dot)
        # clear of the dashed line at ⌈d/2⌉ (sin/cos' most for ④), right of it: "was 1152" is not read as the line's
        # name; under the dial's rim there is room for it
        clear = self.x_of(float(self.data.sincos_bound)) + 0.25 + tag.width / 2
        if clear + tag.width / 2 <= DIALS_X0 - 0.05:  # (a line far right, at a wide d: the value stays where it was)
            x = max(x, clear)
        grid = [g for g in (self.x_of(10.0 ** int(k)) for k in self.data.decades) if g <= x_end]
        for g in grid:  # pushed right of the line onto a gridline: right of that gridline (under the rim)
            if x - tag.width / 2 - 0.06 < g < x + tag.width / 2 + 0.06:
                x = max(x, g + 0.1 + tag.width / 2)
        # at a wide d the gap plot comes right of the fold: its values and ④ stand left of its box
        right = DIALS_X0 - 0.05 if self.data.d_model % 2 == 0 and self.data.d_model <= MAX_DIAL_D else PLOT_LABELS_X0 - 0.1
        x = self.ghost_clear_x(min(x, right - tag.width / 2), tag.width, grid, x_end, right)
        y = bar.get_top()[1] + 0.14 + tag.height / 2  # over the break mark's strokes (0.1 over the bar), not on them
        ends = self.longest_sincos_bars()
        for k, b in enumerate(self.bars[:3]):  # between ③'s row and its own: clear of ③'s bar at every seat walked
            if b.get_bottom()[1] < y + tag.height / 2 and y - tag.height / 2 < b.get_top()[1]:
                x = max(x, max(b.get_right()[0], ends[k]) + 0.06 + tag.width / 2)
        self.ghost_broken = brk
        old_tag = self.ghost[1]
        tag.move_to([x, y, 0])
        self.ghost.submobjects[1] = tag  # the new value in the old one's slot: the old fades out, never morphed
        self.ghost.add(brk)
        self.label_on(tag[1], brk, short)
        self.label_on(tag[1], self.axis[0], bar, tag[0])
        if getattr(self, "bound_dash", None) is not None:  # on its card, over the dashed line where the room ends there
            self.label_on(tag[1], self.bound_dash)
        self.shown["ghost_broken"] = True
        return [Transform(bar, short), *self.tag_swap(old_tag, tag), FadeIn(brk)]

    def longest_sincos_bars(self) -> list:
        """x of the right end of ①'s, ②'s and ③'s sin/cos bars at their longest over every seat from 0 to the farthest
        the walk reaches: ① = E⋅E′, ② = E⋅PE(q), ③ = PE(p)⋅E′ (engine.naive.sincos_rows)."""
        d = self.data
        rows = sincos_rows(list(range(int(self.vmax_seat) + 1)), d.d_model)  # (seats, d)
        sizes = (abs(float(self.e_now @ d.e2)), float(np.abs(rows @ self.e_now).max()), float(np.abs(rows @ d.e2).max()))
        return [self.x_of(v) for v in sizes]

    def tag_swap(self, old, new) -> list:
        """The ghost's value rewritten cleanly: the old card and words fade out in the first half of the move, the
        new ones fade in during the second (never one glyph morphed into another)."""
        return [FadeOut(old, rate_func=lambda t: smooth(min(1.0, 2.0 * t))),
                FadeIn(new, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0)))]

    def ghost_clear_x(self, x: float, width: float, grid, x_end: float, right: float = DIALS_X0 - 0.05) -> float:
        """The broken ghost's value at x, or, when it stands across the dashed line at ⌈d/2⌉ (a wide value pushed right
        of a gridline, with the line just right of the fold), the nearest place beside the line or a kept gridline
        that is clear of the line, left of the dial's rim: clear of the gridlines too where there is room (a value
        wider than a decade stands on one, on its card)."""
        line = self.x_of(float(self.data.sincos_bound))

        def across(c, marks):
            return any(c - width / 2 - 0.06 < g < c + width / 2 + 0.06 for g in marks)

        if not across(x, (line,)):
            return x
        places = [x_end - width / 2] + [g + side * (0.1 + width / 2) for g in (*grid, line) for side in (-1, 1)]
        places = [c for c in places if not across(c, (line,)) and c - width / 2 > AX_X0 and c + width / 2 <= right]
        best = [c for c in places if not across(c, grid)] or places
        return min(best, key=lambda c: abs(c - x)) if best else x

    def ghost_unfold(self) -> list:
        """The ghost whole again at its true length as the axis comes back, the break mark gone."""
        bar, tag = self.ghost[0], self.ghost[1]
        brk = self.ghost_broken
        if brk is None:
            return []
        left = bar.get_left()[0]
        whole = bar.copy().stretch_to_fit_width(self.ghost_length).move_to([left + self.ghost_length / 2, bar.get_y(), 0])
        self.ghost.remove(brk)
        self.ghost_broken = None
        self.shown["ghost_broken"] = False
        back = self.ghost_tag("ghost_was")  # "(cut)" gone with the mark
        back.move_to(self.ghost_home(back, whole))
        self.ghost.submobjects[1] = back
        self.label_on(back[1], bar, back[0], self.axis[0])  # on its card, over the whole axis' gridlines coming back
        return [Transform(bar, whole), *self.tag_swap(tag, back), FadeOut(brk)]

    def axis_title_between(self, values) -> VGroup:
        """The whole axis' title on its values' line, in the widest gap between two of them (0.25 clear of each): the
        long title where it fits, else "log scale"; under the values only when neither fits (the line under them is
        too close to both the values and the caption band)."""
        xs = sorted((lab.get_left()[0], lab.get_right()[0]) for lab in values)
        gaps = [(b[0] - a[1], (a[1] + b[0]) / 2) for a, b in zip(xs, xs[1:])]
        room, mid = max(gaps, default=(0.0, 0.0))
        for key in ("axis_short", "axis_word"):
            title = self.txt(self.s(key), size=LABEL, color=self.pal.muted)
            if title.width + 0.5 <= room:
                return title.move_to([mid, TICK_Y - 0.02, 0])
        return title.move_to([AX_X0 - 0.1, AXIS_Y, 0], aligned_edge=LEFT)  # under the values, from the axis' start

    def fold_chart(self, *others, run_time: float = 1.0) -> None:
        """The bar chart keeps its scale (every bar and every gridline it keeps stays where it is); the decades
        no bar reaches any more fade out with their values, so the gap plot has the right half, the ghost of ④'s
        seat-number bar broken at the fold in the same move (scenes.naive.ghost), and the axis' words are
        rewritten in place, the old fading out as the new fade in (`others` come with the new);
        `unfold_chart` brings it all back."""
        old = self.axis
        short = self.build_axis("axis_folded", upto=NARROW_X1,
                               beside=self.data.d_model % 2 == 0 and self.data.d_model <= MAX_DIAL_D)  # its title says where the axis now stops
        self.label_on(self.ghost[1][1], short[0])  # the ghost's value on its card, over the kept gridlines
        for m in (*self.hollow.get_family(), *getattr(self, "on_fold", ())):  # the negative key, on its card, too
            self.label_on(m, short[0])
        beyond = [lab for lab in old[1] if lab.get_x() > NARROW_X1 + 1e-6]
        new = VGroup(short[0], VGroup(*(lab for lab in old[1] if lab not in beyond)), short[2])  # kept values stay
        self.add(new[0])
        self.bring_to_back(new[0])  # the kept gridlines, under the bars, exactly under the old ones
        y = self.rule.get_y()
        self._folded = (old, beyond, self.rule.get_end(), self.shown["axis_top"])
        self.shown["axis_top"] = float(max(10.0 ** int(k) for k in self.data.decades
                                           if self.x_of(10.0 ** int(k)) <= NARROW_X1 + 1e-6))
        broken = self.ghost_fold(NARROW_X1)
        self.label_on(self.ghost[1][1], short[0])  # the new value (on its card) over the kept gridlines, as it comes
        self.play(FadeOut(old[0]), *(FadeOut(lab) for lab in beyond), *broken,
                  self.rule.animate.put_start_and_end_on(self.rule.get_start(), [min(NARROW_X1, DIALS_X0), y, 0]), run_time=0.8)
        # the axis keeps a title: the long one out in the first half, the short one in during the second
        self.play(FadeOut(old[2], rate_func=lambda t: smooth(min(1.0, 2.0 * t))),
                  FadeIn(new[2], rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), *others, run_time=run_time)
        self.remove(old[2])
        statics = self.bar_statics.submobjects
        statics[statics.index(old)] = new
        self.axis = new

    def unfold_chart(self) -> list:
        """The whole axis back (every gridline, its value and the long title, the rule across the chart) with
        the ghost whole again at its true length: the moves, to be played with the conclusion's."""
        folded = getattr(self, "_folded", None)
        if folded is None:
            return []
        old, beyond, rule_end, top = folded
        self._folded = None
        self.shown["axis_top"] = top
        short = self.axis
        self.add(old[0])
        self.bring_to_back(old[0])
        old[0].set_stroke(opacity=0.0)
        # the folded title ("now up to 10") gives way to the whole axis' one, on its line under the values (the
        # verdict lines take the line above the chart)
        values = VGroup(*short[1], *beyond)
        whole = self.axis_title_between(values)
        statics = self.bar_statics.submobjects
        self.axis = VGroup(old[0], values, whole)
        statics[statics.index(short)] = self.axis
        self.remove(short[0])
        late = lambda t: smooth(max(0.0, (t - 0.6) / 0.4))  # noqa: E731 - once the gap plot has moved up past them
        gone = getattr(self, "axis_title_gone", False)  # the shares' line took it (scenes.naive.shares)
        self.axis_title_gone = False
        back = [FadeIn(whole, rate_func=late)] + ([] if gone else [FadeOut(short[2], rate_func=lambda t: smooth(min(1.0, 2.0 * t)))])
        return [old[0].animate.set_stroke(opacity=0.55), *(FadeIn(lab, rate_func=late) for lab in beyond), *back,
                self.rule.animate.put_start_and_end_on(self.rule.get_start(), rule_end), *self.ghost_unfold()]
