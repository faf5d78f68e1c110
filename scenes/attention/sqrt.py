"""attention_heatmap, why the scores are divided by √d (seed 003, "Dot products → attention weights"; the engine's
numbers, engine.scaling.dot_strips, in the record's `sqrt_strips`). Told once the softmax is known, beside the weight
table: one strip of dots per width d = 4, 16, 64, each dot q·k for a random query and key whose entries have variance
1. The strips widen with d, a bracket of ±σ under each with σ written beside it (≈ √d); then every dot moves to
q·k/√d and the three strips become equally narrow (σ ≈ 1). Then the softmax: one row of 5 keys at d = 64 (the
engine's typical row) lit among the d = 64 dots, moved back to their undivided places; the lit dots drop into bars
of softmax(q·k), nearly one-hot; divided again, the dots move in and the bars become softmax(q·k/√d), spread out.
Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the softmax section.
"""
from __future__ import annotations

from manim import LEFT, Circumscribe, Dot, FadeIn, Indicate, Line, Rectangle, ReplacementTransform, Transform, VGroup

from look import fmt_num
from scenes.attention.cueing import into_cue
from scenes.attention.table import LABEL, NOTE, TEX
from scenes.parts.cues import cues
from scenes.parts.quickfade import QuickFadeOut

LEFT_X = 1.35  # the panel's left edge, beside the table; its right edge is the safe area's (6.3)
AXIS = (2.7, 6.25)  # the strips' common axis: q·k = 0 at its middle
STRIP_Y = (1.5, 0.7, -0.1)  # one strip per width, top to bottom
LANE = 0.07  # the dots of one row's keys sit on 5 lanes this far apart, so dots of equal value stay apart
BASE, TALL = -2.2, 0.9
BARS = (1.45, 6.3)  # the bars' columns, under the strips
NAME_Y = -0.75  # the bars' formula, over them  # the bars' baseline and the height of a weight of 1
RADIUS = 0.035


