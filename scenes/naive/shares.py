"""naive_position's shares and scales after the sin/cos walk (seed 001, lesson 5): ①'s share with seat numbers
("before: 0.01 %", an arrow to the share) set beside its share now, and the |E|, |PE| card the seat terms' size rests on. Mixed into
scenes.naive_position.NaivePosition (used by scenes.naive.ending).
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Arrow, BackgroundRectangle, FadeIn, FadeOut, Indicate, Transform, VGroup, smooth

from scenes.naive.bars import ROW_YS, SMALL, TICK_Y
from scenes.naive.ending import PE
from scenes.naive.pairdials import BIG_AT, BIG_R
from scenes.parts.lecture import CAPTION_TOP

WAS_CLEAR = 0.1  # "before: 0.01 %" stands at least this far above the caption band
ARROW_GAP = 0.55  # room between the share and its note for the arrow from one to the other


class NaiveShares:
    """Needs from the scene: the bar machine after the sin/cos walk (scenes.naive.ending)."""

    def share_before(self, raw: str) -> VGroup:
        """①'s share with seat numbers ("before: 0.01 %", an arrow to the share) beside its share now, on the share's line (the folded axis' words
        stand right of the fold, off this line): the two side by side as the cue says them."""
        pal = self.pal
        # in the share's colour, an arrow from it to the share: a note on that number, not a word of the axis above
        was = self.txt(self.s("share_was", raw=raw), size=SMALL, color=self.term_colors[0])
        # beside the share it is compared with, on its line: clear of the caption band under it
        was.next_to(self.share, RIGHT, buff=ARROW_GAP).align_to(self.share, DOWN)
        # at least WAS_CLEAR over the caption band, and under the axis' values' line (a wide share reaches under its
        # first values, whose words end at about TICK_Y - 0.19): the values win where the words are too tall for both
        was.shift(max(0.0, CAPTION_TOP + WAS_CLEAR - was.get_bottom()[1]) * UP)
        was.shift(min(0.0, TICK_Y - 0.215 - was.get_top()[1]) * UP)
        title = self.axis[2]  # under the values when no dial stands right of the fold: it gives way while this is read
        gone = (title.get_left()[0] < was.get_right()[0] + 0.2 and title.get_bottom()[1] < was.get_top()[1]
                and was.get_bottom()[1] < title.get_top()[1])
        self.axis_title_gone = gone  # it comes back with the whole axis (scenes.naive.ghost.unfold_chart)
        tip = [self.share.get_right()[0] + 0.06, self.share.get_y(), 0]
        arrow = Arrow([was.get_left()[0] - 0.04, was.get_y(), 0], tip, buff=0, stroke_width=3, color=self.term_colors[0],
                      max_tip_length_to_length_ratio=0.45, max_stroke_width_to_length_ratio=12)
        was = VGroup(was, arrow)
        first, second = (lambda t: smooth(min(1.0, 2.0 * t))), (lambda t: smooth(max(0.0, 2.0 * t - 1.0)))
        self.play(FadeIn(was, shift=0.1 * DOWN, rate_func=second if gone else smooth),
                  *([FadeOut(title, rate_func=first)] if gone else []), run_time=0.9 if gone else 0.6)
        self.play(Indicate(was, color=self.emph, scale_factor=1.15), run_time=0.8)
        return was

    def norms_card(self, ne: str, ne2: str, npe: str) -> VGroup:
        """|E|, |E′| and |PE| on ①'s row, on a card over the chart's empty part: the scale the content share rests on."""
        pal = self.pal
        size = 38 if self.pair_dials is not None else 30  # in the dial's place: full size; else in the chart's gap
        e, e2, pe = rf"|E|\approx {ne}", rf"|E'|\approx {ne2}", rf"|{PE}|={npe}"
        # in the dial's place: one length a line; in the chart's narrow gap (wide d, no dial) |E| and |PE| only
        lines = ([(e, self.term_colors[0]), (e2, self.term_colors[0]), (pe, pal.accent)] if self.pair_dials is not None
                 else [(e, self.term_colors[0]), (pe, pal.accent)])
        norms = VGroup(*(self.tex(t, size=size, color=c) for t, c in lines)).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        # right of the dashed line, left of the bound's formula: clear of every bar, the line, the formula and the
        # broken ghost's value over ④'s row
        x = self.x_of(float(self.data.sincos_bound)) + 0.3  # the pointer's box clear of the dashed line too
        norms.move_to([x, ROW_YS[1] + 0.3, 0], aligned_edge=LEFT + UP)
        leave = []
        if self.pair_dials is not None:  # the fast pair's dial has done its work: the card takes its place, full size
            leave = [FadeOut(self.fast_dial)]
            norms.move_to([BIG_AT[0], BIG_AT[1] + BIG_R / 2, 0])
        elif norms.get_right()[0] > self.bound_formula.get_left()[0] - 0.1:  # under the formula: as low as before
            norms.move_to([x, ROW_YS[1] - 0.1, 0], aligned_edge=LEFT + UP)
        card = BackgroundRectangle(norms, color=pal.background, fill_opacity=1.0, buff=0.08)
        for m in norms:
            self.label_on(m, card, self.axis[0], self.bound_dash, self.rule, *self.bars)
        self.play(*leave, FadeIn(card), FadeIn(norms, shift=0.1 * RIGHT), run_time=0.8)
        if leave:
            self.remove(self.fast_dial)
            self.pair_dials = None  # nothing turns it any more
            self.shown.pop("pair_dials", None)
        self.norms = VGroup(card, norms)
        return norms

    def shrink_replay(self) -> VGroup:
        """"… because the seat terms shrank": a copy of ④'s seat-number bar (the ghost) shrinks onto ④'s sin/cos bar;
        what is framed then: ②, ③ and ④ (with the ghost's value when it stands among them)."""
        ghost = self.ghost[0].copy()
        self.play(Transform(ghost, self.bars[3].copy()), run_time=1.2)
        self.remove(ghost)
        return self.with_ghost_value(*self.bars[1:4])

    def with_ghost_value(self, *bars) -> VGroup:
        """Bars to point at, with the ghost's value (1152) when it stands among them: the box goes round it, never
        across it."""
        group = VGroup(*bars)
        value = self.ghost[1]
        (x0, y0), (x1, y1) = group.get_corner(DOWN + LEFT)[:2], group.get_corner(UP + RIGHT)[:2]
        (a0, b0), (a1, b1) = value.get_corner(DOWN + LEFT)[:2], value.get_corner(UP + RIGHT)[:2]
        if a0 < x1 + 0.1 and x0 < a1 and b0 < y1 + 0.1 and y0 - 0.1 < b1:
            group.add(value)
        return group
