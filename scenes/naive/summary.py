"""naive_position's conclusion (seed 001, lesson 5, from the bar machine to the clock-hand fingerprint): the
caveat first (the raw dot product, before W_Q and W_K), coming in as the chart leaves, then the two summaries
side by side, seat numbers (④ = p q d, ≈ r × ① of the first pair) against sin/cos (④ ≤ d/2, a function of
p − q in the raw dot product), their maths set in TeX as the picture's is, the gap plot moving in beside them
and its curve traced again. The title names the comparison from here on. Mixed into
scenes.naive_position.NaivePosition.
"""
from __future__ import annotations

import re

from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, Transform, VGroup, linear, smooth

from look import fmt_num
from scenes.naive.ending import PE, half_d

MATH = re.compile(r"\$([^$]*)\$")  # $…$ in a summary line: set in TeX


class NaiveSummary:
    """Needs from the scene: the sin/cos ending (scenes.naive.ending.NaiveEnding) and its gap plot."""

    def mixed_line(self, line: str, size: int, color: str) -> VGroup:
        """A summary line: its words in the text font, its $…$ maths in TeX, on one line."""
        parts = MATH.split(line)  # text, maths, text, …
        mobs = [self.tex(part, size=size + 8, color=color) if k % 2 else self.txt(part.strip(), size=size, color=color)
                for k, part in enumerate(parts) if part.strip()]
        kinds = [k % 2 for k, part in enumerate(parts) if part.strip()]
        texts = [part.strip() for part in parts if part.strip()]
        line_mob = VGroup(*mobs)
        for k in range(1, len(mobs)):  # punctuation hugs the maths before it
            tight = (texts[k][0] in ":：;；,，)）" and kinds[k] == 0) or (texts[k - 1][-1] in "(（" and kinds[k - 1] == 0)
            mobs[k].next_to(mobs[k - 1], RIGHT, buff=0.04 if tight else 0.12)
        return line_mob

    def conclusion(self, gap) -> None:
        """The conclusion on a card: seat numbers (④ grows with p⋅q, ≈ r × ①) against sin/cos (bounded,
        ④ a function of p − q), the gap plot moving in beside its line."""
        pal, d = self.pal, self.data
        p, q = int(d.stops[-1, 0]), int(d.stops[-1, 1])
        hb = half_d(d.d_model, d.sincos_bound)
        plot = self.gap_plot
        self.section("conclusion", self.s("cap_conclusion"), keep=[plot])
        t4 = (fmt_num(d.stop_terms[-1, 3], 0),)  # ④ at the last stop with seat numbers
        forms = (rf"= p\,q\,d = {t4[0]}", rf"= {PE}(p)\cdot {PE}(q)\le {hb.replace(' ', '')}")  # the bound; equal at p = q
        # ① of the first pair (the one the ratio was measured on), not the pair on screen last
        bodies = (self.s("concl_seat", p=p, q=q, r=fmt_num(d.ratio_last, 0), w=d.words[0], w2=d.words[1]),
                  self.s("concl_sincos", p=p, hb=hb, b=d.sincos_bound))
        blocks = []
        for key, color, form, body in zip(("concl_seat_head", "concl_sincos_head"), (self.term_colors[3], pal.accent),
                                          forms, bodies):
            head = self.txt(self.s(key), size=30, color=color, weight="BOLD")
            big = VGroup(self.txt("④", size=34, color=color), self.tex(form, size=40, color=color)).arrange(RIGHT, buff=0.14)
            lines = [self.mixed_line(line, 26, pal.ink) for line in body.split("\n")]
            block = VGroup(head, big, *lines).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
            if block.width > 5.8:
                block.scale_to_fit_width(5.8)
            blocks.append(block)
        blocks[0].move_to([-6.2, 2.3, 0], aligned_edge=LEFT + UP)  # side by side: seat numbers | sin/cos
        blocks[1].move_to([0.4, 2.3, 0], aligned_edge=LEFT + UP)
        plot[1].remove(self.gap_dot)  # the seats are no longer on screen: no dot for them
        leaving = [m for m in self.mobjects if m is not plot and m is not self.title_mob
                   and id(m) not in self._captions]
        top, bottom = blocks[1].get_bottom()[1] - 0.2, -2.45  # under the sin/cos block, above the captions
        f = min(1.0, (top - bottom) / plot.height)
        target = plot.copy().scale(f).move_to([3.4, (top + bottom) / 2, 0])
        drawn = target[1][0]  # axes, line, curve, ticks, p − q, ④, d/2: the words keep their size
        for m in (*drawn[4], *drawn[5:8]):
            m.scale(1.0 / f)
        drawn[5].next_to(drawn[4][2], RIGHT, buff=0.15)  # p − q after the last gap: clear of the ticks
        drawn[7].next_to(drawn[2], RIGHT, buff=0.12)  # d/2 after the dashed line: clear of the smaller curve
        # the caveat first ("this is still the raw dot product"), then the two conclusions: the scene ends on them
        raw = self.tex(rf"x_p=E+{PE}(p),\quad x_q=E'+{PE}(q)", size=34, color=pal.ink)
        att = self.tex(r"x_p\cdot x_q\ \longrightarrow\ (x_p W_Q)\cdot(x_q W_K)", size=34, color=pal.ink)
        notes = VGroup(raw, att).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        if notes.width > 5.8:
            notes.scale_to_fit_width(5.8)
        notes.move_to([-6.2, 2.3, 0], aligned_edge=LEFT + UP)  # on top of the left column: read first
        blocks[0].move_to([-6.2, notes.get_bottom()[1] - 0.45, 0], aligned_edge=LEFT + UP)
        # the caveat's first line comes in while the chart is still going (its second half): never a near-empty frame
        self.play(*(FadeOut(m) for m in leaving), Transform(plot, target), *self.new_title("title_concl"),
                  FadeIn(raw, shift=0.1 * UP, rate_func=lambda t: smooth(max(0.0, 2.0 * t - 1.0))), run_time=1.2)
        self.remove(*leaving)
        self.title_done()
        self.pe_shown = False  # the PE rows have left with the chart: the record says so
        self.shown.pop("pe_rows", None)
        self.play(FadeIn(att, shift=0.1 * UP), run_time=1.0)  # whole, not stroke by stroke
        self.until_cue("p × q")  # "seat numbers: ④ grows with p × q until it swamps ①"
        self.play(FadeIn(blocks[0], shift=0.1 * UP), run_time=0.6)
        self.until_cue("sin")  # "with sin and cos, every term is bounded"
        self.play(FadeIn(blocks[1], shift=0.1 * UP), run_time=0.6)
        self.until_cue("p − q")  # "and in the raw dot product ④ depends only on p − q"
        # the curve traced again: one value of ④ for each gap, whatever the seats
        trace = self.gap_curve.copy().set_stroke(width=8, opacity=0.6)
        self.play(Create(trace), run_time=2.5, rate_func=linear)
        self.read_caption()
