"""pe_clock's relative section, its words and its last beat: PE(p)·PE(p + k) hand by hand (engine.pe_clock_extra).

Each hand's pair (sin, cos) at p and at p + k contributes sin·sin + cos·cos = cos(k·ω_i), the cosine of the hand's own
fixed turn, whatever p is. Under every start's column the terms grow one after another into a bar that walks to the
total (a waterfall: hand 0's term, −0.99 for k = 3, steps back; the slow hands add nearly 1 each), the three columns'
bars alike, and over each shown dial its name becomes its term as its segment grows: the dot product is seen to come from the
gap alone. Mixed into scenes.pe_clock.PeClock.
"""
from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, UP, DashedLine, FadeIn, GrowFromEdge, Line, Rectangle, SurroundingRectangle, VGroup

from engine.pe_clock_extra import dot_terms
from look import fmt_num
from scenes.parts.emphasis import read_with
from scenes.clock.rotate import turn_arc

BAR_W, BAR_H = 1.5, 0.42  # one start's waterfall: as wide as its lifted rows; a tier 38 px high at 720p
WATER_ROOM, TIER_GAP = 1.0, 0.05  # the waterfall's tiers fit in this height, from the lifted PE(p) row's place down
STRIP_RISE = -0.06  # the top tier's centre from the PE(p) row's: clear of the angle table's frames over it
SAFE_LEFT = -6.35  # a term's left edge, inside the title-safe ±6.4
TERM_DECIMALS = 2  # a hand's term beside its name: −0.99, 0.58, 0.96


