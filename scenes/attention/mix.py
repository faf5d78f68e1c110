"""attention_heatmap, the two heads of one layer combined (docs/design.md §3, "two heads ... concat → W_O";
seed 003's simulator has one head, so the step is the worked example's, on the toy's numbers): the ending
stays on the plane of the second head's sum, unmoved and at the first head's scale, where both heads' outputs are drawn, x (the first head)
and x′ (the second). The output projection W_O (engine.toy.MIX_W_O, small and fixed) computes
o = W_O [x; x′] (engine.attention.concat_heads); this W_O is [½I | ½I] (the record's head_mix,
engine.attention.head_weights), so o = (x + x′)/2, the midpoint of the two arrows, drawn on the same
plane with its value. A short card states what was shown. Mixed into
scenes.attention_heatmap.AttentionHeatmap, last.
"""
from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Create, DashedLine, FadeIn, GrowArrow, Indicate, Rectangle, VGroup

from look import fmt_num
from scenes.attention.asking import HEADS_LEFT, arrow
from scenes.attention.table import LABEL
from scenes.parts.cues import cues
from scenes.parts.emphasis import read_with
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

COLUMN = (HEADS_LEFT, 6.2)  # the read-out column over the plane's right part: left, right
COLUMN_TOP = 2.8


def mix_formula(head_mix) -> str:
    """How o is made from x and x′, as the record's W_O computes it: '(x + x′)/2' for the average (full-size
    digits, not the small ½ glyph)."""
    if head_mix is None:
        return "W_O [x; x′]"
    c1, c2 = head_mix
    if c1 == c2 == 0.5:
        return "(x + x′)/2"
    return f"{fmt_num(c1, 2)}x + {fmt_num(c2, 2)}x′"


