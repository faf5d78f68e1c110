"""pe_clock's "why several hands" beat, at the end of the comparison, over the distance chart.

Hand 0 alone (ω = 1) turns 6 rad from seat 0 to seat 6, nearly a full turn: on its dial the two seats'
hands almost overlap and differ little; hand 1, slower, has turned about a third of a turn and tells the
seats apart. Then the chart's bars are read with it: at gap 6 hand 0 is nearly back, so the distance
there is lower than at the peak before it (the bars rise and fall).

Every value is the engine's (engine.positional.Fingerprint: wrap_gap, wrap_hand_distances,
wrap_turn_degrees, wrap_short_degrees, wrap_peak_gap, gap_distances). Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Rectangle, ValueTracker, VGroup, linear

from look import fmt_num
from scenes.parts.dial import Dial
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

WRAP_R = 0.55  # the two dials' radius
WRAP_Y = 1.05  # their centres' height: between the seats' line and their differences
WRAP_XS = (-5.75, -2.45)  # hand 0, hand 1; each dial's name and speed to its right, its difference under it
SEATS_Y = 2.1  # "seat 0 → seat 6", under the formula line
DIFFER_Y = 0.2  # each dial's difference, under it (clear of the chart's name)
GAPS_X = -2.9  # the two outlined bars' distances, where hand 1's dial was


class WrapBeat:
    """Needs from the scene: data, pal, s, txt, caption, play, wait, shown, speed_label, until_next_cue."""

    def wrap_beat(self, chart: dict) -> VGroup | None:
        """The beat, played over `chart` (compare's gap chart); returns what it drew (to leave with the
        chart), or None when the seats or hands are too few for it."""
        pal, d = self.pal, self.data
        g = d.wrap_gap
        if not g:
            return None
        dials, words = VGroup(), VGroup()
        seats = self.txt(self.s("wrap_seats", a=0, b=g), size=28, color=pal.ink)
        seats.move_to([0, SEATS_Y, 0]).align_to([WRAP_XS[0] - WRAP_R, 0, 0], LEFT)
        for h, x in enumerate(WRAP_XS):
            color = pal.series[h % len(pal.series)]
            dial = Dial(WRAP_R, ink=pal.ink, face=pal.panel, hand_color=color, second_hand=pal.muted)
            dial.move_to([x, WRAP_Y, 0])
            dial.set_angle(0.0).set_angle2(0.0)  # both seats' hands at seat 0: the coloured one will turn
            name = self.txt(self.s("hand", i=h), size=28, color=color)
            speed = self.speed_label(h, pal.ink)
            col = VGroup(name, speed).arrange(DOWN, buff=0.16, aligned_edge=LEFT)
            col.next_to(dial, RIGHT, buff=0.2).set_y(WRAP_Y)
            differ = self.txt(self.s("differ", v=fmt_num(d.wrap_hand_distances[h], 4)), size=28, color=color)
            differ.move_to([0, DIFFER_Y, 0]).align_to(dial, LEFT)
            dials.add(dial)
            words.add(VGroup(col, differ))
        turns = [ValueTracker(0.0) for _ in dials]
        for dial, t in zip(dials, turns):
            dial.add_updater(lambda m, t=t: m.set_angle(t.get_value()))
        caps = {
            "one": self.s("cap_wrap_one", g=g, deg=fmt_num(d.wrap_turn_degrees[0], 1),
                          short=fmt_num(d.wrap_short_degrees, 1), v=fmt_num(d.wrap_hand_distances[0], 4)),
            "slow": self.s("cap_wrap_slow", deg=fmt_num(d.wrap_turn_degrees[1], 1), v=fmt_num(d.wrap_hand_distances[1], 4)),
        }
        # hand 0: its dial and words come with the question; its hand turns almost all the way round
        self.caption(caps["one"], with_=[QuickFadeIn(dials[0]), QuickFadeIn(words[0][0]), QuickFadeIn(seats)], run_time=0.6,
                     shown={"wrap_gap": g})
        # the hand turns as the cue that says how far comes in; the cues before and after are read with the dial pointed at
        deg, v = fmt_num(d.wrap_turn_degrees[0], 1), fmt_num(d.wrap_hand_distances[0], 4)
        while self._queue and deg not in self.cues_log[-1]["text"]:
            read_with(self, dials[0], words[0][0], outline=True, cue=True)
        self.play(turns[0].animate.set_value(g * float(d.speeds[0])), run_time=2.4, rate_func=linear)
        self.shown.update({"wrap_turn_deg_0": d.wrap_turn_degrees[0], "wrap_short_deg": d.wrap_short_degrees})
        while self._queue and v not in self.cues_log[-1]["text"]:
            read_with(self, dials[0], seats, outline=True, cue=True)
        self.shown["wrap_hand_distance_0"] = d.wrap_hand_distances[0]
        self.play(QuickFadeIn(words[0][1]), run_time=0.5)
        read_with(self, words[0][1], dials[0], outline=True)
        # hand 1: a third of a turn, the seats' hands far apart
        self.caption(caps["slow"], with_=[QuickFadeIn(dials[1]), QuickFadeIn(words[1][0])], run_time=0.6)
        self.play(turns[1].animate.set_value(g * float(d.speeds[1])), run_time=1.6, rate_func=linear)
        self.shown.update({"wrap_turn_deg_1": d.wrap_turn_degrees[1], "wrap_hand_distance_1": d.wrap_hand_distances[1]})
        self.play(QuickFadeIn(words[1][1]), run_time=0.5)
        read_with(self, words[1][1], dials[1], outline=True)
        for dial in dials:
            dial.clear_updaters()
        self.play(QuickFadeOut(VGroup(dials[1], words[1])), run_time=0.4)  # its place goes to the bars' distances
        bars = self.wrap_bars(chart)
        return VGroup(dials[0], words[0], seats, bars)

    def wrap_bars(self, chart: dict) -> VGroup:
        """The peak before the wrap gap and the wrap gap's bar, outlined in the chart, their distances named beside
        the chart's name, with the cue that says why the bars fall back."""
        pal, d = self.pal, self.data
        g, p = d.wrap_gap, d.wrap_peak_gap
        v, vp = (fmt_num(d.gap_distances[k - 1], 4) for k in (g, p))
        rest = chart["bars"]
        outlines = VGroup()
        title = chart["axes"][1]
        for k, color in ((p, pal.accent), (g, pal.series[0])):
            top = chart["level"](d.gap_distances[k - 1])
            bottom = chart["level"](0.0)
            if rest.x(k - 1) - rest.bar_w < title.get_right()[0]:  # under the chart's name (a tall bar): the frame stops below it
                top = min(top, title.get_bottom()[1] - 0.15)
            outlines.add(Rectangle(width=rest.bar_w + 0.1, height=top - bottom + 0.1, stroke_color=color, stroke_width=4,
                                   fill_opacity=0).move_to([rest.x(k - 1), (top + bottom) / 2, 0]))
        line = VGroup(*(self.txt(self.s("wrap_gap", g=k, v=fmt_num(d.gap_distances[k - 1], 4)), size=28, color=c)
                        for k, c in ((p, pal.accent), (g, pal.series[0]))))
        line.arrange(DOWN, buff=0.2, aligned_edge=LEFT).move_to([0, WRAP_Y, 0]).align_to([GAPS_X, 0, 0], LEFT)
        self.caption(self.s("cap_wrap_bars", g=g, v=v, p=p, vp=vp), with_=[QuickFadeIn(outlines), QuickFadeIn(line)],
                     run_time=0.8, shown={"wrap_gap_distance": d.gap_distances[g - 1],
                                          "wrap_peak_distance": d.gap_distances[p - 1]})
        read_with(self, outlines[1], outlines[0], grow=1.0)
        return VGroup(outlines, line)
