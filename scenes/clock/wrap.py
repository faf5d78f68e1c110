"""pe_clock's "why several hands" beat, at the end of the comparison, over the distance chart.

Hand 0 alone (ω = 1) turns 6 rad from seat 0 to seat 6, nearly a full turn: on its dial the two seats'
hands almost overlap and differ little; hand 1, slower, has turned about a third of a turn and tells these
far seats apart (neighbours are told apart by the fast hands, which turn most a seat). Then the chart's bars are read with it: at gap 6 hand 0 is nearly back, so the distance
there is lower than at the peak before it (the bars rise and fall).

Every value is the engine's (engine.positional.Fingerprint: wrap_gap, wrap_hand_distances,
wrap_turn_degrees, wrap_short_degrees, wrap_peak_gap, gap_distances). Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, AnimationGroup, Arc, Create, FadeIn, Rectangle, ValueTracker, VGroup, linear

from look import fmt_num
from scenes.clock.compare import CHART_LEFT
from scenes.parts.dial import Dial
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

WRAP_R = 1.15  # the two dials' radius: the beat owns the stage (the chart steps aside while they turn)
WRAP_Y = 0.15  # their centres' height: under the seats' line and the dials' names, over their differences
WRAP_XS = (-4.1, -0.35)  # hand 0, hand 1 (hand 0's gap and its number between them)
SEATS_Y = 2.1  # "seat 0 → seat 6", under the formula line
NAME_Y = WRAP_Y + WRAP_R + 0.3  # each dial's name and speed, over it
DIFFER_Y = WRAP_Y - WRAP_R - 0.35  # each dial's difference, under it
SWEEP_R, GAP_R = 0.6, 1.1  # the turn's arc inside the face, the gap's arc round its rim (× the radius)
SWAP = 0.25  # s: hand 0's radians leave this long before the cue that gives its degrees
# as the chart comes back the two dials stay, smaller, over its left part (clear of its name under them, of the
# formula line over their names and of the fingerprint table on the right): the cue relates the hands to the bars
SMALL_R, SMALL_Y, SMALL_XS = 0.7, 1.15, (-4.9, -2.2)

SLOWEST_DEG = 2.0  # "the slowest barely turn": each of the two slowest hands turns less than this over every seat


def slowest_barely_turn(d) -> bool:
    """True when the two slowest hands (engine speeds) each turn under SLOWEST_DEG degrees from seat 0 to the last
    seat (at 16 dimensions, 32 seats: hand 6 1.8°, hand 7 0.6°)."""
    if len(d.speeds) < 3:
        return False
    return all(np.degrees(float(w) * (d.n_positions - 1)) < SLOWEST_DEG for w in d.speeds[-2:])


class WrapBeat:
    """Needs from the scene: data, pal, s, txt, caption, play, wait, shown, speed_label, until_next_cue, grid,
    hand_columns (scenes.clock.apparatus), at_cue (scenes.clock.seatswap)."""

    def wrap_arc_label(self, text: str, dial, angle: float, radius: float, color: str):
        """`text` outside `dial`, beside the point of its rim at `angle` (radians), pointing away from the centre."""
        u = np.array([np.cos(angle), np.sin(angle), 0.0])
        label = self.txt(text, size=28, color=color)
        return label.next_to(dial.get_center() + u * radius, u, buff=0.12)

    def wrap_beat(self, chart: dict, aside: VGroup, gone: VGroup | None = None) -> VGroup | None:
        """The beat, played over `chart` (compare's gap chart; `aside`, all of the chart on stage, steps aside while
        the two dials turn, large, and comes back for the bars); returns what it drew (to leave with the chart),
        or None when the seats or hands are too few for it. `gone`: what leaves for good with the beat's first caption
        (the smallest distance's note and floor: min_distance leaves the record with them)."""
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
            col = VGroup(name, speed).arrange(RIGHT, buff=0.3).move_to([x, NAME_Y, 0])
            differ = self.txt(self.s("differ", v=fmt_num(d.wrap_hand_distances[h], 4)), size=28, color=color)
            differ.move_to([x, DIFFER_Y, 0])
            dials.add(dial)
            words.add(VGroup(col, differ))
        turns = [ValueTracker(0.0) for _ in dials]
        for dial, t in zip(dials, turns):
            dial.add_updater(lambda m, t=t: m.set_angle(t.get_value()))
        turned = [g * float(d.speeds[h]) for h in range(2)]
        deg = [fmt_num(d.wrap_turn_degrees[h], 1) for h in range(2)]
        short = fmt_num(d.wrap_short_degrees, 1)
        c0, c1 = dials[0].get_center(), dials[1].get_center()
        sweeps = [Arc(radius=WRAP_R * SWEEP_R, start_angle=0.0, angle=turned[h], arc_center=dial.get_center(),
                      stroke_color=pal.series[h % len(pal.series)], stroke_width=6) for h, dial in enumerate(dials)]
        # each turn's degrees beside its arc, clear of the names over the dials and inside the title-safe area: hand 0's
        # low on the left (on its arc when it turns past 215°, else at its middle), hand 1's low on its arc, to the right
        at = [(np.radians(215) if turned[0] > np.radians(215) else turned[0] / 2), min(turned[1] / 2, np.pi / 6)]
        sweep_nums = [self.wrap_arc_label(deg[h] + "°", dial, at[h], WRAP_R, pal.series[h % len(pal.series)])
                      for h, dial in enumerate(dials)]
        end0 = turned[0] % (2 * np.pi)  # hand 0 stops short of its start: the gap, round the rim
        gap_arc = Arc(radius=WRAP_R * GAP_R, start_angle=end0, angle=2 * np.pi - end0, arc_center=c0,
                      stroke_color=pal.cool, stroke_width=8)
        gap_num = self.wrap_arc_label(short + "°", dials[0], (end0 + 2 * np.pi) / 2, WRAP_R * GAP_R, pal.cool)
        assert c1[0] - WRAP_R > gap_num.get_right()[0] + 0.1, "hand 0's gap number runs into hand 1's dial"
        caps = {
            "one": self.s("cap_wrap_one", g=g, deg=deg[0], short=short, v=fmt_num(d.wrap_hand_distances[0], 4)),
            "slow": self.s("cap_wrap_slow", deg=deg[1], v=fmt_num(d.wrap_hand_distances[1], 4)),
        }
        if slowest_barely_turn(d):  # said only when the two slowest hands turn under SLOWEST_DEG over every seat
            caps["slow"] += (" " if self.look.lang == "en" else "") + self.s("cap_wrap_slowest", n=d.n_positions)
        # the chart steps aside; hand 0's dial and words come with the question
        self.caption(caps["one"], with_=[QuickFadeOut(aside), *([QuickFadeOut(gone)] if gone is not None else []),
                                         QuickFadeIn(dials[0]), QuickFadeIn(words[0][0]), QuickFadeIn(seats)],
                     run_time=0.6, shown={"wrap_gap": g})
        self.shown.pop("min_distance", None)
        # the hand turns, drawing its sweep, as the cue that says how far (in radians) comes in, "g rad" written
        # where its degrees will be; the degrees, then the gap to a full turn, with the cues that name them
        v = fmt_num(d.wrap_hand_distances[0], 4)
        rad = self.s("turn_rad", r=g)  # hand 0's speed is 1 rad a seat: g seats, g rad (as the cue says it)
        rad_num = self.wrap_arc_label(rad, dials[0], at[0], WRAP_R, pal.series[0])
        while self._queue and not any(w in self.cues_log[-1]["text"] for w in (rad, deg[0])):
            read_with(self, dials[0], words[0][0], outline=True, cue=True, whole=True)
        rad_first = deg[0] not in self.cues_log[-1]["text"]  # the degrees come with a later cue (in every language)
        if rad_first:  # the hand turns within the radians' cue, so the degrees are written as their cue comes in
            turn_time = max(0.8, min(2.0, self.cue_left() - SWAP))
            self.play(AnimationGroup(QuickFadeIn(rad_num, run_time=0.4),
                                     turns[0].animate(run_time=turn_time, rate_func=linear).set_value(turned[0]),
                                     Create(sweeps[0], run_time=turn_time, rate_func=linear)))
            if self.before_cue_with(deg[0], SWAP):  # the radians leave just before: never two labels over each other
                self.play(QuickFadeOut(rad_num), run_time=SWAP)
                self.until_next_cue()
            else:
                self.play(QuickFadeOut(rad_num), run_time=SWAP)
        self.shown["wrap_turn_deg_0"] = d.wrap_turn_degrees[0]
        gap_now = short in self.cues_log[-1]["text"]  # the gap to a full turn is stated in this cue too
        if gap_now:
            self.shown["wrap_short_deg"] = d.wrap_short_degrees
        self.play(QuickFadeIn(sweep_nums[0]), *([Create(gap_arc), QuickFadeIn(gap_num)] if gap_now else []), run_time=0.4)
        if not rad_first:  # one cue gives radians and degrees: the degrees are written as the hand turns
            self.play(turns[0].animate.set_value(turned[0]), Create(sweeps[0]), run_time=2.0, rate_func=linear)
        if not gap_now:
            while self._queue and short not in self.cues_log[-1]["text"]:
                self.until_next_cue()
            self.shown["wrap_short_deg"] = d.wrap_short_degrees
            self.play(Create(gap_arc), QuickFadeIn(gap_num), run_time=0.4)
        while self._queue and v not in self.cues_log[-1]["text"]:
            read_with(self, gap_num, gap_arc, outline=True, cue=True, whole=True)  # what the cue names: the gap to a full turn
        self.shown["wrap_hand_distance_0"] = d.wrap_hand_distances[0]
        self.play(QuickFadeIn(words[0][1]), run_time=0.3)  # written as its cue comes in
        read_with(self, words[0][1], gap_num, outline=True, whole=True)
        # hand 1: a third of a turn, the seats' hands far apart
        # its degrees are written as the caption comes in; its difference with the cue that gives it
        self.caption(caps["slow"], with_=[QuickFadeIn(dials[1]), QuickFadeIn(words[1][0]), QuickFadeIn(sweep_nums[1])],
                     run_time=0.4, shown={"wrap_turn_deg_1": d.wrap_turn_degrees[1]})
        self.play(turns[1].animate.set_value(turned[1]), Create(sweeps[1]), run_time=1.6, rate_func=linear)
        v1 = fmt_num(d.wrap_hand_distances[1], 4)
        while self._queue and v1 not in self.cues_log[-1]["text"]:
            read_with(self, sweep_nums[1], dials[1], outline=True, cue=True, whole=True)
        self.shown["wrap_hand_distance_1"] = d.wrap_hand_distances[1]
        self.play(QuickFadeIn(words[1][1]), run_time=0.3)
        self.wrap_columns(words[1][1], dials[1])
        beat = VGroup(dials, words, seats, *sweeps, *sweep_nums, gap_arc, gap_num)  # rad_num has left
        marks = self.wrap_bar_marks(chart)  # laid out while the chart is away (its name may move up)
        # what stays beside the chart: each dial with its turn (hand 0 with its gap) and its name (its speed leaves: the
        # two names side by side would meet)
        kept = ([VGroup(dials[0], sweeps[0], gap_arc), VGroup(dials[1], sweeps[1])], [words[0][0][0], words[1][0][0]])
        return self.wrap_bars(marks, beat, aside, lambda: turns[0].set_value(0.0).animate.set_value(turned[0]), kept)

    def wrap_columns(self, *now) -> None:
        """The rest of hand 1's caption, with the table beside the dials: `now` framed while its cue is read; "the fast
        hands turn most from one seat to the next" frames hands 0 and 1's columns (their colours change row to row), "the
        slowest barely turn" the two slowest hands' columns (one colour down all the seats); the frames leave with the
        caption."""
        pal, d = self.pal, self.data
        n = len(d.speeds)
        steps = [(self.s("wrap_fast_key"), self.hand_columns([0, 1], pal.accent))]
        if slowest_barely_turn(d):
            steps.append((self.s("wrap_slowest_key"), self.hand_columns([n - 2, n - 1], pal.accent)))
        shown = VGroup()
        for key, frame in steps:
            left = [self.cues_log[-1]["text"]] + [q[0] for q in self._queue]  # the cue on screen and those to come
            if not any(key in c.replace("\n", " ") or key in c.replace("\n", "") for c in left):
                continue
            self.at_cue(key, *now)
            self.play(QuickFadeOut(shown), FadeIn(frame), run_time=0.4)
            shown, now = VGroup(frame), (frame,)
        read_with(self, *now, outline=True, whole=True)
        if len(shown):
            self.play(QuickFadeOut(shown), run_time=0.3)

    def wrap_bars(self, marks: tuple, beat: VGroup, aside: VGroup, replay, kept: tuple) -> VGroup:
        """The caption's first cue (hand 0 nearly back after g seats) with hand 0 turning through the g seats again on
        its dial; with the next cue the chart comes back and the dials (`kept`: each with its arcs, and their names)
        shrink beside it, the rest of the beat leaves, and the chart's two outlined bars and their distances come in
        and are read with hand 0's dial (the distance takes in every hand, hand 0 turning the most)."""
        d = self.data
        g, p = d.wrap_gap, d.wrap_peak_gap
        v, vp = (fmt_num(d.gap_distances[k - 1], 4) for k in (g, p))
        outlines, values = marks
        self.caption(self.s("cap_wrap_bars", g=g, v=v, p=p, vp=vp), with_=[replay()], run_time=2.0)
        read_with(self, beat[0][0], outline=True, cue=True, whole=True)  # hand 0's dial while its cue is read; then the next cue
        for dial in beat[0]:
            dial.clear_updaters()
        # the chart comes back with gap g's bar outlined and its distance written ("at gap g the distance is v"); the
        # peak's bar and distance as the cue that names them comes in
        self.shown["wrap_gap_distance"] = d.gap_distances[g - 1]
        pics, names = kept
        stay = [m for m in (*pics, *names)]
        kept_family = VGroup(*stay).get_family()
        gone = VGroup(*(m for m in beat.get_family() if m not in kept_family and (m.has_points() or not m.submobjects)))
        moves = []
        for pic, name, x in zip(pics, names, SMALL_XS):
            c = pic[0].face.get_center()
            f = SMALL_R / (pic[0].face.width / 2)
            moves.append(pic.animate.scale(f, about_point=c).shift(np.array([x, SMALL_Y, 0.0]) - c))
            moves.append(name.animate.move_to([x, SMALL_Y + SMALL_R + 0.12 + name.height / 2, 0]))
        self.play(QuickFadeOut(gone), *moves, run_time=0.8)
        self.play(QuickFadeIn(aside), QuickFadeIn(outlines[1]), QuickFadeIn(values[1]), run_time=0.6)
        small = VGroup(*pics, *names)
        while self._queue and vp not in self.cues_log[-1]["text"]:
            read_with(self, pics[0], outlines[1], values[1], grow=1.0, cue=True)
        self.shown["wrap_peak_distance"] = d.gap_distances[p - 1]
        self.play(QuickFadeIn(outlines[0]), QuickFadeIn(values[0]), run_time=0.5)
        read_with(self, outlines[0], outlines[1], grow=1.0)
        self.wrap_small = [(pic, pic[0]) for pic in pics]  # each hand's small dial: it becomes that hand's dial next
        return VGroup(outlines, values, small)

    def wrap_bar_marks(self, chart: dict) -> tuple:
        """The peak before the wrap gap and the wrap gap's bar outlined in the chart, each distance written over
        its own bar (the engine's gap distances): (outlines, values)."""
        pal, d = self.pal, self.data
        g, p = d.wrap_gap, d.wrap_peak_gap
        rest = chart["bars"]
        outlines, values = VGroup(), VGroup()
        title = chart["axes"][1]
        for k, color, side in ((p, pal.accent, RIGHT), (g, pal.series[0], LEFT)):
            top = chart["level"](d.gap_distances[k - 1])
            bottom = chart["level"](0.0)
            frame = Rectangle(width=rest.bar_w + 0.1, height=top - bottom + 0.1, stroke_color=color, stroke_width=4,
                              fill_opacity=0).move_to([rest.x(k - 1), (top + bottom) / 2, 0])
            # the value on its bar: the peak's ends at its bar, the wrap gap's starts at its own (they do not meet)
            value = self.txt(fmt_num(d.gap_distances[k - 1], 4), size=26, color=color)
            value.next_to(frame, UP, buff=0.08).align_to(frame, side)
            if value.get_left()[0] < CHART_LEFT:  # clear of the distance axis and its numbers, still over its bar
                value.align_to([CHART_LEFT, 0, 0], LEFT)
            self.clear_of_bars(value, chart)
            outlines.add(frame)
            values.add(value)
        if values[0].get_bottom()[1] < values[1].get_top()[1] + 0.04 and values[0].get_right()[0] > values[1].get_left()[0]:
            values[0].shift(UP * (values[1].get_top()[1] + 0.06 - values[0].get_bottom()[1]))
        for value in values:  # under the chart's name: the name moves up over them
            if value.get_left()[0] < title.get_right()[0] and value.get_top()[1] > title.get_bottom()[1] - 0.04:
                title.shift(UP * (value.get_top()[1] + 0.08 - title.get_bottom()[1]))
        return outlines, values
