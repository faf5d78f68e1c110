"""naive_position's p/N step (after the softmax row, before sin/cos): the obvious fix for a seat number that grows
without bound is to divide it by the sentence's length N, so every seat lands in [0, 1). Two sentences, N = 5 and
N = 50 (the record's frac_lengths), are drawn as two number lines from 0 to 1 with a dot at every p/N: the step
between neighbours is 1/5 on one and 1/50 on the other (the record's frac_steps), each bracketed as the cue names
it, so "one seat apart" has no fixed size.
Every number is the record's (engine.naive.fraction_positions). Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Brace, Dot, FadeIn, FadeOut, GrowFromPoint, Indicate, LaggedStart, Line, VGroup

from look import fmt_num
from scenes.naive.bars import SMALL

LINE_X = (-4.2, 5.4)  # x of 0 and of 1 on both number lines
LINE_YS = (1.0, -1.15)  # the short sentence's line, the long one's
FORMULA_AT = (0.0, 2.55)


def short_decimals(x: float) -> int:
    """Decimals that show x without trailing zeros (0.2, 0.02, 0.06): at most 4."""
    for k in range(5):
        if abs(round(x, k) - x) < 1e-12:
            return k
    return 4


class FractionSeats:
    """Needs from the scene: data, pal, emph, s, txt, tex, play, wait, remove, section, until_cue, light_until,
    read_caption, cue_left, shown."""

    def until_said(self, mark: str) -> None:
        """Wait for the cue that holds `mark`, whatever line break or space the caption put inside it ("0 到 1")."""
        key = "".join(mark.split())
        while key not in "".join(self.cues_log[-1]["text"].split()) and self.next_cue():
            pass

    def frac_x(self, v: float) -> float:
        return LINE_X[0] + (LINE_X[1] - LINE_X[0]) * float(v)

    def frac_line(self, n: int, y: float) -> VGroup:
        """One sentence of n tokens: a line from 0 to 1, a dot at each seat's p/N, its name at the left."""
        pal = self.pal
        line = Line([self.frac_x(0), y, 0], [self.frac_x(1), y, 0], stroke_color=pal.muted, stroke_width=2)
        ends = VGroup(*(self.txt(t, size=SMALL, color=pal.muted).move_to([self.frac_x(v), y - 0.32, 0])
                        for t, v in (("0", 0.0), ("1", 1.0))))
        radius = 0.09 if n <= 10 else 0.045
        dots = VGroup(*(Dot([self.frac_x(p / n), y, 0], radius=radius, color=pal.accent) for p in range(n)))
        name = self.tex(f"N={n}", size=34, color=pal.ink)
        name.move_to([LINE_X[0] - 0.45, y, 0], aligned_edge=RIGHT)
        return VGroup(line, ends, dots, name)

    def frac_step(self, dots, y: float, n: int, step: float):
        """The gap between seats 0 and 1 bracketed over the line, its size 1/N = step written over the bracket."""
        brace = Brace(VGroup(dots[0], dots[1]), UP, buff=0.08, color=self.emph)
        text = self.tex(rf"1/{n}={fmt_num(step, short_decimals(step))}", size=34, color=self.emph)
        text.next_to(brace, UP, buff=0.08)
        text.shift(max(0.0, LINE_X[0] - 0.3 - text.get_left()[0]) * RIGHT)
        return VGroup(brace, text)

    def fraction_step(self):
        pal, d = self.pal, self.data
        (n1, n2), (s1, s2), seat = [int(n) for n in d.frac_lengths], d.frac_steps, int(d.frac_seat)
        v1, v2 = d.frac_values
        fmt = lambda v: fmt_num(v, short_decimals(v))  # noqa: E731
        self.section("fraction", self.s("cap_frac", n1=n1, n2=n2, a1=fmt(s1), a2=fmt(s2), seat=seat,
                                        v1=fmt(v1), v2=fmt(v2)))
        formula = self.tex(r"p\;\to\;\frac{p}{N}", size=44, color=pal.accent).move_to([*FORMULA_AT, 0])
        lines = [self.frac_line(n, y) for n, y in zip((n1, n2), LINE_YS)]
        # "divide the seat by the sentence length N": the formula, then the two sentences, their dots from 0 out
        self.play(FadeIn(formula, shift=0.1 * DOWN), run_time=0.8)
        # "… by the sentence's length N": the two sentences' empty lines come in, each named by its N, the formula
        # lit, while the cue is read (never a still frame under it)
        key = "".join(self.s("mark_frac_range").split())
        early = key not in "".join(self.cues_log[-1]["text"].split()) and self.cue_left() > 1.3
        if early:
            self.shown.update(frac_lengths=[n1, n2])
            self.play(LaggedStart(*(FadeIn(VGroup(group[0], group[3]), shift=0.1 * DOWN) for group in lines), lag_ratio=0.5),
                      Indicate(formula, color=self.emph, scale_factor=1.1), run_time=max(1.0, min(2.0, self.cue_left() - 0.3)))
        self.until_said(self.s("mark_frac_range"))
        for group in lines:  # "every seat lands between 0 and 1": the ends named, the dots from 0 out
            self.play(FadeIn(group[1] if early else VGroup(group[0], group[1], group[3])),
                      LaggedStart(*(GrowFromPoint(dot, group[0].get_start()) for dot in group[2]), lag_ratio=0.05),
                      run_time=1.0)
        self.shown.update(frac_lengths=[n1, n2])
        # "neighbours are 1/5 = 0.2 apart … 1/50 = 0.02": each step bracketed as it is named
        steps = [self.frac_step(group[2], y, n, s) for group, y, n, s in zip(lines, LINE_YS, (n1, n2), (s1, s2))]
        self.show_when_said([fmt(s1), fmt(s2)], steps, "frac_steps", [float(s1), float(s2)])
        # "'one seat apart' has no fixed size": the two brackets lit together while the last cue is read
        self.light_until(None, tuple(steps))
        # the number lines stay while the last cue is up: they leave as sin/cos's first cue comes (`fraction_away`)
        self.frac_leaving = VGroup(formula, *lines, *steps)

    frac_leaving = None  # the p/N number lines, on screen until sin/cos's caption replaces their last cue

    def fraction_away(self, between=None) -> None:
        """As sin/cos's first cue comes: the number lines leave first, then (`between`, on the empty stage: the
        chapter's card) the chart comes back in the space they left (never the two drawn over each other)."""
        if self.frac_leaving is None:
            return
        for key in ("frac_lengths", "frac_steps", "frac_seat", "frac_values"):
            self.shown.pop(key, None)
        self.play(FadeOut(self.frac_leaving), run_time=0.4)
        self.remove(self.frac_leaving)
        self.frac_leaving = None
        if between is not None:
            between()
        self.chart_back()

    def show_when_said(self, marks, labels, key: str, values) -> None:
        """Each label fades in as the cue that states its value comes, labels whose values one cue states together,
        so a value is on screen from the start of the cue that says it to its end; its value goes into the per-frame
        record (`shown[key]`) as its fade starts."""
        pending = list(zip(marks, labels, values))
        while pending:
            said = "".join(self.cues_log[-1]["text"].split())
            now = [item for item in pending if "".join(item[0].split()) in said]
            if not now and self.next_cue():
                continue
            now = now or pending  # the caption's last cue: whatever it did not state comes now
            self.shown.setdefault(key, []).extend(v for _, _, v in now)
            self.play(*(FadeIn(label, shift=0.1 * DOWN) for _, label, _ in now), run_time=0.6)
            pending = [item for item in pending if item not in now]
