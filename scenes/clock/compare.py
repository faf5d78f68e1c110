"""pe_clock's "compare" section (seed 001 "distance" station): how far apart two fingerprints are, drawn.

Two rows are lifted out of the fingerprint table; copies of them meet and become their difference
PE(b) − PE(a), one bar per coordinate; the bars fold into one bar, the difference's length (the
distance); that bar then stands in a chart of the distance against the gap. First the neighbours
(seed 001's "3 and 4"), then a farthest pair; then every other gap's bar grows in, and the smallest
distance between two different seats (above 0: no two fingerprints are equal) is marked by a line.

Every value drawn is the engine's (engine.positional.Fingerprint: adjacent_distance, max_distance,
max_pairs, gap_distances, min_distance); the difference bars are table rows subtracted.
Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import numpy as np
from manim import (
    DOWN, LEFT, RIGHT, UP, Create, DashedLine, FadeIn, GrowFromEdge, Indicate, Line, Rectangle, ReplacementTransform,
    SurroundingRectangle, Transform, VGroup,
)

from engine.positional import distance
from look import fmt_num
from scenes.parts.bars import BarRow
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

LABEL_X = -6.3  # the pair's names, left-aligned here
STRIP_LEFT, STRIP_W, STRIP_H = -3.0, 3.0, 0.3  # the lifted rows and the difference under them (their names left of them at full size)
ROW_Y = (2.05, 1.65)  # PE(a), PE(b)
DIFF_Y0, DIFF_UNIT = 0.86, 0.32  # the difference bars' zero line; a coordinate differs by at most 2
LEN_Y, LEN_H = 0.0, 0.34  # the length bar
CHART_LEFT, CHART_W = -5.5, 6.7  # distance against the gap, under the pair (right edge clear of the table)
CHART_Y0, CHART_TOP = -2.05, -0.72
TITLE_GAP = 0.06  # the chart's name stands this far over its top (the distance axis's end)
NOTE_Y = 0.2  # the smallest-distance note, where the length bar was (clear of the chart heading)
TICK_TXT = 30  # the chart's tick numbers (gaps, distances): digits 3.2 % of the frame height or more


class CompareSection:
    """Needs from the scene: data, pal, s, txt, tex, section, caption, play, shown, grid, lift_row,
    dial_group, number_group, speed_labels, dial_statics, marker, table_labels, formula, seat_label,
    seat_num (scenes.pe_clock)."""

    def compare_captions(self) -> dict:
        """The section's cues, by step: how, near, far_pair and far (None with two seats), gaps."""
        d = self.data
        a = min(3, d.n_positions - 2)  # seed 001's "3 and 4"; every adjacent pair gives the same value
        adj = fmt_num(d.adjacent_distance, 4)
        adj_tie = fmt_num(d.adjacent_spread, 4) == fmt_num(0.0, 4)  # every adjacent pair at the shown rounding
        if d.adjacent_pairs == 1:
            near = self.s("cap_compare_near_one", a=a, b=a + 1, adj=adj)
        else:
            near = self.s("cap_compare_near_tie" if adj_tie else "cap_compare_near", a=a, b=a + 1, adj=adj)
        far = None
        if d.max_gap > 1:  # with two seats the farthest pair is the adjacent one
            fa, fb = d.max_pairs[0]
            far = self.s("cap_compare_far_tie" if len(d.max_pairs) > 1 else "cap_compare_far",  # ties: a gap
                         max=fmt_num(d.max_distance, 4), last=d.n_positions - 1, a=fa, b=fb, gap=d.max_gap)
        far_pair = None if far is None else self.s("cap_compare_far_pair", a=d.max_pairs[0][0], b=d.max_pairs[0][1])
        return {"how": self.s("cap_compare"), "near": near, "far": far, "far_pair": far_pair,
                "gaps": self.s("cap_compare_gaps", min=fmt_num(d.min_distance, 4))}

    def compare(self):
        pal, d, grid = self.pal, self.data, self.grid
        caps = self.compare_captions()
        a = min(3, d.n_positions - 2)
        self.section("compare", caps["how"],
                     keep=[grid, self.table_labels, self.formula])
        chart = self.gap_chart()
        # the chart the pairs' distances will stand in takes the dials' place: the dials leave first (the chart's
        # name and axis are never drawn over them), then the chart comes before the first pair is lifted
        self.play(QuickFadeOut(VGroup(self.dial_group, self.number_group, self.speed_labels, self.dial_statics,
                                      self.seat_label, self.seat_num)),  # no seat is shown while pairs are compared
                  QuickFadeOut(self.marker), run_time=0.4)
        self.play(QuickFadeIn(chart["axes"]), run_time=0.4)
        self.shown.pop("dials_shown", None)
        self.shown.pop("seat_shown", None)
        # each step with the cue that names it: the two rows lifted ("how far apart"), subtracted ("subtract
        # one row from the other"), the difference folded into its length ("the length is the distance")
        near = self.pair_difference(a, a + 1, pal.cool, between=self.until_next_cue)
        self.until_next_cue()
        # "the length is the distance": the bar comes with its value on it, over the chart it will stand in
        self.shown["pair_distance"] = d.adjacent_distance
        self.play(*near["fold"], run_time=0.8)
        self.play(QuickFadeIn(near["value"]), run_time=0.4)  # written once the bar stands: never half-faded mid-cue
        read_with(self, near["length"], grow=1.0)
        self.caption(caps["near"], with_=[Indicate(near["value"], color=pal.cool)], run_time=0.8)
        if self.caption_left() > self.cue_left() + 1e-9:  # "every adjacent pair gives the same" is a cue of its own
            read_with(self, near["value"], near["length"], grow=1.0, cue=True)
        else:
            self.wait(0.6)
        # "every adjacent pair": other neighbours, from the start, the middle and the end, come with the cue
        # that says they give the same length
        others = self.other_neighbours(a, pal.cool)
        if others is not None:
            self.shown["other_neighbours"] = len(others["pairs"])
            # the pair's names and strips are gone before the other pairs' lengths are written in their place
            self.play(QuickFadeOut(near["pair"]), run_time=0.4)
            self.play(Create(others["boxes"]), FadeIn(others["lines"], shift=0.1 * RIGHT, lag_ratio=0.3), run_time=0.9)
            read_with(self, *others["lines"], grow=1.0)
            self.play(QuickFadeOut(VGroup(others["boxes"], others["lines"])), run_time=0.5)
            self.shown.pop("other_neighbours", None)
        else:
            self.read_caption()
            self.play(QuickFadeOut(near["pair"]), run_time=0.5)
        self.into_chart(near, chart, d.adjacent_distance, 1)
        moved = [near]
        if caps["far"] is not None:
            fa, fb = d.max_pairs[0]
            self.caption(caps["far_pair"])  # the pair is named while it is lifted, subtracted and folded
            far = self.pair_difference(fa, fb, pal.bad)
            self.shown["pair_distance"] = d.max_distance
            self.play(*far["fold"], run_time=0.8)
            self.play(QuickFadeIn(far["value"]), run_time=0.4)
            # "the largest distance" is stated over every gap's bar: the pair's bar stands in the chart and the
            # others grow beside it before that cue comes in
            self.into_chart(far, chart, d.max_distance, d.max_gap)
            moved.append(far)
            # the pair's rows, difference and names are done once its length stands in the chart: they leave as the
            # other gaps' bars grow, before the cue on the largest distance
            self.play(Transform(chart["rest"], chart["rest_full"]), QuickFadeOut(far["pair"]), run_time=1.2)
            self.caption(caps["far"])
            read_with(self, far["value"], far["length"], chart["rest"], grow=1.0)
        else:
            self.play(Transform(chart["rest"], chart["rest_full"]), run_time=1.2)
        self.shown.pop("pair_distance", None)
        # every other gap, and the floor no pair goes below
        floor = DashedLine([CHART_LEFT, chart["level"](d.min_distance), 0],
                           [CHART_LEFT + CHART_W, chart["level"](d.min_distance), 0],
                           stroke_color=pal.ok, stroke_width=4, dash_length=0.12)
        note = self.txt(self.s("smallest", v=fmt_num(d.min_distance, 4)), size=28, color=pal.ok)
        note.move_to([0, NOTE_Y, 0]).align_to([CHART_LEFT, 0, 0], LEFT)
        # the neighbours' value (the smallest distance, for 32 seats) becomes the note: the other bars grow over its place
        at_min = [m for m in moved if fmt_num(m["distance"], 4) == fmt_num(d.min_distance, 4)]
        to_note = ReplacementTransform(at_min[0]["value"], note) if at_min else FadeIn(note, shift=0.1 * UP)
        # "depends only on the gap": the bars pointed at; the floor and its note come with the cue that states the smallest
        min_text = fmt_num(d.min_distance, 4)
        self.caption(caps["gaps"], with_=[Indicate(chart["rest"], color=pal.accent, scale_factor=1.0)], run_time=1.0)
        while self._queue and min_text not in self.cues_log[-1]["text"]:
            read_with(self, *(m["length"] for m in moved), chart["rest"], grow=1.0, cue=True)
        self.shown["min_distance"] = d.min_distance
        self.play(Create(floor), to_note, run_time=1.0)
        self.bring_to_front(floor)
        read_with(self, note, *(m["length"] for m in moved))  # scaled a little: the chart is not a still for 9 s
        beat = VGroup()
        if d.wrap_gap:  # why several hands: the note, its floor and the pairs' values make room for two dials over the chart
            values = VGroup(*(m["value"] for m in moved if m not in at_min[:1]))
            # the chart comes back for the wrap beat's bars with only its bars: the smallest distance's floor and the
            # farthest pair's value belong to the steps before, and leave with the beat's first caption (never while
            # the cue that states the smallest is up)
            aside = VGroup(chart["axes"], chart["rest"], *(m["length"] for m in moved))
            beat = self.wrap_beat(chart, aside, gone=VGroup(note, floor, values))
            note, floor = VGroup(), VGroup()
            for m in moved:
                m["value"] = VGroup()
        # the chart and its last values stay while their cue is up; they leave as the next section's caption comes in
        # (scenes.pe_clock relative)
        self.compare_leftover = VGroup(chart["axes"], chart["rest"], floor, note, beat,
                                       *(VGroup(m["length"], *([m["value"]] if m not in at_min[:1] else []))
                                         for m in moved))

    def pair_difference(self, r1: int, r2: int, color: str, between=None) -> dict:
        """Rows r1 and r2 lifted out of the table, their difference as bars (played now; `between()` is called
        after the lift, before the subtraction), and the fold of the bars into the difference's length
        (returned as `fold`, for the cue that says it)."""
        pal, d = self.pal, self.data
        boxes = VGroup(*(SurroundingRectangle(self.grid.row_group(r), buff=0.02, color=color, stroke_width=4)
                         for r in (r1, r2)))
        names = VGroup(*(self.tex(rf"PE({r})", size=36, color=color).move_to([0, y, 0]).align_to(
            [LABEL_X, 0, 0], LEFT) for r, y in zip((r1, r2), ROW_Y)))
        strips, lifts = [], []
        for r, y in zip((r1, r2), ROW_Y):
            strip, lift = self.lift_row(r, STRIP_W, STRIP_H, [STRIP_LEFT + STRIP_W / 2, y, 0])
            self.add(strip)
            strips.append(strip)
            lifts.append(lift)
        self.play(Create(boxes), *lifts, FadeIn(names, shift=0.1 * RIGHT), run_time=0.9)
        if between is not None:
            between()
        diff = d.table[r2] - d.table[r1]  # (d,) PE(r2) − PE(r1)
        bars = BarRow(diff, left=STRIP_LEFT, width=STRIP_W, y0=DIFF_Y0, unit=DIFF_UNIT, color=color,
                      bar_share=0.7, fill_opacity=0.9)
        zero = Line([STRIP_LEFT, DIFF_Y0, 0], [STRIP_LEFT + STRIP_W, DIFF_Y0, 0], stroke_color=pal.ink,
                    stroke_width=1.5)
        diff_name = self.tex(rf"PE({r2})-PE({r1})", size=36, color=color)
        length_name = self.tex(rf"\lVert PE({r2})-PE({r1})\rVert", size=36, color=color)
        for label, y in ((diff_name, DIFF_Y0), (length_name, LEN_Y)):  # the names end before the bars start
            if label.width > STRIP_LEFT - 0.15 - LABEL_X:
                label.scale_to_fit_width(STRIP_LEFT - 0.15 - LABEL_X)
            label.move_to([0, y, 0]).align_to([LABEL_X, 0, 0], LEFT)
        meet = VGroup(*(s.copy() for s in strips))
        # the two copies are named as they meet (PE(b) − PE(a) is what they become): never two strips unlabelled
        self.play(meet.animate.arrange(DOWN, buff=0).move_to([STRIP_LEFT + STRIP_W / 2, DIFF_Y0, 0]),
                  FadeIn(diff_name, shift=0.1 * RIGHT), run_time=0.6)
        self.play(ReplacementTransform(meet, bars), Create(zero), run_time=0.8)
        width = STRIP_W * self.data_distance(r1, r2) / d.max_distance
        length = Rectangle(width=width, height=LEN_H, fill_color=color, fill_opacity=0.9, stroke_width=0)
        length.move_to([STRIP_LEFT + width / 2, LEN_Y, 0])
        value = self.txt(fmt_num(self.data_distance(r1, r2), 4), size=32, color=color).next_to(length, RIGHT, buff=0.15)
        # the length grows from the bars' left end under them (a morph of the many bars into one smears them together)
        fold = [GrowFromEdge(length, LEFT), FadeIn(length_name, shift=0.1 * DOWN)]
        return {"pair": VGroup(boxes, *strips, names, bars, zero, diff_name, length_name),
                "length": length, "value": value, "fold": fold, "distance": self.data_distance(r1, r2)}

    def other_neighbours(self, a: int, color: str) -> dict | None:
        """Three other adjacent pairs (from the first seat, the middle and the last), boxed on the table,
        each with its distance (engine.positional.distance): the same as a, a + 1's. None with fewer seats."""
        pal, d = self.pal, self.data
        n = d.n_positions
        pairs = [p for p in dict.fromkeys((0, n // 2 + 1, n - 2)) if p != a and 0 <= p < n - 1]
        if len(pairs) < 2:
            return None
        lines, boxes = VGroup(), VGroup()
        for k, p in enumerate(pairs):
            value = distance(p, p + 1, d.d_model, d.base)
            name = self.tex(rf"\lVert PE({p + 1})-PE({p})\rVert=", size=36, color=color)
            num = self.txt(fmt_num(value, 4), size=28, color=color)
            line = VGroup(name, num).arrange(RIGHT, buff=0.14)
            num.align_to(name, DOWN)
            line.move_to([0, 1.95 - 0.55 * k, 0]).align_to([LABEL_X, 0, 0], LEFT)  # under the formula, over a's length
            lines.add(line)
            boxes.add(SurroundingRectangle(VGroup(self.grid.row_group(p), self.grid.row_group(p + 1)), buff=0.02,
                                           color=color, stroke_width=4))
        return {"pairs": pairs, "lines": lines, "boxes": boxes}

    def data_distance(self, r1: int, r2: int) -> float:
        """The engine's distance between two seats: the record's distance for their gap."""
        return float(self.data.gap_distances[abs(r2 - r1) - 1])

    def gap_chart(self) -> dict:
        """The chart of distance against the gap (axes, and every gap's bar, grown later)."""
        pal, d = self.pal, self.data
        gaps = np.asarray(d.gap_distances)  # (n - 1,)
        unit = (CHART_TOP - CHART_Y0) / d.max_distance
        rest_values = gaps.copy()
        rest = BarRow(np.zeros_like(gaps), left=CHART_LEFT, width=CHART_W, y0=CHART_Y0, unit=unit,
                      color=pal.muted, bar_share=0.7, fill_opacity=0.8)
        full = rest.targets(rest_values)
        for g in {1, d.max_gap}:  # these two bars come from the pairs
            for row in (rest.bars, full):
                row[g - 1].set_opacity(0)
        base = Line([CHART_LEFT - 0.05, CHART_Y0, 0], [CHART_LEFT + CHART_W, CHART_Y0, 0], stroke_color=pal.ink,
                    stroke_width=2)
        title = self.txt(self.s("by_gap"), size=26, color=pal.ink).move_to([0, CHART_TOP, 0]).align_to(
            [LABEL_X, CHART_TOP + TITLE_GAP, 0], LEFT + DOWN)
        ticks = VGroup()
        # the first gap, the two the wrap beat's caption names (its outlined bars), the extremes and the last; a
        # number that would crowd one already placed is left out
        wrap = (d.wrap_peak_gap, d.wrap_gap) if d.wrap_gap else ()
        for g in dict.fromkeys((1, *wrap, d.min_gap, d.max_gap, len(gaps))):
            tick = self.txt(str(g), size=TICK_TXT, color=pal.ink).next_to([rest.x(g - 1), CHART_Y0, 0], DOWN, buff=0.08)
            if any(abs(tick.get_x() - t.get_x()) < (tick.width + t.width) / 2 + 0.15 for t in ticks):
                continue
            ticks.add(tick)
        gap_word = self.txt(self.s("gap_axis"), size=26, color=pal.ink).next_to(ticks, DOWN, buff=0).set_y(
            ticks.get_y()).align_to([LABEL_X, 0, 0], LEFT)
        return {"axes": VGroup(base, title, ticks, gap_word, self.distance_axis(unit, title)), "rest": rest, "rest_full": full,
                "level": lambda v: CHART_Y0 + unit * v, "unit": unit, "bars": rest}

    def distance_axis(self, unit: float, title) -> VGroup:
        """The chart's distance axis at its left end: a line from 0 to the largest distance (engine max_distance) and a
        tick with its number at each whole distance (every second one past 6), the numbers right-aligned left of it;
        0 is the base line's, unnamed (its number would meet the gap axis's name); a number that would meet the chart's
        name over it is left out."""
        pal, top = self.pal, float(self.data.max_distance)
        x = CHART_LEFT - 0.05
        step = 1 if top < 6 else 2
        digit_h = self.txt("0", size=TICK_TXT).height  # the numbers one above the other never touch (a tall chart's are apart)
        while unit * step < digit_h + 0.08:
            step += 1
        axis = VGroup(Line([x, CHART_Y0, 0], [x, CHART_Y0 + unit * top, 0], stroke_color=pal.ink, stroke_width=2))
        for v in np.arange(step, top + 1e-9, step):
            y = CHART_Y0 + unit * v
            axis.add(Line([x - 0.08, y, 0], [x, y, 0], stroke_color=pal.ink, stroke_width=2))
            number = self.txt(str(int(v)), size=TICK_TXT, color=pal.ink).move_to([0, y, 0]).align_to([x - 0.12, 0, 0], RIGHT)
            if number.get_top()[1] < title.get_bottom()[1] - 0.04:
                axis.add(number)
        return axis

    def clear_of_bars(self, label, chart: dict) -> None:
        """Raise `label` above every bar under it once all have grown (engine gap distances)."""
        rest = chart["bars"]
        under = [k for k in range(rest.n) if abs(rest.x(k) - label.get_x()) < (label.width + rest.bar_w) / 2]
        if under:
            top = max(chart["level"](self.data.gap_distances[k]) for k in under)
            label.shift(UP * max(0.0, top + 0.08 - label.get_bottom()[1]))

    def into_chart(self, pair: dict, chart: dict, value: float, gap: int) -> None:
        """The length bar stands up in the chart as the bar at `gap`, its value above it (and above its neighbours)."""
        rest = chart["bars"]
        h = value * chart["unit"]
        target = Rectangle(width=rest.bar_w, height=h, fill_color=pair["length"].get_fill_color(), fill_opacity=0.9,
                           stroke_width=0).move_to([rest.x(gap - 1), CHART_Y0 + h / 2, 0])
        label = pair["value"].copy().scale(0.86).next_to(target, UP, buff=0.08)
        if gap == 1:  # the first bar: its value right of it, level with its top (clear of the axis's numbers), and
            # above the next gaps' bars it passes over once they grow (it stays up until it leaves for the note)
            label.next_to(target, RIGHT, buff=0.1).set_y(target.get_top()[1])
        self.clear_of_bars(label, chart)
        title = chart["axes"][1]  # the chart's name, over its left end
        if label.get_top()[1] > title.get_bottom()[1] - 0.04 and label.get_left()[0] < title.get_right()[0] + 0.1:
            label.next_to(title, RIGHT, buff=0.25)  # tall neighbours (a small d_model) lift it into the name's row
            self.clear_of_bars(label, chart)
        self.play(Transform(pair["length"], target), Transform(pair["value"], label), run_time=0.9)