class AttentionSqrt:
    """Needs from the scene: d (the record), pal, s, txt, tex, caption, play, wait, shown, title_mob, table_view,
    crosses, table_name, and the softmax section's alpha_view (the worked weight, faded here)."""

    def why_sqrt(self):
        r, pal = self.d.sqrt_strips, self.pal
        if r is None:
            return
        widths, m, n = [int(w) for w in r.widths], len(r.widths), r.keys
        mid, half = sum(AXIS) / 2, (AXIS[1] - AXIS[0]) / 2
        unit = half / float(abs(r.dots).max())  # one axis for every strip and both stages: the widest dot at the end
        text = self.s("cap_why_sqrt", k=n, d=widths[-1], top=fmt_num(float(r.row_weights.max()), 3),
                      top_s=fmt_num(float(r.row_weights_scaled.max()), 3),
                      **{f"s{i + 1}": fmt_num(float(v), 1) for i, v in enumerate(r.dot_std)},
                      **{f"c{i + 1}": fmt_num(float(v), 1) for i, v in enumerate(r.scaled_std)})

        def place(values, k, color, big=()):  # the dots of width k at these values, the row's keys on their lanes
            return VGroup(*(Dot([mid + float(v) * unit, STRIP_Y[k] + (i % n - (n - 1) / 2) * LANE, 0],
                                radius=RADIUS * (1.6 if i in big else 1), color=color)
                            for i, v in enumerate(values)))

        def bracket(sd, k, color):  # ±σ under the strip
            y = STRIP_Y[k] - (n / 2) * LANE - 0.12
            a, b = mid - float(sd) * unit, mid + float(sd) * unit
            return VGroup(Line([a, y, 0], [b, y, 0], stroke_color=color, stroke_width=4),
                          *(Line([x, y - 0.07, 0], [x, y + 0.07, 0], stroke_color=color, stroke_width=4) for x in (a, b)))

        def sigma(sd, k, color):
            return self.tex(rf"\sigma = {fmt_num(float(sd), 1)}", size=TEX, color=color).move_to(
                [LEFT_X, STRIP_Y[k] - 0.22, 0], aligned_edge=LEFT)

        heading = self.txt(self.s("sqrt_each"), size=NOTE, color=pal.ink).move_to([LEFT_X, 2.6, 0], aligned_edge=LEFT)
        name_at = [mid, 2.12, 0]
        name = self.tex(r"q\cdot k", size=TEX, color=pal.accent).move_to(name_at)
        axes = VGroup(*(Line([AXIS[0], y, 0], [AXIS[1], y, 0], stroke_color=pal.muted, stroke_width=1.5) for y in STRIP_Y),
                      Line([mid, STRIP_Y[-1] - 0.35, 0], [mid, STRIP_Y[0] + 0.3, 0], stroke_color=pal.muted, stroke_width=1.5))
        d_names = VGroup(*(self.tex(f"d = {w}", size=TEX, color=pal.ink).move_to([LEFT_X, STRIP_Y[k] + 0.2, 0],
                                                                                  aligned_edge=LEFT)
                           for k, w in enumerate(widths)))
        strips = [place(r.dots[k], k, pal.accent) for k in range(m)]
        brackets = [bracket(r.dot_std[k], k, pal.accent) for k in range(m)]
        sigmas = [sigma(r.dot_std[k], k, pal.accent) for k in range(m)]
        lo, hi = r.row * n, (r.row + 1) * n  # the kept row's dots in the last strip

        said = cues(text, self.look.lang)
        self.caption(text)
        first = len(self.cues_log) - 1

        def before(k: int, *anims, run_time: float = 0.8, point=None, shown: dict | None = None) -> None:
            """Cue k of this caption comes up with `anims` done (scenes.attention.cueing.into_cue)."""
            into_cue(self, first + k, *anims, run_time=run_time, point=point, color=pal.accent, shown=shown)

        def at(mark: str, after: int = 0) -> int:  # the first cue after cue `after` that says `mark`
            return next(k for k, t in enumerate(said) if k > after and mark in t)

        top_s, c1 = fmt_num(float(r.row_weights_scaled.max()), 3), fmt_num(float(r.scaled_std[0]), 1)
        k_spread = at(fmt_num(float(r.dot_std[-1]), 1))
        k_scaled = at(c1, k_spread)
        k_row = at(f"d = {widths[-1]}", k_scaled)
        k_hard = at(fmt_num(float(r.row_weights.max()), 3), k_row)
        k_divided = at(top_s, k_hard + 1)
        # cue 0, the question: the worked weight and the row sums step aside; the table stays, and the score's
        # formula comes where the panel's name will stand, its √d lit (the softmax's name has no √ in it)
        question = self.tex(r"z_{\textstyle ij} = q_{\textstyle i}\cdot k_{\textstyle j} \,/", r"\sqrt{d}", size=TEX,
                            color=pal.accent).move_to(name_at)
        self.play(QuickFadeOut(self.alpha_view), run_time=0.4)
        self.remove(self.alpha_view)
        self.alpha_view = VGroup()
        keep = {id(x) for x in VGroup(self.table_view(), self.crosses).get_family()}
        aside = [x for x in self.mobjects if id(x) not in self._captions and x is not self.title_mob
                 and not any(id(f) in keep for f in x.get_family())]
        self.play(*(QuickFadeOut(x) for x in aside), FadeIn(question), run_time=0.6)
        self.remove(*aside)
        self.play(Circumscribe(question[1], color=pal.accent, buff=0.08, fade_in=True, fade_out=True), run_time=1.0)
        self.shown["why_sqrt"] = "question"
        # cue 1, "each dot is q·k": the three strips; the score's formula becomes their name, q·k
        before(1, FadeIn(VGroup(heading, axes, d_names, *strips)), ReplacementTransform(question, name), run_time=1.0,
               shown=dict(why_sqrt="dots", sqrt_sigma=""))
        # cue 2, "σ grows as √d": the brackets and the σ of each width
        before(k_spread, *(FadeIn(VGroup(b, s)) for b, s in zip(brackets, sigmas)), run_time=0.8, point=strips[-1],
               shown=dict(why_sqrt="dots,spread", sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.dot_std)))
        # cue 3, "divided by √d, near 1": every dot moves to q·k/√d, the brackets and σ with them
        scaled_strips = [place(r.scaled[k], k, pal.cool) for k in range(m)]
        scaled_br = [bracket(r.scaled_std[k], k, pal.cool) for k in range(m)]
        scaled_sg = [sigma(r.scaled_std[k], k, pal.cool) for k in range(m)]
        divided_name = self.tex(r"q\cdot k/\sqrt{d}", size=TEX, color=pal.cool).move_to(name_at)
        before(k_scaled, Transform(name, divided_name), *(Transform(a, b) for a, b in zip(strips, scaled_strips)),
               *(Transform(a, b) for a, b in zip(brackets, scaled_br)), *(ReplacementTransform(a, b) for a, b in zip(sigmas, scaled_sg)),
               run_time=1.5, point=VGroup(*brackets),
               shown=dict(why_sqrt="dots,spread,scaled", sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.scaled_std)))
        sigmas = list(scaled_sg)  # the divided σ texts themselves on screen (what the gate and record read)
        # cue 4, "take 5 keys at d = 64": every strip back undivided (its name q·k says so), the two narrower widths
        # dimmed, the last strip's row lit
        last = m - 1

        def stage(values, stds, color):  # every strip, bracket and σ at these values; the narrower widths dimmed
            dots = [place(values[k], k, color, big=range(lo, hi) if k == last else ()) for k in range(m)]
            for i in range(lo, hi):
                dots[last][i].set_color(pal.ink)
            marks = [bracket(stds[k], k, color) for k in range(m)]
            names = [sigma(stds[k], k, color) for k in range(m)]
            for k in range(last):
                for x in (dots[k], marks[k], names[k]):
                    x.set_opacity(0.3)
            return dots, marks, names

        back, back_br, back_sg = stage(r.dots, r.dot_std, pal.accent)
        before(k_row, *(Transform(strips[k], back[k]) for k in range(m)), *(Transform(brackets[k], back_br[k]) for k in range(m)),
               *(ReplacementTransform(sigmas[k], back_sg[k]) for k in range(m)),
               Transform(name, self.tex(r"q\cdot k", size=TEX, color=pal.accent).move_to(name_at)),
               run_time=1.2, point=VGroup(*strips),
               shown=dict(why_sqrt="dots,spread,scaled,row", sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.dot_std),
                          sqrt_row=",".join(fmt_num(float(v), 2) for v in r.row_dots)))
        sigmas = list(back_sg)
        # cue 5, "undivided, the top key takes 0.990": the lit dots drop into the bars of softmax(q·k)
        cols = [BARS[0] + (BARS[1] - BARS[0]) * (j + 0.5) / n for j in range(n)]
        col_w = (BARS[1] - BARS[0]) / n * 0.6

        def bars(ws, color):
            return VGroup(*(Rectangle(width=col_w, height=max(TALL * float(w), 0.02), stroke_width=0, fill_color=color,
                                      fill_opacity=0.85).move_to([cols[j], BASE + max(TALL * float(w), 0.02) / 2, 0])
                            for j, w in enumerate(ws)))

        def values(ws, color):
            return VGroup(*(self.txt(fmt_num(float(w), 3), size=LABEL, color=color).move_to(
                [cols[j], BASE + max(TALL * float(w), 0.02) + 0.18, 0]) for j, w in enumerate(ws)))

        base = Line([BARS[0], BASE, 0], [BARS[1], BASE, 0], stroke_color=pal.muted, stroke_width=2)
        hard_bars, hard_vals = bars(r.row_weights, pal.accent), values(r.row_weights, pal.accent)
        drops = VGroup(*(strips[last][i].copy() for i in range(lo, hi)))
        self.add(drops)
        soft_name = self.tex(r"\mathrm{softmax}(q\cdot k)", size=TEX, color=pal.accent).move_to([LEFT_X, NAME_Y, 0],
                                                                                            aligned_edge=LEFT)
        before(k_hard, FadeIn(base), FadeIn(soft_name), Transform(drops, hard_bars), FadeIn(hard_vals),
               run_time=1.2, point=VGroup(*(strips[last][i] for i in range(lo, hi))),
               shown=dict(why_sqrt="dots,spread,scaled,row,softmax",
                          sqrt_weights=",".join(fmt_num(float(w), 3) for w in r.row_weights)))
        # cue 6, "the other weights are near 0": those keys' values lit
        top = int(r.row_weights.argmax())
        lows = VGroup(*(hard_vals[j] for j in range(n) if j != top))
        before(k_hard + 1, *(Indicate(x, color=pal.bad, scale_factor=1.15) for x in lows), run_time=1.0, point=hard_vals[top],
               shown=dict(why_sqrt="dots,spread,scaled,row,softmax,stalls"))
        if k_divided - 1 > k_hard + 1:  # "so the whole row, the top key too, gets almost no gradient": the top weight lit
            before(k_divided - 1, Indicate(hard_vals[top], color=pal.bad, scale_factor=1.15), run_time=1.0, point=lows)
        # cue 7, "divided, the top one takes 0.466": the dots move in again, and the bars follow
        in_again, again_br, again_sg = stage(r.scaled, r.scaled_std, pal.cool)  # every strip divided again
        soft_vals = values(r.row_weights_scaled, pal.cool)
        before(k_divided, *(Transform(strips[k], in_again[k]) for k in range(m)), *(Transform(brackets[k], again_br[k]) for k in range(m)),
               *(ReplacementTransform(sigmas[k], again_sg[k]) for k in range(m)),
               Transform(name, divided_name.copy()),
               Transform(drops, bars(r.row_weights_scaled, pal.cool)), ReplacementTransform(hard_vals, soft_vals),
               Transform(soft_name, self.tex(r"\mathrm{softmax}(q\cdot k/\sqrt{d})", size=TEX, color=pal.cool).move_to(
                   [LEFT_X, NAME_Y, 0], aligned_edge=LEFT)), run_time=1.5, point=lows,
               shown=dict(why_sqrt="dots,spread,scaled,row,softmax,stalls,divided",
                          sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.scaled_std),
                          sqrt_weights=",".join(fmt_num(float(w), 3) for w in r.row_weights_scaled)))
        sigmas, hard_vals = list(again_sg), soft_vals  # the divided σ and weights' own texts are on screen
        if len(said) - 2 > k_divided:  # "for random q, k …, the spread stays near 1": the divided brackets lit
            before(len(said) - 2, Indicate(VGroup(*brackets), color=pal.cool, scale_factor=1.05), run_time=1.0, point=drops)
        # cue 8, the conclusion: all three strips, divided, at full strength beside the soft bars
        before(len(said) - 1, *(x.animate.set_opacity(1) for k in range(last) for x in (strips[k], brackets[k], sigmas[k])),
               run_time=0.8, point=drops,
               shown=dict(sqrt_sigma=",".join(fmt_num(float(v), 1) for v in r.scaled_std)))
        self.pointing_until_read(drops, VGroup(*brackets))
        picture = VGroup(heading, name, axes, d_names, *strips, *brackets, *sigmas, soft_name,
                         base, drops, hard_vals)
        self.play(QuickFadeOut(picture), run_time=0.6)
        self.remove(picture)
        for key in ("why_sqrt", "sqrt_sigma", "sqrt_row", "sqrt_weights"):
            self.shown[key] = ""

    def pointing_until_read(self, *mobs) -> None:
        """The caption's last cue read, `mobs` lit in turn (never a still picture for long)."""
        from scenes.parts.emphasis import read_with

        read_with(self, *mobs, color=self.pal.cool)
