"""naive_position's shares and scales after the sin/cos walk (seed 001, lesson 5): ①'s share with seat numbers
("before: 0.01 %", an arrow to the share) set beside its share now. Mixed into
scenes.naive_position.NaivePosition (used by scenes.naive.ending).
"""
from __future__ import annotations

from manim import DOWN, RIGHT, UP, Arrow, FadeIn, FadeOut, Indicate, VGroup, smooth

from scenes.naive.bars import SMALL, TICK_Y
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
