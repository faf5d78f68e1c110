"""naive_position's softmax row: what the raw seat numbers do to attention (seed 001, lesson 5 second station:
"the similarity is mostly seat number talking to seat number", carried on to the weights attention takes
from it).

One query word, the swapped-in E(十) at seat p, against ATT_KEYS keys at the seats up to q (the last key is
the chart's E′): the scaled dot products go through a softmax into one row of weights, each in [0, 1], the row
summing to 1. Two panels of bars over the keys' seats: the words alone (the weights spread), then the same
keys with the seat numbers added (the row piles onto the farthest seat). The chart is put away while the row is
shown and brought back after it. After sin/cos, the same row again (softmax_again): the seat-number panel beside
the same query and keys with sin/cos rows PE(p), PE(q_j) in place of the seat numbers, the weights spread out again.
Every weight is the engine's (engine.naive.attention_row and sincos_attention_row, in the record).
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, FadeIn, FadeOut, GrowFromEdge, Indicate, Line, Transform, VGroup

from look import fmt_num
from scenes.naive.values import fmt_point
from scenes.naive.bars import LABEL, SMALL
from scenes.parts.bars import BarRow

PANEL_X = (-3.3, 3.3)  # the two panels' centres
PANEL_W = 5.4
BASE_Y = -1.45  # the weights' zero line
UNIT = 2.6  # the height of a weight of 1: its value clear under the panel's formula
HEAD_Y = 2.7  # each panel's name; its formula under it
PANEL_SIZE = 34  # the panels' formulas: digits over 3.2 % of the frame height
DECIMALS = 3
SCORE_DECIMALS = 3  # the words-alone scores (the record's digits)
SEAT_SCORE_DECIMALS = 0  # the scores with seats: whole numbers (hundreds at the lesson; a large seat staggers them)
SCORE_ZERO = 1.2  # the scores' zero line, this far over the weights': a score below zero clear of the seats
SCORE_H = 0.8  # the largest |score|'s bar


class SoftmaxRow:
    """Needs from the scene: data, pal, emph, s, txt, tex, look, play, wait, add, remove, section, until_cue,
    read_caption, light_until, shown, mobjects, persistent, _captions, word_now, swap_note."""

    def _softmax_panel(self, x: float, head: str, dot: str, color: str):
        """One panel: its heading names the raw scores ("score = dot/√d") while the bars are scores; the softmax
        heading (returned last) takes its place when they turn into weights."""
        d, pal = self.data, self.pal
        left = x - PANEL_W / 2
        row = BarRow(np.zeros(len(d.att_seats)), left=left, width=PANEL_W, y0=BASE_Y, unit=UNIT, color=color)
        name = self.txt(head, size=LABEL, color=color).move_to([x, HEAD_Y, 0])
        form = VGroup(self.txt(self.s("att_score"), size=LABEL, color=pal.ink),
                      self.panel_tex(r"=\,", dot, r"/\sqrt{d}", PANEL_W - 1.0)).arrange(RIGHT, buff=0.12)
        form.next_to(name, DOWN, buff=0.15)
        soft = self.panel_tex(r"\mathrm{softmax}_j\big(", dot, r"/\sqrt{d}\big)", PANEL_W)
        soft.next_to(name, DOWN, buff=0.15)
        for m in (form, soft):  # kept inside its panel (two lines already: only a very wide seat shrinks it)
            if m.width > PANEL_W:
                m.scale_to_fit_width(PANEL_W)
        base = Line([left, BASE_Y, 0], [left + PANEL_W, BASE_Y, 0], stroke_width=2, color=pal.muted)
        seats = VGroup(*(self.txt(fmt_num(s, 0), size=SMALL, color=pal.muted).move_to([row.x(k), BASE_Y - 0.28, 0])
                         for k, s in enumerate(d.att_seats)))
        axis = self.txt(self.s("att_seat"), size=SMALL, color=pal.muted).move_to([x, BASE_Y - 0.68, 0])
        return row, VGroup(name, form, base, seats, axis), soft

    def panel_tex(self, head: str, dot: str, tail: str, width: float):
        """head + dot + tail as one formula at PANEL_SIZE; one too wide for `width` (the sin/cos rows' dot product)
        is broken after its product's dot into two lines at the same size, never shrunk to fit."""
        one = self.tex(head + dot + tail, size=PANEL_SIZE, color=self.pal.ink)
        left, cut, right = dot.partition(r"\cdot")
        if one.width <= width or not cut:
            return one
        return VGroup(self.tex(head + left + cut, size=PANEL_SIZE, color=self.pal.ink),
                      self.tex(r"\quad " + right + tail, size=PANEL_SIZE, color=self.pal.ink)).arrange(
            DOWN, aligned_edge=LEFT, buff=0.1)

    def _heading_to_softmax(self, panel: VGroup, soft) -> list:
        """The score heading out and the softmax heading in (the panel then holds the softmax one)."""
        old = panel[1]
        panel.submobjects[1] = soft
        return [FadeOut(old, rate_func=lambda t: min(1.0, 2.0 * t)),
                FadeIn(soft, rate_func=lambda t: max(0.0, 2.0 * t - 1.0))]

    def softmax_row(self):
        d, pal = self.data, self.pal
        p = int(d.att_query_seat)  # the query's seat: inside the keys' seats
        seats = [int(s) for s in d.att_seats]
        w_words, w_seats = d.att_weights_words, d.att_weights_seats
        s_words, s_seats = d.att_scores_words, d.att_scores_seats
        top = int(np.argmax(w_words))
        far = int(np.argmax(w_seats))  # the key the row piles onto (the largest seat, not the query's)
        others = {fmt_num(w, DECIMALS) for w in np.delete(w_seats, far)}
        rest = float(np.delete(w_seats, far).max())
        # the chart put away for the row (brought back after it): everything but the title and the caption
        chart = [m for m in self.mobjects if id(m) not in self._captions and m not in self.persistent]
        self.play(*(FadeOut(m) for m in chart), run_time=0.6)
        self.remove(*chart)
        text = self.s("cap_att", a=self.word_now, p=p, n=len(seats), k0=seats[0], k1=seats[-1])
        text += self.s("cap_att_words", w=fmt_num(w_words[top], DECIMALS), s=seats[top])
        text += self.s("cap_att_seats" if len(others) == 1 else "cap_att_seats_most", s=seats[far], p=p,
                       w=fmt_num(w_seats[far], DECIMALS), r=fmt_num(rest, DECIMALS),
                       lo=fmt_num(s_seats.min(), SEAT_SCORE_DECIMALS), hi=fmt_num(s_seats.max(), SEAT_SCORE_DECIMALS))
        self.section("softmax", text)
        left, left_st, left_soft = self._softmax_panel(PANEL_X[0], self.s("att_words"), r"E\cdot K_j", pal.cool)
        right, right_st, right_soft = self._softmax_panel(PANEL_X[1], self.s("att_seats", p=p),
                                                          rf"(E+{p})\cdot(K_j+q_j)", pal.bad)
        # "scores each of the keys at seats 8 to 12 … divided by √d": the words-alone panel comes with its five raw
        # scores as bars over the keys' seats; the formula, then the seats lit while it is read
        bars, zero, marks = self._scores(left, s_words, SCORE_DECIMALS)
        self.shown["scores_words"] = [float(v) for v in s_words]
        self.play(FadeIn(left_st), FadeIn(zero), *(GrowFromEdge(b, DOWN if v >= 0 else UP) for b, v in zip(bars, s_words)),
                  FadeIn(marks, shift=0.1 * UP), run_time=1.0)
        self.light_until("oftmax", left_st[1], left_st[3])
        # "softmax turns the scores into weights: each between 0 and 1, together 1": the score bars become the weights
        vals = [fmt_num(w, DECIMALS) for w in w_words]
        new = left.targets(w_words)
        labels = self._weights(left, vals, w_words)
        self.shown.pop("scores_words", None)
        self.shown["softmax_words"] = [float(w) for w in w_words]
        self.play(Transform(bars, new), FadeOut(zero), FadeOut(marks), FadeIn(labels, shift=0.1 * UP),
                  *self._heading_to_softmax(left_st, left_soft), run_time=1.2)
        self.remove(bars, zero, marks)
        self.add(new)
        self.light_until(fmt_num(w_words[top], DECIMALS), labels)
        # "with the words alone, the weights spread: the largest …": that bar lit, then its seat
        self.light_until(fmt_num(s_seats.min(), SEAT_SCORE_DECIMALS), VGroup(new[top], labels[top]), left_st[3][top])
        # "add the seat numbers, and the scores jump …": the second panel comes with its raw scores, the largest seat's lit
        bars2, zero2, marks2 = self._scores(right, s_seats, SEAT_SCORE_DECIMALS)
        self.shown["scores_seats"] = [float(v) for v in s_seats]
        self.play(FadeIn(right_st), FadeIn(zero2), *(GrowFromEdge(b, DOWN) for b in bars2), FadeIn(marks2, shift=0.1 * UP),
                  run_time=1.0)
        self.light_until("oftmax", (marks2[far], right_st[3][far]))
        # "softmax gives that key …": the scores become the weights, the numbers with them
        after = right.targets(w_seats)
        labels2 = self._weights(right, [fmt_num(w, DECIMALS) for w in w_seats], w_seats)
        self.shown.pop("scores_seats", None)
        self.shown["softmax_seats"] = [float(w) for w in w_seats]
        self.play(Transform(bars2, after), FadeOut(zero2), FadeOut(marks2), FadeIn(labels2, shift=0.1 * UP),
                  *self._heading_to_softmax(right_st, right_soft), run_time=1.4)
        self.remove(zero2, marks2)
        # the largest seat's bar, then the query's own seat (its weight next to nothing), while the rest is read; the
        # row goes during the last cue ("the seats, not the words, decide"), which states no number
        own = seats.index(p)
        self.light_until(None, VGroup(bars2[far], labels2[far]), (right_st[3][own], labels2[own]))
        self.read_caption()
        row = VGroup(left_st, right_st, new, labels, bars2, labels2)
        self.play(FadeOut(row), run_time=0.5)
        self.remove(row)
        self.shown.pop("softmax_words", None)
        self.shown.pop("softmax_seats", None)
        self.chart_away = [m for m in chart if m is not self.swap_note]  # without the swap's note: sin/cos starts without it

    def softmax_again(self):
        """The softmax row once more, after sin/cos: the seat-number panel as it was left (one key takes the row)
        and beside it the same query word at the same seat, the same keys, with sin/cos rows at the scene's d
        (engine.naive.sincos_attention_row): the weights spread out again. The chart goes and comes back after."""
        d, pal = self.data, self.pal
        p = int(d.att_query_seat)
        seats = [int(s) for s in d.att_seats]
        w_seats, w_sc = d.att_weights_seats, d.att_weights_sincos
        far = int(np.argmax(w_seats))
        chart = [m for m in self.mobjects if id(m) not in self._captions and m not in self.persistent]
        self.play(*(FadeOut(m) for m in chart), run_time=0.6)
        self.remove(*chart)
        lo, hi = fmt_num(float(w_sc.min()), DECIMALS), fmt_num(float(w_sc.max()), DECIMALS)
        text = self.s("cap_att_again", a=self.word_now, p=p, k0=seats[0], k1=seats[-1], s=seats[far],
                      w=fmt_num(w_seats[far], DECIMALS))
        top = int(np.argmax(w_sc))  # the key that gets most under sin/cos, and its seat
        text += self.s("cap_att_sincos", lo=lo, hi=hi, wmax=fmt_num(float(w_sc[top]), DECIMALS), at=seats[top])
        terms = d.att_terms_sincos  # (K, 4): each sin/cos score in its four terms (scenes.naive.scoresplit)
        own, cross = int(np.argmax(terms[:, 3])), 1 + int(np.argmax(terms[top, 1:3]))
        text += self.s("cap_att_split", at=seats[top], own=seats[own], t4own=fmt_point(float(terms[own, 3]), DECIMALS),
                       t4top=fmt_point(float(terms[top, 3]), DECIMALS), cm="①②③④"[cross],
                       cdesc=self.s(f"cross_{cross + 1}"), tc=fmt_point(float(terms[top, cross]), DECIMALS),
                       wmax=fmt_num(float(w_sc[top]), DECIMALS))
        self.section("softmax_sincos", text)
        panels = []
        for x, head, dot, color, w in ((PANEL_X[0], self.s("att_seats", p=p), rf"(E+{p})\cdot(K_j+q_j)", pal.bad, w_seats),
                                       (PANEL_X[1], self.s("att_sincos"),
                                        rf"(E+\mathrm{{PE}}({p}))\cdot(K_j+\mathrm{{PE}}(q_j))", pal.accent, w_sc)):
            row, st, soft = self._softmax_panel(x, head, dot, color)
            old = st[1]
            st.submobjects[1] = soft  # the weights at once: the scores were shown the first time
            bars = row.targets(w)
            labels = self._weights(row, [fmt_num(v, DECIMALS) for v in w], w)
            panels.append((st, bars, labels, old))
        # the seat-number row as it was left: one key takes it all
        st, bars, labels, _ = panels[0]
        self.shown["softmax_seats"] = [float(v) for v in w_seats]
        self.play(FadeIn(st), *(GrowFromEdge(b, DOWN) for b in bars), FadeIn(labels, shift=0.1 * UP), run_time=1.0)
        self.light_until(fmt_num(w_seats[far], DECIMALS), tuple(st[3]))  # "the same keys": their seats lit
        self.light_until("sin/cos", VGroup(bars[far], labels[far]))  # the cue that names sin/cos brings its panel
        # "with sin/cos rows in place of the seat numbers, no key takes it all": the second panel grows beside it
        st2, bars2, labels2, _ = panels[1]
        self.shown["softmax_sincos"] = [float(v) for v in w_sc]
        self.play(FadeIn(st2), *(GrowFromEdge(b, DOWN) for b in bars2), FadeIn(labels2, shift=0.1 * UP), run_time=1.2)
        self.light_until(self.s("mark_split"), tuple(labels2), (VGroup(bars[far], labels[far]), VGroup(bars2, labels2)))
        # "why seat 12? split each score into its four terms": the seat-number panel gives way to the split
        split = self.split_scores(PANEL_X[0], PANEL_W, VGroup(st, bars, labels), VGroup(bars2[top], labels2[top]))
        self.shown.pop("sincos_scores", None)
        self.shown.pop("sincos_score_terms", None)
        row = VGroup(split, VGroup(st2, bars2, labels2))
        self.play(FadeOut(row), *(FadeIn(m) for m in chart), run_time=0.8)
        self.remove(row)
        self.shown.pop("softmax_seats", None)
        self.shown.pop("softmax_sincos", None)

    def chart_back(self, *leaving):
        """The chart put away for the softmax row back on screen, for sin/cos (with `leaving`: what goes as it comes)."""
        self.play(*leaving, *(FadeIn(m) for m in self.chart_away), run_time=0.6)

    def _scores(self, row, values, decimals):
        """The raw scores as bars on their own zero line above the weights' (scaled to the panel: the largest |score|
        SCORE_H high), each printed at its tip: above a bar that points up, below one that points down."""
        values = np.asarray(values, dtype=float)
        unit = SCORE_H / float(np.abs(values).max())
        y0 = BASE_Y + SCORE_ZERO
        scores = BarRow(values, left=row.x_left, width=row.span, y0=y0, unit=unit, color=row.style["color"])
        zero = Line([row.x_left, y0, 0], [row.x_left + row.span, y0, 0], stroke_width=1.5, color=self.pal.muted)
        marks = VGroup(*(self.txt(fmt_num(v, decimals), size=SMALL, color=self.pal.ink)
                         .next_to([row.x(k), scores.level(v), 0], UP if v >= 0 else DOWN, buff=0.08)
                         for k, v in enumerate(values)))
        def crowded(step):  # two numbers on one line, `step` keys apart, touching
            return any(marks[k].get_right()[0] + 0.05 > marks[k + step].get_left()[0] for k in range(len(marks) - step))

        # long numbers (a large seat): every other one a line further out, or every third on three lines when two
        # lines still leave them touching (whole scores of eight digits at a wide d and far seats)
        lines = 1 if not crowded(1) else (2 if not crowded(2) else 3)
        for k in range(len(marks)):
            marks[k].shift((k % lines) * (marks[k].height + 0.12) * (UP if values[k] >= 0 else DOWN))
        return scores.bars, zero, marks

    def _weights(self, row, texts, values) -> VGroup:
        """Each weight printed over its bar, as text (read as the number it is)."""
        return VGroup(*(self.txt(t, size=SMALL, color=self.pal.ink).next_to([row.x(k), row.level(v), 0], UP, buff=0.08)
                        for k, (t, v) in enumerate(zip(texts, values))))
