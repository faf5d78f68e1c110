"""naive_position's softmax row: what the raw seat numbers do to attention (seed 001, lesson 5 second station:
"the similarity is mostly seat number talking to seat number", carried on to the weights attention takes
from it).

One query word, the swapped-in E(十) at seat p, against ATT_KEYS keys at the seats up to q (the last key is
the chart's E′): the scaled dot products go through a softmax into one row of weights, each in [0, 1], the row
summing to 1. Two panels of bars over the keys' seats: the words alone (the weights spread), then the same
keys with the seat numbers added (the row piles onto the farthest seat). The chart is put away while the row is
shown and brought back after it. Every weight is the engine's (engine.naive.attention_row, in the record).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, UP, FadeIn, FadeOut, GrowFromEdge, Indicate, Line, Transform, VGroup

from look import fmt_num
from scenes.naive.bars import LABEL, SMALL
from scenes.parts.bars import BarRow

PANEL_X = (-3.3, 3.3)  # the two panels' centres
PANEL_W = 5.4
BASE_Y = -1.45  # the weights' zero line
UNIT = 2.6  # the height of a weight of 1: its value clear under the panel's formula
HEAD_Y = 2.7  # each panel's name; its formula under it
DECIMALS = 3


class SoftmaxRow:
    """Needs from the scene: data, pal, emph, s, txt, tex, look, play, wait, add, remove, section, until_cue,
    read_caption, light_until, shown, mobjects, persistent, _captions, word_now, swap_note."""

    def _softmax_panel(self, x: float, head: str, formula: str, color: str):
        d, pal = self.data, self.pal
        left = x - PANEL_W / 2
        row = BarRow(np.zeros(len(d.att_seats)), left=left, width=PANEL_W, y0=BASE_Y, unit=UNIT, color=color)
        name = self.txt(head, size=LABEL, color=color).move_to([x, HEAD_Y, 0])
        form = self.tex(formula, size=30, color=pal.ink).next_to(name, DOWN, buff=0.15)
        base = Line([left, BASE_Y, 0], [left + PANEL_W, BASE_Y, 0], stroke_width=2, color=pal.muted)
        seats = VGroup(*(self.txt(fmt_num(s, 0), size=SMALL, color=pal.muted).move_to([row.x(k), BASE_Y - 0.28, 0])
                         for k, s in enumerate(d.att_seats)))
        axis = self.txt(self.s("att_seat"), size=SMALL, color=pal.muted).move_to([x, BASE_Y - 0.68, 0])
        return row, VGroup(name, form, base, seats, axis)

    def softmax_row(self):
        d, pal = self.data, self.pal
        p = int(d.stops[-1, 0])
        seats = [int(s) for s in d.att_seats]
        w_words, w_seats = d.att_weights_words, d.att_weights_seats
        top = int(np.argmax(w_words))
        far = int(np.argmax(w_seats))  # the key the row piles onto (the farthest seat, at the scene's seats)
        others = {fmt_num(w, DECIMALS) for w in np.delete(w_seats, far)}
        rest = float(np.delete(w_seats, far).max())
        # the chart put away for the row (brought back after it): everything but the title and the caption
        chart = [m for m in self.mobjects if id(m) not in self._captions and m not in self.persistent]
        self.play(*(FadeOut(m) for m in chart), run_time=0.6)
        self.remove(*chart)
        text = self.s("cap_att", a=self.word_now, p=p, n=len(seats), k0=seats[0], k1=seats[-1])
        text += self.s("cap_att_words", w=fmt_num(w_words[top], DECIMALS), s=seats[top])
        text += self.s("cap_att_seats" if len(others) == 1 else "cap_att_seats_most", s=seats[far],
                       w=fmt_num(w_seats[far], DECIMALS), r=fmt_num(rest, DECIMALS)) + self.s("cap_att_end")
        self.section("softmax", text)
        left, left_st = self._softmax_panel(PANEL_X[0], self.s("att_words"),
                                            r"\mathrm{softmax}_j\big(E\cdot K_j/\sqrt{d}\big)", pal.cool)
        right, right_st = self._softmax_panel(PANEL_X[1], self.s("att_seats", p=p),
                                              rf"\mathrm{{softmax}}_j\big((E+{p})\cdot(K_j+q_j)/\sqrt{{d}}\big)", pal.bad)
        # the two panels, empty; "scores each of the keys at seats 8 to 12 … divided by √d": the formulas, then the
        # keys' seats lit in turn while it is read
        self.play(FadeIn(left_st), FadeIn(right_st), run_time=0.8)
        self.light_until("oftmax", (left_st[1], right_st[1]), (left_st[3], right_st[3]))
        # "softmax turns the scores into weights: each between 0 and 1, together 1": the words-alone row grows
        vals = [fmt_num(w, DECIMALS) for w in w_words]
        new = left.targets(w_words)
        labels = self._weights(left, vals, w_words)
        self.shown["softmax_words"] = [float(w) for w in w_words]
        self.play(*(GrowFromEdge(b, DOWN) for b in new), FadeIn(labels, shift=0.1 * UP), run_time=1.2)
        self.add(new)
        self.light_until(fmt_num(w_words[top], DECIMALS), labels)
        # "with the words alone, the weights spread: the largest …": that bar lit, then its seat
        self.light_until(fmt_num(w_seats[far], DECIMALS), VGroup(new[top], labels[top]), left_st[3][top])
        # "add the seat numbers": the same row copied over and re-shaped to its new weights, the numbers with it
        moved = new.copy()
        after = right.targets(w_seats)
        labels2 = self._weights(right, [fmt_num(w, DECIMALS) for w in w_seats], w_seats)
        self.shown["softmax_seats"] = [float(w) for w in w_seats]
        self.play(Transform(moved, after), FadeIn(labels2, rate_func=lambda t: min(1.0, 2.0 * t)), run_time=1.4)
        # the farthest seat's bar, then the other keys' weights, while the rest is read; the row goes during the last
        # cue ("the seats, not the words, decide"), which states no number
        rest_labels = VGroup(*(m for k, m in enumerate(labels2) if k != far))
        self.light_until(None, VGroup(moved[far], labels2[far]), rest_labels)
        self.read_caption()
        row = VGroup(left_st, right_st, new, labels, moved, labels2)
        self.play(FadeOut(row), run_time=0.5)
        self.remove(row)
        self.shown.pop("softmax_words", None)
        self.shown.pop("softmax_seats", None)
        # the chart back for sin/cos, without the swap's note (the next section starts without it)
        chart = [m for m in chart if m is not self.swap_note]
        self.play(*(FadeIn(m) for m in chart), run_time=0.6)

    def _weights(self, row, texts, values) -> VGroup:
        """Each weight printed over its bar, as text (read as the number it is)."""
        return VGroup(*(self.txt(t, size=SMALL, color=self.pal.ink).next_to([row.x(k), row.level(v), 0], UP, buff=0.08)
                        for k, (t, v) in enumerate(zip(texts, values))))
