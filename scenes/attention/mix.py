"""attention_heatmap, the two heads of one layer mixed (docs/design.md §3, "two heads ... concat → W_O";
seed 003's simulator has one head, so the step is the worked example's, on the toy's numbers): the first
head's x and the second head's x′, both read out at the end of the second head, move into one stacked
vector [x; x′] of four numbers, and the output projection W_O (engine.toy.MIX_W_O, small and fixed)
turns it into the attention output o = W_O [x; x′] (engine.attention.concat_heads); the residual and
the feed-forward block follow. The heads run side by side: neither replaces the other. Mixed into scenes.attention_heatmap.AttentionHeatmap, last.
"""
from __future__ import annotations

from manim import DOWN, RIGHT, UP, Create, FadeIn, Indicate, ReplacementTransform, VGroup

from look import fmt_num
from scenes.attention.strings import short
from scenes.attention.table import LABEL
from scenes.parts.emphasis import read_with
from scenes.parts.matrix import MatrixTable
from scenes.parts.quickfade import QuickFadeIn, QuickFadeOut

EQ_Y = 0.35  # the equation's centre height
MATRIX_SIZE = 28  # matrix entries: digits well above 3 % of the frame height


class AttentionMix:
    """Needs from the scene: d (the record), pal, look, s, txt, tex, section, caption, play, shown, and
    what the second head leaves: ask_view, x_first (label, the first head's x), ask_readout (the
    first head's x group and the second head's label and x)."""

    def mix(self):
        d, pal = self.d, self.pal
        first_label, first_x = self.x_first
        now = self.ask_readout[1]  # (label, x): the second head
        words = dict(o1=fmt_num(d.layer_out[0], 4), o2=fmt_num(d.layer_out[1], 4))
        self.section("mix", self.s("cap_mix"), keep=[self.x_first, now])
        font = self.look.font
        w_o = MatrixTable([[short(v) for v in r] for r in d.W_O], font=font, font_size=MATRIX_SIZE, color=pal.ink,
                          bracket_color=pal.muted, col_gap=0.75)
        stacked = MatrixTable(d.heads_concat[:, None], font=font, decimals=4, font_size=MATRIX_SIZE,
                              color=pal.ink, bracket_color=pal.muted)
        for r in range(2):  # the second head's half in its own colour, as its x was drawn
            stacked.cell(r + 2, 0).set_color(pal.accent)
        out = MatrixTable(d.layer_out[:, None], font=font, decimals=4, font_size=MATRIX_SIZE, color=pal.accent,
                          bracket_color=pal.muted)
        lhs, eq = self.tex("o =", size=40, color=pal.accent), self.tex("=", size=40)
        row = VGroup(lhs, w_o, stacked, eq, out).arrange(RIGHT, buff=0.35).move_to([0, EQ_Y, 0])
        if row.width > 12.2:
            row.scale_to_fit_width(12.2)
        name = self.tex(r"W_O", size=38).next_to(w_o, UP, buff=0.2)
        heads = self.tex(r"\begin{pmatrix} x \\ x' \end{pmatrix}", size=34).next_to(stacked, UP, buff=0.15)
        # each name under its own piece, all on one line under the tallest (the stacked vector)
        tags = VGroup()
        for key, color, piece in zip(("fixed", "stacked", "layer_out"), (pal.muted, pal.muted, pal.accent),
                                     (w_o, stacked, out)):
            say = self.s(key)
            tag = self.txt(say, size=LABEL, color=color)
            cut = max(say.find(" ", len(say) // 2), say.find("（"))
            if "\n" not in say and tag.width > piece.width + 0.6 and cut > 0:  # a long name wraps near its middle
                tag = self.txt(say[:cut] + "\n" + say[cut:].lstrip(), size=LABEL, color=color)
            tags.add(tag.move_to([piece.get_x(), stacked.get_bottom()[1] - 0.3 - tag.height / 2, 0]))
        rest = VGroup(*(m for m in self.ask_view if m is not self.x_first and m is not now))
        # with the lead: the plane goes, the two heads' outputs stand side by side where the stack will be
        side = VGroup(self.x_first.copy(), now.copy()).arrange(RIGHT, buff=1.2, aligned_edge=DOWN)
        side.move_to([stacked.get_x(), EQ_Y, 0])
        self.play(QuickFadeOut(rest), self.x_first.animate.move_to(side[0]), now.animate.move_to(side[1]),
                  run_time=1.0)
        self.shown["showing"] = "mix,heads"
        # the two heads' outputs move into one stacked vector: side by side, neither replaces the other.
        # Each number moves whole into its cell; the names, brackets and commas around them fade.
        second = now[1]  # "x′ = (a, b)" in one Text: its glyphs, spaces left out
        n1, n2 = (fmt_num(v, 4) for v in d.asking.x)
        digits = [first_x[1], first_x[3], second[4:4 + len(n1)], second[5 + len(n1):5 + len(n1) + len(n2)]]
        kept = {id(m) for g in digits for m in g.get_family()}
        frame = VGroup(first_x[0], first_x[2], first_x[4], *(m for m in second if id(m) not in kept))
        # each number is swapped for its cell's text where it stands (the readout's digits sit in slots),
        # so what moves is one number in one font, glyph for glyph
        movers = [stacked.cell(r, 0).copy().move_to(g) for r, g in enumerate(digits)]
        for g in digits:
            g.set_opacity(0)
        self.add(*movers)
        self.play(QuickFadeOut(first_label), QuickFadeOut(now[0]), QuickFadeOut(frame),
                  *(ReplacementTransform(m, stacked.cell(r, 0)) for r, m in enumerate(movers)),
                  QuickFadeIn(VGroup(stacked.brackets, heads)),
                  run_time=1.2)
        self.remove(first_x, second, *(stacked.cell(r, 0) for r in range(4)))
        self.add(stacked)
        self.play(QuickFadeIn(tags[1]), run_time=0.4)
        self.shown["showing"] = "mix,stacked"
        self.shown["heads_concat"] = ",".join(f"{v:.6f}" for v in d.heads_concat)
        read_with(self, stacked)
        # the projection comes with its own cue, the product o with the next one
        self.caption(self.s("cap_project", **words))
        self.play(FadeIn(VGroup(lhs, w_o, name), shift=0.1 * DOWN), QuickFadeIn(tags[0]), run_time=0.8)
        # the product appears beside them with the cue that states it (no glyphs morph from the factors)
        self.until_next_cue()
        self.play(FadeIn(eq), FadeIn(out, shift=0.3 * RIGHT), QuickFadeIn(tags[2]), run_time=1.0)
        self.shown["layer_out"] = f"{d.layer_out[0]:.6f},{d.layer_out[1]:.6f}"
        self.shown["showing"] = "mix,out"
        read_with(self, w_o, stacked, out)
        self.caption(self.s("cap_end"))
        self.mix_view = VGroup(row, name, heads, tags)
        self.mix_rows(w_o, stacked, out)

    def mix_rows(self, w_o, stacked, out):
        """The ending: each number of o is one row of W_O times the stacked vector, both heads in it
        (a box on the row, the stack and the result, one row after the other); then o stays, the
        factors step back, while the last cue says what comes next."""
        pal = self.pal
        for r in range(2):
            boxes = VGroup(w_o.box_row(r, pal.accent), stacked.box_col(0, pal.accent), out.box_cell(r, 0, pal.accent))
            self.play(Create(boxes), run_time=0.6)
            self.play(Indicate(out.cell(r, 0), color=pal.accent, scale_factor=1.15), run_time=0.8)
            self.play(QuickFadeOut(boxes), run_time=0.3)
        self.shown["showing"] = "mix,rows"
        self.until_next_cue(last=True)  # the last cue: o stays, the factors step back
        self.play(VGroup(w_o, stacked).animate.fade(0.65), Indicate(out, color=pal.accent), run_time=1.2)
        read_with(self, out)
