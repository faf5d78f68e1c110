"""attention_heatmap, why the scores are divided by √d (seed 003, "Dot products → attention weights"; the engine's
numbers, engine.scaling.scale_spread, in the record's `why_sqrt`), told on the table's own last row: row n, the
last word asking, sees every key (the mask leaves it whole). Told once the softmax is known: the weight table stays
on screen with that row framed (the divided row, softmax(z)); beside it the row's weights stand as bars over its words,
named by their formula, its scores written under them, and a slider runs the width d from 2 to 512 (the engine's
widths, by doublings). Each cue moves the picture: the spread σ of q·k for random queries and keys runs up with d
(≈ √d) and that of q·k/√d stays near 1; the row's undivided scores z·√d grow with d; then the one bar set, renamed
softmax(z√d) in the accent colour, morphs from d = 2 to d = 512 and hardens (the keys below the top scores fall to 0,
where the softmax's gradient is near 0); divided, the bars go back to the table's weights softmax(z) and stay there
while d runs again. Mixed into scenes.attention_heatmap.AttentionHeatmap, at the end of the softmax section.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Circumscribe, Create, Dot, FadeIn, Line, Rectangle, SurroundingRectangle, \
    Transform, VGroup, config

from look import fmt_num
from scenes.attention.table import LABEL, NOTE, READOUT, TEX
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeOut

LEFT_X, RIGHT_X = 1.3, 6.3  # the panel beside the table (to the safe area's edge)
BARS_X = 1.7  # the bars' columns start here; the rows' names (α, z) sit left of it
BASE, TALL = -1.45, 1.5  # the bars' baseline, and the height of a weight of 0.5
SLIDER_Y, SIGMA_Y = 1.75, (1.15, 0.7)  # the width's slider, the two spreads under it
SWEEP = 2.6  # seconds of one sweep of d from 2 to 512
FAST = 6.0  # seconds of the weights' sweep: slow enough to watch each width, while the 'softmax hardens' cue holds
NAME_Y = 0.2  # the bars' formula, softmax(z) or softmax(z√d), over the bars and under the spreads


def swap(holder: VGroup, new) -> None:
    """`holder` shows `new` from now on: its parts become new's parts (a group of texts) or new itself (one text),
    so the text drawn is the text of the value shown, not an old text reshaped."""
    holder.submobjects = list(new.submobjects) if type(new) is VGroup else [new]


class AttentionSqrt:
    """Needs from the scene: d (the record), pal, s, txt, tex, caption, play, shown, title_mob, table_view, num_dec, score_nums, weight_nums,
    cell_center, cell_w, cell_h, crosses, and the softmax section's alpha_view (the worked weight, faded here)."""

    def why_sqrt(self):
        r, pal, d = self.d.why_sqrt, self.pal, self.d
        if r is None:
            return
        widths = [int(w) for w in r.widths]
        m, n = len(widths), len(r.row_z)
        sweep, kept = r.sweep_weights, r.divided_weights  # (m, n) undivided at each width, (n,) divided
        words = d.tokens[-n:]
        low = [j for j in range(n) if sweep[-1, j] < 0.0005]  # the keys the hardened softmax leaves at 0 (3 decimals)
        top = [j for j in range(n) if j not in low]
        join = self.s("sqrt_and")
        text = self.s("cap_why_sqrt", d1=widths[0], d2=widths[-1], r=n, w=words[-1],
                      s1=fmt_num(r.dot_std[0], 1), s2=fmt_num(r.dot_std[-1], 1), c=fmt_num(float(r.scaled_std.mean()), 1),
                      lows=join.join((f"'{words[j]}'" if self.look.lang == "en" else words[j]) for j in low),
                      l1=join.join(fmt_num(sweep[0, j], 3) for j in low), zero=fmt_num(float(sweep[-1, low].max()), 3),
                      m=len(top), top=fmt_num(float(sweep[-1, top].mean()), 3), w2=fmt_num(float(kept.max()), 3),
                      t1=join.join(fmt_num(kept[j], self.num_dec) for j in low))  # as the table's cells print them
        # the height of a weight of 0.5: TALL, or less when the tallest bar with its weight over it would reach the
        # bars' formula above them (a row whose weights near 1)
        tall = min(TALL, 0.5 * (NAME_Y - 0.45 - 0.2 - BASE) / max(float(sweep.max()), float(kept.max())))
        cols = [BARS_X + (RIGHT_X - BARS_X) * (j + 0.5) / n for j in range(n)]
        col_w = (RIGHT_X - BARS_X) / n

        def bars(ws, color, dx=0.0, wide=0.62, ghost=False):  # dx, wide: the bar's offset and width, in columns
            group = VGroup()
            for j, w in enumerate(ws):
                h = max(tall * float(w) / 0.5, 0.02)
                look = dict(stroke_width=2, stroke_color=color, fill_opacity=0) if ghost else \
                    dict(stroke_width=0, fill_color=color, fill_opacity=0.85)
                group.add(Rectangle(width=col_w * wide, height=h, **look).move_to([cols[j] + dx * col_w, BASE + h / 2, 0]))
            return group

        def values(ws, color, dx=0.0):  # each weight over its bar, 3 decimals (the engine's number)
            return VGroup(*(self.txt(fmt_num(float(w), 3), size=LABEL, color=color)
                            .move_to([cols[j] + dx * col_w, BASE + max(tall * float(w) / 0.5, 0.02) + 0.2, 0])
                            for j, w in enumerate(ws)))

        def scores(zs, color):  # the row's scores under the words, 2 decimals
            return VGroup(*(self.txt(fmt_num(float(z), 2), size=LABEL, color=color).move_to([cols[j], BASE - 0.72, 0])
                            for j, z in enumerate(zs)))

        # the table's last row framed, and the panel beside it: the row's name, the slider of d, the bars
        row_box = SurroundingRectangle(VGroup(*(self.score_nums[n - 1][j] for j in range(n))), buff=0.08,
                                       color=pal.accent, stroke_width=5)
        row_box.stretch_to_fit_width(n * self.cell_w).move_to(self.cell_center(n - 1, (n - 1) / 2))
        name = self.txt(self.s("sqrt_row", r=n, w=words[-1]), size=NOTE, color=pal.accent)
        name.move_to([LEFT_X + 0.35, 2.35, 0], aligned_edge=LEFT)
        slide = [LEFT_X + 2.45 + (RIGHT_X - LEFT_X - 2.75) * k / (m - 1) for k in range(m)]
        track = Line([slide[0], SLIDER_Y, 0], [slide[-1], SLIDER_Y, 0], stroke_color=pal.muted, stroke_width=3)
        ends = VGroup(*(self.txt(str(widths[k]), size=LABEL, color=pal.muted).next_to([slide[k], SLIDER_Y, 0], DOWN, buff=0.12)
                        for k in (0, m - 1)))
        knob = Dot([slide[0], SLIDER_Y, 0], radius=0.09, color=pal.ink)

        def read_d(k):
            return self.tex(f"d = {widths[k]}", size=READOUT, color=pal.ink).move_to([LEFT_X + 0.35, SLIDER_Y, 0], aligned_edge=LEFT)

        def sigma(k, scaled, since=None):  # since: the width the value started at, written before it ("1.4 → 22.6")
            v = fmt_num(float((r.scaled_std if scaled else r.dot_std)[k]), 1)
            if since is not None:
                v = fmt_num(float((r.scaled_std if scaled else r.dot_std)[since]), 1) + r" \to " + v
            sym = r"\sigma(q\cdot k/\sqrt{d})" if scaled else r"\sigma(q\cdot k)"
            return self.tex(f"{sym} = {v}", size=TEX, color=pal.cool if scaled else pal.accent).move_to(
                [LEFT_X + 0.35, SIGMA_Y[scaled], 0], aligned_edge=LEFT)

        # each changing number is a holder whose parts are swapped for the next value's text (swap), so what is
        # drawn, and read back from the screen, is always the text of the value it shows
        readout, spread, spread_s = VGroup(read_d(0)), VGroup(sigma(0, False)), VGroup(sigma(0, True))
        base = Line([BARS_X, BASE, 0], [RIGHT_X, BASE, 0], stroke_color=pal.muted, stroke_width=2)
        word_row = VGroup(*(self.txt(w, size=LABEL, color=pal.ink).move_to([cols[j], BASE - 0.3, 0]) for j, w in enumerate(words)))

        def w_name(undivided):  # the bars' formula: the table's weights, or the row's weights without the division
            sym = r"\alpha = \mathrm{softmax}(z\sqrt{d})" if undivided else r"\alpha = \mathrm{softmax}(z)"
            return self.tex(sym, size=TEX, color=pal.accent if undivided else pal.cool).move_to(
                [(BARS_X + RIGHT_X) / 2, NAME_Y, 0])

        alpha = VGroup(w_name(False))

        def z_name(undivided):
            sym = r"z\sqrt{d}" if undivided else "z"
            return self.tex(sym, size=TEX, color=pal.accent if undivided else pal.ink).move_to(
                [BARS_X - 0.05, BASE - 0.72, 0], aligned_edge=RIGHT)

        shown_bars, shown_vals = bars(kept, pal.cool), values(kept, pal.cool)
        z_row, z_lab = scores(r.row_z, pal.ink), VGroup(z_name(False))
        # the texts of each width's values, built once: the slider's readout, the spreads, the undivided scores and
        # weights (swapped in as d runs)
        d_at = [read_d(k) for k in range(m)]
        sigma_at = [(sigma(k, False), sigma(k, True)) for k in range(m)]
        z_at = [scores(r.row_z * np.sqrt(widths[k]), pal.accent) for k in range(m)]
        vals_at = [values(sweep[k], pal.accent) for k in range(m)]
        bars_at = [bars(sweep[k], pal.accent) for k in range(m)]  # one bar set: the undivided weights morph with d
        live = []  # (holder, 0 for σ(q·k) or 1 for σ(q·k/√d)): the spreads on screen, following d at every width

        def at_d(k):  # the slider's readout and the spreads on screen show width k (and the record says so)
            swap(readout, d_at[k])
            for holder, which in live:
                swap(holder, sigma_at[k][which])
            self.shown["sqrt_d"] = str(widths[k])
            self.shown["sqrt_sigma"] = ",".join(fmt_num(float((r.scaled_std if w else r.dot_std)[k]), 1) for _, w in live)
            self.shown["sqrt_sigma_of"] = ",".join("scaled" if w else "dot" for _, w in live)

        self.caption(text)
        first = len(self.cues_log) - 1
        said = cues(text, self.look.lang)

        def cue_with(mark, after=0):
            return first + next(k for k, t in enumerate(said) if k > after and mark in t)

        def run_d(*changes, run_time=SWEEP, also=()):
            """d from 2 to 512 on the slider in `run_time` seconds at any frame rate: one play per width shown, each
            at least a frame long (a low frame rate shows fewer of the widths between 2 and 512, never a width's
            numbers between two frames); changes(k) gives the (holder, text) swaps of width k, a number changing at
            once, never two numbers blended. The cue on screen stays up until d has arrived, so the next cue (which
            states where it arrived) never comes up halfway through. `also`: animations run with the last step."""
            frames = max(2, int(round(run_time * config.frame_rate)))
            ks = sorted({int(round(i * (m - 1) / (min(m, frames) - 1))) for i in range(min(m, frames))})
            self._cue_need = max(self._cue_need, self.now - self._cue_start + run_time + 1 / config.frame_rate)
            for i, k in enumerate(ks):
                at_d(k)
                for change in changes:
                    for holder, new in change(k):
                        swap(holder, new)
                last = i == len(ks) - 1
                self.play(knob.animate.move_to([slide[k], SLIDER_Y, 0]), *(also if last else ()),
                          run_time=run_time / len(ks))

        self.play(QuickFadeOut(self.alpha_view), run_time=0.4)  # the worked weight, read: the table row is the subject
        self.remove(self.alpha_view)
        self.alpha_view = VGroup()
        self.shown["why_sqrt"] = "question"
        self.play(Circumscribe(self.table_name, color=pal.accent, buff=0.1, fade_in=True, fade_out=True),
                  run_time=1.2)  # the frame fades in and out whole: drawn round, its tail was left as a lone tick
        self.until_next_cue()
        # "take row n": the row framed in the table, its weights and scores beside it; all else steps aside
        keep = {id(m) for m in VGroup(self.table_view(), self.crosses).get_family()}  # whatever holds the table stays
        aside = [m for m in self.mobjects if id(m) not in self._captions and m is not self.title_mob
                 and not any(id(f) in keep for f in m.get_family())]
        self.play(*(QuickFadeOut(m) for m in aside), run_time=0.4)
        self.remove(*aside)
        self.shown["why_sqrt"] = "sweep"
        self.shown["sqrt_row"] = ",".join(f"{v:.6f}" for v in r.row_z)
        self.shown["sqrt_scores"] = ";".join(",".join(f"{v:.6f}" for v in r.row_z * np.sqrt(w)) for w in widths)  # z√d
        self.shown["sqrt_weights"] = ";".join(",".join(f"{v:.6f}" for v in w) for w in (*sweep, kept))  # every bar
        panel = VGroup(name, track, ends, knob, readout, base, word_row, alpha, shown_bars, shown_vals, z_row, z_lab)
        # the framed row shows its weights softmax(z) (the table's 4 decimals) while the aside runs: the caption sets
        # the undivided weights against them; its scores z are under the bars
        row_z = [self.score_nums[n - 1][j] for j in range(n)]
        row_w = [self.weight_nums[n - 1][j] for j in range(n)]
        self.play(Create(row_box), FadeIn(panel), *(QuickFadeOut(x) for x in row_z), *(FadeIn(x) for x in row_w),
                  run_time=0.8)
        self.remove(*row_z)
        self.read_to(first_with := cue_with("q·k"), row_box, shown_bars, z_row)
        # "for random q and k, q·k spreads out": its σ runs up with d
        self.shown["why_sqrt"] = "sweep,spread"
        live.append((spread, 0))
        at_d(0)
        self.play(FadeIn(spread), run_time=0.3)  # drawn (and on record) before d starts to run
        since = sigma(m - 1, False, since=0)  # at 512, where it started stays written while the next cue gives both
        run_d(lambda k: [(spread, since if k == m - 1 else sigma_at[k][0])])
        self.read_to(cue_with(fmt_num(float(r.scaled_std.mean()), 1), first_with - first), spread, readout)
        # "divided, it stays near 1": the second σ, steady while d runs again
        self.shown["why_sqrt"] = "sweep,spread,scaled"
        live.append((spread_s, 1))
        at_d(len(widths) - 1)
        self.play(FadeIn(spread_s), run_time=0.3)  # on screen as the cue stating it comes up
        run_d()
        self.read_to(cue_with(" z ", first_with - first), spread_s, spread)
        # "undivided, the row's scores are z·√d": the numbers under the words grow with d
        swap(z_lab, z_name(True))
        run_d(lambda k: [(z_row, z_at[k])])
        z_at_cue = cue_with(" z ", first_with - first) - first
        hard = cue_with(f"d = {widths[0]}", z_at_cue)  # the cue giving the weights at d = 2 (begins with it)
        sweep_at = cue_with(f"d = {widths[-1]}", hard - first)  # the one saying where they fall by d = 512
        hardens = min(hard, cue_with("softmax", z_at_cue))  # "without the division, the softmax hardens"
        self.read_to(hardens, z_row, z_lab)
        # "the softmax hardens": d back at 2, the bars (the one set) turn into the row's undivided weights there, their
        # formula renamed softmax(z√d), then d runs to 512 while that cue holds, the bars morphing with it; the table's
        # row beside keeps the divided weights softmax(z)
        self.shown["why_sqrt"] = "sweep,spread,scaled,softmax"
        knob.move_to([slide[0], SLIDER_Y, 0])
        at_d(0)
        swap(z_row, z_at[0])
        self.play(shown_vals.animate.set_opacity(0), Transform(alpha, w_name(True)), run_time=0.4)
        self.play(Transform(shown_bars, bars_at[0]), run_time=0.5)
        swap(shown_bars, bars_at[0])
        swap(shown_vals, vals_at[0])
        self.play(FadeIn(shown_vals), run_time=0.3)
        self.shown["sqrt_bars"] = f"{widths[0]}:" + ",".join(fmt_num(float(w), 3) for w in sweep[0])
        self.read_to(hard, alpha, shown_bars)
        # "at d = 2, 'sat' and 'on' weigh ..., below the table's ...": those two weights, then the sweep runs while
        # the cue after it ("let the width double") is read, so no cue states a width's values before they are shown
        double = cue_with(fmt_num(float(kept[low[-1]]), self.num_dec), hard - first - 1) + 1 if low else hard + 1
        self.read_to(double, VGroup(*(shown_vals[j] for j in low)), row_box)
        run_d(lambda k: [(shown_bars, bars_at[k]), (shown_vals, vals_at[k]), (z_row, z_at[k])], run_time=FAST)
        self.shown["sqrt_bars"] = f"{widths[-1]}:" + ",".join(fmt_num(float(w), 3) for w in sweep[-1])
        # "by d = 512 they fall to 0": the weights where they arrived
        self.read_to(sweep_at, shown_vals, shown_bars)
        top_s = fmt_num(float(sweep[-1, top].mean()), 3)
        stall = cue_with(top_s, sweep_at - first - 1) + 1  # the cue after the one giving the top keys' share
        lows, tops = VGroup(*(shown_vals[j] for j in low)), VGroup(*(shown_vals[j] for j in top))
        self.read_to(stall, lows, tops)
        # "a weight stuck near 0 has a gradient near 0": the keys at 0 marked (both their bars)
        stuck = SurroundingRectangle(VGroup(*(VGroup(shown_vals[j], word_row[j]) for j in low)), buff=0.08,
                                     color=pal.bad, stroke_width=4)
        said_stalls = self.s("stalls")
        stalls = self.txt(said_stalls, size=LABEL, color=pal.bad)
        if stalls.width > len(low) * col_w - 0.2:  # over the keys' own columns, clear of the top keys' bars
            stalls = self.txt(said_stalls.replace(" ", "\n", 1), size=LABEL, color=pal.bad)
        stalls.next_to(stuck, UP, buff=0.12)
        self.play(Create(stuck), FadeIn(stalls), run_time=0.6)
        w2 = fmt_num(float(kept.max()), 3)
        # the gradient's cue read, the bars go back with the cue that says they stay the table's weights
        self.read_to(cue_with(w2, sweep_at - first), stuck, stalls)
        # "divided, the bars stay the table's weights at every width": the bars back, and d runs with nothing else
        # moving
        self.shown["why_sqrt"] = "sweep,spread,scaled,softmax,divided"
        # the table's weights written over the bars as the cue stating them comes up (before the bars move back)
        swap(z_lab, z_name(False))
        swap(shown_vals, values(kept, pal.cool))
        swap(z_row, scores(r.row_z, pal.ink))
        self.play(*(QuickFadeOut(x) for x in (stuck, stalls)), Transform(alpha, w_name(False)),
                  Transform(shown_bars, bars(kept, pal.cool)), run_time=0.6)
        self.remove(stuck, stalls)
        self.shown["sqrt_bars"] = "divided:" + ",".join(fmt_num(float(w), 3) for w in kept)
        run_d()
        self.pointing(read_with, VGroup(*(shown_vals[j] for j in top)), row_box, color=pal.cool)
        picture = VGroup(panel, spread, spread_s, row_box)
        # the aside's picture goes; what stepped aside for it (the row sums) stays off: the context section, next,
        # does without it, so it never comes back for a moment only to leave again
        self.play(QuickFadeOut(picture), *(QuickFadeOut(x) for x in row_w), *(FadeIn(x) for x in row_z), run_time=0.6)
        self.remove(picture, *row_w)
        for key in ("why_sqrt", "sqrt_d", "sqrt_sigma", "sqrt_sigma_of", "sqrt_bars"):
            self.shown[key] = ""

    def read_to(self, k: int, *mobs, color=None) -> None:
        """Read the cues, `mobs` pointed at in turn (lit in `color`), until cue k (its index in cues_log) is on screen."""
        while len(self.cues_log) - 1 < k and self._queue:
            self.pointing(read_with, *mobs, color=color, cue=True)

    def pointing(self, read, *mobs, **how) -> None:
        """read(self, *mobs, **how) with the groups made only to point at several drawn texts at once (the d = 2
        weights of 'sat' and 'on') kept out of the scene's structure. Manim adds an animated group that is not on
        screen with Scene.add, which takes its members out of the groups that hold them (the panel, the holder of
        the bars' values) and leaves the holder's other texts drawn loose: a later swap would then change a holder
        no longer drawn, and the d = 2 values would stay on screen through the sweep. Such a group is listed for the
        read (its members drawn once, in place) and dropped from the list after, its members still in their holders."""
        drawn = {id(f) for top in self.mobjects for f in top.get_family()}
        loose = [m for m in mobs if m is not None and id(m) not in drawn]
        self.mobjects.extend(loose)
        try:
            read(self, *mobs, **how)
        finally:
            self.mobjects = [m for m in self.mobjects if not any(m is w for w in loose)]
