"""naive_position's walk of the seats (seed 001, lesson 5 second station, the bar machine: the seats only move
forward, engine.naive.naive_stops): both sliders move through the stops in whole seats, the bars and their
numbers following at every seat (scenes.naive.bars.set_seats), the moves spread over the caption being read.
From the linear chart's seats, and with sin/cos (scenes.naive.ending), the seats go back to (0, 0) in one move (`snap_seats`), and the walk is
split over its cues (`walk_parting`): p = q then parting while that is said, the climb back while "it rises
again" is read; held there (`pulse_until`, the fast pair's points or the curve's dot pulsing) while why is said.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import Flash, Indicate, VGroup, linear

from engine.naive import naive_terms, sincos_terms
from scenes.naive.values import whole


def move_times(spans, budget: float, least: float = 1.2) -> list:
    """Seconds for each move of a walk: in proportion to its span, none under `least`, together `budget`
    (or `least` each when the budget is smaller)."""
    times = [least] * len(spans)
    free = list(range(len(spans)))  # moves not held at `least`
    while free:
        left = budget - least * (len(spans) - len(free))
        share_of = [left * spans[i] / sum(spans[j] for j in free) for i in free]
        short = [i for i, t in zip(free, share_of) if t < least]
        if not short:
            for i, t in zip(free, share_of):
                times[i] = t
            break
        free = [i for i in free if i not in short]
    return times


def seat_at_gap(start, end, gap: int, steps: int = 1000):
    """The first whole seats (p, q) that a straight move from `start` to `end` shows with p − q = `gap`
    (whole seats as the sliders show them), or None when the move never shows that gap."""
    (a0, b0), (a1, b1) = start, end
    for t in np.linspace(0.0, 1.0, steps + 1):
        p, q = whole(a0 + t * (a1 - a0)), whole(b0 + t * (b1 - b0))
        if p - q == gap:
            return p, q
    return None


class SeatWalk:
    """Needs from the scene: play, caption_left, live, seats_now, set_seats, share, emph (scenes.naive.bars).

    While the seats move, every readout `set_seats` rewrites (p, q, the PE rows, p − q, the dials, the dot) is
    redrawn in every frame with the bars: Manim draws the mobjects before the first one it sees moving once per
    play, so a readout changed only by the bars' updater would show its old value until the next play. The
    record's "drawn_…" entries hold the values as drawn, so a lag would show in it (tests/test_naive_walk.py)."""

    walking = False  # True while the seats move (walk_seats, snap_seats)
    static_now: frozenset = frozenset()  # the readouts Manim draws once in the play on now

    def readouts(self) -> dict:
        """What `set_seats` rewrites, by the name of its value in the record's "drawn" entry."""
        out = {"p": [self.p_num, *getattr(self, "pe_seats", [])[:1]],
               "q": [self.q_num, *getattr(self, "pe_seats", [])[1:2]],
               "term_4": [self.bars[3], self.values[3]]}
        if self.pe_shown:
            out["pe_rows"] = [cell for cells in self.pe_cells for _, cell in cells]
        if self.gap_num is not None:
            out["p_minus_q"] = [self.gap_num]
        if getattr(self, "stage_terms", None) is not None:  # ②, ③, ④ beside the dial (scenes.naive.stage)
            out["stage_terms"] = list(self.stage_terms)
        if self.gap_plot is not None:
            out["gap_dot"] = [self.gap_dot, *([self.dot_value] if self.dot_value is not None else [])]
        if self.pair_dials is not None:
            out["cos"] = [*self.pair_cos, *self.pair_dials, *self.pair_points, self.pair_sum,
                          *[m for m in (getattr(self, "pair_sum_tail", None),) if m is not None]]
        return out

    def drawn_values(self) -> dict:
        """p, q, p − q, the fast pair's cosine and ④ as they are set now (the record's names)."""
        p, q = (int(round(n.value)) for n in (self.p_num, self.q_num))
        out = {"p": p, "q": q, "term_4": round(float(self.values[3].value), 3)}
        if self.gap_num is not None:
            out["p_minus_q"] = int(round(self.gap_num.value))
        if self.pair_dials is not None:
            out["cos"] = round(float(self.pair_cos[0].value), 2)
            out["sum"] = round(float(self.pair_sum.value), 3)
        return out

    def drawn_names(self) -> dict:
        """The seats as the sliders draw them, by the names the captions give them (p, q, p − q): the teaching
        gate holds a cue's "q = 10" to them (studio.gates.teaching); nothing while the sliders are not on screen."""
        if getattr(self, "live", None) is None:
            return {}
        family = self.get_mobject_family_members()  # the sliders' q, or the PE rows' once the chart steps off
        if not any(m in family for m in (self.q_num, *getattr(self, "pe_seats", [])[1:2])):
            return {}
        p, q = (int(round(n.value)) for n in (self.p_num, self.q_num))
        return {"p": p, "q": q, "p − q": p - q}

    def note_drawn(self) -> None:
        """Log the readouts as drawn ("drawn_p", "drawn_q", …): one Manim draws once in this play keeps its value."""
        for k, v in self.drawn_values().items():
            if ("cos" if k == "sum" else k) not in self.static_now or f"drawn_{k}" not in self.shown:
                self.shown[f"drawn_{k}"] = v

    def get_moving_mobjects(self, *animations):
        """Manim's moving mobjects; while the seats move, from the first readout on, so none is drawn stale. The
        readouts left out (drawn once in this play) are noted in `static_now`."""
        moving = super().get_moving_mobjects(*animations)
        if getattr(self, "live", None) is None:  # no bar machine yet
            return moving
        family = self.get_mobject_family_members()
        place = {id(m): i for i, m in enumerate(family)}
        readouts = {k: [m for mob in mobs for m in mob.get_family() if id(m) in place]
                    for k, mobs in self.readouts().items()}
        first = place[id(moving[0])] if moving else len(family)
        if self.walking and moving:
            first = min([first, *(place[id(m)] for mobs in readouts.values() for m in mobs)])
            moving = family[first:]
        self.static_now = frozenset(k for k, mobs in readouts.items() if any(place[id(m)] < first for m in mobs))
        return moving

    def move_seats(self, p_t, q_t, p: int, q: int, run_time: float | None = None) -> None:
        """Move both seats to (p, q), in whole seats."""
        span = max(abs(p - p_t.get_value()), abs(q - q_t.get_value()))
        self.play(p_t.animate.set_value(float(p)), q_t.animate.set_value(float(q)),
                  run_time=run_time or float(np.clip(0.3 * span, 1.2, 3.0)), rate_func=linear)

    def walk_seats(self, p_t, q_t, stops, pause: float = 0.6, tail: float = 1.0) -> None:
        """Move the seats through `stops` in whole seats (the bars and numbers follow at every seat),
        spread over the caption on screen, with ①'s share pointed at between stops; `tail` seconds of the
        caption are left for what follows."""
        stops = [(int(a), int(b)) for a, b in stops]
        spans, at = [], (p_t.get_value(), q_t.get_value())
        for a, b in stops:
            spans.append(max(abs(a - at[0]), abs(b - at[1]), 1))
            at = (a, b)
        times = move_times(spans, self.caption_left() - tail - pause * (len(stops) - 1))

        def follow(_):
            seats = (whole(p_t.get_value()), whole(q_t.get_value()))
            if seats != self.seats_now:
                self.set_seats(*seats)

        driver = self.seat_driver()  # on screen: its updater runs in every frame
        driver.add_updater(follow)
        self.walking = True
        for k, ((a, b), run_time) in enumerate(zip(stops, times)):
            self.move_seats(p_t, q_t, a, b, run_time=run_time)
            if k < len(stops) - 1:
                self.play(Indicate(self.beat_target(), color=self.emph, scale_factor=1.15), run_time=pause)
        driver.remove_updater(follow)
        self.walking = False
        assert self.seats_now == stops[-1], (self.seats_now, stops, p_t.get_value(), q_t.get_value())

    def snap_seats(self, p_t, q_t) -> None:
        """The seats back to (0, 0) in one move (no walk back through every seat): the bars move, and the
        numbers, the rows, p − q and the dot change together, once, halfway."""
        d = self.data
        terms = naive_terms if self.encoding == "seat numbers" else sincos_terms
        before = terms(self.e_now, d.e2, *self.seats_now)
        after = terms(self.e_now, d.e2, 0, 0)

        def back():
            p_t.set_value(0.0)
            q_t.set_value(0.0)
            self.set_seats(0, 0)

        self.walking = True  # the numbers change with p, q and the rows, halfway
        self.morph_terms(before, after, run_time=1.0, at_half=back)
        self.walking = False

    def walk_parting(self, p_t, q_t, first, equal, end, there, back: str, climbing: float) -> None:
        """The walk's stops `first` while "the same walk again" is read; then, while "wherever p = q, ④ reaches
        the dashed line; when the seats part, it drops below it" is read, the seats `equal` (p = q) and on towards
        `end` to the gap where ④ is lowest; then up to `there` (p − q = g_back) while "yet it rises again" is read,
        so that the cue holding `back` starts there. Without such cues: the whole walk at once, as before."""
        d = self.data
        ahead = [cue[0] for cue in self._queue]
        at_equal = next((k for k, c in enumerate(ahead) if "p = q" in c), None)
        at_back = next((k for k, c in enumerate(ahead) if back in c), None)
        g_back = there[0] - there[1]
        dips = [(float(v), int(round(g))) for g, v in zip(d.gaps, d.gap_term4)
                if 0 < abs(g) < abs(g_back) and g * g_back > 0 and abs(g - round(g)) < 1e-9]
        low = seat_at_gap(equal, end, min(dips)[1]) if dips else None
        if at_equal is None or at_back is None or at_back - 1 <= at_equal or equal[0] != equal[1] or low is None:
            self.walk_seats(p_t, q_t, [*first, equal, there], tail=climbing + 0.3)
            return

        def need_from(k):
            return sum(self._need(*cue) for cue in self._queue[k:])

        if first:
            self.walk_seats(p_t, q_t, first, tail=need_from(at_equal) + 0.3)
        self.until_cue("p = q")
        at_rise = next(k for k, cue in enumerate(self._queue) if back in cue[0]) - 1
        self.walk_seats(p_t, q_t, [equal, low], tail=need_from(at_rise) + 0.3)
        self.next_cue()  # "yet it rises again": the climb to p − q = g_back
        self.walk_seats(p_t, q_t, [there], tail=climbing + 0.3 if back not in self.cues_log[-1]["text"] else 0.5)

    def held_points(self):
        """What pulses while the seats are held: the fast pair's two points when its dial is on screen
        (scenes.naive.pairdials), else the dot on the gap curve."""
        if self.pair_dials is not None:
            return VGroup(*self.pair_points)
        return self.gap_dot

    def pulse_dot(self, target=None) -> None:
        """While the cue on screen is read, the dot on the gap curve (or `target`) pulses (not the numbers, whose
        group drives them from the seats), so a held picture still moves."""
        target = self.gap_dot if target is None else target
        points = getattr(self, "pair_points", None) or []
        on_rim = any(m is pt for m in target.submobjects for pt in points)  # the dial's two points: each pulses in
        #   place, a little (no flash): they sit just over the pair's cosine under the dial and never cover it
        while self._cue_start + self._cue_need - self.now > 0.9:
            pulse = ([Indicate(m, color=self.emph, scale_factor=1.3) for m in target] if on_rim else
                     [Indicate(target, color=self.emph, scale_factor=1.6),
                      Flash(target.get_center(), color=self.emph, line_length=0.12,
                            flash_radius=0.16 + max(target.width, target.height) / 2)])
            self.play(*pulse, run_time=min(1.6, self._cue_start + self._cue_need - self.now - 0.3))

    def pulse_until(self, mark: str, target=None) -> None:
        """Read the cues up to the one holding `mark`, the dot (or `target`) pulsing through each (until_cue,
        moving)."""
        while mark not in self.cues_log[-1]["text"]:
            self.pulse_dot(target)
            if not self.next_cue():
                break
