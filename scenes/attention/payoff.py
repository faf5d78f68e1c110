"""attention_heatmap, the payoff (the ending's last step): what attention put into token n, drawn in one dimension.
Token n's dim 1 (for the toy's words: content) starts at its own value x_n[1] (0 for 'the'); the bars of the words
whose value vectors carry dim 1 ('cat', 'sat') move into a gauge as its pieces, each as long as that word's share of
o[1] (engine.attention_extra.output_shares: both heads' weights, the shared value vectors and W_O), and the gauge
ends at x_n[1] + o[1], the first number of token n's new vector (the record's residual_out), lit in token n's row.
Mixed into scenes.attention_heatmap.AttentionHeatmap, after the gather.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, Indicate, Line, Rectangle, ReplacementTransform, VGroup

from engine.attention_extra import output_shares
from look import fmt_num
from scenes.attention.cueing import into_cue
from scenes.attention.strings import dims_named, short
from scenes.attention.table import LABEL
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

BAR_H = 0.34  # the gauge's height
LEFT_X = -5.85  # where the gauge's name and its 0 start
SMALLEST = 5e-5  # a share that prints as 0.0000 is no piece


def payoff_pieces(tokens, shares) -> list:
    """The tokens whose share of o[dim] prints as a number: [(j, share)], in the row's order; [] where a share is
    negative (the gauge only grows)."""
    s = np.asarray(shares, float)
    if np.any(s < -SMALLEST):
        return []
    return [(j, float(v)) for j, v in enumerate(s) if v >= SMALLEST]


class AttentionPayoff:
    """Needs from the scene: d1 (the record), pal, s, txt, caption, play, shown, ask_at (the plane), and what the
    gather leaves: its bars (one pair a word) and the matrices' line (or the verdict) where the gauge goes."""

    def payoff_text(self, pieces, sh) -> str:
        d1 = self.d1
        n, w = len(d1.tokens), d1.tokens[-1]
        named = dims_named(d1.tokens, d1.E)
        parts = [self.s("payoff_piece", s=fmt_num(v, 4), w=d1.tokens[j]) for j, v in pieces]
        joined = parts[0] if len(parts) == 1 else self.s("payoff_and", a=self.s("payoff_sep").join(parts[:-1]), b=parts[-1])
        return self.s("cap_payoff", n=n, w=w, m=self.s("payoff_content") if named else "", b=short(sh.before),
                      a=fmt_num(sh.after, 4), pieces=joined)

    def payoff(self, bars, spot, cell=None) -> None:
        """The gauge over the gather's bars, in `spot`'s place (read: it leaves as the gauge comes); `cell`: token n's
        new dim 1 in its row, lit as the gauge reaches it."""
        d1, pal = self.d1, self.pal
        n = len(d1.tokens)
        sh = output_shares([d1.A[-1], d1.asking.A[-1]], d1.V, d1.W_O, d1.residual_in, 0)
        pieces = payoff_pieces(d1.tokens, sh.shares)
        if not pieces or sh.before < 0 or spot is None or not np.isclose(sh.after, d1.residual_out[0]):
            return
        name = self.txt(self.s("payoff_name", n=n, w=d1.tokens[-1],
                               m=self.s("payoff_content") if dims_named(d1.tokens, d1.E) else ""),
                        size=LABEL, color=pal.ink)
        total = self.txt("= " + fmt_num(sh.after, 4), size=LABEL, color=pal.ok)
        origin = self.ask_at((0.0, 0.0))[0] if callable(getattr(self, "ask_at", None)) else 1.0
        right = origin - 0.4 - total.width - 0.15  # the gauge's end at most: its total clear of the plane
        y_bar = spot.get_center()[1] - 0.1
        unit = (right - LEFT_X) / max(sh.after, 1e-9)
        x_of = lambda v: LEFT_X + unit * v  # noqa: E731  (a value's place on the gauge)
        base = Line([LEFT_X, y_bar - BAR_H / 2, 0], [right, y_bar - BAR_H / 2, 0], stroke_color=pal.muted, stroke_width=3)
        tick = Line([LEFT_X, y_bar - BAR_H / 2 - 0.08, 0], [LEFT_X, y_bar + BAR_H / 2 + 0.08, 0], stroke_color=pal.ink,
                    stroke_width=4)
        zero = self.txt(short(sh.before), size=LABEL, color=pal.ink).next_to(tick, LEFT, buff=0.1)
        name.next_to(VGroup(zero, tick), UP, buff=0.2).align_to(zero, LEFT)
        segs, labels, at = VGroup(), VGroup(), sh.before
        if sh.before > 0:  # token n's own share, in the muted colour
            segs.add(Rectangle(width=unit * sh.before, height=BAR_H, stroke_width=0, fill_color=pal.muted, fill_opacity=0.8)
                     .move_to([x_of(sh.before / 2), y_bar, 0]))
        for k, (j, v) in enumerate(pieces):
            seg = Rectangle(width=unit * v, height=BAR_H, stroke_color=pal.background, stroke_width=2, fill_color=pal.ok,
                            fill_opacity=0.95 if k % 2 == 0 else 0.6).move_to([x_of(at + v / 2), y_bar, 0])
            lab = self.txt(f"{d1.tokens[j]} {fmt_num(v, 4)}", size=LABEL, color=pal.ok).next_to(seg, DOWN, buff=0.12)
            if len(labels) and lab.get_left()[0] < labels[-1].get_right()[0] + 0.25:
                lab.shift(RIGHT * (labels[-1].get_right()[0] + 0.25 - lab.get_left()[0]))
            segs.add(seg)
            labels.add(lab)
            at += v
        total.next_to([x_of(sh.after), y_bar, 0], RIGHT, buff=0.15)
        frame = VGroup(base, tick, zero, name)
        text = self.payoff_text(pieces, sh)
        said = cues(text, self.look.lang)
        # cue 1 ("token n starts at 0 in dim 1"): the read line leaves, the empty gauge at its 0 comes
        self.caption(text, with_=[QuickFadeOut(spot), QuickFadeIn(frame)], run_time=0.8,
                     shown={"showing": "mix,payoff", "payoff_before": f"{sh.before:.6f}"})
        self.remove(spot)
        first = len(self.cues_log) - 1
        # the next cue ("after attention it holds …"): each word's pair of bars moves into its piece, the total with it
        moving = [ReplacementTransform(VGroup(*bars[j]).copy(), seg) for (j, _), seg in zip(pieces, segs[len(segs) - len(pieces):])]
        anims = [*moving, *(QuickFadeIn(m) for m in segs[:len(segs) - len(pieces)]), QuickFadeIn(labels), QuickFadeIn(total)]
        if cell is not None:
            anims.append(Indicate(cell, color=pal.ok))
        shown = {"payoff": ",".join(f"{v:.6f}" for _, v in pieces), "payoff_after": f"{sh.after:.6f}"}
        if len(said) > 1:
            into_cue(self, first + 1, *anims, run_time=1.2, point=VGroup(tick, zero), color=pal.ok, shown=shown)
        else:
            self.shown.update(shown)
            self.play(*anims, run_time=1.2)
        read_with(self, VGroup(*segs, total), *(VGroup(*bars[j]) for j, _ in pieces), *([cell] if cell is not None else []),
                  color=pal.ok, outline=True, whole=True)