class DotSumBeat:
    """Needs from the scene: data, pal, s, txt, tex, caption, play, shown, read_caption (scenes.pe_clock)."""

    def relative_caption(self) -> str:
        d = self.data
        starts = d.angle_starts
        agree = all(len({fmt_num(v, 4) for v in row}) == 1 for row in d.angle_table)
        if len(starts) < 2 or not agree:
            return self.s("cap_relative_one", a=starts[0], b=starts[0] + d.angle_gap)
        return self.s("cap_relative", gap=d.angle_gap)

    def same_angles_caption(self) -> str | None:
        """The cue stated once every column is up: the starts give the same angles (None when they
        do not at the shown rounding, or there is one start)."""
        d = self.data
        starts = d.angle_starts
        if len(starts) < 2 or self.relative_caption() != self.s("cap_relative", gap=d.angle_gap):
            return None
        names = [str(s) for s in starts]
        listed = self.s("sep").join(names[:-1]) + self.s("and") + names[-1]
        return self.s("cap_relative_same", starts=listed)

    def dot_by_hand(self, view, strips, strip_names, names, hands, col_x, strip_y) -> None:
        """The dot product hand by hand: the lifted rows fade back and, where they stood, each column's terms grow
        segment by segment into the total; over each shown dial its name becomes its term as its segment grows."""
        pal, d = self.pal, self.data
        t = dot_terms(d.angle_starts, d.angle_gap, d.d_model, d.base)
        n = t.terms.shape[1]
        # a waterfall: each term a step from the running total (engine running), rightward when it adds, leftward when
        # it takes away; a step that would cover one already drawn goes a tier down (a take-away always does), so the
        # bar's right end on the top tier is where the terms net out: the dot product
        run = np.concatenate([np.zeros((t.terms.shape[0], 1)), t.running], axis=1)  # (S, d/2 + 1) from 0 to the total
        lo, hi = min(0.0, float(run.min())), max(0.0, float(run.max()))
        unit = BAR_W / max(hi - lo, 1e-9)
        tiers = [self.waterfall_tiers(run[c]) for c in range(len(col_x))]
        n_tiers = max(max(tr) for tr in tiers) + 1
        bar_h = min(BAR_H, (WATER_ROOM - TIER_GAP * (n_tiers - 1)) / n_tiers)
        top = strip_y[0] + STRIP_RISE  # the top tier's centre
        tier_y = [top - i * (bar_h + TIER_GAP) for i in range(n_tiers)]
        span = (tier_y[0] + bar_h * 0.6, tier_y[-1] - bar_h * 0.6)
        y = (tier_y[0] + tier_y[-1]) / 2
        bars, zeros, totals, steps = [], VGroup(), VGroup(), VGroup()
        for c, x in enumerate(col_x):
            left = x - BAR_W / 2
            zero = left + (0 - lo) * unit
            zeros.add(Line([zero, span[0], 0], [zero, span[1], 0], stroke_color=pal.ink, stroke_width=3))
            segs = []
            for h in range(n):
                a, b = sorted((float(run[c, h]), float(run[c, h + 1])))
                w = max((b - a) * unit, 0.004)
                seg = Rectangle(width=w, height=bar_h, stroke_width=1, stroke_color=pal.panel,
                                fill_color=pal.series[h % len(pal.series)], fill_opacity=1)
                seg.move_to([left + (a - lo) * unit + w / 2, tier_y[tiers[c][h]], 0])
                segs.append((seg, RIGHT if t.terms[c, h] < 0 else LEFT))  # grows from the running total on
                if h and tiers[c][h] != tiers[c][h - 1]:  # the step from one tier to the next, at the running total
                    sx = left + (float(run[c, h]) - lo) * unit
                    ys = sorted((tier_y[tiers[c][h]], tier_y[tiers[c][h - 1]]))
                    steps.add(Line([sx, ys[0] - bar_h / 2, 0], [sx, ys[1] + bar_h / 2, 0], stroke_color=pal.ink,
                                   stroke_width=2))
            bars.append(segs)
            tx = left + (float(t.totals[c]) - lo) * unit  # where the terms net out: the dot product
            totals.add(Line([tx, tier_y[0] + bar_h * 0.75, 0], [tx, span[1], 0], stroke_color=pal.ok, stroke_width=4))
        zeros.set_z_index(2)
        totals.set_z_index(2)
        sum_name = self.tex(rf"\textstyle\sum_i\cos({d.angle_gap}\,\omega_i)", size=38, color=pal.accent)
        sum_name.move_to([1.45, y, 0], aligned_edge=RIGHT)
        terms_text = {f"t{j}": fmt_num(float(t.cos_terms[h]), TERM_DECIMALS) for j, h in enumerate(hands[:3])}
        cue = self.s("cap_relative_terms", gap=d.angle_gap, **terms_text) if len(hands) >= 3 else None
        fade = [strips.animate.set_opacity(0), *(nm.animate.set_opacity(0) for nm in strip_names)]  # the bars take their place
        if cue is None:
            self.play(*fade, FadeIn(zeros), FadeIn(sum_name), run_time=0.5)
        else:
            self.caption(cue, with_=[*fade, FadeIn(zeros), FadeIn(sum_name)], run_time=0.5,
                         shown={"dot_terms": [float(v) for v in t.cos_terms]})
        dials = getattr(self, "relative_dials", [])
        s_last = float(d.angle_starts[-1])  # the hands stand at s_last + gap: each hand's fixed turn ends on it
        turns, turn_marks = {}, VGroup()
        for j, (h, dial) in enumerate(zip(hands, dials)):
            ang = d.angle_gap * float(d.speeds[h])
            arc = turn_arc(pal, dial, h, s_last * float(d.speeds[h]), ang, share=0.36)
            c0 = dial.face.get_center()
            r = dial.face.width / 2
            was = DashedLine(c0, c0 + r * 0.9 * np.array([np.cos(s_last * d.speeds[h]), np.sin(s_last * d.speeds[h]), 0]),
                             stroke_color=pal.series[h % len(pal.series)], stroke_width=3, stroke_opacity=0.6)
            deg = self.txt(fmt_num(float(np.degrees(ang)), 1) + "°", size=28, color=pal.series[h % len(pal.series)])
            deg.move_to(names[j]).shift(UP * 0.42)  # over its cosine: the dial's foot is the parked table's
            turns[h] = VGroup(was, arc, deg)
            turn_marks.add(turns[h])
        terms = []
        for h in range(n):
            grow = [GrowFromEdge(segs[h][0], segs[h][1]) for segs in bars]
            if h in hands:  # over the dial its name becomes its term as its segment grows: "cos = −0.99" (the
                # colour and the angle table's row still say which hand)
                j = list(hands).index(h)
                term = self.txt(self.s("hand_term", v=fmt_num(float(t.cos_terms[h]), TERM_DECIMALS)), size=28,
                                color=pal.series[h % len(pal.series)]).move_to(names[j])
                term.shift(RIGHT * max(0.0, SAFE_LEFT - term.get_left()[0]))  # inside the title-safe area
                grow += [names[j].animate.set_opacity(0), FadeIn(term)]
                if h in turns:  # the turn drawn on its dial as its cosine comes in
                    grow += [FadeIn(turns[h])]
                terms.append(term)
            self.play(*grow, run_time=0.55 if h < 4 else 0.3)
        whole = VGroup(*(VGroup(*(s for s, _ in segs)) for segs in bars))
        self.shown["dot_terms_total"] = t.totals[0]
        frame = SurroundingRectangle(whole, buff=0.08, color=pal.ok, stroke_width=3)
        self.caption(self.s("cap_relative_sum", h=n, v=fmt_num(t.totals[0], 4)), run_time=0.6,
                     with_=[FadeIn(frame), FadeIn(totals), FadeIn(steps)])
        read_with(self, *whole, outline=True, whole=True)
        view.add(zeros, sum_name, whole, frame, totals, steps, turn_marks, *terms)

    @staticmethod
    def waterfall_tiers(run) -> list:
        """Each term's tier in a waterfall over the running totals `run` (0, then each partial sum): the top tier (0)
        unless the step would overlap a step already on it; a term that takes away starts one tier down."""
        placed = {}  # tier -> the spans on it
        out = []
        for h in range(len(run) - 1):
            a, b = sorted((float(run[h]), float(run[h + 1])))
            tier = 1 if run[h + 1] < run[h] else 0
            while any(a < q - 1e-9 and p < b - 1e-9 for p, q in placed.get(tier, [])):
                tier += 1
            placed.setdefault(tier, []).append((a, b))
            out.append(tier)
        return out