class AttentionMix:
    """Needs from the scene: d (the record), pal, s, txt, section, caption, play, shown, and what the
    second head leaves: ask_view, ask_at (the plane's map), ask_final / ask_before (x′ and x drawn),
    ask_chain, ask_formula (the sum's formula and the pair), x_first and ask_readout (both heads' x)."""

    def mix(self):
        d, pal = self.d, self.pal
        o = d.layer_out
        now = self.ask_readout[1]  # (label, value): the second head's x′
        words = dict(o1=fmt_num(o[0], 4), o2=fmt_num(o[1], 4), how=mix_formula(d.head_mix))
        self.section("mix", self.s("cap_mix"), keep=[self.ask_view])
        # the chain and the formulas step out: x and x′ stay drawn, the segment between their tips comes
        self.play(QuickFadeOut(self.ask_chain), QuickFadeOut(self.ask_formula), run_time=0.5)
        at = self.ask_at  # the same plane, at the same scale: nothing moves
        seg = DashedLine(at(d.x), at(d.asking.x), color=pal.muted, stroke_width=3, dash_length=0.12)
        # arrows are lit in place (scaled about their middle they would poke out past the origin)
        self.play(Create(seg), Indicate(self.ask_before, color=pal.ink, scale_factor=1.0),
                  Indicate(self.ask_final, color=pal.ink, scale_factor=1.0), run_time=1.0)
        self.shown["showing"] = "mix,heads"
        read_with(self, *self.ask_view[5], color=pal.ink)  # the names x′ and x
        # o on the same plane, with the cue that says how it is made
        o_arrow = arrow(at((0, 0)), at(o), pal.ok, width=7, tip=0.12)
        along = at(d.asking.x) - at(d.x)
        side = np.array([-along[1], along[0], 0.0]) / max(np.linalg.norm(along), 1e-9)
        if np.dot(side, at(o) - at((0, 0))) < 0:
            side = -side  # away from the origin: clear of o's own arrow
        o_name = self.txt("o", size=LABEL, color=pal.ok).next_to(at(o), side, buff=0.15)
        o_read = VGroup(self.txt(f"o = {words['how']}", size=30, color=pal.ok),
                        self.txt(f"o = ({words['o1']}, {words['o2']})", size=30, color=pal.ok))
        o_read.arrange(DOWN, buff=0.1, aligned_edge=LEFT)
        # the column right of the plane, at full size: both heads' x, then o; the card under them
        column = VGroup(self.x_first.copy(), now.copy()).arrange(DOWN, buff=0.08, aligned_edge=LEFT)
        column.move_to([COLUMN[0] + column.width / 2, COLUMN_TOP - column.height / 2, 0])
        o_read.move_to([-6.2 + o_read.width / 2, COLUMN_TOP - o_read.height / 2, 0])  # left: clear of the plane
        card = self.end_card()
        if card.width > 6.2 + HEADS_LEFT - 0.4:  # the left part, clear of the plane
            card.scale_to_fit_width(6.2 + HEADS_LEFT - 0.4)
        card.next_to(o_read, DOWN, buff=0.3).align_to(o_read, LEFT)  # left, where the key was
        self.play(self.x_first.animate.move_to(column[0]), now.animate.move_to(column[1]), run_time=0.6)
        # o and its value come with the caption that states them, never after
        mix = "" if d.head_mix is None else ",".join(f"{c:.6f}" for c in d.head_mix)
        self.caption(self.s("cap_project", **words),
                     with_=[GrowArrow(o_arrow), QuickFadeIn(o_name), FadeIn(o_read, lag_ratio=0.2)], run_time=1.2,
                     shown={"layer_out": f"{o[0]:.6f},{o[1]:.6f}", "head_mix": mix, "showing": "mix,out"})
        read_with(self, o_name, o_read, color=pal.ok)  # o keeps its own colour
        # the conclusion, one motion per cue: x ≠ x′ (the card's first line); each head's own weights (both
        # arrows); the projection into o (the card's W_O lines, o lit); the caveat about real heads (the
        # card's last lines, framed); each cue read with its own emphases, never a still stretch
        text = self.s("cap_end")
        self.caption(text)
        first, count = len(self.cues_log) - 1, len(cues(text, self.look.lang))
        lines = card[1]
        cut = max(1, len(lines) - 2)  # the last two lines: "heads are concatenated, / mixed by a learned W_O"
        steps = [([FadeIn(lines[0], shift=0.1 * UP), Indicate(self.ask_view[5], color=pal.ink)], [self.ask_view[5]]),
                 ([Indicate(self.ask_before, color=pal.ink, scale_factor=1.0),
                   Indicate(self.ask_final, color=pal.ink, scale_factor=1.0)], [self.ask_final, self.ask_before]),
                 ([*(FadeIn(m, shift=0.1 * UP) for m in lines[1:cut]), Indicate(o_arrow, color=pal.ink, scale_factor=1.0),
                   Indicate(o_read[1], color=pal.ok)], [o_read[1], VGroup(*lines[1:cut])]),
                 ([*(FadeIn(m, shift=0.1 * UP) for m in lines[cut:]), Create(card[0])], [VGroup(*lines[cut:])])]
        for k, (anims, lit) in enumerate(steps):
            self.to_cue(first + min(k, count - 1))
            self.play(*anims, run_time=0.9)
            if k < len(steps) - 1 and k < count - 1:
                read_with(self, *lit, color=pal.ink, cue=True)  # the next cue comes as this one is read
        self.shown["showing"] = "mix,end"
        read_with(self, VGroup(*lines[cut:]), o_name, color=pal.ok)

    def end_card(self) -> VGroup:
        """What the scene showed, in a few short lines in a frame: (frame, lines), built, not shown."""
        lines = VGroup(*(self.card_line(t) for t in self.s("card_end").split("\n")))
        lines.arrange(DOWN, buff=0.08, aligned_edge=LEFT)
        frame = Rectangle(width=lines.width + 0.4, height=lines.height + 0.2, stroke_color=self.pal.muted,
                          stroke_width=2).move_to(lines)
        return VGroup(frame, lines)

    def card_line(self, line: str) -> VGroup:
        """One line of the card in the language's font, one size on one baseline: each W_O is W with the
        index O set low beside it (as α′₅₂ and v₁ are drawn), never an underscore. The line is set once as
        one text; the pieces around each index are set again and put where that text has their glyphs."""
        shown = line.replace("W_O", "W\u2002\u2009")  # room after W for its index, no wider
        body = self.txt(shown, size=LABEL, color=self.pal.ink, disable_ligatures=True)
        at = [k for k in range(len(shown)) if shown.startswith("W\u2002", k)]
        if not at or len(body.submobjects) != len(shown):  # one glyph per character, spaces as empty ones
            return VGroup(body)
        parts = VGroup()
        for a, b in zip([0] + [k + 1 for k in at], [k + 1 for k in at] + [len(shown)]):
            piece = shown[a:b]
            if not piece.strip():
                continue
            first = a + len(piece) - len(piece.lstrip())  # its first glyph in the whole line
            part = self.txt(piece.strip(), size=LABEL, color=self.pal.ink, disable_ligatures=True)
            parts.add(part.shift(body[first].get_center() - part[0].get_center()))
        for k in at:
            sub = self.txt("O", size=LABEL, color=self.pal.ink)  # full size, as α′₅₂'s index
            parts.add(sub.next_to(body[k], RIGHT, buff=0.03).align_to(body[k], DOWN).shift(DOWN * sub.height * 0.35))
        return parts
