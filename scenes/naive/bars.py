"""naive_position's bar machine (seed 001, lesson 5 second station, the bar machine): the p and q
sliders, the four terms of (E + p)·(E′ + q) as bars on one scale, the enlarged inset of term ①, the
total and ①'s share; `set_seats` redraws them for seats p, q (engine.naive.naive_terms on the record's
vectors, every frame while the seats move) and `run_bars` moves the seats through the record's stops.
Mixed into scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, FadeIn, Line, Rectangle, ValueTracker, VGroup, VMobject, smooth

from engine.naive import naive_terms
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.parts.glyphs import GlyphNumber

ZERO_X = -0.7  # the bars' zero line
POS_ROOM = 6.9  # room to the right of zero (to x = 6.2)
NEG_ROOM = 1.2  # room to the left of zero
BAR_YS = (1.1, 0.25, -0.6, -1.45)
BAR_H = 0.36
ZOOM_X0, ZOOM_W = 2.3, 3.7  # the inset that enlarges term ①: its zero and full width
SLIDER = {"p": (-5.4, -1.5), "q": (1.5, 5.1)}
SLIDER_Y = 2.65
LABEL_STEPS = (1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500)


def slots(bound: float, decimals: int) -> int:
    """GlyphNumber slots for any value of magnitude up to `bound`."""
    return len(fmt_num(-abs(bound) - 0.5 * 10.0 ** -decimals, decimals))


class NaiveBars:
    """Needs from the scene: data, vmax_seat, c_dec, term_colors, pal, look, s, txt, tex, section, play,
    wait, shown (scenes.naive_position)."""

    def slider(self, name, color):
        pal = self.pal
        x0, x1 = SLIDER[name]
        n_slots = max(5, slots(self.vmax_seat, 2) - 1)
        if name == "q":  # a wider number (a far seat) keeps the right edge: the track gives way
            x1 -= 0.2 * (n_slots - 5)
        self.slider_x[name] = (x0, x1)
        track = Line([x0, SLIDER_Y, 0], [x1, SLIDER_Y, 0], stroke_color=pal.muted, stroke_width=3)
        ticks = VMobject(stroke_color=pal.muted, stroke_width=2)
        labels = VGroup()
        top = int(self.vmax_seat)
        if top <= 12:
            label_step = 3 if top >= 6 else 1  # the lesson's 0, 3, 6, 9, 12
        else:
            label_step = next((s for s in LABEL_STEPS if top / s <= 6), LABEL_STEPS[-1])
        tick_step = 1 if top <= 40 else label_step
        for v in range(0, top + 1, tick_step):
            x = x0 + (x1 - x0) * v / top
            ticks.start_new_path(np.array([x, SLIDER_Y - 0.06, 0.0]))
            ticks.add_line_to(np.array([x, SLIDER_Y + 0.06, 0.0]))
            if v % label_step == 0:
                labels.add(self.txt(str(v), size=18, color=pal.muted).move_to([x, SLIDER_Y - 0.24, 0]))
        knob = Dot(radius=0.09, color=color).move_to([x0, SLIDER_Y, 0])
        lab = self.tex(f"{name} =", size=32, color=color)
        num = GlyphNumber(0.0, decimals=2, width=n_slots, font=self.look.font, font_size=24, color=color)
        lab.next_to(track, LEFT, buff=0.25)
        num.next_to(track, RIGHT, buff=0.2)
        lab.align_to(num, DOWN)
        return VGroup(track, ticks, labels, lab), knob, num

    def build_bars(self):
        pal, d = self.pal, self.data
        self.slider_x = {}
        sp_static, self.p_knob, self.p_num = self.slider("p", pal.accent)
        sq_static, self.q_knob, self.q_num = self.slider("q", pal.ok)
        self.bars, self.values = [], []
        statics = VGroup(sp_static, sq_static)
        # the largest value each number can show while the seats move (|ΣE| of either first word)
        top_p, top_q = d.stops[:, 0].max(), d.stops[:, 1].max()
        sum_e = max(abs(d.e_sum), abs(float(d.e_swap.sum())))
        bounds = (float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0]))), top_q * sum_e,
                  top_p * abs(d.e2_sum), top_p * top_q * d.d_model)
        self.bounds = bounds
        for k, y in enumerate(BAR_YS):
            color = self.term_colors[k]
            lab = self.txt(self.s(f"t{k + 1}"), size=19, color=color)
            lab.move_to([ZERO_X - NEG_ROOM - 0.2, y + 0.16, 0], aligned_edge=RIGHT)
            dec = self.c_dec if k == 0 else 3
            val = GlyphNumber(0.0, decimals=dec, width=max(9, slots(bounds[k], dec)), font=self.look.font,
                              font_size=20, color=color)
            val.move_to([ZERO_X - NEG_ROOM - 0.2, y - 0.2, 0], aligned_edge=RIGHT)
            bar = Rectangle(width=0.01, height=BAR_H, stroke_width=0, fill_color=color, fill_opacity=0.9)
            bar.move_to([ZERO_X, y, 0])
            statics.add(lab)
            self.bars.append(bar)
            self.values.append(val)
        axis = Line([ZERO_X, BAR_YS[0] + 0.35, 0], [ZERO_X, BAR_YS[-1] - 0.35, 0], stroke_color=pal.ink,
                    stroke_width=2)
        statics.add(axis)
        self.word_label = self.txt(self.s("words", a=d.words[0], b=d.words[1]), size=18, color=pal.muted)
        self.word_label.move_to([-6.3, 1.9, 0], aligned_edge=LEFT)
        # the zoomed inset: on the common scale term ① is a sliver, so it is drawn again enlarged
        self.zoom_full = float(max(np.abs(d.stop_terms[:, 0]).max(), abs(d.swap_terms[0])))
        frame = Rectangle(width=ZOOM_W + 0.2, height=BAR_H + 0.2, stroke_color=pal.muted, stroke_width=1.5)
        frame.move_to([ZOOM_X0 + ZOOM_W / 2, BAR_YS[0], 0])
        zoom_lab = self.txt(self.s("zoom", v=fmt_num(self.zoom_full, self.c_dec)), size=18, color=pal.muted)
        zoom_lab.next_to(frame, UP, buff=0.06).align_to(frame, LEFT)
        self.zoom_bar = Rectangle(width=0.01, height=BAR_H, stroke_width=0, fill_color=self.term_colors[0],
                                  fill_opacity=0.9).move_to([ZOOM_X0, BAR_YS[0], 0])
        statics.add(frame, zoom_lab)
        tot_lab = self.txt(self.s("total"), size=20)
        tot_f = self.tex(r"(E+p)\cdot(E'+q) =", size=28)
        self.total_num = GlyphNumber(0.0, decimals=3, width=max(9, slots(sum(bounds), 3)), font=self.look.font,
                                     font_size=22, color=pal.ink)
        share_lab = self.txt(self.s("share") + " =", size=20)
        self.share_num = GlyphNumber(0.0, decimals=3, width=7, font=self.look.font, font_size=22,
                                     color=pal.cool)
        pct = self.txt("%", size=20, color=pal.cool)
        row = VGroup(tot_lab, tot_f, self.total_num).arrange(RIGHT, buff=0.15)
        row.move_to([-6.3, -2.0, 0], aligned_edge=LEFT)
        self.total_num.align_to(tot_lab, DOWN)
        VGroup(share_lab, self.share_num, pct).arrange(RIGHT, buff=0.1).move_to([6.3, -2.0, 0], aligned_edge=RIGHT)
        self.share_num.align_to(share_lab, DOWN)
        pct.align_to(share_lab, DOWN)
        scale_lab = self.txt(self.s("scale", v=""), size=18, color=pal.muted)
        full_bound = max(bounds) * max(1.0, POS_ROOM / NEG_ROOM)  # the full width is set by the longest bar
        self.scale_num = GlyphNumber(0.0, decimals=3, width=max(9, slots(full_bound, 3)), font=self.look.font,
                                     font_size=18, color=pal.muted)
        VGroup(scale_lab, self.scale_num).arrange(RIGHT, buff=0.1).move_to([-6.3, -2.36, 0], aligned_edge=LEFT)
        self.scale_num.align_to(scale_lab, DOWN)
        statics.add(tot_lab, tot_f, share_lab, pct, scale_lab)
        self.bar_statics = statics
        self.live = VGroup(*self.bars, self.zoom_bar, *self.values, self.p_knob, self.q_knob, self.p_num, self.q_num,
                           self.total_num, self.share_num, self.scale_num)
        self.e_now = d.e
        self.word_now = d.words[0]
        self.set_seats(0.0, 0.0)

    def set_seats(self, p: float, q: float) -> None:
        """Draw the four terms for seats p, q (fractional while moving) on one scale; log them."""
        d = self.data
        terms = naive_terms(self.e_now, d.e2, p, q)  # (4,)
        total = float(terms.sum())
        pos = max(terms.max(), 0.0)
        neg = max(-terms.min(), 0.0)
        unit = max(pos / POS_ROOM, neg / NEG_ROOM, 1e-12)  # value per scene unit: one scale for all bars
        for k, (bar, val, y) in enumerate(zip(self.bars, self.values, BAR_YS)):
            width = abs(terms[k]) / unit
            bar.stretch_to_fit_width(max(width, 1e-4))
            bar.move_to([ZERO_X + np.sign(terms[k]) * width / 2, y, 0])
            val.set_value(terms[k])
            self.shown[f"term_{k + 1}"] = float(terms[k])
        zoom = abs(terms[0]) / self.zoom_full * ZOOM_W
        self.zoom_bar.stretch_to_fit_width(max(zoom, 1e-4)).move_to([ZOOM_X0 + zoom / 2, BAR_YS[0], 0])
        share = 100.0 * abs(terms[0]) / np.abs(terms).sum()
        full = unit * POS_ROOM
        for name, v, knob in (("p", p, self.p_knob), ("q", q, self.q_knob)):
            x0, x1 = self.slider_x[name]
            knob.move_to([x0 + (x1 - x0) * v / self.vmax_seat, SLIDER_Y, 0])
        self.p_num.set_value(p)
        self.q_num.set_value(q)
        self.total_num.set_value(total)
        self.share_num.set_value(share)
        self.scale_num.set_value(full)
        self.shown.update({"p": p, "q": q, "word": self.word_now, "total": total, "content_share_pct": share,
                           "full_width_value": full})

    def run_bars(self):
        d = self.data
        p_t, q_t = ValueTracker(0.0), ValueTracker(0.0)
        k_pq = len(d.stops) - 1  # the last stop: the seats p, q
        pq = d.stops[k_pq]
        key = "cap_bars" if pq[0] == pq[1] else "cap_bars_pq"
        self.section("bars", self.s(key))
        self.play(FadeIn(self.bar_statics), FadeIn(self.word_label), FadeIn(self.live), run_time=1.0)
        self.wait(2.5)

        def follow(group):
            self.set_seats(p_t.get_value(), q_t.get_value())

        self.live.add_updater(follow)
        for k, (p, q) in enumerate(d.stops[1:], start=1):
            span = max(abs(p - p_t.get_value()), abs(q - q_t.get_value()))
            self.play(p_t.animate.set_value(float(p)), q_t.animate.set_value(float(q)),
                      run_time=float(np.clip(0.5 * span, 1.5, 3.5)), rate_func=smooth)
            self.shown["stop"] = k
            self.wait(1.6 if k < len(d.stops) - 1 else 0.5)
        self.live.remove_updater(follow)
        # the numbers are stated once the bars show them
        self.caption(self.s(key + "_end", p=f"{pq[0]:g}", q=f"{pq[1]:g}", t4=fmt_num(d.stop_terms[k_pq, 3], 3),
                            c=fmt_num(d.stop_terms[k_pq, 0], self.c_dec)))
        read_with(self, self.values[3], self.values[0])
        self.shown.pop("stop", None)
        self.p_t, self.q_t = p_t, q_t
