"""naive_position's answer to p/N (seed 001, lesson 5, from "最笨的塞法" to the clock-hand fingerprint): p/N made
"one seat apart" 1/N, 0.2 in a sentence of 5 tokens and 0.02 in one of 50 (engine.naive.fraction_positions, the
record's frac_steps); sin/cos rows do not depend on N at all, and two seats one apart give the same
④ = PE(p)⋅PE(p + 1) at every seat. Late in the sin/cos walk, with the dial and the gap plot on the stage, the key
seat steps back one seat (p − q = 1) and both seats then walk down together to (1, 0): the dial's two points turn
together one radian apart, the plot's dot stays at gap 1 and ④ beside the dial holds still the whole way, while a
card over the plot sets the two steps side by side (④'s value over the dot is hidden meanwhile: the card names it). Every number is the engine's (engine.naive.sincos_terms at the seats shown).
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, UP, BackgroundRectangle, FadeIn, FadeOut, VGroup

from engine.naive import sincos_terms
from look import fmt_num
from scenes.naive.bars import SMALL
from scenes.naive.fraction import short_decimals

CARD_X = 0.2  # the card's left edge: right of the column beside the dial, over the gap plot on the stage
CARD_SIZE = 28  # its words' size: digits over 3.2 % of the frame height, two short lines that fit without shrinking
CARD_GAP = 0.03  # between the PE rows above and the card's top edge
CARD_TOP = 1.9  # the card's top edge when the PE rows are not up


class FixedStep:
    """Needs from the scene: data, pal, e_now, seats_now, vmax_seat, s, txt, walk_seats, until_cue, read_caption,
    shown, _queue, _need (scenes.naive_position)."""

    def step_words(self) -> dict:
        """The numbers the step's cues name: p/N's two steps and ④ one seat apart (the same at every seat)."""
        d = self.data
        top = int(self.vmax_seat)
        gap1 = np.array([sincos_terms(self.e_now, d.e2, p, p - 1)[3] for p in range(1, top + 1)])  # (top,)
        assert float(np.ptp(gap1)) < 1e-9, gap1  # one seat apart: the same ④ wherever the pair stands
        self.shown["gap1_term4"] = [round(float(v), 6) for v in gap1]
        n1, n2 = (int(n) for n in d.frac_lengths[:2])
        a1, a2 = (float(v) for v in d.frac_steps[:2])
        return {"n1": n1, "n2": n2, "a1": fmt_num(a1, short_decimals(a1)), "a2": fmt_num(a2, short_decimals(a2)),
                "s1": fmt_num(float(gap1[0]), 3)}

    def step_caption(self) -> str:
        """The step's two cues, said at the walk's end."""
        return self.s("cap_step_fixed", **self.step_words())

    def step_need(self) -> float:
        """Seconds the step's cues need (the walk before them leaves them that much)."""
        at = next((k for k, cue in enumerate(self._queue) if "p/N" in cue[0]), None)
        return sum(self._need(*cue) for cue in self._queue[at:]) if at is not None else 0.0

    def step_card(self, w: dict) -> VGroup:
        """p/N's two steps one seat apart and, hidden until said, ④ one seat apart with sin/cos."""
        pal = self.pal
        lines = VGroup(self.txt(self.s("step_frac", **w), size=CARD_SIZE, color=pal.accent),
                       self.txt(self.s("step_pe", **w), size=CARD_SIZE, color=self.term_colors[3]))
        lines.arrange(DOWN, aligned_edge=LEFT, buff=0.06)
        assert lines.width <= 6.2 - CARD_X, (lines.width, [m.text for m in lines])  # short lines, never shrunk
        rows = getattr(self, "pe_card", None)
        top = rows.get_bottom()[1] - CARD_GAP if rows is not None else CARD_TOP  # as high as the rows let it
        lines.move_to([CARD_X, top - 0.02, 0], aligned_edge=LEFT + UP)
        card = BackgroundRectangle(lines, color=pal.background, fill_opacity=1.0, buff=0.02)  # clear of "d/2 = 4"
        card.set_stroke(pal.muted, width=1.5, opacity=1.0)
        for m in lines:
            self.label_on(m, card, self.axis[0], *([self.gap_plot] if self.gap_plot is not None else []))
        return VGroup(card, lines)

    def step_same(self, p_t, q_t) -> None:
        """"Unlike p/N …": the card with p/N's two steps while the key seat steps back one; "at p − q = 1, ④ = …":
        ④'s line on the card, and both seats walk down together to (1, 0), ④ holding still."""
        if "p/N" not in self.cues_log[-1]["text"] and self.step_need() <= 0.0:
            return  # no step cues (the walk's plain caption)
        w = self.step_words()
        top = int(self.vmax_seat)
        self.until_cue("p/N")
        card = self.step_card(w)
        head = VGroup(card[0], card[1][0])
        value = self.dot_value  # over the dot, under the card: hidden while the card names ④ (still kept up to date)
        hide = [value.animate.set_opacity(0.0)] if value is not None else []
        self.play(FadeIn(head, shift=0.1 * DOWN), *hide, run_time=0.8)
        later = sum(self._need(*cue) for cue in self._queue)  # the cue "at p − q = 1" and any after it
        self.walk_seats(p_t, q_t, [(top, top - 1)], tail=later + 0.3, pause=0.0)
        self.until_cue("p − q = 1")
        self.play(FadeIn(card[1][1], shift=0.1 * DOWN), run_time=0.6)
        # down to (1, 0) while this cue is read (not stretched over the cue after it)
        self.walk_seats(p_t, q_t, [(1, 0)], tail=max(0.6, self.caption_left() - max(2.0, self.cue_left() - 0.3)), pause=0.0)
        if not self.next_cue():  # the card goes as the next cue comes (the chart's return moves under it), not later
            self.read_caption()
        self.play(FadeOut(card), run_time=0.5)  # ④'s value over the dot goes with the plot's return (stage_out)
        self.remove(card)
