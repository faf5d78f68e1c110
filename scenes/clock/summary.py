"""pe_clock's summary as a picture: three rows, each a picture the lesson built beside its claim, lit as the
cue that says it comes in.

1. The gap alone: hand 0's dial turns by the gap from two starts (engine angle_starts, angle_gap, speeds) and
   draws the same arc each time: PE(p)·PE(p + k) sees only k.
2. The order: the two orders over their scores (the "use" section's row, engine with_pe), framed.
3. Computed, not trained: the fingerprint table (engine table) fills seat by seat, from the formula.

Each row's words are one bullet of the claim (strings "claim"); the rows come with their cues (claim_lines
counts them). Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import re

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Arc, Create, FadeIn, SurroundingRectangle, ValueTracker, VGroup, linear, smooth

from scenes.parts.dial import Dial
from scenes.parts.emphasis import read_with
from scenes.parts.heatmap import HeatmapGrid
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut, on_screen

ROW_Y = (2.05, 0.3, -1.5)  # the gap, the order, computed: between the title and the caption
PIC_X = -4.3  # each row's picture, centred here
TEXT_X = -1.9  # each row's words start here
SUM_R = 0.72  # the dial's radius
TABLE_W, TABLE_H = 2.8, 1.5  # the fingerprint table, small


class SummaryBeat:
    """Needs from the scene: data, pal, s, txt, section, caption, play, wait, shown, use_score_rows, why_view,
    cue_left, caption_left, until_next_cue (scenes.pe_clock)."""

    def claim_rows(self) -> VGroup:
        """The claim's bullets, one text group per row, each line at 28 points (never shrunk below 3 % of the frame)."""
        pal = self.pal
        claim = VGroup()
        for item in re.split(r"\n(?=•)", self.s("claim")):
            first, *more = item.split("\n")
            lines = VGroup(self.txt(first, size=28, color=pal.ink))
            for line in more:  # a continuation: under the first line's words, past its bullet
                lines.add(self.txt(line.strip(), size=28, color=pal.ink).next_to(lines[-1], DOWN, buff=0.12).align_to(
                    lines[0], LEFT).shift(RIGHT * 0.3))
            claim.add(lines)
        for lines, y in zip(claim, ROW_Y):
            lines.move_to([0, y, 0]).align_to([TEXT_X, 0, 0], LEFT)
        return claim

    def gap_picture(self):
        """Hand 0's dial at the first start, its key hand on the query's; returns the dial and the arcs of the gap
        from each start (the same length: the speed times the gap)."""
        pal, d = self.pal, self.data
        w, gap = float(d.speeds[0]), d.angle_gap
        dial = Dial(SUM_R, ink=pal.ink, face=pal.panel, hand_color=pal.ink, second_hand=pal.accent)
        dial.move_to([PIC_X, ROW_Y[0], 0])
        dial.set_angle(d.angle_starts[0] * w).set_angle2(d.angle_starts[0] * w)
        starts = list(d.angle_starts[:2])
        arcs = [Arc(radius=SUM_R * 0.55, start_angle=s0 * w, angle=gap * w, arc_center=dial.face.get_center(),
                    stroke_color=pal.accent, stroke_width=6) for s0 in starts]
        return dial, starts, arcs

    def turn_gap(self, dial, s0: int, arc, run_time: float, drop=None) -> None:
        """Both hands to start s0 (`drop`, the arc drawn before, fading meanwhile), then the key hand on by the gap,
        drawing its arc."""
        d = self.data
        w, gap = float(d.speeds[0]), d.angle_gap
        t = ValueTracker(float(dial.angle) / w)
        dial.add_updater(lambda m: m.set_angle(t.get_value() * w).set_angle2(t.get_value() * w))
        self.play(t.animate.set_value(float(s0)), *([QuickFadeOut(drop)] if drop is not None else []),
                  run_time=0.6, rate_func=smooth)
        dial.clear_updaters()
        k = ValueTracker(float(s0))
        dial.add_updater(lambda m: m.set_angle2(k.get_value() * w))
        self.play(k.animate.set_value(float(s0 + gap)), Create(arc), run_time=run_time, rate_func=linear)
        dial.clear_updaters()

    def summary(self):
        """The three rows in turn with the cues, the picture moving with every cue; the last row's table fills
        seat by seat as "a vector for any seat" is read; the last cue (longer texts) is read over the whole picture."""
        pal, d, o = self.pal, self.data, self.data.order
        rows = self.use_score_rows
        ta, tb = "".join(o.tokens_a), "".join(o.tokens_b)
        claim = self.claim_rows()
        dial, starts, arcs = self.gap_picture()
        scores = VGroup(rows["heads"], *rows["pe"][1:])  # the two orders over their scores (not the row's name)
        table = HeatmapGrid(d.table, cell_w=TABLE_W / d.d_model, cell_h=TABLE_H / d.n_positions, palette=pal)
        table.move_to([PIC_X, ROW_Y[2], 0])
        self.section("summary", self.s("cap_summary_gap"), keep=[rows["heads"], rows["pe"]])
        values = VGroup(*rows["pe"][1:])  # the two scores and the mark between them
        dx = PIC_X - values.get_center()[0]  # the orders just over their scores, the pair centred in the picture's column
        # only what is still up leaves (the dial, its arcs' names and the words-only row's name went earlier)
        self.play(QuickFadeOut(on_screen(self, VGroup(self.why_view, rows["words"], rows["formula"], rows["pe"][0]))),
                  rows["heads"].animate.shift([dx, ROW_Y[1] + 0.3 - rows["heads"].get_y(), 0]),
                  values.animate.shift([dx, ROW_Y[1] - 0.25 - values.get_y(), 0]),
                  FadeIn(dial), FadeIn(claim[0][0], shift=0.2 * UP), run_time=0.8)
        self.shown["claim_shown"] = 1  # the conclusion is drawn from here to the end
        for key in [k for k in self.shown if k.startswith("split_")] + ["pe_dot"]:
            self.shown.pop(key, None)
        self.shown["claim_lines"] = 1  # how many of the claim's rows are up
        # "sees only the gap k": the gap from one start, then from another, the same arc
        for k, (s0, arc) in enumerate(zip(starts, arcs)):  # the first arc leaves as the hands go to the second start
            self.turn_gap(dial, s0, arc, 1.2, drop=arcs[k - 1] if k else None)
        spot = SurroundingRectangle(scores, buff=0.14, color=pal.accent, stroke_width=4)
        # "through the head, the score sees which comes first": the order's row begins, its scores framed
        if self._queue:
            self.until_next_cue()
        self.shown["claim_lines"] = 2
        self.play(Create(spot), FadeIn(claim[1][0], shift=0.2 * UP), run_time=0.8)
        read_with(self, rows["heads"], color=pal.accent, cue=True)
        # "the scores now depend on the order": the rest of the row, the scores pointed at
        self.caption(self.s("cap_summary", ta=ta, tb=tb), run_time=0.6,
                     with_=[*(FadeIn(line, shift=0.2 * UP) for line in claim[1][1:])])
        read_with(self, *scores[1:], claim[1], color=pal.accent)
        # "computed, not trained: a vector for any seat": the table fills seat by seat as it is read, beside the row's
        # words (what the picture shows: the formula gives every seat its row); the caveat on lengths is the caption's only
        self.caption(self.s("cap_summary_trained"), run_time=0.6, shown={"claim_lines": 3},
                     with_=[*(FadeIn(line, shift=0.2 * UP) for line in claim[2]), QuickFadeOut(spot), FadeIn(table)])
        self.remove(spot)
        seat = ValueTracker(0.0)
        table.add_updater(lambda m: m.show_rows(int(np.floor(seat.get_value() + 1e-9))))
        self.play(seat.animate.set_value(float(d.n_positions)),
                  run_time=max(1.0, self.cue_left() - 0.8), rate_func=linear)
        table.clear_updaters()
        if self._queue:
            self.until_next_cue()
        # a frame (a colour wash would hide the table), faded in whole: drawn round, it starts as a lone dash right of
        # the bullet's words
        read_with(self, table, claim[2], color=pal.accent, outline=True, whole=True)
